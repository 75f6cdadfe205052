//! Head to head, at two addresses:
//!
//! - every player's head-to-head page, `players/<id>/vs/`: each opponent they ever met and how
//!   each meeting went. Opponents met more than once get a row each, with the record between
//!   the two, a link to their rivalry page and every meeting linked to its round; the others
//!   (nearly all of them) are listed under the event where they met, by round, so that an
//!   event's name and link are written once. A Swiss round's games, sides and scores are on its
//!   round page, which the meeting or the event links: the page says only won, lost or drawn.
//! - a rivalry page for two players who have met at least [`MIN_MEETINGS`] times (the
//!   opponents a player page lists), `players/<a>/vs/<b>/` with the page ids in order
//!   (`a < b`): one address for the pair, every game a row.
//!
//! Most pairs of an archive met once (on the 1,000-event bench archive, 194,000 of 198,000):
//! a page for each pair would add a file per game played, which no static host wants, where a
//! page per player adds one file per player. The lines are kept small for the same reason: a
//! regular has met hundreds of opponents, and every byte of a line is paid some 400,000 times
//! over an archive of that size.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;

use super::model::{PlayerRef, SiteView};
use super::players::PlayerPage;
use crate::event::{Event, Outcome};
use crate::rules::compute::Computed;
use crate::rules::scoring::score_round;

/// One game of a meeting, by the event's player indexes: who played dark (when recorded) and
/// who won (`None`: drawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamePlayed {
    pub dark: Option<usize>,
    pub winner: Option<usize>,
}

/// One meeting of two players in an event: a Swiss match, a league game or a SW:CCG game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meeting {
    pub players: [usize; 2],
    /// How the first player fared against the second.
    pub outcome: Ordering,
    /// "Round 3", "Game 12".
    pub round: String,
    /// The round's or the game's number, which orders one player's meetings in an event.
    pub number: u32,
    /// The Swiss round's number, which has a page of its own (see [`super::model::round_path`]).
    pub round_page: Option<u32>,
    pub games: Vec<GamePlayed>,
}

impl Meeting {
    /// The round or game in short: "R3" for "Round 3", "G12" for "Game 12".
    pub fn short_round(&self) -> String {
        let letter = self.round.chars().next().unwrap_or('R');
        format!("{letter}{}", self.number)
    }
}

