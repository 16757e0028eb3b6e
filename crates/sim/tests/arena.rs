//! The arena on a toy whose head-to-head score is known exactly.

use gameshelf_engine::{
    Actor, Bot, ChanceMode, Game, GameInfo, GameSpec, Information, Outcomes, RandomBot, Returns,
    Rng, Seat, SeatView, Utility,
};
use gameshelf_sim::SimConfig;
use gameshelf_sim::arena::{ArenaReport, arena};

/// Each seat in turn says 0 or 1; the higher number wins, and a coin breaks a tie. The
/// state is the list of what was said (the coin's outcome last, 0 meaning seat 0 wins).
#[derive(Clone)]
struct Higher {
    info: GameInfo,
}

impl Game for Higher {
    type Action = u8;
    type State = Vec<u8>;
    type Observation = Vec<u8>;

    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn spec(&self) -> GameSpec {
        GameSpec::new("higher")
    }
    fn num_players(&self) -> usize {
        2
    }
    fn max_game_length(&self) -> usize {
        3
    }
    fn initial_state(&self) -> Vec<u8> {
        Vec::new()
    }
    fn actor(&self, s: &Vec<u8>) -> Actor {
        match s.as_slice() {
            [] => Actor::Player(0),
            [_] => Actor::Player(1),
            [a, b] if a == b => Actor::Chance,
            _ => Actor::Terminal,
        }
    }
    fn legal_actions(&self, s: &Vec<u8>, out: &mut Vec<u8>) {
        out.clear();
        if s.len() < 2 {
            out.extend([0, 1]);
        }
    }
    fn chance_outcomes(&self, s: &Vec<u8>, out: &mut Outcomes<u8>) {
        out.clear();
        if self.actor(s) == Actor::Chance {
            out.push(0, 1);
            out.push(1, 1);
        }
    }
    fn apply_unchecked(&self, s: &mut Vec<u8>, a: u8) {
        s.push(a);
    }
    fn returns(&self, s: &Vec<u8>) -> Returns {
        let mut r = Returns::zeros(2);
        let winner = match s.as_slice() {
            [_, _, coin] => usize::from(*coin),
            [a, b] if a != b => usize::from(b > a),
            _ => return r,
        };
        r.as_mut_slice()[winner] = 1.0;
        r
    }
    fn observe(&self, s: &Vec<u8>, _: Seat) -> Vec<u8> {
        s.clone()
    }
    fn resample(&self, s: &Vec<u8>, _: Seat, _: &mut Rng) -> Vec<u8> {
        s.clone()
    }
    fn turns(&self, s: &Vec<u8>) -> u32 {
        s.len() as u32
    }
}

/// Always says 1.
struct One;

impl Bot<Higher> for One {
    fn name(&self) -> String {
        "one".to_owned()
    }
    fn choose(&mut self, _: &SeatView<'_, Higher>, _: &mut Rng) -> u8 {
        1
    }
}

fn higher() -> Higher {
    Higher {
        info: GameInfo {
            id: "higher",
            name: "Higher",
            credit: "a test toy",
            min_players: 2,
            max_players: 2,
            chance: ChanceMode::ExplicitStochastic,
            information: Information::Perfect,
            utility: Utility::ConstantSum(1.0),
            min_return: 0.0,
            max_return: 1.0,
            params: &[],
        },
    }
}

fn run(threads: usize) -> ArenaReport {
    let names = ["one".to_owned(), "random".to_owned()];
    let make = |e: usize| -> Box<dyn Bot<Higher>> {
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
