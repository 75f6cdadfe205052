//! The players' ratings across the archive: the ratings page (one ranked table per game and
//! side), each player's rating section with its history chart, and the ratings the search
//! index carries. Each event's rated games are picked out once ([`super::event_games`]), with its other
//! [`super::contribution`]s; the ratings themselves are archive-wide (a game's effect depends
//! on everything before it), so they are worked out again from those lists on every build and
//! every edit `serve` sees; `serve` keeps what each rating leaves for the next
//! ([`crate::rules::rating::Resumes`]), which rates again only from the first period an edit
//! changed.
//!
//! Each game is rated in three pools: the overall one, where a player has one rating per game
//! (SW:LCG, SW:CCG), and the sided one, where a player has a dark-side and a light-side rating
//! and a game rates the dark player's dark-side rating against the light player's light-side
//! one. A game whose sides the file does not say counts in the overall pool only.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use super::chart::{Point, line_chart};
use super::event_games::{EventGames, HeldGames};
use super::model::SiteView;
use super::names::People;
use crate::config::Ratings as Settings;
use crate::encoded::each_decoded;
use crate::rules::Family;
use crate::rules::rating::{Game, Period, PeriodLength, Resumes, Score, Track, rate};

/// The games the ratings are kept for, with their names on the pages and in ids.
const GAMES: [(Family, &str, &str); 2] = [
    (Family::Lcg, "SW:LCG", "lcg"),
    (Family::Ccg, "SW:CCG", "ccg"),
];

/// The three pools of a game: (title, id part, which side's entry: `None` overall).
const POOLS: [(&str, &str, Option<usize>); 3] = [
    ("Overall", "overall", None),
    ("Light side", "light", Some(LIGHT)),
    ("Dark side", "dark", Some(DARK)),
];
/// Whether `id` is a ratings table's id, `game-pool` (`lcg-overall`, `ccg-dark`): the folder
/// of its pages under `ratings/`.
pub(crate) fn is_table_id(id: &str) -> bool {
    GAMES.iter().any(|(_, _, game)| {
        POOLS.iter().any(|(_, pool, _)| {
            id.strip_prefix(game).and_then(|p| p.strip_prefix('-')) == Some(pool)
        })
    })
}

/// A player's sided entries: `2 * player + side`.
const DARK: usize = 0;
const LIGHT: usize = 1;

/// The ratings page's model.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RatingsView {
    /// Read by [`super::ratings_pages`], which gives each page the part it shows.
    #[serde(skip)]
    pub(crate) games: Vec<GameTables>,
    /// The activity window in months (0: none, everyone listed is active).
    pub(crate) active_months: u32,
    /// Events known only by their final standings, which the ratings leave out.
    recorded_events: usize,
    pub(crate) min_games: u32,
    pub(crate) provisional_deviation: u32,
    /// "month" or "event".
    pub(crate) period: &'static str,
    pub(crate) tau: String,
    pub(crate) docs_url: String,
}

/// One game's tables: overall, light side, dark side.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameTables {
    pub(crate) game: &'static str,
    pub(crate) id: &'static str,
    pub(crate) tables: Vec<Table>,
    /// The activity window's first and last month ("2024-12", "2026-11"): the months up to
    /// the game's latest rated game. Empty without a window.
    pub(crate) active_from: String,
    pub(crate) active_to: String,
}

/// One ranked table: a game's pool, its listed players twice, the active ones ranked among
/// themselves and everyone ranked of all time.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Table {
    pub(crate) title: &'static str,
    /// The table's anchor and its pages' folder: `lcg-overall`, `ccg-dark`.
    pub(crate) id: String,
    /// The listed players who played a rated game of the pool within the activity window
    /// (`active_months`), highest first; everyone when there is no window.
    pub(crate) active: Vec<Row>,
    /// Every listed player, highest first.
    pub(crate) all_time: Vec<Row>,
    /// Players rated in the pool with too few games to be listed.
    pub(crate) unlisted: usize,
}

/// The active players each table shows on `ratings/`.
pub(crate) const OVERVIEW_ROWS: usize = 25;

/// The ranks one page of a table's list shows.
pub(crate) const RANKS_PER_PAGE: usize = 100;

