//! `auction_on_decline=true`: a declined deed is auctioned to every player left, the lander
//! first, in turn order; bids beat the standing one and fit the bidder's cash; a pass drops
//! out; the last bidder pays and takes the deed; no bid leaves it with the bank.

mod common;

use common::{Recorded, TILE, TRAM, bargainer, game, heuristic, legal};
use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Game, Presenter};
use gameshelf_laissez_faire::present::{LaissezFairePresenter, turn_text};
use gameshelf_laissez_faire::state::MAX_RAISES;
use gameshelf_laissez_faire::{Action, BANK, LaissezFaire, Phase};

/// Seat 0 moves first, rolls 1+2 and lands on Tile Row ($60), a bank deed it may buy.
fn landed(g: &LaissezFaire) -> Recorded<'_> {
    let mut r = Recorded::new(g);
    r.play(Action::First(0));
    r.play(Action::Go);
    r.pass_others();
    r.play(Action::Roll(DicePair::new(1, 2)));
    assert_eq!(r.state.phase, Phase::Buy);
    assert_eq!(r.state.players[0].pos, TILE);
    r
}

fn on(players: usize) -> LaissezFaire {
    game(&format!(
        "laissez-faire(players={players},auction_on_decline=true)"
    ))
}

fn speaker(g: &LaissezFaire, r: &Recorded<'_>) -> usize {
    match g.actor(&r.state) {
        Actor::Player(p) => p,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_auction_opens_on_a_decline_only_with_the_variant() {
    let off = game("laissez-faire(players=3)");
    let mut r = landed(&off);
    r.play(Action::Decline);
    assert_ne!(r.state.phase, Phase::Auction);
    assert!(r.state.auction.is_none());

    let g = on(3);
    let mut r = landed(&g);
    r.play(Action::Decline);
    assert_eq!(r.state.phase, Phase::Auction);
    let a = r.state.auction.unwrap();
    assert_eq!((a.deed, a.bid, a.bidder), (TILE, 0, BANK));
    assert_eq!(speaker(&g, &r), 0, "the decliner speaks first");
    // Buying is unchanged: no auction.
    let mut r = landed(&g);
    r.play(Action::Buy);
    assert_ne!(r.state.phase, Phase::Auction);
}

#[test]
fn everyone_speaks_in_turn_order_and_no_bid_leaves_the_deed_with_the_bank() {
    let g = on(4);
    let mut r = landed(&g);
    r.play(Action::Decline);
    let cash = r.state.players.map(|p| p.cash);
    let mut order = Vec::new();
    while r.state.phase == Phase::Auction {
        order.push(speaker(&g, &r));
        r.play(Action::Pass);
    }
    assert_eq!(order, [0, 1, 2, 3]);
    assert_eq!(r.state.lots.0[TILE as usize].owner, BANK);
    assert_eq!(r.state.players.map(|p| p.cash), cash);
    // The turn goes on to the lodging step, as after a decline without the variant.
    assert!(matches!(r.state.phase, Phase::Posting | Phase::Lodge));
    r.replays();
}

#[test]
fn a_bid_must_beat_the_standing_one_and_fit_the_cash() {
    let g = on(3);
    let mut r = landed(&g);
    r.play(Action::Decline);
    let err = |r: &Recorded<'_>, a: Action| {
        let mut s = r.state.clone();
        g.apply(&mut s, a).unwrap_err().to_string()
    };
    let e = err(&r, Action::Bid(0));
    assert!(e.contains("must beat the standing bid of $0"), "{e}");
    r.play(Action::Bid(50));
    assert_eq!(speaker(&g, &r), 1);
    let e = err(&r, Action::Bid(50));
    assert!(e.contains("must beat the standing bid of $50"), "{e}");
    let cash = r.state.players[1].cash;
    let e = err(&r, Action::Bid(cash + 1));
    assert!(
        e.contains(&format!("may not exceed your cash of ${cash}")),
        "{e}"
    );
    // Any sum in range is legal, listed or not; the list is finite and in range.
    assert!(g.is_legal(&r.state, Action::Bid(51)));
    assert!(g.is_legal(&r.state, Action::Bid(777)));
    assert!(g.is_legal(&r.state, Action::Bid(cash)));
    let listed = legal(&g, &r.state);
    assert_eq!(listed[0], Action::Pass);
    assert!(listed.contains(&Action::Bid(51)) && listed.contains(&Action::Bid(cash)));
    assert!(
        listed[1..]
            .iter()
            .all(|a| matches!(a, Action::Bid(x) if *x > 50 && *x <= cash))
    );
    // A typed sum reaches the bid.
    assert_eq!(g.amount(Action::Bid(51)), Some(51));
    assert_eq!(g.with_amount(Action::Bid(51), 99), Some(Action::Bid(99)));
}

#[test]
fn the_last_bidder_pays_and_takes_the_deed_and_passers_drop_out() {
    let g = on(4);
    let mut r = landed(&g);
    r.play(Action::Decline);
    let before = r.state.players.map(|p| p.cash);
    let mut order = Vec::new();
    for a in [
        Action::Bid(30),
        Action::Bid(40),
        Action::Pass,
        Action::Pass,
        Action::Bid(45),
        Action::Bid(70),
    ] {
        order.push(speaker(&g, &r));
        r.play(a);
    }
    // Seats 2 and 3 passed: they are not asked again.
    assert_eq!(order, [0, 1, 2, 3, 0, 1]);
    assert_eq!(speaker(&g, &r), 0);
    // Nothing has moved yet.
    assert_eq!(r.state.lots.0[TILE as usize].owner, BANK);
    assert_eq!(r.state.players.map(|p| p.cash), before);
    r.play(Action::Pass);
    assert!(r.state.auction.is_none());
    assert_eq!(r.state.lots.0[TILE as usize].owner, 1);
    assert_eq!(r.state.players[1].cash, before[1] - 70);
    assert_eq!(r.state.players[0].cash, before[0]);
    assert!(matches!(r.state.phase, Phase::Posting | Phase::Lodge));
    r.replays();
}

#[test]
fn a_bid_after_everyone_else_passed_wins_at_once() {
    let g = on(3);
    let mut r = landed(&g);
    r.play_all([Action::Decline, Action::Pass, Action::Pass]);
    assert_eq!(speaker(&g, &r), 2);
    r.play(Action::Bid(1));
    assert!(r.state.auction.is_none());
    assert_eq!(r.state.lots.0[TILE as usize].owner, 2);
    r.replays();
}

#[test]
fn each_player_raises_at_most_the_limit() {
    let g = on(2);
    let mut r = landed(&g);
    r.play(Action::Decline);
    let mut bid = 0;
    for _ in 0..2 * MAX_RAISES {
        bid += 1;
        r.play(Action::Bid(bid));
    }
    assert_eq!(speaker(&g, &r), 0);
    assert_eq!(legal(&g, &r.state), [Action::Pass]);
    let mut s = r.state.clone();
    let e = g
        .apply(&mut s, Action::Bid(bid + 1))
        .unwrap_err()
        .to_string();
    assert!(e.contains(&format!("at most {MAX_RAISES} times")), "{e}");
    r.play(Action::Pass);
    assert_eq!(r.state.lots.0[TILE as usize].owner, 1);
    assert_eq!(r.state.players[1].cash, 1500 - bid);
    r.replays();
}

#[test]
fn the_presenter_words_bids_and_passes_for_every_viewer() {
    let g = on(3);
    let p = LaissezFairePresenter;
    let mut r = landed(&g);
    r.play(Action::Decline);
    let text = turn_text(&g, &r.state);
    assert!(
        text.contains("Auction of Tile Row: no bid yet (its price $60); seat 1 may bid"),
        "{text}"
    );
    let options = legal(&g, &r.state);
    assert_eq!(options[p.safe_choice(&g, &r.state, &options)], Action::Pass);
    r.play(Action::Bid(30));
    let s = &r.state;
    assert_eq!(
        p.describe_move(&g, s, Action::Bid(70), Some(1)),
        "you bid $70 for Tile Row"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Bid(70), Some(0)),
        "seat 2 bids $70 for Tile Row"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Bid(70), None),
        "seat 2 bids $70 for Tile Row"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Pass, Some(1)),
        "you pass in the auction of Tile Row"
    );
    assert_eq!(
        p.describe_move(&g, s, Action::Pass, None),
        "seat 2 passes in the auction of Tile Row"
    );
    assert!(
        g.describe_action(s, Action::Bid(45))
            .contains("bid $45 for Tile Row")
    );
    assert!(
        p.amount_prompt(&g, s, Action::Bid(31))
            .contains("your bid for Tile Row")
    );
    r.play(Action::Bid(70));
    let text = turn_text(&g, &r.state);
    assert!(
        text.contains(
            "Auction of Tile Row: standing bid $70 by seat 2; seat 3 may bid more or pass"
        ),
        "{text}"
    );
    let options = legal(&g, &r.state);
    assert_eq!(options[p.safe_choice(&g, &r.state, &options)], Action::Pass);
}

