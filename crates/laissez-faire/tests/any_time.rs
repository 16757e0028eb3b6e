//! Negotiation at any time outside the mover's timed phases (ruling B7): the open floor
//! after a landing as well as before the roll (`floor`), its order, its limits and its
//! words, and the bots' moves there.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Bot, Game, Presenter, Rng, SeatView};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::present::{LaissezFairePresenter, turn_text};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Price, State, Status};

mod common;

use common::*;

/// Seat 0's roll from Start to the Jail corner (just visiting, a free stay): his turn has
/// resolved.
fn visit_jail(g: &LaissezFaire, s: &mut State) {
    go(g, s);
    g.apply(s, Action::Roll(DicePair::new(4, 6))).unwrap();
}

#[test]
fn after_the_landing_the_floor_goes_round_to_the_mover_last_then_the_next_turn() {
    let (g, mut s) = setup(4);
    visit_jail(&g, &mut s);
    assert_eq!((s.phase, s.floor_late, s.current), (Phase::Floor, true, 0));
    assert_eq!(floor_speakers(&g, &mut s), [1, 2, 3, 0]);
    assert_eq!((s.phase, s.current, s.floor_seat), (Phase::Manage, 1, None));
    assert!(!s.floor_late, "the next turn has its own floors");
    // The eliminated get no floor; a mover sent to jail still speaks (he still trades).
    let (g, mut s) = setup(4);
    s.players[2].status = Status::Eliminated;
    s.players[0].pos = 28;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 1))).unwrap(); // Go To Jail
    assert!(s.players[0].jailed);
    assert_eq!(floor_speakers(&g, &mut s), [1, 3, 0]);
    assert_eq!(s.current, 1);
}

/// Seat 0 rolls doubles from Start to the Jail corner (just visiting): his first
/// roll-turn has resolved, and the extra one is due.
fn doubles_to_jail_corner(g: &LaissezFaire, s: &mut State) {
    go(g, s);
    g.apply(s, Action::Roll(DicePair::new(5, 5))).unwrap();
}

#[test]
fn doubles_open_the_floor_between_the_roll_turns_then_the_extra_roll() {
    let (g, mut s) = setup(3);
    doubles_to_jail_corner(&g, &mut s);
    assert_eq!(
        (s.phase, s.floor_late, s.extra_roll),
        (Phase::Floor, true, true)
    );
    assert_eq!(
        floor_speakers(&g, &mut s),
        [1, 2, 0],
        "from the next player round to the mover"
    );
    assert_eq!(
        (s.phase, s.current, s.rolls, s.extra_roll),
        (Phase::Manage, 0, 1, false),
        "the extra roll-turn, with its window"
    );
    assert!(
        floor_speakers(&g, &mut s).is_empty(),
        "no floor in the window"
    );
    g.apply(&mut s, Action::Go).unwrap();
    assert_eq!(
        floor_speakers(&g, &mut s),
        [1, 2],
        "the floor before the roll"
    );
    g.apply(&mut s, Action::Roll(DicePair::new(4, 6))).unwrap(); // Rest Stop
    assert_eq!(
        floor_speakers(&g, &mut s),
        [1, 2, 0],
        "and the floor after the extra roll-turn's landing"
    );
    assert_eq!((s.phase, s.current), (Phase::Manage, 1));
}

#[test]
fn the_floor_between_roll_turns_follows_the_floor_parameter() {
    for (spec, between) in [
        ("laissez-faire(players=3,floor=before_roll)", vec![]),
        ("laissez-faire(players=3,floor=after_roll)", vec![1, 2, 0]),
        ("laissez-faire(players=3,floor_threads=0)", vec![]),
    ] {
        let g = game(spec);
        let mut s = g.initial_state();
        g.apply(&mut s, Action::First(0)).unwrap();
        doubles_to_jail_corner(&g, &mut s);
        assert_eq!(floor_speakers(&g, &mut s), between, "{spec}");
        assert_eq!(
            (s.phase, s.current, s.rolls),
            (Phase::Manage, 0, 1),
            "{spec}"
        );
    }
}

