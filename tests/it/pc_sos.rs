//! The Tournament Assistant's `SOS` standings (`swccg-pc-sos`) against the standings the
//! software saved in ten real events. Each fixture (made by `fixtures/pc-sos/make.py` from a
//! saved file) is the event file an import writes, with the saved standings beside it. One site
//! holds the ten; it is checked and built with the binary as an organizer runs it, and each
//! event's `event.json` must list the same players in the same order with the same values,
//! under the version of the program the event's date selects.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use crate::common::run_ok;

const FIXTURES: &str = "tests/it/fixtures/pc-sos";

/// The site with every fixture under `events/<year>/`, checked and built.
static SITE: LazyLock<tempfile::TempDir> = LazyLock::new(|| {
    let dir = tempfile::tempdir().expect("tempdir");
    run_ok(dir.path(), &["init", "site"]);
    let site = dir.path().join("site");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURES);
    for entry in std::fs::read_dir(&fixtures).expect("fixtures") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).expect("fixture");
            let folder = site.join("events").join(year(&text));
            std::fs::create_dir_all(&folder).expect("folder");
            std::fs::write(folder.join(path.file_name().expect("name")), text).expect("write");
        }
    }
    let checked = run_ok(&site, &["check"]);
    assert!(!checked.contains("error"), "{checked}");
    run_ok(&site, &["build"]);
    dir
});

fn year(event_file: &str) -> String {
    let line = event_file
        .lines()
        .find(|l| l.starts_with("date = "))
        .expect("a date");
    line["date = ".len().."date = YYYY".len()].to_string()
}

fn site() -> PathBuf {
    SITE.path().join("site")
}

/// A strength of schedule as `event.json` writes it: a whole number or an exact fraction.
fn value(text: &str) -> f64 {
    match text.split_once('/') {
        Some((n, d)) => {
            n.parse::<f64>().expect("numerator") / d.parse::<f64>().expect("denominator")
        }
        None => text.parse().expect("a number"),
    }
}

fn check(name: &str, version: &str) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURES);
    let text = std::fs::read_to_string(fixtures.join(format!("{name}.toml"))).expect("fixture");
    let expected: Vec<serde_json::Value> = serde_json::from_str(
        &std::fs::read_to_string(fixtures.join(format!("{name}.expected.json"))).expect("saved"),
    )
    .expect("JSON");
    let page = site().join("public/events").join(year(&text)).join(name);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(page.join("event.json")).expect("event.json"),
    )
    .expect("JSON");
    let rows = json["ccg"]["standings_by_game"]
        .as_array()
        .and_then(|s| s.last())
        .and_then(|r| r.as_array())
        .expect("final standings");
    assert_eq!(rows.len(), expected.len(), "{name}: rows");
    let sos_of = |r: &serde_json::Value| r["sos"]["strength_of_schedule"].as_str().map(value);
    for (i, (row, saved)) in rows.iter().zip(&expected).enumerate() {
        let at = format!("{name} row {}", i + 1);
        let sos = &row["sos"];
        assert_eq!(row["id"], saved["id"], "{at}: order");
        assert_eq!(row["victory_points"], saved["vp"], "{at}: vp");
        assert_eq!(
            row["score"],
            saved["vp"].to_string(),
            "{at}: score without differential"
        );
        assert!(row.get("differential").is_none(), "{at}: no differential");
        assert_eq!(sos["wins"], saved["wins"], "{at}: wins");
        assert_eq!(sos["losses"], saved["losses"], "{at}: losses");
        match (sos_of(row), saved["sos"].as_f64()) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{at}: sos {a} against {b}"),
            (a, b) => assert_eq!(a, b, "{at}: sos"),
        }
        let saved_or_null = |key: &str| saved.get(key).cloned().unwrap_or_default();
        assert_eq!(
            sos["adjusted_points"],
            saved_or_null("adjusted"),
            "{at}: adjusted"
        );
        assert_eq!(
            sos["tiebreaker"],
            saved_or_null("tiebreaker"),
            "{at}: tiebreaker"
        );
        assert_eq!(
            sos["opponents_sos"],
            saved_or_null("opponents_sos"),
            "{at}: opp. SOS"
        );
        if let Some(h2h) = saved.get("head_to_head") {
            let ours = sos["separated_by"] == "head_to_head";
            assert_eq!(&serde_json::Value::Bool(ours), h2h, "{at}: head to head");
        }
        if let Some(tie) = saved.get("true_tie") {
            // Absent when false.
            let ours = sos
                .get("true_tie")
                .unwrap_or(&serde_json::Value::Bool(false));
            assert_eq!(ours, tie, "{at}: true tie");
        }
    }
    // Where the program had no tiebreaker, rows level on points and strength of schedule
    // share a place, and only they do.
    if version == "sum" || version == "average" {
        for pair in rows.windows(2) {
            let level = pair[0]["victory_points"] == pair[1]["victory_points"]
                && sos_of(&pair[0]) == sos_of(&pair[1]);
            assert_eq!(
                pair[0]["rank"] == pair[1]["rank"],
                level,
                "{name}: {pair:?}"
            );
        }
    }
    // Results without a differential are never written as `+0`.
    let html = std::fs::read_to_string(page.join("index.html")).expect("page");
    assert!(
        !html.contains("(+0)") && !html.contains("(-0)"),
        "{name}: +0 shown"
    );
}

