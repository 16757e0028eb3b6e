//! Sweeps: one simulation per variant over a grid of one or two parameters, every figure
//! with its interval, as a table and as CSV.

use std::fmt::Write;
use std::str::FromStr;

use gameshelf_engine::GameSpec;
use serde::Serialize;

use crate::SimReport;
use crate::csv::Csv;
use crate::stats::{self, Interval, Z95};
use gameshelf_engine::ordinal;

/// The most values one axis may take, and the most variants a sweep may play.
pub const MAX_VARIANTS: usize = 1000;

/// One swept parameter and its values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Axis {
    /// The parameter's name.
    pub name: String,
    /// Its values, in order, as parameter text.
    pub values: Vec<String>,
}

/// Why a sweep was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SweepError {
    /// The text is not `NAME=V1,V2,...` or `NAME=A..B:STEP`.
    #[error(
        "{0:?} is not a swept parameter: expected NAME=V1,V2,... or NAME=A..B:STEP (e.g. win_threshold=4000..8000:1000)"
    )]
    Syntax(String),
    /// A numeric range that is empty, has a step of 0 or would list too many values.
    #[error("{range:?} is not a usable range: {why}")]
    Range {
        /// The range as given.
        range: String,
        /// What is wrong.
        why: &'static str,
    },
    /// No axis, or more than two.
    #[error("a sweep takes one or two parameters, {0} given")]
    Axes(usize),
    /// The same parameter swept twice.
    #[error("{0} is swept twice")]
    Twice(String),
    /// The grid is too large.
    #[error("the sweep has {0} variants; at most {MAX_VARIANTS} are played")]
    TooMany(usize),
}

impl FromStr for Axis {
    type Err = SweepError;
    fn from_str(s: &str) -> Result<Axis, SweepError> {
        let syntax = || SweepError::Syntax(s.to_owned());
        let (name, values) = s.split_once('=').ok_or_else(syntax)?;
        let (name, values) = (name.trim(), values.trim());
        if name.is_empty() || values.is_empty() {
            return Err(syntax());
        }
        let values = match values.split_once("..") {
            Some((from, rest)) => range(values, from, rest)?,
            None => values.split(',').map(|v| v.trim().to_owned()).collect(),
        };
        if values.iter().any(String::is_empty) {
            return Err(syntax());
        }
        Ok(Axis {
            name: name.to_owned(),
            values,
        })
    }
}

/// `A..B:STEP` (B included, step 1 by default), whole numbers or decimals.
fn range(text: &str, from: &str, rest: &str) -> Result<Vec<String>, SweepError> {
    let bad = |why| SweepError::Range {
        range: text.to_owned(),
        why,
    };
    let (to, step) = rest.split_once(':').unwrap_or((rest, "1"));
    let (from, to, step) = (from.trim(), to.trim(), step.trim());
    if let (Ok(a), Ok(b), Ok(s)) = (from.parse::<i64>(), to.parse::<i64>(), step.parse::<i64>()) {
        if s <= 0 {
            return Err(bad("the step must be above 0"));
        }
        if b < a {
            return Err(bad("the end is below the start"));
        }
        if (b - a) / s >= MAX_VARIANTS as i64 {
            return Err(bad("too many values"));
        }
        return Ok((0..=(b - a) / s).map(|k| (a + k * s).to_string()).collect());
    }
    let number = |t: &str| {
        t.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| SweepError::Syntax(text.to_owned()))
    };
    let (a, b, s) = (number(from)?, number(to)?, number(step)?);
    if s <= 0.0 {
        return Err(bad("the step must be above 0"));
    }
    if b < a {
        return Err(bad("the end is below the start"));
    }
    let count = ((b - a) / s + 1e-9).floor();
    if count >= MAX_VARIANTS as f64 {
        return Err(bad("too many values"));
    }
    Ok((0..=count as u64)
        .map(|k| {
            let x = a + k as f64 * s;
            // Round away the float error of the steps (0.1 + 0.2).
            format!("{}", (x * 1e9).round() / 1e9)
        })
        .collect())
}

