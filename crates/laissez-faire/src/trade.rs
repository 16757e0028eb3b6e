//! Trade threads: the negotiation protocol between players (ruling B7), in its first slice.
//!
//! A thread is opened by the player whose turn it is, in his management window, or by another
//! player on the open floor after that window ([`crate::Phase::Floor`]), and names one deed
//! held by him or by the other party; the deed goes from its holder (the *giver*) to the
//! other party, and cash (any whole number of dollars) goes the other way.
//! The party who answers a standing offer may accept it, refuse it, counter it (new cash terms
//! with the roles swapped) or ask for time; after a request for time the author may withdraw
//! his offer or let it stand. Every message is an exchange; a thread that reaches
//! [`MAX_EXCHANGES`] without an answer lapses, which counts as a refusal (silence means
//! refusal). Acceptance executes atomically: legality is checked again and a trade that is no
//! longer legal fails with nothing changed.

use serde::{Deserialize, Serialize};

use crate::contract::Term;
use crate::deal::Deal;

/// The most threads the player whose turn it is may open in his windows per turn (extra
/// roll-turns included), the bound of `window_threads`: the readings' limit of open offers
/// per player. On the open floor each other player has `floor_threads` instead.
pub const MAX_WINDOW_THREADS: u8 = 10;

/// Counter-offers per thread, both sides together: the rulings' limit, the same as a
/// lodging bargain's ([`crate::bargain::MAX_COUNTERS`]). Deals ([`crate::deal`]) share it.
pub const MAX_COUNTERS: u8 = crate::bargain::MAX_COUNTERS;

/// Messages per thread, the opening offer included: the deadline. A thread still open after
/// this many messages lapses as a refusal. Sized so that a thread that uses every counter
/// still ends by an answer rather than by silence: the opening, [`MAX_COUNTERS`] counters,
/// one request for time and the author's answer to it (or one setting aside), and the last
/// answer (accept or refuse).
pub const MAX_EXCHANGES: u8 = 1 + MAX_COUNTERS + 2 + 1;

/// An open trade thread: the standing terms and whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thread {
    /// The seat that made the standing terms.
    pub author: u8,
    /// The seat that answers them.
    pub answerer: u8,
    /// The seat that acts now: the answerer, or the author after a request for time.
    pub floor: u8,
    /// The deed traded.
    pub deed: u8,
    /// Its holder when the thread was opened; it goes to the other party.
    pub giver: u8,
    /// The cash the other party pays the giver, in dollars.
    pub amount: u32,
    /// Messages so far, the opening offer included.
    pub exchanges: u8,
    /// Counter-offers so far.
    pub counters: u8,
    /// A contract proposal ([`crate::contract`]): when set, the thread proposes this
    /// contract from the author's side, `amount` is the cash that changes hands at once, and
    /// `deed` and `giver` are unused. Contract threads take no counter-offers.
    pub contract: Option<Term>,
    /// A unanimous rule change ([`Term::Rule`]): the seats that have accepted so far (bit
    /// per seat); the thread passes to each other player still in the game in turn.
    pub agreed: u8,
}

impl Thread {
    /// The party that pays the cash and receives the deed.
    pub fn taker(&self) -> u8 {
        if self.giver == self.author {
            self.answerer
        } else {
            self.author
        }
    }
}

/// Threads the player whose window (or open floor) it is may keep set aside at once: as
/// many as he may open (he sets one aside only while he has another left to open, so
/// `window_threads` in his window, `floor_threads` on a floor).
pub const MAX_PARKED: usize = MAX_WINDOW_THREADS as usize;

/// A thread set aside ([`crate::Action::Park`]) by the player whose window or open floor it
/// is, while the floor in it is his: it stays open, its terms standing, until he takes it up
/// again ([`crate::Action::Resume`]) or his window or floor closes (then it lapses: silence
/// means refusal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Parked {
    /// A trade thread (a deed trade or a contract proposal).
    Trade(Thread),
    /// A deal: a package received, to answer.
    Deal(Deal),
}
