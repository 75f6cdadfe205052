//! Card pages: one per SW:LCG objective set and per SW:CCG card that a published decklist holds,
//! with every deck that played it, where and how it finished, and an index of them. The site
//! receives events with held-back lists already taken out ([`super::deck_view::publishable`]),
//! so a list still held back adds nothing here. Addresses use the set number or the card's id
//! from `data/`, never its title, which several sets or cards may share:
//! `cards/sets/<number>/` and `cards/ccg/<id>/`.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use super::addresses::CardKey;
use super::card_lists::{EventCards, ListedDeck};
use super::model::{IndexLink, ListPage, PlayerRef, SiteView};
use crate::event::Side;
use crate::rules::ccg_decks::{cards, display_name, product};
use crate::rules::decks::{ObjectiveSet, objective_set};

/// One published list of one event, as a card page lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DeckRow {
    pub(crate) player: PlayerRef,
    pub(crate) deck_url: String,
    /// "dark" or "light".
    pub(crate) side: &'static str,
    /// "1st of 13", "Swiss rank 5 of 24", or empty while unknown.
    pub(crate) finish: String,
}

impl DeckRow {
    /// The row of `deck`, linked.
    fn of(site: &SiteView, deck: &ListedDeck) -> Self {
        DeckRow {
            player: PlayerRef {
                id: deck.player_id.clone(),
                name: deck.player_name.clone(),
                url: site.link(&deck.player_path),
            },
            deck_url: site.link(&deck.deck_path),
            side: deck.side.name(),
            finish: deck.finish.clone(),
        }
    }
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

/// The most decklists one card page lists. A card played more widely has its lists on pages of
/// whole years, newest first, each up to this many lists (a year of more has a page alone):
/// `cards/sets/89/`, then `cards/sets/89/2019-2022/`, so a staple of a large archive still opens
/// on a phone, and every list is on exactly one page.
pub(crate) const DECKS_PER_PAGE: usize = 300;

/// One page of a card: the card's facts and the events it lists.
pub(crate) type CardPagePart<'a> = ListPage<CardPageView<'a>>;

/// The model of a card page (`card` in `card.html`).
#[derive(Debug, Serialize)]
pub(crate) struct CardPageView<'a> {
    pub(crate) title: &'a str,
    pub(crate) about: &'a str,
    /// Every published list that holds it, and their events, on all its pages.
    pub(crate) decks: usize,
    pub(crate) event_count: usize,
    pub(crate) side: Option<&'static str>,
    /// The events this page lists.
    pub(crate) events: &'a [CardEvent],
    /// A card of several pages: the years this one covers ("2019–2022"), and a link per page,
    /// this one marked.
    pub(crate) years: String,
    pub(crate) pages: Vec<IndexLink>,
    /// The card's first page.
    pub(crate) url: String,
}

impl CardPage {
    /// The card's pages: one, or pages of whole years (see [`DECKS_PER_PAGE`]).
    pub(crate) fn pages<'a>(&'a self, site: &SiteView) -> Vec<CardPagePart<'a>> {
        let description = format!("{}: the published decklists that played it", self.title);
        // Runs of events, newest first: whole years, each run up to a page's lists.
        let mut runs: Vec<(std::ops::Range<usize>, usize)> = Vec::new();
        let mut i = 0;
        while i < self.events.len() {
            let year = self.events[i].date.get(..4).unwrap_or("");
            let end = i + self.events[i..]
                .iter()
                .take_while(|e| e.date.get(..4).unwrap_or("") == year)
                .count();
            let lists: usize = self.events[i..end].iter().map(|e| e.decks.len()).sum();
            match runs.last_mut() {
                Some((range, count)) if *count + lists <= DECKS_PER_PAGE => {
                    range.end = end;
                    *count += lists;
                }
                _ => runs.push((i..end, lists)),
            }
            i = end;
        }
        let years_of = |range: &std::ops::Range<usize>| -> (String, String) {
            let year = |e: &CardEvent| e.date.get(..4).unwrap_or("").to_string();
            let (newest, oldest) = (
                year(&self.events[range.start]),
                year(&self.events[range.end - 1]),
            );
            if newest == oldest {
                (newest.clone(), newest)
            } else {
                (format!("{oldest}–{newest}"), format!("{oldest}-{newest}"))
            }
        };
        let path = |n: usize, range: &std::ops::Range<usize>| {
            if n == 0 {
                self.path.clone()
            } else {
                format!("{}{}/", self.path, years_of(range).1)
            }
        };
        let links = |current: usize| -> Vec<IndexLink> {
            if runs.len() < 2 {
                return Vec::new();
            }
            runs.iter()
                .enumerate()
                .map(|(n, (range, count))| IndexLink {
                    label: format!("{} ({count})", years_of(range).0),
                    url: site.link(&path(n, range)),
                    current: n == current,
                })
                .collect()
        };
        runs.iter()
            .enumerate()
            .map(|(n, (range, _))| {
                let years = if runs.len() < 2 {
                    String::new()
                } else {
                    years_of(range).0
                };
                CardPagePart {
                    path: path(n, range),
                    title: if n == 0 {
                        self.title.clone()
                    } else {
                        format!("{}: {years}", self.title)
                    },
                    description: if n == 0 {
                        description.clone()
                    } else {
                        format!(
                            "{}: the published decklists of {years} that played it",
                            self.title
                        )
                    },
                    view: CardPageView {
                        title: &self.title,
                        about: &self.about,
                        decks: self.decks,
                        event_count: self.events.len(),
                        side: self.side,
                        events: &self.events[range.clone()],
                        years,
                        pages: links(n),
                        url: site.link(&self.path),
                    },
                }
            })
            .collect()
    }
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
    /// What tells two cards of the same title apart: "light side, Location" (SW:CCG), "light
    /// side, Jedi" (an objective set).
    pub(crate) tag: String,
    /// `light` or `dark`.
    pub(crate) side: &'static str,
    pub(crate) url: String,
    pub(crate) decks: usize,
}

