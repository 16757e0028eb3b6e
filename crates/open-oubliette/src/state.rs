//! The state of a match: a plain `Copy`-sized value with no heap allocation.
//!
//! Every pile and hand is a [`CardSet`]; per-seat data is an array of [`MAX_PLAYERS`]
//! entries. Fields are public so that renderers, bots (through observations) and tests can
//! read them; the rules only ever change them through [`crate::OpenOubliette`].

use gameshelf_engine::CardSet;
use serde::{Deserialize, Serialize};

use crate::action::Dir;
use crate::config::MAX_PLAYERS;

/// "No card" / "no seat" in the `u8` fields below.
pub const NONE: u8 = u8::MAX;
/// A card that exists but is hidden from the observer (in observations only).
pub const HIDDEN: u8 = u8::MAX - 1;

/// The number of spaces on the board.
pub const BOARD: u8 = 20;
/// The event corners.
pub const CORNERS: [u8; 3] = [5, 10, 15];

/// The spaces along each side of the square the ring is drawn as, corners included.
pub const RING_SIDE: u8 = 6;

/// Where a space sits on the square the ring is drawn as: `(column, row)` from `(0, 0)` at
/// the top left, where the Exit is, then clockwise, so that the event corners 5, 10 and 15
/// are the other three corners. Spaces past the ring wrap round it.
pub fn ring_cell(space: u8) -> (u8, u8) {
    let k = space % BOARD;
    match k {
        0..=5 => (k, 0),
        6..=10 => (5, k - 5),
        11..=15 => (15 - k, 5),
        _ => (0, 20 - k),
    }
}

/// Whether a space is an event corner.
pub fn is_corner(pos: u8) -> bool {
    CORNERS.contains(&pos)
}

/// One player's holdings and counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Board space, 0..20 (0 = Entrance/Exit).
    pub pos: u8,
    /// The direction of this player's moves when `direction_persists` is on.
    pub dir: Dir,
    /// Whether the player's direction choice is open (see `direction_choice`).
    pub exit_landed: bool,
    /// Treasure cards held, not yet used or cashed (hidden from the others).
    pub unused: CardSet,
    /// Weapons and armor that have been used: no longer treasure, public.
    pub equipped: CardSet,
    /// Cashed cards (public).
    pub banked: CardSet,
    /// Gold banked, Level Up bonus included (public).
    pub banked_value: u32,
    /// Wound cards (public).
    pub wounds: CardSet,
    /// Kept event cards (hidden from the others).
    pub kept: CardSet,
    /// Quest cards in play (public).
    pub quests: CardSet,
    /// Level Ups in force.
    pub level_ups: u8,
    /// Monster kinds beaten since the last Exit arrival (bit = index into the names).
    pub trip_kills: u64,
    /// Turns still to lose.
    pub lost_turns: u8,
    /// Extra turns still to take.
    pub extra_turns: u8,
    /// Cached W: the sum of the two highest wound modifiers.
    pub w: u8,
    /// Cached attack bonus from equipped weapons.
    pub atk: u8,
    /// Cached defense bonus from equipped armor.
    pub def: u8,
    /// Jail mode: Oubliette Turns still to take.
    pub jail_turns: u8,
    /// Jail mode: has left the oubliette (its cards are back in the decks).
    pub left: bool,
    /// Jail mode: the dollars brought back, fixed when leaving.
    pub dollars: u32,
}

