//! `holonet report`: writes one table's result into the event file, from the terminal, keeping
//! the file's comments and layout (the edit goes through `toml_edit`). The caller validates the
//! new text before it is written, so a result the rules reject never reaches the file.
//!
//! What a result looks like depends on what is being played:
//! - a Swiss match (SW:LCG): `2-0`, `1-1`, `1-0`, `0-0`, `0-1`, `0-2` (games won and lost by the
//!   first player listed at the table, the rest drawn), or game by game, `tom,draw` or
//!   `tom:dial,nick` (each game's winner id, or `draw`, with `:how` it ended), or `split`;
//! - a SW:CCG game: `tom+12` (the winner and the differential), `tom+12,modified` (a modified
//!   win on time), `tom+20,quit` (the other player quit), or `tie:3,3,2,1` (a true tie: dark and
//!   light lost piles, then dark and light hands);
//! - an elimination game: the winner's id, with `--dark` naming the player on the dark side
//!   when the higher seed's choice is not recorded yet.

use toml_edit::{DocumentMut, InlineTable, Item, Table, Value};

use super::{Event, GameEnd};
use crate::rules::compute::Computed;

/// Where the result goes: found from the file and the command's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Table `table` of Swiss round `round` (1-based).
    Swiss { round: u32, table: u32 },
    /// Table `table` of SW:CCG game `game`.
    Ccg { game: u32, table: u32 },
    /// Elimination game `game`.
    Elimination { game: u32 },
}

impl Place {
    fn describe(self) -> String {
        match self {
            Place::Swiss { round, table } => format!("table {table} of round {round}"),
            Place::Ccg { game, table } => format!("table {table} of game {game}"),
            Place::Elimination { game } => format!("elimination game {game}"),
        }
    }
}

/// The command's request.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The table number (or, once the Swiss rounds are over, the elimination game number).
    pub table: u32,
    pub result: &'a str,
    /// The round (or SW:CCG game) to write into, when not the current one: to correct a result.
    pub round: Option<u32>,
    /// Elimination: who played dark (the higher seed's choice in the first round).
    pub dark: Option<&'a str>,
    /// Replace a result already recorded.
    pub replace: bool,
}

/// The new text of the event file, and a sentence saying what was recorded.
#[derive(Debug, Clone)]
pub struct Reported {
    pub text: String,
    pub summary: String,
}

/// Writes `request` into `text`, the file `event` was read from.
pub fn report(
    text: &str,
    event: &Event,
    computed: &Computed,
    request: &Request<'_>,
) -> Result<Reported, String> {
    if event.casual.is_some() {
        return Err(format!(
            "a `{}` event has no tables to report: add the game or session to the file as it is played",
            event.info.format
        ));
    }
    let place = find_place(event, computed, request)?;
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| format!("cannot edit this file: {e}"))?;
    let players = players_at(event, computed, place)?;
    let values = match place {
        Place::Swiss { .. } => swiss_result(event, players, request.result)?,
        Place::Ccg { .. } => ccg_result(event, players, request.result)?,
        Place::Elimination { .. } => elimination_result(event, players, request)?,
    };
    let entry = entry_mut(&mut doc, place)?;
    let recorded = [
        "games",
        "split",
        "winner",
        "differential",
        "modified",
        "quit",
        "tie",
        "timed",
    ];
    if !request.replace && recorded.iter().any(|k| entry.contains_key(k)) {
        return Err(format!(
            "{} already has a result; pass --replace to correct it",
            place.describe()
        ));
    }
    for key in recorded {
        entry.remove(key);
    }
    let mut summary = Vec::new();
    for (key, value) in values {
        summary.push(format!("{key} = {}", value.to_string().trim()));
        entry.insert(key, Item::Value(value));
    }
    entry.fmt();
    Ok(Reported {
        text: doc.to_string(),
        summary: format!("{}: {}", place.describe(), summary.join(", ")),
    })
}

