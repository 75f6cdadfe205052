//! Glicko-2 ratings over rating periods (Mark E. Glickman, "Example of the Glicko-2 system",
//! <http://www.glicko.net/glicko/glicko2.pdf>). One period's update of one player is the
//! `skillratings` crate's; what is ours is the bookkeeping the paper leaves to its reader: every
//! player of a period is rated against the ratings their opponents had when the period began,
//! and a player who sits a period out has their deviation widened once for it (step 6 of the
//! paper), so a rating nobody has seen for a year is less certain than last week's.
//!
//! The computation knows nothing of events or sides: it rates numbered *entries* (a player, or
//! a player on one side) from games between two of them, grouped into periods numbered in time.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// What a rating period is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PeriodLength {
    /// A calendar month: every game of the month is rated at once, and every month without a
    /// game widens an absent player's deviation.
    Month,
    /// An event: each event (a league whole) is one period, in date order.
    Event,
}

impl PeriodLength {
    pub(crate) const NAMES: &'static [&'static str] = &["month", "event"];

    pub(crate) fn from_name(name: &str) -> Option<PeriodLength> {
        match name {
            "month" => Some(PeriodLength::Month),
            "event" => Some(PeriodLength::Event),
            _ => None,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            PeriodLength::Month => "month",
            PeriodLength::Event => "event",
        }
    }
}

/// The method's parameters (`[ratings]` in `holonet.toml`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Parameters {
    /// The system constant τ: how far a volatility may move in one period.
    pub(crate) tau: f64,
    /// A new player's rating, deviation and volatility.
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
    pub(crate) period: PeriodLength,
}

/// The parameters are checked finite when read, so they equal themselves.
impl Eq for Parameters {}

impl Default for Parameters {
    /// The values the paper suggests: a new player at 1500 with a deviation of 350 and a
    /// volatility of 0.06, τ = 0.5.
    fn default() -> Self {
        Parameters {
            tau: 0.5,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            period: PeriodLength::Month,
        }
    }
}

impl Parameters {
    fn config(&self) -> Glicko2Config {
        Glicko2Config {
            tau: self.tau,
            ..Glicko2Config::new()
        }
    }

    fn newcomer(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// One rated game between two entries: the first entry's score (1 won, ½ drawn, 0 lost). The
/// entries are numbered in 32 bits: every game of the archive is held while it is rated (three
/// million at 10,000 events), at 12 bytes a game rather than 24.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Game {
    pub(crate) entries: [u32; 2],
    pub(crate) score: Score,
}

impl Game {
    /// The game between the entries numbered `entries`.
    pub(crate) fn between(entries: [usize; 2], score: Score) -> Game {
        Game {
            entries: entries.map(|e| u32::try_from(e).expect("fewer than 2³² players")),
            score,
        }
    }
}

/// A game's result for its first entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub(crate) enum Score {
    Won,
    Drawn,
    Lost,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Won => Outcomes::WIN,
            Score::Drawn => Outcomes::DRAW,
            Score::Lost => Outcomes::LOSS,
        }
    }

    fn reversed(self) -> Score {
        match self {
            Score::Won => Score::Lost,
            Score::Drawn => Score::Drawn,
            Score::Lost => Score::Won,
        }
    }
}

/// One period: its number in time (periods that follow each other differ by one; a gap is
/// periods nobody played) and its games, as `G`, which [`rate`] reads as [`Game`]s: the games
/// of an archive are held once while each pool of entries reads them its own way.
#[derive(Debug, Clone, Default)]
pub(crate) struct Period<G = Game> {
    pub(crate) number: i64,
    pub(crate) games: Vec<G>,
}

/// A rating as shown: rounded only when displayed.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Rating {
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// One entry's ratings: now (after the last period of all), and after each period it played.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Track {
    pub(crate) current: Rating,
    pub(crate) games: u32,
    /// (position of the period in the input, rating at its end).
    pub(crate) history: Vec<(usize, Rating)>,
}

/// An entry's state while the periods are rated.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct State {
    rating: Glicko2Rating,
    /// The number of the last period it is brought up to.
    at: i64,
    games: u32,
    history: Vec<(usize, Rating)>,
}

/// The paper's factor between the Glicko and the Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// The largest deviation: a newcomer's under the paper's values, which sitting periods out
/// never exceeds (as in the crate's own widening).
const CEILING: f64 = 350.0;

