//! `.github/record-reports.sh`, which the reports workflow runs, in a site made by `holonet init`
//! with a Git remote, as GitHub Actions runs it. GitHub itself is played by a stand-in `gh` (the
//! same command line, answering `--jq` with jq) that serves issues from a JSON file and records
//! comments, pull requests and closed issues. Holonet is the binary under test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::holonet;

/// A stand-in for GitHub's `gh`, enough for record-reports.sh: the issues API (read from
/// `$GH_STUB/issues.json`), comments, labels, pull requests and workflow runs.
const GH_STUB: &str = r#"#!/usr/bin/env bash
set -euo pipefail
state="$GH_STUB"
printf '%s\n' "$*" >> "$state/log"
filter="."
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jq) filter="$2"; shift 2 ;;
    --paginate) shift ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- "${args[@]}"
body_file() { while [ $# -gt 0 ]; do [ "$1" = --body-file ] && { echo "$2"; return; }; shift; done; }
case "$1 $2" in
  "api "*)
    if [[ "$2" =~ ^repos/[^/]+/[^/]+/issues\?(.*)$ ]]; then
      label="$(sed -n 's/.*labels=\([^&]*\).*/\1/p' <<< "${BASH_REMATCH[1]}")"
      json="$(jq --arg l "$label" '[.[] | select(.state == "open" and any(.labels[]; .name == $l))]' "$state/issues.json")"
    elif [[ "$2" =~ ^repos/[^/]+/[^/]+/issues/([0-9]+)$ ]]; then
      json="$(jq --argjson n "${BASH_REMATCH[1]}" '.[] | select(.number == $n)' "$state/issues.json")"
    else
      echo "gh stub: unknown API path $2" >&2; exit 1
    fi
    jq -r "$filter" <<< "$json" ;;
  "issue comment") cp "$(body_file "$@")" "$state/comment-$3.md" ;;
  "issue close")
    jq --argjson n "$3" 'map(if .number == $n then .state = "closed" else . end)' "$state/issues.json" > "$state/next.json"
    mv "$state/next.json" "$state/issues.json" ;;
  "label create") ;;
  "pr view") [ -f "$state/pull-request.md" ] && echo OPEN || exit 1 ;;
  "pr create" | "pr edit") cp "$(body_file "$@")" "$state/pull-request.md" ;;
  "workflow run") ;;
  *) echo "gh stub: unknown command $*" >&2; exit 1 ;;
esac
"#;

fn git(args: &[&str], dir: &Path) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The body GitHub renders for the repository's issue form `template` (a file of
/// `.github/ISSUE_TEMPLATE/`) filled in with `values` (by field label): for each field in order,
/// `### Label`, a blank line and the value, `_No response_` when empty; a checkbox as
/// `- [X] option` when its field's value is "x", else `- [ ] option`. The form's fields are read
/// from the template itself, so a renamed field breaks this test as it would break the workflow.
fn form(template: &str, values: &[(&str, &str)]) -> String {
    let text = std::fs::read_to_string(Path::new(".github/ISSUE_TEMPLATE").join(template))
        .expect("the issue form");
    // (type, label, checkbox options) of each field.
    let mut fields: Vec<(String, String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(kind) = trimmed.strip_prefix("- type: ") {
            fields.push((kind.to_string(), String::new(), Vec::new()));
        } else if let Some(option) = trimmed.strip_prefix("- label: ") {
            fields
                .last_mut()
                .expect("a field")
                .2
                .push(option.to_string());
        } else if let Some(label) = trimmed.strip_prefix("label: ") {
            let field = fields.last_mut().expect("a field");
            if field.1.is_empty() {
                field.1 = label.to_string();
            }
        }
    }
    let mut body = String::new();
    for (kind, label, options) in fields.iter().filter(|(kind, ..)| kind != "markdown") {
        let value = values
            .iter()
            .find(|(name, _)| name == label)
            .map_or("", |(_, value)| *value);
        let value = if kind == "checkboxes" {
            let mark = if value == "x" { "X" } else { " " };
            options
                .iter()
                .map(|option| format!("- [{mark}] {option}"))
                .collect::<Vec<_>>()
                .join("\n")
        } else if value.is_empty() {
            "_No response_".to_string()
        } else {
            value.to_string()
        };
        body.push_str(&format!("### {label}\n\n{value}\n\n"));
    }
    for (name, _) in values {
        assert!(
            fields.iter().any(|(_, label, _)| label == name),
            "{template} has no field {name}"
        );
    }
    body
}