impl Table {
    /// Listed players the activity window leaves out of the active list.
    pub(crate) fn inactive(&self) -> usize {
        self.all_time.len() - self.active.len()
    }

    /// Whether a list has pages of its own: the active list when `ratings/` cannot show it
    /// whole, the all-time list when the window leaves someone out of the active one.
    pub(crate) fn has_own_pages(&self, all_time: bool) -> bool {
        if all_time {
            self.inactive() > 0
        } else {
            self.active.len() > OVERVIEW_ROWS
        }
    }

    /// The folder of a list: `ratings/lcg-overall/` or `ratings/lcg-overall/all/`.
    pub(crate) fn list_folder(&self, all_time: bool) -> String {
        let base = format!("{}{}/", super::addresses::RATINGS_PATH, self.id);
        if all_time {
            format!("{base}all/")
        } else {
            base
        }
    }

    /// The first and last rank on page `number` (from 1) of a list.
    pub(crate) fn page_ranks(&self, all_time: bool, number: usize) -> (usize, usize) {
        let len = if all_time {
            &self.all_time
        } else {
            &self.active
        }
        .len();
        let first = (number - 1) * RANKS_PER_PAGE + 1;
        (first, (first + RANKS_PER_PAGE - 1).min(len))
    }

    /// Where rank `rank` of a list stands, as a player's page gives it.
    pub(crate) fn place(&self, site: &SiteView, all_time: bool, rank: usize) -> Place {
        let number = rank.div_ceil(RANKS_PER_PAGE);
        let url = if self.has_own_pages(all_time) {
            site.link(&list_page(&self.list_folder(all_time), number))
        } else {
            format!("{}#{}", site.link(super::addresses::RATINGS_PATH), self.id)
        };
        let ranks = if number == 1 {
            rank.to_string()
        } else {
            let (first, last) = self.page_ranks(all_time, number);
            format!("{first}–{last}")
        };
        Place {
            ranks,
            url,
            all_time,
        }
    }
}

/// The path of page `number` (from 1) of the list in `folder`.
pub(crate) fn list_page(folder: &str, number: usize) -> String {
    if number == 1 {
        folder.to_string()
    } else {
        format!("{folder}{number}/")
    }
}

/// One listed player.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Row {
    pub(crate) rank: usize,
    pub(crate) name: String,
    pub(crate) url: String,
    pub(crate) rating: i64,
    pub(crate) deviation: i64,
    pub(crate) games: u32,
    pub(crate) last_event: String,
    pub(crate) last_url: String,
    /// The deviation is above the provisional threshold.
    pub(crate) provisional: bool,
}

/// A player's ratings in one game, for their page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerGame {
    pub(crate) game: &'static str,
    pub(crate) id: &'static str,
    /// Overall, light side, dark side: those the player has.
    pub(crate) pools: Vec<PlayerPool>,
    /// The overall rating after each period the player played, as an SVG (empty for a
    /// player of one period). Drawn only for a page that is made ([`PlayerGame::charted`]):
    /// every player's ratings are worked out on each edit `serve` sees, and few of their pages
    /// are made again.
    pub(crate) chart: String,
    /// The same as a table, oldest first (empty for a player of one period).
    pub(crate) history: Vec<HistoryRow>,
}

/// A player's rating in one pool.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerPool {
    pub(crate) title: &'static str,
    pub(crate) rating: i64,
    pub(crate) deviation: i64,
    pub(crate) games: u32,
    /// The place among the active players, or of all time when not active; none when not
    /// listed.
    pub(crate) place: Option<Place>,
    pub(crate) provisional: bool,
}

/// Where a player stands in a ratings list, as their own page gives it: the exact rank on the
/// list's first page, past it the ranks of the list's page they are on ("1701–1800"), linked
/// to that page, which has them in order. A rating that moves shifts the rank of every player
/// it passes, so with every rank exact a single result would change a thousand player pages
/// of a large archive (and `serve` would render them all); a page's ranks change only for the
/// few players at its edges.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Place {
    /// "7", or "1701–1800".
    pub(crate) ranks: String,
    /// The list's page that shows the rank.
    pub(crate) url: String,
    /// The all-time list's, for a player not active.
    pub(crate) all_time: bool,
}

