//! Decklists held back by `[event] decklists`: while an event holds its lists back, no file of
//! the built site (nor of `serve`'s tree) holds any part of them, whatever the page: each
//! test scans every file of the output for titles that only the event's lists use. Once the
//! recorded results publish them, the same titles appear; and the lists are checked all along.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{build, holonet, visible_text};
use holonet::edit::transaction::load_one_event;
use holonet::site;
use holonet::site::session::Session;
use serde_json::Value;

const FILE: &str = "events/2026/kessel-cup.toml";

/// Titles that only the Swiss event's lists use: objective sets of Ann's and Bo's lists and of
/// Cy's decklist file, and their affiliations (no built-in page names these two).
const LCG_PROBES: &[&str] = &[
    "Nar Shaddaa",
    "Ord Mantell",
    "Carbonite Transport",
    "Scum and Villainy",
    "Smugglers and Spies",
];

/// Cards that only the SW:CCG event's lists use.
const CCG_PROBES: &[&str] = &["Scythe Squadron", "Momaw Nadon", "Tawss Khaa"];

/// A site folder with `holonet.toml` (and `theme` when given, with the theme copied in) and
/// these files.
fn site(theme: Option<&str>, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config =
        "title = \"Kessel Archive\"\nbase_url = \"https://example.org/\"\n".to_string();
    if let Some(theme) = theme {
        config.push_str(&format!("theme = \"{theme}\"\n"));
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("themes")
            .join(theme);
        for entry in walkdir::WalkDir::new(&from) {
            let entry = entry.expect("walk");
            let target = dir
                .path()
                .join("themes")
                .join(theme)
                .join(entry.path().strip_prefix(&from).expect("prefix"));
            if entry.file_type().is_dir() {
                fs::create_dir_all(&target).expect("mkdir");
            } else {
                fs::copy(entry.path(), &target).expect("copy");
            }
        }
    }
    write(dir.path(), "holonet.toml", &config);
    for (path, text) in files {
        write(dir.path(), path, text);
    }
    dir
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    fs::write(path, text).expect("write");
}

/// A SW:LCG event of four players, two Swiss rounds and a top 4, with `decklists` when given
/// and `rounds` (TOML). Ann and Bo write their lists in the file, Cy in a file next to it, and
/// Di's list breaks the deckbuilding rules (too few sets, one unknown).
fn swiss(decklists: Option<&str>, rounds: &str) -> String {
    let setting = decklists.map_or(String::new(), |d| format!("decklists = \"{d}\"\n"));
    format!(
        r#"[event]
name = "Kessel Cup"
date = 2026-05-01
rules = "ffg-2018"
structure = "custom"
swiss_rounds = 2
cut = 4
{setting}
[[players]]
name = "Ann Vel"
id = "ann"

[players.decks.dark]
affiliation = "Scum and Villainy"
objectives = ["83", "83", "47", "47", "52", "52", "67", "67", "80", "80"]

[[players]]
name = "Bo Rin"
id = "bo"

[players.decks.light]
affiliation = "Smugglers and Spies"
objectives = ["75", "75", "44", "44", "49", "49", "54", "54", "60", "60"]

[[players]]
name = "Cy Dax"
id = "cy"

[players.decks.dark]
file = "kessel-cup/cy-dark.txt"

[[players]]
name = "Di Oru"
id = "di"

[players.decks.light]
affiliation = "Smugglers and Spies"
objectives = ["69", "69", "999"]
{rounds}"#
    )
}

/// Cy's list, next to the event; set 998 does not exist.
const CY_DARK: &str = "Affiliation: Scum and Villainy\n2x 81\n2x 82\n2x 84\n2x 85\n2x 998\n";

const ROUND_1: &str = r#"
[[rounds]]
tables = [
  { players = ["ann", "bo"], games = ["ann", "ann"], first_dark = "ann" },
  { players = ["cy", "di"], games = ["cy", "cy"], first_dark = "cy" },
]
"#;

