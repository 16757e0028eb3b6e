//! Seeded parallel simulation of gameshelf games, with statistics and playout benchmarks.
//!
//! [`simulate`] plays many games between bots and reports win rates with confidence
//! intervals, game lengths, how games ended, and whatever the game's own [`Tally`]
//! gathers. [`benchmark_playouts`] measures how fast random playouts run, the figure that
//! bounds search.
//!
//! # Reproducibility
//!
//! `gameshelf sim --seed 1` prints the same figures on every machine, with any number of
//! threads. Three rules make it so:
//!
//! * **One random stream per game.** Game `i` draws its chance outcomes and its bots'
//!   choices from [`Rng::for_stream`]`(seed, i)`, which depends on nothing but `(seed, i)`:
//!   not on the thread that plays it, nor on the games played before it.
//! * **Fixed chunks.** Games are cut into chunks of [`CHUNK`] consecutive indices, whatever
//!   the thread count. Each chunk is played in order by one thread, with its own bots, into
//!   its own accumulator. Which thread plays a chunk, and when, changes nothing inside it.
//! * **Merge in chunk order.** The chunk accumulators are merged one after another in chunk
//!   order, never in a tree shaped by work stealing. Floating-point sums are not
//!   associative, so this fixed order is what makes even the float-derived figures (means,
//!   variances, intervals) bit-identical for one thread or sixty-four. Counts are integers,
//!   and tallies hold integer counters, for the same reason.
//!
//! Bots are made per chunk and reused across its games, so a bot that carries state from
//! one game to the next still gives reproducible figures (its history is fixed by the
//! chunk), though figures then depend on [`CHUNK`].
//!
//! # Speed
//!
//! The per-game loop reuses the state (reset with `clone_from` from one initial state per
//! chunk), the bots and their buffers; nothing is allocated per action by the simulator.

pub mod arena;
pub mod balance;
pub mod bench;
pub mod compare;
mod csv;
pub mod lead;
pub mod paired;
pub mod report;
pub mod shard;
pub mod stats;
pub mod sweep;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gameshelf_engine::{Bot, Game, Outcomes, Rng, Seat, SeatView, Tally, Watch};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

pub use bench::{PlayoutBench, benchmark_bots, benchmark_playouts, benchmark_sim};
pub use compare::{
    Arms, ComparePart, CompareReport, Figure, FigureDiff, Question, TallyPath, Verdict, compare,
    compare_shard, compare_until,
};
pub use lead::{CurvePoint, LeadReport};
use lead::{LeadTotals, LeadTrack};
pub use report::{CiMethod, EndKind, ReturnSummary, SimReport};
pub use shard::{MergeError, Shard, ShardError, SimPart};
use stats::{Histogram, Interval, Moments, Z95};

/// Games per chunk: the unit of parallel work and of merging. Fixed, so that results do
/// not depend on the thread count.
pub const CHUNK: u64 = 128;

/// The most buckets in the turns histogram of a report.
const TURN_BUCKETS: usize = 12;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The number of games. By default, 1000.
    pub games: u64,
    /// The seed; game `i` plays with `Rng::for_stream(seed, i)`. By default, 0.
    pub seed: u64,
    /// Worker threads: `None` uses rayon's global pool (all cores); `Some(n)` a pool of
    /// its own with `n` threads (`Some(0)` meaning all cores). By default, `None`. The
    /// figures do not depend on it.
    pub threads: Option<usize>,
    /// Show a progress bar on standard error (only when it is a terminal). By default, off.
    pub progress: bool,
    /// Count the games on this bar of a longer run instead (a sweep's variants, a balance
    /// search's rounds), so that its estimate is of the time left for the whole run. By
    /// default, none.
    pub overall: Option<Overall>,
}

/// One progress bar over a run of several simulations, with the time left for the whole
/// run: hidden unless shown and standard error is a terminal.
#[derive(Clone, Debug)]
pub struct Overall(ProgressBar);

impl Overall {
    /// A bar for `games` games in all.
    pub fn new(games: u64, shown: bool) -> Overall {
        Overall::counting(games, "games in all", shown)
    }

    /// A bar for `count` things of some other kind (`what`: `deals`, say).
    pub fn counting(count: u64, what: &str, shown: bool) -> Overall {
        Overall(bar(shown, count, what))
    }

