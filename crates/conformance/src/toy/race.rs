//! A race to a goal square, with decisions and chance.

use std::fmt;

use gameshelf_engine::{
    Actor, ChanceMode, Game, GameInfo, GameSpec, Information, MAX_SEATS, Outcomes, Returns, Rng,
    Seat, Utility,
};
use serde::{Deserialize, Serialize};

/// The rules of a [`Race`]: plain data, checked by [`Race::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceRules {
    /// The number of runners, from 1 to `MAX_SEATS`. By default, 2.
    pub players: usize,
    /// The square that wins. By default, 6.
    pub goal: u8,
    /// The longest walk: on its turn a runner may walk 1 to `walk` squares. By default, 1.
    pub walk: u8,
    /// The roll that follows a gamble: `(squares moved, weight)` pairs, sorted by squares,
    /// with positive weights. By default, 0 or 2 squares at even odds.
    pub roll: &'static [(u8, u32)],
    /// The number of turns after which the race is over. By default, 12.
    pub turn_limit: u32,
}

impl Default for RaceRules {
    fn default() -> Self {
        RaceRules {
            players: 2,
            goal: 6,
            walk: 1,
            roll: &[(0, 1), (2, 1)],
            turn_limit: 12,
        }
    }
}

/// Runners race to a goal square. On its turn a runner walks (no chance) or gambles: chance
/// then rolls how far it moves. Seats take turns in order.
///
/// The first to reach the goal wins (returns 1, the others 0). When the turn limit comes
/// first, several runners draw (1/n each) and a lone runner gets 0. [`Game::end_kind`] says
/// `goal` or `turn-limit`.
#[derive(Clone, Debug)]
pub struct Race {
    info: GameInfo,
    rules: RaceRules,
    boasting: bool,
    stride: Option<u8>,
}

/// An action of a [`Race`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Step {
    /// The runner walks this many squares, and its turn ends.
    Walk(u8),
    /// The runner gambles: chance rolls next.
    Gamble,
    /// Chance: the gambling runner moves this many squares, and its turn ends.
    Roll(u8),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Walk(1) => f.write_str("walk one square"),
            Step::Walk(n) => write!(f, "walk {n} squares"),
            Step::Gamble => f.write_str("gamble"),
            Step::Roll(n) => write!(f, "roll: {n}"),
        }
    }
}

/// A position of a [`Race`] (every runner sees all of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceState {
    /// The square of each runner, by seat.
    pub at: Vec<u8>,
    /// The runner whose turn it is.
    pub to_move: Seat,
    /// Whether that runner has gambled and chance is to roll.
    pub rolling: bool,
    /// Turns played.
    pub turns: u32,
}

impl Race {
    /// A solitaire climb: one runner to square 10 by walks of one or two, or a gamble on a
    /// draw that moves 0, 1 or 2 at even odds; at most 50 turns. Handy where a test plays a
    /// whole game through a front end.
    pub fn climb() -> Self {
        Race::new(RaceRules {
            players: 1,
            goal: 10,
            walk: 2,
            roll: &[(0, 1), (1, 1), (2, 1)],
            turn_limit: 50,
        })
    }

    /// A race with these rules.
    ///
    /// # Panics
    /// If the rules are out of range: no runners or more than `MAX_SEATS`, a goal, walk or
    /// turn limit of 0, or a roll that is empty, unsorted or has a weight of 0.
    pub fn new(rules: RaceRules) -> Self {
        assert!(
            (1..=MAX_SEATS).contains(&rules.players),
            "{} runners",
            rules.players
        );
        assert!(
            rules.goal > 0 && rules.walk > 0 && rules.turn_limit > 0,
            "{rules:?}"
        );
        assert!(
            !rules.roll.is_empty()
                && rules.roll.windows(2).all(|w| w[0].0 < w[1].0)
                && rules.roll.iter().all(|&(_, weight)| weight > 0),
            "the roll must be sorted with positive weights: {:?}",
            rules.roll
        );
        Race {
            info: GameInfo {
                id: "race",
                name: "Race",
                credit: super::CREDIT,
                min_players: rules.players,
                max_players: rules.players,
                chance: ChanceMode::ExplicitStochastic,
                information: Information::Perfect,
                utility: if rules.players > 1 {
                    Utility::ConstantSum(1.0)
                } else {
                    Utility::GeneralSum
                },
                min_return: 0.0,
                max_return: 1.0,
                params: &[],
            },
            rules,
            boasting: false,
            stride: None,
        }
    }

    /// The same race, but every move of a runner (a walk or a gamble, not a roll) comes
    /// with a boast: a free text its runner writes ([`Game::writes_text`]), for testing how
    /// front ends ask for texts and keep them.
    pub fn boasting(mut self) -> Self {
        self.boasting = true;
        self
    }

    /// The same race, but a runner may walk any number of squares from 1 to `longest`:
    /// a walk names its length as a sum ([`Game::amount`]), the list offers the usual walks
    /// only, and `apply` takes any length up to `longest`. For testing how front ends let
    /// players name sums, and how the conformance kit checks them.
    pub fn striding(mut self, longest: u8) -> Self {
        self.stride = Some(longest);
        self
    }

    /// The rules of this race.
    pub fn rules(&self) -> &RaceRules {
        &self.rules
    }

