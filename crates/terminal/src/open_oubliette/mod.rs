//! Open Oubliette in the terminal: the line-mode text and the full-screen view.
//!
//! Everything shown comes from the viewing seat's [`Observation`]: the other players'
//! unused treasure and kept event cards appear as counts, and log lines name a treasure
//! card that goes into a hand only to its holder.

mod board;
mod view;

use gameshelf_engine::Seat;
use gameshelf_open_oubliette::present::OubliettePresenter;
use gameshelf_open_oubliette::{Action, Observation, OpenOubliette};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::screen::{self, Table};
use crate::{PlayOptions, Played, Player, TerminalError};

impl Table<OpenOubliette> for OubliettePresenter {
    fn draw_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &OpenOubliette,
        names: &[String],
        _viewer: Seat,
        observation: &Observation,
    ) {
        view::draw_table(frame, area, game, names, observation);
    }
}

/// Plays a match of Open Oubliette in the terminal, humans against bots.
///
/// `options.mode` picks the full-screen view or line mode; the full-screen view needs a
/// terminal on stdin and stdout, and line mode is used without one. In line mode, `q`, end
/// of input or Ctrl-C leave the game; in the full-screen view, `q` twice or Ctrl-C. Either
/// way the record of the moves played so far is returned (it replays to the state left).
///
/// # Errors
/// [`TerminalError::PlayerCount`] or [`TerminalError::NameCount`] when the players or names
/// do not match the game's seats; [`TerminalError::Io`] when the terminal cannot be set up;
/// [`TerminalError::Interrupted`], holding the record so far, when the terminal fails
/// during the match.
pub fn play(
    game: &OpenOubliette,
    players: Vec<Player<OpenOubliette>>,
    options: &PlayOptions,
) -> Result<Played<Action>, TerminalError> {
    screen::play_in_mode(
        game,
        &OubliettePresenter,
        players,
        options,
        crate::Aids::default(),
    )
}

#[cfg(test)]
mod tests;
