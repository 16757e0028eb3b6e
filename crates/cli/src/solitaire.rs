//! `gameshelf solitaire ...`: Oubliette (solitaire)'s win rates and deal solver.
//!
//! `odds` plays the same deals with the heuristic and the clairvoyant solver; the interval
//! arithmetic is the simulation crate's (`gameshelf_sim::stats`).

use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use gameshelf_ai::{BotSpec, Roster};
use gameshelf_engine::{Game, GameSpec};
use gameshelf_oubliette_solitaire::honest::{SHIPPED_BOT, SHIPPED_SEED, shipped_play};
use gameshelf_oubliette_solitaire::shipped::{
    self as verdict_file, SHIPPED_BUDGET, SHIPPED_DEALS, SHIPPED_RETRY_BUDGET, shipped,
};
use gameshelf_oubliette_solitaire::solver::{self, OddsConfig, Verdict};
use gameshelf_oubliette_solitaire::{Action, Deal, OublietteSolitaire};
use gameshelf_sim::Overall;
use gameshelf_sim::stats::{Interval, Z95, wilson};
use serde_json::json;

use crate::args::{parse_budget, parse_games, parse_threads};

#[derive(Args, Debug)]
pub struct SolitaireArgs {
    #[command(subcommand)]
    pub command: SolitaireCommand,
}

