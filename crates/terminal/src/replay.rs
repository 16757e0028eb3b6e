//! Stepping through a game record as one seat or a spectator saw it: the move in words and
//! the table after it, in plain text or in an interactive full-screen viewer.
//!
//! Every step is built from what that viewer may see: the move through
//! [`Presenter::describe_move`] with the viewer, the table through its observation (or the
//! public observation for a spectator). The record is replayed through the checked path
//! ([`Record::replay_with`]), so a corrupt record stops with an error naming its first bad
//! action before anything describes it.

use std::io::{self, Write};

use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use gameshelf_engine::{Actor, Game, Presenter, Record, RecordError, Seat};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::text::{clean_text, with_text};
use crate::tty::{self, Tty};

/// One action of a record as a viewer saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The action's place in the record, from 0.
    pub index: usize,
    /// `setup` before the first turn, then `turn N`.
    pub turn: String,
    /// Who acted: `seat N`, or `chance`.
    pub who: String,
    /// The move in words, as the viewer may see it.
    pub line: String,
    /// The table after the move, as the viewer may see it.
    pub view: String,
}

/// Every action of `record` as `viewer` (a seat, or `None` for a spectator) saw it.
///
/// # Errors
/// [`RecordError`] when the record is for another game or data set, or when an action is
/// not legal where it stands (nothing after it is described).
pub fn steps<G: Game, P: Presenter<G>>(
    game: &G,
    presenter: &P,
    record: &Record<G::Action>,
    viewer: Option<Seat>,
) -> Result<Vec<Step>, RecordError> {
    let mut texts = record.texts.iter();
    let mut steps = Vec::with_capacity(record.actions.len());
    record.replay_with(game, |index, before, action, after| {
        let who = match game.actor(before) {
            Actor::Player(p) => format!("seat {}", p + 1),
            _ => "chance".to_owned(),
        };
        // turns() counts the turn in progress; 0 is the set-up before the first turn.
        let turn = match game.turns(before) {
            0 => "setup".to_owned(),
            t => format!("turn {t}"),
        };
        let mut line = presenter.describe_move(game, before, action, viewer);
        if game.writes_text(before, action) {
            // Text `i` belongs to the `i`-th action that writes one; a record without them
            // (older, or cut short) shows none.
            line = with_text(&line, texts.next().map_or("", String::as_str));
        }
        steps.push(Step {
            index,
            turn,
            who,
            line,
            view: view(game, presenter, after, viewer),
        });
    })?;
    Ok(steps)
}

/// The table in `state` as `viewer` sees it.
fn view<G: Game, P: Presenter<G>>(
    game: &G,
    presenter: &P,
    state: &G::State,
    viewer: Option<Seat>,
) -> String {
    let observation = match viewer {
        Some(seat) => Some(game.observe(state, seat)),
        None => game.observe_public(state),
    };
    match observation {
        Some(o) => presenter.observation_text(game, viewer, &o),
        None => "(this game has no spectator's view: replay it as a seat with --seat N)".to_owned(),
    }
}

/// Prints every step: a line for the move, then the table after it, indented.
///
/// # Errors
/// When writing fails.
pub fn print(steps: &[Step], out: &mut impl Write) -> io::Result<()> {
    for s in steps {
        writeln!(
            out,
            "{:>5}  {:<9}  {:<8} {}",
            s.index, s.turn, s.who, s.line
        )?;
        for line in s.view.lines() {
            writeln!(out, "       | {line}")?;
        }
    }
    Ok(())
}

/// The keys of the interactive viewer.
const KEYS: &str =
    "Right/Space/n: next | Left/Backspace/p: previous | PgDn/PgUp: 10 | Home/End | q: quit";

