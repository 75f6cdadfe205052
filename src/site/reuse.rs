//! Reusing the pages of unchanged events: what lets a rebuild after one edit skip rendering the
//! rest of a large archive.
//!
//! An event's own files (its page, `event.json`, its decklists page and export, its current
//! round) are made from its event file, its Markdown report, and what every page shares: the
//! configuration, `players.toml`, templates, static files, content pages, decklist files, the
//! base URL and Holonet itself. A build records, in the output folder's `.holonet-events`, a key
//! for each event (an XXH3 hash of all of that) and the files it made. The next build into the
//! same folder renders an event again only when its key changed or one of its files is no longer
//! as the last build left it (see [`super::output::Staging::keep`]); every other event's files
//! are kept as they are. Events are still read and computed, since the archive-wide pages
//! (players, statistics, search, indexes, feeds) are made from all of them.
//!
//! The key errs on the side of rendering: any change to a shared file renders every event again,
//! and a different Holonet binary (even one rebuilt from other sources) never reuses anything.
//!
//! The archive-wide pages (players, head to head, cards, indexes, statistics) are made
//! from every event, so no event's key can vouch for them. Each is recorded instead by the key
//! `serve` already uses to skip a page ([`super::render::Memo`]): a hash of its template's name
//! and everything its template is given. `.holonet-pages` holds those keys with the shared key
//! they were made under, and the key of each group of pages ([`super::groups`]); the next build
//! into the same folder, under the same shared key, keeps a group whose key is the same without
//! building it, and of the others builds each page's context again but renders only the pages
//! whose key changed, keeping the others as they are in the output (see [`read_pages`]).
//!
//! An event's link-preview image (see [`super::preview`]) costs more to make than all its pages,
//! and depends on much less: only on the facts its card shows and on Holonet. So each event's
//! record also holds its card's key ([`card_key`]), and an event rendered again (after an edit
//! to a template, say) keeps its image when its card's key is the same.
//!
//! A record only ever saves work: what a build publishes must come from the site's files alone.
//! So both records are sealed under the site folder's secret ([`Secret`]), and one without its
//! seal (an older Holonet's, another site folder's, one restored with an artifact or edited by
//! hand) is no record: every page is rendered. An event's entry may only name files that event
//! renders ([`claims_its_own`]); one that names another's page, or lacks a file every event
//! has, is no entry. And the output's manifest, sealed the same way, is what says which files
//! a build may remove (see [`super::output`]): these records never do.
//!
//! `check` writes nothing into the output and never reads it: it keeps the same two records,
//! in one sealed file of the site folder ([`RENDERED`]), for the last render that succeeded
//! (a build's or a check's), and renders only what changed since, as a build does.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::Path;

use rayon::prelude::*;
use xxhash_rust::xxh3::Xxh3;

use super::addresses::{DECKS_TEXT_FILE, EVENTS_RECORD, PAGES_RECORD, PREVIEW_FILE};
use super::contribution::Fingerprint;
use crate::input_key::{self, Secret};

/// The record of the last render that succeeded (a build's or a check's), under the site root:
/// both records' texts, one after the other, sealed as one.
pub(crate) const RENDERED: &str = ".holonet/rendered";

/// The first line of [`PAGES_FILE`], naming its layout: then the shared key the pages were
/// made under, in hexadecimal, on a line of its own; the key of each group of pages
/// ([`super::groups::keys`]), in hexadecimal and separated by tabs, on the next; and one line
/// per page, its key in hexadecimal and its path, separated by a tab; then, after the line
/// [`RATINGS_LINE`], one line per player page with the key of its rating sections and its
/// path, the same way (see [`super::render::Memo`]).
const PAGES_HEADER: &str =
    "# holonet pages 3: shared key, group keys, key path per page, then rating sections";

/// The line of [`PAGES_HEADER`]'s record after which the player pages' rating sections come.
const RATINGS_LINE: &str = "# rating sections";

/// The first line of [`FILE`], naming its layout: then one line per event, separated by tabs:
/// its slug; its key, its card's key and its contribution's eight hashes ([`Fingerprint`]) in
/// hexadecimal; its player pages, separated by commas; and its files.
const HEADER: &str = "# holonet events 5: slug key card whole people games summary players stats cards card_keys players files";

