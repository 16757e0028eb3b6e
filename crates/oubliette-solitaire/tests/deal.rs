//! Numbered deals: pinned by reference vectors, and driving chance with listed outcomes.

use gameshelf_engine::{Actor, Game, Rng};
use gameshelf_oubliette_solitaire::bot::Careful;
use gameshelf_oubliette_solitaire::card::parse;
use gameshelf_oubliette_solitaire::{Deal, OublietteSolitaire};

/// Deals 1, 2, 42 and 1000 for 2 and 3 jokers, from `tests/data/deals.txt`.
#[test]
fn deals_match_the_reference_vectors() {
    let text = include_str!("data/deals.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (head, cards) = line.split_once(':').unwrap();
        let mut head = head.split_whitespace();
        let jokers: u8 = head.next().unwrap().parse().unwrap();
        let number: u64 = head.next().unwrap().parse().unwrap();
        let want: Vec<u8> = cards
            .split_whitespace()
            .map(|c| parse(c).unwrap())
            .collect();
        assert_eq!(
            Deal::new(number, jokers).order(),
            &want[..],
            "deal {number}"
        );
        checked += 1;
    }
    assert_eq!(checked, 8);
}

#[test]
fn the_equipped_card_of_a_deal_is_never_a_joker() {
    for n in 0..2000 {
        assert!(Deal::new(n, 3).order()[20] < 52, "deal {n}");
    }
}

/// Playing a deal deals its order, draws from it in order, and every outcome is listed.
#[test]
fn a_deal_drives_chance_with_listed_outcomes() {
    for jokers in [2u8, 3] {
        let game = OublietteSolitaire::from_spec(
            &format!("oubliette-solitaire(jokers={jokers})")
                .parse()
                .unwrap(),
        )
        .unwrap();
        for number in [1u64, 42, 1000] {
            let deal = Deal::new(number, jokers);
            let mut s = game.initial_state();
            let mut rng = Rng::seed_from_u64(0);
            let mut draws = Vec::new();
            deal.play(
                &game,
                &mut s,
                &mut Careful::default(),
                &mut rng,
                |before, a| {
                    if game.actor(before) == Actor::Chance {
                        assert!(game.is_legal(before, a), "{a:?} not listed");
                        if before.shuffles == 0 {
                            draws.push(a);
                        }
                    }
                },
            );
            let order: Vec<_> = deal
                .order()
                .iter()
                .map(|&c| gameshelf_oubliette_solitaire::Action::Card(c))
                .collect();
            assert_eq!(
                draws[..],
                order[..draws.len()],
                "deal {number} is drawn in order"
            );
            // The same deal and bot give the same game.
            let mut again = game.initial_state();
            deal.play(
                &game,
                &mut again,
                &mut Careful::default(),
                &mut rng,
                |_, _| {},
            );
            assert_eq!(s, again);
        }
    }
}
