//! The registry of gameshelf's games, shared by every front end (the command line, the
//! terminal, the server).
//!
//! The library crates are generic over [`Game`]; a front end meets the games as one value,
//! [`Shelf`], built from a game string. Everything a front end needs of a game besides its
//! rules hangs off one trait, [`Shelved`]: its bots (through [`Roster`]), its words (its
//! [`Presenter`]) and its simulation figures (its [`Tally`]). Generic code is written once, as
//! a [`Visitor`], and [`Shelf::visit`] calls it with the configured game:
//!
//! ```
//! use gameshelf_engine::Game;
//! use gameshelf_shelf::{Shelf, Shelved, Visitor};
//!
//! struct Seats;
//! impl Visitor for Seats {
//!     type Output = usize;
//!     fn visit<G: Shelved>(self, game: &G) -> usize {
//!         game.num_players()
//!     }
//! }
//!
//! let shelf = Shelf::build(&"osbo(players=3)".parse().unwrap(), None).unwrap();
//! assert_eq!(shelf.visit(Seats), 3);
//! ```
//!
//! Adding a game touches its own crate (rules, bot, words, tally) and one entry here: a
//! variant of [`Shelf`], its id in [`GAME_IDS`], an arm of [`Shelf::build`] and of
//! [`Shelf::visit`], and its [`Shelved`] impl.

use std::path::{Path, PathBuf};

use gameshelf_ai::Roster;
use gameshelf_engine::{Game, GameInfo, GameSpec, Presenter, SpecError, Tally};
use gameshelf_laissez_faire::LaissezFaire;
use gameshelf_laissez_faire::present::LaissezFairePresenter;
use gameshelf_laissez_faire::tally::LaissezFaireTally;
use gameshelf_open_oubliette::OpenOubliette;
use gameshelf_open_oubliette::present::OubliettePresenter;
use gameshelf_open_oubliette::tally::OublietteTally;
use gameshelf_osbo::Osbo;
use gameshelf_osbo::present::OsboPresenter;
use gameshelf_osbo::tally::OsboTally;
use gameshelf_oubliette_solitaire::OublietteSolitaire;
use gameshelf_oubliette_solitaire::present::SolitairePresenter;
use gameshelf_oubliette_solitaire::tally::SolitaireTally;
use serde::de::DeserializeOwned;

/// Every game id of the product, in the order they are listed.
pub const GAME_IDS: [&str; 4] = [
    "open-oubliette",
    "oubliette-solitaire",
    "osbo",
    "laissez-faire",
];

/// A game on the shelf: its bots, its words and its simulation figures.
pub trait Shelved: Roster {
    /// The game's own figures in simulation reports (readable back, so that the partial
    /// figures of a sharded run can be merged).
    type Tally: Tally<Self> + DeserializeOwned;
    /// The game's words for people, shared by every front end.
    type Presenter: Presenter<Self> + Default + Copy + Send + Sync + 'static;

    /// The game's words.
    fn presenter(&self) -> Self::Presenter {
        Self::Presenter::default()
    }

    /// This game inside `shelf`, if `shelf` holds this game (of any configuration): lets
    /// generic code that holds one game take a second configuration of it.
    fn unshelve(shelf: &Shelf) -> Option<&Self>;
}

impl Shelved for OpenOubliette {
    type Tally = OublietteTally;
    type Presenter = OubliettePresenter;

    fn unshelve(shelf: &Shelf) -> Option<&Self> {
        match shelf {
            Shelf::OpenOubliette(game) => Some(game),
            _ => None,
        }
    }
}

impl Shelved for OublietteSolitaire {
    type Tally = SolitaireTally;
    type Presenter = SolitairePresenter;

    fn unshelve(shelf: &Shelf) -> Option<&Self> {
        match shelf {
            Shelf::OublietteSolitaire(game) => Some(game),
            _ => None,
        }
    }
}

impl Shelved for Osbo {
    type Tally = OsboTally;
    type Presenter = OsboPresenter;

    fn unshelve(shelf: &Shelf) -> Option<&Self> {
        match shelf {
            Shelf::Osbo(game) => Some(game),
            _ => None,
        }
    }
}

impl Shelved for LaissezFaire {
    type Tally = LaissezFaireTally;
    type Presenter = LaissezFairePresenter;

    fn unshelve(shelf: &Shelf) -> Option<&Self> {
        match shelf {
            Shelf::LaissezFaire(game) => Some(game),
            _ => None,
        }
    }
}

/// Code written once for every game: [`Shelf::visit`] calls [`Visitor::visit`] with the
/// configured game.
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Does the work for one game.
    fn visit<G: Shelved>(self, game: &G) -> Self::Output;
}

