//! Bots for every gameshelf game, chosen by name.
//!
//! Users pick bots with short specs (`random`, `heuristic`, `mcts:2000`, `mcts:200ms`,
//! `easy`, `medium`, `hard`). A [`BotSpec`] is parsed once, with an error that lists what
//! is accepted, and each game turns it into a bot through [`Roster`]. Generic bots (uniform
//! random and Monte Carlo tree search, [`mcts`]) are written once here over the engine's
//! `Game` trait; a game's heuristic lives in the game's own crate, next to the rules it
//! reasons about.
//!
//! # Levels
//!
//! The named levels are search bots with per-game budgets (see [`mcts::Level`] for the
//! table): `easy` is 100 iterations, `medium` 1,000 and `hard` 10,000 for every game today.

pub mod mcts;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use gameshelf_engine::{Bot, Game, RandomBot, limits};
use gameshelf_laissez_faire::{LaissezFaire, bot::Trader};
use gameshelf_open_oubliette::{OpenOubliette, bot::Heuristic};
use gameshelf_osbo::{Osbo, bot::Greedy};
use gameshelf_oubliette_solitaire::{OublietteSolitaire, bot::Careful};
use mcts::{Budget, Level, Mcts, MctsConfig, level_config};

/// A bot chosen by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// The game's rule-of-thumb player.
    Heuristic,
    /// Monte Carlo tree search (information-set search under hidden information):
    /// `mcts:2000` (iterations), `mcts:200ms` or `mcts:2s` (time), `@T` for `T`
    /// root-parallel threads (`mcts:1s@0`: all cores).
    Mcts {
        /// The budget per decision.
        budget: Budget,
        /// Root-parallel workers, 0 meaning all cores.
        threads: usize,
    },
    /// A named strength level of the search bot: `easy`, `medium`, `hard`.
    Level(Level),
    /// A game's own variant of its rule-of-thumb player, `heuristic:NAME` (see
    /// [`STYLES`]; [`Roster::check`] says whether a game has it).
    Style(&'static str),
}

/// The variants of rule-of-thumb players some game offers, `heuristic:NAME`, with the game
/// and a few words: Laissez-faire's `bargainer` prices to the dollar.
pub const STYLES: &[(&str, &str, &str)] = &[(
    "bargainer",
    "laissez-faire",
    "the heuristic trader pricing to the dollar",
)];

/// The bots a person picks by name (the web app's seat menu), weakest first: `random`,
/// `heuristic`, then the search levels. Each is a spec that [`BotSpec`] parses.
pub fn named() -> impl Iterator<Item = &'static str> {
    ["random", "heuristic"]
        .into_iter()
        .chain(Level::ALL.into_iter().map(Level::word))
}

/// The spec words accepted, for help and errors.
pub const ACCEPTED: &str = "random, heuristic, easy, medium, hard, mcts:N (N iterations), \
mcts:Nms or mcts:Ns (time), each mcts form optionally with @T for T threads (0: all cores), \
heuristic:bargainer (Laissez-faire)";

/// A bot spec that was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotSpecError {
    /// The spec names no bot.
    #[error("unknown bot {given:?}: expected one of {ACCEPTED}")]
    Unknown {
        /// The text given.
        given: String,
    },
    /// The spec names a bot of another game.
    #[error("bot {given:?} is not one of {game}'s: it plays {plays}")]
    OtherGame {
        /// The text given.
        given: String,
        /// The game asked for.
        game: &'static str,
        /// The game the bot plays.
        plays: &'static str,
    },
    /// A search bot asks for more than a limit of [`gameshelf_engine::limits`].
    #[error("bot {given:?} asks for {value} {what}, above the limit of {limit}")]
    OverLimit {
        /// The text given.
        given: String,
        /// What is limited, e.g. `iterations per move`.
        what: &'static str,
        /// The value asked for.
        value: u128,
        /// The limit.
        limit: u128,
    },
}

impl BotSpecError {
    /// The spec text that was refused.
    pub fn given(&self) -> &str {
        match self {
            BotSpecError::Unknown { given }
            | BotSpecError::OtherGame { given, .. }
            | BotSpecError::OverLimit { given, .. } => given,
        }
    }
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(s: &str) -> Result<Self, BotSpecError> {
        let given = s.trim();
        let spec = match given {
            "random" => BotSpec::Random,
            "heuristic" => BotSpec::Heuristic,
            other => other
                .parse()
                .map(BotSpec::Level)
                .ok()
                .or_else(|| parse_mcts(other.strip_prefix("mcts:")?))
                .or_else(|| {
                    let name = other.strip_prefix("heuristic:")?;
                    STYLES
                        .iter()
                        .find(|&&(n, ..)| n == name)
                        .map(|&(n, ..)| BotSpec::Style(n))
                })
                .ok_or_else(|| BotSpecError::Unknown {
                    given: given.to_owned(),
                })?,
        };
        match spec.over_limit() {
            Some((what, value, limit)) => Err(BotSpecError::OverLimit {
                given: given.to_owned(),
                what,
                value,
                limit,
            }),
            None => Ok(spec),
        }
    }
}

