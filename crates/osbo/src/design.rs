//! Designs: the text format, validation and scoring by tracing cords.
//!
//! A [`Design`] is a grid of at most [`FRAME`] x [`FRAME`] cells, each empty or holding a
//! die described by its [`Edges`]. It is stored as one `u64` per row, four bits per cell,
//! so a design is 128 bytes, copies with a `memcpy`, and whole rows of targets come out of
//! a few shifts and masks.
//!
//! # The design format
//!
//! One line per row, one character per cell: a hexadecimal digit giving the cell's crossing
//! edges as a bit mask (1 = north, 2 = east, 4 = south, 8 = west), or `.` for an empty
//! cell. Lines starting with `#` and blank lines are ignored; a short line is padded with
//! empty cells. The full 3 x 3 design:
//!
//! ```text
//! 6ec
//! 7fd
//! 3b9
//! ```
//!
//! [`Design::parse`] checks that every placed cell is a real face
//! (non-zero) and that crossings match across every edge shared by two placed cells; the
//! error names the first bad cell.
//!
//! # Scoring
//!
//! A cord is a connected strand. Its length is the number of crossing passages it makes: a
//! crossing shared with another cord counts once for each, a self-crossing twice. A cord is closed when it has no open end. A player's score is the
//! lengths of the closed cords in descending order, compared lexicographically.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::face::{Dir, Edges, NO_PORT, WIRING, across};

/// The side of the square frame a design lives in.
pub const FRAME: usize = 16;

/// The lowest bit of every four-bit cell of a row.
pub(crate) const LO: u64 = 0x1111_1111_1111_1111;

/// The cells of a row that hold a die, one flag bit (the lowest of each nibble) per cell.
#[inline]
pub(crate) const fn occupied(row: u64) -> u64 {
    (row | row >> 1 | row >> 2 | row >> 3) & LO
}

/// The strand ports of a die, by its edges: the two ports `2e` and `2e + 1` of every
/// crossing edge `e`, as a bit set.
const PORTS: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut edges = 0;
    while edges < 16 {
        let mut e = 0;
        while e < 4 {
            if edges & (1 << e) != 0 {
                table[edges] |= 3 << (2 * e);
            }
            e += 1;
        }
        edges += 1;
    }
    table
};

/// The ports a closed cord through a die may be walked from: `CLOSING[edges][facing]`,
/// for a die showing `edges` whose neighbours are placed on the edges `facing`, is the
/// lower port of each of its strands whose two ports are on edges facing a die, as a bit
/// set. A strand with a port on an edge facing an empty cell (an open end) is on no
/// closed cord.
const CLOSING: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut edges = 1;
    while edges < 16 {
        let mut facing = 0;
        while facing < 16 {
            let mut p = 0;
            while p < 8 {
                let q = WIRING[edges][p];
                if q != NO_PORT
                    && (p as u8) < q
                    && facing & edges & (1 << (p / 2)) != 0
                    && facing & edges & (1 << (q / 2)) != 0
                {
                    table[edges][facing] |= 1 << p;
                }
                p += 1;
            }
            facing += 1;
        }
        edges += 1;
    }
    table
};

/// A grid of dice, at most [`FRAME`] x [`FRAME`] cells.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Design {
    rows: [u64; FRAME],
}

