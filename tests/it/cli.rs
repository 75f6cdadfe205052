//! The `holonet` command as users run it: verbs, help, exit codes and messages.

use std::path::{Path, PathBuf};

use crate::common;

use crate::common::holonet;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The verbs `--help` lists, each with help of its own.
const VERBS: [&str; 7] = [
    "build",
    "check",
    "init",
    "new",
    "import",
    "report",
    "completions",
];

#[test]
fn every_verb_has_help() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for verb in VERBS {
        let out = holonet(&[verb, "--help"], here);
        assert!(out.status.success(), "{verb} --help");
        assert!(
            text(&out.stdout).contains("Usage: holonet"),
            "{verb} --help prints usage"
        );
    }
    let out = holonet(&["--help"], here);
    for verb in VERBS {
        assert!(text(&out.stdout).contains(verb));
    }
}

/// The benchmark tools are a binary of their own, `holonet-bench`: the command organizers
/// install neither lists nor accepts them.
#[test]
fn the_bench_tools_are_not_verbs_of_holonet() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let help = text(&holonet(&["--help"], here).stdout);
    for verb in ["generate-archive", "time-edits"] {
        assert!(!help.contains(verb), "{help}");
        let out = holonet(&[verb, "--help"], here);
        assert_eq!(out.status.code(), Some(2), "holonet {verb}");
        assert!(text(&out.stderr).contains("unrecognized subcommand"));
        let out = common::holonet_bench(&[verb, "--help"], here);
        assert!(out.status.success(), "holonet-bench {verb} --help");
        assert!(text(&out.stdout).contains("Usage: holonet-bench"));
    }
}

#[test]
fn init_makes_a_site_that_builds_and_new_makes_an_event_that_checks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let site = dir.path().join("my-archive");
    let out = holonet(&["init", site.to_str().expect("utf-8")], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let workflow = std::fs::read_to_string(site.join(".github/workflows/pages.yml"))
        .expect("a GitHub Pages workflow");
    assert!(workflow.contains("actions/deploy-pages"));
    // Every file of the repository's .github/ (workflows, their scripts, issue forms) is written
    // into a new site, byte for byte, except Holonet's own: the workflows that publish its
    // releases and test it, and the README's pictures.
    let own = [
        Path::new(".github/workflows/release.yml"),
        Path::new(".github/workflows/ci.yml"),
        Path::new(".github/readme"),
    ];
    for path in own {
        assert!(
            path.exists() && !site.join(path).exists(),
            "{}",
            path.display()
        );
    }
    let github: Vec<PathBuf> = walkdir::WalkDir::new(".github")
        .sort_by_file_name()
        .into_iter()
        .map(|entry| entry.expect("an entry").into_path())
        .filter(|path| path.is_file() && !own.iter().any(|o| path.starts_with(o)))
        .collect();
    assert!(github.len() >= 7, "{github:?}");
    for path in &github {
        assert_eq!(
            std::fs::read(site.join(path)).ok(),
            Some(std::fs::read(path).expect("in the repository")),
            "{} written by holonet init differs from the repository's",
            path.display()
        );
    }
    let out = holonet(&["new", "events/2026/spring-open.toml"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written =
        std::fs::read_to_string(site.join("events/2026/spring-open.toml")).expect("new event");
    assert!(written.contains("name = \"Spring Open\""));
    assert!(
        written.contains("# round_minutes"),
        "every field is explained"
    );
    let out = holonet(&["check"], &site);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        site.join("public/events/2026/spring-open/index.html")
            .is_file()
    );
    // A new site publishes no invented event: only the one made with `new`.
    assert!(!site.join("events/2018").exists());
    assert!(!site.join("public/events/2018").exists());
    // Neither verb overwrites.
    assert!(
        !holonet(&["new", "events/2026/spring-open.toml"], &site)
            .status
            .success()
    );
    assert!(
        !holonet(&["init", site.to_str().expect("utf-8")], dir.path())
            .status
            .success()
    );
}

#[test]
fn new_refuses_paths_that_are_not_event_slugs() {
    let dir = tempfile::tempdir().expect("tempdir");
    for bad in [
        "events/Spring Open.toml",
        "../x.toml",
        "events/x.txt",
        "/tmp/x.toml",
        "notes/x.toml",
    ] {
        let out = holonet(&["new", bad], dir.path());
        assert!(!out.status.success(), "{bad} refused");
        assert!(
            text(&out.stderr).starts_with("error: "),
            "{bad}: {}",
            text(&out.stderr)
        );
    }
}

/// `holonet new` for every ruleset and format, run from the site folder with relative paths:
/// each file checks without a warning and builds as written, with no player registered; an
/// unknown or mismatched choice writes nothing and names the valid ones.
#[test]
fn new_writes_a_template_that_checks_for_every_ruleset_and_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    let mut written = 0;
    for ruleset in holonet::rules::RULESETS {
        if ruleset.standings_only {
            // Known by published standings only: `new` has none to write, and says where
            // they go instead.
            let path = format!("events/2026/{}.toml", ruleset.id);
            let out = holonet(&["new", &path, "--rules", ruleset.id], &site);
            assert!(!out.status.success());
            assert!(
                text(&out.stderr).contains("known by their published standings only"),
                "{}",
                text(&out.stderr)
            );
            assert!(!site.join(&path).exists());
            continue;
        }
        for format in ruleset.formats {
            let path = format!("events/2026/{}-{format}.toml", ruleset.id);
            let out = holonet(
                &["new", &path, "--rules", ruleset.id, "--format", format],
                &site,
            );
            assert!(out.status.success(), "{path}: {}", text(&out.stderr));
            let file = std::fs::read_to_string(site.join(&path)).expect("written");
            assert!(file.contains(&format!("format = \"{format}\"")), "{file}");
            written += 1;
        }
    }
    assert_eq!(written, 16);
    let out = holonet(&["check", "--format", "json"], &site);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(
        out.status.success() && report["warnings"] == 0,
        "{}",
        text(&out.stdout)
    );
    let out = holonet(&["build"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));

    for (args, expected) in [
        (
            &["--rules", "ffg2018"][..],
            "did you mean `ffg-2018`? use one of: ffg-2018, ffg-2014, swccg-2008, swccg-pc-sos",
        ),
        (
            &["--rules", "ffg-2014", "--format", "sealed"][..],
            "`sealed` is a format of swccg-2008 and swccg-historic, not of ffg-2014",
        ),
        (
            &["--rules", "swccg-2008", "--format", "doubles"][..],
            "did you mean `team`? use one of: constructed, sealed, draft, cube, team, league",
        ),
    ] {
        let mut command = vec!["new", "events/2026/refused.toml"];
        command.extend(args);
        let out = holonet(&command, &site);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains(expected),
            "{}",
            text(&out.stderr)
        );
        assert!(!site.join("events/2026/refused.toml").exists());
    }
}

