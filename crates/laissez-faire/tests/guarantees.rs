//! Guaranteed loans: a trader short of its jail fee whom no lender would trust alone asks
//! for a loan at the safe price, guaranteed by a rich third party for a fee above the loss
//! he takes on. Each test builds the state by hand and plays the bots' own moves.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::contract::NO_DEED;
use gameshelf_laissez_faire::state::BANK;
use gameshelf_laissez_faire::{Action, Cadence, LaissezFaire, Phase, Side, State};

mod common;

use common::*;

/// Three players; seat 0 at its last jail chance with $20 against a $130 fee and no deed;
/// seat 1 with $1,500, seat 2 with `guarantor`'s cash.
fn jailed_without_deeds(guarantor: u32) -> (LaissezFaire, State) {
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = BANK;
    s.lots.0[TRAM as usize].owner = BANK;
    s.players[0].jailed = true;
    s.players[0].jail_turns = 3;
    s.players[0].jail_side = 1;
    s.players[0].cash = 20;
    s.players[1].cash = 1500;
    s.players[2].cash = guarantor;
    assert_eq!(g.jail_fee(&s, 0), 130);
    (g, s)
}

#[test]
fn a_borrower_nobody_trusts_alone_borrows_with_a_guarantor_and_gets_out() {
    let (g, mut s) = jailed_without_deeds(1000);
    // Alone, with nothing besides, he would default one time in two: no price pays.
    assert_eq!(Trader::loan_terms(&g, &s, 0, 110, NO_DEED), None);
    assert_eq!(heuristic(&g, &s, 0), Action::Draft(1));
    g.apply(&mut s, Action::Draft(1)).unwrap();
    let mut moves = Vec::new();
    while !s.deal.unwrap().sent {
        let a = heuristic(&g, &s, 0);
        g.apply(&mut s, a).unwrap();
        moves.push(a);
    }
    let [
        Action::Lend(Side::Yours, NO_DEED, principal),
        Action::Repay(cadence, instalment),
        Action::Guarantee(1, 2, fee),
        Action::Send,
    ] = moves[..]
    else {
        panic!("{moves:?}");
    };
    assert_eq!(cadence, Cadence::new(1, 5).unwrap());
    // The fee is borrowed with the gap, and the lender is paid the template's 10% and a
    // dollar: a guaranteed loan costs him nothing if the borrower defaults.
    assert_eq!(principal, 110 + fee);
    assert_eq!(
        instalment,
        ((principal * 110).div_ceil(100) + 1).div_ceil(5)
    );
    // The guarantor's fee is above half the repayments, the loss he takes on from a
    // borrower with nothing else (who defaults one time in two).
    assert!(fee > instalment * 5 / 2, "{fee} {instalment}");
    for lender in [heuristic, bargainer] {
        assert_eq!(lender(&g, &s, 1), Action::Accept, "safe at its price");
    }
    g.apply(&mut s, Action::Accept).unwrap();
    assert!(s.deal.unwrap().consent, "the guarantor is asked");
    for guarantor in [heuristic, bargainer] {
        assert_eq!(
            guarantor(&g, &s, 2),
            Action::Accept,
            "the fee covers the loss"
        );
    }
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[0].cash, 130, "the fee is covered");
    assert_eq!(s.players[2].cash, 1000 + fee);
    go(&g, &mut s);
    assert_eq!(s.phase, Phase::JailFee);
    assert_eq!(heuristic(&g, &s, 0), Action::PayFee);
}

#[test]
fn without_a_third_party_who_could_pay_it_all_nobody_is_asked_to_guarantee() {
    // Seat 2 could not pay the repayments and keep his reserve: no guarantor, and no loan
    // a lender would make alone, so the trader has nothing to ask.
    let (g, s) = jailed_without_deeds(300);
    assert_eq!(heuristic(&g, &s, 0), Action::Go);
}

#[test]
fn a_guarantor_refuses_a_fee_under_the_loss_it_would_take_on() {
    let (g, mut s) = jailed_without_deeds(1000);
    // The safe price for $250, guaranteed for $100: a borrower with next to nothing
    // besides defaults about one time in two, so the guarantor expects to pay more than
    // $100 of the $280 of repayments.
    for a in [
        Action::Draft(1),
        Action::Lend(Side::Yours, NO_DEED, 250),
        Action::Repay(Cadence::new(1, 5).unwrap(), 56),
        Action::Guarantee(1, 2, 100),
        Action::Send,
    ] {
        g.apply(&mut s, a).unwrap();
    }
    assert_eq!(heuristic(&g, &s, 1), Action::Accept, "safe for the lender");
    g.apply(&mut s, Action::Accept).unwrap();
    assert!(s.deal.unwrap().consent);
    for guarantor in [heuristic, bargainer] {
        assert_eq!(guarantor(&g, &s, 2), Action::Refuse);
    }
}