/// What the last build made of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The key of the event's files ([`event_key`]).
    pub(crate) key: u128,
    /// The key of its link-preview image ([`card_key`]).
    pub(crate) card: u128,
    /// What it gave the archive-wide pages.
    pub(crate) archive: Fingerprint,
    /// The player pages it adds to.
    pub(crate) players: BTreeSet<String>,
    /// Its files.
    pub(crate) files: Vec<String>,
}

/// Each event's entry, by slug.
pub(crate) type Recorded = BTreeMap<String, Entry>;

/// The files every event's pages depend on, besides the event's own.
const SHARED: [&str; 6] = [
    "holonet.toml",
    "players.toml",
    "templates",
    "static",
    "content",
    "themes",
];

/// The key of the files every page depends on (see [`shared_key`]). A build takes it before it
/// reads any of them: an edit that lands while it reads them can only make the next build
/// render more, never keep pages made from other bytes than the key says.
pub(crate) fn files_key(root: &Path) -> u128 {
    let mut hasher = Xxh3::new();
    for shared in SHARED {
        input_key::add_tree(&mut hasher, root, shared);
    }
    // Decklist files (and anything else beside the events), but not the events and their
    // reports, which are each event's own.
    for path in input_key::beside_events(root) {
        input_key::add_file(&mut hasher, root, &path);
    }
    hasher.digest128()
}

/// The key of everything every page depends on: the site's shared files (`files`, see
/// [`files_key`]), the base URL and Holonet (`program`, see [`input_key::program_key`]).
pub(crate) fn shared_key(files: u128, base_url: &str, program: u128) -> u128 {
    let mut hasher = Xxh3::new();
    hasher.update(&program.to_le_bytes());
    hasher.update(base_url.as_bytes());
    hasher.update(&files.to_le_bytes());
    hasher.digest128()
}

/// The key of a link-preview card: Holonet (which draws it) and what it shows.
pub(crate) fn card_key(program: u128, card: &super::preview::Card) -> u128 {
    let mut hasher = Xxh3::new();
    hasher.update(&program.to_le_bytes());
    // A card is strings and numbers: it always serializes.
    hasher.update(&serde_json::to_vec(card).unwrap_or_default());
    hasher.digest128()
}

/// Whether an edit that made an event's contribution `after` from `before` (`None`: no such
/// event) can have changed a player's page or head-to-head page. Those pages read an
/// event's players' share of it, in date order, and the ratings its games move: an edit that
/// changed none of them (the event's place, say) changed no player page.
pub(crate) fn reaches_player_pages(
    before: Option<&Fingerprint>,
    after: Option<&Fingerprint>,
) -> bool {
    let read = |f: Option<&Fingerprint>| f.map(|f| (f.players, f.people, f.games));
    read(before) != read(after)
}

/// The player pages whose head-to-head and own pages an edit can have changed, given
/// what the last build recorded of each event (`last`) and what this build records (`now`):
/// the players of every event added, removed or whose players' share changed. `None` (every
/// player) when such an event's players go by other names, which reach the pages of players
/// who were not there. Changed rated games reach them too, through their ratings: the render
/// adds the pages whose rating sections are not the recorded ones (see
/// [`super::render::Memo`]), without building every player's page to find them.
pub(crate) fn players_touched(last: &Recorded, now: &Recorded) -> Option<BTreeSet<String>> {
    let mut touched = BTreeSet::new();
    let slugs: BTreeSet<&String> = last.keys().chain(now.keys()).collect();
    for slug in slugs {
        let (before, after) = (last.get(slug), now.get(slug));
        let (before_hash, after_hash) = (before.map(|e| e.archive), after.map(|e| e.archive));
        if !reaches_player_pages(before_hash.as_ref(), after_hash.as_ref()) {
            continue;
        }
        let names = |f: Option<Fingerprint>| f.map(|f| f.people);
        if names(before_hash) != names(after_hash) {
            return None;
        }
        for entry in before.into_iter().chain(after) {
            touched.extend(entry.players.iter().cloned());
        }
    }
    Some(touched)
}

