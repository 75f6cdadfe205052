//! Events known only by their results: final standings written as `[[standings]]` rows instead
//! of rounds, as old archives keep them (a place, a name, the scores of the day). Nothing is
//! recomputed from them; they are checked for what can be checked (every row names a registered
//! player once, places run in order, the score fields are the ruleset's) and shown as written.

use std::collections::BTreeMap;

use super::read::{RawEvent, RawStanding};
use super::validate::common::{in_range, resolve};
use crate::diag::Code;
use crate::event::Player;
use crate::event::recorded::RecordedStanding;
use crate::rules::Family;
use crate::toml_reader::{Reader, Sp};

/// Highest place a row may give: far above any real field.
const MAX_RANK: i64 = 100_000;

/// The score fields of the other game, which a row of `family` must not carry, with the game
/// they belong to. `holonet import` refuses the same columns.
pub(crate) fn foreign_fields(family: Family) -> &'static [(&'static str, &'static str)] {
    match family {
        Family::Lcg => &[("victory_points", "SW:CCG"), ("differential", "SW:CCG")],
        Family::Ccg => &[("points", "SW:LCG")],
    }
}

/// Checks the `[[standings]]` rows of `raw` against the registered `players` (the competitors)
/// and returns them in file order. An event records either rounds or standings: a file with
/// both is reported, since its standings would contradict the computed ones.
pub fn validate_standings(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &crate::rules::Ruleset,
    players: &[Player],
) -> Vec<RecordedStanding> {
    let Some(span) = raw.standings_span.clone() else {
        return Vec::new();
    };
    let played =
        !raw.rounds.is_empty() || raw.elimination_span.is_some() || raw.final_match.is_some();
    if played {
        reader
            .error(
                Code::Conflict,
                span,
                "`[[standings]]` record an event known only by its results, but this file also records its games",
            )
            .help = Some(
            "keep the rounds (standings are computed from them) or the recorded standings, not both".into(),
        );
    }
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut previous: Option<Sp<i64>> = None;
    let mut rows = Vec::new();
    for row in &raw.standings {
        if let Some(row) = validate_row(reader, row, ruleset, &ids) {
            rows.push(row);
        }
        if let Some(player) = &row.player
            && let Some(&index) = ids.get(&player.value)
            && !seen.insert(index)
        {
            reader
                .error(
                    Code::Conflict,
                    player.span.clone(),
                    format!("`{}` has an earlier row in the standings", player.value),
                )
                .help = Some("keep one row per player".into());
        }
        if let Some(rank) = &row.rank {
            if let Some(before) = &previous
                && rank.value < before.value
            {
                reader
                    .error(
                        Code::InvalidValue,
                        rank.span.clone(),
                        format!("rank {} comes after rank {}", rank.value, before.value),
                    )
                    .help = Some(
                    "list the rows best first, as the results were published; tied players share a rank".into(),
                );
            }
            previous = Some(rank.clone());
        }
    }
    rows
}

fn validate_row(
    reader: &mut Reader<'_>,
    row: &RawStanding,
    ruleset: &crate::rules::Ruleset,
    ids: &BTreeMap<String, usize>,
) -> Option<RecordedStanding> {
    let family = ruleset.family;
    for &(key, game) in foreign_fields(family) {
        let value = match key {
            "points" => &row.points,
            "victory_points" => &row.victory_points,
            _ => &row.differential,
        };
        if let Some(value) = value {
            reader
                .error(
                    Code::InvalidValue,
                    value.span.clone(),
                    format!(
                        "`{key}` is a {game} score, but {} is not a {game} ruleset",
                        ruleset.id
                    ),
                )
                .help = Some(match family {
                Family::Lcg => "record SW:LCG standings with `points` (tournament points)".into(),
                Family::Ccg => {
                    "record SW:CCG standings with `victory_points` and `differential`".into()
                }
            });
        }
    }
    let count = |reader: &mut Reader<'_>, value: &Option<Sp<i64>>, what: &str| {
        in_range(reader, value, what, 0, 10_000)
    };
    let rank = in_range(reader, &row.rank, "`rank`", 1, MAX_RANK);
    let points = count(reader, &row.points, "`points`");
    let victory_points = count(reader, &row.victory_points, "`victory_points`");
    let wins = count(reader, &row.wins, "`wins`");
    let losses = count(reader, &row.losses, "`losses`");
    let draws = count(reader, &row.draws, "`draws`");
    let differential = row.differential.as_ref().and_then(|d| {
        if d.value.abs() <= 100_000 {
            Some(d.value)
        } else {
            reader
                .error(
                    Code::InvalidValue,
                    d.span.clone(),
                    format!("`differential` is {}, which is out of range", d.value),
                )
                .help = Some("use a whole number from -100000 to 100000".into());
            None
        }
    });
    let player = resolve(reader, ids, row.player.as_ref()?, "in `standings`")?;
    Some(RecordedStanding {
        rank: rank?,
        player,
        points,
        victory_points,
        differential,
        wins,
        losses,
        draws,
        note: row.note.as_ref().map(|n| n.value.clone()),
    })
}
