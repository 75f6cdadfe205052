//! Players reporting their own tables (`holonet serve --self-report`), from a client on this
//! computer (127.0.0.1), as the organizer runs it: a site from `holonet init`, an event from
//! `holonet new`, `serve` started in the site folder with its default flags. Every report is
//! the form the pairings page offers, filled in and posted as a browser posts it, with the
//! player's own code read off the cards page. After every refusal the event file is byte for
//! byte as it was.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use crate::common::serve::{
    CARDS, Errors, Server, command_in, player_codes, post_form, post_form_with, report_form,
    serve_in, spawn,
};
use crate::common::{holonet, run_ok};

pub(crate) const FILE: &str = "events/2026/spring-open.toml";
pub(crate) const PAIRINGS: &str = "/events/2026/spring-open/pairings/";
pub(crate) const SLIPS: &str = "/events/2026/spring-open/slips/";
const EVENT_JSON: &str = "/events/2026/spring-open/event.json";

/// What `holonet status` says above the players' reports waiting.
const WAITING: &str = "Reported from the players' phones";

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

/// The tables of the round `server` serves once `event.json` shows `wanted`.
fn served_tables(server: &Server, wanted: &str) -> Vec<(u32, [String; 2])> {
    tables_of(&serde_json::from_str(&server.wait_for_page(EVENT_JSON, wanted)).expect("event.json"))
}

/// Every player's code, from the cards page this computer prints.
pub(crate) fn codes_of(server: &Server) -> BTreeMap<String, String> {
    player_codes(&server.wait_for_page(CARDS, "player-code"), FILE)
}

/// A phone's report for `table` on the served `pairings` page: the form's own fields, then
/// the player's choices; status and answer.
fn send(
    server: &Server,
    pairings: &str,
    table: u32,
    player: &str,
    result: &str,
    code: &str,
) -> (u16, String) {
    let (action, hidden) = report_form(pairings, table);
    let mut fields: Vec<(&str, &str)> = hidden
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    fields.extend([("player", player), ("result", result), ("code", code)]);
    post_form(server.local(), &action, &fields)
}

/// Asserts a refused report: its status, "Nothing was recorded" and `why`, the file `file`
/// byte for byte as it was.
fn refused(file: &Path, before: &[u8], answer: (u16, String), status: u16, why: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert!(answer.1.contains("Nothing was recorded"), "{}", answer.1);
    assert!(answer.1.contains(why), "{why:?} in {}", answer.1);
    assert_eq!(std::fs::read(file).expect("the event file"), before);
}

