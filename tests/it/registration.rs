//! `holonet register`, `drop` and `unpair` run from the site folder with relative paths, as an
//! organizer would: registration into a new event file, a round, a drop, a late entry and the
//! next round, then the built `event.json` and event page.

use std::path::Path;

use crate::common::holonet;

/// Runs a command that must succeed; its standard output.
fn ok(args: &[&str], dir: &Path) -> String {
    let out = holonet(args, dir);
    assert!(
        out.status.success(),
        "{args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a command that must fail without touching the event file; its standard error.
fn refused(args: &[&str], dir: &Path, file: &str) -> String {
    let before = std::fs::read(dir.join(file)).unwrap();
    let out = holonet(args, dir);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert_eq!(
        std::fs::read(dir.join(file)).unwrap(),
        before,
        "{args:?} changed the file"
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const FILE: &str = "events/2026/spring-open.toml";

#[test]
fn register_pair_drop_late_entry_and_pair_again() {
    let tmp = tempfile::tempdir().unwrap();
    ok(&["init", "site"], tmp.path());
    let site = tmp.path().join("site");
    let site = site.as_path();
    ok(&["new", FILE], site);
    for name in [
        "Ada Quill",
        "Bram Tolle",
        "Cleo Marsh",
        "Dev Anand",
        "Esme Hart",
    ] {
        let said = ok(&["register", FILE, name], site);
        assert!(
            said.starts_with(&format!("Registered {name} (id ")),
            "{said}"
        );
    }
    let err = refused(&["register", FILE, "Ada Quill"], site, FILE);
    assert!(err.contains("--id ada-quill-2"), "{err}");
    ok(&["pair", FILE], site);
    let text = std::fs::read_to_string(site.join(FILE)).unwrap();
    // Five players: two tables and a bye.
    assert!(text.contains("{ table = 2,"), "{text}");
    // A table without its result: drop is refused with the way out, unpair takes it back.
    let seated = [
        "ada-quill",
        "bram-tolle",
        "cleo-marsh",
        "dev-anand",
        "esme-hart",
    ]
    .into_iter()
    .find(|id| !text.contains(&format!("byes = [\"{id}\"]")))
    .unwrap();
    let err = refused(&["drop", FILE, seated], site, FILE);
    assert!(
        err.contains("has no result yet") && err.contains("holonet unpair"),
        "{err}"
    );
    let err = refused(&["drop", FILE, "ada-quil"], site, FILE);
    assert!(err.contains("did you mean `ada-quill`?"), "{err}");
    ok(&["report", FILE, "1", "2-0"], site);
    let err = refused(&["unpair", FILE], site, FILE);
    assert!(
        err.contains("round 1 already has results (table 1)"),
        "{err}"
    );
    ok(&["report", FILE, "2", "1-1"], site);
    let said = ok(&["drop", FILE, seated], site);
    assert!(said.contains("dropped after round 1"), "{said}");
    let err = refused(&["register", FILE, "Finn Roe"], site, FILE);
    assert!(
        err.contains("late entry from round 2") && err.contains("--late"),
        "{err}"
    );
    let said = ok(&["register", FILE, "Finn Roe", "--late"], site);
    assert!(
        said.contains("as a late entry from round 2: round 1 counts as an unpaired loss"),
        "{said}"
    );
    ok(&["pair", FILE], site);
    // The late entry is paired from round 2 on; the dropped player is not.
    let text = std::fs::read_to_string(site.join(FILE)).unwrap();
    let round_2 = text.split("\n[[rounds]]\n").nth(2).expect("round 2");
    assert!(round_2.contains("\"finn-roe\""), "{round_2}");
    assert!(!round_2.contains(&format!("\"{seated}\"")), "{round_2}");
    assert!(text.contains("updated = "), "{text}");
    // Unpair and pair again give the same round.
    ok(&["unpair", FILE], site);
    assert_eq!(
        std::fs::read_to_string(site.join(FILE))
            .unwrap()
            .matches("\n[[rounds]]\n")
            .count(),
        1
    );
    ok(&["pair", FILE], site);

    ok(&["build", "--quiet"], site);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(site.join("public/events/2026/spring-open/event.json")).unwrap(),
    )
    .unwrap();
    let player = |id: &str| {
        json["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("{id} in event.json"))
            .clone()
    };
    let finn = player("finn-roe");
    assert_eq!(
        (finn["late"].as_u64(), finn["drop"].as_u64()),
        (Some(2), None)
    );
    let gone = player(seated);
    assert_eq!(
        (gone["drop"].as_u64(), gone["late"].as_u64()),
        (Some(1), None)
    );
    assert_eq!(
        json["rounds"][0]["unpaired_losses"],
        serde_json::json!(["finn-roe"])
    );
    let page =
        std::fs::read_to_string(site.join("public/events/2026/spring-open/index.html")).unwrap();
    assert!(
        page.contains("late entry from round 2"),
        "no late entry note"
    );
    assert!(page.contains("dropped after round 1"), "no drop note");
    assert!(
        !page.contains("after round 0"),
        "a late entry shown as a drop"
    );
}

#[test]
fn each_verb_explains_itself() {
    let tmp = tempfile::tempdir().unwrap();
    for (verb, words) in [
        ("register", "late entry"),
        ("drop", "last round in the file"),
        ("unpair", "none of it has a result"),
    ] {
        let help = ok(&[verb, "--help"], tmp.path());
        assert!(help.contains(words), "{verb}: {help}");
    }
}

/// Runs `holonet check` in `dir`; whether it passed, and its standard error.
fn check(dir: &Path) -> (bool, String) {
    let out = holonet(&["check"], dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An id names a player page: given to a person of another name in another event, it would put
/// both people's results on one page. `register` refuses it with a free id and where the id is
/// taken; the same entry written by hand fails `check`, which names both events.
#[test]
fn an_id_another_person_has_in_the_archive_is_refused_and_reported() {
    let tmp = tempfile::tempdir().unwrap();
    ok(&["init", "site"], tmp.path());
    let site = tmp.path().join("site");
    let site = site.as_path();
    let (quist, berg) = (
        "events/2026/spring-open.toml",
        "events/2026/summer-open.toml",
    );
    ok(&["new", quist], site);
    ok(&["new", berg], site);
    ok(&["register", quist, "Ann Quist", "--id", "ann"], site);
    let line = std::fs::read_to_string(site.join(quist))
        .unwrap()
        .lines()
        .position(|l| l == "id = \"ann\"")
        .expect("the id is written")
        + 1;
    let err = refused(&["register", berg, "Ann Berg", "--id", "ann"], site, berg);
    assert!(
        err.contains(&format!(
            "the id `ann` is Ann Quist's in {quist}:{line}:6: Ann Berg would be shown on that player page"
        )) && err.contains("--id ann-berg"),
        "{err}"
    );
    // The same person under the id is welcome.
    ok(&["register", berg, "Ann Quist", "--id", "ann"], site);
    // Written by hand, the other person under the id.
    let text = std::fs::read_to_string(site.join(berg)).unwrap();
    std::fs::write(
        site.join(berg),
        text.replace("name = \"Ann Quist\"", "name = \"Ann Berg\""),
    )
    .unwrap();
    let (passed, err) = check(site);
    assert!(!passed, "{err}");
    assert!(
        err.contains(&format!(
            "error[H007]: the id `ann` is Ann Berg here, but Ann Quist in {quist}:{line}:6: their results would be shown on one page, as one person's\n"
        )) && err.contains(&format!("--> {berg}:")),
        "{err}"
    );
}

/// Names one slip apart ("Chris Googlen", "Chris Gogolen") or the same name written "Last,
/// First" under two ids are likely one person with two pages: `register` and `check` say so
/// with the `players.toml` lines that settle it, and say nothing once `players.toml` joins
/// them or calls them two people.
#[test]
fn close_names_get_a_hint_until_players_toml_settles_them() {
    let tmp = tempfile::tempdir().unwrap();
    ok(&["init", "site"], tmp.path());
    let site = tmp.path().join("site");
    let site = site.as_path();
    let (first, second) = (
        "events/2026/spring-open.toml",
        "events/2026/summer-open.toml",
    );
    ok(&["new", first], site);
    ok(&["new", second], site);
    ok(&["register", first, "Chris Googlen"], site);
    ok(&["register", first, "Tom Kessel"], site);
    let out = holonet(&["register", second, "Chris Gogolen"], site);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("warning: `Chris Gogolen` (id chris-gogolen) is close to `Chris Googlen` (id chris-googlen) in {first}:"))
            && err.contains("[[players]] id = \"chris-googlen\" aliases = [\"chris-gogolen\"]"),
        "{err}"
    );
    let out = holonet(&["register", second, "Kessel, Tom"], site);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "`Kessel, Tom` (id kessel-tom) is the same name as `Tom Kessel` (id tom-kessel)"
        ),
        "{err}"
    );
    let (passed, err) = check(site);
    assert!(passed, "{err}");
    assert_eq!(err.matches("warning[H019]").count(), 2, "{err}");
    assert!(err.contains(&format!(" --> {second}:")), "{err}");
    std::fs::write(
        site.join("players.toml"),
        "[[players]]\nid = \"tom-kessel\"\naliases = [\"kessel-tom\"]\n\n[[distinct]]\nids = [\"chris-googlen\", \"chris-gogolen\"]\n",
    )
    .unwrap();
    let (passed, err) = check(site);
    assert!(passed && !err.contains("H019"), "{err}");
}

/// The 2018 regulations have the rounds and the cut announced before the start. A Basic event
/// that paired round 1 for 8 players (3 rounds, no cut) keeps that structure when a ninth
/// player enters late, though the table gives 9 players 4 rounds and a top 4; `register --late`
/// says so and what to write to change it, and the event still plans 3 rounds.
#[test]
fn structure_is_fixed_when_round_one_is_paired() {
    let tmp = tempfile::tempdir().unwrap();
    ok(&["init", "site"], tmp.path());
    let site = tmp.path().join("site");
    let site = site.as_path();
    ok(&["new", FILE], site);
    let text = std::fs::read_to_string(site.join(FILE)).unwrap();
    assert!(text.contains("\nstructure = \"basic\""), "{text}");
    for name in ["Ada", "Bram", "Cleo", "Dev", "Esme", "Finn", "Gus", "Hal"] {
        ok(&["register", FILE, name], site);
    }
    ok(&["pair", FILE], site);
    let said = ok(&["register", FILE, "Ivo", "--late"], site);
    assert!(
        said.contains(
            "The event keeps the basic structure fixed when round 1 was paired for its 8 players: 3 Swiss rounds and no cut (with 9 players the table gives 4 Swiss rounds and a top 4); to change it, write `swiss_rounds = 4` and `cut = 4` in `[event]`"
        ),
        "{said}"
    );
    for table in ["1", "2", "3", "4"] {
        ok(&["report", FILE, table, "2-0"], site);
    }
    let standings = ok(&["standings", FILE], site);
    assert!(
        standings.contains("Standings after round 1 of 3\n"),
        "{standings}"
    );
    let check = holonet(&["check"], site);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(said.contains("All good: 0 warning(s)"), "{said}");
    // The organizer announces the change: the file says so, and check reports the departure.
    let text = std::fs::read_to_string(site.join(FILE)).unwrap();
    let changed = text.replacen(
        "\nstructure = \"basic\"",
        "\nstructure = \"basic\"\nswiss_rounds = 4\ncut = 4",
        1,
    );
    std::fs::write(site.join(FILE), changed).unwrap();
    let check = holonet(&["check"], site);
    let printed = String::from_utf8_lossy(&check.stderr);
    assert!(
        printed.contains("`swiss_rounds = 4` overrides the basic structure, which gives 3 rounds for the 8 players of round 1")
            && printed.contains("`cut = 4` overrides the basic structure, which gives a cut of 0 for the 8 players of round 1"),
        "{printed}"
    );
    let standings = ok(&["standings", FILE], site);
    assert!(
        standings.contains("Standings after round 1 of 4\n"),
        "{standings}"
    );
}
