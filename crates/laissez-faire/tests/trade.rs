//! Trade threads (ruling B7): offers, acceptance, refusal, withdrawal, counter-offers, the
//! deadline, execution-time legality, records, and the trader bot's answers.

use gameshelf_engine::{Actor, Bot, Game, Record, Rng, SeatView, play};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::trade::{MAX_COUNTERS, MAX_EXCHANGES};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Share, State};

mod common;

use common::*;

/// `before` as it is after a thread that changed nothing: one offer used this turn.
fn unchanged(before: &State) -> State {
    State {
        offers: before.offers + 1,
        ..before.clone()
    }
}

#[test]
fn an_accepted_trade_moves_cash_and_deed_at_once() {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Offer(1, TRAM, Share::Par.of(60)))
        .unwrap();
    assert_eq!(s.phase, Phase::Trade);
    assert_eq!(g.actor(&s), Actor::Player(1), "the recipient answers");
    assert_eq!(s.current, 0, "it is still seat 0's turn");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TRAM as usize].owner, 0);
    assert_eq!(s.players[0].cash, 1500 - 60);
    assert_eq!(s.players[1].cash, 1500 + 60);
    assert_eq!((s.phase, s.trade), (Phase::Manage, None));
    assert_eq!(g.actor(&s), Actor::Player(0), "the window goes on");
    assert!(!s.quiet, "a trade breaks a quiet round");

    // A sale, with the buildings going with the deed at their value.
    s.lots.0[TILE as usize].level = 2;
    let value = 60 + 2 * 50;
    g.apply(&mut s, Action::Offer(2, TILE, Share::Double.of(value)))
        .unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 2);
    assert_eq!(s.lots.0[TILE as usize].level, 2);
    assert_eq!(s.players[2].cash, 1500 - 2 * value);
    assert_eq!(s.players[0].cash, 1500 - 60 + 2 * value);
}

#[test]
fn a_refused_or_withdrawn_offer_changes_nothing() {
    let (g, mut s) = setup(3);
    let before = s.clone();
    g.apply(&mut s, Action::Offer(1, TRAM, Share::Double.of(60)))
        .unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s, unchanged(&before));

    let before = s.clone();
    g.apply(&mut s, Action::Offer(1, TILE, Share::Half.of(60)))
        .unwrap();
    g.apply(&mut s, Action::Hold).unwrap();
    assert_eq!(
        g.actor(&s),
        Actor::Player(0),
        "a request for time returns the floor"
    );
    assert_eq!(legal(&g, &s), vec![Action::Withdraw, Action::Insist]);
    g.apply(&mut s, Action::Withdraw).unwrap();
    assert_eq!(s, unchanged(&before));
}

#[test]
fn a_counter_offer_swaps_the_roles() {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Offer(1, TRAM, Share::Half.of(60)))
        .unwrap();
    g.apply(&mut s, Action::Counter(Share::Double.of(60)))
        .unwrap();
    let t = s.trade.unwrap();
    assert_eq!((t.author, t.answerer, t.floor), (1, 0, 0));
    assert_eq!((t.giver, t.taker(), t.amount), (1, 0, 120));
    assert_eq!(g.actor(&s), Actor::Player(0));
    assert!(
        !legal(&g, &s).contains(&Action::Counter(Share::Double.of(60))),
        "a counter changes the terms"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TRAM as usize].owner, 0);
    assert_eq!((s.players[0].cash, s.players[1].cash), (1380, 1620));
}

/// Seat 0 offers seat 1 $30 for Tram Lane and the two counter each other, alternating
/// between 120% and 100%, as often as the rules let them: the thread and its counters.
fn countered_to_the_limit(g: &LaissezFaire, s: &mut State) -> u8 {
    g.apply(s, Action::Offer(1, TRAM, Share::Half.of(60)))
        .unwrap();
    let cash = [Share::Double, Share::Par].into_iter().cycle();
    for c in cash.take(MAX_COUNTERS as usize) {
        g.apply(s, Action::Counter(c.of(60))).unwrap();
    }
    s.trade
        .expect("a thread that used its counters is still open")
        .counters
}

