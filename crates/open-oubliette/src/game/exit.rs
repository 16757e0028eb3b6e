//! The Exit: arriving (by a move or a Shortcut), quests completed on the trip, the Exit
//! actions Recovery and cash-in (of all unused treasure or of a chosen subset), banking and
//! the win check that follows it.
//!
//! Separate because the Exit is a turn of its own inside the turn: reached by a move, an
//! event or a Shortcut played in a window, it goes back to where it came from afterwards.

use gameshelf_engine::CardSet;

use crate::config::LevelUpEnd;
use crate::decks::Effect;
use crate::game::turn::Step;
use crate::game::{LEVEL_UP_GOLD, OpenOubliette, RECOVERY_WOUNDS};
use crate::state::{DrawFor, EndKind, ExitFrom, NONE, Phase, State};

impl OpenOubliette {
    fn bank(&self, s: &mut State, cards: CardSet) {
        if cards.is_empty() {
            return;
        }
        let value = self.tables.value(cards);
        let bonus_applies = self.standalone() && self.cfg.levelup_end != LevelUpEnd::GameEnd;
        let cur = s.current;
        let p = &mut s.players[cur as usize];
        let bonus = if bonus_applies {
            LEVEL_UP_GOLD * p.level_ups as u32 * cards.len() as u32
        } else {
            0
        };
        p.banked_value += value + bonus;
        p.banked = p.banked.union(cards);
        p.unused = p.unused.difference(cards);
        if self.standalone() && self.cfg.levelup_end == LevelUpEnd::NextCashIn {
            p.level_ups = 0;
        }
        s.standings_moved();
        if s.turn.trap_card != NONE && cards.contains(s.turn.trap_card) {
            s.turn.trap_card = NONE;
        }
    }

    /// One wound card per kind of `wounds`: the lowest of identical cards.
    pub(crate) fn wound_kinds(&self, wounds: CardSet) -> CardSet {
        let (mut kinds, mut rest) = (CardSet::EMPTY, wounds);
        while let Some(c) = rest.iter().next() {
            kinds.insert(c);
            rest = rest.difference(self.decks.wound_copies[c as usize]);
        }
        kinds
    }

    pub(crate) fn exit_arrive(&self, s: &mut State) -> Step {
        if self.cfg.quest_land_only && s.turn.passed_exit {
            self.rest(s, Phase::ExitChoice)
        } else {
            s.turn.quest_cursor = s.me().quests;
            Step::NextQuest
        }
    }

    pub(crate) fn exit_continue(&self, s: &mut State) -> Step {
        self.arrival_reset(s);
        match s.turn.exit_from {
            ExitFrom::Pre => Step::Roll,
            ExitFrom::Move => Step::Landing,
            ExitFrom::EventNow => Step::EventDone,
            ExitFrom::Post => Step::Post,
        }
    }

    #[inline(never)]
    pub(crate) fn next_quest(&self, s: &mut State) -> Step {
        let cur = s.current as usize;
        let Some(q) = s.turn.quest_cursor.iter().next() else {
            s.players[cur].trip_kills = 0;
            return self.rest(s, Phase::ExitChoice);
        };
        s.turn.quest_cursor.remove(q);
        let Effect::Quest { monster, treasure } = self.decks.events[q as usize].effect else {
            return Step::NextQuest;
        };
        let p = &mut s.players[cur];
        let met = p.trip_kills & (1u64 << monster) != 0;
        if met || !self.cfg.quest_persists_if_unmet {
            p.quests.remove(q);
            s.event_discard.insert(q);
        }
        if met {
            Self::start_draws(s, treasure, DrawFor::Quest)
        } else {
            Step::NextQuest
        }
    }

    fn arrival_reset(&self, s: &mut State) {
        if self.standalone() && self.cfg.levelup_end == LevelUpEnd::NextExitArrival {
            let cur = s.current as usize;
            s.players[cur].level_ups = 0;
            s.standings_moved();
        }
    }

    pub(crate) fn on_exit(&self, s: &mut State, recover: bool, cash: bool) -> Step {
        if !recover && !cash {
            return Step::ExitContinue;
        }
        if recover && !s.me().wounds.is_empty() {
            s.turn.recover_left = RECOVERY_WOUNDS;
            s.turn.exit_cash = cash;
            return self.rest(s, Phase::RecoverPick);
        }
        self.exit_cash(s, cash)
    }

    /// The Exit action Recovery: `card` goes back to the wound pile. Once three are back or
    /// none is left, the cash-in chosen with it follows.
    pub(crate) fn return_wound(&self, s: &mut State, card: u8) -> Step {
        let cur = s.current as usize;
        let p = &mut s.players[cur];
        p.wounds.remove(card);
        self.refresh_wounds(p);
        s.wound_draw.insert(card);
        s.turn.recover_left -= 1;
        if s.turn.recover_left == 0 || s.players[cur].wounds.is_empty() {
            self.exit_cash(s, s.turn.exit_cash)
        } else {
            Step::Rest
        }
    }

    /// The Exit's cash-in, if chosen, after Recovery; either way the Exit action is done.
    pub(crate) fn exit_cash(&self, s: &mut State, cash: bool) -> Step {
        s.turn.recover_left = 0;
        s.turn.exit_cash = false;
        if cash {
            if self.cfg.cash_in_subset {
                s.turn.cash_sel = CardSet::EMPTY;
                return self.rest(s, Phase::CashPick);
            }
            let all = s.me().unused;
            self.bank(s, all);
        }
        Step::ExitEnd
    }

    #[inline(never)]
    pub(crate) fn exit_end(&self, s: &mut State) -> Step {
        self.arrival_reset(s);
        let cur = s.current as usize;
        if self.standalone() && self.score(s, cur) >= self.cfg.win_threshold {
            return Step::GameOver(EndKind::Target);
        }
        if self.cfg.exit_pass_stops && s.turn.passed_exit {
            s.players[cur].pos = 0;
        }
        s.turn.exit_taken = true;
        if self.cfg.exit_cancels_extra_turn {
            s.turn.doubles = false;
        }
        Step::End
    }

    /// `cash_in_subset`: the cards that may still be added to the cash-in. Cards are picked
    /// in increasing order, so each subset is reached by exactly one sequence.
    pub(crate) fn cash_choices(s: &State) -> CardSet {
        let sel = s.turn.cash_sel;
        let above = match sel.bits().leading_zeros() {
            64 => u64::MAX,
            0 => 0,
            lz => u64::MAX << (64 - lz),
        };
        s.me()
            .unused
            .difference(sel)
            .intersection(CardSet::from_bits(above))
    }

    pub(crate) fn cash_selected(&self, s: &mut State) -> Step {
        let sel = std::mem::take(&mut s.turn.cash_sel);
        self.bank(s, sel);
        Step::ExitEnd
    }
}
