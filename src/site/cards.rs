//! Card pages: one per SW:LCG objective set and per SW:CCG card that a published decklist holds,
//! with every deck that played it, where and how it finished, and an index of them. The site
//! receives events with held-back lists already taken out ([`super::deck_view::publishable`]),
//! so a list still held back adds nothing here. Addresses use the set number or the card's id
//! from `data/`, never its title, which several sets or cards may share:
//! `cards/sets/<number>/` and `cards/ccg/<id>/`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::addresses::{CardKey, deck_path, event_path, has_decks, person_path};
use super::model::{PlayerRef, SiteView};
use super::players::{competitor_of, standings};
use crate::event::{Decklist, Event, Side};
use crate::load::aliases::Aliases;
use crate::rules::ccg_decks::{cards, display_name, product, resolve_line};
use crate::rules::computed::Computed;
use crate::rules::decks::{ObjectiveSet, objective_set};

/// One published list of one event, as a card page lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DeckRow {
    /// The event, its link and its date: a card page writes them once per event
    /// ([`CardEvent`]), not on each of its rows.
    #[serde(skip)]
    pub(crate) event: String,
    #[serde(skip)]
    pub(crate) event_url: String,
    #[serde(skip)]
    pub(crate) date: String,
    pub(crate) player: PlayerRef,
    pub(crate) deck_url: String,
    /// "dark" or "light".
    pub(crate) side: &'static str,
    /// "1st of 13", "Swiss rank 5 of 24", or empty while unknown.
    pub(crate) finish: String,
    /// For the order: the place or rank, when known.
    #[serde(skip)]
    rank: Option<u32>,
}

