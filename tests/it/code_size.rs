//! The size of the code, held where the next engineer would want it: no product file over
//! [`MAX_FILE_LINES`] lines of code, and no function over [`MAX_FUNCTION_LINES`] unless
//! [`LONG_FUNCTIONS`] says why. Lines of code are those of `src/` that are neither blank nor
//! comments, with `#[cfg(test)]` items and test-module files left out; a function counts from
//! its signature to its closing brace.
//!
//! Running this test prints the sizes (`cargo test --test it code_size:: -- --nocapture`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::layers::product_code;

const MAX_FILE_LINES: usize = 800;
const MAX_FUNCTION_LINES: usize = 100;

/// The functions over [`MAX_FUNCTION_LINES`], and why each is one function: (file, function,
/// why). An entry whose function has come under the line fails the test too, so the list
/// stays true.
const LONG_FUNCTIONS: &[(&str, &str, &str)] = &[
    ("src/config.rs", "parse", VALIDATOR),
    ("src/edit/pair.rs", "apply", FILE_EDIT),
    ("src/edit/registration.rs", "unpair", FILE_EDIT),
    (
        "src/edit/report.rs",
        "decided",
        "what the rules make of a result just written, case by case of what was played (a true tie, a quit, an elimination game on time), each case reading the same recomputed event",
    ),
    (
        "src/edit/report/parse.rs",
        "ccg_result",
        "the grammar of a SW:CCG result as typed (winner, differential, modified, quit, tie with its four counts and coin), one branch per form, each with its own error message",
    ),
    (
        "src/edit/tournament_assistant.rs",
        "convert",
        "the saved event written out as an event file section by section in the file's order (event, players, games, top cut), each section a few lines over the same players' ids",
    ),
    ("src/edit/tournament_assistant/saved.rs", "read", VALIDATOR),
    ("src/load/aliases.rs", "parse", VALIDATOR),
    ("src/load/casual.rs", "validate_casual", VALIDATOR),
    ("src/load/casual.rs", "validate_league_game", VALIDATOR),
    ("src/load/casual.rs", "validate_session", VALIDATOR),
    ("src/load/ccg.rs", "validate_games", VALIDATOR),
    ("src/load/decklists.rs", "check_decks", VALIDATOR),
    ("src/load/penalties.rs", "check_recorded", VALIDATOR),
    ("src/load/read.rs", "read_event", VALIDATOR),
    ("src/load/teams.rs", "validate_teams", VALIDATOR),
    ("src/load/validate/info.rs", "validate_info", VALIDATOR),
    (
        "src/load/validate/mod.rs",
        "validate",
        "puts the event together from its sections in the order each needs the ones before (info, players, teams, rounds, top cut, final, decklists, penalties), passing each what the earlier ones produced; each step is a call out",
    ),
    (
        "src/load/validate/players.rs",
        "validate_players",
        VALIDATOR,
    ),
    ("src/load/validate/rounds.rs", "validate_round", VALIDATOR),
    ("src/rules/audit.rs", "audit_ccg", RULES_PROCEDURE),
    ("src/rules/audit.rs", "swiss_round", RULES_PROCEDURE),
    ("src/rules/casual.rs", "league_standings", RULES_PROCEDURE),
    (
        "src/rules/ccg_event.rs",
        "final_confrontation",
        RULES_PROCEDURE,
    ),
    ("src/rules/ccg_replay.rs", "setup", RULES_PROCEDURE),
    (
        "src/rules/pc_sos_replay.rs",
        "second_of_round",
        RULES_PROCEDURE,
    ),
    (
        "src/rules/rating.rs",
        "rate_from",
        "Glicko-2's rating period as the paper's steps, over every entry's games in the period, with the state resumed between builds",
    ),
    (
        "src/rules/standings.rs",
        "standings_with_players_in_by",
        RULES_PROCEDURE,
    ),
    ("src/rules/swccg/outcomes.rs", "moves", RULES_PROCEDURE),
    (
        "src/serve.rs",
        "serve",
        "the server's start in the order it must happen (listeners, the first build, the watcher, the reload channel, the accept loop with its connection shares); each part is a call out that needs the ones before",
    ),
    (
        "src/serve/self_report.rs",
        "take",
        "a player's report from the form to the answer, its checks in the order they must run (the device's and the player's limits counted before a code is looked at, then the code, the pairing, agreement); each refusal is a few lines with its own answer",
    ),
    (
        "src/site/ccg_top_cut_view.rs",
        "match_play_view",
        VIEW_MODEL,
    ),
    (
        "src/site/chart.rs",
        "trend_chart",
        "an SVG drawn in the order its elements stack (grid, axes, lines, marks, legend), each a few lines of coordinates",
    ),
    (
        "src/site/json/ccg.rs",
        "ccg_json",
        "event.json's SW:CCG part written key by key in the order the documented format lists them",
    ),
    (
        "src/site/json/mod.rs",
        "event_json",
        "event.json written key by key in the order the documented format lists them",
    ),
    ("src/site/mod.rs", "build_with_progress", BUILD_STAGES),
    ("src/site/mod.rs", "last_build", BUILD_STAGES),
    ("src/site/mod.rs", "load", BUILD_STAGES),
    ("src/site/pairings_view.rs", "pairings_view", VIEW_MODEL),
    ("src/site/ratings.rs", "of", BUILD_STAGES),
    ("src/site/ratings.rs", "rate_game", BUILD_STAGES),
    ("src/site/ratings_pages.rs", "pages", VIEW_MODEL),
    (
        "src/site/render/archive.rs",
        "render_archive_pages",
        BUILD_STAGES,
    ),
    ("src/site/render/event.rs", "render_event", BUILD_STAGES),
    (
        "src/site/search.rs",
        "build",
        "the search index built entry kind by entry kind (events, players, aliases, pages) in the order the search script reads them",
    ),
    ("src/site/session.rs", "update_events", BUILD_STAGES),
    (
        "src/site/templates.rs",
        "layered",
        "the template layers (built-in, site, theme) read in the order they override each other, each with its own refusals",
    ),
    ("src/terminal.rs", "ccg_standings", TERMINAL),
    ("src/terminal.rs", "standings", TERMINAL),
];

