//! Markdown to HTML, safe by construction: raw HTML in a document is shown as text, links or
//! images with a scheme other than http, https or mailto are neutralized, and headings keep their
//! `{#id}` but no other attribute. Every other attribute pulldown-cmark writes is its own (table
//! alignment, footnote ids, code languages) with the text escaped. Event files come from
//! anyone who can open a pull request; nothing in them may become live code on the site.

use pulldown_cmark::{
    CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, html,
};
use serde::Serialize;

use super::escape;

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// Whether a link target is safe to publish: relative, a fragment, or http(s)/mailto.
fn is_safe_url(url: &str) -> bool {
    let trimmed: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect();
    match trimmed.find(':') {
        None => true,
        Some(colon) => {
            let before = &trimmed[..colon];
            // A colon after a path, query or fragment start is not a scheme.
            if before.contains(['/', '?', '#']) {
                return true;
            }
            matches!(
                before.to_ascii_lowercase().as_str(),
                "http" | "https" | "mailto"
            )
        }
    }
}

fn safe(url: CowStr<'_>) -> CowStr<'_> {
    if is_safe_url(&url) {
        url
    } else {
        CowStr::Borrowed("#")
    }
}

/// Renders Markdown to sanitized HTML (an event's report, a player's notes): headings keep
/// only the `{#id}` written for them, since the page around them has ids of its own.
pub(crate) fn render(markdown: &str) -> String {
    let events: Vec<Event<'_>> = Parser::new_ext(markdown, options()).map(sanitize).collect();
    to_html(markdown.len(), events)
}

/// One section heading of a page, for its table of contents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Heading {
    /// 2 or 3.
    pub(crate) level: u8,
    pub(crate) id: String,
    /// The heading's words, as plain text.
    pub(crate) text: String,
}

/// Renders a whole page of Markdown (a content or reference page) to sanitized HTML: every
/// heading gets an id (its `{#id}`, or one made from its words) and a link to itself, so any
/// section can be linked to, and the headings of levels 2 and 3 come back in order for the
/// page's table of contents.
pub(crate) fn render_page(markdown: &str) -> (String, Vec<Heading>) {
    let mut events: Vec<Event<'_>> = Parser::new_ext(markdown, options()).map(sanitize).collect();
    let mut outline = Vec::new();
    let mut taken: std::collections::BTreeSet<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
            _ => None,
        })
        .collect();
    let mut i = 0;
    while i < events.len() {
        let Event::Start(Tag::Heading { level, id, .. }) = &events[i] else {
            i += 1;
            continue;
        };
        let level = *level;
        let end = events[i..]
            .iter()
            .position(|e| matches!(e, Event::End(TagEnd::Heading(_))))
            .map_or(events.len(), |n| i + n);
        let text: String = events[i..end]
            .iter()
            .filter_map(|e| match e {
                Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                _ => None,
            })
            .collect();
        let id = match id {
            Some(id) => id.to_string(),
            None => {
                let made = unique_id(&text, &mut taken);
                if let Event::Start(Tag::Heading { id, .. }) = &mut events[i] {
                    *id = Some(CowStr::from(made.clone()));
                }
                made
            }
        };
        if matches!(level, HeadingLevel::H2 | HeadingLevel::H3) {
            outline.push(Heading {
                level: if level == HeadingLevel::H2 { 2 } else { 3 },
                id: id.clone(),
                text: text.clone(),
            });
        }
        // A link to the section itself, after its words: named for readers of a screen reader,
        // a quiet `#` for the eye.
        let anchor = format!(
            " <a class=\"anchor\" href=\"#{}\" aria-label=\"Link to the section {}\">#</a>",
            escape::html(&id),
            escape::html(&text)
        );
        events.insert(end, Event::Html(CowStr::from(anchor)));
        i = end + 2;
    }
    (to_html(markdown.len(), events), outline)
}

