//! The result as the organizer types it (`2-0`, `tom,draw`, `tom+12,modified`, `tie:3,3,2,1`,
//! `--timed light_damage=5,...`), read into the keys and values the event file holds at one
//! table. This is the grammar of what is typed, with no knowledge of where it goes: the parent
//! module finds the table in the file, picks which of these readings applies there, and writes
//! the values in, so each half can be read (and changed) without the other.

use toml_edit::{Array, InlineTable, Value};

use crate::event::{Event, GameEnd, Side, Timed};
use crate::rules::Ruleset;
use crate::rules::swccg::scoring::{MAX_DIFFERENTIAL, Score};

/// A player at the table by id (or by name, as a player writes a form). Text that is neither
/// (a sentence such as `2-0 Léo won`) is said not to be read, rather than not to be at the table.
pub(crate) fn player(event: &Event, players: [usize; 2], id: &str) -> Result<usize, String> {
    let id = id.trim();
    players
        .into_iter()
        .find(|&p| event.players[p].id == id || event.players[p].name.eq_ignore_ascii_case(id))
        .ok_or_else(|| {
            let ids = format!(
                "`{}` or `{}`",
                event.players[players[0]].id, event.players[players[1]].id
            );
            if id.contains(char::is_whitespace) || id.contains(|c: char| c.is_ascii_digit()) {
                format!(
                    "`{id}` is not a result Holonet can read: name the winner by id ({ids}), as the examples of the result's syntax show"
                )
            } else {
                format!("`{id}` is not at this table: use {ids}")
            }
        })
}

