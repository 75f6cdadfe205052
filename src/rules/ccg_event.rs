//! A SW:CCG event computed game by game: each game's scores (with deck-check penalties), the
//! standings after each game, the next game's pairing by the guide's method, and the Final
//! Confrontation. The rules themselves are in [`super::swccg`]; judging each recorded game's
//! pairing against the guide's procedure is [`super::ccg_replay`]'s.

use std::collections::BTreeMap;

use super::CcgStandings;
use super::ccg_replay::{judge, seeded, setup};
use super::pc_sos_replay;
use super::random::Stream;
use super::swccg;
use super::swccg::final_confrontation::{FinalOutcome, Finalist};
use super::swccg::pairing::Paired;
use super::swccg::scoring::{GameResult, ResultKind, Score, TrueTieDecider};
use super::swccg::standings::{GameRecord, PlayerRecord, RankedRow};
use super::swccg::{pc_match_play, pc_pairing, pc_sos};
use crate::event::Side;
use crate::event::{CcgPlay, CcgResult, CcgRound, CcgTable, Event};

use super::ccg_format::{fixed_sides, secret_squirrel, single_final_game};
use super::ccg_replay::{Replay, TableReason};

/// One scored table.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct ScoredTable {
    pub(crate) table: u32,
    pub(crate) dark: usize,
    pub(crate) light: usize,
    /// `[dark, light]`, after any deck-check penalty.
    pub(crate) scores: [Score; 2],
    pub(crate) winner: usize,
    pub(crate) kind: ResultKind,
    pub(crate) true_tie: Option<TrueTieDecider>,
    /// A major deck-check violation changed the result.
    pub(crate) penalty: bool,
    /// The win's differential was recorded (a ruleset without differentials lets a win go
    /// without one; its scores then count victory points only).
    pub(crate) differential_recorded: bool,
}

impl ScoredTable {
    /// Seat `seat`'s score as written: `2(+15)`, or `2` where no differential was recorded
    /// (never `2(+0)`).
    pub(crate) fn score_text(&self, seat: usize) -> String {
        if self.differential_recorded {
            self.scores[seat].to_string()
        } else {
            self.scores[seat].points.to_string()
        }
    }
}

/// The Final Confrontation.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct CcgFinal {
    /// The higher seed first.
    pub finalists: [usize; 2],
    pub(crate) games: Vec<ScoredTable>,
    /// Once every final game is recorded.
    pub(crate) outcome: Option<FinalOutcome>,
    /// What the recorded final games cannot be (they are then not counted).
    pub(crate) problems: Vec<String>,
    /// Why the recorded coin (`[final] winner`) cannot stand: the final is not left to a coin.
    pub(crate) coin_problem: Option<String>,
}

/// Everything computed for a SW:CCG event.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default)]
pub struct CcgComputed {
    /// Every recorded game's reported tables, finished or not: a game being played shows each
    /// table's result as soon as it is reported, though only finished games count in standings
    /// (see [`CcgComputed::games`]).
    pub(crate) reported: Vec<Vec<ScoredTable>>,
    /// Standings after each finished game (a bracket's: after each recorded game, its games
    /// with a result counted).
    pub standings: Vec<Vec<RankedRow>>,
    /// How many of the recorded games, from the first, have every table's result.
    pub(crate) finished: usize,
    /// The next game, paired by the guide, when the recorded games are finished and more are planned.
    pub(crate) next: Option<(u32, Paired)>,
    pub final_confrontation: Option<CcgFinal>,
    /// For each recorded game and table, why it was paired as it was; `None` where it cannot be
    /// judged (a game recorded after one that is not finished).
    pub(crate) reasons: Vec<Vec<Option<TableReason>>>,
    /// For each recorded game, what `holonet pair` would have written for it from the games
    /// before it (the seeded outcome of every random step); `None` where it cannot be told (a
    /// game recorded after one that is not finished). The audit compares the file with it.
    pub(crate) replays: Vec<Option<Replay>>,
    /// What the recorded tiebreaker games cannot be (they are then not counted).
    pub(crate) tiebreaker_problems: Vec<String>,
    /// The top cut of two-game matches, once the Swiss games are over (`cut` of 4 or more).
    pub(crate) top_cut: Option<CcgTopCut>,
}