/// Which player pages a build renders, and which it keeps as they are: given the last build's
/// record of its events (`last`) and of its archive-wide pages (`pages`), and this build's
/// (`now`), the players an edit touched ([`players_touched`]; `None`: every player) and the
/// recorded pages of every other player. A page `keeps` says the output no longer holds as
/// recorded (deleted or edited by hand) is not kept: its players are touched instead, so that
/// it is made again. With no record of the pages, every player is touched.
pub(crate) fn player_scope<'a>(
    last: &Recorded,
    now: &Recorded,
    pages: impl Iterator<Item = &'a str> + Clone,
    keeps: &(dyn Fn(&str) -> bool + Sync),
) -> (Option<BTreeSet<String>>, Vec<String>) {
    if pages.clone().next().is_none() {
        return (None, Vec::new());
    }
    let Some(mut touched) = players_touched(last, now) else {
        return (None, Vec::new());
    };
    // Each page looked at is a few `stat`s: thousands of them, across threads.
    let lost: Vec<String> = untouched_player_pages(pages.clone(), &touched)
        .into_par_iter()
        .filter(|path| !keeps(path))
        .collect();
    touched.extend(
        lost.iter()
            .filter_map(|path| player_page_owner(path))
            .map(str::to_string),
    );
    let untouched = untouched_player_pages(pages, &touched);
    (Some(touched), untouched)
}

/// The player pages (a player's page and head-to-head page) among `pages` that belong to no
/// player of `touched`: an edit that touched only those players leaves them as they are.
fn untouched_player_pages<'a>(
    pages: impl Iterator<Item = &'a str>,
    touched: &BTreeSet<String>,
) -> Vec<String> {
    pages
        .filter(|path| player_page_owner(path).is_some_and(|id| !touched.contains(id)))
        .map(str::to_string)
        .collect()
}

/// The player a page under `players/` (their page or their head-to-head page) belongs to;
/// `None` for any other file, the players index among them.
fn player_page_owner(path: &str) -> Option<&str> {
    let folder = path.strip_prefix("players/")?.strip_suffix("/index.html")?;
    let id = folder.strip_suffix("/vs").unwrap_or(folder);
    (!id.is_empty() && !id.contains('/')).then_some(id)
}

/// What the last render recorded: each event's entry, and the archive-wide pages' keys with
/// the groups' keys when they were made under the shared key asked for (otherwise none).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Last {
    pub(crate) events: Recorded,
    pub(crate) pages: HashMap<String, u128>,
    /// The key of each player page's rating sections, by the page's path.
    pub(crate) ratings: HashMap<String, u128>,
    pub(crate) groups: Vec<u128>,
}

/// Reads the last build's records from the output folder `out`, for a build under the shared
/// key `shared` (`None`: no page is reused). A record that is missing, of another layout or
/// not sealed under `secret` is empty, which only costs a full render.
pub(crate) fn read_output(out: &Path, shared: Option<u128>, secret: &Secret) -> Last {
    let open = |name: &str| {
        let text = fs::read_to_string(out.join(name)).ok()?;
        secret.open(&text).map(str::to_string)
    };
    let (pages, ratings, groups) = shared
        .zip(open(PAGES_RECORD))
        .map(|(shared, text)| parse_pages(&text, shared))
        .unwrap_or_default();
    Last {
        events: open(EVENTS_RECORD)
            .map(|text| parse_events(&text))
            .unwrap_or_default(),
        pages,
        ratings,
        groups,
    }
}

/// Reads the record of the last render that succeeded in the site folder `root` ([`RENDERED`]),
/// as [`read_output`] does.
pub(crate) fn read_rendered(root: &Path, shared: Option<u128>, secret: &Secret) -> Last {
    let Some(text) = fs::read_to_string(root.join(RENDERED)).ok() else {
        return Last::default();
    };
    let Some(body) = secret.open(&text) else {
        return Last::default();
    };
    // The pages' record begins at its header's line.
    let (events, pages) = match body.find(&format!("\n{PAGES_HEADER}\n")) {
        Some(at) => body.split_at(at + 1),
        None => (body, ""),
    };
    let (pages, ratings, groups) = shared
        .map(|shared| parse_pages(pages, shared))
        .unwrap_or_default();
    Last {
        events: parse_events(events),
        pages,
        ratings,
        groups,
    }
}

