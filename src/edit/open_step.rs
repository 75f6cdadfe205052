//! The step of an event whose tables take results one by one, from the players or the
//! organizer: the first Swiss round, or SW:CCG game of play, with a table still missing its
//! result. `report` reads a result against its tables, and self-report takes the players'
//! reports for them.

use serde::{Deserialize, Serialize};

use crate::event::{Event, Kind};

/// What a report is for: a Swiss round or a SW:CCG game of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Round,
    Game,
}

impl Stage {
    /// `round` or `game`, as the form sends it.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Round => "round",
            Stage::Game => "game",
        }
    }

    /// The stage a form names.
    pub fn from_name(name: &str) -> Option<Stage> {
        match name {
            "round" => Some(Stage::Round),
            "game" => Some(Stage::Game),
            _ => None,
        }
    }

    pub(crate) fn title(self, number: u32) -> String {
        match self {
            Stage::Round => format!("round {number}"),
            Stage::Game => format!("game {number}"),
        }
    }
}

/// The step of an event that takes reports from the players: the first Swiss round (or SW:CCG
/// game) with a table still missing its result. The elimination games and the Final
/// Confrontation are reported by the organizer, who watches them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenStep {
    pub stage: Stage,
    pub number: u32,
    pub tables: Vec<OpenTable>,
}

/// One table of the open step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenTable {
    pub number: u32,
    /// As the file lists them: a Swiss table's two players, a SW:CCG table's dark then light.
    pub players: [usize; 2],
    pub reported: bool,
}

impl OpenStep {
    /// `round 2`, `game 3`.
    pub fn title(&self) -> String {
        self.stage.title(self.number)
    }

    pub(crate) fn table(&self, number: u32) -> Option<&OpenTable> {
        self.tables.iter().find(|t| t.number == number)
    }
}

/// The step of `event` whose tables the players may report, if one is under way.
pub fn open_step(event: &Event) -> Option<OpenStep> {
    match &event.kind {
        Kind::Swiss(play) => step(
            event,
            Stage::Round,
            play.rounds.iter().find(|r| !r.is_complete())?.number,
        ),
        Kind::Ccg(play) => step(
            event,
            Stage::Game,
            play.games.iter().find(|g| !g.is_complete())?.number,
        ),
        Kind::League(_) | Kind::Challenge(_) | Kind::Recorded(_) => None,
    }
}

/// Round (or SW:CCG game) `number` of `event` as it is paired, whether or not it is complete;
/// `None` when the event has no such step.
pub fn step(event: &Event, stage: Stage, number: u32) -> Option<OpenStep> {
    match (&event.kind, stage) {
        (Kind::Swiss(play), Stage::Round) => {
            let round = play.rounds.iter().find(|r| r.number == number)?;
            Some(OpenStep {
                stage,
                number,
                tables: round
                    .tables
                    .iter()
                    .map(|t| OpenTable {
                        number: t.number,
                        players: t.players,
                        reported: t.outcome != crate::event::Outcome::Pending,
                    })
                    .collect(),
            })
        }
        (Kind::Ccg(play), Stage::Game) => {
            let game = play.games.iter().find(|g| g.number == number)?;
            Some(OpenStep {
                stage,
                number,
                tables: game
                    .tables
                    .iter()
                    .map(|t| OpenTable {
                        number: t.number,
                        players: [t.dark, t.light],
                        reported: t.result.is_some(),
                    })
                    .collect(),
            })
        }
        _ => None,
    }
}
