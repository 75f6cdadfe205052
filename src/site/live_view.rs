//! What a running event's pages say about how fresh they are: the time the event file was last
//! written by an editing command ("updated 14:05"), and what `running.js` needs to notice a newer
//! file on the published site (the `event.json` to poll, and the `updated` this page was built
//! from). Finished and upcoming events' pages carry none of it, and load no script.

use serde::Serialize;

use super::addresses::event_path;
use super::model::SiteView;
use crate::event::Event;
use crate::rules::computed::{Computed, Status};

/// The script's file at the site root (`static/running.js`).
const SCRIPT: &str = "running.js";

/// A time as the event file records it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct UpdatedView {
    /// RFC 3339, for `<time datetime>`.
    pub(crate) iso: String,
    /// `14:05`: the venue's clock as written, never converted to the reader's time zone, so
    /// it matches the clock on the wall of the room.
    pub(crate) time: String,
    /// The day of that clock, "12 May 2026": a page read the next day says which day it was.
    pub(crate) day: String,
    /// The venue's offset from UTC, "UTC+2", "UTC−3:30" or "UTC"; empty when the file records
    /// a local time only.
    pub(crate) zone: String,
}

/// "UTC+2", "UTC−3:30", "UTC" for minutes east of UTC.
fn zone_text(offset_minutes: i16) -> String {
    if offset_minutes == 0 {
        return "UTC".into();
    }
    let sign = if offset_minutes < 0 { '−' } else { '+' };
    let (hours, minutes) = (
        offset_minutes.unsigned_abs() / 60,
        offset_minutes.unsigned_abs() % 60,
    );
    if minutes == 0 {
        format!("UTC{sign}{hours}")
    } else {
        format!("UTC{sign}{hours}:{minutes:02}")
    }
}

/// The page's `live`, on a running event's pages only.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LiveView {
    /// When an editing command last wrote the file, if it did.
    pub(crate) updated: Option<UpdatedView>,
    /// The value of `event.updated` in `event.json` this page was built from (empty when the
    /// file records none): the script offers a reload once the published file says otherwise.
    pub(crate) built: String,
    /// The event's `event.json`, polled by the script.
    pub(crate) json_url: String,
    pub(crate) script_url: String,
    /// The event page: where a reader of a page that is gone (the current round's page once the
    /// round is over) is sent instead of a reload into a missing page.
    pub(crate) event_url: String,
}

/// The freshness of a running event's pages; `None` for any other event.
pub(crate) fn live_view(site: &SiteView, event: &Event, computed: &Computed) -> Option<LiveView> {
    if computed.status != Status::Running {
        return None;
    }
    let path = event_path(event);
    let updated = event.info.updated.map(|t| UpdatedView {
        iso: t.iso(),
        time: t.hhmm(),
        day: super::model::range_text(t.date, None),
        zone: t.offset_minutes.map(zone_text).unwrap_or_default(),
    });
    Some(LiveView {
        built: updated.as_ref().map(|u| u.iso.clone()).unwrap_or_default(),
        updated,
        json_url: site.link(&format!("{path}event.json")),
        script_url: site.link(SCRIPT),
        event_url: site.link(&path),
    })
}

#[cfg(test)]
mod tests {
    use super::zone_text;

    #[test]
    fn a_zone_is_written_as_its_offset_from_utc() {
        assert_eq!(zone_text(0), "UTC");
        assert_eq!(zone_text(120), "UTC+2");
        assert_eq!(zone_text(-210), "UTC−3:30");
        assert_eq!(zone_text(345), "UTC+5:45");
    }
}
