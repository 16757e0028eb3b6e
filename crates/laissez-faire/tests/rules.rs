//! The rulings' oracle list (B10) and the turn machine (B3), one test per entry.

use gameshelf_engine::dice::DicePair;
use gameshelf_engine::{Actor, Game, Presenter};
use gameshelf_laissez_faire::present::LaissezFairePresenter;
use gameshelf_laissez_faire::{
    Action, BANK, EndKind, LaissezFaire, Phase, Price, State, Status, capacity,
};

/// Closes the window with `Go`, and every other player passes the open floor: the roll (or
/// the jail decision) comes next.
fn go(g: &LaissezFaire, s: &mut State) {
    g.apply(s, Action::Go).unwrap();
    pass_others(g, s);
}

/// The other players pass: the open floor now open, if any (after a landing: the turn
/// ends), and the owners' and payers' offers before the lodger chooses.
fn pass_others(g: &LaissezFaire, s: &mut State) {
    while matches!(s.phase, Phase::Floor | Phase::Posting) {
        g.apply(s, Action::Pass).unwrap();
    }
}

fn game(spec: &str) -> LaissezFaire {
    LaissezFaire::from_spec(&spec.parse().unwrap()).unwrap()
}

/// A started game: seat 0 moves first and stands in its management window.
fn started(g: &LaissezFaire) -> State {
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s
}

fn roll(a: u8, b: u8) -> Action {
    Action::Roll(DicePair::new(a, b))
}

fn legal(g: &LaissezFaire, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// Seat 0 at `pos`, rolls `a`+`b` from its management window.
fn move_from(g: &LaissezFaire, s: &mut State, pos: u8, a: u8, b: u8) {
    s.players[0].pos = pos;
    go(g, s);
    g.apply(s, roll(a, b)).unwrap();
    pass_others(g, s);
}

// ---- jail ---------------------------------------------------------------------------------

#[test]
fn jail_fees_by_side_and_turn() {
    let g = game("laissez-faire");
    let mut s = started(&g);
    let table = [
        [55, 60, 65],
        [110, 120, 130],
        [165, 180, 195],
        [220, 240, 260],
    ];
    for (side, fees) in table.iter().enumerate() {
        for (t, &fee) in fees.iter().enumerate() {
            s.players[0].jail_side = side as u8;
            s.players[0].jail_turns = t as u8 + 1;
            assert_eq!(g.jail_fee(&s, 0), fee, "side {side}, turn {}", t + 1);
        }
    }
}

#[test]
fn go_to_jail_costs_165_at_the_first_chance_and_doubles_do_not_free() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 28, 1, 1);
    assert!(s.players[0].jailed);
    assert_eq!(s.players[0].pos, g.board().jail);
    assert_eq!(s.current, 1, "going to jail ends the turn, doubles or not");
    // Seat 1 sits on Rest; next turn seat 0 is jailed.
    s.players[1].pos = 10;
    go(&g, &mut s);
    g.apply(&mut s, roll(4, 6)).unwrap();
    pass_others(&g, &mut s);
    assert_eq!(s.current, 0);
    go(&g, &mut s);
    assert_eq!(s.phase, Phase::JailFee, "a jailed player never rolls");
    assert_eq!(g.jail_fee(&s, 0), 165);
    g.apply(&mut s, Action::PayFee).unwrap();
    assert_eq!(s.players[0].cash, 1500 - 165);
    assert!(!s.players[0].jailed);
    assert_eq!(
        s.phase,
        Phase::Manage,
        "the turn goes on from the Jail corner"
    );
}

fn unpaid_jail_eliminates_after(chances: u8) {
    let g = game(&format!("laissez-faire(players=3,jail_chances={chances})"));
    let mut s = started(&g);
    s.players[0].jailed = true;
    s.players[0].jail_turns = 1;
    s.players[0].jail_side = 0;
    for t in 1..=chances {
        s.current = 0;
        s.players[0].jail_turns = t;
        s.phase = Phase::Manage;
        go(&g, &mut s);
        g.apply(&mut s, Action::Wait).unwrap();
        pass_others(&g, &mut s);
        let out = s.players[0].status == Status::Eliminated;
        assert_eq!(out, t == chances, "jail turn {t} of {chances}");
    }
}

