//! Runs cut into shards for several machines, and their exact merge.
//!
//! A shard is a fixed slice of a run's game indices: shard `i` of `n` plays the chunks
//! (of [`CHUNK`](crate::CHUNK) games) from `i·c/n` to `(i+1)·c/n`, `c` being the run's
//! number of chunks. Game `g` of a shard is game `g` of the single run (same seed stream,
//! same chunk, same bots), and the partial figures hold integers only, so merging the
//! parts in any order gives exactly, bit for bit, the single run's figures.

use std::ops::Range;
use std::str::FromStr;

use gameshelf_engine::{Game, Tally};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{SimReport, Totals, report};

/// Shard `index` of `count` (counted from 0): a deterministic slice of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, from 0 to `count - 1`.
    pub index: u64,
    /// How many slices the run is cut into.
    pub count: u64,
}

/// Why a shard could not be read from text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// The text is not `I/N` with whole numbers.
    #[error("{0:?} is not a shard: expected I/N, e.g. 0/4 for the first of four")]
    Syntax(String),
    /// `I` is not below `N`, or `N` is 0.
    #[error("shard {index}/{count} does not exist: I counts from 0 to N-1")]
    OutOfRange {
        /// The index given.
        index: u64,
        /// The count given.
        count: u64,
    },
}

impl Shard {
    /// The whole run as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    ///
    /// # Errors
    /// [`ShardError::OutOfRange`] unless `index < count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if index < count {
            Ok(Shard { index, count })
        } else {
            Err(ShardError::OutOfRange { index, count })
        }
    }

    /// The game indices of this shard in a run of `games` games cut into chunks of
    /// `chunk`: whole chunks, so the first index is a multiple of `chunk`. Shards of a run
    /// are disjoint and cover it; a shard may be empty when there are more shards than
    /// chunks.
    pub fn games(self, games: u64, chunk: u64) -> Range<u64> {
        let chunks = u128::from(games.div_ceil(chunk));
        let at = |i: u64| {
            let c = (chunks * u128::from(i) / u128::from(self.count)) as u64;
            (c * chunk).min(games)
        };
        at(self.index)..at(self.index + 1)
    }
}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(s.to_owned());
        let (i, n) = s.trim().split_once('/').ok_or_else(syntax)?;
        let i = i.trim().parse().map_err(|_| syntax())?;
        let n = n.trim().parse().map_err(|_| syntax())?;
        Shard::new(i, n)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why parts could not be merged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No parts were given.
    #[error("no parts to merge")]
    Empty,
    /// Two parts are not slices of the same run.
    #[error("the parts are not from the same run: {what} is {first} in one and {other} in another")]
    Mismatch {
        /// What differs (game, seed, games, bots).
        what: &'static str,
        /// Its value in the first part.
        first: String,
        /// Its value in the part that differs.
        other: String,
    },
    /// The parts overlap: a game would be counted twice.
    #[error("games {from} to {to} are in two parts")]
    Overlap {
        /// The first game in both.
        from: u64,
        /// The last game in both.
        to: u64,
    },
    /// Some games are in no part.
    #[error("games {from} to {to} are in no part: a shard is missing")]
    Missing {
        /// The first missing game.
        from: u64,
        /// The last missing game.
        to: u64,
    },
}

