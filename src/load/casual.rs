//! Casual events: a league (`format = "league"`) records `[[games]]` as they are played, a
//! challenge event (`format = "challenge"`) records `[[sessions]]` of the *Balance of the
//! Force* challenge-deck scenarios. Neither has rounds, a cut or recorded standings; what they
//! compute is in [`crate::rules::casual`].

use std::collections::BTreeMap;

use super::decklists::{self, PlayerDecks};
use super::raw::{RawEvent, RawGame, RawLeagueGame, RawSession};
use super::validate::common::{VICTORY, check_victory, player_positions, resolve, validate_game};
use crate::diag::Code;
use crate::event::Kind;
use crate::event::casual::{LeagueGame, LeagueResult, Scenario, Session, SessionWinner};
use crate::event::{Date, EventInfo, Player};
use crate::rules::casual::{MAX_LEAGUE_GAMES, TEAM_SIZES, is_casual};
use crate::rules::{Family, Ruleset};
use crate::toml_reader::{Reader, Sp};

/// The checks of what the other kinds of event record, for a casual event (and of `[[games]]`,
/// `[[sessions]]`, `min_games` and `closed` for the others), then the league's games or the
/// challenge's sessions. `None` for an event that is not casual.
pub(crate) fn validate_casual(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &Ruleset,
    info: &EventInfo,
    players: &[Player],
    decks: &[PlayerDecks],
) -> Option<Kind> {
    let format = info.format.as_str();
    let misplaced =
        |reader: &mut Reader<'_>, span: &Option<std::ops::Range<usize>>, what: &str, help: &str| {
            if let Some(span) = span {
                reader
                    .error(
                        Code::InvalidValue,
                        span.clone(),
                        format!("{what} a `{format}` event"),
                    )
                    .help = Some(help.to_string());
            }
        };
    if !is_casual(format) {
        misplaced(
            reader,
            &raw.games_span,
            "`[[games]]` record a league's games, not those of",
            "set `format = \"league\"` to keep a league, or record the games in `[[rounds]]`",
        );
        misplaced(
            reader,
            &raw.sessions_span,
            "`[[sessions]]` record challenge-deck sessions, not those of",
            "set `format = \"challenge\"` for an event of challenge-deck sessions",
        );
        misplaced(
            reader,
            &raw.info.min_games.as_ref().map(|m| m.span.clone()),
            "`min_games` belongs to leagues, not to",
            "remove `min_games`; a Swiss event ranks every player",
        );
        misplaced(
            reader,
            &raw.info.closed.as_ref().map(|c| c.span.clone()),
            "`closed` belongs to leagues and challenge events, not to",
            "remove `closed`; a Swiss event is finished when its rounds (and cut) are",
        );
        return None;
    }
    let what = if format == "league" {
        "`[[games]]`"
    } else {
        "`[[sessions]]`"
    };
    let help =
        format!("a `{format}` event has no pairing rounds: record what was played as {what}");
    let round_span = raw.rounds.first().map(|r| r.span.clone());
    misplaced(
        reader,
        &round_span,
        "`[[rounds]]` are Swiss rounds, not part of",
        &help,
    );
    misplaced(
        reader,
        &raw.elimination_span,
        "`[elimination]` is a top cut, not part of",
        &help,
    );
    misplaced(
        reader,
        &raw.final_match.as_ref().map(|f| f.span.clone()),
        "`[final]` is a final match, not part of",
        &help,
    );
    misplaced(
        reader,
        &raw.standings_span,
        "`[[standings]]` are recorded final standings, not part of",
        "the standings of a casual event are computed from what it records; remove them",
    );
    for (key, value) in [
        (
            "structure",
            raw.info.structure.as_ref().map(|s| s.span.clone()),
        ),
        (
            "swiss_rounds",
            raw.info.swiss_rounds.as_ref().map(|s| s.span.clone()),
        ),
        ("cut", raw.info.cut.as_ref().map(|s| s.span.clone())),
        (
            "round_minutes",
            raw.info.round_minutes.as_ref().map(|s| s.span.clone()),
        ),
    ] {
        misplaced(
            reader,
            &value,
            &format!("`{key}` plans Swiss rounds, which are not part of"),
            &format!("remove `{key}`"),
        );
    }
    for player in &raw.players {
        for (key, span) in [
            ("drop", player.drop.as_ref().map(|d| d.span.clone())),
            ("rejoin", player.rejoin.as_ref().map(|d| d.span.clone())),
            ("late", player.late.as_ref().map(|d| d.span.clone())),
            ("avoid", player.avoid.first().map(|d| d.span.clone())),
        ] {
            misplaced(
                reader,
                &span,
                &format!("`{key}` is about Swiss rounds, which are not part of"),
                &format!("remove `{key}`: a player of a casual event simply plays no more games"),
            );
        }
    }
    let ids = player_positions(players);
    if format == "league" {
        misplaced(
            reader,
            &raw.sessions_span,
            "`[[sessions]]` record challenge-deck sessions, not the games of",
            "record each league game as a `[[games]]` entry",
        );
        Some(Kind::League(validate_league(
            reader, raw, ruleset, info, players, &ids,
        )))
    } else {
        misplaced(
            reader,
            &raw.games_span,
            "`[[games]]` record a league's games, not the sessions of",
            "record each challenge-deck session as a `[[sessions]]` entry",
        );
        misplaced(
            reader,
            &raw.info.min_games.as_ref().map(|m| m.span.clone()),
            "`min_games` belongs to leagues, not to",
            "remove `min_games`; a challenge event ranks nobody",
        );
        let sessions: Vec<Session> = raw
            .sessions
            .iter()
            .enumerate()
            .filter_map(|(i, s)| validate_session(reader, s, i as u32 + 1, info, players, &ids))
            .collect();
        decklists::check_session_decks(reader, players, decks, &sessions);
        Some(Kind::Challenge(sessions))
    }
}

