//! Credit: loans priced by the borrower's risk and his collateral, asked for by a trader
//! short of its jail fee and offered unasked to one. Each test builds the state by hand and
//! plays the bots' own moves.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::contract::NO_DEED;
use gameshelf_laissez_faire::state::BANK;
use gameshelf_laissez_faire::{Action, Cadence, LaissezFaire, Phase, Side, State};

mod common;

use common::*;

/// [`at_last_jail_chance`] with Tile Row the bank's: seat 0 holds Quay Street and
/// Market Lane only.
fn jailed(cash: u32) -> (LaissezFaire, State) {
    let (g, mut s) = at_last_jail_chance(cash);
    s.lots.0[TILE as usize].owner = BANK;
    (g, s)
}

/// The moves of the deal in hand until it is sent, each by the seat that drafts it.
fn drafted(g: &LaissezFaire, s: &mut State) -> Vec<Action> {
    let mut moves = Vec::new();
    while s.phase == Phase::Deal && !s.deal.unwrap().sent {
        let a = heuristic(g, s, usize::from(s.deal.unwrap().author));
        g.apply(s, a).unwrap();
        moves.push(a);
    }
    moves
}

#[test]
fn a_lender_asks_more_without_collateral_and_more_of_a_poorer_borrower() {
    let (g, mut s) = jailed(1500);
    // Market Lane is worth $70, more than the $45 repayment of $40 at the template's 10% and
    // a dollar: a default would leave the lender a deed worth the debt.
    let pledged = Trader::loan_terms(&g, &s, 0, 40, MARKET).unwrap();
    assert_eq!(pledged.repayment(), 45);
    // Without collateral, a borrower with next to nothing besides defaults nearly one time
    // in two: no price within twice the principal pays the lender.
    assert_eq!(Trader::loan_terms(&g, &s, 0, 40, NO_DEED), None);
    // Out of jail with $400, the same loan unsecured is dearer than the pledged one...
    s.players[0].jailed = false;
    s.players[0].cash = 400;
    let unsecured = Trader::loan_terms(&g, &s, 0, 40, NO_DEED).unwrap();
    assert!(unsecured.repayment() > 45, "{unsecured:?}");
    // ... and dearer for a poorer borrower.
    let poor = Trader::loan_terms(&g, &s, 0, 200, NO_DEED).unwrap();
    s.players[0].cash = 2000;
    let rich = Trader::loan_terms(&g, &s, 0, 200, NO_DEED).unwrap();
    assert!(rich.repayment() < poor.repayment(), "{rich:?} {poor:?}");
    // A pledge worth less than the repayment prices between the two.
    s.players[0].cash = 400;
    let part = Trader::loan_terms(&g, &s, 0, 200, MARKET).unwrap();
    assert!(part.repayment() < poor.repayment(), "{part:?} {poor:?}");
    assert!(part.repayment() > 221, "{part:?}");
}

#[test]
fn a_trader_short_of_its_jail_fee_borrows_at_the_lender_s_price_rather_than_sell_short() {
    let (g, mut s) = jailed(1500);
    // Market Lane alone ($70) cannot cover the $110 gap, and nobody else could pay the rest:
    // no rescue sale saves it, but a loan of the whole gap against the deed does.
    s.lots.0[QUAY as usize].owner = BANK;
    let terms = Trader::loan_terms(&g, &s, 0, 110, MARKET).unwrap();
    assert!(
        terms.repayment() > 121,
        "a risky loan costs more than 10%: {terms:?}"
    );
    let open = heuristic(&g, &s, 0);
    assert_eq!(open, Action::Draft(1));
    g.apply(&mut s, open).unwrap();
    assert_eq!(
        drafted(&g, &mut s),
        [
            Action::Lend(Side::Yours, MARKET, 110),
            Action::Repay(Cadence::new(1, 5).unwrap(), terms.instalment),
            Action::Send,
        ]
    );
    assert_eq!(
        heuristic(&g, &s, 1),
        Action::Accept,
        "priced at the lender's reckoning"
    );
    assert_eq!(
        bargainer(&g, &s, 1),
        Action::Accept,
        "a loan at its price is no bail-out"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[0].cash, 130, "the fee is covered");
    go(&g, &mut s);
    assert_eq!(s.phase, Phase::JailFee);
    assert!(legal(&g, &s).contains(&Action::PayFee));
    assert_eq!(heuristic(&g, &s, 0), Action::PayFee);
}

#[test]
fn a_lender_offers_a_loan_unasked_to_a_player_short_of_his_jail_fee() {
    let (g, mut s) = jailed(1500);
    s.lots.0[QUAY as usize].owner = BANK;
    // Seat 1's window, seat 0 in jail and $110 short.
    s.current = 1;
    let terms = Trader::loan_terms(&g, &s, 0, 110, MARKET).unwrap();
    for lender in [heuristic, bargainer] {
        let mut s = s.clone();
        assert_eq!(lender(&g, &s, 1), Action::Draft(0));
        g.apply(&mut s, Action::Draft(0)).unwrap();
        let mut moves = Vec::new();
        while !s.deal.unwrap().sent {
            let a = lender(&g, &s, 1);
            g.apply(&mut s, a).unwrap();
            moves.push(a);
        }
        assert_eq!(
            moves,
            [
                Action::Lend(Side::Mine, MARKET, 110),
                Action::Repay(Cadence::new(1, 5).unwrap(), terms.instalment),
                Action::Send,
            ]
        );
        assert_eq!(
            heuristic(&g, &s, 0),
            Action::Accept,
            "better than going out"
        );
    }
}

