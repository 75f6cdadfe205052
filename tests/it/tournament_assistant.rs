//! `holonet import` of the events saved by the Players Committee's Star Wars CCG Tournament
//! Assistant (the real files in `fixtures/pc-tournament-assistant/`), run from a site folder as
//! an organizer runs it: one file, a folder, a second import of the same event, the players
//! found again by forum handle, and the errors at their line and column.

use std::path::{Path, PathBuf};

use crate::common::holonet;

const DIFF_FILE: &str = "cc14a38b-28fa-4410-bd65-7da091356ca9.json";
const UNDATED_FILE: &str = "29f7de7b-e14b-4c12-bed1-480c76c7f39d.json";
const MATCH_PLAY_FILE: &str = "ae83eb66-f97b-4b61-9e3e-819bfbf4bc5d.json";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/fixtures/pc-tournament-assistant")
        .join(name)
}

/// A new site (`holonet init`) holding the given fixtures under `saved/`.
fn site_with(files: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success(), "{}", printed(&out));
    let site = dir.path().join("site");
    std::fs::create_dir_all(site.join("saved")).expect("saved folder");
    for name in files {
        std::fs::copy(fixture(name), site.join("saved").join(name)).expect("copy fixture");
    }
    (dir, site)
}

fn printed(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn read(site: &Path, file: &str) -> String {
    std::fs::read_to_string(site.join(file)).expect("event file")
}

/// The DIFF event becomes a swccg-2008 event with every game, byes and drops, which `check`
/// passes; a second import updates the same file.
#[test]
fn a_diff_event_imports_checks_and_updates_in_place() {
    let (_dir, site) = site_with(&[DIFF_FILE]);
    let file = format!("saved/{DIFF_FILE}");
    let out = holonet(&["import", &file], &site);
    assert!(out.status.success(), "{}", printed(&out));
    assert!(
        printed(&out).contains("Created events/2017/worlds-2017-consolation.toml"),
        "{}",
        printed(&out)
    );
    let path = "events/2017/worlds-2017-consolation.toml";
    let text = read(&site, path);
    for expected in [
        "# Tournament Assistant event id: cc14a38b-28fa-4410-bd65-7da091356ca9\n",
        "imported from cc14a38b-28fa-4410-bd65-7da091356ca9.json",
        "name = \"Worlds 2017 consolation\"\ndate = 2017-08-13\nrules = \"swccg-2008\"\nformat = \"constructed\"\nstructure = \"custom\"\nswiss_rounds = 6\n",
        "[[players]]\nname = \"Chris Gogolen\"\nid = \"chris-gogolen\"\n",
        "byes = [\"tim-culver\"]",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
    assert_eq!(text.matches("\n[[rounds]]\n").count(), 6);
    assert_eq!(
        text.matches("{ table = ").count(),
        71 - 2,
        "71 games, 2 of them byes"
    );
    assert_eq!(text.matches("drop = ").count(), 5);
    assert_eq!(text.matches("differential = ").count(), 69);
    let check = holonet(&["check"], &site);
    assert!(check.status.success(), "{}", printed(&check));

    // The organizer renamed the event in the software: the second import updates its file.
    let saved = std::fs::read_to_string(site.join(&file)).expect("saved");
    std::fs::write(
        site.join(&file),
        saved.replacen("Worlds 2017 consolation", "Worlds 2017 Consolation", 1),
    )
    .expect("rename");
    let out = holonet(&["import", &file], &site);
    assert!(out.status.success(), "{}", printed(&out));
    assert!(
        printed(&out).contains(&format!("Updated {path}")),
        "{}",
        printed(&out)
    );
    assert!(read(&site, path).contains("name = \"Worlds 2017 Consolation\"\n"));
    let events = walkdir::WalkDir::new(site.join("events/2017"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .count();
    assert_eq!(events, 1, "updated, never duplicated");
}

/// A folder: the saved events are imported, other files skipped with a note, and importing the
/// folder again updates the same files.
#[test]
fn a_folder_imports_its_saved_events_and_skips_the_rest() {
    let (_dir, site) = site_with(&[DIFF_FILE, "README.md"]);
    for word in ["Created", "Updated"] {
        let out = holonet(&["import", "saved"], &site);
        let said = printed(&out);
        assert!(out.status.success(), "{said}");
        assert!(
            said.contains(&format!("{word} events/2017/worlds-2017-consolation.toml")),
            "{said}"
        );
        assert!(
            said.contains(
                "Skipped saved/README.md: not an event saved by the Tournament Assistant."
            ),
            "{said}"
        );
        assert!(said.contains("Imported 1 event(s) from saved."), "{said}");
    }
}

/// An event saved without a date is refused at its name, asking for `--date`, which then
/// dates it.
#[test]
fn an_undated_event_asks_for_its_date() {
    let (_dir, site) = site_with(&[UNDATED_FILE]);
    let file = format!("saved/{UNDATED_FILE}");
    let out = holonet(&["import", &file], &site);
    let said = printed(&out);
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("`2017 Endor Grand Prix` was saved without a date"),
        "{said}"
    );
    assert!(said.contains(&format!(" --> {file}:1:")), "{said}");
    assert!(said.contains("--date YYYY-MM-DD"), "{said}");
    assert!(!site.join("events/2017").exists(), "nothing written");
}

/// Rule 4: a folder's `--date` dates only the files saved without a date; a file saved with a
/// date keeps its own. Given with one file, `--date` replaces the saved date.
#[test]
fn a_folders_date_applies_only_to_its_undated_files() {
    let (_dir, site) = site_with(&[DIFF_FILE, UNDATED_FILE]);
    let out = holonet(&["import", "saved", "--date", "2015-01-02"], &site);
    let said = printed(&out);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("Imported 2 event(s) from saved."), "{said}");
    let dated = read(&site, "events/2017/worlds-2017-consolation.toml");
    assert!(dated.contains("\ndate = 2017-08-13\n"), "{dated}");
    assert!(!dated.contains("2015-01-02"), "{dated}");
    let undated = read(&site, "events/2015/2017-endor-grand-prix.toml");
    assert!(undated.contains("\ndate = 2015-01-02\n"), "{undated}");
    // One file: the date given replaces the saved one.
    let out = holonet(
        &[
            "import",
            &format!("saved/{DIFF_FILE}"),
            "--date",
            "2017-08-12",
        ],
        &site,
    );
    assert!(out.status.success(), "{}", printed(&out));
    let dated = read(&site, "events/2017/worlds-2017-consolation.toml");
    assert!(dated.contains("\ndate = 2017-08-12\n"), "{dated}");
}

/// A broken file is named with its line and column, an unknown mode is refused at its `mode`,
/// and nothing is written.
#[test]
fn broken_files_are_refused_at_their_place() {
    let (_dir, site) = site_with(&[]);
    std::fs::create_dir_all(site.join("saved")).expect("saved");
    std::fs::write(
        site.join("saved/broken.json"),
        "{\n  \"id\": \"x\",\n  \"name\" \"Hoth\"\n}\n",
    )
    .expect("broken");
    let out = holonet(&["import", "saved/broken.json"], &site);
    let said = printed(&out);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("this is not valid JSON"), "{said}");
    assert!(said.contains(" --> saved/broken.json:3:10"), "{said}");

    std::fs::write(site.join("saved/odd.json"), "{\"id\": \"x\", \"name\": \"Hoth\", \"mode\": \"SWISS\", \"players\": [], \"games\": [], \"rounds\": []}")
        .expect("odd");
    let said = printed(&holonet(&["import", "saved/odd.json"], &site));
    assert!(said.contains("unknown mode `SWISS`"), "{said}");
    assert!(!site.join("events/2016").exists() && !site.join("events/2017").exists());
}

/// A saved DIFF event of two players and one game, `b` winning.
fn small_event(id: &str, date: &str, a: (&str, &str), b: (&str, &str)) -> String {
    format!(
        r#"{{"id": "{id}", "name": "Hoth Cup {date}", "mode": "DIFF", "date": "{date}T18:00:00.000Z",
  "players": [
    {{"id": "{id}-b", "name": "{}", "forum_handle": "{}", "status": "STATUS_ACTIVE"}},
    {{"id": "{id}-a", "name": "{}", "forum_handle": "{}", "status": "STATUS_ACTIVE"}}
  ],
  "games": [
    {{"id": "{id}-g1", "playerDark": {{"id": "{id}-a", "name": "x"}}, "playerLight": {{"id": "{id}-b", "name": "y"}},
     "winner": {{"id": "{id}-b", "name": "y"}}, "vp": 2, "diff": 12, "round": {{"num": 1}}}}
  ],
  "rounds": [{{"num": 1, "active": true}}]}}"#,
        b.0, b.1, a.0, a.1
    )
}

