//! What the two Swiss engines ([`score_groups`](super::score_groups), 2018, and
//! [`halves`](super::halves), 2014) share: the entrant they pair, the paired round with the
//! reason for each table and for the bye, and the rules they apply alike. Kept in one place so
//! that the pages and `event.json` describe both rule sets' pairings in the same words, and so
//! that a rule both engines follow is written once:
//!
//! - the bye of a round after the first (`later_round_bye`);
//! - who has met whom, as positions in the engine's order (`relation`);
//! - *pools*, the shortest runs of score groups from the top holding an even number of players
//!   (`pools`), and settling them one by one, merging a pool with the neighbour its players
//!   float to (`settle`);
//! - the reasons of a later round's tables (`later_round_reasons`), and which recorded tables a
//!   pairing the rules permit keeps (`kept_tables`), the audit's verdict on each table.

use std::ops::Range;

use super::bye_taker;
use super::matching::{lexicographic_weights, min_cost_matching};

/// A player to pair, with what the pairing needs to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The player's index in the event.
    pub player: usize,
    /// Tournament points before this round.
    pub points: u32,
    /// Position in the standings before this round (0 is first). In round 1, registration order.
    pub rank: usize,
    /// Whether the player has had a bye in this stage.
    pub had_bye: bool,
    /// Opponents met in this stage, one entry per match.
    pub opponents: Vec<usize>,
    /// Players to keep apart in round 1 when possible (the event file's `avoid`, both ways).
    pub avoid: Vec<usize>,
}

/// Why two players were paired, for the pages to show and link to the rule applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Reason {
    /// Round 1: drawn at random.
    Random,
    /// Round 1: drawn at random, but two players who asked to be kept apart could not be.
    AvoidNotPossible,
    /// Both players are in the same score group.
    SameGroup,
    /// The odd player of a score group, paired with a player from the next group down.
    PairedDown,
    /// Paired outside the score group (beyond the odd player) because pairing within it would
    /// have meant a rematch.
    AvoidsRematch,
    /// No pairing of the round could avoid every rematch; this is one of the fewest possible
    /// (a recorded rematch: one a pairing the rules permit keeps, see [`kept_tables`]).
    UnavoidableRematch,
    /// A recorded rematch beyond the fewest the round needed: no pairing the rules permit
    /// keeps it beside the round's other tables, so it is a departure from the rules (`pair`
    /// never makes one). Set from the pairing audit's verdict, which is the one source for it.
    AvoidableRematch,
}

/// Why a player got the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ByeReason {
    /// Round 1: a random player.
    Random,
    /// The lowest-ranked player who has not had a bye.
    LowestWithoutBye,
    /// Everyone left has had a bye; the lowest-ranked player gets a second one.
    LowestAllHadByes,
}

/// One table of a paired round.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Player indices, the higher-ranked (lower `rank`) first.
    pub players: [usize; 2],
    pub(crate) reason: Reason,
}

/// The bye of a paired round.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub player: usize,
    pub(crate) reason: ByeReason,
}

/// A paired round: tables in order (table 1 first: the table of the best-ranked player), and
/// the bye when the number of entrants is odd.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct PairedRound {
    pub tables: Vec<Pairing>,
    pub bye: Option<Bye>,
}

/// The bye of a round after the first, chosen before pairing when the number of players is odd
/// (`standings` are the round's players in standings order, best first): the lowest-ranked
/// player who has not had a bye, else the lowest-ranked ([`bye_taker`]). The 2018 rule, which
/// the 2014 engine follows (its document has no bye); round 1 is the 2018 engine's own.
pub(super) fn later_round_bye<T>(
    standings: &[T],
    had_bye: impl Fn(&T) -> bool,
) -> Option<(usize, ByeReason)> {
    if standings.len().is_multiple_of(2) {
        return None;
    }
    let taker = bye_taker(standings, had_bye)?;
    let reason = if taker.all_had_byes {
        ByeReason::LowestAllHadByes
    } else {
        ByeReason::LowestWithoutBye
    };
    Some((taker.index, reason))
}

