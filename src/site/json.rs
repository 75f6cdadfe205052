//! `event.json`: the machine-readable twin of each event page (format 1, documented in
//! `content/docs/event-json.md`). Keys are fixed and ordered; values are exact.

use serde::Serialize;

use crate::event::{Event, Outcome};
use crate::rules::compute::{Computed, Status};
use crate::rules::ratio::Ratio;
use crate::rules::scoring::RoundKind;
use crate::rules::standings::{Decider, Standings};

/// The version of this file's layout.
pub const FORMAT: u32 = 1;

#[derive(Serialize)]
struct EventJson<'a> {
    format: u32,
    event: Info<'a>,
    players: Vec<PlayerJson<'a>>,
    rounds: Vec<RoundJson<'a>>,
    /// Standings after the last finished round.
    standings: Option<StandingsJson<'a>>,
    /// Standings after each finished round, oldest first.
    standings_by_round: Vec<StandingsJson<'a>>,
    /// The round published but not finished.
    pending_round: Option<u32>,
    /// Final places, once known (a finished event without a cut).
    placings: Option<Vec<Placing<'a>>>,
}

#[derive(Serialize)]
struct Info<'a> {
    slug: &'a str,
    name: &'a str,
    date: String,
    end_date: Option<String>,
    rules: &'a str,
    format: &'a str,
    structure: &'a str,
    tier: Option<&'a str>,
    seed: u64,
    location: Option<&'a str>,
    venue: Option<&'a str>,
    organizer: Option<&'a str>,
    url: Option<&'a str>,
    round_minutes: u32,
    swiss_rounds: Option<u32>,
    cut: Option<u32>,
    status: Status,
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    id: &'a str,
    name: &'a str,
    number: u32,
    drop: Option<u32>,
    rejoin: Option<u32>,
    disqualified: bool,
}

#[derive(Serialize)]
struct RoundJson<'a> {
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
}

#[derive(Serialize)]
struct GameJson<'a> {
    /// Winner's id; null for a draw.
    winner: Option<&'a str>,
    by: Option<&'static str>,
}

#[derive(Serialize)]
struct StandingsJson<'a> {
    after_round: u32,
    rows: Vec<RowJson<'a>>,
}

#[derive(Serialize)]
struct RowJson<'a> {
    /// Null for a disqualified player.
    rank: Option<u32>,
    id: &'a str,
    name: &'a str,
    points: u32,
    wins: u32,
    losses: u32,
    draws: u32,
    byes: u32,
    rounds_played: u32,
    opponents: Vec<&'a str>,
    tiebreakers: Tiebreakers,
    /// What ranked this row below the previous one: `points`, `sos`, `esos` or `random`.
    decided_by: Option<&'static str>,
}

#[derive(Serialize)]
struct Tiebreakers {
    sos: Exact,
    esos: Exact,
    /// Position in the seeded random order (0 first).
    random: u32,
}

#[derive(Serialize)]
struct Exact {
    /// The exact fraction, `"8/3"` (or a whole number, `"3"`).
    exact: String,
    numerator: String,
    denominator: String,
    /// Rounded to three decimals, for display only.
    decimal: String,
}

#[derive(Serialize)]
struct Placing<'a> {
    place: u32,
    id: &'a str,
}

fn exact(r: Ratio) -> Exact {
    Exact {
        exact: r.to_string(),
        numerator: r.numer().to_string(),
        denominator: r.denom().to_string(),
        decimal: r.decimal(3),
    }
}

fn standings_json<'a>(event: &'a Event, s: &Standings) -> StandingsJson<'a> {
    StandingsJson {
        after_round: s.after_round,
        rows: s
            .rows
            .iter()
            .map(|r| RowJson {
                rank: r.rank,
                id: &event.players[r.player].id,
                name: &event.players[r.player].name,
                points: r.points,
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
                byes: r.byes,
                rounds_played: r.rounds_played,
                opponents: r
                    .opponents
                    .iter()
                    .map(|&o| event.players[o].id.as_str())
                    .collect(),
                tiebreakers: Tiebreakers {
                    sos: exact(r.sos),
                    esos: exact(r.esos),
                    random: r.random_position,
                },
                decided_by: r.decided_by.map(|d| match d {
                    Decider::Points => "points",
                    Decider::Tiebreaker(t) => t.short(),
                }),
            })
            .collect(),
    }
}

/// Serializes an event and its computed facts.
pub fn event_json(event: &Event, computed: &Computed) -> String {
    let id = |p: usize| event.players[p].id.as_str();
    let info = &event.info;
    let rounds = event
        .rounds
        .iter()
        .enumerate()
        .map(|(i, round)| RoundJson {
            number: round.number,
            finished: round.is_complete(),
            tables: round
                .tables
                .iter()
                .map(|t| {
                    let points = computed
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
                    }
                })
                .collect(),
            byes: round.byes.iter().map(|&p| id(p)).collect(),
            unpaired_losses: computed
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
        .collect();
    let placings = (computed.status == Status::Finished && computed.cut.unwrap_or(0) == 0)
        .then(|| computed.latest())
        .flatten()
        .map(|s| {
            s.rows
                .iter()
                .filter_map(|r| {
                    Some(Placing {
                        place: r.rank?,
                        id: id(r.player),
                    })
                })
                .collect()
        });
    let doc = EventJson {
        format: FORMAT,
        event: Info {
            slug: &event.slug,
            name: &info.name,
            date: info.date.iso(),
            end_date: info.end_date.map(|d| d.iso()),
            rules: &info.rules,
            format: &info.format,
            structure: &info.structure,
            tier: info.tier.as_deref(),
            seed: info.seed,
            location: info.location.as_deref(),
            venue: info.venue.as_deref(),
            organizer: info.organizer.as_deref(),
            url: info.url.as_deref(),
            round_minutes: info
                .round_minutes
                .unwrap_or(computed.ruleset.swiss_round_minutes),
            swiss_rounds: computed.swiss_rounds,
            cut: computed.cut,
            status: computed.status,
        },
        players: event
            .players
            .iter()
            .map(|p| PlayerJson {
                id: &p.id,
                name: &p.name,
                number: p.number,
                drop: p.drop,
                rejoin: p.rejoin,
                disqualified: p.disqualified,
            })
            .collect(),
        rounds,
        standings: computed.latest().map(|s| standings_json(event, s)),
        standings_by_round: computed
            .standings
            .iter()
            .map(|s| standings_json(event, s))
            .collect(),
        pending_round: event
            .rounds
            .iter()
            .find(|r| !r.is_complete())
            .map(|r| r.number),
        placings,
    };
    // Plain structs with string keys: serialization cannot fail.
    let mut text = serde_json::to_string_pretty(&doc).expect("event.json serializes");
    text.push('\n');
    text
}