/// The overall rating at the end of one period.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct HistoryRow {
    pub(crate) period: String,
    /// The period's place in time (a day number), for the chart's time axis.
    #[serde(skip)]
    at: i64,
    pub(crate) rating: i64,
    pub(crate) deviation: i64,
}

/// The archive's ratings: the page, and each player's section by page id.
#[derive(Debug, Clone)]
pub struct Ratings {
    pub(crate) view: RatingsView,
    players: HashMap<String, Vec<PlayerGame>>,
}

/// A rating rounded for display.
fn shown(value: f64) -> i64 {
    value.round() as i64
}

/// One game's ratings, before they become views.
struct Rated {
    /// Page ids by player number.
    ids: Vec<String>,
    /// The name and page of each event with games of the game, oldest first.
    events: Vec<(String, String)>,
    /// Each period's label ("2018-06", or the event's name) and its first day, as a day number.
    labels: Vec<(String, i64)>,
    /// Overall tracks by player number, sided tracks by `2 * player + side`.
    overall: Vec<Option<Track>>,
    sided: Vec<Option<Track>>,
    /// Each entry's last event (by position in `events`, and month number), overall and sided.
    last_overall: Vec<Last>,
    last_sided: Vec<Last>,
    /// The month number (`year * 12 + month - 1`) of the game's latest rated game.
    newest_month: i64,
}

/// An entry's last rated game: its event's position in [`Rated::events`], and its month number.
type Last = (usize, i64);

/// A month number, `year * 12 + month - 1`, for the activity window.
fn month_number(date: crate::event::Date) -> i64 {
    i64::from(date.year) * 12 + i64::from(date.month) - 1
}

/// A month number as `2026-11`.
fn month_label(number: i64) -> String {
    format!(
        "{:04}-{:02}",
        number.div_euclid(12),
        number.rem_euclid(12) + 1
    )
}

/// One rating period's games as they are gathered: its label, its first day (a day number,
/// for the chart's time axis), and its games overall and by side.
struct PeriodGames {
    label: String,
    day: i64,
    games: Vec<SeatedGame>,
}

/// A game as gathered: between two players' entries, with the seat that played the dark side
/// when it is known. Read as a game between the players' overall entries, and (with a dark
/// seat) between their sided entries (see [`Rated`]): held once for both, in 12 bytes.
#[derive(Debug, Clone, Copy)]
struct SeatedGame {
    entries: [u32; 2],
    score: Score,
    dark: Option<u8>,
}

impl SeatedGame {
    /// The game between the players numbered `players`, whose seat `dark` (0 or 1) played the
    /// dark side when it is known.
    fn between(players: [usize; 2], score: Score, dark: Option<usize>) -> SeatedGame {
        SeatedGame {
            entries: Game::between(players, score).entries,
            score,
            dark: dark.map(|seat| u8::from(seat == 1)),
        }
    }

    /// The game between the players' overall entries.
    fn overall(&self) -> Option<Game> {
        Some(Game {
            entries: self.entries,
            score: self.score,
        })
    }

    /// The game between the players' sided entries, when the sides are known.
    fn sided(&self) -> Option<Game> {
        let dark = self.dark?;
        let side = |seat: u8| {
            if seat == dark {
                DARK as u32
            } else {
                LIGHT as u32
            }
        };
        let [a, b] = self.entries;
        Some(Game {
            entries: [2 * a + side(0), 2 * b + side(1)],
            score: self.score,
        })
    }
}

