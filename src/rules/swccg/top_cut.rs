//! A SW:CCG top cut of two-game matches after the Swiss games, as the Players Committee runs
//! its major events (the Tournament Assistant's `MATCH_PLAY` mode, seeded from the Swiss): the
//! seeds meet in the bracket's usual order (a top 8: 1 v 8, 4 v 5, 2 v 7, 3 v 6; the winners
//! of neighbouring matches meet next), each match is two games with the sides swapped, and
//! [`pc_match_play::match_outcome`] says who wins it. The file records the games as played;
//! which match a game belongs to follows from its two players.

use super::pc_match_play::{MatchDecided, MatchGame, match_outcome};

/// One match of the bracket.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct CutMatch {
    /// The match's number on the bracket sheet, counted from the first round's top match (a
    /// top 8's first round 1 to 4, its semi-finals 5 and 6, its final 7): what `holonet
    /// report` takes for "table".
    pub(crate) number: u32,
    /// The match's place in its round, top of the bracket first (a top 8's first round has
    /// slots 0 to 3; the match of slots 2k and 2k + 1 goes on to slot k).
    pub(crate) slot: usize,
    /// The two players, the upper one first: the better seed in the first bracket round, the
    /// winner of the upper match after it. The upper one plays dark in game 1 unless the
    /// recorded game says otherwise.
    pub(crate) players: [usize; 2],
    /// The recorded games of this match: their positions among the top cut's games.
    pub(crate) games: Vec<usize>,
    /// The winner and what decided the match, once both games decide it.
    pub(crate) outcome: Option<(usize, MatchDecided)>,
}

impl CutMatch {
    fn new(size: u32, round: usize, slot: usize, players: [usize; 2]) -> CutMatch {
        // Each round has half the matches of the one before: a top 8's rounds start at 1, 5, 7.
        let before: u32 = (0..round).map(|r| size >> (r + 1)).sum();
        CutMatch {
            number: before + slot as u32 + 1,
            slot,
            players,
            games: Vec::new(),
            outcome: None,
        }
    }

    /// The sides `[dark, light]` of this match's next game, given its first game's sides
    /// where it has one: that game's sides swapped; else the upper player dark unless `dark`
    /// (one of the two) chooses the other.
    pub(crate) fn next_sides(
        &self,
        first_game: Option<[usize; 2]>,
        dark: Option<usize>,
    ) -> [usize; 2] {
        match first_game {
            Some([d, l]) => [l, d],
            None => {
                let [a, b] = self.players;
                if dark == Some(b) { [b, a] } else { [a, b] }
            }
        }
    }

    fn has(&self, a: usize, b: usize) -> bool {
        let mut mine = self.players;
        mine.sort_unstable();
        let mut theirs = [a, b];
        theirs.sort_unstable();
        mine == theirs
    }
}

/// Why a recorded game of the top cut does not fit the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum CutProblemKind {
    /// Its two players have no open match.
    NoMatch,
    /// A match's second game on the first game's sides.
    SameSides,
    /// The match's two games leave it level on games and differential, and the lost cards do
    /// not decide it (level, or not recorded for both games).
    Level,
}

impl CutProblemKind {
    pub(crate) fn message(self) -> &'static str {
        match self {
            CutProblemKind::NoMatch => "its two players have no match of the top cut to play",
            CutProblemKind::SameSides => {
                "the second game of a match is played with the other sides, and this one repeats the first game's"
            }
            CutProblemKind::Level => {
                "the match is level on games and differential, and its lost cards do not decide it"
            }
        }
    }
}

/// A recorded game of the top cut that does not fit the bracket: its position, and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct CutProblem {
    pub(crate) game: usize,
    pub(crate) kind: CutProblemKind,
}

/// The bracket as the recorded games leave it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Bracket {
    /// The bracket rounds known so far, first round first: a round's match appears once both
    /// matches that feed it are decided.
    pub(crate) rounds: Vec<Vec<CutMatch>>,
    /// How many bracket rounds the cut has (3 for a top 8).
    pub(crate) round_count: usize,
    pub(crate) problems: Vec<CutProblem>,
}

