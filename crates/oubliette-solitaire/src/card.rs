//! Cards: a standard deck of 52 plus two or three jokers, as indices into a
//! [`gameshelf_engine::CardSet`].
//!
//! Card `c < 52` has suit `c / 13` (♠ ♣ ♥ ♦, so the two black suits come first) and rank
//! `c % 13 + 1` (ace 1, ..., king 13). Cards 52, 53 and 54 are the jokers.

use std::fmt;

/// A card index: `0..52` standard cards, `52..55` jokers.
pub type Card = u8;

/// "No card" in a one-card place (the Equipped slot, the drawn card).
pub const NO_CARD: Card = u8::MAX;

/// The first joker's index.
pub const FIRST_JOKER: Card = 52;

/// Rank of a jack, queen, king.
pub const JACK: u8 = 11;
/// Rank of a queen.
pub const QUEEN: u8 = 12;
/// Rank of a king.
pub const KING: u8 = 13;
/// Rank of an ace.
pub const ACE: u8 = 1;

/// A card's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// ♠ ♣.
    Black,
    /// ♥ ♦.
    Red,
    /// A joker has no colour.
    None,
}

/// Whether `c` is a joker.
#[inline]
pub fn is_joker(c: Card) -> bool {
    c >= FIRST_JOKER
}

/// The rank 1..=13 (ace 1), or 0 for a joker.
#[inline]
pub fn rank(c: Card) -> u8 {
    if is_joker(c) { 0 } else { c % 13 + 1 }
}

/// The colour.
#[inline]
pub fn colour(c: Card) -> Colour {
    match c {
        0..=25 => Colour::Black,
        26..=51 => Colour::Red,
        _ => Colour::None,
    }
}

/// Whether the card is red (jokers are not).
#[inline]
pub fn is_red(c: Card) -> bool {
    colour(c) == Colour::Red
}

/// Whether the card is black.
#[inline]
pub fn is_black(c: Card) -> bool {
    colour(c) == Colour::Black
}

/// A number card: rank 2..=10, the only cards that make Path rooms.
#[inline]
pub fn is_number(c: Card) -> bool {
    (2..=10).contains(&rank(c))
}

/// A Trap when drawn: a red 3, 5, 7 or 9.
#[inline]
pub fn is_trap(c: Card) -> bool {
    is_red(c) && matches!(rank(c), 3 | 5 | 7 | 9)
}

/// A Rope: any 9 or 6.
#[inline]
pub fn is_rope(c: Card) -> bool {
    matches!(rank(c), 6 | 9)
}

/// A Torch: the ♥4 or ♦4.
#[inline]
pub fn is_torch(c: Card) -> bool {
    is_red(c) && rank(c) == 4
}

/// The card with this suit (0 ♠, 1 ♣, 2 ♥, 3 ♦) and rank (1..=13).
pub const fn card(suit: u8, rank: u8) -> Card {
    suit * 13 + rank - 1
}

/// The card index of a joker (`n` from 0).
pub const fn joker(n: u8) -> Card {
    FIRST_JOKER + n
}

/// Writes a card as `10♥`, `A♠`, `Jk1`.
pub struct Show(pub Card);

impl fmt::Display for Show {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        if c == NO_CARD {
            return f.write_str("--");
        }
        if is_joker(c) {
            return write!(f, "Jk{}", c - FIRST_JOKER + 1);
        }
        let r = match rank(c) {
            1 => "A".to_owned(),
            11 => "J".to_owned(),
            12 => "Q".to_owned(),
            13 => "K".to_owned(),
            n => n.to_string(),
        };
        let s = ['♠', '♣', '♥', '♦'][(c / 13) as usize];
        write!(f, "{r}{s}")
    }
}

/// Parses a card written as [`Show`] writes it (`10♥`, `AS`, `qd`, `Jk2`); letters S C H D
/// may stand for the suit symbols.
pub fn parse(text: &str) -> Option<Card> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if let Some(n) = lower.strip_prefix("jk") {
        let n: u8 = n.parse().ok()?;
        return (1..=3).contains(&n).then(|| joker(n - 1));
    }
    let mut chars: Vec<char> = t.chars().collect();
    let suit = match chars.pop()? {
        '♠' | 's' | 'S' => 0,
        '♣' | 'c' | 'C' => 1,
        '♥' | 'h' | 'H' => 2,
        '♦' | 'd' | 'D' => 3,
        _ => return None,
    };
    let r: String = chars.into_iter().collect();
    let rank = match r.to_ascii_uppercase().as_str() {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => n.parse().ok().filter(|n| (2..=10).contains(n))?,
    };
    Some(card(suit, rank))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_and_names() {
        assert_eq!(Show(card(2, 10)).to_string(), "10♥");
        assert_eq!(Show(card(0, 1)).to_string(), "A♠");
        assert_eq!(Show(joker(1)).to_string(), "Jk2");
        for c in 0..55u8 {
            assert_eq!(parse(&Show(c).to_string()), Some(c));
        }
        assert_eq!(parse("qd"), Some(card(3, 12)));
        assert_eq!(parse("1s"), None);
        assert!(is_black(card(1, 5)) && is_red(card(3, 5)) && colour(joker(0)) == Colour::None);
    }

    #[test]
    fn the_standard_deck_has_the_oracle_counts() {
        let std = || 0..52u8;
        assert_eq!(std().filter(|&c| is_trap(c)).count(), 8);
        assert_eq!(std().filter(|&c| is_rope(c)).count(), 8);
        assert_eq!(std().filter(|&c| is_torch(c)).count(), 2);
        assert_eq!(std().filter(|&c| rank(c) >= JACK).count(), 12);
    }
}
