//! The owners' standing offers of one lodging: the prices player owners have named for a
//! room (or, asked, for the fare) while a player looks for lodging, each the state of a
//! lodging thread between the lodger and one owner (ruling B-05: "any owner of a candidate
//! property may offer, and the lodger may ask or counter").
//!
//! An offer stands until the lodger takes it, counters it, or refuses it, or until the
//! lodging ends: a lodging ACCEPT closes the lodger's other lodging and transit threads (B7),
//! and so does the park bench or a ride to the other city, whose rooms are another
//! lodging. The same holds for the third parties' offers to pay for the lodger ([`Cover`]).

use serde::{Deserialize, Serialize};

use crate::bargain::Service;
use crate::config::MAX_PLAYERS;

/// Offers that can stand in one lodging: one per street property of a city (at most seven
/// on a valid board) and the side's transit company.
pub const MAX_QUOTES: usize = 8;

/// An owner's standing offer in the current lodging.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quote {
    /// What is offered: a room, or the fare to the other city.
    pub service: Service,
    /// The owner.
    pub provider: u8,
    /// His price in dollars.
    pub ask: u32,
    /// The lodger's last counter-offer in dollars, if any.
    pub bid: Option<u32>,
    /// Counter-offers made in this thread so far, both sides together.
    pub counters: u8,
}

/// The standing offers of the current lodging, at most one per space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quotes(pub [Option<Quote>; MAX_QUOTES]);

impl Quotes {
    /// The offer standing for `space`, if any.
    pub fn get(&self, space: u8) -> Option<&Quote> {
        self.iter().find(|q| q.service.space() == space)
    }

    /// Every standing offer, in the order they were made.
    pub fn iter(&self) -> impl Iterator<Item = &Quote> {
        self.0.iter().flatten()
    }

    /// Whether no offer stands.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }

    /// Records `q`, replacing the offer standing for its space; `false` (nothing changed)
    /// when there is no room for it.
    pub fn set(&mut self, q: Quote) -> bool {
        let space = q.service.space();
        let slot = match self
            .0
            .iter()
            .position(|s| s.is_some_and(|o| o.service.space() == space))
        {
            Some(i) => Some(i),
            None => self.0.iter().position(Option::is_none),
        };
        match slot {
            Some(i) => {
                self.0[i] = Some(q);
                true
            }
            None => false,
        }
    }

    /// Takes the offer standing for `space` off the table, keeping the others in order.
    pub fn remove(&mut self, space: u8) -> Option<Quote> {
        let i = self
            .0
            .iter()
            .position(|s| s.is_some_and(|o| o.service.space() == space))?;
        let q = self.0[i].take();
        self.0[i..].rotate_left(1);
        q
    }

    /// Closes every standing offer: the lodging is over.
    pub fn clear(&mut self) {
        *self = Quotes::default();
    }
}

/// A third party's standing offer, in the current lodging, to pay part or all of the
/// lodger's price for one room or the fare (the readings let third parties join a bargain
/// "as payers").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cover {
    /// The room's property, or the transit company whose fare it is.
    pub space: u8,
    /// The most the payer pays, in dollars: the whole price if it is less.
    pub sum: u32,
}

impl Cover {
    /// What the payer pays of `price`.
    pub fn part(self, price: u32) -> u32 {
        self.sum.min(price)
    }
}

/// The payers' standing offers of the current lodging, one per payer (each third party
/// makes one offer or passes, and may raise it once), indexed by his seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Covers(pub [Option<Cover>; MAX_PLAYERS]);

impl Covers {
    /// The offer standing from `payer`, if any.
    pub fn get(&self, payer: u8) -> Option<Cover> {
        self.0.get(usize::from(payer)).copied().flatten()
    }

    /// Every standing offer with its payer, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (u8, Cover)> + '_ {
        (0u8..)
            .zip(&self.0)
            .filter_map(|(payer, c)| c.map(|c| (payer, c)))
    }

    /// Closes every standing offer: the lodging is over.
    pub fn clear(&mut self) {
        *self = Covers::default();
    }
}
