//! Drops what templates write for their readers and browsers do not need: the indentation, and
//! the end tags HTML lets a page leave out.
//!
//! - **Indentation.** Templates are indented for their readers, and a big event's page repeats
//!   each indented line once per table and player: about one byte in twelve of the output is
//!   indentation. Between tags, a run of white space renders as one space whatever its length,
//!   so a run that holds a line break becomes that line break alone and the page looks exactly
//!   as before.
//! - **Optional end tags.** HTML lets a page leave out the end tag of a table cell, list item,
//!   or description term and details, where the next tag closes the element anyway (the
//!   standard's "optional tags": `</td>` before another cell or the row's end, `</li>` before
//!   another item or the list's end, …). Tables and lists are most of a big archive's bytes, and
//!   these tags about one byte in twenty; the document each page parses to is the same. The
//!   white space after a left-out cell's end tag goes too (it would end up inside the cell);
//!   after a list item's it stays, since lists may be laid out in a line.
//!
//! Text whose white space is kept as written (`pre`, `textarea`), scripts and style sheets, and
//! the inside of tags are copied as they are.

/// The tags that close a table cell: the next cell, the end of its row, or (the row's end tag
/// left out) the next row, a table part, or the table's end.
const CELL_FOLLOWERS: &[&str] = &[
    "td", "th", "/tr", "tr", "tbody", "/tbody", "tfoot", "/tfoot", "/thead", "/table",
];

/// Elements whose content is copied unchanged.
const VERBATIM: [&str; 4] = ["pre", "textarea", "script", "style"];

/// End tags that may be left out, each with the tags (`name` for a start tag, `/name` for an
/// end tag) that may follow it in the page as written when it is, and whether the white space
/// after it goes with it.
///
/// A row's end tag (and a table head's and body's) is kept, though HTML would allow leaving it
/// out: the white space after it would land in the row's last cell, where an empty cell would no
/// longer be `:empty` to the style sheet, and without it a table's rows would run on one line of
/// the page's source.
///
/// A cell's end tag also goes before the next row, a table part or the table's end: written
/// there, the template left the row's end tag out, so nothing more is in the row.
const OPTIONAL_END_TAGS: [(&str, &[&str], bool); 5] = [
    ("</td>", CELL_FOLLOWERS, true),
    ("</th>", CELL_FOLLOWERS, true),
    ("</li>", &["li", "/ul", "/ol", "/menu"], false),
    ("</dt>", &["dt", "dd"], false),
    // A group of a term and its description in a `div` ends with the description: nothing
    // more is in the description's parent.
    ("</dd>", &["dd", "dt", "/dl", "/div"], false),
];

/// `html` with every run of white space that holds a line break, outside tags and verbatim
/// elements, shortened to a single line break, and the end tags HTML lets a page leave out
/// left out.
pub(crate) fn collapse(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        collapse_text(&rest[..start], &mut out);
        rest = &rest[start..];
        let tag_end = tag_end(rest);
        let tag = &rest[..tag_end];
        rest = &rest[tag_end..];
        if let Some(drop_space) = left_out(tag, rest) {
            if drop_space {
                rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
            }
            continue;
        }
        out.push_str(tag);
        if let Some(name) = verbatim_element(tag) {
            let close = format!("</{name}");
            let end = rest.find(&close).unwrap_or(rest.len());
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    collapse_text(rest, &mut out);
    out
}

/// Copies text to `out`, each white-space run with a line break in it shortened to `\n`. Works
/// on bytes and copies whole stretches: ASCII white space never occurs inside a multi-byte
/// character, so every cut falls between characters.
fn collapse_text(text: &str, out: &mut String) {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let run = &bytes[start..i];
        if run.len() > 1 && run.contains(&b'\n') {
            out.push_str(&text[copied..start]);
            out.push('\n');
            copied = i;
        }
    }
    out.push_str(&text[copied..]);
}

/// Whether the end tag `tag`, followed by `after`, may be left out, and if so whether the white
/// space after it goes too.
fn left_out(tag: &str, after: &str) -> Option<bool> {
    let (_, followers, drop_space) = OPTIONAL_END_TAGS.iter().find(|(t, ..)| *t == tag)?;
    let next = after.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let next = next.strip_prefix('<')?;
    let name_len = next
        .char_indices()
        .skip(usize::from(next.starts_with('/')))
        .find(|(_, c)| !c.is_ascii_alphanumeric())
        .map_or(next.len(), |(i, _)| i);
    let name = &next[..name_len];
    followers
        .iter()
        .any(|f| f.eq_ignore_ascii_case(name))
        .then_some(*drop_space)
}

/// The length of the tag (or comment) that `s` starts with, quotes respected; all of `s` when
/// it is not closed.
fn tag_end(s: &str) -> usize {
    if s.starts_with("<!--") {
        return s.find("-->").map_or(s.len(), |i| i + 3);
    }
    let mut quote: Option<char> = None;
    for (i, c) in s.char_indices().skip(1) {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return i + 1,
            _ => {}
        }
    }
    s.len()
}