/// Where the match stands: which decision or chance node is next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the turn order.
    #[default]
    Order,
    /// Decision (jail with early release): leave or take the Turn.
    LeaveJail,
    /// Decision: play a kept Shortcut or Healing Waters before rolling.
    PreWindow,
    /// Chance: the movement roll.
    MoveRoll,
    /// Decision: the direction of the move.
    Direction,
    /// Decision: the Exit actions.
    ExitChoice,
    /// Decision (the Exit action Recovery): return wound cards, one at a time, up to
    /// `turn.recover_left` more.
    RecoverPick,
    /// Decision (`cash_in_subset`): pick the cards to cash in.
    CashPick,
    /// Decision: attack a player on this space or not.
    PvpChoice,
    /// Chance: the monster card.
    DrawMonster,
    /// Chance: the event card (on an event corner).
    DrawEvent,
    /// Chance: a treasure card (`turn.draws_left` to go).
    DrawTreasure,
    /// Chance: a wound card for `turn.wound_to`.
    DrawWound,
    /// Chance: a card taken from `turn.steal_from`.
    Steal,
    /// Decision: before a roll of the current check (`check.acting` decides).
    CheckPre,
    /// Chance: a 2d6 roll of the current check.
    CheckRoll,
    /// Decision: after a roll, the losing side may change it (`check.acting` decides).
    CheckPost,
    /// Decision (after a monster's hit): play Revenge or not.
    Revenge,
    /// Chance: one die (`turn.die_for`).
    Die,
    /// Decision: keep the drawn event card or use it now.
    KeepChoice,
    /// Decision (end of turn): take the doubles extra turn or not.
    ExtraTurn,
    /// Decision: play a kept Shortcut or Healing Waters after the turn's events.
    PostWindow,
    /// The game is over.
    Over,
}

/// What a pending run of treasure draws is for (where play goes on afterwards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawFor {
    /// A Quest paid at the Exit.
    #[default]
    Quest,
    /// The reward for beating the monster card.
    MonsterWin,
    /// An event (Secret, Skeleton, Pin Cushion, Dragon Hoard).
    Event,
}

/// What a pending die roll is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DieFor {
    /// Secret: at least this face draws `count` cards.
    #[default]
    Secret,
    /// Trap.
    Trap,
    /// Dragon Hoard reward.
    Hoard,
}

/// What a pending run of random takes is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StealFor {
    /// The winner of a player fight takes from the loser.
    #[default]
    Pvp,
    /// Ambush (the cards leave the game).
    Ambush,
    /// Trap with `trap_treasure=random_unused`.
    Trap,
}

/// Where an Exit arrival came from, which says where play goes on if no action is taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExitFrom {
    /// A Shortcut played before the roll: roll next.
    Pre,
    /// The move landed on or passed the Exit: the landing goes on (player fight, monster).
    #[default]
    Move,
    /// A Shortcut used when drawn: the event is done.
    EventNow,
    /// A Shortcut played after the events: back to that window.
    Post,
}

/// The current turn's bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnCtx {
    /// This turn is an extra turn.
    pub is_extra: bool,
    /// The movement roll's total (0 before the roll).
    pub roll: u8,
    /// The movement roll was doubles (and still grants its extra turn).
    pub doubles: bool,
    /// The direction of this turn's move.
    pub move_dir: Dir,
    /// This move is a Spelunk roll-and-move: no landing effects.
    pub move_only: bool,
    /// Spelunk roll-and-moves still to take this turn.
    pub moves_pending: u8,
    /// The move passed the Exit without landing on it.
    pub passed_exit: bool,
    /// Where the current Exit arrival came from.
    pub exit_from: ExitFrom,
    /// An Exit action was taken: the turn is over.
    pub exit_taken: bool,
    /// Wounds the Exit action Recovery may still return.
    pub recover_left: u8,
    /// The cash-in chosen with Recovery, made once the wounds are returned.
    pub exit_cash: bool,
    /// Quests still to check at this Exit arrival.
    pub quest_cursor: CardSet,
    /// Treasure draws still to make.
    pub draws_left: u8,
    /// What they are for.
    pub draw_for: DrawFor,
    /// The treasure card won in this turn's monster fight (for a Trap), or NONE / HIDDEN.
    pub trap_card: u8,
    /// The monster card being fought (or the deck Dragon of a Hoard), or NONE.
    pub monster: u8,
    /// The event card being resolved, or NONE.
    pub event: u8,
    /// What the pending die is for.
    pub die_for: DieFor,
    /// Whose cards are being taken.
    pub steal_from: u8,
    /// Who gets them (NONE: they leave the game or go back to the pile).
    pub steal_to: u8,
    /// How many more.
    pub steals_left: u8,
    /// What for.
    pub steal_for: StealFor,
    /// Who draws the pending wound.
    pub wound_to: u8,
    /// `cash_in_subset`: the cards chosen so far (shown to all).
    pub cash_sel: CardSet,
}