/// The same person in two files, once under another spelling of the name: found by the forum
/// handle (the archive's name and id kept, the file's spelling noted), and by name where the
/// handle is new; a near name is hinted.
#[test]
fn players_are_found_again_by_forum_handle_or_name() {
    let (_dir, site) = site_with(&[]);
    std::fs::write(
        site.join("saved/one.json"),
        small_event(
            "e1",
            "2017-05-01",
            ("Piotr Ptak", "ptaku"),
            ("Jan Westergard", ""),
        ),
    )
    .expect("one");
    std::fs::write(
        site.join("saved/two.json"),
        small_event(
            "e2",
            "2017-06-01",
            ("Piotr Ptak (Bird)", "PTAKU"),
            ("Jan Westergaard", ""),
        ),
    )
    .expect("two");
    let out = holonet(&["import", "saved"], &site);
    let said = printed(&out);
    assert!(out.status.success(), "{said}");
    let first = read(&site, "events/2017/hoth-cup-2017-05-01.toml");
    assert!(
        first.contains("name = \"Piotr Ptak\"\nid = \"piotr-ptak\"\nforum_handle = \"ptaku\"\n"),
        "{first}"
    );
    let second = read(&site, "events/2017/hoth-cup-2017-06-01.toml");
    assert!(
        second.contains("# saved as \"Piotr Ptak (Bird)\"; the forum handle is that of \"Piotr Ptak\" in the archive\nname = \"Piotr Ptak\"\nid = \"piotr-ptak\"\nforum_handle = \"PTAKU\"\n"),
        "{second}"
    );
    assert!(
        second.contains("name = \"Jan Westergaard\"\nid = \"jan-westergaard\"\n"),
        "{second}"
    );
    assert!(
        said.contains("`Jan Westergaard` (id jan-westergaard) is close to `Jan Westergard`"),
        "{said}"
    );
    let check = holonet(&["check"], &site);
    assert!(check.status.success(), "{}", printed(&check));
}

