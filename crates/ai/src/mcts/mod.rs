//! Monte Carlo tree search, written once over the engine's [`Game`] trait.
//!
//! [`Mcts`] is a [`Bot`]: it sees only a [`SeatView`] and searches from states that view
//! gives it. Every game gets it for free through [`crate::Roster::bot`].
//!
//! # The algorithm and why it is shaped so
//!
//! * **UCT.** At a decision node the player to move picks the child maximising
//!   `mean + c·√(ln n / visits)` (UCB1 applied to trees, Kocsis and Szepesvári 2006), after
//!   every legal action has been tried once (untried actions are expanded first, in random
//!   order). Returns are normalised into `[0, 1]` with the game's declared
//!   `min_return`/`max_return`, so one constant suits every game. UCB1's regret bound
//!   uses `c = √2` for rewards in `[0, 1]`; programs tuned for play use less, and
//!   OpenSpiel's default (`uct_c = 2` on returns in `[-1, 1]`) is `c = 1` on `[0, 1]`.
//!   [`DEFAULT_EXPLORATION`] is 1: with 0.7 the search starved a forced win hidden behind
//!   a chance node and a trap (the `finds_the_forced_win…` test: found in 7 of 10 seeds at
//!   20,000 iterations, against 10 of 10 with 1).
//! * **Chance nodes.** A chance node draws its outcome with [`Game::sample_chance`], which
//!   has exactly the listed probabilities, and descends into (or makes) the child for that
//!   outcome. Sampling instead of weighting the children keeps each iteration one path and
//!   lets games sample without listing outcomes (the fast path of playouts).
//! * **Value vectors.** Each node stores, for every seat, the sum of that seat's normalised
//!   returns over the iterations through it. The player to move maximises its own
//!   component, so the same tree serves two-player, multi-player and one-player games, and
//!   general-sum returns need no "negamax" sign convention. In a constant-sum game the
//!   components of every node sum to the constant (normalised) times its visits.
//! * **One new node per iteration**, decision or chance, then a rollout to the end of the
//!   game: uniformly random by default (cheap, so many iterations), or a [`Bot`] such as a
//!   game's heuristic ([`Mcts::with_rollout`]).
//! * **Arena.** Nodes live in one `Vec` linked by `u32` indices (first child, next
//!   sibling; siblings sorted by action so selection walks them in step with the sorted
//!   legal actions); value vectors in a parallel flat `Vec<f64>`. The state, action and
//!   outcome buffers and the path are reused, so an iteration allocates nothing once the
//!   buffers are warm beyond the one node it adds.
//!
//! # Hidden information: SO-ISMCTS
//!
//! A bot never sees the true state. For a game with [`Information::Imperfect`], every
//! iteration starts from a fresh *determinisation* `view.resample(rng)`: a full state drawn
//! from those the seat cannot tell apart from the true one. The tree is single-observer
//! information-set MCTS (Cowling, Powley and Whitehouse 2012): nodes are keyed by action
//! sequences, shared by every determinisation, so the statistics average over the hidden
//! information instead of fitting one guess. Because another seat's legal actions depend on
//! its hidden hand, a child may be legal in one determinisation and not in another; each
//! child therefore counts its *availability* (how often it was legal when its parent was
//! visited) and UCB uses `ln(availability)` instead of `ln(parent visits)`, so rarely
//! available actions are not over-explored. Decisions depend only on what `resample`
//! returns, which depends only on the seat's observation: changing what is hidden from the
//! bot cannot change its choice (a test checks it).
//!
//! For [`Information::Perfect`] games `resample` returns the true state, so the search
//! determinises once per decision and is plain MCTS with chance nodes.
//!
//! # Subtree reuse
//!
//! In perfect-information games the bot keeps its tree between decisions: it finds the
//! node of the new state below the action it chose last time (walking other seats' moves
//! and chance outcomes, comparing states) and keeps that subtree, copied into a compact
//! arena. Under hidden information a node is not one state, so the tree starts afresh.
//!
//! # Root parallelism
//!
//! With [`MctsConfig::threads`] above one, each worker grows its own tree with its own
//! random stream on a rayon thread, and the root children's visit counts and value sums
//! are added up (in worker order) before choosing the most visited action. An iteration
//! budget is split between the workers; a time budget applies to each.
//!
//! # Reproducibility
//!
//! A decision draws one seed from the bot's generator; worker `w` searches with
//! [`Rng::for_stream`]`(seed, w)`. With an iteration budget the choice depends only on the
//! view, that generator and the configuration, whatever the machine or thread count.
//! A time budget ([`Budget::Time`]) is the one non-deterministic option: how many
//! iterations fit in the time depends on the machine and its load.

