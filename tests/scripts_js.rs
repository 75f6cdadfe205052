//! The site's own scripts, each run under Node against its test in `tests/web/` (skipped with a
//! notice where `node` is not installed, unless `HOLONET_WEB_CHECKS=require`, as `.ci/run` sets
//! it: then a missing Node fails), and each checked never to turn data into markup:
//! search (matching and ranking), running events (the table finder and the poll, with a fake
//! fetch and fake timers), the room screen (its clock and paging) and the round pages' standings
//! (rows read from event.json by column name, values rounded as the pages round them).

use std::process::Command;

/// Runs `tests/web/<name>-test.js` under Node; passes with a notice when Node is missing, and
/// fails then where the web checks are required.
fn passes_under_node(name: &str) {
    let test = format!("tests/web/{name}-test.js");
    if Command::new("node").arg("--version").output().is_err() {
        assert!(
            std::env::var("HOLONET_WEB_CHECKS").map_or(true, |v| v != "require"),
            "HOLONET_WEB_CHECKS=require, but node is not on PATH to run {test}: install Node.js"
        );
        println!("node is not on PATH: skipping {test}");
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
fn running_script_finds_tables_and_polls_under_node() {
    passes_under_node("running");
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
fn room_script_counts_down_and_pages_under_node() {
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
