//! The kit checked against a toy game: a sound toy passes, and each deliberately broken
//! variant is caught by the check meant for it.
//!
//! The toy ("swap"): chance deals each seat one hidden card from a deck of eight; then each
//! seat in turn stays, or, holding a low card, swaps it (discarding it face up and drawing
//! another). The highest card wins: return 1 for the winner, 0 for the others.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};

use gameshelf_conformance::{Check, Config, Node, check, check_resample, run};
use gameshelf_engine::{
    Actor, CardSet, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, ParamKind,
    ParamSpec, Returns, Rng, Seat, Utility,
};
use serde::{Deserialize, Serialize};

const DECK: u8 = 8;

/// One deliberate break of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flaw {
    None,
    /// `observe` shows the next seat's card.
    LeakyObservation,
    /// `apply` accepts a swap of a high card, which is not listed.
    AcceptsUnlisted,
    /// `apply` refuses dealing card 0, which is listed.
    RefusesListed,
    /// Legal actions listed in decreasing order.
    UnsortedLegal,
    /// The first chance outcome is listed twice.
    DuplicateOutcome,
    /// The winner gets 2, above the declared maximum 1.
    BadReturns,
    /// `max_game_length` counts only the decisions.
    ShortMaxLength,
    /// `turns` drops to 0 at the end.
    TurnsDecrease,
    /// A field of the state is not serialised.
    LossyJson,
    /// `apply` panics when a swapped card is drawn.
    Panics,
    /// Declares perfect information but hides the hands.
    DeclaredPerfect,
    /// `resample` returns the state itself.
    FrozenResample,
    /// `resample` also redeals the seat's own card.
    ResampleRedealsOwn,
    /// `legal_actions` does not clear its buffer.
    StaleBuffer,
    /// Chance weights depend on a global counter.
    NonDeterministic,
    /// `observe_cow` forgets the discards.
    BorrowedObservationDiffers,
    /// `standing_stamp` does not see the last seat's card.
    BlindStamp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
