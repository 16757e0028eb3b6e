//! A stay's bargain, opened by the stayer's bid or joined by payers.
//!
//! Payers: once a player chooses to stay and a part of the stay is a player owner's to
//! price, the other players may offer to pay part of its rent or of its utility fee
//! ([`Action::Cover`]) before the bargain opens, and he takes an offer ([`Action::Covered`])
//! instead of accepting the price that settles the stay: the payer's part and his rest are
//! paid together, or nothing moves.
//!
//! Bids: instead of letting the owner quote first, the stayer may stay with a price of his
//! own for the fee or the rent ([`Action::Tender`]; a rent bid waits for the fee to be
//! agreed), which the owner takes or counters (at most the ceiling), or, for a fee, refuses.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Game, Presenter};
use gameshelf_laissez_faire::present::{LaissezFairePresenter, turn_text};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Service, State};

mod common;

use common::*;

/// Quay Street's forward utility, Northern Power Co., the bank's.
const POWER: u8 = 12;

/// A three-player game played from its start: seat 0 buys Quay Street on 3+3, lodges there
/// and builds two houses in his extra roll-turn's window, then moves on to Bridge Hill;
/// seat 1 lands on Quay Street with 3+3, takes a room there at seat 0's price of $30, and
/// in his extra roll-turn rolls 3+4 and may stay.
fn stay_offered(g: &LaissezFaire) -> Recorded<'_> {
    let mut game = Recorded::new(g);
    game.play_all([Action::First(0), Action::Go]);
    game.pass_others();
    game.play_all([Action::Roll(DicePair::new(3, 3)), Action::Buy]);
    game.pass_others();
    game.play(Action::Lodge(QUAY));
    game.pass_others();
    game.play_all([Action::Build(QUAY), Action::Build(QUAY), Action::Go]);
    game.pass_others();
    game.play_all([
        Action::Roll(DicePair::new(1, 2)),
        Action::Move,
        Action::Decline,
    ]);
    game.pass_others();
    game.play(Action::Lodge(9));
    game.pass_others();
    // Seat 1's turn.
    game.play(Action::Go);
    game.pass_others();
    game.play(Action::Roll(DicePair::new(3, 3)));
    // Seat 2 passes; seat 0 offers his room for $30.
    game.play_all([Action::Pass, Action::Post(QUAY, 30), Action::Lodge(QUAY)]);
    game.pass_others();
    game.play(Action::Go);
    game.pass_others();
    game.play(Action::Roll(DicePair::new(3, 4)));
    assert_eq!(game.state.phase, Phase::StayChoice);
    assert_eq!(game.state.players[1].last_rent, 30);
    game
}

/// [`stay_offered`], and seat 1 chooses to stay: the payers speak first.
fn staying(g: &LaissezFaire) -> Recorded<'_> {
    let mut game = stay_offered(g);
    game.play(Action::Stay);
    let s = &game.state;
    assert_eq!((s.phase, g.actor(s)), (Phase::Posting, Actor::Player(2)));
    game
}

/// The cash of the three seats.
fn cash(s: &State) -> [u32; 3] {
    [0, 1, 2].map(|i| s.players[i].cash)
}

#[test]
fn a_payer_pays_part_of_a_stays_rent_and_the_stayer_the_rest_together() {
    let g = game("laissez-faire(players=3)");
    let mut game = staying(&g);
    // Seat 3 may pay part of the rent (seat 1's, to bargain: $30 at most) or of the bank's
    // fee ($7 x 10 = $70), within his cash.
    let options = legal(&g, &game.state);
    assert!(options.contains(&Action::Cover(QUAY, 30)), "{options:?}");
    assert!(options.contains(&Action::Cover(POWER, 70)), "{options:?}");
    assert!(!options.contains(&Action::Cover(QUAY, 45)), "{options:?}");
    game.play(Action::Cover(QUAY, 20));
    // Seat 1, the rent's owner, may pay part of the fee only; he passes.
    assert_eq!(g.actor(&game.state), Actor::Player(0));
    assert!(
        legal(&g, &game.state)
            .iter()
            .all(|a| !matches!(a, Action::Cover(QUAY, _)))
    );
    game.play(Action::Pass);
    let b = game.state.bargain.unwrap();
    assert_eq!((b.service, b.extra), (Service::StayRent(QUAY), 70));
    // No price stands yet: nothing to take.
    assert!(!legal(&g, &game.state).contains(&Action::Covered(2)));
    let before = cash(&game.state);
    game.play(Action::Quote(25));
    assert_eq!(
        legal(&g, &game.state),
        [Action::Accept, Action::Refuse, Action::Covered(2)]
    );
    game.play(Action::Covered(2));
    let s = &game.state;
    assert_eq!(
        cash(s),
        [before[0] + 25, before[1] + 20 - 95, before[2] - 20],
        "seat 3 pays $20 of the rent, seat 2 the other $5 and the $70 fee"
    );
    assert_eq!((s.players[1].pos, s.players[1].last_rent), (QUAY, 25));
    assert!(s.covers.iter().next().is_none() && !s.staying);
    game.replays();
}

