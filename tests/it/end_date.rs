//! `end_date` on any event: every ruleset and format takes it, and the event's days are shown
//! alike on its page, in `event.json` and in the events list of each of its players' pages.

use std::fs;
use std::path::Path;

use crate::common::{build, example_site, holonet, visible_text};
use serde_json::Value;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Events of the kinds the example site has none of: a SW:CCG event under the Players
/// Committee's match-play rules, a SW:LCG league (2018 rules), an event known by its recorded
/// standings, and one whose `end_date` is its `date` (one day, written out).
const MORE: &[(&str, &str)] = &[
    (
        "events/2024/kuat-match-play.toml",
        "[event]\nname = \"Kuat Match Play\"\ndate = 2024-05-04\nrules = \"swccg-pc-match-play\"\nswiss_rounds = 2\ncut = 0\n\n\
         [[players]]\nname = \"Kai Orn\"\nid = \"kai-orn\"\n\n[[players]]\nname = \"Lu Pell\"\nid = \"lu-pell\"\n",
    ),
    (
        "events/2024/kuat-league.toml",
        "[event]\nname = \"Kuat League\"\ndate = 2024-06-03\nrules = \"ffg-2018\"\nformat = \"league\"\n\n\
         [[players]]\nname = \"Kai Orn\"\nid = \"kai-orn\"\n\n[[players]]\nname = \"Lu Pell\"\nid = \"lu-pell\"\n\n\
         [[games]]\ndate = 2024-06-03\ndark = \"kai-orn\"\nlight = \"lu-pell\"\nwinner = \"kai-orn\"\nby = \"dial\"\n",
    ),
    (
        "events/2024/kuat-recorded.toml",
        "[event]\nname = \"Kuat Recorded\"\ndate = 2024-07-06\nrules = \"ffg-2014\"\n\n\
         [[players]]\nname = \"Kai Orn\"\nid = \"kai-orn\"\n\n[[players]]\nname = \"Lu Pell\"\nid = \"lu-pell\"\n\n\
         [[standings]]\nrank = 1\nplayer = \"lu-pell\"\n\n[[standings]]\nrank = 2\nplayer = \"kai-orn\"\n",
    ),
    (
        "events/2024/kuat-one-day.toml",
        "[event]\nname = \"Kuat One Day\"\ndate = 2024-08-10\nend_date = 2024-08-10\nrules = \"ffg-2018\"\n\n\
         [[players]]\nname = \"Kai Orn\"\nid = \"kai-orn\"\n\n[[players]]\nname = \"Lu Pell\"\nid = \"lu-pell\"\n",
    ),
];

/// Gives every event of `root` without an `end_date` one, the day after its `date` (every
/// such date is before the 28th); returns the files changed.
fn add_end_dates(root: &Path) -> Vec<String> {
    let mut changed = Vec::new();
    for entry in walkdir::WalkDir::new(root.join("events")) {
        let entry = entry.expect("walk");
        if entry.path().extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = fs::read_to_string(entry.path()).expect("event");
        if text.lines().any(|l| l.starts_with("end_date")) {
            continue;
        }
        let line = text
            .lines()
            .find(|l| l.starts_with("date = "))
            .expect("a date line");
        let date = &line["date = ".len().."date = ".len() + 10];
        let day: u32 = date[8..].parse().expect("day");
        assert!(day < 28, "{date}");
        let end = format!("{}{:02}", &date[..8], day + 1);
        let text = text.replacen(line, &format!("{line}\nend_date = {end}"), 1);
        fs::write(entry.path(), text).expect("write");
        changed.push(entry.path().display().to_string());
    }
    changed
}

