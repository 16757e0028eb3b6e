//! Confidence intervals that game crates need as well as the simulator: a game's own
//! simulation figures ([`Tally`](crate::Tally)) report shares and per-game counts with
//! the same 95% intervals as the simulator's, without depending on it.

use serde::Serialize;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A closed interval of values.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

impl Interval {
    /// Whether `x` lies within the interval.
    pub fn contains(&self, x: f64) -> bool {
        (self.low..=self.high).contains(&x)
    }

    /// The interval cut to `[min, max]`.
    pub fn clamp(self, min: f64, max: f64) -> Interval {
        Interval {
            low: self.low.clamp(min, max),
            high: self.high.clamp(min, max),
        }
    }
}

/// The Wilson score interval for a proportion `p` observed over `n` trials, with normal
/// quantile `z` ([`Z95`] for 95%). `p` may come from fractional successes (a shared win
/// counting 1/2). With no trials it is the whole `[0, 1]`.
///
/// Unlike the normal ("Wald") interval it stays inside `[0, 1]` and keeps its coverage for
/// proportions near 0 or 1, which win rates of unbalanced seats often are.
pub fn wilson(p: f64, n: u64, z: f64) -> Interval {
    if n == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = n as f64;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The normal-approximation interval `mean ± z·s/√n` for the mean of a per-game count,
/// from integer sums: `n` games, the counts' sum `sum` and the sum of their squares
/// `sum_sq`. Integer sums merge exactly in any grouping, which is why tallies keep them
/// rather than running means. `None` with fewer than two games, where the sample variance
/// is undefined.
pub fn count_mean(n: u64, sum: u64, sum_sq: u64, z: f64) -> Option<Interval> {
    if n < 2 {
        return None;
    }
    let (nf, s) = (n as f64, sum as f64);
    let mean = s / nf;
    let spread = (u128::from(n) * u128::from(sum_sq)).saturating_sub(u128::from(sum).pow(2));
    let var = spread as f64 / (nf * (nf - 1.0));
    let half = z * (var / nf).sqrt();
    Some(Interval {
        low: mean - half,
        high: mean + half,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_mean_matches_the_sample_variance() {
        // Counts 1, 2, 3, 6: mean 3, sample variance 14/3.
        let i = count_mean(4, 12, 50, Z95).unwrap();
        let half = Z95 * (14.0f64 / 3.0 / 4.0).sqrt();
        assert!((i.low - (3.0 - half)).abs() < 1e-12, "{i:?}");
        assert!((i.high - (3.0 + half)).abs() < 1e-12, "{i:?}");
        assert_eq!(count_mean(1, 5, 25, Z95), None);
        // Equal counts: no spread.
        assert_eq!(
            count_mean(3, 6, 12, Z95),
            Some(Interval {
                low: 2.0,
                high: 2.0
            })
        );
    }
}
