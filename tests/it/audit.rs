//! The pairing audit from the outside: `holonet audit` run from the site folder with relative
//! paths, `event.json` and the event page. The example events and a generated archive, whose
//! rounds `holonet pair` wrote, are as Holonet pairs them; a planted rematch breaks a rule
//! everywhere the audit shows; another draw within a score group is a draw the rules permit.

use std::path::Path;

use holonet::load::options::LoadOptions;
use holonet::load::parse_event;
use holonet::rules::verdict::Status;
use toml_edit::{DocumentMut, Value};

use crate::common::{holonet, holonet_bench, visible_text};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every name carries markup, which must reach the page as text.
const EVENT: &str = r#"[event]
name = "Audit Open"
date = 2026-04-11
rules = "ffg-2018"
structure = "basic"
seed = 11

[[players]]
name = "Ada <i>Quill</i>"
id = "ada"
[[players]]
name = "Bram <i>Tolle</i>"
id = "bram"
[[players]]
name = "Cleo <i>Marsh</i>"
id = "cleo"
[[players]]
name = "Dev <i>Anand</i>"
id = "dev"
[[players]]
name = "Esme <i>Hart</i>"
id = "esme"
[[players]]
name = "Fynn <i>Grau</i>"
id = "fynn"
[[players]]
name = "Gia <i>Lenz</i>"
id = "gia"
[[players]]
name = "Hugo <i>Sand</i>"
id = "hugo"
[[players]]
name = "Ines <i>Vidal</i>"
id = "ines"
[[players]]
name = "Jon <i>Pike</i>"
id = "jon"
"#;

const FILE: &str = "events/audit.toml";

fn read(dir: &Path) -> String {
    std::fs::read_to_string(dir.join(FILE)).expect("read")
}

fn load(dir: &Path) -> (holonet::event::Event, holonet::rules::computed::Computed) {
    let (event, diagnostics) = parse_event(Path::new(FILE), &read(dir), &LoadOptions::default());
    event.unwrap_or_else(|| panic!("valid: {diagnostics:?}"))
}

/// A site whose event has round 1 played (the first player of each table winning) and round 2
/// paired by `holonet pair`, not reported yet.
fn site_with_round_two() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    std::fs::write(dir.path().join(FILE), EVENT).expect("event");
    for _ in 0..2 {
        let out = holonet(&["pair", FILE], dir.path());
        assert!(out.status.success(), "{}", text(&out.stderr));
        let round = load(dir.path()).0.rounds().len();
        if round == 1 {
            let mut doc: DocumentMut = read(dir.path()).parse().expect("toml");
            let tables = doc["rounds"][0]["tables"].as_array_mut().expect("tables");
            for table in tables.iter_mut() {
                let t = table.as_inline_table_mut().expect("inline table");
                let first = t["players"].as_array().expect("players").get(0).cloned();
                let first = first.expect("a player");
                t.insert(
                    "games",
                    Value::Array([first.clone(), first].into_iter().collect()),
                );
            }
            std::fs::write(dir.path().join(FILE), doc.to_string()).expect("write");
        }
    }
    dir
}

/// Round 2's tables as written, with `swap` applied: the second players of tables `i` and `j`
/// (0-based) change places.
fn swap_opponents(dir: &Path, i: usize, j: usize) {
    let mut doc: DocumentMut = read(dir).parse().expect("toml");
    let tables = doc["rounds"][1]["tables"].as_array_mut().expect("tables");
    let second = |k: usize| {
        tables
            .get(k)
            .expect("table")
            .as_inline_table()
            .expect("inline")["players"]
            .as_array()
            .expect("players")
            .get(1)
            .expect("second player")
            .clone()
    };
    let (a, b) = (second(i), second(j));
    for (k, player) in [(i, b), (j, a)] {
        let t = tables
            .get_mut(k)
            .expect("table")
            .as_inline_table_mut()
            .expect("inline");
        let players = t["players"].as_array_mut().expect("players");
        players.replace(1, player.as_str().expect("id"));
    }
    std::fs::write(dir.join(FILE), doc.to_string()).expect("write");
}

/// Two tables of round 2 whose swapped opponents satisfy `fits` (given the four players as
/// `[a, b]`, `[c, d]`: the swap seats `a` v `d` and `c` v `b`).
fn find_swap(
    dir: &Path,
    fits: impl Fn(&holonet::event::Event, &holonet::rules::computed::Computed, [usize; 4]) -> bool,
) -> (usize, usize) {
    let (event, computed) = load(dir);
    let tables: Vec<[usize; 2]> = event.rounds()[1].tables.iter().map(|t| t.players).collect();
    for i in 0..tables.len() {
        for j in i + 1..tables.len() {
            let ([a, b], [c, d]) = (tables[i], tables[j]);
            if fits(&event, &computed, [a, b, c, d]) {
                return (i, j);
            }
        }
    }
    panic!("no two tables fit");
}

