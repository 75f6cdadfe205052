//! What the rules compute for one event, as data: the structure in force, the kind's own facts
//! (Swiss rounds and standings, the cut and its bracket, SW:CCG games, a league's table), the
//! placings, the status and the pairing audit's verdict. [`super::compute`] fills it.
//!
//! The types have their own module because the audit ([`super::audit`]) reads them while
//! computing them runs the audit: they stand below both, so that imports only point down.

use std::collections::BTreeMap;

use super::Ruleset;
use super::bracket::{Bracket, Problem};
use super::casual::{ChallengeComputed, LeagueComputed};
use super::ccg_event::CcgComputed;
use super::pairing::swiss::{PairedRound, Reason};
use super::scoring::RoundScore;
use super::standings::{Standings, VenueDrawProblem};
use super::verdict::Audit;

/// Where an event stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Registrations only: no round recorded.
    Upcoming,
    /// Rounds recorded, the event not finished.
    Running,
    /// Every planned Swiss round has its results, and the cut (if any) has its champion.
    Finished,
    /// The record stops before the end (`stopped`): nothing is under way, no more is played.
    Stopped,
}

/// A seat in the cut.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed {
    pub player: usize,
    /// The player's rank in the final Swiss standings.
    pub(crate) swiss_rank: u32,
    /// Entered because a qualified player left before the cut began.
    pub(crate) replacement: bool,
}

/// The final match of a team event whose two best teams finished level on points.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct TeamFinal {
    /// The two teams, the better-ranked first.
    pub(crate) teams: [usize; 2],
    /// Tournament points each took from the final, once recorded.
    pub(crate) points: Option<[u32; 2]>,
    /// The winner, once the final is recorded and not itself level.
    pub(crate) champion: Option<usize>,
}

/// Why a recorded final match cannot stand.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FinalProblem {
    /// No two teams are tied for first (or the Swiss rounds are not finished).
    NotNeeded,
    /// A winner or `first_dark` who is not one of the two finalists.
    NotAFinalist(usize),
}

/// The computed facts of one event.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone)]
pub struct Computed {
    #[serde(with = "super::by_id")]
    pub(crate) ruleset: &'static Ruleset,
    /// Swiss rounds (SW:CCG: games) in force: the file's override, else the structure table's,
    /// when there is one.
    pub swiss_rounds: Option<u32>,
    /// Cut size in force, same precedence (0: no cut; SW:CCG: 2 for a Final Confrontation).
    pub cut: Option<u32>,
    /// What the rules computed, by kind of event (the kinds of [`crate::event::Kind`]).
    pub(crate) kind: ComputedKind,
    /// Final places, once known: the bracket's, or the Swiss standings' for an event without a cut.
    pub placings: Option<Vec<(u32, usize)>>,
    pub status: Status,
    /// Whether the site may show the event's decklists now, under its `decklists` setting
    /// (see [`super::compute::decklists_published`]).
    pub(crate) decklists_published: bool,
    /// Every recorded round paired again and compared with the file ([`super::audit`]):
    /// computed here, once per event, with everything it replays from.
    pub audit: Audit,
}

/// What the rules computed for each kind of event.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone)]
pub(crate) enum ComputedKind {
    Swiss(SwissComputed),
    /// Everything computed game by game.
    Ccg(CcgComputed),
    /// Standings by games, week by week.
    League(LeagueComputed),
    /// Each scenario's record and each player's sessions.
    Challenge(ChallengeComputed),
    /// Nothing: the recorded standings are shown as written.
    Recorded,
}

