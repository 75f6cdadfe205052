//! The standings parts of `event.json`: the latest standings with every tiebreaker's exact
//! value (`standings`), the standings after each round as a compact table
//! (`standings_by_round`), and the final places (`placings`).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::event::Event;
use crate::rules::Ruleset;
use crate::rules::computed::{Computed, VenueDraw};
use crate::rules::ratio::Ratio;
use crate::rules::standings::{Decider, Standings};

#[derive(Serialize)]
pub(super) struct StandingsJson<'a> {
    after_round: u32,
    /// How the file records the venue's draw for the ties the random tiebreaker decided:
    /// `recorded` (`venue_draw`), `bracket` (the bracket the venue played shows it), or null
    /// (the event's seed drew every tie).
    venue_draw: Option<VenueDraw>,
    rows: Vec<RowJson<'a>>,
}

#[derive(Serialize)]
struct RowJson<'a> {
    /// Null for a disqualified player.
    rank: Option<u32>,
    id: &'a str,
    name: &'a str,
    points: u32,
    wins: u32,
    losses: u32,
    draws: u32,
    byes: u32,
    rounds_played: u32,
    opponents: Vec<&'a str>,
    /// The ruleset's value tiebreakers by short name (`sos`, `esos`, `opponents_points`,
    /// `opponents_strength`), and `random`: the position in the seeded random order (0 first).
    tiebreakers: BTreeMap<&'static str, TiebreakJson<Exact>>,
    /// What ranked this row below the previous one: `points` or a tiebreaker's short name.
    decided_by: Option<&'static str>,
    /// The player's place in the random order was drawn at the venue, not from the seed.
    drawn_at_venue: bool,
}

/// The standings after one round, in `standings_by_round`: a table of `columns` and `rows`, each
/// row an array of values in the columns' order, because a big event writes one row per player
/// per round (256 players, nine rounds: 2,304 rows) and the keys of an object per row were most
/// of its bytes. Names, rounds played and opponents are in `players` and `rounds`; a tiebreaker
/// is its exact value.
#[derive(Serialize)]
pub(super) struct RoundStandingsJson<'a> {
    after_round: u32,
    /// `rank`, `id`, `points`, `wins`, `losses`, `draws`, `byes`, each value tiebreaker of the
    /// ruleset by short name in the ruleset's order, `random` and `decided_by`.
    columns: Vec<&'static str>,
    rows: Vec<RoundRowJson<'a>>,
}

/// One row of [`RoundStandingsJson`], written as an array in the order of its `columns`.
struct RoundRowJson<'a> {
    rank: Option<u32>,
    id: &'a str,
    /// Points, wins, losses, draws and byes.
    counts: [u32; 5],
    /// Each value tiebreaker's exact fraction (`"8/3"`, or a whole number), in the ruleset's
    /// order.
    values: Vec<String>,
    random: u32,
    decided_by: Option<&'static str>,
}

impl Serialize for RoundRowJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.counts.len() + self.values.len() + 4))?;
        seq.serialize_element(&self.rank)?;
        seq.serialize_element(self.id)?;
        for count in &self.counts {
            seq.serialize_element(count)?;
        }
        for value in &self.values {
            seq.serialize_element(value)?;
        }
        seq.serialize_element(&self.random)?;
        seq.serialize_element(&self.decided_by)?;
        seq.end()
    }
}

/// A row's tiebreakers by short name: each value of the ruleset's (written by `value`), and
/// `random`, the position in the seeded random order (0 first).
fn tiebreakers_json<T>(
    ruleset: &Ruleset,
    row: &crate::rules::standings::Standing,
    value: impl Fn(Ratio) -> T,
) -> BTreeMap<&'static str, TiebreakJson<T>> {
    ruleset
        .tiebreakers
        .iter()
        .filter_map(|&t| Some((t.short(), TiebreakJson::Exact(value(row.value(t)?)))))
        .chain([("random", TiebreakJson::Position(row.random_position))])
        .collect()
}

