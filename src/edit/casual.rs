//! The casual formats from the terminal, so that a league night or a challenge evening needs no
//! hand-written TOML: `holonet game` records a league game, `holonet session` a challenge-deck
//! session, and `holonet close` ends an event (its standings final; no verb changes it until
//! `holonet close --reopen` opens it again). A league's weeks need no verb: each game's date
//! places it in its week.
//!
//! Each is a pure function from the file's text and the event loaded from it to the new text
//! and a sentence; the transaction validates the new text like any event (the players, the
//! dates within the event's, a scenario's team) before it writes it.

use crate::diag::Shown;
use std::path::Path;

use toml_edit::{Array, Table, value};

use super::registration::{Edited, append, entrant, finish, parse};
use super::report::parse::{ccg_result, player};
use super::transaction::{FileEdit, Mode, OneEvent, Outcome, WhenClosed, edit_event_when_closed};
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

/// The warning for a game or session played on `date`, after the first day of an event with
/// no `end_date`: the event's pages show it as the one day of its `date` until the organizer
/// writes its last day, so they are told where to write it. Holonet does not stretch the event
/// to its last game by itself: the organizer knows when the league ends, and a page that
/// moved its end with every game would announce a different span each week.
fn one_day_warning(event: &Event, date: Date) -> Option<String> {
    let info = &event.info;
    (info.end_date.is_none() && date > info.date).then(|| {
        format!(
            "{} has no `end_date`, so its pages show it as one day, {}, though this is recorded on {}: add `end_date = YYYY-MM-DD` (its last day) to [event] in {}",
            info.name,
            info.date.iso(),
            date.iso(),
            event.file.shown()
        )
    })
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
    let file = event.file.shown();
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
    edited.warnings.extend(one_day_warning(event, date));
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
    let file = event.file.shown();
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
    let mut edited = finish(doc, at, summary)?;
    edited.warnings.extend(one_day_warning(event, date));
    Ok(edited)
}

/// Closes the event (`closed = true`): its standings are final, and no verb or issue form
/// changes it until it is reopened ([`reopen`]).
pub(crate) fn close(text: &str, event: &Event, at: Timestamp) -> Result<Edited, String> {
    let file = event.file.shown();
    closable(event)?;
    if event.info.closed {
        return Err(format!("{file} is already closed (`closed = true`)"));
    }
    let mut doc = parse(text)?;
    let info = doc
        .get_mut("event")
        .and_then(toml_edit::Item::as_table_mut)
        .ok_or_else(|| format!("{file} has no [event] table"))?;
    info.insert("closed", value(true));
    let what = if matches!(event.kind, Kind::League(_)) {
        "its standings are final, and its ranked players its final places"
    } else {
        "its scenario records are final"
    };
    let summary = format!(
        "{} is closed: {what}. Nothing changes it now; `holonet close --reopen {file}` opens it again.",
        event.info.name
    );
    finish(doc, at, summary)
}

/// Opens a closed event again (the line `closed = true` taken out of `[event]`, with a comment
/// on that line): its standings are no longer final, and games or sessions are recorded again.
/// The lines written above it stay, above what follows.
pub(crate) fn reopen(text: &str, event: &Event, at: Timestamp) -> Result<Edited, String> {
    let file = event.file.shown();
    closable(event)?;
    if !event.info.closed {
        return Err(format!("{file} is not closed: there is nothing to reopen"));
    }
    let mut doc = parse(text)?;
    let info = doc
        .get_mut("event")
        .and_then(toml_edit::Item::as_table_mut)
        .ok_or_else(|| format!("{file} has no [event] table"))?;
    let at_key = info.iter().position(|(key, _)| key == "closed");
    // The line `closed = true` goes, with a comment on it; the lines above it stay.
    let removed = info.remove_entry("closed");
    let comment = removed
        .map(|(key, _)| lines_above(&key))
        .unwrap_or_default();
    if !comment.is_empty() {
        let next = at_key.and_then(|i| info.iter_mut().nth(i));
        match next {
            Some((mut key, _)) => {
                let prefix = key
                    .leaf_decor()
                    .prefix()
                    .and_then(|p| p.as_str())
                    .unwrap_or("");
                let prefix = format!("{comment}{prefix}");
                key.leaf_decor_mut().set_prefix(prefix);
            }
            None => keep_after_event(&mut doc, &comment),
        }
    }
    let what = if matches!(event.kind, Kind::League(_)) {
        "its standings are no longer final, and holonet game records its games again"
    } else {
        "its records are no longer final, and holonet session records its sessions again"
    };
    let summary = format!("{} is open again: {what}.", event.info.name);
    finish(doc, at, summary)
}

/// Refuses to close or reopen an event that is not a league or a challenge event: only these
/// are closed (`closed = true`).
fn closable(event: &Event) -> Result<(), String> {
    let file = event.file.shown();
    match event.kind {
        Kind::League(_) | Kind::Challenge(_) => Ok(()),
        Kind::Recorded(_) => Err(format!(
            "{file} is known only by its final standings: there is nothing to close or reopen"
        )),
        _ => Err(format!(
            "{file} is a `{}` event: only a league or a challenge event is closed (`closed = true`); a Swiss event is finished when its rounds (and cut) are",
            event.info.format
        )),
    }
}

/// The lines written above `key` (comments, blank lines), which stay in the file when the line
/// of `key` is taken out; the indentation of that line goes with it.
fn lines_above(key: &toml_edit::Key) -> String {
    let above = key
        .leaf_decor()
        .prefix()
        .and_then(|p| p.as_str())
        .unwrap_or("");
    above[..above.rfind('\n').map_or(0, |end| end + 1)].to_string()
}

