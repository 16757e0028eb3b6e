//! Small, deterministic statistics: confidence intervals, mergeable means and variances,
//! an integer histogram, and the normal distribution's tail and quantile.
//!
//! Every accumulator here merges deterministically: merging the same parts in the same
//! order gives bit-identical results, which is what lets [`simulate`](crate::simulate)
//! promise the same figures for any thread count. [`Moments`] and [`Histogram`] go further:
//! they hold integers only, so merging is exact in *any* grouping, which is what lets a run
//! cut into shards on several machines merge into exactly the single run's figures.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use gameshelf_engine::interval::{Interval, Z95, wilson};

/// The normal-approximation interval `mean ± z·s/√n` for the mean of `stats`, using the
/// sample variance `s²`. `None` with fewer than two samples, where `s²` is undefined.
pub fn normal_interval(stats: &MeanVar, z: f64) -> Option<Interval> {
    let var = stats.sample_variance()?;
    let half = z * (var / stats.count() as f64).sqrt();
    Some(Interval {
        low: stats.mean() - half,
        high: stats.mean() + half,
    })
}

/// Count, mean, variance, minimum and maximum of a stream of values (Welford's update,
/// merged with Chan et al.'s formula).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MeanVar {
    n: u64,
    mean: f64,
    m2: f64,
    min: f64,
    max: f64,
}

impl MeanVar {
    /// Adds one value.
    pub fn add(&mut self, x: f64) {
        if self.n == 0 {
            (self.min, self.max) = (x, x);
        } else {
            self.min = self.min.min(x);
            self.max = self.max.max(x);
        }
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
    }

    /// Adds the values of `other`, as if they had been added here after these.
    pub fn merge(&mut self, other: &MeanVar) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = other.clone();
            return;
        }
        let (na, nb) = (self.n as f64, other.n as f64);
        let n = na + nb;
        let delta = other.mean - self.mean;
        self.mean += delta * nb / n;
        self.m2 += other.m2 + delta * delta * na * nb / n;
        self.n += other.n;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    /// The number of values.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The mean (0 with no values).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The population variance (divides by `n`); `None` with no values.
    pub fn population_variance(&self) -> Option<f64> {
        (self.n > 0).then(|| self.m2 / self.n as f64)
    }

    /// The sample variance (divides by `n - 1`); `None` with fewer than two values.
    pub fn sample_variance(&self) -> Option<f64> {
        (self.n > 1).then(|| self.m2 / (self.n - 1) as f64)
    }

    /// The smallest value (0 with no values).
    pub fn min(&self) -> f64 {
        self.min
    }

    /// The largest value (0 with no values).
    pub fn max(&self) -> f64 {
        self.max
    }
}

/// Values are summed as integers in units of `2^-FIXED_BITS`: about six parts in a hundred
/// million, far below any figure reported, and exact to merge.
pub const FIXED_BITS: u32 = 24;

/// `x` in fixed-point units (rounded to the nearest unit).
pub fn to_fixed(x: f64) -> i64 {
    (x * f64::from(1u32 << FIXED_BITS)).round() as i64
}

/// A fixed-point value back as a number.
pub fn from_fixed(x: i128) -> f64 {
    x as f64 / f64::from(1u32 << FIXED_BITS)
}

/// The sample variance `(n·Σx² − (Σx)²) / (n(n−1))` from integer sums in fixed-point units
/// (`sum` in units, `sum_sq` in units squared), exact where the products fit in 128 bits.
/// `None` with fewer than two values.
pub(crate) fn variance_from_sums(n: u64, sum: i128, sum_sq: i128) -> Option<f64> {
    if n < 2 {
        return None;
    }
    let unit2 = f64::from(1u32 << FIXED_BITS).powi(2);
    let nn = i128::from(n);
    let spread = nn
        .checked_mul(sum_sq)
        .zip(sum.checked_mul(sum))
        .and_then(|(a, b)| a.checked_sub(b))
        .map_or_else(
            || n as f64 * sum_sq as f64 - (sum as f64) * (sum as f64),
            |s| s as f64,
        );
    Some((spread.max(0.0) / (n as f64 * (n - 1) as f64)) / unit2)
}

