//! The random-simulation runner behind [`run`](crate::run).

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

use gameshelf_engine::{Actor, Game, Information, Rng};

use crate::game::{check_determinism, check_record_replay, check_standing_stamps};
use crate::node::Node;
use crate::state::{check_observations, check_resample, check_returns, check_round_trip};
use crate::violation::{Check, Violation, ensure};
use crate::{Config, Failure, Summary};

/// Every action and chance outcome seen so far in the run, in order of discovery.
struct Pool<A> {
    seen: HashSet<A>,
    list: Vec<A>,
}

impl<A: Copy + Eq + std::hash::Hash> Pool<A> {
    /// Adds the new ones among `actions`, passing each to `on_new` first.
    fn extend(
        &mut self,
        actions: impl Iterator<Item = A>,
        mut on_new: impl FnMut(&A) -> Result<(), Violation>,
    ) -> Result<(), Violation> {
        for a in actions {
            if !self.seen.contains(&a) {
                on_new(&a)?;
                self.seen.insert(a);
                self.list.push(a);
            }
        }
        Ok(())
    }

    /// The pool from a random starting point, wrapping around.
    fn rotated(&self, rng: &mut Rng) -> impl Iterator<Item = A> + '_ {
        let len = self.list.len();
        let start = if len == 0 {
            0
        } else {
            rng.below(len as u64) as usize
        };
        (0..len).map(move |i| self.list[(start + i) % len])
    }
}

/// Where a game's checks have got to, kept outside the unwinding boundary so that a
/// panicking game can still be located.
struct Cursor<A> {
    actions: Vec<A>,
    at: Option<usize>,
    actor: Option<Actor>,
    /// What the kit was doing, for panic reports.
    stage: &'static str,
}

/// Runs the checks of a configuration over its games.
pub(crate) struct Runner<'a, G: Game> {
    game: &'a G,
    config: &'a Config,
    pool: Pool<G::Action>,
    summary: Summary,
}

impl<'a, G: Game> Runner<'a, G> {
    pub(crate) fn new(game: &'a G, config: &'a Config) -> Self {
        Runner {
            game,
            config,
            pool: Pool {
                seen: HashSet::new(),
                list: Vec::new(),
            },
            summary: Summary::default(),
        }
    }

    /// Checks every game, then the run-wide conditions.
    pub(crate) fn run(mut self) -> Result<Summary, Box<Failure>> {
        for index in 0..self.config.games {
            self.check_game(index)?;
        }
        self.summary.distinct_actions = self.pool.list.len();
        let s = &self.summary;
        if self.game.info().information == Information::Imperfect
            && s.resamples > 0
            && s.resamples_differing == 0
        {
            return Err(self.failure(
                None,
                None,
                Violation::new(
                    Check::Resample,
                    format!(
                        "the game declares imperfect information, but none of {} resamples \
                         differed from the true state: resample does not redeal what is hidden",
                        s.resamples
                    ),
                ),
            ));
        }
        Ok(self.summary)
    }

