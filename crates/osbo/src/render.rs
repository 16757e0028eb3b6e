//! Pictures of a design: an SVG celtic knot and a terminal drawing, from one model.
//!
//! [`Drawing::new`] traces the cords once and lays out every strand inside every tile;
//! [`Drawing::to_svg`] and [`Drawing::canvas`] draw that model. A [`Canvas`] is a grid of
//! characters, each with an [`Ink`] that says what it shows, so every front end draws the
//! same picture: as plain text ([`Canvas::to_plain`]), with ANSI colours
//! ([`Canvas::to_ansi`]), or in its own styles (the full-screen view, a web page).
//!
//! Every cord has its own colour, in the order of [`Drawing::legend`]: the closed cords
//! longest first (the first colour is the cord that scores), then the open ones longest
//! first. The SVG colours every strand. The terminal drawing has one character per die
//! and per crossing, each carrying up to four strands, so each character of a die (its
//! glyph, its horizontal arms, its open ends, the crossings on its edges) takes the colour
//! of the first cord through it in the legend, except that a cord that would be seen nowhere takes over
//! one of its characters whose colour is seen elsewhere: every cord shows somewhere.
//!
//! A design in play is drawn with [`Drawing::from_start`]: the picture also covers the
//! empty cells its open ends point at (marked `·`, where a die may go), labels its rows and
//! columns counting from the start die as moves are written (`(-1,+2)` is one row north
//! and two columns east of it), and marks the start die (`╬`, bold and underlined in
//! colour; a darker tile in the SVG).
//!
//! Geometry: a strand crosses each shared edge diagonally at the edge's midpoint, so a port
//! is a midpoint with a direction. Inside a tile a strand is a cubic curve from one port to
//! another, leaving and arriving along the ports' directions: the X face's arcs come out as
//! the straight sides of a diamond, blank edges bounce strands into loops. Interlacing: at a
//! crossing on a horizontal edge the strand running like `/` goes over, on a vertical edge
//! the one running like `\`; following any strand, it then goes over and under in turn.
//! Each half of a tile's strand is drawn with its crossing's layer.

use std::fmt::Write;

use gameshelf_engine::svg::escape;

use crate::design::{Cord, Design, FRAME};
use crate::face::{Dir, Edges};

/// The cords' colours, in legend order (see [`css_colour`]).
const PALETTE: [&str; 12] = [
    "#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17a589", "#a04000", "#d4ac0d",
    "#d75f87", "#5f8787", "#5fafd7", "#87d787",
];

/// The ANSI 256-colour codes matching [`PALETTE`].
const ANSI: [u8; 12] = [160, 25, 28, 172, 91, 36, 130, 178, 168, 66, 74, 114];

/// The SVG colour of colour slot `slot` (a cord's place in [`Drawing::legend`]); slots past
/// the palette's twelve colours use it again from the start.
pub fn css_colour(slot: usize) -> &'static str {
    PALETTE[slot % PALETTE.len()]
}

/// The ANSI 256-colour code of colour slot `slot`, the terminal's match of [`css_colour`].
pub fn ansi_colour(slot: usize) -> u8 {
    ANSI[slot % ANSI.len()]
}

/// What a character of a [`Canvas`] shows, for front ends that style it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Nothing in particular: spaces, text.
    #[default]
    Plain,
    /// Row and column labels, and the empty cells open ends point at: shown faintly.
    Faint,
    /// Part of the cord in this colour slot ([`css_colour`], [`ansi_colour`]).
    Cord(usize),
    /// The start die, in the colour slot of its first cord.
    Start(usize),
    /// An open path end, in the colour slot of one of the two cords ending there.
    OpenEnd(usize),
}

impl Ink {
    /// The ANSI select-graphic-rendition parameters of this ink, `None` for plain.
    fn sgr(self) -> Option<String> {
        match self {
            Ink::Plain => None,
            Ink::Faint => Some("38;5;245".to_owned()),
            Ink::Cord(slot) => Some(format!("38;5;{}", ansi_colour(slot))),
            Ink::Start(slot) => Some(format!("1;4;38;5;{}", ansi_colour(slot))),
            Ink::OpenEnd(slot) => Some(format!("1;38;5;{}", ansi_colour(slot))),
        }
    }
}

/// A picture made of characters, each with its [`Ink`]: lines of cells, addressed by line
/// and character column from 0. Writing past the end grows it with plain spaces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Canvas {
    rows: Vec<Vec<(char, Ink)>>,
}

impl Canvas {
    /// A canvas of `height` empty lines.
    pub fn blank(height: usize) -> Canvas {
        Canvas {
            rows: vec![Vec::new(); height],
        }
    }

    /// Sets the character at line `y`, column `x`.
    pub fn put(&mut self, y: usize, x: usize, ch: char, ink: Ink) {
        if self.rows.len() <= y {
            self.rows.resize(y + 1, Vec::new());
        }
        let row = &mut self.rows[y];
        if row.len() <= x {
            row.resize(x + 1, (' ', Ink::Plain));
        }
        row[x] = (ch, ink);
    }

