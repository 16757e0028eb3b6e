//! The shared toys of `gameshelf_conformance::toy` pass the kit, and their rules do what
//! their docs say.

use gameshelf_conformance::toy::{Race, RaceRules, RaceState, Step, Tree, TreeNode};
use gameshelf_conformance::{Config, check};
use gameshelf_engine::{Actor, ChanceMode, Game, Utility};

/// Seat 0 picks 0 or 1; on 1 a fair coin decides, on 0 seat 1 wins.
fn gamble() -> Tree {
    Tree::new("gamble", |h| match h {
        [] => TreeNode::Player(0, 2),
        [0] => TreeNode::Won(1),
        [1] => TreeNode::Chance(&[1, 1]),
        [1, coin] => TreeNode::Won(usize::from(*coin)),
        h => unreachable!("{h:?}"),
    })
}

#[test]
fn races_of_every_size_are_conformant() {
    for players in 1..=4 {
        for walk in 1..=2 {
            let race = Race::new(RaceRules {
                players,
                walk,
                roll: &[(0, 2), (1, 1), (3, 1)],
                ..RaceRules::default()
            });
            let summary = check(&race, &Config::default());
            assert!(summary.actions > summary.games, "{summary:?}");
        }
    }
}

#[test]
fn a_race_ends_at_the_goal_or_the_turn_limit() {
    let race = Race::new(RaceRules {
        players: 3,
        goal: 3,
        walk: 2,
        turn_limit: 4,
        ..RaceRules::default()
    });
    let mut legal = Vec::new();
    let mut s = race.initial_state();
    race.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Step::Walk(1), Step::Walk(2), Step::Gamble]);
    for a in [Step::Walk(1), Step::Gamble, Step::Roll(2), Step::Walk(2)] {
        race.apply(&mut s, a).unwrap();
    }
    assert_eq!(
        s,
        RaceState {
            at: vec![1, 2, 2],
            to_move: 0,
            rolling: false,
            turns: 3,
        }
    );
    let mut drawn = s.clone();
    race.apply(&mut drawn, Step::Walk(1)).unwrap();
    assert_eq!(race.actor(&drawn), Actor::Terminal);
    assert_eq!(race.end_kind(&drawn), "turn-limit");
    assert_eq!(race.returns(&drawn).as_slice(), [1.0 / 3.0; 3]);
    race.apply(&mut s, Step::Walk(2)).unwrap();
    assert_eq!(race.end_kind(&s), "goal");
    assert_eq!(race.returns(&s).as_slice(), [1.0, 0.0, 0.0]);

    let solo = Race::new(RaceRules {
        players: 1,
        turn_limit: 1,
        ..RaceRules::default()
    });
    assert_eq!(solo.info().utility, Utility::GeneralSum);
    let mut s = solo.initial_state();
    solo.apply(&mut s, Step::Walk(1)).unwrap();
    assert_eq!(
        solo.returns(&s).as_slice(),
        [0.0],
        "a lone runner out of turns"
    );
}

#[test]
fn a_boasting_race_writes_text_with_its_runners_moves_only() {
    let plain = Race::default();
    let boasting = Race::default().boasting();
    check(&boasting, &Config::default());
    let s = boasting.initial_state();
    assert!(boasting.writes_text(&s, Step::Gamble));
    assert!(boasting.writes_text(&s, Step::Walk(1)));
    assert!(!boasting.writes_text(&s, Step::Roll(2)));
    assert!(!plain.writes_text(&s, Step::Gamble));
}

#[test]
#[should_panic(expected = "the roll must be sorted")]
fn a_race_refuses_an_unsorted_roll() {
    Race::new(RaceRules {
        roll: &[(2, 1), (0, 1)],
        ..RaceRules::default()
    });
}

#[test]
fn trees_are_conformant_and_measured_by_walking_them() {
    let game = gamble();
    assert_eq!(game.max_game_length(), 2);
    assert_eq!(game.info().chance, ChanceMode::ExplicitStochastic);
    check(&game, &Config::default());
    check(&game.clone().zero_sum(), &Config::default());
    check(&game.clone().winner_moves_first(), &Config::default());

    let end = vec![1, 0];
    assert_eq!(game.node(&end), TreeNode::Won(0));
    assert_eq!(game.turns(&end), 1, "the coin is not a turn");
    assert_eq!(game.returns(&end).as_slice(), [1.0, 0.0]);
    assert_eq!(
        game.clone().zero_sum().returns(&end).as_slice(),
        [1.0, -1.0]
    );
    assert_eq!(game.turn_position(&end, 0), None);
    let first = game.winner_moves_first();
    assert_eq!(
        (first.turn_position(&end, 0), first.turn_position(&end, 1)),
        (Some(0), Some(1))
    );

    let pick = Tree::new("pick", |h| match h {
        [] => TreeNode::Player(1, 3),
        [a] => TreeNode::Won(usize::from(*a == 0)),
        h => unreachable!("{h:?}"),
    });
    assert_eq!(pick.info().chance, ChanceMode::Deterministic);
    check(&pick, &Config::default());
}

#[test]
#[should_panic(expected = "deeper than 32")]
fn a_tree_refuses_endless_rules() {
    Tree::new("endless", |_| TreeNode::Player(0, 1));
}

#[test]
fn a_race_whose_walks_name_any_length_is_conformant_and_tried_at_other_lengths() {
    let race = Race::new(RaceRules {
        goal: 9,
        walk: 2,
        ..RaceRules::default()
    })
    .striding(4);
    let summary = check(&race, &Config::default());
    assert!(summary.repriced > 0, "{summary:?}");
    let mut s = race.initial_state();
    assert_eq!(race.priced(&s, Step::Walk(1), 4), Ok(Step::Walk(4)));
    let refused = race.priced(&s, Step::Walk(1), 5).unwrap_err();
    assert!(refused.reason.contains("legal actions"), "{refused}");
    assert!(
        race.priced(&s, Step::Gamble, 3)
            .unwrap_err()
            .reason
            .contains("no sum")
    );
    race.apply(&mut s, Step::Walk(4)).unwrap();
    assert_eq!(s.at, [4, 0]);
}