// The reasons several long functions share.
const VALIDATOR: &str = "a validator: checks one part of the file field by field in the file's order, each problem pushed with its place so that every problem surfaces in one run; each check is a few lines using the values read before it, and split apart they would pass those values back and forth";
const VIEW_MODEL: &str = "a view model built field by field in the order its template reads them; each field is a few lines over the same computed event";
const TERMINAL: &str = "a terminal report written line by line in the order it is printed, each line a few lines of wording";
const RULES_PROCEDURE: &str = "one procedure of the rules documents followed step by step in the documents' order (the steps are named in its comments), so that it can be read against them";
const BUILD_STAGES: &str = "the stages of a build in the order they must run, each a call out, sharing the build's state; split, each stage would take and return most of it";
const FILE_EDIT: &str = "one edit of the event file's TOML document (through toml_edit, keeping the file's layout), case by case of the event's kind; each case a few lines on the same document";

/// The product files of `src/`, each with its code: test-module files (declared
/// `#[cfg(test)] mod name;`) left out.
fn product_files() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    let mut test_modules = Vec::new();
    for entry in walkdir::WalkDir::new("src").sort_by_file_name() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for pair in lines.windows(2) {
            if pair[0].trim() == "#[cfg(test)]"
                && let Some(name) = pair[1]
                    .trim()
                    .strip_prefix("mod ")
                    .and_then(|rest| rest.strip_suffix(';'))
            {
                let folder = match path.file_name().and_then(|n| n.to_str()) {
                    Some("mod.rs" | "lib.rs" | "main.rs") => path.parent().unwrap().to_path_buf(),
                    _ => path.with_extension(""),
                };
                test_modules.push(folder.join(format!("{name}.rs")));
            }
        }
        files.push((path.to_path_buf(), product_code(&text)));
    }
    files.retain(|(path, _)| !test_modules.contains(path));
    files
}

