//! `gameshelf osbo ...`: score a design file, draw it, and build the maximum-score designs;
//! and `gameshelf replay FILE --svg DIR`: every design of an Osbo record as a knot SVG.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use gameshelf_engine::file::{read_text, write_atomic};
use gameshelf_engine::limits::DATA_BYTES;
use gameshelf_engine::{Game, Record};
use gameshelf_osbo::design::{Design, max_score, max_score_design};
use gameshelf_osbo::present::design_svg;
use gameshelf_osbo::render::Drawing;
use gameshelf_osbo::{Action, Osbo};
use serde_json::json;

use crate::shelf::Shelf;

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

/// `gameshelf replay FILE --svg DIR [--at N]`: writes every design of the Osbo record
/// `text` (read from `file`) as a knot SVG into `dir`, after `at` actions or at the end, and
/// says which files it wrote.
///
/// # Errors
/// When the record is of another game, does not replay, is shorter than `at`, or the
/// folder or a file cannot be written.
pub fn write_record_svgs(
    shelf: &Shelf,
    text: &str,
    file: &Path,
    dir: &Path,
    at: Option<usize>,
) -> Result<()> {
    let Shelf::Osbo(game) = shelf else {
        bail!(
            "--svg draws Osbo designs, but {} is a record of {}",
            file.display(),
            shelf.info().name
        );
    };
    let record = Record::<Action>::from_json(text)
        .with_context(|| format!("{} is not a valid record", file.display()))?;
    for path in write_svgs(game, &record, dir, at)
        .with_context(|| format!("cannot draw the designs of {}", file.display()))?
    {
        out!("wrote {}", path.display());
    }
    Ok(())
}

/// Writes `design-1.svg`, `design-2.svg`, ... into `dir` (made if missing): the designs
/// after the first `at` actions of `record` (all of them by default). Returns the files.
fn write_svgs(
    game: &Osbo,
    record: &Record<Action>,
    dir: &Path,
    at: Option<usize>,
) -> Result<Vec<PathBuf>> {
    let total = record.actions.len();
    let at = at.unwrap_or(total);
    if at > total {
        bail!("--at {at} is past the end: the record has {total} actions");
    }
    let mut head = record.clone();
    head.actions.truncate(at);
    let state = head.replay(game).context("the record does not replay")?;
    fs::create_dir_all(dir).with_context(|| format!("cannot make the folder {}", dir.display()))?;
    (0..game.num_players())
        .map(|seat| {
            let name = record
                .seats
                .get(seat)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", seat + 1));
            let path = dir.join(format!("design-{}.svg", seat + 1));
            write_atomic(&path, design_svg(&state, seat, &name).as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(path)
        })
        .collect()
}

fn read(file: &Path) -> Result<Design> {
    let text = read_text(file, DATA_BYTES, "a design")?;
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
            write_atomic(path, drawing.to_svg(60.0).as_bytes())?;
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
        write_atomic(path, Drawing::new(&design).to_svg(60.0).as_bytes())?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::{Bot, RandomBot, Rng, play};

    /// A fresh, empty folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gameshelf-osbo-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// A finished three-player game of random moves.
    fn record() -> (Osbo, Record<Action>) {
        let game = Osbo::from_spec(&"osbo(players=3)".parse().unwrap()).unwrap();
        let mut record = Record::new(&game);
        let mut bots: Vec<Box<dyn Bot<Osbo>>> = (0..3)
            .map(|_| Box::new(RandomBot::default()) as _)
            .collect();
        let mut state = game.initial_state();
        play(
            &game,
            &mut state,
            &mut bots,
            &mut Rng::seed_from_u64(4),
            |_, a| record.actions.push(a),
        );
        (game, record)
    }

    #[test]
    fn a_record_gives_one_svg_per_design_at_the_end_or_at_a_step() {
        let (game, record) = record();
        let dir = scratch("svgs");
        let files = write_svgs(&game, &record, &dir, None).unwrap();
        assert_eq!(files.len(), 3);
        let end = record.replay(&game).unwrap();
        for (seat, path) in files.iter().enumerate() {
            assert_eq!(
                path.file_name().unwrap(),
                format!("design-{}.svg", seat + 1).as_str()
            );
            let svg = fs::read_to_string(path).unwrap();
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{svg}"
            );
            assert!(svg.trim_end().ends_with("</svg>"));
            assert_eq!(svg.matches("<svg").count(), 1);
            // The record names no seats: the designs are titled by seat.
            assert_eq!(svg, design_svg(&end, seat, &format!("seat {}", seat + 1)));
        }
        // After the first-player draw only the start dice are there.
        write_svgs(&game, &record, &dir, Some(1)).unwrap();
        let svg = fs::read_to_string(dir.join("design-2.svg")).unwrap();
        assert_eq!(
            svg.matches("<circle").count(),
            4,
            "the start die's four open ends"
        );
        let e = write_svgs(&game, &record, &dir, Some(record.actions.len() + 1)).unwrap_err();
        assert!(e.to_string().contains("past the end"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn other_games_and_bad_folders_are_refused() {
        let (game, record) = record();
        let file = scratch("not-a-folder");
        fs::write(&file, "a file").unwrap();
        let e = write_svgs(&game, &record, &file, None).unwrap_err();
        assert!(format!("{e:#}").contains("cannot make the folder"), "{e:#}");
        fs::remove_file(&file).unwrap();
        let shelf = Shelf::build(&"open-oubliette".parse().unwrap(), None).unwrap();
        let e = write_record_svgs(&shelf, "{}", Path::new("game.json"), &file, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--svg draws Osbo designs, but game.json is a record of Open Oubliette"
        );
        assert!(!file.exists());
    }
}
