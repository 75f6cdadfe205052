//! A SW:CCG event computed game by game: each game's scores (with deck-check penalties), the
//! standings after each game, the next game's pairing by the guide's method, and the Final
//! Confrontation. The rules themselves are in [`super::swccg`].

use std::collections::BTreeMap;

use super::swccg;
use super::swccg::final_confrontation::{FinalOutcome, Finalist};
use super::swccg::pairing::{ByeReason, Entrant, Meeting, PairReason, Paired, Table};
use super::swccg::scoring::{GameResult, ResultKind, Score, TrueTieDecider};
use super::swccg::standings::{GameRecord, PlayerRecord, RankedRow};
use crate::event::Side;
use crate::event::{CcgPlay, CcgResult, CcgTable, Event, EventInfo};

/// One scored table.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct ScoredTable {
    pub table: u32,
    pub dark: usize,
    pub light: usize,
    /// `[dark, light]`, after any deck-check penalty.
    pub scores: [Score; 2],
    pub winner: usize,
    pub kind: ResultKind,
    pub true_tie: Option<TrueTieDecider>,
    /// A major deck-check violation changed the result.
    pub penalty: bool,
}

/// The Final Confrontation.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct CcgFinal {
    /// The higher seed first.
    pub finalists: [usize; 2],
    pub games: Vec<ScoredTable>,
    /// Once every final game is recorded.
    pub outcome: Option<FinalOutcome>,
    /// What the recorded final games cannot be (they are then not counted).
    pub problems: Vec<String>,
    /// Why the recorded coin (`[final] winner`) cannot stand: the final is not left to a coin.
    pub coin_problem: Option<String>,
}

/// Everything computed for a SW:CCG event.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default)]
pub struct CcgComputed {
    /// Every recorded game's reported tables, finished or not: a game being played shows each
    /// table's result as soon as it is reported, though only finished games count in standings
    /// (see [`CcgComputed::games`]).
    pub reported: Vec<Vec<ScoredTable>>,
    /// Standings after each finished game.
    pub standings: Vec<Vec<RankedRow>>,
    /// The next game, paired by the guide, when the recorded games are finished and more are planned.
    pub next: Option<(u32, Paired)>,
    pub final_confrontation: Option<CcgFinal>,
    /// For each recorded game and table, why it was paired as it was; `None` where it cannot be
    /// judged (a game recorded after one that is not finished).
    pub reasons: Vec<Vec<Option<TableReason>>>,
    /// For each recorded game, what `holonet pair` would have written for it from the games
    /// before it (the seeded outcome of every random step); `None` where it cannot be told (a
    /// game recorded after one that is not finished). The audit compares the file with it.
    pub replays: Vec<Option<Replay>>,
    /// What the recorded tiebreaker games cannot be (they are then not counted).
    pub tiebreaker_problems: Vec<String>,
}

/// A recorded game paired again from the games before it.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The seeded pairing: what `holonet pair` writes.
    pub seeded: Paired,
    /// The recorded byes the outcome judged ([`TableReason`]) does not give: the byes that break
    /// the guide's pairing (any one bye of the first game's shuffle is given).
    pub broken_byes: Vec<usize>,
    /// The recorded byes the outcome judged does not give, where the search was stopped by its
    /// bound before deciding whether another outcome gives them ([`TableReason::Undecided`]):
    /// not called breaks.
    #[serde(default)]
    pub undecided_byes: Vec<usize>,
}

/// Why a recorded table was paired as it was.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableReason {
    /// The guide's procedure gives this table, for this reason. Where the procedure has a
    /// random step (the first game's shuffle, the coin of a new round, the order in a pile of
    /// players level on total score) any outcome of it counts: the recorded pairing need not be
    /// the one the event's seed would have drawn.
    Guide(PairReason),
    /// No outcome of the guide's procedure gives this table beside the game's other tables:
    /// the outcome that gives the most recorded tables and byes (found exactly, see
    /// [`swccg::outcomes`]) does not. `instead` is what that outcome gives `player`: their
    /// table, or `None` for the bye. `player` is the table's dark side player, or a playing
    /// tournament director seated in the first game of an odd field, which the guide gives
    /// them the bye of.
    Departure {
        player: usize,
        instead: Option<Table>,
    },
    /// Not decided: the outcome judged does not give this table, but the search stopped at its
    /// bound ([`swccg::outcomes::STATE_BOUND`]) before trying every order of the players level
    /// on total score, so another outcome may give it. Not called a break.
    Undecided,
}