#[test]
fn worlds_2015_average_per_game() {
    check("worlds-2015-fab9232f", "average");
}

#[test]
fn worlds_2016_day_2_sum_of_adjusted_points() {
    check("worlds-2016-day-2-81e8cdf4", "sum");
}

#[test]
fn europeans_2016_sum_of_adjusted_points() {
    check("2016-europeans-d7839d26", "sum");
}

#[test]
fn texas_mini_worlds_2016_sum_of_adjusted_points() {
    check("texas-mini-worlds-2016-e2646ad3", "sum");
}

/// The last group (Beaubier and Sebring, 2 VP and 34) is never tie-broken: tied, in file order.
#[test]
fn endor_grand_prix_2017_drop_weakest_last_group_untouched() {
    check("2017-endor-grand-prix-29f7de7b", "drop");
}

#[test]
fn uk_regional_2017_drop_weakest() {
    check("uk-regional-2017-d3dabb66", "drop");
}

#[test]
fn nationals_2017_drop_weakest() {
    check("nationals-2017-734613dd", "drop");
}

/// Reid Smith and Chris Gogolen separate only after six of eight games are dropped.
#[test]
fn us_nationals_2018_drop_weakest() {
    check("2018-us-nationals-272d7d14", "drop");
}

#[test]
fn polish_nationals_2018_drop_weakest() {
    check("polish-nationals-f70eb144", "drop");
}

#[test]
fn head_to_head_and_true_tie_sample_opponents_sos() {
    check("headtoheadandtruetiesample-ea4959b7", "opponents");
}

/// A small `swccg-pc-sos` event: one game played, three more announced.
const SMALL: &str = r#"[event]
name = "Small"
date = 2019-03-02
rules = "swccg-pc-sos"
format = "constructed"
structure = "custom"
swiss_rounds = 4

[[players]]
name = "Ann"
[[players]]
name = "Bo"
[[players]]
name = "Cy"
[[players]]
name = "Di"
[[players]]
name = "Ed"

[[rounds]]
tables = [
  { table = 1, dark = "ann", light = "bo", winner = "ann", differential = 7 },
  { table = 2, dark = "cy", light = "di", winner = "di" },
]
byes = ["ed"]
"#;

fn small_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    run_ok(dir.path(), &["init", "site"]);
    let events = dir.path().join("site/events/2019");
    std::fs::create_dir_all(&events).expect("folder");
    std::fs::write(events.join("small.toml"), SMALL).expect("write");
    dir
}

/// A recorded differential is kept and shown with its game; a game without one shows victory
/// points only, and the standings count none.
#[test]
fn a_differential_is_optional_and_never_shown_as_plus_zero() {
    let dir = small_site();
    let site = dir.path().join("site");
    run_ok(&site, &["build"]);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(site.join("public/events/2019/small/event.json")).expect("json"),
    )
    .expect("JSON");
    let tables = &json["ccg"]["games"][0]["tables"];
    assert_eq!(tables[0]["scores"], serde_json::json!(["2(+7)", "0(-7)"]));
    assert_eq!(tables[1]["scores"], serde_json::json!(["0", "2"]));
    let rows = json["ccg"]["standings_by_game"][0]
        .as_array()
        .expect("rows");
    let ann = rows.iter().find(|r| r["id"] == "ann").expect("ann");
    assert_eq!(ann["score"], "2");
    assert!(ann.get("differential").is_none());
    let html = std::fs::read_to_string(site.join("public/events/2019/small/games/1/index.html"))
        .expect("the first game's page");
    assert!(
        !html.contains("(+0)"),
        "a bye or a win without differential shown as +0"
    );
    assert!(html.contains("2(+7)"));
}

