//! Payments tied to landing on one named space (issue 14): "pay me $30 each time you land
//! on my Coastline Rail, 5 times". Made, worded for each viewer, paid by the landing code
//! before anything the space asks, guaranteed or turned into arrears like every scheduled
//! payment, refused out of bounds or on a space the payee does not hold, typed in words and
//! replayed from a record.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Game, Presenter, Record};
use gameshelf_laissez_faire::contract::{Clause, Due, Entry};
use gameshelf_laissez_faire::present::{LaissezFairePresenter, item_text};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Refusal, Side, Spot, State, When};

mod common;

use common::*;

/// [`setup`] with Coastline Rail seat 1's.
fn table(players: usize) -> (LaissezFaire, State) {
    let (g, mut s) = setup(players);
    s.lots.0[RAIL as usize].owner = 1;
    (g, s)
}

/// "I pay you $30 each time I land on Coastline Rail, `times` times."
fn on_rail(times: u8) -> Action {
    Action::Pay(
        Side::Mine,
        When::LandsOn(Spot::new(RAIL, times).unwrap()),
        30,
    )
}

/// Seat 0 ends its window and rolls 2+3: it lands on Coastline Rail.
fn land_on_rail(g: &LaissezFaire, s: &mut State) {
    go(g, s);
    g.apply(s, Action::Roll(DicePair::new(2, 3))).unwrap();
    assert_eq!(s.players[0].pos, RAIL);
}

#[test]
fn a_landing_on_the_named_space_pays_before_anything_the_space_asks() {
    let (g, mut s) = setup(2);
    // Coastline Rail is the bank's: seat 2 cannot be paid for landings on it.
    g.apply(&mut s, Action::Draft(1)).unwrap();
    assert_eq!(
        g.deal_move(&s, on_rail(2)),
        Err(Refusal::NotTheirSpace {
            seat: 1,
            space: RAIL
        })
    );
    g.apply(&mut s, Action::Withdraw).unwrap();
    s.lots.0[RAIL as usize].owner = 1;
    agree(&g, &mut s, &[on_rail(2)]);
    let c = s.contracts.iter().next().copied().unwrap();
    assert_eq!(
        (c.clause, c.payer, c.payee, c.left, c.instalment),
        (Clause::Schedule(Due::EachLandingOn(RAIL)), 0, 1, 2, 30)
    );
    assert_eq!(
        g.describe_contract(&c),
        "#1 seat 1 pays seat 2 $30 at each landing on Coastline Rail (2 left)"
    );
    // The rounds pass and nothing is due.
    let mut later = s.clone();
    next_round(&g, &mut later);
    assert_eq!(later.players[1].cash, 1500);
    land_on_rail(&g, &mut s);
    // Paid at once, before the lander chooses where to ride.
    assert_eq!(s.phase, Phase::TransitChoice);
    assert_eq!((s.players[0].cash, s.players[1].cash), (1470, 1530));
    let c = s.contracts.iter().next().copied().unwrap();
    assert_eq!(c.left, 1);
    let last = s.ledger.recent().last().copied().unwrap();
    assert_eq!(
        (last.entry, last.from, last.to, last.amount),
        (Entry::Paid, 0, 1, 30)
    );
}

#[test]
fn a_missed_landing_payment_falls_on_its_guarantor_or_becomes_arrears() {
    // Seat 3 guarantees seat 1's payments on landing; seat 1 has $10 when it lands.
    let (g, mut s) = table(3);
    agree(&g, &mut s, &[on_rail(3), Action::Guarantee(0, 2, 5)]);
    s.players[0].cash = 10;
    let mut unguaranteed = s.clone();
    land_on_rail(&g, &mut s);
    assert_eq!(
        s.players.map(|p| p.cash)[..3],
        [10, 1530, 1475],
        "$5 fee, $30 paid"
    );
    let last = s.ledger.recent().last().copied().unwrap();
    assert_eq!((last.entry, last.from, last.to), (Entry::Guaranteed, 2, 1));
    // Without the guarantor's cash, the payment becomes seat 1's arrears, all or nothing.
    unguaranteed.players[2].cash = 0;
    land_on_rail(&g, &mut unguaranteed);
    assert_eq!(unguaranteed.players.map(|p| p.cash)[..3], [10, 1500, 0]);
    let c = unguaranteed.contracts.iter().next().copied().unwrap();
    assert_eq!((c.arrears, c.left), (30, 2));
}

