//! The state of a match: one board per player and the turn in progress.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::action::Roll;
use crate::config::{MAX_PLAYERS, MAX_SIZE, Window};
use crate::design::{Design, FRAME, LO, occupied};
use crate::face::{Dir, Edges, FACE_TYPES, Face};

/// The frame row and column of the start die. Under the window rule every die and target
/// of an 8 x 8 game stays within 7 cells of it, so a [`FRAME`]-sided frame holds any game.
pub const ORIGIN: usize = 7;

/// The edge sets a die may show in an empty cell whose neighbours require `req` and whose
/// placed neighbours face `occ`: every `S` with `S & occ == req`, as a bit set over the 16
/// masks; empty when `req` is empty (the cell extends no path end).
const fn allowed_table() -> [[u16; 16]; 16] {
    let mut t = [[0u16; 16]; 16];
    let mut req = 1;
    while req < 16 {
        let mut occ = 0;
        while occ < 16 {
            if req & !occ == 0 {
                let mut s = 1;
                while s < 16 {
                    if s & occ == req {
                        t[req][occ] |= 1 << s;
                    }
                    s += 1;
                }
            }
            occ += 1;
        }
        req += 1;
    }
    t
}

const ALLOWED: [[u16; 16]; 16] = allowed_table();

/// The edge sets of each face type, as bit sets over the 16 masks.
const FACE_SETS: [u16; FACE_TYPES] = [
    Face::Cap.rotations(),
    Face::Chain.rotations(),
    Face::Corner.rotations(),
    Face::Branch.rotations(),
    Face::Cross.rotations(),
];

/// Every face type, as a bit set (`1 << face`).
const ALL_FACES: u8 = (1 << FACE_TYPES) - 1;

/// The face types (bit `1 << face`) showing some edge set of `sets`.
#[inline]
fn faces_of(sets: u16) -> u8 {
    let mut faces = 0;
    for (f, &mask) in FACE_SETS.iter().enumerate() {
        faces |= u8::from(sets & mask != 0) << f;
    }
    faces
}

/// One player's design in play, with the bounding boxes the window rule needs.
///
/// The boxes are kept as `[first row, last row, first column, last column]`, over the dice
/// (`cells`) and over the dice and their open-end targets (`reach`). Both only grow: a
/// target becomes a die and dice are never removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The dice.
    pub design: Design,
    cells: [u8; 4],
    reach: [u8; 4],
    /// The face types (bit `1 << face`) that have a legal placement, kept up to date by
    /// [`Board::update_fit`]: the single-die questions of the turn rule are then a lookup.
    fit: u8,
    /// The design's closed cords, once [`Board::follow_closed`] has been called: kept by
    /// [`Board::place`] (which then walks the cords through each new die), so that scores
    /// compare without tracing the designs. A derived cache: equal boards may differ in
    /// it, so it is left out of comparisons and saves.
    #[serde(skip)]
    closed: Closed,
}

/// A design's closed cords as far as most comparisons need, when followed: how many (up
/// to 255) and the [`Closed::KEPT`] longest, longest first (0 for none).
#[derive(Clone, Copy, Debug, Default)]
struct Closed {
    followed: bool,
    count: u8,
    /// The kept lengths as one number, the longest in the highest bits: numbers order as
    /// the lists do, longest first, in one comparison.
    key: u64,
}

/// Every cache equals every other: it is a function of the design, which is compared.
impl PartialEq for Closed {
    fn eq(&self, _: &Closed) -> bool {
        true
    }
}

impl Eq for Closed {}

impl std::hash::Hash for Closed {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

// The kept lengths make one `u64` ([`Closed::key`]).
const _: () = assert!(Closed::KEPT * 16 <= 64);

impl Closed {
    /// Closed cords whose lengths are kept: designs rarely have more.
    const KEPT: usize = 4;

    fn add(&mut self, length: u32) {
        self.count = self.count.saturating_add(1);
        let mut x = length.min(u32::from(u16::MAX)) as u16;
        let mut longest = self.longest();
        for slot in &mut longest {
            if x > *slot {
                std::mem::swap(slot, &mut x);
            }
        }
        self.key = longest
            .iter()
            .fold(0, |key, &length| key << 16 | u64::from(length));
    }

