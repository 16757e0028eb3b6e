//! Passing the chances to speak out of turn until asked, in line mode: one `p` lets every
//! open floor and posting step of the other players' turns go by, and the person is
//! prompted again only when a decision asks something of them.

use gameshelf_engine::{Actor, Game, GameSpec, Record};
use gameshelf_laissez_faire::bot::Trader;

use super::*;
use crate::{Mode, line};

#[test]
fn p_passes_every_chance_to_speak_until_a_decision_asks_something() {
    let spec: GameSpec = "laissez-faire(players=3)".parse().unwrap();
    let game = LaissezFaire::from_spec(&spec).unwrap();
    // Seat 2 moves first, then seat 3, then Ann: her first decision is the open floor
    // after seat 2's window.
    let mut record = Record::new(&game);
    record.actions = vec![Action::First(1)];
    let options = PlayOptions {
        seed: 5,
        mode: Mode::Line,
        names: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        resume: Some(record.to_json()),
        ..PlayOptions::default()
    };
    let bot = || Player::Bot(Box::new(Trader::default()) as _);
    let players = vec![Player::Human, bot(), bot()];
    // `p` on the floor; then, at her own window, `p` is no choice; then she leaves.
    let input = "p\np\nq\n";
    let mut out = Vec::new();
    let record = line::play(
        &game,
        &LaissezFairePresenter,
        players,
        &options,
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(", p to pass until asked, q to quit): "),
        "{text}"
    );
    assert!(
        text.contains("(and every such chance until you are asked)"),
        "{text}"
    );
    assert!(text.contains("\"p\" is not a choice"), "{text}");
    // Three prompts in all: the floor, then her window twice; none for the chances
    // passed in between.
    assert_eq!(text.matches("choose 1-").count(), 3, "{text}");
    assert!(text.contains("  1) go\n"), "{text}");
    // Ann passed more than once: the later chances went by without a prompt.
    let mut s = game.initial_state();
    let mut passes = 0;
    for &a in &record.actions {
        if game.actor(&s) == Actor::Player(0) && a == Action::Pass {
            passes += 1;
        }
        game.apply(&mut s, a).unwrap();
    }
    assert!(
        passes >= 3,
        "{passes} passes by Ann in {:?}",
        record.actions
    );
    // Her window asks something: the session stopped passing for her there.
    assert_eq!(game.actor(&s), Actor::Player(0));
}
