//! The arena on a toy whose head-to-head score is known exactly.

use gameshelf_conformance::toy::{Tree, TreeNode};
use gameshelf_engine::{Bot, RandomBot, Rng, SeatView};
use gameshelf_sim::SimConfig;
use gameshelf_sim::arena::{ArenaReport, arena};

/// Each seat in turn says 0 or 1; the higher number wins, and a coin breaks a tie (its
/// outcome 0 meaning seat 0 wins).
fn higher() -> Tree {
    Tree::new("higher", |h| match h {
        [] => TreeNode::Player(0, 2),
        [_] => TreeNode::Player(1, 2),
        [a, b] if a == b => TreeNode::Chance(&[1, 1]),
        [a, b] => TreeNode::Won(usize::from(b > a)),
        [_, _, coin] => TreeNode::Won(usize::from(*coin)),
        h => unreachable!("not a higher history: {h:?}"),
    })
}

/// Always says 1.
struct One;

impl Bot<Tree> for One {
    fn name(&self) -> String {
        "one".to_owned()
    }
    fn choose(&mut self, _: &SeatView<'_, Tree>, _: &mut Rng) -> u8 {
        1
    }
}

fn run(threads: usize) -> ArenaReport {
    let names = ["one".to_owned(), "random".to_owned()];
    let make = |e: usize| -> Box<dyn Bot<Tree>> {
        if e == 0 {
            Box::new(One)
        } else {
            Box::new(RandomBot::default())
        }
    };
    let config = SimConfig {
        games: 2000,
        seed: 3,
        threads: Some(threads),
        progress: false,
        overall: None,
    };
    arena(&higher(), &names, make, &config)
}

#[test]
fn win_rates_and_elo_match_the_exact_score() {
    let r = run(2);
    // "one" scores 1/2 (random says 0) + 1/2 · 1/2 (a tie, then the coin) = 3/4.
    let one = &r.standings[0];
    assert_eq!((one.bot.as_str(), one.seat_games), ("one", 2000));
    assert!(one.ci.contains(0.75), "{one:?}");
    assert!((one.win_rate + r.standings[1].win_rate - 1.0).abs() < 1e-9);
    // Two seats of a game won by one: the fair share is 1/2, and "one" is 1/4 above it.
    assert_eq!(r.fair_share, Some(0.5));
    assert_eq!(one.edge, Some(one.win_rate - 0.5));
    assert!(one.edge_ci.unwrap().contains(0.25), "{one:?}");
    let text = r.to_text();
    assert!(text.contains("edge over the fair share 50.0%"), "{text}");
    assert!(
        text.contains(&format!("{:+.1} points", 100.0 * (one.win_rate - 0.5))),
        "{text}"
    );
    let elo = r.elo.as_ref().expect("two bots, two seats");
    assert_eq!(elo.score, one.win_rate);
    assert!(elo.elo_ci.contains(400.0 * 3f64.log10()), "{elo:?}");
}

#[test]
fn figures_do_not_depend_on_the_thread_count() {
    let (mut a, mut b) = (run(1), run(2));
    (a.seconds, b.seconds) = (0.0, 0.0);
    assert_eq!(a, b);
}
