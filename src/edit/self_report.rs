//! Players reporting their own table from a phone on the venue's network (`holonet serve
//! --self-report`), and the organizer confirming what they reported (`holonet confirm`).
//!
//! - **The code.** Each table of the running round (a Swiss round, or a SW:CCG game) has a code
//!   that only its players have: it is printed on the table's result slip, as `serve` gives the
//!   slips to this computer only. It is a keyed hash of the event file, the round and the table
//!   under the site folder's secret ([`Secret`]), so it differs for every table and round and no
//!   one without the secret can work it out; nothing needs to be stored to check it.
//! - **The reports.** A report names the player sending it and the result, in the words of
//!   `holonet report` (`2-0`, `tom+12`). It is first checked like the organizer's own report (a
//!   dry run of the same edit), so a result the rules refuse is refused at once, on the phone.
//!   Then it waits in the site's list of reports (`.holonet/self-reports.json`, never published)
//!   until the other player's report agrees, which records it, or the organizer confirms it.
//!   Two reports that differ are both kept and never applied: the organizer settles them.
//! - **Recording** goes through the same transaction as `holonet report` (the site's lock, the
//!   check of the new text, the atomic write), so a refused report leaves the file untouched.
//!
//! Only the running round takes reports: a report for a round that is over, or for a table
//! that has its result, is refused. Reports the organizer made moot (by typing the result, or
//! pairing on) are dropped from the list the next time it is read.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use super::open_step::{OpenStep, OpenTable, Stage, open_step};
use super::report;
use super::transaction::{Mode, OneEvent, Outcome, edit_event, load_event, refuse_closed};
use crate::atomic::{Expected, hold_lock, write_atomically};
use crate::event::{Event, Kind};
use crate::input_key::Secret;
use crate::rules::CcgStandings;
use crate::rules::computed::Computed;

/// The reports waiting for the other player or the organizer, under the site folder.
pub const WAITING_FILE: &str = ".holonet/self-reports.json";

/// The lock taken while the list of waiting reports is read and rewritten.
const WAITING_LOCK: &str = ".holonet/self-reports.lock";

/// The symbols of a table's code: capitals and digits that cannot be taken for one another
/// (no B/8, I/1, O/0, S/5, Z/2), so a code copied from paper onto a phone is copied right.
const CODE_SYMBOLS: &[u8] = b"ACDEFGHJKLMNPQRTUVWXY34679";

/// The length of a code: 26^6, about 300 million codes, against the few guesses a phone is
/// allowed per round (see `serve`).
const CODE_LENGTH: usize = 6;

/// What a player picks as the result of their table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choices {
    /// A Swiss match: each score the rules allow, as `holonet report` reads it (games won and
    /// lost by the first player listed), with its words.
    Match(Vec<(&'static str, String)>),
    /// A SW:CCG game: the winner (dark or light) and the differential, which the ruleset may
    /// leave optional.
    Game { differential_optional: bool },
}

/// The results a player can pick for `table` of `event`.
pub fn choices(event: &Event, computed: &Computed, table: &OpenTable) -> Choices {
    let ruleset = computed.ruleset;
    if let Kind::Ccg(_) = event.kind {
        return Choices::Game {
            differential_optional: ruleset.ccg_standings == CcgStandings::TournamentAssistantSos,
        };
    }
    let [a, b] = table.players.map(|p| event.players[p].name.as_str());
    let mut scores = vec![
        ("2-0", format!("{a} won 2–0")),
        ("1-0", format!("{a} won 1–0, one game drawn")),
        ("1-1", "1–1: one game each".to_string()),
    ];
    if !ruleset.games_played_out {
        scores.push(("0-0", "0–0: time was called in game one".to_string()));
    }
    scores.push(("0-1", format!("{b} won 1–0, one game drawn")));
    scores.push(("0-2", format!("{b} won 2–0")));
    Choices::Match(scores)
}

/// A SW:CCG game's result as `holonet report` reads it, from the form's winner id and
/// differential (`tom+12`, or `tom` where the differential may be left out).
pub fn game_result(winner: &str, differential: &str) -> String {
    let differential = differential.trim().trim_start_matches('+');
    if differential.is_empty() {
        winner.trim().to_string()
    } else {
        format!("{}+{differential}", winner.trim())
    }
}

/// The code of `table` of `stage` `number` of the event in `file` (its path under the site).
pub fn table_code(secret: &Secret, file: &Path, stage: Stage, number: u32, table: u32) -> String {
    let mut value = secret.seal(&[
        b"holonet self-report code\0",
        file.to_string_lossy().as_bytes(),
        b"\0",
        stage.name().as_bytes(),
        &number.to_le_bytes(),
        &table.to_le_bytes(),
    ]);
    let base = CODE_SYMBOLS.len() as u128;
    (0..CODE_LENGTH)
        .map(|_| {
            let symbol = CODE_SYMBOLS[(value % base) as usize] as char;
            value /= base;
            symbol
        })
        .collect()
}

/// A code as printed (`KM7 PQX`): two groups of three, easier to copy.
pub fn printed_code(code: &str) -> String {
    let (first, second) = code.split_at(code.len() / 2);
    format!("{first} {second}")
}

/// A code as typed, compared without its spaces and dashes and in capitals.
fn typed_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// One player's report, waiting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// The event file, under the site folder.
    pub event: PathBuf,
    pub stage: Stage,
    pub number: u32,
    pub table: u32,
    /// The id of the player who sent it.
    pub player: String,
    /// The result, as `holonet report` reads it.
    pub result: String,
    /// The result in words with the players' names (`Ann 2–0 Bo`).
    pub words: String,
}