fn read(out: &Path, path: &str) -> String {
    fs::read_to_string(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rows of every player page that link to the event at `slug`: their date cells.
fn player_rows(out: &Path, slug: &str) -> Vec<String> {
    let mut rows = Vec::new();
    for entry in fs::read_dir(out.join("players")).expect("players") {
        let page = entry.expect("entry").path().join("index.html");
        let Ok(html) = fs::read_to_string(&page) else {
            continue;
        };
        let Some(events) = html.split("player-events").nth(1) else {
            continue;
        };
        let events = events.split("</table>").next().unwrap_or("");
        for row in events.split("<tr>").skip(1) {
            if row.contains(&format!("events/{slug}/\"")) {
                let date = row.split("<th").next().unwrap_or("");
                rows.push(date.to_string());
            }
        }
    }
    rows
}

/// How the event page writes a span of days within one month.
fn days_text(start: &str, end: &str) -> String {
    let month: usize = start[5..7].parse().expect("month");
    let (a, b): (u32, u32) = (
        start[8..].parse().expect("day"),
        end[8..].parse().expect("day"),
    );
    if a == b {
        format!("{a} {} {}", MONTHS[month - 1], &start[..4])
    } else {
        format!("{a}–{b} {} {}", MONTHS[month - 1], &start[..4])
    }
}

#[test]
fn every_kind_of_event_takes_an_end_date_and_every_page_shows_its_days() {
    let dir = example_site();
    let root = dir.path();
    for (path, text) in MORE {
        let path = root.join(path);
        fs::create_dir_all(path.parent().expect("folder")).expect("mkdir");
        fs::write(path, text).expect("write");
    }
    let changed = add_end_dates(root);
    assert!(changed.len() >= 16, "{changed:?}");
    let out = holonet(&["check"], root);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    assert!(!said.contains("end_date"), "no event refuses it: {said}");

    let public = root.join("public");
    build(root, &public, None);
    let mut kinds = std::collections::BTreeSet::new();
    for entry in walkdir::WalkDir::new(public.join("events")) {
        let entry = entry.expect("walk");
        if entry.file_name() != "event.json" {
            continue;
        }
        let json: Value =
            serde_json::from_str(&fs::read_to_string(entry.path()).expect("json")).expect("JSON");
        let event = &json["event"];
        let slug = event["slug"].as_str().expect("slug");
        let start = event["date"].as_str().expect("date");
        let end = event["end_date"]
            .as_str()
            .unwrap_or_else(|| panic!("{slug}: event.json has the end_date"));
        kinds.insert(format!(
            "{} {}",
            event["rules"].as_str().expect("rules"),
            event["format"].as_str().expect("format")
        ));
        let page = visible_text(&read(&public, &format!("events/{slug}/index.html")));
        if start[..7] == end[..7] {
            assert!(page.contains(&days_text(start, end)), "{slug}: {page}");
        }
        let rows = player_rows(&public, slug);
        assert!(!rows.is_empty(), "{slug} is on its players' pages");
        for row in rows {
            assert!(
                row.contains(&format!("datetime=\"{start}\">{start}</time>")),
                "{slug}: {row}"
            );
            if end == start {
                assert!(!row.contains('–'), "{slug}, one day, shows one date: {row}");
            } else {
                assert!(
                    row.contains(&format!(
                        " – <time class=\"iso-date\" datetime=\"{end}\">{end}</time>"
                    )),
                    "{slug}, to its last day: {row}"
                );
            }
        }
    }
    for kind in [
        "ffg-2018 standard",
        "ffg-2018 team",
        "ffg-2018 league",
        "ffg-2014 standard",
        "ffg-2014 league",
        "ffg-2014 challenge",
        "swccg-2008 constructed",
        "swccg-2008 sealed",
        "swccg-2008 team",
        "swccg-2008 league",
        "swccg-pc-sos constructed",
        "swccg-pc-match-play constructed",
    ] {
        assert!(kinds.contains(kind), "{kind} among {kinds:?}");
    }
}

/// A league game recorded after the league's `date`, in a league with no `end_date`: it is
/// recorded, and `game` warns that the pages show the league as one day and says where to
/// write its last day; once `end_date` is there, the warning is gone.
#[test]
fn a_league_game_after_its_date_without_an_end_date_says_to_set_one() {
    const LEAGUE: &str = "events/2026/winter-league.toml";
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let root = dir.path().join("site");
    fs::create_dir_all(root.join("events/2026")).expect("mkdir");
    fs::write(
        root.join(LEAGUE),
        "[event]\nname = \"Winter League\"\ndate = 2026-12-05\nrules = \"ffg-2018\"\nformat = \"league\"\n",
    )
    .expect("write");
    for name in ["Ann Vale", "Cid Moreno"] {
        crate::common::run_ok(&root, &["register", LEAGUE, name]);
    }
    let game = |date: &str| {
        let out = holonet(
            &[
                "game",
                LEAGUE,
                "ann-vale",
                "cid-moreno",
                "ann-vale",
                "--date",
                date,
            ],
            &root,
        );
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let warning =
        "add `end_date = YYYY-MM-DD` (its last day) to [event] in events/2026/winter-league.toml";
    assert!(!game("2026-12-05").contains("end_date"));
    let said = game("2026-12-12");
    assert!(said.contains(warning), "{said}");
    assert!(said.contains("show it as one day, 2026-12-05"), "{said}");
    let text = fs::read_to_string(root.join(LEAGUE)).expect("read");
    assert_eq!(text.matches("[[games]]").count(), 2, "{text}");
    fs::write(
        root.join(LEAGUE),
        text.replacen(
            "date = 2026-12-05\n",
            "date = 2026-12-05\nend_date = 2027-02-27\n",
            1,
        ),
    )
    .expect("write");
    assert!(!game("2026-12-19").contains("end_date"));
}
