//! Page model of a SW:CCG top cut of two-game matches: the seeds, and each bracket round's
//! matches with their games, winner and what decided them.

use serde::Serialize;

use super::ccg_view::{CcgTableView, table_view};
use super::model::{PlayerRef, RuleLink};
use super::names::NameLinks;
use super::stage_view::Rule;
use crate::event::Event;
use crate::rules::ccg_event::CcgTopCut;
use crate::rules::swccg::pc_match_play::MatchDecided;

#[derive(Debug, Clone, Serialize)]
pub(crate) struct TopCutView {
    pub(crate) size: u32,
    /// The seeds as the venue set them (`[top_cut] seeds`), not from the Swiss standings.
    venue_seeds: bool,
    seeds: Vec<SeedView>,
    rounds: Vec<CutRoundView>,
    rule: RuleLink,
}

#[derive(Debug, Clone, Serialize)]
struct SeedView {
    seed: u32,
    player: PlayerRef,
}

#[derive(Debug, Clone, Serialize)]
struct CutRoundView {
    /// "Quarter-finals", "Semi-finals", "Final", or "Round of 16".
    name: &'static str,
    matches: Vec<CutMatchView>,
}

#[derive(Debug, Clone, Serialize)]
struct CutMatchView {
    /// The two players, upper first, each with their seed.
    players: [SeedView; 2],
    /// The recorded games, numbered 1 and 2 within the match.
    games: Vec<CcgTableView>,
    winner: Option<PlayerRef>,
    /// What decided the match, or where it stands: "won both games", "one game each: higher
    /// differential (+7 to -7)", "one game each, level on differential: fewer lost cards
    /// (45 to 52)", "game 2 to play", "to play".
    result: String,
}

/// The name of bracket round `round` (0 first) of `count`.
fn round_name(round: usize, count: usize) -> &'static str {
    match count - round {
        1 => "Final",
        2 => "Semi-finals",
        3 => "Quarter-finals",
        _ => "Round of 16",
    }
}

pub(crate) fn top_cut_view(
    event: &Event,
    names: &NameLinks<'_>,
    top_cut: &CcgTopCut,
    rule: Rule<'_>,
) -> TopCutView {
    let seed_of = |p: usize| SeedView {
        seed: top_cut
            .seeds
            .iter()
            .position(|&s| s == p)
            .map_or(0, |i| i as u32 + 1),
        player: names.player(p),
    };
    let recorded = event.ccg_top_cut_games();
    let bracket = &top_cut.bracket;
    let rounds = bracket
        .rounds
        .iter()
        .enumerate()
        .map(|(r, matches)| CutRoundView {
            name: round_name(r, bracket.round_count),
            matches: matches
                .iter()
                .map(|m| {
                    let games: Vec<CcgTableView> = m
                        .games
                        .iter()
                        .enumerate()
                        .map(|(n, &g)| {
                            let mut view = match &top_cut.scored[g] {
                                Some(scored) => table_view(names, scored, rule),
                                None => CcgTableView::unreported(
                                    names,
                                    recorded[g].dark,
                                    recorded[g].light,
                                ),
                            };
                            view.number = n as u32 + 1;
                            view
                        })
                        .collect();
                    let result = match m.outcome {
                        Some((winner, decided)) => {
                            decided_text(top_cut, recorded, m.games.as_slice(), winner, decided)
                        }
                        None if m.games.is_empty() => "to play".to_string(),
                        None if games.len() == 1 => "game 2 to play".to_string(),
                        None => "under way".to_string(),
                    };
                    CutMatchView {
                        players: m.players.map(seed_of),
                        games,
                        winner: m.outcome.map(|(w, _)| names.player(w)),
                        result,
                    }
                })
                .collect(),
        })
        .collect();
    TopCutView {
        size: top_cut.seeds.len() as u32,
        venue_seeds: top_cut.venue_seeds,
        seeds: top_cut.seeds.iter().map(|&p| seed_of(p)).collect(),
        rounds,
        rule: rule("top-cut", "top cut"),
    }
}

/// What decided a match, with the figures that decided it.
fn decided_text(
    top_cut: &CcgTopCut,
    recorded: &[crate::event::CcgTable],
    games: &[usize],
    winner: usize,
    decided: MatchDecided,
) -> String {
    match decided {
        MatchDecided::BothGames => "won both games".to_string(),
        MatchDecided::Differential => {
            let margin: i64 = games
                .iter()
                .filter_map(|&g| top_cut.scored[g].as_ref())
                .map(|s| {
                    let seat = usize::from(s.light == winner);
                    i64::from(s.scores[seat].differential)
                })
                .sum();
            format!("one game each: higher differential ({margin:+})")
        }
        MatchDecided::LostCards => {
            let lost = |p: usize| -> u32 {
                games
                    .iter()
                    .filter_map(|&g| {
                        let t = &recorded[g];
                        let seat = usize::from(t.light == p);
                        t.lost_cards.map(|l| l[seat])
                    })
                    .sum()
            };
            let t = &recorded[games[0]];
            let loser = if t.dark == winner { t.light } else { t.dark };
            format!(
                "one game each, level on differential: fewer lost cards ({} to {})",
                lost(winner),
                lost(loser)
            )
        }
    }
}
