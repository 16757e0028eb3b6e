//! Free texts that some actions carry ([`Game::writes_text`]): a contract's free-text
//! clause, say.
//!
//! The rules never read these texts; players do. So what matters here is that a text is
//! safe to print and short enough to read: [`clean_text`] is applied to what a person types
//! (in either mode) and to texts read back from a record before they are shown, since a
//! record file may hold anything, escape sequences included: a control character is shown
//! as its escape (`\u{1b}`), never sent to the terminal. [`with_text`] puts a text on
//! the log line of its move, the same way in both modes and in `gameshelf replay --step`.
//!
//! Texts are shown to every seat: a player writes them for the table.
//!
//! [`Game::writes_text`]: gameshelf_engine::Game::writes_text

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use gameshelf_engine::escape_controls;

/// The most characters a text keeps; typing stops there and longer texts are cut.
pub const MAX_TEXT_CHARS: usize = 200;

/// `text` as it is kept and shown: on one line (tabs and line breaks become spaces),
/// trimmed, other control characters shown as their escapes
/// ([`gameshelf_engine::escape_controls`]), and cut to [`MAX_TEXT_CHARS`] characters.
///
/// ```
/// use gameshelf_terminal::clean_text;
///
/// assert_eq!(clean_text("  no tram\tlane\r\n"), "no tram lane");
/// assert_eq!(clean_text("\x1b[2Jhi"), "\\u{1b}[2Jhi");
/// ```
pub fn clean_text(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => ' ',
            c => c,
        })
        .collect();
    let shown = escape_controls(one_line.trim());
    let cut: String = shown.chars().take(MAX_TEXT_CHARS).collect();
    cut.trim_end().to_owned()
}

/// A move's log line with the text written with it: `line — "text"`, or
/// `line — (no text)` when the text is empty (a bot's move, or a human who wrote nothing).
/// The text goes through [`clean_text`] first.
///
/// ```
/// use gameshelf_terminal::with_text;
///
/// assert_eq!(with_text("seat 1: propose", "no tram"), "seat 1: propose — \"no tram\"");
/// assert_eq!(with_text("seat 2: propose", ""), "seat 2: propose — (no text)");
/// ```
pub fn with_text(line: &str, text: &str) -> String {
    let text = clean_text(text);
    if text.is_empty() {
        format!("{line} — (no text)")
    } else {
        format!("{line} — \"{text}\"")
    }
}

/// A sum of money as a person types it: whole dollars, with an optional `$` and
/// thousands separators (`40`, `$1,500`); `None` for anything else.
pub(crate) fn parse_sum(text: &str) -> Option<u32> {
    let text = text.trim();
    let digits = text.strip_prefix('$').unwrap_or(text).replace(',', "");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// A one-line text being typed in the full-screen view's popup.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TextInput {
    text: String,
}

/// What a key did to a [`TextInput`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Edit {
    /// Still typing (the key changed the text or was ignored).
    Typing,
    /// Enter: this is the text.
    Done(String),
    /// Esc: no text.
    Empty,
    /// Ctrl-C: leave the game.
    Interrupt,
}

impl TextInput {
    /// The text so far.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// Takes one key: printable characters are typed (up to [`MAX_TEXT_CHARS`]), Backspace
    /// removes the last one, Enter confirms, Esc gives up the text, Ctrl-C interrupts.
    /// Every other key is ignored.
    pub(crate) fn key(&mut self, key: KeyEvent) -> Edit {
        let control = key.modifiers.contains(KeyModifiers::CONTROL)
            && !key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Char('c') if control => Edit::Interrupt,
            KeyCode::Enter => Edit::Done(clean_text(&self.text)),
            KeyCode::Esc => Edit::Empty,
            KeyCode::Backspace => {
                self.text.pop();
                Edit::Typing
            }
            KeyCode::Char(c)
                if !control && !c.is_control() && self.text.chars().count() < MAX_TEXT_CHARS =>
            {
                self.text.push(c);
                Edit::Typing
            }
            _ => Edit::Typing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_whole_dollars_with_an_optional_sign_and_separators() {
        assert_eq!(parse_sum("40"), Some(40));
        assert_eq!(parse_sum(" $1,500 "), Some(1500));
        assert_eq!(parse_sum("4294967295"), Some(u32::MAX));
        for bad in ["", "$", "-5", "+5", "4.5", "forty", "4294967296", "1 000"] {
            assert_eq!(parse_sum(bad), None, "{bad:?}");
        }
    }

    fn keys(input: &mut TextInput, codes: impl IntoIterator<Item = KeyCode>) -> Vec<Edit> {
        codes
            .into_iter()
            .map(|code| input.key(KeyEvent::from(code)))
            .collect()
    }

    #[test]
    fn typing_backspace_and_enter_give_the_text() {
        let mut input = TextInput::default();
        let edits = keys(&mut input, " no tramx".chars().map(KeyCode::Char));
        assert!(edits.iter().all(|e| *e == Edit::Typing));
        keys(
            &mut input,
            [KeyCode::Backspace, KeyCode::Left, KeyCode::Null],
        );
        assert_eq!(input.text(), " no tram");
        assert_eq!(
            input.key(KeyEvent::from(KeyCode::Enter)),
            Edit::Done("no tram".to_owned())
        );
    }

    #[test]
    fn backspace_on_nothing_and_esc_are_harmless() {
        let mut input = TextInput::default();
        assert_eq!(input.key(KeyEvent::from(KeyCode::Backspace)), Edit::Typing);
        assert_eq!(input.text(), "");
        keys(&mut input, "ab".chars().map(KeyCode::Char));
        assert_eq!(input.key(KeyEvent::from(KeyCode::Esc)), Edit::Empty);
    }

    #[test]
    fn control_keys_are_not_typed_and_ctrl_c_interrupts() {
        let mut input = TextInput::default();
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(input.key(ctrl('a')), Edit::Typing);
        assert_eq!(
            input.key(KeyEvent::from(KeyCode::Char('\u{7}'))),
            Edit::Typing
        );
        assert_eq!(input.key(KeyEvent::from(KeyCode::Tab)), Edit::Typing);
        assert_eq!(input.text(), "");
        let shifted = KeyEvent::new(KeyCode::Char('A'), KeyModifiers::SHIFT);
        assert_eq!(input.key(shifted), Edit::Typing);
        assert_eq!(input.text(), "A");
        assert_eq!(input.key(ctrl('c')), Edit::Interrupt);
    }

    #[test]
    fn typing_stops_at_the_cap() {
        let mut input = TextInput::default();
        keys(&mut input, std::iter::repeat_n(KeyCode::Char('é'), 250));
        assert_eq!(input.text().chars().count(), MAX_TEXT_CHARS);
    }

    #[test]
    fn texts_are_cleaned_to_one_short_line() {
        assert_eq!(clean_text(""), "");
        assert_eq!(clean_text(" \t\r\n "), "");
        assert_eq!(clean_text("a\nb\u{0}c\u{9b}d"), "a b\\u{0}c\\u{9b}d");
        let long = "x ".repeat(300);
        let cut = clean_text(&long);
        assert!(cut.chars().count() <= MAX_TEXT_CHARS);
        assert!(!cut.ends_with(' '));
        assert_eq!(with_text("m", "\x1b"), "m — \"\\u{1b}\"");
        assert_eq!(with_text("m", " \t"), "m — (no text)");
        assert_eq!(
            clean_text(&clean_text("\x07x")),
            "\\u{7}x",
            "cleaning twice changes nothing"
        );
    }
}
