//! The free terms of issue 14 in packages: lodging rights of a chosen length whose stays the
//! owner may raise, price caps on fares and fees, payments on each landing in a city,
//! free-text promises and rule changes.
//! For each: made, refused when illegal (with the notary's reason), executed in the game
//! flow, answered by the traders, and replayed from a record.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Bot, Game, Record, Rng, SeatView};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::contract::{Clause, Contract, Due, Entry, Rule};
use gameshelf_laissez_faire::package::MAX_ROUNDS;
use gameshelf_laissez_faire::state::BANK;
use gameshelf_laissez_faire::{
    Action, Grant, LaissezFaire, Phase, Price, Refusal, Right, Side, Span, State, Status, Visits,
    When,
};

mod common;

use common::*;

/// The utility of Porto (multipliers 4 and 10).
const WORKS: u8 = 12;
/// Lisbon, the city of Tram Lane and Tile Row.
const LISBON: u8 = 0;

/// The notary's reason for refusing to draft `action` in a fresh deal from seat 0 to seat 1
/// (after `before`); the refusal changes nothing.
fn refusal(g: &LaissezFaire, s: &State, before: &[Action], action: Action) -> Refusal {
    let mut s = s.clone();
    g.apply(&mut s, Action::Draft(1)).unwrap();
    for &a in before {
        g.apply(&mut s, a).unwrap();
    }
    let kept = s.clone();
    let err = g.apply(&mut s, action).unwrap_err();
    assert_eq!(s, kept, "a refused clause changes nothing");
    assert!(!err.to_string().is_empty());
    g.deal_move(&s, action).unwrap_err()
}

/// The only live contract.
fn only(s: &State) -> Contract {
    let all: Vec<Contract> = s.contracts.iter().copied().collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all[0]
}

/// What a trader plays for the seat to move.
fn trader(g: &LaissezFaire, s: &State) -> Action {
    let gameshelf_engine::Actor::Player(seat) = g.actor(s) else {
        panic!("no player to move");
    };
    let a = Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::seed_from_u64(1));
    assert!(g.is_legal(s, a), "{a}");
    a
}

