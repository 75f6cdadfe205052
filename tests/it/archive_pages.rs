//! The archive as a record: head-to-head pages, card and objective set pages, and the trends
//! of the statistics page, checked on a small site whose numbers are worked out by hand below.
//!
//! Two SW:LCG events of the same four players:
//! - Spring Open (2025): two Swiss rounds, every list published. Ann (Sith, dark) met Bo
//!   (Jedi, light) in round 1: Ann won game 1 on the dark side, Bo won game 2 (Ann light).
//! - Autumn Open (2026): lists held back until the Swiss rounds are over, one round of two
//!   played. Bo won both games against Ann (Ann light, then dark). Di's held-back list is the
//!   only one with The Shadow of Nar Shaddaa (set 83) and Scum and Villainy.
//!
//! Ann against Bo: met 2, won 0, lost 1, drew 1 (the 1–1 split); games 1–3–0.
//! Side results by year (the sides swap for game 2):
//! - 2025: dark wins 5 (R1 T1 g1 and g2, R1 T2 g1, R2 T1 g2, R2 T2 g1), light 2 (R1 T2 g2,
//!   R2 T1 g1), drawn 1 (R2 T2 g2): 8 games, dark 63%, light 25%.
//! - 2026: dark 2, light 2 of 4: 50% each.
//!
//! Affiliations: 2025 Jedi 2 of 3 published lists (67%), Sith 1 (33%); 2026 none published.

use std::fs;
use std::path::Path;

use crate::common::{build, visible_text};

const JEDI: &str = r#"affiliation = "Jedi"
objectives = ["1", "1", "5", "5", "7", "7", "37", "37", "48", "48"]"#;
const SITH: &str = r#"affiliation = "Sith"
objectives = ["19", "19", "20", "20", "23", "23", "40", "40", "50", "50"]"#;
const SCUM: &str = r#"affiliation = "Scum and Villainy"
objectives = ["83", "83", "47", "47", "52", "52", "67", "67", "80", "80"]"#;

fn spring() -> String {
    format!(
        r#"[event]
name = "Spring Open"
date = 2025-04-05
rules = "ffg-2018"
structure = "custom"
swiss_rounds = 2

[[players]]
name = "Ann Vel"
id = "ann"

[players.decks.dark]
{SITH}

[[players]]
name = "Bo Rin"
id = "bo"

[players.decks.light]
{JEDI}

[[players]]
name = "Cy Dax"
id = "cy"

[players.decks.light]
{JEDI}

[[players]]
name = "Di Oru"
id = "di"

[[rounds]]
tables = [
  {{ players = ["ann", "bo"], games = ["ann", "bo"], first_dark = "ann" }},
  {{ players = ["cy", "di"], games = ["cy", "cy"], first_dark = "cy" }},
]

[[rounds]]
tables = [
  {{ players = ["ann", "cy"], games = ["ann", "ann"], first_dark = "cy" }},
  {{ players = ["bo", "di"], games = ["bo", "draw"], first_dark = "bo" }},
]
"#
    )
}

fn autumn() -> String {
    format!(
        r#"[event]
name = "Autumn Open"
date = 2026-10-03
rules = "ffg-2018"
structure = "custom"
swiss_rounds = 2
decklists = "after-cut"

[[players]]
name = "Ann Vel"
id = "ann"

[[players]]
name = "Bo Rin"
id = "bo"

[[players]]
name = "Cy Dax"
id = "cy"

[[players]]
name = "Di Oru"
id = "di"

[players.decks.dark]
{SCUM}

[[rounds]]
tables = [
  {{ players = ["ann", "bo"], games = ["bo", "bo"], first_dark = "bo" }},
  {{ players = ["cy", "di"], games = ["di", "di"], first_dark = "di" }},
]
"#
    )
}

/// The two events' site, built; returns the folder and the output.
fn built() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    fs::write(
        root.join("holonet.toml"),
        "title = \"Record\"\nbase_url = \"https://example.org/\"\n",
    )
    .expect("config");
    fs::create_dir_all(root.join("events/2025")).expect("mkdir");
    fs::create_dir_all(root.join("events/2026")).expect("mkdir");
    fs::write(root.join("events/2025/spring.toml"), spring()).expect("event");
    fs::write(root.join("events/2026/autumn.toml"), autumn()).expect("event");
    let out = root.join("public");
    build(root, &out, None);
    (dir, out)
}

