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
//! * [`line`](mod@line) is generic over [`Game`]: plain text on any `BufRead`/`Write`, for scripts and
//!   screen readers.
//! * [`laissez_faire`] is the Laissez-faire front end: its text for line mode and a
//!   full-screen ratatui view with the board ring, the player panels and the notary.
//! * [`open_oubliette`] is the Open Oubliette front end: its text presenter for line mode and
//!   a full-screen ratatui view with the ring board.
//!
//! [`Record`]: gameshelf_engine::Record
//! [`Record::texts`]: gameshelf_engine::Record::texts

use gameshelf_engine::{Bot, Game};

pub mod laissez_faire;
pub mod line;
pub mod open_oubliette;
pub mod osbo;
pub mod oubliette_solitaire;
mod present;
mod screen;
mod session;
mod signal;
mod text;
mod tty;

pub use present::{Presenter, percent};
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
