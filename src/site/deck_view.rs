//! An event's decklists page: every published list of the event on one page, a section per
//! player (addressed as `decks/#deck-<player id>`), with the objective titles and counts or the
//! SW:CCG cards by type, and one plain-text export of them all to paste into other tools. One
//! page and one text file per event, not per player: a page per player repeated the page's
//! chrome and cost a folder and two files of the published archive each.

use serde::Serialize;

use super::addresses::{
    DECKS_TEXT_FILE, card_path, decks_path, event_path, has_decks, person_path, set_path,
};
use super::model::SiteView;
use crate::event::{Decklist, DecklistRelease, Decks, Event, Kind, Player};
use std::collections::BTreeMap;

use crate::event::Side;
use crate::rules::ccg_decks::{
    Card, Named, SET_NOT_NAMED, Uniqueness, counts_toward_deck, display_name, product, read_line,
    resolve_entry,
};
use crate::rules::computed::Computed;
use crate::rules::decks::objective_set;

/// One objective set of a list: its number, title (when known) and copies.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SetLine {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) count: usize,
    /// The set's page, when `data/` knows the set.
    pub(crate) url: Option<String>,
}

/// A list on its page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ListView {
    /// `dark` or `light`.
    pub(crate) side: &'static str,
    pub(crate) affiliation: Option<String>,
    /// The affiliation's mark ([`super::model::affiliation_mark`]).
    pub(crate) mark: Option<&'static str>,
    /// Objective sets in number order, copies counted.
    pub(crate) sets: Vec<SetLine>,
    set_count: usize,
    /// SW:CCG: the cards grouped by type, in the order players sort a list.
    pub(crate) groups: Vec<CardGroup>,
    /// SW:CCG: cards that count toward the deck's size.
    card_count: u32,
}

/// The cards of one type in a SW:CCG list.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CardGroup {
    /// `Characters`, `Defensive Shields`, or `Not identified` for lines that do not name exactly
    /// one card (unknown, ambiguous, or not a card line).
    pub(crate) heading: String,
    /// Cards in the group (copies counted).
    pub(crate) count: u32,
    /// Played from outside the deck: not counted in its size.
    pub(crate) outside: bool,
    pub(crate) cards: Vec<CardLine>,
}

/// One card of a SW:CCG list.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CardLine {
    pub(crate) count: u32,
    /// The name that identifies the card: its title, with its product when the title is shared.
    pub(crate) name: String,
    /// `•`, `••`, `<>`..., or empty.
    pub(crate) mark: String,
    /// The card's product, for readers who look it up.
    pub(crate) product: Option<String>,
    /// The card's page, for a line naming exactly one card (filled in by [`list_view`]).
    pub(crate) url: Option<String>,
    /// The line says the published list did not name the card's set, and its title is one that
    /// several cards share: the page shows the title as published, with no link (every card page
    /// is one card of one set, and the list never said which), and says the set was not named.
    pub(crate) set_not_named: bool,
    /// The card the line names, if exactly one.
    #[serde(skip)]
    card: Option<&'static Card>,
}

/// One player's section of the decklists page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerDecks {
    /// The player's id at the event: the section's `id`, which [`deck_url`] links to.
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page across the archive.
    player_url: String,
    /// Where the player (or their team) finished, as their player page says it: "1st of 72",
    /// "Swiss rank 5 of 24", or empty while unknown.
    pub(crate) result: String,
    /// Dark first.
    pub(crate) lists: Vec<ListView>,
}

/// The page's `decks`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DecksPageView {
    pub(crate) event_name: String,
    pub(crate) event_url: String,
    text_url: String,
    /// In the order of the event's standings: final place, then rank, then the players no
    /// standings rank, in registration order.
    pub(crate) players: Vec<PlayerDecks>,
}

/// The event as the site may show it: without the decklists its `decklists` setting still holds
/// back ([`Computed::decklists_published`]), affiliations included. Every page, export, index,
/// count and image of the site is made from the event as given back here, so none of them can
/// show any part of a list before its time. The lists were read and checked when the event was
/// loaded, so their problems are still reported.
pub(crate) fn publishable((mut event, computed): (Event, Computed)) -> (Event, Computed) {
    if !computed.decklists_published {
        for person in event.players.iter_mut().chain(&mut event.people) {
            person.decks = Decks::default();
        }
    }
    (event, computed)
}