/// Head to head in a single-player event: Swiss matches (by the match points each took), league
/// games and SW:CCG games, one meeting each (SW:CCG true ties have a winner too).
pub fn meetings(event: &Event, computed: &Computed) -> Vec<Meeting> {
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
                round: format!("Round {}", round.number),
                number: round.number,
                round_page: Some(round.number),
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
                round: format!("Game {}", g.number),
                number: g.number,
                round_page: None,
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
                    round: format!("Round {}", round + 1),
                    number: u32::try_from(round + 1).unwrap_or(u32::MAX),
                    round_page: None,
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

/// How many times two players must have met for a rivalry page (and a place among each other's
/// frequent opponents).
pub const MIN_MEETINGS: u32 = 2;

/// The event a meeting was part of, as a head-to-head row links it.
#[derive(Debug, Clone)]
pub struct Occasion {
    pub name: String,
    pub url: String,
    pub date: String,
}

/// The path of the rivalry page of two player pages, in either order.
pub fn rivalry_path(a: &str, b: &str) -> String {
    let (first, second) = if a <= b { (a, b) } else { (b, a) };
    format!("players/{first}/vs/{second}/")
}

/// The path of a player's head-to-head page, every opponent they met.
pub fn head_to_head_path(id: &str) -> String {
    format!("players/{id}/vs/")
}

/// The two page ids of a rivalry page's file (`players/<a>/vs/<b>/index.html`), or `None`
/// for any other file.
pub fn pair_of(file: &str) -> Option<(&str, &str)> {
    let rest = file.strip_prefix("players/")?.strip_suffix("/index.html")?;
    let (a, b) = rest.split_once("/vs/")?;
    (!a.contains('/') && !b.contains('/')).then_some((a, b))
}

/// One game on a rivalry page, from the first player's side.
#[derive(Debug, Clone, Serialize)]
pub struct GameRow {
    pub event: String,
    pub url: String,
    pub date: String,
    pub round: String,
    /// The first player's side: "dark", "light", or empty when not recorded.
    pub side: &'static str,
    /// "won", "lost" or "drawn", for the first player.
    pub result: &'static str,
}

/// How the meetings between two players went for one of them: how many, and how many won, lost
/// and drawn. Head-to-head rows, rivalry pages and the rivals on player pages all count this way;
/// each page writes it flat (`#[serde(flatten)]`), as the `met`, `won`, `lost` and `drawn` its
/// template reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    pub met: u32,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

impl Record {
    /// Counts one meeting that went `outcome` for the player counted, and names it: "won",
    /// "lost" or "drawn".
    pub fn count(&mut self, outcome: Ordering) -> &'static str {
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

/// A rivalry page.
#[derive(Debug, Clone, Serialize)]
pub struct RivalryPage {
    #[serde(skip)]
    pub path: String,
    /// The two players, their page ids in order.
    pub players: [PlayerRef; 2],
    /// Meetings (Swiss matches, league games, SW:CCG games): met, and won, lost and drawn by
    /// the first player.
    #[serde(flatten)]
    pub record: Record,
    /// Games, won, lost and drawn by the first player.
    pub games_won: u32,
    pub games_lost: u32,
    pub games_drawn: u32,
    /// Every game, oldest event first.
    pub games: Vec<GameRow>,
}

/// What one event's meetings between two pages add: by pair of page ids (in order), each
/// meeting with the first page's player index first.
pub type PairMeetings<'a> = BTreeMap<(&'a str, &'a str), Vec<Meeting>>;

/// The meetings of one event by pair of pages, each turned to the first page's side.
pub fn by_pair<'a>(pages: &[Option<&'a str>], meetings: &[Meeting]) -> PairMeetings<'a> {
    let mut pairs: PairMeetings<'a> = BTreeMap::new();
    for meeting in meetings {
        let [a, b] = meeting.players;
        let (Some(Some(pa)), Some(Some(pb))) = (pages.get(a), pages.get(b)) else {
            continue;
        };
        if pa == pb {
            continue;
        }
        let turned = if pa < pb {
            meeting.clone()
        } else {
            Meeting {
                players: [b, a],
                outcome: meeting.outcome.reverse(),
                ..meeting.clone()
            }
        };
        let key = if pa < pb { (*pa, *pb) } else { (*pb, *pa) };
        pairs.entry(key).or_default().push(turned);
    }
    pairs
}

/// A meeting with the place of its event (oldest first) and the event.
type Held<'a> = (usize, &'a Occasion, Meeting);

/// Every meeting between two player pages, by pair of page ids (in order), each meeting with
/// its event (and the event's place, oldest first) and turned to the first page's side, oldest
/// event first; and for each page, the pairs it is part of.
pub struct Archive<'a> {
    pairs: BTreeMap<(&'a str, &'a str), Vec<Held<'a>>>,
    by_page: HashMap<&'a str, Vec<(&'a str, &'a str)>>,
}

