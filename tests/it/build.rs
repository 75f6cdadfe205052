//! End-to-end builds of fixture sites: computed standings in event.json, links that resolve
//! (also under a sub-path base URL), determinism, untouched output on failure, and no rewrites
//! on an unchanged rebuild.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::common;

use crate::common::links::{assert_links_resolve, tree};
use crate::common::{build, copy_site, visible_text};
use holonet::site;
use serde_json::Value;

fn small_site() -> tempfile::TempDir {
    copy_site(Path::new("tests/fixtures/sites/small"))
}

fn json(out: &Path, slug: &str) -> Value {
    let text =
        fs::read_to_string(out.join("events").join(slug).join("event.json")).expect("event.json");
    serde_json::from_str(&text).expect("valid JSON")
}

/// The fixture's standings after round 2, computed by hand in the fixture's header comment.
#[test]
fn event_json_carries_hand_computed_standings() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2019/small-cup");
    assert_eq!(doc["format"], 4);
    assert_eq!(doc["event"]["status"], "running");
    assert_eq!(doc["pending_round"], 3);
    assert!(
        doc.get("standings").is_none(),
        "the latest standings are the last entry of standings_by_round"
    );
    // The standings after each round, in rows of values under named columns.
    let by_round = doc["standings_by_round"].as_array().expect("by round");
    assert_eq!(by_round.len(), 2);
    let last = &by_round[1];
    assert_eq!(last["after_round"], 2);
    assert_eq!(
        last["columns"],
        serde_json::json!([
            "rank",
            "id",
            "points",
            "wins",
            "losses",
            "draws",
            "byes",
            "rounds_played",
            "sos",
            "esos",
            "random",
            "decided_by"
        ])
    );
    let rows = common::event_json::standings(&doc);
    let got: Vec<(String, u64, String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["id"].as_str().expect("id").to_string(),
                r["points"].as_u64().expect("points"),
                r["sos"].as_str().expect("sos").to_string(),
                r["esos"].as_str().expect("esos").to_string(),
            )
        })
        .collect();
    let expected = [
        ("eve", 9, "9/2", "15/4"),
        ("ana", 9, "15/4", "31/8"),
        ("dee", 7, "2", "13/4"),
        ("ben", 6, "13/4", "7/2"),
        ("cy", 4, "13/4", "21/8"),
    ];
    let expected: Vec<(String, u64, String, String)> = expected
        .iter()
        .map(|(a, b, c, d)| (a.to_string(), *b, c.to_string(), d.to_string()))
        .collect();
    assert_eq!(
        got, expected,
        "fin withdrew before round 1 and is not ranked"
    );
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[1]["decided_by"], "sos");
    assert_eq!(rows[0]["byes"], 1);
    assert_eq!(rows[0]["rounds_played"], 2);
    assert!(rows[0]["random"].is_u64());
    assert_eq!(
        last["rows"][0].as_array().expect("a row is a list").len(),
        11,
        "the first row's trailing null (decided_by) is left out"
    );
    // The opponents met are in the rounds: eve's only opponent is ana, and a bye is not one.
    let opponents: Vec<Value> = (1..=2)
        .flat_map(|round| common::event_json::tables(&doc, round))
        .filter_map(|t| {
            let seated = t["players"].as_array().expect("players").clone();
            let seat = seated.iter().position(|p| p == "eve")?;
            Some(seated[1 - seat].clone())
        })
        .collect();
    assert_eq!(opponents, ["ana"]);
    assert!(
        (0..2).any(|i| doc["rounds"][i]["byes"]
            .as_array()
            .is_some_and(|b| b.contains(&Value::from("eve")))),
        "eve had a bye"
    );
    let round2 = common::event_json::tables(&doc, 2);
    assert_eq!(round2[0]["result"], "split");
    assert_eq!(round2[0]["points"], serde_json::json!([3, 3]));
    // The round's page says so where games would be, in words, and nothing of its template.
    let page = fs::read_to_string(out.join("events/2019/small-cup/rounds/2/index.html"))
        .expect("round 2's page");
    assert!(page.contains("<td>Split by agreement<"), "{page}");
    assert!(!page.contains("%}"), "{page}");
    let round3 = common::event_json::tables(&doc, 3);
    assert_eq!(round3[0]["points"], Value::Null);
    assert_eq!(round3[0]["result"], "pending");
    assert!(doc.get("placings").is_none());
}

#[test]
fn event_page_shows_the_standings_and_is_linked_from_home() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let home = fs::read_to_string(out.join("index.html")).expect("home");
    assert!(
        home.contains("href=\"/events/\""),
        "home links to the events index"
    );
    let index = fs::read_to_string(out.join("events/index.html")).expect("events index");
    assert!(
        index.contains("href=\"/events/2019/small-cup/\""),
        "events index links to the event"
    );
    let page =
        fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("event page");
    for text in [
        "Small Cup",
        "Eve Tanaka",
        "Ana Lind",
        "2.625",
        "3.750",
        "Round 3",
    ] {
        assert!(page.contains(text), "event page shows {text}");
    }
    // The page rounds a tiebreaker to three decimals; event.json has its exact fraction.
    assert!(
        !page.contains("15/4"),
        "the page leaves exact fractions to event.json"
    );
    let json = fs::read_to_string(out.join("events/2019/small-cup/event.json")).expect("json");
    assert!(
        json.contains("\"15/4\""),
        "event.json has the exact fraction"
    );
    let eve = page.find("Eve Tanaka").expect("eve");
    let cy = page.find("Cy Marrow").expect("cy");
    assert!(eve < cy, "the leader is listed before the last");
    for path in [
        "sitemap.xml",
        "robots.txt",
        "404.html",
        "style.css",
        "rules/ffg-2018/index.html",
        "docs/event-json/index.html",
        "docs/decklists/index.html",
    ] {
        assert!(out.join(path).is_file(), "{path} is written");
    }
    let sitemap = fs::read_to_string(out.join("sitemap.xml")).expect("sitemap");
    assert!(sitemap.contains("<loc>https://fixture.example/events/2019/small-cup/</loc>"));
    assert!(!sitemap.contains("404"));
}

#[test]
fn same_input_gives_byte_identical_output() {
    let site = small_site();
    let a = site.path().join("out-a");
    let b = site.path().join("out-b");
    build(site.path(), &a, None);
    build(site.path(), &b, None);
    assert_eq!(tree(&a), tree(&b));
    // And the example archive in the repository.
    let example = copy_site(Path::new("."));
    let c = example.path().join("out-c");
    let d = example.path().join("out-d");
    build(example.path(), &c, None);
    build(example.path(), &d, None);
    let (c, d) = (tree(&c), tree(&d));
    for file in ["feed.xml", "calendar.ics"] {
        assert!(c.contains_key(Path::new(file)), "{file} is written");
    }
    assert_eq!(c, d);
}

#[test]
fn unchanged_rebuild_rewrites_nothing() {
    let site = small_site();
    let out = site.path().join("public");
    let first = build(site.path(), &out, None);
    assert_eq!(first.write.unchanged, 0);
    let times: BTreeMap<PathBuf, std::time::SystemTime> = tree(&out)
        .keys()
        .map(|p| {
            (
                p.clone(),
                fs::metadata(out.join(p))
                    .and_then(|m| m.modified())
                    .expect("mtime"),
            )
        })
        .collect();
    let second = build(site.path(), &out, None);
    assert_eq!((second.write.written, second.write.removed), (0, 0));
    assert_eq!(second.write.unchanged, first.files);
    for (path, time) in times {
        assert_eq!(
            fs::metadata(out.join(&path))
                .and_then(|m| m.modified())
                .expect("mtime"),
            time,
            "{}",
            path.display()
        );
    }
}

#[test]
fn a_removed_event_is_removed_from_the_output() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    assert!(out.join("events/2019/small-cup/index.html").is_file());
    fs::remove_file(site.path().join("events/2019/small-cup.toml")).expect("rm");
    let stats = build(site.path(), &out, None);
    assert!(stats.write.removed >= 2);
    assert!(!out.join("events/2019").exists());
}

#[test]
fn a_failed_build_leaves_the_previous_site_untouched() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let before = tree(&out);
    let times: Vec<_> = before
        .keys()
        .map(|p| {
            fs::metadata(out.join(p))
                .and_then(|m| m.modified())
                .expect("mtime")
        })
        .collect();
    // One valid change and one error: nothing at all may be written.
    let event = site.path().join("events/2019/small-cup.toml");
    let text = fs::read_to_string(&event).expect("read");
    fs::write(
        &event,
        text.replace("name = \"Small Cup\"", "name = \"Small Cup II\"")
            .replace("[\"cy\", \"dee\"]", "[\"cy\", \"zed\"]"),
    )
    .expect("write");
    let report = site::build(site.path(), &out, None).expect_err("the build fails");
    let rendered = report.render();
    assert!(
        rendered.contains("events/2019/small-cup.toml:"),
        "{rendered}"
    );
    assert!(
        rendered.contains("`zed` at this table is not a registered player"),
        "{rendered}"
    );
    assert_eq!(tree(&out), before);
    let after: Vec<_> = before
        .keys()
        .map(|p| {
            fs::metadata(out.join(p))
                .and_then(|m| m.modified())
                .expect("mtime")
        })
        .collect();
    assert_eq!(times, after);
}

#[test]
fn a_template_error_also_keeps_the_previous_site() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let before = tree(&out);
    fs::create_dir_all(site.path().join("templates")).expect("mkdir");
    fs::write(
        site.path().join("templates/event.html"),
        "{% extends \"base.html\" %}{% block content %}{{ event.nope.deeper }}{% endblock %}",
    )
    .expect("write");
    let report = site::build(site.path(), &out, None).expect_err("the build fails");
    assert!(
        report.render().contains("templates/event.html"),
        "{}",
        report.render()
    );
    assert_eq!(tree(&out), before);
}

#[test]
fn every_link_resolves_under_a_sub_path_base_url() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(
        site.path(),
        &out,
        Some("https://example.github.io/archive/"),
    );
    let checked = assert_links_resolve(&out, "/archive/");
    assert!(checked > 50, "only {checked} links checked");
    let files = tree(&out);
    for (path, bytes) in &files {
        let text = String::from_utf8_lossy(bytes);
        for absolute in text.match_indices("https://example.github.io/") {
            let rest = &text[absolute.0..];
            assert!(
                rest.starts_with("https://example.github.io/archive/"),
                "{} has an address outside the base",
                path.display()
            );
        }
    }
    let sitemap = String::from_utf8(files[Path::new("sitemap.xml")].clone()).expect("utf-8");
    assert!(sitemap.contains("<loc>https://example.github.io/archive/events/</loc>"));
}

#[test]
fn a_site_without_its_own_pages_has_no_dead_links() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    assert!(assert_links_resolve(&out, "/") > 20);
}

/// The example store championship's final Swiss standings, worked out by hand from the file
/// (points and strength of schedule; only the three players on 10 need a tiebreaker).
#[test]
fn example_store_championship_final_standings() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2018/outer-rim-store-championship");
    assert_eq!(
        doc["event"]["swiss_rounds"], 4,
        "basic structure, 13 players"
    );
    assert_eq!(doc["event"]["cut"], 4);
    assert_eq!(doc["event"]["status"], "finished");
    let rows = common::event_json::standings(&doc);
    let name = |id: &Value| {
        doc["players"]
            .as_array()
            .expect("players")
            .iter()
            .find(|p| p["id"] == *id)
            .and_then(|p| p["name"].as_str())
            .expect("a ranked player is registered")
            .to_string()
    };
    let got: Vec<(String, u64, String)> = rows
        .iter()
        .map(|r| {
            (
                name(&r["id"]),
                r["points"].as_u64().expect("points"),
                r["sos"].as_str().expect("sos").to_string(),
            )
        })
        .collect();
    let expected = [
        ("Siobhán Kearney", 19, "53/16"),
        ("Ingrid Solberg", 18, "53/16"),
        ("Zoë Achterberg", 17, "51/16"),
        ("Hana Dvořáková", 15, "13/4"),
        ("Jürgen Falkenrath", 14, "53/16"),
        ("Élodie Marchand", 11, "109/48"),
        ("Priya Raman", 10, "11/3"),
        ("Brennan Holt", 10, "145/48"),
        ("Aiko Tanabe", 10, "23/8"),
        ("Kwame Asante-Boateng", 9, "13/4"),
        ("Mateo Quiroga", 7, "65/24"),
        ("Yusuf Demir", 4, "7/3"),
        ("Nikolai Petrov", 0, "5/2"),
    ];
    let expected: Vec<(String, u64, String)> = expected
        .iter()
        .map(|(n, p, s)| (n.to_string(), *p, s.to_string()))
        .collect();
    assert_eq!(got, expected);
    // The top 4, played to the end: Zoë wins the upper bracket and the final at once.
    let ids = |v: &Value| -> Vec<String> {
        v.as_array()
            .expect("list")
            .iter()
            .map(|p| p["id"].as_str().expect("id").to_string())
            .collect()
    };
    assert_eq!(
        ids(&doc["placings"]),
        vec![
            "zoe-achterberg",
            "siobhan-kearney",
            "ingrid-solberg",
            "hana-dvorakova"
        ]
    );
    let games = doc["elimination"]["games"].as_array().expect("games");
    let game3 = &games[2];
    assert_eq!(
        game3["players"],
        serde_json::json!(["siobhan-kearney", "zoe-achterberg"])
    );
    assert_eq!(
        game3["dark"], "zoe-achterberg",
        "each plays the side played fewer times"
    );
    assert_eq!(
        game3["decision"],
        serde_json::json!({ "time": { "light": 170, "dark": 173, "per_point": 2 } })
    );
    assert_eq!(game3["winner"], "zoe-achterberg");
    assert_eq!(
        games[6].get("needed"),
        None,
        "the upper finalist won the final"
    );
    assert_eq!(doc["elimination"]["champion"], "zoe-achterberg");
    let upcoming = json(&out, "2026/kessel-run-regional");
    assert_eq!(upcoming["event"]["status"], "upcoming");
    assert!(upcoming.get("standings_by_round").is_none());
    assert!(upcoming.get("rounds").is_none());
}

#[test]
fn a_theme_overrides_templates_and_static_files() {
    let site = small_site();
    let theme = site.path().join("themes/plain");
    fs::create_dir_all(theme.join("templates")).expect("mkdir");
    fs::create_dir_all(theme.join("static")).expect("mkdir");
    fs::write(
        theme.join("templates/events.html"),
        "{% extends \"base.html\" %}{% block content %}<h1>Plain index</h1>{% endblock content %}",
    )
    .expect("template");
    fs::write(theme.join("static/style.css"), "body { color: black; }\n").expect("css");
    let config = site.path().join("holonet.toml");
    let text = fs::read_to_string(&config).expect("config");
    fs::write(&config, format!("{text}theme = \"plain\"\n")).expect("config");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let index = fs::read_to_string(out.join("events/index.html")).expect("index");
    assert!(
        index.contains("<h1>Plain index</h1>"),
        "the theme's template wins"
    );
    assert!(
        index.contains("<footer"),
        "the built-in base template still applies"
    );
    assert_eq!(
        fs::read_to_string(out.join("style.css")).expect("css"),
        "body { color: black; }\n"
    );
    // A theme that does not exist is an error naming the configuration.
    fs::write(&config, format!("{text}theme = \"missing\"\n")).expect("config");
    let report = site::build(site.path(), &out, None).expect_err("no such theme");
    assert!(
        report
            .render()
            .contains("theme `missing` is not in themes/"),
        "{}",
        report.render()
    );
}

#[test]
fn text_from_event_files_cannot_inject_markup() {
    let site = small_site();
    let event = site.path().join("events/2019/small-cup.toml");
    let text = fs::read_to_string(&event).expect("read");
    let hostile = text
        .replace("name = \"Small Cup\"", "name = \"Cup <script>alert(1)</script>\"\ndescription = \"Hi <img src=x onerror=alert(1)> [x](javascript:alert(2))\"\nvenue = \"\\\" onmouseover=\\\"alert(3)\"")
        .replace("name = \"Ana Lind\"", "name = \"<b onclick=alert(4)>Ana</b>\"");
    fs::write(&event, hostile).expect("write");
    fs::write(
        site.path().join("events/2019/small-cup.md"),
        "<iframe src=\"https://evil.example\"></iframe>\n\n[y](JavaScript:alert(5))\n",
    )
    .expect("md");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    for page in [
        "events/2019/small-cup/index.html",
        "events/2019/small-cup/pairings/index.html",
        "events/index.html",
        "index.html",
    ] {
        let html = fs::read_to_string(out.join(page))
            .expect("page")
            .to_lowercase();
        // Shown as text is fine (`&lt;img ... onerror=...&gt;`); a live tag or attribute is not.
        for bad in [
            "<script>alert",
            "<img src=x",
            "<b onclick",
            "href=\"javascript:",
            "<iframe",
            "\" onmouseover=",
        ] {
            assert!(!html.contains(bad), "{page} contains {bad}");
        }
    }
    let html = fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("page");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "the name is shown as text"
    );
}

