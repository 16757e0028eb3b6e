//! `gameshelf play`: a game in the terminal.

use std::fs;
use std::io::IsTerminal;

use anyhow::{Context, Result, bail};
use gameshelf_ai::{BotSpec, Roster, parse_list};
use gameshelf_engine::Record;
use gameshelf_terminal::{Mode, PlayOptions, Player};

use crate::args::PlayArgs;
use crate::shelf::{self, Shelf};

pub fn run(args: &PlayArgs) -> Result<()> {
    let shelf = shelf::from_args(&args.game, None)?;
    if args.deal.is_some() && !matches!(shelf, Shelf::OublietteSolitaire(_)) {
        bail!("--deal is only accepted by oubliette-solitaire (numbered deals)");
    }
    match shelf {
        Shelf::OpenOubliette(game) => {
            let (players, names) = seats(&game, &args.bots)?;
            let record =
                gameshelf_terminal::open_oubliette::play(&game, players, &options(args, names))?;
            save(args, &record)
        }
        Shelf::Osbo(game) => {
            let (players, names) = seats(&game, &args.bots)?;
            let record = gameshelf_terminal::osbo::play(&game, players, &options(args, names))?;
            save(args, &record)
        }
        Shelf::LaissezFaire(game) => {
            let (players, names) = seats(&game, &args.bots)?;
            let record =
                gameshelf_terminal::laissez_faire::play(&game, players, &options(args, names))?;
            save(args, &record)
        }
        Shelf::OublietteSolitaire(game) => {
            let (mut players, names) = seats(&game, &args.bots)?;
            let player = players.pop().expect("one seat");
            let record = gameshelf_terminal::oubliette_solitaire::play(
                &game,
                player,
                &options(args, names),
                args.deal,
            )?;
            save(args, &record)
        }
    }
}

/// People in the first seats, bots in the last ones.
fn seats<G: Roster>(game: &G, bots: &str) -> Result<(Vec<Player<G>>, Vec<String>)> {
    let n = game.num_players();
    let specs: Vec<BotSpec> = match bots.trim().parse::<i64>() {
        Ok(k) if k < 0 || k as usize > n => {
            bail!("--bots {k} is not accepted: expected 0 to {n} bots for {n} players")
        }
        Ok(k) => vec![BotSpec::Heuristic; k as usize],
        Err(_) => parse_list(bots)?,
    };
    if specs.len() > n {
        bail!(
            "--bots lists {} bots but the game has {n} seats",
            specs.len()
        );
    }
    let humans = n - specs.len();
    let mut players = Vec::new();
    let mut names = Vec::new();
    for i in 0..humans {
        players.push(Player::Human);
        names.push(if humans == 1 {
            "you".to_owned()
        } else {
            format!("player {}", i + 1)
        });
    }
    for s in specs {
        players.push(Player::Bot(game.bot(s)));
        names.push(s.to_string());
    }
    Ok((players, names))
}

fn options(args: &PlayArgs, names: Vec<String>) -> PlayOptions {
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    PlayOptions {
        seed: args.seed.unwrap_or_else(seed_from_clock),
        mode: if args.line || !tty {
            Mode::Line
        } else {
            Mode::Screen
        },
        names,
        step: args.step,
    }
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn save<A: serde::Serialize + serde::de::DeserializeOwned>(
    args: &PlayArgs,
    record: &Record<A>,
) -> Result<()> {
    if let Some(path) = &args.save {
        fs::write(path, record.to_json())
            .with_context(|| format!("cannot write the record to {}", path.display()))?;
        eprintln!("record saved to {}", path.display());
    }
    Ok(())
}
