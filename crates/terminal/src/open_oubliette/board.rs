//! The ring board: 20 spaces drawn as the perimeter of a 6x6 square.
//!
//! Space 0 (the Entrance/Exit) is the top-left corner and the numbers rise clockwise, so
//! that the Event spaces 5, 10 and 15 are the other corners, as in the web app's picture
//! (both place the spaces with `state::ring_cell`). The 4x4 middle of the square is left
//! free for the current fight or event.

use gameshelf_engine::Seat;
use gameshelf_open_oubliette::state::{RING_SIDE, ring_cell};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// The number of spaces on the ring.
pub(crate) const SPACES: usize = 20;
/// Cells per side of the square.
pub(crate) const SIDE: u16 = RING_SIDE as u16;
/// Width of one cell in characters.
pub(crate) const CELL_WIDTH: u16 = 8;
/// Height of one cell in lines.
pub(crate) const CELL_HEIGHT: u16 = 3;

/// The Event corners.
pub(crate) const EVENT_SPACES: [usize; 3] = [5, 10, 15];

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
        let (col, row) = ring_cell(space as u8);
        let (col, row) = (u16::from(col), u16::from(row));
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
    fn corners_are_named() {
        assert_eq!(space_name(0), "0 Exit");
        assert_eq!(space_name(10), "10 EV");
        assert!((0..SPACES).all(|s| space_name(s).len() <= CELL_WIDTH as usize - 2));
        assert_eq!(space_name(7), "7");
    }
}
