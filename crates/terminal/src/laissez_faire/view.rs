//! The Laissez-faire table in the full-screen view: the board ring with the turn in its
//! middle, a panel per player, and the notary's books in the room left.
//!
//! The board takes the top-left of the table ([`Geometry::fit`]). The turn in words
//! ([`turn_text`], the same as in line mode) opens the middle of the ring. The player panels
//! go in a column beside the board when the table is wide enough, else in the middle under
//! the turn, two lines each when there is room and one line each when not. The notary's
//! summary, live contracts and latest ledger lines ([`notary`], shared with line mode) take
//! the largest room left: under the board, beside it, or in the middle.

use gameshelf_engine::{Game, Seat};
use gameshelf_laissez_faire::contract::NO_DEED;
use gameshelf_laissez_faire::{Action, LaissezFaire, State, Status, Term, spaces_in};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::board::{Geometry, draw_board, highlight, seat_color, token};
use gameshelf_laissez_faire::present::{Notary, notary, turn_text};

/// The narrowest column beside the board that takes the player panels.
const MIN_SIDE_COLUMN: u16 = 24;

/// The most lines the turn takes in the middle of the ring.
const MAX_TURN_LINES: usize = 4;

/// The longest name in a one-line player panel.
const SHORT_NAME: usize = 10;

/// Where the parts of the table go.
struct Regions {
    /// The board's cells.
    geometry: Geometry,
    /// The middle of the ring, less a blank column before the right column of spaces.
    middle: Rect,
    /// The column beside the board (empty when too narrow).
    side: Rect,
    /// The rows under the board.
    below: Rect,
}

impl Regions {
    fn new(area: Rect) -> Regions {
        let geometry = Geometry::fit(area);
        let board = geometry.area().intersection(area);
        let middle = geometry.inner().intersection(area);
        let middle = Rect {
            width: middle.width.saturating_sub(1),
            ..middle
        };
        let x = board.right().saturating_add(1);
        let side = Rect {
            x,
            y: area.y,
            width: area.right().saturating_sub(x),
            height: area.height,
        };
        let side = if side.width >= MIN_SIDE_COLUMN {
            side
        } else {
            Rect { width: 0, ..side }
        };
        let below = Rect {
            x: area.x,
            y: board.bottom(),
            width: board.width,
            height: area.bottom().saturating_sub(board.bottom()),
        };
        Regions {
            geometry,
            middle,
            side,
            below,
        }
    }
}

/// Splits the top `rows` rows off `rect` (fewer if it has fewer) and returns them.
fn take_rows(rect: &mut Rect, rows: u16) -> Rect {
    let rows = rows.min(rect.height);
    let top = Rect {
        height: rows,
        ..*rect
    };
    rect.y += rows;
    rect.height -= rows;
    top
}

/// Draws the table: the board with the tokens, the turn, the players and the notary.
pub(crate) fn draw_table(
    frame: &mut Frame,
    area: Rect,
    game: &LaissezFaire,
    names: &[String],
    viewer: Seat,
    s: &State,
) {
    let Regions {
        geometry,
        mut middle,
        mut side,
        below,
    } = Regions::new(area);
    draw_board(frame, &geometry, area, game, s);

    let turn: Vec<Line> = wrap(&turn_text(game, s), middle.width as usize)
        .into_iter()
        .take(MAX_TURN_LINES)
        .map(|l| Line::styled(l, Style::new().add_modifier(Modifier::BOLD)))
        .collect();
    let turn_rows = turn.len() as u16;
    frame.render_widget(Paragraph::new(turn), take_rows(&mut middle, turn_rows));
    let in_middle = side.is_empty();
    let players = if in_middle {
        // A blank line after the turn unless the players need it.
        if middle.height as usize > game.num_players() {
            take_rows(&mut middle, 1);
        }
        &mut middle
    } else {
        take_rows(&mut middle, 1);
        &mut side
    };
    let lines = player_lines(
        game,
        names,
        viewer,
        s,
        (players.height as usize, players.width as usize),
        !in_middle,
    );
    let used = lines.len() as u16;
    frame.render_widget(Paragraph::new(lines), take_rows(players, used));
    take_rows(players, 1);

    if let Some(books) = notary(game, s) {
        let room = [below, side, middle]
            .into_iter()
            .max_by_key(|r| (if r.is_empty() { 0 } else { r.height }, r.width))
            .unwrap_or_default();
        let lines: Vec<Line> = notary_lines(&books, room.height as usize, room.width as usize)
            .into_iter()
            .enumerate()
            .map(|(i, l)| {
                let style = if i == 0 {
                    Style::new().add_modifier(Modifier::BOLD)
                } else {
                    Style::new()
                };
                Line::styled(l, style)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), room);
    }
}