/// Seat 0 sends `clauses` to seat 1 and a trader answers for seat 1.
fn answer(g: &LaissezFaire, s: &State, clauses: &[Action]) -> Action {
    let mut s = s.clone();
    g.apply(&mut s, Action::Draft(1)).unwrap();
    for &c in clauses {
        g.apply(&mut s, c).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    g.apply(&mut s, Action::Send).unwrap();
    trader(g, &s)
}

#[test]
fn a_lodging_right_lasts_the_rounds_its_parties_choose() {
    let (g, mut s) = setup(2);
    // "Grant me a room at Tram Lane for at most $2 for three rounds."
    let short = Right::lodging(3, false, false);
    agree(&g, &mut s, &[Action::Right(short, TRAM, 2)]);
    let c = only(&s);
    assert_eq!(
        (c.clause, c.payer, c.payee, c.left),
        (
            Clause::Lodging {
                property: TRAM,
                cap: 2,
                refusable: false,
                raisable: false
            },
            0,
            1,
            3
        )
    );
    assert_eq!(g.room_price(&s, 0, TRAM), Some(Price::Listed(2)));
    assert_eq!(
        g.describe_contract(&c),
        "#1 seat 1 may lodge at Tram Lane for at most $2 (3 left)"
    );
    for _ in 0..3 {
        next_round(&g, &mut s);
    }
    assert_eq!(s.contracts.iter().count(), 0, "three rounds, then it ends");
    assert!(matches!(
        g.room_price(&s, 0, TRAM),
        Some(Price::Negotiable { ceiling: None, .. })
    ));
    // Any length from a round to the most (far past the game's usual length); the list
    // offers a few. A length of nothing, or an option by uses, is no right at all.
    let long = Right::option(MAX_ROUNDS);
    assert!(g.is_legal(&deal_open(&g, &s), Action::Right(long, TRAM, 70)));
    let lodging = Right::lodging(200, true, false);
    assert!(g.is_legal(&deal_open(&g, &s), Action::Right(lodging, TRAM, 2)));
    assert_eq!(
        Right::new(Grant::Option, Span::Rounds(0), false, false),
        None
    );
    assert_eq!(Right::new(Grant::Option, Span::Uses(3), false, false), None);
    assert_eq!(
        Right::new(Grant::Service, Span::Uses(0), false, false),
        None
    );
    assert_eq!(Right::new(Grant::Service, Span::Uses(1), true, false), None);
    let listed = legal(&g, &deal_open(&g, &s));
    assert!(listed.contains(&Action::Right(short, TRAM, 2)));
    assert!(listed.contains(&Action::Right(Right::LODGING, TRAM, 2)));
}

/// `s` with a deal from seat 0 to seat 1 open.
fn deal_open(g: &LaissezFaire, s: &State) -> State {
    let mut s = s.clone();
    g.apply(&mut s, Action::Draft(1)).unwrap();
    s
}

/// Seat 0 lodged at Tram Lane (one house, seat 1's) after paying $5, holding `right` there
/// at a cap of $10, rolls 3+4 and stays: the owner quotes the stay's rent.
fn staying_under(right: Right) -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    agree(&g, &mut s, &[Action::Right(right, TRAM, 10)]);
    s.lots.0[TRAM as usize].level = 1;
    s.players[0].pos = TRAM;
    s.players[0].last_rent = 5;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(3, 4))).unwrap();
    g.apply(&mut s, Action::Stay).unwrap();
    // Seat 1 might pay part of the bank's fee first; he passes.
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(s.phase, Phase::Bargain);
    assert_eq!(g.actor(&s), gameshelf_engine::Actor::Player(1));
    (g, s)
}

#[test]
fn an_owner_may_raise_a_stay_s_rent_to_the_cap_only_if_the_right_says_so() {
    // Without the power to raise, a stay costs at most the last rent, as for anyone.
    let (g, s) = staying_under(Right::LODGING);
    assert!(g.is_legal(&s, Action::Quote(5)));
    assert!(!g.is_legal(&s, Action::Quote(6)));
    // With it, the owner may ask up to the cap, and no more.
    let raisable = Right::lodging(10, false, true);
    let (g, mut s) = staying_under(raisable);
    assert!(matches!(
        only(&s).clause,
        Clause::Lodging {
            raisable: true,
            refusable: false,
            ..
        }
    ));
    assert!(!g.is_legal(&s, Action::Quote(11)));
    g.apply(&mut s, Action::Quote(10)).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[0].last_rent, 10);
    assert_eq!(s.players[1].cash, 1510);
    // Both powers may be granted together: the room is then bargained, at most at the cap.
    let both = Right::lodging(5, true, true);
    let (g, s) = setup(2);
    let mut s2 = s.clone();
    agree(&g, &mut s2, &[Action::Right(both, TRAM, 10)]);
    assert!(matches!(
        g.room_price(&s2, 0, TRAM),
        Some(Price::Negotiable {
            ceiling: Some(10),
            ..
        })
    ));
    assert_eq!(
        g.describe_right(both, TRAM, 10),
        "a lodging right at Tram Lane for 5 rounds at a rent of at most $10, which the owner \
         may refuse, a stay's rent up to the cap"
    );
    // One lodging right per holder and property, whatever its terms.
    assert_eq!(
        refusal(
            &g,
            &s,
            &[Action::Right(Right::LODGING, TRAM, 1)],
            Action::Right(raisable, TRAM, 3)
        ),
        Refusal::RightTwice(TRAM)
    );
    let mut s = s.clone();
    s.lots.0[RAIL as usize].owner = 1;
    assert_eq!(
        refusal(&g, &s, &[], Action::Right(raisable, RAIL, 3)),
        Refusal::NotAProperty(RAIL)
    );
}