/// The advanced example: 24 players, a player who left before the top 8 (replaced by the next
/// in the standings as seed 8), a lower-bracket game decided on time, and a final that needed
/// its second game.
#[test]
fn example_regional_top_8() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2019/coruscant-regional");
    assert_eq!(
        (
            doc["event"]["swiss_rounds"].as_u64(),
            doc["event"]["cut"].as_u64()
        ),
        (Some(4), Some(8))
    );
    let cut = &doc["cut"];
    assert_eq!(cut["replaced"], serde_json::json!(["soren-falk"]));
    let seeds: Vec<(String, bool)> = cut["seeds"]
        .as_array()
        .expect("seeds")
        .iter()
        .map(|s| {
            (
                s["id"].as_str().expect("id").to_string(),
                // Absent for a seat its Swiss rank earned.
                s.get("replacement")
                    .map_or(Some(false), Value::as_bool)
                    .expect("bool"),
            )
        })
        .collect();
    assert_eq!(
        seeds[5],
        ("lucia-ferrer".to_string(), false),
        "the former 7th moves up to seed 6"
    );
    assert_eq!(
        seeds[7],
        ("benedikt-vogel".to_string(), true),
        "the 9th enters as seed 8"
    );
    let games = doc["elimination"]["games"].as_array().expect("games");
    // Game 10 went to time: light 1 objective + 9 damage = 49; dark dial 6 = 40 + 11 damage
    // + the Balance = 51.5. Dark wins.
    assert_eq!(
        games[9]["decision"],
        serde_json::json!({ "time": { "light": 98, "dark": 103, "per_point": 2 } })
    );
    assert_eq!(games[9]["winner"], games[9]["dark"]);
    assert_eq!(
        (games[14]["needed"].as_bool(), games[14]["winner"].as_str()),
        (Some(true), Some("amara-okonkwo"))
    );
    assert_ne!(
        games[14]["dark"], games[13]["dark"],
        "the finalists change sides for the second game"
    );
    let placings: Vec<&str> = doc["placings"]
        .as_array()
        .expect("placings")
        .iter()
        .map(|p| p["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        placings,
        vec![
            "amara-okonkwo",
            "hiro-matsuda",
            "yara-costa",
            "viktor-horvat",
            "tamsin-ward",
            "lucia-ferrer",
            "jonas-brandt",
            "benedikt-vogel"
        ]
    );
    let page =
        fs::read_to_string(out.join("events/2019/coruscant-regional/index.html")).expect("page");
    for text in [
        "Upper bracket",
        "Lower bracket",
        "Game 15",
        "Final placings",
        "replacement",
        "went to time: light 49 to dark 51.5",
    ] {
        assert!(page.contains(text), "the page shows {text}");
    }
}

/// A finished round with more planned: the pages and `event.json` show no next round until
/// `pair` writes it (a late entry could still change it); `pair --dry-run` gives the organizer
/// the pairing the rules give now.
#[test]
fn the_next_round_is_shown_only_once_written() {
    let site = small_site();
    let event = site.path().join("events/2019/small-cup.toml");
    let text = fs::read_to_string(&event).expect("read");
    let text = text
        .replace("swiss_rounds = 3", "swiss_rounds = 4")
        .replace(
            "{ table = 1, players = [\"eve\", \"ben\"] }",
            "{ table = 1, players = [\"eve\", \"ben\"], games = [\"eve\", \"eve\"] }",
        )
        .replace(
            "{ table = 2, players = [\"ana\", \"dee\"] }",
            "{ table = 2, players = [\"ana\", \"dee\"], games = [\"dee\", \"ana\"] }",
        );
    fs::write(&event, text).expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2019/small-cup");
    assert!(doc.get("next_round").is_none(), "{doc}");
    assert_eq!(doc["rounds"].as_array().expect("rounds").len(), 3);
    let page = fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("page");
    assert!(
        !page.contains("Round 4"),
        "no round 4 on the page before it is written"
    );
    let dry = common::holonet(
        &["pair", "events/2019/small-cup.toml", "--dry-run"],
        site.path(),
    );
    assert!(
        dry.status.success(),
        "{}",
        String::from_utf8_lossy(&dry.stderr)
    );
    assert!(String::from_utf8_lossy(&dry.stdout).starts_with("Round 4\n"));
}

/// The 2014 example: pairing in halves, tiebreakers by sums, a top 8 in which equal
/// differentials are the higher seed's choice, a lower-bracket game on time scored in tenths and
/// quarters, and untimed finals with switched sides.
#[test]
fn example_2014_open_with_a_championship() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2015/mos-eisley-open");
    assert_eq!(doc["event"]["rules"], "ffg-2014");
    let row = &common::event_json::standings(&doc)[0];
    assert!(
        row["opponents_points"]
            .as_str()
            .is_some_and(|v| v.parse::<u64>().is_ok()),
        "2014 strength of schedule is a sum: {row}"
    );
    assert!(row["opponents_strength"].is_string());
    assert!(row.get("sos").is_none());
    let games = doc["elimination"]["games"].as_array().expect("games");
    // Game 10 went to time: light 1 objective (4) + 9 damage (0.9) = 4.9; dark dial 6 (4) +
    // 11 damage (1.1) + the Balance (0.25) = 5.35. In twentieths: 98 to 107.
    assert_eq!(
        games[9]["decision"],
        serde_json::json!({ "time": { "light": 98, "dark": 107, "per_point": 20 } })
    );
    assert!(
        games
            .iter()
            .any(|g| g["side_reason"] == "higher_seed_chose_tie"),
        "equal differentials: the higher seed chose"
    );
    assert_eq!(games[14]["side_reason"], "finalists_switch");
    assert_eq!(games[14]["needed"], true);
    assert_eq!(doc["placings"].as_array().expect("placings").len(), 8);
    let page =
        fs::read_to_string(out.join("events/2015/mos-eisley-open/index.html")).expect("page");
    assert!(
        page.contains("time: light 4.9 to dark 5.35"),
        "the page shows the going-to-time scores"
    );
    assert!(
        page.contains("rules/ffg-2014/#"),
        "links go to the 2014 rules"
    );
    // Each player once: the standings list everyone, a drop noted beside the name, and the
    // players section says so instead of a second table of them all.
    assert!(!page.contains("<caption>Players in order"), "{page}");
    assert!(page.contains(
        "Each player is listed once, in <a href=\"#standings-heading\">the standings</a>"
    ));
    let standings = &page[page.find("id=\"standings-heading\"").expect("standings")..];
    let standings = &standings[..standings.find("</section>").expect("its end")];
    assert!(
        visible_text(standings).contains("Olek Zielinski dropped after round 2"),
        "{standings}"
    );
    assert_eq!(page.matches("href=\"/players/olek-zielinski/\"").count(), 1);
    // An earlier round's standings: the page says where they are and links them; its script
    // (static/standings.js) draws them from event.json by the round, the keys of the tiebreaker
    // columns and the notes, heads the columns from the legend's names and marks, and links
    // each name to `players/ID/` (no page of this event is kept elsewhere: no `data-urls`).
    let round = fs::read_to_string(out.join("events/2015/mos-eisley-open/rounds/3/index.html"))
        .expect("round");
    assert!(
        round.contains("<p id=\"round-standings\" data-round=\"3\" data-columns=\"opponents_points opponents_strength\" data-notes=\"{&quot;olek-zielinski&quot;:&quot;dropped after round 2&quot;}\" data-players=\"/players/\">Drawn from the event's <a href=\"/events/2015/mos-eisley-open/event.json\" type=\"application/json\">event.json</a> (<code>standings_by_round</code>) when scripts run; the latest standings are on <a href=\"/events/2015/mos-eisley-open/#standings-heading\">the event page</a>.</p>"),
        "{round}"
    );
    assert!(round.contains("<a href=\"/rules/ffg-2014/#opponents-strength\">opponents&#39; strength of schedule</a> (<span class=\"tb-mark\" data-key=\"opponents_strength\">Opp. SoS</span>)"));
    assert!(round.contains("<script src=\"/standings.js\" defer></script>"));
    // A team's standings row links its entry on the event page, as the event page's own do.
    let teams = fs::read_to_string(out.join("events/2017/hoth-doubles/rounds/1/index.html"))
        .expect("team round");
    assert!(
        teams.contains(
            "&quot;echo-base&quot;:&quot;/events/2017/hoth-doubles/#player-echo-base&quot;"
        ),
        "{teams}"
    );
    // Each game winner says which game; the round's most frequent reason for a pairing is said
    // once above the tables, and a row names its reason only when it is another.
    assert!(
        round.contains("Game 1: Felix Navarro<br>Game 2: Draw (time)"),
        "{round}"
    );
    let open = "<p class=\"round-reason\">";
    let reasons = &round[round.find(open).expect("reasons") + open.len()..];
    let reasons = &reasons[..reasons.find("</p>").expect("end")];
    let usual = visible_text(reasons);
    let usual = usual
        .strip_prefix("Tables were paired as ")
        .and_then(|rest| rest.split(';').next())
        .map(str::trim)
        .expect("the most frequent reason first");
    let body = &round[round.find("<tbody id=\"round-rows\">").expect("rows")..];
    let body = &body[..body.find("</tbody>").expect("end")];
    assert!(
        !visible_text(body).contains(usual),
        "{usual} in a row: {body}"
    );
    assert!(visible_text(body).contains("same score group"), "{body}");
}

/// The team example: teams are the competitors, the two teams level on points play a final
/// match, and its winner is champion.
#[test]
fn example_team_event_with_a_final_match() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2017/hoth-doubles");
    assert_eq!(doc["event"]["format"], "team");
    assert_eq!(doc["teams"].as_array().expect("teams").len(), 8);
    assert_eq!(
        doc["teams"][0],
        serde_json::json!({ "id": "echo-base", "players": ["mara-lindgren", "tomasz-wrobel"] })
    );
    let rows = common::event_json::standings(&doc);
    assert_eq!(
        (rows[0]["points"].as_u64(), rows[1]["points"].as_u64()),
        (Some(15), Some(15))
    );
    assert_eq!(
        doc["final_match"]["teams"],
        serde_json::json!(["deflector-shield", "echo-base"])
    );
    assert_eq!(doc["final_match"]["points"], serde_json::json!([1, 4]));
    assert_eq!(doc["final_match"]["champion"], "echo-base");
    let placings: Vec<&str> = doc["placings"]
        .as_array()
        .expect("placings")
        .iter()
        .map(|p| p["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        &placings[..3],
        &["echo-base", "deflector-shield", "probe-droids"]
    );
    assert_eq!(doc["event"]["status"], "finished");
    let page = fs::read_to_string(out.join("events/2017/hoth-doubles/index.html")).expect("page");
    assert!(
        page.contains("Final match") && page.contains("Mara Lindgren") && page.contains("Teams")
    );
    // The team's row (which its players' pages link to) lists its two players and their lists.
    assert!(page.contains("<caption>Teams in order of final place</caption>"));
    assert!(
        page.contains("<tr id=\"player-echo-base\" data-name=\"Echo Base Mara Lindgren Tomasz Wrobel\"><td>1<td>Echo Base<ul class=\"team-members\"><li id=\"member-mara-lindgren\"><a href=\"/players/mara-lindgren/\">Mara Lindgren</a> <a class=\"deck-link\" href=\"/events/2017/hoth-doubles/decks/#deck-mara-lindgren\">decklists<span class=\"visually-hidden\"> of Mara Lindgren</span></a>"),
        "{page}"
    );
}

/// The SW:CCG examples: scores written 2(+15), game-by-game allegiances, pairing reasons, the
/// Final Confrontation, fixed allegiances in sealed, and teams.
#[test]
fn example_swccg_events() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2008/bespin-cup");
    let ccg = &doc["ccg"];
    let games = ccg["games"].as_array().expect("games");
    assert_eq!(games.len(), 6);
    let tables: Vec<&Value> = games
        .iter()
        .flat_map(|g| g["tables"].as_array().expect("tables"))
        .collect();
    let modified = tables
        .iter()
        .find(|t| t["result"] == "modified_win")
        .expect("a modified win");
    assert!(
        modified["scores"][0]
            .as_str()
            .expect("score")
            .starts_with('0')
            || modified["scores"][1]
                .as_str()
                .expect("score")
                .starts_with('0')
    );
    assert!(
        modified["scores"]
            .as_array()
            .expect("scores")
            .iter()
            .any(|s| s.as_str().is_some_and(|s| s.starts_with("1(+")))
    );
    let tie = tables
        .iter()
        .find(|t| t["result"] == "true_tie")
        .expect("a true tie");
    assert_eq!(
        tie["scores"],
        serde_json::json!(["1(+1)", "0(-1)"]),
        "level on lost piles and hands: the coin tossed at the venue went to the dark side player"
    );
    assert_eq!(tie["true_tie"], "venue_coin");
    assert!(
        tables.iter().any(|t| t["penalty"] == true),
        "a deck-check penalty"
    );
    assert!(tables.iter().any(|t| t["result"] == "quit"));
    assert!(
        tables.iter().any(|t| t["scores"]
            .as_array()
            .is_some_and(|s| s.iter().any(|x| x == "2(+59)"))),
        "the differential is capped"
    );
    assert!(
        tables.iter().all(|t| !t["reason"].is_null()),
        "every recorded pairing is the guide's"
    );
    assert!(tables.iter().any(|t| t["reason"] == "allegiances_swapped"));
    let standings = ccg["standings_by_game"]
        .as_array()
        .expect("standings")
        .last()
        .expect("final")
        .as_array()
        .expect("rows");
    assert_eq!(standings[0]["score"], "9(+82)");
    // What decided each row is a stable snake_case name, as documented in event-json.md.
    for rows in ccg["standings_by_game"].as_array().expect("standings") {
        for row in rows.as_array().expect("rows") {
            let decided = row["decided_by"].as_str().expect("decided_by");
            assert!(
                [
                    "points",
                    "differential",
                    "tiebreaker_game",
                    "head_to_head",
                    "highest_differential",
                    "sos",
                    "random",
                    "venue_draw"
                ]
                .contains(&decided),
                "{decided}"
            );
            assert_eq!(row["sos_dropped"].is_null(), decided != "sos");
        }
    }
    let fin = &ccg["final_confrontation"];
    assert_eq!(
        fin["finalists"],
        serde_json::json!(["yuki-tanaka", "osric-haldane"])
    );
    assert_eq!(
        fin["winner"], "yuki-tanaka",
        "level on every tiebreaker: the coin tossed at the venue"
    );
    assert_eq!(fin["decided_by"], "venue_coin");
    assert_eq!(doc["placings"][0]["id"], "yuki-tanaka");
    let page = fs::read_to_string(out.join("events/2008/bespin-cup/index.html")).expect("page");
    for text in [
        "Final Confrontation",
        "9(+82)",
        "rules/swccg-2008/#",
        "level on every tiebreaker: coin toss at the venue",
    ] {
        assert!(page.contains(text), "the page shows {text}");
    }
    // Each game on a page of its own, which the event page lists; the tables are there.
    let games: String = (1..=6)
        .map(|n| {
            let game = format!("/events/2008/bespin-cup/games/{n}/");
            assert!(
                page.contains(&format!("<a href=\"{game}\">Game {n}</a>")),
                "{page}"
            );
            fs::read_to_string(out.join(format!("{}index.html", &game[1..]))).expect("game page")
        })
        .collect();
    for text in [
        "Dark Side",
        "allegiance piles",
        "true tie: coin toss at the venue",
    ] {
        assert!(games.contains(text), "the games show {text}");
    }
    assert!(
        !page.contains("allegiance piles"),
        "no game's tables on the event page"
    );
    // Sealed: everyone keeps one allegiance.
    let sealed = json(&out, "2008/endor-sealed");
    let sealed_page =
        fs::read_to_string(out.join("events/2008/endor-sealed/index.html")).expect("page");
    assert!(
        sealed_page.contains("<dt>Games<dd>4 "),
        "SW:CCG events count games"
    );
    assert!(!sealed_page.contains("Swiss rounds"));
    let mut side = std::collections::BTreeMap::new();
    for g in sealed["ccg"]["games"].as_array().expect("games") {
        for t in g["tables"].as_array().expect("tables") {
            for (key, s) in [("dark", "dark"), ("light", "light")] {
                let id = t[key].as_str().expect("id").to_string();
                assert_eq!(
                    *side.entry(id).or_insert(s),
                    s,
                    "sealed players keep their allegiance"
                );
            }
        }
    }
    // Team: teams are the competitors, and (worked example 25) two rounds of two games give
    // every team two games on each side.
    let team = json(&out, "2008/mos-espa-doubles");
    assert_eq!(team["teams"].as_array().expect("teams").len(), 6);
    let mut sides: std::collections::BTreeMap<String, (u32, u32)> =
        std::collections::BTreeMap::new();
    for g in team["ccg"]["games"].as_array().expect("games") {
        for t in g["tables"].as_array().expect("tables") {
            sides
                .entry(t["dark"].as_str().expect("dark").to_string())
                .or_default()
                .0 += 1;
            sides
                .entry(t["light"].as_str().expect("light").to_string())
                .or_default()
                .1 += 1;
        }
    }
    assert!(sides.values().all(|&s| s == (2, 2)), "{sides:?}");
    assert_eq!(team["placings"][0]["id"], "bantha-herd");
}

