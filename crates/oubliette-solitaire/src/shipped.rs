//! The verdicts shipped with gameshelf: deals 1..=10,000 of the standard rules with two and
//! with three jokers, each searched by the solver with a budget of [`SHIPPED_BUDGET`]
//! nodes, and those this left undecided searched again with [`SHIPPED_RETRY_BUDGET`].
//! `gameshelf solitaire deals --jokers J --budget 300000 --out FILE` and then
//! `gameshelf solitaire deals --jokers J --retry FILE --budget 1000000` write them again (the
//! files are in `data/`), and a test checks a sample against the solver.
//!
//! They let a player learn, before playing `--deal N`, whether the deal can be won, without
//! waiting for a search, and let `solitaire deals --winnable` list the winnable deals at once.

use std::sync::OnceLock;

use gameshelf_engine::Game;

use crate::OublietteSolitaire;
use crate::solver::{DealVerdict, Verdict};

/// The node budget per deal of the shipped verdicts.
pub const SHIPPED_BUDGET: u64 = 300_000;

/// The node budget per deal with which the deals that [`SHIPPED_BUDGET`] left undecided
/// were searched again (`solitaire deals --retry`): a larger budget spent only where it was
/// needed.
pub const SHIPPED_RETRY_BUDGET: u64 = 1_000_000;

/// The deals the shipped files cover: 1..=`SHIPPED_DEALS`.
pub const SHIPPED_DEALS: u64 = 10_000;

const TWO_JOKERS: &str = include_str!("../data/verdicts-2-jokers.tsv");
const THREE_JOKERS: &str = include_str!("../data/verdicts-3-jokers.tsv");

/// What is wrong with a verdict file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VerdictFileError {
    /// A row is not `deal <tab> verdict <tab> nodes <tab> turns`.
    #[error("line {line}: {problem}")]
    Row {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
}

/// The column names, the line under a verdict file's comments.
pub const COLUMNS: &str = "deal\tverdict\tnodes\tturns";

/// Writes a verdict file that [`parse`] reads back: each of `comments` on a line of its
/// own after `# `, the [`COLUMNS`] line, and one line per row.
pub fn write(comments: &[String], rows: &[DealVerdict]) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for c in comments {
        // Writing to a String cannot fail.
        let _ = writeln!(text, "# {c}");
    }
    let _ = writeln!(text, "{COLUMNS}");
    for r in rows {
        let _ = writeln!(
            text,
            "{}\t{}\t{}\t{}",
            r.deal,
            r.verdict.word(),
            r.nodes,
            r.turns
        );
    }
    text
}

/// The comment lines of a verdict file, without their `# `: the first one names the rules
/// and the deals (`solitaire deals` starts it with the game's spec), the later ones what
/// was done to the file since.
pub fn comments(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(str::trim)
        .collect()
}

/// Reads a verdict file as `solitaire deals` writes it: lines starting with `#` and the
/// header line `deal verdict nodes turns` are skipped; every other line is one deal.
///
/// # Errors
/// [`VerdictFileError`] naming the first bad line.
pub fn parse(text: &str) -> Result<Vec<DealVerdict>, VerdictFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("deal\t") || line.trim().is_empty() {
            continue;
        }
        let bad = |problem: String| VerdictFileError::Row {
            line: i + 1,
            problem,
        };
        let cells: Vec<&str> = line.split('\t').collect();
        let [deal, verdict, nodes, turns] = cells[..] else {
            return Err(bad(format!("{} cells, expected 4", cells.len())));
        };
        let number = |cell: &str, what: &str| {
            cell.parse::<u64>()
                .map_err(|_| bad(format!("{what} {cell:?} is not a whole number")))
        };
        out.push(DealVerdict {
            deal: number(deal, "deal")?,
            verdict: [Verdict::Won, Verdict::Lost, Verdict::Undecided]
                .into_iter()
                .find(|v| v.word() == verdict)
                .ok_or_else(|| {
                    bad(format!(
                        "verdict {verdict:?}: expected won, lost or undecided"
                    ))
                })?,
            nodes: number(nodes, "nodes")?,
            turns: u32::try_from(number(turns, "turns")?)
                .map_err(|_| bad(format!("turns {turns} is too large")))?,
        });
    }
    Ok(out)
}

