//! Prices: any whole number of dollars, and the menu of representative prices offered
//! as choices.
//!
//! Every price two players agree on (a room, a fare, a utility fee, the cash side of a deed
//! trade) is a whole number of dollars, anything from nothing to [`MAX_PRICE`] (the
//! rulings' "any price", B-07, B-08): a player names it, and the rules check it when the
//! message is sent. Search and random play need a short list of moves, so the legal-action
//! list offers representative prices only: the [`Share`]s of a reference price the board
//! gives (the bank's rent, fare or fee, or a deed's value), from nothing to three times it
//! in steps of a quarter. Bots and people may name any other price
//! (`Game::with_amount`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The dearest price anyone may name: more cash than any game on the standard board
/// holds, so never a limit in play, and small enough that sums of prices cannot overflow.
pub const MAX_PRICE: u32 = 1_000_000;

/// The representative prices of a negotiation, cheapest first and each once: every share
/// of the reference price in a menu, and a few prices the rules make special (the dearest
/// a player can pay, the standing terms), so that whenever the rules allow some price of
/// a kind, a listed one is among them. Kept in a fixed array: listing allocates nothing.
#[derive(Clone, Copy, Debug)]
pub struct Prices {
    prices: [u32; Prices::CAPACITY],
    len: usize,
}

impl Prices {
    const CAPACITY: usize = Share::ALL.len() + 3;

    /// The prices of `shares` of `reference`, with the `special` ones (at most three).
    pub fn new(reference: u32, shares: &[Share], special: &[u32]) -> Prices {
        let mut out = Prices {
            prices: [0; Prices::CAPACITY],
            len: 0,
        };
        let all = shares
            .iter()
            .map(|s| s.of(reference))
            .chain(special.iter().copied());
        for price in all.filter(|&p| p <= MAX_PRICE) {
            out.prices[out.len] = price;
            out.len += 1;
        }
        out.prices[..out.len].sort_unstable();
        let mut unique = 0;
        for i in 0..out.len {
            if unique == 0 || out.prices[i] != out.prices[unique - 1] {
                out.prices[unique] = out.prices[i];
                unique += 1;
            }
        }
        out.len = unique;
        out
    }

    /// The prices, cheapest first.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.prices[..self.len].iter().copied()
    }
}

/// `price` as a whole percentage of `reference` (rounded down); a price over a reference of
/// nothing counts as 100% when it is nothing too, else as [`MAX_PRICE`] percent.
pub fn percent_of(price: u32, reference: u32) -> u32 {
    match (price, reference) {
        (0, 0) => 100,
        (_, 0) => MAX_PRICE,
        _ => (u64::from(price) * 100 / u64::from(reference)).min(u64::from(MAX_PRICE)) as u32,
    }
}

/// A share of a reference price, from nothing to three times it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Share {
    /// Nothing: a gift.
    Nothing,
    /// A quarter.
    Quarter,
    /// A half.
    Half,
    /// Three quarters.
    ThreeQuarters,
    /// The reference price itself.
    #[default]
    Par,
    /// One and a quarter times.
    OneAndQuarter,
    /// One and a half times.
    OneAndHalf,
    /// Twice.
    Double,
    /// Three times.
    Triple,
}

impl Share {
    /// Every share, cheapest first.
    pub const ALL: [Share; 9] = [
        Share::Nothing,
        Share::Quarter,
        Share::Half,
        Share::ThreeQuarters,
        Share::Par,
        Share::OneAndQuarter,
        Share::OneAndHalf,
        Share::Double,
        Share::Triple,
    ];

    /// The shares a deed trade may name (its cash side against the deed's value): a coarser
    /// menu, because a trade's list already runs over every deed and both directions.
    pub const TRADE: [Share; 5] = [
        Share::Nothing,
        Share::Half,
        Share::Par,
        Share::OneAndHalf,
        Share::Double,
    ];

    /// The share in percent.
    pub fn percent(self) -> u32 {
        match self {
            Share::Nothing => 0,
            Share::Quarter => 25,
            Share::Half => 50,
            Share::ThreeQuarters => 75,
            Share::Par => 100,
            Share::OneAndQuarter => 125,
            Share::OneAndHalf => 150,
            Share::Double => 200,
            Share::Triple => 300,
        }
    }

    /// The share of `reference` in whole dollars, rounded down.
    pub fn of(self, reference: u32) -> u32 {
        reference * self.percent() / 100
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.percent())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_scale_the_reference_and_round_down() {
        assert_eq!(Share::Nothing.of(300), 0);
        assert_eq!(Share::Half.of(75), 37);
        assert_eq!(Share::OneAndHalf.of(200), 300);
        assert_eq!(Share::Triple.of(25), 75);
        assert_eq!(Share::Quarter.to_string(), "25%");
    }

    #[test]
    fn the_prices_listed_are_each_share_and_the_special_ones_once_cheapest_first() {
        let listed = |reference, shares: &[Share], special: &[u32]| {
            Prices::new(reference, shares, special)
                .iter()
                .collect::<Vec<_>>()
        };
        assert_eq!(listed(2, &Share::ALL, &[]), [0, 1, 2, 3, 4, 6]);
        assert_eq!(
            listed(100, &Share::TRADE, &[75, 100]),
            [0, 50, 75, 100, 150, 200]
        );
        assert_eq!(
            listed(100, &Share::TRADE, &[MAX_PRICE + 1]),
            [0, 50, 100, 150, 200]
        );
        assert_eq!(
            listed(MAX_PRICE, &Share::ALL, &[]),
            [0, 250_000, 500_000, 750_000, MAX_PRICE]
        );
    }

    #[test]
    fn a_price_as_a_percentage_of_its_reference() {
        assert_eq!(percent_of(40, 2), 2000);
        assert_eq!(percent_of(37, 75), 49);
        assert_eq!(percent_of(0, 0), 100);
        assert_eq!(percent_of(5, 0), MAX_PRICE);
    }

    #[test]
    fn the_trade_menu_is_part_of_the_full_menu_in_order() {
        let mut last = None;
        for s in Share::TRADE {
            assert!(Share::ALL.contains(&s));
            assert!(last < Some(s));
            last = Some(s);
        }
    }
}