/// For each entrant of `list`, the sorted positions in `list` of the entrants it names (by
/// player, through `named`) or that name it: either one listing the other is enough, so
/// one-sided records still count. Players who are not in `list`, and an entrant naming itself,
/// are ignored.
pub(super) fn relation(list: &[&Entrant], named: fn(&Entrant) -> &[usize]) -> Vec<Vec<usize>> {
    let mut by_player: Vec<(usize, usize)> = list
        .iter()
        .enumerate()
        .map(|(i, e)| (e.player, i))
        .collect();
    by_player.sort_unstable();
    let position = |player: usize| {
        by_player
            .binary_search_by_key(&player, |&(p, _)| p)
            .ok()
            .map(|k| by_player[k].1)
    };
    let mut related = vec![Vec::new(); list.len()];
    for (i, e) in list.iter().enumerate() {
        for j in named(e).iter().filter_map(|&p| position(p)) {
            if j != i {
                related[i].push(j);
                related[j].push(i);
            }
        }
    }
    for r in &mut related {
        r.sort_unstable();
        r.dedup();
    }
    related
}

/// The shortest runs of consecutive score groups (of `group_sizes` players, top group first)
/// with an even number of players. The seated players are even in number once the bye is out,
/// so the runs cover them all.
pub(super) fn pools(group_sizes: impl IntoIterator<Item = usize>) -> Vec<Range<usize>> {
    let mut pools = Vec::new();
    let mut start = 0;
    let mut players = 0;
    let mut groups = 0;
    for (g, size) in group_sizes.into_iter().enumerate() {
        players += size;
        groups = g + 1;
        if players % 2 == 0 {
            pools.push(start..g + 1);
            start = g + 1;
        }
    }
    if start < groups {
        pools.push(start..groups);
    }
    pools
}

/// What solving a pool exactly, its players allowed to float out, found.
pub(super) enum Solved {
    /// The best solution keeps every player inside the pool: no pairing of the field does
    /// better on the pool's share.
    Settled(Vec<(usize, usize)>),
    /// The best solution floats players out of the pool, upwards and/or downwards.
    Floats { up: bool, down: bool },
}

/// Settles every pool, top down: a pool already settled (`settled[i]`) stays as it is unless a
/// merge takes it in; any other is solved by `solve(pool, above, below)` (`above` and `below`:
/// whether there is a pool on that side). When its players float out, the pool is merged with
/// the neighbour(s) they float to, settled or not, and the merged pool is solved again, up to
/// the whole field. Returns the tables of all pools, top pool first.
pub(super) fn settle(
    mut pools: Vec<Range<usize>>,
    mut settled: Vec<Option<Vec<(usize, usize)>>>,
    mut solve: impl FnMut(Range<usize>, bool, bool) -> Solved,
) -> Vec<(usize, usize)> {
    let mut i = 0;
    while i < pools.len() {
        if settled[i].is_some() {
            i += 1;
            continue;
        }
        let (above, below) = (i > 0, i + 1 < pools.len());
        match solve(pools[i].clone(), above, below) {
            Solved::Settled(tables) => {
                settled[i] = Some(tables);
                i += 1;
            }
            Solved::Floats { up, down } => {
                let first = if up && above { i - 1 } else { i };
                let last = if down && below { i + 1 } else { i };
                let merged = pools[first].start..pools[last].end;
                pools.splice(first..=last, [merged]);
                settled.splice(first..=last, [None]);
                i = first;
            }
        }
    }
    settled.into_iter().flatten().flatten().collect()
}

