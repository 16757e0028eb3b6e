//! Line mode: plain text in, plain text out, for scripts and screen readers.
//!
//! No colours and no cursor movement. At each human decision the seat's view (from its
//! observation) is printed, then the terms the decision is about when the game names some
//! ([`Presenter::terms`], e.g. an offer clause by clause, right above the choices that
//! change it), then the numbered choices with the exact odds of any roll that follows,
//! then the prompt `choose 1-N (h for help, q to quit): `. Moves of bots and chance are
//! printed one per line as they happen, and the result at the end. A game may fold a long
//! list ([`Presenter::choice_group`]): its main choices come first, then one line per
//! group (`7) make an offer (a package): 3 choices`); typing a group's number lists its
//! choices, numbered from 1, and `b` goes back. `u` takes back the human's previous
//! decision when nothing else (no draw, no other player) moved since (see the session's
//! undo).
//!
//! A choice that comes with a free text ([`Game::writes_text`]) is followed by a second
//! prompt, e.g. `text for this move (one line): `: the line typed (trimmed; empty, or end of
//! input, for no text) goes into the record with the move and is shown on its log line.
//!
//! Input is any [`BufRead`] and output any [`Write`], so a match can be driven by a script
//! or a test. End of input, `q` or `quit` leaves the match; the record so far is returned.

use std::io::{self, BufRead, Write};

use gameshelf_engine::{Game, Record};

use crate::session::{Menu, Session, Turn};
use crate::text::clean_text;
use crate::{Aids, PlayOptions, Player, TerminalError};
use gameshelf_engine::Presenter;

/// What the human typed at a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// The choice with this 0-based index.
    Choice(usize),
    /// The choice with this 0-based index as typed after its number: another sum (`3 40`
    /// or `3 $40`), a schedule (`3 every 2 rounds, 4 times`), or both.
    Typed(usize, String),
    /// Show the help.
    Help,
    /// Take back the previous decision.
    Undo,
    /// Ask for a hint.
    Hint,
    /// Go back from a group's list to the main list.
    Back,
    /// Pass this chance to speak out of turn and the later ones until asked.
    PassUntilAsked,
    /// Leave the match.
    Quit,
    /// Anything else: not a number, out of range, empty.
    Invalid,
}

fn parse_answer(text: &str, choices: usize) -> Answer {
    match text.trim().to_ascii_lowercase().as_str() {
        "q" | "quit" | "exit" => Answer::Quit,
        "h" | "help" | "?" => Answer::Help,
        "u" | "undo" => Answer::Undo,
        "a" | "hint" => Answer::Hint,
        "b" | "back" => Answer::Back,
        "p" | "pass" => Answer::PassUntilAsked,
        other => {
            let choice = |word: &str| match word.parse::<usize>() {
                Ok(n) if (1..=choices).contains(&n) => Some(n - 1),
                _ => None,
            };
            let answer = match other.split_once(char::is_whitespace) {
                None => choice(other).map(Answer::Choice),
                Some((n, typed)) => choice(n).map(|i| Answer::Typed(i, typed.trim().to_owned())),
            };
            answer.unwrap_or(Answer::Invalid)
        }
    }
}

/// How the prompts work, shown for `h` before the game's own help.
const HELP: &str = "Type the number of a choice and press Enter. \
A choice marked $ names a sum of money: type its number and another sum (3 40) to name that \
sum instead; one marked with a schedule takes one typed the same way (3 every 2 rounds, 4 times), \
or a sum and a schedule (3 40 every 2 rounds, 4 times). A line ending in \"choices\" is a group: type its number to list them, and b to go \
back. When you are only offered a chance to speak during another player's turn (to open a \
negotiation or make an offer), p passes it and every such chance after it until something is \
asked of you. h shows this help, u takes back your previous decision (not past a draw or another player's \
move), a asks for a hint when the game gives them (the move a bot would make in your place, \
seeing what you see; nothing is played), q (or end of input) leaves the game; the record of the \
moves so far is kept.";

