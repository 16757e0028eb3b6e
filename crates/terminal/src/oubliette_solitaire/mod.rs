//! Oubliette (solitaire) in the terminal: the four inventory piles, the Equipped card, the
//! Path with its Portcullis and Chasm markers, the graveyard, the deck count and the card
//! being resolved with what it means, in line mode and in the full-screen view.
//!
//! A numbered deal (`--deal N`) drives chance through the session's chance driver: each
//! chance outcome is the deal's next card ([`Deal::choose`]) instead of a draw from the
//! seeded generator. The record holds the outcomes, so it replays with the plain game.

mod view;

use gameshelf_engine::{Bot, Seat};
use gameshelf_oubliette_solitaire::present::SolitairePresenter;
use gameshelf_oubliette_solitaire::{Action, Deal, Observation, OublietteSolitaire, State};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::screen::{self, Table};
use crate::{Aids, ChanceDriver, PlayOptions, Played, Player, TerminalError};

impl Table<OublietteSolitaire> for SolitairePresenter {
    fn draw_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &OublietteSolitaire,
        _names: &[String],
        _viewer: Seat,
        observation: &Observation,
    ) {
        view::draw_table(frame, area, game, observation);
    }
}

/// Plays a game of Oubliette (solitaire) in the terminal, by a human or a bot, with chance
/// drawn from the numbered deal `options.deal` when given (otherwise from `options.seed`),
/// and hints (`a`) from `adviser` when given.
///
/// # Errors
/// As [`crate::open_oubliette::play`].
pub fn play(
    game: &OublietteSolitaire,
    player: Player<OublietteSolitaire>,
    adviser: Option<Box<dyn Bot<OublietteSolitaire>>>,
    options: &PlayOptions,
) -> Result<Played<Action>, TerminalError> {
    let driver = options.deal.map(|n| {
        let deal = Deal::new(n, game.config().jokers);
        Box::new(move |g: &OublietteSolitaire, s: &State| deal.choose(g, s))
            as ChanceDriver<'_, OublietteSolitaire>
    });
    let players = vec![player];
    let aids = Aids { driver, adviser };
    screen::play_in_mode(game, &SolitairePresenter, players, options, aids)
}

#[cfg(test)]
mod tests;
