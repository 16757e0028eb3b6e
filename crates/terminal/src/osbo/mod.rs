//! Osbo in the terminal: every design drawn side by side, the dice in hand, and the
//! placements the turn rule allows, in line mode and in the full-screen view.
//!
//! Osbo has perfect information, so the observation is the whole state. The pictures and
//! words come from the game's presentation layer ([`gameshelf_osbo::present`]); the
//! full-screen view only gives each [`Ink`] a style: each cord its colour, the start die
//! bold and underlined, open ends bold in the colour of a cord ending there, labels and
//! free cells grey.
//!
//! In the full-screen view a human places a die with a cell cursor (module `cursor`): the
//! arrow keys move over the target cells, Tab switches design, `r` cycles the legal faces
//! and rotations at the cell and Enter places the previewed die.

mod cursor;

use crossterm::event::KeyEvent;
use gameshelf_engine::{Game, Presenter, Seat};
use gameshelf_osbo::present::{OsboPresenter, designs_canvas, preview, turn_text};
use gameshelf_osbo::render::{Canvas, Ink, ansi_colour};
use gameshelf_osbo::{Action, Osbo, State};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::screen::{self, Table};
use crate::{PlayOptions, Played, Player, TerminalError};

/// Help on placing a die with the cell cursor, for the help screen.
const SCREEN_HELP: &str = "Placing a die in the full-screen view: the arrow keys move the \
cursor (the marked die of the preview) between the cells where a die may go, Tab and Shift-Tab switch design, r and R cycle \
through the faces and rotations legal at the cell, and Enter places the die shown. The list \
follows the cursor; j/k and the number keys still pick from it.";

/// The key help line of the full-screen view.
const KEYS: &str = "arrows: cell | Tab: design | r: face/rotation | Enter: place | j/k, 1-9: list \
| u: undo | PgUp/PgDn: log | s: step | h: help | q: quit";

/// The style of an ink in the full-screen view.
fn style(ink: Ink) -> Style {
    match ink {
        Ink::Plain => Style::new(),
        Ink::Faint => Style::new().fg(Color::DarkGray),
        Ink::Cord(slot) => Style::new().fg(Color::Indexed(ansi_colour(slot))),
        Ink::Start(slot) => Style::new()
            .fg(Color::Indexed(ansi_colour(slot)))
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        Ink::OpenEnd(slot) => Style::new()
            .fg(Color::Indexed(ansi_colour(slot)))
            .add_modifier(Modifier::BOLD),
    }
}

/// The lines of `canvas` in their styles, the character at `mark` (line, column) in
/// `marked` instead.
fn lines(canvas: &Canvas, mark: Option<((usize, usize), Style)>) -> Vec<Line<'static>> {
    (0..canvas.height())
        .map(|y| {
            let mut spans = Vec::new();
            let mut x = 0;
            for (text, ink) in canvas.runs(y) {
                let len = text.chars().count();
                match mark {
                    Some(((my, mx), marked)) if my == y && (x..x + len).contains(&mx) => {
                        let chars: Vec<char> = text.chars().collect();
                        let part = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
                        let at = mx - x;
                        spans.push(Span::styled(part(0, at), style(ink)));
                        spans.push(Span::styled(part(at, at + 1), marked));
                        spans.push(Span::styled(part(at + 1, len), style(ink)));
                    }
                    _ => spans.push(Span::styled(text, style(ink))),
                }
                x += len;
            }
            Line::from(spans)
        })
        .collect()
}

