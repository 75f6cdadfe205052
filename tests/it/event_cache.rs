//! The event cache (`.holonet/cache/events`, see `holonet::load::cache`): `build` and `check`
//! run from the site folder, as users run them, take unchanged events from it, and give byte for
//! byte what computing every event gives; no edit (to an event, its report, a decklist file or
//! the configuration) is hidden by it, and a damaged entry is only a miss.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::holonet;

const CACHE: &str = ".holonet/cache/events";

fn entries(root: &Path) -> usize {
    fs::read_dir(root.join(CACHE)).map_or(0, Iterator::count)
}

/// The events `build -v` says it took from the cache.
fn from_cache(stderr: &str) -> usize {
    stderr
        .split_once(" unchanged, from the cache)")
        .and_then(|(before, _)| before.rsplit('(').next())
        .map_or(0, |n| n.parse().expect("a count"))
}

/// What a build computing every event makes, in a folder of its own: the cache moved aside for
/// it and put back after.
fn computed_afresh(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let aside = root.join(".holonet/cache-aside");
    fs::rename(root.join(CACHE), &aside).expect("move the cache aside");
    let stderr = common::run_ok(root, &["build", "-v", "--out", "afresh"]);
    assert_eq!(from_cache(&stderr), 0, "{stderr}");
    let files = common::published_tree(&root.join("afresh"));
    fs::remove_dir_all(root.join("afresh")).expect("remove");
    fs::remove_dir_all(root.join(CACHE)).expect("remove the new cache");
    fs::rename(&aside, root.join(CACHE)).expect("put the cache back");
    files
}

/// Writes `text` over `file` as editors that save to a temporary file and rename it do.
fn save_by_rename(root: &Path, file: &str, text: &str) {
    let temporary = root.join(format!("{file}.saving"));
    fs::write(&temporary, text).expect("write");
    fs::rename(&temporary, root.join(file)).expect("rename");
}

#[test]
fn builds_and_checks_from_the_cache_match_builds_that_compute_every_event() {
    let site = common::example_site();
    let root = site.path();
    let events = fs::read_dir(root.join("events"))
        .expect("events")
        .flatten()
        .flat_map(|year| fs::read_dir(year.path()).expect("year").flatten())
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .count();

    // The first build computes every event and keeps each one.
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), 0, "{stderr}");
    assert_eq!(entries(root), events, "one entry per event");

    // Nothing changed: every event comes from the cache, and nothing is written.
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), events, "{stderr}");
    assert!(stderr.contains("(0 written,"), "{stderr}");
    assert_eq!(
        common::published_tree(&root.join("public")),
        computed_afresh(root)
    );

    // A result recorded, saved in place: that event alone is computed again, and its entry
    // replaces the old one.
    let edited = "events/2026/corellia-spring-open.toml";
    common::edit(
        root,
        edited,
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"] }",
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"draw\"] }",
    );
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), events - 1, "{stderr}");
    assert_eq!(entries(root), events, "the old entry is swept");
    assert_eq!(
        common::published_tree(&root.join("public")),
        computed_afresh(root)
    );

    // The same event saved by renaming a new file over it, with a new place.
    let text = fs::read_to_string(root.join(edited)).expect("event");
    assert!(text.contains("Bristol, United Kingdom"));
    save_by_rename(
        root,
        edited,
        &text.replace("Bristol, United Kingdom", "Bath, United Kingdom"),
    );
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), events - 1, "{stderr}");
    let page = fs::read_to_string(root.join("public/events/2026/corellia-spring-open/index.html"))
        .expect("page");
    assert!(page.contains("Bath, United Kingdom"));
    assert_eq!(
        common::published_tree(&root.join("public")),
        computed_afresh(root)
    );

    // A report beside an event is that event's own.
    let report = "events/2018/outer-rim-store-championship.md";
    let text = fs::read_to_string(root.join(report)).expect("report");
    fs::write(
        root.join(report),
        format!("{text}\nA word from the organizer.\n"),
    )
    .expect("write");
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), events - 1, "{stderr}");
    assert_eq!(
        common::published_tree(&root.join("public")),
        computed_afresh(root)
    );

    // A decklist file, which any event may read, and the configuration, which names the
    // default rules: every event is computed again.
    let deck = fs::read_dir(root.join("events/2008/bespin-cup"))
        .expect("decklist folder")
        .flatten()
        .next()
        .expect("a decklist file")
        .path();
    let text = fs::read_to_string(&deck).expect("deck");
    fs::write(&deck, format!("{text}\n")).expect("write");
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), 0, "{stderr}");
    let config = fs::read_to_string(root.join("holonet.toml")).expect("config");
    fs::write(root.join("holonet.toml"), format!("{config}\n")).expect("write");
    let stderr = common::run_ok(root, &["build", "-v"]);
    assert_eq!(from_cache(&stderr), 0, "{stderr}");
    assert_eq!(
        common::published_tree(&root.join("public")),
        computed_afresh(root)
    );

    // A damaged entry (torn by a crash, or written by hand) is a miss, not a wrong event; a
    // leftover temporary file is swept.
    let cache = root.join(CACHE);
    for (i, entry) in fs::read_dir(&cache).expect("cache").flatten().enumerate() {
        let mut bytes = fs::read(entry.path()).expect("entry");
        match i % 3 {
            0 => bytes.truncate(bytes.len() / 2),
            1 => *bytes.last_mut().expect("bytes") ^= 0xff,
            _ => continue,
        }
        fs::write(entry.path(), bytes).expect("damage");
    }
    // The writer's pid is past Linux's largest (2^22), so no running task can own it.
    fs::write(cache.join("0123.999999999-0.tmp"), "half an entry").expect("write");
    let stderr = common::run_ok(root, &["build", "-v"]);
    let damaged = events.div_ceil(3) + (events + 1) / 3;
    assert_eq!(from_cache(&stderr), events - damaged, "{stderr}");
    assert_eq!(
        entries(root),
        events,
        "damaged entries replaced, leftovers swept"
    );
    assert_eq!(
        common::published_tree(&root.join("public")),
        computed_afresh(root)
    );

    // `check` after an edit takes the rest from the cache and finds what is wrong in the edit.
    common::edit(
        root,
        edited,
        "Bath, United Kingdom",
        "Wells, United Kingdom",
    );
    common::run_ok(root, &["check"]);
    assert_eq!(entries(root), events);
    common::edit(root, edited, "date = 2026-11-22", "date = 2026-11-31");
    let out = holonet(&["check"], root);
    assert!(
        !out.status.success(),
        "a day that does not exist is still found"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(edited), "{stderr}");
}
