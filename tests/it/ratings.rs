//! The ratings end to end: the ratings page, a player's rating section and chart, the search
//! index's entries, the `[ratings]` switch, and a bad parameter reported at its place.

use std::fs;
use std::path::Path;

use crate::common::{build, copy_site, example_site, holonet, visible_text};
use serde_json::Value;

fn read(out: &Path, path: &str) -> String {
    fs::read_to_string(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn search(out: &Path) -> Value {
    serde_json::from_str(&read(out, "search.json")).expect("valid JSON")
}

#[test]
fn the_ratings_page_ranks_every_game_and_side_and_leaves_recorded_events_out() {
    let site = example_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let html = read(&out, "ratings/index.html");
    let text = visible_text(&html);
    for id in [
        "lcg-overall",
        "lcg-light",
        "lcg-dark",
        "ccg-overall",
        "ccg-dark",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
    }
    assert!(
        text.contains("1 event known only by its final standings is left out"),
        "{text}"
    );
    assert!(html.contains("href=\"/docs/ratings/\""));
    // Ranked highest first, every row linking to its player and last event: on `ratings/` the
    // players active in the two years up to the game's latest rated game, on the all-time page
    // everyone listed.
    let ratings_of = |html: &str| -> Vec<i64> {
        let table = &html[html.find("id=\"lcg-overall\"").expect("table")..];
        let table = &table[..table.find("</table>").expect("end")];
        assert!(table.contains("<a href=\"/players/"));
        assert!(table.contains("<a href=\"/events/"));
        table
            .split("data-label=\"Rating\" class=\"num\">")
            .skip(1)
            .map(|cell| {
                cell[..cell.find(|c: char| !c.is_ascii_digit()).expect("number")]
                    .parse()
                    .expect("a rating")
            })
            .collect()
    };
    let active = ratings_of(&html);
    assert!(active.windows(2).all(|w| w[0] >= w[1]), "{active:?}");
    assert!(
        text.contains("Active: a rated SW:LCG game from 2024-12 to 2026-11."),
        "{text}"
    );
    let all_time_page = read(&out, "ratings/lcg-overall/all/index.html");
    let all_time = ratings_of(&all_time_page);
    assert!(all_time.len() > 10, "{all_time:?}");
    assert!(all_time.windows(2).all(|w| w[0] >= w[1]), "{all_time:?}");
    assert!(active.len() < all_time.len(), "{active:?}");
    assert!(active.iter().all(|r| all_time.contains(r)));
    let inactive = all_time.len() - active.len();
    assert!(
        html.contains(&format!(
            "<a href=\"/ratings/lcg-overall/all/\">All time: {} players</a>, the {inactive} inactive among them",
            all_time.len()
        )),
        "{text}"
    );
    // In the navigation of every page, and the docs page is built.
    let home = read(&out, "index.html");
    assert!(home.contains("href=\"/ratings/\""));
    assert!(read(&out, "docs/ratings/index.html").contains("Glicko-2"));
}

#[test]
fn a_player_page_shows_ratings_with_an_accessible_history_chart() {
    let site = example_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let index = search(&out);
    // A listed player of more than one rating period, who has a history to draw.
    let (rated, html) = index["p"]
        .as_array()
        .expect("players")
        .iter()
        .filter(|p| p["g"]["lcg"].is_i64())
        .map(|p| {
            let id = p["i"].as_str().expect("id");
            (p, read(&out, &format!("players/{id}/index.html")))
        })
        .find(|(_, html)| html.contains("<svg class=\"chart chart-lines\""))
        .expect("a listed player with a history");
    let rating = rated["g"]["lcg"].as_i64().expect("rating");
    let section = &html[html
        .find("id=\"ratings-heading\"")
        .expect("a rating section")..];
    assert!(
        section.contains(&format!(
            "<th scope=\"row\">Overall<td data-label=\"Now\">{rating}"
        )),
        "the page and the index agree"
    );
    let svg = &section[section.find("<svg").expect("a chart")..];
    let svg = &svg[..svg.find("</svg>").expect("closed")];
    assert!(svg.contains("role=\"img\" aria-label=\""));
    assert!(svg.contains("<title>SW:LCG rating of "));
    assert!(svg.contains("<polyline class=\"chart-line\""));
    assert!(section.contains("rating history as a table</summary>"));
    // The search index names the ratings page.
    assert_eq!(index["g"], "ratings/");
}

#[test]
fn ratings_switched_off_leave_no_page_link_or_index_entry() {
    let site = copy_site(Path::new("tests/fixtures/sites/small"));
    let config = site.path().join("holonet.toml");
    let text = fs::read_to_string(&config).expect("config");
    fs::write(&config, format!("{text}\n[ratings]\nenabled = false\n")).expect("config");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    assert!(!out.join("ratings").exists());
    assert!(!read(&out, "index.html").contains("href=\"/ratings/\""));
    let index = search(&out);
    assert!(index.get("g").is_none());
    assert!(
        index["p"]
            .as_array()
            .expect("players")
            .iter()
            .all(|p| p.get("g").is_none())
    );
    // Switched on with a low threshold, the small fixture's players are listed.
    fs::write(&config, format!("{text}\n[ratings]\nmin_games = 1\n")).expect("config");
    build(site.path(), &out, None);
    let html = read(&out, "ratings/index.html");
    assert!(html.contains("<td class=\"card-title\"><a href=\"/players/"));
    let index = search(&out);
    assert!(
        index["p"]
            .as_array()
            .expect("players")
            .iter()
            .any(|p| p["g"]["lcg"].is_i64())
    );
}

#[test]
fn a_bad_rating_parameter_is_reported_at_its_line_and_column() {
    let site = copy_site(Path::new("tests/fixtures/sites/small"));
    let config = site.path().join("holonet.toml");
    let text = fs::read_to_string(&config).expect("config");
    fs::write(&config, format!("{text}\n[ratings]\ntau = 3.5\n")).expect("config");
    let line = text.lines().count() + 3;
    let run = holonet(&["build"], site.path());
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(&format!("holonet.toml:{line}:7")),
        "{stderr}"
    );
    assert!(
        stderr.contains("`ratings.tau` is 3.5, which is out of range"),
        "{stderr}"
    );
    assert!(stderr.contains("use a number from 0.1 to 2"), "{stderr}");
}
