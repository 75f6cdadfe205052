//! Reading an event file into raw, spanned values. Only the file's shape is checked here (known
//! keys, types, required keys); what the values mean is checked in [`super::validate`].
//!
//! Each table of the file has a `Raw*` struct and a list of the keys it accepts (any other key
//! is reported as unknown, with the closest one). Where the struct has a field for each key, the
//! two are declared together with [`raw_table!`]: the struct's other fields (spans) first, then
//! one field per key, named as the key and in the order messages list the keys; the key list
//! is made from those names. A new key is then one line there and one line in the table's
//! reading function (which the compiler asks for where the struct is built whole, as it is
//! everywhere but for a SW:CCG table). The few lists
//! without such a struct (`TOP`, `DECKS`, `TIE`, `ELIMINATION`, and `CCG_TABLE` and
//! `LEAGUE_GAME`, whose keys are shared out between structs) are written out; a test checks that
//! every key of every list is read.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::toml_reader::{Date, Fields, Reader, Sp, Timestamp};

/// Declares a `Raw*` struct and the key list of its table together: `pub struct Name { other
/// fields }` then `const KEYS = { one field per key }`, each part with its attributes. Every
/// field is `pub`; the key list holds the key fields' names in order.
macro_rules! raw_table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$other_meta:meta])* $other:ident : $other_ty:ty, )*
        }
        $(#[$keys_meta:meta])*
        $keys_vis:vis const $keys:ident = {
            $( $(#[$key_meta:meta])* $key:ident : $key_ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[$other_meta])* pub $other: $other_ty, )*
            $( $(#[$key_meta])* pub $key: $key_ty, )*
        }
        $(#[$keys_meta])*
        $keys_vis const $keys: &[&str] = &[$(stringify!($key)),*];
    };
}

raw_table! {
    /// `[event]` as written.
    #[derive(Debug, Default)]
    pub struct RawInfo {
        span: Range<usize>,
    }
    /// The keys of this table, in the order messages list them.
    const EVENT = {
        name: Option<Sp<String>>,
        date: Option<Sp<Date>>,
        end_date: Option<Sp<Date>>,
        rules: Option<Sp<String>>,
        format: Option<Sp<String>>,
        structure: Option<Sp<String>>,
        swiss_rounds: Option<Sp<i64>>,
        cut: Option<Sp<i64>>,
        /// The venue's random order of players level on everything else in the final standings.
        venue_draw: Vec<Sp<String>>,
        tier: Option<Sp<String>>,
        seed: Option<Sp<i64>>,
        location: Option<Sp<String>>,
        venue: Option<Sp<String>>,
        organizer: Option<Sp<String>>,
        url: Option<Sp<String>>,
        round_minutes: Option<Sp<i64>>,
        description: Option<Sp<String>>,
        deck_size: Option<Sp<i64>>,
        variant: Option<Sp<String>>,
        /// Leagues: games a player needs to be ranked.
        min_games: Option<Sp<i64>>,
        /// Casual events: the organizer closed the event; its standings are final.
        closed: Option<Sp<bool>>,
        /// Events known only by their results: the competitors who took part.
        field_size: Option<Sp<i64>>,
        /// When the site shows the decklists: `public`, `after-cut` or `after-event`.
        decklists: Option<Sp<String>>,
        /// When an editing command last wrote the file.
        updated: Option<Sp<Timestamp>>,
        /// When `holonet pair` last wrote a round or elimination games.
        paired: Option<Sp<Timestamp>>,
    }
}

raw_table! {
    /// One `[[players]]` entry as written.
    #[derive(Debug, Default)]
    pub struct RawPlayer {
        span: Range<usize>,
    }
    /// The keys of this table, in the order messages list them.
    const PLAYER = {
        name: Option<Sp<String>>,
        id: Option<Sp<String>>,
        number: Option<Sp<i64>>,
        avoid: Vec<Sp<String>>,
        drop: Option<Sp<i64>>,
        rejoin: Option<Sp<i64>>,
        late: Option<Sp<i64>>,
        disqualified: Option<Sp<bool>>,
        organizer: Option<Sp<bool>>,
        /// The decklists as written: dark, then light.
        decks: [Option<RawDeck>; 2],
    }
}

raw_table! {
    /// A `[players.decks.dark]` or `[players.decks.light]` table as written: the list itself, or
    /// the name of a file next to the event that holds it.
    #[derive(Debug, Default)]
    pub struct RawDeck {
        span: Range<usize>,
        /// Where `objectives` is written, when it is.
        objectives_span: Option<Range<usize>>,
        /// Where `cards` is written, when it is.
        cards_span: Option<Range<usize>>,
    }
    /// The keys of this table, in the order messages list them.
    const DECK = {
        affiliation: Option<Sp<String>>,
        objectives: Vec<Sp<String>>,
        cards: Vec<Sp<String>>,
        /// A plain-text decklist, relative to the event file's folder.
        file: Option<Sp<String>>,
    }
}

raw_table! {
    /// One `[[rounds]]` entry as written.
    #[derive(Debug, Default)]
    pub struct RawRound {
        span: Range<usize>,
    }
    /// The keys of this table, in the order messages list them.
    const ROUND = {
        tables: Vec<RawTable>,
        byes: Vec<Sp<String>>,
    }
}

raw_table! {
    /// One table of a round as written.
    #[derive(Debug, Default)]
    pub struct RawTable {
        span: Range<usize>,
        players_span: Option<Range<usize>>,
        /// A SW:CCG table (`dark` and `light` instead of `players`).
        ccg: Option<RawCcgTable>,
    }
    /// The keys of this table, in the order messages list them.
    const TABLE = {
        table: Option<Sp<i64>>,
        players: Vec<Sp<String>>,
        games: Vec<RawGame>,
        split: Option<Sp<bool>>,
        first_dark: Option<Sp<String>>,
        /// The player whose deck failed a deck check after the match (2014): they forfeit it.
        deck_check: Option<Sp<String>>,
        /// With `deck_check`: the deck could not be made legal, so the rest is forfeited too.
        forfeits_rest: Option<Sp<bool>>,
    }
}

/// A SW:CCG table as written: one game between a dark and a light side player.
#[derive(Debug, Default)]
pub struct RawCcgTable {
    pub dark: Option<Sp<String>>,
    pub light: Option<Sp<String>>,
    pub winner: Option<Sp<String>>,
    pub differential: Option<Sp<i64>>,
    pub modified: Option<Sp<bool>>,
    pub quit: Option<Sp<bool>>,
    /// A true tie: `{ dark_lost_pile, light_lost_pile, dark_hand, light_hand }`.
    pub tie: Option<RawTie>,
    pub violation: Option<Sp<String>>,
}

/// A true tie's counts as written, with the span of `tie`: dark lost pile, light lost pile,
/// dark hand, light hand.
pub type RawTie = (Range<usize>, [Option<Sp<i64>>; 4]);

raw_table! {
    /// One game result as written: a winner id or `"draw"`, and how it ended.
    #[derive(Debug)]
    pub struct RawGame {
    }
    /// The keys of this table, in the order messages list them.
    const GAME = {
        winner: Sp<String>,
        by: Option<Sp<String>>,
        /// The Death Star dial when the game ended, when recorded.
        dial: Option<Sp<i64>>,
        /// Objectives the light side destroyed, when recorded.
        objectives: Option<Sp<i64>>,
    }
}

/// One `[[games]]` entry of a league as written: the players by side and the result, in the
/// terms of the event's game (`winner` and `by` for SW:LCG; `winner`, `differential`,
/// `modified`, `quit` or `tie` for SW:CCG). Which keys fit is checked in validation.
#[derive(Debug, Default)]
pub struct RawLeagueGame {
    pub span: Range<usize>,
    pub date: Option<Sp<Date>>,
    /// The players, the winner and the SW:CCG result fields.
    pub ccg: RawCcgTable,
    /// SW:LCG: how the game ended, the dial and the objectives destroyed, when recorded.
    pub by: Option<Sp<String>>,
    pub dial: Option<Sp<i64>>,
    pub objectives: Option<Sp<i64>>,
}

raw_table! {
    /// One `[[sessions]]` entry of a challenge event as written.
    #[derive(Debug, Default)]
    pub struct RawSession {
        span: Range<usize>,
        team_span: Option<Range<usize>>,
    }
    /// The keys of this table, in the order messages list them.
    const SESSION = {
        date: Option<Sp<Date>>,
        scenario: Option<Sp<String>>,
        solo: Option<Sp<String>>,
        team: Vec<Sp<String>>,
        winner: Option<Sp<String>>,
    }
}

raw_table! {
    /// One `[[teams]]` entry as written.
    #[derive(Debug, Default)]
    pub struct RawTeam {
        span: Range<usize>,
        players_span: Option<Range<usize>>,
    }
    /// The keys of this table, in the order messages list them.
    const TEAM = {
        id: Option<Sp<String>>,
        name: Option<Sp<String>>,
        players: Vec<Sp<String>>,
        drop: Option<Sp<i64>>,
    }
}

raw_table! {
    /// `[final]`: the final match between teams tied for first.
    #[derive(Debug, Default)]
    pub struct RawFinal {
        span: Range<usize>,
        /// SW:CCG: the Final Confrontation's games, written like tables.
        ccg_games: Vec<RawTable>,
    }
    /// The keys of this table, in the order messages list them.
    const FINAL = {
        games: Vec<RawGame>,
        first_dark: Option<Sp<String>>,
        /// SW:CCG: the second seed waived the Final Confrontation.
        waived: Option<Sp<bool>>,
        /// SW:CCG: finalists whose decks did not match their lists before the final, in order.
        replaced: Vec<Sp<String>>,
        /// SW:CCG: the finalist who won the coin tossed at the venue (a final level on every
        /// other tiebreaker).
        winner: Option<Sp<String>>,
    }
}

raw_table! {
    /// One elimination game as written.
    #[derive(Debug, Default)]
    pub struct RawEliminationGame {
        span: Range<usize>,
    }
    /// The keys of this table, in the order messages list them.
    const ELIMINATION_GAME = {
        game: Option<Sp<i64>>,
        winner: Option<Sp<String>>,
        dark: Option<Sp<String>>,
        timed: Option<RawTimed>,
    }
}

raw_table! {
    /// A going-to-time game state as written.
    #[derive(Debug, Default)]
    pub struct RawTimed {
        span: Range<usize>,
    }
    /// Public: `holonet pair` writes these keys.
    pub const TIMED = {
        light_objectives: Option<Sp<i64>>,
        light_damage: Option<Sp<i64>>,
        dial: Option<Sp<i64>>,
        dark_damage: Option<Sp<i64>>,
        balance: Option<Sp<String>>,
    }
}

/// The whole file as written.
#[derive(Debug, Default)]
pub struct RawEvent {
    pub info: RawInfo,
    pub players: Vec<RawPlayer>,
    pub rounds: Vec<RawRound>,
    /// The span of `[elimination]`, when present.
    pub elimination_span: Option<Range<usize>>,
    pub elimination: Vec<RawEliminationGame>,
    /// The span of `teams`, when present.
    pub teams_span: Option<Range<usize>>,
    pub teams: Vec<RawTeam>,
    pub final_match: Option<RawFinal>,
    /// The span of `tiebreaker_games`, when present.
    pub tiebreaker_games_span: Option<Range<usize>>,
    /// SW:CCG: `tiebreaker_games`, games played after the last round to break a tie.
    pub tiebreaker_games: Vec<RawTable>,
    /// The span of `standings`, when present.
    pub standings_span: Option<Range<usize>>,
    /// `[[standings]]`: the final standings of an event known only by its results.
    pub standings: Vec<RawStanding>,
    /// The span of `games`, when present.
    pub games_span: Option<Range<usize>>,
    /// `[[games]]`: the games of a league.
    pub games: Vec<RawLeagueGame>,
    /// The span of `sessions`, when present.
    pub sessions_span: Option<Range<usize>>,
    /// `[[sessions]]`: the sessions of a challenge event.
    pub sessions: Vec<RawSession>,
}

raw_table! {
    /// One `[[standings]]` row as written: a place and the scores the organizer recorded.
    #[derive(Debug, Default)]
    pub struct RawStanding {
        span: Range<usize>,
    }
    /// Public: `holonet import` writes these keys.
    pub const STANDING = {
        rank: Option<Sp<i64>>,
        player: Option<Sp<String>>,
        points: Option<Sp<i64>>,
        victory_points: Option<Sp<i64>>,
        differential: Option<Sp<i64>>,
        wins: Option<Sp<i64>>,
        losses: Option<Sp<i64>>,
        draws: Option<Sp<i64>>,
        note: Option<Sp<String>>,
        /// The seed the player entered the cut with.
        seed: Option<Sp<i64>>,
        /// `won` or `lost`: the player's part in the final.
        final_result: Option<Sp<String>>,
    }
}

const TOP: &[&str] = &[
    "event",
    "players",
    "teams",
    "rounds",
    "elimination",
    "final",
    "tiebreaker_games",
    "standings",
    "games",
    "sessions",
];
const DECKS: &[&str] = &["dark", "light"];
const CCG_TABLE: &[&str] = &[
    "table",
    "dark",
    "light",
    "winner",
    "differential",
    "modified",
    "quit",
    "tie",
    "violation",
];
const TIE: &[&str] = &[
    "dark_lost_pile",
    "light_lost_pile",
    "dark_hand",
    "light_hand",
];
const LEAGUE_GAME: &[&str] = &[
    "date",
    "dark",
    "light",
    "winner",
    "by",
    "dial",
    "objectives",
    "differential",
    "modified",
    "quit",
    "tie",
];
const ELIMINATION: &[&str] = &["games"];

/// Reads the document's shape. Missing `[event]` and friends are reported; reading goes on
/// with whatever is usable so every problem in the file surfaces in one run.
pub fn read_event(reader: &mut Reader<'_>, doc: &Spanned<DeTable<'_>>) -> RawEvent {
    let top = reader.table(doc.get_ref(), 0..0, "the event file", TOP);
    let mut raw = RawEvent::default();
    match top.get("event") {
        Some(value) => {
            if let Some(table) = reader.as_table(value, "`event`") {
                raw.info = read_info(reader, table, value.span());
            }
        }
        None => {
            reader
                .error(
                    crate::diag::Code::MissingField,
                    0..0,
                    "the event file has no `[event]` table",
                )
                .help = Some(
                "start the file with an `[event]` table holding `name`, `date` and `rules`".into(),
            );
        }
    }
    if let Some(value) = top.get("players") {
        for item in reader.array(value, "`players`") {
            if let Some(table) = reader.as_table(item, "each `[[players]]` entry") {
                raw.players.push(read_player(reader, table, item.span()));
            }
        }
    }
    if let Some(value) = top.get("elimination")
        && let Some(table) = reader.as_table(value, "`elimination`")
    {
        raw.elimination_span = Some(value.span());
        let f = reader.table(table, value.span(), "`[elimination]`", ELIMINATION);
        if let Some(games) = f.get("games") {
            for item in reader.array(games, "`games`") {
                if let Some(t) = reader.as_table(item, "each elimination game") {
                    raw.elimination
                        .push(read_elimination_game(reader, t, item.span()));
                }
            }
        }
    }
    if let Some(value) = top.get("teams") {
        raw.teams_span = Some(value.span());
        for item in reader.array(value, "`teams`") {
            if let Some(table) = reader.as_table(item, "each `[[teams]]` entry") {
                let f = reader.table(table, item.span(), "this `[[teams]]` entry", TEAM);
                let players_value = f.require(reader, "players", "[\"tom\", \"kris\"]");
                let name = f
                    .require(reader, "name", "\"The Smugglers\"")
                    .and_then(|v| reader.string(v, "`name`"));
                raw.teams.push(RawTeam {
                    span: item.span(),
                    id: opt_string(reader, &f, "id"),
                    name,
                    players_span: players_value.map(|v| v.span()),
                    players: string_list(reader, &f, "players"),
                    drop: opt_int(reader, &f, "drop"),
                });
            }
        }
    }
    if let Some(value) = top.get("final")
        && let Some(table) = reader.as_table(value, "`final`")
    {
        let f = reader.table(table, value.span(), "`[final]`", FINAL);
        let mut games = Vec::new();
        let mut ccg_games = Vec::new();
        if let Some(list) = f.get("games") {
            for item in reader.array(list, "`games`") {
                match item.get_ref() {
                    DeValue::Table(t) if t.contains_key("dark") || t.contains_key("light") => {
                        ccg_games.push(read_ccg_table(reader, t, item.span()));
                    }
                    _ => games.extend(read_game(reader, item)),
                }
            }
        }
        raw.final_match = Some(RawFinal {
            span: value.span(),
            games,
            first_dark: opt_string(reader, &f, "first_dark"),
            ccg_games,
            waived: opt_bool(reader, &f, "waived"),
            replaced: string_list(reader, &f, "replaced"),
            winner: opt_string(reader, &f, "winner"),
        });
    }
    if let Some(value) = top.get("tiebreaker_games") {
        raw.tiebreaker_games_span = Some(value.span());
        for item in reader.array(value, "`tiebreaker_games`") {
            if let Some(table) = reader.as_table(item, "each tiebreaker game") {
                raw.tiebreaker_games
                    .push(read_ccg_table(reader, table, item.span()));
            }
        }
    }
    if let Some(value) = top.get("standings") {
        raw.standings_span = Some(value.span());
        for item in reader.array(value, "`standings`") {
            if let Some(table) = reader.as_table(item, "each `[[standings]]` row") {
                raw.standings
                    .push(read_standing(reader, table, item.span()));
            }
        }
    }
    if let Some(value) = top.get("games") {
        raw.games_span = Some(value.span());
        for item in reader.array(value, "`games`") {
            if let Some(table) = reader.as_table(item, "each `[[games]]` entry") {
                raw.games.push(read_league_game(reader, table, item.span()));
            }
        }
    }
    if let Some(value) = top.get("sessions") {
        raw.sessions_span = Some(value.span());
        for item in reader.array(value, "`sessions`") {
            if let Some(table) = reader.as_table(item, "each `[[sessions]]` entry") {
                raw.sessions.push(read_session(reader, table, item.span()));
            }
        }
    }
    if let Some(value) = top.get("rounds") {
        for item in reader.array(value, "`rounds`") {
            if let Some(table) = reader.as_table(item, "each `[[rounds]]` entry") {
                raw.rounds.push(read_round(reader, table, item.span()));
            }
        }
    }
    raw
}

fn opt_string(reader: &mut Reader<'_>, fields: &Fields<'_, '_>, key: &str) -> Option<Sp<String>> {
    fields
        .get(key)
        .and_then(|v| reader.string(v, &format!("`{key}`")))
}

fn opt_int(reader: &mut Reader<'_>, fields: &Fields<'_, '_>, key: &str) -> Option<Sp<i64>> {
    fields
        .get(key)
        .and_then(|v| reader.integer(v, &format!("`{key}`")))
}

fn opt_bool(reader: &mut Reader<'_>, fields: &Fields<'_, '_>, key: &str) -> Option<Sp<bool>> {
    fields
        .get(key)
        .and_then(|v| reader.boolean(v, &format!("`{key}`")))
}

fn string_list(reader: &mut Reader<'_>, fields: &Fields<'_, '_>, key: &str) -> Vec<Sp<String>> {
    let Some(value) = fields.get(key) else {
        return Vec::new();
    };
    let what = format!("each entry of `{key}`");
    reader
        .array(value, &format!("`{key}`"))
        .iter()
        .filter_map(|item| reader.string(item, &what))
        .collect()
}

fn read_info(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawInfo {
    let f = reader.table(table, span.clone(), "`[event]`", EVENT);
    let name = f
        .require(reader, "name", "\"Outer Rim Store Championship\"")
        .and_then(|v| reader.string(v, "`name`"));
    let date = f
        .require(reader, "date", "2018-05-12")
        .and_then(|v| reader.date(v, "`date`"));
    let end_date = f.get("end_date").and_then(|v| reader.date(v, "`end_date`"));
    RawInfo {
        span,
        name,
        date,
        end_date,
        rules: opt_string(reader, &f, "rules"),
        format: opt_string(reader, &f, "format"),
        structure: opt_string(reader, &f, "structure"),
        swiss_rounds: opt_int(reader, &f, "swiss_rounds"),
        cut: opt_int(reader, &f, "cut"),
        venue_draw: string_list(reader, &f, "venue_draw"),
        tier: opt_string(reader, &f, "tier"),
        seed: opt_int(reader, &f, "seed"),
        location: opt_string(reader, &f, "location"),
        venue: opt_string(reader, &f, "venue"),
        organizer: opt_string(reader, &f, "organizer"),
        url: opt_string(reader, &f, "url"),
        round_minutes: opt_int(reader, &f, "round_minutes"),
        variant: opt_string(reader, &f, "variant"),
        deck_size: opt_int(reader, &f, "deck_size"),
        description: opt_string(reader, &f, "description"),
        min_games: opt_int(reader, &f, "min_games"),
        closed: opt_bool(reader, &f, "closed"),
        field_size: opt_int(reader, &f, "field_size"),
        decklists: opt_string(reader, &f, "decklists"),
        updated: f
            .get("updated")
            .and_then(|v| reader.timestamp(v, "`updated`")),
        paired: f
            .get("paired")
            .and_then(|v| reader.timestamp(v, "`paired`")),
    }
}

fn read_player(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawPlayer {
    const WHAT: &str = "this `[[players]]` entry";
    let f = reader.table(table, span.clone(), WHAT, PLAYER);
    // A `name` written below the player's `[players.decks...]` lines is reported there, once.
    let name = match f.get("name") {
        None if name_in_a_deck(table) => None,
        _ => f
            .require(reader, "name", "\"Tom Kessel\"")
            .and_then(|v| reader.string(v, "`name`")),
    };
    let id = opt_string(reader, &f, "id");
    let number = opt_int(reader, &f, "number");
    let avoid = string_list(reader, &f, "avoid");
    let drop = opt_int(reader, &f, "drop");
    let rejoin = opt_int(reader, &f, "rejoin");
    let late = opt_int(reader, &f, "late");
    let disqualified = opt_bool(reader, &f, "disqualified");
    let organizer = opt_bool(reader, &f, "organizer");
    let mut decks: [Option<RawDeck>; 2] = Default::default();
    if let Some(value) = f.get("decks")
        && let Some(table) = reader.as_table(value, "`decks`")
    {
        let d = reader.table(table, value.span(), "`[players.decks]`", DECKS);
        for (side, slot) in ["dark", "light"].into_iter().zip(&mut decks) {
            if let Some(value) = d.get(side)
                && let Some(deck) = reader.as_table(value, &format!("`decks.{side}`"))
            {
                let what = format!("`[players.decks.{side}]`");
                let df = reader.table_under(deck, value.span(), &what, DECK, Some((WHAT, PLAYER)));
                *slot = Some(RawDeck {
                    span: value.span(),
                    affiliation: opt_string(reader, &df, "affiliation"),
                    objectives_span: df.get("objectives").map(|v| v.span()),
                    objectives: string_list(reader, &df, "objectives"),
                    cards_span: df.get("cards").map(|v| v.span()),
                    cards: string_list(reader, &df, "cards"),
                    file: opt_string(reader, &df, "file"),
                });
            }
        }
    }
    RawPlayer {
        span,
        name,
        id,
        number,
        avoid,
        drop,
        rejoin,
        late,
        disqualified,
        organizer,
        decks,
    }
}

/// Whether a `[players.decks.dark]` or `[players.decks.light]` table of this player holds
/// `name`, as it does when the line was written below the deck's header.
fn name_in_a_deck(player: &DeTable<'_>) -> bool {
    let Some(DeValue::Table(decks)) = player.get("decks").map(|d| d.get_ref()) else {
        return false;
    };
    decks
        .values()
        .any(|deck| matches!(deck.get_ref(), DeValue::Table(t) if t.contains_key("name")))
}

fn read_standing(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawStanding {
    let f = reader.table(table, span.clone(), "this `[[standings]]` row", STANDING);
    let rank = f
        .require(reader, "rank", "1")
        .and_then(|v| reader.integer(v, "`rank`"));
    let player = f
        .require(reader, "player", "\"tom\"")
        .and_then(|v| reader.string(v, "`player`"));
    RawStanding {
        span,
        rank,
        player,
        points: opt_int(reader, &f, "points"),
        victory_points: opt_int(reader, &f, "victory_points"),
        differential: opt_int(reader, &f, "differential"),
        wins: opt_int(reader, &f, "wins"),
        losses: opt_int(reader, &f, "losses"),
        draws: opt_int(reader, &f, "draws"),
        note: opt_string(reader, &f, "note"),
        seed: opt_int(reader, &f, "seed"),
        final_result: opt_string(reader, &f, "final_result"),
    }
}

fn read_round(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawRound {
    let f = reader.table(table, span.clone(), "this `[[rounds]]` entry", ROUND);
    let mut round = RawRound {
        span,
        tables: Vec::new(),
        byes: string_list(reader, &f, "byes"),
    };
    if let Some(value) = f.get("tables") {
        for item in reader.array(value, "`tables`") {
            if let Some(t) = reader.as_table(item, "each table of a round") {
                round.tables.push(read_table(reader, t, item.span()));
            }
        }
    }
    round
}

/// Reads a SW:CCG table: `{ table, dark, light, winner, differential, ... }`.
fn read_ccg_table(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawTable {
    let f = reader.table(table, span.clone(), "this table", CCG_TABLE);
    let dark = f
        .require(reader, "dark", "\"tom\"")
        .and_then(|v| reader.string(v, "`dark`"));
    let light = f
        .require(reader, "light", "\"nick\"")
        .and_then(|v| reader.string(v, "`light`"));
    RawTable {
        span,
        table: opt_int(reader, &f, "table"),
        ccg: Some(RawCcgTable {
            violation: opt_string(reader, &f, "violation"),
            ..read_ccg_result(reader, &f, dark, light)
        }),
        ..RawTable::default()
    }
}

/// The SW:CCG result fields of a table or a league game: `winner`, `differential`, `modified`,
/// `quit` and `tie`, with the players already read.
fn read_ccg_result(
    reader: &mut Reader<'_>,
    f: &Fields<'_, '_>,
    dark: Option<Sp<String>>,
    light: Option<Sp<String>>,
) -> RawCcgTable {
    let tie = f.get("tie").and_then(|v| {
        let t = reader.as_table(v, "`tie`")?;
        let tf = reader.table(t, v.span(), "`tie`", TIE);
        let mut get = |key: &str| {
            tf.require(reader, key, "3")
                .and_then(|x| reader.integer(x, &format!("`{key}`")))
        };
        Some((
            v.span(),
            [
                get("dark_lost_pile"),
                get("light_lost_pile"),
                get("dark_hand"),
                get("light_hand"),
            ],
        ))
    });
    RawCcgTable {
        dark,
        light,
        winner: opt_string(reader, f, "winner"),
        differential: opt_int(reader, f, "differential"),
        modified: opt_bool(reader, f, "modified"),
        quit: opt_bool(reader, f, "quit"),
        tie,
        violation: None,
    }
}

/// Reads a league game: `{ date, dark, light, winner, ... }`.
fn read_league_game(
    reader: &mut Reader<'_>,
    table: &DeTable<'_>,
    span: Range<usize>,
) -> RawLeagueGame {
    let f = reader.table(table, span.clone(), "this `[[games]]` entry", LEAGUE_GAME);
    let date = f
        .require(reader, "date", "2015-03-04")
        .and_then(|v| reader.date(v, "`date`"));
    let dark = f
        .require(reader, "dark", "\"tom\"")
        .and_then(|v| reader.string(v, "`dark`"));
    let light = f
        .require(reader, "light", "\"nick\"")
        .and_then(|v| reader.string(v, "`light`"));
    RawLeagueGame {
        span,
        date,
        ccg: read_ccg_result(reader, &f, dark, light),
        by: opt_string(reader, &f, "by"),
        dial: opt_int(reader, &f, "dial"),
        objectives: opt_int(reader, &f, "objectives"),
    }
}

/// Reads a challenge session: `{ date, scenario, solo, team, winner }`.
fn read_session(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawSession {
    let f = reader.table(table, span.clone(), "this `[[sessions]]` entry", SESSION);
    let scenario = f
        .require(reader, "scenario", "\"hunt-for-skywalker\"")
        .and_then(|v| reader.string(v, "`scenario`"));
    let solo = f
        .require(reader, "solo", "\"tom\"")
        .and_then(|v| reader.string(v, "`solo`"));
    let team_value = f.require(reader, "team", "[\"nick\", \"kris\"]");
    let winner = f
        .require(reader, "winner", "\"team\"")
        .and_then(|v| reader.string(v, "`winner`"));
    RawSession {
        span,
        date: f.get("date").and_then(|v| reader.date(v, "`date`")),
        scenario,
        solo,
        team_span: team_value.map(|v| v.span()),
        team: string_list(reader, &f, "team"),
        winner,
    }
}

fn read_table(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawTable {
    if table.contains_key("dark") || table.contains_key("light") {
        return read_ccg_table(reader, table, span);
    }
    let f = reader.table(table, span.clone(), "this table", TABLE);
    let players_value = f.require(reader, "players", "[\"tom\", \"nick\"]");
    let table = opt_int(reader, &f, "table");
    let split = opt_bool(reader, &f, "split");
    let first_dark = opt_string(reader, &f, "first_dark");
    let deck_check = opt_string(reader, &f, "deck_check");
    let forfeits_rest = opt_bool(reader, &f, "forfeits_rest");
    let players = players_value.map_or_else(Vec::new, |value| {
        reader
            .array(value, "`players`")
            .iter()
            .filter_map(|item| reader.string(item, "each entry of `players`"))
            .collect()
    });
    let mut games = Vec::new();
    if let Some(value) = f.get("games") {
        for item in reader.array(value, "`games`") {
            if let Some(game) = read_game(reader, item) {
                games.push(game);
            }
        }
    }
    RawTable {
        span,
        players_span: players_value.map(|v| v.span()),
        ccg: None,
        table,
        players,
        games,
        split,
        first_dark,
        deck_check,
        forfeits_rest,
    }
}

fn read_game(reader: &mut Reader<'_>, item: &Spanned<DeValue<'_>>) -> Option<RawGame> {
    if let DeValue::String(_) = item.get_ref() {
        return reader.string(item, "a game result").map(|winner| RawGame {
            winner,
            by: None,
            dial: None,
            objectives: None,
        });
    }
    let table = reader.as_table(
        item,
        "each game result (a winner id, \"draw\", or { winner, by })",
    )?;
    let f = reader.table(table, item.span(), "this game result", GAME);
    let winner = f
        .require(reader, "winner", "\"tom\"")
        .and_then(|v| reader.string(v, "`winner`"))?;
    let by = opt_string(reader, &f, "by");
    let dial = opt_int(reader, &f, "dial");
    let objectives = opt_int(reader, &f, "objectives");
    Some(RawGame {
        winner,
        by,
        dial,
        objectives,
    })
}

fn read_elimination_game(
    reader: &mut Reader<'_>,
    table: &DeTable<'_>,
    span: Range<usize>,
) -> RawEliminationGame {
    let f = reader.table(
        table,
        span.clone(),
        "this elimination game",
        ELIMINATION_GAME,
    );
    let game = f
        .require(reader, "game", "1")
        .and_then(|v| reader.integer(v, "`game`"));
    let mut raw = RawEliminationGame {
        span,
        game,
        winner: opt_string(reader, &f, "winner"),
        dark: opt_string(reader, &f, "dark"),
        timed: None,
    };
    if let Some(value) = f.get("timed")
        && let Some(t) = reader.as_table(value, "`timed`")
    {
        let tf = reader.table(t, value.span(), "`timed`", TIMED);
        let mut need = |key: &str, example: &str| {
            tf.require(reader, key, example)
                .and_then(|v| reader.integer(v, &format!("`{key}`")))
        };
        let light_objectives = need("light_objectives", "2");
        let light_damage = need("light_damage", "7");
        let dial = need("dial", "10");
        let dark_damage = need("dark_damage", "4");
        let balance = tf
            .require(reader, "balance", "\"dark\"")
            .and_then(|v| reader.string(v, "`balance`"));
        raw.timed = Some(RawTimed {
            span: value.span(),
            light_objectives,
            light_damage,
            dial,
            dark_damage,
            balance,
        });
    }
    raw
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Each key list, with a file that writes its table: `{}` is where a key goes, after what
    /// reading needs first (a `dark` makes a table a SW:CCG one; a game needs its `winner`).
    const LISTS: &[(&str, &[&str], &str)] = &[
        ("TOP", TOP, "{}\n"),
        ("EVENT", EVENT, "[event]\n{}\n"),
        ("PLAYER", PLAYER, "[[players]]\n{}\n"),
        ("DECKS", DECKS, "[[players]]\n[players.decks]\n{}\n"),
        ("DECK", DECK, "[[players]]\n[players.decks.dark]\n{}\n"),
        ("ROUND", ROUND, "[[rounds]]\n{}\n"),
        ("TABLE", TABLE, "[[rounds]]\n[[rounds.tables]]\n{}\n"),
        (
            "CCG_TABLE",
            CCG_TABLE,
            "[[rounds]]\n[[rounds.tables]]\ndark = \"a\"\n{}\n",
        ),
        (
            "TIE",
            TIE,
            "[[rounds]]\n[[rounds.tables]]\ndark = \"a\"\n[rounds.tables.tie]\n{}\n",
        ),
        (
            "GAME",
            GAME,
            "[[rounds]]\n[[rounds.tables]]\n[[rounds.tables.games]]\nwinner = \"a\"\n{}\n",
        ),
        ("LEAGUE_GAME", LEAGUE_GAME, "[[games]]\n{}\n"),
        ("SESSION", SESSION, "[[sessions]]\n{}\n"),
        ("TEAM", TEAM, "[[teams]]\n{}\n"),
        ("FINAL", FINAL, "[final]\n{}\n"),
        ("ELIMINATION", ELIMINATION, "[elimination]\n{}\n"),
        (
            "ELIMINATION_GAME",
            ELIMINATION_GAME,
            "[elimination]\n[[elimination.games]]\n{}\n",
        ),
        (
            "TIMED",
            TIMED,
            "[elimination]\n[[elimination.games]]\n[elimination.games.timed]\n{}\n",
        ),
        ("STANDING", STANDING, "[[standings]]\n{}\n"),
    ];

    /// A key of a list that its reading function never looks at would be accepted and then
    /// ignored. Written with a value no reading accepts (a float), each key must be reported
    /// where its value is, which only reading it does.
    #[test]
    fn every_listed_key_is_read() {
        for (name, keys, template) in LISTS {
            for key in *keys {
                // A line of the template that writes this key gives way to it (`dark` to
                // `light`, which keeps the table a SW:CCG one).
                let template: String = template
                    .lines()
                    .filter_map(|line| match line.strip_prefix(&format!("{key} = ")) {
                        Some(_) if *key == "dark" => Some("light = \"a\"\n".to_string()),
                        Some(_) => None,
                        None => Some(format!("{line}\n")),
                    })
                    .collect();
                let text = template.replace("{}", &format!("{key} = 1.5"));
                let at = text.find("1.5").expect("the value is written");
                let mut reader = Reader::new(Path::new("events/test.toml"));
                let doc = reader.parse(&text).expect("the template is TOML");
                read_event(&mut reader, &doc);
                assert!(
                    reader
                        .diagnostics
                        .iter()
                        .any(|d| d.span.as_ref().is_some_and(|s| s.start == at)),
                    "`{key}` of {name} is not read: {:#?}\n{text}",
                    reader.diagnostics
                );
            }
        }
    }

    /// The lists made by [`raw_table!`] hold the key fields' names, in order.
    #[test]
    fn a_declared_key_list_is_the_key_fields() {
        assert_eq!(
            TIMED,
            [
                "light_objectives",
                "light_damage",
                "dial",
                "dark_damage",
                "balance"
            ]
        );
        assert_eq!(
            STANDING,
            [
                "rank",
                "player",
                "points",
                "victory_points",
                "differential",
                "wins",
                "losses",
                "draws",
                "note",
                "seed",
                "final_result"
            ]
        );
    }
}
