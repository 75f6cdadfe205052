//! What an event known only by its results records: its final standings, row by row, as
//! written. Reading and checking them is in [`crate::load::recorded`].

/// One row of recorded final standings, as written.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct RecordedStanding {
    /// The place given, 1 first; tied players share one.
    pub(crate) rank: u32,
    /// The competitor (player, or team in a team event).
    pub(crate) player: usize,
    /// SW:LCG: tournament points.
    pub(crate) points: Option<u32>,
    /// SW:CCG: victory points.
    pub(crate) victory_points: Option<u32>,
    /// SW:CCG: differential (negative when the player lost by more than they won).
    pub(crate) differential: Option<i64>,
    /// The record, as far as it was kept (games for both games' rulesets).
    pub(crate) wins: Option<u32>,
    pub(crate) losses: Option<u32>,
    pub(crate) draws: Option<u32>,
    /// A note on the placing, such as "won the top cut" or "lost in the quarter-final".
    pub(crate) note: Option<String>,
    /// The seed the player entered the cut with, when the archive keeps it.
    pub(crate) seed: Option<u32>,
    /// The player's part in the final, when the archive says who played it and who won.
    pub(crate) final_result: Option<FinalResult>,
}

/// A finalist's part in the final (`final_result = "won"` or `"lost"`): the final game, or
/// match, of the event, between two rows of the standings.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FinalResult {
    Won,
    Lost,
}

impl FinalResult {
    /// The values of `final_result`, as written.
    pub(crate) const NAMES: &'static [&'static str] = &["won", "lost"];

    pub(crate) fn from_name(name: &str) -> Option<FinalResult> {
        match name {
            "won" => Some(FinalResult::Won),
            "lost" => Some(FinalResult::Lost),
            _ => None,
        }
    }

    /// As written in the file and in `event.json`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            FinalResult::Won => "won",
            FinalResult::Lost => "lost",
        }
    }
}

/// The final of an event known only by its results: the rows (indices into the standings) of
/// its winner and its loser.
pub(crate) fn final_rows(rows: &[RecordedStanding]) -> Option<(usize, usize)> {
    let row = |result| rows.iter().position(|r| r.final_result == Some(result));
    Some((row(FinalResult::Won)?, row(FinalResult::Lost)?))
}

impl RecordedStanding {
    /// `5–1–0`, `5–1`, or nothing when no count was recorded.
    pub(crate) fn record(&self) -> Option<String> {
        let (w, l) = (self.wins?, self.losses?);
        Some(match self.draws {
            Some(d) => format!("{w}–{l}–{d}"),
            None => format!("{w}–{l}"),
        })
    }
}
