//! The [`Game`] trait: the one API every gameshelf game implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::actor::{Actor, Returns, Seat};
use crate::chance::Outcomes;
use crate::info::GameInfo;
use crate::rng::Rng;
use crate::spec::GameSpec;

/// An action that [`Game::apply`] refused: it is not among the legal actions (or chance
/// outcomes) of the state. The state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action:?}: {reason}")]
pub struct IllegalAction {
    /// The refused action, as text.
    pub action: String,
    /// Who was to move.
    pub actor: Actor,
    /// Why, in words.
    pub reason: String,
}

/// What a random playout applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Actions applied, chance outcomes included.
    pub actions: u64,
    /// Player decisions among them.
    pub decisions: u64,
}

/// What a game's loop shows every state it reaches, with the action about to be applied to
/// it ([`Game::watched_playout`], [`Game::watched_play`]). Any closure
/// `FnMut(&G::State, G::Action)` is one (name the state's type in the closure's arguments,
/// `|s: &State, a| ...`, as the compiler infers a closure's signature only from `Fn`
/// bounds). The simulator implements it on a struct of its own
/// and asks for it to be inlined: a closure is one function that the compiler calls from
/// each of a fused loop's many call sites rather than copy into them, and at a few
/// nanoseconds an action that call is most of what a simulation costs over a playout.
pub trait Watch<G: Game> {
    /// Sees `before`, the state `action` is about to be applied to.
    fn see(&mut self, before: &G::State, action: G::Action);
}

impl<G: Game, F: FnMut(&G::State, G::Action)> Watch<G> for F {
    #[inline]
    fn see(&mut self, before: &G::State, action: G::Action) {
        self(before, action);
    }
}

