//! Head to head: every player's head-to-head page, `players/<id>/vs/`, each opponent they ever
//! met and how each meeting went.
//!
//! - Opponents met at least [`MIN_MEETINGS`] times (the opponents a player page lists) get a
//!   row each, `#vs-<id>`: the record between the two in meetings and in games, and every
//!   meeting linked to its round, with each game's side and result.
//! - The others (nearly all of them) are listed under the event where they met, by round, so
//!   that an event's name and link are written once. A Swiss round's games, sides and scores
//!   are on its round page, which the event's line links: the page says only won, lost or
//!   drawn.
//!
//! Most pairs of an archive met once (on the 1,000-event bench archive, 194,000 of 198,000):
//! a page for each pair would add a file per game played, which no static host wants, where a
//! page per player adds one file per player. The pairs met more than once had a page each too
//! (4,654 of them there): each a file and a folder a host counts, for a few lines the
//! head-to-head row now holds. The lines are kept small for the same reason: a
//! regular has met hundreds of opponents, and every byte of a line is paid some 400,000 times
//! over an archive of that size.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use super::addresses::head_to_head_path;
use super::meetings::{GamePlayed, Meeting, MeetingPage, Occasion, PairMeetings};
use super::model::{PlayerRef, SiteView};
use super::names::People;

/// How many times two players must have met for a row of their own on each other's
/// head-to-head page (and a place among each other's frequent opponents).
pub(crate) const MIN_MEETINGS: u32 = 2;

/// How the meetings between two players went for one of them: how many, and how many won, lost
/// and drawn. Head-to-head rows and the rivals on player pages count this way, and a row's games;
/// each page writes it flat (`#[serde(flatten)]`), as the `met`, `won`, `lost` and `drawn` its
/// template reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Record {
    pub(crate) met: u32,
    pub(crate) won: u32,
    pub(crate) lost: u32,
    pub(crate) drawn: u32,
}

impl Record {
    /// Counts one meeting that went `outcome` for the player counted, and names it: "won",
    /// "lost" or "drawn".
    pub(crate) fn count(&mut self, outcome: Ordering) -> &'static str {
        self.met += 1;
        match outcome {
            Ordering::Greater => {
                self.won += 1;
                "won"
            }
            Ordering::Less => {
                self.lost += 1;
                "lost"
            }
            Ordering::Equal => {
                self.drawn += 1;
                "drawn"
            }
        }
    }
}

/// A meeting with the place of its event (oldest first) and the event.
type Held<'a> = (usize, &'a Occasion, Meeting);

/// Every meeting between two player pages, by pair of page ids (in order), each meeting with
/// its event (and the event's place, oldest first) and turned to the first page's side, oldest
/// event first; and for each page, the pairs it is part of.
pub(crate) struct Archive<'a> {
    pairs: BTreeMap<(&'a str, &'a str), Vec<Held<'a>>>,
    by_page: HashMap<&'a str, Vec<(&'a str, &'a str)>>,
}

impl<'a> Archive<'a> {
    /// Gathers each event's meetings by pair of pages, oldest event first.
    pub(crate) fn gather(
        events: impl IntoIterator<Item = (&'a Occasion, PairMeetings<'a>)>,
    ) -> Self {
        let mut pairs: BTreeMap<(&'a str, &'a str), Vec<Held<'a>>> = BTreeMap::new();
        for (order, (occasion, met)) in events.into_iter().enumerate() {
            for ((a, b), meetings) in met {
                let list = pairs.entry((a, b)).or_default();
                list.extend(meetings.into_iter().map(|m| (order, occasion, m)));
            }
        }
        let mut by_page: HashMap<&'a str, Vec<(&'a str, &'a str)>> = HashMap::new();
        for &(a, b) in pairs.keys() {
            by_page.entry(a).or_default().push((a, b));
            by_page.entry(b).or_default().push((a, b));
        }
        Archive { pairs, by_page }
    }