/// Every variant of `base` on the grid of `axes` (one or two), the first axis slowest, with
/// the values of each as text.
///
/// # Errors
/// [`SweepError`] for no axis or more than two, a parameter swept twice, or too many
/// variants.
pub fn variants(
    base: &GameSpec,
    axes: &[Axis],
) -> Result<Vec<(GameSpec, Vec<String>)>, SweepError> {
    if axes.is_empty() || axes.len() > 2 {
        return Err(SweepError::Axes(axes.len()));
    }
    if axes.len() == 2 && axes[0].name == axes[1].name {
        return Err(SweepError::Twice(axes[0].name.clone()));
    }
    let count: usize = axes.iter().map(|a| a.values.len()).product();
    if count > MAX_VARIANTS {
        return Err(SweepError::TooMany(count));
    }
    let mut out = vec![(base.clone(), Vec::new())];
    for axis in axes {
        out = out
            .into_iter()
            .flat_map(|(spec, values)| {
                axis.values.iter().map(move |v| {
                    let mut values = values.clone();
                    values.push(v.clone());
                    (spec.clone().with(&axis.name, v), values)
                })
            })
            .collect();
    }
    Ok(out)
}

/// A figure with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// What it is: `win rate, seat 1`, `turns per game`, ...
    pub figure: String,
    /// Its value.
    pub value: f64,
    /// The 95% interval.
    pub ci: Interval,
}

/// The figures of a simulation with their 95% intervals: win rate by seat and by turn
/// position, turns per game, lead changes per game and how often the late leader wins
/// (for games that give standings), and the share of each way games ended (Wilson
/// intervals).
pub fn estimates<T>(report: &SimReport<T>) -> Vec<Estimate> {
    let mut out = Vec::new();
    for (seat, (&value, &ci)) in report.wins_by_seat.iter().zip(&report.wins_ci).enumerate() {
        out.push(Estimate {
            figure: format!("win rate, seat {}", seat + 1),
            value,
            ci,
        });
    }
    if let (Some(wins), Some(cis)) = (&report.wins_by_position, &report.position_ci) {
        for (p, (&value, &ci)) in wins.iter().zip(cis).enumerate() {
            out.push(Estimate {
                figure: format!("win rate, {} to move", ordinal(p + 1)),
                value,
                ci,
            });
        }
    }
    out.push(Estimate {
        figure: "turns per game".to_owned(),
        value: report.mean_turns,
        ci: report.mean_turns_ci,
    });
    if let Some(l) = &report.lead {
        out.push(Estimate {
            figure: "lead changes per game".to_owned(),
            value: l.lead_changes,
            ci: l.lead_changes_ci,
        });
        out.push(Estimate {
            figure: "the leader at 3/4 wins".to_owned(),
            value: l.late_leader_wins,
            ci: l.late_leader_ci,
        });
    }
    for e in &report.end_kinds {
        out.push(Estimate {
            figure: format!("ended: {}", e.kind),
            value: e.share,
            ci: stats::wilson(e.share, report.games, Z95),
        });
    }
    out
}

/// One variant of a sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepRow {
    /// The canonical game string.
    pub game: String,
    /// The value of each axis.
    pub values: Vec<String>,
    /// Games played.
    pub games: u64,
    /// Every figure with its interval.
    pub estimates: Vec<Estimate>,
}

/// A whole sweep.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepReport {
    /// The swept parameters.
    pub axes: Vec<Axis>,
    /// The seed of every variant.
    pub seed: u64,
    /// One row per variant, the first axis slowest.
    pub rows: Vec<SweepRow>,
}

impl SweepReport {
    /// The figures in the order of their first appearance.
    fn figures(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for e in self.rows.iter().flat_map(|r| &r.estimates) {
            if !names.contains(&e.figure.as_str()) {
                names.push(&e.figure);
            }
        }
        names
    }

