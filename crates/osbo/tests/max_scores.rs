//! The maximum-score table as a reference vector (`tests/data/max_scores.txt`), checked by
//! exhaustive search over closed full-grid designs for n = 2 to 5, and by construction for
//! n up to 8.

use gameshelf_osbo::design::{Design, full_grid, max_score, max_score_design};
use gameshelf_osbo::{Dir, Edges};

/// (n, maximum, designs reaching it if known), read from the data file.
fn table() -> Vec<(usize, u32, Option<u64>)> {
    include_str!("data/max_scores.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().ok(),
            )
        })
        .collect()
}

/// The internal edges of an n x n grid: (row, col, dir) with dir E or S.
fn internal_edges(n: usize) -> Vec<(usize, usize, Dir)> {
    let mut v = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                v.push((r, c, Dir::E));
            }
            if r + 1 < n {
                v.push((r, c, Dir::S));
            }
        }
    }
    v
}

/// The design with the crossings in `present` (a bit per internal edge); cells without a
/// crossing stay empty.
fn design_of(n: usize, edges: &[(usize, usize, Dir)], present: u64) -> Design {
    let mut masks = [[0u8; 8]; 8];
    for (i, &(r, c, d)) in edges.iter().enumerate() {
        if present >> i & 1 == 1 {
            let (dr, dc) = d.step();
            let (nr, nc) = ((r as i32 + dr) as usize, (c as i32 + dc) as usize);
            masks[r][c] |= d.bit();
            masks[nr][nc] |= d.opposite().bit();
        }
    }
    let mut design = Design::EMPTY;
    for (r, row) in masks.iter().enumerate().take(n) {
        for (c, &m) in row.iter().enumerate().take(n) {
            design.set(r, c, Edges(m));
        }
    }
    design
}

/// Calls `f` with every subset of `total` items missing exactly `k` of them.
fn without_k(total: usize, k: usize, f: &mut impl FnMut(u64)) {
    fn rec(start: usize, total: usize, k: usize, removed: u64, f: &mut impl FnMut(u64)) {
        if k == 0 {
            f(((1u64 << total) - 1) & !removed);
            return;
        }
        for i in start..total {
            rec(i + 1, total, k - 1, removed | 1 << i, f);
        }
    }
    rec(0, total, k, 0, f);
}

/// Exhaustive: the best closed full-grid n x n design, and how many reach it. A cord is at
/// most twice the crossings, so subsets are visited by crossings removed, k = 0, 1, ...,
/// until 2 x crossings cannot beat the best found; every design that could reach the
/// maximum is visited.
fn exhaustive(n: usize) -> (u32, u64) {
    let edges = internal_edges(n);
    let total = edges.len();
    let (mut best, mut count) = (0u32, 0u64);
    for k in 0..=total {
        if 2 * ((total - k) as u32) < best {
            break;
        }
        without_k(total, k, &mut |present| {
            let d = design_of(n, &edges, present);
            if d.dice() as usize != n * n {
                return;
            }
            let score = d.best_closed();
            if score > best {
                (best, count) = (score, 0);
            }
            if score == best {
                count += 1;
            }
        });
    }
    (best, count)
}

#[test]
fn exhaustive_search_matches_the_table_up_to_4x4() {
    for (n, max, designs) in table().into_iter().filter(|t| t.0 <= 4) {
        let (best, count) = exhaustive(n);
        assert_eq!(best, max, "{n}x{n}");
        assert_eq!(
            Some(count),
            designs,
            "{n}x{n}: designs reaching the maximum"
        );
    }
}

/// About 100,000 designs: a few seconds in a debug build, a tenth of one in release.
#[test]
fn exhaustive_search_matches_the_table_for_5x5() {
    let (n, max, designs) = table()[3];
    assert_eq!(n, 5);
    assert_eq!(exhaustive(5), (max, designs.unwrap()));
}

#[test]
fn constructed_designs_reach_the_table_up_to_8x8() {
    let rows = table();
    assert_eq!(rows.len(), 7);
    for (n, max, _) in rows {
        assert_eq!(max_score(n as u32), max, "formula, {n}x{n}");
        let d = max_score_design(n);
        d.validate().unwrap();
        let a = d.analyse();
        assert!(a.closed);
        assert_eq!(
            a.score,
            vec![max],
            "{n}x{n}: one closed cord of the maximum length"
        );
        assert_eq!(a.crossings as usize, 2 * n * (n - 1) - (n - 1));
    }
}

/// Regression oracles: the connected designs in the 2 x 2 and 3 x 3 grids
/// (edge subsets, translations counted separately) and the 2 x 2 score histogram.
#[test]
fn connected_designs_in_small_grids() {
    for (n, want) in [(2usize, 1759u32), (3, 1759)] {
        let edges = internal_edges(n);
        let mut count = 0;
        let mut histogram = std::collections::BTreeMap::new();
        for present in 1u64..1 << edges.len() {
            let d = design_of(n, &edges, present);
            if !connected(&d) {
                continue;
            }
            count += 1;
            *histogram.entry(d.best_closed()).or_insert(0) += 1;
        }
        if n == 2 {
            assert_eq!(count, 13);
            assert_eq!(
                histogram.into_iter().collect::<Vec<_>>(),
                [(2, 4), (4, 5), (6, 4)]
            );
        } else {
            assert_eq!(count, want);
        }
    }
}

/// Whether the dice of `d` form one group through their crossings.
fn connected(d: &Design) -> bool {
    let cells: Vec<(usize, usize)> = d.cells().map(|(r, c, _)| (r, c)).collect();
    let mut seen = vec![cells[0]];
    let mut i = 0;
    while i < seen.len() {
        let (r, c) = seen[i];
        let e = d.get(r as i32, c as i32);
        for dir in Dir::ALL {
            let (dr, dc) = dir.step();
            let next = ((r as i32 + dr) as usize, (c as i32 + dc) as usize);
            if e.has(dir) && !seen.contains(&next) {
                seen.push(next);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}

#[test]
fn full_grid_is_n_cords() {
    for n in 2..=8 {
        let a = full_grid(n, n).analyse();
        assert_eq!(a.score.len(), n);
    }
}
