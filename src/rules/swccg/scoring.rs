//! SW:CCG scoring: a game's victory points and differential (`2(+15)`), how each way a game can
//! end is scored, and the deck-check penalties. Everything the guide counts is a [`Score`], so
//! the standings, the pairing order and the Final Confrontation all start here.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign};

use super::Seat;
use crate::event::Side;
use crate::rules::random::Stream;

/// The largest differential one game can give: "A player cannot win (or lose) by more than a
/// 59 differential."
pub(crate) const MAX_DIFFERENTIAL: i32 = 59;

/// A score: victory points and differential, written `2(+15)`. Ordered as the standings order
/// them: points first, then differential.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
pub(crate) struct Score {
    pub(crate) points: u32,
    pub(crate) differential: i32,
}

impl Score {
    pub(crate) const ZERO: Score = Score {
        points: 0,
        differential: 0,
    };

    pub(crate) const fn new(points: u32, differential: i32) -> Score {
        Score {
            points,
            differential,
        }
    }
}

/// The score of a bye: "2 victory points with 0 differential, or 2(+0)".
pub(crate) const BYE: Score = Score::new(2, 0);

impl fmt::Display for Score {
    /// `2(+15)`, `0(-6)`, `2(+0)`: the guide always writes the sign, and zero as `+0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.differential < 0 {
            write!(f, "{}({})", self.points, self.differential)
        } else {
            write!(f, "{}(+{})", self.points, self.differential)
        }
    }
}

impl Add for Score {
    type Output = Score;
    /// Cumulative scores add points and differential (saturating, so odd input cannot panic).
    fn add(self, other: Score) -> Score {
        Score {
            points: self.points.saturating_add(other.points),
            differential: self.differential.saturating_add(other.differential),
        }
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |a, b| a + b)
    }
}

/// A differential as recorded, capped at [`MAX_DIFFERENTIAL`].
fn capped(cards: u32) -> i32 {
    i32::try_from(cards.min(MAX_DIFFERENTIAL as u32)).unwrap_or(MAX_DIFFERENTIAL)
}

/// How a game ended, as recorded. A bye is not a game result: it has no second seat; it scores
/// [`BYE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GameResult {
    /// The loser's Life Force was depleted (also after time was called): a full win, 2 points;
    /// the differential is the winner's remaining Life Force, capped at 59; the loser gets 0
    /// and the negative.
    Win { winner: Seat, life_force: u32 },
    /// Time was called and the winner had more Life Force left: a modified win, 1 point; the
    /// loser 0; differential as for a full win ("equal to the number of cards left in the
    /// winner's Life Force").
    Modified { winner: Seat, life_force: u32 },
    /// Time was called with equal Life Force. Indexed `[dark, light]`: fewer cards in the lost
    /// pile wins, then fewer in hand, then a coin: the one tossed at the venue (`coin`, the seat
    /// that won it) where recorded, else a seeded one. Scored 1(+1) and 0(-1).
    TrueTie {
        lost_pile: [u32; 2],
        hand: [u32; 2],
        coin: Option<Seat>,
    },
    /// A player quit after pairing or during the game: a full loss for the quitter, with the
    /// differential the director judged reasonable (capped at 59). The quitter takes no further
    /// part in the event.
    Quit { quitter: Seat, differential: u32 },
}

/// What kind of result a game was, for the pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ResultKind {
    FullWin,
    ModifiedWin,
    TrueTie,
    Quit,
}

/// What decided a true tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum TrueTieDecider {
    LostPile,
    Hand,
    /// The coin tossed at the venue, as the event file records it.
    VenueCoin,
    /// No coin recorded: drawn by Holonet from the event's seed.
    Random,
}

/// What the counts of a true tie decide, indexed `[dark, light]`: the seat with fewer cards in
/// the lost pile, else with fewer cards in hand. `None` when both are level, the only case the
/// guide leaves to "a coin toss or other random method".
pub(crate) fn true_tie_counts(
    lost_pile: [u32; 2],
    hand: [u32; 2],
) -> Option<(Seat, TrueTieDecider)> {
    match (lost_pile[0].cmp(&lost_pile[1]), hand[0].cmp(&hand[1])) {
        (Ordering::Less, _) => Some((Side::Dark, TrueTieDecider::LostPile)),
        (Ordering::Greater, _) => Some((Side::Light, TrueTieDecider::LostPile)),
        (Ordering::Equal, Ordering::Less) => Some((Side::Dark, TrueTieDecider::Hand)),
        (Ordering::Equal, Ordering::Greater) => Some((Side::Light, TrueTieDecider::Hand)),
        (Ordering::Equal, Ordering::Equal) => None,
    }
}

