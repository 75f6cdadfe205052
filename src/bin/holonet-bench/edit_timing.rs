//! How long `serve` takes to bring a site up to date after an organizer saves one event file
//! (`holonet-bench time-edits`; `scripts/bench` runs it on the benchmark
//! archive).
//!
//! A session is opened as `serve` opens it, then the event file is edited again and again,
//! alternating two edits an organizer makes: the event's location (only the pages that show it
//! change) and the result of a table of the last Swiss round (standings, every player's page,
//! statistics and indexes change). Each edit is written to the file, handed to the session
//! as `serve`'s watcher hands it, and timed. The file is put back as it was at the end, whatever
//! happened.

use holonet::diag::Shown;
use std::path::{Path, PathBuf};
use std::time::Duration;

use toml_edit::{DocumentMut, Value};

use crate::generate::player_ids;
use holonet::site::session::Session;

/// The two kinds of edit, in the order they alternate.
pub const KINDS: [&str; 2] = ["location", "result"];

/// One timed edit.
#[derive(Debug, Clone)]
pub struct Timing {
    /// One of [`KINDS`].
    pub kind: &'static str,
    /// The session's update, from the changed path to the site up to date in memory.
    pub elapsed: Duration,
    /// Files rendered again.
    pub rendered: usize,
    /// Files whose bytes changed.
    pub changed: usize,
}

/// What [`time_edits`] measured.
#[derive(Debug, Clone)]
pub struct Timings {
    pub edits: Vec<Timing>,
    /// The session's resident memory after the last edit, in MiB (Linux only).
    pub resident_mib: Option<u64>,
}

/// Opens the site at `root` and times `times` edits of the event file `file` (relative to the
/// root). The event needs a location and a finished Swiss round with a game in it.
/// `release_memory` is called after the site is built and after each edit, as `serve` calls its
/// own (see [`holonet::serve::Options::release_memory`]); it is not timed.
pub fn time_edits(
    root: &Path,
    file: &Path,
    times: usize,
    release_memory: fn(),
) -> Result<Timings, String> {
    let path = root.join(file);
    let original =
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.shown()))?;
    let (mut session, _) = Session::open(root, None)
        .map_err(|report| format!("the site does not build:\n{}", report.render()))?;
    release_memory();
    let restore = Restore {
        path: &path,
        text: &original,
    };
    let mut text = original.clone();
    let mut timings = Vec::with_capacity(times);
    for n in 0..times {
        let kind = KINDS[n % KINDS.len()];
        text = match kind {
            "location" => with_location(&text, n)?,
            _ => with_last_result_swapped(&text)?,
        };
        std::fs::write(&path, &text).map_err(|e| format!("cannot write {}: {e}", path.shown()))?;
        let update = session
            .update(&[PathBuf::from(file)])
            .map_err(|report| format!("the edit does not build:\n{}", report.render()))?;
        release_memory();
        timings.push(Timing {
            kind,
            elapsed: update.elapsed,
            rendered: update.rendered.len(),
            changed: update.changed,
        });
    }
    let resident_mib = resident_mib();
    drop(restore);
    Ok(Timings {
        edits: timings,
        resident_mib,
    })
}

/// The process's resident memory now, in MiB (Linux's `VmRSS`); `None` elsewhere.
fn resident_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Puts the event file back as it was when dropped.
struct Restore<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Drop for Restore<'_> {
    fn drop(&mut self) {
        if let Err(e) = std::fs::write(self.path, self.text) {
            eprintln!("warning: cannot put {} back: {e}", self.path.shown());
        }
    }
}

fn parse(text: &str) -> Result<DocumentMut, String> {
    text.parse()
        .map_err(|e| format!("the event file is not TOML: {e}"))
}

/// The edits `holonet-bench edit` makes, each undone by making it again.
pub const ONE_EDITS: [&str; 2] = ["name", "result"];