#[test]
fn the_bots_bid_for_a_set_up_to_its_worth_and_keep_their_reserve() {
    let g = on(3);
    let mut r = landed(&g);
    // Seat 1 holds Tram Lane, Lisbon's other property: Tile Row completes its set.
    r.state.lots.0[TRAM as usize].owner = 1;
    r.play(Action::Decline);
    r.play(Action::Pass);
    assert_eq!(speaker(&g, &r), 1);
    for bot in [heuristic, bargainer] {
        assert!(
            matches!(bot(&g, &r.state, 1), Action::Bid(x) if x > 0 && x <= 120),
            "a set's deed is worth bidding for"
        );
    }
    // Seat 2 holds nothing of Lisbon: Tile Row is worth its price to it, $60.
    let mut s = r.state.clone();
    g.apply(&mut s, Action::Bid(59)).unwrap();
    assert_eq!(
        heuristic(&g, &s, 2),
        Action::Bid(60),
        "a small raise up to its worth"
    );
    let mut s = r.state.clone();
    g.apply(&mut s, Action::Bid(61)).unwrap();
    assert_eq!(heuristic(&g, &s, 2), Action::Pass, "above its worth");
    assert_eq!(bargainer(&g, &s, 2), Action::Pass);
    // Seat 1 bids up to twice the price for its set, no more.
    let mut s = r.state.clone();
    s.auction.as_mut().unwrap().bid = 121;
    s.auction.as_mut().unwrap().bidder = 2;
    assert_eq!(heuristic(&g, &s, 1), Action::Pass, "above twice the price");
    // Short of cash above its reserve, it passes.
    let mut s = r.state.clone();
    s.players[1].cash = 210;
    assert_eq!(bargainer(&g, &s, 1), Action::Bid(10));
    s.players[1].cash = 200;
    assert_eq!(bargainer(&g, &s, 1), Action::Pass, "its reserve is kept");
}