/// A report sent from a phone.
#[derive(Debug, Clone)]
pub struct Submission<'a> {
    /// The event file, under the site folder.
    pub event: &'a Path,
    pub stage: Stage,
    pub number: u32,
    pub table: u32,
    /// The id of the player sending it.
    pub player: &'a str,
    pub result: &'a str,
    pub code: &'a str,
}

/// What became of a report that was taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Both players agree: recorded in the event file, in these words.
    Recorded(String),
    /// Kept until the other player (named) reports the same, or the organizer confirms it.
    Waiting {
        words: String,
        reporter: String,
        other: String,
    },
    /// The other player (named) reported something else (`theirs`): both are kept for the
    /// organizer, and neither is applied.
    Disagreement {
        words: String,
        reporter: String,
        other: String,
        theirs: String,
    },
}

/// Why a report was not taken; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    /// The code was wrong: `serve` counts these per phone.
    pub wrong_code: bool,
}

impl Refusal {
    fn because(message: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
            wrong_code: false,
        }
    }
}

/// Takes one player's report: checks it, then records it when the other player's report agrees,
/// or keeps it for the other player or the organizer.
pub fn submit(root: &Path, secret: &Secret, sent: &Submission<'_>) -> Result<Taken, Refusal> {
    let loaded = load_event(root, &root.join(sent.event)).map_err(|_| {
        Refusal::because(
            "the event's file has errors just now, so no result can be taken: hand your slip to the organizer",
        )
    })?;
    let event = &loaded.event;
    let step = open_step(event)
        .filter(|step| step.stage == sent.stage && step.number == sent.number)
        .ok_or_else(|| {
            let now = open_step(event).map_or_else(
                || "no round is taking results now".to_string(),
                |step| format!("only {} is taking results now", step.title()),
            );
            Refusal::because(format!(
                "{} is not being played any more ({now}): hand your slip to the organizer",
                crate::event::ids::capitalized(&sent.stage.title(sent.number))
            ))
        })?;
    let table = step
        .table(sent.table)
        .ok_or_else(|| Refusal::because(format!("{} has no table {}", step.title(), sent.table)))?;
    // The file as the event knows it (`events/2026/x.toml`), however the form wrote it.
    if typed_code(sent.code)
        != table_code(secret, &event.file, step.stage, step.number, table.number)
    {
        return Err(Refusal {
            message: format!(
                "that is not the code of table {}: copy it from your table's result slip",
                table.number
            ),
            wrong_code: true,
        });
    }
    if table.reported {
        return Err(Refusal::because(format!(
            "table {} already has its result; if it is wrong, tell the organizer",
            table.number
        )));
    }
    let Some(&me) = table
        .players
        .iter()
        .find(|&&p| event.players[p].id == sent.player)
    else {
        return Err(Refusal::because(format!(
            "pick your name: {} or {}",
            event.players[table.players[0]].name, event.players[table.players[1]].name
        )));
    };
    let other = if table.players[0] == me {
        table.players[1]
    } else {
        table.players[0]
    };
    let words =
        checked_words(root, &loaded, &step, table.number, sent.result).map_err(Refusal::because)?;
    let mine = Waiting {
        event: event.file.clone(),
        stage: step.stage,
        number: step.number,
        table: table.number,
        player: sent.player.to_string(),
        result: sent.result.trim().to_string(),
        words: words.clone(),
    };
    let reporter = event.players[me].name.clone();
    let other_name = event.players[other].name.clone();
    let other_id = event.players[other].id.clone();
    with_waiting(root, event, |waiting| {
        waiting.retain(|w| !w.is_for(&mine) || w.player != mine.player);
        let theirs = waiting
            .iter()
            .find(|w| w.is_for(&mine) && w.player == other_id)
            .cloned();
        match theirs {
            Some(theirs) if theirs.result == mine.result => {
                record(root, &mine)?;
                waiting.retain(|w| !w.is_for(&mine));
                Ok(Taken::Recorded(words))
            }
            Some(theirs) => {
                waiting.push(mine);
                Ok(Taken::Disagreement {
                    words,
                    reporter,
                    other: other_name,
                    theirs: theirs.words,
                })
            }
            None => {
                waiting.push(mine);
                Ok(Taken::Waiting {
                    words,
                    reporter,
                    other: other_name,
                })
            }
        }
    })
    .map_err(Refusal::because)
}

