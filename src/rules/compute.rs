//! Everything the rules compute for one event: the structure in force, each round's scores and
//! the standings after each finished round.

use super::scoring::{RoundScore, score_round};
use super::standings::{Standings, standings};
use super::{Ruleset, structure};
use crate::event::Event;

/// Where an event stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Registrations only: no round recorded.
    Upcoming,
    /// Rounds recorded, Swiss not finished.
    Running,
    /// Every planned Swiss round has its results.
    Finished,
}

/// The computed facts of one event.
#[derive(Debug, Clone)]
pub struct Computed {
    pub ruleset: &'static Ruleset,
    /// Swiss rounds in force: the file's override, else the structure table's, when there is one.
    pub swiss_rounds: Option<u32>,
    /// Cut size in force, same precedence.
    pub cut: Option<u32>,
    /// Scores of each finished round, indexed by round then player.
    pub round_scores: Vec<Vec<Option<RoundScore>>>,
    /// Standings after each finished round (index 0: after round 1).
    pub standings: Vec<Standings>,
    pub status: Status,
}

impl Computed {
    /// The latest standings, if any round is finished.
    pub fn latest(&self) -> Option<&Standings> {
        self.standings.last()
    }
}

/// Registered players who count for the structure table: everyone not withdrawn before round 1.
pub fn entrants(event: &Event) -> u32 {
    event
        .players
        .iter()
        .filter(|p| p.drop != Some(0) || p.rejoin.is_some())
        .count() as u32
}

/// Computes an event under its ruleset. Validation has already resolved the ruleset id.
pub fn compute(ruleset: &'static Ruleset, event: &Event) -> Computed {
    let row = structure::lookup(ruleset, &event.info.structure, entrants(event));
    let swiss_rounds = event.info.swiss_rounds.or(row.map(|r| r.swiss_rounds));
    let cut = event.info.cut.or(row.map(|r| r.cut));
    let finished: Vec<_> = event
        .rounds
        .iter()
        .take_while(|r| r.is_complete())
        .collect();
    let round_scores: Vec<_> = finished
        .iter()
        .map(|r| score_round(ruleset, event, r))
        .collect();
    let standings = (1..=round_scores.len())
        .map(|k| standings(ruleset, event, &round_scores[..k]))
        .collect();
    let status = if event.rounds.is_empty() {
        Status::Upcoming
    } else if swiss_rounds.is_some_and(|n| finished.len() as u32 >= n)
        && finished.len() == event.rounds.len()
    {
        Status::Finished
    } else {
        Status::Running
    };
    Computed {
        ruleset,
        swiss_rounds,
        cut,
        round_scores,
        standings,
        status,
    }
}
