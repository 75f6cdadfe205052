//! What each event adds to the archive-wide pages: its summary in the lists, its rows on its
//! players' pages, its statistics counts and its named decklists for the search index. Working
//! them out means going over every round and every card line of the event, so it is done once
//! per event, in parallel, when the event is computed, and kept in its cache entry with it
//! (see [`super::kept`]): a build takes an unchanged event's contribution from there, and
//! `serve` works them out again only for the events an edit touched. The archive-wide pages
//! are then assembled from the shares, and the
//! statistics are a running total that an edit corrects by one event's counts: an edit costs
//! the archive-wide pages an assembly, not a second pass over every game of the archive. The
//! ratings are the same: each event's rated games are picked out once, and the ratings are
//! worked out from those lists alone.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use rayon::prelude::*;

use super::addresses::CardKey;
use super::card_lists::EventCards;
use super::cards::{CardIndex, CardPage};
use super::counts::{Counted, Counts, tally};
use super::deck_names::{EventDecks, deck_names};
use super::event_games::{HeldGames, event_games};
use super::model::{EventSummary, SiteView};
use super::player_events::EventShare;
use super::players::{PlayerPage, archive};
use super::ratings::Ratings;
use super::rivalries::Archive;
use super::summary::summary;
use crate::encoded::Encoded;
use crate::event::Event;
use crate::load::aliases::Aliases;
#[cfg(test)]
use crate::load::held::HeldEvent;
use crate::rules::computed::Computed;

/// One event's share of the archive-wide pages: what the lists and the search index show of it,
/// and what the other archive-wide pages read ([`Shares`]). Kept in the event cache too (see
/// [`super::kept`]).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Contribution {
    pub(crate) summary: EventSummary,
    /// The event's entry in the feed, in plain text (see [`super::feed::entry_text`]).
    pub(crate) feed_text: String,
    pub(crate) decks: EventDecks,
    shares: Shares,
}

/// What the player pages, the ratings, the statistics and the card pages read of an event.
/// Held for every event of the archive through a build, so kept encoded and decoded where they
/// are read (see [`crate::encoded`]): the people, which every batch of player pages goes over,
/// are kept decoded but for their rows.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Shares {
    pub(crate) players: EventShare,
    pub(crate) stats: Encoded<Counted>,
    pub(crate) games: HeldGames,
    pub(crate) cards: Encoded<EventCards>,
}

impl Contribution {
    /// The contribution of `event`.
    pub(crate) fn of(
        site: &SiteView,
        aliases: &Aliases,
        event: &Event,
        computed: &Computed,
    ) -> Self {
        let summary = summary(site, aliases, event, computed);
        Contribution {
            feed_text: super::feed::entry_text(&summary, event, computed),
            summary,
            decks: deck_names(event),
            shares: Shares {
                players: super::player_events::share(aliases, event, computed),
                stats: Encoded::deflated(&Counted::event(event, computed)),
                games: HeldGames::hold(&event_games(site, aliases, event, computed)),
                cards: Encoded::deflated(&super::card_lists::share(aliases, event, computed)),
            },
        }
    }

    /// What the player pages, the ratings, the statistics and the card pages read of the event.
    pub(crate) fn shares(&self) -> &Shares {
        &self.shares
    }
}

/// Hashes of an event's contribution, recorded by each build (see [`super::reuse`]): when an
/// event's contribution is the same as in the last build, no archive-wide page made from it can
/// have changed. `people` and `games` cover what reaches beyond the event's own players: the
/// names its players go by (which their opponents' pages print, the latest event's name
/// winning) with the event's date (which orders the events, for names and ratings alike), and
/// its rated games (which move the ratings of everyone who played later). The other parts
/// (`summary`, `players`, `stats`, `cards`) are each what one group of archive-wide pages reads
/// (see [`super::groups`]), so a group none of whose parts changed is kept whole.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    pub(crate) whole: u128,
    pub(crate) people: u128,
    pub(crate) games: u128,
    pub(crate) summary: u128,
    pub(crate) players: u128,
    pub(crate) stats: u128,
    pub(crate) cards: u128,
    /// The cards its lists hold, each with how many lists: what the cards index and the
    /// splitting of other events' rows across card pages read. While it and `people` stay the
    /// same, a change to `cards` reaches only the pages of the event's own cards.
    pub(crate) card_keys: u128,
}

