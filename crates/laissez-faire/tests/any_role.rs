//! A third party in any role (issue 14): besides paying, being paid, giving a deed and
//! guaranteeing, a player who is neither the author nor the answerer of a package may
//! receive a deed from one of the two, grant one of them a right on his own deed, and lend
//! to or borrow from one of them. Each clause keeps one of the two parties at one end; the
//! notary checks the third party's cash, deeds, pledges and jail as a party's; the package
//! waits for his consent and executes atomically; the ledger, net worth and records follow.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::contract::{Clause, Entry, NO_DEED};
use gameshelf_laissez_faire::deal::REPRESENTATIVE;
use gameshelf_laissez_faire::present::offer_lines;
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Refusal, Right, Side, State, When};

mod common;

use common::*;

/// Three players; seat 2 (the third party) holds Quay Street and Coastline Rail.
fn table() -> (LaissezFaire, State) {
    let (g, mut s) = setup(3);
    s.lots.0[QUAY as usize].owner = 2;
    s.lots.0[RAIL as usize].owner = 2;
    (g, s)
}

fn cash(s: &State) -> [u32; 3] {
    [0, 1, 2].map(|i| s.players[i].cash)
}

/// "I give seat 3 Tile Row; seat 3 pays me $80 for it, and I pay you $10 for your part".
const SOLD_TO_THIRD: [Action; 5] = [
    Action::Deed(TILE),
    Action::Payee(0, 2),
    Action::Pay(Side::Yours, When::Now, 80),
    Action::Payer(1, 2),
    Action::Pay(Side::Mine, When::Now, 10),
];

