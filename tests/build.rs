//! End-to-end builds of fixture sites: computed standings in event.json, links that resolve
//! (also under a sub-path base URL), determinism, untouched output on failure, and no rewrites
//! on an unchanged rebuild.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::{build, copy_site};
use holonet::site;
use serde_json::Value;

fn small_site() -> tempfile::TempDir {
    copy_site(Path::new("tests/fixtures/sites/small"))
}

/// Every file under `dir`: relative path -> bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).expect("prefix").to_path_buf(),
                fs::read(e.path()).expect("read"),
            )
        })
        .collect()
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
    assert_eq!(doc["format"], 1);
    assert_eq!(doc["event"]["status"], "running");
    assert_eq!(doc["pending_round"], 3);
    let standings = &doc["standings"];
    assert_eq!(standings["after_round"], 2);
    let rows = standings["rows"].as_array().expect("rows");
    let got: Vec<(String, u64, String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["id"].as_str().expect("id").to_string(),
                r["points"].as_u64().expect("points"),
                r["tiebreakers"]["sos"]["exact"]
                    .as_str()
                    .expect("sos")
                    .to_string(),
                r["tiebreakers"]["esos"]["exact"]
                    .as_str()
                    .expect("esos")
                    .to_string(),
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
    assert_eq!(rows[1]["decided_by"], "sos");
    assert_eq!(rows[0]["byes"], 1);
    assert_eq!(
        rows[0]["opponents"],
        serde_json::json!(["ana"]),
        "a bye is not an opponent"
    );
    let round2 = &doc["rounds"][1]["tables"];
    assert_eq!(round2[0]["result"], "split");
    assert_eq!(round2[0]["points"], serde_json::json!([3, 3]));
    assert_eq!(doc["rounds"][2]["tables"][0]["points"], Value::Null);
    assert_eq!(doc["placings"], Value::Null);
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
        "15/4",
        "Round 3",
    ] {
        assert!(page.contains(text), "event page shows {text}");
    }
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
    assert_eq!(tree(&c), tree(&d));
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