    fn check_game(&mut self, index: u64) -> Result<(), Box<Failure>> {
        let mut cursor = Cursor {
            actions: Vec::new(),
            at: None,
            actor: None,
            stage: "while playing the game",
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| self.play(index, &mut cursor)));
        let violation = match outcome {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(v)) => v,
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a non-text panic payload".to_owned());
                Violation::new(
                    Check::Panic,
                    format!("the game panicked {}: {message}", cursor.stage),
                )
            }
        };
        Err(self.failure(Some(index), Some(&cursor), violation))
    }

    fn failure(
        &self,
        game_index: Option<u64>,
        cursor: Option<&Cursor<G::Action>>,
        violation: Violation,
    ) -> Box<Failure> {
        Box::new(Failure {
            game: self.game.spec().to_string(),
            seed: self.config.seed,
            game_index,
            action_index: cursor.and_then(|c| c.at),
            actor: cursor.and_then(|c| c.actor),
            history: cursor.map_or_else(Vec::new, |c| {
                let played = c.at.unwrap_or(c.actions.len()).min(c.actions.len());
                c.actions[..played]
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            }),
            violation,
        })
    }

    /// Plays game `index` at random with the node checks at every state, then checks its
    /// record, its determinism, and the deep checks at a few of its states.
    fn play(&mut self, index: u64, cursor: &mut Cursor<G::Action>) -> Result<(), Violation> {
        let (game, config) = (self.game, self.config);
        let mut rng = Rng::for_stream(config.seed, index);
        let mut check_rng = Rng::for_stream(!config.seed, index);
        let mut state = game.initial_state();
        let mut node = Node::default();
        let mut last_turns = 0;
        loop {
            cursor.at = Some(cursor.actions.len());
            node.read(game, &state);
            cursor.actor = Some(node.actor());
            node.check_actor(game)?;
            node.check_lists()?;
            node.check_sampler(game, &state, &mut check_rng, 4)?;
            self.pool
                .extend(node.listed(), |a| check_round_trip("action", a))?;
            node.check_apply_accepts(game, &state)?;
            self.summary.repriced += node.check_amounts(game, &state, &mut check_rng)? as u64;
            let probes = self
                .pool
                .rotated(&mut check_rng)
                .filter(|&a| !node.is_listed(a))
                .take(config.refusal_probes);
            self.summary.refusals += node.check_apply_refuses(game, &state, probes)? as u64;
            let turns = game.turns(&state);
            ensure(turns >= last_turns, Check::Turns, || {
                format!("turns went down from {last_turns} to {turns}")
            })?;
            last_turns = turns;
            let Some(action) = node.pick(&mut rng) else {
                break;
            };
            ensure(
                cursor.actions.len() < game.max_game_length(),
                Check::Length,
                || {
                    format!(
                        "the game is not over after max_game_length = {} actions",
                        game.max_game_length()
                    )
                },
            )?;
            cursor.actions.push(action);
            game.apply_unchecked(&mut state, action);
        }
        check_returns(game, &state)?;
        cursor.at = None;
        cursor.actor = None;
        cursor.stage = "while replaying its record";
        check_record_replay(game, &cursor.actions, Some(config.seed), &state)?;
        cursor.stage = "while replaying its seed";
        check_determinism(game, Rng::for_stream(config.seed, index), &cursor.actions)?;
        cursor.stage = "while following its standings";
        check_standing_stamps(game, &cursor.actions)?;
        self.summary.games += 1;
        self.summary.actions += cursor.actions.len() as u64;
        self.summary.longest_game = self.summary.longest_game.max(cursor.actions.len());
        let actions = cursor.actions.clone();
        cursor.stage = "during the deep checks (serialisation, observations, resampling)";
        self.deep_checks(&actions, &mut check_rng, cursor)
    }

    /// Replays the game's actions and gives the deep checks to `config.deep_states` states
    /// spread evenly over it (the first and last included).
    fn deep_checks(
        &mut self,
        actions: &[G::Action],
        rng: &mut Rng,
        cursor: &mut Cursor<G::Action>,
    ) -> Result<(), Violation> {
        let game = self.game;
        let picks = self.config.deep_states;
        let len = actions.len();
        let mut chosen = (0..picks).map(|k| match picks {
            1 => 0,
            _ => (k * len + (picks - 1) / 2) / (picks - 1),
        });
        let mut next = chosen.next();
        let mut state = game.initial_state();
        for position in 0..=len {
            if next == Some(position) {
                cursor.at = Some(position);
                cursor.actor = Some(game.actor(&state));
                self.deep_check(&state, rng)?;
                while next == Some(position) {
                    next = chosen.next();
                }
            }
            if let Some(&a) = actions.get(position) {
                game.apply_unchecked(&mut state, a);
            }
        }
        Ok(())
    }

    /// Serialisation, observations, returns and resampling for every seat at one state.
    fn deep_check(&mut self, state: &G::State, rng: &mut Rng) -> Result<(), Violation> {
        let game = self.game;
        check_round_trip("state", state)?;
        check_observations(game, state)?;
        check_returns(game, state)?;
        for seat in 0..game.num_players() {
            let stats = check_resample(game, state, seat, rng, self.config.resamples)?;
            self.summary.resamples += stats.resamples;
            self.summary.resamples_differing += stats.differing;
        }
        self.summary.deep_states += 1;
        Ok(())
    }
}