/// Reports a game or session dated outside the event's dates (from `date`, to `end_date` when
/// the event has one).
fn check_date(reader: &mut Reader<'_>, date: &Sp<Date>, info: &EventInfo, what: &str) {
    let before = date.value < info.date;
    let after = info.end_date.is_some_and(|end| date.value > end);
    if before || after {
        let range = match info.end_date {
            Some(end) => format!("from {} to {}", info.date.iso(), end.iso()),
            None => format!("from {} on", info.date.iso()),
        };
        reader
            .error(
                Code::InvalidValue,
                date.span.clone(),
                format!(
                    "this {what} is dated {}, outside the event's dates ({range})",
                    date.value.iso()
                ),
            )
            .help = Some(if after {
            "correct the date, or move the event's `end_date`".to_string()
        } else {
            "correct the date, or move the event's `date` back".to_string()
        });
    }
}

fn validate_league(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &Ruleset,
    info: &EventInfo,
    players: &[Player],
    ids: &BTreeMap<String, usize>,
) -> Vec<LeagueGame> {
    if raw.games.len() > MAX_LEAGUE_GAMES {
        reader
            .error(
                Code::InvalidValue,
                raw.games[MAX_LEAGUE_GAMES].span.clone(),
                format!("more than {MAX_LEAGUE_GAMES} league games"),
            )
            .help = Some("split the league into several events (one per season)".into());
        return Vec::new();
    }
    let mut games: Vec<LeagueGame> = raw
        .games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            validate_league_game(reader, g, i as u32 + 1, ruleset, info, players, ids)
        })
        .collect();
    games.sort_by_key(|g| (g.date, g.number));
    games
}

fn validate_league_game(
    reader: &mut Reader<'_>,
    g: &RawLeagueGame,
    number: u32,
    ruleset: &Ruleset,
    info: &EventInfo,
    players: &[Player],
    ids: &BTreeMap<String, usize>,
) -> Option<LeagueGame> {
    if let Some(date) = &g.date {
        check_date(reader, date, info, "game");
    }
    let side = |reader: &mut Reader<'_>, id: &Option<Sp<String>>, what: &str| {
        id.as_ref().and_then(|i| resolve(reader, ids, i, what))
    };
    let dark = side(reader, &g.ccg.dark, "as `dark`");
    let light = side(reader, &g.ccg.light, "as `light`");
    let foreign: Vec<(&str, Option<std::ops::Range<usize>>)> = match ruleset.family {
        Family::Lcg => vec![
            (
                "differential",
                g.ccg.differential.as_ref().map(|v| v.span.clone()),
            ),
            ("modified", g.ccg.modified.as_ref().map(|v| v.span.clone())),
            ("quit", g.ccg.quit.as_ref().map(|v| v.span.clone())),
            ("tie", g.ccg.tie.as_ref().map(|(span, _)| span.clone())),
        ],
        Family::Ccg => vec![
            ("by", g.by.as_ref().map(|v| v.span.clone())),
            ("dial", g.dial.as_ref().map(|v| v.span.clone())),
            ("objectives", g.objectives.as_ref().map(|v| v.span.clone())),
        ],
    };
    for (key, span) in foreign {
        if let Some(span) = span {
            let (game, keys) = match ruleset.family {
                Family::Lcg => ("SW:CCG", "`winner` (a player id or \"draw\") and `by`"),
                Family::Ccg => (
                    "SW:LCG",
                    "`winner` and `differential` (with `modified`, `quit` or `tie` as needed)",
                ),
            };
            reader
                .error(
                    Code::InvalidValue,
                    span,
                    format!(
                        "`{key}` records a {game} game, but {} is not a {game} ruleset",
                        ruleset.id
                    ),
                )
                .help = Some(format!(
                "record each {} league game with {keys}",
                ruleset.id
            ));
        }
    }
    let (dark, light) = (dark?, light?);
    if dark == light {
        let span = g
            .ccg
            .light
            .as_ref()
            .map_or(g.span.clone(), |l| l.span.clone());
        reader
            .error(Code::Conflict, span, "a player cannot play themselves")
            .help = Some("name two different players as `dark` and `light`".into());
        return None;
    }
    if g.ccg.winner.is_none() && g.ccg.tie.is_none() {
        reader
            .error(
                Code::MissingField,
                g.span.clone(),
                "this league game has no result",
            )
            .help = Some(match ruleset.family {
            Family::Lcg => "league games are recorded once played: add `winner = \"<id>\"` or `winner = \"draw\"`".to_string(),
            Family::Ccg => "league games are recorded once played: add `winner = \"<id>\"` and `differential`, or `tie`".to_string(),
        });
        return None;
    }
    let result = match ruleset.family {
        Family::Lcg => {
            let recorded = RawGame {
                winner: g.ccg.winner.clone()?,
                by: g.by.clone(),
                dial: g.dial.clone(),
                objectives: g.objectives.clone(),
            };
            let game = validate_game(reader, &recorded, [dark, light], players, ids)?;
            if !check_victory(reader, &recorded, &game, Some(dark), VICTORY, players) {
                return None;
            }
            LeagueResult::Lcg(game)
        }
        Family::Ccg => LeagueResult::Ccg(super::ccg::ccg_result(
            reader,
            g.span.clone(),
            &g.ccg,
            [dark, light],
            (ids, players),
            true,
        )?),
    };
    Some(LeagueGame {
        number,
        date: g.date.as_ref()?.value,
        dark,
        light,
        result,
    })
}