/// Plays a match in line mode, reading the humans' answers from `input` and writing
/// everything to `output`.
///
/// Chance and bots are seeded from `options.seed` as described in the crate docs. Returns
/// the record of the match: complete when the game ended, or up to the point where a human
/// quit (`q`, end of input), which still replays to the state the human left.
///
/// # Errors
/// [`TerminalError::PlayerCount`] or [`TerminalError::NameCount`] when `players` or
/// `options.names` do not match the game's seats; [`TerminalError::Interrupted`] (holding
/// the record so far) when reading or writing fails.
pub fn play<G: Game, P: Presenter<G>>(
    game: &G,
    presenter: &P,
    players: Vec<Player<G>>,
    options: &PlayOptions,
    input: impl BufRead,
    output: impl Write,
) -> Result<Record<G::Action>, TerminalError> {
    play_driven(
        game,
        presenter,
        players,
        options,
        Aids::default(),
        input,
        output,
    )
}

/// Like [`play`], with chance chosen by `driver` when given (a numbered deal) instead of
/// the generator seeded by `options.seed`.
///
/// # Errors
/// As [`play`].
pub fn play_driven<'a, G: Game, P: Presenter<G>>(
    game: &'a G,
    presenter: &'a P,
    players: Vec<Player<G>>,
    options: &PlayOptions,
    aids: Aids<'a, G>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<Record<G::Action>, TerminalError> {
    let mut session = Session::new(game, presenter, players, options)?.with_aids(aids);
    match run(&mut session, &mut input, &mut output) {
        Ok(()) => session.finish(),
        Err(e) => Err(session.interrupted(e)),
    }
}

fn run<G: Game, P: Presenter<G>>(
    session: &mut Session<'_, G, P>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let seats: Vec<String> = (0..session.names().len())
        .map(|s| session.label(s))
        .collect();
    writeln!(out, "{}: {}", session.game().info().name, seats.join(", "))?;
    writeln!(
        out,
        "{}: the same one plays the same chance again",
        session.origin()
    )?;
    if session.actions_played() > 0 {
        writeln!(
            out,
            "resuming the saved game after {} actions",
            session.actions_played()
        )?;
    }
    loop {
        if session.save_failed() {
            return out.flush();
        }
        match session.turn() {
            Turn::Over => {
                let result = session.result_text().unwrap_or_default();
                write!(out, "\n{result}")?;
                writeln!(out, "({})", session.origin())?;
                return out.flush();
            }
            Turn::Auto => {
                if let Some(line) = session.play_auto() {
                    writeln!(out, "{line}")?;
                }
            }
            Turn::Human(seat) => {
                if let Some(line) = session.pass_if_passing() {
                    writeln!(out, "{line}")?;
                    continue;
                }
                let menu = session.menu();
                show_decision(session, seat, &menu, out)?;
                match ask(session, &menu, input, out)? {
                    Reply::Choice(index) => {
                        let text = if session.choice_writes_text(index) {
                            ask_text(session, index, input, out)?
                        } else {
                            String::new()
                        };
                        if let Some(line) = session.play_choice(index, &text) {
                            writeln!(out, "{line}")?;
                        }
                    }
                    Reply::Typed(index, words) => match session.play_typed(index, &words) {
                        Ok(line) => writeln!(out, "{line}")?,
                        Err(why) => writeln!(out, "{why}")?,
                    },
                    Reply::PassUntilAsked => {
                        if let Some(line) = session.pass_until_asked() {
                            writeln!(out, "{line} (and every such chance until you are asked)")?;
                        }
                    }
                    Reply::Undo => match session.undo() {
                        Ok(n) => writeln!(out, "undone: your previous decision ({n} actions)")?,
                        Err(why) => writeln!(out, "{why}")?,
                    },
                    Reply::Quit => {
                        writeln!(
                            out,
                            "\nleft the game after {} actions; the game is unfinished",
                            session.actions_played()
                        )?;
                        return out.flush();
                    }
                }
            }
        }
    }
}

