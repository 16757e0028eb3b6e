//! The figures of a simulation and their text form.

use std::fmt::Write;

use gameshelf_engine::ordinal;
use serde::Serialize;

use crate::csv::Csv;
use crate::lead::LeadReport;
use crate::stats::{Distribution, Interval};

/// How the confidence intervals of [`SimReport::wins_ci`] were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CiMethod {
    /// Wilson score intervals: used when every return lies in `[0, 1]` (the game's declared
    /// bounds), so a seat's mean return is a win rate, shared wins counting fractionally.
    Wilson,
    /// Normal approximation from the sample variance of the returns, cut to the declared
    /// return bounds: used for any other returns.
    Normal,
}

/// The returns of one seat over all games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ReturnSummary {
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation (0 with fewer than two games).
    pub std_dev: f64,
    /// The smallest return.
    pub min: f64,
    /// The largest return.
    pub max: f64,
}

/// How many games ended one way ([`Game::end_kind`](gameshelf_engine::Game::end_kind)).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndKind {
    /// The label.
    pub kind: String,
    /// Games that ended so.
    pub count: u64,
    /// Their share of all games.
    pub share: f64,
}

/// What a simulation found. Every figure except `seconds` and `games_per_second` depends
/// only on the game, the bots, the seed and the number of games.
#[derive(Clone, Debug, Serialize)]
pub struct SimReport<T> {
    /// The canonical game string.
    pub game: String,
    /// The seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per wall-clock second.
    pub games_per_second: f64,
    /// Mean actions per game, chance outcomes included.
    pub decisions_per_game: f64,
    /// Mean player decisions per game (chance outcomes excluded).
    pub player_decisions_per_game: f64,
    /// Mean return per seat: the win rate for games whose returns are 1 for a win and 0
    /// for a loss (shared wins split).
    pub wins_by_seat: Vec<f64>,
    /// A 95% confidence interval for each entry of `wins_by_seat`.
    pub wins_ci: Vec<Interval>,
    /// Mean return (win rate) by position in the turn order, first mover first, for games
    /// that draw the order at random ([`Game::turn_position`](gameshelf_engine::Game::turn_position)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wins_by_position: Option<Vec<f64>>,
    /// A 95% confidence interval for each entry of `wins_by_position`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position_ci: Option<Vec<Interval>>,
    /// How `wins_ci` was computed.
    pub ci_method: CiMethod,
    /// The returns of each seat.
    pub returns: Vec<ReturnSummary>,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// A 95% normal interval for `mean_turns` (a single point with fewer than two games).
    pub mean_turns_ci: Interval,
    /// The distribution of turns per game.
    pub turns: Distribution,
    /// How games ended, most frequent first.
    pub end_kinds: Vec<EndKind>,
    /// Lead changes and how often the late leader wins, for games that give standings
    /// ([`Game::standing`](gameshelf_engine::Game::standing)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead: Option<LeadReport>,
    /// The game's own figures.
    pub tally: T,
    /// `tally.report()`, taken when the simulation finished (the report trait is generic
    /// over the game, which this type does not name).
    #[serde(skip)]
    pub(crate) tally_text: String,
}

/// The widest histogram bar in the text report.
const BAR: u64 = 40;

impl<T: Serialize> SimReport<T> {
    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("reports serialise")
    }
}

impl<T> SimReport<T> {
    /// The report's tables as CSV files, by file name: `figures.csv` (every figure a sweep
    /// or a comparison reads, with its 95% interval), `returns.csv` (each seat's returns)
    /// and `turns.csv` (the histogram of game lengths).
    pub fn to_csv(&self) -> Vec<(&'static str, String)> {
        let mut figures = Csv::new(&["figure", "value", "low", "high", "games"]);
        for e in crate::sweep::estimates(self) {
            let numbers = [e.value, e.ci.low, e.ci.high].map(|x| x.to_string());
            figures.row(&[
                e.figure,
                numbers[0].clone(),
                numbers[1].clone(),
                numbers[2].clone(),
                self.games.to_string(),
            ]);
        }
        let mut returns = Csv::new(&["seat", "mean", "std_dev", "min", "max"]);
        for (seat, r) in self.returns.iter().enumerate() {
            returns.row(&[(seat + 1) as f64, r.mean, r.std_dev, r.min, r.max]);
        }
        let mut turns = Csv::new(&["low", "high", "games"]);
        for b in &self.turns.buckets {
            turns.row(&[b.low, b.high, b.count]);
        }
        vec![
            ("figures.csv", figures.finish()),
            ("returns.csv", returns.finish()),
            ("turns.csv", turns.finish()),
        ]
    }
}

