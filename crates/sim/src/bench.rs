//! How fast games run on one core: random playouts (the figure that bounds how much search a
//! bot can do) and bot-against-bot games (what a designer's simulation costs).

use std::time::{Duration, Instant};

use gameshelf_engine::{Actor, Bot, Game, Outcomes, RandomBot, Rng, Seat, Tally, play};
use serde::Serialize;

/// What [`benchmark_playouts`] or [`benchmark_bots`] measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayoutBench {
    /// The canonical game string.
    pub game: String,
    /// Games played, each to a terminal state.
    pub games: u64,
    /// Actions applied, chance outcomes included.
    pub actions: u64,
    /// Player decisions among them.
    pub decisions: u64,
    /// Seconds timed: inside `random_playout`, or playing the bots' games.
    pub seconds: f64,
    /// Games per timed second.
    pub games_per_second: f64,
    /// Timed nanoseconds per action.
    pub ns_per_action: f64,
    /// Timed nanoseconds per player decision.
    pub ns_per_decision: f64,
    /// Mean actions per game.
    pub actions_per_game: f64,
}

impl PlayoutBench {
    /// The figures for `games` games of `actions` actions (`decisions` of them players')
    /// that took `timed`.
    fn from_counts<G: Game>(
        game: &G,
        games: u64,
        actions: u64,
        decisions: u64,
        timed: Duration,
    ) -> Self {
        let secs = timed.as_secs_f64();
        let ns = secs * 1e9;
        let per = |x: f64, n: u64| if n == 0 { 0.0 } else { x / n as f64 };
        PlayoutBench {
            game: game.spec().to_string(),
            games,
            actions,
            decisions,
            seconds: secs,
            games_per_second: if secs > 0.0 { games as f64 / secs } else { 0.0 },
            ns_per_action: per(ns, actions),
            ns_per_decision: per(ns, decisions),
            actions_per_game: per(actions as f64, games),
        }
    }
}

/// Runs random playouts of `game` from its initial state on one thread for about
/// `seconds` of wall time (at least one playout), playout `i` with
/// `Rng::for_stream(seed, i)`, reusing the state and the action and outcome buffers.
/// Only [`Game::random_playout`] is timed (resetting the state is not).
///
/// # Panics
/// If a playout does not end in a terminal state or runs past [`Game::max_game_length`]:
/// the benchmark checks that it measured whole games.
pub fn benchmark_playouts<G: Game>(game: &G, seconds: f64, seed: u64) -> PlayoutBench {
    let start = game.initial_state();
    let mut state = start.clone();
    let (mut actions_buf, mut outcomes) = (Vec::new(), Outcomes::new());
    let limit = game.max_game_length() as u64;
    let wall = Instant::now();
    let mut timed = Duration::ZERO;
    let (mut games, mut actions, mut decisions) = (0u64, 0u64, 0u64);
    loop {
        state.clone_from(&start);
        let mut rng = Rng::for_stream(seed, games);
        let t = Instant::now();
        let n = game.random_playout(&mut state, &mut rng, &mut actions_buf, &mut outcomes);
        timed += t.elapsed();
        assert!(
            game.is_terminal(&state),
            "playout {games} of {} stopped before the end",
            game.spec()
        );
        assert!(
            n.actions <= limit,
            "playout {games} of {} took {} actions, over max_game_length = {limit}",
            game.spec(),
            n.actions
        );
        games += 1;
        actions += n.actions;
        decisions += n.decisions;
        if wall.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    PlayoutBench::from_counts(game, games, actions, decisions, timed)
}

/// Plays games of `game` between the bots `make_bots` seats (made once, reused for every
/// game) on one thread for about `seconds` of wall time (at least one game), game `i` with
/// `Rng::for_stream(seed, i)` for chance and the bots. The whole game loop is timed, bots'
/// decisions included; resetting the state is not.
///
/// # Panics
/// If a game runs past [`Game::max_game_length`].
pub fn benchmark_bots<G: Game>(
    game: &G,
    make_bots: impl Fn(Seat) -> Box<dyn Bot<G>>,
    seconds: f64,
    seed: u64,
) -> PlayoutBench {
    let start = game.initial_state();
    let mut state = start.clone();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.num_players()).map(make_bots).collect();
    let limit = game.max_game_length() as u64;
    let wall = Instant::now();
    let mut timed = Duration::ZERO;
    let (mut games, mut actions, mut decisions) = (0u64, 0u64, 0u64);
    loop {
        state.clone_from(&start);
        let mut rng = Rng::for_stream(seed, games);
        let (mut n, mut d) = (0u64, 0u64);
        let t = Instant::now();
        play(game, &mut state, &mut bots, &mut rng, |s, _| {
            n += 1;
            d += u64::from(matches!(game.actor(s), Actor::Player(_)));
        });
        timed += t.elapsed();
        assert!(
            n <= limit,
            "game {games} of {} took {n} actions, over max_game_length = {limit}",
            game.spec()
        );
        games += 1;
        actions += n;
        decisions += d;
        if wall.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    PlayoutBench::from_counts(game, games, actions, decisions, timed)
}

/// Times the simulator's own game loop with random bots on one thread for about `seconds`
/// of wall time (at least one game): what [`simulate`](crate::simulate) does per game with
/// `--bots random`, tally `T` and the leader's track included, game `i` with `Rng::for_stream(seed, i)`. Divided by
/// [`benchmark_playouts`]'s figure, it says what the simulator costs over the engine's own
/// random playouts (the same games, since random bots draw exactly as playouts do).
///
/// # Panics
/// If a game runs past [`Game::max_game_length`].
pub fn benchmark_sim<G: Game, T: Tally<G>>(game: &G, seconds: f64, seed: u64) -> PlayoutBench {
    let start = crate::followed_start(game);
    let mut state = start.clone();
    let mut players = crate::Players::new(
        (0..game.num_players())
            .map(|_| Box::new(RandomBot::<G>::default()) as Box<dyn Bot<G>>)
            .collect(),
    );
    let mut tally = T::default();
    let mut lead = crate::LeadTrack::default();
    let wall = Instant::now();
    let mut timed = Duration::ZERO;
    let (mut games, mut actions, mut decisions) = (0u64, 0u64, 0u64);
    loop {
        state.clone_from(&start);
        let mut rng = Rng::for_stream(seed, games);
        let t = Instant::now();
        let counts = crate::play_counted(
            game,
            &mut state,
            &mut players,
            &mut rng,
            &mut tally,
            &mut lead,
        );
        timed += t.elapsed();
        games += 1;
        actions += counts.actions;
        decisions += counts.decisions;
        if wall.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    PlayoutBench::from_counts(game, games, actions, decisions, timed)
}

impl std::fmt::Display for PlayoutBench {
    /// The figures as a short text report.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "  games             {}", self.games)?;
        writeln!(f, "  timed seconds     {:.3}", self.seconds)?;
        writeln!(f, "  games per second  {:.0}", self.games_per_second)?;
        writeln!(
            f,
            "  actions per game  {:.1} (chance included)",
            self.actions_per_game
        )?;
        writeln!(f, "  ns per action     {:.1}", self.ns_per_action)?;
        write!(f, "  ns per decision   {:.1}", self.ns_per_decision)
    }
}
