//! The depth-first search itself: one pass of [`solve`](super::solve) with a node budget,
//! a move order and the table of lost states.
//!
//! A pass in the [`Order::Shuffled`] order is a restart: a short search down one line
//! close to the heuristic's, different each time, drawn from the search's own generator
//! (seeded by the deal's number, so a deal's verdict and line are the same on every run).
//! The search keeps the furthest line it has followed (the most rooms laid), from which a
//! restart may resume ([`Search::resume_point`]).
//!
//! Besides the table, three things keep it small, each sound (a state's value is never
//! changed, only the work of finding it):
//!
//! * [`hopeless`] states are lost without a look at their moves;
//! * an Hourglass's picks are tried as sets, in ascending card order: the picks' order
//!   changes nothing (the graveyard keeps the order of the cards left, the deck has none),
//!   so the other five orders of three picks would only repeat the same states;
//! * a card is put into only the first of several empty slots: the rules treat the slots
//!   alike, so the others would give the same position with its slots permuted.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use gameshelf_engine::{Actor, Game, Rng};

use crate::action::{Action, GRAVE};
use crate::bot;
use crate::card::Card;
use crate::deal::Deal;
use crate::game::OublietteSolitaire;
use crate::observe::Observation;
use crate::state::{EndKind, Phase, State};

use super::bounds::hopeless;
use super::key::{Mix, fingerprint};

/// What a subtree turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Res {
    /// It holds a winning line (in [`Search::line`]).
    Won,
    /// No line wins.
    Fail,
    /// The budget ran out before it was decided.
    Cut,
}

/// The order a pass of the search tries a decision's choices in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// The heuristic's choice first, then the rules' order.
    Guided,
    /// The rules' order.
    Listed,
    /// A random order, with the heuristic's choice moved first at
    /// [`GUIDED_PERCENT`] percent of the decisions.
    Shuffled,
}

/// How often (percent of decisions) a shuffled order still tries the heuristic's choice
/// first: the heuristic is right most of the time, and a restart that leaves it too often
/// wanders (see [`RESTART_NODES`](super::RESTART_NODES) for the measurements).
pub(super) const GUIDED_PERCENT: u64 = 90;

impl Order {
    /// The order of the next pass.
    pub(super) fn next(self) -> Order {
        match self {
            Order::Guided => Order::Listed,
            Order::Listed | Order::Shuffled => Order::Guided,
        }
    }
}

/// How often (in nodes) the watcher is told: about a tenth of a second.
pub(super) const WATCH_EVERY: u64 = 1 << 16;

/// One search of one deal; its table of lost states outlives the passes.
pub(super) struct Search<'a> {
    pub(super) game: &'a OublietteSolitaire,
    pub(super) deal: &'a Deal,
    /// The node count at which this pass stops.
    pub(super) budget: u64,
    /// Decision nodes searched so far, over all passes.
    pub(super) nodes: u64,
    /// Lost states: fingerprint and the fewest turns the state was lost at (a state lost
    /// after `t` turns is lost after any later turn too: turns only bring the turn limit
    /// closer).
    pub(super) lost: HashMap<u64, u32, BuildHasherDefault<Mix>>,
    /// The most entries the table holds; when full it is emptied and refilled, which only
    /// forgets proofs and never makes one wrong.
    pub(super) table_cap: usize,
    /// The actions from the initial state to the node searched.
    pub(super) line: Vec<Action>,
    /// The order this pass tries the choices in.
    pub(super) order: Order,
    /// Told the nodes searched so far, every [`WATCH_EVERY`] nodes.
    pub(super) watch: &'a mut dyn FnMut(u64),
    /// The line (from the search's start) to the furthest decision reached so far: the
    /// most rooms laid, the latest pass's line among equals.
    furthest: Vec<Action>,
    /// The rooms laid at the end of [`Self::furthest`].
    furthest_rooms: u8,
    /// Whether this pass has yet to record a line in [`Self::furthest`].
    fresh: bool,
    /// Draws the [`Order::Shuffled`] orders and the points restarts resume from.
    rng: Rng,
}

