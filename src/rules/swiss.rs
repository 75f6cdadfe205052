//! Swiss pairing under the 2018 regulations: round 1 at random, later rounds at random within
//! score groups from the top group down, an odd player paired down to the next group, no
//! rematches within a stage, and the bye to a random player in round 1, later to the
//! lowest-ranked player who has not had one.
//!
//! When these rules collide (a score group in which every pairing is a rematch), the pairing
//! deviates as little as possible, deterministically: a minimum-cost perfect matching whose
//! costs rank, in order, rematches, pair-downs, the distance a pair-down travels, and a seeded
//! random tiebreak.
//!
//! # The costs
//!
//! A pairing of a later round is judged, lexicographically, by
//! 1. the number of rematches;
//! 2. the number of pair-downs: tables whose two players have different points;
//! 3. the distance pair-downs travel: over all tables, the number of score-group boundaries
//!    between the two players (a table from the top group to the third crosses two). Linear, so
//!    it is exactly "how many boundaries are crossed, how many times";
//! 4. seeded randomness among the pairings equal on 1 to 3.
//!
//! Round 1 is judged by rematches (none, normally), then `avoid` pairs kept together, then
//! randomness.
//!
//! Note what priority 2 implies: with groups of 3, 2 and 1 players, the odd player of the top
//! group meets the single player of the third group (one pair-down) and the middle group plays
//! within itself, rather than the chain top → middle → bottom (two pair-downs).
//!
//! # How it stays fast
//!
//! One blossom over the whole field is exact but O(n³) in time and O(n²) in memory: too slow for
//! thousands of players. The field is cut into *pools*: the shortest runs of consecutive score
//! groups, from the top, that hold an even number of players. Every pairing needs at least one
//! pair-down per odd group and one crossing per boundary above which the field is odd, so a
//! pool paired with no rematch, one pair-down per two odd groups and no boundary crossed twice
//! is as good as any pairing can be there. A randomized greedy tries to find exactly that
//! (`fast_pool`); it nearly always does. When it does not, the pool is solved exactly by a
//! blossom (`exact_pool`) in which its players may also *float out* to dummy vertices above
//! and below, at a cost that is a lower bound on what a real table across the pool's edge would
//! cost this pool. If the best solution keeps everyone inside, no pairing of the whole field can
//! do better on this pool's share, so the pool is settled; if it floats players out, the pool is
//! merged with the neighbour they float to and solved again, up to the whole field when needed.
//! Settled pools together are therefore a minimum of the whole field (see `exact_pool` for the
//! argument), while the blossoms stay the size of a few small score groups.
//!
//! # Random streams
//!
//! - `"round {round} bye"`: the round-1 bye.
//! - `"round {round} pairing"`: the shuffles of the greedy, pool by pool from the top.
//! - `"round {round} pairing exact"`: the vertex order of each exact solve (which of several
//!   equally good pairings the blossom returns depends on it), in the order the solves happen.

use std::cmp::Reverse;
use std::ops::Range;

use integer_blossom::{Weight, min_weight_perfect_matching};

use super::random::Stream;
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
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
    /// No pairing of the round could avoid every rematch; this is one of the fewest possible.
    UnavoidableRematch,
}

/// Why a player got the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeReason {
    /// Round 1: a random player.
    Random,
    /// The lowest-ranked player who has not had a bye.
    LowestWithoutBye,
    /// Everyone left has had a bye; the lowest-ranked player gets a second one.
    LowestAllHadByes,
}

/// One table of a paired round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Player indices, the higher-ranked (lower `rank`) first.
    pub players: [usize; 2],
    pub reason: Reason,
}

/// The bye of a paired round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub player: usize,
    pub reason: ByeReason,
}

/// A paired round: tables in order (table 1 first: the table of the best-ranked player), and
/// the bye when the number of entrants is odd.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairedRound {
    pub tables: Vec<Pairing>,
    pub bye: Option<Bye>,
}

