//! `event.json`: the machine-readable twin of each event page (format 3, documented in
//! `content/docs/event-json.md`). Keys are fixed and ordered; values are exact.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::event::{CcgPlay, Event, Kind, Outcome};
use crate::rules::Ruleset;
use crate::rules::audit::{Audit, DepartureKind, Stage, Status as AuditStatus};
use crate::rules::bracket::{Decision, Part, SideReason};
use crate::rules::ccg_event::TableReason;
use crate::rules::compute::{Computed, ComputedKind, Status, SwissComputed, VenueDraw};
use crate::rules::pairing::swiss::{ByeReason, Reason};
use crate::rules::ratio::Ratio;
use crate::rules::scoring::RoundKind;
use crate::rules::standings::{Decider, Standings};

/// The version of this file's layout.
pub const FORMAT: u32 = 3;

#[derive(Serialize)]
struct EventJson<'a> {
    format: u32,
    event: Info<'a>,
    players: Vec<PlayerJson<'a>>,
    rounds: Vec<RoundJson<'a>>,
    /// Standings after the last finished round.
    standings: Option<StandingsJson<'a>>,
    /// Standings after each finished round, oldest first.
    standings_by_round: Vec<RoundStandingsJson<'a>>,
    /// The round published but not finished.
    pending_round: Option<u32>,
    /// Final places, once known: the bracket's, or the Swiss standings' without a cut.
    placings: Option<Vec<Placing<'a>>>,
    /// The next Swiss round as the rules pair it, while it is not in the file yet.
    next_round: Option<NextRoundJson<'a>>,
    /// The top cut, once the Swiss rounds are finished.
    cut: Option<CutJson<'a>>,
    /// The double-elimination bracket.
    elimination: Option<EliminationJson<'a>>,
    /// Team events: each team's two players (the competitors in `players` are the teams).
    teams: Vec<TeamJson<'a>>,
    /// Team events: the final match between the two teams tied for first, when one is needed.
    final_match: Option<FinalJson<'a>>,
    /// SW:CCG events: every game, the standings after each, the next game and the Final
    /// Confrontation (the `rounds` and `standings` above stay empty).
    ccg: Option<CcgJson<'a>>,
    /// Events known only by their results: the `[[standings]]` rows as recorded, in file order
    /// (empty for an event with rounds). `placings` repeats their ranks.
    recorded_standings: Vec<RecordedJson<'a>>,
    /// Leagues: every game scored, the weeks and the standings.
    league: Option<LeagueJson<'a>>,
    /// Challenge events: every session, each scenario's record and each player's sessions.
    challenge: Option<ChallengeJson<'a>>,
    /// The pairing audit: each recorded round paired again and compared with the file (null
    /// when nothing is recorded that pairing decides).
    audit: Option<AuditJson<'a>>,
}

#[derive(Serialize)]
struct AuditJson<'a> {
    /// The worst round's: `identical`, `legal` or `broken`.
    status: AuditStatus,
    /// The verdict in words, as the page's badge says it.
    summary: String,
    rounds: Vec<AuditRoundJson<'a>>,
}

#[derive(Serialize)]
struct AuditRoundJson<'a> {
    /// `round`, `game`, `elimination`, `final_match` or `final_confrontation`.
    stage: Stage,
    /// The round or game number (null for the seeded stages).
    number: Option<u32>,
    status: AuditStatus,
    departures: Vec<DepartureJson<'a>>,
}

#[derive(Serialize)]
struct DepartureJson<'a> {
    /// The recorded table (elimination, final: game) number; null for a bye or a missing player.
    table: Option<u32>,
    players: Vec<&'a str>,
    kind: DepartureKind,
    /// Whether it breaks a rule; otherwise it is a choice the rules allow.
    broken: bool,
    /// Who the rules give the place to: the player due the bye, or the finalists.
    instead: Vec<&'a str>,
    /// The departure in plain words, as the page says it.
    explanation: String,
}

fn audit_json<'a>(event: &'a Event, audit: &Audit) -> Option<AuditJson<'a>> {
    let id = |p: usize| event.players[p].id.as_str();
    Some(AuditJson {
        status: audit.status()?,
        summary: audit.summary()?,
        rounds: audit
            .rounds
            .iter()
            .map(|r| AuditRoundJson {
                stage: r.stage,
                number: r.number,
                status: r.status(),
                departures: r
                    .departures
                    .iter()
                    .map(|d| DepartureJson {
                        table: d.table,
                        players: d.players.iter().map(|&p| id(p)).collect(),
                        kind: d.kind,
                        broken: d.broken,
                        instead: d.instead.iter().map(|&p| id(p)).collect(),
                        explanation: d.explain(|p| event.players[p].name.clone()),
                    })
                    .collect(),
            })
            .collect(),
    })
}

