//! Where a result goes: the Swiss table, SW:CCG game, elimination game or Final Confrontation
//! game a request names (or, without `--round`, the one being played), who sits there, and
//! who played dark where the rules let the players choose.

use super::parse::player;
use crate::edit::pair::ReadyGame;
use crate::event::{CcgPlay, Event, Kind, SwissPlay};
use crate::rules::ccg_event::{self, CcgComputed, CcgFinal};
use crate::rules::ccg_format;
use crate::rules::computed::{Computed, ComputedKind, SwissComputed};

/// Where the result goes: found from the file and the command's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// Table `table` of Swiss round `round` (1-based).
    Swiss { round: u32, table: u32 },
    /// Table `table` of SW:CCG game `game`.
    Ccg { game: u32, table: u32 },
    /// Elimination game `game`.
    Elimination { game: u32 },
    /// Game `game` (1 or 2) of a SW:CCG Final Confrontation.
    Final { game: u32 },
    /// The final match of a team event whose two best teams finished level (`[final]`).
    TeamFinal,
    /// Game `game` (1 or 2) of match `number` of a SW:CCG top cut, written as the top cut's
    /// game `index` (0 first) in the order played.
    TopCut { number: u32, game: u32, index: u32 },
}

impl Place {
    pub(super) fn describe(self) -> String {
        match self {
            Place::Swiss { round, table } => format!("table {table} of round {round}"),
            Place::Ccg { game, table } => format!("table {table} of game {game}"),
            Place::Elimination { game } => format!("elimination game {game}"),
            Place::Final { game } => format!("game {game} of the Final Confrontation"),
            Place::TeamFinal => "the final match".to_string(),
            Place::TopCut { number, game, .. } => {
                format!("game {game} of match {number} of the top cut")
            }
        }
    }
}

/// The command's request.
#[derive(Debug, Clone, Default)]
pub struct Request<'a> {
    /// The table number (or, once the Swiss rounds are over, the elimination game number; once
    /// the SW:CCG games are over, the Final Confrontation's game number).
    pub table: u32,
    /// The result as typed; may be left out with `timed`, whose scores name the winner.
    pub result: Option<&'a str>,
    /// The round (or SW:CCG game) to write into, when not the one `replace` or the open round
    /// points at.
    pub round: Option<u32>,
    /// Who played dark: an elimination game's higher seed's choice, the first allegiance of a
    /// Final Confrontation, or a Swiss table's `first_dark`.
    pub dark: Option<&'a str>,
    /// Elimination: the game state when time was called, as `key=value` pairs named like the
    /// file's `timed` keys.
    pub timed: Option<&'a str>,
    /// Correct a result already recorded.
    pub replace: bool,
}

/// The place the request points at, checked against the event, and its two players (for
/// SW:CCG games, `[dark, light]`).
pub(super) fn find_place(
    event: &Event,
    computed: &Computed,
    request: &Request<'_>,
) -> Result<(Place, [usize; 2]), String> {
    match (&event.kind, &computed.kind) {
        (Kind::Swiss(play), ComputedKind::Swiss(swiss)) => {
            find_swiss_place(event, play, swiss, request)
        }
        (Kind::Ccg(play), ComputedKind::Ccg(ccg)) => find_ccg_place(event, play, ccg, request),
        (Kind::Recorded(_), _) => Err(
            "this event is known only by its final standings (`[[standings]]`): it has no tables to report".into(),
        ),
        (Kind::League(_) | Kind::Challenge(_), _) => Err(format!(
            "a `{}` event has no tables to report: record each game with `holonet game FILE DARK LIGHT RESULT` (a challenge session: `holonet session FILE SCENARIO SOLO --team A B --winner solo|team`) as it is played",
            event.info.format
        )),
        (Kind::Swiss(_) | Kind::Ccg(_), _) => {
            unreachable!("compute gives each kind of event its own results")
        }
    }
}

