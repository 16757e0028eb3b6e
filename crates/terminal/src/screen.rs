//! The full-screen view: the game's table, a scrolling log, the legal choices as a
//! selectable list with their odds, the terms the decision is about beside them (when the
//! game names some, [`Presenter::terms`]), and a help line.
//!
//! The loop is generic over the game; what only a game knows (its board and player panels)
//! is drawn by its [`Table`]. Drawing is a pure function of a [`Scene`], built from the
//! viewing seat's observation, so frames can be tested on ratatui's `TestBackend`.
//!
//! A choice that comes with a free text ([`Game::writes_text`]) opens a one-line text
//! popup over the frame before it is played: printable characters are typed, Backspace
//! erases, Enter plays the choice with the text and Esc plays it with no text.

use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use gameshelf_engine::{Game, Seat};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};

use crate::session::{Menu, Row, Session, Turn};
use crate::text::{Edit, MAX_TEXT_CHARS, TextInput};
use crate::tty::Tty;
use crate::{Aids, Next, PlayOptions, Played, Player, TerminalError};
use gameshelf_engine::Presenter;

/// How long a bot or chance move stays on screen before the next one (any key skips it).
const PAUSE: Duration = Duration::from_millis(400);

/// A game's part of the full-screen view.
pub(crate) trait Table<G: Game>: Presenter<G> {
    /// Draws what `viewer` sees (its board, the players, the current fight or event) into
    /// `area`, from its observation only.
    fn draw_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &G,
        names: &[String],
        viewer: Seat,
        observation: &G::Observation,
    );

    /// Draws a preview of `choice`, the legal action the human to move has highlighted,
    /// over the table that [`Table::draw_table`] has just drawn in `area` (e.g. the move
    /// shown on the board). By default nothing is drawn.
    fn draw_preview(
        &self,
        _frame: &mut Frame,
        _area: Rect,
        _game: &G,
        _names: &[String],
        _observation: &G::Observation,
        _choice: G::Action,
    ) {
    }

    /// Takes `key` before the generic choice list does, while a human chooses among
    /// `legal` with `selected` highlighted: returns the index to highlight now (the key is
    /// then used up), or `None` to leave the key to the list. A game uses this for its own
    /// cursor over the table (e.g. moving over the cells of a board), kept in sync with the
    /// list through the highlighted index. By default every key goes to the list.
    fn handle_key(&self, _key: KeyEvent, _legal: &[G::Action], _selected: usize) -> Option<usize> {
        None
    }

    /// The key help line at the bottom of the screen. By default the generic keys.
    fn keys(&self) -> &'static str {
        KEYS
    }

    /// Help on this game's own keys in the full-screen view, shown after the rules help
    /// ([`Presenter::help`]). Empty by default.
    fn screen_help(&self) -> &'static str {
        ""
    }
}

/// A game's table with the highlighted choice previewed: [`Table::draw_table`], then
/// [`Table::draw_preview`] when there is a choice.
pub(crate) struct Previewing<'t, T, A> {
    /// The game's table.
    pub(crate) table: &'t T,
    /// The highlighted choice of the human to move, if any.
    pub(crate) choice: Option<A>,
}

impl<G: Game, T: Table<G>> Presenter<G> for Previewing<'_, T, G::Action> {
    fn observation_text(
        &self,
        game: &G,
        viewer: Option<Seat>,
        observation: &G::Observation,
    ) -> String {
        self.table.observation_text(game, viewer, observation)
    }

    fn terms(&self, game: &G, viewer: Option<Seat>, observation: &G::Observation) -> Vec<String> {
        self.table.terms(game, viewer, observation)
    }
}

impl<G: Game, T: Table<G>> Table<G> for Previewing<'_, T, G::Action> {
    fn draw_table(
        &self,
        frame: &mut Frame,
        area: Rect,
        game: &G,
        names: &[String],
        viewer: Seat,
        observation: &G::Observation,
    ) {
        self.table
            .draw_table(frame, area, game, names, viewer, observation);
        if let Some(choice) = self.choice {
            self.table
                .draw_preview(frame, area, game, names, observation, choice);
        }
    }
}

/// One legal choice as listed on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The action in words.
    pub(crate) text: String,
    /// The odds of the roll that follows, if any.
    pub(crate) odds: Option<String>,
}

/// Everything one frame shows.
pub(crate) struct Scene<'a, G: Game> {
    /// The game.
    pub(crate) game: &'a G,
    /// The seat names.
    pub(crate) names: &'a [String],
    /// Whose view is shown.
    pub(crate) viewer: Seat,
    /// That seat's observation.
    pub(crate) observation: G::Observation,
    /// The title line: whose turn it is, or the result.
    pub(crate) title: String,
    /// The choices of the human to move (empty when nobody human is to choose).
    pub(crate) choices: Vec<Choice>,
    /// The highlighted choice.
    pub(crate) selected: usize,
    /// The log, oldest first.
    pub(crate) log: &'a [String],
    /// How many lines the log is scrolled up from its end.
    pub(crate) log_scroll: usize,
    /// The key help line.
    pub(crate) keys: &'a str,
    /// Whether the help window is open.
    pub(crate) help: Option<String>,
}