/// Every saved event imports from the site folder (the undated one with the `--date` its error
/// asks for), and the archive they make passes `check` with no error: an SOS event is scored by
/// `swccg-pc-sos`, its games without differentials, the bracket by `swccg-pc-match-play`.
#[test]
fn every_saved_event_imports_and_the_archive_checks() {
    let names: Vec<String> = std::fs::read_dir(fixture(""))
        .expect("fixtures")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    assert_eq!(names.len(), 12, "{names:?}");
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let (_dir, site) = site_with(&refs);
    for name in &names {
        let file = format!("saved/{name}");
        let mut args = vec!["import", file.as_str()];
        if name == UNDATED_FILE {
            args.extend(["--date", "2017-05-06"]);
        }
        let out = holonet(&args, &site);
        assert!(out.status.success(), "{name}: {}", printed(&out));
    }
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    assert!(!printed(&out).contains("error"), "{}", printed(&out));
    let events: Vec<String> = walkdir::WalkDir::new(site.join("events"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .map(|e| {
            read(
                &site,
                &e.path().strip_prefix(&site).unwrap().to_string_lossy(),
            )
        })
        .collect();
    let sos = events
        .iter()
        .filter(|t| t.contains("rules = \"swccg-pc-sos\""))
        .count();
    assert_eq!(sos, 10, "ten SOS events");
    let brackets = events
        .iter()
        .filter(|t| t.contains("rules = \"swccg-pc-match-play\""))
        .count();
    assert_eq!(brackets, 1, "the bracket sample");
    for text in events.iter().filter(|t| t.contains("swccg-pc-sos")) {
        assert!(!text.contains("differential"), "{text}");
    }
    // Each real event's page is as light as an SW:LCG event's of its size: its games are on
    // pages of their own, so the largest (62 players, eight games) stays within 150 KB of HTML
    // and 3,000 elements.
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(site.join("public/events"))
        .min_depth(3)
        .max_depth(3)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "index.html")
    {
        let html = std::fs::read_to_string(entry.path()).expect("an event page");
        let elements = html
            .as_bytes()
            .windows(2)
            .filter(|w| w[0] == b'<' && w[1].is_ascii_alphabetic())
            .count();
        let path = entry.path().display();
        assert!(html.len() <= 150_000, "{path}: {} bytes", html.len());
        assert!(elements <= 3_000, "{path}: {elements} elements");
        pages += 1;
    }
    assert_eq!(pages, 12, "an event page for each saved event");
}

/// An imported `SOS` event stopped after six of its eight games: `holonet pair` writes game 7
/// by the Tournament Assistant's pairing, run from the site folder, and the audit, which
/// judges each game by the software's rules, finds the event's real games and Holonet's own
/// pairing within them.
#[test]
fn pair_continues_an_imported_sos_event_by_the_softwares_pairing() {
    const NATIONALS_2018: &str = "272d7d14-5197-4568-9d10-1ff1281a9695.json";
    let (_dir, site) = site_with(&[NATIONALS_2018]);
    let out = holonet(&["import", &format!("saved/{NATIONALS_2018}")], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let path = "events/2018/2018-us-nationals.toml";
    let text = read(&site, path);
    let cut = text.find("# Game 7\n").expect("game 7 in the file");
    std::fs::write(site.join(path), &text[..cut]).expect("write");
    let out = holonet(&["pair", path], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let text = read(&site, path);
    let game7 = &text[text.rfind("[[rounds]]").expect("a new game")..];
    // 24 players: twelve tables, no bye.
    assert_eq!(game7.matches("dark = ").count(), 12, "{game7}");
    assert!(!game7.contains("byes = [\""), "{game7}");
    let out = holonet(&["audit", path], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let said = printed(&out);
    assert!(said.contains("Game 7  as Holonet pairs it"), "{said}");
    assert!(!said.contains("BREAKS A RULE"), "{said}");
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", printed(&out));
}

/// The bracket sample (`MATCH_PLAY`) builds, and its standings in `event.json` are the saved
/// ones: every player in the saved order, with the saved victory points (two per win) and
/// differential, and the two players level on both (Ryan Jellison, Tom Marlin) sharing a place.
/// Its last match has no result: the record stops there, on the day the file was last saved,
/// and nothing is shown as under way or taken as a next step.
#[test]
fn the_bracket_sample_builds_with_the_saved_standings() {
    let (_dir, site) = site_with(&[MATCH_PLAY_FILE]);
    let out = holonet(&["import", &format!("saved/{MATCH_PLAY_FILE}")], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(site.join("public/events/2016/tom-s-top-8-test/event.json"))
            .expect("event.json"),
    )
    .expect("JSON");
    let rows = json["ccg"]["standings_by_game"]
        .as_array()
        .and_then(|games| games.last())
        .and_then(serde_json::Value::as_array)
        .expect("standings")
        .clone();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture(MATCH_PLAY_FILE)).expect("saved"))
            .expect("saved JSON");
    let players = saved["players"].as_array().expect("players");
    assert_eq!(rows.len(), players.len());
    let name_of = |id: &serde_json::Value| {
        json["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["id"] == *id))
            .map(|p| p["name"].clone())
            .expect("player")
    };
    for (row, player) in rows.iter().zip(players) {
        assert_eq!(name_of(&row["id"]), player["name"], "{row}");
        assert_eq!(row["victory_points"], player["vp"], "{row}");
        assert_eq!(row["differential"], player["diff"], "{row}");
        let wins = player["wins"].as_u64().expect("wins");
        assert_eq!(row["victory_points"].as_u64(), Some(2 * wins), "{row}");
    }
    assert_eq!(rows[3]["rank"], 4);
    assert_eq!(rows[4]["rank"], 4);
    let out = holonet(&["pair", "events/2016/tom-s-top-8-test.toml"], &site);
    assert!(!out.status.success());
    assert!(
        printed(&out).contains(
            "events/2016/tom-s-top-8-test.toml is a record that stops on 2016-07-04 (`stopped` in [event]) and was not changed"
        ),
        "{}",
        printed(&out)
    );
    assert_eq!(json["event"]["status"], "stopped");
    assert_eq!(json["event"]["stopped"], "2016-07-04");
    let page = std::fs::read_to_string(site.join("public/events/2016/tom-s-top-8-test/index.html"))
        .expect("event page");
    assert!(page.contains(">Stopped</span>"), "{page}");
    assert!(!page.contains("under way: <a"), "{page}");
    assert!(
        !site
            .join("public/events/2016/tom-s-top-8-test/pairings")
            .exists()
    );
    // The page draws the bracket from the games: each match with its two games and what
    // decided it, Tom Marlin's on the lost cards the program saved (50 to Ryan Jellison's 60).
    let words = crate::common::visible_text(&page);
    for expected in [
        "Bracket",
        "Quarter-finals",
        "Tom Marlin wins, one game each, level on differential: fewer lost cards (50 to 60)",
        "Semi-finals",
        "Wise wins, won both games",
        "John Anderson v Tom Marlin : no result recorded yet",
    ] {
        assert!(words.contains(expected), "{expected}: {words}");
    }
}

/// A file saved before game 1 imports as its registered players and no game, and one saved with
/// game 1 paired and no result as that pairing: neither gets a number of games the file does not
/// hold (no `swiss_rounds`), both are records that stop on the day they were last saved, shown
/// as stopped (not upcoming, not under way), and every verb refuses them until the line goes.
#[test]
fn an_event_saved_before_its_end_imports_as_a_record_that_stops() {
    let (_dir, site) = site_with(&[]);
    let saved = |id: &str, name: &str, games: &str| {
        format!(
            r#"{{"id": "{id}", "name": "{name}", "mode": "SOS", "date": "2016-03-01T10:00:00.000Z",
  "lastUpdate": "2016-03-02T09:30:00.000Z",
  "players": [{{"id": "a", "name": "Ann Lee", "status": "STATUS_ACTIVE"}},
              {{"id": "b", "name": "Bo Kim", "status": "STATUS_ACTIVE"}},
              {{"id": "c", "name": "Cy Dunn", "status": "STATUS_ACTIVE"}}],
  "games": [{games}], "rounds": []}}"#
        )
    };
    std::fs::write(
        site.join("saved/empty.json"),
        saved("e0", "Ryloth Open", ""),
    )
    .expect("write");
    std::fs::write(
        site.join("saved/paired.json"),
        saved(
            "e1",
            "Hoth Open",
            r#"{"id": "g1", "playerDark": {"id": "a", "name": "Ann Lee"}, "playerLight": {"id": "b", "name": "Bo Kim"}, "round": {"num": 1}},
               {"id": "g2", "playerDark": {"id": "BYE", "name": "BYE"}, "playerLight": {"id": "c", "name": "Cy Dunn"},
                "winner": {"id": "c", "name": "Cy Dunn"}, "round": {"num": 1}}"#,
        ),
    )
    .expect("write");
    let out = holonet(&["import", "saved"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    for (slug, games) in [("ryloth-open", 0), ("hoth-open", 1)] {
        let file = format!("events/2016/{slug}.toml");
        let toml = read(&site, &file);
        assert!(toml.contains("\nstopped = 2016-03-02\n"), "{toml}");
        assert!(!toml.contains("swiss_rounds"), "{toml}");
        assert_eq!(toml.matches("\n[[players]]\n").count(), 3, "{toml}");
        assert_eq!(toml.matches("\n[[rounds]]\n").count(), games, "{toml}");
        let out = holonet(&["status", &file], &site);
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("Stopped: the record ends on 2016-03-02"),
            "{}",
            printed(&out)
        );
        let before = read(&site, &file);
        let out = holonet(&["register", &file, "Di Vo"], &site);
        assert!(!out.status.success());
        assert!(
            printed(&out).contains("is a record that stops on 2016-03-02"),
            "{}",
            printed(&out)
        );
        assert_eq!(read(&site, &file), before);
    }
    let check = holonet(&["check"], &site);
    assert!(check.status.success(), "{}", printed(&check));
    assert!(
        printed(&check).contains("All good: 0 warning(s)"),
        "{}",
        printed(&check)
    );
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    for slug in ["ryloth-open", "hoth-open"] {
        let event = site.join("public/events/2016").join(slug);
        let page = std::fs::read_to_string(event.join("index.html")).expect("event page");
        assert!(page.contains(">Stopped</span>"), "{page}");
        assert!(page.contains("the record stops on 2 March 2016"), "{page}");
        assert!(!page.contains("is under way: <a"), "{page}");
        assert!(!event.join("pairings").exists(), "{slug}");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(event.join("event.json")).expect("json"))
                .expect("JSON");
        assert_eq!(json["event"]["status"], "stopped");
    }
    let home = std::fs::read_to_string(site.join("public/index.html")).expect("home");
    assert!(
        !home.contains("Upcoming") && !home.contains("Running now"),
        "{home}"
    );
}

/// The DIFF event's standings under `swccg-2008` equal the saved ones: every player's victory
/// points and differential, and the order wherever the software's keys (victory points, then
/// differential) decide it. Where the software left players level on both, the guide's
/// tiebreakers order them, so only the group is compared there.
#[test]
fn the_diff_event_has_the_saved_standings() {
    let (_dir, site) = site_with(&[DIFF_FILE]);
    let out = holonet(&["import", &format!("saved/{DIFF_FILE}")], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            site.join("public/events/2017/worlds-2017-consolation/event.json"),
        )
        .expect("event.json"),
    )
    .expect("JSON");
    let name_of = |id: &serde_json::Value| {
        json["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["id"] == *id))
            .and_then(|p| p["name"].as_str())
            .map(str::to_string)
            .expect("player")
    };
    let rows: Vec<(i64, i64, String)> = json["ccg"]["standings_by_game"]
        .as_array()
        .and_then(|games| games.last())
        .and_then(serde_json::Value::as_array)
        .expect("standings")
        .iter()
        .map(|r| {
            (
                r["victory_points"].as_i64().expect("vp"),
                r["differential"].as_i64().expect("differential"),
                name_of(&r["id"]),
            )
        })
        .collect();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture(DIFF_FILE)).expect("saved"))
            .expect("saved JSON");
    let mut expected: Vec<(i64, i64, String)> = saved["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            (
                p["vp"].as_i64().expect("vp"),
                p["diff"].as_i64().expect("diff"),
                p["name"].as_str().expect("name").trim().to_string(),
            )
        })
        .collect();
    assert_eq!(rows.len(), expected.len());
    // Same keys in the same order, row by row.
    let keys = |rows: &[(i64, i64, String)]| rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>();
    assert_eq!(keys(&rows), keys(&expected));
    // The same players within each group of equal keys.
    let mut got = rows.clone();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
}

