//! Simulation figures for Open Oubliette: fights per monster power, and jail dollars.
//!
//! The simulator feeds every state of a game in order (each as the state before the next
//! action, then the final state), so [`OublietteTally`] reads fight results from the
//! *transitions* between states rather than from hooks in the rules code:
//!
//! * a fight starts when a monster card is drawn, or when a Dragon Hoard fight appears;
//! * it is won at the winner's reward, one action (the treasure draw for a monster card,
//!   the reward die for a Hoard);
//! * a wound drawn by the current player during a monster or Hoard fight is a wound taken
//!   from that monster.
//!
//! Player fights and Ambush are not monster fights and are not counted here.

use std::collections::BTreeMap;
use std::fmt::Write;

use gameshelf_engine::{Game, Tally};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::config::Mode;
use crate::game::OpenOubliette;
use crate::state::{DieFor, DrawFor, FightKind, Phase, State};

/// Fights against monsters of one power.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightCounts {
    /// Fights started (a Revenge round is part of the same fight).
    pub fought: u64,
    /// Fights won.
    pub won: u64,
    /// Wound cards drawn in them.
    pub wounds: u64,
}

impl FightCounts {
    fn add(&mut self, other: &FightCounts) {
        self.fought += other.fought;
        self.won += other.won;
        self.wounds += other.wounds;
    }
}

/// Fights by monster power, counted in place: a list indexed by power, so that counting
/// a fight at the action that starts it costs an index where a map would cost a search.
/// It reads and writes (serde) as the map from each power fought to its counts, as a map
/// kept it before, so saved parts and reports are unchanged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fights(Vec<FightCounts>);

impl Fights {
    /// The counts of the powers fought (any count above zero), weakest first.
    pub fn iter(&self) -> impl Iterator<Item = (u8, &FightCounts)> {
        (0..=u8::MAX)
            .zip(&self.0)
            .filter(|(_, c)| **c != FightCounts::default())
    }

    /// The counts of one power (zeros if it was never fought).
    pub fn get(&self, power: u8) -> FightCounts {
        self.0.get(usize::from(power)).copied().unwrap_or_default()
    }

    /// Whether no fight was counted.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// The counts of `power`, to add to.
    #[inline]
    fn at(&mut self, power: u8) -> &mut FightCounts {
        let i = usize::from(power);
        if i >= self.0.len() {
            self.grow(i);
        }
        &mut self.0[i]
    }

    /// Makes room for power `i`: once per power, the first time it is fought.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, i: usize) {
        self.0.resize(i + 1, FightCounts::default());
    }

    fn add(&mut self, other: &Fights) {
        for (power, c) in other.iter() {
            self.at(power).add(c);
        }
    }
}

impl Serialize for Fights {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Fights {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<u8, FightCounts>::deserialize(d)?;
        let mut fights = Fights::default();
        for (power, c) in &map {
            fights.at(*power).add(c);
        }
        Ok(fights)
    }
}

/// Whether `action`, applied to `before`, is a fight winner's reward: the one treasure
/// drawn for a beaten monster card, or the die rolled for a beaten Hoard. Each is a single
/// action, so a fight is counted won at its reward without following where the last
/// action was. Told from the action's kind first, so that where the simulator knows the
/// kind (most call sites) the state is read only for the two kinds that can be rewards.
#[inline(always)]
fn reward(before: &State, action: Action) -> bool {
    let kind = before.fight.kind;
    match action {
        Action::DrawTreasure(_) => {
            kind == FightKind::Monster && before.turn.draw_for == DrawFor::MonsterWin
        }
        Action::Die(_) => kind == FightKind::Hoard && before.turn.die_for == DieFor::Hoard,
        _ => false,
    }
}

/// Open Oubliette's simulation figures.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct OublietteTally {
    /// Per monster power.
    pub fights: Fights,
    /// Jail mode: how many jailed players brought back each dollar amount.
    pub jail_dollars: BTreeMap<u32, u64>,
    /// The kind of fight in progress at the last action: a Hoard fight starts where it
    /// becomes `Hoard`. Comparing the kind with the last one costs one read an action, and
    /// settles every action where it has not changed.
    #[serde(skip)]
    kind: FightKind,
}

impl OublietteTally {
    /// Jailed players counted.
    pub fn jailed(&self) -> u64 {
        self.jail_dollars.values().sum()
    }

    /// The mean dollars brought back from jail.
    pub fn mean_jail_dollars(&self) -> f64 {
        let n = self.jailed();
        let total: u64 = self
            .jail_dollars
            .iter()
            .map(|(&d, &c)| u64::from(d) * c)
            .sum();
        if n == 0 { 0.0 } else { total as f64 / n as f64 }
    }

