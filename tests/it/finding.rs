//! Finding yourself on a long page: every list of more than 16 rows that players scan for their
//! name (an event's standings, or its players table before there are any; a round's tables; the
//! decklists page's contents) has a find box over it, and a shorter one has none; each box names
//! a list whose rows say what they are found by; the script comes with the box, once, and never
//! without one. Built from a generated archive (events of 12 to 254 players) and the example
//! site, the way an organizer builds it.

use std::fs;
use std::path::Path;

use crate::common::{holonet, holonet_bench};

/// Above this many rows a list has a find box (`finder` in templates/macros.html).
const LONGEST_WITHOUT_A_BOX: usize = 16;

/// The rows of the list whose body has `id`: its children that carry a `data-name`, counted
/// up to the body's end.
fn rows_of(html: &str, id: &str) -> Option<usize> {
    let start = html.find(&format!(" id=\"{id}\""))?;
    let body = &html[start..];
    let end = ["</tbody>", "</ol>"]
        .iter()
        .filter_map(|close| body.find(close))
        .min()
        .expect("the list closes");
    Some(body[..end].matches(" data-name=\"").count())
}

/// The ids of the lists a page's find boxes filter.
fn finders(html: &str) -> Vec<String> {
    html.split("<div class=\"finder screen-only\" hidden>")
        .skip(1)
        .map(|finder| {
            let controls = finder
                .split("aria-controls=\"")
                .nth(1)
                .expect("the box names its list");
            controls[..controls.find('"').expect("quoted")].to_string()
        })
        .collect()
}

/// Checks one page: every box filters a list of rows that exists, long enough to need it
/// (`always` pages have one whatever the length); the script is loaded once where there is a
/// box and never elsewhere. Returns the ids of the page's boxes.
fn check_page(path: &Path, html: &str, always: bool) -> Vec<String> {
    let shown = path.display();
    let boxes = finders(html);
    for id in &boxes {
        let rows = rows_of(html, id).unwrap_or_else(|| panic!("{shown}: no list #{id}"));
        assert!(rows > 0, "{shown}: #{id} has no rows to find");
        assert!(
            always || rows > LONGEST_WITHOUT_A_BOX,
            "{shown}: a box over {rows} rows"
        );
    }
    let scripts = html.matches("find.js\" defer></script>").count();
    assert_eq!(scripts, boxes.len(), "{shown}: one script per box");
    assert!(boxes.len() <= 1, "{shown}: {boxes:?}");
    boxes
}

fn pages(out: &Path) -> Vec<(std::path::PathBuf, String)> {
    walkdir::WalkDir::new(out)
        .sort_by_file_name()
        .into_iter()
        .map(|entry| entry.expect("walk").into_path())
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
        .map(|path| {
            let html = fs::read_to_string(&path).expect("read");
            (path, html)
        })
        .collect()
}

#[test]
fn every_long_list_players_scan_has_a_find_box_and_no_short_one_has() {
    let dir = tempfile::tempdir().expect("tempdir");
    let generated = holonet_bench(
        &[
            "generate-archive",
            "--events",
            "6",
            "--seed",
            "3",
            "--out",
            "site",
            "--mix",
            "bench",
        ],
        dir.path(),
    );
    assert!(generated.status.success());
    let site = dir.path().join("site");
    let built = holonet(&["build"], &site);
    assert!(built.status.success(), "{:?}", built);
    let out = site.join("public");
    let (mut event_boxes, mut round_boxes, mut deck_boxes) = (0, 0, 0);
    for (path, html) in pages(&out) {
        let boxes = check_page(&path, &html, false);
        let rel = path.strip_prefix(&out).expect("inside").to_string_lossy();
        let rel = rel.replace('\\', "/");
        let shown = path.display();
        // The lists players scan: a round's tables, the decklists' contents, an event's
        // standings. A long one has its box.
        let long = |id: &str| rows_of(&html, id).is_some_and(|n| n > LONGEST_WITHOUT_A_BOX);
        if rel.contains("/rounds/") {
            assert_eq!(long("round-rows"), boxes == ["round-rows"], "{shown}");
            round_boxes += boxes.len();
        } else if rel.ends_with("/decks/index.html") {
            assert_eq!(long("deck-rows"), boxes == ["deck-rows"], "{shown}");
            deck_boxes += boxes.len();
        } else if rel.starts_with("events/") && html.contains("id=\"standings-rows\"") {
            assert_eq!(
                long("standings-rows"),
                boxes == ["standings-rows"],
                "{shown}"
            );
            event_boxes += boxes.len();
        }
    }
    // The bench mix runs from 16 to 256 players: some lists of each kind are long.
    assert!(event_boxes >= 3, "{event_boxes} event pages with a box");
    assert!(round_boxes >= 10, "{round_boxes} round pages with a box");
    assert!(deck_boxes >= 3, "{deck_boxes} decklists pages with a box");
}

/// The example site: the current round's pairings page always has its box (a player looks for
/// their table there, however few tables); the 24-player regional's standings have one, each
/// row found by the player's name.
#[test]
fn the_current_round_always_has_a_box_and_a_long_standings_one() {
    let site = crate::common::example_site();
    let root = site.path();
    let built = holonet(&["build"], root);
    assert!(built.status.success(), "{:?}", built);
    let out = root.join("public");
    let pairings = out.join("events/2026/corellia-spring-open/pairings/index.html");
    let html = fs::read_to_string(&pairings).expect("pairings");
    assert_eq!(check_page(&pairings, &html, true), ["by-name-rows"]);
    assert!(html.contains("data-advice=\"Check the spelling, or ask the organizer.\"",));
    let event = out.join("events/2019/coruscant-regional/index.html");
    let html = fs::read_to_string(&event).expect("event page");
    assert_eq!(check_page(&event, &html, false), ["standings-rows"]);
    assert_eq!(rows_of(&html, "standings-rows"), Some(24));
    assert!(
        html.contains(
            "<label for=\"find-standings-rows\">Find in the standings: type a name</label>"
        )
    );
    for (path, html) in pages(&out) {
        let always = path == pairings;
        check_page(&path, &html, always);
    }
}