#[test]
fn decklists_have_pages_and_plain_text_exports() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let dir = out.join("events/2018/outer-rim-store-championship/decks");
    let text = fs::read_to_string(dir.join("decks.txt")).expect("export");
    assert!(
        text.starts_with("# Outer Rim Store Championship 2018: decklists\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n# ===== Siobhán Kearney =====\n\nDark side (10 objective sets):\nAffiliation: Sith\n"
        ),
        "{text}"
    );
    assert!(text.contains("2x 1 A Hero's Journey\n"), "{text}");
    let page = fs::read_to_string(dir.join("index.html")).expect("page");
    assert!(page.contains("Fall of the Jedi") && page.contains("decks.txt"));
    assert!(page.contains("<section class=\"deck-player\" id=\"deck-siobhan-kearney\">"));
    // A list's sets a line each: copies, the set's name linking its page, its number; the
    // heading counts them.
    assert!(
        page.contains("Sith <span class=\"count\">(10 objective sets)</span></h3>"),
        "{page}"
    );
    assert!(
        page.contains("<li>2× <a href=\"/cards/sets/19/\">Fall of the Jedi</a> (19)\n"),
        "{page}"
    );
    assert!(page.contains("<li>1× <a href=\"/cards/sets/94/\">The Emperor&#39;s Hand</a> (94)\n"));
    assert!(page.contains(
        "<li data-name=\"Siobhán Kearney\"><a href=\"#deck-siobhan-kearney\">Siobhán Kearney</a>"
    ));
    // In the order of the standings, each with where they finished: the champion first.
    let champion = page
        .find("id=\"deck-zoe-achterberg\"")
        .expect("the champion's lists");
    assert!(champion < page.find("id=\"deck-siobhan-kearney\"").expect("hers"));
    assert!(page.contains("Zoë Achterberg</a> <span class=\"note\">1st of 13</span></h2>"));
    assert!(page.contains("in the order of the standings: final place, then rank."));
    assert!(!dir.join("siobhan-kearney").exists(), "no page per player");
    let event = fs::read_to_string(out.join("events/2018/outer-rim-store-championship/index.html"))
        .expect("event");
    assert!(
        event.contains("/events/2018/outer-rim-store-championship/decks/#deck-siobhan-kearney\""),
        "the event page links the list"
    );
    let team = fs::read_to_string(out.join("events/2017/hoth-doubles/decks/decks.txt"))
        .expect("team players' lists too");
    assert!(team.contains("# ===== Mara Lindgren =====\n"), "{team}");
}

#[test]
fn every_player_has_a_page_across_events() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page =
        fs::read_to_string(out.join("players/zoe-achterberg/index.html")).expect("player page");
    assert!(
        page.contains("Outer Rim Store Championship 2018")
            && page.contains("Kessel Run Regional 2026"),
        "both events"
    );
    assert!(page.contains("1st of 13"), "the champion's place");
    assert!(
        page.contains("/decks/#deck-zoe-achterberg\""),
        "her decklists"
    );
    // The page opens with her summary: events and years, her title, her top cut, her rating.
    let summary = visible_text(&page[page.find("<p class=\"lede\">").expect("summary")..]);
    assert!(
        summary.starts_with("3 events (2018–2026) · 1 title: Outer Rim Store Championship 2018 · 1 top cut · SW:LCG rating "),
        "{summary}"
    );
    let index = fs::read_to_string(out.join("players/index.html")).expect("index");
    assert!(index.contains("/players/zoe-achterberg/"));
    // Team players are credited with their team's result.
    let mara =
        fs::read_to_string(out.join("players/mara-lindgren/index.html")).expect("team player");
    assert!(
        visible_text(&mara).contains("with Echo Base")
            && mara.contains("href=\"/events/2017/hoth-doubles/#player-echo-base\"")
            && mara.contains("1st of 8"),
        "{mara}"
    );
}

#[test]
fn players_toml_merges_one_person_known_by_two_ids() {
    let site = copy_site(Path::new("."));
    fs::write(
        site.path().join("players.toml"),
        "[[players]]\nid = \"zoe-achterberg\"\naliases = [\"amara-okonkwo\"]\n",
    )
    .expect("write aliases");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page =
        fs::read_to_string(out.join("players/zoe-achterberg/index.html")).expect("player page");
    assert!(
        page.contains("Coruscant Regional Championship 2019")
            && page.contains("Kessel Run Regional 2026"),
        "the alias's event joins the kept page"
    );
    assert!(
        !out.join("players/amara-okonkwo").exists(),
        "no separate page for the alias"
    );

    // An alias claimed by two players is an error that names the file and line.
    fs::write(
        site.path().join("players.toml"),
        "[[players]]\nid = \"a\"\naliases = [\"b\"]\n\n[[players]]\nid = \"c\"\naliases = [\"b\"]\n",
    )
    .expect("write aliases");
    let (passed, stderr) = run_check(site.path());
    assert!(!passed);
    assert!(stderr.contains("players.toml:7:"), "{stderr}");
}

#[test]
fn standings_and_brackets_link_to_decklists() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = fs::read_to_string(out.join("events/2018/outer-rim-store-championship/index.html"))
        .expect("event page");
    let standings = page
        .split("id=\"standings-heading\"")
        .nth(1)
        .and_then(|rest| rest.split("</table>").next())
        .expect("standings table");
    assert!(
        standings.contains("class=\"deck-link\" href=\"/events/2018/outer-rim-store-championship/decks/#deck-zoe-achterberg\""),
        "{standings}"
    );
    let bracket = page
        .split("class=\"bracket-game")
        .nth(1)
        .expect("a bracket game");
    assert!(bracket.contains("class=\"deck-link\""), "{bracket}");
}

#[test]
fn events_are_indexed_by_year_ruleset_and_tier() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let by_rules = fs::read_to_string(out.join("events/rulesets/index.html")).expect("rulesets");
    let section = |page: &str, id: &str| {
        page.split(&format!("id=\"{id}\""))
            .nth(1)
            .and_then(|rest| rest.split("</section>").next())
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no section {id} in {page}"))
    };
    let team = section(&by_rules, "rules-ffg-tournament-regulations-2018-team");
    assert!(team.contains("Hoth Doubles"), "{team}");
    assert!(!team.contains("Outer Rim Store Championship"), "{team}");
    let by_tier = fs::read_to_string(out.join("events/tiers/index.html")).expect("tiers");
    assert!(by_tier.contains("aria-current=\"page\""));
    assert!(by_tier.contains("href=\"/events/rulesets/\""));
    let years = fs::read_to_string(out.join("events/index.html")).expect("years");
    let newest = years.find("id=\"year-2026\"").expect("2026");
    let oldest = years.find("id=\"year-2008\"").expect("2008");
    assert!(newest < oldest, "newest year first");
}

/// Hand-counted statistics of one small event (see the comments in the file).
const STATS_CUP: &str = r#"
[event]
name = "Stats Cup"
date = 2019-06-01
rules = "ffg-2018"
structure = "custom"
swiss_rounds = 1

[[players]]
name = "Ana Lind"
id = "ana"
[players.decks.dark]
affiliation = "Sith"
objectives = ["19", "20"]

[[players]]
name = "Ben Osei"
id = "ben"
[players.decks.dark]
affiliation = "Sith"
objectives = ["19", "21"]
[players.decks.light]
affiliation = "Jedi"
objectives = ["1", "7"]

[[players]]
name = "Cy Marrow"
id = "cy"

[[players]]
name = "Dee Varga"
id = "dee"

# Sides known at table 1 only: Ana dark in game 1 (won), Ben dark in game 2 (won).
# Endings: not recorded 2, dial 1, objectives 1.
[[rounds]]
tables = [
  { table = 1, players = ["ana", "ben"], first_dark = "ana", games = ["ana", { winner = "ben", by = "dial" }] },
  { table = 2, players = ["cy", "dee"], games = [{ winner = "cy", by = "objectives" }, "draw"] },
]
"#;

#[test]
fn statistics_match_hand_counts() {
    let site = small_site();
    fs::write(site.path().join("events/2019/stats-cup.toml"), STATS_CUP).expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = fs::read_to_string(out.join("events/2019/stats-cup/index.html")).expect("event");
    let text = visible_text(&page);
    for expected in [
        "3 recorded decklists, 2 games with known sides",
        "Dark side won 2 100%",
        "not recorded 2 50%",
        "dial 1 25%",
        "objectives 1 25%",
        "Sith 2 67%",
        "Jedi 1 33%",
        "Fall of the Jedi (19) 2 67%",
    ] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    assert!(!text.contains("Light side won"), "no light wins: {text}");
    // A bar is an empty cell whose class says its length, in hundredths of the longest.
    assert!(
        page.contains("<td class=\"num\">67%<td class=\"bar b100\"></tr>")
            && page.contains("<td class=\"num\">33%<td class=\"bar b50\"></tr>"),
        "bars drawn by the style sheet"
    );
    let archive = visible_text(&fs::read_to_string(out.join("stats/index.html")).expect("stats"));
    assert!(
        archive.contains("Across 2 events: 3 recorded decklists"),
        "{archive}"
    );
}

/// The meta on the statistics page: each affiliation's share of the lists beside its win rate and
/// how many of its lists brought to an event with a top cut were a player's who made the cut.
/// The Stats Cup with a top 4 of six players, Ana winning both games: the cut is Ana (4
/// points), Quill (4), Cy (3) and Dee (1); Ben (0) misses it. Sith lists: Ana's (made it) and
/// Ben's (missed), 1 of 2; Ben's Jedi list, 0 of 1. Games with known sides (table 1, Ana dark
/// first): Ana's Sith won game 1 against Ben's Jedi; Ben's Sith lost game 2 (Ana played light,
/// with no list): Sith 1 of 2 won, Jedi 0 of 1.
#[test]
fn the_meta_puts_share_wins_and_top_cuts_side_by_side() {
    let site = small_site();
    let cup = STATS_CUP
        .replace("swiss_rounds = 1", "swiss_rounds = 1\ncut = 4")
        .replace(
            "games = [\"ana\", { winner = \"ben\", by = \"dial\" }]",
            "games = [\"ana\", \"ana\"]",
        )
        .replace(
            "[[rounds]]",
            "[[players]]\nname = \"Quill Arden\"\nid = \"quill\"\n\n\
             [[players]]\nname = \"Tova Remy\"\nid = \"tova\"\n\n[[rounds]]",
        )
        .replace(
            "games = [{ winner = \"cy\", by = \"objectives\" }, \"draw\"] },",
            "games = [{ winner = \"cy\", by = \"objectives\" }, \"draw\"] },\n  \
             { table = 3, players = [\"quill\", \"tova\"], games = [\"quill\", \"quill\"] },",
        );
    fs::write(site.path().join("events/2019/stats-cup.toml"), cup).expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = fs::read_to_string(out.join("stats/index.html")).expect("stats");
    let meta = &page[page.find("id=\"archive-meta\"").expect("the meta table")..];
    let meta = visible_text(&meta[..meta.find("</table>").expect("ends")]);
    assert!(meta.contains("Sith 2 67% 50% of 2 1 of 2 50%"), "{meta}");
    assert!(meta.contains("Jedi 1 33% 0% of 1 0 of 1 0%"), "{meta}");
}

/// The statistics page draws charts where a share or a trend is the point: each a figure with a
/// caption, an SVG with `role="img"` whose accessible name states the numbers, beside the table
/// that gives them. The event page keeps its tables without charts.
#[test]
fn statistics_page_has_charts_beside_its_tables() {
    let site = small_site();
    fs::write(site.path().join("events/2019/stats-cup.toml"), STATS_CUP).expect("write");
    let earlier = STATS_CUP.replace("2019-06-01", "2018-06-01");
    fs::create_dir_all(site.path().join("events/2018")).expect("dir");
    fs::write(site.path().join("events/2018/stats-cup.toml"), earlier).expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = fs::read_to_string(out.join("stats/index.html")).expect("stats");
    for expected in [
        "aria-label=\"Share of SW:LCG games won by each side: Dark side won: 4 · 100%.\"",
        "aria-label=\"Affiliations as a share of recorded SW:LCG decklists: Sith: 4 · 67%; Jedi: 2 · 33%.\"",
        "aria-label=\"Games won with each affiliation, of games played with it: Sith: 4 of 4 · 100%; Jedi: 0 of 2 · 0%.\"",
        "aria-label=\"How SW:LCG games ended, as a share of games: not recorded: ",
        "aria-label=\"Events per year, with their players: 2018: 1 event · 4 players; 2019: 2 events · ",
    ] {
        assert!(page.contains(expected), "{expected} in {page}");
    }
    // Five charts of the tables, and two of the trends (sides and affiliations by year, a
    // line over the years each), every table of a chart folded under it.
    assert_eq!(page.matches("<figure class=\"chart-figure\">").count(), 7);
    assert_eq!(page.matches("<figcaption>").count(), 7);
    assert_eq!(page.matches("<svg class=\"chart\" role=\"img\"").count(), 5);
    assert_eq!(
        page.matches("<svg class=\"chart chart-lines chart-trend\" role=\"img\"")
            .count(),
        2
    );
    assert_eq!(page.matches("<details class=\"chart-table\">").count(), 7);
    let text = visible_text(&page);
    for expected in [
        "Events by year",
        "Wins by affiliation",
        "Sith 4 4 100%",
        "Jedi 2 0 0%",
        "Dark side won 4 100%",
    ] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    let event = fs::read_to_string(out.join("events/2019/stats-cup/index.html")).expect("event");
    assert!(!event.contains("chart-figure"), "charts are the archive's");
    assert!(
        !event.contains("<details class=\"chart-table\">"),
        "tables in full"
    );
    assert!(event.contains("Dark side won"));
    // A player's page marks each deck they played by its side and affiliation.
    let ben = fs::read_to_string(out.join("players/ben/index.html")).expect("player");
    let ben_text = visible_text(&ben);
    assert!(
        ben_text.contains("Sith (dark side) Jedi (light side) decklists"),
        "{ben_text}"
    );
    assert_eq!(
        ben.matches("<span class=\"deck-mark g-").count(),
        4,
        "two decks, two events"
    );
    // Each mark is one element: the style sheet draws the side's and the affiliation's shapes
    // from its classes.
    assert!(
        ben.contains(
            "<span class=\"deck-mark g-dark g-sith\">Sith<span class=\"visually-hidden\"> (dark side)</span></span>"
        ),
        "{ben}"
    );
    assert!(!ben.contains("class=\"glyph"), "{ben}");
}

/// `check` after a build skips the events that build rendered from the same inputs, and no
/// more: a template that no longer renders is caught, since every event's inputs include it.
#[test]
fn check_after_a_build_still_renders_what_changed() {
    let site = small_site();
    build(site.path(), &site.path().join("public"), None);
    let (passed, stderr) = run_check(site.path());
    assert!(passed, "{stderr}");
    fs::create_dir_all(site.path().join("templates")).expect("mkdir");
    fs::write(
        site.path().join("templates/event.html"),
        "{% extends \"base.html\" %}{% block content %}{{ event.nope.deeper }}{% endblock %}",
    )
    .expect("write");
    let (passed, stderr) = run_check(site.path());
    assert!(!passed, "the broken template is rendered and fails");
    assert!(stderr.contains("templates/event.html"), "{stderr}");
}

/// Runs `holonet check` in `root`: whether it exited 0, and what it wrote to stderr.
fn run_check(root: &Path) -> (bool, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .arg("check")
        .current_dir(root)
        .output()
        .expect("run holonet check");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.success(), stderr)
}

#[test]
fn example_lcg_event_has_every_decklist_and_no_problem() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let json: Value = serde_json::from_str(
        &fs::read_to_string(out.join("events/2018/outer-rim-store-championship/event.json"))
            .expect("event.json"),
    )
    .expect("json");
    let players = json["players"].as_array().expect("players");
    assert_eq!(players.len(), 13);
    let decks =
        fs::read_to_string(out.join("events/2018/outer-rim-store-championship/decks/index.html"))
            .expect("decklists page");
    for player in players {
        let id = player["id"].as_str().expect("id");
        assert!(
            decks.contains(&format!(" id=\"deck-{id}\">")),
            "the lists of {id}"
        );
    }
    // `holonet init` copies this event into every new site, whose first build must be clean.
    let (passed, stderr) = run_check(site.path());
    assert!(passed, "{stderr}");
    assert!(
        !stderr.contains("outer-rim-store-championship.toml"),
        "the example event a new site starts with has no warnings: {stderr}"
    );
}

