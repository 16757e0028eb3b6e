//! Exact chance: outcomes with integer weights over a common denominator.
//!
//! Probabilities are never floats inside the engine. A chance node lists each outcome with a
//! weight; the weights sum to the node's denominator (36 for two dice, the number of cards
//! left for a draw). That keeps the odds shown to players exact ("attack: 21/36") and makes
//! "the probabilities sum to 1" a checkable integer identity.

use std::fmt;

use crate::rng::Rng;

/// The outcomes of one chance node: `(outcome, weight)` pairs over a common denominator.
///
/// It is a reusable buffer: [`Outcomes::clear`] keeps its capacity, so search loops that
/// refill it allocate nothing after warm-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes<A> {
    items: Vec<(A, u32)>,
    total: u64,
}

impl<A> Default for Outcomes<A> {
    fn default() -> Self {
        Outcomes {
            items: Vec::new(),
            total: 0,
        }
    }
}

impl<A: Copy> Outcomes<A> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the list, keeping its capacity.
    pub fn clear(&mut self) {
        self.items.clear();
        self.total = 0;
    }

    /// Adds an outcome with a positive weight.
    #[inline]
    pub fn push(&mut self, outcome: A, weight: u32) {
        debug_assert!(weight > 0, "chance outcomes have positive weight");
        self.items.push((outcome, weight));
        self.total += weight as u64;
    }

    /// The outcomes and weights.
    pub fn as_slice(&self) -> &[(A, u32)] {
        &self.items
    }

    /// The number of outcomes.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no outcomes.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The sum of the weights: the denominator of every outcome's probability.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The exact probability of the outcome at `index`.
    pub fn probability(&self, index: usize) -> Ratio {
        Ratio::new(self.items[index].1 as u64, self.total())
    }

    /// Picks an outcome with its probability.
    ///
    /// # Panics
    /// If the list is empty.
    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> A {
        let mut pick = rng.below(self.total);
        for &(a, w) in &self.items {
            if pick < w as u64 {
                return a;
            }
            pick -= w as u64;
        }
        unreachable!("pick < total")
    }
}

/// An exact, reduced fraction `num/den` (den > 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u64,
    den: u64,
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// `num/den`, reduced.
    ///
    /// # Panics
    /// If `den` is zero.
    pub const fn new(num: u64, den: u64) -> Self {
        assert!(den != 0, "zero denominator");
        // `gcd` is 0 only for 0/0, which the assertion refuses.
        let g = gcd(num, den);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// The numerator (reduced).
    pub fn numer(self) -> u64 {
        self.num
    }

    /// The denominator (reduced).
    pub fn denom(self) -> u64 {
        self.den
    }

    /// The value as a float.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The sum of two fractions.
    ///
    /// # Panics
    /// On overflow of the (reduced) intermediate products, far beyond what dice and decks give.
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: Ratio) -> Ratio {
        let g = gcd(self.den, other.den);
        let den = (self.den / g)
            .checked_mul(other.den)
            .expect("ratio overflow");
        let num = self.num * (den / self.den) + other.num * (den / other.den);
        Ratio::new(num, den)
    }

    /// The product of two fractions.
    #[allow(clippy::should_implement_trait)]
    pub fn mul(self, other: Ratio) -> Ratio {
        let a = Ratio::new(self.num, other.den);
        let b = Ratio::new(other.num, self.den);
        Ratio::new(a.num * b.num, a.den * b.den)
    }

    /// `1 - self`, for a probability.
    pub fn complement(self) -> Ratio {
        Ratio::new(self.den.saturating_sub(self.num), self.den)
    }
}

impl fmt::Display for Ratio {
    /// `7/12`, or `0` and `1` for the ends.
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
    fn ratio_arithmetic_is_exact() {
        assert_eq!(Ratio::new(21, 36), Ratio::new(7, 12));
        assert_eq!(Ratio::new(1, 3).add(Ratio::new(1, 6)), Ratio::new(1, 2));
        assert_eq!(Ratio::new(2, 3).mul(Ratio::new(3, 4)), Ratio::new(1, 2));
        assert_eq!(Ratio::new(5, 12).complement(), Ratio::new(7, 12));
        assert_eq!(Ratio::new(7, 12).to_string(), "7/12");
        assert_eq!(Ratio::ONE.to_string(), "1");
    }

    #[test]
    fn sampling_follows_weights() {
        let mut o = Outcomes::new();
        o.push('a', 1);
        o.push('b', 3);
        assert_eq!(o.total(), 4);
        assert_eq!(o.probability(1), Ratio::new(3, 4));
        let mut rng = Rng::seed_from_u64(3);
        let bs = (0..4000).filter(|_| o.sample(&mut rng) == 'b').count();
        assert!((2800..3200).contains(&bs), "{bs}");
    }
}