/// A SW:CCG event's top cut of two-game matches, computed.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default)]
pub(crate) struct CcgTopCut {
    /// The seeds, first seed first.
    pub(crate) seeds: Vec<usize>,
    /// Whether the seeds are the venue's, as `[top_cut] seeds` records them.
    pub(crate) venue_seeds: bool,
    /// The seeds the final Swiss standings give: the top players still in the event.
    pub(crate) standings_seeds: Vec<usize>,
    /// Each recorded game of the cut, scored (`None` while it has no result).
    pub(crate) scored: Vec<Option<ScoredTable>>,
    pub(crate) bracket: swccg::top_cut::Bracket,
}

/// The top cut of `size` seeded from the final Swiss standings (`rows`), or as the file's
/// `[top_cut] seeds` say, and its bracket after the recorded games. The seeds are the best
/// placed players still in the event after the Swiss games (`swiss_games`): a player who
/// dropped or was disqualified gives way to the next. `None` when the standings do not hold
/// `size` such players.
pub(crate) fn compute_top_cut(
    event: &Event,
    play: &CcgPlay,
    rows: &[RankedRow],
    swiss_games: u32,
    size: u32,
) -> Option<CcgTopCut> {
    let recorded = play.top_cut.clone().unwrap_or_default();
    let standings_seeds: Vec<usize> = rows
        .iter()
        .filter(|r| r.place.is_some())
        .map(|r| r.player)
        .filter(|&p| event.players[p].is_active_in(swiss_games + 1))
        .take(size as usize)
        .collect();
    let (seeds, venue_seeds) = match recorded.seeds {
        Some(seeds) => (seeds, true),
        None => (standings_seeds.clone(), false),
    };
    if seeds.len() != size as usize {
        return None;
    }
    let scored: Vec<Option<ScoredTable>> = recorded
        .games
        .iter()
        .map(|t| score_table(event, "top cut game", t))
        .collect();
    let games: Vec<pc_match_play::MatchGame> = recorded
        .games
        .iter()
        .zip(&scored)
        .map(|(t, s)| pc_match_play::MatchGame {
            players: [t.dark, t.light],
            result: s.as_ref().map(|s| {
                let seat = usize::from(s.winner == s.light);
                (s.winner, s.scores[seat].differential.unsigned_abs())
            }),
            lost_cards: t.lost_cards,
        })
        .collect();
    Some(CcgTopCut {
        bracket: swccg::top_cut::bracket(&seeds, &games),
        seeds,
        venue_seeds,
        standings_seeds,
        scored,
    })
}

impl CcgComputed {
    /// Scored tables of each game the standings count: the first of `reported`, one for each
    /// standings entry.
    pub(crate) fn games(&self) -> &[Vec<ScoredTable>] {
        &self.reported[..self.standings.len()]
    }
}

/// The sides `[dark, light]` the rules give game `game` (1-based) of the Final Confrontation
/// before anyone chooses: a limited event's finalists keep their allegiances, and a match's
/// second game is played with the first game's sides switched. `None` where the higher seed
/// chooses (a match's first game), or the first game is not recorded yet.
pub(crate) fn ruled_final_sides(
    event: &Event,
    play: &CcgPlay,
    fin: &CcgFinal,
    game: u32,
) -> Option<[usize; 2]> {
    if fixed_sides(&event.info) {
        let sides = allegiances(play);
        let [a, b] = fin.finalists;
        Some(if sides.get(&a) == Some(&Side::Light) {
            [b, a]
        } else {
            [a, b]
        })
    } else if game == 2 {
        play.final_games.first().map(|g| [g.light, g.dark])
    } else {
        None
    }
}

