//! Die faces, edge sets, rotation and the wiring of the strands inside a tile.
//!
//! A placed die is fully described by its [`Edges`]: the set of its four edges that carry a
//! crossing. Every non-empty set belongs to exactly one [`Face`] type, and
//! every rotation giving that set has the same wiring, so the rules never need to remember
//! which rotation was used.
//!
//! Strand ports are numbered clockwise around the tile, two per edge: `p = 2e + k` for edge
//! `e` (N = 0, E = 1, S = 2, W = 3), so 0 N-left, 1 N-right, 2 E-top, 3 E-bottom, 4 S-right,
//! 5 S-left, 6 W-bottom, 7 W-top.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the four edges of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// North (up).
    N = 0,
    /// East (right).
    E = 1,
    /// South (down).
    S = 2,
    /// West (left).
    W = 3,
}

impl Dir {
    /// The four directions, in bit order.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The bit of this edge in an [`Edges`] mask: 1, 2, 4 or 8.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The edge on the other side of a shared edge.
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }

    /// The row and column step to the neighbour across this edge.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Dir::N => (-1, 0),
            Dir::E => (0, 1),
            Dir::S => (1, 0),
            Dir::W => (0, -1),
        }
    }

    /// `N`, `E`, `S` or `W`.
    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }
}

/// The set of a cell's edges that carry a crossing: a bit mask, 1 = N, 2 = E, 4 = S, 8 = W.
/// `Edges(0)` is an empty cell.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Edges(pub u8);

impl Edges {
    /// No crossing: an empty cell.
    pub const EMPTY: Edges = Edges(0);
    /// All four edges: the X face.
    pub const ALL: Edges = Edges(15);

    /// Whether no edge is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `dir` carries a crossing.
    pub const fn has(self, dir: Dir) -> bool {
        self.0 & dir.bit() != 0
    }

    /// The number of crossing edges.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set turned a quarter clockwise (N goes to E).
    pub const fn rotate(self) -> Edges {
        Edges(((self.0 << 1) | (self.0 >> 3)) & 15)
    }

    /// The face type showing this edge set, or `None` for the empty set (or a value above 15).
    pub const fn face(self) -> Option<Face> {
        match self.0 {
            1 | 2 | 4 | 8 => Some(Face::Cap),
            5 | 10 => Some(Face::Chain),
            3 | 6 | 9 | 12 => Some(Face::Corner),
            7 | 11 | 13 | 14 => Some(Face::Branch),
            15 => Some(Face::Cross),
            _ => None,
        }
    }

    /// The hexadecimal digit of the design format (`1`..`f`), `.` when empty.
    pub fn digit(self) -> char {
        if self.is_empty() {
            '.'
        } else {
            char::from_digit(self.0 as u32, 16).unwrap_or('?')
        }
    }
}

impl fmt::Display for Edges {
    /// The edges as letters, e.g. `N+E+S`; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let mut first = true;
        for d in Dir::ALL {
            if self.has(d) {
                if !first {
                    f.write_str("+")?;
                }
                write!(f, "{}", d.letter())?;
                first = false;
            }
        }
        Ok(())
    }
}

/// The face types of an Osbo die. Two of the six faces are corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// End cap: one crossing (S unrotated).
    Cap = 0,
    /// Chain: two opposite crossings (N and S).
    Chain = 1,
    /// Corner: two adjacent crossings (W and S); on two of the six faces.
    Corner = 2,
    /// Branch: three crossings (W, E and S).
    Branch = 3,
    /// Cross: all four crossings; the start die shows it.
    Cross = 4,
}

/// The number of face types.
pub const FACE_TYPES: usize = 5;

impl Face {
    /// The face types in order.
    pub const ALL: [Face; FACE_TYPES] = [
        Face::Cap,
        Face::Chain,
        Face::Corner,
        Face::Branch,
        Face::Cross,
    ];

    /// How many of the six faces of a die show this type.
    pub const fn weight(self) -> u32 {
        match self {
            Face::Corner => 2,
            _ => 1,
        }
    }

    /// The type of die face `0..6` (faces 2 and 3 are both corners).
    pub const fn of_die_face(index: u64) -> Face {
        match index {
            0 => Face::Cap,
            1 => Face::Chain,
            2 | 3 => Face::Corner,
            4 => Face::Branch,
            _ => Face::Cross,
        }
    }

    /// The edge set of the unrotated face.
    pub const fn edges(self) -> Edges {
        match self {
            Face::Cap => Edges(4),
            Face::Chain => Edges(5),
            Face::Corner => Edges(12),
            Face::Branch => Edges(14),
            Face::Cross => Edges(15),
        }
    }

