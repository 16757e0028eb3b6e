//! Line mode on a tiny dice race, to pin the generic prompt loop independently of any real
//! game: full games, bad answers, help, quitting and end of input.

use gameshelf_conformance::toy::{Race, RaceRules, RaceState, Step};
use gameshelf_engine::{Game, RandomBot, Seat};
use gameshelf_engine::{Presenter, percent};
use gameshelf_terminal::{Mode, PlayOptions, Player, TerminalError, line};

/// Two runners race to square 6: walk one square, or gamble on a roll that moves three
/// squares with probability 1/3 and none otherwise. The turn limit is generous: these
/// games end at the goal.
fn race() -> Race {
    Race::new(RaceRules {
        roll: &[(0, 2), (3, 1)],
        turn_limit: 50,
        ..RaceRules::default()
    })
}

struct RaceText;

impl Presenter<Race> for RaceText {
    fn observation_text(&self, _: &Race, viewer: Option<Seat>, o: &RaceState) -> String {
        let seat = viewer.unwrap_or(0);
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
        ..PlayOptions::default()
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
        &race(),
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
    let game = race();
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
    assert!(out.contains("game over (goal) after "), "{out}");
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
    let game = race();
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
    let game = race();
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
        &race(),
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
