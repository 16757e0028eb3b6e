//! The conformance kit every gameshelf game runs.
//!
//! [`Game`] states a contract in words (legal actions exactly at player nodes, sorted lists,
//! exact chance, JSON round trips, observations that hide what a seat may not see, bounded
//! games, returns within declared bounds). This crate checks it the way OpenSpiel's
//! `basic_tests` do: by playing many seeded random games, uniformly random players and
//! chance sampled by its weights, and checking every clause along the way.
//!
//! * At **every node** of every game: the actor matches what is listed ([`Check::Actor`]);
//!   the lists are sorted, unique, with positive weights summing to exactly 1
//!   ([`Check::Lists`]); `apply` accepts each listed action ([`Check::ApplyAccepts`]) and
//!   refuses, without touching the state, actions listed elsewhere in the run but not here
//!   ([`Check::ApplyRefuses`]); `turns` does not go down ([`Check::Turns`]); the game has
//!   not outrun `max_game_length` ([`Check::Length`]). Every action the first time it is
//!   seen round-trips through JSON.
//! * For **every game**: the terminal returns ([`Check::Returns`]); its [`Record`]
//!   round-trips through JSON and replays to the same final state ([`Check::Replay`]);
//!   the same seed plays the same game again ([`Check::Determinism`]); replayed with the
//!   standings followed, states in a row with the same standing stamp have the same
//!   standings, and the leader is their top seat ([`Check::Standing`]).
//! * At a few **deep-checked states** per game (the first and last included): the state
//!   clones equal and round-trips through JSON, each seat's observation serialises
//!   ([`Check::Serde`]), and for each seat several resamples keep that seat's observation
//!   and the public (spectator's) observation ([`Check::Observation`]) and are valid states that play on to the end
//!   ([`Check::Resample`]). Perfect-information games must resample the state itself;
//!   imperfect ones must, somewhere in the run, resample a state that differs.
//!
//! [`check`] panics on the first violation with everything needed to reproduce it: the
//! game string, the seed, the game index, the action index and the actions played so far.
//! [`run`] returns the same as a [`Failure`], and the per-clause functions ([`Node`]'s
//! methods, [`check_resample`], [`check_record_replay`], ...) are public for tests that
//! want one clause at one state.
//!
//! The [`toy`] module holds small games for testing game-generic code (simulation, search,
//! terminal play), so that those crates' tests share one set of toys that pass this kit.
//!
//! Game `i` of a run plays with [`Rng::for_stream`]`(seed, i)`, so a failure reported for
//! game 17 of seed 3 is reproduced by playing that stream alone. The kit's own random
//! choices (which states to probe, resample draws) use a separate stream, so checking never
//! changes which game is played.
//!
//! ```no_run
//! # fn demo<G: gameshelf_engine::Game>(game: &G) {
//! use gameshelf_conformance::{Config, check};
//! let summary = check(game, &Config::default());
//! assert!(summary.games > 0);
//! # }
//! ```
//!
//! [`Game`]: gameshelf_engine::Game
//! [`Record`]: gameshelf_engine::Record
//! [`Rng::for_stream`]: gameshelf_engine::Rng::for_stream

mod game;
mod node;
mod run;
mod state;
pub mod toy;
mod violation;

use std::fmt;

use gameshelf_engine::{Actor, Game};

pub use game::{check_determinism, check_metadata, check_record_replay, check_standing_stamps};
pub use node::Node;
pub use state::{
    ResampleStats, SUM_TOLERANCE, check_observations, check_resample, check_returns,
    check_round_trip, play_out,
};
pub use violation::{Check, Violation};

