//! Meta statistics, for one event or the whole archive: which affiliations, objective sets and
//! cards were played (from recorded decklists), how often each side won, and how games ended,
//! for each of the two games apart (their results and decks have nothing in common).
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

use serde::Serialize;

use super::chart::{Bar, Tone, bar_chart};
use crate::event::Side;
use crate::event::casual::{LeagueResult, Session};
use crate::event::{Decklist, Event, Kind, Outcome};
use crate::rules::ccg_decks::{display_name, resolve_line};
use crate::rules::computed::Computed;
use crate::rules::swccg::scoring::ResultKind;

/// How many objective sets the tables list, most played first.
const TOP_OBJECTIVES: usize = 15;

/// One row of a statistics table: a label, a count, its share and the bar's length (0-100,
/// against the largest count of the table).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) label: String,
    /// In a sides table, the side a row's games were won by (`dark` or `light`, none for draws),
    /// for its mark and its chart bar's tone; none in other tables.
    pub(crate) side: Option<&'static str>,
    pub(crate) count: u32,
    /// "42%" of the table's total.
    pub(crate) share: String,
    pub(crate) bar: u32,
}

/// The statistics of some events.
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct StatsView {
    /// Events counted.
    pub(crate) events: u32,
    /// Decklists counted (both games).
    pub(crate) decks: u32,
    /// Games whose sides are known (both games).
    sided_games: u32,
    /// SW:LCG.
    pub(crate) sides: Vec<Tally>,
    pub(crate) endings: Vec<Tally>,
    pub(crate) affiliations: Vec<Tally>,
    pub(crate) objectives: Vec<Tally>,
    /// SW:CCG.
    ccg_sides: Vec<Tally>,
    ccg_endings: Vec<Tally>,
    ccg_objectives: Vec<Tally>,
    ccg_dark_cards: Vec<Tally>,
    ccg_light_cards: Vec<Tally>,
    /// Challenge-deck sessions: each scenario's record by team size.
    pub(crate) scenarios: Vec<super::casual_view::ScenarioRecordView>,
    /// SW:LCG: each affiliation's games and wins, most played first.
    affiliation_records: Vec<RateRow>,
    /// Events and players by year, oldest first.
    pub(crate) years: Vec<YearRow>,
    /// Side results and deck shares year by year, for each game.
    pub(crate) trends: Trends,
    /// The charts drawn beside the tables (none until [`StatsView::charted`]).
    pub(crate) charts: Charts,
    /// Whether any table has rows.
    pub(crate) any: bool,
}

/// One affiliation's record: games played with it, games won, and the win rate ("55%").
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
struct RateRow {
    pub(crate) label: String,
    pub(crate) games: u32,
    pub(crate) won: u32,
    pub(crate) rate: String,
}

/// One year of the archive: its events and their players.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct YearRow {
    pub(crate) year: String,
    pub(crate) events: u32,
    pub(crate) players: u32,
}

/// Charts of the numbers where a share or a trend is the point, as inline SVG (empty when there
/// is nothing to draw). Each repeats numbers a table gives.
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct Charts {
    pub(crate) sides: String,
    ccg_sides: String,
    pub(crate) endings: String,
    ccg_endings: String,
    pub(crate) affiliations: String,
    affiliation_records: String,
    pub(crate) years: String,
    trend_sides: String,
    trend_ccg_sides: String,
    trend_affiliations: String,
    trend_ccg_objectives: String,
}

/// How the archive changed year by year, each game apart: which side won, and what decks the
/// published lists were (SW:LCG affiliations, SW:CCG objectives).
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct Trends {
    pub(crate) sides: Vec<YearSides>,
    ccg_sides: Vec<YearSides>,
    pub(crate) affiliations: Vec<YearShares>,
    ccg_objectives: Vec<YearShares>,
}

/// One year's games with known sides: each side's wins and win rate ("52%" of the year's games).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct YearSides {
    pub(crate) year: String,
    pub(crate) games: u32,
    pub(crate) dark: u32,
    pub(crate) light: u32,
    pub(crate) drawn: u32,
    dark_rate: String,
    light_rate: String,
}

/// One year's published decklists of a game that name an affiliation (SW:LCG) or an objective
/// (SW:CCG), and each one's share of them.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct YearShares {
    pub(crate) year: String,
    pub(crate) decks: u32,
    /// Most played first; SW:CCG objectives cut to the most played few.
    pub(crate) rows: Vec<Tally>,
}

