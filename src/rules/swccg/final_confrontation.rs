//! The SW:CCG Final Confrontation: the finalists (the top two, or the top Dark and Light
//! players of a sealed event) and who wins the event from the final's games and the guide's
//! tiebreakers.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use super::scoring::Score;
use crate::event::Side;
use crate::rules::random::Stream;

/// The finalists of a sealed (or cube) event, from the standings with each player's fixed
/// allegiance, best first: the top Dark player against the top Light player, returned as
/// `[dark, light]`; in Secret Squirrel the top two players, in standings order. `None` when
/// there are not two finalists.
pub(crate) fn sealed_finalists(
    standings: &[(usize, Side)],
    secret_squirrel: bool,
) -> Option<[usize; 2]> {
    if secret_squirrel {
        let mut seen = BTreeSet::new();
        let mut top = standings.iter().map(|s| s.0).filter(|p| seen.insert(*p));
        return Some([top.next()?, top.next()?]);
    }
    let first = |side| standings.iter().find(|s| s.1 == side).map(|s| s.0);
    let dark = first(Side::Dark)?;
    let light = first(Side::Light)?;
    (dark != light).then_some([dark, light])
}

/// One finalist's record for [`final_confrontation`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finalist {
    pub(crate) player: usize,
    /// This player's score in each game of the Final Confrontation, in order (two in
    /// constructed, one in sealed).
    pub(crate) final_games: Vec<Score>,
    /// The highest differential of a game this player won in the regular games of the event
    /// (`None` if they won none); the final's own wins are added by the function.
    pub(crate) best_win_differential: Option<i32>,
}

/// What decided a Final Confrontation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FinalReason {
    /// More games of the final won.
    Games,
    /// Games split: more victory points in the final (a full win beats a modified win).
    VictoryPoints,
    /// Games split, points equal: the higher total differential in the final.
    Differential,
    /// Still level: the highest single-game differential of a win within this tournament.
    HighestWinDifferential,
    /// Still level: a coin drawn by Holonet from the event's seed (no coin recorded).
    Random,
    /// Still level: the coin tossed at the venue, as the event file records it.
    VenueCoin,
    /// The second seed waived the Final Confrontation: the higher seed wins the event.
    Waived,
}

/// The winner of the event decided by a Final Confrontation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct FinalOutcome {
    pub(crate) winner: usize,
    pub(crate) reason: FinalReason,
}

