//! `holonet import` of the events the Players Committee's "Star Wars CCG Tournament Assistant"
//! saves, one JSON file each: the players (with their forum handles and whether they dropped)
//! and every game in order become an event file that Holonet scores itself, under the ruleset of
//! the file's `mode` (`SOS`: `swccg-pc-sos`, `DIFF`: `swccg-2008`). The software's own saved
//! standings are left out: they follow from the games.
//!
//! A file is recognised by what it holds, not by its name. Its event id is written into the
//! event file as a comment, so importing the same file again (or a whole folder again) finds
//! that event file and updates it instead of adding a second copy of the event.

use crate::diag::Shown;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::diag::{Code, Diagnostic, Report};
use crate::event::ids::id_from_name;
use crate::load::people::{Named, People};
use crate::toml_reader::Date;

mod saved;

use saved::{Mode, Saved, SavedGame, SavedPlayer, key_value, locate, read};

/// The comment line that records the software's event id in an event file: how a later import
/// of the same file finds it.
const ID_MARK: &str = "# Tournament Assistant event id: ";

/// What the command line may say about an imported file.
#[derive(Debug, Clone, Default)]
pub struct SavedOptions {
    /// The event's date, for a file saved without one (or to correct the saved one, unless
    /// `undated_only`).
    pub date: Option<Date>,
    /// Whether `date` is only for a file saved without a date, a saved date winning: a folder's
    /// `--date` dates its undated files and leaves the others as saved.
    pub undated_only: bool,
    /// The event's name, instead of the saved one.
    pub name: Option<String>,
    /// The event file to write, instead of `events/<year>/<slug>.toml`.
    pub out: Option<PathBuf>,
    /// The saved `MATCH_PLAY` file of the event's top 8, with its text: imported into the same
    /// event, as its `[top_cut]`.
    pub top_cut: Option<(PathBuf, String)>,
}

/// One file of a folder given to `holonet import DIR`.
pub enum InFolder {
    /// A saved Tournament Assistant event, with its text.
    Saved(PathBuf, String),
    /// Any other file (unreadable, too large, a CSV, notes), skipped with a note.
    Other(PathBuf),
}

/// The files of `folder` in file name order, each read and told apart: saved events to import,
/// the rest to skip. Subfolders are not entered: a community's files sit side by side.
pub fn folder_files(folder: &Path) -> Result<Vec<InFolder>, String> {
    let entries = std::fs::read_dir(folder)
        .map_err(|e| format!("cannot read the folder {}: {e}", folder.shown()))?;
    let mut names: Vec<std::ffi::OsString> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name())
        .collect();
    names.sort();
    Ok(names
        .into_iter()
        .map(|name| {
            let file = folder.join(name);
            match read_source(&file) {
                Ok(text) if is_saved_event(&text) => InFolder::Saved(file, text),
                _ => InFolder::Other(file),
            }
        })
        .collect())
}

/// Reads the file given to `holonet import` (a saved event or a CSV), with the limits every
/// input file has.
pub fn read_source(file: &Path) -> Result<String, Diagnostic> {
    crate::text_file::read_text(file, file)
}

/// Whether `text` starts as a JSON object does: how `import` tells a saved event (whose
/// problems it then reports as such) from a CSV.
pub fn is_json_object(text: &str) -> bool {
    text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n'])
        .starts_with('{')
}

/// Whether `text` is a JSON object holding what every saved Tournament Assistant event holds
/// (`mode`, `players`, `games` and `rounds`), or a JSON object broken before that can be told:
/// the files of a folder that `import` imports (a broken one, to say where it breaks).
pub fn is_saved_event(text: &str) -> bool {
    is_json_object(text)
        && serde_json::from_str::<Value>(text.trim_start_matches('\u{feff}')).map_or(true, |v| {
            v.get("mode").is_some_and(Value::is_string)
                && ["players", "games", "rounds"]
                    .iter()
                    .all(|k| v.get(k).is_some_and(Value::is_array))
        })
}

/// Each game number's tables and byes (players by their index in the saved file).
type Games<'a> = BTreeMap<u32, (Vec<&'a SavedGame>, Vec<usize>)>;

