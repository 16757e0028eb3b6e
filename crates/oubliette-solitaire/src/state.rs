//! The state: plain arrays and bit masks, no heap, `Copy`.

use gameshelf_engine::CardSet;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, NO_CARD};

/// Most cards in one inventory slot.
pub const SLOT_CAPACITY: usize = 5;
/// Rooms of a complete Path.
pub const PATH_ROOMS: usize = 9;
/// The most cards of any deck (three jokers).
pub const MAX_CARDS: usize = 55;

/// One inventory slot: a stack, bottom first. The first `down` cards are face down (dealt
/// face down and not yet revealed); the rest are face up and only the top is usable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    /// The cards, bottom first; only `cards[..len]` count.
    pub cards: [Card; SLOT_CAPACITY],
    /// Cards in the slot.
    pub len: u8,
    /// Face-down cards at the bottom.
    pub down: u8,
}

impl Default for Slot {
    fn default() -> Self {
        Slot {
            cards: [NO_CARD; SLOT_CAPACITY],
            len: 0,
            down: 0,
        }
    }
}

impl Slot {
    /// The visible top card, if any (a slot whose top is still face down shows none).
    #[inline]
    pub fn top(&self) -> Option<Card> {
        (self.len > self.down).then(|| self.cards[self.len as usize - 1])
    }

    /// Removes the top card and turns the next one face up.
    #[inline]
    pub fn take(&mut self) -> Card {
        let c = self.take_keep_hidden();
        self.reveal();
        c
    }

    /// Removes the top card without turning the next one up (Advantage, Grave Dig: the new
    /// card goes on top instead).
    #[inline]
    pub fn take_keep_hidden(&mut self) -> Card {
        self.len -= 1;
        std::mem::replace(&mut self.cards[self.len as usize], NO_CARD)
    }

    /// Turns the top card face up if it is face down.
    #[inline]
    pub fn reveal(&mut self) {
        if self.len > 0 && self.down >= self.len {
            self.down = self.len - 1;
        }
    }

    /// Puts a card on top, face up.
    #[inline]
    pub fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.cards[..self.len as usize].iter().copied().collect()
    }

    /// The face-down cards.
    pub fn face_down(&self) -> &[Card] {
        &self.cards[..self.down.min(self.len) as usize]
    }

    /// The face-up cards, top first: the visible top, then the cards the player has seen
    /// below it, down to the first face-down card. Using the top brings the next one up.
    pub fn face_up_from_top(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[self.down.min(self.len) as usize..self.len as usize]
            .iter()
            .rev()
            .copied()
    }
}

/// One room of the Path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Room {
    /// The value the room counts as (the needed value when it was placed).
    pub value: u8,
    /// Every card lying at this room: its Path card(s), a Portcullis behind it, Chasms on it.
    pub cards: CardSet,
    /// A Portcullis lies between this room and the one before it.
    pub portcullis: bool,
    /// A passed Chasm lies between this room and the one before it.
    pub chasm_behind: bool,
    /// Chasms on this room not yet passed with a Rope.
    pub unpassed: u8,
    /// Chasms on this room passed with a Rope (a barrier once a room lies beyond them).
    pub passed: u8,
}

impl Room {
    /// Whether a barrier lies directly behind the room (a setback there loses).
    pub fn barrier_behind(&self) -> bool {
        self.portcullis || self.chasm_behind
    }
}

/// The Path's direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// No Path yet.
    #[default]
    Unset,
    /// From 10 down to 2.
    Down,
    /// From 2 up to 10.
    Up,
}

/// The Path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Path {
    /// The rooms, first first; only `rooms[..len]` count.
    pub rooms: [Room; PATH_ROOMS],
    /// Rooms placed.
    pub len: u8,
    /// The direction, fixed by the first room.
    pub dir: Dir,
}

impl Path {
    /// Whether the Path has been started.
    #[inline]
    pub fn is_set(&self) -> bool {
        self.len > 0
    }