enum Act {
    Card(u8),
    Stay,
    Swap,
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Act::Card(c) => write!(f, "card{c}"),
            Act::Stay => f.write_str("stay"),
            Act::Swap => f.write_str("swap"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    Deal(Seat),
    Decide(Seat),
    Draw(Seat),
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct State {
    deck: CardSet,
    hands: Vec<Option<u8>>,
    discards: CardSet,
    phase: Phase,
    turns: u32,
    #[serde(skip)]
    unsaved: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Obs {
    own: Option<u8>,
    dealt: Vec<bool>,
    discards: CardSet,
    phase: Phase,
    shown: Vec<Option<u8>>,
}

#[derive(Clone)]
struct Toy {
    players: usize,
    open: bool,
    flaw: Flaw,
    info: GameInfo,
}

static PARAMS: [ParamSpec; 2] = [
    ParamSpec {
        name: "players",
        kind: ParamKind::Int { min: 2, max: 4 },
        default: "2",
        doc: "Seats.",
    },
    ParamSpec {
        name: "open",
        kind: ParamKind::Bool,
        default: "false",
        doc: "Play with the cards face up (perfect information).",
    },
];

static NONDETERMINISM: AtomicU32 = AtomicU32::new(0);

impl Toy {
    fn new(players: usize, open: bool, flaw: Flaw) -> Self {
        let perfect = open || flaw == Flaw::DeclaredPerfect;
        Toy {
            players,
            open,
            flaw,
            info: GameInfo {
                id: "swap",
                name: "Swap",
                credit: "a test toy",
                min_players: 2,
                max_players: 4,
                chance: ChanceMode::ExplicitStochastic,
                information: if perfect {
                    Information::Perfect
                } else {
                    Information::Imperfect
                },
                utility: Utility::ConstantSum(1.0),
                min_return: 0.0,
                max_return: 1.0,
                params: &PARAMS,
            },
        }
    }

    fn flawed(flaw: Flaw) -> Self {
        Toy::new(2, false, flaw)
    }

    fn after_decision(&self, seat: Seat) -> Phase {
        if seat + 1 < self.players {
            Phase::Decide(seat + 1)
        } else {
            Phase::Over
        }
    }
}

impl Game for Toy {
    type Action = Act;
    type State = State;
    type Observation = Obs;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        let mut spec = GameSpec::new("swap");
        if self.players != 2 {
            spec = spec.with("players", self.players);
        }
        if self.open {
            spec = spec.with("open", true);
        }
        spec
    }

    fn num_players(&self) -> usize {
        self.players
    }

    fn max_game_length(&self) -> usize {
        match self.flaw {
            Flaw::ShortMaxLength => self.players,
            _ => 3 * self.players,
        }
    }

    fn initial_state(&self) -> State {
        State {
            deck: CardSet::full(DECK as usize),
            hands: vec![None; self.players],
            discards: CardSet::EMPTY,
            phase: Phase::Deal(0),
            turns: 0,
            unsaved: 0,
        }
    }

    fn actor(&self, state: &State) -> Actor {
        match state.phase {
            Phase::Deal(_) | Phase::Draw(_) => Actor::Chance,
            Phase::Decide(s) => Actor::Player(s),
            Phase::Over => Actor::Terminal,
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Act>) {
        if self.flaw != Flaw::StaleBuffer {
            out.clear();
        }
        if let Phase::Decide(s) = state.phase {
            out.push(Act::Stay);
            if state.hands[s].is_some_and(|c| c < DECK / 2) {
                out.push(Act::Swap);
            }
            if self.flaw == Flaw::UnsortedLegal {
                out.reverse();
            }
        }
    }

    fn chance_outcomes(&self, state: &State, out: &mut Outcomes<Act>) {
        out.clear();
        if matches!(state.phase, Phase::Deal(_) | Phase::Draw(_)) {
            for c in state.deck {
                let weight = match self.flaw {
                    Flaw::NonDeterministic => {
                        1 + NONDETERMINISM.fetch_add(1, Ordering::Relaxed) % 3
                    }
                    _ => 1,
                };
                out.push(Act::Card(c), weight);
            }
            if self.flaw == Flaw::DuplicateOutcome {
                let first = out.as_slice()[0].0;
                out.push(first, 1);
            }
        }
    }

    fn is_legal(&self, state: &State, action: Act) -> bool {
        match (self.flaw, state.phase, action) {
            (Flaw::AcceptsUnlisted, Phase::Decide(_), Act::Swap) => true,
            (Flaw::RefusesListed, _, Act::Card(0)) => false,
            _ => match self.actor(state) {
                Actor::Terminal => false,
                Actor::Chance => state.deck.iter().any(|c| action == Act::Card(c)),
                Actor::Player(s) => {
                    action == Act::Stay
                        || (action == Act::Swap && state.hands[s].is_some_and(|c| c < DECK / 2))
                }
            },
        }
    }

    fn apply_unchecked(&self, state: &mut State, action: Act) {
        match (state.phase, action) {
            (Phase::Deal(s), Act::Card(c)) => {
                state.deck.remove(c);
                state.hands[s] = Some(c);
                state.phase = if s + 1 < self.players {
                    Phase::Deal(s + 1)
                } else {
                    Phase::Decide(0)
                };
            }
            (Phase::Decide(s), Act::Stay) => {
                state.turns += 1;
                state.phase = self.after_decision(s);
            }
            (Phase::Decide(s), Act::Swap) => {
                state.turns += 1;
                if let Some(c) = state.hands[s].take() {
                    state.discards.insert(c);
                }
                state.phase = Phase::Draw(s);
            }
            (Phase::Draw(s), Act::Card(c)) => {
                assert!(self.flaw != Flaw::Panics, "the toy breaks on a draw");
                state.deck.remove(c);
                state.hands[s] = Some(c);
                state.phase = self.after_decision(s);
            }
            (phase, action) => panic!("{action} cannot be applied in {phase:?}"),
        }
        if self.flaw == Flaw::LossyJson {
            state.unsaved += 1;
        }
        if self.flaw == Flaw::TurnsDecrease && state.phase == Phase::Over {
            state.turns = 0;
        }
    }

    fn returns(&self, state: &State) -> Returns {
        let mut r = Returns::zeros(self.players);
        if state.phase == Phase::Over {
            let winner = (0..self.players)
                .max_by_key(|&s| state.hands[s])
                .expect("two seats or more");
            r.as_mut_slice()[winner] = if self.flaw == Flaw::BadReturns {
                2.0
            } else {
                1.0
            };
        }
        r
    }

    /// Each seat's card, the highest leading.
    fn standing(&self, state: &State) -> Option<Returns> {
        let mut r = Returns::zeros(self.players);
        for (v, hand) in r.as_mut_slice().iter_mut().zip(&state.hands) {
            *v = hand.map_or(0.0, |c| f64::from(c) + 1.0);
        }
        Some(r)
    }

    /// The hands as one number, each a digit (none, or a card).
    fn standing_stamp(&self, state: &State) -> Option<u64> {
        let seen = match self.flaw {
            Flaw::BlindStamp => self.players - 1,
            _ => self.players,
        };
        Some(state.hands[..seen].iter().fold(0, |stamp, hand| {
            stamp * (u64::from(DECK) + 1) + hand.map_or(0, |c| u64::from(c) + 1)
        }))
    }

    fn observe(&self, state: &State, seat: Seat) -> Obs {
        let everything = self.open || state.phase == Phase::Over;
        Obs {
            own: state.hands[seat],
            dealt: state.hands.iter().map(Option::is_some).collect(),
            discards: state.discards,
            phase: state.phase,
            shown: (0..self.players)
                .map(|s| {
                    let leak =
                        self.flaw == Flaw::LeakyObservation && s == (seat + 1) % self.players;
                    if everything || leak {
                        state.hands[s]
                    } else {
                        None
                    }
                })
                .collect(),
        }
    }

    fn observe_cow<'s>(&self, state: &'s State, seat: Seat) -> std::borrow::Cow<'s, Obs> {
        let mut obs = self.observe(state, seat);
        if self.flaw == Flaw::BorrowedObservationDiffers {
            obs.discards = CardSet::EMPTY;
        }
        std::borrow::Cow::Owned(obs)
    }

    fn resample(&self, state: &State, seat: Seat, rng: &mut Rng) -> State {
        let frozen = self.open || self.flaw == Flaw::FrozenResample || state.phase == Phase::Over;
        if frozen {
            return state.clone();
        }
        let redealt = |s: Seat| s != seat || self.flaw == Flaw::ResampleRedealsOwn;
        let mut out = state.clone();
        let mut hidden = state.deck;
        for s in (0..self.players).filter(|&s| redealt(s)) {
            if let Some(c) = state.hands[s] {
                hidden.insert(c);
            }
        }
        for s in (0..self.players).filter(|&s| redealt(s)) {
            if state.hands[s].is_some() {
                let c = hidden
                    .nth(rng.below(hidden.len() as u64) as usize)
                    .expect("a hidden card for each hidden hand");
                hidden.remove(c);
                out.hands[s] = Some(c);
            }
        }
        out.deck = hidden;
        out
    }

    fn turns(&self, state: &State) -> u32 {
        state.turns
    }
}

fn small() -> Config {
    Config {
        games: 30,
        ..Config::default()
    }
}

#[test]
fn sound_toy_passes_and_checks_every_clause() {
    for players in 2..=4 {
        let game = Toy::new(players, false, Flaw::None);
        let summary = check(&game, &small());
        assert_eq!(summary.games, 30);
        assert!(summary.actions >= 30 * 2 * players as u64, "{summary:?}");
        assert!(summary.longest_game <= game.max_game_length());
        assert_eq!(summary.distinct_actions, DECK as usize + 2, "{summary:?}");
        assert!(summary.refusals > 0, "{summary:?}");
        assert!(summary.deep_states >= 30, "{summary:?}");
        assert_eq!(
            summary.resamples,
            summary.deep_states * players as u64 * small().resamples as u64
        );
        assert!(summary.resamples_differing > 0, "{summary:?}");
    }
}

#[test]
fn perfect_information_toy_passes() {
    let summary = check(&Toy::new(3, true, Flaw::None), &small());
    assert_eq!(summary.resamples_differing, 0);
    assert!(summary.resamples > 0);
}

#[test]
fn default_config_runs_and_runs_are_reproducible() {
    let game = Toy::new(3, false, Flaw::None);
    let a = check(&game, &Config::default());
    assert_eq!(a.games, Config::default().games);
    assert_eq!(a, check(&game, &Config::default()));
    let other_seed = check(
        &game,
        &Config {
            seed: 9,
            ..Config::default()
        },
    );
    assert_ne!(a, other_seed, "another seed plays other games");
}

/// Each flaw is caught, and by the check meant for it.
#[test]
fn every_flaw_is_caught_by_its_check() {
    let cases = [
        (Flaw::LeakyObservation, Check::Observation),
        (Flaw::AcceptsUnlisted, Check::ApplyRefuses),
        (Flaw::RefusesListed, Check::ApplyAccepts),
        (Flaw::UnsortedLegal, Check::Lists),
        (Flaw::DuplicateOutcome, Check::Lists),
        (Flaw::BadReturns, Check::Returns),
        (Flaw::ShortMaxLength, Check::Length),
        (Flaw::TurnsDecrease, Check::Turns),
        (Flaw::LossyJson, Check::Serde),
        (Flaw::Panics, Check::Panic),
        (Flaw::DeclaredPerfect, Check::Resample),
        (Flaw::FrozenResample, Check::Resample),
        (Flaw::ResampleRedealsOwn, Check::Observation),
        (Flaw::StaleBuffer, Check::Lists),
        (Flaw::NonDeterministic, Check::Determinism),
        (Flaw::BorrowedObservationDiffers, Check::Observation),
        (Flaw::BlindStamp, Check::Standing),
    ];
    for (flaw, expected) in cases {
        let failure =
            run(&Toy::flawed(flaw), &small()).expect_err(&format!("{flaw:?} was not caught"));
        assert_eq!(
            failure.violation.check, expected,
            "{flaw:?} caught by the wrong check: {failure}"
        );
    }
}

#[test]
fn failures_say_where_they_happened() {
    let failure = run(&Toy::flawed(Flaw::Panics), &small()).unwrap_err();
    assert_eq!(failure.game, "swap");
    assert_eq!(failure.seed, 0);
    let (game, action) = (failure.game_index.unwrap(), failure.action_index.unwrap());
    assert!(failure.actor.is_some());
    assert_eq!(failure.history.len(), action);
    let text = failure.to_string();
    for needle in [
        "swap: seed 0".to_owned(),
        format!("game {game}, action {action}"),
        "[panic] the game panicked".to_owned(),
        ": the toy breaks on a draw".to_owned(),
        "actions played".to_owned(),
    ] {
        assert!(text.contains(&needle), "{needle:?} not in {text}");
    }

    // A run-wide failure names no game.
    let failure = run(&Toy::flawed(Flaw::FrozenResample), &small()).unwrap_err();
    assert_eq!(failure.game_index, None);
    assert!(failure.to_string().contains("none of"), "{failure}");
}

#[test]
#[should_panic(expected = "[apply-refuses] apply accepted swap, which is not listed")]
fn check_panics_on_an_apply_that_accepts_unlisted_actions() {
    check(&Toy::flawed(Flaw::AcceptsUnlisted), &small());
}

#[test]
#[should_panic(expected = "[observation] seat")]
fn check_panics_on_a_leaky_observation() {
    check(&Toy::flawed(Flaw::LeakyObservation), &small());
}

#[test]
fn node_checks_on_single_states() {
    let game = Toy::flawed(Flaw::AcceptsUnlisted);
    let mut state = game.initial_state();
    for a in [Act::Card(7), Act::Card(6)] {
        game.apply(&mut state, a).unwrap();
    }
    let node = Node::of(&game, &state);
    assert_eq!(node.actor(), Actor::Player(0));
    assert_eq!(node.legal(), &[Act::Stay]);
    node.check_actor(&game).unwrap();
    node.check_lists().unwrap();
    node.check_apply_accepts(&game, &state).unwrap();
    let v = node
        .check_apply_refuses(&game, &state, [Act::Card(0), Act::Swap])
        .unwrap_err();
    assert_eq!(v.check, Check::ApplyRefuses);

    let sound = Toy::new(2, false, Flaw::None);
    assert_eq!(
        Node::of(&sound, &state).check_apply_refuses(
            &sound,
            &state,
            [Act::Card(0), Act::Swap, Act::Stay]
        ),
        Ok(2),
        "the listed action is not probed"
    );
    let mut rng = Rng::seed_from_u64(1);
    let stats = check_resample(&sound, &state, 0, &mut rng, 5).unwrap();
    assert_eq!(stats.resamples, 5);
}