    /// Counts `n` more done.
    pub fn inc(&self, n: u64) {
        self.0.inc(n);
    }

    /// Counts `n` done in all.
    pub fn set(&self, n: u64) {
        self.0.set_position(n);
    }

    /// Runs `work`, which takes about `seconds` of wall time and counts nothing, with the
    /// bar filling as the time passes (a benchmark timed for a fixed while).
    pub fn timed<T>(seconds: f64, shown: bool, work: impl FnOnce() -> T) -> T {
        let total = Duration::from_secs_f64(seconds);
        let bar = Overall(bar(shown, total.as_millis() as u64, "ms timed"));
        let (done, started) = (AtomicBool::new(false), Instant::now());
        let out = std::thread::scope(|scope| {
            if !bar.0.is_hidden() {
                scope.spawn(|| {
                    while !done.load(Ordering::Relaxed) {
                        bar.0
                            .set_position(started.elapsed().min(total).as_millis() as u64);
                        std::thread::sleep(Duration::from_millis(100));
                    }
                });
            }
            let out = work();
            done.store(true, Ordering::Relaxed);
            out
        });
        bar.finish();
        out
    }

    /// Writes `line` on standard error, above the bar when it is drawn.
    pub fn note(&self, line: &str) {
        if self.0.is_hidden() {
            eprintln!("{line}");
        } else {
            self.0.println(line);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            games: 1000,
            seed: 0,
            threads: None,
            progress: false,
            overall: None,
        }
    }
}

/// What one game took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Actions applied, chance outcomes included.
    pub(crate) actions: u64,
    /// Player decisions among them.
    pub(crate) decisions: u64,
}

/// The bots of a run's seats, one per seat, and the buffers their games reuse: kept for a
/// whole chunk of games, so that playing one allocates nothing.
pub(crate) struct Players<G: Game> {
    pub(crate) bots: Vec<Box<dyn Bot<G>>>,
    actions: Vec<G::Action>,
    outcomes: Outcomes<G::Action>,
}

impl<G: Game> Players<G> {
    pub(crate) fn new(bots: Vec<Box<dyn Bot<G>>>) -> Self {
        Players {
            bots,
            actions: Vec::new(),
            outcomes: Outcomes::new(),
        }
    }
}

/// Plays `state` to the end with `players`' bots and `rng` (via [`Game::watched_play`],
/// or the game's own playout loop when every bot plays as a playout does), feeding `tally`
/// and `lead` (a [`LeadTrack`], or `()` for none), and counts actions and decisions.
///
/// # Panics
/// If the game runs past [`Game::max_game_length`].
pub(crate) fn play_counted<G: Game, T: Tally<G>, L: Follow>(
    game: &G,
    state: &mut G::State,
    players: &mut Players<G>,
    rng: &mut Rng,
    tally: &mut T,
    lead: &mut L,
) -> Counts {
    lead.begin(game, state);
    let left = (game.max_game_length() as u64).saturating_add(1);
    let mut watch = Watcher {
        game,
        left,
        first: left - 1,
        tally: std::mem::take(tally),
        lead: std::mem::take(lead),
    };
    let Players {
        bots,
        actions,
        outcomes,
    } = players;
    let n = if bots.iter().all(|b| b.plays_like_a_playout()) {
        // The same game, drawn from the same numbers, at the speed of the game's playouts.
        game.watched_playout(state, rng, actions, outcomes, &mut watch)
    } else {
        // The bots' game as `gameshelf_engine::play` plays it, in the game's own loop.
        let decide = |s: &G::State, seat: Seat, rng: &mut Rng| {
            bots[seat].choose(&SeatView::new(game, s, seat), rng)
        };
        game.watched_play(state, rng, outcomes, decide, &mut watch)
    };
    (*tally, *lead) = (watch.tally, watch.lead);
    tally.finish(game, state);
    lead.end(game, state, n.actions);
    Counts {
        actions: n.actions,
        decisions: n.decisions,
    }
}