/// `holonet standings` writes the scores as the pages do: victory points alone for an event in
/// the software's SOS mode, which records no differential, and `6(+28)` for one in DIFF mode.
#[test]
fn standings_in_the_terminal_show_a_differential_only_where_one_is_counted() {
    const SOS_FILE: &str = "272d7d14-5197-4568-9d10-1ff1281a9695.json";
    let (_dir, site) = site_with(&[SOS_FILE, DIFF_FILE]);
    for file in [SOS_FILE, DIFF_FILE] {
        let out = holonet(&["import", &format!("saved/{file}")], &site);
        assert!(out.status.success(), "{}", printed(&out));
    }
    let standings = |file: &str| {
        let out = holonet(&["standings", file], &site);
        assert!(out.status.success(), "{}", printed(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let sos = standings("events/2018/2018-us-nationals.toml");
    assert!(sos.contains("Tom Haid                14\n"), "{sos}");
    assert!(!sos.contains("(+") && !sos.contains("(-"), "{sos}");
    let diff = standings("events/2017/worlds-2017-consolation.toml");
    assert!(diff.contains("(+"), "{diff}");
}

/// A saved SOS event of five players where Eve entered at game 2 and the software gave her a
/// make-up bye beside her game-2 table (a second game of game 2 against the BYE), and Dee
/// the game's ordinary bye.
fn late_entry_event() -> String {
    let player = |id: &str, name: &str, vp: u32| {
        format!(r#"{{"id": "{id}", "name": "{name}", "status": "STATUS_ACTIVE", "vp": {vp}}}"#)
    };
    let game = |n: u32, id: &str, dark: (&str, &str), light: (&str, &str), winner: &str| {
        let (w, wn) = if winner == dark.0 { dark } else { light };
        format!(
            r#"{{"id": "{id}", "playerDark": {{"id": "{}", "name": "{}"}}, "playerLight": {{"id": "{}", "name": "{}"}},
     "winner": {{"id": "{w}", "name": "{wn}"}}, "vp": 2, "diff": 0, "round": {{"num": {n}}}}}"#,
            dark.0, dark.1, light.0, light.1
        )
    };
    let (ann, ben, cal, dee, eve, bye) = (
        ("p-ann", "Ann"),
        ("p-ben", "Ben"),
        ("p-cal", "Cal"),
        ("p-dee", "Dee"),
        ("p-eve", "Eve"),
        ("p-bye", "BYE"),
    );
    let players = [
        player(ann.0, ann.1, 4),
        player(eve.0, eve.1, 4),
        player(cal.0, cal.1, 2),
        player(dee.0, dee.1, 2),
        player(ben.0, ben.1, 0),
    ];
    let games = [
        game(1, "g1", ann, ben, ann.0),
        game(1, "g2", cal, dee, cal.0),
        game(2, "g3", ann, cal, ann.0),
        game(2, "g4", eve, ben, eve.0),
        game(2, "g5", bye, dee, dee.0),
        game(2, "g6", bye, eve, eve.0),
    ];
    format!(
        r#"{{"id": "late-cup", "name": "Late Cup", "mode": "SOS", "date": "2017-05-06T18:00:00.000Z",
  "players": [{}],
  "games": [{}],
  "rounds": [{{"num": 1, "active": false}}, {{"num": 2, "active": true}}]}}"#,
        players.join(",\n    "),
        games.join(",\n    ")
    )
}

