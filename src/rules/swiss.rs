//! Swiss pairing under the 2018 regulations: round 1 at random, later rounds at random within
//! score groups from the top group down, an odd player paired down to the next group, no
//! rematches within a stage, and the bye to a random player in round 1, later to the
//! lowest-ranked player who has not had one.
//!
//! When these rules collide (a score group in which every pairing is a rematch), the pairing
//! deviates as little as possible, deterministically: a minimum-cost perfect matching whose
//! costs rank, in order, rematches, pair-downs, the distance a pair-down travels, and a seeded
//! random tiebreak.

use super::random::Stream;

/// A player to pair, with what the pairing needs to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The player's index in the event.
    pub player: usize,
    /// Tournament points before this round.
    pub points: u32,
    /// Position in the standings before this round (0 is first). In round 1, registration order.
    pub rank: usize,
    /// Whether the player has had a bye in this stage.
    pub had_bye: bool,
    /// Opponents met in this stage, one entry per match.
    pub opponents: Vec<usize>,
    /// Players to keep apart in round 1 when possible (the event file's `avoid`, both ways).
    pub avoid: Vec<usize>,
}

/// Why two players were paired, for the pages to show and link to the rule applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Round 1: drawn at random.
    Random,
    /// Round 1: drawn at random, but two players who asked to be kept apart could not be.
    AvoidNotPossible,
    /// Both players are in the same score group.
    SameGroup,
    /// The odd player of a score group, paired with a player from the next group down.
    PairedDown,
    /// Paired outside the score group (beyond the odd player) because pairing within it would
    /// have meant a rematch.
    AvoidsRematch,
    /// No pairing of the round could avoid every rematch; this is one of the fewest possible.
    UnavoidableRematch,
}

/// Why a player got the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeReason {
    /// Round 1: a random player.
    Random,
    /// The lowest-ranked player who has not had a bye.
    LowestWithoutBye,
    /// Everyone left has had a bye; the lowest-ranked player gets a second one.
    LowestAllHadByes,
}

/// One table of a paired round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Player indices, the higher-ranked (lower `rank`) first.
    pub players: [usize; 2],
    pub reason: Reason,
}

/// The bye of a paired round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub player: usize,
    pub reason: ByeReason,
}

/// A paired round: tables in order (table 1 first: the table of the best-ranked player), and
/// the bye when the number of entrants is odd.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairedRound {
    pub tables: Vec<Pairing>,
    pub bye: Option<Bye>,
}

/// Pairs round `round` (1-based) of an event with seed `seed`. `entrants` are exactly the
/// players in the event for this round (not dropped). Deterministic: the same inputs always
/// give the same pairing. Random choices use the streams `"round {round} pairing"` and
/// `"round {round} bye"`.
pub fn pair_round(seed: u64, round: u32, entrants: &[Entrant]) -> PairedRound {
    let _ = (seed, round, entrants, Stream::new);
    unimplemented!("being written")
}