/// Why a design text was rejected: the first bad cell (rows and columns count from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// No cell holds a die.
    #[error("the design has no dice")]
    Empty,
    /// More than [`FRAME`] rows or columns.
    #[error("the design is too large: {rows} rows by {cols} columns (at most {FRAME} x {FRAME})")]
    TooLarge {
        /// Rows given.
        rows: usize,
        /// Longest row given.
        cols: usize,
    },
    /// A character that is neither a hexadecimal digit nor `.`.
    #[error("row {row}, column {col}: {found:?} is not a cell (expected a hex digit 1-f or `.`)")]
    BadChar {
        /// Row (from 1).
        row: usize,
        /// Column (from 1).
        col: usize,
        /// The character found.
        found: char,
    },
    /// `0`: a die with no crossing is not a face.
    #[error("row {row}, column {col}: 0 is not a die face (every face has at least one crossing)")]
    NoCrossing {
        /// Row (from 1).
        row: usize,
        /// Column (from 1).
        col: usize,
    },
    /// The crossings of two neighbouring dice do not match.
    #[error(
        "row {row}, column {col}: the {side} edge {} but the neighbouring die's edge {}",
        if *has { "has a crossing" } else { "is blank" },
        if *has { "is blank" } else { "has a crossing" }
    )]
    Mismatch {
        /// Row (from 1).
        row: usize,
        /// Column (from 1).
        col: usize,
        /// `east` or `south`: the edge shared with the neighbour.
        side: &'static str,
        /// Whether this cell's edge has a crossing.
        has: bool,
    },
}

/// One cord of a design.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cord {
    /// Crossing passages (self-crossings count twice).
    pub length: u32,
    /// Whether it has no open end.
    pub closed: bool,
    /// A cell the cord passes through (row, column, from 0 in the frame).
    pub cell: (usize, usize),
    /// A port of that cell on the cord.
    pub port: u8,
}

/// A strand inside one tile: `(cell (row, column), port, port, cord index)`.
pub type Arc = ((usize, usize), u8, u8, usize);

/// The cords of a design and what they score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Every cord: closed ones first, each group longest first.
    pub cords: Vec<Cord>,
    /// The score: the closed cords' lengths, longest first.
    pub score: Vec<u32>,
    /// Whether the design has no open path end.
    pub closed: bool,
    /// Crossings (edges shared by two dice).
    pub crossings: u32,
    /// Dice placed.
    pub dice: u32,
}

impl Design {
    /// The empty design.
    pub const EMPTY: Design = Design { rows: [0; FRAME] };

    /// The edges of cell (`row`, `col`); empty outside the frame.
    #[inline]
    pub fn get(&self, row: i32, col: i32) -> Edges {
        if !(0..FRAME as i32).contains(&row) || !(0..FRAME as i32).contains(&col) {
            return Edges::EMPTY;
        }
        Edges(((self.rows[row as usize] >> (4 * col)) & 15) as u8)
    }

    /// Sets cell (`row`, `col`).
    ///
    /// # Panics
    /// If the cell is outside the frame.
    #[inline]
    pub fn set(&mut self, row: usize, col: usize, edges: Edges) {
        let shift = 4 * col;
        self.rows[row] = (self.rows[row] & !(15 << shift)) | ((edges.0 as u64 & 15) << shift);
    }

    /// The targets in row `r`: empty cells next to a crossing that points at them, one flag
    /// bit per cell as in [`occupied`].
    #[inline]
    pub(crate) fn target_row(&self, r: usize) -> u64 {
        let x = self.rows[r];
        let mut t = ((x >> 1) & LO) << 4 | ((x >> 3) & LO) >> 4;
        if r > 0 {
            t |= (self.rows[r - 1] >> 2) & LO;
        }
        if r + 1 < FRAME {
            t |= self.rows[r + 1] & LO;
        }
        t & !occupied(x)
    }

    /// Row `r`, four bits per cell.
    #[inline]
    pub(crate) fn row(&self, r: usize) -> u64 {
        self.rows[r]
    }

    /// [`Design::probe`] for every cell of row `r` at once: the edges the placed neighbours
    /// require (those pointing at the cell with a crossing) and the edges that face a placed
    /// neighbour, each as a row of four-bit cells. Only empty cells' values mean anything.
    #[inline]
    pub(crate) fn probe_row(&self, r: usize) -> (u64, u64) {
        let x = self.rows[r];
        let up = if r > 0 { self.rows[r - 1] } else { 0 };
        let down = if r + 1 < FRAME { self.rows[r + 1] } else { 0 };
        // The neighbours to the east and west, moved into this cell's place.
        let (east, west) = (x >> 4, x << 4);
        let req =
            (up >> 2) & LO | ((east >> 3) & LO) << 1 | (down & LO) << 2 | ((west >> 1) & LO) << 3;
        let occ = occupied(up) | occupied(east) << 1 | occupied(down) << 2 | occupied(west) << 3;
        (req, occ)
    }