fn issue(number: u32, label: &str, body: &str) -> String {
    format!(
        r#"{{"number": {number}, "state": "open", "labels": [{{"name": "{label}"}}], "body": {}}}"#,
        json_string(body)
    )
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A site made by `holonet init`, with an event of four players (dated today, as `holonet new`
/// dates it, so that it takes forms) whose round 1 is paired,
/// committed and pushed to a bare `origin`, as a workflow's checkout sees it.
struct Repository {
    dir: tempfile::TempDir,
}

const EVENT: &str = "events/2026/spring-open.toml";

impl Repository {
    fn new() -> Repository {
        let dir = tempfile::tempdir().expect("tempdir");
        let site = dir.path().join("site");
        let out = holonet(&["init", "site"], dir.path());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        run_ok(holonet(&["new", EVENT], &site));
        for name in ["Tom Kessel", "Nadia Ray", "Leo Martin", "Ivy Chen"] {
            run_ok(holonet(&["register", EVENT, name], &site));
        }
        run_ok(holonet(&["pair", EVENT], &site));
        git(
            &[
                "init",
                "--quiet",
                "--bare",
                "--initial-branch=main",
                "origin.git",
            ],
            dir.path(),
        );
        git(&["init", "--quiet", "--initial-branch=main"], &site);
        git(&["config", "user.name", "Organizer"], &site);
        git(&["config", "user.email", "organizer@example.org"], &site);
        git(&["add", "."], &site);
        git(&["commit", "--quiet", "-m", "Spring Open, round 1"], &site);
        git(&["remote", "add", "origin", "../origin.git"], &site);
        git(&["push", "--quiet", "origin", "main"], &site);
        let stub = dir.path().join("gh-stub");
        std::fs::create_dir_all(stub.join("bin")).expect("stub folder");
        std::fs::write(stub.join("bin/gh"), GH_STUB).expect("gh stub");
        let bin = dir.path().join("holonet-bin");
        std::fs::create_dir(&bin).expect("bin");
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_holonet"), bin.join("holonet"))
            .expect("holonet on the PATH");
        Command::new("chmod")
            .arg("+x")
            .arg(stub.join("bin/gh"))
            .status()
            .expect("chmod");
        Repository { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn set_issues(&self, issues: &[String]) {
        std::fs::write(
            self.path("gh-stub/issues.json"),
            format!("[{}]", issues.join(",")),
        )
        .expect("issues");
    }

    /// A fresh checkout of main, as `actions/checkout` makes it.
    fn checkout(&self) -> PathBuf {
        let job = self.path("job");
        let _ = std::fs::remove_dir_all(&job);
        git(
            &["clone", "--quiet", "--branch", "main", "origin.git", "job"],
            self.dir.path(),
        );
        job
    }

    /// Runs the script in a fresh checkout, started by `issue` (0: by a push).
    fn record(&self, mode: &str, issue: u32) -> Output {
        let job = self.checkout();
        let path = format!(
            "{}:{}:{}",
            self.path("gh-stub/bin").display(),
            self.path("holonet-bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        std::fs::write(self.path("github_path"), "").expect("GITHUB_PATH");
        Command::new("bash")
            .arg(".github/record-reports.sh")
            .current_dir(&job)
            .env("PATH", path)
            .env("GH_STUB", self.path("gh-stub"))
            .env("GITHUB_REPOSITORY", "organizer/archive")
            .env("GITHUB_REF_NAME", "main")
            .env("GITHUB_PATH", self.path("github_path"))
            .env("RUNNER_TEMP", self.dir.path())
            .env("HOLONET_REPORTS", mode)
            .env(
                "ISSUE",
                if issue == 0 {
                    String::new()
                } else {
                    issue.to_string()
                },
            )
            .output()
            .expect("bash runs")
    }

    /// The event file on a branch of origin, or None when the branch does not exist.
    fn event_on(&self, branch: &str) -> Option<String> {
        let out = Command::new("git")
            .args(["show", &format!("{branch}:{EVENT}")])
            .current_dir(self.path("origin.git"))
            .output()
            .expect("git runs");
        out.status
            .success()
            .then(|| String::from_utf8(out.stdout).expect("utf-8"))
    }

    fn stub_file(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.path("gh-stub").join(name)).ok()
    }
}

fn run_ok(out: Output) {
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn jq_present() -> bool {
    let present = Command::new("jq")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !present {
        assert!(
            !std::env::var("HOLONET_WEB_CHECKS").is_ok_and(|v| v == "require"),
            "HOLONET_WEB_CHECKS=require, but jq is missing: run scripts/install-web-tools"
        );
        eprintln!("record-reports: skipped, jq is missing: run scripts/install-web-tools");
    }
    present
}

const HOSTILE_NAME: &str = "Zed $(touch pwned) `touch pwned2` @organizer";

fn result_form(table: &str, result: &str) -> String {
    form(
        "result.yml",
        &[
            ("Event", EVENT),
            ("Table", table),
            ("Result", result),
            ("Notes", "thanks; rm -rf / $(touch pwned)"),
        ],
    )
}

#[test]
fn forms_wait_in_one_pull_request_recorded_from_main() {
    if !jq_present() {
        return;
    }
    let repo = Repository::new();
    let main_before = repo.event_on("main").expect("main");
    repo.set_issues(&[
        issue(1, "result", &result_form("1", "2-0")),
        issue(
            2,
            "registration",
            &form(
                "registration.yml",
                &[
                    ("Event", EVENT),
                    ("Name", HOSTILE_NAME),
                    ("Late entry", "x"),
                ],
            ),
        ),
        issue(3, "result", &result_form("99", "2-0")),
    ]);
    let out = repo.record("pull-request", 3);
    run_ok(out);

    // main is untouched; the branch holds both good forms, made as the commands make them.
    assert_eq!(repo.event_on("main").as_deref(), Some(main_before.as_str()));
    let branch = repo
        .event_on("holonet/reports")
        .expect("the branch was pushed");
    let by_hand = repo.checkout();
    run_ok(holonet(&["report", EVENT, "1", "2-0"], &by_hand));
    run_ok(holonet(
        &["register", EVENT, HOSTILE_NAME, "--late"],
        &by_hand,
    ));
    let expected = std::fs::read_to_string(by_hand.join(EVENT)).expect("event");
    let without_stamp = |text: &str| {
        text.lines()
            .filter(|line| !line.starts_with("updated"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_stamp(&branch), without_stamp(&expected));

    // One pull request closes the two recorded issues, not the refused one.
    let pull_request = repo.stub_file("pull-request.md").expect("a pull request");
    assert!(pull_request.contains("- Closes #1:\n") && pull_request.contains("- Closes #2:\n"));
    assert!(!pull_request.contains("#3"), "{pull_request}");
    // The issue that started the run is answered with what was wrong.
    let answer = repo.stub_file("comment-3.md").expect("issue 3 answered");
    assert!(answer.contains("99"), "{answer}");
    assert!(
        repo.stub_file("comment-1.md").is_none(),
        "only the starting issue is answered"
    );
    // Nothing the issues said ran anywhere.
    for dir in [repo.dir.path().to_path_buf(), repo.path("job")] {
        assert!(!dir.join("pwned").exists() && !dir.join("pwned2").exists());
    }

    // Once the organizer merged it (the issues closed), a run deletes the branch.
    let merged = repo.checkout();
    git(&["fetch", "--quiet", "origin", "holonet/reports"], &merged);
    git(&["merge", "--quiet", "--ff-only", "FETCH_HEAD"], &merged);
    git(&["push", "--quiet", "origin", "main"], &merged);
    repo.set_issues(&[issue(3, "result", &result_form("99", "2-0"))]);
    let _ = std::fs::remove_file(repo.path("gh-stub/comment-3.md"));
    run_ok(repo.record("pull-request", 0));
    assert!(
        repo.event_on("holonet/reports").is_none(),
        "the branch is gone"
    );
    assert!(
        repo.stub_file("comment-3.md").is_none(),
        "a push answers no issue"
    );
}

#[test]
fn commit_mode_records_the_starting_form_on_main_publishes_and_closes_it() {
    if !jq_present() {
        return;
    }
    let repo = Repository::new();
    repo.set_issues(&[
        issue(1, "result", &result_form("1", "2-0")),
        issue(2, "result", &result_form("2", "1-1")),
    ]);
    run_ok(repo.record("commit", 2));
    let main = repo.event_on("main").expect("main");
    let by_hand = repo.checkout();
    git(&["reset", "--quiet", "--hard", "HEAD~1"], &by_hand);
    run_ok(holonet(&["report", EVENT, "2", "1-1"], &by_hand));
    let expected = std::fs::read_to_string(by_hand.join(EVENT)).expect("event");
    let without_stamp = |text: &str| {
        text.lines()
            .filter(|line| !line.starts_with("updated"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        without_stamp(&main),
        without_stamp(&expected),
        "only issue 2 is recorded"
    );
    let log = repo.stub_file("log").expect("gh log");
    assert!(log.contains("workflow run pages.yml --ref main"), "{log}");
    assert!(log.contains("issue close 2"), "{log}");
    // The reply says what happened in this mode only: on the site, with no merge to wait for.
    let comment = repo.stub_file("comment-2.md").expect("a reply to issue 2");
    assert!(
        comment.contains("It is on the site in a minute or two."),
        "{comment}"
    );
    assert!(!comment.contains("merge"), "{comment}");
    assert!(repo.stub_file("pull-request.md").is_none());
    assert!(repo.event_on("holonet/reports").is_none());
}

#[test]
fn an_unknown_mode_stops_with_what_to_write() {
    if !jq_present() {
        return;
    }
    let repo = Repository::new();
    repo.set_issues(&[]);
    let out = repo.record("merge", 0);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("write pull-request or commit"));
}

impl Repository {
    /// The commit at the tip of `branch` in origin.
    fn tip(&self, branch: &str) -> String {
        git(&["rev-parse", branch], &self.path("origin.git"))
            .trim()
            .to_string()
    }

    /// Whether `ancestor` is in the history of `commit`, in origin.
    fn has_in_history(&self, commit: &str, ancestor: &str) -> bool {
        Command::new("git")
            .args(["merge-base", "--is-ancestor", ancestor, commit])
            .current_dir(self.path("origin.git"))
            .status()
            .expect("git runs")
            .success()
    }
}

/// The line of table `table` in round 1 of the event `text`.
fn table_line(text: &str, table: u32) -> String {
    text.lines()
        .find(|line| {
            line.trim_start()
                .starts_with(&format!("{{ table = {table},"))
        })
        .unwrap_or_else(|| panic!("table {table} in:\n{text}"))
        .trim()
        .to_string()
}

/// The organizer reads the pull request; then the player edits the issue. What was reviewed
/// stays on the branch, the change comes as a commit of its own, pushed without force, and the
/// description says which issue changed and what it now records. A run that changes nothing
/// adds nothing; main moving on is recorded again on top, the reviewed commits kept.
#[test]
fn an_issue_edited_after_review_adds_a_commit_and_says_so() {
    if !jq_present() {
        return;
    }
    let repo = Repository::new();
    repo.set_issues(&[issue(10, "result", &result_form("1", "2-0"))]);
    run_ok(repo.record("pull-request", 10));
    let reviewed = repo.tip("holonet/reports");
    let as_reviewed = repo.event_on("holonet/reports").expect("the branch");
    assert!(table_line(&as_reviewed, 1).contains(r#"games = ["tom-kessel", "tom-kessel"]"#));
    let opened = repo.stub_file("pull-request.md").expect("a pull request");
    assert!(
        opened.contains(
            "- Closes #10:\n\n```text\nTable 1 of round 1: Tom Kessel 2–0 Nadia Ray.\n```\n"
        ),
        "{opened}"
    );
    assert!(!opened.contains("Changed after"), "{opened}");

    // The player edits the issue: 0-2.
    repo.set_issues(&[issue(10, "result", &result_form("1", "0-2"))]);
    run_ok(repo.record("pull-request", 10));
    let edited = repo.tip("holonet/reports");
    assert_ne!(edited, reviewed);
    assert!(
        repo.has_in_history(&edited, &reviewed),
        "the reviewed commit is kept under the new one"
    );
    let branch = repo.event_on("holonet/reports").expect("the branch");
    assert!(table_line(&branch, 1).contains(r#"games = ["nadia-ray", "nadia-ray"]"#));
    let message = git(
        &["log", "-1", "--format=%B", "holonet/reports"],
        &repo.path("origin.git"),
    );
    assert!(
        message.starts_with(
            "Record the forms of issues #10  again\n\nChanged since the last commit: #10 \n"
        ),
        "{message}"
    );
    let description = repo.stub_file("pull-request.md").expect("a pull request");
    assert!(
        description.contains("- Closes #10:\n\n```text\nTable 1 of round 1: Tom Kessel 0–2 Nadia Ray.\n```\n")
            && description.contains("**Changed after this pull request was opened**, each change a commit of its own:\n\n- #10 was edited after this pull request was opened: it now records what is shown under it above.\n"),
        "{description}"
    );

    // Run again with nothing changed: nothing is added.
    run_ok(repo.record("pull-request", 0));
    assert_eq!(repo.tip("holonet/reports"), edited);

    // main moves on (the organizer records table 2 by hand): recorded again on top of it, the
    // reviewed commits kept, the pull request showing only the form's change against main.
    let organizer = repo.checkout();
    run_ok(holonet(&["report", EVENT, "2", "1-1"], &organizer));
    git(&["commit", "--quiet", "--all", "-m", "Table 2"], &organizer);
    git(&["push", "--quiet", "origin", "main"], &organizer);
    run_ok(repo.record("pull-request", 0));
    let moved = repo.tip("holonet/reports");
    assert!(repo.has_in_history(&moved, &edited) && repo.has_in_history(&moved, "main"));
    let branch = repo.event_on("holonet/reports").expect("the branch");
    assert!(table_line(&branch, 1).contains(r#"["nadia-ray", "nadia-ray"]"#));
    assert!(
        table_line(&branch, 2).contains(r#"games = ["leo-martin", "ivy-chen"]"#),
        "{branch}"
    );
    let changed = git(
        &["diff", "--name-only", "main...holonet/reports"],
        &repo.path("origin.git"),
    );
    assert_eq!(changed, format!("{EVENT}\n"));
}

/// A stranger's correction rides in the same pull request as the report it overturns: the
/// description quotes what each form recorded and marks the correction with both issues.
#[test]
fn a_correction_of_another_form_is_marked_in_the_pull_request() {
    if !jq_present() {
        return;
    }
    let repo = Repository::new();
    let correction = result_form("1", "0-2").replace("- [ ]", "- [X]");
    repo.set_issues(&[
        issue(20, "result", &result_form("1", "2-0")),
        issue(21, "result", &result_form("2", "2-0")),
        issue(22, "result", &correction),
    ]);
    run_ok(repo.record("pull-request", 22));
    let description = repo.stub_file("pull-request.md").expect("a pull request");
    assert!(
        description.contains("- Closes #20:\n\n```text\nTable 1 of round 1: Tom Kessel 2–0 Nadia Ray.\n```\n")
            && description.contains("- Closes #21:\n\n```text\nTable 2 of round 1: Leo Martin 2–0 Ivy Chen.\n```\n")
            && description.contains("- Closes #22: **correction of #20 by #22**, which replaces the result #20 sent:\n\n```text\nTable 1 of round 1: Tom Kessel 0–2 Nadia Ray (was: Tom Kessel 2–0 Nadia Ray).\n```\n"),
        "{description}"
    );
    let answer = repo.stub_file("comment-22.md").expect("issue 22 answered");
    assert!(answer.starts_with("**Corrected** in "), "{answer}");
}
