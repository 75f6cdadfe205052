//! The final standings of an event known only by its results, shown as the organizer recorded
//! them: only the columns some row fills, and nothing recomputed.

use serde::Serialize;

use super::addresses::deck_path;
use super::model::SiteView;
use super::standings::signed;
use crate::event::recorded::final_rows;
use crate::event::{Event, Kind};

/// The recorded standings table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RecordedView {
    /// Which score columns any row fills, so empty columns are left out.
    has_points: bool,
    has_victory_points: bool,
    has_differential: bool,
    has_record: bool,
    has_notes: bool,
    has_seeds: bool,
    pub(crate) rows: Vec<RecordedRowView>,
    /// "The top 12 of 48 players", when `field_size` says the rows are only the top of the
    /// field.
    pub(crate) field: Option<String>,
    /// The final, when the archive says who played it and who won.
    pub(crate) final_match: Option<RecordedFinalView>,
}

/// The recorded final: its winner and its loser, linked to their pages.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RecordedFinalView {
    pub(crate) winner: super::model::PlayerRef,
    pub(crate) loser: super::model::PlayerRef,
}

/// One recorded row.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RecordedRowView {
    pub(crate) rank: u32,
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page.
    pub(crate) url: String,
    pub(crate) deck_url: Option<String>,
    pub(crate) points: Option<u32>,
    pub(crate) victory_points: Option<u32>,
    /// Signed, as printed: `+28`, `-4`, `0`.
    pub(crate) differential: Option<String>,
    /// `5–1–0` or `5–1`.
    pub(crate) record: Option<String>,
    pub(crate) note: Option<String>,
    /// The seed the player entered the cut with.
    pub(crate) seed: Option<u32>,
}

/// The table of an event known only by its results; `None` for an event with rounds.
pub(crate) fn recorded_view(
    site: &SiteView,
    event: &Event,
    names: &super::names::NameLinks<'_>,
) -> Option<RecordedView> {
    let Kind::Recorded(recorded) = &event.kind else {
        return None;
    };
    let rows: Vec<RecordedRowView> = recorded
        .iter()
        .map(|row| {
            let player = &event.players[row.player];
            RecordedRowView {
                rank: row.rank,
                id: player.id.clone(),
                name: player.name.clone(),
                url: names.competitor(&player.id),
                deck_url: deck_path(event, player).map(|path| site.link(&path)),
                points: row.points,
                victory_points: row.victory_points,
                differential: row.differential.map(signed),
                record: row.record(),
                note: row.note.clone(),
                seed: row.seed,
            }
        })
        .collect();
    let shown = |row: &RecordedRowView| super::model::PlayerRef {
        id: row.id.clone(),
        name: row.name.clone(),
        url: row.url.clone(),
    };
    let final_match = final_rows(recorded).map(|(won, lost)| RecordedFinalView {
        winner: shown(&rows[won]),
        loser: shown(&rows[lost]),
    });
    let competitors = if event.is_team() { "teams" } else { "players" };
    let field = event
        .info
        .field_size
        .filter(|&n| n as usize > rows.len())
        .map(|n| format!("The top {} of {n} {competitors}", rows.len()));
    Some(RecordedView {
        has_points: rows.iter().any(|r| r.points.is_some()),
        has_victory_points: rows.iter().any(|r| r.victory_points.is_some()),
        has_differential: rows.iter().any(|r| r.differential.is_some()),
        has_record: rows.iter().any(|r| r.record.is_some()),
        has_notes: rows.iter().any(|r| r.note.is_some()),
        has_seeds: rows.iter().any(|r| r.seed.is_some()),
        rows,
        field,
        final_match,
    })
}
