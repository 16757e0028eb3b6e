//! A lodger's opening bid (`Tender`): he names his own price for a player owner's room or
//! fare, at most the cash he holds, and the owner accepts it, counters higher (his first
//! price, which counts as his quote) or refuses; the bargain then goes on under the same
//! counter rules. Words for every viewer, typed amounts, the traders' answers, a record.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Game, Presenter};
use gameshelf_laissez_faire::bargain::MAX_COUNTERS;
use gameshelf_laissez_faire::present::LaissezFairePresenter;
use gameshelf_laissez_faire::{Action, BANK, LaissezFaire, Phase, State};

mod common;

use common::*;

/// Seat 0 looking for a room in Lisbon, having arrived by dice; seat 1 owns Tile Row
/// (reference $4), the bank Tram Lane ($2).
fn lodging_in_lisbon() -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    s.lots.0[TILE as usize].owner = 1;
    s.lots.0[TRAM as usize].owner = BANK;
    s.phase = Phase::Lodge;
    s.city = 0;
    s.via_transit = true;
    (g, s)
}

/// Seat 0, lodging in Lisbon, bids `dollars` for seat 1's Tile Row (reference $4).
fn bid_for_tile(dollars: u32) -> (LaissezFaire, State) {
    let (g, mut s) = lodging_in_lisbon();
    g.apply(&mut s, Action::Tender(TILE, dollars)).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Bargain, Actor::Player(1)));
    (g, s)
}

#[test]
fn a_lodger_opens_with_his_own_price_and_the_owner_takes_it() {
    let (g, s) = lodging_in_lisbon();
    let options = legal(&g, &s);
    // The trade shares of the $4 reference are listed beside the request.
    for dollars in [0, 2, 4, 6, 8] {
        assert!(
            options.contains(&Action::Tender(TILE, dollars)),
            "{options:?}"
        );
    }
    assert!(
        !options.iter().any(|a| matches!(a, Action::Tender(TRAM, _))),
        "the bank's"
    );
    let (g, mut s) = bid_for_tile(3);
    let answers = legal(&g, &s);
    assert_eq!(answers[0], Action::Accept);
    assert!(answers.contains(&Action::Refuse));
    assert!(answers.contains(&Action::Counter(4)));
    assert!(
        !answers.iter().any(|a| matches!(a, Action::Quote(_))),
        "the bid stands"
    );
    for lower in [Action::Counter(3), Action::Counter(2), Action::Quote(8)] {
        assert!(g.apply(&mut s.clone(), lower).is_err(), "{lower}");
    }
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (1497, 1503));
    assert_eq!(s.players[0].last_rent, 3);
    assert_eq!(s.players[0].pos, TILE);
}

#[test]
fn an_owner_counters_a_bid_with_his_price_and_the_bargain_goes_on() {
    let (g, mut s) = bid_for_tile(3);
    // His counter is his first price, as a quote is: it stands, and no counter is used.
    g.apply(&mut s, Action::Counter(9)).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Lodge, Actor::Player(0)));
    let q = *s.quotes.get(TILE).unwrap();
    assert_eq!((q.ask, q.bid, q.counters), (9, Some(3), 0));
    assert!(
        legal(&g, &s).contains(&Action::Lodge(TILE)),
        "at $9, as it stands"
    );
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    // The lodger's bid stands as his last price: he may only come up, below the $9.
    for out_of_range in [Action::Counter(3), Action::Counter(9)] {
        assert!(
            g.apply(&mut s.clone(), out_of_range).is_err(),
            "{out_of_range}"
        );
    }
    g.apply(&mut s, Action::Counter(5)).unwrap();
    assert_eq!(s.bargain.unwrap().counters, 1);
    // The owner takes the $5.
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (1495, 1505));
}

#[test]
fn a_bid_counts_as_the_request_and_leaves_every_counter() {
    let (g, mut s) = bid_for_tile(3);
    g.apply(&mut s, Action::Counter(100)).unwrap();
    // Six counters after it, each side coming a dollar closer: $4, $99, $5, $98, $6, $97.
    for n in 0..u32::from(MAX_COUNTERS) {
        if s.phase == Phase::Lodge {
            g.apply(&mut s, Action::Ask(TILE)).unwrap();
        }
        let price = if n % 2 == 0 { 4 + n / 2 } else { 99 - n / 2 };
        g.apply(&mut s, Action::Counter(price)).unwrap();
    }
    let q = *s.quotes.get(TILE).unwrap();
    assert_eq!((q.ask, q.bid, q.counters), (97, Some(6), MAX_COUNTERS));
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(
        legal(&g, &s),
        [Action::Accept, Action::Refuse],
        "no counter left"
    );
}