/// Rates the games of `family`'s events, given oldest first: `None` when none has a game. The
/// events are decoded one at a time, so only the games gathered into rating periods are held.
/// With `resumes` (and the game's id), each pool is rated again only from the first period
/// that changed since the last rating (see [`Resumes`]).
fn rate_game(
    settings: &Settings,
    family: Family,
    all_events: &[&HeldGames],
    resumes: Option<(&Resumes, &str)>,
) -> Option<Rated> {
    let mut numbers: HashMap<String, usize> = HashMap::new();
    let mut ids: Vec<String> = Vec::new();
    let mut events: Vec<(String, String)> = Vec::new();
    let mut periods: BTreeMap<i64, PeriodGames> = BTreeMap::new();
    let mut last_overall: Vec<Last> = Vec::new();
    let mut last_sided: Vec<Last> = Vec::new();
    let mut newest_month = i64::MIN;
    let mut read_in = |event: EventGames| {
        let position = events.len();
        events.push((event.name.clone(), event.url.clone()));
        // Each of the event's pages, numbered when first seen in a game: looked up in the
        // archive's numbers once per event, not once per game.
        let mut local: Vec<Option<usize>> = vec![None; event.pages.len()];
        for game in &event.games {
            let month = month_number(game.date);
            let last = (position, month);
            let players = game.players.map(|p| {
                *local[p].get_or_insert_with(|| {
                    let page = &event.pages[p];
                    numbers.get(page.as_str()).copied().unwrap_or_else(|| {
                        ids.push(page.clone());
                        numbers.insert(page.clone(), ids.len() - 1);
                        last_overall.push(last);
                        last_sided.extend([last, last]);
                        ids.len() - 1
                    })
                })
            });
            if players[0] == players[1] {
                continue;
            }
            newest_month = newest_month.max(month);
            let key = match settings.parameters.period {
                PeriodLength::Month => {
                    i64::from(game.date.year) * 12 + i64::from(game.date.month) - 1
                }
                PeriodLength::Event => i64::try_from(position).unwrap_or(0),
            };
            // Days counted as 31 to a month: enough to space periods by time on a chart.
            let day = (i64::from(game.date.year) * 12 + i64::from(game.date.month) - 1) * 31
                + i64::from(game.date.day)
                - 1;
            let period = periods.entry(key).or_insert_with(|| PeriodGames {
                label: match settings.parameters.period {
                    PeriodLength::Month => format!("{:04}-{:02}", game.date.year, game.date.month),
                    PeriodLength::Event => event.name.clone(),
                },
                day,
                games: Vec::new(),
            });
            period.day = period.day.min(day);
            let seated = SeatedGame::between(players, game.score, game.dark);
            period.games.push(seated);
            for p in players {
                last_overall[p] = latest(last_overall[p], last);
            }
            if let Some(sided) = seated.sided() {
                for e in sided.entries {
                    last_sided[e as usize] = latest(last_sided[e as usize], last);
                }
            }
        }
    };
    // Decoding the events' games is most of the work before the rating.
    let held: Vec<&HeldGames> = all_events
        .iter()
        .copied()
        .filter(|held| held.family == family)
        .collect();
    each_decoded(
        &held,
        |held| held.open(),
        |event| event.into_iter().for_each(&mut read_in),
    );
    let mut labels = Vec::with_capacity(periods.len());
    let mut games = Vec::with_capacity(periods.len());
    for (number, period) in periods {
        labels.push((period.label, period.day));
        games.push(Period {
            number,
            games: period.games,
        });
    }
    let parameters = &settings.parameters;
    // The pools' resumes, taken out while they rate and put back after.
    let names = resumes.map(|(_, id)| [format!("{id}-overall"), format!("{id}-sided")]);
    let mut held = resumes
        .zip(names.clone())
        .map(|((resumes, _), names)| names.map(|name| resumes.take(&name)));
    let [overall_resume, sided_resume] = match held.as_mut() {
        Some([overall, sided]) => [Some(overall), Some(sided)],
        None => [None, None],
    };
    let (overall, sided) = rayon::join(
        || {
            rate(
                parameters,
                ids.len(),
                &games,
                SeatedGame::overall,
                overall_resume,
            )
        },
        || {
            rate(
                parameters,
                2 * ids.len(),
                &games,
                SeatedGame::sided,
                sided_resume,
            )
        },
    );
    if let (Some((resumes, _)), Some(names), Some(held)) = (resumes, names, held) {
        for (name, resume) in names.iter().zip(held) {
            resumes.put(name, resume);
        }
    }
    if events.is_empty() {
        return None;
    }
    Some(Rated {
        overall,
        sided,
        ids,
        events,
        labels,
        last_overall,
        last_sided,
        newest_month,
    })
}

/// The later of two last games: a league's games are dated apart from its events' order.
fn latest(known: Last, game: Last) -> Last {
    if game.1 >= known.1 { game } else { known }
}

