//! Dice as chance outcomes.
//!
//! Games push these into an [`Outcomes`] list. Two dice come in two shapes: the *sum* (11
//! outcomes, for rolls where only the total matters, such as a fight roll) and the *pair*
//! (21 unordered outcomes, for rolls where doubles matter, such as a movement roll). Fewer
//! outcomes mean smaller chance nodes for search.

use serde::{Deserialize, Serialize};

use crate::chance::{Outcomes, Ratio};

/// The weight of each total of two six-sided dice, out of 36 (index = total).
pub const TWO_D6_WEIGHTS: [u32; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// An unordered roll of two six-sided dice, `low <= high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DicePair {
    /// The lower die.
    pub low: u8,
    /// The higher die (equal to `low` for doubles).
    pub high: u8,
}

impl DicePair {
    /// The pair of two dice in any order.
    ///
    /// # Panics
    /// If a die is not in 1..=6.
    pub fn new(a: u8, b: u8) -> Self {
        assert!(
            (1..=6).contains(&a) && (1..=6).contains(&b),
            "dice show 1..=6"
        );
        DicePair {
            low: a.min(b),
            high: a.max(b),
        }
    }

    /// The total.
    pub fn total(self) -> u8 {
        self.low + self.high
    }

    /// Whether both dice show the same number.
    pub fn is_doubles(self) -> bool {
        self.low == self.high
    }

    /// Whether both values are real die faces in order.
    pub fn is_valid(self) -> bool {
        (1..=6).contains(&self.low) && (self.low..=6).contains(&self.high)
    }

    /// Its weight out of 36: 1 for doubles, 2 otherwise.
    pub fn weight(self) -> u32 {
        if self.is_doubles() { 1 } else { 2 }
    }
}

/// Pushes one six-sided die: `f(face)` for faces 1..=6, weight 1 each (denominator 6).
pub fn push_d6<A: Copy>(out: &mut Outcomes<A>, f: impl Fn(u8) -> A) {
    for face in 1..=6 {
        out.push(f(face), 1);
    }
}

/// Pushes the totals of two dice: `f(total)` for totals 2..=12 (denominator 36).
pub fn push_2d6_total<A: Copy>(out: &mut Outcomes<A>, f: impl Fn(u8) -> A) {
    for total in 2..=12u8 {
        out.push(f(total), TWO_D6_WEIGHTS[total as usize]);
    }
}

/// Pushes the 21 unordered pairs of two dice (denominator 36).
pub fn push_2d6_pairs<A: Copy>(out: &mut Outcomes<A>, f: impl Fn(DicePair) -> A) {
    for low in 1..=6 {
        for high in low..=6 {
            let p = DicePair { low, high };
            out.push(f(p), p.weight());
        }
    }
}

/// The exact probability that two dice total at least `target` (1 at most 2, 0 above 12).
pub fn p_2d6_at_least(target: i32) -> Ratio {
    match target {
        ..=2 => Ratio::ONE,
        13.. => Ratio::ZERO,
        t => AT_LEAST_2D6[t as usize - 3],
    }
}

/// [`p_2d6_at_least`] for the targets 3 to 12, reduced at compile time: bots ask it at
/// most decisions of a fight, and reducing the fraction there each time cost more than the
/// rest of their reasoning.
const AT_LEAST_2D6: [Ratio; 10] = {
    let mut out = [Ratio::ZERO; 10];
    let mut target = 12;
    let mut hits = 0;
    while target >= 3 {
        hits += TWO_D6_WEIGHTS[target] as u64;
        out[target - 3] = Ratio::new(hits, 36);
        target -= 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference values from the rulings' numeric oracles.
    #[test]
    fn two_dice_tail_probabilities() {
        assert_eq!(p_2d6_at_least(2), Ratio::ONE);
        assert_eq!(p_2d6_at_least(7), Ratio::new(7, 12));
        assert_eq!(p_2d6_at_least(8), Ratio::new(5, 12));
        assert_eq!(p_2d6_at_least(9), Ratio::new(5, 18));
        assert_eq!(p_2d6_at_least(12), Ratio::new(1, 36));
        assert_eq!(p_2d6_at_least(13), Ratio::ZERO);
        assert_eq!(p_2d6_at_least(-4), Ratio::ONE);
    }

    /// The table worked out at compile time agrees with counting the totals, at every
    /// target and past both ends.
    #[test]
    fn the_table_counts_the_totals_at_or_above_each_target() {
        for target in -3..=16 {
            let hits: u32 = (2..=12)
                .filter(|&t| t >= target)
                .map(|t| TWO_D6_WEIGHTS[t as usize])
                .sum();
            assert_eq!(
                p_2d6_at_least(target),
                Ratio::new(u64::from(hits), 36),
                "{target}"
            );
        }
    }

    #[test]
    fn pairs_and_totals_sum_to_36() {
        let mut o = Outcomes::new();
        push_2d6_pairs(&mut o, |p| p);
        assert_eq!(o.len(), 21);
        assert_eq!(o.total(), 36);
        let doubles: u64 = o
            .as_slice()
            .iter()
            .filter(|(p, _)| p.is_doubles())
            .map(|&(_, w)| w as u64)
            .sum();
        assert_eq!(Ratio::new(doubles, 36), Ratio::new(1, 6));
        let mut t = Outcomes::new();
        push_2d6_total(&mut t, |x| x);
        assert_eq!(t.total(), 36);
    }
}