#[test]
fn a_payer_may_pay_the_whole_fee_and_the_rents_owner_may_pay_it() {
    let g = game("laissez-faire(players=3)");
    let mut game = staying(&g);
    game.play(Action::Pass);
    // Seat 1 owns the rent, not the fee: he may pay the fee, more than it costs even.
    game.play(Action::Cover(POWER, 100));
    let before = cash(&game.state);
    game.play(Action::Quote(30));
    // A trader staying takes the help when what is left is worth less than moving on, and
    // refuses the whole $100 otherwise.
    assert_eq!(heuristic(&g, &game.state, 1), Action::Covered(0));
    let mut alone = game.state.clone();
    alone.covers.clear();
    assert_eq!(heuristic(&g, &alone, 1), Action::Refuse);
    game.play(Action::Covered(0));
    assert_eq!(
        cash(&game.state),
        [before[0] + 30 - 70, before[1] - 30, before[2]],
        "seat 1 pays the whole $70 fee, seat 2 only the rent"
    );
    game.replays();
}

#[test]
fn a_payer_short_at_acceptance_moves_nothing_and_the_stayer_answers_again() {
    let g = game("laissez-faire(players=3)");
    let mut game = staying(&g);
    game.play_all([Action::Cover(QUAY, 30), Action::Pass, Action::Quote(30)]);
    let mut s = game.state.clone();
    // His cash is gone before it is taken (a test's shortcut for a payment made elsewhere).
    s.players[2].cash = 10;
    let before = s.clone();
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(s.players, before.players, "nothing moved");
    assert_eq!(s.covers.get(2), None, "the offer lapsed");
    assert_eq!((s.phase, g.actor(&s)), (Phase::Bargain, Actor::Player(1)));
    assert_eq!(legal(&g, &s), [Action::Accept, Action::Refuse]);
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[1].last_rent, 30);
}

#[test]
fn offers_to_pay_that_may_not_be_made_are_refused_by_name() {
    let g = game("laissez-faire(players=3)");
    let mut game = staying(&g);
    let s = &game.state;
    let refused = |a: Action| g.apply(&mut s.clone(), a).unwrap_err().reason;
    assert_eq!(
        refused(Action::Cover(QUAY, 0)),
        "an offer to pay must be at least $1"
    );
    let held = s.players[2].cash;
    assert_eq!(
        refused(Action::Cover(QUAY, held + 1)),
        format!(
            "an offer to pay of ${} is more than the ${held} seat 3 holds",
            held + 1
        )
    );
    assert_eq!(
        refused(Action::Cover(TRAM, 5)),
        "space 1 is not a price seat 2 pays now"
    );
    game.play(Action::Pass);
    assert_eq!(
        g.apply(&mut game.state.clone(), Action::Cover(QUAY, 5))
            .unwrap_err()
            .reason,
        "the rent of a stay at Quay Street is paid to seat 1: an owner names a lower price \
         rather than pay his own"
    );
}

#[test]
fn the_offers_lapse_when_the_stay_falls_through() {
    let g = game("laissez-faire(players=3)");
    let mut game = staying(&g);
    game.play_all([Action::Cover(QUAY, 30), Action::Pass, Action::Quote(30)]);
    game.play(Action::Refuse);
    let s = &game.state;
    assert_ne!(s.players[1].pos, QUAY, "he moved by his roll");
    assert!(!s.staying);
    assert_eq!(s.covers.get(2), None);
    game.replays();
}