#[derive(Serialize)]
struct LeagueJson<'a> {
    min_games: u32,
    weeks: Vec<WeekJson>,
    games: Vec<LeagueGameJson<'a>>,
    standings: Vec<LeagueRowJson<'a>>,
}

#[derive(Serialize)]
struct WeekJson {
    week: u32,
    first_day: String,
    last_day: String,
    games: u32,
}

#[derive(Serialize)]
struct LeagueGameJson<'a> {
    /// The game's place in the event file, 1-based.
    number: u32,
    date: String,
    week: u32,
    dark: &'a str,
    light: &'a str,
    /// Null for a drawn SW:LCG game.
    winner: Option<&'a str>,
    /// SW:LCG: how the game ended, when recorded.
    by: Option<&'static str>,
    /// SW:CCG: `full_win`, `modified_win`, `true_tie` or `quit`.
    result: Option<crate::rules::swccg::scoring::ResultKind>,
    /// Points each took, dark then light.
    points: [u32; 2],
    /// SW:CCG: the differentials, dark then light.
    differential: Option<[i32; 2]>,
}

#[derive(Serialize)]
struct LeagueRowJson<'a> {
    /// Null below `min_games`.
    rank: Option<u32>,
    id: &'a str,
    points: u32,
    differential: Option<i32>,
    games: u32,
    wins: u32,
    losses: u32,
    draws: u32,
    /// Points from the games among the players level on points (when needed).
    head_to_head_points: Option<u32>,
    decided_by: Option<crate::rules::casual::LeagueDecider>,
    games_short: u32,
    /// Points taken in each week, week 1 first.
    weekly_points: Vec<u32>,
}

#[derive(Serialize)]
struct ChallengeJson<'a> {
    sessions: Vec<SessionJson<'a>>,
    records: Vec<ScenarioRecordJson>,
    players: Vec<PlayerSessionsJson<'a>>,
}

#[derive(Serialize)]
struct SessionJson<'a> {
    number: u32,
    date: Option<String>,
    scenario: crate::event::casual::Scenario,
    solo: &'a str,
    /// The side of the challenge deck: `dark` or `light`.
    solo_side: &'static str,
    team: Vec<&'a str>,
    winner: crate::event::casual::SessionWinner,
}

#[derive(Serialize)]
struct ScenarioRecordJson {
    scenario: crate::event::casual::Scenario,
    #[serde(flatten)]
    total: crate::rules::casual::SessionTally,
    by_team_size: Vec<TeamSizeJson>,
}

#[derive(Serialize)]
struct TeamSizeJson {
    team_size: u32,
    #[serde(flatten)]
    tally: crate::rules::casual::SessionTally,
}

#[derive(Serialize)]
struct PlayerSessionsJson<'a> {
    id: &'a str,
    solo: crate::rules::casual::RoleTally,
    team: crate::rules::casual::RoleTally,
    sessions: Vec<u32>,
}

fn league_json<'a>(
    event: &'a Event,
    league: &crate::rules::casual::LeagueComputed,
) -> LeagueJson<'a> {
    let id = |p: usize| event.players[p].id.as_str();
    let recorded: &[crate::event::casual::LeagueGame] = match &event.kind {
        Kind::League(games) => games,
        _ => &[],
    };
    LeagueJson {
        min_games: league.min_games,
        weeks: league
            .weeks
            .iter()
            .map(|w| WeekJson {
                week: w.number,
                first_day: w.first_day.iso(),
                last_day: w.last_day.iso(),
                games: w.games,
            })
            .collect(),
        // The computed games are the recorded ones, scored, in the same order.
        games: recorded
            .iter()
            .zip(&league.games)
            .map(|(game, g)| LeagueGameJson {
                number: g.number,
                date: g.date.iso(),
                week: g.week,
                dark: id(g.players[0]),
                light: id(g.players[1]),
                winner: g.winner.map(id),
                by: match &game.result {
                    crate::event::casual::LeagueResult::Lcg(lcg) => lcg.by.map(|b| b.name()),
                    crate::event::casual::LeagueResult::Ccg(_) => None,
                },
                result: g.kind,
                points: g.scores.map(|s| s.points),
                differential: league
                    .differential
                    .then(|| g.scores.map(|s| s.differential)),
            })
            .collect(),
        standings: league
            .standings
            .iter()
            .map(|r| LeagueRowJson {
                rank: r.rank,
                id: id(r.player),
                points: r.score.points,
                differential: league.differential.then_some(r.score.differential),
                games: r.games,
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
                head_to_head_points: r.head_to_head.map(|s| s.points),
                decided_by: r.decided_by,
                games_short: r.games_short,
                weekly_points: r.weekly.iter().map(|s| s.points).collect(),
            })
            .collect(),
    }
}

