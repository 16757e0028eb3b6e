//! A clairvoyant solver: with the deal's order known, chance is a function of the state and
//! the game becomes a one-player puzzle, searched depth first for a winning line.
//!
//! The search tries the [`Careful`](crate::bot::Careful) choice first at every decision,
//! so a deal the heuristic wins is solved on its first line, and the solver's win count is
//! never below the heuristic's. States proven lost are remembered in a transposition table
//! keyed on a 64-bit fingerprint of the state without its turn counter (with the deal
//! fixed, the deck's contents and the shuffle count say where the deal stands), together
//! with the fewest turns at which the state was proven lost: a state lost after `t` turns
//! is lost after any later turn too, since turns only ever bring the turn limit closer.
//! A per-deal node budget bounds the work: a deal is **won** (a line is returned),
//! **lost** (every line was searched and none wins) or **undecided** (the budget ran out).
//! Won deals over all deals is a lower bound on what a clairvoyant player wins; won plus
//! undecided an upper bound. Either bounds from above what any fair player can win, since
//! a fair player does not know the order.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use gameshelf_engine::{Actor, Game, Rng};
use rayon::prelude::*;
use serde::Serialize;

use crate::action::Action;
use crate::bot::{self, Careful};
use crate::deal::Deal;
use crate::game::OublietteSolitaire;
use crate::state::{EndKind, State};

/// What the search found for one deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A winning line exists (and was found).
    Won,
    /// No line wins.
    Lost,
    /// The budget ran out first.
    Undecided,
}

/// The result of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Won, lost or undecided.
    pub verdict: Verdict,
    /// For a won deal, every action of the winning game from the initial state, chance
    /// outcomes included (a record's actions); empty otherwise.
    pub line: Vec<Action>,
    /// Decision nodes searched.
    pub nodes: u64,
}

enum Res {
    Won,
    Fail,
    Cut,
}

struct Search<'a> {
    game: &'a OublietteSolitaire,
    deal: &'a Deal,
    budget: u64,
    nodes: u64,
    lost: HashMap<u64, u32, BuildHasherDefault<Mix>>,
    line: Vec<Action>,
}

/// A fast multiply-rotate hasher for fingerprints and for the table's own buckets; the
/// fingerprints are already well mixed, so hashing them again costs one multiply.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        // A final avalanche so that small differences reach every bit.
        let mut z = self.0;
        z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The transposition key of a state: its fingerprint with the turn counter left out.
fn fingerprint(s: &State) -> u64 {
    let mut key = *s;
    key.turns = 0;
    let mut h = Mix::default();
    key.hash(&mut h);
    h.finish()
}

impl Search<'_> {
    fn dfs(&mut self, mut s: State) -> Res {
        let mark = self.line.len();
        loop {
            match self.game.actor(&s) {
                Actor::Chance => {
                    let a = self.deal.choose(self.game, &s);
                    self.line.push(a);
                    self.game.apply_unchecked(&mut s, a);
                }
                Actor::Terminal => {
                    if s.end() == Some(EndKind::Won) {
                        return Res::Won;
                    }
                    self.line.truncate(mark);
                    return Res::Fail;
                }
                Actor::Player(_) => break,
            }
        }
        let key = fingerprint(&s);
        if self.lost.get(&key).is_some_and(|&t| t <= s.turns) {
            self.line.truncate(mark);
            return Res::Fail;
        }
        if self.nodes >= self.budget {
            self.line.truncate(mark);
            return Res::Cut;
        }
        self.nodes += 1;
        let mut legal = Vec::new();
        self.game.legal_actions(&s, &mut legal);
        let first = bot::choose(self.game, &s, &legal);
        if let Some(i) = legal.iter().position(|&a| a == first) {
            legal[..=i].rotate_right(1);
        }
        let mut cut = false;
        for a in legal {
            let mut child = s;
            self.line.push(a);
            self.game.apply_unchecked(&mut child, a);
            match self.dfs(child) {
                Res::Won => return Res::Won,
                Res::Cut => cut = true,
                Res::Fail => {}
            }
            self.line.pop();
        }
        self.line.truncate(mark);
        if cut {
            Res::Cut
        } else {
            let t = self.lost.entry(key).or_insert(s.turns);
            *t = (*t).min(s.turns);
            Res::Fail
        }
    }
}

/// Searches `deal` for a winning line within `budget` decision nodes.
pub fn solve(game: &OublietteSolitaire, deal: &Deal, budget: u64) -> Solution {
    let mut search = Search {
        game,
        deal,
        budget,
        nodes: 0,
        lost: HashMap::default(),
        line: Vec::new(),
    };
    let verdict = match search.dfs(game.initial_state()) {
        Res::Won => Verdict::Won,
        Res::Fail => Verdict::Lost,
        Res::Cut => Verdict::Undecided,
    };
    Solution {
        verdict,
        line: if verdict == Verdict::Won {
            search.line
        } else {
            Vec::new()
        },
        nodes: search.nodes,
    }
}

