//! The player archive: every player across all events, matched by their id, with the events
//! they played, their places and records, their decklists, and their results against the
//! opponents they met most.

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use super::addresses::{head_to_head_path, player_path};
use super::model::{PlayerRef, SiteView};
use super::names::People;
use super::player_events::{EventShare, Named, Played, SessionPlayed};
use super::ratings::{PlayerGame, Ratings};
use super::rivalries::{MIN_MEETINGS, Record};
use crate::event::Side;

/// One event of a player.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerEvent {
    pub(crate) name: String,
    pub(crate) url: String,
    /// The event's first (or only) day, `YYYY-MM-DD`.
    pub(crate) date: String,
    /// The last day of an event of several days: the row shows the event's days, as its page
    /// does.
    pub(crate) end_date: Option<String>,
    pub(crate) rules: String,
    /// "1st of 13", "Swiss rank 5 of 24", or empty while unknown.
    pub(crate) result: String,
    /// Games (or matches for SW:CCG, games) won–lost–drawn, or a score `6(+28)`.
    pub(crate) record: String,
    pub(crate) deck_url: Option<String>,
    /// The decklists recorded, dark first: each one's side and affiliation.
    pub(crate) decks: Vec<DeckMark>,
    /// The event holds its decklists back for now: said for every player alike, so that the
    /// row does not tell who handed in a list.
    decks_withheld: bool,
    /// Team events: the team played for, linked to its entry on the event page.
    pub(crate) team: Option<PlayerRef>,
    /// The final place, for the page's summary.
    #[serde(skip)]
    place: Option<u32>,
    /// Whether the place is inside the event's cut, for the page's summary.
    #[serde(skip)]
    top_cut: bool,
}

/// One recorded decklist of a player at an event, as its marks show it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct DeckMark {
    /// "dark" or "light".
    pub(crate) side: &'static str,
    /// The SW:LCG affiliation, when the list names one.
    pub(crate) affiliation: Option<String>,
    /// Its mark ([`super::model::affiliation_mark`]).
    pub(crate) mark: Option<&'static str>,
}

/// The marks of the decklists recorded: each one's side and affiliation.
fn deck_marks(decks: &[(Side, Option<String>)]) -> Vec<DeckMark> {
    decks
        .iter()
        .map(|(side, affiliation)| DeckMark {
            side: side.name(),
            affiliation: affiliation.clone(),
            mark: affiliation
                .as_deref()
                .and_then(super::model::affiliation_mark),
        })
        .collect()
}

impl PlayerEvent {
    /// The row of one person's event, `share`, linked.
    fn of(site: &SiteView, share: &EventShare, played: &Played) -> Self {
        let event = share.occasion();
        PlayerEvent {
            name: event.name.clone(),
            url: site.link(&event.path),
            date: event.date.clone(),
            end_date: event.end_date.clone(),
            rules: share.rules.clone(),
            result: played.result.clone(),
            record: played.record.clone(),
            deck_url: played.deck_path.as_deref().map(|path| site.link(path)),
            decks: deck_marks(&played.decks),
            decks_withheld: share.decks_withheld,
            team: played.team.as_ref().map(|team| linked(site, team)),
            place: played.place,
            top_cut: played.top_cut,
        }
    }
}

/// The line at the head of a player's page: what a reader asks first, before a hundred rows.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct PlayerSummary {
    /// The years the player's events span: "2014–2025", or one year.
    pub(crate) years: String,
    /// The events the player won (first place), newest first.
    pub(crate) titles: Vec<EventLink>,
    /// How many times the player finished inside an event's cut.
    pub(crate) top_cuts: usize,
}

/// An event, named and linked.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EventLink {
    pub(crate) name: String,
    pub(crate) url: String,
}