    /// The smallest amount that at least `q` (0..=1) of jailed players brought back.
    pub fn jail_quantile(&self, q: f64) -> u32 {
        let n = self.jailed();
        let want = ((q * n as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (&d, &c) in &self.jail_dollars {
            seen += c;
            if seen >= want {
                return d;
            }
        }
        0
    }
}

impl Tally<OpenOubliette> for OublietteTally {
    /// Called at every action, inlined into each of the simulator's call sites, where the
    /// action's kind is mostly known: what a kind cannot count is compiled away there.
    /// Each chance phase deals only its own kind of action, so a monster's reward (a
    /// treasure draw) and a Hoard's (a die roll) are told from the action's kind before
    /// the state is read ([`reward`]): most actions cost one read of the fight in
    /// progress. A fight is
    /// counted where it happens, into a list by power ([`Fights`]), with nothing left to
    /// sort out when the game ends. Always inlined: called as a function, it costs more
    /// than all it counts.
    #[inline(always)]
    fn record(&mut self, game: &OpenOubliette, before: &State, action: Action) {
        let kind = before.fight.kind;
        if kind != self.kind {
            self.kind = kind;
            if kind == FightKind::Hoard {
                self.fights.at(before.fight.base).fought += 1;
            }
        }
        if reward(before, action) {
            self.fights.at(before.fight.base).won += 1;
        }
        match action {
            Action::DrawMonster(card) if before.phase == Phase::DrawMonster => {
                let power = game.decks().monsters[card as usize].power;
                self.fights.at(power).fought += 1;
            }
            Action::DrawWound(_)
                if before.turn.wound_to == before.current
                    && matches!(before.fight.kind, FightKind::Monster | FightKind::Hoard) =>
            {
                self.fights.at(before.fight.base).wounds += 1;
            }
            _ => {}
        }
    }

    fn finish(&mut self, game: &OpenOubliette, end: &State) {
        self.kind = FightKind::default();
        if game.config().mode == Mode::Jail {
            for seat in 0..game.num_players() {
                *self
                    .jail_dollars
                    .entry(game.jail_dollars(end, seat))
                    .or_insert(0) += 1;
            }
        }
    }

    fn merge(&mut self, other: &Self) {
        self.fights.add(&other.fights);
        for (&d, &n) in &other.jail_dollars {
            *self.jail_dollars.entry(d).or_insert(0) += n;
        }
    }

    fn report(&self) -> String {
        let mut out = String::new();
        if !self.fights.is_empty() {
            let _ = writeln!(
                out,
                "fights by monster power (Dragon Hoard counted as its dragon):"
            );
            let _ = writeln!(
                out,
                "  power    fought       won   win%    wounds  wounds/fight"
            );
            for (power, c) in self.fights.iter() {
                let share = |x: u64| {
                    if c.fought == 0 {
                        0.0
                    } else {
                        x as f64 / c.fought as f64
                    }
                };
                let _ = writeln!(
                    out,
                    "  {power:>5} {:>9} {:>9} {:>6.1} {:>9} {:>13.3}",
                    c.fought,
                    c.won,
                    100.0 * share(c.won),
                    c.wounds,
                    share(c.wounds)
                );
            }
        }
        if self.jailed() > 0 {
            let _ = writeln!(
                out,
                "jail: dollars brought back to the host game ({} jailed players)",
                self.jailed()
            );
            let _ = writeln!(
                out,
                "  mean ${:.1}; p10 ${}, median ${}, p90 ${}, max ${}",
                self.mean_jail_dollars(),
                self.jail_quantile(0.1),
                self.jail_quantile(0.5),
                self.jail_quantile(0.9),
                self.jail_dollars.keys().next_back().copied().unwrap_or(0)
            );
            let zero = self.jail_dollars.get(&0).copied().unwrap_or(0);
            let _ = writeln!(
                out,
                "  came back with nothing: {:.1}%",
                100.0 * zero as f64 / self.jailed() as f64
            );
            let _ = writeln!(out, "  distribution ($100 buckets):");
            let mut buckets: BTreeMap<u32, u64> = BTreeMap::new();
            for (&d, &n) in &self.jail_dollars {
                *buckets.entry(d / 100 * 100).or_insert(0) += n;
            }
            for (b, n) in buckets {
                let _ = writeln!(
                    out,
                    "    ${b:>5}-{:<5} {n:>9}  {:>5.1}%",
                    b + 99,
                    100.0 * n as f64 / self.jailed() as f64
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use gameshelf_engine::{Bot, GameSpec, RandomBot, Rng, play};

    use super::*;

    fn run(spec: &str, games: u64) -> OublietteTally {
        let game = OpenOubliette::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
        let mut tally = OublietteTally::default();
        for i in 0..games {
            let mut bots: Vec<Box<dyn Bot<OpenOubliette>>> = (0..game.num_players())
                .map(|_| Box::new(RandomBot::default()) as _)
                .collect();
            let mut state = game.initial_state();
            play(
                &game,
                &mut state,
                &mut bots,
                &mut Rng::for_stream(3, i),
                |before, a| tally.record(&game, before, a),
            );
            tally.finish(&game, &state);
        }
        tally
    }

    /// Wins can only come from fights, and weak monsters are beaten more often than
    /// dragons (the reference figures: 25/36 overall with no modifiers, 1/6 against power 10).
    #[test]
    fn fight_figures_are_consistent() {
        let t = run("open-oubliette(players=2)", 60);
        let total: u64 = t.fights.iter().map(|(_, c)| c.fought).sum();
        assert!(total > 500, "{total}");
        for (p, c) in t.fights.iter() {
            assert!(c.won <= c.fought, "power {p}: {c:?}");
        }
        let rate = |p: u8| {
            let c = t.fights.get(p);
            c.won as f64 / c.fought as f64
        };
        assert!(rate(1) > 0.9, "{}", rate(1));
        assert!(rate(10) < 0.5, "{}", rate(10));
        assert!(t.fights.get(10).wounds > 0);
        assert!(t.jail_dollars.is_empty());
    }

    /// Fights counted in place read and write as the map by power they were kept in before,
    /// so that parts saved by either merge: only the powers fought, weakest first.
    #[test]
    fn fights_read_and_write_as_a_map_by_power() {
        let t = run("open-oubliette(players=2)", 20);
        let json = serde_json::to_value(&t.fights).unwrap();
        let map: BTreeMap<u8, FightCounts> = serde_json::from_value(json.clone()).unwrap();
        let listed: Vec<(u8, FightCounts)> = t.fights.iter().map(|(p, c)| (p, *c)).collect();
        assert_eq!(map.into_iter().collect::<Vec<_>>(), listed);
        assert!(!listed.is_empty() && listed.iter().all(|(_, c)| c.fought > 0));
        let back: Fights = serde_json::from_value(json).unwrap();
        assert_eq!(back, t.fights);
        let mut merged = Fights::default();
        merged.add(&t.fights);
        merged.add(&back);
        let (p, c) = listed[0];
        assert_eq!(merged.get(p).fought, 2 * c.fought);
        assert_eq!(merged.get(u8::MAX), FightCounts::default());
    }

    /// A winner's reward is one action: no reward follows another, in any configuration
    /// with monster fights and Hoards (so counting rewards counts won fights).
    #[test]
    fn a_reward_is_a_single_action() {
        let (mut rewards, mut hoards) = (0, 0);
        for spec in [
            "open-oubliette(players=2)",
            "open-oubliette(players=3,hoard_draws_deck_dragon=true,revenge_full_round=false)",
            "open-oubliette(players=1,mode=jail)",
        ] {
            let game = OpenOubliette::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
            for i in 0..100 {
                let mut bots: Vec<Box<dyn Bot<OpenOubliette>>> = (0..game.num_players())
                    .map(|_| Box::new(RandomBot::default()) as _)
                    .collect();
                let mut last = false;
                let mut state = game.initial_state();
                let mut rng = Rng::for_stream(5, i);
                play(&game, &mut state, &mut bots, &mut rng, |before, a| {
                    let now = reward(before, a);
                    assert!(!(now && last), "{spec}: {a} follows a reward");
                    rewards += u32::from(now);
                    hoards += u32::from(now && matches!(a, Action::Die(_)));
                    last = now;
                });
            }
        }
        assert!(
            rewards > 1000 && hoards > 0,
            "{rewards} rewards, {hoards} for Hoards"
        );
    }

    #[test]
    fn jail_dollars_are_counted_once_per_jailed_player() {
        let t = run("open-oubliette(players=1,mode=jail)", 200);
        assert_eq!(t.jailed(), 200);
        assert!(t.mean_jail_dollars() >= 0.0);
        assert!(t.jail_quantile(0.9) >= t.jail_quantile(0.1));
        let mut merged = t.clone();
        merged.merge(&t);
        assert_eq!(merged.jailed(), 400);
        assert!(t.report().contains("jail: dollars brought back"));
    }
}
