//! The heuristic bot's strength and style, measured in seat-rotated matches against random
//! play (the `gameshelf arena` code path).

use gameshelf_engine::{Bot, Game, RandomBot, Rng};
use gameshelf_osbo::bot::Greedy;
use gameshelf_osbo::{Action, Osbo};
use gameshelf_sim::SimConfig;
use gameshelf_sim::arena::{ArenaReport, Standing, arena};

fn game(players: usize) -> Osbo {
    Osbo::from_spec(&format!("osbo(players={players})").parse().unwrap()).unwrap()
}

/// One heuristic bot against `players - 1` random players, seats rotated.
fn against_random(players: usize, games: u64, seed: u64) -> ArenaReport {
    let mut names = vec!["heuristic".to_owned()];
    names.resize(players, "random".to_owned());
    let make = |entrant: usize| -> Box<dyn Bot<Osbo>> {
        if entrant == 0 {
            Box::new(Greedy::default())
        } else {
            Box::new(RandomBot::default())
        }
    };
    let config = SimConfig {
        games,
        seed,
        threads: None,
        progress: false,
        overall: None,
    };
    arena(&game(players), &names, make, &config)
}

fn heuristic(report: &ArenaReport) -> &Standing {
    &report.standings[0]
}

/// The bot used to lose to random play (31% in `gameshelf arena osbo --bots
/// heuristic,random --games 400 --seed 7`). Over 120 two-player games it must now win
/// clearly more than four in five.
#[test]
fn heuristic_beats_random_play_by_a_clear_margin() {
    let r = against_random(2, 120, 7);
    let h = heuristic(&r);
    assert_eq!(h.bot, "heuristic");
    assert!(h.ci.low > 0.8, "{h:?}");
}

/// The issue's own measure: at least 80% over 400 seat-rotated two-player games with
/// seed 7, and well above the fair share (1/3, 1/4) with three and four players.
#[test]
#[ignore = "slow: 1200 bot games in a debug build"]
fn heuristic_wins_four_in_five_against_random_play() {
    let two = against_random(2, 400, 7);
    assert!(heuristic(&two).win_rate >= 0.8, "{:?}", heuristic(&two));
    for players in [3, 4] {
        let r = against_random(players, 400, 7);
        let h = heuristic(&r);
        assert!(h.ci.low > 2.0 / players as f64, "{players} players: {h:?}");
    }
}

/// The source's advice on faces: many crossings early, few late, and few in the opponents'
/// designs. Over 40 games against random play, the faces the bot puts into its own design
/// while it holds at most six dice carry more crossings on average than those it adds when
/// the design holds 19 or more, and than those it puts into the opponent's design.
#[test]
fn heuristic_grows_its_own_design_with_large_faces_early_and_small_ones_late() {
    let game = game(2);
    // Crossings and dice: own design early, own design late, the opponent's design.
    let mut sums = [(0u32, 0u32); 3];
    for i in 0..40u64 {
        let mut rng = Rng::for_stream(5, i);
        let me = (i % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<Osbo>>> = vec![
            Box::new(RandomBot::default()),
            Box::new(RandomBot::default()),
        ];
        bots[me] = Box::new(Greedy::default());
        let mut s = game.initial_state();
        gameshelf_engine::play(&game, &mut s, &mut bots, &mut rng, |before, a| {
            let Action::Place(p) = a else { return };
            if before.mover as usize != me {
                return;
            }
            let dice = before.design(p.design as usize).dice();
            let bucket = match (p.design as usize == me, dice) {
                (false, _) => 2,
                (true, ..=6) => 0,
                (true, 19..) => 1,
                (true, _) => return,
            };
            sums[bucket].0 += p.edges.count();
            sums[bucket].1 += 1;
        });
        assert!(game.is_terminal(&s));
    }
    let mean = |(crossings, dice): (u32, u32)| f64::from(crossings) / f64::from(dice);
    let [early, late, away] = sums.map(mean);
    // A random face carries 7/3 crossings on average.
    assert!(early > 7.0 / 3.0, "early {early}");
    assert!(late < early - 0.5, "late {late}, early {early}");
    assert!(away < early - 0.5, "away {away}, early {early}");
}