#[test]
fn counters_are_bounded() {
    let (g, mut s) = setup(3);
    assert_eq!(MAX_COUNTERS, 6, "the rulings' limit");
    assert_eq!(countered_to_the_limit(&g, &mut s), MAX_COUNTERS);
    assert!(
        legal(&g, &s)
            .iter()
            .all(|a| !matches!(a, Action::Counter(_))),
        "{:?}",
        legal(&g, &s)
    );
    assert!(
        g.apply(&mut s, Action::Counter(Share::Half.of(60)))
            .is_err(),
        "a seventh counter at any price"
    );
}

#[test]
fn a_thread_that_used_every_counter_still_ends_by_an_answer() {
    // Six counters and a request for time with its answer still leave the last answer:
    // the deadline does not cut a full thread short.
    let (g, mut s) = setup(3);
    countered_to_the_limit(&g, &mut s);
    // The sixth counter was seat 0's ($60): seat 1 answers it.
    assert_eq!(g.actor(&s), Actor::Player(1));
    g.apply(&mut s, Action::Hold).unwrap();
    g.apply(&mut s, Action::Insist).unwrap();
    assert_eq!(s.trade.unwrap().exchanges, MAX_EXCHANGES - 1);
    assert!(legal(&g, &s).contains(&Action::Accept));
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TRAM as usize].owner, 0);
    assert_eq!((s.players[0].cash, s.players[1].cash), (1440, 1560));

    // One more request for time instead of the answer: the deadline, a refusal.
    let (g, mut s) = setup(3);
    countered_to_the_limit(&g, &mut s);
    for a in [Action::Hold, Action::Insist, Action::Hold] {
        g.apply(&mut s, a).unwrap();
    }
    assert_eq!((s.phase, s.trade), (Phase::Manage, None));
    assert_eq!(s.lots.0[TRAM as usize].owner, 1);
}

#[test]
fn an_offer_that_became_illegal_is_refused_at_execution() {
    let (g, mut s) = setup(3);
    // Seat 0 asks $120 of seat 1 for Tile Row; seat 1 spends its cash before answering.
    g.apply(&mut s, Action::Offer(1, TILE, Share::Double.of(60)))
        .unwrap();
    s.players[1].cash = 100;
    let before = s.clone();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 0, "nothing moved");
    assert_eq!(s.players[0].cash, before.players[0].cash);
    assert_eq!(s.players[1].cash, 100);
    assert_eq!((s.phase, s.trade), (Phase::Manage, None));

    // The deed changed hands in the meantime: the same.
    g.apply(&mut s, Action::Offer(1, TRAM, Share::Par.of(60)))
        .unwrap();
    s.lots.0[TRAM as usize].owner = 2;
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TRAM as usize].owner, 2);
    assert_eq!(s.players[0].cash, before.players[0].cash);
}

#[test]
fn nobody_offers_cash_he_does_not_have_nor_deeds_of_others() {
    let (g, mut s) = setup(3);
    s.players[0].cash = 100;
    assert!(
        g.apply(&mut s, Action::Offer(1, TRAM, Share::Double.of(60)))
            .is_err()
    );
    assert!(
        g.apply(&mut s, Action::Offer(1, 6, Share::Par.of(100)))
            .is_err(),
        "a bank deed"
    );
    assert!(
        g.apply(&mut s, Action::Offer(0, TILE, Share::Par.of(60)))
            .is_err(),
        "oneself"
    );
    assert!(
        g.apply(&mut s, Action::Offer(1, TRAM, Share::Par.of(60)))
            .is_ok()
    );
}

#[test]
fn the_deadline_ends_a_thread_as_a_refusal() {
    let (g, mut s) = setup(3);
    let before = s.clone();
    g.apply(&mut s, Action::Offer(1, TRAM, Share::Par.of(60)))
        .unwrap();
    let mut messages = 1;
    while s.phase == Phase::Trade {
        let a = if g.actor(&s) == Actor::Player(1) {
            Action::Hold
        } else {
            Action::Insist
        };
        g.apply(&mut s, a).unwrap();
        messages += 1;
    }
    assert_eq!(messages, MAX_EXCHANGES);
    assert_eq!(s, unchanged(&before), "silence means refusal");
}