/// Round 2 published, no result yet.
const ROUND_2_PAIRED: &str = r#"
[[rounds]]
tables = [
  { players = ["ann", "cy"] },
  { players = ["bo", "di"] },
]
"#;

const ROUND_2_PLAYED: &str = r#"
[[rounds]]
tables = [
  { players = ["ann", "cy"], games = ["ann", "cy"], first_dark = "ann" },
  { players = ["bo", "di"], games = ["bo", "bo"], first_dark = "di" },
]
"#;

fn swiss_site(decklists: Option<&str>, rounds: &str) -> tempfile::TempDir {
    site(
        None,
        &[
            (FILE, &swiss(decklists, rounds)),
            ("events/2026/kessel-cup/cy-dark.txt", CY_DARK),
        ],
    )
}

/// Every file of the tree `files` (path, bytes) that holds one of `probes`, with the probe.
fn leaks<'a>(
    files: impl IntoIterator<Item = (String, Vec<u8>)>,
    probes: &[&'a str],
) -> Vec<(String, &'a str)> {
    let mut found = Vec::new();
    for (path, bytes) in files {
        for probe in probes {
            if bytes
                .windows(probe.len())
                .any(|window| window == probe.as_bytes())
            {
                found.push((path.clone(), *probe));
            }
        }
    }
    found
}

/// Every file under `out`, as a relative path and its bytes.
fn output(out: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let path = e.path().strip_prefix(out).expect("prefix");
            (
                path.to_string_lossy().into_owned(),
                fs::read(e.path()).expect("read"),
            )
        })
        .collect()
}

/// Builds the site at `root` afresh and returns its files.
fn built(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let out = root.join("public");
    build(root, &out, None);
    output(&out)
}

/// Asserts that no file of `files` shows any part of the lists: no probe, no decklists page
/// nor export.
fn assert_held_back(files: &BTreeMap<String, Vec<u8>>, probes: &[&str], when: &str) {
    let found = leaks(files.clone(), probes);
    assert!(found.is_empty(), "{when}: the lists leak into {found:?}");
    let pages: Vec<&String> = files.keys().filter(|p| p.contains("/decks/")).collect();
    assert!(pages.is_empty(), "{when}: decklist pages {pages:?}");
}

/// Asserts that every probe appears on the event's decklists page and in its plain-text export.
fn assert_published(files: &BTreeMap<String, Vec<u8>>, probes: &[&str], when: &str) {
    let found = leaks(files.clone(), probes);
    for probe in probes {
        for file in ["decks/index.html", "decks/decks.txt"] {
            assert!(
                found.iter().any(
                    |(path, p)| p == probe && path == &format!("events/2026/kessel-cup/{file}")
                ),
                "{when}: {probe} is in {file}: {found:?}"
            );
        }
    }
}

fn text(files: &BTreeMap<String, Vec<u8>>, path: &str) -> String {
    String::from_utf8(files.get(path).unwrap_or_else(|| panic!("{path}")).clone()).expect("utf-8")
}

fn event_json(files: &BTreeMap<String, Vec<u8>>, slug: &str) -> Value {
    serde_json::from_str(&text(files, &format!("events/{slug}/event.json"))).expect("JSON")
}

fn event_page(files: &BTreeMap<String, Vec<u8>>) -> String {
    visible_text(&text(files, "events/2026/kessel-cup/index.html"))
}

