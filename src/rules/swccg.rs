//! The Star Wars CCG tournament guide (Official SW:CCG Tournament Guide v4.1, 2008): scoring by
//! victory points and differential, the final-standings tiebreakers, the pile pairing of
//! constructed rounds (two games a round, one per allegiance), fixed-allegiance pairing of
//! sealed, draft and Watto's Cube events, the Final Confrontation, draft pods, minimums and game
//! time.
//!
//! Everything here is a pure function of its arguments. Randomness only comes from
//! [`Stream`]s, with these labels:
//!
//! - `"game 1 order"`: the shuffle of the scorecards before the first game ([`pair_first_game`],
//!   and each allegiance pile of [`pair_fixed`] for game 1).
//! - `"game 1 allegiance"`: the coin for the allegiance of the odd positions in game 1.
//! - `"game {game} allegiance"`: the coin of a new round (game 3, 5, ...; [`pair_new_round`]).
//! - the caller's label for a true tie ([`score_game`]), for the random end of the standings
//!   ([`rank`]) and for the random end of a Final Confrontation ([`final_confrontation`]).
//!   Suggested: `"game {game} table {table} true tie"`, `"standings after game {game}"`,
//!   `"final confrontation"`.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::{Add, AddAssign};

use super::random::Stream;

/// A side of the Force. In every game one player plays Dark Side and the other Light Side, so
/// an allegiance also names a seat of a game: arrays of two are indexed `[dark, light]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Allegiance {
    Dark,
    Light,
}

impl Allegiance {
    /// The other side.
    pub fn opposite(self) -> Allegiance {
        match self {
            Allegiance::Dark => Allegiance::Light,
            Allegiance::Light => Allegiance::Dark,
        }
    }

    /// Index into `[dark, light]` arrays.
    pub fn index(self) -> usize {
        match self {
            Allegiance::Dark => 0,
            Allegiance::Light => 1,
        }
    }

    /// The lowercase name used in files and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Allegiance::Dark => "dark",
            Allegiance::Light => "light",
        }
    }
}

/// A seat of a game is named by the allegiance played there (see [`Allegiance`]).
pub type Seat = Allegiance;

/// The largest differential one game can give: "A player cannot win (or lose) by more than a
/// 59 differential."
pub const MAX_DIFFERENTIAL: i32 = 59;

/// A score: victory points and differential, written `2(+15)`. Ordered as the standings order
/// them: points first, then differential.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Score {
    pub points: u32,
    pub differential: i32,
}

impl Score {
    pub const ZERO: Score = Score {
        points: 0,
        differential: 0,
    };

    pub const fn new(points: u32, differential: i32) -> Score {
        Score {
            points,
            differential,
        }
    }
}

/// The score of a bye: "2 victory points with 0 differential, or 2(+0)".
pub const BYE: Score = Score::new(2, 0);

impl fmt::Display for Score {
    /// `2(+15)`, `0(-6)`, `2(+0)`: the guide always writes the sign, and zero as `+0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.differential < 0 {
            write!(f, "{}({})", self.points, self.differential)
        } else {
            write!(f, "{}(+{})", self.points, self.differential)
        }
    }
}

impl Add for Score {
    type Output = Score;
    /// Cumulative scores add points and differential (saturating, so odd input cannot panic).
    fn add(self, other: Score) -> Score {
        Score {
            points: self.points.saturating_add(other.points),
            differential: self.differential.saturating_add(other.differential),
        }
    }
}

impl AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |a, b| a + b)
    }
}

/// A differential as recorded, capped at [`MAX_DIFFERENTIAL`].
fn capped(cards: u32) -> i32 {
    i32::try_from(cards.min(MAX_DIFFERENTIAL as u32)).unwrap_or(MAX_DIFFERENTIAL)
}

/// How a game ended, as recorded. A bye is not a game result: it has no second seat; it scores
/// [`BYE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// The loser's Life Force was depleted (also after time was called): a full win, 2 points;
    /// the differential is the winner's remaining Life Force, capped at 59; the loser gets 0
    /// and the negative.
    Win { winner: Seat, life_force: u32 },
    /// Time was called and the winner had more Life Force left: a modified win, 1 point; the
    /// loser 0; differential as for a full win ("equal to the number of cards left in the
    /// winner's Life Force").
    Modified { winner: Seat, life_force: u32 },
    /// Time was called with equal Life Force. Indexed `[dark, light]`: fewer cards in the lost
    /// pile wins, then fewer in hand, then a seeded coin. Scored 1(+1) and 0(-1).
    TrueTie { lost_pile: [u32; 2], hand: [u32; 2] },
    /// A player quit after pairing or during the game: a full loss for the quitter, with the
    /// differential the director judged reasonable (capped at 59). The quitter takes no further
    /// part in the event.
    Quit { quitter: Seat, differential: u32 },
}

/// What kind of result a game was, for the pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultKind {
    FullWin,
    ModifiedWin,
    TrueTie,
    Quit,
}

/// What decided a true tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrueTieDecider {
    LostPile,
    Hand,
    Random,
}

/// A scored game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredGame {
    /// Indexed `[dark, light]`.
    pub scores: [Score; 2],
    pub winner: Seat,
    pub kind: ResultKind,
    /// For a true tie, what decided it.
    pub true_tie: Option<TrueTieDecider>,
    /// A quitter must not play in the rest of the event.
    pub leaves_event: Option<Seat>,
}

fn seat(index: usize) -> Seat {
    if index == 0 {
        Allegiance::Dark
    } else {
        Allegiance::Light
    }
}

fn scores_for(winner: Seat, win: Score) -> [Score; 2] {
    let loss = Score::new(0, -win.differential);
    let mut scores = [loss; 2];
    scores[winner.index()] = win;
    scores
}

/// Scores one game. `seed` and `label` select the coin of a true tie that neither the lost
/// piles nor the hands decide (the label should name the game and table, so that each tie gets
/// its own coin); other results ignore them.
pub fn score_game(result: &GameResult, seed: u64, label: &str) -> ScoredGame {
    match *result {
        GameResult::Win { winner, life_force } => ScoredGame {
            scores: scores_for(winner, Score::new(2, capped(life_force))),
            winner,
            kind: ResultKind::FullWin,
            true_tie: None,
            leaves_event: None,
        },
        GameResult::Modified { winner, life_force } => ScoredGame {
            scores: scores_for(winner, Score::new(1, capped(life_force))),
            winner,
            kind: ResultKind::ModifiedWin,
            true_tie: None,
            leaves_event: None,
        },
        GameResult::TrueTie { lost_pile, hand } => {
            let (winner, decider) = match (lost_pile[0].cmp(&lost_pile[1]), hand[0].cmp(&hand[1])) {
                (Ordering::Less, _) => (Allegiance::Dark, TrueTieDecider::LostPile),
                (Ordering::Greater, _) => (Allegiance::Light, TrueTieDecider::LostPile),
                (Ordering::Equal, Ordering::Less) => (Allegiance::Dark, TrueTieDecider::Hand),
                (Ordering::Equal, Ordering::Greater) => (Allegiance::Light, TrueTieDecider::Hand),
                (Ordering::Equal, Ordering::Equal) => (
                    seat(Stream::new(seed, label).below(2) as usize),
                    TrueTieDecider::Random,
                ),
            };
            ScoredGame {
                scores: scores_for(winner, Score::new(1, 1)),
                winner,
                kind: ResultKind::TrueTie,
                true_tie: Some(decider),
                leaves_event: None,
            }
        }
        GameResult::Quit {
            quitter,
            differential,
        } => {
            let winner = quitter.opposite();
            ScoredGame {
                scores: scores_for(winner, Score::new(2, capped(differential))),
                winner,
                kind: ResultKind::Quit,
                true_tie: None,
                leaves_event: Some(quitter),
            }
        }
    }
}

/// The differential of a major deck-check violation: "a –30 differential for that player and a
/// +30 differential for their opponent".
pub const DECK_VIOLATION_DIFFERENTIAL: i32 = 30;

/// A major deck-list violation, applied to the prior game's scores (the offender's and the
/// opponent's): "results in a full loss for the prior game (and a full win for the opponent).
/// If the player whose deck is in violation lost the prior game by 30 or more differential,
/// that game's result stands, otherwise score a –30 differential for that player and a +30
/// differential for their opponent."
///
/// Reading: "lost by 30 or more" means the offender scored no victory points and a
/// differential of -30 or less; then both scores stand as recorded (a modified loss by 30 stays
/// a modified loss). Every other result, wins included, becomes 0(-30) and 2(+30).
pub fn major_deck_violation(offender: Score, opponent: Score) -> (Score, Score) {
    if offender.points == 0 && offender.differential <= -DECK_VIOLATION_DIFFERENTIAL {
        (offender, opponent)
    } else {
        (
            Score::new(0, -DECK_VIOLATION_DIFFERENTIAL),
            Score::new(2, DECK_VIOLATION_DIFFERENTIAL),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Standings

/// One game of a player, as the standings need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRecord {
    pub opponent: usize,
    /// The allegiance this player played.
    pub allegiance: Allegiance,
    /// This player's score for the game (after any deck-check penalty).
    pub score: Score,
    pub won: bool,
}

/// A player's event so far: the games played and the byes received.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerRecord {
    pub player: usize,
    pub games: Vec<GameRecord>,
    pub byes: u32,
    /// Disqualified from the tournament: listed after every other player, without a place.
    pub disqualified: bool,
    /// The players this one beat in a tiebreaker game, played after the last game to break a
    /// tie on points and differential. They count for nothing else.
    pub tiebreak_wins: Vec<usize>,
}

/// The deck-check failures that disqualify a player: "The penalty for a second violation is
/// tournament disqualification."
pub const DECK_CHECK_FAILURES_TO_DISQUALIFY: u32 = 2;

impl PlayerRecord {
    /// The cumulative score: every game's score plus 2(+0) per bye.
    pub fn cumulative(&self) -> Score {
        let byes: Score = (0..self.byes).map(|_| BYE).sum();
        self.games.iter().map(|g| g.score).sum::<Score>() + byes
    }

    /// The highest single-game differential. A bye counts as a game scored 2(+0); a player with
    /// neither games nor byes has none (and ranks below any player who has one).
    pub fn highest_differential(&self) -> Option<i32> {
        let bye = (self.byes > 0).then_some(0);
        self.games
            .iter()
            .map(|g| g.score.differential)
            .chain(bye)
            .max()
    }
}

/// What placed a row where it is, relative to its neighbour (see [`RankedRow::decided_by`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    Points,
    Differential,
    /// The winner of the tiebreaker game the two tied players played.
    TiebreakerGame,
    /// The winner of their game, or of the combination of their games.
    HeadToHead,
    HighestDifferential,
    /// Strength of schedule with the `dropped` lowest opponents left out.
    StrengthOfSchedule {
        dropped: u32,
    },
    Random,
}

impl Decider {
    /// The stable name written in `event.json`, in the words the FFG rows use where the
    /// tiebreaker is the same (`head_to_head`, `sos`, `random`).
    pub fn short(self) -> &'static str {
        match self {
            Decider::Points => "points",
            Decider::Differential => "differential",
            Decider::TiebreakerGame => "tiebreaker_game",
            Decider::HeadToHead => "head_to_head",
            Decider::HighestDifferential => "highest_differential",
            Decider::StrengthOfSchedule { .. } => "sos",
            Decider::Random => "random",
        }
    }

    /// For strength of schedule, how many of the lowest entries were dropped.
    pub fn sos_dropped(self) -> Option<u32> {
        match self {
            Decider::StrengthOfSchedule { dropped } => Some(dropped),
            _ => None,
        }
    }
}