/// Pairs round `round` (1-based) of an event with seed `seed`. `entrants` are exactly the
/// players in the event for this round (not dropped). Deterministic: the same inputs always
/// give the same pairing. Random choices use the streams `"round {round} pairing"` and
/// `"round {round} bye"`.
///
/// The exact solver's vertex order uses `"round {round} pairing exact"`. Round 0 is paired as
/// round 1. Inconsistent input does not panic: an entrant listed twice is paired once (its first
/// entry counts), and opponents or `avoid` players who are not entrants are ignored.
pub fn pair_round(seed: u64, round: u32, entrants: &[Entrant]) -> PairedRound {
    let first_round = round <= 1;
    let field = Field::new(entrants, first_round);
    let bye = choose_bye(seed, round, &field);
    let players: Vec<usize> = (0..field.entrants.len())
        .filter(|&p| bye.is_none_or(|(b, _)| b != p))
        .collect();
    let tables = if first_round {
        pair_first_round(seed, round, &field, &players)
    } else {
        pair_later_round(seed, round, &field, &players)
    };
    PairedRound {
        tables: field.tables(tables),
        bye: bye.map(|(p, reason)| Bye {
            player: field.entrants[p].player,
            reason,
        }),
    }
}

/// A table by positions in [`Field::entrants`], before ordering.
type Table = (usize, usize);

/// The entrants of a round in standings order, with their relations as positions in that
/// order: a smaller position is a better rank, which is all ordering needs.
struct Field<'a> {
    /// Sorted by rank, then player (so equal ranks still give one order).
    entrants: Vec<&'a Entrant>,
    /// For each entrant, the sorted positions of the entrants met: either one listing the other
    /// is enough, so one-sided records still count.
    met: Vec<Vec<usize>>,
    /// For each entrant, the sorted positions of the entrants to keep apart from (round 1 only,
    /// empty otherwise), either way.
    avoid: Vec<Vec<usize>>,
}

