//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use gameshelf_engine::limits;

/// Play, simulate, replay and analyse tabletop games. With no command, serve the web app.
#[derive(Parser, Debug)]
#[command(name = "gameshelf", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the web app: tables for people and bots in the browser (the default command).
    Serve(ServeArgs),
    /// List the games and their variant parameters.
    Games(GamesArgs),
    /// Play a game in the terminal, against bots or friends.
    Play(PlayArgs),
    /// Simulate many bot games on all cores and report statistics.
    Sim(SimArgs),
    /// Compare two variants (or two bot line-ups) on paired games: every figure as B - A
    /// with its interval and a verdict.
    Compare(crate::compare::CompareArgs),
    /// Simulate every variant on a grid of one or two parameters, each figure with its
    /// interval.
    Sweep(crate::sweep::SweepArgs),
    /// Search a grid of variants for the one whose seats' chances are most even.
    Balance(crate::balance::BalanceArgs),
    /// Combine the shards of a sim or compare run into exactly the single run's report.
    Merge(crate::merge::MergeArgs),
    /// Verify or step through a saved game record.
    Replay(ReplayArgs),
    /// Exact odds of a game situation.
    Odds(OddsArgs),
    /// Measure random-playout speed on one core (or search speed, with --mcts).
    Bench(BenchArgs),
    /// Seat-rotated matches between bots: win rates with 95% intervals, and Elo.
    Arena(ArenaArgs),
    /// Osbo's own tools: score, render and the maximum-score table.
    Osbo(crate::osbo::OsboArgs),
    /// Oubliette (solitaire): win rates over numbered deals, and a deal solver.
    Solitaire(crate::solitaire::SolitaireArgs),
}

/// How to build the game: its string plus options that set parameters.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: an id, optionally with parameters, e.g. `open-oubliette(edition=blog)`.
    pub game: String,
    /// Number of players (sets the `players` parameter).
    #[arg(long, value_parser = parse_count, allow_negative_numbers = true)]
    pub players: Option<u64>,
    /// A variant parameter `name=value` (repeatable); `gameshelf games` lists them.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// A folder of edited card data files to use instead of the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

#[derive(Args, Debug, Default)]
pub struct ServeArgs {
    /// The address to listen on, 127.0.0.1:8080 by default (port 0: any free port).
    #[arg(long)]
    pub addr: Option<std::net::SocketAddr>,
    /// The database URL: `sqlite:PATH`, or `postgres://USER@HOST/DATABASE` for one or several
    /// servers over one PostgreSQL database (default: `$DATABASE_URL`, else gameshelf.db in the
    /// user's data folder).
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// Milliseconds bots and dice wait before each move, so people can follow (600 by
    /// default).
    #[arg(long, value_name = "MS")]
    pub bot_pause: Option<u64>,
    /// How the log on standard error is written: `text` (one readable line per event) or
    /// `json` (one JSON object per line, for log collectors); default `$GAMESHELF_LOG_FORMAT`,
    /// else text. `RUST_LOG` chooses what is logged (default `info`).
    #[arg(long, value_name = "FORMAT")]
    pub log_format: Option<LogFormat>,
}

/// How the server's log is written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// One readable line per event.
    Text,
    /// One JSON object per line.
    Json,
}

#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: an id, optionally with parameters, e.g. `open-oubliette(edition=blog)`
    /// (not with --resume, which takes it from the record).
    #[arg(required_unless_present = "resume")]
    pub game: Option<String>,
    /// Number of players (sets the `players` parameter).
    #[arg(long, value_parser = parse_count, allow_negative_numbers = true, conflicts_with = "resume")]
    pub players: Option<u64>,
    /// A variant parameter `name=value` (repeatable); `gameshelf games` lists them.
    #[arg(long = "param", value_name = "NAME=VALUE", conflicts_with = "resume")]
    pub params: Vec<String>,
    /// A folder of edited card data files to use instead of the built-in ones (with
    /// --resume: the data the saved game was played with).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The bots: a number of heuristic bots (the last seats), or a comma-separated list of
    /// bot kinds, one per bot seat (random, heuristic, easy, medium, hard, mcts:2000,
    /// mcts:200ms). The other seats are people.
    #[arg(long, default_value = "0", conflicts_with = "resume")]
    pub bots: String,
    /// Seed for the dice and cards (and the bots).
    #[arg(long, value_parser = parse_seed, allow_negative_numbers = true, conflicts_with = "resume")]
    pub seed: Option<u64>,
    /// Plain line mode (for scripts and screen readers) instead of the full-screen view.
    #[arg(long)]
    pub line: bool,
    /// Bots and dice wait for a key press instead of a short pause (full-screen view).
    #[arg(long)]
    pub step: bool,
    /// Save the game record to this file, after every move (by default: a new file in
    /// $XDG_DATA_HOME/gameshelf/autosave, or ~/.local/share/gameshelf/autosave; with
    /// --resume: the file resumed).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Play numbered deal N: the same shuffle on every machine (oubliette-solitaire only).
    #[arg(long, value_name = "N", value_parser = parse_seed, conflicts_with = "resume")]
    pub deal: Option<u64>,
    /// Go on with the unfinished game saved in FILE, with the same seats and bots.
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    pub resume: Option<PathBuf>,
}

