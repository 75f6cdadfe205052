//! `[[penalties]]`: the penalty log of a SW:LCG event, read and checked against the results.
//!
//! A penalty records why a result is what it is; it never changes a result by itself. A game
//! or match loss is recorded in the results as the game or the match the opponent won (in a
//! Swiss round, or the elimination game's winner), and a disqualification as the player's
//! `disqualified = true` with `drop`: the log is checked against them, and a difference is a
//! warning that gives the command recording the loss (a warning, so that the penalty may be
//! written first and the verbs still run). A table not reported yet is not checked.

use crate::diag::Shown;
use std::ops::Range;

use super::raw::{RawEvent, RawPenalty};
use super::validate::common::{player_positions, resolve};
use crate::diag::Code;
use crate::event::penalty::{Given, Infraction, Penalty, PenaltyKind};
use crate::event::{EliminationGame, Outcome, Player, Round, Table};
use crate::toml_reader::{Reader, Sp};

/// The penalty log of an event with SW:LCG Swiss rounds (`swiss`); an error for any other kind
/// of event, and for each entry that names no known player, no recorded round or game, or an
/// unknown infraction or penalty; a warning for a loss the results do not record.
pub(crate) fn validate_penalties(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    players: &[Player],
    rounds: &[Round],
    elimination: &[EliminationGame],
    swiss: bool,
) -> Vec<Penalty> {
    let Some(span) = &raw.penalties_span else {
        return Vec::new();
    };
    if !swiss {
        reader
            .error(
                Code::InvalidValue,
                span.clone(),
                "`[[penalties]]` is the penalty log of a SW:LCG tournament (ffg-2018, ffg-2014) with Swiss rounds",
            )
            .help = Some(
            "remove it; a SW:CCG deck-check failure is recorded on its game (`violation`)".into(),
        );
        return Vec::new();
    }
    let ids = player_positions(players);
    raw.penalties
        .iter()
        .filter_map(|entry| {
            let player = resolve(reader, &ids, entry.player.as_ref()?, "in `[[penalties]]`")?;
            let infraction = choice(
                reader,
                entry.infraction.as_ref()?,
                "infraction",
                &Infraction::ALL,
            )?;
            let penalty = choice(
                reader,
                entry.penalty.as_ref()?,
                "penalty",
                &PenaltyKind::ALL,
            )?;
            let given = given(reader, entry)?;
            let penalty = Penalty {
                player,
                given,
                infraction,
                penalty,
                note: entry.note.as_ref().map(|n| n.value.clone()),
            };
            check_recorded(reader, entry, &penalty, players, rounds, elimination).then_some(penalty)
        })
        .collect()
}

