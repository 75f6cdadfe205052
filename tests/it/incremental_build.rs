//! A build after an edit renders only the player pages the edit can have changed and keeps the
//! rest as the last build left them (see `holonet::site::reuse::players_touched`), and builds no
//! group of archive-wide pages whose inputs are unchanged (`holonet::site::groups`): after every
//! kind of edit, on a generated archive, the output is byte for byte what a build into an empty
//! folder makes. Run from the site folder, with default flags, as users run it.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

/// Builds from the site folder, then checks the output against a build into an empty folder;
/// returns how many files the build wrote.
fn build_and_compare(root: &Path, what: &str) -> usize {
    let printed = common::build_equals_fresh(root, what);
    printed
        .split_once(" files (")
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a count of files written: {printed}"))
}

/// Replaces the first line starting with `start` in `file` with `line`.
fn replace_line(file: &Path, start: &str, line: &str) {
    let text = fs::read_to_string(file).expect("read");
    let at = text
        .lines()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("{} has a line starting {start:?}", file.display()));
    let mut lines: Vec<&str> = text.lines().collect();
    lines[at] = line;
    fs::write(file, lines.join("\n") + "\n").expect("write");
}

/// In the last round's first table of `file`, gives the second game to the player who did not
/// win it: on objectives when that player had the light side (the first game's dark player),
/// at the dial otherwise, as the rules allow each side to win.
fn turn_last_result(file: &Path) {
    let text = fs::read_to_string(file).expect("read");
    let last_round = text.rfind("[[rounds]]").expect("a round");
    let table = last_round + text[last_round..].find("{ table = 1,").expect("a table 1");
    let end = table + text[table..].find('\n').expect("end of line");
    let line = &text[table..end];
    let players: Vec<&str> = line
        .split_once("players = [\"")
        .and_then(|(_, rest)| rest.split_once("\"]"))
        .map(|(pair, _)| pair.split("\", \"").collect())
        .expect("two players");
    let games = line.find("games = [").expect("games") + "games = [".len();
    let close = line.rfind(']').expect("the end of the games");
    let list = &line[games..close];
    let first_end = if list.starts_with('{') {
        list.find('}').expect("a table's end") + 1
    } else {
        list[1..].find('"').expect("a string's end") + 2
    };
    let second = &list[first_end..];
    let winner = players
        .iter()
        .find(|p| second.contains(&format!("\"{p}\"")));
    let other = if winner == Some(&players[0]) {
        players[1]
    } else {
        players[0]
    };
    let first_dark = line
        .split_once("first_dark = \"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(id, _)| id)
        .expect("who played dark first");
    let by = if other == first_dark {
        "objectives"
    } else {
        "dial"
    };
    let turned = format!(
        "{}{}, {{ winner = \"{other}\", by = \"{by}\" }}{}",
        &line[..games],
        &list[..first_end],
        &line[close..]
    );
    let text = format!("{}{turned}{}", &text[..table], &text[end..]);
    fs::write(file, text).expect("write");
}

#[test]
fn every_kind_of_edit_builds_what_a_fresh_build_makes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let parent = dir.path();
    let out = common::holonet_bench(
        &[
            "generate-archive",
            "--events",
            "24",
            "--seed",
            "5",
            "--out",
            "site",
            // Events of 16 to 256 players, some without a cut.
            "--mix",
            "bench",
        ],
        parent,
    );
    assert!(out.status.success(), "{out:?}");
    let root = parent.join("site");
    let all = build_and_compare(&root, "the first build");
    let files = common::event_files(&root);
    // Events without a cut: their last round can change without voiding a bracket.
    let uncut: Vec<&PathBuf> = files
        .iter()
        .filter(|f| fs::read_to_string(f).is_ok_and(|t| t.contains("\ncut = 0\n")))
        .collect();
    assert!(uncut.len() >= 3, "{} events without a cut", uncut.len());

    // Nothing changed: nothing written.
    assert_eq!(build_and_compare(&root, "no edit"), 0);

    // A place: the event's pages, its players' pages and the lists change, no one else's.
    replace_line(uncut[0], "location = ", "location = \"Somewhere else\"");
    let written = build_and_compare(&root, "a new place");
    assert!(
        written > 0 && written < all / 4,
        "{written} of {all} written"
    );

    // An event's name, with published lists: its rows on the pages of its lists' cards change
    // (the other card pages are kept: see `holonet::site::groups::card_scope`); then the same
    // with a card page that the edit does not reach deleted by hand, which is made again.
    let decked = files
        .iter()
        .find(|f| fs::read_to_string(f).is_ok_and(|t| t.contains("[players.decks.")))
        .expect("an event with published lists");
    let card_pages = |root: &Path| -> Vec<PathBuf> {
        walkdir::WalkDir::new(root.join("public/cards/sets"))
            .into_iter()
            .map(|e| e.expect("walk").into_path())
            .filter(|p| p.ends_with("index.html"))
            .collect()
    };
    assert!(card_pages(&root).len() >= 10, "card pages");
    replace_line(decked, "name = \"", "name = \"Renamed Open 2030\"");
    let written = build_and_compare(&root, "an event with lists renamed");
    assert!(written < all / 4, "{written} of {all} written");
    let untouched = card_pages(&root)
        .into_iter()
        .find(|p| !fs::read_to_string(p).is_ok_and(|t| t.contains("Renamed Open 2030")))
        .expect("a card page without the renamed event");
    fs::remove_file(&untouched).expect("remove");
    replace_line(decked, "name = \"", "name = \"Renamed Again Open 2030\"");
    build_and_compare(
        &root,
        "an event with lists renamed, a card page deleted by hand",
    );
    assert!(untouched.is_file(), "the deleted card page is made again");

    // A result of the last round: standings and ratings move, of the event's players and of
    // players who met them later (the build finds them by their rating sections).
    turn_last_result(uncut[1]);
    build_and_compare(&root, "a result turned");
    turn_last_result(uncut[uncut.len() - 1]);
    build_and_compare(&root, "a result of the newest event turned");

    // A player known by another name, under the same id: their opponents' pages print it.
    let text = fs::read_to_string(uncut[2]).expect("read");
    let name_line = text
        .lines()
        .find(|l| l.starts_with("name = ") && !l.contains(" 20"))
        .expect("a player's name")
        .to_string();
    let name = name_line
        .trim_start_matches("name = \"")
        .trim_end_matches('"');
    let id = name.to_lowercase().replace(' ', "-");
    fs::write(
        uncut[2],
        text.replacen(
            &name_line,
            &format!("name = \"{name} Junior\"\nid = \"{id}\""),
            1,
        ),
    )
    .expect("write");
    build_and_compare(&root, "a player renamed");

    // An event moved to another day: the order of events (and of rated games) changes.
    replace_line(&files[3], "date = ", "date = 2030-01-01");
    build_and_compare(&root, "an event moved in time");

    // An event removed, and another added (a copy under a new address).
    let copy = files[4].with_file_name("copied-event.toml");
    fs::copy(&files[5], &copy).expect("copy");
    fs::remove_file(&files[4]).expect("remove");
    build_and_compare(&root, "an event removed and another added");

    // A page of an untouched player deleted from the output by hand: it is made again.
    let player = fs::read_dir(root.join("public/players"))
        .expect("players")
        .flatten()
        .find(|e| e.path().join("vs/index.html").is_file())
        .expect("a player with a head-to-head page")
        .path();
    fs::remove_file(player.join("vs/index.html")).expect("remove");
    build_and_compare(&root, "a head-to-head page deleted by hand");

    // Pages of groups whose inputs did not change (see `holonet::site::groups`), deleted by
    // hand: each group is built again, not kept without them.
    for page in [
        "ratings/index.html",
        "stats/index.html",
        "search.json",
        "cards/index.html",
    ] {
        fs::remove_file(root.join("public").join(page)).expect("remove");
        build_and_compare(&root, &format!("{page} deleted by hand"));
    }

    // The site's card is kept while the site's title and description are the same: deleted by
    // hand, it is drawn again; drawn anew when the description changes.
    let card = root.join("public/site-card.png");
    let drawn = fs::read(&card).expect("the site's card");
    fs::remove_file(&card).expect("remove");
    build_and_compare(&root, "the site's card deleted by hand");
    assert_eq!(fs::read(&card).expect("drawn again"), drawn);
    replace_line(
        &root.join("holonet.toml"),
        "description = ",
        "description = \"Every event of the Kessel Run league.\"",
    );
    build_and_compare(&root, "the site's description changed");
    assert_ne!(fs::read(&card).expect("the site's card"), drawn);

    // A place again: the search index is made again, taking its players and cards from the
    // last one (their pages are kept); but not from one changed by hand since.
    let placed = uncut
        .iter()
        .find(|f| f.exists())
        .expect("an event without a cut is left");
    replace_line(placed, "location = ", "location = \"A third place\"");
    build_and_compare(&root, "a place changed again");
    let search = root.join("public/search.json");
    let text = fs::read_to_string(&search).expect("read");
    let (before, after) = text
        .split_once("\"p\":[{\"n\":\"")
        .expect("players in the index");
    fs::write(
        &search,
        format!("{before}\"p\":[{{\"n\":\"Not a player {after}"),
    )
    .expect("write");
    replace_line(placed, "location = ", "location = \"A fourth place\"");
    build_and_compare(
        &root,
        "a place changed after the search index was changed by hand",
    );

    // Two player ids made one page (`players.toml`): every page is built again.
    let ids: Vec<String> = fs::read_dir(root.join("public/players"))
        .expect("players")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .take(2)
        .collect();
    fs::write(
        root.join("players.toml"),
        format!(
            "[[players]]\nid = \"{}\"\naliases = [\"{}\"]\n",
            ids[0], ids[1]
        ),
    )
    .expect("write");
    build_and_compare(&root, "two ids made one player");
}
