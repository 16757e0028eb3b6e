//! Actions: the player's decisions and chance's cards, one small `Copy` enum.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Show};

/// Where a used card comes from, or where a card goes: slots `0..4`, then [`EQUIPPED`],
/// then [`GRAVE`] (the top of the graveyard: the Grave Inventory card as a source, the
/// graveyard itself as a destination).
pub type Place = u8;

/// The Equipped slot.
pub const EQUIPPED: Place = 4;
/// The graveyard (as a source: its top card, usable while Grave Inventory is equipped).
pub const GRAVE: Place = 5;

/// Names a place for players.
pub fn place_name(p: Place) -> String {
    match p {
        0..=3 => format!("slot {}", p + 1),
        EQUIPPED => "Equipped".to_owned(),
        _ => "graveyard".to_owned(),
    }
}

/// A move or chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the card that comes from the deck (dealt, drawn, flipped, discarded).
    Card(Card),
    /// Start the Path with the visible 10 or 2 at this place.
    Start(Place),
    /// Place the drawn needed card on the Path.
    Place,
    /// Put the drawn, flipped, restocked or searched card here (a slot, Equipped, or the
    /// graveyard).
    Stow(Place),
    /// Pay a Creature or a Trap with the card at this place.
    Pay(Place),
    /// Chaos Destroy: the Joker at this place defeats the Creature.
    Destroy(Place),
    /// Take the setback instead of paying (only when paying cannot win, or `may_concede`).
    Concede,
    /// A Rope removes one unpassed Chasm.
    Rope(Place),
    /// A Torch lights the Darkness.
    Torch(Place),
    /// Discard this visible card (Darkness, or the Gremlin's highest card).
    Discard(Place),
    /// Gremlin: keep this highest card and discard every other visible card.
    KeepOnly(Place),
    /// Ward: the king at this place stops the Gremlin.
    Ward(Place),
    /// Hourglass: cancel Lost, or in a window shuffle graveyard cards into the deck.
    Hourglass(Place),
    /// Choose this graveyard card (Hourglass, Grave Dig).
    Pick(Card),
    /// Play the card at this place to the Path.
    PlayPath(Place),
    /// Map combo: the top of this slot joins the combo (begun in a window, laid card by
    /// card; it makes one room once it reaches the needed value).
    Map(Place),
    /// Chaos Passage: the Joker at this place becomes the needed room.
    Passage(Place),
    /// Grave Dig with the jack at this place.
    GraveDig(Place),
    /// Chaos Time Shift: the whole graveyard into the deck.
    TimeShift(Place),
    /// Chaos Restock: refill the inventory from the deck.
    Restock(Place),
    /// Move a slot's top card into the empty Equipped slot (free).
    Equip(Place),
    /// Advantage: the ace at this place draws two cards, one to keep (free, any time).
    Advantage(Place),
    /// Keep this card of the Advantage's two.
    Keep(Card),
    /// Searching: flip the next card of the deck.
    Search,
    /// Decline, accept, or end the window.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = |x: &Place| place_name(*x);
        match self {
            Action::Card(c) => write!(f, "card {}", Show(*c)),
            Action::Start(x) => write!(f, "start the Path from {}", p(x)),
            Action::Place => f.write_str("place it on the Path"),
            Action::Stow(x) => write!(f, "put it in {}", p(x)),
            Action::Pay(x) => write!(f, "pay with {}", p(x)),
            Action::Destroy(x) => write!(f, "Chaos Destroy from {}", p(x)),
            Action::Concede => f.write_str("take the setback"),
            Action::Rope(x) => write!(f, "Rope from {}", p(x)),
            Action::Torch(x) => write!(f, "Torch from {}", p(x)),
            Action::Discard(x) => write!(f, "discard {}", p(x)),
            Action::KeepOnly(x) => write!(f, "keep {} and discard the rest", p(x)),
            Action::Ward(x) => write!(f, "Ward from {}", p(x)),
            Action::Hourglass(x) => write!(f, "Hourglass from {}", p(x)),
            Action::Pick(c) => write!(f, "pick {}", Show(*c)),
            Action::PlayPath(x) => write!(f, "play {} to the Path", p(x)),
            Action::Map(x) => write!(f, "Map combo: the top of {}", p(x)),
            Action::Passage(x) => write!(f, "Chaos Passage from {}", p(x)),
            Action::GraveDig(x) => write!(f, "Grave Dig from {}", p(x)),
            Action::TimeShift(x) => write!(f, "Chaos Time Shift from {}", p(x)),
            Action::Restock(x) => write!(f, "Chaos Restock from {}", p(x)),
            Action::Equip(x) => write!(f, "equip the top of {}", p(x)),
            Action::Advantage(x) => write!(f, "Advantage from {}", p(x)),
            Action::Keep(c) => write!(f, "keep {}", Show(*c)),
            Action::Search => f.write_str("search (flip a card)"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_two_bytes() {
        assert_eq!(std::mem::size_of::<Action>(), 2);
    }

    #[test]
    fn actions_round_trip_through_json() {
        for a in [Action::Card(53), Action::Map(3), Action::Pass] {
            let j = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&j).unwrap(), a);
        }
    }
}