/// What the rules computed for a Swiss event: its rounds, the cut and its bracket, or the team
/// final.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default)]
pub struct SwissComputed {
    /// Scores of each finished round, indexed by round then player.
    pub(crate) round_scores: Vec<Vec<Option<RoundScore>>>,
    /// Standings after each finished round (index 0: after round 1).
    pub standings: Vec<Standings>,
    /// The standings that rank a round's pairing, by the round's number, where they are not
    /// those published after the round before: a late entry or a returning player comes in
    /// for that round, and the rounds they missed, scored now, rank them for its pairing.
    pub(crate) pairing_standings: BTreeMap<u32, Standings>,
    /// Why each recorded table was paired as it was, by round then table.
    pub(crate) table_reasons: Vec<Vec<Reason>>,
    /// The next Swiss round, computed when the recorded rounds are finished and more are planned.
    pub(crate) next_round: Option<(u32, PairedRound)>,
    /// The cut's seeds (seed 1 first), once the Swiss rounds are finished.
    pub seeds: Vec<Seed>,
    /// Qualified players who left before the cut began, replaced by the next in the standings.
    pub(crate) replaced: Vec<usize>,
    /// The bracket, once the cut is made.
    pub bracket: Option<Bracket>,
    /// What the bracket could not accept of the recorded elimination games.
    pub(crate) bracket_problems: Vec<Problem>,
    /// Team events: the final match, when two teams finished the Swiss rounds tied for first.
    pub(crate) team_final: Option<TeamFinal>,
    /// What the recorded final match cannot be.
    pub(crate) final_problem: Option<FinalProblem>,
    /// Where the order of the final standings' ties the random tiebreaker decided came from
    /// when the venue drew it; `None` when the event's seed drew it.
    pub(crate) venue_draw: Option<VenueDraw>,
    /// What the recorded venue draw names that it cannot order.
    pub(crate) venue_draw_problems: Vec<VenueDrawProblem>,
}

/// How the file records the venue's draw among players level on everything but the random
/// tiebreaker in the final standings.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(crate) enum VenueDraw {
    /// Written out: `venue_draw` in `[event]`.
    Recorded,
    /// Shown by the bracket the venue played: its recorded games fit only another order of
    /// the tied players than the seeded one (see `venue_draw_from_bracket` in [`super::compute`]).
    Bracket,
}

impl SwissComputed {
    /// The latest standings, if any round is finished.
    pub(crate) fn latest(&self) -> Option<&Standings> {
        self.standings.last()
    }

    /// The standings that rank round `number`'s pairing (`None` for round 1): those published
    /// after the round before, with the missed rounds of the players who come in for it.
    pub(crate) fn before_round(&self, number: u32) -> Option<&Standings> {
        self.pairing_standings.get(&number).or_else(|| {
            let previous = usize::try_from(number).ok()?.checked_sub(2)?;
            self.standings.get(previous)
        })
    }
}

impl Computed {
    /// What was computed for a Swiss event; `None` for the other kinds.
    pub fn swiss(&self) -> Option<&SwissComputed> {
        match &self.kind {
            ComputedKind::Swiss(swiss) => Some(swiss),
            _ => None,
        }
    }

    /// What was computed for a SW:CCG event; `None` for the other kinds.
    pub fn ccg(&self) -> Option<&CcgComputed> {
        match &self.kind {
            ComputedKind::Ccg(ccg) => Some(ccg),
            _ => None,
        }
    }

    /// What was computed for a league; `None` for the other kinds.
    pub(crate) fn league(&self) -> Option<&LeagueComputed> {
        match &self.kind {
            ComputedKind::League(league) => Some(league),
            _ => None,
        }
    }

    /// The latest Swiss standings, if any round is finished (`None` for the other kinds).
    pub fn latest(&self) -> Option<&Standings> {
        self.swiss()?.latest()
    }

    /// Whether every planned Swiss round has its results.
    pub(crate) fn swiss_finished(&self) -> bool {
        self.swiss().is_some() && self.rounds_finished()
    }

    /// Whether every planned round before the cut has its results: the Swiss rounds, or a
    /// SW:CCG event's games of play. Never for the kinds without planned rounds.
    pub(crate) fn rounds_finished(&self) -> bool {
        let finished = match &self.kind {
            ComputedKind::Swiss(swiss) => swiss.standings.len(),
            ComputedKind::Ccg(ccg) => ccg.standings.len(),
            ComputedKind::League(_) | ComputedKind::Challenge(_) | ComputedKind::Recorded => 0,
        };
        self.swiss_rounds.is_some_and(|n| finished as u32 >= n)
    }
}
