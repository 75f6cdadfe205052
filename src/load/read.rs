//! Reading an event file into raw, spanned values. Only the file's shape is checked here (known
//! keys, types, required keys); what the values mean is checked in [`super::validate`].

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::toml_reader::{Date, Fields, Reader, Sp, Timestamp};

/// `[event]` as written.
#[derive(Debug, Default)]
pub struct RawInfo {
    pub span: Range<usize>,
    pub name: Option<Sp<String>>,
    pub date: Option<Sp<Date>>,
    pub end_date: Option<Sp<Date>>,
    pub rules: Option<Sp<String>>,
    pub format: Option<Sp<String>>,
    pub structure: Option<Sp<String>>,
    pub swiss_rounds: Option<Sp<i64>>,
    pub cut: Option<Sp<i64>>,
    pub tier: Option<Sp<String>>,
    pub seed: Option<Sp<i64>>,
    pub location: Option<Sp<String>>,
    pub venue: Option<Sp<String>>,
    pub organizer: Option<Sp<String>>,
    pub url: Option<Sp<String>>,
    pub round_minutes: Option<Sp<i64>>,
    pub description: Option<Sp<String>>,
    pub deck_size: Option<Sp<i64>>,
    pub variant: Option<Sp<String>>,
    /// Leagues: games a player needs to be ranked.
    pub min_games: Option<Sp<i64>>,
    /// Casual events: the organizer closed the event; its standings are final.
    pub closed: Option<Sp<bool>>,
    /// When an editing command last wrote the file.
    pub updated: Option<Sp<Timestamp>>,
    /// When `holonet pair` last wrote a round or elimination games.
    pub paired: Option<Sp<Timestamp>>,
}

/// One `[[players]]` entry as written.
#[derive(Debug, Default)]
pub struct RawPlayer {
    pub span: Range<usize>,
    pub name: Option<Sp<String>>,
    pub id: Option<Sp<String>>,
    pub number: Option<Sp<i64>>,
    pub avoid: Vec<Sp<String>>,
    pub drop: Option<Sp<i64>>,
    pub rejoin: Option<Sp<i64>>,
    pub late: Option<Sp<i64>>,
    pub disqualified: Option<Sp<bool>>,
    pub organizer: Option<Sp<bool>>,
    /// The decklists as written: dark, then light.
    pub decks: [Option<RawDeck>; 2],
}

/// A `[players.decks.dark]` or `[players.decks.light]` table as written: the list itself, or
/// the name of a file next to the event that holds it.
#[derive(Debug, Default)]
pub struct RawDeck {
    pub span: Range<usize>,
    pub affiliation: Option<Sp<String>>,
    pub objectives: Vec<Sp<String>>,
    /// Where `objectives` is written, when it is.
    pub objectives_span: Option<Range<usize>>,
    pub cards: Vec<Sp<String>>,
    /// Where `cards` is written, when it is.
    pub cards_span: Option<Range<usize>>,
    /// A plain-text decklist, relative to the event file's folder.
    pub file: Option<Sp<String>>,
}

/// One `[[rounds]]` entry as written.
#[derive(Debug, Default)]
pub struct RawRound {
    pub span: Range<usize>,
    pub tables: Vec<RawTable>,
    pub byes: Vec<Sp<String>>,
}

