//! `gameshelf sweep`: one simulation per variant over a grid of one or two parameters.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use gameshelf_engine::GameSpec;
use gameshelf_shelf::{Shelf, Shelved, Visitor};
use gameshelf_sim::sweep::{Axis, SweepReport, SweepRow, estimates, variants};
use gameshelf_sim::{Overall, SimConfig, simulate};

use crate::args::GameArgs;
use crate::shelf;
use crate::sim::seat_bots;

#[derive(Args, Debug)]
pub struct SweepArgs {
    /// The game, e.g. `open-oubliette(players=4)`.
    pub game: String,
    /// Number of players (sets the `players` parameter).
    #[arg(long, value_parser = crate::args::parse_count, allow_negative_numbers = true)]
    pub players: Option<u64>,
    /// A parameter and its values: `NAME=V1,V2,...` or a range `NAME=A..B:STEP` (end
    /// included). One or two parameters with several values are swept; one with a single
    /// value is set for every variant.
    #[arg(long = "param", value_name = "NAME=VALUES", required = true)]
    pub params: Vec<Axis>,
    /// Games per variant.
    #[arg(long, default_value = "10000", value_parser = crate::args::parse_games, allow_negative_numbers = true)]
    pub games: u64,
    /// The bots: one kind for every seat, or one per seat.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// Seed: every variant plays games with the same random streams.
    #[arg(long, default_value = "1", value_parser = crate::args::parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = crate::args::parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Also write the table as `sweep.csv` in this folder (created if missing).
    #[arg(long, value_name = "DIR")]
    pub csv: Option<PathBuf>,
    /// Also write the sweep as one self-contained HTML file with charts.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The variants of a grid: the swept axes, and each variant's values and game, checked
/// before any is played. Parameters with a single value are set for every variant.
pub struct Grid {
    /// The parameters with several values (one or two).
    pub axes: Vec<Axis>,
    /// Each variant's value of every axis.
    pub values: Vec<Vec<String>>,
    /// Each variant's game.
    pub shelves: Vec<Shelf>,
}

impl Grid {
    /// The grid of `params` over `game` (with `players` set if given).
    pub fn new(game: &str, players: Option<u64>, params: &[Axis]) -> Result<Grid> {
        let (fixed, axes): (Vec<&Axis>, Vec<&Axis>) =
            params.iter().partition(|a| a.values.len() == 1);
        let base = shelf::spec_from_args(
            &GameArgs {
                game: game.to_owned(),
                players,
                params: fixed
                    .iter()
                    .map(|a| format!("{}={}", a.name, a.values[0]))
                    .collect(),
                data: None,
            },
            None,
        )?;
        let axes: Vec<Axis> = axes.into_iter().cloned().collect();
        if let Some(axis) = axes
            .iter()
            .find(|a| base.params.iter().any(|(n, _)| *n == a.name))
        {
            bail!(
                "{} is both swept and set in the game string or by another option",
                axis.name
            );
        }
        let grid = variants(&base, &axes)?;
        let shelves = grid
            .iter()
            .map(|(spec, _)| Shelf::build(spec, None).with_context(|| format!("variant {spec}")))
            .collect::<Result<Vec<_>>>()?;
        Ok(Grid {
            axes,
            values: grid.into_iter().map(|(_, v)| v).collect(),
            shelves,
        })
    }
}

pub fn run(args: &SweepArgs) -> Result<()> {
    let Grid {
        axes,
        values,
        shelves,
    } = Grid::new(&args.game, args.players, &args.params)?;
    let grid = &values;
    let shown = !args.quiet && !args.json;
    let overall = Overall::new(args.games * grid.len() as u64, shown);
    let mut rows = Vec::new();
    for (i, (shelf, values)) in shelves.iter().zip(grid).enumerate() {
        if shown {
            overall.note(&format!(
                "variant {} of {}: {}",
                i + 1,
                grid.len(),
                shelf.spec()
            ));
        }
        rows.push(shelf.visit(Variant {
            args,
            values,
            overall: &overall,
        })?);
    }
    overall.finish();
    let report = SweepReport {
        axes,
        seed: args.seed,
        rows,
    };
    if let Some(dir) = &args.csv {
        write_csv(dir, "sweep.csv", &report.to_csv())?;
    }
    if let Some(file) = &args.html {
        crate::sim::write_html(file, &gameshelf_report::sweep_page(&report)?)?;
    }
    if args.json {
        out!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        out!("{}", report.to_text().trim_end());
    }
    Ok(())
}

/// Writes `text` as `name` in `dir`, creating the folder if missing.
pub fn write_csv(dir: &std::path::Path, name: &str, text: &str) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let file = dir.join(name);
    std::fs::write(&file, text).with_context(|| format!("cannot write {}", file.display()))
}

struct Variant<'a> {
    args: &'a SweepArgs,
    values: &'a [String],
    overall: &'a Overall,
}

impl Visitor for Variant<'_> {
    type Output = Result<SweepRow>;
    fn visit<G: Shelved>(self, game: &G) -> Result<SweepRow> {
        let specs = seat_bots(game, &self.args.bots)?;
        let config = SimConfig {
            games: self.args.games,
            seed: self.args.seed,
            threads: self.args.threads,
            progress: !self.args.quiet && !self.args.json,
            overall: Some(self.overall.clone()),
        };
        let report = simulate::<G, G::Tally>(game, |seat| game.bot(specs[seat]), &config);
        Ok(SweepRow {
            game: GameSpec::to_string(&game.spec()),
            values: self.values.to_vec(),
            games: report.games,
            estimates: estimates(&report),
        })
    }
}
