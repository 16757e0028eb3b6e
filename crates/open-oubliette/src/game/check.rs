//! The check: the one roll helper ([`crate::state::Check`]) behind monster fights, Dragon
//! Hoard, player fights and Ambush. It holds the roll's margin, the windows before and
//! after the roll and what each side may use in them (gear of its role, kept cards), and
//! the resolution of the roll into the fight's next step.
//!
//! The window rulings (`declare_before_roll`, `kept_before_roll`, `gear_windows`) all live
//! here. Whether a window opens is asked at every roll, so the quick answers
//! ([`OpenOubliette::check_cards`], [`OpenOubliette::check_gear`]) sit next to the full
//! ones they fall back on only when the seat holds a card of the kind.

use gameshelf_engine::CardSet;

use crate::action::Action;
use crate::decks::Effect;
use crate::game::turn::Step;
use crate::game::{BASE_DEFENSE, OpenOubliette};
use crate::state::{Check, CheckKind, NONE, Phase, PlayerState, State, StealFor};

impl OpenOubliette {
    /// The margin of the current check: the roll succeeds (the attacking side wins) when it
    /// is at least 0; for opposed rolls, positive = attacker, negative = defender, 0 = tie.
    pub fn check_margin(&self, s: &State) -> i32 {
        let c = &s.check;
        let r = c.roll as i32;
        let pl = |seat: u8| &s.players[seat as usize];
        match c.kind {
            CheckKind::MonsterAttack => {
                let p = pl(c.attacker);
                r + p.atk as i32 + s.fight.att_bonus as i32
                    - s.fight.base as i32
                    - p.w as i32
                    - self.level(s, c.attacker as usize) as i32
            }
            CheckKind::MonsterDefend => {
                let p = pl(c.defender);
                r + p.w as i32 - BASE_DEFENSE - p.def as i32 - c.def_bonus as i32
            }
            CheckKind::PvpTarget => {
                let (x, y) = (pl(c.attacker), pl(c.defender));
                r + x.atk as i32 + y.w as i32
                    - BASE_DEFENSE
                    - y.def as i32
                    - c.def_bonus as i32
                    - x.w as i32
            }
            CheckKind::PvpOpposed => {
                let (x, y) = (pl(c.attacker), pl(c.defender));
                (r + x.atk as i32 - x.w as i32) - (c.roll2 as i32 + y.atk as i32 - y.w as i32)
            }
            CheckKind::Ambush => {
                let p = pl(c.defender);
                let w = if self.cfg.ambush_adds_wounds {
                    p.w as i32
                } else {
                    0
                };
                r + w - BASE_DEFENSE - p.def as i32 - c.def_bonus as i32 - 1
            }
        }
    }

    /// The direct effect of `action` on the check being rolled, without running the rules
    /// on: the roll taken ([`Action::Roll`]), the gear used ([`Action::Equip`]) or the kept
    /// card played ([`Action::Play`]) in one of its windows; any other action, or one at
    /// another node, leaves `s` as it is. The presenter reads the roll's standing from it
    /// (with [`Self::check_margin`]) before the rules resolve the roll.
    pub(crate) fn check_effect(&self, s: &mut State, action: Action) {
        match (s.phase, action) {
            (Phase::CheckRoll, Action::Roll(r)) => {
                Self::on_check_roll(s, r);
            }
            (Phase::CheckPre | Phase::CheckPost, Action::Equip(c)) => {
                self.equip(s, s.check.acting, c)
            }
            (Phase::CheckPre | Phase::CheckPost, Action::Play(c)) => {
                self.play_kept(s, s.check.acting, c);
            }
            _ => {}
        }
    }

    /// Updates the cached attack and defense bonuses after a change of `p.equipped`.
    fn refresh_gear(&self, p: &mut PlayerState) {
        let best = |cards: CardSet, stack: bool| {
            let bonuses = cards.iter().map(|c| self.tables.bonus[c as usize]);
            if stack {
                bonuses.fold(0u8, u8::saturating_add)
            } else {
                bonuses.max().unwrap_or(0)
            }
        };
        p.atk = best(
            p.equipped.intersection(self.decks.weapons),
            self.cfg.stack_weapons,
        );
        p.def = best(
            p.equipped.intersection(self.decks.armors),
            self.cfg.stack_armor,
        );
    }