/// What every part of a run says about the run: enough to check that parts belong
/// together and cover it.
pub(crate) trait Slice {
    /// `(what, value)` pairs that must be equal across the parts of one run.
    fn identity(&self) -> Vec<(&'static str, String)>;
    /// The run's number of games.
    fn total(&self) -> u64;
    /// The game indices this part played.
    fn range(&self) -> Range<u64>;
}

/// Checks that `parts` are slices of one run that cover it exactly, and returns them
/// ordered by their first game.
pub(crate) fn in_order<P: Slice>(mut parts: Vec<P>) -> Result<Vec<P>, MergeError> {
    let first = parts.first().ok_or(MergeError::Empty)?;
    let id = first.identity();
    for part in &parts[1..] {
        for ((what, a), (_, b)) in id.iter().zip(part.identity()) {
            if *a != b {
                return Err(MergeError::Mismatch {
                    what,
                    first: a.clone(),
                    other: b,
                });
            }
        }
    }
    parts.sort_by_key(|p| (p.range().start, p.range().end));
    let mut next = 0;
    for part in &parts {
        let r = part.range();
        if r.is_empty() {
            continue;
        }
        if r.start < next {
            return Err(MergeError::Overlap {
                from: r.start,
                to: next.min(r.end) - 1,
            });
        }
        if r.start > next {
            return Err(MergeError::Missing {
                from: next,
                to: r.start - 1,
            });
        }
        next = r.end;
    }
    let total = parts[0].total();
    if next < total {
        return Err(MergeError::Missing {
            from: next,
            to: total - 1,
        });
    }
    Ok(parts)
}

/// The figures of a slice of a simulation ([`simulate_shard`](crate::simulate_shard)),
/// serialisable so that shards run elsewhere can be merged here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: DeserializeOwned"))]
pub struct SimPart<T> {
    /// The canonical game string.
    pub game: String,
    /// The run's seed.
    pub seed: u64,
    /// The run's number of games (all shards together).
    pub games: u64,
    /// The first game index of this part.
    pub first: u64,
    /// One past the last game index of this part.
    pub end: u64,
    /// Wall-clock seconds this part took (summed by merging).
    pub seconds: f64,
    pub(crate) totals: Totals<T>,
}

impl<T> Slice for SimPart<T> {
    fn identity(&self) -> Vec<(&'static str, String)> {
        vec![
            ("the game", self.game.clone()),
            ("the seed", self.seed.to_string()),
            ("the number of games", self.games.to_string()),
        ]
    }
    fn total(&self) -> u64 {
        self.games
    }
    fn range(&self) -> Range<u64> {
        self.first..self.end
    }
}

impl<T> SimPart<T> {
    /// Merges the parts of one run into the part holding all of it.
    ///
    /// # Errors
    /// [`MergeError`] when no parts are given, when they come from different runs (game,
    /// seed or number of games), overlap, or leave games out.
    pub fn merge<G: Game>(parts: Vec<SimPart<T>>) -> Result<SimPart<T>, MergeError>
    where
        T: Tally<G>,
    {
        let mut parts = in_order(parts)?.into_iter();
        let mut whole = parts.next().ok_or(MergeError::Empty)?;
        for part in parts {
            whole.totals.merge::<G>(&part.totals);
            whole.end = whole.end.max(part.end);
            whole.seconds += part.seconds;
        }
        whole.first = 0;
        whole.end = whole.games;
        Ok(whole)
    }

    /// The report of the games in this part (of the whole run after [`SimPart::merge`]).
    pub fn report<G: Game>(self, game: &G) -> SimReport<T>
    where
        T: Tally<G>,
    {
        report(game, self.seed, self.totals, self.seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_whole_chunks_that_cover_the_run() {
        for (games, count) in [(1000, 3), (128, 4), (5, 2), (130, 1), (10_000, 7)] {
            let mut next = 0;
            for index in 0..count {
                let r = Shard::new(index, count).unwrap().games(games, 128);
                assert_eq!(r.start, next, "{games} games, shard {index}/{count}");
                assert!(r.start % 128 == 0 || r.is_empty());
                next = r.end;
            }
            assert_eq!(next, games);
        }
        assert_eq!(Shard::WHOLE.games(1000, 128), 0..1000);
    }

    #[test]
    fn shards_parse_as_index_over_count() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(" 0 / 1 ".parse(), Ok(Shard::WHOLE));
        assert_eq!(
            "4/4".parse::<Shard>(),
            Err(ShardError::OutOfRange { index: 4, count: 4 })
        );
        assert!(matches!(
            "0/0".parse::<Shard>(),
            Err(ShardError::OutOfRange { .. })
        ));
        assert!(matches!("1-4".parse::<Shard>(), Err(ShardError::Syntax(_))));
        assert!(matches!("a/4".parse::<Shard>(), Err(ShardError::Syntax(_))));
        assert_eq!(Shard { index: 1, count: 3 }.to_string(), "1/3");
    }
}
