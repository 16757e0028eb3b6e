//! The record on disk after every action, so that no way of leaving loses a game.
//!
//! A match with a save path ([`crate::PlayOptions::save`]) checks the path before the first
//! move (a missing folder, a link, `/dev/full` are refused then, not after the last move),
//! writes the record as the game starts, and writes it again after every action applied
//! (a human's, a bot's or chance's) and every undo. Each write is atomic (a temporary file
//! in the same folder, flushed to disk, renamed over the record; see
//! [`gameshelf_engine::file`]), so the file always holds a whole record: the last one
//! written. A quit, Ctrl-C, a lost terminal, a broken pipe, `SIGTERM`, `SIGHUP`, even a
//! `kill -9` leave the record of every action played; `gameshelf play --resume FILE` goes
//! on from there.
//!
//! Writes hold [`WRITING`], which the termination watcher (see `signal`) takes before it
//! ends the process, so a signal never cuts the write of the last action short.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use gameshelf_engine::file::{self, FileError};
use gameshelf_engine::{Game, Record};

/// Held while a record is written.
pub(crate) static WRITING: Mutex<()> = Mutex::new(());

/// Where a match's record is written.
#[derive(Debug)]
pub(crate) struct Autosave {
    path: PathBuf,
}

impl Autosave {
    /// Checks that `path` can take the record (see [`file::check_writable`]).
    ///
    /// # Errors
    /// [`FileError`] when it cannot: a missing folder, a link, not a regular file, no
    /// permission.
    pub(crate) fn open(path: &Path) -> Result<Autosave, FileError> {
        file::check_writable(path)?;
        Ok(Autosave {
            path: path.to_owned(),
        })
    }

    /// Writes `record`, a record of `G`, atomically.
    ///
    /// # Errors
    /// [`FileError`] when the write fails (a full disk); the file keeps the record written
    /// before.
    pub(crate) fn write<G: Game>(&self, record: &Record<G::Action>) -> Result<(), FileError> {
        let _writing = WRITING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        record.save(&self.path)
    }
}