#[test]
fn threads_opened_between_roll_turns_run_as_any_other_then_the_mover_rolls_again() {
    let (g, mut s) = setup(3);
    doubles_to_jail_corner(&g, &mut s);
    // Seat 1 buys Tile Row from the mover between his roll-turns.
    g.apply(&mut s, Action::Offer(0, TILE, 90)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(0), "the mover answers");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(2)));
    g.apply(&mut s, Action::Pass).unwrap();
    // The mover speaks last, on his own threads' allowance of the floor.
    let offers = s.offers;
    g.apply(&mut s, Action::Offer(1, TRAM, 30)).unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.offers, offers, "the window's allowance is untouched");
    assert_eq!((s.current, s.phase), (0, Phase::Manage));
}

#[test]
fn the_floor_between_roll_turns_is_worded_for_every_viewer() {
    let (g, mut s) = setup(3);
    doubles_to_jail_corner(&g, &mut s);
    let text = turn_text(&g, &s);
    assert!(
        text.contains(
            "rolled doubles; the open floor: seat 2 may open a trade thread (with any \
             player) or pass, before seat 1 rolls again"
        ),
        "{text}"
    );
    let p = LaissezFairePresenter;
    for viewer in [Some(0), Some(1), Some(2), None] {
        assert_eq!(
            p.describe_move(&g, &s, Action::Pass, viewer),
            "seat 2: pass: open no trade thread now (seat 1's turn goes on)"
        );
    }
}

#[test]
fn floor_plays_each_moment_alone_or_both() {
    let play = |spec: &str| {
        let g = game(spec);
        let mut s = g.initial_state();
        g.apply(&mut s, Action::First(0)).unwrap();
        g.apply(&mut s, Action::Go).unwrap();
        let before = floor_speakers(&g, &mut s);
        assert_eq!(s.phase, Phase::Roll, "{spec}");
        g.apply(&mut s, Action::Roll(DicePair::new(4, 6))).unwrap();
        let after = floor_speakers(&g, &mut s);
        assert_eq!((s.current, s.phase), (1, Phase::Manage), "{spec}");
        (before, after)
    };
    assert_eq!(
        play("laissez-faire(players=3)"),
        (vec![1, 2], vec![1, 2, 0]),
        "both by default"
    );
    assert_eq!(
        play("laissez-faire(players=3,floor=before_roll)"),
        (vec![1, 2], vec![])
    );
    assert_eq!(
        play("laissez-faire(players=3,floor=after_roll)"),
        (vec![], vec![1, 2, 0])
    );
    assert_eq!(
        play("laissez-faire(players=3,floor_threads=0)"),
        (vec![], vec![]),
        "no floor at all without threads"
    );
    let refused = LaissezFaire::from_spec(&"laissez-faire(floor=never)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("floor"), "{refused}");
}

#[test]
fn threads_opened_after_the_landing_run_as_any_other_and_keep_the_allowance() {
    let (g, mut s) = setup(3);
    visit_jail(&g, &mut s);
    // Seat 1 buys Tile Row from the mover, who has just lodged.
    assert_eq!(g.actor(&s), Actor::Player(1));
    g.apply(&mut s, Action::Offer(0, TILE, 90)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(0), "the mover answers");
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.lots.0[TILE as usize].owner, 1);
    assert_eq!((s.players[0].cash, s.players[1].cash), (1590, 1410));
    // Its one thread used, the floor went on to seat 2, who may not build or go.
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(2)));
    for a in [Action::Go, Action::Build(TRAM), Action::Offer(0, TRAM, 10)] {
        assert!(g.apply(&mut s.clone(), a).is_err(), "{a}");
    }
    g.apply(&mut s, Action::Pass).unwrap();
    // The mover speaks last: he opens a thread of his own (his window's allowance is
    // untouched), and when it closes his turn ends.
    assert_eq!(g.actor(&s), Actor::Player(0));
    let offers = s.offers;
    g.apply(&mut s, Action::Offer(1, TRAM, 30)).unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.offers, offers);
    assert_eq!((s.current, s.phase), (1, Phase::Manage));
    assert_eq!(s.lots.0[TRAM as usize].owner, 1, "a refusal moves nothing");
}

