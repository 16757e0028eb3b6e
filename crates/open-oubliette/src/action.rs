//! Actions: chance outcomes and player decisions in one small `Copy` enum.

use std::fmt;

use gameshelf_engine::dice::DicePair;
use serde::{Deserialize, Serialize};

/// The direction of a move around the board.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Dir {
    /// +1 per step: 0, 1, 2, ... (the normal direction).
    #[default]
    Forward,
    /// -1 per step: 0, 19, 18, ...
    Back,
}

impl Dir {
    /// +1 or -1.
    pub fn sign(self) -> i32 {
        match self {
            Dir::Forward => 1,
            Dir::Back => -1,
        }
    }
}

/// A chance outcome or a player decision.
///
/// The variant order is the sort order of legal-action and chance-outcome lists. Card
/// payloads are indices into the decks ([`crate::Decks`]); seat payloads are seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    // ---- chance ------------------------------------------------------------------------
    /// Setup: the turn order, as the index of a permutation of the seats in lexicographic
    /// order (`Order(0)` = seat order). Our ruling: equivalent to the README's 1d6 roll-off.
    Order(u16),
    /// The movement roll (unordered pair: doubles matter).
    Move(DicePair),
    /// A 2d6 total for a fight, player-vs-player or Ambush roll.
    Roll(u8),
    /// One die (Secret, Trap, Dragon Hoard reward).
    Die(u8),
    /// The monster card drawn.
    DrawMonster(u8),
    /// The treasure card drawn.
    DrawTreasure(u8),
    /// The event card drawn.
    DrawEvent(u8),
    /// The wound card drawn.
    DrawWound(u8),
    /// The treasure card taken at random from a player's unused cards.
    Steal(u8),
    // ---- decisions ---------------------------------------------------------------------
    /// Jail mode with early release: leave the oubliette now (`true`) or take the Turn.
    LeaveJail(bool),
    /// The direction of a move that may go either way.
    Direction(Dir),
    /// At the Exit: take Recovery and/or Treasure (both `false`: go on with the turn).
    Exit {
        /// Return up to three wounds, chosen next ([`Action::ReturnWound`]).
        recover: bool,
        /// Cash in the unused treasure.
        cash: bool,
    },
    /// The Exit action Recovery: return this wound card to the wound pile.
    ReturnWound(u8),
    /// The Exit action Recovery: return no more wounds.
    RecoverDone,
    /// `cash_in_subset`: add this unused card to the cash-in.
    CashCard(u8),
    /// `cash_in_subset`: bank the cards chosen so far.
    CashDone,
    /// Attack the player in this seat.
    Attack(u8),
    /// Decline to attack.
    NoAttack,
    /// Use this unused weapon or armor card (it becomes equipped for good).
    Equip(u8),
    /// Play this kept event card (Shortcut, Healing Waters, Rage, Recovery!, Dodge, Revenge).
    Play(u8),
    /// Keep the event card just drawn.
    Keep,
    /// Use the event card just drawn now.
    UseNow,
    /// After doubles: take the extra turn (`true`) or not.
    ExtraTurn(bool),
    /// Close a window without playing anything (accept a roll, go on).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Order(i) => write!(f, "turn order #{i}"),
            Action::Move(p) => write!(f, "move roll {}+{}", p.low, p.high),
            Action::Roll(t) => write!(f, "roll {t}"),
            Action::Die(d) => write!(f, "die {d}"),
            Action::DrawMonster(c) => write!(f, "monster card {c}"),
            Action::DrawTreasure(c) => write!(f, "treasure card {c}"),
            Action::DrawEvent(c) => write!(f, "event card {c}"),
            Action::DrawWound(c) => write!(f, "wound card {c}"),
            Action::Steal(c) => write!(f, "takes treasure card {c}"),
            Action::LeaveJail(true) => f.write_str("leave the oubliette"),
            Action::LeaveJail(false) => f.write_str("stay in the oubliette"),
            Action::Direction(Dir::Forward) => f.write_str("go forward"),
            Action::Direction(Dir::Back) => f.write_str("go back"),
            Action::Exit {
                recover: false,
                cash: false,
            } => f.write_str("go on"),
            Action::Exit {
                recover: true,
                cash: false,
            } => f.write_str("exit: recovery"),
            Action::Exit {
                recover: false,
                cash: true,
            } => f.write_str("exit: cash in"),
            Action::Exit {
                recover: true,
                cash: true,
            } => f.write_str("exit: recovery and cash in"),
            Action::ReturnWound(c) => write!(f, "return wound card {c}"),
            Action::RecoverDone => f.write_str("return no more wounds"),
            Action::CashCard(c) => write!(f, "cash in treasure card {c}"),
            Action::CashDone => f.write_str("bank the chosen cards"),
            Action::Attack(s) => write!(f, "attack seat {s}"),
            Action::NoAttack => f.write_str("do not attack"),
            Action::Equip(c) => write!(f, "use treasure card {c}"),
            Action::Play(c) => write!(f, "play event card {c}"),
            Action::Keep => f.write_str("keep the card"),
            Action::UseNow => f.write_str("use the card now"),
            Action::ExtraTurn(true) => f.write_str("take the extra turn"),
            Action::ExtraTurn(false) => f.write_str("skip the extra turn"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_is_four_bytes() {
        assert_eq!(std::mem::size_of::<Action>(), 4);
    }

    #[test]
    fn order_follows_declaration() {
        assert!(Action::Roll(12) < Action::Die(1));
        assert!(Action::Equip(30) < Action::Play(0));
        assert!(
            Action::Exit {
                recover: false,
                cash: true
            } < Action::Exit {
                recover: true,
                cash: false
            }
        );
        assert!(Action::Play(31) < Action::Pass);
    }

    #[test]
    fn json_round_trip() {
        let a = Action::Move(DicePair::new(3, 5));
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
}