mod bench;
mod level;
mod tree;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gameshelf_engine::{Bot, Game, Information, Rng, SeatView, limits};
use rayon::prelude::*;

pub use bench::{BenchError, MctsBench, bench_mcts, mid_game};
pub use level::{Level, level_config};
pub use tree::ChildStats;

use tree::{Params, Worker};

/// The UCT exploration constant used unless configured, on returns normalised to
/// `[0, 1]` (see the [module documentation](self) for why 1).
pub const DEFAULT_EXPLORATION: f64 = 1.0;

/// How often a time-budgeted search looks at the clock, in iterations.
const CLOCK_EVERY: u64 = 16;

/// How much search a decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many iterations (split between root-parallel workers), at most
    /// [`limits::SEARCH_ITERATIONS`]. Deterministic.
    Iterations(u64),
    /// Search for this long (each worker), at most [`limits::SEARCH_TIME`] and
    /// [`limits::SEARCH_ITERATIONS`] iterations. Not deterministic: the iteration count
    /// depends on the machine and its load.
    Time(Duration),
}

impl fmt::Display for Budget {
    /// `2000` for iterations, `200ms` for time, as in bot specs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

/// The settings of a search bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The search budget per decision. By default, 1000 iterations.
    pub budget: Budget,
    /// The UCT exploration constant on returns normalised to `[0, 1]`. By default,
    /// [`DEFAULT_EXPLORATION`].
    pub exploration: f64,
    /// Root-parallel workers, `0` meaning one per rayon thread (all cores), at most
    /// [`limits::THREADS`]. By default, 1: simulations and arenas already run one game per
    /// core.
    pub threads: usize,
    /// Keep the subtree of the last decision when it applies (perfect information). By
    /// default, on.
    pub reuse: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1000),
            exploration: DEFAULT_EXPLORATION,
            threads: 1,
            reuse: true,
        }
    }
}

impl MctsConfig {
    /// The default settings with this budget.
    pub fn with_budget(budget: Budget) -> Self {
        MctsConfig {
            budget,
            ..MctsConfig::default()
        }
    }
}

/// Makes the bot that plays rollouts, one per worker.
pub type RolloutFactory<G> = Arc<dyn Fn() -> Box<dyn Bot<G>> + Send + Sync>;

/// What one worker's search gave.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkerStats<A> {
    /// Iterations run in this search.
    pub iterations: u64,
    /// Nodes in the worker's tree (kept subtree included).
    pub nodes: usize,
    /// The root's children legal in the real state, sorted by action, with their counts
    /// (visits of a kept subtree included).
    pub children: Vec<ChildStats<A>>,
}

/// The result of one search.
#[derive(Clone, Debug, PartialEq)]
pub struct Search<A> {
    /// The action chosen: the most visited root child (ties: higher mean for the mover,
    /// then the smaller action).
    pub action: A,
    /// Iterations run, over all workers.
    pub iterations: u64,
    /// Wall-clock seconds spent.
    pub seconds: f64,
    /// The root children's statistics summed over the workers, sorted by action.
    pub merged: Vec<ChildStats<A>>,
    /// Each worker's own figures, in worker order.
    pub workers: Vec<WorkerStats<A>>,
}

impl<A> ChildStats<A> {
    /// The mean normalised return of `seat` through this child (0 when unvisited).
    pub fn mean(&self, seat: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sums[seat] / self.visits as f64
        }
    }
}

/// A Monte Carlo tree search bot (SO-ISMCTS under hidden information); see the
/// [module documentation](self).
pub struct Mcts<G: Game> {
    config: MctsConfig,
    rollout: Option<RolloutFactory<G>>,
    workers: Vec<Worker<G>>,
    legal: Vec<G::Action>,
    name: String,
}

