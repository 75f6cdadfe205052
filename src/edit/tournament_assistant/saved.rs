//! A file the Tournament Assistant saved, read into its players and games in the order they
//! were played, each problem said at its place in the file (found by the ids, which are unique
//! in a saved file).

use std::ops::Range;
use std::path::Path;

use serde_json::Value;

use crate::diag::{Code, Diagnostic};
use crate::toml_reader::Date;

/// How the software scored the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Victory points, then the software's strength of schedule; the differentials it stores
    /// are placeholders (0 or 1), not results.
    Sos,
    /// Victory points, then differential: the 2008 guide.
    Diff,
    /// A bracket of two-game matches, both games of a match under one game number.
    MatchPlay,
}

impl Mode {
    pub(super) fn rules(self) -> &'static str {
        match self {
            Mode::Sos => "swccg-pc-sos",
            Mode::Diff => "swccg-2008",
            Mode::MatchPlay => "swccg-pc-match-play",
        }
    }

    /// The name the software saves.
    pub(super) fn saved_name(self) -> &'static str {
        match self {
            Mode::Sos => "SOS",
            Mode::Diff => "DIFF",
            Mode::MatchPlay => "MATCH_PLAY",
        }
    }

    /// Whether the differentials the software stores are results (not placeholders).
    pub(super) fn records_differentials(self) -> bool {
        self != Mode::Sos
    }
}

#[derive(Debug)]
pub(super) struct SavedPlayer {
    pub(super) id: String,
    pub(super) name: String,
    /// The forum handle as typed, when the file has one.
    pub(super) handle: Option<String>,
    pub(super) dropped: bool,
}

#[derive(Debug, Clone)]
pub(super) struct SavedGame {
    /// The software's game number (it calls it a round; a round is two games).
    pub(super) number: u32,
    pub(super) dark: String,
    pub(super) light: String,
    pub(super) winner: Option<String>,
    pub(super) differential: i64,
    /// The cards the dark and the light side lost, as saved (`darkLostCards`,
    /// `lightLostCards`): what decides a `MATCH_PLAY` match level on differential.
    pub(super) lost_cards: Option<[u64; 2]>,
    /// The game's own id, where errors about it point.
    pub(super) id: String,
}

/// A saved event, read and checked.
#[derive(Debug)]
pub(super) struct Saved {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) mode: Mode,
    pub(super) date: Option<Date>,
    /// The day the file was last saved (`lastUpdate`), when it reads as a date.
    pub(super) last_saved: Option<Date>,
    pub(super) players: Vec<SavedPlayer>,
    /// In the order they were played: by game number, then as saved.
    pub(super) games: Vec<SavedGame>,
    /// A `MATCH_PLAY` bracket's seeds as typed (`seedData`): player ids, first seed first.
    pub(super) seeds: Vec<String>,
}

/// Where the JSON string `"needle"` first is in `text` (ids are unique in a saved file, so an
/// object is found by its id), or the start of the file.
pub(super) fn locate(text: &str, needle: &str) -> Range<usize> {
    let quoted = format!("\"{needle}\"");
    text.find(&quoted)
        .map_or(0..1.min(text.len()), |at| at..at + quoted.len())
}

/// Where the value of the top-level key `key` is, as well as a text search can tell.
pub(super) fn key_value(text: &str, key: &str) -> Range<usize> {
    let quoted = format!("\"{key}\"");
    match text.find(&quoted) {
        Some(at) => {
            let after = at + quoted.len();
            let rest = &text[after..];
            let skip = rest.len() - rest.trim_start_matches([' ', ':', '\t', '\r', '\n']).len();
            let start = after + skip;
            let end = text[start..]
                .find([',', '}', '\n'])
                .map_or(text.len(), |n| start + n);
            start..end.max(start + 1).min(text.len())
        }
        None => 0..1.min(text.len()),
    }
}

