//! The players' reports waiting for the other player or the organizer (`serve --self-report`),
//! kept under the site folder, and the pairing each one belongs to.
//!
//! A report is about one table of one pairing: the two players who sat there, as the round was
//! paired when it was sent. It never outlives that pairing. Each report keeps the pairing's
//! fingerprint ([`pairing_of`]: the step, every table's players, every player's entry, late
//! entry, drop and return), and counts only while the event still has that pairing:
//!
//! - an edit by hand that changes the round or the players changes the fingerprint, so the
//!   reports sent before it no longer count;
//! - an editing verb (`unpair`, `pair`, `drop`, `register --late`, ...) that changes the
//!   fingerprint also marks the reports of the old pairing void ([`settle_waiting`]), so that a
//!   round unpaired and paired again the same way does not bring back what was sent for the
//!   first pairing: nobody sent it for the second.
//!
//! Reports that no longer count are kept until their step is over, only so that `confirm` can
//! say why it refuses them. A report whose table has its result, or whose step is over, is
//! settled: the next edit of its event drops it ([`settle_waiting`]).

use crate::diag::Shown;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::open_step::{OpenStep, Stage, open_step};
use crate::atomic::{Expected, hold_lock, write_atomically};
use crate::event::Event;

/// The reports waiting for the other player or the organizer, under the site folder.
pub const WAITING_FILE: &str = ".holonet/self-reports.json";

/// The lock taken while the list of waiting reports is read and rewritten. Whoever holds both
/// takes it before the site's edit lock, never after (a report is recorded while the list is
/// held).
const WAITING_LOCK: &str = ".holonet/self-reports.lock";

/// One player's report, waiting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// The event file, under the site folder.
    pub event: PathBuf,
    pub stage: Stage,
    pub number: u32,
    pub table: u32,
    /// The id of the player who sent it (proved by their personal code).
    pub player: String,
    /// The result, as `holonet report` reads it.
    pub result: String,
    /// The result in words with the players' names (`Ann 2–0 Bo`).
    pub words: String,
    /// The fingerprint of the pairing it was sent for ([`pairing_of`]).
    pub pairing: String,
    /// The device on the venue's network it came from; none for this computer.
    #[serde(default)]
    pub device: Option<String>,
    /// Voided by an edit that changed the pairing after it was sent.
    #[serde(default)]
    pub void: bool,
}

impl Waiting {
    /// Whether this report is for the same table of the same step as `other`.
    pub(crate) fn is_for(&self, other: &Waiting) -> bool {
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

    /// Whether it is settled in `event`: its step is there, and its table has its result or
    /// every table of the step has.
    fn is_settled(&self, event: &Event) -> bool {
        super::open_step::step(event, self.stage, self.number).is_some_and(|step| {
            step.tables.iter().all(|t| t.reported)
                || step.table(self.table).is_some_and(|t| t.reported)
        })
    }

    /// Whether it counts: sent for the pairing the event has now (`pairing`), and not voided.
    pub(crate) fn counts(&self, pairing: &str) -> bool {
        !self.void && self.pairing == pairing
    }
}

/// The open step of `event` and the fingerprint of its pairing (see [`fingerprint`]).
pub fn pairing_of(event: &Event) -> Option<(OpenStep, String)> {
    let step = open_step(event)?;
    let fingerprint = fingerprint(event, &step);
    Some((step, fingerprint))
}

/// The fingerprint of the pairing of `step` of `event`: the step, each table's number and
/// players, and each player's id, number, late entry, drop, return and disqualification. Any
/// change to who plays whom, or to who is in the event, gives another fingerprint; a result
/// recorded does not.
fn fingerprint(event: &Event, step: &OpenStep) -> String {
    let mut text = format!("{} {}\n", step.stage.name(), step.number);
    for table in &step.tables {
        let [a, b] = table.players.map(|p| event.players[p].id.as_str());
        text.push_str(&format!("table {} {a:?} {b:?}\n", table.number));
    }
    for player in &event.players {
        text.push_str(&format!(
            "player {:?} {} {:?} {:?} {:?} {}\n",
            player.id, player.number, player.late, player.drop, player.rejoin, player.disqualified
        ));
    }
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(text.as_bytes()))
}

