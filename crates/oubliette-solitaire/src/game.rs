//! The rules: [`OublietteSolitaire`] and its [`Game`] implementation.
//!
//! `apply_unchecked` handles the action at the current resting point ([`State::phase`]) and
//! then [`settles`](OublietteSolitaire) the state: it checks the losses that can strike at
//! any moment (empty inventory, an empty deck at the turn's draw, the turn bound) and plays
//! every decision that has exactly one legal action by itself, so a state rests only at a
//! chance node, a real choice, or the end.

use gameshelf_engine::{
    Actor, CardSet, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, Playout, Returns,
    Rng, Seat, SpecError, Utility, Watch,
};

use crate::action::{Action, EQUIPPED, GRAVE, Place};
use crate::card::{
    self, ACE, Card, FIRST_JOKER, JACK, KING, NO_CARD, QUEEN, is_black, is_joker, is_number,
    is_red, is_rope, is_torch, is_trap, rank,
};
use crate::config::{Config, ID, PARAMS};
use crate::observe::Observation;
use crate::state::{
    Advantage, Combo, Dir, EndKind, Fight, Path, Phase, Pile, Room, SLOT_CAPACITY, Slot, State,
};

/// Cards dealt into the four slots at setup (4 piles of 5).
pub const DEALT_TO_SLOTS: u8 = 20;
/// The most cards the inventory holds: 4 slots of 5 and the Equipped card (what a Chaos
/// Restock fills it up to).
pub const MAX_INVENTORY: usize = 21;
/// Cards a Lost discards, an Hourglass returns.
pub const LOST_CARDS: usize = 3;

/// The slot places.
const SLOTS: [Place; 4] = [0, 1, 2, 3];

/// What a drawn card means: the first matching row wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// Row 1: the needed Path card (it may be declined).
    Path,
    /// Row 2: same value as the top room.
    Obstacle,
    /// Row 3: J/Q/K.
    Creature,
    /// Row 4: red 3, 5, 7, 9.
    Trap,
    /// Row 5: black ace.
    Portcullis,
    /// Row 6: red ace.
    Chasm,
    /// Row 7: any 8.
    Lost,
    /// Row 8: any 6.
    Darkness,
    /// Row 9: a Joker.
    Gremlin,
    /// Row 10: everything else.
    Other,
}

/// Oubliette (solitaire): a validated configuration.
#[derive(Clone, Debug)]
pub struct OublietteSolitaire {
    cfg: Config,
    info: GameInfo,
}

/// The metadata of every configuration.
pub(crate) fn info() -> GameInfo {
    GameInfo {
        id: ID,
        name: "Oubliette (solitaire)",
        credit: "author unknown (the source names none)",
        min_players: 1,
        max_players: 1,
        chance: ChanceMode::ExplicitStochastic,
        information: Information::Imperfect,
        utility: Utility::GeneralSum,
        min_return: 0.0,
        max_return: 1.0,
        params: PARAMS,
    }
}

impl Default for OublietteSolitaire {
    fn default() -> Self {
        OublietteSolitaire::new(Config::default())
    }
}

/// Why a setback happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setback {
    Fight,
    Trap,
    Obstacle,
}

/// A stack buffer of actions: a decision never has more than this many.
pub(crate) struct Acts {
    buf: [Action; 80],
    len: usize,
}

impl Acts {
    pub(crate) fn new() -> Self {
        Acts {
            buf: [Action::Pass; 80],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, a: Action) {
        self.buf[self.len] = a;
        self.len += 1;
    }
    pub(crate) fn as_slice(&self) -> &[Action] {
        &self.buf[..self.len]
    }
    /// The actions sorted, as [`Game::legal_actions`] lists them.
    fn sorted(&mut self) -> &[Action] {
        let list = &mut self.buf[..self.len];
        list.sort_unstable();
        list
    }
}

impl OublietteSolitaire {
    /// The game for a validated configuration.
    pub fn new(cfg: Config) -> Self {
        OublietteSolitaire { cfg, info: info() }
    }

    /// The game named by a game string.
    ///
    /// # Errors
    /// A [`SpecError`] naming the wrong parameter or value.
    pub fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        Ok(OublietteSolitaire::new(Config::from_spec(spec)?))
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    // ---- card facts that depend on the configuration ---------------------------------

    /// What a card drawn now means, before the player's choice on row 1.
    pub fn meaning(&self, s: &State, d: Card) -> Meaning {
        if let Some(need) = s.path.need() {
            let overrides = !self.cfg.need_traps_only
                || matches!(self.pure_event(d), Meaning::Trap | Meaning::Other);
            if is_number(d) && rank(d) == need && overrides {
                return Meaning::Path;
            }
        }
        self.event_meaning(s, d)
    }

    /// The meaning of rows 2 to 10: what a drawn card means when it is not placed on the
    /// Path.
    pub fn event_meaning(&self, s: &State, d: Card) -> Meaning {
        if s.path.is_set() && is_number(d) && rank(d) == s.path.top().value {
            return Meaning::Obstacle;
        }
        self.pure_event(d)
    }

    /// Rows 3 to 10, which do not depend on the Path.
    fn pure_event(&self, d: Card) -> Meaning {
        if is_joker(d) {
            return Meaning::Gremlin;
        }
        match rank(d) {
            JACK..=KING => Meaning::Creature,
            ACE if is_black(d) => Meaning::Portcullis,
            ACE => Meaning::Chasm,
            8 => Meaning::Lost,
            6 => Meaning::Darkness,
            _ if is_trap(d) => Meaning::Trap,
            _ => Meaning::Other,
        }
    }

    /// The value a card pays in combat, before Power.
    pub fn combat_value(&self, c: Card) -> u16 {
        match rank(c) {
            ACE => u16::from(self.cfg.ace_combat_value),
            r => u16::from(r),
        }
    }

    /// Whether two cards are one apart for slot stacking.
    fn adjacent(&self, a: Card, b: Card) -> bool {
        if is_joker(a) || is_joker(b) {
            return false;
        }
        let (x, y) = (rank(a), rank(b));
        x.abs_diff(y) == 1 || (self.cfg.ace_adjacent_to_king && x.min(y) == ACE && x.max(y) == KING)
    }

    /// Whether `c` may be added to slot `i` by the slot rules (and Resourceful).
    pub fn can_stow(&self, s: &State, i: usize, c: Card) -> bool {
        let slot = &s.slots[i];
        if slot.len as usize >= SLOT_CAPACITY {
            return false;
        }
        if slot.len == 0 {
            return true;
        }
        let Some(top) = slot.top() else { return false };
        if is_joker(c) || is_joker(top) {
            return false;
        }
        self.adjacent(c, top) || (self.resourceful(s) && card::colour(c) == card::colour(top))
    }

