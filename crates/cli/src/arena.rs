//! `gameshelf arena`: seat-rotated matches between bots, with win rates and Elo.

use anyhow::Result;
use gameshelf_ai::parse_list_for;
use gameshelf_shelf::{Shelved, Visitor};
use gameshelf_sim::SimConfig;
use gameshelf_sim::arena::arena;

use crate::args::ArenaArgs;
use crate::shelf;

pub fn run(args: &ArenaArgs) -> Result<()> {
    shelf::from_args(&args.game, None)?.visit(Arena(args))
}

struct Arena<'a>(&'a ArenaArgs);

impl Visitor for Arena<'_> {
    type Output = Result<()>;
    fn visit<G: Shelved>(self, game: &G) -> Result<()> {
        run_game(game, self.0)
    }
}

fn run_game<G: Shelved>(game: &G, args: &ArenaArgs) -> Result<()> {
    let specs = parse_list_for(game, &args.bots)?;
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        progress: !args.quiet && !args.json,
        overall: None,
    };
    let report = arena(game, &names, |e| game.bot(specs[e]), &config);
    if args.json {
        out!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        out!("{}", report.to_text().trim_end());
    }
    Ok(())
}
