//! Line mode plays Open Oubliette with a scripted human against a bot.

use gameshelf_engine::{Game, GameSpec, Record};
use gameshelf_open_oubliette::bot::Heuristic;
use gameshelf_open_oubliette::present::OubliettePresenter;
use gameshelf_open_oubliette::{Action, OpenOubliette};
use gameshelf_terminal::{Mode, PlayOptions, Player, line};

fn game() -> OpenOubliette {
    let spec: GameSpec = "open-oubliette(players=2)".parse().unwrap();
    OpenOubliette::from_spec(&spec).unwrap()
}

fn run(input: &str) -> (Record<Action>, String) {
    let options = PlayOptions {
        seed: 11,
        mode: Mode::Line,
        names: vec!["you".to_owned(), "heuristic".to_owned()],
        step: false,
        ..PlayOptions::default()
    };
    let players = vec![Player::Human, Player::Bot(Box::new(Heuristic::default()))];
    let mut out = Vec::new();
    let record = line::play(
        &game(),
        &OubliettePresenter,
        players,
        &options,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}

#[test]
fn always_choosing_1_plays_a_whole_game_that_replays() {
    let (record, out) = run(&"1\n".repeat(5000));
    let game = game();
    let end = record.replay(&game).unwrap();
    assert!(game.is_terminal(&end), "{out}");
    assert_eq!(record.seats, ["you", "heuristic"]);
    assert_eq!(record.seed, Some(11));
    assert!(out.contains("== player 1 you (human) to move =="), "{out}");
    assert!(out.contains("player 1 (you):\n  space "), "{out}");
    assert!(out.contains("choose 1-"), "{out}");
    assert!(out.contains("dice: "), "{out}");
    assert!(out.contains("player 2 (heuristic): "), "{out}");
    assert!(out.contains("Game over after "), "{out}");
    assert!(!out.contains('\x1b'));
    // The same seed and answers give the same game.
    assert_eq!(run(&"1\n".repeat(5000)).0, record);
}

#[test]
fn bad_answers_get_a_message_and_the_game_goes_on() {
    let (record, out) = run(&format!("x\n0\n99\n\n{}", "1\n".repeat(5000)));
    let game = game();
    assert!(game.is_terminal(&record.replay(&game).unwrap()));
    for bad in ["\"x\"", "\"0\"", "\"99\"", "\"\""] {
        assert!(out.contains(&format!("{bad} is not a choice")), "{bad}");
    }
}

#[test]
fn quitting_early_keeps_a_record_that_replays_unfinished() {
    let (record, out) = run("1\n1\nq\n");
    let game = game();
    let state = record.replay(&game).unwrap();
    assert!(!game.is_terminal(&state));
    assert!(!record.actions.is_empty());
    assert!(out.contains("left the game after "), "{out}");
}
