//! The pairing of the Players Committee's Tournament Assistant in its `SOS` mode (ruleset
//! `swccg-pc-sos`), game by game, as the software pairs: the active players shuffled, sorted by
//! its standings and shuffled again among equal victory points; the bye to the lowest-placed
//! player with the fewest byes; two piles, dealt alternately from the list in a round's first
//! game (a random pile first) and made of the allegiance just played in its second game (everyone
//! switches); then the tops of the piles meet, with the software's own ways round a repeat:
//! swapping allegiances (first game of a round only), pairing down the other pile, or swapping
//! opponents with a table already made, and the repeat left only when none of these works.
//!
//! Only a repeat of the same opponents **with the same allegiances** is avoided; a rematch with
//! the allegiances reversed stands. Randomness comes from [`Stream`]s labelled
//! `"game {game} order"` (the shuffle before sorting), `"game {game} level points"` (the shuffle
//! among equal victory points) and `"game {game} allegiance"` (the pile dealt first, the coin of
//! [`super::pairing::coin`]).
//!
//! Kept apart from the 2008 guide's engine ([`super::pairing`]), whose piles and repeats follow
//! other rules; the vocabulary of a paired game ([`Paired`], [`Table`], [`Bye`]) is shared so the
//! pages, `holonet pair` and the audit read both alike.

use std::cmp::Reverse;

use super::pairing::{Bye, ByeReason, Meeting, PairReason, Paired, Table, coin};
use crate::event::{Date, Side};
use crate::rules::random::Stream;

/// What a player did in the game before the one being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LastGame {
    Played(Side),
    Bye,
    /// No game (a late entry): the software puts such a player in the Dark pile.
    Absent,
}

/// A player to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PcEntrant {
    pub(crate) player: usize,
    /// Victory points so far.
    pub(crate) points: u32,
    /// Place in the software's standings ([`super::pc_sos::standings`]), 1 first; players its
    /// sort leaves level share a place.
    pub(crate) place: usize,
    /// Byes had so far.
    pub(crate) byes: u32,
    pub(crate) last: LastGame,
    /// Every game played so far.
    pub(crate) meetings: Vec<Meeting>,
}

impl PcEntrant {
    /// The software's order: victory points, then its standings' keys (the place).
    fn key(&self) -> (Reverse<u32>, usize) {
        (Reverse(self.points), self.place)
    }
}

/// Whether `dark` has met `light` with these allegiances (in either player's record).
pub(crate) fn met_as(dark: &PcEntrant, light: &PcEntrant) -> bool {
    let has = |a: &PcEntrant, b: usize, side: Side| {
        a.meetings
            .iter()
            .any(|m| m.opponent == b && m.allegiance == side)
    };
    has(dark, light.player, Side::Dark) || has(light, dark.player, Side::Light)
}

/// Which of the software's pairing rules were live on an event's date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rules {
    /// From 2016-08-05: players of equal victory points are shuffled again after the sort, so
    /// the strength of schedule does not steer who meets whom.
    pub(crate) shuffle_equal_points: bool,
    /// Until 2018-09-12: when drops leave the piles of a round's second game unequal, the last
    /// player of the longer pile moves to the end of the shorter one (and plays the same
    /// allegiance again). From 2018-09-13, with the fourth version of the standings, the
    /// players left over take byes instead: several byes in one game are possible.
    pub(crate) even_out_piles: bool,
}

impl Rules {
    /// The rules live on `date`. The first modelled pairing is the software's of 2016-07-21
    /// ("pick a player and pair him with the opposing pile"); earlier events are paired by it
    /// too, and not judged (see [`Rules::judged`]).
    pub(crate) fn at(date: Date) -> Rules {
        let on_or_after = |year: u16, month: u8, day: u8| date >= Date { year, month, day };
        Rules {
            shuffle_equal_points: on_or_after(2016, 8, 5),
            even_out_piles: !on_or_after(2018, 9, 13),
        }
    }

    /// Whether an event of `date` is judged against these rules: the software paired
    /// differently before 2016-07-21, and that pairing is not modelled.
    pub(crate) fn judged(date: Date) -> bool {
        date >= Date {
            year: 2016,
            month: 7,
            day: 21,
        }
    }
}