fn validate_session(
    reader: &mut Reader<'_>,
    s: &RawSession,
    number: u32,
    info: &EventInfo,
    players: &[Player],
    ids: &BTreeMap<String, usize>,
) -> Option<Session> {
    if let Some(date) = &s.date {
        check_date(reader, date, info, "session");
    }
    let scenario = s.scenario.as_ref().and_then(|sc| {
        let found = Scenario::from_id(&sc.value);
        if found.is_none() {
            reader.not_one_of(
                sc,
                format!("`{}` is not a challenge-deck scenario", sc.value),
                Scenario::IDS,
            );
        }
        found
    });
    let solo = s
        .solo
        .as_ref()
        .and_then(|id| resolve(reader, ids, id, "as `solo`"));
    let mut team = Vec::new();
    let mut complete = true;
    for id in &s.team {
        let Some(p) = resolve(reader, ids, id, "in `team`") else {
            complete = false;
            continue;
        };
        if Some(p) == solo {
            reader
                .error(
                    Code::Conflict,
                    id.span.clone(),
                    format!(
                        "{} plays the challenge deck in this session and cannot also be on the team",
                        players[p].name
                    ),
                )
                .help = Some("the team plays against the solo player: list the other players".into());
            complete = false;
        } else if team.contains(&p) {
            reader
                .error(
                    Code::Conflict,
                    id.span.clone(),
                    format!("{} is on this team twice", players[p].name),
                )
                .help = Some("list each teammate once".into());
            complete = false;
        } else {
            team.push(p);
        }
    }
    if !TEAM_SIZES.contains(&s.team.len()) && s.team_span.is_some() {
        let span = s.team_span.clone().unwrap_or(s.span.clone());
        reader
            .error(
                Code::InvalidValue,
                span,
                format!(
                    "a challenge team has two or three players, this one lists {}",
                    s.team.len()
                ),
            )
            .help =
            Some("list the two or three players who played against the challenge deck".into());
        complete = false;
    }
    let winner = s.winner.as_ref().and_then(|w| match w.value.as_str() {
        "solo" => Some(SessionWinner::Solo),
        "team" => Some(SessionWinner::Team),
        other => {
            let diag = reader.error(
                Code::BadResult,
                w.span.clone(),
                format!("`winner = \"{other}\"` does not say which side won"),
            );
            diag.help = Some(match ids.get(other) {
                Some(&p) if Some(p) == solo => "write `winner = \"solo\"`: the player with the challenge deck won".to_string(),
                Some(_) => "write `winner = \"team\"` when the team won, `winner = \"solo\"` when the challenge deck did".to_string(),
                None => "write `winner = \"solo\"` or `winner = \"team\"`".to_string(),
            });
            None
        }
    });
    if !complete {
        return None;
    }
    Some(Session {
        number,
        date: s.date.as_ref().map(|d| d.value),
        scenario: scenario?,
        solo: solo?,
        team,
        winner: winner?,
    })
}
