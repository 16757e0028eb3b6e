//! Declarations (ruling B5, protocol B7's DECLARE): the race declared at any decision, not
//! only in one's own window, and a stalemate ended by agreement, with their limits, their
//! refusals, their words and the bots' answers.

use gameshelf_engine::{Actor, Bot, Game, Presenter, Rng, SeatView};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::present::LaissezFairePresenter;
use gameshelf_laissez_faire::state::Status;
use gameshelf_laissez_faire::{Action, EndKind, LaissezFaire, Phase, Side, State, When};

mod common;

use common::*;

/// What `bot` plays for the seat with the floor.
fn choice(g: &LaissezFaire, s: &State, mut bot: Trader) -> Action {
    let Actor::Player(seat) = g.actor(s) else {
        panic!("no player to move")
    };
    bot.choose(&SeatView::new(g, s, seat), &mut Rng::seed_from_u64(1))
}

/// Seat 0's window; seat 0 sends seat 1 a gift of $10, so that seat 1, holding `cash`, has
/// the floor out of its own window.
fn seat_1_answers_a_package(cash: u32) -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    s.players[1].cash = cash;
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, Action::Pay(Side::Mine, When::Now, 10))
        .unwrap();
    g.apply(&mut s, Action::Send).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(1));
    (g, s)
}

#[test]
fn the_race_is_declared_out_of_one_s_window_and_the_decision_stays_open() {
    // $1,970 in cash and Tram Lane's $30: exactly the race's $2,000.
    let (g, mut s) = seat_1_answers_a_package(1970);
    assert_eq!(g.net_worth(&s, 1), 2000);
    assert!(legal(&g, &s).contains(&Action::DeclareRace));
    let before = s.clone();
    g.apply(&mut s, Action::DeclareRace).unwrap();
    assert!(s.final_lap);
    assert_eq!(
        State {
            final_lap: false,
            ..s.clone()
        },
        before,
        "nothing else changes: the package still waits for seat 1's answer"
    );
    assert_eq!(g.actor(&s), Actor::Player(1));
    // One declaration only.
    assert!(!legal(&g, &s).contains(&Action::DeclareRace));
    assert!(g.apply(&mut s, Action::DeclareRace).is_err());
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.players[1].cash, 1980);
}

#[test]
fn a_declaration_below_the_threshold_is_refused_with_the_state_unchanged() {
    let (g, mut s) = seat_1_answers_a_package(1969);
    assert_eq!(g.net_worth(&s, 1), 1999);
    assert!(!legal(&g, &s).contains(&Action::DeclareRace));
    let before = s.clone();
    let err = g.apply(&mut s, Action::DeclareRace).unwrap_err();
    assert_eq!(
        err.reason,
        "seat 2's net worth is $1999, under the race's $2000"
    );
    assert_eq!(s, before);
    // Nor may a player declare for another: seat 0 has $1,500.
    let (g, mut s) = setup(2);
    s.players[1].cash = 5000;
    assert!(!g.is_legal(&s, Action::DeclareRace));
    s.final_lap = true;
    s.players[0].cash = 5000;
    assert_eq!(
        g.apply(&mut s, Action::DeclareRace).unwrap_err().reason,
        "the race has been declared already"
    );
    // Under another objective there is no race to declare.
    let g = game("laissez-faire(players=2,objective=rounds)");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.players[0].cash = 5000;
    assert!(!legal(&g, &s).contains(&Action::DeclareRace));
}

#[test]
fn a_declaration_is_listed_in_action_order_at_every_kind_of_decision() {
    let (g, mut s) = setup(2);
    // Seat 0 rolls onto Bridge Hill's city, Porto (6 + 3 = 9), and may buy it; then lodges.
    s.players[0].cash = 2500;
    go(&g, &mut s);
    g.apply(
        &mut s,
        Action::Roll(gameshelf_engine::dice::DicePair::new(4, 5)),
    )
    .unwrap();
    for _ in 0..2 {
        let v = legal(&g, &s);
        assert!(v.contains(&Action::DeclareRace), "{:?}: {v:?}", s.phase);
        assert!(v.windows(2).all(|w| w[0] < w[1]), "{v:?}");
        g.apply(&mut s, *v.last().unwrap()).unwrap();
        // Seat 1's offer to pay for the lodging, if any, is not seat 0's decision.
        while s.phase == Phase::Posting {
            g.apply(&mut s, Action::Pass).unwrap();
        }
    }
}