/// Keeps in the site folder `root` the records of a render that succeeded ([`RENDERED`]):
/// the events' (see [`text`]) and the pages' ([`pages_text`]). Written whole and renamed into
/// place, so that a reader sees one render's records; a failure only costs the next check a
/// full render.
pub(crate) fn write_rendered(root: &Path, events: &str, pages: &str, secret: &Secret) {
    let path = root.join(RENDERED);
    let temporary = path.with_extension(format!("{}.tmp", std::process::id()));
    let sealed = secret.seal_text(&format!("{events}{pages}"));
    let written = path
        .parent()
        .is_some_and(|dir| fs::create_dir_all(dir).is_ok())
        && fs::write(&temporary, sealed).is_ok();
    if !(written && fs::rename(&temporary, &path).is_ok()) {
        let _ = fs::remove_file(&temporary);
    }
}

/// Each event's entry in the events' record `text`; empty for another layout. An entry that
/// names a file its event does not render is left out (see [`claims_its_own`]).
fn parse_events(text: &str) -> Recorded {
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Recorded::new();
    }
    lines
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let slug = fields.next()?.to_string();
            let key = u128::from_str_radix(fields.next()?, 16).ok()?;
            let card = u128::from_str_radix(fields.next()?, 16).ok()?;
            let mut hash = || u128::from_str_radix(fields.next()?, 16).ok();
            let archive = Fingerprint {
                whole: hash()?,
                people: hash()?,
                games: hash()?,
                summary: hash()?,
                players: hash()?,
                stats: hash()?,
                cards: hash()?,
                card_keys: hash()?,
            };
            let players = fields
                .next()?
                .split(',')
                .filter(|id| !id.is_empty())
                .map(str::to_string)
                .collect();
            let files: Vec<String> = fields.map(str::to_string).collect();
            if !claims_its_own(&slug, &files) {
                return None;
            }
            let entry = Entry {
                key,
                card,
                archive,
                players,
                files,
            };
            Some((slug, entry))
        })
        .collect()
}

/// Whether `files`, recorded as the event `slug`'s, can be that event's files: each one a file
/// it renders ([`belongs_to_event`]), none twice, and the ones every event has among them (its
/// page, `event.json` and its link-preview image). An entry that names another event's page
/// or an archive-wide one would have a build keep a file in its place, and one that lacks a
/// file would have it vanish: such an entry is not used, and the event is rendered.
fn claims_its_own(slug: &str, files: &[String]) -> bool {
    let distinct: BTreeSet<&str> = files.iter().map(String::as_str).collect();
    let always =
        ["index.html", "event.json", PREVIEW_FILE].map(|name| format!("events/{slug}/{name}"));
    distinct.len() == files.len()
        && files.iter().all(|file| belongs_to_event(file, slug))
        && always.iter().all(|file| distinct.contains(file.as_str()))
}

/// Whether `path` is one of the files the event `slug` renders: its page, `event.json`, its
/// link-preview image, its Swiss rounds' and SW:CCG games' pages, its current round's pages
/// (pairings, room screen, result slips), and its decklists page and export (and not a page of
/// an event nested below it). `serve`'s session asks it too, to know which files an event's update replaces.
pub(super) fn belongs_to_event(path: &str, slug: &str) -> bool {
    let Some(rest) = path
        .strip_prefix("events/")
        .and_then(|p| p.strip_prefix(slug))
        .and_then(|p| p.strip_prefix('/'))
    else {
        return false;
    };
    match rest {
        "index.html"
        | "event.json"
        | "pairings/index.html"
        | "room/index.html"
        | "slips/index.html"
        | "decks/index.html" => true,
        _ if rest.strip_prefix("decks/") == Some(DECKS_TEXT_FILE) => true,
        _ if rest == PREVIEW_FILE => true,
        _ => rest
            .strip_prefix("rounds/")
            .or_else(|| rest.strip_prefix("games/"))
            .and_then(|r| r.strip_suffix("/index.html"))
            .is_some_and(|n| n.parse::<u32>().is_ok()),
    }
}

