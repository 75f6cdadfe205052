//! Validation of `[elimination]`: the recorded top-cut games. Who plays whom and which side
//! each takes come from the bracket, so what is checked here is the shape of each entry; what
//! the bracket makes of the entries is checked against the rules afterwards (see
//! [`report_bracket_problems`]).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::raw::{RawEliminationGame, RawEvent, RawTimed};
use super::validate::common::{in_range, resolve};
use crate::diag::Code;
use crate::event::{EliminationGame, Player};
use crate::event::{Side, Timed};
use crate::rules::bracket::Problem;
use crate::rules::computed::Computed;
use crate::toml_reader::Reader;

/// Reads the elimination games. `cut` is the cut in force (0 when none); `swiss_finished`
/// whether every planned Swiss round has its results.
pub(crate) fn validate_elimination(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    players: &[Player],
    cut: u32,
    swiss_finished: bool,
) -> Vec<EliminationGame> {
    let Some(span) = raw.elimination_span.clone() else {
        return Vec::new();
    };
    if cut == 0 {
        reader
            .error(
                Code::InvalidValue,
                span,
                "this event has no cut, so it has no elimination games",
            )
            .help = Some("set `cut` in `[event]` (4, 8 or 16), or remove `[elimination]`".into());
        return Vec::new();
    }
    if !swiss_finished
        && raw
            .elimination
            .iter()
            .any(|g| g.winner.is_some() || g.timed.is_some())
    {
        reader.error(Code::BadResult, span, "elimination results are recorded before the Swiss rounds are finished").help =
            Some("record every Swiss round's results first; the cut is made from the final Swiss standings".into());
    }
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let last_game = 2 * cut - 1;
    let mut seen = BTreeSet::new();
    let mut games = Vec::new();
    for entry in &raw.elimination {
        let Some(number) = in_range(reader, &entry.game, "`game`", 1, i64::from(last_game)) else {
            continue;
        };
        if !seen.insert(number) {
            let span = entry
                .game
                .as_ref()
                .map_or(entry.span.clone(), |g| g.span.clone());
            reader
                .error(
                    Code::Conflict,
                    span,
                    format!("game {number} is recorded twice"),
                )
                .help = Some("record each elimination game once".into());
            continue;
        }
        let winner = entry
            .winner
            .as_ref()
            .and_then(|w| resolve(reader, &ids, w, "as a winner"));
        let dark = entry
            .dark
            .as_ref()
            .and_then(|d| resolve(reader, &ids, d, "in `dark`"));
        let timed = entry.timed.as_ref().and_then(|t| validate_timed(reader, t));
        games.push(EliminationGame {
            number,
            winner,
            dark,
            timed,
        });
    }
    games
}

fn validate_timed(reader: &mut Reader<'_>, raw: &RawTimed) -> Option<Timed> {
    let written = [
        &raw.light_objectives,
        &raw.light_damage,
        &raw.dial,
        &raw.dark_damage,
    ];
    let mut counts = [0; 4];
    let mut valid = true;
    for ((count, (key, max)), value) in counts.iter_mut().zip(Timed::COUNTS).zip(written) {
        match in_range(reader, value, &format!("`{key}`"), 0, i64::from(max)) {
            Some(n) => *count = n,
            None => valid = false,
        }
    }
    let balance = match raw.balance.as_ref() {
        Some(b) if b.value == "dark" => Some(Side::Dark),
        Some(b) if b.value == "light" => Some(Side::Light),
        Some(b) => {
            reader.not_one_of(
                b,
                format!("`{}` is not a side", b.value),
                &["dark", "light"],
            );
            None
        }
        None => None,
    };
    Some(Timed::from_counts(counts, balance?)).filter(|_| valid)
}

/// The span of the recorded entry for `game`, or of `[elimination]`.
fn game_span(raw: &RawEvent, game: u32) -> Range<usize> {
    raw.elimination
        .iter()
        .find(|g: &&RawEliminationGame| g.game.as_ref().is_some_and(|n| n.value == i64::from(game)))
        .map_or_else(
            || raw.elimination_span.clone().unwrap_or(0..0),
            |g| g.span.clone(),
        )
}

/// Turns what the bracket could not accept into errors at the recorded entries.
pub(crate) fn report_bracket_problems(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    players: &[Player],
    computed: &Computed,
) {
    let name = |p: usize| players.get(p).map_or("?", |p| p.name.as_str()).to_string();
    // A game waiting on a game with a problem is a consequence, not a second mistake.
    let problems = computed.swiss().map_or(&[][..], |s| &s.bracket_problems);
    let first_problem = problems
        .iter()
        .filter(|p| !matches!(p, Problem::NotReady { .. }))
        .map(Problem::game)
        .min();
    for problem in problems {
        if matches!(problem, Problem::NotReady { .. })
            && first_problem.is_some_and(|g| g < problem.game())
        {
            continue;
        }
        let (game, message, help) = match *problem {
            Problem::NoSuchGame { game } => (
                game,
                format!("the bracket has no game {game}"),
                "use the game numbers of the bracket sheet".to_string(),
            ),
            Problem::NotReady { game } => (
                game,
                format!("game {game} has a result, but its players are not known yet"),
                "record the results of the games that feed it first".to_string(),
            ),
            Problem::NotInGame { game, player } => (
                game,
                format!("{} does not play game {game}", name(player)),
                "name one of the game's two players (see the bracket on the event page)"
                    .to_string(),
            ),
            Problem::WrongSide { game, expected } => (
                game,
                format!(
                    "the rules put {} on the dark side in game {game}",
                    name(expected)
                ),
                format!(
                    "write `dark = \"{}\"`, or remove `dark`: this side is computed",
                    players.get(expected).map_or("", |p| p.id.as_str())
                ),
            ),
            Problem::MissingSideChoice { game } => (
                game,
                format!("game {game} has a result but not the side the higher seed chose"),
                "add `dark = \"<id>\"` with the player who played dark".to_string(),
            ),
            Problem::WrongTimeWinner { game, expected } => (
                game,
                format!(
                    "by the going-to-time scores, {} won game {game}",
                    name(expected)
                ),
                "check the recorded game state, or remove `winner`: it is computed from `timed`"
                    .to_string(),
            ),
            Problem::NotNeeded { game } => (
                game,
                format!("game {game} is not played: the upper-bracket finalist won the final"),
                "remove this game".to_string(),
            ),
            Problem::UntimedFinal { game } => (
                game,
                format!(
                    "game {game} is a finalists' game, which has no time limit under these rules"
                ),
                "remove `timed` and record the `winner`: the game is played to its end".to_string(),
            ),
            Problem::NoResult { game } => (
                game,
                format!("game {game} has no result"),
                "add `winner` or `timed`".to_string(),
            ),
        };
        reader
            .error(Code::BadResult, game_span(raw, game), message)
            .help = Some(help);
    }
}
