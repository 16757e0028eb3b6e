//! The traders at the protocol's moments outside their own turn: the open floor after
//! another player's window.
//!
//! **The open floor.** A trader's offers (the last deed of a set, the bargainer's brokering,
//! packages, selling or borrowing to escape elimination) are the ones it makes in its own
//! window, and the other players answer them the same way whenever they are asked; made
//! again at every floor, a refused offer would only be refused again. What the floor adds is
//! the player whose turn it is: once a round, on his turn, a trader makes him the offer its
//! window would make him, and passes otherwise.

use gameshelf_engine::Game;

use super::Trader;
use crate::action::Action;
use crate::game::LaissezFaire;
use crate::state::State;

impl Trader {
    /// The trader's move on the open floor of another player's turn: the offer its own window
    /// would make, if that offer is to the player whose turn it is; otherwise it passes.
    pub(super) fn floor(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        if game.is_legal(s, Action::DeclareRace) {
            return Action::DeclareRace;
        }
        let mine = game.holdings(s, seat as u8);
        let to_current = |a: &Action| match *a {
            Action::Offer(to, ..) | Action::Propose(to, _) | Action::Draft(to) => to == s.current,
            _ => false,
        };
        let plan = || {
            self.package_plan(game, s, seat)
                .map(|(to, _)| Action::Draft(to))
                .filter(|&a| game.is_legal(s, a))
        };
        Trader::rescue_offer(game, s, seat, mine)
            .or_else(|| self.broker_offer(game, s, seat, mine))
            .or_else(plan)
            .or_else(|| self.trade_offer(game, s, seat, mine))
            .filter(to_current)
            .unwrap_or(Action::Pass)
    }
}