/// Declared at the stay decision, the race forbids the stay (the final lap): only moving on
/// is left, and a trader who would have stayed moves. (Stay stayed listed, did nothing, and a
/// trader chose it again and again.)
#[test]
fn a_race_declared_at_the_stay_decision_leaves_only_moving_on() {
    let (g, mut s) = setup(2);
    s.players[0].cash = 2500;
    s.players[0].pos = TILE;
    s.players[0].last_rent = 0;
    s.lots.0[TILE as usize].level = 1;
    go(&g, &mut s);
    g.apply(
        &mut s,
        Action::Roll(gameshelf_engine::dice::DicePair::new(3, 4)),
    )
    .unwrap();
    assert_eq!(s.phase, Phase::StayChoice);
    assert_eq!(choice(&g, &s, Trader::default()), Action::DeclareRace);
    g.apply(&mut s, Action::DeclareRace).unwrap();
    assert_eq!(legal(&g, &s), [Action::Move]);
    assert_eq!(choice(&g, &s, Trader::default()), Action::Move);
}

#[test]
fn the_declaration_is_worded_with_the_net_worth_that_allows_it_and_bots_make_it_at_once() {
    let (g, s) = seat_1_answers_a_package(2470);
    let words = LaissezFairePresenter.describe_move(&g, &s, Action::DeclareRace, Some(1));
    assert_eq!(
        words,
        "seat 2: declare a net worth of $2500, at least the race's $2000: the final lap begins"
    );
    assert_eq!(choice(&g, &s, Trader::default()), Action::DeclareRace);
    assert_eq!(choice(&g, &s, Trader::bargainer()), Action::DeclareRace);
}

/// Objective 3 with three seats, seat 2 eliminated: seat 0 ($1,600 and Tile Row) and seat 1
/// ($1,500 and Tram Lane) are left, in seat 0's window.
fn last_two(params: &str) -> (LaissezFaire, State) {
    let g = game(&format!(
        "laissez-faire(players=3,objective=last_standing{params})"
    ));
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TILE as usize].owner = 0;
    s.lots.0[TRAM as usize].owner = 1;
    s.players[0].cash = 1600;
    s.players[2].status = Status::Eliminated;
    (g, s)
}

#[test]
fn a_stalemate_agreed_by_the_other_player_ends_the_game_on_net_worth() {
    let (g, mut s) = last_two("");
    let v = legal(&g, &s);
    assert!(v.contains(&Action::ProposeStalemate));
    assert!(
        !v.contains(&Action::DeclareStalemate),
        "no quiet rounds yet: only by agreement"
    );
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    assert_eq!(s.phase, Phase::Stalemate);
    assert_eq!(g.actor(&s), Actor::Player(1));
    assert_eq!(legal(&g, &s), [Action::Accept, Action::Refuse]);
    g.apply(&mut s, Action::Accept).unwrap();
    assert!(g.is_terminal(&s));
    assert_eq!(s.end, EndKind::Stalemate);
    assert_eq!(g.returns(&s).as_slice(), [1.0, 0.0, 0.0]);
}

#[test]
fn a_refused_stalemate_plays_on_and_each_turn_allows_only_its_threads() {
    let (g, mut s) = last_two("");
    for _ in 0..g.config().window_threads {
        g.apply(&mut s, Action::ProposeStalemate).unwrap();
        g.apply(&mut s, Action::Refuse).unwrap();
        assert_eq!(
            (s.phase, s.current),
            (Phase::Manage, 0),
            "back to the window"
        );
    }
    assert!(!legal(&g, &s).contains(&Action::ProposeStalemate));
    let before = s.clone();
    assert!(g.apply(&mut s, Action::ProposeStalemate).is_err());
    assert_eq!(s, before);
    // A proposal uses a thread: no trade may follow the two refusals this turn either.
    assert!(!g.is_legal(&s, Action::Draft(1)));
}

#[test]
fn a_stalemate_needs_every_other_player_left_and_few_enough_of_them() {
    // Three players left, and the default allows a stalemate among two only.
    let (g, mut s) = last_two("");
    s.players[2].status = Status::Playing;
    assert!(!g.is_legal(&s, Action::ProposeStalemate));
    // Allowed among three: both others answer, in seat order, and one refusal is enough.
    let (g, mut s) = last_two(",stalemate_min_players=3");
    s.players[2].status = Status::Playing;
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(g.actor(&s), Actor::Player(2));
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert!(!g.is_terminal(&s));
    // Other objectives have no stalemate.
    let (g, s) = setup(2);
    assert!(!g.is_legal(&s, Action::ProposeStalemate));
}

#[test]
fn a_stalemate_agreed_as_a_draw_is_shared_by_the_players_left() {
    let (g, mut s) = last_two(",stalemate_result=draw");
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(g.returns(&s).as_slice(), [0.5, 0.5, 0.0]);
}