/// An id made from a heading's words (`Tables and byes` -> `tables-and-byes`), unlike any
/// taken: a number is added to a second heading of the same words.
fn unique_id(text: &str, taken: &mut std::collections::BTreeSet<String>) -> String {
    let base = crate::event::ids::id_from_name(text);
    let base = if base.is_empty() {
        "section".to_string()
    } else {
        base
    };
    let mut id = base.clone();
    let mut n = 2;
    while taken.contains(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    taken.insert(id.clone());
    id
}

/// Writes the events as HTML; a code block is a `<pre>` that scrolls sideways rather than
/// wrapping its lines (a wrapped TOML comment reads as code), and can take the keyboard's focus
/// so that it can be scrolled without a mouse.
fn to_html(size: usize, events: Vec<Event<'_>>) -> String {
    let events = events.into_iter().map(|event| match event {
        Event::Start(Tag::CodeBlock(kind)) => {
            let class = match &kind {
                CodeBlockKind::Fenced(lang) if !lang.is_empty() => {
                    let lang = lang.split([' ', ',']).next().unwrap_or_default();
                    format!(" class=\"language-{}\"", escape::html(lang))
                }
                _ => String::new(),
            };
            Event::Html(CowStr::from(format!("<pre tabindex=\"0\"><code{class}>")))
        }
        Event::End(TagEnd::CodeBlock) => Event::Html(CowStr::Borrowed("</code></pre>\n")),
        other => other,
    });
    let mut out = String::with_capacity(size * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// Makes one event safe to publish (see the module's comment).
fn sanitize(event: Event<'_>) -> Event<'_> {
    match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        // `{#anchor}` gives a heading its id; classes and `key=value` attributes would be written
        // as they are (`{onclick=...}`, `{style=...}`), so only the id is kept.
        Event::Start(Tag::Heading {
            level,
            id,
            classes: _,
            attrs: _,
        }) => Event::Start(Tag::Heading {
            level,
            id,
            classes: Vec::new(),
            attrs: Vec::new(),
        }),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Link {
            link_type,
            dest_url: safe(dest_url),
            title,
            id,
        }),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Image {
            link_type,
            dest_url: safe(dest_url),
            title,
            id,
        }),
        other => other,
    }
}

/// Markdown as plain text, for places that cannot hold markup (the calendar's descriptions, the
/// structured data of event pages): the words of each block, links reduced to their text, raw
/// HTML kept as the text it is, list items on lines of their own after `- `, and a blank line
/// between blocks. The result still needs the escaping of wherever it goes.
pub(crate) fn plain_text(markdown: &str) -> String {
    /// Ends the current line and makes sure `newlines` line breaks follow the text so far.
    fn break_after(out: &mut String, newlines: usize) {
        let kept = out.trim_end_matches([' ', '\t']).len();
        out.truncate(kept);
        if out.is_empty() {
            return;
        }
        let have = out.len() - out.trim_end_matches('\n').len();
        for _ in have..newlines {
            out.push('\n');
        }
    }
    let mut out = String::with_capacity(markdown.len());
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(text)
            | Event::Code(text)
            | Event::Html(text)
            | Event::InlineHtml(text)
            | Event::InlineMath(text)
            | Event::DisplayMath(text) => out.push_str(&text),
            Event::FootnoteReference(label) => {
                out.push('[');
                out.push_str(&label);
                out.push(']');
            }
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => break_after(&mut out, 1),
            Event::Start(Tag::Item) => {
                break_after(&mut out, 1);
                out.push_str("- ");
            }
            Event::End(TagEnd::TableCell) => out.push(' '),
            Event::End(TagEnd::Item | TagEnd::TableHead | TagEnd::TableRow) => {
                break_after(&mut out, 1);
            }
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::BlockQuote(_)
                | TagEnd::CodeBlock
                | TagEnd::HtmlBlock
                | TagEnd::List(_)
                | TagEnd::Table
                | TagEnd::FootnoteDefinition,
            )
            | Event::Rule => break_after(&mut out, 2),
            _ => {}
        }
    }
    let kept = out.trim_end().len();
    out.truncate(kept);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_gets_section_ids_links_to_them_and_an_outline() {
        let (html, outline) = render_page(
            "## Tables & byes\n\ntext\n\n### `pair` {#pair}\n\n## Tables & byes\n\n# Top\n",
        );
        assert_eq!(
            outline,
            vec![
                Heading {
                    level: 2,
                    id: "tables-byes".into(),
                    text: "Tables & byes".into()
                },
                Heading {
                    level: 3,
                    id: "pair".into(),
                    text: "pair".into()
                },
                Heading {
                    level: 2,
                    id: "tables-byes-2".into(),
                    text: "Tables & byes".into()
                },
            ]
        );
        assert!(html.contains(
            "<h2 id=\"tables-byes\">Tables &amp; byes <a class=\"anchor\" href=\"#tables-byes\" aria-label=\"Link to the section Tables &amp; byes\">#</a></h2>"
        ), "{html}");
        assert!(
            html.contains("<h1 id=\"top\">"),
            "every heading can be linked to"
        );
        // A heading's words cannot break out of the link's label.
        let (html, _) = render_page("## a\" onmouseover=\"x\n");
        assert!(
            html.contains("aria-label=\"Link to the section a&quot; onmouseover=&quot;x\""),
            "{html}"
        );
    }

    #[test]
    fn code_blocks_scroll_and_take_the_focus() {
        let html = render("```toml\n# a long comment\nx = 1\n```\n\n```\"><script>\nplain\n```\n");
        assert!(
            html.contains("<pre tabindex=\"0\"><code class=\"language-toml\"># a long comment\n")
        );
        assert!(!html.contains("<script>"), "{html}");
    }

    #[test]
    fn a_report_keeps_only_the_ids_written_for_it() {
        assert_eq!(render("## Standings\n"), "<h2>Standings</h2>\n");
    }

    #[test]
    fn plain_text_keeps_words_and_drops_markup() {
        assert_eq!(
            plain_text(
                "A **formal** [Regional](https://x.org/) on\nthe `2018` rules.\n\n- one\n- two\n\n<b>raw</b>\n"
            ),
            "A formal Regional on the 2018 rules.\n\n- one\n- two\n\n<b>raw</b>"
        );
        assert_eq!(
            plain_text("# Title\nLine one  \nline two"),
            "Title\n\nLine one\nline two"
        );
        assert_eq!(plain_text(""), "");
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        let out = render("Hello <script>alert(1)</script> and <img src=x onerror=alert(1)>");
        assert!(!out.contains("<script"), "{out}");
        assert!(!out.contains("<img"), "{out}");
        assert!(out.contains("&lt;script&gt;"), "{out}");
    }

    #[test]
    fn block_html_is_shown_as_text() {
        let out = render("<div onclick=\"x()\">hi</div>\n");
        assert!(!out.contains("<div"), "{out}");
    }

    #[test]
    fn dangerous_link_schemes_are_neutralized() {
        let out = render(
            "[a](javascript:alert(1)) [b](JaVaScRiPt:x) [c](data:text/html,x) ![d](vbscript:x)",
        );
        assert!(!out.to_lowercase().contains("javascript:"), "{out}");
        assert!(!out.contains("data:"), "{out}");
        assert!(!out.contains("vbscript:"), "{out}");
    }

    #[test]
    fn heading_attributes_other_than_the_id_are_dropped() {
        let out = render("# Hi {#x onclick=alert(1) .c style=color:red}\n## Ho {onmouseover=x}\n");
        assert_eq!(out, "<h1 id=\"x\">Hi</h1>\n<h2>Ho</h2>\n");
    }

    #[test]
    fn every_way_of_spelling_a_dangerous_scheme_is_neutralized() {
        for md in [
            "[a](<javascript:alert(1)>)",
            "<javascript:alert(1)>",
            "[a]: javascript:x\n\n[a]",
            "[x](java&#x09;script:alert(1))",
            "[x](&#106;avascript:alert(1))",
            "[x](javascript&colon;alert(1))",
            "[x]( JAVASCRIPT:alert(1))",
            "![x](data:image/svg+xml;base64,PHN2Zz4=)",
            "[x](vbscript:msgbox)",
        ] {
            let out = render(md).to_lowercase();
            for scheme in ["javascript:", "data:", "vbscript:"] {
                assert!(!out.contains(&format!("href=\"{scheme}")), "{md}: {out}");
                assert!(!out.contains(&format!("src=\"{scheme}")), "{md}: {out}");
            }
        }
    }

    #[test]
    fn ordinary_links_and_anchors_survive() {
        let out = render(
            "[a](https://x.org/) [b](../about/) [c](#top) [d](mailto:a@b.c)\n\n## Title {#anchor}\n",
        );
        assert!(out.contains("href=\"https://x.org/\""));
        assert!(out.contains("href=\"../about/\""));
        assert!(out.contains("href=\"#top\""));
        assert!(out.contains("href=\"mailto:a@b.c\""));
        assert!(out.contains("<h2 id=\"anchor\">Title</h2>"));
    }
}
