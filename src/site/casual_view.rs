//! Page model of a casual event: a league's standings with each week's points and the games of
//! each week, or a challenge event's record by scenario, its sessions and each player's sessions.

use serde::Serialize;

use super::model::{PlayerRef, RuleLink, StepLink, Steps, TiebreakColumn, link_steps, range_text};
use super::names::NameLinks;
use super::stage_view::Rule;
use crate::event::casual::{LeagueGame, LeagueResult, Session};
use crate::event::{Event, Kind};
use crate::rules::casual::{
    ChallengeComputed, LeagueComputed, LeagueDecider, LeagueRow, RoleTally, ScenarioRecord,
    ScoredGame, SessionTally,
};
use crate::rules::computed::{Computed, ComputedKind};
use crate::rules::swccg::scoring::Score;

/// A league or a challenge event.
#[derive(Debug, Clone, Serialize)]
pub struct CasualView {
    pub league: Option<LeagueView>,
    pub challenge: Option<ChallengeView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LeagueView {
    /// How the standings are ordered, on the rules reference page.
    pub rule: RuleLink,
    /// Games needed to be ranked (0: no minimum).
    pub min_games: u32,
    /// SW:CCG: scores are written `4(+14)`.
    pub differential: bool,
    pub games: usize,
    pub rows: Vec<LeagueRowView>,
    pub weeks: Vec<WeekView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LeagueRowView {
    /// "1", or "–" below the minimum of games.
    pub rank_text: String,
    pub ranked: bool,
    pub id: String,
    pub name: String,
    /// The player's page.
    pub url: String,
    pub games: u32,
    /// Games won–lost–drawn.
    pub record: String,
    /// Points: `13`, or `4(+14)` in SW:CCG.
    pub score: String,
    /// The score of each week, empty for a week without games.
    pub weekly: Vec<String>,
    /// What placed the row below the one above on equal points, linked to the rule.
    pub tiebreak: Option<TiebreakColumn>,
    /// "2 more games to be ranked", or empty.
    pub note: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeekView {
    pub number: u32,
    /// `week-3`.
    pub anchor: String,
    pub steps: Steps,
    /// "16–22 March 2015".
    pub dates: String,
    pub games: Vec<LeagueGameView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LeagueGameView {
    /// `YYYY-MM-DD`, and as text.
    pub date: String,
    pub date_text: String,
    pub dark: PlayerRef,
    pub light: PlayerRef,
    /// Which side won: `dark`, `light`, or empty for a draw.
    pub winner: &'static str,
    /// "Ann Okafor won (dial)", "Draw (time)", or SW:CCG "full win".
    pub result: String,
    /// SW:CCG: the scores, dark then light (`2(+12)`, `0(-12)`).
    pub scores: Option<[String; 2]>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ChallengeView {
    /// The challenge-deck rules on the reference page.
    pub rule: RuleLink,
    pub records: Vec<ScenarioRecordView>,
    pub sessions: Vec<SessionView>,
    pub players: Vec<PlayerSessionsView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ScenarioRecordView {
    pub name: String,
    /// The scenario's rules (on an event page).
    pub rule: Option<RuleLink>,
    /// The side of the player with the challenge deck: `dark` or `light`.
    pub solo_side: &'static str,
    pub total: SessionTally,
    /// "Team of 2" and "Team of 3" rows, for the sizes played.
    pub rows: Vec<(String, SessionTally)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SessionView {
    pub number: u32,
    /// `session-3`.
    pub anchor: String,
    pub date: Option<String>,
    pub date_text: Option<String>,
    pub scenario: RuleLink,
    pub solo: PlayerRef,
    /// `dark` or `light`: the solo player's side.
    pub solo_side: &'static str,
    pub team: Vec<PlayerRef>,
    pub solo_won: bool,
    /// "Solo player won" or "Team won".
    pub result: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerSessionsView {
    pub id: String,
    pub name: String,
    /// The player's page.
    pub url: String,
    /// With the challenge deck: played and won.
    pub solo: RoleTally,
    /// On a team against it.
    pub team: RoleTally,
    /// The sessions played, as links.
    pub sessions: Vec<SessionLink>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SessionLink {
    pub number: u32,
    pub anchor: String,
    /// Whether this player's side won.
    pub won: bool,
}

/// The casual part of an event page: a league's or a challenge event's; `None` for the other
/// kinds.
pub fn casual_view(
    event: &Event,
    names: &NameLinks<'_>,
    computed: &Computed,
    rule: Rule<'_>,
) -> Option<CasualView> {
    match &computed.kind {
        ComputedKind::League(league) => Some(CasualView {
            league: Some(league_view(event, names, league, rule)),
            challenge: None,
        }),
        ComputedKind::Challenge(challenge) => Some(CasualView {
            league: None,
            challenge: Some(challenge_view(event, names, challenge, rule)),
        }),
        _ => None,
    }
}

fn score_text(score: Score, differential: bool) -> String {
    if differential {
        score.to_string()
    } else {
        score.points.to_string()
    }
}

fn league_view(
    event: &Event,
    names: &NameLinks<'_>,
    league: &LeagueComputed,
    rule: Rule<'_>,
) -> LeagueView {
    let recorded: &[LeagueGame] = match &event.kind {
        Kind::League(games) => games,
        _ => &[],
    };
    let rows = league
        .standings
        .iter()
        .map(|r| row_view(event, names, league, r, rule))
        .collect();
    let mut weeks: Vec<WeekView> = league
        .weeks
        .iter()
        .map(|w| WeekView {
            number: w.number,
            anchor: format!("week-{}", w.number),
            steps: Steps::default(),
            dates: range_text(w.first_day, Some(w.last_day)),
            // The computed games are the recorded ones, scored, in the same order.
            games: recorded
                .iter()
                .zip(&league.games)
                .filter(|(_, g)| g.week == w.number)
                .map(|(recorded, g)| game_view(event, names, league, recorded, g))
                .collect(),
        })
        .collect();
    link_steps(
        &mut weeks,
        |w| StepLink {
            href: format!("#{}", w.anchor),
            number: w.number,
        },
        |w| &mut w.steps,
    );
    LeagueView {
        rule: rule("league-standings", "How a league is ranked"),
        min_games: league.min_games,
        differential: league.differential,
        games: league.games.len(),
        rows,
        weeks,
    }
}

fn row_view(
    event: &Event,
    names: &NameLinks<'_>,
    league: &LeagueComputed,
    r: &LeagueRow,
    rule: Rule<'_>,
) -> LeagueRowView {
    let p = &event.players[r.player];
    let tiebreak = r
        .decided_by
        .filter(|&d| d != LeagueDecider::Points)
        .map(|d| {
            let link = rule(d.anchor(), d.label());
            TiebreakColumn {
                short: d.abbreviation().to_string(),
                label: link.label,
                url: link.url,
            }
        });
    LeagueRowView {
        rank_text: r.rank.map_or_else(|| "–".to_string(), |n| n.to_string()),
        ranked: r.rank.is_some(),
        id: p.id.clone(),
        name: p.name.clone(),
        url: names.competitor(&p.id),
        games: r.games,
        record: format!("{}–{}–{}", r.wins, r.losses, r.draws),
        score: score_text(r.score, league.differential),
        weekly: league
            .weeks
            .iter()
            .zip(&r.weekly)
            .map(|(week, &score)| {
                let played = league
                    .games
                    .iter()
                    .any(|g| g.week == week.number && g.players.contains(&r.player));
                if played {
                    score_text(score, league.differential)
                } else {
                    String::new()
                }
            })
            .collect(),
        tiebreak,
        note: match r.games_short {
            0 => String::new(),
            1 => "1 more game to be ranked".to_string(),
            n => format!("{n} more games to be ranked"),
        },
    }
}

fn game_view(
    event: &Event,
    names: &NameLinks<'_>,
    league: &LeagueComputed,
    recorded: &LeagueGame,
    g: &ScoredGame,
) -> LeagueGameView {
    let [dark, light] = g.players;
    let winner = match g.winner {
        Some(w) if w == dark => "dark",
        Some(_) => "light",
        None => "",
    };
    let result = match (&recorded.result, g.kind) {
        (LeagueResult::Lcg(game), _) => super::model::game_text(event, game.winner, game.by),
        (LeagueResult::Ccg(_), Some(kind)) => super::ccg_view::result_how(kind, g.true_tie),
        (LeagueResult::Ccg(_), None) => String::new(),
    };
    LeagueGameView {
        date: g.date.iso(),
        date_text: range_text(g.date, None),
        dark: names.player(dark),
        light: names.player(light),
        winner,
        result,
        scores: league.differential.then(|| g.scores.map(|s| s.to_string())),
    }
}

fn scenario_link(scenario: crate::event::casual::Scenario, rule: Rule<'_>) -> RuleLink {
    rule(scenario.id(), scenario.name())
}

/// A scenario's record, linked to its rules when `rule` is given.
pub(super) fn record_view(r: &ScenarioRecord, rule: Option<RuleLink>) -> ScenarioRecordView {
    ScenarioRecordView {
        name: r.scenario.name().to_string(),
        rule,
        solo_side: r.scenario.solo_side().name(),
        total: r.total,
        rows: r
            .by_team_size
            .iter()
            .map(|&(size, tally)| (format!("Team of {size}"), tally))
            .collect(),
    }
}

fn challenge_view(
    event: &Event,
    names: &NameLinks<'_>,
    challenge: &ChallengeComputed,
    rule: Rule<'_>,
) -> ChallengeView {
    let sessions: &[Session] = match &event.kind {
        Kind::Challenge(sessions) => sessions,
        _ => &[],
    };
    ChallengeView {
        rule: rule("challenge-decks", "Challenge-deck scenarios"),
        records: challenge
            .records
            .iter()
            .map(|r| record_view(r, Some(scenario_link(r.scenario, rule))))
            .collect(),
        sessions: sessions
            .iter()
            .map(|s| SessionView {
                number: s.number,
                anchor: format!("session-{}", s.number),
                date: s.date.map(|d| d.iso()),
                date_text: s.date.map(|d| range_text(d, None)),
                scenario: scenario_link(s.scenario, rule),
                solo: names.player(s.solo),
                solo_side: s.scenario.solo_side().name(),
                team: s.team.iter().map(|&p| names.player(p)).collect(),
                solo_won: s.solo_won(),
                result: if s.solo_won() {
                    "Solo player won"
                } else {
                    "Team won"
                },
            })
            .collect(),
        players: challenge
            .players
            .iter()
            .map(|ps| {
                let p = &event.players[ps.player];
                PlayerSessionsView {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    url: names.competitor(&p.id),
                    solo: ps.solo,
                    team: ps.team,
                    sessions: ps
                        .sessions
                        .iter()
                        .filter_map(|&n| sessions.iter().find(|s| s.number == n))
                        .map(|s| SessionLink {
                            number: s.number,
                            anchor: format!("session-{}", s.number),
                            won: s.won_by(ps.player),
                        })
                        .collect(),
                }
            })
            .collect(),
    }
}
