//! `holonet serve`'s site: after each kind of edit, rendering only what the edit touches gives
//! exactly the tree a full build of the edited files gives; the tree is kept on disk.

use std::fs;
use std::path::{Path, PathBuf};

use holonet::site::session::Session;

use crate::common;

/// Asserts the session's tree is the one a fresh load of the same files gives.
fn assert_same_as_full(session: &Session, root: &Path) {
    let (fresh, _) = Session::open(root, None).unwrap_or_else(|r| panic!("{}", r.render()));
    let (ours, full) = (session.files(), fresh.files());
    let missing: Vec<&String> = full.keys().filter(|k| !ours.contains_key(*k)).collect();
    let extra: Vec<&String> = ours.keys().filter(|k| !full.contains_key(*k)).collect();
    let differ: Vec<&String> = full
        .iter()
        .filter(|(k, v)| ours.get(*k).is_some_and(|o| o != *v))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty() && differ.is_empty(),
        "missing {missing:?}, extra {extra:?}, different {differ:?}"
    );
}

/// The pages are kept on disk in a folder of `serve`'s own beside the site (never `public/`),
/// and the next `serve` writes again a file a kill left torn and removes what the site lost.
#[test]
fn the_served_site_is_on_disk_and_the_next_start_mends_what_a_kill_left() {
    let site = common::example_site();
    let root = site.path();
    let had_public = root.join("public").exists();
    let folder = root.join(".holonet/serve-1/site");
    let page = "events/2026/corellia-spring-open/index.html";
    let served = {
        let (session, _) = Session::open(root, None).expect("opens");
        let bytes = fs::read(folder.join(page)).expect("the page is on disk");
        assert_eq!(session.file(page).as_deref(), Some(&bytes[..]));
        bytes
    };
    assert_eq!(
        root.join("public").exists(),
        had_public,
        "public/ is left alone"
    );
    fs::write(folder.join(page), &served[..served.len() / 2]).expect("torn");
    fs::write(folder.join("gone.html"), "a page the site no longer has").expect("stale");
    let (session, _) = Session::open(root, None).expect("opens again");
    assert_eq!(fs::read(folder.join(page)).expect("page"), served);
    assert!(!folder.join("gone.html").exists());
    assert_same_as_full(&session, root);
}

#[test]
fn an_edited_event_renders_its_pages_and_the_indexes_only() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    let total = session.files().len();
    let changed = common::edit(
        root,
        "events/2026/corellia-spring-open.toml",
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"] }",
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"draw\"] }",
    );
    let update = session.update(&[root.join(&changed)]).expect("updates");
    assert_eq!(update.what, "events/2026/corellia-spring-open.toml");
    assert!(
        update.rendered.len() < total / 3,
        "{} of {total} files rendered",
        update.rendered.len()
    );
    assert!(update.changed > 0);
    assert_same_as_full(&session, root);
    let page = String::from_utf8(
        session.files()["events/2026/corellia-spring-open/rounds/2/index.html"].clone(),
    )
    .expect("utf-8");
    assert!(
        page.contains("<td>Game 1: Maren Holm<br>Game 2: Draw (time)<td>"),
        "the new result is on the round's page"
    );
}

/// A page whose template would be given the same views as last time is not rendered again:
/// a new location shows on the event's page and in the lists, not on its players' pages.
#[test]
fn an_edit_renders_only_the_pages_it_changes() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    let event = "events/2026/corellia-spring-open.toml";
    let players = fs::read_to_string(root.join(event))
        .expect("event")
        .matches("[[players]]")
        .count();
    assert!(players >= 8, "the example event has its players");
    let changed = common::edit(
        root,
        event,
        "location = \"Bristol, United Kingdom\"",
        "location = \"Bath, United Kingdom\"",
    );
    let update = session.update(&[root.join(&changed)]).expect("updates");
    let player_pages: Vec<&String> = update
        .rendered
        .iter()
        .filter(|p| p.starts_with("players/") && *p != "players/index.html")
        .collect();
    assert!(player_pages.is_empty(), "{player_pages:?}");
    // Nor are the card pages, the ratings or the statistics, which do not show a place; the
    // search index, which does, is made again.
    let archive_pages: Vec<&String> = update
        .rendered
        .iter()
        .filter(|p| {
            ["cards/", "ratings/", "stats/"]
                .iter()
                .any(|a| p.starts_with(a))
        })
        .collect();
    assert!(archive_pages.is_empty(), "{archive_pages:?}");
    assert!(update.rendered.contains(&"search.json".to_string()));
    assert!(
        update
            .rendered
            .contains(&"events/2026/corellia-spring-open/index.html".to_string())
    );
    assert!(update.changed > 0);
    assert_same_as_full(&session, root);
    let page = String::from_utf8(session.files()["events/index.html"].clone()).expect("utf-8");
    assert!(page.contains("Bath, United Kingdom"), "the list shows it");
    // The same edit undone: every page it touched is rendered again, not taken for unchanged.
    common::edit(
        root,
        event,
        "location = \"Bath, United Kingdom\"",
        "location = \"Bristol, United Kingdom\"",
    );
    let update = session.update(&[root.join(&changed)]).expect("updates");
    assert!(update.changed > 0);
    assert_same_as_full(&session, root);
}