/// A recorded SW:CCG result as the scoring rules read it: players become the sides they played
/// (`dark` is the dark side player; the other is light).
pub(crate) fn game_result(result: CcgResult, dark: usize) -> GameResult {
    let seat = |p: usize| {
        if p == dark { Side::Dark } else { Side::Light }
    };
    match result {
        CcgResult::Won {
            winner,
            life_force,
            modified: false,
        } => GameResult::Win {
            winner: seat(winner),
            life_force: life_force.unwrap_or(0),
        },
        CcgResult::Won {
            winner,
            life_force,
            modified: true,
        } => GameResult::Modified {
            winner: seat(winner),
            life_force: life_force.unwrap_or(0),
        },
        CcgResult::TrueTie {
            lost_pile,
            hand,
            coin,
        } => GameResult::TrueTie {
            lost_pile,
            hand,
            coin: coin.map(seat),
        },
        CcgResult::Quit {
            quitter,
            differential,
        } => GameResult::Quit {
            quitter: seat(quitter),
            differential,
        },
    }
}

/// Scores a recorded table; `game` names the game in the random stream of a true tie (`game 3`;
/// the Final Confrontation is `game 0`).
fn score_table(event: &Event, game: &str, t: &CcgTable) -> Option<ScoredTable> {
    let result = game_result(t.result?, t.dark);
    let scored = swccg::scoring::score_game(
        &result,
        event.info.seed,
        &format!("{game} table {} true tie", t.number),
    );
    let mut scores = scored.scores;
    let mut winner = if scored.winner == Side::Dark {
        t.dark
    } else {
        t.light
    };
    let mut penalty = false;
    let (mut kind, mut true_tie) = (scored.kind, scored.true_tie);
    if let Some(offender) = t.violation {
        let (o, other) = if offender == t.dark { (0, 1) } else { (1, 0) };
        let (offender_score, opponent_score) =
            swccg::scoring::major_deck_violation(scores[o], scores[other]);
        penalty = (offender_score, opponent_score) != (scores[o], scores[other]);
        if penalty {
            // "a full loss for the prior game (and a full win for the opponent)".
            kind = ResultKind::FullWin;
            true_tie = None;
        }
        scores[o] = offender_score;
        scores[other] = opponent_score;
        winner = if offender == t.dark { t.light } else { t.dark };
    }
    Some(ScoredTable {
        table: t.number,
        dark: t.dark,
        light: t.light,
        scores,
        winner,
        kind,
        true_tie,
        penalty,
        differential_recorded: !matches!(
            t.result,
            Some(CcgResult::Won {
                life_force: None,
                ..
            })
        ),
    })
}

/// The game after which each disqualified player left the event: their `drop`. A second
/// deck-check failure is recorded this way when the event is read
/// ([`crate::load::ccg::validate_games`]).
pub(crate) fn disqualifications(event: &Event) -> BTreeMap<usize, u32> {
    event
        .players
        .iter()
        .enumerate()
        .filter_map(|(p, player)| Some((p, player.drop.filter(|_| player.disqualified)?)))
        .collect()
}

/// Each player's record over the scored games, with byes; disqualified once the games include
/// the one after which they were disqualified.
fn records(
    event: &Event,
    play: &CcgPlay,
    games: &[Vec<ScoredTable>],
    disqualified: &BTreeMap<usize, u32>,
) -> Vec<PlayerRecord> {
    let mut records: Vec<PlayerRecord> = (0..event.players.len())
        .map(|player| PlayerRecord {
            player,
            disqualified: disqualified
                .get(&player)
                .is_some_and(|&after| after as usize <= games.len()),
            ..PlayerRecord::default()
        })
        .collect();
    for (g, tables) in games.iter().enumerate() {
        for t in tables {
            for (me, them, side, score) in [
                (t.dark, t.light, Side::Dark, t.scores[0]),
                (t.light, t.dark, Side::Light, t.scores[1]),
            ] {
                records[me].games.push(GameRecord {
                    opponent: them,
                    allegiance: side,
                    score,
                    won: t.winner == me,
                });
            }
        }
        for p in play
            .games
            .get(g)
            .into_iter()
            .flat_map(CcgRound::scored_byes)
        {
            records[p].byes += 1;
        }
    }
    records
}

