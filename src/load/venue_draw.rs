//! `venue_draw` in `[event]`: the order the venue drew among players level on everything but
//! the random tiebreaker in the final Swiss standings. The rules leave that order to chance, so
//! the file may record how it fell; the ids are resolved here, and what the order cannot apply
//! to (players the random tiebreaker does not separate) is reported once the standings are
//! computed ([`report_venue_draw_problems`]).

use std::collections::BTreeSet;

use super::raw::RawEvent;
use super::validate::common::{player_positions, resolve};
use crate::diag::Code;
use crate::event::Player;
use crate::rules::computed::Computed;
use crate::rules::standings::VenueDrawProblem;
use crate::rules::{Ruleset, Tiebreaker};
use crate::toml_reader::Reader;

/// The players `venue_draw` names, in order, for an event with Swiss standings (`swiss`); an
/// error for any other kind of event, an unknown id or a player named twice.
pub(crate) fn validate_venue_draw(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    players: &[Player],
    swiss: bool,
) -> Vec<usize> {
    let written = &raw.info.venue_draw;
    let Some(first) = written.first() else {
        return Vec::new();
    };
    if !swiss {
        reader
            .error(
                Code::InvalidValue,
                first.span.clone(),
                "`venue_draw` orders players level in the final standings of Swiss rounds, which this event does not have",
            )
            .help = Some("remove `venue_draw`".into());
        return Vec::new();
    }
    let ids = player_positions(players);
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for id in written {
        let Some(p) = resolve(reader, &ids, id, "in `venue_draw`") else {
            continue;
        };
        if seen.insert(p) {
            order.push(p);
        } else {
            reader
                .error(
                    Code::Conflict,
                    id.span.clone(),
                    format!("`{}` is named twice in `venue_draw`", id.value),
                )
                .help = Some("name each player once, in the order drawn at the venue".into());
        }
    }
    order
}

/// Reports, at the ids of `venue_draw`, what the recorded order cannot apply to.
pub(crate) fn report_venue_draw_problems(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    players: &[Player],
    computed: &Computed,
) {
    let Some(swiss) = computed.swiss() else {
        return;
    };
    let written = &raw.info.venue_draw;
    let span_of = |p: usize| {
        written
            .iter()
            .find(|id| players.get(p).is_some_and(|player| player.id == id.value))
            .or(written.first())
            .map_or(raw.info.span.clone(), |id| id.span.clone())
    };
    let name = |p: usize| players.get(p).map_or("?", |p| p.name.as_str()).to_string();
    let level_on = level_on(computed.ruleset);
    for problem in &swiss.venue_draw_problems {
        let (span, message, help) = match problem {
            VenueDrawProblem::NotFinal => (
                span_of(usize::MAX),
                "`venue_draw` orders the final Swiss standings, and the Swiss rounds are not finished".to_string(),
                "record it once every Swiss round has its results, or remove it".to_string(),
            ),
            VenueDrawProblem::NotTied { player } => (
                span_of(*player),
                format!(
                    "{} is not level with another player on {level_on} in the final standings: the random tiebreaker does not place them, so the venue drew nothing for them",
                    name(*player)
                ),
                format!(
                    "remove `{}`: `venue_draw` names only players whose places the random tiebreaker decides (marked `{}` in the standings)",
                    players.get(*player).map_or("", |p| p.id.as_str()),
                    Tiebreaker::Random.short()
                ),
            ),
            VenueDrawProblem::Incomplete { named, missing } => {
                let names =
                    |list: &[usize]| and_list(&list.iter().map(|&p| name(p)).collect::<Vec<_>>());
                let verb = if named.len() == 1 { "is" } else { "are" };
                (
                    span_of(named[0]),
                    format!(
                        "{} {verb} level on {level_on} with {}, whom `venue_draw` leaves out",
                        names(named),
                        names(missing)
                    ),
                    format!(
                        "name every player of the tie in the order drawn at the venue, such as `venue_draw = [{}]`",
                        named
                            .iter()
                            .chain(missing)
                            .filter_map(|&p| players.get(p))
                            .map(|p| format!("\"{}\"", p.id))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            }
        };
        reader.error(Code::InvalidValue, span, message).help = Some(help);
    }
}

/// What players level before the random tiebreaker share, in words: "points, strength of
/// schedule and extended strength of schedule".
fn level_on(ruleset: &Ruleset) -> String {
    let mut parts = vec!["points".to_string()];
    parts.extend(
        ruleset
            .tiebreakers
            .iter()
            .filter(|&&t| t != Tiebreaker::Random)
            .map(|t| t.label().to_lowercase()),
    );
    and_list(&parts)
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}
