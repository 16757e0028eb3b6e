//! The negotiation protocol outside one's own window (ruling B7): the open floor after each
//! window, where the other players open trade threads; owners' unasked offers of a room
//! (B-05); several threads open at once (a lodger bargaining with two owners, a player with
//! offers out to two players); their limits; atomic execution; the bots' moves; words;
//! records that replay.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Bot, Game, Presenter, Record, Rng, SeatView, play};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::present::{LaissezFairePresenter, turn_text};
use gameshelf_laissez_faire::trade::MAX_EXCHANGES;
use gameshelf_laissez_faire::{
    Action, LaissezFaire, Phase, Price, Share, Side, State, Status, Sum, Term, When,
};

mod common;

use common::*;

/// The seats that get the open floor after seat `s.current` closes its window, in order,
/// each passing.
fn speakers(g: &LaissezFaire, s: &mut State) -> Vec<usize> {
    g.apply(s, Action::Go).unwrap();
    floor_speakers(g, s)
}

#[test]
fn the_floor_goes_round_the_other_players_in_turn_order_then_the_roll() {
    let (g, mut s) = setup(4);
    // Seat 2 moves: seats 3, 0 and 1 get the floor, in that order.
    s.current = 2;
    assert_eq!(speakers(&g, &mut s), [3, 0, 1]);
    assert_eq!((s.phase, s.current, s.floor_seat), (Phase::Roll, 2, None));
    // The eliminated get no floor; removed and jailed players do (they still trade).
    let (g, mut s) = setup(4);
    s.players[1].status = Status::Eliminated;
    s.players[2].status = Status::Removed;
    s.players[3].jailed = true;
    assert_eq!(speakers(&g, &mut s), [2, 3]);
    // A jailed player's window closes to the floor, then his jail decision.
    let (g, mut s) = setup(3);
    s.players[0].jailed = true;
    s.players[0].jail_turns = 1;
    assert_eq!(speakers(&g, &mut s), [1, 2]);
    assert_eq!(s.phase, Phase::JailFee);
}

#[test]
fn there_is_no_floor_without_trading_or_with_floor_threads_zero() {
    for spec in [
        "laissez-faire(players=3,floor_threads=0)",
        "laissez-faire(players=3,trading=false)",
    ] {
        let g = game(spec);
        let mut s = g.initial_state();
        g.apply(&mut s, Action::First(0)).unwrap();
        g.apply(&mut s, Action::Go).unwrap();
        assert_eq!(s.phase, Phase::Roll, "{spec}");
    }
    let refused = LaissezFaire::from_spec(&"laissez-faire(floor_threads=3)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("floor_threads"), "{refused}");
}

#[test]
fn a_player_outside_his_turn_opens_a_thread_with_the_player_whose_turn_it_is() {
    let (g, mut s) = setup(3);
    // Seat 0 (the current player) holds Tile Row; seat 1 offers $90 for it on the floor.
    g.apply(&mut s, Action::Go).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(1)));
    let offer = Action::Offer(0, TILE, 90);
    assert!(legal(&g, &s).contains(&Action::Pass));
    assert!(g.is_legal(&s, offer), "any sum, listed or not");
    g.apply(&mut s, offer).unwrap();
    let t = s.trade.unwrap();
    assert_eq!((t.author, t.answerer, t.giver, t.taker()), (1, 0, 0, 1));
    assert_eq!(g.actor(&s), Actor::Player(0), "the current player answers");
    // Accepted: the deed and the cash move together, at once.
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
    assert_eq!((s.players[0].cash, s.players[1].cash), (1590, 1410));
    assert!(!s.quiet, "a trade breaks a quiet round");
    assert_eq!(s.offers, 0, "the window's own allowance is untouched");
    // Seat 1 has opened its one thread: the floor has gone on to seat 2.
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(2)));
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(s.phase, Phase::Roll);
}

