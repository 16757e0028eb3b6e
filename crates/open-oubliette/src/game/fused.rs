//! The fused playout loop behind [`Game::watched_playout`] and [`Game::watched_play`].
//!
//! Random playouts and bots' games spend their time here: the commonest nodes are sampled
//! and applied in one step, without building the action and dispatching on it again, and
//! a bot's decision goes on from its step through the same direct calls. It is
//! the one hot loop of the crate, kept on its own so that it can be read against the
//! provided loop it must agree with (`tests/chance.rs`).

use gameshelf_engine::{Actor, Game, Outcomes, Playout, Rng, Seat, Watch};

use crate::action::Action;
use crate::game::turn::Step;
use crate::game::{DIRECTIONS, OpenOubliette, exit_options};
use crate::sample;
use crate::state::{Phase, State};

impl OpenOubliette {
    /// The loop of [`Game::watched_playout`] (`RANDOM`: decisions drawn uniformly, the
    /// commonest in fused steps) and of [`Game::watched_play`] (decisions by `decide`).
    pub(crate) fn fused<const RANDOM: bool, D, W>(
        &self,
        s: &mut State,
        rng: &mut Rng,
        actions: &mut Vec<Action>,
        outcomes: &mut Outcomes<Action>,
        mut decide: D,
        mut watch: W,
    ) -> Playout
    where
        D: FnMut(&State, Seat, &mut Rng) -> Action,
        W: Watch<Self>,
    {
        let mut n = Playout::default();
        loop {
            let step = match s.phase {
                Phase::Over => return n,
                Phase::MoveRoll => {
                    let pair = sample::move_roll(rng);
                    watch.see(s, Action::Move(pair));
                    self.on_move_roll(s, pair)
                }
                Phase::CheckRoll => {
                    let roll = sample::check_roll(rng);
                    watch.see(s, Action::Roll(roll));
                    Self::on_check_roll(s, roll)
                }
                Phase::DrawMonster => {
                    let card = self.sample_monster(s, rng);
                    watch.see(s, Action::DrawMonster(card));
                    self.on_monster(s, card)
                }
                Phase::DrawTreasure => {
                    let card = s.treasure_draw.pick(rng);
                    watch.see(s, Action::DrawTreasure(card));
                    Self::on_treasure(s, card)
                }
                Phase::DrawWound => {
                    let card = self.wound_groups.draw(s.wound_draw, rng);
                    watch.see(s, Action::DrawWound(card));
                    self.on_wound(s, card)
                }
                Phase::DrawEvent => {
                    let card = self.sample_event(s, rng);
                    watch.see(s, Action::DrawEvent(card));
                    self.on_event(s, card)
                }
                Phase::ExitChoice if RANDOM => {
                    n.decisions += 1;
                    let (exits, k) = exit_options(s.me());
                    let (recover, cash) = exits[rng.below(k as u64) as usize];
                    watch.see(s, Action::Exit { recover, cash });
                    let step = self.on_exit(s, recover, cash);
                    self.onward(s, step)
                }
                Phase::ExtraTurn if RANDOM => {
                    n.decisions += 1;
                    // [ExtraTurn(false), ExtraTurn(true)]
                    let extra = rng.below(2) == 1;
                    watch.see(s, Action::ExtraTurn(extra));
                    if extra {
                        let cur = s.current as usize;
                        s.players[cur].extra_turns += 1;
                    }
                    self.onward(s, Step::EndChecks)
                }
                Phase::Direction if RANDOM => {
                    n.decisions += 1;
                    let dir = DIRECTIONS[rng.below(2) as usize];
                    watch.see(s, Action::Direction(dir));
                    self.do_move(s, dir)
                }
                Phase::CheckPost if RANDOM => {
                    n.decisions += 1;
                    // [Equip(each gear card), Play(each kind of card), Pass]
                    let (gear, cards) = self.check_options(s);
                    let k = rng.below(gear.len() as u64 + cards.len() as u64 + 1) as usize;
                    if let Some(c) = gear.nth(k) {
                        watch.see(s, Action::Equip(c));
                        self.equip(s, s.check.acting, c);
                        Step::CheckEval
                    } else if let Some(c) = cards.nth(k - gear.len()) {
                        watch.see(s, Action::Play(c));
                        self.play_in_check(s, c)
                    } else {
                        watch.see(s, Action::Pass);
                        self.check_pass(s)
                    }
                }
                Phase::RecoverPick if RANDOM => {
                    n.decisions += 1;
                    // [ReturnWound(each kind held), RecoverDone]
                    let kinds = self.wound_kinds(s.me().wounds);
                    match kinds.nth(rng.below(kinds.len() as u64 + 1) as usize) {
                        Some(c) => {
                            watch.see(s, Action::ReturnWound(c));
                            self.return_wound(s, c)
                        }
                        None => {
                            watch.see(s, Action::RecoverDone);
                            self.exit_cash(s, s.turn.exit_cash)
                        }
                    }
                }
                Phase::PvpChoice if RANDOM => {
                    n.decisions += 1;
                    // [Attack(each other player here), NoAttack]
                    let others = self.others_here(s);
                    let k = rng.below(others.len() as u64 + 1) as usize;
                    match others.nth(k) {
                        Some(y) => {
                            watch.see(s, Action::Attack(y));
                            self.attack(s, y)
                        }
                        None => {
                            watch.see(s, Action::NoAttack);
                            Step::Monster
                        }
                    }
                }
                _ => match self.actor(s) {
                    Actor::Player(seat) if !RANDOM => {
                        n.decisions += 1;
                        // A bot's decision goes on through the same direct calls.
                        let a = decide(s, seat, rng);
                        watch.see(s, a);
                        let step = self.act(s, a);
                        self.onward(s, step)
                    }
                    actor => {
                        let a = match actor {
                            Actor::Chance => self.sample_chance(s, rng, outcomes),
                            Actor::Player(_) => {
                                n.decisions += 1;
                                self.legal_actions(s, actions);
                                actions[rng.below(actions.len() as u64) as usize]
                            }
                            Actor::Terminal => return n,
                        };
                        watch.see(s, a);
                        self.apply_unchecked(s, a);
                        n.actions += 1;
                        continue;
                    }
                },
            };
            if !matches!(step, Step::Rest) {
                self.run_common(s, step);
            }
            n.actions += 1;
        }
    }

    /// The step after a decision's own, with the usual ways on from the end of a turn as
    /// direct calls: an Exit action's end (`ExitEnd`, then `End`, [`Self::end_turn`]) and
    /// the end checks after an extra turn is taken or declined ([`Self::to_next_roll`]).
    /// Any other step is handed back as it is, for `run_common`. Inlined into each decision's
    /// step, as the steps it calls are.
    #[inline(always)]
    fn onward(&self, s: &mut State, step: Step) -> Step {
        match step {
            Step::ExitEnd => match self.exit_end(s) {
                Step::End => self.end_turn(s),
                step => step,
            },
            Step::EndChecks => self.to_next_roll(s, step),
            step => step,
        }
    }
}
