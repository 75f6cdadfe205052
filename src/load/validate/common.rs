//! What the checks of an event share with each other and with the rest of [`crate::load`]:
//! resolving a player id (with a did-you-mean), numbers in range, names and the ids made from
//! them, the game results of a table (who won, how, and whether the dial or the objectives
//! agree), and the 2014 rule that matches are played out.

use std::collections::BTreeMap;

use crate::diag::{Code, did_you_mean};
use crate::event::ids::{id_from_name, is_valid_id};
use crate::event::{Game, GameEnd, Player};
use crate::load::raw::RawGame;
use crate::rules::Ruleset;
use crate::toml_reader::{Reader, Sp};

/// The trimmed name of a player or team, and the id written for it or one made from that name.
/// Reports a malformed id, or a name from which no id can be made; the id is "" then.
pub(in crate::load) fn name_and_id(
    reader: &mut Reader<'_>,
    name: &Option<Sp<String>>,
    id: &Option<Sp<String>>,
    what: &str,
) -> (String, String) {
    let trimmed = name
        .as_ref()
        .map(|n| n.value.trim().to_string())
        .unwrap_or_default();
    let id = match id {
        Some(id) if is_valid_id(&id.value) => id.value.clone(),
        Some(id) => {
            reader
                .error(
                    Code::BadId,
                    id.span.clone(),
                    format!("`{}` is not a valid {what} id", id.value),
                )
                .help = Some(format!(
                "use lower-case letters, digits and `-` only, such as `{}`",
                id_from_name(&id.value).chars().take(40).collect::<String>()
            ));
            String::new()
        }
        None => {
            let derived = id_from_name(&trimmed);
            if derived.is_empty() && !trimmed.is_empty() {
                let span = name.as_ref().map_or(0..0, |n| n.span.clone());
                reader
                    .error(Code::BadId, span, "no id can be made from this name")
                    .help = Some(format!(
                    "add an `id` (lower-case letters, digits and `-`) to this {what}"
                ));
            } else if crate::event::ids::is_reserved_name(&derived) {
                let span = name.as_ref().map_or(0..0, |n| n.span.clone());
                reader
                    .error(
                        Code::BadId,
                        span,
                        format!("the id made from this name, `{derived}`, is a device name Windows reserves"),
                    )
                    .help = Some(format!(
                    "add an `id` to this {what}, such as `{derived}-1`: its page could not be opened on Windows"
                ));
                return (trimmed, String::new());
            }
            derived
        }
    };
    (trimmed, id)
}

pub(in crate::load) fn in_range(
    reader: &mut Reader<'_>,
    value: &Option<Sp<i64>>,
    what: &str,
    min: i64,
    max: i64,
) -> Option<u32> {
    let v = value.as_ref()?;
    if (min..=max).contains(&v.value) {
        u32::try_from(v.value).ok()
    } else {
        reader
            .error(
                Code::InvalidValue,
                v.span.clone(),
                format!("{what} is {}, which is out of range", v.value),
            )
            .help = Some(format!("use a whole number from {min} to {max}"));
        None
    }
}

/// Resolves a player id to an index, or reports it with the closest registered id.
pub(in crate::load) fn resolve(
    reader: &mut Reader<'_>,
    ids: &BTreeMap<String, usize>,
    id: &Sp<String>,
    context: &str,
) -> Option<usize> {
    if let Some(&index) = ids.get(&id.value) {
        return Some(index);
    }
    let diag = reader.error(
        Code::UnknownReference,
        id.span.clone(),
        format!("`{}` {context} is not a registered player", id.value),
    );
    match did_you_mean(&id.value, ids.keys().map(String::as_str)) {
        Some(close) => {
            diag.label = Some(format!("did you mean `{close}`?"));
            diag.help = Some(format!(
                "use `{close}`, or register `{}` in a `[[players]]` entry",
                id.value
            ));
        }
        None => {
            diag.help = Some(format!(
                "register `{}` in a `[[players]]` entry, or fix the id",
                id.value
            ))
        }
    }
    None
}

/// Each player's position in `players`, by id (players whose id could not be made are left out):
/// how rounds, games and sessions find the players they name.
pub(in crate::load) fn player_positions(players: &[Player]) -> BTreeMap<String, usize> {
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.id.is_empty())
        .map(|(i, p)| (p.id.clone(), i))
        .collect()
}

