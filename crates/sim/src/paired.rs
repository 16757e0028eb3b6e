//! Paired differences: the statistics of a comparison in which observation `i` of one arm
//! and observation `i` of the other share their chance.
//!
//! When game `i` of variant A and game `i` of variant B draw from the same random stream,
//! much of what decides a game (the dice, the cards) is common to both, and the difference
//! `d_i = b_i - a_i` varies less than two independent games would. The interval for the
//! mean difference is then `mean(d) ± z·s_d/√n` with `s_d` the sample standard deviation of
//! the differences, narrower than the independent-samples interval by the factor
//! `√(var(d) / (var(a) + var(b)))` that [`PairedEstimate::variance_ratio`] reports.
//!
//! Everything is kept as integer sums in fixed-point units ([`stats::FIXED_BITS`]), so
//! partial sums merge exactly in any grouping.

use serde::{Deserialize, Serialize};

use crate::stats::{self, Interval, Z95, from_fixed, variance_from_sums};

/// The sums of a paired sample: `Σa`, `Σb`, `Σa²`, `Σb²`, `Σab`, in fixed-point units. The
/// number of pairs is kept by the caller: a pair where both values are 0 adds nothing, so
/// sparse figures (an end kind, a tally counter) are only touched when they occur.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paired {
    #[serde(with = "stats::wide")]
    a: i128,
    #[serde(with = "stats::wide")]
    b: i128,
    #[serde(with = "stats::wide")]
    aa: i128,
    #[serde(with = "stats::wide")]
    bb: i128,
    #[serde(with = "stats::wide")]
    ab: i128,
}

impl Paired {
    /// Adds one pair, both values in fixed-point units ([`stats::to_fixed`]).
    pub fn add_fixed(&mut self, a: i64, b: i64) {
        let (a, b) = (i128::from(a), i128::from(b));
        self.a += a;
        self.b += b;
        self.aa += a * a;
        self.bb += b * b;
        self.ab += a * b;
    }

    /// Adds one pair.
    pub fn add(&mut self, a: f64, b: f64) {
        self.add_fixed(stats::to_fixed(a), stats::to_fixed(b));
    }

    /// Adds the sums of `other`.
    pub fn merge(&mut self, other: &Paired) {
        self.a += other.a;
        self.b += other.b;
        self.aa += other.aa;
        self.bb += other.bb;
        self.ab += other.ab;
    }

    /// The estimate over `n` pairs (pairs never added counting as `(0, 0)`), with a 95%
    /// interval for the mean difference `b - a`.
    pub fn estimate(&self, n: u64) -> PairedEstimate {
        let mean = |s: i128| {
            if n == 0 {
                0.0
            } else {
                from_fixed(s) / n as f64
            }
        };
        let d = self.b - self.a;
        let dd = self.aa + self.bb - 2 * self.ab;
        let var_d = variance_from_sums(n, d, dd);
        let var_a = variance_from_sums(n, self.a, self.aa).unwrap_or(0.0);
        let var_b = variance_from_sums(n, self.b, self.bb).unwrap_or(0.0);
        let diff = mean(d);
        let se = var_d.map(|v| (v / n as f64).sqrt());
        let ci = match se {
            Some(se) => Interval {
                low: diff - Z95 * se,
                high: diff + Z95 * se,
            },
            None => Interval {
                low: f64::NEG_INFINITY,
                high: f64::INFINITY,
            },
        };
        let p_value = match se {
            Some(se) if se > 0.0 => (2.0 * stats::normal_upper_tail((diff / se).abs())).min(1.0),
            Some(_) if d == 0 => 1.0,
            Some(_) => 0.0,
            None => 1.0,
        };
        PairedEstimate {
            pairs: n,
            a: mean(self.a),
            b: mean(self.b),
            diff,
            ci,
            sd: var_d.map_or(0.0, f64::sqrt),
            p_value,
            variance_ratio: var_d
                .filter(|_| var_a + var_b > 0.0)
                .map(|v| v / (var_a + var_b)),
            identical: self.aa == self.bb && self.bb == self.ab && self.a == self.b,
        }
    }
}

/// What a paired sample says about the mean difference `b - a`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedEstimate {
    /// The number of pairs.
    pub pairs: u64,
    /// The mean of arm A.
    pub a: f64,
    /// The mean of arm B.
    pub b: f64,
    /// The mean difference `b - a`.
    pub diff: f64,
    /// The 95% interval for the mean difference, `diff ± z·s_d/√n` (the whole line with
    /// fewer than two pairs).
    pub ci: Interval,
    /// The sample standard deviation of the differences.
    pub sd: f64,
    /// The two-sided p-value of "no difference" (normal approximation).
    pub p_value: f64,
    /// `var(d) / (var(a) + var(b))`: the variance of the paired difference relative to
    /// that of two independent samples (below 1 when pairing helps). `None` when neither arm
    /// varies.
    pub variance_ratio: Option<f64>,
    /// Whether every pair was equal (`a_i = b_i` for all `i`).
    pub identical: bool,
}