#[test]
fn a_third_party_receives_a_deed_at_his_consent() {
    let (g, mut s) = table();
    let worth = g.net_worths(&s);
    answered(&g, &mut s, &SOLD_TO_THIRD);
    assert_eq!(s.deal.unwrap().third(), Some(2));
    assert_eq!(
        s.lots.0[TILE as usize].owner, 0,
        "nothing moves before he consents"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(s.lots.0[TILE as usize].owner, 2);
    assert_eq!(cash(&s), [1570, 1510, 1420]);
    // Net worth counts the deed with him: Tile Row is worth $30.
    let after = g.net_worths(&s);
    assert_eq!(after[2] - worth[2], 30 - 80);
    assert_eq!(after[0] - worth[0], 80 - 10 - 30);
}

#[test]
fn a_third_party_grants_a_lodging_right_on_his_own_property() {
    let (g, mut s) = table();
    // Drafted, his right goes to the drafter; named, to the other party.
    agree(
        &g,
        &mut s,
        &[
            Action::Right(Right::LODGING, QUAY, 5),
            Action::Pay(Side::Mine, When::Now, 30),
            Action::Payee(1, 2),
        ],
    );
    assert_eq!(s.contracts.lodging_cap(0, QUAY), Some(5));
    let c = s.contracts.iter().next().unwrap();
    assert_eq!(
        (c.payer, c.payee),
        (0, 2),
        "the holder owes, the grantor is owed"
    );
    assert_eq!(cash(&s), [1470, 1500, 1530]);

    let (g, mut s) = table();
    agree(
        &g,
        &mut s,
        &[
            Action::Right(
                Right::service(gameshelf_laissez_faire::Span::Uses(3)),
                RAIL,
                10,
            ),
            Action::Payee(0, 1),
            Action::Pay(Side::Yours, When::Now, 20),
            Action::Payee(1, 2),
        ],
    );
    assert_eq!(s.contracts.service_price(1, RAIL, 25), Some(10));
    assert_eq!(s.contracts.service_price(0, RAIL, 25), None);
    assert_eq!(cash(&s), [1500, 1480, 1520]);
}

#[test]
fn a_third_party_lends_to_a_party_and_is_repaid_on_schedule() {
    let (g, mut s) = table();
    // The repayment drafted before or after naming him runs from the borrower to him.
    let lend = Action::Lend(Side::Mine, NO_DEED, 300);
    let repay = Action::Repay(REPRESENTATIVE, 70);
    for order in [
        [lend, Action::Payer(0, 2), repay],
        [lend, repay, Action::Payer(0, 2)],
    ] {
        let mut d = s.clone();
        answered(&g, &mut d, &order);
        let p = d.deal.unwrap().package;
        let repayment = p.repayment().unwrap();
        assert_eq!((repayment.from, repayment.to), (1, 2), "{order:?}");
    }
    let before = g.net_worths(&s);
    agree(&g, &mut s, &[lend, Action::Payer(0, 2), repay]);
    assert_eq!(cash(&s), [1500, 1800, 1200]);
    assert_eq!(s.ledger.lent, 300);
    let c = *s.contracts.iter().next().unwrap();
    assert!(matches!(c.clause, Clause::Loan { .. }));
    assert_eq!((c.payer, c.payee), (1, 2));
    // Net worth: the loan is owed to him, by seat 2.
    let after = g.net_worths(&s);
    let owed = i64::from(c.owed());
    assert_eq!(after[2] - before[2], owed - 300);
    assert_eq!(after[1] - before[1], 300 - owed);
    assert_eq!(after[0], before[0]);
    next_round(&g, &mut s);
    assert_eq!(cash(&s), [1500, 1730, 1270]);
    let paid = s.ledger.recent().last().copied().unwrap();
    assert_eq!((paid.entry, paid.from, paid.to), (Entry::Paid, 1, 2));
}

#[test]
fn a_third_party_borrows_against_his_deed_and_defaults_on_it() {
    let (g, mut s) = table();
    // Against his deed, the loan is made to him (and the answerer has $5 for his part).
    agree(
        &g,
        &mut s,
        &[
            Action::Lend(Side::Mine, QUAY, 200),
            Action::Repay(REPRESENTATIVE, 50),
            Action::Pay(Side::Mine, When::Now, 5),
        ],
    );
    assert_eq!(cash(&s), [1295, 1505, 1700]);
    assert!(s.contracts.pledged(QUAY));
    s.players[2].cash = 0;
    next_round(&g, &mut s);
    assert_eq!(
        s.lots.0[QUAY as usize].owner, 0,
        "the collateral goes to the lender"
    );
    assert!(s.contracts.iter().next().is_none());
}

#[test]
fn a_third_party_may_be_the_borrower_with_a_guarantor() {
    let (g, mut s) = setup(4);
    agree(
        &g,
        &mut s,
        &[
            Action::Lend(Side::Yours, NO_DEED, 200),
            Action::Payee(0, 2),
            Action::Repay(REPRESENTATIVE, 45),
            Action::Guarantee(1, 3, 10),
        ],
    );
    // Seat 2 lends seat 3, who pays seat 4 the guarantee's fee.
    assert_eq!(
        [0, 1, 2, 3].map(|i| s.players[i].cash),
        [1500, 1300, 1690, 1510]
    );
    let c = s.contracts.iter().next().unwrap();
    assert_eq!((c.payer, c.payee, c.guarantor), (2, 1, Some(3)));
    s.players[2].cash = 0;
    next_round(&g, &mut s);
    assert_eq!(
        s.players[3].cash,
        1510 - 45,
        "the guarantor pays the instalment"
    );
    assert_eq!(s.players[1].cash, 1345);
}

#[test]
fn the_notary_checks_the_third_party_in_each_new_role() {
    let (g, s) = table();
    let refused = |s: &State, clauses: &[Action], last: Action| {
        let mut s = s.clone();
        g.apply(&mut s, Action::Draft(1)).unwrap();
        for &c in clauses {
            g.apply(&mut s, c).unwrap_or_else(|e| panic!("{c}: {e}"));
        }
        let kept = s.clone();
        assert!(g.apply(&mut s, last).is_err());
        assert_eq!(s, kept, "a refused move changes nothing");
        g.deal_move(&s, last).unwrap_err()
    };
    // A deed never goes between two third parties.
    let (g4, mut s4) = setup(4);
    s4.lots.0[QUAY as usize].owner = 2;
    let mut d = s4.clone();
    g4.apply(&mut d, Action::Draft(1)).unwrap();
    g4.apply(&mut d, Action::Deed(QUAY)).unwrap();
    assert_eq!(
        g4.deal_move(&d, Action::Payee(0, 3)),
        Err(Refusal::Parties(0))
    );
    // A promise and the repayment take no third party; a right has no payer.
    let promise = Action::Promise(Side::Mine, 10);
    assert_eq!(
        refused(&s, &[promise], Action::Payee(0, 2)),
        Refusal::NotAPayment(0)
    );
    let right = Action::Right(Right::LODGING, TILE, 5);
    assert_eq!(
        refused(&s, &[right], Action::Payer(0, 2)),
        Refusal::NotAPayment(0)
    );
    let lend = Action::Lend(Side::Mine, NO_DEED, 300);
    let repay = Action::Repay(REPRESENTATIVE, 70);
    assert_eq!(
        refused(&s, &[lend, repay], Action::Payer(1, 2)),
        Refusal::NotAPayment(1)
    );
    // A third party who would lend more than he holds.
    let mut poor = s.clone();
    poor.players[2].cash = 100;
    assert_eq!(
        refused(&poor, &[lend], Action::Payer(0, 2)),
        Refusal::Cash {
            seat: 2,
            needed: 300,
            has: 100
        }
    );
    // His collateral pledged already, or not his once the deeds move.
    let mut pledged = s.clone();
    agree(
        &g,
        &mut pledged,
        &[
            Action::Lend(Side::Mine, QUAY, 100),
            Action::Repay(REPRESENTATIVE, 25),
        ],
    );
    assert_eq!(
        refused(&pledged, &[], Action::Lend(Side::Mine, QUAY, 100)),
        Refusal::Pledged(QUAY)
    );
    // A right on a deed he gives away in the package is granted by its new holder.
    let mut d = s.clone();
    g.apply(&mut d, Action::Draft(1)).unwrap();
    g.apply(&mut d, Action::Deed(QUAY)).unwrap();
    let item = g
        .draft_clause(&d, &d.deal.unwrap(), Action::Right(Right::LODGING, QUAY, 5))
        .unwrap();
    assert_eq!((item.from, item.to), (0, 1));
    // The list offers only moves the notary accepts, these among them.
    let mut d = s.clone();
    g.apply(&mut d, Action::Draft(1)).unwrap();
    let listed = legal(&g, &d);
    for a in [
        Action::Right(Right::LODGING, QUAY, 6),
        Action::Right(Right::OPTION, QUAY, 100),
        Action::Lend(Side::Mine, QUAY, 200),
        Action::Deed(RAIL),
    ] {
        assert!(listed.contains(&a), "{a}");
    }
    g.apply(&mut d, Action::Deed(TILE)).unwrap();
    g.apply(&mut d, lend).unwrap();
    let listed = legal(&g, &d);
    for a in [
        Action::Payee(0, 2),
        Action::Payer(1, 2),
        Action::Payee(1, 2),
    ] {
        assert!(listed.contains(&a), "{a}");
    }
}

#[test]
fn a_jailed_third_party_gives_nothing_away_in_his_new_roles() {
    let g = game("laissez-faire(players=3,no_gifts_while_jailed=true)");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[QUAY as usize].owner = 2;
    s.players[2].jailed = true;
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Right(Right::OPTION, QUAY, 0))
        .unwrap();
    assert_eq!(
        g.deal_move(&s, Action::Send),
        Err(Refusal::Gift {
            seat: 2,
            deed: QUAY
        })
    );
    // Paid for the option at once, he may grant it.
    g.apply(&mut s, Action::Pay(Side::Mine, When::Now, 40))
        .unwrap();
    g.apply(&mut s, Action::Payee(1, 2)).unwrap();
    assert_eq!(g.deal_move(&s, Action::Send), Ok(()));
}

