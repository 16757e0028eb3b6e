//! Correctness of the search bots: forced wins through chance, value vectors, determinism,
//! no hidden-information leak, root-parallel merging and subtree reuse.

use gameshelf_ai::mcts::{Budget, ChildStats, Mcts, MctsConfig, Search, mid_game};
use gameshelf_conformance::toy::{Tree, TreeNode};
use gameshelf_engine::{Actor, Bot, Game, GameSpec, Outcomes, Rng, SeatView};
use gameshelf_open_oubliette::OpenOubliette;
use gameshelf_osbo::Osbo;

/// A two-player toy with a trap and a forced win behind chance.
///
/// Player 1 (seat 0) opens with one of three actions:
/// * `0`: a coin decides the winner (worth 1/2);
/// * `1`: seat 1 picks one of five replies, one of which wins for it (random play scores
///   4/5 here, correct play 0: the trap);
/// * `2`: a die (six outcomes), then seat 1 picks one of two moves, then seat 0 picks one
///   of five: `(die + move) % 5` wins for seat 0, the rest lose (random play scores 1/5,
///   correct play 1: the forced win).
fn trap() -> Tree {
    Tree::new("trap", |h| match h {
        [] => TreeNode::Player(0, 3),
        [0] => TreeNode::Chance(&[1, 1]),
        [0, coin] => TreeNode::Won(usize::from(*coin != 0)),
        [1] => TreeNode::Player(1, 5),
        [1, reply] => TreeNode::Won(usize::from(*reply == 0)),
        [2] => TreeNode::Chance(&[1; 6]),
        [2, _] => TreeNode::Player(1, 2),
        [2, _, _] => TreeNode::Player(0, 5),
        [2, die, mv, pick] => TreeNode::Won(usize::from(*pick != (die + mv) % 5)),
        h => unreachable!("not a trap history: {h:?}"),
    })
}

fn iterations(n: u64) -> MctsConfig {
    MctsConfig::with_budget(Budget::Iterations(n))
}

/// One search of `state` by the seat to move.
fn search<G: Game>(game: &G, state: &G::State, config: MctsConfig, seed: u64) -> Search<G::Action> {
    let Actor::Player(seat) = game.actor(state) else {
        panic!("not a decision")
    };
    Mcts::new(config).search(
        &SeatView::new(game, state, seat),
        &mut Rng::seed_from_u64(seed),
    )
}

/// Asserts that every child's mean value vector sums to `total`.
fn assert_values_sum<A: std::fmt::Debug>(children: &[ChildStats<A>], seats: usize, total: f64) {
    assert!(!children.is_empty());
    for c in children {
        let sum: f64 = (0..seats).map(|s| c.mean(s)).sum();
        assert!((sum - total).abs() < 1e-9, "{c:?}: values sum to {sum}");
    }
}

#[test]
fn finds_the_forced_win_behind_chance_and_avoids_the_trap() {
    let game = trap();
    for seed in 0..2 {
        let s = search(&game, &Vec::new(), iterations(20_000), seed);
        assert_eq!(s.action, 2, "seed {seed}: {:?}", s.merged);
        assert!(s.merged[2].mean(0) > 0.8, "{:?}", s.merged);
    }
}

#[test]
fn finds_the_winning_reply_at_every_chance_outcome() {
    let game = trap();
    for die in 0..6 {
        for mv in 0..2 {
            let s = search(&game, &vec![2, die, mv], iterations(200), 1);
            assert_eq!(s.action, (die + mv) % 5);
        }
    }
}

#[test]
fn value_vectors_sum_as_the_returns_do() {
    let game = trap();
    let s = search(&game, &Vec::new(), iterations(500), 3);
    assert_values_sum(&s.merged, 2, 1.0);

    let osbo = Osbo::default();
    let state = mid_game(&osbo, 10, 7).unwrap();
    assert_values_sum(&search(&osbo, &state, iterations(300), 3).merged, 2, 1.0);

    let oo = OpenOubliette::default();
    let state = mid_game(&oo, 60, 7).unwrap();
    let n = oo.num_players();
    assert_values_sum(&search(&oo, &state, iterations(300), 3).merged, n, 1.0);
}

#[test]
fn the_same_seed_gives_the_same_search() {
    let osbo = Osbo::default();
    let state = mid_game(&osbo, 10, 2).unwrap();
    let a = search(&osbo, &state, iterations(300), 9);
    let b = search(&osbo, &state, iterations(300), 9);
    assert_eq!((a.action, &a.merged), (b.action, &b.merged));

    let oo = OpenOubliette::default();
    let state = mid_game(&oo, 60, 2).unwrap();
    let a = search(&oo, &state, iterations(300), 9);
    let b = search(&oo, &state, iterations(300), 9);
    assert_eq!((a.action, &a.merged), (b.action, &b.merged));
    assert_eq!(a.iterations, 300);
}

