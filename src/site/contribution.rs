//! What each event adds to the archive-wide pages: its summary in the lists, its rows on its
//! players' pages, its statistics counts and its named decklists for the search index. Working
//! them out means going over every round and every card line of the event, so it is done once
//! per event, in parallel, when the event is loaded; `serve` works them out again only for the
//! events an edit touched. The archive-wide pages are then assembled from the shares, and the
//! statistics are a running total that an edit corrects by one event's counts: an edit costs
//! the archive-wide pages an assembly, not a second pass over every game of the archive. The
//! ratings are the same: each event's rated games are picked out once, and the ratings are
//! worked out from those lists alone.

use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;

use super::cards::{CardIndex, CardPage, EventCards};
use super::event_page::summary;
use super::model::{EventSummary, SiteView};
use super::players::{EventShare, PlayerPage, archive, share};
use super::ratings::{EventGames, Ratings, event_games};
use super::rivalries::Archive;
use super::search::{EventDecks, deck_names};
use super::stats::{Counted, Counts, tally};
use crate::event::Event;
use crate::load::aliases::Aliases;
use crate::rules::compute::Computed;

/// One event's share of the archive-wide pages.
#[derive(Debug, Clone)]
pub struct Contribution {
    pub summary: EventSummary,
    pub players: EventShare,
    pub stats: Counted,
    pub decks: EventDecks,
    pub games: EventGames,
    pub cards: EventCards,
}

impl Contribution {
    pub fn of(site: &SiteView, aliases: &Aliases, event: &Event, computed: &Computed) -> Self {
        Contribution {
            summary: summary(site, aliases, event, computed),
            players: share(site, event, computed, aliases),
            stats: Counted::event(event, computed),
            decks: deck_names(event),
            games: event_games(site, aliases, event, computed),
            cards: super::cards::share(site, aliases, event, computed),
        }
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
pub struct Fingerprint {
    pub whole: u128,
    pub people: u128,
    pub games: u128,
    pub summary: u128,
    pub players: u128,
    pub stats: u128,
    pub cards: u128,
}

impl Contribution {
    /// The contribution's [`Fingerprint`]. The parts hold strings, numbers and ordered lists
    /// only, so their `Debug` text spells out every field, the same way every time; `whole` is
    /// the hash of every part's.
    pub fn fingerprint(&self) -> Fingerprint {
        let people: Vec<(&str, &str, &str)> = self.players.people().collect();
        let (summary, players, stats) = (
            debug_hash(&self.summary),
            debug_hash(&self.players),
            debug_hash(&self.stats),
        );
        let (decks, games, cards) = (
            debug_hash(&self.decks),
            debug_hash(&self.games),
            debug_hash(&self.cards),
        );
        Fingerprint {
            whole: debug_hash(&(summary, players, stats, decks, games, cards)),
            people: debug_hash(&(&self.summary.date, people)),
            games,
            summary,
            players,
            stats,
            cards,
        }
    }

    /// The player pages the event adds to, each once.
    pub fn player_pages(&self) -> BTreeSet<String> {
        self.players
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
/// kept up to date as contributions come and go.
#[derive(Debug, Clone, Default)]
pub struct Contributions {
    by_slug: BTreeMap<String, Contribution>,
    stats: Counted,
    /// Each affiliation and objective name the events' lists use: in how many events.
    deck_names: Counts,
}

impl Contributions {
    /// The contributions of `events`, worked out in parallel.
    pub fn of_all(site: &SiteView, aliases: &Aliases, events: &[(Event, Computed)]) -> Self {
        let by_slug: BTreeMap<String, Contribution> = events
            .par_iter()
            .map(|(event, computed)| {
                let contribution = Contribution::of(site, aliases, event, computed);
                (event.slug.clone(), contribution)
            })
            .collect();
        let mut all = Contributions {
            by_slug: BTreeMap::new(),
            stats: Counted::default(),
            deck_names: Counts::new(),
        };
        for (slug, contribution) in by_slug {
            all.insert(slug, contribution);
        }
        all
    }

    /// Every affiliation and objective name the events' lists use, in order, each once.
    pub fn deck_names(&self) -> impl Iterator<Item = &str> {
        self.deck_names.keys().map(String::as_str)
    }

    /// Counts `contribution` into the running totals, or (`adding` false) out of them.
    fn count(&mut self, contribution: &Contribution, adding: bool) {
        if adding {
            self.stats.add(&contribution.stats);
        } else {
            self.stats.remove(&contribution.stats);
        }
        for name in contribution.decks.names() {
            tally(&mut self.deck_names, name, 1, adding);
        }
    }

    /// The statistics counts of every event.
    pub fn stats(&self) -> &Counted {
        &self.stats
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
            self.oldest_first().into_iter().map(|c| &c.players),
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
    ) -> Ratings {
        Ratings::of(
            site,
            settings,
            self.oldest_first().into_iter().map(|c| &c.games),
            pages,
        )
    }

    /// Every meeting between player pages, for the pairs with a page in `scope` (`None`: every
    /// pair), from every event's meetings, oldest event first (see [`super::rivalries`]).
    pub fn meetings(&self, scope: Option<&BTreeSet<String>>) -> Archive<'_> {
        let events = self
            .oldest_first()
            .into_iter()
            .map(|c| (c.players.occasion(), c.players.pairs()));
        Archive::gather(events, scope)
    }

    /// The card pages and their index, from every event's published lists.
    pub fn card_pages(&self, site: &SiteView) -> (Vec<CardPage>, CardIndex) {
        super::cards::pages(site, self.oldest_first().into_iter().map(|c| &c.cards))
    }

    /// Puts in the contribution of the event `slug`, returning the one it replaces.
    pub fn insert(&mut self, slug: String, contribution: Contribution) -> Option<Contribution> {
        self.count(&contribution, true);
        let replaced = self.by_slug.insert(slug, contribution);
        if let Some(old) = &replaced {
            self.count(old, false);
        }
        replaced
    }

    /// Takes out the contribution of the event `slug`.
    pub fn remove(&mut self, slug: &str) -> Option<Contribution> {
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
    fn example() -> (SiteView, Aliases, Vec<(Event, Computed)>) {
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
        let mut all = Contributions::of_all(&site, &aliases, &events);
        let (first, second) = (&events[0].0.slug, &events[1].0.slug);
        let taken = all.remove(first).expect("the first event is in");
        let replaced = all.insert(second.clone(), all[second.as_str()].clone());
        assert!(replaced.is_some(), "putting an event in again replaces it");
        let without_first = Contributions::of_all(&site, &aliases, &events[1..]);
        assert_eq!(all.stats(), without_first.stats());
        assert!(all.deck_names().eq(without_first.deck_names()));
        all.insert(first.clone(), taken);
        let again = Contributions::of_all(&site, &aliases, &events);
        assert_eq!(all.stats(), again.stats());
        assert!(all.deck_names().eq(again.deck_names()));
        assert_ne!(
            all.stats(),
            without_first.stats(),
            "the first event counts for something"
        );
    }
}
