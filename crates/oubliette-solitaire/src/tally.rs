//! Simulation figures: how games were lost, how far the Path got, which items were used.

use std::borrow::Cow;
use std::fmt::Write;

use gameshelf_engine::Tally;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::game::OublietteSolitaire;
use crate::state::{EndKind, PATH_ROOMS, Phase, State};

/// Oubliette (solitaire)'s simulation figures.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SolitaireTally {
    /// Games by how they ended, in [`EndKind::ALL`] order, as `(label, count)`.
    pub ends: Vec<(Cow<'static, str>, u64)>,
    /// Games by the number of rooms on the Path at the end (index 0..=9).
    pub rooms_at_end: [u64; PATH_ROOMS + 1],
    /// Games by the most rooms the Path ever held (index 0..=9).
    pub best_rooms: [u64; PATH_ROOMS + 1],
    /// Creatures drawn.
    pub fights: u64,
    /// Fights lost (setbacks taken).
    pub fights_lost: u64,
    /// Chaos cards used (any use).
    pub chaos_uses: u64,
    /// Games that ended with two curses.
    pub double_cursed: u64,
    #[serde(skip)]
    best: u8,
}

impl Tally<OublietteSolitaire> for SolitaireTally {
    fn record(&mut self, _: &OublietteSolitaire, before: &State, action: Action) {
        self.best = self.best.max(before.path.len);
        match (before.phase, action) {
            (Phase::Draw, Action::Card(c))
                if crate::card::rank(c) >= crate::card::JACK && !crate::card::is_joker(c) =>
            {
                self.fights += 1;
            }
            (Phase::Creature, Action::Concede) => self.fights_lost += 1,
            (
                _,
                Action::Destroy(_) | Action::Passage(_) | Action::TimeShift(_) | Action::Restock(_),
            ) => self.chaos_uses += 1,
            _ => {}
        }
    }

    fn finish(&mut self, _: &OublietteSolitaire, end: &State) {
        if self.ends.is_empty() {
            self.ends = EndKind::ALL
                .iter()
                .map(|k| (Cow::Borrowed(k.label()), 0))
                .collect();
        }
        if let Some(k) = end.end() {
            let i = EndKind::ALL.iter().position(|&x| x == k).unwrap_or(0);
            self.ends[i].1 += 1;
        }
        self.rooms_at_end[end.path.len as usize] += 1;
        self.best_rooms[self.best.max(end.path.len) as usize] += 1;
        self.double_cursed += u64::from(end.curses >= 2);
        self.best = 0;
    }

    fn merge(&mut self, other: &Self) {
        if self.ends.is_empty() {
            self.ends = other.ends.clone();
        } else {
            for (a, b) in self.ends.iter_mut().zip(&other.ends) {
                a.1 += b.1;
            }
        }
        for i in 0..=PATH_ROOMS {
            self.rooms_at_end[i] += other.rooms_at_end[i];
            self.best_rooms[i] += other.best_rooms[i];
        }
        self.fights += other.fights;
        self.fights_lost += other.fights_lost;
        self.chaos_uses += other.chaos_uses;
        self.double_cursed += other.double_cursed;
    }

    fn report(&self) -> String {
        let games: u64 = self.best_rooms.iter().sum();
        if games == 0 {
            return String::new();
        }
        let pct = |n: u64| 100.0 * n as f64 / games as f64;
        let mut out = String::from("how games ended:\n");
        for (label, n) in &self.ends {
            let n = *n;
            if n > 0 {
                let _ = writeln!(out, "  {label:<20} {n:>9}  {:5.1}%", pct(n));
            }
        }
        out.push_str("most rooms reached (Path length):\n");
        for (rooms, &n) in self.best_rooms.iter().enumerate() {
            if n > 0 {
                let _ = writeln!(out, "  {rooms} rooms {n:>12}  {:5.1}%", pct(n));
            }
        }
        let _ = writeln!(
            out,
            "creatures fought {} (setbacks {}), Chaos uses {}, games ending with two curses {}",
            self.fights, self.fights_lost, self.chaos_uses, self.double_cursed
        );
        out
    }
}

impl SolitaireTally {
    /// Games counted.
    pub fn games(&self) -> u64 {
        self.best_rooms.iter().sum()
    }
}