#[test]
fn after_the_cut_the_lists_come_out_once_the_swiss_rounds_are_over() {
    for (rounds, when) in [
        ("", "registered"),
        (ROUND_1, "round 1 played"),
        (
            &format!("{ROUND_1}{ROUND_2_PAIRED}") as &str,
            "round 2 paired",
        ),
    ] {
        let dir = swiss_site(Some("after-cut"), rounds);
        let files = built(dir.path());
        assert_held_back(&files, LCG_PROBES, when);
        let page = event_page(&files);
        assert!(
            page.contains("Decklists are published after the cut, once the Swiss rounds are over."),
            "{when}: {page}"
        );
        let html = text(&files, "events/2026/kessel-cup/index.html");
        assert!(!html.contains("/decks/"), "{when}: no link to a list");
        let ann = visible_text(&text(&files, "players/ann/index.html"));
        assert!(ann.contains("not published yet"), "{when}: {ann}");
        let json = event_json(&files, "2026/kessel-cup");
        assert_eq!(
            json["event"]["decklists"],
            serde_json::json!({ "setting": "after-cut" }),
            "{when}: not published, so no `published` key"
        );
        let search: Value =
            serde_json::from_str(&text(&files, "search.json")).expect("search.json");
        assert_eq!(search["d"], serde_json::json!([]), "{when}: {search}");
    }
    let dir = swiss_site(Some("after-cut"), &format!("{ROUND_1}{ROUND_2_PLAYED}"));
    let files = built(dir.path());
    assert_published(&files, LCG_PROBES, "the Swiss rounds over");
    let page = event_page(&files);
    assert!(!page.contains("Decklists are published"), "{page}");
    let html = text(&files, "events/2026/kessel-cup/index.html");
    assert!(
        html.contains("href=\"/events/2026/kessel-cup/decks/"),
        "the players list links the lists: {html}"
    );
    let json = event_json(&files, "2026/kessel-cup");
    assert_eq!(
        json["event"]["status"], "running",
        "the bracket is still to play"
    );
    assert_eq!(json["event"]["decklists"]["published"], true);
    let stats = visible_text(&text(&files, "stats/index.html"));
    assert!(stats.contains("Scum and Villainy"), "{stats}");
}

/// Reports every elimination game as it becomes ready, the first player winning, until the
/// event is finished.
fn play_the_bracket(root: &Path) {
    for _ in 0..10 {
        let one =
            load_one_event(root, &root.join(FILE)).unwrap_or_else(|r| panic!("{}", r.render()));
        let json: Value =
            serde_json::from_str(&site::json::event_json(&one.event, &one.computed)).expect("JSON");
        if json["event"]["status"] == "finished" {
            return;
        }
        let ready: Vec<&Value> = json["elimination"]["games"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|g| g["ready"] == true)
            .collect();
        if ready.is_empty() {
            let out = holonet(&["pair", FILE], root);
            assert!(out.status.success(), "{out:?}");
            continue;
        }
        for game in ready {
            let number = game["game"].to_string();
            let first = game["players"][0].as_str().expect("player").to_string();
            let mut args = vec!["report", FILE, &number, &first];
            if game["dark"].is_null() {
                args.extend(["--dark", &first]);
            }
            let out = holonet(&args, root);
            assert!(out.status.success(), "{out:?}");
        }
    }
    panic!("the bracket did not finish");
}

#[test]
fn after_the_event_the_lists_wait_for_the_champion() {
    let dir = swiss_site(Some("after-event"), &format!("{ROUND_1}{ROUND_2_PLAYED}"));
    let files = built(dir.path());
    assert_held_back(&files, LCG_PROBES, "the cut made, the bracket to play");
    assert!(event_page(&files).contains("Decklists are published once the event is over."));
    play_the_bracket(dir.path());
    let files = built(dir.path());
    let json = event_json(&files, "2026/kessel-cup");
    assert_eq!(json["event"]["status"], "finished");
    assert_eq!(
        json["event"]["decklists"],
        serde_json::json!({ "setting": "after-event", "published": true })
    );
    assert_published(&files, LCG_PROBES, "the champion known");
}