/// What the event's pages say in place of its decklists while they are held back: when they
/// come out, in the terms of the event's kind (see [`crate::rules::compute::decklists_published`]).
/// `None` once they are published.
pub(crate) fn withheld_notice(event: &Event, computed: &Computed) -> Option<&'static str> {
    if computed.decklists_published {
        return None;
    }
    let cut = computed.cut.unwrap_or(0) > 0;
    Some(match (event.info.decklists, &event.kind) {
        (DecklistRelease::AfterCut, Kind::Swiss(_)) if cut => {
            "Decklists are published after the cut, once the Swiss rounds are over."
        }
        (DecklistRelease::AfterCut, Kind::Swiss(_)) => {
            "Decklists are published once the Swiss rounds are over."
        }
        (DecklistRelease::AfterCut, Kind::Ccg(_)) if cut => {
            "Decklists are published once the games are over, before the Final Confrontation."
        }
        (DecklistRelease::AfterCut, Kind::Ccg(_)) => {
            "Decklists are published once the games are over."
        }
        (_, Kind::League(_) | Kind::Challenge(_)) => {
            "Decklists are published once the organizer closes the event."
        }
        _ => "Decklists are published once the event is over.",
    })
}

fn list_view(site: &SiteView, side: Side, deck: &Decklist) -> ListView {
    let mut ids: Vec<&String> = deck.objectives.iter().collect();
    ids.sort_by(|a, b| {
        (a.parse::<u32>().unwrap_or(u32::MAX), a.as_str())
            .cmp(&(b.parse::<u32>().unwrap_or(u32::MAX), b.as_str()))
    });
    ids.dedup();
    let sets = ids
        .into_iter()
        .map(|id| SetLine {
            id: id.clone(),
            title: objective_set(id).map_or_else(|| "unknown set".to_string(), |s| s.title.clone()),
            count: deck.objectives.iter().filter(|o| *o == id).count(),
            url: set_path(id).map(|path| site.link(&path)),
        })
        .collect();
    let mut groups = card_groups(side, &deck.cards);
    for line in groups.iter_mut().flat_map(|g| &mut g.cards) {
        line.url = line.card.map(|card| site.link(&card_path(card)));
    }
    ListView {
        side: match side {
            Side::Dark => "dark",
            Side::Light => "light",
        },
        affiliation: deck.affiliation.clone(),
        mark: deck
            .affiliation
            .as_deref()
            .and_then(super::model::affiliation_mark),
        sets,
        set_count: deck.objectives.len(),
        card_count: groups.iter().filter(|g| !g.outside).map(|g| g.count).sum(),
        groups,
    }
}

/// Where a card type goes in a list, and its heading. Types not named here follow, by name.
const TYPE_ORDER: &[(&str, &str)] = &[
    ("Objective", "Objective"),
    ("Location", "Locations"),
    ("Character", "Characters"),
    ("Starship", "Starships"),
    ("Vehicle", "Vehicles"),
    ("Weapon", "Weapons"),
    ("Device", "Devices"),
    ("Creature", "Creatures"),
    ("Effect", "Effects"),
    ("Interrupt", "Interrupts"),
    ("Epic Event", "Epic Events"),
    ("Admiral's Order", "Admiral's Orders"),
    ("Podracer", "Podracers"),
    ("Jedi Test", "Jedi Tests"),
    ("Defensive Shield", "Defensive Shields"),
];

/// The group of card lines the index does not identify as exactly one card.
const NOT_IDENTIFIED: &str = "Not identified";

