//! The standings of the Players Committee's Tournament Assistant in its `SOS` mode (ruleset
//! `swccg-pc-sos`): victory points, then a strength of schedule, then the tiebreakers the
//! software added over the years. The software changed its computation three times; each
//! [`Version`] reproduces what the software saved while it was live, its oddities included where
//! they change a saved value (the rules page lists them).
//!
//! Games here are the software's "rounds": each game number is one game per player, two make a
//! round. Every value is computed from the games alone, except the order of rows the software
//! left equal, which stays the order the players are given in (the event file's order).

use std::cmp::Ordering;

use super::super::ratio::Ratio;
use crate::event::Date;

/// The software's computation, as it was live at an event's date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Version {
    /// Until 2016-08-08: the average per game of the distinct opponents' points, each raised
    /// to half a point per game; no tiebreaker.
    Average,
    /// From 2016-08-09: the sum of the opponents' adjusted points; no tiebreaker.
    Sum,
    /// From 2016-11-02: the sum, then dropping each tied player's weakest opponents, then head
    /// to head.
    DropWeakest,
    /// From 2018-09-13: dropping one weakest opponent, then the opponents' strength of
    /// schedule, then head to head, with true ties marked.
    OpponentsSos,
}

impl Version {
    /// The version live on `date`. The boundaries are the dates of the software's changes;
    /// the change to [`Version::DropWeakest`] was committed on 2016-10-29 and 2016-11-02 and
    /// went live between 2016-10-30 (a file still without it) and 2017-05-07 (the first with
    /// it): the rules page explains the choice of its commit date.
    pub(crate) fn at(date: Date) -> Version {
        let on_or_after = |year: u16, month: u8, day: u8| date >= Date { year, month, day };
        if on_or_after(2018, 9, 13) {
            Version::OpponentsSos
        } else if on_or_after(2016, 11, 2) {
            Version::DropWeakest
        } else if on_or_after(2016, 8, 9) {
            Version::Sum
        } else {
            Version::Average
        }
    }
}

/// One game as the software counts it: a player (`Some`) or the bye (`None`) in each seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Game {
    /// 1-based game number.
    pub(crate) number: u32,
    /// `[dark, light]`.
    pub(crate) seats: [Option<usize>; 2],
    /// `None` while the game has no result.
    pub(crate) winner: Option<usize>,
}

impl Game {
    fn has(&self, p: usize) -> bool {
        self.seats.contains(&Some(p))
    }

    /// The other seat: `Some(None)` for the bye, `None` when `p` is not in this game.
    fn opponent_of(&self, p: usize) -> Option<Option<usize>> {
        match self.seats {
            [Some(a), b] if a == p => Some(b),
            [a, Some(b)] if b == p => Some(a),
            _ => None,
        }
    }
}

/// A strength of schedule: an exact average (the first version) or a sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Sos {
    /// `None` when the player met no listed opponent (the software saved an empty value).
    Average(Option<Ratio>),
    Sum(u32),
}

impl Sos {
    fn key(self) -> Ratio {
        match self {
            Sos::Average(a) => a.unwrap_or(Ratio::ZERO),
            Sos::Sum(s) => Ratio::integer(u128::from(s)),
        }
    }
}

/// Why a row was separated from the others of its group by the tiebreaker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Separated {
    /// Its tiebreaker value, with its weakest opponents dropped, was above or below every other.
    Tiebreaker,
    /// Its opponents' strength of schedule was above or below every other (fourth version).
    OpponentsSos,
    /// Head to head, over this player.
    HeadToHead { over: usize },
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Row {
    /// 1-based; rows the software leaves tied share a place.
    pub(crate) place: usize,
    pub(crate) player: usize,
    pub(crate) wins: u32,
    pub(crate) losses: u32,
    /// Two per game won (a bye is a win).
    pub(crate) points: u32,
    /// From the second version on: two per game won, one per game missed, at least one per
    /// round of two games.
    pub(crate) adjusted: Option<u32>,
    pub(crate) sos: Sos,
    /// From the third version on: the strength of schedule left after the drops that decided
    /// the player's place (the strength of schedule itself where no tiebreaker was needed).
    pub(crate) tiebreaker: Option<u32>,
    pub(crate) separated: Option<Separated>,
    /// Fourth version: the sum of the opponents' strengths of schedule.
    pub(crate) opponents_sos: Option<u32>,
    /// Fourth version: level with a neighbour on every value the software compares.
    pub(crate) true_tie: bool,
}

