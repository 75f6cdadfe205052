//! The `holonet` command as users run it: verbs, help, exit codes and messages.

use std::path::Path;
use std::process::{Command, Output};

fn holonet(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holonet"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("holonet runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_verb_has_help() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for verb in ["build", "check", "init", "new", "import"] {
        let out = holonet(&[verb, "--help"], here);
        assert!(out.status.success(), "{verb} --help");
        assert!(
            text(&out.stdout).contains("Usage: holonet"),
            "{verb} --help prints usage"
        );
    }
    let out = holonet(&["--help"], here);
    for verb in ["build", "check", "init", "new", "import"] {
        assert!(text(&out.stdout).contains(verb));
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
    assert!(
        site.join("public/events/2018/outer-rim-store-championship/event.json")
            .is_file()
    );
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
    let out = holonet(&["build", "--out", "."], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("was not written by holonet"),
        "{}",
        text(&out.stderr)
    );
    assert!(dir.path().join("holonet.toml").is_file());
}
