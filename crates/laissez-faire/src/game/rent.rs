//! Rents and rooms: the bank's rent table for a property (monopoly column when the bank
//! owns the whole city), the reference rent that lodging rights are capped by (and the
//! reference fare or fee of price caps), who else lodges at a space, and the rooms of a city
//! open to a player.
//!
//! The prices bargained over are in [`crate::bargain`]; this is the table they start from.

use gameshelf_engine::Seat;

use crate::bargain::Price;
use crate::board::SpaceKind;
use crate::game::{LaissezFaire, spaces_in};
use crate::state::{BANK, State, Status};

/// The average total of two dice, the roll a utility's reference fee is reckoned on.
const AVERAGE_ROLL: u32 = 7;

impl LaissezFaire {
    /// Whether the bank owns every deed of city `city` (B-03).
    pub fn bank_monopoly(&self, s: &State, city: u8) -> bool {
        let props = self.board.cities[city as usize].properties;
        self.owned(s, BANK, props) == props.count_ones()
    }

    /// Tokens other than `seat`'s lodged at `space`.
    pub fn occupants(&self, s: &State, space: u8, seat: Seat) -> u8 {
        s.players[..self.cfg.players]
            .iter()
            .enumerate()
            .filter(|&(i, p)| {
                i != seat && p.status == Status::Playing && !p.jailed && p.pos == space
            })
            .count() as u8
    }

    /// The bank rent of a property at its current level (monopoly column when the bank owns
    /// the whole city), whoever owns it.
    pub fn bank_rent(&self, s: &State, space: u8) -> u32 {
        let SpaceKind::Property { city, rent } = self.board.spaces[space as usize].kind else {
            return 0;
        };
        let column = usize::from(self.bank_monopoly(s, city));
        rent[column][s.lots.0[space as usize].level as usize]
    }

    /// The reference rent of a property for lodging rights: its no-monopoly rent at its
    /// buildings now; `None` for a space that is not a property.
    pub fn reference_rent(&self, s: &State, space: u8) -> Option<u32> {
        match self.board.spaces.get(space as usize)?.kind {
            SpaceKind::Property { rent, .. } => {
                Some(rent[0][s.lots.0[space as usize].level as usize])
            }
            _ => None,
        }
    }

    /// The reference price of a transit company or utility for price caps: the fare, or the
    /// fee on an average roll of seven, for the companies of its kind its owner holds; `None`
    /// for a space that is neither.
    pub fn reference_service_price(&self, s: &State, space: u8) -> Option<u32> {
        let owner = s.lots.0.get(space as usize)?.owner;
        let count = |kind: u64| self.owned(s, owner, kind).max(1) as usize - 1;
        match self.board.spaces[space as usize].kind {
            SpaceKind::Transit { fares, .. } => Some(fares[count(self.board.transits)]),
            SpaceKind::Utility { multipliers, .. } => {
                Some(AVERAGE_ROLL * multipliers[count(self.board.utilities)])
            }
            _ => None,
        }
    }

    /// The rooms of `city` open to `seat`, with their prices.
    pub fn rooms<'a>(
        &'a self,
        s: &'a State,
        seat: Seat,
        city: u8,
    ) -> impl Iterator<Item = (u8, Price)> + 'a {
        spaces_in(self.board.cities[city as usize].properties)
            .filter_map(move |i| Some((i, self.room_price(s, seat, i)?)))
    }
}