/// Every recorded game's tables with a result, scored, game by game.
fn scored_games(event: &Event, play: &CcgPlay) -> Vec<Vec<ScoredTable>> {
    play.games
        .iter()
        .map(|g| {
            g.tables
                .iter()
                .filter_map(|t| score_table(event, &format!("game {}", g.number), t))
                .collect()
        })
        .collect()
}

/// Computes a SW:CCG event. `planned` is the number of games announced; `cut` is 2 for a
/// Final Confrontation; `ranking` is the ruleset's way of ranking games. The Tournament
/// Assistant's standings are computed by [`swccg::pc_sos`], and its events are not judged
/// against the guide's pairing nor paired by it.
pub(crate) fn compute_ccg(
    event: &Event,
    play: &CcgPlay,
    planned: Option<u32>,
    cut: u32,
    ranking: CcgStandings,
) -> CcgComputed {
    match ranking {
        CcgStandings::TournamentAssistantSos => return compute_pc_sos(event, play, planned),
        CcgStandings::TournamentAssistantMatchPlay => return compute_match_play(event, play),
        CcgStandings::Guide => {}
    }
    let finished = play.games.iter().take_while(|g| g.is_complete()).count();
    let reported = scored_games(event, play);
    let disqualified = disqualifications(event);
    let standings_after = |k: usize, tiebreakers: &[ScoredTable]| {
        let mut players: Vec<PlayerRecord> = records(event, play, &reported[..k], &disqualified)
            .into_iter()
            .filter(|r| !r.games.is_empty() || r.byes > 0)
            .collect();
        for t in tiebreakers {
            let loser = if t.winner == t.dark { t.light } else { t.dark };
            if let Some(r) = players.iter_mut().find(|r| r.player == t.winner) {
                r.tiebreak_wins.push(loser);
            }
        }
        let label = format!("standings after game {k}");
        swccg::standings::rank(&players, &|p| {
            Stream::tiebreak_number(event.info.seed, &label, &event.players[p].id)
        })
    };
    let mut standings: Vec<Vec<RankedRow>> =
        (1..=finished).map(|k| standings_after(k, &[])).collect();
    let all_finished = finished == play.games.len();
    let swiss_done = planned.is_some_and(|n| finished as u32 >= n);
    let tiebreakers: Vec<ScoredTable> = play
        .tiebreaker_games
        .iter()
        .filter_map(|t| score_table(event, "tiebreaker game", t))
        .collect();
    let tiebreaker_problems =
        tiebreaker_problems(event, play, &standings, all_finished && swiss_done);
    if tiebreaker_problems.is_empty() && !tiebreakers.is_empty() {
        standings.pop();
        standings.push(standings_after(finished, &tiebreakers));
    }
    let mut computed = CcgComputed {
        reported,
        standings,
        finished,
        next: None,
        final_confrontation: None,
        reasons: Vec::new(),
        replays: Vec::new(),
        tiebreaker_problems,
        top_cut: None,
    };
    // Each recorded game's tables, judged against every outcome of the guide's random steps
    // from the games before it; the coin of each game (the pile its bye joins) is the one that
    // agrees with the recorded tables.
    let mut coins = Vec::new();
    for (i, g) in play.games.iter().enumerate() {
        let setup = (i <= computed.standings.len())
            .then(|| setup(event, play, &computed.standings, i, &coins))
            .flatten();
        let (coin, reasons, replay) = match setup {
            Some(setup) => judge(g, &setup, event.info.seed),
            None => (None, vec![None; g.tables.len()], None),
        };
        coins.push(coin);
        computed.reasons.push(reasons);
        computed.replays.push(replay);
    }
    if all_finished && !swiss_done {
        computed.next = setup(event, play, &computed.standings, play.games.len(), &coins)
            .map(|setup| (setup.number, seeded(&setup, event.info.seed).1));
    }
    if all_finished
        && swiss_done
        && cut == 2
        && let Some((fin, drawn)) = final_confrontation(event, play, &computed)
    {
        if let (Some(rows), Some(last)) = (drawn, computed.standings.last_mut()) {
            *last = rows;
        }
        computed.final_confrontation = Some(fin);
    }
    computed
}