#[test]
fn a_transit_owner_promises_a_fare_cap_and_a_utility_owner_a_fee_cap() {
    let (g, mut s) = setup(2);
    s.lots.0[RAIL as usize].owner = 1;
    s.lots.0[WORKS as usize].owner = 1;
    assert!(matches!(g.fare(&s, 0, 0), Price::Negotiable { .. }));
    // The list offers a cap at the reference fare on each company a party
    // holds, the fee on a roll of seven.
    let listed = legal(&g, &deal_open(&g, &s));
    assert!(listed.contains(&Action::Right(Right::service(Span::Rounds(10)), RAIL, 25)));
    assert!(listed.contains(&Action::Right(Right::service(Span::Rounds(10)), WORKS, 28)));
    // "You carry me for at most $20 for four rounds, and charge me at most $30 at your works."
    let cap = Right::service(Span::Rounds(4));
    agree(
        &g,
        &mut s,
        &[Action::Right(cap, RAIL, 20), Action::Right(cap, WORKS, 30)],
    );
    let made: Vec<Clause> = s.contracts.iter().map(|c| c.clause).collect();
    assert_eq!(
        made,
        [
            Clause::PriceCap {
                space: RAIL,
                cap: 20
            },
            Clause::PriceCap {
                space: WORKS,
                cap: 30
            }
        ]
    );
    assert!(s.contracts.iter().all(|c| c.payer == 0 && c.left == 4));
    // Listed, not bargained: the cap, or the reference price when it is lower.
    assert_eq!(g.fare(&s, 0, 0), Price::Listed(20));
    assert_eq!(g.utility_price(&s, 0, WORKS, 12), Price::Listed(30));
    assert_eq!(g.utility_price(&s, 0, WORKS, 5), Price::Listed(20), "5 x 4");
    assert!(
        matches!(g.fare(&s, 1, 0), Price::Listed(0)),
        "the owner's own"
    );
    // The ride itself pays the cap: seat 0 lands on its Tile Row and rides to Porto.
    let mut ride = s.clone();
    go(&g, &mut ride);
    g.apply(&mut ride, Action::Roll(DicePair::new(1, 2)))
        .unwrap();
    // Seat 1, Tram Lane's owner, may offer a room first: it passes.
    assert_eq!(ride.phase, Phase::Posting);
    g.apply(&mut ride, Action::Pass).unwrap();
    assert_eq!(ride.phase, Phase::Lodge);
    assert_eq!(g.charges(&ride, Action::Ride)[0].map(|c| c.2), Some(20));
    g.apply(&mut ride, Action::Ride).unwrap();
    assert_eq!(ride.players[1].cash, 1520);
    // The caps end after their rounds.
    let mut later = s.clone();
    for _ in 0..4 {
        next_round(&g, &mut later);
    }
    assert!(matches!(g.fare(&later, 0, 0), Price::Negotiable { .. }));
    // Refused: not a transit company or utility, not held by a party, held already.
    assert_eq!(
        refusal(&g, &s, &[], Action::Right(cap, TRAM, 5)),
        Refusal::NotAService(TRAM)
    );
    assert_eq!(
        refusal(&g, &s, &[], Action::Right(cap, 15, 5)),
        Refusal::NotHeld(15)
    );
    assert_eq!(
        refusal(
            &g,
            &s,
            &[],
            Action::Right(Right::service(Span::Rounds(9)), RAIL, 5)
        ),
        Refusal::RightTwice(RAIL)
    );
}