#[test]
fn a_refused_floor_thread_changes_nothing_but_the_allowance() {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Go).unwrap();
    let before = s.clone();
    // Seat 1 asks seat 2 (not the current player) for a loan against Tram Lane.
    let loan = Action::Propose(2, Term::Borrow(Sum::S100, TRAM));
    g.apply(&mut s, loan).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    g.apply(&mut s, Action::Refuse).unwrap();
    let expected = State {
        floor_seat: Some(2),
        ..before.clone()
    };
    assert_eq!(s, expected, "only the floor moved on");
    // A counter-offer and a request for time keep the thread open on the floor.
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Go).unwrap();
    g.apply(&mut s, Action::Offer(0, TILE, 60)).unwrap();
    g.apply(&mut s, Action::Counter(Share::Double.of(60)))
        .unwrap();
    assert_eq!(g.actor(&s), Actor::Player(1), "back to the floor's seat");
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!((s.phase, s.floor_seat), (Phase::Floor, Some(2)));
    assert_eq!(s.lots.0[TILE as usize].owner, 0);
}

#[test]
fn floor_threads_bounds_the_threads_each_player_opens_there() {
    let g = game("laissez-faire(players=3,floor_threads=2)");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TILE as usize].owner = 0;
    g.apply(&mut s, Action::Go).unwrap();
    for _ in 0..2 {
        assert_eq!(g.actor(&s), Actor::Player(1));
        g.apply(&mut s, Action::Offer(0, TILE, 10)).unwrap();
        g.apply(&mut s, Action::Refuse).unwrap();
    }
    assert_eq!(g.actor(&s), Actor::Player(2), "seat 1's two are used");
    // Seat 2 opens one and passes: the floor stays with it after the first.
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Withdraw).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    assert!(legal(&g, &s).iter().any(|a| matches!(a, Action::Offer(..))));
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(s.phase, Phase::Roll);
    // Nothing but threads and passing on the floor: no building, no going, no releases.
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Go).unwrap();
    for a in [
        Action::Build(TRAM),
        Action::Go,
        Action::ProposeStalemate,
        Action::Offer(1, TRAM, 10),
    ] {
        assert!(g.apply(&mut s.clone(), a).is_err(), "{a}");
    }
}

#[test]
fn the_floor_is_worded_and_passing_is_the_safe_choice() {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Go).unwrap();
    let text = turn_text(&g, &s);
    assert!(
        text.contains("seat 2 may open a trade thread (with any player) or pass"),
        "{text}"
    );
    let options = legal(&g, &s);
    let p = LaissezFairePresenter;
    assert_eq!(options[p.safe_choice(&g, &s, &options)], Action::Pass);
    assert_eq!(
        p.describe_move(&g, &s, Action::Pass, Some(1)),
        "seat 2: pass: open no trade thread now (seat 1's turn goes on)"
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Offer(0, TILE, 90), Some(1)),
        "seat 2: offer seat 1 $90 (150% of its value) for Tile Row"
    );
}

#[test]
fn the_traders_offer_on_the_floor_only_to_the_player_whose_turn_it_is() {
    let choose = |g: &LaissezFaire, s: &State, seat: usize| {
        Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
    };
    // Seat 1 holds Tram Lane and wants Tile Row, seat 0's: on seat 0's floor it offers.
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = 0;
    s.lots.0[TRAM as usize].owner = 1;
    g.apply(&mut s, Action::Go).unwrap();
    assert_eq!(
        choose(&g, &s, 1),
        Action::Offer(0, TILE, Share::OneAndHalf.of(60))
    );
    // On seat 2's floor the holder is not the player whose turn it is: it passes.
    let (g, mut s) = setup(3);
    s.current = 2;
    g.apply(&mut s, Action::Go).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(0));
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(1));
    assert_eq!(choose(&g, &s, 1), Action::Pass);
}

#[test]
fn records_with_the_new_messages_replay_exactly() {
    let g = game("laissez-faire(players=3,max_rounds=12)");
    let (mut opened, mut posted, mut parked) = (0, 0, 0);
    for i in 0..6 {
        let mut bots: Vec<Box<dyn Bot<LaissezFaire>>> = (0..g.num_players())
            .map(|_| Box::new(gameshelf_engine::RandomBot::default()) as _)
            .collect();
        let mut record = Record::new(&g);
        let mut s = g.initial_state();
        play(&g, &mut s, &mut bots, &mut Rng::for_stream(3, i), |b, a| {
            opened += usize::from(
                b.phase == Phase::Floor
                    && matches!(
                        a,
                        Action::Offer(..) | Action::Propose(..) | Action::Draft(_)
                    ),
            );
            posted += usize::from(matches!(a, Action::Post(..)));
            parked += usize::from(a == Action::Park);
            record.actions.push(a);
        });
        let back = Record::<Action>::from_json(&record.to_json()).unwrap();
        assert_eq!(back.replay(&g).unwrap(), s, "game {i}");
    }
    assert!(opened > 0, "threads were opened on the floor");
    assert!(posted > 0, "rooms were offered unasked");
    assert!(parked > 0, "threads were set aside");
}