impl Table<Osbo> for OsboPresenter {
    fn draw_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &Osbo,
        names: &[String],
        _viewer: Seat,
        state: &State,
    ) {
        let mut text = lines(&designs_canvas(game, state, names), None);
        if game.is_terminal(state) {
            // The end screen: the scores side by side under the designs.
            let result = self.result_text(game, state, names);
            text.extend(result.lines().map(|l| Line::raw(l.to_owned())));
        } else {
            text.push(Line::raw(turn_text(state)));
        }
        frame.render_widget(
            Paragraph::new(text).block(Block::bordered().title(" designs ")),
            area,
        );
    }

    /// The designs with the highlighted placement made, the new die marked.
    fn draw_preview(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &Osbo,
        names: &[String],
        state: &State,
        choice: Action,
    ) {
        let Action::Place(p) = choice else {
            return;
        };
        let (canvas, at) = preview(game, state, names, p);
        let mark = Style::new()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD);
        let mut lines = lines(&canvas, Some((at, mark)));
        lines.push(Line::raw(turn_text(state)));
        lines.push(Line::styled(
            format!("preview: {p} (marked)"),
            Style::new().fg(Color::Yellow),
        ));
        let mut legal = Vec::new();
        game.legal_actions(state, &mut legal);
        if let Some(at) = legal
            .iter()
            .position(|&a| a == choice)
            .and_then(|i| cursor::position(&legal, i))
        {
            lines.push(Line::styled(
                format!(
                    "cursor: design {}, cell {}/{}, face {}/{} (arrows, Tab, r, Enter)",
                    at.placement.design + 1,
                    at.cell,
                    at.cells,
                    at.face,
                    at.faces
                ),
                Style::new().fg(Color::Yellow),
            ));
        }
        frame.render_widget(Clear, area);
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" designs -- preview ")),
            area,
        );
    }

    /// The cell cursor: arrows, Tab, Shift-Tab, `r` and `R` move it over the legal
    /// placements (see [`cursor`]); other keys go to the list.
    fn handle_key(&self, key: KeyEvent, legal: &[Action], selected: usize) -> Option<usize> {
        cursor::step(legal, selected, cursor::key_move(key)?)
    }

    fn keys(&self) -> &'static str {
        KEYS
    }

    fn screen_help(&self) -> &'static str {
        SCREEN_HELP
    }
}

