//! `gameshelf arena`: seat-rotated matches between bots, with win rates and Elo.

use anyhow::Result;
use gameshelf_ai::{Roster, parse_list};
use gameshelf_sim::SimConfig;
use gameshelf_sim::arena::arena;

use crate::args::ArenaArgs;
use crate::shelf::{self, Shelf};

pub fn run(args: &ArenaArgs) -> Result<()> {
    match shelf::from_args(&args.game, None)? {
        Shelf::OpenOubliette(game) => run_game(&game, args),
        Shelf::Osbo(game) => run_game(&game, args),
        Shelf::OublietteSolitaire(game) => run_game(&game, args),
        Shelf::LaissezFaire(game) => run_game(&game, args),
    }
}

fn run_game<G: Roster>(game: &G, args: &ArenaArgs) -> Result<()> {
    let specs = parse_list(&args.bots)?;
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        threads: args.threads.map(|t| t as usize),
        progress: !args.quiet && !args.json,
    };
    let report = arena(game, &names, |e| game.bot(specs[e]), &config);
    if args.json {
        out!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        out!("{}", report.to_text().trim_end());
    }
    Ok(())
}
