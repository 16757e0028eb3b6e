//! The games this binary knows, as one enum at the edge (the library crates are generic).

use std::path::Path;

use anyhow::{Context, Result, bail};
use gameshelf_engine::{GameSpec, SpecError};
use gameshelf_laissez_faire::LaissezFaire;
use gameshelf_open_oubliette::OpenOubliette;
use gameshelf_osbo::Osbo;
use gameshelf_oubliette_solitaire::OublietteSolitaire;

use crate::args::GameArgs;

/// Every game id of the product, in the order they are listed.
pub const GAME_IDS: [&str; 4] = [
    "open-oubliette",
    "oubliette-solitaire",
    "osbo",
    "laissez-faire",
];

/// A configured game.
// Built once per command and never moved in a loop: boxing the larger games buys nothing.
#[allow(clippy::large_enum_variant)]
pub enum Shelf {
    /// Open Oubliette.
    OpenOubliette(OpenOubliette),
    /// Osbo.
    Osbo(Osbo),
    /// Oubliette (solitaire).
    OublietteSolitaire(OublietteSolitaire),
    /// Laissez-faire.
    LaissezFaire(LaissezFaire),
}

/// The game string with the options that set parameters folded in.
pub fn spec_from_args(args: &GameArgs, mode: Option<&str>) -> Result<GameSpec> {
    let mut spec: GameSpec = args.game.parse()?;
    let mut set = |name: &str, value: String, from: &str| -> Result<()> {
        if let Some((_, old)) = spec.params.iter().find(|(n, _)| n == name) {
            if *old != value {
                bail!(
                    "{name} is given twice: {name}={old} in the game string and {value} in {from}"
                );
            }
        }
        spec = std::mem::replace(&mut spec, GameSpec::new("")).with(name, value);
        Ok(())
    };
    if let Some(p) = args.players {
        set("players", p.to_string(), "--players")?;
    }
    if let Some(m) = mode {
        set("mode", m.to_owned(), "--mode")?;
    }
    for p in &args.params {
        let Some((name, value)) = p.split_once('=') else {
            bail!("--param {p:?} is not accepted: expected NAME=VALUE, e.g. --param edition=blog");
        };
        set(name.trim(), value.trim().to_owned(), "--param")?;
    }
    Ok(spec)
}

/// Builds the game named by `spec`, with card data from `data` if given.
pub fn build(spec: &GameSpec, data: Option<&Path>) -> Result<Shelf> {
    match spec.id.as_str() {
        "open-oubliette" => {
            let game = match data {
                Some(dir) => OpenOubliette::from_spec_and_dir(spec, dir)
                    .with_context(|| format!("cannot use the card data in {}", dir.display()))?,
                None => OpenOubliette::from_spec(spec)?,
            };
            Ok(Shelf::OpenOubliette(game))
        }
        "osbo" => {
            if data.is_some() {
                bail!("osbo has no card data: --data is not accepted");
            }
            Ok(Shelf::Osbo(Osbo::from_spec(spec)?))
        }
        "oubliette-solitaire" => {
            if data.is_some() {
                bail!("oubliette-solitaire has no card data: --data is not accepted");
            }
            Ok(Shelf::OublietteSolitaire(OublietteSolitaire::from_spec(
                spec,
            )?))
        }
        "laissez-faire" => {
            let game = match data {
                // A board file, or a folder holding `board.toml`.
                Some(path) => {
                    let file = if path.is_dir() {
                        path.join("board.toml")
                    } else {
                        path.to_path_buf()
                    };
                    LaissezFaire::from_spec_and_board(spec, &file)
                        .with_context(|| format!("cannot use the board file {}", file.display()))?
                }
                None => LaissezFaire::from_spec(spec)?,
            };
            Ok(Shelf::LaissezFaire(game))
        }
        id if GAME_IDS.contains(&id) => {
            bail!(
                "{id} is not playable in this version yet; playable games: open-oubliette, osbo, oubliette-solitaire, laissez-faire"
            )
        }
        other => Err(SpecError::UnknownGame {
            given: other.to_owned(),
            known: GAME_IDS.iter().map(|s| (*s).to_owned()).collect(),
        }
        .into()),
    }
}

/// Builds the game from command-line options.
pub fn from_args(args: &GameArgs, mode: Option<&str>) -> Result<Shelf> {
    build(&spec_from_args(args, mode)?, args.data.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: &str) -> GameArgs {
        GameArgs {
            game: game.to_owned(),
            players: None,
            params: Vec::new(),
            data: None,
        }
    }

    #[test]
    fn options_fold_into_the_game_string() {
        let mut a = args("open-oubliette(edition=blog)");
        a.players = Some(3);
        a.params.push("open_hands=true".to_owned());
        let spec = spec_from_args(&a, Some("jail")).unwrap();
        assert_eq!(
            spec.to_string(),
            "open-oubliette(edition=blog,players=3,mode=jail,open_hands=true)"
        );
    }

    #[test]
    fn conflicting_values_are_refused() {
        let mut a = args("open-oubliette(players=2)");
        a.players = Some(3);
        let e = spec_from_args(&a, None).unwrap_err().to_string();
        assert!(e.contains("players is given twice"), "{e}");
    }

    #[test]
    fn unknown_and_unavailable_games_say_what_is_accepted() {
        let e = from_args(&args("chess"), None).err().unwrap().to_string();
        assert!(
            e.contains("known games: open-oubliette, oubliette-solitaire, osbo, laissez-faire"),
            "{e}"
        );
        assert!(matches!(
            from_args(&args("laissez-faire"), None),
            Ok(Shelf::LaissezFaire(_))
        ));
        let e = from_args(&args("open-oubliette(players=0)"), None)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("from 1 to 6"), "{e}");
    }
}
