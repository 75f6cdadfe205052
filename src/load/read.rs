//! Reading an event file into raw, spanned values ([`super::raw`]). Only the file's shape is
//! checked here (known keys, types, required keys); what the values mean is checked in
//! [`super::validate`]. Each table has a reading function that reports any key outside the
//! table's list, with the closest one.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

// Every table's shape and key list.
use super::raw::*;
use crate::toml_reader::{Fields, Reader, Sp};

/// Reads the document's shape. Missing `[event]` and friends are reported; reading goes on
/// with whatever is usable so every problem in the file surfaces in one run.
pub(crate) fn read_event(reader: &mut Reader<'_>, doc: &Spanned<DeTable<'_>>) -> RawEvent {
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
    if let Some(value) = top.get("top_cut")
        && let Some(table) = reader.as_table(value, "`top_cut`")
    {
        let f = reader.table(table, value.span(), "`[top_cut]`", TOP_CUT);
        let mut games = Vec::new();
        if let Some(list) = f.get("games") {
            for item in reader.array(list, "`games`") {
                if let Some(t) = reader.as_table(item, "each game of the top cut") {
                    games.push(read_ccg_table(reader, t, item.span()));
                }
            }
        }
        let seeds = f.get("seeds").map(|v| Sp {
            span: v.span(),
            value: string_list(reader, &f, "seeds"),
        });
        raw.top_cut = Some(RawTopCut {
            span: value.span(),
            seeds,
            games,
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
    if let Some(value) = top.get("penalties") {
        raw.penalties_span = Some(value.span());
        for item in reader.array(value, "`penalties`") {
            if let Some(table) = reader.as_table(item, "each `[[penalties]]` entry") {
                raw.penalties.push(read_penalty(reader, table, item.span()));
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
    let stopped = f.get("stopped").and_then(|v| reader.date(v, "`stopped`"));
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
        stopped,
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
    let forum_handle = opt_string(reader, &f, "forum_handle");
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
        forum_handle,
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
    let f = reader.table(table, span, "this `[[standings]]` row", STANDING);
    let rank = f
        .require(reader, "rank", "1")
        .and_then(|v| reader.integer(v, "`rank`"));
    let player = f
        .require(reader, "player", "\"tom\"")
        .and_then(|v| reader.string(v, "`player`"));
    RawStanding {
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

fn read_penalty(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawPenalty {
    let f = reader.table(table, span.clone(), "this `[[penalties]]` entry", PENALTY);
    let player = f
        .require(reader, "player", "\"tom\"")
        .and_then(|v| reader.string(v, "`player`"));
    let infraction = f
        .require(reader, "infraction", "\"illegal_deck\"")
        .and_then(|v| reader.string(v, "`infraction`"));
    let penalty = f
        .require(reader, "penalty", "\"warning\"")
        .and_then(|v| reader.string(v, "`penalty`"));
    RawPenalty {
        span,
        player,
        round: opt_int(reader, &f, "round"),
        game: opt_int(reader, &f, "game"),
        infraction,
        penalty,
        note: opt_string(reader, &f, "note"),
    }
}

fn read_round(reader: &mut Reader<'_>, table: &DeTable<'_>, span: Range<usize>) -> RawRound {
    let f = reader.table(table, span.clone(), "this `[[rounds]]` entry", ROUND);
    let mut round = RawRound {
        span,
        tables: Vec::new(),
        byes: string_list(reader, &f, "byes"),
        makeup_byes: string_list(reader, &f, "makeup_byes"),
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
            lost_cards: f.get("lost_cards").and_then(|v| {
                let t = reader.as_table(v, "`lost_cards`")?;
                let lf = reader.table(t, v.span(), "`lost_cards`", LOST_CARDS);
                let mut get = |key: &str| {
                    lf.require(reader, key, "24")
                        .and_then(|x| reader.integer(x, &format!("`{key}`")))
                };
                Some((v.span(), [get("dark"), get("light")]))
            }),
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
        lost_cards: None,
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
        ("TOP_CUT", TOP_CUT, "[top_cut]\n{}\n"),
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
        (
            "PENALTY",
            PENALTY,
            "[[penalties]]\nplayer = \"a\"\ninfraction = \"other\"\npenalty = \"warning\"\n{}\n",
        ),
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
