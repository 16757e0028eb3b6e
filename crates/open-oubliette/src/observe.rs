//! What one seat sees, and states resampled consistently with it.
//!
//! Our ruling (`open_hands=false`): each player's unused treasure cards and kept event cards
//! are a hand, hidden from the others, who see only how many there are. Everything else is
//! public: banked cards, equipped gear, wounds, quests, positions, the fight and event in
//! progress, every discard pile and the cards that left the game. Draw piles are seen as
//! counts. The only hidden cards are therefore, for each of the treasure and event decks,
//! the draw pile plus the other players' hands; [`resample`] redeals exactly that pool.

use gameshelf_engine::{CardSet, Rng, Seat};
use serde::Serialize;

use crate::game::OpenOubliette;
use crate::state::{HIDDEN, NONE, State};

/// One seat's view of a state.
///
/// `view` is the state with everything hidden from the seat removed: the other players'
/// `unused` and `kept` sets are empty (their sizes are in `unused_counts` and
/// `kept_counts`), the four draw piles are empty (their sizes are in `*_left`), and the
/// Trap card of another player's turn is [`HIDDEN`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// The state with hidden cards removed.
    pub view: State,
    /// Unused treasure cards held by each seat.
    pub unused_counts: [u8; crate::MAX_PLAYERS],
    /// Kept event cards held by each seat.
    pub kept_counts: [u8; crate::MAX_PLAYERS],
    /// Cards left in the monster draw pile.
    pub monsters_left: u8,
    /// Cards left in the treasure draw pile.
    pub treasure_left: u8,
    /// Cards left in the event draw pile.
    pub events_left: u8,
    /// Cards left in the wound draw pile.
    pub wounds_left: u8,
}

/// The `seat` of a spectator's observation: no seat at all, so every hand is hidden.
pub const SPECTATOR: u8 = u8::MAX;

impl Observation {
    /// What a spectator sees of `state`: what every seat sees, every hand hidden (unless
    /// hands are open), and the Trap card of any turn hidden. Its `seat` is [`SPECTATOR`].
    pub fn public(game: &OpenOubliette, state: &State) -> Observation {
        Observation::new(game, state, SPECTATOR as Seat)
    }

    /// What `seat` sees of `state` (a seat beyond the players, as [`SPECTATOR`], sees what
    /// a spectator sees).
    pub fn new(game: &OpenOubliette, state: &State, seat: Seat) -> Observation {
        let mut obs = Observation {
            seat: 0,
            view: state.clone(),
            unused_counts: [0; crate::MAX_PLAYERS],
            kept_counts: [0; crate::MAX_PLAYERS],
            monsters_left: 0,
            treasure_left: 0,
            events_left: 0,
            wounds_left: 0,
        };
        obs.refresh(game, state, seat);
        obs
    }

    /// Makes this observation what `seat` sees of `state`, in place: the heuristic bot
    /// observes at every decision that offers a choice, and copying the whole state there
    /// was a tenth of a simulated game's cost ([`gameshelf_engine::Game::observe_into`]).
    ///
    /// So only what can differ is written: the seats in play, each with its hand hidden as
    /// it is copied (the entries past them are not in play: every state of a game keeps
    /// what `initial_state` gave them, which this observation, made by the same game,
    /// already holds), and the other fields one by one, the draw piles left empty. The fields are named in full so that
    /// a field added to [`State`] cannot be forgotten here.
    pub fn refresh(&mut self, game: &OpenOubliette, state: &State, seat: Seat) {
        let State {
            players,
            order,
            order_pos,
            current,
            phase,
            monster_draw,
            monster_discard,
            treasure_draw,
            treasure_removed,
            event_draw,
            event_discard,
            wound_draw,
            turn,
            fight,
            check,
            turns,
            standing_moves,
            winners,
            end,
        } = state;
        let n = game.config().players;
        let open = game.config().open_hands;
        let view = &mut self.view;
        for (q, (p, to)) in players[..n].iter().zip(&mut view.players[..n]).enumerate() {
            *to = *p;
            self.unused_counts[q] = p.unused.len() as u8;
            self.kept_counts[q] = p.kept.len() as u8;
            if q != seat && !open {
                to.unused = CardSet::EMPTY;
                to.kept = CardSet::EMPTY;
            }
        }
        view.order = *order;
        view.order_pos = *order_pos;
        view.current = *current;
        view.phase = *phase;
        view.monster_draw = CardSet::EMPTY;
        view.monster_discard = *monster_discard;
        view.treasure_draw = CardSet::EMPTY;
        view.treasure_removed = *treasure_removed;
        view.event_draw = CardSet::EMPTY;
        view.event_discard = *event_discard;
        view.wound_draw = CardSet::EMPTY;
        view.turn = *turn;
        if !open && *current as usize != seat && turn.trap_card != NONE {
            view.turn.trap_card = HIDDEN;
        }
        view.fight = *fight;
        view.check = *check;
        view.turns = *turns;
        view.standing_moves = *standing_moves;
        view.winners = *winners;
        view.end = *end;
        self.seat = seat as u8;
        self.monsters_left = monster_draw.len() as u8;
        self.treasure_left = treasure_draw.len() as u8;
        self.events_left = event_draw.len() as u8;
        self.wounds_left = wound_draw.len() as u8;
    }

