//! Tiebreakers, in exact arithmetic.
//!
//! Conventions (documented on the ffg-2018 reference page): a bye is not an opponent; an
//! opponent's points and rounds played include its byes and unpaired losses; an opponent met
//! twice counts twice; a player with no opponents has a strength of schedule of zero.

use super::ratio::Ratio;

/// Totals through some round, indexed by player: what the tiebreakers are computed from.
#[derive(Debug, Clone, Default)]
pub(crate) struct Ledger {
    pub(crate) points: Vec<u32>,
    pub(crate) rounds_played: Vec<u32>,
    /// Opponents met, one entry per match (byes excluded).
    pub(crate) opponents: Vec<Vec<usize>>,
}

/// Strength of schedule (2018 regulations): for each opponent, its points divided by the rounds
/// it played; summed, then divided by the number of opponents.
pub(crate) fn strength_of_schedule(ledger: &Ledger) -> Vec<Ratio> {
    ledger
        .opponents
        .iter()
        .map(|opponents| {
            let total = opponents.iter().fold(Ratio::ZERO, |sum, &o| {
                sum + Ratio::new(
                    u128::from(ledger.points[o]),
                    u128::from(ledger.rounds_played[o]),
                )
            });
            total.div_int(opponents.len() as u128)
        })
        .collect()
}

/// Extended strength of schedule (2018 regulations): the opponents' strengths of schedule,
/// summed, divided by the number of opponents.
pub(crate) fn extended_strength_of_schedule(ledger: &Ledger, sos: &[Ratio]) -> Vec<Ratio> {
    ledger
        .opponents
        .iter()
        .map(|opponents| {
            let total = opponents.iter().fold(Ratio::ZERO, |sum, &o| sum + sos[o]);
            total.div_int(opponents.len() as u128)
        })
        .collect()
}
