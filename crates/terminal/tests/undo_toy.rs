//! Undo and the chance driver in line mode, on a one-player toy: climb to the top by steps
//! of one or two, or draw a card that moves 0, 1 or 2.

use gameshelf_conformance::toy::{Race, RaceState, Step};
use gameshelf_engine::Presenter;
use gameshelf_engine::{Game, Record, Seat};
use gameshelf_terminal::{Aids, ChanceDriver, Mode, PlayOptions, Player, line};

/// One climber to step 10: steps of one or two (walks), or a draw (a gamble) of a card
/// that moves 0, 1 or 2 at even odds.
fn climb() -> Race {
    Race::climb()
}

struct ClimbText;

impl Presenter<Race> for ClimbText {
    fn observation_text(&self, _: &Race, _: Option<Seat>, o: &RaceState) -> String {
        format!("you are on step {}", o.at[0])
    }
}

/// Plays with `input`, chance driven by `driver` when given.
fn run(input: &str, driver: Option<ChanceDriver<'_, Race>>) -> (Record<Step>, String) {
    let options = PlayOptions {
        seed: 9,
        mode: Mode::Line,
        names: vec!["you".to_owned()],
        step: false,
        ..PlayOptions::default()
    };
    let mut out = Vec::new();
    let record = line::play_driven(
        &climb(),
        &ClimbText,
        vec![Player::Human],
        &options,
        Aids {
            driver,
            ..Aids::default()
        },
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    (record, String::from_utf8(out).unwrap())
}

#[test]
fn undo_takes_back_decisions_one_by_one_and_leaves_the_record() {
    let (record, out) = run("1\n2\nu\n", None);
    assert_eq!(record.actions, [Step::Walk(1)]);
    assert!(
        out.contains("undone: your previous decision (1 actions)"),
        "{out}"
    );
    let (record, out) = run("1\n2\nu\nu\nu\n2\n", None);
    assert!(out.contains("nothing to undo"), "{out}");
    assert_eq!(record.actions, [Step::Walk(2)]);
    record.replay(&climb()).unwrap();
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
    let driver: ChanceDriver<'_, Race> = Box::new(|_, s: &RaceState| Step::Roll(1 + s.at[0] % 2));
    let (record, out) = run(&"3\n".repeat(20), Some(driver));
    let cards: Vec<Step> = [1, 2, 2, 2, 2, 2].into_iter().map(Step::Roll).collect();
    let expected: Vec<Step> = cards.iter().flat_map(|&c| [Step::Gamble, c]).collect();
    assert_eq!(record.actions, expected, "{out}");
    let game = climb();
    assert!(game.is_terminal(&record.replay(&game).unwrap()));
}