// ---- owners' unasked offers --------------------------------------------------------------

/// Seat 0 rolls from Start onto Tile Row, in Lisbon, where seat 1 holds Tram Lane and seat 2
/// Tile Row: both may post an offer before seat 0 chooses.
fn lodging_in_lisbon() -> (LaissezFaire, State) {
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = 2;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    (g, s)
}

#[test]
fn owners_offer_rooms_unasked_in_turn_order_before_the_lodger_chooses() {
    let (g, mut s) = lodging_in_lisbon();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Posting, Actor::Player(1)));
    let options = legal(&g, &s);
    assert_eq!(options[0], Action::Pass, "passing first");
    assert!(options.contains(&Action::Post(TRAM, 2)), "par: {options:?}");
    assert!(
        options
            .iter()
            .all(|a| matches!(a, Action::Pass | Action::Post(TRAM, _) | Action::Cover(..))),
        "only his own room (or an offer to pay for another): {options:?}"
    );
    assert!(g.is_legal(&s, Action::Post(TRAM, 40)), "any price");
    assert!(!g.is_legal(&s, Action::Post(TILE, 4)), "not his room");
    g.apply(&mut s, Action::Post(TRAM, 40)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Lodge, Actor::Player(0)));
    // The offer stands: listed to the lodger at its price, and he may answer it; the owner
    // who passed may still be asked.
    assert_eq!(g.room_price(&s, 0, TRAM), Some(Price::Listed(40)));
    let options = legal(&g, &s);
    for a in [Action::Lodge(TRAM), Action::Ask(TRAM), Action::Ask(TILE)] {
        assert!(options.contains(&a), "{a}: {options:?}");
    }
    // Nobody posts where no owner has a room with a place and nobody has the cash to pay
    // for him: the lodger chooses at once.
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = 0;
    s.lots.0[TRAM as usize].owner = 0;
    (s.players[1].cash, s.players[2].cash) = (0, 0);
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
}

#[test]
fn an_offer_taken_lodges_at_its_price_and_closes_the_lodging_s_other_offers() {
    let (g, mut s) = lodging_in_lisbon();
    g.apply(&mut s, Action::Post(TRAM, 40)).unwrap();
    g.apply(&mut s, Action::Post(TILE, 30)).unwrap();
    assert_eq!(s.quotes.iter().count(), 2);
    g.apply(&mut s, Action::Lodge(TILE)).unwrap();
    assert_eq!(s.players[0].pos, TILE);
    assert_eq!(s.players[0].last_rent, 30, "the stay ceiling");
    assert_eq!((s.players[0].cash, s.players[2].cash), (1470, 1530));
    assert_eq!(s.players[1].cash, 1500);
    assert!(
        s.quotes.is_empty(),
        "the other offer closed with the lodging"
    );
    assert_eq!(
        (s.phase, s.floor_late),
        (Phase::Floor, true),
        "the turn ended"
    );
}

#[test]
fn an_offer_refused_changes_nothing_and_the_other_still_stands() {
    let (g, mut s) = lodging_in_lisbon();
    g.apply(&mut s, Action::Post(TRAM, 40)).unwrap();
    g.apply(&mut s, Action::Post(TILE, 30)).unwrap();
    let before = s.clone();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.ask, b.floor, b.provider),
        (Some(30), 0, 2),
        "the lodger answers"
    );
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    assert_eq!(s.players, before.players, "no money moved");
    assert!(s.quotes.get(TILE).is_none(), "refused: closed");
    assert!(
        !legal(&g, &s).contains(&Action::Ask(TILE)),
        "not asked again"
    );
    assert_eq!(
        s.quotes.get(TRAM).map(|q| q.ask),
        Some(40),
        "still standing"
    );
    assert!(legal(&g, &s).contains(&Action::Lodge(TRAM)));
}

#[test]
fn an_offer_is_countered_and_the_owner_accepts() {
    let (g, mut s) = lodging_in_lisbon();
    g.apply(&mut s, Action::Post(TRAM, 40)).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Counter(25)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(1));
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].pos, s.players[0].cash), (TRAM, 1475));
    assert_eq!(s.players[1].cash, 1525);
}