/// The name of the verbatim element that `tag` opens, if it opens one.
fn verbatim_element(tag: &str) -> Option<&'static str> {
    let name = tag.strip_prefix('<')?;
    VERBATIM.into_iter().find(|v| {
        name.len() > v.len()
            && name[..v.len()].eq_ignore_ascii_case(v)
            && matches!(name.as_bytes()[v.len()], b'>' | b' ' | b'\t' | b'\n' | b'/')
    })
}

#[cfg(test)]
mod tests {
    use super::collapse;

    #[test]
    fn indentation_between_tags_becomes_one_line_break() {
        assert_eq!(
            collapse("<div>\n    <p>a</p>\n\n    <p>b</p>\n</div>\n"),
            "<div>\n<p>a</p>\n<p>b</p>\n</div>\n"
        );
    }

    #[test]
    fn optional_end_tags_are_left_out_where_the_next_tag_closes_the_element() {
        let table = "<table>\n<thead>\n<tr>\n<th>A</th>\n<th>B</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td><a href=\"x\">2</a></td>\n</tr>\n<tr>\n<td></td>\n</tr>\n</tbody>\n</table>\n";
        assert_eq!(
            collapse(table),
            "<table>\n<thead>\n<tr>\n<th>A<th>B</tr>\n</thead>\n<tbody>\n<tr>\n<td>1<td><a href=\"x\">2</a></tr>\n<tr>\n<td></tr>\n</tbody>\n</table>\n"
        );
        // Rows written without their end tags: a cell ends at the next row or the table's end.
        assert_eq!(
            collapse(
                "<table><tbody><tr><th>a</th>\n<tr><td>b</td>\n</tbody><tbody><tr><td>c</td></table>"
            ),
            "<table><tbody><tr><th>a<tr><td>b</tbody><tbody><tr><td>c</table>"
        );
        // A list item keeps the white space after it (items laid out in a line stay apart).
        assert_eq!(
            collapse("<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<dl><dt>x</dt><dd>y</dd></dl>"),
            "<ul>\n<li>a\n<li>b\n</ul>\n<dl><dt>x<dd>y</dl>"
        );
        // A description ends a term's group (`div`) in a list.
        assert_eq!(
            collapse("<dl><div><dt>x</dt><dd>y</dd></div><div><dt>z</dt><dd>w</dd></div></dl>"),
            "<dl><div><dt>x<dd>y</div><div><dt>z<dd>w</div></dl>"
        );
    }

    #[test]
    fn an_end_tag_stays_where_the_next_tag_would_not_close_its_element() {
        for (html, kept) in [
            ("<td>a</td><!-- note --><td>b", "</td>"),
            ("<li>a</li><p>b</p>", "</li>"),
            ("<td>a</td><caption>c</caption>", "</td>"),
            ("<ul><li>a</li>", "</li>"),
            ("<td>a</td><tdx>", "</td>"),
            ("<dl><dt>a</dt><p>b</p></dl>", "</dt>"),
        ] {
            assert!(collapse(html).contains(kept), "{html}");
        }
    }

    #[test]
    fn spaces_on_one_line_are_kept() {
        let html = "<p>Round  3 · <a href=\"x\">next</a> </p>";
        assert_eq!(collapse(html), html);
    }

    #[test]
    fn preformatted_text_scripts_and_tags_are_copied_unchanged() {
        let html = "<div>\n  <pre><code>a\n    b\n</code></pre>\n  <script>\nlet s = `x\n   y`;\n</script>\n  <textarea>\n  t\n</textarea>\n  <a title=\"one\n   two\" href=\"#\">x</a>\n</div>";
        assert_eq!(
            collapse(html),
            "<div>\n<pre><code>a\n    b\n</code></pre>\n<script>\nlet s = `x\n   y`;\n</script>\n<textarea>\n  t\n</textarea>\n<a title=\"one\n   two\" href=\"#\">x</a>\n</div>"
        );
    }

    #[test]
    fn a_quoted_angle_bracket_does_not_end_a_tag() {
        let html = "<a title=\"a > b\n   c\">x</a>\n   <b>y</b>";
        assert_eq!(collapse(html), "<a title=\"a > b\n   c\">x</a>\n<b>y</b>");
    }

    #[test]
    fn comments_and_unclosed_input_survive() {
        assert_eq!(collapse("<!-- a\n   b -->\n  x"), "<!-- a\n   b -->\nx");
        assert_eq!(collapse("text <unclosed\n   "), "text <unclosed\n   ");
        assert_eq!(collapse(""), "");
    }

    #[test]
    fn a_tag_named_like_a_verbatim_one_is_not_verbatim() {
        assert_eq!(
            collapse("<precise>\n  a\n</precise>\n  b"),
            "<precise>\na\n</precise>\nb"
        );
    }
}