    /// Writes `text` from line `y`, column `x`, one column per character; returns the
    /// column after it.
    pub fn write(&mut self, y: usize, x: usize, text: &str, ink: Ink) -> usize {
        let mut at = x;
        for ch in text.chars() {
            self.put(y, at, ch, ink);
            at += 1;
        }
        at
    }

    /// Copies `other` onto this canvas with its top left corner at line `y`, column `x`.
    pub fn blit(&mut self, y: usize, x: usize, other: &Canvas) {
        if self.rows.len() < y + other.rows.len() {
            self.rows.resize(y + other.rows.len(), Vec::new());
        }
        for (dy, row) in other.rows.iter().enumerate() {
            for (dx, &(ch, ink)) in row.iter().enumerate() {
                self.put(y + dy, x + dx, ch, ink);
            }
        }
    }

    /// The number of lines.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The number of columns up to the last character that is not a plain space.
    pub fn width(&self) -> usize {
        (0..self.rows.len())
            .map(|y| self.trimmed(y).len())
            .max()
            .unwrap_or(0)
    }

    /// The character and ink at line `y`, column `x` (a plain space past the end).
    pub fn get(&self, y: usize, x: usize) -> (char, Ink) {
        self.rows
            .get(y)
            .and_then(|row| row.get(x))
            .copied()
            .unwrap_or((' ', Ink::Plain))
    }

    /// Line `y` without its trailing plain spaces.
    fn trimmed(&self, y: usize) -> &[(char, Ink)] {
        let row = self.rows.get(y).map_or(&[][..], Vec::as_slice);
        let end = row
            .iter()
            .rposition(|&(ch, ink)| ch != ' ' || ink != Ink::Plain)
            .map_or(0, |i| i + 1);
        &row[..end]
    }

    /// Line `y` as runs of characters in one ink, without trailing plain spaces.
    pub fn runs(&self, y: usize) -> Vec<(String, Ink)> {
        let mut runs: Vec<(String, Ink)> = Vec::new();
        for &(ch, ink) in self.trimmed(y) {
            match runs.last_mut() {
                Some((text, last)) if *last == ink => text.push(ch),
                _ => runs.push((ch.to_string(), ink)),
            }
        }
        runs
    }

    /// The picture as plain text: every line ends with a newline and has no trailing
    /// spaces.
    pub fn to_plain(&self) -> String {
        let mut out = String::new();
        for y in 0..self.rows.len() {
            out.extend(self.trimmed(y).iter().map(|&(ch, _)| ch));
            out.push('\n');
        }
        out
    }

    /// The picture with ANSI colours, for a terminal: as [`Canvas::to_plain`], each run
    /// that is not plain wrapped in its colour and a reset.
    pub fn to_ansi(&self) -> String {
        let mut out = String::new();
        for y in 0..self.rows.len() {
            for (text, ink) in self.runs(y) {
                match ink.sgr() {
                    Some(sgr) => {
                        let _ = write!(out, "\x1b[{sgr}m{text}\x1b[0m");
                    }
                    None => out.push_str(&text),
                }
            }
            out.push('\n');
        }
        out
    }
}

/// One strand inside a tile.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Strand {
    cell: (usize, usize),
    from: u8,
    to: u8,
    cord: usize,
}

/// A character of a die in the terminal drawing and the cords it may show.
#[derive(Clone, Debug)]
struct Spot {
    y: usize,
    x: usize,
    ch: char,
    /// Cord indices, first in the legend first.
    cords: Vec<usize>,
}

/// A cord as drawn: what it scores, its colour and where its open ends point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    /// The cord.
    pub cord: Cord,
    /// Its colour slot ([`css_colour`], [`ansi_colour`]): its place in the legend.
    pub slot: usize,
    /// The empty cells (row, column in the frame) its open ends point at, row by row;
    /// empty for a closed cord.
    pub ends: Vec<(usize, usize)>,
}

/// A design laid out for drawing.
#[derive(Clone, Debug)]
pub struct Drawing {
    design: Design,
    /// The cells drawn: `(first row, last row, first column, last column)`.
    bounds: (usize, usize, usize, usize),
    cords: Vec<Cord>,
    /// For each cord (index as in `cords`): its colour slot, its place in the legend.
    slots: Vec<usize>,
    /// The cord through each port of each cell: `ports[(row * FRAME + col) * 8 + port]`.
    ports: Vec<Option<usize>>,
    strands: Vec<Strand>,
    /// The start die's cell, for a design in play.
    start: Option<(usize, usize)>,
    /// The SVG's title.
    title: Option<String>,
}

