//! Prices as shares of a reference price.
//!
//! Every price two players agree on (a room, a fare, a utility fee, the cash side of a deed
//! trade) is a [`Share`] of a reference the board gives: the bank's rent, fare or fee table,
//! or a deed's value. A menu of shares keeps the moves a short list of small `Copy` values
//! that a bot can enumerate and a record can hold, while still letting a player charge
//! anything from nothing to three times the reference (the rulings' "any price", B-07, B-08,
//! in steps of a quarter).

use std::fmt;

use serde::{Deserialize, Serialize};

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

    /// The dearest share whose price for `reference` is at most `limit` ([`Share::Nothing`]
    /// when every other share is dearer).
    pub fn at_most(reference: u32, limit: u32) -> Share {
        Share::ALL
            .into_iter()
            .rev()
            .find(|s| s.of(reference) <= limit)
            .unwrap_or(Share::Nothing)
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
    fn the_dearest_share_under_a_limit() {
        assert_eq!(Share::at_most(100, 160), Share::OneAndHalf);
        assert_eq!(Share::at_most(100, 1000), Share::Triple);
        assert_eq!(Share::at_most(100, 10), Share::Nothing);
        assert_eq!(Share::at_most(0, 0), Share::Triple);
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
