//! Bargains with player owners over rooms, fares and stays (B-05, B-07, B-08, B-09, B7).

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Bot, Game, Rng, SeatView};
use gameshelf_laissez_faire::bargain::{Charge, MAX_COUNTERS};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::state::Lot;
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Service, Share, Side, State, When};

const TRAM: u8 = 1; // Tram Lane, Lisbon
const TILE: u8 = 3; // Tile Row, Lisbon
const RAIL: u8 = 5; // Coastline Rail, Lisbon-Porto
const BAYSIDE: u8 = 39; // its forward utility is Northern Power Co. (12)
const POWER: u8 = 12;

/// Closes the window with `Go`, and every other player passes the open floor: the roll (or
/// the jail decision) comes next.
fn go(g: &LaissezFaire, s: &mut State) {
    g.apply(s, Action::Go).unwrap();
    while s.phase == Phase::Floor {
        g.apply(s, Action::Pass).unwrap();
    }
}

fn game() -> LaissezFaire {
    LaissezFaire::from_spec(&"laissez-faire(players=2)".parse().unwrap()).unwrap()
}

fn legal(g: &LaissezFaire, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// Seat 0 looking for a room in Lisbon, having arrived by dice; seat 1 owns Tile Row.
fn lodging_in_lisbon(g: &LaissezFaire) -> State {
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TILE as usize].owner = 1;
    s.phase = Phase::Lodge;
    s.city = 0;
    s.via_transit = true;
    s
}

fn actor(g: &LaissezFaire, s: &State) -> Actor {
    g.actor(s)
}

#[test]
fn a_player_s_room_is_asked_for_quoted_countered_and_paid() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    let options = legal(&g, &s);
    assert!(options.contains(&Action::Ask(TILE)), "{options:?}");
    assert!(!options.contains(&Action::Lodge(TILE)), "no listed price");
    assert!(options.contains(&Action::Lodge(TRAM)), "the bank's room");
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(s.phase, Phase::Bargain);
    assert_eq!(actor(&g, &s), Actor::Player(1), "the owner answers");
    let quotes = legal(&g, &s);
    assert_eq!(quotes[0], Action::Refuse, "the owner may refuse (B-05)");
    assert_eq!(quotes.len(), 1 + Share::ALL.len());
    // Reference: Tile Row's no-monopoly rent, $4. The owner asks 200%.
    g.apply(&mut s, Action::Quote(Share::Double.of(4))).unwrap();
    // The quote stands and the lodger is back at his choices: he may take it as it stands
    // or answer it.
    assert_eq!((s.phase, actor(&g, &s)), (Phase::Lodge, Actor::Player(0)));
    let options = legal(&g, &s);
    assert!(options.contains(&Action::Lodge(TILE)) && options.contains(&Action::Ask(TILE)));
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert!(
        g.apply(&mut s.clone(), Action::Counter(Share::Triple.of(4)))
            .is_err()
    );
    g.apply(&mut s, Action::Counter(Share::Half.of(4))).unwrap();
    assert_eq!(actor(&g, &s), Actor::Player(1));
    let answers = legal(&g, &s);
    assert!(answers.contains(&Action::Counter(Share::Par.of(4))));
    assert!(
        answers.contains(&Action::Counter(Share::Double.of(4))),
        "he may insist"
    );
    assert!(
        !answers.contains(&Action::Counter(Share::Triple.of(4))),
        "not above his quote"
    );
    assert!(!answers.contains(&Action::Counter(Share::Half.of(4))));
    g.apply(&mut s, Action::Counter(Share::Par.of(4))).unwrap();
    assert_eq!(
        s.quotes.get(TILE).map(|q| q.ask),
        Some(4),
        "the counter stands"
    );
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    // The customer may now go only above his own last counter and below the owner's.
    let answers = legal(&g, &s);
    assert!(answers.contains(&Action::Counter(Share::ThreeQuarters.of(4))));
    assert!(!answers.contains(&Action::Counter(Share::Half.of(4))));
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[0].cash, 1496);
    assert_eq!(s.players[1].cash, 1504);
    assert_eq!((s.players[0].pos, s.players[0].last_rent), (TILE, 4));
    assert_eq!(s.bargain, None);
    assert_eq!(
        (s.phase, s.floor_late),
        (Phase::Floor, true),
        "the turn is over"
    );
}