#[derive(Subcommand, Debug)]
pub enum SolitaireCommand {
    /// The heuristic's win rate and a clairvoyant solver's bound, over many numbered deals.
    Odds {
        /// Number of deals (at most 1 000 000 000).
        #[arg(long, default_value = "10000", value_parser = parse_games)]
        deals: u64,
        /// Jokers in the deck (2 or 3).
        #[arg(long, default_value = "2")]
        jokers: u8,
        /// Picks the deals: deal i is number `Rng::for_stream(seed, i).next_u64()`.
        #[arg(long, default_value = "1")]
        seed: u64,
        /// The solver's node budget per deal (0: heuristic only; at most 10 000 000).
        #[arg(long, default_value = "20000", value_parser = parse_budget)]
        budget: u64,
        /// The memory cap of each search's table of lost states, in MiB.
        #[arg(long, default_value = "256")]
        table_mib: u64,
        /// Worker threads (default: all cores; at most 256); the figures do not depend on it.
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// A variant parameter `name=value` (repeatable).
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Search one numbered deal for a winning line.
    Solve {
        /// The deal number.
        #[arg(long)]
        deal: u64,
        /// Jokers in the deck (2 or 3).
        #[arg(long, default_value = "2")]
        jokers: u8,
        /// The node budget (at most 10 000 000).
        #[arg(long, default_value = "1000000", value_parser = parse_budget)]
        budget: u64,
        /// The memory cap of the table of lost states, in MiB.
        #[arg(long, default_value = "1024")]
        table_mib: u64,
        /// A variant parameter `name=value` (repeatable).
        #[arg(long = "param", value_name = "NAME=VALUE")]
        params: Vec<String>,
        /// Print as JSON (the line as record actions).
        #[arg(long)]
        json: bool,
    },
    /// Solve the numbered deals FROM..=TO: one line per deal (deal, verdict, nodes, turns
    /// of the winning line) and the shares won, lost and undecided.
    Deals {
        #[command(flatten)]
        deals: DealRange,
        /// The solver's node budget per deal; by default the shipped verdicts' budget.
        #[arg(long, default_value_t = SHIPPED_BUDGET)]
        budget: u64,
        /// The memory cap of each search's table of lost states, in MiB.
        #[arg(long, default_value = "256")]
        table_mib: u64,
        /// Write the per-deal verdicts to this file (tab-separated, one header line)
        /// instead of standard output.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// List only the winnable deals, easiest first: those both fair players won (the
        /// hard bot's shipped play and the heuristic), then those one of them won, each
        /// group by the nodes the solver needed to find a winning line. Read from the
        /// shipped verdicts when they cover the request (the standard rules, the default
        /// budget, deals within 1..=10000), else solved.
        #[arg(long)]
        winnable: bool,
        /// Solve again, with --budget, only the undecided deals of this verdict file (as
        /// --out writes it, for the same --jokers and --param) and rewrite it (or write
        /// --out), noting the budget in its comments: a larger budget spent only where the
        /// smaller one did not decide. Nothing is written when no deal is undecided.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["from", "to", "winnable"])]
        retry: Option<std::path::PathBuf>,
    },
    /// Play the numbered deals FROM..=TO once each with a bot that sees only what a player
    /// sees, and set its win rate beside the solver's verdicts on the same deals.
    Honest {
        #[command(flatten)]
        deals: DealRange,
        /// The bot (random, heuristic, easy, medium, hard, mcts:N).
        #[arg(long, default_value = "hard")]
        bot: String,
        /// Seeds the bot's choices: deal N's play uses stream N of this seed.
        #[arg(long, default_value = "1")]
        seed: u64,
        /// Write the per-deal results to this file (tab-separated: deal, won or lost,
        /// turns).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// The numbered deals FROM..=TO a command covers, their rules, and the threads that work
/// on them.
#[derive(Args, Debug)]
pub struct DealRange {
    /// The first deal number.
    #[arg(long, default_value = "1")]
    from: u64,
    /// The last deal number.
    #[arg(long, default_value = "10000")]
    to: u64,
    /// Jokers in the deck (2 or 3).
    #[arg(long, default_value = "2")]
    jokers: u8,
    /// A variant parameter `name=value` (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Worker threads (default: all cores; at most 256); the results do not depend on it.
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
}

impl DealRange {
    /// The first and last deal.
    fn range(&self) -> Result<(u64, u64)> {
        let (from, to) = (self.from, self.to);
        if from > to {
            bail!("--from {from} is above --to {to}: expected FROM <= TO");
        }
        Ok((from, to))
    }
}

fn limits(budget: u64, table_mib: u64) -> Result<solver::Limits> {
    Ok(solver::Limits {
        nodes: budget,
        table_bytes: table_mib.saturating_mul(1 << 20),
    }
    .checked()?)
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    // Deep search lines need more stack than rayon's default.
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .stack_size(64 << 20)
        .build()
        .context("cannot start the worker threads")
}

fn game(jokers: u8, params: &[String]) -> Result<OublietteSolitaire> {
    if !(2..=3).contains(&jokers) {
        bail!("--jokers {jokers} is not accepted: expected 2 or 3");
    }
    let mut spec = GameSpec::new("oubliette-solitaire").with("jokers", jokers);
    for p in params {
        let Some((name, value)) = p.split_once('=') else {
            bail!("--param {p:?} is not accepted: expected NAME=VALUE");
        };
        if name.trim() == "jokers" {
            bail!("give the jokers with --jokers");
        }
        spec = spec.with(name.trim(), value.trim());
    }
    Ok(OublietteSolitaire::from_spec(&spec)?)
}

pub fn run(args: &SolitaireArgs) -> Result<()> {
    match &args.command {
        SolitaireCommand::Odds {
            deals,
            jokers,
            seed,
            budget,
            table_mib,
            threads,
            params,
            json,
        } => {
            if *deals == 0 {
                bail!("--deals 0 is not accepted: expected at least 1");
            }
            let game = game(*jokers, params)?;
            let config = OddsConfig {
                deals: *deals,
                seed: *seed,
                limits: limits(*budget, *table_mib)?,
            };
            odds(&game, &config, *threads, *json)
        }
        SolitaireCommand::Solve {
            deal,
            jokers,
            budget,
            table_mib,
            params,
            json,
        } => solve(
            &game(*jokers, params)?,
            *deal,
            limits(*budget, *table_mib)?,
            *json,
        ),
        SolitaireCommand::Deals {
            deals,
            budget,
            table_mib,
            out,
            winnable,
            retry,
        } => {
            let (game, threads) = (game(deals.jokers, &deals.params)?, deals.threads);
            if let Some(file) = retry {
                let out = out.as_deref().unwrap_or(file);
                return retry_deals(&game, file, limits(*budget, *table_mib)?, threads, out);
            }
            let run = DealsRun {
                game,
                range: deals.range()?,
                limits: limits(*budget, *table_mib)?,
                threads,
                out: out.as_deref(),
            };
            if *winnable {
                winnable_deals(&run)
            } else {
                deals_table(&run)
            }
        }
        SolitaireCommand::Honest {
            deals,
            bot,
            seed,
            out,
            json,
        } => {
            let range = deals.range()?;
            let game = game(deals.jokers, &deals.params)?;
            let bot = game.check(bot.parse::<BotSpec>()?)?;
            crate::honest::run(&crate::honest::HonestRun {
                game,
                range,
                bot,
                seed: *seed,
                pool: pool(deals.threads)?,
                out: out.as_deref(),
                json: *json,
            })
        }
    }
}

fn ci(i: Interval) -> String {
    format!("[{:.2}%, {:.2}%]", 100.0 * i.low, 100.0 * i.high)
}

fn odds(
    game: &OublietteSolitaire,
    config: &OddsConfig,
    threads: Option<usize>,
    json: bool,
) -> Result<()> {
    let started = Instant::now();
    let bar = Overall::counting(config.deals, "deals", !json);
    let c = pool(threads)?.install(|| solver::odds(game, config, || bar.inc(1)));
    bar.finish();
    let n = c.deals;
    let rate = |k: u64| k as f64 / n as f64;
    let heuristic = wilson(rate(c.heuristic_wins), n, Z95);
    let solved = wilson(rate(c.solved), n, Z95);
    let upper = wilson(rate(c.solved + c.undecided), n, Z95);
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "game": game.spec().to_string(), "seed": config.seed, "deals": n,
                "budget": config.limits.nodes,
                "heuristic": {"wins": c.heuristic_wins, "win_rate": rate(c.heuristic_wins), "ci": heuristic},
                "solver": {
                    "solved": c.solved, "lost": c.lost, "undecided": c.undecided, "nodes": c.nodes,
                    "won_rate": rate(c.solved), "won_ci": solved,
                    "upper_bound": rate(c.solved + c.undecided), "upper_ci": upper,
                },
                "seconds": started.elapsed().as_secs_f64(),
            }))?
        );
        return Ok(());
    }
    out!(
        "{}: {n} deals (seed {}), 95% Wilson intervals",
        game.spec(),
        config.seed
    );
    out!(
        "  heuristic win rate   {:6.2}%  {}  ({} won)",
        100.0 * rate(c.heuristic_wins),
        ci(heuristic),
        c.heuristic_wins
    );
    if config.limits.nodes > 0 {
        out!(
            "  clairvoyant solver (budget {} nodes per deal): {} solved, {} proven lost, {} undecided",
            config.limits.nodes,
            c.solved,
            c.lost,
            c.undecided
        );
        out!(
            "    won by the solver  {:6.2}%  {}",
            100.0 * rate(c.solved),
            ci(solved)
        );
        out!(
            "    upper bound        {:6.2}%  {}  (solved + undecided)",
            100.0 * rate(c.solved + c.undecided),
            ci(upper)
        );
    }
    out!("  {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn solve(game: &OublietteSolitaire, number: u64, limits: solver::Limits, json: bool) -> Result<()> {
    let budget = limits.nodes;
    let deal = Deal::new(number, game.config().jokers);
    let bar = Overall::counting(budget, "nodes at most", !json);
    let sol = solver::solve_watched(game, &deal, limits, &mut |n| bar.set(n));
    bar.finish();
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "game": game.spec().to_string(), "deal": number, "budget": budget,
                "verdict": sol.verdict, "nodes": sol.nodes, "line": sol.line,
            }))?
        );
        return Ok(());
    }
    out!("{} deal {number}", game.spec());
    match sol.verdict {
        Verdict::Won => {
            out!("winnable: a winning line ({} nodes searched)", sol.nodes);
            for line in line_in_words(game, &sol.line)? {
                out!("{line}");
            }
        }
        Verdict::Lost => out!("proven lost: no line wins ({} nodes searched)", sol.nodes),
        Verdict::Undecided => {
            out!("undecided: no winning line found within the budget of {budget} nodes")
        }
    }
    Ok(())
}

