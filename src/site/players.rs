//! The player archive: every player across all events, matched by their id, with the events
//! they played, their places and records, their decklists, and their results against the
//! opponents they met most.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use super::addresses::{deck_path, event_path, head_to_head_path, page_id, player_path};
use super::model::{PlayerRef, SiteView};
use super::names::{NameLinks, People};
use super::ratings::{PlayerGame, Ratings};
use super::rivalries::{MIN_MEETINGS, Meeting, Occasion, PairMeetings, Record, by_pair, meetings};
use crate::event::casual::Session;
use crate::event::{Event, Kind};
use crate::rules::computed::{Computed, ComputedKind};

/// One event of a player.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerEvent {
    pub(crate) name: String,
    pub(crate) url: String,
    pub(crate) date: String,
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

/// The marks of the decklists `person` recorded.
fn deck_marks(person: &crate::event::Player) -> Vec<DeckMark> {
    [("dark", &person.decks.dark), ("light", &person.decks.light)]
        .into_iter()
        .filter_map(|(side, deck)| {
            deck.as_ref().map(|d| DeckMark {
                side,
                affiliation: d.affiliation.clone(),
                mark: d
                    .affiliation
                    .as_deref()
                    .and_then(super::model::affiliation_mark),
            })
        })
        .collect()
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

/// The players A to Z.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerIndex {
    pub(crate) letters: Vec<(String, Vec<IndexEntry>)>,
}

/// One player in the index: the name, the page and how many events they played (not the whole
/// page, which would put every row of the archive into one template's context).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexEntry {
    pub(crate) name: String,
    pub(crate) url: String,
    pub(crate) events: usize,
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What a recorded standings row says of a player's day: the record if kept, else the score
/// (`12 points`, `8(+41)`).
fn recorded_record(row: &crate::event::recorded::RecordedStanding) -> String {
    if let Some(record) = row.record() {
        return record;
    }
    match (row.points, row.victory_points, row.differential) {
        (Some(points), ..) => format!("{points} points"),
        (None, Some(vp), Some(diff)) => {
            format!("{vp}({})", super::recorded_view::signed(diff))
        }
        (None, Some(vp), None) => format!("{vp} VP"),
        _ => String::new(),
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
            page.ratings.clone_from(games);
        }
    }
}

/// One event's part in the player archive: each person's row on their page and the meetings
/// between them. Worked out once per event (with its other [`super::contribution`]s), so that
/// an edit to one event assembles the archive from the others' shares without going over their
/// rounds again.
#[derive(Debug, Clone)]
pub(crate) struct EventShare {
    /// In registration order; `None` for a person who plays for no team in a team event.
    people: Vec<Option<PersonShare>>,
    /// Head to head, by position in `people`.
    meetings: Vec<Meeting>,
    /// The event, as head-to-head pages link it.
    occasion: Occasion,
}

impl EventShare {
    /// The event, as head-to-head pages link it.
    pub(crate) fn occasion(&self) -> &Occasion {
        &self.occasion
    }

    /// Each person the event adds a row for: their player page, and the id and name the event
    /// knows them by.
    pub(crate) fn people(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.people
            .iter()
            .flatten()
            .map(|p| (p.page.as_str(), p.id.as_str(), p.name.as_str()))
    }

    /// The event's meetings by pair of player pages (see [`super::rivalries`]).
    pub(crate) fn pairs(&self) -> PairMeetings<'_> {
        let pages: Vec<Option<&str>> = self
            .people
            .iter()
            .map(|p| p.as_ref().map(|p| p.page.as_str()))
            .collect();
        by_pair(&pages, &self.meetings)
    }
}

/// One person's part in one event.
#[derive(Debug, Clone)]
struct PersonShare {
    /// The page the person's rows go to (`players.toml` applied).
    page: String,
    /// The id and name the event knows the person by.
    id: String,
    name: String,
    row: PlayerEvent,
    sessions: Vec<PlayerSession>,
}