/// Reasons for a later round's tables (`(position, position)`, either way round; `group_of`
/// gives each position's score group, 0 at the top, groups holding `group_sizes` players).
///
/// A boundary between two groups with an odd number of players above it must be crossed once;
/// one table across it is the pair-down the regulations describe (preferring, in order, a
/// table that is not a rematch, that crosses fewest boundaries, whose upper player is placed
/// best: the smaller position, in a group order where positions are ranks or halves places). A
/// table between groups is [`Reason::PairedDown`] when it is that table at every boundary it
/// crosses, and otherwise crosses more than parity requires, which a best pairing does only to
/// avoid a rematch: [`Reason::AvoidsRematch`].
pub(super) fn later_round_reasons(
    group_sizes: impl IntoIterator<Item = usize>,
    group_of: &[usize],
    tables: &[(usize, usize)],
    met: impl Fn(usize, usize) -> bool,
) -> Vec<Reason> {
    let mut above = 0;
    let odd_above: Vec<bool> = group_sizes
        .into_iter()
        .map(|size| {
            above += size;
            above % 2 == 1
        })
        .collect();
    // (upper player, lower player) by group, the upper first.
    let by_group = |(a, b): (usize, usize)| {
        if (group_of[a], a) <= (group_of[b], b) {
            (a, b)
        } else {
            (b, a)
        }
    };

    // For each boundary (below group `b`), the preferred table across it and its index, the
    // preference being (rematch, boundaries crossed, upper player): smaller is preferred.
    type Preference = (bool, usize, usize);
    let mut chosen: Vec<Option<(Preference, usize)>> = vec![None; odd_above.len()];
    for (t, &table) in tables.iter().enumerate() {
        let (upper, lower) = by_group(table);
        let (hi, lo) = (group_of[upper], group_of[lower]);
        let key = (met(upper, lower), lo - hi, upper);
        for b in hi..lo {
            if odd_above[b] && chosen[b].is_none_or(|(best, _)| key < best) {
                chosen[b] = Some((key, t));
            }
        }
    }
    tables
        .iter()
        .enumerate()
        .map(|(t, &table)| {
            let (upper, lower) = by_group(table);
            let (hi, lo) = (group_of[upper], group_of[lower]);
            if met(upper, lower) {
                Reason::UnavoidableRematch
            } else if hi == lo {
                Reason::SameGroup
            } else if (hi..lo).all(|b| chosen[b].is_some_and(|(_, c)| c == t)) {
                Reason::PairedDown
            } else {
                Reason::AvoidsRematch
            }
        })
        .collect()
}

/// What both engines minimize first, for a round's tables (`[player, player]`), in order of
/// importance: rematches, score-group boundaries crossed (summed over tables) and their squares
/// (a pair-down reaches the next group whenever it can). The groups are those of the players
/// seated at `tables`, by their points in `entrants` (the players as pairing saw them before
/// the round); a player who is not among `entrants` counts in no group and meets nobody.
///
/// Pairings equal on these levels differ only by the random draws (2018) or by the order within
/// a group (2014), which is why the audit compares a recorded round with the engine's pairing of
/// the same players on exactly these levels.
pub(crate) fn levels(entrants: &[Entrant], tables: &[[usize; 2]]) -> [u64; 3] {
    let entrant = |p: usize| entrants.iter().find(|e| e.player == p);
    let mut points: Vec<u32> = tables
        .iter()
        .flatten()
        .filter_map(|&p| Some(entrant(p)?.points))
        .collect();
    points.sort_unstable_by(|a, b| b.cmp(a));
    points.dedup();
    let group = |p: usize| entrant(p).and_then(|e| points.iter().position(|&x| x == e.points));
    let mut sum = [0; 3];
    for &[a, b] in tables {
        let (Some(ea), Some(ga), Some(gb)) = (entrant(a), group(a), group(b)) else {
            continue;
        };
        let met = ea.opponents.contains(&b) || entrant(b).is_some_and(|e| e.opponents.contains(&a));
        let k = ga.abs_diff(gb) as u64;
        sum[0] += u64::from(met);
        sum[1] += k;
        sum[2] += k * k;
    }
    sum
}