#[test]
fn a_refusal_sends_the_lodger_back_to_his_other_options_without_asking_again() {
    let g = game();
    for refusal in [vec![], vec![Action::Quote(Share::Triple.of(4))]] {
        let mut s = lodging_in_lisbon(&g);
        g.apply(&mut s, Action::Ask(TILE)).unwrap();
        for a in refusal {
            g.apply(&mut s, a).unwrap();
            // The quote stands: the lodger answers it.
            g.apply(&mut s, Action::Ask(TILE)).unwrap();
        }
        g.apply(&mut s, Action::Refuse).unwrap();
        assert_eq!(s.phase, Phase::Lodge);
        assert_eq!(actor(&g, &s), Actor::Player(0));
        let options = legal(&g, &s);
        assert!(!options.contains(&Action::Ask(TILE)), "{options:?}");
        assert!(options.contains(&Action::Lodge(TRAM)));
        assert!(options.contains(&Action::Bench));
        assert_eq!(s.players[0].cash, 1500, "nothing was paid");
    }
}

#[test]
fn a_silent_lodger_goes_to_the_bench_where_the_safe_choice_asks_an_owner() {
    use gameshelf_engine::Presenter;
    use gameshelf_laissez_faire::present::LaissezFairePresenter;
    let (g, p) = (game(), LaissezFairePresenter);
    let mut s = lodging_in_lisbon(&g);
    let options = legal(&g, &s);
    // Highlighted first: asking the owner his price, which pays nothing yet.
    assert_eq!(options[p.safe_choice(&g, &s, &options)], Action::Ask(TILE));
    // A move clock plays silence: no acceptance by the deadline means the bench.
    assert_eq!(options[p.silence(&g, &s, &options)], Action::Bench);
    // The owner quotes; his quote stands, and a lodger who says nothing accepts nothing.
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Quote(Share::Triple.of(4))).unwrap();
    let options = legal(&g, &s);
    assert_eq!(options[p.silence(&g, &s, &options)], Action::Bench);
    // Answering the quote, silence refuses it.
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    let options = legal(&g, &s);
    assert_eq!(options[p.silence(&g, &s, &options)], Action::Refuse);
    // Left with the bank's room and the bench, silence pays nothing either.
    g.apply(&mut s, Action::Refuse).unwrap();
    let options = legal(&g, &s);
    assert!(options.contains(&Action::Lodge(TRAM)), "{options:?}");
    assert_eq!(options[p.silence(&g, &s, &options)], Action::Bench);
    // A room of one's own is free: silence takes it.
    s.lots.0[TRAM as usize].owner = 0;
    let options = legal(&g, &s);
    assert_eq!(options[p.silence(&g, &s, &options)], Action::Lodge(TRAM));
}

#[test]
fn counters_are_bounded() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Quote(Share::Triple.of(4))).unwrap();
    let counters = [
        Share::Nothing,
        Share::Triple,
        Share::Quarter,
        Share::Triple,
        Share::Half,
        Share::Triple,
    ];
    assert_eq!(counters.len(), usize::from(MAX_COUNTERS));
    for c in counters {
        if s.phase == Phase::Lodge {
            g.apply(&mut s, Action::Ask(TILE)).unwrap();
        }
        g.apply(&mut s, Action::Counter(c.of(4))).unwrap();
    }
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(legal(&g, &s), vec![Action::Accept, Action::Refuse]);
}

#[test]
fn a_player_s_transit_company_bargains_over_the_fare() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    s.lots.0[RAIL as usize].owner = 1;
    let options = legal(&g, &s);
    assert!(options.contains(&Action::Ask(RAIL)));
    assert!(!options.contains(&Action::Ride), "no listed fare");
    g.apply(&mut s, Action::Ask(RAIL)).unwrap();
    let b = s.bargain.unwrap();
    assert_eq!((b.service, b.reference), (Service::Fare(RAIL), 25));
    g.apply(&mut s, Action::Quote(Share::Par.of(25))).unwrap();
    // The quote stands: the ride is listed at it, and he may answer it instead.
    assert_eq!(s.phase, Phase::Lodge);
    assert!(legal(&g, &s).contains(&Action::Ask(RAIL)));
    assert_eq!(g.charges(&s, Action::Ride)[0].map(|c| c.2), Some(25));
    g.apply(&mut s, Action::Ask(RAIL)).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (1475, 1525));
    assert_eq!(
        (s.phase, s.city, s.via_transit),
        (Phase::Posting, 1, false),
        "the lodging in Porto, where seat 1 may offer to pay"
    );
}

