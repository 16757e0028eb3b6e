//! The partial result of one shard (`--shard I/N`), as written to standard output and read
//! back by `gameshelf merge`.

use std::path::Path;

use anyhow::{Context, Result};
use gameshelf_sim::{ComparePart, Shard};
use serde::{Deserialize, Serialize};

/// One shard's figures, with what the command needs to print the merged report.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PartFile {
    /// A shard of `gameshelf sim`.
    Sim {
        /// The shard.
        shard: Shard,
        /// The bot of each seat.
        bots: Vec<String>,
        /// The partial figures (`SimPart` of the game's tally).
        part: serde_json::Value,
    },
    /// A shard of `gameshelf compare`.
    Compare {
        /// The shard.
        shard: Shard,
        /// The partial sums.
        part: ComparePart,
    },
}

impl PartFile {
    /// Prints the part as JSON on standard output.
    pub fn print(&self) -> Result<()> {
        out!("{}", serde_json::to_string(self)?);
        Ok(())
    }

    /// Reads a part file.
    pub fn read(path: &Path) -> Result<PartFile> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| {
            format!(
                "{} is not a shard's result (as written by sim or compare with --shard)",
                path.display()
            )
        })
    }
}
