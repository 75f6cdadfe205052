//! The Swiss parts of `event.json`: each round's tables and results (`rounds`), the next round
//! as the rules pair it (`next_round`) and the top cut's seeds (`cut`).

use serde::Serialize;
use serde_json::{Value, json};

use crate::event::{Event, Outcome};
use crate::rules::computed::{Computed, SwissComputed};
use crate::rules::scoring::RoundKind;

#[derive(Serialize)]
pub(super) struct RoundJson<'a> {
    number: u32,
    #[serde(skip_serializing_if = "super::is_false")]
    finished: bool,
    /// The names of a table row's values, in order: [`TABLE_COLUMNS`].
    columns: [&'static str; 8],
    /// One row per table: a round of a big event has a hundred tables, and the keys of an
    /// object per table were half of its bytes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tables: Vec<Vec<Value>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    byes: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unpaired_losses: Vec<&'a str>,
}

/// A table row's values: the table's number, its two players' ids, the tournament points each
/// took (null until the round is finished), its games (each the winner's seat, 0 or 1 in
/// `players`, or null for a draw, then how it ended when recorded), the seat of the first
/// game's dark side player, why the two were paired, the result when it is not `played`
/// (`pending` or `split`) and a forfeit after a deck check (2014). The columns that are most
/// often null come last, so that a row's trailing nulls can be left out.
const TABLE_COLUMNS: [&str; 8] = [
    "table",
    "players",
    "points",
    "games",
    "first_dark",
    "reason",
    "result",
    "forfeit",
];

/// In a table's row, so written as a `serde_json` object, whose keys come in alphabetical order.
#[derive(Serialize)]
struct ForfeitJson {
    /// Whether they also forfeit every later match (and leave the event).
    #[serde(skip_serializing_if = "super::is_false")]
    rest: bool,
    /// The seat (0 or 1 in the table's `players`) of the player whose deck failed the check.
    seat: usize,
}

#[derive(Serialize)]
pub(super) struct CutJson<'a> {
    size: u32,
    seeds: Vec<SeedJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    replaced: Vec<&'a str>,
}

#[derive(Serialize)]
struct SeedJson<'a> {
    seed: u32,
    id: &'a str,
    swiss_rank: u32,
    #[serde(skip_serializing_if = "super::is_false")]
    replacement: bool,
}

/// Each round of the file: its tables, results and points, its byes and unpaired losses.
pub(super) fn rounds_json<'a>(event: &'a Event, swiss: &SwissComputed) -> Vec<RoundJson<'a>> {
    let id = |p: usize| event.players[p].id.as_str();
    event
        .rounds()
        .iter()
        .enumerate()
        .map(|(i, round)| RoundJson {
            number: round.number,
            finished: round.is_complete(),
            columns: TABLE_COLUMNS,
            tables: round
                .tables
                .iter()
                .enumerate()
                .map(|(table_index, t)| {
                    // A player of the table as a seat: the players' ids are in the row once.
                    let seat = |p: usize| usize::from(p != t.players[0]);
                    let points = swiss
                        .round_scores
                        .get(i)
                        .and_then(|s| Some([s[t.players[0]]?.points, s[t.players[1]]?.points]));
                    let (result, games) = match &t.outcome {
                        Outcome::Pending => (Some("pending"), Vec::new()),
                        Outcome::Split => (Some("split"), Vec::new()),
                        Outcome::Games(games) => (
                            None,
                            games
                                .iter()
                                .map(|g| {
                                    let mut game = vec![json!(g.winner.map(seat))];
                                    game.extend(g.by.map(|b| json!(b.name())));
                                    game
                                })
                                .collect(),
                        ),
                    };
                    super::row(vec![
                        json!(t.number),
                        json!([id(t.players[0]), id(t.players[1])]),
                        json!(points),
                        json!(games),
                        json!(t.first_dark.map(seat)),
                        json!(
                            swiss
                                .table_reasons
                                .get(i)
                                .and_then(|r| r.get(table_index))
                                .copied()
                        ),
                        json!(result),
                        json!(t.forfeit.map(|f| ForfeitJson {
                            rest: f.rest,
                            seat: seat(f.player),
                        })),
                    ])
                })
                .collect(),
            byes: round.byes.iter().map(|&p| id(p)).collect(),
            unpaired_losses: swiss
                .round_scores
                .get(i)
                .map(|s| {
                    s.iter()
                        .enumerate()
                        .filter(|(_, sc)| sc.is_some_and(|sc| sc.kind == RoundKind::UnpairedLoss))
                        .map(|(p, _)| id(p))
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect()
}

/// The top cut, once the Swiss rounds are finished.
pub(super) fn cut_json<'a>(
    event: &'a Event,
    computed: &Computed,
    swiss: &SwissComputed,
) -> Option<CutJson<'a>> {
    let id = |p: usize| event.players[p].id.as_str();
    (!swiss.seeds.is_empty()).then(|| CutJson {
        size: computed.cut.unwrap_or(0),
        seeds: swiss
            .seeds
            .iter()
            .enumerate()
            .map(|(i, s)| SeedJson {
                seed: i as u32 + 1,
                id: id(s.player),
                swiss_rank: s.swiss_rank,
                replacement: s.replacement,
            })
            .collect(),
        replaced: swiss.replaced.iter().map(|&p| id(p)).collect(),
    })
}