#[test]
fn the_floor_after_the_landing_is_worded_for_every_viewer() {
    let (g, mut s) = setup(3);
    visit_jail(&g, &mut s);
    let text = turn_text(&g, &s);
    assert!(
        text.contains(
            "his turn is over; the open floor: seat 2 may open a trade thread (with any \
             player) or pass, before the next turn"
        ),
        "{text}"
    );
    let p = LaissezFairePresenter;
    let options = legal(&g, &s);
    assert_eq!(options[p.safe_choice(&g, &s, &options)], Action::Pass);
    for viewer in [Some(0), Some(1), Some(2), None] {
        assert_eq!(
            p.describe_move(&g, &s, Action::Pass, viewer),
            "seat 2: pass: open no trade thread now (seat 1's turn ends)"
        );
    }
}

#[test]
fn the_traders_pass_the_floor_after_the_landing() {
    // Seat 1 holds Tram Lane and wants Tile Row, seat 0's: it offers before the roll, and
    // passes after the landing, where the offer would only be refused again.
    let (g, mut s) = setup(3);
    let choose = |s: &State, seat: usize| {
        Trader::default().choose(&SeatView::new(&g, s, seat), &mut Rng::for_stream(1, 0))
    };
    g.apply(&mut s, Action::Go).unwrap();
    assert!(matches!(choose(&s, 1), Action::Offer(0, TILE, _)));
    floor_speakers(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(4, 6))).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Floor, Actor::Player(1)));
    assert_eq!(choose(&s, 1), Action::Pass);
    let bargainer =
        Trader::bargainer().choose(&SeatView::new(&g, &s, 1), &mut Rng::for_stream(1, 0));
    assert_eq!(bargainer, Action::Pass);
}

#[test]
fn no_floor_opens_once_the_game_is_over() {
    let g = game("laissez-faire(players=2,objective=last_standing)");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.players[0].jailed = true;
    s.players[0].jail_turns = 3;
    go(&g, &mut s);
    g.apply(&mut s, Action::Wait).unwrap();
    assert_eq!(s.players[0].status, Status::Eliminated);
    assert_eq!(s.phase, Phase::Over);
}

// ---- unasked fare offers -------------------------------------------------------------------

/// Seat 0 rolls from Start onto Tile Row (the bank's; he declines it), in Lisbon, where seat
/// 1 holds Tram Lane and seat 2 Coastline Rail: seat 1 may offer a room, seat 2 the fare to
/// Porto, before seat 0 chooses.
fn lodging_by_rail() -> (LaissezFaire, State) {
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = gameshelf_laissez_faire::BANK;
    s.lots.0[RAIL as usize].owner = 2;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    g.apply(&mut s, Action::Decline).unwrap();
    (g, s)
}

#[test]
fn the_transit_owner_offers_the_fare_unasked_and_the_lodger_rides_at_it() {
    let (g, mut s) = lodging_by_rail();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Posting, Actor::Player(1)));
    assert!(
        legal(&g, &s)
            .iter()
            .all(|a| matches!(a, Action::Pass | Action::Post(TRAM, _) | Action::Cover(..))),
        "seat 1 offers only his room (or to pay for another)"
    );
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    let options = legal(&g, &s);
    assert_eq!(options[0], Action::Pass);
    assert!(options.contains(&Action::Post(RAIL, 25)), "{options:?}");
    assert!(
        options[1..].iter().all(|a| match *a {
            Action::Post(space, _) => space == RAIL,
            Action::Cover(space, _) => space != RAIL,
            _ => false,
        }),
        "his fare, or paying for a room not his: {options:?}"
    );
    // Any price, listed or not.
    assert!(g.is_legal(&s, Action::Post(RAIL, 7)));
    g.apply(&mut s, Action::Post(RAIL, 7)).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    let choices = legal(&g, &s);
    assert!(
        choices.contains(&Action::Ride),
        "the offer taken as it stands"
    );
    assert!(choices.contains(&Action::Ask(RAIL)), "or answered");
    g.apply(&mut s, Action::Ride).unwrap();
    assert_eq!((s.players[0].cash, s.players[2].cash), (1493, 1507));
    assert_ne!(s.city, 0, "he lodges in Porto now");
    assert!(s.quotes.is_empty(), "the offers of Lisbon closed");
}

