//! The one place Holonet reads the clock: the editing commands (`pair`, `report`, `register`,
//! `drop`, `unpair`) stamp the event file with when they wrote it, and `holonet new` dates a new
//! event today. Builds never read the clock;
//! pages show what the file records, so the same files always give the same site.

use toml_edit::{DocumentMut, Item, Table, value};

use crate::toml_reader::{Date, Timestamp};

/// The venue's local time now, to the second, with its offset from UTC.
pub(crate) fn now() -> Timestamp {
    let zoned = jiff::ZonedDateTime::now();
    let offset_seconds = zoned.offset().seconds();
    Timestamp {
        date: Date::from_civil(zoned.date()),
        hour: zoned.hour().unsigned_abs(),
        minute: zoned.minute().unsigned_abs(),
        second: zoned.second().unsigned_abs(),
        offset_minutes: i16::try_from(offset_seconds / 60).ok(),
    }
}

/// Today's date from the system clock (UTC), for `holonet new`.
pub fn today() -> Date {
    Date::from_civil(
        jiff::Timestamp::now()
            .to_zoned_datetime(jiff::tz::TimeZone::UTC)
            .date(),
    )
}

/// Which stamps an edit writes into `[event]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stamp {
    /// Any change: `updated`.
    Updated,
    /// A new round or new elimination games: `updated` and `paired`.
    Paired,
}

/// Writes `updated` (and for [`Stamp::Paired`], `paired`) into the document's `[event]` table,
/// keeping its layout; keys already there keep their place.
pub(crate) fn stamp(doc: &mut DocumentMut, at: Timestamp, what: Stamp) -> Result<(), String> {
    let Some(event) = doc.get_mut("event").and_then(Item::as_table_mut) else {
        return Err("the file has no `[event]` table to record the time in".to_string());
    };
    set(event, "updated", at)?;
    if what == Stamp::Paired {
        set(event, "paired", at)?;
    }
    Ok(())
}

fn set(table: &mut Table, key: &str, at: Timestamp) -> Result<(), String> {
    let datetime: toml_edit::Datetime = at
        .iso()
        .parse()
        .map_err(|e| format!("cannot write the time {}: {e}", at.iso()))?;
    match table.get_mut(key).and_then(Item::as_value_mut) {
        Some(existing) => {
            let decor = existing.decor().clone();
            *existing = toml_edit::Value::from(datetime);
            *existing.decor_mut() = decor;
        }
        None => {
            table.insert(key, value(datetime));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u8, offset: Option<i16>) -> Timestamp {
        Timestamp {
            date: Date {
                year: 2026,
                month: 11,
                day: 23,
            },
            hour,
            minute: 5,
            second: 0,
            offset_minutes: offset,
        }
    }

    #[test]
    fn stamps_are_written_into_event_and_replaced_in_place() {
        let mut doc: DocumentMut =
            "# top\n[event]\nname = \"X\" # the name\n\n[[players]]\nname = \"A\"\n"
                .parse()
                .unwrap();
        stamp(&mut doc, at(14, Some(60)), Stamp::Paired).unwrap();
        let text = doc.to_string();
        assert!(
            text.contains("updated = 2026-11-23T14:05:00+01:00\n"),
            "{text}"
        );
        assert!(
            text.contains("paired = 2026-11-23T14:05:00+01:00\n"),
            "{text}"
        );
        assert!(text.contains("name = \"X\" # the name"), "{text}");
        let mut doc: DocumentMut = text.parse().unwrap();
        stamp(&mut doc, at(15, Some(0)), Stamp::Updated).unwrap();
        let text = doc.to_string();
        assert!(text.contains("updated = 2026-11-23T15:05:00Z\n"), "{text}");
        assert!(
            text.contains("paired = 2026-11-23T14:05:00+01:00\n"),
            "{text}"
        );
        assert_eq!(text.matches("updated").count(), 1);
    }

    #[test]
    fn a_file_without_event_is_refused() {
        let mut doc: DocumentMut = "[[players]]\nname = \"A\"\n".parse().unwrap();
        assert!(stamp(&mut doc, at(9, None), Stamp::Updated).is_err());
    }

    #[test]
    fn now_is_a_valid_time_with_an_offset() {
        let t = now();
        assert!(t.date.is_valid());
        assert!(t.hour < 24 && t.minute < 60 && t.second < 61);
        assert!(t.offset_minutes.is_some());
    }

    #[test]
    fn today_is_a_valid_date() {
        assert!(today().is_valid());
    }
}
