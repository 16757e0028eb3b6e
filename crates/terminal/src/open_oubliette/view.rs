//! The Open Oubliette table in the full-screen view: the ring board with the situation in
//! its middle, and one panel per player beside it.

use gameshelf_engine::Seat;
use gameshelf_open_oubliette::{Observation, OpenOubliette};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::board::{self, board_area, draw_board, middle_area, seat_color};
use gameshelf_open_oubliette::present::{panel_lines, piles, situation};

/// Draws the table: the board on the left, the player panels on the right.
pub(crate) fn draw_table(
    frame: &mut Frame,
    area: Rect,
    game: &OpenOubliette,
    names: &[String],
    obs: &Observation,
) {
    let board_width = board::SIDE * board::CELL_WIDTH;
    let [left, right] =
        Layout::horizontal([Constraint::Length(board_width), Constraint::Min(20)]).areas(area);
    let board = board_area(left);
    let positions: Vec<usize> = obs.view.players[..game.config().players]
        .iter()
        .map(|p| p.pos as usize)
        .collect();
    draw_board(frame, board, &positions, obs.seat as usize);
    draw_middle(frame, middle_area(board), game, obs);
    let below = Rect {
        y: board.bottom(),
        height: left.bottom().saturating_sub(board.bottom()),
        ..left
    };
    frame.render_widget(Paragraph::new(piles(obs)).wrap(Wrap { trim: true }), below);
    draw_panels(frame, right, game, names, obs);
}

/// The situation (turn, fight with its odds, event) inside the ring.
fn draw_middle(frame: &mut Frame, area: Rect, game: &OpenOubliette, obs: &Observation) {
    frame.render_widget(
        Paragraph::new(situation(game, obs))
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" now ")),
        area,
    );
}

/// One panel per player, stacked.
fn draw_panels(
    frame: &mut Frame,
    area: Rect,
    game: &OpenOubliette,
    names: &[String],
    obs: &Observation,
) {
    let n = game.config().players;
    let areas = Layout::vertical(vec![Constraint::Ratio(1, n as u32); n]).split(area);
    for (seat, &panel) in areas.iter().enumerate() {
        draw_panel(frame, panel, game, names, obs, seat);
    }
}

fn draw_panel(
    frame: &mut Frame,
    area: Rect,
    game: &OpenOubliette,
    names: &[String],
    obs: &Observation,
    seat: Seat,
) {
    let mut title_style = Style::new()
        .fg(seat_color(seat))
        .add_modifier(Modifier::BOLD);
    if obs.view.current as usize == seat {
        title_style = title_style.add_modifier(Modifier::REVERSED);
    }
    let you = if seat == obs.seat as usize && names[seat] != "you" {
        " (you)"
    } else {
        ""
    };
    let title = Span::styled(
        format!(" {} {}{you} ", board::token(seat), names[seat]),
        title_style,
    );
    let lines: Vec<Line> = panel_lines(game, obs, seat)
        .into_iter()
        .map(Line::raw)
        .collect();
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::bordered()
                .title(title)
                .border_style(Style::new().fg(seat_color(seat))),
        ),
        area,
    );
}
