//! Actions: chance outcomes and player decisions in one small `Copy` enum.

use std::fmt;

use gameshelf_engine::dice::DicePair;
use gameshelf_open_oubliette::Action as OublietteAction;
use serde::{Deserialize, Serialize};

use crate::contract::Term;
use crate::trade::Cash;

/// An owner's posted price for a room, a fare or a utility fee, relative to the reference
/// price (the bank rent table without the bank's monopoly, the fare or utility table by the
/// number the owner holds). This menu is the first part's stand-in for "mutual consent with a
/// property owner" (see the rules doc, "First-part simplifications").
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Ask {
    /// The owner refuses (visitors cannot use it; a stay is still allowed at its ceiling).
    Refuse,
    /// Half the reference price.
    Half,
    /// The reference price (the default for a newly bought deed).
    #[default]
    Par,
    /// One and a half times the reference price.
    OneAndHalf,
    /// Twice the reference price.
    Double,
}

impl Ask {
    /// Every posted price, in order.
    pub const ALL: [Ask; 5] = [
        Ask::Refuse,
        Ask::Half,
        Ask::Par,
        Ask::OneAndHalf,
        Ask::Double,
    ];

    /// The price asked for a reference price, or `None` for a refusal (rounded down).
    pub fn apply(self, reference: u32) -> Option<u32> {
        let percent = match self {
            Ask::Refuse => return None,
            Ask::Half => 50,
            Ask::Par => 100,
            Ask::OneAndHalf => 150,
            Ask::Double => 200,
        };
        Some(reference * percent / 100)
    }
}

impl fmt::Display for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ask::Refuse => "refuse",
            Ask::Half => "50%",
            Ask::Par => "100%",
            Ask::OneAndHalf => "150%",
            Ask::Double => "200%",
        })
    }
}

/// A chance outcome or a player decision. The variant order is the sort order of legal-action
/// and chance-outcome lists; space payloads are board indices, city payloads city indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    // ---- chance ------------------------------------------------------------------------
    /// Setup: the seat that moves first (B1's roll-off, equivalent to a uniform draw).
    First(u8),
    /// A movement roll (unordered pair: doubles matter).
    Roll(DicePair),
    /// A chance outcome or decision of the Open Oubliette jail (`jail=oubliette`).
    Oubliette(OublietteAction),
    // ---- the turn's management window ---------------------------------------------------
    /// Buy a house (the third on a property makes an apartment) on an own property.
    Build(u8),
    /// Post a new price on an own deed (at most once per deed per turn).
    Price(u8, Ask),
    /// Open a trade thread (`trading=on`): to seat, deed (held by either party; it goes to
    /// the other), cash the other party pays the giver, relative to the deed's value.
    Offer(u8, u8, Cash),
    /// Open a contract thread (`contracts=on`): to seat, the proposed terms.
    Propose(u8, Term),
    /// Objective 1: declare a net worth of at least the threshold; the final lap begins.
    DeclareRace,
    /// Objective 3: declare a stalemate after the quiet rounds.
    DeclareStalemate,
    /// Close the window: roll, or face the jail decision.
    Go,
    // ---- a trade thread (the seat with the floor) ------------------------------------------
    /// Accept the standing terms: the trade executes if it is still legal.
    Accept,
    /// Counter with new cash terms (same deed, same direction); the roles swap.
    Counter(Cash),
    /// Refuse the standing terms: the thread closes.
    Refuse,
    /// Ask for time: the floor goes back to the author (one exchange of the deadline).
    Hold,
    /// The author withdraws his terms after a request for time: the thread closes.
    Withdraw,
    /// The author lets his terms stand after a request for time.
    Insist,
    // ---- jail ----------------------------------------------------------------------------
    /// Pay the booking fee and leave jail.
    PayFee,
    /// Do not pay this turn.
    Wait,
    // ---- after the roll ------------------------------------------------------------------
    /// Stay in the housed property (pay rent and the forward utility; no move).
    Stay,
    /// Move by the roll.
    Move,
    /// Buy the deed landed on.
    Buy,
    /// Leave the deed with the bank.
    Decline,
    /// After landing on a transit company: lodge in this city.
    City(u8),
    /// Rent a room in this property.
    Lodge(u8),
    /// Pay the fare and lodge in the side's other city.
    Ride,
    /// Sleep on the park bench (and go to jail).
    Bench,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::First(s) => write!(f, "first player {}", s + 1),
            Action::Roll(d) => write!(f, "roll {}+{}", d.low, d.high),
            Action::Oubliette(a) => write!(f, "oubliette: {a}"),
            Action::Build(s) => write!(f, "build on {s}"),
            Action::Price(s, a) => write!(f, "price {s} at {a}"),
            Action::DeclareRace => f.write_str("declare the race"),
            Action::DeclareStalemate => f.write_str("declare a stalemate"),
            Action::Offer(to, d, c) => write!(f, "offer seat {} deed {d} for {c}", to + 1),
            Action::Propose(to, t) => write!(f, "propose to seat {}: {t}", to + 1),
            Action::Go => f.write_str("go"),
            Action::Accept => f.write_str("accept"),
            Action::Counter(c) => write!(f, "counter at {c}"),
            Action::Refuse => f.write_str("refuse"),
            Action::Hold => f.write_str("ask for time"),
            Action::Withdraw => f.write_str("withdraw"),
            Action::Insist => f.write_str("let the offer stand"),
            Action::PayFee => f.write_str("pay the jail fee"),
            Action::Wait => f.write_str("wait in jail"),
            Action::Stay => f.write_str("stay"),
            Action::Move => f.write_str("move"),
            Action::Buy => f.write_str("buy"),
            Action::Decline => f.write_str("decline"),
            Action::City(c) => write!(f, "go to city {c}"),
            Action::Lodge(s) => write!(f, "lodge at {s}"),
            Action::Ride => f.write_str("ride"),
            Action::Bench => f.write_str("park bench"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_small() {
        assert!(
            std::mem::size_of::<Action>() <= 6,
            "{}",
            std::mem::size_of::<Action>()
        );
    }

    #[test]
    fn asks_scale_the_reference() {
        assert_eq!(Ask::Refuse.apply(10), None);
        assert_eq!(Ask::Half.apply(25), Some(12));
        assert_eq!(Ask::Double.apply(25), Some(50));
    }
}