/// The smallest terminal that shows the table beside the log.
pub(crate) const FULL_SIZE: (u16, u16) = (80, 24);

/// The smallest terminal that shows anything useful: the choices and a few log lines.
const LEAST_SIZE: (u16, u16) = (30, 10);

/// Draws a whole frame: the table, the log, the choices and the keys; on a terminal
/// smaller than [`FULL_SIZE`], the log and the choices only, with a notice in the title;
/// on one smaller than that still, a notice of the size it needs.
pub(crate) fn draw<G: Game, T: Table<G>>(frame: &mut Frame, table: &T, scene: &Scene<'_, G>) {
    let area = frame.area();
    if area.width < LEAST_SIZE.0 || area.height < LEAST_SIZE.1 {
        frame.render_widget(
            Paragraph::new(format!(
                "terminal too small ({} x {}): needs {} x {}",
                area.width, area.height, FULL_SIZE.0, FULL_SIZE.1
            ))
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    let terms = table.terms(scene.game, Some(scene.viewer), &scene.observation);
    if area.width < FULL_SIZE.0 || area.height < FULL_SIZE.1 {
        draw_compact(frame, scene, &terms);
    } else {
        draw_full(frame, table, scene, &terms);
    }
    if let Some(help) = &scene.help {
        draw_help(frame, help);
    }
}

/// The compact frame: the title with a notice, the log, the terms (if any) and the
/// choices.
fn draw_compact<G: Game>(frame: &mut Frame, scene: &Scene<'_, G>, terms: &[String]) {
    let area = frame.area();
    let choices_height = (scene.choices.len() as u16 + 2).clamp(3, area.height / 2);
    let terms_height = if terms.is_empty() {
        0
    } else {
        let rows = terms_lines(terms, area.width.saturating_sub(2)).len() as u16;
        (rows + 2).min(area.height / 3)
    };
    let [title, log, terms_area, choices, keys] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(3),
        Constraint::Length(terms_height),
        Constraint::Length(choices_height),
        Constraint::Length(1),
    ])
    .areas(area);
    draw_terms(frame, terms_area, terms);
    let notice = format!(
        "{}\n(table hidden: the terminal is {} x {}, the table needs {} x {})",
        scene.title, area.width, area.height, FULL_SIZE.0, FULL_SIZE.1
    );
    frame.render_widget(
        Paragraph::new(notice)
            .wrap(Wrap { trim: true })
            .style(Style::new().add_modifier(Modifier::BOLD)),
        title,
    );
    draw_log(frame, log, scene.log, scene.log_scroll);
    draw_choices(frame, choices, &scene.choices, scene.selected);
    frame.render_widget(
        Paragraph::new(scene.keys).style(Style::new().fg(Color::DarkGray)),
        keys,
    );
}

/// The full frame. The terms, when the decision has some, go beside the choices, on
/// their right, and may make that row taller (leaving the table 10 rows at least).
fn draw_full<G: Game, T: Table<G>>(
    frame: &mut Frame,
    table: &T,
    scene: &Scene<'_, G>,
    terms: &[String],
) {
    let half = frame.area().width / 2;
    let rows = scene
        .choices
        .len()
        .max(terms_lines(terms, half.saturating_sub(2)).len()) as u16;
    let most = if terms.is_empty() {
        12
    } else {
        frame.area().height.saturating_sub(12).max(12)
    };
    let choices_height = (rows + 2).clamp(3, most);
    let [title, top, choices, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(choices_height),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let [table_area, log_area] =
        Layout::horizontal([Constraint::Min(60), Constraint::Percentage(30)]).areas(top);
    frame.render_widget(
        Paragraph::new(scene.title.as_str()).style(Style::new().add_modifier(Modifier::BOLD)),
        title,
    );
    table.draw_table(
        frame,
        table_area,
        scene.game,
        scene.names,
        scene.viewer,
        &scene.observation,
    );
    draw_log(frame, log_area, scene.log, scene.log_scroll);
    let choices = if terms.is_empty() {
        choices
    } else {
        let [choices, terms_area] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(choices);
        draw_terms(frame, terms_area, terms);
        choices
    };
    draw_choices(frame, choices, &scene.choices, scene.selected);
    frame.render_widget(
        Paragraph::new(scene.keys).style(Style::new().fg(Color::DarkGray)),
        keys,
    );
}

/// The terms' lines wrapped to `width`: the heading, then the others indented as written.
fn terms_lines(terms: &[String], width: u16) -> Vec<String> {
    terms
        .iter()
        .flat_map(|line| wrap(line, usize::from(width)))
        .collect()
}

/// The terms the decision is about in a box: the heading in bold, then the rest, wrapped;
/// nothing when there are none.
fn draw_terms(frame: &mut Frame, area: Rect, terms: &[String]) {
    if terms.is_empty() || area.is_empty() {
        return;
    }
    let heading_rows = wrap(&terms[0], usize::from(area.width.saturating_sub(2))).len();
    let lines: Vec<Line> = terms_lines(terms, area.width.saturating_sub(2))
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            if i < heading_rows {
                Line::styled(l, Style::new().add_modifier(Modifier::BOLD))
            } else {
                Line::raw(l)
            }
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" terms ")),
        area,
    );
}

