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
pub(crate) struct CasualView {
    pub(crate) league: Option<LeagueView>,
    pub(crate) challenge: Option<ChallengeView>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct LeagueView {
    /// How the standings are ordered, on the rules reference page.
    pub(crate) rule: RuleLink,
    /// Games needed to be ranked (0: no minimum).
    pub(crate) min_games: u32,
    /// SW:CCG: scores are written `4(+14)`.
    pub(crate) differential: bool,
    pub(crate) games: usize,
    pub(crate) rows: Vec<LeagueRowView>,
    pub(crate) weeks: Vec<WeekView>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct LeagueRowView {
    /// "1", or "–" below the minimum of games.
    pub(crate) rank_text: String,
    pub(crate) ranked: bool,
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page.
    pub(crate) url: String,
    pub(crate) games: u32,
    /// Games won–lost–drawn.
    pub(crate) record: String,
    /// Points: `13`, or `4(+14)` in SW:CCG.
    pub(crate) score: String,
    /// The score of each week, empty for a week without games.
    pub(crate) weekly: Vec<String>,
    /// What placed the row below the one above on equal points, linked to the rule.
    pub(crate) tiebreak: Option<TiebreakColumn>,
    /// "2 more games to be ranked", or empty.
    pub(crate) note: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct WeekView {
    pub(crate) number: u32,
    /// `week-3`.
    pub(crate) anchor: String,
    pub(crate) steps: Steps,
    /// "16–22 March 2015".
    pub(crate) dates: String,
    pub(crate) games: Vec<LeagueGameView>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct LeagueGameView {
    /// `YYYY-MM-DD`, and as text.
    pub(crate) date: String,
    pub(crate) date_text: String,
    pub(crate) dark: PlayerRef,
    pub(crate) light: PlayerRef,
    /// Which side won: `dark`, `light`, or empty for a draw.
    pub(crate) winner: &'static str,
    /// "Ann Okafor won (dial)", "Draw (time)", or SW:CCG "full win".
    pub(crate) result: String,
    /// SW:CCG: the scores, dark then light (`2(+12)`, `0(-12)`).
    pub(crate) scores: Option<[String; 2]>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChallengeView {
    /// The challenge-deck rules on the reference page.
    pub(crate) rule: RuleLink,
    pub(crate) records: Vec<ScenarioRecordView>,
    pub(crate) sessions: Vec<SessionView>,
    pub(crate) players: Vec<PlayerSessionsView>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ScenarioRecordView {
    pub(crate) name: String,
    /// The scenario's rules (on an event page).
    pub(crate) rule: Option<RuleLink>,
    /// The side of the player with the challenge deck: `dark` or `light`.
    pub(crate) solo_side: &'static str,
    pub(crate) total: SessionTally,
    /// "Team of 2" and "Team of 3" rows, for the sizes played.
    pub(crate) rows: Vec<(String, SessionTally)>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SessionView {
    pub(crate) number: u32,
    /// `session-3`.
    pub(crate) anchor: String,
    pub(crate) date: Option<String>,
    pub(crate) date_text: Option<String>,
    pub(crate) scenario: RuleLink,
    pub(crate) solo: PlayerRef,
    /// `dark` or `light`: the solo player's side.
    pub(crate) solo_side: &'static str,
    pub(crate) team: Vec<PlayerRef>,
    pub(crate) solo_won: bool,
    /// "Solo player won" or "Team won".
    pub(crate) result: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerSessionsView {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page.
    pub(crate) url: String,
    /// With the challenge deck: played and won.
    pub(crate) solo: RoleTally,
    /// On a team against it.
    pub(crate) team: RoleTally,
    /// The sessions played, as links.
    pub(crate) sessions: Vec<SessionLink>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SessionLink {
    pub(crate) number: u32,
    pub(crate) anchor: String,
    /// Whether this player's side won.
    pub(crate) won: bool,
}

/// The casual part of an event page: a league's or a challenge event's; `None` for the other
/// kinds.
pub(crate) fn casual_view(
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