    /// Whether `c` may go into the Equipped slot now.
    pub fn can_equip(&self, s: &State, c: Card) -> bool {
        s.equipped == NO_CARD && !s.locked && (!is_joker(c) || self.cfg.joker_equippable)
    }

    fn equipped_rank(s: &State) -> u8 {
        if s.equipped == NO_CARD {
            0
        } else {
            rank(s.equipped)
        }
    }

    /// A beneficial Equipped item: an A, J, Q, K or 10.
    pub fn beneficial(c: Card) -> bool {
        c != NO_CARD && matches!(rank(c), ACE | 10 | JACK | QUEEN | KING)
    }

    /// Grave Inventory (an equipped jack) is in effect.
    pub fn grave_inventory(&self, s: &State) -> bool {
        Self::equipped_rank(s) == JACK
    }

    /// Resourceful (an equipped queen) is in effect: same-colour stacking.
    pub fn resourceful(&self, s: &State) -> bool {
        Self::equipped_rank(s) == QUEEN
    }

    /// Power (an equipped king) is in effect.
    pub fn power(&self, s: &State) -> bool {
        Self::equipped_rank(s) == KING
    }

    /// Searching (an equipped 10) is in effect.
    pub fn searching(&self, s: &State) -> bool {
        Self::equipped_rank(s) == 10
    }

    /// The card usable at a place: a visible slot top, the Equipped card, or the top of the
    /// graveyard while Grave Inventory is equipped.
    #[inline]
    pub fn see(&self, s: &State, p: Place) -> Option<Card> {
        match p {
            0..=3 => s.slots[p as usize].top(),
            EQUIPPED => (s.equipped != NO_CARD).then_some(s.equipped),
            _ => {
                if self.grave_inventory(s) {
                    s.grave.top()
                } else {
                    None
                }
            }
        }
    }

    /// The places an Inventory Item may be used from.
    fn item_places(&self) -> &'static [Place] {
        if self.cfg.equipped_usable_as_item {
            &[0, 1, 2, 3, EQUIPPED, GRAVE]
        } else {
            &[0, 1, 2, 3, GRAVE]
        }
    }

