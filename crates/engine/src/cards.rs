//! Sets of cards as bit masks.
//!
//! Each card of a deck (up to 64) has an index; a draw pile, a hand or a discard pile is a
//! [`CardSet`]. Drawing is a chance node over the cards left in the pile, each equally
//! likely, so a state never stores a deck *order*: there is no hidden order to leak and
//! nothing to shuffle, and copying a whole deck is copying one word.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rng::Rng;

/// A set of card indices in `0..64`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// The largest deck a `CardSet` can hold.
    pub const CAPACITY: usize = 64;

    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The cards `0..n`: a full deck of `n` cards.
    ///
    /// # Panics
    /// If `n` exceeds [`CardSet::CAPACITY`].
    pub fn full(n: usize) -> Self {
        assert!(n <= Self::CAPACITY, "a deck holds at most 64 cards");
        if n == 64 {
            CardSet(u64::MAX)
        } else {
            CardSet((1u64 << n) - 1)
        }
    }

    /// The set holding one card.
    pub fn single(card: u8) -> Self {
        debug_assert!((card as usize) < Self::CAPACITY);
        CardSet(1u64 << card)
    }

    /// The raw mask.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// The set with these raw bits.
    pub fn from_bits(bits: u64) -> Self {
        CardSet(bits)
    }

    /// The number of cards.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `card`.
    #[inline]
    pub fn contains(self, card: u8) -> bool {
        self.0 & (1u64 << card) != 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: u8) {
        self.0 |= 1u64 << card;
    }

    /// Removes a card; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, card: u8) -> bool {
        let had = self.contains(card);
        self.0 &= !(1u64 << card);
        had
    }

    /// The cards in both sets.
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either set.
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in `self` but not in `other`.
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether the sets share no card.
    pub fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The `n`-th smallest card (0-based), if there are more than `n`. Branch-free: it
    /// finds the byte holding the card from per-byte counts, then the bit in a table.
    #[inline]
    pub fn nth(self, n: usize) -> Option<u8> {
        let prefix = byte_prefix(self.0);
        ((n as u64) < prefix >> 56).then(|| select(self.0, prefix, n as u64))
    }

    /// A uniformly random card of a non-empty set; consumes exactly `rng.below(len)`, so it
    /// draws the same card as listing the set in order and sampling the list.
    ///
    /// # Panics
    /// If the set is empty.
    #[inline]
    pub fn pick(self, rng: &mut Rng) -> u8 {
        let prefix = byte_prefix(self.0);
        select(self.0, prefix, rng.below(prefix >> 56))
    }

    /// The cards, smallest first.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The cards of a set counted per byte, cumulated: byte `i` holds the number of cards in
/// bytes `0..=i` (so the top byte is the size of the set).
#[inline]
fn byte_prefix(bits: u64) -> u64 {
    let mut c = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    c.wrapping_mul(ONES)
}

/// For each byte value and `r`, the position of its `r`-th set bit (0-based; 8 if none).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut bit) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// The `k`-th smallest set bit of `bits` (0-based), given `prefix = byte_prefix(bits)` and
/// `k` below the number of set bits: the byte holding it is the number of bytes whose
/// cumulated count is at most `k`.
#[inline]
fn select(bits: u64, prefix: u64, k: u64) -> u8 {
    debug_assert!(k < u64::from(bits.count_ones()));
    let at_most_k = ((k * ONES) | HIGHS).wrapping_sub(prefix) & HIGHS;
    let byte = ((at_most_k >> 7).wrapping_mul(ONES) >> 56) as u32;
    let shift = 8 * byte;
    let before = ((prefix << 8) >> shift) & 0xff;
    let in_byte = (bits >> shift) & 0xff;
    shift as u8 + SELECT_IN_BYTE[in_byte as usize][(k - before) as usize & 7]
}

/// Iterator over a [`CardSet`], smallest card first.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(c)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = u8;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<u8> for CardSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Serialised as the list of card indices (readable in records and saves, and safe for
/// JSON readers that lose precision on 64-bit integers).
impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<u8>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if c as usize >= CardSet::CAPACITY {
                return Err(serde::de::Error::custom(format!(
                    "card index {c} is out of range (0..64)"
                )));
            }
            set.insert(c);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = CardSet::full(32);
        assert_eq!(s.len(), 32);
        assert!(s.remove(5));
        assert!(!s.remove(5));
        assert!(!s.contains(5));
        assert_eq!(s.nth(5), Some(6));
        assert_eq!(s.nth(31), None);
        assert_eq!(CardSet::full(64).len(), 64);
        let a: CardSet = [1, 3, 5].into_iter().collect();
        let b: CardSet = [3, 4].into_iter().collect();
        assert_eq!(a.intersection(b).iter().collect::<Vec<_>>(), vec![3]);
        assert_eq!(a.difference(b).len(), 2);
        assert!(!a.is_disjoint(b));
    }

    #[test]
    fn nth_and_pick_agree_with_iteration() {
        let mut rng = Rng::seed_from_u64(5);
        for bits in (0..2000)
            .map(|_| rng.next_u64() >> rng.below(64))
            .chain([u64::MAX, 1 << 63])
        {
            let set = CardSet::from_bits(bits);
            let cards: Vec<u8> = set.iter().collect();
            let by_nth: Vec<u8> = (0..set.len()).map(|k| set.nth(k).unwrap()).collect();
            assert_eq!(by_nth, cards);
            assert_eq!(set.nth(set.len()), None);
            if !set.is_empty() {
                let (mut a, mut b) = (Rng::seed_from_u64(bits), Rng::seed_from_u64(bits));
                assert_eq!(
                    set.pick(&mut a),
                    cards[b.below(cards.len() as u64) as usize]
                );
                assert_eq!(a, b, "pick consumes exactly one below(len)");
            }
        }
    }

    #[test]
    fn serde_round_trip_and_bad_index() {
        let a: CardSet = [0, 31, 63].into_iter().collect();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[0,31,63]");
        assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), a);
        let err = serde_json::from_str::<CardSet>("[64]").unwrap_err();
        assert!(err.to_string().contains("out of range"), "{err}");
    }
}