    /// The page ids of `pages` with a head-to-head page: those who met anyone.
    pub(crate) fn head_to_head_ids(&self, pages: &BTreeSet<String>) -> Vec<&'a str> {
        let mut ids: Vec<&'a str> = self
            .by_page
            .keys()
            .copied()
            .filter(|id| pages.contains(*id))
            .collect();
        ids.sort_unstable();
        ids
    }

    /// The head-to-head page of the player page `id`: the opponents met more than once, most
    /// met first, then those met once, by event.
    pub(crate) fn head_to_head(
        &self,
        site: &SiteView,
        players: &People,
        id: &str,
    ) -> HeadToHeadPage {
        let mut rivals: Vec<Opponent> = Vec::new();
        let mut once: BTreeMap<(usize, u32), (&Occasion, OnceLine)> = BTreeMap::new();
        for &(a, b) in self.by_page.get(id).into_iter().flatten() {
            let first = a == id;
            let other = if first { b } else { a };
            let meetings = &self.pairs[&(a, b)];
            if let [(order, occasion, meeting)] = meetings.as_slice() {
                let (me, outcome, _) = turned(meeting, first);
                let line = OnceLine {
                    round: meeting.short_round(),
                    page: meeting.page_path().unwrap_or_default(),
                    verb: match outcome {
                        Ordering::Greater => "beat",
                        Ordering::Less => "lost to",
                        Ordering::Equal => "drew with",
                    },
                    player: players.person(site, other),
                    detail: meeting_detail(meeting, me),
                };
                once.insert((*order, meeting.number), (occasion, line));
                continue;
            }
            let mut row = Opponent {
                player: players.person(site, other),
                record: Record::default(),
                games: Record::default(),
                meetings: Vec::new(),
            };
            for (_, occasion, meeting) in meetings {
                row.add(site, occasion, meeting, first);
            }
            rivals.push(row);
        }
        // Most met first, then by name, then id (which settles the rest).
        rivals.sort_by(|x, y| {
            y.record
                .met
                .cmp(&x.record.met)
                .then_with(|| x.player.name.cmp(&y.player.name))
                .then_with(|| x.player.id.cmp(&y.player.id))
        });
        let met = rivals.len() + once.len();
        let mut events: Vec<EventMeetings> = Vec::new();
        let mut last = None;
        for ((order, _), (occasion, line)) in once {
            if last != Some(order) {
                last = Some(order);
                events.push(EventMeetings {
                    event: occasion.name.clone(),
                    url: site.link(&occasion.path),
                    meetings: Vec::new(),
                });
            }
            if let Some(group) = events.last_mut() {
                group.meetings.push(line);
            }
        }
        HeadToHeadPage {
            path: head_to_head_path(id),
            player: players.person(site, id),
            met,
            rivals,
            events,
        }
    }
}

/// A player's head-to-head page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct HeadToHeadPage {
    #[serde(skip)]
    pub(crate) path: String,
    pub(crate) player: PlayerRef,
    /// How many opponents the player met.
    pub(crate) met: usize,
    /// The opponents met at least [`MIN_MEETINGS`] times, most met first.
    pub(crate) rivals: Vec<Opponent>,
    /// The opponents met once, by event, oldest first: most of a regular's opponents, listed
    /// under the event's name and link once rather than each on a row of their own.
    pub(crate) events: Vec<EventMeetings>,
}

/// An opponent met at least [`MIN_MEETINGS`] times, on a head-to-head page, from the page's
/// player's side.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Opponent {
    pub(crate) player: PlayerRef,
    /// Meetings (Swiss matches, league games, SW:CCG games) and how they went.
    #[serde(flatten)]
    pub(crate) record: Record,
    /// Their games (of every meeting) and how they went.
    pub(crate) games: Record,
    /// Every meeting, oldest first, each with its games' sides and results.
    pub(crate) meetings: Vec<MeetingLine>,
}