/// The number of deal `index` of an odds run with `seed`: `Rng::for_stream(seed, index)`'s
/// first output.
pub fn deal_number(seed: u64, index: u64) -> u64 {
    Rng::for_stream(seed, index).next_u64()
}

/// What to measure in [`odds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddsConfig {
    /// Deals to play. By default, 10 000.
    pub deals: u64,
    /// Picks the deals ([`deal_number`]). By default, 1.
    pub seed: u64,
    /// The solver's node budget per deal; 0 skips the solver. By default, 20 000.
    pub budget: u64,
}

impl Default for OddsConfig {
    fn default() -> Self {
        OddsConfig {
            deals: 10_000,
            seed: 1,
            budget: 20_000,
        }
    }
}

/// Counts from [`odds`]; integers, so the same for any number of threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OddsCounts {
    /// Deals played.
    pub deals: u64,
    /// Deals the heuristic won.
    pub heuristic_wins: u64,
    /// Deals the solver won.
    pub solved: u64,
    /// Deals the solver proved lost.
    pub lost: u64,
    /// Deals left undecided within the budget.
    pub undecided: u64,
    /// Decision nodes the solver searched in all.
    pub nodes: u64,
}

impl OddsCounts {
    fn add(mut self, o: OddsCounts) -> OddsCounts {
        self.deals += o.deals;
        self.heuristic_wins += o.heuristic_wins;
        self.solved += o.solved;
        self.lost += o.lost;
        self.undecided += o.undecided;
        self.nodes += o.nodes;
        self
    }
}

/// Plays one deal with the heuristic (its choices are deterministic) and, if `budget > 0`,
/// solves it.
pub fn odds_one(game: &OublietteSolitaire, number: u64, budget: u64) -> OddsCounts {
    let deal = Deal::new(number, game.config().jokers);
    let mut state = game.initial_state();
    let mut rng = Rng::seed_from_u64(number);
    deal.play(
        game,
        &mut state,
        &mut Careful::default(),
        &mut rng,
        |_, _| {},
    );
    let won = state.end() == Some(EndKind::Won);
    let mut c = OddsCounts {
        deals: 1,
        heuristic_wins: u64::from(won),
        ..OddsCounts::default()
    };
    if budget > 0 {
        let sol = solve(game, &deal, budget);
        c.nodes = sol.nodes;
        match sol.verdict {
            Verdict::Won => c.solved = 1,
            Verdict::Lost => c.lost = 1,
            Verdict::Undecided => c.undecided = 1,
        }
    }
    c
}

/// Plays and solves `config.deals` deals on the current rayon pool, calling `progress`
/// after each deal.
pub fn odds(
    game: &OublietteSolitaire,
    config: &OddsConfig,
    progress: impl Fn() + Sync,
) -> OddsCounts {
    (0..config.deals)
        .into_par_iter()
        .map(|i| {
            let c = odds_one(game, deal_number(config.seed, i), config.budget);
            progress();
            c
        })
        .reduce(OddsCounts::default, OddsCounts::add)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solved_deal_s_line_replays_to_a_win_and_the_counts_add_up() {
        let game = OublietteSolitaire::default();
        let mut won = 0;
        for i in 0..300 {
            if won == 2 {
                break;
            }
            let deal = Deal::new(deal_number(1, i), 2);
            let sol = solve(&game, &deal, 2_000);
            if sol.verdict == Verdict::Won {
                won += 1;
                let mut s = game.initial_state();
                for &a in &sol.line {
                    game.apply(&mut s, a).unwrap();
                }
                assert_eq!(s.end(), Some(EndKind::Won), "deal {i}");
            } else {
                assert!(sol.line.is_empty());
            }
        }
        assert_eq!(won, 2, "two of the first 300 deals are solved");
        let c = odds(
            &game,
            &OddsConfig {
                deals: 8,
                seed: 1,
                budget: 500,
            },
            || {},
        );
        assert_eq!(c.solved + c.lost + c.undecided, c.deals);
        assert!(c.solved >= c.heuristic_wins);
    }

    #[test]
    fn fingerprints_ignore_only_the_turn_counter() {
        let game = OublietteSolitaire::default();
        let a = game.initial_state();
        let mut b = a;
        b.turns += 3;
        assert_eq!(fingerprint(&a), fingerprint(&b));
        b.curses = 1;
        assert_ne!(fingerprint(&a), fingerprint(&b));
    }
}