impl PlayerSummary {
    /// The summary of `events`, newest first.
    fn of(events: &[PlayerEvent]) -> PlayerSummary {
        let year = |e: &PlayerEvent| e.date.get(..4).unwrap_or_default().to_string();
        let years = match (events.last().map(year), events.first().map(year)) {
            (Some(first), Some(last)) if first != last => format!("{first}–{last}"),
            (Some(only), _) => only,
            _ => String::new(),
        };
        PlayerSummary {
            years,
            titles: events
                .iter()
                .filter(|e| e.place == Some(1))
                .map(|e| EventLink {
                    name: e.name.clone(),
                    url: e.url.clone(),
                })
                .collect(),
            top_cuts: events.iter().filter(|e| e.top_cut).count(),
        }
    }
}

/// A competitor, linked.
fn linked(site: &SiteView, named: &Named) -> PlayerRef {
    PlayerRef {
        id: named.id.clone(),
        name: named.name.clone(),
        url: site.link(&named.path),
    }
}

/// Results against one opponent, over every event.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Rivalry {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) url: String,
    /// Their row on the player's head-to-head page, with every meeting and game.
    vs_url: String,
    #[serde(flatten)]
    pub(crate) record: Record,
}

/// One challenge-deck session of a player.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerSession {
    pub(crate) event: String,
    /// The session on its event page.
    pub(crate) url: String,
    pub(crate) date: String,
    pub(crate) scenario: String,
    /// "challenge deck (dark side)" or "team of 3 (light side)".
    pub(crate) role: String,
    /// The others on the player's side.
    pub(crate) with: Vec<PlayerRef>,
    pub(crate) won: bool,
}

impl PlayerSession {
    /// The line of one person's challenge session, linked.
    fn of(site: &SiteView, session: &SessionPlayed) -> Self {
        PlayerSession {
            event: session.event.clone(),
            url: site.link(&session.path),
            date: session.date.clone(),
            scenario: session.scenario.clone(),
            role: session.role.clone(),
            with: session.with.iter().map(|n| linked(site, n)).collect(),
            won: session.won,
        }
    }
}

/// A player's page.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerPage {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) url: String,
    /// How many events the player played (`events` is left empty outside an edit's scope).
    pub(crate) played: usize,
    /// Every name and id the player was known by (for the search index).
    #[serde(skip)]
    pub(crate) known: Known,
    pub(crate) events: Vec<PlayerEvent>,
    /// The line at the head of the page (empty outside an edit's scope).
    pub(crate) summary: PlayerSummary,
    /// Challenge-deck sessions, newest first.
    pub(crate) sessions: Vec<PlayerSession>,
    /// Opponents met at least twice, most met first.
    pub(crate) rivals: Vec<Rivalry>,
    /// How many opponents the player met, all of them on the head-to-head page `vs_url` (left
    /// at 0 outside an edit's scope, where `met_anyone` still tells whether that page exists).
    pub(crate) opponents: usize,
    #[serde(skip)]
    pub(crate) met_anyone: bool,
    vs_url: String,
    /// The player's ratings, by game (empty while the site keeps no ratings, or outside an
    /// edit's scope).
    pub(crate) ratings: Vec<PlayerGame>,
}

/// The names and ids one player page was known by across the archive.
#[derive(Debug, Clone, Default)]
pub(crate) struct Known {
    pub(crate) names: BTreeSet<String>,
    pub(crate) ids: BTreeSet<String>,
}

impl Known {
    fn note(&mut self, name: &str, id: &str) {
        if !self.names.contains(name) {
            self.names.insert(name.to_string());
        }
        if !self.ids.contains(id) {
            self.ids.insert(id.to_string());
        }
    }
}

/// The player pages' names and addresses, for the pages that list people across the archive.
pub(crate) fn people(pages: &[PlayerPage]) -> People<'_> {
    People::new(
        pages
            .iter()
            .map(|p| (p.id.as_str(), p.name.as_str(), p.url.as_str())),
    )
}

/// Gives the pages in `scope` (page ids; `None`: all) their rating sections.
pub(crate) fn fill_ratings(
    pages: &mut [PlayerPage],
    ratings: &Ratings,
    scope: Option<&BTreeSet<String>>,
) {
    for page in pages
        .iter_mut()
        .filter(|p| scope.is_none_or(|s| s.contains(&p.id)))
    {
        if let Some(games) = ratings.of_page(&page.id) {
            page.ratings = games.iter().map(|g| g.charted(&page.name)).collect();
        }
    }
}