/// A scored game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScoredGame {
    /// Indexed `[dark, light]`.
    pub(crate) scores: [Score; 2],
    pub(crate) winner: Seat,
    pub(crate) kind: ResultKind,
    /// For a true tie, what decided it.
    pub(crate) true_tie: Option<TrueTieDecider>,
    /// A quitter must not play in the rest of the event.
    leaves_event: Option<Seat>,
}

fn seat(index: usize) -> Seat {
    if index == 0 { Side::Dark } else { Side::Light }
}

fn scores_for(winner: Seat, win: Score) -> [Score; 2] {
    let loss = Score::new(0, -win.differential);
    let mut scores = [loss; 2];
    scores[winner.index()] = win;
    scores
}

/// Scores one game. `seed` and `label` select the coin of a true tie that neither the lost
/// piles nor the hands decide and whose venue coin is not recorded (the label should name the
/// game and table, so that each tie gets its own coin); other results ignore them. A recorded
/// coin counts only where the counts are level: the counts decide first, as the guide orders.
pub(crate) fn score_game(result: &GameResult, seed: u64, label: &str) -> ScoredGame {
    match *result {
        GameResult::Win { winner, life_force } => ScoredGame {
            scores: scores_for(winner, Score::new(2, capped(life_force))),
            winner,
            kind: ResultKind::FullWin,
            true_tie: None,
            leaves_event: None,
        },
        GameResult::Modified { winner, life_force } => ScoredGame {
            scores: scores_for(winner, Score::new(1, capped(life_force))),
            winner,
            kind: ResultKind::ModifiedWin,
            true_tie: None,
            leaves_event: None,
        },
        GameResult::TrueTie {
            lost_pile,
            hand,
            coin,
        } => {
            let (winner, decider) = match (true_tie_counts(lost_pile, hand), coin) {
                (Some(decided), _) => decided,
                (None, Some(venue)) => (venue, TrueTieDecider::VenueCoin),
                (None, None) => (
                    seat(Stream::new(seed, label).below(2) as usize),
                    TrueTieDecider::Random,
                ),
            };
            ScoredGame {
                scores: scores_for(winner, Score::new(1, 1)),
                winner,
                kind: ResultKind::TrueTie,
                true_tie: Some(decider),
                leaves_event: None,
            }
        }
        GameResult::Quit {
            quitter,
            differential,
        } => {
            let winner = quitter.opposite();
            ScoredGame {
                scores: scores_for(winner, Score::new(2, capped(differential))),
                winner,
                kind: ResultKind::Quit,
                true_tie: None,
                leaves_event: Some(quitter),
            }
        }
    }
}

/// The differential of a major deck-check violation: "a –30 differential for that player and a
/// +30 differential for their opponent".
const DECK_VIOLATION_DIFFERENTIAL: i32 = 30;

/// A major deck-list violation, applied to the prior game's scores (the offender's and the
/// opponent's): "results in a full loss for the prior game (and a full win for the opponent).
/// If the player whose deck is in violation lost the prior game by 30 or more differential,
/// that game's result stands, otherwise score a –30 differential for that player and a +30
/// differential for their opponent."
///
/// Reading: "lost by 30 or more" means the offender scored no victory points and a
/// differential of -30 or less; then both scores stand as recorded (a modified loss by 30 stays
/// a modified loss). Every other result, wins included, becomes 0(-30) and 2(+30).
pub(crate) fn major_deck_violation(offender: Score, opponent: Score) -> (Score, Score) {
    if offender.points == 0 && offender.differential <= -DECK_VIOLATION_DIFFERENTIAL {
        (offender, opponent)
    } else {
        (
            Score::new(0, -DECK_VIOLATION_DIFFERENTIAL),
            Score::new(2, DECK_VIOLATION_DIFFERENTIAL),
        )
    }
}

