//! Work over every page of a kind, split into batches of bounded size: the archive-wide pages
//! made from every event (the card, player and head-to-head pages) are made a batch at a time,
//! so that a build holds one batch's rows in memory however large the archive grows.

use std::collections::BTreeSet;

/// The pages of `sizes` (each page's key and how many rows making it takes), in the order
/// given, in batches of as many pages as hold at most `most` rows together; a page of more
/// rows than that is a batch alone.
pub(crate) fn batches<K: Ord>(
    sizes: impl IntoIterator<Item = (K, usize)>,
    most: usize,
) -> Vec<BTreeSet<K>> {
    let mut batches: Vec<BTreeSet<K>> = Vec::new();
    let mut held = 0;
    for (page, size) in sizes {
        match batches.last_mut() {
            Some(batch) if held + size <= most => batch.insert(page),
            _ => {
                held = 0;
                batches.push(BTreeSet::from([page]));
                true
            }
        };
        held += size;
    }
    batches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_batched_in_order_up_to_the_rows_a_batch_holds() {
        let sizes = [("a", 3), ("b", 4), ("c", 2), ("d", 9), ("e", 1)];
        let got = batches(sizes, 7);
        let ids: Vec<Vec<&str>> = got.iter().map(|b| b.iter().copied().collect()).collect();
        // a+b fill a batch; c alone would overflow with d, which is bigger than a batch.
        assert_eq!(ids, [vec!["a", "b"], vec!["c"], vec!["d"], vec!["e"]]);
        assert!(batches::<&str>([], 7).is_empty());
    }
}