    fn winner(&self, state: &RaceState) -> Option<Seat> {
        state.at.iter().position(|&at| at >= self.rules.goal)
    }
}

impl Default for Race {
    /// A race with the default [`RaceRules`].
    fn default() -> Self {
        Race::new(RaceRules::default())
    }
}

impl Game for Race {
    type Action = Step;
    type State = RaceState;
    type Observation = RaceState;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        GameSpec::new(self.info.id)
    }

    fn num_players(&self) -> usize {
        self.rules.players
    }

    /// Each turn is a walk, or a gamble and its roll.
    fn max_game_length(&self) -> usize {
        2 * self.rules.turn_limit as usize
    }

    fn initial_state(&self) -> RaceState {
        RaceState {
            at: vec![0; self.rules.players],
            to_move: 0,
            rolling: false,
            turns: 0,
        }
    }

    fn actor(&self, state: &RaceState) -> Actor {
        if self.winner(state).is_some() || state.turns >= self.rules.turn_limit {
            Actor::Terminal
        } else if state.rolling {
            Actor::Chance
        } else {
            Actor::Player(state.to_move)
        }
    }

    fn legal_actions(&self, state: &RaceState, out: &mut Vec<Step>) {
        out.clear();
        if let Actor::Player(_) = self.actor(state) {
            out.extend((1..=self.rules.walk).map(Step::Walk));
            out.push(Step::Gamble);
        }
    }

    fn chance_outcomes(&self, state: &RaceState, out: &mut Outcomes<Step>) {
        out.clear();
        if self.actor(state) == Actor::Chance {
            for &(squares, weight) in self.rules.roll {
                out.push(Step::Roll(squares), weight);
            }
        }
    }

    fn apply_unchecked(&self, state: &mut RaceState, action: Step) {
        let squares = match action {
            Step::Gamble => {
                state.rolling = true;
                return;
            }
            Step::Walk(n) | Step::Roll(n) => n,
        };
        let at = &mut state.at[state.to_move];
        *at = at.saturating_add(squares);
        state.rolling = false;
        state.to_move = (state.to_move + 1) % self.rules.players;
        state.turns += 1;
    }

    /// Any walk up to the stride of a [`Race::striding`] race; otherwise the listed moves.
    fn is_legal(&self, state: &RaceState, action: Step) -> bool {
        match (self.stride, action, self.actor(state)) {
            (Some(longest), Step::Walk(n), Actor::Player(_)) => (1..=longest).contains(&n),
            _ => {
                let mut legal = Vec::new();
                let mut outcomes = Outcomes::new();
                self.legal_actions(state, &mut legal);
                self.chance_outcomes(state, &mut outcomes);
                legal.contains(&action) || outcomes.as_slice().iter().any(|&(a, _)| a == action)
            }
        }
    }

    /// The length of a walk in a [`Race::striding`] race.
    fn amount(&self, action: Step) -> Option<u32> {
        match (self.stride, action) {
            (Some(_), Step::Walk(n)) => Some(u32::from(n)),
            _ => None,
        }
    }

    fn with_amount(&self, action: Step, amount: u32) -> Option<Step> {
        match (self.stride, action) {
            (Some(_), Step::Walk(_)) => u8::try_from(amount).ok().map(Step::Walk),
            _ => None,
        }
    }

    /// The runners' squares, for races of two or more.
    fn standing(&self, state: &RaceState) -> Option<Returns> {
        (self.rules.players > 1).then(|| {
            let mut r = Returns::zeros(self.rules.players);
            for (v, &at) in r.as_mut_slice().iter_mut().zip(&state.at) {
                *v = f64::from(at);
            }
            r
        })
    }

    /// Walks and gambles of a [`Race::boasting`] race.
    fn writes_text(&self, _: &RaceState, action: Step) -> bool {
        self.boasting && !matches!(action, Step::Roll(_))
    }

    fn returns(&self, state: &RaceState) -> Returns {
        let n = self.rules.players;
        let mut r = Returns::zeros(n);
        match (self.actor(state), self.winner(state)) {
            (Actor::Terminal, Some(w)) => r.as_mut_slice()[w] = 1.0,
            (Actor::Terminal, None) if n > 1 => r.as_mut_slice().fill(1.0 / n as f64),
            _ => {}
        }
        r
    }

    fn observe(&self, state: &RaceState, _: Seat) -> RaceState {
        state.clone()
    }

    fn resample(&self, state: &RaceState, _: Seat, _: &mut Rng) -> RaceState {
        state.clone()
    }

    fn turns(&self, state: &RaceState) -> u32 {
        state.turns
    }

    fn end_kind(&self, state: &RaceState) -> &'static str {
        if self.winner(state).is_some() {
            "goal"
        } else {
            "turn-limit"
        }
    }
}

/// Words for a race with its walks folded under one heading (`walk`) and gambling the one
/// main choice: for testing how front ends fold long lists
/// ([`Presenter::choice_group`](gameshelf_engine::Presenter::choice_group)).
pub struct FoldedWalks;

impl gameshelf_engine::Presenter<Race> for FoldedWalks {
    fn observation_text(&self, _: &Race, _: Option<Seat>, o: &RaceState) -> String {
        format!("you are on square {}", o.at[0])
    }

    fn choice_group(&self, _: &Race, _: &RaceState, action: Step) -> Option<String> {
        matches!(action, Step::Walk(_)).then(|| "walk".to_owned())
    }
}