/// The byte offset of a 1-based line and column, as `serde_json` reports them.
pub(super) fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// Reads a saved event from the text of `file`; every problem at its place.
pub(super) fn read(file: &Path, text: &str) -> Result<Saved, Vec<Diagnostic>> {
    let body = text.trim_start_matches('\u{feff}');
    let bom = text.len() - body.len();
    let value: Value = serde_json::from_str(body).map_err(|e| {
        let at = bom + offset_of(body, e.line(), e.column());
        vec![
            Diagnostic::error(
                Code::Syntax,
                file,
                Some(at..(at + 1).min(text.len()).max(at)),
                format!("this is not valid JSON: {e}"),
            )
            .with_help("import the file as the Tournament Assistant saved it; an edited copy may have lost a comma or a quote here"),
        ]
    })?;
    let shape = |what: String| {
        Diagnostic::error(Code::MissingField, file, Some(0..1.min(text.len())), what)
            .with_help("import a file saved by the Players Committee's Tournament Assistant: an object with `id`, `name`, `mode`, `players`, `games` and `rounds`")
    };
    let Some(top) = value.as_object() else {
        return Err(vec![shape(
            "this JSON is not a saved Tournament Assistant event, which is one object".into(),
        )]);
    };
    let string = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
    let mut problems = Vec::new();
    for key in ["id", "name", "mode"] {
        if string(top.get(key)).is_none() {
            problems.push(shape(format!("the file has no `{key}` text")));
        }
    }
    for key in ["players", "games", "rounds"] {
        if !top.get(key).is_some_and(Value::is_array) {
            problems.push(shape(format!("the file has no `{key}` list")));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mode_text = string(top.get("mode")).unwrap_or_default();
    let mode = match mode_text.as_str() {
        "SOS" => Mode::Sos,
        "DIFF" => Mode::Diff,
        "MATCH_PLAY" => Mode::MatchPlay,
        other => {
            return Err(vec![
                Diagnostic::error(
                    Code::InvalidValue,
                    file,
                    Some(key_value(text, "mode")),
                    format!("unknown mode `{other}`"),
                )
                .with_help("the Tournament Assistant saves `SOS`, `DIFF` or `MATCH_PLAY`"),
            ]);
        }
    };
    let date = match top.get("date") {
        None | Some(Value::Null) => None,
        Some(v) => match v
            .as_str()
            .and_then(|s| s.get(..10))
            .and_then(Date::parse_iso)
        {
            Some(date) => Some(date),
            None => {
                return Err(vec![
                    Diagnostic::error(
                        Code::InvalidValue,
                        file,
                        Some(key_value(text, "date")),
                        "`date` is not a date and time such as 2018-07-28T14:16:40.212Z",
                    )
                    .with_help("give the event's date with --date YYYY-MM-DD"),
                ]);
            }
        },
    };
    // Only a day the event could have stopped on: an unreadable one is left out, not refused.
    let last_saved = top
        .get("lastUpdate")
        .and_then(Value::as_str)
        .and_then(|s| s.get(..10))
        .and_then(Date::parse_iso);
    let mut players = Vec::new();
    for p in top["players"].as_array().into_iter().flatten() {
        let (Some(id), Some(name)) = (string(p.get("id")), string(p.get("name"))) else {
            problems.push(shape("a player has no `id` or `name`".into()));
            continue;
        };
        let dropped = match p.get("status").and_then(Value::as_str) {
            Some("STATUS_DROPPED") => true,
            Some("STATUS_ACTIVE") | None => false,
            Some(other) => {
                problems.push(
                    Diagnostic::error(
                        Code::InvalidValue,
                        file,
                        Some(locate(text, other)),
                        format!("{name} has the unknown status `{other}`"),
                    )
                    .with_help("the Tournament Assistant saves STATUS_ACTIVE or STATUS_DROPPED"),
                );
                false
            }
        };
        let handle = string(p.get("forum_handle"))
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty());
        players.push(SavedPlayer {
            id,
            name: name.trim().to_string(),
            handle,
            dropped,
        });
    }
    let mut games = Vec::new();
    for g in top["games"].as_array().into_iter().flatten() {
        let side = |key: &str| g.get(key).and_then(|s| string(s.get("id")));
        let number = g
            .get("round")
            .and_then(|r| r.get("num"))
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n >= 1);
        let id = string(g.get("id")).unwrap_or_default();
        let (Some(dark), Some(light), Some(number)) =
            (side("playerDark"), side("playerLight"), number)
        else {
            problems.push(
                Diagnostic::error(
                    Code::MissingField,
                    file,
                    Some(locate(text, &id)),
                    "this game has no `playerDark`, `playerLight` or `round.num`",
                )
                .with_help("every saved game names its dark and light players and its game number"),
            );
            continue;
        };
        // The software stores the differential as typed: a number, or text holding one.
        let differential = match g.get("diff") {
            Some(Value::Number(n)) => n.as_i64(),
            Some(Value::String(s)) => s.trim().parse().ok(),
            _ => Some(0),
        };
        let Some(differential) = differential.filter(|d| (0..=100_000).contains(d)) else {
            problems.push(
                Diagnostic::error(
                    Code::InvalidValue,
                    file,
                    Some(locate(text, &id)),
                    "this game's `diff` is not a whole number from 0",
                )
                .with_help(
                    "correct the differential in the Tournament Assistant and save the event again",
                ),
            );
            continue;
        };
        games.push(SavedGame {
            number,
            dark,
            light,
            winner: g.get("winner").and_then(|w| string(w.get("id"))),
            differential,
            lost_cards: ["darkLostCards", "lightLostCards"]
                .map(|key| g.get(key).and_then(Value::as_u64))
                .into_iter()
                .collect::<Option<Vec<u64>>>()
                .map(|counts| [counts[0], counts[1]]),
            id,
        });
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // Byes and repaired pairings were moved within their game number: the number orders games.
    games.sort_by_key(|g| g.number);
    let mut seeds: Vec<(u64, String)> = top
        .get("seedData")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| Some((s.get("seedNum")?.as_u64()?, string(s.get("playerId"))?)))
        .collect();
    seeds.sort();
    Ok(Saved {
        seeds: seeds.into_iter().map(|(_, id)| id).collect(),
        id: string(top.get("id")).unwrap_or_default(),
        name: string(top.get("name"))
            .unwrap_or_default()
            .trim()
            .to_string(),
        mode,
        date,
        last_saved,
        players,
        games,
    })
}
