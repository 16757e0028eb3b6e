//! Game records: the configuration plus every action, chance outcomes included.
//!
//! A record replays bit-exact because it stores what chance *did*, not a seed: no random
//! number generator, and no change to one, can alter a replay. Records are JSON:
//!
//! ```json
//! {"format":"gameshelf-record","version":1,"game":"open-oubliette(players=3)",
//!  "seats":["you","heuristic","heuristic"],"players":["human","heuristic","heuristic"],
//!  "seed":7,"actions":[...]}
//! ```
//!
//! Records are read with [`read_record`] (a regular file of at most
//! [`limits::RECORD_BYTES`]) and written with [`Record::save`], atomically (see
//! [`crate::file`]). Fields added since version 1 (`players`, `deal`, `texts`) are optional,
//! so older records still load.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::file::{self, FileError};
use crate::game::{Game, IllegalAction};
use crate::limits;

/// The value of the `format` field of every record.
pub const FORMAT: &str = "gameshelf-record";
/// The record version this build writes and reads.
pub const VERSION: u32 = 1;

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record<A> {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`] for records this build writes.
    pub version: u32,
    /// The canonical game string.
    pub game: String,
    /// Who sat in each seat (bot names or `human`), for people reading the record.
    #[serde(default)]
    pub seats: Vec<String>,
    /// Who plays each seat, to resume the game with the same players: `human`, or the bot's
    /// spec (`heuristic`, `mcts:2000`). Empty in records older than this field.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// The fingerprint of the rules data the game was played with (see
    /// [`Game::data_fingerprint`]); absent for games without data files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// The seed the match was played with, if any (informational: replays do not use it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The numbered deal whose order chance followed, for games dealt by number (the
    /// solitaire's `--deal N`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<u64>,
    /// Every action in order, chance outcomes included.
    pub actions: Vec<A>,
    /// The free texts written with actions ([`Game::writes_text`]), in the order those
    /// actions were played: text `i` belongs to the `i`-th such action (an empty string when
    /// a bot played it). The rules never read them, so replays do not need them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub texts: Vec<String>,
}

/// The header of a record, read before knowing which game's actions it holds.
#[derive(Clone, Debug, Deserialize)]
pub struct RecordHeader {
    /// Should be [`FORMAT`].
    pub format: String,
    /// Should be [`VERSION`].
    pub version: u32,
    /// The game string.
    pub game: String,
}

/// Why a record could not be read or replayed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Not JSON, or not of the record's shape.
    #[error("not a gameshelf record")]
    Malformed(#[from] serde_json::Error),
    /// The `format` or `version` field is wrong.
    #[error(
        "unsupported record: format {format:?} version {version} (this build reads {FORMAT:?} version {VERSION})"
    )]
    Unsupported {
        /// The format field found.
        format: String,
        /// The version found.
        version: u32,
    },
    /// The record is for another game configuration.
    #[error("record is for {found:?}, not {expected:?}")]
    WrongGame {
        /// The game string of the replaying game.
        expected: String,
        /// The game string in the record.
        found: String,
    },
    /// The record was played with other rules data (edited card files).
    #[error(
        "record was played with other rules data (fingerprint {found}, this game's is {expected}); pass the data folder it was played with (--data DIR)"
    )]
    WrongData {
        /// This game's data fingerprint.
        expected: String,
        /// The record's.
        found: String,
    },
    /// An action was not legal where it stands.
    #[error("action {index} of the record is illegal")]
    Illegal {
        /// Its position (0-based).
        index: usize,
        /// Why.
        source: IllegalAction,
    },
}

impl<A: Serialize + DeserializeOwned> Record<A> {
    /// An empty record for `game`.
    pub fn new<G: Game<Action = A>>(game: &G) -> Self {
        Record {
            format: FORMAT.to_owned(),
            version: VERSION,
            game: game.spec().to_string(),
            seats: Vec::new(),
            players: Vec::new(),
            data: game.data_fingerprint(),
            seed: None,
            deal: None,
            actions: Vec::new(),
            texts: Vec::new(),
        }
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }

    /// Writes the record to `path` atomically, as [`crate::file::write_atomic`] does: the
    /// file holds the old record or the new one, never a part, and a link there is refused.
    ///
    /// # Errors
    /// [`FileError`] when the path cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        file::write_atomic(path, self.to_json().as_bytes())
    }

    /// Reads a record.
    ///
    /// # Errors
    /// [`RecordError::Malformed`] or [`RecordError::Unsupported`].
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        read_header(text)?;
        Ok(serde_json::from_str(text)?)
    }

    /// Replays the record from the initial state of `game`, checking every action.
    ///
    /// # Errors
    /// [`RecordError::WrongGame`] if the record names another configuration,
    /// [`RecordError::WrongData`] if it was played with other rules data,
    /// [`RecordError::Illegal`] at the first action that is not legal where it stands.
    pub fn replay<G: Game<Action = A>>(&self, game: &G) -> Result<G::State, RecordError>
    where
        A: Copy,
    {
        self.check_game(game)?;
        let mut state = game.initial_state();
        for (index, &a) in self.actions.iter().enumerate() {
            game.apply(&mut state, a)
                .map_err(|source| RecordError::Illegal { index, source })?;
        }
        Ok(state)
    }

    /// Like [`Record::replay`], calling `step(index, before, action, after)` after each
    /// action is applied. An action is checked before `step` sees it, so a caller may
    /// describe it, with the state it was played in, knowing it is legal there: a corrupt
    /// record stops the replay with an error before anything reads its bad action.
    ///
    /// # Errors
    /// As [`Record::replay`].
    pub fn replay_with<G: Game<Action = A>>(
        &self,
        game: &G,
        mut step: impl FnMut(usize, &G::State, A, &G::State),
    ) -> Result<G::State, RecordError>
    where
        A: Copy,
    {
        self.check_game(game)?;
        let mut state = game.initial_state();
        for (index, &a) in self.actions.iter().enumerate() {
            let before = state.clone();
            game.apply(&mut state, a)
                .map_err(|source| RecordError::Illegal { index, source })?;
            step(index, &before, a, &state);
        }
        Ok(state)
    }

    /// Whether the record is for `game`: the same configuration, and the same rules data
    /// when both say which.
    fn check_game<G: Game<Action = A>>(&self, game: &G) -> Result<(), RecordError> {
        let expected = game.spec().to_string();
        if expected != self.game {
            return Err(RecordError::WrongGame {
                expected,
                found: self.game.clone(),
            });
        }
        let ours = game.data_fingerprint();
        if let (Some(found), Some(expected)) = (&self.data, &ours) {
            if found != expected {
                return Err(RecordError::WrongData {
                    expected: expected.clone(),
                    found: found.clone(),
                });
            }
        }
        Ok(())
    }
}

/// A short, stable fingerprint of a game's rules data, for [`Game::data_fingerprint`]:
/// FNV-1a (64 bits) of a canonical text of the data, in hex. Not a security measure; it
/// tells one data set from another.
pub fn fingerprint(canonical: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in canonical.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Reads the text of the record file at `path`: a regular file of at most
/// [`limits::RECORD_BYTES`] bytes.
///
/// # Errors
/// [`FileError`] when it cannot be read, is not a regular file, or is too large.
pub fn read_record(path: &Path) -> Result<String, FileError> {
    file::read_text(path, limits::RECORD_BYTES, "a game record")
}

/// Reads and checks just the header of a record, to find which game it is for.
///
/// # Errors
/// [`RecordError::Malformed`] or [`RecordError::Unsupported`].
pub fn read_header(text: &str) -> Result<RecordHeader, RecordError> {
    let header: RecordHeader = serde_json::from_str(text)?;
    if header.format != FORMAT || header.version != VERSION {
        return Err(RecordError::Unsupported {
            format: header.format,
            version: header.version,
        });
    }
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::{Record, fingerprint};

    #[test]
    fn texts_are_kept_and_optional() {
        let bare = r#"{"format":"gameshelf-record","version":1,"game":"g","actions":[1,2]}"#;
        let mut r = Record::<u8>::from_json(bare).unwrap();
        assert!(r.texts.is_empty(), "older records have no texts");
        assert!(
            !r.to_json().contains("texts"),
            "and none are written when empty"
        );
        r.texts.push("I won't build on Tram Lane".to_owned());
        let back = Record::<u8>::from_json(&r.to_json()).unwrap();
        assert_eq!(back, r);
    }

    /// FNV-1a reference values (the published test vectors for "" and "a").
    #[test]
    fn fingerprint_is_fnv1a() {
        assert_eq!(fingerprint(""), "cbf29ce484222325");
        assert_eq!(fingerprint("a"), "af63dc4c8601ec8c");
        assert_ne!(fingerprint("power = 7"), fingerprint("power = 8"));
    }
}