    /// For an empty cell: the edges its placed neighbours require (those pointing at it
    /// with a crossing) and the edges that face a placed neighbour.
    #[inline]
    pub fn probe(&self, row: i32, col: i32) -> (Edges, Edges) {
        let (mut req, mut occ) = (0, 0);
        for d in Dir::ALL {
            let (dr, dc) = d.step();
            let n = self.get(row + dr, col + dc);
            if !n.is_empty() {
                occ |= d.bit();
                if n.has(d.opposite()) {
                    req |= d.bit();
                }
            }
        }
        (Edges(req), Edges(occ))
    }

    /// The design closed at once with the fewest crossings: every target gets the die whose
    /// crossings are exactly those pointing at it, which opens no new end.
    pub fn closure(&self) -> Design {
        let mut closed = *self;
        for (r, row) in closed.rows.iter_mut().enumerate() {
            let targets = self.target_row(r);
            if targets != 0 {
                let (req, _) = self.probe_row(r);
                *row |= req & (targets * 15);
            }
        }
        closed
    }

    /// The number of dice.
    pub fn dice(&self) -> u32 {
        self.rows.iter().map(|&r| occupied(r).count_ones()).sum()
    }

    /// Whether no placed die has a crossing towards an empty cell (or the frame's edge).
    pub fn is_closed(&self) -> bool {
        self.open_ends().next().is_none()
    }

