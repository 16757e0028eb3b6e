//! Rights that last a number of uses, or far more rounds than before (issue 14): a lodging
//! right for N lodgings or stays, a price cap for N rides or fees, and rights of up to 255
//! rounds. Each is made, counted down only by its uses, ended after the last, worded with
//! its uses left, and replayed from a record.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Game, Record};
use gameshelf_laissez_faire::contract::{Clause, Contract, Entry};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Price, Right, Side, Span, State, When};

mod common;

use common::*;

/// The only live contract.
fn only(s: &State) -> Contract {
    let all: Vec<Contract> = s.contracts.iter().copied().collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all[0]
}

/// Seat 0, lodged at Tram Lane (one house, seat 1's) after paying $5, holding a lodging
/// right there for `uses` lodgings or stays at a cap of $10, rolls 3+4 and stays; seat 1
/// quotes $5 and seat 0 accepts.
fn stay_once(uses: u8) -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    let right = Right::LODGING.lasting(Span::Uses(uses)).unwrap();
    agree(&g, &mut s, &[Action::Right(right, TRAM, 10)]);
    let c = only(&s);
    assert!(c.uses);
    assert_eq!(c.left, uses);
    stay(&g, &mut s);
    (g, s)
}

/// Seat 0, lodged at Tram Lane (one house, seat 1's) after paying $5, rolls 3+4 and stays;
/// seat 1 quotes $5 and seat 0 accepts.
fn stay(g: &LaissezFaire, s: &mut State) {
    s.lots.0[TRAM as usize].level = 1;
    s.players[0].pos = TRAM;
    s.players[0].last_rent = 5;
    go(g, s);
    g.apply(s, Action::Roll(DicePair::new(3, 4))).unwrap();
    g.apply(s, Action::Stay).unwrap();
    // Seat 1 may pay part of a fee he does not own first; he passes.
    while s.phase == Phase::Posting {
        g.apply(s, Action::Pass).unwrap();
    }
    g.apply(s, Action::Quote(5)).unwrap();
    g.apply(s, Action::Accept).unwrap();
}

#[test]
fn a_lodging_right_for_uses_counts_its_stays_not_the_rounds() {
    let (g, mut s) = setup(2);
    // "Two stays at Tram Lane for at most $10, whenever you like."
    let right = Right::LODGING.lasting(Span::Uses(2)).unwrap();
    assert_eq!(
        g.describe_right(right, TRAM, 10),
        "a lodging right at Tram Lane for 2 uses at a rent of at most $10"
    );
    agree(&g, &mut s, &[Action::Right(right, TRAM, 10)]);
    for _ in 0..12 {
        next_round(&g, &mut s);
    }
    assert_eq!(only(&s).left, 2, "rounds do not wear a right by uses");
    assert_eq!(g.room_price(&s, 0, TRAM), Some(Price::Listed(10)));
    assert_eq!(
        g.describe_contract(&only(&s)),
        "#1 seat 1 may lodge at Tram Lane for at most $10 (2 uses left)"
    );

    // A stay under it is one use; the ledger shows the rent paid under the right.
    let (g, s) = stay_once(2);
    let c = only(&s);
    assert_eq!(c.left, 1);
    assert_eq!(
        g.describe_contract(&c),
        "#1 seat 1 may lodge at Tram Lane for at most $10 (1 use left)"
    );
    let last = s.ledger.recent().last().copied().unwrap();
    assert_eq!((last.entry, last.from, last.amount), (Entry::Rent, 0, 5));
    // The last use ends it.
    let (_, s) = stay_once(1);
    assert_eq!(s.contracts.iter().count(), 0, "used once, then it ends");
}

#[test]
fn a_price_cap_for_one_ride_ends_with_the_ride() {
    let (g, mut s) = setup(2);
    s.lots.0[RAIL as usize].owner = 1;
    // The list offers a cap for a few rides beside the one for ten rounds.
    let mut open = s.clone();
    g.apply(&mut open, Action::Draft(1)).unwrap();
    let by_uses = Right::service(Span::Uses(5));
    assert!(legal(&g, &open).contains(&Action::Right(by_uses, RAIL, 25)));
    // "Carry me once for $20."
    let once = Right::service(Span::Uses(1));
    agree(&g, &mut s, &[Action::Right(once, RAIL, 20)]);
    let mut later = s.clone();
    for _ in 0..12 {
        next_round(&g, &mut later);
    }
    assert_eq!(g.fare(&later, 0, 0), Price::Listed(20), "still unused");
    // Seat 0 lands on its Tile Row, rides to Porto at the cap, and the cap is spent.
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    g.apply(&mut s, Action::Ride).unwrap();
    assert_eq!(s.players[1].cash, 1520);
    assert_eq!(s.contracts.iter().count(), 0);
    assert!(matches!(g.fare(&s, 0, 0), Price::Negotiable { .. }));
}

#[test]
fn a_stays_utility_fee_under_a_price_cap_is_one_of_its_uses() {
    let (g, mut s) = setup(2);
    let works = g.board().forward_utility[usize::from(TRAM)];
    s.lots.0[works as usize].owner = 1;
    agree(
        &g,
        &mut s,
        &[Action::Right(Right::service(Span::Uses(2)), works, 9)],
    );
    stay(&g, &mut s);
    let c = only(&s);
    assert_eq!((c.left, c.uses), (1, true));
    assert_eq!(
        s.players[1].cash,
        1500 + 5 + 9,
        "the rent, and the fee at the cap"
    );
}

#[test]
fn a_right_may_last_far_longer_than_a_game_usually_runs() {
    let (g, mut s) = setup(2);
    let long = Right::lodging(200, false, false);
    agree(&g, &mut s, &[Action::Right(long, TRAM, 3)]);
    for _ in 0..70 {
        next_round(&g, &mut s);
    }
    let c = only(&s);
    assert_eq!((c.left, c.uses), (130, false));
    assert!(matches!(c.clause, Clause::Lodging { cap: 3, .. }));
}

#[test]
fn records_with_rights_by_uses_replay_exactly() {
    let (g, _) = setup(2);
    let rights = [
        Right::LODGING.lasting(Span::Uses(4)).unwrap(),
        Right::lodging(200, true, true),
        Right::service(Span::Uses(3)),
        Right::option(255),
    ];
    let mut r = Record::new(&g);
    r.actions = rights.map(|right| Action::Right(right, TRAM, 5)).to_vec();
    let json = r.to_json();
    let compact: String = json.split_whitespace().collect();
    assert!(compact.contains(r#""ServiceUses":3"#), "{compact}");
    assert!(compact.contains(r#""uses":true"#), "{compact}");
    let back = Record::<Action>::from_json(&json).unwrap();
    assert_eq!(back.actions, r.actions);
    // An option counted in uses, or a length of nothing, does not load.
    for bad in [r#""ServiceUses":0"#, r#""OptionFor":0"#] {
        let broken = compact.replace(r#""ServiceUses":3"#, bad);
        assert!(Record::<Action>::from_json(&broken).is_err(), "{bad}");
    }

    // A game that makes one replays to the same state.
    let mut game = Recorded::rail_bought(&g);
    assert_eq!((game.state.current, game.state.phase), (1, Phase::Manage));
    game.play_all([
        Action::Draft(0),
        Action::Right(Right::service(Span::Uses(3)), RAIL, 13),
        Action::Pay(Side::Mine, When::Now, 40),
        Action::Send,
        Action::Accept,
    ]);
    assert!(only(&game.state).uses);
    game.replays();
}
