//! The rules: [`OpenOubliette`] and its [`Game`] implementation.
//!
//! `apply_unchecked` handles the action at the current resting point (a decision or chance
//! node, recorded in [`State::phase`]) and then runs the turn's program forward through
//! every deterministic step until the next resting point. The program is written as a
//! small set of [`Step`]s, one per step of a turn, a fight and a player fight as
//! `docs/rules/open-oubliette.md` lists them.

use std::sync::Arc;

use gameshelf_engine::dice::{self, DicePair};
use gameshelf_engine::{
    Actor, CardSet, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, Playout, Returns,
    Rng, Seat, SpecError, Utility, Watch,
};

use crate::action::{Action, Dir};
use crate::config::{
    Config, DirectionChoice, ID, LevelUpEnd, MAX_PLAYERS, Mode, PARAMS, TreasureEndTiming,
};
use crate::decks::{DeckError, Decks, Effect};
use crate::observe::Observation;
use crate::sample::{self, Groups};
use crate::state::*;

/// The defense score before armor.
pub const BASE_DEFENSE: i32 = 8;
/// Cards the winner of a player fight takes.
pub const PVP_STEAL: u8 = 3;
/// Wounds the Exit action Recovery may return.
pub const RECOVERY_WOUNDS: u8 = 3;
/// The tie-break tiers of the scoring when the treasure runs out, in order: the end kind
/// recorded when tier `i` ([`OpenOubliette::tier_score`]) decides.
pub const TIERS: [EndKind; 3] = [
    EndKind::TreasureExhausted,
    EndKind::TiebreakUnused,
    EndKind::TiebreakEquipped,
];
/// Oubliette Turns in jail mode.
pub const JAIL_TURNS: u8 = 3;
/// Gold per banked card per Level Up.
pub const LEVEL_UP_GOLD: u32 = 100;
/// Gold per host dollar in jail mode.
pub const GOLD_PER_DOLLAR: u32 = 10;

/// Why a configuration was rejected.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The game string or a parameter is wrong.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A deck file is wrong.
    #[error(transparent)]
    Deck(#[from] DeckError),
}

/// Open Oubliette: a validated configuration and its decks.
#[derive(Clone, Debug)]
pub struct OpenOubliette {
    cfg: Config,
    decks: Arc<Decks>,
    info: GameInfo,
    shortcuts: CardSet,
    healings: CardSet,
    rages: CardSet,
    rerolls: CardSet,
    dodges: CardSet,
    revenges: CardSet,
    /// The kept cards that may ever be played in a check's window before the roll
    /// ([`Self::check_cards`] picks from these) ...
    check_pre_cards: CardSet,
    /// ... and after it.
    check_post_cards: CardSet,
    monster_groups: Groups,
    event_groups: Groups,
    wound_groups: Groups,
    /// Per-card numbers of the decks that the turn program reads, in fixed arrays.
    tables: CardTables,
}

/// Per-card numbers copied out of the decks (indexed by card; 0 past a deck's end), so
/// the hot paths read them without going through the decks' `Vec`s.
#[derive(Clone, Debug)]
struct CardTables {
    /// Each treasure card's weapon or armor bonus.
    bonus: [u8; CardSet::CAPACITY],
    /// Each treasure card's gold value.
    value: [u32; CardSet::CAPACITY],
    /// The wound cards by modifier, as `(modifier, cards)`, highest first, modifiers above 0
    /// only.
    wound_classes: Vec<(u8, CardSet)>,
    /// Each event card's check bonus when played in a check (Rage, Dodge).
    check_bonus: [u8; CardSet::CAPACITY],
}

impl CardTables {
    fn new(decks: &Decks) -> Self {
        fn table<T: Copy + Default, U>(cards: &[U], f: impl Fn(&U) -> T) -> [T; CardSet::CAPACITY] {
            let mut out = [T::default(); CardSet::CAPACITY];
            for (slot, card) in out.iter_mut().zip(cards) {
                *slot = f(card);
            }
            out
        }
        CardTables {
            bonus: table(&decks.treasures, |t| t.bonus),
            value: table(&decks.treasures, |t| t.value),
            wound_classes: {
                let mut mods: Vec<u8> = decks.wounds.iter().map(|w| w.modifier).collect();
                mods.retain(|&m| m > 0);
                mods.sort_unstable_by(|a, b| b.cmp(a));
                mods.dedup();
                let cards = |m: u8| {
                    (0u8..)
                        .zip(&decks.wounds)
                        .filter(|(_, w)| w.modifier == m)
                        .map(|(c, _)| c)
                        .collect()
                };
                mods.into_iter().map(|m| (m, cards(m))).collect()
            },
            check_bonus: table(&decks.events, |e| match e.effect {
                Effect::Rage { bonus } | Effect::Dodge { bonus } => bonus,
                _ => 0,
            }),
        }
    }

    /// The gold value of treasure cards ([`Decks::treasure_value`]).
    fn value(&self, cards: CardSet) -> u32 {
        cards.iter().map(|c| self.value[c as usize]).sum()
    }

    /// W for a set of wound cards ([`Decks::wound_score`]).
    /// Takes the two highest a modifier class at a time.
    fn wound_score(&self, wounds: CardSet) -> u8 {
        let (mut w, mut left) = (0u8, 2u8);
        for &(m, cards) in &self.wound_classes {
            let k = (wounds.intersection(cards).len() as u8).min(left);
            w = w.saturating_add(m.saturating_mul(k));
            left -= k;
            if left == 0 {
                break;
            }
        }
        w
    }
}

/// The metadata shared by every configuration (standalone returns).
pub(crate) fn base_info() -> GameInfo {
    GameInfo {
        id: ID,
        name: "Open Oubliette",
        credit: "John Colagioia (CC-BY-SA 4.0)",
        min_players: 1,
        max_players: MAX_PLAYERS,
        chance: ChanceMode::ExplicitStochastic,
        information: Information::Imperfect,
        utility: Utility::ConstantSum(1.0),
        min_return: 0.0,
        max_return: 1.0,
        params: PARAMS,
    }
}

impl Default for OpenOubliette {
    fn default() -> Self {
        OpenOubliette::new(Config::default())
    }
}