fn challenge_json<'a>(
    event: &'a Event,
    challenge: &crate::rules::casual::ChallengeComputed,
) -> ChallengeJson<'a> {
    let id = |p: usize| event.players[p].id.as_str();
    ChallengeJson {
        sessions: match &event.kind {
            Kind::Challenge(sessions) => &sessions[..],
            _ => &[],
        }
        .iter()
        .map(|s| SessionJson {
            number: s.number,
            date: s.date.map(|d| d.iso()),
            scenario: s.scenario,
            solo: id(s.solo),
            solo_side: s.scenario.solo_side().name(),
            team: s.team.iter().map(|&p| id(p)).collect(),
            winner: s.winner,
        })
        .collect(),
        records: challenge
            .records
            .iter()
            .map(|r| ScenarioRecordJson {
                scenario: r.scenario,
                total: r.total,
                by_team_size: r
                    .by_team_size
                    .iter()
                    .map(|&(team_size, tally)| TeamSizeJson { team_size, tally })
                    .collect(),
            })
            .collect(),
        players: challenge
            .players
            .iter()
            .map(|p| PlayerSessionsJson {
                id: id(p.player),
                solo: p.solo,
                team: p.team,
                sessions: p.sessions.clone(),
            })
            .collect(),
    }
}

#[derive(Serialize)]
struct RecordedJson<'a> {
    rank: u32,
    id: &'a str,
    points: Option<u32>,
    victory_points: Option<u32>,
    differential: Option<i64>,
    wins: Option<u32>,
    losses: Option<u32>,
    draws: Option<u32>,
    note: Option<&'a str>,
    seed: Option<u32>,
    /// `won` or `lost` for the final's two players.
    final_result: Option<&'static str>,
}

#[derive(Serialize)]
struct CcgJson<'a> {
    games: Vec<CcgGameJson<'a>>,
    /// Standings after each finished game, oldest first.
    standings_by_game: Vec<Vec<CcgRowJson<'a>>>,
    next_game: Option<CcgNextJson<'a>>,
    final_confrontation: Option<CcgFinalJson<'a>>,
}

#[derive(Serialize)]
struct CcgGameJson<'a> {
    number: u32,
    finished: bool,
    tables: Vec<CcgTableJson<'a>>,
    byes: Vec<&'a str>,
}

#[derive(Serialize)]
struct CcgTableJson<'a> {
    table: u32,
    dark: &'a str,
    light: &'a str,
    winner: Option<&'a str>,
    /// `full_win`, `modified_win`, `true_tie`, `quit` (the scored outcome, after any deck-check
    /// penalty); null while pending.
    result: Option<crate::rules::swccg::scoring::ResultKind>,
    /// With `result = "true_tie"`: what decided it, `lost_pile`, `hand`, `venue_coin` (the coin
    /// tossed at the venue, as recorded) or `random` (drawn by Holonet from the event's seed).
    true_tie: Option<crate::rules::swccg::scoring::TrueTieDecider>,
    /// Scores written `2(+15)`: dark, light.
    scores: Option<[String; 2]>,
    penalty: bool,
    /// The guide's reason for the pairing, `departure`, or `undecided` (the search stopped at
    /// its bound); null in the Final Confrontation.
    reason: Option<TableReasonJson>,
    /// With `reason = "departure"`: what the guide's procedure gives instead, in words; with
    /// `undecided`, the audit's words for it.
    departure: Option<String>,
}

