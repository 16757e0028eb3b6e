//! Rule changes in packages with more than two players in the game (issue 14): a rule
//! change needs every player still in the game as a party, so a package may hold one when
//! each of them is its author, its answerer or a third party it names, who consents to it
//! with the rest. It is refused, with the missing player named, otherwise.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::contract::Rule;
use gameshelf_laissez_faire::{Action, Phase, Refusal, Side, State, Status, When};

mod common;

use common::*;

const RULE: Rule = Rule::FinalLapStay;

/// "I pay seat 3 $10 for his agreement": seat 2 (index 2) is named as a payee.
const THIRD_NAMED: [Action; 2] = [Action::Pay(Side::Mine, When::Now, 10), Action::Payee(0, 2)];

fn change(s: &State) -> Action {
    Action::Rule(RULE, !s.rules.get(RULE))
}

#[test]
fn every_player_a_party_changes_the_rule_at_the_last_consent() {
    let (g, mut s) = setup(3);
    let was = s.rules.get(RULE);
    let change = change(&s);
    let mut clauses = THIRD_NAMED.to_vec();
    clauses.push(change);
    answered(&g, &mut s, &clauses);
    assert_eq!(
        s.rules.get(RULE),
        was,
        "nothing changes before the third party consents"
    );
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(s.rules.get(RULE), !was);
    assert_eq!([0, 1, 2].map(|i| s.players[i].cash), [1490, 1500, 1510]);
}

#[test]
fn one_refusal_lapses_the_rule_change_with_nothing_changed() {
    let (g, mut s) = setup(3);
    let before = s.clone();
    let mut clauses = THIRD_NAMED.to_vec();
    clauses.push(change(&s));
    answered(&g, &mut s, &clauses);
    g.apply(&mut s, Action::Refuse).unwrap();
    assert_eq!(s.rules, before.rules);
    assert_eq!(s.players, before.players);
    assert_eq!(s.contracts, before.contracts);
    assert_eq!(s.ledger, before.ledger);
}

#[test]
fn a_rule_change_missing_a_player_still_in_the_game_is_refused_with_his_seat() {
    let (g, s) = setup(4);
    let change = change(&s);
    let mut d = s.clone();
    g.apply(&mut d, Action::Draft(1)).unwrap();
    assert_eq!(g.deal_move(&d, change), Err(Refusal::Unanimity(2)));
    for &c in &THIRD_NAMED {
        g.apply(&mut d, c).unwrap();
    }
    // Seat 4 (index 3) is not a party yet: neither drafted nor listed.
    let refusal = g.deal_move(&d, change).unwrap_err();
    assert_eq!(refusal, Refusal::Unanimity(3));
    assert_eq!(
        refusal.to_string(),
        "a rule change needs every player still in the game: seat 4 is not a party"
    );
    assert!(!legal(&g, &d).contains(&change));
    // Named too, he may: the change is listed and drafted.
    g.apply(&mut d, Action::Pay(Side::Mine, When::Now, 10))
        .unwrap();
    g.apply(&mut d, Action::Payee(1, 3)).unwrap();
    assert!(legal(&g, &d).contains(&change));
    g.apply(&mut d, change).unwrap();
    assert_eq!(g.deal_move(&d, Action::Send), Ok(()));
    // Struck from the package, he is missing again: the package cannot be sent.
    g.apply(&mut d, Action::Strike(1)).unwrap();
    assert_eq!(g.deal_move(&d, Action::Send), Err(Refusal::Unanimity(3)));
    // A player out of the game need not be a party.
    let mut out = s.clone();
    out.players[3].status = Status::Eliminated;
    g.apply(&mut out, Action::Draft(1)).unwrap();
    for &c in &THIRD_NAMED {
        g.apply(&mut out, c).unwrap();
    }
    assert!(legal(&g, &out).contains(&change));
}

#[test]
fn a_third_party_out_of_the_game_before_his_consent_cannot_consent() {
    // Checked again at each consent: a third party who has left the game is no party.
    let (g, mut s) = setup(3);
    let mut clauses = THIRD_NAMED.to_vec();
    clauses.push(change(&s));
    answered(&g, &mut s, &clauses);
    s.players[2].status = Status::Eliminated;
    assert_eq!(g.deal_move(&s, Action::Accept), Err(Refusal::Party(2)));
}
