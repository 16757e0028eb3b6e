//! `gameshelf sim`: many bot games on all cores.

use anyhow::{Context, Result, bail};
use gameshelf_ai::{BotSpec, Roster, parse_list_for};
use gameshelf_shelf::{Shelved, Visitor};
use gameshelf_sim::{Shard, SimConfig, SimReport, simulate_shard};

use crate::args::SimArgs;
use crate::part::PartFile;
use crate::shelf;

pub fn run(args: &SimArgs) -> Result<()> {
    shelf::from_args(&args.game, args.mode.as_deref())?.visit(Sim(args))
}

struct Sim<'a>(&'a SimArgs);

impl Visitor for Sim<'_> {
    type Output = Result<()>;
    fn visit<G: Shelved>(self, game: &G) -> Result<()> {
        run_game(game, self.0)
    }
}

/// One bot spec per seat of `game`, from `heuristic` (every seat) or
/// `heuristic,random,...`; each must be one of the game's bots.
pub fn seat_bots<G: Roster>(game: &G, text: &str) -> Result<Vec<BotSpec>> {
    let seats = game.num_players();
    let specs = parse_list_for(game, text)?;
    match specs.len() {
        1 => Ok(vec![specs[0]; seats]),
        n if n == seats => Ok(specs),
        n => bail!(
            "--bots lists {n} bots for {seats} seats: give one kind for every seat or exactly one per seat"
        ),
    }
}

fn run_game<G: Shelved>(game: &G, args: &SimArgs) -> Result<()> {
    let specs = seat_bots(game, &args.bots)?;
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        progress: !args.quiet && !args.json && args.shard.is_none(),
        overall: None,
    };
    let bots: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let part = simulate_shard::<G, G::Tally>(game, |seat| game.bot(specs[seat]), &config, shard);
    if args.shard.is_some() {
        let part = serde_json::to_value(&part)?;
        return PartFile::Sim { shard, bots, part }.print();
    }
    let report = part.report(game);
    if let Some(file) = &args.html {
        let names: Vec<String> = bots.iter().map(|s| format!("({s})")).collect();
        write_html(file, &gameshelf_report::sim_page(&report, &names)?)?;
    }
    if let Some(dir) = &args.csv {
        for (name, text) in report.to_csv() {
            crate::sweep::write_csv(dir, name, &text)?;
        }
    }
    print(game, &report, &bots, args.seed, args.json)
}

/// Writes an HTML report.
pub fn write_html(file: &std::path::Path, html: &str) -> Result<()> {
    std::fs::write(file, html).with_context(|| format!("cannot write {}", file.display()))
}

/// Prints a simulation report as text or JSON (also the merged report of shards).
pub fn print<G: Shelved>(
    game: &G,
    report: &SimReport<G::Tally>,
    bots: &[String],
    seed: u64,
    json: bool,
) -> Result<()> {
    if json {
        let mut value = serde_json::to_value(report)?;
        value["game"] = game.spec().to_string().into();
        value["bots"] = bots.into();
        value["seed"] = seed.into();
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        let names: Vec<String> = bots.iter().map(|s| format!("({s})")).collect();
        out!("{}  seed {}", game.spec(), seed);
        out!("{}", report.to_text(&names).trim_end());
    }
    Ok(())
}