/// Lines of code: not blank (comments are gone already).
fn code_lines(code: &str) -> Vec<&str> {
    code.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// Every function with a body in `lines`: its name and its length in lines of code.
fn functions<'a>(lines: &[&'a str]) -> Vec<(&'a str, usize)> {
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let after_qualifiers = [
            "pub(crate) ",
            "pub(super) ",
            "pub ",
            "const ",
            "async ",
            "unsafe ",
        ]
        .iter()
        .fold(trimmed, |rest, q| rest.strip_prefix(q).unwrap_or(rest));
        let Some(rest) = after_qualifiers.strip_prefix("fn ") else {
            continue;
        };
        let name = &rest[..rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())];
        let indent = line.len() - trimmed.len();
        // A signature ending in `;` (a trait's method) has no body.
        let Some(end) = lines[start..].iter().position(|l| {
            let t = l.trim_start();
            (l.len() - t.len() == indent && t.starts_with('}')) || t.ends_with(';') && l == line
        }) else {
            continue;
        };
        if lines[start + end] == *line {
            continue;
        }
        found.push((name, end + 1));
    }
    found
}

#[test]
fn no_product_file_or_function_is_longer_than_the_line_unless_it_says_why() {
    let mut too_long_files = Vec::new();
    let mut long_functions: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut sizes = Vec::new();
    for (path, code) in product_files() {
        let lines = code_lines(&code);
        sizes.push((lines.len(), path.clone()));
        if lines.len() > MAX_FILE_LINES {
            too_long_files.push(format!("{}: {} lines of code", path.display(), lines.len()));
        }
        for (name, length) in functions(&lines) {
            if length > MAX_FUNCTION_LINES {
                let file = path.to_string_lossy().replace('\\', "/");
                long_functions.insert((file, name.to_string()), length);
            }
        }
    }
    sizes.sort_by(|a, b| b.cmp(a));
    println!("largest product files (lines of code):");
    for (lines, path) in sizes.iter().take(10) {
        println!("  {lines:5} {}", path.display());
    }
    println!(
        "functions over {MAX_FUNCTION_LINES} lines: {}",
        long_functions.len()
    );
    for ((file, name), length) in &long_functions {
        println!("  {length:4} {file} {name}");
    }
    assert!(
        too_long_files.is_empty(),
        "product files over {MAX_FILE_LINES} lines of code; split them by concern:\n{}",
        too_long_files.join("\n")
    );
    let unexplained: Vec<String> = long_functions
        .iter()
        .filter(|((file, name), _)| {
            !LONG_FUNCTIONS
                .iter()
                .any(|(f, n, _)| f == file && n == name)
        })
        .map(|((file, name), length)| format!("{file} {name}: {length} lines"))
        .collect();
    assert!(
        unexplained.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines with no reason in LONG_FUNCTIONS; split them, or say why they are one:\n{}",
        unexplained.join("\n")
    );
    let stale: Vec<String> = LONG_FUNCTIONS
        .iter()
        .filter(|(file, name, _)| {
            !long_functions.contains_key(&(file.to_string(), name.to_string()))
        })
        .map(|(file, name, _)| format!("{file} {name}"))
        .collect();
    assert!(
        stale.is_empty(),
        "LONG_FUNCTIONS lists functions that are no longer over {MAX_FUNCTION_LINES} lines (or gone); take them out:\n{}",
        stale.join("\n")
    );
}

#[test]
fn functions_are_measured_from_signature_to_closing_brace() {
    let code = "fn a() {\n    let x = 1;\n}\ntrait T {\n    fn b(&self);\n    fn c(&self) {\n        x();\n    }\n}\n";
    let lines = code_lines(code);
    assert_eq!(functions(&lines), [("a", 3), ("c", 3)]);
    assert!(
        Path::new("src/main.rs").exists(),
        "run from the crate's folder"
    );
}