/// Makes one edit to the event file `path`: `name` marks the event's name (or takes the mark
/// off), `result` mirrors a table of the last Swiss round (see [`with_last_result_swapped`]).
/// Making the same edit twice gives the file back.
pub fn edit_once(path: &Path, kind: &str) -> Result<(), String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.shown()))?;
    let edited = match kind {
        "name" => with_name_toggled(&text)?,
        "result" => with_last_result_swapped(&text)?,
        _ => return Err(format!("no edit `{kind}`: one of {}", ONE_EDITS.join(", "))),
    };
    std::fs::write(path, edited).map_err(|e| format!("cannot write {}: {e}", path.shown()))
}

/// The mark [`with_name_toggled`] puts after the event's name.
const NAME_MARK: &str = " (edited)";

/// `text` with the mark put after the event's name, or taken off when it is there.
fn with_name_toggled(text: &str) -> Result<String, String> {
    with_event_text(text, "name", |name| match name.strip_suffix(NAME_MARK) {
        Some(base) => base.to_string(),
        None => format!("{name}{NAME_MARK}"),
    })
}

/// `text` with the event's location marked with edit `n`.
fn with_location(text: &str, n: usize) -> Result<String, String> {
    with_event_text(text, "location", |location| {
        let base = location.split(" · edit ").next().unwrap_or(location);
        format!("{base} · edit {n}")
    })
}

/// `text` with the text `key` of its `[event]` table replaced by what `edit` makes of it.
fn with_event_text(text: &str, key: &str, edit: impl Fn(&str) -> String) -> Result<String, String> {
    let mut doc = parse(text)?;
    let event = doc
        .get_mut("event")
        .and_then(|e| e.as_table_like_mut())
        .ok_or("the event file has no [event]")?;
    let value = event
        .get(key)
        .and_then(|v| v.as_str())
        .ok_or(format!("the event has no {key}"))?;
    let edited = edit(value);
    event.insert(key, toml_edit::value(edited));
    Ok(doc.to_string())
}

/// `text` with one table of the last Swiss round mirrored: the other player won each of its
/// games, on the side the first player had (`first_dark` changes hands too), so a win recorded
/// as `by = "dial"` (dark) or `by = "objectives"` (light) stays possible and the file stays
/// valid. The table is the first one whose games were not split evenly, so that the match
/// result, and with it the standings, changes. Mirroring twice gives the file back.
fn with_last_result_swapped(text: &str) -> Result<String, String> {
    let mut doc = parse(text)?;
    let round = doc
        .get_mut("rounds")
        .and_then(|r| r.as_array_of_tables_mut())
        .and_then(|rounds| rounds.iter_mut().last())
        .ok_or("the event has no Swiss round")?;
    let tables = round
        .get_mut("tables")
        .and_then(|t| t.as_array_mut())
        .ok_or("the last round has no table")?;
    let played: Vec<&mut toml_edit::InlineTable> = tables
        .iter_mut()
        .filter_map(Value::as_inline_table_mut)
        .filter(|t| {
            t.get("games")
                .and_then(Value::as_array)
                .is_some_and(|g| !g.is_empty())
        })
        .collect();
    let decided = played.iter().position(|t| {
        let players = player_ids(t);
        let wins = |id: &str| game_winners(t).filter(|w| *w == id).count();
        matches!(players.as_slice(), [a, b] if wins(a) != wins(b))
    });
    let table = played
        .into_iter()
        .nth(decided.unwrap_or(0))
        .ok_or("the last round has no table with a game")?;
    let [a, b] = <[String; 2]>::try_from(player_ids(table))
        .map_err(|_| "the last round's table has no two players".to_string())?;
    let other = |id: &str| if id == a { b.clone() } else { a.clone() };
    if let Some(dark) = table.get("first_dark").and_then(Value::as_str) {
        let swapped = other(dark);
        table.insert("first_dark", Value::from(swapped));
    }
    let games = table
        .get_mut("games")
        .and_then(Value::as_array_mut)
        .ok_or("the table has no games")?;
    for game in games.iter_mut() {
        if let Some(winner) = game.as_str() {
            *game = Value::from(other(winner));
        } else if let Some(result) = game.as_inline_table_mut()
            && let Some(winner) = result.get("winner").and_then(Value::as_str)
        {
            let swapped = other(winner);
            result.insert("winner", Value::from(swapped));
        } else {
            return Err("a game of the last round has no winner".to_string());
        }
    }
    Ok(doc.to_string())
}