/// A recorded table's reason: the guide's, or `"departure"`.
#[derive(Serialize)]
#[serde(untagged)]
enum TableReasonJson {
    Guide(crate::rules::swccg::pairing::PairReason),
    Departure(&'static str),
}

#[derive(Serialize)]
struct CcgRowJson<'a> {
    /// Null for a disqualified player, listed last.
    rank: Option<usize>,
    id: &'a str,
    score: String,
    victory_points: u32,
    differential: i32,
    highest_differential: Option<i32>,
    /// [`crate::rules::swccg::standings::Decider::short`].
    decided_by: Option<&'static str>,
    /// With `decided_by = "sos"`: the lowest entries dropped.
    sos_dropped: Option<u32>,
}

#[derive(Serialize)]
struct CcgNextJson<'a> {
    number: u32,
    tables: Vec<CcgPairJson<'a>>,
    byes: Vec<&'a str>,
}

#[derive(Serialize)]
struct CcgPairJson<'a> {
    dark: &'a str,
    light: &'a str,
    reason: crate::rules::swccg::pairing::PairReason,
}

#[derive(Serialize)]
struct CcgFinalJson<'a> {
    finalists: [&'a str; 2],
    games: Vec<CcgTableJson<'a>>,
    winner: Option<&'a str>,
    /// What decided the winner: `games`, `victory_points`, `differential`,
    /// `highest_win_differential`, `venue_coin` (the coin tossed at the venue, as recorded),
    /// `random` (drawn by Holonet from the event's seed) or `waived`; null until decided.
    decided_by: Option<crate::rules::swccg::final_confrontation::FinalReason>,
    /// The second seed waived the final; the higher seed won.
    waived: bool,
    /// Finalists whose decks did not match their lists, replaced by the next highest players.
    replaced: Vec<&'a str>,
}

fn ccg_table_json<'a>(
    event: &'a Event,
    table: u32,
    dark: usize,
    light: usize,
    scored: Option<&crate::rules::ccg_event::ScoredTable>,
) -> CcgTableJson<'a> {
    let id = |p: usize| event.players[p].id.as_str();
    CcgTableJson {
        table,
        dark: id(dark),
        light: id(light),
        winner: scored.map(|s| id(s.winner)),
        result: scored.map(|s| s.kind),
        true_tie: scored.and_then(|s| s.true_tie),
        scores: scored.map(|s| [s.scores[0].to_string(), s.scores[1].to_string()]),
        penalty: scored.is_some_and(|s| s.penalty),
        reason: None,
        departure: None,
    }
}

fn ccg_json<'a>(
    event: &'a Event,
    play: &CcgPlay,
    ccg: &crate::rules::ccg_event::CcgComputed,
) -> CcgJson<'a> {
    let id = |p: usize| event.players[p].id.as_str();
    CcgJson {
        games: play
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| CcgGameJson {
                number: g.number,
                finished: ccg.games().len() > i,
                tables: g
                    .tables
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        let scored = ccg
                            .reported
                            .get(i)
                            .and_then(|s| s.iter().find(|x| x.table == t.number));
                        let reason = ccg.reasons.get(i).and_then(|r| r.get(k)).copied().flatten();
                        CcgTableJson {
                            reason: reason.map(|r| match r {
                                TableReason::Guide(r) => TableReasonJson::Guide(r),
                                TableReason::Departure { .. } => {
                                    TableReasonJson::Departure("departure")
                                }
                                TableReason::Undecided => TableReasonJson::Departure("undecided"),
                            }),
                            departure: reason.and_then(|r| super::ccg_view::departure(event, r)),
                            ..ccg_table_json(event, t.number, t.dark, t.light, scored)
                        }
                    })
                    .collect(),
                byes: g.byes.iter().map(|&p| id(p)).collect(),
            })
            .collect(),
        standings_by_game: ccg
            .standings
            .iter()
            .map(|rows| {
                rows.iter()
                    .map(|r| CcgRowJson {
                        rank: r.place,
                        id: id(r.player),
                        score: r.score.to_string(),
                        victory_points: r.score.points,
                        differential: r.score.differential,
                        highest_differential: r.highest_differential,
                        decided_by: r.decided_by.map(|d| d.short()),
                        sos_dropped: r.decided_by.and_then(|d| d.sos_dropped()),
                    })
                    .collect()
            })
            .collect(),
        next_game: ccg.next.as_ref().map(|(number, paired)| CcgNextJson {
            number: *number,
            tables: paired
                .tables
                .iter()
                .map(|t| CcgPairJson {
                    dark: id(t.dark),
                    light: id(t.light),
                    reason: t.reason,
                })
                .collect(),
            byes: paired.byes.iter().map(|b| id(b.player)).collect(),
        }),
        final_confrontation: ccg.final_confrontation.as_ref().map(|f| CcgFinalJson {
            finalists: [id(f.finalists[0]), id(f.finalists[1])],
            games: f
                .games
                .iter()
                .map(|s| ccg_table_json(event, s.table, s.dark, s.light, Some(s)))
                .collect(),
            winner: f.outcome.as_ref().map(|o| id(o.winner)),
            decided_by: f.outcome.as_ref().map(|o| o.reason),
            waived: play.final_waived,
            replaced: play.final_replaced.iter().map(|&p| id(p)).collect(),
        }),
    }
}

