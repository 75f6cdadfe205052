//! `holonet report --from-issue` and `holonet register --from-issue`, run from the site folder
//! with relative paths as a workflow runs them: each form makes byte for byte the file the
//! command line makes (but the `updated` stamp, which holds the time to the second), a refused
//! form leaves the file as it was with a reply that says why, and hostile text in any field
//! changes nothing but the event file, where it is an escaped TOML string, and reaches the reply
//! only inside a code block.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use crate::common;

use crate::common::holonet;

const BODY: &str = "issue-body.md";
const REPLY: &str = "issue-reply.md";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The body GitHub renders for `fields` (label, value), an empty value as `_No response_`.
fn body(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(label, value)| {
            let value = if value.is_empty() {
                "_No response_"
            } else {
                value
            };
            format!("### {label}\n\n{value}\n\n")
        })
        .collect()
}

fn result_body(event: &str, round: &str, table: &str, result: &str, dark: &str) -> String {
    body(&[
        ("Event", event),
        ("Round", round),
        ("Table", table),
        ("Result", result),
        ("Dark side", dark),
        (
            "Correction",
            "- [ ] This corrects a result already recorded",
        ),
        ("Notes", ""),
    ])
}

fn registration_body(event: &str, name: &str, id: &str, team: &str, partner: &str) -> String {
    body(&[
        ("Event", event),
        ("Name", name),
        ("Player id", id),
        ("Team", team),
        ("Partner", partner),
        (
            "Late entry",
            "- [ ] I know rounds have started and enter late",
        ),
    ])
}

/// Saves `form` in the site and runs `holonet VERB --from-issue BODY --reply REPLY` there; the
/// output and the reply.
fn from_issue(site: &Path, verb: &str, form: &str) -> (Output, String) {
    std::fs::write(site.join(BODY), form).expect("body");
    let _ = std::fs::remove_file(site.join(REPLY));
    let out = holonet(&[verb, "--from-issue", BODY, "--reply", REPLY], site);
    let reply = std::fs::read_to_string(site.join(REPLY)).expect("a reply is written");
    (out, reply)
}

