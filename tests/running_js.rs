//! The running event pages' script: its table finder and its poll under Node
//! (tests/web/running-test.js, with a fake fetch and fake timers), skipped with a notice where
//! `node` is not installed, and a check that it never turns data into markup.

use std::process::Command;

#[test]
fn running_script_finds_tables_and_polls_under_node() {
    if Command::new("node").arg("--version").output().is_err() {
        println!("node is not on PATH: skipping tests/web/running-test.js");
        return;
    }
    let output = Command::new("node")
        .arg("tests/web/running-test.js")
        .output()
        .expect("run node");
    assert!(
        output.status.success(),
        "tests/web/running-test.js failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn running_script_sets_text_never_markup_and_never_reloads_by_itself() {
    let script = std::fs::read_to_string("static/running.js").expect("static/running.js");
    for sink in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "eval(",
        "new Function",
    ] {
        assert!(!script.contains(sink), "running.js uses {sink}");
    }
    assert!(script.contains("textContent"));
    // The one reload is the button's.
    assert_eq!(script.matches("location.reload()").count(), 1);
    assert!(
        script.contains("addEventListener(\"click\", function () { window.location.reload(); })")
    );
}