/// `holonet import` in a site folder: the exit status and both output streams.
fn run_import(root: &Path, args: &[&str]) -> (bool, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .arg("import")
        .args(args)
        .current_dir(root)
        .output()
        .expect("run holonet import");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

/// A SW:CCG event known only by its results, imported from a CSV: shown as recorded, counted on
/// the player pages, and described in event.json.
#[test]
fn imported_standings_are_shown_as_recorded_and_counted_for_players() {
    let site = small_site();
    let root = site.path();
    fs::write(
        root.join("results.csv"),
        "Place,Name,VP,Diff,Notes\n2,Nick Ames,6,-3,\n1,\"Tom \"\"Tank\"\" Kessel\",8,+41,\"Won the final, 2-0\"\n3,Ann Lee,,,\n",
    )
    .expect("write csv");
    let args = [
        "results.csv",
        "--out",
        "events/2001/echo-base-open.toml",
        "--name",
        "Echo Base Open 2001",
        "--date",
        "2001-03-10",
        "--rules",
        "swccg-2008",
    ];
    let (ok, text) = run_import(root, &args);
    assert!(ok, "{text}");
    // A second import never replaces the file.
    let (ok, text) = run_import(root, &args);
    assert!(!ok && text.contains("already exists"), "{text}");

    let out = root.join("public");
    build(root, &out, None);
    let doc = json(&out, "2001/echo-base-open");
    let rows = doc["recorded_standings"].as_array().expect("rows");
    let summary: Vec<(u64, &str, Option<u64>, Option<i64>)> = rows
        .iter()
        .map(|r| {
            (
                r["rank"].as_u64().unwrap(),
                r["id"].as_str().unwrap(),
                r["victory_points"].as_u64(),
                r["differential"].as_i64(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, "tom-tank-kessel", Some(8), Some(41)),
            (2, "nick-ames", Some(6), Some(-3)),
            (3, "ann-lee", None, None),
        ]
    );
    assert_eq!(doc["event"]["status"], "finished");
    assert_eq!(doc["placings"][0]["id"], "tom-tank-kessel");
    assert_eq!(rows[0]["note"], "Won the final, 2-0");

    let page = visible_text(
        &fs::read_to_string(out.join("events/2001/echo-base-open/index.html")).expect("page"),
    );
    assert!(
        page.contains("known only by its published results"),
        "{page}"
    );
    assert!(
        page.contains("1 Tom &quot;Tank&quot; Kessel 8 +41 Won the final, 2-0"),
        "{page}"
    );
    assert!(page.contains("2 Nick Ames 6 -3"), "{page}");
    assert!(!page.contains("Rounds"), "no rounds section: {page}");
    let player = visible_text(
        &fs::read_to_string(out.join("players/tom-tank-kessel/index.html")).expect("player"),
    );
    assert!(player.contains("Echo Base Open 2001"), "{player}");
    assert!(player.contains("1st of 3"), "{player}");
    assert!(player.contains("8(+41)"), "{player}");
}

/// A CSV with mistakes is reported at the line and column of each, and nothing is written.
#[test]
fn a_bad_csv_is_reported_where_it_is_wrong_and_writes_nothing() {
    let site = small_site();
    let root = site.path();
    fs::write(
        root.join("results.csv"),
        "rank,player,points\n1,Tom,12\n2,Nick,twelve\n",
    )
    .expect("write csv");
    let (ok, text) = run_import(
        root,
        &[
            "results.csv",
            "--out",
            "events/2013/x.toml",
            "--name",
            "X",
            "--date",
            "2013-01-01",
            "--rules",
            "ffg-2014",
        ],
    );
    assert!(!ok);
    assert!(text.contains("results.csv:3:8"), "{text}");
    assert!(
        text.contains("`points` must be a whole number, not `twelve`"),
        "{text}"
    );
    assert!(!root.join("events/2013/x.toml").exists());
}

/// Hand-counted statistics of a small SW:CCG event (see the comments in the file).
const CCG_STATS_OPEN: &str = r#"
[event]
name = "Stats Open"
date = 2008-06-01
rules = "swccg-2008"
structure = "custom"
swiss_rounds = 2

[[players]]
name = "Ana Lind"
id = "ana"
[players.decks.dark]
cards = ["1 Hunt Down And Destroy The Jedi", "2 Boba Fett (Cloud City)", "1 Tatooine (Premiere)"]
[players.decks.light]
cards = ["1 Hidden Base", "2 Jawa (Premiere)"]

[[players]]
name = "Ben Osei"
id = "ben"
[players.decks.dark]
cards = ["1 Hunt Down And Destroy The Jedi", "1 Boba Fett (Cloud City)", "3 Imperial Gunner"]
[players.decks.light]
cards = ["1 Hidden Base", "1 Rebel Fleet", "1 No Such Card"]

[[players]]
name = "Cy Marrow"
id = "cy"

[[players]]
name = "Dee Varga"
id = "dee"

# Sides: dark won game 1 table 1 and game 2 table 2; light won the other two.
# Results: full win 2, modified win 1, quit 1.
[[rounds]]
tables = [
  { table = 1, dark = "ana", light = "ben", winner = "ana", differential = 12 },
  { table = 2, dark = "cy", light = "dee", winner = "dee", differential = 5, modified = true },
]

[[rounds]]
tables = [
  { table = 1, dark = "ben", light = "ana", winner = "ana", differential = 8 },
  { table = 2, dark = "dee", light = "cy", winner = "dee", quit = true, differential = 20 },
]
"#;

#[test]
fn ccg_statistics_match_hand_counts() {
    let site = small_site();
    fs::write(
        site.path().join("events/2019/stats-open.toml"),
        CCG_STATS_OPEN,
    )
    .expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let text = visible_text(
        &fs::read_to_string(out.join("events/2019/stats-open/index.html")).expect("event"),
    );
    for expected in [
        "4 recorded decklists, 4 games with known sides",
        "Light and Dark: SW:CCG",
        "Dark side won 2 50%",
        "Light side won 2 50%",
        "full win 2 50%",
        "modified win (on time) 1 25%",
        "quit 1 25%",
        // Objectives and cards: once per deck holding them, as a share of that side's decks.
        "Hunt Down And Destroy The Jedi 2 50%",
        "Hidden Base 2 50%",
        "Boba Fett (Cloud City) 2 100%",
        "Imperial Gunner 1 50%",
        "Tatooine (Premiere) 1 50%",
        "Jawa (Premiere) 1 50%",
        "Rebel Fleet 1 50%",
    ] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    assert!(
        !text.contains("No Such Card 1"),
        "unknown cards are not counted: {text}"
    );
    assert!(
        !text.contains("SW:LCG"),
        "no SW:LCG tables for a SW:CCG event: {text}"
    );
}

/// The plain-text export of a SW:CCG list, pasted into a decklist file, reads back as the same
/// list: same page, same export, no warning.
#[test]
fn an_exported_ccg_list_reads_back_from_a_decklist_file() {
    let site = copy_site(Path::new("."));
    let root = site.path();
    let out = root.join("public");
    build(root, &out, None);
    let export =
        fs::read_to_string(out.join("events/2008/bespin-cup/decks/decks.txt")).expect("export");
    // His part of the export, up to the next player's.
    let export = export
        .split("\n# ===== Corran Vale =====\n")
        .nth(1)
        .and_then(|rest| rest.split("\n# =====").next())
        .expect("his lists")
        .to_string();
    let dark = export
        .split("\nLight side")
        .next()
        .and_then(|part| part.split("\nDark side").nth(1))
        .map(|rest| format!("Dark side{rest}"))
        .expect("a dark side part");
    fs::create_dir_all(root.join("events/2009/files")).expect("dir");
    fs::write(root.join("events/2009/files/corran-dark.txt"), &dark).expect("deck file");
    fs::write(
        root.join("events/2009/file-cup.toml"),
        "[event]\nname = \"File Cup\"\ndate = 2009-01-10\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 2\n\n[[players]]\nname = \"Corran Vale\"\n[players.decks.dark]\nfile = \"files/corran-dark.txt\"\n",
    )
    .expect("event");
    let report = site::check(root);
    let deck_warnings: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == holonet::diag::Code::Deck && d.file.starts_with("events/2009"))
        .map(|d| d.message.clone())
        .collect();
    assert!(deck_warnings.is_empty(), "{deck_warnings:?}");
    build(root, &out, None);
    let again =
        fs::read_to_string(out.join("events/2009/file-cup/decks/decks.txt")).expect("export");
    assert_eq!(
        again.split("\nDark side").nth(1),
        export
            .split("\nLight side")
            .next()
            .and_then(|p| p.split("\nDark side").nth(1)),
        "the same list"
    );
}

/// A decklist file with mistakes is reported at its own line and column; one that is missing, or
/// outside the event's folder, is an error at `file`.
#[test]
fn decklist_files_are_reported_in_their_own_lines() {
    let site = small_site();
    let root = site.path();
    fs::create_dir_all(root.join("events/2009/cup")).expect("dir");
    fs::write(
        root.join("events/2009/cup/tom-light.txt"),
        "# Tom's light deck\nObjective:\n1 Hidden Base\n2 Jawa\n",
    )
    .expect("deck file");
    let event = |dark_file: &str| {
        format!(
            "[event]\nname = \"Cup\"\ndate = 2009-01-10\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 2\n\n[[players]]\nname = \"Tom\"\n[players.decks.light]\nfile = \"cup/tom-light.txt\"\n[players.decks.dark]\nfile = \"{dark_file}\"\n"
        )
    };
    fs::write(root.join("events/2009/cup.toml"), event("cup/missing.txt")).expect("event");
    let report = site::check(root);
    let rendered = report.render();
    assert!(report.has_errors(), "{rendered}");
    assert!(
        rendered.contains("events/2009/cup/tom-light.txt:4:1"),
        "the ambiguous line, in its file: {rendered}"
    );
    assert!(
        rendered.contains("could be any of 2 light side cards"),
        "{rendered}"
    );
    assert!(
        rendered.contains("there is no decklist file events/2009/cup/missing.txt"),
        "{rendered}"
    );
    assert!(rendered.contains("events/2009/cup.toml:13:8"), "{rendered}");
    for outside in [
        "../cup/tom-light.txt",
        "/etc/passwd",
        "cup\\\\tom-light.txt",
        "cup/tom-light.toml",
    ] {
        fs::write(root.join("events/2009/cup.toml"), event(outside)).expect("event");
        let rendered = site::check(root).render();
        assert!(
            rendered.contains("cannot be a decklist file"),
            "{outside}: {rendered}"
        );
    }
    #[cfg(unix)]
    {
        let secret = root.join("secret.txt");
        fs::write(&secret, "1 Hidden Base\n").expect("outside file");
        std::os::unix::fs::symlink(&secret, root.join("events/2009/cup/link.txt")).expect("link");
        fs::write(root.join("events/2009/cup.toml"), event("cup/link.txt")).expect("event");
        let rendered = site::check(root).render();
        // No link under events/ is followed, a decklist's least of all.
        assert!(
            rendered.contains(
                "error[H018]: this is a symbolic link, which Holonet does not follow\n --> events/2009/cup/link.txt"
            ),
            "{rendered}"
        );
    }
}

/// An XML element as the tests need it: name, attributes, text (entities resolved) and children.
#[derive(Debug, Default)]
struct XmlElement {
    name: String,
    attributes: BTreeMap<String, String>,
    text: String,
    children: Vec<XmlElement>,
}

impl XmlElement {
    fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a XmlElement> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    fn child<'a>(&'a self, name: &'a str) -> &'a XmlElement {
        self.all(name)
            .next()
            .unwrap_or_else(|| panic!("<{}> has no <{name}>", self.name))
    }

    fn attribute(&self, name: &str) -> &str {
        self.attributes
            .get(name)
            .unwrap_or_else(|| panic!("<{}> has no {name}", self.name))
    }
}

/// Parses a whole XML document (with quick-xml), failing on anything not well-formed: unclosed
/// or mismatched tags, unknown entities, bad attributes, text outside the one root element.
fn parse_xml(text: &str) -> XmlElement {
    use quick_xml::events::{BytesStart, Event};
    fn element(start: &BytesStart<'_>) -> XmlElement {
        let attributes = start
            .attributes()
            .map(|a| {
                let a = a.expect("a well-formed attribute");
                (
                    a.key.as_ref().to_string(),
                    a.normalized_value(quick_xml::XmlVersion::Explicit1_0)
                        .expect("a known entity")
                        .into_owned(),
                )
            })
            .collect();
        XmlElement {
            name: start.name().as_ref().to_string(),
            attributes,
            ..XmlElement::default()
        }
    }
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack = vec![XmlElement::default()];
    loop {
        let event = reader
            .read_event()
            .unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{text}"));
        match event {
            Event::Start(start) => stack.push(element(&start)),
            Event::Empty(start) => {
                let done = element(&start);
                stack.last_mut().expect("parent").children.push(done);
            }
            Event::End(_) => {
                let done = stack.pop().expect("open element");
                assert!(!stack.is_empty(), "an end tag without a start");
                stack.last_mut().expect("parent").children.push(done);
            }
            Event::Text(t) => {
                let t = t.xml10_content();
                assert!(
                    stack.len() > 1 || t.trim().is_empty(),
                    "text outside the root: {t:?}"
                );
                stack.last_mut().expect("open element").text.push_str(&t);
            }
            Event::GeneralRef(r) => {
                let resolved = if r.is_char_ref() {
                    r.resolve_char_ref()
                        .expect("a valid character reference")
                        .expect("a character")
                        .to_string()
                } else {
                    quick_xml::escape::resolve_predefined_entity(&r.xml10_content())
                        .unwrap_or_else(|| panic!("unknown entity &{};", r.xml10_content()))
                        .to_string()
                };
                assert!(stack.len() > 1, "a reference outside the root");
                stack
                    .last_mut()
                    .expect("open element")
                    .text
                    .push_str(&resolved);
            }
            Event::CData(_) | Event::DocType(_) => panic!("unexpected CDATA or DOCTYPE"),
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) => {}
        }
    }
    assert_eq!(stack.len(), 1, "unclosed elements");
    let mut document = stack.pop().expect("document");
    assert_eq!(document.children.len(), 1, "one root element");
    document.children.pop().expect("root")
}

/// The calendar's lines, checked for CRLF endings and folding at 75 octets, then unfolded.
fn calendar_lines(ics: &str) -> Vec<String> {
    assert!(ics.ends_with("\r\n"), "the last line ends with CRLF");
    for (i, line) in ics.trim_end_matches("\r\n").split("\r\n").enumerate() {
        assert!(
            !line.contains('\n') && !line.contains('\r'),
            "line {i}: a bare line break"
        );
        assert!(
            line.len() <= 75,
            "line {i} has {} octets: {line}",
            line.len()
        );
    }
    ics.replace("\r\n ", "")
        .trim_end_matches("\r\n")
        .split("\r\n")
        .map(str::to_string)
        .collect()
}

/// Each `VEVENT` of an unfolded calendar: property (with parameters) -> value.
fn calendar_events(lines: &[String]) -> Vec<BTreeMap<String, String>> {
    let mut events = Vec::new();
    let mut current: Option<BTreeMap<String, String>> = None;
    for line in lines {
        let (name, value) = line.split_once(':').expect("NAME:value");
        match (name, value) {
            ("BEGIN", "VEVENT") => current = Some(BTreeMap::new()),
            ("END", "VEVENT") => events.push(current.take().expect("an open VEVENT")),
            _ => {
                if let Some(event) = current.as_mut() {
                    assert!(
                        event.insert(name.to_string(), value.to_string()).is_none(),
                        "{name} twice in one VEVENT"
                    );
                }
            }
        }
    }
    events
}

/// The event pages' slugs with a given `status` in event.json.
fn slugs_with_status(out: &Path, status: &str) -> Vec<String> {
    let mut slugs: Vec<String> = tree(out)
        .into_iter()
        .filter(|(p, _)| p.file_name().is_some_and(|n| n == "event.json"))
        .filter_map(|(p, bytes)| {
            let doc: Value = serde_json::from_slice(&bytes).expect("json");
            (doc["event"]["status"] == status).then(|| {
                let dir = p
                    .parent()
                    .expect("folder")
                    .strip_prefix("events")
                    .expect("events/");
                dir.to_string_lossy().into_owned()
            })
        })
        .collect();
    slugs.sort();
    slugs
}

#[test]
fn the_feed_lists_results_newest_first_with_absolute_links_under_a_sub_path() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    let base = "https://example.github.io/archive/";
    build(site.path(), &out, Some(base));
    let text = fs::read_to_string(out.join("feed.xml")).expect("feed.xml");
    let feed = parse_xml(&text);
    assert_eq!(feed.name, "feed");
    assert_eq!(feed.attribute("xmlns"), "http://www.w3.org/2005/Atom");
    assert_eq!(
        feed.child("title").text,
        "Holonet Tournament Archive: results"
    );
    let self_link = feed
        .all("link")
        .find(|l| l.attribute("rel") == "self")
        .expect("a self link");
    assert_eq!(self_link.attribute("href"), format!("{base}feed.xml"));
    assert_eq!(feed.child("id").text, format!("{base}feed.xml"));
    let entries: Vec<&XmlElement> = feed.all("entry").collect();
    let got: Vec<(String, String, String)> = entries
        .iter()
        .map(|e| {
            let link = e.child("link");
            assert_eq!(link.attribute("rel"), "alternate");
            assert_eq!(
                link.attribute("href"),
                e.child("id").text,
                "the id is the link"
            );
            assert_eq!(
                e.child("author").child("name").text,
                "Holonet Tournament Archive"
            );
            (
                e.child("title").text.clone(),
                link.attribute("href").to_string(),
                e.child("updated").text.clone(),
            )
        })
        .collect();
    // Every running or finished event, by last day, newest first; the upcoming one is left out.
    let expected = [
        (
            "Corellia Spring Open 2026",
            "2026/corellia-spring-open",
            "2026-11-22",
        ),
        (
            "Coruscant Regional Championship 2019",
            "2019/coruscant-regional",
            "2019-06-15",
        ),
        (
            "Ilum Store Night 2019",
            "2019/ilum-store-night",
            "2019-03-16",
        ),
        (
            "Outer Rim Store Championship 2018",
            "2018/outer-rim-store-championship",
            "2018-03-17",
        ),
        (
            "Worlds 2017 consolation",
            "2017/worlds-2017-consolation",
            "2017-08-13",
        ),
        ("UK Regional 2017", "2017/uk-regional-2017", "2017-06-03"),
        ("Hoth Doubles 2017", "2017/hoth-doubles", "2017-02-11"),
        ("Mos Eisley Open 2015", "2015/mos-eisley-open", "2015-09-19"),
        (
            "Mos Eisley Cantina League, Spring 2015",
            "2015/mos-eisley-cantina-league",
            "2015-04-12",
        ),
        (
            "Dantooine Regional 2014",
            "2014/dantooine-regional",
            "2014-06-14",
        ),
        (
            "Echo Base Challenge Nights 2014",
            "2014/echo-base-challenge-nights",
            "2014-03-27",
        ),
        ("Endor Sealed 2008", "2008/endor-sealed", "2008-11-15"),
        ("Bespin Cup 2008", "2008/bespin-cup", "2008-10-04"),
        (
            "Mos Espa Doubles 2008",
            "2008/mos-espa-doubles",
            "2008-07-19",
        ),
        (
            "Cloud City Tuesday League 2008",
            "2008/cloud-city-league",
            "2008-06-24",
        ),
    ];
    let expected: Vec<(String, String, String)> = expected
        .iter()
        .map(|(title, slug, day)| {
            (
                title.to_string(),
                format!("{base}events/{slug}/"),
                format!("{day}T00:00:00Z"),
            )
        })
        .collect();
    assert_eq!(got, expected);
    let mut with_results = slugs_with_status(&out, "finished");
    with_results.extend(slugs_with_status(&out, "running"));
    assert_eq!(entries.len(), with_results.len());
    assert_eq!(feed.child("updated").text, "2026-11-22T00:00:00Z");
    let summary = &entries[1].child("summary").text;
    for part in [
        "Finished.",
        "1. Amara Okonkwo",
        "24 players",
        "FFG Tournament Regulations (2018)",
    ] {
        assert!(summary.contains(part), "{summary} says {part}");
    }
    let running = &entries[0].child("summary").text;
    assert!(running.contains("Running"), "{running}");
    // The home page's and the events index's heads point feed readers to the feed; the other
    // pages leave it to them.
    let mut pages = 0;
    for (path, bytes) in tree(&out) {
        if path.extension().is_some_and(|e| e == "html") {
            let html = String::from_utf8(bytes).expect("utf-8");
            let announced = ["index.html", "events/index.html"]
                .iter()
                .any(|p| path == Path::new(p));
            assert_eq!(
                html.contains("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"/archive/feed.xml\""),
                announced,
                "{} links the feed: {}",
                path.display(),
                !announced
            );
            pages += 1;
        }
    }
    assert!(pages > 2);
}

