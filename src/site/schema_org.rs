//! schema.org `Event` data for event pages, as JSON-LD in a `<script type="application/ld+json">`
//! element, so that search engines and link previews can read the event's name, dates and place.
//!
//! The JSON is made here with serde rather than written in the template: a template would have
//! to quote and escape every value by hand, and the names come from event files. Inside strings,
//! the serializer writes `<`, `>`, `&`, `'` and `"` as `\u003c`, `\u003e`, `\u0026`, `\u0027` and
//! `\u0022` (the same JSON strings), so the text holds no character HTML gives a meaning to and
//! nothing in it can close the script element, whatever a name holds.

use serde::Serialize;

use super::addresses::event_path;
use super::model::{SiteView, date_text};
use crate::event::Event;
use crate::rules::computed::Computed;

#[derive(Serialize)]
struct EventLd<'a> {
    #[serde(rename = "@context")]
    context: &'static str,
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    #[serde(rename = "startDate")]
    start_date: String,
    #[serde(rename = "endDate")]
    end_date: String,
    /// Every event in the archive took place (or will) as its file says: no file records a
    /// cancellation, so the status is always `EventScheduled`.
    #[serde(rename = "eventStatus")]
    event_status: &'static str,
    #[serde(rename = "eventAttendanceMode")]
    attendance_mode: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    location: Option<PlaceLd<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    organizer: Option<NamedLd<'a>>,
    url: String,
    description: String,
}

#[derive(Serialize)]
struct PlaceLd<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    address: Option<&'a str>,
}

#[derive(Serialize)]
struct NamedLd<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
}

/// The event's JSON-LD, ready to be placed between `<script type="application/ld+json">` and
/// `</script>` without further escaping.
///
/// The place is named by the venue (or the town when there is no venue) with the town as its
/// address; the organizer is an `Organization`, since the file does not say whether it names a
/// person or a club. The description is the event's own, as plain text, or else the page's
/// one-line summary.
pub(crate) fn event_json_ld(site: &SiteView, event: &Event, computed: &Computed) -> String {
    let info = &event.info;
    let location = match (info.venue.as_deref(), info.location.as_deref()) {
        (Some(venue), address) => Some(PlaceLd {
            kind: "Place",
            name: venue,
            address,
        }),
        (None, Some(town)) => Some(PlaceLd {
            kind: "Place",
            name: town,
            address: Some(town),
        }),
        (None, None) => None,
    };
    let description = info
        .description
        .as_deref()
        .map(super::markdown::plain_text)
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| {
            format!(
                "{} – {}, {}",
                info.name,
                date_text(event),
                computed.ruleset.name
            )
        });
    let ld = EventLd {
        context: "https://schema.org",
        kind: "Event",
        name: &info.name,
        start_date: info.date.iso(),
        end_date: info.end_date.unwrap_or(info.date).iso(),
        event_status: "https://schema.org/EventScheduled",
        attendance_mode: "https://schema.org/OfflineEventAttendanceMode",
        location,
        organizer: info.organizer.as_deref().map(|name| NamedLd {
            kind: "Organization",
            name,
        }),
        url: site.absolute(&event_path(event)),
        description,
    };
    to_script_json(&ld)
}

/// Serializes `value` as JSON that can sit inside a `<script>` element as it is.
fn to_script_json<T: Serialize>(value: &T) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, ScriptSafe);
    value
        .serialize(&mut serializer)
        .expect("plain data serializes");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// serde_json's compact output, but inside strings the characters HTML gives a meaning to, and
/// the two line separators older JavaScript parsers refuse, are `\u` escapes. Structural quotes
/// are written by `begin_string` and `end_string`, so only quotes inside strings change.
struct ScriptSafe;

impl serde_json::ser::Formatter for ScriptSafe {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut rest = fragment;
        while let Some(i) = rest.find(['<', '>', '&', '\'', '\u{2028}', '\u{2029}']) {
            writer.write_all(&rest.as_bytes()[..i])?;
            let c = rest[i..].chars().next().expect("a character at i");
            write!(writer, "\\u{:04x}", u32::from(c))?;
            rest = &rest[i + c.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }

    fn write_char_escape<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        char_escape: serde_json::ser::CharEscape,
    ) -> std::io::Result<()> {
        use serde_json::ser::CharEscape;
        match char_escape {
            CharEscape::Quote => writer.write_all(b"\\u0022"),
            other => serde_json::ser::CompactFormatter.write_char_escape(writer, other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_reads_back_the_same() {
        let hostile = "</script><script>alert(1)</script> & \"Q's\" \\ \u{2028}\n";
        let safe = to_script_json(&serde_json::json!({ "name": hostile }));
        assert_eq!(
            safe,
            "{\"name\":\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\u0022Q\\u0027s\\u0022 \\\\ \\u2028\\n\"}"
        );
        assert!(!safe.contains(['<', '>', '&', '\'']));
        let back: serde_json::Value = serde_json::from_str(&safe).expect("still JSON");
        assert_eq!(back["name"], hostile);
    }
}