impl<'a> Search<'a> {
    /// A search with no budget yet, an empty table of at most `table_cap` entries, the
    /// heuristic's order first, and shuffled orders drawn from a generator seeded by the
    /// deal's number.
    pub(super) fn new(
        game: &'a OublietteSolitaire,
        deal: &'a Deal,
        table_cap: usize,
        watch: &'a mut dyn FnMut(u64),
    ) -> Self {
        Search {
            game,
            deal,
            budget: 0,
            nodes: 0,
            lost: HashMap::default(),
            table_cap,
            line: Vec::new(),
            order: Order::Guided,
            watch,
            furthest: Vec::new(),
            furthest_rooms: 0,
            fresh: true,
            rng: Rng::seed_from_u64(deal.number()),
        }
    }

    /// Starts a pass: an empty line, and the pass's first decision with the most rooms
    /// becomes the furthest line (so that among equals the latest pass's line is kept).
    pub(super) fn begin_pass(&mut self) {
        self.line.clear();
        self.fresh = true;
    }

    /// A decision on the furthest line reached so far, drawn uniformly from the line's
    /// later half (the decisions closer to its end, where it went wrong): the state there
    /// (replayed from `start`, where the search began), with [`Self::line`] set to the
    /// actions that lead to it, and the pick floor it had (see [`Self::choices`]). `None`
    /// before any line was recorded.
    pub(super) fn resume_point(&mut self, start: State) -> Option<(State, Card)> {
        if self.furthest.is_empty() {
            return None;
        }
        let mut s = start;
        let mut decisions = Vec::new();
        for (i, &a) in self.furthest.iter().enumerate() {
            if matches!(self.game.actor(&s), Actor::Player(_)) {
                decisions.push(i);
            }
            self.game.apply_unchecked(&mut s, a);
        }
        // The line ends at a decision: the furthest one.
        decisions.push(self.furthest.len());
        let n = decisions.len() as u64;
        let k = n / 2 + self.rng.below(n - n / 2);
        let at = decisions[k as usize];
        let mut s = start;
        for &a in &self.furthest[..at] {
            self.game.apply_unchecked(&mut s, a);
        }
        self.line.clear();
        self.line.extend_from_slice(&self.furthest[..at]);
        let floor = match (self.line.last(), s.phase) {
            (Some(&Action::Pick(c)), Phase::HourglassPick(_)) => c + 1,
            _ => 0,
        };
        Some((s, floor))
    }

    /// Records a state proven lost after `turns` turns, emptying the table first when it
    /// is full.
    pub(super) fn remember_lost(&mut self, key: u64, turns: u32) {
        if self.table_cap == 0 {
            return;
        }
        if self.lost.len() >= self.table_cap && !self.lost.contains_key(&key) {
            self.lost.clear();
        }
        let t = self.lost.entry(key).or_insert(turns);
        *t = (*t).min(turns);
    }

    /// The choices worth trying at a decision of `s`, in this pass's order. `floor` is the
    /// smallest card an Hourglass pick may take (the picks go in ascending order).
    fn choices(&mut self, s: &State, floor: Card) -> Vec<Action> {
        let mut legal = Vec::new();
        self.game.legal_actions(s, &mut legal);
        if matches!(s.phase, Phase::HourglassPick(_)) {
            legal.retain(|a| !matches!(*a, Action::Pick(c) if c < floor));
        }
        if matches!(
            s.phase,
            Phase::Stow | Phase::RestockPlace(_) | Phase::SearchStow
        ) {
            let first_empty = s.slots.iter().position(|slot| slot.len == 0);
            legal.retain(|a| match *a {
                Action::Stow(p) if p < GRAVE && usize::from(p) < 4 => {
                    s.slots[usize::from(p)].len > 0 || first_empty == Some(usize::from(p))
                }
                _ => true,
            });
        }
        if legal.len() < 2 {
            return legal;
        }
        let guided = match self.order {
            Order::Guided => true,
            Order::Listed => false,
            Order::Shuffled => {
                self.rng.shuffle(&mut legal);
                self.rng.below(100) < GUIDED_PERCENT
            }
        };
        if guided {
            let first = bot::choose(self.game, &Observation::of(s), &legal);
            if let Some(i) = legal.iter().position(|&a| a == first) {
                legal[..=i].rotate_right(1);
            }
        }
        legal
    }