/// How many SW:CCG objectives each year of the trends lists.
const TOP_TREND_OBJECTIVES: usize = 5;

/// Each year's side results, from `year -> label -> games` counts.
fn year_sides(counts: &Counts) -> Vec<YearSides> {
    by_year(counts)
        .into_iter()
        .map(|(year, results)| {
            let get = |label: &str| results.get(label).copied().unwrap_or(0);
            let (dark, light, drawn) = (get("Dark side won"), get("Light side won"), get("Drawn"));
            let games = dark + light + drawn;
            YearSides {
                year: year.to_string(),
                games,
                dark,
                light,
                drawn,
                dark_rate: percent(dark, games),
                light_rate: percent(light, games),
            }
        })
        .collect()
}

/// Each year's deck shares, from `year -> label -> decks`, of the year's decks that name one
/// (a list names one affiliation, or one SW:CCG objective), keeping the `limit` most played.
fn year_shares(counts: &Counts, limit: usize) -> Vec<YearShares> {
    by_year(counts)
        .into_iter()
        .map(|(year, labels)| {
            let decks = labels.values().sum();
            YearShares {
                year: year.to_string(),
                decks,
                rows: tallies(labels, limit, Some(decks)),
            }
        })
        .collect()
}

/// `part` of `whole` as a whole percentage, rounded: "42%".
fn percent(part: u32, whole: u32) -> String {
    let (part, whole) = (u64::from(part), u64::from(whole));
    format!("{}%", (part * 100 + whole / 2) / whole.max(1))
}

/// The bars of a share chart: each row's count against the table's total.
fn share_bars(rows: &[Tally], sided: bool) -> Vec<Bar> {
    let total = rows.iter().map(|r| r.count).sum();
    rows.iter()
        .map(|r| Bar {
            label: r.label.clone(),
            value: r.count,
            of: total,
            text: format!("{} · {}", r.count, r.share),
            tone: match (sided, r.side) {
                (false, _) => Tone::Plain,
                (true, Some("dark")) => Tone::Dark,
                (true, Some(_)) => Tone::Light,
                (true, None) => Tone::Neutral,
            },
        })
        .collect()
}

/// Counts in insertion-independent order: label -> count.
pub(super) type Counts = BTreeMap<String, u32>;

/// Turns counts into rows, largest first (ties by label), keeping at most `limit`. Shares are
/// of `total`, or of the counts' sum when `None`.
fn tallies(counts: Counts, limit: usize, total: Option<u32>) -> Vec<Tally> {
    let total: u32 = total.unwrap_or_else(|| counts.values().sum());
    let mut rows: Vec<(String, u32)> = counts.into_iter().filter(|&(_, n)| n > 0).collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows.truncate(limit);
    let max = rows.first().map_or(1, |r| r.1.max(1));
    rows.into_iter()
        .map(|(label, count)| Tally {
            side: None,
            share: percent(count, total),
            bar: count * 100 / max,
            label,
            count,
        })
        .collect()
}

/// The labels of a sides table's rows, by the side that won (`side_result` counts them).
const DARK_WON: &str = "Dark side won";
const LIGHT_WON: &str = "Light side won";

/// Counts one game whose dark player is known.
fn side_result(dark: usize, winner: Option<usize>, sides: &mut Counts) {
    let label = match winner {
        Some(w) if w == dark => DARK_WON,
        Some(_) => LIGHT_WON,
        None => "Drawn",
    };
    *sides.entry(label.to_string()).or_default() += 1;
}

/// A sides table's rows, each with the side that won its games.
fn side_tallies(counts: Counts) -> Vec<Tally> {
    let mut rows = tallies(counts, usize::MAX, None);
    for row in &mut rows {
        row.side = match row.label.as_str() {
            DARK_WON => Some("dark"),
            LIGHT_WON => Some("light"),
            _ => None,
        };
    }
    rows
}

