//! Escaping elimination: a trader short of its jail fee sells deeds in one package to a
//! player who can pay, and a buyer refuses a rescue that would ruin him. Each test builds
//! the state by hand and plays the bots' own moves.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::state::{BANK, Status};
use gameshelf_laissez_faire::{Action, Cadence, LaissezFaire, Phase, Side, State, When};

mod common;

use common::*;

/// Seat 0 drafts and sends the package of its rescue plan; the moves it made.
fn draft_rescue(g: &LaissezFaire, s: &mut State) -> Vec<Action> {
    let open = heuristic(g, s, 0);
    assert_eq!(open, Action::Draft(1), "the rescue opens a deal");
    g.apply(s, open).unwrap();
    let mut moves = Vec::new();
    while s.phase == Phase::Deal && !s.deal.unwrap().sent {
        let a = heuristic(g, s, 0);
        g.apply(s, a).unwrap();
        moves.push(a);
    }
    moves
}

#[test]
fn a_trader_short_of_its_last_jail_fee_sells_two_deeds_in_one_package_and_walks_out() {
    let (g, mut s) = at_last_jail_chance(1500);
    // A $110 gap: no deed covers it alone, Market Lane and Quay Street together do (their
    // $120 worth to the buyer, less a dollar).
    let moves = draft_rescue(&g, &mut s);
    assert_eq!(
        moves,
        [
            Action::Deed(MARKET),
            Action::Deed(QUAY),
            Action::Pay(Side::Yours, When::Now, 119),
            Action::Send,
        ]
    );
    assert_eq!(
        bargainer(&g, &s, 1),
        Action::Refuse,
        "the bargainer bails no rival out"
    );
    let answer = heuristic(&g, &s, 1);
    assert_eq!(answer, Action::Accept, "the buyer gains a dollar of worth");
    g.apply(&mut s, answer).unwrap();
    assert_eq!(s.lots.0[MARKET as usize].owner, 1);
    assert_eq!(s.lots.0[QUAY as usize].owner, 1);
    assert_eq!(
        s.lots.0[TILE as usize].owner, 0,
        "it keeps what it need not sell"
    );
    // The rest of the window, the other player's floor, then the fee.
    while matches!(s.phase, Phase::Manage | Phase::Floor) {
        let seat = match g.actor(&s) {
            gameshelf_engine::Actor::Player(p) => p,
            other => panic!("{other:?}"),
        };
        let a = heuristic(&g, &s, seat);
        g.apply(&mut s, a).unwrap();
    }
    assert_eq!(s.phase, Phase::JailFee);
    assert!(legal(&g, &s).contains(&Action::PayFee));
    assert_eq!(heuristic(&g, &s, 0), Action::PayFee);
    g.apply(&mut s, Action::PayFee).unwrap();
    assert_eq!(s.players[0].status, Status::Playing);
    assert!(!s.players[0].jailed);
    assert_eq!(s.players[0].cash, 20 + 119 - 130);
}

#[test]
fn a_buyer_refuses_a_rescue_that_would_leave_him_under_half_his_reserve() {
    // The same package offered to a buyer with $200 ($81 left) and with $219 ($100 left,
    // half the $200 reserve).
    let answer = |buyer_cash: u32| {
        let (g, mut s) = at_last_jail_chance(buyer_cash);
        g.apply(&mut s, Action::Draft(1)).unwrap();
        for a in [
            Action::Deed(MARKET),
            Action::Deed(QUAY),
            Action::Pay(Side::Yours, When::Now, 119),
            Action::Send,
        ] {
            g.apply(&mut s, a).unwrap();
        }
        heuristic(&g, &s, 1)
    };
    assert_eq!(answer(200), Action::Refuse);
    assert_eq!(answer(219), Action::Accept);
}

#[test]
fn a_trader_does_not_offer_a_rescue_nobody_can_pay_for() {
    // Seat 1 can spend $50 above half his reserve: not the $110 gap, and nobody else can
    // pay the rest, so no package; the single-deed offer it falls back on asks $49.
    let (g, s) = at_last_jail_chance(150);
    assert_eq!(heuristic(&g, &s, 0), Action::Offer(1, QUAY, 49));
}

#[test]
fn a_trader_going_under_sells_its_pledged_deed_to_its_own_lender() {
    let (g, mut s) = at_last_jail_chance(1500);
    s.lots.0[TILE as usize].owner = BANK;
    s.lots.0[QUAY as usize].owner = BANK;
    // Seat 1 lent seat 0 $50 against Market Lane, its only deed, in a package.
    s.current = 1;
    for a in [
        Action::Draft(0),
        Action::Lend(Side::Mine, MARKET, 50),
        Action::Repay(Cadence::new(1, 5).unwrap(), 11),
        Action::Send,
    ] {
        g.apply(&mut s, a).unwrap();
    }
    g.apply(&mut s, Action::Accept).unwrap();
    assert!(s.contracts.pledged(MARKET));
    s.current = 0;
    s.offers = 0;
    // $80 against the $130 fee: Market Lane ($70 worth) covers the gap alone.
    s.players[0].cash = 80;
    // Nobody else may take a pledged deed, but its lender may: the pledge binds nothing he
    // does not hold, and the deed would go to the bank if seat 0 went out.
    let moves = draft_rescue(&g, &mut s);
    assert_eq!(moves[0], Action::Deed(MARKET));
    assert_eq!(heuristic(&g, &s, 1), Action::Accept);
}
