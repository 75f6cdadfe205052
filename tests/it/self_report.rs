//! Players reporting their own tables (`holonet serve --self-report`), from a client on this
//! computer (127.0.0.1), as the organizer runs it: a site from `holonet init`, an event from
//! `holonet new`, `serve` started in the site folder with its default flags. Every report is
//! the form the pairings page offers, filled in and posted as a browser posts it, with the code
//! read off the slips page. After every refusal the event file is byte for byte as it was.

use crate::common::serve::{post_form, report_form, serve_in, slip_codes};
use crate::common::{holonet, run_ok};

pub(crate) const FILE: &str = "events/2026/spring-open.toml";
pub(crate) const PAIRINGS: &str = "/events/2026/spring-open/pairings/";
pub(crate) const SLIPS: &str = "/events/2026/spring-open/slips/";

const PLAYERS: [(&str, &str); 6] = [
    ("Ann Ray", "ann-ray"),
    ("Bo Tan", "bo-tan"),
    ("Cy Dax", "cy-dax"),
    ("Di Orr", "di-orr"),
    ("Eve Lund", "eve-lund"),
    ("Fen Holt", "fen-holt"),
];

/// A new site with a six-player ffg-2018 event whose round 1 is paired.
pub(crate) fn running_event() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let site = dir.path().join("site");
    run_ok(&site, &["new", FILE, "--rules", "ffg-2018"]);
    for (name, _) in PLAYERS {
        run_ok(&site, &["register", FILE, name]);
    }
    run_ok(&site, &["pair", FILE]);
    dir
}

/// The two players of each table of the paired round, by table, from `event.json`.
fn tables_of(json: &serde_json::Value) -> Vec<(u32, [String; 2])> {
    let rounds = json["rounds"].as_array().expect("a round").len();
    crate::common::event_json::tables(json, rounds)
        .iter()
        .map(|t| {
            let player = |i: usize| t["players"][i].as_str().expect("an id").to_string();
            (
                u32::try_from(t["table"].as_u64().expect("a number")).expect("small"),
                [player(0), player(1)],
            )
        })
        .collect()
}