fn decided_by(row: &crate::rules::standings::Standing) -> Option<&'static str> {
    row.decided_by.map(|d| match d {
        Decider::Points => "points",
        Decider::Tiebreaker(t) => t.short(),
    })
}

pub(super) fn round_standings_json<'a>(
    ruleset: &Ruleset,
    event: &'a Event,
    s: &Standings,
) -> RoundStandingsJson<'a> {
    let value_tiebreakers = || ruleset.tiebreakers.iter().filter(|t| t.is_value());
    RoundStandingsJson {
        after_round: s.after_round,
        columns: ["rank", "id", "points", "wins", "losses", "draws", "byes"]
            .into_iter()
            .chain(value_tiebreakers().map(|t| t.short()))
            .chain(["random", "decided_by"])
            .collect(),
        rows: s
            .rows
            .iter()
            .map(|r| RoundRowJson {
                rank: r.rank,
                id: &event.players[r.player].id,
                counts: [r.points, r.wins, r.losses, r.draws, r.byes],
                values: value_tiebreakers()
                    .map(|&t| r.value(t).map(|v| v.to_string()).unwrap_or_default())
                    .collect(),
                random: r.random_position,
                decided_by: decided_by(r),
            })
            .collect(),
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum TiebreakJson<T> {
    Exact(T),
    Position(u32),
}

#[derive(Serialize)]
struct Exact {
    /// The exact fraction, `"8/3"` (or a whole number, `"3"`).
    exact: String,
    numerator: String,
    denominator: String,
    /// Rounded to three decimals, for display only.
    decimal: String,
}

#[derive(Serialize)]
pub(super) struct Placing<'a> {
    place: u32,
    id: &'a str,
}

fn exact(r: Ratio) -> Exact {
    Exact {
        exact: r.to_string(),
        numerator: r.numer().to_string(),
        denominator: r.denom().to_string(),
        decimal: r.decimal(3),
    }
}

pub(super) fn standings_json<'a>(
    ruleset: &Ruleset,
    event: &'a Event,
    s: &Standings,
    venue_draw: Option<VenueDraw>,
) -> StandingsJson<'a> {
    StandingsJson {
        after_round: s.after_round,
        venue_draw: venue_draw.filter(|_| s.rows.iter().any(|r| r.drawn_at_venue)),
        rows: s
            .rows
            .iter()
            .map(|r| RowJson {
                rank: r.rank,
                id: &event.players[r.player].id,
                name: &event.players[r.player].name,
                points: r.points,
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
                byes: r.byes,
                rounds_played: r.rounds_played,
                opponents: r
                    .opponents
                    .iter()
                    .map(|&o| event.players[o].id.as_str())
                    .collect(),
                tiebreakers: tiebreakers_json(ruleset, r, exact),
                decided_by: decided_by(r),
                drawn_at_venue: r.drawn_at_venue,
            })
            .collect(),
    }
}

/// Final places, once known: the bracket's, or the Swiss standings' without a cut.
pub(super) fn placings_json<'a>(event: &'a Event, computed: &Computed) -> Option<Vec<Placing<'a>>> {
    let id = |p: usize| event.players[p].id.as_str();
    computed.placings.as_ref().map(|list| {
        list.iter()
            .map(|&(place, p)| Placing { place, id: id(p) })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::RULESETS;

    /// Every tiebreaker a ruleset ranks by, and so every key `tiebreakers` and `decided_by` can
    /// hold, is explained in the reference for event.json.
    #[test]
    fn every_tiebreaker_key_is_documented() {
        let reference = include_str!("../../../content/docs/event-json.md");
        for ruleset in RULESETS {
            for tiebreaker in ruleset.tiebreakers {
                let key = format!("| `{}` | `{}` |", tiebreaker.short(), ruleset.id);
                assert!(
                    reference.contains(&key) || tiebreaker.short() == "random",
                    "{} of {} is documented",
                    tiebreaker.short(),
                    ruleset.id
                );
            }
        }
    }
}
