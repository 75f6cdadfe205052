//! Page model of a SW:CCG bracket of two-game matches: a top cut's seeds, and each bracket
//! round's matches with their games, winner and what decided them; a `swccg-pc-match-play`
//! event's bracket is read from its games the same way.

use serde::Serialize;

use super::ccg_view::{CcgTableView, table_view};
use super::model::{PlayerRef, RuleLink};
use super::names::NameLinks;
use super::stage_view::Rule;
use crate::event::Event;
use crate::rules::ccg_event::{CcgComputed, CcgTopCut, ScoredTable};
use crate::rules::swccg::pc_match_play::{MatchDecided, MatchGame, match_outcome};

#[derive(Debug, Clone, Serialize)]
pub(crate) struct TopCutView {
    /// What the section is called: "Top 8", or "Bracket" for a match-play event.
    title: String,
    pub(crate) size: u32,
    /// The seeds as the venue set them (`[top_cut] seeds`), not from the Swiss standings.
    venue_seeds: bool,
    seeds: Vec<SeedView>,
    rounds: Vec<CutRoundView>,
    rule: RuleLink,
}

#[derive(Debug, Clone, Serialize)]
struct SeedView {
    /// 0 where the file holds no seeds (a match-play bracket).
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
    /// differential (+7)", "one game each, level on differential: fewer lost cards (45 to
    /// 52)", "game 2 not recorded yet", "no game recorded yet".
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
                            let games: Vec<(&crate::event::CcgTable, Option<&ScoredTable>)> = m
                                .games
                                .iter()
                                .map(|&g| (&recorded[g], top_cut.scored[g].as_ref()))
                                .collect();
                            decided_text(&games, winner, decided)
                        }
                        None if m.games.is_empty() => "no game recorded yet".to_string(),
                        None if games.len() == 1 => "game 2 not recorded yet".to_string(),
                        None => "no result recorded yet".to_string(),
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
        title: format!("Top {}", top_cut.seeds.len()),
        size: top_cut.seeds.len() as u32,
        venue_seeds: top_cut.venue_seeds,
        seeds: top_cut.seeds.iter().map(|&p| seed_of(p)).collect(),
        rounds,
        rule: rule("top-cut", "top cut"),
    }
}

/// What decided a match, with the figures that decided it, from its games as recorded and
/// scored.
fn decided_text(
    games: &[(&crate::event::CcgTable, Option<&ScoredTable>)],
    winner: usize,
    decided: MatchDecided,
) -> String {
    match decided {
        MatchDecided::BothGames => "won both games".to_string(),
        MatchDecided::Differential => {
            let margin: i64 = games
                .iter()
                .filter_map(|(_, scored)| *scored)
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
                    .filter_map(|(t, _)| {
                        let seat = usize::from(t.light == p);
                        t.lost_cards.map(|l| l[seat])
                    })
                    .sum()
            };
            let t = games[0].0;
            let loser = if t.dark == winner { t.light } else { t.dark };
            format!(
                "one game each, level on differential: fewer lost cards ({} to {})",
                lost(winner),
                lost(loser)
            )
        }
    }
}

/// The bracket of a `swccg-pc-match-play` event, read from its games: each bracket round is two
/// games, and a match is a table of the first with the same two players at a table of the
/// second. The file holds no seeds, so none is shown.
pub(crate) fn match_play_view(
    event: &Event,
    names: &NameLinks<'_>,
    ccg: &CcgComputed,
    rule: Rule<'_>,
) -> Option<TopCutView> {
    let games = event.ccg_games();
    if games.is_empty() {
        return None;
    }
    // A bracket's first round seats every player: its matches give the number of rounds.
    let round_count = (games[0].tables.len() as u32 * 2)
        .next_power_of_two()
        .trailing_zeros()
        .max(1) as usize;
    let scored = |round: usize, table: u32| {
        ccg.reported
            .get(round)
            .and_then(|tables| tables.iter().find(|s| s.table == table))
    };
    let rounds: Vec<CutRoundView> = games
        .chunks(2)
        .enumerate()
        .map(|(r, pair)| {
            let first_index = 2 * r;
            let matches = pair[0]
                .tables
                .iter()
                .map(|first| {
                    let second = pair.get(1).and_then(|g| {
                        g.tables.iter().find(|t| {
                            (t.dark, t.light) == (first.light, first.dark)
                                || (t.dark, t.light) == (first.dark, first.light)
                        })
                    });
                    let played: Vec<(usize, &crate::event::CcgTable)> =
                        std::iter::once((first_index, first))
                            .chain(second.map(|t| (first_index + 1, t)))
                            .collect();
                    let views: Vec<CcgTableView> = played
                        .iter()
                        .enumerate()
                        .map(|(n, &(round, t))| {
                            let mut view = match scored(round, t.number) {
                                Some(s) => table_view(names, s, rule),
                                None => CcgTableView::unreported(names, t.dark, t.light),
                            };
                            view.number = n as u32 + 1;
                            view
                        })
                        .collect();
                    let match_game = |&(round, t): &(usize, &crate::event::CcgTable)| MatchGame {
                        players: [t.dark, t.light],
                        result: scored(round, t.number).map(|s| {
                            let seat = usize::from(s.winner == s.light);
                            (s.winner, s.scores[seat].differential.unsigned_abs())
                        }),
                        lost_cards: t.lost_cards,
                    };
                    let outcome = match played[..] {
                        [a, b] => match_outcome(match_game(&a), match_game(&b)),
                        _ => None,
                    };
                    let both_scored = played.len() == 2
                        && played
                            .iter()
                            .all(|&(round, t)| scored(round, t.number).is_some());
                    let result = match outcome {
                        Some((winner, decided)) => {
                            let games: Vec<(&crate::event::CcgTable, Option<&ScoredTable>)> =
                                played
                                    .iter()
                                    .map(|&(round, t)| (t, scored(round, t.number)))
                                    .collect();
                            decided_text(&games, winner, decided)
                        }
                        None if both_scored => {
                            "level on games and differential, without the lost cards that decide it"
                                .to_string()
                        }
                        None => "no result recorded yet".to_string(),
                    };
                    CutMatchView {
                        players: [first.dark, first.light].map(|p| SeedView {
                            seed: 0,
                            player: names.player(p),
                        }),
                        games: views,
                        winner: outcome.map(|(w, _)| names.player(w)),
                        result,
                    }
                })
                .collect();
            (r, matches)
        })
        .map(|(r, matches)| CutRoundView {
            name: round_name(r, round_count.max(r + 1)),
            matches,
        })
        .collect();
    Some(TopCutView {
        title: "Bracket".to_string(),
        size: 0,
        venue_seeds: false,
        seeds: Vec::new(),
        rounds,
        rule: rule("bracket", "bracket"),
    })
}