/// A Tournament Assistant `MATCH_PLAY` bracket: its scored games, and its standings after each
/// recorded game, counting every game with a result (a match still under way counts its
/// games played, as the program's standings did). The bracket is not paired nor judged by
/// Holonet: its seeds are not in the file.
fn compute_match_play(event: &Event, play: &CcgPlay) -> CcgComputed {
    let reported = scored_games(event, play);
    let mut totals: Vec<Option<Score>> = vec![None; event.players.len()];
    let mut standings = Vec::new();
    for (g, scored) in play.games.iter().zip(&reported) {
        for t in scored {
            for (seat, p) in [t.dark, t.light].into_iter().enumerate() {
                let total = totals[p].get_or_insert(Score::ZERO);
                total.points += t.scores[seat].points;
                total.differential += t.scores[seat].differential;
            }
        }
        for p in g.scored_byes() {
            let total = totals[p].get_or_insert(Score::ZERO);
            total.points += crate::rules::swccg::scoring::BYE.points;
        }
        let entries: Vec<(usize, Score)> = totals
            .iter()
            .enumerate()
            .filter_map(|(p, t)| t.map(|t| (p, t)))
            .collect();
        standings.push(
            pc_match_play::standings(&entries)
                .into_iter()
                .map(|(place, player, score)| RankedRow {
                    place: Some(place),
                    player,
                    score,
                    highest_differential: None,
                    opponents_points: Vec::new(),
                    decided_by: None,
                    pc_sos: None,
                })
                .collect(),
        );
    }
    CcgComputed {
        finished: play.games.iter().take_while(|g| g.is_complete()).count(),
        reasons: play
            .games
            .iter()
            .map(|g| vec![None; g.tables.len()])
            .collect(),
        replays: vec![None; play.games.len()],
        reported,
        standings,
        ..CcgComputed::default()
    }
}

/// A `MATCH_PLAY` bracket's placings ([`pc_match_play::placings`]), once its final is decided:
/// each recorded table with its scored result, if it has one.
pub(crate) fn match_play_placings(play: &CcgPlay, ccg: &CcgComputed) -> Option<Vec<(u32, usize)>> {
    let games: Vec<Vec<pc_match_play::MatchGame>> = play
        .games
        .iter()
        .zip(&ccg.reported)
        .map(|(g, scored)| {
            g.tables
                .iter()
                .map(|t| pc_match_play::MatchGame {
                    players: [t.dark, t.light],
                    lost_cards: t.lost_cards,
                    result: scored.iter().find(|s| s.table == t.number).map(|s| {
                        let seat = usize::from(s.winner == s.light);
                        (s.winner, s.scores[seat].differential.unsigned_abs())
                    }),
                })
                .collect()
        })
        .collect();
    pc_match_play::placings(&games)
}

