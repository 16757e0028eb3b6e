//! Osbo in the terminal: every design drawn side by side, the dice in hand, and the
//! placements the turn rule allows, in line mode and in the full-screen view.
//!
//! Osbo has perfect information, so the observation is the whole state.
//!
//! In the full-screen view a human places a die with a cell cursor (module `cursor`): the
//! arrow keys move over the target cells, Tab switches design, `r` cycles the legal faces
//! and rotations at the cell and Enter places the previewed die.

mod cursor;

use crossterm::event::KeyEvent;
use gameshelf_engine::{Game, Record, Seat};
use gameshelf_osbo::render::Drawing;
use gameshelf_osbo::state::ORIGIN;
use gameshelf_osbo::{Action, Osbo, Phase, Placement, State};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::present::Presenter;
use crate::screen::{self, Table};
use crate::{PlayOptions, Player, TerminalError};

/// The words and pictures of Osbo for the terminal front ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct OsboPresenter;

/// A few lines on the rules, for the help command.
const RULES: &str = "Osbo: each player grows a celtic knot from dice. On your turn you roll \
one die per player and must place as many dice as possible, on as many different designs as \
possible: only placements that keep such a plan possible are listed. A die must extend an open \
path end (•), match the crossings (╳) of every neighbour, and keep the design and its open \
ends inside the n x n window. When every design is closed, the longest closed cord wins \
(self-crossings count twice), then the next longest. A placement reads `design D: face EDGES \
at (row,col)`, rows and columns counted from the start die.

Placing a die in the full-screen view: the arrow keys move the cursor (the marked die of the \
preview) between the cells where a die may go, Tab and Shift-Tab switch design, r and R cycle \
through the faces and rotations legal at the cell, and Enter places the die shown. The list \
follows the cursor; j/k and the number keys still pick from it.";

/// The key help line of the full-screen view.
const KEYS: &str = "arrows: cell | Tab: design | r: face/rotation | Enter: place | j/k, 1-9: list \
| u: undo | PgUp/PgDn: log | s: step | h: help | q: quit";

/// Every design drawn side by side, each under its owner's name and score.
pub fn designs_text(game: &Osbo, state: &State, names: &[String]) -> String {
    layout(game, state, names).0
}

/// The lines above each drawing in [`designs_text`].
const HEADER_LINES: usize = 2;