/// The organizer confirms what a player reported for `table` of the event in `file` (`holonet
/// confirm`): the report waiting there is recorded, or, where the two players disagree, the one
/// `player` sent.
pub fn confirm(root: &Path, file: &Path, table: u32, player: Option<&str>) -> Outcome {
    let loaded = match load_event(root, file) {
        Ok(loaded) => loaded,
        Err(refused) => return *refused,
    };
    // Said before the reports are looked at: a closed event takes none.
    if let Err(message) = refuse_closed(&loaded.event) {
        return Outcome {
            reports: vec![loaded.report],
            result: Err(message),
        };
    }
    let event_file = loaded.event.file.clone();
    let shown = file.display().to_string();
    let step = open_step(&loaded.event).map_or_else(String::new, |s| format!(" of {}", s.title()));
    let confirmed = with_waiting(root, &loaded.event, |waiting| {
        let here: Vec<&Waiting> = waiting
            .iter()
            .filter(|w| w.event == event_file && w.table == table)
            .collect();
        let chosen = match (here.as_slice(), player) {
            ([], _) => {
                return Err(format!(
                    "no player's report is waiting for table {table}{step}; type the result with holonet report {shown} {table} RESULT"
                ));
            }
            (_, Some(id)) => here.iter().find(|w| w.player == id).ok_or_else(|| {
                format!(
                    "`{id}` sent no report for table {table}; the reports waiting are from {}",
                    here.iter()
                        .map(|w| w.player.as_str())
                        .collect::<Vec<_>>()
                        .join(" and ")
                )
            })?,
            ([one], None) => one,
            ([first, second, ..], None) if first.result == second.result => first,
            ([first, second, ..], None) => {
                let who = |w: &Waiting| {
                    let name = loaded
                        .event
                        .players
                        .iter()
                        .find(|p| p.id == w.player)
                        .map_or(w.player.as_str(), |p| p.name.as_str());
                    format!("{name} (--player {})", w.player)
                };
                return Err(format!(
                    "the players disagree: {} reported \"{}\", {} reported \"{}\"; confirm one with --player ID, or type the result with holonet report {shown} {table} RESULT",
                    who(first),
                    first.words,
                    who(second),
                    second.words
                ));
            }
        };
        let chosen = (*chosen).clone();
        let outcome = edit_event(root, file, Mode::Write, |loaded| {
            report::file_edit(loaded, &chosen.request())
        });
        // Once recorded, the table's reports are settled; a refused one stays waiting.
        if outcome.result.is_ok() {
            waiting.retain(|w| !w.is_for(&chosen));
        }
        Ok(outcome)
    });
    confirmed.unwrap_or_else(|message| Outcome {
        reports: vec![loaded.report],
        result: Err(message),
    })
}

/// The reports waiting for the event in `file`, once those made moot are dropped: for
/// `holonet status` and the organizer's terminal.
pub fn waiting_for(root: &Path, event: &Event) -> Vec<Waiting> {
    let (_, waiting) = read_waiting(&root.join(WAITING_FILE));
    let step = open_step(event);
    waiting
        .into_iter()
        .filter(|w| w.event == event.file && w.is_open(step.as_ref()))
        .collect()
}

/// The list of waiting reports at `path`: its text as read (`None`: there is none yet), and the
/// reports in it. A list Holonet cannot read (edited by hand, cut short) counts as empty: the
/// reports in it were never results, and the players can send theirs again.
fn read_waiting(path: &Path) -> (Option<String>, Vec<Waiting>) {
    let text = std::fs::read_to_string(path).ok();
    let waiting = text
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default();
    (text, waiting)
}