/// A winning line in words, one line per decision and per card drawn, each with its turn.
///
/// # Errors
/// If the line does not replay (a solver bug, reported rather than shown).
pub fn line_in_words(game: &OublietteSolitaire, line: &[Action]) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut state = game.initial_state();
    for &a in line {
        let turn = if matches!(game.actor(&state), gameshelf_engine::Actor::Player(_)) {
            Some(game.turns(&state))
        } else {
            (state.phase == gameshelf_oubliette_solitaire::Phase::Draw)
                .then(|| game.turns(&state) + 1)
        };
        if let Some(turn) = turn {
            out.push(format!(
                "  turn {turn:>3}  {}",
                game.describe_action(&state, a)
            ));
        }
        game.apply(&mut state, a)
            .context("the solver's line does not replay")?;
    }
    Ok(out)
}

/// What is known of deal `number` before it is played: the shipped verdict, in words.
pub fn deal_verdict_text(game: &OublietteSolitaire, number: u64) -> String {
    match shipped(game, number) {
        Some(v) => match v.verdict {
            Verdict::Won => format!(
                "deal {number} can be won: the solver's winning line takes {} turns",
                v.turns
            ),
            Verdict::Lost => {
                format!("deal {number} cannot be won: the solver proved that every line loses")
            }
            Verdict::Undecided => format!(
                "deal {number} is undecided: the solver neither found a winning line nor proved it lost within {} nodes",
                v.nodes
            ),
        },
        None => format!(
            "deal {number} has no shipped verdict (deals 1..={SHIPPED_DEALS} of the standard rules); `gameshelf solitaire solve --deal {number}` searches it"
        ),
    }
}