/// The keys and values to write, in order, and warnings about them.
pub(crate) struct Values {
    pub(crate) values: Vec<(&'static str, Value)>,
    pub(crate) warnings: Vec<String>,
}

impl From<Vec<(&'static str, Value)>> for Values {
    fn from(values: Vec<(&'static str, Value)>) -> Values {
        Values {
            values,
            warnings: Vec::new(),
        }
    }
}

/// A match score, games won and lost by the first player: `2-0` or `2:0`.
pub(super) fn match_score(result: &str) -> Option<(u32, u32)> {
    let (won, lost) = result.split_once('-').or_else(|| result.split_once(':'))?;
    Some((won.trim().parse().ok()?, lost.trim().parse().ok()?))
}

/// `games = [...]` (or `split = true`) for a Swiss match. What a score's drawn games mean
/// depends on how time ends a match: where time ends the round (2018) a draw is the match's
/// last game, so `0-0` is time called in game one (`["draw"]`, one game drawn) and `1-0` a win
/// then game two drawn; where the games are played out (2014) only game two can be drawn, so
/// `0-0` cannot happen.
pub(super) fn swiss_result(
    event: &Event,
    ruleset: &Ruleset,
    players: [usize; 2],
    result: &str,
) -> Result<Vec<(&'static str, Value)>, String> {
    let result = result.trim();
    if result == "split" {
        return Ok(vec![("split", Value::from(true))]);
    }
    let id = |p: usize| event.players[p].id.clone();
    let mut games = Array::new();
    if let Some((won, lost)) = match_score(result) {
        if won + lost > 2 {
            return Err(format!(
                "`{result}` has more than the match's 2 games: write games won and lost by {}, such as 2-0 or 1-0 (the other game drawn)",
                id(players[0])
            ));
        }
        // Games won, then lost, then drawn: the scores are the same in any order.
        for _ in 0..won {
            games.push(id(players[0]));
        }
        for _ in 0..lost {
            games.push(id(players[1]));
        }
        if won + lost == 0 && ruleset.games_played_out {
            return Err(format!(
                "`{result}` cannot happen under {}: the first game is played to its end and only game two can be drawn; write 1-0 or 0-1 (game two drawn), or game by game, such as {},draw",
                ruleset.id,
                id(players[0])
            ));
        }
        // A drawn game means time was called, which ends the match: at most one draw, last.
        if won + lost < 2 {
            games.push("draw");
        }
        return Ok(vec![("games", Value::Array(games))]);
    }
    for game in result.split(',') {
        let (who, how) = match game.split_once(':') {
            Some((who, how)) => (who.trim(), Some(how.trim())),
            None => (game.trim(), None),
        };
        let winner = if who == "draw" {
            "draw".to_string()
        } else {
            id(player(event, players, who)?)
        };
        match how {
            None => games.push(winner),
            Some(how) => {
                let by = GameEnd::from_name(how).ok_or_else(|| {
                    format!(
                        "`{how}` is not how a game ends: use one of {}",
                        GameEnd::NAMES.join(", ")
                    )
                })?;
                let mut table = InlineTable::new();
                table.insert("winner", Value::from(winner));
                table.insert("by", Value::from(by.name()));
                games.push(Value::InlineTable(table));
            }
        }
    }
    // Time called in game one (where time ends the round) leaves one game: the draw.
    let time_in_game_one =
        !ruleset.games_played_out && games.len() == 1 && result.split(':').next() == Some("draw");
    if games.len() != 2 && !time_in_game_one {
        let one_game = if ruleset.games_played_out {
            String::new()
        } else {
            " (or `draw` alone when time was called in game one)".to_string()
        };
        return Err(format!(
            "a match has 2 games, `{result}` gives {}: write both, such as {},draw{one_game}, or the score, such as 2-0",
            games.len(),
            id(players[0])
        ));
    }
    Ok(vec![("games", Value::Array(games))])
}

/// `winner` and `differential` (and `modified` or `quit`), or `tie`, for a SW:CCG game between
/// `[dark, light]`. A differential above the guide's cap is written as reported (the cards left
/// in the winner's Life Force, a fact of the game) with a warning saying what counts. Where
/// `winner_alone` (a ruleset whose differential is optional), the winner's id alone is a result.
pub(crate) fn ccg_result(
    event: &Event,
    players: [usize; 2],
    result: &str,
    winner_alone: bool,
) -> Result<Values, String> {
    let result = result.trim();
    if winner_alone && !result.contains(['+', ',', ':']) {
        let winner = player(event, players, result)?;
        return Ok(vec![("winner", Value::from(event.players[winner].id.clone()))].into());
    }
    let usage = "tie:DARK_LOST,LIGHT_LOST,DARK_HAND,LIGHT_HAND, such as tie:3,3,2,1 (with the coin's winner after them, such as tie:3,3,2,2,tom, when both counts are level and the venue tossed a coin)";
    if result.eq_ignore_ascii_case("tie") {
        return Err(format!(
            "`{result}`: a true tie is reported with the cards in each lost pile and hand that decide it: write {usage}"
        ));
    }
    if let Some(counts) = result.strip_prefix("tie:") {
        let mut parts: Vec<&str> = counts.split(',').map(str::trim).collect();
        // A fifth part names who won the coin tossed at the venue.
        let coin = match parts.len() {
            5 => parts
                .pop()
                .map(|who| player(event, players, who))
                .transpose()?,
            _ => None,
        };
        let numbers: Vec<i64> = parts
            .iter()
            .map(|n| n.parse::<i64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("`{result}`: write {usage}"))?;
        let [dark_lost, light_lost, dark_hand, light_hand] = numbers[..] else {
            return Err(format!(
                "`{result}`: a true tie needs four counts: write {usage}"
            ));
        };
        let mut tie = InlineTable::new();
        tie.insert("dark_lost_pile", Value::from(dark_lost));
        tie.insert("light_lost_pile", Value::from(light_lost));
        tie.insert("dark_hand", Value::from(dark_hand));
        tie.insert("light_hand", Value::from(light_hand));
        let mut values = vec![("tie", Value::InlineTable(tie))];
        if let Some(coin) = coin {
            values.push(("winner", Value::from(event.players[coin].id.clone())));
        }
        return Ok(values.into());
    }
    let mut parts = result.split(',');
    let head = parts.next().unwrap_or_default();
    let (who, differential) = head.rsplit_once('+').ok_or_else(|| {
        format!(
            "`{result}`: write the winner and the differential, such as {}+12",
            event.players[players[0]].id
        )
    })?;
    let winner = player(event, players, who)?;
    let differential: u32 = differential.trim().parse().map_err(|_| {
        format!(
            "`{differential}` is not a differential: write the cards left in the winner's Life Force, such as {}+12",
            who.trim()
        )
    })?;
    let mut values = vec![
        ("winner", Value::from(event.players[winner].id.clone())),
        ("differential", Value::from(i64::from(differential))),
    ];
    let mut how = None;
    for flag in parts.map(str::trim) {
        let key = match flag {
            "modified" => "modified",
            "quit" => "quit",
            other => {
                return Err(format!(
                    "`{other}`: add `modified` (a modified win on time) or `quit` (the other player quit), or nothing"
                ));
            }
        };
        if let Some(earlier) = how.replace(key) {
            return Err(format!(
                "`{result}`: a game is a modified win or a quit, not both `{earlier}` and `{key}`"
            ));
        }
        values.push((key, Value::from(true)));
    }
    let mut warnings = Vec::new();
    let cap = MAX_DIFFERENTIAL.unsigned_abs();
    if differential > cap {
        let points = if how == Some("modified") { 1 } else { 2 };
        let loser = if winner == players[0] {
            players[1]
        } else {
            players[0]
        };
        warnings.push(format!(
            "the differential is capped at {cap} (\"A player cannot win (or lose) by more than a 59 differential\"): the file records `differential = {differential}` as reported, and the standings count {} for {} and {} for {}",
            Score::new(points, MAX_DIFFERENTIAL),
            event.players[winner].name,
            Score::new(0, -MAX_DIFFERENTIAL),
            event.players[loser].name
        ));
    }
    Ok(Values { values, warnings })
}

/// The going-to-time state from `--timed`: `key=value` pairs, comma-separated, with the file's
/// `timed` keys, every one given once.
pub(super) fn timed_state(text: &str) -> Result<Timed, String> {
    const EXAMPLE: &str =
        "such as --timed light_objectives=1,light_damage=5,dial=9,dark_damage=6,balance=dark";
    let mut counts: [Option<u32>; 4] = [None; 4];
    let mut balance = None;
    for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| {
                format!("`{pair}`: write each part of the game state as key=value, {EXAMPLE}")
            })?;
        if key == "balance" {
            let side = match value {
                "dark" => Side::Dark,
                "light" => Side::Light,
                _ => {
                    return Err(format!(
                        "`balance={value}`: the Balance of the Force is held by `dark` or `light`"
                    ));
                }
            };
            if balance.replace(side).is_some() {
                return Err("`balance` is given twice in --timed".into());
            }
            continue;
        }
        let (slot, max) = counts
            .iter_mut()
            .zip(Timed::COUNTS)
            .find(|(_, (name, _))| *name == key)
            .map(|(slot, (_, max))| (slot, max))
            .ok_or_else(|| {
                format!(
                    "`{key}` is not part of the game state: use light_objectives, light_damage, dial, dark_damage and balance, {EXAMPLE}"
                )
            })?;
        let count = value.parse::<u32>().ok().filter(|n| *n <= max).ok_or_else(|| {
            format!("`{key}={value}`: {key} is a whole number from 0 to {max} in a game that went to time")
        })?;
        if slot.replace(count).is_some() {
            return Err(format!("`{key}` is given twice in --timed"));
        }
    }
    let missing: Vec<&str> = Timed::COUNTS
        .iter()
        .zip(&counts)
        .filter(|(_, count)| count.is_none())
        .map(|((key, _), _)| *key)
        .chain(balance.is_none().then_some("balance"))
        .collect();
    match (counts, balance) {
        ([Some(a), Some(b), Some(c), Some(d)], Some(balance)) => {
            Ok(Timed::from_counts([a, b, c, d], balance))
        }
        _ => {
            let missing = match missing.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            Err(format!("the game state also needs {missing}, {EXAMPLE}"))
        }
    }
}
