//! The Swiss parts of `event.json`: each round's tables and results (`rounds`), the next round
//! as the rules pair it (`next_round`) and the top cut's seeds (`cut`).

use serde::Serialize;

use crate::event::{Event, Outcome};
use crate::rules::computed::{Computed, SwissComputed};
use crate::rules::pairing::swiss::Reason;
use crate::rules::scoring::RoundKind;

#[derive(Serialize)]
pub(super) struct RoundJson<'a> {
    number: u32,
    finished: bool,
    tables: Vec<TableJson<'a>>,
    byes: Vec<&'a str>,
    unpaired_losses: Vec<&'a str>,
}

#[derive(Serialize)]
struct TableJson<'a> {
    table: u32,
    players: [&'a str; 2],
    first_dark: Option<&'a str>,
    /// `pending`, `played` or `split`.
    result: &'static str,
    games: Vec<GameJson<'a>>,
    /// Tournament points each player took, in seat order (null while pending).
    points: Option<[u32; 2]>,
    /// A forfeit after a deck check (2014), which decides `points` whatever the games were.
    forfeit: Option<ForfeitJson<'a>>,
    /// Why the two were paired, judged from the standings before the round.
    reason: Option<Reason>,
}

#[derive(Serialize)]
struct ForfeitJson<'a> {
    /// The player whose deck failed the check.
    player: &'a str,
    /// Whether they also forfeit every later match (and leave the event).
    rest: bool,
}

#[derive(Serialize)]
struct GameJson<'a> {
    /// Winner's id; null for a draw.
    winner: Option<&'a str>,
    by: Option<&'static str>,
}

#[derive(Serialize)]
pub(super) struct CutJson<'a> {
    size: u32,
    seeds: Vec<SeedJson<'a>>,
    replaced: Vec<&'a str>,
}

#[derive(Serialize)]
struct SeedJson<'a> {
    seed: u32,
    id: &'a str,
    swiss_rank: u32,
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
            tables: round
                .tables
                .iter()
                .enumerate()
                .map(|(table_index, t)| {
                    let points = swiss
                        .round_scores
                        .get(i)
                        .and_then(|s| Some([s[t.players[0]]?.points, s[t.players[1]]?.points]));
                    let (result, games) = match &t.outcome {
                        Outcome::Pending => ("pending", Vec::new()),
                        Outcome::Split => ("split", Vec::new()),
                        Outcome::Games(games) => (
                            "played",
                            games
                                .iter()
                                .map(|g| GameJson {
                                    winner: g.winner.map(id),
                                    by: g.by.map(|b| b.name()),
                                })
                                .collect(),
                        ),
                    };
                    TableJson {
                        table: t.number,
                        players: [id(t.players[0]), id(t.players[1])],
                        first_dark: t.first_dark.map(id),
                        result,
                        games,
                        points,
                        forfeit: t.forfeit.map(|f| ForfeitJson {
                            player: id(f.player),
                            rest: f.rest,
                        }),
                        reason: swiss
                            .table_reasons
                            .get(i)
                            .and_then(|r| r.get(table_index))
                            .copied(),
                    }
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
