//! The statistics counts of events, as plain data: what each event adds to the statistics
//! tables of its own page and of the archive, counted once per event (reading its decklists is
//! the costly part) and summed, with no table or chart made yet (the statistics page,
//! [`super::stats`], makes them).
//!
//! What is counted:
//! - **Sides**: every game whose sides are known: Swiss games of a table that recorded
//!   `first_dark` (the sides swap for the second game) and elimination games (SW:LCG); every
//!   game and Final Confrontation game (SW:CCG).
//! - **Endings**: every Swiss game of the LCG rulesets, by its recorded `by`; every SW:CCG game
//!   by its result (full win, modified win, true tie, quit).
//! - **Affiliations** and **objective sets**: every recorded LCG decklist; a set counts once per
//!   deck that includes it.
//! - **Leagues**: every league game counts in its game's sides and endings (its sides are always
//!   recorded).
//! - **Affiliation records**: every game above whose sides are known, for each player whose
//!   decklist on the side they played names an affiliation (single-player SW:LCG events).
//! - **Years**: every event by the year of its date, with its players (a player at two events
//!   of a year counts twice; an event known only by its results counts its `field_size` when it
//!   gives one, since everyone in the field played).
//! - **Challenge-deck scenarios**: every session, in its scenario's record by team size.
//! - **SW:CCG objectives and cards**: every recorded CCG decklist; a card counts once per deck
//!   that includes it, and only the lines that name exactly one card are counted.

use std::collections::BTreeMap;

use crate::event::Side;
use crate::event::casual::{LeagueResult, Session};
use crate::event::{Decklist, Event, Kind, Outcome};
use crate::rules::ccg_decks::{display_name, resolve_line};
use crate::rules::computed::Computed;
use crate::rules::swccg::scoring::ResultKind;

/// Counts in insertion-independent order: label -> count.
pub(super) type Counts = BTreeMap<String, u32>;

/// The labels of the side results, by the side that won (`side_result` counts them; the
/// statistics page marks a row with its side by them).
pub(super) const DARK_WON: &str = "Dark side won";
pub(super) const LIGHT_WON: &str = "Light side won";

/// Counts one game whose dark player is known.
fn side_result(dark: usize, winner: Option<usize>, sides: &mut Counts) {
    let label = match winner {
        Some(w) if w == dark => DARK_WON,
        Some(_) => LIGHT_WON,
        None => "Drawn",
    };
    *sides.entry(label.to_string()).or_default() += 1;
}

/// The label of a SW:CCG result in the endings table.
fn ccg_ending(kind: ResultKind) -> &'static str {
    match kind {
        ResultKind::FullWin => "full win",
        ResultKind::ModifiedWin => "modified win (on time)",
        ResultKind::TrueTie => "true tie",
        ResultKind::Quit => "quit",
    }
}

/// Counts from SW:CCG decklists: objectives, and each side's cards, by the decks holding them.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct CcgDecks {
    pub(super) decks: [u32; 2],
    pub(super) objectives: Counts,
    pub(super) cards: [Counts; 2],
}

impl CcgDecks {
    fn add(&mut self, side: Side, deck: &Decklist) {
        let slot = usize::from(side == Side::Light);
        self.decks[slot] += 1;
        let mut names: Vec<(String, bool)> = deck
            .cards
            .iter()
            .filter_map(|line| resolve_line(line, side).ok())
            .map(|(_, card)| (display_name(card), card.card_type == "Objective"))
            .collect();
        names.sort();
        names.dedup();
        for (name, objective) in names {
            if objective {
                // Objectives are two-faced; the front names the deck.
                let front = name.split(" / ").next().unwrap_or(&name).to_string();
                *self.objectives.entry(front).or_default() += 1;
            }
            *self.cards[slot].entry(name).or_default() += 1;
        }
    }
}

