//! The casual formats from the terminal, so that a league night or a challenge evening needs no
//! hand-written TOML: `holonet game` records a league game, `holonet session` a challenge-deck
//! session, and `holonet close` ends an event (its standings final). A league's weeks need no
//! verb: each game's date places it in its week.
//!
//! Each is a pure function from the file's text and the event loaded from it to the new text
//! and a sentence; the transaction validates the new text like any event (the players, the
//! dates within the event's, a scenario's team) before it writes it.

use toml_edit::{Array, Table, value};

use super::registration::{Edited, append, entrant, finish, parse};
use super::report::parse::{ccg_result, player};
use super::transaction::{FileEdit, OneEvent};
use crate::event::{Date, Event, GameEnd, Kind, Timestamp};
use crate::rules::computed::Computed;
use crate::rules::{CcgStandings, Family};

/// What `holonet game` records.
#[derive(Debug, Clone, Copy)]
pub struct GameRequest<'a> {
    pub dark: &'a str,
    pub light: &'a str,
    /// SW:LCG: the winner's id, `ID:HOW` (dial, objectives, deck, time, concession, forfeit)
    /// or `draw`; SW:CCG: `ID+DIFFERENTIAL` (with `,modified` or `,quit`), or `tie:...`.
    pub result: &'a str,
    /// The day it was played; today when not given.
    pub date: Option<Date>,
}

/// What `holonet session` records.
#[derive(Debug, Clone)]
pub struct SessionRequest<'a> {
    pub scenario: &'a str,
    pub solo: &'a str,
    pub team: Vec<&'a str>,
    /// `solo` or `team`.
    pub winner: &'a str,
    pub date: Option<Date>,
}

/// The day to record: the one given, else `today`, which must fall within the event's dates.
fn day_of(event: &Event, given: Option<Date>, today: Date) -> Result<Date, String> {
    if let Some(date) = given {
        return Ok(date);
    }
    let info = &event.info;
    let after_end = info.end_date.is_some_and(|end| today > end);
    if today < info.date || after_end {
        let dates = match info.end_date {
            Some(end) => format!("from {} to {}", info.date.iso(), end.iso()),
            None => format!("from {}", info.date.iso()),
        };
        return Err(format!(
            "today, {}, is not within {}'s dates ({dates}): give the day it was played with --date YYYY-MM-DD",
            today.iso(),
            event.info.name
        ));
    }
    Ok(today)
}

/// Appends a league game to the file.
pub(crate) fn game(
    text: &str,
    event: &Event,
    computed: &Computed,
    request: GameRequest<'_>,
    today: Date,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.display();
    if !matches!(event.kind, Kind::League(_)) {
        return Err(format!(
            "holonet game records a game of a league (`format = \"league\"`); {file} is a `{}` event",
            event.info.format
        ));
    }
    let dark = entrant(event, request.dark)?;
    let light = entrant(event, request.light)?;
    if dark == light {
        return Err(format!(
            "{} cannot play both sides of one game",
            event.players[dark].name
        ));
    }
    let date = day_of(event, request.date, today)?;
    let name = |p: usize| event.players[p].name.as_str();
    let id = |p: usize| event.players[p].id.clone();
    let mut entry = Table::new();
    entry.insert("date", value(toml_date(date)));
    entry.insert("dark", value(id(dark)));
    entry.insert("light", value(id(light)));
    let mut warnings = Vec::new();
    let outcome = if computed.ruleset.family == Family::Ccg {
        let winner_alone = computed.ruleset.ccg_standings == CcgStandings::TournamentAssistantSos;
        let values = ccg_result(event, [dark, light], request.result, winner_alone)?;
        warnings = values.warnings;
        for (key, v) in values.values {
            entry.insert(key, toml_edit::Item::Value(v));
        }
        request.result.trim().to_string()
    } else {
        let result = request.result.trim();
        if result == "draw" {
            entry.insert("winner", value("draw"));
            entry.insert("by", value("time"));
            "a draw on time".to_string()
        } else {
            let (who, by) = match result.split_once(':') {
                Some((who, by)) => (who.trim(), Some(by.trim())),
                None => (result, None),
            };
            let winner = player(event, [dark, light], who).map_err(|_| {
                format!(
                    "`{result}` names neither player: write the winner's id (`{}` or `{}`), ID:HOW such as {}:dial, or draw",
                    id(dark),
                    id(light),
                    id(dark)
                )
            })?;
            entry.insert("winner", value(id(winner)));
            if let Some(by) = by {
                if GameEnd::from_name(by).is_none() {
                    return Err(format!(
                        "`{by}` is not how a game ends: use one of {}",
                        GameEnd::NAMES.join(", ")
                    ));
                }
                entry.insert("by", value(by));
                format!("{} won by {by}", name(winner))
            } else {
                format!("{} won", name(winner))
            }
        }
    };
    let mut doc = parse(text)?;
    append(&mut doc, event, "games", entry)?;
    let summary = format!(
        "Recorded a game of {} on {}: {} (dark) v {} (light), {outcome}.",
        event.info.name,
        date.iso(),
        name(dark),
        name(light)
    );
    let mut edited = finish(doc, at, summary)?;
    edited.warnings = warnings;
    Ok(edited)
}

