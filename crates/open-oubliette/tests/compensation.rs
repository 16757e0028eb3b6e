//! The compensation variant `later_gold`: later players in the turn order start with
//! banked gold.

use gameshelf_engine::{Actor, Game, GameSpec};
use gameshelf_open_oubliette::{Action, OpenOubliette};

fn after_order(spec: &str, order: u16) -> (OpenOubliette, gameshelf_open_oubliette::State) {
    let game = OpenOubliette::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
    let mut s = game.initial_state();
    assert_eq!(game.actor(&s), Actor::Chance);
    game.apply(&mut s, Action::Order(order)).unwrap();
    (game, s)
}

#[test]
fn later_players_start_with_gold_by_their_place_in_the_turn_order() {
    // Order index 5 of 3! is the reversed order: seat 3, seat 2, seat 1.
    let (_, s) = after_order("open-oubliette(players=3,later_gold=300)", 5);
    assert_eq!(&s.order[..3], &[2, 1, 0]);
    let gold: Vec<u32> = (0..3).map(|p| s.players[p].banked_value).collect();
    assert_eq!(gold, vec![600, 300, 0]);
}

#[test]
fn without_compensation_everyone_starts_with_nothing() {
    let (game, s) = after_order("open-oubliette(players=4)", 7);
    assert!(s.players[..4].iter().all(|p| p.banked_value == 0));
    assert!(!game.spec().to_string().contains("later_gold"));
}