/// A game: validated configuration and rules data, and the rules that act on its states.
///
/// Required methods describe one step of the rules; everything else (checked play, random
/// playouts, terminal tests) is provided on top of them, as shakmaty's `Position` does.
///
/// Contract, checked for every game by the conformance kit (`gameshelf-conformance`):
/// * `legal_actions` is non-empty exactly when the actor is a player, `chance_outcomes`
///   exactly when it is chance; both are sorted and free of duplicates;
/// * `apply_unchecked` accepts every listed action and nothing else is ever passed to it
///   (use [`Game::apply`] for input from outside);
/// * states, actions and observations round-trip through JSON;
/// * `observe(state, seat)` depends only on what `seat` may see, and
///   `resample(state, seat, rng)` returns a state with the same observation for `seat`;
/// * every game ends within [`Game::max_game_length`] actions (chance included) and its
///   returns lie within the bounds declared in [`GameInfo`].
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A move or chance outcome: small and `Copy` (a test per game pins its size).
    type Action: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Display
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// A position: a plain value with no references into the game.
    type State: Clone + Eq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What one seat may see of a state.
    type Observation: Clone + Eq + Debug + Serialize + Send + Sync + 'static;

    /// Static metadata: id, players, chance, information, utility, parameters.
    fn info(&self) -> &GameInfo;

    /// The canonical game string of this configuration (defaults omitted); records store it.
    fn spec(&self) -> GameSpec;

    /// The number of seats in this configuration.
    fn num_players(&self) -> usize;

    /// An upper bound on the number of actions (chance outcomes included) of any game.
    fn max_game_length(&self) -> usize;

    /// The state at the start of a game.
    fn initial_state(&self) -> Self::State;

    /// Who acts in `state`.
    fn actor(&self, state: &Self::State) -> Actor;

    /// Fills `out` (after clearing it) with the legal actions of the player to move, sorted;
    /// leaves it empty at chance and terminal states.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Fills `out` (after clearing it) with the chance outcomes and their weights, sorted by
    /// outcome; leaves it empty unless chance is to act.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Outcomes<Self::Action>);

    /// Applies a legal action or chance outcome without checking it. Search loops use this.
    /// Passing anything not listed by `legal_actions` or `chance_outcomes` is a logic error:
    /// the result is unspecified (it may panic), but it is memory-safe.
    fn apply_unchecked(&self, state: &mut Self::State, action: Self::Action);

    /// The returns of each seat: final at terminal states, 0 before.
    fn returns(&self, state: &Self::State) -> Returns;

    /// What `seat` may see of `state`.
    fn observe(&self, state: &Self::State, seat: Seat) -> Self::Observation;

    /// [`Game::observe`] written into `out`, an observation of the same game made earlier:
    /// a bot that observes at every decision keeps one and refreshes it, and a game whose
    /// observation is a large value overrides this to write it in place rather than build
    /// and move a new one. By default `out` is replaced by a new observation.
    fn observe_into(&self, state: &Self::State, seat: Seat, out: &mut Self::Observation) {
        *out = self.observe(state, seat);
    }

    /// [`Game::observe`], borrowed when it can be: a game of perfect information whose
    /// observation is the state itself returns `Cow::Borrowed(state)`, so that bots reading
    /// it at every decision copy nothing. By default the observation is built.
    fn observe_cow<'s>(
        &self,
        state: &'s Self::State,
        seat: Seat,
    ) -> std::borrow::Cow<'s, Self::Observation> {
        std::borrow::Cow::Owned(self.observe(state, seat))
    }

    /// What a spectator may see of `state`: only what is public, what no seat hides from
    /// any other (a server sends it to spectators, and replays show it to someone who is no
    /// seat). `None` when the game cannot say.
    ///
    /// By default a game of perfect information shows the whole state (seat 0's
    /// observation) and any other game says `None`; a game with hidden information
    /// overrides it (a solitaire whose one seat sees nothing a spectator would not, or a
    /// card game whose hands are all hidden). The conformance kit checks that a public
    /// observation never changes under any seat's resample.
    fn observe_public(&self, state: &Self::State) -> Option<Self::Observation> {
        (self.info().information == crate::Information::Perfect).then(|| self.observe(state, 0))
    }

    /// A state drawn from those `seat` cannot tell apart from `state`: everything `seat` sees
    /// is kept, everything hidden from it (others' hands, the contents of draw piles) is
    /// redealt at random, consistently with the counts it can see. Search under hidden
    /// information (ISMCTS) plays in such states instead of the true one.
    fn resample(&self, state: &Self::State, seat: Seat, rng: &mut Rng) -> Self::State;

    /// How many turns have been played (a turn is one player's go; extra turns count).
    fn turns(&self, state: &Self::State) -> u32;

    /// A short label for how a terminal state ended (e.g. `target`, `treasure-exhausted`),
    /// used by simulation reports.
    fn end_kind(&self, _state: &Self::State) -> &'static str {
        "end"
    }

    /// Where `seat` stands in the order of play (0 = moves first), for games that draw the
    /// order at random; `None` (the default) when the seat numbers are the order. Simulation
    /// reports use it to give win rates by position in the turn order, which is what a
    /// designer asks about first-player advantage (per-seat rates are equal by symmetry
    /// when the order is random).
    fn turn_position(&self, _state: &Self::State, _seat: Seat) -> Option<usize> {
        None
    }

    /// Each seat's standing in `state`, higher being better: what the game's own scoring
    /// would rank the seats by if it ended now (banked gold, net worth, the closed cords).
    /// Only the order matters, within one state: a game whose scoring is not one number may
    /// give ranks. `None` (the default) for games that do not say, and for one-player
    /// games, where nobody leads.
    ///
    /// Simulations read it between turns to count lead changes and to ask how often the
    /// leader at three quarters of the game wins: whether a game stays open to the end or
    /// is decided early, which win rates alone do not show. It is read in every turn of
    /// every simulated game, so it should not allocate.
    fn standing(&self, _state: &Self::State) -> Option<Returns> {
        None
    }

    /// Readies `state` for [`Game::standing`] to be read in every turn from here on
    /// (`follow`), or stops: a game whose standing is costly to work out from scratch may
    /// keep what it needs move by move, at some cost to every move, which playouts for
    /// search should not pay. Simulations that follow the leader call it at the start of a
    /// game, and [`SeatView::resample`](crate::SeatView::resample) stops it in the states
    /// bots search from. By default it does nothing.
    fn follow_standing(&self, _state: &mut Self::State, _follow: bool) {}

    /// The one seat on top of [`Game::standing`] in `state`, `None` when several share the
    /// top or the game gives no standings: what simulations read in every turn to follow
    /// the lead. A game whose standings are dearer to rank in full than to top overrides
    /// it (the conformance suite checks that it agrees with the standing).
    fn leader(&self, state: &Self::State) -> Option<Seat> {
        self.standing(state).as_ref().and_then(Returns::leader)
    }

    /// A number that moves whenever [`Game::standing`] may have changed, for games that can
    /// tell cheaply: along one game whose standings are followed
    /// ([`Game::follow_standing`]), two states with the same stamp have the same standings.
    /// Simulations read the leader between turns; with a stamp they read it only when the
    /// stamp has moved, which in most turns it has not (gold is banked, cords close, now
    /// and then). `None` (the default, and whenever the game cannot tell): the leader is
    /// read in every turn. The conformance suite checks the promise along its games.
    fn standing_stamp(&self, _state: &Self::State) -> Option<u64> {
        None
    }

    /// Whether `action` may be the first of a turn: the action applied to a state whose
    /// [`Game::turns`] differs from that of the state before it in the game. Simulations
    /// look for the start of each turn to read the standings between turns; told which
    /// actions cannot start one, they skip looking at those, and where the game's loop
    /// knows an action's kind the look is compiled away. `true` (the default) for every
    /// action.
    fn may_open_turn(&self, _action: Self::Action) -> bool {
        true
    }

    /// A fingerprint of the rules data this game was built with (decks, boards), when the
    /// game loads such data. Records store it, so a record made with edited data files is
    /// refused when replayed against other data instead of replaying a different game.
    /// `None` (the default) for games without data files.
    fn data_fingerprint(&self) -> Option<String> {
        None
    }

    /// Whether `action`, legal in `state`, comes with a free text its player writes (a
    /// contract's free-text clause, say). The texts go into the record
    /// ([`crate::Record::texts`]) in the order such actions are played; the rules never read
    /// them (players judge them), so replays do not need them. By default no action does.
    fn writes_text(&self, _state: &Self::State, _action: Self::Action) -> bool {
        false
    }

    /// The sum of money `action` names, when its player may name any sum (a price, a
    /// trade's cash): `legal_actions` then lists representative sums only, and
    /// [`Game::is_legal`] accepts the same move naming any other sum the rules allow (see
    /// [`Game::with_amount`]). Records keep the sum named, so replays are exact. `None` (the
    /// default) for an action that names no sum.
    fn amount(&self, _action: Self::Action) -> Option<u32> {
        None
    }

    /// `action` naming `amount` instead of its own sum, or `None` when it names none.
    /// Front ends build a move at the sum a player types this way, then check it with
    /// [`Game::apply`] like any other.
    fn with_amount(&self, _action: Self::Action, _amount: u32) -> Option<Self::Action> {
        None
    }

    /// Whether going from `before` to `after` (one action, with every step the rules took
    /// by themselves after it) showed the player something that was hidden without a chance
    /// outcome, such as a face-down card turned up when the card above it was used. Undo in
    /// play sessions never crosses such a move, as it never crosses a chance outcome. By
    /// default nothing is ever revealed that way.
    fn revealed(&self, _before: &Self::State, _after: &Self::State) -> bool {
        false
    }

    /// The action in words for this state, for players (defaults to its `Display`).
    fn describe_action(&self, _state: &Self::State, action: Self::Action) -> String {
        action.to_string()
    }

    // ---- provided -------------------------------------------------------------------

    /// Draws one chance outcome of `state` with its probability. By default it lists the
    /// outcomes into `buf` and samples them; a game may override it to sample directly
    /// (a card from a pile, two dice) without building the list, which is what makes
    /// playouts fast. An override must return only listed outcomes, with exactly their
    /// probabilities; the conformance kit checks the first and a game's tests the second.
    fn sample_chance(
        &self,
        state: &Self::State,
        rng: &mut Rng,
        buf: &mut Outcomes<Self::Action>,
    ) -> Self::Action {
        self.chance_outcomes(state, buf);
        buf.sample(rng)
    }

    /// Whether the game is over.
    fn is_terminal(&self, state: &Self::State) -> bool {
        self.actor(state) == Actor::Terminal
    }

    /// Whether `action` is a legal action or chance outcome in `state`.
    fn is_legal(&self, state: &Self::State, action: Self::Action) -> bool {
        match self.actor(state) {
            Actor::Terminal => false,
            Actor::Chance => {
                let mut o = Outcomes::new();
                self.chance_outcomes(state, &mut o);
                o.as_slice().iter().any(|&(a, _)| a == action)
            }
            Actor::Player(_) => {
                let mut v = Vec::new();
                self.legal_actions(state, &mut v);
                v.contains(&action)
            }
        }
    }

    /// `listed`, a legal action here, naming `amount` instead of its own sum
    /// ([`Game::with_amount`]), if the rules take it: what a front end plays when a player
    /// types a sum for a move.
    ///
    /// # Errors
    /// [`IllegalAction`] when `listed` names no sum, or the rules refuse it at `amount`.
    fn priced(
        &self,
        state: &Self::State,
        listed: Self::Action,
        amount: u32,
    ) -> Result<Self::Action, IllegalAction> {
        let Some(action) = self.with_amount(listed, amount) else {
            return Err(IllegalAction {
                action: self.describe_action(state, listed),
                actor: self.actor(state),
                reason: "it names no sum of money".to_owned(),
            });
        };
        if self.is_legal(state, action) {
            return Ok(action);
        }
        Err(IllegalAction {
            action: self.describe_action(state, action),
            ..self.refusal(state, action)
        })
    }

    /// Applies `action` if it is legal; otherwise leaves `state` unchanged and says why.
    ///
    /// # Errors
    /// [`IllegalAction`] when the game is over or the action is not listed for the actor.
    fn apply(&self, state: &mut Self::State, action: Self::Action) -> Result<(), IllegalAction> {
        if self.is_legal(state, action) {
            self.apply_unchecked(state, action);
            return Ok(());
        }
        Err(self.refusal(state, action))
    }

    /// Why `action`, which is not legal in `state`, is refused: the error [`Game::apply`]
    /// returns for it.
    fn refusal(&self, state: &Self::State, action: Self::Action) -> IllegalAction {
        let actor = self.actor(state);
        let reason = match actor {
            Actor::Terminal => "the game is over".to_owned(),
            Actor::Chance => "it is not one of the chance outcomes here".to_owned(),
            Actor::Player(p) => format!("it is not one of player {}'s legal actions here", p + 1),
        };
        IllegalAction {
            action: action.to_string(),
            actor,
            reason,
        }
    }

    /// Plays uniformly random legal actions (and chance by its probabilities) until the end,
    /// reusing the caller's buffers, and counts what it applied.
    fn random_playout(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        actions: &mut Vec<Self::Action>,
        outcomes: &mut Outcomes<Self::Action>,
    ) -> Playout {
        self.watched_playout(state, rng, actions, outcomes, |_: &Self::State, _| {})
    }

    /// [`Game::random_playout`], showing `watch` every state of the game with the action
    /// about to be applied to it (chance outcomes included): the simulator's loop for
    /// random bots, which tallies a game without paying for bots or their views.
    ///
    /// A game that speeds its playouts up overrides this method rather than
    /// `random_playout`, and calls `watch` before every action it applies, drawing exactly
    /// as this provided loop does. With a watch that does nothing (as in
    /// `random_playout`), building the actions it would be shown costs nothing: the
    /// compiler drops them.
    fn watched_playout<W: Watch<Self>>(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        actions: &mut Vec<Self::Action>,
        outcomes: &mut Outcomes<Self::Action>,
        watch: W,
    ) -> Playout {
        self.watched_play(
            state,
            rng,
            outcomes,
            |s, _, rng| {
                self.legal_actions(s, actions);
                actions[rng.below(actions.len() as u64) as usize]
            },
            watch,
        )
    }

    /// Plays `state` to the end with each decision taken by `decide` (given the state, the
    /// seat to move and `rng`) and chance drawn from `rng` by its probabilities, showing
    /// `watch` every state with the action about to be applied to it: the simulator's loop
    /// for bots ([`crate::play`] without the bots' boxes).
    ///
    /// A game whose playouts apply chance in fused steps overrides this method too, drawing
    /// chance exactly as [`Game::sample_chance`] does, so that a game played through either
    /// loop is the same game.
    fn watched_play<D, W>(
        &self,
        state: &mut Self::State,
        rng: &mut Rng,
        outcomes: &mut Outcomes<Self::Action>,
        mut decide: D,
        mut watch: W,
    ) -> Playout
    where
        D: FnMut(&Self::State, Seat, &mut Rng) -> Self::Action,
        W: Watch<Self>,
    {
        let mut n = Playout::default();
        loop {
            let a = match self.actor(state) {
                Actor::Terminal => return n,
                Actor::Chance => self.sample_chance(state, rng, outcomes),
                Actor::Player(seat) => {
                    n.decisions += 1;
                    decide(state, seat, rng)
                }
            };
            watch.see(state, a);
            self.apply_unchecked(state, a);
            n.actions += 1;
        }
    }
}