#[test]
fn a_fare_offer_is_countered_or_refused_as_a_room_is() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Post(RAIL, 30)).unwrap();
    g.apply(&mut s, Action::Ask(RAIL)).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Bargain, Actor::Player(0)));
    g.apply(&mut s, Action::Counter(10)).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.players[0].cash, s.players[2].cash), (1490, 1510));
    // Refused: the fare is closed for this lodging, the rooms stay.
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Post(RAIL, 30)).unwrap();
    g.apply(&mut s, Action::Ask(RAIL)).unwrap();
    g.apply(&mut s, Action::Refuse).unwrap();
    let choices = legal(&g, &s);
    assert!(!choices.contains(&Action::Ride) && !choices.contains(&Action::Ask(RAIL)));
    assert!(choices.contains(&Action::Ask(TRAM)));
}

#[test]
fn only_the_owner_offers_the_fare_and_only_to_a_lodger_who_may_ride() {
    let (g, s) = lodging_by_rail();
    // Seat 1 may not offer seat 2's fare, nor a space that is neither a room nor the fare.
    for bad in [
        Action::Post(RAIL, 5),
        Action::Post(0, 5),
        Action::Post(200, 5),
    ] {
        let err = g.apply(&mut s.clone(), bad).unwrap_err();
        assert!(err.reason.contains("legal actions"), "{bad}: {err:?}");
    }
    // A lodger who rode here (not arrived by dice) may not ride on: no fare is offered.
    let (g, mut s) = setup(3);
    s.lots.0[RAIL as usize].owner = 2;
    s.players[0].pos = 39;
    go(&g, &mut s);
    // From Bayside Terrace to Coastline Rail's space (Start on the way), then to Lisbon.
    g.apply(&mut s, Action::Roll(DicePair::new(2, 4))).unwrap();
    assert_eq!(s.phase, Phase::TransitChoice);
    g.apply(&mut s, Action::City(0)).unwrap();
    assert!(!s.via_transit);
    assert_eq!(
        g.actor(&s),
        Actor::Player(1),
        "only the room's owner may offer"
    );
    assert!(
        legal(&g, &s)
            .iter()
            .all(|a| !matches!(a, Action::Post(RAIL, _)))
    );
}

#[test]
fn fare_offers_are_worded_for_every_viewer_and_the_traders_post_them() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    let text = turn_text(&g, &s);
    assert!(
        text.contains(
            "seat 3 may offer him the fare on Coastline Rail unasked or offer to pay for his \
             room or fare, or pass"
        ),
        "{text}"
    );
    let p = LaissezFairePresenter;
    let reference = g.request_reference(&s, RAIL).unwrap();
    for viewer in [Some(0), Some(2), None] {
        assert_eq!(
            p.describe_move(&g, &s, Action::Post(RAIL, 7), viewer),
            format!(
                "seat 3: offer seat 1 the fare on Coastline Rail for $7 (the bank would ask \
                 ${reference})"
            )
        );
    }
    assert_eq!(
        p.choice_group(&g, &s, Action::Post(RAIL, 7)).as_deref(),
        Some("offer the fare on Coastline Rail")
    );
    // The traders post the fare as they post a room: under the lodger's best alternative,
    // here the bench, as both rooms of Lisbon are taken.
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = gameshelf_laissez_faire::BANK;
    s.lots.0[RAIL as usize].owner = 2;
    (s.players[1].pos, s.players[2].pos) = (TRAM, TILE);
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    g.apply(&mut s, Action::Decline).unwrap();
    // Seat 1, who may only pay for him, passes, as the traders do.
    let pass = Trader::default().choose(&SeatView::new(&g, &s, 1), &mut Rng::for_stream(1, 0));
    assert_eq!(pass, Action::Pass);
    g.apply(&mut s, pass).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    let heuristic = Trader::default().choose(&SeatView::new(&g, &s, 2), &mut Rng::for_stream(1, 0));
    let Action::Post(RAIL, price) = heuristic else {
        panic!("{heuristic}")
    };
    assert!(price > 0, "{heuristic}");
    g.apply(&mut s, heuristic).unwrap();
    let lines = p.terms(&g, Some(0), &s).join("\n");
    assert!(
        lines.contains(&format!("seat 3: the fare on Coastline Rail for ${price}")),
        "{lines}"
    );
    assert!(turn_text(&g, &s).contains("offers standing: seat 3's fare on Coastline Rail"));
}