#[derive(Serialize)]
struct TeamJson<'a> {
    id: &'a str,
    players: [&'a str; 2],
}

#[derive(Serialize)]
struct FinalJson<'a> {
    teams: [&'a str; 2],
    points: Option<[u32; 2]>,
    champion: Option<&'a str>,
}

#[derive(Serialize)]
struct NextRoundJson<'a> {
    number: u32,
    tables: Vec<NextTableJson<'a>>,
    bye: Option<NextByeJson<'a>>,
}

#[derive(Serialize)]
struct NextTableJson<'a> {
    table: u32,
    players: [&'a str; 2],
    reason: Reason,
}

#[derive(Serialize)]
struct NextByeJson<'a> {
    player: &'a str,
    reason: ByeReason,
}

#[derive(Serialize)]
struct CutJson<'a> {
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

#[derive(Serialize)]
struct EliminationJson<'a> {
    size: u32,
    champion: Option<&'a str>,
    games: Vec<BracketGameJson<'a>>,
}

#[derive(Serialize)]
struct BracketGameJson<'a> {
    game: u32,
    round: u32,
    part: Part,
    players: [Option<&'a str>; 2],
    dark: Option<&'a str>,
    side_reason: Option<SideReason>,
    winner: Option<&'a str>,
    decision: Option<Decision>,
    needed: bool,
    ready: bool,
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
    /// Events known only by their results: the file's `field_size` (null when not given).
    field_size: Option<u32>,
    status: Status,
    /// When the decklists are published, and whether they are now. This file never holds
    /// them; while they are held back, no other file of the site does either.
    decklists: DecklistsJson,
    /// When an editing command last wrote the file (RFC 3339), for pages that poll for news.
    #[serde(skip_serializing_if = "Option::is_none")]
    updated: Option<String>,
    /// When `holonet pair` last wrote a round or elimination games: the round timer's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    paired: Option<String>,
}

#[derive(Serialize)]
struct DecklistsJson {
    /// The file's `decklists`: `public`, `after-cut` or `after-event`.
    setting: &'static str,
    published: bool,
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    id: &'a str,
    name: &'a str,
    number: u32,
    drop: Option<u32>,
    rejoin: Option<u32>,
    /// A late entry's first round (SW:CCG: game).
    late: Option<u32>,
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
struct StandingsJson<'a> {
    after_round: u32,
    /// How the file records the venue's draw for the ties the random tiebreaker decided:
    /// `recorded` (`venue_draw`), `bracket` (the bracket the venue played shows it), or null
    /// (the event's seed drew every tie).
    venue_draw: Option<VenueDraw>,
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
    /// The ruleset's value tiebreakers by short name (`sos`, `esos`, `opponents_points`,
    /// `opponents_strength`), and `random`: the position in the seeded random order (0 first).
    tiebreakers: BTreeMap<&'static str, TiebreakJson<Exact>>,
    /// What ranked this row below the previous one: `points` or a tiebreaker's short name.
    decided_by: Option<&'static str>,
    /// The player's place in the random order was drawn at the venue, not from the seed.
    drawn_at_venue: bool,
}

/// The standings after one round, in `standings_by_round`: a table of `columns` and `rows`, each
/// row an array of values in the columns' order, because a big event writes one row per player
/// per round (256 players, nine rounds: 2,304 rows) and the keys of an object per row were most
/// of its bytes. Names, rounds played and opponents are in `players` and `rounds`; a tiebreaker
/// is its exact value.
#[derive(Serialize)]
struct RoundStandingsJson<'a> {
    after_round: u32,
    /// `rank`, `id`, `points`, `wins`, `losses`, `draws`, `byes`, each value tiebreaker of the
    /// ruleset by short name in the ruleset's order, `random` and `decided_by`.
    columns: Vec<&'static str>,
    rows: Vec<RoundRowJson<'a>>,
}

