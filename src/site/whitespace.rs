//! Drops the indentation that templates leave in every page.
//!
//! Templates are indented for their readers, and a big event's page repeats each indented line
//! once per table and player: about one byte in twelve of the output is indentation. Between
//! tags, a run of white space renders as one space whatever its length, so a run that holds a
//! line break becomes that line break alone and the page looks exactly as before. Text whose
//! white space is kept as written (`pre`, `textarea`), scripts and style sheets, and the inside
//! of tags are copied as they are.

/// Elements whose content is copied unchanged.
const VERBATIM: [&str; 4] = ["pre", "textarea", "script", "style"];

/// `html` with every run of white space that holds a line break, outside tags and verbatim
/// elements, shortened to a single line break.
pub fn collapse(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        collapse_text(&rest[..start], &mut out);
        rest = &rest[start..];
        let tag_end = tag_end(rest);
        let tag = &rest[..tag_end];
        out.push_str(tag);
        rest = &rest[tag_end..];
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
            collapse("<ul>\n    <li>a</li>\n\n    <li>b</li>\n</ul>\n"),
            "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"
        );
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
