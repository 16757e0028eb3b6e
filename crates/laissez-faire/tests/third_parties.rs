//! Third parties in a package (ruling B-05: "third parties join only as payers or
//! guarantors"): a player who is neither the author nor the answerer pays a payment for one
//! of them, or guarantees a payment on a schedule or a loan's repayments; the package waits
//! for his consent after the answerer accepts, and executes only then, atomically.

use gameshelf_engine::{Actor, Bot, Game, Presenter, Rng, SeatView};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::contract::{Entry, NO_DEED};
use gameshelf_laissez_faire::present::{LaissezFairePresenter, offer_lines};
use gameshelf_laissez_faire::{Action, Cadence, LaissezFaire, Phase, Refusal, Side, State, When};

mod common;

use common::*;

/// Every round, `times` times.
fn rounds(times: u8) -> When {
    When::Rounds(Cadence::new(1, times).unwrap())
}

/// "I buy your Tram Lane for $100, which seat 3 pays": seat 2 (index 2) pays the payment.
const SPONSORED: [Action; 3] = [
    Action::Deed(TRAM),
    Action::Pay(Side::Mine, When::Now, 100),
    Action::Payer(1, 2),
];

#[test]
fn a_third_party_payer_pays_at_his_consent_and_not_before() {
    let (g, mut s) = setup(3);
    answered(&g, &mut s, &SPONSORED);
    // The answerer's acceptance moves nothing: the payer has the floor.
    assert_eq!(s.phase, Phase::Deal);
    assert!(s.deal.unwrap().consent);
    assert_eq!(g.actor(&s), Actor::Player(2));
    assert_eq!(legal(&g, &s), [Action::Accept, Action::Refuse]);
    assert_eq!(s.lots.0[TRAM as usize].owner, 1);
    assert_eq!(s.players.map(|p| p.cash)[..3], [1500, 1500, 1500]);
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(s.lots.0[TRAM as usize].owner, 0);
    assert_eq!(s.players.map(|p| p.cash)[..3], [1500, 1600, 1400]);
    assert_eq!(s.ledger.made, 1);
}

#[test]
fn a_payer_may_pay_a_stated_part_of_the_price() {
    // Seat 1 pays $60 of the $100 and seat 3 the other $40: two payments, one of them his.
    let (g, mut s) = setup(3);
    answered(
        &g,
        &mut s,
        &[
            Action::Deed(TRAM),
            Action::Pay(Side::Mine, When::Now, 60),
            Action::Pay(Side::Mine, When::Now, 40),
            Action::Payer(2, 2),
        ],
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players.map(|p| p.cash)[..3], [1440, 1600, 1460]);
}

#[test]
fn a_third_partys_refusal_changes_nothing() {
    let (g, mut s) = setup(3);
    let before = s.clone();
    answered(&g, &mut s, &SPONSORED);
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert!(s.deal.is_none());
    assert_eq!(s.players, before.players);
    assert_eq!(s.lots, before.lots);
    assert_eq!(s.contracts, before.contracts);
    assert_eq!(s.ledger, before.ledger);
}

#[test]
fn the_notary_refuses_a_third_party_who_cannot_pay_when_it_executes() {
    let (g, mut s) = setup(3);
    answered(&g, &mut s, &SPONSORED);
    // Between the answer and the consent his cash is gone (a test's shortcut for a payment
    // made elsewhere): consenting is no longer legal, and executing moves nothing.
    s.players[2].cash = 99;
    let kept = s.clone();
    assert!(!g.is_legal(&s, Action::Accept));
    assert_eq!(
        g.deal_move(&s, Action::Accept),
        Err(Refusal::Cash {
            seat: 2,
            needed: 100,
            has: 99
        })
    );
    let package = s.deal.unwrap().package;
    let mut tried = s.clone();
    assert!(g.execute_package(&mut tried, 0, 1, &package).is_err());
    assert_eq!(tried, kept, "atomic: nothing moves");
    // He can only refuse, and the game goes on.
    assert_eq!(legal(&g, &s), [Action::Refuse]);
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(s.lots.0[TRAM as usize].owner, 1);
}

#[test]
fn a_guarantor_pays_a_missed_instalment_then_the_default_rules_apply() {
    let (g, mut s) = setup(3);
    // Seat 2 pays seat 1 $100 a round three times, guaranteed by seat 3 for a $30 fee.
    answered(
        &g,
        &mut s,
        &[
            Action::Pay(Side::Yours, rounds(3), 100),
            Action::Guarantee(0, 2, 30),
        ],
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players.map(|p| p.cash)[..3], [1500, 1470, 1530]);
    let c = *s.contracts.iter().next().unwrap();
    assert_eq!(c.guarantor, Some(2));
    // The debtor cannot pay: the guarantor does, and no arrears remain.
    s.players[1].cash = 50;
    next_round(&g, &mut s);
    assert_eq!(s.players.map(|p| p.cash)[..3], [1600, 50, 1430]);
    let line = s.ledger.recent().last().copied().unwrap();
    assert_eq!(
        (line.entry, line.from, line.to, line.amount),
        (Entry::Guaranteed, 2, 0, 100)
    );
    assert_eq!(s.contracts.iter().next().unwrap().arrears, 0);
    assert_eq!(s.ledger.defaults, 1, "the debtor missed it");
    // Neither can pay: the missed amount becomes the debtor's arrears, as without a
    // guarantee.
    s.players[2].cash = 10;
    next_round(&g, &mut s);
    assert_eq!(s.players.map(|p| p.cash)[..3], [1600, 50, 10]);
    assert_eq!(s.contracts.iter().next().unwrap().arrears, 100);
}