/// `rating` widened once for each period from `from` (excluded) to `to` (excluded): the periods
/// an entry sat out. Step 6 of the paper, φ' = √(φ² + σ²), taken k times at once as
/// √(φ² + kσ²): the volatility does not change while a player is away, and an archive of
/// years of monthly periods and thousands of players would otherwise widen one step at a time.
fn sit_out(rating: Glicko2Rating, from: i64, to: i64) -> Glicko2Rating {
    let periods = (to - from - 1).max(0);
    if periods == 0 {
        return rating;
    }
    let phi = rating.deviation / SCALE;
    let sigma = rating.volatility;
    let widened = phi.mul_add(phi, periods as f64 * sigma * sigma).sqrt() * SCALE;
    Glicko2Rating {
        deviation: widened.min(CEILING),
        ..rating
    }
}

/// Rates `entries` entries over `periods`, given in time order (numbers increasing), each
/// entry starting at the parameters' rating; `game` reads each of a period's games as the game
/// between two entries, or `None` for a game these entries did not play. Entries that played
/// no game have no track. With `resume`, the run starts from what the last run over mostly the
/// same periods left there, and leaves there what the next can start from: the same tracks,
/// made again only from the first period that changed (see [`Resume`]).
pub(crate) fn rate<G>(
    parameters: &Parameters,
    entries: usize,
    periods: &[Period<G>],
    game: impl Fn(&G) -> Option<Game>,
    resume: Option<&mut Resume>,
) -> Vec<Option<Track>> {
    rate_from(
        &parameters.config(),
        &vec![parameters.newcomer(); entries],
        periods,
        game,
        resume,
    )
}

/// An entry's rating, the last period it is brought up to and its games, before a period: its
/// [`State`] without the history, which the run's last states hold.
type Standing = (Glicko2Rating, i64, u32);

/// The most states before a period a [`Resume`] keeps.
const MOST_SAVED: usize = 16;

/// What one rating run leaves for the next over mostly the same periods (`serve` rates the
/// archive again after each edit): a digest of each period's games, each entry's state at the
/// end of the run, and its state before a few of the last periods (1, 2, 4, 8… from the end).
/// An edit to the event being played changes only the last period, and the next run rates
/// from the state before it instead of from the archive's first period; an edit further back
/// resumes from the latest state before the first period it changed.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Resume {
    /// A digest of the run's parameters and starting ratings.
    setup: u64,
    /// A digest of each period's number and games, in order.
    digests: Vec<u64>,
    /// Each entry's state at the end of the run.
    last: Vec<Option<State>>,
    /// (position of a period, each entry's standing before it), oldest first.
    saved: Vec<(usize, Vec<Option<Standing>>)>,
}

impl Resume {
    /// The states to rate from and the position of the first period to rate: the latest saved
    /// standings before the first period whose digest is not the last run's, with each
    /// entry's history up to there taken from the last run's. Nothing to resume from: no
    /// state, from the first period.
    fn restore(&self, setup: u64, digests: &[u64], entries: usize) -> (Vec<Option<State>>, usize) {
        let fresh = || ((0..entries).map(|_| None).collect(), 0);
        if self.setup != setup || self.last.len() > entries {
            return fresh();
        }
        let same = self
            .digests
            .iter()
            .zip(digests)
            .take_while(|(a, b)| a == b)
            .count();
        let Some((position, standings)) = self.saved.iter().rev().find(|(p, _)| *p <= same) else {
            return fresh();
        };
        let mut states: Vec<Option<State>> = standings
            .iter()
            .zip(&self.last)
            .map(|(standing, last)| {
                standing.map(|(rating, at, games)| State {
                    rating,
                    at,
                    games,
                    history: last
                        .iter()
                        .flat_map(|l| &l.history)
                        .take_while(|(p, _)| p < position)
                        .copied()
                        .collect(),
                })
            })
            .collect();
        states.resize_with(entries, || None);
        (states, *position)
    }
}

/// The runs' [`Resume`]s by the runs' names, kept from one rating of the archive to the next.
#[derive(Debug, Default)]
pub struct Resumes(Mutex<HashMap<String, Resume>>);

impl Resumes {
    /// Takes the resume of run `name` out (an empty one the first time): give it back with
    /// [`Resumes::put`].
    pub(crate) fn take(&self, name: &str) -> Resume {
        let mut runs = self.0.lock().unwrap_or_else(|e| e.into_inner());
        runs.remove(name).unwrap_or_default()
    }