/// The shipped verdicts for `jokers` jokers (2 or 3), deal `n` at index `n - 1`.
fn table(jokers: u8) -> Option<&'static [DealVerdict]> {
    static TABLES: OnceLock<[Vec<DealVerdict>; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [TWO_JOKERS, THREE_JOKERS].map(|text| parse(text).expect("the shipped verdicts parse"))
    });
    match jokers {
        2 => Some(&tables[0]),
        3 => Some(&tables[1]),
        _ => None,
    }
}

/// The shipped verdict of deal `number` under `game`'s rules: `None` for a deal outside
/// 1..=[`SHIPPED_DEALS`] or for rules other than the standard ones (any parameter but
/// `jokers` set), whose deals the shipped files do not describe.
pub fn shipped(game: &OublietteSolitaire, number: u64) -> Option<DealVerdict> {
    table(game.config().jokers)?
        .get(standard_index(game, number)?)
        .copied()
}

/// Where deal `number` sits in a shipped file for `game`'s rules: `None` for rules other
/// than the standard ones (any parameter but `jokers` set), which deal differently, and
/// for deal 0.
pub(crate) fn standard_index(game: &OublietteSolitaire, number: u64) -> Option<usize> {
    if game.spec().params.iter().any(|(name, _)| name != "jokers") {
        return None;
    }
    usize::try_from(number.checked_sub(1)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::GameSpec;

    fn game(spec: &str) -> OublietteSolitaire {
        OublietteSolitaire::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap()
    }

    #[test]
    fn the_shipped_files_cover_every_deal_in_order() {
        for jokers in [2, 3] {
            let rows = table(jokers).unwrap();
            assert_eq!(rows.len() as u64, SHIPPED_DEALS);
            assert!(rows.iter().zip(1..).all(|(r, n)| r.deal == n));
            assert!(
                rows.iter()
                    .all(|r| (r.verdict == Verdict::Won) == (r.turns > 0))
            );
        }
    }

    /// The files say how they were made, with the budgets the constants name, and every
    /// deal still undecided had the retry's budget.
    #[test]
    fn the_shipped_files_were_made_with_the_shipped_budgets() {
        for (jokers, text) in [(2, TWO_JOKERS), (3, THREE_JOKERS)] {
            let notes = comments(text);
            assert!(
                notes[0].ends_with(&format!("budget {SHIPPED_BUDGET} nodes per deal")),
                "{notes:?}"
            );
            assert!(
                notes[1].ends_with(&format!(
                    "solved again with a budget of {SHIPPED_RETRY_BUDGET} nodes per deal"
                )),
                "{notes:?}"
            );
            let rows = table(jokers).unwrap();
            assert!(
                rows.iter()
                    .filter(|r| r.verdict == Verdict::Undecided)
                    .all(|r| r.nodes == SHIPPED_RETRY_BUDGET)
            );
        }
    }

    #[test]
    fn only_the_standard_rules_have_shipped_verdicts() {
        let two = game("oubliette-solitaire");
        let v = shipped(&two, 2).unwrap();
        assert_eq!(
            (v.deal, v.verdict, v.nodes, v.turns),
            (2, Verdict::Won, 78, 38)
        );
        assert!(shipped(&two, 0).is_none());
        assert!(shipped(&two, SHIPPED_DEALS + 1).is_none());
        assert!(shipped(&game("oubliette-solitaire(jokers=3)"), 2).is_some());
        assert!(shipped(&game("oubliette-solitaire(ace_combat_value=14)"), 2).is_none());
    }

    #[test]
    fn a_written_file_reads_back_with_its_comments() {
        let rows = table(3).unwrap()[..20].to_vec();
        let notes = [
            "oubliette-solitaire(jokers=3) deals 1..=20".to_owned(),
            "retried".to_owned(),
        ];
        let text = write(&notes, &rows);
        assert_eq!(parse(&text).unwrap(), rows);
        assert_eq!(
            comments(&text),
            ["oubliette-solitaire(jokers=3) deals 1..=20", "retried"]
        );
        assert_eq!(text.lines().nth(2), Some(COLUMNS));
    }

    #[test]
    fn a_bad_row_is_named_by_its_line() {
        let text = "# deals\ndeal\tverdict\tnodes\tturns\n1\twon\t5\t3\n2\tmaybe\t5\t0\n";
        let err = parse(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 4: verdict \"maybe\": expected won, lost or undecided"
        );
        assert!(
            parse("1\twon\t5\n")
                .unwrap_err()
                .to_string()
                .contains("3 cells")
        );
    }
}