/// Checks a match's games against what time does to them. Where time ends the round (2018), see
/// [`check_time_ends_the_round`]. Under rules whose matches are played out
/// ([`Ruleset::games_played_out`], 2014): the first
/// game cannot be a draw, the second cannot be conceded, and a reported match has both games
/// (game two is always started on the time game one left, and is a draw if nobody wins by the
/// end of the light side player's turn after time). `whole` locates a missing second game.
pub(in crate::load) fn check_games_played_out(
    reader: &mut Reader<'_>,
    ruleset: &Ruleset,
    games: &[RawGame],
    whole: std::ops::Range<usize>,
) {
    if !ruleset.games_played_out {
        check_time_ends_the_round(reader, games);
        return;
    }
    let Some(first) = games.first() else {
        return;
    };
    let one_game = games.len() == 1;
    if first.winner.value == "draw" {
        let message = if one_game {
            format!(
                "a match of one drawn game: under {} the first game is played to its end, however long it takes, and cannot be drawn",
                ruleset.id
            )
        } else {
            format!(
                "under {} the first game of a match is played to its end, however long it takes: it cannot be drawn",
                ruleset.id
            )
        };
        reader.error(Code::BadResult, first.winner.span.clone(), message).help = Some(
            "name the winner of game one (a player may concede it: `{ winner = \"<id>\", by = \"concession\" }`); only game two, played on the time left, can be a draw".into(),
        );
    } else if one_game {
        reader
            .error(
                Code::BadResult,
                whole,
                format!("a match under {} has two games, this table records one", ruleset.id),
            )
            .help = Some(
            "add game two's result: it is played on the time game one left, and is `\"draw\"` if nobody won by the end of the light side player's turn after time".into(),
        );
    }
    if let Some(by) = games.get(1).and_then(|g| g.by.as_ref())
        && GameEnd::from_name(&by.value) == Some(GameEnd::Concession)
    {
        reader
            .error(
                Code::BadResult,
                by.span.clone(),
                format!(
                    "under {} game two is played to its conclusion: it cannot be conceded",
                    ruleset.id
                ),
            )
            .help = Some(
            "record how game two ended (`\"draw\"` if time ran out); only game one may be conceded"
                .into(),
        );
    }
}

/// Under rules where time ends the round (2018): a game still going when time is called is a
/// draw and no further game is played, so a drawn game is the match's last. A match holds at
/// most one drawn game: `["draw"]` when time was called in game one, or a result then `"draw"`.
fn check_time_ends_the_round(reader: &mut Reader<'_>, games: &[RawGame]) {
    let Some(position) = games.iter().position(|g| g.winner.value == "draw") else {
        return;
    };
    let Some(after) = games.get(position + 1) else {
        return;
    };
    reader
        .error(
            Code::BadResult,
            after.winner.span.clone(),
            format!(
                "game {} was drawn, so time had been called: no game is played after it",
                position + 1
            ),
        )
        .help = Some(if position == 0 {
        "time called in game one ends the match with that one drawn game: write `games = [\"draw\"]` (1 point each)".into()
    } else {
        "remove the games recorded after the drawn one".into()
    });
}

/// What ends a game by victory: the dial at which the dark side wins and the number of
/// objectives the light side must destroy (12 and 3; 16 and 5 in a 2 vs 2 game).
#[derive(Debug, Clone, Copy)]
pub(in crate::load) struct Victory {
    pub(crate) dial: u32,
    pub(crate) objectives: u32,
}

/// Standard games.
pub(in crate::load) const VICTORY: Victory = Victory {
    dial: 12,
    objectives: 3,
};

/// 2 vs 2 games (*Balance of the Force*).
pub(in crate::load) const TEAM_VICTORY: Victory = Victory {
    dial: 16,
    objectives: 5,
};

