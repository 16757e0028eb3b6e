//! `gameshelf balance`: the variant on a grid that makes the seats' chances most even.

use anyhow::{Result, bail};
use clap::Args;
use gameshelf_ai::BotSpec;
use gameshelf_shelf::{Shelved, Visitor};
use gameshelf_sim::balance::{Candidate, rounds, search};
use gameshelf_sim::sweep::Axis;
use gameshelf_sim::{Overall, SimConfig, simulate};

use crate::sim::seat_bots;
use crate::sweep::Grid;

#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// The game, e.g. `open-oubliette(players=4)`.
    pub game: String,
    /// Number of players (sets the `players` parameter).
    #[arg(long, value_parser = crate::args::parse_count, allow_negative_numbers = true)]
    pub players: Option<u64>,
    /// A parameter to search and its values, `NAME=V1,V2,...` or `NAME=A..B:STEP` (one or
    /// two; one with a single value is set for every candidate). By default the game's
    /// compensation parameter: `later_gold=0..1000:100` for open-oubliette,
    /// `later_cash=-100..0:10` for laissez-faire.
    #[arg(long = "param", value_name = "NAME=VALUES")]
    pub params: Vec<Axis>,
    /// Games each candidate plays in the first round (doubled for the survivors of each
    /// round).
    #[arg(long, default_value = "20000", value_parser = crate::args::parse_games, allow_negative_numbers = true)]
    pub games: u64,
    /// The most games one candidate may play.
    #[arg(long, default_value = "400000", value_parser = crate::args::parse_games, allow_negative_numbers = true)]
    pub max_games: u64,
    /// The bots: one kind for every seat, or one per seat.
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// Seed: every candidate plays games with the same random streams.
    #[arg(long, default_value = "1", value_parser = crate::args::parse_seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = crate::args::parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Candidates listed in the text report.
    #[arg(long, default_value = "10", value_parser = crate::args::parse_count)]
    pub show: u64,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
    /// No progress.
    #[arg(long)]
    pub quiet: bool,
}

/// The parameter a designer would try first to even out each game's seats.
fn compensation(id: &str) -> Option<&'static str> {
    match id {
        "open-oubliette" => Some("later_gold=0..1000:100"),
        // Laissez-faire's later players are ahead: the search takes from them, up to $100
        // per place in $10 steps.
        "laissez-faire" => Some("later_cash=-100..0:10"),
        _ => None,
    }
}

pub fn run(args: &BalanceArgs) -> Result<()> {
    let id = args.game.split('(').next().unwrap_or_default().trim();
    let params = if args.params.is_empty() {
        match compensation(id) {
            Some(p) => vec![p.parse::<Axis>()?],
            None => bail!(
                "{id} declares no compensation parameter: name the parameters to search with --param NAME=A..B:STEP"
            ),
        }
    } else {
        args.params.clone()
    };
    let grid = Grid::new(&args.game, args.players, &params)?;
    // Every candidate's bots are checked before any is played.
    let bots = grid
        .shelves
        .iter()
        .map(|shelf| shelf.visit(SeatBots(&args.bots)))
        .collect::<Result<Vec<_>>>()?;
    let names = grid.axes.iter().map(|a| a.name.clone()).collect();
    let count = grid.shelves.len();
    let shown = !args.quiet && !args.json;
    let planned = rounds(count, args.games, args.max_games)
        .iter()
        .map(|&(n, games)| n as u64 * games)
        .sum();
    let overall = Overall::new(planned, shown);
    let report = search(names, count, args.games, args.max_games, |i, games| {
        if shown {
            overall.note(&format!("{} with {games} games", grid.shelves[i].spec()));
        }
        grid.shelves[i].visit(Evaluate {
            args,
            games,
            values: &grid.values[i],
            bots: &bots[i],
            overall: &overall,
        })
    });
    overall.finish();
    if args.json {
        out!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        out!("{}", report.to_text(args.show as usize).trim_end());
    }
    Ok(())
}

/// The bots of `--bots` for a candidate's seats.
struct SeatBots<'a>(&'a str);

impl Visitor for SeatBots<'_> {
    type Output = Result<Vec<BotSpec>>;
    fn visit<G: Shelved>(self, game: &G) -> Self::Output {
        seat_bots(game, self.0)
    }
}

struct Evaluate<'a> {
    args: &'a BalanceArgs,
    games: u64,
    values: &'a [String],
    bots: &'a [BotSpec],
    overall: &'a Overall,
}

impl Visitor for Evaluate<'_> {
    type Output = Candidate;
    fn visit<G: Shelved>(self, game: &G) -> Candidate {
        let specs = self.bots;
        let config = SimConfig {
            games: self.games,
            seed: self.args.seed,
            threads: self.args.threads,
            progress: !self.args.quiet && !self.args.json,
            overall: Some(self.overall.clone()),
        };
        let report = simulate::<G, G::Tally>(game, |seat| game.bot(specs[seat]), &config);
        Candidate::from_report(game.spec().to_string(), self.values.to_vec(), &report)
    }
}