impl PlayArgs {
    /// The options that build the game, when it is named (not resumed).
    pub fn game_args(&self) -> Option<GameArgs> {
        Some(GameArgs {
            game: self.game.clone()?,
            players: self.players,
            params: self.params.clone(),
            data: self.data.clone(),
        })
    }
}

#[derive(Args, Debug)]
pub struct SimArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games to play (at most 1 000 000 000).
    #[arg(long, default_value = "10000", value_parser = parse_games, allow_negative_numbers = true)]
    pub games: u64,
    /// The bots: one kind for every seat, or a comma-separated list, one per seat.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// Seed; the same seed gives the same figures whatever the thread count.
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores; at most 256).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Game mode (sets the `mode` parameter), e.g. `jail` for Open Oubliette's jail.
    #[arg(long)]
    pub mode: Option<String>,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard I of N (from 0) and print its partial figures as JSON, for
    /// `gameshelf merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<gameshelf_sim::Shard>,
    /// Also write the report as one self-contained HTML file with charts.
    #[arg(long, value_name = "FILE", conflicts_with = "shard")]
    pub html: Option<PathBuf>,
    /// Also write the report's tables (`figures.csv`, `returns.csv`, `turns.csv`) in this
    /// folder (created if missing).
    #[arg(long, value_name = "DIR", conflicts_with = "shard")]
    pub csv: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record file (JSON), as written by `play --save`.
    pub file: PathBuf,
    /// Step through every action with the table after it: interactive on a terminal
    /// (next, previous, jump to the end), plain text otherwise.
    #[arg(long)]
    pub step: bool,
    /// With --step: see the game as this seat (1, 2, ...) saw it; by default as a
    /// spectator, who sees only what no seat hides.
    #[arg(long, value_name = "N")]
    pub seat: Option<u64>,
    /// The card data folder the game was played with, if not the built-in one.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Print the verification result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Osbo records: write every design as a knot SVG into this folder (design-1.svg, ...).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// With --svg: draw the designs after this many actions instead of at the end.
    #[arg(long, value_name = "N", requires = "svg")]
    pub at: Option<usize>,
}

#[derive(Args, Debug)]
pub struct OddsArgs {
    /// The game, e.g. `open-oubliette`.
    pub game: String,
    /// What to compute: `fight` (one fight against a monster).
    pub situation: String,
    /// Monster power.
    #[arg(long, allow_negative_numbers = true)]
    pub power: Option<i64>,
    /// Wound modifier W (the sum of the player's two most severe wounds).
    #[arg(long, default_value = "0", allow_negative_numbers = true)]
    pub wounds: i64,
    /// Attack bonus of the weapon in use.
    #[arg(long, default_value = "0", allow_negative_numbers = true)]
    pub weapon: i64,
    /// Defense bonus of the armor in use.
    #[arg(long, default_value = "0", allow_negative_numbers = true)]
    pub armor: i64,
    /// Level Up count L.
    #[arg(long, default_value = "0", allow_negative_numbers = true)]
    pub level: i64,
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How long to measure.
    #[arg(long, default_value = "3", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub seconds: f64,
    /// Seed.
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
    /// Measure search iterations per second (random rollouts) from a mid-game position
    /// instead of playouts: one core, then all cores with the ratio.
    #[arg(long)]
    pub mcts: bool,
    /// With --mcts: random actions (chance included) from the start to the position.
    #[arg(long, default_value = "40", requires = "mcts")]
    pub moves: usize,
    /// Time whole games between these bots instead of random playouts: one kind for every
    /// seat or one per seat, as for `sim` (e.g. `heuristic`).
    #[arg(long, conflicts_with = "mcts")]
    pub bots: Option<String>,
    /// Time random playouts, then the simulator's own loop with random bots (tally
    /// included), and print the ratio of their speeds.
    #[arg(long, conflicts_with_all = ["mcts", "bots"])]
    pub vs_sim: bool,
}