/// Seat 0 lodged at Bayside Terrace (1 house, seat 1's) after paying $60; seat 1 also owns
/// the forward utility. Seat 0 has rolled 3+4 and may stay.
fn may_stay(g: &LaissezFaire) -> State {
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.players[0].pos = BAYSIDE;
    s.players[0].last_rent = 60;
    s.lots.0[BAYSIDE as usize].owner = 1;
    s.lots.0[BAYSIDE as usize].level = 1;
    s.lots.0[POWER as usize].owner = 1;
    go(g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(3, 4))).unwrap();
    assert_eq!(s.phase, Phase::StayChoice);
    s
}

#[test]
fn a_stay_bargains_the_fee_then_the_rent_and_pays_both_together() {
    let g = game();
    let mut s = may_stay(&g);
    g.apply(&mut s, Action::Stay).unwrap();
    let b = s.bargain.unwrap();
    // One utility owned: 7 x 4 = $28.
    assert_eq!((b.service, b.reference), (Service::StayUtility(POWER), 28));
    assert!(legal(&g, &s).contains(&Action::Refuse), "B-08");
    g.apply(&mut s, Action::Quote(Share::Half.of(28))).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(
        s.players[0].cash, 1500,
        "nothing is paid before both parts agree"
    );
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.service, b.reference, b.extra),
        (Service::StayRent(BAYSIDE), 60, 14)
    );
    let quotes = legal(&g, &s);
    assert!(
        !quotes.contains(&Action::Refuse),
        "the owner may not refuse a stay (B-09)"
    );
    assert_eq!(
        quotes.last(),
        Some(&Action::Quote(Share::Par.of(60))),
        "the ceiling"
    );
    g.apply(&mut s, Action::Quote(Share::ThreeQuarters.of(60)))
        .unwrap();
    assert_eq!(
        legal(&g, &s),
        vec![Action::Accept, Action::Refuse],
        "a stay rent takes no counters"
    );
    assert_eq!(
        g.charges(&s, Action::Accept),
        [Some((Charge::Rent, 1, 45)), Some((Charge::Utility, 1, 14))]
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (1441, 1559));
    assert_eq!((s.players[0].pos, s.players[0].last_rent), (BAYSIDE, 45));
}

#[test]
fn a_refused_utility_fee_means_moving_on() {
    let g = game();
    let mut s = may_stay(&g);
    g.apply(&mut s, Action::Stay).unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    // 39 + 7 passes Start ($100) and lands on Quay Street, a bank deed.
    assert_eq!((s.players[0].pos, s.players[0].cash), (6, 1600));
    assert_eq!(s.phase, Phase::Buy);
}

fn choose(g: &LaissezFaire, s: &State, seat: usize) -> Action {
    Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
}

#[test]
fn the_trader_prices_from_the_customer_s_alternatives() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    // Seat 0 asks seat 1 for Tile Row (reference $4); the bank's Tram Lane costs $2
    // (no bank monopoly in Lisbon now), so the owner quotes no more than that.
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(choose(&g, &s, 1), Action::Quote(Share::Half.of(4)));
    g.apply(&mut s, Action::Quote(Share::Double.of(4))).unwrap();
    // Too dear against the alternative: the customer answers the quote, to counter at what
    // it is worth to him.
    assert_eq!(choose(&g, &s, 0), Action::Ask(TILE));
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(choose(&g, &s, 0), Action::Counter(Share::Half.of(4)));
    // A customer who cannot pay anything is refused outright.
    let mut s = lodging_in_lisbon(&g);
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    s.players[0].cash = 0;
    assert_eq!(choose(&g, &s, 1), Action::Refuse);
}

