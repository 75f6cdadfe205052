//! Writing the next step of an event into its file (`holonet pair`): the next Swiss round, or
//! the elimination games that are ready. The file is edited with `toml_edit`, so the organizer's
//! comments and layout stay as they were, and written atomically (see [`crate::atomic`]).

use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use super::Event;
use crate::rules::bracket::Part;
use crate::rules::compute::{Computed, next_swiss_round};
use crate::rules::swiss::{PairedRound, Reason};

/// What `holonet pair` adds to an event file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextStep {
    /// The next Swiss round.
    Swiss { number: u32, round: PairedRound },
    /// Elimination games whose players are known and that the file does not list yet.
    Elimination { games: Vec<ReadyGame> },
    /// The next SW:CCG game.
    CcgGame {
        number: u32,
        paired: crate::rules::swccg::Paired,
    },
}

/// An elimination game ready to be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadyGame {
    pub number: u32,
    pub part: Part,
    pub players: [usize; 2],
    /// The computed dark player; `None` in the first round, where the higher seed chooses.
    pub dark: Option<usize>,
}

/// Why nothing can be added now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotNow(pub String);

/// Decides what comes next for an event, or why nothing can.
pub fn next_step(event: &Event, computed: &Computed) -> Result<NextStep, NotNow> {
    if event.casual.is_some() {
        return Err(NotNow(format!(
            "a `{}` event has no pairing rounds: record each game or session in the file as it is played",
            event.info.format
        )));
    }
    if let Some(ccg) = &computed.ccg {
        if let Some(open) = event.games.iter().find(|g| !g.is_complete()) {
            return Err(NotNow(format!(
                "game {} still has unreported tables; record their results first",
                open.number
            )));
        }
        return match &ccg.next {
            Some((number, paired)) => Ok(NextStep::CcgGame { number: *number, paired: paired.clone() }),
            None if ccg.final_confrontation.as_ref().is_some_and(|f| f.outcome.is_none()) => Err(NotNow(
                "the games are finished: record the Final Confrontation under `[final]` (see the event page for the finalists)".into(),
            )),
            None => Err(NotNow("every game is recorded: the event is complete".into())),
        };
    }
    if let Some(round) = event.rounds.iter().find(|r| !r.is_complete()) {
        let open: Vec<String> = round
            .tables
            .iter()
            .filter(|t| t.outcome == super::Outcome::Pending)
            .map(|t| t.number.to_string())
            .collect();
        return Err(NotNow(format!(
            "round {} still has unreported tables ({}); record their results first",
            round.number,
            open.join(", ")
        )));
    }
    if let Some((number, round)) = next_swiss_round(event, computed) {
        return Ok(NextStep::Swiss { number, round });
    }
    if !computed.swiss_finished() {
        return Err(NotNow(
            "there are not enough players in the event to pair a round".into(),
        ));
    }
    let Some(bracket) = computed.bracket.as_ref() else {
        return Err(NotNow(if computed.cut.unwrap_or(0) == 0 {
            "the Swiss rounds are finished and the event has no cut: it is complete".into()
        } else {
            "the cut cannot be made: there are not enough eligible players".into()
        }));
    };
    if let Some(open) = event.elimination.iter().find(|g| !g.is_reported()) {
        return Err(NotNow(format!(
            "elimination game {} is published but has no result; record it first",
            open.number
        )));
    }
    if bracket.champion.is_some() {
        return Err(NotNow(
            "the bracket is finished: the event is complete".into(),
        ));
    }
    let listed: Vec<u32> = event.elimination.iter().map(|g| g.number).collect();
    let games: Vec<ReadyGame> = bracket
        .games
        .iter()
        .filter(|g| bracket.ready.contains(&g.spec.number) && !listed.contains(&g.spec.number))
        .filter_map(|g| {
            Some(ReadyGame {
                number: g.spec.number,
                part: g.spec.part,
                players: [g.players[0]?, g.players[1]?],
                dark: g.dark,
            })
        })
        .collect();
    if games.is_empty() {
        return Err(NotNow("no elimination game is ready to be played".into()));
    }
    Ok(NextStep::Elimination { games })
}

fn reason_comment(reason: Reason) -> Option<&'static str> {
    match reason {
        Reason::Random | Reason::SameGroup => None,
        Reason::AvoidNotPossible => Some("could not be kept apart"),
        Reason::PairedDown => Some("paired down"),
        Reason::AvoidsRematch => Some("moved across score groups to avoid a rematch"),
        Reason::UnavoidableRematch => Some("rematch: no pairing without one exists"),
    }
}

/// An inline array written one element per line, as organizers write tables by hand.
fn multiline(items: Vec<(Value, Option<String>)>) -> Array {
    let mut array = Array::new();
    for (mut value, comment) in items {
        let prefix = match comment {
            Some(c) => format!("\n  # {c}\n  "),
            None => "\n  ".to_string(),
        };
        value.decor_mut().set_prefix(prefix);
        array.push_formatted(value);
    }
    array.set_trailing("\n");
    array.set_trailing_comma(true);
    array
}

fn string_array(values: &[&str]) -> Value {
    Value::Array(values.iter().copied().collect())
}

