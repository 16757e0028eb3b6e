//! Balance search: the variant on a grid that makes the seats' chances most even.
//!
//! The imbalance of a variant is the spread of win rates by position in the turn order
//! (the highest minus the lowest), or by seat for games that do not draw the order. The
//! search is successive halving: every candidate plays a first batch of games, the better
//! half plays twice as many, and so on until one candidate is left or the cap is reached,
//! so the games go to the candidates that might win. Each candidate reports the games it
//! took and its figures with intervals.

use std::fmt::Write;

use serde::Serialize;

use crate::SimReport;
use crate::stats::Interval;
use crate::sweep::{Estimate, estimates};

/// How even a variant is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Imbalance {
    /// The highest minus the lowest win rate, by position in the turn order where the game
    /// draws one, otherwise by seat.
    pub spread: f64,
    /// Bounds for the true spread from the rates' 95% intervals: from the largest gap the
    /// intervals force (0 when they overlap) to the largest gap they allow.
    pub bounds: Interval,
    /// Whether every rate's interval contains the fair share `1/players`: no seat's or
    /// position's edge is detectable at this sample size.
    pub fair_within_intervals: bool,
}

/// The imbalance of a simulation's figures.
pub fn imbalance<T>(report: &SimReport<T>) -> Imbalance {
    let (rates, cis) = match (&report.wins_by_position, &report.position_ci) {
        (Some(r), Some(c)) => (r.as_slice(), c.as_slice()),
        _ => (report.wins_by_seat.as_slice(), report.wins_ci.as_slice()),
    };
    let max = rates.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = rates.iter().copied().fold(f64::INFINITY, f64::min);
    let highest_low = cis.iter().map(|c| c.low).fold(f64::NEG_INFINITY, f64::max);
    let lowest_high = cis.iter().map(|c| c.high).fold(f64::INFINITY, f64::min);
    let highest_high = cis.iter().map(|c| c.high).fold(f64::NEG_INFINITY, f64::max);
    let lowest_low = cis.iter().map(|c| c.low).fold(f64::INFINITY, f64::min);
    let fair = 1.0 / rates.len().max(1) as f64;
    if rates.is_empty() {
        return Imbalance {
            spread: 0.0,
            bounds: Interval {
                low: 0.0,
                high: 0.0,
            },
            fair_within_intervals: true,
        };
    }
    Imbalance {
        spread: max - min,
        bounds: Interval {
            low: (highest_low - lowest_high).max(0.0),
            high: highest_high - lowest_low,
        },
        fair_within_intervals: cis.iter().all(|c| c.contains(fair)),
    }
}

/// One variant tried by the search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The canonical game string.
    pub game: String,
    /// The value of each searched parameter.
    pub values: Vec<String>,
    /// Games played in its last (largest) evaluation.
    pub games: u64,
    /// The rounds it survived (1 = eliminated after the first batch).
    pub rounds: u32,
    /// Its imbalance at its last evaluation.
    pub imbalance: Imbalance,
    /// Its figures at its last evaluation.
    pub estimates: Vec<Estimate>,
}