/// The screen between two people's turns when they share it and the game has secrets:
/// nobody's view, only whom to hand it to.
fn draw_hand_off(frame: &mut Frame, to: &str) {
    let text = format!(
        "Hand the keyboard to {to}.\n\nEveryone else, look away: the next screen shows \
         {to}'s hidden cards.\n\n{to}: press Enter when only you can see the screen \
         (q leaves the game)."
    );
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(" next player ")),
        frame.area(),
    );
}

/// The last lines of the log that fit, `scroll` entries up from the end, each entry
/// wrapped to the log's width.
fn draw_log(frame: &mut Frame, area: Rect, log: &[String], scroll: usize) {
    let rows = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2) as usize;
    let end = log.len().saturating_sub(scroll);
    let mut lines: Vec<String> = Vec::new();
    for entry in log[..end].iter().rev() {
        if lines.len() >= rows {
            break;
        }
        for (i, part) in wrap(entry, width).into_iter().enumerate() {
            lines.insert(i, part);
        }
    }
    let skip = lines.len().saturating_sub(rows);
    let title = if scroll > 0 {
        format!(" log (-{scroll}) ")
    } else {
        " log ".to_owned()
    };
    let lines: Vec<Line> = lines.into_iter().skip(skip).map(Line::raw).collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
}

/// Splits `text` into lines of at most `width` characters, at spaces where it can;
/// continuation lines are indented by two spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(4);
    let mut lines = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    let mut indent = "";
    loop {
        let room = width - indent.len();
        if rest.len() <= room {
            lines.push(format!("{indent}{}", rest.iter().collect::<String>()));
            return lines;
        }
        let cut = rest[..=room]
            .iter()
            .rposition(|&c| c == ' ')
            .filter(|&i| i > 0)
            .unwrap_or(room);
        lines.push(format!(
            "{indent}{}",
            rest[..cut].iter().collect::<String>()
        ));
        let skip = usize::from(rest.get(cut) == Some(&' '));
        rest.drain(..cut + skip);
        indent = "  ";
    }
}

fn draw_choices(frame: &mut Frame, area: Rect, choices: &[Choice], selected: usize) {
    let items: Vec<ListItem> = choices
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut spans = vec![Span::raw(format!("{}) {}", i + 1, c.text))];
            if let Some(odds) = &c.odds {
                spans.push(Span::styled(
                    format!("  [{odds}]"),
                    Style::new().fg(Color::Yellow),
                ));
            }
            ListItem::new(Line::from(spans))
        })
        .collect();
    let mut state = ListState::default().with_selected((!choices.is_empty()).then_some(selected));
    let list = List::new(items)
        .block(Block::bordered().title(" your choices "))
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol("> ");
    frame.render_stateful_widget(list, area, &mut state);
}

fn draw_help(frame: &mut Frame, help: &str) {
    let area = frame.area();
    let popup = Rect {
        x: area.width / 8,
        y: area.height / 6,
        width: area.width * 3 / 4,
        height: area.height * 2 / 3,
    };
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(help)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" help (any key to close) ")),
        popup,
    );
}

/// Draws the text popup for a choice that comes with a free text: `prompt` and how many
/// characters are used in its title, then `text` with a cursor, cut into lines of the
/// popup's width.
fn draw_text_input(frame: &mut Frame, prompt: &str, text: &str) {
    let area = frame.area();
    let width = (area.width / 4 * 3).clamp(area.width.min(24), area.width);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let shown: Vec<char> = text.chars().chain(['_']).collect();
    let lines: Vec<Line> = shown
        .chunks(inner)
        .map(|chunk| Line::raw(chunk.iter().collect::<String>()))
        .collect();
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    let used = text.chars().count();
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(format!(" {prompt} ({used}/{MAX_TEXT_CHARS}) "))
                .title_bottom(" Enter: done | Esc: no text "),
        ),
        popup,
    );
}

/// The keys while the text popup is open.
const TEXT_KEYS: &str =
    "type your text | Backspace: erase | Enter: done | Esc: no text | Ctrl-C: quit";

/// The keys, shown at the bottom of the screen (unless the game's [`Table::keys`] says
/// otherwise).
const KEYS: &str =
    "up/down + Enter or 1-9: choose | u: undo | PgUp/PgDn: log | s: step bots | h: help | q: quit";

/// The key help line with the hint key, put before the help key (at the end when the line
/// names none).
fn with_hint_key(keys: &str) -> String {
    match keys.find("h: help") {
        Some(at) => format!("{}a: hint | {}", &keys[..at], &keys[at..]),
        None => format!("{keys} | a: hint"),
    }
}