#[test]
fn a_round_is_reported_from_the_players_phones() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let tables = served_tables(&server, "\"tables\"");
    assert_eq!(tables.len(), 3);

    // The cards printed on this computer carry a code per player, each different; the slips
    // carry none, and say where the cards are.
    let codes = codes_of(&server);
    assert_eq!(codes.len(), PLAYERS.len(), "{codes:?}");
    let distinct: std::collections::BTreeSet<&String> = codes.values().collect();
    assert_eq!(distinct.len(), PLAYERS.len(), "{codes:?}");
    let slips = server.wait_for_page(SLIPS, "player card");
    assert!(
        !codes.values().any(|code| slips.contains(code.as_str())),
        "{slips}"
    );
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let send = |table: u32, player: &str, result: &str, code: &str| {
        send(&server, &pairings, table, player, result, code)
    };
    let original = std::fs::read(&file).expect("the event file");
    let [a1, b1] = &tables[0].1;
    let [a2, b2] = &tables[1].1;
    let [a3, _] = &tables[2].1;

    // Refused, and the file untouched: a wrong code, another player's code (the opponent's
    // included), a player from another table, a result the rules do not allow.
    refused(
        &file,
        &original,
        send(1, a1, "2-0", "AAAA AAAA"),
        403,
        "copy it from your own player card",
    );
    refused(
        &file,
        &original,
        send(1, a1, "2-0", &codes[b1]),
        403,
        "copy it from your own player card",
    );
    refused(
        &file,
        &original,
        send(1, a1, "2-0", &codes[a2]),
        403,
        "copy it from your own player card",
    );
    refused(
        &file,
        &original,
        send(1, a2, "2-0", &codes[a2]),
        409,
        "Pick your name",
    );
    refused(
        &file,
        &original,
        send(1, a1, "3-0", &codes[a1]),
        409,
        "more than the match",
    );

    // Table 1: the first report waits for the other player, the file unchanged; the second
    // agrees (the code typed in small letters, with a dash), and the result is recorded.
    let (status, page) = send(1, a1, "2-0", &codes[a1]);
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("is recorded as soon as"), "{page}");
    assert_eq!(std::fs::read(&file).expect("the event file"), original);
    let typed = codes[b1].to_lowercase().replace(' ', "-");
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
    assert_eq!(send(2, a2, "1-1", &codes[a2]).0, 200);
    let (status, page) = send(2, b2, "0-2", &codes[b2]);
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
    assert_eq!(send(3, a3, "1-1", &codes[a3]).0, 200);
    let status = run_ok(&site, &["status", FILE]);
    assert!(status.contains("1–1"), "{status}");
    assert!(
        status.contains(&format!("holonet confirm {FILE} 3")),
        "{status}"
    );
    run_ok(&site, &["confirm", FILE, "3"]);
    let done = std::fs::read_to_string(&file).expect("the event file");
    assert!(done.contains(&format!("games = [\"{a3}\"")), "{done}");

    // After the round: its reports are refused, told what was recorded, and nothing waits
    // any more.
    let before = std::fs::read(&file).expect("the event file");
    refused(
        &file,
        &before,
        send(3, a3, "2-0", &codes[a3]),
        409,
        "Round 1 is over, and table 3 is recorded: ",
    );
    let status = run_ok(&site, &["status", FILE]);
    assert!(!status.contains("waiting"), "{status}");

    // A player's code is theirs all event long; in round 2 it still speaks for them alone.
    run_ok(&site, &["pair", FILE]);
    let pairings = server.wait_for_page(PAIRINGS, "Round 2");
    let tables = served_tables(&server, "\"number\":2");
    let [a, b] = &tables[0].1;
    let before = std::fs::read(&file).expect("the event file");
    refused(
        &file,
        &before,
        self::send(&server, &pairings, 1, a, "2-0", &codes[b]),
        403,
        "copy it from your own player card",
    );
    let (status, page) = self::send(&server, &pairings, 1, a, "2-0", &codes[a]);
    assert_eq!(status, 200, "{page}");
}

/// One player holding the other's card still cannot make a result agreed: from one phone on
/// the venue's network the two reports go to the organizer (see `serve_lan`); and no report
/// can carry the table, only its own player.
#[test]
fn one_players_code_never_speaks_for_the_other() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let tables = served_tables(&server, "\"tables\"");
    let codes = codes_of(&server);
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let [a, b] = &tables[0].1;
    let original = std::fs::read(&file).expect("the event file");
    // Ann's code, sent for Ann and then for Bo: Bo's report is refused as a wrong code.
    assert_eq!(send(&server, &pairings, 1, a, "2-0", &codes[a]).0, 200);
    refused(
        &file,
        &original,
        send(&server, &pairings, 1, b, "2-0", &codes[a]),
        403,
        "copy it from your own player card",
    );
    let status = run_ok(&site, &["status", FILE]);
    assert!(status.contains("waiting"), "{status}");
}

