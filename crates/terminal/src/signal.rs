//! Signals during a match: Ctrl-C in line mode, and `SIGTERM` and `SIGHUP` in both modes.
//!
//! In line mode the terminal stays in its normal (cooked) mode, so Ctrl-C is a SIGINT that
//! would kill the process and lose the game. Instead, a thread reads stdin line by line into
//! a channel and the first SIGINT sends end of input into the same channel, which line mode
//! treats as the human leaving: the record so far is returned. A second Ctrl-C, or any
//! Ctrl-C after the match, ends the process as usual (exit status 130).
//!
//! `SIGTERM` (a `kill`, a shutdown) and `SIGHUP` (the terminal closed) end the process, as
//! they would by default, but first [`watch_termination`]'s thread waits for a record write
//! in progress to finish, gives the terminal back if the full-screen view had it (raw mode
//! and the alternate screen would otherwise stay), and says where the record is when a
//! terminal remains to say it. The record on disk already holds every action played (see
//! the `autosave` module); the exit status is 128 plus the signal's number.

use std::io::{self, BufRead, Read, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;

use gameshelf_engine::escape_controls;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::{Handle, Signals};

use crate::autosave::WRITING;

/// Standard input as a [`BufRead`] that ends at end of input or at the first Ctrl-C.
pub(crate) struct InterruptibleStdin {
    lines: Receiver<String>,
    buf: Vec<u8>,
    pos: usize,
    ended: bool,
    interrupted: Arc<AtomicBool>,
    signals: Option<Handle>,
}

/// Opens standard input for line mode. If the SIGINT handler cannot be installed, Ctrl-C
/// keeps its usual effect and only end of input and `q` leave the game.
pub(crate) fn stdin() -> InterruptibleStdin {
    let (tx, lines) = mpsc::channel();
    let interrupted = Arc::new(AtomicBool::new(false));
    let signals = watch_sigint(tx.clone(), &interrupted);
    thread::spawn(move || read_lines(tx));
    InterruptibleStdin {
        lines,
        buf: Vec::new(),
        pos: 0,
        ended: false,
        interrupted,
        signals,
    }
}

/// Sends each line of stdin; an empty string means end of input (or a read error).
fn read_lines(tx: Sender<String>) {
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    loop {
        let mut line = String::new();
        let end = !matches!(lock.read_line(&mut line), Ok(n) if n > 0);
        if tx.send(if end { String::new() } else { line }).is_err() || end {
            return;
        }
    }
}

/// On the first SIGINT, sends end of input; on any later one, exits with status 130.
fn watch_sigint(tx: Sender<String>, interrupted: &Arc<AtomicBool>) -> Option<Handle> {
    signal_hook::flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(interrupted)).ok()?;
    let mut signals = Signals::new([SIGINT]).ok()?;
    let handle = signals.handle();
    let flag = Arc::clone(interrupted);
    thread::spawn(move || {
        for _ in signals.forever() {
            flag.store(true, Ordering::SeqCst);
            // The reader may be gone already; the flag makes the next Ctrl-C exit.
            let _ = tx.send(String::new());
        }
    });
    Some(handle)
}

impl Drop for InterruptibleStdin {
    fn drop(&mut self) {
        // After the match, Ctrl-C ends the process again.
        self.interrupted.store(true, Ordering::SeqCst);
        if let Some(handle) = &self.signals {
            handle.close();
        }
    }
}

impl Read for InterruptibleStdin {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for InterruptibleStdin {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.buf.len() && !self.ended {
            match self.lines.recv() {
                Ok(line) if !line.is_empty() => {
                    self.buf = line.into_bytes();
                    self.pos = 0;
                }
                _ => self.ended = true,
            }
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, amount: usize) {
        self.pos = (self.pos + amount).min(self.buf.len());
    }
}

/// The match in progress, as the termination watcher needs it.
struct Watched {
    /// Where its record is saved.
    save: Option<PathBuf>,
    /// Whether the full-screen view holds the terminal.
    screen: bool,
}

/// The match being watched, if any.
static WATCHED: Mutex<Option<Watched>> = Mutex::new(None);

/// Watches for `SIGTERM` and `SIGHUP` until the returned guard is dropped (see the module
/// documentation). The watching thread starts with the first match and stays: after the
/// match, the signals end the process at once, as they do by default.
pub(crate) fn watch_termination(save: Option<&Path>, screen: bool) -> Watching {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        // Without the handler, the signals keep their default effect: the record on disk
        // is whole either way.
        if let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP]) {
            thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    terminate(signal);
                }
            });
        }
    });
    *lock(&WATCHED) = Some(Watched {
        save: save.map(Path::to_owned),
        screen,
    });
    Watching(())
}

/// The watch over one match; dropping it ends the watch.
pub(crate) struct Watching(());

impl Drop for Watching {
    fn drop(&mut self) {
        *lock(&WATCHED) = None;
    }
}

/// A lock that a panic elsewhere cannot make unusable.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Ends the process for `signal` once the record is safe and the terminal restored.
fn terminate(signal: i32) -> ! {
    // Held until the process ends: no record write can start or be cut short.
    let _writing = lock(&WRITING);
    if let Some(watched) = lock(&WATCHED).take() {
        if watched.screen {
            crate::tty::restore();
        }
        if let Some(path) = watched.save {
            let name = if signal == SIGHUP {
                "SIGHUP"
            } else {
                "SIGTERM"
            };
            // After SIGHUP there may be no terminal left to write to.
            let _ = writeln!(
                io::stderr(),
                "\ngameshelf: stopped by {name}; the game so far is saved in {}",
                escape_controls(&path.display().to_string())
            );
        }
    }
    std::process::exit(128 + signal)
}