/// Which recorded tables (`[player, player]`, every seated player at one of them) a pairing the
/// rules permit keeps, as many as one can. The permitted pairings of the seated players are
/// those no pairing beats on [`levels`]: every random draw (2018) and every adjustment (2014)
/// the rules leave open gives one of them, and nothing else does. One minimum-cost perfect
/// matching finds among them one that keeps the most recorded tables: its costs are the levels,
/// lexicographically, then one unit for each table that was not recorded. A recorded table it
/// does not keep is in no permitted pairing beside the kept ones: it is the part of the round
/// that breaks a rule. So a round that needed one rematch and records three keeps one of them.
/// Among pairings that keep as many, the solver's choice is deterministic for a given round.
///
/// `only` is the one pairing the rules permit where they permit one (2014 after round 1: the
/// plain halves pairing, when it has no rematch): a table is then kept when it is one of its.
///
/// `None` when the round seats more than [`EXACT_FIELD`] players: the matching is not run, and
/// no table can be called a break.
pub(crate) fn kept_tables(
    entrants: &[Entrant],
    tables: &[[usize; 2]],
    only: Option<&[[usize; 2]]>,
) -> Option<Vec<bool>> {
    let unordered = |[a, b]: [usize; 2]| [a.min(b), a.max(b)];
    if let Some(only) = only {
        let only: Vec<[usize; 2]> = only.iter().map(|&t| unordered(t)).collect();
        return Some(
            tables
                .iter()
                .map(|&t| only.contains(&unordered(t)))
                .collect(),
        );
    }
    let mut players: Vec<usize> = tables.iter().flatten().copied().collect();
    players.sort_unstable();
    players.dedup();
    if players.len() != 2 * tables.len() {
        // A player at two tables: not a pairing at all, and seating says so.
        return Some(vec![false; tables.len()]);
    }
    if players.len() > EXACT_FIELD {
        return None;
    }
    let position = |p: usize| players.binary_search(&p).ok();
    let entrant: Vec<Option<&Entrant>> = players
        .iter()
        .map(|&p| entrants.iter().find(|e| e.player == p))
        .collect();
    let mut points: Vec<u32> = entrant.iter().flatten().map(|e| e.points).collect();
    points.sort_unstable_by(|a, b| b.cmp(a));
    points.dedup();
    let group: Vec<usize> = entrant
        .iter()
        .map(|e| {
            e.and_then(|e| points.iter().position(|&x| x == e.points))
                .unwrap_or(0)
        })
        .collect();
    let met = |i: usize, j: usize| {
        entrant[i].is_some_and(|e| e.opponents.contains(&players[j]))
            || entrant[j].is_some_and(|e| e.opponents.contains(&players[i]))
    };
    let recorded: Vec<[usize; 2]> = tables
        .iter()
        .filter_map(|&[a, b]| Some(unordered([position(a)?, position(b)?])))
        .collect();
    // Each seated player's recorded opponent, by position: the cost of every one of the n²
    // pairs asks it, so a lookup, not a search of the tables.
    let mut recorded_mate = vec![usize::MAX; players.len()];
    for &[i, j] in &recorded {
        recorded_mate[i] = j;
        recorded_mate[j] = i;
    }
    let far = points.len().saturating_sub(1) as i128;
    let (weights, total) = lexicographic_weights([1, far * far, far, 1], tables.len());
    let mate = min_cost_matching(players.len(), total, |i, j| {
        let k = group[i].abs_diff(group[j]) as i128;
        weights[3] * i128::from(met(i, j))
            + weights[2] * k
            + weights[1] * k * k
            + weights[0] * i128::from(recorded_mate[i] != j)
    });
    Some(recorded.iter().map(|&[i, j]| mate[i] == j).collect())
}

/// The most seated players [`kept_tables`] judges exactly. Its matching's work grows with the
/// cube of the field, and the limits let an event seat 4,096 players; the largest SW:LCG
/// events on record seated a few hundred, well inside this bound, while a field four times
/// this size would take the audit minutes on top of the pairing itself.
pub(crate) const EXACT_FIELD: usize = 1_024;

#[cfg(test)]
mod tests {
    use super::super::all_pairings;
    use super::*;
    use crate::rules::random::Stream;

    fn entrant(player: usize, points: u32, opponents: &[usize]) -> Entrant {
        Entrant {
            player,
            points,
            rank: player,
            had_bye: false,
            opponents: opponents.to_vec(),
            avoid: Vec::new(),
        }
    }

    /// Players 0, 1 and 2 have each met 3, 4 and 5, all level: every pairing seats someone of
    /// one trio against the other, so the round needs exactly one rematch. The first round
    /// recorded again has three: a permitted pairing keeps one of them, and the other two are
    /// the rematches that break the rule.
    #[test]
    fn one_needed_rematch_of_three_recorded_leaves_exactly_two_avoidable() {
        let field: Vec<Entrant> = (0..6)
            .map(|p| {
                let others: Vec<usize> = if p < 3 { vec![3, 4, 5] } else { vec![0, 1, 2] };
                entrant(p, 2, &others)
            })
            .collect();
        let recorded = [[0, 3], [1, 4], [2, 5]];
        let kept = kept_tables(&field, &recorded, None).expect("a small field");
        assert_eq!(kept.iter().filter(|&&k| !k).count(), 2, "{kept:?}");
        // One rematch and two new tables: permitted, all kept.
        let permitted = [[0, 1], [2, 3], [4, 5]];
        assert_eq!(kept_tables(&field, &permitted, None), Some(vec![true; 3]));
    }

