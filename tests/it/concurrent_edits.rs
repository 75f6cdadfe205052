//! Two writers at once: editing commands started together on one event file (as from two
//! terminals, or a script reporting every table at once) never lose an accepted edit. Each either
//! applies on top of the others or refuses with its usual message, and the file ends holding
//! every edit that printed success. And a save made by hand in an editor while a command writes
//! the file is never lost: the command either ends before it, or says the file changed on disk.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::holonet;

/// A site with an ffg-2018 event of 12 players and round 1 paired (6 tables), and its file.
fn paired_site() -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let site = dir.path().join("site");
    let file = "events/2026/two-writers.toml";
    assert!(
        holonet(&["new", file, "--rules", "ffg-2018"], &site)
            .status
            .success()
    );
    for n in 1..=12 {
        let out = holonet(&["register", file, &format!("Player {n:02}")], &site);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(holonet(&["pair", file], &site).status.success());
    let text = std::fs::read_to_string(site.join(file)).expect("read");
    (dir, site, text)
}

/// Starts every command at once and waits for all of them.
fn all_at_once(site: &Path, commands: &[Vec<String>]) -> Vec<Output> {
    let children: Vec<_> = commands
        .iter()
        .map(|args| {
            Command::new(env!("CARGO_BIN_EXE_holonet"))
                .args(args)
                .current_dir(site)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn holonet")
        })
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().expect("wait"))
        .collect()
}

fn event(site: &Path) -> toml::Table {
    let text = std::fs::read_to_string(site.join("events/2026/two-writers.toml")).expect("read");
    text.parse().expect("the file is valid TOML")
}

#[test]
fn every_table_reported_at_once_is_kept() {
    let (_dir, site, paired) = paired_site();
    let file = "events/2026/two-writers.toml";
    for attempt in 0..6 {
        std::fs::write(site.join(file), &paired).expect("reset");
        let mut commands: Vec<Vec<String>> = (1..=6)
            .map(|t| vec!["report".into(), file.into(), t.to_string(), "2-0".into()])
            .collect();
        commands.push(vec![
            "register".into(),
            file.into(),
            format!("Late Entry {attempt}"),
            "--late".into(),
        ]);
        for (i, out) in all_at_once(&site, &commands).iter().enumerate() {
            assert!(
                out.status.success(),
                "attempt {attempt}, {:?}: {}",
                commands[i],
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let event = event(&site);
        let tables = event["rounds"][0]["tables"].as_array().expect("tables");
        assert_eq!(tables.len(), 6);
        for table in tables {
            assert!(
                table.get("games").is_some(),
                "attempt {attempt}: a reported result was lost: {table}"
            );
        }
        let players = event["players"].as_array().expect("players");
        assert!(
            players
                .iter()
                .any(|p| p["name"].as_str() == Some(&format!("Late Entry {attempt}"))),
            "attempt {attempt}: the late entry was lost"
        );
    }
}

#[test]
fn the_same_table_reported_twice_at_once_keeps_one_and_refuses_the_other() {
    let (_dir, site, _) = paired_site();
    let file = "events/2026/two-writers.toml";
    let commands: Vec<Vec<String>> = ["2-0", "0-2"]
        .iter()
        .map(|r| vec!["report".into(), file.into(), "1".into(), r.to_string()])
        .collect();
    let outs = all_at_once(&site, &commands);
    let accepted: Vec<usize> = (0..2).filter(|&i| outs[i].status.success()).collect();
    assert_eq!(accepted.len(), 1, "exactly one is recorded");
    let refused = &outs[1 - accepted[0]];
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("already has a result"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    // The file holds the accepted one.
    let event = event(&site);
    let games = event["rounds"][0]["tables"][0]["games"]
        .as_array()
        .expect("games")
        .clone();
    let first = event["rounds"][0]["tables"][0]["players"][0]
        .as_str()
        .expect("id")
        .to_string();
    let first_won = games.iter().all(|g| g.as_str() == Some(first.as_str()));
    assert_eq!(first_won, accepted[0] == 0, "{games:?}");
}

/// Saves the event file as an editor or `sed -i` does: reads it, writes the text with the
/// event's name changed into a new file beside it, and renames that over it.
fn save_by_hand(file: &Path, hand_line: &str) {
    let text = std::fs::read_to_string(file).expect("the editor reads the file");
    let mut replaced = false;
    let saved: String = text
        .lines()
        .map(|line| {
            if !replaced && line.starts_with("name = ") {
                replaced = true;
                hand_line.to_string()
            } else {
                line.to_string()
            }
        })
        .map(|line| line + "\n")
        .collect();
    assert!(replaced, "the event's name line");
    let beside = file.with_file_name("sedXYZ123");
    std::fs::write(&beside, saved).expect("the editor writes its file");
    std::fs::rename(&beside, file).expect("the editor renames it over the event file");
}

#[test]
fn a_hand_save_racing_a_report_is_never_lost() {
    const TRIALS: u64 = 60;
    let (_dir, site, paired) = paired_site();
    let file = "events/2026/two-writers.toml";
    let path = site.join(file);
    let (mut recorded, mut refused, mut saved_over) = (0, 0, 0);
    for trial in 0..TRIALS {
        std::fs::write(&path, &paired).expect("reset");
        let report = Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(["report", file, "1", "2-0"])
            .current_dir(&site)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn holonet");
        // The save starts at a later point in each trial: after more and more reads of the file
        // (a count, not a time, so the points spread over the report whatever the machine).
        for _ in 0..trial * trial * 4 {
            std::hint::black_box(std::fs::read(&path).ok());
        }
        let hand_line = format!("name = \"Hand Saved {trial}\"");
        save_by_hand(&path, &hand_line);
        let out = report.wait_with_output().expect("wait");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(
            text.lines().any(|line| line == hand_line),
            "trial {trial}: the hand save was lost (report: {:?}, {stderr})",
            out.status
        );
        let event: toml::Table = text.parse().expect("the file is valid TOML");
        let has_result = event["rounds"][0]["tables"][0].get("games").is_some();
        if out.status.success() {
            // Recorded, or saved over by the editor, which read the file before the result was in.
            if has_result {
                recorded += 1;
            } else {
                saved_over += 1;
            }
        } else {
            assert!(
                stderr.contains("changed on disk"),
                "trial {trial}: a refused report says why: {stderr}"
            );
            assert!(!has_result, "trial {trial}: refused, yet recorded");
            refused += 1;
        }
        let strays: Vec<_> = std::fs::read_dir(path.parent().expect("folder"))
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".holonet-tmp") || n.contains(".holonet-kept-"))
            .collect();
        assert!(strays.is_empty(), "trial {trial}: left behind {strays:?}");
    }
    eprintln!(
        "{TRIALS} trials: {recorded} reports recorded, {refused} refused (changed on disk), {saved_over} saved over by the editor"
    );
}