/// A row of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedRow {
    /// 1-based; every row has its own place (the guide breaks every tie). `None` for a
    /// disqualified player, listed after the ranked players.
    pub place: Option<usize>,
    pub player: usize,
    pub score: Score,
    pub highest_differential: Option<i32>,
    /// The cumulative victory points of the opponent of each game, lowest first, with a 0 for
    /// each bye: strength of schedule at `dropped = k` is the sum of this list without its
    /// first `k` entries.
    pub opponents_points: Vec<u32>,
    /// What separates this player from the player directly above; for the first row, from the
    /// player directly below. `None` when the standings have a single ranked row, and for a
    /// disqualified player.
    pub decided_by: Option<Decider>,
}

/// The tiebreaker levels, in the guide's order, after points and differential.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    HeadToHead,
    HighestDifferential,
    Strength(u32),
    Random,
}

struct Standings<'a> {
    records: Vec<&'a PlayerRecord>,
    totals: Vec<Score>,
    opponents_points: Vec<Vec<u32>>,
}

impl Standings<'_> {
    /// What `a` took from `b` in their games, against what `b` took from `a`.
    fn head_to_head(&self, a: usize, b: usize) -> Ordering {
        let took = |x: usize, y: usize| -> Score {
            let opponent = self.records[y].player;
            self.records[x]
                .games
                .iter()
                .filter(|g| g.opponent == opponent)
                .map(|g| g.score)
                .sum()
        };
        took(a, b).cmp(&took(b, a))
    }

    fn strength(&self, i: usize, dropped: u32) -> u32 {
        self.opponents_points[i]
            .iter()
            .skip(dropped as usize)
            .fold(0u32, |s, &p| s.saturating_add(p))
    }

    /// Orders `members` by victory points, then differential, then the tiebreakers; returns the
    /// order and what decided each boundary (one fewer than the members).
    fn order_by_score(
        &self,
        mut members: Vec<usize>,
        rng: &mut Stream,
    ) -> (Vec<usize>, Vec<Decider>) {
        members.sort_by(|&a, &b| {
            self.totals[b]
                .cmp(&self.totals[a])
                .then(self.records[a].player.cmp(&self.records[b].player))
        });
        let mut order = Vec::new();
        let mut deciders = Vec::new();
        for group in members.chunk_by(|&a, &b| self.totals[a] == self.totals[b]) {
            let total = self.totals[group[0]];
            if let Some(&previous) = order.last() {
                let above: Score = self.totals[previous];
                deciders.push(if above.points != total.points {
                    Decider::Points
                } else {
                    Decider::Differential
                });
            }
            let (o, d) = match self.tiebreaker_game(group) {
                Some(pair) => (pair.to_vec(), vec![Decider::TiebreakerGame]),
                None => self.order(group.to_vec(), Level::HeadToHead, rng),
            };
            order.extend(o);
            deciders.extend(d);
        }
        (order, deciders)
    }

    /// A tie of exactly two players, one of whom beat the other in a tiebreaker game: the
    /// winner, then the loser. The guide offers the game for a tie on points and differential,
    /// before its other tiebreakers; one game can only settle a tie between two.
    fn tiebreaker_game(&self, group: &[usize]) -> Option<[usize; 2]> {
        let &[a, b] = group else { return None };
        let beat = |x: usize, y: usize| {
            self.records[x]
                .tiebreak_wins
                .contains(&self.records[y].player)
        };
        match (beat(a, b), beat(b, a)) {
            (true, false) => Some([a, b]),
            (false, true) => Some([b, a]),
            _ => None,
        }
    }

    /// Orders a group tied on everything before `level`. Returns the order and the decider of
    /// each boundary (one fewer than the members).
    fn order(
        &self,
        members: Vec<usize>,
        level: Level,
        rng: &mut Stream,
    ) -> (Vec<usize>, Vec<Decider>) {
        if members.len() <= 1 {
            return (members, Vec::new());
        }
        match level {
            Level::HeadToHead => {
                // A player who beat (over their games) every other member of the group goes
                // first; for two players this is exactly "the winner of that game (or
                // combination of both games)". The rest is a smaller tie, ordered afresh.
                let top = members.iter().copied().find(|&m| {
                    members
                        .iter()
                        .all(|&o| o == m || self.head_to_head(m, o) == Ordering::Greater)
                });
                match top {
                    Some(top) => {
                        let rest: Vec<usize> = members.into_iter().filter(|&m| m != top).collect();
                        let (order, deciders) = self.order(rest, Level::HeadToHead, rng);
                        let mut all = vec![top];
                        all.extend(order);
                        let mut all_deciders = vec![Decider::HeadToHead];
                        all_deciders.extend(deciders);
                        (all, all_deciders)
                    }
                    None => self.order(members, Level::HighestDifferential, rng),
                }
            }
            Level::HighestDifferential | Level::Strength(_) => {
                let (decider, next) = match level {
                    Level::Strength(k) => {
                        let longest = members
                            .iter()
                            .map(|&m| self.opponents_points[m].len())
                            .max()
                            .unwrap_or(0);
                        if k as usize >= longest.max(1) {
                            // Every opponent dropped for everyone: nothing left to compare.
                            return self.order(members, Level::Random, rng);
                        }
                        (
                            Decider::StrengthOfSchedule { dropped: k },
                            Level::Strength(k + 1),
                        )
                    }
                    _ => (Decider::HighestDifferential, Level::Strength(1)),
                };
                let key = |i: usize| -> i64 {
                    match level {
                        Level::Strength(k) => i64::from(self.strength(i, k)),
                        _ => self.records[i]
                            .highest_differential()
                            .map_or(i64::MIN, i64::from),
                    }
                };
                let mut keyed: Vec<(i64, usize)> = members.iter().map(|&m| (key(m), m)).collect();
                keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                let mut groups: Vec<Vec<usize>> = Vec::new();
                let mut last = None;
                for (k, m) in keyed {
                    if last == Some(k) {
                        if let Some(g) = groups.last_mut() {
                            g.push(m);
                        }
                    } else {
                        groups.push(vec![m]);
                        last = Some(k);
                    }
                }
                if groups.len() == 1 {
                    return self.order(members, next, rng);
                }
                let mut order = Vec::new();
                let mut deciders = Vec::new();
                for group in groups {
                    if !order.is_empty() {
                        deciders.push(decider);
                    }
                    let (o, d) = self.order(group, Level::HeadToHead, rng);
                    order.extend(o);
                    deciders.extend(d);
                }
                (order, deciders)
            }
            Level::Random => {
                let mut members = members;
                members.sort_by_key(|&m| self.records[m].player);
                rng.shuffle(&mut members);
                let n = members.len();
                (members, vec![Decider::Random; n - 1])
            }
        }
    }
}

/// The standings: by victory points, then differential; remaining ties by the guide's "Ending
/// the Tournament" tiebreakers, in order:
///
/// 1. head to head: the winner of their game, or of the combination of their games (what each
///    took from the other, points then differential). In a tie of three or more, a player who
///    beat every other tied player goes first, and the rest are ordered again from step 1;
/// 2. the highest single-game differential (a bye counts as 2(+0));
/// 3. strength of schedule: the sum of the cumulative victory points of the player's opponents,
///    one entry per game (an opponent met twice counts twice), dropping the lowest entry; while
///    still tied, drop the next lowest, until nothing is left. The guide drops the lowest
///    opponent "to account for byes", so a bye is an entry worth 0: it is the entry dropped
///    first, and a player with a bye is compared on their real opponents, all of them, as a
///    player without one is on all but their weakest;
/// 4. a seeded random order (stream `label`, used for the tied groups from the top down).
///
/// Whenever a tiebreaker splits a tie into smaller ties, each smaller tie is ordered again from
/// head to head, since the guide applies its tiebreakers to the players still tied. Opponents
/// who have no record count 0 points. A player listed twice counts once (the first record).
///
/// Disqualified players (the guide says nothing of their standing) are ordered the same way
/// among themselves after every ranked player, without a place: they are out of the final
/// placings, but their games stand, so their opponents keep the points and differential taken
/// from them and count their victory points in strength of schedule.
pub fn rank(records: &[PlayerRecord], seed: u64, label: &str) -> Vec<RankedRow> {
    let mut seen = BTreeSet::new();
    let records: Vec<&PlayerRecord> = records.iter().filter(|r| seen.insert(r.player)).collect();
    let totals: Vec<Score> = records.iter().map(|r| r.cumulative()).collect();
    let by_player: BTreeMap<usize, u32> = records
        .iter()
        .zip(&totals)
        .map(|(r, t)| (r.player, t.points))
        .collect();
    let opponents_points = records
        .iter()
        .map(|r| {
            let byes = (0..r.byes).map(|_| 0);
            let mut points: Vec<u32> = r
                .games
                .iter()
                .map(|g| by_player.get(&g.opponent).copied().unwrap_or(0))
                .chain(byes)
                .collect();
            points.sort_unstable();
            points
        })
        .collect();
    let standings = Standings {
        records,
        totals,
        opponents_points,
    };
    let mut rng = Stream::new(seed, label);
    let (ranked, disqualified): (Vec<usize>, Vec<usize>) =
        (0..standings.records.len()).partition(|&i| !standings.records[i].disqualified);
    let (order, deciders) = standings.order_by_score(ranked, &mut rng);
    let (out, _) = standings.order_by_score(disqualified, &mut rng);
    let row = |i: usize, place: Option<usize>, decided_by: Option<Decider>| RankedRow {
        place,
        player: standings.records[i].player,
        score: standings.totals[i],
        highest_differential: standings.records[i].highest_differential(),
        opponents_points: standings.opponents_points[i].clone(),
        decided_by,
    };
    order
        .iter()
        .enumerate()
        .map(|(place, &i)| {
            let decided_by = if place == 0 {
                deciders.first().copied()
            } else {
                deciders.get(place - 1).copied()
            };
            row(i, Some(place + 1), decided_by)
        })
        .chain(out.into_iter().map(|i| row(i, None, None)))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Pairing

/// A game a player has played, as pairing needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meeting {
    pub opponent: usize,
    /// The allegiance this player played in that game.
    pub allegiance: Allegiance,
}

/// A player to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub player: usize,
    /// Position in the current standings, 0 first (from [`rank`]). Ignored for game 1.
    pub rank: usize,
    /// Whether the player has had a bye in this event.
    pub had_bye: bool,
    /// Every game played so far.
    pub meetings: Vec<Meeting>,
    /// [`pair_piles`]: the allegiance of the game just played (for the player who had the bye,
    /// the allegiance recorded with the bye, [`Bye::allegiance`]). [`pair_fixed`]: the
    /// allegiance the player keeps all event. Ignored by [`pair_first_game`] and
    /// [`pair_new_round`].
    pub allegiance: Allegiance,
    /// A tournament director who plays in their own event (gets the first bye of an odd field).
    pub organizer: bool,
}

