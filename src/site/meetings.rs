//! Who met whom in one event, and how it went: its Swiss matches, league games and SW:CCG games,
//! by the event's player indexes, as plain facts. Worked out once per event (with its other
//! [`super::contribution`]s), so that the head-to-head pages and the rivals on player pages are
//! assembled from every event's meetings without going over their rounds again
//! ([`super::rivalries`]).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::event::{Event, Outcome};
use crate::rules::computed::Computed;
use crate::rules::scoring::score_round;

/// One game of a meeting, by the event's player indexes: who played dark (when recorded) and
/// who won (`None`: drawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GamePlayed {
    pub(crate) dark: Option<usize>,
    pub(crate) winner: Option<usize>,
}

/// One meeting of two players in an event: a Swiss match, a league game or a SW:CCG game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Meeting {
    pub(crate) players: [usize; 2],
    /// How the first player fared against the second.
    #[serde(with = "ordering")]
    pub(crate) outcome: Ordering,
    /// The round's or the game's number, which orders one player's meetings in an event.
    pub(crate) number: u32,
    /// The page of its event the meeting's round or game has to itself, numbered by `number`:
    /// a Swiss round's, a SW:CCG game's; `None` for a league game. It also tells which kind the
    /// meeting was, so the meeting holds no label of its own: an archive holds hundreds of
    /// thousands of them.
    pub(crate) page: Option<MeetingPage>,
    pub(crate) games: Vec<GamePlayed>,
}

/// The kind of page a meeting's round or game has (see [`Meeting::page`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum MeetingPage {
    /// A Swiss round's page (see [`super::addresses::round_path`]).
    Round,
    /// A SW:CCG game's page (see [`super::addresses::game_path`]).
    Game,
}

impl Meeting {
    /// The page of the meeting's round or game, below its event's address: "rounds/3/",
    /// "games/5/", or `None` where it has none.
    pub(crate) fn page_path(&self) -> Option<String> {
        self.page.map(|page| match page {
            MeetingPage::Round => format!("rounds/{}/", self.number),
            MeetingPage::Game => format!("games/{}/", self.number),
        })
    }

    /// "Round 3" for a Swiss round, "Game 12" for a league or SW:CCG game.
    pub(crate) fn round(&self) -> String {
        format!("{} {}", self.stage(), self.number)
    }

    /// The round or game in short: "R3" for "Round 3", "G12" for "Game 12".
    pub(crate) fn short_round(&self) -> String {
        format!("{}{}", &self.stage()[..1], self.number)
    }

    fn stage(&self) -> &'static str {
        if self.page == Some(MeetingPage::Round) {
            "Round"
        } else {
            "Game"
        }
    }
}

/// Head to head in a single-player event: Swiss matches (by the match points each took), league
/// games and SW:CCG games, one meeting each (SW:CCG true ties have a winner too).
pub(crate) fn meetings(event: &Event, computed: &Computed) -> Vec<Meeting> {
    let mut met = Vec::new();
    for round in event.rounds() {
        let scores = score_round(computed.ruleset, event, round);
        for table in &round.tables {
            let [a, b] = table.players;
            let (Some(x), Some(y)) = (scores[a], scores[b]) else {
                continue;
            };
            if x.opponent() != Some(b) {
                continue;
            }
            let games = match &table.outcome {
                Outcome::Games(games) => games
                    .iter()
                    .enumerate()
                    .map(|(i, game)| GamePlayed {
                        // The sides swap for the second game.
                        dark: table.first_dark.map(|first| {
                            let other = if first == a { b } else { a };
                            if i % 2 == 0 { first } else { other }
                        }),
                        winner: game.winner,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            met.push(Meeting {
                players: [a, b],
                outcome: x.points.cmp(&y.points),
                number: round.number,
                page: Some(MeetingPage::Round),
                games,
            });
        }
    }
    if let Some(league) = computed.league() {
        for g in &league.games {
            let [dark, light] = g.players;
            let outcome = match g.winner {
                Some(w) if w == dark => Ordering::Greater,
                Some(_) => Ordering::Less,
                None => Ordering::Equal,
            };
            met.push(Meeting {
                players: [dark, light],
                outcome,
                number: g.number,
                page: None,
                games: vec![GamePlayed {
                    dark: Some(dark),
                    winner: g.winner,
                }],
            });
        }
    }
    if let Some(ccg) = computed.ccg() {
        for (round, tables) in ccg.games().iter().enumerate() {
            for t in tables {
                let outcome = if t.winner == t.dark {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
                met.push(Meeting {
                    players: [t.dark, t.light],
                    outcome,
                    // SW:CCG events count games: each recorded entry is one game.
                    number: u32::try_from(round + 1).unwrap_or(u32::MAX),
                    page: Some(MeetingPage::Game),
                    games: vec![GamePlayed {
                        dark: Some(t.dark),
                        winner: Some(t.winner),
                    }],
                });
            }
        }
    }
    met
}

/// The event a meeting was part of, as head-to-head rows name and link it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Occasion {
    pub(crate) name: String,
    pub(crate) path: String,
    /// The first (or only) day, `YYYY-MM-DD`.
    pub(crate) date: String,
    /// The last day of an event of several (its `end_date`, when later than `date`).
    pub(crate) end_date: Option<String>,
}

/// What one event's meetings between two pages add: by pair of page ids (in order), each
/// meeting with the first page's player index first.
pub(crate) type PairMeetings<'a> = BTreeMap<(&'a str, &'a str), Vec<Meeting>>;

/// The meetings of one event by pair of pages, each turned to the first page's side, for the
/// pairs with a page in `scope` (`None`: every pair).
pub(crate) fn by_pair<'a>(
    pages: &[Option<&'a str>],
    meetings: &[Meeting],
    scope: Option<&BTreeSet<String>>,
) -> PairMeetings<'a> {
    let mut pairs: PairMeetings<'a> = BTreeMap::new();
    for meeting in meetings {
        let Some((pa, pb)) = pages_met(pages, meeting) else {
            continue;
        };
        if scope.is_some_and(|s| !s.contains(pa) && !s.contains(pb)) {
            continue;
        }
        let turned = if pa < pb {
            meeting.clone()
        } else {
            Meeting {
                players: [meeting.players[1], meeting.players[0]],
                outcome: meeting.outcome.reverse(),
                ..meeting.clone()
            }
        };
        let key = if pa < pb { (pa, pb) } else { (pb, pa) };
        pairs.entry(key).or_default().push(turned);
    }
    pairs
}

/// The two pages a meeting was between, when both players have one and they differ: the
/// meetings head-to-head pages count.
pub(crate) fn pages_met<'a>(
    pages: &[Option<&'a str>],
    meeting: &Meeting,
) -> Option<(&'a str, &'a str)> {
    let [a, b] = meeting.players;
    match (pages.get(a), pages.get(b)) {
        (Some(Some(pa)), Some(Some(pb))) if pa != pb => Some((pa, pb)),
        _ => None,
    }
}

/// An [`Ordering`] in the encoding of a share: -1, 0 or 1.
mod ordering {
    use std::cmp::Ordering;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(order: &Ordering, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_i8(*order as i8)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Ordering, D::Error> {
        Ok(i8::deserialize(from)?.cmp(&0))
    }
}