impl PairedEstimate {
    /// The pairs needed to detect a true difference of `delta` with a two-sided test at
    /// level `alpha` and power `power`: `((z_{1-α/2} + z_{power})·s_d/δ)²`, from this
    /// sample's `s_d`. 0 when the differences do not vary.
    pub fn pairs_needed(&self, delta: f64, alpha: f64, power: f64) -> u64 {
        if self.sd == 0.0 {
            return 0;
        }
        let z = stats::normal_quantile(1.0 - alpha / 2.0) + stats::normal_quantile(power);
        ((z * self.sd / delta.abs()).powi(2)).ceil() as u64
    }
}

/// Holm's step-down procedure: which of the hypotheses with these p-values are rejected at
/// family-wise error rate `alpha`. The smallest p-value is tested at `alpha/m`, the next at
/// `alpha/(m-1)`, and so on, stopping at the first that is not rejected (Holm, "A simple
/// sequentially rejective multiple test procedure", Scandinavian Journal of Statistics,
/// 1979). Uniformly more powerful than Bonferroni, with the same guarantee.
pub fn holm(p_values: &[f64], alpha: f64) -> Vec<bool> {
    let mut order: Vec<usize> = (0..p_values.len()).collect();
    order.sort_by(|&i, &j| p_values[i].total_cmp(&p_values[j]));
    let m = p_values.len();
    let mut rejected = vec![false; m];
    for (k, &i) in order.iter().enumerate() {
        if p_values[i] > alpha / (m - k) as f64 {
            break;
        }
        rejected[i] = true;
    }
    rejected
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Worked by hand: a = (3, 5, 2, 6, 4), b = (4, 7, 2, 9, 5), so d = (1, 2, 0, 3, 1),
    /// mean 1.4, squared deviations 0.16 + 0.36 + 1.96 + 2.56 + 0.16 = 5.2, s² = 5.2/4 =
    /// 1.3, standard error √(1.3/5) = 0.509902, interval 1.4 ± 1.959964·0.509902 =
    /// [0.400611, 2.399389], z = 2.745626, two-sided p = 0.006040.
    #[test]
    fn paired_interval_matches_the_hand_computed_case() {
        let mut p = Paired::default();
        for (a, b) in [(3.0, 4.0), (5.0, 7.0), (2.0, 2.0), (6.0, 9.0), (4.0, 5.0)] {
            p.add(a, b);
        }
        let e = p.estimate(5);
        assert_eq!((e.a, e.b, e.diff), (4.0, 5.4, 1.4));
        assert!(close(e.sd, 1.3f64.sqrt(), 1e-12), "{e:?}");
        assert!(close(e.ci.low, 0.400_610_5, 1e-6), "{e:?}");
        assert!(close(e.ci.high, 2.399_389_5, 1e-6), "{e:?}");
        assert!(close(e.p_value, 0.006_039_6, 1e-6), "{e:?}");
        // var(a) = 10/4 = 2.5, var(b) = 29.2/4 = 7.3: pairing leaves 1.3 / 9.8 of the variance.
        assert!(close(e.variance_ratio.unwrap(), 1.3 / 9.8, 1e-12));
        assert!(!e.identical);
        // ((1.959964 + 0.841621) · √1.3 / 0.5)² = 40.81: 41 pairs.
        assert_eq!(e.pairs_needed(0.5, 0.05, 0.8), 41);
    }

    #[test]
    fn pairs_never_added_count_as_zeros() {
        // Sparse: only the pairs with a non-zero value are added.
        let mut sparse = Paired::default();
        sparse.add(1.0, 0.0);
        sparse.add(0.0, 1.0);
        sparse.add(1.0, 1.0);
        let mut dense = sparse.clone();
        for _ in 0..7 {
            dense.add(0.0, 0.0);
        }
        assert_eq!(sparse, dense);
        let e = sparse.estimate(10);
        assert_eq!((e.a, e.b, e.diff), (0.2, 0.2, 0.0));
        assert_eq!(e.p_value, 1.0);
    }

    #[test]
    fn equal_arms_are_identical_with_a_zero_width_interval() {
        let mut p = Paired::default();
        for x in [1.0, 0.0, 0.5, 1.0] {
            p.add(x, x);
        }
        let e = p.estimate(4);
        assert!(e.identical);
        assert_eq!((e.diff, e.sd, e.p_value), (0.0, 0.0, 1.0));
        assert_eq!((e.ci.low, e.ci.high), (0.0, 0.0));
        assert_eq!(e.pairs_needed(0.01, 0.05, 0.8), 0);
        // A constant shift is a certain difference.
        let mut shifted = Paired::default();
        for x in [1.0, 2.0, 3.0] {
            shifted.add(x, x + 1.0);
        }
        let e = shifted.estimate(3);
        assert_eq!((e.diff, e.p_value), (1.0, 0.0));
        assert!(!e.identical);
    }

    #[test]
    fn holm_steps_down_and_stops_at_the_first_acceptance() {
        // m = 4: thresholds 0.0125, 0.01667, 0.025, 0.05 for the sorted p-values.
        assert_eq!(
            holm(&[0.04, 0.001, 0.016, 0.03], 0.05),
            vec![false, true, true, false]
        );
        // m = 3: 0.03 fails its threshold 0.025, so 0.04 (below 0.05) is not rejected.
        assert_eq!(holm(&[0.03, 0.001, 0.04], 0.05), vec![false, true, false]);
        assert_eq!(holm(&[0.01, 0.02], 0.05), vec![true, true]);
        assert_eq!(holm(&[], 0.05), Vec::<bool>::new());
    }
}
