//! Random sequences of edits, of every kind a site's files take (an event's details, a result,
//! a decklist, a player's name, an event moved, renamed, removed or copied, the configuration, a
//! content page), each followed by `holonet build` and `holonet check` from the site folder,
//! while a `holonet serve` of the same folder runs: after every step the output is byte for byte
//! what a build into an empty folder makes, `check` agrees, and the site `serve` holds comes to
//! the same bytes. The scripted sequences of `incremental_build` and `serve` test each reuse
//! mechanism once; here the mechanisms of all three meet in orders no script chose. The work is
//! bounded by counting: a few cases of a few steps on a small generated archive.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use crate::common::serve::{PATIENCE, serve_in};
use crate::common::{self, published_tree, run_ok};

/// How many kinds of edit [`apply`] makes.
const KINDS: usize = 10;

/// Replaces the first line of `file` that starts with `start` by `line`; `false` when there
/// is none.
fn replace_line(file: &Path, start: &str, line: &str) -> bool {
    let text = fs::read_to_string(file).expect("read");
    let Some(at) = text.lines().position(|l| l.starts_with(start)) else {
        return false;
    };
    let mut lines: Vec<&str> = text.lines().collect();
    lines[at] = line;
    fs::write(file, lines.join("\n") + "\n").expect("write");
    true
}

/// Replaces the `pick`-th occurrence (counted round) of `old` in `file` by `new`, or of `new`
/// by `old` when `old` is not there; `false` when neither is.
fn swap_text(file: &Path, old: &str, new: &str, pick: usize) -> bool {
    let text = fs::read_to_string(file).expect("read");
    let (from, to) = if text.contains(old) {
        (old, new)
    } else {
        (new, old)
    };
    let places: Vec<usize> = text.match_indices(from).map(|(at, _)| at).collect();
    let Some(&at) = places.get(pick % places.len().max(1)) else {
        return false;
    };
    let changed = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
    fs::write(file, changed).expect("write");
    true
}

/// Makes edit `kind` (0 to [`KINDS`] - 1) to the site at `root`, choosing its file by `pick`;
/// returns what it did, for the failure message.
fn apply(root: &Path, kind: usize, pick: usize, step: usize) -> String {
    let files = common::event_files(root);
    // Keep two events at least, so that removals leave an archive.
    let file = &files[pick % files.len()];
    let name = file
        .strip_prefix(root)
        .expect("inside")
        .display()
        .to_string();
    match kind {
        0 => {
            replace_line(file, "location = ", &format!("location = \"Place {step}\""));
            format!("{name}: a new place")
        }
        1 => {
            replace_line(
                file,
                "name = \"",
                &format!("name = \"Renamed Open {step}\""),
            );
            format!("{name}: a new event name")
        }
        2 => {
            // A player's name: the first player entry's name line after `[[players]]`.
            let text = fs::read_to_string(file).expect("read");
            if let Some(at) = text.find("[[players]]\nname = \"") {
                let start = at + "[[players]]\nname = \"".len();
                let end = start + text[start..].find('"').expect("a closing quote");
                let old = &text[start..end];
                // The id the name gave, kept once the name changes (written once).
                let rest = &text[end + 1..];
                let id = if rest.starts_with("\nid = ") {
                    String::new()
                } else {
                    format!("\nid = \"{}\"", old.to_lowercase().replace(' ', "-"))
                };
                let renamed = format!("{}{old} {step}\"{id}{}", &text[..start], rest);
                fs::write(file, renamed).expect("write");
            }
            format!("{name}: a player renamed under the same id")
        }
        3 => {
            replace_line(
                file,
                "date = ",
                &format!("date = 20{:02}-03-0{}", 10 + step % 15, 1 + step % 9),
            );
            format!("{name}: moved to another day")
        }
        4 if files.len() > 2 => {
            fs::remove_file(file).expect("remove");
            format!("{name}: removed")
        }
        4 | 5 => {
            let copy = file.with_file_name(format!("copied-{step}.toml"));
            fs::copy(file, &copy).expect("copy");
            replace_line(&copy, "name = \"", &format!("name = \"Copied Cup {step}\""));
            format!("{name}: copied to a new address")
        }
        7 => {
            // How a game ended (objectives or a concession): the round's and players' pages and
            // event.json change, the standings do not, so a recorded cut stays valid.
            swap_text(file, "by = \"objectives\"", "by = \"concession\"", pick / 7);
            format!("{name}: a game's result told another way")
        }
        8 => {
            // A deck's affiliation: the decklists, the statistics and the card pages change.
            swap_text(
                file,
                "affiliation = \"Sith\"",
                "affiliation = \"Imperial Navy\"",
                pick / 7,
            );
            format!("{name}: a decklist's affiliation changed")
        }
        6 => {
            let renamed = file.with_file_name(format!("moved-{step}.toml"));
            fs::rename(file, &renamed).expect("rename");
            format!("{name}: renamed to a new address")
        }
        _ => {
            if step.is_multiple_of(2) {
                replace_line(
                    &root.join("holonet.toml"),
                    "title = ",
                    &format!("title = \"Archive {step}\""),
                );
                "the site's title".into()
            } else {
                fs::create_dir_all(root.join("content")).expect("content");
                fs::write(
                    root.join(format!("content/notes-{step}.md")),
                    format!("+++\ntitle = \"Notes {step}\"\n+++\n\nWhat changed at step {step}.\n"),
                )
                .expect("write");
                "a content page added".into()
            }
        }
    }
}