#[test]
fn the_calendar_lists_exactly_the_upcoming_events() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let ics = fs::read_to_string(out.join("calendar.ics")).expect("calendar.ics");
    let lines = calendar_lines(&ics);
    assert_eq!(
        lines[..4],
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Holonet//Holonet tournament archive//EN",
            "CALSCALE:GREGORIAN",
        ]
    );
    assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
    let events = calendar_events(&lines);
    let uids: Vec<&str> = events.iter().map(|e| e["UID"].as_str()).collect();
    // Running and upcoming events, soonest first: the store championship being played today,
    // then the regional in December.
    let mut expected: Vec<String> = slugs_with_status(&out, "running");
    expected.extend(slugs_with_status(&out, "upcoming"));
    let expected: Vec<String> = expected
        .iter()
        .map(|slug| format!("{slug}@holonet.example.org"))
        .collect();
    assert_eq!(uids, expected);
    assert_eq!(
        uids,
        [
            "2026/corellia-spring-open@holonet.example.org",
            "2026/kessel-run-regional@holonet.example.org"
        ]
    );
    let kessel = &events[1];
    for (name, value) in [
        ("DTSTAMP", "20261212T000000Z"),
        ("DTSTART;VALUE=DATE", "20261212"),
        ("DTEND;VALUE=DATE", "20261213"),
        ("SUMMARY", "Kessel Run Regional 2026"),
        ("LOCATION", "Spielraum am Kanal\\, Leipzig\\, Germany"),
        (
            "URL",
            "https://holonet.example.org/events/2026/kessel-run-regional/",
        ),
    ] {
        assert_eq!(kessel[name], value, "{name}");
    }
    let description = &kessel["DESCRIPTION"];
    assert!(
        description.starts_with("A formal-tier Regional on the 2018 regulations\\, with"),
        "the Markdown is plain text: {description}"
    );
    assert!(
        description.contains("\\nRegistered: 11 players\\n"),
        "{description}"
    );
    // Linked from the home page's upcoming events and from the events index.
    for page in ["index.html", "events/index.html"] {
        let html = fs::read_to_string(out.join(page)).expect("page");
        assert!(
            html.contains("href=\"/calendar.ics\""),
            "{page} links the calendar"
        );
    }
}

#[test]
fn event_pages_carry_open_graph_tags_and_schema_org_data() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(
        site.path(),
        &out,
        Some("https://example.github.io/archive/"),
    );
    let page = fs::read_to_string(out.join("events/2026/kessel-run-regional/index.html"))
        .expect("event page");
    for tag in [
        "<meta property=\"og:type\" content=\"article\">",
        "<meta property=\"og:title\" content=\"Kessel Run Regional 2026\">",
        "<link rel=\"canonical\" href=\"https://example.github.io/archive/events/2026/kessel-run-regional/\">",
        "<meta property=\"og:site_name\" content=\"Holonet Tournament Archive\">",
        "<meta property=\"og:description\" content=",
        "<meta property=\"og:image\" content=\"https://example.github.io/archive/events/2026/kessel-run-regional/preview.png\">",
        "<meta property=\"og:image:width\" content=\"1200\">",
        "<meta property=\"og:image:height\" content=\"630\">",
        "<meta property=\"og:image:alt\" content=\"Kessel Run Regional 2026, 12 December 2026: 11 players registered, SW:LCG, FFG Tournament Regulations (2018); upcoming.\">",
        "<meta name=\"twitter:card\" content=\"summary_large_image\">",
    ] {
        assert!(page.contains(tag), "the event page has {tag}");
    }
    assert!(!page.contains("og:locale"), "`en` names no region");
    // Every page people paste into a chat says more than its title, and the event's rounds and
    // current pairings show the event's card too.
    let read = |path: &str| fs::read_to_string(out.join(path)).expect(path);
    let finished = read("events/2019/coruscant-regional/index.html");
    assert!(
        finished.contains("<meta name=\"description\" content=\"Won by Amara Okonkwo · 24 players · Lyon, France · 15 June 2019 · FFG Tournament Regulations (2018)\">"),
        "{finished}"
    );
    let round = read("events/2019/coruscant-regional/rounds/1/index.html");
    assert!(round.contains("<meta property=\"og:image\" content=\"https://example.github.io/archive/events/2019/coruscant-regional/preview.png\">"));
    assert!(round.contains("<meta name=\"description\" content=\"12 tables, their results and the standings after round 1 · Won by Amara Okonkwo"));
    let pairings = read("events/2026/corellia-spring-open/pairings/index.html");
    assert!(pairings.contains("<meta property=\"og:image\" content=\"https://example.github.io/archive/events/2026/corellia-spring-open/preview.png\">"));
    assert!(pairings.contains("<meta name=\"description\" content=\"Find your table: 4 tables by player name and by number, 1 reported so far · Round 2 under way · 9 players"));
    let player = read("players/ann/index.html");
    assert!(
        player.contains("<meta name=\"description\" content=\"1 event, 2015; latest: Mos Eisley Cantina League, Spring 2015, 1st of 6\">"),
        "{player}"
    );
    let ld: Value = serde_json::from_str(&json_ld(&page)).expect("JSON-LD");
    assert_eq!(ld["@context"], "https://schema.org");
    assert_eq!(ld["@type"], "Event");
    assert_eq!(ld["name"], "Kessel Run Regional 2026");
    assert_eq!(ld["startDate"], "2026-12-12");
    assert_eq!(ld["endDate"], "2026-12-12");
    assert_eq!(ld["eventStatus"], "https://schema.org/EventScheduled");
    assert_eq!(ld["location"]["name"], "Spielraum am Kanal");
    assert_eq!(ld["location"]["address"], "Leipzig, Germany");
    assert_eq!(ld["organizer"]["name"], "Kessel Run Gaming e.V.");
    assert_eq!(
        ld["url"],
        "https://example.github.io/archive/events/2026/kessel-run-regional/"
    );
    let description = ld["description"].as_str().expect("description");
    assert!(
        description.starts_with("A formal-tier Regional on"),
        "{description}"
    );
    assert!(!description.contains("**"), "plain text: {description}");
    let home = fs::read_to_string(out.join("index.html")).expect("home");
    assert!(home.contains("<meta property=\"og:type\" content=\"website\">"));
    // A page without a card of its own shows the site's: home, a player's page.
    for html in [&home, &player] {
        assert_eq!(
            meta(html, "og:image"),
            Some("https://example.github.io/archive/site-card.png")
        );
        assert_eq!(
            meta(html, "og:image:alt"),
            Some(
                "Holonet Tournament Archive: Pairings, standings and results of Star Wars card game tournaments."
            )
        );
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    }
    let card = fs::read(out.join("site-card.png")).expect("the site's card");
    assert_eq!(&card[..8], b"\x89PNG\r\n\x1a\n");
    assert!(home.contains("<link rel=\"canonical\" href=\"https://example.github.io/archive/\">"));
    // The canonical link is the address for previews too: no `og:url` repeats it.
    assert!(!home.contains("og:url") && !page.contains("og:url"));
    assert!(
        !home.contains("application/ld+json"),
        "only event pages have event data"
    );
}

/// The `content` of a page's `<meta property="{property}">`, if it has one.
fn meta<'a>(html: &'a str, property: &str) -> Option<&'a str> {
    let open = format!("<meta property=\"{property}\" content=\"");
    let start = html.find(&open)? + open.len();
    Some(&html[start..start + html[start..].find('"')?])
}

/// Every event page names its link-preview image with an absolute address under the site's
/// base URL, and the image is there: a 1200x630 PNG, which a second build makes byte for byte
/// the same.
#[test]
fn every_event_page_links_its_preview_image_and_the_image_is_there() {
    let site = common::example_site();
    let out = site.path().join("public");
    let base = "https://example.github.io/archive/";
    let stats = build(site.path(), &out, Some(base));
    let mut cards = BTreeMap::new();
    for entry in walkdir::WalkDir::new(out.join("events")) {
        let entry = entry.expect("walk");
        if entry.file_name() != "event.json" {
            continue;
        }
        let dir = entry.path().parent().expect("event folder");
        let rel = dir
            .strip_prefix(&out)
            .expect("prefix")
            .display()
            .to_string();
        let html = fs::read_to_string(dir.join("index.html")).expect("event page");
        assert_eq!(
            meta(&html, "og:image"),
            Some(format!("{base}{rel}/preview.png").as_str()),
            "{rel}"
        );
        assert_eq!(meta(&html, "og:image:width"), Some("1200"), "{rel}");
        assert_eq!(meta(&html, "og:image:height"), Some("630"), "{rel}");
        let alt = meta(&html, "og:image:alt").expect("alt text");
        let name = meta(&html, "og:title").expect("title");
        assert!(alt.starts_with(name) && alt.ends_with('.'), "{rel}: {alt}");
        assert!(
            html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"),
            "{rel}"
        );
        let png = fs::read(dir.join("preview.png")).expect("the preview image exists");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{rel}");
        let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
        assert_eq!((be(16), be(20)), (1200, 630), "{rel}");
        cards.insert(rel, png);
    }
    assert_eq!(cards.len(), stats.events, "one card per event");
    let again = site.path().join("again");
    build(site.path(), &again, Some(base));
    for (rel, png) in &cards {
        assert_eq!(
            &fs::read(again.join(rel).join("preview.png")).expect("again"),
            png,
            "{rel}: the same bytes from a second build"
        );
    }
}

/// A build with no earlier output (a new folder, `public/` removed) takes each event's
/// link-preview image from the site's cache of drawn images instead of drawing it again, byte
/// for byte what drawing makes; an entry that is not sound (here one byte changed) is drawn
/// again and written over; a build keeps only the images of the cards it published.
#[test]
fn a_build_into_a_new_folder_takes_each_preview_image_from_the_sites_cache() {
    let site = common::example_site();
    let root = site.path();
    let cache = root.join(".holonet/cache/previews");
    let card = "events/2014/dantooine-regional/preview.png";
    // Built from the site folder as organizers do, into `folder`: the card published there.
    let card_built_into = |folder: &str| {
        common::run_ok(root, &["build", "--out", folder]);
        fs::read(root.join(folder).join(card)).expect("the card")
    };
    let drawn = card_built_into("first");
    let events = walkdir::WalkDir::new(root.join("first/events"))
        .into_iter()
        .filter(|entry| entry.as_ref().expect("walk").file_name() == "event.json")
        .count();
    // One entry per event: its image after a header (a layout line and a seal).
    let entries = || -> BTreeMap<String, Vec<u8>> {
        fs::read_dir(&cache)
            .expect("the cache")
            .map(|entry| {
                let entry = entry.expect("entry");
                let name = entry.file_name().to_string_lossy().into_owned();
                (name, fs::read(entry.path()).expect("read"))
            })
            .collect()
    };
    let first = entries();
    assert_eq!(first.len(), events, "{:?}", first.keys());
    let (name, _) = first
        .iter()
        .find(|(_, bytes)| bytes.ends_with(&drawn) && bytes.len() == drawn.len() + 24)
        .expect("the card's entry holds its image");
    let entry = cache.join(name);
    // A hit is read, never written: the entry's time, set far back, stays as it is.
    let long_ago = std::time::UNIX_EPOCH + std::time::Duration::from_secs(86_400);
    let set_time = |time| {
        fs::File::options()
            .write(true)
            .open(&entry)
            .and_then(|file| file.set_modified(time))
            .expect("set the time");
    };
    let time = || {
        fs::metadata(&entry)
            .and_then(|m| m.modified())
            .expect("time")
    };
    set_time(long_ago);
    assert_eq!(card_built_into("second"), drawn);
    assert_eq!(time(), long_ago, "the image came from the cache");
    assert_eq!(entries(), first);
    // One byte of the kept image changed: the image is drawn again, the entry written over.
    let mut damaged = first[name].clone();
    *damaged.last_mut().expect("bytes") ^= 0xff;
    fs::write(&entry, &damaged).expect("write");
    set_time(long_ago);
    assert_eq!(card_built_into("third"), drawn);
    assert_ne!(time(), long_ago, "drawn again");
    assert_eq!(entries(), first, "the entry is sound again");
    // The event's name changed: its new card is kept, its old one removed.
    common::edit(
        root,
        "events/2014/dantooine-regional.toml",
        "name = \"Dantooine Regional 2014\"",
        "name = \"Dantooine Regional Championship 2014\"",
    );
    let renamed = card_built_into("fourth");
    let fourth = entries();
    assert_eq!(fourth.len(), events);
    assert!(
        !fourth.contains_key(name.as_str()),
        "the old card's image is removed"
    );
    assert_ne!(renamed, drawn);
    assert!(fourth.values().any(|bytes| bytes.ends_with(&renamed)));
}

/// An event page rendered again from an edited template keeps its link-preview image as the
/// last render drew it: the image is drawn only when the facts on the card change (here in
/// `serve`'s memo; a build keeps it through `.holonet-events` the same way).
#[test]
fn a_preview_image_is_drawn_again_only_when_its_card_changes() {
    let site_dir = common::example_site();
    let (loaded, _) = site::load(site_dir.path(), None);
    let mut loaded = loaded.expect("the example loads");
    let memo = site::render::Memo::default();
    let card = "events/2014/dantooine-regional/preview.png";
    let page = "events/2014/dantooine-regional/index.html";
    let mut tree = site::disk_tree::DiskTree::open(site_dir.path()).expect("a served tree");
    let mut render = |loaded: &site::Site, memo: &site::render::Memo| {
        let batch = tree.batch();
        site::render_for_session(
            loaded,
            &site::render::Scope::all(),
            &batch,
            false,
            memo,
            site::SessionKept::default(),
        )
        .expect("render");
        let committed = tree.commit(batch.finish()).expect("commit");
        (committed, tree.get(page))
    };
    let (first, _) = render(&loaded, &memo);
    assert!(first.rendered.contains(card) && first.rendered.contains(page));
    // Another event template (which `serve` renders with a memo for new templates): every
    // event page is rendered again, no card drawn again.
    loaded
        .tera
        .add_raw_template("event.html", "<p>{{ event.name }}</p>")
        .expect("template");
    let memo = memo.for_new_templates();
    let (again, html) = render(&loaded, &memo);
    assert_eq!(
        html.as_deref(),
        Some(&b"<p>Dantooine Regional 2014</p>"[..]),
        "the page is rendered again"
    );
    assert!(
        again.kept.contains(card) && !again.rendered.contains(card),
        "the card is kept"
    );
    // The site's title, which every card shows, changed: the card is drawn again.
    loaded.config.title = "Another Archive".into();
    let (retitled, _) = render(&loaded, &memo);
    assert!(retitled.rendered.contains(card) && !retitled.kept.contains(card));
}

/// The text of a page's one `application/ld+json` script.
fn json_ld(html: &str) -> String {
    let open = "<script type=\"application/ld+json\">";
    let start = html.find(open).expect("a JSON-LD script") + open.len();
    let end = start + html[start..].find("</script>").expect("closed");
    html[start..end].to_string()
}

