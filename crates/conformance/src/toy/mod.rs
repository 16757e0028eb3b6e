//! Small games for testing game-generic code: simulation, search, arenas, terminal play.
//!
//! A real game's rules are too big to reason about exactly in a test. These toys are small
//! enough that a test can state what must happen (a win rate, a forced win, a record) and
//! general enough that the tests of several crates share them instead of each writing its
//! own. Each passes the conformance kit itself.
//!
//! * [`Race`]: runners walk or gamble on a roll towards a goal square, configured by
//!   [`RaceRules`] (runners, goal, walks, the roll's odds, a turn limit); a
//!   [`Race::boasting`] race's moves come with a free text; [`FoldedWalks`] words it with
//!   its walks folded under one heading.
//! * [`Tree`]: a two-seat game given as a function from the history of actions to what
//!   happens next ([`TreeNode`]), for small game trees whose value a test works out by hand.
//!
//! The toys are configured in code, not by game string: [`Game::spec`] names the toy
//! only.
//!
//! [`Game::spec`]: gameshelf_engine::Game::spec

mod race;
mod tree;

pub use race::{FoldedWalks, Race, RaceRules, RaceState, Step};
pub use tree::{Tree, TreeNode};

/// The designer credit of every toy.
const CREDIT: &str = "a test toy";
