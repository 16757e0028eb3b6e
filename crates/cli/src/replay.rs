//! `gameshelf replay`: verify or step through a game record.

use anyhow::{Context, Result, bail};
use gameshelf_engine::{Record, escape_controls, read_header, read_record};
use gameshelf_shelf::{Shelved, Visitor};
use gameshelf_terminal::replay::{browse, print, steps};
use serde_json::json;

use crate::args::ReplayArgs;
use crate::shelf::Shelf;

pub fn run(args: &ReplayArgs) -> Result<()> {
    let text = read_record(&args.file)?;
    let header = read_header(&text)
        .with_context(|| format!("{} is not a valid record", args.file.display()))?;
    let spec = header
        .game
        .parse()
        .with_context(|| format!("{}: bad game string", args.file.display()))?;
    let shelf = Shelf::build(&spec, args.data.as_deref())?;
    if let Some(dir) = &args.svg {
        return crate::osbo::write_record_svgs(&shelf, &text, &args.file, dir, args.at);
    }
    shelf.visit(Replay { text: &text, args })
}

struct Replay<'a> {
    text: &'a str,
    args: &'a ReplayArgs,
}

impl Visitor for Replay<'_> {
    type Output = Result<()>;
    fn visit<G: Shelved>(self, game: &G) -> Result<()> {
        replay(game, self.text, self.args)
    }
}

fn replay<G: Shelved>(game: &G, text: &str, args: &ReplayArgs) -> Result<()> {
    let file = args.file.display();
    let record = Record::<G::Action>::from_json(text)
        .with_context(|| format!("{file} is not a valid record"))?;
    let viewer = match args.seat {
        None => None,
        Some(n) if (1..=game.num_players() as u64).contains(&n) => Some(n as usize - 1),
        Some(n) => bail!(
            "--seat {n} is not accepted: the game has seats 1 to {}",
            game.num_players()
        ),
    };
    let end = record
        .replay(game)
        .with_context(|| format!("{file} does not replay"))?;
    if args.step && !args.json {
        let steps = steps(game, &game.presenter(), &record, viewer)
            .with_context(|| format!("{file} does not replay"))?;
        let title = format!("{file} ({})", record.game);
        if !browse(&title, &steps)? {
            let mut text = Vec::new();
            print(&steps, &mut text)?;
            out!("{}", String::from_utf8_lossy(&text).trim_end());
        }
    }
    let finished = game.is_terminal(&end);
    let returns = game.returns(&end);
    if args.json {
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "file": file.to_string(), "game": record.game, "actions": record.actions.len(),
                "valid": true, "finished": finished, "turns": game.turns(&end),
                "end": if finished { Some(game.end_kind(&end)) } else { None },
                "returns": returns.as_slice(),
            }))?
        );
        return Ok(());
    }
    out!(
        "{file}: valid record of {} with {} actions over {} turns",
        record.game,
        record.actions.len(),
        game.turns(&end)
    );
    if finished {
        let seats = &record.seats;
        for (i, r) in returns.as_slice().iter().enumerate() {
            let who = seats
                .get(i)
                .map_or("?".into(), |name| escape_controls(name));
            out!("  seat {} ({who}): {r}", i + 1);
        }
        out!("  ended by: {}", game.end_kind(&end));
    } else {
        out!("  the game is not finished (saved mid-game)");
    }
    Ok(())
}
