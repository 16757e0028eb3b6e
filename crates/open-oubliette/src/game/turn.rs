//! The turn program: the [`Step`] labels and the loop that runs them.
//!
//! After each action the rules run forward through every deterministic step until the next
//! resting point; [`OpenOubliette::run`] is that loop. This module holds the loop, the steps
//! that open and close a turn (lost turns, the windows before the roll and after the events,
//! extra turns, the end checks, the next player), the draw of the turn order, and the
//! chains of direct calls that playouts take instead of the loop on their hottest paths
//! ([`OpenOubliette::run_common`], [`OpenOubliette::end_turn`]). What happens inside a
//! turn (a move, a fight, an event, the Exit) is in the modules named after it; this one
//! only sequences them, so the order of a turn can be read in one place.

use crate::config::{MAX_PLAYERS, TreasureEndTiming};
use crate::game::{OpenOubliette, PVP_STEAL, factorial};
use crate::state::{EndKind, Fight, NONE, Phase, State, StealFor, TurnCtx};

/// A transient label of the turn program (never stored in a state).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    Rest,
    TurnStart,
    TurnBegin,
    Pre,
    Roll,
    Landing,
    ExitArrive,
    NextQuest,
    ExitEnd,
    ExitContinue,
    Monster,
    Event,
    EventDone,
    Post,
    End,
    EndChecks,
    NextPlayer,
    DrawNext,
    DrawsDone,
    StealNext,
    StealsDone,
    Wound(u8),
    WoundDone,
    CheckPre,
    CheckEval,
    CheckResolve,
    FightWon,
    FightOver,
    PvpSteal,
    PvpWound,
    GameOver(EndKind),
}

impl OpenOubliette {
    /// Runs the turn program from `step` to the next resting point.
    ///
    /// Speed notes: playouts and bots' games take their commonest steps through
    /// [`Self::run_common`] and [`Self::end_turn`] instead, and the step helpers they call
    /// most (a move's roll and landing, a check's windows and evaluation, the end of a turn
    /// and the start of the next) are always inlined: entered out of line, each cost more in calls and register saves
    /// than its work (together a sixth of a simulated game, counted in instructions). `End`
    /// runs the usual chain to the next turn's roll as direct calls ([`Self::end_turn`]).
    pub(crate) fn run(&self, s: &mut State, mut step: Step) {
        loop {
            step = match step {
                Step::Rest => return,
                Step::TurnStart => self.turn_start(s),
                Step::TurnBegin => self.turn_begin(s),
                Step::Pre => self.pre(s),
                Step::Roll => self.rest(s, Phase::MoveRoll),
                Step::Landing => self.landing(s),
                Step::ExitArrive => self.exit_arrive(s),
                Step::NextQuest => self.next_quest(s),
                Step::ExitEnd => self.exit_end(s),
                Step::ExitContinue => self.exit_continue(s),
                Step::Monster => self.rest(s, Phase::DrawMonster),
                Step::Event => self.event(s),
                Step::EventDone => Self::event_done(s),
                Step::Post => self.post(s),
                Step::End => self.end_turn(s),
                Step::EndChecks => self.end_checks(s),
                Step::NextPlayer => self.next_player(s),
                Step::DrawNext => self.draw_next(s),
                Step::DrawsDone => self.draws_done(s),
                Step::StealNext => {
                    let from = s.turn.steal_from as usize;
                    if s.turn.steals_left > 0 && !s.players[from].unused.is_empty() {
                        self.rest(s, Phase::Steal)
                    } else {
                        Step::StealsDone
                    }
                }
                Step::StealsDone => match s.turn.steal_for {
                    StealFor::Pvp => Step::PvpWound,
                    StealFor::Ambush => Step::FightOver,
                    StealFor::Trap => Step::EventDone,
                },
                Step::Wound(seat) => self.wound(s, seat),
                Step::WoundDone => self.wound_done(s),
                Step::CheckPre => self.check_pre(s),
                Step::CheckEval => self.check_eval(s),
                Step::CheckResolve => self.check_resolve(s),
                Step::FightWon => self.fight_won(s),
                Step::FightOver => Self::fight_over(s),
                Step::PvpSteal => {
                    let winner = s.fight.winner;
                    let loser = if winner == s.current {
                        s.fight.opponent
                    } else {
                        s.current
                    };
                    Self::start_steal(s, loser, winner, PVP_STEAL, StealFor::Pvp)
                }
                Step::PvpWound => {
                    let who = if self.cfg.pvp_wound_winner {
                        s.fight.winner
                    } else {
                        s.current
                    };
                    if who == NONE {
                        s.fight = Fight::default();
                        Step::Monster
                    } else {
                        Step::Wound(who)
                    }
                }
                Step::GameOver(kind) => self.game_over(s, kind),
            };
        }
    }

