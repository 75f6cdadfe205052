//! The `league` and `challenge` parts of `event.json`: a league's weeks, scored games and
//! standings; a challenge's sessions, each scenario's record and each player's sessions.

use serde::Serialize;

use crate::event::{Event, Kind};

#[derive(Serialize)]
pub(super) struct LeagueJson<'a> {
    min_games: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    weeks: Vec<WeekJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    games: Vec<LeagueGameJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    /// SW:LCG: how the game ended, when recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'static str>,
    /// SW:CCG: `full_win`, `modified_win`, `true_tie` or `quit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<crate::rules::swccg::scoring::ResultKind>,
    /// Points each took, dark then light.
    points: [u32; 2],
    /// SW:CCG: the differentials, dark then light.
    #[serde(skip_serializing_if = "Option::is_none")]
    differential: Option<[i32; 2]>,
}

#[derive(Serialize)]
struct LeagueRowJson<'a> {
    /// Null below `min_games`.
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<u32>,
    id: &'a str,
    points: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    differential: Option<i32>,
    games: u32,
    wins: u32,
    losses: u32,
    draws: u32,
    /// Points from the games among the players level on points (when needed).
    #[serde(skip_serializing_if = "Option::is_none")]
    head_to_head_points: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided_by: Option<crate::rules::casual::LeagueDecider>,
    games_short: u32,
    /// Points taken in each week, week 1 first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    weekly_points: Vec<u32>,
}

#[derive(Serialize)]
pub(super) struct ChallengeJson<'a> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sessions: Vec<SessionJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    records: Vec<ScenarioRecordJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    players: Vec<PlayerSessionsJson<'a>>,
}

#[derive(Serialize)]
struct SessionJson<'a> {
    number: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    scenario: crate::event::casual::Scenario,
    solo: &'a str,
    /// The side of the challenge deck: `dark` or `light`.
    solo_side: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    team: Vec<&'a str>,
    winner: crate::event::casual::SessionWinner,
}

#[derive(Serialize)]
struct ScenarioRecordJson {
    scenario: crate::event::casual::Scenario,
    #[serde(flatten)]
    total: crate::rules::casual::SessionTally,
    #[serde(skip_serializing_if = "Vec::is_empty")]
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sessions: Vec<u32>,
}

pub(super) fn league_json<'a>(
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

pub(super) fn challenge_json<'a>(
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
