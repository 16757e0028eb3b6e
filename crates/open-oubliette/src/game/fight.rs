//! Fights: a monster fight and its rounds (Revenge included), Dragon Hoard's win, the
//! player fight's start, and the wounds a lost round deals or healing takes back.
//!
//! The roll of each round is a check ([`super::check`]); this module holds what starts a
//! fight and what follows its rounds, which is the same whatever the roll's details.

use gameshelf_engine::{CardSet, Seat};

use crate::game::OpenOubliette;
use crate::game::turn::Step;
use crate::state::{CheckKind, DieFor, DrawFor, Fight, FightKind, NONE, Phase, PlayerState, State};

impl OpenOubliette {
    /// L for monster fights of `seat`: its own Level Ups, or everyone's (`levelup_global`).
    pub fn level(&self, state: &State, seat: Seat) -> u8 {
        if self.cfg.levelup_global {
            state.players[..self.cfg.players]
                .iter()
                .map(|p| p.level_ups)
                .fold(0u8, u8::saturating_add)
        } else {
            state.players[seat].level_ups
        }
    }

    /// Updates the cached W after a change of `p.wounds`.
    pub(crate) fn refresh_wounds(&self, p: &mut PlayerState) {
        p.w = self.tables.wound_score(p.wounds);
    }

    pub(crate) fn heal(&self, s: &mut State, seat: u8, n: usize) {
        let p = &mut s.players[seat as usize];
        // The wounds all go back when there are no more than `n`.
        let back = if p.wounds.len() <= n {
            p.wounds
        } else {
            self.decks.most_severe(p.wounds, n)
        };
        p.wounds = p.wounds.difference(back);
        s.wound_draw = s.wound_draw.union(back);
        self.refresh_wounds(p);
    }

    pub(crate) fn wound_done(&self, s: &mut State) -> Step {
        match s.fight.kind {
            FightKind::Pvp => {
                s.fight = Fight::default();
                Step::Monster
            }
            _ => {
                if s.me().kept.is_disjoint(self.revenges) {
                    Step::FightOver
                } else {
                    self.rest(s, Phase::Revenge)
                }
            }
        }
    }

    pub(crate) fn on_wound(&self, s: &mut State, card: u8) -> Step {
        s.wound_draw.remove(card);
        let p = &mut s.players[s.turn.wound_to as usize];
        p.wounds.insert(card);
        self.refresh_wounds(p);
        Step::WoundDone
    }

    pub(crate) fn fight_over(s: &mut State) -> Step {
        match s.fight.kind {
            FightKind::Monster => {
                s.monster_discard.insert(s.turn.monster);
                s.turn.monster = NONE;
                s.fight = Fight::default();
                Step::Event
            }
            _ => Step::EventDone,
        }
    }

    pub(crate) fn fight_won(&self, s: &mut State) -> Step {
        if s.fight.kind == FightKind::Monster {
            let kind = self.decks.monsters[s.turn.monster as usize].kind;
            let cur = s.current as usize;
            s.players[cur].trip_kills |= 1u64 << kind;
            Self::start_draws(s, 1, DrawFor::MonsterWin)
        } else {
            s.turn.die_for = DieFor::Hoard;
            self.rest(s, Phase::Die)
        }
    }

    pub(crate) fn wound(&self, s: &mut State, seat: u8) -> Step {
        if s.wound_draw.is_empty() {
            Step::WoundDone
        } else {
            s.turn.wound_to = seat;
            self.rest(s, Phase::DrawWound)
        }
    }

    /// The current player attacks seat `y`.
    pub(crate) fn attack(&self, s: &mut State, y: u8) -> Step {
        s.fight = Fight {
            kind: FightKind::Pvp,
            opponent: y,
            ..Fight::default()
        };
        let kind = if self.cfg.pvp_opposed {
            CheckKind::PvpOpposed
        } else {
            CheckKind::PvpTarget
        };
        Self::start_check(s, kind, s.current, y)
    }

    pub(crate) fn start_monster_round(s: &mut State) -> Step {
        let cur = s.current;
        Self::start_check(s, CheckKind::MonsterAttack, cur, NONE)
    }

    pub(crate) fn on_monster(&self, s: &mut State, card: u8) -> Step {
        if s.monster_draw.is_empty() {
            s.monster_draw = s.monster_discard;
            s.monster_discard = CardSet::EMPTY;
        }
        s.monster_draw.remove(card);
        s.turn.monster = card;
        s.fight = Fight {
            kind: FightKind::Monster,
            base: self.decks.monsters[card as usize].power,
            ..Fight::default()
        };
        Self::start_monster_round(s)
    }
}