/// The standings of `players` players (in file order) after `games`, of which `created` game
/// numbers exist (the last may still be under way), under `version`.
pub(crate) fn standings(
    players: usize,
    created: u32,
    games: &[Game],
    version: Version,
) -> Vec<Row> {
    let decided: Vec<&Game> = games.iter().filter(|g| g.winner.is_some()).collect();
    let mut rows: Vec<Row> = (0..players)
        .map(|p| {
            let wins = decided.iter().filter(|g| g.winner == Some(p)).count() as u32;
            let losses = decided.iter().filter(|g| g.has(p)).count() as u32 - wins;
            Row {
                place: 0,
                player: p,
                wins,
                losses,
                points: 2 * wins,
                adjusted: None,
                sos: Sos::Sum(0),
                tiebreaker: None,
                separated: None,
                opponents_sos: None,
                true_tie: false,
            }
        })
        .collect();
    if version == Version::Average {
        for p in 0..players {
            rows[p].sos = average_sos(&rows, &decided, p);
        }
        return ranked(rows, |r| (r.points, r.sos.key(), 0));
    }
    let floor = created / 2;
    let adjusted: Vec<u32> = (0..players)
        .map(|p| adjusted_points(games, created, p).max(floor))
        .collect();
    let value = |o: Option<usize>| o.map_or(floor, |o| adjusted[o]);
    let sums: Vec<u32> = (0..players)
        .map(|p| {
            decided
                .iter()
                .filter_map(|g| g.opponent_of(p))
                .map(value)
                .sum()
        })
        .collect();
    for (p, row) in rows.iter_mut().enumerate() {
        row.adjusted = Some(adjusted[p]);
        row.sos = Sos::Sum(sums[p]);
    }
    if version == Version::Sum {
        return ranked(rows, |r| (r.points, r.sos.key(), 0));
    }
    for (p, row) in rows.iter_mut().enumerate() {
        row.tiebreaker = Some(sums[p]);
        if version == Version::OpponentsSos {
            let bye = created * 6;
            let total = decided
                .iter()
                .filter_map(|g| g.opponent_of(p))
                .map(|o| o.map_or(bye, |o| sums[o]))
                .sum();
            row.opponents_sos = Some(total);
        }
    }
    let mut order: Vec<usize> = (0..players).collect();
    order.sort_by(|&a, &b| (rows[b].points, sums[b]).cmp(&(rows[a].points, sums[a])));
    let groups: Vec<&[usize]> = order
        .chunk_by(|&a, &b| (rows[a].points, sums[a]) == (rows[b].points, sums[b]))
        .collect();
    // The rank inside a group: higher first; rows of one group left with the same rank are tied.
    let mut rank = vec![0usize; players];
    let tie = Tie {
        games,
        created,
        value: &value,
        version,
    };
    // The software handles a group only once the next one begins, so the last is never handled.
    for group in groups.iter().take(groups.len().saturating_sub(1)) {
        if group.len() > 1 {
            tie.break_group(group, &mut rows, &mut rank);
        }
    }
    ranked(rows, |r| (r.points, r.sos.key(), rank[r.player]))
}

/// The first version's strength of schedule of `p`: over the distinct listed opponents (the
/// bye is none), their points over their games, each raised to one point per two games.
fn average_sos(rows: &[Row], decided: &[&Game], p: usize) -> Sos {
    let mut met: Vec<usize> = Vec::new();
    for o in decided.iter().filter_map(|g| g.opponent_of(p)).flatten() {
        if !met.contains(&o) {
            met.push(o);
        }
    }
    // In half points, so that the floor of half a point per game stays whole.
    let (halves, played) = met.iter().fold((0u128, 0u128), |(h, n), &o| {
        let games = u128::from(rows[o].wins + rows[o].losses);
        (h + u128::from(2 * rows[o].points).max(games), n + games)
    });
    Sos::Average((played > 0).then(|| Ratio::new(halves, 2 * played)))
}

