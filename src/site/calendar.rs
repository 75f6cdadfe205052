//! The iCalendar file of coming events (`calendar.ics`, RFC 5545), to subscribe to from a
//! calendar application: every upcoming or running event as an all-day `VEVENT`.
//!
//! It is written here rather than through a Tera template because the format's rules are about
//! bytes, not markup: lines end in CRLF, text values escape `\`, `;`, `,` and line breaks, and
//! any line longer than 75 octets is folded, never inside a UTF-8 character.
//!
//! The output depends on the event files alone. `DTSTAMP` (required in every `VEVENT`) would
//! usually be the moment the file was made; from the clock, every build would differ and rewrite
//! the file. It is the event's first day at midnight UTC instead: fixed as long as the event's
//! date is, and changed with it.

use std::fmt::Write;

use super::addresses::event_path;
use super::model::SiteView;
use crate::event::{Date, Event};
use crate::load::held::HeldEvent;
use crate::rules::computed::{Computed, Status};

/// Identifies the program that made the calendar.
const PRODID: &str = "-//Holonet//Holonet tournament archive//EN";

/// The events the calendar lists: upcoming and running ones (a running event stays in the
/// calendars that show it until it is finished), soonest first, then by address.
pub(crate) fn listed(events: &[HeldEvent]) -> Vec<&HeldEvent> {
    let mut listed: Vec<&HeldEvent> = events
        .iter()
        .filter(|held| matches!(held.status, Status::Upcoming | Status::Running))
        .collect();
    listed.sort_by(|a, b| (a.first_day, &a.slug).cmp(&(b.first_day, &b.slug)));
    listed
}

/// The whole calendar, CRLF line endings and folding included.
pub(crate) fn calendar(site: &SiteView, events: &[HeldEvent]) -> String {
    let host = host(&site.base_url);
    let mut out = String::new();
    let mut line = |name: &str, value: &str| out.push_str(&fold(&format!("{name}:{value}")));
    line("BEGIN", "VCALENDAR");
    line("VERSION", "2.0");
    line("PRODID", PRODID);
    line("CALSCALE", "GREGORIAN");
    line(
        "X-WR-CALNAME",
        &text(&format!("{}: upcoming events", site.title)),
    );
    for held in listed(events) {
        let (event, computed) = &held.open();
        let info = &event.info;
        line("BEGIN", "VEVENT");
        line("UID", &text(&format!("{}@{host}", event.slug)));
        line("DTSTAMP", &format!("{}T000000Z", compact(info.date)));
        line("DTSTART;VALUE=DATE", &compact(info.date));
        // An all-day event ends on the day after its last (the end is not included).
        let last = info.end_date.unwrap_or(info.date);
        line("DTEND;VALUE=DATE", &compact(last.next_day()));
        line("SUMMARY", &text(&info.name));
        let place: Vec<&str> = [info.venue.as_deref(), info.location.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        if !place.is_empty() {
            line("LOCATION", &text(&place.join(", ")));
        }
        let url = site.absolute(&event_path(event));
        line("URL", &uri(&url));
        line("DESCRIPTION", &text(&description(event, computed, &url)));
        line("END", "VEVENT");
    }
    line("END", "VCALENDAR");
    out
}

/// The plain-text description of an event: its own description, then the rules, the organizer,
/// the number registered and the page's address.
fn description(event: &Event, computed: &Computed, url: &str) -> String {
    let info = &event.info;
    let mut parts = Vec::new();
    if let Some(d) = info.description.as_deref() {
        let plain = super::markdown::plain_text(d);
        if !plain.is_empty() {
            parts.push(plain);
        }
    }
    let mut facts = format!("Rules: {}, {}", computed.ruleset.name, info.format);
    if let Some(variant) = &info.variant {
        let _ = write!(facts, ", {variant}");
    }
    if let Some(tier) = &info.tier {
        let _ = write!(facts, ", {tier} tier");
    }
    if let Some(organizer) = &info.organizer {
        let _ = write!(facts, "\nOrganizer: {organizer}");
    }
    let count = crate::rules::compute::entrants(&event.players);
    let noun = if event.is_team() { "team" } else { "player" };
    let _ = write!(
        facts,
        "\nRegistered: {count} {noun}{}",
        if count == 1 { "" } else { "s" }
    );
    if let Some(website) = &info.url {
        let _ = write!(facts, "\nWebsite: {website}");
    }
    let _ = write!(facts, "\nDetails: {url}");
    parts.push(facts);
    parts.join("\n\n")
}

/// `YYYYMMDD`, the form of an iCalendar DATE.
fn compact(day: Date) -> String {
    format!("{:04}{:02}{:02}", day.year, day.month, day.day)
}

/// The host of `base_url` (no port or user), which makes each `UID` unique across sites;
/// `holonet.invalid` when `base_url` is only a path.
fn host(base_url: &str) -> String {
    base_url
        .split_once("://")
        .map(|(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or(""))
        .map(|authority| authority.rsplit('@').next().unwrap_or(""))
        .map(|host| match host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => host,
        })
        .filter(|h| !h.is_empty())
        .unwrap_or("holonet.invalid")
        .to_ascii_lowercase()
}

/// A TEXT value (RFC 5545, 3.3.11): `\`, `;` and `,` escaped with a backslash, each line break
/// (LF, CRLF or CR) written `\n`, and other control characters but tab left out.
pub(crate) fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\\n");
            }
            '\t' => out.push('\t'),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A URI value: used as it is, minus any control character (which no address may hold).
