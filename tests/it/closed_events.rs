//! A closed league or challenge event (`holonet close`, `closed = true`) has final standings:
//! every verb that writes an event file refuses it, leaving the file byte for byte as it was,
//! and says how to reopen it (`holonet close --reopen`); `standings` and `status` say it is
//! final. Each test runs the binary from the site folder with relative paths, as organizers do.

use std::fs;
use std::path::Path;

use crate::common::{self, holonet, run_ok};

const LEAGUE: &str = "events/2026/league.toml";

/// A league of three players with one game, hand-written as an organizer might.
const LEAGUE_TEXT: &str = "# The winter league at the club.\n[event]\nname = \"Winter League\"\ndate = 2026-12-01\nend_date = 2026-12-31\nrules = \"ffg-2018\"\nformat = \"league\"   # games as they come\n\n[[players]]\nname = \"Ann Lee\"\n\n[[players]]\nname = \"Bo Vos\"\n\n[[players]]\nname = \"Cy Moe\"\n\n[[games]]\ndate = 2026-12-02\ndark = \"ann-lee\"\nlight = \"bo-vos\"\nwinner = \"ann-lee\"\n";

/// A new site (`holonet init`, in the folder [`root_of`] gives) holding [`LEAGUE`], closed
/// with `holonet close`.
fn closed_league() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    run_ok(dir.path(), &["init", "site"]);
    let root = root_of(&dir);
    fs::create_dir_all(root.join("events/2026")).expect("mkdir");
    fs::write(root.join(LEAGUE), LEAGUE_TEXT).expect("write");
    let said = run_ok(&root, &["close", LEAGUE]);
    assert!(said.contains("its standings are final"), "{said}");
    dir
}

/// The site folder `holonet init site` made in `dir`.
fn root_of(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("site")
}

/// Runs `holonet ARGS` in `root`, expecting a refusal of the closed event `file`: a non-zero
/// exit, the file byte for byte as it was, and a message that names the file, says it is
/// closed and final, and gives the command that reopens it.
fn assert_refused(root: &Path, file: &str, args: &[&str]) {
    let before = fs::read(root.join(file)).expect("read");
    let out = holonet(args, root);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "holonet {args:?} succeeded: {stderr}"
    );
    assert_eq!(out.status.code(), Some(1), "holonet {args:?}: {stderr}");
    assert!(
        stderr.contains(&format!(
            "error: {file} is closed (`closed = true`), its standings final, and was not changed: to change it, reopen it first with `holonet close --reopen {file}`"
        )),
        "holonet {args:?}: {stderr}"
    );
    assert_eq!(
        fs::read(root.join(file)).expect("read"),
        before,
        "holonet {args:?} changed {file}"
    );
}

/// The defect as found: a game dated within the league's dates, recorded after `close`.
#[test]
fn a_closed_league_refuses_a_game() {
    let dir = closed_league();
    let root = root_of(&dir);
    let standings = run_ok(&root, &["standings", LEAGUE]);
    assert_refused(
        &root,
        LEAGUE,
        &[
            "game",
            LEAGUE,
            "bo-vos",
            "cy-moe",
            "bo-vos",
            "--date",
            "2026-12-07",
        ],
    );
    // Without --date (today, perhaps outside the league's dates), the refusal is the same.
    assert_refused(&root, LEAGUE, &["game", LEAGUE, "bo-vos", "cy-moe", "draw"]);
    assert_eq!(run_ok(&root, &["standings", LEAGUE]), standings);
}

#[test]
fn a_closed_event_refuses_a_registration() {
    let dir = closed_league();
    let root = root_of(&dir);
    assert_refused(&root, LEAGUE, &["register", LEAGUE, "Di Ray"]);
    assert_refused(&root, LEAGUE, &["register", LEAGUE, "Di Ray", "--late"]);
    assert_refused(&root, LEAGUE, &["register", LEAGUE, "Di Ray", "--id", "di"]);
}

/// The example site's closed challenge series takes no session, even one within its dates.
#[test]
fn a_closed_challenge_refuses_a_session() {
    let site = common::example_site();
    let root = site.path();
    let file = "events/2014/echo-base-challenge-nights.toml";
    assert_refused(
        root,
        file,
        &[
            "session",
            file,
            "jerjerrods-task",
            "hal",
            "--team",
            "ines",
            "jonas",
            "--winner",
            "solo",
            "--date",
            "2014-02-20",
        ],
    );
    assert_refused(root, file, &["register", file, "Vandal Person"]);
}