#[test]
fn an_offer_is_at_most_a_refusable_right_s_cap() {
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = 2;
    // Seat 0 holds a lodging right at Tram Lane capped at $3, which seat 1 may refuse.
    let right = gameshelf_laissez_faire::Right::lodging(10, true, false);
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Right(right, TRAM, 3)).unwrap();
    g.apply(&mut s, Action::Send).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(1));
    assert!(g.is_legal(&s, Action::Post(TRAM, 3)));
    assert!(!g.is_legal(&s, Action::Post(TRAM, 4)), "above the cap");
}

#[test]
fn the_traders_post_under_the_lodger_s_best_alternative_and_take_the_cheapest() {
    let choose = |g: &LaissezFaire, s: &State, seat: usize| {
        Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
    };
    let (g, mut s) = lodging_in_lisbon();
    // Lisbon has no bank room; seat 0's best alternative to Tram Lane is seat 2's Tile Row
    // at its reference, $4: seat 1 offers the dearest share of $2 under that, $3.
    let first = choose(&g, &s, 1);
    assert_eq!(first, Action::Post(TRAM, 3));
    g.apply(&mut s, first).unwrap();
    // Seat 2 undercuts the standing $3: the dearest share of $4 under it.
    let second = choose(&g, &s, 2);
    assert_eq!(second, Action::Post(TILE, 2));
    g.apply(&mut s, second).unwrap();
    assert_eq!(choose(&g, &s, 0), Action::Lodge(TILE), "the cheapest");
    // A lodger who could pay nothing is offered nothing.
    let (g, mut s) = lodging_in_lisbon();
    s.players[0].cash = 0;
    assert_eq!(choose(&g, &s, 1), Action::Pass);
    // The bargainer prices to the dollar: a dollar under the alternative.
    let bargainer = |g: &LaissezFaire, s: &State, seat: usize| {
        Trader::bargainer().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
    };
    let (g, s) = lodging_in_lisbon();
    assert_eq!(bargainer(&g, &s, 1), Action::Post(TRAM, 3));
}

#[test]
fn unasked_offers_are_worded_for_every_viewer() {
    let (g, mut s) = lodging_in_lisbon();
    let text = turn_text(&g, &s);
    assert!(
        text.contains("seat 1 must lodge in Lisbon; seat 2 may offer him a room unasked"),
        "{text}"
    );
    let p = LaissezFairePresenter;
    assert_eq!(
        p.describe_move(&g, &s, Action::Post(TRAM, 40), Some(1)),
        "seat 2: offer seat 1 a room at Tram Lane for $40 (the bank would ask $2)"
    );
    let options = legal(&g, &s);
    assert_eq!(options[p.safe_choice(&g, &s, &options)], Action::Pass);
    g.apply(&mut s, Action::Post(TRAM, 40)).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(
        p.terms(&g, Some(0), &s),
        [
            "offers standing to you in Lisbon:".to_owned(),
            "  seat 2: a room at Tram Lane for $40 (the bank would ask $2)".to_owned(),
            other_options("your", "seat 3"),
        ]
    );
    assert!(turn_text(&g, &s).contains("offers standing: seat 2's room at Tram Lane for $40"));
    assert_eq!(
        p.describe_move(&g, &s, Action::Lodge(TRAM), Some(0)),
        "seat 1: take seat 2's offer: lodge at Tram Lane for $40"
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Ask(TRAM), Some(0)),
        "seat 1: answer seat 2's offer of a room at Tram Lane for $40: counter or refuse it"
    );
}

// ---- several threads at once -------------------------------------------------------------

#[test]
fn a_lodger_bargains_with_two_owners_and_taking_one_room_closes_the_other_thread() {
    let (g, mut s) = lodging_in_lisbon();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    // He asks both owners: each quote stands while he asks the other.
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Quote(5)).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Lodge, Actor::Player(0)));
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Quote(4)).unwrap();
    assert_eq!(s.quotes.iter().map(|q| q.ask).collect::<Vec<_>>(), [5, 4]);
    // He counters seat 1's $5 at $3; seat 1 comes down to $4, which stands beside seat 2's.
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Counter(3)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(1));
    g.apply(&mut s, Action::Counter(4)).unwrap();
    let q = *s.quotes.get(TRAM).unwrap();
    assert_eq!((q.ask, q.bid, q.counters), (4, Some(3), 2));
    assert!(legal(&g, &s).contains(&Action::Lodge(TRAM)));
    // He takes seat 2's room: seat 1's thread closes with the lodging.
    g.apply(&mut s, Action::Lodge(TILE)).unwrap();
    assert_eq!(s.players[0].pos, TILE);
    assert_eq!(
        [s.players[0].cash, s.players[1].cash, s.players[2].cash],
        [1496, 1500, 1504]
    );
    assert!(s.quotes.is_empty());
}