/// Marks on the board the spaces `choice` is about: the property to build on, lodge in, ask
/// for or bid for (or pay for, as a third party),
/// the deed to buy, trade, pledge or take an option on (a package's clause included), the property, company or utility of
/// a lodging right or price cap, the city to go to, the space a move lands on, or the Jail
/// corner.
pub(crate) fn draw_preview(
    frame: &mut Frame,
    area: Rect,
    game: &LaissezFaire,
    s: &State,
    choice: Action,
) {
    let geometry = Regions::new(area).geometry;
    highlight(frame, &geometry, area, &choice_spaces(game, s, choice));
}

/// The spaces `choice` is about (see [`draw_preview`]); none for the other choices.
pub(crate) fn choice_spaces(game: &LaissezFaire, s: &State, choice: Action) -> Vec<u8> {
    let board = game.board();
    let city = |c: u8| spaces_in(board.cities[c as usize].properties).collect();
    let term = |t: Term| match t {
        Term::Borrow(_, deed) if deed != NO_DEED => vec![deed],
        Term::Lodging(space, ..) | Term::Service(space, ..) | Term::Option(space, ..) => {
            vec![space]
        }
        _ => Vec::new(),
    };
    let here = s.me().pos;
    match choice {
        Action::Build(i)
        | Action::Lodge(i)
        | Action::Post(i, _)
        | Action::Cover(i, _)
        | Action::Ask(i)
        | Action::Tender(i, _)
        | Action::Offer(_, i, _)
        | Action::Deed(i)
        | Action::Right(_, i, _) => vec![i],
        Action::Lend(_, collateral, _) if collateral != NO_DEED => vec![collateral],
        Action::Buy | Action::Decline | Action::Stay => vec![here],
        Action::Move => s.roll.map_or_else(Vec::new, |d| {
            vec![((usize::from(here) + usize::from(d.total())) % board.spaces.len()) as u8]
        }),
        Action::Propose(_, t) => term(t),
        Action::Accept
        | Action::Refuse
        | Action::Counter(_)
        | Action::Hold
        | Action::Withdraw
        | Action::Insist
        | Action::Park => match s.trade {
            Some(t) => t.contract.map_or_else(|| vec![t.deed], term),
            None => Vec::new(),
        },
        Action::Covered(payer) => s.covers.get(payer).map(|c| c.space).into_iter().collect(),
        Action::City(c) => city(c),
        Action::Ride => city(game.other_city(s.city)),
        Action::Bench | Action::PayFee | Action::Wait => vec![board.jail],
        _ => Vec::new(),
    }
}

/// A player's status in words: playing, in jail (with the jail turn and the fee to pay
/// now), removed after the final lap, or eliminated.
fn status_text(game: &LaissezFaire, s: &State, seat: Seat) -> String {
    let p = &s.players[seat];
    match p.status {
        Status::Eliminated => "eliminated".to_owned(),
        Status::Removed => "removed (final lap done)".to_owned(),
        Status::Playing if p.jailed => format!(
            "in jail, turn {}, fee ${}",
            p.jail_turns,
            game.jail_fee(s, seat)
        ),
        Status::Playing => "playing".to_owned(),
    }
}