/// One row of [`RoundStandingsJson`], written as an array in the order of its `columns`.
struct RoundRowJson<'a> {
    rank: Option<u32>,
    id: &'a str,
    /// Points, wins, losses, draws and byes.
    counts: [u32; 5],
    /// Each value tiebreaker's exact fraction (`"8/3"`, or a whole number), in the ruleset's
    /// order.
    values: Vec<String>,
    random: u32,
    decided_by: Option<&'static str>,
}

impl Serialize for RoundRowJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.counts.len() + self.values.len() + 4))?;
        seq.serialize_element(&self.rank)?;
        seq.serialize_element(self.id)?;
        for count in &self.counts {
            seq.serialize_element(count)?;
        }
        for value in &self.values {
            seq.serialize_element(value)?;
        }
        seq.serialize_element(&self.random)?;
        seq.serialize_element(&self.decided_by)?;
        seq.end()
    }
}

/// A row's tiebreakers by short name: each value of the ruleset's (written by `value`), and
/// `random`, the position in the seeded random order (0 first).
fn tiebreakers_json<T>(
    ruleset: &Ruleset,
    row: &crate::rules::standings::Standing,
    value: impl Fn(Ratio) -> T,
) -> BTreeMap<&'static str, TiebreakJson<T>> {
    ruleset
        .tiebreakers
        .iter()
        .filter_map(|&t| Some((t.short(), TiebreakJson::Exact(value(row.value(t)?)))))
        .chain([("random", TiebreakJson::Position(row.random_position))])
        .collect()
}

fn decided_by(row: &crate::rules::standings::Standing) -> Option<&'static str> {
    row.decided_by.map(|d| match d {
        Decider::Points => "points",
        Decider::Tiebreaker(t) => t.short(),
    })
}

fn round_standings_json<'a>(
    ruleset: &Ruleset,
    event: &'a Event,
    s: &Standings,
) -> RoundStandingsJson<'a> {
    let value_tiebreakers = || ruleset.tiebreakers.iter().filter(|t| t.is_value());
    RoundStandingsJson {
        after_round: s.after_round,
        columns: ["rank", "id", "points", "wins", "losses", "draws", "byes"]
            .into_iter()
            .chain(value_tiebreakers().map(|t| t.short()))
            .chain(["random", "decided_by"])
            .collect(),
        rows: s
            .rows
            .iter()
            .map(|r| RoundRowJson {
                rank: r.rank,
                id: &event.players[r.player].id,
                counts: [r.points, r.wins, r.losses, r.draws, r.byes],
                values: value_tiebreakers()
                    .map(|&t| r.value(t).map(|v| v.to_string()).unwrap_or_default())
                    .collect(),
                random: r.random_position,
                decided_by: decided_by(r),
            })
            .collect(),
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum TiebreakJson<T> {
    Exact(T),
    Position(u32),
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

fn standings_json<'a>(
    ruleset: &Ruleset,
    event: &'a Event,
    s: &Standings,
    venue_draw: Option<VenueDraw>,
) -> StandingsJson<'a> {
    StandingsJson {
        after_round: s.after_round,
        venue_draw: venue_draw.filter(|_| s.rows.iter().any(|r| r.drawn_at_venue)),
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
                tiebreakers: tiebreakers_json(ruleset, r, exact),
                decided_by: decided_by(r),
                drawn_at_venue: r.drawn_at_venue,
            })
            .collect(),
    }
}

