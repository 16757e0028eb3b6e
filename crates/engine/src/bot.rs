//! Bots and the seat view they play through.
//!
//! A bot never receives a game state. It receives a [`SeatView`]: the game, its seat, and
//! private access to the true state that only answers what that seat may know (its
//! observation, its legal actions, and states resampled consistently with its
//! observation). Hidden information is therefore structurally out of a bot's reach.
//!
//! A game may also lend its bots a borrowed view of the state limited to one seat
//! ([`SeatLimited`]), which answers from the state itself what the observation would show:
//! a bot that reads a few fields at every decision then copies nothing.

use crate::actor::Seat;
use crate::chance::Outcomes;
use crate::game::Game;
use crate::rng::Rng;

/// What one seat may know about the current state of a match.
pub struct SeatView<'a, G: Game> {
    game: &'a G,
    state: &'a G::State,
    seat: Seat,
}

impl<'a, G: Game> SeatView<'a, G> {
    /// The view of `seat` onto `state`.
    pub fn new(game: &'a G, state: &'a G::State, seat: Seat) -> Self {
        SeatView { game, state, seat }
    }

    /// The game being played.
    pub fn game(&self) -> &'a G {
        self.game
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat sees.
    pub fn observation(&self) -> G::Observation {
        self.game.observe(self.state, self.seat)
    }

    /// The seat's observation written into `out` ([`Game::observe_into`]), one this seat's
    /// bot kept from an earlier decision: the same value as [`SeatView::observation`],
    /// without building a new one.
    pub fn observe_into(&self, out: &mut G::Observation) {
        self.game.observe_into(self.state, self.seat, out);
    }

    /// The seat's observation, borrowed when the game allows it ([`Game::observe_cow`]):
    /// the same value as [`SeatView::observation`] without a copy.
    pub fn observed(&self) -> std::borrow::Cow<'a, G::Observation> {
        self.game.observe_cow(self.state, self.seat)
    }

    /// What the seat may read of the state, borrowed from it ([`SeatLimited`]): the answers
    /// of its observation without building one.
    pub fn seen(&self) -> G::Seen<'a>
    where
        G: SeatLimited,
    {
        self.game.seen(self.state, self.seat)
    }

    /// The seat's legal actions (empty when it is not the seat's turn).
    pub fn legal_actions(&self, out: &mut Vec<G::Action>) {
        out.clear();
        if self.game.actor(self.state) == crate::Actor::Player(self.seat) {
            self.game.legal_actions(self.state, out);
        }
    }

    /// A full state consistent with the seat's observation, hidden parts redealt at random.
    pub fn resample(&self, rng: &mut Rng) -> G::State {
        let mut state = self.game.resample(self.state, self.seat, rng);
        // What a bot searches from is played out, not ranked turn by turn.
        self.game.follow_standing(&mut state, false);
        state
    }

    /// The action in words.
    pub fn describe_action(&self, action: G::Action) -> String {
        self.game.describe_action(self.state, action)
    }
}

/// A game that lends its bots a view of a state borrowed from it and limited to one seat
/// ([`SeatView::seen`]): what a bot reads at every decision, where building the seat's
/// observation (a copy of most of the state, hidden cards removed) would cost more than the
/// bot's reasoning.
///
/// Only the game's own crate can implement it (anywhere else both the trait and the game
/// are foreign), so the view is the game's to design, and the game answers for it as for
/// [`Game::observe`]: it must tell the seat only what the seat's observation shows.
pub trait SeatLimited: Game {
    /// The view, borrowing the game and the state for `'s`.
    type Seen<'s>;

    /// What `seat` may read of `state`.
    fn seen<'s>(&'s self, state: &'s Self::State, seat: Seat) -> Self::Seen<'s>;
}

/// A player program.
pub trait Bot<G: Game>: Send {
    /// A short name for reports, e.g. `random` or `heuristic`.
    fn name(&self) -> String;

    /// Chooses one of the view's legal actions. Called only when it is the view's seat to move.
    fn choose(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> G::Action;

    /// Whether the bot picks exactly as [`RandomBot`] does (one `rng.below(n)` over the
    /// sorted legal actions, nothing else drawn), so that a game between such bots is
    /// [`Game::watched_playout`] and a simulator may play it that way, without views.
    fn plays_like_a_playout(&self) -> bool {
        false
    }
}

/// Picks a legal action uniformly at random. It keeps its action buffer between calls, so
/// it allocates nothing after the first few decisions.
#[derive(Clone, Debug)]
pub struct RandomBot<G: Game> {
    buf: Vec<G::Action>,
}

impl<G: Game> Default for RandomBot<G> {
    fn default() -> Self {
        RandomBot { buf: Vec::new() }
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> G::Action {
        view.legal_actions(&mut self.buf);
        self.buf[rng.below(self.buf.len() as u64) as usize]
    }

    fn plays_like_a_playout(&self) -> bool {
        true
    }
}

/// Plays one game from `state` to the end with one bot per seat and chance sampled from
/// `rng`, calling `on_action(state_before, action)` before each action is applied.
///
/// # Panics
/// If `bots` has fewer entries than the game has seats.
pub fn play<G: Game>(
    game: &G,
    state: &mut G::State,
    bots: &mut [Box<dyn Bot<G>>],
    rng: &mut Rng,
    mut on_action: impl FnMut(&G::State, G::Action),
) {
    let mut outcomes = Outcomes::new();
    loop {
        let action = match game.actor(state) {
            crate::Actor::Terminal => return,
            crate::Actor::Chance => game.sample_chance(state, rng, &mut outcomes),
            crate::Actor::Player(p) => bots[p].choose(&SeatView::new(game, state, p), rng),
        };
        on_action(state, action);
        game.apply_unchecked(state, action);
    }
}
