//! The compensation variant `later_cash`: later players in the turn order start with extra
//! cash.

use gameshelf_engine::{Actor, Game, GameSpec};
use gameshelf_laissez_faire::{Action, LaissezFaire, State};

/// The default board's starting cash.
const START: u32 = 1500;

fn game(spec: &str) -> LaissezFaire {
    LaissezFaire::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// The game of `spec` once `first` has been drawn to move first.
fn after_draw(spec: &str, first: u8) -> (LaissezFaire, State) {
    let g = game(spec);
    let mut s = g.initial_state();
    assert_eq!(g.actor(&s), Actor::Chance);
    g.apply(&mut s, Action::First(first)).unwrap();
    (g, s)
}

#[test]
fn later_players_start_with_cash_by_their_place_in_the_turn_order() {
    // Seat 2 (of 0..3) draws the first turn: the order is seats 2, 3, 0, 1.
    let (g, s) = after_draw("laissez-faire(players=4,later_cash=100)", 2);
    let places: Vec<_> = (0..4).map(|seat| g.turn_position(&s, seat)).collect();
    assert_eq!(places, [Some(2), Some(3), Some(0), Some(1)]);
    let cash: Vec<u32> = (0..4).map(|seat| s.players[seat].cash).collect();
    assert_eq!(cash, [START + 200, START + 300, START, START + 100]);
    // Net worth counts the extra cash like any other.
    assert_eq!(g.net_worth(&s, 1), i64::from(START + 300));
}

/// Negative, it takes cash from each later place instead, and never below nothing.
#[test]
fn a_negative_later_cash_takes_from_the_later_players_down_to_nothing() {
    // Seat 0 draws the first turn: the order is seats 0, 1, 2, 3.
    let (_, s) = after_draw("laissez-faire(players=4,later_cash=-50)", 0);
    let cash: Vec<u32> = (0..4).map(|seat| s.players[seat].cash).collect();
    assert_eq!(cash, [START, START - 50, START - 100, START - 150]);
    let (_, s) = after_draw("laissez-faire(players=4,later_cash=-1000)", 0);
    let cash: Vec<u32> = (0..4).map(|seat| s.players[seat].cash).collect();
    assert_eq!(cash, [START, START - 1000, 0, 0]);
}

#[test]
fn without_compensation_everyone_starts_with_the_board_cash() {
    let (g, s) = after_draw("laissez-faire(players=4)", 3);
    assert!(s.players[..4].iter().all(|p| p.cash == START));
    assert_eq!(g.config().later_cash, 0);
    assert!(!g.spec().to_string().contains("later_cash"));
    // Naming the default leaves it out of the game string too.
    assert_eq!(
        game("laissez-faire(players=4,later_cash=0)").spec(),
        g.spec()
    );
}

#[test]
fn later_cash_round_trips_through_the_game_string() {
    let g = game("laissez-faire(players=3,later_cash=150)");
    let text = g.spec().to_string();
    assert!(text.contains("later_cash=150"), "{text}");
    let again = game(&text);
    assert_eq!(again.config(), g.config());
    assert_eq!(again.config().later_cash, 150);
}

#[test]
fn an_out_of_range_later_cash_is_refused_by_name() {
    for bad in ["10001", "-10001", "lots"] {
        let spec: GameSpec = format!("laissez-faire(later_cash={bad})").parse().unwrap();
        let e = LaissezFaire::from_spec(&spec).unwrap_err().to_string();
        assert!(
            e.contains("later_cash") && e.contains("10000"),
            "{bad}: {e}"
        );
    }
    assert_eq!(
        game("laissez-faire(later_cash=10000)").config().later_cash,
        10_000
    );
}