/// `holonet pair` pairs game 2 as the Tournament Assistant does: the bye to the fewest points
/// (Bo or Cy, 0), everyone switching allegiance, and Ed, back from his bye, in the shorter
/// pile.
#[test]
fn pair_writes_the_next_game_by_the_softwares_pairing() {
    let dir = small_site();
    let site = dir.path().join("site");
    let printed = run_ok(&site, &["pair", "events/2019/small.toml"]);
    assert!(printed.contains("Game 2"), "{printed}");
    let text = std::fs::read_to_string(site.join("events/2019/small.toml")).expect("file");
    let game2 = &text[text.rfind("[[rounds]]").expect("game 2")..];
    assert!(
        game2.contains(r#"byes = ["bo"]"#) || game2.contains(r#"byes = ["cy"]"#),
        "{game2}"
    );
    assert_eq!(game2.matches("dark = ").count(), 2, "{game2}");
    assert!(game2.contains(r#"light = "ann""#), "{game2}");
    assert!(game2.contains(r#"dark = "di""#), "{game2}");
    assert!(game2.contains(r#""ed""#), "{game2}");
}

/// No page of the site (event pages, player pages, head to head, ratings, statistics) writes a
/// result or a score of these events with a differential they never recorded; only the 2008
/// guide's rules page speaks of `2(+0)`.
#[test]
fn no_page_shows_a_differential_that_was_not_recorded() {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("folder") {
            let path = entry.expect("entry").path();
            if path.ends_with("public/rules") {
                continue;
            }
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "html" || e == "json") {
                let text = std::fs::read_to_string(&path).expect("page");
                if text.contains("(+0)") || text.contains("(-0)") {
                    found.push(path);
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(&site().join("public"), &mut found);
    assert!(found.is_empty(), "{found:?}");
}

/// `holonet report` takes the winner alone, and writes no differential.
#[test]
fn report_takes_the_winner_alone() {
    let dir = small_site();
    let site = dir.path().join("site");
    let file = site.join("events/2019/small.toml");
    let mut text = std::fs::read_to_string(&file).expect("file");
    text.push_str("\n[[rounds]]\ntables = [\n  { table = 1, dark = \"bo\", light = \"ed\" },\n  { table = 2, dark = \"di\", light = \"ann\" },\n]\nbyes = [\"cy\"]\n");
    std::fs::write(&file, text).expect("write");
    run_ok(&site, &["report", "events/2019/small.toml", "1", "ed"]);
    run_ok(&site, &["report", "events/2019/small.toml", "2", "ann+4"]);
    let text = std::fs::read_to_string(&file).expect("file");
    assert!(
        text.contains(r#"{ table = 1, dark = "bo", light = "ed", winner = "ed" }"#),
        "{text}"
    );
    assert!(
        text.contains(r#"winner = "ann", differential = 4 }"#),
        "{text}"
    );
}

/// `holonet audit` judges these events by the Tournament Assistant's pairing, not the guide's
/// piles: game 2 written by `holonet pair` is as Holonet pairs it; a player kept on the same
/// allegiance breaks its rule.
#[test]
fn audit_judges_by_the_softwares_pairing() {
    let dir = small_site();
    let site = dir.path().join("site");
    run_ok(&site, &["pair", "events/2019/small.toml"]);
    let printed = run_ok(&site, &["audit", "events/2019/small.toml"]);
    assert!(printed.contains("Game 2  as Holonet pairs it"), "{printed}");
    let file = site.join("events/2019/small.toml");
    let mut text = std::fs::read_to_string(&file).expect("file");
    let cut = text.rfind("[[rounds]]").expect("game 2");
    text.truncate(cut);
    // Ann played Dark in game 1 and plays Dark again.
    text.push_str("[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"di\" },\n  { table = 2, dark = \"ed\", light = \"cy\" },\n]\nbyes = [\"bo\"]\n");
    std::fs::write(&file, text).expect("write");
    let out = crate::common::holonet(&["audit", "events/2019/small.toml"], &site);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("Ann plays the allegiance of the game before again"),
        "{said}"
    );
}