/// What follows the leader through a game for [`play_counted`]: a [`LeadTrack`], or `()`
/// where no lead figures are reported (a tournament), which then costs nothing.
pub(crate) trait Follow: Default {
    /// Starts a game at `state`.
    fn begin<G: Game>(&mut self, game: &G, state: &mut G::State);
    /// Sees the state after `at` actions, with the action about to be applied to it (see
    /// [`LeadTrack::see`]).
    fn see<G: Game>(&mut self, game: &G, state: &G::State, action: G::Action, at: u64);
    /// Sees the last state, after all the game's `actions`.
    fn end<G: Game>(&mut self, game: &G, state: &G::State, actions: u64);
}

impl Follow for LeadTrack {
    fn begin<G: Game>(&mut self, game: &G, state: &mut G::State) {
        game.follow_standing(state, true);
        self.start(game, state);
    }
    #[inline(always)]
    fn see<G: Game>(&mut self, game: &G, state: &G::State, action: G::Action, at: u64) {
        LeadTrack::see(self, game, state, action, at);
    }
    fn end<G: Game>(&mut self, game: &G, state: &G::State, actions: u64) {
        LeadTrack::end(self, game, state, actions);
    }
}

impl Follow for () {
    fn begin<G: Game>(&mut self, _: &G, _: &mut G::State) {}
    #[inline(always)]
    fn see<G: Game>(&mut self, _: &G, _: &G::State, _: G::Action, _: u64) {}
    fn end<G: Game>(&mut self, _: &G, _: &G::State, _: u64) {}
}

/// The initial state of `game` with its standings followed ([`Game::follow_standing`]),
/// for games with a leader's track to start from: following them once here spares every
/// game of a chunk the cost of starting to (Osbo traces its designs' cords for it), as
/// [`play_counted`] then finds them followed.
pub(crate) fn followed_start<G: Game>(game: &G) -> G::State {
    let mut start = game.initial_state();
    game.follow_standing(&mut start, true);
    start
}

/// What [`play_counted`] shows every state of a game: it counts the action (to stop a game
/// that runs past its length limit), feeds the tally, and lets the leader's track see the
/// state with its place in the game.
///
/// The game's loop is lent the watcher (`&mut`), which holds the tally and the leader's
/// track themselves rather than references to them: every field an action reads is then
/// one load from the one pointer the loop keeps. The loop counts the actions too, and its
/// count is the one reported; the watcher counts down to the limit, one subtraction an
/// action, and works out the place of a state only when the leader's track asks for it
/// (at a new turn).
struct Watcher<'a, G: Game, T, L> {
    game: &'a G,
    /// Actions the game may still take, plus one: 0 once it has run past its limit.
    left: u64,
    /// `left` at the start, less one.
    first: u64,
    tally: T,
    lead: L,
}

impl<G: Game, T: Tally<G>, L: Follow> Watch<G> for &mut Watcher<'_, G, T, L> {
    /// Inlined into each of the game loop's call sites (see [`Watch`]): what is left of
    /// an action's cost is the tally's and the leader's track's common case, which they
    /// keep small.
    #[inline(always)]
    fn see(&mut self, before: &G::State, action: G::Action) {
        self.left -= 1;
        if self.left == 0 {
            too_long(self.game);
        }
        self.tally.record(self.game, before, action);
        // The actions before this one.
        let at = self.first - self.left;
        self.lead.see(self.game, before, action, at);
    }
}

/// Stops a game that did not end within [`Game::max_game_length`] actions.
#[cold]
#[inline(never)]
fn too_long<G: Game>(game: &G) -> ! {
    panic!(
        "{} did not end within max_game_length = {} actions",
        game.spec(),
        game.max_game_length()
    );
}

/// The figures of a run of games. Integers only (counts, fixed-point sums), so merging is
/// exact in any grouping and a run cut into shards merges into exactly the single run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: DeserializeOwned"))]
pub(crate) struct Totals<T> {
    games: u64,
    actions: u64,
    decisions: u64,
    returns: Vec<Moments>,
    /// Returns by position in the turn order, for games that report one.
    by_position: Vec<Moments>,
    turns: Histogram,
    ends: BTreeMap<Cow<'static, str>, u64>,
    /// Who led, for games that give standings.
    #[serde(default)]
    lead: LeadTotals,
    tally: T,
}

