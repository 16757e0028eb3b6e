//! Oubliette (solitaire) in the terminal: the four inventory piles, the Equipped card, the
//! Path with its Portcullis and Chasm markers, the graveyard, the deck count and the card
//! being resolved with what it means, in line mode and in the full-screen view.
//!
//! A numbered deal (`--deal N`) drives chance through the session's chance driver: each
//! chance outcome is the deal's next card ([`Deal::choose`]) instead of a draw from the
//! seeded generator. The record holds the outcomes, so it replays with the plain game.

mod text;
mod view;

use gameshelf_engine::{Record, Seat};
use gameshelf_oubliette_solitaire::{Action, Deal, Observation, OublietteSolitaire, State};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::present::Presenter;
use crate::screen::{self, Table};
use crate::{ChanceDriver, PlayOptions, Player, TerminalError};

pub use text::observation_text;

/// The words and pictures of Oubliette (solitaire) for the terminal front ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolitairePresenter;

/// A few lines on the rules, for the help command.
const RULES: &str = "Oubliette (solitaire): build a Path of nine rooms, 10 down to 2 or 2 up \
to 10. Each turn draws a card: the needed Path card may be placed; a card of the top room's \
value is an Obstacle (setback); J/Q/K are Creatures to pay with inventory cards (11/12/13, +2 \
once cursed); red 3/5/7/9 Traps take a black 2/4/6/8/10; a black ace is a Portcullis, a red ace \
a Chasm (Ropes: 6s and 9s); 8 Lost, 6 Darkness (Torch: red 4), Joker Gremlin. Other cards may \
be kept, and then one action may be taken. Only slot tops and the Equipped card are usable.";

impl Presenter<OublietteSolitaire> for SolitairePresenter {
    fn observation_text(
        &self,
        game: &OublietteSolitaire,
        _seat: Seat,
        obs: &Observation,
    ) -> String {
        text::observation_text(game, obs)
    }

    fn describe_move(
        &self,
        game: &OublietteSolitaire,
        before: &State,
        action: Action,
        _: Option<Seat>,
    ) -> String {
        text::describe_move(game, before, action)
    }

    fn result_text(&self, game: &OublietteSolitaire, end: &State, _names: &[String]) -> String {
        text::result_text(game, end)
    }

    fn help(&self) -> String {
        RULES.to_owned()
    }
}

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
/// drawn from the numbered deal `deal` when given (otherwise from `options.seed`).
///
/// # Errors
/// As [`crate::open_oubliette::play`].
pub fn play(
    game: &OublietteSolitaire,
    player: Player<OublietteSolitaire>,
    options: &PlayOptions,
    deal: Option<u64>,
) -> Result<Record<Action>, TerminalError> {
    let driver = deal.map(|n| {
        let deal = Deal::new(n, game.config().jokers);
        Box::new(move |g: &OublietteSolitaire, s: &State| deal.choose(g, s))
            as ChanceDriver<'_, OublietteSolitaire>
    });
    let players = vec![player];
    screen::play_in_mode(game, &SolitairePresenter, players, options, driver)
}

#[cfg(test)]
mod tests;