/// Appends a challenge-deck session to the file.
pub(crate) fn session(
    text: &str,
    event: &Event,
    request: &SessionRequest<'_>,
    today: Date,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.display();
    if !matches!(event.kind, Kind::Challenge(_)) {
        return Err(format!(
            "holonet session records a challenge-deck session (`format = \"challenge\"`); {file} is a `{}` event",
            event.info.format
        ));
    }
    if !matches!(request.winner, "solo" | "team") {
        return Err(format!(
            "`{}` is not who won: write --winner solo (the challenge deck) or --winner team",
            request.winner
        ));
    }
    let solo = entrant(event, request.solo)?;
    let team = request
        .team
        .iter()
        .map(|p| entrant(event, p))
        .collect::<Result<Vec<usize>, String>>()?;
    let date = day_of(event, request.date, today)?;
    let id = |p: usize| event.players[p].id.clone();
    let mut entry = Table::new();
    entry.insert("date", value(toml_date(date)));
    entry.insert("scenario", value(request.scenario));
    entry.insert("solo", value(id(solo)));
    let mut members = Array::new();
    for &p in &team {
        members.push(id(p));
    }
    entry.insert("team", value(members));
    entry.insert("winner", value(request.winner));
    let mut doc = parse(text)?;
    append(&mut doc, event, "sessions", entry)?;
    let names: Vec<&str> = team
        .iter()
        .map(|&p| event.players[p].name.as_str())
        .collect();
    let summary = format!(
        "Recorded a session of {} on {}: {} with the {} challenge deck v {}; the {} won.",
        event.info.name,
        date.iso(),
        event.players[solo].name,
        request.scenario,
        names.join(" and "),
        request.winner
    );
    finish(doc, at, summary)
}

/// Closes the event (`closed = true`): its standings are final, and issue forms no longer
/// change it.
pub(crate) fn close(text: &str, event: &Event, at: Timestamp) -> Result<Edited, String> {
    let file = event.file.display();
    if matches!(event.kind, Kind::Recorded(_)) {
        return Err(format!(
            "{file} is known only by its final standings: there is nothing to close"
        ));
    }
    if event.info.closed {
        return Err(format!("{file} is already closed (`closed = true`)"));
    }
    let mut doc = parse(text)?;
    let info = doc
        .get_mut("event")
        .and_then(toml_edit::Item::as_table_mut)
        .ok_or_else(|| format!("{file} has no [event] table"))?;
    info.insert("closed", value(true));
    let summary = if event.is_casual() {
        format!(
            "{} is closed: its standings are final, and its ranked players its final places.",
            event.info.name
        )
    } else {
        format!(
            "{} is closed: issue forms no longer change it.",
            event.info.name
        )
    };
    finish(doc, at, summary)
}

/// A TOML date.
fn toml_date(date: Date) -> toml_edit::Datetime {
    toml_edit::Datetime {
        date: Some(toml_edit::Date {
            year: date.year,
            month: date.month,
            day: date.day,
        }),
        time: None,
        offset: None,
    }
}

/// `game`'s edit of the loaded event file.
pub fn game_edit(loaded: &OneEvent, request: GameRequest<'_>) -> Result<FileEdit, String> {
    game(
        &loaded.text,
        &loaded.event,
        &loaded.computed,
        request,
        crate::wall_clock::today(),
        crate::wall_clock::now(),
    )
    .map(FileEdit::from)
}

/// `session`'s edit of the loaded event file.
pub fn session_edit(loaded: &OneEvent, request: &SessionRequest<'_>) -> Result<FileEdit, String> {
    session(
        &loaded.text,
        &loaded.event,
        request,
        crate::wall_clock::today(),
        crate::wall_clock::now(),
    )
    .map(FileEdit::from)
}

/// `close`'s edit of the loaded event file.
pub fn close_edit(loaded: &OneEvent) -> Result<FileEdit, String> {
    close(&loaded.text, &loaded.event, crate::wall_clock::now()).map(FileEdit::from)
}
