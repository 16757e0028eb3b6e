//! Play Open Oubliette against two heuristic bots:
//!
//!     cargo run -p gameshelf-terminal --example play_oubliette -- [--line] [--step] [--seed N] [--save FILE]

use gameshelf_engine::GameSpec;
use gameshelf_open_oubliette::OpenOubliette;
use gameshelf_open_oubliette::bot::Heuristic;
use gameshelf_terminal::{Mode, PlayOptions, Player, open_oubliette};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let seed = value("--seed").map_or(Ok(7), |s| s.parse())?;
    let spec: GameSpec = "open-oubliette(players=3)".parse()?;
    let game = OpenOubliette::from_spec(&spec)?;
    let options = PlayOptions {
        seed,
        mode: if args.iter().any(|a| a == "--line") {
            Mode::Line
        } else {
            Mode::Screen
        },
        names: vec![
            "you".to_owned(),
            "heuristic".to_owned(),
            "heuristic".to_owned(),
        ],
        step: args.iter().any(|a| a == "--step"),
        save: value("--save").map(Into::into),
        ..PlayOptions::default()
    };
    let players = vec![
        Player::Human,
        Player::Bot(Box::new(Heuristic::default())),
        Player::Bot(Box::new(Heuristic::default())),
    ];
    let played = open_oubliette::play(&game, players, &options)?;
    println!("{} actions played", played.record.actions.len());
    Ok(())
}