    /// Items that must lie in a slot or Equipped (Chaos, Advantage, Grave Dig).
    fn held_item_places(&self) -> &'static [Place] {
        if self.cfg.equipped_usable_as_item {
            &[0, 1, 2, 3, EQUIPPED]
        } else {
            &SLOTS
        }
    }

    /// The places that pay in combat and traps.
    const PAY_PLACES: [Place; 6] = [0, 1, 2, 3, EQUIPPED, GRAVE];
    /// The places a Gremlin or Darkness takes from (owned visible cards).
    const OWNED_PLACES: [Place; 5] = [0, 1, 2, 3, EQUIPPED];

    /// The number of Ropes usable now.
    pub fn rope_count(&self, s: &State) -> u8 {
        self.item_places()
            .iter()
            .filter(|&&p| self.see(s, p).is_some_and(is_rope))
            .count() as u8
    }

    fn trap_payer(&self, c: Card) -> bool {
        is_black(c)
            && (matches!(rank(c), 2 | 4 | 6 | 8 | 10)
                || (self.cfg.trap_accepts_black_queen && rank(c) == QUEEN))
    }

    /// The gremlin rank of the card at a place.
    pub fn gremlin_rank(&self, p: Place, c: Card) -> u8 {
        let (equip, jk) = if self.cfg.gremlin_joker_first {
            (98, 99)
        } else {
            (99, 98)
        };
        if p == EQUIPPED && Self::beneficial(c) {
            equip
        } else if is_joker(c) {
            jk
        } else if rank(c) == ACE {
            14
        } else {
            rank(c)
        }
    }

    /// The fight total so far: paid values plus Power.
    pub fn fight_total(&self, s: &State) -> u16 {
        s.fight.paid
            + if self.power(s) {
                u16::from(s.fight.count)
            } else {
                0
            }
    }

    /// Whether the card at a place may pay the current fight: not a joker, and through Grave
    /// Inventory not a card already paid in this fight.
    fn fight_payer(&self, s: &State, p: Place) -> Option<Card> {
        self.see(s, p)
            .filter(|&c| !(is_joker(c) || p == GRAVE && s.fight.cards.contains(c)))
    }

    /// The most the known cards could still bring to the fight: every slot's face-up cards
    /// (paying the top brings up the next), the Equipped card, and with Grave Inventory the
    /// graveyard from its top down (a spent card goes to the bottom, bringing up the next)
    /// to the first joker or card already paid. Face-down cards are unknown and not counted.
    pub fn fight_reach(&self, s: &State) -> u16 {
        let mut others = 0u16;
        let mut n = 0u16;
        let mut add = |c: Card| {
            others += self.combat_value(c);
            n += 1;
        };
        for slot in &s.slots {
            slot.face_up_from_top()
                .take_while(|&c| !is_joker(c))
                .for_each(&mut add);
        }
        if !self.power(s) {
            self.fight_payer(s, EQUIPPED).into_iter().for_each(&mut add);
        }
        if self.grave_inventory(s) {
            s.grave
                .as_slice()
                .iter()
                .rev()
                .copied()
                .take_while(|&c| !is_joker(c) && !s.fight.cards.contains(c))
                .for_each(&mut add);
        }
        let count = u16::from(s.fight.count);
        if self.power(s) {
            let keep = s.fight.paid + others + count + n;
            let pay_king = s.fight.paid + others + u16::from(KING);
            keep.max(pay_king)
        } else {
            s.fight.paid + others
        }
    }

    fn can_passage(&self, s: &State) -> bool {
        !(self.cfg.second_chaos_passage_forbidden && s.curses == 1)
    }

    // ---- moving cards ------------------------------------------------------------------

    /// Removes the card at a place (a slot's next card is turned up).
    fn take(&self, s: &mut State, p: Place) -> Card {
        match p {
            0..=3 => s.slots[p as usize].take(),
            EQUIPPED => std::mem::replace(&mut s.equipped, NO_CARD),
            _ => s.grave.pop().expect("a graveyard card"),
        }
    }

    /// A used card goes to the graveyard; a Grave Inventory card goes to its bottom.
    fn spend(&self, s: &mut State, p: Place) {
        if p == GRAVE {
            s.grave.top_to_bottom();
        } else {
            let c = self.take(s, p);
            s.sideways.remove(c);
            s.grave.push(c);
        }
    }

    fn discard_drawn(s: &mut State) {
        if s.drawn != NO_CARD {
            s.grave.push(s.drawn);
            s.drawn = NO_CARD;
        }
    }

    fn over(s: &mut State, k: EndKind) {
        s.phase = Phase::Over(k);
    }

    fn start_path(s: &mut State, c: Card) {
        let mut path = Path::default();
        path.rooms[0] = Room {
            value: rank(c),
            cards: CardSet::single(c),
            ..Room::default()
        };
        path.len = 1;
        path.dir = if rank(c) == 10 { Dir::Down } else { Dir::Up };
        s.path = path;
        s.placed = true;
    }

    /// Adds a room of the needed value; nine rooms win.
    fn push_room(s: &mut State, cards: CardSet) {
        let need = s.path.need().expect("an open Path");
        let behind = s.path.top().passed > 0;
        let i = s.path.len as usize;
        s.path.rooms[i] = Room {
            value: need,
            cards,
            chasm_behind: behind,
            ..Room::default()
        };
        s.path.len += 1;
        s.placed = true;
        if s.path.len as usize == crate::state::PATH_ROOMS {
            Self::over(s, EndKind::Won);
        }
    }

    /// The top room and what lies on it go to the graveyard.
    fn remove_top(&self, s: &mut State) {
        let room = std::mem::take(s.path.top_mut());
        s.path.len -= 1;
        let mut leaving = room.cards;
        if self.cfg.chasm_survives_setback && room.unpassed > 0 && s.path.len > 0 {
            let mut moved = 0;
            for c in room.cards {
                if moved < room.unpassed && rank(c) == ACE && is_red(c) {
                    leaving.remove(c);
                    let top = s.path.top_mut();
                    top.cards.insert(c);
                    top.unpassed += 1;
                    moved += 1;
                }
            }
        }
        for c in leaving {
            s.grave.push(c);
        }
        if s.path.len == 0 {
            s.path = Path::default();
        }
    }

    /// A setback; may end the game.
    fn setback(&self, s: &mut State, why: Setback) {
        if !s.path.is_set() {
            if self.cfg.no_path_setback_loses {
                Self::over(s, EndKind::NoPath);
            }
            return;
        }
        if why == Setback::Obstacle && !self.cfg.obstacle_is_setback {
            if !s.path.top().barrier_behind() {
                self.remove_top(s);
            }
            return;
        }
        let loss = if s.path.len == 1 {
            Some(EndKind::FirstRoom)
        } else if s.path.top().barrier_behind() {
            Some(EndKind::Barrier)
        } else {
            None
        };
        match loss {
            Some(_) if why == Setback::Trap && !self.cfg.trap_setback_can_lose => {}
            Some(k) => Self::over(s, k),
            None => self.remove_top(s),
        }
    }

    /// A Chaos card brings its curse. A Passage card stays in the Path.
    fn curse(&self, s: &mut State, c: Card, passage: bool) {
        s.sideways.remove(c);
        match s.curses {
            0 => {
                s.curses = 1;
                if !passage {
                    s.curse_area.insert(c);
                }
            }
            1 => {
                s.curses = 2;
                if s.equipped != NO_CARD {
                    s.grave.push(s.equipped);
                    s.equipped = NO_CARD;
                }
                s.locked = true;
                if !passage {
                    s.curse_area.insert(c);
                }
            }
            _ => {
                if !passage {
                    s.removed.insert(c);
                }
            }
        }
    }

    // ---- the turn ----------------------------------------------------------------------

    fn resolve_draw(&self, s: &mut State) {
        let d = s.drawn;
        if self.meaning(s, d) == Meaning::Path {
            let unpassed = s.path.top().unpassed;
            if unpassed == 0 || self.rope_count(s) >= unpassed {
                s.phase = Phase::PathOffer;
                return;
            }
            if self.cfg.blocked_need_graveyard {
                Self::discard_drawn(s);
                return self.after_encounter(s);
            }
        }
        self.resolve_rows(s);
    }

    /// Rows 2 to 10 of a drawn card's meanings.
    fn resolve_rows(&self, s: &mut State) {
        let d = s.drawn;
        let mut meaning = self.event_meaning(s, d);
        if meaning == Meaning::Obstacle {
            self.setback(s, Setback::Obstacle);
            let event = self.pure_event(d);
            let also = self.cfg.same_number_also_event
                && matches!(event, Meaning::Lost | Meaning::Darkness | Meaning::Trap);
            if s.end().is_some() || !also {
                Self::discard_drawn(s);
                if s.end().is_none() {
                    self.after_encounter(s);
                }
                return;
            }
            meaning = event;
        }
        match meaning {
            Meaning::Creature => {
                let curse = if s.curses >= 1 { 2 } else { 0 };
                s.fight = Fight {
                    target: rank(d) + curse,
                    paid: 0,
                    count: 0,
                    smallest: u8::MAX,
                    cards: CardSet::EMPTY,
                };
                s.phase = Phase::Creature;
            }
            Meaning::Trap => s.phase = Phase::Trap,
            Meaning::Portcullis => {
                if !s.path.is_set() {
                    Self::discard_drawn(s);
                } else if s.path.top().portcullis {
                    return Self::over(s, EndKind::Portcullis);
                } else {
                    let top = s.path.top_mut();
                    top.portcullis = true;
                    top.cards.insert(d);
                    s.drawn = NO_CARD;
                }
                self.after_encounter(s);
            }
            Meaning::Chasm => {
                if s.path.is_set() {
                    let stack = self.cfg.chasm_stack;
                    let top = s.path.top_mut();
                    top.cards.insert(d);
                    if stack || top.unpassed == 0 {
                        top.unpassed += 1;
                    }
                    s.drawn = NO_CARD;
                } else {
                    Self::discard_drawn(s);
                }
                // Ropes (with a Path) or an Advantage before the flip.
                s.phase = Phase::ChasmRope;
            }
            Meaning::Lost => s.phase = Phase::Lost,
            Meaning::Darkness => s.phase = Phase::Darkness,
            Meaning::Gremlin => s.phase = Phase::Gremlin,
            Meaning::Other if !s.path.is_set() && matches!(rank(d), 2 | 10) => {
                Self::start_path(s, d);
                s.drawn = NO_CARD;
                self.enter_window(s);
            }
            Meaning::Other => s.phase = Phase::Stow,
            Meaning::Path | Meaning::Obstacle => unreachable!("handled above"),
        }
    }

    fn chasm_flip(&self, s: &mut State) {
        if s.deck_is_empty() {
            self.after_encounter(s);
        } else {
            s.phase = Phase::ChasmFlip;
        }
    }

    fn lost_discard(&self, s: &mut State) {
        let n = s.deck_len().min(LOST_CARDS);
        if n == 0 {
            Self::discard_drawn(s);
            self.after_encounter(s);
        } else {
            s.phase = Phase::LostDiscard(n as u8);
        }
    }

    fn after_encounter(&self, s: &mut State) {
        Self::discard_drawn(s);
        if self.cfg.window_after_every_draw {
            self.enter_window(s);
        } else {
            self.enter_search(s);
        }
    }

    fn enter_window(&self, s: &mut State) {
        s.window_left = self.cfg.actions_per_window;
        s.phase = Phase::Window;
    }

    fn window_used(&self, s: &mut State) {
        if s.end().is_some() {
            return;
        }
        s.window_left -= 1;
        if s.window_left == 0 {
            self.enter_search(s);
        } else {
            s.phase = Phase::Window;
        }
    }

    fn enter_search(&self, s: &mut State) {
        if self.searching(s) && !s.deck_is_empty() && (!self.cfg.search_per_room || s.placed) {
            s.phase = Phase::SearchOffer;
        } else {
            s.phase = Phase::BeforeDraw;
        }
    }

    fn finish_fight(&self, s: &mut State) {
        if self.fight_total(s) >= u16::from(s.fight.target) {
            self.after_encounter(s);
        }
    }

    /// Puts a card at a destination (slot, Equipped, graveyard).
    fn put(s: &mut State, p: Place, c: Card) {
        match p {
            0..=3 => s.slots[p as usize].push(c),
            EQUIPPED => s.equipped = c,
            _ => s.grave.push(c),
        }
    }

    fn restock_next(&self, s: &mut State, left: u8) {
        if left > 0 && !s.deck_is_empty() {
            s.phase = Phase::Restock(left);
        } else {
            self.window_used(s);
        }
    }

    fn finish_hourglass(&self, s: &mut State) {
        if s.item_from == GRAVE {
            s.grave.push_bottom(s.item);
        } else {
            s.grave.push(s.item);
        }
        s.item = NO_CARD;
        s.shuffle_deck();
        self.window_used(s);
    }

    /// Applies one action at the current resting point (without settling).
    fn step(&self, s: &mut State, a: Action) {
        match (s.phase, a) {
            (Phase::Deal, Action::Card(c)) => {
                s.deck.remove(c);
                let slot = &mut s.slots[(s.dealt / 5) as usize];
                slot.push(c);
                // Each slot's first four cards are dealt face down and its fifth face up:
                // no card is ever shown while the deal goes on.
                slot.down = if s.dealt % 5 == 4 {
                    slot.len - 1
                } else {
                    slot.len
                };
                s.dealt += 1;
                if s.dealt == DEALT_TO_SLOTS {
                    s.phase = Phase::DealEquip;
                }
            }
            (Phase::DealEquip, Action::Card(c)) => {
                s.deck.remove(c);
                s.equipped = c;
                let any = Self::OWNED_PLACES
                    .iter()
                    .any(|&p| self.see(s, p).is_some_and(|c| matches!(rank(c), 2 | 10)));
                s.phase = if any {
                    Phase::SetupStart
                } else {
                    Phase::BeforeDraw
                };
            }
            (Phase::SetupStart, Action::Start(p)) => {
                let c = self.take(s, p);
                Self::start_path(s, c);
                s.placed = false;
                s.phase = Phase::BeforeDraw;
            }
            (Phase::BeforeDraw, Action::Pass) => s.phase = Phase::Draw,
            (Phase::Draw, Action::Card(c)) => {
                s.take_from_deck(c);
                s.turns += 1;
                s.drawn = c;
                s.placed = false;
                self.resolve_draw(s);
            }
            (_, Action::Advantage(p)) => {
                let ace = match p {
                    0..=3 => s.slots[p as usize].take_keep_hidden(),
                    _ => std::mem::replace(&mut s.equipped, NO_CARD),
                };
                s.advantage = Advantage {
                    from: p,
                    ace,
                    cards: [NO_CARD; 2],
                    len: 0,
                    resume: s.phase,
                };
                s.phase = Phase::AdvantageDraw(s.deck_len().min(2) as u8);
            }
            (_, Action::Rope(p)) => {
                self.spend(s, p);
                let top = s.path.top_mut();
                top.unpassed -= 1;
                top.passed += 1;
            }
            (Phase::PathOffer, Action::Place) => {
                let d = std::mem::replace(&mut s.drawn, NO_CARD);
                Self::push_room(s, CardSet::single(d));
                if s.end().is_none() {
                    self.after_encounter(s);
                }
            }
            (Phase::PathOffer, Action::Pass) => self.resolve_rows(s),
            (Phase::Creature, Action::Pay(p)) => {
                let c = self.see(s, p).expect("a payable card");
                let v = self.combat_value(c);
                s.fight.paid += v;
                s.fight.count += 1;
                s.fight.smallest = s.fight.smallest.min(v as u8);
                s.fight.cards.insert(c);
                self.spend(s, p);
                self.finish_fight(s);
            }
            (Phase::Creature, Action::Destroy(p)) => {
                let c = self.see(s, p).expect("a Chaos card");
                if s.sideways.contains(c) {
                    self.take(s, p);
                    self.curse(s, c, false);
                } else {
                    s.sideways.insert(c);
                }
                self.after_encounter(s);
            }
            (Phase::Creature, Action::Concede) => {
                self.setback(s, Setback::Fight);
                if s.end().is_none() {
                    self.after_encounter(s);
                }
            }
            (Phase::Trap, Action::Pay(p)) => {
                self.spend(s, p);
                self.after_encounter(s);
            }
            (Phase::Trap, Action::Concede) => {
                self.setback(s, Setback::Trap);
                if s.end().is_none() {
                    self.after_encounter(s);
                }
            }
            (Phase::ChasmRope, Action::Pass) => self.chasm_flip(s),
            (Phase::ChasmFlip, Action::Card(f)) => {
                s.take_from_deck(f);
                let red = is_red(f) || (is_joker(f) && self.cfg.joker_flip_counts_red);
                if red
                    && s.equipped != NO_CARD
                    && (!self.cfg.equipped_loss_only_if_beneficial || Self::beneficial(s.equipped))
                {
                    s.sideways.remove(s.equipped);
                    s.grave.push(s.equipped);
                    s.equipped = NO_CARD;
                }
                s.grave.push(f);
                self.after_encounter(s);
            }
            (Phase::Lost, Action::Hourglass(p)) => {
                self.spend(s, p);
                self.after_encounter(s);
            }
            (Phase::Lost, Action::Pass) => self.lost_discard(s),
            (Phase::LostDiscard(n), Action::Card(c)) => {
                s.take_from_deck(c);
                s.grave.push(c);
                if n > 1 && !s.deck_is_empty() {
                    s.phase = Phase::LostDiscard(n - 1);
                } else {
                    self.after_encounter(s);
                }
            }
            (Phase::Darkness, Action::Torch(p)) => {
                let c = self.see(s, p).expect("a Torch");
                if p != GRAVE && !s.sideways.contains(c) {
                    s.sideways.insert(c);
                } else {
                    self.spend(s, p);
                }
                self.after_encounter(s);
            }
            (Phase::Darkness | Phase::Gremlin, Action::Discard(p)) => {
                self.spend(s, p);
                self.after_encounter(s);
            }
            (Phase::Darkness | Phase::Gremlin, Action::Pass) => self.after_encounter(s),
            (Phase::Gremlin, Action::Ward(p)) => {
                if self.cfg.ward_consumed {
                    self.spend(s, p);
                }
                self.after_encounter(s);
            }
            (Phase::Gremlin, Action::KeepOnly(keep)) => {
                for p in Self::OWNED_PLACES {
                    if p != keep && self.see(s, p).is_some() {
                        self.spend(s, p);
                    }
                }
                self.after_encounter(s);
            }
            (Phase::Stow, Action::Stow(p)) => {
                let d = std::mem::replace(&mut s.drawn, NO_CARD);
                Self::put(s, p, d);
                self.enter_window(s);
            }
            (Phase::Window, Action::Pass) => self.enter_search(s),
            (Phase::Window, Action::Equip(p)) => {
                s.equipped = self.take(s, p);
            }
            (Phase::Window, Action::PlayPath(p)) => {
                let c = self.take(s, p);
                Self::push_room(s, CardSet::single(c));
                self.window_used(s);
            }
            (Phase::Window | Phase::MapCombo, Action::Map(p)) => {
                if s.phase == Phase::Window {
                    s.combo = Combo::default();
                }
                let c = self.take(s, p);
                let value = self.map_value(s, c);
                let combo = &mut s.combo;
                combo.cards.insert(c);
                combo.total += value;
                combo.count += 1;
                if self.combo_complete(s) {
                    let cards = std::mem::take(&mut s.combo).cards;
                    Self::push_room(s, cards);
                    self.window_used(s);
                } else {
                    s.phase = Phase::MapCombo;
                }
            }
            (Phase::Window, Action::Passage(p)) => {
                let c = self.take(s, p);
                Self::push_room(s, CardSet::single(c));
                self.curse(s, c, true);
                self.window_used(s);
            }
            (Phase::Window, Action::Start(p)) => {
                let c = self.take(s, p);
                Self::start_path(s, c);
                self.window_used(s);
            }
            (Phase::Window, Action::GraveDig(p)) => {
                let j = match p {
                    0..=3 => s.slots[p as usize].take_keep_hidden(),
                    _ => std::mem::replace(&mut s.equipped, NO_CARD),
                };
                s.item = j;
                s.item_from = p;
                s.phase = Phase::GraveDigPick(p);
            }
            (Phase::GraveDigPick(dest), Action::Pick(c)) => {
                s.grave.remove(c);
                Self::put(s, dest, c);
                s.grave.push(s.item);
                s.item = NO_CARD;
                self.window_used(s);
            }
            (Phase::Window, Action::Hourglass(p)) => {
                s.item = self.take(s, p);
                s.item_from = p;
                let n = s.grave.len().min(LOST_CARDS) as u8;
                if self.cfg.hourglass_top3 || n == 0 {
                    for _ in 0..n {
                        let c = s.grave.pop().expect("a card");
                        s.deck.insert(c);
                    }
                    self.finish_hourglass(s);
                } else {
                    s.phase = Phase::HourglassPick(n);
                }
            }
            (Phase::HourglassPick(n), Action::Pick(c)) => {
                s.grave.remove(c);
                s.deck.insert(c);
                if n > 1 {
                    s.phase = Phase::HourglassPick(n - 1);
                } else {
                    self.finish_hourglass(s);
                }
            }
            (Phase::Window, Action::TimeShift(p)) => {
                let c = self.take(s, p);
                for &g in s.grave.as_slice() {
                    s.deck.insert(g);
                }
                s.grave.clear();
                self.curse(s, c, false);
                s.shuffle_deck();
                self.window_used(s);
            }
            (Phase::Window, Action::Restock(p)) => {
                let c = self.take(s, p);
                self.curse(s, c, false);
                let have = s.inventory_count() + usize::from(s.locked);
                self.restock_next(s, MAX_INVENTORY.saturating_sub(have) as u8);
            }
            (Phase::Restock(n), Action::Card(c)) => {
                s.take_from_deck(c);
                s.drawn = c;
                s.phase = Phase::RestockPlace(n - 1);
            }
            (Phase::RestockPlace(n), Action::Stow(p)) => {
                let c = std::mem::replace(&mut s.drawn, NO_CARD);
                Self::put(s, p, c);
                self.restock_next(s, n);
            }
            (Phase::SearchOffer, Action::Search) => s.phase = Phase::SearchFlip,
            (Phase::SearchOffer, Action::Pass) => s.phase = Phase::BeforeDraw,
            (Phase::SearchFlip, Action::Card(c)) => {
                s.take_from_deck(c);
                s.drawn = c;
                s.phase = Phase::SearchStow;
            }
            (Phase::SearchStow, Action::Stow(p)) => {
                let c = std::mem::replace(&mut s.drawn, NO_CARD);
                if p == EQUIPPED {
                    s.grave.push(s.equipped);
                    s.equipped = NO_CARD;
                }
                Self::put(s, p, c);
                s.phase = Phase::BeforeDraw;
            }
            (Phase::AdvantageDraw(n), Action::Card(c)) => {
                s.take_from_deck(c);
                let adv = &mut s.advantage;
                adv.cards[adv.len as usize] = c;
                adv.len += 1;
                s.phase = if n > 1 && !s.deck_is_empty() {
                    Phase::AdvantageDraw(n - 1)
                } else {
                    Phase::AdvantageKeep
                };
            }
            (Phase::AdvantageKeep, Action::Keep(_) | Action::Pass) => {
                let adv = s.advantage;
                for &c in &adv.cards[..adv.len as usize] {
                    if a == Action::Keep(c) {
                        Self::put(s, adv.from, c);
                    } else if self.cfg.advantage_other_to_deck_bottom {
                        s.bottom.push(c);
                    } else {
                        s.grave.push(c);
                    }
                }
                if adv.from < 4 {
                    s.slots[adv.from as usize].reveal();
                }
                s.grave.push(adv.ace);
                s.advantage = Advantage::default();
                s.phase = adv.resume;
            }
            (phase, a) => unreachable!("{a:?} is not legal in {phase:?}"),
        }
    }

    /// Whether the inventory-empty loss is checked at this phase (not in the middle of an
    /// item's resolution, nor during the deal).
    fn checks_inventory(phase: Phase) -> bool {
        !matches!(
            phase,
            Phase::Deal
                | Phase::DealEquip
                | Phase::AdvantageDraw(_)
                | Phase::AdvantageKeep
                | Phase::GraveDigPick(_)
                | Phase::HourglassPick(_)
                | Phase::Restock(_)
                | Phase::RestockPlace(_)
                | Phase::MapCombo
        )
    }

    /// Runs the rules forward to the next resting point.
    fn settle(&self, s: &mut State) {
        self.settle_with(s, &mut Acts::new());
    }

    /// [`Self::settle`] with the caller's buffer: when it stops at a decision, `acts` holds
    /// that decision's options (unsorted) and it returns `true`.
    fn settle_with(&self, s: &mut State, acts: &mut Acts) -> bool {
        self.settle_traced(s, acts, &mut |_, _| {})
    }

    /// Applies `a` as [`Game::apply_unchecked`] does and tells `step` every step the rules
    /// take: first `a` itself, then each decision with one legal action, which the rules
    /// play by themselves, each with the state it is played in. The state after a step is
    /// the state of the next one, or `s` at the end. The words of a move use it to say what
    /// the rules did on their own.
    pub fn apply_traced(&self, s: &mut State, a: Action, mut step: impl FnMut(&State, Action)) {
        step(s, a);
        self.step(s, a);
        self.settle_traced(s, &mut Acts::new(), &mut step);
    }

    /// [`Self::settle_with`], telling `step` each decision it plays by itself.
    fn settle_traced(
        &self,
        s: &mut State,
        acts: &mut Acts,
        step: &mut impl FnMut(&State, Action),
    ) -> bool {
        loop {
            if s.end().is_some() {
                return false;
            }
            if Self::checks_inventory(s.phase) {
                let locked = usize::from(s.locked && self.cfg.curse_card_counts);
                if s.inventory_count() + locked == 0 {
                    Self::over(s, EndKind::EmptyInventory);
                    return false;
                }
                if self.cfg.deck_out_immediate && s.deck_is_empty() {
                    Self::over(s, EndKind::DeckOut);
                    return false;
                }
            }
            match s.phase {
                Phase::Draw => {
                    if s.deck_is_empty() {
                        Self::over(s, EndKind::DeckOut);
                    } else if s.turns >= self.cfg.max_turns {
                        Self::over(s, EndKind::TurnLimit);
                    }
                    return false;
                }
                Phase::Deal
                | Phase::DealEquip
                | Phase::ChasmFlip
                | Phase::LostDiscard(_)
                | Phase::Restock(_)
                | Phase::SearchFlip
                | Phase::AdvantageDraw(_) => return false,
                _ => {}
            }
            self.options(s, acts);
            match acts.as_slice() {
                [only] => {
                    step(s, *only);
                    self.step(s, *only);
                }
                [] => unreachable!("a decision without actions in {:?}", s.phase),
                _ => return true,
            }
        }
    }

    /// Whether the phase is one where Advantage may be used: every decision outside an
    /// item's own resolution (a Grave Dig's or Hourglass's pick, a Restock, a Search's card,
    /// a Map combo, another Advantage), including the setup's start and the moment before
    /// each turn's draw.
    fn advantage_allowed(phase: Phase) -> bool {
        matches!(
            phase,
            Phase::SetupStart
                | Phase::BeforeDraw
                | Phase::PathOffer
                | Phase::Creature
                | Phase::Trap
                | Phase::ChasmRope
                | Phase::Lost
                | Phase::Darkness
                | Phase::Gremlin
                | Phase::Stow
                | Phase::Window
                | Phase::SearchOffer
        )
    }

    fn gen_places(
        &self,
        s: &State,
        places: &[Place],
        out: &mut Acts,
        ok: impl Fn(Card) -> bool,
        make: fn(Place) -> Action,
    ) -> usize {
        let before = out.len;
        for &p in places {
            if let Some(c) = self.see(s, p) {
                if ok(c) {
                    out.push(make(p));
                }
            }
        }
        out.len - before
    }

    fn gen_stow(&self, s: &State, c: Card, out: &mut Acts, equip: bool, graveyard: bool) {
        for i in 0..4 {
            if self.can_stow(s, i, c) {
                out.push(Action::Stow(i as Place));
            }
        }
        if equip {
            out.push(Action::Stow(EQUIPPED));
        }
        if graveyard {
            out.push(Action::Stow(GRAVE));
        }
    }

    fn gen_ropes(&self, s: &State, out: &mut Acts) {
        if s.path.is_set() && s.path.top().unpassed > 0 {
            self.gen_places(s, self.item_places(), out, is_rope, Action::Rope);
        }
    }

    fn gen_window(&self, s: &State, out: &mut Acts) {
        if let Some(need) = s.path.need() {
            if s.path.top().unpassed == 0 {
                let path_places: &[Place] = if self.cfg.grave_inventory_to_path {
                    &Self::PAY_PLACES
                } else {
                    &Self::OWNED_PLACES
                };
                self.gen_places(
                    s,
                    path_places,
                    out,
                    |c| is_number(c) && rank(c) == need,
                    Action::PlayPath,
                );
                if Self::equipped_rank(s) == ACE {
                    self.gen_maps(s, out);
                }
                if self.can_passage(s) {
                    self.gen_places(
                        s,
                        self.held_item_places(),
                        out,
                        |c| is_joker(c) && !s.sideways.contains(c),
                        Action::Passage,
                    );
                }
            }
            self.gen_ropes(s, out);
        } else if !s.path.is_set() && self.cfg.start_from_inventory_later {
            self.gen_places(
                s,
                &Self::OWNED_PLACES,
                out,
                |c| matches!(rank(c), 2 | 10) && !is_joker(c),
                Action::Start,
            );
        }
        if !s.grave.is_empty() {
            for &p in self.held_item_places() {
                if self.see(s, p).is_some_and(|c| rank(c) == JACK)
                    && (p != EQUIPPED
                        || self.cfg.joker_equippable
                        || s.grave.as_slice().iter().any(|&c| !is_joker(c)))
                {
                    out.push(Action::GraveDig(p));
                }
            }
            self.gen_places(
                s,
                self.item_places(),
                out,
                |c| rank(c) == QUEEN && !is_joker(c),
                Action::Hourglass,
            );
        }
        let chaos = |c: Card| is_joker(c) && !s.sideways.contains(c);
        if !s.grave.is_empty() {
            self.gen_places(s, self.held_item_places(), out, chaos, Action::TimeShift);
        }
        if !s.deck_is_empty() {
            self.gen_places(s, self.held_item_places(), out, chaos, Action::Restock);
        }
        if s.equipped == NO_CARD && !s.locked {
            for i in SLOTS {
                if s.slots[i as usize]
                    .top()
                    .is_some_and(|c| !is_joker(c) || self.cfg.joker_equippable)
                {
                    out.push(Action::Equip(i));
                }
            }
        }
        out.push(Action::Pass);
    }

    /// What a card adds to a Map combo: its value, subtracted for a red card with a red Map.
    fn map_value(&self, s: &State, c: Card) -> i8 {
        let v = rank(c) as i8;
        if is_red(s.equipped) && is_red(c) {
            -v
        } else {
            v
        }
    }

    /// Whether the Map combo is a room: at least two cards making the needed value.
    fn combo_complete(&self, s: &State) -> bool {
        let need = s.path.need().map_or(i8::MIN, |n| n as i8);
        s.combo.count >= 2 && s.combo.total == need
    }

    /// The Map combo's next cards: the number card on top of a slot, when the combo can
    /// then still be completed with cards the player knows (the slots' face-up cards, each
    /// slot from its top down). Cards turned up meanwhile may join it, and a combo begun is
    /// never stranded: a completion it was begun for stays open.
    fn gen_maps(&self, s: &State, out: &mut Acts) {
        let Some(need) = s.path.need() else { return };
        let need = need as i8;
        for i in SLOTS {
            let Some(c) = s.slots[i as usize].top().filter(|&c| is_number(c)) else {
                continue;
            };
            let total = s.combo.total + self.map_value(s, c);
            let count = s.combo.count + 1;
            let mut values = [[0i8; SLOT_CAPACITY]; 4];
            let mut lens = [0usize; 4];
            for (j, slot) in s.slots.iter().enumerate() {
                let known = slot.face_up_from_top().skip(usize::from(j == i as usize));
                for c in known.take_while(|&c| is_number(c)) {
                    values[j][lens[j]] = self.map_value(s, c);
                    lens[j] += 1;
                }
            }
            let runs: [&[i8]; 4] = std::array::from_fn(|j| &values[j][..lens[j]]);
            if (count >= 2 && total == need) || Self::completes(&runs, total, count, need) {
                out.push(Action::Map(i));
            }
        }
    }

    /// Whether taking some cards from the tops of `runs` (at least one) brings `total`,
    /// made of `count` cards, to `need` with at least two cards in all.
    fn completes(runs: &[&[i8]], total: i8, count: u8, need: i8) -> bool {
        let Some((run, rest)) = runs.split_first() else {
            return false;
        };
        let mut t = total;
        for (k, &v) in run.iter().enumerate() {
            t += v;
            let n = count + k as u8 + 1;
            if (n >= 2 && t == need) || Self::completes(rest, t, n, need) {
                return true;
            }
        }
        Self::completes(rest, total, count, need)
    }

    /// The legal actions of a decision, unsorted.
    pub(crate) fn options(&self, s: &State, out: &mut Acts) {
        out.len = 0;
        let owned = &Self::OWNED_PLACES;
        match s.phase {
            Phase::SetupStart => {
                self.gen_places(
                    s,
                    owned,
                    out,
                    |c| matches!(rank(c), 2 | 10) && !is_joker(c),
                    Action::Start,
                );
            }
            Phase::PathOffer => {
                if s.path.top().unpassed == 0 {
                    out.push(Action::Place);
                }
                self.gen_ropes(s, out);
                out.push(Action::Pass);
            }
            Phase::Creature => {
                let pays = self.gen_fight_pays(s, out);
                let destroys =
                    self.gen_places(s, self.held_item_places(), out, is_joker, Action::Destroy);
                let hopeless =
                    destroys == 0 && (pays == 0 || self.fight_reach(s) < u16::from(s.fight.target));
                if self.cfg.may_concede || hopeless {
                    out.push(Action::Concede);
                }
            }
            Phase::Trap => {
                let pays = self.gen_places(
                    s,
                    &Self::PAY_PLACES,
                    out,
                    |c| self.trap_payer(c),
                    Action::Pay,
                );
                if self.cfg.may_concede || pays == 0 {
                    out.push(Action::Concede);
                }
            }
            Phase::BeforeDraw => out.push(Action::Pass),
            Phase::ChasmRope => {
                self.gen_ropes(s, out);
                out.push(Action::Pass);
            }
            Phase::MapCombo => self.gen_maps(s, out),
            Phase::Lost => {
                self.gen_places(
                    s,
                    self.item_places(),
                    out,
                    |c| rank(c) == QUEEN && !is_joker(c),
                    Action::Hourglass,
                );
                out.push(Action::Pass);
            }
            Phase::Darkness => {
                let discards = self.gen_places(s, owned, out, |_| true, Action::Discard);
                if discards > 0 {
                    self.gen_places(s, self.item_places(), out, is_torch, Action::Torch);
                } else {
                    out.push(Action::Pass);
                }
            }
            Phase::Gremlin => self.gen_gremlin(s, out),
            Phase::Stow => {
                let d = s.drawn;
                self.gen_stow(s, d, out, self.can_equip(s, d), true);
            }
            Phase::Window => self.gen_window(s, out),
            Phase::HourglassPick(_) => {
                for c in s.grave.set() {
                    if c != s.item {
                        out.push(Action::Pick(c));
                    }
                }
            }
            Phase::GraveDigPick(dest) => {
                for c in s.grave.set() {
                    if dest != EQUIPPED || !is_joker(c) || self.cfg.joker_equippable {
                        out.push(Action::Pick(c));
                    }
                }
            }
            Phase::RestockPlace(_) => {
                let c = s.drawn;
                for i in 0..4 {
                    if (s.slots[i].len as usize) < SLOT_CAPACITY {
                        out.push(Action::Stow(i as Place));
                    }
                }
                if self.can_equip(s, c) {
                    out.push(Action::Stow(EQUIPPED));
                }
                if out.len == 0 {
                    out.push(Action::Stow(GRAVE));
                }
            }
            Phase::SearchOffer => {
                if !s.deck_is_empty() {
                    out.push(Action::Search);
                }
                out.push(Action::Pass);
            }
            Phase::SearchStow => {
                let c = s.drawn;
                let swap = !is_joker(c) || self.cfg.joker_equippable;
                self.gen_stow(s, c, out, swap, true);
            }
            Phase::AdvantageKeep => {
                let adv = &s.advantage;
                for &c in &adv.cards[..adv.len as usize] {
                    let fits = adv.from != EQUIPPED || !is_joker(c) || self.cfg.joker_equippable;
                    if fits && !out.as_slice().contains(&Action::Keep(c)) {
                        out.push(Action::Keep(c));
                    }
                }
                if out.len == 0 {
                    out.push(Action::Pass);
                }
            }
            _ => return,
        }
        if Self::advantage_allowed(s.phase) && !s.deck_is_empty() {
            self.gen_places(
                s,
                self.held_item_places(),
                out,
                |c| rank(c) == ACE && !is_joker(c),
                Action::Advantage,
            );
        }
    }

    fn gen_fight_pays(&self, s: &State, out: &mut Acts) -> usize {
        let before = out.len;
        let target = u16::from(s.fight.target);
        for p in Self::PAY_PLACES {
            let Some(c) = self.fight_payer(s, p) else {
                continue;
            };
            if self.cfg.combat_minimal_subset {
                let v = self.combat_value(c);
                let power_after = self.power(s) && p != EQUIPPED;
                let bonus = u16::from(power_after);
                let count = u16::from(s.fight.count) + 1;
                let total = s.fight.paid + v + if power_after { count } else { 0 };
                let smallest = u16::from(s.fight.smallest).min(v) + bonus;
                if total >= target && total - smallest >= target {
                    continue;
                }
            }
            out.push(Action::Pay(p));
        }
        if out.len == before && self.cfg.combat_minimal_subset {
            // No payment keeps the subset minimal: any card may be paid.
            for p in Self::PAY_PLACES {
                if self.fight_payer(s, p).is_some() {
                    out.push(Action::Pay(p));
                }
            }
        }
        out.len - before
    }

    fn gen_gremlin(&self, s: &State, out: &mut Acts) {
        let mut best = 0u8;
        let mut visible = 0;
        for p in Self::OWNED_PLACES {
            if let Some(c) = self.see(s, p) {
                best = best.max(self.gremlin_rank(p, c));
                visible += 1;
            }
        }
        if visible == 0 {
            out.push(Action::Pass);
            return;
        }
        self.gen_places(
            s,
            self.item_places(),
            out,
            |c| rank(c) == KING,
            Action::Ward,
        );
        for p in Self::OWNED_PLACES {
            if let Some(c) = self.see(s, p) {
                if self.gremlin_rank(p, c) == best {
                    out.push(Action::Discard(p));
                    if visible > 1 {
                        out.push(Action::KeepOnly(p));
                    }
                }
            }
        }
    }
}