    /// The distinct edge sets of its rotations, as a bit set over the 16 masks.
    pub const fn rotations(self) -> u16 {
        let mut set = 0u16;
        let mut e = self.edges();
        let mut i = 0;
        while i < 4 {
            set |= 1 << e.0;
            e = e.rotate();
            i += 1;
        }
        set
    }

    /// A short name: `cap`, `chain`, `corner`, `branch`, `cross`.
    pub const fn name(self) -> &'static str {
        match self {
            Face::Cap => "cap",
            Face::Chain => "chain",
            Face::Corner => "corner",
            Face::Branch => "branch",
            Face::Cross => "cross",
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// No port: the entry for ports on blank edges in [`WIRING`].
pub const NO_PORT: u8 = 8;

/// The port on the other end of the strand inside the tile: `WIRING[edges][port]`, or
/// [`NO_PORT`] when `port` is on a blank edge.
///
/// Every face is the X face's four corner arcs (port `2e+1` to port `2e+2`) with each blank
/// edge acting as a mirror that joins its own two ports: the strands of the die faces as
/// drawn on the game's play-by-email help page.
pub const WIRING: [[u8; 8]; 16] = wiring_table();

const fn arc(p: u8) -> u8 {
    if p % 2 == 1 { (p + 1) % 8 } else { (p + 7) % 8 }
}

const fn wiring_table() -> [[u8; 8]; 16] {
    let mut table = [[NO_PORT; 8]; 16];
    let mut mask = 1;
    while mask < 16 {
        let mut p = 0u8;
        while p < 8 {
            if mask & (1 << (p / 2)) != 0 {
                let mut q = arc(p);
                while mask & (1 << (q / 2)) == 0 {
                    q = arc(q ^ 1);
                }
                table[mask][p as usize] = q;
            }
            p += 1;
        }
        mask += 1;
    }
    table
}

/// The port of the neighbour that port `p` joins across its edge: the same `k` on the
/// opposite edge, `2(e+2)+k`: the strands cross diagonally at the edge's midpoint.
pub const fn across(p: u8) -> u8 {
    (p + 4) % 8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unrotated wirings, as the die faces are drawn.
    #[test]
    fn wiring_matches_the_drawn_faces() {
        let pairs = |e: Edges| -> Vec<(u8, u8)> {
            (0..8u8)
                .filter_map(|p| {
                    let q = WIRING[e.0 as usize][p as usize];
                    (q != NO_PORT && p < q).then_some((p, q))
                })
                .collect()
        };
        assert_eq!(pairs(Face::Cross.edges()), [(0, 7), (1, 2), (3, 4), (5, 6)]);
        assert_eq!(pairs(Face::Branch.edges()), [(2, 7), (3, 4), (5, 6)]);
        assert_eq!(pairs(Face::Corner.edges()), [(4, 7), (5, 6)]);
        assert_eq!(pairs(Face::Chain.edges()), [(0, 5), (1, 4)]);
        assert_eq!(pairs(Face::Cap.edges()), [(4, 5)]);
    }

    /// Rotating a face rotates its wiring (p -> p+2), and every mask has one face type.
    #[test]
    fn rotation_keeps_the_wiring() {
        for face in Face::ALL {
            let mut e = face.edges();
            for _ in 0..4 {
                let r = e.rotate();
                assert_eq!(r.face(), Some(face));
                for p in 0..8u8 {
                    let q = WIRING[e.0 as usize][p as usize];
                    let rq = WIRING[r.0 as usize][((p + 2) % 8) as usize];
                    if q == NO_PORT {
                        assert_eq!(rq, NO_PORT);
                    } else {
                        assert_eq!(rq, (q + 2) % 8, "{face} {e} port {p}");
                    }
                }
                e = r;
            }
        }
        let counts: Vec<u32> = Face::ALL
            .iter()
            .map(|f| f.rotations().count_ones())
            .collect();
        assert_eq!(counts, [4, 2, 4, 4, 1]);
        let all: u16 = Face::ALL.iter().fold(0, |a, f| a | f.rotations());
        assert_eq!(all, 0xfffe, "every non-empty mask is some face");
        assert_eq!(Face::ALL.iter().map(|f| f.weight()).sum::<u32>(), 6);
    }

    #[test]
    fn edges_print_as_letters_and_digits() {
        assert_eq!(Edges(13).to_string(), "N+S+W");
        assert_eq!(Edges(10).digit(), 'a');
        assert_eq!(Edges::EMPTY.digit(), '.');
    }
}
