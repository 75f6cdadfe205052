//! Events as old archives keep them: final standings that list only the top of a larger field,
//! with the seeds and the final when the archive has them, and decklists recorded by their
//! affiliation alone, spelt as each archive spelt it. Each test builds or checks a site the way
//! an organizer does, with `holonet` in the site's folder.

use std::fs;
use std::path::Path;

use crate::common::{holonet, visible_text};
use serde_json::Value;

/// A top 4 of 48 (2013), with seeds and the final, and a later event of four players (2014) so
/// the statistics have two years. Ann and Bo list their light decks by affiliation alone, spelt
/// two ways; Cy's dark deck names a light affiliation.
const HOTH_2013: &str = r#"[event]
name = "Hoth Regional 2013"
date = 2013-11-09
rules = "ffg-2014"
field_size = 48

[[players]]
name = "Ann Ekberg"
id = "ann"

[players.decks.light]
affiliation = "Smugglers & Spies"

[[players]]
name = "Bo Lind"
id = "bo"

[players.decks.light]
affiliation = "smugglers and spies"

[[players]]
name = "Cy Moss"
id = "cy"

[players.decks.dark]
affiliation = "Jedi"

[[players]]
name = "Di Vale"
id = "di"

[[standings]]
rank = 1
player = "ann"
seed = 2
final_result = "won"

[[standings]]
rank = 2
player = "bo"
seed = 1
final_result = "lost"

[[standings]]
rank = 3
player = "cy"
seed = 3

[[standings]]
rank = 4
player = "di"
seed = 4
"#;

const ENDOR_2014: &str = r#"[event]
name = "Endor Open 2014"
date = 2014-03-01
rules = "ffg-2014"

[[players]]
name = "Ann Ekberg"
id = "ann"

[[players]]
name = "Eve Dorn"
id = "eve"

[[standings]]
rank = 1
player = "eve"

[[standings]]
rank = 2
player = "ann"
"#;

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        fs::write(path, text).expect("write");
    };
    write("holonet.toml", "title = \"Hoth Archive\"\n");
    write("events/2013/hoth-regional.toml", HOTH_2013);
    write("events/2014/endor-open.toml", ENDOR_2014);
    dir
}

fn printed(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    )
}

fn page(root: &Path, path: &str) -> String {
    visible_text(&fs::read_to_string(root.join("public").join(path)).expect(path))
}

/// A top 4 of 48 is 48 players wherever players are counted (the event page, the events index,
/// a player's place, the players per year), with its seeds and final shown and published, and
/// nothing in the ratings: the event still records no game.
#[test]
fn a_top_four_of_forty_eight_counts_forty_eight_players_and_shows_its_seeds_and_final() {
    let dir = site();
    let root = dir.path();
    let out = holonet(&["build"], root);
    assert!(out.status.success(), "{}", printed(&out));

    let event = page(root, "events/2013/hoth-regional/index.html");
    assert!(event.contains("· 48 players"), "{event}");
    assert!(
        event.contains("The top 4 of 48 players, as recorded."),
        "{event}"
    );
    assert!(event.contains("Final: Ann Ekberg beat Bo Lind"), "{event}");
    assert!(event.contains("Rank Player Seed"), "{event}");
    assert!(
        event.contains("1 Ann Ekberg decklists of Ann Ekberg 2"),
        "{event}"
    );

    let index = page(root, "events/index.html");
    assert!(index.contains("48"), "{index}");
    let ann = page(root, "players/ann/index.html");
    assert!(ann.contains("1st of 48"), "{ann}");
    // The other event counts its registered players, as before.
    assert!(ann.contains("2nd of 2"), "{ann}");

    let doc: Value = serde_json::from_str(
        &fs::read_to_string(root.join("public/events/2013/hoth-regional/event.json"))
            .expect("event.json"),
    )
    .expect("json");
    assert_eq!(doc["event"]["field_size"], 48);
    let rows = doc["recorded_standings"].as_array().expect("rows");
    let facts: Vec<(&str, &Value, &Value)> = rows
        .iter()
        .map(|r| (r["id"].as_str().unwrap(), &r["seed"], &r["final_result"]))
        .collect();
    assert_eq!(facts[0], ("ann", &Value::from(2), &Value::from("won")));
    assert_eq!(facts[1], ("bo", &Value::from(1), &Value::from("lost")));
    assert_eq!(facts[3], ("di", &Value::from(4), &Value::Null));

    let stats = page(root, "stats/index.html");
    assert!(
        stats.contains("2013 1 48"),
        "players per year count the field: {stats}"
    );
    assert!(stats.contains("2014 1 2"), "{stats}");

    let ratings = page(root, "ratings/index.html");
    assert!(
        ratings.contains("2 events known only by their final standings are left out"),
        "{ratings}"
    );
}

/// Two spellings of Smugglers and Spies are one affiliation in the statistics and on the pages,
/// named as the game prints it; a dark deck listed as "Jedi" is warned about at its
/// `affiliation` line, and `check` still passes (a deck warning never refuses the results).
#[test]
fn decks_recorded_by_affiliation_alone_are_checked_and_counted_as_one() {
    let dir = site();
    let root = dir.path();
    let out = holonet(&["check"], root);
    let said = printed(&out);
    assert!(out.status.success(), "{said}");
    let warnings: Vec<&str> = said
        .split("\n\n")
        .filter(|d| d.starts_with("warning[H016]"))
        .collect();
    assert_eq!(warnings.len(), 1, "{said}");
    let line = HOTH_2013
        .lines()
        .position(|l| l == "affiliation = \"Jedi\"")
        .expect("the line")
        + 1;
    assert!(
        warnings[0].contains(
            "cy's dark deck names the affiliation Jedi, which is a light side affiliation"
        ),
        "{said}"
    );
    assert!(
        warnings[0].contains(&format!("--> events/2013/hoth-regional.toml:{line}:15")),
        "at the affiliation's value: {said}"
    );

    let out = holonet(&["build"], root);
    assert!(out.status.success(), "{}", printed(&out));
    let stats = page(root, "stats/index.html");
    assert!(stats.contains("Smugglers and Spies 2"), "{stats}");
    assert!(!stats.contains("Smugglers & Spies"), "{stats}");
    let decks = page(root, "events/2013/hoth-regional/decks/index.html");
    assert!(!decks.contains("smugglers and spies"), "{decks}");
}