#[test]
fn landings_on_a_space_are_bounded_worded_and_typed() {
    let (g, s) = table(3);
    // One byte holds the space and up to six landings.
    assert_eq!(Spot::MAX_TIMES, 6);
    assert!(Spot::new(RAIL, 7).is_none());
    assert!(Spot::new(RAIL, 0).is_none());
    assert!(Spot::new(40, 1).is_none());
    let spot = Spot::new(39, 6).unwrap();
    assert_eq!((spot.space(), spot.times()), (39, 6));
    // Every viewer reads it in his own terms.
    let mut open = s.clone();
    g.apply(&mut open, Action::Draft(1)).unwrap();
    g.apply(&mut open, on_rail(5)).unwrap();
    let item = *open.deal.unwrap().package.get(0).unwrap();
    for (viewer, words) in [
        (
            Some(0),
            "you pay seat 2 $30 at each landing on Coastline Rail, 5 times",
        ),
        (
            Some(1),
            "seat 1 pays you $30 at each landing on Coastline Rail, 5 times",
        ),
        (
            None,
            "seat 1 pays seat 2 $30 at each landing on Coastline Rail, 5 times",
        ),
    ] {
        assert_eq!(item_text(&g, &open, &item, viewer), words);
    }
    // The list offers one on each deed the payee holds.
    let listed = legal(&g, &open);
    for d in [TRAM, RAIL] {
        let on_deed = When::LandsOn(Spot::new(d, 4).unwrap());
        assert!(listed.contains(&Action::Pay(Side::Mine, on_deed, 20)));
    }
    let on_tile = When::LandsOn(Spot::new(TILE, 4).unwrap());
    assert!(!listed.contains(&Action::Pay(Side::Mine, on_tile, 20)));
    assert_eq!(
        g.deal_move(&open, Action::Pay(Side::Mine, on_tile, 20)),
        Err(Refusal::NotTheirSpace {
            seat: 1,
            space: TILE
        })
    );
    // Typed: "N times", at most six.
    let typed = |words| LaissezFairePresenter.scheduled(&g, &open, on_rail(5), words);
    assert_eq!(typed("2 times"), Ok(on_rail(2)));
    assert_eq!(
        typed("7 times").unwrap_err(),
        "a payment on landings on one space recurs 1 to 6 times, not 7"
    );
    assert_eq!(
        LaissezFairePresenter
            .schedule_prompt(&g, &open, on_rail(5))
            .as_deref(),
        Some("a schedule: N times (N from 1 to 6)")
    );
    // A record naming a space the board lacks loads, but the notary refuses it.
    let mut r = Record::new(&g);
    r.actions = vec![Action::Pay(Side::Mine, When::LandsOn(spot), 30)];
    let json = r.to_json().replace("239", "250");
    let back = Record::<Action>::from_json(&json).unwrap();
    let bad = back.actions[0];
    assert_ne!(bad, r.actions[0]);
    let mut drafting = s.clone();
    g.apply(&mut drafting, Action::Draft(1)).unwrap();
    assert_eq!(g.deal_move(&drafting, bad), Err(Refusal::NoSpace(41)));
    assert!(g.apply(&mut drafting.clone(), bad).is_err());
}

#[test]
fn records_with_landing_payments_replay_exactly() {
    let (g, _) = setup(2);
    // Seat 1 buys Coastline Rail, then seat 2 offers to pay him at each landing on it.
    let mut game = Recorded::rail_bought(&g);
    let on_my_rail = Action::Pay(Side::Mine, When::LandsOn(Spot::new(RAIL, 2).unwrap()), 30);
    game.play_all([Action::Draft(0), on_my_rail]);
    game.play_all([Action::Send, Action::Accept, Action::Go]);
    game.pass_others();
    game.play(Action::Roll(DicePair::new(2, 3)));
    assert_eq!(game.state.players[1].pos, RAIL);
    assert_eq!(game.state.players[1].cash, 1470);
    game.replays();
}