impl<T: Default> Totals<T> {
    fn new(seats: usize) -> Self {
        Totals {
            games: 0,
            actions: 0,
            decisions: 0,
            returns: vec![Moments::default(); seats],
            by_position: vec![Moments::default(); seats],
            turns: Histogram::default(),
            ends: BTreeMap::new(),
            lead: LeadTotals::default(),
            tally: T::default(),
        }
    }

    fn add_game<G: Game>(&mut self, game: &G, end: &G::State, counts: Counts, lead: &LeadTrack) {
        self.games += 1;
        self.actions += counts.actions;
        self.decisions += counts.decisions;
        let returns = game.returns(end);
        for (acc, &r) in self.returns.iter_mut().zip(returns.as_slice()) {
            acc.add(r);
        }
        if let Some(l) = lead.finish(game) {
            self.lead.add(l, &returns);
        }
        for (seat, &r) in returns.as_slice().iter().enumerate() {
            if let Some(acc) = game
                .turn_position(end, seat)
                .and_then(|p| self.by_position.get_mut(p))
            {
                acc.add(r);
            }
        }
        self.turns.add(u64::from(game.turns(end)));
        *self
            .ends
            .entry(Cow::Borrowed(game.end_kind(end)))
            .or_insert(0) += 1;
    }

    fn merge<G: Game>(&mut self, other: &Totals<T>)
    where
        T: Tally<G>,
    {
        self.games += other.games;
        self.actions += other.actions;
        self.decisions += other.decisions;
        for (a, b) in self.returns.iter_mut().zip(&other.returns) {
            a.merge(b);
        }
        for (a, b) in self.by_position.iter_mut().zip(&other.by_position) {
            a.merge(b);
        }
        self.turns.merge(&other.turns);
        for (kind, &n) in &other.ends {
            *self.ends.entry(kind.clone()).or_insert(0) += n;
        }
        self.lead.merge(&other.lead);
        self.tally.merge(&other.tally);
    }
}

/// Plays games `range` in order, with bots made for this chunk.
fn play_chunk<G: Game, T: Tally<G>>(
    game: &G,
    make_bots: &(impl Fn(Seat) -> Box<dyn Bot<G>> + Sync),
    seed: u64,
    range: Games<'_>,
) -> Totals<T> {
    let seats = game.num_players();
    let mut players = Players::new((0..seats).map(make_bots).collect());
    let start = followed_start(game);
    let mut state = start.clone();
    let mut totals = Totals::new(seats);
    let mut lead = LeadTrack::default();
    for index in range {
        state.clone_from(&start);
        let mut rng = Rng::for_stream(seed, index);
        let counts = play_counted(
            game,
            &mut state,
            &mut players,
            &mut rng,
            &mut totals.tally,
            &mut lead,
        );
        totals.add_game(game, &state, counts, &lead);
    }
    totals
}

/// Plays `config.games` games of `game` between the bots `make_bots` makes for each seat
/// and reports the figures. Game `i` uses `Rng::for_stream(config.seed, i)` for chance and
/// bots alike; see the [crate documentation](crate) for why the figures are the same for
/// any thread count.
///
/// # Panics
/// If a thread pool of `config.threads` threads cannot be created, if a game runs past
/// [`Game::max_game_length`], or if a bot panics.
pub fn simulate<G, T>(
    game: &G,
    make_bots: impl Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    config: &SimConfig,
) -> SimReport<T>
where
    G: Game,
    T: Tally<G>,
{
    simulate_shard(game, make_bots, config, Shard::WHOLE).report(game)
}

/// Plays the games of `config` that fall in `shard` (a fixed, chunk-aligned slice of game
/// indices, see [`Shard`]) and returns the partial figures, to be merged with the other
/// shards' by [`SimPart::merge`] into exactly what [`simulate`] reports for the whole run.
///
/// # Panics
/// As [`simulate`].
pub fn simulate_shard<G, T>(
    game: &G,
    make_bots: impl Fn(Seat) -> Box<dyn Bot<G>> + Sync,
    config: &SimConfig,
    shard: Shard,
) -> SimPart<T>
where
    G: Game,
    T: Tally<G>,
{
    let started = Instant::now();
    let range = shard.games(config.games, CHUNK);
    let mut totals = Totals::new(game.num_players());
    in_chunks(
        config,
        CHUNK,
        range.clone(),
        |games| play_chunk::<G, T>(game, &make_bots, config.seed, games),
        |part| totals.merge::<G>(&part),
    );
    SimPart {
        game: game.spec().to_string(),
        seed: config.seed,
        games: config.games,
        first: range.start,
        end: range.end,
        seconds: started.elapsed().as_secs_f64(),
        totals,
    }
}