// ---- third parties as payers -----------------------------------------------------------------

/// The price seat 0 pays for a room at `space` now, listed.
fn listed(g: &LaissezFaire, s: &State, space: u8) -> u32 {
    g.room_price(s, 0, space).and_then(Price::listed).unwrap()
}

#[test]
fn a_third_party_pays_part_of_a_room_and_it_executes_with_the_lodging() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    // Seat 2 offers to pay up to $1 of the bank's room at Tile Row.
    assert!(legal(&g, &s).contains(&Action::Cover(TILE, 1)));
    g.apply(&mut s, Action::Cover(TILE, 1)).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    let price = listed(&g, &s, TILE);
    assert!(price > 1);
    assert!(legal(&g, &s).contains(&Action::Covered(2)));
    let before = (s.players[0].cash, s.players[2].cash);
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(s.players[0].cash, before.0 - (price - 1));
    assert_eq!(s.players[2].cash, before.1 - 1);
    assert_eq!((s.players[0].pos, s.players[0].last_rent), (TILE, price));
    assert!(
        s.covers.iter().next().is_none(),
        "the lodging's offers closed"
    );
    assert_eq!(
        (s.phase, s.floor_late),
        (Phase::Floor, true),
        "the turn is over"
    );
}

#[test]
fn a_payer_pays_at_most_the_price_and_a_free_room_is_the_highlighted_choice() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Cover(TILE, 500)).unwrap();
    let price = listed(&g, &s, TILE);
    let options = legal(&g, &s);
    let p = LaissezFairePresenter;
    assert_eq!(
        options[p.safe_choice(&g, &s, &options)],
        Action::Covered(2),
        "it costs the lodger nothing"
    );
    let before = (s.players[0].cash, s.players[2].cash);
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(
        (s.players[0].cash, s.players[2].cash),
        (before.0, before.1 - price)
    );
}

#[test]
fn a_payer_s_offer_for_a_bargained_room_is_taken_once_the_owner_s_price_stands() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Cover(TRAM, 30)).unwrap();
    assert!(
        !legal(&g, &s).contains(&Action::Covered(2)),
        "seat 1's price is still to be agreed"
    );
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Quote(40)).unwrap();
    // Seat 3's $30 pays less than the $40 now standing: he may raise it first; he passes.
    assert_eq!((s.phase, g.actor(&s)), (Phase::Posting, Actor::Player(2)));
    g.apply(&mut s, Action::Pass).unwrap();
    assert!(legal(&g, &s).contains(&Action::Covered(2)));
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(
        (s.players[0].cash, s.players[1].cash, s.players[2].cash),
        (1490, 1540, 1470)
    );
    assert_eq!(s.players[0].last_rent, 40);
}

#[test]
fn a_payer_may_raise_his_offer_once_the_asked_owner_s_price_stands() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Cover(TRAM, 10)).unwrap();
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Quote(40)).unwrap();
    assert_eq!((s.phase, g.actor(&s)), (Phase::Posting, Actor::Player(2)));
    // Only his offer's room, only more than he offered; the listed sums stop at the price.
    let options = legal(&g, &s);
    assert_eq!(options[0], Action::Pass);
    assert!(
        options[1..]
            .iter()
            .all(|a| matches!(*a, Action::Cover(TRAM, x) if x > 10 && x <= 40)),
        "{options:?}"
    );
    assert!(options.contains(&Action::Cover(TRAM, 40)), "{options:?}");
    let refused = |a: Action| g.apply(&mut s.clone(), a).unwrap_err().reason;
    assert_eq!(
        refused(Action::Cover(TRAM, 10)),
        "a raise must be more than the $10 you offered"
    );
    assert_eq!(
        refused(Action::Cover(TILE, 20)),
        "a raise is for your offer's price, a room at Tram Lane"
    );
    let p = LaissezFairePresenter;
    assert_eq!(
        p.describe_move(&g, &s, Action::Cover(TRAM, 25), None),
        "seat 3: raise your offer of $10 to pay up to $25 of seat 1's price for a room at Tram \
         Lane ($40 now)"
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Pass, None),
        "seat 3: pass: keep your offer to pay up to $10"
    );
    assert_eq!(
        turn_text(&g, &s),
        "round 1, seat 1 must lodge in Lisbon; seat 3 may raise his offer to pay for a room at \
         Tram Lane (up to $10 now), or pass"
    );
    g.apply(&mut s, Action::Cover(TRAM, 25)).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    assert_eq!(s.covers.get(2).map(|c| c.sum), Some(25));
    // Once in a lodging: the owner's next price standing asks him nothing.
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Counter(30)).unwrap();
    g.apply(&mut s, Action::Counter(35)).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(
        (s.players[0].cash, s.players[1].cash, s.players[2].cash),
        (1490, 1535, 1475)
    );
}