/// A change of finishes (here the first two of an event's recorded standings swapped) shows on
/// the pages of the cards its players' lists hold, and on no other card page nor the cards
/// index: only those are built again. A list that holds another card changes the cards index
/// too. Each time the served site is the one a full build gives.
#[test]
fn changed_finishes_render_the_card_pages_of_the_events_lists() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    let event = "events/2014/dantooine-regional.toml";
    let text = fs::read_to_string(root.join(event)).expect("event");
    let swapped = text
        .replacen(
            "player = \"ada-vukovic\"\nseed = 2",
            "player = \"@first\"\nseed = 2",
            1,
        )
        .replacen(
            "player = \"carmen-ortega\"\nseed = 1",
            "player = \"ada-vukovic\"\nseed = 1",
            1,
        )
        .replacen("player = \"@first\"", "player = \"carmen-ortega\"", 1);
    assert_ne!(swapped, text, "the standings are swapped");
    fs::write(root.join(event), &swapped).expect("write");
    let update = session.update(&[root.join(event)]).expect("updates");
    let cards: Vec<&String> = update
        .rendered
        .iter()
        .filter(|p| p.starts_with("cards/"))
        .collect();
    assert!(!cards.is_empty(), "the finishes show on card pages");
    assert!(
        !cards.contains(&&"cards/index.html".to_string()),
        "{cards:?}"
    );
    assert_same_as_full(&session, root);
    // A list with another objective set: the cards index changes too.
    let one_list =
        "objectives = [\"8\", \"8\", \"9\", \"9\", \"11\", \"11\", \"38\", \"38\", \"43\", \"59\"]";
    assert!(swapped.contains(one_list));
    fs::write(
        root.join(event),
        swapped.replacen(one_list, &one_list.replace("\"59\"", "\"58\""), 1),
    )
    .expect("write");
    let update = session.update(&[root.join(event)]).expect("updates");
    assert!(update.rendered.contains(&"cards/index.html".to_string()));
    assert_same_as_full(&session, root);
}

#[test]
fn added_removed_and_reported_events() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    // A new event.
    fs::copy(
        root.join("events/2026/kessel-run-regional.toml"),
        root.join("events/2026/kessel-run-open.toml"),
    )
    .expect("copy");
    session
        .update(&[PathBuf::from("events/2026/kessel-run-open.toml")])
        .expect("added");
    assert!(
        session
            .files()
            .contains_key("events/2026/kessel-run-open/index.html")
    );
    assert_same_as_full(&session, root);
    // Its long report.
    fs::write(
        root.join("events/2026/kessel-run-open.md"),
        "A **report**.\n",
    )
    .expect("md");
    session
        .update(&[PathBuf::from("events/2026/kessel-run-open.md")])
        .expect("report");
    assert_same_as_full(&session, root);
    // An event removed: its pages go, and so do players who played nowhere else.
    let removed = fs::read(root.join("events/2014/dantooine-regional.toml")).expect("read");
    fs::remove_file(root.join("events/2014/dantooine-regional.toml")).expect("remove");
    session
        .update(&[PathBuf::from("events/2014/dantooine-regional.toml")])
        .expect("removed");
    assert!(
        !session
            .files()
            .contains_key("events/2014/dantooine-regional/index.html")
    );
    assert!(
        !session
            .files()
            .contains_key("players/yann-le-goff/index.html")
    );
    assert!(
        session.files().contains_key("players/wen-li/index.html"),
        "still in 2019"
    );
    assert_same_as_full(&session, root);
    // Put back as it was: its pages and its players' come back, though each is what the
    // session rendered before the removal.
    fs::write(root.join("events/2014/dantooine-regional.toml"), removed).expect("restore");
    session
        .update(&[PathBuf::from("events/2014/dantooine-regional.toml")])
        .expect("restored");
    assert!(
        session
            .files()
            .contains_key("players/yann-le-goff/index.html")
    );
    assert_same_as_full(&session, root);
}

