//! Pictures of a design: an SVG celtic knot and a terminal drawing, from one model.
//!
//! [`Drawing::new`] traces the cords once and lays out every strand inside every tile;
//! [`Drawing::to_svg`] and [`Drawing::to_terminal`] draw that model.
//!
//! Geometry: a strand crosses each shared edge diagonally at the edge's midpoint (rulings
//! B.2), so a port is a midpoint with a direction. Inside a tile a strand is a cubic curve
//! from one port to another, leaving and arriving along the ports' directions: the X face's
//! arcs come out as the straight sides of a diamond, blank edges bounce strands into loops.
//! Interlacing: at a crossing on a horizontal edge the strand running like `/` goes over,
//! on a vertical edge the one running like `\`; following any strand, it then goes over
//! and under in turn. Each half of a tile's strand is drawn with its crossing's layer.

use std::fmt::Write;

use crate::design::{Cord, Design};
use crate::face::{Dir, Edges};

/// Colours of closed cords, longest cord first.
const PALETTE: [&str; 8] = [
    "#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17a589", "#a04000", "#d4ac0d",
];

/// The colour of open cords.
const OPEN_COLOUR: &str = "#8e8e8e";

/// The ANSI 256-colour codes matching [`PALETTE`], and open grey.
const ANSI: [u8; 8] = [160, 25, 28, 172, 91, 36, 130, 178];
const ANSI_OPEN: u8 = 245;

/// One strand inside a tile.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Strand {
    cell: (usize, usize),
    from: u8,
    to: u8,
    cord: usize,
}

/// A design laid out for drawing.
#[derive(Clone, Debug)]
pub struct Drawing {
    design: Design,
    bounds: (usize, usize, usize, usize),
    cords: Vec<Cord>,
    /// For each cord (index as in `cords`): its colour slot, `None` for open cords.
    colours: Vec<Option<usize>>,
    strands: Vec<Strand>,
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
    /// Lays out `design`.
    ///
    /// # Panics
    /// If the design is empty.
    pub fn new(design: &Design) -> Drawing {
        let bounds = design.bounds().expect("a design to draw has dice");
        let (cords, arcs) = design.cords_and_arcs();
        let mut order: Vec<usize> = (0..cords.len()).filter(|&i| cords[i].closed).collect();
        order.sort_by(|&a, &b| cords[b].length.cmp(&cords[a].length));
        let mut colours = vec![None; cords.len()];
        for (slot, &i) in order.iter().enumerate() {
            colours[i] = Some(slot % PALETTE.len());
        }
        let strands = arcs
            .into_iter()
            .map(|(cell, from, to, cord)| Strand {
                cell,
                from,
                to,
                cord,
            })
            .collect();
        Drawing {
            design: *design,
            bounds,
            cords,
            colours,
            strands,
        }
    }

    /// Whether port `p` of `cell` is an open path end.
    fn open_end(&self, (r, c): (usize, usize), p: u8) -> bool {
        let (dr, dc) = Dir::ALL[p as usize / 2].step();
        self.design.get(r as i32 + dr, c as i32 + dc).is_empty()
    }