/// The deck-check failures that disqualify a player: "The penalty for a second violation is
/// tournament disqualification."
pub(crate) const DECK_CHECK_FAILURES_TO_DISQUALIFY: u32 = 2;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn display_writes_the_sign() {
        assert_eq!(Score::new(2, 15).to_string(), "2(+15)");
        assert_eq!(Score::new(0, -6).to_string(), "0(-6)");
        assert_eq!(BYE.to_string(), "2(+0)");
    }

    // Worked example 18.
    #[test]
    fn full_win_differential_and_cap() {
        let game = score_game(
            &GameResult::Win {
                winner: Side::Light,
                life_force: 15,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(0, -15), Score::new(2, 15)]);
        assert_eq!(game.winner, Side::Light);
        assert_eq!(game.kind, ResultKind::FullWin);
        let game = score_game(
            &GameResult::Win {
                winner: Side::Dark,
                life_force: 75,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(2, 59), Score::new(0, -59)]);
    }

    // Worked example 19.
    #[test]
    fn cumulative_score() {
        assert_eq!(Score::new(2, 10) + Score::new(0, -6), Score::new(2, 4));
        let total: Score = [Score::new(2, 10), Score::new(0, -6), BYE]
            .into_iter()
            .sum();
        assert_eq!(total.to_string(), "4(+4)");
    }

    // Worked example 20.
    #[test]
    fn modified_win_and_true_ties() {
        let game = score_game(
            &GameResult::Modified {
                winner: Side::Dark,
                life_force: 7,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(1, 7), Score::new(0, -7)]);
        assert_eq!(game.kind, ResultKind::ModifiedWin);

        let lost = score_game(
            &GameResult::TrueTie {
                lost_pile: [12, 9],
                hand: [0, 8],
                coin: None,
            },
            0,
            "x",
        );
        assert_eq!(lost.winner, Side::Light);
        assert_eq!(lost.true_tie, Some(TrueTieDecider::LostPile));
        assert_eq!(lost.scores, [Score::new(0, -1), Score::new(1, 1)]);

        let hand = score_game(
            &GameResult::TrueTie {
                lost_pile: [9, 9],
                hand: [3, 8],
                coin: None,
            },
            0,
            "x",
        );
        assert_eq!(hand.winner, Side::Dark);
        assert_eq!(hand.true_tie, Some(TrueTieDecider::Hand));
        assert_eq!(hand.scores, [Score::new(1, 1), Score::new(0, -1)]);

        let tie = GameResult::TrueTie {
            lost_pile: [9, 9],
            hand: [3, 3],
            coin: None,
        };
        let a = score_game(&tie, 5, "game 2 table 1 true tie");
        assert_eq!(a, score_game(&tie, 5, "game 2 table 1 true tie"));
        assert_eq!(a.true_tie, Some(TrueTieDecider::Random));
        let winners: BTreeSet<Seat> = (0..40).map(|s| score_game(&tie, s, "t").winner).collect();
        assert_eq!(winners.len(), 2, "the coin can fall either way");
    }

    // "3) Winner determined randomly. (Coin toss or other random method)": only when the lost
    // piles and the hands are level, and then the coin tossed at the venue, where recorded.
    #[test]
    fn true_tie_level_on_piles_and_hands_records_the_venue_coin() {
        for seed in 0..20 {
            let game = score_game(
                &GameResult::TrueTie {
                    lost_pile: [9, 9],
                    hand: [3, 3],
                    coin: Some(Side::Light),
                },
                seed,
                "t",
            );
            assert_eq!(game.winner, Side::Light);
            assert_eq!(game.true_tie, Some(TrueTieDecider::VenueCoin));
            assert_eq!(game.scores, [Score::new(0, -1), Score::new(1, 1)]);
        }
        assert_eq!(true_tie_counts([9, 9], [3, 3]), None);
        assert_eq!(
            true_tie_counts([9, 12], [5, 0]),
            Some((Side::Dark, TrueTieDecider::LostPile))
        );
        assert_eq!(
            true_tie_counts([9, 9], [5, 0]),
            Some((Side::Light, TrueTieDecider::Hand))
        );
    }

    #[test]
    fn quit_is_a_full_loss_and_ends_the_event() {
        let game = score_game(
            &GameResult::Quit {
                quitter: Side::Dark,
                differential: 100,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(0, -59), Score::new(2, 59)]);
        assert_eq!(game.leaves_event, Some(Side::Dark));
        assert_eq!(game.kind, ResultKind::Quit);
    }

    // Worked example 21.
    #[test]
    fn major_deck_violation_penalty() {
        // Offender won: becomes a full loss by 30.
        assert_eq!(
            major_deck_violation(Score::new(2, 12), Score::new(0, -12)),
            (Score::new(0, -30), Score::new(2, 30))
        );
        // Offender lost by less than 30: -30 / +30.
        assert_eq!(
            major_deck_violation(Score::new(0, -10), Score::new(2, 10)),
            (Score::new(0, -30), Score::new(2, 30))
        );
        // Lost by exactly 30 or more: the result stands.
        assert_eq!(
            major_deck_violation(Score::new(0, -30), Score::new(2, 30)),
            (Score::new(0, -30), Score::new(2, 30))
        );
        assert_eq!(
            major_deck_violation(Score::new(0, -41), Score::new(2, 41)),
            (Score::new(0, -41), Score::new(2, 41))
        );
    }
}
