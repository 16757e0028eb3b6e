//! Transposition keys: a 64-bit fingerprint of what in a state can still change the
//! outcome, so that states the rules treat alike share one entry.
//!
//! Left out or put in a canonical form, each for a reason that holds under every rule
//! variant:
//!
//! * the turn counter (the table stores the fewest turns a state was lost at instead);
//! * the records of a finished fight, a finished Map combo, a used item's origin and a
//!   closed window's action count, which the rules reset before they read them again;
//! * the "room placed this turn" flag, read only by `search_frequency=per_room`;
//! * the order of the four slots, when no pending Advantage, Grave Dig or Hourglass names
//!   one: the rules treat the slots alike, so permuted slots are the same position;
//! * the graveyard's order, once nothing can read it again: only Grave Inventory (an
//!   equipped jack) and `hourglass_pick=top3` do, and a locked Equipped slot rules out the
//!   first, a closed graveyard ([`Supply::Closed`]) both.

use std::hash::{Hash, Hasher};

use crate::card::NO_CARD;
use crate::game::OublietteSolitaire;
use crate::state::{Phase, State};

use super::bounds::Supply;

/// A fast multiply-rotate hasher for fingerprints and for the table's own buckets; the
/// fingerprints are already well mixed, so hashing them again costs one multiply.
#[derive(Default)]
pub(super) struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        // A final avalanche so that small differences reach every bit.
        let mut z = self.0;
        z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The phase a state resolves: an Advantage's interrupted one while it is under way.
fn resolving(s: &State) -> Phase {
    match s.phase {
        Phase::AdvantageDraw(_) | Phase::AdvantageKeep => s.advantage.resume,
        p => p,
    }
}

/// The transposition key of a state (see the module docs), with `salt` for what the search
/// adds to it. Written field by field, without copying the state: the search computes one
/// per node.
pub(super) fn fingerprint(game: &OublietteSolitaire, s: &State, salt: u64) -> u64 {
    // Every field named, so that a new one cannot be forgotten here.
    let State {
        slots,
        equipped,
        locked,
        path,
        deck,
        bottom,
        grave,
        curse_area,
        removed,
        curses,
        sideways,
        drawn,
        phase,
        window_left,
        fight,
        advantage,
        combo,
        item,
        item_from,
        placed,
        shuffles,
        dealt,
        turns: _,
    } = s;
    let resolves = resolving(s);
    let mut h = Mix::default();
    let names_a_slot = *item != NO_CARD
        || matches!(
            phase,
            Phase::AdvantageDraw(_) | Phase::AdvantageKeep | Phase::GraveDigPick(_)
        );
    let mut each = slots.map(|slot| {
        let mut g = Mix::default();
        slot.hash(&mut g);
        g.finish()
    });
    if !names_a_slot {
        each.sort_unstable();
    }
    each.hash(&mut h);
    (equipped, locked, path, deck.bits(), bottom).hash(&mut h);
    let grave_read = !*locked || game.config().hourglass_top3;
    if grave_read && Supply::of(s) == Supply::Open {
        grave.hash(&mut h);
    } else {
        grave.set().bits().hash(&mut h);
    }
    (
        curse_area.bits(),
        removed.bits(),
        curses,
        sideways.bits(),
        drawn,
    )
        .hash(&mut h);
    phase.hash(&mut h);
    let window_open = matches!(
        resolves,
        Phase::Window
            | Phase::MapCombo
            | Phase::GraveDigPick(_)
            | Phase::HourglassPick(_)
            | Phase::Restock(_)
            | Phase::RestockPlace(_)
    );
    h.write_u8(if window_open { *window_left } else { 0 });
    if resolves == Phase::Creature {
        fight.hash(&mut h);
    }
    advantage.hash(&mut h);
    if resolves == Phase::MapCombo {
        combo.hash(&mut h);
    }
    (item, if *item == NO_CARD { 0 } else { *item_from }).hash(&mut h);
    h.write_u8(u8::from(*placed && game.config().search_per_room));
    (shuffles, dealt, salt).hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, card};
    use crate::state::Slot;
    use gameshelf_engine::Game;

    fn slot(cards: &[Card]) -> Slot {
        let mut s = Slot::default();
        for &c in cards {
            s.push(c);
        }
        s
    }

    #[test]
    fn turns_stale_records_and_slot_order_do_not_count_and_the_rest_does() {
        let game = OublietteSolitaire::default();
        let mut a = game.initial_state();
        a.phase = Phase::BeforeDraw;
        a.slots[0] = slot(&[card(0, 5)]);
        a.slots[2] = slot(&[card(1, 9), card(1, 10)]);
        let mut b = a;
        b.turns += 3;
        b.fight.paid = 7;
        b.window_left = 1;
        b.slots.swap(0, 3);
        b.slots.swap(1, 2);
        assert_eq!(fingerprint(&game, &a, 0), fingerprint(&game, &b, 0));
        assert_ne!(fingerprint(&game, &a, 0), fingerprint(&game, &a, 1));
        b.curses = 1;
        assert_ne!(fingerprint(&game, &a, 0), fingerprint(&game, &b, 0));
        // In a fight, what was paid counts.
        let mut c = a;
        c.phase = Phase::Creature;
        let mut d = c;
        d.fight.paid = 7;
        assert_ne!(fingerprint(&game, &c, 0), fingerprint(&game, &d, 0));
    }

    #[test]
    fn the_graveyard_s_order_counts_only_while_grave_inventory_may_read_it() {
        let game = OublietteSolitaire::default();
        let mut a = game.initial_state();
        a.phase = Phase::BeforeDraw;
        // A jack in hand: a Grave Dig or Grave Inventory may yet read the graveyard.
        a.slots[0] = slot(&[card(0, JACK_RANK)]);
        a.deck = gameshelf_engine::CardSet::EMPTY;
        let mut b = a;
        a.grave.push(card(0, 2));
        a.grave.push(card(0, 3));
        b.grave.push(card(0, 3));
        b.grave.push(card(0, 2));
        assert_ne!(fingerprint(&game, &a, 0), fingerprint(&game, &b, 0));
        // Locked Equipped slot: Grave Inventory can never be equipped again.
        a.locked = true;
        b.locked = true;
        assert_eq!(fingerprint(&game, &a, 0), fingerprint(&game, &b, 0));
    }

    const JACK_RANK: u8 = crate::card::JACK;
}
