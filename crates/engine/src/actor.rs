//! Who moves: a player seat, chance, or nobody.

use serde::{Deserialize, Serialize};

/// The largest number of seats any gameshelf game supports. Per-seat data lives in arrays
/// of this size so that hot paths never allocate.
pub const MAX_SEATS: usize = 8;

/// A player's seat, numbered from 0 in the order the game was configured.
pub type Seat = usize;

/// The actor to move in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Actor {
    /// The player in this seat chooses one of the legal actions.
    Player(Seat),
    /// Chance picks one of the listed outcomes with its exact probability.
    Chance,
    /// The game is over.
    Terminal,
}

/// What each seat gets at the end of a game (or its current value), one entry per seat.
///
/// A fixed-size array rather than a `Vec`, so computing returns at the end of a playout
/// does not allocate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Returns {
    values: [f64; MAX_SEATS],
    len: u8,
}

impl Returns {
    /// Returns of `len` seats, all zero.
    ///
    /// # Panics
    /// If `len` exceeds [`MAX_SEATS`].
    pub fn zeros(len: usize) -> Self {
        assert!(len <= MAX_SEATS, "at most {MAX_SEATS} seats");
        Returns {
            values: [0.0; MAX_SEATS],
            len: len as u8,
        }
    }

    /// Returns built from a slice, one value per seat.
    ///
    /// # Panics
    /// If the slice is longer than [`MAX_SEATS`].
    pub fn from_slice(values: &[f64]) -> Self {
        let mut r = Returns::zeros(values.len());
        r.values[..values.len()].copy_from_slice(values);
        r
    }

    /// The values, one per seat.
    pub fn as_slice(&self) -> &[f64] {
        &self.values[..self.len as usize]
    }

    /// The values, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [f64] {
        &mut self.values[..self.len as usize]
    }

    /// The value of one seat.
    pub fn get(&self, seat: Seat) -> f64 {
        self.as_slice()[seat]
    }

    /// The sum over seats (constant for constant-sum games).
    pub fn sum(&self) -> f64 {
        self.as_slice().iter().sum()
    }

    /// The one seat with the highest value, `None` when several share it (or there are no
    /// seats). Read from [`Game::standing`](crate::Game::standing), it is the leader.
    pub fn leader(&self) -> Option<Seat> {
        let mut best: Option<(Seat, f64)> = None;
        let mut tied = false;
        for (seat, &v) in self.as_slice().iter().enumerate() {
            match best {
                Some((_, b)) if v < b => {}
                Some((_, b)) if v == b => tied = true,
                _ => (best, tied) = (Some((seat, v)), false),
            }
        }
        best.filter(|_| !tied).map(|(seat, _)| seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leader_is_the_one_seat_on_top() {
        assert_eq!(Returns::from_slice(&[3.0, 5.0, 4.0]).leader(), Some(1));
        assert_eq!(Returns::from_slice(&[5.0, 5.0, 4.0]).leader(), None);
        // A tie below the top does not matter, nor does a tie broken later in the list.
        assert_eq!(Returns::from_slice(&[1.0, 1.0, 4.0]).leader(), Some(2));
        assert_eq!(Returns::from_slice(&[4.0, 4.0, 6.0]).leader(), Some(2));
        assert_eq!(Returns::from_slice(&[-2.0]).leader(), Some(0));
        assert_eq!(Returns::zeros(0).leader(), None);
    }
}
