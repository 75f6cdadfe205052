//! The room screen's script: its clock and paging under Node (tests/web/room-test.js),
//! skipped with a notice where `node` is not installed, and a check that it never turns data
//! into markup.

use std::process::Command;

#[test]
fn room_script_counts_down_and_pages_under_node() {
    if Command::new("node").arg("--version").output().is_err() {
        println!("node is not on PATH: skipping tests/web/room-test.js");
        return;
    }
    let output = Command::new("node")
        .arg("tests/web/room-test.js")
        .output()
        .expect("run node");
    assert!(
        output.status.success(),
        "tests/web/room-test.js failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn room_script_sets_text_never_markup() {
    let script = std::fs::read_to_string("static/room.js").expect("static/room.js");
    for sink in [
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "document.write",
        "eval(",
        "new Function",
    ] {
        assert!(!script.contains(sink), "room.js uses {sink}");
    }
    assert!(script.contains("textContent"));
}
