//! Bots for every gameshelf game, chosen by name.
//!
//! Users pick bots with short specs (`random`, `heuristic`; search bots will add specs
//! such as `mcts:2000`). A [`BotSpec`] is parsed once, with an error that lists what is
//! accepted, and each game turns it into a bot through [`Roster`]. Generic bots (uniform
//! random today, tree search later) are written once here over the engine's `Game` trait;
//! a game's heuristic lives in the game's own crate, next to the rules it reasons about.

use std::fmt;
use std::str::FromStr;

use gameshelf_engine::{Bot, Game, RandomBot};
use gameshelf_open_oubliette::{OpenOubliette, bot::Heuristic};

/// A bot chosen by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// The game's rule-of-thumb player.
    Heuristic,
}

/// The spec words accepted, for help and errors.
pub const ACCEPTED: &str = "random, heuristic";

/// A bot spec that names no bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {given:?}: expected one of {ACCEPTED}")]
pub struct BotSpecError {
    /// The text given.
    pub given: String,
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(s: &str) -> Result<Self, BotSpecError> {
        match s.trim() {
            "random" => Ok(BotSpec::Random),
            "heuristic" => Ok(BotSpec::Heuristic),
            other => Err(BotSpecError {
                given: other.to_owned(),
            }),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotSpec::Random => "random",
            BotSpec::Heuristic => "heuristic",
        })
    }
}

/// Parses a comma-separated list of bot specs, e.g. `heuristic,random`.
///
/// # Errors
/// [`BotSpecError`] for the first word that names no bot (an empty list included).
pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
    text.split(',').map(str::parse).collect()
}

/// A game whose bots can be chosen by spec.
pub trait Roster: Game {
    /// A new bot of this kind for this game.
    fn bot(&self, spec: BotSpec) -> Box<dyn Bot<Self>>;
}

impl Roster for OpenOubliette {
    fn bot(&self, spec: BotSpec) -> Box<dyn Bot<Self>> {
        match spec {
            BotSpec::Random => Box::new(RandomBot::<Self>::default()),
            BotSpec::Heuristic => Box::new(Heuristic::default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print() {
        assert_eq!("heuristic".parse::<BotSpec>(), Ok(BotSpec::Heuristic));
        assert_eq!(
            parse_list("random,heuristic").unwrap(),
            vec![BotSpec::Random, BotSpec::Heuristic]
        );
        assert_eq!(BotSpec::Random.to_string(), "random");
        let e = parse_list("random,genius").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown bot \"genius\": expected one of random, heuristic"
        );
        assert!(parse_list("").is_err());
    }

    #[test]
    fn roster_bots_have_their_names() {
        let game = OpenOubliette::default();
        assert_eq!(game.bot(BotSpec::Random).name(), "random");
        assert_eq!(game.bot(BotSpec::Heuristic).name(), "heuristic");
    }
}
