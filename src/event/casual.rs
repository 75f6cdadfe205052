//! What casual events record: a league's games and a challenge event's sessions of the
//! *Balance of the Force* challenge-deck scenarios. Reading and checking them is in
//! [`crate::load::casual`]; what they compute is in [`crate::rules::casual`].

use super::side::Side;
use super::{CcgResult, Date, Game};

/// One league game: who played which side, and the result.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct LeagueGame {
    /// Its place in the file, 1-based.
    pub(crate) number: u32,
    pub(crate) date: Date,
    pub(crate) dark: usize,
    pub(crate) light: usize,
    pub(crate) result: LeagueResult,
}

/// A league game's result, in the terms of the event's game.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) enum LeagueResult {
    /// SW:LCG: the winner (`None`: a draw) and how the game ended.
    Lcg(Game),
    /// SW:CCG: a win with its differential, a true tie or a quit.
    Ccg(CcgResult),
}

/// Who won a challenge session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SessionWinner {
    /// The player with the challenge deck.
    Solo,
    /// The team of two or three.
    Team,
}

/// One challenge-deck session: one player with the scenario's deck against a team.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Its place in the file, 1-based.
    pub(crate) number: u32,
    pub(crate) date: Option<Date>,
    pub(crate) scenario: Scenario,
    pub(crate) solo: usize,
    /// Two or three players, as listed.
    pub(crate) team: Vec<usize>,
    pub(crate) winner: SessionWinner,
}

impl Session {
    pub(crate) fn solo_won(&self) -> bool {
        self.winner == SessionWinner::Solo
    }

    /// Whether `player` was on the winning side.
    pub(crate) fn won_by(&self, player: usize) -> bool {
        if self.solo_won() {
            self.solo == player
        } else {
            self.team.contains(&player)
        }
    }
}

/// A challenge-deck scenario of *Balance of the Force*.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Scenario {
    /// The dark side challenge deck ("DD1"): one dark side player against two or three light.
    JerjerrodsTask,
    /// The light side challenge deck ("LO1"): one light side player against two or three dark.
    HuntForSkywalker,
}

impl Scenario {
    pub(crate) const ALL: [Scenario; 2] = [Scenario::JerjerrodsTask, Scenario::HuntForSkywalker];
    /// The ids an event file writes, in the order of [`Scenario::ALL`].
    pub(crate) const IDS: &'static [&'static str] = &["jerjerrods-task", "hunt-for-skywalker"];

    pub(crate) fn from_id(id: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The id written in `scenario = "..."`, also the anchor of its section on the rules pages.
    pub(crate) fn id(self) -> &'static str {
        match self {
            Scenario::JerjerrodsTask => "jerjerrods-task",
            Scenario::HuntForSkywalker => "hunt-for-skywalker",
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Scenario::JerjerrodsTask => "Jerjerrod's Task",
            Scenario::HuntForSkywalker => "The Hunt for Skywalker",
        }
    }

    /// The side the solo player takes with the challenge deck; the team plays the other.
    pub(crate) fn solo_side(self) -> Side {
        match self {
            Scenario::JerjerrodsTask => Side::Dark,
            Scenario::HuntForSkywalker => Side::Light,
        }
    }

    pub(crate) fn team_side(self) -> Side {
        self.solo_side().opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenarios_fix_the_solo_side() {
        assert_eq!(Scenario::JerjerrodsTask.solo_side(), Side::Dark);
        assert_eq!(Scenario::JerjerrodsTask.team_side(), Side::Light);
        assert_eq!(Scenario::HuntForSkywalker.solo_side(), Side::Light);
        assert_eq!(Scenario::HuntForSkywalker.team_side(), Side::Dark);
        for (scenario, id) in Scenario::ALL.into_iter().zip(Scenario::IDS) {
            assert_eq!(Scenario::from_id(id), Some(scenario));
        }
        assert_eq!(Scenario::from_id("jerjerrod"), None);
    }
}