    pub(crate) fn equip(&self, s: &mut State, seat: u8, card: u8) {
        Self::take_unused(s, seat, card);
        let p = &mut s.players[seat as usize];
        p.equipped.insert(card);
        self.refresh_gear(p);
    }

    /// Whether `seat` takes the attacking role in the current check (uses weapons, Rage).
    fn attacking_role(s: &State, seat: u8) -> bool {
        seat == s.check.attacker || s.check.kind == CheckKind::PvpOpposed
    }

    /// Kept cards `seat` may play in the current check's window (before or after the roll).
    #[inline]
    fn check_cards(&self, s: &State, seat: u8, pre: bool) -> CardSet {
        let playable = if pre {
            self.check_pre_cards
        } else {
            self.check_post_cards
        };
        if s.players[seat as usize].kept.is_disjoint(playable) {
            return CardSet::EMPTY;
        }
        self.check_cards_held(s, seat, pre)
    }

    /// [`Self::check_cards`] for a seat holding kept cards.
    fn check_cards_held(&self, s: &State, seat: u8, pre: bool) -> CardSet {
        let p = &s.players[seat as usize];
        let c = &s.check;
        let mut set = CardSet::EMPTY;
        if pre
            && seat == s.current
            && p.w > 0
            && (c.kind != CheckKind::Ambush || self.cfg.ambush_adds_wounds)
        {
            set = set.union(p.kept.intersection(self.healings));
        }
        let timing = pre == self.cfg.kept_before_roll;
        if Self::attacking_role(s, seat) {
            if c.kind == CheckKind::MonsterAttack && timing {
                set = set.union(p.kept.intersection(self.rages));
            }
            if !pre {
                set = set.union(p.kept.intersection(self.rerolls));
            }
        } else {
            if c.kind != CheckKind::PvpOpposed && timing {
                set = set.union(p.kept.intersection(self.dodges));
            }
            if !pre && c.kind != CheckKind::Ambush {
                set = set.union(p.kept.intersection(self.rerolls));
            }
        }
        set
    }

    /// Unused weapons (attacking role) or armor (defending role) that may be used, if the
    /// window allows them (after the roll, or before with `declare_before_roll`): all of
    /// them, or with `gear_windows=useful` those that would raise the bonus.
    #[inline]
    fn check_gear(&self, s: &State, seat: u8, pre: bool) -> CardSet {
        if pre != self.cfg.declare_before_roll || s.players[seat as usize].unused.is_empty() {
            return CardSet::EMPTY;
        }
        self.check_gear_held(s, seat)
    }

    /// [`Self::check_gear`] for a seat holding unused cards, in a window that allows gear.
    fn check_gear_held(&self, s: &State, seat: u8) -> CardSet {
        let p = &s.players[seat as usize];
        let (kind, current, stack) = if Self::attacking_role(s, seat) {
            (self.decks.weapons, p.atk, self.cfg.stack_weapons)
        } else {
            (self.decks.armors, p.def, self.cfg.stack_armor)
        };
        let gear = p.unused.intersection(kind);
        if !self.cfg.gear_windows_useful || stack {
            return gear;
        }
        gear.iter()
            .filter(|&c| self.tables.bonus[c as usize] > current)
            .collect()
    }

    /// The gain of using gear card `card` for `seat` in the current check.
    fn gear_gain(&self, s: &State, seat: u8, card: u8) -> i32 {
        let p = &s.players[seat as usize];
        let bonus = self.tables.bonus[card as usize] as i32;
        let (current, stack) = if Self::attacking_role(s, seat) {
            (p.atk as i32, self.cfg.stack_weapons)
        } else {
            (p.def as i32, self.cfg.stack_armor)
        };
        if stack { bonus } else { bonus - current }
    }

    /// How much `seat` could move the current check in its favour with its kept cards.
    fn kept_potential(&self, s: &State, seat: u8) -> i32 {
        let cards = self.check_cards(s, seat, false);
        let mut gain = 0;
        for c in cards {
            gain += self.tables.check_bonus[c as usize] as i32;
        }
        if !cards.intersection(self.rerolls).is_empty() {
            let c = &s.check;
            gain += if !Self::attacking_role(s, seat) {
                c.roll as i32 - 2
            } else if seat == c.attacker {
                12 - c.roll as i32
            } else {
                12 - c.roll2 as i32
            };
        }
        gain
    }