/// After a finished game of deal `number` that was not won: the solver's winning line,
/// if the deal has one (searched with the shipped verdicts' budget unless they say the
/// deal is lost or undecided; for a shipped win that budget did not find, with the retry's
/// budget that did). `None` when there is nothing to show.
///
/// # Errors
/// If the solver's line does not replay.
pub fn winning_line_after(game: &OublietteSolitaire, number: u64) -> Result<Option<Vec<String>>> {
    let budgets: &[u64] = match shipped(game, number) {
        Some(v) if v.verdict != Verdict::Won => return Ok(None),
        Some(_) => &[SHIPPED_BUDGET, SHIPPED_RETRY_BUDGET],
        None => &[SHIPPED_BUDGET],
    };
    let deal = Deal::new(number, game.config().jokers);
    for &budget in budgets {
        let sol = solver::solve(game, &deal, solver::Limits::nodes(budget));
        if sol.verdict == Verdict::Won {
            return line_in_words(game, &sol.line).map(Some);
        }
    }
    Ok(None)
}

/// Solves the deals `from..=to` on `threads` threads, a bar counting them down.
fn solve_range(
    game: &OublietteSolitaire,
    (from, to): (u64, u64),
    limits: solver::Limits,
    threads: Option<usize>,
) -> Result<Vec<solver::DealVerdict>> {
    let bar = Overall::counting(to - from + 1, "deals", true);
    let verdicts =
        pool(threads)?.install(|| solver::verdicts(game, from, to, limits, || bar.inc(1)));
    bar.finish();
    Ok(verdicts)
}