/// A Tournament Assistant `SOS` event: its scored games, and its standings after each finished
/// game by the version of the program live on the event's date. A player without a game yet is
/// not listed, as under the guide. Each recorded game is judged against the software's pairing
/// ([`pc_sos_replay`]) where the event's date has it modelled, and the next game is paired by it
/// until the games announced (`planned`) are played.
fn compute_pc_sos(event: &Event, play: &CcgPlay, planned: Option<u32>) -> CcgComputed {
    let finished = play.games.iter().take_while(|g| g.is_complete()).count();
    let reported = scored_games(event, play);
    let version = pc_sos::Version::at(event.info.date);
    let mut games = Vec::new();
    // The software's standings of every player after each finished game: what pairs the next.
    let mut every_row: Vec<Vec<pc_sos::Row>> = Vec::new();
    for (k, g) in play.games.iter().take(finished).enumerate() {
        games.extend(reported[k].iter().map(|t| pc_sos::Game {
            number: g.number,
            seats: [Some(t.dark), Some(t.light)],
            winner: Some(t.winner),
        }));
        games.extend(g.scored_byes().map(|p| pc_sos::Game {
            number: g.number,
            seats: [None, Some(p)],
            winner: Some(p),
        }));
        every_row.push(pc_sos::standings(
            event.players.len(),
            g.number,
            &games,
            version,
        ));
    }
    let standings = every_row
        .iter()
        .map(|rows| {
            rows.iter()
                .filter(|r| r.wins + r.losses > 0)
                .map(|r| RankedRow {
                    place: Some(r.place),
                    player: r.player,
                    score: Score::new(r.points, 0),
                    highest_differential: None,
                    opponents_points: Vec::new(),
                    decided_by: None,
                    pc_sos: Some(r.clone()),
                })
                .collect()
        })
        .collect();
    let rules = pc_pairing::Rules::at(event.info.date);
    let entrants_before = |before: usize| {
        let rows = before.checked_sub(1).map_or(&[][..], |i| &every_row[i][..]);
        pc_sos_replay::entrants(event, play, before, rows)
    };
    let (mut reasons, mut replays) = (Vec::new(), Vec::new());
    for (i, g) in play.games.iter().enumerate() {
        if pc_pairing::Rules::judged(event.info.date) && i <= finished {
            let (r, replay) = pc_sos_replay::judge(g, &entrants_before(i), rules, event.info.seed);
            reasons.push(r);
            replays.push(Some(replay));
        } else {
            reasons.push(vec![None; g.tables.len()]);
            replays.push(None);
        }
    }
    let played = play.games.len();
    let next = (finished == played && planned.is_none_or(|n| (played as u32) < n))
        .then(|| {
            let number = played as u32 + 1;
            let entrants = entrants_before(played);
            (entrants.len() >= 2).then(|| {
                (
                    number,
                    pc_pairing::pair(&entrants, number, rules, event.info.seed),
                )
            })
        })
        .flatten();
    CcgComputed {
        finished,
        reasons,
        replays,
        reported,
        standings,
        next,
        ..CcgComputed::default()
    }
}

/// What is wrong with the recorded tiebreaker games, judged against the final standings before
/// them (the last of `standings`; `over`: every planned game is finished). The guide offers a
/// tiebreaker game after the last game, to players level on points and differential; one game
/// settles a tie between two, so its players must be the only two at their score, and it must
/// have a winner.
fn tiebreaker_problems(
    event: &Event,
    play: &CcgPlay,
    standings: &[Vec<RankedRow>],
    over: bool,
) -> Vec<String> {
    let name = |p: usize| event.players[p].name.as_str();
    let mut problems = Vec::new();
    let Some(rows) = standings.last().filter(|_| over) else {
        if !play.tiebreaker_games.is_empty() {
            problems.push(
                "tiebreaker games are played after the last game, and the event's games are not finished"
                    .to_string(),
            );
        }
        return problems;
    };
    let ranked: Vec<&RankedRow> = rows.iter().filter(|r| r.place.is_some()).collect();
    let mut seen = Vec::new();
    for (i, t) in play.tiebreaker_games.iter().enumerate() {
        let number = i + 1;
        let score = |p: usize| ranked.iter().find(|r| r.player == p).map(|r| r.score);
        let level = ranked
            .iter()
            .filter(|r| Some(r.score) == score(t.dark))
            .count();
        if score(t.dark).is_none() || score(t.dark) != score(t.light) || level != 2 {
            problems.push(format!(
                "tiebreaker game {number}: {} and {} are not the only two players level on points and differential",
                name(t.dark),
                name(t.light)
            ));
        } else if t.result.is_none() {
            problems.push(format!("tiebreaker game {number} has no result"));
        } else if seen.contains(&t.dark) || seen.contains(&t.light) {
            problems.push(format!(
                "tiebreaker game {number}: {} and {} already played one",
                name(t.dark),
                name(t.light)
            ));
        }
        seen.extend([t.dark, t.light]);
    }
    problems
}

