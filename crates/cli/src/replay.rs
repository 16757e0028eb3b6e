//! `gameshelf replay`: verify or step through a game record.

use std::fs;

use anyhow::{Context, Result};
use gameshelf_engine::{Actor, Game, Record, read_header};
use gameshelf_terminal::with_text;
use serde_json::json;

use crate::args::ReplayArgs;
use crate::shelf::{self, Shelf};

pub fn run(args: &ReplayArgs) -> Result<()> {
    let text = fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let header = read_header(&text)
        .with_context(|| format!("{} is not a valid record", args.file.display()))?;
    let spec = header
        .game
        .parse()
        .with_context(|| format!("{}: bad game string", args.file.display()))?;
    match shelf::build(&spec, args.data.as_deref())? {
        Shelf::OpenOubliette(game) => replay(&game, &text, args),
        Shelf::Osbo(game) => replay(&game, &text, args),
        Shelf::OublietteSolitaire(game) => replay(&game, &text, args),
        Shelf::LaissezFaire(game) => replay(&game, &text, args),
    }
}

fn replay<G: Game>(game: &G, text: &str, args: &ReplayArgs) -> Result<()> {
    let file = args.file.display();
    let record = Record::<G::Action>::from_json(text)
        .with_context(|| format!("{file} is not a valid record"))?;
    let step = args.step && !args.json;
    // Text `i` belongs to the `i`-th action that writes one; a record without them (older,
    // or cut short) shows none.
    let mut texts = record.texts.iter();
    let end = record
        .replay_with(game, |index, before, action| {
            if step {
                let who = match game.actor(before) {
                    Actor::Player(p) => format!("seat {}", p + 1),
                    Actor::Chance => "chance".to_owned(),
                    Actor::Terminal => "-".to_owned(),
                };
                // turns() counts the turn in progress; 0 is the set-up before the first turn.
                let turn = match game.turns(before) {
                    0 => "setup".to_owned(),
                    t => format!("turn {t}"),
                };
                let mut move_text = game.describe_action(before, action);
                if game.writes_text(before, action) {
                    let text = texts.next().map_or("", String::as_str);
                    move_text = with_text(&move_text, text);
                }
                out!("{index:>5}  {turn:<9}  {who:<8} {move_text}");
            }
        })
        .with_context(|| format!("{file} does not replay"))?;
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
            let who = seats.get(i).map(String::as_str).unwrap_or("?");
            out!("  seat {} ({who}): {r}", i + 1);
        }
        out!("  ended by: {}", game.end_kind(&end));
    } else {
        out!("  the game is not finished (saved mid-game)");
    }
    Ok(())
}