/// Writes a table to `out`, or to standard output.
fn write_table(table: &str, out: Option<&std::path::Path>) -> Result<()> {
    match out {
        Some(path) => {
            std::fs::write(path, table).with_context(|| format!("cannot write {}", path.display()))
        }
        None => {
            out!("{}", table.trim_end());
            Ok(())
        }
    }
}

/// What `solitaire deals` was asked to do.
struct DealsRun<'a> {
    game: OublietteSolitaire,
    /// The first and last deal.
    range: (u64, u64),
    limits: solver::Limits,
    threads: Option<usize>,
    /// Where the table goes (standard output when `None`).
    out: Option<&'a std::path::Path>,
}

/// `solitaire deals --winnable`: the winnable deals of FROM..=TO, easiest first.
fn winnable_deals(run: &DealsRun<'_>) -> Result<()> {
    use rayon::prelude::*;
    let (game, (from, to)) = (&run.game, run.range);
    let (limits, threads, out) = (run.limits, run.threads, run.out);
    use std::fmt::Write as _;
    let started = Instant::now();
    let from_files =
        limits.nodes == SHIPPED_BUDGET && to <= SHIPPED_DEALS && shipped(game, from).is_some();
    let verdicts: Vec<solver::DealVerdict> = if from_files {
        (from..=to).filter_map(|n| shipped(game, n)).collect()
    } else {
        solve_range(game, (from, to), limits, threads)?
    };
    let won: Vec<solver::DealVerdict> = verdicts
        .into_iter()
        .filter(|d| d.verdict == Verdict::Won)
        .collect();
    let no_budget = solver::Limits::nodes(0);
    let mut rows: Vec<Winnable> = pool(threads)?.install(|| {
        won.par_iter()
            .map(|d| Winnable {
                verdict: *d,
                heuristic: solver::odds_one(game, d.deal, no_budget).heuristic_wins > 0,
                honest: shipped_play(game, d.deal).map(|p| p.won),
            })
            .collect()
    });
    rows.sort_by_key(|w| {
        (
            std::cmp::Reverse(w.fair_wins()),
            w.verdict.nodes,
            w.verdict.deal,
        )
    });
    let mut table = format!(
        "# {} winnable deals among {from}..={to}, easiest first ({}; {SHIPPED_BOT}: the {SHIPPED_BOT} bot's shipped play of the deal, seed {SHIPPED_SEED})\ndeal\t{SHIPPED_BOT}\theuristic\tnodes\tturns\n",
        game.spec(),
        if from_files {
            "shipped verdicts"
        } else {
            "solved now"
        }
    );
    for w in &rows {
        let honest = match w.honest {
            Some(true) => "wins",
            Some(false) => "loses",
            None => "-",
        };
        let heuristic = if w.heuristic { "wins" } else { "loses" };
        let d = w.verdict;
        writeln!(
            table,
            "{}\t{honest}\t{heuristic}\t{}\t{}",
            d.deal, d.nodes, d.turns
        )?;
    }
    write_table(&table, out)?;
    let easy = rows.iter().filter(|w| w.heuristic).count();
    let played = rows.iter().filter(|w| w.honest.is_some()).count();
    let honest = rows.iter().filter(|w| w.honest == Some(true)).count();
    out!(
        "{}: {} winnable deals among {from}..={to}, {easy} of them won by the heuristic player, {honest} of {played} by the {SHIPPED_BOT} bot's shipped plays, {:.1} s",
        game.spec(),
        rows.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A winnable deal and how the fair players did on it.
struct Winnable {
    verdict: solver::DealVerdict,
    /// Whether the careful heuristic wins it (its play is deterministic).
    heuristic: bool,
    /// Whether the honest bot won its shipped play, if one is shipped.
    honest: Option<bool>,
}

impl Winnable {
    /// How many of the two fair players won the deal: the difficulty's first key (an
    /// unknown play counts as lost).
    fn fair_wins(&self) -> u8 {
        u8::from(self.heuristic) + u8::from(self.honest == Some(true))
    }
}

/// `solitaire deals`: every deal's verdict and the shares.
fn deals_table(run: &DealsRun<'_>) -> Result<()> {
    let (game, (from, to)) = (&run.game, run.range);
    let (limits, threads, out) = (run.limits, run.threads, run.out);
    let started = Instant::now();
    let verdicts = solve_range(game, (from, to), limits, threads)?;
    let seconds = started.elapsed().as_secs_f64();
    let comment = format!(
        "{} deals {from}..={to}, budget {} nodes per deal",
        game.spec(),
        limits.nodes
    );
    write_table(&verdict_file::write(&[comment], &verdicts), out)?;
    out!(
        "{}: deals {from}..={to}: {}, {seconds:.1} s",
        game.spec(),
        shares(&verdicts)
    );
    Ok(())
}

/// The counts and shares of each verdict among `verdicts`, in words.
fn shares(verdicts: &[solver::DealVerdict]) -> String {
    let total = verdicts.len().max(1) as f64;
    let count = |v: Verdict| verdicts.iter().filter(|d| d.verdict == v).count();
    let share = |v: Verdict| format!("{} ({:.2}%)", count(v), 100.0 * count(v) as f64 / total);
    format!(
        "{} won, {} proven lost, {} undecided",
        share(Verdict::Won),
        share(Verdict::Lost),
        share(Verdict::Undecided)
    )
}

/// `solitaire deals --retry FILE`: the undecided deals of FILE solved again within
/// `limits`, the file written to `out` with a comment that says so.
fn retry_deals(
    game: &OublietteSolitaire,
    file: &std::path::Path,
    limits: solver::Limits,
    threads: Option<usize>,
    out: &std::path::Path,
) -> Result<()> {
    let started = Instant::now();
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let mut verdicts = verdict_file::parse(&text)
        .with_context(|| format!("{} is no verdict file", file.display()))?;
    let mut comments: Vec<String> = verdict_file::comments(&text)
        .into_iter()
        .map(str::to_owned)
        .collect();
    let spec = game.spec().to_string();
    let made_for = comments.first().and_then(|c| c.split_whitespace().next());
    if made_for != Some(spec.as_str()) {
        bail!(
            "{} holds verdicts for {}, not for {spec}: give the --jokers and --param it was made with",
            file.display(),
            made_for.unwrap_or("rules it does not name")
        );
    }
    let undecided = verdicts
        .iter()
        .filter(|d| d.verdict == Verdict::Undecided)
        .map(|d| d.nodes)
        .max();
    if let Some(spent) = undecided.filter(|&spent| spent >= limits.nodes) {
        bail!(
            "--budget {} is not above the {spent} nodes an undecided deal of {} already had",
            limits.nodes,
            file.display()
        );
    }
    let was = shares(&verdicts);
    let to_retry = verdicts
        .iter()
        .filter(|d| d.verdict == Verdict::Undecided)
        .count();
    if to_retry == 0 {
        out!(
            "{spec}: no undecided deal in {}: nothing to solve again",
            file.display()
        );
        return Ok(());
    }
    let bar = Overall::counting(to_retry as u64, "deals", true);
    let retried = pool(threads)?
        .install(|| solver::retry_undecided(game, &mut verdicts, limits, || bar.inc(1)));
    bar.finish();
    comments.push(format!(
        "the {retried} undecided deals solved again with a budget of {} nodes per deal",
        limits.nodes
    ));
    let table = verdict_file::write(&comments, &verdicts);
    std::fs::write(out, table).with_context(|| format!("cannot write {}", out.display()))?;
    out!(
        "{}: {} deals, {retried} undecided solved again within {} nodes: was {was}; now {}, {:.1} s",
        spec,
        verdicts.len(),
        limits.nodes,
        shares(&verdicts),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
