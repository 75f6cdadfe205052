//! The site's own scripts, each run under Node against its test in `tests/web/` (skipped with a
//! notice where `node` is not installed, unless `HOLONET_WEB_CHECKS=require`, as `.ci/run` sets
//! it: then a missing Node fails), and each checked never to turn data into markup:
//! search (matching and ranking), the find boxes of long pages (matching a row by name or
//! number), the light-or-dark switch (which rules it rewrites), running events (the poll, with
//! a fake fetch and fake timers), the room screen (its clock, how it fits the screen, and paging) and
//! the round pages' standings (rows read from event.json by column name, values rounded as the
//! pages round them). The scripts' letter folding is held to the ids' table (`event::ids`), the
//! one the rest copy.

use std::process::Command;

use holonet::event::ids::id_from_name;

/// Whether `node` is on PATH to run `what`; where it is not, says so, and fails where the web
/// checks are required.
fn node_runs(what: &str) -> bool {
    if Command::new("node").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var("HOLONET_WEB_CHECKS").map_or(true, |v| v != "require"),
        "HOLONET_WEB_CHECKS=require, but node is not on PATH to run {what}: install Node.js"
    );
    println!("node is not on PATH: skipping {what}");
    false
}

/// Runs `tests/web/<name>-test.js` under Node; passes with a notice when Node is missing, and
/// fails then where the web checks are required.
fn passes_under_node(name: &str) {
    let test = format!("tests/web/{name}-test.js");
    if !node_runs(&test) {
        return;
    }
    let output = Command::new("node").arg(&test).output().expect("run node");
    assert!(
        output.status.success(),
        "{test} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The text of `static/<name>.js`, checked to set text only: no markup sinks, no code from
/// strings.
fn text_only_script(name: &str) -> String {
    let path = format!("static/{name}.js");
    let script = std::fs::read_to_string(&path).expect(&path);
    for sink in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "eval(",
        "new Function",
    ] {
        assert!(!script.contains(sink), "{path} uses {sink}");
    }
    assert!(script.contains("textContent"), "{path} sets text");
    script
}

#[test]
fn search_script_matches_and_ranks_under_node() {
    passes_under_node("search");
}

#[test]
fn search_script_sets_text_never_markup() {
    text_only_script("search");
}

#[test]
fn running_script_polls_under_node() {
    passes_under_node("running");
}

#[test]
fn find_script_matches_names_and_numbers_under_node() {
    passes_under_node("find");
}

#[test]
fn find_script_sets_text_never_markup() {
    text_only_script("find");
}

#[test]
fn running_script_sets_text_never_markup_and_never_reloads_by_itself() {
    let script = text_only_script("running");
    // The one reload is the button's.
    assert_eq!(script.matches("location.reload()").count(), 1);
    assert!(
        script.contains("addEventListener(\"click\", function () { window.location.reload(); })")
    );
}

#[test]
fn scheme_script_rewrites_only_the_dark_rules_under_node() {
    passes_under_node("scheme");
}

#[test]
fn scheme_script_sets_text_never_markup() {
    text_only_script("scheme");
}

#[test]
fn room_script_counts_down_fits_a_1080p_screen_and_pages_under_node() {
    passes_under_node("room");
}

#[test]
fn room_script_sets_text_never_markup() {
    text_only_script("room");
}

#[test]
fn standings_script_reads_rows_by_column_name_under_node() {
    passes_under_node("standings");
}

#[test]
fn standings_script_sets_text_never_markup() {
    text_only_script("standings");
}

/// The scripts that fold names for matching: each spells out the letters that Unicode does not
/// decompose to a plain letter (`FOLD`, and the same letters in the pattern that applies it).
const FOLDING_SCRIPTS: [&str; 2] = ["search", "find"];

/// `text` from the end of `start` to the next `end`, or a failure naming the script.
fn between<'a>(text: &'a str, start: &str, end: &str, script: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("static/{script}.js has no `{start}`"))
        + start.len();
    let to = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("static/{script}.js has no `{end}` after `{start}`"));
    &text[from..from + to]
}