/// The help window's text before the game's own help.
const HELP: &str = "Keys\n\
  up/down (or k/j) and Enter: play the highlighted choice\n\
  1-9: play that choice at once\n\
  u: take back your previous decision (not past a draw or another player's move)\n\
  a: a hint, when the game gives them: the move a bot would make in your place, seeing\n\
     what you see, highlighted (nothing is played)\n\
  $: name your own sum for the highlighted choice, when it is marked [$] (a price)\n\
  p: when you are only offered a chance to speak in another player's turn (to open a\n\
     negotiation or make an offer), pass it and every such chance until you are asked\n\
  PgUp/PgDn: scroll the log\n\
  s: step mode on/off (bots wait for a key instead of a short pause)\n\
  q twice, Esc twice or Ctrl-C: leave the game (the record of the moves so far is kept)\n\
  Some games take more keys while you choose (a cursor on the table, kept in step with\n\
  the highlighted choice): see the game's help below\n";

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Up,
    Down,
    Choose(Option<usize>),
    NameSum,
    ScrollLog(isize),
    ToggleStep,
    ToggleHelp,
    Undo,
    Hint,
    PassUntilAsked,
    Quit,
    Interrupt,
    Other,
}

fn command(key: KeyEvent) -> Command {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Command::Interrupt;
    }
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => Command::Up,
        KeyCode::Down | KeyCode::Char('j') => Command::Down,
        KeyCode::Enter | KeyCode::Char(' ') => Command::Choose(None),
        KeyCode::Char(c @ '1'..='9') => Command::Choose(Some(c as usize - '1' as usize)),
        KeyCode::PageUp => Command::ScrollLog(5),
        KeyCode::PageDown => Command::ScrollLog(-5),
        KeyCode::Char('s') => Command::ToggleStep,
        KeyCode::Char('h' | '?') => Command::ToggleHelp,
        KeyCode::Char('u') => Command::Undo,
        KeyCode::Char('a') => Command::Hint,
        KeyCode::Char('p') => Command::PassUntilAsked,
        KeyCode::Char('$') => Command::NameSum,
        KeyCode::Char('q') | KeyCode::Esc => Command::Quit,
        _ => Command::Other,
    }
}

/// The view's own state between frames.
struct Ui {
    log: Vec<String>,
    log_scroll: usize,
    /// The highlighted line of the list of choices ([`Menu::rows`]).
    selected: usize,
    /// The group of choices unfolded in the list, if any.
    open: Option<usize>,
    step: bool,
    help: bool,
    quitting: bool,
    done: bool,
    /// A one-frame message in the title line (what an undo did or why it was refused).
    notice: Option<String>,
    /// The text being written for a choice, while its popup is open.
    writing: Option<Writing>,
    /// The human seat the screen was last handed to (hot-seat games with secrets).
    handed_to: Option<Seat>,
    /// Whether the last frame was of a bot's or chance's move: keys typed to hurry those
    /// moves along must not choose in the human's turn that follows.
    was_auto: bool,
    /// Until when a choice key is ignored, after the moves of bots and chance end.
    guard_until: Option<Instant>,
    /// What was asked for at the end of the match.
    next: Next,
}

impl Ui {
    /// The screen at the start of a match: `log` so far, stepping through bots' moves if
    /// `step`, nothing highlighted or unfolded yet.
    fn new(log: Vec<String>, step: bool) -> Ui {
        Ui {
            log,
            log_scroll: 0,
            selected: 0,
            open: None,
            step,
            help: false,
            quitting: false,
            done: false,
            notice: None,
            writing: None,
            handed_to: None,
            was_auto: false,
            guard_until: None,
            next: Next::Leave,
        }
    }
}

/// How long choice keys are ignored after bots and chance stop moving, so that a key
/// pressed to hurry their moves never also makes the human's choice.
const CHOICE_GUARD: Duration = Duration::from_millis(300);

/// A choice waiting for its free text, or for the sum to name instead of its own.
struct Writing {
    /// The index of the choice.
    index: usize,
    /// Whether a sum of money (or a schedule, or both) is typed rather than a free text.
    sum: bool,
    /// What the popup asks for.
    prompt: String,
    /// The text so far.
    input: TextInput,
}

/// Plays a match in the mode `options` asks for: the full-screen view when standard input
/// and output are a terminal, line mode on them otherwise. Chance is chosen by `driver`
/// when given (a numbered deal), else sampled from the options' seed.
///
/// # Errors
/// As [`crate::line::play`]; [`TerminalError::Io`] when the terminal cannot be set up.
pub(crate) fn play_in_mode<'a, G: Game, T: Table<G>>(
    game: &'a G,
    table: &'a T,
    players: Vec<Player<G>>,
    options: &PlayOptions,
    aids: Aids<'a, G>,
) -> Result<Played<G::Action>, TerminalError> {
    let screen = options.mode == crate::Mode::Screen && crate::tty::available();
    let _watching = crate::signal::watch_termination(options.save.as_deref(), screen);
    match options.mode {
        crate::Mode::Screen if screen => play_driven(game, table, players, options, aids),
        crate::Mode::Screen | crate::Mode::Line => crate::line::play_driven(
            game,
            table,
            players,
            options,
            aids,
            crate::signal::stdin(),
            std::io::stdout().lock(),
        )
        .map(|record| Played {
            record,
            next: Next::Leave,
        }),
    }
}