#[test]
fn an_owner_s_acceptance_closes_the_lodger_s_other_lodging_and_transit_threads() {
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = 2;
    s.lots.0[RAIL as usize].owner = 2;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    g.apply(&mut s, Action::Post(TRAM, 6)).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    // Seat 0 asks the fare to Porto ($50: seat 2 holds one company), and seat 2 quotes it.
    g.apply(&mut s, Action::Ask(RAIL)).unwrap();
    g.apply(&mut s, Action::Quote(40)).unwrap();
    assert_eq!(
        g.fare(&s, 0, 0),
        Price::Listed(40),
        "the quote stands as the fare"
    );
    assert!(legal(&g, &s).contains(&Action::Ride));
    // He counters seat 1's posted room, and seat 1 accepts: he lodges, and the fare's
    // thread and every other offer close.
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Counter(5)).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].pos, s.players[0].cash), (TRAM, 1495));
    assert!(s.quotes.is_empty());
    assert_eq!(s.players[2].cash, 1500, "no fare paid");
}

/// Seat 0 holds Tile Row and offers it to seats 1 and 2 in turn; each counters.
fn two_offers_out() -> (LaissezFaire, State) {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Offer(1, TILE, 100)).unwrap();
    g.apply(&mut s, Action::Counter(80)).unwrap();
    assert!(
        legal(&g, &s).contains(&Action::Park),
        "the floor is seat 0's"
    );
    g.apply(&mut s, Action::Park).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Manage, Actor::Player(0)));
    assert!(s.trade.is_none());
    g.apply(&mut s, Action::Offer(2, TILE, 100)).unwrap();
    g.apply(&mut s, Action::Counter(90)).unwrap();
    (g, s)
}

#[test]
fn a_player_with_offers_out_to_two_players_takes_the_better_and_the_other_fails_atomically() {
    let (g, mut s) = two_offers_out();
    // His second thread is his last this turn: no setting it aside to open a third.
    assert!(!legal(&g, &s).contains(&Action::Park));
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 2);
    assert_eq!((s.players[0].cash, s.players[2].cash), (1590, 1410));
    // Back in his window, seat 1's counter still stands; taken up and accepted, it fails
    // at execution with nothing changed: the deed is gone.
    assert!(legal(&g, &s).contains(&Action::Resume(0)));
    g.apply(&mut s, Action::Resume(0)).unwrap();
    let t = s.trade.unwrap();
    assert_eq!((t.author, t.amount, t.floor), (1, 80, 0));
    let before = s.clone();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players, before.players);
    assert_eq!(s.lots, before.lots);
    assert_eq!((s.phase, s.trade), (Phase::Manage, None));
    assert!(s.parked.iter().all(Option::is_none));
}

