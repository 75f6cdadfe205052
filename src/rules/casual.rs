//! Casual events: leagues and challenge-deck scenario sessions. Neither has pairing rounds; the
//! games are recorded as they are played and nothing here pairs anyone.
//!
//! - **League** (`format = "league"`): each game scores by the ruleset's own points per game
//!   (SW:LCG 3 for a win, 1 for a draw, 0 for a loss; SW:CCG the guide's victory points and
//!   differential). The standings order players by points (then differential, SW:CCG), then by
//!   the points they took in the games among the tied players, then by fewer games played;
//!   players still level share their place. A player with fewer games than `min_games` is listed
//!   below the ranked players, without a place. The rules reference pages ("Leagues") say why.
//! - **Challenge sessions** (`format = "challenge"`, *Balance of the Force*): one player with a
//!   challenge deck against a team of two or three. The scenario fixes the sides: in
//!   *Jerjerrod's Task* the solo player is the dark side, in *The Hunt for Skywalker* the light
//!   side. Each scenario's record counts solo wins and team wins by team size.

use std::collections::BTreeMap;

use super::swccg::scoring::{self, ResultKind, Score, TrueTieDecider};
use super::{Family, Ruleset};
use crate::event::casual::{LeagueGame, LeagueResult, Scenario, Session};
use crate::event::{Date, Event};

/// Most games a league may record: far above any real league, low enough that no tally can
/// overflow.
pub(crate) const MAX_LEAGUE_GAMES: usize = 10_000;

/// Fewest and most players on a challenge team.
pub(crate) const TEAM_SIZES: std::ops::RangeInclusive<usize> = 2..=3;

/// The formats that are casual events.
const FORMATS: &[&str] = &["league", "challenge"];

/// The `structure` of a casual event: it plans no rounds.
pub(crate) const NO_STRUCTURE: &str = "none";

/// Whether `format` is a casual event's.
pub(crate) fn is_casual(format: &str) -> bool {
    FORMATS.contains(&format)
}

/// One league game, scored.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScoredGame {
    /// The game's place in the file, 1-based.
    pub(crate) number: u32,
    pub(crate) date: Date,
    /// The league week, 1-based: days 1 to 7 from the event's `date` are week 1.
    pub(crate) week: u32,
    /// The dark side player, then the light side player.
    pub(crate) players: [usize; 2],
    /// Each player's score from the game, `[dark, light]`. SW:LCG scores carry no differential.
    pub(crate) scores: [Score; 2],
    /// `None`: a drawn SW:LCG game.
    pub(crate) winner: Option<usize>,
    /// SW:CCG: what kind of result it was, and what decided a true tie.
    pub(crate) kind: Option<ResultKind>,
    pub(crate) true_tie: Option<TrueTieDecider>,
}

/// The week a date falls in, counting from `start` (week 1 holds `start` and the six days after).
fn week_of(start: Date, date: Date) -> u32 {
    u32::try_from((date.day_number() - start.day_number()).max(0) / 7 + 1).unwrap_or(u32::MAX)
}

/// Scores one league game under the ruleset's own per-game scoring. `seed` picks the coin of a
/// SW:CCG true tie that nothing else decides.
pub(crate) fn score_game(
    ruleset: &Ruleset,
    seed: u64,
    start: Date,
    game: &LeagueGame,
) -> ScoredGame {
    let players = [game.dark, game.light];
    let (scores, winner, kind, true_tie) = match game.result {
        LeagueResult::Lcg(ref g) => {
            let points = ruleset.game_points;
            let score = |p: usize| {
                Score::new(
                    match g.winner {
                        Some(w) if w == p => points.win,
                        Some(_) => points.loss,
                        None => points.draw,
                    },
                    0,
                )
            };
            ([score(game.dark), score(game.light)], g.winner, None, None)
        }
        LeagueResult::Ccg(result) => {
            let result = super::ccg_event::game_result(result, game.dark);
            let scored =
                scoring::score_game(&result, seed, &format!("league game {}", game.number));
            (
                scored.scores,
                Some(players[scored.winner.index()]),
                Some(scored.kind),
                scored.true_tie,
            )
        }
    };
    ScoredGame {
        number: game.number,
        date: game.date,
        week: week_of(start, game.date),
        players,
        scores,
        winner,
        kind,
        true_tie,
    }
}