    /// [`Self::run`] for the steps that follow the commonest chance outcomes in playouts (a
    /// move lands and a monster is drawn, a fight roll is evaluated, a won fight's treasure
    /// is drawn and the turn goes on), taken in the order the turn program takes them, as
    /// direct calls: `run` sets up more than these steps cost. Any other step goes to `run`.
    /// Inlined into its one caller, the fused loop, where entering it as a call and
    /// dispatching on `step` cost more than most of the steps.
    #[inline(always)]
    pub(crate) fn run_common(&self, s: &mut State, mut step: Step) {
        if let Step::ExitArrive = step {
            step = self.exit_arrive(s);
        }
        if let Step::NextQuest = step {
            step = self.next_quest(s);
        }
        if let Step::ExitContinue = step {
            step = self.exit_continue(s);
        }
        if let Step::Landing = step {
            step = self.landing(s);
        }
        step = match step {
            Step::Monster => self.rest(s, Phase::DrawMonster),
            Step::CheckEval => self.check_eval(s),
            step => step,
        };
        if let Step::FightWon = step {
            step = self.fight_won(s);
        }
        step = match step {
            Step::CheckPre => self.check_pre(s),
            Step::DrawNext => self.draw_next(s),
            Step::Wound(seat) => self.wound(s, seat),
            step => step,
        };
        if let Step::DrawsDone = step {
            step = self.draws_done(s);
        }
        if let Step::WoundDone = step {
            step = self.wound_done(s);
        }
        if let Step::FightOver = step {
            step = Self::fight_over(s);
        }
        if let Step::Event = step {
            step = self.event(s);
        }
        if let Step::EventDone = step {
            step = Self::event_done(s);
        }
        if let Step::Post = step {
            step = self.post(s);
        }
        if !matches!(step, Step::Rest) {
            self.run(s, step);
        }
    }

    fn turn_start(&self, s: &mut State) -> Step {
        if !self.standalone() && self.cfg.jail_early_release && !s.turn.is_extra {
            self.rest(s, Phase::LeaveJail)
        } else {
            Step::TurnBegin
        }
    }

    fn pre(&self, s: &mut State) -> Step {
        if self.window_cards(s.me()).is_empty() {
            Step::Roll
        } else {
            self.rest(s, Phase::PreWindow)
        }
    }

    #[inline(always)]
    fn post(&self, s: &mut State) -> Step {
        if self.window_cards(s.me()).is_empty() {
            self.end_turn(s)
        } else {
            self.rest(s, Phase::PostWindow)
        }
    }

    /// `End`, then the usual way to the next movement roll (`EndChecks`, `NextPlayer`,
    /// `TurnStart`, `TurnBegin`, `Pre`, `Roll`) as direct calls: exactly the steps `run`
    /// would take one by one, without a dispatch per step (the hottest path of a playout).
    /// Any other step is handed back to `run`.
    #[inline(always)]
    pub(crate) fn end_turn(&self, s: &mut State) -> Step {
        let step = self.end_of_turn(s);
        self.to_next_roll(s, step)
    }

    /// The steps from `EndChecks` to the next movement roll (see [`Self::end_turn`]), as
    /// direct calls from `step` on; any other step is handed back.
    #[inline(always)]
    pub(crate) fn to_next_roll(&self, s: &mut State, mut step: Step) -> Step {
        if let Step::EndChecks = step {
            step = self.end_checks(s);
        }
        if let Step::NextPlayer = step {
            step = self.next_player(s);
        }
        if let Step::TurnStart = step {
            step = self.turn_start(s);
        }
        if let Step::TurnBegin = step {
            step = self.turn_begin(s);
        }
        if let Step::Pre = step {
            step = self.pre(s);
        }
        if let Step::Roll = step {
            step = self.rest(s, Phase::MoveRoll);
        }
        step
    }

