//! `gameshelf compare`: two variants on the same chance, figure by figure.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use gameshelf_ai::BotSpec;
use gameshelf_engine::GameSpec;
use gameshelf_shelf::{Shelf, Shelved, Visitor};
use gameshelf_sim::{
    Arms, CompareReport, Overall, Question, Shard, SimConfig, compare_shard, compare_until,
};

use crate::args::GameArgs;
use crate::part::PartFile;
use crate::shelf;
use crate::sim::seat_bots;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Arm A: a game string, e.g. `open-oubliette(edition=blog)`.
    pub a: String,
    /// Arm B: a game string of the same game; by default the same as A (to compare two
    /// bot line-ups with --bots-a and --bots-b).
    pub b: Option<String>,
    /// Number of players (sets the `players` parameter of both arms).
    #[arg(long, value_parser = crate::args::parse_count, allow_negative_numbers = true)]
    pub players: Option<u64>,
    /// A variant parameter `name=value` for both arms (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// The bots of both arms: one kind for every seat, or one per seat.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// The bots of arm A, if not --bots.
    #[arg(long, value_name = "BOTS")]
    pub bots_a: Option<String>,
    /// The bots of arm B, if not --bots.
    #[arg(long, value_name = "BOTS")]
    pub bots_b: Option<String>,
    /// Paired games: game i of both arms uses the same random stream.
    #[arg(long, default_value = "10000", value_parser = crate::args::parse_games, allow_negative_numbers = true)]
    pub games: u64,
    /// Seed.
    #[arg(long, default_value = "1", value_parser = crate::args::parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// The smallest difference that matters: absolute for win rates and shares (0.01 is one
    /// percentage point), relative to A's mean for counts (0.01 is 1%).
    #[arg(long, default_value = "0.01", value_parser = parse_fraction)]
    pub detect: f64,
    /// The family-wise error rate of the verdicts (Holm's correction over all figures).
    #[arg(long, default_value = "0.05", value_parser = parse_fraction)]
    pub alpha: f64,
    /// Keep doubling the games until every figure is decided or --max-games is reached.
    #[arg(long, conflicts_with = "shard")]
    pub until_decided: bool,
    /// The cap of --until-decided.
    #[arg(long, default_value = "1000000", value_parser = crate::args::parse_games, allow_negative_numbers = true)]
    pub max_games: u64,
    /// Play only shard I of N (from 0) and print its partial sums as JSON, for `gameshelf
    /// merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = crate::args::parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Also write the report as one self-contained HTML file with charts.
    #[arg(long, value_name = "FILE", conflicts_with = "shard")]
    pub html: Option<PathBuf>,
    /// Also write the table as `compare.csv` in this folder (created if missing).
    #[arg(long, value_name = "DIR", conflicts_with = "shard")]
    pub csv: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// A fraction strictly between 0 and 1.
pub(crate) fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x < 1.0 => Ok(x),
        _ => Err(format!(
            "{s:?} is not accepted: expected a number between 0 and 1, e.g. 0.01"
        )),
    }
}

fn arm_spec(args: &CompareArgs, game: &str) -> Result<GameSpec> {
    let game = GameArgs {
        game: game.to_owned(),
        players: args.players,
        params: args.params.clone(),
        data: None,
    };
    shelf::spec_from_args(&game, None)
}

pub fn run(args: &CompareArgs) -> Result<()> {
    let a = Shelf::build(&arm_spec(args, &args.a)?, None)?;
    let b = Shelf::build(&arm_spec(args, args.b.as_deref().unwrap_or(&args.a))?, None)?;
    if a.info().id != b.info().id {
        bail!(
            "compare plays two variants of one game: A is {} and B is {}",
            a.info().id,
            b.info().id
        );
    }
    a.visit(Compare { args, b: &b })
}

struct Compare<'a> {
    args: &'a CompareArgs,
    b: &'a Shelf,
}

impl Visitor for Compare<'_> {
    type Output = Result<()>;
    fn visit<G: Shelved>(self, a: &G) -> Result<()> {
        let b = G::unshelve(self.b).expect("both arms were checked to be the same game");
        run_game(a, b, self.args)
    }
}

/// `seat 1: heuristic, ...` for one arm.
fn line_up(specs: &[BotSpec]) -> String {
    specs
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn run_game<G: Shelved>(a: &G, b: &G, args: &CompareArgs) -> Result<()> {
    let specs_a = seat_bots(a, args.bots_a.as_deref().unwrap_or(&args.bots))?;
    let specs_b = seat_bots(b, args.bots_b.as_deref().unwrap_or(&args.bots))?;
    let arms = Arms {
        a,
        b,
        bots_a: |seat| a.bot(specs_a[seat]),
        bots_b: |seat| b.bot(specs_b[seat]),
        label: format!("A: {}; B: {}", line_up(&specs_a), line_up(&specs_b)),
    };
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        progress: !args.quiet && !args.json && args.shard.is_none(),
        overall: None,
    };
    if let Some(shard) = args.shard {
        let part = compare_shard::<G, G::Tally, _, _>(&arms, &config, shard);
        return PartFile::Compare { shard, part }.print();
    }
    let question = question(args.detect, args.alpha);
    let report = if args.until_decided {
        // One bar over the whole run: how many games it takes depends on what they show,
        // so the bar counts up to the cap, and its time left is an upper bound.
        let overall = Overall::counting(
            args.max_games.max(1),
            "paired games at most (fewer once decided)",
            config.progress,
        );
        let config = SimConfig {
            overall: Some(overall.clone()),
            ..config
        };
        let report = compare_until::<G, G::Tally, _, _>(&arms, &config, question, args.max_games);
        overall.finish();
        report
    } else {
        compare_shard::<G, G::Tally, _, _>(&arms, &config, Shard::WHOLE).report(question)
    };
    if let Some(file) = &args.html {
        crate::sim::write_html(file, &gameshelf_report::compare_page(&report)?)?;
    }
    if let Some(dir) = &args.csv {
        crate::sweep::write_csv(dir, "compare.csv", &report.to_csv())?;
    }
    print(&report, &arms.label, args.json)
}

/// What the options ask.
pub fn question(detect: f64, alpha: f64) -> Question {
    Question {
        detect,
        alpha,
        ..Question::default()
    }
}

/// Prints a comparison as a table or as JSON.
pub fn print(report: &CompareReport, bots: &str, json: bool) -> Result<()> {
    if json {
        let mut value = serde_json::to_value(report)?;
        value["bots"] = bots.into();
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        out!("bots: {bots}");
        out!("{}", report.to_text().trim_end());
    }
    Ok(())
}
