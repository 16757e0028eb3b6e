//! The full-screen terminal: raw mode and the alternate screen, always restored.

use std::io::{self, IsTerminal};

use ratatui::DefaultTerminal;

/// Whether stdin and stdout are both a terminal, so that the full-screen view can run.
pub(crate) fn available() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// The terminal in full-screen mode. Dropping it restores the terminal, and a panic hook
/// (installed by [`ratatui::try_init`]) restores it before a panic message is printed.
pub(crate) struct Tty {
    /// The ratatui terminal to draw on.
    pub(crate) terminal: DefaultTerminal,
}

impl Tty {
    /// Enters raw mode and the alternate screen.
    ///
    /// # Errors
    /// When the terminal cannot be set up; whatever part was set up is undone.
    pub(crate) fn open() -> io::Result<Self> {
        match ratatui::try_init() {
            Ok(terminal) => Ok(Tty { terminal }),
            Err(e) => {
                ratatui::restore();
                Err(e)
            }
        }
    }
}

impl Drop for Tty {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back: the cursor shown, raw mode off, the alternate screen left.
/// Safe to call from any thread, and more than once.
pub(crate) fn restore() {
    let _ = crossterm::execute!(io::stdout(), crossterm::cursor::Show);
    ratatui::restore();
}