impl<T> SimReport<T> {
    /// The report as text for a terminal: games, wall time and speed, win rate (or mean
    /// return) per seat with its interval, the distribution of turns per game, how games
    /// ended, then the tally's own report
    /// ([`Tally::report`](gameshelf_engine::Tally::report)) when it is not empty. Seats are
    /// named by `seat_names`, by number alone where a name is missing.
    pub fn to_text(&self, seat_names: &[String]) -> String {
        let mut out = String::new();
        let w = &mut out;
        let _ = writeln!(w, "{}: {} games, seed {}", self.game, self.games, self.seed);
        let _ = writeln!(
            w,
            "  {:.3} s wall, {:.0} games/s",
            self.seconds, self.games_per_second
        );
        let _ = writeln!(
            w,
            "  {:.1} actions per game ({:.1} player decisions, the rest chance)",
            self.decisions_per_game, self.player_decisions_per_game
        );
        let heading = match self.ci_method {
            CiMethod::Wilson => "win rate by seat (95% Wilson interval)",
            CiMethod::Normal => "mean return by seat (95% normal interval)",
        };
        let _ = writeln!(w, "{heading}:");
        let width = seat_names.iter().map(String::len).max().unwrap_or(0);
        for (seat, (mean, ci)) in self.wins_by_seat.iter().zip(&self.wins_ci).enumerate() {
            let name = seat_names.get(seat).map_or("", String::as_str);
            let _ = writeln!(
                w,
                "  seat {} {name:width$}  {mean:.4} ± {:.4}  [{:.4}, {:.4}]",
                seat + 1,
                (ci.high - ci.low) / 2.0,
                ci.low,
                ci.high
            );
        }
        if let (Some(wins), Some(cis)) = (&self.wins_by_position, &self.position_ci) {
            let _ = writeln!(
                w,
                "by position in the turn order (drawn at random each game):"
            );
            for (i, (mean, ci)) in wins.iter().zip(cis).enumerate() {
                let _ = writeln!(
                    w,
                    "  {:<9} {mean:.4} ± {:.4}  [{:.4}, {:.4}]",
                    format!("{} to move", ordinal(i + 1)),
                    (ci.high - ci.low) / 2.0,
                    ci.low,
                    ci.high
                );
            }
        }
        let t = &self.turns;
        let _ = writeln!(
            w,
            "turns per game: mean {:.2}, min {}, p10 {}, median {}, p90 {}, max {}",
            self.mean_turns, t.min, t.p10, t.p50, t.p90, t.max
        );
        let most = t.buckets.iter().map(|b| b.count).max().unwrap_or(0).max(1);
        for b in &t.buckets {
            let range = if b.low == b.high {
                b.low.to_string()
            } else {
                format!("{}-{}", b.low, b.high)
            };
            let bar = "#".repeat((b.count * BAR).div_ceil(most) as usize);
            let _ = writeln!(
                w,
                "  {range:>9}  {bar:<width$} {:>8} {:5.1}%",
                b.count,
                share(b.count, self.games) * 100.0,
                width = BAR as usize
            );
        }
        let _ = writeln!(w, "how games ended:");
        for e in &self.end_kinds {
            let _ = writeln!(
                w,
                "  {:<24} {:>8} {:5.1}%",
                e.kind,
                e.count,
                e.share * 100.0
            );
        }
        if let Some(l) = &self.lead {
            let ci = &l.lead_changes_ci;
            let _ = writeln!(
                w,
                "lead changes per game: {:.3} ± {:.3}  [{:.3}, {:.3}]  (95% normal interval)",
                l.lead_changes,
                (ci.high - ci.low) / 2.0,
                ci.low,
                ci.high
            );
            let ci = &l.late_leader_ci;
            let _ = writeln!(
                w,
                "the leader at 3/4 of the game wins: {:.4} ± {:.4}  [{:.4}, {:.4}]  (95% Wilson, {} of {} games had one)",
                l.late_leader_wins,
                (ci.high - ci.low) / 2.0,
                ci.low,
                ci.high,
                l.late_leader_games,
                l.games
            );
            let points: Vec<String> = l
                .curve
                .iter()
                .map(|p| format!("{:.0}% {:.3}", p.at * 100.0, p.wins))
                .collect();
            let _ = writeln!(
                w,
                "the leader at each tenth of the game wins: {}",
                points.join(", ")
            );
        }
        let tally = self.tally_text.trim_end();
        if !tally.is_empty() {
            let _ = writeln!(w, "{tally}");
        }
        out
    }
}

/// `part / whole`, 0 when `whole` is 0.
pub(crate) fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}