/// The reports of `event` that count now, for `holonet status` and the organizer's terminal.
pub fn waiting_for(root: &Path, event: &Event) -> Vec<Waiting> {
    let (_, waiting) = read_waiting(&root.join(WAITING_FILE));
    let Some((step, pairing)) = pairing_of(event) else {
        return Vec::new();
    };
    waiting
        .into_iter()
        .filter(|w| w.event == event.file && w.is_open(Some(&step)) && w.counts(&pairing))
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

/// Runs `change` on the list of waiting reports under its lock, the reports of `event` whose
/// table no longer takes reports dropped first, and writes the list back when it changed.
pub(crate) fn with_waiting<T>(
    root: &Path,
    event: &Event,
    change: impl FnOnce(&mut Vec<Waiting>) -> Result<T, String>,
) -> Result<T, String> {
    let path = root.join(WAITING_FILE);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.shown()))?;
    }
    let _lock = hold_lock(&root.join(WAITING_LOCK), "taking players' reports")?;
    let (before, read) = read_waiting(&path);
    let step = open_step(event);
    let mut waiting = read.clone();
    waiting.retain(|w| w.event != event.file || w.is_open(step.as_ref()));
    let answer = change(&mut waiting)?;
    if waiting != read {
        write_list(&path, before.as_deref(), &waiting)?;
    }
    Ok(answer)
}

/// Writes the list at `path`, provided it still holds `before` (the lock keeps Holonet's own
/// writers apart; a hand edit meanwhile is never overwritten).
fn write_list(path: &Path, before: Option<&str>, waiting: &[Waiting]) -> Result<(), String> {
    let text = serde_json::to_string_pretty(waiting)
        .map_err(|e| format!("cannot write the players' reports: {e}"))?;
    let expected = match before {
        Some(text) => Expected::Text(text),
        None => Expected::Absent,
    };
    write_atomically(path, expected, &format!("{text}\n")).map_err(|e| e.to_string())
}

/// After an edit of an event file changed it from `before` to `after`, the list of waiting
/// reports follows it:
///
/// - when the pairing of the step that was taking reports changed (unpaired, paired again, a
///   player dropped, entered late, or put at another table), the reports sent for the old
///   pairing are marked void, so that no later pairing, even one that comes out the same, takes
///   them for its own;
/// - the reports of a table that has its result (recorded by `report`, or by hand), or of a
///   step that is over, are dropped: they are settled, and a disagreement the organizer
///   settled would otherwise stay in the list for the rest of the event. A step unpaired is
///   not over: its reports stay, void, for `confirm` to say why it refuses them.
///
/// The list is read first without its lock, and neither locked nor written when neither
/// applies (a result recorded where no report waits, an edit of another event).
pub(crate) fn settle_waiting(root: &Path, before: &Event, after: &Event) -> Result<(), String> {
    let path = root.join(WAITING_FILE);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(());
    }
    let replaced = pairing_of(before)
        .filter(|(step, old)| {
            super::open_step::step(after, step.stage, step.number)
                .is_none_or(|now| fingerprint(after, &now) != *old)
        })
        .map(|(_, old)| old);
    let settle = |waiting: &mut Vec<Waiting>| {
        let mut changed = false;
        for report in waiting
            .iter_mut()
            .filter(|w| w.event == before.file && Some(&w.pairing) == replaced.as_ref() && !w.void)
        {
            report.void = true;
            changed = true;
        }
        let count = waiting.len();
        waiting.retain(|w| w.event != after.file || !w.is_settled(after));
        waiting.len() != count || changed
    };
    if !settle(&mut read_waiting(&path).1) {
        return Ok(());
    }
    let _lock = hold_lock(&root.join(WAITING_LOCK), "taking players' reports")?;
    let (text, mut waiting) = read_waiting(&path);
    if settle(&mut waiting) {
        write_list(&path, text.as_deref(), &waiting)?;
    }
    Ok(())
}