/// How much a conformance run checks.
///
/// The defaults keep one game's conformance test to a few seconds in a debug build for
/// games of a few hundred actions; raise `games` for a longer soak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The number of random games. By default, 40.
    pub games: u64,
    /// The seed: game `i` plays with `Rng::for_stream(seed, i)`. By default, 0.
    pub seed: u64,
    /// The number of states per game given the deep checks (serialisation, observations,
    /// resampling), spread evenly from the first to the last. By default, 6.
    pub deep_states: usize,
    /// Resamples per seat at each deep-checked state; the first is also played out to the
    /// end. By default, 3.
    pub resamples: usize,
    /// At each node, at most this many actions seen elsewhere in the run but not listed
    /// here are offered to `apply`, which must refuse them. By default, 8.
    pub refusal_probes: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 40,
            seed: 0,
            deep_states: 6,
            resamples: 3,
            refusal_probes: 8,
        }
    }
}

/// What a successful run checked, so that tests can assert it checked something.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played to the end.
    pub games: u64,
    /// Actions played in them, chance outcomes included.
    pub actions: u64,
    /// The most actions of any one game.
    pub longest_game: usize,
    /// Distinct actions and chance outcomes seen (each checked through JSON).
    pub distinct_actions: usize,
    /// Unlisted actions that `apply` refused.
    pub refusals: u64,
    /// Listed actions tried at other sums than their own ([`Node::check_amounts`]).
    pub repriced: u64,
    /// States given the deep checks.
    pub deep_states: u64,
    /// Resamples checked.
    pub resamples: u64,
    /// Resamples that differed from the true state.
    pub resamples_differing: u64,
}

/// The first violation of a run, located so that it can be reproduced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The game string.
    pub game: String,
    /// The run's seed.
    pub seed: u64,
    /// The game of the run (`None` for run-wide conditions).
    pub game_index: Option<u64>,
    /// The number of actions played before the failing state (`None` when the check is
    /// about the whole game).
    pub action_index: Option<usize>,
    /// Who was to act at the failing state, when known.
    pub actor: Option<Actor>,
    /// The actions played up to the failing state, as text.
    pub history: Vec<String>,
    /// What failed.
    pub violation: Violation,
}

/// The most actions of the history quoted in a failure message.
const HISTORY_SHOWN: usize = 40;

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "conformance failure in {}: seed {}",
            self.game, self.seed
        )?;
        if let Some(i) = self.game_index {
            write!(f, ", game {i}")?;
        }
        if let Some(a) = self.action_index {
            write!(f, ", action {a}")?;
        }
        if let Some(actor) = self.actor {
            write!(f, " ({actor:?} to act)")?;
        }
        write!(f, ": {}", self.violation)?;
        if self.game_index.is_some() {
            let skipped = self.history.len().saturating_sub(HISTORY_SHOWN);
            write!(f, "\n  actions played ({}): ", self.history.len())?;
            if skipped > 0 {
                write!(f, "... ")?;
            }
            write!(f, "{}", self.history[skipped..].join(" "))?;
        }
        Ok(())
    }
}

impl std::error::Error for Failure {}

/// Runs every check over `config.games` random games and returns what was checked.
///
/// # Errors
/// The first [`Failure`]: games are checked in order and a game's node checks come before
/// its whole-game and deep checks. A panic inside the game is caught and reported as a
/// [`Check::Panic`] failure with its location.
pub fn run<G: Game>(game: &G, config: &Config) -> Result<Summary, Box<Failure>> {
    check_metadata(game).map_err(|violation| {
        Box::new(Failure {
            game: game.spec().to_string(),
            seed: config.seed,
            game_index: None,
            action_index: None,
            actor: None,
            history: Vec::new(),
            violation,
        })
    })?;
    run::Runner::new(game, config).run()
}

/// Runs every check, as [`run`], for use in a game's tests.
///
/// # Panics
/// On the first violation, with a message naming the game string, seed, game index,
/// action index, the check that failed, what was seen, and the actions played.
pub fn check<G: Game>(game: &G, config: &Config) -> Summary {
    run(game, config).unwrap_or_else(|failure| panic!("{failure}"))
}