/// Keeps `comment`, lines written after the last key of `[event]` (once that key is taken out),
/// above the table that follows `[event]` in the file (or at the file's end).
fn keep_after_event(doc: &mut toml_edit::DocumentMut, comment: &str) {
    let event_at = doc
        .get("event")
        .and_then(toml_edit::Item::as_table)
        .and_then(Table::position);
    let mut next: Option<&mut Table> = None;
    for (_, item) in doc.as_table_mut().iter_mut() {
        let tables: Vec<&mut Table> = match item {
            toml_edit::Item::Table(table) => vec![table],
            toml_edit::Item::ArrayOfTables(array) => array.iter_mut().collect(),
            _ => Vec::new(),
        };
        for table in tables {
            let after_event = table.position() > event_at;
            let sooner = next
                .as_ref()
                .is_none_or(|n| table.position() < n.position());
            if after_event && sooner {
                next = Some(table);
            }
        }
    }
    match next {
        Some(table) => {
            let prefix = table
                .decor()
                .prefix()
                .and_then(|p| p.as_str())
                .unwrap_or("");
            let prefix = format!("{comment}{prefix}");
            table.decor_mut().set_prefix(prefix);
        }
        None => {
            let trailing = doc.trailing().as_str().unwrap_or("").to_string();
            doc.set_trailing(format!("{comment}{trailing}"));
        }
    }
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

/// `close` (`reopen`: `close --reopen`) of the event file `file` of the site at `root`: the
/// one edit a closed event takes, so it goes through the transaction with the closed event
/// left to it.
pub fn close_event(root: &Path, file: &Path, reopen: bool) -> Outcome {
    edit_event_when_closed(
        root,
        file,
        Mode::Write,
        WhenClosed::LeaveToTheEdit,
        |loaded| {
            let at = crate::wall_clock::now();
            let edited = if reopen {
                self::reopen(&loaded.text, &loaded.event, at)
            } else {
                close(&loaded.text, &loaded.event, at)
            };
            edited.map(FileEdit::from)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::options::LoadOptions;

    const AT: Timestamp = Timestamp {
        date: Date {
            year: 2026,
            month: 12,
            day: 20,
        },
        hour: 21,
        minute: 30,
        second: 0,
        offset_minutes: Some(60),
    };

    /// A league of two players with one game; `event` is written at the end of `[event]`.
    fn league(event: &str) -> String {
        format!(
            "[event]\nname = \"League\"   # the winter league\ndate = 2026-12-01\nrules = \"ffg-2018\"\nformat = \"league\"\n{event}\n[[players]]\nname = \"Ann Lee\"\n\n[[players]]\nname = \"Bo Vos\"\n\n[[games]]\ndate = 2026-12-07\ndark = \"ann-lee\"\nlight = \"bo-vos\"\nwinner = \"ann-lee\"\n"
        )
    }

    fn loaded(text: &str) -> Event {
        let (loaded, diagnostics) = crate::load::parse_event(
            Path::new("events/2026/league.toml"),
            text,
            &LoadOptions::default(),
        );
        loaded
            .unwrap_or_else(|| panic!("valid: {diagnostics:?}\n{text}"))
            .0
    }

    /// `reopen`'s new text, checked valid and open.
    fn reopened(text: &str) -> String {
        let edited = reopen(text, &loaded(text), AT).expect("reopened");
        assert!(!loaded(&edited.text).info.closed, "{}", edited.text);
        edited.text
    }

    #[test]
    fn close_then_reopen_gives_back_the_file_but_its_time() {
        let open = league("");
        let closed = close(&open, &loaded(&open), AT).expect("closed").text;
        assert!(loaded(&closed).info.closed, "{closed}");
        let again = reopened(&closed);
        assert_eq!(again, closed.replace("closed = true\n", ""));
        assert!(
            again.contains("updated = 2026-12-20T21:30:00+01:00\n"),
            "{again}"
        );
        assert!(again.contains("# the winter league\n"), "{again}");
    }

    #[test]
    fn reopening_takes_out_the_line_closed_and_keeps_the_lines_above_it() {
        // In the middle of `[event]`: the comment on its line goes with it, those above stay.
        let text = league("\n# The season:\n  closed = true   # over\nlocation = \"Hoth\"\n");
        let again = reopened(&text);
        assert!(
            again.contains("format = \"league\"\n\n# The season:\nlocation = \"Hoth\"\n"),
            "{again}"
        );
        assert!(!again.contains("over"), "{again}");
        // The last key of `[event]`: the lines above it stay above the next table.
        let text = league("# Final after week 3\nclosed = true\n");
        let again = reopened(&text);
        assert!(
            again.contains("# Final after week 3\n\n[[players]]\nname = \"Ann Lee\""),
            "{again}"
        );
    }

    #[test]
    fn only_a_closed_league_or_challenge_event_is_reopened() {
        let open = league("");
        let refused = reopen(&open, &loaded(&open), AT).unwrap_err();
        assert_eq!(
            refused,
            "events/2026/league.toml is not closed: there is nothing to reopen"
        );
        let swiss = "[event]\nname = \"Open\"\ndate = 2026-12-01\nrules = \"ffg-2018\"\n\n[[players]]\nname = \"Ann Lee\"\n";
        for edit in [close, reopen] {
            let refused = edit(swiss, &loaded(swiss), AT).unwrap_err();
            assert!(
                refused.contains("only a league or a challenge event is closed"),
                "{refused}"
            );
        }
    }
}