#[test]
fn hostile_names_are_escaped_in_feed_calendar_and_structured_data() {
    let site = small_site();
    let name = "</script><script>alert(1)</script> & \"Q's\" Cup; A, B\\C";
    let toml_name = name.replace('\\', "\\\\").replace('"', "\\\"");
    let file = site.path().join("events/2019/small-cup.toml");
    let text = fs::read_to_string(&file).expect("read");
    let hostile = text
        .replace(
            "name = \"Small Cup\"",
            &format!("name = \"{toml_name}\"\nlocation = \"<i>Town</i>\\nEND:VEVENT\"\norganizer = \"</script>\""),
        )
        .replace("name = \"Eve Tanaka\"", "name = \"<b onclick=alert(4)>Eve</b> & co\"");
    fs::write(&file, hostile).expect("write");
    // The same name on an upcoming event, for the calendar.
    fs::write(
        site.path().join("events/2019/next-cup.toml"),
        format!(
            "[event]\nname = \"{toml_name}\"\ndate = 2019-04-06\nend_date = 2019-04-07\nrules = \"ffg-2018\"\nlocation = \"<i>Town</i>\\nEND:VEVENT\"\ndescription = \"Line one; *two*,\\n\\nthree \\\\ four\"\n\n[[players]]\nname = \"Ana Lind\"\nid = \"ana\"\n"
        ),
    )
    .expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);

    // The event page: the JSON-LD cannot close its script element, and reads back exactly.
    let page = fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("page");
    // The event is running: besides the JSON-LD, the page loads running.js, and scheme.js (the
    // light-or-dark switch) as every page does.
    assert_eq!(
        page.replace("<script src=\"/running.js\" defer></script>", "")
            .replace("<script src=\"/scheme.js\"></script>", "")
            .matches("<script")
            .count(),
        1,
        "only the JSON-LD script"
    );
    let ld_text = json_ld(&page);
    assert!(!ld_text.contains(['<', '>', '&', '\'']), "{ld_text}");
    assert!(
        !ld_text.contains("\\\""),
        "quotes in strings are \\u0022: {ld_text}"
    );
    assert!(ld_text.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"));
    let ld: Value = serde_json::from_str(&ld_text).expect("JSON-LD");
    assert_eq!(ld["name"], name);
    assert_eq!(ld["organizer"]["name"], "</script>");
    assert_eq!(ld["location"]["name"], "<i>Town</i>\nEND:VEVENT");
    assert!(
        page.contains("<meta property=\"og:title\" content=\"&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Q&#39;s&quot; Cup; A, B\\C\">"),
        "the Open Graph title is escaped"
    );

    // The feed: well-formed, with the names as text.
    let feed_text = fs::read_to_string(out.join("feed.xml")).expect("feed");
    assert!(!feed_text.contains("<script") && !feed_text.contains("<b "));
    let feed = parse_xml(&feed_text);
    let entries: Vec<&XmlElement> = feed.all("entry").collect();
    assert_eq!(entries.len(), 1, "the upcoming event has no results yet");
    assert_eq!(entries[0].child("title").text, name);
    let summary = &entries[0].child("summary").text;
    assert!(
        summary.starts_with("Running: 2 rounds finished. <b onclick=alert(4)>Eve</b> & co leads after round 2. 5 players."),
        "{summary}"
    );
    assert!(
        summary.ends_with("2 March 2019, <i>Town</i>\nEND:VEVENT."),
        "{summary}"
    );

    // The calendar: special characters escaped, line breaks as \n, so no line can be forged.
    let ics = fs::read_to_string(out.join("calendar.ics")).expect("calendar");
    let lines = calendar_lines(&ics);
    assert_eq!(
        lines.iter().filter(|l| l.as_str() == "END:VEVENT").count(),
        2,
        "the running and the upcoming event, and no forged END:VEVENT line"
    );
    let events = calendar_events(&lines);
    let uids: Vec<&str> = events.iter().map(|e| e["UID"].as_str()).collect();
    assert_eq!(
        uids,
        [
            "2019/small-cup@fixture.example",
            "2019/next-cup@fixture.example"
        ],
        "soonest first"
    );
    assert_eq!(events[0]["SUMMARY"], events[1]["SUMMARY"]);
    let next = &events[1];
    assert_eq!(
        next["SUMMARY"],
        "</script><script>alert(1)</script> & \"Q's\" Cup\\; A\\, B\\\\C"
    );
    assert_eq!(next["LOCATION"], "<i>Town</i>\\nEND:VEVENT");
    assert_eq!(next["UID"], "2019/next-cup@fixture.example");
    assert_eq!(next["DTSTART;VALUE=DATE"], "20190406");
    assert_eq!(
        next["DTEND;VALUE=DATE"], "20190408",
        "the day after the last"
    );
    assert!(
        next["DESCRIPTION"].starts_with("Line one\\; two\\,\\n\\nthree \\\\ four\\n\\nRules: "),
        "{}",
        next["DESCRIPTION"]
    );
}

/// A running event has a page for its current round: every table, and every player A to Z with
/// their table and opponent; the event page links it. A finished event has none.
#[test]
fn the_current_round_has_its_own_page_by_table_and_by_name() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let event =
        fs::read_to_string(out.join("events/2026/corellia-spring-open/index.html")).expect("event");
    assert!(
        event.contains("href=\"/events/2026/corellia-spring-open/pairings/\""),
        "the event page links the current round"
    );
    let page = visible_text(
        &fs::read_to_string(out.join("events/2026/corellia-spring-open/pairings/index.html"))
            .expect("pairings"),
    );
    assert!(page.contains("Round 2"), "{page}");
    assert!(page.contains("4 tables, 1 reported"), "{page}");
    // By name, accents folded: Hana Dvořáková first, Zoë Achterberg last; Tobias has the bye.
    let by_name = page
        .split("Where each player sits")
        .nth(1)
        .expect("by-name table");
    let order: Vec<usize> = [
        "Hana Dvořáková 2 Priya Nair",
        "Jürgen Falkenrath 1 Maren Holm",
        "Tobias Lund Bye",
        "Zoë Achterberg 3 Niamh Byrne",
    ]
    .iter()
    .map(|row| {
        by_name
            .find(row)
            .unwrap_or_else(|| panic!("{row:?} in {by_name}"))
    })
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "A to Z: {order:?}");
    assert!(page.contains("Bye: Tobias Lund"), "{page}");
    assert!(
        !out.join("events/2018/outer-rim-store-championship/pairings")
            .exists(),
        "a finished event has no current round"
    );
}

/// Once the Swiss rounds are over, the current round is the elimination games ready to play,
/// with the sides the bracket gives (a higher seed's choice is not known until recorded).
#[test]
fn the_current_round_of_a_bracket_is_its_ready_games() {
    let site = copy_site(Path::new("."));
    // Keep the bracket's first four games only.
    common::keep_bracket_games(&site.path().join("events/2015/mos-eisley-open.toml"), 4);
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = visible_text(
        &fs::read_to_string(out.join("events/2015/mos-eisley-open/pairings/index.html"))
            .expect("pairings"),
    );
    assert!(page.contains("Top 8: games 5, 6, 7 and 8"), "{page}");
    // Game 6: the upper bracket's Maren Holm plays dark (the side she played fewer times).
    assert!(
        page.contains("6 Maren Holm dark Felix Navarro light"),
        "{page}"
    );
    assert!(page.contains("Priya Nair 5 Leon Duval"), "{page}");
}

/// A SW:CCG event's current game: dark and light at every table.
#[test]
fn the_current_game_of_a_ccg_event_shows_the_sides() {
    let site = small_site();
    fs::write(
        site.path().join("events/2019/ccg-now.toml"),
        "[event]\nname = \"CCG Now\"\ndate = 2019-03-02\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 4\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bo\"\n[[players]]\nname = \"Cy Marrow\"\nid = \"cy\"\n[[players]]\nname = \"Di\"\n\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bo\", winner = \"ann\", differential = 10 },\n  { table = 2, dark = \"cy\", light = \"di\" },\n]\n",
    )
    .expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = visible_text(
        &fs::read_to_string(out.join("events/2019/ccg-now/pairings/index.html")).expect("page"),
    );
    assert!(page.contains("Game 1"), "{page}");
    assert!(page.contains("2 tables, 1 reported"), "{page}");
    assert!(page.contains("2 Cy Marrow dark Di light"), "{page}");
    assert!(page.contains("Di light 2 Cy Marrow"), "{page}");
}

/// Each bracket game shows its result: "won" for a game played out, both sides' points for a
/// game that went to time; a slot whose player is not known yet says where they come from and
/// links to that game.
#[test]
fn bracket_games_show_results_and_where_players_come_from() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page =
        fs::read_to_string(out.join("events/2015/mos-eisley-open/index.html")).expect("page");
    let game = |n: u32| {
        let start = page
            .find(&format!("id=\"game-{n}\""))
            .unwrap_or_else(|| panic!("game {n}"));
        let end = start + page[start..].find("</div>").expect("end");
        visible_text(&page[start..end])
    };
    // Game 10 went to time: Maren Holm (dark) 5.35 to Niamh Byrne (light) 4.9.
    let timed = game(10);
    assert!(
        timed.contains("Maren Holm 5.35 (won on time, 5.35 points) dark"),
        "{timed}"
    );
    assert!(
        timed.contains("Niamh Byrne 4.9 (lost on time, 4.9 points) light"),
        "{timed}"
    );
    let played = game(1);
    // "won" is said once, seen and heard; the loser's "(lost)" is heard only.
    assert!(played.contains("Priya Nair won light"), "{played}");
    assert!(played.contains("Niamh Byrne (lost) dark"), "{played}");
    // The sides' reason most games give is said once, above the bracket; a game whose reason
    // differs says its own.
    assert!(page.contains("<p>Sides: <a href=\"/rules/ffg-2014/#deck-choice\">side played fewer times</a> in each game unless the game says otherwise.</p>"));
    assert!(played.contains("Sides: higher seed"), "{played}");
    assert!(!game(10).contains("Sides:"), "{}", game(10));

    common::keep_bracket_games(&site.path().join("events/2015/mos-eisley-open.toml"), 9);
    build(site.path(), &out, None);
    let page =
        fs::read_to_string(out.join("events/2015/mos-eisley-open/index.html")).expect("page");
    for (from, text) in [
        ("game-10", "Winner of game 10"),
        ("game-14", "Loser of game 14"),
        ("game-13", "Winner of game 13"),
    ] {
        assert!(
            page.contains(&format!("<a href=\"#{from}\">{text}</a>")),
            "{text}"
        );
    }
}

/// The bracket is drawn as a bracket: each game's cell says how it connects to the next round
/// (pairs join in the upper bracket; the lower bracket alternates straight lines and pairs; the
/// last game of each part feeds the final).
#[test]
fn bracket_games_carry_their_connectors() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page =
        fs::read_to_string(out.join("events/2015/mos-eisley-open/index.html")).expect("page");
    let cell = |game: u32| {
        let marker = format!("id=\"game-{game}\"");
        let at = page.find(&marker).unwrap_or_else(|| panic!("game {game}"));
        let start = page[..at].rfind("<li").expect("cell");
        page[start..at].to_string()
    };
    for (game, join) in [
        (1, "join-pair"),
        (4, "join-pair"),
        (5, "join-pair"),
        (9, "join-final-upper"),
        (7, "join-straight"),
        (10, "join-pair"),
        (12, "join-straight"),
        (13, "join-final-lower"),
        (14, "final-first"),
        (15, "final-second"),
    ] {
        assert_eq!(
            cell(game),
            format!("<li class=\"bracket-cell {join}\" "),
            "game {game}"
        );
    }
}

/// The README's theme hint in a site made by `holonet init`, which has no `themes/` folder:
/// `theme = "holotable"` builds with the built-in theme; a theme neither there nor built in is
/// one error, said once, naming the built-in themes.
#[test]
fn the_readme_theme_hint_works_in_a_new_site() {
    let dir = tempfile::tempdir().expect("tempdir");
    common::run_ok(dir.path(), &["init", "site"]);
    let site = dir.path().join("site");
    assert!(!site.join("themes").exists());
    let config = site.join("holonet.toml");
    let text = fs::read_to_string(&config).expect("config");
    assert!(text.contains("# theme = \"holotable\""), "{text}");
    fs::write(
        &config,
        text.replace("# theme = \"holotable\"", "theme = \"holotable\""),
    )
    .expect("config");
    common::run_ok(&site, &["build"]);
    assert_eq!(
        fs::read(site.join("public/theme.css")).expect("theme.css"),
        fs::read("themes/holotable/static/theme.css").expect("source")
    );
    let home = fs::read_to_string(site.join("public/index.html")).expect("home");
    assert!(
        home.contains("href=\"/theme.css\""),
        "the theme's sheet is linked"
    );
    let not_found = fs::read_to_string(site.join("public/404.html")).expect("404");
    assert!(
        not_found.contains("No signal"),
        "the theme's own 404 template"
    );

    let text = fs::read_to_string(&config).expect("config");
    fs::write(
        &config,
        text.replace("theme = \"holotable\"", "theme = \"nope\""),
    )
    .expect("config");
    let out = common::holonet(&["check"], &site);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(said.matches("error[H012]").count(), 1, "{said}");
    assert!(
        said.contains("theme `nope` is not in themes/, nor built in")
            && said.contains("use a built-in theme (\"holotable\")"),
        "{said}"
    );
}

/// The second theme restyles the site with a stylesheet loaded after the default one, and
/// replaces a template, without any change to the code; the default look links no theme sheet.
#[test]
fn the_holotable_theme_changes_the_look_without_code() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let plain = fs::read_to_string(out.join("index.html")).expect("home");
    assert!(!plain.contains("theme.css"), "no theme sheet by default");
    assert!(!out.join("theme.css").exists());

    let config = site.path().join("holonet.toml");
    let text = fs::read_to_string(&config).expect("config");
    fs::write(&config, format!("theme = \"holotable\"\n{text}")).expect("config");
    build(site.path(), &out, None);
    let themed = fs::read_to_string(out.join("index.html")).expect("home");
    let default_sheet = themed.find("href=\"/style.css\"").expect("default sheet");
    let theme_sheet = themed.find("href=\"/theme.css\"").expect("theme sheet");
    assert!(default_sheet < theme_sheet, "the theme's rules come last");
    assert_eq!(
        fs::read(out.join("theme.css")).expect("theme.css"),
        fs::read("themes/holotable/static/theme.css").expect("source")
    );
    let not_found = fs::read_to_string(out.join("404.html")).expect("404");
    assert!(
        not_found.contains("No signal"),
        "the theme's own 404 template"
    );
    // The head's link-preview tags are the default theme's own (one shared partial).
    let event =
        fs::read_to_string(out.join("events/2015/mos-eisley-open/index.html")).expect("event page");
    assert!(event.contains("<meta property=\"og:image\" content=\"https://"));
    assert!(event.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));

    // Its own layout: every page (but the venue's room screen and the printed slips, which have
    // their own) has the rail with a search box and the main navigation, the phone menu that
    // opens without script, the skip link and one main landmark, and still links search,
    // players, statistics, the rules and both feeds.
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.expect("walk");
        let path = entry.path();
        let rel = path.strip_prefix(&out).expect("prefix").to_string_lossy();
        if path.extension().is_none_or(|e| e != "html")
            || rel.contains("/room/")
            || rel.contains("/slips/")
        {
            continue;
        }
        let html = fs::read_to_string(path).expect("page");
        for part in [
            "<a class=\"skip-link\" href=\"#main\">",
            "<header class=\"site-header holo-rail\">",
            "<details class=\"holo-menu\">",
            "<summary>Menu</summary>",
            "<nav class=\"site-nav holo-side-nav\" aria-label=\"Main\">",
            "<form class=\"holo-search\" role=\"search\" aria-label=\"Quick search\" action=\"/search/\" method=\"get\">",
            "<main id=\"main\" tabindex=\"-1\">",
            "href=\"/search/\"",
            "href=\"/players/\"",
            "href=\"/stats/\"",
            "href=\"/rules/\"",
            "href=\"/feed.xml\"",
            "href=\"/calendar.ics\"",
        ] {
            assert!(html.contains(part), "{rel} lacks {part}");
        }
        assert_eq!(html.matches("<main").count(), 1, "{rel}: one main");
        pages += 1;
    }
    assert!(pages > 150, "the theme's layout on every page ({pages})");

    // The home page is a scoreboard: the running event first, as a large tile with its round's
    // pairings, then the recent results with their winners.
    let home = fs::read_to_string(out.join("index.html")).expect("home");
    let running = home
        .find("<ul class=\"tiles tiles-large\">")
        .expect("running tiles");
    let recent = home
        .find("<ul class=\"tiles tiles-medium\">")
        .expect("recent tiles");
    assert!(running < recent, "running events lead");
    assert!(
        home.contains("<h3 class=\"tile-name\"><a href=\"/events/2026/corellia-spring-open/\">")
    );
    assert!(home.contains("find your table</a></p>"));
    assert!(home.contains("<div class=\"tile-winner\"><dt>Winner<dd><a href=\"/players/maren-holm/\">Maren Holm</a></div>"));
    // The event page keeps its contents list, which the theme's stylesheet makes stick.
    let event =
        fs::read_to_string(out.join("events/2015/mos-eisley-open/index.html")).expect("event page");
    assert!(event.contains("<nav class=\"page-toc\" aria-label=\"On this page\">"));
}

/// Reads the built site's search index.
fn search_index(out: &Path) -> Value {
    let text = fs::read_to_string(out.join("search.json")).expect("search.json");
    serde_json::from_str(&text).expect("search.json is valid JSON")
}