    /// The kept lengths, longest first (0 for none).
    fn longest(&self) -> [u16; Closed::KEPT] {
        std::array::from_fn(|i| (self.key >> (16 * (Closed::KEPT - 1 - i))) as u16)
    }
}

impl Board {
    /// The start: one die showing the cross at [`ORIGIN`], for an `n` x `n` window.
    pub fn start(n: usize, window: Window) -> Board {
        let mut design = Design::EMPTY;
        design.set(ORIGIN, ORIGIN, Edges::ALL);
        let o = ORIGIN as u8;
        let mut b = Board {
            design,
            cells: [o, o, o, o],
            reach: [o - 1, o + 1, o - 1, o + 1],
            fit: 0,
            closed: Closed::default(),
        };
        b.update_fit(n, window);
        b
    }

    /// Recomputes which face types have a legal placement (after dice were placed).
    pub fn update_fit(&mut self, n: usize, window: Window) {
        let mut fit = 0u8;
        let _ = self.for_each_option(n, window, |_, _, sets| {
            fit |= faces_of(sets);
            if fit == ALL_FACES {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        self.fit = fit;
    }

    /// Sets which face types have a legal placement from this board's
    /// [`Board::options`]: the same as [`Board::update_fit`] without a scan.
    pub(crate) fn update_fit_from(&mut self, options: &Options) {
        self.fit = faces_of(options.iter().fold(0, |sets, t| sets | t.sets));
    }

    /// Whether a die showing one of the edge sets `sets` has a legal placement (computed
    /// afresh, unlike [`Board::fits_face`]).
    #[inline]
    pub fn takes_any(&self, sets: u16, n: usize, window: Window) -> bool {
        self.for_each_option(n, window, |_, _, options| {
            if options & sets != 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Calls `f(row, col, sets)` for every target a die may go to, row by row, with the
    /// edge sets it may show there (a bit set over the 16 masks, never empty): those
    /// matching every placed neighbour ([`Board::matching`]) and keeping the design in the
    /// `n` x `n` window ([`Board::fits`]). Stops at the first `Break` and returns it.
    ///
    /// It works a row at a time on the packed design. Under the strict window a target
    /// lies in the box of dice and targets, and a die there grows the box only through an
    /// open end on the box's border, one side at a time; so the window forbids an edge set
    /// exactly when it opens an end on a side that would push the box past `n` cells, and
    /// such sides are treated like blank neighbours. (With n = 2 two opposite sides can
    /// push at once, so each edge set is checked with [`Board::fits`] there.)
    #[inline]
    pub fn for_each_option<B>(
        &self,
        n: usize,
        window: Window,
        f: impl FnMut(usize, usize, u16) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.scan(n, window, Region::All, f)
    }

    /// [`Board::for_each_option`] over the targets of `region`.
    #[inline]
    fn scan<B>(
        &self,
        n: usize,
        window: Window,
        region: Region,
        mut f: impl FnMut(usize, usize, u16) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let span = n as i32 - 1;
        let [r0, r1, c0, c1] = self.window_box(window).map(i32::from);
        if r1 - r0 > span || c1 - c0 > span {
            // Already wider than the window: nothing fits.
            return ControlFlow::Continue(());
        }
        let (mut first, mut last) = (
            self.reach[0] as usize,
            (self.reach[1] as usize).min(FRAME - 1),
        );
        // Sides a die may not open: N in the first row and S in the last, W and E in the
        // first and last columns (strict window); the cells targets may be in (loose).
        let (mut top, mut bottom, mut sides, mut allowed) = (0u64, 0u64, 0u64, u64::MAX);
        match window {
            Window::Strict => {
                if r1 + 1 - r0 > span {
                    top = u64::from(Dir::N.bit()) * LO;
                    bottom = u64::from(Dir::S.bit()) * LO;
                }
                if c1 + 1 - c0 > span {
                    sides =
                        u64::from(Dir::W.bit()) << (4 * c0) | u64::from(Dir::E.bit()) << (4 * c1);
                }
            }
            Window::Loose => {
                let (lo, hi) = ((c1 - span).max(0), (c0 + span).min(FRAME as i32 - 1));
                allowed = (lo..=hi).fold(0, |m, c| m | 1 << (4 * c));
                first = first.max((r1 - span).max(0) as usize);
                last = last.min((r0 + span) as usize);
            }
        }
        let exact = window == Window::Strict && n < 3;
        // The cells of the region: for the neighbours of a cell, one flag bit in the rows
        // above and below, two in its own row.
        let mut column = LO;
        if let Region::Rows(tr) | Region::Near(tr, _) = region {
            first = first.max(tr.saturating_sub(1));
            last = last.min(tr + 1);
        }
        if let Region::Near(_, tc) = region {
            column = 1 << (4 * tc);
        }
        for r in first..=last {
            let cols = match region {
                Region::Near(tr, _) if r == tr => column << 4 | column >> 4,
                _ => column,
            };
            let (req, occ) = self.design.probe_row(r);
            let mut targets = occupied(req) & !occupied(self.design.row(r)) & allowed & cols;
            if targets == 0 {
                continue;
            }
            let mut blank = occ | sides;
            if r as i32 == r0 {
                blank |= top;
            }
            if r as i32 == r1 {
                blank |= bottom;
            }
            while targets != 0 {
                let shift = targets.trailing_zeros();
                targets &= targets - 1;
                let (q, z) = ((req >> shift) & 15, (blank >> shift) & 15);
                let mut sets = ALLOWED[q as usize][z as usize];
                let c = shift as usize / 4;
                if exact {
                    let mut m = sets;
                    while m != 0 {
                        let e = m.trailing_zeros() as u8;
                        m &= m - 1;
                        if !self.fits(r, c, Edges(e), n, window) {
                            sets &= !(1 << e);
                        }
                    }
                }
                if sets != 0 {
                    f(r, c, sets)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every target with the edge sets a die may show there, in the order of
    /// [`Board::for_each_option`].
    #[inline]
    pub(crate) fn options(&self, n: usize, window: Window) -> Options {
        let mut list = Options::EMPTY;
        self.options_into(n, window, &mut list);
        list
    }

    /// [`Board::options`] written over `list`.
    #[inline]
    fn options_into(&self, n: usize, window: Window, list: &mut Options) {
        list.len = 0;
        let _ = self.for_each_option(n, window, |r, c, sets| {
            list.items[list.len] = Target {
                row: r as u8,
                col: c as u8,
                sets,
            };
            list.len += 1;
            ControlFlow::<()>::Continue(())
        });
    }

    /// Places a die like [`Board::place`] and brings `options` (this board's
    /// [`Board::options`] before it) and the face-fit cache up to date.
    ///
    /// As in [`Board::takes_after`], only the die's cell and its four neighbours change
    /// unless the die changes how the window rule bounds the board (see
    /// [`Board::same_bounds`]; then the board is scanned afresh). Those cells lie in rows
    /// r - 1 to r + 1, and that stretch of the list is replaced by a scan of the three
    /// rows: cheaper than finding the five cells and inserting the new targets one by one.
    ///
    /// Always inlined into its one caller: a call would pass the cell through memory,
    /// written and read back in pieces.
    #[inline(always)]
    pub(crate) fn place_updating(
        &mut self,
        (r, c, edges): (usize, usize, Edges),
        options: &mut Options,
        n: usize,
        window: Window,
    ) {
        let (cells, reach) = (self.cells, self.reach);
        self.place(r, c, edges);
        if !self.same_bounds((cells, reach), n, window) {
            self.options_into(n, window, options);
        } else {
            let mut rows = [Target::default(); 3 * FRAME];
            let mut k = 0;
            let _ = self.scan(n, window, Region::Rows(r), |tr, tc, sets| {
                rows[k] = Target {
                    row: tr as u8,
                    col: tc as u8,
                    sets,
                };
                k += 1;
                ControlFlow::<()>::Continue(())
            });
            let (items, len) = (&mut options.items, options.len);
            let lo = items[..len].partition_point(|t| (t.row as usize) + 1 < r);
            let hi = lo + items[lo..len].partition_point(|t| (t.row as usize) <= r + 1);
            if hi != lo + k {
                items.copy_within(hi..len, lo + k);
            }
            items[lo..lo + k].copy_from_slice(&rows[..k]);
            options.len = len - (hi - lo) + k;
        }
        self.update_fit_from(options);
    }

    /// Whether this board, one die on from a board with the boxes `before` (dice, then
    /// dice and targets), constrains its targets the way that board does, so that only the
    /// die's cell and its four neighbours have other options than there.
    ///
    /// Under the strict window (n >= 3) a scan reads the box of dice and targets only
    /// through whether each side is shorter than, as long as or longer than the window:
    /// while neither side changes class, growing the box changes no other target. Under
    /// the loose window (or n < 3) the boxes must not change at all.
    #[inline]
    fn same_bounds(&self, (cells, reach): ([u8; 4], [u8; 4]), n: usize, window: Window) -> bool {
        if window == Window::Loose || n < 3 {
            return self.cells == cells && self.reach == reach;
        }
        let span = n as i32 - 1;
        let class = |lo: u8, hi: u8| (i32::from(hi) - i32::from(lo)).min(span + 1).max(span - 1);
        let (a, b) = (self.reach, reach);
        class(a[0], a[1]) == class(b[0], b[1]) && class(a[2], a[3]) == class(b[2], b[3])
    }

    /// Whether, after a die showing `edges` goes to the target (`r`, `c`), a die showing
    /// one of the edge sets `sets` has a legal placement; `options` must be this board's
    /// [`Board::options`].
    ///
    /// A die only adds constraints and grows the window rule's boxes, so the options of a
    /// target only shrink: when no target takes `sets` now, only a target the die creates
    /// could ([`Board::fresh_sides`]), and a die that creates none needs no further look.
    /// Otherwise, a placement changes the options of its own cell and its four neighbours
    /// only, unless it changes how the window rule bounds the board
    /// ([`Board::same_bounds`]; then the new board is scanned afresh): the other targets
    /// are looked up in `options` and only the neighbours are scanned.
    ///
    /// Always inlined: its two callers ask it in loops, and a call would pass the cell
    /// through memory, written and read back in pieces.
    #[inline(always)]
    pub(crate) fn takes_after(
        &self,
        options: &Options,
        (r, c, edges): (usize, usize, Edges),
        sets: u16,
        n: usize,
        window: Window,
    ) -> bool {
        let away = |t: &Target| (t.row as usize).abs_diff(r) + (t.col as usize).abs_diff(c) > 1;
        let (mut taken, mut far) = (false, false);
        for t in options.iter().filter(|t| t.sets & sets != 0) {
            taken = true;
            if away(t) {
                far = true;
                break;
            }
        }
        if !taken && edges.0 & self.fresh_sides(r, c).0 == 0 {
            return false;
        }
        let mut b = *self;
        b.place_unfollowed(r, c, edges);
        if !b.same_bounds((self.cells, self.reach), n, window) {
            return b.takes_any(sets, n, window);
        }
        far || b
            .scan(n, window, Region::Near(r, c), |_, _, options| {
                if options & sets != 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break()
    }

    /// The sides of cell (`r`, `c`) whose neighbour is an empty cell no crossing points
    /// at: a die there with a crossing on such a side makes that cell a new target.
    #[inline]
    fn fresh_sides(&self, r: usize, c: usize) -> Edges {
        // The empty cells of a row that are no target, one flag bit per cell.
        let free = |row: usize| {
            if row < FRAME {
                LO & !occupied(self.design.row(row)) & !self.design.target_row(row)
            } else {
                0
            }
        };
        let side = |cells: u64, d: Dir| ((cells >> (4 * c)) & 1) as u8 * d.bit();
        let here = free(r);
        Edges(
            side(free(r.wrapping_sub(1)), Dir::N)
                | side(here >> 4, Dir::E)
                | side(free(r + 1), Dir::S)
                | side(here << 4, Dir::W),
        )
    }

    /// Whether a die of `face` has a legal placement (as of the last [`Board::update_fit`]).
    #[inline]
    pub fn fits_face(&self, face: Face) -> bool {
        self.fit & (1 << face as u8) != 0
    }

    /// The face types with a legal placement, as a bit set (`1 << face`; as of the last
    /// [`Board::update_fit`]).
    #[inline]
    pub fn fitting_faces(&self) -> u8 {
        self.fit
    }

    /// A board holding `design` (as placed in the frame) in an `n` x `n` window.
    pub fn from_design(design: Design, n: usize, window: Window) -> Board {
        let mut b = Board {
            design,
            cells: [u8::MAX, 0, u8::MAX, 0],
            reach: [u8::MAX, 0, u8::MAX, 0],
            fit: 0,
            closed: Closed::default(),
        };
        for (r, c, e) in design.cells() {
            b.place(r, c, e);
        }
        b.update_fit(n, window);
        b
    }

    /// Keeps the design's closed cords from now on, die by die (`follow`), or stops, so
    /// that [`Board::cmp_score`] need not trace the designs: worth its cost to every
    /// placement when scores are compared in every turn (a simulation's standings), not in
    /// the playouts of a search.
    pub fn follow_closed(&mut self, follow: bool) {
        if !follow {
            self.closed.followed = false;
            return;
        }
        if self.closed.followed {
            return;
        }
        let mut closed = Closed {
            followed: true,
            ..Closed::default()
        };
        self.design.for_each_cord(|cord| {
            if cord.closed && cord.length > 0 {
                closed.add(cord.length);
            }
        });
        self.closed = closed;
    }

    /// Whether [`Board::follow_closed`] has been called.
    #[inline]
    pub fn follows_closed(&self) -> bool {
        self.closed.followed
    }

    /// How many closed cords the design has, up to 255, when followed.
    #[inline]
    pub fn closed_cords(&self) -> Option<u8> {
        self.closed.followed.then_some(self.closed.count)
    }

    /// The length of the design's longest closed cord (0 for none): kept when followed,
    /// else traced.
    pub fn best_closed(&self) -> u32 {
        if self.closed.followed {
            u32::from(self.closed.longest()[0])
        } else {
            self.design.best_closed()
        }
    }

    /// Compares the two designs' scores as the rules do ([`compare_scores`]): from the
    /// cords kept when both boards follow them, and by tracing both designs when one does
    /// not, or when the kept cords are equal and one design has more closed cords than are
    /// kept.
    ///
    /// [`compare_scores`]: crate::design::compare_scores
    pub fn cmp_score(&self, other: &Board) -> std::cmp::Ordering {
        let traced = || self.design.score_key().cmp(&other.design.score_key());
        let (a, b) = (&self.closed, &other.closed);
        if !(a.followed && b.followed) {
            return traced();
        }
        a.key.cmp(&b.key).then_with(|| {
            if a.count as usize <= Closed::KEPT && b.count as usize <= Closed::KEPT {
                std::cmp::Ordering::Equal // the same cords
            } else {
                traced()
            }
        })
    }

    /// The rows holding targets (and maybe more).
    #[inline]
    pub(crate) fn target_rows(&self) -> std::ops::RangeInclusive<usize> {
        self.reach[0] as usize..=(self.reach[1] as usize).min(FRAME - 1)
    }

    /// Calls `f(row, col)` for every target (empty cell an open end points at), row by row.
    #[inline]
    pub fn for_each_target(&self, mut f: impl FnMut(usize, usize)) {
        for r in self.target_rows() {
            let mut t = self.design.target_row(r);
            while t != 0 {
                let c = t.trailing_zeros() as usize / 4;
                f(r, c);
                t &= t - 1;
            }
        }
    }

    /// The box the window rule measures, `[first row, last row, first column, last
    /// column]` in the frame: the dice and their targets under the strict window, the dice
    /// only under the loose one. The design fits its `n` x `n` window while neither side
    /// of this box is longer than `n`.
    #[inline]
    pub fn window_box(&self, window: Window) -> [u8; 4] {
        match window {
            Window::Strict => self.reach,
            Window::Loose => self.cells,
        }
    }

    /// Whether the design has no open path end.
    pub fn is_closed(&self) -> bool {
        self.target_rows().all(|r| self.design.target_row(r) == 0)
    }

    /// The edge sets (bit set over the 16 masks) that match the neighbours of the empty
    /// cell (`r`, `c`); empty unless it is a target.
    #[inline]
    pub fn matching(&self, r: usize, c: usize) -> u16 {
        let (req, occ) = self.design.probe(r as i32, c as i32);
        ALLOWED[req.0 as usize][occ.0 as usize]
    }

    /// Whether placing `edges` at the target (`r`, `c`) keeps the design within the
    /// `n` x `n` window (the window rule of `docs/rules/osbo.md`).
    #[inline]
    pub fn fits(&self, r: usize, c: usize, edges: Edges, n: usize, window: Window) -> bool {
        let span = n as i32 - 1;
        let (r, c) = (r as i32, c as i32);
        let [mut r0, mut r1, mut c0, mut c1] = self.window_box(window).map(i32::from);
        let mut grow = |rr: i32, cc: i32| {
            r0 = r0.min(rr);
            r1 = r1.max(rr);
            c0 = c0.min(cc);
            c1 = c1.max(cc);
        };
        grow(r, c);
        if window == Window::Strict {
            for d in Dir::ALL {
                if edges.has(d) {
                    let (dr, dc) = d.step();
                    if self.design.get(r + dr, c + dc).is_empty() {
                        grow(r + dr, c + dc);
                    }
                }
            }
        }
        r1 - r0 <= span && c1 - c0 <= span
    }

    /// Places a die (no checks), and keeps the closed cords if they are followed
    /// ([`Board::follow_closed`]).
    #[inline]
    pub fn place(&mut self, r: usize, c: usize, edges: Edges) {
        let facing = self.put(r, c, edges);
        if self.closed.followed {
            // A cord that closes now runs through the new die; the others are as they were.
            let closed = &mut self.closed;
            self.design
                .for_each_closed_cord_through((r, c), edges, facing, |length| closed.add(length));
        }
    }

    /// Places a die (no checks) on a board that only answers questions about placements
    /// (a copy a search tries dice on): it stops following the closed cords, whose walk
    /// would cost every die tried, and which such a board never compares.
    #[inline]
    pub(crate) fn place_unfollowed(&mut self, r: usize, c: usize, edges: Edges) {
        self.put(r, c, edges);
        self.closed.followed = false;
    }

    /// Places a die (no checks), the design and the boxes only, and returns the sides of
    /// the cell that face a placed die (which following the closed cords needs too).
    #[inline]
    fn put(&mut self, r: usize, c: usize, edges: Edges) -> Edges {
        // The ends the die opens: its crossings not facing a die. The boxes grow by the
        // cell and by the targets of those ends (kept within the frame).
        let (_, occ) = self.design.probe_row(r);
        let facing = Edges(((occ >> (4 * c)) & 15) as u8);
        let open = Edges(edges.0 & !facing.0);
        self.design.set(r, c, edges);
        let (r, c, last) = (r as u8, c as u8, FRAME as u8 - 1);
        let step = |d: Dir| u8::from(open.has(d));
        self.cells = [
            self.cells[0].min(r),
            self.cells[1].max(r),
            self.cells[2].min(c),
            self.cells[3].max(c),
        ];
        self.reach = [
            self.reach[0].min(r.saturating_sub(step(Dir::N))),
            self.reach[1].max((r + step(Dir::S)).min(last)),
            self.reach[2].min(c.saturating_sub(step(Dir::W))),
            self.reach[3].max((c + step(Dir::E)).min(last)),
        ];
        facing
    }

    /// Whether some face could still be placed. Under the strict window any target takes
    /// the face made of exactly the crossings pointing at it (it adds no target), so a
    /// design is finished exactly when it is closed.
    pub fn has_move(&self) -> bool {
        self.fit != 0
    }
}

/// The most targets a board in play can have: every target is next to a die, and the
/// window keeps the dice within [`MAX_SIZE`] x [`MAX_SIZE`] cells (a board wider than its
/// window has no options).
const TARGETS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);

/// The targets a scan visits ([`Board::scan`]).
#[derive(Clone, Copy, Debug)]
enum Region {
    /// Every target.
    All,
    /// The targets in rows `r - 1` to `r + 1` (`Rows(r)`).
    Rows(usize),
    /// The four neighbours of cell (`r`, `c`) (`Near(r, c)`).
    Near(usize, usize),
}

/// A target and the edge sets a die may show there (never empty).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Target {
    /// The frame row.
    pub row: u8,
    /// The frame column.
    pub col: u8,
    /// The edge sets, a bit set over the 16 masks.
    pub sets: u16,
}

/// The options of a board ([`Board::options`]), on the stack.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    len: usize,
    items: [Target; TARGETS],
}

impl Options {
    /// No targets.
    pub const EMPTY: Options = Options {
        len: 0,
        items: [Target {
            row: 0,
            col: 0,
            sets: 0,
        }; TARGETS],
    };

    /// The targets, row by row.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Target> {
        self.items[..self.len].iter()
    }
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance draws the first player.
    Start,
    /// Chance rolls the mover's dice.
    Roll,
    /// The mover places dice.
    Place,
    /// The game is over.
    Over(EndKind),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndKind {
    /// Every design is closed (the rules' end).
    Closed,
    /// No design can take another die but some are open (loose window, or n = 2).
    Blocked,
    /// The `max_turns` safety bound was reached.
    TurnLimit,
}

impl EndKind {
    /// The label used in reports.
    pub fn label(self) -> &'static str {
        match self {
            EndKind::Closed => "closed",
            EndKind::Blocked => "blocked",
            EndKind::TurnLimit => "turn-limit",
        }
    }
}

/// A die placed this turn (for the simultaneous-placement variant): design, row, column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fresh {
    /// The cells, `(design, row, col)` in the frame.
    pub cells: [(u8, u8, u8); MAX_PLAYERS],
    /// How many are set.
    pub len: u8,
}

impl Fresh {
    /// With one more cell.
    #[inline]
    pub fn with(mut self, design: usize, r: usize, c: usize) -> Fresh {
        self.add(design, r, c);
        self
    }

    /// Adds a cell in place. (Copying the whole right after writing one cell stalls the
    /// processor: the copy's wide loads cannot be served from the byte-sized stores
    /// still in flight.)
    #[inline]
    pub fn add(&mut self, design: usize, r: usize, c: usize) {
        self.cells[self.len as usize] = (design as u8, r as u8, c as u8);
        self.len += 1;
    }

    /// Whether the cell was placed this turn.
    #[inline]
    pub fn contains(&self, design: usize, r: i32, c: i32) -> bool {
        self.cells[..self.len as usize]
            .iter()
            .any(|&(d, rr, cc)| d as usize == design && rr as i32 == r && cc as i32 == c)
    }
}

/// A position. Perfect information: every seat sees all of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// One board per seat (only the first `players` are in play).
    pub boards: [Board; MAX_PLAYERS],
    /// The phase.
    pub phase: Phase,
    /// The seat whose turn it is.
    pub mover: u8,
    /// Turns begun.
    pub turns: u32,
    /// The dice of this turn not yet placed.
    pub dice: Roll,
    /// Dice still to place this turn (the plan's maximum minus those placed).
    pub todo: u8,
    /// The number of distinct designs the turn's plan reaches.
    pub reach: u8,
    /// Designs that got a die this turn, as a bit set.
    pub used: u8,
    /// The cells placed this turn.
    pub fresh: Fresh,
}

impl State {
    /// The design of `seat`.
    pub fn design(&self, seat: usize) -> &Design {
        &self.boards[seat].design
    }

    /// The faces still in hand this turn.
    pub fn faces(&self) -> impl Iterator<Item = Face> {
        self.dice.faces()
    }
}