/// Two per game number won, one per game number the player has no game in (a bye is a game).
fn adjusted_points(games: &[Game], created: u32, p: usize) -> u32 {
    (1..=created)
        .map(|n| {
            let mine: Vec<&Game> = games.iter().filter(|g| g.number == n && g.has(p)).collect();
            if mine.is_empty() {
                1
            } else {
                2 * mine.iter().filter(|g| g.winner == Some(p)).count() as u32
            }
        })
        .sum()
}

struct Tie<'a, F: Fn(Option<usize>) -> u32> {
    games: &'a [Game],
    created: u32,
    /// An opponent's adjusted points (the bye's: one per round).
    value: &'a F,
    version: Version,
}

impl<F: Fn(Option<usize>) -> u32> Tie<'_, F> {
    /// The sum of `p`'s opponents' adjusted points over every game he has (with a result or
    /// not), without the `drop` weakest (equal values: the earliest game goes first).
    fn without_weakest(&self, p: usize, drop: usize) -> u32 {
        let mut values: Vec<u32> = self
            .games
            .iter()
            .filter_map(|g| g.opponent_of(p))
            .map(self.value)
            .collect();
        values.sort_unstable();
        values.iter().skip(drop).sum()
    }

    /// Breaks the tie of `group` (equal points and strength of schedule, in standings order):
    /// sets each member's tiebreaker and how it was separated, and its rank in the group.
    fn break_group(&self, group: &[usize], rows: &mut [Row], rank: &mut [usize]) {
        let mut left: Vec<usize> = group.to_vec();
        let mut top: Vec<usize> = Vec::new();
        let mut bottom: Vec<usize> = Vec::new();
        let mut drop = 0;
        while !left.is_empty() && drop <= self.created as usize {
            drop += 1;
            for &p in &left {
                rows[p].tiebreaker = Some(self.without_weakest(p, drop));
            }
            // The third version sweeps once per drop; the fourth sweeps until nobody moves, and
            // only at the first drop (its flag for sweeping is never set again).
            let sweeps = match self.version {
                Version::OpponentsSos if drop > 1 => 0,
                Version::OpponentsSos => usize::MAX,
                _ => 1,
            };
            let key = |r: &Row| r.tiebreaker.unwrap_or(0);
            sweep(
                &mut left,
                &mut top,
                &mut bottom,
                rows,
                sweeps,
                key,
                Separated::Tiebreaker,
            );
        }
        if self.version == Version::OpponentsSos {
            left.sort_by_key(|&p| std::cmp::Reverse(rows[p].opponents_sos));
            let key = |r: &Row| r.opponents_sos.unwrap_or(0);
            sweep(
                &mut left,
                &mut top,
                &mut bottom,
                rows,
                usize::MAX,
                key,
                Separated::OpponentsSos,
            );
        }
        if let [a, b] = left[..]
            && let Some(w) = head_to_head(self.games, a, b)
        {
            let l = if w == a { b } else { a };
            rows[w].separated = Some(Separated::HeadToHead { over: l });
            top.extend([w, l]);
            left.clear();
        }
        let size = group.len();
        let ordered: Vec<usize> = top.iter().chain(&left).chain(&bottom).copied().collect();
        for (i, &p) in ordered.iter().enumerate() {
            let previous = i.checked_sub(1).map(|j| ordered[j]);
            // The fourth version orders the players still level by their opponents' strength
            // of schedule and marks neighbours level on every value as true ties; the third
            // leaves every player still level to a coin.
            let level = previous.filter(|&q| match self.version {
                // A head-to-head winner's tiebreaker carries the win in its text, so it
                // never equals its neighbour's.
                Version::OpponentsSos => {
                    let h2h = |r: &Row| matches!(r.separated, Some(Separated::HeadToHead { .. }));
                    !h2h(&rows[p])
                        && !h2h(&rows[q])
                        && (rows[p].tiebreaker, rows[p].opponents_sos)
                            == (rows[q].tiebreaker, rows[q].opponents_sos)
                }
                _ => i > top.len() && i < top.len() + left.len(),
            });
            match level {
                Some(q) => {
                    rank[p] = rank[q];
                    if self.version == Version::OpponentsSos {
                        rows[p].true_tie = true;
                        rows[q].true_tie = true;
                    }
                }
                None => rank[p] = size - i,
            }
        }
    }
}

