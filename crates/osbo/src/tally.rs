//! Simulation figures for Osbo: winning scores, draws, closed designs, dice placed.

use std::collections::BTreeMap;
use std::fmt::Write;

use gameshelf_engine::{Game, Tally};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::game::Osbo;
use crate::state::State;

/// Osbo's simulation figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OsboTally {
    /// Games finished.
    pub games: u64,
    /// Games won by more than one seat (equal score vectors).
    pub draws: u64,
    /// How many games had each winning score (the winner's longest closed cord).
    pub winning_scores: BTreeMap<u32, u64>,
    /// How many designs (over all seats) had each longest closed cord at the end.
    pub design_scores: BTreeMap<u32, u64>,
    /// Designs closed at the end.
    pub designs_closed: u64,
    /// Designs left open at the end (loose window, n = 2, turn limit).
    pub designs_open: u64,
    /// Dice placed.
    pub dice_placed: u64,
    /// Rolls (turns with dice rolled).
    pub rolls: u64,
}

impl OsboTally {
    /// The mean winning score.
    pub fn mean_winning_score(&self) -> f64 {
        mean(&self.winning_scores)
    }
}

fn mean(h: &BTreeMap<u32, u64>) -> f64 {
    let n: u64 = h.values().sum();
    let total: u64 = h.iter().map(|(&s, &c)| u64::from(s) * c).sum();
    if n == 0 { 0.0 } else { total as f64 / n as f64 }
}

/// The smallest value at least a share `q` of the histogram's counts reach.
fn quantile(h: &BTreeMap<u32, u64>, q: f64) -> u32 {
    let n: u64 = h.values().sum();
    let want = ((q * n as f64).ceil() as u64).max(1);
    let mut seen = 0;
    for (&v, &c) in h {
        seen += c;
        if seen >= want {
            return v;
        }
    }
    0
}

impl Tally<Osbo> for OsboTally {
    fn record(&mut self, _game: &Osbo, _before: &State, action: Action) {
        match action {
            Action::Roll(_) => self.rolls += 1,
            Action::Place(_) => self.dice_placed += 1,
            Action::First(_) => {}
        }
    }

    fn finish(&mut self, game: &Osbo, end: &State) {
        self.games += 1;
        let seats = game.num_players();
        for seat in 0..seats {
            let d = end.design(seat);
            if d.is_closed() {
                self.designs_closed += 1;
            } else {
                self.designs_open += 1;
            }
            *self.design_scores.entry(d.best_closed()).or_default() += 1;
        }
        let winners = game.winners(end);
        if winners.len() > 1 {
            self.draws += 1;
        }
        let best = winners
            .first()
            .map(|&w| end.design(w).best_closed())
            .unwrap_or(0);
        *self.winning_scores.entry(best).or_default() += 1;
    }

    fn merge(&mut self, other: &Self) {
        self.games += other.games;
        self.draws += other.draws;
        for (k, v) in &other.winning_scores {
            *self.winning_scores.entry(*k).or_default() += v;
        }
        for (k, v) in &other.design_scores {
            *self.design_scores.entry(*k).or_default() += v;
        }
        self.designs_closed += other.designs_closed;
        self.designs_open += other.designs_open;
        self.dice_placed += other.dice_placed;
        self.rolls += other.rolls;
    }

    fn report(&self) -> String {
        if self.games == 0 {
            return String::new();
        }
        let g = self.games as f64;
        let mut s = String::new();
        let h = &self.winning_scores;
        let _ = writeln!(
            s,
            "winning score (longest closed cord): mean {:.1}, min {}, quartiles {} / {} / {}, max {}",
            mean(h),
            quantile(h, 0.0),
            quantile(h, 0.25),
            quantile(h, 0.5),
            quantile(h, 0.75),
            h.keys().last().copied().unwrap_or(0)
        );
        let d = &self.design_scores;
        let _ = writeln!(
            s,
            "every design's longest closed cord: mean {:.1}, median {}",
            mean(d),
            quantile(d, 0.5)
        );
        let _ = writeln!(
            s,
            "draws: {} ({:.2}%)",
            self.draws,
            100.0 * self.draws as f64 / g
        );
        let designs = self.designs_closed + self.designs_open;
        let _ = writeln!(
            s,
            "designs closed at the end: {} of {}; dice placed per game {:.1} over {:.1} rolls",
            self.designs_closed,
            designs,
            self.dice_placed as f64 / g,
            self.rolls as f64 / g
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::{Outcomes, Rng};

    #[test]
    fn tallies_count_and_merge() {
        let game = Osbo::default();
        let (mut a, mut b) = (OsboTally::default(), OsboTally::default());
        let (mut buf, mut out) = (Vec::new(), Outcomes::new());
        for (seed, t) in [(1, &mut a), (2, &mut b)] {
            let mut s = game.initial_state();
            let mut rng = Rng::seed_from_u64(seed);
            while !game.is_terminal(&s) {
                let act = match game.actor(&s) {
                    gameshelf_engine::Actor::Chance => game.sample_chance(&s, &mut rng, &mut out),
                    _ => {
                        game.legal_actions(&s, &mut buf);
                        buf[0]
                    }
                };
                t.record(&game, &s, act);
                game.apply_unchecked(&mut s, act);
            }
            t.finish(&game, &s);
        }
        let placed = a.dice_placed + b.dice_placed;
        a.merge(&b);
        assert_eq!(a.games, 2);
        assert_eq!(a.dice_placed, placed);
        assert_eq!(a.designs_closed, 4);
        assert_eq!(a.winning_scores.values().sum::<u64>(), 2);
        assert!(a.report().contains("winning score"));
    }
}