#[test]
fn threads_set_aside_lapse_when_the_window_closes_and_changing_nothing() {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Offer(1, TILE, 100)).unwrap();
    g.apply(&mut s, Action::Counter(80)).unwrap();
    g.apply(&mut s, Action::Park).unwrap();
    let before = s.clone();
    g.apply(&mut s, Action::Go).unwrap();
    assert!(
        s.parked.iter().all(Option::is_none),
        "silence means refusal"
    );
    assert_eq!((s.players, s.lots), (before.players, before.lots));
    // Setting aside is a message of the thread: its deadline still holds.
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Offer(1, TILE, 100)).unwrap();
    let mut parks = 0;
    while s.phase == Phase::Trade || s.phase == Phase::Manage && s.parked[0].is_some() {
        let a = match (s.phase, g.actor(&s)) {
            (Phase::Manage, _) => Action::Resume(0),
            (_, Actor::Player(1)) => Action::Hold,
            _ if legal(&g, &s).contains(&Action::Park) => {
                parks += 1;
                Action::Park
            }
            _ => Action::Insist,
        };
        g.apply(&mut s, a).unwrap();
    }
    // The deadline's messages: the offer, a request for time, the set asides, and the last
    // one (letting the terms stand), which lapses the thread.
    assert_eq!(parks, MAX_EXCHANGES - 3);
    assert_eq!((s.phase, s.trade, s.parked[0]), (Phase::Manage, None, None));
    // A package received is set aside once with the same terms.
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Pay(Side::Mine, When::Now, 10))
        .unwrap();
    g.apply(&mut s, Action::Send).unwrap();
    g.apply(&mut s, Action::Amend).unwrap();
    g.apply(&mut s, Action::Strike(0)).unwrap();
    g.apply(&mut s, Action::Pay(Side::Mine, When::Now, 20))
        .unwrap();
    g.apply(&mut s, Action::Send).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(0));
    assert!(legal(&g, &s).contains(&Action::Park));
    g.apply(&mut s, Action::Park).unwrap();
    g.apply(&mut s, Action::Resume(0)).unwrap();
    assert!(!legal(&g, &s).contains(&Action::Park), "once");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (1520, 1480));
}

#[test]
fn threads_set_aside_are_worded_for_every_viewer() {
    let (g, mut s) = two_offers_out();
    let p = LaissezFairePresenter;
    assert!(
        p.terms(&g, Some(0), &s)
            .contains(&"  1. seat 2's terms: Tile Row from seat 1 to seat 2 for $80".to_owned()),
        "{:?}",
        p.terms(&g, Some(0), &s)
    );
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(
        p.terms(&g, Some(0), &s),
        [
            "set aside by you (they lapse when the window closes):",
            "  1. seat 2's terms: Tile Row from seat 1 to seat 2 for $80"
        ]
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Resume(0), Some(0)),
        "seat 1: take up the thread set aside: seat 2's terms: Tile Row from seat 1 to seat 2 \
         for $80"
    );
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Offer(1, TILE, 100)).unwrap();
    g.apply(&mut s, Action::Counter(80)).unwrap();
    assert_eq!(
        p.describe_move(&g, &s, Action::Park, Some(0)),
        "seat 1: set the thread aside: its terms stand while you open another; it lapses if \
         you close the window without taking it up"
    );
}

/// The lodger's other options in the lodging of [`lodging_in_lisbon`], as `whose` reads
/// them (`you` being seat 3 for `asking you`).
fn other_options(whose: &str, seat_3: &str) -> String {
    format!(
        "  {whose} other options: asking {seat_3} for a room at Tile Row (the bank would ask \
         $4); the fare ($200) and a room in Porto ($12): $212; the park bench and jail (a \
         booking fee of $55 at the first jail turn, more at each turn after)"
    )
}

#[test]
fn a_room_bargain_is_shown_like_an_offer_to_every_viewer() {
    let (g, mut s) = lodging_in_lisbon();
    let p = LaissezFairePresenter;
    // The owner deciding whether to offer his room unasked sees what the lodger has,
    // asking him included.
    assert_eq!(
        p.terms(&g, Some(1), &s),
        [
            "seat 1 looks for a room in Lisbon; no offer stands yet:".to_owned(),
            other_options("seat 1's", "seat 3").replace(
                "options: ",
                "options: asking you for a room at Tram Lane (the bank would ask $2); "
            ),
        ]
    );
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    assert_eq!(
        p.terms(&g, Some(1), &s),
        [
            "seat 1 bargains with you for a room at Tram Lane in Lisbon, for you to answer:"
                .to_owned(),
            "  you have not quoted yet".to_owned(),
            "  the bank's price for the same: $2".to_owned(),
            "  counter-offers so far: 0 of 6".to_owned(),
            other_options("seat 1's", "seat 3"),
        ]
    );
    // A quote stands while the lodger asks the others; answered, the bargain reopens with
    // the counter on the table, and what acceptance would pay.
    g.apply(&mut s, Action::Quote(40)).unwrap();
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Counter(10)).unwrap();
    assert_eq!(
        p.terms(&g, Some(0), &s),
        [
            "you bargain with seat 2 for a room at Tram Lane in Lisbon, seat 2 to answer:"
                .to_owned(),
            "  seat 2 asks $40; you offer $10".to_owned(),
            "  the bank's price for the same: $2".to_owned(),
            "  counter-offers so far: 1 of 6".to_owned(),
            other_options("your", "seat 3"),
            "if seat 2 accepts: your net worth goes from $1500 to $1490 (-$10), your cash \
             from $1500 to $1490"
                .to_owned(),
            "if seat 2 accepts: seat 2's net worth goes from $1530 to $1540 (+$10), its cash \
             from $1500 to $1510"
                .to_owned(),
        ]
    );
    let owner = p.terms(&g, Some(1), &s);
    assert_eq!(
        owner[..2],
        [
            "seat 1 bargains with you for a room at Tram Lane in Lisbon, for you to answer:",
            "  you ask $40; seat 1 offers $10",
        ]
    );
    assert!(owner[6].starts_with("if you accept: your net worth goes from $1530 to $1540"));
    // A third player and a spectator read the same facts in the third person.
    let third = p.terms(&g, Some(2), &s);
    assert_eq!(third[4], other_options("seat 1's", "you"));
    let public = p.terms(&g, None, &s);
    assert_eq!(public[4], other_options("seat 1's", "seat 3"));
    assert_eq!(public.len(), 7);
    assert!(!public.join("\n").contains("you"), "{public:#?}");
    assert_eq!(
        third[..4],
        public[..4],
        "a third player is no party to the bargain"
    );
}