/// The `FOLD` table of a script, as (letter, plain spelling) pairs, and the letters of the
/// pattern that applies it.
fn fold_table(script: &str) -> (Vec<(String, String)>, String) {
    let path = format!("static/{script}.js");
    let text = std::fs::read_to_string(&path).expect(&path);
    let table = between(&text, "var FOLD = {", "};", script);
    let pairs = table
        .split(',')
        .map(|pair| {
            let (letter, plain) = pair
                .split_once(':')
                .unwrap_or_else(|| panic!("{path}: `{pair}` in FOLD is no \"letter\": \"plain\""));
            let unquote = |s: &str| s.trim().trim_matches('"').to_string();
            (unquote(letter), unquote(plain))
        })
        .collect();
    // The pattern is the one whose matches FOLD replaces.
    let apply = "]/g, function (c) { return FOLD[c]; })";
    let at = text
        .find(apply)
        .unwrap_or_else(|| panic!("{path} does not apply FOLD by `{apply}`"));
    let pattern = &text[text[..at].rfind("/[").expect("the pattern opens") + 2..at];
    (pairs, pattern.to_string())
}

/// The Latin letters the ids' table folds (`Zoë` -> `zoe`), as (letter, lower-case plain
/// spelling): the reference the scripts must agree with.
fn id_folds() -> Vec<(char, String)> {
    ('\u{C0}'..='\u{24F}')
        .map(|c| (c, id_from_name(&c.to_string())))
        .filter(|(_, plain)| !plain.is_empty())
        .collect()
}

#[test]
fn the_scripts_fold_their_own_letters_as_ids_do() {
    let (table, pattern) = fold_table(FOLDING_SCRIPTS[0]);
    assert!(!table.is_empty());
    for script in &FOLDING_SCRIPTS[1..] {
        assert_eq!(
            fold_table(script),
            (table.clone(), pattern.clone()),
            "static/{script}.js folds letters unlike static/{}.js",
            FOLDING_SCRIPTS[0]
        );
    }
    let letters: String = table.iter().map(|(letter, _)| letter.as_str()).collect();
    assert_eq!(
        pattern, letters,
        "the pattern applies FOLD's letters, no more, no fewer"
    );
    for (letter, plain) in &table {
        assert_eq!(
            &id_from_name(letter),
            plain,
            "FOLD[{letter}] against the ids' table"
        );
    }
}

#[test]
fn the_scripts_fold_every_letter_as_ids_do_under_node() {
    let folds = id_folds();
    // The table reaches across Latin-1 and Latin Extended-A: a check that finds it empty checks
    // nothing.
    assert!(folds.len() > 100, "{} letters", folds.len());
    if !node_runs("the scripts' letter folding") {
        return;
    }
    let expected: Vec<String> = folds
        .iter()
        .map(|(c, plain)| format!("[\"{c}\",\"{plain}\"]"))
        .collect();
    let check = r#"
        const path = require("node:path");
        const search = require(path.resolve("static/search.js"));
        const find = require(path.resolve("static/find.js"));
        const wrong = [];
        for (const [letter, plain] of JSON.parse(process.argv[1])) {
            for (const [name, fold] of [["search.js", search.normalize], ["find.js", find.fold]]) {
                const got = fold(letter);
                if (got !== plain) wrong.push(`${name} folds ${letter} to "${got}", ids to "${plain}"`);
            }
        }
        if (wrong.length > 0) {
            console.error(wrong.join("\n"));
            process.exit(1);
        }
    "#;
    let output = Command::new("node")
        .arg("-e")
        .arg(check)
        .arg(format!("[{}]", expected.join(",")))
        .output()
        .expect("run node");
    assert!(
        output.status.success(),
        "the scripts fold letters unlike the ids' table (src/event/ids.rs):\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
