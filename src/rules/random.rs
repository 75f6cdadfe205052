//! Seeded randomness: one independent ChaCha20 stream per decision.
//!
//! Each decision ("round 3 pairing", "standings after round 2") gets its own stream, selected
//! by a hash of its label, so adding a random decision never shifts another. Shuffling is done
//! here, not by a library, so the output stays the same for as long as ChaCha20 is ChaCha20.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

use crate::event::ids::default_seed;

/// A random stream for one labelled decision of one event.
pub struct Stream(ChaCha20Rng);

impl Stream {
    pub fn new(seed: u64, label: &str) -> Stream {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut rng = ChaCha20Rng::from_seed(key);
        rng.set_stream(default_seed(label));
        Stream(rng)
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// The random tiebreaker's number for one player in one set of standings (`standings`, such
    /// as "standings after round 2"), from the event's seed, that label and the player's id
    /// alone: between players level on everything else, the lower number goes first. Because
    /// no other player enters into it, the order of a tie published after a round never
    /// changes when someone registers late, drops or is paired afterwards.
    pub fn tiebreak_number(seed: u64, standings: &str, player_id: &str) -> u64 {
        Stream::new(seed, &format!("{standings}: {player_id}"))
            .0
            .next_u64()
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_label_same_stream() {
        let mut a = Stream::new(7, "round 1 pairing");
        let mut b = Stream::new(7, "round 1 pairing");
        let xs: Vec<u64> = (0..8).map(|_| a.below(1000)).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn labels_give_independent_streams() {
        let mut a = Stream::new(7, "round 1 pairing");
        let mut b = Stream::new(7, "round 2 pairing");
        let xs: Vec<u64> = (0..8).map(|_| a.below(1 << 40)).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.below(1 << 40)).collect();
        assert_ne!(xs, ys);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..50).collect();
        Stream::new(1, "x").shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
