//! Line mode on a tiny dice race, to pin the generic prompt loop independently of any real
//! game: full games, bad answers, help, quitting and end of input.

use gameshelf_engine::{
    Actor, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, RandomBot, Returns, Rng,
    Seat, Utility,
};
use gameshelf_terminal::{Mode, PlayOptions, Player, Presenter, TerminalError, line, percent};
use serde::{Deserialize, Serialize};

/// Two runners race to square 6: walk one square, or gamble on a roll that moves three
/// squares with probability 1/3 and none otherwise.
#[derive(Clone)]
struct Race {
    info: GameInfo,
}

const GOAL: u8 = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
enum Step {
    Walk,
    Gamble,
    Roll(u8),
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Walk => f.write_str("walk one square"),
            Step::Gamble => f.write_str("gamble"),
            Step::Roll(n) => write!(f, "roll: {n}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct RaceState {
    at: [u8; 2],
    to_move: Seat,
    rolling: bool,
    turns: u32,
}

impl Race {
    fn new() -> Self {
        Race {
            info: GameInfo {
                id: "race",
                name: "Race",
                credit: "",
                min_players: 2,
                max_players: 2,
                chance: ChanceMode::ExplicitStochastic,
                information: Information::Perfect,
                utility: Utility::ConstantSum(1.0),
                min_return: 0.0,
                max_return: 1.0,
                params: &[],
            },
        }
    }

