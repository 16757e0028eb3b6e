//! The Laissez-faire board in the full-screen view: the 40 spaces as a square ring of 11
//! spaces a side, corners included, laid out as on a real board.
//!
//! Start (space 0) is the bottom-right corner; numbers rise leftwards along the bottom row
//! to the Jail corner (10, bottom-left), up the left column to the Rest corner (20,
//! top-left), rightwards along the top row to Go To Jail (30, top-right) and down the right
//! column back to Start. The 9x9 middle of the square is left free for the turn and the
//! players.
//!
//! The cells are sized to the area ([`Geometry::fit`]): the spaces of the top and bottom
//! rows are narrow and tall (name, deed, tokens on lines of their own), those of the left
//! and right columns wide and short (one or two lines). Each space shows its short name
//! (on its city's colour for a street property), its owner's seat number with the
//! buildings (`1h`, `2h`, `apt`; `B` for the bank, the price while the bank holds an
//! unbuilt deed) and the tokens on it; jailed players show on the Jail corner as `J` and
//! their seat number.

use gameshelf_engine::Seat;
use gameshelf_laissez_faire::board::{APARTMENT, SPACES, SpaceKind};
use gameshelf_laissez_faire::{BANK, LaissezFaire, State, Status};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The widest cell of the top and bottom rows; a corner is `2 * width + 2` wide.
const MAX_CELL_WIDTH: u16 = 6;

/// The tallest top and bottom rows (two lines of name, the deed, the tokens).
const MAX_ROW_HEIGHT: u16 = 4;

/// The table height from which the spaces of the left and right columns get two lines
/// each (a name line and a deed-and-tokens line).
const TALL_SIDES: u16 = 24;

/// The cell `(column, row)` of a space in the 11x11 square, `(0, 0)` top-left (see
/// [`gameshelf_laissez_faire::board::ring_cell`]).
pub(crate) fn ring_cell(space: usize) -> (u16, u16) {
    let (col, row) = gameshelf_laissez_faire::board::ring_cell(space);
    (col as u16, row as u16)
}

/// The sizes of the board's cells, chosen to fit an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// The board's top-left corner.
    pub(crate) x: u16,
    /// The board's top line.
    pub(crate) y: u16,
    /// Width of the corners and of the spaces of the left and right columns.
    pub(crate) corner_width: u16,
    /// Width of the 9 spaces between the corners of the top and bottom rows.
    pub(crate) cell_width: u16,
    /// Height of the top and bottom rows.
    pub(crate) row_height: u16,
    /// Height of the 9 spaces between the corners of the left and right columns.
    pub(crate) side_height: u16,
}

impl Geometry {
    /// The largest board that fits `area` (at most 82 columns), at its top-left corner. On
    /// areas below 17x11 the smallest board is returned, and drawing clips it.
    pub(crate) fn fit(area: Rect) -> Geometry {
        let cell_width = (area.width.saturating_sub(4) / 13).clamp(1, MAX_CELL_WIDTH);
        let side_height = if area.height >= TALL_SIDES { 2 } else { 1 };
        let row_height = (area.height.saturating_sub(9 * side_height) / 2).clamp(1, MAX_ROW_HEIGHT);
        Geometry {
            x: area.x,
            y: area.y,
            corner_width: 2 * cell_width + 2,
            cell_width,
            row_height,
            side_height,
        }
    }

    /// The whole board.
    pub(crate) fn area(&self) -> Rect {
        Rect {
            x: self.x,
            y: self.y,
            width: 2 * self.corner_width + 9 * self.cell_width,
            height: 2 * self.row_height + 9 * self.side_height,
        }
    }

    /// The free middle of the ring.
    pub(crate) fn inner(&self) -> Rect {
        Rect {
            x: self.x + self.corner_width,
            y: self.y + self.row_height,
            width: 9 * self.cell_width,
            height: 9 * self.side_height,
        }
    }

