//! Named strength levels: `easy`, `medium` and `hard`, mapped to search settings per game.
//!
//! | game                  | easy           | medium          | hard             |
//! |-----------------------|----------------|-----------------|------------------|
//! | `osbo`                | 100 iterations | 1000 iterations | 10000 iterations |
//! | `open-oubliette`      | 100 iterations | 1000 iterations | 10000 iterations |
//! | `oubliette-solitaire` | 100 iterations | 1000 iterations | 10000 iterations |
//! | any other game        | 100 iterations | 1000 iterations | 10000 iterations |
//!
//! Budgets are iterations, not time, so a level plays the same moves on every machine
//! (and seeded simulations with levelled bots are reproducible). Every level searches
//! with random rollouts, the default exploration constant and one thread; the table is
//! per game so that a game whose iterations are much slower or much less informative can
//! be given other figures without changing the others.

use std::fmt;
use std::str::FromStr;

use super::{Budget, MctsConfig};

/// A named strength level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Weak: a short search.
    Easy,
    /// A fair opponent.
    Medium,
    /// The strongest level that still answers within about a second.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's word in bot specs.
    pub fn word(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for Level {
    type Err = ();

    /// `easy`, `medium` or `hard`.
    fn from_str(s: &str) -> Result<Level, ()> {
        Level::ALL.into_iter().find(|l| l.word() == s).ok_or(())
    }
}

/// Iterations per level (easy, medium, hard), by game id; the last row is the default.
const TABLE: &[(&str, [u64; 3])] = &[
    ("osbo", [100, 1_000, 10_000]),
    ("open-oubliette", [100, 1_000, 10_000]),
    ("oubliette-solitaire", [100, 1_000, 10_000]),
];

/// Iterations per level for games without a row of their own.
const DEFAULT: [u64; 3] = [100, 1_000, 10_000];

/// The search settings of `level` for the game with id `game_id` (see the table above).
pub fn level_config(game_id: &str, level: Level) -> MctsConfig {
    let row = TABLE
        .iter()
        .find(|(id, _)| *id == game_id)
        .map_or(DEFAULT, |(_, row)| *row);
    MctsConfig::with_budget(Budget::Iterations(row[level as usize]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_and_unknown_games_get_the_default() {
        for (id, _) in TABLE {
            let b: Vec<Budget> = Level::ALL
                .iter()
                .map(|&l| level_config(id, l).budget)
                .collect();
            assert!(b.windows(2).all(|w| match (w[0], w[1]) {
                (Budget::Iterations(a), Budget::Iterations(b)) => a < b,
                _ => false,
            }));
        }
        assert_eq!(
            level_config("no-such-game", Level::Hard).budget,
            Budget::Iterations(DEFAULT[2])
        );
        assert_eq!("medium".parse(), Ok(Level::Medium));
        assert!("expert".parse::<Level>().is_err());
    }
}