/// Moves out of `left` a player strictly above every other remaining (to the end of `top`) and
/// one strictly below (to the start of `bottom`), at most `times` times or until nobody moves.
fn sweep(
    left: &mut Vec<usize>,
    top: &mut Vec<usize>,
    bottom: &mut Vec<usize>,
    rows: &mut [Row],
    times: usize,
    key: impl Fn(&Row) -> u32,
    why: Separated,
) {
    for _ in 0..times {
        let strictly = |p: usize, o: Ordering| {
            left.iter()
                .filter(|&&q| q != p)
                .all(|&q| key(&rows[p]).cmp(&key(&rows[q])) == o)
        };
        let up: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&p| strictly(p, Ordering::Greater))
            .collect();
        let down: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&p| strictly(p, Ordering::Less))
            .collect();
        if up.is_empty() && down.is_empty() {
            return;
        }
        for &p in up.iter().chain(&down) {
            rows[p].separated = Some(why);
        }
        // A lone player is above and below at once: he ends in the top list.
        let down: Vec<usize> = down.into_iter().filter(|p| !up.contains(p)).collect();
        top.extend(&up);
        bottom.splice(0..0, down.iter().rev().copied());
        left.retain(|p| !up.contains(p) && !down.contains(p));
    }
}

/// The winner of every decided game between `a` and `b`, when they met and it is always the same.
fn head_to_head(games: &[Game], a: usize, b: usize) -> Option<usize> {
    let mut winners = games
        .iter()
        .filter(|g| g.has(a) && g.has(b))
        .filter_map(|g| g.winner);
    let first = winners.next()?;
    winners.all(|w| w == first).then_some(first)
}