    /// The top (most recent) room.
    #[inline]
    pub fn top(&self) -> &Room {
        &self.rooms[self.len as usize - 1]
    }

    /// The top room, mutable.
    #[inline]
    pub fn top_mut(&mut self) -> &mut Room {
        &mut self.rooms[self.len as usize - 1]
    }

    /// The value the next room needs, if the Path is started and not complete.
    #[inline]
    pub fn need(&self) -> Option<u8> {
        if self.len == 0 || self.len as usize >= PATH_ROOMS {
            return None;
        }
        let top = self.top().value;
        Some(match self.dir {
            Dir::Up => top + 1,
            _ => top - 1,
        })
    }

    /// Every card on the Path.
    pub fn cards(&self) -> CardSet {
        self.rooms[..self.len as usize]
            .iter()
            .fold(CardSet::EMPTY, |a, r| a.union(r.cards))
    }
}

/// The graveyard: face up and ordered, top last.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pile {
    cards: [Card; MAX_CARDS],
    len: u8,
}

impl Default for Pile {
    fn default() -> Self {
        Pile {
            cards: [NO_CARD; MAX_CARDS],
            len: 0,
        }
    }
}

impl Pile {
    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top card.
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }

    /// Puts a card on top.
    #[inline]
    pub fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    /// Removes a card wherever it lies; returns whether it was there.
    pub fn remove(&mut self, c: Card) -> bool {
        let Some(i) = self.as_slice().iter().position(|&x| x == c) else {
            return false;
        };
        self.cards.copy_within(i + 1..self.len as usize, i);
        self.len -= 1;
        self.cards[self.len as usize] = NO_CARD;
        true
    }

    /// Moves the top card to the bottom (a spent Grave Inventory card).
    pub fn top_to_bottom(&mut self) {
        let n = self.len as usize;
        if n > 1 {
            self.cards[..n].rotate_right(1);
        }
    }

    /// Puts a card at the bottom.
    pub fn push_bottom(&mut self, c: Card) {
        self.push(c);
        self.top_to_bottom();
    }

    /// Removes and returns the top card.
    pub fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        self.cards[self.len as usize] = NO_CARD;
        Some(c)
    }

    /// Puts the cards in ascending order: a canonical form for when their order can no
    /// longer matter (the solver's transposition keys).
    pub fn sort(&mut self) {
        self.cards[..self.len as usize].sort_unstable();
    }

    /// Empties the pile.
    pub fn clear(&mut self) {
        *self = Pile::default();
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.as_slice().iter().copied().collect()
    }
}

impl std::fmt::Debug for Pile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Serialised as the list of cards, bottom first.
impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        if cards.len() > MAX_CARDS || cards.iter().any(|&c| c as usize >= MAX_CARDS) {
            return Err(serde::de::Error::custom("bad graveyard"));
        }
        let mut p = Pile::default();
        for c in cards {
            p.push(c);
        }
        Ok(p)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndKind {
    /// Nine rooms: escaped.
    Won,
    /// No card to draw.
    DeckOut,
    /// A setback in the first room.
    FirstRoom,
    /// A setback with a Portcullis or passed Chasm directly behind.
    Barrier,
    /// A second Portcullis while one lies directly behind.
    Portcullis,
    /// No card left in inventory.
    EmptyInventory,
    /// A setback before the Path exists, with `no_path_setback=lose`.
    NoPath,
    /// The `max_turns` safety bound.
    TurnLimit,
}

impl EndKind {
    /// The label used by simulation reports.
    pub fn label(self) -> &'static str {
        match self {
            EndKind::Won => "won",
            EndKind::DeckOut => "deck-out",
            EndKind::FirstRoom => "setback-first-room",
            EndKind::Barrier => "setback-barrier",
            EndKind::Portcullis => "second-portcullis",
            EndKind::EmptyInventory => "empty-inventory",
            EndKind::NoPath => "setback-no-path",
            EndKind::TurnLimit => "turn-limit",
        }
    }

    /// Every end, for reports.
    pub const ALL: [EndKind; 8] = [
        EndKind::Won,
        EndKind::DeckOut,
        EndKind::FirstRoom,
        EndKind::Barrier,
        EndKind::Portcullis,
        EndKind::EmptyInventory,
        EndKind::NoPath,
        EndKind::TurnLimit,
    ];
}