impl Contribution {
    /// The contribution's [`Fingerprint`]. The parts hold strings, numbers and ordered lists
    /// only, so their `Debug` text spells out every field, the same way every time; `whole` is
    /// the hash of every part's.
    pub(crate) fn fingerprint(&self) -> Fingerprint {
        let shares = self.shares();
        let people: Vec<(&str, &str, &str)> = shares.players.people().collect();
        let (summary, players, stats) = (
            debug_hash(&self.summary),
            debug_hash(&shares.players),
            debug_hash(&shares.stats),
        );
        let (decks, games, cards) = (
            debug_hash(&self.decks),
            debug_hash(&shares.games),
            debug_hash(&shares.cards),
        );
        let card_keys: Vec<(CardKey, usize)> = (shares.cards.open().cards.into_iter())
            .map(|(key, rows)| (key, rows.len()))
            .collect();
        Fingerprint {
            whole: debug_hash(&(summary, players, stats, decks, games, cards)),
            people: debug_hash(&(&self.summary.date, people)),
            games,
            summary,
            players,
            stats,
            cards,
            card_keys: debug_hash(&card_keys),
        }
    }

    /// The cards the event's lists hold.
    pub(crate) fn card_keys(&self) -> Vec<CardKey> {
        self.shares.cards.open().cards.into_keys().collect()
    }

    /// The player pages the event adds to, each once.
    pub(crate) fn player_pages(&self) -> BTreeSet<String> {
        self.shares()
            .players
            .people()
            .map(|(page, ..)| page.to_string())
            .collect()
    }
}

/// The XXH3-128 of `value`'s `Debug` text, hashed as it is written.
fn debug_hash(value: &impl std::fmt::Debug) -> u128 {
    struct Hasher(xxhash_rust::xxh3::Xxh3);
    impl std::fmt::Write for Hasher {
        fn write_str(&mut self, text: &str) -> std::fmt::Result {
            self.0.update(text.as_bytes());
            Ok(())
        }
    }
    let mut hasher = Hasher(xxhash_rust::xxh3::Xxh3::new());
    let _ = std::fmt::Write::write_fmt(&mut hasher, format_args!("{value:?}"));
    hasher.0.digest128()
}

/// Every event's contribution, by slug, and the archive's statistics counts: the sum of theirs,
/// made when first read and then kept up to date as contributions come and go.
#[derive(Debug, Clone, Default)]
pub struct Contributions {
    by_slug: BTreeMap<String, Contribution>,
    stats: OnceLock<Counted>,
    /// Each affiliation and objective name the events' lists use: in how many events.
    deck_names: Counts,
}

impl Contributions {
    /// The contributions of `events`, worked out in parallel.
    #[cfg(test)]
    pub(crate) fn of_all(site: &SiteView, aliases: &Aliases, events: &[HeldEvent]) -> Self {
        let listed: Vec<(String, Contribution)> = events
            .par_iter()
            .map(|held| {
                let (event, computed) = held.open();
                let contribution = Contribution::of(site, aliases, &event, &computed);
                (event.slug, contribution)
            })
            .collect();
        Contributions::of_listed(listed)
    }

    /// The contributions `listed` (by slug), with the running totals made from them.
    pub(crate) fn of_listed(listed: impl IntoIterator<Item = (String, Contribution)>) -> Self {
        let mut all = Contributions {
            by_slug: BTreeMap::new(),
            stats: OnceLock::new(),
            deck_names: Counts::new(),
        };
        for (slug, contribution) in listed {
            all.insert(slug, contribution);
        }
        all
    }

    /// Every affiliation and objective name the events' lists use, in order, each once.
    pub(crate) fn deck_names(&self) -> impl Iterator<Item = &str> {
        self.deck_names.keys().map(String::as_str)
    }

    /// Counts `contribution` into the running totals, or (`adding` false) out of them. A
    /// statistics total not made yet is made when read.
    fn count(&mut self, contribution: &Contribution, adding: bool) {
        if let Some(total) = self.stats.get_mut() {
            let counts = contribution.shares.stats.open();
            if adding {
                total.add(&counts);
            } else {
                total.remove(&counts);
            }
        }
        for name in contribution.decks.names() {
            tally(&mut self.deck_names, name, 1, adding);
        }
    }

    /// The statistics counts of every event, whose shares are worked out.
    pub(crate) fn stats(&self) -> &Counted {
        self.stats.get_or_init(|| {
            let mut total = Counted::default();
            for contribution in self.by_slug.values() {
                total.add(&contribution.shares().stats.open());
            }
            total
        })
    }

