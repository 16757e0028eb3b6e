//! The honest player's results on numbered deals: one play of a bot that sees only what a
//! player sees (the deck's order hidden) on each deal, as `gameshelf solitaire honest`
//! writes them.
//!
//! A file holds comment lines (`# `, the first naming the rules, the deals, the bot and the
//! seed), the [`COLUMNS`] line, and one line per deal: its number, `won` or `lost`, and the
//! turns the game took.

/// One play of a numbered deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HonestPlay {
    /// The deal number.
    pub deal: u64,
    /// Whether the bot won it.
    pub won: bool,
    /// The turns the game took.
    pub turns: u32,
}

/// What is wrong with a file of honest plays.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum HonestFileError {
    /// A row is not `deal <tab> won|lost <tab> turns`.
    #[error("line {line}: {problem}")]
    Row {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
}

/// The column names, the line under the comments.
pub const COLUMNS: &str = "deal\tresult\tturns";

/// Writes a file that [`parse`] reads back.
pub fn write(comments: &[String], plays: &[HonestPlay]) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for c in comments {
        // Writing to a String cannot fail.
        let _ = writeln!(text, "# {c}");
    }
    let _ = writeln!(text, "{COLUMNS}");
    for p in plays {
        let result = if p.won { "won" } else { "lost" };
        let _ = writeln!(text, "{}\t{result}\t{}", p.deal, p.turns);
    }
    text
}

/// Reads a file as [`write`] writes it: comment lines, the column line and blank lines are
/// skipped; every other line is one deal.
///
/// # Errors
/// [`HonestFileError`] naming the first bad line.
pub fn parse(text: &str) -> Result<Vec<HonestPlay>, HonestFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line == COLUMNS || line.trim().is_empty() {
            continue;
        }
        let bad = |problem: String| HonestFileError::Row {
            line: i + 1,
            problem,
        };
        let cells: Vec<&str> = line.split('\t').collect();
        let [deal, result, turns] = cells[..] else {
            return Err(bad(format!("{} cells, expected 3", cells.len())));
        };
        out.push(HonestPlay {
            deal: deal
                .parse()
                .map_err(|_| bad(format!("deal {deal:?} is not a whole number")))?,
            won: match result {
                "won" => true,
                "lost" => false,
                other => return Err(bad(format!("result {other:?}: expected won or lost"))),
            },
            turns: turns
                .parse()
                .map_err(|_| bad(format!("turns {turns:?} is not a whole number")))?,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_file_reads_back_and_a_bad_row_is_named() {
        let plays = [
            HonestPlay {
                deal: 7,
                won: true,
                turns: 31,
            },
            HonestPlay {
                deal: 8,
                won: false,
                turns: 12,
            },
        ];
        let text = write(&["rules, deals 7..=8".to_owned()], &plays);
        assert_eq!(parse(&text).unwrap(), plays);
        let bad = text.replace("8\tlost", "8\tdrawn");
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "line 4: result \"drawn\": expected won or lost"
        );
        assert!(parse("9\twon").unwrap_err().to_string().contains("2 cells"));
    }
}
