//! The room screen of a running event: the current round's pairings by name, in type large
//! enough to read across the room, for a projector or a TV at the venue, with the round's
//! clock. The build never reads the clock: the page carries when the round started (the
//! event's `paired`, written by `holonet pair`) and when it ends, and a small script
//! (`static/room.js`) counts down in the browser and pages through a list too long for the
//! screen. Without the script it is a plain long page with the two times.

use serde::Serialize;

use super::addresses::pairings_path;
use super::current_step::Stage;
use super::model::{SiteView, round_minutes};
use super::pairings_view::PairingsView;
use crate::event::{Event, Timestamp};
use crate::rules::computed::Computed;

/// A moment of the round, for the script and for people.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Moment {
    /// RFC 3339, for the script (`2026-11-22T14:05:00+00:00`).
    pub(crate) iso: String,
    /// The venue's wall clock (`14:05`).
    pub(crate) hhmm: String,
}

impl From<Timestamp> for Moment {
    fn from(t: Timestamp) -> Moment {
        Moment {
            iso: t.iso(),
            hhmm: t.hhmm(),
        }
    }
}

/// How long the round lasts and, when the file records when it was paired, when it ends.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RoundClock {
    pub(crate) minutes: u32,
    pub(crate) started: Option<Moment>,
    pub(crate) ends: Option<Moment>,
}

/// The room screen's `room`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RoomView {
    pub(crate) pairings: PairingsView,
    /// The pairings page, where players find their table on their phones.
    pub(crate) pairings_url: String,
    /// The same address written out in full, to read off the screen.
    pairings_address: String,
    /// `None` during the cut: the rules' elimination game times are not part of Holonet's
    /// rules data, and `paired` cannot tell games published at different times apart.
    pub(crate) clock: Option<RoundClock>,
}

/// The room screen of the current round, while the event has one.
pub(crate) fn room_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    pairings: PairingsView,
) -> RoomView {
    // `paired` dates Swiss rounds and SW:CCG games; the cut's games have their own times.
    let clock = matches!(pairings.stage, Stage::Round | Stage::CcgGame).then(|| {
        let minutes = round_minutes(event, computed.ruleset);
        RoundClock {
            minutes,
            started: event.info.paired.map(Moment::from),
            ends: event.info.paired.map(|t| t.plus_minutes(minutes).into()),
        }
    });
    let path = pairings_path(event);
    RoomView {
        pairings,
        pairings_url: site.link(&path),
        pairings_address: site.absolute(&path),
        clock,
    }
}