#[test]
fn check_reports_every_error_and_exits_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    std::fs::write(
        dir.path().join("events/a.toml"),
        "[event]\nname = \"A\"\ndate = 2018-05-12\nrules = \"ffg-2018\"\ntier = \"casual\"\n",
    )
    .expect("a");
    std::fs::write(dir.path().join("events/b.toml"), "[event]\nnmae = \"B\"\n").expect("b");
    let out = holonet(&["check"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("events/a.toml:5:8"), "{err}");
    assert!(err.contains("events/b.toml:2:1"), "{err}");
    assert!(err.contains("did you mean `name`?"), "{err}");
    assert!(err.contains("error: 5 error(s)"), "{err}");
    assert!(!dir.path().join("public").exists(), "check writes nothing");
    let out = holonet(&["build"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        !dir.path().join("public").exists(),
        "a failed build writes nothing"
    );
}

#[test]
fn build_refuses_an_output_folder_it_did_not_write() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir(dir.path().join("events")).expect("mkdir");
    std::fs::create_dir(dir.path().join("elsewhere")).expect("mkdir");
    std::fs::write(dir.path().join("elsewhere/notes.txt"), "mine").expect("notes");
    let out = holonet(&["build", "--out", "elsewhere"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("was not written by holonet"),
        "{}",
        text(&out.stderr)
    );
    assert!(dir.path().join("elsewhere/notes.txt").is_file());
}

/// `--out` can never be the site itself, a folder holding it, one of its source folders or a
/// symbolic link: the build stops before reading anything, with H018, and writes nothing.
#[test]
fn build_refuses_an_output_folder_that_is_or_holds_the_site() {
    let dir = tempfile::tempdir().expect("tempdir");
    let site = dir.path().join("site");
    assert!(
        holonet(&["init", site.to_str().expect("utf-8")], dir.path())
            .status
            .success()
    );
    let before = tree(&site);
    let mut outs = vec![
        ".",
        "./",
        "public/..",
        "..",
        "events",
        "content/out",
        "themes",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    outs.push(site.display().to_string());
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.path(), site.join("linked")).expect("link");
        outs.push("linked".into());
    }
    for out_dir in &outs {
        let out = holonet(&["build", "--out", out_dir], &site);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{out_dir}: {stderr}");
        assert!(stderr.contains("error[H018]"), "{out_dir}: {stderr}");
        assert!(stderr.contains("was not changed"), "{out_dir}: {stderr}");
    }
    #[cfg(unix)]
    std::fs::remove_file(site.join("linked")).expect("unlink");
    assert_eq!(tree(&site), before, "the site is untouched");
}

/// Every file under `dir` with its bytes.
fn tree(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let bytes = std::fs::read(e.path()).expect("read");
            (e.into_path(), bytes)
        })
        .collect()
}

/// `check --format github` prints one workflow command per problem, placed on its line, for
/// pull request annotations; `--format json` prints one document; both exit 1 on an error.
#[test]
fn check_speaks_github_annotations_and_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let site = dir.path().join("site");
    assert!(
        holonet(&["init", site.to_str().expect("utf-8")], dir.path())
            .status
            .success()
    );
    std::fs::write(
        site.join("events/broken.toml"),
        "[event]\nname = \"Broken\"\ndate = 2026-01-01\nrules = \"ffg-2018\"\nnmae = \"x\"\n",
    )
    .expect("write");
    let out = holonet(&["check", "--format", "github"], &site);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("::error file=events/broken.toml,line=5,col=1,"))
        .unwrap_or_else(|| panic!("an annotation on line 5: {stdout}"));
    assert!(line.contains("title=H003::unknown field `nmae`"), "{line}");

    let out = holonet(&["check", "--format", "json"], &site);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["errors"], 1);
    // The example event's deliberate deck warning comes too; the error is the broken file's.
    let first = doc["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .find(|d| d["severity"] == "error")
        .expect("the error");
    assert_eq!(first["file"], "events/broken.toml");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(5), Some(1))
    );
    assert_eq!(first["code"], "H003");
}