/// Counts `n` more of `label` into `counts`, or (`adding` false) takes `n` away, dropping a
/// label that reaches zero: a running total taken down again equals one never counted up.
pub(super) fn tally(counts: &mut Counts, label: &str, n: u32, adding: bool) {
    match counts.get_mut(label) {
        Some(count) if adding => *count += n,
        Some(count) => {
            *count -= n;
            if *count == 0 {
                counts.remove(label);
            }
        }
        None if adding => {
            counts.insert(label.to_string(), n);
        }
        None => {}
    }
}

/// The counts of some events, before they become tables. Counted once per event (reading its
/// decklists is the costly part) and summed: the archive's statistics add up each event's.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Counted {
    pub(super) events: u32,
    pub(super) decks: u32,
    pub(super) sides: Counts,
    pub(super) endings: Counts,
    pub(super) affiliations: Counts,
    pub(super) objectives: Counts,
    pub(super) ccg_sides: Counts,
    pub(super) ccg_endings: Counts,
    pub(super) ccg_decks: CcgDecks,
    /// By affiliation: games played with a deck of it, and games won.
    pub(super) deck_games: Counts,
    pub(super) deck_wins: Counts,
    /// By affiliation: lists brought to an SW:LCG event with a top cut, and of those, the lists
    /// of players who made the cut.
    pub(super) cut_lists: Counts,
    pub(super) cut_made: Counts,
    /// By year: events, and their players.
    pub(super) year_events: Counts,
    pub(super) year_players: Counts,
    /// By year ([`year_key`]): SW:LCG and SW:CCG side results, SW:LCG affiliations and SW:CCG
    /// objectives, for the trends.
    pub(super) year_sides: Counts,
    pub(super) year_ccg_sides: Counts,
    pub(super) year_affiliations: Counts,
    pub(super) year_ccg_objectives: Counts,
    pub(super) sessions: Vec<Session>,
}

/// Joins a year and a label into one key of a year's counts: a character no label holds
/// keeps them apart, and keys sort by year first.
const YEAR_SEP: char = '\u{1f}';

fn year_key(year: &str, label: &str) -> String {
    format!("{year}{YEAR_SEP}{label}")
}

/// A year's counts, back to `year -> label -> count`.
pub(super) fn by_year(counts: &Counts) -> BTreeMap<&str, Counts> {
    let mut years: BTreeMap<&str, Counts> = BTreeMap::new();
    for (key, &n) in counts {
        if let Some((year, label)) = key.split_once(YEAR_SEP) {
            years.entry(year).or_default().insert(label.to_string(), n);
        }
    }
    years
}

/// Counts one game of a player whose decklist for `side` names an affiliation.
fn deck_game(event: &Event, player: usize, side: Side, won: bool, c: &mut Counted) {
    if event.is_team() {
        // The games of a team event are the teams'; which member played is not recorded.
        return;
    }
    let Some(person) = event.players.get(player) else {
        return;
    };
    let deck = match side {
        Side::Dark => &person.decks.dark,
        Side::Light => &person.decks.light,
    };
    let Some(affiliation) = deck.as_ref().and_then(|d| d.affiliation.as_ref()) else {
        return;
    };
    *c.deck_games.entry(affiliation.clone()).or_default() += 1;
    if won {
        *c.deck_wins.entry(affiliation.clone()).or_default() += 1;
    }
}

/// Counts a game with known sides into each player's affiliation record.
fn deck_result(event: &Event, dark: usize, light: usize, winner: Option<usize>, c: &mut Counted) {
    deck_game(event, dark, Side::Dark, winner == Some(dark), c);
    deck_game(event, light, Side::Light, winner == Some(light), c);
}

