//! The Atom feed of results (`feed.xml`, RFC 4287): one entry per event with results, newest
//! first, for feed readers that follow the archive.
//!
//! It is written here rather than through a Tera template because it must be well-formed XML
//! whatever an event file holds: every value passes through one escaping function, which also
//! drops the control characters XML cannot carry at all. Like the rest of the site it never
//! reads the clock: an entry's `updated` is the event's last day, at midnight UTC, and the feed's
//! is its newest entry's, so the same files give the same bytes on any machine.

use std::fmt::Write;

use super::addresses::{FEED_FILE, event_path_of};
use super::escape;
use super::model::{EventSummary, SiteView};
use crate::event::{Date, Event};
use crate::load::held::HeldEvent;
use crate::rules::computed::{Computed, Status};

/// At most this many events, the most recent ones: enough for any reader to catch up, small
/// enough that the file stays light as the archive grows.
const MAX_ENTRIES: usize = 50;

/// How many final places an entry lists.
const PLACES_SHOWN: usize = 4;

/// The events the feed lists: running, finished or stopped, newest first (by last day, then address),
/// at most [`MAX_ENTRIES`].
pub(crate) fn entries(events: &[HeldEvent]) -> Vec<&HeldEvent> {
    let mut listed: Vec<&HeldEvent> = events
        .iter()
        .filter(|held| {
            matches!(
                held.status,
                Status::Running | Status::Finished | Status::Stopped
            )
        })
        .collect();
    listed.sort_by(|a, b| {
        b.last_day
            .cmp(&a.last_day)
            .then_with(|| a.slug.cmp(&b.slug))
    });
    listed.truncate(MAX_ENTRIES);
    listed
}

/// An RFC 3339 timestamp for a day: its start in UTC.
fn timestamp(day: Date) -> String {
    format!("{}T00:00:00Z", day.iso())
}

/// The whole feed.
///
/// `entry` gives an event's summary and its entry's text, written once with the rest of what
/// the event contributes ([`entry_text`]): the feed is made again on every edit `serve` sees,
/// and reopening its fifty events each time would cost more than the rest of a location edit.
pub(crate) fn atom<'a>(
    site: &SiteView,
    events: &'a [HeldEvent],
    entry: impl Fn(&'a HeldEvent) -> (&'a EventSummary, &'a str),
) -> String {
    let listed = entries(events);
    // With nothing to list there is no date to take; the epoch keeps the file valid and stable.
    let updated = listed.first().map_or_else(
        || "1970-01-01T00:00:00Z".to_string(),
        |held| timestamp(held.last_day),
    );
    let author = escape::xml(&site.title);
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    let _ = writeln!(
        out,
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">",
        escape::xml(&site.language)
    );
    let _ = writeln!(out, "  <title>{}: results</title>", author);
    if !site.description.is_empty() {
        let _ = writeln!(
            out,
            "  <subtitle>{}</subtitle>",
            escape::xml(&site.description)
        );
    }
    let feed_url = escape::xml(&site.absolute(FEED_FILE));
    let _ = writeln!(
        out,
        "  <link rel=\"self\" type=\"application/atom+xml\" href=\"{feed_url}\"/>"
    );
    let _ = writeln!(
        out,
        "  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>",
        escape::xml(&site.absolute(""))
    );
    let _ = writeln!(out, "  <id>{feed_url}</id>");
    let _ = writeln!(out, "  <updated>{updated}</updated>");
    let _ = writeln!(out, "  <author><name>{author}</name></author>");
    out.push_str("  <generator>Holonet</generator>\n");
    for held in listed {
        let (summary, text) = entry(held);
        let url = escape::xml(&site.absolute(&event_path_of(&held.slug)));
        out.push_str("  <entry>\n");
        let _ = writeln!(out, "    <title>{}</title>", escape::xml(&summary.name));
        let _ = writeln!(
            out,
            "    <link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>"
        );
        let _ = writeln!(out, "    <id>{url}</id>");
        let _ = writeln!(out, "    <updated>{}</updated>", timestamp(held.last_day));
        let _ = writeln!(out, "    <author><name>{author}</name></author>");
        let _ = writeln!(
            out,
            "    <category term=\"{}\" label=\"{}\"/>",
            escape::xml(&summary.rules_id),
            escape::xml(&summary.rules_name)
        );
        let _ = writeln!(
            out,
            "    <summary type=\"text\">{}</summary>",
            escape::xml(text)
        );
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

/// One entry's plain-text summary: where the event stands, who won (or leads), how many took
/// part under which rules, and when and where.
/// "Finished. Final places: 1. Ana Lind, 2. Ben Osei. 6 players. Rules: FFG Tournament
/// Regulations (2018), standard. 12 May 2018, Lyon, France."
pub(crate) fn entry_text(summary: &EventSummary, event: &Event, computed: &Computed) -> String {
    let name = |p: usize| event.players[p].name.as_str();
    let mut text = match computed.status {
        Status::Finished => "Finished.".to_string(),
        Status::Stopped => format!("Stopped: {}.", summary.progress),
        _ => {
            format!("Running: {}.", summary.progress)
        }
    };
    match (&computed.placings, computed.latest()) {
        (Some(places), _) if !places.is_empty() => {
            let shown: Vec<String> = places
                .iter()
                .take(PLACES_SHOWN)
                .map(|&(place, p)| format!("{place}. {}", name(p)))
                .collect();
            let _ = write!(text, " Final places: {}.", shown.join(", "));
        }
        (_, Some(latest)) if computed.status == Status::Running => {
            if let Some(first) = latest.rows.first().filter(|r| r.rank == Some(1)) {
                let _ = write!(
                    text,
                    " {} leads after {} {}.",
                    name(first.player),
                    computed.ruleset.family.round_unit(),
                    latest.after_round
                );
            }
        }
        _ => {}
    }
    let noun = if event.is_team() { "team" } else { "player" };
    let count = summary.player_count;
    let _ = write!(
        text,
        " {count} {noun}{}. Rules: {}, {}.",
        if count == 1 { "" } else { "s" },
        summary.rules_name,
        summary.format
    );
    let _ = write!(text, " {}", summary.date_text);
    if let Some(location) = &summary.location {
        let _ = write!(text, ", {location}");
    }
    text.push('.');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_midnight_utc_of_the_day() {
        let day = Date::parse_iso("2019-06-15").expect("date");
        assert_eq!(timestamp(day), "2019-06-15T00:00:00Z");
    }
}