#[test]
fn search_page_and_index_work_under_a_sub_path() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(
        site.path(),
        &out,
        Some("https://example.github.io/archive/"),
    );
    let page = fs::read_to_string(out.join("search/index.html")).expect("search page");
    for text in [
        "<form class=\"search-form\" role=\"search\" action=\"/archive/search/\" method=\"get\" data-index=\"/archive/search.json\" data-root=\"/archive/\">",
        "<label for=\"search-q\">",
        "<input type=\"search\" id=\"search-q\" name=\"q\"",
        "aria-live=\"polite\"",
        "<script src=\"/archive/search.js\" defer></script>",
        "<noscript>",
        "href=\"/archive/events/\"",
        "href=\"/archive/players/\"",
        "href=\"/archive/stats/\"",
        "href=\"/archive/docs/search/\"",
    ] {
        assert!(page.contains(text), "the search page has {text}");
    }
    assert!(
        visible_text(&page).contains("16 events, 169 players and 34 decklists"),
        "{}",
        visible_text(&page)
    );
    assert!(out.join("search.js").is_file());
    assert!(out.join("docs/search/index.html").is_file());
    let home = fs::read_to_string(out.join("index.html")).expect("home");
    assert!(
        home.contains("<a href=\"/archive/search/\">Search</a>"),
        "the navigation links the search page"
    );
    assert!(page.contains("<a href=\"/archive/search/\" aria-current=\"page\">Search</a>"));

    // Every link in the index is relative to the site root and names a page of the build.
    let index = search_index(&out);
    assert_eq!(index["v"], 1);
    let events = index["e"].as_array().expect("events");
    let players = index["p"].as_array().expect("players");
    let decks = index["d"].as_array().expect("decks");
    assert_eq!((events.len(), players.len(), decks.len()), (16, 169, 34));
    let id = |v: &Value| v["i"].as_str().expect("i").to_string();
    let mut pages: Vec<String> = events
        .iter()
        .map(|e| format!("events/{}/", id(e)))
        .chain(players.iter().map(|p| format!("players/{}/", id(p))))
        .collect();
    for d in decks {
        let event = &events[d["e"].as_u64().expect("e") as usize];
        let player = &players[d["p"].as_u64().expect("p") as usize];
        let deck = d["i"].as_str().map_or_else(|| id(player), str::to_string);
        let page = format!("events/{}/decks/", id(event));
        let html = fs::read_to_string(out.join(&page).join("index.html")).expect("decklists");
        assert!(
            html.contains(&format!(" id=\"deck-{deck}\">")),
            "{page}#deck-{deck}"
        );
        pages.push(page);
    }
    for url in &pages {
        assert!(out.join(url).join("index.html").is_file(), "{url}");
    }
    let players_index = fs::read_to_string(out.join("players/index.html")).expect("players");
    assert_eq!(
        players_index.matches("<a href=\"/archive/players/").count(),
        players.len() + 1,
        "one entry per player page, and the navigation's link"
    );
    let json = fs::read_to_string(out.join("search.json")).expect("index");
    let bytes = json.len();
    // The card pages (every SW:CCG card of the example's lists) are budgeted apart.
    let cards_at = json.find(",\"c\":[").expect("card entries");
    let card_entries = json[cards_at..].matches("{\"n\":").count();
    let card_bytes = bytes - cards_at;
    let entries = events.len() + players.len() + decks.len();
    println!(
        "search.json: {cards_at} bytes for {entries} entries ({} bytes each), and {card_bytes} for {card_entries} cards",
        cards_at / entries
    );
    assert!(
        cards_at / entries < 110,
        "{cards_at} bytes for {entries} entries"
    );
    assert!(card_bytes / card_entries < 50, "{card_bytes} bytes");
}

#[test]
fn search_index_is_identical_across_builds_and_free_of_the_base_url() {
    let site = copy_site(Path::new("."));
    let a = site.path().join("out-a");
    let b = site.path().join("out-b");
    build(site.path(), &a, None);
    build(site.path(), &b, Some("https://example.github.io/archive/"));
    let first = fs::read(a.join("search.json")).expect("a");
    assert_eq!(
        first,
        fs::read(b.join("search.json")).expect("b"),
        "the same bytes, whatever the base URL"
    );
    build(site.path(), &a, None);
    assert_eq!(first, fs::read(a.join("search.json")).expect("again"));
    assert!(first.ends_with(b"}\n") && !first.contains(&b'\t'));
}

#[test]
fn hostile_names_are_plain_data_in_the_search_index_and_page() {
    let site = small_site();
    let event = site.path().join("events/2019/small-cup.toml");
    let text = fs::read_to_string(&event).expect("read");
    let hostile = text
        .replace("name = \"Small Cup\"", "name = \"Cup <script>alert(1)</script>\"\nlocation = \"</script><img src=x onerror=alert(2)>\"")
        .replace("name = \"Ana Lind\"", "name = \"<b onclick=alert(4)>Ana</b> \\\"Q\\\"\"");
    fs::write(&event, hostile).expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let index = search_index(&out);
    assert_eq!(index["e"][0]["n"], "Cup <script>alert(1)</script>");
    assert_eq!(index["e"][0]["l"], "</script><img src=x onerror=alert(2)>");
    assert_eq!(index["p"][0]["n"], "<b onclick=alert(4)>Ana</b> \"Q\"");
    let page = fs::read_to_string(out.join("search/index.html"))
        .expect("search page")
        .to_lowercase();
    for bad in ["<script>alert", "<img src=x", "<b onclick", "onerror"] {
        assert!(!page.contains(bad), "the search page contains {bad}");
    }
}

/// A synthetic archive of 300 events known by their standings (16 players each from a pool of
/// 1,200 names, the top two with lists): the index stays small per entry.
#[test]
fn search_index_of_a_large_archive_stays_compact() {
    const FIRST: [&str; 40] = [
        "Ada", "Bo", "Cai", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena",
        "Milo", "Nia", "Otto", "Pia", "Quin", "Rosa", "Sami", "Tove", "Uma", "Vik", "Wren", "Xena",
        "Yuri", "Zoë", "Aino", "Bram", "Cleo", "Dag", "Elin", "Finn", "Greta", "Hugo", "Ines",
        "Jonas", "Kira", "Lars", "Maren", "Noor",
    ];
    const LAST: [&str; 30] = [
        "Achterberg",
        "Brandt",
        "Castillo",
        "Dlamini",
        "Eriksen",
        "Fontaine",
        "García",
        "Haddad",
        "Ishikawa",
        "Jovanović",
        "Kowalski",
        "Lindqvist",
        "Moreau",
        "Novák",
        "Okafor",
        "Petrov",
        "Quist",
        "Rossi",
        "Sørensen",
        "Tanaka",
        "Ulrich",
        "Varga",
        "Weiß",
        "Xu",
        "Yilmaz",
        "Zielińska",
        "Abbott",
        "Bianchi",
        "Coelho",
        "Dubois",
    ];
    let site = tempfile::tempdir().expect("tempdir");
    fs::write(
        site.path().join("holonet.toml"),
        "title = \"Synthetic\"\nbase_url = \"https://synthetic.example/\"\n",
    )
    .expect("config");
    for k in 0..300_usize {
        let year = 2012 + k % 14;
        let mut file = format!(
            "[event]\nname = \"{} Open {year} #{k}\"\ndate = {year}-{:02}-{:02}\nrules = \"ffg-2014\"\ntier = \"competitive\"\nlocation = \"{} City\"\n",
            LAST[k % 30],
            1 + k % 12,
            1 + k % 28,
            FIRST[k % 40],
        );
        let ids: Vec<String> = (0..16)
            .map(|j| {
                let n = (k * 16 + j) * 37 % 1200;
                let name = format!("{} {}", FIRST[n % 40], LAST[n / 40]);
                let id = holonet::event::ids::id_from_name(&name);
                file.push_str(&format!("\n[[players]]\nname = \"{name}\"\nid = \"{id}\"\n"));
                if j < 2 {
                    file.push_str("\n[players.decks.dark]\naffiliation = \"Sith\"\nobjectives = [\"19\", \"19\", \"20\", \"20\", \"23\", \"23\", \"40\", \"40\", \"50\", \"50\"]\n");
                    file.push_str("\n[players.decks.light]\naffiliation = \"Jedi\"\nobjectives = [\"1\", \"1\", \"5\", \"5\", \"7\", \"7\", \"37\", \"37\", \"48\", \"48\"]\n");
                }
                id
            })
            .collect();
        for (j, id) in ids.iter().enumerate() {
            file.push_str(&format!(
                "\n[[standings]]\nrank = {}\nplayer = \"{id}\"\npoints = {}\n",
                j + 1,
                3 * (16 - j)
            ));
        }
        let dir = site.path().join(format!("events/{year}"));
        fs::create_dir_all(&dir).expect("mkdir");
        fs::write(dir.join(format!("open-{k}.toml")), file).expect("event");
    }
    let (loaded, report) = site::load(site.path(), None);
    let loaded = loaded.unwrap_or_else(|| panic!("{}", report.render()));
    let view = site::model::SiteView::new(&loaded.config, &loaded.pages);
    let summaries: Vec<_> = loaded
        .events
        .iter()
        .map(|held| {
            let (e, c) = held.open();
            site::summary::summary(&view, &loaded.aliases, &e, &c)
        })
        .collect();
    let summaries: Vec<_> = summaries.iter().collect();
    let players = loaded.contributions.player_pages(&view, None);
    let ratings = loaded
        .contributions
        .ratings(&view, &loaded.config.ratings, &players, None);
    let cards = loaded
        .contributions
        .card_pages(&view, usize::MAX, None, drop);
    let index = site::search::build(
        &loaded.events,
        &summaries,
        &loaded.contributions,
        &loaded.aliases,
        true,
        site::search::ArchiveParts::of(&players, Some(&ratings), &cards),
    );
    assert_eq!(
        (index.e.len(), index.p.len(), index.d.len()),
        (300, 1200, 600)
    );
    let bytes = site::search::to_json(&index).len();
    let entries = 300 + 1200 + 600;
    println!(
        "synthetic search.json: {bytes} bytes for {entries} entries ({} bytes each)",
        bytes / entries
    );
    assert!(bytes / entries < 70, "{bytes} bytes");
}

fn casual_site() -> tempfile::TempDir {
    copy_site(Path::new("tests/fixtures/sites/casual"))
}

