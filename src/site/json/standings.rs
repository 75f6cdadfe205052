//! The standings parts of `event.json`: the standings after each round as a table
//! (`standings_by_round`, the last entry the latest standings), and the final places
//! (`placings`).

use serde::Serialize;
use serde_json::{Value, json};

use crate::event::Event;
use crate::rules::Ruleset;
use crate::rules::computed::{Computed, VenueDraw};
use crate::rules::standings::{Decider, Standings};

/// The standings after one round, in `standings_by_round`: a table of `columns` and `rows`, each
/// row an array of values in the columns' order, because a big event writes one row per player
/// per round (256 players, nine rounds: 2,304 rows) and the keys of an object per row were most
/// of its bytes. Names are in `players` and the opponents met in `rounds`; a tiebreaker is its
/// exact value, which a reader rounds for display as the site does.
#[derive(Serialize)]
pub(super) struct RoundStandingsJson<'a> {
    after_round: u32,
    /// How the file records the venue's draw for the ties the random tiebreaker decided:
    /// `recorded` (`venue_draw`) or `bracket` (the bracket the venue played shows it); absent
    /// when the event's seed drew every tie of these standings.
    #[serde(skip_serializing_if = "Option::is_none")]
    venue_draw: Option<VenueDraw>,
    /// The players whose place in the random order was drawn at the venue, not from the seed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    drawn_at_venue: Vec<&'a str>,
    /// `rank`, `id`, `points`, `wins`, `losses`, `draws`, `byes`, `rounds_played`, each value
    /// tiebreaker of the ruleset by short name in the ruleset's order, `random` and
    /// `decided_by`.
    columns: Vec<&'static str>,
    rows: Vec<Vec<Value>>,
}

pub(super) fn round_standings_json<'a>(
    ruleset: &Ruleset,
    event: &'a Event,
    s: &Standings,
    venue_draw: Option<VenueDraw>,
) -> RoundStandingsJson<'a> {
    let value_tiebreakers = || ruleset.tiebreakers.iter().filter(|t| t.is_value());
    let id = |p: usize| event.players[p].id.as_str();
    RoundStandingsJson {
        after_round: s.after_round,
        venue_draw: venue_draw.filter(|_| s.rows.iter().any(|r| r.drawn_at_venue)),
        drawn_at_venue: s
            .rows
            .iter()
            .filter(|r| r.drawn_at_venue)
            .map(|r| id(r.player))
            .collect(),
        columns: [
            "rank",
            "id",
            "points",
            "wins",
            "losses",
            "draws",
            "byes",
            "rounds_played",
        ]
        .into_iter()
        .chain(value_tiebreakers().map(|t| t.short()))
        .chain(["random", "decided_by"])
        .collect(),
        rows: s
            .rows
            .iter()
            .map(|r| {
                let counts = [r.points, r.wins, r.losses, r.draws, r.byes, r.rounds_played];
                super::row(
                    [json!(r.rank), json!(id(r.player))]
                        .into_iter()
                        .chain(counts.map(|c| json!(c)))
                        // The exact fraction (`"8/3"`, or a whole number).
                        .chain(
                            value_tiebreakers().map(|&t| json!(r.value(t).map(|v| v.to_string()))),
                        )
                        .chain([
                            json!(r.random_position),
                            json!(r.decided_by.map(|d| match d {
                                Decider::Points => "points",
                                Decider::Tiebreaker(t) => t.short(),
                            })),
                        ])
                        .collect(),
                )
            })
            .collect(),
    }
}

#[derive(Serialize)]
pub(super) struct Placing<'a> {
    place: u32,
    id: &'a str,
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

    /// Every tiebreaker a ruleset ranks by, and so every tiebreaker column of
    /// `standings_by_round` and every value of its `decided_by`, is explained in the reference
    /// for event.json.
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
