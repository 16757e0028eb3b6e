//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Play, simulate, replay and analyse tabletop games.
#[derive(Parser, Debug)]
#[command(name = "gameshelf", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games and their variant parameters.
    Games(GamesArgs),
    /// Play a game in the terminal, against bots or friends.
    Play(PlayArgs),
    /// Simulate many bot games on all cores and report statistics.
    Sim(SimArgs),
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

#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The bots: a number of heuristic bots (the last seats), or a comma-separated list of
    /// bot kinds, one per bot seat (random, heuristic, easy, medium, hard, mcts:2000,
    /// mcts:200ms). The other seats are people.
    #[arg(long, default_value = "0")]
    pub bots: String,
    /// Seed for the dice and cards (and the bots).
    #[arg(long, value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Plain line mode (for scripts and screen readers) instead of the full-screen view.
    #[arg(long)]
    pub line: bool,
    /// Bots and dice wait for a key press instead of a short pause (full-screen view).
    #[arg(long)]
    pub step: bool,
    /// Write the game record to this file when the game ends.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Play numbered deal N: the same shuffle on every machine (oubliette-solitaire only).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub deal: Option<u64>,
}

#[derive(Args, Debug)]
pub struct SimArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games to play.
    #[arg(long, default_value = "10000", value_parser = parse_count, allow_negative_numbers = true)]
    pub games: u64,
    /// The bots: one kind for every seat, or a comma-separated list, one per seat.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// Seed; the same seed gives the same figures whatever the thread count.
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = parse_count, allow_negative_numbers = true)]
    pub threads: Option<u64>,
    /// Game mode (sets the `mode` parameter), e.g. `jail` for Open Oubliette's jail.
    #[arg(long)]
    pub mode: Option<String>,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record file (JSON), as written by `play --save`.
    pub file: PathBuf,
    /// Print every action in order, with the state after each turn.
    #[arg(long)]
    pub step: bool,
    /// The card data folder the game was played with, if not the built-in one.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Print the verification result as JSON.
    #[arg(long)]
    pub json: bool,
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
    /// Number of games.
    #[arg(long, default_value = "1000", value_parser = parse_count, allow_negative_numbers = true)]
    pub games: u64,
    /// Seed; the same seed gives the same games (time-budgeted bots excepted).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = parse_count, allow_negative_numbers = true)]
    pub threads: Option<u64>,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// A positive whole number (game counts, players, threads).
fn parse_count(s: &str) -> Result<u64, String> {
    match s.trim().parse::<i128>() {
        Ok(n) if n >= 1 && n <= u64::MAX as i128 => Ok(n as u64),
        Ok(n) => Err(format!(
            "{n} is not accepted: expected a whole number of at least 1"
        )),
        Err(_) => Err(format!("{s:?} is not a whole number (expected 1 or more)")),
    }
}

/// A seed: any whole number from 0 to 2^64-1.
fn parse_seed(s: &str) -> Result<u64, String> {
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
        assert!(parse_seed("-1").is_err());
    }
}
