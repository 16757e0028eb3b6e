//! `gameshelf solitaire honest`: a bot that sees only what a player sees plays each
//! numbered deal once, and its win rate is set beside the clairvoyant solver's verdicts on
//! the same deals (the value of knowing the deck's order).
//!
//! Deal `N`'s play is seeded by `Rng::for_stream(seed, N)`, so a run gives the same results
//! on any number of threads and any split of the deals into ranges.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use gameshelf_ai::{BotSpec, Roster};
use gameshelf_engine::{Game, Rng};
use gameshelf_oubliette_solitaire::honest::{self, HonestPlay};
use gameshelf_oubliette_solitaire::shipped::shipped;
use gameshelf_oubliette_solitaire::solver::Verdict;
use gameshelf_oubliette_solitaire::{Deal, EndKind, OublietteSolitaire};
use gameshelf_sim::Overall;
use gameshelf_sim::stats::{Z95, wilson};
use rayon::prelude::*;
use serde_json::json;

/// What `solitaire honest` was asked to do.
pub struct HonestRun<'a> {
    pub game: OublietteSolitaire,
    /// The first and last deal.
    pub range: (u64, u64),
    pub bot: BotSpec,
    pub seed: u64,
    pub pool: rayon::ThreadPool,
    /// Where the per-deal table goes (none when `None`).
    pub out: Option<&'a Path>,
    pub json: bool,
}

/// Plays deal `number` once with a new `bot`, its choices seeded by `(seed, number)`.
pub fn play_deal(game: &OublietteSolitaire, bot: BotSpec, seed: u64, number: u64) -> HonestPlay {
    let deal = Deal::new(number, game.config().jokers);
    let mut state = game.initial_state();
    let mut rng = Rng::for_stream(seed, number);
    deal.play(game, &mut state, &mut *game.bot(bot), &mut rng, |_, _| {});
    HonestPlay {
        deal: number,
        won: state.end() == Some(EndKind::Won),
        turns: game.turns(&state),
    }
}

/// How the bot's results compare with the shipped verdicts of the same deals.
#[derive(Default, serde::Serialize)]
struct AgainstSolver {
    /// Deals with a shipped verdict.
    covered: u64,
    /// Of those, the solver won.
    solver_won: u64,
    /// Of those, the solver left undecided.
    undecided: u64,
    /// Of the solver's wins, the bot won.
    both_won: u64,
    /// The bot won a deal the solver proved lost: a bug in one of them.
    bot_won_proven_lost: u64,
}

fn against_solver(game: &OublietteSolitaire, plays: &[HonestPlay]) -> AgainstSolver {
    let mut a = AgainstSolver::default();
    for p in plays {
        let Some(v) = shipped(game, p.deal) else {
            continue;
        };
        a.covered += 1;
        match v.verdict {
            Verdict::Won => {
                a.solver_won += 1;
                a.both_won += u64::from(p.won);
            }
            Verdict::Lost => a.bot_won_proven_lost += u64::from(p.won),
            Verdict::Undecided => a.undecided += 1,
        }
    }
    a
}

pub fn run(run: &HonestRun<'_>) -> Result<()> {
    let (game, (from, to)) = (&run.game, run.range);
    let started = Instant::now();
    let bar = Overall::counting(to - from + 1, "deals", !run.json);
    let plays: Vec<HonestPlay> = run.pool.install(|| {
        (from..=to)
            .into_par_iter()
            .map(|n| {
                let p = play_deal(game, run.bot, run.seed, n);
                bar.inc(1);
                p
            })
            .collect()
    });
    bar.finish();
    let seconds = started.elapsed().as_secs_f64();
    if let Some(path) = run.out {
        let comment = format!(
            "{} deals {from}..={to}, bot {}, seed {}",
            game.spec(),
            run.bot,
            run.seed
        );
        std::fs::write(path, honest::write(&[comment], &plays))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let n = plays.len() as u64;
    let won = plays.iter().filter(|p| p.won).count() as u64;
    let rate = won as f64 / n as f64;
    let interval = wilson(rate, n, Z95);
    let solver = against_solver(game, &plays);
    if run.json {
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "game": game.spec().to_string(), "from": from, "to": to,
                "bot": run.bot.to_string(), "seed": run.seed,
                "deals": n, "won": won, "win_rate": rate, "ci": interval,
                "against_solver": solver, "seconds": seconds,
            }))?
        );
        return Ok(());
    }
    out!(
        "{}: deals {from}..={to}, bot {} (seed {}): won {won} of {n}, {:.2}% [{:.2}%, {:.2}%] (95% Wilson), {seconds:.1} s",
        game.spec(),
        run.bot,
        run.seed,
        100.0 * rate,
        100.0 * interval.low,
        100.0 * interval.high
    );
    if solver.covered > 0 {
        let share = |k: u64| 100.0 * k as f64 / solver.covered as f64;
        out!(
            "  the clairvoyant solver won {} of the {} deals with a shipped verdict ({:.2}%, {:.2}% with the undecided); the bot won {} of those ({:.2}% of the solver's wins)",
            solver.solver_won,
            solver.covered,
            share(solver.solver_won),
            share(solver.solver_won + solver.undecided),
            solver.both_won,
            100.0 * solver.both_won as f64 / solver.solver_won.max(1) as f64
        );
        if solver.bot_won_proven_lost > 0 {
            out!(
                "  WARNING: the bot won {} deals the solver proved lost: the solver or the bot breaks the rules",
                solver.bot_won_proven_lost
            );
        }
    }
    Ok(())
}