#[test]
fn an_offer_is_taken_only_with_the_price_that_settles_the_stay() {
    let g = game("laissez-faire(players=3)");
    let mut s = stay_offered(&g).state;
    // Seat 3 owns the utility now: the fee is bargained first, then the rent.
    s.lots.0[usize::from(POWER)].owner = 2;
    g.apply(&mut s, Action::Stay).unwrap();
    // Seat 3 may pay part of the rent, not of his own fee.
    assert!(
        legal(&g, &s)
            .iter()
            .all(|a| !matches!(a, Action::Cover(POWER, _)))
    );
    g.apply(&mut s, Action::Cover(QUAY, 10)).unwrap();
    g.apply(&mut s, Action::Pass).unwrap();
    assert_eq!(s.bargain.unwrap().service, Service::StayUtility(POWER));
    g.apply(&mut s, Action::Quote(28)).unwrap();
    // Accepting the fee pays nothing yet: the offer waits for the rent's price.
    assert!(!legal(&g, &s).contains(&Action::Covered(2)));
    g.apply(&mut s, Action::Accept).unwrap();
    g.apply(&mut s, Action::Quote(30)).unwrap();
    assert!(legal(&g, &s).contains(&Action::Covered(2)));
    let before = cash(&s);
    g.apply(&mut s, Action::Covered(2)).unwrap();
    assert_eq!(
        cash(&s),
        [before[0] + 30, before[1] + 10 - 58, before[2] - 10 + 28]
    );
}

#[test]
fn a_stays_payers_are_worded_for_every_viewer() {
    let g = game("laissez-faire(players=3)");
    let mut game = staying(&g);
    let p = LaissezFairePresenter;
    let s = &game.state;
    assert_eq!(
        p.describe_move(&g, s, Action::Cover(QUAY, 20), None),
        "seat 3: offer to pay up to $20 of seat 2's price for the rent of a stay at Quay Street \
         (its price to be agreed; the bank would ask $30)"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Cover(POWER, 20), None),
        "seat 3: offer to pay up to $20 of seat 2's price for the fee of Northern Power Co. for \
         a stay ($70 now)"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Pass, None),
        "seat 3: pass: offer to pay nothing for seat 2's stay"
    );
    assert_eq!(
        p.choice_group(&g, s, Action::Cover(QUAY, 20)).as_deref(),
        Some("offer to pay for seat 2's stay")
    );
    assert_eq!(
        turn_text(&g, s),
        "round 1, seat 2 chose to stay at Quay Street; seat 3 may offer to pay part of its rent \
         or fee, or pass"
    );
    assert_eq!(
        p.terms(&g, Some(1), s),
        [
            "you choose to stay at Quay Street; the others may offer to pay part of it first:",
            "  the rent of a stay at Quay Street: seat 1's price (the bank would ask $30)",
            "  the fee of Northern Power Co. for a stay: $70",
        ]
    );
    game.play_all([Action::Cover(QUAY, 20), Action::Pass, Action::Quote(25)]);
    let s = &game.state;
    let offer = |viewer| {
        p.terms(&g, viewer, s)
            .into_iter()
            .find(|l| l.contains("up to $20"))
            .unwrap()
    };
    assert_eq!(
        offer(Some(1)),
        "  seat 3 pays up to $20 of your price for the rent of a stay at Quay Street; at $95 \
         now, seat 3 pays $20 and you $75"
    );
    assert_eq!(
        offer(Some(2)),
        "  you pay up to $20 of seat 2's price for the rent of a stay at Quay Street; at $95 \
         now, you pay $20 and seat 2 $75"
    );
    assert_eq!(
        offer(None),
        "  seat 3 pays up to $20 of seat 2's price for the rent of a stay at Quay Street; at $95 \
         now, seat 3 pays $20 and seat 2 $75"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Covered(2), Some(1)),
        "seat 2: take seat 3's offer to pay towards the rent of a stay at Quay Street: stay at \
         Quay Street, rent and fee together, for $95, of which seat 3 pays $20 and the stayer $75"
    );
}