/// A player the software first seated after game 1 is imported as a late entry (`late`), and
/// a second game of one game number against the BYE beside their table as a make-up bye,
/// which the standings count as the software did (a bye's 2 victory points) and the event
/// page names.
#[test]
fn a_late_entry_and_their_makeup_bye_import_as_the_software_counted_them() {
    let (_dir, site) = site_with(&[]);
    std::fs::write(site.join("saved/late.json"), late_entry_event()).expect("saved");
    let out = holonet(&["import", "saved/late.json"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let toml = read(&site, "events/2017/late-cup.toml");
    assert!(
        toml.contains("name = \"Eve\"\nid = \"eve\"\nlate = 2\n"),
        "{toml}"
    );
    assert_eq!(toml.matches("\nlate = ").count(), 1, "{toml}");
    assert!(
        toml.contains("byes = [\"dee\"]\nmakeup_byes = [\"eve\"]\n"),
        "{toml}"
    );
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let event = site.join("public/events/2017/late-cup");
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(event.join("event.json")).expect("event.json"),
    )
    .expect("JSON");
    assert_eq!(
        json["ccg"]["games"][1]["makeup_byes"],
        serde_json::json!(["eve"])
    );
    assert!(json["ccg"]["games"][0].get("makeup_byes").is_none());
    let points: Vec<(String, i64)> = json["ccg"]["standings_by_game"][1]
        .as_array()
        .expect("standings")
        .iter()
        .map(|r| {
            (
                r["id"].as_str().expect("id").to_string(),
                r["victory_points"].as_i64().expect("vp"),
            )
        })
        .collect();
    // The saved standings: Ann 4, Eve 4, Cal 2, Dee 2, Ben 0.
    let mut sorted = points.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [("ann", 4), ("ben", 0), ("cal", 2), ("dee", 2), ("eve", 4)]
            .map(|(id, vp)| (id.to_string(), vp))
    );
    // The make-up bye is on its game's page.
    let games: String = std::fs::read_dir(event.join("games"))
        .expect("the games' pages")
        .map(|game| {
            std::fs::read_to_string(game.expect("a game").path().join("index.html"))
                .expect("a game's page")
        })
        .collect();
    assert!(
        games.contains("Make-up bye (late entry), beside their table: <a href="),
        "{games}"
    );
    let check = holonet(&["check"], &site);
    assert!(check.status.success(), "{}", printed(&check));
}