/// A report belongs to the pairing it was sent for: the round unpaired and paired again (even
/// the same way, in the same second), a late entrant registered, a player dropped, or the
/// table changed by hand, and it no longer counts: `status` no longer lists it, `confirm`
/// refuses it and says why, and the other player's report does not complete it.
#[test]
fn a_report_is_void_once_its_pairing_changes() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let codes = codes_of(&server);
    let tables = served_tables(&server, "\"tables\"");
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let [a, b] = tables[0].1.clone();
    let (status, page) = send(&server, &pairings, 1, &a, "2-0", &codes[&a]);
    assert_eq!(status, 200, "{page}");
    assert!(run_ok(&site, &["status", FILE]).contains(WAITING));
    // Each change voids the report waiting; the other player then reports, and waits alone.
    let mut other = b.clone();
    // A player leaves once their table has its result.
    let leaving = tables[2].1[0].clone();
    let changes: [Vec<Vec<&str>>; 3] = [
        vec![vec!["unpair", FILE], vec!["pair", FILE]],
        vec![vec!["register", FILE, "Gil Late", "--late"]],
        vec![
            vec!["report", FILE, "3", "2-0"],
            vec!["drop", FILE, &leaving],
        ],
    ];
    for change in changes {
        for verb in &change {
            run_ok(&site, verb);
        }
        let status = run_ok(&site, &["status", FILE]);
        assert!(!status.contains(WAITING), "{change:?}: {status}");
        let before = std::fs::read(&file).expect("the event file");
        let out = holonet(&["confirm", FILE, "1"], &site);
        assert!(!out.status.success(), "{change:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("no longer counts"), "{change:?}: {said}");
        assert_eq!(std::fs::read(&file).expect("the event file"), before);
        let tables = served_tables(&server, "\"tables\"");
        assert_eq!(tables[0].1, [a.clone(), b.clone()], "the same table 1");
        let (status, page) = send(&server, &pairings, 1, &other, "2-0", &codes[&other]);
        assert_eq!(status, 200, "{page}");
        assert!(
            page.contains("is recorded as soon as"),
            "{change:?}: {page}"
        );
        assert_eq!(std::fs::read(&file).expect("the event file"), before);
        other = if other == a { b.clone() } else { a.clone() };
    }
    // By hand: the first two tables' players exchanged in the file (the report waiting is
    // the last change's).
    let [c, d] = served_tables(&server, "\"tables\"")[1].1.clone();
    let text = std::fs::read_to_string(&file).expect("the event file");
    let edited = text
        .replace(&format!("[\"{a}\", \"{b}\"]"), "[\"@1\", \"@2\"]")
        .replace(
            &format!("[\"{c}\", \"{d}\"]"),
            &format!("[\"{a}\", \"{d}\"]"),
        )
        .replace("[\"@1\", \"@2\"]", &format!("[\"{c}\", \"{b}\"]"));
    assert_ne!(edited, text, "the tables are written as [\"a\", \"b\"]");
    std::fs::write(&file, &edited).expect("a hand edit");
    let out = holonet(&["confirm", FILE, "1"], &site);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no longer counts"));
    assert_eq!(
        std::fs::read_to_string(&file).expect("the event file"),
        edited
    );
}

/// The tables whose reports `.holonet/self-reports.json` holds, in the order it lists them.
fn tables_waiting(site: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(site.join(".holonet/self-reports.json"))
        .expect("the list of waiting reports");
    let list: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    list.as_array()
        .expect("a list")
        .iter()
        .map(|report| report["table"].as_u64().expect("a table"))
        .collect()
}

/// A disagreement the organizer settles with `holonet report` leaves nothing in the list of
/// waiting reports, and nor does a report whose table the organizer records: the list holds
/// only what still waits, and is empty once the round is over.
#[test]
fn settled_reports_leave_the_waiting_list() {
    let dir = running_event();
    let site = dir.path().join("site");
    let server = serve_in(&site, &["--self-report"]);
    let codes = codes_of(&server);
    let tables = served_tables(&server, "\"tables\"");
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let [a1, b1] = &tables[0].1;
    let [a2, _] = &tables[1].1;
    for (table, player, result) in [(1, a1, "2-0"), (1, b1, "0-2"), (2, a2, "1-1")] {
        let (status, page) = send(&server, &pairings, table, player, result, &codes[player]);
        assert_eq!(status, 200, "{page}");
    }
    assert_eq!(tables_waiting(&site), [1, 1, 2]);

    // The organizer settles table 1 by typing its result: its two reports go, table 2's stays.
    run_ok(&site, &["report", FILE, "1", "2-0"]);
    assert_eq!(tables_waiting(&site), [2]);
    let status = run_ok(&site, &["status", FILE]);
    assert!(status.contains(WAITING), "{status}");

    // Table 2 recorded by the organizer too, and table 3: the round is over, nothing waits.
    run_ok(&site, &["report", FILE, "2", "2-0"]);
    run_ok(&site, &["report", FILE, "3", "2-0"]);
    assert!(tables_waiting(&site).is_empty());
}