impl CcgComputed {
    /// Scored tables of each finished game, the games the standings count: the first of
    /// `reported`, one for each standings entry.
    pub fn games(&self) -> &[Vec<ScoredTable>] {
        &self.reported[..self.standings.len()]
    }
}

/// Whether the format keeps each player on one side all event (sealed, draft, cube).
/// Limited formats (sealed, draft, cube) keep each player on one side, except Secret Squirrel,
/// whose decks hold both sides' cards.
pub fn fixed_sides(info: &EventInfo) -> bool {
    matches!(info.format.as_str(), "sealed" | "draft" | "cube") && !secret_squirrel(info)
}

/// Whether the event plays the Secret Squirrel variant (sealed or cube).
pub fn secret_squirrel(info: &EventInfo) -> bool {
    info.variant.as_deref() == Some("secret-squirrel")
}

/// The sides `[dark, light]` the rules give game `game` (1-based) of the Final Confrontation
/// before anyone chooses: a limited event's finalists keep their allegiances, and a match's
/// second game is played with the first game's sides switched. `None` where the higher seed
/// chooses (a match's first game), or the first game is not recorded yet.
pub fn ruled_final_sides(
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

/// The number of games of the Final Confrontation: one in limited formats, else a match of two.
pub fn final_games(info: &EventInfo) -> u32 {
    if single_final_game(info) { 1 } else { 2 }
}

/// Whether the Final Confrontation is a single game (limited formats) rather than a match.
pub fn single_final_game(info: &EventInfo) -> bool {
    matches!(info.format.as_str(), "sealed" | "draft" | "cube")
}

/// A recorded SW:CCG result as the scoring rules read it: players become the sides they played
/// (`dark` is the dark side player; the other is light).
pub fn game_result(result: CcgResult, dark: usize) -> GameResult {
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
            life_force,
        },
        CcgResult::Won {
            winner,
            life_force,
            modified: true,
        } => GameResult::Modified {
            winner: seat(winner),
            life_force,
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
    })
}

/// The game after which each disqualified player left the event: their `drop`. A second
/// deck-check failure is recorded this way when the event is read
/// ([`crate::load::ccg::validate_games`]).
pub fn disqualifications(event: &Event) -> BTreeMap<usize, u32> {
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
        for &p in play.games.get(g).map_or(&[][..], |r| &r.byes[..]) {
            records[p].byes += 1;
        }
    }
    records
}

