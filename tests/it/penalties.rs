//! The penalty log of a SW:LCG event (`[[penalties]]`): penalties recorded with their
//! infraction, checked against the results that carry their effect, and shown on the event page
//! and in `event.json`. Each test runs the binary from a site folder made by `holonet init`,
//! with relative paths and default flags, and writes the log as an organizer's editor does.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{holonet, run_ok};

const FILE: &str = "events/2026/store.toml";

/// A site from `holonet init` with a four-player event under `rules`, round 1 paired (Ann Lee v
/// Cy Moe at table 1, Bo Vos v Di Ray at table 2, as the seed pairs them) and reported: Ann
/// sweeps Cy, Bo and Di split their games.
fn round_one(rules: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    run_ok(dir.path(), &["init", "site"]);
    let site = dir.path().join("site");
    run_ok(&site, &["new", FILE, "--rules", rules]);
    for name in ["Ann Lee", "Bo Vos", "Cy Moe", "Di Ray"] {
        run_ok(&site, &["register", FILE, name]);
    }
    let paired = run_ok(&site, &["pair", FILE]);
    let table_of = |id: &str| -> String {
        let name = match id {
            "ann-lee" => "Ann Lee",
            _ => "Bo Vos",
        };
        paired
            .lines()
            .find(|l| l.starts_with("Table ") && l.contains(name))
            .and_then(|l| l["Table ".len()..].split(':').next())
            .expect("a table")
            .to_string()
    };
    // Each player's table, whoever sits first: name the games' winners.
    let ann = table_of("ann-lee");
    let bo = table_of("bo-vos");
    let text = fs::read_to_string(site.join(FILE)).expect("read");
    assert!(
        text.contains("\"ann-lee\", \"cy-moe\"") || text.contains("\"cy-moe\", \"ann-lee\""),
        "{paired}"
    );
    run_ok(&site, &["report", FILE, &ann, "ann-lee,ann-lee"]);
    run_ok(&site, &["report", FILE, &bo, "bo-vos,di-ray"]);
    (dir, site)
}

/// Appends `text` to the event file, as an editor saves it.
fn append(site: &Path, text: &str) {
    let file = site.join(FILE);
    let mut written = fs::read_to_string(&file).expect("read");
    written.push_str(text);
    fs::write(&file, written).expect("write");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first line of the event file that starts with `needle` (1-based).
fn line_of(site: &Path, needle: &str) -> usize {
    fs::read_to_string(site.join(FILE))
        .expect("read")
        .lines()
        .position(|l| l.starts_with(needle))
        .expect("the line")
        + 1
}

fn event_json(site: &Path) -> Value {
    let text = fs::read_to_string(site.join("public/events/2026/store/event.json")).expect("json");
    serde_json::from_str(&text).expect("event.json parses")
}

/// The defect as found: a deck-check penalty under ffg-2018 could only be entered as a game
/// lost by `concession`, and its reason was lost. Now it is a penalty with its infraction, a
/// note, and the match loss recorded in the results; until the results carry it, `check` warns
/// with the command that records it.
#[test]
fn a_deck_check_penalty_is_recorded_with_its_infraction_and_shown() {
    let (_dir, site) = round_one("ffg-2018");
    append(
        &site,
        "\n[[penalties]]\nplayer = \"bo-vos\"\nround = 1\ninfraction = \"illegal_deck\"\npenalty = \"match_loss\"\nnote = \"Deck check: a third <copy> of Force Choke, removed\"\n",
    );
    let out = holonet(&["check"], &site);
    let said = text(&out.stderr);
    assert!(out.status.success(), "a warning, not an error: {said}");
    let line = line_of(&site, "penalty = \"match_loss\"");
    assert!(
        said.contains("warning[H010]: Bo Vos lost the match by this penalty, but round 1's table")
            && said.contains(&format!("{FILE}:{line}:11"))
            && said.contains("di-ray:forfeit,di-ray:forfeit --round 1 --replace"),
        "{said}"
    );
    // The command the warning gives records the loss; then nothing is left to say.
    let table = fs::read_to_string(site.join(FILE))
        .expect("read")
        .lines()
        .find(|l| l.contains("\"bo-vos\"") && l.contains("table = "))
        .and_then(|l| l.split("table = ").nth(1))
        .and_then(|rest| rest.split(',').next())
        .expect("Bo's table")
        .trim()
        .to_string();
    run_ok(
        &site,
        &[
            "report",
            FILE,
            &table,
            "di-ray:forfeit,di-ray:forfeit",
            "--round",
            "1",
            "--replace",
        ],
    );
    let out = holonet(&["check"], &site);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("0 warning(s)"),
        "{}",
        text(&out.stdout)
    );

    run_ok(&site, &["build"]);
    let json = event_json(&site);
    assert_eq!(
        json["penalties"],
        serde_json::json!([{
            "player": "bo-vos",
            "round": 1,
            "infraction": "illegal_deck",
            "penalty": "match_loss",
            "note": "Deck check: a third <copy> of Force Choke, removed"
        }])
    );
    // Di Ray took the match: 6 points, as the results now say.
    let standings = json["standings_by_round"][0].clone();
    let rows = standings["rows"].as_array().expect("rows");
    let di = rows.iter().find(|r| r[1] == "di-ray").expect("Di Ray");
    assert_eq!(di[2], 6, "{di}");
    let page = fs::read_to_string(site.join("public/events/2026/store/index.html")).expect("page");
    let section = &page[page
        .find("id=\"penalties-heading\"")
        .expect("the penalties section")..];
    let section = &section[..section.find("</section>").expect("end")];
    assert!(section.contains(">Round 1</a>"), "{section}");
    assert!(section.contains(">Bo Vos</a>"), "{section}");
    assert!(section.contains("Illegal deck"), "{section}");
    assert!(section.contains("Match loss"), "{section}");
    assert!(
        section.contains("a third &lt;copy&gt; of Force Choke"),
        "{section}"
    );
    assert!(section.contains("/rules/ffg-2018/#penalties"), "{section}");
}