impl Default for TurnCtx {
    fn default() -> Self {
        TurnCtx {
            is_extra: false,
            roll: 0,
            doubles: false,
            move_dir: Dir::Forward,
            move_only: false,
            moves_pending: 0,
            passed_exit: false,
            exit_from: ExitFrom::Move,
            exit_taken: false,
            recover_left: 0,
            exit_cash: false,
            quest_cursor: CardSet::EMPTY,
            draws_left: 0,
            draw_for: DrawFor::Quest,
            trap_card: NONE,
            monster: NONE,
            event: NONE,
            die_for: DieFor::Secret,
            steal_from: NONE,
            steal_to: NONE,
            steals_left: 0,
            steal_for: StealFor::Pvp,
            wound_to: NONE,
            cash_sel: CardSet::EMPTY,
        }
    }
}

/// The kind of fight in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FightKind {
    /// No fight.
    #[default]
    None,
    /// Against the monster card.
    Monster,
    /// Dragon Hoard (event 17).
    Hoard,
    /// Player against player.
    Pvp,
    /// Ambush (event 20).
    Ambush,
}

/// The fight in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// What kind.
    pub kind: FightKind,
    /// The monster's power (Monster, Hoard) or the cards at stake (Ambush).
    pub base: u8,
    /// The defender's seat in a player fight.
    pub opponent: u8,
    /// The winner's seat in a player fight (NONE: nobody).
    pub winner: u8,
    /// Rage bonus added to every attack roll of this fight, Revenge rounds included.
    pub att_bonus: u8,
    /// This round was started by Revenge.
    pub revenge_round: bool,
}

impl Default for Fight {
    fn default() -> Self {
        Fight {
            kind: FightKind::None,
            base: 0,
            opponent: NONE,
            winner: NONE,
            att_bonus: 0,
            revenge_round: false,
        }
    }
}

/// Which roll is being checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckKind {
    /// The player attacks the monster: `2d6 + atk (+ Rage) >= power + W + L`.
    #[default]
    MonsterAttack,
    /// The monster attacks: `2d6 + W >= 8 + def (+ Dodge)`.
    MonsterDefend,
    /// A player attacks a player: `2d6 + atk(att) + W(def) >= 8 + def(def) (+ Dodge) + W(att)`.
    PvpTarget,
    /// `pvp_model=opposed`: `2d6 + atk - W` for each side, higher wins, a tie is nobody.
    PvpOpposed,
    /// Event 20: `2d6 (+ W) > 8 + def (+ Dodge)`.
    Ambush,
}

/// One roll against a target, shared by monster fights, Dragon Hoard, player fights and
/// Ambush. The attacking side rolls; each side that is a player may change the result
/// while it is losing (weapons, Rage, Recovery!; armor, Dodge, Recovery!).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// Which formula.
    pub kind: CheckKind,
    /// The attacking side's seat (NONE: a monster or an unknown explorer).
    pub attacker: u8,
    /// The defending side's seat (NONE: a monster).
    pub defender: u8,
    /// The attacking side's 2d6 (0 before the roll).
    pub roll: u8,
    /// The defending side's own 2d6 (opposed rolls only).
    pub roll2: u8,
    /// Rolls still to make: bit 0 = `roll`, bit 1 = `roll2`.
    pub pending: u8,
    /// Dodge bonus added to the defense.
    pub def_bonus: u8,
    /// The seat deciding in a window.
    pub acting: u8,
    /// Pre-roll windows: 0 = attacker's side next, 1 = defender's, 2 = done.
    pub pre_side: u8,
    /// Opposed rolls, tie: the attacker has passed and the defender may act.
    pub tie_passed: bool,
}