/// An event file converted from a saved event.
#[derive(Debug)]
pub struct Converted {
    pub text: String,
    /// The event's date (the saved one, or `--date`), for the file's folder.
    pub date: Date,
    pub name: String,
    /// The software's id of the event.
    pub event_id: String,
    pub warnings: Vec<Diagnostic>,
}

/// A saved `MATCH_PLAY` top 8, read against the Swiss file of its event: its players are
/// indices of the Swiss file's players.
struct TopCutImport {
    seeds: Vec<usize>,
    /// In the order played (by bracket round, then as saved); only games with a winner: the
    /// bracket seats the others.
    games: Vec<(usize, usize, SavedGame)>,
    date: Option<Date>,
    last_saved: Option<Date>,
    /// Every match of the bracket has both games' results.
    finished: bool,
}

/// Reads the saved top 8 in `text` (from `file`) for the Swiss event `swiss`: its seeds and
/// games, each player found in the Swiss file by the software's id, else by name.
fn read_top_cut(file: &Path, text: &str, swiss: &Saved) -> Result<TopCutImport, Vec<Diagnostic>> {
    let cut = read(file, text)?;
    let refuse = |at: Range<usize>, message: String, help: &str| {
        vec![Diagnostic::error(Code::InvalidValue, file, Some(at), message).with_help(help)]
    };
    if swiss.mode == Mode::MatchPlay {
        return Err(refuse(
            0..1.min(text.len()),
            "the event's file is itself a `MATCH_PLAY` bracket".into(),
            "give the Swiss games' file first, and the bracket with --top-cut",
        ));
    }
    if cut.mode != Mode::MatchPlay {
        return Err(refuse(
            key_value(text, "mode"),
            format!(
                "--top-cut takes a `MATCH_PLAY` file, and this one was saved in {} mode",
                cut.mode.saved_name()
            ),
            "give the top 8's file, saved in the Tournament Assistant's TOP-8 mode",
        ));
    }
    let in_swiss = |id: &str| {
        let player = cut.players.iter().find(|p| p.id == id)?;
        swiss
            .players
            .iter()
            .position(|p| p.id == player.id)
            .or_else(|| {
                swiss
                    .players
                    .iter()
                    .position(|p| p.name.trim().eq_ignore_ascii_case(player.name.trim()))
            })
    };
    let mut problems = Vec::new();
    let mut find = |id: &str| {
        let found = in_swiss(id);
        if found.is_none() {
            let name = cut
                .players
                .iter()
                .find(|p| p.id == id)
                .map_or(id, |p| p.name.as_str());
            problems.push(
                Diagnostic::error(
                    Code::UnknownReference,
                    file,
                    Some(locate(text, id)),
                    format!("{name} of the top 8 is no player of the Swiss games' file"),
                )
                .with_help("correct the name in one of the files so that both spell it the same, and import again"),
            );
        }
        found
    };
    let seeds: Vec<Option<usize>> = cut.seeds.iter().map(|id| find(id)).collect();
    let games: Vec<Option<(usize, usize, SavedGame)>> = cut
        .games
        .iter()
        .filter(|g| g.winner.is_some())
        .map(|g| Some((find(&g.dark)?, find(&g.light)?, g.clone())))
        .collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    let seeds: Vec<usize> = seeds.into_iter().flatten().collect();
    if !matches!(seeds.len(), 4 | 8 | 16) {
        return Err(refuse(
            key_value(text, "seedData"),
            format!("the top cut's file seeds {} players", seeds.len()),
            "a bracket of two-game matches seeds 4, 8 or 16 players: check the seeds in the Tournament Assistant",
        ));
    }
    let matches = seeds.len() - 1;
    Ok(TopCutImport {
        finished: games.len() == 2 * matches,
        seeds,
        games: games.into_iter().flatten().collect(),
        date: cut.date,
        last_saved: cut.last_saved,
    })
}