/// How many most played cards of each side the SW:CCG tables list.
const TOP_CARDS: usize = 15;

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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct CcgDecks {
    decks: [u32; 2],
    objectives: Counts,
    cards: [Counts; 2],
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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Counted {
    events: u32,
    decks: u32,
    sides: Counts,
    endings: Counts,
    affiliations: Counts,
    objectives: Counts,
    ccg_sides: Counts,
    ccg_endings: Counts,
    ccg_decks: CcgDecks,
    /// By affiliation: games played with a deck of it, and games won.
    deck_games: Counts,
    deck_wins: Counts,
    /// By year: events, and their players.
    year_events: Counts,
    year_players: Counts,
    /// By year ([`year_key`]): SW:LCG and SW:CCG side results, SW:LCG affiliations and SW:CCG
    /// objectives, for the trends.
    year_sides: Counts,
    year_ccg_sides: Counts,
    year_affiliations: Counts,
    year_ccg_objectives: Counts,
    sessions: Vec<Session>,
}

/// Joins a year and a label into one key of a year's counts: a character no label holds
/// keeps them apart, and keys sort by year first.
const YEAR_SEP: char = '\u{1f}';

fn year_key(year: &str, label: &str) -> String {
    format!("{year}{YEAR_SEP}{label}")
}

/// A year's counts, back to `year -> label -> count`.
fn by_year(counts: &Counts) -> BTreeMap<&str, Counts> {
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

    /// The tables.
    pub(crate) fn view(self) -> StatsView {
        let mut view = StatsView {
            events: self.events,
            decks: self.decks,
            ..StatsView::default()
        };
        let ccg_decks = self.ccg_decks;
        view.sided_games = self.sides.values().sum::<u32>() + self.ccg_sides.values().sum::<u32>();
        view.sides = side_tallies(self.sides);
        view.endings = tallies(self.endings, usize::MAX, None);
        view.affiliations = tallies(self.affiliations, usize::MAX, None);
        // A set's (or card's) share is of the decks, since one deck holds many.
        let lcg_decks = view.decks - ccg_decks.decks.iter().sum::<u32>();
        view.objectives = tallies(self.objectives, TOP_OBJECTIVES, Some(lcg_decks));
        view.ccg_sides = side_tallies(self.ccg_sides);
        view.ccg_endings = tallies(self.ccg_endings, usize::MAX, None);
        view.ccg_objectives = tallies(
            ccg_decks.objectives,
            TOP_CARDS,
            Some(ccg_decks.decks.iter().sum()),
        );
        let [dark_cards, light_cards] = ccg_decks.cards;
        view.ccg_dark_cards = tallies(dark_cards, TOP_CARDS, Some(ccg_decks.decks[0]));
        view.ccg_light_cards = tallies(light_cards, TOP_CARDS, Some(ccg_decks.decks[1]));
        view.scenarios = crate::rules::casual::scenario_records(&self.sessions)
            .iter()
            .map(|r| super::casual_view::record_view(r, None))
            .collect();
        let mut records: Vec<RateRow> = self
            .deck_games
            .iter()
            .map(|(label, &games)| {
                let won = self.deck_wins.get(label).copied().unwrap_or(0);
                RateRow {
                    label: label.clone(),
                    games,
                    won,
                    rate: percent(won, games),
                }
            })
            .collect();
        records.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.label.cmp(&b.label)));
        view.affiliation_records = records;
        view.years = self
            .year_events
            .iter()
            .map(|(year, &events)| YearRow {
                year: year.clone(),
                events,
                players: self.year_players.get(year).copied().unwrap_or(0),
            })
            .collect();
        view.trends = Trends {
            sides: year_sides(&self.year_sides),
            ccg_sides: year_sides(&self.year_ccg_sides),
            affiliations: year_shares(&self.year_affiliations, usize::MAX),
            ccg_objectives: year_shares(&self.year_ccg_objectives, TOP_TREND_OBJECTIVES),
        };
        view.any = !view.scenarios.is_empty()
            || [
                &view.sides,
                &view.endings,
                &view.affiliations,
                &view.objectives,
                &view.ccg_sides,
                &view.ccg_endings,
                &view.ccg_objectives,
                &view.ccg_dark_cards,
                &view.ccg_light_cards,
            ]
            .iter()
            .any(|t| !t.is_empty());
        view
    }
}

impl StatsView {
    /// These statistics with their charts drawn.
    pub(crate) fn charted(mut self) -> StatsView {
        self.charts = charts(&self);
        self
    }
}