/// Count, sum, sum of squares, minimum and maximum of a stream of values, held as integers
/// in fixed-point units ([`FIXED_BITS`]), so that merging is exact and associative: parts
/// merged in any grouping give the same bits. What [`simulate`](crate::simulate) keeps of
/// returns, so that shards merge into exactly the single run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    n: u64,
    #[serde(with = "wide")]
    sum: i128,
    #[serde(with = "wide")]
    sum_sq: i128,
    min: i64,
    max: i64,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, x: f64) {
        let v = to_fixed(x);
        if self.n == 0 {
            (self.min, self.max) = (v, v);
        } else {
            self.min = self.min.min(v);
            self.max = self.max.max(v);
        }
        self.n += 1;
        self.sum += i128::from(v);
        self.sum_sq += i128::from(v) * i128::from(v);
    }

    /// Adds the values of `other`.
    pub fn merge(&mut self, other: &Moments) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = other.clone();
            return;
        }
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
    }

    /// The number of values.
    pub fn count(&self) -> u64 {
        self.n
    }

    /// The mean (0 with no values).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            from_fixed(self.sum) / self.n as f64
        }
    }

    /// The sample variance (divides by `n - 1`); `None` with fewer than two values.
    pub fn sample_variance(&self) -> Option<f64> {
        variance_from_sums(self.n, self.sum, self.sum_sq)
    }

    /// The smallest value (0 with no values).
    pub fn min(&self) -> f64 {
        from_fixed(self.min.into())
    }

    /// The largest value (0 with no values).
    pub fn max(&self) -> f64 {
        from_fixed(self.max.into())
    }

    /// The normal-approximation interval `mean ± z·s/√n`; `None` with fewer than two values.
    pub fn normal_interval(&self, z: f64) -> Option<Interval> {
        let half = z * (self.sample_variance()? / self.n as f64).sqrt();
        Some(Interval {
            low: self.mean() - half,
            high: self.mean() + half,
        })
    }
}

/// 128-bit integers as decimal strings in JSON, which has no integers that wide.
pub(crate) mod wide {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(x: &i128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(x)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("{text:?} is not a whole number")))
    }
}

/// `P(Z > z)` for a standard normal `Z`: the upper tail, from the complementary error
/// function (W. J. Cody's rational Chebyshev approximation as given in Numerical Recipes,
/// relative error below 1.2e-7 everywhere).
pub fn normal_upper_tail(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The quantile of the standard normal distribution: the `z` with `P(Z ≤ z) = p`, for `p`
/// in `(0, 1)` (P. J. Acklam's rational approximation, relative error below 1.2e-9).
/// Infinite at 0 and 1.
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const LOW: f64 = 0.024_25;
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - LOW {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// Exact counts of integer values, for distributions of game lengths.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    counts: BTreeMap<u64, u64>,
    total: u64,
    #[serde(with = "wide_unsigned")]
    sum: u128,
}

/// 128-bit unsigned integers as decimal strings in JSON.
mod wide_unsigned {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(x: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(x)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("{text:?} is not a whole number")))
    }
}

/// A range of values `low..=high` and how many fell in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bucket {
    /// The smallest value of the bucket.
    pub low: u64,
    /// The largest value of the bucket.
    pub high: u64,
    /// How many values fell in it.
    pub count: u64,
}

/// A summary of a [`Histogram`]: extremes, mean, percentiles and bucketed counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// The smallest value.
    pub min: u64,
    /// The largest value.
    pub max: u64,
    /// The mean.
    pub mean: f64,
    /// The 10th percentile.
    pub p10: u64,
    /// The median.
    pub p50: u64,
    /// The 90th percentile.
    pub p90: u64,
    /// Counts in equal-width buckets from `min` to `max`.
    pub buckets: Vec<Bucket>,
}

impl Histogram {
    /// Counts one value.
    pub fn add(&mut self, value: u64) {
        *self.counts.entry(value).or_insert(0) += 1;
        self.total += 1;
        self.sum += u128::from(value);
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Histogram) {
        for (&v, &c) in &other.counts {
            *self.counts.entry(v).or_insert(0) += c;
        }
        self.total += other.total;
        self.sum += other.sum;
    }

    /// The number of values counted.
    pub fn count(&self) -> u64 {
        self.total
    }

    /// The sample variance of the values counted (exact sums, one division); `None` with
    /// fewer than two values.
    pub fn sample_variance(&self) -> Option<f64> {
        if self.total < 2 {
            return None;
        }
        let mean = self.mean();
        let m2: f64 = self
            .counts
            .iter()
            .map(|(&v, &c)| c as f64 * (v as f64 - mean).powi(2))
            .sum();
        Some(m2 / (self.total - 1) as f64)
    }

    /// The smallest value counted.
    pub fn min(&self) -> Option<u64> {
        self.counts.keys().next().copied()
    }

