//! Undo and the chance driver in line mode, on a one-player toy: climb to the top by steps
//! of one or two, or draw a card that moves 0, 1 or 2.

use gameshelf_engine::{
    Actor, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, Record, Returns, Rng, Seat,
    Utility,
};
use gameshelf_terminal::{ChanceDriver, Mode, PlayOptions, Player, Presenter, line};
use serde::{Deserialize, Serialize};

const TOP: u8 = 10;

#[derive(Clone)]
struct Climb {
    info: GameInfo,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
enum Move {
    Step(u8),
    Draw,
    Card(u8),
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Step(n) => write!(f, "step {n}"),
            Move::Draw => f.write_str("draw"),
            Move::Card(n) => write!(f, "card {n}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ClimbState {
    at: u8,
    drawing: bool,
    turns: u32,
}

impl Climb {
    fn new() -> Self {
        Climb {
            info: GameInfo {
                id: "climb",
                name: "Climb",
                credit: "",
                min_players: 1,
                max_players: 1,
                chance: ChanceMode::ExplicitStochastic,
                information: Information::Perfect,
                utility: Utility::GeneralSum,
                min_return: 0.0,
                max_return: 1.0,
                params: &[],
            },
        }
    }
}

impl Game for Climb {
    type Action = Move;
    type State = ClimbState;
    type Observation = ClimbState;

    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn spec(&self) -> GameSpec {
        GameSpec::new("climb")
    }
    fn num_players(&self) -> usize {
        1
    }
    fn max_game_length(&self) -> usize {
        100
    }
    fn initial_state(&self) -> ClimbState {
        ClimbState {
            at: 0,
            drawing: false,
            turns: 0,
        }
    }
    fn actor(&self, s: &ClimbState) -> Actor {
        if s.at >= TOP {
            Actor::Terminal
        } else if s.drawing {
            Actor::Chance
        } else {
            Actor::Player(0)
        }
    }
    fn legal_actions(&self, s: &ClimbState, out: &mut Vec<Move>) {
        out.clear();
        if self.actor(s) == Actor::Player(0) {
            out.extend([Move::Step(1), Move::Step(2), Move::Draw]);
        }
    }
    fn chance_outcomes(&self, s: &ClimbState, out: &mut Outcomes<Move>) {
        out.clear();
        if self.actor(s) == Actor::Chance {
            for n in 0..3 {
                out.push(Move::Card(n), 1);
            }
        }
    }
    fn apply_unchecked(&self, s: &mut ClimbState, action: Move) {
        s.turns += 1;
        match action {
            Move::Step(n) | Move::Card(n) => {
                s.at += n;
                s.drawing = false;
            }
            Move::Draw => s.drawing = true,
        }
    }
    fn returns(&self, s: &ClimbState) -> Returns {
        Returns::from_slice(&[f64::from(u8::from(s.at >= TOP))])
    }
    fn observe(&self, s: &ClimbState, _: Seat) -> ClimbState {
        s.clone()
    }
    fn resample(&self, s: &ClimbState, _: Seat, _: &mut Rng) -> ClimbState {
        s.clone()
    }
    fn turns(&self, s: &ClimbState) -> u32 {
        s.turns
    }
}

struct ClimbText;

impl Presenter<Climb> for ClimbText {
    fn observation_text(&self, _: &Climb, _: Seat, o: &ClimbState) -> String {
        format!("you are on step {}", o.at)
    }
}

/// Plays with `input`, chance driven by `driver` when given.
fn run(input: &str, driver: Option<ChanceDriver<'_, Climb>>) -> (Record<Move>, String) {
    let options = PlayOptions {
        seed: 9,
        mode: Mode::Line,
        names: vec!["you".to_owned()],
        step: false,
    };
    let mut out = Vec::new();
    let record = line::play_driven(
        &Climb::new(),
        &ClimbText,
        vec![Player::Human],
        &options,
        driver,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}

#[test]
fn undo_takes_back_decisions_one_by_one_and_leaves_the_record() {
    let (record, out) = run("1\n2\nu\n", None);
    assert_eq!(record.actions, [Move::Step(1)]);
    assert!(
        out.contains("undone: your previous decision (1 actions)"),
        "{out}"
    );
    let (record, out) = run("1\n2\nu\nu\nu\n2\n", None);
    assert!(out.contains("nothing to undo"), "{out}");
    assert_eq!(record.actions, [Move::Step(2)]);
    record.replay(&Climb::new()).unwrap();
}

#[test]
fn undo_is_refused_past_a_draw() {
    let (record, out) = run("1\n3\nu\n", None);
    assert!(out.contains("cannot undo past a draw"), "{out}");
    assert_eq!(record.actions.len(), 3, "step, draw and the card stay");
    // The decisions after the draw can still be undone, back to the draw but not beyond.
    let (after, out) = run("1\n3\n2\n1\nu\nu\nu\n", None);
    assert!(out.contains("undone"), "{out}");
    assert!(out.contains("cannot undo past a draw"), "{out}");
    assert_eq!(after.actions[..], record.actions[..]);
}

#[test]
fn a_chance_driver_chooses_every_outcome() {
    let driver: ChanceDriver<'_, Climb> = Box::new(|_, s: &ClimbState| Move::Card(1 + s.at % 2));
    let (record, out) = run(&"3\n".repeat(20), Some(driver));
    let cards: Vec<Move> = [1, 2, 2, 2, 2, 2].into_iter().map(Move::Card).collect();
    let expected: Vec<Move> = cards.iter().flat_map(|&c| [Move::Draw, c]).collect();
    assert_eq!(record.actions, expected, "{out}");
    let game = Climb::new();
    assert!(game.is_terminal(&record.replay(&game).unwrap()));
}