    /// The observing seat's own unused treasure cards (none for a spectator).
    pub fn my_unused(&self) -> CardSet {
        self.view
            .players
            .get(self.seat as usize)
            .map_or(CardSet::EMPTY, |p| p.unused)
    }

    /// The observing seat's own kept event cards (none for a spectator).
    pub fn my_kept(&self) -> CardSet {
        self.view
            .players
            .get(self.seat as usize)
            .map_or(CardSet::EMPTY, |p| p.kept)
    }
}

/// Deals `pool` (shuffled) into hands of the given sizes; what is left is returned.
struct Dealer {
    cards: [u8; 64],
    len: usize,
    next: usize,
}

impl Dealer {
    fn new(pool: CardSet, rng: &mut Rng) -> Dealer {
        let mut cards = [0u8; 64];
        let mut len = 0;
        for c in pool {
            cards[len] = c;
            len += 1;
        }
        rng.shuffle(&mut cards[..len]);
        Dealer {
            cards,
            len,
            next: 0,
        }
    }

    fn deal(&mut self, n: usize) -> CardSet {
        let hand = self.cards[self.next..self.next + n]
            .iter()
            .copied()
            .collect();
        self.next += n;
        hand
    }

    fn rest(&self) -> CardSet {
        self.cards[self.next..self.len].iter().copied().collect()
    }
}

/// A state `seat` cannot tell apart from `state`: the hidden pool of each deck is redealt
/// so that every other hand and every draw pile keeps its size. Cards chosen for a cash-in
/// (shown to all) stay where they are; the Trap card of another player's turn is dealt
/// first from the pool into that player's hand.
pub fn resample(game: &OpenOubliette, state: &State, seat: Seat, rng: &mut Rng) -> State {
    let mut s = state.clone();
    if game.config().open_hands {
        return s;
    }
    let others = (0..game.config().players).filter(|&q| q != seat);
    let cur = s.current as usize;

    // Treasure: draw pile + the other hands, minus cards shown for a cash-in.
    let fixed = |q: usize| {
        if q == cur {
            s.turn.cash_sel
        } else {
            CardSet::EMPTY
        }
    };
    let mut pool = s.treasure_draw;
    for q in others.clone() {
        pool = pool.union(s.players[q].unused.difference(fixed(q)));
    }
    let trap_hidden = cur != seat
        && s.turn.trap_card != NONE
        && s.players[cur]
            .unused
            .difference(fixed(cur))
            .contains(s.turn.trap_card);
    let mut dealer = Dealer::new(pool, rng);
    for q in others.clone() {
        let keep = fixed(q);
        let mut n = s.players[q].unused.len() - keep.len();
        let mut hand = keep;
        if q == cur && trap_hidden {
            let trap = dealer.deal(1);
            s.turn.trap_card = trap.iter().next().unwrap_or(NONE);
            hand = hand.union(trap);
            n -= 1;
        }
        s.players[q].unused = hand.union(dealer.deal(n));
    }
    s.treasure_draw = dealer.rest();

    // Events: draw pile + the other players' kept cards.
    let mut pool = s.event_draw;
    for q in others.clone() {
        pool = pool.union(s.players[q].kept);
    }
    let mut dealer = Dealer::new(pool, rng);
    for q in others {
        let n = s.players[q].kept.len();
        s.players[q].kept = dealer.deal(n);
    }
    s.event_draw = dealer.rest();
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::{Actor, Game, Outcomes};

    /// An observation refreshed in place, whichever seat and state it showed before, is the
    /// one built anew: the seats past the players and the draw piles it leaves alone are
    /// the same in both.
    #[test]
    fn a_refreshed_observation_is_the_one_built_anew() {
        for spec in [
            "open-oubliette(players=3)",
            "open-oubliette(players=2,open_hands=true)",
        ] {
            let game = OpenOubliette::from_spec(&spec.parse().unwrap()).unwrap();
            let mut rng = Rng::seed_from_u64(5);
            let mut s = game.initial_state();
            let mut kept = Observation::public(&game, &s);
            let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
            let mut refreshed = 0;
            loop {
                let a = match game.actor(&s) {
                    Actor::Terminal => break,
                    Actor::Chance => game.sample_chance(&s, &mut rng, &mut outcomes),
                    Actor::Player(seat) => {
                        for q in [seat, (seat + 1) % game.num_players(), SPECTATOR as Seat] {
                            kept.refresh(&game, &s, q);
                            assert_eq!(kept, Observation::new(&game, &s, q), "{spec}");
                            refreshed += 1;
                        }
                        game.legal_actions(&s, &mut actions);
                        actions[rng.below(actions.len() as u64) as usize]
                    }
                };
                game.apply_unchecked(&mut s, a);
            }
            assert!(refreshed > 30, "{spec}: {refreshed}");
        }
    }
}
