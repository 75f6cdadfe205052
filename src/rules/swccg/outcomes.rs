//! Every outcome of the guide's random steps for one game, searched exactly: which recorded
//! tables and byes some outcome gives, as many together as any outcome gives.
//!
//! The guide orders its piles "according to the player's total score" (victory points and
//! differential) and nothing else, so players level on total score may lie in any order in a
//! pile; a new round also flips a coin. The engine ([`super::pairing`]) pairs one order, the
//! seeded one. Here the order of level players is left open and decided as the procedure walks
//! the piles: whenever it takes "the next" player, any level player not taken yet may be that
//! one. Every choice only puts the player taken before those still in the pile, so the choices
//! always make one order, and every order makes one run of choices: the search over them is the
//! search over every order, with no sampling. A memo on the players left and a bound (the
//! recorded tables still possible) keep it small where few players are level.
//!
//! Two things keep it small where many are (real events with many differentials of 0): the
//! piles procedures first ask whether every recorded table among the players left can be given
//! at once, a test in polynomial time ([`Search::whole`]); and the search counts the states it
//! explores, stopping at [`STATE_BOUND`]. A search stopped there is *undecided*
//! ([`Best::decided`]): its outcome is a real one (so every table it gives is one the guide
//! gives), but a table it does not give is not proven to be one no outcome gives.

use std::collections::{BTreeMap, BTreeSet};

use super::pairing::{Bye, ByeReason, Entrant, PairReason, Paired, Table, repeats, table};
use crate::event::Side;
use crate::rules::pairing::in_standings_order;

/// How a game is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Procedure {
    /// The second game of a round (step 3): the Dark pile against the Light pile, allegiances
    /// switched ([`super::pairing::pair_piles`]).
    Piles,
    /// A new round (steps 4 and 5): one pile, the odd positions playing the coin's side
    /// ([`super::pairing::pair_new_round`]).
    NewRound(Side),
    /// Fixed allegiances (sealed, draft, cube): the Dark pile against the Light pile, sides kept
    /// ([`super::pairing::pair_fixed`]).
    Fixed,
}

/// What the recorded game holds: tables as `(dark, light)` and the byes.
pub(crate) struct Recorded<'a> {
    pub(crate) tables: &'a [(usize, usize)],
    pub(crate) byes: &'a [usize],
}

/// How many states (sets of players left) one search explores at most. The exact answer of a
/// field with few players level needs a few hundred (the brute-force test's games need under
/// a hundred); a field of 60 where dozens are level can need more states than there are atoms.
/// Each state costs about n² repeat checks, so 5,000 keeps one game of a 64-player event to a
/// fraction of a second in a debug build, and a whole event's audit (each game searched with
/// each coin and pile of the last bye) to a few seconds at most.
pub(crate) const STATE_BOUND: usize = 5_000;

/// The outcome giving the most recorded tables and byes, and how many it gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Best {
    pub(crate) paired: Paired,
    pub(crate) kept: usize,
    /// Whether no outcome gives more: the search ended before [`STATE_BOUND`], or `paired`
    /// gives every recorded table and bye. When not, `paired` is still an outcome of the
    /// procedure, only perhaps not the best one.
    pub(crate) decided: bool,
    /// The states the search explored (at most [`STATE_BOUND`] and the states of one walk to
    /// the end).
    pub(crate) states: usize,
}

/// Among every order of the players level on total score (`rank` equal: the guide's piles know
/// nothing finer), the outcome of `procedure` that gives the most of `recorded`'s tables (with
/// their sides) and byes. Among equals, the first found, the players taken in `rank`, then
/// player, order: the same game always gives the same answer.
pub(crate) fn best(procedure: Procedure, entrants: &[Entrant], recorded: &Recorded) -> Best {
    let list = in_standings_order(entrants, |e| e.player, |e| e.rank);
    let mut search = Search {
        list,
        procedure,
        tables: recorded.tables.iter().copied().collect(),
        memo: BTreeMap::new(),
        states: 0,
    };
    let n = search.list.len();
    let mut best: Option<Best> = None;
    for byes in search.bye_choices() {
        let mut left = vec![true; n];
        let mut kept = 0;
        let byes: Vec<Bye> = byes
            .into_iter()
            .map(|(i, side, reason)| {
                left[i] = false;
                let player = search.list[i].player;
                kept += usize::from(recorded.byes.contains(&player));
                Bye {
                    player,
                    allegiance: side,
                    reason,
                }
            })
            .collect();
        let (gain, tables) = search.pair(&left);
        if best.as_ref().is_none_or(|b| kept + gain > b.kept) {
            best = Some(Best {
                paired: Paired { tables, byes },
                kept: kept + gain,
                decided: false,
                states: 0,
            });
        }
        let all = recorded.tables.len() + recorded.byes.len();
        if best.as_ref().is_some_and(|b| b.kept == all) || search.spent() {
            break;
        }
    }
    let all = recorded.tables.len() + recorded.byes.len();
    let mut best = best.unwrap_or(Best {
        paired: Paired::default(),
        kept: 0,
        decided: true,
        states: 0,
    });
    best.decided = best.kept == all || !search.spent();
    best.states = search.states;
    best
}