    /// The cell of `space`.
    ///
    /// # Panics
    /// If `space` is not on the ring (`0..40`).
    pub(crate) fn cell(&self, space: usize) -> Rect {
        let (col, row) = ring_cell(space);
        let (x, width) = match col {
            0 => (0, self.corner_width),
            10 => (self.corner_width + 9 * self.cell_width, self.corner_width),
            c => (
                self.corner_width + (c - 1) * self.cell_width,
                self.cell_width,
            ),
        };
        let (y, height) = match row {
            0 => (0, self.row_height),
            10 => (self.row_height + 9 * self.side_height, self.row_height),
            r => (
                self.row_height + (r - 1) * self.side_height,
                self.side_height,
            ),
        };
        Rect {
            x: self.x + x,
            y: self.y + y,
            width,
            height,
        }
    }

    /// The part of `space`'s cell that holds its text: all but the last column, left blank
    /// between neighbours (and between the left column and the middle of the ring).
    pub(crate) fn text_cell(&self, space: usize) -> Rect {
        let cell = self.cell(space);
        Rect {
            width: cell.width.saturating_sub(1).max(1),
            ..cell
        }
    }
}

/// The colour of a seat's token, owner mark and panel.
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

/// The colour band of a city's street properties.
fn city_color(city: u8) -> Color {
    const COLORS: [Color; 8] = [
        Color::Indexed(130),
        Color::LightCyan,
        Color::Magenta,
        Color::Indexed(208),
        Color::Red,
        Color::Yellow,
        Color::Green,
        Color::Blue,
    ];
    COLORS[city as usize % COLORS.len()]
}

/// A seat's token: its number counted from 1, on its colour.
pub(crate) fn token(seat: Seat) -> Span<'static> {
    Span::styled(
        (seat + 1).to_string(),
        Style::new()
            .fg(Color::Black)
            .bg(seat_color(seat))
            .add_modifier(Modifier::BOLD),
    )
}

/// A building level in words: `1h`, `2h` or `apt` (empty without buildings).
pub(crate) fn buildings(level: u8) -> String {
    match level {
        0 => String::new(),
        APARTMENT => "apt".to_owned(),
        n => format!("{n}h"),
    }
}

/// `name` in at most `width` characters: the name itself when it fits, else the first
/// letters of its words, as many of each as fit, earlier words first (`Tram Lane` in 5
/// is `TramL`, `Northern Power Co.` in 4 is `NoPC`).
pub(crate) fn short_name(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_owned();
    }
    let words: Vec<Vec<char>> = name
        .split_whitespace()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .take(width)
        .collect();
    let mut left = width.saturating_sub(words.len());
    let mut out = String::new();
    for word in &words {
        let more = (word.len() - 1).min(left);
        left -= more;
        out.extend(&word[..=more]);
    }
    out
}

/// A space's deed as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Deed {
    /// The space has no deed.
    None,
    /// The bank holds it.
    Bank {
        /// Its price.
        price: u32,
        /// Its buildings.
        level: u8,
    },
    /// A player holds it.
    Owned {
        /// The owner.
        owner: Seat,
        /// Its buildings.
        level: u8,
    },
}

impl Deed {
    /// The longest form of the deed that fits `width` characters: the owner's seat number
    /// (`B` for the bank) and the buildings (`2 apt`, `2apt` or `2`; `2 1h` or `2`), or the
    /// price of an unbuilt bank deed (left out when it does not fit).
    fn spans(self, width: usize) -> Vec<Span<'static>> {
        let (mark, level) = match self {
            Deed::None => return Vec::new(),
            Deed::Bank { price, level: 0 } => {
                let price = format!("${price}");
                if price.len() > width {
                    return Vec::new();
                }
                return vec![Span::styled(price, Style::new().fg(Color::DarkGray))];
            }
            Deed::Bank { level, .. } => (Span::raw("B"), level),
            Deed::Owned { owner, level } => (
                Span::styled(
                    (owner + 1).to_string(),
                    Style::new()
                        .fg(seat_color(owner))
                        .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                ),
                level,
            ),
        };
        let level = buildings(level);
        // `2apt` still reads as owner and buildings, `12h` would not.
        let forms = [format!(" {level}"), level.clone()];
        let fits = |text: &String| {
            !level.is_empty()
                && (text.starts_with(' ') || level == "apt")
                && mark.width() + text.len() <= width
        };
        match forms.into_iter().find(fits) {
            Some(text) => vec![mark, Span::raw(text)],
            None => vec![mark],
        }
    }
}