#[test]
fn you_pay_me_thirty_each_time_you_land_in_my_city() {
    let (g, mut s) = setup(2);
    let lisbon = When::Lands(Visits::new(LISBON, 2).unwrap());
    agree(&g, &mut s, &[Action::Pay(Side::Mine, lisbon, 30)]);
    let c = only(&s);
    assert_eq!(
        (c.clause, c.payer, c.payee, c.left, c.instalment),
        (Clause::Schedule(Due::EachLanding(LISBON)), 0, 1, 2, 30)
    );
    assert_eq!(
        g.describe_contract(&c),
        "#1 seat 1 pays seat 2 $30 at each landing in Lisbon (2 left)"
    );
    // Landing on Tile Row (Lisbon, seat 0's own) pays at once, before anything else.
    let roll = |s: &State, pos: u8, a: u8, b: u8| {
        let mut s = s.clone();
        s.players[0].pos = pos;
        go(&g, &mut s);
        g.apply(&mut s, Action::Roll(DicePair::new(a, b))).unwrap();
        s
    };
    let landed = roll(&s, 0, 1, 2);
    assert_eq!(landed.players[0].pos, TILE);
    assert_eq!(
        (landed.players[0].cash, landed.players[1].cash),
        (1470, 1530)
    );
    assert_eq!(only(&landed).left, 1);
    // Landing in Porto pays nothing.
    let porto = roll(&s, 0, 2, 4);
    assert_eq!(porto.players[0].cash, 1500);
    // A landing he cannot pay for is a default: the sum becomes arrears.
    let mut poor = s.clone();
    poor.players[0].cash = 10;
    let poor = roll(&poor, 0, 1, 2);
    assert_eq!(poor.players[0].cash, 10);
    assert_eq!(only(&poor).arrears, 30);
    assert_eq!(poor.ledger.recent().last().unwrap().entry, Entry::Default);
    // The payee's own landings there owe nothing.
    let mut payee = s.clone();
    payee.current = 1;
    payee.players[1].pos = 0;
    go(&g, &mut payee);
    g.apply(&mut payee, Action::Roll(DicePair::new(1, 2)))
        .unwrap();
    assert_eq!(payee.players[1].pos, TILE);
    assert_eq!((payee.players[0].cash, payee.players[1].cash), (1500, 1500));
    assert_eq!(only(&payee).left, 2);
    // Refused: a city the board does not have, one where the payee holds no deed ("my
    // city"), unless the package gives him one there.
    let nowhere = When::Lands(Visits::new(8, 2).unwrap());
    assert_eq!(
        refusal(&g, &s, &[], Action::Pay(Side::Yours, nowhere, 30)),
        Refusal::NoCity(8)
    );
    let porto = When::Lands(Visits::new(1, 2).unwrap());
    assert_eq!(
        refusal(&g, &s, &[], Action::Pay(Side::Mine, porto, 30)),
        Refusal::NotTheirCity { seat: 1, city: 1 }
    );
    let mut quay = s.clone();
    quay.lots.0[6].owner = 0;
    let open = deal_open(&g, &quay);
    assert!(!g.is_legal(&open, Action::Pay(Side::Mine, porto, 30)));
    let mut given = open.clone();
    g.apply(&mut given, Action::Deed(6)).unwrap();
    assert!(g.is_legal(&given, Action::Pay(Side::Mine, porto, 30)));
    assert!(Visits::new(Visits::CITIES, 1).is_none());
    assert!(Visits::new(LISBON, 0).is_none());
    // The list offers one in each of the payee's cities, either way (Lisbon here); any
    // sum and count are accepted.
    let open = deal_open(&g, &s);
    let listed = legal(&g, &open);
    let lands: Vec<&Action> = listed
        .iter()
        .filter(|a| matches!(a, Action::Pay(_, When::Lands(_), _)))
        .collect();
    let four = When::Lands(Visits::new(LISBON, 4).unwrap());
    assert_eq!(
        lands,
        [
            &Action::Pay(Side::Mine, four, 20),
            &Action::Pay(Side::Yours, four, 20)
        ]
    );
    let fifteen = When::Lands(Visits::new(LISBON, 15).unwrap());
    assert!(g.is_legal(&open, Action::Pay(Side::Yours, fifteen, 1234)));
}