#[test]
fn a_stayer_may_open_the_rent_with_a_bid_the_owner_takes() {
    let g = game("laissez-faire(players=3)");
    let mut game = stay_offered(&g);
    // The fee is the bank's ($70): the rent is bargained first, and bid for up to the
    // ceiling of $30.
    let options = legal(&g, &game.state);
    assert!(options.contains(&Action::Tender(QUAY, 15)), "{options:?}");
    assert!(options.contains(&Action::Tender(QUAY, 30)), "{options:?}");
    assert!(!options.contains(&Action::Tender(QUAY, 45)), "{options:?}");
    assert!(
        options
            .iter()
            .all(|a| !matches!(a, Action::Tender(POWER, _))),
        "the bank's fee is not bargained"
    );
    assert_eq!(
        LaissezFairePresenter.describe_move(&g, &game.state, Action::Tender(QUAY, 20), None),
        "seat 2: stay, offering seat 1 $20 for the rent of a stay at Quay Street (the bank \
         would ask $30, at most $30 may be asked): he may take it, or counter up to that"
    );
    // Any sum up to the ceiling may be named.
    game.play(Action::Tender(QUAY, 17));
    // The payers speak first, then the owner answers the bid.
    game.pass_others();
    let s = &game.state;
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.service, b.bid, b.ask),
        (Service::StayRent(QUAY), Some(17), None)
    );
    assert_eq!(g.actor(s), Actor::Player(0));
    let answers = legal(&g, s);
    assert_eq!(answers[0], Action::Accept);
    assert!(
        !answers.contains(&Action::Refuse),
        "a stay's rent is not refused"
    );
    let before = cash(s);
    game.play(Action::Accept);
    let s = &game.state;
    assert_eq!(cash(s), [before[0] + 17, before[1] - 17 - 70, before[2]]);
    assert_eq!((s.players[1].pos, s.players[1].last_rent), (QUAY, 17));
    game.replays();
}

#[test]
fn the_owner_counters_a_stay_bid_up_to_the_ceiling_and_the_stayer_takes_it_or_moves_on() {
    let g = game("laissez-faire(players=3)");
    let mut game = stay_offered(&g);
    game.play(Action::Tender(QUAY, 10));
    game.pass_others();
    let s = &game.state;
    // He may not refuse: silence plays his dearest counter, the ceiling.
    let answers = legal(&g, s);
    assert_eq!(
        answers[LaissezFairePresenter.safe_choice(&g, s, &answers)],
        Action::Counter(30)
    );
    assert!(!g.is_legal(s, Action::Counter(31)), "above the ceiling");
    assert!(!g.is_legal(s, Action::Counter(10)), "not above the bid");
    game.play(Action::Counter(25));
    let s = &game.state;
    let b = s.bargain.unwrap();
    assert_eq!((b.ask, b.bid, b.counters), (Some(25), Some(10), 0));
    // A stay's rent takes no counters: he takes the owner's price or moves on.
    assert_eq!(legal(&g, s), [Action::Accept, Action::Refuse]);
    let mut moved = game.state.clone();
    g.apply(&mut moved, Action::Refuse).unwrap();
    assert_ne!(moved.players[1].pos, QUAY, "he moved by his roll");
    game.play(Action::Accept);
    assert_eq!(game.state.players[1].last_rent, 25);
    game.replays();
}

#[test]
fn a_bid_for_a_stays_fee_opens_it_and_the_rents_bargain_follows() {
    let g = game("laissez-faire(players=3)");
    let mut s = stay_offered(&g).state;
    // Seat 3 owns the utility now: the fee is bargained first.
    s.lots.0[usize::from(POWER)].owner = 2;
    let options = legal(&g, &s);
    assert!(options.contains(&Action::Tender(POWER, 14)), "{options:?}");
    assert_eq!(
        g.apply(&mut s.clone(), Action::Tender(TRAM, 10))
            .unwrap_err()
            .reason,
        "a bid at this stay is for the fee of Northern Power Co. for a stay or the rent of a \
         stay at Quay Street"
    );
    // The fee's owner may refuse a bid: the stay falls through.
    let mut refused = s.clone();
    g.apply(&mut refused, Action::Tender(POWER, 1)).unwrap();
    while refused.phase == Phase::Posting {
        g.apply(&mut refused, Action::Pass).unwrap();
    }
    assert_eq!(g.actor(&refused), Actor::Player(2));
    g.apply(&mut refused, Action::Refuse).unwrap();
    assert_ne!(refused.players[1].pos, QUAY);
    // Taken, the fee stands with the rent to bargain: nothing is paid yet.
    g.apply(&mut s, Action::Tender(POWER, 14)).unwrap();
    while s.phase == Phase::Posting {
        g.apply(&mut s, Action::Pass).unwrap();
    }
    let before = cash(&s);
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(cash(&s), before);
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.service, b.extra, b.floor, b.bid),
        (Service::StayRent(QUAY), 14, 0, None)
    );
    g.apply(&mut s, Action::Quote(30)).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(cash(&s), [before[0] + 30, before[1] - 44, before[2] + 14]);
}

