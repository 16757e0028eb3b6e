//! Open Oubliette in the terminal: the line-mode text and the full-screen view.
//!
//! Everything shown comes from the viewing seat's [`Observation`]: the other players'
//! unused treasure and kept event cards appear as counts, and log lines name a treasure
//! card that goes into a hand only to its holder.

mod board;
mod text;
mod view;

use gameshelf_engine::{Record, Seat};
use gameshelf_open_oubliette::{Action, Observation, OpenOubliette, State};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::present::Presenter;
use crate::screen::{self, Table};
use crate::{PlayOptions, Player, TerminalError};

/// The words and pictures of Open Oubliette for the terminal front ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct OubliettePresenter;

/// A few lines on the rules, for the help command.
const RULES: &str = "Open Oubliette: walk the 20-space ring (space 0 is the Entrance/Exit, \
5, 10 and 15 are Event corners), fight the monster wherever you land, win treasure, and cash \
it in at the Exit. The first to bank 6000 g wins. A fight: 2d6 + weapon must reach the \
monster's power + W (your two worst wounds) + level-ups; if it does not, the monster hits on \
2d6 + W >= 8 + armor and you draw a wound. Odds shown are exact for the roll that follows.";

impl Presenter<OpenOubliette> for OubliettePresenter {
    fn observation_text(&self, game: &OpenOubliette, _seat: Seat, obs: &Observation) -> String {
        text::observation_text(game, obs)
    }

    fn odds(&self, game: &OpenOubliette, obs: &Observation, action: Action) -> Option<String> {
        text::choice_odds(game, obs, action)
    }

    fn describe_move(
        &self,
        game: &OpenOubliette,
        before: &State,
        action: Action,
        viewer: Option<Seat>,
    ) -> String {
        text::describe_move(game, before, action, viewer)
    }

    fn result_text(&self, game: &OpenOubliette, end: &State, names: &[String]) -> String {
        text::result_text(game, end, names)
    }

    fn help(&self) -> String {
        RULES.to_owned()
    }
}

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
) -> Result<Record<Action>, TerminalError> {
    screen::play_in_mode(game, &OubliettePresenter, players, options, None)
}

#[cfg(test)]
mod tests;
