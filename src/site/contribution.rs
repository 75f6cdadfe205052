//! What each event adds to the archive-wide pages that costs the most to work out: its
//! statistics counts and its named decklists for the search index. Both mean looking up every
//! card line of every list. They are worked out once per event, in parallel, when the event is
//! loaded; `serve` works them out again only for the events an edit touched, so an edit costs
//! the archive-wide pages a sum, not a second pass over every decklist of the archive.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::search::{DeckNames, deck_names};
use super::stats::Counted;
use crate::event::Event;
use crate::rules::compute::Computed;

/// One event's share of the archive-wide pages.
#[derive(Debug, Clone)]
pub struct Contribution {
    pub stats: Counted,
    pub decks: Vec<DeckNames>,
}

impl Contribution {
    pub fn of(event: &Event, computed: &Computed) -> Contribution {
        Contribution {
            stats: Counted::event(event, computed),
            decks: deck_names(event),
        }
    }
}

/// Each event's contribution, by slug.
pub type Contributions = BTreeMap<String, Contribution>;

/// The contributions of `events`, worked out in parallel.
pub fn of_all(events: &[(Event, Computed)]) -> Contributions {
    events
        .par_iter()
        .map(|(event, computed)| (event.slug.clone(), Contribution::of(event, computed)))
        .collect()
}