#[test]
fn a_bid_for_the_rent_waits_for_the_fee_to_be_agreed() {
    let g = game("laissez-faire(players=3)");
    let mut s = stay_offered(&g).state;
    // Seat 3 owns the utility now: the fee is bargained first, and a bid for the rent opens
    // the rent's bargain once the fee is agreed.
    s.lots.0[usize::from(POWER)].owner = 2;
    let options = legal(&g, &s);
    assert!(options.contains(&Action::Tender(QUAY, 15)), "{options:?}");
    assert!(
        !options.contains(&Action::Tender(QUAY, 45)),
        "above the ceiling"
    );
    assert_eq!(
        LaissezFairePresenter.describe_move(&g, &s, Action::Tender(QUAY, 20), None),
        "seat 2: stay, offering seat 1 $20 for the rent of a stay at Quay Street, once the fee \
         of Northern Power Co. for a stay is agreed (the bank would ask $30, at most $30 may be \
         asked): he may take it, or counter up to that"
    );
    g.apply(&mut s, Action::Tender(QUAY, 20)).unwrap();
    while s.phase == Phase::Posting {
        g.apply(&mut s, Action::Pass).unwrap();
    }
    // The fee's owner quotes first, as ever.
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.service, b.bid, b.rent_bid),
        (Service::StayUtility(POWER), None, Some(20))
    );
    g.apply(&mut s, Action::Quote(28)).unwrap();
    let before = cash(&s);
    g.apply(&mut s, Action::Accept).unwrap();
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.service, b.bid, b.ask, b.extra, b.floor),
        (Service::StayRent(QUAY), Some(20), None, 28, 0)
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(cash(&s), [before[0] + 20, before[1] - 48, before[2] + 28]);
    assert_eq!(s.players[1].last_rent, 20);
}

#[test]
fn a_rent_bid_the_agreed_fee_leaves_unpaid_is_dropped() {
    let g = game("laissez-faire(players=3)");
    let mut s = stay_offered(&g).state;
    s.lots.0[usize::from(POWER)].owner = 2;
    s.players[1].cash = 50;
    g.apply(&mut s, Action::Tender(QUAY, 30)).unwrap();
    while s.phase == Phase::Posting {
        g.apply(&mut s, Action::Pass).unwrap();
    }
    g.apply(&mut s, Action::Quote(28)).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    // $28 and $30 are more than his $50: the rent's owner quotes instead.
    let b = s.bargain.unwrap();
    assert_eq!(
        (b.service, b.bid, b.floor),
        (Service::StayRent(QUAY), None, 0)
    );
}

#[test]
fn stay_bids_that_may_not_be_made_are_refused_by_name() {
    let g = game("laissez-faire(players=3)");
    let game = stay_offered(&g);
    let mut s = game.state;
    let refused = |s: &State, a: Action| g.apply(&mut s.clone(), a).unwrap_err().reason;
    assert_eq!(
        refused(&s, Action::Tender(QUAY, 31)),
        "a bid for the rent of a stay at Quay Street may be at most its ceiling of $30"
    );
    // With $90, the $70 fee leaves $20 for the rent.
    s.players[1].cash = 90;
    assert!(g.is_legal(&s, Action::Tender(QUAY, 20)));
    assert_eq!(
        refused(&s, Action::Tender(QUAY, 21)),
        "a bid of $21 and the $70 of the stay's other part are more than the $90 player 2 holds"
    );
}