/// The player pages `event` adds to.
pub(crate) fn share(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    aliases: &crate::load::aliases::Aliases,
) -> EventShare {
    let team = event.is_team();
    let people = event.persons();
    let standings = standings(event, computed);
    let names = NameLinks::elsewhere(site, aliases, event);
    let mut shares = Vec::with_capacity(people.len());
    for (index, person) in people.iter().enumerate() {
        let Some(competitor) = competitor_of(event, index) else {
            shares.push(None);
            continue;
        };
        let Standing { result, record, .. } = standings[competitor].clone();
        shares.push(Some(PersonShare {
            page: page_id(aliases, &person.id).to_string(),
            id: person.id.clone(),
            name: person.name.clone(),
            row: PlayerEvent {
                name: event.info.name.clone(),
                url: site.link(&event_path(event)),
                date: event.info.date.iso(),
                rules: event.info.rules.clone(),
                result,
                record,
                deck_url: deck_path(event, person).map(|path| site.link(&path)),
                decks: deck_marks(person),
                decks_withheld: !computed.decklists_published,
                team: team.then(|| names.player(competitor)),
            },
            sessions: match &event.kind {
                Kind::Challenge(sessions) => &sessions[..],
                _ => &[],
            }
            .iter()
            .filter_map(|session| player_session(site, &names, event, session, index))
            .collect(),
        }));
    }
    EventShare {
        people: shares,
        // Meetings are counted in single-player events only, where every person plays.
        meetings: if team {
            Vec::new()
        } else {
            meetings(event, computed)
        },
        occasion: Occasion {
            name: event.info.name.clone(),
            url: site.link(&event_path(event)),
            date: event.info.date.iso(),
        },
    }
}

/// The competitor whose result is the result of the person at `index` of [`Event::persons`]:
/// the person, or in a team event their team (`None` for a person of no team).
pub(crate) fn competitor_of(event: &Event, index: usize) -> Option<usize> {
    if event.is_team() {
        event.members.iter().position(|m| m.contains(&index))
    } else {
        Some(index)
    }
}

/// Where one competitor of an event stands: the words of their player page's row, their place
/// or rank, and their record.
#[derive(Debug, Clone, Default)]
pub(crate) struct Standing {
    /// "1st of 13", "Swiss rank 5 of 24", "league rank 2 of 8", or empty while unknown.
    pub(crate) result: String,
    /// The final place, or while there is none the rank in the latest standings.
    pub(crate) rank: Option<u32>,
    /// Whether `rank` is a final place.
    pub(crate) placed: bool,
    /// Games won–lost–drawn, a SW:CCG score `6(+28)`, a recorded score, or a challenge record.
    pub(crate) record: String,
}

