//! `gameshelf bench`: random-playout speed on one core.

use anyhow::Result;
use gameshelf_engine::Game;
use gameshelf_sim::benchmark_playouts;

use crate::args::BenchArgs;
use crate::shelf::{self, Shelf};

pub fn run(args: &BenchArgs) -> Result<()> {
    match shelf::from_args(&args.game, None)? {
        Shelf::OpenOubliette(game) => run_game(&game, args),
    }
}

fn run_game<G: Game>(game: &G, args: &BenchArgs) -> Result<()> {
    let b = benchmark_playouts(game, args.seconds, args.seed);
    if args.json {
        let mut value = serde_json::to_value(&b)?;
        value["game"] = game.spec().to_string().into();
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        out!(
            "{} on one core, random playouts for {:.1} s",
            game.spec(),
            args.seconds
        );
        out!("{b}");
    }
    Ok(())
}
