//! `gameshelf bench`: random-playout speed on one core, bot-game speed (`--bots`), or search
//! speed (`--mcts`).

use anyhow::Result;
use gameshelf_ai::mcts::bench_mcts;
use gameshelf_engine::Game;
use gameshelf_shelf::{Shelved, Visitor};
use gameshelf_sim::{Overall, benchmark_bots, benchmark_playouts, benchmark_sim};

use crate::args::BenchArgs;
use crate::shelf;

pub fn run(args: &BenchArgs) -> Result<()> {
    shelf::from_args(&args.game, None)?.visit(Bench(args))
}

struct Bench<'a>(&'a BenchArgs);

impl Visitor for Bench<'_> {
    type Output = Result<()>;
    fn visit<G: Shelved>(self, game: &G) -> Result<()> {
        run_game(game, self.0)
    }
}

fn run_game<G: Shelved>(game: &G, args: &BenchArgs) -> Result<()> {
    if args.mcts {
        return run_mcts(game, args);
    }
    if args.vs_sim {
        return run_vs_sim(game, args);
    }
    let shown = !args.json;
    let (b, what) = match &args.bots {
        Some(text) => {
            let specs = crate::sim::seat_bots(game, text)?;
            let b = Overall::timed(args.seconds, shown, || {
                benchmark_bots(game, |seat| game.bot(specs[seat]), args.seconds, args.seed)
            });
            (b, format!("games between {text} bots"))
        }
        None => (
            Overall::timed(args.seconds, shown, || {
                benchmark_playouts(game, args.seconds, args.seed)
            }),
            "random playouts".to_owned(),
        ),
    };
    if args.json {
        let mut value = serde_json::to_value(&b)?;
        value["game"] = game.spec().to_string().into();
        value["measured"] = what.clone().into();
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        out!(
            "{} on one core, {what} for {:.1} s",
            game.spec(),
            args.seconds
        );
        out!("{b}");
    }
    Ok(())
}

/// `bench --vs-sim`: random playouts, then the simulator's loop with random bots, and the
/// ratio of their speeds (one core each, the same timing).
fn run_vs_sim<G: Shelved>(game: &G, args: &BenchArgs) -> Result<()> {
    let (playouts, sim) = Overall::timed(2.0 * args.seconds, !args.json, || {
        let playouts = benchmark_playouts(game, args.seconds, args.seed);
        (
            playouts,
            benchmark_sim::<G, G::Tally>(game, args.seconds, args.seed),
        )
    });
    let ratio = sim.games_per_second / playouts.games_per_second;
    if args.json {
        let value = serde_json::json!({
            "game": game.spec().to_string(),
            "playouts": playouts,
            "sim": sim,
            "ratio": ratio,
        });
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        out!(
            "{}: random playouts for {:.1} s, one core",
            game.spec(),
            args.seconds
        );
        out!("{playouts}");
        out!("the simulator's loop with random bots and the game's tally, one core");
        out!("{sim}");
        out!("  ratio sim / playouts {ratio:.2}");
    }
    Ok(())
}

/// `bench --mcts`: search iterations per second on one core, then on every core.
fn run_mcts<G: Game>(game: &G, args: &BenchArgs) -> Result<()> {
    let (one, all) = Overall::timed(2.0 * args.seconds, !args.json, || {
        let one = bench_mcts(game, args.moves, args.seconds, 1, args.seed)?;
        Ok::<_, gameshelf_ai::mcts::BenchError>((
            one,
            bench_mcts(game, args.moves, args.seconds, 0, args.seed)?,
        ))
    })?;
    let ratio = all.iterations_per_second / one.iterations_per_second;
    if args.json {
        let value = serde_json::json!({
            "game": game.spec().to_string(),
            "one_core": one,
            "all_cores": all,
            "ratio": ratio,
        });
        out!("{}", serde_json::to_string_pretty(&value)?);
    } else {
        out!(
            "{}: MCTS with random rollouts for {:.1} s, one core",
            game.spec(),
            args.seconds
        );
        out!("{one}");
        out!("root-parallel, {} threads", all.threads);
        out!("{all}");
        out!("  ratio to one core {ratio:.2}");
    }
    Ok(())
}