/// Plays a match in the full-screen view, with chance chosen by `driver` when given.
///
/// # Errors
/// As [`play_in_mode`].
fn play_driven<'a, G: Game, T: Table<G>>(
    game: &'a G,
    table: &'a T,
    players: Vec<Player<G>>,
    options: &PlayOptions,
    aids: Aids<'a, G>,
) -> Result<Played<G::Action>, TerminalError> {
    let mut session = Session::new(game, table, players, options)?.with_aids(aids);
    let mut tty = Tty::open()?;
    let mut log = vec![format!(
        "{} ({}: the same one plays the same chance again)",
        session.game().info().name,
        session.origin()
    )];
    if let n @ 1.. = session.actions_played() {
        log.push(format!("resumed the saved game after {n} actions"));
    }
    let mut ui = Ui::new(log, options.step);
    select_choice(&session, &mut ui, session.safe_choice());
    while !ui.done && !session.save_failed() {
        if let Err(e) = frame_and_input(&mut tty, &mut session, &mut ui) {
            drop(tty);
            return Err(session.interrupted(e));
        }
    }
    drop(tty);
    let next = ui.next;
    session.finish().map(|record| Played { record, next })
}

/// Draws one frame, then waits for a key (or the pause before a bot's move) and acts on it.
fn frame_and_input<G: Game, T: Table<G>>(
    tty: &mut Tty,
    session: &mut Session<'_, G, T>,
    ui: &mut Ui,
) -> std::io::Result<()> {
    let turn = session.turn();
    if let Turn::Human(seat) = turn {
        if let Some(line) = session.pass_if_passing() {
            push_log(session, ui, line);
            return Ok(());
        }
        if ui.was_auto {
            // Keys typed while bots and chance moved were meant for them.
            drain_keys()?;
            ui.guard_until = Some(Instant::now() + CHOICE_GUARD);
        }
        ui.was_auto = false;
        if session.hot_seat_with_secrets() && ui.handed_to != Some(seat) {
            return hand_off(tty, session, ui, seat);
        }
    } else {
        ui.was_auto = turn == Turn::Auto;
    }
    let viewer = session.viewer().unwrap_or(0);
    let keys = match (&ui.writing, session.gives_hints()) {
        (Some(_), _) => TEXT_KEYS.to_owned(),
        (None, true) => with_hint_key(session.presenter().keys()),
        (None, false) => session.presenter().keys().to_owned(),
    };
    let keys = match (&ui.writing, session.out_of_turn_pass()) {
        (None, Some(_)) => format!("{keys} | p: pass until asked"),
        _ => keys,
    };
    let menu = session.menu();
    let rows = menu.rows(ui.open);
    // The choice on the highlighted line, if it is one (not a group's heading).
    let highlighted = match rows.get(ui.selected) {
        Some(&Row::Choice(i)) => Some(i),
        _ => None,
    };
    let scene = Scene {
        game: session.game(),
        names: session.names(),
        viewer,
        observation: session.observation(viewer),
        title: title(session, turn, ui),
        choices: choice_lines(session, &menu, &rows, ui),
        selected: ui.selected,
        log: &ui.log,
        log_scroll: ui.log_scroll,
        keys: &keys,
        help: ui.help.then(|| {
            let table = session.presenter();
            format!("{HELP}\n{}\n\n{}", table.help(), table.screen_help())
                .trim_end()
                .to_owned()
        }),
    };
    let table = Previewing {
        table: session.presenter(),
        choice: matches!(turn, Turn::Human(_))
            .then(|| highlighted.map(|i| session.choices()[i]))
            .flatten(),
    };
    tty.terminal.draw(|frame| {
        draw(frame, &table, &scene);
        if let Some(writing) = &ui.writing {
            draw_text_input(frame, &writing.prompt, writing.input.text());
        }
    })?;
    drop(scene);

    let key = match turn {
        Turn::Auto if !ui.step && !ui.help && !ui.quitting => wait_key(PAUSE)?,
        _ => Some(read_key()?),
    };
    react(session, ui, turn, key);
    Ok(())
}

