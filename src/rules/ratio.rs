//! Exact non-negative fractions for tiebreakers.
//!
//! Strength of schedule is an average of averages; two players tied on it must compare equal
//! because their values are equal, which floats cannot promise. Values stay small (validation
//! caps an event at [`crate::rules::MAX_ROUNDS`] rounds, so every denominator divides a product
//! of numbers up to that cap), and comparison never multiplies, so it cannot overflow at all.

use std::cmp::Ordering;
use std::fmt;

/// A fraction `num / den` in lowest terms, `den > 0`.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Ratio {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    pub(crate) const ZERO: Ratio = Ratio { num: 0, den: 1 };

    /// `num / den`; a zero denominator yields zero (an average over nothing).
    pub(crate) fn new(num: u128, den: u128) -> Ratio {
        if den == 0 || num == 0 {
            return Ratio::ZERO;
        }
        let g = gcd(num, den);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    pub(crate) fn integer(n: u128) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    pub(crate) fn denom(&self) -> u128 {
        self.den
    }

    /// Exact division by a whole number (zero divisor gives zero, see [`Ratio::new`]).
    pub(crate) fn div_int(self, divisor: u128) -> Ratio {
        if divisor == 0 {
            return Ratio::ZERO;
        }
        let g = gcd(self.num, divisor);
        Ratio::new(self.num / g.max(1), self.den * (divisor / g.max(1)))
    }

    /// The value rounded half up to `places` decimals, for display only.
    pub(crate) fn decimal(&self, places: u32) -> String {
        let scale = 10u128.pow(places);
        let scaled = (self.num * scale * 2 + self.den) / (self.den * 2);
        let whole = scaled / scale;
        if places == 0 {
            return whole.to_string();
        }
        format!(
            "{whole}.{:0width$}",
            scaled % scale,
            width = places as usize
        )
    }
}

impl std::ops::Add for Ratio {
    type Output = Ratio;

    /// Exact sum, over the least common denominator.
    fn add(self, other: Ratio) -> Ratio {
        let g = gcd(self.den, other.den);
        let den = self.den / g * other.den;
        Ratio::new(self.num * (other.den / g) + other.num * (self.den / g), den)
    }
}

impl Ord for Ratio {
    /// Compares by continued-fraction expansion: whole parts first, then the reciprocals of the
    /// remainders, with the order flipped at each level. No products, so no overflow.
    fn cmp(&self, other: &Ratio) -> Ordering {
        let (mut a, mut b, mut c, mut d) = (self.num, self.den, other.num, other.den);
        let mut flipped = false;
        loop {
            let (qa, qc) = (a / b, c / d);
            if qa != qc {
                let ord = qa.cmp(&qc);
                return if flipped { ord.reverse() } else { ord };
            }
            let (ra, rc) = (a % b, c % d);
            match (ra == 0, rc == 0) {
                (true, true) => return Ordering::Equal,
                // A zero remainder is the smaller value at this level.
                (true, false) => {
                    return if flipped {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    };
                }
                (false, true) => {
                    return if flipped {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                }
                (false, false) => {
                    (a, b, c, d) = (b, ra, d, rc);
                    flipped = !flipped;
                }
            }
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact() {
        let third = Ratio::new(1, 3);
        assert_eq!(third + third + third, Ratio::integer(1));
        assert_eq!(Ratio::new(6, 4), Ratio::new(3, 2));
        assert_eq!(Ratio::integer(9).div_int(6), Ratio::new(3, 2));
        assert_eq!(Ratio::new(5, 0), Ratio::ZERO);
    }

    #[test]
    fn comparison_agrees_with_cross_multiplication() {
        let values: Vec<Ratio> = (0..40u128)
            .flat_map(|n| (1..15u128).map(move |d| Ratio::new(n, d)))
            .collect();
        for a in &values {
            for b in &values {
                let expected = (a.num * b.den).cmp(&(b.num * a.den));
                assert_eq!(a.cmp(b), expected, "{a} vs {b}");
            }
        }
    }

    #[test]
    fn comparison_of_huge_values_does_not_overflow() {
        let a = Ratio::new(u128::MAX - 1, u128::MAX - 2);
        let b = Ratio::new(u128::MAX - 3, u128::MAX - 4);
        assert_eq!(a.cmp(&b), Ordering::Less);
    }

    #[test]
    fn decimals_round_half_up() {
        assert_eq!(Ratio::new(8, 3).decimal(3), "2.667");
        assert_eq!(Ratio::new(1, 8).decimal(2), "0.13");
        assert_eq!(Ratio::integer(3).decimal(2), "3.00");
        assert_eq!(Ratio::new(5, 2).decimal(0), "3");
    }
}