    /// The open path ends: (row, column, edge) of each crossing that points at an empty cell.
    pub fn open_ends(&self) -> impl Iterator<Item = (usize, usize, Dir)> + '_ {
        self.cells().flat_map(move |(r, c, e)| {
            Dir::ALL.into_iter().filter_map(move |d| {
                let (dr, dc) = d.step();
                (e.has(d) && self.get(r as i32 + dr, c as i32 + dc).is_empty()).then_some((r, c, d))
            })
        })
    }

    /// Every placed cell: (row, column, edges), row by row.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, Edges)> + '_ {
        (0..FRAME).flat_map(move |r| {
            (0..FRAME).filter_map(move |c| {
                let e = self.get(r as i32, c as i32);
                (!e.is_empty()).then_some((r, c, e))
            })
        })
    }

    /// The rows and columns holding dice: `(first row, last row, first column, last
    /// column)`, or `None` for the empty design.
    pub fn bounds(&self) -> Option<(usize, usize, usize, usize)> {
        let rows: Vec<usize> = (0..FRAME).filter(|&r| self.rows[r] != 0).collect();
        let cols = self.rows.iter().fold(0u64, |a, &r| a | occupied(r));
        if rows.is_empty() {
            return None;
        }
        let c0 = cols.trailing_zeros() as usize / 4;
        let c1 = (63 - cols.leading_zeros() as usize) / 4;
        Some((rows[0], *rows.last().unwrap_or(&rows[0]), c0, c1))
    }

    /// The design moved so that its dice start at row 0, column 0.
    pub fn normalized(&self) -> Design {
        let Some((r0, _, c0, _)) = self.bounds() else {
            return *self;
        };
        let mut d = Design::EMPTY;
        for r in r0..FRAME {
            d.rows[r - r0] = self.rows[r] >> (4 * c0);
        }
        d
    }

    /// Reads a design in the text format (see the module docs).
    ///
    /// # Errors
    /// [`DesignError`] naming the first bad cell, reading row by row.
    pub fn parse(text: &str) -> Result<Design, DesignError> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let cols = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        if lines.len() > FRAME || cols > FRAME {
            return Err(DesignError::TooLarge {
                rows: lines.len(),
                cols,
            });
        }
        let mut d = Design::EMPTY;
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let (row, col) = (r + 1, c + 1);
                match ch {
                    '.' => {}
                    '0' => return Err(DesignError::NoCrossing { row, col }),
                    _ => match ch.to_digit(16) {
                        Some(v) => d.set(r, c, Edges(v as u8)),
                        None => {
                            return Err(DesignError::BadChar {
                                row,
                                col,
                                found: ch,
                            });
                        }
                    },
                }
            }
        }
        d.validate()?;
        Ok(d)
    }

    /// Checks that crossings match across every edge shared by two dice, and that the
    /// design is not empty.
    ///
    /// # Errors
    /// [`DesignError::Mismatch`] for the first cell (row by row) whose east or south edge
    /// disagrees with its neighbour; [`DesignError::Empty`].
    pub fn validate(&self) -> Result<(), DesignError> {
        if self.dice() == 0 {
            return Err(DesignError::Empty);
        }
        for (r, c, e) in self.cells() {
            for (d, side) in [(Dir::E, "east"), (Dir::S, "south")] {
                let (dr, dc) = d.step();
                let n = self.get(r as i32 + dr, c as i32 + dc);
                if !n.is_empty() && e.has(d) != n.has(d.opposite()) {
                    return Err(DesignError::Mismatch {
                        row: r + 1,
                        col: c + 1,
                        side,
                        has: e.has(d),
                    });
                }
            }
        }
        Ok(())
    }

    /// The design as text, from its first to its last row and column holding dice.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        if let Some((r0, r1, c0, c1)) = self.bounds() {
            for r in r0..=r1 {
                for c in c0..=c1 {
                    s.push(self.get(r as i32, c as i32).digit());
                }
                s.push('\n');
            }
        }
        s
    }

    /// The number of edges shared by two dice that carry a crossing.
    pub fn crossings(&self) -> u32 {
        self.cells()
            .map(|(r, c, e)| {
                [Dir::E, Dir::S]
                    .into_iter()
                    .filter(|&d| {
                        let (dr, dc) = d.step();
                        e.has(d) && !self.get(r as i32 + dr, c as i32 + dc).is_empty()
                    })
                    .count() as u32
            })
            .sum()
    }

    /// Calls `f` with every cord, in no particular order, without allocating. Assumes
    /// matching crossings (as [`Design::validate`] checks).
    pub fn for_each_cord(&self, mut f: impl FnMut(Cord)) {
        let mut seen = [0u8; FRAME * FRAME];
        for (r, &row) in self.rows.iter().enumerate() {
            // Only the dice, and in each die only the ports not yet on a traced cord,
            // lowest first (a trace marks ports of this die too, so the mask is re-read).
            let mut cells = occupied(row);
            while cells != 0 {
                let shift = cells.trailing_zeros();
                cells &= cells - 1;
                let (c, ports) = (shift as usize / 4, PORTS[((row >> shift) & 15) as usize]);
                loop {
                    let unseen = ports & !seen[r * FRAME + c];
                    if unseen == 0 {
                        break;
                    }
                    let p = unseen.trailing_zeros() as u8;
                    f(self.trace(&mut seen, (r, c), p, &mut |_, _, _| {}));
                }
            }
        }
    }

    /// Calls `f` with the length of every closed cord through the die at (`r`, `c`), which
    /// shows `edges` and whose placed neighbours are on the sides `facing`. Each cord is
    /// walked from its lowest port in that die, and a walk stops at the first open end.
    ///
    /// A closed cord passes through the die by a strand whose two ports are both on edges
    /// facing a die, and only such strands are walked from (a table lists them): nearly two
    /// dice in three have none (a die facing one neighbour has one only if it is an end
    /// cap) and cost a lookup, inlined into the caller, which knows the die's neighbours
    /// already (placing it reads them). The walk reads the packed rows directly, a few
    /// operations a step, out of line: it runs at every die a followed board takes
    /// ([`crate::Board::place`]) that can close a cord.
    #[inline]
    pub(crate) fn for_each_closed_cord_through(
        &self,
        (r, c): (usize, usize),
        edges: Edges,
        facing: Edges,
        f: impl FnMut(u32),
    ) {
        let ports = CLOSING[usize::from(edges.0)][usize::from(facing.0)];
        if ports != 0 {
            self.walk_closed_cords(r, c, ports, f);
        }
    }

    /// Walks from the die at (`r`, `c`) along the strands starting at `ports` (see
    /// [`Design::for_each_closed_cord_through`]), calling `f` with each closed cord's
    /// length.
    ///
    /// A cell is walked to as one number, its bit offset in the packed rows spread out with
    /// a row's worth of padding after each row (a stride of [`Self::WALK_ROW`] bits): a
    /// step is one addition, and one mask finds every step off the frame, whose side is
    /// then as clear as its top and bottom (a step east from the last column lands in the
    /// padding, not in the next row's first cell).
    #[inline(never)]
    fn walk_closed_cords(&self, r: usize, c: usize, mut ports: u8, mut f: impl FnMut(u32)) {
        const ROW: usize = Design::WALK_ROW;
        // The bits set in no cell's offset: the padding and everything past the last row
        // (steps above the first row wrap around to huge offsets).
        const OFF_FRAME: usize = !(FRAME * ROW - 1) | 64;
        // A step by the port it enters the next tile at, `ENTER[16 * tile + p]`: the
        // port across the edge where the strand from port `p` of `tile` leaves it, or
        // [`NO_PORT`] if none does (a mismatched crossing, which a valid design has not).
        // Indexed by any tile and any byte, so that no index needs a check.
        const ENTER: [u8; 16 * 16 + 256] = {
            let mut table = [NO_PORT; 16 * 16 + 256];
            let mut tile = 0;
            while tile < 16 {
                let mut p = 0;
                while p < 8 {
                    let q = WIRING[tile][p];
                    if q != NO_PORT {
                        table[16 * tile + p] = across(q);
                    }
                    p += 1;
                }
                tile += 1;
            }
            table
        };
        // The step to the tile entered at each port: away from the port's edge (from
        // [`NO_PORT`], off the frame).
        const STEP_IN: [usize; 256] = {
            let edge = [ROW, 4usize.wrapping_neg(), ROW.wrapping_neg(), 4];
            let mut steps = [FRAME * ROW; 256];
            let mut p = 0;
            while p < 8 {
                steps[p] = edge[p / 2];
                p += 1;
            }
            steps
        };
        const _: () = assert!(4 * FRAME == 64 && ROW == 128);
        // (Masking the row, a no-op within the frame, spares a bounds check.)
        let edges = |at: usize| ((self.rows[(at / ROW) % FRAME] >> (at % 64)) & 15) as usize;
        let start = r * ROW + 4 * c;
        let here = edges(start);
        'cords: while ports != 0 {
            let p0 = ports.trailing_zeros() as u8;
            ports &= ports - 1;
            let (mut at, mut tile, mut p, mut length) = (start, here, p0, 0);
            loop {
                // Through the tile and across its edge, to port p of the next.
                p = ENTER[16 * tile + usize::from(p)];
                at = at.wrapping_add(STEP_IN[usize::from(p)]);
                if at & OFF_FRAME != 0 {
                    continue 'cords; // an open end at the frame's edge
                }
                tile = edges(at);
                if tile == 0 {
                    continue 'cords; // an open end
                }
                length += 1;
                if at == start {
                    if p == p0 {
                        f(length);
                        continue 'cords;
                    }
                    if p.min(WIRING[tile][usize::from(p)]) < p0 {
                        continue 'cords; // walked from a lower port
                    }
                }
            }
        }
    }

    /// The stride of a row in the cell offsets of [`Design::walk_closed_cords`]: its
    /// `4 * FRAME` bits and as many of padding.
    const WALK_ROW: usize = 8 * FRAME;

    /// The node across port `p` of `cell`, if a die is there.
    #[inline]
    fn across_node(&self, (r, c): (usize, usize), p: u8) -> Option<(usize, usize)> {
        // [`Dir::step`] by table: a `match` on the edge compiles to a jump whose target
        // changes at nearly every step of a trace, and mispredicts.
        const STEPS: [(i32, i32); 4] = [Dir::N.step(), Dir::E.step(), Dir::S.step(), Dir::W.step()];
        let (dr, dc) = STEPS[p as usize / 2];
        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
        (!self.get(nr, nc).is_empty()).then_some((nr as usize, nc as usize))
    }

    /// Every cord with the strands inside tiles that make it: `(cell, port, port, cord
    /// index)`, the cords in the order of [`Design::for_each_cord`].
    pub fn cords_and_arcs(&self) -> (Vec<Cord>, Vec<Arc>) {
        let mut seen = [0u8; FRAME * FRAME];
        let (mut cords, mut arcs) = (Vec::new(), Vec::new());
        for (r, c, e) in self.cells().collect::<Vec<_>>() {
            for p in 0..8u8 {
                if e.has(Dir::ALL[p as usize / 2]) && seen[r * FRAME + c] & (1 << p) == 0 {
                    let i = cords.len();
                    let cord = self.trace(&mut seen, (r, c), p, &mut |cell, p, q| {
                        arcs.push((cell, p, q, i))
                    });
                    cords.push(cord);
                }
            }
        }
        (cords, arcs)
    }

    /// Walks the cord through node (`start`, `p0`), marking its nodes in `seen` and
    /// calling `arc` with each strand inside a tile.
    fn trace(
        &self,
        seen: &mut [u8; FRAME * FRAME],
        start: (usize, usize),
        p0: u8,
        arc: &mut impl FnMut((usize, usize), u8, u8),
    ) -> Cord {
        let mut mark = |(r, c): (usize, usize), p: u8| seen[r * FRAME + c] |= 1 << p;
        let inner = |(r, c): (usize, usize), p: u8| {
            WIRING[self.get(r as i32, c as i32).0 as usize][p as usize]
        };
        let mut length = 0;
        // Forward: inner link first, then across, until an open end or back at the start.
        let (mut cell, mut p) = (start, p0);
        loop {
            mark(cell, p);
            let q = inner(cell, p);
            debug_assert_ne!(q, NO_PORT);
            mark(cell, q);
            arc(cell, p, q);
            match self.across_node(cell, q) {
                Some(next) => {
                    length += 1;
                    (cell, p) = (next, across(q));
                    if cell == start && p == p0 {
                        return Cord {
                            length,
                            closed: true,
                            cell: start,
                            port: p0,
                        };
                    }
                }
                None => break,
            }
        }
        // Backward from the start: across first.
        let (mut cell, mut p) = (start, p0);
        while let Some(next) = self.across_node(cell, p) {
            length += 1;
            (cell, p) = (next, across(p));
            mark(cell, p);
            let q = inner(cell, p);
            mark(cell, q);
            arc(cell, p, q);
            p = q;
        }
        Cord {
            length,
            closed: false,
            cell: start,
            port: p0,
        }
    }

    /// The cords, the score and whether the design is closed.
    pub fn analyse(&self) -> Analysis {
        let mut cords = Vec::new();
        self.for_each_cord(|c| cords.push(c));
        cords.sort_by(|a, b| b.closed.cmp(&a.closed).then(b.length.cmp(&a.length)));
        let score = cords
            .iter()
            .filter(|c| c.closed)
            .map(|c| c.length)
            .collect();
        Analysis {
            cords,
            score,
            closed: self.is_closed(),
            crossings: self.crossings(),
            dice: self.dice(),
        }
    }

    /// The length of the longest closed cord (0 when there is none).
    pub fn best_closed(&self) -> u32 {
        let mut best = 0;
        self.for_each_cord(|c| {
            if c.closed {
                best = best.max(c.length);
            }
        });
        best
    }
}

