//! The game a command names, from its options, built by the shared registry
//! ([`gameshelf_shelf`]).

use anyhow::{Result, bail};
use gameshelf_engine::GameSpec;
pub use gameshelf_shelf::Shelf;

use crate::args::GameArgs;

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

/// Builds the game from command-line options.
pub fn from_args(args: &GameArgs, mode: Option<&str>) -> Result<Shelf> {
    Ok(Shelf::build(
        &spec_from_args(args, mode)?,
        args.data.as_deref(),
    )?)
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
}
