//! Loans to a player short of rent: before his roll, a trader whose roll is likely to take
//! it where it can pay for no room borrows what it lacks, and the others offer him that
//! loan on the open floor. Each test builds the state by hand and plays the bots' own moves.

use gameshelf_engine::Game;
use gameshelf_engine::dice::DicePair;
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::state::BANK;
use gameshelf_laissez_faire::{Action, Cadence, LaissezFaire, Phase, Side, State};

mod common;

use common::*;

/// Kamo Water Co., Kyoto: a roll from here ends in Sydney (the bank's rooms from $52, the
/// bank holding the whole city) or Melbourne (from $70) 28 times in 36.
const KAMO: u8 = 28;

/// Two players, seat 0 in its window on [`KAMO`] with $10, holding Quay Street ($50 in net
/// worth) and Market Lane ($70); seat 1 with $1,500 and no deed.
fn short_of_rent() -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    s.lots.0[TILE as usize].owner = BANK;
    s.lots.0[TRAM as usize].owner = BANK;
    s.lots.0[QUAY as usize].owner = 0;
    s.lots.0[MARKET as usize].owner = 0;
    s.players[0].pos = KAMO;
    s.players[0].cash = 10;
    s.players[1].cash = 1500;
    (g, s)
}

/// The loan of the $60 seat 0 lacks of Melbourne's cheapest room (the bank's, $70 with
/// the bank's monopoly), pledging Market Lane (the least worth that makes the loan safe),
/// at the lender's price, drafted by `lender`.
fn expected(g: &LaissezFaire, s: &State, lender: Side) -> [Action; 3] {
    let terms = Trader::loan_terms(g, s, 0, 60, MARKET).unwrap();
    assert_eq!(
        terms.repayment(),
        70,
        "the template's 10%, a dollar and the rounding"
    );
    [
        Action::Lend(lender, MARKET, 60),
        Action::Repay(Cadence::new(1, 5).unwrap(), terms.instalment),
        Action::Send,
    ]
}

/// The moves `bot` plays for `seat` until the deal it drafts is sent.
fn drafted(
    g: &LaissezFaire,
    s: &mut State,
    seat: usize,
    bot: fn(&LaissezFaire, &State, usize) -> Action,
) -> Vec<Action> {
    let mut moves = Vec::new();
    while !s.deal.unwrap().sent {
        let a = bot(g, s, seat);
        g.apply(s, a).unwrap();
        moves.push(a);
    }
    moves
}

#[test]
fn a_trader_likely_to_land_where_it_cannot_pay_borrows_the_rent_before_its_roll() {
    let (g, mut s) = short_of_rent();
    // The bargainer: the heuristic would first sell deeds to keep its jail reserve.
    assert_eq!(bargainer(&g, &s, 0), Action::Draft(1));
    g.apply(&mut s, Action::Draft(1)).unwrap();
    let moves = drafted(&g, &mut s, 0, bargainer);
    assert_eq!(moves, expected(&g, &s, Side::Yours));
    assert_eq!(heuristic(&g, &s, 1), Action::Accept);
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[0].cash, 70, "Melbourne's cheapest room");
}

#[test]
fn a_lender_offers_the_rent_to_the_player_about_to_roll_on_the_floor() {
    for lender in [heuristic, bargainer] {
        let (g, mut s) = short_of_rent();
        // Seat 0 (a person, say) closes its window; seat 1 has the floor before the roll.
        g.apply(&mut s, Action::Go).unwrap();
        assert_eq!(s.phase, Phase::Floor);
        assert_eq!(lender(&g, &s, 1), Action::Draft(0));
        g.apply(&mut s, Action::Draft(0)).unwrap();
        let moves = drafted(&g, &mut s, 1, lender);
        assert_eq!(moves, expected(&g, &s, Side::Mine));
        assert_eq!(
            bargainer(&g, &s, 0),
            Action::Accept,
            "better than the bench"
        );
    }
}

#[test]
fn nobody_lends_the_rent_to_a_player_who_can_pay_where_he_is_likely_to_land() {
    let (g, mut s) = short_of_rent();
    // From Start a roll ends in Lisbon or Porto, whose bank rooms cost $2 to $8.
    s.players[0].pos = 0;
    assert_eq!(bargainer(&g, &s, 0), Action::Go);
    g.apply(&mut s, Action::Go).unwrap();
    assert_eq!(heuristic(&g, &s, 1), Action::Pass);
    // After his roll the loan would come too late: the floor after the landing passes.
    let (g, mut s) = short_of_rent();
    g.apply(&mut s, Action::Go).unwrap();
    s.roll = Some(DicePair::new(3, 4));
    s.floor_late = true;
    assert_eq!(heuristic(&g, &s, 1), Action::Pass);
}