fn page(out: &Path, path: &str) -> String {
    fs::read_to_string(out.join(path).join("index.html")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of a page's main element, tags taken out.
fn main_text(html: &str) -> String {
    let from = html.find("<main").expect("main");
    let to = html.find("</main>").expect("main ends");
    visible_text(&html[from..to])
}

#[test]
fn a_frequent_opponent_has_a_row_with_every_game_on_the_head_to_head_page() {
    let (_dir, out) = built();
    // No page of its own for the pair, either way round.
    assert!(!out.join("players/ann/vs/bo").exists());
    assert!(!out.join("players/bo/vs/ann").exists());
    let html = page(&out, "players/ann/vs");
    let from = html.find("<tr id=\"vs-bo\">").expect("Bo's row");
    // A row ends where the next one or the table's body does (its end tag is left out).
    let to = from
        + 1
        + html[from + 1..]
            .find("<tr")
            .into_iter()
            .chain(html[from + 1..].find("</tbody>"))
            .min()
            .expect("the row ends");
    let row = visible_text(&html[from..to])
        .replace(" ,", ",")
        .replace(" :", ":");
    // Meetings won–lost–drawn, then games; each meeting with its games' results and sides.
    assert_eq!(
        row,
        "Bo Rin 0–1–1 games 1–3–0 Spring Open, round 1 2025-04-05: drawn: won as dark, lost as light \
         Autumn Open, round 1 2026-10-03: lost: lost as light, lost as dark",
    );
    // Both players' pages link their row from their frequent opponents.
    for (player, other) in [("ann", "bo"), ("bo", "ann")] {
        let html = page(&out, &format!("players/{player}"));
        assert!(
            html.contains(&format!("href=\"/players/{player}/vs/#vs-{other}\"")),
            "{player}"
        );
        assert!(
            page(&out, &format!("players/{player}/vs")).contains(&format!("id=\"vs-{other}\""))
        );
    }
}

#[test]
fn every_opponent_is_on_the_head_to_head_page_with_every_meeting() {
    let (_dir, out) = built();
    let html = page(&out, "players/ann/vs");
    let text = main_text(&html);
    assert!(text.contains("Ann Vel: head to head"), "{text}");
    assert!(text.contains("Every opponent met (2)"), "{text}");
    // Di never met Ann.
    assert!(!html.contains("/players/di/"), "{html}");
    // (The text of each element apart, as a reader hears it; the commas follow the links.)
    let text_of = |html: &str| visible_text(html).replace(" ,", ",").replace(" :", ":");
    let table = |class: &str| {
        let from = html
            .find(&format!("<table class=\"{class}\">"))
            .unwrap_or_else(|| panic!("{class}: {html}"));
        let to = from + html[from..].find("</table>").expect("table ends");
        &html[from..to]
    };
    // Bo, met twice: a row of the opponents met more than once, with the record in meetings
    // and games and each meeting linked to its round's page, with its games' sides.
    let rivals: Vec<&str> = table("h2h").split("<tr id=").skip(1).collect();
    assert_eq!(rivals.len(), 1, "{html}");
    let bo = text_of(rivals[0]);
    assert!(
        bo.contains("Bo Rin 0–1–1 games 1–3–0 Spring Open, round 1"),
        "{bo}"
    );
    for link in [
        "/players/bo/",
        "/events/2025/spring/rounds/1/",
        "/events/2026/autumn/rounds/1/",
    ] {
        assert!(
            rivals[0].contains(&format!("href=\"{link}\"")),
            "{link}: {}",
            rivals[0]
        );
    }
    // Cy, met once: under the event where they met, by round, with no row of their own.
    let once: Vec<&str> = table("h2h-once").split("<tr>").skip(2).collect();
    assert_eq!(once.len(), 1, "one event: {html}");
    // Said from Ann's side, Ann the subject: she beat Cy.
    assert_eq!(
        text_of(once[0]),
        "Spring Open R2 beat Cy Dax",
        "{}",
        once[0]
    );
    assert!(
        once[0].contains("href=\"/events/2025/spring/\""),
        "{}",
        once[0]
    );
    assert!(once[0].contains("href=\"/players/cy/\""), "{}", once[0]);
    assert!(
        !html.contains("id=\"vs-cy\""),
        "met once: no row of their own"
    );
    // From Cy's side, the same meeting the other way round.
    let cy_page = text_of(&page(&out, "players/cy/vs"));
    assert!(
        cy_page.contains("Spring Open R2 lost to Ann Vel"),
        "{cy_page}"
    );
    // The round's page has what the line leaves out: both games and their sides.
    let round = main_text(&page(&out, "events/2025/spring/rounds/2"));
    assert!(
        round.contains("Cy Dax") && round.contains("Ann Vel"),
        "{round}"
    );
    // Every player page links its own head-to-head page, with the number of opponents.
    for (player, opponents) in [("ann", 2), ("bo", 2), ("cy", 2), ("di", 2)] {
        let html = page(&out, &format!("players/{player}"));
        assert!(
            html.contains(&format!(
                "<a href=\"/players/{player}/vs/\">Head to head with all {opponents} opponents</a>"
            )),
            "{player}"
        );
    }
}

#[test]
fn a_card_page_lists_the_published_decks_and_their_finishes() {
    let (_dir, out) = built();
    let html = page(&out, "cards/sets/1");
    let text = main_text(&html);
    assert!(text.contains("A Hero&#39;s Journey (1)"), "{text}");
    assert!(
        text.contains(
            "SW:LCG objective set 1, light side, Jedi. In 2 published decklists at 1 event."
        ),
        "{text}"
    );
    // Each list's player names it and links it; the decklists page links the player's page.
    for (player, name) in [("bo", "Bo Rin"), ("cy", "Cy Dax")] {
        assert!(
            html.contains(&format!(
                "<a href=\"/events/2025/spring/decks/#deck-{player}\">{name}</a>"
            )),
            "{player}"
        );
        assert!(!html.contains(&format!("href=\"/players/{player}/\"")));
    }
    // The event heads its lists once; best finish first; every list on the light side, said
    // once in the caption rather than on each row.
    assert!(text.contains("every one on the light side"), "{text}");
    assert_eq!(
        html.matches("href=\"/events/2025/spring/\"").count(),
        1,
        "{html}"
    );
    assert!(
        text.contains("Spring Open 2025-04-05 Bo Rin 2nd of 4 Cy Dax 3rd of 4"),
        "{text}"
    );
    // Linked both ways: the decklists page links its sets to their pages, and the index lists
    // the page.
    let deck = page(&out, "events/2025/spring/decks");
    assert!(deck.contains("<a href=\"/cards/sets/1/\">A Hero"), "{deck}");
    let index = page(&out, "cards");
    assert!(index.contains("href=\"/cards/sets/1/\""));
    assert!(index.contains("href=\"/cards/sets/19/\""));
}

#[test]
fn a_held_back_list_gives_no_card_a_page_nor_a_row() {
    let (_dir, out) = built();
    assert!(
        !out.join("cards/sets/83").exists(),
        "set 83 is only in a held-back list"
    );
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.expect("walk");
        if !entry.file_type().is_file() {
            continue;
        }
        let text = String::from_utf8_lossy(&fs::read(entry.path()).expect("read")).to_string();
        let path = entry.path().display();
        for probe in ["Shadow of Nar Shaddaa", "Scum and Villainy"] {
            assert!(!text.contains(probe), "{path} holds {probe}");
        }
        if entry.path().starts_with(out.join("cards")) {
            assert!(
                !text.contains("Autumn Open"),
                "{path} lists a held-back deck"
            );
        }
    }
}

#[test]
fn the_trends_give_the_hand_computed_numbers() {
    let (_dir, out) = built();
    let html = page(&out, "stats");
    let from = html.find("id=\"trends\"").expect("a trends section");
    let trends = &html[from..];
    let text = visible_text(trends);
    assert!(text.contains("2025 8 5 (63%) 2 (25%) 1"), "{text}");
    assert!(text.contains("2026 4 2 (50%) 2 (50%) 0"), "{text}");
    assert!(text.contains("2025 Jedi 2 of 3 67%"), "{text}");
    assert!(text.contains("2025 Sith 1 of 3 33%"), "{text}");
    assert!(!text.contains("2026 Scum"), "{text}");
    // The charts are lines over the years, whose accessible names summarize each line.
    assert!(
        trends.contains(
            "aria-label=\"SW:LCG games won by each side, year by year, 2025 to 2026: \
             Dark side 63% in 2025, 50% in 2026; Light side 25% in 2025, 50% in 2026.\""
        ),
        "{trends}"
    );
    assert!(
        trends.contains(", 2025: Jedi 67% in 2025; Sith 33% in 2025.\""),
        "{trends}"
    );
    assert_eq!(
        trends
            .matches("<svg class=\"chart chart-lines chart-trend\" role=\"img\"")
            .count(),
        2
    );
    // Each table is folded under its chart, still in the page.
    assert_eq!(trends.matches("<details class=\"chart-table\">").count(), 2);
    assert_eq!(trends.matches("<summary>The figures as a table").count(), 2);
}