impl Default for Check {
    fn default() -> Self {
        Check {
            kind: CheckKind::MonsterAttack,
            attacker: NONE,
            defender: NONE,
            roll: 0,
            roll2: 0,
            pending: 0,
            def_bonus: 0,
            acting: NONE,
            pre_side: 0,
            tie_passed: false,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndKind {
    /// Not over.
    #[default]
    None,
    /// Someone banked the threshold.
    Target,
    /// The treasure ran out; decided by banked value.
    TreasureExhausted,
    /// Decided by the second tie-break tier.
    TiebreakUnused,
    /// Decided by the third tie-break tier.
    TiebreakEquipped,
    /// Still tied: a shared win.
    Shared,
    /// `max_turns` reached.
    TurnLimit,
    /// Jail mode: every jailed player has left.
    JailServed,
}

impl EndKind {
    /// The label used by simulation reports.
    pub fn label(self) -> &'static str {
        match self {
            EndKind::None => "none",
            EndKind::Target => "target",
            EndKind::TreasureExhausted => "treasure-exhausted",
            EndKind::TiebreakUnused => "tiebreak-unused",
            EndKind::TiebreakEquipped => "tiebreak-equipped",
            EndKind::Shared => "shared",
            EndKind::TurnLimit => "turn-limit",
            EndKind::JailServed => "jail-served",
        }
    }
}

/// A match in progress.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct State {
    /// Per seat (only the first `players` entries are in play).
    pub players: [PlayerState; MAX_PLAYERS],
    /// The turn order: seats, first to last.
    pub order: [u8; MAX_PLAYERS],
    /// The current player's index in `order`.
    pub order_pos: u8,
    /// The seat whose turn it is.
    pub current: u8,
    /// What happens next.
    pub phase: Phase,
    /// Monster draw pile.
    pub monster_draw: CardSet,
    /// Monster discard pile.
    pub monster_discard: CardSet,
    /// Treasure draw pile (never refilled).
    pub treasure_draw: CardSet,
    /// Treasure cards that left the game (Trap, Ambush).
    pub treasure_removed: CardSet,
    /// Event draw pile.
    pub event_draw: CardSet,
    /// Event discard pile.
    pub event_discard: CardSet,
    /// Wound draw pile.
    pub wound_draw: CardSet,
    /// This turn's bookkeeping.
    pub turn: TurnCtx,
    /// The fight in progress.
    pub fight: Fight,
    /// The roll being checked.
    pub check: Check,
    /// Turns taken (extra and lost turns count).
    pub turns: u32,
    /// How many times something that ranks the seats has moved: a seat's banked gold or
    /// Level Ups, or a jailed player leaving (changes of hand or gear do not rank the seats:
    /// see [`gameshelf_engine::Game::standing`]). The standings can only change when it
    /// does, so simulations read the leader only then
    /// ([`gameshelf_engine::Game::standing_stamp`]).
    #[serde(default)]
    pub standing_moves: u32,
    /// The winners' seats as a bit mask (standalone, once over).
    pub winners: u8,
    /// How the game ended.
    pub end: EndKind,
}

impl State {
    /// The current player's state.
    pub fn me(&self) -> &PlayerState {
        &self.players[self.current as usize]
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Notes that something that ranks the seats has moved ([`State::standing_moves`]).
    #[inline]
    pub(crate) fn standings_moved(&mut self) {
        self.standing_moves = self.standing_moves.wrapping_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_goes_clockwise_round_the_square_with_the_corners_at_5_10_15() {
        assert_eq!(ring_cell(0), (0, 0));
        assert_eq!(ring_cell(5), (5, 0));
        assert_eq!(ring_cell(10), (5, 5));
        assert_eq!(ring_cell(15), (0, 5));
        assert_eq!(ring_cell(19), (0, 1));
        assert_eq!(ring_cell(BOARD), ring_cell(0));
        let mut cells: Vec<(u8, u8)> = (0..BOARD).map(ring_cell).collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), usize::from(BOARD), "every space has a cell");
        assert!(cells.iter().all(|&(c, r)| c < RING_SIDE && r < RING_SIDE));
        for k in 0..BOARD {
            let (a, b) = (ring_cell(k), ring_cell(k + 1));
            let step = a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
            assert_eq!(step, 1, "spaces {k} and {} touch", k + 1);
        }
    }
}
