//! The ring board: 20 spaces drawn as the perimeter of a 6x6 square.
//!
//! Space 0 (the Entrance/Exit) is the top-left corner; numbers rise down the left side
//! (1-4), along the bottom (5 is the bottom-left corner, 6-9, 10 the bottom-right corner),
//! up the right side (11-14, 15 the top-right corner) and back along the top (16-19). The
//! corners 5, 10 and 15 are the Event spaces. The 4x4 middle of the square is left free
//! for the current fight or event.

use gameshelf_engine::Seat;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// The number of spaces on the ring.
pub(crate) const SPACES: usize = 20;
/// Cells per side of the square.
pub(crate) const SIDE: u16 = 6;
/// Width of one cell in characters.
pub(crate) const CELL_WIDTH: u16 = 8;
/// Height of one cell in lines.
pub(crate) const CELL_HEIGHT: u16 = 3;

/// The Event corners.
pub(crate) const EVENT_SPACES: [usize; 3] = [5, 10, 15];

/// The cell `(column, row)` of a space in the 6x6 square, `(0, 0)` top-left.
///
/// # Panics
/// If `space` is not on the ring (`0..20`).
pub(crate) fn ring_cell(space: usize) -> (u16, u16) {
    let s = space as u16;
    match space {
        0..=5 => (0, s),
        6..=10 => (s - 5, 5),
        11..=15 => (5, 15 - s),
        16..=19 => (20 - s, 0),
        _ => panic!("space {space} is not on the 20-space ring"),
    }
}

/// The name written in a space (it fits the 6 characters of a cell's title): `0 Exit`,
/// `10 EV` for an Event corner, else the number.
pub(crate) fn space_name(space: usize) -> String {
    match space {
        0 => "0 Exit".to_owned(),
        s if EVENT_SPACES.contains(&s) => format!("{s} EV"),
        s => s.to_string(),
    }
}

/// The colour of a seat's token and panel.
pub(crate) fn seat_color(seat: Seat) -> Color {
    const COLORS: [Color; 8] = [
        Color::LightRed,
        Color::LightBlue,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
        Color::Gray,
    ];
    COLORS[seat % COLORS.len()]
}

/// The token of a seat: its number counted from 1.
pub(crate) fn token(seat: Seat) -> String {
    (seat + 1).to_string()
}

/// The area the whole board takes, at the top-left of `area` (clipped to it).
pub(crate) fn board_area(area: Rect) -> Rect {
    Rect {
        x: area.x,
        y: area.y,
        width: (SIDE * CELL_WIDTH).min(area.width),
        height: (SIDE * CELL_HEIGHT).min(area.height),
    }
}

/// The free middle of the board (the 4x4 cells inside the ring).
pub(crate) fn middle_area(board: Rect) -> Rect {
    Rect {
        x: board.x + CELL_WIDTH,
        y: board.y + CELL_HEIGHT,
        width: (4 * CELL_WIDTH).min(board.width.saturating_sub(CELL_WIDTH)),
        height: (4 * CELL_HEIGHT).min(board.height.saturating_sub(CELL_HEIGHT)),
    }
}

/// Draws the ring with the tokens: `positions[seat]` is the space of each seat's token;
/// the `viewer`'s own space is highlighted.
pub(crate) fn draw_board(frame: &mut Frame, board: Rect, positions: &[usize], viewer: Seat) {
    for space in 0..SPACES {
        let (col, row) = ring_cell(space);
        let cell = Rect {
            x: board.x + col * CELL_WIDTH,
            y: board.y + row * CELL_HEIGHT,
            width: CELL_WIDTH,
            height: CELL_HEIGHT,
        }
        .intersection(board);
        if cell.is_empty() {
            continue;
        }
        let mut style = Style::new();
        if EVENT_SPACES.contains(&space) {
            style = style.fg(Color::Magenta);
        } else if space == 0 {
            style = style.fg(Color::Yellow);
        }
        if positions.get(viewer) == Some(&space) {
            style = style.add_modifier(Modifier::BOLD);
        }
        let tokens: Vec<Span> = positions
            .iter()
            .enumerate()
            .filter(|&(_, &at)| at == space)
            .map(|(seat, _)| {
                Span::styled(
                    token(seat),
                    Style::new()
                        .fg(seat_color(seat))
                        .add_modifier(Modifier::BOLD),
                )
            })
            .collect();
        frame.render_widget(
            Paragraph::new(Line::from(tokens)).block(
                Block::bordered()
                    .border_style(style)
                    .title(Span::styled(space_name(space), style)),
            ),
            cell,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_go_round_the_perimeter_of_the_square() {
        assert_eq!(ring_cell(0), (0, 0));
        assert_eq!(ring_cell(1), (0, 1));
        assert_eq!(ring_cell(4), (0, 4));
        assert_eq!(ring_cell(5), (0, 5));
        assert_eq!(ring_cell(6), (1, 5));
        assert_eq!(ring_cell(9), (4, 5));
        assert_eq!(ring_cell(10), (5, 5));
        assert_eq!(ring_cell(11), (5, 4));
        assert_eq!(ring_cell(14), (5, 1));
        assert_eq!(ring_cell(15), (5, 0));
        assert_eq!(ring_cell(16), (4, 0));
        assert_eq!(ring_cell(19), (1, 0));
        // Each space has its own cell on the border, and neighbours on the ring touch.
        let cells: Vec<_> = (0..SPACES).map(ring_cell).collect();
        for (i, &(c, r)) in cells.iter().enumerate() {
            assert!(c == 0 || r == 0 || c == SIDE - 1 || r == SIDE - 1);
            assert_eq!(cells.iter().filter(|&&x| x == (c, r)).count(), 1);
            let (nc, nr) = cells[(i + 1) % SPACES];
            assert_eq!(c.abs_diff(nc) + r.abs_diff(nr), 1, "{i} and its successor");
        }
    }

    #[test]
    fn corners_are_named() {
        assert_eq!(space_name(0), "0 Exit");
        assert_eq!(space_name(10), "10 EV");
        assert!((0..SPACES).all(|s| space_name(s).len() <= CELL_WIDTH as usize - 2));
        assert_eq!(space_name(7), "7");
    }
}