    /// The sweep as text: one block per figure, one line per variant with the value, its
    /// interval and a bar.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let w = &mut out;
        let names: Vec<&str> = self.axes.iter().map(|a| a.name.as_str()).collect();
        let _ = writeln!(w, "sweep of {} (seed {})", names.join(" x "), self.seed);
        let label = |r: &SweepRow| {
            names
                .iter()
                .zip(&r.values)
                .map(|(n, v)| format!("{n}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let width = self.rows.iter().map(|r| label(r).len()).max().unwrap_or(0);
        for figure in self.figures() {
            let _ = writeln!(w, "{figure}:");
            for row in &self.rows {
                let Some(e) = row.estimates.iter().find(|e| e.figure == figure) else {
                    continue;
                };
                let _ = writeln!(
                    w,
                    "  {:width$}  {:>10.4}  [{:.4}, {:.4}]  ({} games)",
                    label(row),
                    e.value,
                    e.ci.low,
                    e.ci.high,
                    row.games
                );
            }
        }
        out
    }

    /// The sweep as CSV, one line per variant and figure: the axis values, the figure, its
    /// value and interval, the games played.
    pub fn to_csv(&self) -> String {
        let mut header: Vec<&str> = self.axes.iter().map(|a| a.name.as_str()).collect();
        header.extend(["figure", "value", "low", "high", "games"]);
        let mut t = Csv::new(&header);
        for row in &self.rows {
            for e in &row.estimates {
                let mut cells = row.values.clone();
                cells.push(e.figure.clone());
                cells.extend([e.value, e.ci.low, e.ci.high].map(|x| x.to_string()));
                cells.push(row.games.to_string());
                t.row(&cells);
            }
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_are_lists_or_inclusive_ranges() {
        let a: Axis = "edition=blog, readme".parse().unwrap();
        assert_eq!(a.name, "edition");
        assert_eq!(a.values, vec!["blog", "readme"]);
        let a: Axis = "win_threshold=4000..6000:1000".parse().unwrap();
        assert_eq!(a.values, vec!["4000", "5000", "6000"]);
        let a: Axis = "size=3..5".parse().unwrap();
        assert_eq!(a.values, vec!["3", "4", "5"]);
        let a: Axis = "x=0.1..0.3:0.1".parse().unwrap();
        assert_eq!(a.values, vec!["0.1", "0.2", "0.3"]);
        assert!(matches!("x".parse::<Axis>(), Err(SweepError::Syntax(_))));
        assert!(matches!(
            "x=1,,2".parse::<Axis>(),
            Err(SweepError::Syntax(_))
        ));
        assert!(matches!(
            "x=5..1".parse::<Axis>(),
            Err(SweepError::Range {
                why: "the end is below the start",
                ..
            })
        ));
        assert!(matches!(
            "x=1..5:0".parse::<Axis>(),
            Err(SweepError::Range { .. })
        ));
        assert!(matches!(
            "x=0..100000".parse::<Axis>(),
            Err(SweepError::Range {
                why: "too many values",
                ..
            })
        ));
    }

    #[test]
    fn variants_cover_the_grid_first_axis_slowest() {
        let base: GameSpec = "osbo(players=3)".parse().unwrap();
        let axes: Vec<Axis> = ["size=4,5", "window=strict,loose,x"]
            .iter()
            .map(|a| a.parse().unwrap())
            .collect();
        let v = variants(&base, &axes).unwrap();
        let names: Vec<String> = v.iter().map(|(s, _)| s.to_string()).collect();
        assert_eq!(names.len(), 6);
        assert_eq!(names[0], "osbo(players=3,size=4,window=strict)");
        assert_eq!(names[5], "osbo(players=3,size=5,window=x)");
        assert_eq!(v[4].1, vec!["5", "loose"]);
        assert_eq!(variants(&base, &[]), Err(SweepError::Axes(0)));
        let twice = vec![axes[0].clone(), axes[0].clone()];
        assert_eq!(
            variants(&base, &twice),
            Err(SweepError::Twice("size".into()))
        );
    }
}