/// Seat 0 in his window with `window_threads` set, holding Tile Row; four players.
fn window_of(threads: u8) -> (LaissezFaire, State) {
    let g = game(&format!(
        "laissez-faire(players=4,window_threads={threads})"
    ));
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TILE as usize].owner = 0;
    (g, s)
}

#[test]
fn window_threads_bounds_the_threads_a_turn_and_those_set_aside() {
    // Three threads: seat 0 offers Tile Row to each other player at $100, each counters
    // lower, and he sets the first two answers aside while he has a thread left to open.
    let (g, mut s) = window_of(3);
    assert_eq!(g.config().window_threads, 3);
    for (to, counter) in [(1, 80), (2, 90), (3, 95)] {
        g.apply(&mut s, Action::Offer(to, TILE, 100)).unwrap();
        g.apply(&mut s, Action::Counter(counter)).unwrap();
        if to < 3 {
            g.apply(&mut s, Action::Park).unwrap();
        }
    }
    assert_eq!(s.parked.iter().flatten().count(), 2);
    assert!(
        !legal(&g, &s).contains(&Action::Park),
        "no thread left to open"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 3);
    assert!(
        !g.is_legal(&s, Action::Offer(1, TRAM, 10)),
        "three threads this turn"
    );
    let resumes: Vec<_> = legal(&g, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Resume(_)))
        .collect();
    assert_eq!(resumes, [Action::Resume(0), Action::Resume(1)]);
    // The default is two: a third offer is refused.
    let (g, mut s) = window_of(2);
    for to in [1, 2] {
        g.apply(&mut s, Action::Offer(to, TILE, 100)).unwrap();
        g.apply(&mut s, Action::Refuse).unwrap();
    }
    assert!(g.apply(&mut s, Action::Offer(3, TILE, 100)).is_err());
    // And ten, the readings' limit of open offers: nine set aside, the tenth open.
    let (g, mut s) = window_of(10);
    for k in 0..10u32 {
        g.apply(&mut s, Action::Offer(1 + (k % 3) as u8, TILE, 100 + k))
            .unwrap();
        g.apply(&mut s, Action::Counter(50 + k)).unwrap();
        if k < 9 {
            g.apply(&mut s, Action::Park).unwrap();
        }
    }
    assert_eq!(s.parked.iter().flatten().count(), 9);
    g.apply(&mut s, Action::Refuse).unwrap();
    g.apply(&mut s, Action::Go).unwrap();
    assert!(
        s.parked.iter().all(Option::is_none),
        "they lapse with the window"
    );
}

#[test]
fn window_threads_outside_one_to_ten_is_refused_naming_the_bounds() {
    for bad in ["0", "11", "two"] {
        let err = LaissezFaire::from_spec(
            &format!("laissez-faire(window_threads={bad})")
                .parse()
                .unwrap(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("window_threads") && err.contains("1") && err.contains("10"),
            "{err}"
        );
    }
    let g = game("laissez-faire(window_threads=10)");
    assert!(g.max_game_length() > game("laissez-faire").max_game_length());
}