impl Counted {
    /// Counts one event.
    pub(crate) fn event(event: &Event, computed: &Computed) -> Counted {
        let mut c = Counted {
            events: 1,
            ..Counted::default()
        };
        let lcg = computed.ccg().is_none();
        let year = event.info.date.year.to_string();
        c.year_events.insert(year.clone(), 1);
        // A recorded field larger than its standings counts everyone who played.
        let field = event.info.field_size.map(|n| {
            let per_competitor = if event.is_team() { 2 } else { 1 };
            n as usize * per_competitor
        });
        let players = u32::try_from(field.unwrap_or(event.persons().len())).unwrap_or(u32::MAX);
        if players > 0 {
            c.year_players.insert(year, players);
        }
        for table in event.rounds().iter().flat_map(|r| &r.tables) {
            let Outcome::Games(games) = &table.outcome else {
                continue;
            };
            for (i, game) in games.iter().enumerate() {
                if lcg {
                    let how = game.by.map_or("not recorded", |b| b.name());
                    *c.endings.entry(how.to_string()).or_default() += 1;
                }
                if let Some(first) = table.first_dark {
                    let other = table.players[usize::from(table.players[0] == first)];
                    let dark = if i % 2 == 0 { first } else { other };
                    let light = if dark == first { other } else { first };
                    side_result(dark, game.winner, &mut c.sides);
                    deck_result(event, dark, light, game.winner, &mut c);
                }
            }
        }
        if let Some(bracket) = computed.swiss().and_then(|s| s.bracket.as_ref()) {
            for game in &bracket.games {
                if let (Some(dark), Some(winner)) = (game.dark, game.winner) {
                    side_result(dark, Some(winner), &mut c.sides);
                    if let [Some(a), Some(b)] = game.players {
                        let light = if a == dark { b } else { a };
                        deck_result(event, dark, light, Some(winner), &mut c);
                    }
                }
            }
        }
        if let Some(ccg) = computed.ccg() {
            let finals = ccg.final_confrontation.iter().flat_map(|f| &f.games);
            for game in ccg.games().iter().flatten().chain(finals) {
                side_result(game.dark, Some(game.winner), &mut c.ccg_sides);
                *c.ccg_endings
                    .entry(ccg_ending(game.kind).to_string())
                    .or_default() += 1;
            }
        }
        if let (Kind::League(recorded), Some(league)) = (&event.kind, computed.league()) {
            // The computed games are the recorded ones, scored, in the same order.
            for (game, scored) in recorded.iter().zip(&league.games) {
                match (&game.result, scored.kind) {
                    (LeagueResult::Lcg(g), _) => {
                        side_result(game.dark, g.winner, &mut c.sides);
                        deck_result(event, game.dark, game.light, g.winner, &mut c);
                        let how = g.by.map_or("not recorded", |b| b.name());
                        *c.endings.entry(how.to_string()).or_default() += 1;
                    }
                    (LeagueResult::Ccg(_), kind) => {
                        side_result(game.dark, scored.winner, &mut c.ccg_sides);
                        if let Some(kind) = kind {
                            *c.ccg_endings
                                .entry(ccg_ending(kind).to_string())
                                .or_default() += 1;
                        }
                    }
                }
            }
        }
        if let Kind::Challenge(sessions) = &event.kind {
            c.sessions.extend(sessions.iter().cloned());
        }
        c.count_decks(event, lcg);
        if lcg {
            c.count_cut(event, computed);
        }
        // An event falls in the year of its date, all its games and lists with it.
        let year = event.info.date.year.to_string();
        for (into, from) in [
            (&mut c.year_sides, &c.sides),
            (&mut c.year_ccg_sides, &c.ccg_sides),
            (&mut c.year_affiliations, &c.affiliations),
            (&mut c.year_ccg_objectives, &c.ccg_decks.objectives),
        ] {
            into.extend(from.iter().map(|(label, &n)| (year_key(&year, label), n)));
        }
        c
    }

