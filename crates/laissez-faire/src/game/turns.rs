//! The turn order: starting a turn, the doubles bonus after a roll-turn, and the end of
//! a turn with its game-end checks and the next seat that takes turns.
//!
//! Separate because every step of play ends here, while the objectives' rules it checks are in
//! [`super::end`].

use gameshelf_engine::dice::DicePair;

use crate::config::Objective;
use crate::contract::Occasion;
use crate::game::LaissezFaire;
use crate::state::{EndKind, Phase, State, Status};

impl LaissezFaire {
    pub(crate) fn start_turn(&self, s: &mut State, seat: u8) {
        s.current = seat;
        s.turns += 1;
        s.rolls = 0;
        s.offers = 0;
        s.floor_late = false;
        s.extra_roll = false;
        s.roll = None;
        let p = &mut s.players[seat as usize];
        if p.jailed {
            p.jail_turns += 1;
        }
        s.phase = Phase::Manage;
        self.obligations_due(s, Occasion::Turn(seat));
    }

    /// The end of a turn: game-end checks, the open floor after the landing (once for the
    /// last roll-turn), then the next seat that takes turns.
    pub(crate) fn end_turn(&self, s: &mut State) {
        if self.alive(s) <= 1 {
            return self.finish(s, EndKind::LastStanding);
        }
        let n = self.cfg.players;
        if !s.players[..n].iter().any(|p| p.status == Status::Playing) {
            return self.finish(s, EndKind::Race);
        }
        if self.open_late_floor(s) {
            return;
        }
        let mut seat = s.current as usize;
        loop {
            seat = (seat + 1) % n;
            if seat == s.first as usize {
                s.round += 1;
                s.quiet_rounds = if s.quiet {
                    s.quiet_rounds.saturating_add(1)
                } else {
                    0
                };
                s.quiet = true;
                self.obligations_due(s, Occasion::Round);
                if self.cfg.objective == Objective::Rounds && s.round >= self.cfg.rounds {
                    return self.finish(s, EndKind::Rounds);
                }
                if s.round >= self.cfg.max_rounds {
                    return self.finish(s, EndKind::RoundCap);
                }
            }
            if s.players[seat].status == Status::Playing {
                return self.start_turn(s, seat as u8);
            }
        }
    }

    /// After a roll-turn that did not end in jail: the doubles bonus (B-10), after the open
    /// floor that follows the landing, or the end.
    pub(crate) fn after_roll_turn(&self, s: &mut State, stayed: bool) {
        let me = s.me();
        let doubles = s.roll.is_some_and(DicePair::is_doubles);
        if doubles
            && s.rolls == 1
            && !me.jailed
            && me.status == Status::Playing
            && (!stayed || s.rules.stay_doubles_bonus)
        {
            s.extra_roll = true;
            if !self.open_late_floor(s) {
                self.extra_roll_turn(s);
            }
        } else {
            self.end_turn(s);
        }
    }

    /// The extra roll-turn of doubles begins, with the mover's window; its landing has a
    /// floor of its own.
    pub(crate) fn extra_roll_turn(&self, s: &mut State) {
        s.extra_roll = false;
        s.floor_late = false;
        s.phase = Phase::Manage;
    }
}