/// Where the rules stand: a chance node, a decision, or the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the next card of the deal (`State::dealt` so far).
    Deal,
    /// Chance: the Equipped card of the deal (never a Joker: one there goes back into the deck).
    DealEquip,
    /// Decision: which visible 10 or 2 starts the Path at setup, or an Advantage first.
    SetupStart,
    /// Decision: an Advantage before the turn's draw, or the draw.
    BeforeDraw,
    /// Chance: the turn's draw.
    Draw,
    /// Decision: place the drawn needed card, paying Ropes first if needed.
    PathOffer,
    /// Decision: pay the Creature.
    Creature,
    /// Decision: pay the Trap.
    Trap,
    /// Decision: optional Ropes at a Chasm.
    ChasmRope,
    /// Chance: the card flipped at a Chasm.
    ChasmFlip,
    /// Decision: Hourglass against Lost, or accept.
    Lost,
    /// Chance: a deck card lost; this many still to go.
    LostDiscard(u8),
    /// Decision: Torch or discard.
    Darkness,
    /// Decision: Ward, or which cards the Gremlin takes.
    Gremlin,
    /// Decision: where the drawn Other card goes.
    Stow,
    /// Decision: the action window.
    Window,
    /// Decision: the next card of a Map combo being laid ([`State::combo`]).
    MapCombo,
    /// Decision: graveyard cards for the Hourglass; this many still to pick.
    HourglassPick(u8),
    /// Decision: the graveyard card for the Grave Dig, which goes to this place.
    GraveDigPick(u8),
    /// Chance: a Restock card; this many still to draw, this one included.
    Restock(u8),
    /// Decision: where the Restock card goes; this many still to draw after it.
    RestockPlace(u8),
    /// Decision: search or not.
    SearchOffer,
    /// Chance: the searched card.
    SearchFlip,
    /// Decision: where the searched card goes.
    SearchStow,
    /// Chance: an Advantage card; this many still to draw, this one included.
    AdvantageDraw(u8),
    /// Decision: which Advantage card to keep.
    AdvantageKeep,
    /// The game is over.
    Over(EndKind),
}

/// A fight in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fight {
    /// The Creature's value, curse included.
    pub target: u8,
    /// The face values paid so far.
    pub paid: u16,
    /// The number of cards paid so far.
    pub count: u8,
    /// The smallest value paid so far (for `combat_minimal_subset`).
    pub smallest: u8,
    /// The cards paid so far: a card paid once does not pay again through Grave Inventory
    /// when it comes back to the top of the graveyard.
    pub cards: CardSet,
}

/// A Map combo being laid: the cards taken so far make one room once their total is the
/// needed value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combo {
    /// The cards taken so far.
    pub cards: CardSet,
    /// Their total: values added, and with a red Map the red cards' values subtracted.
    pub total: i8,
    /// How many cards were taken.
    pub count: u8,
}

/// An Advantage in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Advantage {
    /// Where the ace was (its kept card goes there).
    pub from: u8,
    /// The ace.
    pub ace: Card,
    /// The cards drawn.
    pub cards: [Card; 2],
    /// How many were drawn.
    pub len: u8,
    /// The phase to go back to.
    pub resume: Phase,
}

impl Default for Advantage {
    fn default() -> Self {
        Advantage {
            from: 0,
            ace: NO_CARD,
            cards: [NO_CARD; 2],
            len: 0,
            resume: Phase::Draw,
        }
    }
}