/// [`find_place`] for a Swiss event: a table of a round, the team final, or an elimination
/// game.
pub(super) fn find_swiss_place(
    event: &Event,
    play: &SwissPlay,
    swiss: &SwissComputed,
    request: &Request<'_>,
) -> Result<(Place, [usize; 2]), String> {
    let table = request.table;
    let round = if let Some(n) = request.round {
        Some(
            play.rounds
                .iter()
                .find(|r| r.number == n)
                .ok_or_else(|| format!("round {n} is not in the file"))?,
        )
    } else if request.replace {
        if play.elimination.iter().any(|g| g.is_reported()) || play.final_match.is_some() {
            None
        } else {
            Some(
                play.rounds
                    .iter()
                    .rev()
                    .find(|r| !r.is_unreported())
                    .ok_or("no round has a result yet: leave out --replace to record one")?,
            )
        }
    } else {
        play.rounds.iter().find(|r| !r.is_complete())
    };
    if let Some(round) = round {
        let found = round
            .tables
            .iter()
            .find(|t| t.number == table)
            .ok_or_else(|| format!("round {} has no table {table}", round.number))?;
        return Ok((
            Place::Swiss {
                round: round.number,
                table,
            },
            found.players,
        ));
    }
    if let Some(team_final) = &swiss.team_final {
        if table != 1 {
            return Err(format!(
                "the Swiss rounds are over and {} and {} play the final match: report it as table 1, not {table}",
                event.players[team_final.teams[0]].name, event.players[team_final.teams[1]].name
            ));
        }
        return Ok((Place::TeamFinal, team_final.teams));
    }
    let bracket = swiss.bracket.as_ref().ok_or_else(|| match play.rounds.last() {
        Some(last) => format!(
            "every table of round {0} has its result; run holonet pair for the next round, or pass --replace to correct a result of round {0}",
            last.number
        ),
        None => "no round is paired yet: run holonet pair first".to_string(),
    })?;
    let game = bracket
        .games
        .iter()
        .find(|g| g.spec.number == table)
        .ok_or_else(|| format!("the bracket has no game {table}"))?;
    let [Some(a), Some(b)] = game.players else {
        return Err(format!(
            "the players of elimination game {table} are not known yet"
        ));
    };
    Ok((Place::Elimination { game: table }, [a, b]))
}

/// [`find_place`] for a SW:CCG event: a table of a game, or a game of the Final Confrontation.
pub(super) fn find_ccg_place(
    event: &Event,
    play: &CcgPlay,
    ccg: &CcgComputed,
    request: &Request<'_>,
) -> Result<(Place, [usize; 2]), String> {
    let table = request.table;
    let game = if let Some(n) = request.round {
        Some(
            play.games
                .iter()
                .find(|g| g.number == n)
                .ok_or_else(|| format!("game {n} is not in the file"))?,
        )
    } else if request.replace {
        if play.final_games.iter().any(|t| t.result.is_some()) {
            None
        } else {
            Some(
                play.games
                    .iter()
                    .rev()
                    .find(|g| g.tables.iter().any(|t| t.result.is_some()))
                    .ok_or("no game has a result yet: leave out --replace to record one")?,
            )
        }
    } else {
        play.games.iter().find(|g| !g.is_complete())
    };
    if let Some(game) = game {
        let found = game
            .tables
            .iter()
            .find(|t| t.number == table)
            .ok_or_else(|| format!("game {} has no table {table}", game.number))?;
        return Ok((
            Place::Ccg {
                game: game.number,
                table,
            },
            [found.dark, found.light],
        ));
    }
    if let Some((next, _)) = &ccg.next {
        return Err(format!(
            "every table of game {0} has its result; run holonet pair for game {next}, or pass --replace to correct a result of game {0}",
            next - 1
        ));
    }
    if let Some(top_cut) = &ccg.top_cut {
        return top_cut_place(event, play, top_cut, request);
    }
    let fin = ccg.final_confrontation.as_ref().ok_or(
        "every game in the file has its results and the event has no Final Confrontation; pass --replace to correct a result",
    )?;
    if play.final_waived {
        return Err(
            "the second seed waived the Final Confrontation: remove `waived` from `[final]` to record its games".into(),
        );
    }
    let sides = final_sides(event, play, fin, table, request.dark)?;
    Ok((Place::Final { game: table }, sides))
}

/// [`find_place`] for a SW:CCG top cut: the next game of match `request.table`, its sides
/// the first game's swapped, or in a match's first game the upper player dark unless
/// `--dark` names the other.
pub(super) fn top_cut_place(
    event: &Event,
    play: &CcgPlay,
    top_cut: &ccg_event::CcgTopCut,
    request: &Request<'_>,
) -> Result<(Place, [usize; 2]), String> {
    let name = |p: usize| event.players[p].name.as_str();
    let open = crate::edit::pair::open_top_cut_matches(event, top_cut);
    let number = request.table;
    let Some(cut_match) = top_cut.bracket.numbered(number) else {
        return Err(if open.is_empty() {
            "the top cut is decided: every match has its winner".to_string()
        } else {
            format!(
                "the top cut has no match {number} to play yet; the matches to play: {}",
                open.join("; ")
            )
        });
    };
    if let Some((winner, _)) = cut_match.outcome {
        return Err(format!(
            "match {number} of the top cut is decided ({} won); correct its games in `[top_cut]` by hand if a result is wrong",
            name(winner)
        ));
    }
    if cut_match.games.len() >= 2 {
        return Err(format!(
            "match {number} of the top cut has both games and no winner: add each game's `lost_cards = {{ dark = N, light = N }}` in `[top_cut]`, which decide a match level on differential"
        ));
    }
    let recorded = play.top_cut.as_ref().map_or(&[][..], |t| &t.games[..]);
    let first = cut_match
        .games
        .first()
        .map(|&g| [recorded[g].dark, recorded[g].light]);
    let dark = request
        .dark
        .map(|d| player(event, cut_match.players, d))
        .transpose()?;
    let sides = cut_match.next_sides(first, dark);
    if let (Some(dark), Some(_)) = (dark, first)
        && dark != sides[0]
    {
        return Err(format!(
            "{} plays dark in game 2 of match {number}: the second game is played with the other sides; leave out --dark",
            name(sides[0])
        ));
    }
    Ok((
        Place::TopCut {
            number,
            game: cut_match.games.len() as u32 + 1,
            index: recorded.len() as u32,
        },
        sides,
    ))
}

