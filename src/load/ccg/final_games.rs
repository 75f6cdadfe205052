//! Validation of what follows a SW:CCG event's games: its top cut (`[top_cut]`, a bracket of
//! two-game matches) and the Final Confrontation between the two leaders (`[final]`).

use super::{ccg_result, validate_lost_cards};
use std::collections::BTreeMap;

use crate::diag::Code;
use crate::event::{CcgTable, Player};
use crate::load::raw::{RawFinal, RawTable};
use crate::load::validate::common::resolve;
use crate::toml_reader::Reader;

/// Reads `[top_cut]`: the seeds as written (each a player, once, as many as the cut) and the
/// games, whose place in the bracket is checked once the Swiss standings are computed. Only
/// an event that announces a top cut of matches (`cut` of 4 or more) has one.
pub(crate) fn validate_top_cut(
    reader: &mut Reader<'_>,
    raw: &crate::load::raw::RawTopCut,
    cut: u32,
    players: &[Player],
) -> Option<crate::event::CcgTopCut> {
    if cut < 4 {
        reader
            .error(
                Code::InvalidValue,
                raw.span.clone(),
                "`[top_cut]` records a top cut of two-game matches, and this event announces none",
            )
            .help = Some("set `cut = 8` (or 4, or 16) in `[event]`, or remove `[top_cut]`".into());
        return None;
    }
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let seeds = match &raw.seeds {
        None => None,
        Some(written) => {
            let mut seeds = Vec::new();
            for id in &written.value {
                let Some(p) = resolve(reader, &ids, id, "in `seeds`") else {
                    continue;
                };
                if seeds.contains(&p) {
                    reader
                        .error(
                            Code::Conflict,
                            id.span.clone(),
                            format!("{} has two seeds", players[p].name),
                        )
                        .help = Some("each player of the cut has one seed".into());
                }
                seeds.push(p);
            }
            if written.value.len() != cut as usize {
                reader
                    .error(
                        Code::InvalidValue,
                        written.span.clone(),
                        format!(
                            "`seeds` names {} players for a cut of {cut}",
                            written.value.len()
                        ),
                    )
                    .help = Some(format!(
                    "name the {cut} players of the cut, first seed first, or remove `seeds` to seed them from the Swiss standings"
                ));
            }
            Some(seeds)
        }
    };
    let games = validate_final_games(reader, &raw.games, players, true);
    Some(crate::event::CcgTopCut { seeds, games })
}

/// Reports what the computed top cut says of `[top_cut]` as written: games before the Swiss
/// games are over, a cut the standings cannot fill, games outside the bracket, and seeds
/// that differ from the ones the Swiss standings give (a warning: the venue's seeds stand).
pub(crate) fn report_top_cut_problems(
    reader: &mut Reader<'_>,
    recorded: &crate::load::raw::RawTopCut,
    event: &crate::event::Event,
    computed: &crate::rules::computed::Computed,
) {
    let Some(ccg) = computed.ccg() else { return };
    let Some(top_cut) = &ccg.top_cut else {
        if recorded.games.is_empty() && recorded.seeds.is_none() {
            return;
        }
        let swiss_over = computed
            .swiss_rounds
            .is_some_and(|n| ccg.finished as u32 >= n && ccg.finished == ccg.reported.len());
        let (message, help) = if swiss_over {
            (
                format!(
                    "the final standings hold fewer players still in the event than the cut of {}",
                    computed.cut.unwrap_or(0)
                ),
                "correct `cut` in `[event]`, or name the seeds the venue set in `seeds`",
            )
        } else {
            (
                "the top cut is recorded, but the Swiss games are not all finished".to_string(),
                "record every Swiss game's results first (`swiss_rounds` counts the Swiss games)",
            )
        };
        reader
            .error(Code::BadResult, recorded.span.clone(), message)
            .help = Some(help.into());
        return;
    };
    let name = |p: usize| event.players[p].name.as_str();
    for problem in &top_cut.bracket.problems {
        let Some(game) = recorded.games.get(problem.game) else {
            continue;
        };
        let open: Vec<String> = top_cut
            .bracket
            .rounds
            .iter()
            .flatten()
            .filter(|m| m.outcome.is_none())
            .map(|m| format!("{} v {}", name(m.players[0]), name(m.players[1])))
            .collect();
        let level = problem.kind == crate::rules::swccg::top_cut::CutProblemKind::Level;
        reader
            .error(
                Code::BadResult,
                game.span.clone(),
                format!(
                    "game {} of the top cut: {}",
                    problem.game + 1,
                    problem.kind.message()
                ),
            )
            .help = Some(if level {
            "give both games of the match their `lost_cards = { dark = N, light = N }` (the cards each side lost): the fewer lost cards win a match level on differential".into()
        } else if open.is_empty() {
            "the top cut is decided: remove this game, or correct the games before it".into()
        } else {
            format!(
                "the matches still to play: {}; each plays two games, the sides swapped in the second",
                open.join(", ")
            )
        });
    }
    if top_cut.venue_seeds
        && top_cut.seeds != top_cut.standings_seeds
        && let Some(seeds) = &recorded.seeds
    {
        let given: Vec<String> = top_cut
            .standings_seeds
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{} {}", i + 1, name(p)))
            .collect();
        reader
            .warning(
                Code::RuleDeparture,
                seeds.span.clone(),
                format!(
                    "the seeds differ from the final Swiss standings, which give {}",
                    given.join(", ")
                ),
            )
            .help = Some(
            "the cut stands as the venue seeded it; correct `seeds` if they were copied wrong"
                .into(),
        );
    }
}