/// Groups card lines by card type (the same card on several lines is added up), cards by name
/// within a group; lines the index does not recognize keep their text in a group of their own.
fn card_groups(side: Side, lines: &[String]) -> Vec<CardGroup> {
    // (type rank, heading) -> name -> line
    let mut groups: BTreeMap<(usize, String), (bool, BTreeMap<String, CardLine>)> = BTreeMap::new();
    for line in lines {
        let (rank, heading, outside, card_line) = match resolve_entry(line, side) {
            Ok((count, Named::Card(card))) => {
                let (rank, heading) = type_group(card);
                let line = CardLine {
                    count,
                    name: display_name(card),
                    mark: mark(card.uniqueness),
                    product: product(&card.set).map(|p| p.name.clone()),
                    url: None,
                    set_not_named: false,
                    card: Some(card),
                };
                (rank, heading, !counts_toward_deck(card), line)
            }
            Ok((count, Named::SetNotNamed(cards))) => {
                // What every card the title could be agrees on: its group (else the group of
                // lines not identified, which counts, as the checks count such a line), its
                // printed title (a front face alone may stand for several) and its mark.
                let first = cards[0];
                let agreed = |same: &dyn Fn(&Card) -> bool| cards.iter().all(|c| same(c));
                let (rank, heading, outside) = if agreed(&|c| c.card_type == first.card_type) {
                    let (rank, heading) = type_group(first);
                    (rank, heading, !counts_toward_deck(first))
                } else {
                    (usize::MAX, NOT_IDENTIFIED.to_string(), false)
                };
                let name = if agreed(&|c| c.title == first.title) {
                    first.title.clone()
                } else {
                    let written = read_line(line).map_or(line.as_str(), |(_, text)| text);
                    written
                        .trim_end()
                        .strip_suffix(')')
                        .and_then(|inner| inner.rfind('(').map(|open| inner[..open].trim()))
                        .unwrap_or(written)
                        .to_string()
                };
                let line = CardLine {
                    count,
                    name,
                    mark: if agreed(&|c| c.uniqueness == first.uniqueness) {
                        mark(first.uniqueness)
                    } else {
                        String::new()
                    },
                    product: None,
                    url: None,
                    set_not_named: true,
                    card: None,
                };
                (rank, heading, outside, line)
            }
            Err(_) => {
                // Still cards of the deck (the checks count them too), as written.
                let (count, name) = read_line(line).unwrap_or((0, line.trim()));
                let line = CardLine {
                    count,
                    name: name.trim().to_string(),
                    mark: String::new(),
                    product: None,
                    url: None,
                    set_not_named: false,
                    card: None,
                };
                (usize::MAX, NOT_IDENTIFIED.to_string(), false, line)
            }
        };
        let (_, cards) = groups
            .entry((rank, heading))
            .or_insert_with(|| (outside, BTreeMap::new()));
        cards
            .entry(card_line.text())
            .and_modify(|c| c.count += card_line.count)
            .or_insert(card_line);
    }
    groups
        .into_iter()
        .map(|((_, heading), (outside, cards))| CardGroup {
            heading,
            count: cards.values().map(|c| c.count).sum(),
            outside,
            cards: cards.into_values().collect(),
        })
        .collect()
}

/// A card's place among the groups of a list, and the group's heading.
fn type_group(card: &Card) -> (usize, String) {
    let rank = TYPE_ORDER
        .iter()
        .position(|(t, _)| card.card_type.starts_with(t))
        .unwrap_or(TYPE_ORDER.len());
    let heading = TYPE_ORDER
        .get(rank)
        .map_or_else(|| card.card_type.clone(), |(_, h)| (*h).to_string());
    (rank, heading)
}