/// The Final Confrontation, and the final standings rows in the order the venue's draw gave
/// where the recorded final is between finalists that only the random last tiebreaker placed
/// (see [`swccg::standings::follow_venue_draw`]); `None` for the rows when the seeded order
/// stands.
fn final_confrontation(
    event: &Event,
    play: &CcgPlay,
    computed: &CcgComputed,
) -> Option<(CcgFinal, Option<Vec<RankedRow>>)> {
    let seeded = computed.standings.last()?;
    // The finalists once the players in `excluded` are left out: "the next highest scoring
    // player will receive the opportunity to play in the Final Confrontation". Disqualified
    // players are out of the standings' places, and so of the final.
    let sides = allegiances(play);
    let pick = |rows: &[RankedRow], excluded: &[usize]| -> Option<[usize; 2]> {
        let left = rows
            .iter()
            .filter(|r| r.place.is_some() && !excluded.contains(&r.player));
        if single_final_game(&event.info) {
            let standings: Vec<(usize, Side)> = left
                .filter_map(|r| Some((r.player, *sides.get(&r.player)?)))
                .collect();
            let pair = swccg::final_confrontation::sealed_finalists(
                &standings,
                secret_squirrel(&event.info),
            )?;
            // The higher seed first, as for a constructed final.
            let place = |p: usize| rows.iter().position(|r| r.player == p);
            Some(if place(pair[1]) < place(pair[0]) {
                [pair[1], pair[0]]
            } else {
                pair
            })
        } else {
            match left.collect::<Vec<_>>()[..] {
                [a, b, ..] => Some([a.player, b.player]),
                _ => None,
            }
        }
    };
    // The players of the recorded final: where the random last tiebreaker placed the seeded
    // finalists, the venue's own draw may have seated them instead.
    let mut recorded: Vec<usize> = Vec::new();
    for t in &play.final_games {
        for p in [t.dark, t.light] {
            if !recorded.contains(&p) {
                recorded.push(p);
            }
        }
    }
    let same = |f: [usize; 2]| recorded.len() == 2 && f.iter().all(|p| recorded.contains(p));
    let drawn = pick(seeded, &play.final_replaced)
        .filter(|&f| !same(f) && recorded.len() == 2)
        .and_then(|_| swccg::standings::follow_venue_draw(seeded, &recorded))
        .filter(|rows| pick(rows, &play.final_replaced).is_some_and(same));
    let rows: &[RankedRow] = drawn.as_deref().unwrap_or(seeded);
    let name = |p: usize| event.players[p].name.as_str();
    let mut problems = Vec::new();
    for (i, &r) in play.final_replaced.iter().enumerate() {
        if let Some(f) = pick(rows, &play.final_replaced[..i])
            && !f.contains(&r)
        {
            problems.push(format!(
                "{} is in `replaced` but was not a finalist ({} and {} were): list only finalists, in the order they were replaced",
                name(r),
                name(f[0]),
                name(f[1])
            ));
        }
    }
    let finalists = pick(rows, &play.final_replaced)?;
    for t in &play.final_games {
        if !(finalists.contains(&t.dark) && finalists.contains(&t.light)) {
            problems.push(format!(
                "final game {} is not between the finalists, {} and {}",
                t.number,
                name(finalists[0]),
                name(finalists[1])
            ));
        }
    }
    if let [first, second] = &play.final_games[..]
        && first.dark == second.dark
    {
        problems.push(format!(
            "{} plays dark in both final games; the finalists switch sides for the second",
            name(first.dark)
        ));
    }
    let wanted = if single_final_game(&event.info) { 1 } else { 2 };
    if play.final_games.len() > wanted {
        problems.push(format!(
            "the Final Confrontation has {wanted} game(s), {} are recorded",
            play.final_games.len()
        ));
    }
    let games: Vec<ScoredTable> = if problems.is_empty() {
        play.final_games
            .iter()
            .filter_map(|t| score_table(event, "game 0", t))
            .collect()
    } else {
        Vec::new()
    };
    let outcome = (games.len() == wanted && play.final_games.iter().all(|t| t.result.is_some()))
        .then(|| {
            let best_win = |p: usize| {
                computed
                    .games()
                    .iter()
                    .flatten()
                    .filter(|t| t.winner == p)
                    .map(|t| {
                        if t.dark == p {
                            t.scores[0].differential
                        } else {
                            t.scores[1].differential
                        }
                    })
                    .max()
            };
            let finalist = |p: usize| Finalist {
                player: p,
                final_games: games
                    .iter()
                    .map(|t| {
                        if t.dark == p {
                            t.scores[0]
                        } else {
                            t.scores[1]
                        }
                    })
                    .collect(),
                best_win_differential: best_win(p),
            };
            swccg::final_confrontation::final_confrontation(
                &finalist(finalists[0]),
                &finalist(finalists[1]),
                play.final_coin,
                event.info.seed,
                "final confrontation",
            )
        });
    // "The Final Confrontation must be played unless the second-seeded player waives their
    // right to it": then the higher seed wins the event.
    let outcome = if play.final_waived {
        Some(FinalOutcome {
            winner: finalists[0],
            reason: swccg::final_confrontation::FinalReason::Waived,
        })
    } else {
        outcome
    };
    // Final games that cannot be counted are reported already; the coin is judged on counted ones.
    let coin_problem = play
        .final_coin
        .filter(|_| problems.is_empty())
        .and_then(|coin| coin_problem(event, finalists, coin, outcome.as_ref()));
    Some((
        CcgFinal {
            finalists,
            games,
            outcome,
            problems,
            coin_problem,
        },
        drawn,
    ))
}

