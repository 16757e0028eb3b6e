//! Terminal play for gameshelf: humans against bots, in a full-screen view or a plain line
//! mode.
//!
//! A match is driven by one session shared by both modes: chance is sampled from
//! `Rng::seed_from_u64(seed)`, each bot gets its own stream `Rng::for_stream(seed, seat)`, and
//! every action, chance outcomes included, goes into the [`Record`] as it is applied. A seed
//! therefore reproduces a game whenever the humans make the same choices, and a game the
//! human leaves early is still a valid (unfinished) record that replays.
//!
//! What a human is shown is built from that seat's observation, never from the true state:
//! the game-specific [`Presenter`] receives `G::Observation` values only, and the log
//! lines of other seats' moves and of chance go through a hook that names the viewing seat,
//! so a game can hide what that seat may not see (the lesson boardgame.io learned about
//! logs leaking hidden information).
//!
//! Some actions come with a free text their player writes ([`Game::writes_text`], e.g. a
//! contract's free-text clause). The session asks a human for it right after the choice (a
//! prompt line in line mode, a small popup in the full-screen view), writes an empty text
//! for a bot, keeps the texts in [`Record::texts`] (undo takes them back with their actions)
//! and shows each on its move's log line ([`with_text`]).
//!
//! With a save path ([`PlayOptions::save`]) the record is written to disk after every
//! action, atomically, so that no way of leaving the game loses it (see the `autosave`
//! module), and a match can go on from a saved record ([`PlayOptions::resume`]) with the
//! same seats.
//!
//! * [`line`](mod@line) is generic over [`Game`]: plain text on any `BufRead`/`Write`, for scripts and
//!   screen readers.
//! * [`laissez_faire`] is the Laissez-faire front end: its text for line mode and a
//!   full-screen ratatui view with the board ring, the player panels and the notary.
//! * [`open_oubliette`] is the Open Oubliette front end: its text presenter for line mode and
//!   a full-screen ratatui view with the ring board.
//!
//! [`Record`]: gameshelf_engine::Record
//! [`Record::texts`]: gameshelf_engine::Record::texts
//! [`Presenter`]: gameshelf_engine::Presenter

use std::path::PathBuf;

use gameshelf_engine::{Bot, FileError, Game, RecordError};

mod autosave;
pub mod laissez_faire;
pub mod line;
pub mod open_oubliette;
pub mod osbo;
pub mod oubliette_solitaire;
pub mod replay;
mod screen;
mod session;
mod signal;
mod text;
mod tty;

pub use text::{MAX_TEXT_CHARS, clean_text, with_text};

/// Who plays a seat.
pub enum Player<G: Game> {
    /// A person at the keyboard.
    Human,
    /// A program.
    Bot(Box<dyn Bot<G>>),
}

impl<G: Game> Player<G> {
    /// Whether this seat is played by a person.
    pub fn is_human(&self) -> bool {
        matches!(self, Player::Human)
    }

    /// `human`, or the bot's name: what records and logs call the player.
    pub fn kind(&self) -> String {
        match self {
            Player::Human => "human".to_owned(),
            Player::Bot(bot) => bot.name(),
        }
    }
}

/// Chooses every chance outcome of a match instead of the seeded generator: given the game
/// and the state at a chance node, it returns one of the listed outcomes (e.g. the next
/// card of a numbered deal). Records stay ordinary records: they hold the outcomes chosen,
/// so they replay without the driver.
pub type ChanceDriver<'a, G> = Box<dyn FnMut(&G, &<G as Game>::State) -> <G as Game>::Action + 'a>;

/// What a match may take besides its players: who picks chance, and who gives hints.
pub struct Aids<'a, G: Game> {
    /// Chooses every chance outcome instead of the generator seeded by the options' seed
    /// (a numbered deal).
    pub driver: Option<ChanceDriver<'a, G>>,
    /// The bot a person may ask for a hint: the move it would make from that person's
    /// seat, seeing only what the person sees. Hints change nothing in the game or its
    /// record.
    pub adviser: Option<Box<dyn gameshelf_engine::Bot<G>>>,
}

