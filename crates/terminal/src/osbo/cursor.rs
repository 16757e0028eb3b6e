//! The cell cursor of the full-screen view: while a human places a die, the arrow keys move
//! over the target cells of a design (only cells where some legal placement exists), Tab
//! switches design and `r` cycles through the faces and rotations legal at the cell.
//!
//! The cursor has no state of its own: it is the highlighted entry of the choice list (a
//! placement names its design, cell and edges), so the list and the cursor never disagree.
//! Every function here maps the legal placements and the highlighted index to a new index.

use crossterm::event::{KeyCode, KeyEvent};
use gameshelf_osbo::{Action, Placement};

/// A cursor move asked for by a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// To the nearest target cell in this direction, as a `(row, column)` step.
    Toward(i8, i8),
    /// To the next design with a legal placement (`true`) or the previous one (`false`).
    Design(bool),
    /// To the next legal face or rotation at the cell (`true`) or the previous one.
    Face(bool),
}

/// The cursor move `key` asks for, if any.
pub(crate) fn key_move(key: KeyEvent) -> Option<Move> {
    Some(match key.code {
        KeyCode::Up => Move::Toward(-1, 0),
        KeyCode::Down => Move::Toward(1, 0),
        KeyCode::Left => Move::Toward(0, -1),
        KeyCode::Right => Move::Toward(0, 1),
        KeyCode::Tab => Move::Design(true),
        KeyCode::BackTab => Move::Design(false),
        KeyCode::Char('r') => Move::Face(true),
        KeyCode::Char('R') => Move::Face(false),
        _ => return None,
    })
}

/// Where the cursor is: its cell among the design's target cells and its placement among
/// those legal at the cell (all counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    /// The highlighted placement.
    pub(crate) placement: Placement,
    /// The cell's number among the design's target cells, in list order.
    pub(crate) cell: usize,
    /// How many target cells the design has.
    pub(crate) cells: usize,
    /// The placement's number among those legal at the cell.
    pub(crate) face: usize,
    /// How many placements are legal at the cell.
    pub(crate) faces: usize,
}

/// The placement of a legal action, if it is one.
fn placement(action: &Action) -> Option<Placement> {
    match *action {
        Action::Place(p) => Some(p),
        _ => None,
    }
}

/// Whether `a` and `b` put a die on the same cell of the same design.
fn same_cell(a: Placement, b: Placement) -> bool {
    (a.design, a.row, a.col) == (b.design, b.row, b.col)
}

/// The index of each distinct target cell's first placement in `legal`, in list order,
/// over the cells of design `design`.
fn cells(legal: &[Action], design: u8) -> Vec<usize> {
    let mut firsts: Vec<usize> = Vec::new();
    for (i, p) in legal.iter().enumerate() {
        let Some(p) = placement(p).filter(|p| p.design == design) else {
            continue;
        };
        if !firsts
            .iter()
            .any(|&f| placement(&legal[f]).is_some_and(|q| same_cell(p, q)))
        {
            firsts.push(i);
        }
    }
    firsts
}

/// The indices of the placements legal at the cell of `at`, in list order.
fn at_cell(legal: &[Action], at: Placement) -> Vec<usize> {
    (0..legal.len())
        .filter(|&i| placement(&legal[i]).is_some_and(|p| same_cell(p, at)))
        .collect()
}

/// Where the cursor is when `selected` is highlighted, or `None` if that is no placement.
pub(crate) fn position(legal: &[Action], selected: usize) -> Option<Position> {
    let p = legal.get(selected).and_then(placement)?;
    let cells = cells(legal, p.design);
    let faces = at_cell(legal, p);
    Some(Position {
        placement: p,
        cell: 1 + cells
            .iter()
            .position(|&f| placement(&legal[f]).is_some_and(|q| same_cell(p, q)))?,
        cells: cells.len(),
        face: 1 + faces.iter().position(|&i| i == selected)?,
        faces: faces.len(),
    })
}

/// The index to highlight after `mv` from `selected`: the first legal placement of the new
/// cell, or the next one at the same cell. A move with nowhere to go stays put; `None`
/// when `selected` is no placement.
pub(crate) fn step(legal: &[Action], selected: usize, mv: Move) -> Option<usize> {
    let at = legal.get(selected).and_then(placement)?;
    let next = match mv {
        Move::Toward(dr, dc) => toward(legal, at, dr, dc),
        Move::Design(forward) => other_design(legal, at, forward),
        Move::Face(forward) => {
            let faces = at_cell(legal, at);
            let k = faces.iter().position(|&i| i == selected)?;
            let n = faces.len();
            Some(
                faces[if forward {
                    (k + 1) % n
                } else {
                    (k + n - 1) % n
                }],
            )
        }
    };
    Some(next.unwrap_or(selected))
}

