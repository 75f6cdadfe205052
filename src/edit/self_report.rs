//! Players reporting their own table from a phone on the venue's network (`holonet serve
//! --self-report`), and the organizer confirming what they reported (`holonet confirm`).
//!
//! - **Who is reporting.** Each player has a personal code for the event, printed on a card the
//!   organizer hands them (from `serve`'s cards page, on this computer only), and no one else
//!   sees it: not their opponent, not the table's slip. A report names its player and carries
//!   that player's code, so it speaks for that player and no one else. The code is a keyed hash
//!   of the event file and the player's id under the site folder's secret ([`Secret`]), so no
//!   one without the secret can work it out and nothing needs to be stored to check it.
//! - **The reports.** A report names the player sending it and the result, in the words of
//!   `holonet report` (`2-0`, `tom+12`). It is first checked like the organizer's own report (a
//!   dry run of the same edit), so a result the rules refuse is refused at once, on the phone.
//!   Then it waits in the site's list of reports ([`super::waiting`], never published) until
//!   the other player's report agrees, which records it, or the organizer confirms it. Two
//!   reports that differ are both kept and never applied: the organizer settles them. Two
//!   agreeing reports sent from one device on the network are kept for the organizer too: one
//!   person may hold both cards.
//! - **The pairing.** A report belongs to the pairing it was sent for (see [`super::waiting`]):
//!   once the round is paired again, a player dropped or entered late, or the table changed by
//!   hand, it no longer counts, and `confirm` refuses it, saying so.
//! - **Recording** goes through the same transaction as `holonet report` (the site's lock, the
//!   check of the new text, the atomic write), so a refused report leaves the file untouched.
//!
//! Only the running round takes reports: a report for a round that is over, or for a table
//! that has its result, is refused. Reports the organizer made moot (by typing the result, or
//! pairing on) are dropped from the list the next time it is read.

use crate::diag::Shown;
use std::path::Path;

pub use super::open_step::{OpenStep, OpenTable, Stage, open_step};
use super::report;
use super::transaction::{Mode, OneEvent, Outcome, edit_event, load_event, refuse_closed};
use super::waiting::with_waiting;
pub use super::waiting::{WAITING_FILE, Waiting, pairing_of, waiting_for};
use crate::event::{Event, Kind};
use crate::input_key::Secret;
use crate::rules::CcgStandings;
use crate::rules::computed::Computed;

/// The symbols of a code: capitals and digits that cannot be taken for one another (no B/8,
/// I/1, O/0, S/5, Z/2), so a code copied from paper onto a phone is copied right.
const CODE_SYMBOLS: &[u8] = b"ACDEFGHJKLMNPQRTUVWXY34679";

/// The length of a code: 26^8, about 2.1 × 10^11 codes. `serve` lets at most
/// [`WRONG_CODES_PER_PLAYER`] wrong codes be sent in one player's name in a round, from every
/// device together, so a round's guessing finds a given player's code with a chance of about
/// 5 in 10^11, and any code of an event of 4,096 players with under 2 in 10^7.
pub const CODE_LENGTH: usize = 8;

/// Wrong codes that may be sent in one player's name in one round (one SW:CCG game), from every
/// device together (this computer included): enough for a player's typos, and the bound on
/// guessing whoever sends them. Past it, that player's reports are taken by the organizer.
pub const WRONG_CODES_PER_PLAYER: u32 = 10;

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