/// The midpoint of a port's edge in a unit cell (y down), and its outward direction.
fn port_geometry(p: u8) -> ((f64, f64), (f64, f64)) {
    let e = p / 2;
    let (mid, n, t) = match e {
        0 => ((0.5, 0.0), (0.0, -1.0), (1.0, 0.0)),
        1 => ((1.0, 0.5), (1.0, 0.0), (0.0, 1.0)),
        2 => ((0.5, 1.0), (0.0, 1.0), (-1.0, 0.0)),
        _ => ((0.0, 0.5), (-1.0, 0.0), (0.0, -1.0)),
    };
    let k = if p % 2 == 0 { 1.0 } else { -1.0 };
    let s = std::f64::consts::FRAC_1_SQRT_2;
    (mid, ((n.0 + k * t.0) * s, (n.1 + k * t.1) * s))
}

/// Whether the strand through port `p` goes over at that port's crossing.
fn over(p: u8) -> bool {
    let (_, (x, y)) = port_geometry(p);
    let horizontal_edge = p / 2 % 2 == 0;
    if horizontal_edge {
        x * y < 0.0
    } else {
        x * y > 0.0
    }
}

type Point = (f64, f64);

/// The control points of the strand from port `p` to port `q`, in cell units.
fn curve(p: u8, q: u8) -> [Point; 4] {
    let ((px, py), (ox, oy)) = port_geometry(p);
    let ((qx, qy), (ux, uy)) = port_geometry(q);
    let direct = (p % 2 == 1 && q == (p + 1) % 8) || (q % 2 == 1 && p == (q + 1) % 8);
    let a = if direct {
        0.25
    } else if p / 2 == q / 2 {
        0.62
    } else {
        0.5
    };
    [
        (px, py),
        (px - a * ox, py - a * oy),
        (qx - a * ux, qy - a * uy),
        (qx, qy),
    ]
}

/// De Casteljau split of a cubic at t = 1/2: the halves from each end (each starting at
/// its own end).
fn halves(c: [Point; 4]) -> ([Point; 4], [Point; 4]) {
    let mid = |a: Point, b: Point| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (ab, bc, cd) = (mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[3]));
    let (abc, bcd) = (mid(ab, bc), mid(bc, cd));
    let m = mid(abc, bcd);
    ([c[0], ab, abc, m], [c[3], cd, bcd, m])
}

impl Drawing {
    /// Lays out `design`, drawn over the cells that hold dice, without labels.
    ///
    /// # Panics
    /// If the design is empty.
    pub fn new(design: &Design) -> Drawing {
        let bounds = design.bounds().expect("a design to draw has dice");
        let (cords, arcs) = design.cords_and_arcs();
        let mut order: Vec<usize> = (0..cords.len()).collect();
        // Stable: equal cords keep the reading order in which they were found.
        order.sort_by(|&a, &b| {
            (cords[b].closed, cords[b].length).cmp(&(cords[a].closed, cords[a].length))
        });
        let mut slots = vec![0; cords.len()];
        for (slot, &i) in order.iter().enumerate() {
            slots[i] = slot;
        }
        let mut ports = vec![None; FRAME * FRAME * 8];
        let strands: Vec<Strand> = arcs
            .into_iter()
            .map(|(cell, from, to, cord)| {
                for p in [from, to] {
                    ports[(cell.0 * FRAME + cell.1) * 8 + p as usize] = Some(cord);
                }
                Strand {
                    cell,
                    from,
                    to,
                    cord,
                }
            })
            .collect();
        Drawing {
            design: *design,
            bounds,
            cords,
            slots,
            ports,
            strands,
            start: None,
            title: None,
        }
    }

    /// Lays out a design in play whose start die is at frame cell `start`: the drawing
    /// also covers the empty cells its open ends point at, labels rows and columns counted
    /// from the start die (as moves are written) and marks the start die.
    ///
    /// # Panics
    /// If the design is empty.
    pub fn from_start(design: &Design, start: (usize, usize)) -> Drawing {
        let mut drawing = Drawing::new(design);
        let (mut r0, mut r1, mut c0, mut c1) = drawing.bounds;
        for (r, c) in drawing.targets() {
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
        }
        drawing.bounds = (r0, r1, c0, c1);
        drawing.start = Some(start);
        drawing
    }

    /// The drawing with `title` as the SVG's title (its name for screen readers and
    /// tooltips).
    pub fn with_title(mut self, title: impl Into<String>) -> Drawing {
        self.title = Some(title.into());
        self
    }

    /// Where the first cell's top-left corner lies in [`Drawing::to_svg`]'s picture: past
    /// the margin, and past the row and column labels of a design in play.
    fn origin(&self, cell: f64) -> (f64, f64) {
        let labels = if self.start.is_some() {
            cell * 0.5
        } else {
            0.0
        };
        (cell * 0.5 + labels, cell * 0.5 + labels)
    }

    /// The width and height of [`Drawing::to_svg`]'s picture.
    fn size(&self, cell: f64) -> (f64, f64) {
        let (r0, r1, c0, c1) = self.bounds;
        let (ox, oy) = self.origin(cell);
        (
            (c1 - c0 + 1) as f64 * cell + ox + cell * 0.5,
            (r1 - r0 + 1) as f64 * cell + oy + cell * 0.5,
        )
    }

