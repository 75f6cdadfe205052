//! Markdown to HTML, safe by construction: raw HTML in a document is shown as text, and links or
//! images with a scheme other than http, https or mailto are neutralized. Event files come from
//! anyone who can open a pull request; nothing in them may become live code on the site.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, html};

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// Whether a link target is safe to publish: relative, a fragment, or http(s)/mailto.
pub fn is_safe_url(url: &str) -> bool {
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

/// Renders Markdown to sanitized HTML.
pub fn render(markdown: &str) -> String {
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
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
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
