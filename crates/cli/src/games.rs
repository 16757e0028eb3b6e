//! `gameshelf games`: the games and their variant parameters.

use anyhow::Result;
use gameshelf_engine::Game;
use gameshelf_laissez_faire::LaissezFaire;
use gameshelf_open_oubliette::OpenOubliette;
use gameshelf_osbo::Osbo;
use gameshelf_oubliette_solitaire::OublietteSolitaire;
use serde_json::json;

use crate::args::GamesArgs;
use crate::shelf::GAME_IDS;

pub fn run(args: &GamesArgs) -> Result<()> {
    let playable = [
        OpenOubliette::default().info().clone(),
        Osbo::default().info().clone(),
        OublietteSolitaire::default().info().clone(),
        LaissezFaire::default().info().clone(),
    ];
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
    let planned: Vec<_> = GAME_IDS
        .iter()
        .filter(|id| playable.iter().all(|i| i.id != **id))
        .collect();
    if !planned.is_empty() {
        out!(
            "planned: {}",
            planned
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}