impl<'a> Field<'a> {
    fn new(entrants: &'a [Entrant], with_avoid: bool) -> Field<'a> {
        // First entry of each player, then standings order.
        let mut firsts: Vec<usize> = (0..entrants.len()).collect();
        firsts.sort_by_key(|&i| (entrants[i].player, i));
        firsts.dedup_by_key(|i| entrants[*i].player);
        let mut list: Vec<&Entrant> = firsts.iter().map(|&i| &entrants[i]).collect();
        list.sort_by_key(|e| (e.rank, e.player));

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
        let relation = |named: fn(&Entrant) -> &[usize]| {
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
        };
        let met = relation(|e| &e.opponents);
        let avoid = if with_avoid {
            relation(|e| &e.avoid)
        } else {
            vec![Vec::new(); list.len()]
        };
        Field {
            entrants: list,
            met,
            avoid,
        }
    }

    fn met(&self, a: usize, b: usize) -> bool {
        self.met[a].binary_search(&b).is_ok()
    }

    fn avoids(&self, a: usize, b: usize) -> bool {
        self.avoid[a].binary_search(&b).is_ok()
    }

    fn points(&self, p: usize) -> u32 {
        self.entrants[p].points
    }

    /// The published tables: the better-ranked player first, table 1 for the best-ranked one.
    fn tables(&self, tables: Vec<(Table, Reason)>) -> Vec<Pairing> {
        let mut tables: Vec<(Table, Reason)> = tables
            .into_iter()
            .map(|((a, b), reason)| ((a.min(b), a.max(b)), reason))
            .collect();
        tables.sort_unstable_by_key(|&((a, _), _)| a);
        tables
            .into_iter()
            .map(|((a, b), reason)| Pairing {
                players: [self.entrants[a].player, self.entrants[b].player],
                reason,
            })
            .collect()
    }
}

/// The bye, chosen before pairing when the number of entrants is odd: in round 1 at random,
/// later the lowest-ranked player without one, or the lowest-ranked player if all have had one.
fn choose_bye(seed: u64, round: u32, field: &Field) -> Option<(usize, ByeReason)> {
    let n = field.entrants.len();
    if n % 2 == 0 {
        return None;
    }
    if round <= 1 {
        let mut stream = Stream::new(seed, &format!("round {round} bye"));
        return Some((stream.below(n as u64) as usize, ByeReason::Random));
    }
    match (0..n).rev().find(|&p| !field.entrants[p].had_bye) {
        Some(p) => Some((p, ByeReason::LowestWithoutBye)),
        None => Some((n - 1, ByeReason::LowestAllHadByes)),
    }
}

/// Round 1: one random pairing of everyone, rematches (only possible with unusual records)
/// first, then `avoid` pairs, kept apart when possible.
fn pair_first_round(
    seed: u64,
    round: u32,
    field: &Field,
    players: &[usize],
) -> Vec<(Table, Reason)> {
    let mut stream = Stream::new(seed, &format!("round {round} pairing"));
    let mut shuffled = players.to_vec();
    let mut tables = Vec::new();
    let clash = |a: usize, b: usize| field.met(a, b) || field.avoids(a, b);
    if match_within(&mut shuffled, &mut stream, &clash, &mut tables) != Some(None) {
        tables = first_round_exact(seed, round, field, players);
    }
    tables
        .into_iter()
        .map(|(a, b)| {
            let reason = if field.met(a, b) {
                Reason::UnavoidableRematch
            } else if field.avoids(a, b) {
                Reason::AvoidNotPossible
            } else {
                Reason::Random
            };
            ((a, b), reason)
        })
        .collect()
}

/// Round 1, exactly: fewest rematches, then fewest `avoid` pairs together. Only players with a
/// relation to another player of the round (the *constrained*) can make a table cost anything,
/// and the others are interchangeable; no best pairing needs more of them than there are
/// constrained players (each constrained player takes at most one), so the blossom gets the
/// constrained players plus that many random others, and the rest are paired in their random
/// order.
fn first_round_exact(seed: u64, round: u32, field: &Field, players: &[usize]) -> Vec<Table> {
    let mut in_round = vec![false; field.entrants.len()];
    for &p in players {
        in_round[p] = true;
    }
    let (mut core, mut free): (Vec<usize>, Vec<usize>) = players.iter().partition(|&&p| {
        field.met[p]
            .iter()
            .chain(&field.avoid[p])
            .any(|&q| in_round[q])
    });
    let mut stream = Stream::new(seed, &format!("round {round} pairing exact"));
    stream.shuffle(&mut free);
    // `core + kept` is even: either both equal, or `kept` is all of `free` and the total is even.
    let kept = core.len().min(free.len());
    core.extend(free.drain(..kept));
    stream.shuffle(&mut core);

    // Levels, least significant first: an `avoid` pair together, a rematch.
    let (weights, max_total) = lexicographic_weights([1, 1], core.len() / 2);
    let mate = min_cost_matching(core.len(), max_total, |i, j| {
        let (a, b) = (core[i], core[j]);
        weights[0] * i128::from(field.avoids(a, b)) + weights[1] * i128::from(field.met(a, b))
    });
    let mut tables: Vec<Table> = (0..core.len())
        .filter(|&i| i < mate[i])
        .map(|i| (core[i], core[mate[i]]))
        .collect();
    tables.extend(free.chunks_exact(2).map(|pair| (pair[0], pair[1])));
    tables
}

/// Later rounds: score groups from the top, pool by pool (see the module documentation).
fn pair_later_round(
    seed: u64,
    round: u32,
    field: &Field,
    players: &[usize],
) -> Vec<(Table, Reason)> {
    let groups = score_groups(field, players);
    let mut greedy = Stream::new(seed, &format!("round {round} pairing"));
    let mut exact = Stream::new(seed, &format!("round {round} pairing exact"));

    let mut pools = initial_pools(&groups);
    let mut settled: Vec<Option<Vec<Table>>> = vec![None; pools.len()];
    let mut i = 0;
    while i < pools.len() {
        if settled[i].is_some() {
            i += 1;
            continue;
        }
        let pool = &groups[pools[i].clone()];
        if let Some(tables) = fast_pool(field, pool, &mut greedy) {
            settled[i] = Some(tables);
            i += 1;
            continue;
        }
        let above = i > 0;
        let below = i + 1 < pools.len();
        match exact_pool(field, pool, above, below, &mut exact) {
            Exact::Settled(tables) => {
                settled[i] = Some(tables);
                i += 1;
            }
            Exact::Floats { up, down } => {
                // Solve again together with the neighbour(s) the pool floats to. A settled pool
                // above is unsettled by the merge; pools below are not settled yet.
                let first = if up && above { i - 1 } else { i };
                let last = if down && below { i + 1 } else { i };
                let merged = pools[first].start..pools[last].end;
                pools.splice(first..=last, [merged]);
                settled.splice(first..=last, [None]);
                i = first;
            }
        }
    }
    let tables: Vec<Table> = settled.into_iter().flatten().flatten().collect();
    label_later_round(field, &groups, tables)
}

/// Players by points, top group first, each group in standings order.
fn score_groups(field: &Field, players: &[usize]) -> Vec<Vec<usize>> {
    let mut sorted = players.to_vec();
    sorted.sort_by_key(|&p| (Reverse(field.points(p)), p));
    sorted
        .chunk_by(|&a, &b| field.points(a) == field.points(b))
        .map(<[usize]>::to_vec)
        .collect()
}

/// The shortest runs of consecutive groups, from the top, with an even number of players.
/// (The field is even once the bye is out, so the runs cover it.)
fn initial_pools(groups: &[Vec<usize>]) -> Vec<Range<usize>> {
    let mut pools = Vec::new();
    let mut start = 0;
    let mut players = 0;
    for (g, members) in groups.iter().enumerate() {
        players += members.len();
        if players % 2 == 0 {
            pools.push(start..g + 1);
            start = g + 1;
        }
    }
    if start < groups.len() {
        pools.push(start..groups.len());
    }
    pools
}

/// Pairs a pool as well as any pairing could: no rematch, and each odd group's one spare
/// player carried down, through even groups, to the next odd group (the fewest pair-downs, each
/// boundary crossed at most once). Random as the regulations ask: each group shuffled and paired
/// in order, the spare player being the one left over, its opponent a random player of the
/// group it lands in. `None` when the greedy finds no such pairing, which does not prove there
/// is none: the caller then solves the pool exactly.
fn fast_pool(field: &Field, pool: &[Vec<usize>], stream: &mut Stream) -> Option<Vec<Table>> {
    let clash = |a: usize, b: usize| field.met(a, b);
    let mut tables = Vec::new();
    let mut spare = None;
    for members in pool {
        let mut rest = members.clone();
        if rest.len() % 2 == 1 {
            if let Some(down) = spare.take() {
                stream.shuffle(&mut rest);
                let k = rest.iter().position(|&p| !clash(down, p))?;
                tables.push((down, rest.swap_remove(k)));
            }
        }
        // An even group passes the spare player on; an odd group without one makes one.
        if let Some(left) = match_within(&mut rest, stream, &clash, &mut tables)? {
            spare = Some(left);
        }
    }
    spare.is_none().then_some(tables)
}

/// Pairs `set` within itself with no clashing table, at random: shuffle, pair each player with
/// the next one it does not clash with, then repair each two players left over by swapping
/// partners with a table already made. Returns the player left over (`Some` exactly when `set`
/// is odd), or `None` when the repairs run out, which does not prove that no pairing exists.
fn match_within(
    set: &mut [usize],
    stream: &mut Stream,
    clash: &impl Fn(usize, usize) -> bool,
    tables: &mut Vec<Table>,
) -> Option<Option<usize>> {
    stream.shuffle(set);
    let first_table = tables.len();
    let mut taken = vec![false; set.len()];
    let mut left = Vec::new();
    for i in 0..set.len() {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        match (i + 1..set.len()).find(|&j| !taken[j] && !clash(set[i], set[j])) {
            Some(j) => {
                taken[j] = true;
                tables.push((set[i], set[j]));
            }
            None => left.push(set[i]),
        }
    }
    while left.len() >= 2 {
        let (x, y) = (left.pop()?, left.pop()?);
        let (k, swapped) = tables[first_table..]
            .iter()
            .enumerate()
            .find_map(|(k, &(a, b))| {
                if !clash(x, a) && !clash(y, b) {
                    Some((k, [(x, a), (y, b)]))
                } else if !clash(x, b) && !clash(y, a) {
                    Some((k, [(x, b), (y, a)]))
                } else {
                    None
                }
            })?;
        tables[first_table + k] = swapped[0];
        tables.push(swapped[1]);
    }
    Some(left.pop())
}

/// What the exact solve of a pool found.
enum Exact {
    /// The best solution keeps every player inside the pool: no pairing of the field does
    /// better on the pool's share.
    Settled(Vec<Table>),
    /// The best solution floats players out of the pool, upwards and/or downwards.
    Floats { up: bool, down: bool },
}

/// A vertex of a pool's exact solve.
#[derive(Clone, Copy)]
enum Vertex {
    /// A player (position in the field) and its group's index within the pool.
    Player(usize, usize),
    /// A seat at a table with a player of some pool above.
    Up,
    /// A seat at a table with a player of some pool below.
    Down,
}

/// Solves a pool exactly, letting players float out of it.
///
/// Costs are counted in half units so that a table across a pool's edge can be split between
/// the two pools: a pair-down costs 2 (one per side when it leaves the pool), crossing a
/// boundary inside the pool 2, crossing the pool's own edge 1. A player floating up from the
/// pool's `g`-th group (0 at the top) costs 1 pair-down unit and `2g + 1` distance units, which
/// is exactly the pool's share of any real table it could be at; similarly downwards. Since the
/// players above the pool are even in number, the tables crossing its top edge are even in
/// number too (likewise below), so floats up and floats down must each be even: dummies paired
/// with each other at no cost keep that parity. A table from above to below *passing over* the
/// pool crosses all of it: one `Up`–`Down` dummy table at `2k` distance units, `k` the pool's
/// number of groups.
///
/// Why this settles the pool: take any pairing of the whole field; each pool's share of it
/// (its inner tables plus halves of the tables crossing its edges) is a solution of this
/// problem, and the shares add up to (at most) the whole pairing's cost. If this problem's best
/// solution floats nobody, the pool's inner pairing is at most its share of every pairing of
/// the field, so settled pools together are a best pairing of the field. A last level (least
/// significant) counts floats, so that among equally good solutions the inner one is found.
///
/// How many dummies: two players floating the same way who have not met could play each other
/// instead, for strictly less; and two passing tables are worse than none. So a best share
/// floats each way a set of players who have all met each other (at most the pool's largest
/// number of opponents within the pool, plus one) and has at most one passing table.
fn exact_pool(
    field: &Field,
    pool: &[Vec<usize>],
    above: bool,
    below: bool,
    stream: &mut Stream,
) -> Exact {
    let mut members: Vec<usize> = pool.iter().flatten().copied().collect();
    members.sort_unstable();
    let degree = members
        .iter()
        .map(|&p| {
            field.met[p]
                .iter()
                .filter(|q| members.binary_search(q).is_ok())
                .count()
        })
        .max()
        .unwrap_or(0);
    let dummies = (degree + 2).next_multiple_of(2);

    let mut vertices: Vec<Vertex> = pool
        .iter()
        .enumerate()
        .flat_map(|(g, ps)| ps.iter().map(move |&p| Vertex::Player(p, g)))
        .collect();
    stream.shuffle(&mut vertices);
    if above {
        vertices.extend(std::iter::repeat_n(Vertex::Up, dummies));
    }
    if below {
        vertices.extend(std::iter::repeat_n(Vertex::Down, dummies));
    }

    let k = pool.len();
    let bottom = k - 1;
    // Levels, least significant first, with their most on one table: floats, distance,
    // pair-downs, rematches.
    let (w, max_total) = lexicographic_weights([1, 2 * k as i128, 2, 1], vertices.len() / 2);
    let cost = |levels: [usize; 4]| -> i128 {
        w.iter()
            .zip(levels)
            .map(|(&weight, level)| weight * level as i128)
            .sum()
    };
    let mate = min_cost_matching(vertices.len(), max_total, |i, j| {
        match (vertices[i], vertices[j]) {
            (Vertex::Player(a, g), Vertex::Player(b, h)) => cost([
                0,
                2 * g.abs_diff(h),
                2 * usize::from(g != h),
                usize::from(field.met(a, b)),
            ]),
            (Vertex::Player(_, g), Vertex::Up) | (Vertex::Up, Vertex::Player(_, g)) => {
                cost([1, 2 * g + 1, 1, 0])
            }
            (Vertex::Player(_, g), Vertex::Down) | (Vertex::Down, Vertex::Player(_, g)) => {
                cost([1, 2 * (bottom - g) + 1, 1, 0])
            }
            (Vertex::Up, Vertex::Down) | (Vertex::Down, Vertex::Up) => cost([1, 2 * k, 0, 0]),
            (Vertex::Up, Vertex::Up) | (Vertex::Down, Vertex::Down) => 0,
        }
    });

    let mut tables = Vec::new();
    let (mut up, mut down) = (false, false);
    for (i, &m) in mate.iter().enumerate() {
        match (vertices[i], vertices[m]) {
            (Vertex::Player(a, _), Vertex::Player(b, _)) if i < m => tables.push((a, b)),
            (Vertex::Player(..), Vertex::Up) => up = true,
            (Vertex::Player(..), Vertex::Down) => down = true,
            (Vertex::Up, Vertex::Down) => (up, down) = (true, true),
            _ => {}
        }
    }
    if up || down {
        Exact::Floats { up, down }
    } else {
        Exact::Settled(tables)
    }
}

/// Reasons for a later round's tables. A boundary between two groups with an odd number of
/// players above it must be crossed once; one table across it is the one the regulations
/// describe (preferring, in order, a table that is not a rematch, that crosses fewest
/// boundaries, whose upper player ranks best). A table between groups is
/// [`Reason::PairedDown`] when it is that table at every boundary it crosses, and otherwise
/// crosses more than parity requires, which a best pairing does only to avoid a rematch:
/// [`Reason::AvoidsRematch`].
fn label_later_round(
    field: &Field,
    groups: &[Vec<usize>],
    tables: Vec<Table>,
) -> Vec<(Table, Reason)> {
    let mut group_of = vec![0; field.entrants.len()];
    for (g, members) in groups.iter().enumerate() {
        for &p in members {
            group_of[p] = g;
        }
    }
    let mut above = 0;
    let odd_above: Vec<bool> = groups
        .iter()
        .map(|members| {
            above += members.len();
            above % 2 == 1
        })
        .collect();
    // (upper player, lower player) by group, the upper first.
    let by_group = |(a, b): Table| {
        if (group_of[a], a) <= (group_of[b], b) {
            (a, b)
        } else {
            (b, a)
        }
    };

    // For each boundary (below group `b`), the preferred table across it: (key, table index).
    let mut chosen: Vec<Option<((bool, usize, usize), usize)>> = vec![None; groups.len()];
    for (t, &table) in tables.iter().enumerate() {
        let (upper, lower) = by_group(table);
        let (hi, lo) = (group_of[upper], group_of[lower]);
        let key = (field.met(upper, lower), lo - hi, upper);
        for b in hi..lo {
            if odd_above[b] && chosen[b].is_none_or(|(best, _)| key < best) {
                chosen[b] = Some((key, t));
            }
        }
    }
    tables
        .into_iter()
        .enumerate()
        .map(|(t, table)| {
            let (upper, lower) = by_group(table);
            let (hi, lo) = (group_of[upper], group_of[lower]);
            let reason = if field.met(upper, lower) {
                Reason::UnavoidableRematch
            } else if hi == lo {
                Reason::SameGroup
            } else if (hi..lo).all(|b| chosen[b].is_some_and(|(_, c)| c == t)) {
                Reason::PairedDown
            } else {
                Reason::AvoidsRematch
            };
            (table, reason)
        })
        .collect()
}

/// Weights that make a plain sum of per-table costs on several levels (least significant
/// first) compare lexicographically: each level's weight is one more than the largest total
/// all lower levels can reach over `tables` tables. `per_table` holds each level's largest cost
/// on one table. Returns the weights and the largest total of a whole matching.
fn lexicographic_weights<const N: usize>(per_table: [i128; N], tables: usize) -> ([i128; N], i128) {
    let tables = tables as i128;
    let mut weights = [0; N];
    let mut total = 0;
    for (weight, most) in weights.iter_mut().zip(per_table) {
        *weight = total + 1;
        total += *weight * most * tables;
    }
    (weights, total)
}

/// A minimum-cost perfect matching of `n` vertices (`n` even): `mate[i]` is `i`'s partner.
/// Costs are computed wide, and handed to the solver as `i64` whenever no matching can reach
/// `max_total` beyond its range, which halves the solver's memory (it keeps a `(2n+1)²` table).
fn min_cost_matching(n: usize, max_total: i128, cost: impl Fn(usize, usize) -> i128) -> Vec<usize> {
    // Far below the solver's "infinity" (`i64::MAX / 4`), which must exceed any slack.
    const NARROW: i128 = 1 << 56;
    if max_total < NARROW {
        // In range: every cost is at most `max_total`.
        solve_matrix(n, |i, j| cost(i, j) as i64)
    } else {
        solve_matrix(n, cost)
    }
}

fn solve_matrix<W: Weight>(n: usize, cost: impl Fn(usize, usize) -> W) -> Vec<usize> {
    let mut matrix = vec![W::ZERO; n * n];
    for i in 0..n {
        for j in i + 1..n {
            matrix[i * n + j] = cost(i, j);
        }
    }
    min_weight_perfect_matching(&matrix, n)
}
