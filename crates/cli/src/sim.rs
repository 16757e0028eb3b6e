//! `gameshelf sim`: many bot games on all cores.

use anyhow::{Result, bail};
use gameshelf_ai::{BotSpec, Roster, parse_list};
use gameshelf_engine::Tally;
use gameshelf_laissez_faire::tally::LaissezFaireTally;
use gameshelf_open_oubliette::tally::OublietteTally;
use gameshelf_osbo::tally::OsboTally;
use gameshelf_oubliette_solitaire::tally::SolitaireTally;
use gameshelf_sim::{SimConfig, simulate};

use crate::args::SimArgs;
use crate::shelf::{self, Shelf};

pub fn run(args: &SimArgs) -> Result<()> {
    match shelf::from_args(&args.game, args.mode.as_deref())? {
        Shelf::OpenOubliette(game) => run_game::<_, OublietteTally>(&game, args),
        Shelf::Osbo(game) => run_game::<_, OsboTally>(&game, args),
        Shelf::OublietteSolitaire(game) => run_game::<_, SolitaireTally>(&game, args),
        Shelf::LaissezFaire(game) => run_game::<_, LaissezFaireTally>(&game, args),
    }
}

/// One bot spec per seat, from `heuristic` (every seat) or `heuristic,random,...`.
pub fn seat_bots(text: &str, seats: usize) -> Result<Vec<BotSpec>> {
    let specs = parse_list(text)?;
    match specs.len() {
        1 => Ok(vec![specs[0]; seats]),
        n if n == seats => Ok(specs),
        n => bail!(
            "--bots lists {n} bots for {seats} seats: give one kind for every seat or exactly one per seat"
        ),
    }
}

fn run_game<G: Roster, T: Tally<G>>(game: &G, args: &SimArgs) -> Result<()> {
    let specs = seat_bots(&args.bots, game.num_players())?;
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        threads: args.threads.map(|t| t as usize),
        progress: !args.quiet && !args.json,
    };
    let report = simulate::<G, T>(game, |seat| game.bot(specs[seat]), &config);
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        value["game"] = game.spec().to_string().into();
        value["bots"] = specs
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .into();
        value["seed"] = args.seed.into();
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        let names: Vec<String> = specs.iter().map(|s| format!("({s})")).collect();
        out!("{}  seed {}", game.spec(), args.seed);
        out!("{}", report.to_text(&names).trim_end());
    }
    Ok(())
}