fn uri(value: &str) -> String {
    value.chars().filter(|c| !c.is_control()).collect()
}

/// One content line, folded (RFC 5545, 3.1): after at most 75 octets the line breaks with CRLF
/// and goes on after a single space, which counts towards the next 75; a UTF-8 character is never
/// split. Ends with CRLF.
pub(crate) fn fold(line: &str) -> String {
    const MAX: usize = 75;
    let mut out = String::with_capacity(line.len() + line.len() / 25 + 2);
    let mut width = 0;
    for c in line.chars() {
        let octets = c.len_utf8();
        if width + octets > MAX {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += octets;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Undoes folding: a CRLF followed by a space or tab joins the lines.
    fn unfold(folded: &str) -> String {
        folded.replace("\r\n ", "").replace("\r\n\t", "")
    }

    #[test]
    fn text_values_escape_the_four_special_cases() {
        assert_eq!(
            text("a,b;c\\d\ne\r\nf\rg\u{0}h\ti"),
            "a\\,b\\;c\\\\d\\ne\\nf\\ngh\ti"
        );
        assert_eq!(text("Café Zoë"), "Café Zoë");
    }

    #[test]
    fn short_lines_are_left_whole() {
        assert_eq!(fold("VERSION:2.0"), "VERSION:2.0\r\n");
        let exactly = format!("SUMMARY:{}", "a".repeat(67));
        assert_eq!(exactly.len(), 75);
        assert_eq!(fold(&exactly), format!("{exactly}\r\n"));
    }

    #[test]
    fn long_lines_fold_at_75_octets() {
        // 8 + 70 octets: 67 letters fill the first line, 3 go on after the space.
        let line = format!("SUMMARY:{}", "a".repeat(70));
        assert_eq!(
            fold(&line),
            format!("SUMMARY:{}\r\n aaa\r\n", "a".repeat(67))
        );
    }

    #[test]
    fn a_fold_never_splits_a_utf8_character() {
        // 8 + 66 = 74 octets; `é` (2 octets) would end at 76, so it starts the next line.
        let line = format!("SUMMARY:{}é", "a".repeat(66));
        assert_eq!(fold(&line), format!("SUMMARY:{}\r\n é\r\n", "a".repeat(66)));
    }

    #[test]
    fn a_200_character_summary_folds_and_unfolds_back() {
        // 200 characters of 1, 2, 3 and 4 octets.
        let summary: String = "Zoë's Kessel Run € 🂡 ".chars().cycle().take(200).collect();
        assert_eq!(summary.chars().count(), 200);
        assert_eq!(text(&summary), summary, "nothing in it needs escaping");
        let line = format!("SUMMARY:{summary}");
        let folded = fold(&line);
        assert!(folded.ends_with("\r\n"));
        let physical: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(physical.len() > 3, "{physical:?}");
        for (i, l) in physical.iter().enumerate() {
            assert!(l.len() <= 75, "line {i} has {} octets", l.len());
            assert_eq!(i > 0, l.starts_with(' '), "line {i}: {l:?}");
        }
        // A line only breaks early when the next character would not fit.
        for pair in physical.windows(2) {
            let next = pair[1][1..].chars().next().expect("a character");
            assert!(pair[0].len() + next.len_utf8() > 75, "{pair:?}");
        }
        assert_eq!(unfold(&folded), format!("{line}\r\n"));
        assert_eq!(
            unfold(&folded).trim_end_matches("\r\n")["SUMMARY:".len()..],
            summary
        );
    }

    #[test]
    fn hosts_for_uids() {
        assert_eq!(
            host("https://example.github.io/archive/"),
            "example.github.io"
        );
        assert_eq!(host("http://user@Local.Test:8080/"), "local.test");
        assert_eq!(host("/archive/"), "holonet.invalid");
    }
}