/// What placed a league row below the row above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum LeagueDecider {
    /// Fewer points.
    Points,
    /// Same points, lower differential (SW:CCG).
    Differential,
    /// Level, and fewer points from the games among the level players.
    HeadToHead,
    /// Level on all of that, and more games played for it.
    FewerGames,
    /// Nothing separates them: they share the place.
    Shared,
}

impl LeagueDecider {
    /// The anchor of the rule on the rules reference page.
    pub(crate) fn anchor(self) -> &'static str {
        "league-standings"
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            LeagueDecider::Points => "Points",
            LeagueDecider::Differential => "Differential",
            LeagueDecider::HeadToHead => "Head to head",
            LeagueDecider::FewerGames => "Fewer games played",
            LeagueDecider::Shared => "Shared place",
        }
    }

    /// The mark beside a row the decider placed (see the standings' legend).
    pub(crate) fn abbreviation(self) -> &'static str {
        match self {
            LeagueDecider::Points => "Pts",
            LeagueDecider::Differential => "Diff",
            LeagueDecider::HeadToHead => "H2H",
            LeagueDecider::FewerGames => "Games",
            LeagueDecider::Shared => "Shared",
        }
    }
}

/// One row of a league's standings.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct LeagueRow {
    pub(crate) player: usize,
    /// The place, shared by players nothing separates; `None` below the minimum of games.
    pub(crate) rank: Option<u32>,
    pub(crate) games: u32,
    pub(crate) wins: u32,
    pub(crate) losses: u32,
    pub(crate) draws: u32,
    /// Points (SW:LCG tournament points, SW:CCG victory points) and differential (SW:CCG).
    pub(crate) score: Score,
    /// The score taken in each week, week 1 first.
    pub(crate) weekly: Vec<Score>,
    /// The score taken from the games among the players level with this one, when it was needed.
    pub(crate) head_to_head: Option<Score>,
    /// What separated this row from the row above (`None` for the first row of a part).
    pub(crate) decided_by: Option<LeagueDecider>,
    /// Games still to play to be ranked (0 when ranked).
    pub(crate) games_short: u32,
}

/// A week of a league.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Week {
    pub(crate) number: u32,
    pub(crate) first_day: Date,
    pub(crate) last_day: Date,
    /// Games played that week.
    pub(crate) games: u32,
}

/// The weeks from the league's start to its last game (at least one).
pub(crate) fn weeks(start: Date, games: &[ScoredGame]) -> Vec<Week> {
    let count = games.iter().map(|g| g.week).max().unwrap_or(1);
    (1..=count)
        .map(|number| {
            let first_day = start.add_days(i64::from(number - 1) * 7);
            Week {
                number,
                first_day,
                last_day: first_day.add_days(6),
                games: games.iter().filter(|g| g.week == number).count() as u32,
            }
        })
        .collect()
}