/// The league of the casual fixture, computed by hand in its header comment.
#[test]
fn league_event_json_and_page_carry_hand_computed_standings() {
    let site = casual_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2019/spring-league");
    assert_eq!(doc["event"]["status"], "running", "not closed");
    assert_eq!(
        doc["placings"],
        Value::Null,
        "no final places while running"
    );
    let league = &doc["league"];
    assert_eq!(league["min_games"], 2);
    let rows: Vec<(Value, &str, u64, u64, Value, Value)> = league["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|r| {
            (
                r["rank"].clone(),
                r["id"].as_str().expect("id"),
                r["points"].as_u64().expect("points"),
                r["games"].as_u64().expect("games"),
                r["decided_by"].clone(),
                r["weekly_points"].clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                1.into(),
                "ana",
                4,
                2,
                Value::Null,
                serde_json::json!([4, 0])
            ),
            (
                2.into(),
                "cy",
                4,
                4,
                "fewer_games".into(),
                serde_json::json!([1, 3])
            ),
            (
                3.into(),
                "ben",
                3,
                3,
                "points".into(),
                serde_json::json!([0, 3])
            ),
            (
                Value::Null,
                "dee",
                3,
                1,
                Value::Null,
                serde_json::json!([0, 3])
            ),
        ]
    );
    assert_eq!(league["standings"][3]["games_short"], 1);
    assert_eq!(league["standings"][0]["head_to_head_points"], 1);
    let weeks: Vec<(&str, &str, u64)> = league["weeks"]
        .as_array()
        .expect("weeks")
        .iter()
        .map(|w| {
            (
                w["first_day"].as_str().expect("day"),
                w["last_day"].as_str().expect("day"),
                w["games"].as_u64().expect("games"),
            )
        })
        .collect();
    assert_eq!(
        weeks,
        [
            ("2019-03-04", "2019-03-10", 2),
            ("2019-03-11", "2019-03-17", 3)
        ]
    );
    assert_eq!(league["games"][1]["winner"], Value::Null, "a draw");
    assert_eq!(league["games"][0]["points"], serde_json::json!([3, 0]));
    assert!(doc.get("rounds").is_none(), "a league has no rounds");

    let page = fs::read_to_string(out.join("events/2019/spring-league/index.html")).expect("page");
    assert!(page.contains("1 more game to be ranked"), "Dee is unranked");
    assert!(page.contains("tie broken by fewer games played"));
    assert!(page.contains(r#"id="week-2""#) && page.contains("11–17 March 2019"));
    assert!(
        page.contains("&lt;b&gt;Ben&lt;/b&gt; Osei"),
        "shown as text"
    );
    assert!(!page.contains("<b>Ben</b>"), "names are escaped");
    assert!(!page.contains("Swiss rounds"), "a league plans no rounds");
    let index = fs::read_to_string(out.join("index.html")).expect("home");
    assert!(
        index.contains("5 games played"),
        "the running league's progress"
    );
    let dee = fs::read_to_string(out.join("players/dee/index.html")).expect("player");
    assert!(dee.contains("unranked (too few games)"));
    let ana = fs::read_to_string(out.join("players/ana/index.html")).expect("player");
    assert!(ana.contains("league rank 1 of 4"));
}

/// The challenge night of the casual fixture: each scenario's record by team size, each
/// player's sessions on the event and player pages, and the archive's statistics.
#[test]
fn challenge_event_json_and_pages_show_each_scenarios_record() {
    let site = casual_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2019/challenge-night");
    assert_eq!(doc["event"]["status"], "finished", "closed");
    let challenge = &doc["challenge"];
    assert_eq!(
        challenge["records"],
        serde_json::json!([
            {
                "scenario": "jerjerrods-task", "sessions": 2, "solo_wins": 1, "team_wins": 1,
                "by_team_size": [
                    { "team_size": 2, "sessions": 1, "solo_wins": 1, "team_wins": 0 },
                    { "team_size": 3, "sessions": 1, "solo_wins": 0, "team_wins": 1 }
                ]
            },
            {
                "scenario": "hunt-for-skywalker", "sessions": 1, "solo_wins": 0, "team_wins": 1,
                "by_team_size": [{ "team_size": 3, "sessions": 1, "solo_wins": 0, "team_wins": 1 }]
            }
        ])
    );
    assert_eq!(challenge["sessions"][1]["solo_side"], "light");
    assert_eq!(challenge["sessions"][0]["solo_side"], "dark");
    assert_eq!(challenge["sessions"][0]["date"], Value::Null);
    // Ana: the challenge deck once (won), then on the two winning teams.
    assert_eq!(
        challenge["players"][0],
        serde_json::json!({
            "id": "ana",
            "solo": { "played": 1, "won": 1 },
            "team": { "played": 2, "won": 2 },
            "sessions": [1, 2, 3]
        })
    );
    let page =
        fs::read_to_string(out.join("events/2019/challenge-night/index.html")).expect("page");
    assert!(page.contains(r#"id="session-2""#));
    assert!(page.contains("Team of 3"));
    let ana = fs::read_to_string(out.join("players/ana/index.html")).expect("player");
    assert!(ana.contains("Challenge-deck sessions"));
    assert!(ana.contains("challenge deck (dark side)"));
    assert!(ana.contains("solo 1–0, team 2–0"));
    let stats = fs::read_to_string(out.join("stats/index.html")).expect("stats");
    assert!(stats.contains("Challenge-deck scenarios"));
    assert!(
        stats.contains("Light and Dark: SW:LCG"),
        "league games have known sides"
    );
}

/// A rebuild keeps the files of events whose inputs did not change (without rendering them)
/// and renders the rest: after each kind of edit, the output is byte for byte a fresh build's.
#[test]
fn a_rebuild_reuses_unchanged_events_and_matches_a_fresh_build() {
    let site = copy_site(Path::new("."));
    let root = site.path();
    let out = root.join("public");
    let fresh = |name: &str| {
        let dir = root.join(name);
        build(root, &dir, None);
        let files = tree(&dir);
        fs::remove_dir_all(&dir).expect("remove");
        files
    };
    let first = build(root, &out, None);
    assert_eq!(first.write.unchanged, 0);
    let events = tree(&out)[Path::new(holonet::site::addresses::EVENTS_RECORD)].clone();
    assert_eq!(
        String::from_utf8_lossy(&events).lines().count(),
        1 + first.events + 1,
        "one line per event between the header and the seal"
    );

    // Nothing changed: every event is kept, nothing written.
    let again = build(root, &out, None);
    assert_eq!((again.write.written, again.write.removed), (0, 0));
    assert_eq!(tree(&out), fresh("fresh-0"));

    // One event edited: its page (and the archive pages naming its place) change.
    let edited = "events/2026/corellia-spring-open.toml";
    common::edit(
        root,
        edited,
        "Bristol, United Kingdom",
        "Bath, United Kingdom",
    );
    let after_edit = build(root, &out, None);
    assert!(after_edit.write.written > 0);
    let page =
        fs::read_to_string(out.join("events/2026/corellia-spring-open/index.html")).expect("page");
    assert!(page.contains("Bath, United Kingdom"));
    assert_eq!(tree(&out), fresh("fresh-1"));

    // A result recorded: standings, ratings, player and head-to-head pages change. The
    // archive-wide pages whose context did not change are kept from the last build's record,
    // the others rendered: the output is still a fresh build's.
    common::edit(
        root,
        edited,
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"] }",
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"draw\"] }",
    );
    let maren = out.join("players/maren-holm/index.html");
    let before = fs::read(&maren).expect("player page");
    let record = out.join(holonet::site::addresses::PAGES_RECORD);
    let pages_before = fs::read_to_string(&record).expect("the pages' record");
    assert!(pages_before.contains("\tplayers/maren-holm/index.html\n"));
    build(root, &out, None);
    assert_ne!(
        fs::read(&maren).expect("player page"),
        before,
        "rendered again"
    );
    assert_ne!(fs::read_to_string(&record).expect("record"), pages_before);
    assert_eq!(tree(&out), fresh("fresh-result"));

    // A report beside an event is that event's own.
    let report = root.join("events/2018/outer-rim-store-championship.md");
    let text = fs::read_to_string(&report).expect("report");
    fs::write(
        &report,
        format!("{text}\nA closing word from the organizer.\n"),
    )
    .expect("write");
    build(root, &out, None);
    let page = fs::read_to_string(out.join("events/2018/outer-rim-store-championship/index.html"))
        .expect("page");
    assert!(page.contains("A closing word from the organizer."));
    assert_eq!(tree(&out), fresh("fresh-2"));

    // A template shared by every event renders every event again, but an event's link-preview
    // image, which no template draws, is kept as it was: same file, same time.
    let card = out.join("events/2014/dantooine-regional/preview.png");
    let card_time = fs::metadata(&card)
        .and_then(|m| m.modified())
        .expect("mtime");
    common::edit(
        root,
        "templates/event.html",
        "<h2 id=\"facts-heading\"",
        "<h2 data-edited=\"yes\" id=\"facts-heading\"",
    );
    build(root, &out, None);
    let page =
        fs::read_to_string(out.join("events/2014/dantooine-regional/index.html")).expect("page");
    assert!(page.contains("data-edited=\"yes\""));
    assert_eq!(tree(&out), fresh("fresh-3"));
    assert_eq!(
        fs::metadata(&card)
            .and_then(|m| m.modified())
            .expect("mtime"),
        card_time,
        "the card is kept"
    );

    // A file of an unchanged event deleted or edited by hand is made again.
    let json = out.join("events/2026/kessel-run-regional/event.json");
    let original = fs::read(&json).expect("json");
    fs::remove_file(&json).expect("remove");
    build(root, &out, None);
    assert_eq!(fs::read(&json).expect("json again"), original);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let mut tampered = original.clone();
    tampered[0] = b' ';
    fs::write(&json, &tampered).expect("tamper");
    build(root, &out, None);
    assert_eq!(fs::read(&json).expect("json repaired"), original);
}

/// The pages of each running event (`events/<slug>/` and its current round's page), from the
/// status in each event's `event.json`.
fn running_event_pages(out: &Path) -> Vec<PathBuf> {
    let mut pages = Vec::new();
    for entry in walkdir::WalkDir::new(out.join("events")) {
        let entry = entry.expect("walk");
        if entry.file_name() != "event.json" {
            continue;
        }
        let doc: Value =
            serde_json::from_str(&fs::read_to_string(entry.path()).expect("read")).expect("json");
        if doc["event"]["status"] == "running" {
            let dir = entry.path().parent().expect("event folder");
            pages.push(dir.join("index.html"));
            if dir.join("pairings/index.html").exists() {
                pages.push(dir.join("pairings/index.html"));
            }
        }
    }
    pages.sort();
    pages
}

/// A running event's pages say when the file was last written ("updated 14:05", the time as
/// recorded) and load the script that polls `event.json`, at the sub-path the site is
/// published under; no other page does either, not even a finished event that records
/// `updated`.
#[test]
fn only_running_events_show_their_update_time_and_load_the_poll() {
    let site = common::example_site();
    common::edit(
        site.path(),
        "events/2018/outer-rim-store-championship.toml",
        "\n[[players]]",
        "updated = 2018-06-09T18:40:00+02:00\n\n[[players]]",
    );
    let out = site.path().join("public");
    build(
        site.path(),
        &out,
        Some("https://example.github.io/archive/"),
    );
    let running = running_event_pages(&out);
    let corellia = out.join("events/2026/corellia-spring-open");
    assert!(running.contains(&corellia.join("index.html")));
    assert!(running.contains(&corellia.join("pairings/index.html")));
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.expect("walk");
        if entry.path().extension().is_none_or(|e| e != "html") {
            continue;
        }
        pages += 1;
        let html = fs::read_to_string(entry.path()).expect("read");
        let live = running.iter().any(|p| p == entry.path());
        let shown = entry.path().strip_prefix(&out).expect("prefix").display();
        assert_eq!(
            html.contains("<script src=\"/archive/running.js\" defer></script>"),
            live,
            "{shown}: the poll script only on running events' pages"
        );
        assert_eq!(
            html.contains("id=\"live-notice\""),
            live,
            "{shown}: the news region"
        );
        if !live {
            assert!(!html.contains("class=\"updated\""), "{shown}");
        }
    }
    assert!(pages > 50, "{pages} pages");
    for page in ["index.html", "pairings/index.html"] {
        let html = fs::read_to_string(corellia.join(page)).expect("read");
        assert!(
            html.contains(
                "<p class=\"updated\">Updated <time datetime=\"2026-11-22T14:05:00Z\">14:05 on 22 November 2026</time>, the venue's time (UTC)</p>"
            ),
            "{page}"
        );
        assert!(
            html.contains("data-json=\"/archive/events/2026/corellia-spring-open/event.json\" data-built=\"2026-11-22T14:05:00Z\" data-event=\"/archive/events/2026/corellia-spring-open/\""),
            "{page}"
        );
    }
    assert_eq!(
        json(&out, "2026/corellia-spring-open")["event"]["updated"],
        "2026-11-22T14:05:00Z"
    );
    assert_eq!(
        fs::read(out.join("running.js")).expect("running.js"),
        fs::read("static/running.js").expect("static")
    );
}

/// The time shown is the venue's clock exactly as the file records it, whatever its offset;
/// a running event whose file records none shows no time, and its script compares against
/// an empty `updated`.
#[test]
fn the_update_time_is_shown_as_recorded() {
    let site = small_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page =
        fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("event page");
    assert!(page.contains("<script src=\"/running.js\" defer></script>"));
    assert!(page.contains("data-built=\"\""));
    assert!(!page.contains("class=\"updated\""));
    common::edit(
        site.path(),
        "events/2019/small-cup.toml",
        "\n[[players]]",
        "updated = 2019-03-02T09:07:00+01:00\n\n[[players]]",
    );
    build(site.path(), &out, None);
    for page in ["index.html", "pairings/index.html"] {
        let html = fs::read_to_string(out.join("events/2019/small-cup").join(page)).expect(page);
        assert!(
            html.contains("Updated <time datetime=\"2019-03-02T09:07:00+01:00\">09:07 on 2 March 2019</time>, the venue's time (UTC+1)"),
            "{page}"
        );
        assert!(
            html.contains("data-built=\"2019-03-02T09:07:00+01:00\""),
            "{page}"
        );
    }
}

/// The part of `html` from `start` to the first `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("{start} in the page"));
    let to = html[from..].find(end).expect("end") + from + end.len();
    &html[from..to]
}

/// On a running event's page the current round comes first (right after the header, before
/// the details, the standings and the rounds), and the contents start with it; during the cut,
/// the elimination games ready to play come before the bracket. A finished event's page has
/// no such section and keeps its order.
#[test]
fn a_running_event_page_shows_the_current_round_first() {
    let site = common::example_site();
    common::keep_bracket_games(&site.path().join("events/2015/mos-eisley-open.toml"), 4);
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = |slug: &str| {
        fs::read_to_string(out.join("events").join(slug).join("index.html")).expect("page")
    };
    let at = |html: &str, id: &str| {
        html.find(&format!("id=\"{id}\""))
            .unwrap_or_else(|| panic!("{id}"))
    };
    let corellia = page("2026/corellia-spring-open");
    let order: Vec<usize> = [
        "now-heading",
        "facts-heading",
        "standings-heading",
        "rounds-heading",
    ]
    .iter()
    .map(|id| at(&corellia, id))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert!(corellia.contains("<ul><li><a href=\"#now-heading\">Round 2</a>\n<li>"));
    insta::assert_snapshot!(
        "running-event-current-round",
        between(
            &corellia,
            "<section class=\"now-section current\"",
            "</section>"
        )
    );
    let cut = page("2015/mos-eisley-open");
    assert!(at(&cut, "now-heading") < at(&cut, "bracket-heading"));
    assert!(at(&cut, "bracket-heading") < at(&cut, "standings-heading"));
    let now = visible_text(between(&cut, "id=\"now-heading\"", "</section>"));
    assert!(now.contains("Top 8: games 5, 6, 7 and 8"), "{now}");
    assert!(now.contains("4 games, 0 reported"), "{now}");
    let finished = page("2018/outer-rim-store-championship");
    assert!(!finished.contains("now-heading"));
    assert!(at(&finished, "facts-heading") < at(&finished, "standings-heading"));
}

/// The current round's page lists every player of the round (at a table or with a bye) once,
/// A to Z with accents folded, with the find box hidden until the script shows it.
#[test]
fn the_by_name_list_is_complete_and_sorted() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let doc = json(&out, "2026/corellia-spring-open");
    let pending = doc["pending_round"].as_u64().expect("round") as usize;
    let tables = common::event_json::tables(&doc, pending);
    let mut expected: Vec<&str> = tables
        .iter()
        .flat_map(|t| t["players"].as_array().expect("players"))
        .chain(
            doc["rounds"][pending - 1]["byes"]
                .as_array()
                .into_iter()
                .flatten(),
        )
        .map(|id| id.as_str().expect("id"))
        .collect();
    expected.sort();
    let names: BTreeMap<&str, &str> = doc["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().expect("name"),
                p["id"].as_str().expect("id"),
            )
        })
        .collect();
    let html = fs::read_to_string(out.join("events/2026/corellia-spring-open/pairings/index.html"))
        .expect("pairings");
    let rows = between(&html, "<tbody id=\"by-name-rows\">", "</table>");
    // Ids are names folded (case and accents off), the order players look names up in.
    let listed: Vec<&str> = rows
        .split("<tr data-name=\"")
        .skip(1)
        .map(|row| names[row.split('"').next().expect("name")])
        .collect();
    assert_eq!(listed, expected, "everyone, once, A to Z");
    assert_eq!(listed.len(), 9);
    insta::assert_snapshot!(
        "pairings-by-name",
        between(
            &html,
            "<section class=\"now-section\" aria-labelledby=\"by-name\">",
            "</section>"
        )
    );
    assert!(html.contains("<div class=\"finder screen-only\" hidden>"));
    assert!(html.contains("<label for=\"find-by-name-rows\">"));
}

/// 2018 deck choice: with equal differentials the sides are settled at random, "such as a coin
/// flip". The Outer Rim's game 5 is such a game: the seeded flip puts Ingrid on the dark side,
/// but a real coin that put Siobhán there is what the file records, and the build follows it.
#[test]
fn ffg_2018_elimination_coin_flip_is_accepted_as_recorded() {
    let site = common::example_site();
    let root = site.path();
    let out = root.join("public");
    build(root, &out, None);
    let game_5 = |json: &Value| {
        json["elimination"]["games"]
            .as_array()
            .and_then(|games| games.iter().find(|g| g["game"] == 5))
            .map(|g| (g["dark"].clone(), g["side_reason"].clone()))
            .expect("game 5")
    };
    let slug = "2018/outer-rim-store-championship";
    assert_eq!(
        game_5(&json(&out, slug)),
        (Value::from("ingrid-solberg"), Value::from("coin_flip"))
    );
    common::edit(
        root,
        "events/2018/outer-rim-store-championship.toml",
        r#"{ game = 5, winner = "siobhan-kearney" }"#,
        r#"{ game = 5, dark = "siobhan-kearney", winner = "siobhan-kearney" }"#,
    );
    build(root, &out, None);
    assert_eq!(
        game_5(&json(&out, slug)),
        (Value::from("siobhan-kearney"), Value::from("coin_flip"))
    );
}

/// On an event page and its round pages each player's name leads to their page across the
/// archive: in the players list, at every table of every round, in the byes, in the standings
/// and in the bracket. Every such link resolves to a built player page.
#[test]
fn names_on_an_event_page_link_to_the_players_pages() {
    let site = common::example_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    for slug in ["2018/outer-rim-store-championship", "2015/mos-eisley-open"] {
        let event_page =
            fs::read_to_string(out.join(format!("events/{slug}/index.html"))).expect("page");
        let doc = json(&out, slug);
        // The event page links each round's page, which has its tables and standings.
        let mut page = event_page.clone();
        for n in 1..=doc["rounds"].as_array().expect("rounds").len() {
            assert!(
                event_page.contains(&format!(
                    "<a href=\"/events/{slug}/rounds/{n}/\">Round {n}</a>"
                )),
                "{slug}: the event page links round {n}"
            );
            page += &fs::read_to_string(out.join(format!("events/{slug}/rounds/{n}/index.html")))
                .expect("a round page");
        }
        let mut links: BTreeMap<String, usize> = BTreeMap::new();
        for piece in page.split("href=\"/players/").skip(1) {
            let target = piece.split('"').next().expect("a quoted address");
            *links.entry(target.to_string()).or_default() += 1;
        }
        for target in links.keys() {
            assert!(
                out.join("players")
                    .join(target)
                    .join("index.html")
                    .is_file(),
                "{slug}: /players/{target} is a built page"
            );
        }
        let players = doc["players"].as_array().expect("players");
        let rounds = doc["rounds"].as_array().expect("rounds").len();
        for p in players {
            let name = p["name"].as_str().expect("name");
            let linked = page.matches(&format!("\">{name}</a>")).count();
            // The players list and the final standings at least, and each round they played.
            assert!(linked >= 2, "{slug}: {name} is linked {linked} times");
        }
        let bracket = event_page
            .split("class=\"bracket-section\"")
            .nth(1)
            .and_then(|rest| rest.split("</section>").next())
            .expect("a bracket");
        assert!(
            bracket.matches("<a href=\"/players/").count() >= 8,
            "{slug}: the bracket's names link to the players' pages"
        );
        let total: usize = links.values().sum();
        assert!(
            total >= players.len() * (2 + rounds),
            "{slug}: {total} links to player pages for {} players and {rounds} rounds",
            players.len()
        );
    }
}

/// SW:CCG has a dark and a light "Dagobah": the card index says each one's side and type, and
/// the search index gives the side to cards whose title another card shares (and only to them).
#[test]
fn cards_of_the_same_title_are_told_apart_by_their_side() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let index = fs::read_to_string(out.join("cards/index.html")).expect("card index");
    assert!(index.contains(
        "<li><a href=\"/cards/ccg/596/\">Dagobah</a> <span class=\"note\">dark side, Location · "
    ));
    assert!(index.contains(
        "<li><a href=\"/cards/ccg/597/\">Dagobah</a> <span class=\"note\">light side, Location · "
    ));
    let search = fs::read_to_string(out.join("search.json")).expect("search index");
    assert!(
        search.contains("\"i\":\"ccg/596\",\"s\":\"dark\"}"),
        "{search}"
    );
    assert!(search.contains("\"i\":\"ccg/597\",\"s\":\"light\"}"));
    let cards: Vec<&str> = search
        .split("{\"n\":")
        .filter(|entry| entry.contains("\"i\":\"ccg/") || entry.contains("\"i\":\"sets/"))
        .collect();
    let sided = cards
        .iter()
        .filter(|entry| entry.contains(",\"s\":\""))
        .count();
    assert!(
        sided > 0 && sided < cards.len() / 4,
        "{sided} of {} cards carry a side",
        cards.len()
    );
}

/// A finished event's page says who won before anything else: the champion in the header, then
/// the final placings with each player's record, and only then the event's details.
#[test]
fn a_finished_event_names_its_champion_first() {
    let site = copy_site(Path::new("."));
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let page = fs::read_to_string(out.join("events/2019/coruscant-regional/index.html"))
        .expect("event page");
    let at = |text: &str| {
        page.find(text)
            .unwrap_or_else(|| panic!("{text} is on the page"))
    };
    let champion = at(
        "<p class=\"champion-line\">Champion: <strong><a href=\"/players/amara-okonkwo/\">Amara Okonkwo</a></strong> <span class=\"note\">5–2–1</span></p>",
    );
    let placings = at(
        "<li value=\"1\"><span class=\"place\">1.</span> <a href=\"/players/amara-okonkwo/\">Amara Okonkwo</a> <span class=\"note\">5–2–1</span>",
    );
    let details = at("<h2 id=\"facts-heading\">");
    assert!(champion < placings && placings < details);
    // An event still running names no champion.
    let running = fs::read_to_string(out.join("events/2026/corellia-spring-open/index.html"))
        .expect("event page");
    assert!(!running.contains("champion-line"));
}

/// `holonet build --verbose`, run from the site folder, tells the output's size as a host
/// receives it (what the hosting-limits warning, H021, compares with each host's limits): the
/// length of `tar --exclude='.[^/]*' -cf - -C public .` to the byte, where the machine has GNU
/// tar to compare with, and every file but the dot-files.
#[test]
fn a_verbose_build_tells_the_size_a_host_receives() {
    let site = small_site();
    let output = common::holonet(&["build", "--verbose"], site.path());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    let line = said
        .lines()
        .find(|l| l.starts_with("As a host receives it"))
        .unwrap_or_else(|| panic!("no size line in:\n{said}"));
    let number_before = |unit: &str| -> u64 {
        let head = &line[..line.find(unit).expect(unit)];
        let digits: String = head
            .chars()
            .rev()
            .skip_while(|c| *c == ' ')
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .chars()
            .rev()
            .collect::<String>()
            .parse()
            .expect("a number")
    };
    let (bytes, files) = (number_before(" bytes"), number_before(" files"));
    let out = site.path().join("public");
    let published: Vec<u64> = walkdir::WalkDir::new(&out)
        .min_depth(1)
        .into_iter()
        .filter_entry(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.expect("readable"))
        .filter(|e| e.file_type().is_file())
        .map(|e| e.metadata().expect("metadata").len())
        .collect();
    assert_eq!(files, published.len() as u64, "{line}");
    assert!(fs::read_dir(&out).expect("output").any(|e| {
        e.expect("entry")
            .file_name()
            .to_string_lossy()
            .starts_with(".holonet")
    }));
    // Whole records of 10,240 bytes, each file a 512-byte header and its bytes in whole blocks.
    assert_eq!(bytes % 10_240, 0);
    let least: u64 = published
        .iter()
        .map(|len| 512 + len.div_ceil(512) * 512)
        .sum();
    assert!(bytes >= least + 1024, "{bytes} < {least}");
    let gnu_tar = std::process::Command::new("tar")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU tar"));
    if gnu_tar {
        let tar = std::process::Command::new("tar")
            .args(["--exclude=.[^/]*", "-cf", "-", "-C", "public", "."])
            .current_dir(site.path())
            .output()
            .expect("tar runs");
        assert!(tar.status.success());
        assert_eq!(bytes, tar.stdout.len() as u64);
    }
}