impl Entrant {
    /// Whether this player has met `opponent` playing `side`.
    fn met_as(&self, opponent: usize, side: Allegiance) -> bool {
        self.meetings
            .iter()
            .any(|m| m.opponent == opponent && m.allegiance == side)
    }
}

/// Whether `a` playing `a_side` against `b` repeats an earlier game with the same opponents and
/// the same allegiances (checked in both players' histories, so a one-sided record counts).
fn repeats(a: &Entrant, a_side: Allegiance, b: &Entrant) -> bool {
    a.met_as(b.player, a_side) || b.met_as(a.player, a_side.opposite())
}

/// Why two players were paired, so the pages can name the rule applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PairReason {
    /// Game 1: neighbours in the shuffled pile of scorecards.
    Random,
    /// Second game of a round (or a fixed-allegiance game): same place in the Dark and Light
    /// piles.
    Piles,
    /// A new round: neighbours in the standings.
    Standings,
    /// A new round: they met before with the opposite allegiances, so the pairing stands.
    RematchStands,
    /// A new round: they met before with these allegiances, so the allegiances were swapped.
    AllegiancesSwapped,
    /// A new round: the lower-ranked player switched rankings with the next (once or more)
    /// because both allegiance combinations had been played.
    RankingSwitched,
    /// Paired with a lower player of the other pile to avoid meeting the same opponent with
    /// the same allegiances again.
    RematchModified,
    /// The player had met every candidate left with these allegiances: the original pairing
    /// was left.
    RematchLeft,
    /// More players in one pile than in the other (after drops): two players of the same pile
    /// meet, the higher-ranked switching allegiance.
    SamePile,
}

/// One table: who plays Dark, who plays Light, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Table {
    pub dark: usize,
    pub light: usize,
    pub reason: PairReason,
}

/// Why a player got a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeReason {
    /// The last card of the pile.
    Last,
    /// A playing tournament director takes the first bye of an odd field.
    Organizer,
    /// The last player had a bye already; the next lowest without one gets it.
    NextWithoutBye,
    /// Every candidate had a bye already; the last one gets another.
    AllHadByes,
    /// Fixed allegiances: more players of one side than the other can meet.
    NoOpponentOfOtherSide,
}

/// A bye (2(+0)), with the allegiance the player is counted in for the next pile pairing: the
/// allegiance their position would have had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Bye {
    pub player: usize,
    pub allegiance: Allegiance,
    pub reason: ByeReason,
}

/// The pairing of one game.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Paired {
    pub tables: Vec<Table>,
    pub byes: Vec<Bye>,
}

fn table(a: usize, a_side: Allegiance, b: usize, reason: PairReason) -> Table {
    match a_side {
        Allegiance::Dark => Table {
            dark: a,
            light: b,
            reason,
        },
        Allegiance::Light => Table {
            dark: b,
            light: a,
            reason,
        },
    }
}

/// Entrants with duplicates removed (the first entry counts), in standings order.
fn by_rank(entrants: &[Entrant]) -> Vec<&Entrant> {
    let mut seen = BTreeSet::new();
    let mut out: Vec<&Entrant> = entrants.iter().filter(|e| seen.insert(e.player)).collect();
    out.sort_by_key(|e| (e.rank, e.player));
    out
}

/// Takes `count` byes from the bottom of `pile` (in order, best first): the lowest players who
/// have not had a bye, walking up; if too few, the lowest of those who have.
fn take_byes(
    pile: &mut Vec<&Entrant>,
    count: usize,
    side: Allegiance,
    reason: ByeReason,
) -> Vec<Bye> {
    let mut byes = Vec::new();
    for _ in 0..count.min(pile.len()) {
        let last = pile.len() - 1;
        let (index, why) = match pile.iter().rposition(|e| !e.had_bye) {
            Some(i) if i == last => (i, reason),
            Some(i) => (i, ByeReason::NextWithoutBye),
            None => (last, ByeReason::AllHadByes),
        };
        let e = pile.remove(index);
        byes.push(Bye {
            player: e.player,
            allegiance: side,
            reason: why,
        });
    }
    byes
}

/// The seeded coin of game `game` (stream `"game {game} allegiance"`): the allegiance of the
/// odd positions of a game paired from a single pile (the first game of a round). The player
/// with that game's bye holds the last card, an odd position in an odd field, so this is also
/// the allegiance pile the bye joins.
pub fn coin(seed: u64, game: u32) -> Allegiance {
    if Stream::new(seed, &format!("game {game} allegiance")).below(2) == 0 {
        Allegiance::Dark
    } else {
        Allegiance::Light
    }
}

/// The first game of the event (Pairings, step 1): shuffle the scorecards (stream
/// `"game 1 order"`), flip a coin (stream `"game 1 allegiance"`) for the allegiance of the top
/// card and so of every odd position, and pair 1-2, 3-4, ...; the player at an odd position
/// plays the coin's allegiance. With an odd field the last card gets the bye, and a playing
/// tournament director (`organizer`) is moved to the bottom first, since they must receive the
/// first-round bye. Sealed events use this too: the first pairing assigns the side each player
/// keeps all event.
pub fn pair_first_game(entrants: &[Entrant], seed: u64) -> Paired {
    let mut seen = BTreeSet::new();
    let mut order: Vec<&Entrant> = entrants.iter().filter(|e| seen.insert(e.player)).collect();
    order.sort_by_key(|e| e.player);
    Stream::new(seed, "game 1 order").shuffle(&mut order);
    let odd_side = coin(seed, 1);
    let mut byes = Vec::new();
    if order.len() % 2 == 1 {
        let (index, reason) = match order.iter().position(|e| e.organizer) {
            Some(i) => (i, ByeReason::Organizer),
            None => (order.len() - 1, ByeReason::Last),
        };
        let e = order.remove(index);
        byes.push(Bye {
            player: e.player,
            allegiance: odd_side,
            reason,
        });
    }
    let tables = order
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| table(pair[0].player, odd_side, pair[1].player, PairReason::Random))
        .collect();
    Paired { tables, byes }
}

/// Pairs two piles best against best: the anchor pile's players in order take the first
/// player left in the other pile, unless `conflict` says that would repeat an earlier game;
/// then the next one left that would not; if every one left would, the first after all.
fn pair_two_piles<'a>(
    anchor: &[&'a Entrant],
    other: &[&'a Entrant],
    conflict: impl Fn(&Entrant, &Entrant) -> bool,
    mut make: impl FnMut(&'a Entrant, &'a Entrant, PairReason) -> Table,
) -> (Vec<Table>, Vec<&'a Entrant>) {
    let mut left: Vec<&Entrant> = other.to_vec();
    let mut tables = Vec::new();
    let mut unpaired = Vec::new();
    for &a in anchor {
        if left.is_empty() {
            unpaired.push(a);
            continue;
        }
        let (index, reason) = if !conflict(a, left[0]) {
            (0, PairReason::Piles)
        } else {
            match left.iter().position(|b| !conflict(a, b)) {
                Some(i) => (i, PairReason::RematchModified),
                None => (0, PairReason::RematchLeft),
            }
        };
        let b = left.remove(index);
        tables.push(make(a, b, reason));
    }
    unpaired.extend(left);
    (tables, unpaired)
}

/// The second game of a round (Pairings, step 3): two piles by the allegiance just played,
/// each in standings order; the top of the Dark pile meets the top of the Light pile, and so
/// on, and everyone switches allegiance (the Dark pile now plays Light).
///
/// - Bye: with an odd field, the last player left (the bottom of the larger pile); if they
///   already had a bye, the next lowest in the same pile who has not.
/// - Rematch (same opponent and same allegiances as an earlier game): the Dark-pile player is
///   paired with the next highest Light-pile player after the one they were to play who would
///   not repeat a game, and so on down the pile; if every one left would, the original pairing
///   is left. Reading: "already faced" means faced with these allegiances, the conflict the rule
///   avoids; the Dark pile is the one walked, top down.
/// - Piles of unequal size (drops): the extra players of the larger pile meet each other, top
///   down, the higher-ranked switching allegiance (the guide does not cover this).
pub fn pair_piles(entrants: &[Entrant]) -> Paired {
    let all = by_rank(entrants);
    let (mut dark, mut light): (Vec<&Entrant>, Vec<&Entrant>) = all
        .into_iter()
        .partition(|e| e.allegiance == Allegiance::Dark);
    let mut byes = Vec::new();
    if (dark.len() + light.len()) % 2 == 1 {
        // The bye is for the next game, in which this pile plays the other side.
        if dark.len() > light.len() {
            byes = take_byes(&mut dark, 1, Allegiance::Light, ByeReason::Last);
        } else {
            byes = take_byes(&mut light, 1, Allegiance::Dark, ByeReason::Last);
        }
    }
    // Dark-pile players now play Light.
    let (mut tables, unpaired) = pair_two_piles(
        &dark,
        &light,
        |d, l| repeats(d, Allegiance::Light, l),
        |d, l, reason| Table {
            dark: l.player,
            light: d.player,
            reason,
        },
    );
    for pair in unpaired.chunks(2) {
        if let [a, b] = pair {
            tables.push(table(
                a.player,
                a.allegiance.opposite(),
                b.player,
                PairReason::SamePile,
            ));
        }
    }
    Paired { tables, byes }
}

/// The first game of a new round (Pairings, steps 4 and 5): the single pile in standings
/// order, paired 1-2, 3-4, ... as in step 1.
///
/// Reading of "repeat the pairing process from Step 1": the pile is not shuffled again (step 4
/// has just ordered it), but a coin is flipped again for the allegiance of the odd positions,
/// `odd_side` ([`coin`] gives the seeded one; a recorded game may have had the other).
/// The bye goes to the last player; if they already had one, to the next lowest who has not
/// (the rule of step 3, applied here too). Its allegiance is that of the odd positions.
///
/// Rematches: players who met with the opposite allegiances stand (reason `RematchStands`);
/// players who met with these allegiances but not the opposite ones play with swapped
/// allegiances; players who met both ways: the lower-ranked switches rankings with the next
/// player, repeatedly (each candidate examined by the same rules); if the higher player has met
/// everyone left both ways, the original pairing is left.
pub fn pair_new_round(entrants: &[Entrant], odd_side: Allegiance) -> Paired {
    let mut pile = by_rank(entrants);
    let byes = if pile.len() % 2 == 1 {
        take_byes(&mut pile, 1, odd_side, ByeReason::Last)
    } else {
        Vec::new()
    };
    let mut tables = Vec::new();
    while pile.len() >= 2 {
        let a = pile.remove(0);
        let mut chosen = None;
        for (j, b) in pile.iter().enumerate() {
            let same = repeats(a, odd_side, b);
            let opposite = repeats(a, odd_side.opposite(), b);
            let pick = match (same, opposite, j) {
                (false, false, 0) => Some((odd_side, PairReason::Standings)),
                (false, true, 0) => Some((odd_side, PairReason::RematchStands)),
                (true, false, 0) => Some((odd_side.opposite(), PairReason::AllegiancesSwapped)),
                (false, _, _) => Some((odd_side, PairReason::RankingSwitched)),
                (true, false, _) => Some((odd_side.opposite(), PairReason::RankingSwitched)),
                (true, true, _) => None,
            };
            if let Some((side, reason)) = pick {
                chosen = Some((j, side, reason));
                break;
            }
        }
        let (j, side, reason) = chosen.unwrap_or((0, odd_side, PairReason::RematchLeft));
        let b = pile.remove(j);
        tables.push(table(a.player, side, b.player, reason));
    }
    Paired { tables, byes }
}

/// Sealed deck, booster draft and Watto's Cube (traditional): players keep one allegiance all
/// event ("players do not switch allegiances in Sealed Deck play"), so every game is paired
/// like the second game of a constructed round: the Dark pile against the Light pile, best
/// against best, each pile in standings order (game 1 of a draft or cube, where the sides were
/// fixed at the draft: each pile shuffled, stream `"game 1 order"`, Dark pile first). A sealed
/// (non-draft) event pairs its first game with [`pair_first_game`], which assigns the sides.
///
/// Any earlier meeting is a rematch (the allegiances cannot differ): the Dark player takes the
/// next Light player they have not met, or the original one if they have met all. Players of
/// the larger pile beyond the size of the smaller have no opponent of the other side: they get
/// byes, from the bottom, skipping players who already had one when possible.
pub fn pair_fixed(entrants: &[Entrant], game: u32, seed: u64) -> Paired {
    let all = by_rank(entrants);
    let (mut dark, mut light): (Vec<&Entrant>, Vec<&Entrant>) = all
        .into_iter()
        .partition(|e| e.allegiance == Allegiance::Dark);
    if game <= 1 {
        dark.sort_by_key(|e| e.player);
        light.sort_by_key(|e| e.player);
        let mut rng = Stream::new(seed, "game 1 order");
        rng.shuffle(&mut dark);
        rng.shuffle(&mut light);
    }
    let byes = if dark.len() > light.len() {
        let extra = dark.len() - light.len();
        take_byes(
            &mut dark,
            extra,
            Allegiance::Dark,
            ByeReason::NoOpponentOfOtherSide,
        )
    } else {
        let extra = light.len() - dark.len();
        take_byes(
            &mut light,
            extra,
            Allegiance::Light,
            ByeReason::NoOpponentOfOtherSide,
        )
    };
    let (tables, _) = pair_two_piles(
        &dark,
        &light,
        |d, l| {
            d.meetings.iter().any(|m| m.opponent == l.player)
                || l.meetings.iter().any(|m| m.opponent == d.player)
        },
        |d, l, reason| Table {
            dark: d.player,
            light: l.player,
            reason,
        },
    );
    Paired { tables, byes }
}

// ---------------------------------------------------------------------------------------------
// Final Confrontation

/// The allegiances of the higher seed in the two games of a constructed Final Confrontation:
/// "The higher-seeded player may choose which allegiance they would like to play first"; the
/// second game is played with the other.
pub fn final_allegiances(higher_seed_first: Allegiance) -> [Allegiance; 2] {
    [higher_seed_first, higher_seed_first.opposite()]
}

/// The finalists of a sealed (or cube) event, from the standings with each player's fixed
/// allegiance, best first: the top Dark player against the top Light player, returned as
/// `[dark, light]`; in Secret Squirrel the top two players, in standings order. `None` when
/// there are not two finalists.
pub fn sealed_finalists(
    standings: &[(usize, Allegiance)],
    secret_squirrel: bool,
) -> Option<[usize; 2]> {
    if secret_squirrel {
        let mut seen = BTreeSet::new();
        let mut top = standings.iter().map(|s| s.0).filter(|p| seen.insert(*p));
        return Some([top.next()?, top.next()?]);
    }
    let first = |side| standings.iter().find(|s| s.1 == side).map(|s| s.0);
    let dark = first(Allegiance::Dark)?;
    let light = first(Allegiance::Light)?;
    (dark != light).then_some([dark, light])
}

/// One finalist's record for [`final_confrontation`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finalist {
    pub player: usize,
    /// This player's score in each game of the Final Confrontation, in order (two in
    /// constructed, one in sealed).
    pub final_games: Vec<Score>,
    /// The highest differential of a game this player won in the regular games of the event
    /// (`None` if they won none); the final's own wins are added by the function.
    pub best_win_differential: Option<i32>,
}

