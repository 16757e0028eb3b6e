//! Actions: the first-player draw, a roll of the dice, and one die placed.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::face::{Edges, FACE_TYPES, Face};

/// The dice of one roll as a multiset of face types: `counts[f]` dice show face `f`
/// (in [`Face::ALL`] order). Sorted multisets keep chance nodes small: 15 outcomes for two
/// dice instead of 36.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Roll(pub [u8; FACE_TYPES]);

impl Roll {
    /// The number of dice.
    pub fn len(self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }

    /// Whether there are no dice.
    pub fn is_empty(self) -> bool {
        self.0 == [0; FACE_TYPES]
    }

    /// How many dice show `face`.
    pub fn count(self, face: Face) -> u8 {
        self.0[face as usize]
    }

    /// The roll with one more die showing `face`.
    pub fn with(mut self, face: Face) -> Roll {
        self.0[face as usize] += 1;
        self
    }

    /// The roll without one die showing `face`.
    ///
    /// # Panics
    /// In debug builds, if no die shows `face`.
    pub fn without(mut self, face: Face) -> Roll {
        self.0[face as usize] -= 1;
        self
    }

    /// The faces, one per die, in [`Face::ALL`] order.
    pub fn faces(self) -> impl Iterator<Item = Face> {
        Face::ALL
            .into_iter()
            .flat_map(move |f| std::iter::repeat_n(f, self.count(f) as usize))
    }

    /// Every edge set the dice can show (any rotation), as a bit set over the 16 masks.
    pub fn edge_sets(self) -> u16 {
        Face::ALL
            .iter()
            .filter(|&&f| self.count(f) > 0)
            .fold(0, |a, f| a | f.rotations())
    }

    /// The exact weight of this multiset among the `6^len` ordered rolls of its dice.
    pub fn weight(self) -> u32 {
        let mut w = (1..=self.len() as u32).product::<u32>();
        for f in Face::ALL {
            let c = self.count(f) as u32;
            w /= (1..=c).product::<u32>();
            w *= f.weight().pow(c);
        }
        w
    }
}

impl fmt::Display for Roll {
    /// `corner+corner+cross`; `nothing` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        let names: Vec<&str> = self.faces().map(Face::name).collect();
        f.write_str(&names.join("+"))
    }
}

/// One die placed: which design, which cell (relative to the start die; rows grow
/// southwards, columns eastwards), and the edges it shows (which fixes the face and the
/// rotation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Placement {
    /// The design (the seat that owns it).
    pub design: u8,
    /// Row offset from the start die.
    pub row: i8,
    /// Column offset from the start die.
    pub col: i8,
    /// The crossing edges of the placed face.
    pub edges: Edges,
}

impl Placement {
    /// The face type placed.
    pub fn face(self) -> Face {
        self.edges.face().unwrap_or(Face::Cross)
    }
}

impl fmt::Display for Placement {
    /// `design 2: corner S+W at (-1,+2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "design {}: {} {} at ({:+},{:+})",
            self.design + 1,
            self.face(),
            self.edges,
            self.row,
            self.col
        )
    }
}

/// A move or chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Chance: this seat moves first.
    First(u8),
    /// Chance: the dice of this turn.
    Roll(Roll),
    /// The mover places one die.
    Place(Placement),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::First(s) => write!(f, "seat {} moves first", s + 1),
            Action::Roll(r) => write!(f, "roll {r}"),
            Action::Place(p) => write!(f, "{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_small() {
        assert!(
            std::mem::size_of::<Action>() <= 6,
            "{}",
            std::mem::size_of::<Action>()
        );
    }

    #[test]
    fn roll_weights() {
        let two_corners = Roll::default().with(Face::Corner).with(Face::Corner);
        assert_eq!(two_corners.weight(), 4);
        let cap_corner = Roll::default().with(Face::Cap).with(Face::Corner);
        assert_eq!(cap_corner.weight(), 4);
        assert_eq!(cap_corner.to_string(), "cap+corner");
        assert_eq!(cap_corner.without(Face::Cap).len(), 1);
    }
}
