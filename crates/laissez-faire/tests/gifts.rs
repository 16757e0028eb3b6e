//! `no_gifts_while_jailed=true`, the author's later ban on giving property away before going
//! out: a jailed player parts with a deed only for cash paid at once or another deed. Off
//! (the default, the first version of the rules), a gift is a deal like any other.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::contract::{Sum, Term};
use gameshelf_laissez_faire::{Action, LaissezFaire, Refusal, Right, Side, State, When};

mod common;

use common::*;

/// [`setup`]'s table with the rule on (or off) and seat 0, whose window it is, in jail.
fn jailed(rule: bool) -> (LaissezFaire, State) {
    let g = game(&format!(
        "laissez-faire(players=2,no_gifts_while_jailed={rule})"
    ));
    let (_, mut s) = setup(2);
    s.players[0].jailed = true;
    (g, s)
}

/// Seat 0 drafts `clauses` for seat 1: whether the notary lets him send them, and why not.
fn send(g: &LaissezFaire, s: &State, clauses: &[Action]) -> Result<(), Refusal> {
    let mut s = s.clone();
    g.apply(&mut s, Action::Draft(1)).unwrap();
    for &c in clauses {
        g.apply(&mut s, c).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    g.deal_move(&s, Action::Send).map(drop)
}

#[test]
fn a_jailed_player_cannot_give_a_deed_for_nothing_in_a_trade() {
    let (g, s) = jailed(true);
    let gift = Action::Offer(1, TILE, 0);
    assert!(!legal(&g, &s).contains(&gift), "not listed");
    let mut t = s.clone();
    let err = g.apply(&mut t, gift).unwrap_err();
    assert_eq!(t, s, "a refused gift changes nothing");
    assert!(!err.reason.is_empty());
    // A sale for cash is still a deal, and the other player may still give to him.
    assert!(g.is_legal(&s, Action::Offer(1, TILE, 30)));
    assert!(g.is_legal(&s, Action::Offer(1, TRAM, 0)));
    // Nor may a counter bring the price of his deed down to nothing.
    let mut t = s.clone();
    g.apply(&mut t, Action::Offer(1, TILE, 30)).unwrap();
    assert!(!g.is_legal(&t, Action::Counter(0)));
    assert!(g.is_legal(&t, Action::Counter(10)));
}

#[test]
fn a_jailed_players_package_must_pay_him_now_or_give_him_a_deed() {
    let (g, s) = jailed(true);
    let gift = Refusal::Gift {
        seat: 0,
        deed: TILE,
    };
    assert_eq!(send(&g, &s, &[Action::Deed(TILE)]), Err(gift));
    assert!(
        gift.to_string()
            .contains("seat 1 is in jail and may not give deed 3 away"),
        "{gift}"
    );
    // Paid later is not paid: debts to a player who goes out lapse.
    let later = When::Rounds(gameshelf_laissez_faire::Cadence::new(1, 5).unwrap());
    assert_eq!(
        send(
            &g,
            &s,
            &[Action::Deed(TILE), Action::Pay(Side::Yours, later, 40)]
        ),
        Err(gift)
    );
    // An option to buy his deed at no strike gives it away too.
    assert_eq!(
        send(&g, &s, &[Action::Right(Right::OPTION, TILE, 0)]),
        Err(gift)
    );
    // Cash now, or a deed in exchange, makes it a deal.
    assert_eq!(
        send(
            &g,
            &s,
            &[Action::Deed(TILE), Action::Pay(Side::Yours, When::Now, 40)]
        ),
        Ok(())
    );
    assert_eq!(
        send(&g, &s, &[Action::Deed(TILE), Action::Deed(TRAM)]),
        Ok(())
    );
    assert_eq!(
        send(&g, &s, &[Action::Right(Right::OPTION, TILE, 50)]),
        Ok(())
    );
    // The free player may still give his deed to the jailed one.
    assert_eq!(send(&g, &s, &[Action::Deed(TRAM)]), Ok(()));
}

#[test]
fn nobody_buys_a_jailed_players_deed_on_instalments() {
    let (g, mut s) = jailed(true);
    s.players[0].jailed = false;
    // Seat 0 proposes to buy seat 1's Tram Lane, paid for later.
    let buy = Action::Propose(1, Term::Buy(TRAM, Sum::S100));
    assert!(g.is_legal(&s, buy), "the seller is free");
    s.players[1].jailed = true;
    assert!(!g.is_legal(&s, buy), "the seller is jailed");
    assert!(!legal(&g, &s).contains(&buy));
}

#[test]
fn without_the_rule_a_jailed_player_gives_what_he_likes() {
    let (g, s) = jailed(false);
    assert!(g.is_legal(&s, Action::Offer(1, TILE, 0)));
    assert_eq!(send(&g, &s, &[Action::Deed(TILE)]), Ok(()));
}

#[test]
fn a_jailed_players_deed_is_listed_at_a_dollar_for_a_buyer_short_of_half_its_value() {
    let (g, mut s) = jailed(true);
    s.players[0].jailed = false;
    s.players[1].jailed = true;
    // Tram Lane's value is $60: seat 0 cannot pay its half, and may not take it for nothing.
    s.players[0].cash = 20;
    let listed: Vec<Action> = legal(&g, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Offer(1, TRAM, _)))
        .collect();
    assert_eq!(listed, [Action::Offer(1, TRAM, 1)]);
    assert!(
        g.is_legal(&s, Action::Offer(1, TRAM, 20)),
        "any sum he holds"
    );
}