/// The player panels in at most `rows` lines of `width` characters: each panel's title
/// (the seat to move marked `>`, the token, the name, the status when it fits), its status
/// and its numbers (cash, net worth, deeds) wrapped under it, and with `gaps` a blank line
/// between panels when they fit; one line each when they do not.
fn player_lines(
    game: &LaissezFaire,
    names: &[String],
    viewer: Seat,
    s: &State,
    (rows, width): (usize, usize),
    gaps: bool,
) -> Vec<Line<'static>> {
    let n = game.num_players();
    let panels: Vec<Vec<Line>> = (0..n)
        .map(|seat| panel(game, names, viewer, s, seat, width))
        .collect();
    let total: usize = panels.iter().map(Vec::len).sum();
    let mut out = Vec::new();
    if total <= rows {
        let gaps = gaps && total + n - 1 <= rows;
        for (seat, panel) in panels.into_iter().enumerate() {
            if gaps && seat > 0 {
                out.push(Line::default());
            }
            out.extend(panel);
        }
    } else {
        out.extend((0..n).map(|seat| one_line_panel(game, names, viewer, s, seat)));
        out.truncate(rows);
    }
    out
}

/// The start of a panel's title: the `>` of the seat to move, the token and the name.
fn title(
    names: &[String],
    viewer: Seat,
    s: &State,
    seat: Seat,
    longest: usize,
) -> Vec<Span<'static>> {
    let name: String = names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", seat + 1))
        .chars()
        .take(longest)
        .collect();
    let you = if seat == viewer && name != "you" {
        " (you)"
    } else {
        ""
    };
    let mut style = Style::new()
        .fg(seat_color(seat))
        .add_modifier(Modifier::BOLD);
    let mark = if s.current as usize == seat {
        style = style.add_modifier(Modifier::REVERSED);
        ">"
    } else {
        " "
    };
    vec![
        Span::raw(mark),
        token(seat),
        Span::raw(" "),
        Span::styled(format!("{name}{you}"), style),
    ]
}

/// How many deeds `seat` holds, in words.
fn deeds_text(s: &State, seat: Seat) -> String {
    match s.lots.0.iter().filter(|l| l.owner as usize == seat).count() {
        1 => "1 deed".to_owned(),
        n => format!("{n} deeds"),
    }
}

/// A player's panel in lines of `width` characters.
fn panel(
    game: &LaissezFaire,
    names: &[String],
    viewer: Seat,
    s: &State,
    seat: Seat,
    width: usize,
) -> Vec<Line<'static>> {
    const INDENT: &str = "   ";
    let mut title = title(names, viewer, s, seat, usize::MAX);
    let status = status_text(game, s, seat);
    let mut rest = format!(
        "cash ${}, net worth ${}, {}",
        s.players[seat].cash,
        game.net_worth(s, seat),
        deeds_text(s, seat)
    );
    if Line::from(title.clone()).width() + 1 + status.chars().count() <= width {
        title.push(Span::raw(format!(" {status}")));
    } else {
        rest = format!("{status}; {rest}");
    }
    let mut lines = vec![Line::from(title)];
    lines.extend(
        wrap(&rest, width.saturating_sub(INDENT.len()))
            .into_iter()
            .map(|l| Line::raw(format!("{INDENT}{l}"))),
    );
    lines
}

/// A player's panel in one line: title, cash, net worth, deeds and, unless playing, status.
fn one_line_panel(
    game: &LaissezFaire,
    names: &[String],
    viewer: Seat,
    s: &State,
    seat: Seat,
) -> Line<'static> {
    let p = &s.players[seat];
    let status = if p.status == Status::Playing && !p.jailed {
        String::new()
    } else {
        format!(", {}", status_text(game, s, seat))
    };
    let mut spans = title(names, viewer, s, seat, SHORT_NAME);
    spans.push(Span::raw(format!(
        " ${} nw ${} {}{status}",
        p.cash,
        game.net_worth(s, seat),
        deeds_text(s, seat)
    )));
    Line::from(spans)
}

