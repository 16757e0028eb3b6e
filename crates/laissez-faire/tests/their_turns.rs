//! Payments at the start of another player's turns (issue 14): "pay me $20 at the start of
//! each of my turns, 5 times". The schedule names a seat other than its payer; each time that
//! player's turn begins the payment falls due, with the arrears, guarantors and defaults of
//! every other schedule; it ends when the player it follows leaves the game.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::contract::{Clause, Due};
use gameshelf_laissez_faire::package::OtherTurns;
use gameshelf_laissez_faire::present::{item_text, offer_lines};
use gameshelf_laissez_faire::{Action, Phase, Refusal, Side, State, Status, When};

mod common;

use common::*;

/// At the start of each of `seat`'s turns, `times` times.
fn turns_of(seat: u8, times: u8) -> When {
    When::TurnsOf(OtherTurns::new(seat, times).unwrap())
}

/// "Pay me $20 at the start of each of my turns, `times` times": seat 1 pays seat 0.
fn pay_me_on_my_turns(times: u8) -> Action {
    Action::Pay(Side::Yours, turns_of(0, times), 20)
}

fn cash(s: &State) -> [u32; 2] {
    [0, 1].map(|i| s.players[i].cash)
}

/// Plays on to the start of `seat`'s next turn (his window opens).
fn to_turn_of(g: &gameshelf_laissez_faire::LaissezFaire, s: &mut State, seat: u8) {
    loop {
        let current = s.current;
        s.players[usize::from(current)].jailed = true;
        s.players[usize::from(current)].jail_turns = 0;
        go(g, s);
        g.apply(s, Action::Wait).unwrap();
        pass_floor(g, s);
        for p in &mut s.players {
            p.jail_turns = 0;
        }
        if s.current == seat && s.phase == Phase::Manage {
            return;
        }
    }
}

#[test]
fn the_payment_falls_due_at_the_start_of_each_of_the_named_players_turns_only() {
    let (g, mut s) = setup(2);
    agree(&g, &mut s, &[pay_me_on_my_turns(3)]);
    let c = *s.contracts.iter().next().unwrap();
    assert_eq!(c.clause, Clause::Schedule(Due::EachTurnOf(0)));
    assert_eq!((c.payer, c.payee), (1, 0));
    assert_eq!(
        g.describe_contract(&c),
        "#1 seat 2 pays seat 1 $20 at the start of each of seat 1's turns (3 left)"
    );
    assert_eq!(cash(&s), [1500, 1500], "nothing at acceptance");
    // Seat 2's own turn owes nothing.
    to_turn_of(&g, &mut s, 1);
    assert_eq!(cash(&s), [1500, 1500]);
    for paid in 1..=3 {
        to_turn_of(&g, &mut s, 0);
        assert_eq!(
            cash(&s),
            [1500 + 20 * paid, 1500 - 20 * paid],
            "turn {paid}"
        );
    }
    assert!(
        s.contracts.iter().next().is_none(),
        "three payments, then done"
    );
    to_turn_of(&g, &mut s, 0);
    assert_eq!(cash(&s), [1560, 1440]);
}

#[test]
fn a_missed_payment_goes_to_the_guarantor_then_to_arrears() {
    let (g, mut s) = setup(3);
    agree(
        &g,
        &mut s,
        &[pay_me_on_my_turns(4), Action::Guarantee(0, 2, 0)],
    );
    s.players[1].cash = 0;
    to_turn_of(&g, &mut s, 0);
    assert_eq!(s.players[0].cash, 1520);
    assert_eq!(s.players[2].cash, 1480, "the guarantor paid");
    // Without a guarantor who can pay, it becomes arrears, paid at the next due date.
    s.players[2].cash = 0;
    to_turn_of(&g, &mut s, 0);
    assert_eq!(s.players[0].cash, 1520);
    assert_eq!(s.contracts.iter().next().unwrap().arrears, 20);
    s.players[1].cash = 100;
    to_turn_of(&g, &mut s, 0);
    assert_eq!(s.players[0].cash, 1560);
    assert_eq!(s.players[1].cash, 60);
}

#[test]
fn the_notary_refuses_the_payers_own_turns_and_a_player_out_of_the_game() {
    let (g, s) = setup(3);
    let mut d = s.clone();
    g.apply(&mut d, Action::Draft(1)).unwrap();
    let own = Action::Pay(Side::Yours, turns_of(1, 3), 20);
    assert_eq!(g.deal_move(&d, own), Err(Refusal::NotAnother(1)));
    assert_eq!(
        Refusal::NotAnother(1).to_string(),
        "a payment at the start of another player's turns needs another player still in \
         the game: seat 2 is not"
    );
    let nobody = Action::Pay(Side::Yours, turns_of(5, 3), 20);
    assert_eq!(g.deal_move(&d, nobody), Err(Refusal::NotAnother(5)));
    let mut out = d.clone();
    out.players[2].status = Status::Eliminated;
    let third = Action::Pay(Side::Yours, turns_of(2, 3), 20);
    assert_eq!(g.deal_move(&out, third), Err(Refusal::NotAnother(2)));
    // A third party's turns may be named; but he may not then pay it.
    g.apply(&mut d, third).unwrap();
    assert_eq!(
        g.deal_move(&d, Action::Payer(0, 2)),
        Err(Refusal::NotAnother(2))
    );
    // The list offers every other player's turns, either way.
    let listed = legal(&g, &d);
    for a in [
        Action::Pay(Side::Yours, turns_of(0, 4), 20),
        Action::Pay(Side::Yours, turns_of(2, 4), 20),
        Action::Pay(Side::Mine, turns_of(1, 4), 20),
        Action::Pay(Side::Mine, turns_of(2, 4), 20),
    ] {
        assert!(listed.contains(&a), "{a}");
    }
    assert!(!listed.contains(&own));
}

#[test]
fn the_schedule_ends_when_the_player_it_follows_leaves_the_game() {
    let (g, mut s) = setup(3);
    agree(&g, &mut s, &[Action::Pay(Side::Yours, turns_of(2, 5), 20)]);
    to_turn_of(&g, &mut s, 2);
    assert_eq!(s.players[0].cash, 1520);
    s.players[2].status = Status::Eliminated;
    to_turn_of(&g, &mut s, 0);
    assert!(s.contracts.iter().next().is_none());
    assert_eq!(s.players[0].cash, 1520);
}

#[test]
fn each_viewer_reads_whose_turns_in_his_own_words() {
    let (g, mut s) = setup(2);
    g.apply(&mut s, Action::Draft(1)).unwrap();
    g.apply(&mut s, pay_me_on_my_turns(5)).unwrap();
    let item = *s.deal.unwrap().package.get(0).unwrap();
    assert_eq!(
        item_text(&g, &s, &item, Some(0)),
        "seat 2 pays you $20 at the start of each of your turns, 5 times"
    );
    assert_eq!(
        item_text(&g, &s, &item, Some(1)),
        "you pay seat 1 $20 at the start of each of seat 1's turns, 5 times"
    );
    assert!(offer_lines(&g, &s, Some(0))[1].ends_with("each of your turns, 5 times"));
}

#[test]
fn records_with_payments_on_another_players_turns_replay_exactly() {
    let (g, _) = setup(2);
    let mut game = Recorded::new(&g);
    game.play(Action::First(0));
    game.play_all([
        Action::Draft(1),
        pay_me_on_my_turns(2),
        Action::Send,
        Action::Accept,
    ]);
    assert_eq!(game.state.contracts.iter().count(), 1);
    game.replays();
}