impl Bracket {
    /// The final placings of the cut's players once the final is decided: the final's
    /// winner, its loser, then the others by the round they went out in, a later round
    /// placing higher, sharing the place of that round (3rd for the semi-finals, 5th for the
    /// quarter-finals), better seeds first.
    pub(crate) fn placings(&self, seeds: &[usize]) -> Option<Vec<(u32, usize)>> {
        let last = self.rounds.get(self.round_count.checked_sub(1)?)?;
        let [only] = &last[..] else { return None };
        let (champion, _) = only.outcome?;
        let mut placings = vec![(1, champion)];
        for round in (0..self.round_count).rev() {
            let place = (1u32 << (self.round_count - 1 - round)) + 1;
            let mut out: Vec<usize> = self.rounds[round]
                .iter()
                .filter_map(|m| {
                    let (winner, _) = m.outcome?;
                    Some(if m.players[0] == winner {
                        m.players[1]
                    } else {
                        m.players[0]
                    })
                })
                .collect();
            out.sort_by_key(|p| seeds.iter().position(|s| s == p));
            placings.extend(out.into_iter().map(|p| (place, p)));
        }
        Some(placings)
    }

    /// The matches waiting for a game, in the order of their numbers.
    pub(crate) fn open_matches(&self) -> impl Iterator<Item = &CutMatch> {
        self.rounds
            .iter()
            .flatten()
            .filter(|m| m.outcome.is_none() && m.games.len() < 2)
    }

    /// The match numbered `number`, where it is known.
    pub(crate) fn numbered(&self, number: u32) -> Option<&CutMatch> {
        self.rounds.iter().flatten().find(|m| m.number == number)
    }
}