/// Acts on `key` (or on the pause running out, `None`, while bots and chance move) in the
/// frame `ui` shows of `session` at `turn`.
fn react<G: Game, T: Table<G>>(
    session: &mut Session<'_, G, T>,
    ui: &mut Ui,
    turn: Turn,
    key: Option<KeyEvent>,
) {
    let menu = session.menu();
    let rows = menu.rows(ui.open);
    let highlighted = match rows.get(ui.selected) {
        Some(&Row::Choice(i)) => Some(i),
        _ => None,
    };
    let n = rows.len();
    if ui.writing.is_some() {
        if let Some(key) = key {
            write_key(session, ui, key);
        } else {
            // Only a human writes, and a human's turn waits for a key; drop a stale popup.
            ui.writing = None;
        }
        return;
    }
    if turn == Turn::Over && !ui.help && !ui.quitting {
        let asked = key.and_then(|k| match k.code {
            KeyCode::Char('n') => Some(Next::NewGame),
            KeyCode::Char('r') => Some(Next::SameChance),
            _ => None,
        });
        if let Some(next) = asked {
            ui.next = next;
            ui.done = true;
            return;
        }
    }
    let cmd = key.map_or(Command::Other, command);
    ui.notice = None;
    if ui.help {
        ui.help = false;
        return;
    }
    if ui.quitting {
        ui.quitting = false;
        ui.done = matches!(cmd, Command::Quit | Command::Interrupt);
        return;
    }
    if let (Turn::Human(_), Some(key)) = (turn, key)
        && cmd != Command::Interrupt
        && let Some(index) =
            session
                .presenter()
                .handle_key(key, session.choices(), highlighted.unwrap_or(0))
    {
        select_choice(session, ui, index);
        return;
    }
    match cmd {
        Command::Interrupt => ui.done = true,
        Command::Quit if turn == Turn::Over => ui.done = true,
        Command::Quit => ui.quitting = true,
        Command::ToggleHelp => ui.help = true,
        Command::ToggleStep => ui.step = !ui.step,
        Command::Undo => undo(session, ui),
        Command::PassUntilAsked => match session.pass_until_asked() {
            Some(line) => push_log(session, ui, line),
            None => {
                ui.notice = Some("nothing to pass: this decision asks something of you".to_owned())
            }
        },
        Command::Hint => {
            ui.notice = Some(match session.hint() {
                Ok((index, text)) => {
                    select_choice(session, ui, index);
                    format!("hint: {text}")
                }
                Err(why) => why.to_owned(),
            });
        }
        Command::ScrollLog(by) => {
            ui.log_scroll = ui
                .log_scroll
                .saturating_add_signed(by)
                .min(ui.log.len().saturating_sub(1));
        }
        Command::Up => ui.selected = ui.selected.saturating_sub(1),
        Command::Down => ui.selected = (ui.selected + 1).min(n.saturating_sub(1)),
        Command::Choose(_) if ui.guard_until.is_some_and(|t| Instant::now() < t) => {}
        Command::Choose(row) => match turn {
            Turn::Human(_) => match rows.get(row.unwrap_or(ui.selected)) {
                Some(&Row::Choice(index)) => choose(session, ui, index),
                Some(&Row::Group(g)) => {
                    // Enter on a heading folds or unfolds its group, keeping it highlighted.
                    ui.open = (ui.open != Some(g)).then_some(g);
                    let rows = menu.rows(ui.open);
                    ui.selected = rows.iter().position(|&r| r == Row::Group(g)).unwrap_or(0);
                }
                None => {}
            },
            Turn::Auto => advance(session, ui),
            Turn::Over => ui.done = true,
        },
        Command::NameSum => match (turn, highlighted.and_then(|i| session.amount_prompt(i))) {
            (Turn::Human(_), Some(prompt)) => {
                let index = highlighted.unwrap_or(0);
                ui.writing = Some(Writing {
                    index,
                    sum: true,
                    prompt: match session.schedule_prompt(index) {
                        Some(schedule) => format!("{prompt}, in dollars; and/or {schedule}"),
                        None => format!("{prompt}, in dollars"),
                    },
                    input: TextInput::default(),
                });
            }
            (Turn::Human(_), None) => {
                ui.notice = Some("this choice names no sum -- choose a move".to_owned());
            }
            _ => {}
        },
        Command::Other => {
            if turn == Turn::Auto && (key.is_none() || !ui.step) {
                advance(session, ui);
            }
        }
    }
}

/// The lines of the list of choices for `rows` of `menu`: a choice in words (indented in
/// an unfolded group, with `[$]` when a sum may be named), a group as its heading and size
/// (`+` folded, `-` unfolded).
fn choice_lines<G: Game, T: Table<G>>(
    session: &Session<'_, G, T>,
    menu: &Menu,
    rows: &[Row],
    ui: &Ui,
) -> Vec<Choice> {
    rows.iter()
        .map(|&row| match row {
            Row::Choice(i) => {
                let a = session.choices()[i];
                let text = match session.amount_prompt(i) {
                    Some(_) => format!("{} [$]", session.describe_choice(a)),
                    None => session.describe_choice(a),
                };
                Choice {
                    text: match menu.group_of(i) {
                        Some(_) => format!("  {text}"),
                        None => text,
                    },
                    odds: session.choice_odds(a),
                }
            }
            Row::Group(g) => {
                let fold = if ui.open == Some(g) { "-" } else { "+" };
                Choice {
                    text: format!("{fold} {}", menu.heading(g)),
                    odds: None,
                }
            }
        })
        .collect()
}

/// The hand-off screen before `seat`'s turn: Enter shows the seat's view, q asks to leave.
fn hand_off<G: Game, T: Table<G>>(
    tty: &mut Tty,
    session: &Session<'_, G, T>,
    ui: &mut Ui,
    seat: Seat,
) -> std::io::Result<()> {
    let to = session.label(seat);
    tty.terminal.draw(|frame| draw_hand_off(frame, &to))?;
    match command(read_key()?) {
        Command::Choose(None) => {
            ui.handed_to = Some(seat);
            drain_keys()?;
        }
        Command::Quit | Command::Interrupt => ui.done = true,
        _ => {}
    }
    Ok(())
}

/// Drops the keys already typed.
fn drain_keys() -> std::io::Result<()> {
    while event::poll(Duration::ZERO)? {
        event::read()?;
    }
    Ok(())
}