/// The file's text with its `updated` stamp (the time of the edit) blanked.
fn unstamped(site: &Path, file: &str) -> String {
    std::fs::read_to_string(site.join(file))
        .expect("event")
        .lines()
        .map(|line| match line.strip_prefix("updated = ") {
            Some(rest) => format!(
                "updated = <time>{}",
                rest.find(" #").map_or("", |at| &rest[at..])
            ),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the command line `args` and the form `form` on the same starting file, and checks that
/// they write the same file (but for the stamp); returns the form's reply, leaving the file as
/// the form wrote it.
fn same_as_command_line(site: &Path, file: &str, args: &[&str], verb: &str, form: &str) -> String {
    let before = std::fs::read(site.join(file)).expect("event");
    let out = holonet(args, site);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    let by_hand = unstamped(site, file);
    assert_ne!(by_hand.as_bytes(), &before[..], "{args:?} wrote nothing");
    std::fs::write(site.join(file), &before).expect("restore");
    let (out, reply) = from_issue(site, verb, form);
    assert!(
        out.status.success(),
        "{form}\n{}\n{reply}",
        text(&out.stderr)
    );
    assert_eq!(unstamped(site, file), by_hand, "{form}");
    assert!(
        ["**Recorded**", "**Registered**", "**Corrected**"]
            .iter()
            .any(|done| reply.starts_with(done)),
        "{reply}"
    );
    // How the change is published is the workflow's to say (a pull request to merge, or a
    // commit already on the site), never Holonet's guess.
    assert!(!reply.contains("merge"), "{reply}");
    reply
}

/// Every file of the site (the form, its reply and the edit lock aside), with its bytes.
fn snapshot(site: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(site)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let relative = e.path().strip_prefix(site).expect("inside");
            (
                relative.to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .filter(|(name, _)| ![BODY, REPLY, ".holonet-lock"].contains(&name.as_str()))
        .collect()
}

/// The files added, removed or changed from `before` to `after`.
fn changed(before: &BTreeMap<String, Vec<u8>>, after: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    before
        .keys()
        .chain(after.keys())
        .filter(|path| before.get(*path) != after.get(*path))
        .cloned()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The reply's text outside its code blocks (a fence of three or more backticks, closed by a
/// line of at least as many).
fn outside_code_blocks(reply: &str) -> String {
    let mut outside = String::new();
    let mut open: Option<usize> = None;
    for line in reply.lines() {
        let ticks = line.len() - line.trim_start_matches('`').len();
        match open {
            Some(fence) if ticks >= fence && line.trim_start_matches('`').trim().is_empty() => {
                open = None;
            }
            Some(_) => {}
            None if ticks >= 3 => open = Some(ticks),
            None => {
                outside.push_str(line);
                outside.push('\n');
            }
        }
    }
    assert_eq!(open, None, "every code block is closed:\n{reply}");
    outside
}

const SWISS: &str = "events/2026/corellia-spring-open.toml";

/// Dates the event `file` of `site` today (the clock's date, as `holonet new` writes it), so
/// that it is running: forms are taken only for events running or to come.
fn running_today(site: &Path, file: &str) {
    let path = site.join(file);
    let text = std::fs::read_to_string(&path).expect("event");
    let today = holonet::wall_clock::today().iso();
    let dated: Vec<String> = text
        .lines()
        .map(|line| match line.strip_prefix("date = ") {
            Some(rest) if rest.len() >= 10 => format!("date = {today}{}", &rest[10..]),
            _ => line.to_string(),
        })
        .collect();
    std::fs::write(&path, dated.join("\n") + "\n").expect("event");
}

/// The example site, its running event dated today.
fn example_site() -> tempfile::TempDir {
    let site = common::example_site();
    running_today(site.path(), SWISS);
    site
}

#[test]
fn a_swiss_result_and_its_correction_are_written_as_the_command_line_writes_them() {
    let site = example_site();
    let site = site.path();
    let reply = same_as_command_line(
        site,
        SWISS,
        &["report", SWISS, "3", "2-0", "--dark", "zoe-achterberg"],
        "report",
        &result_body(
            "https://example.github.io/archive/events/2026/corellia-spring-open/",
            "",
            "3",
            "2-0",
            "Zoë Achterberg",
        ),
    );
    assert_eq!(
        reply,
        "**Recorded** in `events/2026/corellia-spring-open.toml`:\n\n```text\nTable 3 of round 2: Niamh Byrne 2–0 Zoë Achterberg; Zoë Achterberg played dark in the first game.\n```\n"
    );
    // The same table again is refused; ticked as a correction, it is corrected.
    let form = result_body("2026/corellia-spring-open", "2", "3", "1-1", "");
    let before = std::fs::read(site.join(SWISS)).expect("event");
    let (out, reply) = from_issue(site, "report", &form);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(site.join(SWISS)).expect("event"), before);
    assert!(
        reply.contains("already has a result")
            && reply.contains("- `--replace`: tick **This corrects a result already recorded** under **Correction**"),
        "{reply}"
    );
    let correction = form.replace("- [ ]", "- [X]");
    let reply = same_as_command_line(
        site,
        SWISS,
        &["report", SWISS, "3", "1-1", "--round", "2", "--replace"],
        "report",
        &correction,
    );
    assert!(
        reply.contains("Table 3 of round 2: Niamh Byrne 1–1 Zoë Achterberg (was: Niamh Byrne 2–0 Zoë Achterberg)."),
        "{reply}"
    );
}

#[test]
fn an_elimination_game_takes_the_dark_side_by_name() {
    let site = common::example_site();
    let site = site.path();
    let file = "events/2015/mos-eisley-open.toml";
    running_today(site, file);
    let start = common::keep_bracket_games(&site.join(file), 4);
    let reply = same_as_command_line(
        site,
        file,
        &["report", file, "5", "leon-duval", "--dark", "priya-nair"],
        "report",
        &result_body(
            "/events/2015/mos-eisley-open/index.html",
            "",
            "5",
            "leon-duval",
            "priya nair",
        ),
    );
    assert!(
        reply.contains(
            "\nElimination game 5: Leon Duval beat Priya Nair; Priya Nair played dark.\n"
        ),
        "{reply}"
    );
    // Without the side, the reply says which field gives it.
    std::fs::write(site.join(file), &start).expect("restore");
    let (out, reply) = from_issue(
        site,
        "report",
        &result_body("2015/mos-eisley-open", "", "5", "leon-duval", ""),
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        reply.contains("- `--dark`: fill in **Dark side** with the player's id or name"),
        "{reply}"
    );
}

/// A SW:CCG event of two players and one game, then its Final Confrontation.
const CUP: &str = "events/2008/cup.toml";

fn ccg_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events/2008")).expect("mkdir");
    std::fs::write(
        dir.path().join(CUP),
        "[event]\nname = \"Cup\"\ndate = 2008-05-10\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 1\ncut = 2\n\n[[players]]\nname = \"Ann Otter\"\nid = \"ann\"\n[[players]]\nname = \"Bob Vane\"\nid = \"bob\"\n\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bob\" },\n]\n",
    )
    .expect("event");
    running_today(dir.path(), CUP);
    dir
}

#[test]
fn swccg_games_and_the_final_confrontation_are_written_as_the_command_line_writes_them() {
    let site = ccg_site();
    let site = site.path();
    let reply = same_as_command_line(
        site,
        CUP,
        &["report", CUP, "1", "bob+12"],
        "report",
        &result_body(CUP, "1", "1", "bob+12", ""),
    );
    assert!(
        reply.contains("\nTable 1 of game 1: Bob Vane (light) beat Ann Otter (dark) by 12.\n"),
        "{reply}"
    );
    let reply = same_as_command_line(
        site,
        CUP,
        &["report", CUP, "1", "ann+3", "--dark", "bob"],
        "report",
        &result_body("2008/cup", "", "1", "ann+3", "Bob Vane"),
    );
    assert!(
        reply.contains(
            "\nGame 1 of the Final Confrontation: Ann Otter (light) beat Bob Vane (dark) by 3.\n"
        ),
        "{reply}"
    );
    // A differential over the cap is recorded, with the command line's warning in the reply.
    let reply = same_as_command_line(
        site,
        CUP,
        &["report", CUP, "2", "bob+72"],
        "report",
        &result_body("2008/cup", "", "2", "bob+72", ""),
    );
    assert!(
        reply.contains(
            "Holonet adds, for the organizer:\n\n```text\nwarning: the differential is capped at 59"
        ),
        "{reply}"
    );
}

#[test]
fn registrations_a_team_and_a_late_entry_are_written_as_the_command_line_writes_them() {
    let site = common::example_site();
    let site = site.path();
    let file = "events/2026/form-open.toml";
    let out = holonet(&["new", file], site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let reply = same_as_command_line(
        site,
        file,
        &["register", file, "Tom Kessel"],
        "register",
        &registration_body(file, "Tom Kessel", "", "", ""),
    );
    assert!(
        reply.starts_with("**Registered** in `events/2026/form-open.toml`:\n\n```text\nRegistered Tom Kessel (id tom-kessel) as player 1 in events/2026/form-open.toml.\n```\n"),
        "{reply}"
    );
    same_as_command_line(
        site,
        file,
        &["register", file, "Nadia Ray", "--id", "nadia"],
        "register",
        &registration_body("2026/form-open", "Nadia\u{a0}Ray ", "nadia", "", ""),
    );
    for name in ["Ann Lee", "Bo Vos"] {
        assert!(holonet(&["register", file, name], site).status.success());
    }
    assert!(holonet(&["pair", file], site).status.success());
    // Rounds have started: a late entry needs the box ticked.
    let late = registration_body("2026/form-open", "Cy Late", "", "", "");
    let before = std::fs::read(site.join(file)).expect("event");
    let (out, reply) = from_issue(site, "register", &late);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(site.join(file)).expect("event"), before);
    assert!(
        reply.contains("is a late entry from round 2")
            && reply.contains("- `--late`: tick **I know rounds have started and enter late** under **Late entry**"),
        "{reply}"
    );
    same_as_command_line(
        site,
        file,
        &["register", file, "Cy Late", "--late"],
        "register",
        &late.replace("- [ ]", "- [x]"),
    );

    let doubles = "events/2026/form-doubles.toml";
    let out = holonet(&["new", doubles, "--format", "team"], site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let reply = same_as_command_line(
        site,
        doubles,
        &[
            "register",
            doubles,
            "Ann Lee",
            "--team",
            "Echo Base",
            "--with",
            "Bo Vos",
        ],
        "register",
        &registration_body(doubles, "Ann Lee", "", "Echo Base", "Bo Vos"),
    );
    assert!(
        reply.contains("Registered the team Echo Base (id echo-base): Ann Lee (id ann-lee) and Bo Vos (id bo-vos)"),
        "{reply}"
    );
    assert!(holonet(&["check"], site).status.success());
}

#[test]
fn a_refused_form_leaves_the_file_exits_1_and_replies_with_the_diagnostic() {
    let site = example_site();
    let site = site.path();
    let before = snapshot(site);
    // Written, this result breaks a rule of the event file: the check refuses it at its line.
    let (out, reply) = from_issue(
        site,
        "report",
        &result_body(
            SWISS,
            "",
            "1",
            "maren-holm:dial,jurgen-falkenrath",
            "Jürgen Falkenrath",
        ),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error[H010]: Maren Holm did not play the dark side in this game"),
        "{stderr}"
    );
    assert!(
        reply.starts_with("**This result was not recorded**, and nothing was changed. Holonet says:\n\n```text\nerror: that change does not fit the event; events/2026/corellia-spring-open.toml was not changed\n```\n\nHolonet's check of the event file with this change:\n\n```text\nerror[H010]: Maren Holm did not play the dark side in this game\n  --> events/2026/corellia-spring-open.toml:"),
        "{reply}"
    );
    assert!(!reply.contains("\u{1b}["), "no terminal colours: {reply}");
    assert!(
        reply.ends_with("**What to do:** edit this issue (its ⋯ menu, then *Edit*), correct the form and save it: Holonet reads it again. If the form is right as it is, ask the organizer.\n"),
        "{reply}"
    );
    // A form with fields missing and wrong says all of it at once.
    let (out, reply) = from_issue(site, "report", "### Table\n\nfour\n\n### Result\n\n2-0\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        reply.contains("error: the form has 2 problems:\n- the field `Event` is missing: put back its heading, `### Event`, with the value on the line below\n- the field `Table` must be a whole number from 1, such as 3, not `four`\n"),
        "{reply}"
    );
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    // A wrong event link is said with the form's other problems, not one edit later.
    let (out, reply) = from_issue(
        site,
        "report",
        "### Event\n\nevents/2026/no-such-open.toml\n\n### Table\n\nfour\n\n### Result\n\n2-0\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        reply.contains("error: the form has 2 problems:\n"),
        "{reply}"
    );
    assert!(reply.contains("not `four`"), "{reply}");
    assert!(reply.contains("no-such-open"), "{reply}");
    // A sentence for a result is said not to be read, not to name someone absent.
    let (out, reply) = from_issue(
        site,
        "report",
        &result_body(SWISS, "", "1", "2-0 Maren won", ""),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        reply.contains("`2-0 Maren won` is not a result Holonet can read"),
        "{reply}"
    );
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    // Once the event is found, a table that is not in the round, a result no table can read
    // and a dark side who is not playing are said together, in one reply.
    let (out, reply) = from_issue(
        site,
        "report",
        &result_body(SWISS, "", "99", "2-0 Maren won", "Nobody Here"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        reply.contains("error: the form has 3 problems:\n"),
        "{reply}"
    );
    assert!(reply.contains("has no table 99"), "{reply}");
    assert!(
        reply.contains("`2-0 Maren won` is not a result Holonet can read"),
        "{reply}"
    );
    assert!(
        reply.contains("`Nobody Here` (who played dark) is not a player of this event"),
        "{reply}"
    );
    // At the right table, an unreadable result and a dark side from another table.
    let (out, reply) = from_issue(
        site,
        "report",
        &result_body(SWISS, "", "1", "2-0 Maren won", "Nobody Here"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        reply.contains("error: the form has 2 problems:\n"),
        "{reply}"
    );
    assert!(
        reply.contains("`Nobody Here` (who played dark) is not at this table"),
        "{reply}"
    );
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    // A body the workflow did not save is its fault: exit 2, and a reply that says so.
    let out = holonet(
        &["report", "--from-issue", "missing.md", "--reply", REPLY],
        site,
    );
    assert_eq!(out.status.code(), Some(2));
    let reply = std::fs::read_to_string(site.join(REPLY)).expect("reply");
    assert!(
        reply.contains("a problem with the repository's workflow"),
        "{reply}"
    );
    // The arguments and the form exclude each other, and --reply needs a form.
    for args in [
        &["report", "--from-issue", BODY, SWISS, "1", "2-0"][..],
        &["report", "--from-issue", BODY, "--replace"],
        &["register", "--from-issue", BODY, "--late"],
        &["report", SWISS, "1", "2-0", "--reply", REPLY],
        &["register", "--reply", REPLY],
    ] {
        let out = holonet(args, site);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
}

/// What players may type, meant to run, inject or ping.
const HOSTILE: &[&str] = &[
    "$(touch pwned)",
    "`touch pwned`",
    "Tom ``` Kessel",
    "; rm -rf /",
    "'\"",
    "x\" ] [[players]] id=\"y",
    "@someone",
    "<script>alert(1)</script>",
    "[link](http://x)",
    "![img](http://x/i.png)",
];

#[test]
fn hostile_names_are_written_as_escaped_strings_and_quoted_only_in_code_blocks() {
    let site = common::example_site();
    let site = site.path();
    let file = "events/2026/form-open.toml";
    assert!(holonet(&["new", file], site).status.success());
    for (n, hostile) in HOSTILE.iter().enumerate() {
        let name = format!("Player {n} {hostile}");
        let before = snapshot(site);
        let (out, reply) = from_issue(
            site,
            "register",
            &registration_body(file, &name, "", "", ""),
        );
        assert_eq!(changed(&before, &snapshot(site)), [file], "{name}");
        assert_quoted_only(&reply, hostile);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        // The name reads back from the file exactly as typed.
        let doc: toml::Table = std::fs::read_to_string(site.join(file))
            .expect("event")
            .parse()
            .expect("the file is TOML");
        let players = doc["players"].as_array().expect("players");
        assert_eq!(players.len(), n + 1, "{name}");
        assert_eq!(players[n]["name"].as_str(), Some(name.as_str()));
    }
    // A name on several lines, which would be TOML if pasted into the file, is refused whole.
    let before = snapshot(site);
    let (out, reply) = from_issue(
        site,
        "register",
        &registration_body(file, "x\"\n[[players]]\nid=\"y", "", "", ""),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        reply.contains("error: the field `Name` holds 3 lines: write it on one line"),
        "{reply}"
    );
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    assert!(
        !walkdir::WalkDir::new(site)
            .into_iter()
            .any(|e| e.expect("walk").file_name() == "pwned"),
        "no file named pwned"
    );
    assert!(holonet(&["check"], site).status.success());
}

/// Checks that the hostile text, and what would make it act in Markdown, appear in `reply`
/// only inside code blocks.
fn assert_quoted_only(reply: &str, hostile: &str) {
    let outside = outside_code_blocks(reply);
    for part in [hostile, "@someone", "<script", "](http", "$(", "rm -rf"] {
        assert!(
            !outside.contains(part),
            "{hostile}: {part} outside a code block:\n{reply}"
        );
    }
}

#[test]
fn hostile_results_and_events_change_nothing_and_are_quoted_only_in_code_blocks() {
    let site = example_site();
    let site = site.path();
    let before = snapshot(site);
    let events = [
        "../../etc/passwd",
        "events/../holonet.toml",
        "/etc/passwd",
        "2026/corellia-spring-open; rm -rf /",
        "$(touch pwned)",
        "`2026/corellia-spring-open`",
        "<script>alert(1)</script>",
        "@someone",
    ];
    for event in events {
        let (out, reply) = from_issue(site, "report", &result_body(event, "", "1", "2-0", ""));
        assert_eq!(out.status.code(), Some(1), "{event}: {}", text(&out.stderr));
        assert_quoted_only(&reply, event);
        assert!(
            reply.contains("the link to its page"),
            "{event} is answered with the ways to write it:\n{reply}"
        );
    }
    for hostile in HOSTILE {
        for (result, dark) in [(*hostile, ""), ("2-0", *hostile)] {
            let (out, reply) =
                from_issue(site, "report", &result_body(SWISS, "", "1", result, dark));
            assert_eq!(out.status.code(), Some(1), "{hostile}");
            assert_quoted_only(&reply, hostile);
        }
    }
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    assert!(!site.join("pwned").exists());
}

/// A registration form is a stranger's word: the id it gives must be the player's own, the name
/// the player's as the archive writes it under that id. Another player's id under another
/// name (here Zoë Achterberg's, and an id `players.toml` joins to Ivan Petrov's page) is
/// refused, with what to do in the form, and the player's page keeps its name.
#[test]
fn a_registration_with_another_players_id_is_refused_and_says_what_to_do() {
    let site = common::example_site();
    let site = site.path();
    let file = "events/2026/form-open.toml";
    assert!(holonet(&["new", file], site).status.success());
    let players = std::fs::read_to_string(site.join("players.toml")).expect("players.toml");
    std::fs::write(
        site.join("players.toml"),
        players.replace("aliases = [\"ivan\"]", "aliases = [\"ivan\", \"ivan-p\"]"),
    )
    .expect("players.toml");
    let before = snapshot(site);
    for (id, owner) in [
        ("zoe-achterberg", "Zoë Achterberg"),
        ("ivan-p", "Ivan Petrov"),
    ] {
        let (out, reply) = from_issue(
            site,
            "register",
            &registration_body(file, "Troll McTroll", id, "", ""),
        );
        assert_eq!(out.status.code(), Some(1), "{id}: {reply}");
        assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
        assert!(
            reply.contains(&format!("error: the id `{id}` is {owner}'s in events/"))
                && reply.contains("- `--id`: fill in **Player id** with the id suggested above, or empty it if the id you gave is not yours (Holonet then makes one from your name); if it is yours, write your name as on your player page, or ask the organizer\n"),
            "{id}: {reply}"
        );
    }
    // The organizer's command line refuses another person's id, as check does (H007); an
    // alias it may give another spelling of the person's name, which is what aliases are for.
    let out = holonet(
        &["register", file, "Troll McTroll", "--id", "zoe-achterberg"],
        site,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("error: the id `zoe-achterberg` is Zoë Achterberg's in events/"),
        "{}",
        text(&out.stderr)
    );
    // The player herself, as her page writes her name, keeps her id; so does Ivan.
    for (name, id) in [
        ("Zoë Achterberg", "zoe-achterberg"),
        ("Ivan Petrov", "ivan-p"),
    ] {
        let (out, reply) = from_issue(site, "register", &registration_body(file, name, id, "", ""));
        assert!(out.status.success(), "{name}: {reply}");
    }
    let public = site.join("public");
    common::build(site, &public, None);
    let page = std::fs::read_to_string(public.join("players/zoe-achterberg/index.html"))
        .expect("her page");
    assert!(page.contains("Zoë Achterberg") && !page.contains("Troll"));
}

/// Forms add players and results to events running or to come, never to the archive: each
/// finished example event (a closed league and challenge series, an event known only by its
/// standings, a Swiss event of years ago) refuses a registration, and a result form refuses a
/// correction of an old final, each with a reply that sends the player to the organizer.
#[test]
fn forms_for_events_long_over_are_refused() {
    let site = common::example_site();
    let site = site.path();
    let before = snapshot(site);
    for (file, says) in [
        (
            "events/2008/cloud-city-league.toml",
            "is closed (`closed = true`)",
        ),
        (
            "events/2015/mos-eisley-cantina-league.toml",
            "is closed (`closed = true`)",
        ),
        (
            "events/2014/echo-base-challenge-nights.toml",
            "is closed (`closed = true`)",
        ),
        (
            "events/2014/dantooine-regional.toml",
            "is known only by its final standings",
        ),
        (
            "events/2015/mos-eisley-open.toml",
            "is an event of 2015-09-19, over by now",
        ),
        (
            "events/2019/coruscant-regional.toml",
            "is an event of 2019-06-15, over by now",
        ),
    ] {
        let mut form = registration_body(file, "Vandal Person", "", "", "");
        form = form.replace("- [ ]", "- [X]");
        let (out, reply) = from_issue(site, "register", &form);
        assert_eq!(out.status.code(), Some(1), "{file}: {reply}");
        assert!(
            reply.contains(&format!("error: {file} {says}"))
                && reply.contains("forms record results and registrations only for events running or to come; for a change to this one, ask the organizer"),
            "{file}: {reply}"
        );
    }
    let old_final = "events/2015/mos-eisley-open.toml";
    let correction =
        result_body(old_final, "", "7", "leon-duval", "priya-nair").replace("- [ ]", "- [X]");
    let (out, reply) = from_issue(site, "report", &correction);
    assert_eq!(out.status.code(), Some(1), "{reply}");
    assert!(reply.contains("over by now"), "{reply}");
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    // The organizer's own command is not held back: the archive is theirs to correct.
    let out = holonet(
        &[
            "register",
            "events/2014/dantooine-regional.toml",
            "Vandal Person",
        ],
        site,
    );
    assert!(
        !text(&out.stderr).contains("over by now"),
        "{}",
        text(&out.stderr)
    );
}

/// A name with a character no one sees, or with letters of two look-alike scripts, can pass for
/// another player's on every page: the form refuses it and says why. A name wholly in Cyrillic
/// is a name. Typed by the organizer, a mixed name is written, and check warns at it.
#[test]
fn invisible_characters_and_mixed_script_names_are_refused_in_forms_and_flagged_by_check() {
    let site = common::example_site();
    let site = site.path();
    let file = "events/2026/form-open.toml";
    assert!(holonet(&["new", file], site).status.success());
    let before = snapshot(site);
    for (name, says) in [
        (
            "Tom Kes\u{200d}sel",
            "the field `Name` holds an invisible character (U+200D): remove it",
        ),
        (
            "Tom\u{200b}Kessel",
            "the field `Name` holds an invisible character (U+200B): remove it",
        ),
        (
            "Tom Kes\u{ad}sel",
            "the field `Name` holds an invisible character (U+00AD): remove it",
        ),
        (
            "Tom Kessel\u{2060}",
            "the field `Name` holds an invisible character (U+2060): remove it",
        ),
        (
            "T\u{43e}m Kessel",
            "the field `Name` mixes Latin and Cyrillic letters (`\u{43e}` is Cyrillic), so it looks like a name it is not: type it in one script",
        ),
        (
            "\u{39d}adia Ray",
            "the field `Name` mixes Greek and Latin letters (`a` is Latin), so it looks like a name it is not: type it in one script",
        ),
    ] {
        let (out, reply) = from_issue(site, "register", &registration_body(file, name, "", "", ""));
        assert_eq!(out.status.code(), Some(1), "{name}: {reply}");
        assert!(
            reply.contains(&format!("error: {says}\n")),
            "{name}: {reply}"
        );
    }
    assert_eq!(changed(&before, &snapshot(site)), Vec::<String>::new());
    let (out, reply) = from_issue(
        site,
        "register",
        &registration_body(file, "Иван Петров", "ivan-petrov-2", "", ""),
    );
    assert!(out.status.success(), "{reply}");
    let out = holonet(
        &["register", file, "T\u{43e}m Kesel", "--id", "t-m-kesel"],
        site,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = holonet(&["check"], site);
    let said = text(&out.stderr);
    assert!(
        said.contains("warning[H019]: `T\u{43e}m Kesel` mixes Latin and Cyrillic letters (`\u{43e}` is Cyrillic): it looks like a name it is not, and may pass for another player's"),
        "{said}"
    );
}