/// The recorded games of a Final Confrontation, of tiebreaker games, or of a top cut
/// (`bracket`: the only games whose `lost_cards` decide anything).
pub(crate) fn validate_final_games(
    reader: &mut Reader<'_>,
    tables: &[RawTable],
    players: &[Player],
    bracket: bool,
) -> Vec<CcgTable> {
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut out = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let Some(ccg) = &t.ccg else { continue };
        let dark = ccg
            .dark
            .as_ref()
            .and_then(|d| resolve(reader, &ids, d, "as `dark`"));
        let light = ccg
            .light
            .as_ref()
            .and_then(|l| resolve(reader, &ids, l, "as `light`"));
        let (Some(dark), Some(light)) = (dark, light) else {
            continue;
        };
        let result = ccg_result(
            reader,
            t.span.clone(),
            ccg,
            [dark, light],
            (&ids, players),
            true,
        );
        let lost_cards = ccg
            .lost_cards
            .as_ref()
            .and_then(|written| validate_lost_cards(reader, written, result.is_some(), bracket));
        out.push(CcgTable {
            number: i as u32 + 1,
            dark,
            light,
            result,
            violation: None,
            lost_cards,
        });
    }
    out
}

/// What `[final]` records of a SW:CCG Final Confrontation besides its games.
#[derive(Debug, Default)]
pub(crate) struct FinalRecord {
    /// The second seed waived the Final Confrontation (`waived`).
    pub(crate) waived: bool,
    /// The finalists replaced by the next highest player, in order (`replaced`).
    pub(crate) replaced: Vec<usize>,
    /// The finalist who won the coin tossed at the venue (`winner`); whether the final was
    /// left to a coin is judged once the event is computed.
    pub(crate) coin: Option<usize>,
}

/// `[final] waived`, `[final] replaced` and `[final] winner` (SW:CCG only), resolved.
pub(crate) fn validate_final_record(
    reader: &mut Reader<'_>,
    recorded: Option<&RawFinal>,
    ccg: bool,
    players: &[Player],
) -> FinalRecord {
    let Some(f) = recorded else {
        return FinalRecord::default();
    };
    if !ccg {
        let spans = f
            .waived
            .iter()
            .map(|w| w.span.clone())
            .chain(f.replaced.iter().map(|r| r.span.clone()))
            .chain(f.winner.iter().map(|w| w.span.clone()));
        for span in spans {
            reader
                .error(
                    Code::InvalidValue,
                    span,
                    "`waived`, `replaced` and `winner` record a SW:CCG Final Confrontation",
                )
                .help = Some("remove them; a team final's games name their winners".into());
        }
        return FinalRecord::default();
    }
    let waived = f.waived.as_ref().is_some_and(|w| w.value);
    if let Some(w) = f.waived.as_ref().filter(|w| w.value)
        && !f.ccg_games.is_empty()
    {
        reader
            .error(
                Code::Conflict,
                w.span.clone(),
                "a waived Final Confrontation has no games",
            )
            .help = Some("remove `waived`, or the final's `games`".into());
    }
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut replaced: Vec<usize> = Vec::new();
    for r in &f.replaced {
        if let Some(p) = resolve(reader, &ids, r, "in `replaced`") {
            if replaced.contains(&p) {
                reader
                    .error(
                        Code::Conflict,
                        r.span.clone(),
                        format!("{} is in `replaced` twice", players[p].name),
                    )
                    .help = Some("name each replaced finalist once".into());
            } else {
                replaced.push(p);
            }
        }
    }
    let coin = f.winner.as_ref().and_then(|w| {
        let p = resolve(reader, &ids, w, "as the winner of the coin")?;
        if waived {
            reader
                .error(
                    Code::Conflict,
                    w.span.clone(),
                    "a waived Final Confrontation has no coin toss: the higher seed wins the event",
                )
                .help = Some("remove `winner`, or `waived`".into());
            return None;
        }
        Some(p)
    });
    FinalRecord {
        waived,
        replaced,
        coin,
    }
}