/// The league standings of `players` players after `games`, with `week_count` weekly columns.
/// Ranked players (at least `min_games` games) come first, by:
///
/// 1. points, then differential (the ruleset's [`Score`] order; SW:LCG has no differential);
/// 2. the score each took in the games among the players level on 1 (a mini-league);
/// 3. fewer games played;
/// 4. otherwise they share the place (listed in registration order).
///
/// Players short of `min_games` follow in the same order, without a place.
pub(crate) fn league_standings(
    players: usize,
    games: &[ScoredGame],
    week_count: u32,
    min_games: u32,
) -> Vec<LeagueRow> {
    let mut rows: Vec<LeagueRow> = (0..players)
        .map(|player| LeagueRow {
            player,
            rank: None,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            score: Score::ZERO,
            weekly: vec![Score::ZERO; week_count as usize],
            head_to_head: None,
            decided_by: None,
            games_short: 0,
        })
        .collect();
    for game in games {
        for (seat, &p) in game.players.iter().enumerate() {
            let Some(row) = rows.get_mut(p) else { continue };
            row.games += 1;
            match game.winner {
                Some(w) if w == p => row.wins += 1,
                Some(_) => row.losses += 1,
                None => row.draws += 1,
            }
            row.score += game.scores[seat];
            if let Some(week) = row.weekly.get_mut(game.week as usize - 1) {
                *week += game.scores[seat];
            }
        }
    }
    for row in &mut rows {
        row.games_short = min_games.saturating_sub(row.games);
    }
    let ranked = |r: &LeagueRow| r.games_short == 0;
    rows.sort_by(|a, b| {
        ranked(b)
            .cmp(&ranked(a))
            .then(b.score.cmp(&a.score))
            .then(a.player.cmp(&b.player))
    });
    // Each group level on points (within the ranked, or the unranked part) is ordered by the
    // mini-league of its own games, then by fewer games.
    let mut start = 0;
    while start < rows.len() {
        let level = |r: &LeagueRow| (ranked(r), r.score);
        let end = start
            + rows[start..]
                .iter()
                .take_while(|r| level(r) == level(&rows[start]))
                .count();
        if end - start > 1 {
            let group: Vec<usize> = rows[start..end].iter().map(|r| r.player).collect();
            let mut among: BTreeMap<usize, Score> =
                group.iter().map(|&p| (p, Score::ZERO)).collect();
            for game in games {
                if game.players.iter().all(|p| group.contains(p)) {
                    for (seat, p) in game.players.iter().enumerate() {
                        if let Some(score) = among.get_mut(p) {
                            *score += game.scores[seat];
                        }
                    }
                }
            }
            for row in &mut rows[start..end] {
                row.head_to_head = among.get(&row.player).copied();
            }
            rows[start..end].sort_by(|a, b| {
                b.head_to_head
                    .cmp(&a.head_to_head)
                    .then(a.games.cmp(&b.games))
                    .then(a.player.cmp(&b.player))
            });
        }
        start = end;
    }
    let mut place = 0;
    for i in 0..rows.len() {
        let decided_by = (i > 0 && ranked(&rows[i]) == ranked(&rows[i - 1])).then(|| {
            let (above, row) = (&rows[i - 1], &rows[i]);
            if above.score.points != row.score.points {
                LeagueDecider::Points
            } else if above.score.differential != row.score.differential {
                LeagueDecider::Differential
            } else if above.head_to_head != row.head_to_head {
                LeagueDecider::HeadToHead
            } else if above.games != row.games {
                LeagueDecider::FewerGames
            } else {
                LeagueDecider::Shared
            }
        });
        rows[i].decided_by = decided_by;
        if ranked(&rows[i]) {
            if decided_by != Some(LeagueDecider::Shared) {
                place = i as u32 + 1;
            }
            rows[i].rank = Some(place);
        }
    }
    rows
}

/// Sessions and who won them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct SessionTally {
    pub(crate) sessions: u32,
    pub(crate) solo_wins: u32,
    pub(crate) team_wins: u32,
}

impl SessionTally {
    fn add(&mut self, solo_won: bool) {
        self.sessions += 1;
        if solo_won {
            self.solo_wins += 1;
        } else {
            self.team_wins += 1;
        }
    }
}

/// A scenario's record: every session, and by team size.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScenarioRecord {
    pub(crate) scenario: Scenario,
    pub(crate) total: SessionTally,
    /// Team sizes with at least one session, smallest first.
    pub(crate) by_team_size: Vec<(u32, SessionTally)>,
}