/// The game's piles, before any table is made: `[dark, light]` in pile order, and the bye of
/// an odd field.
pub(crate) struct Piles<'a> {
    pub(crate) dark: Vec<&'a PcEntrant>,
    pub(crate) light: Vec<&'a PcEntrant>,
    pub(crate) bye: Option<Bye>,
}

/// Who takes the bye of an odd field among players in pairing order (best first): the lowest
/// placed of those with the fewest byes.
pub(crate) fn bye_taker(order: &[&PcEntrant]) -> Option<(usize, ByeReason)> {
    let fewest = order.iter().map(|e| e.byes).min()?;
    let index = order.iter().rposition(|e| e.byes == fewest)?;
    let reason = if fewest > 0 {
        ByeReason::AllHadByes
    } else if index + 1 == order.len() {
        ByeReason::Last
    } else {
        ByeReason::NextWithoutBye
    };
    Some((index, reason))
}

/// The piles of game `number` from the players in pairing order (`order`, the bye's taker
/// still in it): in a round's first game dealt alternately, `first` taking the top card; in
/// its second game each player in the pile of the allegiance they did not play.
pub(crate) fn piles<'a>(
    mut order: Vec<&'a PcEntrant>,
    number: u32,
    first: Side,
    rules: Rules,
) -> Piles<'a> {
    let mut bye = None;
    if order.len() % 2 == 1
        && let Some((index, reason)) = bye_taker(&order)
    {
        let e = order.remove(index);
        bye = Some(Bye {
            player: e.player,
            allegiance: Side::Light,
            reason,
        });
    }
    let (mut dark, mut light) = (Vec::new(), Vec::new());
    if number % 2 == 1 {
        let mut side = first;
        for e in order {
            match side {
                Side::Dark => dark.push(e),
                Side::Light => light.push(e),
            }
            side = side.opposite();
        }
        return Piles { dark, light, bye };
    }
    let mut held = Vec::new();
    for e in order {
        match e.last {
            LastGame::Bye => held.push(e),
            LastGame::Played(Side::Dark) => light.push(e),
            LastGame::Played(Side::Light) | LastGame::Absent => dark.push(e),
        }
    }
    // A player back from a bye joins the shorter pile, which is then sorted again. (The
    // software keeps only the last such player, a flaw that leaves any other unpaired: each
    // is placed here.)
    for e in held {
        let pile = if light.len() < dark.len() {
            &mut light
        } else {
            &mut dark
        };
        pile.push(e);
        pile.sort_by_key(|e| e.key());
    }
    if rules.even_out_piles {
        if light.len() > dark.len() {
            dark.extend(light.pop());
        } else if dark.len() > light.len() {
            light.extend(dark.pop());
        }
    }
    Piles { dark, light, bye }
}

/// The pairing order of game `number`: the players shuffled, sorted by victory points and
/// place, and (from 2016-08-05) shuffled again within equal victory points.
pub(crate) fn pairing_order(
    entrants: &[PcEntrant],
    number: u32,
    rules: Rules,
    seed: u64,
) -> Vec<&PcEntrant> {
    let mut order: Vec<&PcEntrant> = entrants.iter().collect();
    order.sort_by_key(|e| e.player);
    order.dedup_by_key(|e| e.player);
    Stream::new(seed, &format!("game {number} order")).shuffle(&mut order);
    order.sort_by_key(|e| e.key());
    if rules.shuffle_equal_points {
        let mut stream = Stream::new(seed, &format!("game {number} level points"));
        for group in order.chunk_by_mut(|a, b| a.points == b.points) {
            stream.shuffle(group);
        }
    }
    order
}

