//! An event file's tables as written: one `Raw*` struct per table, with spans for the
//! messages, and the list of keys each table accepts. [`super::read`] fills them from the TOML
//! document, checking only the file's shape; what the values mean is checked in
//! [`super::validate`]. The shapes have their own module because every check of [`crate::load`]
//! reads them, while only the reader builds them.
//!
//! Each table of the file has a `Raw*` struct and a list of the keys it accepts (any other key
//! is reported as unknown, with the closest one). Where the struct has a field for each key, the
//! two are declared together with [`raw_table!`]: the struct's other fields (spans) first, then
//! one field per key, named as the key and in the order messages list the keys; the key list
//! is made from those names. A new key is then one line there and one line in the table's
//! reading function (which the compiler asks for where the struct is built whole, as it is
//! everywhere but for a SW:CCG table). The few lists
//! without such a struct (`TOP`, `DECKS`, `TIE`, `ELIMINATION`, and `CCG_TABLE` and
//! `LEAGUE_GAME`, whose keys are shared out between structs) are written out; a test (in
//! [`super::read`]) checks that every key of every list is read.

use std::ops::Range;

use crate::toml_reader::{Date, Sp, Timestamp};

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
    pub(super) const EVENT = {
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
        /// The record stops on this day, unfinished (an event saved before it was played out).
        stopped: Option<Sp<Date>>,
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
    pub(super) const PLAYER = {
        name: Option<Sp<String>>,
        id: Option<Sp<String>>,
        number: Option<Sp<i64>>,
        avoid: Vec<Sp<String>>,
        drop: Option<Sp<i64>>,
        rejoin: Option<Sp<i64>>,
        late: Option<Sp<i64>>,
        disqualified: Option<Sp<bool>>,
        organizer: Option<Sp<bool>>,
        /// The player's handle on the community's forum, kept from an imported file.
        forum_handle: Option<Sp<String>>,
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
    pub(super) const DECK = {
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
    pub(super) const ROUND = {
        tables: Vec<RawTable>,
        byes: Vec<Sp<String>>,
        /// SW:CCG: late entries given a bye beside their table, making up a game they missed.
        makeup_byes: Vec<Sp<String>>,
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
    pub(super) const TABLE = {
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
pub(crate) struct RawCcgTable {
    pub(crate) dark: Option<Sp<String>>,
    pub(crate) light: Option<Sp<String>>,
    pub(crate) winner: Option<Sp<String>>,
    pub(crate) differential: Option<Sp<i64>>,
    pub(crate) modified: Option<Sp<bool>>,
    pub(crate) quit: Option<Sp<bool>>,
    /// A true tie: `{ dark_lost_pile, light_lost_pile, dark_hand, light_hand }`.
    pub(crate) tie: Option<RawTie>,
    pub(crate) violation: Option<Sp<String>>,
    /// The cards each side lost over the game, `{ dark, light }`, with the span of
    /// `lost_cards`: what decides a bracket's match level on differential.
    pub(crate) lost_cards: Option<RawLostCards>,
}

/// A game's lost cards as written, with the span of `lost_cards`: dark, light.
pub(crate) type RawLostCards = (Range<usize>, [Option<Sp<i64>>; 2]);

/// A true tie's counts as written, with the span of `tie`: dark lost pile, light lost pile,
/// dark hand, light hand.
type RawTie = (Range<usize>, [Option<Sp<i64>>; 4]);

raw_table! {
    /// One game result as written: a winner id or `"draw"`, and how it ended.
    #[derive(Debug)]
    pub struct RawGame {
    }
    /// The keys of this table, in the order messages list them.
    pub(super) const GAME = {
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
pub(crate) struct RawLeagueGame {
    pub(crate) span: Range<usize>,
    pub(crate) date: Option<Sp<Date>>,
    /// The players, the winner and the SW:CCG result fields.
    pub(crate) ccg: RawCcgTable,
    /// SW:LCG: how the game ended, the dial and the objectives destroyed, when recorded.
    pub(crate) by: Option<Sp<String>>,
    pub(crate) dial: Option<Sp<i64>>,
    pub(crate) objectives: Option<Sp<i64>>,
}

raw_table! {
    /// One `[[sessions]]` entry of a challenge event as written.
    #[derive(Debug, Default)]
    pub struct RawSession {
        span: Range<usize>,
        team_span: Option<Range<usize>>,
    }
    /// The keys of this table, in the order messages list them.
    pub(super) const SESSION = {
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
    pub(super) const TEAM = {
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
    pub(super) const FINAL = {
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

/// `[top_cut]`: a SW:CCG event's top cut of two-game matches after its Swiss games.
#[derive(Debug, Default)]
pub(crate) struct RawTopCut {
    pub(crate) span: Range<usize>,
    /// The seeds as the venue set them, first seed first, when written.
    pub(crate) seeds: Option<Sp<Vec<Sp<String>>>>,
    /// The games in the order they were played, written like tables.
    pub(crate) games: Vec<RawTable>,
}

pub(super) const TOP_CUT: &[&str] = &["seeds", "games"];

raw_table! {
    /// One elimination game as written.
    #[derive(Debug, Default)]
    pub struct RawEliminationGame {
        span: Range<usize>,
    }
    /// The keys of this table, in the order messages list them.
    pub(super) const ELIMINATION_GAME = {
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
pub(crate) struct RawEvent {
    pub(crate) info: RawInfo,
    pub(crate) players: Vec<RawPlayer>,
    pub(crate) rounds: Vec<RawRound>,
    /// The span of `[elimination]`, when present.
    pub(crate) elimination_span: Option<Range<usize>>,
    pub(crate) elimination: Vec<RawEliminationGame>,
    /// The span of `teams`, when present.
    pub(crate) teams_span: Option<Range<usize>>,
    pub(crate) teams: Vec<RawTeam>,
    pub(crate) final_match: Option<RawFinal>,
    /// SW:CCG: `[top_cut]`, the top cut of two-game matches.
    pub(crate) top_cut: Option<RawTopCut>,
    /// The span of `tiebreaker_games`, when present.
    pub(crate) tiebreaker_games_span: Option<Range<usize>>,
    /// SW:CCG: `tiebreaker_games`, games played after the last round to break a tie.
    pub(crate) tiebreaker_games: Vec<RawTable>,
    /// The span of `standings`, when present.
    pub(crate) standings_span: Option<Range<usize>>,
    /// `[[standings]]`: the final standings of an event known only by its results.
    pub(crate) standings: Vec<RawStanding>,
    /// The span of `games`, when present.
    pub(crate) games_span: Option<Range<usize>>,
    /// `[[games]]`: the games of a league.
    pub(crate) games: Vec<RawLeagueGame>,
    /// The span of `sessions`, when present.
    pub(crate) sessions_span: Option<Range<usize>>,
    /// `[[sessions]]`: the sessions of a challenge event.
    pub(crate) sessions: Vec<RawSession>,
    /// The span of `penalties`, when present.
    pub(crate) penalties_span: Option<Range<usize>>,
    /// `[[penalties]]`: the penalty log, one entry per penalty given.
    pub(crate) penalties: Vec<RawPenalty>,
}

raw_table! {
    /// One `[[penalties]]` entry as written: who, when, for what, and what they were given.
    #[derive(Debug, Default)]
    pub struct RawPenalty {
        span: Range<usize>,
    }
    pub(super) const PENALTY = {
        player: Option<Sp<String>>,
        /// The Swiss round it was given in.
        round: Option<Sp<i64>>,
        /// The elimination game it was given in.
        game: Option<Sp<i64>>,
        infraction: Option<Sp<String>>,
        penalty: Option<Sp<String>>,
        note: Option<Sp<String>>,
    }
}

raw_table! {
    /// One `[[standings]]` row as written: a place and the scores the organizer recorded.
    #[derive(Debug, Default)]
    pub struct RawStanding {
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

pub(super) const TOP: &[&str] = &[
    "event",
    "players",
    "teams",
    "rounds",
    "elimination",
    "final",
    "top_cut",
    "tiebreaker_games",
    "standings",
    "games",
    "sessions",
    "penalties",
];
pub(super) const DECKS: &[&str] = &["dark", "light"];
pub(super) const CCG_TABLE: &[&str] = &[
    "table",
    "dark",
    "light",
    "winner",
    "differential",
    "modified",
    "quit",
    "tie",
    "violation",
    "lost_cards",
];
pub(super) const LOST_CARDS: &[&str] = &["dark", "light"];
pub(super) const TIE: &[&str] = &[
    "dark_lost_pile",
    "light_lost_pile",
    "dark_hand",
    "light_hand",
];
pub(super) const LEAGUE_GAME: &[&str] = &[
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
pub(super) const ELIMINATION: &[&str] = &["games"];