    /// The gear `seat` may use after the roll, `need` short of turning it: every unused
    /// card of its role; with `gear_windows=useful`, every improving card when bonuses
    /// stack, otherwise (only the best counts) the cards that could turn the roll together
    /// with the player's kept cards.
    fn post_roll_gear(&self, s: &State, seat: u8, need: i32) -> CardSet {
        let gear = self.check_gear(s, seat, false);
        if !self.cfg.gear_windows_useful || self.stacks(s, seat) {
            return gear;
        }
        let kept = self.kept_potential(s, seat);
        gear.iter()
            .filter(|&c| self.gear_gain(s, seat, c) + kept >= need)
            .collect()
    }

    fn stacks(&self, s: &State, seat: u8) -> bool {
        if Self::attacking_role(s, seat) {
            self.cfg.stack_weapons
        } else {
            self.cfg.stack_armor
        }
    }

    /// How much `seat` could move the current check in its favour with everything it holds.
    fn potential(&self, s: &State, seat: u8) -> i32 {
        let p = &s.players[seat as usize];
        if p.unused.is_empty() && p.kept.is_empty() {
            // No gear to use and no card to play (the commonest case).
            return 0;
        }
        let gear = self
            .check_gear(s, seat, false)
            .iter()
            .map(|c| self.gear_gain(s, seat, c));
        let gear = if self.stacks(s, seat) {
            gear.sum()
        } else {
            gear.max().unwrap_or(0)
        };
        gear + self.kept_potential(s, seat)
    }

    pub(crate) fn start_check(s: &mut State, kind: CheckKind, attacker: u8, defender: u8) -> Step {
        s.check = Check {
            kind,
            attacker,
            defender,
            pending: if kind == CheckKind::PvpOpposed { 3 } else { 1 },
            ..Check::default()
        };
        Step::CheckPre
    }

    pub(crate) fn on_check_roll(s: &mut State, roll: u8) -> Step {
        let c = &mut s.check;
        if c.pending & 1 != 0 {
            c.roll = roll;
            c.pending &= !1;
        } else {
            c.roll2 = roll;
            c.pending &= !2;
        }
        if c.pending != 0 {
            Step::Rest
        } else {
            Step::CheckEval
        }
    }

    #[inline(always)]
    pub(crate) fn check_pre(&self, s: &mut State) -> Step {
        // The attacker's side (pre_side 0), then the defender's (1); written out rather than
        // as a loop, which the compiler would set up at a cost larger than the work.
        if s.check.pre_side == 0 {
            if self.may_act_before_roll(s, s.check.attacker) {
                s.check.acting = s.check.attacker;
                return self.rest(s, Phase::CheckPre);
            }
            s.check.pre_side = 1;
        }
        if s.check.pre_side == 1 {
            if self.may_act_before_roll(s, s.check.defender) {
                s.check.acting = s.check.defender;
                return self.rest(s, Phase::CheckPre);
            }
            s.check.pre_side = 2;
        }
        self.rest(s, Phase::CheckRoll)
    }

    /// Whether `seat` (NONE: a monster) has something to play before the current roll.
    #[inline]
    fn may_act_before_roll(&self, s: &State, seat: u8) -> bool {
        seat != NONE
            && !(self.check_cards(s, seat, true).is_empty()
                && self.check_gear(s, seat, true).is_empty())
    }

    /// Whether `seat`, `need` short of turning the current roll, gets a window after it: when
    /// it holds any gear or kept card it may use now; with `gear_windows=useful` only when
    /// they could turn the roll together.
    #[inline]
    fn window_after_roll(&self, s: &State, seat: u8, need: i32) -> bool {
        if self.cfg.gear_windows_useful {
            self.potential(s, seat) >= need
        } else {
            !(self.check_gear(s, seat, false).is_empty()
                && self.check_cards(s, seat, false).is_empty())
        }
    }

    /// In a check's window, the gear the acting seat may use and the kept cards it may play
    /// (one per kind); `Pass` is always open too.
    pub(crate) fn check_options(&self, s: &State) -> (CardSet, CardSet) {
        let pre = s.phase == Phase::CheckPre;
        let seat = s.check.acting;
        let gear = if pre {
            self.check_gear(s, seat, true)
        } else {
            let need = self.losing_side(s, self.check_margin(s)).1;
            self.post_roll_gear(s, seat, need)
        };
        let cards = self.representatives(self.check_cards(s, seat, pre));
        (gear, cards)
    }

