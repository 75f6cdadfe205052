//! The groups of archive-wide pages a build can keep whole, without building their contexts:
//! the card pages, the statistics, the ratings, the events indexes with the home page, the
//! players A to Z, and the search index. Each group reads some parts of every event's
//! contribution (see [`super::contribution::Fingerprint`]), and its key is a hash of those
//! parts for every event, with the shared key (configuration, templates, Holonet). When a
//! group's key is the last build's and the output still holds its pages as recorded, the build
//! keeps them: an edit to one event's location builds neither the card pages nor the ratings.
//! The player and head-to-head pages have their own, finer reuse (see
//! [`super::reuse::player_scope`]).

use std::collections::BTreeSet;

use xxhash_rust::xxh3::Xxh3;

use super::addresses::{CARDS_PATH, CardKey, RATINGS_PATH, SEARCH_PATH};
use super::contribution::Fingerprint;
use super::reuse::Recorded;
use super::search::{ArchiveParts, LastParts};

/// A group of archive-wide pages that is built, or kept, as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Group {
    Cards,
    Stats,
    Ratings,
    Indexes,
    Players,
    Search,
}

/// Whether `folder` is a page of a split events index: a year's (`events/2019/`) or a group's
/// year (`events/rulesets/ffg-2018-standard/2019/`, `events/tiers/premier/2019/`).
fn is_split_events_page(folder: &str) -> bool {
    let is_year = |s: &str| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
    let Some(rest) = folder
        .strip_prefix("events/")
        .and_then(|f| f.strip_suffix('/'))
    else {
        return false;
    };
    let parts: Vec<&str> = rest.split('/').collect();
    match parts.as_slice() {
        [year] => is_year(year),
        ["rulesets" | "tiers", group, year] => {
            crate::event::ids::is_valid_id(group) && is_year(year)
        }
        _ => false,
    }
}

/// Whether `folder` is a page of a split players A to Z (`players/a-z/ma/`).
fn is_players_letters_page(folder: &str) -> bool {
    folder
        .strip_prefix("players/a-z/")
        .and_then(|f| f.strip_suffix('/'))
        .is_some_and(crate::event::ids::is_valid_id)
}

/// Whether `folder` is a page of a ratings table's list (`ratings/lcg-overall/`,
/// `ratings/ccg-dark/all/3/`).
fn is_ratings_list_page(folder: &str) -> bool {
    let Some(rest) = folder
        .strip_prefix(RATINGS_PATH)
        .and_then(|f| f.strip_suffix('/'))
    else {
        return false;
    };
    let mut parts = rest.split('/');
    let table = parts.next().unwrap_or("");
    let is_table = super::ratings::is_table_id(table);
    let mut rest: Vec<&str> = parts.collect();
    if rest.first() == Some(&"all") {
        rest.remove(0);
    }
    let is_number =
        |s: &str| !s.is_empty() && !s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit());
    is_table && (rest.is_empty() || (rest.len() == 1 && is_number(rest[0])))
}

impl Group {
    pub(crate) const ALL: [Group; 6] = [
        Group::Cards,
        Group::Stats,
        Group::Ratings,
        Group::Indexes,
        Group::Players,
        Group::Search,
    ];

    /// The group of the archive-wide page `path`, if it belongs to one. Only addresses Holonet
    /// gives them match, not a content page beside them (one inside `cards/sets/` or `cards/ccg/`
    /// would be taken for a card page).
    pub(crate) fn of(path: &str) -> Option<Group> {
        let card = ["cards/sets/", "cards/ccg/"]
            .iter()
            .any(|folder| path.starts_with(folder));
        let folder = path.strip_suffix("index.html");
        Some(match folder {
            _ if card => Group::Cards,
            Some(CARDS_PATH) => Group::Cards,
            Some("stats/") => Group::Stats,
            Some(RATINGS_PATH) => Group::Ratings,
            Some(folder) if is_ratings_list_page(folder) => Group::Ratings,
            Some("" | "events/" | "events/rulesets/" | "events/tiers/") => Group::Indexes,
            Some(folder) if is_split_events_page(folder) => Group::Indexes,
            Some("players/") => Group::Players,
            Some(folder) if is_players_letters_page(folder) => Group::Players,
            Some("search/") => Group::Search,
            _ if path == SEARCH_PATH => Group::Search,
            _ => return None,
        })
    }

    /// Whether an edit that made an event's contribution `after` from `before` (`None`: no
    /// such event) changed what the group's pages show of it.
    pub(crate) fn reads_changed(
        self,
        before: Option<&Fingerprint>,
        after: Option<&Fingerprint>,
    ) -> bool {
        before.map(|f| self.parts(f)) != after.map(|f| self.parts(f))
    }