    /// Counts the lists brought to an event whose cut is made, by affiliation, and those of the
    /// players who made it (a replacement for a player who left counts as making it). Team
    /// events are left out: their seeds are teams, whose lists are their members'.
    fn count_cut(&mut self, event: &Event, computed: &Computed) {
        let Some(seeds) = computed.swiss().map(|s| &s.seeds) else {
            return;
        };
        if seeds.is_empty() || event.is_team() {
            return;
        }
        for (index, player) in event.players.iter().enumerate() {
            let made = seeds.iter().any(|s| s.player == index);
            for deck in [&player.decks.dark, &player.decks.light]
                .into_iter()
                .flatten()
            {
                let Some(affiliation) = &deck.affiliation else {
                    continue;
                };
                *self.cut_lists.entry(affiliation.clone()).or_default() += 1;
                if made {
                    *self.cut_made.entry(affiliation.clone()).or_default() += 1;
                }
            }
        }
    }

    /// Counts every recorded decklist of `event` in its own game's tables.
    fn count_decks(&mut self, event: &Event, lcg: bool) {
        let c = self;
        for person in event.persons() {
            for (side, deck) in [
                (Side::Dark, &person.decks.dark),
                (Side::Light, &person.decks.light),
            ] {
                let Some(deck) = deck else { continue };
                c.decks += 1;
                if !lcg {
                    c.ccg_decks.add(side, deck);
                    continue;
                }
                if let Some(affiliation) = &deck.affiliation {
                    *c.affiliations.entry(affiliation.clone()).or_default() += 1;
                }
                let mut ids: Vec<&String> = deck.objectives.iter().collect();
                ids.sort();
                ids.dedup();
                for id in ids {
                    let label = crate::rules::decks::objective_set(id)
                        .map_or_else(|| id.clone(), |set| format!("{} ({id})", set.title));
                    *c.objectives.entry(label).or_default() += 1;
                }
            }
        }
    }

    /// Takes away counts [`Counted::add`] added: a running total stays exact when one event
    /// changes. Labels whose count drops to zero go, as if they had never been added.
    pub(crate) fn remove(&mut self, other: &Counted) {
        self.combine(other, false);
        for session in &other.sessions {
            if let Some(at) = self.sessions.iter().position(|s| s == session) {
                self.sessions.remove(at);
            }
        }
    }

    /// Adds another set of counts to these.
    pub(crate) fn add(&mut self, other: &Counted) {
        self.combine(other, true);
        self.sessions.extend(other.sessions.iter().cloned());
    }

    /// Adds every number and count of `other` to these, or (`adding` false) takes them away.
    fn combine(&mut self, other: &Counted, adding: bool) {
        let [dark_cards, light_cards] = &mut self.ccg_decks.cards;
        let [other_dark, other_light] = &other.ccg_decks.cards;
        for (into, from) in [
            (&mut self.sides, &other.sides),
            (&mut self.endings, &other.endings),
            (&mut self.affiliations, &other.affiliations),
            (&mut self.objectives, &other.objectives),
            (&mut self.ccg_sides, &other.ccg_sides),
            (&mut self.ccg_endings, &other.ccg_endings),
            (&mut self.ccg_decks.objectives, &other.ccg_decks.objectives),
            (dark_cards, other_dark),
            (light_cards, other_light),
            (&mut self.deck_games, &other.deck_games),
            (&mut self.deck_wins, &other.deck_wins),
            (&mut self.cut_lists, &other.cut_lists),
            (&mut self.cut_made, &other.cut_made),
            (&mut self.year_events, &other.year_events),
            (&mut self.year_players, &other.year_players),
            (&mut self.year_sides, &other.year_sides),
            (&mut self.year_ccg_sides, &other.year_ccg_sides),
            (&mut self.year_affiliations, &other.year_affiliations),
            (&mut self.year_ccg_objectives, &other.year_ccg_objectives),
        ] {
            for (label, &n) in from {
                tally(into, label, n, adding);
            }
        }
        let [dark_decks, light_decks] = &mut self.ccg_decks.decks;
        for (into, from) in [
            (&mut self.events, other.events),
            (&mut self.decks, other.decks),
            (dark_decks, other.ccg_decks.decks[0]),
            (light_decks, other.ccg_decks.decks[1]),
        ] {
            if adding {
                *into += from;
            } else {
                *into -= from;
            }
        }
    }
}