/// What one space shows, ready to lay out.
struct Cell {
    /// The space's name.
    name: String,
    /// The name's style: a street property's city colour, bold for the other spaces.
    name_style: Style,
    /// The deed: owner and buildings, or the price of an unbuilt bank deed.
    deed: Deed,
    /// The jailed players (on the Jail corner).
    jailed: Vec<Span<'static>>,
    /// The tokens of the players in the game on the space, jailed players excepted.
    tokens: Vec<Span<'static>>,
}

impl Cell {
    fn new(game: &LaissezFaire, s: &State, space: usize) -> Cell {
        let at = &game.board().spaces[space];
        let name_style = match at.kind {
            SpaceKind::Property { city, .. } => Style::new().fg(Color::Black).bg(city_color(city)),
            _ => Style::new().add_modifier(Modifier::BOLD),
        };
        let lot = s.lots.0[space];
        let deed = match (at.is_deed(), lot.owner) {
            (false, _) => Deed::None,
            (true, BANK) => Deed::Bank {
                price: at.price,
                level: lot.level,
            },
            (true, owner) => Deed::Owned {
                owner: owner as Seat,
                level: lot.level,
            },
        };
        let mut jailed = Vec::new();
        let mut tokens = Vec::new();
        for (seat, p) in s.players[..game.config().players].iter().enumerate() {
            if p.status != Status::Playing || p.pos as usize != space {
                continue;
            }
            if p.jailed {
                if !jailed.is_empty() {
                    jailed.push(Span::raw(" "));
                }
                jailed.push(Span::styled(
                    "J",
                    Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
                ));
                jailed.push(token(seat));
            } else {
                tokens.push(token(seat));
            }
        }
        Cell {
            name: at.name.clone(),
            name_style,
            deed,
            jailed,
            tokens,
        }
    }

    /// The lines of the cell in a `width` x `height` box.
    fn lines(self, width: u16, height: u16) -> Vec<Line<'static>> {
        let width = width as usize;
        let name =
            |text: &str, width: usize| Span::styled(short_name(text, width), self.name_style);
        let deed = self.deed.spans(width);
        match height {
            0 => Vec::new(),
            1 => {
                let status = joined([deed, self.jailed, self.tokens]);
                let used = status.width();
                let room = width.saturating_sub(used + usize::from(used > 0));
                let mut spans = Vec::new();
                if room > 0 {
                    spans.push(name(&self.name, room));
                    spans.push(Span::raw(" "));
                }
                spans.extend(status.spans);
                vec![Line::from(spans)]
            }
            2 => vec![
                Line::from(name(&self.name, width)),
                joined([deed, self.jailed, self.tokens]),
            ],
            3 => vec![
                Line::from(name(&self.name, width)),
                joined([deed, self.jailed]),
                Line::from(self.tokens),
            ],
            _ => {
                let (first, rest) = self
                    .name
                    .split_once(' ')
                    .unwrap_or((self.name.as_str(), ""));
                vec![
                    Line::from(name(first, width)),
                    Line::from(name(rest, width)),
                    joined([deed, self.jailed]),
                    Line::from(self.tokens),
                ]
            }
        }
    }
}