    fn end_turn(state: &mut RaceState) {
        state.rolling = false;
        state.turns += 1;
        state.to_move = 1 - state.to_move;
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
        GameSpec::new("race")
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        100
    }
    fn initial_state(&self) -> RaceState {
        RaceState {
            at: [0, 0],
            to_move: 0,
            rolling: false,
            turns: 0,
        }
    }
    fn actor(&self, s: &RaceState) -> Actor {
        if s.at.iter().any(|&a| a >= GOAL) {
            Actor::Terminal
        } else if s.rolling {
            Actor::Chance
        } else {
            Actor::Player(s.to_move)
        }
    }
    fn legal_actions(&self, s: &RaceState, out: &mut Vec<Step>) {
        out.clear();
        if let Actor::Player(_) = self.actor(s) {
            out.extend([Step::Walk, Step::Gamble]);
        }
    }
    fn chance_outcomes(&self, s: &RaceState, out: &mut Outcomes<Step>) {
        out.clear();
        if self.actor(s) == Actor::Chance {
            out.push(Step::Roll(0), 2);
            out.push(Step::Roll(3), 1);
        }
    }
    fn apply_unchecked(&self, s: &mut RaceState, action: Step) {
        match action {
            Step::Walk => {
                s.at[s.to_move] += 1;
                Race::end_turn(s);
            }
            Step::Gamble => s.rolling = true,
            Step::Roll(n) => {
                s.at[s.to_move] += n;
                Race::end_turn(s);
            }
        }
    }
    fn returns(&self, s: &RaceState) -> Returns {
        let mut r = Returns::zeros(2);
        if let Some(w) = s.at.iter().position(|&a| a >= GOAL) {
            r.as_mut_slice()[w] = 1.0;
        }
        r
    }
    fn observe(&self, s: &RaceState, _: Seat) -> RaceState {
        s.clone()
    }
    fn resample(&self, s: &RaceState, _: Seat, _: &mut Rng) -> RaceState {
        s.clone()
    }
    fn turns(&self, s: &RaceState) -> u32 {
        s.turns
    }
}

struct RaceText;

impl Presenter<Race> for RaceText {
    fn observation_text(&self, _: &Race, seat: Seat, o: &RaceState) -> String {
        format!(
            "you are on square {}, the other runner on {}",
            o.at[seat],
            o.at[1 - seat]
        )
    }
    fn odds(&self, _: &Race, _: &RaceState, action: Step) -> Option<String> {
        (action == Step::Gamble)
            .then(|| format!("moves 3: {}", percent(gameshelf_engine::Ratio::new(1, 3))))
    }
    fn help(&self) -> String {
        "First to square 6 wins.".to_owned()
    }
}

fn options() -> PlayOptions {
    PlayOptions {
        seed: 5,
        mode: Mode::Line,
        names: vec!["Ann".to_owned(), "random".to_owned()],
        step: false,
    }
}

fn players() -> Vec<Player<Race>> {
    vec![Player::Human, Player::Bot(Box::new(RandomBot::default()))]
}

fn run(
    input: &str,
) -> (
    Result<gameshelf_engine::Record<Step>, TerminalError>,
    String,
) {
    let mut out = Vec::new();
    let result = line::play(
        &Race::new(),
        &RaceText,
        players(),
        &options(),
        input.as_bytes(),
        &mut out,
    );
    (result, String::from_utf8(out).unwrap())
}

#[test]
fn a_scripted_human_plays_to_the_end_and_the_record_replays() {
    let (record, out) = run(&"2\n".repeat(200));
    let record = record.unwrap();
    let game = Race::new();
    assert!(game.is_terminal(&record.replay(&game).unwrap()));
    assert_eq!(record.seats, ["Ann", "random"]);
    assert_eq!(record.seed, Some(5));
    assert!(
        out.starts_with("Race: player 1 Ann (human), player 2 (random)\n"),
        "{out}"
    );
    assert!(out.contains("== player 1 Ann (human) to move =="), "{out}");
    assert!(
        out.contains("you are on square 0, the other runner on "),
        "{out}"
    );
    assert!(out.contains("  1) walk one square\n  2) gamble -- moves 3: 1/3 (33.3%)\n"));
    assert!(out.contains("choose 1-2 (h for help, q to quit): "));
    assert!(
        out.contains("player 1 Ann (human): gamble\nroll: "),
        "{out}"
    );
    assert!(out.contains("player 2 (random): "), "{out}");
    assert!(out.contains("game over (end) after "), "{out}");
    // Plain text: no escape sequences.
    assert!(!out.contains('\x1b'));
}

#[test]
fn the_same_seed_and_answers_give_the_same_game() {
    let (a, _) = run(&"1\n".repeat(200));
    let (b, _) = run(&"1\n".repeat(200));
    assert_eq!(a.unwrap(), b.unwrap());
}

#[test]
fn bad_answers_are_refused_and_the_game_goes_on() {
    let (record, out) = run(&format!("x\n0\n99\n\n-3\nh\n{}", "1\n".repeat(200)));
    let game = Race::new();
    assert!(game.is_terminal(&record.unwrap().replay(&game).unwrap()));
    for bad in ["\"x\"", "\"0\"", "\"99\"", "\"\"", "\"-3\""] {
        assert!(
            out.contains(&format!(
                "{bad} is not a choice: type a number from 1 to 2, h for help or q to quit\n\
                 choose 1-2"
            )),
            "{bad}: {out}"
        );
    }
    assert!(out.contains("First to square 6 wins."));
}

#[test]
fn quitting_keeps_the_unfinished_record() {
    let game = Race::new();
    for input in ["1\n1\nq\n", "1\n1\n", "1\n1\nquit\n1\n"] {
        let (record, out) = run(input);
        let record = record.unwrap();
        let state = record.replay(&game).unwrap();
        assert!(!game.is_terminal(&state), "{input:?}");
        assert_eq!(state.at[0], 2, "{input:?}");
        assert!(out.contains("left the game after "), "{out}");
    }
}

#[test]
fn a_wrong_number_of_names_is_an_error() {
    let mut opts = options();
    opts.names.pop();
    let err = line::play(
        &Race::new(),
        &RaceText,
        players(),
        &opts,
        "".as_bytes(),
        Vec::new(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the game has 2 seats but 1 names were given"
    );
}
