//! Each recorded game of a SW:CCG event judged against the guide's pairing procedure, replayed
//! from the games before it with every outcome of its random steps (the first game's shuffle,
//! the coin, the order in a pile of players level on total score): why each table was paired
//! as it was, the coin where the tables tell it, and the seeded pairing `holonet pair` writes.
//!
//! Scoring and standings are [`super::ccg_event`]'s; this module only pairs again and compares,
//! and what it gives ([`TableReason`], [`Replay`]) is what the event's computed facts carry and
//! the pairing audit ([`super::audit`]) reads.

use std::collections::BTreeMap;

use super::ccg_format::{fixed_sides, secret_squirrel};
use super::swccg;
use super::swccg::pairing::{ByeReason, Entrant, Meeting, PairReason, Paired, Table};
use super::swccg::standings::RankedRow;
use crate::event::Side;
use crate::event::{CcgPlay, CcgResult, CcgRound, Event};

/// A recorded game paired again from the games before it.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Replay {
    /// The seeded pairing: what `holonet pair` writes.
    pub(crate) seeded: Paired,
    /// The recorded byes the outcome judged ([`TableReason`]) does not give: the byes that break
    /// the guide's pairing (any one bye of the first game's shuffle is given).
    pub(crate) broken_byes: Vec<usize>,
    /// The recorded byes the outcome judged does not give, where the search was stopped by its
    /// bound before deciding whether another outcome gives them ([`TableReason::Undecided`]):
    /// not called breaks.
    #[serde(default)]
    pub(crate) undecided_byes: Vec<usize>,
}

/// Why a recorded table was paired as it was.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableReason {
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
    /// `swccg-pc-sos`: no draw of the Tournament Assistant's pairing gives this table
    /// ([`super::pc_sos_replay`]); `player` is the one it concerns.
    NotTheAssistant { player: usize, why: AssistantBreak },
    /// `swccg-pc-sos`: outside the pairs of scores the piles give, in a game where the software
    /// had repeats to avoid by moves Holonet does not replay for every draw. Not called a break.
    AssistantUndecided,
}

/// What of the Tournament Assistant's pairing a recorded table breaks.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AssistantBreak {
    /// A round's second game: the player plays the allegiance of the game before.
    Allegiance,
    /// Scores the piles do not pair in a game with no repeat to avoid.
    Pairing,
    /// A round's first game: a repeat of opponents and allegiances the software swaps.
    Repeat,
}

/// Judges the recorded tables and byes of game `g` against every outcome of the guide's random
/// steps (`setup`): the coin of the game where the tables tell it, each table's reason, and the
/// replay (the seeded pairing, and the recorded byes no outcome gives beside the rest).
///
/// The first game is a shuffle, which gives any tables with either coin, and any one bye, but a
/// playing tournament director's bye. A later game is judged against the outcome that gives the
/// most recorded tables and byes ([`swccg::outcomes::best`], exact), the seeded coin and pile
/// first among equals; the coin is told when no outcome with the other coin gives as many.
pub(super) fn judge(
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
pub(super) fn seeded(setup: &Setup, seed: u64) -> (Side, Paired) {
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

/// What the games played so far hold for pairing the next: who quit (they are paired no
/// more), every player's games (opponent and allegiance), and each player's byes.
pub(super) struct History {
    pub(super) quit: Vec<usize>,
    pub(super) meetings: Vec<Vec<Meeting>>,
    pub(super) byes: Vec<u32>,
}

impl History {
    pub(super) fn of(event: &Event, played: &[CcgRound]) -> History {
        let quit = played
            .iter()
            .flat_map(|g| &g.tables)
            .filter_map(|t| match t.result {
                Some(CcgResult::Quit { quitter, .. }) => Some(quitter),
                _ => None,
            })
            .collect();
        let mut meetings: Vec<Vec<Meeting>> = vec![Vec::new(); event.players.len()];
        let mut byes = vec![0u32; event.players.len()];
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
                byes[p] += 1;
            }
        }
        History {
            quit,
            meetings,
            byes,
        }
    }
}

/// What pairing game `number` starts from.
pub(super) struct Setup {
    pub(super) number: u32,
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
pub(super) fn setup(
    event: &Event,
    play: &CcgPlay,
    standings: &[Vec<RankedRow>],
    before: usize,
    coins: &[Option<Side>],
) -> Option<Setup> {
    let number = before as u32 + 1;
    let played = play.games.get(..before)?;
    let seed = event.info.seed;
    let History {
        quit,
        mut meetings,
        byes,
    } = History::of(event, played);
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
            had_bye: byes[p] > 0,
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