/// The non-empty groups of spans on one line, a space between groups.
fn joined<const N: usize>(groups: [Vec<Span<'static>>; N]) -> Line<'static> {
    let mut spans = Vec::new();
    for group in groups.into_iter().filter(|g| !g.is_empty()) {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.extend(group);
    }
    Line::from(spans)
}

/// Draws the 40 spaces of the board laid out by `geometry`, clipped to `clip`.
pub(crate) fn draw_board(
    frame: &mut Frame,
    geometry: &Geometry,
    clip: Rect,
    game: &LaissezFaire,
    s: &State,
) {
    for space in 0..SPACES {
        let cell = geometry.text_cell(space);
        let shown = cell.intersection(clip);
        if shown.is_empty() {
            continue;
        }
        let lines = Cell::new(game, s, space).lines(cell.width, cell.height);
        frame.render_widget(Paragraph::new(lines), shown);
    }
}

/// Marks `spaces` on the board drawn by [`draw_board`] (reversed and bold).
pub(crate) fn highlight(frame: &mut Frame, geometry: &Geometry, clip: Rect, spaces: &[u8]) {
    let style = Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD);
    for &space in spaces {
        if (space as usize) < SPACES {
            let shown = geometry.text_cell(space as usize).intersection(clip);
            frame.buffer_mut().set_style(shown, style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_go_round_the_square_as_on_a_real_board() {
        assert_eq!(ring_cell(0), (10, 10), "Start bottom-right");
        assert_eq!(ring_cell(1), (9, 10));
        assert_eq!(ring_cell(10), (0, 10), "Jail bottom-left");
        assert_eq!(ring_cell(11), (0, 9));
        assert_eq!(ring_cell(20), (0, 0), "Rest top-left");
        assert_eq!(ring_cell(21), (1, 0));
        assert_eq!(ring_cell(30), (10, 0), "Go To Jail top-right");
        assert_eq!(ring_cell(31), (10, 1));
        assert_eq!(ring_cell(39), (10, 9));
        let cells: Vec<_> = (0..SPACES).map(ring_cell).collect();
        for (i, &(c, r)) in cells.iter().enumerate() {
            let last = gameshelf_laissez_faire::board::RING_SIDE as u16 - 1;
            assert!(c == 0 || r == 0 || c == last || r == last);
            assert_eq!(cells.iter().filter(|&&x| x == (c, r)).count(), 1);
            let (nc, nr) = cells[(i + 1) % SPACES];
            assert_eq!(c.abs_diff(nc) + r.abs_diff(nr), 1, "{i} and its successor");
        }
    }

    #[test]
    fn cells_tile_the_ring_without_overlap() {
        for (width, height) in [(70, 16), (70, 25), (112, 40), (30, 8)] {
            let g = Geometry::fit(Rect::new(2, 1, width, height));
            let board = g.area();
            let inner = g.inner();
            let cells: Vec<Rect> = (0..SPACES).map(|i| g.cell(i)).collect();
            for (i, a) in cells.iter().enumerate() {
                assert!(board.contains(a.as_position()), "{i} in {board:?}");
                assert_eq!(board.union(*a), board, "{i} inside the board");
                assert!(!a.intersects(inner), "{i} outside the middle");
                for b in &cells[i + 1..] {
                    assert!(!a.intersects(*b), "{a:?} and {b:?}");
                }
            }
            let area: u32 = cells.iter().map(|r| r.area()).sum();
            assert_eq!(area + inner.area(), board.area());
        }
        let g = Geometry::fit(Rect::new(0, 0, 70, 16));
        assert_eq!((g.area().width, g.area().height), (69, 15));
        assert_eq!((g.inner().width, g.inner().height), (45, 9));
    }

    #[test]
    fn names_shrink_to_the_initials_of_later_words() {
        assert_eq!(short_name("Start", 5), "Start");
        assert_eq!(short_name("Tram Lane", 5), "TramL");
        assert_eq!(short_name("Tram Lane", 4), "TraL");
        assert_eq!(short_name("Northern Power Co.", 4), "NoPC");
        assert_eq!(short_name("Go To Jail", 5), "GoToJ");
        assert_eq!(short_name("Southern Cross Air", 2), "SC");
        assert_eq!(short_name("Anything", 0), "");
    }
}
