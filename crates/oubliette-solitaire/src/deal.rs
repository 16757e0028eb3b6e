//! Numbered deals: deal `N` is one fixed shuffle, the same on every machine and version.
//!
//! # The algorithm
//!
//! With `n = 52 + jokers` cards numbered as in [`crate::card`] (♠A..♠K = 0..12, ♣ 13..25,
//! ♥ 26..38, ♦ 39..51, jokers 52..):
//!
//! 1. start from the list `0, 1, ..., n-1`;
//! 2. shuffle it with the engine's pinned generator: `Rng::seed_from_u64(N)` (xoshiro256++
//!    seeded by SplitMix64) and `Rng::shuffle` (Fisher–Yates from the end: for `i` from
//!    `n-1` down to 1, swap items `i` and `rng.below(i + 1)`);
//! 3. while the card at index 20 (the Equipped card) is a joker, take it out and insert it
//!    at index `21 + rng.below(n - 21)` of the shortened list (the rules shuffle it back
//!    into the deck);
//! 4. indices `5s..5s+5` are slot `s` (bottom first; `5s+4` is face up), index 20 is the
//!    Equipped card, and the rest is the deck, top first.
//!
//! Hourglass and Time Shift shuffle cards back into the deck. After the `k`-th such
//! shuffle, the deck's order is by the key `splitmix64(N ^ ((k << 8 | card) * φ))` (φ =
//! `0x9E3779B97F4A7C15`), smallest first.
//!
//! # Driving chance
//!
//! The game itself draws uniformly from an unordered deck. Playing deal `N` means letting
//! [`Deal::choose`] pick every chance outcome: the next card of the deal's order among the
//! cards the state still has in its deck. The outcome is always one the state lists, so a
//! record of a numbered deal is an ordinary record and replays without the deal.

use gameshelf_engine::rng::splitmix64;
use gameshelf_engine::{Actor, Bot, Game, Rng, SeatView};

use crate::action::Action;
use crate::card::{Card, is_joker};
use crate::game::{DEALT_TO_SLOTS, OublietteSolitaire};
use crate::state::{MAX_CARDS, Phase, State};

/// One numbered deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    number: u64,
    order: Vec<Card>,
    position: [u8; MAX_CARDS],
}

impl Deal {
    /// Deal `number` of a deck with this many jokers (2 or 3).
    ///
    /// # Panics
    /// If `jokers` is not 2 or 3.
    pub fn new(number: u64, jokers: u8) -> Deal {
        assert!((2..=3).contains(&jokers), "2 or 3 jokers");
        let n = 52 + jokers as usize;
        let mut order: Vec<Card> = (0..n as u8).collect();
        let mut rng = Rng::seed_from_u64(number);
        rng.shuffle(&mut order);
        let equip = DEALT_TO_SLOTS as usize;
        while is_joker(order[equip]) {
            let j = order.remove(equip);
            let at = equip + 1 + rng.below((n - equip - 1) as u64) as usize;
            order.insert(at, j);
        }
        let mut position = [u8::MAX; MAX_CARDS];
        for (i, &c) in order.iter().enumerate() {
            position[c as usize] = i as u8;
        }
        Deal {
            number,
            order,
            position,
        }
    }

    /// The deal's number.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The shuffled cards: slots, Equipped, then the deck top first.
    pub fn order(&self) -> &[Card] {
        &self.order
    }

    fn key(&self, shuffles: u16, c: Card) -> u64 {
        if shuffles == 0 {
            return u64::from(self.position[c as usize]);
        }
        let mut z = self.number
            ^ ((u64::from(shuffles) << 8) | u64::from(c)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        splitmix64(&mut z)
    }

    /// The chance outcome this deal gives at a chance node of `state`.
    ///
    /// # Panics
    /// If `state` is not at a chance node of a game with this deal's deck.
    pub fn choose(&self, game: &OublietteSolitaire, state: &State) -> Action {
        let card = match state.phase {
            Phase::Deal => self.order[state.dealt as usize],
            Phase::DealEquip => self.order[DEALT_TO_SLOTS as usize],
            _ => game
                .chance_pool(state)
                .iter()
                .min_by_key(|&c| (self.key(state.shuffles, c), c))
                .expect("a card in the deck"),
        };
        debug_assert!(
            game.chance_pool(state).contains(card),
            "deal card not listed"
        );
        Action::Card(card)
    }

    /// Plays this deal to the end with `bot`, from `state`, calling `on_action` before each
    /// action.
    pub fn play(
        &self,
        game: &OublietteSolitaire,
        state: &mut State,
        bot: &mut dyn Bot<OublietteSolitaire>,
        rng: &mut Rng,
        mut on_action: impl FnMut(&State, Action),
    ) {
        loop {
            let a = match game.actor(state) {
                Actor::Terminal => return,
                Actor::Chance => self.choose(game, state),
                Actor::Player(p) => bot.choose(&SeatView::new(game, state, p), rng),
            };
            on_action(state, a);
            game.apply_unchecked(state, a);
        }
    }
}
