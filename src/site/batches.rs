//! Work over every page of a kind, split into batches of bounded size: the archive-wide pages
//! made from every event (the player and head-to-head pages) are made a batch at a time, so
//! that a build holds one batch's rows in memory however large the archive grows.

use std::collections::BTreeSet;

/// The pages of `sizes` (each page's id and how many rows making it takes), in the order
/// given, in batches of as many pages as hold at most `most` rows together; a page of more
/// rows than that is a batch alone.
pub(crate) fn batches<'a>(
    sizes: impl IntoIterator<Item = (&'a str, usize)>,
    most: usize,
) -> Vec<BTreeSet<String>> {
    let mut batches: Vec<BTreeSet<String>> = Vec::new();
    let mut held = 0;
    for (page, size) in sizes {
        match batches.last_mut() {
            Some(batch) if held + size <= most => batch.insert(page.to_string()),
            _ => {
                held = 0;
                batches.push(BTreeSet::from([page.to_string()]));
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
        let ids: Vec<Vec<&str>> = got
            .iter()
            .map(|b| b.iter().map(String::as_str).collect())
            .collect();
        // a+b fill a batch; c alone would overflow with d, which is bigger than a batch.
        assert_eq!(ids, [vec!["a", "b"], vec!["c"], vec!["d"], vec!["e"]]);
        assert!(batches([], 7).is_empty());
    }
}
