//! What one event adds to its players' pages, as plain facts: each person's place, record,
//! decklists and challenge sessions, with site paths, not links, and the meetings between them.
//! Worked out once per event (with its other [`super::contribution`]s), so that an edit to one
//! event assembles the player pages from the others' shares without going over their rounds
//! again; the player pages ([`super::players`]) turn it into their rows.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::addresses::{deck_path, event_path, page_id, person_path};

use super::meetings::{Meeting, Occasion, PairMeetings, by_pair, meetings, pages_met};
use super::standings::{Standing, competitor_of, standings};
use crate::encoded::Encoded;
use crate::event::casual::Session;
use crate::event::{Event, Kind, Side};
use crate::load::aliases::Aliases;
use crate::rules::computed::Computed;

/// One event's part in the player archive: each person's part and the meetings between them.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct EventShare {
    /// In registration order; `None` for a person who plays for no team in a team event.
    pub(crate) people: Vec<Option<PersonShare>>,
    /// Head to head, by position in `people`; read by every batch of player and head-to-head
    /// pages, decoded each time (see [`crate::encoded`]).
    meetings: Encoded<Vec<Meeting>>,
    /// The event, as head-to-head pages name it.
    occasion: Occasion,
    /// What every person's row of the event shares, kept once here rather than in each row.
    pub(crate) rules: String,
    /// The event holds its decklists back for now.
    pub(crate) decks_withheld: bool,
}

impl EventShare {
    /// The event, as head-to-head pages name it.
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

    /// The event's meetings by pair of player pages, for the pairs with a page in `pages`
    /// (see [`super::rivalries`]).
    pub(crate) fn pairs(&self, pages: &BTreeSet<String>) -> PairMeetings<'_> {
        let own = self.pages();
        // A batch of head-to-head pages goes over every event: most have none of its players.
        if !own.iter().flatten().any(|page| pages.contains(*page)) {
            return PairMeetings::new();
        }
        by_pair(&own, &self.meetings(), Some(pages))
    }

    /// The meetings between the event's people, by position in `people`.
    pub(crate) fn meetings(&self) -> Vec<Meeting> {
        self.meetings.open()
    }

    /// Adds to `counts` how many meetings with another page each player page in `scope`
    /// (`None`: every page) had in the event.
    pub(crate) fn count_meetings<'a>(
        &'a self,
        scope: Option<&BTreeSet<String>>,
        counts: &mut BTreeMap<&'a str, usize>,
    ) {
        for person in self.people.iter().flatten() {
            if person.met > 0 && scope.is_none_or(|s| s.contains(&person.page)) {
                *counts.entry(person.page.as_str()).or_default() += person.met;
            }
        }
    }

    /// Each person's player page, by position in `people`.
    fn pages(&self) -> Vec<Option<&str>> {
        self.people
            .iter()
            .map(|p| p.as_ref().map(|p| p.page.as_str()))
            .collect()
    }
}

/// One person's part in one event.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct PersonShare {
    /// The page the person's rows go to (`players.toml` applied).
    pub(crate) page: String,
    /// The id and name the event knows the person by.
    pub(crate) id: String,
    pub(crate) name: String,
    /// Read only for the pages a batch fills in, so decoded only then: once a build. Not
    /// deflated: a person's own facts are a few dozen bytes, which deflate would hardly shorten,
    /// and making a deflater for each person would be most of the time an event's shares take.
    pub(crate) rows: Encoded<PersonRows>,
    /// How many of the event's meetings the person had with another page's player: counted
    /// once here, so that the pages that only count meetings (every edit `serve` sees asks
    /// which pages met anyone) need not decode every event's meetings.
    pub(crate) met: usize,
}

/// The rows one person's page has of one event.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct PersonRows {
    pub(crate) played: Played,
    pub(crate) sessions: Vec<SessionPlayed>,
}

/// How one person's event went (the event itself is the share's [`EventShare::occasion`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Played {
    /// "1st of 13", "Swiss rank 5 of 24", or empty while unknown.
    pub(crate) result: String,
    /// Games won–lost–drawn, a SW:CCG record `6–2, 12 VP (+28)`, or a recorded score.
    pub(crate) record: String,
    /// The final place, once the event gave one.
    pub(crate) place: Option<u32>,
    /// Whether that place is inside the event's cut (its top cut, or the two finalists of a
    /// SW:CCG Final Confrontation).
    pub(crate) top_cut: bool,
    pub(crate) deck_path: Option<String>,
    /// The decklists recorded, dark first: each one's side and affiliation.
    pub(crate) decks: Vec<(Side, Option<String>)>,
    /// Team events: the team played for.
    pub(crate) team: Option<Named>,
}

