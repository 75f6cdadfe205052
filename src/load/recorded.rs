//! Events known only by their results: final standings written as `[[standings]]` rows instead
//! of rounds, as old archives keep them (a place, a name, the scores of the day). Nothing is
//! recomputed from them; they are checked for what can be checked (every row names a registered
//! player once, places run in order, the score fields are the ruleset's, the field is not smaller
//! than the rows, seeds are distinct and within the cut, the final has one winner and one loser,
//! the winner placed above) and shown as written.

use std::collections::BTreeMap;

use super::raw::{RawEvent, RawStanding};
use super::validate::common::{in_range, resolve};
use crate::diag::Code;
use crate::event::recorded::{FinalResult, RecordedStanding};
use crate::event::{EventInfo, Player};
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
pub(crate) fn validate_standings(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &crate::rules::Ruleset,
    info: &EventInfo,
    players: &[Player],
) -> Vec<RecordedStanding> {
    let Some(span) = raw.standings_span.clone() else {
        return Vec::new();
    };
    check_seeds(reader, raw, info, players.len());
    check_final(reader, raw);
    let played = !raw.rounds.is_empty()
        || raw.elimination_span.is_some()
        || raw.final_match.is_some()
        || raw.top_cut.is_some();
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
    let seed = in_range(reader, &row.seed, "`seed`", 1, MAX_RANK);
    let final_result = row.final_result.as_ref().and_then(|written| {
        let result = FinalResult::from_name(&written.value);
        if result.is_none() {
            reader.not_one_of(
                written,
                format!("`{}` is not a part in a final", written.value),
                FinalResult::NAMES,
            );
        }
        result
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
        seed,
        final_result,
    })
}

/// Checks `field_size` against what the file records: it belongs to an event known only by its
/// results (the other kinds count their players from the rounds), and counts at least every
/// standings row and every registered competitor, who all took part.
pub(crate) fn check_field_size(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    competitors: usize,
) {
    let (Some(written), Some(field)) = (&raw.info.field_size, info.field_size) else {
        return;
    };
    let field = field as usize;
    let rows = raw.standings.len();
    let (message, help) = if raw.standings_span.is_none() {
        (
            "`field_size` is for an event known only by its results; this event counts its players from its rounds".to_string(),
            "remove `field_size`; register every player who took part instead".to_string(),
        )
    } else if field < rows {
        (
            format!("`field_size` is {field}, but the standings have {rows} rows"),
            format!("give the number of players who took part: at least {rows}"),
        )
    } else if field < competitors {
        (
            format!("`field_size` is {field}, but {competitors} competitors are registered"),
            format!("give the number of players who took part: at least {competitors}"),
        )
    } else {
        return;
    };
    reader
        .error(Code::InvalidValue, written.span.clone(), message)
        .help = Some(help);
}

/// Seeds are places in the cut: no two rows share one, and none is beyond the cut (`cut`, when
/// the file gives it) or the field.
fn check_seeds(reader: &mut Reader<'_>, raw: &RawEvent, info: &EventInfo, competitors: usize) {
    let field = info.field_size.map_or(competitors, |f| f as usize);
    let mut seen: BTreeMap<i64, &str> = BTreeMap::new();
    for row in &raw.standings {
        let Some(seed) = &row.seed else { continue };
        let player = row.player.as_ref().map_or("", |p| p.value.as_str());
        let beyond = match info.cut {
            Some(cut) if seed.value > i64::from(cut) => Some(format!("the cut of {cut}")),
            _ if seed.value > field as i64 => Some(format!("the field of {field}")),
            _ => None,
        };
        if let Some(limit) = beyond {
            reader
                .error(
                    Code::InvalidValue,
                    seed.span.clone(),
                    format!("seed {} is beyond {limit}", seed.value),
                )
                .help = Some("give the seed the player entered the cut with".into());
        } else if let Some(other) = seen.get(&seed.value) {
            reader
                .error(
                    Code::Conflict,
                    seed.span.clone(),
                    format!("seed {} is also `{other}`'s", seed.value),
                )
                .help = Some("each player entered the cut with a seed of their own".into());
        } else {
            seen.insert(seed.value, player);
        }
    }
}

/// The final is between two rows: one `won`, one `lost`, and the winner placed above the loser
/// (the final decides the title).
fn check_final(reader: &mut Reader<'_>, raw: &RawEvent) {
    let mut winner: Option<&RawStanding> = None;
    let mut loser: Option<&RawStanding> = None;
    for row in &raw.standings {
        let Some(written) = &row.final_result else {
            continue;
        };
        let slot = match FinalResult::from_name(&written.value) {
            Some(FinalResult::Won) => &mut winner,
            Some(FinalResult::Lost) => &mut loser,
            // Reported with its row; which finalist it meant is unknown, so nothing more is.
            None => return,
        };
        if let Some(earlier) = slot {
            let earlier = earlier.player.as_ref().map_or("", |p| p.value.as_str());
            reader
                .error(
                    Code::Conflict,
                    written.span.clone(),
                    format!(
                        "the final has one {}, and `{earlier}` is already marked `{}`",
                        if written.value == "won" {
                            "winner"
                        } else {
                            "loser"
                        },
                        written.value
                    ),
                )
                .help = Some(
                "mark the final's two players only: its winner `won`, the other `lost`".into(),
            );
        } else {
            *slot = Some(row);
        }
    }
    let name = |row: &RawStanding| {
        row.player
            .as_ref()
            .map_or("", |p| p.value.as_str())
            .to_string()
    };
    match (winner, loser) {
        (Some(alone), None) | (None, Some(alone)) => {
            let (other, needed) = if winner.is_some() {
                ("loser", "lost")
            } else {
                ("winner", "won")
            };
            if let Some(written) = &alone.final_result {
                reader
                    .error(
                        Code::MissingField,
                        written.span.clone(),
                        format!("the final of `{}` has no {other}", name(alone)),
                    )
                    .help = Some(format!(
                    "give the final's {other} `final_result = \"{needed}\"` in their row"
                ));
            }
        }
        (Some(won), Some(lost)) => {
            if let (Some(a), Some(b), Some(written)) = (&won.rank, &lost.rank, &won.final_result)
                && a.value >= b.value
            {
                reader
                    .error(
                        Code::Conflict,
                        written.span.clone(),
                        format!(
                            "`{}` won the final but is ranked {}, not above `{}` (ranked {})",
                            name(won),
                            a.value,
                            name(lost),
                            b.value
                        ),
                    )
                    .help = Some(
                    "the final decides the title: check the ranks, or which finalist won".into(),
                );
            }
        }
        (None, None) => {}
    }
}