#[test]
fn public_lists_are_shown_as_before() {
    let rounds = format!("{ROUND_1}{ROUND_2_PAIRED}");
    let without = swiss_site(None, &rounds);
    let public = swiss_site(Some("public"), &rounds);
    let (a, b) = (built(without.path()), built(public.path()));
    assert_published(&a, LCG_PROBES, "no setting");
    // The build's own records hash the event file, which differs by the line.
    let site_files = |files: BTreeMap<String, Vec<u8>>| {
        files
            .into_iter()
            .filter(|(path, _)| !path.starts_with(".holonet-"))
            .collect::<BTreeMap<_, _>>()
    };
    assert!(
        site_files(a.clone()) == site_files(b),
        "`decklists = \"public\"` is the default"
    );
    assert_eq!(
        event_json(&a, "2026/kessel-cup")["event"]["decklists"],
        serde_json::json!({ "setting": "public", "published": true })
    );
    assert!(!event_page(&a).contains("Decklists are published"));
}

#[test]
fn held_back_lists_are_still_checked() {
    let dir = swiss_site(Some("after-cut"), ROUND_1);
    let out = holonet(&["check"], dir.path());
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "warnings only: {said}");
    let warnings: Vec<&str> = said
        .split("\n\n")
        .filter(|d| d.starts_with("warning[H016]"))
        .collect();
    let at = |place: &str| warnings.iter().any(|w| w.contains(place));
    assert!(at(&format!("--> {FILE}:")), "Di's list in the file: {said}");
    assert!(
        at("--> events/2026/kessel-cup/cy-dark.txt:6:"),
        "the unknown set in Cy's file, at its line: {said}"
    );
    assert!(said.contains("999"), "{said}");
}

/// `serve` keeps the site in memory and reads an edited event on its own: the same holds there,
/// both ways (a round taken back holds the lists back again, and their pages go).
#[test]
fn serve_holds_the_lists_back_after_each_edit() {
    let dir = swiss_site(Some("after-cut"), ROUND_1);
    let root = dir.path();
    let tree = |session: &Session| {
        session
            .files()
            .iter()
            .map(|(path, bytes)| (path.clone(), bytes.clone()))
            .collect::<BTreeMap<_, _>>()
    };
    let (mut session, _) =
        Session::open(root, None).unwrap_or_else(|report| panic!("{}", report.render()));
    assert_held_back(&tree(&session), LCG_PROBES, "served, round 1 played");
    let mut edit = |rounds: &str| {
        write(root, FILE, &swiss(Some("after-cut"), rounds));
        session
            .update(&[PathBuf::from(FILE)])
            .unwrap_or_else(|report| panic!("{}", report.render()));
        tree(&session)
    };
    assert_published(
        &edit(&format!("{ROUND_1}{ROUND_2_PLAYED}")),
        LCG_PROBES,
        "served, the Swiss rounds over",
    );
    assert_held_back(&edit(ROUND_1), LCG_PROBES, "served, round 2 taken back");
}

/// A SW:CCG constructed event of two games and a Final Confrontation, in the holotable theme.
fn ccg(decklists: &str, rounds: &str) -> String {
    format!(
        r#"[event]
name = "Kessel Cup"
date = 2026-05-01
rules = "swccg-2008"
format = "constructed"
swiss_rounds = 2
cut = 2
decklists = "{decklists}"

[[players]]
name = "Ann Vel"
id = "ann"

[players.decks.dark]
cards = ["1 Scythe Squadron TIE", "2 Stormtrooper"]

[[players]]
name = "Bo Rin"
id = "bo"

[players.decks.light]
cards = ["1 Momaw Nadon", "1 Tawss Khaa"]

[[players]]
name = "Cy Dax"
id = "cy"

[[players]]
name = "Di Oru"
id = "di"

[[rounds]]
tables = [
  {{ table = 1, dark = "ann", light = "bo", winner = "ann", differential = 10 }},
  {{ table = 2, dark = "cy", light = "di", winner = "di", differential = 5 }},
]
{rounds}"#
    )
}