/// One table of a round as written.
#[derive(Debug, Default)]
pub struct RawTable {
    pub span: Range<usize>,
    pub table: Option<Sp<i64>>,
    pub players: Vec<Sp<String>>,
    pub players_span: Option<Range<usize>>,
    pub games: Vec<RawGame>,
    pub split: Option<Sp<bool>>,
    pub first_dark: Option<Sp<String>>,
    /// The player whose deck failed a deck check after the match (2014): they forfeit it.
    pub deck_check: Option<Sp<String>>,
    /// With `deck_check`: the deck could not be made legal, so the rest is forfeited too.
    pub forfeits_rest: Option<Sp<bool>>,
    /// A SW:CCG table (`dark` and `light` instead of `players`).
    pub ccg: Option<RawCcgTable>,
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

/// One game result as written: a winner id or `"draw"`, and how it ended.
#[derive(Debug)]
pub struct RawGame {
    pub winner: Sp<String>,
    pub by: Option<Sp<String>>,
    /// The Death Star dial when the game ended, when recorded.
    pub dial: Option<Sp<i64>>,
    /// Objectives the light side destroyed, when recorded.
    pub objectives: Option<Sp<i64>>,
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

/// One `[[sessions]]` entry of a challenge event as written.
#[derive(Debug, Default)]
pub struct RawSession {
    pub span: Range<usize>,
    pub date: Option<Sp<Date>>,
    pub scenario: Option<Sp<String>>,
    pub solo: Option<Sp<String>>,
    pub team: Vec<Sp<String>>,
    pub team_span: Option<Range<usize>>,
    pub winner: Option<Sp<String>>,
}

/// One `[[teams]]` entry as written.
#[derive(Debug, Default)]
pub struct RawTeam {
    pub span: Range<usize>,
    pub id: Option<Sp<String>>,
    pub name: Option<Sp<String>>,
    pub players: Vec<Sp<String>>,
    pub players_span: Option<Range<usize>>,
    pub drop: Option<Sp<i64>>,
}

/// `[final]`: the final match between teams tied for first.
#[derive(Debug, Default)]
pub struct RawFinal {
    pub span: Range<usize>,
    pub games: Vec<RawGame>,
    pub first_dark: Option<Sp<String>>,
    /// SW:CCG: the Final Confrontation's games, written like tables.
    pub ccg_games: Vec<RawTable>,
    /// SW:CCG: the second seed waived the Final Confrontation.
    pub waived: Option<Sp<bool>>,
    /// SW:CCG: finalists whose decks did not match their lists before the final, in order.
    pub replaced: Vec<Sp<String>>,
}

/// One elimination game as written.
#[derive(Debug, Default)]
pub struct RawEliminationGame {
    pub span: Range<usize>,
    pub game: Option<Sp<i64>>,
    pub winner: Option<Sp<String>>,
    pub dark: Option<Sp<String>>,
    pub timed: Option<RawTimed>,
}

/// A going-to-time game state as written.
#[derive(Debug, Default)]
pub struct RawTimed {
    pub span: Range<usize>,
    pub light_objectives: Option<Sp<i64>>,
    pub light_damage: Option<Sp<i64>>,
    pub dial: Option<Sp<i64>>,
    pub dark_damage: Option<Sp<i64>>,
    pub balance: Option<Sp<String>>,
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

/// One `[[standings]]` row as written: a place and the scores the organizer recorded.
#[derive(Debug, Default)]
pub struct RawStanding {
    pub span: Range<usize>,
    pub rank: Option<Sp<i64>>,
    pub player: Option<Sp<String>>,
    pub points: Option<Sp<i64>>,
    pub victory_points: Option<Sp<i64>>,
    pub differential: Option<Sp<i64>>,
    pub wins: Option<Sp<i64>>,
    pub losses: Option<Sp<i64>>,
    pub draws: Option<Sp<i64>>,
    pub note: Option<Sp<String>>,
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
const TEAM: &[&str] = &["id", "name", "players", "drop"];
/// Public: `holonet import` writes these keys.
pub const STANDING: &[&str] = &[
    "rank",
    "player",
    "points",
    "victory_points",
    "differential",
    "wins",
    "losses",
    "draws",
    "note",
];
const FINAL: &[&str] = &["games", "first_dark", "waived", "replaced"];
const EVENT: &[&str] = &[
    "name",
    "date",
    "end_date",
    "rules",
    "format",
    "structure",
    "swiss_rounds",
    "cut",
    "tier",
    "seed",
    "location",
    "venue",
    "organizer",
    "url",
    "round_minutes",
    "description",
    "deck_size",
    "variant",
    "min_games",
    "closed",
    "updated",
    "paired",
];
const PLAYER: &[&str] = &[
    "name",
    "id",
    "number",
    "avoid",
    "drop",
    "rejoin",
    "late",
    "disqualified",
    "organizer",
    "decks",
];
const DECKS: &[&str] = &["dark", "light"];
const DECK: &[&str] = &["affiliation", "objectives", "cards", "file"];
const ROUND: &[&str] = &["tables", "byes"];
const TABLE: &[&str] = &[
    "table",
    "players",
    "games",
    "split",
    "first_dark",
    "deck_check",
    "forfeits_rest",
];
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
const GAME: &[&str] = &["winner", "by", "dial", "objectives"];
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
const SESSION: &[&str] = &["date", "scenario", "solo", "team", "winner"];
const ELIMINATION: &[&str] = &["games"];
const ELIMINATION_GAME: &[&str] = &["game", "winner", "dark", "timed"];
/// Public: `holonet pair` writes these keys.
pub const TIMED: &[&str] = &[
    "light_objectives",
    "light_damage",
    "dial",
    "dark_damage",
    "balance",
];

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
    let mut player = RawPlayer {
        span,
        name,
        id: opt_string(reader, &f, "id"),
        number: opt_int(reader, &f, "number"),
        avoid: string_list(reader, &f, "avoid"),
        drop: opt_int(reader, &f, "drop"),
        rejoin: opt_int(reader, &f, "rejoin"),
        late: opt_int(reader, &f, "late"),
        disqualified: opt_bool(reader, &f, "disqualified"),
        organizer: opt_bool(reader, &f, "organizer"),
        ..RawPlayer::default()
    };
    if let Some(value) = f.get("decks")
        && let Some(decks) = reader.as_table(value, "`decks`")
    {
        let d = reader.table(decks, value.span(), "`[players.decks]`", DECKS);
        for (side, slot) in ["dark", "light"].into_iter().zip(&mut player.decks) {
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
    player
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
    let mut raw = RawTable {
        span,
        table: opt_int(reader, &f, "table"),
        players_span: players_value.map(|v| v.span()),
        split: opt_bool(reader, &f, "split"),
        first_dark: opt_string(reader, &f, "first_dark"),
        deck_check: opt_string(reader, &f, "deck_check"),
        forfeits_rest: opt_bool(reader, &f, "forfeits_rest"),
        ..RawTable::default()
    };
    if let Some(value) = players_value {
        raw.players = reader
            .array(value, "`players`")
            .iter()
            .filter_map(|item| reader.string(item, "each entry of `players`"))
            .collect();
    }
    if let Some(value) = f.get("games") {
        for item in reader.array(value, "`games`") {
            if let Some(game) = read_game(reader, item) {
                raw.games.push(game);
            }
        }
    }
    raw
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
