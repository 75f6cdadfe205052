//! Where each competitor of an event stands, in the words of the archive's lists: their place or
//! rank and their record. A fact of one event, worked out from its computed results, that the
//! event page, the decklists page, the player pages and the card pages all print.

use crate::event::{Event, Kind};
use crate::rules::computed::{Computed, ComputedKind};

/// The competitor whose result is the result of the person at `index` of [`Event::persons`]:
/// the person, or in a team event their team (`None` for a person of no team).
pub(crate) fn competitor_of(event: &Event, index: usize) -> Option<usize> {
    if event.is_team() {
        event.members.iter().position(|m| m.contains(&index))
    } else {
        Some(index)
    }
}

/// Where one competitor of an event stands: the words of their player page's row, their place
/// or rank, and their record.
#[derive(Debug, Clone, Default)]
pub(crate) struct Standing {
    /// "1st of 13", "Swiss rank 5 of 24", "league rank 2 of 8", or empty while unknown.
    pub(crate) result: String,
    /// The final place, or while there is none the rank in the latest standings.
    pub(crate) rank: Option<u32>,
    /// Whether `rank` is a final place.
    pub(crate) placed: bool,
    /// Games won–lost–drawn, a SW:CCG record `6–2, 12 VP (+28)`, a recorded score, or a
    /// challenge record.
    pub(crate) record: String,
}

/// How every competitor of `event` stands, in registration order.
pub(crate) fn standings(event: &Event, computed: &Computed) -> Vec<Standing> {
    let field = event.players.len();
    // Standings that keep only the top of a larger field place a player among all who played.
    let shown_field = event.info.field_size.map_or(field, |n| n as usize);
    let places = by_competitor(
        field,
        computed
            .placings
            .iter()
            .flatten()
            .map(|&(place, q)| (q, place)),
    );
    let swiss_rows = by_competitor(
        field,
        computed
            .latest()
            .iter()
            .flat_map(|s| &s.rows)
            .map(|r| (r.player, r)),
    );
    let ccg_last = computed.ccg().and_then(|c| c.standings.last());
    let ccg_rows = by_competitor(
        field,
        ccg_last
            .iter()
            .flat_map(|rows| rows.iter())
            .map(|r| (r.player, r)),
    );
    (0..field)
        .map(|competitor| {
            let place = places.get(competitor).copied().flatten();
            let swiss_row = swiss_rows.get(competitor).copied().flatten();
            let swiss_rank = swiss_row.and_then(|r| r.rank);
            let ccg_row = ccg_rows.get(competitor).copied().flatten();
            let league_row = computed
                .league()
                .and_then(|l| l.standings.iter().find(|r| r.player == competitor));
            let challenge = match &computed.kind {
                ComputedKind::Challenge(c) => c.players.iter().find(|r| r.player == competitor),
                _ => None,
            };
            let recorded = match &event.kind {
                Kind::Recorded(rows) => rows.iter().find(|r| r.player == competitor),
                _ => None,
            };
            let result = match (place, swiss_rank, league_row) {
                (Some(p), ..) => format!("{} of {shown_field}", ordinal(p)),
                (None, Some(r), _) => format!("Swiss rank {r} of {field}"),
                (None, None, Some(r)) => match r.rank {
                    Some(rank) => format!("league rank {rank} of {field}"),
                    None => "unranked (too few games)".to_string(),
                },
                _ => ccg_row.map_or_else(String::new, |r| match r.place {
                    Some(place) => format!("rank {place} of {field}"),
                    None => "disqualified".to_string(),
                }),
            };
            let rank = place
                .or(swiss_rank)
                .or(league_row.and_then(|r| r.rank))
                .or(ccg_row.and_then(|r| r.place).map(|p| p as u32))
                .or(recorded.map(|r| r.rank));
            let record = match (swiss_row, ccg_row, recorded) {
                (Some(r), ..) => format!("{}–{}–{}", r.wins, r.losses, r.draws),
                (None, Some(r), _) => ccg_record(computed, r),
                (None, None, Some(r)) => recorded_record(r),
                _ => match (league_row, challenge) {
                    (Some(r), _) => format!("{}–{}–{}", r.wins, r.losses, r.draws),
                    (None, Some(c)) => format!(
                        "solo {}–{}, team {}–{}",
                        c.solo.won,
                        c.solo.played - c.solo.won,
                        c.team.won,
                        c.team.played - c.team.won
                    ),
                    (None, None) => String::new(),
                },
            };
            Standing {
                result,
                rank,
                placed: place.is_some() || recorded.is_some(),
                record,
            }
        })
        .collect()
}

/// A SW:CCG player's record in the game's terms: games won–lost, then victory points, and the
/// differential where the standings count one: "8–0, 16 VP", "6–2, 12 VP (+82)". The games
/// are the Tournament Assistant's count where it kept one, else the finished games' tables
/// (a bye is no game won or lost; its points are in the victory points).
fn ccg_record(computed: &Computed, row: &crate::rules::swccg::standings::RankedRow) -> String {
    let (won, lost) = match &row.pc_sos {
        Some(sos) => (sos.wins, sos.losses),
        None => computed.ccg().map_or((0, 0), |ccg| {
            let tables = ccg.reported[..ccg.finished.min(ccg.reported.len())]
                .iter()
                .flatten()
                .filter(|t| t.dark == row.player || t.light == row.player);
            tables.fold((0, 0), |(won, lost), t| {
                if t.winner == row.player {
                    (won + 1, lost)
                } else {
                    (won, lost + 1)
                }
            })
        }),
    };
    let points = row.score.points;
    match row.differential() {
        Some(d) if d < 0 => format!("{won}–{lost}, {points} VP ({d})"),
        Some(d) => format!("{won}–{lost}, {points} VP (+{d})"),
        None => format!("{won}–{lost}, {points} VP"),
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What a recorded standings row says of a player's day: the record if kept, else the score
/// (`12 points`, `8(+41)`).
fn recorded_record(row: &crate::event::recorded::RecordedStanding) -> String {
    if let Some(record) = row.record() {
        return record;
    }
    match (row.points, row.victory_points, row.differential) {
        (Some(points), ..) => format!("{points} points"),
        (None, Some(vp), Some(diff)) => {
            format!("{vp}({})", signed(diff))
        }
        (None, Some(vp), None) => format!("{vp} VP"),
        _ => String::new(),
    }
}

/// A differential as standings print it: `+28`, `-4`, `0`.
pub(crate) fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// `rows` laid out by competitor (`field` of them): each competitor's first row, if any.
fn by_competitor<T: Copy>(field: usize, rows: impl Iterator<Item = (usize, T)>) -> Vec<Option<T>> {
    let mut found = vec![None; field];
    for (competitor, row) in rows {
        if let Some(slot) = found.get_mut(competitor) {
            slot.get_or_insert(row);
        }
    }
    found
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