    /// The design as an SVG image, `cell` pixels per cell.
    pub fn to_svg(&self, cell: f64) -> String {
        let (r0, r1, c0, c1) = self.bounds;
        let margin = cell * 0.5;
        let (w, h) = (
            (c1 - c0 + 1) as f64 * cell + 2.0 * margin,
            (r1 - r0 + 1) as f64 * cell + 2.0 * margin,
        );
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}">"##
        );
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fbf6e9"/>"##);
        let at = |(r, c): (usize, usize), (x, y): Point| {
            (
                margin + ((c - c0) as f64 + x) * cell,
                margin + ((r - r0) as f64 + y) * cell,
            )
        };
        s.push_str(r##"<g fill="#f3e7c9" stroke="#e0d2ac" stroke-width="1">"##);
        for (r, c, _) in self.design.cells() {
            let (x, y) = at((r, c), (0.0, 0.0));
            let _ = write!(
                s,
                r#"<rect x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}"/>"#
            );
        }
        s.push_str("</g>\n");
        // Under halves first, then over halves; casings of a layer before its colours.
        let (band, casing) = (cell * 0.13, cell * 0.21);
        for layer_over in [false, true] {
            for pass_casing in [true, false] {
                let _ = write!(
                    s,
                    r##"<g fill="none" stroke-linecap="butt" stroke-width="{:.1}">"##,
                    if pass_casing { casing } else { band }
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
                            self.colours[st.cord].map_or(OPEN_COLOUR, |i| PALETTE[i])
                        };
                        let p: Vec<Point> = half.iter().map(|&pt| at(st.cell, pt)).collect();
                        let _ = write!(
                            s,
                            r#"<path stroke="{colour}" d="M{:.2},{:.2} C{:.2},{:.2} {:.2},{:.2} {:.2},{:.2}"/>"#,
                            p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1, p[3].0, p[3].1
                        );
                    }
                }
                s.push_str("</g>\n");
            }
        }
        // Open path ends: a ring where the strand leaves the design.
        s.push_str(r##"<g fill="#fbf6e9" stroke="#c0392b" stroke-width="2.5">"##);
        for (r, c, d) in self.design.open_ends() {
            let (mid, _) = port_geometry(d as u8 * 2);
            let (x, y) = at((r, c), mid);
            let _ = write!(
                s,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}"/>"#,
                cell * 0.12
            );
        }
        s.push_str("</g>\n</svg>\n");
        s
    }

    /// The design drawn with box-drawing characters: one glyph per die, `╳` at each
    /// crossing, `•` at each open path end; with `colour`, each die takes the ANSI colour
    /// of the longest cord through it.
    pub fn to_terminal(&self, colour: bool) -> String {
        let (r0, r1, c0, c1) = self.bounds;
        let (rows, cols) = (2 * (r1 - r0 + 1) + 1, 4 * (c1 - c0 + 1) + 1);
        let mut grid = vec![vec![(' ', None::<u8>); cols]; rows];
        let best_cord = |cell: (usize, usize)| -> Option<u8> {
            self.strands
                .iter()
                .filter(|s| s.cell == cell)
                .max_by_key(|s| (self.colours[s.cord].is_some(), self.cords[s.cord].length))
                .map(|s| self.colours[s.cord].map_or(ANSI_OPEN, |i| ANSI[i]))
        };
        for (r, c, e) in self.design.cells() {
            let (y, x) = (2 * (r - r0) + 1, 4 * (c - c0) + 2);
            let paint = best_cord((r, c));
            grid[y][x] = (glyph(e), paint);
            for d in Dir::ALL {
                if !e.has(d) {
                    continue;
                }
                let (dr, dc) = d.step();
                let open = self.design.get(r as i32 + dr, c as i32 + dc).is_empty();
                let mark = if open { '•' } else { '╳' };
                let (my, mx) = ((y as i32 + dr) as usize, (x as i32 + 2 * dc) as usize);
                grid[my][mx] = (mark, if open { Some(160) } else { None });
                if dc != 0 {
                    grid[y][(x as i32 + dc) as usize] = ('━', paint);
                }
            }
        }
        let mut out = String::new();
        for row in grid {
            let mut line = String::new();
            for (ch, paint) in row {
                match paint.filter(|_| colour) {
                    Some(code) => {
                        let _ = write!(line, "\x1b[38;5;{code}m{ch}\x1b[0m");
                    }
                    None => line.push(ch),
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The cords with their colour names (`None` for open cords), longest closed first.
    pub fn legend(&self) -> Vec<(Cord, Option<&'static str>)> {
        let mut v: Vec<(Cord, Option<&'static str>)> = self
            .cords
            .iter()
            .zip(&self.colours)
            .map(|(c, slot)| (*c, slot.map(|i| PALETTE[i])))
            .collect();
        v.sort_by(|a, b| {
            b.0.closed
                .cmp(&a.0.closed)
                .then(b.0.length.cmp(&a.0.length))
        });
        v
    }
}

/// The heavy box-drawing glyph of a die.
pub fn glyph(e: Edges) -> char {
    [
        ' ', '╹', '╺', '┗', '╻', '┃', '┏', '┣', '╸', '┛', '━', '┻', '┓', '┫', '┳', '╋',
    ][e.0 as usize & 15]
}

#[cfg(test)]
mod tests {
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
    fn svg_has_a_colour_per_closed_cord() {
        let svg = Drawing::new(&full_grid(3, 3)).to_svg(60.0);
        assert!(svg.starts_with("<svg"));
        for c in &PALETTE[..3] {
            assert!(svg.contains(c), "{c}");
        }
        assert!(!svg.contains(PALETTE[3]));
        let open = Drawing::new(&Design::parse("f").unwrap()).to_svg(60.0);
        assert_eq!(open.matches("<circle").count(), 4);
        assert!(open.contains(OPEN_COLOUR));
    }

    #[test]
    fn terminal_drawing() {
        let text = Drawing::new(&max_score_design(2)).to_terminal(false);
        assert_eq!(text, "\n  ╻   ╻\n  ╳   ╳\n  ┗━╳━┛\n\n");
        let legend = Drawing::new(&max_score_design(4)).legend();
        assert_eq!(legend.len(), 1);
        assert_eq!(legend[0].0.length, 42);
    }
}
