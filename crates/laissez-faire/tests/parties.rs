//! Several third parties in one package (issue 14): besides its author and its answerer, a
//! package may name any of the other players still in the game, each as a payer, a payee,
//! the giver of a deed or a guarantor. They consent one after another in seat order after
//! the answerer accepts; the last consent executes the package atomically, and any refusal
//! lapses it with nothing changed. The notary checks every one of them (cash, deeds, the
//! ban on gifts while jailed) at sending and at each consent.

use gameshelf_engine::{Actor, Game};
use gameshelf_laissez_faire::present::{effect, offer_lines};
use gameshelf_laissez_faire::state::BANK;
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Refusal, Side, State, When};

mod common;

use common::*;

/// "You give me Tram Lane for $100, which seat 3 pays; seat 4 gives me Coastline Rail and I
/// pay him $50": two third parties, a payer and a payee who gives a deed.
const CROWDED: [Action; 6] = [
    Action::Deed(TRAM),
    Action::Pay(Side::Mine, When::Now, 100),
    Action::Payer(1, 2),
    Action::Deed(RAIL),
    Action::Pay(Side::Mine, When::Now, 50),
    Action::Payee(3, 3),
];

/// Four players; seat 3 holds Coastline Rail.
fn table() -> (LaissezFaire, State) {
    let (g, mut s) = setup(4);
    s.lots.0[RAIL as usize].owner = 3;
    (g, s)
}

fn cash(s: &State) -> [u32; 4] {
    [0, 1, 2, 3].map(|i| s.players[i].cash)
}

#[test]
fn third_parties_consent_in_seat_order_and_the_last_consent_executes() {
    let (g, mut s) = table();
    answered(&g, &mut s, &CROWDED);
    let deal = s.deal.unwrap();
    assert_eq!(deal.thirds(), 0b1100);
    // Seat 3 first, then seat 4; nothing moves until the last.
    assert_eq!(g.actor(&s), Actor::Player(2));
    assert_eq!(legal(&g, &s), [Action::Accept, Action::Refuse]);
    let first = offer_lines(&g, &s, Some(2)).join("\n");
    assert!(
        first.contains("only if you consent, and so does every third party after you"),
        "{first}"
    );
    assert!(first.contains("you pay seat 2 $100 now"), "{first}");
    let spectator = offer_lines(&g, &s, None).join("\n");
    assert!(
        spectator.contains("it waits for seat 3's consent"),
        "{spectator}"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.phase, Phase::Deal);
    assert_eq!(g.actor(&s), Actor::Player(3));
    assert_eq!(cash(&s), [1500; 4]);
    assert_eq!(s.lots.0[RAIL as usize].owner, 3);
    let lines = offer_lines(&g, &s, Some(3)).join("\n");
    assert!(
        lines.contains("which names you: it executes only if you consent"),
        "{lines}"
    );
    assert!(
        lines.contains(
            "third parties: seat 3 (consented), you, who must each consent, in that order"
        ),
        "{lines}"
    );
    assert!(lines.contains("you give seat 1 Coastline Rail"), "{lines}");
    assert!(lines.contains("seat 1 pays you $50 now"), "{lines}");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(cash(&s), [1450, 1600, 1400, 1550]);
    assert_eq!(s.lots.0[TRAM as usize].owner, 0);
    assert_eq!(s.lots.0[RAIL as usize].owner, 0);
    assert_eq!(s.ledger.made, 1);
}

#[test]
fn any_third_partys_refusal_lapses_the_package_with_nothing_changed() {
    let (g, mut s) = table();
    let before = s.clone();
    answered(&g, &mut s, &CROWDED);
    g.apply(&mut s, Action::Accept).unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(s.players, before.players);
    assert_eq!(s.lots, before.lots);
    assert_eq!(s.contracts, before.contracts);
    assert_eq!(s.ledger, before.ledger);
}

#[test]
fn every_third_partys_cash_and_deeds_are_checked_at_sending_and_at_each_consent() {
    let (g, s) = table();
    // At sending: seat 3 cannot pay what he would pay.
    let mut poor = s.clone();
    g.apply(&mut poor, Action::Draft(1)).unwrap();
    for c in CROWDED {
        g.apply(&mut poor, c).unwrap();
    }
    poor.players[2].cash = 10;
    assert_eq!(
        g.deal_move(&poor, Action::Send),
        Err(Refusal::Cash {
            seat: 2,
            needed: 100,
            has: 10
        })
    );
    // At a consent: seat 4 no longer holds his deed, then seat 3 no longer has the cash.
    let mut s = s.clone();
    answered(&g, &mut s, &CROWDED);
    s.lots.0[RAIL as usize].owner = BANK;
    assert_eq!(g.deal_move(&s, Action::Accept), Err(Refusal::NotHeld(RAIL)));
    let kept = s.clone();
    assert!(g.apply(&mut s, Action::Accept).is_err());
    assert_eq!(s, kept, "a refused consent changes nothing");
    s.lots.0[RAIL as usize].owner = 3;
    // Every party's change is shown, the third parties' too, in seat order.
    let changes = effect(&g, &s, &s.deal.unwrap()).unwrap();
    let seats: Vec<u8> = changes.iter().map(|c| c.seat).collect();
    assert_eq!(seats, [0, 1, 2, 3]);
    g.apply(&mut s, Action::Accept).unwrap();
    s.players[2].cash = 99;
    assert!(matches!(
        g.deal_move(&s, Action::Accept),
        Err(Refusal::Cash { seat: 2, .. })
    ));
}

#[test]
fn a_jailed_third_party_may_not_give_his_deed_away() {
    let g = game("laissez-faire(players=3,no_gifts_while_jailed=true)");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[RAIL as usize].owner = 2;
    s.players[2].jailed = true;
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Deed(RAIL)).unwrap();
    assert_eq!(
        g.deal_move(&s, Action::Send),
        Err(Refusal::Gift {
            seat: 2,
            deed: RAIL
        })
    );
    // Paid for it at once, he may.
    g.apply(&mut s, Action::Pay(Side::Mine, When::Now, 40))
        .unwrap();
    g.apply(&mut s, Action::Payee(1, 2)).unwrap();
    assert_eq!(g.deal_move(&s, Action::Send), Ok(()));
    // The deed may go to the answerer instead of the drafter (and back): the list offers
    // the party it does not go to yet.
    assert!(legal(&g, &s).contains(&Action::Payee(0, 1)));
    assert!(!legal(&g, &s).contains(&Action::Payee(0, 0)));
    g.apply(&mut s, Action::Payee(0, 1)).unwrap();
    assert!(legal(&g, &s).contains(&Action::Payee(0, 0)));
    assert_eq!(
        g.deal_move(&s, Action::Payee(0, 1)),
        Err(Refusal::NotThird(1)),
        "no change"
    );
    g.apply(&mut s, Action::Send).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[RAIL as usize].owner, 1);
    assert_eq!([0, 1, 2].map(|i| s.players[i].cash), [1460, 1500, 1540]);
}