/// What decided a Final Confrontation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FinalReason {
    /// More games of the final won.
    Games,
    /// Games split: more victory points in the final (a full win beats a modified win).
    VictoryPoints,
    /// Games split, points equal: the higher total differential in the final.
    Differential,
    /// Still level: the highest single-game differential of a win within this tournament.
    HighestWinDifferential,
    /// Still level: a seeded coin.
    Random,
    /// The second seed waived the Final Confrontation: the higher seed wins the event.
    Waived,
}

/// The winner of the event decided by a Final Confrontation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct FinalOutcome {
    pub winner: usize,
    pub reason: FinalReason,
}

/// The winner of a Final Confrontation from the recorded final games. The player who won more
/// games wins. Reading of "In the event that the Final Confrontation is a tie": the games are
/// split (one each), or were not all recorded as wins; then, in the guide's order: 1) the higher
/// total of victory points of the final, 2) the higher total differential of the final, 3) the
/// highest single-game differential of a win within the tournament (final included), 4) a
/// seeded coin (stream `label`; heads for `higher`). A sealed final is one game and never
/// reaches the tiebreakers once its true tie (if any) was scored. Games are compared by
/// position; a game recorded for one finalist only counts for that one.
pub fn final_confrontation(
    higher: &Finalist,
    lower: &Finalist,
    seed: u64,
    label: &str,
) -> FinalOutcome {
    let games = |a: &Finalist, b: &Finalist| -> usize {
        a.final_games
            .iter()
            .enumerate()
            .filter(|(i, s)| s.points > b.final_games.get(*i).map_or(0, |o| o.points))
            .count()
    };
    let total = |a: &Finalist| -> Score { a.final_games.iter().copied().sum() };
    let best = |a: &Finalist, b: &Finalist| -> Option<i32> {
        let final_wins = a
            .final_games
            .iter()
            .enumerate()
            .filter(|(i, s)| s.points > b.final_games.get(*i).map_or(0, |o| o.points))
            .map(|(_, s)| s.differential);
        final_wins.chain(a.best_win_differential).max()
    };
    let steps = [
        (
            games(higher, lower).cmp(&games(lower, higher)),
            FinalReason::Games,
        ),
        (
            total(higher).points.cmp(&total(lower).points),
            FinalReason::VictoryPoints,
        ),
        (
            total(higher).differential.cmp(&total(lower).differential),
            FinalReason::Differential,
        ),
        (
            best(higher, lower).cmp(&best(lower, higher)),
            FinalReason::HighestWinDifferential,
        ),
    ];
    for (order, reason) in steps {
        match order {
            Ordering::Greater => {
                return FinalOutcome {
                    winner: higher.player,
                    reason,
                };
            }
            Ordering::Less => {
                return FinalOutcome {
                    winner: lower.player,
                    reason,
                };
            }
            Ordering::Equal => {}
        }
    }
    let heads = Stream::new(seed, label).below(2) == 0;
    FinalOutcome {
        winner: if heads { higher.player } else { lower.player },
        reason: FinalReason::Random,
    }
}

// ---------------------------------------------------------------------------------------------
// Formats: pods, minimums, time

/// The formats of the guide, as far as the rules here differ between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Open or Classic constructed: two 60-card decks, one per side.
    Constructed,
    /// Sealed (non-draft): Premiere, OTSD, Death Star II sealed.
    Sealed,
    /// Booster draft: OTSD, JPOTSD, Death Star II, Reflections II and III drafts.
    BoosterDraft,
    /// EPP Overdrive: 30-card decks, 15-minute games, at least 4 games.
    EppOverdrive,
    /// Secret Squirrel sealed: each deck has both sides' cards.
    SecretSquirrel,
    /// Watto's Cube, traditional (one side per player).
    Cube,
    /// Watto's Cube, Secret Squirrel format.
    CubeSecretSquirrel,
}

impl Format {
    fn is_cube(self) -> bool {
        matches!(self, Format::Cube | Format::CubeSecretSquirrel)
    }

    fn is_squirrel(self) -> bool {
        matches!(self, Format::SecretSquirrel | Format::CubeSecretSquirrel)
    }
}

/// The level of an event, for its minimum number of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Standard,
    /// An event with a Worlds Day 2 automatic bid at stake (and Worlds itself).
    Championship,
}

/// Booster draft pods (the guide's table, 8 to 16 players): `(size, with_dummy)`, the size
/// counting the director's dummy hand, which always drafts in a group of 6. Outside 8..=16 the
/// guide gives no table: `None`. (The table follows a rule, groups of 4 with one group of 6
/// when the count is 2 more than a multiple of 4, and with an odd count the dummy makes it even
/// and must sit in a group of 6; it is not extended here because the guide does not state it.)
pub fn draft_pods(players: u32) -> Option<Vec<(u32, bool)>> {
    let pods: &[(u32, bool)] = match players {
        8 => &[(4, false), (4, false)],
        9 => &[(4, false), (6, true)],
        10 => &[(4, false), (6, false)],
        11 => &[(6, false), (6, true)],
        12 => &[(4, false), (4, false), (4, false)],
        13 => &[(4, false), (4, false), (6, true)],
        14 => &[(4, false), (4, false), (6, false)],
        15 => &[(4, false), (6, false), (6, true)],
        16 => &[(4, false), (4, false), (4, false), (4, false)],
        _ => return None,
    };
    Some(pods.to_vec())
}

/// Groups of `players` as close to `target` as possible without exceeding `max`: the number of
/// groups with the least total distance from `target` (fewer groups on a tie), sizes as even
/// as possible, larger first.
fn balanced_groups(players: u32, target: u32, max: u32) -> Vec<u32> {
    let mut best: Option<(u32, Vec<u32>)> = None;
    for groups in players.div_ceil(max).max(1)..=players.max(1) {
        let base = players / groups;
        let extra = players % groups;
        let sizes: Vec<u32> = (0..groups).map(|i| base + u32::from(i < extra)).collect();
        let distance: u32 = sizes.iter().map(|&s| s.abs_diff(target)).sum();
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, sizes));
        }
    }
    best.map(|b| b.1).unwrap_or_default()
}

/// Watto's Cube draft groups. Traditional: "as close to 5 (not to exceed 5) as possible";
/// Secret Squirrel: "as close to 8 as possible (not to exceed 10)". The guide's tables (6 to 12
/// and 15 to 19 players) are returned as printed; other counts follow the stated rule (the
/// group count with the least total distance from the target, fewer groups on a tie, sizes as
/// even as possible), which reproduces every printed entry. `None` below the cube minimum of 4
/// players.
pub fn cube_pods(players: u32, secret_squirrel: bool) -> Option<Vec<u32>> {
    if players < 4 {
        return None;
    }
    let printed: Option<&[u32]> = match (secret_squirrel, players) {
        (false, 6) => Some(&[3, 3]),
        (false, 7) => Some(&[4, 3]),
        (false, 8) => Some(&[4, 4]),
        (false, 9) => Some(&[4, 5]),
        (false, 10) => Some(&[5, 5]),
        (false, 11) => Some(&[4, 4, 3]),
        (false, 12) => Some(&[4, 4, 4]),
        (true, 15) => Some(&[7, 8]),
        (true, 16) => Some(&[8, 8]),
        (true, 17) => Some(&[9, 8]),
        (true, 18) => Some(&[9, 9]),
        (true, 19) => Some(&[9, 10]),
        _ => None,
    };
    Some(match printed {
        Some(p) => p.to_vec(),
        None if secret_squirrel => balanced_groups(players, 8, 10),
        None => balanced_groups(players, 5, 5),
    })
}