/// A score as a value that orders as [`compare_scores`] orders the lists, built without
/// allocating: how many closed cords the design has of each length, compared from the
/// longest length down. At the first length where the counts differ, the design with more
/// cords of that length has, in its list longest first, that length where the other has a
/// shorter cord or none: it is the better score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScoreKey([u16; ScoreKey::LENGTHS]);

impl ScoreKey {
    /// One count per length: a cord passes every crossing of the design at most twice,
    /// and an 8 x 8 design has 112 crossings, so no cord is longer than 224.
    const LENGTHS: usize = 256;
}

impl Ord for ScoreKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for ScoreKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Design {
    /// The design's score as a [`ScoreKey`]: its closed cords, counted by length.
    pub fn score_key(&self) -> ScoreKey {
        let mut key = ScoreKey([0; ScoreKey::LENGTHS]);
        self.for_each_cord(|c| {
            // A cord of length 0 counts as no cord, as in `compare_scores`.
            if c.closed && c.length > 0 {
                key.0[(c.length as usize).min(ScoreKey::LENGTHS - 1)] += 1;
            }
        });
        key
    }
}

/// Compares two scores (closed cord lengths, longest first) as the rules do: the longest,
/// then the next longest, and so on; a missing cord counts as 0.
pub fn compare_scores(a: &[u32], b: &[u32]) -> Ordering {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| {
            let x = a.get(i).copied().unwrap_or(0);
            let y = b.get(i).copied().unwrap_or(0);
            x.cmp(&y)
        })
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// The highest possible score on an `n` x `n` grid: `2(2n-1)(n-1)` (the table of the
/// rules page, Cameron Browne 2008).
pub const fn max_score(n: u32) -> u32 {
    2 * (2 * n - 1) * (n.saturating_sub(1))
}

