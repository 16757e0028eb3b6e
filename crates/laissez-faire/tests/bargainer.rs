//! The bargainer (`heuristic:bargainer`) where it parts from the heuristic: it keeps its
//! cash, sells at what the buyer can pay, brokers set-completing deeds, lends at the risk's
//! price and sells a deed rather than be eliminated. Each test builds the
//! state by hand and checks one decision against the heuristic's.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::bot::RESERVE;
use gameshelf_laissez_faire::state::{BANK, Status};
use gameshelf_laissez_faire::{
    Action, LaissezFaire, Phase, Right, Share, Side, Span, State, Sum, Term, When,
};

mod common;

use common::*;

/// The drafting moves of the package `seat` opens with `Draft(to)`, played by the bot
/// `choose`, up to and including its sending.
fn drafted(
    g: &LaissezFaire,
    s: &mut State,
    choose: fn(&LaissezFaire, &State, usize) -> Action,
) -> Vec<Action> {
    let seat = s.current as usize;
    let mut moves = Vec::new();
    while s.phase == Phase::Deal && !s.deal.unwrap().sent {
        let a = choose(g, s, seat);
        g.apply(s, a).unwrap();
        moves.push(a);
    }
    moves
}

#[test]
fn a_bargainer_at_its_last_jail_chance_sells_a_deed_and_pays_its_way_out() {
    let (g, mut s) = setup(2);
    s.players[0].jailed = true;
    s.players[0].jail_turns = 3;
    s.players[0].jail_side = 1;
    s.lots.0[MARKET as usize].owner = 0;
    // $130 due, $100 in hand: Market Lane's $70 covers the gap, and is worth less to the
    // buyer than Tile Row, which completes his Lisbon.
    s.players[0].cash = 100;
    assert_eq!(g.jail_fee(&s, 0), 130);
    let open = bargainer(&g, &s, 0);
    assert_eq!(open, Action::Draft(1));
    assert_eq!(heuristic(&g, &s, 0), open, "the heuristic sells too");
    g.apply(&mut s, open).unwrap();
    assert_eq!(
        drafted(&g, &mut s, bargainer),
        [
            Action::Deed(MARKET),
            Action::Pay(Side::Yours, When::Now, 69),
            Action::Send
        ]
    );
    assert_eq!(
        heuristic(&g, &s, 1),
        Action::Accept,
        "the buyer gains by it"
    );
    assert_eq!(
        bargainer(&g, &s, 1),
        Action::Refuse,
        "the bargainer does not bail a rival out"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    go(&g, &mut s);
    assert_eq!(s.phase, Phase::JailFee);
    assert_eq!(bargainer(&g, &s, 0), Action::PayFee);
    g.apply(&mut s, Action::PayFee).unwrap();
    assert_eq!(s.players[0].status, Status::Playing);
    assert!(!s.players[0].jailed);
}

#[test]
fn a_trader_whose_deeds_each_fall_short_of_the_gap_sells_its_dearest_first() {
    let (g, mut s) = setup(2);
    s.players[0].jailed = true;
    s.players[0].jail_turns = 3;
    s.players[0].jail_side = 1;
    s.lots.0[QUAY as usize].owner = 0;
    // $130 due, $10 in hand: to the buyer Tile Row is worth twice its $60 value (it
    // completes his Lisbon) and Quay Street its $50; neither covers the $120 gap alone, so
    // the package sells Tile Row first, then Quay Street.
    s.players[0].cash = 10;
    let mut package = s.clone();
    g.apply(&mut package, heuristic(&g, &s, 0)).unwrap();
    assert_eq!(
        drafted(&g, &mut package, heuristic),
        [
            Action::Deed(TILE),
            Action::Deed(QUAY),
            Action::Pay(Side::Yours, When::Now, 169),
            Action::Send
        ]
    );
    // A pledged deed is not sold: it carries the lender's claim. With the loan's $10 the
    // gap is $110, which Tile Row alone covers.
    let mut pledged = s.clone();
    g.apply(&mut pledged, Action::Draft(1)).unwrap();
    g.apply(&mut pledged, Action::Lend(Side::Yours, QUAY, 10))
        .unwrap();
    g.apply(
        &mut pledged,
        Action::Repay(gameshelf_laissez_faire::Cadence::new(1, 1).unwrap(), 10),
    )
    .unwrap();
    g.apply(&mut pledged, Action::Send).unwrap();
    g.apply(&mut pledged, Action::Accept).unwrap();
    assert!(pledged.contracts.pledged(QUAY));
    pledged.offers = 0; // a later turn
    let open = heuristic(&g, &pledged, 0);
    g.apply(&mut pledged, open).unwrap();
    assert_eq!(
        drafted(&g, &mut pledged, heuristic),
        [
            Action::Deed(TILE),
            Action::Pay(Side::Yours, When::Now, 119),
            Action::Send
        ]
    );
}

#[test]
fn a_trader_refuses_a_template_loan_at_10_percent_whose_collateral_does_not_cover_it() {
    let (g, mut s) = setup(2);
    // Seat 1 borrows from seat 0 (the bargainer).
    s.current = 1;
    s.lots.0[QUAY as usize].owner = 1;
    s.lots.0[MARKET as usize].owner = 1;
    let answer = |term: Term| {
        let mut t = s.clone();
        g.apply(&mut t, Action::Propose(0, term)).unwrap();
        (bargainer(&g, &t, 0), heuristic(&g, &t, 0))
    };
    // $100 lent is $110 repaid; Quay Street is priced $100 but worth only $50: a borrower
    // who cannot repay would leave the lender $60 short, and the template's 10% is the
    // price of a safe loan (`bot/credit.rs`).
    assert_eq!(
        answer(Term::Borrow(Sum::S100, QUAY)),
        (Action::Refuse, Action::Refuse)
    );
    // $50 lent is $55 repaid, and Market Lane is worth $70.
    assert_eq!(
        answer(Term::Borrow(Sum::S50, MARKET)),
        (Action::Accept, Action::Accept)
    );
}

#[test]
fn the_bargainer_buys_a_bank_deed_only_to_complete_another_player_s_city() {
    let (g, mut s) = setup(2);
    // Seat 0 lands on Tile Row, the bank's; seat 1 holds Tram Lane, the rest of Lisbon.
    s.lots.0[TILE as usize].owner = BANK;
    s.players[0].pos = TILE;
    s.phase = Phase::Buy;
    assert_eq!(legal(&g, &s), [Action::Buy, Action::Decline]);
    assert_eq!(bargainer(&g, &s, 0), Action::Buy);
    assert_eq!(heuristic(&g, &s, 0), Action::Buy);
    // Lisbon all the bank's: the heuristic buys, the bargainer keeps its cash.
    s.lots.0[TRAM as usize].owner = BANK;
    assert_eq!(bargainer(&g, &s, 0), Action::Decline);
    assert_eq!(heuristic(&g, &s, 0), Action::Buy);
}

#[test]
fn the_bargainer_asks_for_a_set_completing_deed_all_the_buyer_s_cash_above_his_reserve() {
    let (g, mut s) = setup(2);
    // Seat 1 (a heuristic) holds Tram Lane and offers 150% for Tile Row, the bargainer's.
    s.current = 1;
    let offer = heuristic(&g, &s, 1);
    assert_eq!(offer, Action::Offer(0, TILE, Share::OneAndHalf.of(60)));
    g.apply(&mut s, offer).unwrap();
    let counter = bargainer(&g, &s, 0);
    assert_eq!(counter, Action::Counter(1500 - RESERVE));
    assert_eq!(
        heuristic(&g, &s, 0),
        Action::Counter(Share::Double.of(60)),
        "the heuristic asks 200%"
    );
    g.apply(&mut s, counter).unwrap();
    assert_eq!(heuristic(&g, &s, 1), Action::Accept, "it keeps its reserve");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (2800, RESERVE));
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
}

