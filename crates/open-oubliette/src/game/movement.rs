//! Movement around the ring: the movement roll, the direction choice, where a move lands
//! (the Exit, or a space with other players or a monster) and the Shortcut to the Exit.
//!
//! Kept apart from the turn program because the direction rulings (`direction_choice`,
//! `direction_persists`) only concern a move, and from the Exit because a move only
//! decides *whether* the player reaches it.

use gameshelf_engine::CardSet;
use gameshelf_engine::dice::DicePair;

use crate::action::Dir;
use crate::config::DirectionChoice;
use crate::game::OpenOubliette;
use crate::game::turn::Step;
use crate::state::{BOARD, ExitFrom, Phase, PlayerState, State};

impl OpenOubliette {
    pub(crate) fn set_exit_landed(&self, p: &mut PlayerState, landed: bool) {
        if self.cfg.direction_choice == DirectionChoice::EverAfterLanding {
            p.exit_landed |= landed;
        } else {
            p.exit_landed = landed;
        }
    }

    fn direction_open(&self, p: &PlayerState) -> bool {
        match self.cfg.direction_choice {
            DirectionChoice::FromExit => p.pos == 0,
            DirectionChoice::ExactLandingOnly => p.pos == 0 && p.exit_landed,
            DirectionChoice::EverAfterLanding => p.exit_landed,
        }
    }

    /// The other players on the current player's space.
    pub(crate) fn others_here(&self, s: &State) -> CardSet {
        let me = s.current as usize;
        let pos = s.players[me].pos;
        let mut seats = CardSet::EMPTY;
        for (q, p) in s.players[..self.cfg.players].iter().enumerate() {
            let here = (q != me) & !p.left & (p.pos == pos);
            seats = seats.union(CardSet::from_bits((here as u64) << q));
        }
        seats
    }

    #[inline(always)]
    pub(crate) fn landing(&self, s: &mut State) -> Step {
        if s.turn.move_only {
            Step::End
        } else if !self.others_here(s).is_empty() {
            self.rest(s, Phase::PvpChoice)
        } else {
            Step::Monster
        }
    }

    #[inline(always)]
    pub(crate) fn on_move_roll(&self, s: &mut State, pair: DicePair) -> Step {
        s.turn.roll = pair.total();
        if !s.turn.move_only {
            s.turn.doubles = pair.is_doubles();
        }
        let p = s.me();
        // From the Exit a 10 reaches space 10 either way: no real choice unless it persists.
        let same_either_way = p.pos == 0 && s.turn.roll == 10 && !self.cfg.direction_persists;
        if self.direction_open(p) && !same_either_way {
            return self.rest(s, Phase::Direction);
        }
        let dir = if self.cfg.direction_persists {
            p.dir
        } else {
            Dir::Forward
        };
        self.do_move(s, dir)
    }

    pub(crate) fn do_move(&self, s: &mut State, dir: Dir) -> Step {
        let cur = s.current as usize;
        let k = s.turn.roll as i32;
        let p = &mut s.players[cur];
        let from = p.pos as i32;
        let to = from + dir.sign() * k;
        let landed = from != 0 && (to == 0 || to == BOARD as i32);
        let passed = from != 0 && !landed && !(0..=BOARD as i32).contains(&to);
        // A move is at most 12 spaces from a space of the ring, so one wrap brings it back
        // (cheaper than the division of `rem_euclid` at every move).
        let ring = BOARD as i32;
        p.pos = if to < 0 {
            to + ring
        } else if to >= ring {
            to - ring
        } else {
            to
        } as u8;
        if self.cfg.direction_persists {
            p.dir = dir;
        }
        self.set_exit_landed(p, landed);
        s.turn.move_dir = dir;
        if landed || passed {
            s.turn.passed_exit = passed;
            s.turn.exit_from = ExitFrom::Move;
            Step::ExitArrive
        } else {
            Step::Landing
        }
    }

    pub(crate) fn use_shortcut(&self, s: &mut State, from: ExitFrom) -> Step {
        let cur = s.current as usize;
        let p = &mut s.players[cur];
        p.pos = 0;
        self.set_exit_landed(p, true);
        s.turn.passed_exit = false;
        s.turn.exit_from = from;
        Step::ExitArrive
    }
}