/// The bot only gets a view: redealing what its seat cannot see (the others' hands, the
/// draw piles) must not change anything it decides.
#[test]
fn hidden_information_does_not_change_the_decision() {
    let game: OpenOubliette = "open-oubliette(players=4)"
        .parse::<GameSpec>()
        .map(|s| OpenOubliette::from_spec(&s).unwrap())
        .unwrap();
    let mut checked = 0;
    for seed in 0..6 {
        let Ok(truth) = mid_game(&game, 40 + 10 * seed as usize, seed) else {
            continue;
        };
        let Actor::Player(seat) = game.actor(&truth) else {
            unreachable!()
        };
        let other = game.resample(&truth, seat, &mut Rng::seed_from_u64(1000 + seed));
        assert_eq!(game.observe(&truth, seat), game.observe(&other, seat));
        if other == truth {
            continue;
        }
        let config = iterations(400);
        let a = search(&game, &truth, config, seed);
        let b = search(&game, &other, config, seed);
        assert_eq!(a.action, b.action, "seed {seed}");
        assert_eq!(a.merged, b.merged, "seed {seed}");
        checked += 1;
    }
    assert!(
        checked >= 3,
        "only {checked} positions had hidden information to change"
    );
}

#[test]
fn root_parallel_statistics_are_the_sum_of_the_workers() {
    let osbo = Osbo::default();
    let state = mid_game(&osbo, 10, 4).unwrap();
    let config = MctsConfig {
        threads: 3,
        ..iterations(301)
    };
    let s = search(&osbo, &state, config, 5);
    assert_eq!(s.workers.len(), 3);
    assert_eq!(
        s.workers.iter().map(|w| w.iterations).collect::<Vec<_>>(),
        vec![101, 100, 100]
    );
    assert_eq!(s.iterations, 301);
    for m in &s.merged {
        let parts = s
            .workers
            .iter()
            .flat_map(|w| w.children.iter().filter(|c| c.action == m.action));
        let (visits, values) = parts.fold((0, vec![0.0; 2]), |(n, mut v), c| {
            v.iter_mut().zip(&c.value_sums).for_each(|(a, b)| *a += b);
            (n + c.visits, v)
        });
        assert_eq!(m.visits, visits);
        assert_eq!(m.value_sums, values);
    }
    assert_eq!(s.merged.iter().map(|c| c.visits).sum::<u64>(), 301);
    // The threads' schedule changes nothing.
    assert_eq!(search(&osbo, &state, config, 5).merged, s.merged);
}

#[test]
fn perfect_information_keeps_the_subtree_between_decisions() {
    let game = Osbo::default();
    let mut state = mid_game(&game, 4, 11).unwrap();
    let mut bots = [Mcts::new(iterations(200)), Mcts::new(iterations(200))];
    let mut rng = Rng::seed_from_u64(3);
    let (mut outcomes, mut kept) = (Outcomes::new(), 0);
    for _ in 0..40 {
        let action = match game.actor(&state) {
            Actor::Terminal => break,
            Actor::Chance => game.sample_chance(&state, &mut rng, &mut outcomes),
            Actor::Player(p) => {
                let s = bots[p].search(&SeatView::new(&game, &state, p), &mut rng);
                let root_visits: u64 = s.merged.iter().map(|c| c.visits).sum();
                if s.iterations > 0 && root_visits > s.iterations {
                    kept += 1;
                }
                s.action
            }
        };
        game.apply_unchecked(&mut state, action);
    }
    assert!(kept > 0, "no decision reused its subtree");
}

#[test]
fn heuristic_rollouts_play_legal_games() {
    let game = Osbo::default();
    let state = mid_game(&game, 6, 1).unwrap();
    let rollout = std::sync::Arc::new(|| {
        Box::new(gameshelf_osbo::bot::Greedy::default()) as Box<dyn Bot<Osbo>>
    });
    let mut bot = Mcts::new(iterations(50)).with_rollout(rollout);
    let Actor::Player(seat) = game.actor(&state) else {
        unreachable!()
    };
    let view = SeatView::new(&game, &state, seat);
    let action = bot.choose(&view, &mut Rng::seed_from_u64(1));
    assert!(game.is_legal(&state, action));
}
