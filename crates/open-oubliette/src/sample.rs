//! Direct sampling of chance nodes, for [`Game::sample_chance`](gameshelf_engine::Game).
//!
//! Random playouts spend most of their actions at chance nodes (about four in five), so
//! listing every outcome of a node only to pick one is most of their cost. The samplers
//! here draw an outcome without building the list, and they are *exact replicas* of
//! listing then sampling: given the same generator state they consume the same random
//! number (`below(total)` with the same total) and return the same outcome. So the
//! probabilities are exactly the listed ones, and seeded simulations give the same
//! figures whichever path a caller takes (`tests/chance.rs` checks both claims).

use gameshelf_engine::dice::{DicePair, TWO_D6_WEIGHTS};
use gameshelf_engine::{CardSet, Rng};

/// The movement roll for each `below(36)` pick: the listed order of
/// [`gameshelf_engine::dice::push_2d6_pairs`] (pairs by low then high die; doubles weigh 1,
/// the others 2), expanded by weight.
pub(crate) const PAIR_BY_PICK: [DicePair; 36] = {
    let mut out = [DicePair { low: 1, high: 1 }; 36];
    let (mut i, mut low) = (0, 1u8);
    while low <= 6 {
        let mut high = low;
        while high <= 6 {
            let weight = if low == high { 1 } else { 2 };
            let mut k = 0;
            while k < weight {
                out[i] = DicePair { low, high };
                i += 1;
                k += 1;
            }
            high += 1;
        }
        low += 1;
    }
    out
};

/// A movement roll, as `push_2d6_pairs` listed and sampled gives it.
#[inline]
pub(crate) fn move_roll(rng: &mut Rng) -> DicePair {
    PAIR_BY_PICK[rng.below(36) as usize]
}

/// A check roll (2d6 total), as `push_2d6_total` listed and sampled gives it.
#[inline]
pub(crate) fn check_roll(rng: &mut Rng) -> u8 {
    TOTAL_BY_PICK[rng.below(36) as usize]
}

/// The 2d6 total for each `below(36)` pick: the listed order of
/// [`gameshelf_engine::dice::push_2d6_total`] (totals 2..=12), expanded by weight.
pub(crate) const TOTAL_BY_PICK: [u8; 36] = {
    let mut out = [0u8; 36];
    let (mut i, mut total) = (0, 2usize);
    while total <= 12 {
        let mut k = 0;
        while k < TWO_D6_WEIGHTS[total] {
            out[i] = total as u8;
            i += 1;
            k += 1;
        }
        total += 1;
    }
    out
};

/// A deck's groups of identical cards, for draws in which each group is one outcome (its
/// lowest card left in the pile) weighted by the copies left.
#[derive(Clone)]
pub(crate) struct Groups {
    /// For each card, the bits of its group (itself included).
    of: [u64; CardSet::CAPACITY],
    /// Every group is a run of consecutive cards. Then the cards of the pile in order are the
    /// groups' cards group by group in list order, so the `k`-th card left lies in the
    /// group the list's `k`-th weight unit belongs to.
    contiguous: bool,
    /// No group has more than two cards (then a group's count left is cheap to find).
    at_most_two: bool,
    /// `h` when the deck is `2h` cards, `h <= 32`, in the pairs `{c, c + h}` (two copies of
    /// `h` cards, like the wound deck); 0 otherwise.
    half: u32,
}

impl std::fmt::Debug for Groups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Groups")
            .field("contiguous", &self.contiguous)
            .finish_non_exhaustive()
    }
}

impl Groups {
    /// The table for a deck's copies (`Decks::*_copies`: for each card, its group).
    pub(crate) fn new(copies: &[CardSet]) -> Self {
        let mut of = [0u64; CardSet::CAPACITY];
        for (slot, group) in of.iter_mut().zip(copies) {
            *slot = group.bits();
        }
        let run = |g: u64| {
            let x = g >> g.trailing_zeros();
            x & x.wrapping_add(1) == 0
        };
        let contiguous = of[..copies.len()].iter().all(|&g| g != 0 && run(g));
        let at_most_two = of.iter().all(|g| g.count_ones() <= 2);
        let h = copies.len() / 2;
        let halves = copies.len() % 2 == 0
            && (1..=32).contains(&h)
            && (0..copies.len()).all(|c| of[c] == 1 << (c % h) | 1 << (c % h + h));
        Groups {
            of,
            contiguous,
            at_most_two,
            half: if halves { h as u32 } else { 0 },
        }
    }

    /// A draw from a non-empty pile: the lowest card left of the drawn card's group.
    #[inline(always)]
    pub(crate) fn draw(&self, pile: CardSet, rng: &mut Rng) -> u8 {
        let bits = pile.bits();
        if self.contiguous {
            let c = pile.pick(rng);
            (self.of[c as usize] & bits).trailing_zeros() as u8
        } else if self.half != 0 {
            self.halves(bits, rng.below(pile.len() as u64))
        } else {
            self.walk(bits, rng.below(pile.len() as u64))
        }
    }