/// Every `href` and `src` in the site's HTML.
fn links(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            if let Some(end) = rest.find('"') {
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

/// A relative link on the page at `page` (a file path under the output), as a link from the
/// site root under `base`.
fn resolve_relative(page: &Path, link: &str, base: &str) -> String {
    let mut parts: Vec<String> = page
        .parent()
        .map(|p| p.iter().map(|c| c.to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    for segment in link.split('/') {
        match segment {
            ".." => {
                parts.pop();
            }
            "." => {}
            other => parts.push(other.to_string()),
        }
    }
    format!("{base}{}", parts.join("/"))
}

/// Asserts that every internal link in the HTML under `out` starts with `base` and names a
/// file that exists; returns how many links were followed.
fn assert_links_resolve(out: &Path, base: &str) -> usize {
    let files = tree(out);
    let mut checked = 0;
    for (path, bytes) in &files {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = String::from_utf8(bytes.clone()).expect("utf-8");
        for link in links(&html) {
            if link.starts_with("https://")
                || link.starts_with("http://")
                || link.starts_with("mailto:")
                || link.starts_with('#')
            {
                continue;
            }
            let link = if link.starts_with('/') {
                link
            } else {
                resolve_relative(path, &link, base)
            };
            assert!(
                link.starts_with(base),
                "{link} in {} does not start with {base}",
                path.display()
            );
            let target = link[base.len()..]
                .split('#')
                .next()
                .unwrap_or_default()
                .to_string();
            let file = if target.is_empty() || target.ends_with('/') {
                format!("{target}index.html")
            } else {
                target
            };
            assert!(
                files.contains_key(Path::new(&file)),
                "{link} in {} points to a missing file",
                path.display()
            );
            checked += 1;
        }
    }
    checked
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
    let rows = doc["standings"]["rows"].as_array().expect("rows");
    let got: Vec<(String, u64, String)> = rows
        .iter()
        .map(|r| {
            (
                r["name"].as_str().expect("name").to_string(),
                r["points"].as_u64().expect("points"),
                r["tiebreakers"]["sos"]["exact"]
                    .as_str()
                    .expect("sos")
                    .to_string(),
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
        games[6]["needed"], false,
        "the upper finalist won the final"
    );
    assert_eq!(doc["elimination"]["champion"], "zoe-achterberg");
    let upcoming = json(&out, "2026/kessel-run-regional");
    assert_eq!(upcoming["event"]["status"], "upcoming");
    assert_eq!(upcoming["standings"], Value::Null);
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
        "events/index.html",
        "index.html",
    ] {
        let html = fs::read_to_string(out.join(page))
            .expect("page")
            .to_lowercase();
        // Shown as text is fine (`&lt;img ... onerror=...&gt;`); a live tag or attribute is not.
        for bad in [
            "<script>alert",
            "<img",
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
                s["replacement"].as_bool().expect("bool"),
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
        "time: light 49 to dark 51.5",
    ] {
        assert!(page.contains(text), "the page shows {text}");
    }
}

#[test]
fn a_finished_round_shows_the_next_one_as_provisional() {
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
    let next = &doc["next_round"];
    assert_eq!(next["number"], 4);
    assert_eq!(next["tables"].as_array().expect("tables").len(), 2);
    assert!(next["bye"]["player"].is_string(), "five players: a bye");
    // Nobody meets an opponent again, and the bye goes to someone who has not had one.
    let mut met = std::collections::BTreeSet::new();
    for round in doc["rounds"].as_array().expect("rounds") {
        for t in round["tables"].as_array().expect("tables") {
            let mut pair = [
                t["players"][0].as_str().expect("id"),
                t["players"][1].as_str().expect("id"),
            ];
            pair.sort_unstable();
            met.insert(pair);
        }
    }
    for t in next["tables"].as_array().expect("tables") {
        let mut pair = [
            t["players"][0].as_str().expect("id"),
            t["players"][1].as_str().expect("id"),
        ];
        pair.sort_unstable();
        assert!(!met.contains(&pair), "{pair:?} would be a rematch");
    }
    let bye = next["bye"]["player"].as_str().expect("bye");
    assert!(
        !["eve", "dee", "cy"].contains(&bye),
        "eve, dee and cy have had byes"
    );
    let page = fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("page");
    assert!(page.contains("provisional"));
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
    let row = &doc["standings"]["rows"][0];
    assert!(
        row["tiebreakers"]["opponents_points"]["exact"].is_string(),
        "2014 strength of schedule is a sum"
    );
    assert!(row["tiebreakers"].get("sos").is_none());
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
    let rows = doc["standings"]["rows"].as_array().expect("rows");
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
        "fewer cards in the lost pile wins"
    );
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
    let fin = &ccg["final_confrontation"];
    assert_eq!(
        fin["finalists"],
        serde_json::json!(["yuki-tanaka", "osric-haldane"])
    );
    assert_eq!(
        fin["winner"], "yuki-tanaka",
        "games split, victory points equal: the higher differential"
    );
    assert_eq!(doc["placings"][0]["id"], "yuki-tanaka");
    let page = fs::read_to_string(out.join("events/2008/bespin-cup/index.html")).expect("page");
    for text in [
        "Final Confrontation",
        "9(+82)",
        "Dark Side",
        "allegiance piles",
        "rules/swccg-2008/#",
    ] {
        assert!(page.contains(text), "the page shows {text}");
    }
    // Sealed: everyone keeps one allegiance.
    let sealed = json(&out, "2008/endor-sealed");
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
    let dir = out.join("events/2018/outer-rim-store-championship/decks/siobhan-kearney");
    let text = fs::read_to_string(dir.join("deck.txt")).expect("export");
    assert!(text.starts_with("# Siobhán Kearney - Outer Rim Store Championship 2018\n\nDark side (10 objective sets):\nAffiliation: Sith\n"), "{text}");
    assert!(text.contains("2x 1 A Hero's Journey\n"), "{text}");
    let page = fs::read_to_string(dir.join("index.html")).expect("page");
    assert!(page.contains("Fall of the Jedi") && page.contains("deck.txt"));
    let event = fs::read_to_string(out.join("events/2018/outer-rim-store-championship/index.html"))
        .expect("event");
    assert!(
        event.contains("/events/2018/outer-rim-store-championship/decks/siobhan-kearney/"),
        "the event page links the list"
    );
    assert!(
        out.join("events/2017/hoth-doubles/decks/mara-lindgren/deck.txt")
            .is_file(),
        "team players' lists too"
    );
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
    assert!(page.contains("/decks/zoe-achterberg/"), "her decklists");
    let index = fs::read_to_string(out.join("players/index.html")).expect("index");
    assert!(index.contains("/players/zoe-achterberg/"));
    // Team players are credited with their team's result.
    let mara =
        fs::read_to_string(out.join("players/mara-lindgren/index.html")).expect("team player");
    assert!(
        mara.contains("with Echo Base") && mara.contains("1st of 8"),
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
        standings.contains("class=\"deck-link\" href=\"/events/2018/outer-rim-store-championship/decks/zoe-achterberg/\""),
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
name = "Ana"
[players.decks.dark]
affiliation = "Sith"
objectives = ["19", "20"]

[[players]]
name = "Ben"
[players.decks.dark]
affiliation = "Sith"
objectives = ["19", "21"]
[players.decks.light]
affiliation = "Jedi"
objectives = ["1", "7"]

[[players]]
name = "Cy"

[[players]]
name = "Dee"

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
    assert!(
        page.contains("<svg viewBox=\"0 0 100 8\""),
        "inline SVG bars"
    );
    let archive = visible_text(&fs::read_to_string(out.join("stats/index.html")).expect("stats"));
    assert!(
        archive.contains("Across 2 events: 3 recorded decklists"),
        "{archive}"
    );
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

/// A page's text without tags, spaces collapsed.
fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn example_lcg_event_has_every_decklist_and_one_deliberate_problem() {
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
    for player in players {
        let id = player["id"].as_str().expect("id");
        let page = out.join(format!(
            "events/2018/outer-rim-store-championship/decks/{id}/index.html"
        ));
        assert!(page.is_file(), "decklist page of {id}");
    }
    let (passed, stderr) = run_check(site.path());
    assert!(passed, "a warning does not fail check");
    assert!(
        stderr.contains(
            "set 54 (Last Defense of Hoth) appears 3 times in mateo-quiroga's light deck"
        ),
        "{stderr}"
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
name = "Ana"
[players.decks.dark]
cards = ["1 Hunt Down And Destroy The Jedi", "2 Boba Fett (Cloud City)", "1 Tatooine (Premiere)"]
[players.decks.light]
cards = ["1 Hidden Base", "2 Jawa (Premiere)"]

[[players]]
name = "Ben"
[players.decks.dark]
cards = ["1 Hunt Down And Destroy The Jedi", "1 Boba Fett (Cloud City)", "3 Imperial Gunner"]
[players.decks.light]
cards = ["1 Hidden Base", "1 Rebel Fleet", "1 No Such Card"]

[[players]]
name = "Cy"

[[players]]
name = "Dee"

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
    let export = fs::read_to_string(out.join("events/2008/bespin-cup/decks/corran-vale/deck.txt"))
        .expect("export");
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
    let again = fs::read_to_string(out.join("events/2009/file-cup/decks/corran-vale/deck.txt"))
        .expect("export");
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
        assert!(
            rendered.contains(
                "the decklist file events/2009/cup/link.txt leads outside the events folder"
            ),
            "{rendered}"
        );
    }
}