/// Checks a game's recorded `dial` or `objectives` against the victory conditions, and the
/// winner of a dial or objectives victory against the side they played (`dark`, when the
/// table records `first_dark`). Reports and returns false on a contradiction.
pub(in crate::load) fn check_victory(
    reader: &mut Reader<'_>,
    g: &RawGame,
    game: &Game,
    dark: Option<usize>,
    victory: Victory,
    players: &[Player],
) -> bool {
    let mut ok = true;
    let by = game.by;
    let by_span = || {
        g.by.as_ref()
            .map_or(g.winner.span.clone(), |b| b.span.clone())
    };
    if let Some(dial) = &g.dial {
        let target = i64::from(victory.dial);
        if !(0..=target).contains(&dial.value) {
            reader
                .error(
                    Code::InvalidValue,
                    dial.span.clone(),
                    format!("the dial stops at {target}, not {}", dial.value),
                )
                .help = Some(format!("the dark side wins when the dial reaches {target}"));
            ok = false;
        } else if by == Some(GameEnd::Dial) && dial.value != target {
            reader
                .error(
                    Code::BadResult,
                    dial.span.clone(),
                    format!("a dial at {} does not end the game", dial.value),
                )
                .help = Some(format!(
                "the dark side wins by the dial only when it reaches {target}; correct `dial` or `by`"
            ));
            ok = false;
        } else if dial.value == target && by.is_some_and(|b| b != GameEnd::Dial) {
            reader
                .error(
                    Code::BadResult,
                    dial.span.clone(),
                    format!("a dial at {target} ends the game: the dark side won by the dial"),
                )
                .help = Some(
                "write `by = \"dial\"` and the dark side player as the winner, or correct `dial`"
                    .into(),
            );
            ok = false;
        }
    }
    if let Some(objectives) = &g.objectives {
        let target = i64::from(victory.objectives);
        if !(0..=target).contains(&objectives.value) {
            reader
                .error(
                    Code::InvalidValue,
                    objectives.span.clone(),
                    format!(
                        "the light side wins at {target} objectives, not {}",
                        objectives.value
                    ),
                )
                .help = Some(format!(
                "record how many dark side objectives were destroyed, at most {target}"
            ));
            ok = false;
        } else if by == Some(GameEnd::Objectives) && objectives.value != target {
            reader
                .error(
                    Code::BadResult,
                    objectives.span.clone(),
                    format!(
                        "{} destroyed objectives do not end the game",
                        objectives.value
                    ),
                )
                .help = Some(format!(
                "the light side wins by objectives when the {target}th is destroyed; correct `objectives` or `by`"
            ));
            ok = false;
        }
    }
    if let (Some(dark), Some(winner)) = (dark, game.winner) {
        let wrong = match by {
            Some(GameEnd::Dial) => winner != dark,
            Some(GameEnd::Objectives) => winner == dark,
            _ => false,
        };
        if wrong {
            let side = if by == Some(GameEnd::Dial) {
                "dark"
            } else {
                "light"
            };
            reader
                .error(
                    Code::BadResult,
                    by_span(),
                    format!(
                        "{} did not play the {side} side in this game",
                        players[winner].name
                    ),
                )
                .help = Some(format!(
                "a victory by {} goes to the {side} side; check the winner and who played dark (`first_dark` at a table, `dark` in a league)",
                by.map_or("", GameEnd::name)
            ));
            ok = false;
        }
    }
    ok
}