#[test]
fn a_refused_bid_sends_the_lodger_back_without_asking_again() {
    let (g, mut s) = bid_for_tile(1);
    let before = s.players;
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!((s.phase, s.players), (Phase::Lodge, before));
    let options = legal(&g, &s);
    assert!(
        !options
            .iter()
            .any(|a| matches!(a, Action::Ask(TILE) | Action::Tender(TILE, _))),
        "{options:?}"
    );
    assert!(g.apply(&mut s, Action::Tender(TILE, 4)).is_err());
}

#[test]
fn a_bid_above_one_s_cash_is_refused_by_name() {
    let (g, mut s) = lodging_in_lisbon();
    s.players[0].cash = 10;
    assert!(
        !legal(&g, &s).contains(&Action::Tender(TILE, 12)),
        "$12 is 300%"
    );
    let err = g.apply(&mut s, Action::Tender(TILE, 11)).unwrap_err();
    assert!(
        err.to_string()
            .contains("a bid of $11 is more than the $10 player 1 holds"),
        "{err}"
    );
    assert_eq!(s.phase, Phase::Lodge, "nothing changed");
    // Any other whole number of dollars he holds may be named.
    assert_eq!(
        g.with_amount(Action::Tender(TILE, 2), 10),
        Some(Action::Tender(TILE, 10))
    );
    g.apply(&mut s, Action::Tender(TILE, 10)).unwrap();
    assert_eq!(s.bargain.unwrap().bid, Some(10));
    // Not for a room whose owner's offer stands: he answers that one.
    let (g, mut s) = lodging_in_lisbon();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Quote(8)).unwrap();
    assert!(g.apply(&mut s, Action::Tender(TILE, 4)).is_err());
}

#[test]
fn a_bid_is_worded_for_every_viewer_and_typed_in_dollars() {
    let p = LaissezFairePresenter;
    let (g, s) = lodging_in_lisbon();
    assert_eq!(
        p.describe_move(&g, &s, Action::Tender(TILE, 3), Some(0)),
        "seat 1: offer seat 2 $3 for a room at Tile Row (the bank would ask $4): he may take \
         it, counter or refuse"
    );
    assert_eq!(
        p.amount_prompt(&g, &s, Action::Tender(TILE, 2)),
        "your bid for a room at Tile Row (at most your cash $1500)"
    );
    assert_eq!(
        p.choice_group(&g, &s, Action::Tender(TILE, 3)).as_deref(),
        Some("bid for a room at Tile Row"),
        "folded under the request"
    );
    let (_, s) = bid_for_tile(3);
    for (viewer, line) in [
        (Some(0), "  you offer $3; seat 2 has not quoted yet"),
        (Some(1), "  seat 1 offers $3; you have not quoted yet"),
        (None, "  seat 1 offers $3; seat 2 has not quoted yet"),
    ] {
        let terms = p.terms(&g, viewer, &s);
        assert!(terms.iter().any(|l| l == line), "{terms:?}");
    }
    assert_eq!(
        p.describe_move(&g, &s, Action::Counter(9), Some(1)),
        "seat 2: counter the bid of $3: ask $9 (the bank asks $4) for a room at Tile Row"
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Accept, None),
        "seat 2: accept $3 (the bank asks $4) for a room at Tile Row"
    );
}

#[test]
fn the_traders_take_a_bid_worth_their_quote_and_counter_with_it_otherwise() {
    // The heuristic's quote for Tile Row, asked, is $2 (the lodger's alternative, Tram
    // Lane, is $2).
    let (g, mut asked) = lodging_in_lisbon();
    g.apply(&mut asked, Action::Ask(TILE)).unwrap();
    let Action::Quote(quote) = heuristic(&g, &asked, 1) else {
        panic!("a quote")
    };
    assert_eq!(heuristic(&g, &bid_for_tile(quote).1, 1), Action::Accept);
    if quote > 0 {
        assert_eq!(
            heuristic(&g, &bid_for_tile(quote - 1).1, 1),
            Action::Counter(quote)
        );
    }
}

#[test]
fn a_record_with_a_bid_replays_exactly() {
    // Seat 1 lands on Tile Row, declines it, and bids $7 for the fare on seat 0's Coastline
    // Rail to Porto; seat 0 counters at $19, seat 1 at $11, which seat 0 takes.
    let g = game("laissez-faire(players=2)");
    let mut game = Recorded::rail_bought(&g);
    game.play(Action::Go);
    game.pass_others();
    game.play_all([Action::Roll(DicePair::new(1, 2)), Action::Decline]);
    game.pass_others();
    assert!(legal(&g, &game.state).contains(&Action::Tender(RAIL, 0)));
    let cash = game.state.players.map(|p| p.cash);
    game.play_all([Action::Tender(RAIL, 7), Action::Counter(19)]);
    game.play_all([Action::Ask(RAIL), Action::Counter(11), Action::Accept]);
    assert_eq!(game.state.players[0].cash, cash[0] + 11);
    assert_eq!(game.state.players[1].cash, cash[1] - 11);
    assert_eq!(game.state.city, 1, "he looks for a room in Porto");
    game.replays();
}
