//! Which published decklists of an event hold which objective sets and SW:CCG cards: the
//! event's part in the card pages, as plain facts (names, dates, places and site paths), so that
//! an edit to another event assembles the card pages from it without going over its lists
//! again. The card pages ([`super::cards`]) turn it into their rows.

use std::collections::{BTreeMap, BTreeSet};

use super::addresses::{CardKey, deck_path, event_path, has_decks, person_path};
use super::standings::{competitor_of, standings};
use crate::event::{Decklist, Event, Side};
use crate::load::aliases::Aliases;
use crate::rules::ccg_decks::resolve_line;
use crate::rules::computed::Computed;
use crate::rules::decks::objective_set;

/// One published list of one event.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct ListedDeck {
    pub(crate) event: String,
    pub(crate) event_path: String,
    pub(crate) date: String,
    /// The id and name the event knows the player by, and their page.
    pub(crate) player_id: String,
    pub(crate) player_name: String,
    pub(crate) player_path: String,
    pub(crate) deck_path: String,
    pub(crate) side: Side,
    /// "1st of 13", "Swiss rank 5 of 24", or empty while unknown.
    pub(crate) finish: String,
    /// For the order: the place or rank, when known.
    pub(crate) rank: Option<u32>,
}

/// One event's part in the card pages: its published lists, and the cards each holds.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct EventCards {
    pub(crate) decks: Vec<ListedDeck>,
    /// Each card or set, with the lists (indexes into `decks`) that hold it.
    pub(crate) cards: BTreeMap<CardKey, Vec<usize>>,
}

impl EventCards {
    /// The part of these lists that the cards of `keys` are in: those cards, and only the lists
    /// that hold one of them.
    pub(crate) fn only(self, keys: &BTreeSet<CardKey>) -> EventCards {
        let mut decks: Vec<Option<ListedDeck>> = self.decks.into_iter().map(Some).collect();
        let mut renumbered = BTreeMap::new();
        let mut only = EventCards::default();
        for (key, rows) in self.cards.into_iter().filter(|(key, _)| keys.contains(key)) {
            let rows = rows
                .into_iter()
                .map(|row| {
                    *renumbered.entry(row).or_insert_with(|| {
                        only.decks
                            .push(decks[row].take().expect("each list is moved once"));
                        only.decks.len() - 1
                    })
                })
                .collect();
            only.cards.insert(key, rows);
        }
        only
    }
}

/// The objective sets and SW:CCG cards of one list, each once: only the sets `data/` knows and
/// the lines naming exactly one card.
fn list_cards(side: Side, deck: &Decklist) -> Vec<CardKey> {
    let mut keys: Vec<CardKey> = deck
        .objectives
        .iter()
        .filter_map(|id| objective_set(id).map(|set| CardKey::Set(set.id.clone())))
        .chain(
            deck.cards
                .iter()
                .filter_map(|line| resolve_line(line, side).ok())
                .map(|(_, card)| CardKey::Ccg(card.id)),
        )
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// The card pages' share of `event`.
pub(crate) fn share(aliases: &Aliases, event: &Event, computed: &Computed) -> EventCards {
    let mut share = EventCards::default();
    let persons = event.persons();
    if persons.iter().all(|p| !has_decks(p)) {
        return share;
    }
    let places = standings(event, computed);
    for (index, person) in persons.iter().enumerate() {
        let place = competitor_of(event, index).and_then(|c| places.get(c));
        for (side, deck) in [
            (Side::Dark, &person.decks.dark),
            (Side::Light, &person.decks.light),
        ] {
            let Some(deck) = deck else { continue };
            let Some(deck_path) = deck_path(event, person) else {
                continue;
            };
            let keys = list_cards(side, deck);
            if keys.is_empty() {
                continue;
            }
            let row = share.decks.len();
            share.decks.push(ListedDeck {
                event: event.info.name.clone(),
                event_path: event_path(event),
                date: event.info.date.iso(),
                player_id: person.id.clone(),
                player_name: person.name.clone(),
                player_path: person_path(aliases, &person.id),
                deck_path,
                side,
                finish: place.map(|p| p.result.clone()).unwrap_or_default(),
                rank: place.and_then(|p| p.rank),
            });
            for key in keys {
                share.cards.entry(key).or_default().push(row);
            }
        }
    }
    share
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_names_each_known_set_and_card_once() {
        let deck = Decklist {
            affiliation: Some("Jedi".into()),
            objectives: vec!["2".into(), "1".into(), "2".into(), "no-such-set".into()],
            cards: vec![
                "1 Beru Lars".into(),
                "2 beru lars".into(),
                "3 No Such Card".into(),
            ],
        };
        assert_eq!(
            list_cards(Side::Light, &deck),
            [
                CardKey::Set("1".into()),
                CardKey::Set("2".into()),
                CardKey::Ccg(221)
            ]
        );
    }
}