/// The notary's books in at most `rows` lines of `width` characters: the summary, then
/// the live contracts and the latest ledger lines sharing the rest (the ledger at least
/// half of it when it has that many lines; contracts that do not fit are counted). Each
/// entry is indented and wrapped.
fn notary_lines(books: &Notary, rows: usize, width: usize) -> Vec<String> {
    let entry = |text: &String| -> Vec<String> {
        wrap(text, width.saturating_sub(4))
            .into_iter()
            .enumerate()
            .map(|(i, l)| format!("{}{l}", if i == 0 { "  " } else { "    " }))
            .collect()
    };
    let mut out = wrap(&books.summary, width);
    out.truncate(rows);
    let room = rows - out.len();
    let contracts: Vec<Vec<String>> = books.contracts.iter().map(entry).collect();
    let ledger: Vec<Vec<String>> = books.ledger.iter().map(entry).collect();
    let rows_of = |entries: &[Vec<String>]| entries.iter().map(Vec::len).sum::<usize>();
    let ledger_room = rows_of(&ledger).min(
        room.div_ceil(2)
            .max(room.saturating_sub(rows_of(&contracts))),
    );
    let mut contract_room = room - ledger_room;
    let mut shown = 0;
    for (i, c) in contracts.iter().enumerate() {
        let last = i + 1 == contracts.len();
        // Keep a line for the count of the contracts left out, unless this is the last.
        if c.len() + usize::from(!last) > contract_room {
            break;
        }
        contract_room -= c.len();
        out.extend(c.iter().cloned());
        shown += 1;
    }
    if shown < contracts.len() && contract_room > 0 {
        out.push(format!("  ... {} more contracts", contracts.len() - shown));
    }
    let mut latest = Vec::new();
    let mut ledger_room = ledger_room;
    for l in ledger.iter().rev() {
        if l.len() > ledger_room {
            break;
        }
        ledger_room -= l.len();
        latest.push(l);
    }
    out.extend(latest.into_iter().rev().flatten().cloned());
    out
}

/// Splits `text` into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line: Vec<char> = Vec::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        if !line.is_empty() && line.len() + 1 + word.len() <= width {
            line.push(' ');
            line.append(&mut word);
            continue;
        }
        if !line.is_empty() {
            lines.push(line.drain(..).collect());
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        line = word;
    }
    if !line.is_empty() {
        lines.push(line.into_iter().collect());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_wraps_at_spaces_within_the_width() {
        assert_eq!(
            wrap("round 1, seat 2 rolls", 10),
            ["round 1,", "seat 2", "rolls"]
        );
        assert_eq!(wrap("abcdefghij k", 4), ["abcd", "efgh", "ij k"]);
        assert!(wrap("", 5).is_empty());
    }

    #[test]
    fn the_notary_keeps_its_summary_and_the_latest_ledger_lines() {
        let books = Notary {
            summary: "notary".to_owned(),
            contracts: (1..=4).map(|i| format!("contract {i}")).collect(),
            ledger: (1..=6).map(|i| format!("ledger {i}")).collect(),
        };
        assert!(notary_lines(&books, 0, 40).is_empty());
        assert_eq!(notary_lines(&books, 1, 40), ["notary"]);
        assert_eq!(
            notary_lines(&books, 5, 40),
            [
                "notary",
                "  contract 1",
                "  ... 3 more contracts",
                "  ledger 5",
                "  ledger 6"
            ]
        );
        assert_eq!(notary_lines(&books, 20, 40).len(), 11);
        // Narrow: entries wrap, and only whole entries are shown.
        assert_eq!(
            notary_lines(&books, 4, 10),
            ["notary", "  ... 4 more contracts", "  ledger", "    6"]
        );
    }
}