impl BotSpec {
    /// The first limit this spec exceeds, as (what, value, limit): search iterations,
    /// search time or threads (see [`gameshelf_engine::limits`]).
    fn over_limit(self) -> Option<(&'static str, u128, u128)> {
        let BotSpec::Mcts { budget, threads } = self else {
            return None;
        };
        let (what, value, limit) = match budget {
            Budget::Iterations(n) => (
                "iterations per move",
                u128::from(n),
                u128::from(limits::SEARCH_ITERATIONS),
            ),
            Budget::Time(d) => (
                "milliseconds per move",
                d.as_millis(),
                limits::SEARCH_TIME.as_millis(),
            ),
        };
        if value > limit {
            return Some((what, value, limit));
        }
        (threads > limits::THREADS).then_some(("threads", threads as u128, limits::THREADS as u128))
    }
}

/// The part of an `mcts:` spec after the colon: a positive budget and optional threads.
fn parse_mcts(text: &str) -> Option<BotSpec> {
    let (budget, threads) = match text.split_once('@') {
        Some((b, t)) => (b, t.parse().ok()?),
        None => (text, 1),
    };
    let positive = |n: &str| n.parse::<u64>().ok().filter(|&n| n > 0);
    let budget = if let Some(ms) = budget.strip_suffix("ms") {
        Budget::Time(Duration::from_millis(positive(ms)?))
    } else if let Some(secs) = budget.strip_suffix('s') {
        Budget::Time(Duration::from_secs(positive(secs)?))
    } else {
        Budget::Iterations(positive(budget)?)
    };
    Some(BotSpec::Mcts { budget, threads })
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Heuristic => f.write_str("heuristic"),
            BotSpec::Mcts { budget, threads } => {
                write!(f, "mcts:{budget}")?;
                if *threads != 1 {
                    write!(f, "@{threads}")?;
                }
                Ok(())
            }
            BotSpec::Level(level) => write!(f, "{level}"),
            BotSpec::Style(name) => write!(f, "heuristic:{name}"),
        }
    }
}

/// Parses a comma-separated list of bot specs, e.g. `heuristic,random`.
///
/// # Errors
/// [`BotSpecError`] for the first word that names no bot (an empty list included).
pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
    text.split(',').map(str::parse).collect()
}

/// [`parse_list`] for `game`: every spec is also one of its bots ([`Roster::check`]).
///
/// # Errors
/// [`BotSpecError`] for the first spec that names no bot, or another game's.
pub fn parse_list_for<G: Roster>(game: &G, text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
    parse_list(text)?
        .into_iter()
        .map(|spec| game.check(spec))
        .collect()
}

/// A game whose bots can be chosen by spec.
///
/// A game supplies only its rule-of-thumb player; random and search bots (every level)
/// are generic, so a new game gets them by implementing [`Roster::heuristic`].
pub trait Roster: Game {
    /// The game's rule-of-thumb player.
    fn heuristic(&self) -> Box<dyn Bot<Self>>;

    /// The game's variant `name` of its rule-of-thumb player ([`STYLES`]), if it has one.
    /// None by default.
    fn style(&self, _name: &str) -> Option<Box<dyn Bot<Self>>> {
        None
    }

    /// Whether this game has the bot `spec` names: every game has the generic bots, only
    /// some have a [`BotSpec::Style`].
    ///
    /// # Errors
    /// [`BotSpecError::OtherGame`] for another game's variant.
    fn check(&self, spec: BotSpec) -> Result<BotSpec, BotSpecError> {
        match spec {
            BotSpec::Style(name) if self.style(name).is_none() => {
                let plays = STYLES
                    .iter()
                    .find(|&&(n, ..)| n == name)
                    .map_or("another game", |&(_, game, _)| game);
                Err(BotSpecError::OtherGame {
                    given: spec.to_string(),
                    game: self.info().id,
                    plays,
                })
            }
            spec => Ok(spec),
        }
    }

    /// A new bot of this kind for this game (a variant it lacks, which [`Roster::check`]
    /// refuses, plays as its heuristic).
    fn bot(&self, spec: BotSpec) -> Box<dyn Bot<Self>> {
        let config = match spec {
            BotSpec::Random => return Box::new(RandomBot::<Self>::default()),
            BotSpec::Heuristic => return self.heuristic(),
            BotSpec::Style(name) => return self.style(name).unwrap_or_else(|| self.heuristic()),
            BotSpec::Mcts { budget, threads } => MctsConfig {
                threads,
                ..MctsConfig::with_budget(budget)
            },
            BotSpec::Level(level) => level_config(self.info().id, level),
        };
        Box::new(Mcts::new(config).named(spec.to_string()))
    }
}

impl Roster for OpenOubliette {
    fn heuristic(&self) -> Box<dyn Bot<Self>> {
        Box::new(Heuristic::default())
    }
}

impl Roster for Osbo {
    fn heuristic(&self) -> Box<dyn Bot<Self>> {
        Box::new(Greedy::default())
    }
}