/// Every verb that writes an event file, on each closed event of the example site (an FFG
/// league, a SW:CCG league, a challenge series): the refusal comes before anything the verb
/// itself would say, and no list of players' reports is started.
#[test]
fn a_closed_event_refuses_every_verb_that_writes_it() {
    let site = common::example_site();
    let root = site.path();
    for file in [
        "events/2015/mos-eisley-cantina-league.toml",
        "events/2008/cloud-city-league.toml",
        "events/2014/echo-base-challenge-nights.toml",
    ] {
        let verbs: [&[&str]; 13] = [
            &["game", file, "ann", "bram", "ann", "--date", "2015-03-06"],
            &[
                "game",
                file,
                "rosa",
                "theo",
                "rosa+12",
                "--date",
                "2008-06-17",
            ],
            &[
                "session",
                file,
                "hunt-for-skywalker",
                "hal",
                "--team",
                "ines",
                "jonas",
                "--winner",
                "team",
            ],
            &["register", file, "Vandal Person"],
            &["register", file, "Vandal Person", "--late"],
            &["drop", file, "ann"],
            &["drop", file, "ann", "--undo"],
            &["report", file, "1", "2-0"],
            &["report", file, "1", "2-0", "--replace"],
            &["pair", file],
            &["pair", file, "--dry-run"],
            &["unpair", file],
            &["confirm", file, "1"],
        ];
        for args in verbs {
            assert_refused(root, file, args);
        }
    }
    assert!(
        !root.join(holonet::edit::self_report::WAITING_FILE).exists(),
        "confirm started a list of reports"
    );
}

/// `close --reopen` takes out `closed = true` (the rest of the file as it was but its time),
/// and the league records games again; closing it again makes its standings final again.
#[test]
fn a_reopened_league_takes_games_again() {
    let dir = closed_league();
    let root = root_of(&dir);
    let closed = fs::read_to_string(root.join(LEAGUE)).expect("read");
    let said = run_ok(&root, &["close", "--reopen", LEAGUE]);
    assert!(said.contains("Winter League is open again"), "{said}");
    let open = fs::read_to_string(root.join(LEAGUE)).expect("read");
    let without_time = |text: &str| {
        text.lines()
            .filter(|l| !l.starts_with("updated = ") && *l != "closed = true")
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(!open.contains("closed"), "{open}");
    assert!(open.contains("updated = "), "{open}");
    assert_eq!(without_time(&open), without_time(&closed));
    assert!(
        open.starts_with("# The winter league at the club.\n"),
        "{open}"
    );
    assert!(
        open.contains("format = \"league\"   # games as they come\n"),
        "{open}"
    );
    let said = run_ok(
        &root,
        &[
            "game",
            LEAGUE,
            "bo-vos",
            "cy-moe",
            "bo-vos",
            "--date",
            "2026-12-07",
        ],
    );
    assert!(
        said.contains("Recorded a game of Winter League on 2026-12-07"),
        "{said}"
    );
    let standings = run_ok(&root, &["standings", LEAGUE]);
    assert!(!standings.contains("final"), "{standings}");
    // Reopening an open event is refused, the file unchanged.
    let before = fs::read(root.join(LEAGUE)).expect("read");
    let out = holonet(&["close", "--reopen", LEAGUE], &root);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("events/2026/league.toml is not closed: there is nothing to reopen"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(fs::read(root.join(LEAGUE)).expect("read"), before);
    run_ok(&root, &["close", LEAGUE]);
    assert_refused(
        &root,
        LEAGUE,
        &["game", LEAGUE, "cy-moe", "ann-lee", "draw"],
    );
    let checked = run_ok(&root, &["check"]);
    assert!(!checked.contains("error"), "{checked}");
}

/// `standings` and `status` say that a closed event's standings are final, and `status` gives
/// the command that reopens it instead of the one that records a game.
#[test]
fn standings_and_status_say_a_closed_event_is_final() {
    let dir = closed_league();
    let root = root_of(&dir);
    let standings = run_ok(&root, &["standings", LEAGUE]);
    assert!(
        standings.contains("Closed (`closed = true`): these standings are final."),
        "{standings}"
    );
    let status = run_ok(&root, &["status", LEAGUE]);
    assert!(
        status.contains(&format!("holonet close --reopen {LEAGUE}"))
            && status.contains("Final places:")
            && !status.contains("holonet game"),
        "{status}"
    );
    let site = common::example_site();
    let file = "events/2014/echo-base-challenge-nights.toml";
    let records = run_ok(site.path(), &["standings", file]);
    assert!(
        records.contains("Closed (`closed = true`): these records are final."),
        "{records}"
    );
    let status = run_ok(site.path(), &["status", file]);
    assert!(
        !status.contains("Final places"),
        "a challenge ranks nobody: {status}"
    );
}

/// Only a league or a challenge event is closed: `close` and `close --reopen` refuse a Swiss
/// event and an event known only by its standings, leaving each file as it was.
#[test]
fn only_a_league_or_a_challenge_event_is_closed_or_reopened() {
    let site = common::example_site();
    let root = site.path();
    for (file, says) in [
        (
            "events/2015/mos-eisley-open.toml",
            "only a league or a challenge event is closed",
        ),
        (
            "events/2014/dantooine-regional.toml",
            "is known only by its final standings",
        ),
    ] {
        for args in [&["close", file][..], &["close", "--reopen", file][..]] {
            let before = fs::read(root.join(file)).expect("read");
            let out = holonet(args, root);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
            assert!(stderr.contains(says), "{args:?}: {stderr}");
            assert_eq!(fs::read(root.join(file)).expect("read"), before, "{args:?}");
        }
    }
}
