//! What the player sees: everything but the deck's contents and the face-down slot cards.

use gameshelf_engine::CardSet;
use serde::Serialize;

use crate::card::NO_CARD;
use crate::state::State;

/// The player's view of a state.
///
/// It is the state with the hidden parts taken out: each face-down slot card is replaced by
/// [`NO_CARD`], and `table.deck` holds every *unseen* card (the deck and the face-down
/// cards together), which the player can work out by elimination anyway. The cards the
/// player put under the deck (`table.bottom`) stay in view. The deck's own size, those
/// cards included, is `deck_count`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The state with face-down cards masked and `deck` replaced by the unseen cards.
    pub table: State,
    /// Cards left in the deck.
    pub deck_count: u8,
}

impl Observation {
    /// The view of `state`.
    pub fn of(state: &State) -> Self {
        let mut table = *state;
        let mut unseen = state.deck;
        for slot in &mut table.slots {
            let down = slot.down.min(slot.len) as usize;
            for c in &mut slot.cards[..down] {
                unseen.insert(*c);
                *c = NO_CARD;
            }
        }
        table.deck = unseen;
        Observation {
            table,
            deck_count: state.deck_len() as u8,
        }
    }

    /// The cards the player has not seen.
    pub fn unseen(&self) -> CardSet {
        self.table.deck
    }
}