impl Roster for OublietteSolitaire {
    fn heuristic(&self) -> Box<dyn Bot<Self>> {
        Box::new(Careful::default())
    }
}

impl Roster for LaissezFaire {
    fn heuristic(&self) -> Box<dyn Bot<Self>> {
        Box::new(Trader::default())
    }

    fn style(&self, name: &str) -> Option<Box<dyn Bot<Self>>> {
        (name == "bargainer").then(|| Box::new(Trader::bargainer()) as Box<dyn Bot<Self>>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_bot_is_a_spec_that_prints_as_its_name() {
        let named: Vec<&str> = named().collect();
        assert_eq!(named, ["random", "heuristic", "easy", "medium", "hard"]);
        for name in named {
            assert_eq!(name.parse::<BotSpec>().unwrap().to_string(), name);
        }
    }

    #[test]
    fn a_game_s_own_bot_is_named_after_its_heuristic_and_refused_by_other_games() {
        let spec: BotSpec = "heuristic:bargainer".parse().unwrap();
        assert_eq!(spec, BotSpec::Style("bargainer"));
        assert_eq!(spec.to_string(), "heuristic:bargainer");
        let lf = LaissezFaire::from_spec(&"laissez-faire".parse().unwrap()).unwrap();
        assert_eq!(lf.check(spec), Ok(spec));
        assert_eq!(lf.bot(spec).name(), "heuristic:bargainer");
        let osbo = Osbo::default();
        let e = osbo.check(spec).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bot \"heuristic:bargainer\" is not one of osbo's: it plays laissez-faire"
        );
        assert!(matches!(
            "heuristic:genius".parse::<BotSpec>(),
            Err(BotSpecError::Unknown { .. })
        ));
    }

    #[test]
    fn specs_parse_and_print() {
        assert_eq!("heuristic".parse::<BotSpec>(), Ok(BotSpec::Heuristic));
        assert_eq!(
            parse_list("random,heuristic").unwrap(),
            vec![BotSpec::Random, BotSpec::Heuristic]
        );
        assert_eq!(BotSpec::Random.to_string(), "random");
        let e = parse_list("random,genius").unwrap_err();
        assert_eq!(e.given(), "genius");
        assert!(
            e.to_string()
                .starts_with("unknown bot \"genius\": expected one of random, heuristic, easy"),
            "{e}"
        );
        assert!(parse_list("").is_err());
    }

    #[test]
    fn search_specs_parse_and_print() {
        let mcts = |budget, threads| BotSpec::Mcts { budget, threads };
        let cases = [
            ("mcts:2000", mcts(Budget::Iterations(2000), 1), "mcts:2000"),
            (
                "mcts:200ms",
                mcts(Budget::Time(Duration::from_millis(200)), 1),
                "mcts:200ms",
            ),
            (
                "mcts:2s",
                mcts(Budget::Time(Duration::from_secs(2)), 1),
                "mcts:2000ms",
            ),
            ("mcts:500@0", mcts(Budget::Iterations(500), 0), "mcts:500@0"),
            ("hard", BotSpec::Level(Level::Hard), "hard"),
        ];
        for (text, spec, shown) in cases {
            assert_eq!(text.parse::<BotSpec>(), Ok(spec), "{text}");
            assert_eq!(spec.to_string(), shown);
            assert_eq!(shown.parse::<BotSpec>(), Ok(spec), "{shown}");
        }
        for bad in [
            "mcts",
            "mcts:",
            "mcts:0",
            "mcts:-5",
            "mcts:0ms",
            "mcts:fast",
            "mcts:10@x",
            "expert",
        ] {
            assert_eq!(
                bad.parse::<BotSpec>().unwrap_err().given(),
                bad,
                "{bad} should be refused"
            );
        }
    }

    /// `mcts:10@1000000` once started a million threads per move.
    #[test]
    fn search_specs_above_the_limits_are_refused_with_the_limit_named() {
        let refused = |text: &str| text.parse::<BotSpec>().unwrap_err().to_string();
        let e = refused("mcts:10@1000000");
        assert!(e.contains("1000000 threads, above the limit of 256"), "{e}");
        let e = refused("mcts:1000001");
        assert!(
            e.contains("iterations per move, above the limit of 1000000"),
            "{e}"
        );
        let e = refused("mcts:61s");
        assert!(
            e.contains("61000 milliseconds per move, above the limit of 60000"),
            "{e}"
        );
        assert!(refused("mcts:18446744073709551615s").contains("limit"));
        assert!("mcts:1000000@256".parse::<BotSpec>().is_ok());
        assert!("mcts:60s".parse::<BotSpec>().is_ok());
    }

    #[test]
    fn roster_bots_have_their_names() {
        let game = OpenOubliette::default();
        assert_eq!(game.bot(BotSpec::Random).name(), "random");
        assert_eq!(game.bot(BotSpec::Heuristic).name(), "heuristic");
        assert_eq!(game.bot("mcts:200ms".parse().unwrap()).name(), "mcts:200ms");
        assert_eq!(
            Osbo::default().bot(BotSpec::Level(Level::Easy)).name(),
            "easy"
        );
    }
}