impl Ratings {
    /// The ratings from every event's games, given oldest first; `people` are the player pages'
    /// names and addresses. `resumes` keeps what each rating leaves for the next (`serve`'s,
    /// from one edit to the next), which then rates again only from the first period an edit
    /// changed.
    pub(crate) fn of(
        site: &SiteView,
        settings: &Settings,
        events: &[&HeldGames],
        people: &People<'_>,
        resumes: Option<&Resumes>,
    ) -> Ratings {
        let mut games = Vec::new();
        let mut players: HashMap<String, Vec<PlayerGame>> = HashMap::new();
        // One game after the other: each holds every game of its own played in the archive
        // while it is rated (36 MB at 10,000 events), and each rates its two pools at once.
        let by_game: Vec<(&str, &str, Rated)> = GAMES
            .iter()
            .filter_map(|&(family, game, id)| {
                rate_game(settings, family, events, resumes.map(|r| (r, id)))
                    .map(|rated| (game, id, rated))
            })
            .collect();
        for (game, id, rated) in by_game {
            let name = |p: usize| {
                people
                    .page(&rated.ids[p])
                    .map_or((rated.ids[p].as_str(), String::new()), |(name, url)| {
                        (name, url.to_string())
                    })
            };
            let mut tables = Vec::new();
            // Each player's place in each pool: among the active players, and of all time.
            let mut ranks: HashMap<(usize, usize), (Option<usize>, usize)> = HashMap::new();
            // The first month of the activity window; none without one.
            let window = (settings.active_months > 0)
                .then(|| rated.newest_month - i64::from(settings.active_months) + 1);
            for (pool, (title, part, side)) in POOLS.iter().enumerate() {
                let entry = |p: usize| side.map_or(p, |s| 2 * p + s);
                let (tracks, last) = match side {
                    None => (&rated.overall, &rated.last_overall),
                    Some(_) => (&rated.sided, &rated.last_sided),
                };
                let mut rated_players: Vec<(usize, &Track)> = (0..rated.ids.len())
                    .filter_map(|p| tracks[entry(p)].as_ref().map(|t| (p, t)))
                    .collect();
                let all = rated_players.len();
                rated_players.retain(|(_, t)| t.games >= settings.min_games);
                rated_players.sort_by(|(a, x), (b, y)| {
                    y.current
                        .rating
                        .total_cmp(&x.current.rating)
                        .then_with(|| rated.ids[*a].cmp(&rated.ids[*b]))
                });
                let row = |rank: usize, p: usize, t: &Track| {
                    let (name, url) = name(p);
                    let (last_event, last_url) = &rated.events[last[entry(p)].0];
                    Row {
                        rank,
                        name: name.to_string(),
                        url,
                        rating: shown(t.current.rating),
                        deviation: shown(t.current.deviation),
                        games: t.games,
                        last_event: last_event.clone(),
                        last_url: last_url.clone(),
                        provisional: t.current.deviation
                            > f64::from(settings.provisional_deviation),
                    }
                };
                let (mut all_time, mut active) = (Vec::new(), Vec::new());
                for (i, &(p, t)) in rated_players.iter().enumerate() {
                    all_time.push(row(i + 1, p, t));
                    let is_active = window.is_none_or(|first| last[entry(p)].1 >= first);
                    let active_rank = is_active.then(|| {
                        active.push(row(active.len() + 1, p, t));
                        active.len()
                    });
                    ranks.insert((pool, p), (active_rank, i + 1));
                }
                tables.push(Table {
                    title,
                    id: format!("{id}-{part}"),
                    unlisted: all - all_time.len(),
                    active,
                    all_time,
                });
            }
            for (p, page) in rated.ids.iter().enumerate() {
                let Some(track) = rated.overall[p].as_ref() else {
                    continue;
                };
                let pools = POOLS
                    .iter()
                    .enumerate()
                    .filter_map(|(pool, (title, _, side))| {
                        let track = match side {
                            None => Some(track),
                            Some(s) => rated.sided[2 * p + s].as_ref(),
                        }?;
                        Some(PlayerPool {
                            title,
                            rating: shown(track.current.rating),
                            deviation: shown(track.current.deviation),
                            games: track.games,
                            place: ranks.get(&(pool, p)).map(|&(active, all_time)| {
                                let table = &tables[pool];
                                match active {
                                    Some(rank) => table.place(site, false, rank),
                                    None => table.place(site, true, all_time),
                                }
                            }),
                            provisional: track.current.deviation
                                > f64::from(settings.provisional_deviation),
                        })
                    })
                    .collect();
                // A history is a change: one period is the current rating already.
                let history: Vec<HistoryRow> = if track.history.len() < 2 {
                    Vec::new()
                } else {
                    track
                        .history
                        .iter()
                        .map(|(period, r)| HistoryRow {
                            period: rated.labels[*period].0.clone(),
                            at: rated.labels[*period].1,
                            rating: shown(r.rating),
                            deviation: shown(r.deviation),
                        })
                        .collect()
                };
                players
                    .entry(page.to_string())
                    .or_default()
                    .push(PlayerGame {
                        game,
                        id,
                        pools,
                        chart: String::new(),
                        history,
                    });
            }
            let (active_from, active_to) = match window {
                Some(first) => (month_label(first), month_label(rated.newest_month)),
                None => (String::new(), String::new()),
            };
            games.push(GameTables {
                game,
                id,
                tables,
                active_from,
                active_to,
            });
        }
        Ratings {
            view: RatingsView {
                games,
                active_months: settings.active_months,
                recorded_events: events.iter().filter(|e| e.recorded).count(),
                min_games: settings.min_games,
                provisional_deviation: settings.provisional_deviation,
                period: settings.parameters.period.name(),
                tau: settings.parameters.tau.to_string(),
                docs_url: site.link("docs/ratings/"),
            },
            players,
        }
    }