/// The archive-wide pages' keys in the pages' record `text`, and its groups' keys, when the
/// pages were made under the shared key `shared`; empty otherwise (a template, the
/// configuration or Holonet changed: every page is rendered), or for another layout.
fn parse_pages(
    text: &str,
    shared: u128,
) -> (HashMap<String, u128>, HashMap<String, u128>, Vec<u128>) {
    let hex = |k: &str| u128::from_str_radix(k, 16).ok();
    let mut lines = text.lines();
    let same = lines.next() == Some(PAGES_HEADER) && lines.next().and_then(hex) == Some(shared);
    let groups: Option<Vec<u128>> = lines
        .next()
        .and_then(|line| line.split('\t').map(hex).collect());
    let Some(groups) = groups.filter(|_| same) else {
        return Default::default();
    };
    let keyed = |lines: &mut std::str::Lines<'_>| -> HashMap<String, u128> {
        lines
            .take_while(|line| *line != RATINGS_LINE)
            .filter_map(|line| {
                let (key, path) = line.split_once('\t')?;
                Some((path.to_string(), hex(key)?))
            })
            .collect()
    };
    let pages = keyed(&mut lines);
    let ratings = keyed(&mut lines);
    (pages, ratings, groups)
}

/// The text of the pages' record: `pages` (path -> key), `ratings` (player page path -> key of
/// its rating sections) and the groups' keys `groups`, made under the shared key `shared`.
/// Sealed where it is kept (see [`Secret::seal_text`]).
pub(crate) fn pages_text(
    shared: u128,
    groups: &[u128],
    pages: &BTreeMap<String, u128>,
    ratings: &BTreeMap<String, u128>,
) -> String {
    let groups: Vec<String> = groups.iter().map(|k| format!("{k:032x}")).collect();
    let mut text = format!("{PAGES_HEADER}\n{shared:032x}\n{}\n", groups.join("\t"));
    for (path, key) in pages {
        text.push_str(&format!("{key:032x}\t{path}\n"));
    }
    text.push_str(RATINGS_LINE);
    text.push('\n');
    for (path, key) in ratings {
        text.push_str(&format!("{key:032x}\t{path}\n"));
    }
    text
}