/// A transient label of the turn program (never stored in a state).
#[derive(Clone, Copy, Debug)]
enum Step {
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

/// The pile a draw comes from: the draw pile, or the discard pile when it is empty.
#[inline]
fn or_discard(draw: CardSet, discard: CardSet) -> CardSet {
    if draw.is_empty() { discard } else { draw }
}

/// The direction choices, in listed order.
const DIRECTIONS: [Dir; 2] = [Dir::Forward, Dir::Back];

/// The Exit actions open to `p` as `(recover, cash)`, in listed order: the first `n`.
fn exit_options(p: &PlayerState) -> ([(bool, bool); 4], usize) {
    const ALL: [(bool, bool); 4] = [(false, false), (false, true), (true, false), (true, true)];
    const NO_CARDS: [(bool, bool); 4] =
        [(false, false), (true, false), (true, false), (true, false)];
    if p.unused.is_empty() {
        (NO_CARDS, 2)
    } else {
        (ALL, 3 + !p.wounds.is_empty() as usize)
    }
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

impl OpenOubliette {
    /// The game for a validated configuration, with the standard decks.
    pub fn new(cfg: Config) -> Self {
        OpenOubliette::with_decks(cfg, Decks::standard())
    }

    /// The game for a configuration and decks (e.g. loaded with [`Decks::load_dir`]).
    pub fn with_decks(cfg: Config, decks: Arc<Decks>) -> Self {
        let mut info = base_info();
        if cfg.mode == Mode::Jail {
            let cards = decks.treasures.len() as u64;
            let gold = decks.treasure_value(CardSet::full(decks.treasures.len())) as u64
                + LEVEL_UP_GOLD as u64 * cfg.max_turns as u64 * cards;
            info.utility = Utility::GeneralSum;
            info.max_return = (gold / GOLD_PER_DOLLAR as u64) as f64;
        }
        if cfg.open_hands {
            // Piles hold no order, so with open hands every seat can deduce the whole state.
            info.information = Information::Perfect;
        }
        let set = |f: fn(&Effect) -> bool| decks.events_where(f);
        let timed = set(|e| matches!(e, Effect::Rage { .. } | Effect::Dodge { .. }));
        let (timed_pre, timed_post) = if cfg.kept_before_roll {
            (timed, CardSet::EMPTY)
        } else {
            (CardSet::EMPTY, timed)
        };
        OpenOubliette {
            check_pre_cards: set(|e| matches!(e, Effect::Healing { .. })).union(timed_pre),
            check_post_cards: set(|e| matches!(e, Effect::Reroll)).union(timed_post),
            shortcuts: set(|e| matches!(e, Effect::Shortcut)),
            healings: set(|e| matches!(e, Effect::Healing { .. })),
            rages: set(|e| matches!(e, Effect::Rage { .. })),
            rerolls: set(|e| matches!(e, Effect::Reroll)),
            dodges: set(|e| matches!(e, Effect::Dodge { .. })),
            revenges: set(|e| matches!(e, Effect::Revenge)),
            monster_groups: Groups::new(&decks.monster_copies),
            event_groups: Groups::new(&decks.event_copies),
            wound_groups: Groups::new(&decks.wound_copies),
            tables: CardTables::new(&decks),
            cfg,
            decks,
            info,
        }
    }

    /// The game named by a game string, with the standard decks.
    ///
    /// # Errors
    /// [`ConfigError::Spec`] for an unknown id or a bad parameter.
    pub fn from_spec(spec: &GameSpec) -> Result<Self, ConfigError> {
        Ok(OpenOubliette::new(Config::from_spec(spec)?))
    }

    /// The game named by a game string, with decks loaded from a data folder.
    ///
    /// # Errors
    /// [`ConfigError::Spec`] or [`ConfigError::Deck`].
    pub fn from_spec_and_dir(
        spec: &GameSpec,
        dir: impl AsRef<std::path::Path>,
    ) -> Result<Self, ConfigError> {
        let cfg = Config::from_spec(spec)?;
        Ok(OpenOubliette::with_decks(
            cfg,
            Arc::new(Decks::load_dir(dir)?),
        ))
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The decks.
    pub fn decks(&self) -> &Decks {
        &self.decks
    }

    /// Jail mode: the host dollars `seat` brings back: `(banked gold + 100 x Level Ups
    /// x banked cards) / 10`, rounded down. Fixed when the player leaves; before that, what it
    /// would bring if it left now. In the standalone game, banked gold / 10 likewise.
    pub fn jail_dollars(&self, state: &State, seat: Seat) -> u32 {
        let p = &state.players[seat];
        if p.left {
            return p.dollars;
        }
        (p.banked_value + LEVEL_UP_GOLD * p.level_ups as u32 * p.banked.len() as u32)
            / GOLD_PER_DOLLAR
    }

    /// A player's score for the win check and scoring: banked gold, plus the Level Up bonus
    /// when it counts at the end (`levelup_end=game_end`).
    pub fn score(&self, state: &State, seat: Seat) -> u32 {
        let p = &state.players[seat];
        let bonus =
            if self.cfg.levelup_end == LevelUpEnd::GameEnd && self.cfg.mode == Mode::Standalone {
                LEVEL_UP_GOLD * p.level_ups as u32 * p.banked.len() as u32
            } else {
                0
            };
        p.banked_value + bonus
    }

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

    // ---- small state helpers -------------------------------------------------------

    fn standalone(&self) -> bool {
        self.cfg.mode == Mode::Standalone
    }

    /// Updates the cached W after a change of `p.wounds`.
    fn refresh_wounds(&self, p: &mut PlayerState) {
        p.w = self.tables.wound_score(p.wounds);
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

    /// Removes an unused card from a player (it may be the Trap's card: forget it then).
    fn take_unused(s: &mut State, seat: u8, card: u8) {
        s.players[seat as usize].unused.remove(card);
        if s.turn.trap_card == card {
            s.turn.trap_card = NONE;
        }
    }

    fn lose_treasure(&self, s: &mut State, card: u8) {
        if self.cfg.lost_treasure_reshuffled {
            s.treasure_draw.insert(card);
        } else {
            s.treasure_removed.insert(card);
        }
    }

    fn equip(&self, s: &mut State, seat: u8, card: u8) {
        Self::take_unused(s, seat, card);
        let p = &mut s.players[seat as usize];
        p.equipped.insert(card);
        self.refresh_gear(p);
    }

    fn heal(&self, s: &mut State, seat: u8, n: usize) {
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

    /// Plays a kept card: it goes to the event discard and its bonus (if any) applies.
    fn play_kept(&self, s: &mut State, seat: u8, card: u8) -> Effect {
        s.players[seat as usize].kept.remove(card);
        s.event_discard.insert(card);
        let effect = self.decks.events[card as usize].effect;
        match effect {
            Effect::Healing { wounds } => self.heal(s, seat, wounds as usize),
            Effect::Rage { bonus } => s.fight.att_bonus = s.fight.att_bonus.saturating_add(bonus),
            Effect::Dodge { bonus } => s.check.def_bonus = s.check.def_bonus.saturating_add(bonus),
            _ => {}
        }
        effect
    }

    fn set_exit_landed(&self, p: &mut PlayerState, landed: bool) {
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
        if s.turn.trap_card != NONE && cards.contains(s.turn.trap_card) {
            s.turn.trap_card = NONE;
        }
    }

    /// Jail mode: the player leaves; its dollars are fixed and its cards go back.
    fn leave(&self, s: &mut State, seat: u8) {
        let dollars = self.jail_dollars(s, seat as usize);
        let p = &mut s.players[seat as usize];
        s.treasure_draw = s
            .treasure_draw
            .union(p.unused)
            .union(p.equipped)
            .union(p.banked);
        s.event_draw = s.event_draw.union(p.kept).union(p.quests);
        s.wound_draw = s.wound_draw.union(p.wounds);
        *p = PlayerState {
            pos: p.pos,
            banked_value: p.banked_value,
            level_ups: p.level_ups,
            left: true,
            dollars,
            ..PlayerState::default()
        };
    }

    /// The other players on the current player's space.
    fn others_here(&self, s: &State) -> CardSet {
        let me = s.current as usize;
        let pos = s.players[me].pos;
        let mut seats = CardSet::EMPTY;
        for (q, p) in s.players[..self.cfg.players].iter().enumerate() {
            let here = (q != me) & !p.left & (p.pos == pos);
            seats = seats.union(CardSet::from_bits((here as u64) << q));
        }
        seats
    }

    /// One card per interchangeable group of `cards`: the lowest.
    fn representatives(&self, cards: CardSet) -> CardSet {
        let (mut seen, mut out) = (0u64, CardSet::EMPTY);
        for c in cards {
            let key = 1u64 << self.decks.event_key[c as usize];
            if seen & key == 0 {
                seen |= key;
                out.insert(c);
            }
        }
        out
    }

    /// One wound card per kind of `wounds`: the lowest of identical cards.
    fn wound_kinds(&self, wounds: CardSet) -> CardSet {
        let (mut kinds, mut rest) = (CardSet::EMPTY, wounds);
        while let Some(c) = rest.iter().next() {
            kinds.insert(c);
            rest = rest.difference(self.decks.wound_copies[c as usize]);
        }
        kinds
    }

    /// Kept cards `seat` may play in the windows before the roll and after the events.
    fn window_cards(&self, p: &PlayerState) -> CardSet {
        let healings = if p.w > 0 {
            self.healings
        } else {
            CardSet::EMPTY
        };
        p.kept.intersection(self.shortcuts.union(healings))
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

    // ---- the turn program -------------------------------------------------------------

    /// Runs the turn program from `step` to the next resting point.
    ///
    /// Speed notes (random playouts spend most of their time here): the larger step helpers
    /// are `#[inline(never)]` so that this loop stays small, and `End` runs the usual chain
    /// to the next turn's roll as direct calls ([`Self::end_turn`]).
    fn run(&self, s: &mut State, mut step: Step) {
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

    fn exit_arrive(&self, s: &mut State) -> Step {
        if self.cfg.quest_land_only && s.turn.passed_exit {
            self.rest(s, Phase::ExitChoice)
        } else {
            s.turn.quest_cursor = s.me().quests;
            Step::NextQuest
        }
    }

    fn exit_continue(&self, s: &mut State) -> Step {
        self.arrival_reset(s);
        match s.turn.exit_from {
            ExitFrom::Pre => Step::Roll,
            ExitFrom::Move => Step::Landing,
            ExitFrom::EventNow => Step::EventDone,
            ExitFrom::Post => Step::Post,
        }
    }

    fn event_done(s: &mut State) -> Step {
        if s.turn.event != NONE {
            s.event_discard.insert(s.turn.event);
            s.turn.event = NONE;
        }
        if s.turn.monster != NONE {
            s.monster_discard.insert(s.turn.monster);
            s.turn.monster = NONE;
        }
        s.fight = Fight::default();
        Step::Post
    }

    fn wound_done(&self, s: &mut State) -> Step {
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

    fn on_wound(&self, s: &mut State, card: u8) -> Step {
        s.wound_draw.remove(card);
        let p = &mut s.players[s.turn.wound_to as usize];
        p.wounds.insert(card);
        self.refresh_wounds(p);
        Step::WoundDone
    }

    fn draws_done(&self, s: &mut State) -> Step {
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

    fn fight_over(s: &mut State) -> Step {
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

    fn event(&self, s: &mut State) -> Step {
        if is_corner(s.me().pos) {
            self.rest(s, Phase::DrawEvent)
        } else {
            Step::Post
        }
    }

    fn draw_next(&self, s: &mut State) -> Step {
        if s.turn.draws_left > 0 && !s.treasure_draw.is_empty() {
            self.rest(s, Phase::DrawTreasure)
        } else {
            Step::DrawsDone
        }
    }

    fn fight_won(&self, s: &mut State) -> Step {
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

    fn wound(&self, s: &mut State, seat: u8) -> Step {
        if s.wound_draw.is_empty() {
            Step::WoundDone
        } else {
            s.turn.wound_to = seat;
            self.rest(s, Phase::DrawWound)
        }
    }

    fn landing(&self, s: &mut State) -> Step {
        if s.turn.move_only {
            Step::End
        } else if !self.others_here(s).is_empty() {
            self.rest(s, Phase::PvpChoice)
        } else {
            Step::Monster
        }
    }

    /// [`Self::run`] for the steps that follow the commonest chance outcomes in playouts (a
    /// move lands and a monster is drawn, a fight roll is evaluated, a won fight's treasure
    /// is drawn and the turn goes on), taken in the order the turn program takes them, as
    /// direct calls: `run` sets up more than these steps cost. Any other step goes to `run`.
    fn run_common(&self, s: &mut State, mut step: Step) {
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
    fn end_turn(&self, s: &mut State) -> Step {
        let step = self.end_of_turn(s);
        self.to_next_roll(s, step)
    }

    /// The steps from `EndChecks` to the next movement roll (see [`Self::end_turn`]), as
    /// direct calls from `step` on; any other step is handed back.
    fn to_next_roll(&self, s: &mut State, mut step: Step) -> Step {
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

    fn rest(&self, s: &mut State, phase: Phase) -> Step {
        s.phase = phase;
        Step::Rest
    }

    /// The current player attacks seat `y`.
    fn attack(&self, s: &mut State, y: u8) -> Step {
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

    fn start_draws(s: &mut State, n: u8, draw_for: DrawFor) -> Step {
        s.turn.draws_left = n;
        s.turn.draw_for = draw_for;
        Step::DrawNext
    }

    fn start_steal(s: &mut State, from: u8, to: u8, n: u8, steal_for: StealFor) -> Step {
        s.turn.steal_from = from;
        s.turn.steal_to = to;
        s.turn.steals_left = n;
        s.turn.steal_for = steal_for;
        Step::StealNext
    }

    fn start_check(s: &mut State, kind: CheckKind, attacker: u8, defender: u8) -> Step {
        s.check = Check {
            kind,
            attacker,
            defender,
            pending: if kind == CheckKind::PvpOpposed { 3 } else { 1 },
            ..Check::default()
        };
        Step::CheckPre
    }

    fn start_monster_round(s: &mut State) -> Step {
        let cur = s.current;
        Self::start_check(s, CheckKind::MonsterAttack, cur, NONE)
    }

    #[inline(never)]
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

    fn on_move_roll(&self, s: &mut State, pair: DicePair) -> Step {
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

    fn do_move(&self, s: &mut State, dir: Dir) -> Step {
        let cur = s.current as usize;
        let k = s.turn.roll as i32;
        let p = &mut s.players[cur];
        let from = p.pos as i32;
        let to = from + dir.sign() * k;
        let landed = from != 0 && (to == 0 || to == BOARD as i32);
        let passed = from != 0 && !landed && !(0..=BOARD as i32).contains(&to);
        p.pos = to.rem_euclid(BOARD as i32) as u8;
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

    fn use_shortcut(&self, s: &mut State, from: ExitFrom) -> Step {
        let cur = s.current as usize;
        let p = &mut s.players[cur];
        p.pos = 0;
        self.set_exit_landed(p, true);
        s.turn.passed_exit = false;
        s.turn.exit_from = from;
        Step::ExitArrive
    }

    #[inline(never)]
    fn next_quest(&self, s: &mut State) -> Step {
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
        }
    }

    fn on_exit(&self, s: &mut State, recover: bool, cash: bool) -> Step {
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
    fn return_wound(&self, s: &mut State, card: u8) -> Step {
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
    fn exit_cash(&self, s: &mut State, cash: bool) -> Step {
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
    fn exit_end(&self, s: &mut State) -> Step {
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

    fn on_treasure(s: &mut State, card: u8) -> Step {
        let cur = s.current;
        s.treasure_draw.remove(card);
        s.players[cur as usize].unused.insert(card);
        if s.turn.draw_for == DrawFor::MonsterWin {
            s.turn.trap_card = card;
        }
        s.turn.draws_left -= 1;
        Step::DrawNext
    }

    fn on_check_roll(s: &mut State, roll: u8) -> Step {
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

    fn on_monster(&self, s: &mut State, card: u8) -> Step {
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

    fn on_event(&self, s: &mut State, card: u8) -> Step {
        if s.event_draw.is_empty() {
            s.event_draw = s.event_discard;
            s.event_discard = CardSet::EMPTY;
        }
        s.event_draw.remove(card);
        s.turn.event = card;
        let cur = s.current as usize;
        let ev = &self.decks.events[card as usize];
        match ev.effect {
            Effect::Secret { .. } => {
                s.turn.die_for = DieFor::Secret;
                self.rest(s, Phase::Die)
            }
            Effect::Trap { .. } => {
                s.turn.die_for = DieFor::Trap;
                self.rest(s, Phase::Die)
            }
            Effect::Shortcut if ev.keep => self.rest(s, Phase::KeepChoice),
            Effect::Shortcut => {
                s.event_discard.insert(card);
                s.turn.event = NONE;
                self.use_shortcut(s, ExitFrom::EventNow)
            }
            Effect::Healing { wounds } => {
                if !ev.keep {
                    self.heal(s, cur as u8, wounds as usize);
                    Step::EventDone
                } else if s.players[cur].w > 0 {
                    self.rest(s, Phase::KeepChoice)
                } else {
                    self.keep_event(s)
                }
            }
            Effect::Tunnel { steps } => {
                let back = self.cfg.tunnel_relative_to_move && s.turn.move_dir == Dir::Back;
                let steps = if back { -(steps as i32) } else { steps as i32 };
                let p = &mut s.players[cur];
                p.pos = (p.pos as i32 + steps).rem_euclid(BOARD as i32) as u8;
                self.set_exit_landed(p, false);
                if self.cfg.tunnel_triggers_landing {
                    s.event_discard.insert(card);
                    s.turn.event = NONE;
                    Step::Landing
                } else {
                    Step::EventDone
                }
            }
            Effect::Spelunk => {
                if self.cfg.spelunk_move_only {
                    s.turn.moves_pending += 1;
                } else {
                    s.players[cur].extra_turns += 1;
                }
                Step::EventDone
            }
            Effect::CaveIn => {
                s.players[cur].lost_turns += 1;
                Step::EventDone
            }
            Effect::Hoard { power, monster, .. } => {
                let mut base = power;
                if let (true, Some(kind)) = (self.cfg.hoard_draws_deck_dragon, monster) {
                    let of_kind = |pile: CardSet| {
                        pile.iter()
                            .find(|&c| self.decks.monsters[c as usize].kind == kind)
                    };
                    if let Some(c) = of_kind(s.monster_draw) {
                        s.monster_draw.remove(c);
                        s.turn.monster = c;
                    } else if let Some(c) = of_kind(s.monster_discard) {
                        s.monster_discard.remove(c);
                        s.turn.monster = c;
                    }
                    if s.turn.monster != NONE {
                        base = self.decks.monsters[s.turn.monster as usize].power;
                    }
                }
                s.fight = Fight {
                    kind: FightKind::Hoard,
                    base,
                    ..Fight::default()
                };
                Self::start_monster_round(s)
            }
            Effect::Loot { treasure } => Self::start_draws(s, treasure, DrawFor::Event),
            Effect::Ambush { cards } => {
                s.fight = Fight {
                    kind: FightKind::Ambush,
                    base: cards,
                    ..Fight::default()
                };
                Self::start_check(s, CheckKind::Ambush, NONE, cur as u8)
            }
            Effect::Quest { .. } => {
                s.players[cur].quests.insert(card);
                s.turn.event = NONE;
                Step::EventDone
            }
            Effect::LevelUp => {
                s.players[cur].level_ups = s.players[cur].level_ups.saturating_add(1);
                Step::EventDone
            }
            Effect::Rage { .. } | Effect::Reroll | Effect::Dodge { .. } | Effect::Revenge => {
                self.keep_event(s)
            }
        }
    }

    fn keep_event(&self, s: &mut State) -> Step {
        let cur = s.current as usize;
        s.players[cur].kept.insert(s.turn.event);
        s.turn.event = NONE;
        Step::EventDone
    }

    fn on_die(&self, s: &mut State, d: u8) -> Step {
        let cur = s.current;
        match (
            s.turn.die_for,
            self.decks.events[s.turn.event as usize].effect,
        ) {
            (
                DieFor::Secret,
                Effect::Secret {
                    die_at_least,
                    treasure,
                },
            ) if d >= die_at_least => Self::start_draws(s, treasure, DrawFor::Event),
            (DieFor::Trap, Effect::Trap { die_at_most }) if d <= die_at_most => {
                s.players[cur as usize].lost_turns += 1;
                if self.cfg.trap_random_unused {
                    return Self::start_steal(s, cur, NONE, 1, StealFor::Trap);
                }
                let card = s.turn.trap_card;
                if card != NONE && s.players[cur as usize].unused.contains(card) {
                    Self::take_unused(s, cur, card);
                    self.lose_treasure(s, card);
                }
                Step::EventDone
            }
            (DieFor::Hoard, Effect::Hoard { die_plus, .. }) => {
                Self::start_draws(s, d + die_plus, DrawFor::Event)
            }
            _ => Step::EventDone,
        }
    }

    #[inline(never)]
    fn check_pre(&self, s: &mut State) -> Step {
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
    fn check_options(&self, s: &State) -> (CardSet, CardSet) {
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
    fn check_pass(&self, s: &mut State) -> Step {
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

    #[inline(never)]
    fn check_eval(&self, s: &mut State) -> Step {
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

    fn check_resolve(&self, s: &mut State) -> Step {
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

    #[inline(never)]
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

    #[inline(never)]
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

    #[inline(never)]
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

    #[inline(never)]
    fn game_over(&self, s: &mut State, kind: EndKind) -> Step {
        s.phase = Phase::Over;
        s.fight = Fight::default();
        if !self.standalone() {
            for seat in 0..self.cfg.players as u8 {
                if !s.players[seat as usize].left {
                    self.leave(s, seat);
                }
            }
            s.end = if kind == EndKind::TurnLimit {
                kind
            } else {
                EndKind::JailServed
            };
            return Step::Rest;
        }
        if kind == EndKind::Target {
            s.winners = 1 << s.current;
            s.end = kind;
            return Step::Rest;
        }
        let (winners, decided) = self.scoring(s);
        s.winners = winners;
        s.end = if kind == EndKind::TurnLimit {
            kind
        } else {
            decided
        };
        Step::Rest
    }

    /// A player's score at tie-break `tier` of the scoring when the treasure runs out
    /// (0, 1 or 2; see [`TIERS`]): banked gold (with the Level Up bonus when it counts at
    /// the end); then plus unused treasure (and equipped gear with
    /// `tiebreak_tier2=including`); then plus unused treasure and equipped gear.
    pub fn tier_score(&self, s: &State, seat: Seat, tier: usize) -> u32 {
        self.tier_scores(s, seat)[tier]
    }

    /// A player's [`Self::tier_score`] at every tier, each card set summed once.
    pub fn tier_scores(&self, s: &State, seat: Seat) -> [u32; TIERS.len()] {
        let p = &s.players[seat];
        let banked = self.score(s, seat);
        let unused = self.decks.treasure_value(p.unused);
        let gear = self.decks.treasure_value(p.equipped);
        let second = if self.cfg.tiebreak_including { gear } else { 0 };
        [banked, banked + unused + second, banked + unused + gear]
    }

    /// The players among `candidates` (a bit mask of seats) with the best
    /// [`Self::tier_score`] at `tier`.
    pub fn best_at_tier(&self, s: &State, candidates: u8, tier: usize) -> u8 {
        let in_play = |q: &usize| candidates & (1 << q) != 0;
        let score = |q: usize| self.tier_score(s, q, tier);
        let best = (0..self.cfg.players)
            .filter(in_play)
            .map(score)
            .max()
            .unwrap_or(0);
        (0..self.cfg.players)
            .filter(in_play)
            .filter(|&q| score(q) == best)
            .fold(0, |m, q| m | 1 << q)
    }

    /// Scoring when the treasure runs out (three tie-break tiers): the winners' bit mask
    /// and which tier decided.
    pub fn scoring(&self, s: &State) -> (u8, EndKind) {
        let mut candidates: u8 = ((1u16 << self.cfg.players) - 1) as u8;
        for (tier, kind) in TIERS.into_iter().enumerate() {
            candidates = self.best_at_tier(s, candidates, tier);
            if candidates.count_ones() == 1 {
                return (candidates, kind);
            }
        }
        (candidates, EndKind::Shared)
    }

    /// `cash_in_subset`: the cards that may still be added to the cash-in. Cards are picked
    /// in increasing order, so each subset is reached by exactly one sequence.
    fn cash_choices(s: &State) -> CardSet {
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

    fn cash_selected(&self, s: &mut State) -> Step {
        let sel = std::mem::take(&mut s.turn.cash_sel);
        self.bank(s, sel);
        Step::ExitEnd
    }

    fn play_window(&self, s: &mut State, card: u8, from: ExitFrom) -> Step {
        let cur = s.current;
        match self.play_kept(s, cur, card) {
            Effect::Shortcut => self.use_shortcut(s, from),
            _ if from == ExitFrom::Pre => Step::Pre,
            _ => Step::Post,
        }
    }

    fn play_in_check(&self, s: &mut State, card: u8) -> Step {
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

    /// The monster card drawn at [`Phase::DrawMonster`] (see `sample_chance`).
    #[inline]
    fn sample_monster(&self, s: &State, rng: &mut Rng) -> u8 {
        self.monster_groups
            .draw(or_discard(s.monster_draw, s.monster_discard), rng)
    }

    /// The event card drawn at [`Phase::DrawEvent`] (see `sample_chance`).
    #[inline]
    fn sample_event(&self, s: &State, rng: &mut Rng) -> u8 {
        self.event_groups
            .draw(or_discard(s.event_draw, s.event_discard), rng)
    }

    fn set_order(&self, s: &mut State, mut index: usize) {
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
        }
        s.order_pos = 0;
        s.current = s.order[0];
        s.turn = TurnCtx::default();
    }
}

impl Game for OpenOubliette {
    type Action = Action;
    type State = State;
    type Observation = Observation;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        self.cfg.spec()
    }

    /// The turn order is drawn at setup (the README's die roll); `None` before that, and for a
    /// single player.
    fn turn_position(&self, state: &State, seat: Seat) -> Option<usize> {
        if self.cfg.players < 2 || state.phase == Phase::Order {
            return None;
        }
        state.order[..self.cfg.players]
            .iter()
            .position(|&s| usize::from(s) == seat)
    }

    fn data_fingerprint(&self) -> Option<String> {
        Some(self.decks.fingerprint.clone())
    }

    fn num_players(&self) -> usize {
        self.cfg.players
    }

    /// At most `max_turns` turns, each of at most `64 + 16 x (cards in all four decks)`
    /// actions (every loop inside a turn uses up a card), plus the turn-order roll.
    fn max_game_length(&self) -> usize {
        let d = &self.decks;
        let cards = d.monsters.len() + d.treasures.len() + d.events.len() + d.wounds.len();
        1 + self.cfg.max_turns as usize * (64 + 16 * cards)
    }

    fn initial_state(&self) -> State {
        let d = &self.decks;
        let n = self.cfg.players;
        let mut s = State {
            players: [PlayerState::default(); MAX_PLAYERS],
            order: [0, 1, 2, 3, 4, 5],
            order_pos: 0,
            current: 0,
            phase: Phase::Order,
            monster_draw: CardSet::full(d.monsters.len()),
            monster_discard: CardSet::EMPTY,
            treasure_draw: CardSet::full(d.treasures.len()),
            treasure_removed: CardSet::EMPTY,
            event_draw: CardSet::full(d.events.len()),
            event_discard: CardSet::EMPTY,
            wound_draw: CardSet::full(d.wounds.len()),
            turn: TurnCtx::default(),
            fight: Fight::default(),
            check: Check::default(),
            turns: 0,
            winners: 0,
            end: EndKind::None,
        };
        for (i, p) in s.players.iter_mut().enumerate() {
            p.left = i >= n;
            if self.cfg.mode == Mode::Jail {
                p.jail_turns = JAIL_TURNS;
            }
        }
        if n == 1 {
            self.run(&mut s, Step::TurnStart);
        }
        s
    }

    #[inline]
    fn actor(&self, s: &State) -> Actor {
        match s.phase {
            Phase::Order
            | Phase::MoveRoll
            | Phase::DrawMonster
            | Phase::DrawEvent
            | Phase::DrawTreasure
            | Phase::DrawWound
            | Phase::Steal
            | Phase::CheckRoll
            | Phase::Die => Actor::Chance,
            Phase::Over => Actor::Terminal,
            Phase::CheckPre | Phase::CheckPost => Actor::Player(s.check.acting as usize),
            _ => Actor::Player(s.current as usize),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        let me = s.me();
        match s.phase {
            Phase::LeaveJail => out.extend([Action::LeaveJail(false), Action::LeaveJail(true)]),
            Phase::PreWindow | Phase::PostWindow => {
                out.extend(
                    self.representatives(self.window_cards(me))
                        .iter()
                        .map(Action::Play),
                );
                out.push(Action::Pass);
            }
            Phase::Direction => out.extend(DIRECTIONS.map(Action::Direction)),
            Phase::ExitChoice => {
                let (exits, n) = exit_options(me);
                out.extend(
                    exits[..n]
                        .iter()
                        .map(|&(recover, cash)| Action::Exit { recover, cash }),
                );
            }
            Phase::RecoverPick => {
                out.extend(self.wound_kinds(me.wounds).iter().map(Action::ReturnWound));
                out.push(Action::RecoverDone);
            }
            Phase::CashPick => {
                out.extend(Self::cash_choices(s).iter().map(Action::CashCard));
                out.push(Action::CashDone);
            }
            Phase::PvpChoice => {
                out.extend(self.others_here(s).iter().map(Action::Attack));
                out.push(Action::NoAttack);
            }
            Phase::CheckPre | Phase::CheckPost => {
                let (gear, cards) = self.check_options(s);
                out.extend(gear.iter().map(Action::Equip));
                out.extend(cards.iter().map(Action::Play));
                out.push(Action::Pass);
            }
            Phase::Revenge => {
                let revenges = me.kept.intersection(self.revenges);
                out.extend(self.representatives(revenges).iter().map(Action::Play));
                out.push(Action::Pass);
            }
            Phase::KeepChoice => out.extend([Action::Keep, Action::UseNow]),
            Phase::ExtraTurn => out.extend([Action::ExtraTurn(false), Action::ExtraTurn(true)]),
            _ => {}
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Outcomes<Action>) {
        out.clear();
        let cards = |pile: CardSet, out: &mut Outcomes<Action>, f: fn(u8) -> Action| {
            for c in pile {
                out.push(f(c), 1);
            }
        };
        // Identical cards are one outcome (the lowest copy left), weighted by the copies left.
        let copies =
            |pile: CardSet, groups: &[CardSet], out: &mut Outcomes<Action>, f: fn(u8) -> Action| {
                let mut rest = pile;
                while let Some(c) = rest.iter().next() {
                    let group = groups[c as usize].intersection(pile);
                    out.push(f(c), group.len() as u32);
                    rest = rest.difference(group);
                }
            };
        match s.phase {
            Phase::Order => {
                for i in 0..factorial(self.cfg.players) {
                    out.push(Action::Order(i as u16), 1);
                }
            }
            Phase::MoveRoll => dice::push_2d6_pairs(out, Action::Move),
            Phase::CheckRoll => dice::push_2d6_total(out, Action::Roll),
            Phase::Die => dice::push_d6(out, Action::Die),
            Phase::DrawMonster => copies(
                or_discard(s.monster_draw, s.monster_discard),
                &self.decks.monster_copies,
                out,
                Action::DrawMonster,
            ),
            Phase::DrawEvent => copies(
                or_discard(s.event_draw, s.event_discard),
                &self.decks.event_copies,
                out,
                Action::DrawEvent,
            ),
            Phase::DrawTreasure => cards(s.treasure_draw, out, Action::DrawTreasure),
            Phase::DrawWound => copies(
                s.wound_draw,
                &self.decks.wound_copies,
                out,
                Action::DrawWound,
            ),
            Phase::Steal => cards(
                s.players[s.turn.steal_from as usize].unused,
                out,
                Action::Steal,
            ),
            _ => {}
        }
    }

    /// Draws the outcome directly, without listing: the same outcome, from the same random
    /// number, as listing with `chance_outcomes` and sampling the list (see `sample.rs`).
    #[inline]
    fn sample_chance(&self, s: &State, rng: &mut Rng, buf: &mut Outcomes<Action>) -> Action {
        match s.phase {
            Phase::MoveRoll => Action::Move(sample::move_roll(rng)),
            Phase::CheckRoll => Action::Roll(sample::check_roll(rng)),
            Phase::Die => Action::Die(1 + rng.below(6) as u8),
            Phase::DrawMonster => Action::DrawMonster(self.sample_monster(s, rng)),
            Phase::DrawEvent => Action::DrawEvent(self.sample_event(s, rng)),
            Phase::DrawTreasure => Action::DrawTreasure(s.treasure_draw.pick(rng)),
            Phase::DrawWound => Action::DrawWound(self.wound_groups.draw(s.wound_draw, rng)),
            Phase::Steal => Action::Steal(s.players[s.turn.steal_from as usize].unused.pick(rng)),
            Phase::Order => Action::Order(rng.below(factorial(self.cfg.players) as u64) as u16),
            _ => {
                self.chance_outcomes(s, buf);
                buf.sample(rng)
            }
        }
    }

    /// The provided loop with the commonest nodes (movement and check rolls, monster,
    /// treasure, wound and event draws, and the Exit, Recovery, extra turn, direction, attack
    /// and after-roll decisions: nineteen actions in twenty) sampled and applied in one step,
    /// without building the action (or the list of legal actions) and dispatching on it
    /// again. It applies exactly the actions the provided loop applies, from the same random
    /// numbers: a decision takes `below(number of legal actions)` and the action at that
    /// place in the list (`tests/chance.rs` checks it).
    fn watched_playout<W: Watch<Self>>(
        &self,
        s: &mut State,
        rng: &mut Rng,
        actions: &mut Vec<Action>,
        outcomes: &mut Outcomes<Action>,
        watch: W,
    ) -> Playout {
        let never = |_: &State, _: Seat, _: &mut Rng| -> Action { unreachable!() };
        self.fused::<true, _, _>(s, rng, actions, outcomes, never, watch)
    }

    /// The same loop with the decisions taken by `decide`: chance is still drawn and applied
    /// in fused steps, as [`Game::sample_chance`] draws it, so bots' games are the games
    /// [`gameshelf_engine::play`] would give, faster.
    fn watched_play<D, W>(
        &self,
        s: &mut State,
        rng: &mut Rng,
        outcomes: &mut Outcomes<Action>,
        decide: D,
        watch: W,
    ) -> Playout
    where
        D: FnMut(&State, Seat, &mut Rng) -> Action,
        W: Watch<Self>,
    {
        self.fused::<false, _, _>(s, rng, &mut Vec::new(), outcomes, decide, watch)
    }

    fn apply_unchecked(&self, s: &mut State, action: Action) {
        let cur = s.current;
        let step = match (s.phase, action) {
            (Phase::Order, Action::Order(i)) => {
                self.set_order(s, i as usize);
                Step::TurnStart
            }
            (Phase::LeaveJail, Action::LeaveJail(true)) => {
                self.leave(s, cur);
                Step::NextPlayer
            }
            (Phase::LeaveJail, Action::LeaveJail(false)) => Step::TurnBegin,
            (Phase::PreWindow, Action::Play(c)) => self.play_window(s, c, ExitFrom::Pre),
            (Phase::PreWindow, Action::Pass) => Step::Roll,
            (Phase::PostWindow, Action::Play(c)) => self.play_window(s, c, ExitFrom::Post),
            (Phase::PostWindow, Action::Pass) => Step::End,
            (Phase::MoveRoll, Action::Move(pair)) => self.on_move_roll(s, pair),
            (Phase::Direction, Action::Direction(d)) => self.do_move(s, d),
            (Phase::ExitChoice, Action::Exit { recover, cash }) => self.on_exit(s, recover, cash),
            (Phase::RecoverPick, Action::ReturnWound(c)) => self.return_wound(s, c),
            (Phase::RecoverPick, Action::RecoverDone) => self.exit_cash(s, s.turn.exit_cash),
            (Phase::CashPick, Action::CashCard(c)) => {
                s.turn.cash_sel.insert(c);
                if Self::cash_choices(s).is_empty() {
                    self.cash_selected(s)
                } else {
                    Step::Rest
                }
            }
            (Phase::CashPick, Action::CashDone) => self.cash_selected(s),
            (Phase::PvpChoice, Action::Attack(y)) => self.attack(s, y),
            (Phase::PvpChoice, Action::NoAttack) => Step::Monster,
            (Phase::DrawMonster, Action::DrawMonster(c)) => self.on_monster(s, c),
            (Phase::DrawEvent, Action::DrawEvent(c)) => self.on_event(s, c),
            (Phase::DrawTreasure, Action::DrawTreasure(c)) => Self::on_treasure(s, c),
            (Phase::DrawWound, Action::DrawWound(c)) => self.on_wound(s, c),
            (Phase::Steal, Action::Steal(c)) => {
                Self::take_unused(s, s.turn.steal_from, c);
                match s.turn.steal_to {
                    NONE => self.lose_treasure(s, c),
                    to => s.players[to as usize].unused.insert(c),
                }
                s.turn.steals_left -= 1;
                Step::StealNext
            }
            (Phase::CheckPre, Action::Equip(c)) => {
                self.equip(s, s.check.acting, c);
                Step::CheckPre
            }
            (Phase::CheckPre, Action::Play(c)) => {
                self.play_kept(s, s.check.acting, c);
                Step::CheckPre
            }
            (Phase::CheckPre, Action::Pass) => {
                s.check.pre_side += 1;
                Step::CheckPre
            }
            (Phase::CheckRoll, Action::Roll(r)) => Self::on_check_roll(s, r),
            (Phase::CheckPost, Action::Equip(c)) => {
                self.equip(s, s.check.acting, c);
                Step::CheckEval
            }
            (Phase::CheckPost, Action::Play(c)) => self.play_in_check(s, c),
            (Phase::CheckPost, Action::Pass) => self.check_pass(s),
            (Phase::Revenge, Action::Play(c)) => {
                self.play_kept(s, cur, c);
                s.fight.revenge_round = true;
                Self::start_monster_round(s)
            }
            (Phase::Revenge, Action::Pass) => Step::FightOver,
            (Phase::Die, Action::Die(d)) => self.on_die(s, d),
            (Phase::KeepChoice, Action::Keep) => self.keep_event(s),
            (Phase::KeepChoice, Action::UseNow) => {
                let card = s.turn.event;
                match self.decks.events[card as usize].effect {
                    Effect::Healing { wounds } => {
                        self.heal(s, cur, wounds as usize);
                        Step::EventDone
                    }
                    _ => {
                        s.event_discard.insert(card);
                        s.turn.event = NONE;
                        self.use_shortcut(s, ExitFrom::EventNow)
                    }
                }
            }
            (Phase::ExtraTurn, Action::ExtraTurn(take)) => {
                if take {
                    s.players[cur as usize].extra_turns += 1;
                }
                Step::EndChecks
            }
            _ => {
                debug_assert!(false, "{action} is not legal in {:?}", s.phase);
                Step::Rest
            }
        };
        self.run(s, step);
    }

    fn returns(&self, s: &State) -> Returns {
        let n = self.cfg.players;
        let mut r = Returns::zeros(n);
        if s.phase != Phase::Over {
            return r;
        }
        if self.cfg.mode == Mode::Jail {
            for (seat, v) in r.as_mut_slice().iter_mut().enumerate() {
                *v = self.jail_dollars(s, seat) as f64;
            }
            return r;
        }
        let k = s.winners.count_ones() as f64;
        for (seat, v) in r.as_mut_slice().iter_mut().enumerate() {
            if s.winners & (1 << seat) != 0 {
                *v = 1.0 / k;
            }
        }
        r
    }

    /// What wins, as ranks (how many seats each one beats): the scoring when the treasure
    /// runs out, tie-breaks included ([`OpenOubliette::tier_score`]: banked gold with the
    /// Level Up bonus when it counts at the end, then unused treasure, then gear), which
    /// orders the banked gold of the win check too; in jail mode the dollars each player
    /// would bring back. Seats level through every tier give no leader.
    fn standing(&self, s: &State) -> Option<Returns> {
        let n = self.cfg.players;
        (n > 1).then(|| {
            let mut r = Returns::zeros(n);
            if self.cfg.mode == Mode::Jail {
                for (seat, v) in r.as_mut_slice().iter_mut().enumerate() {
                    *v = f64::from(self.jail_dollars(s, seat));
                }
                return r;
            }
            // Each seat's score at every tier, the later tiers worked out only for seats
            // the first leaves level with another.
            let mut keys = [[0; TIERS.len()]; crate::MAX_PLAYERS];
            for (seat, key) in keys[..n].iter_mut().enumerate() {
                key[0] = self.score(s, seat); // the first tier
            }
            for seat in 0..n {
                if (0..n).any(|o| o != seat && keys[o][0] == keys[seat][0]) {
                    keys[seat] = self.tier_scores(s, seat);
                }
            }
            let keys = &keys[..n];
            for (v, key) in r.as_mut_slice().iter_mut().zip(keys) {
                *v = keys.iter().filter(|k| *k < key).count() as f64;
            }
            r
        })
    }

    /// The top of [`Game::standing`] without ranking every seat: the first tier decides
    /// unless several seats share its top, and only those are scored further.
    fn leader(&self, s: &State) -> Option<Seat> {
        let seats = 0..self.cfg.players;
        if self.cfg.players < 2 {
            return None;
        }
        if self.cfg.mode == Mode::Jail {
            let top = best_seats(seats.map(|seat| (seat, self.jail_dollars(s, seat))));
            return (top.count_ones() == 1).then(|| top.trailing_zeros() as Seat);
        }
        // The tiers one after another, each among the seats level on all the earlier ones
        // (so only what the next tier adds is compared): banked gold; the treasure in hand
        // (with the gear when the second tier includes it); the gear.
        let including = self.cfg.tiebreak_including;
        let mut top = best_seats(seats.map(|q| (q, self.score(s, q))));
        for tier in 1..TIERS.len() {
            if top.count_ones() == 1 {
                return Some(top.trailing_zeros() as Seat);
            }
            if tier == 2 && including {
                // The third tier adds nothing the second did not count.
                break;
            }
            let adds = |q: Seat| {
                let p = &s.players[q];
                let (unused, gear) = (p.unused, p.equipped);
                match tier {
                    1 if including => {
                        self.decks.treasure_value(unused) + self.decks.treasure_value(gear)
                    }
                    1 => self.decks.treasure_value(unused),
                    _ => self.decks.treasure_value(gear),
                }
            };
            top = best_seats(
                (0..self.cfg.players)
                    .filter(|q| top & 1 << q != 0)
                    .map(|q| (q, adds(q))),
            );
        }
        (top.count_ones() == 1).then(|| top.trailing_zeros() as Seat)
    }

    fn observe(&self, s: &State, seat: Seat) -> Observation {
        Observation::new(self, s, seat)
    }

    fn observe_public(&self, s: &State) -> Option<Observation> {
        Some(Observation::public(self, s))
    }

    fn resample(&self, s: &State, seat: Seat, rng: &mut Rng) -> State {
        crate::observe::resample(self, s, seat, rng)
    }

    #[inline]
    fn turns(&self, s: &State) -> u32 {
        s.turns
    }

    fn end_kind(&self, s: &State) -> &'static str {
        s.end.label()
    }

    fn describe_action(&self, s: &State, action: Action) -> String {
        crate::describe::action(self, s, action)
    }
}

impl OpenOubliette {
    /// The loop of [`Game::watched_playout`] (`RANDOM`: decisions drawn uniformly, the
    /// commonest in fused steps) and of [`Game::watched_play`] (decisions by `decide`).
    fn fused<const RANDOM: bool, D, W>(
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
                    match self.on_exit(s, recover, cash) {
                        Step::ExitEnd => match self.exit_end(s) {
                            Step::End => self.end_turn(s),
                            step => step,
                        },
                        step => step,
                    }
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
                    self.to_next_roll(s, Step::EndChecks)
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
                _ => {
                    let a = match self.actor(s) {
                        Actor::Chance => self.sample_chance(s, rng, outcomes),
                        Actor::Player(seat) => {
                            n.decisions += 1;
                            if RANDOM {
                                self.legal_actions(s, actions);
                                actions[rng.below(actions.len() as u64) as usize]
                            } else {
                                decide(s, seat, rng)
                            }
                        }
                        Actor::Terminal => return n,
                    };
                    watch.see(s, a);
                    self.apply_unchecked(s, a);
                    n.actions += 1;
                    continue;
                }
            };
            if !matches!(step, Step::Rest) {
                self.run_common(s, step);
            }
            n.actions += 1;
        }
    }
}

/// The seats (a bit mask) with the highest key.
fn best_seats(keys: impl Iterator<Item = (Seat, u32)>) -> u8 {
    let (mut best, mut top) = (0, 0u8);
    for (seat, key) in keys {
        if top == 0 || key > best {
            (best, top) = (key, 1 << seat);
        } else if key == best {
            top |= 1 << seat;
        }
    }
    top
}
