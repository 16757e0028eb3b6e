//! Standard input for line mode, where Ctrl-C reads as end of input.
//!
//! In line mode the terminal stays in its normal (cooked) mode, so Ctrl-C is a SIGINT that
//! would kill the process and lose the game. Instead, a thread reads stdin line by line into
//! a channel and the first SIGINT sends end of input into the same channel, which line mode
//! treats as the human leaving: the record so far is returned. A second Ctrl-C, or any
//! Ctrl-C after the match, ends the process as usual (exit status 130).

use std::io::{self, BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use signal_hook::consts::SIGINT;
use signal_hook::iterator::{Handle, Signals};

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