#[derive(Args, Debug)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The bots, comma-separated, seated in rotation so that each plays every seat equally
    /// often; list a bot several times to give it several seats (e.g. `mcts:1000,heuristic`,
    /// `easy,heuristic,heuristic,heuristic`).
    #[arg(long)]
    pub bots: String,
    /// Number of games (at most 1 000 000 000).
    #[arg(long, default_value = "1000", value_parser = parse_games, allow_negative_numbers = true)]
    pub games: u64,
    /// Seed; the same seed gives the same games (time-budgeted bots excepted).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores; at most 256).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// A positive whole number (players).
pub(crate) fn parse_count(s: &str) -> Result<u64, String> {
    match s.trim().parse::<i128>() {
        Ok(n) if n >= 1 && n <= u64::MAX as i128 => Ok(n as u64),
        Ok(n) => Err(format!(
            "{n} is not accepted: expected a whole number of at least 1"
        )),
        Err(_) => Err(format!("{s:?} is not a whole number (expected 1 or more)")),
    }
}

/// A whole number from `min` to `max`, the limit named in the error when it is exceeded.
fn parse_within(s: &str, min: u64, max: u64, limit: &str) -> Result<u64, String> {
    match s.trim().parse::<i128>() {
        Ok(n) if n > i128::from(max) => Err(format!(
            "{n} is above the limit of {max} ({limit}); expected {min} to {max}"
        )),
        Ok(n) if n >= i128::from(min) => Ok(n as u64),
        Ok(n) => Err(format!(
            "{n} is not accepted: expected a whole number from {min} to {max}"
        )),
        Err(_) => Err(format!(
            "{s:?} is not a whole number (expected {min} to {max})"
        )),
    }
}

/// A number of games or deals: 1 to [`limits::GAMES`].
pub(crate) fn parse_games(s: &str) -> Result<u64, String> {
    parse_within(s, 1, limits::GAMES, "games per run")
}

/// A number of worker threads: 1 to [`limits::THREADS`].
pub(crate) fn parse_threads(s: &str) -> Result<usize, String> {
    parse_within(s, 1, limits::THREADS as u64, "worker threads").map(|n| n as usize)
}

/// A solver node budget: 0 to [`limits::SOLVER_NODES`].
pub(crate) fn parse_budget(s: &str) -> Result<u64, String> {
    parse_within(s, 0, limits::SOLVER_NODES, "solver nodes per deal")
}

/// A seed: any whole number from 0 to 2^64-1.
pub(crate) fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|_| {
        format!(
            "{s:?} is not a seed: expected a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// A positive duration in seconds.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && x <= 3600.0 => Ok(x),
        _ => Err(format!(
            "{s:?} is not accepted: expected a number of seconds above 0 and at most 3600"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_reject_zero_and_negatives() {
        assert_eq!(parse_count("3"), Ok(3));
        assert!(parse_count("0").unwrap_err().contains("at least 1"));
        assert!(parse_count("-5").unwrap_err().contains("at least 1"));
        assert!(
            parse_count("many")
                .unwrap_err()
                .contains("not a whole number")
        );
        assert!(parse_seconds("0").is_err());
    }

    /// `--games 18446744073709551615` once panicked ("capacity overflow"), and
    /// `--threads 10000` started ten thousand threads.
    #[test]
    fn games_threads_and_budgets_are_capped_with_the_limit_named() {
        assert_eq!(parse_games("1000000000"), Ok(1_000_000_000));
        let e = parse_games("18446744073709551615").unwrap_err();
        assert!(
            e.contains("above the limit of 1000000000 (games per run)"),
            "{e}"
        );
        assert!(parse_games("10000000000000").is_err());
        assert!(parse_games("99999999999999999999999999").is_err());
        assert!(parse_games("0").is_err());
        assert_eq!(parse_threads("256"), Ok(256));
        let e = parse_threads("10000").unwrap_err();
        assert!(e.contains("limit of 256 (worker threads)"), "{e}");
        assert_eq!(parse_budget("0"), Ok(0));
        let e = parse_budget("100000000").unwrap_err();
        assert!(
            e.contains("limit of 10000000 (solver nodes per deal)"),
            "{e}"
        );
        assert!(parse_seed("-1").is_err());
    }
}