/// Appends a `[[rounds]]` entry, creating the list when the file has none.
fn push_round(doc: &mut DocumentMut, entry: Table) -> Result<(), String> {
    match doc.get_mut("rounds") {
        Some(Item::ArrayOfTables(rounds)) => rounds.push(entry),
        Some(_) => return Err("`rounds` is not a list of `[[rounds]]` tables".into()),
        None => {
            let mut rounds = ArrayOfTables::new();
            rounds.push(entry);
            doc.insert("rounds", Item::ArrayOfTables(rounds));
        }
    }
    Ok(())
}

/// The event file's text with `step` added. Fails only when the file is not TOML that
/// `toml_edit` can edit (it was already validated, so in practice never).
pub fn apply(text: &str, event: &Event, step: &NextStep) -> Result<String, String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| format!("cannot edit this file: {e}"))?;
    let id = |p: usize| event.players[p].id.as_str();
    let name = |p: usize| event.players[p].name.as_str();
    match step {
        NextStep::Swiss { number, round } => {
            let tables = round
                .tables
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let mut table = InlineTable::new();
                    table.insert("table", Value::from(i as i64 + 1));
                    table.insert(
                        "players",
                        string_array(&[id(t.players[0]), id(t.players[1])]),
                    );
                    (
                        Value::InlineTable(table),
                        reason_comment(t.reason).map(str::to_string),
                    )
                })
                .collect();
            let mut entry = Table::new();
            entry
                .decor_mut()
                .set_prefix(format!("\n# Round {number}, paired by holonet pair.\n"));
            entry.insert("tables", Item::Value(Value::Array(multiline(tables))));
            if let Some(bye) = round.bye {
                entry.insert("byes", Item::Value(string_array(&[id(bye.player)])));
            }
            push_round(&mut doc, entry)?;
        }
        NextStep::CcgGame { number, paired } => {
            let tables = paired
                .tables
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let mut table = InlineTable::new();
                    table.insert("table", Value::from(i as i64 + 1));
                    table.insert("dark", Value::from(id(t.dark)));
                    table.insert("light", Value::from(id(t.light)));
                    let comment = match t.reason {
                        crate::rules::swccg::PairReason::Random
                        | crate::rules::swccg::PairReason::Piles
                        | crate::rules::swccg::PairReason::Standings => None,
                        other => Some(format!("{other:?}").to_lowercase()),
                    };
                    (Value::InlineTable(table), comment)
                })
                .collect();
            let mut entry = Table::new();
            entry
                .decor_mut()
                .set_prefix(format!("\n# Game {number}, paired by holonet pair.\n"));
            entry.insert("tables", Item::Value(Value::Array(multiline(tables))));
            if !paired.byes.is_empty() {
                let byes: Vec<&str> = paired.byes.iter().map(|b| id(b.player)).collect();
                entry.insert("byes", Item::Value(string_array(&byes)));
            }
            push_round(&mut doc, entry)?;
        }
        NextStep::Elimination { games } => {
            let entries: Vec<(Value, Option<String>)> = games
                .iter()
                .map(|g| {
                    let mut table = InlineTable::new();
                    table.insert("game", Value::from(i64::from(g.number)));
                    let part = match g.part {
                        Part::Upper => "upper bracket",
                        Part::Lower => "lower bracket",
                        Part::Final => "final",
                        Part::SecondFinal => "second final game",
                    };
                    let [a, b] = g.players;
                    let comment = match g.dark {
                        Some(d) => {
                            let side = |p: usize| if p == d { "dark" } else { "light" };
                            format!("game {} ({part}): {} ({}) v {} ({})", g.number, name(a), side(a), name(b), side(b))
                        }
                        None => format!(
                            "game {} ({part}): {} v {}; the higher seed chooses a side, recorded as `dark`",
                            g.number,
                            name(a),
                            name(b)
                        ),
                    };
                    (Value::InlineTable(table), Some(comment))
                })
                .collect();
            let elimination = doc
                .entry("elimination")
                .or_insert_with(|| Item::Table(Table::new()));
            let Some(elimination) = elimination.as_table_like_mut() else {
                return Err("`elimination` is not a table".into());
            };
            match elimination.get_mut("games") {
                Some(Item::Value(Value::Array(array))) => {
                    for (mut value, comment) in entries {
                        value.decor_mut().set_prefix(
                            comment
                                .map_or_else(|| "\n  ".to_string(), |c| format!("\n  # {c}\n  ")),
                        );
                        array.push_formatted(value);
                    }
                    array.set_trailing("\n");
                    array.set_trailing_comma(true);
                }
                Some(Item::ArrayOfTables(tables)) => {
                    for (value, comment) in entries {
                        let Value::InlineTable(inline) = value else {
                            continue;
                        };
                        let mut table = inline.into_table();
                        if let Some(c) = comment {
                            table.decor_mut().set_prefix(format!("\n# {c}\n"));
                        }
                        tables.push(table);
                    }
                }
                Some(_) => return Err("`elimination.games` is not a list".into()),
                None => {
                    elimination.insert("games", Item::Value(Value::Array(multiline(entries))));
                }
            }
        }
    }
    Ok(doc.to_string())
}

/// The lines of `new` between what it shares with `old` at the start and at the end: what an
/// edit inserted, for `--dry-run` to show.
pub fn added_lines(old: &str, new: &str) -> String {
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    let head = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let tail = old[head..]
        .iter()
        .rev()
        .zip(new[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    new[head..new.len() - tail].join("\n")
}