#[test]
fn stalemate_proposals_and_answers_are_worded_for_the_table() {
    let (g, mut s) = last_two("");
    let p = LaissezFairePresenter;
    assert_eq!(
        p.describe_move(&g, &s, Action::ProposeStalemate, Some(0)),
        "seat 1: propose a stalemate: the game ends now, won on net worth (yours is $1630), \
         if every other player left agrees"
    );
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    assert_eq!(
        gameshelf_laissez_faire::present::turn_text(&g, &s),
        "round 1, seat 1 proposes a stalemate; seat 2 to agree or refuse"
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Refuse, Some(1)),
        "seat 2: refuse seat 1's stalemate: play on"
    );
    assert_eq!(
        p.describe_move(&g, &s, Action::Accept, Some(1)),
        "seat 2: agree to seat 1's stalemate: end the game now"
    );
}

#[test]
fn bots_agree_to_a_stalemate_only_when_its_result_does_not_cost_them() {
    // Won on net worth: the leader would propose, but the other would refuse, so it does not.
    let (g, mut s) = last_two("");
    assert_ne!(choice(&g, &s, Trader::default()), Action::ProposeStalemate);
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    assert_eq!(choice(&g, &s, Trader::default()), Action::Refuse);
    // A draw: the player behind agrees, the leader would not.
    let (g, mut s) = last_two(",stalemate_result=draw");
    assert_ne!(choice(&g, &s, Trader::default()), Action::ProposeStalemate);
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    assert_eq!(choice(&g, &s, Trader::bargainer()), Action::Accept);
    // Level on net worth, a draw costs neither: the bot proposes it and it is agreed.
    let (g, mut s) = last_two(",stalemate_result=draw");
    s.players[0].cash = 1500;
    assert_eq!(choice(&g, &s, Trader::default()), Action::ProposeStalemate);
    g.apply(&mut s, Action::ProposeStalemate).unwrap();
    assert_eq!(choice(&g, &s, Trader::default()), Action::Accept);
}

#[test]
fn one_seat_s_net_worth_is_its_share_of_everyone_s_in_games_with_loans_and_sales() {
    let g = game("laissez-faire(players=4,max_rounds=40)");
    let (mut checked, mut owing) = (0u32, 0u32);
    for i in 0..4 {
        let mut bots: Vec<Box<dyn Bot<LaissezFaire>>> = vec![
            Box::new(Trader::bargainer()),
            Box::new(Trader::default()),
            Box::new(Trader::default()),
            Box::new(Trader::default()),
        ];
        let mut s = g.initial_state();
        gameshelf_engine::play(
            &g,
            &mut s,
            &mut bots,
            &mut Rng::for_stream(5, i),
            |before, _| {
                let all = g.net_worths(before);
                for (seat, &worth) in all.iter().enumerate().take(4) {
                    assert_eq!(g.net_worth(before, seat), worth, "seat {seat}");
                }
                checked += 1;
                owing += u32::from(before.contracts.iter().next().is_some());
            },
        );
    }
    assert!(
        checked > 1000 && owing > 100,
        "{checked} states, {owing} with contracts"
    );
}

#[test]
fn the_known_stalemate_is_flagged_when_every_player_taking_turns_stays_for_free() {
    // Seat 0 lodges in Market Lane (11, Krakow), seat 1 in Canal Row (21, Osaka); each holds
    // his room with a house and its forward utility (12 and 28).
    let (g, mut s) = setup(2);
    for (seat, room, utility) in [(0u8, 11u8, 12u8), (1, 21, 28)] {
        s.lots.0[room as usize].owner = seat;
        s.lots.0[room as usize].level = 1;
        s.lots.0[utility as usize].owner = seat;
        s.players[seat as usize].pos = room;
    }
    assert!(g.known_stalemate(&s));
    let table = gameshelf_laissez_faire::present::table_text(&g, &s);
    assert!(table.contains("the known stalemate"), "{table}");
    // Not when one of them could not stay for nothing: no house, a utility held by the
    // other, jail.
    let mut unbuilt = s.clone();
    unbuilt.lots.0[21].level = 0;
    assert!(!g.known_stalemate(&unbuilt));
    let mut theirs = s.clone();
    theirs.lots.0[28].owner = 0;
    assert!(!g.known_stalemate(&theirs));
    let mut jailed = s.clone();
    jailed.players[1].jailed = true;
    assert!(!g.known_stalemate(&jailed));
    jailed.players[1].status = Status::Eliminated;
    assert!(
        !g.known_stalemate(&jailed),
        "one player left is no stalemate"
    );
    let g3 = game("laissez-faire(players=3)");
    let mut three = s.clone();
    three.players[2].status = Status::Eliminated;
    assert!(
        g3.known_stalemate(&three),
        "an eliminated player does not count"
    );
    three.players[2].status = Status::Removed;
    assert!(
        g3.known_stalemate(&three),
        "nor one who finished the final lap"
    );
    // After a race declaration nobody may stay (`final_lap_stay=false`).
    let mut racing = s.clone();
    racing.final_lap = true;
    assert!(!g.known_stalemate(&racing));
    assert!(
        !gameshelf_laissez_faire::present::table_text(&g, &unbuilt).contains("known stalemate")
    );
}