/// The site `serve` holds: its working folder's copy (`.holonet/serve-N/site/`).
fn served_folder(root: &Path) -> PathBuf {
    let holonet = root.join(".holonet");
    fs::read_dir(&holonet)
        .expect(".holonet")
        .map(|e| e.expect("entry").path().join("site"))
        .find(|site| site.is_dir())
        .expect("serve's folder")
}

/// Waits until the site `serve` holds is byte for byte the output of `build` in `public/` (a
/// change reaches it in one update or a few, as its saves arrive); fails past the patience.
fn served_equals_built(root: &Path, what: &str) {
    let built = published_tree(&root.join("public"));
    let deadline = Instant::now() + PATIENCE;
    loop {
        let served = published_tree(&served_folder(root));
        if served == built {
            return;
        }
        if Instant::now() > deadline {
            let differing: Vec<&PathBuf> = built
                .keys()
                .chain(served.keys())
                .filter(|path| built.get(*path) != served.get(*path))
                .collect();
            panic!(
                "after {what}, serve's site never became the build's: {} files differ, among them {:?}",
                differing.len(),
                &differing[..differing.len().min(10)]
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

proptest! {
    // Each case generates an archive and builds it twice a step: a few cases are enough to
    // meet the mechanisms in many orders.
    #![proptest_config(ProptestConfig { cases: 3, ..ProptestConfig::default() })]

    #[test]
    fn any_sequence_of_edits_builds_and_serves_what_a_fresh_build_makes(
        steps in prop::collection::vec((0..KINDS, any::<usize>()), 4)
    ) {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = common::holonet_bench(
            &["generate-archive", "--events", "6", "--seed", "11", "--out", "site"],
            dir.path(),
        );
        prop_assert!(out.status.success(), "{out:?}");
        let root = dir.path().join("site");
        common::build_equals_fresh(&root, "the first build");
        let server = serve_in(&root, &[]);
        served_equals_built(&root, "the first build");
        let mut done = Vec::new();
        for (step, (kind, pick)) in steps.into_iter().enumerate() {
            done.push(apply(&root, kind, pick, step));
            let what = done.join(", then ");
            common::build_equals_fresh(&root, &what);
            run_ok(&root, &["check"]);
            served_equals_built(&root, &what);
        }
        drop(server);
    }
}