impl<G: Game> Default for Aids<'_, G> {
    fn default() -> Self {
        Aids {
            driver: None,
            adviser: None,
        }
    }
}

/// How the game is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// The full-screen view. Without a terminal on stdin and stdout, line mode is used
    /// instead.
    #[default]
    Screen,
    /// Plain lines on stdin and stdout: no colours, no cursor movement.
    Line,
}

/// What the people at the screen asked for when a match ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Next {
    /// Leave (also when the match was left before its end, or in line mode).
    #[default]
    Leave,
    /// Another game with the same seats and new chance (a new seed; the next numbered deal).
    NewGame,
    /// The same game again: the same seed or the same numbered deal.
    SameChance,
}

/// A match played in the terminal: its record, and what comes next.
#[derive(Clone, Debug)]
pub struct Played<A> {
    /// Every action played, chance included (the game may be unfinished).
    pub record: gameshelf_engine::Record<A>,
    /// What the people at the screen asked for at the end.
    pub next: Next,
}

/// How to run a match.
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    /// Seeds chance (`Rng::seed_from_u64(seed)`) and the bots (`Rng::for_stream(seed, seat)`).
    pub seed: u64,
    /// Full screen or line mode.
    pub mode: Mode,
    /// One name per seat, shown to players and stored in the record's `seats`.
    pub names: Vec<String>,
    /// Full-screen view only: wait for a key before each bot or chance move instead of
    /// pausing briefly. By default (`false`) bots move on their own.
    pub step: bool,
    /// Where the record is written, atomically, when the game starts and after every
    /// action and undo. The path is checked before the first move: a missing folder, a
    /// symbolic link or something other than a regular file is refused. By default
    /// (`None`) nothing is written and the record is only returned.
    pub save: Option<PathBuf>,
    /// The record of an unfinished game to go on with, as JSON (a saved record's text):
    /// its actions are replayed, each checked, and the match continues from where it
    /// stands, appending to it. Chance and the bots then draw from a generator seeded by
    /// `seed` and the record's length, so resuming the same record with the same choices
    /// plays the same game. By default (`None`) the match starts from the beginning.
    pub resume: Option<String>,
    /// The number of the deal chance follows, for games dealt by number (the solitaire's
    /// front end deals from it); kept in the record. By default (`None`) chance is drawn
    /// from `seed`.
    pub deal: Option<u64>,
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TerminalError {
    /// The number of players does not match the game's seats.
    #[error("the game has {seats} seats but {given} players were given")]
    PlayerCount {
        /// Seats of the game.
        seats: usize,
        /// Players given.
        given: usize,
    },
    /// The number of names does not match the game's seats.
    #[error("the game has {seats} seats but {given} names were given")]
    NameCount {
        /// Seats of the game.
        seats: usize,
        /// Names given.
        given: usize,
    },
    /// The terminal could not be set up or restored, before any action was played.
    #[error("terminal error")]
    Io(#[from] std::io::Error),
    /// The save path cannot take the record; checked before the first move.
    #[error("the game cannot be saved there")]
    SavePath(#[source] FileError),
    /// The record to resume does not load or replay in this game.
    #[error("the saved game cannot be resumed")]
    Resume(#[from] RecordError),
    /// Writing the record failed during the match (a full disk). The match stopped there;
    /// the file keeps the record written before, and this error holds the whole record.
    #[error("the game could not be saved after {actions} actions and stopped there")]
    SaveFailed {
        /// The failure.
        #[source]
        source: FileError,
        /// How many actions the record holds.
        actions: usize,
        /// The record so far, as JSON (see `gameshelf_engine::Record::from_json`).
        record_json: String,
    },
    /// Reading or writing the terminal failed in the middle of a match. The record of the
    /// actions played so far is kept, so the caller can still save it.
    #[error("terminal error after {actions} actions")]
    Interrupted {
        /// The failure.
        #[source]
        source: std::io::Error,
        /// How many actions the record holds.
        actions: usize,
        /// The record so far, as JSON (see `gameshelf_engine::Record::from_json`).
        record_json: String,
    },
}