/// The first placement of the nearest target cell of `at`'s design in direction
/// `(dr, dc)`: the fewest steps that way, a sideways step counting double.
fn toward(legal: &[Action], at: Placement, dr: i8, dc: i8) -> Option<usize> {
    cells(legal, at.design)
        .into_iter()
        .filter_map(|i| {
            let p = placement(&legal[i])?;
            let (r, c) = (
                i32::from(p.row) - i32::from(at.row),
                i32::from(p.col) - i32::from(at.col),
            );
            let along = r * i32::from(dr) + c * i32::from(dc);
            let aside = (r * i32::from(dc) - c * i32::from(dr)).abs();
            (along > 0).then_some((along + 2 * aside, aside, i))
        })
        .min()
        .map(|(_, _, i)| i)
}

/// The first placement of the target cell nearest `at`'s cell in the next (or previous)
/// design that has a legal placement.
fn other_design(legal: &[Action], at: Placement, forward: bool) -> Option<usize> {
    let mut designs: Vec<u8> = legal
        .iter()
        .filter_map(placement)
        .map(|p| p.design)
        .collect();
    designs.sort_unstable();
    designs.dedup();
    let k = designs.iter().position(|&d| d == at.design)?;
    let n = designs.len();
    let design = designs[if forward {
        (k + 1) % n
    } else {
        (k + n - 1) % n
    }];
    cells(legal, design)
        .into_iter()
        .filter_map(|i| {
            let p = placement(&legal[i])?;
            let d = (i32::from(p.row) - i32::from(at.row)).abs()
                + (i32::from(p.col) - i32::from(at.col)).abs();
            Some((d, i))
        })
        .min()
        .map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_osbo::Edges;

    fn place(design: u8, row: i8, col: i8, edges: u8) -> Action {
        Action::Place(Placement {
            design,
            row,
            col,
            edges: Edges(edges),
        })
    }

    /// Design 1: cells (-1,0) with two faces, (0,1), (1,0) and (0,-2); design 2: (0,1).
    fn legal() -> Vec<Action> {
        vec![
            place(0, -1, 0, 4),
            place(0, -1, 0, 6),
            place(0, 0, 1, 8),
            place(0, 1, 0, 1),
            place(0, 0, -2, 2),
            place(1, 0, 1, 8),
            place(1, 0, 1, 9),
        ]
    }

    #[test]
    fn arrows_move_to_the_nearest_target_cell_that_way() {
        let legal = legal();
        // From (-1,0) down: (1,0) is two steps (2), (0,1) one down and one aside (3).
        assert_eq!(step(&legal, 0, Move::Toward(1, 0)), Some(3));
        assert_eq!(step(&legal, 3, Move::Toward(-1, 0)), Some(0));
        // Right from (1,0): (0,1) is the only cell to the east.
        assert_eq!(step(&legal, 3, Move::Toward(0, 1)), Some(2));
        // Left from (0,1): (0,-2) in the same row beats (-1,0) and (1,0).
        assert_eq!(step(&legal, 2, Move::Toward(0, -1)), Some(4));
        // Nothing further west: the cursor stays.
        assert_eq!(step(&legal, 4, Move::Toward(0, -1)), Some(4));
        // Moving never leaves the design.
        assert_eq!(step(&legal, 5, Move::Toward(0, -1)), Some(5));
    }

    #[test]
    fn a_new_cell_starts_at_its_first_face_and_r_cycles_the_faces_there() {
        let legal = legal();
        assert_eq!(step(&legal, 3, Move::Toward(-1, 0)), Some(0));
        assert_eq!(step(&legal, 0, Move::Face(true)), Some(1));
        assert_eq!(step(&legal, 1, Move::Face(true)), Some(0));
        assert_eq!(step(&legal, 0, Move::Face(false)), Some(1));
        // A cell with one legal face keeps it.
        assert_eq!(step(&legal, 2, Move::Face(true)), Some(2));
    }

    #[test]
    fn tab_switches_design_at_the_nearest_cell_and_wraps() {
        let legal = legal();
        assert_eq!(step(&legal, 2, Move::Design(true)), Some(5));
        assert_eq!(step(&legal, 6, Move::Design(true)), Some(2));
        assert_eq!(step(&legal, 5, Move::Design(false)), Some(2));
    }

    #[test]
    fn the_position_follows_the_highlighted_list_entry() {
        let legal = legal();
        let at = position(&legal, 1).unwrap();
        assert_eq!(at.placement, placement(&legal[1]).unwrap());
        assert_eq!((at.cell, at.cells, at.face, at.faces), (1, 4, 2, 2));
        let at = position(&legal, 4).unwrap();
        assert_eq!((at.cell, at.cells, at.face, at.faces), (4, 4, 1, 1));
        assert_eq!(position(&[Action::First(0)], 0), None);
        assert_eq!(step(&[Action::First(0)], 0, Move::Face(true)), None);
    }

    #[test]
    fn keys_map_to_moves() {
        assert_eq!(
            key_move(KeyEvent::from(KeyCode::Left)),
            Some(Move::Toward(0, -1))
        );
        assert_eq!(
            key_move(KeyEvent::from(KeyCode::Tab)),
            Some(Move::Design(true))
        );
        assert_eq!(
            key_move(KeyEvent::from(KeyCode::Char('r'))),
            Some(Move::Face(true))
        );
        assert_eq!(key_move(KeyEvent::from(KeyCode::Enter)), None);
        assert_eq!(key_move(KeyEvent::from(KeyCode::Char('j'))), None);
    }
}
