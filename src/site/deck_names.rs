//! Each event's named decklists, as the search index lists them: the affiliation and objective
//! names of every published list. A fact of the event alone, worked out once when it is loaded
//! (with its other [`super::contribution`]s), so that the index is assembled from every event's
//! share without going over every card line of the archive again.

use std::collections::BTreeSet;

use serde::Serialize;

use super::addresses::has_decks;
use crate::event::{Decklist, Event, Player, Side};
use crate::rules::ccg_decks::{display_name, resolve_line};
use crate::rules::decks::objective_set;

/// One side's list in short: positions in the event's [`EventDecks::names`], and in the index
/// in its table of every name ([`super::search::SearchIndex::t`]).
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct SideEntry {
    /// The affiliation (SW:LCG).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) a: Option<usize>,
    /// The objective set titles (SW:LCG) or objective cards (SW:CCG), each once, in list order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) o: Vec<usize>,
}

/// What a list contributes to the index, before names become positions in the table.
#[derive(Debug, Clone)]
struct SideNames {
    affiliation: Option<String>,
    objectives: Vec<String>,
}

/// One event's named lists: every affiliation and objective name they use, each once and in
/// order, and each person's lists as positions in those names. Numbering names per event once
/// leaves the index only a small table per event to number into its own, rather than every
/// name of every list of the archive to look up on each build.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize)]
#[serde(into = "KeptDecks", from = "KeptDecks")]
pub(crate) struct EventDecks {
    names: Vec<String>,
    pub(crate) decks: Vec<DeckNames>,
}

impl EventDecks {
    /// Every affiliation and objective name the event's lists use, in order.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }
}

/// [`EventDecks`] as the event cache keeps it: each side as its affiliation and objectives, in
/// full (the search index's form leaves out what is empty, which only a reader that knows the
/// names can do).
#[derive(Serialize, serde::Deserialize)]
struct KeptDecks {
    names: Vec<String>,
    /// Each person's id, name, and dark and light lists.
    decks: Vec<(String, String, [KeptSide; 2])>,
}

/// A [`SideEntry`] as kept: its affiliation and objectives.
type KeptSide = Option<(Option<usize>, Vec<usize>)>;

impl From<EventDecks> for KeptDecks {
    fn from(decks: EventDecks) -> Self {
        let side = |entry: Option<SideEntry>| entry.map(|e| (e.a, e.o));
        KeptDecks {
            names: decks.names,
            decks: decks
                .decks
                .into_iter()
                .map(|d| (d.id, d.name, [side(d.dark), side(d.light)]))
                .collect(),
        }
    }
}

impl From<KeptDecks> for EventDecks {
    fn from(kept: KeptDecks) -> Self {
        let side =
            |kept: Option<(Option<usize>, Vec<usize>)>| kept.map(|(a, o)| SideEntry { a, o });
        EventDecks {
            names: kept.names,
            decks: kept
                .decks
                .into_iter()
                .map(|(id, name, [dark, light])| DeckNames {
                    id,
                    name,
                    dark: side(dark),
                    light: side(light),
                })
                .collect(),
        }
    }
}

/// One person's lists at an event.
#[derive(Debug, Clone)]
pub(crate) struct DeckNames {
    /// The id and name the event knows the person by.
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) dark: Option<SideEntry>,
    pub(crate) light: Option<SideEntry>,
}

/// The named lists of every person of `event` with a published list. Worked out once per event:
/// naming SW:CCG objectives means looking up every card line.
pub(crate) fn deck_names(event: &Event) -> EventDecks {
    let named: Vec<(&Player, [Option<SideNames>; 2])> = event
        .persons()
        .iter()
        .filter(|person| has_decks(person))
        .map(|person| {
            let dark = person.decks.dark.as_ref();
            let light = person.decks.light.as_ref();
            (
                person,
                [
                    dark.map(|d| side_names(Side::Dark, d)),
                    light.map(|d| side_names(Side::Light, d)),
                ],
            )
        })
        .collect();
    let names: BTreeSet<&str> = named
        .iter()
        .flat_map(|(_, sides)| sides.iter().flatten())
        .flat_map(|side| side.affiliation.iter().chain(&side.objectives))
        .map(String::as_str)
        .collect();
    let names: Vec<String> = names.into_iter().map(str::to_string).collect();
    // Every name is in the table just made.
    let position = |name: &String| names.binary_search(name).unwrap_or(0);
    let entry = |side: &SideNames| SideEntry {
        a: side.affiliation.as_ref().map(position),
        o: side.objectives.iter().map(position).collect(),
    };
    let decks = named
        .iter()
        .map(|(person, [dark, light])| DeckNames {
            id: person.id.clone(),
            name: person.name.clone(),
            dark: dark.as_ref().map(entry),
            light: light.as_ref().map(entry),
        })
        .collect();
    EventDecks { names, decks }
}

/// A list's affiliation and objective names: SW:LCG set titles (unknown numbers left out), or
/// the SW:CCG objective cards the card index identifies.
fn side_names(side: Side, deck: &Decklist) -> SideNames {
    let mut objectives: Vec<String> = Vec::new();
    let mut push = |name: String| {
        if !objectives.contains(&name) {
            objectives.push(name);
        }
    };
    for id in &deck.objectives {
        if let Some(set) = objective_set(id) {
            push(set.title.clone());
        }
    }
    for line in &deck.cards {
        if let Ok((_, card)) = resolve_line(line, side)
            && card.card_type == "Objective"
        {
            push(display_name(card));
        }
    }
    SideNames {
        affiliation: deck.affiliation.clone(),
        objectives,
    }
}