#[test]
fn a_payer_whose_offer_pays_the_whole_price_is_not_asked_to_raise() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Cover(TRAM, 50)).unwrap();
    g.apply(&mut s, Action::Ask(TRAM)).unwrap();
    g.apply(&mut s, Action::Quote(40)).unwrap();
    assert_eq!(s.phase, Phase::Lodge, "$50 already pays the $40");
    assert!(legal(&g, &s).contains(&Action::Covered(2)));
}

#[test]
fn a_payer_helps_with_the_fare() {
    let (g, mut s) = setup(3);
    s.lots.0[TILE as usize].owner = gameshelf_laissez_faire::BANK;
    go(&g, &mut s);
    g.apply(&mut s, Action::Roll(DicePair::new(1, 2))).unwrap();
    g.apply(&mut s, Action::Decline).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    let fare = g
        .fare(&s, 0, 0)
        .listed()
        .expect("the bank's fare is listed");
    g.apply(&mut s, Action::Cover(RAIL, 10)).unwrap();
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(s.players[0].cash, 1500 - (fare - 10));
    assert_eq!(s.players[2].cash, 1490);
    assert_ne!(s.city, 0, "he rode to Porto");
}

#[test]
fn payers_offers_are_refused_when_they_cannot_stand() {
    let (g, mut s) = lodging_by_rail();
    // Seat 1 may not pay for his own room; nothing, or more than he holds, is no offer; and
    // each refusal names what is wrong.
    for (bad, why) in [
        (
            Action::Cover(TRAM, 5),
            "a room at Tram Lane is paid to seat 2: an owner names a lower price rather than \
             pay his own",
        ),
        (
            Action::Cover(TILE, 0),
            "an offer to pay must be at least $1",
        ),
        (
            Action::Cover(TILE, 1501),
            "an offer to pay of $1501 is more than the $1500 seat 2 holds",
        ),
        (
            Action::Cover(0, 5),
            "space 0 is not a price seat 1 pays now",
        ),
        (
            Action::Cover(200, 5),
            "space 200 is not a price seat 1 pays now",
        ),
    ] {
        let err = g.apply(&mut s.clone(), bad).unwrap_err();
        assert_eq!(err.reason, why, "{bad}");
    }
    assert!(g.is_legal(&s, Action::Cover(TILE, 1500)), "all his cash");
    // However little he holds, what he may pay is listed: $3 of a $25 fare.
    let mut poor = s.clone();
    poor.players[1].cash = 3;
    let options = legal(&g, &poor);
    assert!(options.contains(&Action::Cover(RAIL, 3)), "{options:?}");
    assert!(!g.is_legal(&poor, Action::Cover(RAIL, 4)));
    // Nor may the lodger take an offer nobody made.
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    assert!(g.apply(&mut s.clone(), Action::Covered(2)).is_err());
    // A payer without the cash when it is taken: nothing moves, his offer lapses, and the
    // lodger chooses again.
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    g.apply(&mut s, Action::Cover(TILE, 3)).unwrap();
    s.players[2].cash = 1;
    let before = s.clone();
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(s.phase, Phase::Lodge);
    assert_eq!(s.players, before.players, "nothing moved");
    assert_eq!(s.covers.get(2), None, "the offer lapsed");
    assert!(!legal(&g, &s).contains(&Action::Covered(2)));
}

