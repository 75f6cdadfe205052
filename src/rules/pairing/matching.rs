//! Minimum-cost perfect matchings for the pairing engines: lexicographic costs as plain sums,
//! and the blossom solver (`integer-blossom`) on a dense matrix.

use integer_blossom::{Weight, min_weight_perfect_matching};

/// Weights that make a plain sum of per-table costs on several levels (least significant
/// first) compare lexicographically: each level's weight is one more than the largest total all
/// lower levels can reach over `tables` tables, `most` holding each level's largest cost on one
/// table. Returns the weights and the largest total of a whole matching. When the total would
/// not fit the solver, the least significant levels are dropped (weight 0), which only happens
/// for regions of many hundreds of players, where ties on those levels are left to the solver.
pub(crate) fn lexicographic_weights<const N: usize>(
    most: [i128; N],
    tables: usize,
) -> ([i128; N], i128) {
    // Far below the solver's "infinity" (`i128::MAX / 4`), which must exceed any slack.
    const LIMIT: i128 = i128::MAX >> 8;
    let tables = tables as i128;
    (0..N)
        .find_map(|dropped| {
            let mut weights = [0; N];
            let mut total: i128 = 0;
            for level in dropped..N {
                weights[level] = total + 1;
                total = weights[level]
                    .checked_mul(most[level])?
                    .checked_mul(tables)?
                    .checked_add(total)
                    .filter(|&t| t < LIMIT)?;
            }
            Some((weights, total))
        })
        .unwrap_or(([0; N], 0))
}

/// A minimum-cost perfect matching of `n` vertices (`n` even): `mate[i]` is `i`'s partner.
/// Costs are computed wide, and handed to the solver as `i64` whenever no matching can reach
/// `max_total` beyond its range, which halves the solver's memory (it keeps a `(2n+1)²` table).
pub(crate) fn min_cost_matching(
    n: usize,
    max_total: i128,
    cost: impl Fn(usize, usize) -> i128,
) -> Vec<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `n` vertices (`n` even) can be paired so that no pair clashes: a perfect matching
    /// with the fewest clashing pairs has none: a question whose answer is plain, put to the matching.
    fn pairs_without(n: usize, clash: impl Fn(usize, usize) -> bool) -> bool {
        if n == 0 {
            return true;
        }
        let mate = min_cost_matching(n, n as i128, |i, j| i128::from(clash(i, j)));
        (0..n).all(|i| !clash(i, mate[i]))
    }

    #[test]
    fn weights_make_sums_lexicographic() {
        // Two tables; levels (least significant first) with at most 3 and 1 per table.
        let (w, total) = lexicographic_weights([3, 1], 2);
        assert_eq!(w, [1, 7]);
        assert_eq!(total, 6 + 14);
        // One unit of the upper level outweighs everything the lower level can add.
        assert!(w[1] > 3 * 2 * w[0]);
    }

    #[test]
    fn pairs_without_clashes_when_one_exists() {
        // 0 has met 1 and 2 has met 3: 0-2 and 1-3 (or 0-3 and 1-2) meet nobody again.
        let met = |i: usize, j: usize| matches!((i.min(j), i.max(j)), (0, 1) | (2, 3));
        assert!(pairs_without(4, met));
        // 0 has met everyone: whoever plays 0 plays them again.
        let met = |i: usize, j: usize| i.min(j) == 0;
        assert!(!pairs_without(4, met));
        assert!(pairs_without(0, met));
    }

    #[test]
    fn matching_takes_the_cheap_pairs() {
        let cost = |i: usize, j: usize| if i / 2 == j / 2 { 1 } else { 10 };
        let mate = min_cost_matching(4, 40, cost);
        assert_eq!(mate, vec![1, 0, 3, 2]);
    }
}