/// Why the recorded coin of the Final Confrontation (`[final] winner`) cannot stand, if it
/// cannot: it names a finalist, and the final is level on games and every tiebreaker before the
/// guide's "4) Winner determined randomly". A waived final has no coin either (refused where
/// the file is read).
fn coin_problem(
    event: &Event,
    finalists: [usize; 2],
    coin: usize,
    outcome: Option<&FinalOutcome>,
) -> Option<String> {
    use swccg::final_confrontation::FinalReason;
    let name = |p: usize| event.players[p].name.as_str();
    if !finalists.contains(&coin) {
        return Some(format!(
            "{} is not a finalist ({} and {} are): `winner` records the finalist who won the coin toss at the venue",
            name(coin),
            name(finalists[0]),
            name(finalists[1])
        ));
    }
    let outcome = match outcome {
        None => {
            return Some(
                "the Final Confrontation's games are not all recorded: a coin is tossed only when they leave the finalists level on every tiebreaker"
                    .to_string(),
            );
        }
        Some(o) => o,
    };
    let decided = match outcome.reason {
        FinalReason::VenueCoin | FinalReason::Random | FinalReason::Waived => return None,
        FinalReason::Games => "more games won",
        FinalReason::VictoryPoints => "more victory points in the final",
        FinalReason::Differential => "a higher differential in the final",
        FinalReason::HighestWinDifferential => {
            "the highest single-game winning differential of the event"
        }
    };
    Some(format!(
        "the Final Confrontation is not left to a coin: {} wins it on {decided}",
        name(outcome.winner)
    ))
}

/// Each player's allegiance in their last recorded game of play.
fn allegiances(play: &CcgPlay) -> BTreeMap<usize, Side> {
    play.games
        .iter()
        .flat_map(|g| &g.tables)
        .flat_map(|t| [(t.dark, Side::Dark), (t.light, Side::Light)])
        .collect()
}
