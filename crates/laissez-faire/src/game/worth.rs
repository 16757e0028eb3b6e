//! Net worth and holdings: which deeds a player holds, what a deed is worth to its
//! holder's net worth (B-NW) and in trade terms, and every seat's net worth.
//!
//! Kept apart from the steps of play because it is read, not played: the race's threshold, the
//! end's standings, the bots and the tally all ask the same figures.

use gameshelf_engine::Seat;

use crate::config::MAX_PLAYERS;
use crate::game::{LaissezFaire, spaces_in};
use crate::state::State;

impl LaissezFaire {
    /// The deeds `owner` (a seat or [`BANK`](crate::state::BANK)) holds, as a bit mask over the spaces.
    pub fn holdings(&self, s: &State, owner: u8) -> u64 {
        s.lots
            .0
            .iter()
            .enumerate()
            .filter(|(_, lot)| lot.owner == owner)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// How many deeds in `mask` `owner` holds.
    pub fn owned(&self, s: &State, owner: u8, mask: u64) -> u32 {
        spaces_in(mask)
            .filter(|&i| s.lots.0[i as usize].owner == owner)
            .count() as u32
    }

    /// Net worth (B-NW): cash, each deed at its mortgage value (or price), half the house
    /// price per house payment (an apartment is 3 payments), plus what contracts owe the
    /// player (outstanding loan principal and arrears) minus what he owes under them.
    pub fn net_worth(&self, s: &State, seat: Seat) -> i64 {
        // One seat's share of `net_worths`, without the others' deeds: asked at every
        // decision in a race (may this player declare?), so kept to its own deeds.
        let Ok(me) = u8::try_from(seat) else { return 0 };
        let Some(p) = s.players.get(seat) else {
            return 0;
        };
        let owed: i64 = s
            .contracts
            .iter()
            .map(|c| {
                let owed = i64::from(c.owed());
                i64::from(c.payee == me) * owed - i64::from(c.payer == me) * owed
            })
            .sum();
        let deeds: i64 = s
            .lots
            .0
            .iter()
            .enumerate()
            .filter(|(_, lot)| lot.owner == me)
            .map(|(i, _)| i64::from(self.deed_worth(s, i as u8)))
            .sum();
        i64::from(p.cash) + owed + deeds
    }

    /// Every seat's [`Self::net_worth`], by seat (0 past the players), in one pass over the
    /// contracts and deeds: what it costs to know one seat's.
    pub fn net_worths(&self, s: &State) -> [i64; MAX_PLAYERS] {
        let mut nw = [0i64; MAX_PLAYERS];
        for (v, p) in nw.iter_mut().zip(&s.players) {
            *v = i64::from(p.cash);
        }
        let mut add = |seat: u8, amount: i64| {
            if let Some(v) = nw.get_mut(usize::from(seat)) {
                *v += amount;
            }
        };
        for c in s.contracts.iter() {
            add(c.payee, i64::from(c.owed()));
            add(c.payer, -i64::from(c.owed()));
        }
        for (i, lot) in s.lots.0.iter().enumerate() {
            if usize::from(lot.owner) < MAX_PLAYERS {
                add(lot.owner, i64::from(self.deed_worth(s, i as u8)));
            }
        }
        nw
    }

    /// What a deed and its buildings add to its holder's net worth (B-NW): its mortgage
    /// value (or price) plus half the house price per house payment.
    pub fn deed_worth(&self, s: &State, deed: u8) -> u32 {
        let space = &self.board.spaces[deed as usize];
        let value = if self.cfg.nw_at_price {
            space.price
        } else {
            space.mortgage
        };
        value + u32::from(s.lots.0[deed as usize].level) * self.board.house_price(deed) / 2
    }

    /// A deed's value for trade terms: its price plus the house price of each building
    /// payment on it (buildings go with the deed, B6 `TRANSFER_DEED`).
    pub fn deed_value(&self, s: &State, deed: u8) -> u32 {
        let level = u32::from(s.lots.0[deed as usize].level);
        self.board.spaces[deed as usize].price + level * self.board.house_price(deed)
    }
}