/// ffg-2014: a deck check's forfeit (`deck_check`) carries the match loss; a warning needs
/// nothing in the results; a disqualification the players list does not record is a warning
/// that says what to add, and with `disqualified` and `drop` it is quiet.
#[test]
fn ffg_2014_penalties_agree_with_the_deck_check_and_the_players_list() {
    let (_dir, site) = round_one("ffg-2014");
    let file = site.join(FILE);
    let written = fs::read_to_string(&file).expect("read");
    let bo_line = written
        .lines()
        .find(|l| l.contains("\"bo-vos\"") && l.contains("games = "))
        .expect("Bo's table")
        .to_string();
    fs::write(
        &file,
        written.replace(
            &bo_line,
            &bo_line.replace(" },", ", deck_check = \"bo-vos\" },"),
        ),
    )
    .expect("write");
    append(
        &site,
        "\n[[penalties]]\nplayer = \"bo-vos\"\nround = 1\ninfraction = \"illegal_deck\"\npenalty = \"match_loss\"\n\n[[penalties]]\nplayer = \"bo-vos\"\nround = 1\ninfraction = \"unsporting_conduct\"\npenalty = \"warning\"\n\n[[penalties]]\nplayer = \"cy-moe\"\nround = 1\ninfraction = \"cheating\"\npenalty = \"disqualification\"\nnote = \"Marked cards\"\n",
    );
    let out = holonet(&["check"], &site);
    let said = text(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        !said.contains("Bo Vos"),
        "the deck check records the loss: {said}"
    );
    assert!(
        said.contains(
            "Cy Moe is disqualified here, but their entry in `[[players]]` does not say so"
        ) && said.contains("add `disqualified = true` and `drop = 1` to `cy-moe` in `[[players]]`"),
        "{said}"
    );
    let written = fs::read_to_string(&file).expect("read");
    fs::write(
        &file,
        written.replace(
            "name = \"Cy Moe\"\n",
            "name = \"Cy Moe\"\ndrop = 1\ndisqualified = true\n",
        ),
    )
    .expect("write");
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("0 warning(s)"),
        "{}",
        text(&out.stderr)
    );
    run_ok(&site, &["build"]);
    let json = event_json(&site);
    let kinds: Vec<&str> = json["penalties"]
        .as_array()
        .expect("penalties")
        .iter()
        .map(|p| p["penalty"].as_str().expect("penalty"))
        .collect();
    assert_eq!(kinds, ["match_loss", "warning", "disqualification"]);
}

/// A penalty that names what the file does not have is an error at it, and the build keeps the
/// site it had: an unknown infraction (with the ones there are), a round not recorded, a round
/// and a game at once, a player not registered.
#[test]
fn a_penalty_naming_what_is_not_there_is_refused_at_its_line() {
    let (_dir, site) = round_one("ffg-2018");
    run_ok(&site, &["build"]);
    let before = fs::read(site.join("public/events/2026/store/index.html")).expect("page");
    append(
        &site,
        "\n[[penalties]]\nplayer = \"di-ray\"\nround = 1\ninfraction = \"deck_lists\"\npenalty = \"warning\"\n\n[[penalties]]\nplayer = \"di-ray\"\nround = 4\ninfraction = \"slow_play\"\npenalty = \"warning\"\n\n[[penalties]]\nplayer = \"di-ray\"\nround = 1\ngame = 2\ninfraction = \"slow_play\"\npenalty = \"warning\"\n\n[[penalties]]\nplayer = \"ed-kim\"\nround = 1\ninfraction = \"slow_play\"\npenalty = \"warning\"\n",
    );
    let out = holonet(&["build"], &site);
    let said = text(&out.stderr);
    assert!(!out.status.success(), "{said}");
    for (needle, column, message) in [
        (
            "infraction = \"deck_lists\"",
            14,
            "`infraction` cannot be \"deck_lists\"",
        ),
        ("round = 4", 9, "round 4 is not recorded"),
        (
            "game = 2",
            8,
            "a penalty is given in a round or in an elimination game, not both",
        ),
        ("player = \"ed-kim\"", 10, "ed-kim"),
    ] {
        let line = line_of(&site, needle);
        assert!(
            said.contains(message) && said.contains(&format!("{FILE}:{line}:{column}")),
            "{needle}: {said}"
        );
    }
    assert!(said.contains("\"deck_list\""), "{said}");
    assert_eq!(
        fs::read(site.join("public/events/2026/store/index.html")).expect("page"),
        before
    );
}

/// A SW:CCG event records a deck-check failure on its game; a penalty log there is refused.
#[test]
fn a_swccg_event_has_no_penalty_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    run_ok(dir.path(), &["init", "site"]);
    let site = dir.path().join("site");
    run_ok(
        &site,
        &[
            "new",
            FILE,
            "--rules",
            "swccg-2008",
            "--format",
            "constructed",
        ],
    );
    run_ok(&site, &["register", FILE, "Ann Lee"]);
    append(
        &site,
        "\n[[penalties]]\nplayer = \"ann-lee\"\nround = 1\ninfraction = \"illegal_deck\"\npenalty = \"warning\"\n",
    );
    let out = holonet(&["check"], &site);
    let said = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        said.contains("`[[penalties]]` is the penalty log of a SW:LCG tournament")
            && said.contains("violation"),
        "{said}"
    );
}