#[test]
fn traders_value_the_new_terms_and_answer_them() {
    let (g, mut s) = setup(2);
    s.lots.0[RAIL as usize].owner = 1;
    // A price cap at nothing for nothing costs the company's owner: countered.
    let free_rides = [Action::Right(Right::service(Span::Rounds(10)), RAIL, 0)];
    assert_eq!(answer(&g, &s, &free_rides), Action::Amend);
    // Paid for (two $25 rides at most for $60): accepted.
    let paid = [
        Action::Right(Right::service(Span::Rounds(10)), RAIL, 0),
        Action::Pay(Side::Mine, When::Now, 60),
    ];
    assert_eq!(answer(&g, &s, &paid), Action::Accept);
    // A right on a room saves its holder what he would pay instead: nothing while he
    // holds Tile Row, the other room in Lisbon, so it costs the owner nothing either.
    let long = [
        Action::Right(Right::LODGING, TRAM, 0),
        Action::Pay(Side::Mine, When::Now, 2),
    ];
    assert_eq!(answer(&g, &s, &long), Action::Accept);
    s.lots.0[TILE as usize].owner = BANK;
    // With the bank's $2 room the other choice, a short right costs less than a long one:
    // $2 of rent for 3 rounds instead of 10.
    let short = [
        Action::Right(Right::lodging(3, false, false), TRAM, 0),
        Action::Pay(Side::Mine, When::Now, 2),
    ];
    assert_eq!(answer(&g, &s, &short), Action::Accept);
    let long = [
        Action::Right(Right::LODGING, TRAM, 0),
        Action::Pay(Side::Mine, When::Now, 2),
    ];
    assert_eq!(answer(&g, &s, &long), Action::Amend);
    s.lots.0[TILE as usize].owner = 0;
    // Payments on landings owed to it are worth something: accepted for nothing.
    let lisbon = When::Lands(Visits::new(LISBON, 4).unwrap());
    assert_eq!(
        answer(&g, &s, &[Action::Pay(Side::Mine, lisbon, 30)]),
        Action::Accept
    );
    // Owed by it, for nothing: countered.
    assert_eq!(
        answer(&g, &s, &[Action::Pay(Side::Yours, lisbon, 30)]),
        Action::Amend
    );
}