/// Converts the saved event in `text` (read from `file`) into the text of an event file, its
/// players matched against `archive` by forum handle, then by name.
pub(crate) fn convert(
    file: &Path,
    text: &str,
    options: &SavedOptions,
    archive: &People,
) -> Result<Converted, Vec<Diagnostic>> {
    let saved = read(file, text)?;
    let top_cut = options
        .top_cut
        .as_ref()
        .map(|(cut_file, cut_text)| read_top_cut(cut_file, cut_text, &saved))
        .transpose()?;
    let date = if options.undated_only {
        saved.date.or(options.date)
    } else {
        options.date.or(saved.date)
    };
    let Some(date) = date else {
        return Err(vec![
            Diagnostic::error(
                Code::MissingField,
                file,
                Some(key_value(text, "name")),
                format!("`{}` was saved without a date", saved.name),
            )
            .with_help("give the day the event was played: holonet import FILE --date YYYY-MM-DD (given with a folder, --date dates only its files saved without a date)"),
        ]);
    };
    let name = options.name.clone().unwrap_or_else(|| saved.name.clone());
    let known: BTreeMap<&str, usize> = saved
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let (mut numbers, mut last_game) = number_games(file, text, &saved, &known)?;
    if saved.mode == Mode::MatchPlay {
        (numbers, last_game) = match_games(numbers, &known, saved.players.len());
    }
    let last_number = numbers.keys().next_back().copied().unwrap_or(0);
    // A player the software first seated after game 1 entered late (it pairs a new player from
    // the next game on); the games before score nothing for them, as in the software.
    let mut first_game = vec![None::<u32>; saved.players.len()];
    for (&number, (tables, byes)) in &numbers {
        let seated = tables
            .iter()
            .flat_map(|g| [known[g.dark.as_str()], known[g.light.as_str()]])
            .chain(byes.iter().copied());
        for p in seated {
            first_game[p].get_or_insert(number);
        }
    }
    let ids = assign_ids(&saved.players, archive);
    let mut warnings = Vec::new();
    let named: Vec<Named<'_>> = saved
        .players
        .iter()
        .zip(&ids)
        .filter(|(_, (_, by_handle))| by_handle.is_none())
        .map(|(p, (id, _))| Named { id, name: &p.name })
        .collect();
    let unmatched: Vec<usize> = (0..saved.players.len())
        .filter(|&i| ids[i].1.is_none())
        .collect();
    for (i, message, help) in archive.hints_for(&named) {
        let player = &saved.players[unmatched[i]];
        warnings.push(
            Diagnostic::warning(
                Code::SimilarName,
                file,
                Some(locate(text, &player.id)),
                message,
            )
            .with_help(help),
        );
    }
    let one_line = |text: &str| text.replace(char::is_control, " ");
    let source = file.file_name().map_or_else(
        || file.shown().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {}: imported from {}, saved by the Players Committee's Star Wars CCG Tournament Assistant in {} mode.",
        one_line(&name),
        one_line(&source),
        saved.mode.saved_name()
    );
    let _ = writeln!(out, "{ID_MARK}{}", one_line(&saved.id));
    let _ = writeln!(
        out,
        "# Importing that file again updates this file. {}",
        if saved.mode == Mode::MatchPlay {
            "Each match is two games: each bracket round is two [[rounds]] entries, its matches' first games, then their second games."
        } else {
            "Each [[rounds]] entry is one game; two games make a round."
        }
    );
    let _ = writeln!(out, "\n[event]");
    let _ = writeln!(out, "name = {}", quoted(&name));
    let _ = writeln!(out, "date = {}", date.iso());
    let _ = writeln!(out, "rules = {}", quoted(saved.mode.rules()));
    let _ = writeln!(out, "format = \"constructed\"");
    let _ = writeln!(out, "structure = \"custom\"");
    if let Some(cut) = &top_cut {
        let _ = writeln!(out, "cut = {}", cut.seeds.len());
        // A top 8 played the day after the Swiss games makes the event one of several days.
        if let Some(last_day) = cut.date.filter(|d| *d > date) {
            let _ = writeln!(out, "end_date = {}", last_day.iso());
        }
    }
    // A file saved before its first game, or with a game still missing a result, is a record
    // that stops there: how many games were planned is nowhere in it, so none is written. So
    // is an event whose top cut's file stops before its final.
    let unfinished = numbers.is_empty()
        || numbers
            .values()
            .any(|(tables, _)| tables.iter().any(|g| g.winner.is_none()))
        || top_cut.as_ref().is_some_and(|c| !c.finished);
    if unfinished {
        let last_saved = [
            saved.last_saved,
            top_cut.as_ref().and_then(|c| c.last_saved),
        ]
        .into_iter()
        .flatten()
        .max();
        let stopped = last_saved.map_or(date, |saved| saved.max(date));
        let _ = writeln!(
            out,
            "# The saved file stops before the event ended: `stopped` is the day it was last saved."
        );
        let _ = writeln!(out, "stopped = {}", stopped.iso());
    } else {
        let _ = writeln!(out, "swiss_rounds = {last_number}");
    }
    for (i, player) in saved.players.iter().enumerate() {
        let (id, by_handle) = &ids[i];
        let _ = writeln!(out, "\n[[players]]");
        match by_handle {
            Some(archived) if archived != &player.name => {
                let _ = writeln!(
                    out,
                    "# saved as {}; the forum handle is that of {} in the archive",
                    quoted(&player.name),
                    quoted(archived)
                );
                let _ = writeln!(out, "name = {}", quoted(archived));
            }
            _ => {
                let _ = writeln!(out, "name = {}", quoted(&player.name));
            }
        }
        let _ = writeln!(out, "id = {}", quoted(id));
        if let Some(handle) = &player.handle {
            let _ = writeln!(out, "forum_handle = {}", quoted(handle));
        }
        if let Some(late) = first_game[i].filter(|&first| first > 1) {
            let _ = writeln!(out, "late = {late}");
        }
        // A bracket's player is out once their match is lost: they have no later game.
        let out_of_bracket = saved.mode == Mode::MatchPlay && last_game[i] < last_number;
        if player.dropped || out_of_bracket {
            let _ = writeln!(out, "drop = {}", last_game[i]);
        }
    }
    write_games(&mut out, &numbers, saved.mode, &ids, &known);
    if let Some(cut) = &top_cut {
        let cut_file = options
            .top_cut
            .as_ref()
            .and_then(|(f, _)| f.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        write_top_cut(&mut out, cut, &ids, &one_line(&cut_file));
    }
    Ok(Converted {
        text: out,
        date,
        name,
        event_id: saved.id,
        warnings,
    })
}

/// The saved games by game number, each number's tables and byes (a bye is a game against an
/// opponent who is no player of the event: the software names it BYE), and the last game
/// number each player played; every game whose players or winner are not the event's is a
/// problem at its place in the file.
fn number_games<'a>(
    file: &Path,
    text: &str,
    saved: &'a Saved,
    known: &BTreeMap<&str, usize>,
) -> Result<(Games<'a>, Vec<u32>), Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let mut numbers = Games::new();
    let mut last_game = vec![0u32; saved.players.len()];
    for game in &saved.games {
        let entry = numbers.entry(game.number).or_default();
        match (
            known.get(game.dark.as_str()),
            known.get(game.light.as_str()),
        ) {
            (Some(&a), Some(&b)) => {
                if let Some(w) = &game.winner
                    && w != &game.dark
                    && w != &game.light
                {
                    problems.push(
                        Diagnostic::error(Code::BadResult, file, Some(locate(text, &game.id)), "the winner of this game did not play it")
                            .with_help("correct the winner in the Tournament Assistant and save the event again"),
                    );
                }
                for p in [a, b] {
                    last_game[p] = last_game[p].max(game.number);
                }
                entry.0.push(game);
            }
            (Some(&p), None) | (None, Some(&p)) => {
                last_game[p] = last_game[p].max(game.number);
                entry.1.push(p);
            }
            (None, None) => problems.push(
                Diagnostic::error(
                    Code::UnknownReference,
                    file,
                    Some(locate(text, &game.id)),
                    "neither player of this game is a player of the event",
                )
                .with_help("a game is between two listed players, or one player and a BYE"),
            ),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok((numbers, last_game))
}

/// The `[[rounds]]` of the event file, one per game number: its tables with their results, its
/// byes and make-up byes.
fn write_games(
    out: &mut String,
    numbers: &Games<'_>,
    mode: Mode,
    ids: &[(String, Option<String>)],
    known: &BTreeMap<&str, usize>,
) {
    let id_of = |saved_id: &str| ids[known[saved_id]].0.as_str();
    for (number, (tables, byes)) in numbers {
        let _ = writeln!(out, "\n# Game {number}");
        let _ = writeln!(out, "[[rounds]]");
        if !tables.is_empty() {
            let _ = writeln!(out, "tables = [");
            for (t, game) in tables.iter().enumerate() {
                let mut line = format!(
                    "  {{ table = {}, dark = {}, light = {}",
                    t + 1,
                    quoted(id_of(&game.dark)),
                    quoted(id_of(&game.light))
                );
                if let Some(winner) = &game.winner {
                    let _ = write!(line, ", winner = {}", quoted(id_of(winner)));
                    if mode.records_differentials() {
                        let _ = write!(line, ", differential = {}", game.differential);
                    }
                    // A bracket's level match goes to the fewer lost cards.
                    if let (Mode::MatchPlay, Some([dark, light])) = (mode, game.lost_cards) {
                        let _ = write!(line, ", lost_cards = {{ dark = {dark}, light = {light} }}");
                    }
                }
                let _ = writeln!(out, "{line} }},");
            }
            let _ = writeln!(out, "]");
        }
        // A second game of one game number against the BYE, beside the player's table (or
        // bye), is the software's make-up bye for a late entry.
        let mut seated: BTreeSet<usize> = tables
            .iter()
            .flat_map(|g| [known[g.dark.as_str()], known[g.light.as_str()]])
            .collect();
        let (byes, makeup): (Vec<usize>, Vec<usize>) =
            byes.iter().partition(|&&p| seated.insert(p));
        for (key, players) in [("byes", byes), ("makeup_byes", makeup)] {
            if !players.is_empty() {
                let list: Vec<String> = players.iter().map(|&p| quoted(&ids[p].0)).collect();
                let _ = writeln!(out, "{key} = [{}]", list.join(", "));
            }
        }
    }
}

/// The `[top_cut]` of the event file: the seeds as typed and the games of the bracket with
/// their results; `cut_file` names the saved file it came from.
fn write_top_cut(
    out: &mut String,
    cut: &TopCutImport,
    ids: &[(String, Option<String>)],
    cut_file: &str,
) {
    let id = |p: usize| quoted(&ids[p].0);
    let _ = writeln!(
        out,
        "\n# The top {}, from {}: seeded as the Tournament Assistant's seeds were typed.",
        cut.seeds.len(),
        cut_file
    );
    let _ = writeln!(out, "[top_cut]");
    let seeds: Vec<String> = cut.seeds.iter().map(|&p| id(p)).collect();
    let _ = writeln!(out, "seeds = [{}]", seeds.join(", "));
    let _ = writeln!(out, "games = [");
    for (dark, light, game) in &cut.games {
        let winner = if game.winner.as_deref() == Some(game.dark.as_str()) {
            *dark
        } else {
            *light
        };
        let mut line = format!(
            "  {{ dark = {}, light = {}, winner = {}, differential = {}",
            id(*dark),
            id(*light),
            id(winner),
            game.differential
        );
        if let Some([d, l]) = game.lost_cards {
            let _ = write!(line, ", lost_cards = {{ dark = {d}, light = {l} }}");
        }
        let _ = writeln!(out, "{line} }},");
    }
    let _ = writeln!(out, "]");
}

/// The games of a bracket round with each match's two games under one of the software's game
/// numbers, as Holonet's games: the first game of every match of game number `n` in game
/// `2n - 1`, the second in game `2n`. Returns the games and each player's last game.
fn match_games<'a>(
    numbers: Games<'a>,
    known: &BTreeMap<&str, usize>,
    players: usize,
) -> (Games<'a>, Vec<u32>) {
    let mut games = Games::new();
    let mut last_game = vec![0u32; players];
    for (number, (tables, byes)) in numbers {
        let mut met = BTreeSet::new();
        for game in tables {
            let (a, b) = (known[game.dark.as_str()], known[game.light.as_str()]);
            let second = !met.insert((a.min(b), a.max(b)));
            let holonet_number = 2 * number - u32::from(!second);
            games.entry(holonet_number).or_default().0.push(game);
            for p in [a, b] {
                last_game[p] = last_game[p].max(holonet_number);
            }
        }
        for p in byes {
            games.entry(2 * number - 1).or_default().1.push(p);
            last_game[p] = last_game[p].max(2 * number - 1);
        }
    }
    (games, last_game)
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// Each player's id: that of the archive's player with the same forum handle (and that player's
/// name, to write in place of a variant spelling), else the id made from the name (the same
/// name gives the same id, so the same person), numbered when another person has it.
fn assign_ids(players: &[SavedPlayer], archive: &People) -> Vec<(String, Option<String>)> {
    let mut taken: BTreeSet<String> = BTreeSet::new();
    let mut ids: Vec<Option<(String, Option<String>)>> = players
        .iter()
        .map(|p| {
            let entry = archive.by_forum_handle(p.handle.as_deref()?)?;
            taken
                .insert(entry.id.clone())
                .then(|| (entry.id.clone(), Some(entry.name.clone())))
        })
        .collect();
    for (slot, player) in ids.iter_mut().zip(players) {
        if slot.is_none() {
            let id = archive.free_id(&player.name, |c| taken.contains(c));
            taken.insert(id.clone());
            *slot = Some((id, None));
        }
    }
    ids.into_iter().flatten().collect()
}

/// The event file under `root` whose text records the software's event id `event_id`.
fn existing_event(root: &Path, event_id: &str) -> Option<PathBuf> {
    let mark = format!("{ID_MARK}{event_id}\n");
    walkdir::WalkDir::new(root.join("events"))
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "toml"))
        .find(|e| std::fs::read_to_string(e.path()).is_ok_and(|t| t.contains(&mark)))
        .map(|e| e.path().to_path_buf())
}