#[test]
fn the_bargainer_never_counters_below_twice_a_set_completing_deed_s_value() {
    let (g, mut s) = setup(2);
    s.current = 1;
    s.players[1].cash = 250;
    g.apply(&mut s, Action::Offer(0, TILE, 60)).unwrap();
    assert_eq!(bargainer(&g, &s, 0), Action::Counter(Share::Double.of(60)));
}

#[test]
fn the_bargainer_brokers_a_deed_that_completes_a_third_player_s_city() {
    let (g, mut s) = setup(3);
    // Seat 1 holds Tram Lane and seat 2 Tile Row: the bargainer buys Tile Row from seat 2
    // a dollar over its worth, to sell it on to seat 1.
    s.lots.0[TILE as usize].owner = 2;
    s.players[1].cash = 1600;
    let worth = g.deed_worth(&s, TILE);
    let offer = bargainer(&g, &s, 0);
    assert_eq!(offer, Action::Offer(2, TILE, worth + 1));
    assert_eq!(heuristic(&g, &s, 0), Action::Go);
    g.apply(&mut s, offer).unwrap();
    assert_eq!(
        heuristic(&g, &s, 2),
        Action::Accept,
        "more than it is worth"
    );
}

#[test]
fn the_bargainer_builds_nothing() {
    let (g, mut s) = setup(2);
    s.lots.0[TRAM as usize].owner = BANK;
    assert_eq!(heuristic(&g, &s, 0), Action::Build(TILE));
    assert_eq!(bargainer(&g, &s, 0), Action::Go);
}