/// The card index: objective sets by number, SW:CCG cards by name.
#[derive(Debug, Clone, Serialize)]
pub struct CardIndex {
    pub(crate) sets: Vec<IndexEntry>,
    pub(crate) ccg: Vec<IndexEntry>,
}

/// A card page's words, from `data/`.
struct Described {
    title: String,
    /// The page's description: "SW:CCG Location, light side, Dagobah".
    about: String,
    /// Its short form for lists: "light side, Location".
    tag: String,
    side: &'static str,
}

/// The pages' titles and descriptions, from `data/`.
fn describe(key: &CardKey) -> Option<Described> {
    match key {
        CardKey::Set(id) => objective_set(id).map(|set: &ObjectiveSet| {
            let tag = format!("{} side, {}", set.side.name(), set.affiliation);
            Described {
                title: format!("{} ({})", set.title, set.id),
                about: format!("SW:LCG objective set {}, {tag}", set.id),
                tag,
                side: set.side.name(),
            }
        }),
        CardKey::Ccg(id) => cards().iter().find(|c| c.id == *id).map(|card| {
            let from = product(&card.set).map_or_else(|| card.set.clone(), |p| p.name.clone());
            Described {
                title: display_name(card),
                about: format!(
                    "SW:CCG {}, {} side, {from}",
                    card.card_type,
                    card.side.name()
                ),
                tag: format!("{} side, {}", card.side.name(), card.card_type),
                side: card.side.name(),
            }
        }),
    }
}

/// The card pages of `shares`' cards, each given to `each` as it is made, and their entries in
/// the index. A page is made, handed over and let go one at a time (in parallel): together the
/// pages hold every published list once per card in it, the most memory of any kind of page.
pub(crate) fn pages<'a>(
    site: &SiteView,
    shares: impl IntoIterator<Item = &'a EventCards>,
    each: impl Fn(CardPage) + Sync,
) -> Vec<IndexEntry> {
    let mut found: BTreeMap<&CardKey, Vec<&ListedDeck>> = BTreeMap::new();
    for share in shares {
        for (key, rows) in &share.cards {
            found
                .entry(key)
                .or_default()
                .extend(rows.iter().map(|&r| &share.decks[r]));
        }
    }
    found
        .into_iter()
        .collect::<Vec<_>>()
        .into_par_iter()
        .filter_map(|(key, rows)| {
            let (page, entry) = page(site, key, rows)?;
            each(page);
            Some(entry)
        })
        .collect()
}

/// The card index of the pages' `entries`.
pub(crate) fn index(entries: Vec<IndexEntry>) -> CardIndex {
    let mut index = CardIndex {
        sets: Vec::new(),
        ccg: Vec::new(),
    };
    for entry in entries {
        match entry.key {
            CardKey::Set(_) => index.sets.push(entry),
            CardKey::Ccg(_) => index.ccg.push(entry),
        }
    }
    // Sets in number order (numbers as numbers), cards by name.
    index.sets.sort_by_key(|e| match &e.key {
        CardKey::Set(id) => (id.parse::<u32>().unwrap_or(u32::MAX), id.clone()),
        CardKey::Ccg(_) => (u32::MAX, String::new()),
    });
    index
        .ccg
        .sort_by(|a, b| (&a.title, &a.key).cmp(&(&b.title, &b.key)));
    index
}