/// The place the request points at, checked against the event.
fn find_place(event: &Event, computed: &Computed, request: &Request<'_>) -> Result<Place, String> {
    let table = request.table;
    if computed.ccg.is_some() {
        let game = match request.round {
            Some(n) => event.games.iter().find(|g| g.number == n),
            None => event.games.iter().find(|g| !g.is_complete()),
        }
        .ok_or_else(|| match request.round {
            Some(n) => format!("game {n} is not in the file"),
            None => "every game in the file has its results; pass --round to correct one".into(),
        })?;
        if !game.tables.iter().any(|t| t.number == table) {
            return Err(format!("game {} has no table {table}", game.number));
        }
        return Ok(Place::Ccg {
            game: game.number,
            table,
        });
    }
    let round = match request.round {
        Some(n) => Some(
            event
                .rounds
                .iter()
                .find(|r| r.number == n)
                .ok_or_else(|| format!("round {n} is not in the file"))?,
        ),
        None => event.rounds.iter().find(|r| !r.is_complete()),
    };
    if let Some(round) = round {
        if !round.tables.iter().any(|t| t.number == table) {
            return Err(format!("round {} has no table {table}", round.number));
        }
        return Ok(Place::Swiss {
            round: round.number,
            table,
        });
    }
    let bracket = computed.bracket.as_ref().ok_or_else(|| {
        "every round in the file has its results; run holonet pair for the next one, or pass --round to correct a result".to_string()
    })?;
    let game = bracket
        .games
        .iter()
        .find(|g| g.spec.number == table)
        .ok_or_else(|| format!("the bracket has no game {table}"))?;
    if !game.players.iter().all(Option::is_some) {
        return Err(format!(
            "the players of elimination game {table} are not known yet"
        ));
    }
    Ok(Place::Elimination { game: table })
}

/// The two players at the place, as indices.
fn players_at(event: &Event, computed: &Computed, place: Place) -> Result<[usize; 2], String> {
    let found = match place {
        Place::Swiss { round, table } => event
            .rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.tables.iter().find(|t| t.number == table))
            .map(|t| t.players),
        Place::Ccg { game, table } => event
            .games
            .iter()
            .find(|g| g.number == game)
            .and_then(|g| g.tables.iter().find(|t| t.number == table))
            .map(|t| [t.dark, t.light]),
        Place::Elimination { game } => computed
            .bracket
            .as_ref()
            .and_then(|b| b.games.iter().find(|g| g.spec.number == game))
            .and_then(|g| Some([g.players[0]?, g.players[1]?])),
    };
    found.ok_or_else(|| format!("{} is not in the file", place.describe()))
}

/// A player at the table by id.
fn player(event: &Event, players: [usize; 2], id: &str) -> Result<usize, String> {
    let id = id.trim();
    players
        .into_iter()
        .find(|&p| event.players[p].id == id)
        .ok_or_else(|| {
            format!(
                "`{id}` is not at this table: use `{}` or `{}`",
                event.players[players[0]].id, event.players[players[1]].id
            )
        })
}