/// `holonet report` writes a table's result into the file, comments kept; a table already
/// reported needs --replace; a player not at the table is refused and nothing is written.
#[test]
fn report_records_results_and_keeps_comments() {
    let site = common::example_site();
    let file = "events/2026/corellia-spring-open.toml";
    let before = std::fs::read_to_string(site.path().join(file)).expect("event");
    let out = holonet(&["report", file, "1", "2-0"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = holonet(&["report", file, "3", "niamh-byrne:dial,draw"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let after = std::fs::read_to_string(site.path().join(file)).expect("event");
    assert!(after.contains(
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"maren-holm\"] },"
    ));
    assert!(after.contains("games = [{ winner = \"niamh-byrne\", by = \"dial\" }, \"draw\"] },"));
    // Every comment line of the file is still there.
    for comment in before.lines().filter(|l| l.trim_start().starts_with('#')) {
        assert!(after.contains(comment), "kept: {comment}");
    }
    let out = holonet(&["report", file, "3", "0-2"], site.path());
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains(
            "table 3 of round 2 already has a result (games = [{ winner = \"niamh-byrne\", by = \"dial\" }, \"draw\"]); pass --replace to correct it"
        ),
        "{}",
        text(&out.stderr)
    );
    let out = holonet(&["report", file, "3", "0-2", "--replace"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let replaced = std::fs::read_to_string(site.path().join(file)).expect("event");
    assert!(replaced.contains("games = [\"zoe-achterberg\", \"zoe-achterberg\"] },"));

    let unchanged = replaced.clone();
    let out = holonet(&["report", file, "4", "bob,draw"], site.path());
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("`bob` is not at this table"));
    assert_eq!(
        std::fs::read_to_string(site.path().join(file)).expect("event"),
        unchanged
    );
    // The site still builds with the results.
    assert!(holonet(&["check"], site.path()).status.success());
}

/// A SW:CCG result, and an elimination result the rules reject (the wrong side), which is
/// reported with the event's diagnostics and not written.
#[test]
fn report_ccg_games_and_refuses_what_the_rules_reject() {
    let site = common::example_site();
    let ccg = "events/2019/ccg-report.toml";
    std::fs::write(
        site.path().join(ccg),
        "[event]\nname = \"CCG Report\"\ndate = 2019-03-02\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 4\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bo\"\n[[players]]\nname = \"Cy\"\n[[players]]\nname = \"Di\"\n\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bo\" },  # the first game\n  { table = 2, dark = \"cy\", light = \"di\" },\n]\n",
    )
    .expect("write");
    let out = holonet(&["report", ccg, "1", "bo+12,modified"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = holonet(&["report", ccg, "2", "tie:3,3,2,1"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(site.path().join(ccg)).expect("event");
    assert!(written.contains("{ table = 1, dark = \"ann\", light = \"bo\", winner = \"bo\", differential = 12, modified = true },  # the first game"), "{written}");
    assert!(
        written.contains(
            "tie = { dark_lost_pile = 3, light_lost_pile = 3, dark_hand = 2, light_hand = 1 }"
        ),
        "{written}"
    );

    // Mos Eisley Open with its bracket cut back to the first four games: game 6 is ready, and
    // the rules put Maren Holm on the dark side.
    let file = site.path().join("events/2015/mos-eisley-open.toml");
    let kept = common::keep_bracket_games(&file, 4);
    let event = "events/2015/mos-eisley-open.toml";
    let out = holonet(
        &[
            "report",
            event,
            "6",
            "maren-holm",
            "--dark",
            "felix-navarro",
        ],
        site.path(),
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("was not changed"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).expect("event"), kept);
    let out = holonet(&["report", event, "6", "maren-holm"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&file).expect("event");
    assert!(
        written.contains("{ game = 6, winner = \"maren-holm\" }"),
        "{written}"
    );
}

/// `--quiet` prints nothing but errors; `--verbose` tells each stage of a build; completion
/// scripts come for the usual shells.
#[test]
fn quiet_verbose_and_completions() {
    let site = common::example_site();
    let out = holonet(&["--quiet", "build"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "", "nothing on standard output");
    assert_eq!(
        text(&out.stderr),
        "",
        "the example's deck warnings are left out too"
    );
    let out = holonet(&["build", "--verbose"], site.path());
    let stderr = text(&out.stderr);
    for stage in [
        // The quiet build computed the events; those without a warning were kept.
        "Loaded and checked 16 events (",
        " unchanged, from the cache) in",
        "Rendered",
        "Wrote the output folder in",
    ] {
        assert!(stderr.contains(stage), "{stage}: {stderr}");
    }
    assert!(text(&out.stdout).starts_with("Built 16 events into"));
    for shell in ["bash", "zsh", "fish"] {
        let out = holonet(&["completions", shell], site.path());
        assert!(out.status.success());
        assert!(
            text(&out.stdout).contains("report"),
            "{shell} completes the verbs"
        );
    }
}

/// Every way of writing a Swiss result, `--replace` alone (the last round with results), and an
/// elimination game decided on time, run from the site folder with relative paths.
#[test]
fn report_scores_corrections_and_timed_games() {
    let site = common::example_site();
    let file = "events/2026/corellia-spring-open.toml";
    let out = holonet(&["report", file, "1", "2:0"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let recorded = text(&out.stdout);
    assert!(
        recorded.starts_with("Recorded table 1 of round ")
            && recorded.contains(": games = [\"maren-holm\", \"maren-holm\"]."),
        "{recorded}"
    );
    let round = recorded
        .trim_start_matches("Recorded table 1 of round ")
        .split(' ')
        .next()
        .expect("round")
        .to_string();
    let out = holonet(&["report", file, "1", "1-0", "--replace"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with(&format!(
            "Corrected table 1 of round {round} in {file}: games = [\"maren-holm\", \"draw\"] (was games = [\"maren-holm\", \"maren-holm\"])."
        )),
        "{}",
        text(&out.stdout)
    );
    let written = std::fs::read_to_string(site.path().join(file)).expect("event");
    assert!(written.contains("\nupdated = "), "report stamps `updated`");
    let out = holonet(&["report", file, "2", "3:0"], site.path());
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("more than the match's 2 games"));

    // Mos Eisley Open cut back to its first four bracket games: game 6 is ready, sides computed.
    let path = site.path().join("events/2015/mos-eisley-open.toml");
    let kept = common::keep_bracket_games(&path, 4);
    let event = "events/2015/mos-eisley-open.toml";
    let out = holonet(
        &[
            "report",
            event,
            "6",
            "--timed",
            "light_objectives=1,dial=12",
        ],
        site.path(),
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("`dial=12`: dial is a whole number from 0 to 11"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).expect("event"), kept);
    let out = holonet(
        &[
            "report",
            event,
            "6",
            "--timed",
            "light_objectives=1,light_damage=5,dial=9,dark_damage=6,balance=dark",
        ],
        site.path(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&path).expect("event");
    assert!(
        written.contains("{ game = 6, timed = { light_objectives = 1, light_damage = 5, dial = 9, dark_damage = 6, balance = \"dark\" } }"),
        "{written}"
    );
    assert!(holonet(&["check"], site.path()).status.success());
}

/// SW:CCG: a differential over the guide's cap is written as reported with a warning saying
/// what counts, and the Final Confrontation's games are reported like tables; standings then
/// give the final places.
#[test]
fn report_swccg_capped_differential_and_final_confrontation() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    let file = "events/cup.toml";
    std::fs::write(
        dir.path().join(file),
        "[event]\nname = \"Cup\"\ndate = 2008-05-10\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 1\ncut = 2\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bob\" },\n]\n",
    )
    .expect("event");
    let out = holonet(&["report", file, "1", "bob+72"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("warning: the differential is capped at 59")
            && text(&out.stderr).contains(
                "the file records `differential = 72` as reported, and the standings count 2(+59) for Bob and 0(-59) for Ann"
            ),
        "{}",
        text(&out.stderr)
    );
    // The Final Confrontation is the normal next step: `pair` says so and succeeds, and the
    // file is left as it was.
    let before = std::fs::read(dir.path().join(file)).expect("file");
    let out = holonet(&["pair", file], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(
            "Nothing to pair: the games are finished: the Final Confrontation is Bob v Ann"
        ),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(std::fs::read(dir.path().join(file)).expect("file"), before);
    let out = holonet(&["report", file, "1", "ann+3"], dir.path());
    assert!(
        text(&out.stderr).contains("pass --dark bob or --dark ann"),
        "{}",
        text(&out.stderr)
    );
    let out = holonet(&["report", file, "1", "ann+3", "--dark", "bob"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("Recorded game 1 of the Final Confrontation"));
    let out = holonet(&["report", file, "2", "tie:3,4,2,1"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The game that decides the final says what decided it.
    assert!(
        text(&out.stdout)
            .contains("Ann wins the Final Confrontation and the event: more games won."),
        "{}",
        text(&out.stdout)
    );
    let written = std::fs::read_to_string(dir.path().join(file)).expect("event");
    assert!(
        written.contains("[final]\ngames = [\n  { dark = \"bob\", light = \"ann\", winner = \"ann\", differential = 3 },\n  { dark = \"ann\", light = \"bob\", tie = { dark_lost_pile = 3, light_lost_pile = 4, dark_hand = 2, light_hand = 1 } },\n]"),
        "{written}"
    );
    let out = holonet(&["standings", file], dir.path());
    assert!(
        text(&out.stdout).contains("\nFinal places:\n  1  "),
        "{}",
        text(&out.stdout)
    );
    assert!(holonet(&["check"], dir.path()).status.success());
}

/// `holonet import` from the site folder with relative paths: a semicolon-separated export with
/// a blank row, a column it does not read and a "Last, First" name; a hint for a name close to
/// one in the archive; errors at their line and column, with nothing written.
#[test]
fn import_reads_spreadsheet_exports_and_hints_at_known_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The example event's players are the archive the hints are found in.
    let out = holonet(&["init", "site", "--example"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    std::fs::write(
        site.join("results.csv"),
        "Place;Name;Points;Deck\n1;\"Roux, Camille\";18;Sith\n\n2;Mateo Quiroja;12;Jedi\n",
    )
    .expect("csv");
    let import = |csv: &str, out: &str| {
        holonet(
            &[
                "import",
                csv,
                "--out",
                out,
                "--name",
                "Hoth Open",
                "--date",
                "2014-06-14",
                "--rules",
                "ffg-2014",
            ],
            &site,
        )
    };
    let out = import("results.csv", "events/2014/hoth-open.toml");
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    for expected in [
        "warning[H003]: the column `Deck` is left out\n --> results.csv:1:19\n",
        "warning[H019]: `Mateo Quiroja` (id mateo-quiroja) is close to `Mateo Quiroga` (id mateo-quiroga) in events/2018/outer-rim-store-championship.toml:",
        " --> results.csv:4:3\n",
        "aliases = [\"mateo-quiroja\"]",
    ] {
        assert!(stderr.contains(expected), "{expected}\n{stderr}");
    }
    let written =
        std::fs::read_to_string(site.join("events/2014/hoth-open.toml")).expect("written");
    assert!(written.contains("name = \"Roux, Camille\"\nid = \"roux-camille\"\n"));
    assert!(!written.contains("Sith"));
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));

    std::fs::write(site.join("bad.tsv"), "rank\tplayer\tpoints\n1\tTom\tx\n").expect("tsv");
    let out = import("bad.tsv", "events/2014/bad.toml");
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr
            .contains("error[H006]: `points` must be a whole number, not `x`\n --> bad.tsv:2:7\n"),
        "{stderr}"
    );
    assert!(!site.join("events/2014/bad.toml").exists());

    // A JSON export is named as such, at its first line, with what to do.
    std::fs::write(
        site.join("results.json"),
        "{\"players\": [{\"name\": \"Tom\"}]}\n",
    )
    .expect("json");
    let out = import("results.json", "events/2014/json.toml");
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "error[H002]: this is not a CSV file: it holds JSON\n --> results.json:1:1\n"
        ) && stderr.contains("export the final standings as CSV"),
        "{stderr}"
    );
    // A table as pasted from a results page: ordinal places, a record in one column, and a
    // player without a place.
    std::fs::write(
        site.join("pasted.csv"),
        "Pos,Player,W-L-D,Points\n1st,Ilse Quist,4-1-0,12\n2nd,Otto Brandt,3-1-1,10\n,Ruth Falk,,\n",
    )
    .expect("csv");
    let out = import("pasted.csv", "events/2014/pasted.toml");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(site.join("events/2014/pasted.toml")).expect("written");
    assert!(
        written.contains(
            "rank = 2\nplayer = \"otto-brandt\"\npoints = 10\nwins = 3\nlosses = 1\ndraws = 1\n"
        ) && written.contains("name = \"Ruth Falk\"")
            && !written.contains("player = \"ruth-falk\""),
        "{written}"
    );
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// A new site (`holonet init`) in a temporary folder, and `holonet import CSV` run in it with
/// relative paths, as an organizer types it: `csv` written to `name`, imported to
/// `events/2014/NAME.toml` with `extra` arguments.
fn csv_site() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    (dir, site)
}

fn import_csv(
    site: &Path,
    name: &str,
    csv: &str,
    rules: &str,
    extra: &[&str],
) -> (std::process::Output, PathBuf) {
    std::fs::write(site.join(name), csv).expect("csv");
    let stem = name.split('.').next().unwrap_or(name);
    let out = format!("events/2014/{stem}.toml");
    let mut args = vec![
        "import",
        name,
        "--out",
        &out,
        "--name",
        "Hoth Open",
        "--date",
        "2014-06-14",
        "--rules",
        rules,
    ];
    args.extend_from_slice(extra);
    (holonet(&args, site), site.join(out))
}

/// Rule 1 and 2: every place heading (`Finish`, `Place`, `Rank`, `Pos`, `Pos.`, `#`) gives the
/// place, `Seed` beside it gives each row's seed, and the event checks.
#[test]
fn import_reads_places_under_every_heading_and_seeds_beside_them() {
    let (_dir, site) = csv_site();
    for (n, heading) in ["Finish", "Place", "Rank", "Pos", "Pos.", "#"]
        .iter()
        .enumerate()
    {
        let csv = format!("{heading},Player,Seed\n2,Ann Ekberg,1\n1st,Bo Lind,3\n3,Cy Dunn,2\n");
        let (out, written) = import_csv(&site, &format!("places{n}.csv"), &csv, "ffg-2018", &[]);
        assert!(out.status.success(), "{heading}: {}", text(&out.stderr));
        let written = std::fs::read_to_string(written).expect("written");
        for row in [
            "rank = 1\nplayer = \"bo-lind\"\nseed = 3\n",
            "rank = 2\nplayer = \"ann-ekberg\"\nseed = 1\n",
            "rank = 3\nplayer = \"cy-dunn\"\nseed = 2\n",
        ] {
            assert!(written.contains(row), "{heading}: {row}\n{written}");
        }
    }
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Rule 2: a table of seeds with no place column is refused at the seed column: seeds are not
/// places, and the message says what to do. Nothing is written.
#[test]
fn import_refuses_seeds_without_a_place_column() {
    let (_dir, site) = csv_site();
    let (out, written) = import_csv(
        &site,
        "seeds.csv",
        "Player,Seed\nAnn Ekberg,1\nBo Lind,2\n",
        "ffg-2018",
        &[],
    );
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    for expected in [
        "`Seed` holds seeds, and seeds are not places: the table has no column of final places\n --> seeds.csv:1:8\n",
        "a list of Swiss seeds is not a final ranking",
        "add the final places as a column headed `rank`",
        "rename its heading to `Place`",
    ] {
        assert!(stderr.contains(expected), "{expected}\n{stderr}");
    }
    assert!(!written.exists());
}

/// Rule 1: `Points (diff)`, `Total`, `VP (diff)` and any column whose cells read `N (±M)` give
/// victory points and differential.
#[test]
fn import_reads_points_and_differential_under_any_heading() {
    let (_dir, site) = csv_site();
    for (n, heading) in ["Points (diff)", "Total", "VP (diff)", "Swiss score"]
        .iter()
        .enumerate()
    {
        let csv = format!("Rank;Player;{heading}\n1;Tom Kessel;12 (+3)\n2;Nick Ames;6 (-14)\n");
        let (out, written) = import_csv(&site, &format!("vp{n}.csv"), &csv, "swccg-2008", &[]);
        assert!(out.status.success(), "{heading}: {}", text(&out.stderr));
        assert!(!text(&out.stderr).contains("left out"), "{heading}");
        let written = std::fs::read_to_string(written).expect("written");
        assert!(
            written.contains("player = \"tom-kessel\"\nvictory_points = 12\ndifferential = 3\n")
                && written
                    .contains("player = \"nick-ames\"\nvictory_points = 6\ndifferential = -14\n"),
            "{heading}: {written}"
        );
    }
    let out = holonet(&["check"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Rule 3: a column of numbers under a heading Holonet does not read is an error at its
/// heading (not a warning and an event without them), saying how to keep or skip it; `--skip`
/// leaves it out; a column of text stays a warning.
#[test]
fn import_refuses_an_unknown_column_of_numbers_unless_skipped() {
    let (_dir, site) = csv_site();
    let csv = "Rank,Player,Opp. Win %,Deck\n1,Tom Kessel,0.625,Sith\n2,Nick Ames,0.5,Jedi\n";
    let (out, written) = import_csv(&site, "numbers.csv", csv, "ffg-2018", &[]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    for expected in [
        "the column `Opp. Win %` holds numbers, but Holonet does not know what they are\n --> numbers.csv:1:13\n",
        "rename the heading to one Holonet reads",
        "--skip \"Opp. Win %\"",
    ] {
        assert!(stderr.contains(expected), "{expected}\n{stderr}");
    }
    assert!(
        !stderr.contains("`Deck`"),
        "the text column is no error: {stderr}"
    );
    assert!(!written.exists());
    let (out, written) = import_csv(
        &site,
        "numbers.csv",
        csv,
        "ffg-2018",
        &["--skip", "Opp. Win %"],
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("the column `Deck` is left out\n --> numbers.csv:1:24\n")
            && !stderr.contains("holds numbers"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(written).expect("written");
    assert!(
        !written.contains("0.625") && !written.contains("Sith"),
        "{written}"
    );
}

/// Rule 1 and 3: `holonet import --help` names every heading accepted and `--skip`.
#[test]
fn import_help_lists_every_heading_accepted() {
    let out = holonet(&["import", "--help"], Path::new("."));
    let help = text(&out.stdout);
    for heading in [
        "`Finish`",
        "`Place`",
        "`Pos`",
        "`Pos.`",
        "`#`",
        "`Seed`",
        "`Total`",
        "`VP (diff)`",
        "`Points (diff)`",
        "`12 (+3)`",
        "--skip <HEADING>",
        "--date",
    ] {
        assert!(help.contains(heading), "{heading}\n{help}");
    }
}

/// The complete example of the event-file reference, saved as an organizer would copy it, checks
/// without an error or a warning (its decks included).
#[test]
fn the_reference_pages_complete_example_checks_clean() {
    let docs = std::fs::read_to_string("content/docs/event-file.md").expect("event-file.md");
    let start = docs
        .find("```toml\n[event]\nname = \"Outer Rim Store Championship\"")
        .expect("the complete example")
        + "```toml\n".len();
    let end = start + docs[start..].find("```").expect("its end");
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success());
    let site = dir.path().join("site");
    std::fs::create_dir_all(site.join("events/2018")).expect("folder");
    std::fs::write(
        site.join("events/2018/outer-rim-sc.toml"),
        &docs[start..end],
    )
    .expect("write");
    let out = holonet(&["check"], &site);
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{said}");
    assert!(said.contains("All good: 0 warning(s)"), "{said}");
}

/// A team event whose two best teams finish level: `pair` says they play a final match,
/// `report` records it (and corrects it with --replace alone), `standings` gives the places.
#[test]
fn a_team_final_match_is_reported_from_the_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let site = dir.path().join("site");
    let file = "events/2026/hoth-doubles.toml";
    assert!(
        holonet(&["new", file, "--format", "team"], &site)
            .status
            .success()
    );
    let path = site.join(file);
    let template = std::fs::read_to_string(&path).expect("read");
    assert!(template.contains("swiss_rounds = 4"), "{template}");
    std::fs::write(
        &path,
        template.replace("swiss_rounds = 4", "swiss_rounds = 2"),
    )
    .expect("write");
    for (first, partner, team) in [
        ("Ann Lee", "Bo Vos", "Echo Base"),
        ("Cy Rusk", "Dee Vos", "Rogue Two"),
        ("Eli Marr", "Fay Tonn", "Gold Leader"),
        ("Gus Pell", "Hal Dray", "Red Five"),
    ] {
        let out = holonet(
            &["register", file, first, "--with", partner, "--team", team],
            &site,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    // Two rounds: Echo Base and Gold Leader win their first match and split games in the second.
    for round in 1..=2 {
        let out = holonet(&["pair", file], &site);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let said = text(&out.stdout);
        for table in ["1", "2"] {
            let line = said
                .lines()
                .find(|l| l.starts_with(&format!("Table {table}: ")))
                .expect("a table");
            let result = if round == 2 && line.contains("Echo Base") && line.contains("Gold Leader")
            {
                "1-1"
            } else if line.starts_with(&format!("Table {table}: Echo Base"))
                || line.starts_with(&format!("Table {table}: Gold Leader"))
            {
                "2-0"
            } else {
                "0-2"
            };
            let out = holonet(&["report", file, table, result], &site);
            assert!(out.status.success(), "{}", text(&out.stderr));
        }
    }
    let out = holonet(&["standings", file], &site);
    let standings = text(&out.stdout);
    assert!(standings.contains("Final match: "), "{standings}");
    // The final match is the next step: `pair` says so and succeeds.
    let out = holonet(&["pair", file], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("play a final match"),
        "{}",
        text(&out.stdout)
    );
    let out = holonet(
        &["report", file, "1", "2-0", "--dark", "gold-leader"],
        &site,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Recorded the final match"));
    let written = std::fs::read_to_string(&path).expect("read");
    assert!(written.contains("[final]\ngames = "), "{written}");
    assert!(
        written.contains("first_dark = \"gold-leader\""),
        "{written}"
    );
    let places = |site: &Path| -> Vec<String> {
        let standings = text(&holonet(&["standings", file], site).stdout);
        standings
            .lines()
            .skip_while(|l| !l.starts_with("Final places"))
            .skip(1)
            .map(|l| l.trim().to_string())
            .collect()
    };
    let before = places(&site);
    assert_eq!(before.len(), 4, "{before:?}");
    let out = holonet(&["report", file, "1", "0-2", "--replace"], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Corrected the final match"));
    // The corrected final crowns the other finalist; third and fourth stay as the Swiss left them.
    let after = places(&site);
    let name = |line: &str| {
        line.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ')
            .to_string()
    };
    assert_eq!(name(&after[0]), name(&before[1]), "{before:?} {after:?}");
    assert_eq!(name(&after[1]), name(&before[0]), "{before:?} {after:?}");
    assert_eq!(after[2..], before[2..]);
    assert!(holonet(&["check"], &site).status.success());
}

/// A coin tossed at the venue, as the event file records it, is shown as such in the terminal;
/// a recorded coin for a true tie the lost piles decide is refused at its line, and `check`
/// exits 1.
#[test]
fn coin_toss_at_the_venue_is_shown_and_checked() {
    let site = common::copy_site(Path::new("."));
    let file = "events/2008/bespin-cup.toml";
    let printed = common::run_ok(site.path(), &["standings", file]);
    assert!(
        printed.contains(
            "Final Confrontation: Yuki Tanaka won (level on every tiebreaker: coin toss at the venue)."
        ),
        "{printed}"
    );
    common::edit(
        site.path(),
        file,
        "tie = { dark_lost_pile = 9, light_lost_pile = 9,",
        "tie = { dark_lost_pile = 12, light_lost_pile = 9,",
    );
    let out = holonet(&["check"], site.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("events/2008/bespin-cup.toml:355:155"),
        "located at the table's `winner`: {err}"
    );
    assert!(
        err.contains("`winner` gives this true tie to Yuki Tanaka, but Osric Haldane has fewer cards in the lost pile (9 against 12) and wins it"),
        "{err}"
    );
    assert!(
        err.contains("error: 1 error(s)"),
        "one error, not one per later game: {err}"
    );
}

/// ffg-2018: time ends the round, so the game going when time is called is a draw and no
/// further game is played. `report 0-0` at a table where time was called in game one writes
/// that one drawn game (1 point each), `report --help` says how, and a hand-written game after
/// a draw is refused by `check`, located, with what to write.
#[test]
fn time_called_in_game_one_is_one_draw() {
    let site = common::example_site();
    let file = "events/2026/corellia-spring-open.toml";
    let help = text(&holonet(&["report", "--help"], site.path()).stdout);
    assert!(
        help.contains("time called in game one is 0-0 or draw"),
        "{help}"
    );
    let out = holonet(&["report", file, "3", "0-0"], site.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(": games = [\"draw\"]."),
        "{}",
        text(&out.stdout)
    );
    let written = std::fs::read_to_string(site.path().join(file)).expect("event");
    assert!(written.contains(
        "{ table = 3, players = [\"niamh-byrne\", \"zoe-achterberg\"], games = [\"draw\"] },"
    ));
    assert!(holonet(&["check"], site.path()).status.success());
    // Two drawn games cannot happen: the first draw ended the round.
    common::edit(
        site.path(),
        file,
        "games = [\"draw\"] },",
        "games = [\"draw\", \"draw\"] },",
    );
    let out = holonet(&["check"], site.path());
    assert!(!out.status.success());
    let printed = text(&out.stderr);
    let line = written
        .lines()
        .position(|l| l.contains("games = [\"draw\"] },"))
        .expect("the table")
        + 1;
    assert!(
        printed.contains(
            "error[H010]: game 1 was drawn, so time had been called: no game is played after it"
        ) && printed.contains(&format!("{file}:{line}:"))
            && printed.contains("write `games = [\"draw\"]` (1 point each)"),
        "{printed}"
    );
}

/// ffg-2018: players level on points, SoS and ESoS are ordered at random, and the draw that
/// counts is the venue's. In the example's Ilum Store Night, two players tied for seeds 1 and 2
/// and four for seeds 3 to 6, and the venue drew Chiara Bellini first, then Mikkel Dahl and
/// Dmitri Sokolov into the top 4, where the event's seed would have put Kalani Akana first and
/// left Dmitri Sokolov out. `venue_draw` records it; without it, the
/// bracket the venue played still shows it; a draw that leaves out part of a tie is refused,
/// located, with the line to write.
#[test]
fn cut_seat_drawn_at_the_venue_is_accepted() {
    let site = common::example_site();
    let file = "events/2019/ilum-store-night.toml";
    let standings = |site: &Path| common::run_ok(site, &["standings", file]);
    let printed = standings(site.path());
    assert!(
        printed.contains("  3  Mikkel Dahl")
            && printed.contains("  4  Dmitri Sokolov")
            && printed.contains("(random: drawn at the venue)")
            && printed.contains("Final places:\n  1  Mikkel Dahl"),
        "{printed}"
    );
    common::run_ok(site.path(), &["build"]);
    let page = std::fs::read_to_string(
        site.path()
            .join("public/events/2019/ilum-store-night/index.html"),
    )
    .expect("the event page");
    assert!(
        page.contains("The random order was drawn at the venue for places 1 to 6, and drawn by Holonet from the event&#39;s seed (91419) for the other ties."),
        "{page}"
    );
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            site.path()
                .join("public/events/2019/ilum-store-night/event.json"),
        )
        .expect("event.json"),
    )
    .expect("json");
    let latest = json["standings_by_round"]
        .as_array()
        .and_then(|s| s.last())
        .expect("standings");
    assert_eq!(latest["venue_draw"], "recorded");
    let rows = common::event_json::standings(&json);
    assert_eq!(rows[2]["id"], "mikkel-dahl");
    let drawn = latest["drawn_at_venue"]
        .as_array()
        .expect("drawn at the venue");
    assert_eq!(rows[0]["id"], "chiara-bellini");
    assert!(drawn.contains(&rows[2]["id"]), "{drawn:?}");
    assert!(drawn.contains(&rows[1]["id"]), "{drawn:?}");
    assert!(!drawn.contains(&rows[7]["id"]), "{drawn:?}");
    let written = std::fs::read_to_string(site.path().join(file)).expect("event");
    let recorded = written
        .lines()
        .find(|l| l.starts_with("venue_draw = "))
        .expect("the venue's draw")
        .to_string();
    // The bracket alone shows the draw.
    common::edit(site.path(), file, &format!("{recorded}\n"), "");
    assert!(holonet(&["check"], site.path()).status.success());
    let printed = standings(site.path());
    assert!(
        printed.contains("  3  Mikkel Dahl") && printed.contains("(random: drawn at the venue)"),
        "{printed}"
    );
    // A draw naming two of the four is refused at its first id.
    let partial = "venue_draw = [\"mikkel-dahl\", \"dmitri-sokolov\"]\n";
    common::edit(
        site.path(),
        file,
        "location = ",
        &format!("{partial}location = "),
    );
    let out = holonet(&["check"], site.path());
    assert!(!out.status.success());
    let err = text(&out.stderr);
    let line = written
        .lines()
        .position(|l| l.starts_with("venue_draw = "))
        .expect("line")
        + 1;
    assert!(
        err.contains("error[H006]: Mikkel Dahl and Dmitri Sokolov are level on points, strength of schedule and extended strength of schedule with Paloma Ruiz and Farid Haddad, whom `venue_draw` leaves out")
            && err.contains(&format!("{file}:{line}:15"))
            && err.contains("such as `venue_draw = [\"mikkel-dahl\", \"dmitri-sokolov\", \"paloma-ruiz\", \"farid-haddad\"]`"),
        "{err}"
    );
}

/// `--root` means the same for every verb, as `git -C` does: a relative FILE is read from the
/// site folder. Run from the folder above the site, `new`, `register`, `pair`, `standings` and
/// `audit` all take `events/...`; a path written from the working folder is refused with a word
/// on why.
#[test]
fn root_makes_every_file_relative_to_the_site_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = "events/2026/root-cup.toml";
    let run = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--root", "site"]);
        holonet(&all, dir.path())
    };
    let out = run(&["new", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir.path().join("site").join(file).is_file());
    for name in ["Ann", "Bob", "Cy", "Di"] {
        let out = run(&["register", file, name]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    }
    let out = run(&["pair", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("Round 1"),
        "{}",
        text(&out.stdout)
    );
    for verb in ["standings", "audit"] {
        let out = run(&[verb, file]);
        assert!(out.status.success(), "{verb}: {}", text(&out.stderr));
    }
    let out = run(&["register", "site/events/2026/root-cup.toml", "Ed"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("a FILE is read from the site folder given with --root"),
        "{}",
        text(&out.stderr)
    );
}

/// `holonet status FILE`: before round 1, what to type; during a round, the tables still to
/// report with both names; at the end, that nothing is left and the final places.
#[test]
fn status_says_where_the_event_stands_and_what_to_type_next() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    let file = "events/2026/status-cup.toml";
    assert!(
        holonet(&["new", file, "--rules", "ffg-2018"], &site)
            .status
            .success()
    );
    for name in ["Ann Lee", "Bo Vos", "Cy Moe", "Di Ray"] {
        assert!(holonet(&["register", file, name], &site).status.success());
    }
    let said = text(&holonet(&["status", file], &site).stdout);
    assert!(said.contains("4 players\n"), "{said}");
    assert!(
        said.contains(&format!(
            "Nothing is paired yet. Next: holonet pair {file} (writes round 1)"
        )),
        "{said}"
    );
    assert!(holonet(&["pair", file], &site).status.success());
    assert!(
        holonet(&["report", file, "1", "2-0"], &site)
            .status
            .success()
    );
    let event = std::fs::read_to_string(site.join(file)).expect("file");
    let out = holonet(&["status", file], &site);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("Round 1: 1 of 2 tables still to report"),
        "{said}"
    );
    // The open table, with both names as the file seats them.
    let line = said
        .lines()
        .find(|l| l.starts_with("  Table 2: "))
        .unwrap_or_else(|| panic!("{said}"));
    assert_eq!(line.matches(" v ").count(), 1, "{line}");
    assert!(
        said.contains(&format!("Next: holonet report {file} TABLE RESULT")),
        "{said}"
    );
    // status only reads.
    assert_eq!(
        std::fs::read_to_string(site.join(file)).expect("file"),
        event
    );
}

/// `init` writes no event; `init --example` adds the example event, whose file opens by saying
/// it is an example to delete before publishing, as `init` says too.
#[test]
fn init_publishes_nothing_invented_unless_an_example_is_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "plain"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("with no events yet"),
        "{}",
        text(&out.stdout)
    );
    // The folder events go in, with a word on what goes there, and no event.
    let events: Vec<_> = std::fs::read_dir(dir.path().join("plain/events"))
        .expect("events/")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(events, ["README.md"]);
    let out = holonet(&["build"], &dir.path().join("plain"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let home = std::fs::read_to_string(dir.path().join("plain/public/index.html")).expect("home");
    assert!(
        !home.contains("Outer Rim"),
        "no invented event on the home page"
    );

    let out = holonet(&["init", "tryout", "--example"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("events/2018/outer-rim-store-championship.toml and the .md beside it. Delete both before you publish the site."),
        "{said}"
    );
    let event = std::fs::read_to_string(
        dir.path()
            .join("tryout/events/2018/outer-rim-store-championship.toml"),
    )
    .expect("the example");
    assert!(
        event.starts_with(
            "# AN EXAMPLE from `holonet init --example`, not a real event: delete this file"
        ),
        "{event}"
    );
    let out = holonet(&["check"], &dir.path().join("tryout"));
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// A SW:CCG event of Swiss games and a top 4 of two-game matches is one event: once the Swiss
/// games are over `pair` says the bracket seats the cut, `status` lists the matches by number,
/// `report FILE MATCH RESULT` records each match's next game with its sides (the second game's
/// swapped) and lost cards, a match level on differential goes to the fewer lost cards, and the
/// final places the event: the cut by the bracket, the rest by the Swiss standings. The page
/// shows the bracket and event.json has it.
#[test]
fn a_top_cut_of_matches_is_reported_match_by_match() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    let file = "events/endor.toml";
    let mut event = String::from(
        "[event]\nname = \"Endor Open\"\ndate = 2017-06-03\nrules = \"swccg-pc-sos\"\nformat = \"constructed\"\nstructure = \"custom\"\nswiss_rounds = 2\ncut = 4\n",
    );
    for name in ["Ann", "Bo", "Cid", "Dot", "Eve", "Fay"] {
        event.push_str(&format!("\n[[players]]\nname = \"{name}\"\n"));
    }
    event.push_str("\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bo\", winner = \"ann\" },\n  { table = 2, dark = \"cid\", light = \"dot\", winner = \"cid\" },\n  { table = 3, dark = \"eve\", light = \"fay\", winner = \"eve\" },\n]\n");
    event.push_str("\n[[rounds]]\ntables = [\n  { table = 1, dark = \"cid\", light = \"ann\", winner = \"ann\" },\n  { table = 2, dark = \"bo\", light = \"eve\", winner = \"eve\" },\n  { table = 3, dark = \"fay\", light = \"dot\", winner = \"fay\" },\n]\n");
    std::fs::write(dir.path().join(file), event).expect("event");
    let out = holonet(&["pair", file], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("the top 4 needs no pairing"),
        "{}",
        text(&out.stdout)
    );
    let status = common::run_ok(dir.path(), &["status", file]);
    assert!(status.contains("Top 4: matches 1 and 2"), "{status}");
    let seeded: Vec<&str> = status.lines().filter(|l| l.contains("  match ")).collect();
    assert_eq!(seeded.len(), 2, "{status}");
    // Read the seats the bracket gives: match 1 is seed 1 (dark) v seed 4, match 2 seed 2 v 3.
    let players_of = |line: &str| -> [String; 2] {
        let names = line.split(": ").nth(1).expect("names");
        let mut pair = names
            .split(" v ")
            .map(|n| n.split(" (").next().expect("name").to_lowercase());
        [pair.next().expect("dark"), pair.next().expect("light")]
    };
    let [one, four] = players_of(seeded[0]);
    let [two, three] = players_of(seeded[1]);
    common::run_ok(dir.path(), &["report", file, "1", &format!("{one}+10")]);
    // The second game is played with the other sides: --dark for the first player is refused.
    let out = holonet(
        &["report", file, "1", &format!("{four}+3"), "--dark", &one],
        dir.path(),
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("the second game is played with the other sides"),
        "{}",
        text(&out.stderr)
    );
    common::run_ok(dir.path(), &["report", file, "1", &format!("{four}+3")]);
    // Match 2 is level on differential; the lost cards decide it for the lower seed.
    common::run_ok(
        dir.path(),
        &["report", file, "2", &format!("{three}+5,lost=30/20")],
    );
    common::run_ok(
        dir.path(),
        &["report", file, "2", &format!("{two}+5,lost=25/22")],
    );
    let written = std::fs::read_to_string(dir.path().join(file)).expect("event");
    assert!(
        written.contains(&format!(
            "[top_cut]\ngames = [\n  {{ dark = \"{one}\", light = \"{four}\", winner = \"{one}\", differential = 10 }},\n  {{ dark = \"{four}\", light = \"{one}\", winner = \"{four}\", differential = 3 }},\n  {{ dark = \"{two}\", light = \"{three}\", winner = \"{three}\", differential = 5, lost_cards = {{ dark = 30, light = 20 }} }},"
        )),
        "{written}"
    );
    let status = common::run_ok(dir.path(), &["status", file]);
    assert!(status.contains("Top 4: match 3"), "{status}");
    assert!(
        status.contains(&format!("match 3: {}", capitalized(&one))),
        "{status}"
    );
    common::run_ok(dir.path(), &["report", file, "3", &format!("{three}+8")]);
    common::run_ok(dir.path(), &["report", file, "3", &format!("{one}+9")]);
    let standings = common::run_ok(dir.path(), &["standings", file]);
    assert!(standings.contains("Final places:"), "{standings}");
    let out = holonet(&["report", file, "3", &format!("{one}+9")], dir.path());
    assert!(
        text(&out.stderr).contains("the top cut is decided"),
        "{}",
        text(&out.stderr)
    );
    common::run_ok(dir.path(), &["build"]);
    let page =
        std::fs::read_to_string(dir.path().join("public/events/endor/index.html")).expect("page");
    let words = common::visible_text(&page);
    assert!(words.contains("fewer lost cards (45 to 52)"), "{words}");
    assert!(
        words.contains("Semi-finals") && words.contains("Final"),
        "{words}"
    );
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("public/events/endor/event.json")).expect("json"),
    )
    .expect("event.json");
    let matches = &json["ccg"]["top_cut"]["matches"];
    assert_eq!(matches.as_array().map(Vec::len), Some(3), "{json}");
    assert_eq!(matches[1]["decided_by"], "lost_cards");
    assert_eq!(matches[2]["winner"], one.as_str());
    assert_eq!(json["placings"][0]["id"], one.as_str());
}

fn capitalized(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A script that reads only the first lines (`holonet pair FILE | head -4`) or sends the output
/// to a full disk does not turn a command that did its work into a failure: the round is
/// written, the exit status is success, and nothing panics. A full disk is said once.
#[test]
fn output_to_a_closed_pipe_or_a_full_disk_does_not_undo_the_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site", "--example"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    let file = "events/2026/piped.toml";
    common::run_ok(&site, &["new", file, "--rules", "ffg-2018"]);
    for name in ["Ann", "Bo", "Cid", "Dot", "Eve", "Fay"] {
        common::run_ok(&site, &["register", file, name]);
    }
    let run_to = |stdout: std::process::Stdio, args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(args)
            .current_dir(&site)
            .stdout(stdout)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("holonet runs")
    };
    // A pipe whose reader is gone before the first line is written.
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = run_to(writer.into(), &["pair", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    let written = std::fs::read_to_string(site.join(file)).expect("event");
    assert!(
        written.contains("[[rounds]]"),
        "the round is written: {written}"
    );
    // A second command then sees the round as written, as a rerun would.
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = run_to(writer.into(), &["status", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // A full disk, where the system has one to write to.
    if let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") {
        let out = run_to(full.into(), &["standings", file]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr)
                .matches("warning: the output could not be written")
                .count(),
            1,
            "{}",
            text(&out.stderr)
        );
    }
}

/// `holonet new` names the next commands, and registering the first players of an event under
/// the default structure says nothing about its table yet (more may come); `pair` refuses
/// round 1 while the table gives no rounds, at `structure`, saying what to write.
#[test]
fn registering_the_first_players_warns_of_nothing_and_new_names_register() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = holonet(&["init", "site"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.path().join("site");
    let file = "events/2026/store-night.toml";
    let created = common::run_ok(&site, &["new", file, "--rules", "ffg-2018"]);
    assert!(
        created.contains(&format!(
            "Register each player with holonet register {file} \"NAME\", then write round 1 with holonet pair {file}."
        )),
        "{created}"
    );
    for name in ["Ann", "Bo", "Cid"] {
        let out = holonet(&["register", file, name], &site);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            !text(&out.stderr).contains("structure's table"),
            "{}",
            text(&out.stderr)
        );
    }
    let out = holonet(&["pair", file], &site);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr)
            .contains("the basic structure's table starts at 4 players, and this event has 3"),
        "{}",
        text(&out.stderr)
    );
    common::run_ok(&site, &["register", file, "Dot"]);
    common::run_ok(&site, &["pair", file]);
}