#[test]
fn records_with_the_new_terms_replay_exactly_and_old_rights_load_as_before() {
    let (g, _) = setup(2);
    let mut game = Recorded::new(&g);
    game.play(Action::First(0));
    // Seat 0 lands on Tile Row and buys it; in seat 1's window, seat 1 asks for it and for
    // a payment at each of seat 0's landings in Lisbon (his city once Tile Row has moved);
    // seat 0 counters with a payment now.
    game.play(Action::Go);
    while game.state.phase == Phase::Floor {
        game.play(Action::Pass);
    }
    game.play_all([
        Action::Roll(DicePair::new(1, 2)),
        Action::Buy,
        Action::Pass,
        Action::Lodge(TILE),
    ]);
    while game.state.phase == Phase::Floor {
        game.play(Action::Pass);
    }
    assert_eq!((game.state.current, game.state.phase), (1, Phase::Manage));
    let lisbon = |n| When::Lands(Visits::new(LISBON, n).unwrap());
    game.play_all([
        Action::Draft(0),
        Action::Deed(TILE),
        Action::Pay(Side::Yours, lisbon(5), 17),
        Action::Send,
        Action::Amend,
        Action::Pay(Side::Mine, When::Now, 9),
        Action::Send,
        Action::Accept,
    ]);
    let s = &game.state;
    assert_eq!(s.contracts.iter().count(), 1);
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
    let json = game.replays();
    let back = Record::<Action>::from_json(&json).unwrap();
    assert_eq!(back.to_json(), json, "written again the same");

    // Rights in a record: the ten-round rights are written as older records wrote them, the
    // others by their terms, and both read back the same.
    let rights = [
        Right::LODGING,
        Right::REFUSABLE_LODGING,
        Right::OPTION,
        Right::lodging(7, true, true),
        Right::option(2),
        Right::service(Span::Rounds(12)),
    ];
    let mut r = Record::new(&g);
    r.actions = rights.map(|right| Action::Right(right, TRAM, 5)).to_vec();
    let json = r.to_json();
    let compact: String = json.split_whitespace().collect();
    for old in [
        r#"["Lodging",1,5]"#,
        r#"["RefusableLodging",1,5]"#,
        r#"["Option",1,5]"#,
    ] {
        assert!(compact.contains(old), "{old} in {compact}");
    }
    let back = Record::<Action>::from_json(&json).unwrap();
    assert_eq!(back.actions, r.actions);
    // A length out of range does not load.
    let bad = compact.replace(r#""OptionFor":2"#, r#""OptionFor":0"#);
    assert_ne!(bad, compact);
    assert!(Record::<Action>::from_json(&bad).is_err());
}

#[test]
fn records_with_new_rights_replay_exactly() {
    let (g, _) = setup(2);
    // A game where the deeds are bought by landing: seat 0 lands on Tram Lane (1) and buys it.
    let mut game = Recorded::new(&g);
    game.play_all([Action::First(0), Action::Go]);
    while game.state.phase == Phase::Floor {
        game.play(Action::Pass);
    }
    game.play(Action::Roll(DicePair::new(2, 3)));
    assert_eq!(game.state.players[0].pos, RAIL);
    // The transit choice: go to Lisbon, lodge in the bank's Tram Lane.
    game.play_all([
        Action::Buy,
        Action::City(LISBON),
        Action::Pass,
        Action::Lodge(TRAM),
    ]);
    while game.state.phase == Phase::Floor {
        game.play(Action::Pass);
    }
    // Seat 1's window: it asks seat 0 for a fare cap on the company and pays for it.
    assert_eq!((game.state.current, game.state.phase), (1, Phase::Manage));
    game.play_all([
        Action::Draft(0),
        Action::Right(Right::service(Span::Rounds(6)), RAIL, 13),
        Action::Pay(Side::Mine, When::Now, 40),
        Action::Send,
        Action::Accept,
    ]);
    assert_eq!(
        only(&game.state).clause,
        Clause::PriceCap {
            space: RAIL,
            cap: 13
        }
    );
    game.replays();
}

#[test]
fn a_free_text_promise_travels_in_a_package_and_the_other_players_judge_it() {
    let (g, mut s) = setup(4);
    // "I pay you $40 now; you promise not to build on Tram Lane, on penalty of $250."
    let promise = Action::Promise(Side::Yours, 250);
    assert!(g.writes_text(&s, promise), "its words go in the record");
    agree(
        &g,
        &mut s,
        &[Action::Pay(Side::Mine, When::Now, 40), promise],
    );
    assert_eq!(s.notes, 1, "text #0 taken");
    let c = only(&s);
    assert_eq!(
        (c.clause, c.payer, c.payee, c.part),
        (
            Clause::Text {
                note: 0,
                penalty: 250,
                disputed: false
            },
            1,
            0,
            1
        )
    );
    // Seat 0 claims a breach; seats 2 and 3 uphold it; seat 1 pays the penalty.
    g.apply(&mut s, Action::Dispute(0)).unwrap();
    g.apply(&mut s, Action::Uphold).unwrap();
    g.apply(&mut s, Action::Uphold).unwrap();
    assert_eq!(
        (s.players[0].cash, s.players[1].cash),
        (1500 - 40 + 250, 1500 + 40 - 250)
    );
    // A promise names a penalty of a dollar or more.
    assert_eq!(
        refusal(&g, &s, &[], Action::Promise(Side::Mine, 0)),
        Refusal::Amount(0)
    );
    // The list offers a promise either way; the traders refuse what they cannot weigh.
    let listed = legal(&g, &deal_open(&g, &s));
    assert!(listed.contains(&Action::Promise(Side::Mine, 100)));
    assert!(listed.contains(&Action::Promise(Side::Yours, 100)));
    let generous = [
        Action::Pay(Side::Mine, When::Now, 500),
        Action::Promise(Side::Mine, 1),
    ];
    assert_eq!(answer(&g, &s, &generous), Action::Refuse);
}

#[test]
fn two_players_left_may_change_a_rule_in_a_package() {
    let (g, s) = setup(2);
    let rule = Rule::FinalLapStay;
    let was = s.rules.get(rule);
    let change = Action::Rule(rule, !was);
    let mut changed = s.clone();
    agree(
        &g,
        &mut changed,
        &[change, Action::Pay(Side::Mine, When::Now, 10)],
    );
    assert_eq!(changed.rules.get(rule), !was, "at acceptance");
    assert_eq!(changed.contracts.iter().count(), 0, "nothing stands");
    assert_eq!(changed.players[1].cash, 1510);
    // Refused: the rule's value now, the same rule twice.
    assert_eq!(
        refusal(&g, &changed, &[], change),
        Refusal::RuleAlready(rule, !was)
    );
    assert_eq!(
        refusal(&g, &s, &[change], change),
        Refusal::RuleAlready(rule, !was)
    );
    // With a third player still in the game, a two-party package cannot change a rule.
    let (g3, mut s3) = setup(3);
    assert_eq!(refusal(&g3, &s3, &[], change), Refusal::Unanimity(2));
    assert!(
        !legal(&g3, &deal_open(&g3, &s3))
            .iter()
            .any(|a| matches!(a, Action::Rule(..)))
    );
    s3.players[2].status = Status::Eliminated;
    assert!(legal(&g3, &deal_open(&g3, &s3)).contains(&change));
    // The traders refuse a rule change, as in a template.
    assert_eq!(
        answer(&g, &s, &[change, Action::Pay(Side::Mine, When::Now, 500)]),
        Action::Refuse
    );
}

#[test]
fn records_with_promises_and_rule_changes_replay_exactly() {
    let (g, _) = setup(2);
    let mut game = Recorded::new(&g);
    game.play(Action::First(0));
    let was = game.state.rules.get(Rule::StayDoublesBonus);
    game.play_all([
        Action::Draft(1),
        Action::Promise(Side::Mine, 77),
        Action::Rule(Rule::StayDoublesBonus, !was),
        Action::Send,
        Action::Amend,
        Action::Promise(Side::Mine, 5),
        Action::Send,
        Action::Accept,
    ]);
    let s = &game.state;
    assert_eq!(s.notes, 2);
    assert_eq!(s.contracts.iter().count(), 2);
    assert_eq!(s.rules.get(Rule::StayDoublesBonus), !was);
    assert_eq!(game.record.texts.len(), 2);
    game.replays();
}

/// An option is worth something to a trader only if it uses it: in its window it buys the
/// deed at the strike when the deed is worth more to it (Tram Lane completes its Lisbon:
/// twice its $60 value) and the strike leaves it its reserve.
#[test]
fn a_trader_exercises_an_option_worth_more_than_its_strike() {
    let (g, mut s) = setup(2);
    assert_eq!(g.deed_value(&s, TRAM), 60);
    agree(&g, &mut s, &[Action::Right(Right::OPTION, TRAM, 119)]);
    assert_eq!(trader(&g, &s), Action::Exercise(TRAM));
    // Dearer than the deed is worth to it: kept unused.
    let (g, mut s) = setup(2);
    agree(&g, &mut s, &[Action::Right(Right::OPTION, TRAM, 120)]);
    assert!(legal(&g, &s).contains(&Action::Exercise(TRAM)));
    assert_ne!(trader(&g, &s), Action::Exercise(TRAM));
}