const POLISH_NATIONALS: &str = "f70eb144-78aa-46c2-8f93-21b78891bd97.json";

/// A saved `MATCH_PLAY` top 8 of the players `seeds` (id and name from the Swiss file, seed 1
/// first), played the day after the Swiss games: the upper player wins every match but 4 v 5,
/// which seed 5 wins on lost cards, and 3 v 6, which seed 6 wins; seed 1 wins the final.
fn top_eight(seeds: &[(String, String)]) -> String {
    let player = |s: usize| serde_json::json!({ "id": seeds[s - 1].0, "name": seeds[s - 1].1 });
    let mut games = Vec::new();
    let mut game =
        |round: u32, dark: usize, light: usize, winner: usize, diff: u32, lost: [u32; 2]| {
            games.push(serde_json::json!({
                "id": format!("g{}", games.len() + 1),
                "playerDark": player(dark),
                "playerLight": player(light),
                "winner": player(winner),
                "diff": diff,
                "round": { "num": round },
                "darkLostCards": lost[0],
                "lightLostCards": lost[1],
            }));
        };
    game(1, 1, 8, 1, 10, [12, 30]);
    game(1, 8, 1, 1, 5, [25, 14]);
    game(1, 4, 5, 5, 3, [30, 20]);
    game(1, 5, 4, 4, 3, [25, 20]);
    game(1, 2, 7, 2, 7, [10, 20]);
    game(1, 7, 2, 2, 8, [20, 10]);
    game(1, 3, 6, 6, 4, [20, 10]);
    game(1, 6, 3, 6, 6, [10, 20]);
    game(2, 1, 5, 1, 11, [9, 30]);
    game(2, 5, 1, 1, 2, [30, 9]);
    game(2, 2, 6, 2, 1, [9, 30]);
    game(2, 6, 2, 2, 6, [30, 9]);
    game(3, 1, 2, 2, 4, [20, 18]);
    game(3, 2, 1, 1, 9, [22, 16]);
    serde_json::json!({
        "id": "polish-nationals-top-8",
        "name": "Polish Nationals Top 8",
        "mode": "MATCH_PLAY",
        "date": "2018-08-05T10:00:00.000Z",
        "lastUpdate": "2018-08-05T16:00:00.000Z",
        "players": (1..=8).map(player).collect::<Vec<_>>(),
        "games": games,
        "rounds": [{ "num": 1 }, { "num": 2 }, { "num": 3 }],
        "seedData": (1..=8).map(|s| serde_json::json!({ "seedNum": s, "playerId": seeds[s - 1].0 })).collect::<Vec<_>>(),
    })
    .to_string()
}