impl Candidate {
    /// A candidate from a simulation of it.
    pub fn from_report<T>(game: String, values: Vec<String>, report: &SimReport<T>) -> Self {
        Candidate {
            game,
            values,
            games: report.games,
            rounds: 0,
            imbalance: imbalance(report),
            estimates: estimates(report),
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BalanceReport {
    /// The searched parameters.
    pub params: Vec<String>,
    /// Every candidate, the best first: most rounds survived, then least spread.
    pub candidates: Vec<Candidate>,
    /// Games played in all (every evaluation of every candidate).
    pub total_games: u64,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
}

/// The rounds of a successive halving over `count` candidates: how many candidates play
/// in each round and how many games each plays. Every candidate plays `first_games`
/// (at least one, at most `max_games`); the better half plays twice as many, and so on
/// while more than one is left and the games stay within `max_games`.
pub fn rounds(count: usize, first_games: u64, max_games: u64) -> Vec<(usize, u64)> {
    let mut out = Vec::new();
    let (mut alive, mut games) = (count, first_games.min(max_games).max(1));
    loop {
        out.push((alive, games));
        if alive <= 1 || games.saturating_mul(2) > max_games {
            return out;
        }
        alive = alive.div_ceil(2);
        games *= 2;
    }
}

/// Successive halving over `count` candidates ([`rounds`]): `evaluate(i, games)`
/// simulates candidate `i` with `games` games; after each round the better half by spread
/// goes on.
pub fn search(
    params: Vec<String>,
    count: usize,
    first_games: u64,
    max_games: u64,
    mut evaluate: impl FnMut(usize, u64) -> Candidate,
) -> BalanceReport {
    let started = std::time::Instant::now();
    let mut results: Vec<Option<Candidate>> = vec![None; count];
    let mut alive: Vec<usize> = (0..count).collect();
    let mut total_games = 0;
    for (round, (n, games)) in (1..).zip(rounds(count, first_games, max_games)) {
        alive.truncate(n);
        for &i in &alive {
            let mut c = evaluate(i, games);
            c.rounds = round;
            total_games += c.games;
            results[i] = Some(c);
        }
        let spread = |i: &usize| {
            results[*i]
                .as_ref()
                .map_or(f64::INFINITY, |c| c.imbalance.spread)
        };
        alive.sort_by(|a, b| spread(a).total_cmp(&spread(b)).then(a.cmp(b)));
    }
    let mut candidates: Vec<Candidate> = results.into_iter().flatten().collect();
    candidates.sort_by(|a, b| {
        b.rounds
            .cmp(&a.rounds)
            .then(a.imbalance.spread.total_cmp(&b.imbalance.spread))
    });
    BalanceReport {
        params,
        candidates,
        total_games,
        seconds: started.elapsed().as_secs_f64(),
    }
}

impl BalanceReport {
    /// The report as text: the candidates, best first, with the spread, its bounds, the
    /// games each took and whether every rate is fair within its interval; then the best
    /// candidate's win rates.
    pub fn to_text(&self, shown: usize) -> String {
        let mut out = String::new();
        let w = &mut out;
        let _ = writeln!(
            w,
            "balance search over {}: {} candidates, {} games in all, {:.1} s",
            self.params.join(", "),
            self.candidates.len(),
            self.total_games,
            self.seconds
        );
        let _ = writeln!(
            w,
            "  {:<24} {:>8} {:>18} {:>9} {:>7}  fair within intervals",
            "variant", "spread", "bounds", "games", "rounds"
        );
        for c in self.candidates.iter().take(shown) {
            let label: Vec<String> = self
                .params
                .iter()
                .zip(&c.values)
                .map(|(p, v)| format!("{p}={v}"))
                .collect();
            let _ = writeln!(
                w,
                "  {:<24} {:>8.4} [{:.4}, {:.4}] {:>9} {:>7}  {}",
                label.join(" "),
                c.imbalance.spread,
                c.imbalance.bounds.low,
                c.imbalance.bounds.high,
                c.games,
                c.rounds,
                if c.imbalance.fair_within_intervals {
                    "yes"
                } else {
                    "no"
                }
            );
        }
        if let Some(best) = self.candidates.first() {
            let _ = writeln!(w, "best: {}", best.game);
            for e in best
                .estimates
                .iter()
                .filter(|e| e.figure.starts_with("win rate"))
            {
                let _ = writeln!(
                    w,
                    "  {:<24} {:.4}  [{:.4}, {:.4}]",
                    e.figure, e.value, e.ci.low, e.ci.high
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Z95, wilson};

    /// A candidate whose two seats win `p` and `1 - p` over `games` games.
    fn two_seats(i: usize, p: f64, games: u64) -> Candidate {
        let ci = |x| wilson(x, games, Z95);
        let spread = (2.0 * p - 1.0).abs();
        Candidate {
            game: format!("toy(x={i})"),
            values: vec![i.to_string()],
            games,
            rounds: 0,
            imbalance: Imbalance {
                spread,
                bounds: Interval {
                    low: (ci(p.max(1.0 - p)).low - ci(p.min(1.0 - p)).high).max(0.0),
                    high: ci(p.max(1.0 - p)).high - ci(p.min(1.0 - p)).low,
                },
                fair_within_intervals: ci(p).contains(0.5),
            },
            estimates: Vec::new(),
        }
    }

    #[test]
    fn halving_gives_the_most_games_to_the_most_even_candidate() {
        // Candidate i's first seat wins 0.5 + |i - 5| / 20: candidate 5 is even.
        let p = |i: usize| 0.5 + (i as f64 - 5.0).abs() / 20.0;
        let mut calls = Vec::new();
        let r = search(vec!["x".into()], 8, 100, 1000, |i, games| {
            calls.push((i, games));
            two_seats(i, p(i), games)
        });
        // 8 at 100 games, 4 at 200, 2 at 400, 1 at 800.
        let plan = rounds(8, 100, 1000);
        assert_eq!(plan, [(8, 100), (4, 200), (2, 400), (1, 800)]);
        let planned: u64 = plan.iter().map(|&(n, g)| n as u64 * g).sum();
        assert_eq!(calls.len(), 8 + 4 + 2 + 1);
        assert_eq!(
            r.total_games, planned,
            "the plan a progress bar counts down"
        );
        assert_eq!(r.total_games, 800 + 800 + 800 + 800);
        let best = &r.candidates[0];
        assert_eq!(
            (best.values[0].as_str(), best.games, best.rounds),
            ("5", 800, 4)
        );
        assert!(best.imbalance.fair_within_intervals);
        assert_eq!(r.candidates.len(), 8);
        assert!(!r.candidates[7].imbalance.fair_within_intervals);
        assert!(r.to_text(3).contains("best: toy(x=5)"));
    }

    #[test]
    fn the_cap_stops_the_halving() {
        let r = search(vec!["x".into()], 4, 300, 500, |i, games| {
            two_seats(i, 0.6, games)
        });
        assert_eq!(r.total_games, 4 * 300, "doubling to 600 would pass the cap");
        assert!(r.candidates.iter().all(|c| c.rounds == 1));
    }
}