#[test]
fn not_paying_by_the_last_jail_turn_eliminates() {
    unpaid_jail_eliminates_after(3);
    unpaid_jail_eliminates_after(2);
}

#[test]
fn park_bench_jails_on_the_city_side() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 33, 2, 4); // 39 Bayside Terrace, Melbourne (side 3)
    g.apply(&mut s, Action::Decline).unwrap();
    pass_others(&g, &mut s);
    g.apply(&mut s, Action::Bench).unwrap();
    assert!(s.players[0].jailed);
    assert_eq!(s.players[0].jail_side, 3);
    s.players[0].jail_turns = 1;
    assert_eq!(g.jail_fee(&s, 0), 220);
}

// ---- Start and doubles -------------------------------------------------------------------

#[test]
fn passing_or_landing_on_start_pays_100() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 36, 3, 1); // lands on Start
    assert_eq!(s.players[0].cash, 1600);
    let mut s = started(&g);
    move_from(&g, &mut s, 38, 1, 2); // passes to 1
    assert_eq!(s.players[0].cash, 1600);
}

#[test]
fn after_a_declaration_start_removes_the_token_and_pays_nothing() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    s.players[0].cash = 2000;
    assert!(legal(&g, &s).contains(&Action::DeclareRace));
    s.players[0].cash = 1999;
    assert!(
        !legal(&g, &s).contains(&Action::DeclareRace),
        "NW >= 2000 to declare"
    );
    s.players[0].cash = 2000;
    g.apply(&mut s, Action::DeclareRace).unwrap();
    move_from(&g, &mut s, 38, 1, 2);
    assert_eq!(s.players[0].status, Status::Removed);
    assert_eq!(s.players[0].cash, 2000);
    assert_eq!(s.current, 1);
}

#[test]
fn doubles_give_one_extra_roll_turn_only() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 0, 5, 5); // Jail corner, visiting: a free stay
    assert_eq!((s.current, s.phase), (0, Phase::Manage), "extra roll-turn");
    go(&g, &mut s);
    g.apply(&mut s, roll(5, 5)).unwrap(); // Rest
    pass_others(&g, &mut s);
    assert_eq!(s.players[0].pos, 20);
    assert_eq!(s.current, 1, "at most 2 movement rolls per turn");
}

// ---- buildings, capacity, staying ----------------------------------------------------------

#[test]
fn an_apartment_is_three_house_payments() {
    let g = game("laissez-faire");
    for (space, h) in [(1u8, 50u32), (11, 100), (21, 150), (31, 200)] {
        let mut s = started(&g);
        s.lots.0[space as usize].owner = 0;
        for _ in 0..3 {
            g.apply(&mut s, Action::Build(space)).unwrap();
        }
        assert_eq!(s.players[0].cash, 1500 - 3 * h, "space {space}");
        assert_eq!(s.lots.0[space as usize].level, 3);
        assert!(!legal(&g, &s).contains(&Action::Build(space)));
    }
}

#[test]
fn capacity_by_level() {
    assert_eq!([0, 1, 2, 3].map(capacity), [1, 1, 2, u8::MAX]);
    let g = game("laissez-faire(players=4)");
    let mut s = started(&g);
    for p in 1..4 {
        s.players[p].pos = 39;
    }
    for (level, free) in [(0, false), (1, false), (2, false), (3, true)] {
        s.lots.0[39].level = level;
        assert_eq!(g.room_price(&s, 0, 39).is_some(), free, "level {level}");
    }
    s.players[2].pos = 37;
    s.players[3].pos = 37;
    s.lots.0[39].level = 2;
    assert!(g.room_price(&s, 0, 39).is_some(), "2 houses: room for 2");
    s.lots.0[39].level = 1;
    assert!(g.room_price(&s, 0, 39).is_none(), "1 house: room for 1");
}