    /// `Pass` after a roll: the roll stands (with opposed rolls tied, the defender may
    /// still act).
    pub(crate) fn check_pass(&self, s: &mut State) -> Step {
        let tie = s.check.kind == CheckKind::PvpOpposed
            && self.check_margin(s) == 0
            && !s.check.tie_passed;
        if tie {
            s.check.tie_passed = true;
            Step::CheckEval
        } else {
            Step::CheckResolve
        }
    }

    /// The seat that is losing the current check and may act, and what it needs to gain.
    fn losing_side(&self, s: &State, m: i32) -> (u8, i32) {
        let c = &s.check;
        if c.kind == CheckKind::PvpOpposed {
            return match m.cmp(&0) {
                std::cmp::Ordering::Less => (c.attacker, -m),
                std::cmp::Ordering::Greater => (c.defender, m),
                std::cmp::Ordering::Equal if !c.tie_passed => (c.attacker, 1),
                std::cmp::Ordering::Equal => (c.defender, 1),
            };
        }
        if m >= 0 {
            (c.defender, m + 1)
        } else {
            (c.attacker, -m)
        }
    }

    #[inline(always)]
    pub(crate) fn check_eval(&self, s: &mut State) -> Step {
        let m = self.check_margin(s);
        let (seat, need) = self.losing_side(s, m);
        if seat != NONE && self.window_after_roll(s, seat, need) {
            s.check.acting = seat;
            return self.rest(s, Phase::CheckPost);
        }
        if s.check.kind == CheckKind::PvpOpposed && m == 0 && !s.check.tie_passed {
            s.check.tie_passed = true;
            return Step::CheckEval;
        }
        // Step::CheckResolve, called directly with the margin just computed.
        self.resolve_with_margin(s, m)
    }

    pub(crate) fn check_resolve(&self, s: &mut State) -> Step {
        let m = self.check_margin(s);
        self.resolve_with_margin(s, m)
    }

    /// `CheckResolve` for the current margin `m` of the check.
    fn resolve_with_margin(&self, s: &mut State, m: i32) -> Step {
        let c = s.check;
        let cur = s.current;
        match c.kind {
            CheckKind::MonsterAttack if m >= 0 => Step::FightWon,
            CheckKind::MonsterAttack => {
                if s.fight.revenge_round && !self.cfg.revenge_full_round {
                    Step::FightOver
                } else {
                    Self::start_check(s, CheckKind::MonsterDefend, NONE, cur)
                }
            }
            CheckKind::MonsterDefend if m >= 0 => Step::Wound(cur),
            CheckKind::MonsterDefend => Step::FightOver,
            CheckKind::PvpTarget if m >= 0 => {
                s.fight.winner = c.attacker;
                Step::PvpSteal
            }
            CheckKind::PvpTarget if c.attacker == cur => {
                Self::start_check(s, CheckKind::PvpTarget, c.defender, cur)
            }
            CheckKind::PvpTarget => Step::PvpWound,
            CheckKind::PvpOpposed => {
                s.fight.winner = match m.cmp(&0) {
                    std::cmp::Ordering::Greater => c.attacker,
                    std::cmp::Ordering::Less => c.defender,
                    std::cmp::Ordering::Equal => NONE,
                };
                if s.fight.winner == NONE {
                    Step::PvpWound
                } else {
                    Step::PvpSteal
                }
            }
            CheckKind::Ambush if m >= 0 => {
                Self::start_steal(s, cur, NONE, s.fight.base, StealFor::Ambush)
            }
            CheckKind::Ambush => Step::FightOver,
        }
    }

    pub(crate) fn play_in_check(&self, s: &mut State, card: u8) -> Step {
        let seat = s.check.acting;
        if self.play_kept(s, seat, card) != Effect::Reroll {
            return Step::CheckEval;
        }
        // Recovery!: the attacking side rerolls its own roll; the defending side forces
        // the attacker to reroll. In opposed rolls each side rerolls its own.
        let opposed_defender = s.check.kind == CheckKind::PvpOpposed && seat == s.check.defender;
        s.check.pending = if opposed_defender { 2 } else { 1 };
        self.rest(s, Phase::CheckRoll)
    }
}