#[test]
fn any_whole_number_of_dollars_may_be_named_and_is_kept_by_the_record() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    // Tile Row's reference is $4 and the list offers up to $12; the owner asks $40,
    // the move the rules take though no list names it.
    assert!(!legal(&g, &s).contains(&Action::Quote(40)));
    assert_eq!(
        g.with_amount(Action::Quote(12), 40),
        Some(Action::Quote(40))
    );
    g.apply(&mut s, Action::Quote(40)).unwrap();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    // The lodger counters at $17: below the quote, within his cash.
    assert!(
        g.apply(&mut s.clone(), Action::Counter(40)).is_err(),
        "not lower"
    );
    g.apply(&mut s, Action::Counter(17)).unwrap();
    // The owner may meet him anywhere from $18 to his own $40, or take the $17.
    let mut refused = s.clone();
    assert!(
        g.apply(&mut refused, Action::Counter(17)).is_err(),
        "not higher"
    );
    assert!(
        g.apply(&mut refused, Action::Counter(41)).is_err(),
        "above his quote"
    );
    assert_eq!(refused, s, "a refused price changes nothing");
    g.apply(&mut s, Action::Counter(23)).unwrap();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[1].cash), (1477, 1523));
    assert_eq!(s.players[0].last_rent, 23);
}

#[test]
fn a_price_beyond_any_purse_or_the_ceiling_is_refused_by_name() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    let err = g.apply(&mut s, Action::Quote(u32::MAX)).unwrap_err();
    assert!(err.to_string().contains("quote"), "{err}");
    g.apply(&mut s, Action::Quote(2_000)).unwrap();
    assert!(
        !legal(&g, &s).contains(&Action::Lodge(TILE)),
        "not as it stands"
    );
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    // The lodger holds $1,500: he cannot accept $2,000 nor offer more than he holds.
    assert!(!legal(&g, &s).contains(&Action::Accept));
    assert!(g.apply(&mut s.clone(), Action::Counter(1_501)).is_err());
    assert!(g.apply(&mut s.clone(), Action::Counter(1_500)).is_ok());
}

#[test]
fn the_bargainer_quotes_to_the_dollar_what_the_customer_s_alternative_allows() {
    let g = game();
    let mut s = lodging_in_lisbon(&g);
    // Seat 1 holds both of Lisbon's rooms, Tram Lane with an apartment ($80): the
    // lodger's alternative is the fare to Porto and a room there, far above Tile Row's $4
    // reference.
    s.lots.0[TRAM as usize] = Lot { owner: 1, level: 3 };
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(
        choose(&g, &s, 1),
        Action::Quote(12),
        "the heuristic asks the dearest listed price"
    );
    let quote = Trader::bargainer().choose(&SeatView::new(&g, &s, 1), &mut Rng::for_stream(1, 0));
    let Action::Quote(dollars) = quote else {
        panic!("{quote:?}")
    };
    assert!(dollars > 12, "{dollars}");
    g.apply(&mut s, quote).unwrap();
    assert_eq!(
        choose(&g, &s, 0),
        Action::Lodge(TILE),
        "no dearer than his alternative: he takes it as it stands"
    );
    // One dollar more and the trader would rather ride on.
    let mut dearer = lodging_in_lisbon(&g);
    dearer.lots.0[TRAM as usize] = Lot { owner: 1, level: 3 };
    g.apply(&mut dearer, Action::Ask(TILE)).unwrap();
    g.apply(&mut dearer, Action::Quote(dollars + 1)).unwrap();
    assert_ne!(choose(&g, &dearer, 0), Action::Lodge(TILE));
}

/// Counters move towards agreement instead of stopping at a fixed share of the reference:
/// the bargainer as customer opens at half its best alternative, and an owner answers a
/// bid by meeting it halfway, no higher than the customer's alternative, which he then
/// takes.
#[test]
fn counters_meet_within_the_customer_s_alternative() {
    let g = game();
    let bargainer = |s: &State, seat: usize| {
        Trader::bargainer().choose(&SeatView::new(&g, s, seat), &mut Rng::for_stream(1, 0))
    };
    let mut s = lodging_in_lisbon(&g);
    // Tile Row's reference is $4; the bank's Tram Lane, the lodger's alternative, $2.
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Quote(Share::Double.of(4))).unwrap();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(bargainer(&s, 0), Action::Counter(1), "half its alternative");
    g.apply(&mut s, Action::Counter(1)).unwrap();
    // Halfway to the $8 quote would be $5 (the bargainer) or the middle listed share;
    // both stop at the lodger's $2, which he accepts.
    assert_eq!(bargainer(&s, 1), Action::Counter(2));
    assert_eq!(choose(&g, &s, 1), Action::Counter(2));
    g.apply(&mut s, Action::Counter(2)).unwrap();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    assert_eq!(bargainer(&s, 0), Action::Accept);
    // A bid of half the reference used to be taken at once; now the owner meets it halfway
    // when the lodger's alternative (here the fare and a room in Porto, Tram Lane being
    // the owner's too) leaves room above it.
    let mut s = lodging_in_lisbon(&g);
    s.lots.0[TRAM as usize] = Lot { owner: 1, level: 3 };
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Quote(Share::Triple.of(4))).unwrap();
    g.apply(&mut s, Action::Ask(TILE)).unwrap();
    g.apply(&mut s, Action::Counter(Share::Half.of(4))).unwrap();
    assert_eq!(choose(&g, &s, 1), Action::Counter(Share::OneAndHalf.of(4)));
    assert_eq!(bargainer(&s, 1), Action::Counter(7));
    // With no counter left, the bid is taken: the empty room earns nothing.
    s.bargain.as_mut().unwrap().counters = MAX_COUNTERS;
    assert_eq!(bargainer(&s, 1), Action::Accept);
}