impl CardLine {
    /// The line's card as a decklist writes it, without the count: its name, and `(set not
    /// named)` when the published list did not name the set, so that it reads back the same.
    fn text(&self) -> String {
        if self.set_not_named {
            format!("{} ({SET_NOT_NAMED})", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// The uniqueness mark printed before a title.
fn mark(uniqueness: Uniqueness) -> String {
    match uniqueness {
        Uniqueness::Unrestricted => String::new(),
        Uniqueness::Bullets(n) => "•".repeat(usize::from(n)),
        Uniqueness::Diamonds(n) => "<>".repeat(usize::from(n)),
    }
}

/// The people of `event` in the order of the standings, each with where they finished: by
/// place (or rank) while there is one, the others after them in registration order; a team's
/// two players together, in the team's place.
fn persons_in_order<'e>(event: &'e Event, computed: &Computed) -> Vec<(&'e Player, String)> {
    let standings = super::standings::standings(event, computed);
    let mut order: Vec<usize> = (0..event.players.len()).collect();
    order.sort_by_key(|&i| {
        let rank = standings.get(i).and_then(|s| s.rank);
        (rank.is_none(), rank, event.players[i].number)
    });
    order
        .into_iter()
        .flat_map(|i| {
            let result = standings
                .get(i)
                .map(|s| s.result.clone())
                .unwrap_or_default();
            match event.members.get(i) {
                Some(pair) if event.is_team() => pair
                    .iter()
                    .map(|&m| (&event.people[m], result.clone()))
                    .collect(),
                _ => vec![(&event.players[i], result)],
            }
        })
        .collect()
}

/// The event's decklists page: every player with a published list, in the order of the
/// standings, each with where they finished and their lists, dark first. `None` when no list is published.
pub(crate) fn decks_page(
    site: &SiteView,
    aliases: &crate::load::aliases::Aliases,
    event: &Event,
    computed: &Computed,
) -> Option<DecksPageView> {
    let players: Vec<PlayerDecks> = persons_in_order(event, computed)
        .into_iter()
        .filter(|(p, _)| has_decks(p))
        .map(|(player, result)| {
            let lists = [
                (Side::Dark, &player.decks.dark),
                (Side::Light, &player.decks.light),
            ]
            .into_iter()
            .filter_map(|(side, deck)| deck.as_ref().map(|d| list_view(site, side, d)))
            .collect();
            PlayerDecks {
                id: player.id.clone(),
                name: player.name.clone(),
                player_url: site.link(&person_path(aliases, &player.id)),
                result,
                lists,
            }
        })
        .collect();
    if players.is_empty() {
        return None;
    }
    let path = decks_path(event);
    Some(DecksPageView {
        event_name: event.info.name.clone(),
        event_url: site.link(&event_path(event)),
        text_url: site.link(&format!("{path}{DECKS_TEXT_FILE}")),
        players,
    })
}

/// The plain-text export of every list of the page: each player's lists under a `#` line with
/// their name. Each side's part, pasted into a decklist file (see `load::decklists`), reads back
/// as the same list: `#` lines and headings (ending in `:`) are skipped.
pub(crate) fn decks_text(page: &DecksPageView) -> String {
    let mut out = format!("# {}: decklists\n", one_line(&page.event_name));
    for player in &page.players {
        out.push_str(&format!("\n\n# ===== {} =====\n", one_line(&player.name)));
        for list in &player.lists {
            list_text(&mut out, list);
        }
    }
    out
}

/// A name on one `#` line: a line break in it would start a line that is read as an entry.
fn one_line(name: &str) -> String {
    name.split(char::is_control).collect::<Vec<_>>().join(" ")
}

/// One side's part of the export: its heading, then its objective sets or cards by type.
fn list_text(out: &mut String, list: &ListView) {
    let side = if list.side == "dark" {
        "Dark side"
    } else {
        "Light side"
    };
    if list.set_count > 0 || list.groups.is_empty() {
        out.push_str(&format!("\n{side} ({} objective sets):\n", list.set_count));
        if let Some(affiliation) = &list.affiliation {
            out.push_str(&format!("Affiliation: {affiliation}\n"));
        }
        for set in &list.sets {
            out.push_str(&format!("{}x {} {}\n", set.count, set.id, set.title));
        }
    }
    if !list.groups.is_empty() {
        out.push_str(&format!("\n{side} ({} cards):\n", list.card_count));
        for group in &list.groups {
            let outside = if group.outside {
                ", outside the deck"
            } else {
                ""
            };
            out.push_str(&format!("{} ({}{outside}):\n", group.heading, group.count));
            for card in &group.cards {
                if card.count == 0 {
                    out.push_str(&format!("{}\n", card.text()));
                } else {
                    out.push_str(&format!("{} {}\n", card.count, card.text()));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::compute::compute;
    use crate::rules::standings::tests::event_with;

    /// An event of two players, both with lists (in a team event, its people), not yet begun.
    fn with_lists(release: DecklistRelease) -> Event {
        let mut event = event_with(2, vec![]);
        event.info.swiss_rounds = Some(2);
        event.info.decklists = release;
        let list = Decklist {
            affiliation: Some("Jedi".into()),
            objectives: vec!["1".into(); 10],
            cards: vec![],
        };
        for player in &mut event.players {
            player.decks.light = Some(list.clone());
        }
        event.people = event.players.clone();
        event
    }

    fn publishable_now(event: Event) -> (Event, Computed) {
        let computed = compute(&crate::rules::FFG_2018, &event);
        publishable((event, computed))
    }

    #[test]
    fn held_back_lists_are_taken_out_for_players_and_team_members() {
        let (held, computed) = publishable_now(with_lists(DecklistRelease::AfterCut));
        assert!(!computed.decklists_published);
        assert!(
            held.players
                .iter()
                .chain(&held.people)
                .all(|p| !has_decks(p))
        );
        let (public, _) = publishable_now(with_lists(DecklistRelease::Public));
        assert!(public.players.iter().chain(&public.people).all(has_decks));
    }

    #[test]
    fn the_notice_says_when_in_the_terms_of_the_event() {
        let notice = |release: DecklistRelease, cut: u32, kind: Option<Kind>| {
            let mut event = with_lists(release);
            event.info.cut = Some(cut);
            if let Some(kind) = kind {
                event.kind = kind;
            }
            let computed = compute(&crate::rules::FFG_2018, &event);
            withheld_notice(&event, &computed)
        };
        assert_eq!(notice(DecklistRelease::Public, 4, None), None);
        assert_eq!(
            notice(DecklistRelease::AfterCut, 4, None),
            Some("Decklists are published after the cut, once the Swiss rounds are over.")
        );
        assert_eq!(
            notice(DecklistRelease::AfterCut, 0, None),
            Some("Decklists are published once the Swiss rounds are over.")
        );
        assert_eq!(
            notice(DecklistRelease::AfterEvent, 4, None),
            Some("Decklists are published once the event is over.")
        );
        assert_eq!(
            notice(DecklistRelease::AfterCut, 0, Some(Kind::League(Vec::new()))),
            Some("Decklists are published once the organizer closes the event.")
        );
    }

    #[test]
    fn sets_are_counted_in_number_order_with_titles() {
        let deck = Decklist {
            affiliation: Some("Jedi".into()),
            objectives: vec!["2".into(), "1".into(), "2".into()],
            cards: vec![],
        };
        let list = list_view(&site(), Side::Light, &deck);
        let lines: Vec<(String, usize)> =
            list.sets.iter().map(|s| (s.id.clone(), s.count)).collect();
        assert_eq!(lines, vec![("1".to_string(), 1), ("2".to_string(), 2)]);
        assert_eq!(list.sets[0].title, "A Hero's Journey");
        assert_eq!(
            decks_text(&page(list)),
            "# Cup: decklists\n\n\n# ===== Tom =====\n\nLight side (3 objective sets):\nAffiliation: Jedi\n1x 1 A Hero's Journey\n2x 2 In You Must Go\n"
        );
    }

    fn site() -> SiteView {
        let config = crate::config::Config::parse("title = 't'\nbase_url = 'https://example.org/'")
            .expect("a configuration");
        SiteView::new(&config, &[])
    }

    fn page(list: ListView) -> DecksPageView {
        DecksPageView {
            event_name: "Cup".into(),
            event_url: "/".into(),
            text_url: "/decks.txt".into(),
            players: vec![PlayerDecks {
                id: "tom".into(),
                name: "Tom".into(),
                player_url: "/players/tom/".into(),
                result: "1st of 8".into(),
                lists: vec![list],
            }],
        }
    }

    #[test]
    fn cards_are_grouped_by_type_with_shields_outside_the_deck() {
        let deck = Decklist {
            cards: vec![
                "2 Rebel Fleet".into(),
                "1 Jawa (Coruscant)".into(),
                "1 Hidden Base".into(),
                "1 jawa (coruscant)".into(),
                "1 Aim High (Reflections III)".into(),
                "3 No Such Card".into(),
            ],
            ..Decklist::default()
        };
        let list = list_view(&site(), Side::Light, &deck);
        type Group = (String, u32, bool, Vec<(u32, String)>);
        let summary: Vec<Group> = list
            .groups
            .iter()
            .map(|g| {
                (
                    g.heading.clone(),
                    g.count,
                    g.outside,
                    g.cards.iter().map(|c| (c.count, c.name.clone())).collect(),
                )
            })
            .collect();
        let cards = |v: &[(u32, &str)]| -> Vec<(u32, String)> {
            v.iter().map(|&(n, s)| (n, s.to_string())).collect()
        };
        assert_eq!(
            summary,
            vec![
                (
                    "Objective".to_string(),
                    1,
                    false,
                    cards(&[(1, "Hidden Base / Systems Will Slip Through Your Fingers")])
                ),
                (
                    "Characters".to_string(),
                    2,
                    false,
                    cards(&[(2, "Jawa (Coruscant)")])
                ),
                (
                    "Effects".to_string(),
                    2,
                    false,
                    cards(&[(2, "Rebel Fleet")])
                ),
                (
                    "Defensive Shields".to_string(),
                    1,
                    true,
                    cards(&[(1, "Aim High (Reflections 3)")])
                ),
                (
                    "Not identified".to_string(),
                    3,
                    false,
                    cards(&[(3, "No Such Card")])
                ),
            ]
        );
        // Shields are listed but not counted; lines not identified are still cards.
        assert_eq!(list.card_count, 8);
        let text = decks_text(&page(list));
        assert!(text.contains("\nLight side (8 cards):\nObjective (1):\n1 Hidden Base / Systems Will Slip Through Your Fingers\nCharacters (2):\n2 Jawa (Coruscant)\n"), "{text}");
        assert!(
            text.contains("Defensive Shields (1, outside the deck):\n1 Aim High (Reflections 3)\n"),
            "{text}"
        );
        assert!(
            text.ends_with("Not identified (3):\n3 No Such Card\n"),
            "{text}"
        );
    }

    #[test]
    fn a_card_whose_set_was_not_named_shows_its_title_unlinked_and_counts() {
        let deck = Decklist {
            cards: vec![
                "1 Tatooine (set not named)".into(),
                "1 Jawa (Premiere)".into(),
                "2 jawa (Set Not Named)".into(),
                // An Effect in one set, a Defensive Shield in the other: no one group.
                "1 A Tragedy Has Occurred (set not named)".into(),
            ],
            ..Decklist::default()
        };
        let list = list_view(&site(), Side::Light, &deck);
        // Each line: count, name, mark, linked, set not named.
        type Line<'a> = (u32, &'a str, &'a str, bool, bool);
        let summary: Vec<(&str, Vec<Line<'_>>)> = list
            .groups
            .iter()
            .map(|g| {
                (
                    g.heading.as_str(),
                    g.cards
                        .iter()
                        .map(|c| {
                            let linked = c.url.is_some();
                            (
                                c.count,
                                c.name.as_str(),
                                c.mark.as_str(),
                                linked,
                                c.set_not_named,
                            )
                        })
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                ("Locations", vec![(1, "Tatooine", "•", false, true)]),
                (
                    "Characters",
                    vec![
                        (1, "Jawa (Premiere)", "", true, false),
                        (2, "Jawa", "", false, true),
                    ]
                ),
                (
                    "Not identified",
                    vec![(1, "A Tragedy Has Occurred", "•", false, true)]
                ),
            ]
        );
        // Every line is a card of the deck, as the checks count them.
        assert_eq!(list.card_count, 5);
        let text = decks_text(&page(list));
        assert!(
            text.contains(
                "Locations (1):\n1 Tatooine (set not named)\nCharacters (3):\n1 Jawa (Premiere)\n2 Jawa \
                 (set not named)\nNot identified (1):\n1 A Tragedy Has Occurred (set not named)\n"),
            "{text}"
        );
        // The export reads back as the same list: every card line resolves as before.
        for line in text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        {
            assert!(resolve_entry(line, Side::Light).is_ok(), "{line:?}");
        }
    }
}