    /// The parts of an event's contribution the group's pages show, besides its slug. The
    /// date, which orders the events, is in `people`.
    fn parts(self, f: &Fingerprint) -> Vec<u128> {
        match self {
            Group::Cards => vec![f.people, f.cards],
            Group::Stats => vec![f.stats],
            Group::Ratings => vec![f.people, f.games],
            Group::Indexes => vec![f.summary],
            Group::Players => vec![f.people, f.players],
            Group::Search => vec![f.whole],
        }
    }
}

/// Each group's key, in the order of [`Group::ALL`], for the events `entries` under the shared
/// key `shared`.
pub(crate) fn keys(shared: u128, entries: &Recorded) -> Vec<u128> {
    Group::ALL
        .iter()
        .map(|group| {
            let mut hasher = Xxh3::new();
            hasher.update(&shared.to_le_bytes());
            hasher.update(&[*group as u8]);
            for (slug, entry) in entries {
                hasher.update(slug.as_bytes());
                hasher.update(&[0]);
                for part in group.parts(&entry.archive) {
                    hasher.update(&part.to_le_bytes());
                }
            }
            hasher.digest128()
        })
        .collect()
}

/// The cards whose pages a build must make when the card pages are not kept whole: those of the
/// lists of every event whose part in the card pages changed, when no such event came or went
/// and each kept the cards its lists hold, each in as many lists, and its date and people
/// (`card_keys` and `people` of its [`Fingerprint`]). Then no other card page and not the cards
/// index can have changed: each card page shows only the lists that hold its card. `None`
/// when any of that is not so, or when the last build's card pages were made from other shared
/// inputs (`last_key`, the last build's key of the card pages, is not the key of the last
/// build's events under today's `shared` key): every card page is made then. `cards_of` gives
/// an event's cards, by slug.
pub(crate) fn card_scope(
    shared: u128,
    last_key: Option<u128>,
    last: &Recorded,
    now: &Recorded,
    cards_of: &dyn Fn(&str) -> Vec<CardKey>,
) -> Option<BTreeSet<CardKey>> {
    let cards = Group::Cards as usize;
    if last_key != keys(shared, last).get(cards).copied() {
        return None;
    }
    let slugs: BTreeSet<&String> = last.keys().chain(now.keys()).collect();
    let mut scope = BTreeSet::new();
    for slug in slugs {
        let (before, after) = (last.get(slug), now.get(slug));
        if reaches_cards(before.map(|e| &e.archive), after.map(|e| &e.archive))? {
            scope.extend(cards_of(slug));
        }
    }
    Some(scope)
}

/// How an edit that made an event's part of the archive `after` from `before` (`None`: no
/// such event) reaches the card pages: `Some(false)`, not at all; `Some(true)`, only the pages
/// of the cards its lists hold, when it kept those cards, each in as many lists, and its date
/// and people; `None`, any card page and the cards index (the event came or went, or its
/// lists changed otherwise).
pub(crate) fn reaches_cards(
    before: Option<&Fingerprint>,
    after: Option<&Fingerprint>,
) -> Option<bool> {
    if !Group::Cards.reads_changed(before, after) {
        return Some(false);
    }
    let (before, after) = before.zip(after)?;
    ((before.card_keys, before.people) == (after.card_keys, after.people)).then_some(true)
}

