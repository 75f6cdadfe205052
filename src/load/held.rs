//! Events held in memory encoded and deflated ([`crate::encoded`]), as the event cache keeps
//! them ([`super::cache`]), and opened where a page is made from them: a loaded event with what
//! the rules computed from it takes about 115 KB of memory at a typical size, its encoding about
//! 22 KB, deflated about 12 KB. A build goes over every event a few times (working out each
//! one's share of the archive-wide pages, then rendering its own pages), each time on a few
//! threads at once, so opening an event each time holds a few events whole instead of the
//! archive.
//!
//! What is read of every event without opening it is kept beside the encoding: its address,
//! its file, where it stands, its days and its ruleset.

use std::path::PathBuf;

use crate::encoded::Encoded;
use crate::event::Event;
use crate::rules::Ruleset;
use crate::rules::computed::{Computed, Status};
use crate::toml_reader::Date;

/// One event and what the rules computed from it, encoded (see the module's documentation).
#[derive(Debug, Clone)]
pub struct HeldEvent {
    /// The event's address under `events/` ([`Event::slug`]).
    pub(crate) slug: String,
    /// The event file, relative to the site root.
    pub(crate) file: PathBuf,
    pub(crate) status: Status,
    pub(crate) first_day: Date,
    /// The last day: the first, for an event of one day.
    pub(crate) last_day: Date,
    pub(crate) ruleset: &'static Ruleset,
    /// A team event ([`Event::is_team`]).
    pub(crate) team: bool,
    encoded: Encoded<(Event, Computed)>,
}

/// What a held event tells without being opened, as the event cache keeps it beside the event's
/// encoding (see [`HeldEvent::facts`]).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Facts {
    slug: String,
    file: PathBuf,
    status: Status,
    first_day: Date,
    last_day: Date,
    ruleset: String,
    team: bool,
}

impl HeldEvent {
    /// What the event tells without being opened.
    pub(crate) fn facts(&self) -> Facts {
        Facts {
            slug: self.slug.clone(),
            file: self.file.clone(),
            status: self.status,
            first_day: self.first_day,
            last_day: self.last_day,
            ruleset: self.ruleset.id.to_string(),
            team: self.team,
        }
    }

    /// The event held in `encoded`, which `facts` tell of; `None` for a ruleset this Holonet
    /// does not know.
    pub(crate) fn of_facts(facts: Facts, encoded: Encoded<(Event, Computed)>) -> Option<Self> {
        Some(HeldEvent {
            ruleset: crate::rules::ruleset(&facts.ruleset)?,
            slug: facts.slug,
            file: facts.file,
            status: facts.status,
            first_day: facts.first_day,
            last_day: facts.last_day,
            team: facts.team,
            encoded,
        })
    }

    /// The event's encoding.
    pub(crate) fn encoding(&self) -> &Encoded<(Event, Computed)> {
        &self.encoded
    }

    /// `event`, encoded.
    pub(crate) fn hold(event: &(Event, Computed)) -> HeldEvent {
        HeldEvent::hold_as(event, Encoded::deflated(event))
    }

    /// `event`, held in `encoded`: its encoding by [`Encoded::deflated`], made already (the
    /// event cache's, see [`super::cache`]).
    pub(crate) fn hold_as(
        event: &(Event, Computed),
        encoded: Encoded<(Event, Computed)>,
    ) -> HeldEvent {
        let (loaded, computed) = event;
        HeldEvent {
            slug: loaded.slug.clone(),
            file: loaded.file.clone(),
            status: computed.status,
            first_day: loaded.info.date,
            last_day: loaded.info.end_date.unwrap_or(loaded.info.date),
            ruleset: computed.ruleset,
            team: loaded.is_team(),
            encoded,
        }
    }

    /// The event and its computed facts, decoded.
    pub fn open(&self) -> (Event, Computed) {
        self.encoded.open()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_event_opens_as_it_was_held() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let loaded = super::super::load_events(
            root,
            &super::super::options::LoadOptions::default(),
            None,
            |event, _| event,
            None,
        );
        assert!(loaded.events.len() >= 3, "the example site has events");
        for event in &loaded.events {
            let held = HeldEvent::hold(event);
            assert_eq!(held.slug, event.0.slug);
            assert_eq!(held.status, event.1.status);
            let opened = held.open();
            // Both hold strings, numbers and ordered lists only: their `Debug` text is every
            // field.
            assert_eq!(format!("{opened:?}"), format!("{event:?}"), "{}", held.slug);
        }
    }
}