/// How every competitor of `event` stands, in registration order.
pub(crate) fn standings(event: &Event, computed: &Computed) -> Vec<Standing> {
    let field = event.players.len();
    // Standings that keep only the top of a larger field place a player among all who played.
    let shown_field = event.info.field_size.map_or(field, |n| n as usize);
    let places = by_competitor(
        field,
        computed
            .placings
            .iter()
            .flatten()
            .map(|&(place, q)| (q, place)),
    );
    let swiss_rows = by_competitor(
        field,
        computed
            .latest()
            .iter()
            .flat_map(|s| &s.rows)
            .map(|r| (r.player, r)),
    );
    let ccg_last = computed.ccg().and_then(|c| c.standings.last());
    let ccg_rows = by_competitor(
        field,
        ccg_last
            .iter()
            .flat_map(|rows| rows.iter())
            .map(|r| (r.player, r)),
    );
    (0..field)
        .map(|competitor| {
            let place = places.get(competitor).copied().flatten();
            let swiss_row = swiss_rows.get(competitor).copied().flatten();
            let swiss_rank = swiss_row.and_then(|r| r.rank);
            let ccg_row = ccg_rows.get(competitor).copied().flatten();
            let league_row = computed
                .league()
                .and_then(|l| l.standings.iter().find(|r| r.player == competitor));
            let challenge = match &computed.kind {
                ComputedKind::Challenge(c) => c.players.iter().find(|r| r.player == competitor),
                _ => None,
            };
            let recorded = match &event.kind {
                Kind::Recorded(rows) => rows.iter().find(|r| r.player == competitor),
                _ => None,
            };
            let result = match (place, swiss_rank, league_row) {
                (Some(p), ..) => format!("{} of {shown_field}", ordinal(p)),
                (None, Some(r), _) => format!("Swiss rank {r} of {field}"),
                (None, None, Some(r)) => match r.rank {
                    Some(rank) => format!("league rank {rank} of {field}"),
                    None => "unranked (too few games)".to_string(),
                },
                _ => ccg_row.map_or_else(String::new, |r| match r.place {
                    Some(place) => format!("rank {place} of {field}"),
                    None => "disqualified".to_string(),
                }),
            };
            let rank = place
                .or(swiss_rank)
                .or(league_row.and_then(|r| r.rank))
                .or(ccg_row.and_then(|r| r.place).map(|p| p as u32))
                .or(recorded.map(|r| r.rank));
            let record = match (swiss_row, ccg_row, recorded) {
                (Some(r), ..) => format!("{}–{}–{}", r.wins, r.losses, r.draws),
                (None, Some(r), _) => r.score_text(),
                (None, None, Some(r)) => recorded_record(r),
                _ => match (league_row, challenge) {
                    (Some(r), _) => format!("{}–{}–{}", r.wins, r.losses, r.draws),
                    (None, Some(c)) => format!(
                        "solo {}–{}, team {}–{}",
                        c.solo.won,
                        c.solo.played - c.solo.won,
                        c.team.won,
                        c.team.played - c.team.won
                    ),
                    (None, None) => String::new(),
                },
            };
            Standing {
                result,
                rank,
                placed: place.is_some() || recorded.is_some(),
                record,
            }
        })
        .collect()
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
            page.known.note(&person.name, &person.id);
            if filled[number] {
                page.events.push(person.row.clone());
                page.sessions.extend(person.sessions.iter().cloned());
            }
        }
        for meeting in &share.meetings {
            let [a, b] = meeting.players;
            let (a, b, outcome) = (number_of[a], number_of[b], meeting.outcome);
            for (me, them, ord) in [(a, b, outcome), (b, a, outcome.reverse())] {
                // One person under two ids of one page meets no one (as on head-to-head pages).
                if me == them {
                    continue;
                }
                pages[me].met_anyone = true;
                if !filled[me] {
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
        page.sessions.reverse();
    }
    pages.sort_by(|a, b| a.id.cmp(&b.id));
    pages
}

/// `player`'s part in a challenge session, if they played it.
fn player_session(
    site: &SiteView,
    names: &NameLinks<'_>,
    event: &Event,
    session: &Session,
    player: usize,
) -> Option<PlayerSession> {
    let scenario = session.scenario;
    let (role, with) = if session.solo == player {
        (
            format!("challenge deck ({} side)", scenario.solo_side().name()),
            Vec::new(),
        )
    } else if session.team.contains(&player) {
        (
            format!(
                "team of {} ({} side)",
                session.team.len(),
                scenario.team_side().name()
            ),
            session
                .team
                .iter()
                .filter(|&&p| p != player)
                .map(|&p| names.player(p))
                .collect(),
        )
    } else {
        return None;
    };
    Some(PlayerSession {
        event: event.info.name.clone(),
        url: site.link(&format!("{}#session-{}", event_path(event), session.number)),
        date: session.date.unwrap_or(event.info.date).iso(),
        scenario: scenario.name().to_string(),
        role,
        with,
        won: session.won_by(player),
    })
}

/// `rows` laid out by competitor (`field` of them): each competitor's first row, if any.
fn by_competitor<T: Copy>(field: usize, rows: impl Iterator<Item = (usize, T)>) -> Vec<Option<T>> {
    let mut found = vec![None; field];
    for (competitor, row) in rows {
        if let Some(slot) = found.get_mut(competitor) {
            slot.get_or_insert(row);
        }
    }
    found
}

/// The players grouped by the first letter of their name.
pub(crate) fn index(pages: &[PlayerPage]) -> PlayerIndex {
    let mut letters: BTreeMap<String, Vec<IndexEntry>> = BTreeMap::new();
    for page in pages {
        let letter = page.name.chars().next().map_or_else(
            || "#".to_string(),
            |c| crate::event::ids::id_from_name(&c.to_string()).to_uppercase(),
        );
        let letter = if letter.is_empty() {
            "#".to_string()
        } else {
            letter
        };
        letters.entry(letter).or_default().push(IndexEntry {
            name: page.name.clone(),
            url: page.url.clone(),
            events: page.played,
        });
    }
    for list in letters.values_mut() {
        list.sort_by(|a, b| a.name.cmp(&b.name));
    }
    PlayerIndex {
        letters: letters.into_iter().collect(),
    }
}