#[test]
fn staying_needs_a_house_and_costs_at_most_the_last_rent() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    s.players[0].pos = 39;
    s.players[0].last_rent = 60;
    assert_eq!(g.stay_price(&s, 0, 7), None, "no house, no stay");
    s.lots.0[39].level = 1; // bank rent 250 > ceiling; the bank owns both utilities
    assert_eq!(
        g.stay_price(&s, 0, 7),
        Some((Price::Listed(60), Price::Listed(70)))
    );
    s.lots.0[39].owner = 1;
    assert_eq!(
        g.stay_price(&s, 0, 7).unwrap().0,
        Price::Negotiable {
            provider: 1,
            reference: 60,
            ceiling: Some(60)
        },
        "a player owner quotes at most the ceiling"
    );
    // Own housed property and own forward utility (12): free.
    s.lots.0[39].owner = 0;
    s.lots.0[12].owner = 0;
    assert_eq!(
        g.stay_price(&s, 0, 7),
        Some((Price::Listed(0), Price::Listed(0)))
    );
    // A stay does not move and does not pass Start.
    go(&g, &mut s);
    g.apply(&mut s, roll(3, 4)).unwrap();
    assert_eq!(s.phase, Phase::StayChoice);
    g.apply(&mut s, Action::Stay).unwrap();
    assert_eq!((s.players[0].pos, s.players[0].cash), (39, 1500));
}

// ---- the default board's prices -------------------------------------------------------------

#[test]
fn bank_utility_price_on_a_seven() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    assert_eq!(
        g.utility_price(&s, 0, 28, 7),
        Price::Listed(70),
        "bank owns both"
    );
    s.lots.0[12].owner = 1;
    assert_eq!(
        g.utility_price(&s, 0, 28, 7),
        Price::Listed(28),
        "bank owns one"
    );
}

#[test]
fn bank_fares() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    assert_eq!(g.fare(&s, 0, 0), Price::Listed(200), "bank owns all four");
    s.lots.0[15].owner = 1;
    assert_eq!(g.fare(&s, 0, 0), Price::Listed(100));
    let base = game("laissez-faire(players=2,bank_fare=base)");
    assert_eq!(base.fare(&started(&base), 0, 0), Price::Listed(25));
    s.lots.0[5].owner = 0;
    assert_eq!(g.fare(&s, 0, 0), Price::Listed(0), "own company");
}

#[test]
fn bank_rooms_with_and_without_the_monopoly() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    assert_eq!(
        g.room_price(&s, 0, 1),
        Some(Price::Listed(4)),
        "Tram Lane, bank owns Tile Row"
    );
    assert_eq!(
        g.room_price(&s, 0, 39),
        Some(Price::Listed(100)),
        "Bayside Terrace with the monopoly"
    );
    s.lots.0[3].owner = 1;
    s.lots.0[37].owner = 1;
    assert_eq!(g.room_price(&s, 0, 1), Some(Price::Listed(2)));
    assert_eq!(g.room_price(&s, 0, 39), Some(Price::Listed(50)));
    // A player owner's price is bargained from the no-monopoly column.
    assert_eq!(
        g.room_price(&s, 0, 3),
        Some(Price::Negotiable {
            provider: 1,
            reference: 4,
            ceiling: None
        })
    );
}

// ---- buying, lodging, transit ---------------------------------------------------------------

#[test]
fn buying_only_by_direct_landing_then_lodging() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 0, 1, 2); // Tile Row
    assert_eq!(legal(&g, &s), [Action::Buy, Action::Decline]);
    g.apply(&mut s, Action::Buy).unwrap();
    pass_others(&g, &mut s);
    assert_eq!(s.lots.0[3].owner, 0);
    // Lodging in Lisbon: own room free, bank room, transit (B3).
    assert_eq!(
        legal(&g, &s),
        [
            Action::Lodge(1),
            Action::Lodge(3),
            Action::Ride,
            Action::Bench
        ]
    );
    g.apply(&mut s, Action::Ride).unwrap();
    pass_others(&g, &mut s);
    // In Porto: no buying on a transit move, no second ride.
    assert_eq!(
        legal(&g, &s),
        [
            Action::Lodge(6),
            Action::Lodge(8),
            Action::Lodge(9),
            Action::Bench
        ]
    );
    g.apply(&mut s, Action::Lodge(9)).unwrap();
    assert_eq!(s.players[0].cash, 1500 - 60 - 200 - 16);
    assert_eq!((s.players[0].pos, s.players[0].last_rent), (9, 16));
}