/// One meeting with an opponent met more than once.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct MeetingLine {
    pub(crate) event: String,
    /// The event's first day, `YYYY-MM-DD`.
    pub(crate) date: String,
    /// The round's page, or the event's when the round has none.
    pub(crate) url: String,
    pub(crate) round: String,
    /// How it went, game by game: see [`games_result`].
    pub(crate) result: String,
}

/// One event's meetings with opponents met once (and only there), in round order.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EventMeetings {
    pub(crate) event: String,
    pub(crate) url: String,
    pub(crate) meetings: Vec<OnceLine>,
}

/// The one meeting with an opponent met once, said from the page owner's side as a sentence
/// whose subject is the owner: "R2 beat Cy Dax", "G4 lost to Cy Dax as light".
#[derive(Debug, Clone, Serialize)]
pub(crate) struct OnceLine {
    /// "R3", "G12".
    pub(crate) round: String,
    /// The round's or game's page below the event's address ("rounds/3/"), linked from
    /// `round`; empty where it has none. Below the event's link, which the line's group gives
    /// once, rather than a whole address on each of hundreds of lines.
    pub(crate) page: String,
    /// "beat", "lost to" or "drew with".
    pub(crate) verb: &'static str,
    pub(crate) player: PlayerRef,
    /// What the round's page does not say: see [`meeting_detail`].
    pub(crate) detail: String,
}

/// What follows "beat NAME" for the player `me`. A Swiss round's page gives the games, their
/// sides and scores: nothing. League and SW:CCG games say the side: " as dark"; games with
/// their sides, ": won as dark, lost as light, won as dark"; games without, " 2–0".
fn meeting_detail(meeting: &Meeting, me: usize) -> String {
    if meeting.page == Some(MeetingPage::Round) {
        return String::new();
    }
    let side = |game: &GamePlayed| match game.dark {
        Some(d) if d == me => " as dark",
        Some(_) => " as light",
        None => "",
    };
    match meeting.games.as_slice() {
        [] => String::new(),
        [game] => side(game).to_string(),
        // With no leading word: ": won as dark, …" or " 2–0".
        _ => games_result(meeting, me, ""),
    }
}

/// How one meeting went for the player `me` who took `result`, game by game where the sides
/// are known: "won: won as dark, lost as light, won as dark"; "won as dark" for a meeting of
/// one game; "lost 0–2" for games without sides.
fn games_result(meeting: &Meeting, me: usize, result: &str) -> String {
    let game_text = |game: &GamePlayed| {
        let outcome = match game.winner {
            None => "drawn",
            Some(w) if w == me => "won",
            Some(_) => "lost",
        };
        match game.dark {
            Some(d) if d == me => format!("{outcome} as dark"),
            Some(_) => format!("{outcome} as light"),
            None => outcome.to_string(),
        }
    };
    match meeting.games.as_slice() {
        [] => result.to_string(),
        [game] => game_text(game),
        games if games.iter().all(|g| g.dark.is_some()) => {
            let each: Vec<String> = games.iter().map(game_text).collect();
            format!("{result}: {}", each.join(", "))
        }
        games => {
            let count = |f: &dyn Fn(&GamePlayed) -> bool| games.iter().filter(|g| f(g)).count();
            let won = count(&|g| g.winner == Some(me));
            let drawn = count(&|g| g.winner.is_none());
            let lost = games.len() - won - drawn;
            if drawn > 0 {
                format!("{result} {won}–{lost}–{drawn}")
            } else {
                format!("{result} {won}–{lost}")
            }
        }
    }
}

/// How `meeting` (turned to the first page's side) went for the first page's player when
/// `first`, else for the second: that player's index in the event, and won, lost or drawn.
fn turned(meeting: &Meeting, first: bool) -> (usize, Ordering, &'static str) {
    let me = meeting.players[usize::from(!first)];
    let outcome = if first {
        meeting.outcome
    } else {
        meeting.outcome.reverse()
    };
    let word = match outcome {
        Ordering::Greater => "won",
        Ordering::Less => "lost",
        Ordering::Equal => "drawn",
    };
    (me, outcome, word)
}