    /// Every contribution, oldest event first (then by slug).
    fn oldest_first(&self) -> Vec<&Contribution> {
        let mut oldest_first: Vec<(&String, &Contribution)> = self.by_slug.iter().collect();
        oldest_first.sort_by(|a, b| (&a.1.summary.date, a.0).cmp(&(&b.1.summary.date, b.0)));
        oldest_first.into_iter().map(|(_, c)| c).collect()
    }

    /// The player pages, assembled from every event's share, oldest event first (see
    /// [`super::players::archive`]); `scope` names the pages to fill in.
    pub fn player_pages(
        &self,
        site: &SiteView,
        scope: Option<&BTreeSet<String>>,
    ) -> Vec<PlayerPage> {
        archive(
            site,
            self.oldest_first().into_iter().map(|c| &c.shares().players),
            scope,
        )
    }

    /// The ratings, from every event's games in date order (see [`super::ratings`]);
    /// `pages` are the player pages, for names and addresses.
    pub fn ratings(
        &self,
        site: &SiteView,
        settings: &crate::config::Ratings,
        pages: &[PlayerPage],
        resumes: Option<&crate::rules::rating::Resumes>,
    ) -> Ratings {
        let games: Vec<&HeldGames> = self
            .oldest_first()
            .into_iter()
            .map(|c| &c.shares().games)
            .collect();
        Ratings::of(
            site,
            settings,
            &games,
            &super::players::people(pages),
            resumes,
        )
    }

    /// Every meeting between player pages, for the pairs with a page in `pages`, from every
    /// event's meetings, oldest event first (see [`super::rivalries`]). The events' meetings
    /// are decoded across threads: only a batch's pairs are held, as gathered.
    pub(crate) fn meetings(&self, pages: &BTreeSet<String>) -> Archive<'_> {
        let events: Vec<_> = self
            .oldest_first()
            .par_iter()
            .map(|c| {
                let share = &c.shares().players;
                (share.occasion(), share.pairs(pages))
            })
            .collect();
        Archive::gather(events)
    }

    /// The player pages in `scope` (`None`: every page) that met another page's player, in
    /// order, in batches of as few pages as hold at most `most` meetings (a page with more is
    /// a batch alone): the head-to-head pages are made a batch at a time, so that only one
    /// batch's meetings are in memory, however large the archive.
    pub(crate) fn head_to_head_batches(
        &self,
        scope: Option<&BTreeSet<String>>,
        most: usize,
    ) -> Vec<BTreeSet<String>> {
        let mut counts = BTreeMap::new();
        for contribution in self.by_slug.values() {
            contribution
                .shares()
                .players
                .count_meetings(scope, &mut counts);
        }
        let counts = counts.into_iter().map(|(id, n)| (id.to_string(), n));
        super::batches::batches(counts, most)
    }

    /// The card pages, each given to `each` as it is made (see [`super::cards::pages`]), and
    /// their index, from every event's published lists. Made in batches of cards holding at
    /// most `most` lists together, each batch from every event's lists of its cards only: at
    /// 10,000 events every list decoded at once would take 260 MB. With `only`, the pages of
    /// those cards alone, and an index of them alone.
    pub fn card_pages(
        &self,
        site: &SiteView,
        most: usize,
        only: Option<&BTreeSet<CardKey>>,
        each: impl Fn(CardPage) + Sync,
    ) -> CardIndex {
        let events = self.oldest_first();
        // A few cards' lists (an edit's): taken from every event in one pass, and made at once.
        if let Some(only) = only {
            let cards: Vec<EventCards> = events
                .par_iter()
                .map(|c| c.shares().cards.open().only(only))
                .collect();
            return super::cards::index(super::cards::pages(site, &cards, &each));
        }
        let mut counts: BTreeMap<CardKey, usize> = BTreeMap::new();
        for contribution in &events {
            for (key, rows) in contribution.shares().cards.open().cards {
                *counts.entry(key).or_default() += rows.len();
            }
        }
        let mut entries = Vec::new();
        for batch in super::batches::batches(counts, most) {
            let cards: Vec<EventCards> = events
                .par_iter()
                .map(|c| c.shares().cards.open().only(&batch))
                .collect();
            entries.extend(super::cards::pages(site, &cards, &each));
        }
        super::cards::index(entries)
    }

    /// Puts in the contribution of the event `slug`, returning the one it replaces.
    pub(crate) fn insert(
        &mut self,
        slug: String,
        contribution: Contribution,
    ) -> Option<Contribution> {
        self.count(&contribution, true);
        let replaced = self.by_slug.insert(slug, contribution);
        if let Some(old) = &replaced {
            self.count(old, false);
        }
        replaced
    }

    /// Takes out the contribution of the event `slug`.
    pub(crate) fn remove(&mut self, slug: &str) -> Option<Contribution> {
        let removed = self.by_slug.remove(slug);
        if let Some(old) = &removed {
            self.count(old, false);
        }
        removed
    }
}