/// Why a game could not be built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShelfError {
    /// The game string names no game, or a parameter is wrong.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Rules data was given to a game that has none.
    #[error("{id} has no rules data files: --data is not accepted")]
    NoData {
        /// The game's id.
        id: &'static str,
    },
    /// The rules data (decks, board) could not be used.
    #[error("cannot use the rules data in {path}")]
    Data {
        /// The file or folder given.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// A configured game.
// Built once per command or table and never moved in a loop: boxing the larger games buys
// nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
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

impl Shelf {
    /// Builds the game named by `spec`, with its rules data from `data` if given: a folder of
    /// deck files for Open Oubliette, a board file (or a folder holding `board.toml`) for
    /// Laissez-faire. By default each game uses its standard data.
    ///
    /// # Errors
    /// [`ShelfError::Spec`] for an unknown game or a bad parameter (the message says what
    /// is accepted), [`ShelfError::NoData`] when `data` is given to a game without data
    /// files, [`ShelfError::Data`] when the data cannot be used.
    pub fn build(spec: &GameSpec, data: Option<&Path>) -> Result<Shelf, ShelfError> {
        use gameshelf_laissez_faire::ConfigError as LfError;
        use gameshelf_open_oubliette::ConfigError as OoError;
        let data_error =
            |path: &Path, source: Box<dyn std::error::Error + Send + Sync>| ShelfError::Data {
                path: path.to_path_buf(),
                source,
            };
        match spec.id.as_str() {
            "open-oubliette" => {
                let game = match data {
                    Some(dir) => OpenOubliette::from_spec_and_dir(spec, dir),
                    None => OpenOubliette::from_spec(spec),
                };
                match game {
                    Ok(game) => Ok(Shelf::OpenOubliette(game)),
                    Err(OoError::Spec(e)) => Err(e.into()),
                    Err(e) => Err(data_error(data.unwrap_or(Path::new("")), Box::new(e))),
                }
            }
            "osbo" => match data {
                Some(_) => Err(ShelfError::NoData { id: "osbo" }),
                None => Ok(Shelf::Osbo(Osbo::from_spec(spec)?)),
            },
            "oubliette-solitaire" => match data {
                Some(_) => Err(ShelfError::NoData {
                    id: "oubliette-solitaire",
                }),
                None => Ok(Shelf::OublietteSolitaire(OublietteSolitaire::from_spec(
                    spec,
                )?)),
            },
            "laissez-faire" => {
                // A board file, or a folder holding `board.toml`.
                let file = data.map(|path| {
                    if path.is_dir() {
                        path.join("board.toml")
                    } else {
                        path.to_path_buf()
                    }
                });
                let game = match &file {
                    Some(file) => LaissezFaire::from_spec_and_board(spec, file),
                    None => LaissezFaire::from_spec(spec),
                };
                match game {
                    Ok(game) => Ok(Shelf::LaissezFaire(game)),
                    Err(LfError::Spec(e)) => Err(e.into()),
                    Err(e) => Err(data_error(
                        file.as_deref().unwrap_or(Path::new("")),
                        Box::new(e),
                    )),
                }
            }
            other => Err(SpecError::UnknownGame {
                given: other.to_owned(),
                known: GAME_IDS.iter().map(|s| (*s).to_owned()).collect(),
            }
            .into()),
        }
    }

    /// Runs `visitor` on the configured game.
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        match self {
            Shelf::OpenOubliette(game) => visitor.visit(game),
            Shelf::Osbo(game) => visitor.visit(game),
            Shelf::OublietteSolitaire(game) => visitor.visit(game),
            Shelf::LaissezFaire(game) => visitor.visit(game),
        }
    }

    /// The game's metadata.
    pub fn info(&self) -> &GameInfo {
        match self {
            Shelf::OpenOubliette(game) => game.info(),
            Shelf::Osbo(game) => game.info(),
            Shelf::OublietteSolitaire(game) => game.info(),
            Shelf::LaissezFaire(game) => game.info(),
        }
    }

    /// The canonical game string of the configuration.
    pub fn spec(&self) -> GameSpec {
        match self {
            Shelf::OpenOubliette(game) => game.spec(),
            Shelf::Osbo(game) => game.spec(),
            Shelf::OublietteSolitaire(game) => game.spec(),
            Shelf::LaissezFaire(game) => game.spec(),
        }
    }
}

/// The metadata of every game, in the order of [`GAME_IDS`]: ids, names, credits, player
/// counts and variant parameters with their defaults and meanings.
pub fn catalogue() -> Vec<GameInfo> {
    GAME_IDS
        .iter()
        .map(|id| {
            let spec = GameSpec::new(*id);
            let shelf = Shelf::build(&spec, None).expect("every listed game builds by its id");
            shelf.info().clone()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl Visitor for Id {
        type Output = &'static str;
        fn visit<G: Shelved>(self, game: &G) -> &'static str {
            game.info().id
        }
    }

    #[test]
    fn every_listed_id_builds_and_visits_its_own_game() {
        for id in GAME_IDS {
            let shelf = Shelf::build(&GameSpec::new(id), None).unwrap();
            assert_eq!(shelf.visit(Id), id);
            assert_eq!(shelf.spec().to_string(), id);
        }
        let ids: Vec<&str> = catalogue().iter().map(|i| i.id).collect();
        assert_eq!(ids, GAME_IDS);
    }

    #[test]
    fn unknown_games_say_what_is_accepted() {
        let e = Shelf::build(&GameSpec::new("chess"), None)
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("known games: open-oubliette, oubliette-solitaire, osbo, laissez-faire"),
            "{e}"
        );
        let e = Shelf::build(&"open-oubliette(players=0)".parse().unwrap(), None)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("from 1 to 6"), "{e}");
    }

    #[test]
    fn data_is_refused_by_games_without_data_files() {
        let e = Shelf::build(&GameSpec::new("osbo"), Some(Path::new(".")))
            .err()
            .unwrap();
        assert!(matches!(e, ShelfError::NoData { id: "osbo" }), "{e}");
    }

    #[test]
    fn bad_data_names_the_path() {
        let e = Shelf::build(
            &GameSpec::new("open-oubliette"),
            Some(Path::new("/nonexistent/decks")),
        )
        .err()
        .unwrap();
        assert!(e.to_string().contains("/nonexistent/decks"), "{e}");
        assert!(matches!(e, ShelfError::Data { .. }));
    }
}
