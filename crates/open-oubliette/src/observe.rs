//! What one seat sees, and states resampled consistently with it.
//!
//! Our ruling (`open_hands=false`): each player's unused treasure cards and kept event cards
//! are a hand, hidden from the others, who see only how many there are. Everything else is
//! public: banked cards, equipped gear, wounds, quests, positions, the fight and event in
//! progress, every discard pile and the cards that left the game. Draw piles are seen as
//! counts. The only hidden cards are therefore, for each of the treasure and event decks,
//! the draw pile plus the other players' hands; [`resample`] redeals exactly that pool.

use gameshelf_engine::{CardSet, Rng, Seat, SeatLimited};
use serde::Serialize;

use crate::game::OpenOubliette;
use crate::state::{Check, Fight, HIDDEN, NONE, Phase, PlayerState, State, TurnCtx};

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

/// What one seat may read of a state, borrowed from it: the answers its [`Observation`]
/// gives, read from the state itself. A bot that reads a few fields at every decision (the
/// heuristic bot) reads them here rather than have the seat's observation built, a copy of
/// most of the state that cost more than its reasoning.
///
/// It holds the true state, so it answers only through methods, each giving what the
/// observation shows: the other players' hands are seen as counts, draw piles as counts,
/// the Trap card of another player's turn as [`HIDDEN`].
#[derive(Clone, Copy, Debug)]
pub struct Seen<'s> {
    game: &'s OpenOubliette,
    state: &'s State,
    seat: Seat,
}

impl SeatLimited for OpenOubliette {
    type Seen<'s> = Seen<'s>;

    fn seen<'s>(&'s self, state: &'s State, seat: Seat) -> Seen<'s> {
        Seen {
            game: self,
            state,
            seat,
        }
    }
}

impl<'s> Seen<'s> {
    /// The seat it belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What happens next.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The seat's own holdings, its hand included.
    ///
    /// # Panics
    /// If the seat is past [`crate::MAX_PLAYERS`].
    pub fn me(&self) -> &'s PlayerState {
        &self.state.players[self.seat]
    }

    /// Seat `q`'s holdings as the observation shows them: its hand (unused treasure and kept
    /// events) empty unless it is the seat's own or hands are open.
    ///
    /// # Panics
    /// If `q` is past [`crate::MAX_PLAYERS`].
    pub fn player(&self, q: Seat) -> PlayerState {
        let mut p = self.state.players[q];
        if q != self.seat && !self.game.config().open_hands {
            p.unused = CardSet::EMPTY;
            p.kept = CardSet::EMPTY;
        }
        p
    }

    /// How many unused treasure cards seat `q` holds.
    ///
    /// # Panics
    /// If `q` is past [`crate::MAX_PLAYERS`].
    pub fn unused_count(&self, q: Seat) -> usize {
        self.state.players[q].unused.len()
    }

    /// Cards left in the treasure draw pile.
    pub fn treasure_left(&self) -> usize {
        self.state.treasure_draw.len()
    }

    /// This turn's bookkeeping, the Trap card of another player's turn hidden.
    pub fn turn(&self) -> TurnCtx {
        let mut turn = self.state.turn;
        let theirs = self.state.current as usize != self.seat;
        if theirs && !self.game.config().open_hands && turn.trap_card != NONE {
            turn.trap_card = HIDDEN;
        }
        turn
    }

    /// The fight in progress.
    pub fn fight(&self) -> &'s Fight {
        &self.state.fight
    }

    /// The roll being checked.
    pub fn check(&self) -> &'s Check {
        &self.state.check
    }

    /// The margin of the check in a window before or after its roll
    /// ([`OpenOubliette::check_margin`]); `None` outside those windows.
    pub fn check_margin(&self) -> Option<i32> {
        matches!(self.state.phase, Phase::CheckPre | Phase::CheckPost)
            .then(|| self.game.check_margin(self.state))
    }

    /// L for seat `q`'s monster fights ([`OpenOubliette::level`]).
    pub fn level(&self, q: Seat) -> u8 {
        self.game.level(self.state, q)
    }

    /// The other players on the space of the player to move.
    pub fn others_here(&self) -> CardSet {
        self.game.others_here(self.state)
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

    /// Everything a [`Seen`] answers, for comparing views.
    #[derive(Debug, PartialEq)]
    struct Answers {
        phase: Phase,
        me: PlayerState,
        players: Vec<(PlayerState, usize, u8)>,
        treasure_left: usize,
        turn: TurnCtx,
        fight: Fight,
        check: Check,
        margin: Option<i32>,
        others_here: CardSet,
    }

    impl Answers {
        fn of(game: &OpenOubliette, seen: &Seen<'_>) -> Answers {
            Answers {
                phase: seen.phase(),
                me: *seen.me(),
                players: (0..game.config().players)
                    .map(|q| (seen.player(q), seen.unused_count(q), seen.level(q)))
                    .collect(),
                treasure_left: seen.treasure_left(),
                turn: seen.turn(),
                fight: *seen.fight(),
                check: *seen.check(),
                margin: seen.check_margin(),
                others_here: seen.others_here(),
            }
        }

        /// The same answers read from the seat's observation.
        fn observed(game: &OpenOubliette, obs: &Observation) -> Answers {
            let v = &obs.view;
            let in_window = matches!(v.phase, Phase::CheckPre | Phase::CheckPost);
            Answers {
                phase: v.phase,
                me: v.players[obs.seat as usize],
                players: (0..game.config().players)
                    .map(|q| {
                        let count = usize::from(obs.unused_counts[q]);
                        (v.players[q], count, game.level(v, q))
                    })
                    .collect(),
                treasure_left: usize::from(obs.treasure_left),
                turn: v.turn,
                fight: v.fight,
                check: v.check,
                margin: in_window.then(|| game.check_margin(v)),
                others_here: game.others_here(v),
            }
        }
    }

    /// A seat's borrowed view answers what its observation shows, and so the same in every
    /// state the seat cannot tell apart (its resamples), at every decision of random games.
    #[test]
    fn a_seats_borrowed_view_answers_as_its_observation() {
        for spec in [
            "open-oubliette(players=4)",
            "open-oubliette(players=3,pvp_model=opposed)",
            "open-oubliette(players=2,open_hands=true)",
        ] {
            let game = OpenOubliette::from_spec(&spec.parse().unwrap()).unwrap();
            let mut rng = Rng::seed_from_u64(9);
            let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
            let mut windows = 0;
            for _ in 0..20 {
                let mut s = game.initial_state();
                loop {
                    let a = match game.actor(&s) {
                        Actor::Terminal => break,
                        Actor::Chance => game.sample_chance(&s, &mut rng, &mut outcomes),
                        Actor::Player(seat) => {
                            for q in [seat, (seat + 1) % game.num_players()] {
                                let answers = Answers::of(&game, &game.seen(&s, q));
                                let obs = game.observe(&s, q);
                                assert_eq!(answers, Answers::observed(&game, &obs), "{spec}");
                                let other = game.resample(&s, q, &mut rng);
                                let resampled = Answers::of(&game, &game.seen(&other, q));
                                assert_eq!(answers, resampled, "{spec}");
                                windows += usize::from(answers.margin.is_some());
                            }
                            game.legal_actions(&s, &mut actions);
                            actions[rng.below(actions.len() as u64) as usize]
                        }
                    };
                    game.apply_unchecked(&mut s, a);
                }
            }
            assert!(windows > 0, "{spec}: no check window met");
        }
    }
}