impl Waiting {
    /// Whether this report is for the same table of the same step as `other`.
    fn is_for(&self, other: &Waiting) -> bool {
        self.event == other.event
            && self.stage == other.stage
            && self.number == other.number
            && self.table == other.table
    }

    /// Whether its table still takes reports in `step`, the event's open step.
    fn is_open(&self, step: Option<&OpenStep>) -> bool {
        step.is_some_and(|step| {
            step.stage == self.stage
                && step.number == self.number
                && step.table(self.table).is_some_and(|t| !t.reported)
        })
    }

    fn request(&self) -> report::Request<'_> {
        report::Request {
            table: self.table,
            result: Some(&self.result),
            round: Some(self.number),
            ..report::Request::default()
        }
    }
}

/// The result in words, once the same edit as `holonet report` is made and checked without
/// being written; or why the rules refuse it.
fn checked_words(
    root: &Path,
    loaded: &OneEvent,
    step: &OpenStep,
    table: u32,
    result: &str,
) -> Result<String, String> {
    let request = report::Request {
        table,
        result: Some(result),
        round: Some(step.number),
        ..report::Request::default()
    };
    // The same checks as the write, on the file as loaded: the edit, then the new text.
    let outcome = edit_event(root, &loaded.path, Mode::DryRun, |loaded| {
        report::file_edit(loaded, &request)
    });
    // "Table 3 of round 2: Ann 2–0 Bo." without the place, which the form already says.
    outcome.result.map(|written| {
        let recorded = written.edit.recorded;
        let words = recorded
            .split_once(": ")
            .map_or(recorded.as_str(), |(_, words)| words);
        words.trim_end_matches('.').to_string()
    })
}

/// Records `report` in its event file through the edit transaction.
fn record(root: &Path, report: &Waiting) -> Result<(), String> {
    let outcome = edit_event(root, &root.join(&report.event), Mode::Write, |loaded| {
        report::file_edit(loaded, &report.request())
    });
    outcome.result.map(|_| ())
}

/// Runs `change` on the list of waiting reports under its lock, the reports of `event` that
/// are moot dropped first, and writes the list back when it changed.
fn with_waiting<T>(
    root: &Path,
    event: &Event,
    change: impl FnOnce(&mut Vec<Waiting>) -> Result<T, String>,
) -> Result<T, String> {
    let path = root.join(WAITING_FILE);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    let _lock = hold_lock(&root.join(WAITING_LOCK), "taking players' reports")?;
    let (before, mut waiting) = read_waiting(&path);
    let step = open_step(event);
    waiting.retain(|w| w.event != event.file || w.is_open(step.as_ref()));
    let kept = waiting.clone();
    let answer = change(&mut waiting)?;
    if waiting != kept {
        let text = serde_json::to_string_pretty(&waiting)
            .map_err(|e| format!("cannot write the players' reports: {e}"))?;
        let expected = match &before {
            Some(text) => Expected::Text(text),
            None => Expected::Absent,
        };
        write_atomically(&path, expected, &format!("{text}\n")).map_err(|e| e.to_string())?;
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_differ_by_table_round_and_event_and_read_back_as_typed() {
        let secret = Secret::of_tests([7, 11]);
        let file = Path::new("events/2026/e.toml");
        let code = table_code(&secret, file, Stage::Round, 2, 3);
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|b| CODE_SYMBOLS.contains(&b)), "{code}");
        let others = [
            table_code(&secret, file, Stage::Round, 2, 4),
            table_code(&secret, file, Stage::Round, 3, 3),
            table_code(&secret, file, Stage::Game, 2, 3),
            table_code(&secret, Path::new("events/2026/f.toml"), Stage::Round, 2, 3),
            table_code(&Secret::of_tests([7, 12]), file, Stage::Round, 2, 3),
        ];
        assert!(others.iter().all(|other| *other != code), "{others:?}");
        let printed = printed_code(&code);
        assert_eq!(typed_code(&printed.to_lowercase()), code);
        assert_eq!(typed_code(&printed.replace(' ', "-")), code);
    }

    #[test]
    fn a_game_result_is_read_as_report_reads_it() {
        assert_eq!(game_result("tom", "12"), "tom+12");
        assert_eq!(game_result("tom", "+12 "), "tom+12");
        assert_eq!(game_result("tom", ""), "tom");
    }
}
