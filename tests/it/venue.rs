//! The pages for the venue of a running event: the room screen (every player of the current
//! round by name, with the round clock from `paired` and the round length) and the printable
//! result slips (one per table; SW:CCG score sheets). Both exist only while the event has a
//! current round, and go when it is complete.

use std::fs;
use std::path::Path;

use crate::common::{build, copy_site, edit, visible_text};

const CORELLIA: &str = "events/2026/corellia-spring-open.toml";
const CORELLIA_OUT: &str = "events/2026/corellia-spring-open";

fn read(out: &Path, path: &str) -> String {
    fs::read_to_string(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The example running event, paired at 14:05 (UTC+1), built.
fn corellia_paired() -> (tempfile::TempDir, std::path::PathBuf) {
    let site = copy_site(Path::new("."));
    edit(
        site.path(),
        CORELLIA,
        "paired = 2026-11-22T13:50:00Z ",
        "paired = 2026-11-22T14:05:00+01:00 ",
    );
    let out = site.path().join("public");
    build(site.path(), &out, None);
    (site, out)
}

#[test]
fn the_room_screen_lists_every_player_by_name_with_table_and_opponent() {
    let (_site, out) = corellia_paired();
    let html = read(&out, &format!("{CORELLIA_OUT}/room/index.html"));
    let text = visible_text(&html).replace(" ,", ",");
    assert!(text.contains("Corellia Spring Open 2026 Round 2"), "{text}");
    let rows = [
        "Table 2 Hana Dvořáková vs Priya Nair",
        "Table 1 Jürgen Falkenrath vs Maren Holm",
        "Table 4 Leon Duval vs Oskar Brandt",
        "Table 1 Maren Holm vs Jürgen Falkenrath",
        "Table 3 Niamh Byrne vs Zoë Achterberg",
        "Table 4 Oskar Brandt vs Leon Duval",
        "Table 2 Priya Nair dark first · vs Hana Dvořáková",
        "Bye Tobias Lund",
        "Table 3 Zoë Achterberg vs Niamh Byrne",
    ];
    let at: Vec<usize> = rows
        .iter()
        .map(|row| {
            text.find(row)
                .unwrap_or_else(|| panic!("{row:?} in {text}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "A to Z: {at:?}");
    assert_eq!(html.matches("class=\"room-seat\"").count(), 9);
    // Ffg-2018's 70 minutes from `paired`, for the script and for people without it.
    assert!(
        html.contains(
            "data-round-start=\"2026-11-22T14:05:00+01:00\" data-round-end=\"2026-11-22T15:15:00+01:00\" data-round-minutes=\"70\""
        ),
        "{html}"
    );
    assert!(text.contains("Round started 14:05, ends 15:15"), "{text}");
    // Its own page: no site navigation, the room's stylesheet and script.
    assert!(!html.contains("site-nav"));
    assert!(html.contains("href=\"/room.css\"") && html.contains("src=\"/room.js\""));
    assert!(out.join("room.js").is_file() && out.join("room.css").is_file());
    // Linked from the pairings page and the event page.
    let room = format!("href=\"/{CORELLIA_OUT}/room/\"");
    assert!(read(&out, &format!("{CORELLIA_OUT}/pairings/index.html")).contains(&room));
    assert!(read(&out, &format!("{CORELLIA_OUT}/index.html")).contains(&room));
}

#[test]
fn without_paired_the_room_screen_gives_the_round_length_and_no_countdown() {
    let site = copy_site(Path::new("."));
    edit(
        site.path(),
        CORELLIA,
        "paired = 2026-11-22T13:50:00Z ",
        "round_minutes = 65 ",
    );
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let html = read(&out, &format!("{CORELLIA_OUT}/room/index.html"));
    assert!(!html.contains("data-round-end"), "{html}");
    assert!(
        visible_text(&html).contains("Rounds are 65 minutes"),
        "{html}"
    );
}

#[test]
fn result_slips_have_one_slip_per_table_with_a_box_per_game() {
    let (_site, out) = corellia_paired();
    let html = read(&out, &format!("{CORELLIA_OUT}/slips/index.html"));
    assert!(html.contains("href=\"/slips.css\""));
    assert_eq!(
        html.matches("<section class=\"slip\"").count(),
        4,
        "4 tables, no slip for a bye"
    );
    let slips: Vec<String> = html
        .split("<section class=\"slip\"")
        .skip(1)
        .map(visible_text)
        .collect();
    for (slip, (table, a, b)) in slips.iter().zip([
        (1, "Maren Holm", "Jürgen Falkenrath"),
        (2, "Hana Dvořáková", "Priya Nair dark first"),
        (3, "Niamh Byrne", "Zoë Achterberg"),
        (4, "Oskar Brandt", "Leon Duval"),
    ]) {
        let head = format!("Round 2 · Table {table} Corellia Spring Open 2026");
        assert!(slip.contains(&head), "{slip}");
        assert!(
            slip.contains(&format!("{a} {b} Draw Game 1 Game 2 Signature")),
            "{slip}"
        );
    }
    // A box per player and for a draw, in each of the two games.
    for slip in html.split("<section class=\"slip\"").skip(1) {
        assert_eq!(slip.matches("class=\"slip-box\"").count(), 6, "{slip}");
    }
    assert!(
        read(&out, &format!("{CORELLIA_OUT}/pairings/index.html"))
            .contains(&format!("href=\"/{CORELLIA_OUT}/slips/\""))
    );
}

/// SW:CCG: the game time from the event's deck size (one minute per card), and a score sheet
/// per table with each player's side, victory points and differential.
#[test]
fn a_ccg_game_has_its_game_time_and_score_sheets() {
    let site = copy_site(Path::new("tests/fixtures/sites/small"));
    fs::write(
        site.path().join("events/2019/ccg-night.toml"),
        "[event]\nname = \"CCG <b>Night</b>\"\ndate = 2019-03-02\nrules = \"swccg-2008\"\nformat = \"sealed\"\ndeck_size = 40\nstructure = \"custom\"\nswiss_rounds = 4\npaired = 2019-03-02T23:40:00-05:00\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bo <i>\"\nid = \"bo\"\n[[players]]\nname = \"Cy Marrow\"\nid = \"cy\"\n[[players]]\nname = \"Di\"\n\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bo\", winner = \"ann\", differential = 10 },\n  { table = 2, dark = \"cy\", light = \"di\" },\n]\n",
    )
    .expect("write");
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let room = read(&out, "events/2019/ccg-night/room/index.html");
    // 40 cards, 40 minutes, past midnight.
    assert!(
        room.contains("data-round-start=\"2019-03-02T23:40:00-05:00\" data-round-end=\"2019-03-03T00:20:00-05:00\" data-round-minutes=\"40\""),
        "{room}"
    );
    assert!(visible_text(&room).contains("Game started 23:40 , ends 00:20"));
    assert!(
        visible_text(&room).contains("Table 1 Bo &lt;i&gt; light · vs Ann"),
        "{room}"
    );
    assert!(
        room.contains("Bo &lt;i&gt;") && !room.contains("<b>Night"),
        "escaped"
    );
    let slips = read(&out, "events/2019/ccg-night/slips/index.html");
    assert!(
        slips.contains("Bo &lt;i&gt;") && !slips.contains("<b>Night"),
        "escaped"
    );
    let sheets: Vec<String> = slips
        .split("<section class=\"slip\"")
        .skip(1)
        .map(visible_text)
        .collect();
    assert_eq!(sheets.len(), 2, "one score sheet per table");
    for (sheet, (table, dark, light)) in sheets
        .iter()
        .zip([(1, "Ann", "Bo &lt;i&gt;"), (2, "Cy Marrow", "Di")])
    {
        assert!(
            sheet.contains(&format!("Game 1 · Table {table}")),
            "{sheet}"
        );
        assert!(
            sheet.contains(&format!("Dark Side {dark} Light Side {light}")),
            "{sheet}"
        );
        for row in [
            "Winner",
            "Victory points",
            "Differential",
            "True tie only",
            "Signature",
        ] {
            assert!(sheet.contains(row), "{row} in {sheet}");
        }
    }
}

/// A finished event and one yet to start have neither page, and a round's pages go once its
/// last result is in; its pairings page stays, saying the round is complete.
#[test]
fn the_venue_pages_go_when_the_round_is_complete() {
    let (site, out) = corellia_paired();
    for idle in [
        "events/2018/outer-rim-store-championship",
        "events/2026/kessel-run-regional",
    ] {
        assert!(!out.join(idle).join("room").exists(), "{idle}");
        assert!(!out.join(idle).join("slips").exists(), "{idle}");
    }
    assert!(out.join(CORELLIA_OUT).join("room/index.html").is_file());
    for (from, to) in [
        (
            "[\"maren-holm\", \"jurgen-falkenrath\"] }",
            "[\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"maren-holm\"] }",
        ),
        (
            "[\"niamh-byrne\", \"zoe-achterberg\"] }",
            "[\"niamh-byrne\", \"zoe-achterberg\"], games = [\"niamh-byrne\", \"draw\"] }",
        ),
        (
            "[\"oskar-brandt\", \"leon-duval\"] }",
            "[\"oskar-brandt\", \"leon-duval\"], games = [\"leon-duval\", \"leon-duval\"] }",
        ),
    ] {
        edit(site.path(), CORELLIA, from, to);
    }
    build(site.path(), &out, None);
    for page in ["room", "slips"] {
        assert!(
            !out.join(CORELLIA_OUT).join(page).exists(),
            "{page} removed"
        );
    }
    let pairings = read(&out, &format!("{CORELLIA_OUT}/pairings/index.html"));
    assert!(
        pairings.contains("is complete") && pairings.contains("is not paired yet"),
        "{pairings}"
    );
}