/// `serve` started by a script or a service, its standard input a pipe: a `confirm` line
/// written there records the report waiting, as one typed in its terminal does.
#[test]
fn a_confirm_line_on_piped_input_is_recorded() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let mut command = command_in(&site, &["--self-report"]);
    command.stdin(std::process::Stdio::piped());
    let mut server = spawn(command, Errors::Dropped);
    let codes = codes_of(&server);
    let tables = served_tables(&server, "\"tables\"");
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let [a, _] = &tables[0].1;
    let (status, page) = send(&server, &pairings, 1, a, "2-0", &codes[a]);
    assert_eq!(status, 200, "{page}");
    writeln!(server.input(), "confirm {FILE} 1").expect("a line written to serve");
    server.says("Recorded table 1 of round 1");
    let text = std::fs::read_to_string(&file).expect("the event file");
    assert!(
        text.contains(&format!("games = [\"{a}\", \"{a}\"]")),
        "{text}"
    );
}

/// What a phone is told after sending a report, recorded or refused, is a page of the site in
/// its own look: the site's header and navigation, its style sheet, one heading in the main
/// landmark, and the way back to the pairings.
#[test]
fn a_phone_is_answered_with_a_page_of_the_site() {
    let dir = running_event();
    let site = dir.path().join("site");
    let server = serve_in(&site, &["--self-report"]);
    let codes = codes_of(&server);
    let tables = served_tables(&server, "\"tables\"");
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let home = server.wait_for_page("/", "site-header");
    let [a, b] = &tables[0].1;
    let answers = [
        (
            send(&server, &pairings, 1, a, "2-0", "AAAA AAAA"),
            403,
            "Nothing was recorded",
        ),
        (
            send(&server, &pairings, 1, a, "2-0", &codes[a]),
            200,
            "Sent",
        ),
        (
            send(&server, &pairings, 1, b, "2-0", &codes[b]),
            200,
            "Recorded",
        ),
    ];
    for ((status, page), wanted, title) in answers {
        assert_eq!(status, wanted, "{page}");
        assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
        assert!(page.contains(&format!("<title>{title} · ")), "{page}");
        for part in [
            "<header class=\"site-header\">",
            "<nav class=\"site-nav\" aria-label=\"Main\">",
            "<main id=\"main\"",
            "<footer class=\"site-footer\">",
        ] {
            assert!(page.contains(part), "{part} in {page}");
        }
        let style = home
            .split('"')
            .find(|word| word.ends_with("style.css"))
            .expect("the site's style sheet");
        assert!(page.contains(style), "{style} in {page}");
        assert_eq!(page.matches("<h1").count(), 1, "{page}");
        assert!(page.contains(&format!("<h1>{title}</h1>")), "{page}");
        assert!(
            page.contains(&format!("href=\"{PAIRINGS}\">Back to the pairings")),
            "{page}"
        );
    }
}

/// The result slips served with `--self-report` say where each table's result is reported: the
/// path of that table's form on the pairings page (on 127.0.0.1 alone, phones have no address
/// of this computer to open, so no QR code), and never a player's code.
#[test]
fn served_result_slips_say_where_to_report() {
    let dir = running_event();
    let site = dir.path().join("site");
    let server = serve_in(&site, &["--self-report"]);
    let codes = codes_of(&server);
    let slips = server.wait_for_page(SLIPS, "slip-report");
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let tables = served_tables(&server, "\"tables\"");
    let notes: Vec<&str> = slips.split("<p class=\"slip-report\">").skip(1).collect();
    assert_eq!(notes.len(), tables.len(), "{slips}");
    for (note, (table, _)) in notes.iter().zip(&tables) {
        let form = format!("report-{table}");
        let address = format!("{}#{form}", &PAIRINGS[1..]);
        assert!(
            note.starts_with(&format!(
                "<span>Report this result from your phone, each player with their own code: <span class=\"slip-address\">{address}</span>"
            )),
            "{note}"
        );
        assert!(pairings.contains(&format!("id=\"{form}\"")), "{pairings}");
    }
    assert!(!slips.contains("<svg"), "{slips}");
    assert!(
        !codes.values().any(|code| slips.contains(code.as_str())),
        "{slips}"
    );
}