/// Builds the player pages from every event's share, given oldest first, in id order.
///
/// Every player gets a page with their name, latest first, and the number of events they played;
/// only the players in `scope` (page ids; `None`: everyone) get their rows and rivals filled
/// in, since an edit renders only its own players' pages. Runs on every build and on every edit
/// `serve` sees: pages are numbered once (an index per page id) so that counting a meeting is a
/// lookup, not a string comparison.
pub(crate) fn archive<'a>(
    site: &SiteView,
    shares: impl IntoIterator<Item = &'a EventShare>,
    scope: Option<&BTreeSet<String>>,
) -> Vec<PlayerPage> {
    let mut pages: Vec<PlayerPage> = Vec::new();
    let mut numbers: HashMap<&str, usize> = HashMap::new();
    let mut filled: Vec<bool> = Vec::new();
    let mut records: HashMap<(usize, usize), Record> = HashMap::new();
    for share in shares {
        let mut number_of = Vec::with_capacity(share.people.len());
        for person in &share.people {
            let Some(person) = person else {
                number_of.push(usize::MAX);
                continue;
            };
            let number = *numbers.entry(person.page.as_str()).or_insert_with(|| {
                pages.push(PlayerPage {
                    url: site.link(&player_path(&person.page)),
                    id: person.page.clone(),
                    name: String::new(),
                    played: 0,
                    known: Known::default(),
                    events: Vec::new(),
                    summary: PlayerSummary::default(),
                    sessions: Vec::new(),
                    rivals: Vec::new(),
                    opponents: 0,
                    met_anyone: false,
                    vs_url: site.link(&head_to_head_path(&person.page)),
                    ratings: Vec::new(),
                });
                filled.push(scope.is_none_or(|s| s.contains(&person.page)));
                pages.len() - 1
            });
            number_of.push(number);
            let page = &mut pages[number];
            // Events come oldest first, so the page ends with the name of the latest one.
            page.name.clone_from(&person.name);
            page.played += 1;
            page.met_anyone |= person.met > 0;
            page.known.note(&person.name, &person.id);
            if filled[number] {
                let rows = person.rows.open();
                page.events.push(PlayerEvent::of(site, share, &rows.played));
                page.sessions
                    .extend(rows.sessions.iter().map(|s| PlayerSession::of(site, s)));
            }
        }
        // Only the pages filled in need the meetings themselves: decoded for their events.
        if !number_of.iter().any(|&n| filled.get(n) == Some(&true)) {
            continue;
        }
        for meeting in &share.meetings() {
            let [a, b] = meeting.players;
            let (a, b, outcome) = (number_of[a], number_of[b], meeting.outcome);
            for (me, them, ord) in [(a, b, outcome), (b, a, outcome.reverse())] {
                // One person under two ids of one page meets no one (as on head-to-head pages).
                if me == them || !filled[me] {
                    continue;
                }
                records.entry((me, them)).or_default().count(ord);
            }
        }
    }
    for ((me, them), record) in records {
        pages[me].opponents += 1;
        if record.met < MIN_MEETINGS {
            continue;
        }
        let rival = &pages[them];
        let rivalry = Rivalry {
            name: rival.name.clone(),
            url: rival.url.clone(),
            id: rival.id.clone(),
            vs_url: format!(
                "{}#vs-{}",
                site.link(&head_to_head_path(&pages[me].id)),
                rival.id
            ),
            record,
        };
        pages[me].rivals.push(rivalry);
    }
    for page in &mut pages {
        // By meetings, then name, then id: the id settles ties the hash map's order left open.
        page.rivals.sort_by(|a, b| {
            b.record
                .met
                .cmp(&a.record.met)
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.id.cmp(&b.id))
        });
        page.rivals.truncate(10);
        page.events.reverse();
        page.summary = PlayerSummary::of(&page.events);
        page.sessions.reverse();
    }
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    pages
}