/// The page of the card `key` and its entry in the index, from the published lists that hold
/// it; `None` for a card Holonet cannot describe.
fn page(
    site: &SiteView,
    key: &CardKey,
    mut rows: Vec<&ListedDeck>,
) -> Option<(CardPage, IndexEntry)> {
    let Described {
        title,
        about,
        tag,
        side: card_side,
    } = describe(key)?;
    rows.sort_by(|a, b| {
        (
            &b.date,
            &a.event_path,
            a.rank.unwrap_or(u32::MAX),
            &a.player_id,
            a.side,
        )
            .cmp(&(
                &a.date,
                &b.event_path,
                b.rank.unwrap_or(u32::MAX),
                &b.player_id,
                b.side,
            ))
    });
    let side = rows
        .first()
        .map(|r| r.side)
        .filter(|side| rows.iter().all(|r| r.side == *side))
        .map(Side::name);
    let decks = rows.len();
    let mut events: Vec<CardEvent> = Vec::new();
    let mut last_path = None;
    for row in rows.iter().copied() {
        match events.last_mut() {
            Some(e) if last_path == Some(&row.event_path) => e.decks.push(DeckRow::of(site, row)),
            _ => events.push(CardEvent {
                event: row.event.clone(),
                url: site.link(&row.event_path),
                date: row.date.clone(),
                decks: vec![DeckRow::of(site, row)],
            }),
        }
        last_path = Some(&row.event_path);
    }
    let path = key.path();
    let entry = IndexEntry {
        key: key.clone(),
        title: title.clone(),
        tag,
        side: card_side,
        url: site.link(&path),
        path: path.clone(),
        decks,
    };
    let page = CardPage {
        path,
        title,
        about,
        decks,
        side,
        events,
    };
    Some((page, entry))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card in `per_event` lists at each of `events` events, three a year from 2026 back.
    fn card(events: usize, per_event: usize) -> CardPage {
        let deck = DeckRow {
            player: PlayerRef {
                id: "ann".into(),
                name: "Ann".into(),
                url: "/players/ann/".into(),
            },
            deck_url: "/events/x/decks/#deck-ann".into(),
            side: "light",
            finish: String::new(),
        };
        CardPage {
            path: "cards/sets/89/".into(),
            title: "Set 89".into(),
            about: "SW:LCG objective set 89".into(),
            decks: events * per_event,
            side: Some("light"),
            events: (0..events)
                .map(|i| CardEvent {
                    event: format!("Event {i}"),
                    url: format!("/events/{i}/"),
                    date: format!("{}-06-{:02}", 2026 - i / 3, 20 - i % 3),
                    decks: vec![deck.clone(); per_event],
                })
                .collect(),
        }
    }

    #[test]
    fn a_card_of_many_lists_has_pages_of_whole_years_each_list_on_one() {
        let config = crate::config::Config::parse("title = \"T\"").expect("a valid configuration");
        let site = SiteView::new(&config, &[]);
        let few = card(3, DECKS_PER_PAGE / 3);
        assert_eq!(few.pages(&site).len(), 1, "a page's worth stays one page");
        assert!(few.pages(&site)[0].view.pages.is_empty());
        // Three events a year, 70 lists each: 210 a year, so a year a page.
        let many = card(12, 70);
        let pages = many.pages(&site);
        let paths: Vec<&str> = pages.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "cards/sets/89/",
                "cards/sets/89/2025/",
                "cards/sets/89/2024/",
                "cards/sets/89/2023/"
            ]
        );
        let lists =
            |part: &CardPagePart| -> usize { part.view.events.iter().map(|e| e.decks.len()).sum() };
        assert_eq!(
            pages.iter().map(lists).sum::<usize>(),
            12 * 70,
            "every list once"
        );
        assert!(pages.iter().all(|p| lists(p) <= DECKS_PER_PAGE));
        assert_eq!(pages[1].title, "Set 89: 2025");
        assert_eq!(pages[1].view.pages.iter().filter(|y| y.current).count(), 1);
        assert_eq!(pages[0].view.pages[0].label, "2026 (210)");
        // Smaller years share a page: 30 lists a year, ten years to a page.
        let spread = card(36, 10);
        let pages = spread.pages(&site);
        let paths: Vec<&str> = pages.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["cards/sets/89/", "cards/sets/89/2015-2016/"]);
        assert_eq!(pages[1].view.years, "2015–2016");
        assert!(pages.iter().all(|p| {
            crate::site::groups::Group::of(&format!("{}index.html", p.path))
                == Some(crate::site::groups::Group::Cards)
        }));
    }

    #[test]
    fn addresses_use_numbers_and_ids_never_titles() {
        assert_eq!(CardKey::Set("1".into()).path(), "cards/sets/1/");
        assert_eq!(CardKey::Set("FIC01".into()).path(), "cards/sets/fic01/");
        assert_eq!(CardKey::Ccg(221).path(), "cards/ccg/221/");
    }
}