    /// The largest value counted.
    pub fn max(&self) -> Option<u64> {
        self.counts.keys().next_back().copied()
    }

    /// The mean (exact integer sum divided once, so it does not depend on merge order);
    /// 0 with no values.
    pub fn mean(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.sum as f64 / self.total as f64
        }
    }

    /// The nearest-rank percentile: the smallest value with at least `q` of the counts at
    /// or below it (`q` in `[0, 1]`); `None` with no values.
    pub fn percentile(&self, q: f64) -> Option<u64> {
        let rank = ((q.clamp(0.0, 1.0) * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        self.counts.iter().find_map(|(&v, &c)| {
            seen += c;
            (seen >= rank).then_some(v)
        })
    }

    /// The counts in at most `max_buckets` buckets of equal width covering `min..=max`,
    /// empty buckets included.
    pub fn buckets(&self, max_buckets: usize) -> Vec<Bucket> {
        let (Some(min), Some(max)) = (self.min(), self.max()) else {
            return Vec::new();
        };
        let width = (max - min + 1).div_ceil(max_buckets.max(1) as u64);
        let mut out: Vec<Bucket> = (0..=(max - min) / width)
            .map(|i| {
                let low = min + i * width;
                Bucket {
                    low,
                    high: (low + width - 1).min(max),
                    count: 0,
                }
            })
            .collect();
        for (&v, &c) in &self.counts {
            out[((v - min) / width) as usize].count += c;
        }
        out
    }

    /// The summary with at most `max_buckets` buckets (all zero with no values).
    pub fn distribution(&self, max_buckets: usize) -> Distribution {
        let at = |q| self.percentile(q).unwrap_or(0);
        Distribution {
            min: self.min().unwrap_or(0),
            max: self.max().unwrap_or(0),
            mean: self.mean(),
            p10: at(0.1),
            p50: at(0.5),
            p90: at(0.9),
            buckets: self.buckets(max_buckets),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Reference values from the published formula (e.g. Newcombe 1998, method 3;
    /// 50/100 gives 0.4038 to 0.5962).
    #[test]
    fn wilson_reference_values() {
        let i = wilson(0.5, 100, Z95);
        assert!(
            close(i.low, 0.4038, 5e-5) && close(i.high, 0.5962, 5e-5),
            "{i:?}"
        );
        // Newcombe's example: 81 of 263 gives 0.2553 to 0.3662.
        let i = wilson(81.0 / 263.0, 263, Z95);
        assert!(
            close(i.low, 0.2553, 5e-5) && close(i.high, 0.3662, 5e-5),
            "{i:?}"
        );
        // No successes still gives a proper interval: 0/10 gives 0 to 0.2775.
        let i = wilson(0.0, 10, Z95);
        assert_eq!(i.low, 0.0);
        assert!(close(i.high, 0.2775, 5e-5), "{i:?}");
        assert_eq!(
            wilson(0.3, 0, Z95),
            Interval {
                low: 0.0,
                high: 1.0
            }
        );
    }

    #[test]
    fn normal_tail_and_quantile_reference_values() {
        // Tables of the standard normal: P(Z > 1.96) = 0.0249979, P(Z > 0) = 1/2,
        // P(Z > -1) = 0.8413447, P(Z > 3) = 0.0013499.
        assert!(close(normal_upper_tail(Z95), 0.025, 1e-7));
        assert!(close(normal_upper_tail(0.0), 0.5, 1e-7));
        assert!(close(normal_upper_tail(-1.0), 0.841_344_7, 1e-7));
        assert!(close(normal_upper_tail(3.0), 0.001_349_9, 1e-7));
        assert!(close(normal_quantile(0.975), Z95, 1e-8));
        assert!(close(normal_quantile(0.8), 0.841_621_2, 1e-7));
        assert!(close(normal_quantile(0.001), -3.090_232_3, 1e-6));
        assert_eq!(normal_quantile(0.5), 0.0);
        assert!(normal_quantile(0.0).is_infinite() && normal_quantile(1.0).is_infinite());
    }

    #[test]
    fn exact_moments_merge_the_same_in_any_grouping() {
        let xs: Vec<f64> = (0..999).map(|i| f64::from((i * 37) % 101) / 7.0).collect();
        let mut whole = Moments::default();
        xs.iter().for_each(|&x| whole.add(x));
        let mut reference = MeanVar::default();
        xs.iter().for_each(|&x| reference.add(x));
        assert!(close(whole.mean(), reference.mean(), 1e-7));
        assert!(close(
            whole.sample_variance().unwrap(),
            reference.sample_variance().unwrap(),
            1e-6
        ));
        assert_eq!(
            (whole.min(), whole.max()),
            (0.0, to_fixed(100.0 / 7.0) as f64 / 16_777_216.0)
        );
        for chunk in [1, 7, 64, 500] {
            let mut merged = Moments::default();
            for part in xs.chunks(chunk).rev() {
                let mut m = Moments::default();
                part.iter().for_each(|&x| m.add(x));
                merged.merge(&m);
            }
            assert_eq!(merged, whole, "chunks of {chunk}, merged backwards");
        }
        let text = serde_json::to_string(&whole).unwrap();
        assert_eq!(serde_json::from_str::<Moments>(&text).unwrap(), whole);
        assert_eq!(Moments::default().sample_variance(), None);
    }

    #[test]
    fn mean_and_variance_known_values() {
        let mut s = MeanVar::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            s.add(x);
        }
        assert_eq!(s.count(), 8);
        assert_eq!(s.mean(), 5.0);
        assert_eq!(s.population_variance(), Some(4.0));
        assert!(close(s.sample_variance().unwrap(), 32.0 / 7.0, 1e-12));
        assert_eq!((s.min(), s.max()), (2.0, 9.0));
        let i = normal_interval(&s, Z95).unwrap();
        let half = Z95 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!(close(i.low, 5.0 - half, 1e-12) && close(i.high, 5.0 + half, 1e-12));
        assert_eq!(normal_interval(&MeanVar::default(), Z95), None);
    }

    #[test]
    fn merging_matches_one_stream_and_is_deterministic() {
        let xs: Vec<f64> = (0..1000).map(|i| ((i * 37) % 101) as f64 / 7.0).collect();
        let mut whole = MeanVar::default();
        xs.iter().for_each(|&x| whole.add(x));
        let merged = |chunk: usize| {
            let mut total = MeanVar::default();
            for part in xs.chunks(chunk) {
                let mut m = MeanVar::default();
                part.iter().for_each(|&x| m.add(x));
                total.merge(&m);
            }
            total
        };
        let a = merged(64);
        assert_eq!(a.count(), whole.count());
        assert!(close(a.mean(), whole.mean(), 1e-12));
        assert!(close(
            a.sample_variance().unwrap(),
            whole.sample_variance().unwrap(),
            1e-9
        ));
        assert_eq!(a, merged(64), "same parts, same order, same bits");
        let mut empty = MeanVar::default();
        empty.merge(&a);
        assert_eq!(empty, a);
    }

    #[test]
    fn histogram_percentiles_and_buckets() {
        let mut h = Histogram::default();
        (1..=10).for_each(|v| h.add(v));
        assert_eq!((h.min(), h.max(), h.count()), (Some(1), Some(10), 10));
        assert_eq!(h.mean(), 5.5);
        // Σ(v - 5.5)² over 1..=10 is 82.5; divided by 9.
        assert!(close(h.sample_variance().unwrap(), 82.5 / 9.0, 1e-12));
        assert_eq!(Histogram::default().sample_variance(), None);
        assert_eq!(h.percentile(0.1), Some(1));
        assert_eq!(h.percentile(0.5), Some(5));
        assert_eq!(h.percentile(0.9), Some(9));
        assert_eq!(h.percentile(1.0), Some(10));
        let b = h.buckets(4);
        assert_eq!(
            b,
            vec![
                Bucket {
                    low: 1,
                    high: 3,
                    count: 3
                },
                Bucket {
                    low: 4,
                    high: 6,
                    count: 3
                },
                Bucket {
                    low: 7,
                    high: 9,
                    count: 3
                },
                Bucket {
                    low: 10,
                    high: 10,
                    count: 1
                },
            ]
        );
        let mut other = Histogram::default();
        other.add(10);
        other.add(30);
        h.merge(&other);
        assert_eq!(h.count(), 12);
        assert_eq!(h.percentile(1.0), Some(30));
        let d = h.distribution(3);
        assert_eq!((d.min, d.max, d.p50), (1, 30, 6));
        let counts: Vec<u64> = d.buckets.iter().map(|b| b.count).collect();
        assert_eq!(counts, vec![11, 0, 1], "empty buckets are kept");
        assert_eq!((d.buckets[2].low, d.buckets[2].high), (21, 30));
        assert_eq!(Histogram::default().distribution(5).buckets, vec![]);
    }
}