/// The record of each scenario played in `sessions`, in the order of [`Scenario::ALL`].
pub(crate) fn scenario_records<'a>(
    sessions: impl IntoIterator<Item = &'a Session>,
) -> Vec<ScenarioRecord> {
    let mut tallies: BTreeMap<(Scenario, u32), SessionTally> = BTreeMap::new();
    for session in sessions {
        tallies
            .entry((session.scenario, session.team.len() as u32))
            .or_default()
            .add(session.solo_won());
    }
    Scenario::ALL
        .into_iter()
        .filter_map(|scenario| {
            let by_team_size: Vec<(u32, SessionTally)> = tallies
                .iter()
                .filter(|((s, _), _)| *s == scenario)
                .map(|(&(_, size), &tally)| (size, tally))
                .collect();
            let total = by_team_size
                .iter()
                .fold(SessionTally::default(), |mut t, (_, s)| {
                    t.sessions += s.sessions;
                    t.solo_wins += s.solo_wins;
                    t.team_wins += s.team_wins;
                    t
                });
            (total.sessions > 0).then_some(ScenarioRecord {
                scenario,
                total,
                by_team_size,
            })
        })
        .collect()
}

/// Sessions played and won in one role.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct RoleTally {
    pub(crate) played: u32,
    pub(crate) won: u32,
}

/// A player's challenge sessions in one event.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlayerSessions {
    pub(crate) player: usize,
    /// With the challenge deck.
    pub(crate) solo: RoleTally,
    /// On a team against it.
    pub(crate) team: RoleTally,
    /// The sessions played, by number, in file order.
    pub(crate) sessions: Vec<u32>,
}

/// Each player's sessions, for the players who played at least one, in registration order.
fn player_sessions(players: usize, sessions: &[Session]) -> Vec<PlayerSessions> {
    (0..players)
        .filter_map(|player| {
            let mut record = PlayerSessions {
                player,
                solo: RoleTally::default(),
                team: RoleTally::default(),
                sessions: Vec::new(),
            };
            for session in sessions {
                let role = if session.solo == player {
                    &mut record.solo
                } else if session.team.contains(&player) {
                    &mut record.team
                } else {
                    continue;
                };
                role.played += 1;
                if session.won_by(player) {
                    role.won += 1;
                }
                record.sessions.push(session.number);
            }
            (!record.sessions.is_empty()).then_some(record)
        })
        .collect()
}

/// A league: its games scored, its weeks and its standings.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct LeagueComputed {
    /// In the event's order (by date).
    pub(crate) games: Vec<ScoredGame>,
    pub(crate) weeks: Vec<Week>,
    pub(crate) standings: Vec<LeagueRow>,
    /// Games needed to be ranked (0: everyone is ranked).
    pub(crate) min_games: u32,
    /// Whether scores carry a differential (SW:CCG).
    pub(crate) differential: bool,
}

/// A challenge event: each scenario's record and each player's sessions.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ChallengeComputed {
    pub(crate) records: Vec<ScenarioRecord>,
    pub(crate) players: Vec<PlayerSessions>,
}

impl ChallengeComputed {
    /// The sessions recorded, over every scenario.
    pub(crate) fn sessions(&self) -> usize {
        self.records.iter().map(|r| r.total.sessions as usize).sum()
    }
}

/// Computes a league from its games.
pub(crate) fn compute_league(
    ruleset: &Ruleset,
    event: &Event,
    games: &[LeagueGame],
) -> LeagueComputed {
    let games: Vec<ScoredGame> = games
        .iter()
        .map(|g| score_game(ruleset, event.info.seed, event.info.date, g))
        .collect();
    let weeks = weeks(event.info.date, &games);
    let min_games = event.info.min_games.unwrap_or(0);
    LeagueComputed {
        standings: league_standings(event.players.len(), &games, weeks.len() as u32, min_games),
        games,
        weeks,
        min_games,
        differential: ruleset.family == Family::Ccg,
    }
}