#[test]
fn the_auction_variant_plays_out_with_bots() {
    use gameshelf_engine::{Bot, Rng, SeatView};
    use gameshelf_laissez_faire::bot::Trader;
    let g = game("laissez-faire(players=4,auction_on_decline=true,max_rounds=30)");
    let mut rng = Rng::for_stream(7, 0);
    let mut s = g.initial_state();
    let mut bots = [
        Trader::default(),
        Trader::bargainer(),
        Trader::default(),
        Trader::bargainer(),
    ];
    let mut auctions = 0;
    while !g.is_terminal(&s) {
        let a = match g.actor(&s) {
            Actor::Player(p) => bots[p].choose(&SeatView::new(&g, &s, p), &mut rng),
            _ => g.sample_chance(&s, &mut rng, &mut Default::default()),
        };
        auctions += usize::from(s.phase == Phase::Buy && a == Action::Decline);
        g.apply(&mut s, a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    assert!(auctions > 0);
}

/// The tally counts auctions held, deeds sold and the price paid as a share of the deed's
/// price, only when the variant is on.
#[test]
fn the_tally_counts_auctions_only_with_the_variant() {
    use gameshelf_engine::Tally;
    use gameshelf_laissez_faire::tally::LaissezFaireTally;
    let play = |g: &LaissezFaire, actions: &[Action]| {
        let mut r = landed(g);
        let mut tally = LaissezFaireTally::default();
        for &a in actions {
            tally.record(g, &r.state, a);
            r.play(a);
        }
        tally.finish(g, &r.state);
        tally
    };
    let g = on(3);
    let sold = play(
        &g,
        &[
            Action::Decline,
            Action::Bid(30),
            Action::Bid(45),
            Action::Pass,
            Action::Pass,
        ],
    );
    let a = sold.auctions.expect("counted with the variant on");
    assert_eq!((a.held, a.sold, a.price_percent), (1, 1, 75));
    assert!(
        sold.report()
            .contains("auctions of declined deeds per game: 1.00 held, 1.00 deeds sold"),
        "{}",
        sold.report()
    );
    let unsold = play(
        &g,
        &[Action::Decline, Action::Pass, Action::Pass, Action::Pass],
    );
    let a = unsold.auctions.unwrap();
    assert_eq!((a.held, a.sold), (1, 0));
    let off = play(&game("laissez-faire(players=3)"), &[Action::Decline]);
    assert!(off.auctions.is_none());
    assert!(!off.report().contains("auctions"));
    assert!(!serde_json::to_string(&off).unwrap().contains("auctions"));
}
