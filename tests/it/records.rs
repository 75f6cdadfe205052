//! What a build keeps between runs (each event's reuse record, the output's manifest, the event
//! cache) is only ever a shortcut: whatever lands while a build runs, and whatever someone
//! writes into those records, the next build ends where a build into an empty folder would.
//! Run from the site folder, with default flags, as users run it.

use crate::common;

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The entries of the event cache (temporary files left out).
fn cache_entries(root: &Path) -> BTreeSet<OsString> {
    fs::read_dir(root.join(".holonet/cache/events"))
        .map(|dir| {
            dir.flatten()
                .map(|e| e.file_name())
                .filter(|name| !name.to_string_lossy().ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default()
}

const RACE: &str = "events/2026/race.toml";

/// The example site with a 256-player event whose first round is paired, built once.
fn site_with_a_running_event() -> tempfile::TempDir {
    let site = common::example_site();
    let root = site.path();
    let mut text = String::from(
        "[event]\nname = \"Race\"\ndate = 2026-05-01\nrules = \"ffg-2018\"\n\
         structure = \"custom\"\nswiss_rounds = 5\ncut = 0\nseed = 3\n\n",
    );
    for i in 1..=256 {
        text.push_str(&format!("[[players]]\nname = \"Player {i:03}\"\n\n"));
    }
    fs::create_dir_all(root.join("events/2026")).expect("mkdir");
    fs::write(root.join(RACE), text).expect("write");
    common::run_ok(root, &["pair", RACE]);
    common::run_ok(root, &["build"]);
    site
}

/// A `holonet report` that lands while `holonet build` runs, after the build read the event
/// and before it finished: the build's record must describe the file it rendered, so that
/// the next build renders the reported result. Each trial waits for the moment the build has
/// loaded every event (its new cache entry for the changed event appears then, before the
/// build makes its records), then reports; before the records were made from the bytes
/// loaded, the next build kept the pages without the result ("0 written").
#[test]
fn a_report_landing_while_a_build_runs_is_in_the_next_build() {
    let site = site_with_a_running_event();
    let root = site.path();
    let report_file = root.join(RACE).with_extension("md");
    for trial in 1..=3 {
        let before = cache_entries(root);
        // The event changes before the build starts, so that the build computes it again
        // (and puts a new entry in the cache once every event is loaded).
        let mut report = fs::read_to_string(&report_file).unwrap_or_default();
        report.push_str(&format!("Trial {trial}.\n"));
        fs::write(&report_file, report).expect("write");
        let mut build = Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(["build", "-q"])
            .current_dir(root)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("holonet runs");
        let deadline = Instant::now() + Duration::from_secs(120);
        let loaded = loop {
            if cache_entries(root).difference(&before).next().is_some() {
                break true;
            }
            if build.try_wait().expect("wait").is_some() || Instant::now() > deadline {
                break false;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        assert!(loaded, "trial {trial}: the build loaded the changed event");
        common::run_ok(root, &["report", RACE, &trial.to_string(), "2-0"]);
        assert!(
            build.wait().expect("wait").success(),
            "trial {trial}: build"
        );
        common::build_equals_fresh(root, &format!("trial {trial}'s report during a build"));
    }
}

/// Every page of the output holding `text`.
fn pages_holding(out: &Path, text: &str) -> Vec<PathBuf> {
    common::published_tree(out)
        .into_iter()
        .filter(|(_, bytes)| String::from_utf8_lossy(bytes).contains(text))
        .map(|(path, _)| path)
        .collect()
}

/// An entry of the event cache whose payload was changed, with its integrity hash worked out
/// again the way anyone who reads the entry's layout can (an unkeyed XXH3-128 of the payload
/// after the key and the length), as a cache restored in CI could hold it. Neither `check` nor
/// `build` may take it: the event comes from its file.
#[test]
fn a_forged_cache_entry_is_never_published() {
    let site = common::example_site();
    let root = site.path();
    common::run_ok(root, &["build"]);
    let name = "Mos Eisley Cantina League, Spring 2015";
    let forged = "FORGED ENTRY!! the league of no files.";
    assert_eq!(name.len(), forged.len(), "the payload keeps its layout");
    let cache = root.join(".holonet/cache/events");
    let mut forgeries = 0;
    for entry in fs::read_dir(&cache).expect("the cache").flatten() {
        let bytes = fs::read(entry.path()).expect("read");
        let (header, payload) = bytes.split_at(48);
        // The payload is deflated postcard: inflated, changed, deflated again, with its length
        // and an unkeyed hash of it in the header.
        let Ok(mut plain) = miniz_oxide::inflate::decompress_to_vec(payload) else {
            continue;
        };
        let Some(at) = plain.windows(name.len()).position(|w| w == name.as_bytes()) else {
            continue;
        };
        plain[at..at + name.len()].copy_from_slice(forged.as_bytes());
        let payload = miniz_oxide::deflate::compress_to_vec(&plain, 1);
        let hash = xxhash_rust::xxh3::xxh3_128(&payload).to_le_bytes();
        let mut header = header.to_vec();
        header[24..32].copy_from_slice(&(payload.len() as u64).to_le_bytes());
        header[32..48].copy_from_slice(&hash);
        fs::write(entry.path(), [header, payload].concat()).expect("write");
        forgeries += 1;
    }
    assert_eq!(forgeries, 1, "one entry holds the event");
    common::run_ok(root, &["check"]);
    common::run_ok(root, &["build"]);
    assert_eq!(
        pages_holding(&root.join("public"), forged),
        Vec::<PathBuf>::new()
    );
    assert!(!pages_holding(&root.join("public"), name).is_empty());
    common::run_ok(root, &["build", "--out", "fresh"]);
    assert_eq!(
        pages_holding(&root.join("fresh"), forged),
        Vec::<PathBuf>::new()
    );
}

const MOS: &str = "events/2015/mos-eisley-open";

/// Rewrites each line of `public/.holonet-events` with `change`, as someone who can write the
/// output can (the seal line, if any, is kept as it was).
fn edit_events_record(root: &Path, change: impl Fn(&str) -> String) {
    let path = root.join("public/.holonet-events");
    let text = fs::read_to_string(&path).expect("the events' record");
    let edited: String = text.lines().map(|line| change(line) + "\n").collect();
    assert_ne!(edited, text, "the record changed");
    fs::write(path, edited).expect("write");
}

/// An unrelated edit, so that the next build has work to do.
fn move_coruscant(root: &Path, to: &str) {
    common::edit(
        root,
        "events/2019/coruscant-regional.toml",
        "location = \"",
        &format!("location = \"{to}"),
    );
}

/// A file dropped from an event's list in the output's record of its events. The record once
/// had the next build drop the file from the site ("1 removed") and never make it again; a
/// record that does not match the output is now no record, and nothing is removed on its word.
#[test]
fn a_file_dropped_from_the_events_record_stays_in_the_site() {
    let site = common::example_site();
    let root = site.path();
    common::run_ok(root, &["build"]);
    let json = format!("{MOS}/event.json");
    edit_events_record(root, |line| {
        line.split('\t')
            .filter(|field| *field != json)
            .collect::<Vec<_>>()
            .join("\t")
    });
    for to in ["Mos Espa, ", "Anchorhead, "] {
        move_coruscant(root, to);
        common::run_ok(root, &["build"]);
        assert!(
            root.join("public").join(&json).is_file(),
            "after moving to {to}"
        );
    }
    common::build_equals_fresh(root, "a file dropped from the events' record");
}

/// Another event's page added to an event's list in the record. `build` and `check` once
/// failed with H014 ("the address ... is already taken"), blaming a valid event file, until
/// public/ was deleted; a record never fails a build, and `check` never reads public/.
#[test]
fn another_events_page_in_the_events_record_fails_nothing() {
    let site = common::example_site();
    let root = site.path();
    common::run_ok(root, &["build"]);
    let foreign = "events/2019/coruscant-regional/index.html";
    let mos = "2015/mos-eisley-open\t";
    edit_events_record(root, |line| {
        if line.starts_with(mos) {
            format!("{line}\t{foreign}")
        } else {
            line.to_string()
        }
    });
    common::run_ok(root, &["check"]);
    move_coruscant(root, "Mos Espa, ");
    common::run_ok(root, &["build"]);
    common::build_equals_fresh(root, "another event's page in the events' record");
}

/// The same, in a record sealed under the site folder's own secret, as a record copied from
/// another output of the same site folder would be: an entry may only name its own event's
/// files, so the event is rendered, and the build neither fails nor keeps the other's page.
#[test]
fn a_sealed_entry_naming_another_events_page_is_not_used() {
    let site = common::example_site();
    let root = site.path();
    common::run_ok(root, &["build"]);
    let secret = holonet::input_key::Secret::of_site(root);
    let path = root.join("public/.holonet-events");
    let sealed = fs::read_to_string(&path).expect("the events' record");
    let body = secret.open(&sealed).expect("sealed by the build");
    let foreign = "events/2019/coruscant-regional/index.html";
    let forged: String = body
        .lines()
        .map(|line| match line.starts_with("2015/mos-eisley-open\t") {
            true => format!("{line}\t{foreign}\n"),
            false => format!("{line}\n"),
        })
        .collect();
    fs::write(&path, secret.seal_text(&forged)).expect("write");
    move_coruscant(root, "Mos Espa, ");
    common::run_ok(root, &["build"]);
    common::build_equals_fresh(root, "a sealed entry naming another event's page");
}

/// A user's own `public/CNAME`, listed in the output's manifest as a file of the build, with
/// its true length and hash, the way the manifest lists the build's files. The next build once
/// removed it from public/, and the one after from the spare copy too: data lost. A manifest
/// not sealed by this site folder removes nothing, and the build says what it kept.
#[test]
fn a_users_file_claimed_by_the_manifest_is_never_removed() {
    let site = common::example_site();
    let root = site.path();
    common::run_ok(root, &["build"]);
    let cname = b"results.example.org\n";
    fs::write(root.join("public/CNAME"), cname).expect("write");
    common::run_ok(root, &["build"]);
    let manifest_path = root.join("public/.holonet-manifest");
    let manifest = fs::read_to_string(&manifest_path).expect("the manifest");
    assert!(manifest.contains("\n- CNAME\n"), "carried over: {manifest}");
    let claim = format!(
        "{} {:032x} CNAME",
        cname.len(),
        xxhash_rust::xxh3::xxh3_128(cname)
    );
    let claimed = manifest.replace("\n- CNAME\n", &format!("\n{claim}\n"));
    fs::write(&manifest_path, claimed).expect("write");
    move_coruscant(root, "Mos Espa, ");
    let said = common::run_ok(root, &["build"]);
    assert_eq!(
        fs::read(root.join("public/CNAME")).ok(),
        Some(cname.to_vec())
    );
    assert!(
        said.contains("were kept: CNAME"),
        "the build says what it kept: {said}"
    );
    for to in ["Anchorhead, ", "Tosche Station, "] {
        move_coruscant(root, to);
        let said = common::run_ok(root, &["build"]);
        assert_eq!(
            fs::read(root.join("public/CNAME")).ok(),
            Some(cname.to_vec())
        );
        assert!(!said.contains("were kept"), "told once: {said}");
    }
    assert_eq!(
        fs::read(root.join(".holonet/public.spare/CNAME")).expect("CNAME in the spare"),
        cname
    );
}