impl std::ops::Index<&str> for Contributions {
    type Output = Contribution;

    /// The contribution of the event `slug`; every loaded event has one.
    fn index(&self, slug: &str) -> &Contribution {
        &self.by_slug[slug]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example site's events, loaded and computed.
    fn example() -> (SiteView, Aliases, Vec<HeldEvent>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (site, report) = super::super::load(root, None);
        let site = site.unwrap_or_else(|| panic!("the example site loads: {}", report.render()));
        let view = SiteView::new(&site.config, &site.pages);
        (view, site.aliases, site.events)
    }

    #[test]
    fn a_scoped_archive_fills_in_only_its_pages_and_counts_everyone() {
        let (site, aliases, events) = example();
        let all = Contributions::of_all(&site, &aliases, &events);
        let full = all.player_pages(&site, None);
        let busiest = full
            .iter()
            .max_by_key(|p| (p.played, &p.id))
            .expect("the example has players");
        assert!(busiest.played >= 2, "someone played twice");
        let scope: BTreeSet<String> = [busiest.id.clone()].into_iter().collect();
        let scoped = all.player_pages(&site, Some(&scope));
        assert_eq!(scoped.len(), full.len(), "every player has a page");
        for (a, b) in scoped.iter().zip(&full) {
            assert_eq!((&a.id, &a.name, a.played), (&b.id, &b.name, b.played));
            assert_eq!(a.known.names, b.known.names);
            let json = |p: &PlayerPage| serde_json::to_string(p).expect("serializes");
            if a.id == busiest.id {
                assert_eq!(json(a), json(b), "the page in scope is whole");
            } else {
                assert!(a.events.is_empty() && a.rivals.is_empty(), "{}", a.id);
            }
        }
    }

    #[test]
    fn the_running_totals_stay_those_of_the_events_in() {
        let (site, aliases, events) = example();
        assert!(events.len() >= 3, "the example site has events to take out");
        let whole = |events: &[HeldEvent]| Contributions::of_all(&site, &aliases, events);
        let mut all = whole(&events);
        // The total is made before the edits, which then correct it.
        assert_ne!(all.stats(), &Counted::default());
        let (first, second) = (&events[0].slug, &events[1].slug);
        let taken = all.remove(first).expect("the first event is in");
        let replaced = all.insert(second.clone(), all[second.as_str()].clone());
        assert!(replaced.is_some(), "putting an event in again replaces it");
        let without_first = whole(&events[1..]);
        assert_eq!(all.stats(), without_first.stats());
        assert!(all.deck_names().eq(without_first.deck_names()));
        all.insert(first.clone(), taken);
        let again = whole(&events);
        assert_eq!(all.stats(), again.stats());
        assert!(all.deck_names().eq(again.deck_names()));
        assert_ne!(
            all.stats(),
            without_first.stats(),
            "the first event counts for something"
        );
    }

    #[test]
    fn card_pages_made_a_few_lists_at_a_time_are_those_made_at_once() {
        let (site, aliases, events) = example();
        let all = Contributions::of_all(&site, &aliases, &events);
        let made = |most: usize| {
            let pages = std::sync::Mutex::new(Vec::new());
            let index = all.card_pages(&site, most, None, |page| {
                let json = serde_json::to_string(&page).expect("serializes");
                pages.lock().expect("not poisoned").push((page.path, json));
            });
            let mut pages = pages.into_inner().expect("not poisoned");
            pages.sort();
            (pages, serde_json::to_string(&index).expect("serializes"))
        };
        let (pages, index) = made(usize::MAX);
        assert!(pages.len() > 10, "{} card pages", pages.len());
        // One list a batch: each card a batch of its own.
        assert_eq!(made(1), (pages.clone(), index.clone()));
        assert_eq!(made(40), (pages, index));
    }
}