/// The full `rows` x `cols` design: every internal edge a crossing, the border blank.
///
/// # Panics
/// If a side is 0 or above [`FRAME`].
pub fn full_grid(rows: usize, cols: usize) -> Design {
    assert!((1..=FRAME).contains(&rows) && (1..=FRAME).contains(&cols));
    let mut d = Design::EMPTY;
    for r in 0..rows {
        for c in 0..cols {
            let mut e = 0;
            if r > 0 {
                e |= Dir::N.bit();
            }
            if c + 1 < cols {
                e |= Dir::E.bit();
            }
            if r + 1 < rows {
                e |= Dir::S.bit();
            }
            if c > 0 {
                e |= Dir::W.bit();
            }
            d.set(r, c, Edges(e));
        }
    }
    d
}

/// A closed `n` x `n` design whose single cord reaches [`max_score`]`(n)`: the full grid
/// without the `n - 1` crossings between the dice of its top row, so the
/// top row is all end caps.
///
/// # Panics
/// If `n` is not in `2..=FRAME`.
pub fn max_score_design(n: usize) -> Design {
    assert!((2..=FRAME).contains(&n), "n must be 2 to {FRAME}");
    let mut d = full_grid(n, n);
    for c in 0..n {
        d.set(0, c, Edges(Dir::S.bit()));
    }
    d
}