/// One event's part in the card pages: its published lists, and the cards each holds.
#[derive(Debug, Clone, Default)]
pub(crate) struct EventCards {
    decks: Vec<DeckRow>,
    /// Each card or set, with the lists (indexes into `decks`) that hold it.
    cards: BTreeMap<CardKey, Vec<usize>>,
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
pub(crate) fn share(
    site: &SiteView,
    aliases: &Aliases,
    event: &Event,
    computed: &Computed,
) -> EventCards {
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
            let Some(deck_url) = deck_path(event, person).map(|path| site.link(&path)) else {
                continue;
            };
            let keys = list_cards(side, deck);
            if keys.is_empty() {
                continue;
            }
            let row = share.decks.len();
            share.decks.push(DeckRow {
                event: event.info.name.clone(),
                event_url: site.link(&event_path(event)),
                date: event.info.date.iso(),
                player: PlayerRef {
                    id: person.id.clone(),
                    name: person.name.clone(),
                    url: site.link(&person_path(aliases, &person.id)),
                },
                deck_url,
                side: side.name(),
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

/// A card page.
#[derive(Debug, Clone, Serialize)]
pub struct CardPage {
    #[serde(skip)]
    pub(crate) path: String,
    /// The set's title (with its number) or the card's name (with its product when shared).
    pub(crate) title: String,
    /// "SW:LCG objective set 1, light side, Jedi" or "SW:CCG Character, light side, Premiere".
    pub(crate) about: String,
    /// How many published lists hold it.
    pub(crate) decks: usize,
    /// The side of every one of those lists, when they share one (then the table leaves the
    /// side out of its rows and says it once).
    pub(crate) side: Option<&'static str>,
    /// Every published list that holds it, by event: newest event first, best finish first.
    /// An event's name, date and link are written once, above its lists.
    pub(crate) events: Vec<CardEvent>,
}

/// One event's lists on a card page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CardEvent {
    pub(crate) event: String,
    pub(crate) url: String,
    pub(crate) date: String,
    pub(crate) decks: Vec<DeckRow>,
}

/// One entry of the card index.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexEntry {
    #[serde(skip)]
    key: CardKey,
    /// The page's path under the site root.
    #[serde(skip)]
    pub(crate) path: String,
    pub(crate) title: String,
    pub(crate) url: String,
    pub(crate) decks: usize,
}

/// The card index: objective sets by number, SW:CCG cards by name.
#[derive(Debug, Clone, Serialize)]
pub struct CardIndex {
    pub(crate) sets: Vec<IndexEntry>,
    pub(crate) ccg: Vec<IndexEntry>,
}

/// The pages' titles and descriptions, from `data/`.
fn describe(key: &CardKey) -> Option<(String, String)> {
    match key {
        CardKey::Set(id) => objective_set(id).map(|set: &ObjectiveSet| {
            (
                format!("{} ({})", set.title, set.id),
                format!(
                    "SW:LCG objective set {}, {} side, {}",
                    set.id,
                    set.side.name(),
                    set.affiliation
                ),
            )
        }),
        CardKey::Ccg(id) => cards().iter().find(|c| c.id == *id).map(|card| {
            let from = product(&card.set).map_or_else(|| card.set.clone(), |p| p.name.clone());
            (
                display_name(card),
                format!(
                    "SW:CCG {}, {} side, {from}",
                    card.card_type,
                    card.side.name()
                ),
            )
        }),
    }
}

/// The card pages and their index, from every event's share.
pub(crate) fn pages<'a>(
    site: &SiteView,
    shares: impl IntoIterator<Item = &'a EventCards>,
) -> (Vec<CardPage>, CardIndex) {
    let mut found: BTreeMap<&CardKey, Vec<&DeckRow>> = BTreeMap::new();
    for share in shares {
        for (key, rows) in &share.cards {
            found
                .entry(key)
                .or_default()
                .extend(rows.iter().map(|&r| &share.decks[r]));
        }
    }
    let mut pages = Vec::with_capacity(found.len());
    let mut index = CardIndex {
        sets: Vec::new(),
        ccg: Vec::new(),
    };
    for (key, mut rows) in found {
        let Some((title, about)) = describe(key) else {
            continue;
        };
        rows.sort_by(|a, b| {
            (
                &b.date,
                &a.event_url,
                a.rank.unwrap_or(u32::MAX),
                &a.player.id,
                a.side,
            )
                .cmp(&(
                    &a.date,
                    &b.event_url,
                    b.rank.unwrap_or(u32::MAX),
                    &b.player.id,
                    b.side,
                ))
        });
        let side = rows
            .first()
            .map(|r| r.side)
            .filter(|side| rows.iter().all(|r| r.side == *side));
        let decks = rows.len();
        let mut events: Vec<CardEvent> = Vec::new();
        for row in rows.iter().copied() {
            match events.last_mut() {
                Some(e) if e.url == row.event_url => e.decks.push(row.clone()),
                _ => events.push(CardEvent {
                    event: row.event.clone(),
                    url: row.event_url.clone(),
                    date: row.date.clone(),
                    decks: vec![row.clone()],
                }),
            }
        }
        let path = key.path();
        let entry = IndexEntry {
            key: key.clone(),
            title: title.clone(),
            url: site.link(&path),
            path: path.clone(),
            decks,
        };
        match key {
            CardKey::Set(_) => index.sets.push(entry),
            CardKey::Ccg(_) => index.ccg.push(entry),
        }
        pages.push(CardPage {
            path,
            title,
            about,
            decks,
            side,
            events,
        });
    }
    // Sets in number order (numbers as numbers), cards by name.
    index.sets.sort_by_key(|e| match &e.key {
        CardKey::Set(id) => (id.parse::<u32>().unwrap_or(u32::MAX), id.clone()),
        CardKey::Ccg(_) => (u32::MAX, String::new()),
    });
    index
        .ccg
        .sort_by(|a, b| (&a.title, &a.key).cmp(&(&b.title, &b.key)));
    (pages, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_use_numbers_and_ids_never_titles() {
        assert_eq!(CardKey::Set("1".into()).path(), "cards/sets/1/");
        assert_eq!(CardKey::Set("FIC01".into()).path(), "cards/sets/fic01/");
        assert_eq!(CardKey::Ccg(221).path(), "cards/ccg/221/");
    }

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