/// Prints what the seat sees and its numbered choices: the main ones, then the groups.
fn show_decision<G: Game, P: Presenter<G>>(
    session: &Session<'_, G, P>,
    seat: usize,
    menu: &Menu,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "\n== {} to move ==", session.label(seat))?;
    let view = session.presenter().observation_text(
        session.game(),
        Some(seat),
        &session.observation(seat),
    );
    writeln!(out, "{}", view.trim_end())?;
    for line in session.terms(seat) {
        writeln!(out, "{line}")?;
    }
    show_list(session, menu, None, out)
}

/// Prints the numbered top-level list (`group` `None`) or one group's list.
fn show_list<G: Game, P: Presenter<G>>(
    session: &Session<'_, G, P>,
    menu: &Menu,
    group: Option<usize>,
    out: &mut impl Write,
) -> io::Result<()> {
    let items = match group {
        None => &menu.main,
        Some(g) => {
            writeln!(out, "{}:", menu.groups[g].0)?;
            &menu.groups[g].1
        }
    };
    for (number, &i) in (1..).zip(items) {
        let action = session.choices()[i];
        let mut text = session.describe_choice(action);
        if session.first_of_its_kind(i)
            && let Some(prompt) = session.amount_prompt(i)
        {
            text = match session.schedule_prompt(i) {
                Some(schedule) => format!("{text} [$: {prompt}; or {schedule}]"),
                None => format!("{text} [$: {prompt}]"),
            };
        }
        match session.choice_odds(action) {
            Some(odds) => writeln!(out, "  {number}) {text} -- {odds}")?,
            None => writeln!(out, "  {number}) {text}")?,
        }
    }
    if group.is_none() {
        for (number, g) in (menu.main.len() + 1..).zip(0..menu.groups.len()) {
            writeln!(out, "  {number}) {}", menu.heading(g))?;
        }
    }
    Ok(())
}

/// What the human decided at a prompt.
enum Reply {
    /// Play the choice with this 0-based index.
    Choice(usize),
    /// Play the choice with this 0-based index as typed (a sum, a schedule, or both).
    Typed(usize, String),
    /// Take back the previous decision.
    Undo,
    /// Pass this chance to speak out of turn, and the later ones until asked.
    PassUntilAsked,
    /// Leave the match.
    Quit,
}