    pub(crate) fn put(&self, name: &str, resume: Resume) {
        let mut runs = self.0.lock().unwrap_or_else(|e| e.into_inner());
        runs.insert(name.to_string(), resume);
    }

    /// The resumes as bytes, in the runs' name order: the same resumes make the same bytes.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let runs = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let ordered: std::collections::BTreeMap<&String, &Resume> = runs.iter().collect();
        postcard::to_stdvec(&ordered).unwrap_or_default()
    }

    /// The resumes of [`Resumes::to_bytes`]; `None` when `bytes` are not such resumes.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Resumes> {
        let runs: HashMap<String, Resume> = postcard::from_bytes(bytes).ok()?;
        Some(Resumes(Mutex::new(runs)))
    }
}

/// A digest of `value` (the std hasher, with its fixed keys: the same in every run).
fn digest(value: impl Hash) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The positions before which a run saves its entries' standings: 1, 2, 4, 8… periods from the
/// end of `count` periods, the first period aside (before it there is nothing to save).
fn save_points(count: usize) -> impl Iterator<Item = usize> {
    (0..usize::BITS)
        .map_while(move |k| count.checked_sub(1 << k))
        .filter(|&position| position > 0)
}

/// [`rate`] with each entry's rating before its first period given (`start`, one per entry),
/// resuming from `resume` when there is one (see [`Resume`]).
fn rate_from<G>(
    config: &Glicko2Config,
    start: &[Glicko2Rating],
    periods: &[Period<G>],
    game: impl Fn(&G) -> Option<Game>,
    mut resume: Option<&mut Resume>,
) -> Vec<Option<Track>> {
    let entries = start.len();
    let setup = digest(
        [config.tau, config.convergence_tolerance]
            .into_iter()
            .chain(
                start
                    .iter()
                    .flat_map(|r| [r.rating, r.deviation, r.volatility]),
            )
            .map(f64::to_bits)
            .collect::<Vec<u64>>(),
    );
    let digests: Vec<u64> = match resume {
        Some(_) => periods
            .iter()
            .map(|period| {
                let games: Vec<([u32; 2], Score)> = period
                    .games
                    .iter()
                    .filter_map(&game)
                    .map(|g| (g.entries, g.score))
                    .collect();
                digest((period.number, games))
            })
            .collect(),
        None => Vec::new(),
    };
    let (mut states, from) = match resume.as_deref() {
        Some(resume) => resume.restore(setup, &digests, entries),
        None => ((0..entries).map(|_| None).collect(), 0),
    };
    // The saved standings still true (those before `from`), and those this run saves.
    let mut saved = match resume.as_deref_mut() {
        Some(resume) => {
            let mut kept = std::mem::take(&mut resume.saved);
            kept.retain(|(position, _)| *position <= from);
            kept
        }
        None => Vec::new(),
    };
    let mut save_at: Vec<usize> = match resume {
        Some(_) => save_points(periods.len()).filter(|&p| p > from).collect(),
        None => Vec::new(),
    };
    // Each entry's results of the period: (opponent, score); reused from period to period.
    let mut results: Vec<Vec<(usize, Score)>> = vec![Vec::new(); entries];
    let mut playing: Vec<usize> = Vec::new();
    for (position, period) in periods.iter().enumerate().skip(from) {
        if save_at.last() == Some(&position) {
            save_at.pop();
            let standings = states
                .iter()
                .map(|s| s.as_ref().map(|s| (s.rating, s.at, s.games)))
                .collect();
            saved.push((position, standings));
        }
        for game in period.games.iter().filter_map(&game) {
            let [a, b] = game.entries.map(|e| e as usize);
            for (me, them, score) in [(a, b, game.score), (b, a, game.score.reversed())] {
                if results[me].is_empty() {
                    playing.push(me);
                }
                results[me].push((them, score));
            }
        }
        playing.sort_unstable();
        // Everyone of the period brought up to its start: the periods they sat out widen their
        // deviation; a newcomer starts at the parameters' rating.
        for &entry in &playing {
            let state = states[entry].get_or_insert_with(|| State {
                rating: start[entry],
                at: period.number - 1,
                games: 0,
                history: Vec::new(),
            });
            state.rating = sit_out(state.rating, state.at, period.number);
        }
        let before: Vec<Glicko2Rating> = playing
            .iter()
            .map(|&e| states[e].as_ref().map_or(start[e], |s| s.rating))
            .collect();
        let rating_at = |entry: usize| {
            let i = playing.binary_search(&entry).unwrap_or(0);
            before[i]
        };
        for (i, &entry) in playing.iter().enumerate() {
            let against: Vec<(Glicko2Rating, Outcomes)> = results[entry]
                .iter()
                .map(|&(them, score)| (rating_at(them), score.outcome()))
                .collect();
            let next = glicko2_rating_period(&before[i], &against, config);
            if let Some(state) = states[entry].as_mut() {
                state.rating = next;
                state.at = period.number;
                state.games += u32::try_from(against.len()).unwrap_or(u32::MAX);
                state.history.push((position, next.into()));
            }
        }
        for entry in playing.drain(..) {
            results[entry].clear();
        }
    }
    if let Some(resume) = resume {
        let excess = saved.len().saturating_sub(MOST_SAVED);
        saved.drain(..excess);
        *resume = Resume {
            setup,
            digests,
            last: states.clone(),
            saved,
        };
    }
    let last = periods.last().map_or(0, |p| p.number);
    states
        .into_iter()
        .map(|state| {
            state.map(|s| Track {
                current: sit_out(s.rating, s.at, last + 1).into(),
                games: s.games,
                history: s.history,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's worked example: a player at 1500 (RD 200, σ 0.06) beats a player at 1400
    /// (RD 30) and loses to players at 1550 (RD 100) and 1700 (RD 300), τ = 0.5. The paper
    /// publishes μ' = −0.2069 and φ' = 0.8722 on the Glicko-2 scale (four decimals), and from
    /// those rounded values r' = 1464.06, RD' = 151.52 and σ' = 0.05999. Computed without
    /// rounding on the way, r' is 1464.0506: the last published digit comes from the rounded μ'.
    const PAPER_SCALED: (f64, f64) = (-0.2069, 0.8722);

    /// Periods of plain games, read as they are.
    fn as_is(game: &Game) -> Option<Game> {
        Some(*game)
    }
    const PAPER: (f64, f64, f64) = (1464.06, 151.52, 0.05999);

    fn paper_parameters() -> Parameters {
        Parameters {
            tau: 0.5,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            period: PeriodLength::Event,
        }
    }

    /// `r` is the paper's result to the precision the paper publishes: μ' and φ' to four
    /// decimals, σ' to the digits it writes, and r' and RD' within one unit of their last
    /// published digit.
    fn assert_paper(r: Rating) {
        let (mu, phi) = ((r.rating - 1500.0) / 173.7178, r.deviation / 173.7178);
        assert_eq!(format!("{mu:.4}"), format!("{:.4}", PAPER_SCALED.0), "μ'");
        assert_eq!(format!("{phi:.4}"), format!("{:.4}", PAPER_SCALED.1), "φ'");
        // σ' = 0.0599959…: the paper writes its first digits, 0.05999.
        assert!(
            (PAPER.2..PAPER.2 + 0.00001).contains(&r.volatility),
            "σ' = {}",
            r.volatility
        );
        assert!((r.rating - PAPER.0).abs() < 0.01, "r' = {}", r.rating);
        assert!(
            (r.deviation - PAPER.1).abs() < 0.01,
            "RD' = {}",
            r.deviation
        );
        // The published values, from the rounded μ' and φ'.
        assert_eq!(
            format!("{:.2}", PAPER_SCALED.0 * 173.7178 + 1500.0),
            "1464.06"
        );
        assert_eq!(format!("{:.2}", PAPER_SCALED.1 * 173.7178), "151.52");
    }

    fn glicko(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn the_crate_call_gives_the_papers_example() {
        let against = [
            (glicko(1400.0, 30.0), Outcomes::WIN),
            (glicko(1550.0, 100.0), Outcomes::LOSS),
            (glicko(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = paper_parameters().config();
        let next = glicko2_rating_period(&glicko(1500.0, 200.0), &against, &config);
        assert_paper(next.into());
    }

    /// The same period rated by our own bookkeeping: the player and the three opponents
    /// enter at the paper's ratings and play the paper's three games in one period.
    #[test]
    fn a_rating_period_gives_the_papers_example() {
        let start = [
            glicko(1500.0, 200.0),
            glicko(1400.0, 30.0),
            glicko(1550.0, 100.0),
            glicko(1700.0, 300.0),
        ];
        let game = |opponent, score| Game {
            entries: [0, opponent],
            score,
        };
        let period = Period {
            number: 1,
            games: vec![
                game(1, Score::Won),
                game(2, Score::Lost),
                game(3, Score::Lost),
            ],
        };
        let tracks = rate_from(&paper_parameters().config(), &start, &[period], as_is, None);
        let player = tracks[0].as_ref().expect("the player played");
        assert_paper(player.history[0].1);
        assert_paper(player.current);
        assert_eq!(player.games, 3);
    }

    #[test]
    fn an_absent_player_grows_less_certain_each_period() {
        let parameters = paper_parameters();
        let game = |a, b| Game {
            entries: [a, b],
            score: Score::Won,
        };
        let periods = [
            Period {
                number: 1,
                games: vec![game(0, 1)],
            },
            Period {
                number: 2,
                games: vec![game(1, 2)],
            },
            Period {
                number: 5,
                games: vec![game(1, 2)],
            },
        ];
        let tracks = rate(&parameters, 3, &periods, as_is, None);
        let zero = tracks[0].as_ref().expect("played");
        let after = zero.history[0].1;
        // Entry 0 sat out periods 2 to 5: four widenings, one at a time by the crate.
        let mut expected: Glicko2Rating = Glicko2Rating {
            rating: after.rating,
            deviation: after.deviation,
            volatility: after.volatility,
        };
        for _ in 0..4 {
            expected = skillratings::glicko2::decay_deviation(&expected);
        }
        assert!((zero.current.deviation - expected.deviation).abs() < 1e-9);
        assert!(zero.current.deviation > after.deviation);
        assert_eq!(
            zero.current.rating, after.rating,
            "sitting out keeps the rating"
        );
        // Entry 2 comes in at period 2; at period 5 it had sat out 3 and 4.
        let two = tracks[2].as_ref().expect("played");
        assert_eq!(two.games, 2);
        assert_eq!(two.history.len(), 2);
        assert_eq!(two.history[1].0, 2, "the history names the period");
    }

    #[test]
    fn a_draw_between_equals_moves_no_rating() {
        let parameters = paper_parameters();
        let periods = [Period {
            number: 1,
            games: vec![Game {
                entries: [0, 1],
                score: Score::Drawn,
            }],
        }];
        let tracks = rate(&parameters, 2, &periods, as_is, None);
        for track in tracks.iter().flatten() {
            assert!((track.current.rating - 1500.0).abs() < 1e-9);
            assert!(track.current.deviation < 350.0);
        }
        let won = rate(
            &parameters,
            2,
            &[Period {
                number: 1,
                games: vec![Game {
                    entries: [0, 1],
                    score: Score::Won,
                }],
            }],
            as_is,
            None,
        );
        let winner = won[0].as_ref().expect("played").current.rating;
        let loser = won[1].as_ref().expect("played").current.rating;
        assert!(winner > 1500.0 && loser < 1500.0);
        assert!(
            (winner - 1500.0 - (1500.0 - loser)).abs() < 1e-9,
            "symmetric"
        );
    }

    #[test]
    fn the_same_games_give_the_same_bits() {
        let parameters = paper_parameters();
        let periods: Vec<Period> = (0..20)
            .map(|n| Period {
                number: n,
                games: (0..7)
                    .map(|g| {
                        Game::between(
                            [(g + n as usize) % 9, (g * 3 + 1 + n as usize) % 9],
                            [Score::Won, Score::Lost, Score::Drawn][g % 3],
                        )
                    })
                    .filter(|g| g.entries[0] != g.entries[1])
                    .collect(),
            })
            .collect();
        let bits = |tracks: Vec<Option<Track>>| -> Vec<u64> {
            tracks
                .iter()
                .flatten()
                .flat_map(|t| [t.current.rating.to_bits(), t.current.deviation.to_bits()])
                .collect()
        };
        assert_eq!(
            bits(rate(&parameters, 9, &periods, as_is, None)),
            bits(rate(&parameters, 9, &periods, as_is, None))
        );
    }

    /// `count` periods in time order, with a gap after every fourth, each of six games among
    /// `entries` entries, drawn from `seed`.
    fn drawn_periods(count: usize, entries: usize, seed: usize) -> Vec<Period> {
        (0..count)
            .map(|n| Period {
                number: (n + n / 4) as i64,
                games: (0..6)
                    .map(|g| {
                        let a = (g * 7 + n * 5 + seed) % entries;
                        let b = (a + 1 + (g + n + seed) % (entries - 1)) % entries;
                        Game::between(
                            [a, b],
                            [Score::Won, Score::Lost, Score::Drawn][(g + seed) % 3],
                        )
                    })
                    .collect(),
            })
            .collect()
    }

    #[test]
    fn a_resumed_rating_is_the_full_rating_of_the_same_periods() {
        let parameters = paper_parameters();
        let mut resume = Resume::default();
        let mut periods = drawn_periods(40, 12, 0);
        let mut entries = 12;
        let check = |periods: &[Period], entries: usize, resume: &mut Resume, what: &str| {
            let resumed = rate(&parameters, entries, periods, as_is, Some(resume));
            assert_eq!(
                resumed,
                rate(&parameters, entries, periods, as_is, None),
                "{what}"
            );
        };
        check(&periods, entries, &mut resume, "the first run");
        check(&periods, entries, &mut resume, "nothing changed");
        // A result of the last period turned, then one of a period far back, then of the first.
        for position in [39, 20, 0, 38] {
            let game = &mut periods[position].games[0];
            game.score = game.score.reversed();
            check(
                &periods,
                entries,
                &mut resume,
                &format!("period {position} edited"),
            );
        }
        // A period added, with a newcomer; then a period taken away.
        let mut added = drawn_periods(41, 13, 3).pop().expect("a period");
        added.number = periods[39].number + 2;
        periods.push(added);
        entries = 13;
        check(
            &periods,
            entries,
            &mut resume,
            "a period and an entry added",
        );
        periods.pop();
        check(&periods, entries, &mut resume, "the period taken away");
        // Fewer entries than the last run, or other parameters: rated from the start.
        let fewer = drawn_periods(40, 10, 1);
        check(&fewer, 10, &mut resume, "fewer entries");
        let other = Parameters {
            tau: 0.3,
            ..parameters
        };
        let resumed = rate(&other, 10, &fewer, as_is, Some(&mut resume));
        assert_eq!(
            resumed,
            rate(&other, 10, &fewer, as_is, None),
            "other parameters"
        );
        assert!(resume.saved.len() <= MOST_SAVED);
        assert!(
            resume.saved.windows(2).all(|w| w[0].0 < w[1].0),
            "oldest first"
        );
        // The run after an edit to the last period starts from the standings saved before it,
        // not from the first period: spoiled, they spoil its result.
        let saved: Vec<usize> = resume.saved.iter().map(|(p, _)| *p).collect();
        assert_eq!(saved, [8, 24, 32, 36, 38, 39]);
        let (_, before_last) = resume.saved.last_mut().expect("saved");
        for (rating, ..) in before_last.iter_mut().flatten() {
            rating.rating += 100.0;
        }
        let mut edited = fewer.clone();
        let game = &mut edited[39].games[0];
        game.score = game.score.reversed();
        let resumed = rate(&other, 10, &edited, as_is, Some(&mut resume));
        assert_ne!(resumed, rate(&other, 10, &edited, as_is, None), "resumed");
    }

    /// A resume kept as bytes (`build` keeps them in the site folder between runs) reads back
    /// as it was written, and a run resumed from it rates as one from the start.
    #[test]
    fn resumes_kept_as_bytes_resume_as_they_were() {
        let parameters = paper_parameters();
        let mut periods = drawn_periods(30, 10, 2);
        let mut resume = Resume::default();
        rate(&parameters, 10, &periods, as_is, Some(&mut resume));
        let kept = Resumes::default();
        kept.put("lcg-overall", resume);
        let bytes = kept.to_bytes();
        let read = Resumes::from_bytes(&bytes).expect("resumes");
        assert_eq!(read.to_bytes(), bytes, "the same bytes again");
        let game = &mut periods[29].games[0];
        game.score = game.score.reversed();
        let mut resume = read.take("lcg-overall");
        assert!(!resume.saved.is_empty(), "standings to resume from");
        assert_eq!(
            rate(&parameters, 10, &periods, as_is, Some(&mut resume)),
            rate(&parameters, 10, &periods, as_is, None)
        );
        assert!(
            Resumes::from_bytes(&bytes[..bytes.len() / 2]).is_none(),
            "torn"
        );
    }
}
