//! Building: where a player may build a house or an apartment now, and whether the
//! building supply has one left (B-02, `building_supply`).
//!
//! Small, but a rule of its own that the management window and the bots both ask.

use gameshelf_engine::Seat;

use crate::board::{APARTMENT, SpaceKind};
use crate::game::LaissezFaire;
use crate::state::State;

impl LaissezFaire {
    /// The house price on an own property where `seat` may build now, if it may.
    pub fn can_build(&self, s: &State, seat: Seat, space: u8) -> Option<u32> {
        let lot = s.lots.0[space as usize];
        let h = self.board.house_price(space);
        let ok = matches!(
            self.board.spaces[space as usize].kind,
            SpaceKind::Property { .. }
        ) && lot.owner as usize == seat
            && lot.level < APARTMENT
            && s.players[seat].cash >= h
            && self.in_supply(s, lot.level + 1);
        ok.then_some(h)
    }

    /// Whether a building for `level` (1 or 2: a house; [`APARTMENT`]) is left in the
    /// supply (`building_supply`). An apartment replaces its lot's two houses, which go
    /// back to the supply.
    fn in_supply(&self, s: &State, level: u8) -> bool {
        let Some(supply) = self.cfg.building_supply else {
            return true;
        };
        let (mut houses, mut apartments) = (0, 0);
        for lot in &s.lots.0 {
            match lot.level {
                APARTMENT => apartments += 1,
                level => houses += u32::from(level),
            }
        }
        if level == APARTMENT {
            apartments < supply.apartments
        } else {
            houses < supply.houses
        }
    }
}
