//! `gameshelf osbo ...`: score a design file, draw it, and build the maximum-score designs.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use gameshelf_osbo::design::{Design, max_score, max_score_design};
use gameshelf_osbo::render::Drawing;
use serde_json::json;

#[derive(Args, Debug)]
pub struct OsboArgs {
    #[command(subcommand)]
    pub command: OsboCommand,
}

#[derive(Subcommand, Debug)]
pub enum OsboCommand {
    /// Validate a design file and print its cords, score and whether it is closed.
    Score {
        /// The design: one line per row, a hex digit (1 N, 2 E, 4 S, 8 W) or `.` per cell.
        file: PathBuf,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Draw a design file: box-drawing characters, or an SVG knot with --svg.
    Render {
        /// The design file.
        file: PathBuf,
        /// Write an SVG picture to this file instead of drawing in the terminal.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Build a design reaching the maximum score 2(2n-1)(n-1) on an n x n grid.
    MaxScore {
        /// The grid side n, 2 to 8.
        #[arg(long)]
        size: i64,
        /// Also write an SVG picture of it to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: &OsboArgs) -> Result<()> {
    match &args.command {
        OsboCommand::Score { file, json } => score(&read(file)?, *json),
        OsboCommand::Render { file, svg } => render(&read(file)?, svg.as_ref()),
        OsboCommand::MaxScore { size, svg, json } => max(*size, svg.as_ref(), *json),
    }
}

fn read(file: &PathBuf) -> Result<Design> {
    let text =
        fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    Design::parse(&text).with_context(|| format!("{} is not a valid design", file.display()))
}

fn score(design: &Design, json: bool) -> Result<()> {
    let a = design.analyse();
    if json {
        let cords: Vec<_> = a
            .cords
            .iter()
            .map(|c| json!({"length": c.length, "closed": c.closed}))
            .collect();
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "score": a.score, "closed": a.closed, "cords": cords,
                "dice": a.dice, "crossings": a.crossings,
            }))?
        );
        return Ok(());
    }
    let lengths = |closed: bool| -> Vec<String> {
        a.cords
            .iter()
            .filter(|c| c.closed == closed)
            .map(|c| c.length.to_string())
            .collect()
    };
    out!(
        "{} dice, {} crossings, {}",
        a.dice,
        a.crossings,
        if a.closed { "closed" } else { "open" }
    );
    out!("closed cords: {}", none_or(lengths(true)));
    out!("open cords:   {}", none_or(lengths(false)));
    out!(
        "score: {}",
        a.score
            .first()
            .map_or("0 (no closed cord)".to_owned(), |s| {
                format!(
                    "{s} (tie-break {})",
                    none_or(a.score.iter().skip(1).map(u32::to_string).collect())
                )
            })
    );
    Ok(())
}

fn none_or(v: Vec<String>) -> String {
    if v.is_empty() {
        "none".to_owned()
    } else {
        v.join(", ")
    }
}

fn render(design: &Design, svg: Option<&PathBuf>) -> Result<()> {
    let drawing = Drawing::new(design);
    match svg {
        Some(path) => {
            fs::write(path, drawing.to_svg(60.0))
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!("drawing written to {}", path.display());
        }
        None => {
            use std::io::IsTerminal;
            out!(
                "{}",
                drawing
                    .to_terminal(std::io::stdout().is_terminal())
                    .trim_end()
            );
        }
    }
    Ok(())
}

fn max(size: i64, svg: Option<&PathBuf>, json: bool) -> Result<()> {
    if !(2..=8).contains(&size) {
        bail!("--size {size} is not accepted: expected a whole number from 2 to 8");
    }
    let n = size as usize;
    let design = max_score_design(n);
    let a = design.analyse();
    let expected = max_score(n as u32);
    let reached = a.score.first().copied().unwrap_or(0);
    if reached != expected || a.score.len() != 1 {
        bail!(
            "internal error: the {n}x{n} design scores {:?}, not {expected}",
            a.score
        );
    }
    if let Some(path) = svg {
        fs::write(path, Drawing::new(&design).to_svg(60.0))
            .with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("drawing written to {}", path.display());
    }
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "size": n, "max_score": expected, "score": reached,
                "design": design.to_text().lines().collect::<Vec<_>>(),
            }))?
        );
    } else {
        out!(
            "{n}x{n}: maximum score 2(2n-1)(n-1) = {expected}; this design's single closed cord scores {reached}"
        );
        out!("{}", design.to_text().trim_end());
        out!();
        out!("{}", Drawing::new(&design).to_terminal(false).trim_end());
    }
    Ok(())
}
