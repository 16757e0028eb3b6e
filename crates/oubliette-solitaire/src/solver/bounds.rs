//! Sound "cannot win from here" cuts.
//!
//! # Rooms against draws
//!
//! With one action per window and windows only after an Other card (the standard rules),
//! a turn adds at most one room, and only a turn whose draw is a number card can: a room
//! comes from placing the drawn needed card, or from the window that follows a drawn Other
//! card (a 2, 4, 10 or black 3, 5, 7, 9). A drawn 10 or 2 that starts the Path also opens a
//! window, so that one turn may add two rooms; counting an unstarted Path as one room
//! already laid keeps "at most one per turn" true (a Path emptied by an Obstacle under
//! `obstacle_is_setback=false` lost a room before it can gain two again). Every turn draws
//! its own card from the deck, so the rooms still to lay cannot exceed the number cards
//! left to draw, plus one if the current turn may still place a room.
//!
//! That holds only while the deck cannot grow, and only an Hourglass (three graveyard cards
//! into the deck) or a Chaos Time Shift (the whole graveyard) makes it grow. [`Supply`]
//! proves that neither can ever happen again, by closing over the cards that could ever be
//! in hand: no queen and no joker may ever reach a slot or Equipped, and no jack either
//! (a Grave Dig or Grave Inventory could bring back any card). A queen left in the deck
//! with no ace, no Searching 10 and no Chaos to pull it out is only ever drawn, as a
//! Creature. Then the graveyard is closed for good: nothing comes back out of it.
//!
//! # Room values against the cards left
//!
//! Under a closed graveyard, each room still to lay has a fixed value and needs a card of
//! that value from outside the graveyard (no Chaos can stand for it, and without an ace
//! to equip no Map combo either): a value whose four cards all lie in the graveyard or
//! on the Path cannot be laid.
//!
//! # An empty draw
//!
//! Even while the graveyard is open, the deck can grow only in a window, so when no window
//! is left this turn and no number card is left to draw (no later turn can open one), the
//! rooms still to lay must come from this turn alone.

use gameshelf_engine::CardSet;

use crate::card::{ACE, FIRST_JOKER, JACK, NO_CARD, QUEEN};
use crate::game::OublietteSolitaire;
use crate::state::{Dir, PATH_ROOMS, Phase, State};

/// The cards of one rank in all four suits.
const fn rank_bits(rank: u8) -> u64 {
    let mut bits = 0;
    let mut suit = 0;
    while suit < 4 {
        bits |= 1 << (suit * 13 + rank - 1);
        suit += 1;
    }
    bits
}

/// Every queen and joker: the cards that put graveyard cards back into the deck.
const RESHUFFLERS: u64 = rank_bits(QUEEN) | (0b111 << FIRST_JOKER);
/// Every jack: a Grave Dig (or Grave Inventory) brings any graveyard card into play.
const JACKS: u64 = rank_bits(JACK);
/// Every ace: an Advantage takes cards from the deck into a slot.
const ACES: u64 = rank_bits(ACE);
/// Every 10: equipped, Searching takes cards from the deck into a slot.
const TENS: u64 = rank_bits(10);
/// Every number card, 2 to 10: the only cards whose draw can bring a room.
const NUMBERS: u64 = {
    let mut bits = 0;
    let mut rank = 2;
    while rank <= 10 {
        bits |= rank_bits(rank);
        rank += 1;
    }
    bits
};

/// Where the deck's future cards can come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Supply {
    /// An Hourglass or a Time Shift may still put cards back into the deck.
    Open,
    /// The deck can only shrink: no card ever comes back out of the graveyard.
    Closed,
}

impl Supply {
    /// Whether the deck of `s` can still grow: whether a queen or a joker could ever be in
    /// hand (a slot, Equipped, a card being kept) to be used as an Hourglass or a Time
    /// Shift, or at the top of the graveyard under Grave Inventory.
    ///
    /// Cards come into hand from the deck only as drawn Other cards (number cards), by an
    /// Advantage (an ace in hand), by Searching (a 10 in hand or drawn, equipped while the
    /// slot is not locked) or by a Restock (a joker, itself a reshuffler); and from the
    /// graveyard only by a Grave Dig or Grave Inventory (a jack in hand), to which every
    /// card may yet go. Closing that over the cards in hand and in the deck gives every
    /// card that could ever be in hand while the deck does not grow; if no queen and no
    /// joker is among them, it never does.
    pub fn of(s: &State) -> Supply {
        let Cards { deck, mut hand } = Cards::of(s);
        hand |= deck & NUMBERS;
        loop {
            let before = hand;
            if hand & JACKS != 0 {
                return Supply::Open;
            }
            if hand & ACES != 0 || (!s.locked && hand & TENS != 0) {
                hand |= deck;
            }
            if hand & RESHUFFLERS != 0 {
                return Supply::Open;
            }
            if hand == before {
                return Supply::Closed;
            }
        }
    }
}

