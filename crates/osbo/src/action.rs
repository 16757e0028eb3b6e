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
    /// The counts as the low five bytes of a `u64`. Adding or removing a die is then
    /// arithmetic on a register: changing one byte of the array in memory and reading the
    /// whole of it back stalls the processor's store forwarding.
    #[inline]
    fn packed(self) -> u64 {
        let [a, b, c, d, e] = self.0;
        u64::from_le_bytes([a, b, c, d, e, 0, 0, 0])
    }

    /// The roll of [`Roll::packed`] counts.
    #[inline]
    fn from_packed(x: u64) -> Roll {
        let [a, b, c, d, e, ..] = x.to_le_bytes();
        Roll([a, b, c, d, e])
    }

    /// The number of dice.
    #[inline]
    pub fn len(self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }

    /// Whether there are no dice.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == [0; FACE_TYPES]
    }

    /// How many dice show `face`.
    #[inline]
    pub fn count(self, face: Face) -> u8 {
        (self.packed() >> (8 * face as u32)) as u8
    }

    /// The roll with one more die showing `face`.
    ///
    /// # Panics
    /// In debug builds, if 255 dice show `face` already.
    #[inline]
    pub fn with(self, face: Face) -> Roll {
        let count = self.count(face);
        debug_assert!(count < u8::MAX, "too many dice show {face}");
        self.with_count(face, count.wrapping_add(1))
    }

    /// The roll without one die showing `face`.
    ///
    /// # Panics
    /// In debug builds, if no die shows `face`.
    #[inline]
    pub fn without(self, face: Face) -> Roll {
        let count = self.count(face);
        debug_assert!(count > 0, "no die shows {face}");
        self.with_count(face, count.wrapping_sub(1))
    }

    /// The roll with `count` dice showing `face`.
    #[inline]
    fn with_count(self, face: Face, count: u8) -> Roll {
        let shift = 8 * face as u32;
        Roll::from_packed((self.packed() & !(0xff << shift)) | (u64::from(count) << shift))
    }

    /// The faces, one per die, in [`Face::ALL`] order.
    pub fn faces(self) -> impl Iterator<Item = Face> {
        Face::ALL
            .into_iter()
            .flat_map(move |f| std::iter::repeat_n(f, self.count(f) as usize))
    }

    /// Every edge set the dice can show (any rotation), as a bit set over the 16 masks.
    #[inline]
    pub fn edge_sets(self) -> u16 {
        Face::ALL.iter().fold(0, |a, &f| {
            a | (u16::from(self.count(f) > 0) * f.rotations())
        })
    }

    /// The face types shown, as a bit set (`1 << face`).
    #[inline]
    pub fn face_set(self) -> u8 {
        Face::ALL
            .iter()
            .fold(0, |a, &f| a | (u8::from(self.count(f) > 0) << f as u8))
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
            u16::from(self.design) + 1,
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
            Action::First(s) => write!(f, "seat {} moves first", u16::from(*s) + 1),
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