#[test]
fn landing_on_a_transit_company_picks_a_city() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 10, 2, 3);
    g.apply(&mut s, Action::Decline).unwrap();
    pass_others(&g, &mut s);
    assert_eq!(legal(&g, &s), [Action::City(2), Action::City(3)]);
    g.apply(&mut s, Action::City(3)).unwrap();
    assert!(!legal(&g, &s).contains(&Action::Ride));
}

#[test]
fn taxes_are_paid_then_lodging() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    move_from(&g, &mut s, 0, 1, 3);
    assert_eq!(s.players[0].cash, 1300);
    assert_eq!(s.phase, Phase::Lodge);
    let g = game("laissez-faire(players=2,tax_shortfall=eliminate)");
    let mut s = started(&g);
    s.players[0].cash = 10;
    move_from(&g, &mut s, 0, 1, 3);
    assert_eq!(
        s.phase,
        Phase::Shortfall,
        "first the window to raise cash (B-15)"
    );
    go(&g, &mut s);
    assert_eq!(
        s.end,
        EndKind::LastStanding,
        "the second-to-last elimination ends the game"
    );
    assert_eq!(g.returns(&s).as_slice(), [0.0, 1.0]);
}

#[test]
fn a_tax_shortfall_opens_a_window_to_raise_the_cash_by_contract() {
    use gameshelf_laissez_faire::{Sum, Term};
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    s.players[0].cash = 150;
    s.lots.0[39].owner = 0; // a deed to pledge
    move_from(&g, &mut s, 0, 1, 3); // Customs Duty, $200
    assert_eq!((s.phase, s.tax_due), (Phase::Shortfall, 200));
    let options = legal(&g, &s);
    let borrow = Action::Propose(1, Term::Borrow(Sum::S100, 39));
    assert!(options.contains(&borrow) && options.contains(&Action::Go));
    assert!(
        !options.contains(&Action::Build(39)),
        "only threads in the window"
    );
    g.apply(&mut s, borrow).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!((s.phase, s.players[0].cash), (Phase::Shortfall, 250));
    go(&g, &mut s);
    assert_eq!(
        (s.phase, s.players[0].cash, s.tax_due),
        (Phase::Lodge, 50, 0)
    );
    // Without the cash at the end of the window: all of it goes, and so does the player, to
    // jail on the tax's side.
    let mut s = started(&g);
    s.players[0].cash = 150;
    move_from(&g, &mut s, 0, 1, 3);
    go(&g, &mut s);
    assert!(s.players[0].jailed);
    assert_eq!((s.players[0].cash, s.players[0].jail_side), (0, 0));
    // With trading off there is no window.
    let g = game("laissez-faire(players=2,trading=false)");
    let mut s = started(&g);
    s.players[0].cash = 150;
    move_from(&g, &mut s, 0, 1, 3);
    assert!(s.players[0].jailed);
}

// ---- objectives and net worth ---------------------------------------------------------------

#[test]
fn net_worth_counts_mortgage_values_and_half_house_prices() {
    let g = game("laissez-faire(players=2)");
    let mut s = started(&g);
    s.lots.0[39].owner = 0;
    s.lots.0[39].level = 3;
    assert_eq!(g.net_worth(&s, 0), 1500 + 200 + 3 * 100);
    let p = game("laissez-faire(players=2,nw_property_basis=price)");
    assert_eq!(p.net_worth(&s, 0), 1500 + 400 + 3 * 100);
}

