//! The jail and the Oubliette: the booking fee, the dollars a player would bring back
//! from the Open Oubliette jail, going to jail, and the start of a jailed player's turn.
//!
//! Separate because the jail is its own corner of the rules (B3 J), with an optional embedded
//! game of its own (`jail=oubliette`).

use gameshelf_engine::{Game, Seat};

use crate::game::LaissezFaire;
use crate::state::{Phase, State};

impl LaissezFaire {
    /// The booking fee for `seat` now (B3 J): `H + t·H/10`, H the jail side's house price,
    /// t the jail turn.
    pub fn jail_fee(&self, s: &State, seat: Seat) -> u32 {
        let p = &s.players[seat];
        let h = self.board.house_prices[p.jail_side as usize];
        h + u32::from(p.jail_turns) * h / 10
    }

    /// `jail=oubliette`: the dollars `seat` would bring back from the Oubliette now.
    pub fn jail_dollars(&self, s: &State, seat: Seat) -> u32 {
        match (&self.jail, &s.cells[seat]) {
            (Some(og), Some(cell)) => og.jail_dollars(cell, 0),
            _ => 0,
        }
    }

    pub(crate) fn send_to_jail(&self, s: &mut State, seat: usize, side: u8) {
        let p = &mut s.players[seat];
        p.jailed = true;
        p.jail_turns = 0;
        p.jail_side = side;
        p.pos = self.board.jail;
        p.last_rent = 0;
        if let Some(og) = &self.jail {
            s.cells[seat] = Some(og.initial_state());
        }
    }

    pub(crate) fn begin_jail_turn(&self, s: &mut State) {
        let seat = s.current as usize;
        match (&self.jail, &s.cells[seat]) {
            (Some(og), Some(cell)) if !og.is_terminal(cell) => {
                s.cell_mark = og.turns(cell);
                s.phase = Phase::Oubliette;
            }
            _ => s.phase = Phase::JailFee,
        }
    }
}