/// Pairs game `number` as the software does, its random steps drawn from `seed`.
pub(crate) fn pair(entrants: &[PcEntrant], number: u32, rules: Rules, seed: u64) -> Paired {
    let order = pairing_order(entrants, number, rules, seed);
    // The pile dealt first: the seeded coin of the game, as the guide's engine draws it.
    let piles = piles(order, number, coin(seed, number), rules);
    let mut byes: Vec<Bye> = piles.bye.into_iter().collect();
    let mut walk = Walk {
        dark: piles.dark,
        light: piles.light,
        tables: Vec::new(),
        first_of_round: number % 2 == 1,
    };
    loop {
        let (d, l) = match (walk.dark.first().copied(), walk.light.first().copied()) {
            (None, None) => break,
            (None, Some(e)) | (Some(e), None) => {
                // More players in one pile than the other can meet: a bye each.
                let side = if walk.dark.is_empty() {
                    Side::Light
                } else {
                    Side::Dark
                };
                walk.remove(e);
                byes.push(Bye {
                    player: e.player,
                    allegiance: side,
                    reason: ByeReason::NoOpponentOfOtherSide,
                });
                continue;
            }
            (Some(d), Some(l)) => (d, l),
        };
        let usual = if walk.first_of_round {
            PairReason::Standings
        } else {
            PairReason::Piles
        };
        if walk.try_table(d, l, usual) || walk.pair_down(d, l) {
            continue;
        }
        let last_three: Vec<usize> = (0..walk.tables.len()).rev().take(3).collect();
        if walk.swap_opponents(d, l, &last_three) {
            continue;
        }
        walk.make(d, l, PairReason::RematchLeft);
    }
    Paired {
        tables: walk.tables.into_iter().map(|(t, _)| t).collect(),
        byes,
    }
}