#[test]
fn offers_per_turn_are_bounded_and_trading_can_be_off() {
    let (g, mut s) = setup(3);
    for _ in 0..2 {
        g.apply(&mut s, Action::Offer(1, TRAM, Share::Par.of(60)))
            .unwrap();
        g.apply(&mut s, Action::Refuse).unwrap();
    }
    assert!(
        legal(&g, &s)
            .iter()
            .all(|a| !matches!(a, Action::Offer(..)))
    );

    let off = game("laissez-faire(players=3,trading=false)");
    let mut s = off.initial_state();
    off.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TRAM as usize].owner = 1;
    assert!(
        legal(&off, &s)
            .iter()
            .all(|a| !matches!(a, Action::Offer(..)))
    );
}

#[test]
fn records_of_games_with_trades_replay_exactly() {
    for (spec, traders) in [
        ("laissez-faire(players=4,max_rounds=60)", true),
        ("laissez-faire(players=3,max_rounds=15)", false),
    ] {
        let g = game(spec);
        let mut found = (0, 0);
        for i in 0..8 {
            let mut bots: Vec<Box<dyn Bot<LaissezFaire>>> = (0..g.num_players())
                .map(|_| -> Box<dyn Bot<LaissezFaire>> {
                    if traders {
                        Box::new(Trader::default())
                    } else {
                        Box::new(gameshelf_engine::RandomBot::default())
                    }
                })
                .collect();
            let mut record = Record::new(&g);
            let mut s = g.initial_state();
            play(
                &g,
                &mut s,
                &mut bots,
                &mut Rng::for_stream(11, i),
                |_, a| {
                    record.actions.push(a);
                },
            );
            found.0 += record
                .actions
                .iter()
                .filter(|a| matches!(a, Action::Offer(..)))
                .count();
            found.1 += record
                .actions
                .iter()
                .filter(|a| **a == Action::Accept)
                .count();
            let text = record.to_json();
            let back = Record::<Action>::from_json(&text).unwrap();
            assert_eq!(back.replay(&g).unwrap(), s, "{spec} game {i}");
        }
        assert!(found.0 > 0 && found.1 > 0, "{spec}: {found:?}");
    }
}

fn choose(g: &LaissezFaire, s: &State, seat: usize) -> Action {
    Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
}

#[test]
fn the_trader_offers_to_complete_a_city_and_answers_sensibly() {
    let (g, mut s) = setup(3);
    // Seat 0 holds Tile Row, seat 1 Tram Lane: seat 0 offers 150% to complete Lisbon.
    assert_eq!(
        choose(&g, &s, 0),
        Action::Offer(1, TRAM, Share::OneAndHalf.of(60))
    );
    // Seat 1 would hand seat 0 the city: it counters at 200%.
    g.apply(&mut s, Action::Offer(1, TRAM, Share::OneAndHalf.of(60)))
        .unwrap();
    assert_eq!(choose(&g, &s, 1), Action::Counter(Share::Double.of(60)));
    g.apply(&mut s, Action::Counter(Share::Double.of(60)))
        .unwrap();
    // Seat 0 completes the city and keeps its reserve: it accepts.
    assert_eq!(choose(&g, &s, 0), Action::Accept);
    g.apply(&mut s, Action::Accept).unwrap();
    // A request for a gift lowers seat 2's net worth and completes nothing: refused.
    s.lots.0[6].owner = 2;
    g.apply(&mut s, Action::Offer(2, 6, Share::Nothing.of(100)))
        .unwrap();
    assert_eq!(choose(&g, &s, 2), Action::Counter(Share::Par.of(100)));
    // A gift raises the recipient's net worth: accepted.
    g.apply(&mut s, Action::Refuse).unwrap();
    let (g, mut s) = setup(3);
    s.lots.0[6].owner = 0;
    g.apply(&mut s, Action::Offer(2, 6, Share::Nothing.of(100)))
        .unwrap();
    assert_eq!(choose(&g, &s, 2), Action::Accept);
    // A sale it cannot pay for is refused.
    g.apply(&mut s, Action::Refuse).unwrap();
    g.apply(&mut s, Action::Offer(2, TILE, Share::Double.of(60)))
        .unwrap();
    s.players[2].cash = 100;
    assert_eq!(choose(&g, &s, 2), Action::Refuse);
}