/// Something an event's size or length falls short of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Warning {
    /// Fewer players than the format's minimum.
    TooFewPlayers { minimum: u32 },
    /// Fewer games than the format's minimum.
    TooFewGames { minimum: u32 },
    /// Constructed: "The number of games played should always be even."
    OddGames,
    /// Fewer games than a Championship Level event of this size requires.
    ChampionshipGames { minimum: u32 },
    /// Fewer games than the guide strongly recommends for `players` or more.
    Recommended { players: u32, games: u32 },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::TooFewPlayers { minimum } => {
                write!(f, "the format needs at least {minimum} players")
            }
            Warning::TooFewGames { minimum } => {
                write!(f, "the format needs at least {minimum} games")
            }
            Warning::OddGames => {
                write!(f, "a constructed event should play an even number of games")
            }
            Warning::ChampionshipGames { minimum } => write!(
                f,
                "a Championship Level event of this size needs at least {minimum} games"
            ),
            Warning::Recommended { players, games } => write!(
                f,
                "events with at least {players} players should play {games} games"
            ),
        }
    }
}

/// The minimums of the guide that an event of `players` players and `games` games misses.
///
/// - Players: constructed 4, sealed (all sealed and draft formats) 6, Watto's Cube 4.
/// - Games: constructed 4 (2 rounds) and an even number; sealed 3; cube 3; EPP Overdrive 4 ("A
///   minimum of 4 games should be played").
/// - Championship Level: constructed 4 below 8 players, else 6; Secret Squirrel style (sealed
///   or cube) the same; classic sealed or cube (Light against Dark) with 10 players or fewer,
///   "play all opposing players", read as at least as many games as the larger side has
///   players (`players` rounded up to half), else 6.
/// - Recommended for every format: 6 games from 32 players, 8 games from 42.
pub fn minimum_warnings(format: Format, tier: Tier, players: u32, games: u32) -> Vec<Warning> {
    let mut out = Vec::new();
    let min_players = match format {
        Format::Constructed => 4,
        f if f.is_cube() => 4,
        _ => 6,
    };
    if players < min_players {
        out.push(Warning::TooFewPlayers {
            minimum: min_players,
        });
    }
    let min_games = match format {
        Format::Constructed | Format::EppOverdrive => 4,
        _ => 3,
    };
    if games < min_games {
        out.push(Warning::TooFewGames { minimum: min_games });
    }
    if format == Format::Constructed && games % 2 == 1 {
        out.push(Warning::OddGames);
    }
    if tier == Tier::Championship {
        let minimum = if format == Format::Constructed || format.is_squirrel() {
            if players < 8 { 4 } else { 6 }
        } else if players <= 10 {
            players.div_ceil(2)
        } else {
            6
        };
        if games < minimum {
            out.push(Warning::ChampionshipGames { minimum });
        }
    }
    for (threshold, recommended) in [(42, 8), (32, 6)] {
        if players >= threshold {
            if games < recommended {
                out.push(Warning::Recommended {
                    players: threshold,
                    games: recommended,
                });
            }
            break;
        }
    }
    out
}

/// The time limit of one game in minutes: 60 for constructed; one minute per card for sealed,
/// draft and cube decks ("60 card decks would require a 60 minute time limit, 40 card decks
/// would require a 40 minute time limit"); 15 for EPP Overdrive. `deck_size` is ignored by the
/// fixed formats.
pub fn game_minutes(format: Format, deck_size: u32) -> u32 {
    match format {
        Format::Constructed => 60,
        Format::EppOverdrive => 15,
        _ => deck_size,
    }
}

/// The time limit of a Final Confrontation game: constructed 90 minutes (the guide's
/// recommendation); sealed formats 1.5 times the format's game length, rounded up to a whole
/// minute (EPP Overdrive: 23).
pub fn final_minutes(format: Format, deck_size: u32) -> u32 {
    match format {
        Format::Constructed => 90,
        _ => game_minutes(format, deck_size)
            .saturating_mul(3)
            .div_ceil(2),
    }
}