#[test]
fn a_guaranteed_loan_falls_on_the_guarantor_before_the_collateral() {
    let (g, mut s) = setup(3);
    // Seat 1 lends seat 2 $300 against Tram Lane, repaid $110 a round three times,
    // guaranteed by seat 3 for nothing.
    answered(
        &g,
        &mut s,
        &[
            Action::Lend(Side::Mine, TRAM, 300),
            Action::Repay(Cadence::new(1, 3).unwrap(), 110),
            Action::Guarantee(1, 2, 0),
        ],
    );
    g.apply(&mut s, Action::Accept).unwrap();
    s.players[1].cash = 0;
    next_round(&g, &mut s);
    assert_eq!(s.lots.0[TRAM as usize].owner, 1, "the collateral stays");
    assert_eq!(s.players[2].cash, 1390);
    // The guarantor out of cash too: the collateral settles the loan.
    s.players[2].cash = 0;
    next_round(&g, &mut s);
    assert_eq!(s.lots.0[TRAM as usize].owner, 0);
    assert!(s.contracts.iter().next().is_none());
}

#[test]
fn the_notary_names_what_a_third_party_may_not_do() {
    let (g, mut s) = setup(4);
    s.lots.0[RAIL as usize].owner = 3;
    let refused = |clauses: &[Action], last: Action| {
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
    let pay = Action::Pay(Side::Mine, When::Now, 50);
    let schedule = Action::Pay(Side::Mine, rounds(2), 50);
    assert_eq!(refused(&[pay], Action::Payer(0, 1)), Refusal::NotThird(1));
    assert_eq!(
        refused(&[Action::Deed(TRAM)], Action::Payer(0, 2)),
        Refusal::NotAPayment(0)
    );
    assert_eq!(
        refused(&[pay], Action::Guarantee(0, 2, 0)),
        Refusal::NotGuaranteeable(0)
    );
    assert_eq!(
        refused(&[schedule, Action::Payer(0, 2)], Action::Guarantee(0, 2, 0)),
        Refusal::Parties(0),
        "nobody guarantees his own payments"
    );
    assert_eq!(
        refused(&[pay, Action::Payer(0, 2)], Action::Payee(0, 3)),
        Refusal::Parties(0),
        "no payment between two third parties"
    );
    assert_eq!(
        refused(&[Action::Deed(RAIL)], Action::Payee(0, 2)),
        Refusal::Parties(0),
        "a deed never goes between two third parties"
    );
    assert_eq!(refused(&[pay], Action::Payer(0, 9)), Refusal::NotThird(9));
    // The list offers only moves the notary accepts.
    let mut d = s.clone();
    g.apply(&mut d, Action::Draft(1)).unwrap();
    g.apply(&mut d, schedule).unwrap();
    let thirds: Vec<Action> = legal(&g, &d)
        .into_iter()
        .filter(|a| matches!(a, Action::Payer(..) | Action::Guarantee(..)))
        .collect();
    assert_eq!(
        thirds,
        [
            Action::Payer(0, 2),
            Action::Payer(0, 3),
            Action::Guarantee(0, 2, 0),
            Action::Guarantee(0, 2, 10),
            Action::Guarantee(0, 3, 0),
            Action::Guarantee(0, 3, 10),
        ]
    );
}

#[test]
fn every_party_reads_the_third_party_and_his_effect_in_his_own_words() {
    let (g, mut s) = setup(3);
    answered(
        &g,
        &mut s,
        &[
            Action::Pay(Side::Yours, rounds(3), 100),
            Action::Guarantee(0, 2, 30),
            Action::Pay(Side::Mine, When::Now, 20),
            Action::Payer(1, 2),
        ],
    );
    let mine = offer_lines(&g, &s, Some(2));
    assert_eq!(
        mine[..5],
        [
            "seat 1 and seat 2 agreed to this offer, which names you: it executes only if you \
             consent"
                .to_owned(),
            "  1. seat 2 pays seat 1 $100 every round, 3 times, guaranteed by you (you pay what \
             seat 2 misses at a due date, for a fee of $30 seat 2 pays now)"
                .to_owned(),
            "  2. you pay seat 2 $20 now".to_owned(),
            "  third party: you, who must consent after seat 2 accepts".to_owned(),
            "  you give: a guarantee of clause 1, $20 now (clause 2); you get: a guarantee's \
             fee of $30 (clause 1)"
                .to_owned(),
        ]
    );
    // The effect on all three, the third party's last.
    assert!(mine[7].starts_with("if accepted: your net worth goes from $1500 to $1510 (+$10)"));
    let theirs = offer_lines(&g, &s, Some(1));
    assert!(theirs[1].contains("guaranteed by seat 3 (seat 3 pays what you miss"));
    // Refusing is the highlighted choice; the moves are worded for the one who makes them.
    let p = LaissezFairePresenter;
    let choices = legal(&g, &s);
    assert_eq!(choices[p.safe_choice(&g, &s, &choices)], Action::Refuse);
    assert_eq!(
        p.describe_move(&g, &s, Action::Refuse, Some(2)),
        "seat 3: refuse to join the package of seat 1 and seat 2 (it lapses, nothing changes)"
    );
    assert!(
        p.describe_move(&g, &s, Action::Accept, Some(0))
            .starts_with("seat 3: consent to the package you and seat 2 agreed: ")
    );
}

#[test]
fn drafting_a_third_party_is_worded_and_folded_in_the_builder() {
    let (g, mut s) = setup(3);
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Pay(Side::Mine, rounds(2), 50))
        .unwrap();
    let p = LaissezFairePresenter;
    assert_eq!(
        p.describe_move(&g, &s, Action::Payer(0, 2), Some(0)),
        "seat 1: add a third party to clause 1: seat 3 pays seat 2 $50 every round, 2 times"
    );
    assert_eq!(
        p.choice_group(&g, &s, Action::Guarantee(0, 2, 10))
            .as_deref(),
        Some("add a third party (to pay or lend, to receive or borrow, or to guarantee)")
    );
    // The fee is typed like any sum.
    assert_eq!(g.amount(Action::Guarantee(0, 2, 10)), Some(10));
    assert_eq!(
        g.with_amount(Action::Guarantee(0, 2, 10), 75),
        Some(Action::Guarantee(0, 2, 75))
    );
    assert!(g.is_legal(&s, Action::Guarantee(0, 2, 75)));
}