#[test]
fn a_round_is_reported_from_the_players_phones() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let json: serde_json::Value = serde_json::from_str(
        &server.wait_for_page("/events/2026/spring-open/event.json", "\"tables\""),
    )
    .expect("event.json");
    let tables = tables_of(&json);
    assert_eq!(tables.len(), 3);

    // The slips printed on this computer carry a code per table, each different.
    let slips = server.wait_for_page(SLIPS, "slip-code");
    let codes = slip_codes(&slips);
    assert_eq!(codes.keys().copied().collect::<Vec<_>>(), vec![1, 2, 3]);
    let distinct: std::collections::BTreeSet<&String> = codes.values().collect();
    assert_eq!(distinct.len(), 3, "{codes:?}");
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");

    // What a phone sends for `table`: the form's own fields, then the player's choices.
    let send = |table: u32, player: &str, result: &str, code: &str| {
        let (action, hidden) = report_form(&pairings, table);
        let mut fields: Vec<(&str, &str)> = hidden
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        fields.extend([("player", player), ("result", result), ("code", code)]);
        post_form(server.local(), &action, &fields)
    };
    let refused = |answer: (u16, String), status: u16, why: &str| {
        let before = std::fs::read(&file).expect("the event file");
        assert_eq!(answer.0, status, "{}", answer.1);
        assert!(answer.1.contains("Nothing was recorded"), "{}", answer.1);
        assert!(answer.1.contains(why), "{why:?} in {}", answer.1);
        assert_eq!(std::fs::read(&file).expect("the event file"), before);
    };
    let original = std::fs::read(&file).expect("the event file");
    let [a1, b1] = &tables[0].1;
    let [a2, b2] = &tables[1].1;
    let [a3, _] = &tables[2].1;

    // Refused, and the file untouched: a wrong code, another table's code, a player from
    // another table, a result the rules do not allow.
    refused(
        send(1, a1, "2-0", "AAA AAA"),
        403,
        "not the code of table 1",
    );
    refused(
        send(1, a1, "2-0", &codes[&2]),
        403,
        "not the code of table 1",
    );
    refused(send(1, a2, "2-0", &codes[&1]), 409, "Pick your name");
    refused(send(1, a1, "3-0", &codes[&1]), 409, "more than the match");
    assert_eq!(std::fs::read(&file).expect("the event file"), original);

    // Table 1: the first report waits for the other player, the file unchanged; the second
    // agrees (the code typed in small letters, with a dash), and the result is recorded.
    let (status, page) = send(1, a1, "2-0", &codes[&1]);
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("is recorded as soon as"), "{page}");
    assert_eq!(std::fs::read(&file).expect("the event file"), original);
    let typed = codes[&1].to_lowercase().replace(' ', "-");
    let (status, page) = send(1, b1, "2-0", &typed);
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Both players agree"), "{page}");
    let text = std::fs::read_to_string(&file).expect("the event file");
    assert!(
        text.contains(&format!("games = [\"{a1}\", \"{a1}\"]")),
        "{text}"
    );

    // Table 2: the players disagree. Both reports are kept for the organizer, neither applied;
    // status shows them, and confirm without choosing refuses.
    let before = std::fs::read(&file).expect("the event file");
    assert_eq!(send(2, a2, "1-1", &codes[&2]).0, 200);
    let (status, page) = send(2, b2, "0-2", &codes[&2]);
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains("Nothing is recorded until the organizer decides"),
        "{page}"
    );
    assert_eq!(std::fs::read(&file).expect("the event file"), before);
    let status = run_ok(&site, &["status", FILE]);
    assert!(status.contains("Table 2: the players disagree"), "{status}");
    let out = holonet(&["confirm", FILE, "2"], &site);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the players disagree"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&file).expect("the event file"), before);
    let said = run_ok(&site, &["confirm", FILE, "2", "--player", b2]);
    assert!(said.contains("Recorded table 2 of round 1"), "{said}");
    let text = std::fs::read_to_string(&file).expect("the event file");
    assert!(
        text.contains(&format!("games = [\"{b2}\", \"{b2}\"]")),
        "{text}"
    );

    // Table 3: one player reports; the organizer confirms it from the terminal.
    assert_eq!(send(3, a3, "1-1", &codes[&3]).0, 200);
    let status = run_ok(&site, &["status", FILE]);
    assert!(status.contains("1–1"), "{status}");
    assert!(
        status.contains(&format!("holonet confirm {FILE} 3")),
        "{status}"
    );
    run_ok(&site, &["confirm", FILE, "3"]);
    let done = std::fs::read_to_string(&file).expect("the event file");
    assert!(done.contains(&format!("games = [\"{a3}\"")), "{done}");

    // After the round: its reports are refused, and nothing waits any more.
    refused(
        send(3, a3, "2-0", &codes[&3]),
        409,
        "not being played any more",
    );
    let status = run_ok(&site, &["status", FILE]);
    assert!(!status.contains("waiting"), "{status}");

    // The next round's codes are new: round 1's code does not open round 2's table 1.
    run_ok(&site, &["pair", FILE]);
    let pairings = server.wait_for_page(PAIRINGS, "Round 2");
    let slips = server.wait_for_page(SLIPS, "Round 2");
    let new_codes = slip_codes(&slips);
    assert_ne!(new_codes[&1], codes[&1]);
    let (action, hidden) = report_form(&pairings, 1);
    let mut fields: Vec<(&str, &str)> = hidden
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    let json: serde_json::Value = serde_json::from_str(
        &server.wait_for_page("/events/2026/spring-open/event.json", "\"number\":2"),
    )
    .expect("event.json");
    let player = tables_of(&json)[0].1[0].clone();
    fields.extend([
        ("player", player.as_str()),
        ("result", "2-0"),
        ("code", codes[&1].as_str()),
    ]);
    refused(
        post_form(server.local(), &action, &fields),
        403,
        "not the code",
    );
}

/// Without `--self-report` the server takes no POST at all, not even a well-made report; with
/// it, only the report address does.
#[test]
fn only_self_report_takes_a_post_and_only_at_its_address() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let original = std::fs::read(&file).expect("the event file");
    let report = [
        ("event", FILE),
        ("stage", "round"),
        ("number", "1"),
        ("table", "1"),
        ("player", "ann-ray"),
        ("result", "2-0"),
        ("code", "AAAAAA"),
    ];
    {
        let server = serve_in(&site, &[]);
        let pairings = server.wait_for_page(PAIRINGS, "Round 1");
        assert!(!pairings.contains("Report your result"));
        let slips = server.wait_for_page(SLIPS, "Round 1");
        assert!(!slips.contains("slip-code"));
        for path in ["/__holonet/report", PAIRINGS, "/"] {
            let (status, body) = post_form(server.local(), path, &report);
            assert_eq!(status, 405, "{path}: {body}");
            assert!(body.contains("read-only"), "{body}");
        }
        let (status, _, _) = server.request("PUT", "/__holonet/report");
        assert!(status.contains("405"), "{status}");
    }
    let server = serve_in(&site, &["--self-report"]);
    server.wait_for_page(PAIRINGS, "Report your result");
    for path in [PAIRINGS, "/", "/__holonet/events"] {
        let (status, body) = post_form(server.local(), path, &report);
        assert_eq!(status, 405, "{path}: {body}");
    }
    // A body with no form in it, and one past the limit, are refused too.
    let (status, body) = post_form(server.local(), "/__holonet/report", &[("x", "y")]);
    assert_eq!(status, 400, "{body}");
    let long = "x".repeat(5000);
    let (status, _) = post_form(server.local(), "/__holonet/report", &[("code", &long)]);
    assert_eq!(status, 413);
    assert_eq!(std::fs::read(&file).expect("the event file"), original);
}