/// The charts of `view`'s tables.
fn charts(view: &StatsView) -> Charts {
    let most = |rows: &[YearRow]| rows.iter().map(|r| r.events).max().unwrap_or(0);
    let record_bars: Vec<Bar> = view
        .affiliation_records
        .iter()
        .map(|r| Bar {
            label: r.label.clone(),
            value: r.won,
            of: r.games,
            text: format!("{} of {} · {}", r.won, r.games, r.rate),
            tone: Tone::Plain,
        })
        .collect();
    let year_bars: Vec<Bar> = view
        .years
        .iter()
        .map(|r| Bar {
            label: r.year.clone(),
            value: r.events,
            of: most(&view.years),
            text: format!(
                "{} event{} · {} player{}",
                r.events,
                if r.events == 1 { "" } else { "s" },
                r.players,
                if r.players == 1 { "" } else { "s" }
            ),
            tone: Tone::Plain,
        })
        .collect();
    Charts {
        sides: bar_chart(
            "Share of SW:LCG games won by each side",
            &share_bars(&view.sides, true),
        ),
        ccg_sides: bar_chart(
            "Share of SW:CCG games won by each side",
            &share_bars(&view.ccg_sides, true),
        ),
        endings: bar_chart(
            "How SW:LCG games ended, as a share of games",
            &share_bars(&view.endings, false),
        ),
        ccg_endings: bar_chart(
            "How SW:CCG games ended, as a share of games",
            &share_bars(&view.ccg_endings, false),
        ),
        affiliations: bar_chart(
            "Affiliations as a share of recorded SW:LCG decklists",
            &share_bars(&view.affiliations, false),
        ),
        affiliation_records: bar_chart(
            "Games won with each affiliation, of games played with it",
            &record_bars,
        ),
        years: bar_chart("Events per year, with their players", &year_bars),
        trend_sides: bar_chart(
            "SW:LCG games won by each side, year by year",
            &side_trend_bars(&view.trends.sides),
        ),
        trend_ccg_sides: bar_chart(
            "SW:CCG games won by each side, year by year",
            &side_trend_bars(&view.trends.ccg_sides),
        ),
        trend_affiliations: bar_chart(
            "Affiliations as a share of each year's published SW:LCG decklists",
            &share_trend_bars(&view.trends.affiliations),
        ),
        trend_ccg_objectives: bar_chart(
            "The most played SW:CCG objectives as a share of each year's published decklists",
            &share_trend_bars(&view.trends.ccg_objectives),
        ),
    }
}

/// Two bars a year, the dark side's wins then the light side's, each of the year's games.
fn side_trend_bars(years: &[YearSides]) -> Vec<Bar> {
    years
        .iter()
        .flat_map(|y| {
            [
                ("Dark side", y.dark, &y.dark_rate, Tone::Dark),
                ("Light side", y.light, &y.light_rate, Tone::Light),
            ]
            .map(|(side, won, rate, tone)| Bar {
                label: format!("{} · {side}", y.year),
                value: won,
                of: y.games,
                text: format!("{won} of {} · {rate}", y.games),
                tone,
            })
        })
        .collect()
}

/// A bar for each kind of deck of each year, against the year's decks.
fn share_trend_bars(years: &[YearShares]) -> Vec<Bar> {
    years
        .iter()
        .flat_map(|y| {
            y.rows.iter().map(|r| Bar {
                label: format!("{} · {}", y.year, r.label),
                value: r.count,
                of: y.decks,
                text: format!("{} of {} · {}", r.count, y.decks, r.share),
                tone: Tone::Plain,
            })
        })
        .collect()
}

/// The statistics of the events whose counts are `counted`.
pub(crate) fn collect<'a>(counted: impl IntoIterator<Item = &'a Counted>) -> StatsView {
    let mut total = Counted::default();
    for c in counted {
        total.add(c);
    }
    total.view()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_sort_share_and_scale() {
        let counts: Counts = [
            ("a".to_string(), 1),
            ("b".to_string(), 3),
            ("c".to_string(), 0),
        ]
        .into_iter()
        .collect();
        let rows = tallies(counts, 10, None);
        assert_eq!(rows.len(), 2, "zero counts are left out");
        assert_eq!(
            rows[0],
            Tally {
                label: "b".into(),
                side: None,
                count: 3,
                share: "75%".into(),
                bar: 100
            }
        );
        assert_eq!((rows[1].share.as_str(), rows[1].bar), ("25%", 33));
    }
}