/// What one import did.
#[derive(Debug)]
pub struct Outcome {
    /// The event file written.
    pub written: PathBuf,
    /// Whether it replaced the event file of an earlier import of the same event.
    pub updated: bool,
    pub report: Report,
}

/// Imports the saved event `file` into the site at `root`: a new event file, or the one an
/// earlier import of the same event wrote, replaced. The new text is validated like any event
/// before it is written, and written atomically, so on any error every file stays as it was.
pub fn import_saved(
    root: &Path,
    file: &Path,
    text: &str,
    options: &SavedOptions,
) -> Result<Outcome, super::import::ImportError> {
    use super::import::ImportError;
    let report_of = |diagnostics: Vec<Diagnostic>| {
        let mut report = Report::default();
        report.sources.insert(file.to_path_buf(), text.to_string());
        report.diagnostics = diagnostics;
        report
    };
    let invalid = |diagnostics| ImportError::Invalid(report_of(diagnostics));
    let id = read(file, text).map_err(invalid)?.id;
    let _lock = crate::atomic::lock_site(root).map_err(ImportError::Usage)?;
    let leaving_out =
        existing_event(root, &id).and_then(|p| p.strip_prefix(root).ok().map(Path::to_path_buf));
    let archive = super::archive_people(root, leaving_out.as_deref());
    let converted = convert(file, text, options, &archive).map_err(invalid)?;
    let relative = match (&options.out, &leaving_out) {
        (Some(out), _) => out.clone(),
        (None, Some(found)) => found.clone(),
        (None, None) => free_path(root, &converted),
    };
    let updated = leaving_out.as_deref() == Some(relative.as_path());
    let target = if updated {
        crate::paths::under_root(root, &relative)
    } else {
        super::new::new_event_target(root, &relative, "import").map_err(ImportError::Usage)?
    };
    let mut report = report_of(converted.warnings);
    let (event, diagnostics) = crate::load::parse_event(
        &relative,
        &converted.text,
        &crate::load::options::LoadOptions::default(),
    );
    if !diagnostics.is_empty() {
        report
            .sources
            .insert(relative.clone(), converted.text.clone());
        report.diagnostics.extend(diagnostics);
    }
    if event.is_none() {
        return Err(ImportError::Invalid(report));
    }
    if updated {
        let before = std::fs::read_to_string(&target)
            .map_err(|e| ImportError::Usage(format!("cannot read {}: {e}", target.shown())))?;
        crate::atomic::write_atomically(
            &target,
            crate::atomic::Expected::Text(&before),
            &converted.text,
        )
        .map_err(|e| ImportError::Usage(e.to_string()))?;
    } else {
        crate::atomic::write_new(&target, &converted.text).map_err(ImportError::Usage)?;
    }
    Ok(Outcome {
        written: relative,
        updated,
        report,
    })
}