#[test]
fn the_round_limit_ends_before_the_first_players_turn() {
    let g = game("laissez-faire(players=2,objective=rounds,rounds=1)");
    let mut s = started(&g);
    for _ in 0..2 {
        s.players[s.current as usize].pos = 0;
        go(&g, &mut s);
        g.apply(&mut s, roll(1, 2)).unwrap();
        let rooms = legal(&g, &s);
        if rooms.contains(&Action::Decline) {
            g.apply(&mut s, Action::Decline).unwrap();
        }
        pass_others(&g, &mut s);
        g.apply(&mut s, Action::Lodge(3)).unwrap_or_else(|_| {
            g.apply(&mut s, Action::Lodge(1)).unwrap();
        });
        pass_others(&g, &mut s);
    }
    assert_eq!(s.end, EndKind::Rounds);
    assert_eq!(g.actor(&s), Actor::Terminal);
}

#[test]
fn stalemate_needs_two_players_and_quiet_rounds() {
    let g = game("laissez-faire(players=2,objective=last_standing,stalemate_rounds=3)");
    let mut s = started(&g);
    s.quiet_rounds = 2;
    assert!(!legal(&g, &s).contains(&Action::DeclareStalemate));
    s.quiet_rounds = 3;
    s.players[0].cash = 1600;
    g.apply(&mut s, Action::DeclareStalemate).unwrap();
    assert_eq!(s.end, EndKind::Stalemate);
    assert_eq!(s.winners, 1, "the higher net worth wins");
    assert!(s.lots.0.iter().all(|l| l.owner == BANK));
}

// ---- the Oubliette jail ---------------------------------------------------------------------

#[test]
fn oubliette_dollars_count_towards_the_booking_fee() {
    use gameshelf_engine::{Outcomes, Rng};
    let g = game("laissez-faire(players=2,jail=oubliette)");
    let mut found = false;
    for seed in 0..200 {
        let mut s = started(&g);
        move_from(&g, &mut s, 28, 1, 1); // Go To Jail: a fresh oubliette for seat 0
        assert!(s.cells[0].is_some());
        s.current = 0;
        s.players[0].jail_turns = 1;
        s.phase = Phase::Manage;
        go(&g, &mut s);
        assert_eq!(s.phase, Phase::Oubliette);
        let mut rng = Rng::seed_from_u64(seed);
        let (mut buf, mut outcomes) = (Vec::new(), Outcomes::new());
        while s.phase == Phase::Oubliette {
            let a = match g.actor(&s) {
                Actor::Chance => g.sample_chance(&s, &mut rng, &mut outcomes),
                _ => {
                    g.legal_actions(&s, &mut buf);
                    buf[rng.below(buf.len() as u64) as usize]
                }
            };
            assert!(matches!(a, Action::Oubliette(_)));
            g.apply(&mut s, a).unwrap();
        }
        assert_eq!(s.phase, Phase::JailFee, "one Oubliette Turn per jail turn");
        let dollars = g.jail_dollars(&s, 0);
        let fee = g.jail_fee(&s, 0);
        if dollars == 0 || dollars >= fee {
            continue;
        }
        s.players[0].cash = fee - dollars - 1;
        assert!(!legal(&g, &s).contains(&Action::PayFee));
        s.players[0].cash = fee - dollars;
        g.apply(&mut s, Action::PayFee).unwrap();
        assert_eq!(s.players[0].cash, 0);
        assert!(s.cells[0].is_none() && !s.players[0].jailed);
        found = true;
        break;
    }
    assert!(found, "some first Oubliette Turn brings back dollars");
}

#[test]
fn the_choice_highlighted_first_pays_and_gives_away_nothing() {
    let g = game("laissez-faire(players=3)");
    let presenter = LaissezFairePresenter;
    let s = started(&g);
    // The window before the roll lists offers and proposals first (some pay at once);
    // the safe choice is to go on.
    let options = legal(&g, &s);
    assert!(
        matches!(
            options[0],
            Action::Propose(..) | Action::Offer(..) | Action::Build(_)
        ),
        "{options:?}"
    );
    assert_eq!(options[presenter.safe_choice(&g, &s, &options)], Action::Go);
    // In jail with a fee to pay: waiting is safe, paying is not.
    let jailed = [Action::PayFee, Action::Wait];
    assert_eq!(presenter.safe_choice(&g, &s, &jailed), 1);
}