/// Computes a SW:CCG event. `planned` is the number of games announced; `cut` is 2 for a
/// Final Confrontation.
pub fn compute_ccg(event: &Event, play: &CcgPlay, planned: Option<u32>, cut: u32) -> CcgComputed {
    let finished = play.games.iter().take_while(|g| g.is_complete()).count();
    let reported: Vec<Vec<ScoredTable>> = play
        .games
        .iter()
        .map(|g| {
            g.tables
                .iter()
                .filter_map(|t| score_table(event, &format!("game {}", g.number), t))
                .collect()
        })
        .collect();
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
        swccg::standings::rank(
            &players,
            event.info.seed,
            &format!("standings after game {k}"),
        )
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
        next: None,
        final_confrontation: None,
        reasons: Vec::new(),
        replays: Vec::new(),
        tiebreaker_problems,
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

/// Judges the recorded tables and byes of game `g` against every outcome of the guide's random
/// steps (`setup`): the coin of the game where the tables tell it, each table's reason, and the
/// replay (the seeded pairing, and the recorded byes no outcome gives beside the rest).
///
/// The first game is a shuffle, which gives any tables with either coin, and any one bye, but a
/// playing tournament director's bye. A later game is judged against the outcome that gives the
/// most recorded tables and byes ([`swccg::outcomes::best`], exact), the seeded coin and pile
/// first among equals; the coin is told when no outcome with the other coin gives as many.
fn judge(
    g: &crate::event::CcgRound,
    setup: &Setup,
    seed: u64,
) -> (Option<Side>, Vec<Option<TableReason>>, Option<Replay>) {
    let (_, seeded_pairing) = seeded(setup, seed);
    if setup.number == 1 {
        let director = seeded_pairing
            .byes
            .iter()
            .find(|b| b.reason == ByeReason::Organizer)
            .map(|b| b.player);
        let reasons = g
            .tables
            .iter()
            .map(|t| {
                Some(match director.filter(|&d| t.dark == d || t.light == d) {
                    Some(d) => TableReason::Departure {
                        player: d,
                        instead: None,
                    },
                    None => TableReason::Guide(PairReason::Random),
                })
            })
            .collect();
        let broken_byes = if g.byes.len() > 1 {
            g.byes.clone()
        } else {
            Vec::new()
        };
        let replay = Replay {
            seeded: seeded_pairing,
            broken_byes,
            undecided_byes: Vec::new(),
        };
        return (None, reasons, Some(replay));
    }
    let tables: Vec<(usize, usize)> = g.tables.iter().map(|t| (t.dark, t.light)).collect();
    let recorded = swccg::outcomes::Recorded {
        tables: &tables,
        byes: &g.byes,
    };
    let mut outcomes: Vec<(Side, swccg::outcomes::Best)> = Vec::new();
    for entrants in &setup.entrants {
        for (coin, procedure) in procedures(setup) {
            outcomes.push((coin, swccg::outcomes::best(procedure, entrants, &recorded)));
        }
    }
    let Some(best) = outcomes
        .iter()
        .reduce(|best, o| if o.1.kept > best.1.kept { o } else { best })
    else {
        return (None, vec![None; g.tables.len()], None);
    };
    let (coin, best) = (best.0, &best.1);
    // Decided when the outcome gives every recorded table and bye, or when no search stopped
    // at its bound (each found its best exactly, so the best of them is the best of all).
    let decided = best.kept == tables.len() + g.byes.len() || outcomes.iter().all(|o| o.1.decided);
    let told = decided && outcomes.iter().all(|o| o.0 == coin || o.1.kept < best.kept);
    let paired = &best.paired;
    let reasons = g
        .tables
        .iter()
        .map(|t| {
            Some(
                match paired
                    .tables
                    .iter()
                    .find(|x| x.dark == t.dark && x.light == t.light)
                {
                    Some(x) => TableReason::Guide(x.reason),
                    None if !decided => TableReason::Undecided,
                    None => TableReason::Departure {
                        player: t.dark,
                        instead: paired
                            .tables
                            .iter()
                            .find(|x| x.dark == t.dark || x.light == t.dark)
                            .copied(),
                    },
                },
            )
        })
        .collect();
    let missed: Vec<usize> = g
        .byes
        .iter()
        .copied()
        .filter(|p| !paired.byes.iter().any(|b| b.player == *p))
        .collect();
    let (broken_byes, undecided_byes) = if decided {
        (missed, Vec::new())
    } else {
        (Vec::new(), missed)
    };
    let replay = Replay {
        seeded: seeded_pairing,
        broken_byes,
        undecided_byes,
    };
    (told.then_some(coin), reasons, Some(replay))
}

/// The procedures game `setup.number` may be paired by, each with its coin: a single pile's
/// two coins (the seeded one first), or the piles with the seeded coin, which they do not use.
fn procedures(setup: &Setup) -> Vec<(Side, swccg::outcomes::Procedure)> {
    use swccg::outcomes::Procedure;
    if setup.fixed {
        vec![(setup.coin, Procedure::Fixed)]
    } else if setup.single_pile {
        [setup.coin, setup.coin.opposite()]
            .map(|c| (c, Procedure::NewRound(c)))
            .to_vec()
    } else {
        vec![(setup.coin, Procedure::Piles)]
    }
}

/// The game after the first `before` recorded games as `holonet pair` pairs it (the seeded
/// order of level players, the seeded coin, the seeded pile of the last game's bye), with its
/// coin.
fn seeded(setup: &Setup, seed: u64) -> (Side, Paired) {
    let entrants: Vec<Entrant> = setup.entrants[0]
        .iter()
        .map(|e| Entrant {
            rank: setup.seeded_rank[&e.player],
            ..e.clone()
        })
        .collect();
    let paired = if setup.number == 1 {
        swccg::pairing::pair_first_game(&entrants, seed)
    } else if setup.fixed {
        swccg::pairing::pair_fixed(&entrants, setup.number, seed)
    } else if setup.single_pile {
        swccg::pairing::pair_new_round(&entrants, setup.coin)
    } else {
        swccg::pairing::pair_piles(&entrants)
    };
    (setup.coin, paired)
}

/// What pairing game `number` starts from.
struct Setup {
    number: u32,
    /// The players to pair, each `rank` their place among the total scores (players level on
    /// total score share it: the guide orders its piles by nothing finer); one list for each
    /// pile the last game's bye may join (where its coin is not known), the seeded one first.
    entrants: Vec<Vec<Entrant>>,
    /// Each player's place in the standings with every tiebreaker (the seeded order).
    seeded_rank: BTreeMap<usize, usize>,
    /// The seeded coin of the game.
    coin: Side,
    /// Sealed, draft and cube: players keep their allegiance.
    fixed: bool,
    /// A new round (and every Secret Squirrel game): one pile and a coin.
    single_pile: bool,
}

/// What pairing the game after the first `before` recorded games (all finished) starts from:
/// the standings after them, and the pile of each player.
///
/// `coins` holds the coin of each recorded game where the recorded tables tell it (`None`
/// where they fit either). A player who had the bye in the game just played holds the last
/// card, an odd position, and so joins the pile of that game's coin; where it is not known,
/// both piles are tried, the seeded coin's first.
fn setup(
    event: &Event,
    play: &CcgPlay,
    standings: &[Vec<RankedRow>],
    before: usize,
    coins: &[Option<Side>],
) -> Option<Setup> {
    let number = before as u32 + 1;
    let played = play.games.get(..before)?;
    let seed = event.info.seed;
    let quit: Vec<usize> = played
        .iter()
        .flat_map(|g| &g.tables)
        .filter_map(|t| match t.result {
            Some(CcgResult::Quit { quitter, .. }) => Some(quitter),
            _ => None,
        })
        .collect();
    let table_sides = |g: &crate::event::CcgRound| -> Vec<(usize, Side)> {
        g.tables
            .iter()
            .flat_map(|t| [(t.dark, Side::Dark), (t.light, Side::Light)])
            .collect()
    };
    let last_side: BTreeMap<usize, Side> = played
        .last()
        .map(|g| table_sides(g).into_iter().collect())
        .unwrap_or_default();
    let first_side: BTreeMap<usize, Side> = played.iter().rev().flat_map(table_sides).collect();
    // The game of each player's first bye, for a fixed-allegiance player who has no table yet.
    let first_bye: BTreeMap<usize, usize> = played
        .iter()
        .enumerate()
        .rev()
        .flat_map(|(i, g)| g.byes.iter().map(move |&p| (p, i)))
        .collect();
    let bye_sides: Vec<Side> = match before.checked_sub(1) {
        None => vec![Side::Dark],
        Some(i) => match coins.get(i).copied().flatten() {
            Some(coin) => vec![coin],
            None => {
                let seeded = swccg::pairing::coin(seed, i as u32 + 1);
                vec![seeded, seeded.opposite()]
            }
        },
    };
    let mut meetings: Vec<Vec<Meeting>> = vec![Vec::new(); event.players.len()];
    let mut had_bye = vec![false; event.players.len()];
    for g in played {
        for t in &g.tables {
            meetings[t.dark].push(Meeting {
                opponent: t.light,
                allegiance: Side::Dark,
            });
            meetings[t.light].push(Meeting {
                opponent: t.dark,
                allegiance: Side::Light,
            });
        }
        for &p in &g.byes {
            had_bye[p] = true;
        }
    }
    let fixed = fixed_sides(&event.info);
    let entrants: Vec<Entrant> = event
        .players
        .iter()
        .enumerate()
        .filter(|&(p, player)| player.is_active_in(number) && !quit.contains(&p))
        .map(|(p, player)| Entrant {
            player: p,
            // Set for each order of the standings and each pile of a bye, below.
            rank: 0,
            had_bye: had_bye[p],
            meetings: std::mem::take(&mut meetings[p]),
            allegiance: Side::Dark,
            organizer: player.organizer,
        })
        .collect();
    if entrants.len() < 2 {
        return None;
    }
    let rows = before
        .checked_sub(1)
        .and_then(|i| standings.get(i))
        .map_or(&[][..], |rows| &rows[..]);
    // The guide's piles are ordered by total score: each player's place among the scores. A
    // late entry, not in the standings yet, joins the bottom, level with the other late
    // entries, as `holonet pair` places them. The seeded order breaks the ties as the
    // standings do.
    let score = |p: usize| {
        rows.iter()
            .find(|r| r.player == p)
            .map(|r| (r.score.points, r.score.differential))
    };
    let mut scores: Vec<(u32, i32)> = entrants.iter().filter_map(|e| score(e.player)).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let level = |p: usize| {
        score(p)
            .and_then(|s| scores.iter().position(|&x| x == s))
            .unwrap_or(scores.len())
    };
    let seeded_rank = entrants
        .iter()
        .map(|e| {
            // A player not in the standings yet (a late entry) ranks below everyone.
            let rank = rows
                .iter()
                .position(|r| r.player == e.player)
                .unwrap_or(usize::MAX / 2 + e.player);
            (e.player, rank)
        })
        .collect();
    let mut lists = Vec::new();
    for bye_side in bye_sides {
        // The pile each player is in: the side of their table in the game just played (a
        // fixed-allegiance player: their first table), or the pile of the coin of their bye;
        // a late entry with no game yet joins the dark side pile.
        let side = |p: usize| -> Side {
            let table = if fixed {
                first_side.get(&p)
            } else {
                last_side.get(&p)
            };
            let bye_game = if fixed {
                first_bye.get(&p).copied()
            } else {
                played
                    .last()
                    .filter(|g| g.byes.contains(&p))
                    .map(|_| before - 1)
            };
            match (table, bye_game) {
                (Some(&s), _) => s,
                (None, Some(i)) if i + 1 < before => {
                    coins.get(i).copied().flatten().unwrap_or(bye_side)
                }
                (None, Some(_)) => bye_side,
                (None, None) => Side::Dark,
            }
        };
        let mut entrants = entrants.clone();
        for e in &mut entrants {
            e.allegiance = side(e.player);
            e.rank = level(e.player);
        }
        lists.push(entrants);
    }
    Some(Setup {
        number,
        entrants: lists,
        seeded_rank,
        coin: swccg::pairing::coin(seed, number),
        fixed,
        single_pile: secret_squirrel(&event.info) || !number.is_multiple_of(2),
    })
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

/// The guide's format for an event's `format` (team events play constructed).
pub fn guide_format(info: &EventInfo) -> swccg::formats::Format {
    match (info.format.as_str(), info.variant.as_deref()) {
        ("sealed", Some("epp-overdrive")) => swccg::formats::Format::EppOverdrive,
        ("sealed", Some("secret-squirrel")) => swccg::formats::Format::SecretSquirrel,
        ("sealed", _) => swccg::formats::Format::Sealed,
        ("draft", _) => swccg::formats::Format::BoosterDraft,
        ("cube", Some("secret-squirrel")) => swccg::formats::Format::CubeSecretSquirrel,
        ("cube", _) => swccg::formats::Format::Cube,
        _ => swccg::formats::Format::Constructed,
    }
}

/// The variants an event of `format` may name in `variant`.
pub fn variants(format: &str) -> &'static [&'static str] {
    match format {
        "sealed" => &["secret-squirrel", "epp-overdrive"],
        "cube" => &["secret-squirrel"],
        _ => &[],
    }
}

/// Cards per deck of sealed, draft and cube events that give no `deck_size` (EPP Overdrive
/// aside): the guide's usual size for them.
pub const LIMITED_DECK_SIZE: u32 = 40;

/// Cards per deck: the event's `deck_size`, else the format's: 60 in constructed (and team)
/// play, 30 in EPP Overdrive, and 40 in the other limited formats (the guide's usual size for
/// sealed, draft and Watto's Cube decks).
pub fn deck_size(info: &crate::event::EventInfo) -> u32 {
    info.deck_size.unwrap_or(match guide_format(info) {
        swccg::formats::Format::Constructed => super::ccg_decks::CONSTRUCTED_DECK_SIZE,
        swccg::formats::Format::EppOverdrive => 30,
        _ => LIMITED_DECK_SIZE,
    })
}

/// The game time of an event: its `round_minutes`, else the format's time for its deck size
/// (one minute per card).
pub fn game_minutes(info: &crate::event::EventInfo) -> u32 {
    info.round_minutes
        .unwrap_or_else(|| swccg::formats::game_minutes(guide_format(info), deck_size(info)))
}

/// The pods of a booster draft or Watto's Cube event for its player count, as text
/// ("4 + 6, with a dummy hand"); `None` for other formats or counts the guide does not list.
pub fn pods(info: &EventInfo, players: u32) -> Option<String> {
    match info.format.as_str() {
        "draft" => swccg::formats::draft_pods(players).map(|pods| {
            let sizes: Vec<String> = pods.iter().map(|(n, _)| n.to_string()).collect();
            let dummy = if pods.iter().any(|(_, d)| *d) {
                ", with a dummy hand"
            } else {
                ""
            };
            format!("{}{dummy}", sizes.join(" + "))
        }),
        "cube" => swccg::formats::cube_pods(players, secret_squirrel(info)).map(|pods| {
            pods.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        }),
        _ => None,
    }
}