/// `events/<year>/<slug>.toml` for a new event, the slug made from its name and numbered when
/// another event has the file.
fn free_path(root: &Path, converted: &Converted) -> PathBuf {
    let base = match id_from_name(&converted.name) {
        slug if slug.is_empty() => "event".to_string(),
        slug => slug,
    };
    let folder = PathBuf::from("events").join(converted.date.year.to_string());
    std::iter::once(base.clone())
        .chain((2..).map(|n| format!("{base}-{n}")))
        .map(|slug| folder.join(format!("{slug}.toml")))
        .find(|p| !root.join(p).exists())
        .unwrap_or_else(|| folder.join(format!("{base}.toml")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> (PathBuf, String) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/it/fixtures/pc-tournament-assistant")
            .join(name);
        let text = std::fs::read_to_string(&path).expect("fixture");
        (path, text)
    }

    /// Every real file converts: its players in the saved order, every game, its byes and
    /// drops, the ruleset of its mode, and no differential in SOS mode.
    #[test]
    fn the_real_files_convert_with_every_player_and_game() {
        // File, rules, players, dropped, games, byes, games in the event (its game numbers).
        let expected = [
            ("272d7d14", "swccg-pc-sos", 24, 0, 96, 0, 8),
            ("29f7de7b", "swccg-pc-sos", 28, 6, 106, 1, 8),
            ("734613dd", "swccg-pc-sos", 32, 4, 125, 1, 8),
            ("81e8cdf4", "swccg-pc-sos", 62, 3, 246, 4, 8),
            ("cc14a38b", "swccg-2008", 25, 5, 71, 2, 6),
            ("d3dabb66", "swccg-pc-sos", 15, 1, 57, 1, 8),
            ("d7839d26", "swccg-pc-sos", 37, 0, 152, 8, 8),
            ("e2646ad3", "swccg-pc-sos", 17, 1, 70, 6, 8),
            ("ea4959b7", "swccg-pc-sos", 16, 0, 32, 0, 4),
            ("f70eb144", "swccg-pc-sos", 11, 0, 36, 6, 6),
            ("fab9232f", "swccg-pc-sos", 61, 0, 248, 8, 8),
        ];
        let folder =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/pc-tournament-assistant");
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .expect("fixtures")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        assert_eq!(names.len(), 12);
        for (prefix, rules, players, dropped, games, byes, numbers) in expected {
            let name = names.iter().find(|n| n.starts_with(prefix)).expect(prefix);
            let (path, text) = fixture(name);
            assert!(is_saved_event(&text), "{name}");
            let options = SavedOptions {
                date: Date::parse_iso("2017-05-06"),
                ..SavedOptions::default()
            };
            let converted = convert(&path, &text, &options, &People::default())
                .unwrap_or_else(|d| panic!("{name}: {d:?}"));
            let toml = &converted.text;
            assert!(toml.contains(&format!("rules = \"{rules}\"\n")), "{name}");
            assert!(
                toml.contains(&format!("{ID_MARK}{}\n", &name[..36])),
                "{name}"
            );
            assert!(
                toml.contains(&format!("swiss_rounds = {numbers}\n")),
                "{name}"
            );
            assert_eq!(toml.matches("\n[[players]]\n").count(), players, "{name}");
            assert_eq!(toml.matches("\ndrop = ").count(), dropped, "{name}");
            assert_eq!(toml.matches("\n[[rounds]]\n").count(), numbers, "{name}");
            let bye_ids: usize = toml
                .lines()
                .filter(|l| l.starts_with("byes = ["))
                .map(|l| l.matches('"').count() / 2)
                .sum();
            assert_eq!(bye_ids, byes, "{name}");
            assert_eq!(toml.matches("{ table = ").count(), games - byes, "{name}");
            assert_eq!(toml.matches(", winner = ").count(), games - byes, "{name}");
            let differentials = toml.matches("differential = ").count();
            if rules == "swccg-2008" {
                assert_eq!(differentials, games - byes, "{name}");
            } else {
                assert_eq!(differentials, 0, "{name}: SOS files hold placeholders");
            }
            // The players in the saved standings order.
            let saved: Value = serde_json::from_str(&text).expect("json");
            let first = saved["players"][0]["name"].as_str().expect("name");
            let written = toml
                .split("\n[[players]]\n")
                .nth(1)
                .and_then(|p| p.lines().find(|l| l.starts_with("name = ")))
                .expect("first player");
            assert_eq!(
                written,
                format!("name = {}", quoted(first.trim())),
                "{name}"
            );
        }
        let bracket = names
            .iter()
            .find(|n| n.starts_with("ae83eb66"))
            .expect("bracket");
        // The bracket: each of its two game numbers is two games (every match's first games,
        // then its second), the four players out after the first bracket round drop after
        // game 2, and the unfinished match's two games have no winner.
        let (path, text) = fixture(bracket);
        let toml = convert(&path, &text, &SavedOptions::default(), &People::default())
            .expect("MATCH_PLAY")
            .text;
        assert!(toml.contains("rules = \"swccg-pc-match-play\"\n"));
        // Its last match has no result: the record stops on the day it was last saved.
        assert!(!toml.contains("swiss_rounds"));
        assert!(toml.contains("\nstopped = 2016-07-04\n"));
        assert_eq!(toml.matches("\n[[rounds]]\n").count(), 4);
        assert_eq!(toml.matches("\ndrop = 2\n").count(), 4);
        assert_eq!(toml.matches("{ table = ").count(), 12);
        assert_eq!(toml.matches(", winner = ").count(), 10);
        assert_eq!(toml.matches(", differential = ").count(), 10);
        assert!(toml.contains(
            "# Game 2\n[[rounds]]\ntables = [\n  { table = 1, dark = \"nate-davis\", light = \"wise\", winner = \"nate-davis\", differential = 3, lost_cards = { dark = 0, light = 0 } },"
        ));
        // Every game with a result keeps the cards each side lost, as saved: Tom Marlin and
        // Ryan Jellison each won a game by 15, and the program sent Tom on, who lost fewer.
        assert_eq!(toml.matches(", lost_cards = ").count(), 10);
        assert!(toml.contains(
            "{ table = 4, dark = \"ryan-jellison\", light = \"tom-marlin\", winner = \"tom-marlin\", differential = 15, lost_cards = { dark = 28, light = 22 } }"
        ));
    }

    #[test]
    fn a_dropped_player_leaves_after_the_last_game_played() {
        let (path, text) = fixture("d3dabb66-1810-41fd-bf99-4897889f9903.json");
        let converted =
            convert(&path, &text, &SavedOptions::default(), &People::default()).expect("UK");
        // Rob Perkins had a bye in game 1, then dropped.
        assert!(
            converted
                .text
                .contains("name = \"Rob Perkins\"\nid = \"rob-perkins\"\ndrop = 1\n"),
            "{}",
            converted.text
        );
        assert!(converted.text.contains("byes = [\"rob-perkins\"]"));
    }

    /// A folder's `--date` (`undated_only`) dates a file saved without a date and leaves a
    /// saved date as it is; a single file's `--date` replaces the saved one.
    #[test]
    fn a_folder_date_fills_only_undated_files() {
        let given = Date::parse_iso("2015-01-02");
        let folder = SavedOptions {
            date: given,
            undated_only: true,
            ..SavedOptions::default()
        };
        let (path, dated) = fixture("cc14a38b-28fa-4410-bd65-7da091356ca9.json");
        let converted = convert(&path, &dated, &folder, &People::default()).expect("dated");
        assert_eq!(converted.date.iso(), "2017-08-13");
        let (path, undated) = fixture("29f7de7b-e14b-4c12-bed1-480c76c7f39d.json");
        let converted = convert(&path, &undated, &folder, &People::default()).expect("undated");
        assert_eq!(converted.date.iso(), "2015-01-02");
        let one_file = SavedOptions {
            date: given,
            ..SavedOptions::default()
        };
        let converted = convert(&path, &dated, &one_file, &People::default()).expect("dated");
        assert_eq!(converted.date.iso(), "2015-01-02");
    }

    #[test]
    fn json_errors_point_at_their_line_and_column() {
        assert_eq!(saved::offset_of("{\n  \"a\" 1\n}", 2, 7), 8);
        let problems = read(Path::new("x.json"), "{\n  \"a\" 1\n}").expect_err("broken");
        assert_eq!(problems[0].span, Some(8..9));
        assert!(!is_saved_event("[1, 2]") && is_saved_event("{ broken"));
    }
}
