//! The one table of markup's special characters, for everything Holonet writes as HTML or XML:
//! the pages (Tera's escape function), Markdown headings and code classes, charts, link-preview
//! cards, the Atom feed, the sitemap, and `serve`'s own pages.
//!
//! HTML and XML read the same five entities but for two differences, kept here as a parameter of
//! the one table rather than as copies of it: the apostrophe (`&#39;`, which every HTML version
//! reads, where XML has `&apos;`), and the control characters XML 1.0 cannot hold even as
//! references (left out of XML, so a feed or a card stays well-formed whatever an event file
//! holds; HTML keeps text as given). iCalendar's escaping is no markup and stays in `calendar`.

/// Escapes text for HTML content and quoted attributes. Tera's default also escapes `/`, which
/// makes every URL in the page unreadable without making anything safer.
pub(crate) fn html(text: &str) -> String {
    escape(text, Markup::Html)
}

/// Text or an attribute value as XML: the five special characters as entities, and the control
/// characters XML 1.0 does not allow (even as references) left out.
pub(crate) fn xml(text: &str) -> String {
    escape(text, Markup::Xml)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Markup {
    Html,
    Xml,
}

fn escape(text: &str, markup: Markup) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    // Copies the runs between special characters whole: most text has none.
    let mut copied = 0;
    for (at, byte) in text.bytes().enumerate() {
        let (entity, width) = match byte {
            b'&' => ("&amp;", 1),
            b'<' => ("&lt;", 1),
            b'>' => ("&gt;", 1),
            b'"' => ("&quot;", 1),
            b'\'' if markup == Markup::Html => ("&#39;", 1),
            b'\'' => ("&apos;", 1),
            _ if markup == Markup::Html => continue,
            b'\t' | b'\n' | b'\r' => continue,
            0x00..=0x1f | 0x7f => ("", 1),
            // The other characters XML cannot hold: C1 controls (U+0080 to U+009F, led by 0xC2)
            // and the noncharacters U+FFFE and U+FFFF (led by 0xEF). A lead byte is always a
            // character boundary.
            0xc2 | 0xef => match text[at..].chars().next() {
                Some(c) if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                    ("", c.len_utf8())
                }
                _ => continue,
            },
            _ => continue,
        };
        // Every entry starts at a character boundary (the five are ASCII), so `at` is one.
        out.push_str(&text[copied..at]);
        out.push_str(entity);
        copied = at + width;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::{html, xml};

    #[test]
    fn html_escapes_the_five_characters_and_leaves_the_rest() {
        assert_eq!(
            html(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
        assert_eq!(html("/rules/ffg-2018/#drops"), "/rules/ffg-2018/#drops");
        assert_eq!(html(""), "");
        assert_eq!(html("&"), "&amp;");
        // Multi-byte characters next to escaped ones are copied whole.
        assert_eq!(html("Zoë<Łukasz>–ß&日本"), "Zoë&lt;Łukasz&gt;–ß&amp;日本");
        // HTML keeps control characters as given.
        assert_eq!(html("a\u{1}\u{85}\u{FFFF}b"), "a\u{1}\u{85}\u{FFFF}b");
    }

    #[test]
    fn xml_covers_markup_and_drops_what_xml_cannot_hold() {
        assert_eq!(
            xml("A & B <c> \"d\" 'e'\u{1}\tf"),
            "A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;\tf"
        );
        assert_eq!(
            xml("\u{0}a\u{7f}\u{80}b\u{9f}\u{a0}Ω\u{FFFE}日\u{FFFF}\u{FFFD}\r\n"),
            "ab\u{a0}Ω日\u{FFFD}\r\n"
        );
    }

    /// The byte scan drops exactly what a scan of characters would: every character of the
    /// lead bytes it looks at, and the ASCII range.
    #[test]
    fn xml_drops_the_same_characters_as_a_scan_of_characters() {
        let forbidden = |c: char| {
            !matches!(c, '\t' | '\n' | '\r')
                && (c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}')
        };
        let chars = (0..0x800u32)
            .chain(0xE000..=0xFFFF)
            .filter_map(char::from_u32);
        for c in chars {
            let text = format!("a{c}b");
            let expected = if forbidden(c) {
                "ab".to_string()
            } else {
                match c {
                    '&' | '<' | '>' | '"' | '\'' => continue,
                    _ => text.clone(),
                }
            };
            assert_eq!(xml(&text), expected, "U+{:04X}", u32::from(c));
        }
    }
}
