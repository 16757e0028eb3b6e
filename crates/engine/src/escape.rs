//! Text from outside the program, made safe to show.
//!
//! Names in data files (cards, spaces, cities), seat names in records and the free texts
//! players write reach a terminal. A control character in them could clear the screen,
//! move the cursor or set the window title, and a bidirectional override could make the
//! text read differently from what it holds. [`escape_controls`] shows each such character
//! as its escape (`\u{1b}`) instead; every loader and front end passes outside text through
//! it before showing it.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is shown escaped: a control character (C0, DEL, C1) or a bidirectional
/// embedding, override or isolate (U+202A-U+202E, U+2066-U+2069).
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character [`is_unsafe`] written as `\u{..}`; borrowed when there is
/// none, which is the usual case.
///
/// ```
/// use gameshelf_engine::escape_controls;
///
/// assert_eq!(escape_controls("Ogre"), "Ogre");
/// assert_eq!(escape_controls("\x1b]0;pwned\x07Ogre"), "\\u{1b}]0;pwned\\u{7}Ogre");
/// assert_eq!(escape_controls("a\nb"), "a\\u{a}b");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`escape_controls`] on each line of `text`, keeping its line breaks: for messages of
/// several lines (an error with its causes) that quote outside text.
pub fn escape_lines(text: &str) -> String {
    text.split('\n')
        .map(escape_controls)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_overrides_are_escaped_and_the_rest_kept() {
        assert!(matches!(escape_controls("Café ♠ 10"), Cow::Borrowed(_)));
        assert_eq!(escape_controls("\u{9b}2J"), "\\u{9b}2J");
        assert_eq!(
            escape_controls("a\u{202e}b\u{2066}"),
            "a\\u{202e}b\\u{2066}"
        );
        assert_eq!(escape_controls("\x7f\t"), "\\u{7f}\\u{9}");
        assert_eq!(escape_lines("one\x1b\ntwo\r"), "one\\u{1b}\ntwo\\u{d}");
    }
}