/// The tables being made from the two piles.
struct Walk<'a> {
    dark: Vec<&'a PcEntrant>,
    light: Vec<&'a PcEntrant>,
    /// The tables made so far, in the order made, each with its two players.
    tables: Vec<(Table, [&'a PcEntrant; 2])>,
    /// A round's first game, where a pair who met with these allegiances may swap them.
    first_of_round: bool,
}

impl<'a> Walk<'a> {
    fn remove(&mut self, e: &PcEntrant) {
        self.dark.retain(|x| x.player != e.player);
        self.light.retain(|x| x.player != e.player);
    }

    fn make(&mut self, dark: &'a PcEntrant, light: &'a PcEntrant, reason: PairReason) {
        self.remove(dark);
        self.remove(light);
        let table = Table {
            dark: dark.player,
            light: light.player,
            reason,
        };
        self.tables.push((table, [dark, light]));
    }

    /// The allegiances `dark` and `light` may meet with: as given unless they met so before;
    /// reversed in a round's first game unless they met that way too.
    fn seats(&self, dark: &'a PcEntrant, light: &'a PcEntrant) -> Option<[&'a PcEntrant; 2]> {
        if !met_as(dark, light) {
            Some([dark, light])
        } else if self.first_of_round && !met_as(light, dark) {
            Some([light, dark])
        } else {
            None
        }
    }

    /// Makes the table if the players may meet; a swap of allegiances says so.
    fn try_table(&mut self, dark: &'a PcEntrant, light: &'a PcEntrant, reason: PairReason) -> bool {
        let Some([d, l]) = self.seats(dark, light) else {
            return false;
        };
        let reason = if d.player == dark.player || reason != PairReason::Standings {
            reason
        } else {
            PairReason::AllegiancesSwapped
        };
        self.make(d, l, reason);
        true
    }

    /// The tops of the piles have met: the higher placed of the two (the Dark player when
    /// level) keeps their allegiance and walks down the other player's pile for an opponent.
    /// Where that opponent would have fewer or more victory points though the tops had the
    /// same, swapping opponents with a table already made whose players have the kept player's
    /// points is tried first, newest table first.
    fn pair_down(&mut self, d: &'a PcEntrant, l: &'a PcEntrant) -> bool {
        let keep_dark = d.key() <= l.key();
        let (kept, other) = if keep_dark { (d, l) } else { (l, d) };
        let level_at_top = d.points == l.points;
        let pile: Vec<&'a PcEntrant> = if keep_dark {
            self.light.clone()
        } else {
            self.dark.clone()
        };
        for candidate in pile.into_iter().filter(|c| c.player != other.player) {
            let (dark, light) = if keep_dark {
                (kept, candidate)
            } else {
                (candidate, kept)
            };
            if level_at_top && dark.points != light.points {
                let same_points: Vec<usize> = (0..self.tables.len())
                    .rev()
                    .filter(|&i| self.tables[i].1.iter().any(|p| p.points == kept.points))
                    .collect();
                if self.swap_opponents(d, l, &same_points) {
                    return true;
                }
            }
            if self.try_table(dark, light, PairReason::RematchModified) {
                return true;
            }
        }
        false
    }

    /// Swaps opponents between the tops `d`/`l` and one of the tables `candidates` (indices
    /// into the tables made, in the order tried): `d` meets that table's Light player and `l`
    /// its Dark player, each pair with allegiances reversed where a round's first game allows
    /// it. The first table for which both new pairs may meet is replaced by them.
    fn swap_opponents(&mut self, d: &'a PcEntrant, l: &'a PcEntrant, candidates: &[usize]) -> bool {
        for &i in candidates {
            let [sd, sl] = self.tables[i].1;
            if let (Some(first), Some(second)) = (self.seats(d, sl), self.seats(sd, l)) {
                self.tables.remove(i);
                self.make(first[0], first[1], PairReason::RematchModified);
                self.make(second[0], second[1], PairReason::RematchModified);
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(player: usize, points: u32, last: LastGame) -> PcEntrant {
        PcEntrant {
            player,
            points,
            place: player + 1,
            byes: 0,
            last,
            meetings: Vec::new(),
        }
    }

    fn met(entrants: &mut [PcEntrant], dark: usize, light: usize) {
        entrants[dark].meetings.push(Meeting {
            opponent: light,
            allegiance: Side::Dark,
        });
        entrants[light].meetings.push(Meeting {
            opponent: dark,
            allegiance: Side::Light,
        });
    }

    const RULES_2017: Rules = Rules {
        shuffle_equal_points: true,
        even_out_piles: true,
    };
    const RULES_2019: Rules = Rules {
        shuffle_equal_points: true,
        even_out_piles: false,
    };

    fn everyone_once(paired: &Paired, n: usize) {
        let mut seen: Vec<usize> = paired
            .tables
            .iter()
            .flat_map(|t| [t.dark, t.light])
            .chain(paired.byes.iter().map(|b| b.player))
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn the_bye_goes_to_the_lowest_placed_with_fewest_byes() {
        let mut e: Vec<PcEntrant> = (0..5)
            .map(|p| entrant(p, 8 - 2 * p as u32, LastGame::Played(Side::Dark)))
            .collect();
        e[4].byes = 1;
        let paired = pair(&e, 3, RULES_2017, 7);
        assert_eq!(paired.byes.len(), 1);
        assert_eq!(paired.byes[0].player, 3);
        assert_eq!(paired.byes[0].reason, ByeReason::NextWithoutBye);
        everyone_once(&paired, 5);
        for p in &mut e {
            p.byes = 1;
        }
        let paired = pair(&e, 3, RULES_2017, 7);
        assert_eq!(paired.byes[0].player, 4);
        assert_eq!(paired.byes[0].reason, ByeReason::AllHadByes);
    }

    #[test]
    fn a_new_round_deals_the_list_into_two_piles_and_pairs_neighbours() {
        // Distinct points: the list is fixed, so tables are 1-2, 3-4, 5-6, the better of
        // each on the pile dealt first.
        let e: Vec<PcEntrant> = (0..6)
            .map(|p| entrant(p, 10 - 2 * p as u32, LastGame::Played(Side::Light)))
            .collect();
        for seed in 0..8 {
            let first = coin(seed, 3);
            let paired = pair(&e, 3, RULES_2017, seed);
            let pairs: Vec<(usize, usize)> = paired
                .tables
                .iter()
                .map(|t| match first {
                    Side::Dark => (t.dark, t.light),
                    Side::Light => (t.light, t.dark),
                })
                .collect();
            assert_eq!(pairs, vec![(0, 1), (2, 3), (4, 5)]);
            assert!(
                paired
                    .tables
                    .iter()
                    .all(|t| t.reason == PairReason::Standings)
            );
        }
    }

    #[test]
    fn a_rounds_second_game_switches_every_allegiance() {
        let e: Vec<PcEntrant> = (0..6)
            .map(|p| {
                let side = if p % 2 == 0 { Side::Dark } else { Side::Light };
                entrant(p, 2 * (p % 2 == 0) as u32, LastGame::Played(side))
            })
            .collect();
        let paired = pair(&e, 2, RULES_2017, 3);
        everyone_once(&paired, 6);
        for t in &paired.tables {
            assert_eq!(e[t.dark].last, LastGame::Played(Side::Light));
            assert_eq!(e[t.light].last, LastGame::Played(Side::Dark));
            assert_eq!(t.reason, PairReason::Piles);
        }
    }

    #[test]
    fn a_repeat_with_the_same_allegiances_swaps_them_in_a_rounds_first_game() {
        let mut e: Vec<PcEntrant> = (0..2)
            .map(|p| entrant(p, 4 - 2 * p as u32, LastGame::Played(Side::Dark)))
            .collect();
        // Whoever is dealt first plays the pile dealt first: make them have met that way.
        let first = coin(11, 3);
        match first {
            Side::Dark => met(&mut e, 0, 1),
            Side::Light => met(&mut e, 1, 0),
        }
        let paired = pair(&e, 3, RULES_2017, 11);
        assert_eq!(paired.tables.len(), 1);
        let t = paired.tables[0];
        assert_eq!(t.reason, PairReason::AllegiancesSwapped);
        assert!(!met_as(&e[t.dark], &e[t.light]));
    }

    #[test]
    fn a_repeat_in_a_second_game_pairs_down_the_lower_players_pile() {
        // Dark pile (played Light): 0 (6 VP), 2 (4 VP); Light pile (played Dark): 1 (6), 3 (4).
        let mut e = vec![
            entrant(0, 6, LastGame::Played(Side::Light)),
            entrant(1, 6, LastGame::Played(Side::Dark)),
            entrant(2, 4, LastGame::Played(Side::Light)),
            entrant(3, 4, LastGame::Played(Side::Dark)),
        ];
        met(&mut e, 0, 1);
        let paired = pair(&e, 4, RULES_2017, 5);
        everyone_once(&paired, 4);
        assert!(
            paired
                .tables
                .iter()
                .all(|t| !met_as(&e[t.dark], &e[t.light]))
        );
        // Player 0 keeps Dark and walks down the Light pile to player 3; 2 and 1 then meet.
        let tables: Vec<(usize, usize, PairReason)> = paired
            .tables
            .iter()
            .map(|t| (t.dark, t.light, t.reason))
            .collect();
        assert_eq!(
            tables,
            vec![
                (0, 3, PairReason::RematchModified),
                (2, 1, PairReason::Piles)
            ]
        );
    }

    #[test]
    fn a_repeat_nothing_avoids_is_left() {
        let mut e = vec![
            entrant(0, 2, LastGame::Played(Side::Light)),
            entrant(1, 2, LastGame::Played(Side::Dark)),
        ];
        met(&mut e, 0, 1);
        let paired = pair(&e, 2, RULES_2017, 1);
        assert_eq!(paired.tables.len(), 1);
        assert_eq!(paired.tables[0].reason, PairReason::RematchLeft);
    }

    #[test]
    fn unequal_piles_move_one_player_until_2018_and_give_byes_after() {
        // Four played Dark (now the Light pile), two played Light (now the Dark pile).
        let e: Vec<PcEntrant> = (0..6)
            .map(|p| {
                let side = if p < 4 { Side::Dark } else { Side::Light };
                entrant(p, 10 - 2 * p as u32, LastGame::Played(side))
            })
            .collect();
        let paired = pair(&e, 2, RULES_2017, 9);
        assert!(paired.byes.is_empty());
        everyone_once(&paired, 6);
        // The lowest of the longer pile (player 3) moved across and plays Dark again.
        assert!(paired.tables.iter().any(|t| t.dark == 3));
        let paired = pair(&e, 2, RULES_2019, 9);
        let byes: Vec<usize> = paired.byes.iter().map(|b| b.player).collect();
        assert_eq!(byes, vec![2, 3]);
        assert!(
            paired
                .byes
                .iter()
                .all(|b| b.reason == ByeReason::NoOpponentOfOtherSide)
        );
        everyone_once(&paired, 6);
    }

    #[test]
    fn the_same_seed_pairs_the_same() {
        let e: Vec<PcEntrant> = (0..9)
            .map(|p| entrant(p, 2 * (p % 3) as u32, LastGame::Played(Side::Dark)))
            .collect();
        assert_eq!(pair(&e, 3, RULES_2017, 42), pair(&e, 3, RULES_2017, 42));
        everyone_once(&pair(&e, 3, RULES_2017, 42), 9);
    }
}