/// A report names its event exactly as the pairings page's form writes it. The same file spelt
/// another way (`./`, `..`, a doubled slash, the absolute path) names no event: refused before
/// anything is counted or read, so it neither earns fresh tries at a code nor takes a right one.
#[test]
fn an_event_spelt_another_way_is_refused() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let tables = served_tables(&server, "\"tables\"");
    let codes = codes_of(&server);
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let (action, hidden) = report_form(&pairings, 1);
    let [a, _] = &tables[0].1;
    let absolute = file.display().to_string();
    let original = std::fs::read(&file).expect("the event file");
    for spelt in [
        format!("./{FILE}"),
        "events/2026/../2026/spring-open.toml".to_string(),
        "events//2026/spring-open.toml".to_string(),
        absolute,
        format!("{FILE}\u{1b}[2J"),
    ] {
        let mut fields: Vec<(&str, &str)> = hidden
            .iter()
            .filter(|(name, _)| name != "event")
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        fields.extend([
            ("event", spelt.as_str()),
            ("player", a.as_str()),
            ("result", "2-0"),
            ("code", codes[a].as_str()),
        ]);
        refused(
            &file,
            &original,
            post_form(server.local(), &action, &fields),
            409,
            "no event taking reports at that address",
        );
    }
    // Nothing from the network reaches the terminal raw: the escape above is shown escaped.
    let line = server.says("named an event this site does not have");
    assert!(!line.contains('\u{1b}'), "{line:?}");
}