#[test]
fn a_heuristic_borrows_for_a_house_only_at_the_safe_price() {
    let (g, mut s) = setup(2);
    s.lots.0[TRAM as usize].owner = BANK;
    s.lots.0[QUAY as usize].owner = 0;
    // $300 out of jail, $40 short of a $50 house and its $260 reserve: it borrows only at
    // the template's 10% (give or take the instalments' rounding), the price of a loan
    // whose default would not cost the lender.
    s.players[0].cash = 300;
    s.players[1].cash = 1500;
    let open = heuristic(&g, &s, 0);
    assert_eq!(open, Action::Draft(1));
    g.apply(&mut s, open).unwrap();
    let moves = drafted(&g, &mut s);
    let (Action::Lend(Side::Yours, _, principal), Action::Repay(_, instalment)) =
        (moves[0], moves[1])
    else {
        panic!("{moves:?}");
    };
    assert!(
        instalment * 5 <= (principal * 110).div_ceil(100) + 5,
        "{moves:?}"
    );
    assert_eq!(heuristic(&g, &s, 1), Action::Accept);
}

#[test]
fn a_lender_counters_a_loan_priced_under_its_risk_and_the_borrower_takes_the_counter() {
    let (g, mut s) = jailed(1500);
    s.lots.0[QUAY as usize].owner = BANK;
    // Seat 0, $110 short, asks for the gap against Market Lane at the template's 10%: too
    // cheap for a pledge worth $70 from a borrower with nothing else.
    let asked = Trader::loan_terms(&g, &s, 0, 110, MARKET).unwrap();
    for a in [
        Action::Draft(1),
        Action::Lend(Side::Yours, MARKET, 110),
        Action::Repay(Cadence::new(1, 5).unwrap(), 25),
        Action::Send,
    ] {
        g.apply(&mut s, a).unwrap();
    }
    // The lender asks for a payment now on top: half the way from what the terms are worth
    // to it to its aim, within what the borrower has.
    assert_eq!(heuristic(&g, &s, 1), Action::Amend);
    g.apply(&mut s, Action::Amend).unwrap();
    let fee = heuristic(&g, &s, 1);
    let Action::Pay(Side::Yours, _, x) = fee else {
        panic!("{fee}")
    };
    assert!(x > 0 && x <= 20 + 110, "within the borrower's cash: {fee}");
    g.apply(&mut s, fee).unwrap();
    g.apply(&mut s, Action::Send).unwrap();
    // The counter meets the borrower part of the way: in all he pays less than the
    // lender's own price (cash now carries no risk), and more than he offered; still
    // better than going out, so he takes it.
    assert!(125 + x < asked.repayment(), "{x} {asked:?}");
    assert_eq!(heuristic(&g, &s, 0), Action::Accept);
}

/// Harbour Walk and Ferry Point, Sydney ($300 each, base rent $26), and Sails Boulevard
/// ($320, $28): the bank's Ferry Point ties with Harbour Walk, which comes first.
const HARBOUR: u8 = 31;
/// See [`HARBOUR`].
const SAILS: u8 = 34;
/// Porto's three properties ($100, $100, $120; base rents $6, $6, $8): a first roll from
/// Start lands in Porto (6 to 9) five times in nine.
const PORTO: [u8; 3] = [QUAY, 8, 9];

/// Four players on Start, seat 0 out of jail with $300 and no deed: the borrower whose
/// prospects the tests change.
fn borrower() -> (LaissezFaire, State) {
    let (g, mut s) = setup(4);
    s.lots.0[TILE as usize].owner = BANK;
    s.lots.0[TRAM as usize].owner = BANK;
    s.players[0].cash = 300;
    (g, s)
}

#[test]
fn a_borrower_whose_room_earns_rent_pays_less_than_a_richer_one_whose_room_earns_none() {
    let (g, mut s) = borrower();
    // Harbour Walk is the first of Sydney's cheapest rooms for every other player, so it
    // earns rent whenever one of them lands in Sydney.
    s.lots.0[HARBOUR as usize].owner = 0;
    let earning = Trader::loan_terms(&g, &s, 0, 200, NO_DEED).unwrap();
    // Sails Boulevard is worth $10 more in net worth, but the bank's Harbour Walk is
    // cheaper: nobody lodges in it.
    s.lots.0[HARBOUR as usize].owner = BANK;
    s.lots.0[SAILS as usize].owner = 0;
    assert!(g.net_worth(&s, 0) > 300 + 150);
    let idle = Trader::loan_terms(&g, &s, 0, 200, NO_DEED).unwrap();
    assert!(
        earning.repayment() < idle.repayment(),
        "income lowers the price: {earning:?} {idle:?}"
    );
}

#[test]
fn a_borrower_about_to_face_dear_rents_pays_more() {
    let (g, mut s) = borrower();
    let cheap = Trader::loan_terms(&g, &s, 0, 200, NO_DEED).unwrap();
    // The same borrower, with the same net worth, when Porto's rooms ahead of him are seat
    // 1's, with two houses each ($90 to $120 a night).
    for d in PORTO {
        s.lots.0[d as usize].owner = 1;
        s.lots.0[d as usize].level = 2;
    }
    let dear = Trader::loan_terms(&g, &s, 0, 200, NO_DEED).unwrap();
    assert!(
        dear.repayment() > cheap.repayment(),
        "dear rents ahead raise the price: {dear:?} {cheap:?}"
    );
}