/// The event as loaded now, as event.json has it.
fn loaded_json(root: &Path) -> Value {
    let one = load_one_event(root, &root.join(FILE)).unwrap_or_else(|r| panic!("{}", r.render()));
    serde_json::from_str(&site::json::event_json(&one.event, &one.computed)).expect("JSON")
}

#[test]
fn a_swccg_event_publishes_its_lists_before_the_final_confrontation() {
    let dir = site(Some("holotable"), &[(FILE, &ccg("after-cut", ""))]);
    let root = dir.path();
    // Game 2, as `holonet pair` writes it, not yet reported.
    let out = holonet(&["pair", FILE], root);
    assert!(out.status.success(), "{out:?}");
    let files = built(root);
    assert_held_back(&files, CCG_PROBES, "game 2 paired");
    assert!(
        event_page(&files).contains(
            "Decklists are published once the games are over, before the Final Confrontation."
        ),
        "the holotable theme says so too"
    );
    let json = loaded_json(root);
    for table in json["ccg"]["games"][1]["tables"]
        .as_array()
        .expect("game 2")
    {
        let result = format!("{}+4", table["dark"].as_str().expect("dark"));
        let out = holonet(
            &["report", FILE, &table["table"].to_string(), &result],
            root,
        );
        assert!(out.status.success(), "{out:?}");
    }
    let files = built(root);
    assert_eq!(
        event_json(&files, "2026/kessel-cup")["event"]["status"],
        "running",
        "the Final Confrontation is still to play"
    );
    assert_published(&files, CCG_PROBES, "the games over");

    // The same moment under `after-event`: held back until the Final Confrontation is decided.
    let text = fs::read_to_string(root.join(FILE)).expect("event");
    write(
        root,
        FILE,
        &text.replace("decklists = \"after-cut\"", "decklists = \"after-event\""),
    );
    let files = built(root);
    assert_held_back(&files, CCG_PROBES, "after-event, the final to play");
    let finalists: Vec<String> = loaded_json(root)["ccg"]["final_confrontation"]["finalists"]
        .as_array()
        .expect("finalists")
        .iter()
        .map(|f| f.as_str().expect("id").to_string())
        .collect();
    let first = &finalists[0];
    for args in [
        vec!["report", FILE, "1", &format!("{first}+8"), "--dark", first],
        vec!["report", FILE, "2", &format!("{first}+3")],
    ] {
        let out = holonet(&args, root);
        assert!(out.status.success(), "{out:?}");
    }
    let files = built(root);
    assert_eq!(
        event_json(&files, "2026/kessel-cup")["event"]["status"],
        "finished"
    );
    assert_published(&files, CCG_PROBES, "after-event, the champion known");
}

/// A SW:CCG list copied from a published one, which never names the set: a line may say so, and
/// then has no warning of a shared title; the same title on another line still has one.
#[test]
fn a_card_line_may_say_the_published_list_did_not_name_the_set() {
    let event = ccg("public", "").replace(
        r#"cards = ["1 Scythe Squadron TIE", "2 Stormtrooper"]"#,
        r#"cards = ["1 Tatooine (set not named)", "1 Tatooine", "2 Stormtrooper"]"#,
    );
    assert!(event.contains("(set not named)"));
    let dir = site(None, &[(FILE, &event)]);
    let root = dir.path();
    let out = holonet(&["check"], root);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "warnings only: {said}");
    let shared: Vec<&str> = said
        .split("\n\n")
        .filter(|d| d.starts_with("warning[H016]") && d.contains("could be any of"))
        .collect();
    assert_eq!(shared.len(), 1, "{said}");
    assert!(
        shared[0].contains("entry 2 of ann's dark deck, \"1 Tatooine\", could be any of 2"),
        "{said}"
    );
    assert!(
        shared[0].contains("write \"1 Tatooine (set not named)\""),
        "the warning teaches the form: {said}"
    );
    assert!(
        said.contains("ann's dark deck has 4 cards"),
        "every line counts: {said}"
    );

    let files = built(root);
    let page = text(&files, "events/2026/kessel-cup/decks/index.html");
    assert!(
        page.contains("1 <span aria-hidden=\"true\">•</span>Tatooine <small class=\"muted\">(set not named)</small>"),
        "the title as published, not linked: {page}"
    );
    let export = text(&files, "events/2026/kessel-cup/decks/decks.txt");
    assert!(
        export.contains("1 Tatooine (set not named)\n"),
        "the export reads back the same: {export}"
    );
}