#[test]
fn a_third_partys_refusal_or_lost_cash_executes_nothing() {
    let (g, s) = table();
    let clauses = [
        Action::Lend(Side::Mine, NO_DEED, 300),
        Action::Payer(0, 2),
        Action::Repay(REPRESENTATIVE, 70),
        Action::Deed(TILE),
        Action::Payee(2, 2),
    ];
    let mut refused = s.clone();
    answered(&g, &mut refused, &clauses);
    g.apply(&mut refused, Action::Refuse).unwrap();
    assert_eq!(refused.players, s.players);
    assert_eq!(refused.lots, s.lots);
    assert_eq!(refused.contracts, s.contracts);
    // His cash gone before he consents: his consent is refused and nothing moves.
    let mut spent = s.clone();
    answered(&g, &mut spent, &clauses);
    spent.players[2].cash = 10;
    let before = spent.clone();
    assert!(g.apply(&mut spent, Action::Accept).is_err());
    assert_eq!(spent, before);
}

#[test]
fn every_viewer_reads_the_new_roles_in_his_own_words() {
    let (g, mut s) = table();
    answered(
        &g,
        &mut s,
        &[
            Action::Lend(Side::Mine, NO_DEED, 300),
            Action::Payer(0, 2),
            Action::Repay(REPRESENTATIVE, 70),
            Action::Right(Right::LODGING, QUAY, 5),
        ],
    );
    let third = offer_lines(&g, &s, Some(2)).join("\n");
    for expected in [
        "1. you lend seat 2 $300 now without collateral",
        "2. seat 2 repays you $70 every round, 5 times",
        "3. you grant seat 1 a lodging right at Quay Street",
        "  you give: a loan of $300 now (clause 1), a lodging right at Quay Street for 10 \
         rounds at a rent of at most $5 (clause 3); you get: $70 every round, 5 times \
         (clause 2)",
    ] {
        assert!(third.contains(expected), "missing {expected:?} in\n{third}");
    }
    let author = offer_lines(&g, &s, Some(0)).join("\n");
    assert!(
        author.contains("1. seat 3 lends seat 2 $300 now"),
        "{author}"
    );
    assert!(
        author.contains("3. seat 3 grants you a lodging right"),
        "{author}"
    );
}

#[test]
fn records_with_third_parties_in_new_roles_replay_exactly() {
    let (g, _) = setup(3);
    let mut game = Recorded::new(&g);
    game.play(Action::First(0));
    // Seat 0 pays seat 3 $120, whom seat 3 lends $200 for seat 2's part.
    game.play_all([
        Action::Draft(1),
        Action::Pay(Side::Mine, When::Now, 120),
        Action::Payee(0, 2),
        Action::Lend(Side::Yours, NO_DEED, 200),
        Action::Payer(1, 2),
        Action::Repay(REPRESENTATIVE, 44),
        Action::Send,
        Action::Accept,
        Action::Accept,
    ]);
    assert_eq!(game.state.ledger.made, 1);
    game.replays();
}