/// `games = [...]` (or `split = true`) for a Swiss match.
fn swiss_result(
    event: &Event,
    players: [usize; 2],
    result: &str,
) -> Result<Vec<(&'static str, Value)>, String> {
    let result = result.trim();
    if result == "split" {
        return Ok(vec![("split", Value::from(true))]);
    }
    let id = |p: usize| event.players[p].id.clone();
    let mut games = toml_edit::Array::new();
    if let Some((won, lost)) = result.split_once('-')
        && let (Ok(won), Ok(lost)) = (won.parse::<u32>(), lost.parse::<u32>())
    {
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
        for _ in won + lost..2 {
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
    if games.len() != 2 {
        return Err(format!(
            "a match has 2 games, `{result}` gives {}: write both, such as {},draw",
            games.len(),
            id(players[0])
        ));
    }
    Ok(vec![("games", Value::Array(games))])
}

/// `winner` and `differential` (and `modified` or `quit`), or `tie`, for a SW:CCG game.
fn ccg_result(
    event: &Event,
    players: [usize; 2],
    result: &str,
) -> Result<Vec<(&'static str, Value)>, String> {
    let result = result.trim();
    if let Some(counts) = result.strip_prefix("tie:") {
        let numbers: Vec<i64> = counts
            .split(',')
            .map(|n| n.trim().parse::<i64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("`{result}`: write tie:DARK_LOST,LIGHT_LOST,DARK_HAND,LIGHT_HAND, such as tie:3,3,2,1"))?;
        let [dark_lost, light_lost, dark_hand, light_hand] = numbers[..] else {
            return Err(format!(
                "`{result}`: a true tie needs four counts, such as tie:3,3,2,1"
            ));
        };
        let mut tie = InlineTable::new();
        tie.insert("dark_lost_pile", Value::from(dark_lost));
        tie.insert("light_lost_pile", Value::from(light_lost));
        tie.insert("dark_hand", Value::from(dark_hand));
        tie.insert("light_hand", Value::from(light_hand));
        return Ok(vec![("tie", Value::InlineTable(tie))]);
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
    let differential: i64 = differential.trim().parse().map_err(|_| {
        format!("`{differential}` is not a differential: write a whole number, such as {who}+12")
    })?;
    let mut values = vec![
        ("winner", Value::from(event.players[winner].id.clone())),
        ("differential", Value::from(differential)),
    ];
    for flag in parts {
        match flag.trim() {
            "modified" => values.push(("modified", Value::from(true))),
            "quit" => values.push(("quit", Value::from(true))),
            other => {
                return Err(format!(
                    "`{other}`: add `modified` (a modified win on time) or `quit` (the other player quit), or nothing"
                ));
            }
        }
    }
    Ok(values)
}

/// `winner` (and `dark`) for an elimination game.
fn elimination_result(
    event: &Event,
    players: [usize; 2],
    request: &Request<'_>,
) -> Result<Vec<(&'static str, Value)>, String> {
    let winner = player(event, players, request.result)?;
    let mut values = Vec::new();
    if let Some(dark) = request.dark {
        let dark = player(event, players, dark)?;
        values.push(("dark", Value::from(event.players[dark].id.clone())));
    }
    values.push(("winner", Value::from(event.players[winner].id.clone())));
    Ok(values)
}

/// A table's entry in the document, as a table-like value whichever way it is written.
fn entry_mut(doc: &mut DocumentMut, place: Place) -> Result<&mut dyn toml_edit::TableLike, String> {
    let missing = || format!("cannot find {} in the file", place.describe());
    let (list, number_key, number): (&mut Item, &str, u32) = match place {
        Place::Swiss { round, table } | Place::Ccg { game: round, table } => {
            let rounds = doc
                .get_mut("rounds")
                .and_then(Item::as_array_of_tables_mut)
                .ok_or_else(missing)?;
            let entry = rounds.get_mut(round as usize - 1).ok_or_else(missing)?;
            (entry.get_mut("tables").ok_or_else(missing)?, "table", table)
        }
        Place::Elimination { game } => {
            let elimination = doc
                .entry("elimination")
                .or_insert_with(|| Item::Table(Table::new()))
                .as_table_like_mut()
                .ok_or_else(missing)?;
            let games = elimination
                .entry("games")
                .or_insert(Item::Value(Value::Array(toml_edit::Array::new())));
            // A game the file does not list yet is added at the end.
            if let Some(array) = games.as_array_mut()
                && !array
                    .iter()
                    .any(|v| number_of(v.as_inline_table(), "game") == Some(game))
            {
                let mut entry = InlineTable::new();
                entry.insert("game", Value::from(i64::from(game)));
                array.push(entry);
            }
            if let Some(tables) = games.as_array_of_tables_mut()
                && !tables
                    .iter()
                    .any(|t| t.get("game").and_then(Item::as_integer) == Some(i64::from(game)))
            {
                let mut entry = Table::new();
                entry.insert("game", toml_edit::value(i64::from(game)));
                tables.push(entry);
            }
            (games, "game", game)
        }
    };
    let wanted = Some(number);
    match list {
        Item::Value(Value::Array(array)) => array
            .iter_mut()
            .filter_map(Value::as_inline_table_mut)
            .find(|t| number_of(Some(&**t), number_key) == wanted)
            .map(|t| t as &mut dyn toml_edit::TableLike)
            .ok_or_else(missing),
        Item::ArrayOfTables(tables) => tables
            .iter_mut()
            .find(|t| {
                t.get(number_key)
                    .and_then(Item::as_integer)
                    .map(|n| n as u32)
                    == wanted
            })
            .map(|t| t as &mut dyn toml_edit::TableLike)
            .ok_or_else(missing),
        _ => Err(missing()),
    }
}

fn number_of(table: Option<&InlineTable>, key: &str) -> Option<u32> {
    table?
        .get(key)?
        .as_integer()
        .and_then(|n| u32::try_from(n).ok())
}