/// The winner of a Final Confrontation from the recorded final games. The player who won more
/// games wins. Reading of "In the event that the Final Confrontation is a tie": the games are
/// split (one each), or were not all recorded as wins; then, in the guide's order: 1) the higher
/// total of victory points of the final, 2) the higher total differential of the final, 3) the
/// highest single-game differential of a win within the tournament (final included), 4) the
/// coin tossed at the venue (`coin`, the finalist who won it, where recorded), else a seeded
/// coin (stream `label`; heads for `higher`). A sealed final is one game and never
/// reaches the tiebreakers once its true tie (if any) was scored. Games are compared by
/// position; a game recorded for one finalist only counts for that one.
pub(crate) fn final_confrontation(
    higher: &Finalist,
    lower: &Finalist,
    coin: Option<usize>,
    seed: u64,
    label: &str,
) -> FinalOutcome {
    let games = |a: &Finalist, b: &Finalist| -> usize {
        a.final_games
            .iter()
            .enumerate()
            .filter(|(i, s)| s.points > b.final_games.get(*i).map_or(0, |o| o.points))
            .count()
    };
    let total = |a: &Finalist| -> Score { a.final_games.iter().copied().sum() };
    let best = |a: &Finalist, b: &Finalist| -> Option<i32> {
        let final_wins = a
            .final_games
            .iter()
            .enumerate()
            .filter(|(i, s)| s.points > b.final_games.get(*i).map_or(0, |o| o.points))
            .map(|(_, s)| s.differential);
        final_wins.chain(a.best_win_differential).max()
    };
    let steps = [
        (
            games(higher, lower).cmp(&games(lower, higher)),
            FinalReason::Games,
        ),
        (
            total(higher).points.cmp(&total(lower).points),
            FinalReason::VictoryPoints,
        ),
        (
            total(higher).differential.cmp(&total(lower).differential),
            FinalReason::Differential,
        ),
        (
            best(higher, lower).cmp(&best(lower, higher)),
            FinalReason::HighestWinDifferential,
        ),
    ];
    for (order, reason) in steps {
        match order {
            Ordering::Greater => {
                return FinalOutcome {
                    winner: higher.player,
                    reason,
                };
            }
            Ordering::Less => {
                return FinalOutcome {
                    winner: lower.player,
                    reason,
                };
            }
            Ordering::Equal => {}
        }
    }
    if let Some(winner) = coin.filter(|&c| c == higher.player || c == lower.player) {
        return FinalOutcome {
            winner,
            reason: FinalReason::VenueCoin,
        };
    }
    let heads = Stream::new(seed, label).below(2) == 0;
    FinalOutcome {
        winner: if heads { higher.player } else { lower.player },
        reason: FinalReason::Random,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finalist(player: usize, games: &[Score], best: Option<i32>) -> Finalist {
        Finalist {
            player,
            final_games: games.to_vec(),
            best_win_differential: best,
        }
    }

    #[test]
    fn final_confrontation_allegiances_and_finalists() {
        use Side::{Dark, Light};
        let standings = [(5, Dark), (3, Dark), (8, Light), (1, Light)];
        assert_eq!(sealed_finalists(&standings, false), Some([5, 8]));
        assert_eq!(sealed_finalists(&standings, true), Some([5, 3]));
        assert_eq!(sealed_finalists(&standings[..2], false), None);
        assert_eq!(sealed_finalists(&standings[..1], true), None);
    }

    #[test]
    fn final_confrontation_tiebreakers() {
        let w = |d| Score::new(2, d);
        let l = |d: i32| Score::new(0, -d);
        // Two games won.
        let a = finalist(1, &[w(5), w(3)], None);
        let b = finalist(2, &[l(5), l(3)], Some(40));
        assert_eq!(
            final_confrontation(&a, &b, None, 0, "f"),
            FinalOutcome {
                winner: 1,
                reason: FinalReason::Games
            }
        );
        // Split: a full win beats a modified win on points.
        let a = finalist(1, &[w(5), l(20)], None);
        let b = finalist(2, &[l(5), Score::new(1, 20)], None);
        assert_eq!(
            final_confrontation(&a, &b, None, 0, "f"),
            FinalOutcome {
                winner: 1,
                reason: FinalReason::VictoryPoints
            }
        );
        // Split, equal points: total differential.
        let a = finalist(1, &[w(5), l(20)], None);
        let b = finalist(2, &[l(5), w(20)], None);
        assert_eq!(
            final_confrontation(&a, &b, None, 0, "f"),
            FinalOutcome {
                winner: 2,
                reason: FinalReason::Differential
            }
        );
        // Split, equal points and differential: highest win differential of the tournament.
        let a = finalist(1, &[w(10), l(10)], Some(31));
        let b = finalist(2, &[l(10), w(10)], Some(30));
        assert_eq!(
            final_confrontation(&a, &b, None, 0, "f"),
            FinalOutcome {
                winner: 1,
                reason: FinalReason::HighestWinDifferential
            }
        );
        // The final's own wins count: a's regular best of 8 is below the +10 of the final
        // win, which equals b's, so the tie goes on to the coin.
        let a = finalist(1, &[w(10), l(10)], Some(8));
        let b = finalist(2, &[l(10), w(10)], None);
        assert_eq!(
            final_confrontation(&a, &b, None, 0, "f").reason,
            FinalReason::Random
        );
        // Everything level: a seeded coin, either way depending on the seed.
        let a = finalist(1, &[w(10), l(10)], Some(12));
        let b = finalist(2, &[l(10), w(10)], Some(12));
        let outcome = final_confrontation(&a, &b, None, 4, "final confrontation");
        assert_eq!(outcome.reason, FinalReason::Random);
        assert_eq!(
            outcome,
            final_confrontation(&a, &b, None, 4, "final confrontation")
        );
        let winners: BTreeSet<usize> = (0..30)
            .map(|s| final_confrontation(&a, &b, None, s, "f").winner)
            .collect();
        assert_eq!(winners.len(), 2);
        // Everything level and the coin tossed at the venue recorded: it decides, whatever
        // the seed.
        for seed in 0..10 {
            assert_eq!(
                final_confrontation(&a, &b, Some(2), seed, "f"),
                FinalOutcome {
                    winner: 2,
                    reason: FinalReason::VenueCoin
                }
            );
        }
        // Sealed: one game.
        let a = finalist(1, &[l(3)], Some(50));
        let b = finalist(2, &[Score::new(1, 3)], None);
        assert_eq!(
            final_confrontation(&a, &b, None, 0, "f"),
            FinalOutcome {
                winner: 2,
                reason: FinalReason::Games
            }
        );
    }
}