/// Chunks played in parallel between two merges: enough to keep every core busy, few
/// enough that the results waiting to be merged take little memory whatever the number of
/// games.
const BATCH: u64 = 1024;

/// The game indices of one chunk, counting each game on the progress bar once it is played
/// (when the next index is asked for). A hidden bar (`--quiet`, or no terminal) is not
/// counted on at all: even hidden, a count reads the clock, which cost as much as a tenth
/// of a short game.
pub(crate) struct Games<'a> {
    next: u64,
    end: u64,
    playing: bool,
    bar: Option<&'a ProgressBar>,
}

impl Iterator for Games<'_> {
    type Item = u64;
    fn next(&mut self) -> Option<u64> {
        if self.playing
            && let Some(bar) = self.bar
        {
            bar.inc(1);
        }
        self.playing = self.next < self.end;
        if !self.playing {
            return None;
        }
        self.next += 1;
        Some(self.next - 1)
    }
}

/// Runs `work` over the games `games` (a range starting on a multiple of `chunk`) cut into
/// fixed chunks of `chunk` games, in parallel on `config.threads` threads (rayon's pool
/// when `None`), with the progress bar, and hands the chunks' results to `merge` in chunk
/// order. Fixed chunks merged in order are what make the figures independent of the thread
/// count (see the crate documentation). Chunks run in batches of [`BATCH`], each merged
/// before the next starts, so memory does not grow with the number of games.
///
/// # Panics
/// If a thread pool of `config.threads` threads cannot be created.
pub(crate) fn in_chunks<T: Send>(
    config: &SimConfig,
    chunk: u64,
    games: Range<u64>,
    work: impl Fn(Games<'_>) -> T + Sync,
    mut merge: impl FnMut(T) + Send,
) {
    debug_assert_eq!(games.start % chunk, 0, "chunks are aligned on game indices");
    let bar = match &config.overall {
        Some(overall) => overall.0.clone(),
        None => bar(config.progress, games.end - games.start, "games"),
    };
    let chunks = games.start / chunk..games.end.div_ceil(chunk);
    let counted = (!bar.is_hidden()).then_some(&bar);
    let mut run = || {
        let mut first = chunks.start;
        while first < chunks.end {
            let last = (first + BATCH).min(chunks.end);
            let parts: Vec<T> = (first..last)
                .into_par_iter()
                .map(|c| {
                    work(Games {
                        next: c * chunk,
                        end: ((c + 1) * chunk).min(games.end),
                        playing: false,
                        bar: counted,
                    })
                })
                .collect();
            parts.into_iter().for_each(&mut merge);
            first = last;
        }
    };
    match config.threads {
        None => run(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .expect("a thread pool for the simulation")
            .install(run),
    }
    if config.overall.is_none() {
        bar.finish_and_clear();
    }
}

/// A bar counting `games` `what`, hidden unless `shown` and standard error is a terminal.
fn bar(shown: bool, games: u64, what: &str) -> ProgressBar {
    if !(shown && std::io::stderr().is_terminal()) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    let template = format!(
        "{{bar:40}} {{human_pos}}/{{human_len}} {what}, {{elapsed}} elapsed, about {{eta}} left"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    // Redraw the time and the estimate every half second even while a slow chunk plays.
    bar.enable_steady_tick(std::time::Duration::from_millis(500));
    bar
}

pub(crate) fn report<G: Game, T: Tally<G>>(
    game: &G,
    seed: u64,
    totals: Totals<T>,
    seconds: f64,
) -> SimReport<T> {
    let info = game.info();
    let games = totals.games;
    let per_game = |n: u64| report::share(n, games);
    let ci_method = if info.min_return >= 0.0 && info.max_return <= 1.0 {
        CiMethod::Wilson
    } else {
        CiMethod::Normal
    };
    let no_turns_information = Interval {
        low: totals.turns.mean(),
        high: totals.turns.mean(),
    };
    let no_information = Interval {
        low: info.min_return,
        high: info.max_return,
    };
    let interval = |r: &Moments| match ci_method {
        CiMethod::Wilson if r.count() > 0 => stats::wilson(r.mean(), r.count(), Z95),
        CiMethod::Normal => r.normal_interval(Z95).map_or(no_information, |i| {
            i.clamp(info.min_return, info.max_return)
        }),
        CiMethod::Wilson => no_information,
    };
    let wins_ci = totals.returns.iter().map(interval).collect();
    let positioned = totals.by_position.iter().any(|r| r.count() > 0);
    let wins_by_position =
        positioned.then(|| totals.by_position.iter().map(Moments::mean).collect());
    let position_ci = positioned.then(|| totals.by_position.iter().map(interval).collect());
    let mut end_kinds: Vec<EndKind> = totals
        .ends
        .iter()
        .map(|(kind, &count)| EndKind {
            kind: kind.to_string(),
            count,
            share: report::share(count, games),
        })
        .collect();
    end_kinds.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.kind.cmp(&b.kind)));
    SimReport {
        game: game.spec().to_string(),
        seed,
        games,
        seconds,
        games_per_second: if seconds > 0.0 {
            games as f64 / seconds
        } else {
            0.0
        },
        decisions_per_game: per_game(totals.actions),
        player_decisions_per_game: per_game(totals.decisions),
        wins_by_seat: totals.returns.iter().map(Moments::mean).collect(),
        wins_ci,
        wins_by_position,
        position_ci,
        ci_method,
        returns: totals
            .returns
            .iter()
            .map(|r| ReturnSummary {
                mean: r.mean(),
                std_dev: r.sample_variance().map_or(0.0, f64::sqrt),
                min: r.min(),
                max: r.max(),
            })
            .collect(),
        mean_turns: totals.turns.mean(),
        mean_turns_ci: totals
            .turns
            .sample_variance()
            .map_or(no_turns_information, |var| {
                let half = Z95 * (var / games as f64).sqrt();
                Interval {
                    low: totals.turns.mean() - half,
                    high: totals.turns.mean() + half,
                }
            }),
        turns: totals.turns.distribution(TURN_BUCKETS),
        end_kinds,
        lead: totals.lead.report(),
        tally_text: totals.tally.report(),
        tally: totals.tally,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_conformance::toy::Race;

    /// The watcher's countdown lets a game take exactly `max_game_length` actions and
    /// stops it at the next one.
    #[test]
    fn a_game_is_stopped_at_its_first_action_past_the_limit() {
        let race = Race::default();
        let limit = race.max_game_length() as u64;
        let state = race.initial_state();
        let mut legal = Vec::new();
        race.legal_actions(&state, &mut legal);
        let mut watch = Watcher {
            game: &race,
            left: limit + 1,
            first: limit,
            tally: (),
            lead: (),
        };
        let mut seen = &mut watch;
        for _ in 0..limit {
            seen.see(&state, legal[0]);
        }
        // The last action seen had `limit - 1` before it.
        assert_eq!(seen.first - seen.left, limit - 1);
        let past = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            seen.see(&state, legal[0]);
        }));
        let message = past.expect_err("stopped").downcast::<String>().unwrap();
        assert!(
            message.contains("did not end within max_game_length"),
            "{message}"
        );
    }

    /// Chunk results reach the merge in chunk order across batch boundaries, whatever the
    /// thread count (results were once all gathered first: a list of millions of chunk
    /// results for a billion games).
    #[test]
    fn chunks_are_merged_in_order_batch_by_batch() {
        let games = 3 * BATCH + 5;
        for threads in [Some(1), Some(3), None] {
            let config = SimConfig {
                games,
                threads,
                ..SimConfig::default()
            };
            let mut merged = Vec::new();
            in_chunks(
                &config,
                1,
                0..games,
                |mut g| g.next().unwrap_or(u64::MAX),
                |start| merged.push(start),
            );
            assert_eq!(merged, (0..games).collect::<Vec<_>>(), "{threads:?}");
        }
    }
}