#[test]
fn a_template_edit_renders_the_pages_that_use_it() {
    let site = common::example_site();
    let root = site.path();
    fs::create_dir_all(root.join("templates")).expect("dir");
    let (mut session, _) = Session::open(root, None).expect("opens");
    let total = session.files().len();
    let template = include_str!("../../templates/player.html").replace(
        "{% block content %}",
        "{% block content %}<p>Edited player template</p>",
    );
    fs::write(root.join("templates/player.html"), template).expect("template");
    let update = session
        .update(&[PathBuf::from("templates/player.html")])
        .expect("updates");
    assert_eq!(update.what, "templates");
    assert!(
        update.rendered.len() < total,
        "{} of {total}",
        update.rendered.len()
    );
    assert_same_as_full(&session, root);
    let page =
        String::from_utf8(session.files()["players/maren-holm/index.html"].clone()).expect("utf-8");
    assert!(page.contains("Edited player template"));
    // A shared template renders everything.
    let base = include_str!("../../templates/base.html").replace("<main", "<!-- edited --><main");
    fs::write(root.join("templates/base.html"), base).expect("base");
    let update = session
        .update(&[PathBuf::from("templates/base.html")])
        .expect("updates");
    // Every page, but not the link-preview images: no template draws them.
    let images = session
        .files()
        .keys()
        .filter(|path| path.ends_with("/preview.png"))
        .count();
    assert!(images > 0);
    assert!(
        update.rendered.len() >= total - images - 2,
        "every page: {}",
        update.rendered.len()
    );
    assert!(
        !update
            .rendered
            .iter()
            .any(|path| path.ends_with("/preview.png")),
        "a template edit draws no card again"
    );
    assert_same_as_full(&session, root);
}

#[test]
fn a_broken_edit_keeps_the_last_good_site() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    let before = session.files().clone();
    let changed = common::edit(
        root,
        "events/2026/corellia-spring-open.toml",
        "players = [\"maren-holm\", \"jurgen-falkenrath\"]",
        "players = [\"maren-holm\", \"jurgen-falkenrat\"]",
    );
    let report = session
        .update(std::slice::from_ref(&changed))
        .expect_err("an error");
    let text = report.render();
    assert!(
        text.contains("events/2026/corellia-spring-open.toml:"),
        "{text}"
    );
    assert!(text.contains("did you mean `jurgen-falkenrath`?"), "{text}");
    assert_eq!(session.files(), before, "the last good site stays");
    // Another file saved meanwhile: the broken one is read again with it, and still breaks
    // the site (it is not forgotten, and the site is not said to build).
    let other = common::edit(
        root,
        "events/2019/coruscant-regional.toml",
        "name = \"",
        "name = \"Saved Meanwhile ",
    );
    let report = session.update(&[other]).expect_err("still broken");
    assert!(
        report
            .render()
            .contains("events/2026/corellia-spring-open.toml:"),
        "{}",
        report.render()
    );
    assert_eq!(session.files(), before, "the last good site stays");
    // Fixed again: both changes come in.
    common::edit(
        root,
        changed.to_str().expect("utf-8"),
        "jurgen-falkenrat\"",
        "jurgen-falkenrath\"",
    );
    let update = session.update(&[changed]).expect("fixed");
    assert!(
        update.what.contains("coruscant-regional"),
        "{}",
        update.what
    );
    assert_same_as_full(&session, root);
}

#[test]
fn configuration_changes_render_everything() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    common::edit(
        root,
        "holonet.toml",
        "title = \"Holonet Tournament Archive\"",
        "title = \"Renamed\"",
    );
    let update = session
        .update(&[PathBuf::from("holonet.toml")])
        .expect("updates");
    assert_eq!(update.what, "the whole site");
    assert_same_as_full(&session, root);
}

