//! Which step a running event is at: the first Swiss round (or SW:CCG game) with a table still
//! to report, or, once the Swiss rounds are over, the elimination games that are ready to play
//! (SW:CCG: the next game of the Final Confrontation). A fact of the event, with its title, that
//! its summary links to and that the current round's pages ([`super::pairings_view`]) show.

use serde::Serialize;

use crate::event::{CcgPlay, CcgRound, Event, Kind, Round};
use crate::rules::bracket::GameState;
use crate::rules::ccg_event::CcgFinal;
use crate::rules::computed::Computed;

/// What the current step is: it decides how long it lasts and what a result slip asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Stage {
    /// A Swiss round of matches (SW:LCG).
    Round,
    /// A SW:CCG game: one game at each table, sides given.
    CcgGame,
    /// Elimination games ready to play: one game each.
    Elimination,
    /// The next game of a SW:CCG Final Confrontation: one table, a game like any other.
    FinalConfrontation,
    /// The next game of each open match of a SW:CCG top cut: a game like any other.
    CcgTopCut,
}

/// The step a running event is at, as [`current_step`] finds it: what the step plays, which
/// decides its [`Stage`] and its title.
pub(crate) enum Step<'a> {
    /// The first Swiss round with a table still to report.
    Round(&'a Round),
    /// The first SW:CCG game with a table still to report.
    CcgGame(&'a CcgRound),
    /// Game `game` of `total` of the SW:CCG Final Confrontation.
    Final {
        play: &'a CcgPlay,
        fin: &'a CcgFinal,
        game: u32,
        total: u32,
    },
    /// The next game of each open match of a SW:CCG top cut of `size`: the match's number and
    /// the game's sides `[dark, light]` (the first game's sides as the upper player would
    /// take them, where the match has no game yet).
    CcgTopCut {
        size: u32,
        matches: Vec<(u32, [usize; 2])>,
    },
    /// The elimination games of a cut of `size` that are ready to play, both players known.
    Elimination {
        size: u32,
        games: Vec<&'a GameState>,
    },
}

impl Step<'_> {
    pub(crate) fn stage(&self) -> Stage {
        match self {
            Step::Round(_) => Stage::Round,
            Step::CcgGame(_) => Stage::CcgGame,
            Step::Final { .. } => Stage::FinalConfrontation,
            Step::CcgTopCut { .. } => Stage::CcgTopCut,
            Step::Elimination { .. } => Stage::Elimination,
        }
    }

    /// `Round 2`, `Game 5`, `Final Confrontation: game 2 of 3`, `Top 8: games 9 and 10`.
    pub(crate) fn title(&self) -> String {
        match self {
            Step::Round(round) => format!("Round {}", round.number),
            Step::CcgGame(game) => format!("Game {}", game.number),
            Step::Final { total: 1, .. } => "Final Confrontation".to_string(),
            Step::Final { game, total, .. } => {
                format!("Final Confrontation: game {game} of {total}")
            }
            Step::CcgTopCut { size, matches } => {
                let numbers: Vec<String> = matches.iter().map(|(n, _)| n.to_string()).collect();
                match numbers.as_slice() {
                    [one] => format!("Top {size}: match {one}"),
                    [init @ .., last] => {
                        format!("Top {size}: matches {} and {last}", init.join(", "))
                    }
                    [] => unreachable!("a step of the top cut has a match"),
                }
            }
            Step::Elimination { size, games } => {
                let numbers: Vec<String> =
                    games.iter().map(|g| g.spec.number.to_string()).collect();
                match numbers.as_slice() {
                    [one] => format!("Top {size}: game {one}"),
                    [init @ .., last] => {
                        format!("Top {size}: games {} and {last}", init.join(", "))
                    }
                    [] => unreachable!("a step of elimination games has a game"),
                }
            }
        }
    }
}

/// The step `event` is at, if it is running one: the first Swiss round (or SW:CCG game) with a
/// table still to report, else the next game of a Final Confrontation still to decide, else the
/// elimination games ready to play. The one rule for the current round's pages and for the
/// links to them that the event's summary carries.
pub(crate) fn current_step<'a>(event: &'a Event, computed: &'a Computed) -> Option<Step<'a>> {
    // A record that stops has no step under way, whatever it left unreported.
    if computed.status == crate::rules::computed::Status::Stopped {
        return None;
    }
    if let Some(round) = event.rounds().iter().find(|r| !r.is_complete()) {
        return Some(Step::Round(round));
    }
    if let Some(game) = event.ccg_games().iter().find(|g| !g.is_complete()) {
        return Some(Step::CcgGame(game));
    }
    if let (Kind::Ccg(play), Some(fin)) = (
        &event.kind,
        computed
            .ccg()
            .and_then(|c| c.final_confrontation.as_ref())
            .filter(|f| f.outcome.is_none()),
    ) {
        let game = play.final_games.len() as u32 + 1;
        let total = crate::rules::ccg_format::final_games(&event.info);
        return (game <= total).then_some(Step::Final {
            play,
            fin,
            game,
            total,
        });
    }
    if let Some(top_cut) = computed.ccg().and_then(|c| c.top_cut.as_ref()) {
        let recorded = event.ccg_top_cut_games();
        let matches: Vec<(u32, [usize; 2])> = top_cut
            .bracket
            .open_matches()
            .map(|m| {
                let first = m
                    .games
                    .first()
                    .map(|&g| [recorded[g].dark, recorded[g].light]);
                (m.number, m.next_sides(first, None))
            })
            .collect();
        return (!matches.is_empty()).then_some(Step::CcgTopCut {
            size: top_cut.seeds.len() as u32,
            matches,
        });
    }
    let bracket = computed
        .swiss()?
        .bracket
        .as_ref()
        .filter(|b| !b.ready.is_empty())?;
    let games: Vec<&GameState> = bracket
        .games
        .iter()
        .filter(|g| bracket.ready.contains(&g.spec.number))
        .filter(|g| g.players.iter().all(Option::is_some))
        .collect();
    (!games.is_empty()).then_some(Step::Elimination {
        size: bracket.size,
        games,
    })
}