/// The events' record's text. Sealed where it is kept (see [`Secret::seal_text`]).
pub(crate) fn text(recorded: &Recorded) -> String {
    let mut text = format!("{HEADER}\n");
    for (slug, entry) in recorded {
        let f = entry.archive;
        text.push_str(&format!(
            "{slug}\t{:032x}\t{:032x}\t",
            entry.key, entry.card
        ));
        for hash in [
            f.whole,
            f.people,
            f.games,
            f.summary,
            f.players,
            f.stats,
            f.cards,
            f.card_keys,
        ] {
            text.push_str(&format!("{hash:032x}\t"));
        }
        text.push_str(&entry.players.iter().cloned().collect::<Vec<_>>().join(","));
        for file in &entry.files {
            text.push('\t');
            text.push_str(file);
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_reads_back_as_written() {
        let mut recorded = Recorded::new();
        recorded.insert(
            "2018/outer-rim".into(),
            Entry {
                key: 0xabc,
                card: 0xdef,
                archive: Fingerprint {
                    whole: 1,
                    people: 2,
                    games: u128::MAX,
                    cards: 3,
                    card_keys: 4,
                    ..Fingerprint::default()
                },
                players: BTreeSet::from(["ana".to_string(), "ben-okoro".to_string()]),
                files: own_files("2018/outer-rim", &["rounds/1/index.html"]),
            },
        );
        recorded.insert(
            "2019/x".into(),
            Entry {
                key: u128::MAX,
                card: 0,
                archive: Fingerprint::default(),
                players: BTreeSet::new(),
                files: own_files("2019/x", &[]),
            },
        );
        let secret = Secret::of_tests([1, 2]);
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(
            dir.path().join(EVENTS_RECORD),
            secret.seal_text(&text(&recorded)),
        )
        .expect("write");
        assert_eq!(read_output(dir.path(), None, &secret).events, recorded);
        // Without its seal, or under another site folder's secret, it is no record.
        let other = Secret::of_tests([1, 3]);
        assert!(read_output(dir.path(), None, &other).events.is_empty());
        fs::write(dir.path().join(EVENTS_RECORD), text(&recorded)).expect("write");
        assert!(read_output(dir.path(), None, &secret).events.is_empty());
    }

    /// The files every event has, and `more` of the event `slug`'s.
    fn own_files(slug: &str, more: &[&str]) -> Vec<String> {
        ["index.html", "event.json", PREVIEW_FILE]
            .iter()
            .chain(more)
            .map(|name| format!("events/{slug}/{name}"))
            .collect()
    }

    #[test]
    fn an_entry_claims_only_its_own_events_files_and_all_it_always_has() {
        let slug = "2008/bespin-cup";
        let mine = own_files(
            slug,
            &[
                "pairings/index.html",
                "room/index.html",
                "slips/index.html",
                "rounds/3/index.html",
                "decks/index.html",
                "decks/decks.txt",
            ],
        );
        assert!(claims_its_own(slug, &mine));
        for other in [
            "events/2008/bespin-cup-2/index.html",
            "events/2008/bespin-cup/final/index.html",
            "events/2008/bespin-cup/rounds/final/index.html",
            "events/2008/bespin-cup/decks/tom/index.html",
            "events/index.html",
            "players/tom/index.html",
            "CNAME",
        ] {
            let mut files = mine.clone();
            files.push(other.to_string());
            assert!(!claims_its_own(slug, &files), "{other}");
        }
        let mut twice = mine.clone();
        twice.push(mine[4].clone());
        assert!(!claims_its_own(slug, &twice), "a file twice");
        for lacking in 0..3 {
            let mut files = mine.clone();
            files.remove(lacking);
            assert!(!claims_its_own(slug, &files), "without {}", mine[lacking]);
        }
    }

    #[test]
    fn the_record_of_the_last_render_reads_back_whole_and_sealed() {
        let mut recorded = Recorded::new();
        recorded.insert("2019/x".into(), entry(1, 2, 3, &["ana"]));
        recorded.get_mut("2019/x").expect("entry").files = own_files("2019/x", &[]);
        let pages: BTreeMap<String, u128> = [("players/ana/index.html".to_string(), 7)].into();
        let secret = Secret::of_tests([5, 6]);
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        write_rendered(
            root,
            &text(&recorded),
            &pages_text(42, &[9], &pages, &pages),
            &secret,
        );
        let last = read_rendered(root, Some(42), &secret);
        let read: BTreeMap<String, u128> = last.pages.into_iter().collect();
        let ratings: BTreeMap<String, u128> = last.ratings.into_iter().collect();
        assert_eq!(
            (last.events, read, ratings, last.groups),
            (recorded.clone(), pages.clone(), pages, vec![9])
        );
        assert!(read_rendered(root, Some(43), &secret).pages.is_empty());
        assert_eq!(
            read_rendered(root, Some(42), &Secret::of_tests([5, 7])),
            Last::default()
        );
        let edited = fs::read_to_string(root.join(RENDERED))
            .expect("read")
            .replacen("players/ana/", "players/bob/", 1);
        fs::write(root.join(RENDERED), edited).expect("write");
        assert_eq!(read_rendered(root, Some(42), &secret), Last::default());
    }

    #[test]
    fn the_pages_record_reads_back_under_its_shared_key_only() {
        let pages: BTreeMap<String, u128> = [
            ("players/ana/index.html".to_string(), 7),
            ("cards/index.html".to_string(), u128::MAX),
        ]
        .into();
        let ratings: BTreeMap<String, u128> = [("players/ana/index.html".to_string(), 8)].into();
        let text = pages_text(42, &[1, u128::MAX], &pages, &ratings);
        let (read, read_ratings, groups) = parse_pages(&text, 42);
        let sorted =
            |m: HashMap<String, u128>| -> BTreeMap<String, u128> { m.into_iter().collect() };
        assert_eq!(
            (sorted(read), sorted(read_ratings), groups),
            (pages.clone(), ratings, vec![1, u128::MAX])
        );
        assert!(parse_pages(&text, 43).0.is_empty(), "another shared key");
        let without = pages_text(42, &[1, u128::MAX], &pages, &BTreeMap::new());
        assert_eq!(sorted(parse_pages(&without, 42).0), pages);
    }

    fn entry(whole: u128, people: u128, games: u128, players: &[&str]) -> Entry {
        Entry {
            key: 0,
            card: 0,
            archive: Fingerprint {
                whole,
                people,
                games,
                // What the players' pages read of the event changes with the rest, here.
                players: whole,
                ..Fingerprint::default()
            },
            players: players.iter().map(|p| p.to_string()).collect(),
            files: Vec::new(),
        }
    }

    #[test]
    fn an_edit_touches_the_players_of_the_events_it_changed_or_everyone() {
        let last: Recorded = [
            ("a".to_string(), entry(1, 10, 100, &["ana", "ben"])),
            ("b".to_string(), entry(2, 20, 200, &["cat", "dan"])),
            ("c".to_string(), entry(3, 30, 300, &["eve"])),
        ]
        .into();
        assert_eq!(
            players_touched(&last, &last),
            Some(BTreeSet::new()),
            "nothing changed"
        );
        // A place changed: the same names and games, other lines.
        let mut now = last.clone();
        now.insert("b".into(), entry(9, 20, 200, &["cat", "dan"]));
        let cat_dan = BTreeSet::from(["cat".to_string(), "dan".to_string()]);
        assert_eq!(players_touched(&last, &now), Some(cat_dan.clone()));
        // A change no player page shows (the event's place): no one.
        let mut placed = last.clone();
        let mut moved = entry(9, 20, 200, &["cat", "dan"]);
        moved.archive.players = 2;
        placed.insert("b".into(), moved);
        assert_eq!(players_touched(&last, &placed), Some(BTreeSet::new()));
        // A player dropped from the event (names unchanged for the others would still change
        // `people`): everyone, as for a new event.
        now.insert("b".into(), entry(9, 21, 200, &["cat"]));
        assert_eq!(players_touched(&last, &now), None, "names");
        now.insert("b".into(), entry(9, 20, 201, &["cat", "dan"]));
        assert_eq!(
            players_touched(&last, &now),
            Some(cat_dan),
            "rated games: the render adds the players whose ratings moved"
        );
        let mut removed = last.clone();
        removed.remove("c");
        assert_eq!(players_touched(&last, &removed), None, "an event removed");
        assert_eq!(players_touched(&removed, &last), None, "an event added");
    }

    #[test]
    fn the_pages_of_untouched_players_are_kept_and_the_index_never() {
        let pages = [
            "players/index.html",
            "players/ana/index.html",
            "players/ana/vs/index.html",
            "players/ben/index.html",
            "players/ben/vs/index.html",
            "players/cat/vs/index.html",
            "players/vs/index.html",
            "events/2018/x/index.html",
        ];
        let touched = BTreeSet::from(["ben".to_string()]);
        assert_eq!(
            untouched_player_pages(pages.into_iter(), &touched),
            [
                "players/ana/index.html",
                "players/ana/vs/index.html",
                "players/cat/vs/index.html",
                "players/vs/index.html",
            ]
        );
        assert_eq!(player_page_owner("players/vs/index.html"), Some("vs"));
        assert_eq!(player_page_owner("players/index.html"), None);
        assert_eq!(player_page_owner("players/ana/vs/ben/index.html"), None);
    }

    #[test]
    fn a_page_the_output_lost_is_made_again_with_its_players_pages() {
        let last: Recorded = [
            ("a".to_string(), entry(1, 10, 100, &["ana", "ben"])),
            ("b".to_string(), entry(2, 20, 200, &["cat", "dan"])),
        ]
        .into();
        let mut now = last.clone();
        now.insert("b".into(), entry(9, 20, 200, &["cat", "dan"]));
        let pages = [
            "players/ana/index.html",
            "players/ana/vs/index.html",
            "players/ben/index.html",
            "players/cat/index.html",
        ];
        let (touched, kept) = player_scope(&last, &now, pages.into_iter(), &|path| {
            path != "players/ana/vs/index.html"
        });
        let expected = ["ana", "cat", "dan"].map(str::to_string);
        assert_eq!(touched, Some(BTreeSet::from(expected)));
        assert_eq!(kept, ["players/ben/index.html"]);
        // No record of the pages: every player.
        let (touched, kept) = player_scope(&last, &now, [].into_iter(), &|_| true);
        assert_eq!((touched, kept.len()), (None, 0));
    }

    #[test]
    fn a_record_of_another_layout_is_ignored() {
        assert!(parse_events("2018/x\t1\tindex.html\n").is_empty());
        // A header naming another layout: its events are rendered again, cards and all.
        assert!(
            parse_events("# holonet events 1: slug key files\n2018/x\t1\tindex.html\n").is_empty()
        );
    }
}