impl<G: Game> Mcts<G> {
    /// A bot with these settings, random rollouts, named `mcts:<budget>`.
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            name: format!("mcts:{}", config.budget),
            config,
            rollout: None,
            workers: Vec::new(),
            legal: Vec::new(),
        }
    }

    /// The same bot with rollouts played by bots that `make` builds (one per worker),
    /// e.g. a game's heuristic. Stronger rollouts, far fewer iterations per second.
    pub fn with_rollout(mut self, make: RolloutFactory<G>) -> Self {
        self.rollout = Some(make);
        self.workers.clear();
        self
    }

    /// The same bot under another name (for reports).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Searches the view's position and reports the choice with its statistics.
    ///
    /// # Panics
    /// If it is not the view's seat to move.
    pub fn search(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> Search<G::Action> {
        let started = Instant::now();
        let game = view.game();
        let seat = view.seat();
        view.legal_actions(&mut self.legal);
        assert!(
            !self.legal.is_empty(),
            "search needs the view's seat to be the one to move"
        );
        let threads = match self.config.threads {
            0 => rayon::current_num_threads(),
            n => n,
        }
        .min(limits::THREADS);
        let seats = game.num_players();
        let rollout = &self.rollout;
        self.workers.resize_with(threads, || {
            Worker::new(seats, rollout.as_ref().map(|f| f()))
        });
        let seed = rng.next_u64();
        for (w, worker) in self.workers.iter_mut().enumerate() {
            worker.rng = Rng::for_stream(seed, w as u64);
        }
        let perfect = game.info().information == Information::Perfect;
        let info = game.info();
        let span = info.max_return - info.min_return;
        let params = Params {
            exploration: self.config.exploration,
            min: info.min_return,
            scale: if span > 0.0 { 1.0 / span } else { 1.0 },
        };
        let (config, legal) = (self.config, &self.legal);
        let forced = legal.len() == 1;
        let run = |(w, worker): (usize, &mut Worker<G>)| {
            let root = perfect.then(|| view.resample(&mut worker.rng));
            match &root {
                Some(r) => {
                    worker.reuse(game, r, seat, config.reuse);
                }
                None => worker.tree.clear(),
            }
            let before = worker.tree.root_visits();
            if !forced {
                let mut iterate = || match &root {
                    Some(r) => worker.iterate(game, r, params),
                    None => {
                        let det = view.resample(&mut worker.rng);
                        worker.iterate(game, &det, params);
                    }
                };
                match config.budget {
                    Budget::Iterations(n) => {
                        let n = n.min(limits::SEARCH_ITERATIONS);
                        let share = n / threads as u64 + u64::from((w as u64) < n % threads as u64);
                        (0..share).for_each(|_| iterate());
                    }
                    Budget::Time(d) => {
                        // The iteration limit also bounds a time budget, and with it the
                        // tree's memory, however fast the machine.
                        let deadline = Instant::now() + d.min(limits::SEARCH_TIME);
                        let mut done = 0;
                        while Instant::now() < deadline && done < limits::SEARCH_ITERATIONS {
                            (0..CLOCK_EVERY).for_each(|_| iterate());
                            done += CLOCK_EVERY;
                        }
                    }
                }
            }
            let stats = WorkerStats {
                iterations: worker.tree.root_visits() - before,
                nodes: worker.tree.len(),
                children: worker.tree.root_stats(legal),
            };
            (stats, root)
        };
        let results: Vec<_> = if threads == 1 {
            self.workers.iter_mut().enumerate().map(run).collect()
        } else {
            self.workers.par_iter_mut().enumerate().map(run).collect()
        };
        let merged = merge(results.iter().map(|(s, _)| s));
        let action = if forced {
            legal[0]
        } else {
            best(&merged, seat).unwrap_or(legal[0])
        };
        let mut workers = Vec::with_capacity(results.len());
        for ((stats, root), worker) in results.into_iter().zip(&mut self.workers) {
            if let Some(root) = root {
                worker.remember(root, action);
            }
            workers.push(stats);
        }
        Search {
            action,
            iterations: workers.iter().map(|w| w.iterations).sum(),
            seconds: started.elapsed().as_secs_f64(),
            merged,
            workers,
        }
    }
}

/// The root children of several workers, summed by action.
fn merge<'a, A: Copy + Ord + 'a>(
    workers: impl Iterator<Item = &'a WorkerStats<A>>,
) -> Vec<ChildStats<A>> {
    let mut sums: BTreeMap<A, ChildStats<A>> = BTreeMap::new();
    for w in workers {
        for c in &w.children {
            let e = sums.entry(c.action).or_insert_with(|| ChildStats {
                action: c.action,
                visits: 0,
                value_sums: vec![0.0; c.value_sums.len()],
            });
            e.visits += c.visits;
            for (s, v) in e.value_sums.iter_mut().zip(&c.value_sums) {
                *s += v;
            }
        }
    }
    sums.into_values().collect()
}

/// The most visited child; ties go to the higher mean for `seat`, then the smaller action.
fn best<A: Copy>(children: &[ChildStats<A>], seat: usize) -> Option<A> {
    let mut best: Option<&ChildStats<A>> = None;
    for c in children {
        let better = best.is_none_or(|b| (c.visits, c.mean(seat)) > (b.visits, b.mean(seat)));
        if better {
            best = Some(c);
        }
    }
    best.map(|c| c.action)
}

impl<G: Game> Bot<G> for Mcts<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, view: &SeatView<'_, G>, rng: &mut Rng) -> G::Action {
        self.search(view, rng).action
    }
}