impl fmt::Debug for Design {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Design({:?})", self.to_text())
    }
}

impl fmt::Display for Design {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A design serialises as its [`FRAME`] rows in the text format, so records and saved
/// states stay readable.
impl Serialize for Design {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows: Vec<String> = (0..FRAME)
            .map(|r| {
                (0..FRAME)
                    .map(|c| self.get(r as i32, c as i32).digit())
                    .collect()
            })
            .collect();
        rows.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Design {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = Vec::<String>::deserialize(d)?;
        let text = rows.join("\n");
        if text.chars().all(|c| c == '.' || c == '\n') {
            return Ok(Design::EMPTY);
        }
        let parsed = Design::parse(&text).map_err(serde::de::Error::custom)?;
        // `parse` ignores nothing here: every row is FRAME characters of cells.
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lengths(d: &Design) -> Vec<u32> {
        d.analyse().cords.iter().map(|c| c.length).collect()
    }

    /// The full rectangles' cords, and the full n x n as n cords of 4(n - 1).
    #[test]
    fn cords_of_full_rectangles() {
        let cases: [((usize, usize), &[u32]); 6] = [
            ((2, 2), &[4, 4]),
            ((2, 3), &[14]),
            ((2, 4), &[10, 10]),
            ((3, 3), &[8, 8, 8]),
            ((3, 4), &[34]),
            ((1, 3), &[4]),
        ];
        for ((h, w), want) in cases {
            let d = full_grid(h, w);
            assert_eq!(lengths(&d), want, "{h}x{w}");
            assert!(d.analyse().cords.iter().all(|c| c.closed));
        }
        assert_eq!(lengths(&full_grid(1, 2)), [2]);
        for n in 2..=8 {
            let a = full_grid(n, n).analyse();
            assert_eq!(a.score, vec![4 * (n as u32 - 1); n], "{n}x{n}");
            assert_eq!(a.crossings, 2 * n as u32 * (n as u32 - 1));
        }
    }

    #[test]
    fn parse_and_print_round_trip() {
        let d = Design::parse("# the full 3x3\n6ec\n7fd\n3b9\n").unwrap();
        assert_eq!(d, full_grid(3, 3));
        assert_eq!(d.to_text(), "6ec\n7fd\n3b9\n");
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<Design>(&json).unwrap(), d);
    }

