//! Treasure moving between the pile and the players: draws (after a won fight, a quest or
//! an event), steals (a player fight, Ambush, Trap) and treasure lost.
//!
//! Separate because fights, events and quests all end in the same draws and steals, and
//! the Trap's card (the last treasure drawn after a fight) is followed here.

use crate::config::TreasureEndTiming;
use crate::game::OpenOubliette;
use crate::game::turn::Step;
use crate::state::{DrawFor, EndKind, NONE, Phase, State, StealFor};

impl OpenOubliette {
    /// Removes an unused card from a player (it may be the Trap's card: forget it then).
    pub(crate) fn take_unused(s: &mut State, seat: u8, card: u8) {
        s.players[seat as usize].unused.remove(card);
        if s.turn.trap_card == card {
            s.turn.trap_card = NONE;
        }
    }

    pub(crate) fn lose_treasure(&self, s: &mut State, card: u8) {
        if self.cfg.lost_treasure_reshuffled {
            s.treasure_draw.insert(card);
        } else {
            s.treasure_removed.insert(card);
        }
    }

    pub(crate) fn draws_done(&self, s: &mut State) -> Step {
        s.turn.draws_left = 0;
        if self.standalone()
            && self.cfg.treasure_end_timing == TreasureEndTiming::Immediate
            && s.treasure_draw.is_empty()
        {
            Step::GameOver(EndKind::TreasureExhausted)
        } else {
            match s.turn.draw_for {
                DrawFor::Quest => Step::NextQuest,
                DrawFor::MonsterWin => Step::FightOver,
                DrawFor::Event => Step::EventDone,
            }
        }
    }

    pub(crate) fn draw_next(&self, s: &mut State) -> Step {
        if s.turn.draws_left > 0 && !s.treasure_draw.is_empty() {
            self.rest(s, Phase::DrawTreasure)
        } else {
            Step::DrawsDone
        }
    }

    pub(crate) fn start_draws(s: &mut State, n: u8, draw_for: DrawFor) -> Step {
        s.turn.draws_left = n;
        s.turn.draw_for = draw_for;
        Step::DrawNext
    }

    pub(crate) fn start_steal(s: &mut State, from: u8, to: u8, n: u8, steal_for: StealFor) -> Step {
        s.turn.steal_from = from;
        s.turn.steal_to = to;
        s.turn.steals_left = n;
        s.turn.steal_for = steal_for;
        Step::StealNext
    }

    pub(crate) fn on_treasure(s: &mut State, card: u8) -> Step {
        let cur = s.current;
        s.treasure_draw.remove(card);
        s.players[cur as usize].unused.insert(card);
        if s.turn.draw_for == DrawFor::MonsterWin {
            s.turn.trap_card = card;
        }
        s.turn.draws_left -= 1;
        Step::DrawNext
    }
}