/// The winner of each of a table's games (written as the winner's id, or as a table with
/// `winner`).
fn game_winners(table: &toml_edit::InlineTable) -> impl Iterator<Item = &str> {
    table
        .get("games")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|g| {
            g.as_str()
                .or_else(|| g.as_inline_table()?.get("winner")?.as_str())
        })
}

/// The median of `values` (the upper one of an even count).
pub fn median(values: &mut [Duration]) -> Option<Duration> {
    values.sort();
    values.get(values.len() / 2).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVENT: &str = r#"[event]
name = "Test"
location = "Bespin"

[[rounds]]
tables = [{ table = 1, players = ["a", "b"], games = ["a", { winner = "b", by = "dial" }] }]

[[rounds]]
tables = [
  { table = 1, players = ["c", "d"], first_dark = "c", games = ["c", "d"] },
  { table = 2, players = ["a", "b"], first_dark = "a", games = [{ winner = "a", by = "dial" }, "a"] },
]
"#;

    #[test]
    fn a_name_edit_marks_the_name_and_a_second_takes_the_mark_off() {
        let marked = with_name_toggled(EVENT).expect("edits");
        assert_ne!(marked, EVENT);
        assert!(marked.contains(NAME_MARK), "{marked}");
        assert_eq!(with_name_toggled(&marked).expect("edits"), EVENT);
    }

    #[test]
    fn a_location_edit_marks_the_location_once() {
        let once = with_location(EVENT, 0).expect("edits");
        assert!(once.contains(r#"location = "Bespin · edit 0""#), "{once}");
        let twice = with_location(&once, 1).expect("edits");
        assert!(twice.contains(r#"location = "Bespin · edit 1""#), "{twice}");
    }

    #[test]
    fn a_result_edit_mirrors_the_first_decided_table_of_the_last_round_and_back() {
        let swapped = with_last_result_swapped(EVENT).expect("edits");
        // Table 1 was split 1-1: mirroring it would change no result, so table 2 is mirrored,
        // sides included (b is now dark in the first game, the one won on the dial).
        assert!(
            swapped.contains(
                r#"{ table = 2, players = ["a", "b"], first_dark = "b", games = [{ winner = "b", by = "dial" }, "b"] }"#
            ),
            "{swapped}"
        );
        assert!(
            swapped.contains(
                r#"{ table = 1, players = ["c", "d"], first_dark = "c", games = ["c", "d"] }"#
            ),
            "the split table is left alone: {swapped}"
        );
        assert!(
            swapped.contains(r#"games = ["a", { winner = "b", by = "dial" }]"#),
            "the first round is left alone: {swapped}"
        );
        assert_eq!(with_last_result_swapped(&swapped).expect("edits"), EVENT);
    }

    #[test]
    fn a_result_edit_of_a_round_of_split_tables_mirrors_the_first() {
        let split = EVENT.replace(r#"[{ winner = "a", by = "dial" }, "a"]"#, r#"["a", "b"]"#);
        let swapped = with_last_result_swapped(&split).expect("edits");
        assert!(
            swapped.contains(
                r#"{ table = 1, players = ["c", "d"], first_dark = "d", games = ["d", "c"] }"#
            ),
            "{swapped}"
        );
    }

    #[test]
    fn the_median_is_the_middle_value() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(3), ms(1), ms(2)]), Some(ms(2)));
        assert_eq!(median(&mut []), None);
    }
}