    #[test]
    fn errors_name_the_first_bad_cell() {
        assert_eq!(
            Design::parse("6c\n3x").unwrap_err(),
            DesignError::BadChar {
                row: 2,
                col: 2,
                found: 'x'
            }
        );
        let e = Design::parse("64\n39").unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 1, column 1: the east edge has a crossing but the neighbouring die's edge is blank"
        );
        assert!(matches!(
            Design::parse("4\n0"),
            Err(DesignError::NoCrossing { row: 2, col: 1 })
        ));
        assert_eq!(Design::parse("..\n").unwrap_err(), DesignError::Empty);
        assert!(matches!(
            Design::parse(&".".repeat(17)),
            Err(DesignError::TooLarge { cols: 17, .. })
        ));
    }

    #[test]
    fn open_designs_have_open_cords() {
        let d = Design::parse("f").unwrap();
        let a = d.analyse();
        assert!(!a.closed);
        assert!(a.score.is_empty());
        assert_eq!(a.cords.len(), 4);
        assert_eq!(Design::parse("2\n").unwrap().open_ends().count(), 1);
        // Two caps facing each other: one closed cord of length 2.
        assert_eq!(Design::parse("28").unwrap().analyse().score, [2]);
    }

    /// Closing at once: every target gets exactly the crossings pointing at it, so the
    /// start cross gets four end caps, and a closed design stays as it is.
    #[test]
    fn closure_gives_each_target_the_crossings_pointing_at_it() {
        let start = Design::parse(".\n.f\n").unwrap();
        let closed = start.closure();
        assert_eq!(closed.to_text(), ".4.\n2f8\n.1.\n");
        assert!(closed.is_closed());
        assert_eq!(closed.analyse().score, [8]);
        // A target next to a die with no crossing towards it gets a blank edge there; one
        // with two ends pointing at it gets a corner.
        let capped = Design::parse("6c\n5.").unwrap().closure();
        assert_eq!(capped.to_text(), "6c\n51\n1.\n");
        let cornered = Design::parse("6c\n3.").unwrap().closure();
        assert_eq!(cornered.to_text(), "6c\n39\n");
        assert!(capped.is_closed() && cornered.is_closed());
        assert_eq!(full_grid(3, 3).closure(), full_grid(3, 3));
    }

    #[test]
    fn scores_compare_longest_first() {
        assert_eq!(compare_scores(&[10], &[8, 8, 8]), Ordering::Greater);
        assert_eq!(compare_scores(&[8, 8], &[8, 8, 8]), Ordering::Less);
        assert_eq!(compare_scores(&[], &[]), Ordering::Equal);
    }
}