/// Steps through `steps` in the full-screen view, starting at the last one: the table after
/// the chosen action above, the moves up to it below. Returns `Ok(false)` without showing
/// anything when stdin and stdout are not a terminal (print the steps instead).
///
/// # Errors
/// When the terminal cannot be set up or read.
pub fn browse(title: &str, steps: &[Step]) -> io::Result<bool> {
    if !tty::available() {
        return Ok(false);
    }
    if steps.is_empty() {
        return Ok(false);
    }
    let title = clean_text(title);
    let mut tty = Tty::open()?;
    let last = steps.len() - 1;
    let mut at = last;
    loop {
        let step = &steps[at];
        tty.terminal.draw(|frame| {
            let [top, table, log, keys] = Layout::vertical([
                Constraint::Length(1),
                Constraint::Min(5),
                Constraint::Length(8),
                Constraint::Length(1),
            ])
            .areas(frame.area());
            frame.render_widget(
                Line::from(format!(
                    "{title}: action {} of {} ({}, {})",
                    at + 1,
                    steps.len(),
                    step.turn,
                    step.who
                )),
                top,
            );
            frame.render_widget(
                Paragraph::new(step.view.as_str()).block(Block::bordered().title(" table ")),
                table,
            );
            let shown = log.height.saturating_sub(2) as usize;
            let first = (at + 1).saturating_sub(shown);
            let lines: Vec<Line> = steps[first..=at]
                .iter()
                .map(|s| Line::from(format!("{:>4} {}", s.index + 1, s.line)))
                .collect();
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(Block::bordered().title(" moves ")),
                log,
            );
            frame.render_widget(Line::from(KEYS), keys);
        })?;
        if let Event::Key(key) = event::read()? {
            if key.kind != KeyEventKind::Press {
                continue;
            }
            at = match key.code {
                KeyCode::Right | KeyCode::Char(' ' | 'n' | 'l') | KeyCode::Enter => {
                    (at + 1).min(last)
                }
                KeyCode::Left | KeyCode::Backspace | KeyCode::Char('p' | 'h') => {
                    at.saturating_sub(1)
                }
                KeyCode::PageDown => (at + 10).min(last),
                KeyCode::PageUp => at.saturating_sub(10),
                KeyCode::Home | KeyCode::Char('g') => 0,
                KeyCode::End | KeyCode::Char('G') => last,
                KeyCode::Char('q') | KeyCode::Esc => return Ok(true),
                KeyCode::Char('c') if key.modifiers.contains(event::KeyModifiers::CONTROL) => {
                    return Ok(true);
                }
                _ => at,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use gameshelf_conformance::toy::Race;
    use gameshelf_engine::{Game, Rng};

    use super::*;

    /// Words for the toy race that say who sees what.
    struct RaceWords;

    impl Presenter<Race> for RaceWords {
        fn observation_text(
            &self,
            _: &Race,
            viewer: Option<Seat>,
            o: &<Race as Game>::Observation,
        ) -> String {
            format!("{viewer:?} sees {o:?}")
        }
    }

    fn record(game: &Race, seed: u64) -> Record<<Race as Game>::Action> {
        let mut record = Record::new(game);
        let mut state = game.initial_state();
        let mut rng = Rng::seed_from_u64(seed);
        let (mut legal, mut outcomes) = (Vec::new(), gameshelf_engine::Outcomes::new());
        while !game.is_terminal(&state) {
            let a = match game.actor(&state) {
                Actor::Chance => game.sample_chance(&state, &mut rng, &mut outcomes),
                _ => {
                    game.legal_actions(&state, &mut legal);
                    legal[0]
                }
            };
            game.apply(&mut state, a).unwrap();
            record.actions.push(a);
        }
        record
    }

    #[test]
    fn every_action_gets_a_step_with_the_table_after_it() {
        let game = Race::default();
        let record = record(&game, 3);
        let steps = steps(&game, &RaceWords, &record, Some(1)).unwrap();
        assert_eq!(steps.len(), record.actions.len());
        let end = record.replay(&game).unwrap();
        let last = steps.last().unwrap();
        assert_eq!(
            last.view,
            format!("Some(1) sees {:?}", game.observe(&end, 1))
        );
        assert!(
            steps
                .iter()
                .all(|s| s.turn == "setup" || s.turn.starts_with("turn ")),
            "{steps:?}"
        );
        assert!(steps.iter().any(|s| s.who == "seat 1"), "{steps:?}");
        let mut out = Vec::new();
        print(&steps, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.lines().filter(|l| !l.starts_with("       |")).count(),
            steps.len()
        );
    }

    #[test]
    fn a_corrupt_action_stops_the_steps_before_it_is_described() {
        let game = Race::default();
        let mut record = record(&game, 3);
        // An action repeated where it is no longer legal: the game is over by then.
        let a = *record.actions.last().unwrap();
        record.actions.push(a);
        let e = steps(&game, &RaceWords, &record, None).unwrap_err();
        let bad = record.actions.len() - 1;
        assert!(
            matches!(e, RecordError::Illegal { index, .. } if index == bad),
            "{e}"
        );
    }
}