pub(in crate::load) fn validate_game(
    reader: &mut Reader<'_>,
    g: &RawGame,
    seats: [usize; 2],
    players: &[Player],
    ids: &BTreeMap<String, usize>,
) -> Option<Game> {
    let by = match &g.by {
        None => None,
        Some(b) => match GameEnd::from_name(&b.value) {
            Some(end) => Some(end),
            None => {
                reader.not_one_of(
                    b,
                    format!("`{}` is not a way a game ends", b.value),
                    GameEnd::NAMES,
                );
                return None;
            }
        },
    };
    if g.winner.value == "draw" {
        if let Some(end) = by
            && end != GameEnd::Time
        {
            let span =
                g.by.as_ref()
                    .map_or(g.winner.span.clone(), |b| b.span.clone());
            reader.error(Code::BadResult, span, format!("a game that ends by {} has a winner", end.name())).help =
                Some("a Swiss game is drawn only when time runs out: use `by = \"time\"`, or name the winner".into());
            return None;
        }
        return Some(Game { winner: None, by });
    }
    let winner = resolve(reader, ids, &g.winner, "as a winner")?;
    if !seats.contains(&winner) {
        reader
            .error(
                Code::BadResult,
                g.winner.span.clone(),
                format!("{} is not at this table", players[winner].name),
            )
            .help = Some(format!(
            "the winner is `{}`, `{}` or \"draw\"",
            players[seats[0]].id, players[seats[1]].id
        ));
        return None;
    }
    if by == Some(GameEnd::Time) {
        let span =
            g.by.as_ref()
                .map_or(g.winner.span.clone(), |b| b.span.clone());
        reader.error(Code::BadResult, span, "a Swiss game that goes to time is a draw").help =
            Some("write the result as \"draw\" (time ran out at the end of the light side player's turn)".into());
        return None;
    }
    Some(Game {
        winner: Some(winner),
        by,
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        SWISS, SWISS_2014, assert_clean, assert_none, event, find, four, line_of, round,
    };
    use crate::diag::{Code, Severity};

    /// An event whose second table records `games`.
    fn games(info: &str, games: &str) -> String {
        let table = format!("players = [\"cy\", \"di\"], first_dark = \"cy\", games = {games}");
        event(
            info,
            &four(),
            &round(&[
                "players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]",
                &table,
            ]),
        )
    }

    #[test]
    fn a_game_that_goes_to_time_is_a_draw() {
        let text = games(SWISS, "[{ winner = \"cy\", by = \"time\" }, \"cy\"]");
        let d = find(&text, "a Swiss game that goes to time is a draw");
        assert_eq!((d.code, d.spanned.as_str()), (Code::BadResult, "\"time\""));
        let text = games(SWISS, "[{ winner = \"draw\", by = \"dial\" }, \"cy\"]");
        let d = find(&text, "a game that ends by dial has a winner");
        assert_eq!((d.code, d.spanned.as_str()), (Code::BadResult, "\"dial\""));
    }

    #[test]
    fn an_unknown_way_to_end_a_game() {
        let text = games(SWISS, "[{ winner = \"cy\", by = \"dail\" }, \"cy\"]");
        let d = find(&text, "`dail` is not a way a game ends");
        assert_eq!(
            (d.code, d.label.as_deref()),
            (Code::InvalidValue, Some("did you mean `dial`?"))
        );
        assert_eq!(d.line, line_of(&text, "dail"));
    }

    #[test]
    fn the_dial_and_the_objectives_agree_with_the_victory() {
        let text = games(
            SWISS,
            "[{ winner = \"cy\", by = \"dial\", dial = 13 }, \"cy\"]",
        );
        let d = find(&text, "the dial stops at 12, not 13");
        assert_eq!((d.code, d.spanned.as_str()), (Code::InvalidValue, "13"));
        let text = games(
            SWISS,
            "[{ winner = \"cy\", by = \"dial\", dial = 11 }, \"cy\"]",
        );
        let d = find(&text, "a dial at 11 does not end the game");
        assert_eq!((d.code, d.spanned.as_str()), (Code::BadResult, "11"));
        let text = games(
            SWISS,
            "[{ winner = \"cy\", by = \"objectives\", objectives = 2 }, \"cy\"]",
        );
        let d = find(&text, "2 destroyed objectives do not end the game");
        assert_eq!((d.code, d.spanned.as_str()), (Code::BadResult, "2"));
    }

    #[test]
    fn a_victory_goes_to_the_side_that_wins_by_it() {
        // Cy plays dark in game one, so cannot win it by objectives.
        let text = games(SWISS, "[{ winner = \"cy\", by = \"objectives\" }, \"cy\"]");
        let d = find(&text, "Cy did not play the light side in this game");
        assert_eq!(
            (d.code, d.spanned.as_str()),
            (Code::BadResult, "\"objectives\"")
        );
    }

    /// 2018: time ends the round. The game going when time is called is a draw and no further
    /// game is played, so a match holds at most one drawn game, its last: `["draw"]` (time
    /// called in game one) and `["cy", "draw"]` pass, `["draw", "draw"]` and `["draw", "cy"]`
    /// are refused at the game after the draw. 2014 refuses `["draw", "draw"]` at game one.
    #[test]
    fn time_called_ends_the_match_so_no_game_follows_a_draw() {
        assert_clean(&games(SWISS, "[\"draw\"]"));
        assert_clean(&games(SWISS, "[\"cy\", \"draw\"]"));
        assert_clean(&games(SWISS, "[{ winner = \"draw\", by = \"time\" }]"));
        for after in ["\"draw\"", "\"cy\""] {
            let text = games(SWISS, &format!("[\"draw\", {after}]"));
            let d = find(
                &text,
                "game 1 was drawn, so time had been called: no game is played after it",
            );
            assert_eq!(
                (d.code, d.severity, d.spanned.as_str()),
                (Code::BadResult, Severity::Error, after)
            );
            assert_eq!(
                d.col,
                text.lines().nth(d.line - 1).unwrap().rfind(after).unwrap() + 1
            );
            assert!(
                d.help.contains("write `games = [\"draw\"]` (1 point each)"),
                "{}",
                d.help
            );
        }
        let text = games(SWISS_2014, "[\"draw\", \"draw\"]");
        find(&text, "the first game of a match is played to its end");
        assert_none(&text, "so time had been called");
    }

    #[test]
    fn matches_are_played_out_under_the_2014_rules() {
        let text = games(SWISS_2014, "[\"draw\", \"cy\"]");
        let d = find(&text, "the first game of a match is played to its end");
        assert_eq!((d.code, d.spanned.as_str()), (Code::BadResult, "\"draw\""));
        let text = games(SWISS_2014, "[\"cy\"]");
        let d = find(
            &text,
            "a match under ffg-2014 has two games, this table records one",
        );
        assert_eq!((d.code, d.col), (Code::BadResult, 3));
        let text = games(
            SWISS_2014,
            "[\"cy\", { winner = \"cy\", by = \"concession\" }]",
        );
        let d = find(
            &text,
            "game two is played to its conclusion: it cannot be conceded",
        );
        assert_eq!(
            (d.code, d.spanned.as_str()),
            (Code::BadResult, "\"concession\"")
        );
    }
}