impl<'a> Archive<'a> {
    /// Gathers each event's meetings, oldest event first, for the pairs with a page in `scope`
    /// (`None`: every pair).
    pub fn gather(
        events: impl IntoIterator<Item = (&'a Occasion, PairMeetings<'a>)>,
        scope: Option<&BTreeSet<String>>,
    ) -> Self {
        let mut pairs: BTreeMap<(&'a str, &'a str), Vec<Held<'a>>> = BTreeMap::new();
        for (order, (occasion, met)) in events.into_iter().enumerate() {
            for ((a, b), meetings) in met {
                if scope.is_some_and(|s| !s.contains(a) && !s.contains(b)) {
                    continue;
                }
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

    /// The rivalry pages: the pairs that met at least [`MIN_MEETINGS`] times. `players` gives
    /// each page its current name.
    pub fn rivalry_pages(&self, site: &SiteView, players: &People) -> Vec<RivalryPage> {
        self.pairs
            .iter()
            .filter(|(_, meetings)| meetings.len() >= MIN_MEETINGS as usize)
            .map(|(&(a, b), meetings)| {
                let mut page = RivalryPage {
                    path: rivalry_path(a, b),
                    players: [players.person(site, a), players.person(site, b)],
                    record: Record::default(),
                    games_won: 0,
                    games_lost: 0,
                    games_drawn: 0,
                    games: Vec::new(),
                };
                for (_, occasion, meeting) in meetings {
                    page.add(occasion, meeting);
                }
                page
            })
            .collect()
    }

    /// The page ids with a head-to-head page in `scope` (`None`: every page): those who met
    /// anyone.
    pub fn head_to_head_ids(&self, scope: Option<&BTreeSet<String>>) -> Vec<&'a str> {
        let mut ids: Vec<&'a str> = self
            .by_page
            .keys()
            .copied()
            .filter(|id| scope.is_none_or(|s| s.contains(*id)))
            .collect();
        ids.sort_unstable();
        ids
    }

    /// The head-to-head page of the player page `id`: the opponents met more than once, most
    /// met first, then those met once, by event.
    pub fn head_to_head(&self, site: &SiteView, players: &People, id: &str) -> HeadToHeadPage {
        let mut rivals: Vec<Opponent> = Vec::new();
        let mut once: BTreeMap<(usize, u32), (&Occasion, OnceLine)> = BTreeMap::new();
        for &(a, b) in self.by_page.get(id).into_iter().flatten() {
            let first = a == id;
            let other = if first { b } else { a };
            let meetings = &self.pairs[&(a, b)];
            if let [(order, occasion, meeting)] = meetings.as_slice() {
                let (_, result) = turned(meeting, first);
                let line = OnceLine {
                    round: meeting.short_round(),
                    player: players.person(site, other),
                    result,
                };
                once.insert((*order, meeting.number), (occasion, line));
                continue;
            }
            let mut row = Opponent {
                player: players.person(site, other),
                record: Record::default(),
                rivalry_url: site.link(&rivalry_path(a, b)),
                meetings: Vec::new(),
            };
            for (_, occasion, meeting) in meetings {
                row.add(occasion, meeting, first);
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
                    url: occasion.url.clone(),
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

/// The player pages by id, for the current name and address of each.
pub struct People<'a>(HashMap<&'a str, &'a PlayerPage>);

impl<'a> People<'a> {
    pub fn new(players: &'a [PlayerPage]) -> Self {
        People(players.iter().map(|p| (p.id.as_str(), p)).collect())
    }

    fn person(&self, site: &SiteView, id: &str) -> PlayerRef {
        PlayerRef {
            id: id.to_string(),
            name: self
                .0
                .get(id)
                .map_or_else(|| id.to_string(), |p| p.name.clone()),
            url: site.link(&super::players::player_path(id)),
        }
    }
}

/// A player's head-to-head page.
#[derive(Debug, Clone, Serialize)]
pub struct HeadToHeadPage {
    #[serde(skip)]
    pub path: String,
    pub player: PlayerRef,
    /// How many opponents the player met.
    pub met: usize,
    /// The opponents met at least [`MIN_MEETINGS`] times, most met first.
    pub rivals: Vec<Opponent>,
    /// The opponents met once, by event, oldest first: most of a regular's opponents, listed
    /// under the event's name and link once rather than each on a row of their own.
    pub events: Vec<EventMeetings>,
}

/// An opponent met at least [`MIN_MEETINGS`] times, on a head-to-head page, from the page's
/// player's side.
#[derive(Debug, Clone, Serialize)]
pub struct Opponent {
    pub player: PlayerRef,
    /// Meetings (Swiss matches, league games, SW:CCG games) and how they went.
    #[serde(flatten)]
    pub record: Record,
    /// The two players' rivalry page, with every game and its side.
    pub rivalry_url: String,
    /// Every meeting, oldest first.
    pub meetings: Vec<MeetingLine>,
}

/// One meeting with an opponent met more than once.
#[derive(Debug, Clone, Serialize)]
pub struct MeetingLine {
    pub event: String,
    /// The round's page, or the event's when the round has none.
    pub url: String,
    pub round: String,
    /// How it went: see [`meeting_result`].
    pub result: String,
}

/// One event's meetings with opponents met once (and only there), in round order.
#[derive(Debug, Clone, Serialize)]
pub struct EventMeetings {
    pub event: String,
    pub url: String,
    pub meetings: Vec<OnceLine>,
}

/// The one meeting with an opponent met once.
#[derive(Debug, Clone, Serialize)]
pub struct OnceLine {
    /// "Round 3", "Game 12".
    pub round: String,
    pub player: PlayerRef,
    /// How it went: see [`meeting_result`].
    pub result: String,
}

/// How one meeting went for the player `me` who took `result` ("won", "lost", "drawn"). A
/// Swiss round has a page of its own, with the games, their sides and scores: the match result
/// says enough. League and SW:CCG games (no round page) say their side: "won as dark"; games
/// with their sides, "won: won as dark, lost as light, won as dark"; games without, "lost 0–2".
fn meeting_result(meeting: &Meeting, me: usize, result: &str) -> String {
    if meeting.round_page.is_some() {
        return result.to_string();
    }
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
/// `first`, else for the second: won, lost or drawn, and in words ([`meeting_result`]).
fn turned(meeting: &Meeting, first: bool) -> (Ordering, String) {
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
    (outcome, meeting_result(meeting, me, word))
}

impl Opponent {
    /// Counts one meeting, from the side of the first player of the pair when `first`.
    fn add(&mut self, occasion: &Occasion, meeting: &Meeting, first: bool) {
        let (outcome, result) = turned(meeting, first);
        self.record.count(outcome);
        self.meetings.push(MeetingLine {
            event: occasion.name.clone(),
            url: match meeting.round_page {
                Some(n) => format!("{}rounds/{n}/", occasion.url),
                None => occasion.url.clone(),
            },
            round: meeting.round.clone(),
            result,
        });
    }
}

impl RivalryPage {
    /// Counts one meeting (turned to the first player's side) and lists its games.
    fn add(&mut self, occasion: &Occasion, meeting: &Meeting) {
        let [me, _] = meeting.players;
        self.record.count(meeting.outcome);
        for game in &meeting.games {
            let result = match game.winner {
                Some(w) if w == me => {
                    self.games_won += 1;
                    "won"
                }
                Some(_) => {
                    self.games_lost += 1;
                    "lost"
                }
                None => {
                    self.games_drawn += 1;
                    "drawn"
                }
            };
            self.games.push(GameRow {
                event: occasion.name.clone(),
                url: occasion.url.clone(),
                date: occasion.date.clone(),
                round: meeting.round.clone(),
                side: match game.dark {
                    Some(d) if d == me => "dark",
                    Some(_) => "light",
                    None => "",
                },
                result,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_has_one_address_in_either_order() {
        assert_eq!(rivalry_path("tom", "ann"), "players/ann/vs/tom/");
        assert_eq!(rivalry_path("ann", "tom"), "players/ann/vs/tom/");
        let file = format!("{}index.html", rivalry_path("tom", "ann"));
        assert_eq!(pair_of(&file), Some(("ann", "tom")));
        assert_eq!(pair_of("players/ann/index.html"), None);
        assert_eq!(pair_of("players/ann/vs/tom/x/index.html"), None);
    }

    fn meeting(
        players: [usize; 2],
        outcome: Ordering,
        games: &[(usize, Option<usize>)],
    ) -> Meeting {
        Meeting {
            players,
            outcome,
            round: "Round 1".into(),
            number: 1,
            round_page: Some(1),
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
    fn meetings_are_turned_to_the_first_page_and_counted() {
        let pages = [Some("tom"), Some("ann"), None];
        // Tom (0) beat Ann (1) 2-0 with a game each side; then a drawn league game; a meeting
        // with someone of no page is left out.
        let met = [
            meeting([0, 1], Ordering::Greater, &[(0, Some(0)), (1, Some(0))]),
            meeting([1, 0], Ordering::Equal, &[(1, None)]),
            meeting([0, 2], Ordering::Greater, &[(0, Some(0))]),
        ];
        let pairs = by_pair(&pages, &met);
        assert_eq!(pairs.keys().collect::<Vec<_>>(), [&("ann", "tom")]);
        let occasion = Occasion {
            name: "Cup".into(),
            url: "/events/cup/".into(),
            date: "2024-01-01".into(),
        };
        let mut page = RivalryPage {
            path: rivalry_path("ann", "tom"),
            players: [
                PlayerRef {
                    id: "ann".into(),
                    name: "Ann".into(),
                    url: String::new(),
                },
                PlayerRef {
                    id: "tom".into(),
                    name: "Tom".into(),
                    url: String::new(),
                },
            ],
            record: Record::default(),
            games_won: 0,
            games_lost: 0,
            games_drawn: 0,
            games: Vec::new(),
        };
        for m in &pairs[&("ann", "tom")] {
            page.add(&occasion, m);
        }
        assert_eq!(
            page.record,
            Record {
                met: 2,
                won: 0,
                lost: 1,
                drawn: 1
            }
        );
        assert_eq!(
            (page.games_won, page.games_lost, page.games_drawn),
            (0, 2, 1)
        );
        let rows: Vec<(&str, &str)> = page.games.iter().map(|g| (g.side, g.result)).collect();
        assert_eq!(
            rows,
            [("light", "lost"), ("dark", "lost"), ("dark", "drawn")]
        );
    }
}