    /// A round seating more players than the exact matching weighs is not judged (`None`, which
    /// the audit shows as not decided), while a field of the bound's size still is.
    #[test]
    fn a_field_beyond_the_exact_bound_is_not_judged() {
        let seat = |n: usize| -> (Vec<Entrant>, Vec<[usize; 2]>) {
            let field = (0..n).map(|p| entrant(p, 0, &[])).collect();
            (field, (0..n / 2).map(|t| [2 * t, 2 * t + 1]).collect())
        };
        let (field, tables) = seat(EXACT_FIELD + 2);
        assert_eq!(kept_tables(&field, &tables, None), None);
        let (field, tables) = seat(8);
        assert_eq!(kept_tables(&field, &tables, None), Some(vec![true; 4]));
    }

    /// The one pairing the rules permit (2014's plain halves pairing): a table is kept when it
    /// is one of its.
    #[test]
    fn where_one_pairing_is_permitted_only_its_tables_are_kept() {
        let field: Vec<Entrant> = (0..4).map(|p| entrant(p, 0, &[])).collect();
        let only = [[0, 2], [1, 3]];
        assert_eq!(
            kept_tables(&field, &[[2, 0], [1, 3]], Some(&only)),
            Some(vec![true, true])
        );
        assert_eq!(
            kept_tables(&field, &[[0, 1], [2, 3]], Some(&only)),
            Some(vec![false, false])
        );
    }

    /// Small random fields, against every pairing by brute force: the permitted pairings are
    /// those with the fewest rematches, crossings and squares ([`levels`]); the tables kept are
    /// as many as any permitted pairing shares with the round, and one permitted pairing holds
    /// them all.
    #[test]
    fn kept_tables_match_every_permitted_pairing_by_brute_force() {
        for seed in 0..300u64 {
            let mut rng = Stream::new(seed, "kept tables");
            let n = 2 * (1 + rng.below(5) as usize);
            let mut field: Vec<Entrant> = (0..n)
                .map(|p| entrant(p, 2 * rng.below(3) as u32, &[]))
                .collect();
            for _ in 0..rng.below(2 * n as u64) {
                let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                if a != b {
                    field[a].opponents.push(b);
                }
            }
            let players: Vec<usize> = (0..n).collect();
            let mut every: Vec<Vec<[usize; 2]>> = Vec::new();
            all_pairings(&players, &mut |t| every.push(t.to_vec()));
            let least = every.iter().map(|t| levels(&field, t)).min().unwrap();
            let permitted: Vec<&Vec<[usize; 2]>> = every
                .iter()
                .filter(|t| levels(&field, t) == least)
                .collect();
            let recorded = &every[rng.below(every.len() as u64) as usize];
            let kept = kept_tables(&field, recorded, None).expect("a small field");
            let shares = |p: &Vec<[usize; 2]>| {
                recorded
                    .iter()
                    .filter(|&&[a, b]| p.contains(&[a, b]) || p.contains(&[b, a]))
                    .count()
            };
            let most = permitted.iter().map(|p| shares(p)).max().unwrap();
            assert_eq!(kept.iter().filter(|&&k| k).count(), most, "seed {seed}");
            let held: Vec<[usize; 2]> = recorded
                .iter()
                .zip(&kept)
                .filter(|(_, k)| **k)
                .map(|(t, _)| *t)
                .collect();
            assert!(
                permitted.iter().any(|p| held
                    .iter()
                    .all(|&[a, b]| p.contains(&[a, b]) || p.contains(&[b, a]))),
                "seed {seed}"
            );
            if levels(&field, recorded) == least {
                assert!(kept.iter().all(|&k| k), "seed {seed}");
            }
        }
    }
}