/// The personal code of the player `player` (an id) in the event in `file` (its path under
/// the site): the same all event long, different for every player and event.
pub fn player_code(secret: &Secret, file: &Path, player: &str) -> String {
    let mut value = secret.seal(&[
        b"holonet self-report player code\0",
        file.to_string_lossy().as_bytes(),
        b"\0",
        player.as_bytes(),
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

/// A code as printed (`KM7P QXA4`): two groups of four, easier to copy.
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
    /// The other player's report agrees, but both came from the same device on the network:
    /// kept for the organizer, who confirms it once both players say so (one person may hold
    /// both cards).
    OneDevice { words: String, other: String },
}

/// Why a report was not taken; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    /// The code was wrong: `serve` counts these per device and per player.
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

/// A report whose table and player are found in the event's running step, before its code is
/// checked: `serve` counts what the device and the player named have sent against that step.
pub struct Claim {
    loaded: OneEvent,
    step: OpenStep,
    pairing: String,
    table: OpenTable,
    /// The player sending it, and their opponent (indices into the event's players).
    me: usize,
    other: usize,
}

/// Finds the table and the player a report names in the step of the event now taking reports;
/// or why the report cannot be taken at all (nothing about the code is told or checked yet).
pub fn claim(root: &Path, sent: &Submission<'_>) -> Result<Claim, Refusal> {
    let loaded = load_event(root, &root.join(sent.event)).map_err(|_| {
        Refusal::because(
            "the event's file has errors just now, so no result can be taken: hand your slip to the organizer",
        )
    })?;
    let event = &loaded.event;
    let (step, pairing) = pairing_of(event)
        .filter(|(step, _)| step.stage == sent.stage && step.number == sent.number)
        .ok_or_else(|| {
            let over = crate::event::ids::capitalized(&sent.stage.title(sent.number));
            // A late report of a table the organizer already recorded is told what stands.
            if let Some(words) = recorded_words(event, sent.stage, sent.number, sent.table) {
                return Refusal::because(format!(
                    "{over} is over, and table {} is recorded: {words}. If that is not what you played, tell the organizer",
                    sent.table
                ));
            }
            let now = open_step(event).map_or_else(
                || "no round is taking results now".to_string(),
                |step| format!("only {} is taking results now", step.title()),
            );
            Refusal::because(format!(
                "{over} is not being played any more ({now}): hand your slip to the organizer"
            ))
        })?;
    let table = step
        .table(sent.table)
        .cloned()
        .ok_or_else(|| Refusal::because(format!("{} has no table {}", step.title(), sent.table)))?;
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
    Ok(Claim {
        loaded,
        step,
        pairing,
        table,
        me,
        other,
    })
}

impl Claim {
    /// The event file, under the site folder, as the event knows it.
    pub fn event_file(&self) -> &Path {
        &self.loaded.event.file
    }

    /// The step taking reports.
    pub fn step(&self) -> (Stage, u32) {
        (self.step.stage, self.step.number)
    }

    /// The id of the player the report speaks for.
    pub fn player_id(&self) -> &str {
        &self.loaded.event.players[self.me].id
    }

    /// The name of the player the report speaks for.
    pub fn player_name(&self) -> &str {
        &self.loaded.event.players[self.me].name
    }

    /// Takes the report, whose player proves who they are with `code`, sent from `device` (none:
    /// this computer): checks the code, then the result, then records it when the other
    /// player's report agrees, or keeps it for the other player or the organizer.
    pub fn take(
        self,
        root: &Path,
        secret: &Secret,
        sent: &Submission<'_>,
        device: Option<&str>,
    ) -> Result<Taken, Refusal> {
        let event = &self.loaded.event;
        let me = &event.players[self.me];
        // The code first: without it, nothing about the table is told.
        if typed_code(sent.code) != player_code(secret, &event.file, &me.id) {
            return Err(Refusal {
                message: format!(
                    "that is not {}'s code: copy it from your own player card",
                    me.name
                ),
                wrong_code: true,
            });
        }
        let number = self.table.number;
        if self.table.reported {
            let words = recorded_words(event, self.step.stage, self.step.number, number)
                .map_or_else(String::new, |words| format!(": {words}"));
            return Err(Refusal::because(format!(
                "table {number} already has its result{words}. If that is not what you played, tell the organizer"
            )));
        }
        let words = checked_words(root, &self.loaded, &self.step, number, sent.result)
            .map_err(Refusal::because)?;
        let mine = Waiting {
            event: event.file.clone(),
            stage: self.step.stage,
            number: self.step.number,
            table: number,
            player: me.id.clone(),
            result: sent.result.trim().to_string(),
            words: words.clone(),
            pairing: self.pairing.clone(),
            device: device.map(str::to_string),
            void: false,
        };
        let reporter = me.name.clone();
        let other = &event.players[self.other];
        let (other_name, other_id) = (other.name.clone(), other.id.clone());
        let pairing = self.pairing;
        with_waiting(root, event, |waiting| {
            waiting.retain(|w| !w.is_for(&mine) || w.player != mine.player);
            let theirs = waiting
                .iter()
                .find(|w| w.is_for(&mine) && w.player == other_id && w.counts(&pairing))
                .cloned();
            match theirs {
                Some(theirs) if theirs.result == mine.result => {
                    if mine.device.is_some() && theirs.device == mine.device {
                        waiting.push(mine);
                        return Ok(Taken::OneDevice {
                            words,
                            other: other_name,
                        });
                    }
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
    let shown = file.shown().to_string();
    let step = open_step(&loaded.event).map_or_else(String::new, |s| format!(" of {}", s.title()));
    let pairing = pairing_of(&loaded.event).map(|(_, pairing)| pairing);
    let name_of = |id: &str| {
        loaded
            .event
            .players
            .iter()
            .find(|p| p.id == id)
            .map_or(id.to_string(), |p| p.name.clone())
    };
    let confirmed = with_waiting(root, &loaded.event, |waiting| {
        let (here, stale): (Vec<&Waiting>, Vec<&Waiting>) = waiting
            .iter()
            .filter(|w| w.event == event_file && w.table == table)
            .partition(|w| pairing.as_deref().is_some_and(|p| w.counts(p)));
        let chosen = match (here.as_slice(), player) {
            ([], _) if !stale.is_empty() => {
                let who: Vec<String> = stale.iter().map(|w| name_of(&w.player)).collect();
                return Err(format!(
                    "the report waiting for table {table}{step} (from {}) was sent for the pairing as it was before: the round was paired again, or its players changed, since, so it no longer counts and nothing was recorded; ask the players at table {table} to report again, or type the result with holonet report {shown} {table} RESULT",
                    who.join(" and ")
                ));
            }
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
                let who = |w: &Waiting| format!("{} (--player {})", name_of(&w.player), w.player);
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
        let outcome = edit_event(root, file, Mode::WriteHoldingReports, |loaded| {
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

impl Waiting {
    fn request(&self) -> report::Request<'_> {
        report::Request {
            table: self.table,
            result: Some(&self.result),
            round: Some(self.number),
            ..report::Request::default()
        }
    }
}

/// The result recorded at `table` of round (or SW:CCG game) `number`, in words with the
/// players' names: "Ann 2–0 Bo", "Ann and Bo split the match", "Ann (dark) beat Bo (light) by
/// 12"; `None` when the table is not there or has no result. Results are on the public pages,
/// so telling one reveals nothing.
fn recorded_words(event: &Event, stage: Stage, number: u32, table: u32) -> Option<String> {
    let name = |p: usize| event.players[p].name.as_str();
    match (&event.kind, stage) {
        (crate::event::Kind::Swiss(play), Stage::Round) => {
            let t = play
                .rounds
                .iter()
                .find(|r| r.number == number)?
                .tables
                .iter()
                .find(|t| t.number == table)?;
            let [a, b] = t.players;
            match &t.outcome {
                crate::event::Outcome::Pending => None,
                crate::event::Outcome::Split => {
                    Some(format!("{} and {} split the match", name(a), name(b)))
                }
                crate::event::Outcome::Games(games) => {
                    let won = |p: usize| games.iter().filter(|g| g.winner == Some(p)).count();
                    let drawn = games.iter().filter(|g| g.winner.is_none()).count();
                    let draws = match drawn {
                        0 => String::new(),
                        1 => ", one game drawn".to_string(),
                        n => format!(", {n} games drawn"),
                    };
                    Some(format!(
                        "{} {}–{} {}{draws}",
                        name(a),
                        won(a),
                        won(b),
                        name(b)
                    ))
                }
            }
        }
        (crate::event::Kind::Ccg(play), Stage::Game) => {
            let t = play
                .games
                .iter()
                .find(|g| g.number == number)?
                .tables
                .iter()
                .find(|t| t.number == table)?;
            let (dark, light) = (name(t.dark), name(t.light));
            Some(match t.result? {
                crate::event::CcgResult::Won {
                    winner, life_force, ..
                } => {
                    let (w, l) = if winner == t.dark {
                        (format!("{dark} (dark)"), format!("{light} (light)"))
                    } else {
                        (format!("{light} (light)"), format!("{dark} (dark)"))
                    };
                    match life_force {
                        Some(by) => format!("{w} beat {l} by {by}"),
                        None => format!("{w} beat {l}"),
                    }
                }
                crate::event::CcgResult::TrueTie { .. } => {
                    format!("{dark} (dark) and {light} (light) tied")
                }
                crate::event::CcgResult::Quit { quitter, .. } => {
                    format!(
                        "{} quit against {}",
                        name(quitter),
                        if quitter == t.dark { light } else { dark }
                    )
                }
            })
        }
        _ => None,
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
    let outcome = edit_event(
        root,
        &root.join(&report.event),
        Mode::WriteHoldingReports,
        |loaded| report::file_edit(loaded, &report.request()),
    );
    outcome.result.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_has_a_code_of_their_own_that_reads_back_as_typed() {
        let secret = Secret::of_tests([7, 11]);
        let file = Path::new("events/2026/e.toml");
        let code = player_code(&secret, file, "ann");
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|b| CODE_SYMBOLS.contains(&b)), "{code}");
        assert_eq!(
            player_code(&secret, file, "ann"),
            code,
            "the same all event long"
        );
        let others = [
            player_code(&secret, file, "bo"),
            player_code(&secret, Path::new("events/2026/f.toml"), "ann"),
            player_code(&Secret::of_tests([7, 12]), file, "ann"),
        ];
        assert!(others.iter().all(|other| *other != code), "{others:?}");
        let printed = printed_code(&code);
        assert_eq!(printed.len(), CODE_LENGTH + 1);
        assert_eq!(typed_code(&printed.to_lowercase()), code);
        assert_eq!(typed_code(&printed.replace(' ', "-")), code);
    }

    /// The figure the docs give: with at most `WRONG_CODES_PER_PLAYER` guesses per player and
    /// round, a round of guessing against every player of the largest event finds a code with
    /// a chance under one in a million.
    #[test]
    fn a_round_of_guessing_succeeds_with_under_one_chance_in_a_million() {
        let codes = (CODE_SYMBOLS.len() as f64).powi(CODE_LENGTH as i32);
        let guesses = f64::from(WRONG_CODES_PER_PLAYER) * crate::limits::MAX_PLAYERS as f64;
        assert!(guesses / codes < 1e-6, "{}", guesses / codes);
    }

    #[test]
    fn a_game_result_is_read_as_report_reads_it() {
        assert_eq!(game_result("tom", "12"), "tom+12");
        assert_eq!(game_result("tom", "+12 "), "tom+12");
        assert_eq!(game_result("tom", ""), "tom");
    }
}