    pub(crate) fn rest(&self, s: &mut State, phase: Phase) -> Step {
        s.phase = phase;
        Step::Rest
    }

    #[inline(always)]
    fn turn_begin(&self, s: &mut State) -> Step {
        let cur = s.current as usize;
        let is_extra = s.turn.is_extra;
        if !self.standalone() && (!is_extra || self.cfg.jail_extra_turns_count) {
            let p = &mut s.players[cur];
            p.jail_turns = p.jail_turns.saturating_sub(1);
        }
        s.turns += 1;
        let p = &mut s.players[cur];
        if p.lost_turns > 0 && (!is_extra || self.cfg.lost_turn_skips_extra) {
            p.lost_turns -= 1;
            return Step::End;
        }
        Step::Pre
    }

    #[inline(always)]
    fn end_of_turn(&self, s: &mut State) -> Step {
        if s.turn.moves_pending > 0 {
            s.turn.moves_pending -= 1;
            s.turn.move_only = true;
            return Step::Roll;
        }
        if s.turn.doubles {
            s.turn.doubles = false;
            if !self.cfg.doubles_mandatory {
                return self.rest(s, Phase::ExtraTurn);
            }
            let cur = s.current as usize;
            s.players[cur].extra_turns += 1;
        }
        Step::EndChecks
    }

    #[inline(always)]
    fn end_checks(&self, s: &mut State) -> Step {
        if self.standalone()
            && self.cfg.treasure_end_timing == TreasureEndTiming::EndOfTurn
            && s.treasure_draw.is_empty()
        {
            return Step::GameOver(EndKind::TreasureExhausted);
        }
        if s.turns >= self.cfg.max_turns {
            return Step::GameOver(EndKind::TurnLimit);
        }
        let cur = s.current;
        let p = &mut s.players[cur as usize];
        if !self.standalone()
            && p.jail_turns == 0
            && (p.extra_turns == 0 || self.cfg.jail_extra_turns_count)
        {
            self.leave(s, cur);
            return Step::NextPlayer;
        }
        if p.extra_turns > 0 {
            p.extra_turns -= 1;
            s.turn = TurnCtx {
                is_extra: true,
                ..TurnCtx::default()
            };
            return Step::TurnStart;
        }
        Step::NextPlayer
    }

    #[inline(always)]
    fn next_player(&self, s: &mut State) -> Step {
        let n = self.cfg.players;
        for step in 1..=n {
            // order_pos < n, so one subtraction wraps (no division in this hot loop).
            let wrapped = s.order_pos as usize + step >= n;
            let idx = s.order_pos as usize + step - if wrapped { n } else { 0 };
            let seat = s.order[idx];
            if s.players[seat as usize].left {
                continue;
            }
            if wrapped
                && self.standalone()
                && self.cfg.treasure_end_timing == TreasureEndTiming::EndOfRound
                && s.treasure_draw.is_empty()
            {
                return Step::GameOver(EndKind::TreasureExhausted);
            }
            s.order_pos = idx as u8;
            s.current = seat;
            s.turn = TurnCtx::default();
            return Step::TurnStart;
        }
        Step::GameOver(EndKind::JailServed)
    }

    pub(crate) fn set_order(&self, s: &mut State, mut index: usize) {
        let n = self.cfg.players;
        let mut pool: [u8; MAX_PLAYERS] = [0, 1, 2, 3, 4, 5];
        let mut left = n;
        for i in 0..n {
            let f = factorial(n - 1 - i);
            let d = index / f;
            index %= f;
            s.order[i] = pool[d];
            pool.copy_within(d + 1..left, d);
            left -= 1;
            // The compensation variant: later places start with banked gold.
            s.players[s.order[i] as usize].banked_value = self.cfg.later_gold * i as u32;
            s.standings_moved();
        }
        s.order_pos = 0;
        s.current = s.order[0];
        s.turn = TurnCtx::default();
    }
}