    /// Where the cell (row, column in the frame) lies in the picture, as fractions of its
    /// width and height: (left, top, width, height); `None` outside the drawn bounds.
    pub fn cell_box(&self, (r, c): (usize, usize)) -> Option<(f64, f64, f64, f64)> {
        let (r0, r1, c0, c1) = self.bounds;
        if !(r0..=r1).contains(&r) || !(c0..=c1).contains(&c) {
            return None;
        }
        let (ox, oy) = self.origin(1.0);
        let (w, h) = self.size(1.0);
        Some((
            (ox + (c - c0) as f64) / w,
            (oy + (r - r0) as f64) / h,
            1.0 / w,
            1.0 / h,
        ))
    }

    /// The empty cells open ends point at (row, column in the frame), row by row, each
    /// once.
    fn targets(&self) -> Vec<(usize, usize)> {
        let mut cells: Vec<(usize, usize)> = self
            .design
            .open_ends()
            .filter_map(|(r, c, d)| step(r, c, d))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The cord through port `p` of `cell`, if a strand uses it.
    fn cord_at(&self, (r, c): (usize, usize), p: u8) -> Option<usize> {
        self.ports[(r * FRAME + c) * 8 + p as usize]
    }

    /// Whether port `p` of `cell` is an open path end.
    fn open_end(&self, (r, c): (usize, usize), p: u8) -> bool {
        let (dr, dc) = Dir::ALL[p as usize / 2].step();
        self.design.get(r as i32 + dr, c as i32 + dc).is_empty()
    }

    /// The labels' text for row or column `i`, counted from the start die's `origin`.
    fn label(i: usize, origin: usize) -> String {
        format!("{:+}", i as i32 - origin as i32)
    }

    /// The columns left of the drawing for the row labels (with a space after them), and
    /// the lines above it for the column labels: none without a start die.
    fn margins(&self) -> (usize, usize) {
        let Some((sr, _)) = self.start else {
            return (0, 0);
        };
        let (r0, r1, ..) = self.bounds;
        let width = (r0..=r1)
            .map(|r| Drawing::label(r, sr).len())
            .max()
            .unwrap_or(0);
        (width + 1, 1)
    }

    /// The line and column of the centre of frame cell (`r`, `c`) in [`Drawing::canvas`],
    /// if the drawing covers it.
    pub fn position(&self, r: usize, c: usize) -> Option<(usize, usize)> {
        let (r0, r1, c0, c1) = self.bounds;
        if !(r0..=r1).contains(&r) || !(c0..=c1).contains(&c) {
            return None;
        }
        Some(self.at(2 * (r - r0) + 1, 4 * (c - c0) + 2))
    }

    /// The canvas position of grid point (`gy`, `gx`): lines and columns of the plain
    /// grid, two lines and four columns per cell, edges on the even lines and on the
    /// columns that are multiples of four. With labels, the column labels take the place
    /// of the grid's first line (always blank: the drawing covers every cell an open end
    /// points at) and the row labels that of its first column.
    fn at(&self, gy: usize, gx: usize) -> (usize, usize) {
        let (left, _) = self.margins();
        (gy, gx + left.saturating_sub(1))
    }

    /// The design as characters: one box-drawing glyph per die, `╳` at each crossing,
    /// `•` at each open path end, in the cords' colours; with a start die also the row and
    /// column labels, `·` on each empty cell an open end points at and `╬` for the start
    /// die.
    pub fn canvas(&self) -> Canvas {
        let (r0, r1, c0, c1) = self.bounds;
        let (left, top) = self.margins();
        let lines = 2 * (r1 - r0 + 1) + 1 - top;
        let mut canvas = Canvas::blank(lines);
        if let Some((sr, sc)) = self.start {
            for r in r0..=r1 {
                let (y, _) = self.at(2 * (r - r0) + 1, 0);
                let text = Drawing::label(r, sr);
                canvas.write(y, left - 1 - text.len(), &text, Ink::Faint);
            }
            for c in c0..=c1 {
                let (_, x) = self.at(0, 4 * (c - c0) + 2);
                let text = Drawing::label(c, sc);
                canvas.write(0, x + 1 - text.len(), &text, Ink::Faint);
            }
            for (r, c) in self.targets() {
                if let Some((y, x)) = self.position(r, c) {
                    canvas.put(y, x, '·', Ink::Faint);
                }
            }
        }
        let spots = self.spots();
        let slots = self.spot_slots(&spots);
        for (spot, slot) in spots.iter().zip(slots) {
            let ink = match spot.ch {
                '•' => Ink::OpenEnd(slot),
                '╬' => Ink::Start(slot),
                _ => Ink::Cord(slot),
            };
            canvas.put(spot.y, spot.x, spot.ch, ink);
        }
        canvas
    }

    /// The characters of the dice in [`Drawing::canvas`], each with the cords it may be
    /// coloured with, row by row: each die's glyph (any cord through the die), its
    /// horizontal arms and open ends (the two strands through that edge) and the crossings
    /// on its east and south edges (the two strands crossing there).
    fn spots(&self) -> Vec<Spot> {
        let mut spots = Vec::new();
        for (r, c, e) in self.design.cells() {
            let Some((y, x)) = self.position(r, c) else {
                continue;
            };
            let cell = (r, c);
            let cords = |ports: &[u8]| -> Vec<usize> {
                let mut v: Vec<usize> = ports
                    .iter()
                    .filter_map(|&p| self.cord_at(cell, p))
                    .collect();
                v.sort_by_key(|&i| self.slots[i]);
                v.dedup();
                v
            };
            // Every port of a crossing edge carries a strand, so every spot has a cord;
            // one without would be left out rather than coloured at random.
            let mut push = |y: usize, x: usize, ch: char, cords: Vec<usize>| {
                if !cords.is_empty() {
                    spots.push(Spot { y, x, ch, cords });
                }
            };
            let ch = if self.start == Some(cell) {
                '╬'
            } else {
                glyph(e)
            };
            push(y, x, ch, cords(&[0, 1, 2, 3, 4, 5, 6, 7]));
            for d in Dir::ALL.into_iter().filter(|&d| e.has(d)) {
                let (dr, dc) = d.step();
                let ports = [2 * d as u8, 2 * d as u8 + 1];
                let (my, mx) = ((y as i32 + dr) as usize, (x as i32 + 2 * dc) as usize);
                if self.open_end(cell, ports[0]) {
                    push(my, mx, '•', cords(&ports));
                } else if matches!(d, Dir::E | Dir::S) {
                    push(my, mx, '╳', cords(&ports));
                }
                if dc != 0 {
                    push(y, (x as i32 + dc) as usize, '━', cords(&ports));
                }
            }
        }
        spots
    }

    /// The colour slot of each spot: the first of its cords in the legend, except that a
    /// cord shown nowhere then takes over one of its spots whose colour is shown elsewhere
    /// too, so that every cord is seen when the spots allow it.
    fn spot_slots(&self, spots: &[Spot]) -> Vec<usize> {
        let mut chosen: Vec<usize> = spots.iter().map(|s| s.cords[0]).collect();
        let mut shown = vec![0usize; self.cords.len()];
        for &i in &chosen {
            shown[i] += 1;
        }
        let mut order: Vec<usize> = (0..self.cords.len()).collect();
        order.sort_by_key(|&i| self.slots[i]);
        for cord in order {
            if shown[cord] > 0 {
                continue;
            }
            let free =
                (0..spots.len()).find(|&k| spots[k].cords.contains(&cord) && shown[chosen[k]] > 1);
            if let Some(k) = free {
                shown[chosen[k]] -= 1;
                chosen[k] = cord;
                shown[cord] += 1;
            }
        }
        chosen.into_iter().map(|i| self.slots[i]).collect()
    }

    /// [`Drawing::canvas`] as text: with ANSI colours when `colour` is set, plain otherwise.
    pub fn to_terminal(&self, colour: bool) -> String {
        let canvas = self.canvas();
        if colour {
            canvas.to_ansi()
        } else {
            canvas.to_plain()
        }
    }

    /// The design as an SVG image, `cell` pixels per cell. A design in play
    /// ([`Drawing::from_start`]) gets its row and column labels in the margin, a darker
    /// start tile and dashed outlines on the empty cells its open ends point at.
    pub fn to_svg(&self, cell: f64) -> String {
        let (r0, r1, c0, c1) = self.bounds;
        let margin = cell * 0.5;
        let (ox, oy) = self.origin(cell);
        let (w, h) = self.size(cell);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}">"##
        );
        if let Some(title) = &self.title {
            let _ = writeln!(s, "<title>{}</title>", escape(title));
        }
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fbf6e9"/>"##);
        let at = |(r, c): (usize, usize), (x, y): Point| {
            (
                ox + ((c - c0) as f64 + x) * cell,
                oy + ((r - r0) as f64 + y) * cell,
            )
        };
        if let Some((sr, sc)) = self.start {
            let _ = write!(
                s,
                r##"<g fill="#8a7a5c" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central">"##,
                Fixed::tenths(cell * 0.28)
            );
            for r in r0..=r1 {
                let (_, y) = at((r, c0), (0.5, 0.5));
                let label = Drawing::label(r, sr);
                let (x, y) = (Fixed::tenths(margin), Fixed::tenths(y));
                let _ = write!(s, r#"<text x="{x}" y="{y}">{label}</text>"#);
            }
            for c in c0..=c1 {
                let (x, _) = at((r0, c), (0.5, 0.5));
                let label = Drawing::label(c, sc);
                let (x, y) = (Fixed::tenths(x), Fixed::tenths(margin));
                let _ = write!(s, r#"<text x="{x}" y="{y}">{label}</text>"#);
            }
            s.push_str("</g>\n");
            s.push_str(
                r##"<g fill="none" stroke="#cdbb8f" stroke-width="1.5" stroke-dasharray="4 4">"##,
            );
            for target in self.targets() {
                let (x, y) = at(target, (0.0, 0.0));
                let _ = write!(
                    s,
                    r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
                    Fixed::tenths(x + 3.0),
                    Fixed::tenths(y + 3.0),
                    Fixed::tenths(cell - 6.0),
                    Fixed::tenths(cell - 6.0)
                );
            }
            s.push_str("</g>\n");
        }
        s.push_str(r##"<g fill="#f3e7c9" stroke="#e0d2ac" stroke-width="1">"##);
        for (r, c, _) in self.design.cells() {
            let (x, y) = at((r, c), (0.0, 0.0));
            let start = if self.start == Some((r, c)) {
                r##" fill="#e3cd94" stroke="#a88f55" stroke-width="2""##
            } else {
                ""
            };
            let (x, y, side) = (Fixed::tenths(x), Fixed::tenths(y), Fixed::tenths(cell));
            let _ = write!(
                s,
                r#"<rect x="{x}" y="{y}" width="{side}" height="{side}"{start}/>"#
            );
        }
        s.push_str("</g>\n");
        // Under halves first, then over halves; casings of a layer before its colours.
        let (band, casing) = (cell * 0.13, cell * 0.21);
        for layer_over in [false, true] {
            for pass_casing in [true, false] {
                let _ = write!(
                    s,
                    r##"<g fill="none" stroke-linecap="butt" stroke-width="{}">"##,
                    Fixed::tenths(if pass_casing { casing } else { band })
                );
                for st in &self.strands {
                    let (a, b) = halves(curve(st.from, st.to));
                    for (half, port) in [(a, st.from), (b, st.to)] {
                        let is_over = over(port) || self.open_end(st.cell, port);
                        if is_over != layer_over {
                            continue;
                        }
                        let colour = if pass_casing {
                            "#2b2118"
                        } else {
                            css_colour(self.slots[st.cord])
                        };
                        // The hottest line of a web view: pushed piece by piece.
                        s.push_str(r#"<path stroke=""#);
                        s.push_str(colour);
                        s.push_str(r#"" d=""#);
                        for (i, pt) in half.into_iter().enumerate() {
                            s.push_str(["M", " C", " ", " "][i]);
                            let (x, y) = at(st.cell, pt);
                            Fixed::hundredths(x).push_to(&mut s);
                            s.push(',');
                            Fixed::hundredths(y).push_to(&mut s);
                        }
                        s.push_str("\"/>");
                    }
                }
                s.push_str("</g>\n");
            }
        }
        // Open path ends: a ring where the strands leave the design.
        s.push_str(r##"<g fill="#fbf6e9" stroke="#2b2118" stroke-width="2.5">"##);
        for (r, c, d) in self.design.open_ends() {
            let (mid, _) = port_geometry(d as u8 * 2);
            let (x, y) = at((r, c), mid);
            let (x, y, r) = (
                Fixed::tenths(x),
                Fixed::tenths(y),
                Fixed::tenths(cell * 0.12),
            );
            let _ = write!(s, r#"<circle cx="{x}" cy="{y}" r="{r}"/>"#);
        }
        s.push_str("</g>\n</svg>\n");
        s
    }

    /// Every cord with its colour slot and the cells its open ends point at, in legend
    /// order: closed cords longest first, then open cords longest first.
    pub fn legend(&self) -> Vec<LegendEntry> {
        let mut entries: Vec<LegendEntry> = self
            .cords
            .iter()
            .enumerate()
            .map(|(i, &cord)| {
                let mut ends: Vec<(usize, usize)> = self
                    .strands
                    .iter()
                    .filter(|st| st.cord == i)
                    .flat_map(|st| [(st.cell, st.from), (st.cell, st.to)])
                    .filter(|&(cell, p)| self.open_end(cell, p))
                    .filter_map(|((r, c), p)| step(r, c, Dir::ALL[p as usize / 2]))
                    .collect();
                ends.sort_unstable();
                ends.dedup();
                LegendEntry {
                    cord,
                    slot: self.slots[i],
                    ends,
                }
            })
            .collect();
        entries.sort_by_key(|e| e.slot);
        entries
    }
}

/// The cell next to (`r`, `c`) across `d`, if it is in the frame.
fn step(r: usize, c: usize, d: Dir) -> Option<(usize, usize)> {
    let (dr, dc) = d.step();
    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
    let inside = |i: i32| (0..FRAME as i32).contains(&i);
    (inside(nr) && inside(nc)).then_some((nr as usize, nc as usize))
}

/// `text` with the characters XML gives a meaning escaped.
/// The heavy box-drawing glyph of a die.
pub fn glyph(e: Edges) -> char {
    [
        ' ', '╹', '╺', '┗', '╻', '┃', '┏', '┣', '╸', '┛', '━', '┻', '┓', '┫', '┳', '╋',
    ][e.0 as usize & 15]
}

#[cfg(test)]
mod tests {

    #[test]
    fn fixed_decimals_write_what_float_formatting_writes() {
        for i in -2_000..2_000 {
            // Thirds and sevenths never sit on a rounding tie.
            for v in [f64::from(i) / 3.0, f64::from(i) * 1.7 / 7.0] {
                assert_eq!(
                    Fixed::tenths(v).to_string(),
                    format!("{v:.1}").replace("-0.0", "0.0")
                );
                assert_eq!(
                    Fixed::hundredths(v).to_string(),
                    format!("{v:.2}").replace("-0.00", "0.00")
                );
            }
        }
    }

    use super::*;
    use crate::design::{full_grid, max_score_design};
    use crate::face::across;

    #[test]
    fn strands_alternate_over_and_under() {
        // Across an edge both sides see the same strand on the same layer, and the two
        // strands of a crossing are on opposite layers; inside every tile a strand's two
        // ends are on opposite layers.
        for p in 0..8 {
            assert_eq!(over(p), over(across(p)), "port {p}");
            assert_ne!(over(p), over(p ^ 1), "port {p}");
        }
        for e in 1..16u8 {
            for p in 0..8u8 {
                let q = crate::face::WIRING[e as usize][p as usize];
                if q != crate::face::NO_PORT {
                    assert_ne!(over(p), over(q), "edges {e}: {p}-{q}");
                }
            }
        }
    }

    #[test]
    fn svg_has_a_colour_per_cord() {
        let svg = Drawing::new(&full_grid(3, 3)).to_svg(60.0);
        assert!(svg.starts_with("<svg"));
        for c in &PALETTE[..3] {
            assert!(svg.contains(c), "{c}");
        }
        assert!(!svg.contains(PALETTE[3]));
        // The cross alone: four open cords, each its own colour, four open ends.
        let open = Drawing::new(&Design::parse("f").unwrap()).to_svg(60.0);
        assert_eq!(open.matches("<circle").count(), 4);
        for c in &PALETTE[..4] {
            assert!(open.contains(c), "{c}");
        }
        assert!(!open.contains("<text"), "no labels without a start die");
    }

    /// The start of a game: the cross alone at the start die.
    fn start() -> Design {
        let mut d = Design::EMPTY;
        d.set(7, 7, Edges::ALL);
        d
    }

    #[test]
    fn a_design_in_play_is_labelled_from_the_start_die() {
        let drawing = Drawing::from_start(&start(), (7, 7));
        let text = drawing.to_terminal(false);
        assert_eq!(
            text,
            "   -1  +0  +1\n\
             -1      ·\n\
             \x20       •\n\
             +0  · •━╬━• ·\n\
             \x20       •\n\
             +1      ·\n"
        );
        assert_eq!(drawing.position(7, 7), Some((3, 8)));
        assert_eq!(drawing.position(6, 7), Some((1, 8)));
        assert_eq!(drawing.position(5, 7), None);
        let svg = drawing.with_title("design 1 <start>").to_svg(60.0);
        for label in ["-1", "+0", "+1"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}\n{svg}");
        }
        assert!(
            svg.contains("<title>design 1 &lt;start&gt;</title>"),
            "{svg}"
        );
        assert_eq!(svg.matches("stroke-dasharray").count(), 1);
        assert_eq!(
            svg.matches("<rect x=").count(),
            4 + 1,
            "four targets, one die"
        );
    }

    /// The colour slots of the cord characters on each line of `canvas`.
    fn slots(canvas: &Canvas) -> Vec<Vec<usize>> {
        (0..canvas.height())
            .map(|y| {
                canvas
                    .runs(y)
                    .into_iter()
                    .flat_map(|(text, ink)| {
                        let slot = match ink {
                            Ink::Cord(slot) | Ink::Start(slot) => Some(slot),
                            _ => None,
                        };
                        text.chars().filter_map(move |_| slot).collect::<Vec<_>>()
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_cord_has_its_own_colour_in_the_terminal() {
        // The full 3 x 3: three closed cords of 8, each drawn in its own colour.
        let canvas = Drawing::new(&full_grid(3, 3)).canvas();
        let mut seen: Vec<usize> = slots(&canvas).concat();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, [0, 1, 2], "{}", canvas.to_plain());
        let ansi = canvas.to_ansi();
        for slot in 0..3 {
            assert!(
                ansi.contains(&format!("38;5;{}m", ansi_colour(slot))),
                "{ansi}"
            );
        }
    }

    #[test]
    fn a_cord_hidden_by_the_legend_order_takes_over_a_character() {
        // The start die and a cap closing its east end: the cap's strand joins the
        // cross's north-east and south-east arcs into one cord that crosses itself (length
        // 2, first in the legend); the north-west and south-west arcs are cords of their
        // own, open at both ends.
        let mut d = start();
        d.set(7, 8, Edges(8));
        let drawing = Drawing::from_start(&d, (7, 7));
        let legend = drawing.legend();
        let lengths: Vec<(u32, usize)> = legend.iter().map(|e| (e.cord.length, e.slot)).collect();
        assert_eq!(lengths, [(2, 0), (0, 1), (0, 2)]);
        assert_eq!(
            legend[0].ends,
            [(6, 7), (8, 7)],
            "north and south of the start"
        );
        assert_eq!(legend[1].ends, [(6, 7), (7, 6)], "north and west");
        let canvas = drawing.canvas();
        // By legend order alone the start die would show cord 0 and its west arm cord 1,
        // leaving cord 2 unseen: it takes the start die, as cord 0 is seen elsewhere.
        assert_eq!(canvas.get(3, 8), ('╬', Ink::Start(2)));
        assert_eq!(canvas.get(3, 7), ('━', Ink::Cord(1)), "the west arm");
        assert_eq!(canvas.get(3, 9), ('━', Ink::Cord(0)), "the east arm");
        assert_eq!(canvas.get(3, 10), ('╳', Ink::Cord(0)), "a self-crossing");
        assert_eq!(canvas.get(3, 12), ('╸', Ink::Cord(0)), "the cap");
        assert_eq!(
            canvas.get(3, 6),
            ('•', Ink::OpenEnd(1)),
            "west: cords 1 and 2"
        );
        let ansi = canvas.to_ansi();
        let start = format!("\x1b[1;4;38;5;{}m╬", ansi_colour(2));
        assert!(ansi.contains(&start), "bold, underlined: {ansi}");
    }

    #[test]
    fn terminal_drawing() {
        let text = Drawing::new(&max_score_design(2)).to_terminal(false);
        assert_eq!(text, "\n  ╻   ╻\n  ╳   ╳\n  ┗━╳━┛\n\n");
        let legend = Drawing::new(&max_score_design(4)).legend();
        assert_eq!(legend.len(), 1);
        assert_eq!(legend[0].cord.length, 42);
        assert!(legend[0].ends.is_empty());
    }

    #[test]
    fn canvases_merge_runs_and_trim_plain_spaces() {
        let mut c = Canvas::blank(2);
        let end = c.write(0, 2, "ab", Ink::Faint);
        assert_eq!(end, 4);
        c.put(0, 4, 'c', Ink::Faint);
        c.put(1, 6, ' ', Ink::Plain);
        assert_eq!(
            c.runs(0),
            [
                ("  ".to_owned(), Ink::Plain),
                ("abc".to_owned(), Ink::Faint)
            ]
        );
        assert!(c.runs(1).is_empty());
        assert_eq!(c.width(), 5);
        assert_eq!(c.to_plain(), "  abc\n\n");
        let mut big = Canvas::default();
        big.blit(1, 1, &c);
        assert_eq!(big.to_plain(), "\n   abc\n\n");
        assert_eq!(big.get(1, 3), ('a', Ink::Faint));
    }
}

/// A drawing's coordinate with a fixed number of decimals, written with integer
/// arithmetic: the web app draws every design on every view, and float formatting
/// (`{:.2}`) was most of the cost of a view.
#[derive(Clone, Copy, Debug)]
struct Fixed {
    /// The value times `10^decimals`, rounded.
    scaled: i64,
    decimals: u32,
}

impl Fixed {
    fn new(value: f64, decimals: u32) -> Fixed {
        Fixed {
            scaled: (value * 10f64.powi(decimals as i32)).round() as i64,
            decimals,
        }
    }

    fn tenths(value: f64) -> Fixed {
        Fixed::new(value, 1)
    }

    fn hundredths(value: f64) -> Fixed {
        Fixed::new(value, 2)
    }
}

impl Fixed {
    /// The digits, sign and point, right-aligned in `buf`; returns where they start.
    fn digits(self, buf: &mut [u8; 24]) -> usize {
        let mut at = buf.len();
        let mut push = |b: u8| {
            at -= 1;
            buf[at] = b;
        };
        let mut rest = self.scaled.unsigned_abs();
        for _ in 0..self.decimals {
            push(b'0' + (rest % 10) as u8);
            rest /= 10;
        }
        push(b'.');
        loop {
            push(b'0' + (rest % 10) as u8);
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        if self.scaled < 0 {
            push(b'-');
        }
        at
    }

    /// Appends the number to `out`.
    fn push_to(self, out: &mut String) {
        let mut buf = [0u8; 24];
        let at = self.digits(&mut buf);
        out.push_str(std::str::from_utf8(&buf[at..]).expect("ASCII digits"));
    }
}

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut buf = [0u8; 24];
        let at = self.digits(&mut buf);
        f.write_str(std::str::from_utf8(&buf[at..]).expect("ASCII digits"))
    }
}