fn title<G: Game, T: Table<G>>(session: &Session<'_, G, T>, turn: Turn, ui: &Ui) -> String {
    if ui.quitting {
        return "Leave the game? q again to leave (the record so far is kept), any other key to stay"
            .to_owned();
    }
    if let Some(notice) = &ui.notice {
        return notice.clone();
    }
    let viewer = match (turn, session.viewer()) {
        (Turn::Human(seat), Some(v)) if seat == v => String::new(),
        (_, Some(v)) => format!(" -- view of {}", session.label(v)),
        (_, None) => String::new(),
    };
    match turn {
        Turn::Human(seat) => format!("{} to move{viewer}", session.label(seat)),
        Turn::Auto if ui.step => format!("bots and dice: Enter for the next move{viewer}"),
        Turn::Auto => format!("bots and dice are moving{viewer}"),
        Turn::Over => {
            let origin = session.origin();
            let kind = origin.split(' ').next().unwrap_or("seed");
            format!(
                "game over ({origin}) -- n: a new game | r: the same {kind} again | q or Enter: leave"
            )
        }
    }
}

/// Plays the human's choice `index` if there is one, or first opens the text popup when
/// it comes with a free text.
fn choose<G: Game, T: Table<G>>(session: &mut Session<'_, G, T>, ui: &mut Ui, index: usize) {
    if session.choice_writes_text(index) {
        ui.writing = Some(Writing {
            index,
            sum: false,
            prompt: session.text_prompt(index).unwrap_or_default(),
            input: TextInput::default(),
        });
    } else {
        play_choice(session, ui, index, "");
    }
}

/// Gives `key` to the open text popup, and plays its choice once the text is done.
fn write_key<G: Game, T: Table<G>>(session: &mut Session<'_, G, T>, ui: &mut Ui, key: KeyEvent) {
    let Some(writing) = &mut ui.writing else {
        return;
    };
    let (index, sum) = (writing.index, writing.sum);
    match writing.input.key(key) {
        Edit::Typing => {}
        Edit::Done(text) if sum => {
            ui.writing = None;
            match session.play_typed(index, &text) {
                Ok(line) => push_log(session, ui, line),
                Err(why) => ui.notice = Some(format!("{why} -- choose a move")),
            }
        }
        // An empty sum changes nothing: the choice is not played.
        Edit::Empty if sum => ui.writing = None,
        Edit::Done(text) => {
            ui.writing = None;
            play_choice(session, ui, index, &text);
        }
        Edit::Empty => {
            ui.writing = None;
            play_choice(session, ui, index, "");
        }
        Edit::Interrupt => {
            ui.writing = None;
            ui.done = true;
        }
    }
}

/// Plays the human's choice `index` with `text` if there is such a choice.
fn play_choice<G: Game, T: Table<G>>(
    session: &mut Session<'_, G, T>,
    ui: &mut Ui,
    index: usize,
    text: &str,
) {
    if let Some(line) = session.play_choice(index, text) {
        push_log(session, ui, line);
    }
}

/// Takes back the human's previous decision and its log lines (one per action), or says
/// why not.
fn undo<G: Game, T: Table<G>>(session: &mut Session<'_, G, T>, ui: &mut Ui) {
    ui.notice = Some(match session.undo() {
        Ok(n) => {
            ui.log.truncate(ui.log.len().saturating_sub(n));
            select_choice(session, ui, session.safe_choice());
            ui.log_scroll = 0;
            "undone: your previous decision".to_owned()
        }
        Err(why) => format!("{why} -- choose a move"),
    });
}

/// Highlights the choice with this index into the legal actions, unfolding its group (and
/// folding any other).
fn select_choice<G: Game, T: Table<G>>(session: &Session<'_, G, T>, ui: &mut Ui, index: usize) {
    let menu = session.menu();
    ui.open = menu.group_of(index);
    ui.selected = menu
        .rows(ui.open)
        .iter()
        .position(|&r| r == Row::Choice(index))
        .unwrap_or(0);
}

/// Plays the next bot or chance move.
fn advance<G: Game, T: Table<G>>(session: &mut Session<'_, G, T>, ui: &mut Ui) {
    if let Some(line) = session.play_auto() {
        push_log(session, ui, line);
    }
}

fn push_log<G: Game, T: Table<G>>(session: &Session<'_, G, T>, ui: &mut Ui, line: String) {
    ui.log.push(line);
    select_choice(session, ui, session.safe_choice());
    ui.log_scroll = 0;
    if let Some(result) = session.result_text() {
        ui.log.extend(result.lines().map(str::to_owned));
    }
}

/// The next key press (resizes and other events just redraw).
fn read_key() -> std::io::Result<KeyEvent> {
    loop {
        match event::read()? {
            Event::Key(key) if key.kind == KeyEventKind::Press => return Ok(key),
            Event::Resize(..) => return Ok(KeyEvent::from(KeyCode::Null)),
            _ => {}
        }
    }
}

/// A key pressed within `timeout`, or `None`.
fn wait_key(timeout: Duration) -> std::io::Result<Option<KeyEvent>> {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if !event::poll(left)? {
            return Ok(None);
        }
        if let Event::Key(key) = event::read()?
            && key.kind == KeyEventKind::Press
        {
            return Ok(Some(key));
        }
    }
}