fn met(event: &holonet::event::Event, a: usize, b: usize) -> bool {
    event.rounds()[0]
        .tables
        .iter()
        .any(|t| t.players.contains(&a) && t.players.contains(&b))
}

fn points(computed: &holonet::rules::computed::Computed, p: usize) -> u32 {
    let rows = &computed.latest().expect("standings").rows;
    rows.iter().find(|r| r.player == p).expect("row").points
}

/// A planted rematch: `holonet audit` exits 1 and names it; the built page's audit section and
/// `event.json` say it breaks a rule, and the page's header says nothing of it.
#[test]
fn a_planted_rematch_is_flagged_everywhere() {
    let dir = site_with_round_two();
    let out = holonet(&["audit", FILE], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("every round as Holonet pairs it"));

    // Table i's first player meets again the player they beat in round 1.
    let (i, j) = find_swap(dir.path(), |event, _, [a, _, _, d]| met(event, a, d));
    swap_opponents(dir.path(), i, j);
    let out = holonet(&["audit", FILE], dir.path());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Round 2  BREAKS A RULE"), "{stdout}");
    assert!(
        stdout.contains(&format!("Table {}, breaks a rule:", i + 1))
            && stdout.contains("had already met"),
        "{stdout}"
    );

    let out = holonet(&["build"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("public/events/audit/event.json"))
            .expect("event.json"),
    )
    .expect("json");
    let audit = &json["audit"];
    assert_eq!(audit["status"], "broken");
    let round = &audit["rounds"][1];
    assert_eq!(
        (&round["stage"], &round["number"]),
        (&"round".into(), &2.into())
    );
    let rematch = round["departures"]
        .as_array()
        .expect("departures")
        .iter()
        .find(|d| d["table"] == i as u64 + 1)
        .expect("the planted table");
    assert_eq!(rematch["kind"], "rematch");
    assert_eq!(rematch["broken"], true);

    let page =
        std::fs::read_to_string(dir.path().join("public/events/audit/index.html")).expect("page");
    // The header says nothing of the audit; its section says who paired and what was found.
    let header = &page[page
        .find(r#"<header class="page-header">"#)
        .expect("the event's header")..];
    let header = visible_text(&header[..header.find("</header>").expect("its end")]);
    assert!(
        !header.contains("differ") && !header.contains("a rule"),
        "{header}"
    );
    let section = &page[page
        .find(r#"id="audit-heading""#)
        .expect("the audit section")..];
    assert!(!section.contains("<i>") && section.contains("&lt;i&gt;"));
    assert!(
        section.contains(r#"<p class="audit-finding audit-broken">"#),
        "{section}"
    );
    let visible = visible_text(section);
    assert!(
        visible
            .contains("Paired as the organizer published the pairings. Holonet&#39;s check found ")
            && visible.contains(" pairings other than its own; 2 break a rule (marked below)"),
        "{visible}"
    );
    assert!(page.contains(&format!(
        r#"<span class="audit-place">Table {}</span>, <strong>breaks a rule</strong>:"#,
        i + 1
    )));
    assert!(visible.contains("had already met"));

    let (_, computed) = load(dir.path());
    assert_eq!(computed.audit.status(), Some(Status::Broken));
}

/// Two opponents swapped within a score group, with no rematch: another draw the regulations
/// allow, so `holonet audit` exits 0 and calls it legal.
#[test]
fn another_draw_within_a_score_group_is_legal() {
    let dir = site_with_round_two();
    let (i, j) = find_swap(dir.path(), |event, computed, [a, b, c, d]| {
        let p = points(computed, a);
        [b, c, d].iter().all(|&x| points(computed, x) == p)
            && !met(event, a, d)
            && !met(event, c, b)
    });
    swap_opponents(dir.path(), i, j);
    let out = holonet(&["audit", FILE], dir.path());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("Pairings: 2 differences, all permitted by the rules."),
        "{stdout}"
    );
    assert!(stdout.contains("another draw the rules permit") && !stdout.contains("breaks a rule"));
}

#[test]
fn a_file_that_cannot_be_read_exits_2() {
    let dir = site_with_round_two();
    let out = holonet(&["audit", "events/none.toml"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    std::fs::write(dir.path().join(FILE), "[event]\nname = \"Broken\"\n").expect("write");
    let out = holonet(&["audit", FILE], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(FILE), "{}", text(&out.stderr));
}

/// Every example event whose rounds `holonet pair` wrote is as Holonet pairs it, run from the
/// repository (the example site) with relative paths.
#[test]
fn the_example_events_paired_by_holonet_are_reproduced() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut audited = 0;
    for entry in walkdir::WalkDir::new(root.join("events")) {
        let entry = entry.expect("walk");
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let file = std::fs::read_to_string(path).expect("read");
        if !file.contains("paired by holonet pair") {
            continue;
        }
        let rel = path
            .strip_prefix(root)
            .expect("inside")
            .to_string_lossy()
            .into_owned();
        let out = holonet(&["audit", &rel], root);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{rel}: {stdout}");
        // SW:CCG events count games.
        assert!(
            stdout.contains("every round as Holonet pairs it")
                || stdout.contains("every game as Holonet pairs it"),
            "{rel}: {stdout}"
        );
        audited += 1;
    }
    assert!(
        audited >= 4,
        "{audited} example events paired by holonet pair"
    );
}

/// A generated archive's events were paired by the engines round by round: every round of
/// every event is as Holonet pairs it.
#[test]
fn a_generated_archive_is_as_holonet_pairs_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet_bench(
        &[
            "generate-archive",
            "--events",
            "20",
            "--seed",
            "3",
            "--out",
            "site",
        ],
        dir.path(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    let mut rounds = 0;
    for entry in walkdir::WalkDir::new(site.join("events")) {
        let entry = entry.expect("walk");
        if entry.path().extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let rel = entry.path().strip_prefix(&site).expect("inside");
        let text = std::fs::read_to_string(entry.path()).expect("read");
        let (loaded, diagnostics) = parse_event(rel, &text, &LoadOptions::default());
        let (_, computed) = loaded.unwrap_or_else(|| panic!("{}: {diagnostics:?}", rel.display()));
        for round in &computed.audit.rounds {
            assert_eq!(
                round.status(),
                Status::Identical,
                "{} {}: {:?}",
                rel.display(),
                round.title(),
                round.departures
            );
            rounds += 1;
        }
    }
    assert!(rounds >= 40, "{rounds} rounds audited");
}

/// The seeded stages (the cut's elimination games, a team event's final match and the SW:CCG
/// Final Confrontation) are audited after the rounds. A game planted between others than the
/// bracket or the standings give is refused when the file is read, at its line, with the reason,
/// so a built event's seeded stages are always as Holonet pairs them.
#[test]
fn a_planted_departure_in_a_seeded_stage_is_refused_with_its_reason() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // (example event, stage line of its audit, text planted in place of the first, the error
    // and where it points).
    let cases: [(&str, &str, &str, &str, &str, &str); 3] = [
        (
            "2019/coruscant-regional",
            "Elimination games  as Holonet pairs it",
            "{ game = 5, winner = \"amara-okonkwo\" }",
            "{ game = 5, winner = \"benedikt-vogel\" }",
            "Benedikt Vogel does not play game 5",
            "events/planted.toml:186:3",
        ),
        (
            "2017/hoth-doubles",
            "Final match  as Holonet pairs it",
            "first_dark = \"deflector-shield\"",
            "first_dark = \"wampa-den\"",
            "The Wampa Den is not one of the two teams tied for first",
            "events/planted.toml:152:1",
        ),
        (
            "2008/bespin-cup",
            "Final Confrontation  as Holonet pairs it",
            "{ dark = \"osric-haldane\", light = \"yuki-tanaka\"",
            "{ dark = \"corran-vale\", light = \"yuki-tanaka\"",
            "final game 2 is not between the finalists, Yuki Tanaka and Osric Haldane",
            "events/planted.toml:402:1",
        ),
    ];
    for (event, stage, recorded, planted, error, place) in cases {
        let rel = format!("events/{event}.toml");
        let out = holonet(&["audit", &rel], root);
        assert_eq!(out.status.code(), Some(0), "{event}");
        assert!(
            text(&out.stdout).contains(stage),
            "{event}: {}",
            text(&out.stdout)
        );

        let site = tempfile::tempdir().expect("tempdir");
        std::fs::write(site.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
        let events = site.path().join("events");
        std::fs::create_dir_all(&events).expect("mkdir");
        // Decklist files sit in a folder named after the event, next to it.
        let lists = root.join("events").join(event);
        if lists.is_dir() {
            let name = lists.file_name().expect("name");
            for entry in std::fs::read_dir(&lists).expect("lists") {
                let entry = entry.expect("entry");
                let to = events.join(name);
                std::fs::create_dir_all(&to).expect("mkdir");
                std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
            }
        }
        let file = std::fs::read_to_string(root.join(&rel)).expect("read");
        assert_eq!(
            file.matches(recorded).count(),
            1,
            "{event}: one place to plant"
        );
        std::fs::write(events.join("planted.toml"), file.replace(recorded, planted))
            .expect("write");
        let out = holonet(&["audit", "events/planted.toml"], site.path());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{event}: {stderr}");
        assert!(stderr.contains(error), "{event}: {stderr}");
        assert!(stderr.contains(place), "{event}: {stderr}");
        assert!(
            out.stdout.is_empty(),
            "{event}: no verdict on a file with errors"
        );
    }
}