/// A competitor of an event, with where their name links to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Named {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) path: String,
}

/// One challenge-deck session of one person.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SessionPlayed {
    pub(crate) event: String,
    /// The session on its event page.
    pub(crate) path: String,
    pub(crate) date: String,
    pub(crate) scenario: String,
    /// "challenge deck (dark side)" or "team of 3 (light side)".
    pub(crate) role: String,
    /// The others on the person's side.
    pub(crate) with: Vec<Named>,
    pub(crate) won: bool,
}

/// The competitor registered at `index` of `event`, and where their name links to away from
/// the event page: a person's page, or a team's entry on its event page.
fn named(aliases: &Aliases, event: &Event, index: usize) -> Named {
    let p = &event.players[index];
    Named {
        id: p.id.clone(),
        name: p.name.clone(),
        path: if event.is_team() {
            format!("{}#player-{}", event_path(event), p.id)
        } else {
            person_path(aliases, &p.id)
        },
    }
}

/// The player pages' share of `event`.
pub(crate) fn share(aliases: &Aliases, event: &Event, computed: &Computed) -> EventShare {
    let team = event.is_team();
    let people = event.persons();
    let standings = standings(event, computed);
    let mut shares = Vec::with_capacity(people.len());
    for (index, person) in people.iter().enumerate() {
        let Some(competitor) = competitor_of(event, index) else {
            shares.push(None);
            continue;
        };
        let Standing {
            result,
            record,
            rank,
            placed,
        } = standings[competitor].clone();
        let place = rank.filter(|_| placed);
        shares.push(Some(PersonShare {
            page: page_id(aliases, &person.id).to_string(),
            id: person.id.clone(),
            name: person.name.clone(),
            rows: Encoded::new(&PersonRows {
                played: Played {
                    result,
                    record,
                    place,
                    top_cut: place
                        .zip(computed.cut)
                        .is_some_and(|(place, cut)| cut > 0 && place <= cut),
                    deck_path: deck_path(event, person),
                    decks: [
                        (Side::Dark, &person.decks.dark),
                        (Side::Light, &person.decks.light),
                    ]
                    .into_iter()
                    .filter_map(|(side, deck)| deck.as_ref().map(|d| (side, d.affiliation.clone())))
                    .collect(),
                    team: team.then(|| named(aliases, event, competitor)),
                },
                sessions: match &event.kind {
                    Kind::Challenge(sessions) => &sessions[..],
                    _ => &[],
                }
                .iter()
                .filter_map(|session| session_played(aliases, event, session, index))
                .collect(),
            }),
            met: 0,
        }));
    }
    // Meetings are counted in single-player events only, where every person plays.
    let meetings = if team {
        Vec::new()
    } else {
        meetings(event, computed)
    };
    let pages: Vec<Option<String>> = shares
        .iter()
        .map(|p| p.as_ref().map(|p| p.page.clone()))
        .collect();
    let pages: Vec<Option<&str>> = pages.iter().map(Option::as_deref).collect();
    for meeting in &meetings {
        if pages_met(&pages, meeting).is_some() {
            for person in meeting.players {
                if let Some(Some(share)) = shares.get_mut(person) {
                    share.met += 1;
                }
            }
        }
    }
    EventShare {
        people: shares,
        meetings: Encoded::new(&meetings),
        occasion: Occasion {
            name: event.info.name.clone(),
            path: event_path(event),
            date: event.info.date.iso(),
            end_date: event
                .info
                .end_date
                .filter(|&end| end != event.info.date)
                .map(|end| end.iso()),
        },
        rules: event.info.rules.clone(),
        decks_withheld: !computed.decklists_published,
    }
}

/// `player`'s part in a challenge session, if they played it.
fn session_played(
    aliases: &Aliases,
    event: &Event,
    session: &Session,
    player: usize,
) -> Option<SessionPlayed> {
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
                .map(|&p| named(aliases, event, p))
                .collect(),
        )
    } else {
        return None;
    };
    Some(SessionPlayed {
        event: event.info.name.clone(),
        path: format!("{}#session-{}", event_path(event), session.number),
        date: session.date.unwrap_or(event.info.date).iso(),
        scenario: scenario.name().to_string(),
        role,
        with,
        won: session.won_by(player),
    })
}