/// The sides `[dark, light]` of a Final Confrontation game. A limited event's finalists keep
/// their allegiances; in a match, the higher seed chooses the first game's allegiance (given
/// with `--dark`, or as recorded) and the second game is played with the other.
pub(super) fn final_sides(
    event: &Event,
    play: &CcgPlay,
    fin: &CcgFinal,
    game: u32,
    dark: Option<&str>,
) -> Result<[usize; 2], String> {
    let games = ccg_format::final_games(&event.info);
    if !(1..=games).contains(&game) {
        return Err(match games {
            1 => format!("the Final Confrontation is one game: report it as game 1, not {game}"),
            _ => format!(
                "the Final Confrontation is two games: report them as games 1 and 2, not {game}"
            ),
        });
    }
    let listed = play.final_games.len() as u32;
    if game > listed + 1 {
        return Err(format!(
            "record game {} of the Final Confrontation first",
            listed + 1
        ));
    }
    let name = |p: usize| event.players[p].name.as_str();
    let other = |p: usize| {
        if p == fin.finalists[0] {
            fin.finalists[1]
        } else {
            fin.finalists[0]
        }
    };
    let ruled = ccg_event::ruled_final_sides(event, play, fin, game);
    let why = if ccg_format::fixed_sides(&event.info) {
        "the finalists keep their allegiances"
    } else {
        "the second game is played with the other allegiances"
    };
    let chosen = dark
        .map(|d| player(event, fin.finalists, d))
        .transpose()?
        .map(|d| [d, other(d)]);
    match (ruled, chosen) {
        (Some(sides), Some(chosen)) if sides != chosen => Err(format!(
            "{} plays dark in {}: {why}; leave out --dark",
            name(sides[0]),
            Place::Final { game }.describe()
        )),
        (Some(sides), _) | (None, Some(sides)) => Ok(sides),
        (None, None) => match play.final_games.get(game as usize - 1) {
            Some(t) => Ok([t.dark, t.light]),
            None => {
                let [higher, lower] = fin.finalists;
                Err(format!(
                    "say who plays dark in the first game of the Final Confrontation, {} (the higher seed, who chooses) or {}: pass --dark {} or --dark {}",
                    name(higher),
                    name(lower),
                    event.players[higher].id,
                    event.players[lower].id
                ))
            }
        },
    }
}

/// Checks that the side of elimination game `game` is known: computed by the bracket, or
/// recorded as the higher seed's choice. A result without it would be refused by the check,
/// so the organizer is asked for `--dark` here, with the names.
pub(super) fn side_chosen(event: &Event, computed: &Computed, game: u32) -> Result<(), String> {
    let recorded = matches!(&event.kind, Kind::Swiss(play)
        if play.elimination.iter().any(|g| g.number == game && g.dark.is_some()));
    let Some(swiss) = computed.swiss() else {
        return Ok(());
    };
    let Some(ready) = swiss
        .bracket
        .as_ref()
        .and_then(|b| b.games.iter().find(|g| g.spec.number == game))
        .and_then(|state| ReadyGame::from_state(swiss, state))
        .filter(|ready| ready.dark.is_none() && !recorded)
    else {
        return Ok(());
    };
    let other = ready
        .players
        .into_iter()
        .find(|&p| p != ready.higher_seed)
        .unwrap_or(ready.higher_seed);
    Err(format!(
        "{} chose the sides of elimination game {game} as the higher seed: pass --dark {} or --dark {} with who played dark",
        event.players[ready.higher_seed].name,
        event.players[ready.higher_seed].id,
        event.players[other].id
    ))
}

/// Who played dark at a Swiss table, by id or name: one of its two players.
pub(super) fn dark_player(event: &Event, players: [usize; 2], dark: &str) -> Result<usize, String> {
    player(event, players, dark).map_err(|_| {
        format!(
            "`{dark}` (who played dark) is not at this table: use `{}` or `{}`",
            event.players[players[0]].id, event.players[players[1]].id
        )
    })
}

/// The tables of the round (SW:CCG: game) being played, each with its place.
pub(super) fn open_places(event: &Event) -> Vec<(Place, [usize; 2])> {
    let Some(step) = crate::edit::open_step::open_step(event) else {
        return Vec::new();
    };
    step.tables
        .iter()
        .map(|t| {
            let place = match step.stage {
                crate::edit::open_step::Stage::Round => Place::Swiss {
                    round: step.number,
                    table: t.number,
                },
                crate::edit::open_step::Stage::Game => Place::Ccg {
                    game: step.number,
                    table: t.number,
                },
            };
            (place, t.players)
        })
        .collect()
}