/// What each player brought, where players scan results: the standings, the final placings and
/// the players table mark each player's SW:LCG lists by their affiliations (the dark side's
/// first) inside the link to the lists, each mark named for screen readers; a bracket seat
/// marks the list of the side played; a legend under the standings names each mark on the page
/// once. SW:CCG lists have no such marks.
#[test]
fn standings_placings_and_brackets_mark_what_each_player_brought() {
    let site = crate::common::example_site();
    let root = site.path();
    let out = root.join("public");
    build(root, &out, None);
    let html = fs::read_to_string(out.join("events/2018/outer-rim-store-championship/index.html"))
        .expect("event page");
    let marks = "<span class=\"glyph g-sith\" role=\"img\" aria-label=\"Sith\"></span>\
                 <span class=\"glyph g-jedi\" role=\"img\" aria-label=\"Jedi\"></span>decklists";
    let standings = &html[html.find("id=\"standings-rows\"").expect("standings")..];
    let row = &standings[standings
        .find("data-name=\"Siobhán Kearney\"")
        .expect("her row")..];
    // The page leaves out the end tags HTML lets it leave out: a row ends where the next begins.
    assert!(row[..row.find("<tr").expect("row ends")].contains(marks));
    let placings = &html[html.find("<ol class=\"placings\">").expect("placings")..];
    let placing = &placings[..placings.find("</ol>").expect("placings end")];
    let hers = &placing[placing.find(">Siobhán Kearney</a>").expect("her place")..];
    assert!(hers[..hers.find("<li").expect("place ends")].contains(marks));
    // In the bracket, the list of the side she played: Sith on the dark side, Jedi on the light.
    let seats: Vec<&str> = html
        .split("<li class=\"")
        .skip(1)
        .filter(|seat| seat.starts_with("won side-") || seat.starts_with("side-"))
        .filter(|seat| seat.contains(">Siobhán Kearney</a>") && seat.contains("deck-link"))
        .collect();
    assert!(seats.len() >= 2, "{} bracket seats", seats.len());
    for seat in seats {
        // The seat's item ends with its game's list of seats, or at the next seat.
        let seat = &seat[..seat.find("</ul>").unwrap_or(seat.len())];
        let (side, mark) = if seat.contains("side-dark") {
            ("dark", "g-sith")
        } else {
            ("light", "g-jedi")
        };
        assert_eq!(seat.matches("class=\"glyph ").count(), 1, "{side}: {seat}");
        assert!(seat.contains(mark), "{side}: {seat}");
    }
    let legend = &html[html
        .find("<p class=\"hint marks-legend\">")
        .expect("legend")..];
    let legend = visible_text(&legend[..legend.find("</p>").expect("legend ends")]);
    assert_eq!(
        legend,
        "Beside the names, the affiliations of each player's lists: Jedi, Sith, Rebel Alliance, \
         Imperial Navy, Smugglers and Spies, Scum and Villainy."
    );
    for ccg in [
        "events/2017/worlds-2017-consolation/index.html",
        "events/2008/bespin-cup/index.html",
    ] {
        let html = fs::read_to_string(out.join(ccg)).expect("SW:CCG event page");
        assert!(!html.contains("role=\"img\""), "{ccg}");
        assert!(!html.contains("marks-legend"), "{ccg}");
    }
}