    /// Searches the game from `s` (any node) for a win; `floor` as in [`Self::choices`].
    pub(super) fn dfs(&mut self, mut s: State, floor: Card) -> Res {
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
        let key = fingerprint(self.game, &s, u64::from(floor));
        if self.lost.get(&key).is_some_and(|&t| t <= s.turns) || hopeless(self.game, &s) {
            self.line.truncate(mark);
            return Res::Fail;
        }
        if self.nodes >= self.budget {
            self.line.truncate(mark);
            return Res::Cut;
        }
        self.nodes += 1;
        if s.path.len > self.furthest_rooms || (self.fresh && s.path.len == self.furthest_rooms) {
            self.furthest_rooms = s.path.len;
            self.fresh = false;
            self.furthest.clone_from(&self.line);
        }
        if self.nodes % WATCH_EVERY == 0 {
            (self.watch)(self.nodes);
        }
        let mut cut = false;
        for a in self.choices(&s, floor) {
            let mut child = s;
            self.line.push(a);
            self.game.apply_unchecked(&mut child, a);
            let next_floor = match (a, child.phase) {
                (Action::Pick(c), Phase::HourglassPick(_)) => c + 1,
                _ => 0,
            };
            match self.dfs(child, next_floor) {
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
            self.remember_lost(key, s.turns);
            Res::Fail
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After a pass, the furthest line holds the most rooms the pass reached; a resume
    /// point lies on it, at a decision of its later half, with the line that leads there.
    #[test]
    fn a_resume_starts_at_a_decision_on_the_later_half_of_the_furthest_line() {
        let game = OublietteSolitaire::default();
        let deal = Deal::new(1, 2);
        let mut watch = |_| {};
        let mut search = Search::new(&game, &deal, 1 << 16, &mut watch);
        let start = game.initial_state();
        assert!(search.resume_point(start).is_none(), "no line yet");
        search.budget = 2_000;
        search.begin_pass();
        assert_eq!(search.dfs(start, 0), Res::Cut);
        let furthest = search.furthest.clone();
        assert!(search.furthest_rooms > 0 && !furthest.is_empty());
        let mut s = start;
        let mut decisions = Vec::new();
        for (i, &a) in furthest.iter().enumerate() {
            if matches!(game.actor(&s), Actor::Player(_)) {
                decisions.push(i);
            }
            game.apply_unchecked(&mut s, a);
        }
        assert_eq!(s.path.len, search.furthest_rooms);
        decisions.push(furthest.len());
        let later = &decisions[decisions.len() / 2..];
        for _ in 0..20 {
            let (at, floor) = search.resume_point(start).unwrap();
            assert!(later.contains(&search.line.len()));
            assert_eq!(search.line[..], furthest[..search.line.len()]);
            let mut replayed = start;
            for &a in &search.line {
                game.apply(&mut replayed, a).unwrap();
            }
            assert_eq!(replayed, at);
            assert!(matches!(game.actor(&at), Actor::Player(_)));
            assert!(floor == 0 || matches!(at.phase, Phase::HourglassPick(_)));
        }
    }

    #[test]
    fn a_full_table_is_emptied_and_refilled() {
        let game = OublietteSolitaire::default();
        let deal = Deal::new(1, 2);
        let mut watch = |_| {};
        let mut search = Search::new(&game, &deal, 2, &mut watch);
        search.remember_lost(1, 5);
        search.remember_lost(2, 5);
        search.remember_lost(2, 3);
        assert_eq!(search.lost.get(&2), Some(&3));
        search.remember_lost(3, 7);
        assert_eq!(search.lost.len(), 1);
        assert_eq!(search.lost.get(&3), Some(&7));
    }
}
