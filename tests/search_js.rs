//! The search page's script: its matching and ranking under Node (tests/web/search-test.js),
//! skipped with a notice where `node` is not installed, and a check that it never turns data
//! into markup.

use std::process::Command;

#[test]
fn search_script_matches_and_ranks_under_node() {
    if Command::new("node").arg("--version").output().is_err() {
        println!("node is not on PATH: skipping tests/web/search-test.js");
        return;
    }
    let output = Command::new("node")
        .arg("tests/web/search-test.js")
        .output()
        .expect("run node");
    assert!(
        output.status.success(),
        "tests/web/search-test.js failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn search_script_sets_text_never_markup() {
    let script = std::fs::read_to_string("static/search.js").expect("static/search.js");
    for sink in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "eval(",
        "new Function",
    ] {
        assert!(!script.contains(sink), "search.js uses {sink}");
    }
    assert!(script.contains("textContent"));
}