#[test]
fn payers_offers_are_worded_for_every_viewer() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    let p = LaissezFairePresenter;
    let price = listed(&g, &s, TILE);
    assert_eq!(
        p.describe_move(&g, &s, Action::Cover(TILE, 1), None),
        format!(
            "seat 3: offer to pay up to $1 of seat 1's price for a room at Tile Row (${price} now)"
        )
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Cover(TRAM, 1), None),
        "seat 3: offer to pay up to $1 of seat 1's price for a room at Tram Lane (its price to be \
         agreed; the bank would ask $2)"
    );
    assert_eq!(
        p.choice_group(&g, &s, Action::Cover(TILE, 1)).as_deref(),
        Some("offer to pay for seat 1's room or fare")
    );
    g.apply(&mut s, Action::Cover(TILE, 1)).unwrap();
    assert!(
        turn_text(&g, &s).contains("offers standing: seat 3 pays up to $1 of a room at Tile Row"),
        "{}",
        turn_text(&g, &s)
    );
    let rest = price - 1;
    assert!(p.terms(&g, Some(0), &s).contains(&format!(
        "  seat 3 pays up to $1 of your price for a room at Tile Row; at ${price} now, seat 3 \
         pays $1 and you ${rest}"
    )));
    assert!(p.terms(&g, Some(2), &s).contains(&format!(
        "  you pay up to $1 of seat 1's price for a room at Tile Row; at ${price} now, you pay \
         $1 and seat 1 ${rest}"
    )));
    assert_eq!(
        p.describe_move(&g, &s, Action::Covered(2), Some(1)),
        format!(
            "seat 1: take seat 3's offer to pay: lodge at Tile Row for ${price}, of which seat 3 \
             pays $1 and the lodger ${rest}"
        )
    );
}

#[test]
fn the_traders_never_pay_for_a_rival_but_take_a_payer_s_help() {
    let (g, mut s) = lodging_by_rail();
    g.apply(&mut s, Action::Pass).unwrap();
    let choose = |s: &State, seat: usize| {
        Trader::default().choose(&SeatView::new(&g, s, seat), &mut Rng::for_stream(1, 0))
    };
    // Seat 2 owns the fare: it offers that, or passes, but never pays.
    assert!(!matches!(choose(&s, 2), Action::Cover(..)));
    g.apply(&mut s, Action::Cover(TILE, 1)).unwrap();
    assert_eq!(
        choose(&s, 0),
        Action::Covered(2),
        "the cheapest room, cheaper"
    );
    assert_eq!(
        Trader::bargainer().choose(&SeatView::new(&g, &s, 0), &mut Rng::for_stream(1, 0)),
        Action::Covered(2)
    );
}

#[test]
fn records_with_payers_replay_exactly() {
    use gameshelf_engine::{Record, play};
    let g = game("laissez-faire(players=3,max_rounds=12)");
    let (mut covers, mut covered, mut late) = (0, 0, 0);
    for i in 0..6 {
        let mut bots: Vec<Box<dyn Bot<LaissezFaire>>> = (0..g.num_players())
            .map(|_| Box::new(gameshelf_engine::RandomBot::default()) as _)
            .collect();
        let mut record = Record::new(&g);
        let mut s = g.initial_state();
        play(&g, &mut s, &mut bots, &mut Rng::for_stream(5, i), |b, a| {
            covers += usize::from(matches!(a, Action::Cover(..)));
            covered += usize::from(matches!(a, Action::Covered(_)));
            late += usize::from(b.floor_late && matches!(a, Action::Offer(..) | Action::Draft(_)));
            record.actions.push(a);
        });
        let back = Record::<Action>::from_json(&record.to_json()).unwrap();
        assert_eq!(back.replay(&g).unwrap(), s, "game {i}");
    }
    assert!(covers > 0, "payers offered");
    assert!(covered > 0, "lodgers took a payer's help");
    assert!(late > 0, "threads were opened after a landing");
}