#[cfg(test)]
mod tests {
    use gameshelf_conformance::toy::{FoldedWalks, Race, RaceRules, RaceState, Step};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    /// The rows of a `width` x `height` frame with only the text popup drawn.
    fn popup_rows(width: u16, height: u16, prompt: &str, text: &str) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| draw_text_input(frame, prompt, text))
            .unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
            .collect()
    }

    impl Table<Race> for FoldedWalks {
        fn draw_table(
            &self,
            _: &mut Frame,
            _: Rect,
            _: &Race,
            _: &[String],
            _: Seat,
            _: &RaceState,
        ) {
        }
    }

    fn texts(lines: &[Choice]) -> Vec<&str> {
        lines.iter().map(|c| c.text.as_str()).collect()
    }

    #[test]
    fn enter_on_a_group_unfolds_it_and_enter_on_its_choice_plays_it() {
        let race = Race::new(RaceRules {
            players: 1,
            goal: 9,
            walk: 2,
            ..RaceRules::default()
        });
        let options = PlayOptions {
            names: vec!["p0".to_owned()],
            ..PlayOptions::default()
        };
        let mut session = Session::new(&race, &FoldedWalks, vec![Player::Human], &options).unwrap();
        let mut ui = Ui::new(Vec::new(), false);
        select_choice(&session, &mut ui, session.safe_choice());
        let lines = |session: &Session<'_, Race, FoldedWalks>, ui: &Ui| {
            let menu = session.menu();
            let rows = menu.rows(ui.open);
            texts(&choice_lines(session, &menu, &rows, ui))
                .into_iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let unfolded = [
            "gamble",
            "- walk: 2 choices",
            "  walk one square",
            "  walk 2 squares",
        ];
        // The safe choice is highlighted first, its group unfolded to show it.
        assert_eq!(lines(&session, &ui), unfolded);
        assert_eq!((ui.open, ui.selected), (Some(0), 2));

        let key = |code| Some(KeyEvent::from(code));
        let turn = session.turn();
        // Enter on the heading folds the group and keeps the heading highlighted.
        react(&mut session, &mut ui, turn, key(KeyCode::Up));
        react(&mut session, &mut ui, turn, key(KeyCode::Enter));
        assert_eq!(lines(&session, &ui), ["gamble", "+ walk: 2 choices"]);
        assert_eq!((ui.open, ui.selected), (None, 1));
        assert_eq!(session.actions_played(), 0, "folding a group plays nothing");

        // Enter again unfolds it; Enter on one of its choices plays that choice.
        react(&mut session, &mut ui, turn, key(KeyCode::Enter));
        assert_eq!(lines(&session, &ui), unfolded);
        assert_eq!((ui.open, ui.selected), (Some(0), 1));
        react(&mut session, &mut ui, turn, key(KeyCode::Down));
        react(&mut session, &mut ui, turn, key(KeyCode::Down));
        react(&mut session, &mut ui, turn, key(KeyCode::Enter));
        assert_eq!(session.actions_played(), 1);
        let record = session.finish().unwrap();
        assert_eq!(record.actions.first(), Some(&Step::Walk(2)));
    }

    #[test]
    fn the_hint_key_goes_before_the_help_key() {
        assert_eq!(
            with_hint_key("1-9: choose | h: help | q: quit"),
            "1-9: choose | a: hint | h: help | q: quit"
        );
        assert_eq!(with_hint_key("q: quit"), "q: quit | a: hint");
        assert_eq!(command(KeyEvent::from(KeyCode::Char('a'))), Command::Hint);
        assert_eq!(
            command(KeyEvent::from(KeyCode::Char('p'))),
            Command::PassUntilAsked
        );
    }

    #[test]
    fn the_text_popup_shows_the_prompt_the_count_and_the_text_with_a_cursor() {
        let rows = popup_rows(40, 9, "text of the clause", "no tram");
        let screen = rows.join("\n");
        assert!(screen.contains("text of the clause (7/200)"), "{screen}");
        assert!(screen.contains("│no tram_"), "{screen}");
        assert!(screen.contains("Enter: done"), "{screen}");
    }

    #[test]
    fn a_long_text_wraps_and_a_tiny_screen_does_not_break_the_popup() {
        let long = "x".repeat(MAX_TEXT_CHARS);
        let rows = popup_rows(40, 20, "text", &long);
        let xs: usize = rows.iter().map(|r| r.matches('x').count()).sum();
        assert!(xs >= MAX_TEXT_CHARS, "{rows:#?}");
        for (width, height) in [(1, 1), (5, 2), (30, 3)] {
            popup_rows(width, height, "text", &long);
        }
    }

    #[test]
    fn the_dollar_key_asks_to_name_a_sum() {
        assert_eq!(
            command(KeyEvent::from(KeyCode::Char('$'))),
            Command::NameSum
        );
        assert_eq!(
            command(KeyEvent::from(KeyCode::Char('4'))),
            Command::Choose(Some(3))
        );
    }

    #[test]
    fn log_entries_wrap_at_spaces_within_the_width() {
        assert_eq!(wrap("short", 10), ["short"]);
        assert_eq!(
            wrap("player 2 draws a treasure card", 12),
            ["player 2", "  draws a", "  treasure", "  card"]
        );
        assert_eq!(wrap("abcdefghij", 6), ["abcdef", "  ghij"]);
        assert!(
            wrap("a b c d e f g h i j k", 5)
                .iter()
                .all(|l| l.len() <= 5)
        );
    }
}