/// Taking back a round that is being played removes its round page, and with it the pages of
/// the current round (pairings, room screen, result slips): none is left behind in the tree.
#[test]
fn every_round_taken_back_takes_the_head_to_head_pages_of_those_who_met_no_one_else() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    let head_to_head = |session: &Session| -> Vec<String> {
        session
            .files()
            .keys()
            .filter(|p| p.starts_with("players/") && p.ends_with("/vs/index.html"))
            .cloned()
            .collect()
    };
    let before = head_to_head(&session);
    let file = "events/2026/corellia-spring-open.toml";
    let text = fs::read_to_string(root.join(file)).expect("read");
    let first = text.find("[[rounds]]").expect("a round");
    fs::write(root.join(file), &text[..first]).expect("write");
    session.update(&[PathBuf::from(file)]).expect("updates");
    let after = head_to_head(&session);
    assert!(
        after.len() < before.len() && after.iter().all(|p| before.contains(p)),
        "{} head-to-head pages before, {} after",
        before.len(),
        after.len()
    );
    assert_same_as_full(&session, root);
}

#[test]
fn a_round_taken_back_leaves_no_page_of_it_and_the_pairings_say_so() {
    let site = common::example_site();
    let root = site.path();
    let (mut session, _) = Session::open(root, None).expect("opens");
    let file = "events/2026/corellia-spring-open.toml";
    let own = |page: &str| format!("events/2026/corellia-spring-open/{page}");
    for page in [
        "rounds/2/index.html",
        "pairings/index.html",
        "room/index.html",
        "slips/index.html",
    ] {
        assert!(session.files().contains_key(&own(page)), "{page} is built");
    }
    let text = fs::read_to_string(root.join(file)).expect("read");
    let second = text
        .match_indices("[[rounds]]")
        .nth(1)
        .expect("a second round")
        .0;
    fs::write(root.join(file), &text[..second]).expect("write");
    session.update(&[PathBuf::from(file)]).expect("updates");
    for page in ["rounds/2/index.html", "room/index.html", "slips/index.html"] {
        assert!(!session.files().contains_key(&own(page)), "{page} is gone");
    }
    // The pairings page stays, saying round 1 is complete and round 2 not paired yet.
    let pairings =
        String::from_utf8(session.files()[&own("pairings/index.html")].clone()).expect("utf-8");
    assert!(
        pairings.contains("Round 1 is complete")
            && pairings.contains("round 2 is not paired yet")
            && pairings.contains("#standings-heading\">See the standings"),
        "{pairings}"
    );
    assert!(session.files().contains_key(&own("rounds/1/index.html")));
    assert_same_as_full(&session, root);
}

/// A player who goes by a new name in their latest event (the two ids joined in
/// `players.toml`) takes it on every page that names them: their own, and those of opponents
/// from other events, who were not at the edited event (Rafael Moreau met Maren Holm in 2015).
#[test]
fn a_player_renamed_in_their_latest_event_is_renamed_on_every_page() {
    let site = common::example_site();
    let root = site.path();
    let players = fs::read_to_string(root.join("players.toml")).expect("read");
    let joined = "\n[[players]]\nid = \"maren-holm\"\naliases = [\"maren-holm-lind\"]\n";
    fs::write(root.join("players.toml"), players + joined).expect("write");
    let (mut session, _) = Session::open(root, None).expect("opens");
    let opponents_page = "players/rafael-moreau/vs/index.html";
    let names = |session: &Session, name: &str| {
        String::from_utf8_lossy(&session.files()[opponents_page]).contains(name)
    };
    assert!(names(&session, "Maren Holm<"), "{opponents_page} names her");
    let file = "events/2026/corellia-spring-open.toml";
    let text = fs::read_to_string(root.join(file)).expect("read");
    assert!(
        !text.contains("rafael-moreau"),
        "he was not at the edited event"
    );
    let renamed = text
        .replacen("name = \"Maren Holm\"", "name = \"Maren Holm-Lind\"", 1)
        .replace("\"maren-holm\"", "\"maren-holm-lind\"");
    fs::write(root.join(file), renamed).expect("write");
    session.update(&[PathBuf::from(file)]).expect("updates");
    assert!(
        names(&session, "Maren Holm-Lind<"),
        "{opponents_page} names her anew"
    );
    assert_same_as_full(&session, root);
}