/// Only the site's own pages get codes and send reports: a request naming another host (a
/// page's own name pointed at this computer) is a stranger's, so it gets no cards; a form posted
/// from another site, or to another host, is refused.
#[test]
fn only_the_sites_own_pages_get_codes_and_send_reports() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let tables = served_tables(&server, "\"tables\"");
    let codes = codes_of(&server);
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    // The cards page to a request naming another host, from this very computer.
    let mut stream = std::net::TcpStream::connect(server.local()).expect("connect");
    use std::io::{Read, Write};
    write!(
        stream,
        "GET /__holonet/cards/ HTTP/1.1\r\nHost: evil.example:{}\r\n\r\n",
        server.port
    )
    .expect("request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    assert!(!codes.values().any(|code| answer.contains(code.as_str())));

    let (action, hidden) = report_form(&pairings, 1);
    let [a, _] = &tables[0].1;
    let mut fields: Vec<(&str, &str)> = hidden
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    fields.extend([
        ("player", a.as_str()),
        ("result", "2-0"),
        ("code", codes[a].as_str()),
    ]);
    let here = server.local();
    let original = std::fs::read(&file).expect("the event file");
    for headers in [
        vec![format!("Host: evil.example:{}", server.port)],
        vec![
            format!("Host: {here}"),
            "Origin: http://evil.example".to_string(),
        ],
        vec![format!("Host: {here}"), "Origin: null".to_string()],
        vec![
            format!("Host: {here}"),
            "Sec-Fetch-Site: cross-site".to_string(),
        ],
        vec![],
    ] {
        let (status, body) = post_form_with(here, &action, &fields, &headers);
        assert_eq!(status, 403, "{headers:?}: {body}");
        assert_eq!(std::fs::read(&file).expect("the event file"), original);
    }
    // The site's own page: the same report, with its own origin, is taken.
    let (status, body) = post_form_with(
        here,
        &action,
        &fields,
        &[format!("Host: {here}"), format!("Origin: http://{here}")],
    );
    assert_eq!(status, 200, "{body}");
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
        ("code", "AAAAAAAA"),
    ];
    {
        let server = serve_in(&site, &[]);
        let pairings = server.wait_for_page(PAIRINGS, "Round 1");
        assert!(!pairings.contains("Report your result"));
        let slips = server.wait_for_page(SLIPS, "Round 1");
        assert!(!slips.contains("player card"));
        let (status, _) = server.fetch(CARDS);
        assert_eq!(status, 404);
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
    let codes = player_codes(&server.wait_for_page(CARDS, "player-code"), file);
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
            ("code", codes[player.as_str()].as_str()),
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
    let codes = codes_of(&server);
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
            let (action, hidden, code) = (action.clone(), hidden.clone(), codes[&player].clone());
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

/// A report's length is plain digits, given once, with no transfer coding: anything else is no
/// length to trust, and the report is refused whatever it holds.
#[test]
fn a_report_with_an_unclear_length_is_refused() {
    use std::io::{Read, Write};
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let tables = served_tables(&server, "\"tables\"");
    let codes = codes_of(&server);
    let [a, _] = &tables[0].1;
    let body = format!(
        "event={}&stage=round&number=1&table=1&player={a}&result=2-0&code={}",
        FILE.replace('/', "%2F"),
        codes[a].replace(' ', "+")
    );
    let n = body.len();
    let original = std::fs::read(&file).expect("the event file");
    for head in [
        format!("Content-Length: +{n}"),
        format!("Content-Length: 5\r\nContent-Length: {n}"),
        format!("Transfer-Encoding: chunked\r\nContent-Length: {n}"),
    ] {
        let mut stream = std::net::TcpStream::connect(server.local()).expect("connect");
        write!(
            stream,
            "POST /__holonet/report HTTP/1.1\r\nHost: {}\r\n{head}\r\n\r\n{body}",
            server.local()
        )
        .expect("request");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("answer");
        assert!(answer.starts_with("HTTP/1.1 413"), "{head}: {answer}");
        assert_eq!(std::fs::read(&file).expect("the event file"), original);
    }
}

/// A phone that reports a table the organizer already recorded, in the round being played or
/// after the round is over (its pairings page left open), is told what was recorded, with
/// the names, instead of being sent to the organizer with nothing to go on.
#[test]
fn a_late_report_is_told_what_was_recorded() {
    let dir = running_event();
    let site = dir.path().join("site");
    let file = site.join(FILE);
    let server = serve_in(&site, &["--self-report"]);
    let tables = served_tables(&server, "\"tables\"");
    let codes = codes_of(&server);
    let pairings = server.wait_for_page(PAIRINGS, "Report your result");
    let names: BTreeMap<&str, &str> = PLAYERS.iter().map(|&(name, id)| (id, name)).collect();
    let [a, b] = &tables[0].1;
    // The organizer records table 1 from the terminal.
    run_ok(&site, &["report", FILE, "1", "2-0"]);
    let before = std::fs::read(&file).expect("the event file");
    let recorded = format!("{} 2–0 {}", names[a.as_str()], names[b.as_str()]);
    refused(
        &file,
        &before,
        send(&server, &pairings, 1, b, "0-2", &codes[b]),
        409,
        &format!(
            "Table 1 already has its result: {recorded}. If that is not what you played, tell the organizer"
        ),
    );
    // The rest of round 1 from the terminal, round 2 paired: a report for round 1 still
    // finds what stands.
    for (table, _) in &tables[1..] {
        run_ok(&site, &["report", FILE, &table.to_string(), "2-0"]);
    }
    run_ok(&site, &["pair", FILE]);
    let before = std::fs::read(&file).expect("the event file");
    let answer = send(&server, &pairings, 1, b, "0-2", &codes[b]);
    assert!(
        answer.1.contains(&format!(
            "Round 1 is over, and table 1 is recorded: {recorded}"
        )),
        "{}",
        answer.1
    );
    assert_eq!(std::fs::read(&file).expect("the event file"), before);
}
