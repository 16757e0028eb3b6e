//! How many search iterations a second a game allows, from a mid-game position.

use std::time::Duration;

use gameshelf_engine::{Actor, Game, Outcomes, Rng, SeatView};
use serde::Serialize;

use super::{Budget, Mcts, MctsConfig};

/// Why no benchmark position could be reached.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// The random game ended before the requested number of moves.
    #[error(
        "the random game of seed {seed} ended after {played} actions, before a decision after {moves}: ask for fewer --moves"
    )]
    EndedEarly {
        /// The seed of the random game.
        seed: u64,
        /// Actions requested before the position.
        moves: usize,
        /// Actions played when the game ended.
        played: usize,
    },
}

/// The state after `moves` random actions (chance included) from the start, drawn from
/// `Rng::seed_from_u64(seed)`, then further random actions up to the first decision with
/// at least two legal actions.
///
/// # Errors
/// [`BenchError::EndedEarly`] if the game ends first.
pub fn mid_game<G: Game>(game: &G, moves: usize, seed: u64) -> Result<G::State, BenchError> {
    let mut rng = Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
    let mut played = 0;
    loop {
        let action = match game.actor(&state) {
            Actor::Terminal => {
                return Err(BenchError::EndedEarly {
                    seed,
                    moves,
                    played,
                });
            }
            Actor::Chance => game.sample_chance(&state, &mut rng, &mut outcomes),
            Actor::Player(_) => {
                game.legal_actions(&state, &mut actions);
                if played >= moves && actions.len() >= 2 {
                    return Ok(state);
                }
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        game.apply_unchecked(&mut state, action);
        played += 1;
    }
}

/// What [`bench_mcts`] measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MctsBench {
    /// The canonical game string.
    pub game: String,
    /// Random actions played before the position.
    pub moves: usize,
    /// Root-parallel workers.
    pub threads: usize,
    /// Legal actions at the root.
    pub root_actions: usize,
    /// Iterations run (checked against the root children's visit counts).
    pub iterations: u64,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
    /// Iterations per second.
    pub iterations_per_second: f64,
    /// Nodes in the trees at the end.
    pub nodes: usize,
}

/// Runs one search of about `seconds` from [`mid_game`]`(game, moves, seed)` with random
/// rollouts and `threads` root-parallel workers (0: all cores), and counts iterations.
///
/// # Errors
/// [`BenchError::EndedEarly`] if the position cannot be reached.
///
/// # Panics
/// If the root children's visits do not add up to the iterations counted: the benchmark
/// checks that every iteration it counts went through the tree.
pub fn bench_mcts<G: Game>(
    game: &G,
    moves: usize,
    seconds: f64,
    threads: usize,
    seed: u64,
) -> Result<MctsBench, BenchError> {
    let state = mid_game(game, moves, seed)?;
    let Actor::Player(seat) = game.actor(&state) else {
        unreachable!("mid_game stops at a decision")
    };
    let config = MctsConfig {
        budget: Budget::Time(Duration::from_secs_f64(seconds)),
        threads,
        reuse: false,
        ..MctsConfig::default()
    };
    let mut bot = Mcts::new(config);
    let view = SeatView::new(game, &state, seat);
    let search = bot.search(&view, &mut Rng::seed_from_u64(seed));
    let visits: u64 = search.merged.iter().map(|c| c.visits).sum();
    assert_eq!(
        visits, search.iterations,
        "every iteration passes through one root child"
    );
    let mut legal = Vec::new();
    view.legal_actions(&mut legal);
    Ok(MctsBench {
        game: game.spec().to_string(),
        moves,
        threads: search.workers.len(),
        root_actions: legal.len(),
        iterations: search.iterations,
        seconds: search.seconds,
        iterations_per_second: search.iterations as f64 / search.seconds,
        nodes: search.workers.iter().map(|w| w.nodes).sum(),
    })
}

impl std::fmt::Display for MctsBench {
    /// The figures as a short text report.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "  position          after {} random actions, {} legal actions",
            self.moves, self.root_actions
        )?;
        writeln!(f, "  threads           {}", self.threads)?;
        writeln!(f, "  iterations        {}", self.iterations)?;
        writeln!(f, "  seconds           {:.3}", self.seconds)?;
        writeln!(f, "  iterations/s      {:.0}", self.iterations_per_second)?;
        write!(f, "  tree nodes        {}", self.nodes)
    }
}