impl Game for OublietteSolitaire {
    type Action = Action;
    type State = State;
    type Observation = Observation;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        self.cfg.spec()
    }

    fn num_players(&self) -> usize {
        1
    }

    fn max_game_length(&self) -> usize {
        // Per turn: the draw, its resolution, a window, a search, Advantages (each uses up
        // an ace and two deck cards) and a Restock of at most 21 cards.
        self.cfg.max_turns as usize * 400 + 200
    }

    fn initial_state(&self) -> State {
        State {
            slots: [Slot::default(); 4],
            equipped: NO_CARD,
            locked: false,
            path: Path::default(),
            deck: CardSet::full(self.cfg.deck_size()),
            bottom: Pile::default(),
            grave: Pile::default(),
            curse_area: CardSet::EMPTY,
            removed: CardSet::EMPTY,
            curses: 0,
            sideways: CardSet::EMPTY,
            drawn: NO_CARD,
            phase: Phase::Deal,
            window_left: 0,
            fight: Fight::default(),
            advantage: Advantage::default(),
            combo: Combo::default(),
            item: NO_CARD,
            item_from: 0,
            placed: false,
            shuffles: 0,
            dealt: 0,
            turns: 0,
        }
    }

    fn actor(&self, s: &State) -> Actor {
        match s.phase {
            Phase::Over(_) => Actor::Terminal,
            Phase::Deal
            | Phase::DealEquip
            | Phase::Draw
            | Phase::ChasmFlip
            | Phase::LostDiscard(_)
            | Phase::Restock(_)
            | Phase::SearchFlip
            | Phase::AdvantageDraw(_) => Actor::Chance,
            _ => Actor::Player(0),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if self.actor(s) != Actor::Player(0) {
            return;
        }
        let mut acts = Acts::new();
        self.options(s, &mut acts);
        out.extend_from_slice(acts.as_slice());
        out.sort_unstable();
    }

    fn chance_outcomes(&self, s: &State, out: &mut Outcomes<Action>) {
        out.clear();
        if self.actor(s) != Actor::Chance {
            return;
        }
        for c in self.chance_pool(s) {
            out.push(Action::Card(c), 1);
        }
    }

    fn sample_chance(&self, s: &State, rng: &mut Rng, _: &mut Outcomes<Action>) -> Action {
        Action::Card(self.chance_pool(s).pick(rng))
    }

    fn apply_unchecked(&self, s: &mut State, a: Action) {
        self.step(s, a);
        self.settle(s);
    }

    /// The provided playout, step for step (the same generator calls on the same sorted
    /// lists, so the same games), without listing a decision's options twice: the rules
    /// list them once to see whether the decision plays itself, and that list is kept.
    fn watched_playout<W: Watch<Self>>(
        &self,
        s: &mut State,
        rng: &mut Rng,
        _: &mut Vec<Action>,
        outcomes: &mut Outcomes<Action>,
        mut watch: W,
    ) -> Playout {
        let mut n = Playout::default();
        let mut acts = Acts::new();
        let mut listed = false;
        loop {
            let a = match self.actor(s) {
                Actor::Terminal => return n,
                Actor::Chance => self.sample_chance(s, rng, outcomes),
                Actor::Player(_) => {
                    if !listed {
                        self.options(s, &mut acts);
                    }
                    let legal = acts.sorted();
                    n.decisions += 1;
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            watch.see(s, a);
            self.step(s, a);
            listed = self.settle_with(s, &mut acts);
            n.actions += 1;
        }
    }

    fn returns(&self, s: &State) -> Returns {
        let won = s.end() == Some(EndKind::Won);
        Returns::from_slice(&[if won { 1.0 } else { 0.0 }])
    }

    /// The player sees nothing a spectator would not: the deck and the face-down cards
    /// are hidden from both.
    fn observe_public(&self, s: &State) -> Option<Observation> {
        Some(Observation::of(s))
    }

    fn observe(&self, s: &State, _: Seat) -> Observation {
        Observation::of(s)
    }

    fn resample(&self, s: &State, _: Seat, rng: &mut Rng) -> State {
        let mut pool: Vec<Card> = s.deck.iter().collect();
        for slot in &s.slots {
            pool.extend_from_slice(slot.face_down());
        }
        rng.shuffle(&mut pool);
        let mut out = *s;
        let mut next = pool.into_iter();
        for slot in &mut out.slots {
            let down = slot.down.min(slot.len) as usize;
            for c in &mut slot.cards[..down] {
                *c = next.next().expect("as many cards as taken");
            }
        }
        out.deck = next.collect();
        out
    }

    #[inline]
    fn turns(&self, s: &State) -> u32 {
        s.turns
    }

    /// A face-down slot card was turned up: the player has seen it, so undo stops here.
    fn revealed(&self, before: &State, after: &State) -> bool {
        after.face_down_count() < before.face_down_count()
    }

    fn end_kind(&self, s: &State) -> &'static str {
        s.end().map_or("unfinished", EndKind::label)
    }

    fn describe_action(&self, s: &State, a: Action) -> String {
        crate::describe::action(self, s, a)
    }
}

impl OublietteSolitaire {
    /// The cards chance picks from at a chance node: the deck (no Joker for the Equipped
    /// card of the deal: a Joker there is shuffled back, which is the same
    /// distribution as drawing among the other cards).
    pub fn chance_pool(&self, s: &State) -> CardSet {
        if s.phase == Phase::DealEquip {
            let jokers = CardSet::from_bits(((1u64 << self.cfg.jokers) - 1) << FIRST_JOKER);
            s.deck.difference(jokers)
        } else {
            s.next_deck_cards()
        }
    }
}