/// Prompts until the human gives a valid choice, asks to undo or quits. A group's number
/// lists the group, whose choices are then numbered from 1 until `b` goes back.
fn ask<G: Game, P: Presenter<G>>(
    session: &mut Session<'_, G, P>,
    menu: &Menu,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Reply> {
    let mut group: Option<usize> = None;
    let mut line = String::new();
    loop {
        let (n, back) = match group {
            None => (menu.len(), ""),
            Some(g) => (menu.groups[g].1.len(), "b to go back, "),
        };
        let hint = if session.gives_hints() {
            ", a for a hint"
        } else {
            ""
        };
        let pass = if session.out_of_turn_pass().is_some() {
            ", p to pass until asked"
        } else {
            ""
        };
        write!(
            out,
            "choose 1-{n} ({back}h for help{hint}{pass}, q to quit): "
        )?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Reply::Quit);
        }
        // The index into the legal actions of the `k`-th entry listed, or the group it opens.
        let entry = |k: usize| match group {
            Some(g) => Ok(menu.groups[g].1[k]),
            None => menu.main.get(k).copied().ok_or_else(|| k - menu.main.len()),
        };
        match parse_answer(&line, n) {
            Answer::Choice(k) => match entry(k) {
                Ok(index) => return Ok(Reply::Choice(index)),
                Err(g) => {
                    group = Some(g);
                    show_list(session, menu, group, out)?;
                }
            },
            Answer::Typed(k, words) => match entry(k) {
                Ok(index) => return Ok(Reply::Typed(index, words)),
                Err(g) => writeln!(
                    out,
                    "{} is a group of choices: type {} alone to list them",
                    menu.groups[g].0,
                    k + 1
                )?,
            },
            Answer::Back if group.is_some() => {
                group = None;
                show_list(session, menu, group, out)?;
            }
            Answer::Undo => return Ok(Reply::Undo),
            Answer::PassUntilAsked if session.out_of_turn_pass().is_some() => {
                return Ok(Reply::PassUntilAsked);
            }
            Answer::Quit => return Ok(Reply::Quit),
            Answer::Hint => match session.hint() {
                Ok((index, text)) => match menu.place(index) {
                    Some((top, None)) => writeln!(out, "hint: {top}) {text}")?,
                    Some((top, Some(inner))) => {
                        writeln!(out, "hint: {top}) then {inner}) {text}")?;
                    }
                    None => writeln!(out, "hint: {text}")?,
                },
                Err(why) => writeln!(out, "{why}")?,
            },
            Answer::Help => {
                writeln!(out, "{HELP}")?;
                let help = session.presenter().help();
                if !help.is_empty() {
                    writeln!(out, "{}", help.trim_end())?;
                }
            }
            Answer::Back | Answer::PassUntilAsked | Answer::Invalid => writeln!(
                out,
                "{:?} is not a choice: type a number from 1 to {n}, h for help or q to quit",
                line.trim()
            )?,
        }
    }
}

/// Asks for the free text of the `index`-th choice and reads one line: trimmed, with
/// anything unprintable dropped and cut to [`crate::MAX_TEXT_CHARS`]; end of input is an
/// empty text. Bytes that are not UTF-8 are replaced rather than refused.
fn ask_text<G: Game, P: Presenter<G>>(
    session: &Session<'_, G, P>,
    index: usize,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<String> {
    let prompt = session.text_prompt(index).unwrap_or_default();
    write!(out, "{prompt} (one line): ")?;
    out.flush()?;
    let mut line = Vec::new();
    if input.read_until(b'\n', &mut line)? == 0 {
        writeln!(out)?;
    }
    Ok(clean_text(&String::from_utf8_lossy(&line)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_parsed_forgivingly_and_never_out_of_range() {
        assert_eq!(parse_answer("1\n", 3), Answer::Choice(0));
        assert_eq!(parse_answer("  3 ", 3), Answer::Choice(2));
        assert_eq!(parse_answer("0", 3), Answer::Invalid);
        assert_eq!(parse_answer("4", 3), Answer::Invalid);
        assert_eq!(parse_answer("99999999999999999999999", 3), Answer::Invalid);
        assert_eq!(parse_answer("-1", 3), Answer::Invalid);
        assert_eq!(parse_answer("", 3), Answer::Invalid);
        assert_eq!(parse_answer("x", 3), Answer::Invalid);
        assert_eq!(parse_answer("Q", 3), Answer::Quit);
        assert_eq!(parse_answer("h", 3), Answer::Help);
        assert_eq!(parse_answer("U", 3), Answer::Undo);
        assert_eq!(parse_answer("b", 3), Answer::Back);
        let typed = |i, words: &str| Answer::Typed(i, words.to_owned());
        assert_eq!(parse_answer("2 40", 3), typed(1, "40"));
        assert_eq!(parse_answer(" 3  $1,500 ", 3), typed(2, "$1,500"));
        assert_eq!(parse_answer("4 40", 3), Answer::Invalid);
        assert_eq!(
            parse_answer("2 40 Every 2 rounds, 3 times", 3),
            typed(1, "40 every 2 rounds, 3 times")
        );
        // What follows the number is judged when it is played (a sum, a schedule).
        assert_eq!(parse_answer("2 -5", 3), typed(1, "-5"));
    }
}
