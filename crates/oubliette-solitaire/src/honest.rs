//! The honest player's results on numbered deals: one play of a bot that sees only what a
//! player sees (the deck's order hidden) on each deal, as `gameshelf solitaire honest`
//! writes them.
//!
//! A file holds comment lines (`# `, the first naming the rules, the deals, the bot and the
//! seed), the [`COLUMNS`] line, and one line per deal: its number, `won` or `lost`, and the
//! turns the game took.
//!
//! The plays shipped with gameshelf ([`shipped_play`]) are those of the `hard` search bot
//! (10,000 iterations a decision) on deals 1..=10,000 of the standard rules, seed 1:
//! `gameshelf solitaire honest --jokers J --bot hard --seed 1 --out FILE` writes them
//! again. `solitaire deals --winnable` ranks the winnable deals by them.

use std::sync::OnceLock;

use crate::OublietteSolitaire;
use crate::shipped::standard_index;

/// The bot of the shipped plays.
pub const SHIPPED_BOT: &str = "hard";

/// The seed of the shipped plays.
pub const SHIPPED_SEED: u64 = 1;

const TWO_JOKERS: &str = include_str!("../data/honest-2-jokers.tsv");

/// The shipped plays for `jokers` jokers, deal `n` at index `n - 1`.
fn table(jokers: u8) -> Option<&'static [HonestPlay]> {
    static TWO: OnceLock<Vec<HonestPlay>> = OnceLock::new();
    match jokers {
        2 => Some(TWO.get_or_init(|| parse(TWO_JOKERS).expect("the shipped plays parse"))),
        _ => None,
    }
}

/// The shipped play of deal `number` under `game`'s rules: `None` for a deal or rules the
/// shipped files do not cover (only the standard rules with two jokers, deals
/// 1..=10,000).
pub fn shipped_play(game: &OublietteSolitaire, number: u64) -> Option<HonestPlay> {
    table(game.config().jokers)?
        .get(standard_index(game, number)?)
        .copied()
}

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
    use crate::shipped::SHIPPED_DEALS;
    use gameshelf_engine::GameSpec;

    /// The file says how it was made, with the bot and seed the constants name, and covers
    /// every deal in order.
    #[test]
    fn the_shipped_plays_cover_every_deal_and_say_how_they_were_made() {
        let rows = table(2).unwrap();
        assert_eq!(rows.len() as u64, SHIPPED_DEALS);
        assert!(rows.iter().zip(1..).all(|(r, n)| r.deal == n));
        let first = TWO_JOKERS.lines().next().unwrap();
        assert_eq!(
            first,
            format!(
                "# oubliette-solitaire deals 1..={SHIPPED_DEALS}, bot {SHIPPED_BOT}, seed {SHIPPED_SEED}"
            )
        );
    }

    #[test]
    fn only_the_standard_rules_with_two_jokers_have_shipped_plays() {
        let game =
            |spec: &str| OublietteSolitaire::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
        let two = game("oubliette-solitaire");
        assert_eq!(shipped_play(&two, 5).map(|p| p.deal), Some(5));
        assert!(shipped_play(&two, 0).is_none());
        assert!(shipped_play(&two, SHIPPED_DEALS + 1).is_none());
        assert!(shipped_play(&game("oubliette-solitaire(jokers=3)"), 5).is_none());
        assert!(shipped_play(&game("oubliette-solitaire(ace_combat_value=14)"), 5).is_none());
    }

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