/// A SW:CCG game is reported by its winner and differential: both players send the same, and
/// it is recorded as `holonet report` records `winner+differential`.
#[test]
fn a_swccg_game_is_reported_with_its_winner_and_differential() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let site = dir.path().join("site");
    let file = "events/2026/ccg.toml";
    run_ok(&site, &["new", file, "--rules", "swccg-2008"]);
    for (name, _) in &PLAYERS[..4] {
        run_ok(&site, &["register", file, name]);
    }
    run_ok(&site, &["pair", file]);
    let server = serve_in(&site, &["--self-report"]);
    let pairings = server.wait_for_page("/events/2026/ccg/pairings/", "Report your result");
    assert!(pairings.contains("name=\"differential\""), "{pairings}");
    let codes = slip_codes(&server.wait_for_page("/events/2026/ccg/slips/", "slip-code"));
    let (action, hidden) = report_form(&pairings, 1);
    let text = std::fs::read_to_string(site.join(file)).expect("the event file");
    let table = text
        .lines()
        .find(|line| !line.trim_start().starts_with('#') && line.contains("table = 1,"))
        .expect("table 1");
    let id = |key: &str| {
        let at = table.find(&format!("{key} = \"")).expect(key) + key.len() + 4;
        table[at..].split('"').next().expect("an id").to_string()
    };
    let (dark, light) = (id("dark"), id("light"));
    for player in [&dark, &light] {
        let mut fields: Vec<(&str, &str)> = hidden
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        fields.extend([
            ("player", player.as_str()),
            ("winner", light.as_str()),
            ("differential", "12"),
            ("code", codes[&1].as_str()),
        ]);
        let (status, page) = post_form(server.local(), &action, &fields);
        assert_eq!(status, 200, "{page}");
    }
    let text = std::fs::read_to_string(site.join(file)).expect("the event file");
    let table = text
        .lines()
        .find(|line| !line.trim_start().starts_with('#') && line.contains("table = 1,"))
        .expect("table 1");
    assert!(
        table.contains(&format!("winner = \"{light}\", differential = 12")),
        "{table}"
    );
}

/// Both players of a table press "Send" at the same moment: the two reports are taken one
/// after the other (never both as the first), so the second finds the first and the result is
/// recorded once.
#[test]
fn two_players_reporting_at_once_record_the_result_once() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let codes = slip_codes(&server.wait_for_page(SLIPS, "slip-code"));
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let json: serde_json::Value = serde_json::from_str(
        &server.wait_for_page("/events/2026/spring-open/event.json", "\"tables\""),
    )
    .expect("event.json");
    let [a, b] = tables_of(&json)[0].1.clone();
    let (action, hidden) = report_form(&pairings, 1);
    let start = std::sync::Arc::new(std::sync::Barrier::new(2));
    let answers: Vec<(u16, String)> = [a.clone(), b]
        .into_iter()
        .map(|player| {
            let (action, hidden, code) = (action.clone(), hidden.clone(), codes[&1].clone());
            let (start, to) = (std::sync::Arc::clone(&start), server.local());
            std::thread::spawn(move || {
                let mut fields: Vec<(&str, &str)> = hidden
                    .iter()
                    .map(|(name, value)| (name.as_str(), value.as_str()))
                    .collect();
                fields.extend([
                    ("player", player.as_str()),
                    ("result", "2-0"),
                    ("code", &code),
                ]);
                start.wait();
                post_form(to, &action, &fields)
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|sender| sender.join().expect("a report"))
        .collect();
    assert!(
        answers.iter().all(|(status, _)| *status == 200),
        "{answers:?}"
    );
    let recorded = answers
        .iter()
        .filter(|(_, page)| page.contains("Both players agree"))
        .count();
    let waited = answers
        .iter()
        .filter(|(_, page)| page.contains("is recorded as soon as"))
        .count();
    assert_eq!((recorded, waited), (1, 1), "{answers:?}");
    let text = std::fs::read_to_string(&file).expect("the event file");
    assert_eq!(
        text.matches(&format!("games = [\"{a}\", \"{a}\"]")).count(),
        1,
        "{text}"
    );
}