/// Computes a challenge event from its sessions.
pub(crate) fn compute_challenge(event: &Event, sessions: &[Session]) -> ChallengeComputed {
    ChallengeComputed {
        records: scenario_records(sessions),
        players: player_sessions(event.players.len(), sessions),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::casual::SessionWinner;
    use crate::event::{CcgResult, Game};

    fn date(s: &str) -> Date {
        Date::parse_iso(s).expect("valid date")
    }

    /// An SW:LCG league game on `day` (a date in March 2015): dark, light, winner.
    fn lcg(number: u32, day: &str, dark: usize, light: usize, winner: Option<usize>) -> ScoredGame {
        let game = LeagueGame {
            number,
            date: date(day),
            dark,
            light,
            result: LeagueResult::Lcg(Game { winner, by: None }),
        };
        score_game(&super::super::FFG_2014, 1, date("2015-03-02"), &game)
    }

    #[test]
    fn weeks_count_seven_days_from_the_start() {
        let start = date("2015-03-02");
        assert_eq!(week_of(start, date("2015-03-02")), 1);
        assert_eq!(week_of(start, date("2015-03-08")), 1);
        assert_eq!(week_of(start, date("2015-03-09")), 2);
        assert_eq!(week_of(start, date("2015-03-30")), 5);
        let games = [
            lcg(1, "2015-03-03", 0, 1, Some(0)),
            lcg(2, "2015-03-17", 0, 1, None),
        ];
        let w = weeks(start, &games);
        assert_eq!(w.len(), 3);
        assert_eq!(
            (w[1].first_day.iso(), w[1].last_day.iso()),
            ("2015-03-09".into(), "2015-03-15".into())
        );
        assert_eq!(w.iter().map(|w| w.games).collect::<Vec<_>>(), [1, 0, 1]);
    }

    /// Four players (0 Ann, 1 Ben, 2 Cal, 3 Dee), SW:LCG scoring 3/1/0 per game.
    ///
    /// Week 1: Ann beats Ben, Cal beats Dee, Ann and Cal draw.
    /// Week 2: Ben beats Cal, Dee beats Ann, Ben beats Dee.
    ///
    /// Ann: 3 + 1 + 0 = 4 (1–1–1); Ben: 0 + 3 + 3 = 6 (2–1–0);
    /// Cal: 3 + 1 + 0 = 4 (1–1–1); Dee: 0 + 3 + 0 = 3 (1–2–0).
    /// Ann and Cal are level on 4; their one game between them was a draw (1 each) and both
    /// played 3 games: they share 2nd place, and Dee is 4th.
    #[test]
    fn league_standings_by_points_with_a_shared_place() {
        let games = [
            lcg(1, "2015-03-03", 0, 1, Some(0)),
            lcg(2, "2015-03-04", 2, 3, Some(2)),
            lcg(3, "2015-03-05", 0, 2, None),
            lcg(4, "2015-03-10", 1, 2, Some(1)),
            lcg(5, "2015-03-11", 3, 0, Some(3)),
            lcg(6, "2015-03-12", 1, 3, Some(1)),
        ];
        let rows = league_standings(4, &games, 2, 0);
        let table: Vec<(usize, Option<u32>, u32, [u32; 3])> = rows
            .iter()
            .map(|r| {
                (
                    r.player,
                    r.rank,
                    r.score.points,
                    [r.wins, r.losses, r.draws],
                )
            })
            .collect();
        assert_eq!(
            table,
            [
                (1, Some(1), 6, [2, 1, 0]),
                (0, Some(2), 4, [1, 1, 1]),
                (2, Some(2), 4, [1, 1, 1]),
                (3, Some(4), 3, [1, 2, 0]),
            ]
        );
        assert_eq!(rows[2].decided_by, Some(LeagueDecider::Shared));
        assert_eq!(rows[1].head_to_head, Some(Score::new(1, 0)));
        // Ben's weeks: 0 in week 1 (lost to Ann), 3 + 3 = 6 in week 2.
        assert_eq!(rows[0].weekly, [Score::new(0, 0), Score::new(6, 0)]);
    }

    /// Players level on points, separated by their games among themselves, then by games.
    ///
    /// Ann (0) beats Ben (1), Ben beats Cal (2), Cal beats Ann, Ann beats Cal, Dee (3) beats Cal:
    /// Ann 3 + 0 + 3 = 6 (3 games), Ben 0 + 3 = 3 (2 games), Cal 0 + 3 + 0 + 0 = 3 (4 games),
    /// Dee 3 (1 game).
    ///
    /// Ben, Cal and Dee are level on 3. Among them: Ben beat Cal (Ben 3, Cal 0) and Dee beat Cal
    /// (Dee 3, Cal 0), so head to head is Ben 3, Dee 3, Cal 0: Cal is last of the three. Ben (2
    /// games) and Dee (1 game) are still level, and Dee is ahead on fewer games.
    /// Places: Ann 1, Dee 2, Ben 3, Cal 4.
    #[test]
    fn league_ties_go_to_head_to_head_then_fewer_games() {
        let games = [
            lcg(1, "2015-03-03", 0, 1, Some(0)),
            lcg(2, "2015-03-03", 1, 2, Some(1)),
            lcg(3, "2015-03-04", 2, 0, Some(2)),
            lcg(4, "2015-03-05", 0, 2, Some(0)),
            lcg(5, "2015-03-06", 3, 2, Some(3)),
        ];
        let rows = league_standings(4, &games, 1, 0);
        let order: Vec<(usize, Option<u32>, u32, Option<LeagueDecider>)> = rows
            .iter()
            .map(|r| (r.player, r.rank, r.score.points, r.decided_by))
            .collect();
        assert_eq!(
            order,
            [
                (0, Some(1), 6, None),
                (3, Some(2), 3, Some(LeagueDecider::Points)),
                (1, Some(3), 3, Some(LeagueDecider::FewerGames)),
                (2, Some(4), 3, Some(LeagueDecider::HeadToHead)),
            ]
        );
    }

    /// Each row as (player, place, points, games short of the minimum).
    fn places(rows: &[LeagueRow]) -> Vec<(usize, Option<u32>, u32, u32)> {
        rows.iter()
            .map(|r| (r.player, r.rank, r.score.points, r.games_short))
            .collect()
    }

    /// `min_games = 3`: Ann (0) and Ben (1) play 3 games each, Cal (2) only 2.
    ///
    /// Ann beats Ben twice and Cal once: 3 + 3 + 3 = 9. Ben beats Cal: 0 + 0 + 3 = 3. Cal lost
    /// both his games: 0, one game short of the minimum, unranked below the ranked players.
    #[test]
    fn players_short_of_the_minimum_are_unranked() {
        let games = [
            lcg(1, "2015-03-03", 0, 1, Some(0)),
            lcg(2, "2015-03-04", 0, 1, Some(0)),
            lcg(3, "2015-03-05", 0, 2, Some(0)),
            lcg(4, "2015-03-06", 1, 2, Some(1)),
        ];
        let rows = league_standings(3, &games, 1, 3);
        let table = places(&rows);
        assert_eq!(
            table,
            [(0, Some(1), 9, 0), (1, Some(2), 3, 0), (2, None, 0, 1)]
        );

        // Cal wins his two games instead: Ann 3 + 3 + 0 = 6, Ben 0 + 0 + 0 = 0, Cal 3 + 3 = 6.
        // Cal has as many points as the leader, but is still one game short: unranked.
        let games = [
            lcg(1, "2015-03-03", 0, 1, Some(0)),
            lcg(2, "2015-03-04", 0, 1, Some(0)),
            lcg(3, "2015-03-05", 0, 2, Some(2)),
            lcg(4, "2015-03-06", 1, 2, Some(2)),
        ];
        let rows = league_standings(3, &games, 1, 3);
        let table = places(&rows);
        assert_eq!(
            table,
            [(0, Some(1), 6, 0), (1, Some(2), 0, 0), (2, None, 6, 1)]
        );
        assert_eq!(rows[2].decided_by, None, "the unranked part starts afresh");
    }

    /// SW:CCG league: 2 points for a full win, 1 for a modified win, and the differential.
    ///
    /// Ann (0) beats Ben (1) by 15 (full): Ann 2(+15), Ben 0(-15).
    /// Ben beats Cal (2) by 4 on time (modified): Ben 1(+4), Cal 0(-4).
    /// Cal beats Ann by 20 (full): Cal 2(+20), Ann 0(-20).
    /// Totals: Ann 2(-5), Ben 1(-11), Cal 2(+16): Cal first on differential, Ann second.
    #[test]
    fn ccg_league_scores_victory_points_then_differential() {
        let ccg =
            |number: u32, dark: usize, light: usize, winner: usize, lf: u32, modified: bool| {
                let game = LeagueGame {
                    number,
                    date: date("2008-05-01"),
                    dark,
                    light,
                    result: LeagueResult::Ccg(CcgResult::Won {
                        winner,
                        life_force: Some(lf),
                        modified,
                    }),
                };
                score_game(&super::super::SWCCG_2008, 1, date("2008-05-01"), &game)
            };
        let games = [
            ccg(1, 0, 1, 0, 15, false),
            ccg(2, 2, 1, 1, 4, true),
            ccg(3, 0, 2, 2, 20, false),
        ];
        let rows = league_standings(3, &games, 1, 0);
        let table: Vec<(usize, Option<u32>, String)> = rows
            .iter()
            .map(|r| (r.player, r.rank, r.score.to_string()))
            .collect();
        assert_eq!(
            table,
            [
                (2, Some(1), "2(+16)".to_string()),
                (0, Some(2), "2(-5)".to_string()),
                (1, Some(3), "1(-11)".to_string()),
            ]
        );
        assert_eq!(rows[1].decided_by, Some(LeagueDecider::Differential));
    }

    fn session(
        number: u32,
        scenario: Scenario,
        solo: usize,
        team: &[usize],
        solo_won: bool,
    ) -> Session {
        Session {
            number,
            date: None,
            scenario,
            solo,
            team: team.to_vec(),
            winner: if solo_won {
                SessionWinner::Solo
            } else {
                SessionWinner::Team
            },
        }
    }

    /// Five sessions: Jerjerrod's Task twice against a team of 2 (solo won once) and once
    /// against 3 (team won); The Hunt for Skywalker twice against 3 (solo won both).
    /// Jerjerrod's Task: 3 sessions, solo 1, team 2; size 2: 2 (1–1), size 3: 1 (0–1).
    /// The Hunt for Skywalker: 2 sessions, solo 2, team 0; only size 3.
    #[test]
    fn scenario_records_count_solo_and_team_wins_by_team_size() {
        let sessions = [
            session(1, Scenario::JerjerrodsTask, 0, &[1, 2], true),
            session(2, Scenario::HuntForSkywalker, 1, &[0, 2, 3], true),
            session(3, Scenario::JerjerrodsTask, 0, &[1, 3], false),
            session(4, Scenario::JerjerrodsTask, 3, &[0, 1, 2], false),
            session(5, Scenario::HuntForSkywalker, 1, &[0, 2, 3], true),
        ];
        let records = scenario_records(&sessions);
        let tally = |sessions, solo_wins, team_wins| SessionTally {
            sessions,
            solo_wins,
            team_wins,
        };
        assert_eq!(
            records,
            [
                ScenarioRecord {
                    scenario: Scenario::JerjerrodsTask,
                    total: tally(3, 1, 2),
                    by_team_size: vec![(2, tally(2, 1, 1)), (3, tally(1, 0, 1))],
                },
                ScenarioRecord {
                    scenario: Scenario::HuntForSkywalker,
                    total: tally(2, 2, 0),
                    by_team_size: vec![(3, tally(2, 2, 0))],
                },
            ]
        );
        // Ann (0): solo in 1 and 3 (won 1), on the team in 2, 4, 5 (won 4).
        let players = player_sessions(5, &sessions);
        assert_eq!(players.len(), 4, "player 4 played no session");
        assert_eq!(players[0].solo, RoleTally { played: 2, won: 1 });
        assert_eq!(players[0].team, RoleTally { played: 3, won: 1 });
        assert_eq!(players[0].sessions, [1, 2, 3, 4, 5]);
    }
}