impl Opponent {
    /// Counts one meeting and its games, from the side of the first player of the pair when
    /// `first`.
    fn add(&mut self, site: &SiteView, occasion: &Occasion, meeting: &Meeting, first: bool) {
        let (me, outcome, word) = turned(meeting, first);
        let result = games_result(meeting, me, word);
        self.record.count(outcome);
        for game in &meeting.games {
            self.games.count(match game.winner {
                Some(w) if w == me => Ordering::Greater,
                Some(_) => Ordering::Less,
                None => Ordering::Equal,
            });
        }
        self.meetings.push(MeetingLine {
            event: occasion.name.clone(),
            date: occasion.date.clone(),
            url: site.link(&format!(
                "{}{}",
                occasion.path,
                meeting.page_path().unwrap_or_default()
            )),
            round: meeting.round(),
            result,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::meetings::by_pair;

    fn meeting(
        players: [usize; 2],
        outcome: Ordering,
        games: &[(usize, Option<usize>)],
    ) -> Meeting {
        Meeting {
            players,
            outcome,
            number: 1,
            page: Some(MeetingPage::Round),
            games: games
                .iter()
                .map(|&(dark, winner)| GamePlayed {
                    dark: Some(dark),
                    winner,
                })
                .collect(),
        }
    }

    #[test]
    fn meetings_are_turned_to_the_first_page_and_counted_with_their_games() {
        let pages = [Some("tom"), Some("ann"), None];
        // Tom (0) beat Ann (1) 2-0 with a game each side; then a drawn league game; a meeting
        // with someone of no page is left out.
        let met = [
            meeting([0, 1], Ordering::Greater, &[(0, Some(0)), (1, Some(0))]),
            meeting([1, 0], Ordering::Equal, &[(1, None)]),
            meeting([0, 2], Ordering::Greater, &[(0, Some(0))]),
        ];
        let pairs = by_pair(&pages, &met, None);
        assert_eq!(pairs.keys().collect::<Vec<_>>(), [&("ann", "tom")]);
        let occasion = Occasion {
            name: "Cup".into(),
            path: "events/cup/".into(),
            date: "2024-01-01".into(),
            end_date: None,
        };
        let archive = Archive::gather([(&occasion, pairs)]);
        let config =
            crate::config::Config::parse("title = \"T\"\nbase_url = \"https://example.org/\"")
                .expect("a valid configuration");
        let site = SiteView::new(&config, &[]);
        let people = People::new([]);
        // Ann's page: Tom met twice, a row of his own with every game's side.
        let ann = archive.head_to_head(&site, &people, "ann");
        let [tom] = ann.rivals.as_slice() else {
            panic!("one rival: {:?}", ann.rivals)
        };
        assert_eq!(tom.player.id, "tom");
        assert_eq!(
            tom.record,
            Record {
                met: 2,
                won: 0,
                lost: 1,
                drawn: 1
            }
        );
        assert_eq!(
            tom.games,
            Record {
                met: 3,
                won: 0,
                lost: 2,
                drawn: 1
            }
        );
        let results: Vec<&str> = tom.meetings.iter().map(|m| m.result.as_str()).collect();
        assert_eq!(
            results,
            ["lost: lost as light, lost as dark", "drawn as dark"]
        );
        assert_eq!(tom.meetings[0].url, "/events/cup/rounds/1/");
        // Tom's page, the other way round.
        let tom_page = archive.head_to_head(&site, &people, "tom");
        assert_eq!(tom_page.rivals[0].games.won, 2);
        assert_eq!(
            tom_page.rivals[0].meetings[0].result,
            "won: won as dark, won as light"
        );
    }
}