/// Sorts `rows` by `key`, highest first (stable: equal rows keep the given order), and gives
/// rows with equal keys the same place.
fn ranked<K: Ord + Copy>(mut rows: Vec<Row>, key: impl Fn(&Row) -> K) -> Vec<Row> {
    rows.sort_by_key(|r| std::cmp::Reverse(key(r)));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `n` between `dark` and `light` (`None`: the bye), won by `winner`.
    fn game(n: u32, dark: Option<usize>, light: Option<usize>, winner: usize) -> Game {
        Game {
            number: n,
            seats: [dark, light],
            winner: Some(winner),
        }
    }

    fn by_player(rows: &[Row]) -> Vec<Row> {
        let mut rows = rows.to_vec();
        rows.sort_by_key(|r| r.player);
        rows
    }

    #[test]
    fn the_version_follows_the_event_date() {
        let at = |year, month, day| Version::at(Date { year, month, day });
        assert_eq!(at(2015, 8, 10), Version::Average);
        assert_eq!(at(2016, 8, 8), Version::Average);
        assert_eq!(at(2016, 8, 9), Version::Sum);
        assert_eq!(at(2016, 11, 1), Version::Sum);
        assert_eq!(at(2016, 11, 2), Version::DropWeakest);
        assert_eq!(at(2018, 9, 12), Version::DropWeakest);
        assert_eq!(at(2018, 9, 13), Version::OpponentsSos);
    }

    /// Version 1: A beat B, C had a bye; then C beat A, B had a bye. A met B (2 points in 2
    /// games) and C (4 in 2): 6 / 4. B and C met only A (2 in 2): 1. The byes count for the
    /// player who had them and give nobody an opponent.
    #[test]
    fn version_1_averages_per_game_over_distinct_opponents() {
        let games = [
            game(1, Some(0), Some(1), 0),
            game(1, None, Some(2), 2),
            game(2, Some(2), Some(0), 2),
            game(2, None, Some(1), 1),
        ];
        let rows = standings(3, 2, &games, Version::Average);
        assert_eq!(rows.iter().map(|r| r.player).collect::<Vec<_>>(), [2, 0, 1]);
        let rows = by_player(&rows);
        assert_eq!(rows[0].sos, Sos::Average(Some(Ratio::new(3, 2))));
        assert_eq!(rows[1].sos, Sos::Average(Some(Ratio::integer(1))));
        assert_eq!(rows[2].sos, Sos::Average(Some(Ratio::integer(1))));
        assert_eq!((rows[2].points, rows[2].wins, rows[2].losses), (4, 2, 0));
        assert_eq!(rows[0].adjusted, None);
        assert_eq!(rows[0].tiebreaker, None);
    }

    /// Version 1: an opponent met twice counts once, and counts at least half a point per game
    /// (B: 0 points in 2 games counts 1). A player with only byes has no value.
    #[test]
    fn version_1_floors_weak_opponents_and_counts_a_rematch_once() {
        let games = [
            game(1, Some(0), Some(1), 0),
            game(1, None, Some(2), 2),
            game(2, Some(1), Some(0), 0),
            game(2, None, Some(2), 2),
        ];
        let rows = by_player(&standings(3, 2, &games, Version::Average));
        assert_eq!(rows[0].sos, Sos::Average(Some(Ratio::new(1, 2))));
        assert_eq!(rows[1].sos, Sos::Average(Some(Ratio::integer(2))));
        assert_eq!(rows[2].sos, Sos::Average(None));
    }

    /// Version 2, four players and four games (at least 2 adjusted points each). Player 3
    /// won game 1 and dropped: 2 + 1 + 1 + 1 = 5. Player 1 lost every game: 0, raised to 2.
    /// A bye counts 2; a rematch counts twice.
    #[test]
    fn version_2_sums_adjusted_points() {
        let games = [
            game(1, Some(0), Some(1), 0),
            game(1, Some(3), Some(2), 3),
            game(2, Some(1), Some(0), 0),
            game(2, None, Some(2), 2),
            game(3, Some(0), Some(2), 2),
            game(3, None, Some(1), 1),
            game(4, Some(2), Some(1), 2),
            game(4, None, Some(0), 0),
        ];
        let rows = standings(4, 4, &games, Version::Sum);
        let all = by_player(&rows);
        let adjusted: Vec<Option<u32>> = all.iter().map(|r| r.adjusted).collect();
        assert_eq!(adjusted, [Some(6), Some(2), Some(6), Some(5)]);
        // Player 0 met 1, 1, 2 and a bye: 2 + 2 + 6 + 2.
        assert_eq!(all[0].sos, Sos::Sum(12));
        // Player 2 met 3, a bye, 0 and 1: 5 + 2 + 6 + 2.
        assert_eq!(all[2].sos, Sos::Sum(15));
        // Players 0 and 2 have 6 points; 2 goes first on strength of schedule.
        assert_eq!(
            rows.iter().map(|r| r.player).collect::<Vec<_>>(),
            [2, 0, 1, 3]
        );
        assert_eq!(
            rows.iter().map(|r| r.place).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    /// Six players, two games (at least 1 adjusted point each). Adjusted points: 0 and 1
    /// won one game (2), 3 and 5 both (4), 2 and 4 none (0, raised to 1). Sums: 3 met 1 and 2,
    /// 2 + 1 = 3; 5 met 4 and 0, 1 + 2 = 3; 0 met 2 and 5, 1 + 4 = 5; 1 met 3 and 4, 4 + 1 = 5;
    /// 2 met 0 and 3, 2 + 4 = 6; 4 met 5 and 1, 4 + 2 = 6: three groups of two level players.
    fn three_ties() -> Vec<Game> {
        vec![
            game(1, Some(0), Some(2), 0),
            game(1, Some(3), Some(1), 3),
            game(1, Some(5), Some(4), 5),
            game(2, Some(5), Some(0), 5),
            game(2, Some(1), Some(4), 1),
            game(2, Some(3), Some(2), 3),
        ]
    }

    /// Version 3 on [`three_ties`]: dropping the weaker opponent leaves 3 and 5 at 2 each, 0
    /// and 1 at 4 each; dropping both leaves 0; no pair met: they stay tied, sharing a place,
    /// in file order. The last group (2 and 4) is never tie-broken: it keeps its sums.
    #[test]
    fn version_3_leaves_level_players_tied_and_the_last_group_alone() {
        let rows = standings(6, 2, &three_ties(), Version::DropWeakest);
        let order: Vec<(usize, usize)> = rows.iter().map(|r| (r.player, r.place)).collect();
        assert_eq!(order, [(3, 1), (5, 1), (0, 3), (1, 3), (2, 5), (4, 5)]);
        let tiebreakers: Vec<Option<u32>> = by_player(&rows).iter().map(|r| r.tiebreaker).collect();
        assert_eq!(
            tiebreakers,
            [Some(0), Some(0), Some(6), Some(0), Some(6), Some(0)]
        );
        assert!(rows.iter().all(|r| r.separated.is_none() && !r.true_tie));
    }

    /// Version 4 on [`three_ties`]: opponents' strength of schedule, 3 met 1 (5) and 2 (6) =
    /// 11, 5 met 4 (6) and 0 (5) = 11; 0 met 2 (6) and 5 (3) = 9, 1 met 3 (3) and 4 (6) = 9:
    /// true ties. The last group (2 met 0 and 3, 4 met 5 and 1: 8 each) is still left alone,
    /// with no true tie marked.
    #[test]
    fn version_4_marks_true_ties_on_opponents_strength() {
        let rows = standings(6, 2, &three_ties(), Version::OpponentsSos);
        let all = by_player(&rows);
        let osos: Vec<Option<u32>> = all.iter().map(|r| r.opponents_sos).collect();
        assert_eq!(
            osos,
            [Some(9), Some(9), Some(8), Some(11), Some(8), Some(11)]
        );
        let ties: Vec<bool> = all.iter().map(|r| r.true_tie).collect();
        assert_eq!(ties, [true, true, false, true, false, true]);
        let order: Vec<(usize, usize)> = rows.iter().map(|r| (r.player, r.place)).collect();
        assert_eq!(order, [(3, 1), (5, 1), (0, 3), (1, 3), (2, 5), (4, 5)]);
    }

    fn blank(players: usize) -> Vec<Row> {
        standings(players, 0, &[], Version::OpponentsSos)
    }

    /// The rules page's example: players 0 and 1 level; 0 met opponents worth 8, 6, 4 and 2,
    /// 1 met 6, 6, 6 and 2. One drop: 18 and 18. Two: 14 and 12, and 0 goes first. Under
    /// version 4 only the first drop may separate: both end at 0, and their opponents'
    /// strength of schedule decides.
    #[test]
    fn dropping_weakest_opponents_repeatedly_or_once() {
        let worth = [0, 0, 8, 6, 4, 2, 6, 6, 6, 2];
        let games: Vec<Game> = (2..10)
            .map(|o| game(1, Some(if o < 6 { 0 } else { 1 }), Some(o), o))
            .collect();
        let value = |o: Option<usize>| o.map_or(0, |o| worth[o]);
        let mut rank = vec![0; 10];
        let mut rows = blank(10);
        rows.sort_by_key(|r| r.player);
        let tie = |version| Tie {
            games: &games,
            created: 4,
            value: &value,
            version,
        };
        tie(Version::DropWeakest).break_group(&[0, 1], &mut rows, &mut rank);
        assert!(rank[0] > rank[1]);
        assert_eq!(
            (rows[0].tiebreaker, rows[1].tiebreaker),
            (Some(14), Some(12))
        );
        assert_eq!(rows[0].separated, Some(Separated::Tiebreaker));
        rows[0].opponents_sos = Some(10);
        rows[1].opponents_sos = Some(12);
        tie(Version::OpponentsSos).break_group(&[0, 1], &mut rows, &mut rank);
        assert!(rank[1] > rank[0]);
        assert_eq!((rows[0].tiebreaker, rows[1].tiebreaker), (Some(0), Some(0)));
        assert_eq!(rows[1].separated, Some(Separated::OpponentsSos));
    }

    /// Two players still level after every drop: the one who won every game between them goes
    /// first. A split between them leaves them tied.
    #[test]
    fn head_to_head_between_the_last_two() {
        let games = [game(1, Some(0), Some(1), 1), game(2, Some(1), Some(0), 1)];
        let value = |_: Option<usize>| 2;
        let mut rank = vec![0; 2];
        let mut rows = blank(2);
        rows.sort_by_key(|r| r.player);
        let tie = Tie {
            games: &games,
            created: 2,
            value: &value,
            version: Version::DropWeakest,
        };
        tie.break_group(&[0, 1], &mut rows, &mut rank);
        assert!(rank[1] > rank[0]);
        assert_eq!(rows[1].separated, Some(Separated::HeadToHead { over: 0 }));
        let split = [game(1, Some(0), Some(1), 1), game(2, Some(1), Some(0), 0)];
        assert_eq!(head_to_head(&split, 0, 1), None);
    }
}
