//! The rules: [`OpenOubliette`] and its [`Game`] implementation.
//!
//! `apply_unchecked` handles the action at the current resting point (a decision or chance
//! node, recorded in [`State::phase`]) and then runs the turn's program forward through
//! every deterministic step until the next resting point. The program is written as a
//! small set of `Step`s, one per step of a turn, a fight and a player fight as
//! `docs/rules/open-oubliette.md` lists them.
//!
//! This file holds the game's data and its [`Game`] implementation; the rules it runs are
//! split by what they are about, each in an `impl OpenOubliette` block of its own module:
//! `turn` (the turn program and its `Step`s), `movement`, `fight`, `check` (the roll
//! behind every fight), `treasure` (draws and steals), `events`, `exit`, `scoring`, and
//! `fused` (the fast playout loop).

use std::sync::Arc;

use gameshelf_engine::dice;
use gameshelf_engine::{
    Actor, CardSet, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, Playout, Returns,
    Rng, Seat, SpecError, Utility, Watch,
};

use crate::action::{Action, Dir};
use crate::config::{Config, ID, MAX_PLAYERS, Mode, PARAMS};
use crate::decks::{DeckError, Decks, Effect};
use crate::observe::Observation;
use crate::sample::{self, Groups};
use crate::state::*;

mod check;
mod events;
mod exit;
mod fight;
mod fused;
mod movement;
mod scoring;
mod treasure;
mod turn;

use turn::Step;

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

/// The pile a draw comes from: the draw pile, or the discard pile when it is empty.
#[inline]
fn or_discard(draw: CardSet, discard: CardSet) -> CardSet {
    if draw.is_empty() { discard } else { draw }
}

/// The direction choices, in listed order.
const DIRECTIONS: [Dir; 2] = [Dir::Forward, Dir::Back];

/// The Exit actions open to `p` as `(recover, cash)`, in listed order: the first `n`.
pub(crate) fn exit_options(p: &PlayerState) -> ([(bool, bool); 4], usize) {
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

    fn standalone(&self) -> bool {
        self.cfg.mode == Mode::Standalone
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

    /// Applies the action at the resting point `s.phase` and returns the step the turn
    /// program goes on from ([`Game::apply_unchecked`] runs it; the playout loop runs the
    /// commonest steps as direct calls). Inlined into both, as a bot's every decision goes
    /// through it.
    #[inline(always)]
    fn act(&self, s: &mut State, action: Action) -> Step {
        let cur = s.current;
        match (s.phase, action) {
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
        }
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
            standing_moves: 0,
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
        let step = self.act(s, action);
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

    /// Who is ahead as the table sees it, as ranks (how many seats each one beats): each
    /// seat's banked gold, with the Level Up bonus when it counts at the end (the score of
    /// the win check); in jail mode the dollars each player would bring back. Seats level
    /// on top give no leader.
    ///
    /// The tie-breaks of the final scoring (unused treasure, then gear) are left out on
    /// purpose: the unused treasure is a hidden hand, so a "leader" decided by it is one no
    /// player at the table could name, and a lead that changed with every card drawn into a
    /// hand would count changes nobody saw. Banked gold is public, and it is what a cash-in
    /// changes, so the lead moves only when someone banks.
    fn standing(&self, s: &State) -> Option<Returns> {
        let n = self.cfg.players;
        (n > 1).then(|| {
            let mut keys = [0; crate::MAX_PLAYERS];
            for (seat, key) in keys[..n].iter_mut().enumerate() {
                *key = self.table_score(s, seat);
            }
            let keys = &keys[..n];
            let mut r = Returns::zeros(n);
            for (v, key) in r.as_mut_slice().iter_mut().zip(keys) {
                *v = keys.iter().filter(|k| *k < key).count() as f64;
            }
            r
        })
    }

    /// The top of [`Game::standing`] without ranking every seat.
    fn leader(&self, s: &State) -> Option<Seat> {
        if self.cfg.players < 2 {
            return None;
        }
        let top = best_seats((0..self.cfg.players).map(|q| (q, self.table_score(s, q))));
        (top.count_ones() == 1).then(|| top.trailing_zeros() as Seat)
    }

    /// A turn's first state rests at its movement roll, at the window for a kept card before
    /// it, or (jail with early release) at the choice to leave: only the actions of those
    /// nodes may open a turn (`tests/rules.rs` follows the promise along games).
    #[inline]
    fn may_open_turn(&self, action: Action) -> bool {
        matches!(
            action,
            Action::Move(_) | Action::Play(_) | Action::Pass | Action::LeaveJail(_)
        )
    }

    /// [`State::standing_moves`], which every change to a seat's banked score moves.
    fn standing_stamp(&self, s: &State) -> Option<u64> {
        Some(u64::from(s.standing_moves))
    }

    fn observe(&self, s: &State, seat: Seat) -> Observation {
        Observation::new(self, s, seat)
    }

    fn observe_into(&self, s: &State, seat: Seat, out: &mut Observation) {
        out.refresh(self, s, seat);
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
