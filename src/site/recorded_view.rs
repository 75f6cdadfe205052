//! The final standings of an event known only by its results, shown as the organizer recorded
//! them: only the columns some row fills, and nothing recomputed.

use serde::Serialize;

use super::model::SiteView;
use crate::event::{Event, Kind};

/// The recorded standings table.
#[derive(Debug, Clone, Serialize)]
pub struct RecordedView {
    /// Which score columns any row fills, so empty columns are left out.
    pub has_points: bool,
    pub has_victory_points: bool,
    pub has_differential: bool,
    pub has_record: bool,
    pub has_notes: bool,
    pub rows: Vec<RecordedRowView>,
}

/// One recorded row.
#[derive(Debug, Clone, Serialize)]
pub struct RecordedRowView {
    pub rank: u32,
    pub id: String,
    pub name: String,
    /// The player's page.
    pub url: String,
    pub deck_url: Option<String>,
    pub points: Option<u32>,
    pub victory_points: Option<u32>,
    /// Signed, as printed: `+28`, `-4`, `0`.
    pub differential: Option<String>,
    /// `5–1–0` or `5–1`.
    pub record: Option<String>,
    pub note: Option<String>,
}

/// The table of an event known only by its results; `None` for an event with rounds.
pub fn recorded_view(
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
                deck_url: super::deck_view::deck_url(site, event, player),
                points: row.points,
                victory_points: row.victory_points,
                differential: row.differential.map(signed),
                record: row.record(),
                note: row.note.clone(),
            }
        })
        .collect();
    Some(RecordedView {
        has_points: rows.iter().any(|r| r.points.is_some()),
        has_victory_points: rows.iter().any(|r| r.victory_points.is_some()),
        has_differential: rows.iter().any(|r| r.differential.is_some()),
        has_record: rows.iter().any(|r| r.record.is_some()),
        has_notes: rows.iter().any(|r| r.note.is_some()),
        rows,
    })
}

/// A differential as standings print it: `+28`, `-4`, `0`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn differentials_carry_their_sign() {
        assert_eq!(signed(28), "+28");
        assert_eq!(signed(-4), "-4");
        assert_eq!(signed(0), "0");
    }
}