/// The Players Committee's two files of one event, the Swiss games and the `MATCH_PLAY` top 8,
/// import as one event: the Swiss file alone first, then again with `--top-cut`, which updates
/// it in place with `cut = 8`, the seeds as saved, the top 8's games with their lost cards and
/// the second day. The bracket then places the event: the top 8 by the round each player went
/// out in, the rest by the Swiss standings.
#[test]
fn the_swiss_file_and_its_top_eight_import_as_one_event() {
    let (_dir, site) = site_with(&[POLISH_NATIONALS]);
    let swiss = format!("saved/{POLISH_NATIONALS}");
    let out = holonet(&["import", &swiss], &site);
    assert!(out.status.success(), "{}", printed(&out));
    let file = "events/2018/polish-nationals.toml";
    assert!(site.join(file).exists(), "{}", printed(&out));
    // The top 8 as the Swiss standings give it, read from `holonet standings`.
    let standings = crate::common::run_ok(&site, &["standings", file]);
    let names: Vec<String> = standings
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let cells: Vec<&str> = l
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            cells[1].to_string()
        })
        .take(8)
        .collect();
    assert_eq!(names.len(), 8, "{standings}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture(POLISH_NATIONALS)).expect("saved"))
            .expect("json");
    let seeds: Vec<(String, String)> = names
        .iter()
        .map(|name| {
            let p = saved["players"]
                .as_array()
                .expect("players")
                .iter()
                .find(|p| p["name"] == name.as_str())
                .expect("a saved player");
            (p["id"].as_str().expect("id").to_string(), name.clone())
        })
        .collect();
    std::fs::write(site.join("saved/top-8.json"), top_eight(&seeds)).expect("top 8");
    let out = holonet(&["import", &swiss, "--top-cut", "saved/top-8.json"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    assert!(printed(&out).contains("Updated"), "{}", printed(&out));
    let written = read(&site, file);
    assert!(
        written.contains("\ncut = 8\nend_date = 2018-08-05\n"),
        "{written}"
    );
    assert!(written.contains("\n[top_cut]\nseeds = ["), "{written}");
    assert_eq!(written.matches(", lost_cards = ").count(), 14, "{written}");
    assert!(!written.contains("stopped"), "{written}");
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", printed(&out));
    assert!(
        !printed(&out).contains("seeds differ"),
        "the saved seeds are the standings': {}",
        printed(&out)
    );
    crate::common::run_ok(&site, &["build"]);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(site.join("public/events/2018/polish-nationals/event.json"))
            .expect("event.json"),
    )
    .expect("json");
    assert_eq!(json["event"]["status"], "finished", "{json}");
    let id_of = |seed: usize| {
        written
            .lines()
            .find(|l| l.starts_with("seeds = ["))
            .and_then(|l| l.split('"').nth(2 * seed - 1))
            .expect("a seed")
            .to_string()
    };
    let placings: Vec<(u64, String)> = json["placings"]
        .as_array()
        .expect("placings")
        .iter()
        .map(|p| {
            (
                p["place"].as_u64().expect("place"),
                p["id"].as_str().expect("id").to_string(),
            )
        })
        .collect();
    assert_eq!(
        placings[..8],
        [
            (1, id_of(1)),
            (2, id_of(2)),
            (3, id_of(5)),
            (3, id_of(6)),
            (5, id_of(3)),
            (5, id_of(4)),
            (5, id_of(7)),
            (5, id_of(8)),
        ]
    );
    assert_eq!(placings.len(), 11);
    assert_eq!(
        json["ccg"]["top_cut"]["matches"][1]["decided_by"],
        "lost_cards"
    );
}