/// [`designs_text`], and the character column where each design's column starts.
fn layout(game: &Osbo, state: &State, names: &[String]) -> (String, Vec<usize>) {
    let columns: Vec<Vec<String>> = (0..game.num_players())
        .map(|seat| {
            let score = game.score(state, seat);
            let mut lines = vec![
                format!("{}", names.get(seat).map_or("?", String::as_str)),
                format!("closed cords: {score:?}"),
            ];
            lines.extend(
                Drawing::new(state.design(seat))
                    .to_terminal(false)
                    .lines()
                    .map(str::to_owned),
            );
            lines
        })
        .collect();
    let width = |l: &String| l.chars().count();
    let widths: Vec<usize> = columns
        .iter()
        .map(|c| c.iter().map(width).max().unwrap_or(0) + 4)
        .collect();
    let starts = widths
        .iter()
        .scan(0, |x, w| {
            let start = *x;
            *x += w;
            Some(start)
        })
        .collect();
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for i in 0..height {
        let mut row = String::new();
        for (col, w) in columns.iter().zip(&widths) {
            let cell = col.get(i).cloned().unwrap_or_default();
            let pad = w - width(&cell);
            row.push_str(&cell);
            row.push_str(&" ".repeat(pad));
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    (out, starts)
}

/// The designs with placement `p` made, as lines with the new die marked, and the
/// `(line, character)` of the die in them.
pub fn preview(
    game: &Osbo,
    state: &State,
    names: &[String],
    p: Placement,
) -> (String, (usize, usize)) {
    let mut after = state.clone();
    let j = p.design as usize;
    let (r, c) = (
        (i32::from(p.row) + ORIGIN as i32) as usize,
        (i32::from(p.col) + ORIGIN as i32) as usize,
    );
    after.boards[j].place(r, c, p.edges);
    let (text, starts) = layout(game, &after, names);
    let (r0, _, c0, _) = after.design(j).bounds().unwrap_or((r, r, c, c));
    let at = (
        HEADER_LINES + 2 * (r - r0) + 1,
        starts.get(j).copied().unwrap_or(0) + 4 * (c - c0) + 2,
    );
    (text, at)
}

/// The turn in words: who moves, the dice still in hand and what the plan must reach.
fn turn_text(state: &State) -> String {
    match state.phase {
        Phase::Place => format!(
            "turn {}: seat {} places {} more {} (dice in hand: {}), reaching {} design(s) in all",
            state.turns,
            state.mover + 1,
            state.todo,
            if state.todo == 1 { "die" } else { "dice" },
            state.dice,
            state.reach
        ),
        Phase::Over(end) => format!("game over: {}", end.label()),
        _ => format!("turn {}: seat {} rolls", state.turns, state.mover + 1),
    }
}

impl Presenter<Osbo> for OsboPresenter {
    fn observation_text(&self, game: &Osbo, _seat: Seat, state: &State) -> String {
        let names: Vec<String> = (1..=game.num_players())
            .map(|i| format!("design {i}"))
            .collect();
        format!(
            "{}\n{}",
            designs_text(game, state, &names),
            turn_text(state)
        )
    }

    fn help(&self) -> String {
        RULES.to_owned()
    }
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
        let text = format!("{}\n{}", designs_text(game, state, names), turn_text(state));
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
        let (text, (y, x)) = preview(game, state, names, p);
        let mark = Style::new()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD);
        let mut lines: Vec<Line> = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i != y {
                    return Line::raw(l.to_owned());
                }
                let chars: Vec<char> = l.chars().collect();
                let part = |a: usize, b: usize| -> String {
                    chars[a.min(chars.len())..b.min(chars.len())]
                        .iter()
                        .collect()
                };
                Line::from(vec![
                    Span::raw(part(0, x)),
                    Span::styled(part(x, x + 1), mark),
                    Span::raw(part(x + 1, chars.len())),
                ])
            })
            .collect();
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
) -> Result<Record<Action>, TerminalError> {
    screen::play_in_mode(game, &OsboPresenter, players, options, None)
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
        };
        let mut out = Vec::new();
        let record =
            line::play(&game, &OsboPresenter, players, &options, &b""[..], &mut out).unwrap();
        let end = record.replay(&game).unwrap();
        assert!(game.is_terminal(&end));
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("places"), "{text}");
    }

    /// The preview draws the designs with the placement made and finds the new die in
    /// the text, in either design's column.
    #[test]
    fn the_preview_shows_the_placement_where_it_goes() {
        use gameshelf_osbo::render::glyph;
        use gameshelf_osbo::{Edges, Face, Roll};
        let game = Osbo::default();
        let mut state = game.initial_state();
        game.apply(&mut state, Action::First(0)).unwrap();
        let roll = Roll::default().with(Face::Corner).with(Face::Cap);
        game.apply(&mut state, Action::Roll(roll)).unwrap();
        let names = ["you".to_owned(), "bot".to_owned()];
        let mut actions = Vec::new();
        game.legal_actions(&state, &mut actions);
        for design in 0..2 {
            let &choice = actions
                .iter()
                .find(|a| matches!(a, Action::Place(p) if p.design == design))
                .unwrap();
            let Action::Place(p) = choice else { panic!() };
            let (text, (y, x)) = preview(&game, &state, &names, p);
            let line: Vec<char> = text.lines().nth(y).unwrap().chars().collect();
            assert_eq!(line[x], glyph(p.edges), "{p}\n{text}");
            assert_ne!(p.edges, Edges::EMPTY);
        }
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

    #[test]
    fn designs_are_drawn_side_by_side() {
        let game = Osbo::default();
        let state = game.initial_state();
        let text = designs_text(&game, &state, &["you".into(), "bot".into()]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("you") && lines[0].contains("bot"));
        assert_eq!(text.matches('╋').count(), 2);
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