/// Serializes an event and its computed facts.
pub fn event_json(event: &Event, computed: &Computed) -> String {
    // Events of the other kinds publish the Swiss fields empty.
    let no_swiss = SwissComputed::default();
    let swiss = computed.swiss().unwrap_or(&no_swiss);
    let id = |p: usize| event.players[p].id.as_str();
    let info = &event.info;
    let rounds = event
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
        .collect();
    let placings = computed.placings.as_ref().map(|list| {
        list.iter()
            .map(|&(place, p)| Placing { place, id: id(p) })
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
                .unwrap_or(computed.ruleset.round_minutes(&event.info.format).0),
            swiss_rounds: computed.swiss_rounds,
            cut: computed.cut,
            field_size: event.info.field_size,
            status: computed.status,
            decklists: DecklistsJson {
                setting: info.decklists.name(),
                published: computed.decklists_published,
            },
            updated: info.updated.map(|t| t.iso()),
            paired: info.paired.map(|t| t.iso()),
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
                late: p.late,
                disqualified: p.disqualified,
            })
            .collect(),
        rounds,
        standings: computed
            .latest()
            .map(|s| standings_json(computed.ruleset, event, s, swiss.venue_draw)),
        standings_by_round: swiss
            .standings
            .iter()
            .map(|s| round_standings_json(computed.ruleset, event, s))
            .collect(),
        pending_round: event
            .rounds()
            .iter()
            .find(|r| !r.is_complete())
            .map(|r| r.number),
        placings,
        next_round: swiss
            .next_round
            .as_ref()
            .map(|(number, paired)| NextRoundJson {
                number: *number,
                tables: paired
                    .tables
                    .iter()
                    .enumerate()
                    .map(|(i, t)| NextTableJson {
                        table: i as u32 + 1,
                        players: [id(t.players[0]), id(t.players[1])],
                        reason: t.reason,
                    })
                    .collect(),
                bye: paired.bye.map(|b| NextByeJson {
                    player: id(b.player),
                    reason: b.reason,
                }),
            }),
        cut: (!swiss.seeds.is_empty()).then(|| CutJson {
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
        }),
        teams: event
            .members
            .iter()
            .enumerate()
            .map(|(i, pair)| TeamJson {
                id: id(i),
                players: [
                    event.people[pair[0]].id.as_str(),
                    event.people[pair[1]].id.as_str(),
                ],
            })
            .collect(),
        ccg: match (&event.kind, &computed.kind) {
            (Kind::Ccg(play), ComputedKind::Ccg(ccg)) => Some(ccg_json(event, play, ccg)),
            _ => None,
        },
        recorded_standings: match &event.kind {
            Kind::Recorded(rows) => &rows[..],
            _ => &[],
        }
        .iter()
        .map(|r| RecordedJson {
            rank: r.rank,
            id: id(r.player),
            points: r.points,
            victory_points: r.victory_points,
            differential: r.differential,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            note: r.note.as_deref(),
            seed: r.seed,
            final_result: r.final_result.map(|f| f.name()),
        })
        .collect(),
        league: computed.league().map(|l| league_json(event, l)),
        challenge: match &computed.kind {
            ComputedKind::Challenge(challenge) => Some(challenge_json(event, challenge)),
            _ => None,
        },
        audit: audit_json(event, &computed.audit),
        final_match: swiss.team_final.as_ref().map(|f| FinalJson {
            teams: [id(f.teams[0]), id(f.teams[1])],
            points: f.points,
            champion: f.champion.map(id),
        }),
        elimination: swiss.bracket.as_ref().map(|b| EliminationJson {
            size: b.size,
            champion: b.champion.map(id),
            games: b
                .games
                .iter()
                .map(|g| BracketGameJson {
                    game: g.spec.number,
                    round: g.spec.round,
                    part: g.spec.part,
                    players: [g.players[0].map(id), g.players[1].map(id)],
                    dark: g.dark.map(id),
                    side_reason: g.side_reason,
                    winner: g.winner.map(id),
                    decision: g.decision,
                    needed: g.needed,
                    ready: b.ready.contains(&g.spec.number),
                })
                .collect(),
        }),
    };
    // Plain structs with string keys: serialization cannot fail. Compact, not indented: a
    // 256-player event's record is 1.3 MB rather than 2.8 MB, and an archive's output has to
    // fit in what a static host accepts (GitHub Pages publishes at most 1 GB).
    let mut text = serde_json::to_string(&doc).expect("event.json serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use crate::rules::RULESETS;

    /// Every tiebreaker a ruleset ranks by, and so every key `tiebreakers` and `decided_by` can
    /// hold, is explained in the reference for event.json.
    #[test]
    fn every_tiebreaker_key_is_documented() {
        let reference = include_str!("../../content/docs/event-json.md");
        for ruleset in RULESETS {
            for tiebreaker in ruleset.tiebreakers {
                let key = format!("| `{}` | `{}` |", tiebreaker.short(), ruleset.id);
                assert!(
                    reference.contains(&key) || tiebreaker.short() == "random",
                    "{} of {} is documented",
                    tiebreaker.short(),
                    ruleset.id
                );
            }
        }
    }
}
