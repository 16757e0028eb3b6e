//! Negotiation at any time outside the mover's timed phases (ruling B7): the open floor
//! after a landing as well as before the roll (`floor`), its order, its limits and its
//! words, and the bots' moves there.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Bot, Game, Presenter, Rng, SeatView};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::present::{LaissezFairePresenter, turn_text};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, State, Status};

mod common;

use common::*;

/// Seat 0's roll from Start to the Jail corner (just visiting, a free stay): his turn has
/// resolved.
fn visit_jail(g: &LaissezFaire, s: &mut State) {
    go(g, s);
    g.apply(s, Action::Roll(DicePair::new(4, 6))).unwrap();
}

/// The seats that get the floor now open, in order, each passing.
fn speakers(g: &LaissezFaire, s: &mut State) -> Vec<usize> {
    let mut seen = Vec::new();
    while s.phase == Phase::Floor {
        let Actor::Player(p) = g.actor(s) else {
            panic!("the floor is a player's decision")
        };
        seen.push(p);
        g.apply(s, Action::Pass).unwrap();
    }
    seen
}

#[test]
fn after_the_landing_the_floor_goes_round_to_the_mover_last_then_the_next_turn() {
    let (g, mut s) = setup(4);
    visit_jail(&g, &mut s);
    assert_eq!((s.phase, s.floor_late, s.current), (Phase::Floor, true, 0));
    assert_eq!(speakers(&g, &mut s), [1, 2, 3, 0]);
    assert_eq!((s.phase, s.current, s.floor_seat), (Phase::Manage, 1, None));
    assert!(!s.floor_late, "the next turn has its own floors");
    // The eliminated get no floor; a mover sent to jail still speaks (he still trades).
    let (g, mut s) = setup(4);
    s.players[2].status = Status::Eliminated;
    s.players[0].pos = 28;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 1))).unwrap(); // Go To Jail
    assert!(s.players[0].jailed);
    assert_eq!(speakers(&g, &mut s), [1, 3, 0]);
    assert_eq!(s.current, 1);
}

#[test]
fn doubles_give_the_extra_roll_turn_before_the_floor_after_the_landing() {
    let (g, mut s) = setup(3);
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(5, 5))).unwrap(); // Jail corner
    assert_eq!(
        (s.phase, s.current),
        (Phase::Manage, 0),
        "the extra roll-turn"
    );
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(4, 6))).unwrap(); // Rest Stop
    assert_eq!(speakers(&g, &mut s), [1, 2, 0], "one floor after the turn");
    assert_eq!(s.current, 1);
}

#[test]
fn floor_plays_each_moment_alone_or_both() {
    let play = |spec: &str| {
        let g = game(spec);
        let mut s = g.initial_state();
        g.apply(&mut s, Action::First(0)).unwrap();
        g.apply(&mut s, Action::Go).unwrap();
        let before = speakers(&g, &mut s);
        assert_eq!(s.phase, Phase::Roll, "{spec}");
        g.apply(&mut s, Action::Roll(DicePair::new(4, 6))).unwrap();
        let after = speakers(&g, &mut s);
        assert_eq!((s.current, s.phase), (1, Phase::Manage), "{spec}");
        (before, after)
    };
    assert_eq!(
        play("laissez-faire(players=3)"),
        (vec![1, 2], vec![1, 2, 0]),
        "both by default"
    );
    assert_eq!(
        play("laissez-faire(players=3,floor=before_roll)"),
        (vec![1, 2], vec![])
    );
    assert_eq!(
        play("laissez-faire(players=3,floor=after_roll)"),
        (vec![], vec![1, 2, 0])
    );
    assert_eq!(
        play("laissez-faire(players=3,floor_threads=0)"),
        (vec![], vec![]),
        "no floor at all without threads"
    );
    let refused = LaissezFaire::from_spec(&"laissez-faire(floor=never)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("floor"), "{refused}");
}

#[test]
fn threads_opened_after_the_landing_run_as_any_other_and_keep_the_allowance() {
    let (g, mut s) = setup(3);
    visit_jail(&g, &mut s);
    // Seat 1 buys Tile Row from the mover, who has just lodged.
    assert_eq!(g.actor(&s), Actor::Player(1));
    g.apply(&mut s, Action::Offer(0, TILE, 90)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(0), "the mover answers");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
    assert_eq!((s.players[0].cash, s.players[1].cash), (1590, 1410));
    // Its one thread used, the floor went on to seat 2, who may not build or go.
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(2)));
    for a in [Action::Go, Action::Build(TRAM), Action::Offer(0, TRAM, 10)] {
        assert!(g.apply(&mut s.clone(), a).is_err(), "{a}");
    }
    g.apply(&mut s, Action::Pass).unwrap();
    // The mover speaks last: he opens a thread of his own (his window's allowance is
    // untouched), and when it closes his turn ends.
    assert_eq!(g.actor(&s), Actor::Player(0));
    let offers = s.offers;
    g.apply(&mut s, Action::Offer(1, TRAM, 30)).unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.offers, offers);
    assert_eq!((s.current, s.phase), (1, Phase::Manage));
    assert_eq!(s.lots.0[TRAM as usize].owner, 1, "a refusal moves nothing");
}

#[test]
fn the_floor_after_the_landing_is_worded_for_every_viewer() {
    let (g, mut s) = setup(3);
    visit_jail(&g, &mut s);
    let text = turn_text(&g, &s);
    assert!(
        text.contains(
            "his turn is over; the open floor: seat 2 may open a trade thread (with any \
             player) or pass, before the next turn"
        ),
        "{text}"
    );
    let p = LaissezFairePresenter;
    let options = legal(&g, &s);
    assert_eq!(options[p.safe_choice(&g, &s, &options)], Action::Pass);
    for viewer in [Some(0), Some(1), Some(2), None] {
        assert_eq!(
            p.describe_move(&g, &s, Action::Pass, viewer),
            "seat 2: pass: open no trade thread now (seat 1's turn ends)"
        );
    }
}

#[test]
fn the_traders_pass_the_floor_after_the_landing() {
    // Seat 1 holds Tram Lane and wants Tile Row, seat 0's: it offers before the roll, and
    // passes after the landing, where the offer would only be refused again.
    let (g, mut s) = setup(3);
    let choose = |s: &State, seat: usize| {
        Trader::default().choose(&SeatView::new(&g, s, seat), &mut Rng::for_stream(1, 0))
    };
    g.apply(&mut s, Action::Go).unwrap();
    assert!(matches!(choose(&s, 1), Action::Offer(0, TILE, _)));
    speakers(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(4, 6))).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(1)));
    assert_eq!(choose(&s, 1), Action::Pass);
    let bargainer =
        Trader::bargainer().choose(&SeatView::new(&g, &s, 1), &mut Rng::for_stream(1, 0));
    assert_eq!(bargainer, Action::Pass);
}

#[test]
fn no_floor_opens_once_the_game_is_over() {
    let g = game("laissez-faire(players=2,objective=last_standing)");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.players[0].jailed = true;
    s.players[0].jail_turns = 3;
    go(&g, &mut s);
    g.apply(&mut s, Action::Wait).unwrap();
    assert_eq!(s.players[0].status, Status::Eliminated);
    assert_eq!(s.phase, Phase::Over);
}