/// Out of jail with less cash than the dearest jail fee at the last chance ($260), the
/// heuristic sells a deed while the others can still pay, as it would in jail; the
/// bargainer buys no such sale (no bail-outs) and sells nothing early itself.
#[test]
fn a_heuristic_short_of_the_dearest_jail_fee_sells_early_and_the_bargainer_declines() {
    let (g, mut s) = setup(2);
    s.lots.0[TRAM as usize].owner = BANK; // no set to complete: only the sale to make
    s.lots.0[MARKET as usize].owner = 0;
    s.players[0].cash = 200;
    assert_ne!(
        bargainer(&g, &s, 0),
        Action::Draft(1),
        "the bargainer keeps its deeds"
    );
    let open = heuristic(&g, &s, 0);
    assert_eq!(open, Action::Draft(1));
    g.apply(&mut s, open).unwrap();
    // $60 short of $260: Market Lane's $70 covers it alone.
    assert_eq!(
        drafted(&g, &mut s, heuristic),
        [
            Action::Deed(MARKET),
            Action::Pay(Side::Yours, When::Now, 69),
            Action::Send
        ]
    );
    assert_eq!(
        heuristic(&g, &s, 1),
        Action::Accept,
        "the buyer gains by it"
    );
    assert_eq!(bargainer(&g, &s, 1), Action::Refuse);
    // With the fee in hand, nothing is sold.
    let (g, mut s) = setup(2);
    s.lots.0[TRAM as usize].owner = BANK;
    s.lots.0[MARKET as usize].owner = 0;
    s.players[0].cash = 1000;
    assert_ne!(heuristic(&g, &s, 0), Action::Draft(1));
}

/// The bargainer sells a price cap on its utility for cash now: half the reference fee for
/// ten rounds, at a dollar under what a trader reckons it saves him, and he buys it.
#[test]
fn the_bargainer_sells_a_price_cap_for_cash_now() {
    const POWER: u8 = 12;
    let (g, mut s) = setup(2);
    s.lots.0[TRAM as usize].owner = BANK;
    s.lots.0[POWER as usize].owner = 0;
    let reference = g.reference_service_price(&s, POWER).unwrap();
    let open = bargainer(&g, &s, 0);
    assert_eq!(open, Action::Draft(1));
    assert_ne!(heuristic(&g, &s, 0), open, "the heuristic sells none");
    g.apply(&mut s, open).unwrap();
    let cap = reference / 2;
    assert_eq!(
        drafted(&g, &mut s, bargainer),
        [
            Action::Right(Right::service(Span::Rounds(10)), POWER, cap),
            Action::Pay(Side::Yours, When::Now, 2 * (reference - cap) - 1),
            Action::Send
        ]
    );
    let cash = s.players[0].cash;
    assert_eq!(heuristic(&g, &s, 1), Action::Accept);
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[0].cash, cash + 2 * (reference - cap) - 1);
    // One cap per holder: the next window sells him none.
    s.offers = 0;
    assert_ne!(bargainer(&g, &s, 0), Action::Draft(1));
}
