//! Game-specific figures gathered by simulations.
//!
//! The simulation crate is generic: it knows seats, returns, turns and end kinds. What only
//! a game knows (fights per monster power, how often a rule fires) is a [`Tally`] the game
//! crate implements and the simulator feeds. Tallies hold integer counters so that merging
//! the per-thread tallies gives the same figures whatever the thread count.

use serde::Serialize;

use crate::game::Game;

/// Figures a simulation gathers for one game type.
pub trait Tally<G: Game>: Default + Clone + Send + Serialize {
    /// Called before each action (chance outcomes included) is applied to `before`.
    fn record(&mut self, game: &G, before: &G::State, action: G::Action);

    /// Called once with each finished game.
    fn finish(&mut self, game: &G, end: &G::State);

    /// Adds the figures of another tally into this one.
    fn merge(&mut self, other: &Self);

    /// The figures as text for a terminal report (empty when there is nothing to say).
    fn report(&self) -> String;
}

/// Gathers nothing.
impl<G: Game> Tally<G> for () {
    fn record(&mut self, _: &G, _: &G::State, _: G::Action) {}
    fn finish(&mut self, _: &G, _: &G::State) {}
    fn merge(&mut self, _: &Self) {}
    fn report(&self) -> String {
        String::new()
    }
}