/// A position of Oubliette (solitaire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The four inventory slots.
    pub slots: [Slot; 4],
    /// The Equipped card, or [`NO_CARD`].
    pub equipped: Card,
    /// The second curse locks the Equipped slot for good.
    pub locked: bool,
    /// The Path.
    pub path: Path,
    /// The draw pile's cards (no order: a draw is a chance node over them).
    pub deck: CardSet,
    /// Cards put under the deck (`advantage_other_card=deck_bottom`), first put first: they
    /// are drawn in this order once `deck` is empty, and join it when the deck is shuffled.
    pub bottom: Pile,
    /// The graveyard.
    pub grave: Pile,
    /// Chaos cards lying above the Path as curses.
    pub curse_area: CardSet,
    /// Cards out of the game (a Chaos used after two curses).
    pub removed: CardSet,
    /// Curses in effect: 0, 1 (creatures +2) or 2 (and Equipped locked).
    pub curses: u8,
    /// Cards turned sideways: a used Torch, a Chaos after its first Destroy.
    pub sideways: CardSet,
    /// The card being resolved: the turn's draw, a Restock card or a searched card.
    pub drawn: Card,
    /// Where the rules stand.
    pub phase: Phase,
    /// Actions left in the current window.
    pub window_left: u8,
    /// The current fight.
    pub fight: Fight,
    /// The current Advantage.
    pub advantage: Advantage,
    /// The Map combo being laid.
    pub combo: Combo,
    /// The item being used while its choice is pending (Grave Dig, Hourglass), or
    /// [`NO_CARD`]; it goes to the graveyard afterwards.
    pub item: Card,
    /// Where that item came from.
    pub item_from: u8,
    /// A room was placed this turn (for `search_frequency=per_room`).
    pub placed: bool,
    /// Times the deck has been shuffled after the deal (Hourglass, Time Shift).
    pub shuffles: u16,
    /// Cards dealt so far at setup.
    pub dealt: u8,
    /// Turns begun (draws).
    pub turns: u32,
}

impl State {
    /// The inventory count: every card in the slots plus the Equipped card.
    pub fn inventory_count(&self) -> usize {
        self.slots.iter().map(|s| s.len as usize).sum::<usize>()
            + usize::from(self.equipped != NO_CARD)
    }

    /// Cards left to draw: the deck and the cards put under it.
    pub fn deck_len(&self) -> usize {
        self.deck.len() + self.bottom.len()
    }

    /// Whether no card is left to draw.
    pub fn deck_is_empty(&self) -> bool {
        self.deck.is_empty() && self.bottom.is_empty()
    }

    /// The cards chance may give next from the deck: any card of the unordered deck, then
    /// the cards put under it, in order.
    pub fn next_deck_cards(&self) -> CardSet {
        match self.bottom.as_slice().first() {
            Some(&c) if self.deck.is_empty() => CardSet::single(c),
            _ => self.deck,
        }
    }

    /// Takes `c`, which chance gave, out of the deck.
    pub fn take_from_deck(&mut self, c: Card) {
        if !self.deck.remove(c) {
            self.bottom.remove(c);
        }
    }

    /// Shuffling the deck: the cards put under it join the unordered rest.
    pub fn shuffle_deck(&mut self) {
        for &c in self.bottom.as_slice() {
            self.deck.insert(c);
        }
        self.bottom.clear();
        self.shuffles += 1;
    }

    /// The face-down cards in the slots.
    pub fn face_down_count(&self) -> usize {
        self.slots.iter().map(|s| s.face_down().len()).sum()
    }

    /// The cards in the slots, face down ones included.
    pub fn slot_cards(&self) -> CardSet {
        self.slots
            .iter()
            .fold(CardSet::EMPTY, |a, s| a.union(s.set()))
    }

    /// Whether the game is over, and how.
    pub fn end(&self) -> Option<EndKind> {
        match self.phase {
            Phase::Over(k) => Some(k),
            _ => None,
        }
    }
}