/// The cards that may yet be drawn or used, as bit masks.
struct Cards {
    /// The deck, the cards under it, and the cards an Hourglass under way may still pick
    /// (any of the graveyard's).
    deck: u64,
    /// The slots (face-down cards included), Equipped, and a card in hand being kept (an
    /// Advantage's, a Restock's or a searched card, a Grave Dig's jack).
    hand: u64,
}

impl Cards {
    fn of(s: &State) -> Cards {
        let mut deck = s.deck.union(s.bottom.set()).bits();
        let mut hand = s.slot_cards().bits();
        // An Hourglass under way: its queen goes to the graveyard, and the cards it picks,
        // any of the graveyard's, join the deck.
        let item = if matches!(s.phase, Phase::HourglassPick(_)) {
            deck |= s.grave.set().bits();
            NO_CARD
        } else {
            s.item
        };
        // A drawn card is kept only when Restock or Searching brought it; a drawn event
        // card goes to the graveyard.
        let kept = match resolving(s) {
            Phase::RestockPlace(_) | Phase::SearchStow => s.drawn,
            _ => NO_CARD,
        };
        let adv = &s.advantage;
        for &c in [s.equipped, kept, item]
            .iter()
            .chain(&adv.cards[..adv.len as usize])
        {
            if c != NO_CARD {
                hand |= 1 << c;
            }
        }
        Cards { deck, hand }
    }
}

/// The phase a state resolves: an Advantage's interrupted one while it is under way.
fn resolving(s: &State) -> Phase {
    match s.phase {
        Phase::AdvantageDraw(_) | Phase::AdvantageKeep => s.advantage.resume,
        p => p,
    }
}

/// Whether the current turn may still open or use a window: a drawn Other card to stow
/// before its window, the window itself, or a Map combo under way (the setup's start
/// counted too, to keep the claim simple).
fn window_this_turn(s: &State) -> bool {
    matches!(
        resolving(s),
        Phase::SetupStart | Phase::Stow | Phase::Window | Phase::MapCombo
    )
}

/// Whether the current turn may still lay a room: in its window, or by placing the drawn
/// needed card.
fn room_this_turn(s: &State) -> bool {
    window_this_turn(s) || resolving(s) == Phase::PathOffer
}

/// Whether `s` is provably lost: the rooms still to lay outnumber the turns that could lay
/// them (see the module docs). Only claimed under one action per window after Other cards
/// only; otherwise nothing is claimed.
pub fn hopeless(game: &OublietteSolitaire, s: &State) -> bool {
    let cfg = game.config();
    if cfg.window_after_every_draw || cfg.actions_per_window != 1 {
        return false;
    }
    if s.end().is_some() {
        return false;
    }
    let laid = usize::from(s.path.len) + usize::from(!s.path.is_set());
    let missing = PATH_ROOMS.saturating_sub(laid);
    let now = usize::from(room_this_turn(s));
    let picks = match s.phase {
        Phase::HourglassPick(n) => usize::from(n),
        _ => 0,
    };
    let draws = s
        .deck
        .union(s.bottom.set())
        .intersection(CardSet::from_bits(NUMBERS))
        .len()
        + picks;
    match Supply::of(s) {
        Supply::Closed => missing > draws + now || lacks_a_room_card(game, s),
        // No window is left this turn and no draw can open one: nothing can grow the deck.
        Supply::Open => draws == 0 && !window_this_turn(s) && missing > now,
    }
}

/// Under a closed graveyard ([`Supply::Closed`]): whether some room still to lay has no card
/// of its value left outside the graveyard and the Path. Each room of a started Path has a
/// fixed value (the `k`-th room going down is worth `11 - k`, going up `k + 1`) and, with
/// no Chaos (a joker) and no Map (an equipped ace) to stand for it, needs a number card of
/// that value, drawn or played from hand; a card in the graveyard never comes back. (Under
/// `obstacle_is_setback=false` an emptied Path may start again the other way: no claim.)
fn lacks_a_room_card(game: &OublietteSolitaire, s: &State) -> bool {
    if !s.path.is_set() || !game.config().obstacle_is_setback {
        return false;
    }
    let Cards { deck, hand } = Cards::of(s);
    let mut left = deck | hand | s.combo.cards.bits();
    if s.drawn != NO_CARD {
        left |= 1 << s.drawn;
    }
    if !s.locked && left & ACES != 0 {
        return false;
    }
    (usize::from(s.path.len)..PATH_ROOMS).any(|i| {
        let value = match s.path.dir {
            Dir::Up => 2 + i as u8,
            _ => 10 - i as u8,
        };
        left & rank_bits(value) == 0
    })
}
