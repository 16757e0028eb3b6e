//! `gameshelf games`: the games and their variant parameters.

use anyhow::Result;
use gameshelf_shelf::catalogue;
use serde_json::json;

use crate::args::GamesArgs;

pub fn run(args: &GamesArgs) -> Result<()> {
    let playable = catalogue();
    if args.json {
        let games: Vec<_> = playable
            .iter()
            .map(|info| {
                json!({
                    "id": info.id,
                    "name": info.name,
                    "credit": info.credit,
                    "players": [info.min_players, info.max_players],
                    "params": info.params.iter().map(|p| json!({
                        "name": p.name, "accepts": p.kind.describe(), "default": p.default, "doc": p.doc,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({ "games": games }))?
        );
        return Ok(());
    }
    for info in &playable {
        out!(
            "{}  {} ({} to {} players), by {}",
            info.id,
            info.name,
            info.min_players,
            info.max_players,
            info.credit
        );
        for p in info.params {
            out!(
                "    {:<22} default {:<12} {}; accepts {}",
                p.name,
                p.default,
                p.doc,
                p.kind.describe()
            );
        }
        out!();
    }
    Ok(())
}