    /// A player page's rating sections, by page id.
    pub(crate) fn of_page(&self, page: &str) -> Option<&Vec<PlayerGame>> {
        self.players.get(page)
    }

    /// A player's listed overall ratings, by game id, for the search index.
    pub(crate) fn listed(&self, page: &str) -> BTreeMap<&'static str, i64> {
        self.players
            .get(page)
            .into_iter()
            .flatten()
            .filter_map(|g| {
                let overall = g.pools.first()?;
                overall.place.as_ref().map(|_| (g.id, overall.rating))
            })
            .collect()
    }
}

impl PlayerGame {
    /// These ratings with their chart drawn, for the page of `player` (their name).
    pub(crate) fn charted(&self, player: &str) -> PlayerGame {
        PlayerGame {
            chart: history_chart(self.game, player, &self.history),
            ..self.clone()
        }
    }
}

/// The chart of a player's overall rating in `game`, after each period they played.
fn history_chart(game: &str, player: &str, history: &[HistoryRow]) -> String {
    let (Some(first), Some(last)) = (history.first(), history.last()) else {
        return String::new();
    };
    let points: Vec<Point> = history
        .iter()
        .map(|h| Point {
            label: h.period.clone(),
            value: h.rating,
            at: h.at,
        })
        .collect();
    let high = history
        .iter()
        .map(|h| h.rating)
        .max()
        .unwrap_or(last.rating);
    let low = history
        .iter()
        .map(|h| h.rating)
        .min()
        .unwrap_or(last.rating);
    let spoken = format!(
        "{player}'s {game} rating after each rating period played: {} periods, from {} ({}) to {} ({}); highest {high}, lowest {low}.",
        history.len(),
        first.rating,
        first.period,
        last.rating,
        last.period
    );
    line_chart(&format!("{game} rating of {player}"), &spoken, &points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Kind;
    use crate::rules::rated_games::{RatedGame, rated_games};
    use crate::site::addresses::page_id;
    use crate::site::event_games::{EventGames, event_games};
    use crate::site::players::PlayerPage;

    /// The example site's events, loaded and computed, with its player pages and ratings.
    fn example() -> (SiteView, crate::site::Site, Vec<PlayerPage>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (site, report) = crate::site::load(root, None);
        let site = site.unwrap_or_else(|| panic!("the example site loads: {}", report.render()));
        let view = SiteView::new(&site.config, &site.pages);
        let pages = site.contributions.player_pages(&view, None);
        (view, site, pages)
    }

    fn game(players: [usize; 2], score: Score, dark: Option<usize>) -> RatedGame {
        RatedGame {
            players,
            score,
            dark,
            date: crate::event::Date {
                year: 2020,
                month: 1,
                day: 1,
            },
        }
    }

    fn event_of(games: Vec<RatedGame>) -> EventGames {
        EventGames {
            family: Family::Lcg,
            name: "E".into(),
            url: "/events/e/".into(),
            recorded: false,
            pages: vec!["ann".into(), "bob".into(), "cy".into()],
            games,
        }
    }

    #[test]
    fn a_gathered_game_takes_12_bytes() {
        assert_eq!(std::mem::size_of::<SeatedGame>(), 12);
    }

    #[test]
    fn a_sided_game_rates_dark_against_light_and_an_unsided_one_overall_only() {
        let (site, loaded, _) = example();
        let settings = Settings {
            min_games: 1,
            ..loaded.config.ratings.clone()
        };
        let event = event_of(vec![
            // Ann dark beats Bob light; Ann and Cy draw, sides unknown.
            game([0, 1], Score::Won, Some(0)),
            game([2, 0], Score::Drawn, None),
        ]);
        let ratings = Ratings::of(
            &site,
            &settings,
            &[&HeldGames::hold(&event)],
            &People::new([]),
            None,
        );
        let pools = |id: &str| -> Vec<(&str, u32)> {
            ratings.players[id][0]
                .pools
                .iter()
                .map(|p| (p.title, p.games))
                .collect()
        };
        assert_eq!(pools("ann"), [("Overall", 2), ("Dark side", 1)]);
        assert_eq!(pools("bob"), [("Overall", 1), ("Light side", 1)]);
        assert_eq!(pools("cy"), [("Overall", 1)]);
        let tables = &ratings.view.games[0].tables;
        let light: Vec<&str> = tables[1].all_time.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(light, ["bob"], "only Bob played light");
        let dark = &tables[2].all_time[0];
        assert!(dark.rating > 1500 && dark.name == "ann");
        // A period rates against the ratings it began with: Cy drew with a newcomer like
        // himself, whatever else Ann did that period, so his rating does not move.
        let cy = &ratings.players["cy"][0].pools[0];
        assert_eq!(cy.rating, 1500);
    }

    #[test]
    fn too_few_games_leave_a_player_unlisted_but_rated() {
        let (site, loaded, _) = example();
        let event = event_of(vec![game([0, 1], Score::Won, Some(0))]);
        let settings = Settings {
            min_games: 2,
            ..loaded.config.ratings.clone()
        };
        let ratings = Ratings::of(
            &site,
            &settings,
            &[&HeldGames::hold(&event)],
            &People::new([]),
            None,
        );
        let overall = &ratings.view.games[0].tables[0];
        assert!(overall.all_time.is_empty());
        assert_eq!(overall.unlisted, 2);
        assert!(ratings.players["ann"][0].pools[0].place.is_none());
        assert!(ratings.listed("ann").is_empty());
    }

    #[test]
    fn the_active_list_keeps_the_window_up_to_the_latest_game_and_the_all_time_list_everyone() {
        let (site, loaded, _) = example();
        let on = |players: [usize; 2], year: u16, month: u8| RatedGame {
            date: crate::event::Date {
                year,
                month,
                day: 28,
            },
            ..game(players, Score::Won, None)
        };
        // Cy last played in 2023-12, 24 months before Ann and Bob's last game: just out of a
        // 24-month window (2024-01 to 2025-12).
        let old = event_of(vec![on([2, 0], 2023, 12)]);
        let new = event_of(vec![on([0, 1], 2025, 12)]);
        let settings = Settings {
            min_games: 1,
            ..loaded.config.ratings.clone()
        };
        let ratings = Ratings::of(
            &site,
            &settings,
            &[&HeldGames::hold(&old), &HeldGames::hold(&new)],
            &People::new([]),
            None,
        );
        let game = &ratings.view.games[0];
        let overall = &game.tables[0];
        let names = |rows: &[Row]| -> Vec<(usize, String)> {
            rows.iter().map(|r| (r.rank, r.name.clone())).collect()
        };
        assert_eq!(
            names(&overall.active),
            [(1, "ann".into()), (2, "bob".into())]
        );
        assert_eq!(overall.all_time.len(), 3);
        let cy = overall.all_time.iter().find(|r| r.name == "cy").unwrap();
        assert_eq!(cy.rank, 1, "Cy beat Ann and holds the top of all time");
        assert_eq!(
            (game.active_from.as_str(), game.active_to.as_str()),
            ("2024-01", "2025-12")
        );
        let pool = |id: &str| ratings.players[id][0].pools[0].clone();
        // Cy's page gives his all-time rank, on the all-time list's page; Ann's her rank on the
        // active list, which `ratings/` shows whole.
        let place = |id: &str| {
            let place = pool(id).place.expect("listed");
            (place.ranks, place.url, place.all_time)
        };
        assert_eq!(
            place("cy"),
            ("1".into(), site.link("ratings/lcg-overall/all/"), true)
        );
        assert_eq!(
            place("ann"),
            (
                "1".into(),
                format!("{}#lcg-overall", site.link("ratings/")),
                false
            )
        );
        assert_eq!(
            ratings.listed("cy").len(),
            1,
            "search keeps an inactive rating"
        );
        // A month more and Cy is active; no window and everyone is.
        for months in [25, 0] {
            let settings = Settings {
                active_months: months,
                ..settings.clone()
            };
            let ratings = Ratings::of(
                &site,
                &settings,
                &[&HeldGames::hold(&old), &HeldGames::hold(&new)],
                &People::new([]),
                None,
            );
            assert_eq!(ratings.view.games[0].tables[0].active.len(), 3, "{months}");
        }
    }

    #[test]
    fn recorded_standings_and_team_events_add_no_games() {
        let (site, loaded, pages) = example();
        let mut seen = (0, false);
        for (event, computed) in &loaded.opened_events() {
            let games = event_games(&site, &loaded.aliases, event, computed);
            if matches!(event.kind, Kind::Recorded(_)) {
                seen.0 += 1;
                assert!(games.recorded && games.games.is_empty(), "{}", event.slug);
            }
            if event.is_team() {
                seen.1 = true;
                assert!(games.games.is_empty(), "{}", event.slug);
            }
        }
        assert!(seen.0 > 0 && seen.1, "the example has both kinds");
        let ratings = loaded
            .contributions
            .ratings(&site, &loaded.config.ratings, &pages, None);
        assert_eq!(ratings.view.recorded_events, seen.0);
        // Someone who played only the recorded event has no rating.
        let events = loaded.opened_events();
        let recorded = events
            .iter()
            .find(|(e, _)| matches!(e.kind, Kind::Recorded(_)))
            .expect("a recorded event");
        let only_there = recorded.0.players.iter().find(|p| {
            pages
                .iter()
                .any(|page| page.id == page_id(&loaded.aliases, &p.id) && page.played == 1)
        });
        let only_there = only_there.expect("someone played only the recorded event");
        assert!(!ratings.players.contains_key(&only_there.id));
    }

    #[test]
    fn swiss_games_carry_their_sides_switched_for_the_second() {
        let (_, loaded, _) = example();
        let events = loaded.opened_events();
        let (event, computed) = events
            .iter()
            .find(|(e, _)| e.slug == "2018/outer-rim-store-championship")
            .expect("the example event");
        let games = rated_games(event, computed);
        let table = &event.rounds()[0].tables[0];
        let pair: Vec<&RatedGame> = games
            .iter()
            .filter(|g| g.players == table.players)
            .collect();
        let first_dark = table.first_dark.expect("the example records sides");
        assert_eq!(pair[0].players[pair[0].dark.expect("known")], first_dark);
        if let Some(second) = pair.get(1) {
            assert_eq!(second.dark, pair[0].dark.map(|d| 1 - d), "sides switch");
        }
    }

    #[test]
    fn the_same_files_give_the_same_ratings() {
        let (site, loaded, pages) = example();
        let json = |r: &Ratings| {
            let players: BTreeMap<&String, &Vec<PlayerGame>> = r.players.iter().collect();
            serde_json::to_string(&(&r.view, players)).expect("serializes")
        };
        let settings = &loaded.config.ratings;
        let once = loaded.contributions.ratings(&site, settings, &pages, None);
        let fresh = crate::site::contribution::Contributions::of_all(
            &site,
            &loaded.aliases,
            &loaded.events,
        );
        let again = fresh.ratings(&site, settings, &pages, None);
        assert_eq!(json(&once), json(&again));
        assert!(!once.view.games.is_empty());
    }
}