/// Plays a match of Osbo in the terminal, humans against bots.
///
/// `options.mode` picks the full-screen view or line mode (used anyway without a terminal).
/// The record of the moves played so far is returned even when a player leaves early.
///
/// # Errors
/// [`TerminalError::PlayerCount`] or [`TerminalError::NameCount`] when the players or names
/// do not match the game's seats; [`TerminalError::Io`] when the terminal cannot be set up;
/// [`TerminalError::Interrupted`], holding the record so far, when the terminal fails
/// during the match.
pub fn play(
    game: &Osbo,
    players: Vec<Player<Osbo>>,
    options: &PlayOptions,
) -> Result<Played<Action>, TerminalError> {
    screen::play_in_mode(
        game,
        &OsboPresenter,
        players,
        options,
        crate::Aids::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, line};

    #[test]
    fn line_mode_game_against_bots_plays_to_the_end() {
        let game = Osbo::default();
        let players = vec![
            Player::Bot(Box::new(gameshelf_osbo::bot::Greedy::default()) as _),
            Player::Bot(Box::new(gameshelf_osbo::bot::Greedy::default()) as _),
        ];
        let options = PlayOptions {
            seed: 3,
            mode: Mode::Line,
            names: vec!["a".into(), "b".into()],
            step: false,
            ..PlayOptions::default()
        };
        let mut out = Vec::new();
        let record =
            line::play(&game, &OsboPresenter, players, &options, &b""[..], &mut out).unwrap();
        let end = record.replay(&game).unwrap();
        assert!(game.is_terminal(&end));
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("places"), "{text}");
    }

    /// A full-screen frame while a human places a die: the cursor moved by keys through
    /// the table's hook highlights a list entry, and the preview marks that die and says
    /// where the cursor is.
    #[test]
    fn a_frame_shows_the_cursor_placement_previewed_and_listed() {
        use crossterm::event::KeyCode;
        use gameshelf_osbo::render::glyph;
        use gameshelf_osbo::{Face, Roll};
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;

        use crate::screen::{Choice, Previewing, Scene, draw};

        let game = Osbo::default();
        let mut state = game.initial_state();
        game.apply(&mut state, Action::First(0)).unwrap();
        let roll = Roll::default().with(Face::Corner).with(Face::Branch);
        game.apply(&mut state, Action::Roll(roll)).unwrap();
        let names = ["you".to_owned(), "bot".to_owned()];
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let mut selected = 0;
        for code in [KeyCode::Tab, KeyCode::Right, KeyCode::Char('r')] {
            let key = code.into();
            selected = Table::<Osbo>::handle_key(&OsboPresenter, key, &legal, selected).unwrap();
        }
        // Keys the cursor does not use are left to the list.
        for code in [KeyCode::Enter, KeyCode::Char('j'), KeyCode::Char('3')] {
            assert_eq!(
                Table::<Osbo>::handle_key(&OsboPresenter, code.into(), &legal, selected),
                None
            );
        }
        let Action::Place(p) = legal[selected] else {
            panic!("{:?}", legal[selected])
        };
        assert_eq!(p.design, 1, "Tab moved to the second design");
        let at = cursor::position(&legal, selected).unwrap();
        let scene = Scene {
            game: &game,
            names: &names,
            viewer: 0,
            observation: game.observe(&state, 0),
            title: "you to move".to_owned(),
            choices: legal
                .iter()
                .map(|&a| Choice {
                    text: game.describe_action(&state, a),
                    odds: None,
                })
                .collect(),
            selected,
            log: &[],
            log_scroll: 0,
            keys: Table::<Osbo>::keys(&OsboPresenter),
            help: None,
        };
        let table = Previewing {
            table: &OsboPresenter,
            choice: Some(legal[selected]),
        };
        let (w, h) = (140, 45);
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|frame| draw(frame, &table, &scene)).unwrap();
        let buffer = terminal.backend().buffer();
        let screen: String = buffer
            .content()
            .chunks(w as usize)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
            .collect();
        let cursor_line = format!(
            "cursor: design 2, cell {}/{}, face {}/{}",
            at.cell, at.cells, at.face, at.faces
        );
        let listed = format!("> {}) seat 1 places {p}", selected + 1);
        for expected in [
            "designs -- preview",
            &format!("preview: {p} (marked)"),
            &cursor_line,
            &listed,
            "arrows: cell | Tab: design | r: face/rotation",
        ] {
            assert!(screen.contains(expected), "{expected} missing in\n{screen}");
        }
        let marked: Vec<&str> = buffer
            .content()
            .iter()
            .filter(|c| c.bg == Color::Yellow)
            .map(|c| c.symbol())
            .collect();
        assert_eq!(marked, [glyph(p.edges).to_string()], "{screen}");
    }

    /// A frame of the full-screen view at `state`, with the human's highlighted choice
    /// `choice` previewed.
    fn frame(
        game: &Osbo,
        state: &State,
        choice: Option<Action>,
        (w, h): (u16, u16),
    ) -> ratatui::buffer::Buffer {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;

        use crate::screen::{Previewing, Scene, draw};
        let names = ["you".to_owned(), "bot".to_owned()];
        let scene = Scene {
            game,
            names: &names,
            viewer: 0,
            observation: game.observe(state, 0),
            title: "you to move".to_owned(),
            choices: Vec::new(),
            selected: 0,
            log: &[],
            log_scroll: 0,
            keys: Table::<Osbo>::keys(&OsboPresenter),
            help: None,
        };
        let table = Previewing {
            table: &OsboPresenter,
            choice,
        };
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|frame| draw(frame, &table, &scene)).unwrap();
        terminal.backend().buffer().clone()
    }

    /// The frame's text, one line per row.
    fn screen(buffer: &ratatui::buffer::Buffer) -> String {
        let w = buffer.area.width as usize;
        buffer
            .content()
            .chunks(w)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
            .collect()
    }

    /// The full-screen view draws each cord in its colour, the start die bold and
    /// underlined, and the labels, open ends and room of each design.
    #[test]
    fn the_designs_are_drawn_in_their_cords_colours() {
        use gameshelf_osbo::{Edges, Face, Roll};
        let game = Osbo::default();
        let mut state = game.initial_state();
        game.apply(&mut state, Action::First(0)).unwrap();
        game.apply(
            &mut state,
            Action::Roll(Roll::default().with(Face::Cap).with(Face::Cap)),
        )
        .unwrap();
        // A cap closing the start die's east end in design 1: three cords there.
        let cap = gameshelf_osbo::Placement {
            design: 0,
            row: 0,
            col: 1,
            edges: Edges(8),
        };
        game.apply(&mut state, Action::Place(cap)).unwrap();
        let buffer = frame(&game, &state, None, (100, 30));
        let text = screen(&buffer);
        for expected in [
            "open: 2, 0, 0",
            "3 open ends",
            "room: 2 rows, 2 cols",
            "   -1  +0  +1",
            "+0  · •━╬━╳━╸",
        ] {
            assert!(text.contains(expected), "{expected} missing in\n{text}");
        }
        let colours = |symbol: &str| -> Vec<Color> {
            let mut v: Vec<Color> = buffer
                .content()
                .iter()
                .filter(|c| c.symbol() == symbol)
                .map(|c| c.fg)
                .collect();
            v.sort_by_key(|c| format!("{c:?}"));
            v.dedup();
            v
        };
        // The three cords of design 1 and the four of design 2 in their own colours.
        let cords: Vec<Color> = (0..4).map(|s| Color::Indexed(ansi_colour(s))).collect();
        let mut seen = colours("━");
        seen.extend(colours("╬"));
        seen.extend(colours("╳"));
        seen.extend(colours("╸"));
        seen.extend(colours("•"));
        for c in &cords {
            assert!(seen.contains(c), "{c:?} not drawn: {seen:?}\n{text}");
        }
        let start: Vec<_> = buffer
            .content()
            .iter()
            .filter(|c| c.symbol() == "╬")
            .collect();
        assert_eq!(start.len(), 2);
        for cell in start {
            assert!(
                cell.modifier
                    .contains(Modifier::BOLD | Modifier::UNDERLINED)
            );
            assert!(cords.contains(&cell.fg), "{:?}", cell.fg);
        }
        let labels = buffer
            .content()
            .iter()
            .filter(|c| c.symbol() == "·")
            .all(|c| c.fg == Color::DarkGray);
        assert!(labels, "free cells are grey");
        // The coloured lengths are the legend: `open: 2, 0, 0` in the cords' colours.
        let line = text
            .lines()
            .position(|l| l.contains("open: 2, 0, 0"))
            .unwrap();
        let x = text.lines().nth(line).unwrap().find("open: 2").unwrap();
        let x = text.lines().nth(line).unwrap()[..x].chars().count() + "open: ".len();
        assert_eq!(buffer[(x as u16, line as u16)].symbol(), "2");
        assert_eq!(buffer[(x as u16, line as u16)].fg, cords[0]);
    }

    /// At the end the table shows the scores side by side under the designs.
    #[test]
    fn the_end_screen_shows_the_scores_side_by_side() {
        let game = Osbo::default();
        let mut state = game.initial_state();
        let mut rng = gameshelf_engine::Rng::seed_from_u64(3);
        let (mut actions, mut outcomes) = (Vec::new(), gameshelf_engine::Outcomes::new());
        game.random_playout(&mut state, &mut rng, &mut actions, &mut outcomes);
        assert!(game.is_terminal(&state));
        let text = screen(&frame(&game, &state, None, (120, 50)));
        let result = OsboPresenter.result_text(&game, &state, &["you".into(), "bot".into()]);
        let table = result.lines().nth(1).unwrap().trim();
        assert_eq!(table, "you   bot");
        for line in result.lines() {
            assert!(text.contains(line), "{line} missing in\n{text}");
        }
        assert!(!text.contains("rolls"), "{text}");
    }

    #[test]
    fn designs_are_drawn_side_by_side() {
        use gameshelf_osbo::present::designs_text;
        let game = Osbo::default();
        let state = game.initial_state();
        let text = designs_text(&game, &state, &["you".into(), "bot".into()]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("you") && lines[0].contains("bot"));
        assert_eq!(text.matches('╬').count(), 2);
        assert_eq!(text.matches('•').count(), 8);
    }

    #[test]
    fn a_human_sees_the_dice_and_is_told_about_a_bad_choice() {
        let game = Osbo::default();
        let players = vec![
            Player::Human,
            Player::Bot(Box::new(gameshelf_osbo::bot::Greedy::default()) as _),
        ];
        let options = PlayOptions {
            seed: 1,
            mode: Mode::Line,
            names: vec!["you".into(), "bot".into()],
            step: false,
            ..PlayOptions::default()
        };
        let mut out = Vec::new();
        let input = "999\n1\nq\n";
        let _ = line::play(
            &game,
            &OsboPresenter,
            players,
            &options,
            input.as_bytes(),
            &mut out,
        );
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("dice in hand"), "{text}");
        assert!(text.contains("\"999\" is not a choice"), "{text}");
    }
}