#[test]
fn a_trader_who_cannot_pay_its_way_out_of_jail_sells_a_deed_first() {
    let g = game();
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    s.players[0].jailed = true;
    s.lots.0[TILE as usize].owner = 0;
    let worth = g.deed_worth(&s, TILE);
    // A few dollars short of the fee, with a deed worth more than the gap.
    s.players[0].cash = g.jail_fee(&s, 0) + 1 - worth;
    let bargainer = |s: &State| {
        Trader::bargainer().choose(&SeatView::new(&g, s, 0), &mut Rng::for_stream(1, 0))
    };
    let open = bargainer(&s);
    assert_eq!(open, Action::Draft(1), "a rescue package");
    assert_eq!(choose(&g, &s, 0), open, "the heuristic sells too");
    g.apply(&mut s, open).unwrap();
    for expected in [
        Action::Deed(TILE),
        Action::Pay(Side::Yours, When::Now, worth - 1),
        Action::Send,
    ] {
        let a = bargainer(&s);
        assert_eq!(a, expected);
        assert_eq!(choose(&g, &s, 0), a, "the heuristic drafts the same");
        g.apply(&mut s, a).unwrap();
    }
    assert_eq!(
        choose(&g, &s, 1),
        Action::Accept,
        "the buyer gains a dollar by it"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
    assert!(s.players[0].cash >= g.jail_fee(&s, 0), "enough for the fee");
}

#[test]
fn a_stay_s_bargain_shows_its_other_part_and_pays_nothing_until_both_are_agreed() {
    use gameshelf_engine::Presenter;
    use gameshelf_laissez_faire::present::LaissezFairePresenter;
    let g = game();
    let mut s = may_stay(&g);
    let terms = |s: &State, seat: usize| LaissezFairePresenter.terms(&g, Some(seat), s);
    g.apply(&mut s, Action::Stay).unwrap();
    g.apply(&mut s, Action::Quote(14)).unwrap();
    assert_eq!(
        terms(&s, 0),
        [
            "you bargain with seat 2 for the fee of Northern Power Co. for a stay, for you to \
             answer:",
            "  seat 2 asks $14",
            "  the bank's price for the same: $28",
            "  counter-offers so far: 0 of 6",
            "  your other option: moving on by the roll",
            "  nothing is paid until the stay's other part is agreed too",
        ]
    );
    g.apply(&mut s, Action::Accept).unwrap();
    g.apply(&mut s, Action::Quote(45)).unwrap();
    let owner = terms(&s, 1);
    assert_eq!(
        owner[..3],
        [
            "seat 1 bargains with you for the rent of a stay at Bayside Terrace, seat 1 to answer:",
            "  you ask $45",
            "  the bank's price for the same: $60; the most you may ask: $60",
        ]
    );
    // The rent takes no counters; both parts are paid together on acceptance.
    assert_eq!(
        owner[3],
        "  paid with it: $14 for the stay's other part, already agreed"
    );
    assert!(
        owner[5].starts_with("if seat 1 accepts: seat 1's net worth goes from")
            && owner[5].ends_with("its cash from $1500 to $1441"),
        "{owner:#?}"
    );
    assert!(
        owner[6].ends_with("your cash from $1500 to $1559"),
        "{owner:#?}"
    );
}