/// What a trader plays for the seat to move.
fn choice(g: &LaissezFaire, s: &State) -> Action {
    let Actor::Player(seat) = g.actor(s) else {
        panic!("a player moves")
    };
    let a = Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::seed_from_u64(1));
    assert!(g.is_legal(s, a), "{a}");
    a
}

#[test]
fn a_trader_consents_only_when_it_gains() {
    let (g, s) = setup(3);
    let asked = |clauses: &[Action]| {
        let mut s = s.clone();
        answered(&g, &mut s, clauses);
        choice(&g, &s)
    };
    // Paying for another gains it nothing.
    assert_eq!(asked(&SPONSORED), Action::Refuse);
    let schedule = Action::Pay(Side::Yours, rounds(4), 100);
    // A guarantee for nothing, or for less than the quarter it expects to cover: refused.
    assert_eq!(
        asked(&[schedule, Action::Guarantee(0, 2, 0)]),
        Action::Refuse
    );
    assert_eq!(
        asked(&[schedule, Action::Guarantee(0, 2, 100)]),
        Action::Refuse
    );
    // A fee above it: accepted.
    assert_eq!(
        asked(&[schedule, Action::Guarantee(0, 2, 101)]),
        Action::Accept
    );
}

#[test]
fn records_with_third_parties_replay_exactly() {
    let (g, _) = setup(3);
    let mut game = Recorded::new(&g);
    game.play(Action::First(0));
    game.play_all([
        Action::Draft(1),
        Action::Pay(Side::Mine, When::Now, 123),
        Action::Lend(Side::Yours, NO_DEED, 333),
        Action::Repay(Cadence::new(3, 4).unwrap(), 99),
        Action::Guarantee(2, 2, 17),
        Action::Send,
        Action::Amend,
        Action::Payer(0, 2),
        Action::Send,
        Action::Accept,
        Action::Accept,
    ]);
    let s = &game.state;
    assert_eq!(s.ledger.made, 1);
    assert_eq!(
        s.players.map(|p| p.cash)[..3],
        [1500 + 333 - 17, 1500 + 123 - 333, 1500 - 123 + 17]
    );
    assert_eq!(s.contracts.iter().next().unwrap().guarantor, Some(2));
    game.replays();
}

#[test]
fn the_designers_figures_count_consents_asked_and_given() {
    use gameshelf_engine::Tally;
    use gameshelf_laissez_faire::tally::LaissezFaireTally;
    let (g, start) = setup(3);
    let mut t = LaissezFaireTally::default();
    for consents in [true, false] {
        let mut s = start.clone();
        g.apply(&mut s, Action::Draft(1)).unwrap();
        for a in SPONSORED.into_iter().chain([
            Action::Send,
            Action::Accept,
            if consents {
                Action::Accept
            } else {
                Action::Refuse
            },
        ]) {
            t.record(&g, &s, a);
            g.apply(&mut s, a).unwrap();
        }
    }
    assert_eq!((t.consents_asked, t.consents_given), (2, 1));
    assert_eq!(t.packages_made, 1, "a package counts once, at the consent");
}