    /// [`Self::walk`] for pairs `{c, c + h}`, without walking. The list holds first the
    /// groups whose low card is left, by that card (weight 2 when its pair is left too), then
    /// those with only the high card left, by that card (weight 1). In the first part, unit
    /// `2c` stands for low card `c` and unit `2c + 1` for its pair, so the `pick`-th unit
    /// left among them is found by a select.
    #[inline(always)]
    fn halves(&self, bits: u64, pick: u64) -> u8 {
        let h = self.half;
        let low_mask = (1u64 << h) - 1;
        let low = bits & low_mask;
        let high = (bits >> h) & low_mask;
        let units = spread(low) | spread(low & high) << 1;
        match CardSet::from_bits(units).nth(pick as usize) {
            Some(unit) => unit / 2,
            None => {
                let first = u64::from(units.count_ones());
                let only_high = CardSet::from_bits(high & !low);
                h as u8 + only_high.nth((pick - first) as usize).unwrap_or(0)
            }
        }
    }

    /// The draw when groups interleave: walk them in list order (by lowest card left).
    #[inline(never)]
    fn walk(&self, bits: u64, mut pick: u64) -> u8 {
        let mut rest = bits;
        loop {
            let c = rest.trailing_zeros() as u8;
            let group = self.of[c as usize % CardSet::CAPACITY] & bits;
            let w = if self.at_most_two {
                1 + (group & (group - 1) != 0) as u64
            } else {
                group.count_ones() as u64
            };
            if pick < w {
                return c;
            }
            pick -= w;
            rest &= !group;
        }
    }
}

/// The low 32 bits of `x` moved to the even bits (bit `i` to bit `2i`).
#[inline]
fn spread(x: u64) -> u64 {
    let mut x = x & 0xFFFF_FFFF;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::Outcomes;
    use gameshelf_engine::dice::{push_2d6_pairs, push_2d6_total};

    /// The tables expand the engine's lists by weight, in list order.
    #[test]
    fn dice_tables_expand_the_lists() {
        let mut pairs = Outcomes::new();
        push_2d6_pairs(&mut pairs, |p| p);
        let expanded: Vec<DicePair> = pairs
            .as_slice()
            .iter()
            .flat_map(|&(p, w)| std::iter::repeat_n(p, w as usize))
            .collect();
        assert_eq!(expanded, PAIR_BY_PICK);
        let mut totals = Outcomes::new();
        push_2d6_total(&mut totals, |t| t);
        let expanded: Vec<u8> = totals
            .as_slice()
            .iter()
            .flat_map(|&(t, w)| std::iter::repeat_n(t, w as usize))
            .collect();
        assert_eq!(expanded, TOTAL_BY_PICK);
    }

    /// Draws replicate listing the groups (lowest card left first, weighted by the cards
    /// left) and sampling the list, for groups that are runs or interleave, of two or more.
    #[test]
    fn draws_replicate_the_listed_groups() {
        let decks: [Vec<u64>; 3] = [
            (0..32).map(|c| 0b111u64 << (c / 3 * 3)).collect(),
            (0..32)
                .map(|c| 1u64 << (c % 16) | 1 << (c % 16 + 16))
                .collect(),
            (0..30)
                .map(|c| 1u64 << (c % 10) | 1 << (c % 10 + 10) | 1 << (c % 10 + 20))
                .collect(),
        ];
        let mut piles = Rng::seed_from_u64(9);
        // Runs of three; interleaved pairs (like the wound deck); interleaved triples.
        let shapes = [(true, false), (false, true), (false, false)];
        for (deck, shape) in decks.iter().zip(shapes) {
            let copies: Vec<CardSet> = deck.iter().map(|&g| CardSet::from_bits(g)).collect();
            let full = (1u64 << copies.len()) - 1;
            let groups = Groups::new(&copies);
            assert_eq!((groups.contiguous, groups.at_most_two), shape);
            for _ in 0..300 {
                let pile = piles.next_u64() & piles.next_u64() & full;
                if pile == 0 {
                    continue;
                }
                let mut list = Outcomes::new();
                let mut rest = pile;
                while rest != 0 {
                    let c = rest.trailing_zeros() as u8;
                    let group = copies[c as usize].bits() & pile;
                    list.push(c, group.count_ones());
                    rest &= !group;
                }
                let mut direct = Rng::seed_from_u64(pile);
                let mut listed = direct.clone();
                for _ in 0..20 {
                    let pile = CardSet::from_bits(pile);
                    assert_eq!(groups.draw(pile, &mut direct), list.sample(&mut listed));
                }
                assert_eq!(direct, listed);
            }
        }
    }

    /// For pairs `{c, c + h}` the select finds the group the walk finds, at every place.
    #[test]
    fn halves_agree_with_the_walk() {
        let mut piles = Rng::seed_from_u64(3);
        for h in [1usize, 5, 16, 32] {
            let copies: Vec<CardSet> = (0..2 * h)
                .map(|c| CardSet::from_bits(1u64 << (c % h) | 1 << (c % h + h)))
                .collect();
            let groups = Groups::new(&copies);
            assert_eq!(groups.half as usize, h);
            let full = CardSet::full(2 * h).bits();
            for _ in 0..300 {
                let pile = piles.next_u64() & piles.next_u64() & full;
                for pick in 0..u64::from(pile.count_ones()) {
                    assert_eq!(groups.halves(pile, pick), groups.walk(pile, pick));
                }
            }
        }
    }

    #[test]
    fn contiguity_is_detected() {
        let sets = |v: &[u64]| v.iter().map(|&b| CardSet::from_bits(b)).collect::<Vec<_>>();
        assert!(Groups::new(&sets(&[0b11, 0b11, 0b100])).contiguous);
        assert!(!Groups::new(&sets(&[0b101, 0b10, 0b101])).contiguous);
    }
}