/// Deck-building time in minutes: 40-card decks 10, 60-card decks 20, EPP Overdrive 15, Watto's
/// Cube 10; Secret Squirrel sealed has no construction period (0); constructed decks are built
/// before the event (`None`), as are deck sizes the guide gives no time for.
pub fn deck_building_minutes(format: Format, deck_size: u32) -> Option<u32> {
    match format {
        Format::Constructed => None,
        Format::EppOverdrive => Some(15),
        Format::SecretSquirrel => Some(0),
        Format::Cube | Format::CubeSecretSquirrel => Some(10),
        Format::Sealed | Format::BoosterDraft => match deck_size {
            40 => Some(10),
            60 => Some(20),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_writes_the_sign() {
        assert_eq!(Score::new(2, 15).to_string(), "2(+15)");
        assert_eq!(Score::new(0, -6).to_string(), "0(-6)");
        assert_eq!(BYE.to_string(), "2(+0)");
    }

    // Worked example 18.
    #[test]
    fn full_win_differential_and_cap() {
        let game = score_game(
            &GameResult::Win {
                winner: Allegiance::Light,
                life_force: 15,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(0, -15), Score::new(2, 15)]);
        assert_eq!(game.winner, Allegiance::Light);
        assert_eq!(game.kind, ResultKind::FullWin);
        let game = score_game(
            &GameResult::Win {
                winner: Allegiance::Dark,
                life_force: 75,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(2, 59), Score::new(0, -59)]);
    }

    // Worked example 19.
    #[test]
    fn cumulative_score() {
        assert_eq!(Score::new(2, 10) + Score::new(0, -6), Score::new(2, 4));
        let total: Score = [Score::new(2, 10), Score::new(0, -6), BYE]
            .into_iter()
            .sum();
        assert_eq!(total.to_string(), "4(+4)");
    }

    // Worked example 20.
    #[test]
    fn modified_win_and_true_ties() {
        let game = score_game(
            &GameResult::Modified {
                winner: Allegiance::Dark,
                life_force: 7,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(1, 7), Score::new(0, -7)]);
        assert_eq!(game.kind, ResultKind::ModifiedWin);

        let lost = score_game(
            &GameResult::TrueTie {
                lost_pile: [12, 9],
                hand: [0, 8],
            },
            0,
            "x",
        );
        assert_eq!(lost.winner, Allegiance::Light);
        assert_eq!(lost.true_tie, Some(TrueTieDecider::LostPile));
        assert_eq!(lost.scores, [Score::new(0, -1), Score::new(1, 1)]);

        let hand = score_game(
            &GameResult::TrueTie {
                lost_pile: [9, 9],
                hand: [3, 8],
            },
            0,
            "x",
        );
        assert_eq!(hand.winner, Allegiance::Dark);
        assert_eq!(hand.true_tie, Some(TrueTieDecider::Hand));
        assert_eq!(hand.scores, [Score::new(1, 1), Score::new(0, -1)]);

        let tie = GameResult::TrueTie {
            lost_pile: [9, 9],
            hand: [3, 3],
        };
        let a = score_game(&tie, 5, "game 2 table 1 true tie");
        assert_eq!(a, score_game(&tie, 5, "game 2 table 1 true tie"));
        assert_eq!(a.true_tie, Some(TrueTieDecider::Random));
        let winners: BTreeSet<Seat> = (0..40).map(|s| score_game(&tie, s, "t").winner).collect();
        assert_eq!(winners.len(), 2, "the coin can fall either way");
    }

    #[test]
    fn quit_is_a_full_loss_and_ends_the_event() {
        let game = score_game(
            &GameResult::Quit {
                quitter: Allegiance::Dark,
                differential: 100,
            },
            0,
            "x",
        );
        assert_eq!(game.scores, [Score::new(0, -59), Score::new(2, 59)]);
        assert_eq!(game.leaves_event, Some(Allegiance::Dark));
        assert_eq!(game.kind, ResultKind::Quit);
    }

    // Worked example 21.
    #[test]
    fn major_deck_violation_penalty() {
        // Offender won: becomes a full loss by 30.
        assert_eq!(
            major_deck_violation(Score::new(2, 12), Score::new(0, -12)),
            (Score::new(0, -30), Score::new(2, 30))
        );
        // Offender lost by less than 30: -30 / +30.
        assert_eq!(
            major_deck_violation(Score::new(0, -10), Score::new(2, 10)),
            (Score::new(0, -30), Score::new(2, 30))
        );
        // Lost by exactly 30 or more: the result stands.
        assert_eq!(
            major_deck_violation(Score::new(0, -30), Score::new(2, 30)),
            (Score::new(0, -30), Score::new(2, 30))
        );
        assert_eq!(
            major_deck_violation(Score::new(0, -41), Score::new(2, 41)),
            (Score::new(0, -41), Score::new(2, 41))
        );
    }

    /// Records from games `(a, b, a's score)`: b gets the mirror (0 points if a won, 2 if a
    /// scored 0 with a full loss) and the negative differential.
    fn records(
        players: usize,
        games: &[(usize, usize, Score)],
        byes: &[usize],
    ) -> Vec<PlayerRecord> {
        let mut out: Vec<PlayerRecord> = (0..players)
            .map(|p| PlayerRecord {
                player: p,
                ..PlayerRecord::default()
            })
            .collect();
        for (n, &(a, b, s)) in games.iter().enumerate() {
            let won = s.points > 0;
            let other = Score::new(if won { 0 } else { 2 }, -s.differential);
            let side = if n % 2 == 0 {
                Allegiance::Dark
            } else {
                Allegiance::Light
            };
            out[a].games.push(GameRecord {
                opponent: b,
                allegiance: side,
                score: s,
                won,
            });
            out[b].games.push(GameRecord {
                opponent: a,
                allegiance: side.opposite(),
                score: other,
                won: !won,
            });
        }
        for &p in byes {
            out[p].byes += 1;
        }
        out
    }

    fn order(rows: &[RankedRow]) -> Vec<usize> {
        rows.iter().map(|r| r.player).collect()
    }

    #[test]
    fn rank_by_points_then_differential() {
        let recs = records(
            4,
            &[
                (0, 1, Score::new(2, 10)),
                (2, 3, Score::new(2, 20)),
                (0, 2, Score::new(2, 5)),
                (1, 3, Score::new(1, 3)),
            ],
            &[],
        );
        let rows = rank(&recs, 1, "standings");
        // 0: 4(+15); 2: 2(+15); 1: 1(-7); 3: 0(-23).
        assert_eq!(order(&rows), vec![0, 2, 1, 3]);
        assert!(rows.iter().all(|r| r.decided_by == Some(Decider::Points)));
        assert_eq!(rows[0].score.to_string(), "4(+15)");
    }

    #[test]
    fn head_to_head_single_game() {
        // 0 and 1 both end at 2(-10); 1 beat 0.
        let recs = records(
            4,
            &[
                (1, 0, Score::new(2, 20)),
                (0, 2, Score::new(2, 10)),
                (3, 1, Score::new(2, 30)),
            ],
            &[],
        );
        let rows = rank(&recs, 1, "standings");
        assert_eq!(rows[0].score, Score::new(2, 30));
        let tied: Vec<&RankedRow> = rows
            .iter()
            .filter(|r| r.score == Score::new(2, -10))
            .collect();
        assert_eq!(tied.len(), 2);
        assert_eq!(tied[0].player, 1);
        assert_eq!(tied[1].player, 0);
        assert_eq!(tied[1].decided_by, Some(Decider::HeadToHead));
    }

    #[test]
    fn head_to_head_combination_of_two_games() {
        // They met twice, one win each; 1 won by more, so the combination goes to 1.
        // 0: 2(+10) + 0(-20) = 2(-10); 1: 0(-10) + 2(+20) = 2(+10). Other games even it out.
        let recs = records(
            4,
            &[
                (0, 1, Score::new(2, 10)),
                (1, 0, Score::new(2, 20)),
                (0, 2, Score::new(2, 25)),
                (1, 3, Score::new(2, 5)),
            ],
            &[],
        );
        let rows = rank(&recs, 1, "standings");
        assert_eq!(rows[0].score, Score::new(4, 15));
        assert_eq!(rows[1].score, Score::new(4, 15));
        assert_eq!(order(&rows)[..2], [1, 0]);
        assert_eq!(rows[1].decided_by, Some(Decider::HeadToHead));
        assert_eq!(rows[0].decided_by, Some(Decider::HeadToHead));
    }

    #[test]
    fn highest_single_game_differential() {
        // 0: 2(+30) + 0(-20) = 2(+10); 1: 2(+15) + 0(-5) = 2(+10); they never met.
        let recs = records(
            6,
            &[
                (0, 2, Score::new(2, 30)),
                (0, 3, Score::new(0, -20)),
                (1, 4, Score::new(2, 15)),
                (1, 5, Score::new(0, -5)),
            ],
            &[],
        );
        let rows = rank(&recs, 1, "standings");
        let pos = |p| rows.iter().position(|r| r.player == p).unwrap();
        assert!(pos(0) < pos(1));
        assert_eq!(rows[pos(1)].decided_by, Some(Decider::HighestDifferential));
        assert_eq!(rows[pos(0)].highest_differential, Some(30));
    }

    #[test]
    fn strength_of_schedule_drops_the_lowest() {
        // 0 and 1 both 4(+20) with single-game best +10, never met.
        // 0's opponents: 2 (0 pts), 3 (4 pts: beats 6 and 7); 1's opponents: 4 (0), 5 (2).
        // With the lowest dropped: 0 has 4 > 2.
        let recs = records(
            8,
            &[
                (0, 2, Score::new(2, 10)),
                (0, 3, Score::new(2, 10)),
                (1, 4, Score::new(2, 10)),
                (1, 5, Score::new(2, 10)),
                (3, 6, Score::new(2, 1)),
                (3, 7, Score::new(2, 1)),
                (5, 6, Score::new(2, 1)),
            ],
            &[],
        );
        let rows = rank(&recs, 1, "standings");
        let pos = |p| rows.iter().position(|r| r.player == p).unwrap();
        assert!(pos(0) < pos(1), "{rows:?}");
        assert_eq!(
            rows[pos(1)].decided_by,
            Some(Decider::StrengthOfSchedule { dropped: 1 })
        );
    }

    /// "Drop the lowest opponent from the calculation (to account for byes)": the bye is the
    /// entry dropped. 0 had a bye and beat 2 (2 points) and 3 (6 points); 1 beat 4 (2), 5 (4)
    /// and 6 (4). Both 6(+30), best +20, never met. Dropping one entry: 0 keeps 2 + 6 = 8, 1
    /// keeps 4 + 4 = 8; dropping two: 0 keeps 6, 1 keeps 4. Had the bye been left out and the
    /// lowest real opponent dropped as well, 0 would have had 6 against 8 and gone below.
    #[test]
    fn strength_of_schedule_drops_the_bye_first() {
        let mut recs: Vec<PlayerRecord> = (0..7)
            .map(|p| PlayerRecord {
                player: p,
                ..PlayerRecord::default()
            })
            .collect();
        let win = |opponent, differential| GameRecord {
            opponent,
            allegiance: Allegiance::Dark,
            score: Score::new(2, differential),
            won: true,
        };
        recs[0].games = vec![win(2, 10), win(3, 20)];
        recs[0].byes = 1;
        recs[1].games = vec![win(4, 20), win(5, 5), win(6, 5)];
        recs[2].byes = 1;
        recs[3].byes = 3;
        recs[4].byes = 1;
        recs[5].byes = 2;
        recs[6].byes = 2;
        let rows = rank(&recs, 1, "standings");
        assert_eq!(order(&rows)[..2], [0, 1], "{rows:?}");
        assert_eq!(rows[0].opponents_points, vec![0, 2, 6]);
        assert_eq!(
            rows[1].decided_by,
            Some(Decider::StrengthOfSchedule { dropped: 2 })
        );
    }

    /// `event.json` names what decided each row with stable snake_case words, the FFG rows'
    /// where the tiebreaker is the same.
    #[test]
    fn decided_by_names_are_stable() {
        let names: Vec<&str> = [
            Decider::Points,
            Decider::Differential,
            Decider::HeadToHead,
            Decider::HighestDifferential,
            Decider::StrengthOfSchedule { dropped: 2 },
            Decider::Random,
        ]
        .iter()
        .map(|d| d.short())
        .collect();
        assert_eq!(
            names,
            [
                "points",
                "differential",
                "head_to_head",
                "highest_differential",
                "sos",
                "random"
            ]
        );
        assert_eq!(
            Decider::StrengthOfSchedule { dropped: 2 }.sos_dropped(),
            Some(2)
        );
        assert_eq!(Decider::HeadToHead.sos_dropped(), None);
    }

    #[test]
    fn strength_of_schedule_keeps_dropping() {
        // 0 and 1: three full wins by 10 each, never met. Opponents' points: 0 faced [0, 2, 4],
        // 1 faced [2, 2, 4]: drop 1 gives 6 and 6; drop 2 gives 4 and 4; the full sum would
        // favour 1, but the guide never compares the full sum. Then random.
        // Make 0's opponents [0, 4, 4] and 1's [2, 2, 4]: drop 1: 8 vs 6 -> 0 first.
        // Instead test the second drop: 0 faced [0, 2, 6], 1 faced [2, 4, 4]:
        // drop 1: 8 vs 8; drop 2: 6 vs 4 -> 0 first, decided at dropped = 2.
        let mut recs: Vec<PlayerRecord> = (0..8)
            .map(|p| PlayerRecord {
                player: p,
                ..PlayerRecord::default()
            })
            .collect();
        let win = |opponent| GameRecord {
            opponent,
            allegiance: Allegiance::Dark,
            score: Score::new(2, 10),
            won: true,
        };
        recs[0].games = vec![win(2), win(3), win(4)];
        recs[1].games = vec![win(5), win(6), win(7)];
        // Opponents' cumulative points set through byes (they are all that matters here).
        recs[2].byes = 0;
        recs[3].byes = 1;
        recs[4].byes = 3;
        recs[5].byes = 1;
        recs[6].byes = 2;
        recs[7].byes = 2;
        let rows = rank(&recs, 1, "standings");
        assert_eq!(order(&rows)[..2], [0, 1], "{rows:?}");
        assert_eq!(
            rows[1].decided_by,
            Some(Decider::StrengthOfSchedule { dropped: 2 })
        );
        assert_eq!(rows[0].opponents_points, vec![0, 2, 6]);
    }

    #[test]
    fn random_when_nothing_else_separates() {
        // Four identical records against outside opponents who have no record.
        let recs: Vec<PlayerRecord> = (0..4)
            .map(|p| PlayerRecord {
                player: p,
                games: vec![GameRecord {
                    opponent: 100 + p,
                    allegiance: Allegiance::Light,
                    score: Score::new(2, 7),
                    won: true,
                }],
                ..PlayerRecord::default()
            })
            .collect();
        let rows = rank(&recs, 9, "standings after game 1");
        assert!(rows.iter().all(|r| r.decided_by == Some(Decider::Random)));
        assert_eq!(rows, rank(&recs, 9, "standings after game 1"));
        let orders: BTreeSet<Vec<usize>> = (0..30).map(|s| order(&rank(&recs, s, "x"))).collect();
        assert!(orders.len() > 1);
    }

    #[test]
    fn three_way_tie_with_a_dominant_player() {
        // 0 beat 1 and 2; 1 and 2 never met; all tied on 4(+10)? Build: 0: W vs 1 (+5), W vs 2
        // (+5) = 4(+10). 1: L vs 0 (-5), W (+10), W(+5) vs outsiders = 4(+10). 2 likewise.
        let recs = records(
            7,
            &[
                (0, 1, Score::new(2, 5)),
                (0, 2, Score::new(2, 5)),
                (1, 3, Score::new(2, 10)),
                (1, 4, Score::new(2, 5)),
                (2, 5, Score::new(2, 14)),
                (2, 6, Score::new(2, 1)),
            ],
            &[],
        );
        let rows = rank(&recs, 3, "standings");
        assert_eq!(order(&rows)[..3], [0, 2, 1], "{rows:?}");
        assert_eq!(rows[1].decided_by, Some(Decider::HeadToHead));
        assert_eq!(rows[2].decided_by, Some(Decider::HighestDifferential));
    }

    #[test]
    fn rank_tolerates_odd_input() {
        assert!(rank(&[], 0, "x").is_empty());
        let one = [PlayerRecord {
            player: 4,
            byes: 1,
            ..PlayerRecord::default()
        }];
        let rows = rank(&[one[0].clone(), one[0].clone()], 0, "x");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].decided_by, None);
        assert_eq!(rows[0].score, BYE);
    }

    fn entrant(player: usize, rank: usize, allegiance: Allegiance) -> Entrant {
        Entrant {
            player,
            rank,
            had_bye: false,
            meetings: Vec::new(),
            allegiance,
            organizer: false,
        }
    }

    fn met(entrants: &mut [Entrant], a: usize, a_side: Allegiance, b: usize) {
        let ia = entrants.iter().position(|e| e.player == a).unwrap();
        let ib = entrants.iter().position(|e| e.player == b).unwrap();
        entrants[ia].meetings.push(Meeting {
            opponent: b,
            allegiance: a_side,
        });
        entrants[ib].meetings.push(Meeting {
            opponent: a,
            allegiance: a_side.opposite(),
        });
    }

    fn players_of(paired: &Paired) -> Vec<usize> {
        let mut all: Vec<usize> = paired
            .tables
            .iter()
            .flat_map(|t| [t.dark, t.light])
            .chain(paired.byes.iter().map(|b| b.player))
            .collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn first_game_alternates_allegiance_and_gives_the_last_a_bye() {
        let entrants: Vec<Entrant> = (0..7).map(|p| entrant(p, p, Allegiance::Dark)).collect();
        let paired = pair_first_game(&entrants, 42);
        assert_eq!(paired, pair_first_game(&entrants, 42));
        assert_eq!(paired.tables.len(), 3);
        assert_eq!(players_of(&paired), (0..7).collect::<Vec<_>>());
        assert_eq!(paired.byes.len(), 1);
        assert_eq!(paired.byes[0].reason, ByeReason::Last);
        assert!(paired.tables.iter().all(|t| t.reason == PairReason::Random));
        // Different seeds give different orders.
        let orders: BTreeSet<Vec<(usize, usize)>> = (0..20)
            .map(|s| {
                pair_first_game(&entrants, s)
                    .tables
                    .iter()
                    .map(|t| (t.dark, t.light))
                    .collect()
            })
            .collect();
        assert!(orders.len() > 1);
    }

    #[test]
    fn organizer_gets_the_first_bye_of_an_odd_field() {
        let mut entrants: Vec<Entrant> = (0..5).map(|p| entrant(p, p, Allegiance::Dark)).collect();
        entrants[2].organizer = true;
        for seed in 0..10 {
            let paired = pair_first_game(&entrants, seed);
            assert_eq!(paired.byes[0].player, 2);
            assert_eq!(paired.byes[0].reason, ByeReason::Organizer);
        }
        // Even field: no bye, the organizer plays.
        entrants.push(entrant(5, 5, Allegiance::Dark));
        assert!(pair_first_game(&entrants, 1).byes.is_empty());
    }

    #[test]
    fn piles_pair_top_against_top_with_switched_allegiances() {
        use Allegiance::{Dark, Light};
        let entrants = vec![
            entrant(10, 0, Dark),
            entrant(11, 1, Light),
            entrant(12, 2, Dark),
            entrant(13, 3, Light),
            entrant(14, 4, Light),
        ];
        let paired = pair_piles(&entrants);
        // Light pile is larger: its last player (14) gets the bye, and will be in the Dark
        // pile afterwards.
        assert_eq!(
            paired.byes,
            vec![Bye {
                player: 14,
                allegiance: Dark,
                reason: ByeReason::Last
            }]
        );
        assert_eq!(
            paired.tables,
            vec![
                Table {
                    dark: 11,
                    light: 10,
                    reason: PairReason::Piles
                },
                Table {
                    dark: 13,
                    light: 12,
                    reason: PairReason::Piles
                },
            ]
        );
    }

    #[test]
    fn pile_bye_goes_to_the_next_lowest_without_one() {
        use Allegiance::{Dark, Light};
        let mut entrants = vec![
            entrant(0, 0, Dark),
            entrant(1, 1, Dark),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
            entrant(4, 4, Light),
        ];
        entrants[2].had_bye = true;
        let paired = pair_piles(&entrants);
        assert_eq!(paired.byes[0].player, 1);
        assert_eq!(paired.byes[0].reason, ByeReason::NextWithoutBye);
        entrants[0].had_bye = true;
        entrants[1].had_bye = true;
        let paired = pair_piles(&entrants);
        assert_eq!(paired.byes[0].player, 2);
        assert_eq!(paired.byes[0].reason, ByeReason::AllHadByes);
    }

    #[test]
    fn pile_rematch_is_modified_or_left() {
        use Allegiance::{Dark, Light};
        let mut entrants = vec![
            entrant(0, 0, Dark),
            entrant(1, 1, Light),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
        ];
        // 0 (now Light) already played 1 (now Dark) with those allegiances.
        met(&mut entrants, 0, Light, 1);
        let paired = pair_piles(&entrants);
        assert_eq!(
            paired.tables[0],
            Table {
                dark: 3,
                light: 0,
                reason: PairReason::RematchModified
            }
        );
        assert_eq!(
            paired.tables[1],
            Table {
                dark: 1,
                light: 2,
                reason: PairReason::Piles
            }
        );
        // Met with the other allegiances: not a rematch under the rule.
        let mut other = vec![
            entrant(0, 0, Dark),
            entrant(1, 1, Light),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
        ];
        met(&mut other, 0, Dark, 1);
        assert_eq!(pair_piles(&other).tables[0].reason, PairReason::Piles);
        // Faced everyone left in the pile with these allegiances: the pairing is left.
        met(&mut entrants, 0, Light, 3);
        let paired = pair_piles(&entrants);
        assert_eq!(
            paired.tables[0],
            Table {
                dark: 1,
                light: 0,
                reason: PairReason::RematchLeft
            }
        );
    }

    #[test]
    fn new_round_pairs_the_standings() {
        let entrants: Vec<Entrant> = [3, 1, 0, 2]
            .iter()
            .enumerate()
            .map(|(rank, &p)| entrant(p, rank, Allegiance::Dark))
            .collect();
        let paired = pair_new_round(&entrants, coin(8, 3));
        assert_eq!(paired, pair_new_round(&entrants, coin(8, 3)));
        let side = if Stream::new(8, "game 3 allegiance").below(2) == 0 {
            Allegiance::Dark
        } else {
            Allegiance::Light
        };
        let expect = |a, b| table(a, side, b, PairReason::Standings);
        assert_eq!(paired.tables, vec![expect(3, 1), expect(0, 2)]);
        assert!(paired.byes.is_empty());
    }

    #[test]
    fn new_round_rematches() {
        let side = if Stream::new(8, "game 3 allegiance").below(2) == 0 {
            Allegiance::Dark
        } else {
            Allegiance::Light
        };
        let fresh =
            || -> Vec<Entrant> { (0..4).map(|p| entrant(p, p, Allegiance::Dark)).collect() };
        // Opposite allegiances before: stands.
        let mut e = fresh();
        met(&mut e, 0, side.opposite(), 1);
        let t = pair_new_round(&e, coin(8, 3)).tables[0];
        assert_eq!(t, table(0, side, 1, PairReason::RematchStands));
        // Same allegiances before: swapped.
        let mut e = fresh();
        met(&mut e, 0, side, 1);
        let t = pair_new_round(&e, coin(8, 3)).tables[0];
        assert_eq!(
            t,
            table(0, side.opposite(), 1, PairReason::AllegiancesSwapped)
        );
        // Both ways before: 1 switches rankings with 2.
        met(&mut e, 0, side.opposite(), 1);
        let paired = pair_new_round(&e, coin(8, 3));
        assert_eq!(
            paired.tables[0],
            table(0, side, 2, PairReason::RankingSwitched)
        );
        assert_eq!(paired.tables[1].reason, PairReason::Standings);
        assert_eq!(players_of(&paired), vec![0, 1, 2, 3]);
        // Both ways with everyone: left as it was.
        for p in [2, 3] {
            met(&mut e, 0, side, p);
            met(&mut e, 0, side.opposite(), p);
        }
        let paired = pair_new_round(&e, coin(8, 3));
        assert_eq!(paired.tables[0], table(0, side, 1, PairReason::RematchLeft));
    }

    #[test]
    fn new_round_bye_skips_players_who_had_one() {
        let mut e: Vec<Entrant> = (0..5).map(|p| entrant(p, p, Allegiance::Dark)).collect();
        e[4].had_bye = true;
        let paired = pair_new_round(&e, coin(1, 5));
        assert_eq!(paired.byes[0].player, 3);
        assert_eq!(paired.byes[0].reason, ByeReason::NextWithoutBye);
        assert_eq!(players_of(&paired), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn fixed_allegiance_pairs_dark_against_light_only() {
        use Allegiance::{Dark, Light};
        let mut e = vec![
            entrant(0, 0, Light),
            entrant(1, 1, Dark),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
            entrant(4, 4, Dark),
        ];
        let paired = pair_fixed(&e, 2, 0);
        assert_eq!(
            paired.byes,
            vec![Bye {
                player: 4,
                allegiance: Dark,
                reason: ByeReason::NoOpponentOfOtherSide
            }]
        );
        assert_eq!(
            paired.tables,
            vec![
                Table {
                    dark: 1,
                    light: 0,
                    reason: PairReason::Piles
                },
                Table {
                    dark: 2,
                    light: 3,
                    reason: PairReason::Piles
                },
            ]
        );
        // 1 already met 0: takes 3 instead.
        met(&mut e, 1, Dark, 0);
        let paired = pair_fixed(&e, 3, 0);
        assert_eq!(
            paired.tables[0],
            Table {
                dark: 1,
                light: 3,
                reason: PairReason::RematchModified
            }
        );
        // Game 1 of a draft: shuffled within piles, still Dark against Light.
        let paired = pair_fixed(&e, 1, 7);
        for t in &paired.tables {
            assert!([1, 2, 4].contains(&t.dark) && [0, 3].contains(&t.light));
        }
        assert_eq!(players_of(&paired), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn pairing_tolerates_odd_input() {
        assert_eq!(pair_first_game(&[], 0), Paired::default());
        assert_eq!(pair_piles(&[]), Paired::default());
        assert_eq!(pair_new_round(&[], coin(0, 3)), Paired::default());
        assert_eq!(pair_fixed(&[], 1, 0), Paired::default());
        let one = vec![
            entrant(0, 0, Allegiance::Dark),
            entrant(0, 1, Allegiance::Light),
        ];
        assert_eq!(pair_new_round(&one, coin(0, 3)).byes.len(), 1);
        assert_eq!(pair_piles(&one).byes.len(), 1);
        // Unequal piles after drops: the extra players meet each other.
        let e: Vec<Entrant> = (0..4).map(|p| entrant(p, p, Allegiance::Dark)).collect();
        let paired = pair_piles(&e);
        assert_eq!(paired.tables.len(), 2);
        assert!(
            paired
                .tables
                .iter()
                .all(|t| t.reason == PairReason::SamePile)
        );
    }

    fn finalist(player: usize, games: &[Score], best: Option<i32>) -> Finalist {
        Finalist {
            player,
            final_games: games.to_vec(),
            best_win_differential: best,
        }
    }

    #[test]
    fn final_confrontation_allegiances_and_finalists() {
        assert_eq!(
            final_allegiances(Allegiance::Light),
            [Allegiance::Light, Allegiance::Dark]
        );
        use Allegiance::{Dark, Light};
        let standings = [(5, Dark), (3, Dark), (8, Light), (1, Light)];
        assert_eq!(sealed_finalists(&standings, false), Some([5, 8]));
        assert_eq!(sealed_finalists(&standings, true), Some([5, 3]));
        assert_eq!(sealed_finalists(&standings[..2], false), None);
        assert_eq!(sealed_finalists(&standings[..1], true), None);
    }

    #[test]
    fn final_confrontation_tiebreakers() {
        let w = |d| Score::new(2, d);
        let l = |d: i32| Score::new(0, -d);
        // Two games won.
        let a = finalist(1, &[w(5), w(3)], None);
        let b = finalist(2, &[l(5), l(3)], Some(40));
        assert_eq!(
            final_confrontation(&a, &b, 0, "f"),
            FinalOutcome {
                winner: 1,
                reason: FinalReason::Games
            }
        );
        // Split: a full win beats a modified win on points.
        let a = finalist(1, &[w(5), l(20)], None);
        let b = finalist(2, &[l(5), Score::new(1, 20)], None);
        assert_eq!(
            final_confrontation(&a, &b, 0, "f"),
            FinalOutcome {
                winner: 1,
                reason: FinalReason::VictoryPoints
            }
        );
        // Split, equal points: total differential.
        let a = finalist(1, &[w(5), l(20)], None);
        let b = finalist(2, &[l(5), w(20)], None);
        assert_eq!(
            final_confrontation(&a, &b, 0, "f"),
            FinalOutcome {
                winner: 2,
                reason: FinalReason::Differential
            }
        );
        // Split, equal points and differential: highest win differential of the tournament.
        let a = finalist(1, &[w(10), l(10)], Some(31));
        let b = finalist(2, &[l(10), w(10)], Some(30));
        assert_eq!(
            final_confrontation(&a, &b, 0, "f"),
            FinalOutcome {
                winner: 1,
                reason: FinalReason::HighestWinDifferential
            }
        );
        // The final's own wins count: a's regular best of 8 is below the +10 of the final
        // win, which equals b's, so the tie goes on to the coin.
        let a = finalist(1, &[w(10), l(10)], Some(8));
        let b = finalist(2, &[l(10), w(10)], None);
        assert_eq!(
            final_confrontation(&a, &b, 0, "f").reason,
            FinalReason::Random
        );
        // Everything level: a seeded coin, either way depending on the seed.
        let a = finalist(1, &[w(10), l(10)], Some(12));
        let b = finalist(2, &[l(10), w(10)], Some(12));
        let outcome = final_confrontation(&a, &b, 4, "final confrontation");
        assert_eq!(outcome.reason, FinalReason::Random);
        assert_eq!(
            outcome,
            final_confrontation(&a, &b, 4, "final confrontation")
        );
        let winners: BTreeSet<usize> = (0..30)
            .map(|s| final_confrontation(&a, &b, s, "f").winner)
            .collect();
        assert_eq!(winners.len(), 2);
        // Sealed: one game.
        let a = finalist(1, &[l(3)], Some(50));
        let b = finalist(2, &[Score::new(1, 3)], None);
        assert_eq!(
            final_confrontation(&a, &b, 0, "f"),
            FinalOutcome {
                winner: 2,
                reason: FinalReason::Games
            }
        );
    }

    // Worked example 22.
    #[test]
    fn draft_pods_follow_the_table() {
        let expect: [(u32, &[(u32, bool)]); 9] = [
            (8, &[(4, false), (4, false)]),
            (9, &[(4, false), (6, true)]),
            (10, &[(4, false), (6, false)]),
            (11, &[(6, false), (6, true)]),
            (12, &[(4, false), (4, false), (4, false)]),
            (13, &[(4, false), (4, false), (6, true)]),
            (14, &[(4, false), (4, false), (6, false)]),
            (15, &[(4, false), (6, false), (6, true)]),
            (16, &[(4, false), (4, false), (4, false), (4, false)]),
        ];
        for (players, pods) in expect {
            let got = draft_pods(players).unwrap();
            assert_eq!(got, pods.to_vec(), "{players}");
            let seats: u32 = got.iter().map(|p| p.0).sum();
            let dummies = got.iter().filter(|p| p.1).count() as u32;
            assert_eq!(seats - dummies, players);
        }
        assert_eq!(draft_pods(7), None);
        assert_eq!(draft_pods(17), None);
        assert_eq!(draft_pods(0), None);
    }

    // Worked example 23.
    #[test]
    fn cube_pods_follow_the_tables() {
        let traditional: [(u32, &[u32]); 7] = [
            (6, &[3, 3]),
            (7, &[4, 3]),
            (8, &[4, 4]),
            (9, &[4, 5]),
            (10, &[5, 5]),
            (11, &[4, 4, 3]),
            (12, &[4, 4, 4]),
        ];
        let squirrel: [(u32, &[u32]); 5] = [
            (15, &[7, 8]),
            (16, &[8, 8]),
            (17, &[9, 8]),
            (18, &[9, 9]),
            (19, &[9, 10]),
        ];
        for (players, pods) in traditional {
            assert_eq!(
                cube_pods(players, false).unwrap(),
                pods.to_vec(),
                "{players}"
            );
            // The stated rule gives the same groups.
            let mut rule = balanced_groups(players, 5, 5);
            let mut printed = pods.to_vec();
            rule.sort_unstable();
            printed.sort_unstable();
            assert_eq!(rule, printed, "{players}");
        }
        for (players, pods) in squirrel {
            assert_eq!(
                cube_pods(players, true).unwrap(),
                pods.to_vec(),
                "{players}"
            );
            let mut rule = balanced_groups(players, 8, 10);
            let mut printed = pods.to_vec();
            rule.sort_unstable();
            printed.sort_unstable();
            assert_eq!(rule, printed, "{players}");
        }
        assert_eq!(cube_pods(3, false), None);
        assert_eq!(cube_pods(4, false), Some(vec![4]));
        assert_eq!(cube_pods(13, false), Some(vec![5, 4, 4]));
        assert_eq!(cube_pods(8, true), Some(vec![8]));
        for n in 4..200 {
            for squirrel in [false, true] {
                let pods = cube_pods(n, squirrel).unwrap();
                assert_eq!(pods.iter().sum::<u32>(), n);
                assert!(pods.iter().all(|&p| p <= if squirrel { 10 } else { 5 }));
            }
        }
    }

    // Worked example 24.
    #[test]
    fn minimums() {
        use Warning::*;
        let std = Tier::Standard;
        assert_eq!(minimum_warnings(Format::Constructed, std, 4, 4), vec![]);
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 3, 3),
            vec![
                TooFewPlayers { minimum: 4 },
                TooFewGames { minimum: 4 },
                OddGames
            ]
        );
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 10, 5),
            vec![OddGames]
        );
        assert_eq!(minimum_warnings(Format::Sealed, std, 6, 3), vec![]);
        assert_eq!(
            minimum_warnings(Format::BoosterDraft, std, 5, 2),
            vec![TooFewPlayers { minimum: 6 }, TooFewGames { minimum: 3 }]
        );
        assert_eq!(minimum_warnings(Format::Cube, std, 4, 3), vec![]);
        assert_eq!(
            minimum_warnings(Format::CubeSecretSquirrel, std, 3, 2),
            vec![TooFewPlayers { minimum: 4 }, TooFewGames { minimum: 3 }]
        );
        assert_eq!(
            minimum_warnings(Format::EppOverdrive, std, 6, 3),
            vec![TooFewGames { minimum: 4 }]
        );
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 32, 4),
            vec![Recommended {
                players: 32,
                games: 6
            }]
        );
        assert_eq!(minimum_warnings(Format::Constructed, std, 41, 6), vec![]);
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 42, 6),
            vec![Recommended {
                players: 42,
                games: 8
            }]
        );
        assert_eq!(
            Recommended {
                players: 42,
                games: 8
            }
            .to_string(),
            "events with at least 42 players should play 8 games"
        );
    }

    #[test]
    fn championship_minimums() {
        use Warning::ChampionshipGames;
        let ch = Tier::Championship;
        assert_eq!(minimum_warnings(Format::Constructed, ch, 7, 4), vec![]);
        assert_eq!(
            minimum_warnings(Format::Constructed, ch, 8, 4),
            vec![ChampionshipGames { minimum: 6 }]
        );
        // Classic sealed, 10 or fewer: play all opposing players.
        assert_eq!(
            minimum_warnings(Format::Sealed, ch, 9, 4),
            vec![ChampionshipGames { minimum: 5 }]
        );
        assert_eq!(minimum_warnings(Format::Cube, ch, 10, 5), vec![]);
        assert_eq!(
            minimum_warnings(Format::Cube, ch, 11, 5),
            vec![ChampionshipGames { minimum: 6 }]
        );
        // Squirrel style.
        assert_eq!(minimum_warnings(Format::SecretSquirrel, ch, 7, 4), vec![]);
        assert_eq!(
            minimum_warnings(Format::CubeSecretSquirrel, ch, 8, 4),
            vec![ChampionshipGames { minimum: 6 }]
        );
    }

    #[test]
    fn game_time() {
        assert_eq!(game_minutes(Format::Constructed, 60), 60);
        assert_eq!(game_minutes(Format::Sealed, 60), 60);
        assert_eq!(game_minutes(Format::BoosterDraft, 40), 40);
        assert_eq!(game_minutes(Format::Cube, 40), 40);
        assert_eq!(game_minutes(Format::EppOverdrive, 30), 15);
        assert_eq!(final_minutes(Format::Constructed, 60), 90);
        assert_eq!(final_minutes(Format::Sealed, 40), 60);
        assert_eq!(final_minutes(Format::EppOverdrive, 30), 23);
        assert_eq!(deck_building_minutes(Format::Sealed, 60), Some(20));
        assert_eq!(deck_building_minutes(Format::BoosterDraft, 40), Some(10));
        assert_eq!(deck_building_minutes(Format::EppOverdrive, 30), Some(15));
        assert_eq!(deck_building_minutes(Format::Cube, 40), Some(10));
        assert_eq!(deck_building_minutes(Format::Constructed, 60), None);
    }

    /// Random events: every pairing function places each entrant exactly once, never pairs a
    /// player with themselves, and is deterministic.
    #[test]
    fn pairing_places_everyone_once() {
        for seed in 0..200u64 {
            let mut rng = Stream::new(seed, "test event");
            let n = rng.below(14) as usize;
            let mut e: Vec<Entrant> = (0..n)
                .map(|p| {
                    let side = if rng.below(2) == 0 {
                        Allegiance::Dark
                    } else {
                        Allegiance::Light
                    };
                    let mut x = entrant(p * 3, rng.below(20) as usize, side);
                    x.had_bye = rng.below(3) == 0;
                    x.organizer = rng.below(5) == 0;
                    x
                })
                .collect();
            for _ in 0..rng.below(30) {
                if n < 2 {
                    break;
                }
                let a = rng.below(n as u64) as usize * 3;
                let b = rng.below(n as u64) as usize * 3;
                if a != b {
                    let side = if rng.below(2) == 0 {
                        Allegiance::Dark
                    } else {
                        Allegiance::Light
                    };
                    met(&mut e, a, side, b);
                }
            }
            let everyone: Vec<usize> = (0..n).map(|p| p * 3).collect();
            for paired in [
                pair_first_game(&e, seed),
                pair_piles(&e),
                pair_new_round(&e, coin(seed, 3)),
            ] {
                assert_eq!(players_of(&paired), everyone, "seed {seed}");
                assert!(paired.tables.iter().all(|t| t.dark != t.light));
                assert!(paired.byes.len() <= 1);
            }
            let fixed = pair_fixed(&e, 2, seed);
            assert_eq!(players_of(&fixed), everyone, "seed {seed}");
            assert_eq!(fixed, pair_fixed(&e, 2, seed));
            assert_eq!(
                pair_new_round(&e, coin(seed, 3)),
                pair_new_round(&e, coin(seed, 3))
            );
        }
    }

    /// Random records: the standings list every player once, in score order, deterministically.
    #[test]
    fn rank_is_a_deterministic_permutation() {
        for seed in 0..100u64 {
            let mut rng = Stream::new(seed, "test standings");
            let n = rng.below(12) as usize;
            let mut games = Vec::new();
            for _ in 0..rng.below(25) {
                if n < 2 {
                    break;
                }
                let a = rng.below(n as u64) as usize;
                let b = rng.below(n as u64) as usize;
                if a != b {
                    let score = if rng.below(2) == 0 {
                        Score::new(2, rng.below(4) as i32)
                    } else {
                        Score::new(0, -(rng.below(4) as i32))
                    };
                    games.push((a, b, score));
                }
            }
            let byes: Vec<usize> = (0..n).filter(|_| rng.below(4) == 0).collect();
            let recs = records(n, &games, &byes);
            let rows = rank(&recs, seed, "standings");
            let mut players = order(&rows);
            players.sort_unstable();
            assert_eq!(players, (0..n).collect::<Vec<_>>());
            assert!(rows.windows(2).all(|w| w[0].score >= w[1].score));
            assert_eq!(rows, rank(&recs, seed, "standings"));
        }
    }
}
