//! Laissez-faire in the terminal: the line-mode text and the full-screen view (module
//! `view`: the board ring of module `board`, the player panels, the turn and the notary).
//!
//! Laissez-faire has perfect information, so the observation is the whole state. Both modes
//! say the turn with the same `turn_text` and the notary's books with the same `notary`,
//! from the game's presentation layer, and show the offer being drafted or answered (its
//! clauses and its effect on both net worths) from the same `offer_lines`, through the
//! generic `Presenter::terms`: line mode above the choices, the full-screen view beside
//! them.

mod board;
mod view;

use gameshelf_engine::Seat;
use gameshelf_laissez_faire::present::LaissezFairePresenter;
use gameshelf_laissez_faire::{Action, LaissezFaire, State};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::screen::{self, Table};
use crate::{PlayOptions, Played, Player, TerminalError};

impl Table<LaissezFaire> for LaissezFairePresenter {
    fn draw_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &LaissezFaire,
        names: &[String],
        viewer: Seat,
        observation: &State,
    ) {
        view::draw_table(frame, area, game, names, viewer, observation);
    }

    /// The spaces the highlighted choice is about, marked on the board.
    fn draw_preview(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &LaissezFaire,
        _names: &[String],
        observation: &State,
        choice: Action,
    ) {
        view::draw_preview(frame, area, game, observation, choice);
    }
}

/// Plays a match of Laissez-faire in the terminal, humans against bots.
///
/// `options.mode` picks the full-screen view or line mode; the full-screen view needs a
/// terminal on stdin and stdout, and line mode is used without one. Either way the record
/// of the moves played so far is returned when a human leaves (it replays to the state
/// left).
///
/// # Errors
/// [`TerminalError::PlayerCount`] or [`TerminalError::NameCount`] when the players or names
/// do not match the game's seats; [`TerminalError::Io`] when the terminal cannot be set up;
/// [`TerminalError::Interrupted`], holding the record so far, when the terminal fails
/// during the match.
pub fn play(
    game: &LaissezFaire,
    players: Vec<Player<LaissezFaire>>,
    options: &PlayOptions,
) -> Result<Played<Action>, TerminalError> {
    screen::play_in_mode(
        game,
        &LaissezFairePresenter,
        players,
        options,
        crate::Aids::default(),
    )
}

#[cfg(test)]
mod frame_tests;

#[cfg(test)]
mod offer_tests;

#[cfg(test)]
mod pass_tests;

#[cfg(test)]
mod tests {
    use gameshelf_engine::Game;
    use gameshelf_laissez_faire::present::table_text;

    use super::*;
    use crate::{Mode, line};

    #[test]
    fn line_mode_game_between_traders_plays_to_the_end() {
        let game =
            LaissezFaire::from_spec(&"laissez-faire(players=2,max_rounds=30)".parse().unwrap())
                .unwrap();
        let players = (0..2)
            .map(|_| Player::Bot(Box::new(gameshelf_laissez_faire::bot::Trader::default()) as _))
            .collect();
        let options = PlayOptions {
            seed: 3,
            mode: Mode::Line,
            names: vec!["a".into(), "b".into()],
            step: false,
            ..PlayOptions::default()
        };
        let mut out = Vec::new();
        let record = line::play(
            &game,
            &LaissezFairePresenter,
            players,
            &options,
            &b""[..],
            &mut out,
        )
        .unwrap();
        let end = record.replay(&game).unwrap();
        assert!(game.is_terminal(&end));
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("game over"), "{text}");
        assert!(table_text(&game, &end).contains("seat 2: $"));
    }
}