/// One of `options` by its id, or an error listing them.
fn choice<T: Copy>(
    reader: &mut Reader<'_>,
    written: &Sp<String>,
    key: &str,
    options: &[(T, &'static str)],
) -> Option<T> {
    if let Some((value, _)) = options.iter().find(|(_, id)| *id == written.value) {
        return Some(*value);
    }
    let listed: Vec<String> = options.iter().map(|(_, id)| format!("\"{id}\"")).collect();
    reader
        .error(
            Code::InvalidValue,
            written.span.clone(),
            format!("`{key}` cannot be \"{}\"", written.value),
        )
        .help = Some(format!("write one of {}", listed.join(", ")));
    None
}

/// When the penalty was given: `round = N` or `game = N`, exactly one.
fn given(reader: &mut Reader<'_>, entry: &RawPenalty) -> Option<Given> {
    let number = |n: &Sp<i64>| u32::try_from(n.value).ok().filter(|&n| n > 0);
    match (&entry.round, &entry.game) {
        (Some(round), None) => match number(round) {
            Some(n) => Some(Given::Round(n)),
            None => {
                reader
                    .error(
                        Code::InvalidValue,
                        round.span.clone(),
                        "`round` is a round's number",
                    )
                    .help = Some(
                    "write the Swiss round the penalty was given in, such as `round = 3`".into(),
                );
                None
            }
        },
        (None, Some(game)) => match number(game) {
            Some(n) => Some(Given::EliminationGame(n)),
            None => {
                reader
                    .error(
                        Code::InvalidValue,
                        game.span.clone(),
                        "`game` is an elimination game's number",
                    )
                    .help = Some(
                    "write the elimination game the penalty was given in, such as `game = 2`"
                        .into(),
                );
                None
            }
        },
        (Some(_), Some(game)) => {
            reader
                .error(
                    Code::Conflict,
                    game.span.clone(),
                    "a penalty is given in a round or in an elimination game, not both",
                )
                .help =
                Some("keep `round` for a Swiss round, or `game` for an elimination game".into());
            None
        }
        (None, None) => {
            reader
                .error(
                    Code::MissingField,
                    entry.span.clone(),
                    "this penalty does not say when it was given",
                )
                .help =
                Some("add `round = N` (a Swiss round) or `game = N` (an elimination game)".into());
            None
        }
    }
}

/// Whether the results record what `penalty` says: its round or game is recorded, with the
/// player in it (an error otherwise: the entry names what is not there); a game or match loss
/// as games the opponent won, a disqualification on the player (a warning otherwise, with what
/// records it).
fn check_recorded(
    reader: &mut Reader<'_>,
    entry: &RawPenalty,
    penalty: &Penalty,
    players: &[Player],
    rounds: &[Round],
    elimination: &[EliminationGame],
) -> bool {
    let name = &players[penalty.player].name;
    let at = entry
        .penalty
        .as_ref()
        .map_or(entry.span.clone(), |p| p.span.clone());
    // Where the entry says when it was given (its `round` or its `game`: one of them).
    let when = entry
        .round
        .as_ref()
        .or(entry.game.as_ref())
        .map_or(entry.span.clone(), |w| w.span.clone());
    let loss = penalty.penalty.takes_games();
    if penalty.penalty == PenaltyKind::Disqualification {
        let player = &players[penalty.player];
        let round = penalty.given.round();
        let dropped_by = |drop: u32| round.is_none_or(|n| drop <= n);
        if !player.disqualified || !player.drop.is_some_and(dropped_by) {
            let drop = round.map_or(String::new(), |n| format!(" and `drop = {n}`"));
            unrecorded(
                reader,
                at.clone(),
                format!(
                    "{name} is disqualified here, but their entry in `[[players]]` does not say so"
                ),
                format!(
                    "add `disqualified = true`{drop} to `{}` in `[[players]]`",
                    player.id
                ),
            );
        }
    }
    match penalty.given {
        Given::Round(number) => {
            let Some(round) = rounds.iter().find(|r| r.number == number) else {
                return refuse(
                    reader,
                    when,
                    format!("round {number} is not recorded"),
                    format!(
                        "write the round the penalty was given in (1 to {})",
                        rounds.len().max(1)
                    ),
                );
            };
            let table = round
                .tables
                .iter()
                .find(|t| t.players.contains(&penalty.player));
            let in_round = table.is_some() || round.byes.contains(&penalty.player);
            if !in_round {
                return refuse(
                    reader,
                    when,
                    format!("{name} did not play in round {number}"),
                    "write the round the penalty was given in".into(),
                );
            }
            match table {
                Some(table) if loss => {
                    check_round_loss(reader, at, penalty, table, number, players);
                    true
                }
                None if loss => refuse(
                    reader,
                    at,
                    format!("{name} had a bye in round {number}: there is no game to lose"),
                    "give the penalty in a round where the player had a table, or make it a warning".into(),
                ),
                _ => true,
            }
        }
        Given::EliminationGame(number) => {
            let Some(game) = elimination.iter().find(|g| g.number == number) else {
                return refuse(
                    reader,
                    when,
                    format!("elimination game {number} is not recorded"),
                    "write the number of an elimination game in `[elimination]`".into(),
                );
            };
            match game.winner {
                Some(winner) if loss && winner == penalty.player => {
                    unrecorded(
                        reader,
                        at,
                        format!(
                            "{name} lost elimination game {number} by this penalty, but the game records them as its winner"
                        ),
                        "record the game's `winner` as the opponent, or make the penalty a warning"
                            .into(),
                    );
                    true
                }
                _ => true,
            }
        }
    }
}

/// An error at `span`: the penalty names a round, game or seat the file does not have.
/// Always `false`.
fn refuse(reader: &mut Reader<'_>, span: Range<usize>, message: String, help: String) -> bool {
    reader.error(Code::UnknownReference, span, message).help = Some(help);
    false
}

/// A warning at `span`: the results do not record what the penalty did.
fn unrecorded(reader: &mut Reader<'_>, span: Range<usize>, message: String, help: String) {
    reader.warning(Code::BadResult, span, message).help = Some(help);
}

/// A game or match loss in a Swiss round: once the table is reported, its games show the
/// opponent winning (a game at least, or every game; a forfeited match counts as every game).
fn check_round_loss(
    reader: &mut Reader<'_>,
    at: Range<usize>,
    penalty: &Penalty,
    table: &Table,
    number: u32,
    players: &[Player],
) {
    let player = penalty.player;
    let opponent = if table.players[0] == player {
        table.players[1]
    } else {
        table.players[0]
    };
    let Outcome::Games(games) = &table.outcome else {
        if table.outcome != Outcome::Pending {
            unrecorded(
                reader,
                at,
                format!(
                    "{} lost a game by this penalty, but round {number}'s table {} records an intentional split",
                    players[player].name, table.number
                ),
                "record the table's games as played, the lost one won by the opponent".into(),
            );
        }
        return;
    };
    let forfeited = table.forfeit.is_some_and(|f| f.player == player);
    let won = games.iter().filter(|g| g.winner == Some(opponent)).count();
    let recorded = forfeited
        || match penalty.penalty {
            PenaltyKind::GameLoss => won >= 1,
            _ => won == games.len() && !games.is_empty(),
        };
    if recorded {
        return;
    }
    let name = &players[opponent].name;
    let (lost, records, taken) = match penalty.penalty {
        PenaltyKind::GameLoss => ("a game", format!("no game won by {name}"), 1),
        _ => (
            "the match",
            format!("a game not won by {name}"),
            games.len().max(2),
        ),
    };
    let forfeit = format!("{}:forfeit", players[opponent].id);
    let (file, table_number) = (reader.file.shown().to_string(), table.number);
    let how = if taken == 1 {
        format!(
            "write `{forfeit}` for that game in `holonet report {file} {table_number} RESULT --round {number} --replace`"
        )
    } else {
        let result = vec![forfeit; taken].join(",");
        format!("`holonet report {file} {table_number} {result} --round {number} --replace`")
    };
    unrecorded(
        reader,
        at,
        format!(
            "{} lost {lost} by this penalty, but round {number}'s table {} records {records}",
            players[player].name, table.number
        ),
        format!(
            "record what the penalty took as won by forfeit: {how}; or make the penalty a warning"
        ),
    );
}