/// One bye: the position taken, the allegiance it counts in, why.
type ByeChoice = (usize, Side, ByeReason);

struct Search<'a> {
    /// The players in standings order; level players share a `rank`.
    list: Vec<&'a Entrant>,
    procedure: Procedure,
    tables: BTreeSet<(usize, usize)>,
    /// For the players left, the most recorded tables the rest of the walk can give, and its
    /// tables.
    memo: BTreeMap<Vec<bool>, (usize, Vec<Table>)>,
    /// The states explored so far (memo entries made).
    states: usize,
}

impl Search<'_> {
    /// Whether the search has explored [`STATE_BOUND`] states: from then on no state tries
    /// another move, and a new state only its first, so that the walk still ends in a real
    /// outcome within at most one state per table more.
    fn spent(&self) -> bool {
        self.states >= STATE_BOUND
    }

    /// Whether dark-pile player `d` playing light-pile player `l` repeats an earlier game in
    /// the sense of the procedure's rematch rule: with these allegiances (the Dark pile now
    /// plays Light), or at all with fixed allegiances.
    fn conflict(&self, d: &Entrant, l: &Entrant) -> bool {
        if self.procedure == Procedure::Fixed {
            d.meetings.iter().any(|m| m.opponent == l.player)
                || l.meetings.iter().any(|m| m.opponent == d.player)
        } else {
            repeats(d, Side::Light, l)
        }
    }

    /// The piles procedures, where the Dark and Light piles left are the same size and the
    /// recorded tables seat every player left, each Dark-pile player against a Light-pile one:
    /// the walk giving all those tables, if one does; `None` when none does or the test does
    /// not apply (the search decides then).
    ///
    /// The walk takes the Dark pile in order (any order among level players) and each
    /// Dark-pile player `d` takes, among the Light players left, the first who would not
    /// repeat a game (any among the level ones), else the first left. So `d` takes its
    /// recorded partner `l` exactly when every Light player `l'` that must come first has been
    /// taken before: those ranked above `l` who would not repeat a game with `d` (or all ranked
    /// above `l`, when `l` would), and, when `l` would, also every one who would not. Each such
    /// `l'` is taken by its own recorded partner, so each condition says that partner comes
    /// before `d`; with the piles' order by total score, these are the only conditions. A Dark
    /// order meeting them all exists exactly when they have no cycle, and then any such order
    /// (found here by always taking the first player free to go, in standings order) gives
    /// every recorded table.
    fn whole(&self, left: &[bool]) -> Option<Vec<Table>> {
        if matches!(self.procedure, Procedure::NewRound(_)) {
            return None;
        }
        let here = |side: Side| -> Vec<usize> {
            self.pile(Some(side))
                .into_iter()
                .filter(|&i| left[i])
                .collect()
        };
        let (dark, light) = (here(Side::Dark), here(Side::Light));
        if dark.is_empty() || dark.len() != light.len() {
            return None;
        }
        let fixed = self.procedure == Procedure::Fixed;
        // Each Dark-pile player's recorded partner, as a position in `light`.
        let mut partner = Vec::with_capacity(dark.len());
        let mut taken = vec![false; light.len()];
        for &d in &dark {
            let pd = self.list[d].player;
            let k = light.iter().position(|&l| {
                let pl = self.list[l].player;
                let t = if fixed { (pd, pl) } else { (pl, pd) };
                self.tables.contains(&t)
            })?;
            if std::mem::replace(&mut taken[k], true) {
                return None;
            }
            partner.push(k);
        }
        // before[x][y]: Dark player x must go before Dark player y.
        let n = dark.len();
        let mut before = vec![vec![false; n]; n];
        let owner: Vec<usize> = {
            let mut owner = vec![0; n];
            for (x, &k) in partner.iter().enumerate() {
                owner[k] = x;
            }
            owner
        };
        for y in 0..n {
            let ed = self.list[dark[y]];
            let l = light[partner[y]];
            let blocked = self.conflict(ed, self.list[l]);
            for (k, &l2) in light.iter().enumerate() {
                if k == partner[y] {
                    continue;
                }
                let open = !self.conflict(ed, self.list[l2]);
                let above = self.level(l2) < self.level(l);
                if (above && (open || blocked)) || (blocked && open) {
                    before[owner[k]][y] = true;
                }
            }
            for x in 0..n {
                if self.level(dark[x]) < self.level(dark[y]) {
                    before[x][y] = true;
                }
            }
        }
        let mut done = vec![false; n];
        let mut light_left = light.clone();
        let mut tables = Vec::with_capacity(n);
        for _ in 0..n {
            let y = (0..n).find(|&y| !done[y] && (0..n).all(|x| done[x] || !before[x][y]))?;
            done[y] = true;
            let ed = self.list[dark[y]];
            let l = light[partner[y]];
            let open: Vec<usize> = light_left
                .iter()
                .copied()
                .filter(|&j| !self.conflict(ed, self.list[j]))
                .collect();
            let reason = if open.is_empty() {
                PairReason::RematchLeft
            } else if self.firsts(&light_left).contains(&l) {
                PairReason::Piles
            } else {
                PairReason::RematchModified
            };
            light_left.retain(|&j| j != l);
            let (pd, pl) = (ed.player, self.list[l].player);
            tables.push(Table {
                dark: if fixed { pd } else { pl },
                light: if fixed { pl } else { pd },
                reason,
            });
        }
        Some(tables)
    }

    fn level(&self, i: usize) -> usize {
        self.list[i].rank
    }

    /// The positions in pile `side` (all players for a new round).
    fn pile(&self, side: Option<Side>) -> Vec<usize> {
        (0..self.list.len())
            .filter(|&i| side.is_none_or(|s| self.list[i].allegiance == s))
            .collect()
    }

    /// Who can be "the first" of `candidates` (positions in order): the level players of the
    /// first one.
    fn firsts(&self, candidates: &[usize]) -> Vec<usize> {
        candidates
            .first()
            .map(|&f| {
                candidates
                    .iter()
                    .copied()
                    .take_while(|&i| self.level(i) == self.level(f))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Who can be "the last" of `candidates` (positions in order).
    fn lasts(&self, candidates: &[usize]) -> Vec<usize> {
        candidates
            .last()
            .map(|&l| {
                candidates
                    .iter()
                    .copied()
                    .filter(|&i| self.level(i) == self.level(l))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every set of byes the procedure's bye rule can give, each with its players in the order
    /// taken: from the bottom of the pile (the larger pile, or each extra player of the larger
    /// one), the lowest player who has not had a bye, walking up; when all have, the lowest.
    fn bye_choices(&self) -> Vec<Vec<ByeChoice>> {
        let dark = self.pile(Some(Side::Dark));
        let light = self.pile(Some(Side::Light));
        let (pile, count, side, reason) = match self.procedure {
            Procedure::NewRound(coin) => {
                let all = self.pile(None);
                let count = all.len() % 2;
                (all, count, coin, ByeReason::Last)
            }
            Procedure::Piles => {
                let count = (dark.len() + light.len()) % 2;
                if dark.len() > light.len() {
                    (dark, count, Side::Light, ByeReason::Last)
                } else {
                    (light, count, Side::Dark, ByeReason::Last)
                }
            }
            Procedure::Fixed if dark.len() > light.len() => {
                let count = dark.len() - light.len();
                (dark, count, Side::Dark, ByeReason::NoOpponentOfOtherSide)
            }
            Procedure::Fixed => {
                let count = light.len() - dark.len();
                (light, count, Side::Light, ByeReason::NoOpponentOfOtherSide)
            }
        };
        let mut out = Vec::new();
        self.take_byes(pile, count, side, reason, &mut Vec::new(), &mut out);
        out
    }

    fn take_byes(
        &self,
        pile: Vec<usize>,
        count: usize,
        side: Side,
        reason: ByeReason,
        taken: &mut Vec<ByeChoice>,
        out: &mut Vec<Vec<ByeChoice>>,
    ) {
        if count == 0 || pile.is_empty() {
            out.push(taken.clone());
            return;
        }
        let fresh: Vec<usize> = pile
            .iter()
            .copied()
            .filter(|&i| !self.list[i].had_bye)
            .collect();
        let (choices, why) = if fresh.is_empty() {
            (self.lasts(&pile), ByeReason::AllHadByes)
        } else {
            let last_level = self.level(pile[pile.len() - 1]);
            let choices = self.lasts(&fresh);
            // The last card of the pile, or the next lowest without a bye.
            let why = if self.level(choices[0]) == last_level {
                reason
            } else {
                ByeReason::NextWithoutBye
            };
            (choices, why)
        };
        for i in choices {
            let rest: Vec<usize> = pile.iter().copied().filter(|&j| j != i).collect();
            taken.push((i, side, why));
            self.take_byes(rest, count - 1, side, reason, taken, out);
            taken.pop();
        }
    }

    /// The most recorded tables the walk can give from the players `left`, and its tables.
    fn pair(&mut self, left: &[bool]) -> (usize, Vec<Table>) {
        if let Some(done) = self.memo.get(left) {
            return done.clone();
        }
        if let Some(tables) = self.whole(left) {
            return (tables.len(), tables);
        }
        self.states += 1;
        let mut moves = self.moves(left);
        if self.spent() {
            moves.truncate(1);
        }
        // No more than every recorded table among the players left.
        let bound = self
            .tables
            .iter()
            .filter(|&&(d, l)| self.is_left(left, d) && self.is_left(left, l))
            .count();
        let mut best: Option<(usize, Vec<Table>)> = None;
        for t in moves {
            let gain = usize::from(self.tables.contains(&(t.dark, t.light)));
            let mut rest = left.to_vec();
            for p in [t.dark, t.light] {
                if let Some(i) = self.list.iter().position(|e| e.player == p) {
                    rest[i] = false;
                }
            }
            let (more, mut tables) = self.pair(&rest);
            if best.as_ref().is_none_or(|b| gain + more > b.0) {
                tables.insert(0, t);
                best = Some((gain + more, tables));
            }
            // At the bound, every state on the walk keeps the move it has.
            if best.as_ref().is_some_and(|b| b.0 == bound) || self.spent() {
                break;
            }
        }
        let best = best.unwrap_or((0, Vec::new()));
        self.memo.insert(left.to_vec(), best.clone());
        best
    }

    fn is_left(&self, left: &[bool], player: usize) -> bool {
        self.list
            .iter()
            .position(|e| e.player == player)
            .is_some_and(|i| left[i])
    }

    /// Every table the procedure's next step can make from the players `left`, recorded tables
    /// first (so that a game the procedure gives is found at once).
    fn moves(&self, left: &[bool]) -> Vec<Table> {
        let here = |side: Option<Side>| -> Vec<usize> {
            self.pile(side).into_iter().filter(|&i| left[i]).collect()
        };
        let mut moves = Vec::new();
        match self.procedure {
            Procedure::NewRound(coin) => {
                let pile = here(None);
                for a in self.firsts(&pile) {
                    let others: Vec<usize> = pile.iter().copied().filter(|&j| j != a).collect();
                    let ea = self.list[a];
                    // Met with both allegiance combinations: the guide walks past them.
                    let both_ways = |j: usize| {
                        repeats(ea, coin, self.list[j])
                            && repeats(ea, coin.opposite(), self.list[j])
                    };
                    let open: Vec<usize> =
                        others.iter().copied().filter(|&j| !both_ways(j)).collect();
                    let top = self.firsts(&others);
                    let (choices, left_as_is) = if open.is_empty() {
                        (top.clone(), true)
                    } else {
                        (self.firsts(&open), false)
                    };
                    for b in choices {
                        let eb = self.list[b];
                        let swapped = repeats(ea, coin, eb) && !repeats(ea, coin.opposite(), eb);
                        let first = top.contains(&b);
                        let (side, reason) = match (left_as_is, swapped, first) {
                            (true, _, _) => (coin, PairReason::RematchLeft),
                            (false, true, true) => {
                                (coin.opposite(), PairReason::AllegiancesSwapped)
                            }
                            (false, true, false) => (coin.opposite(), PairReason::RankingSwitched),
                            (false, false, false) => (coin, PairReason::RankingSwitched),
                            (false, false, true) if repeats(ea, coin.opposite(), eb) => {
                                (coin, PairReason::RematchStands)
                            }
                            (false, false, true) => (coin, PairReason::Standings),
                        };
                        moves.push(table(ea.player, side, eb.player, reason));
                    }
                }
            }
            Procedure::Piles | Procedure::Fixed => {
                let (dark, light) = (here(Some(Side::Dark)), here(Some(Side::Light)));
                let fixed = self.procedure == Procedure::Fixed;
                if dark.is_empty() || light.is_empty() {
                    // Piles of unequal size after drops: the extra players meet each other,
                    // the higher-ranked switching allegiance (fixed allegiances give them byes).
                    let rest = if dark.is_empty() { light } else { dark };
                    if fixed {
                        return moves;
                    }
                    for a in self.firsts(&rest) {
                        let others: Vec<usize> = rest.iter().copied().filter(|&j| j != a).collect();
                        for b in self.firsts(&others) {
                            let ea = self.list[a];
                            moves.push(table(
                                ea.player,
                                ea.allegiance.opposite(),
                                self.list[b].player,
                                PairReason::SamePile,
                            ));
                        }
                    }
                } else {
                    for a in self.firsts(&dark) {
                        let ea = self.list[a];
                        let open: Vec<usize> = light
                            .iter()
                            .copied()
                            .filter(|&j| !self.conflict(ea, self.list[j]))
                            .collect();
                        let top = self.firsts(&light);
                        let choices = if open.is_empty() {
                            top.clone()
                        } else {
                            self.firsts(&open)
                        };
                        for b in choices {
                            let eb = self.list[b];
                            let reason = if open.is_empty() {
                                PairReason::RematchLeft
                            } else if top.contains(&b) {
                                PairReason::Piles
                            } else {
                                PairReason::RematchModified
                            };
                            // The Dark pile plays Light in the second game of a round.
                            moves.push(if fixed {
                                Table {
                                    dark: ea.player,
                                    light: eb.player,
                                    reason,
                                }
                            } else {
                                Table {
                                    dark: eb.player,
                                    light: ea.player,
                                    reason,
                                }
                            });
                        }
                    }
                }
            }
        }
        moves.sort_by_key(|t| !self.tables.contains(&(t.dark, t.light)));
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::super::pairing::{Meeting, coin, pair_fixed, pair_new_round, pair_piles};
    use super::*;
    use crate::rules::random::Stream;

    fn side(rng: &mut Stream) -> Side {
        if rng.below(2) == 0 {
            Side::Dark
        } else {
            Side::Light
        }
    }

    /// Every order of `items`.
    fn orders(items: &[usize]) -> Vec<Vec<usize>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        let mut out = Vec::new();
        for i in 0..items.len() {
            let mut rest = items.to_vec();
            let first = rest.remove(i);
            for mut o in orders(&rest) {
                o.insert(0, first);
                out.push(o);
            }
        }
        out
    }

    /// Small random games, against the engine run on every order of the players that keeps the
    /// total scores in order: the search finds as many recorded tables and byes as the best of
    /// those runs gives, and all of them when the game is one of the runs.
    #[test]
    fn the_search_equals_every_order_of_level_players_by_brute_force() {
        for seed in 0..200u64 {
            let mut rng = Stream::new(seed, "outcomes");
            let n = 2 + rng.below(5) as usize;
            let mut entrants: Vec<Entrant> = (0..n)
                .map(|p| Entrant {
                    player: p,
                    rank: rng.below(3) as usize,
                    had_bye: rng.below(3) == 0,
                    meetings: Vec::new(),
                    allegiance: side(&mut rng),
                    organizer: false,
                })
                .collect();
            for _ in 0..rng.below(2 * n as u64) {
                let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                if a != b {
                    let s = side(&mut rng);
                    entrants[a].meetings.push(Meeting {
                        opponent: b,
                        allegiance: s,
                    });
                    entrants[b].meetings.push(Meeting {
                        opponent: a,
                        allegiance: s.opposite(),
                    });
                }
            }
            let c = coin(seed, 3);
            let procedures = [Procedure::Piles, Procedure::NewRound(c), Procedure::Fixed];
            for procedure in procedures {
                let players: Vec<usize> = (0..n).collect();
                let runs: Vec<Paired> = orders(&players)
                    .into_iter()
                    .filter(|o| {
                        o.windows(2)
                            .all(|w| entrants[w[0]].rank <= entrants[w[1]].rank)
                    })
                    .map(|o| {
                        let ranked: Vec<Entrant> = entrants
                            .iter()
                            .map(|e| Entrant {
                                rank: o.iter().position(|&p| p == e.player).unwrap(),
                                ..e.clone()
                            })
                            .collect();
                        match procedure {
                            Procedure::Piles => pair_piles(&ranked),
                            Procedure::NewRound(c) => pair_new_round(&ranked, c),
                            Procedure::Fixed => pair_fixed(&ranked, 2, seed),
                        }
                    })
                    .collect();
                let pick = &runs[rng.below(runs.len() as u64) as usize];
                // The picked run, one table's sides turned round when it has two.
                let mut tables: Vec<(usize, usize)> =
                    pick.tables.iter().map(|t| (t.dark, t.light)).collect();
                if tables.len() > 1 && rng.below(2) == 0 {
                    tables[0] = (tables[0].1, tables[0].0);
                }
                let byes: Vec<usize> = pick.byes.iter().map(|b| b.player).collect();
                let recorded = Recorded {
                    tables: &tables,
                    byes: &byes,
                };
                let gives = |p: &Paired| {
                    tables
                        .iter()
                        .filter(|&&(d, l)| p.tables.iter().any(|t| t.dark == d && t.light == l))
                        .count()
                        + byes
                            .iter()
                            .filter(|&&b| p.byes.iter().any(|x| x.player == b))
                            .count()
                };
                let most = runs.iter().map(gives).max().unwrap();
                let found = best(procedure, &entrants, &recorded);
                assert_eq!(found.kept, most, "seed {seed} {procedure:?}");
                assert_eq!(gives(&found.paired), most, "seed {seed} {procedure:?}");
            }
        }
    }

    /// Fifty players level on total score whose recorded tables the piles never give (each
    /// pairs two players of one pile): every order of the level players would have to be
    /// tried. The search stops at its bound, counted in states, and says it did not decide.
    #[test]
    fn a_large_level_field_finishes_within_the_bound() {
        let entrants: Vec<Entrant> = (0..50)
            .map(|p| Entrant {
                player: p,
                rank: 0,
                had_bye: false,
                meetings: Vec::new(),
                allegiance: if p % 2 == 0 { Side::Dark } else { Side::Light },
                organizer: false,
            })
            .collect();
        let tables: Vec<(usize, usize)> = (0..25).map(|k| (4 * k % 50, (4 * k + 2) % 50)).collect();
        let recorded = Recorded {
            tables: &tables,
            byes: &[],
        };
        for procedure in [Procedure::Piles, Procedure::Fixed] {
            let found = best(procedure, &entrants, &recorded);
            assert!(!found.decided, "{procedure:?}");
            assert!(
                found.states <= STATE_BOUND + entrants.len(),
                "{procedure:?}"
            );
            // Still a whole outcome: everyone seated once.
            assert_eq!(found.paired.tables.len(), 25, "{procedure:?}");
        }
    }

    /// The same field whose recorded game is one the piles give: recognised at once, decided,
    /// every table kept, with no search.
    #[test]
    fn a_whole_recorded_piles_game_is_decided_without_search() {
        let entrants: Vec<Entrant> = (0..60)
            .map(|p| Entrant {
                player: p,
                rank: p / 20,
                had_bye: false,
                meetings: Vec::new(),
                allegiance: if p % 2 == 0 { Side::Dark } else { Side::Light },
                organizer: false,
            })
            .collect();
        // Dark-pile player 2k (now Light) meets Light-pile player 2k+1 (now Dark).
        let tables: Vec<(usize, usize)> = (0..30).map(|k| (2 * k + 1, 2 * k)).collect();
        let recorded = Recorded {
            tables: &tables,
            byes: &[],
        };
        let found = best(Procedure::Piles, &entrants, &recorded);
        assert!(found.decided);
        assert_eq!(found.kept, 30);
        assert_eq!(found.states, 0);
    }
}