/// The archive-wide parts of the last search index, whose bytes `last` reads, that the
/// `kept` groups of pages vouch for: its players' part when the players A to Z and the ratings
/// are kept, its cards' part when the card pages are; `last` is not read when neither is.
pub(crate) fn kept_search_parts(
    kept: &BTreeSet<Group>,
    last: impl FnOnce() -> Option<Vec<u8>>,
) -> LastParts {
    let players = [Group::Players, Group::Ratings]
        .iter()
        .all(|group| kept.contains(group));
    let cards = kept.contains(&Group::Cards);
    let read = (players || cards)
        .then(last)
        .flatten()
        .and_then(|bytes| ArchiveParts::read(&bytes));
    let Some(ArchiveParts { p, c }) = read else {
        return LastParts::default();
    };
    LastParts {
        players: players.then_some(p),
        cards: cards.then_some(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_group_has_its_pages_and_the_players_pages_none() {
        assert_eq!(Group::of("cards/index.html"), Some(Group::Cards));
        assert_eq!(Group::of("cards/ccg/x/index.html"), Some(Group::Cards));
        assert_eq!(Group::of("stats/index.html"), Some(Group::Stats));
        assert_eq!(Group::of("ratings/index.html"), Some(Group::Ratings));
        assert_eq!(Group::of("index.html"), Some(Group::Indexes));
        assert_eq!(Group::of("events/tiers/index.html"), Some(Group::Indexes));
        assert_eq!(Group::of("players/index.html"), Some(Group::Players));
        assert_eq!(Group::of("search.json"), Some(Group::Search));
        assert_eq!(Group::of("players/ana/index.html"), None);
        assert_eq!(Group::of("about/index.html"), None);
        assert_eq!(
            Group::of("cards/history/index.html"),
            None,
            "a content page"
        );
        assert_eq!(Group::of("events/2018/x/index.html"), None);
        assert_eq!(Group::of("events/2018/index.html"), Some(Group::Indexes));
        assert_eq!(
            Group::of("events/rulesets/ffg-2018-standard/2019/index.html"),
            Some(Group::Indexes)
        );
        assert_eq!(
            Group::of("events/tiers/store/2019/index.html"),
            Some(Group::Indexes)
        );
        assert_eq!(Group::of("events/tiers/store/index.html"), None);
        assert_eq!(Group::of("events/2018/x/2019/index.html"), None);
        assert_eq!(Group::of("players/a-z/ma/index.html"), Some(Group::Players));
        assert_eq!(
            Group::of("ratings/lcg-overall/index.html"),
            Some(Group::Ratings)
        );
        assert_eq!(
            Group::of("ratings/ccg-dark/all/3/index.html"),
            Some(Group::Ratings)
        );
        assert_eq!(Group::of("ratings/ccg-dark/all/03/index.html"), None);
        assert_eq!(
            Group::of("ratings/history/index.html"),
            None,
            "a content page"
        );
        assert_eq!(Group::of("players/a-z/vs/x/index.html"), None);
    }

    #[test]
    fn a_changed_part_changes_the_keys_of_the_groups_that_read_it_only() {
        let entry = |f: Fingerprint| crate::site::reuse::Entry {
            key: 0,
            card: 0,
            archive: f,
            players: Default::default(),
            files: Vec::new(),
        };
        let before = Fingerprint {
            whole: 1,
            people: 2,
            games: 3,
            summary: 4,
            players: 5,
            stats: 6,
            cards: 7,
            card_keys: 8,
        };
        let after = Fingerprint {
            whole: 9,
            summary: 9,
            ..before
        };
        let last: Recorded = [("a".to_string(), entry(before))].into();
        let now: Recorded = [("a".to_string(), entry(after))].into();
        let changed: Vec<Group> = Group::ALL
            .into_iter()
            .zip(keys(1, &last).into_iter().zip(keys(1, &now)))
            .filter(|(_, (a, b))| a != b)
            .map(|(group, _)| group)
            .collect();
        assert_eq!(changed, [Group::Indexes, Group::Search]);
        assert_ne!(keys(1, &last), keys(2, &last), "the shared key");
    }

    #[test]
    fn only_the_edited_events_cards_are_built_while_their_cards_and_people_stay() {
        let entry = |cards: u128, card_keys: u128, people: u128| crate::site::reuse::Entry {
            key: 0,
            card: 0,
            archive: Fingerprint {
                cards,
                card_keys,
                people,
                ..Fingerprint::default()
            },
            players: Default::default(),
            files: Vec::new(),
        };
        let cards_of = |slug: &str| vec![CardKey::Set(slug.to_uppercase())];
        let last: Recorded = [
            ("a".to_string(), entry(1, 1, 1)),
            ("b".to_string(), entry(2, 2, 2)),
        ]
        .into();
        let last_key = keys(7, &last).get(Group::Cards as usize).copied();
        let scope = |now: &Recorded| card_scope(7, last_key, &last, now, &cards_of);
        // Event b's rows on its cards' pages changed (its name, say): b's cards only.
        let renamed: Recorded = [
            ("a".to_string(), entry(1, 1, 1)),
            ("b".to_string(), entry(3, 2, 2)),
        ]
        .into();
        assert_eq!(scope(&renamed), Some([CardKey::Set("B".into())].into()));
        assert_eq!(scope(&last), Some(BTreeSet::new()), "nothing changed");
        // Its lists hold other cards, or its date or people changed, or it came or went: every
        // card page.
        for now in [
            [("a", entry(1, 1, 1)), ("b", entry(3, 9, 2))],
            [("a", entry(1, 1, 1)), ("b", entry(3, 2, 9))],
            [("a", entry(1, 1, 1)), ("c", entry(2, 2, 2))],
        ] {
            let now: Recorded = now.map(|(slug, e)| (slug.to_string(), e)).into();
            assert_eq!(scope(&now), None, "{now:?}");
        }
        // The last card pages came from other shared inputs (templates, Holonet): every one.
        assert_eq!(card_scope(8, last_key, &last, &renamed, &cards_of), None);
        assert_eq!(card_scope(7, None, &last, &renamed, &cards_of), None);
    }
}