/// The order of the seeds in the bracket's first round (1-based), upper seed of each match
/// first: each seed `s` of the half-size bracket's order meets `size + 1 - s`, so the top two
/// seeds can meet only in the final.
pub(crate) fn first_round(size: u32) -> Vec<[u32; 2]> {
    let mut order = vec![1u32];
    let mut n = 1;
    while n < size {
        n *= 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order.chunks(2).map(|pair| [pair[0], pair[1]]).collect()
}

/// The bracket of `seeds` (first seed first, a power of two of at least 4) after `games`, the
/// top cut's games in the order played. A game belongs to the open match of its two players; a
/// game between players who have no open match, or a match's second game on the same sides
/// as its first, is a problem, and so is a match level on games, differential and lost cards.
pub(crate) fn bracket(seeds: &[usize], games: &[MatchGame]) -> Bracket {
    let size = seeds.len() as u32;
    let round_count = size.trailing_zeros() as usize;
    let mut bracket = Bracket {
        rounds: vec![
            first_round(size)
                .into_iter()
                .enumerate()
                .map(|(slot, [a, b])| {
                    CutMatch::new(
                        size,
                        0,
                        slot,
                        [seeds[a as usize - 1], seeds[b as usize - 1]],
                    )
                })
                .collect(),
        ],
        round_count,
        problems: Vec::new(),
    };
    for (i, game) in games.iter().enumerate() {
        let [dark, light] = game.players;
        let found = bracket.rounds.iter().enumerate().find_map(|(r, round)| {
            round
                .iter()
                .position(|m| m.has(dark, light) && m.outcome.is_none() && m.games.len() < 2)
                .map(|m| (r, m))
        });
        let Some((r, m)) = found else {
            bracket.problems.push(CutProblem {
                game: i,
                kind: CutProblemKind::NoMatch,
            });
            continue;
        };
        let cut_match = &mut bracket.rounds[r][m];
        if let Some(&first) = cut_match.games.first()
            && games[first].players[0] == dark
        {
            bracket.problems.push(CutProblem {
                game: i,
                kind: CutProblemKind::SameSides,
            });
            continue;
        }
        cut_match.games.push(i);
        if let [first, second] = cut_match.games[..] {
            if games[first].result.is_none() || games[second].result.is_none() {
                continue;
            }
            cut_match.outcome = match_outcome(games[first], games[second]);
            if cut_match.outcome.is_none() {
                bracket.problems.push(CutProblem {
                    game: i,
                    kind: CutProblemKind::Level,
                });
                continue;
            }
            let slot = bracket.rounds[r][m].slot;
            advance(&mut bracket, r, slot);
        }
    }
    bracket
}

/// Once the match in `slot` of round `r` is decided, seats the next round's match when its
/// neighbour is decided too.
fn advance(bracket: &mut Bracket, r: usize, slot: usize) {
    if r + 1 >= bracket.round_count {
        return;
    }
    let upper = slot - slot % 2;
    let winner = |s: usize| {
        bracket.rounds[r]
            .iter()
            .find(|m| m.slot == s)
            .and_then(|m| m.outcome.map(|(w, _)| w))
    };
    let (Some(a), Some(b)) = (winner(upper), winner(upper + 1)) else {
        return;
    };
    if bracket.rounds.len() == r + 1 {
        bracket.rounds.push(Vec::new());
    }
    let size = 1u32 << bracket.round_count;
    let next = &mut bracket.rounds[r + 1];
    next.push(CutMatch::new(size, r + 1, upper / 2, [a, b]));
    next.sort_by_key(|m| m.slot);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(dark: usize, light: usize, winner: usize, by: u32) -> MatchGame {
        MatchGame {
            players: [dark, light],
            result: Some((winner, by)),
            lost_cards: None,
        }
    }

    /// The Tournament Assistant's top 8: matches A (1 v 8), B (4 v 5), C (2 v 7), D (3 v 6);
    /// E the winners of A and B, F of C and D; G the final.
    #[test]
    fn seeds_meet_in_the_bracket_order() {
        assert_eq!(first_round(8), vec![[1, 8], [4, 5], [2, 7], [3, 6]]);
        assert_eq!(first_round(4), vec![[1, 4], [2, 3]]);
        assert_eq!(
            first_round(16),
            vec![
                [1, 16],
                [8, 9],
                [4, 13],
                [5, 12],
                [2, 15],
                [7, 10],
                [3, 14],
                [6, 11]
            ]
        );
    }

    /// A top 4 played out: the semi-finals in any order of games, the final once both are
    /// decided, places 1, 2, then 3 shared by the semi-finals' losers, better seed first.
    #[test]
    fn a_top_four_places_by_its_final_and_the_round_each_went_out_in() {
        // Seeds: player 10 first, 11, 12, 13.
        let seeds = [10, 11, 12, 13];
        let games = [
            game(10, 13, 10, 5), // 1 v 4, game 1
            game(11, 12, 12, 4), // 2 v 3, game 1
            game(12, 11, 12, 9), // 2 v 3, game 2: 3 wins both
            game(13, 10, 13, 2), // 1 v 4, game 2: one each, 10 by +3
            game(10, 12, 12, 3), // final game 1
            game(12, 10, 10, 8), // final game 2: 10 by +5
        ];
        let b = bracket(&seeds, &games);
        assert!(b.problems.is_empty(), "{:?}", b.problems);
        assert_eq!(b.rounds.len(), 2);
        assert_eq!(b.rounds[1][0].players, [10, 12]);
        assert_eq!(
            b.rounds
                .iter()
                .flatten()
                .map(|m| m.number)
                .collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert_eq!(b.rounds[0][1].outcome, Some((12, MatchDecided::BothGames)));
        assert_eq!(
            b.placings(&seeds),
            Some(vec![(1, 10), (2, 12), (3, 11), (3, 13)])
        );
        // Before the final's second game nothing is placed.
        let partial = bracket(&seeds, &games[..5]);
        assert_eq!(partial.placings(&seeds), None);
        assert_eq!(partial.open_matches().count(), 1);
    }

    /// A game between players who have no match to play, and a second game on the first's
    /// sides, are problems at those games; the rest of the bracket reads on.
    #[test]
    fn games_outside_the_bracket_are_problems() {
        let seeds = [0, 1, 2, 3];
        let b = bracket(
            &seeds,
            &[game(0, 1, 0, 5), game(0, 3, 0, 5), game(0, 3, 0, 5)],
        );
        assert_eq!(
            b.problems.iter().map(|p| p.game).collect::<Vec<_>>(),
            vec![0, 2]
        );
        assert_eq!(b.rounds[0][0].games, vec![1]);
    }
}
