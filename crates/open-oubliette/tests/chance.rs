//! `sample_chance` (direct sampling, used by playouts) against `chance_outcomes` (the exact
//! list): at chance nodes of every kind reached in random playouts, the direct sample is
//! the outcome listing-then-sampling gives for the same random numbers, and its empirical
//! distribution matches the listed weights.

mod common;

use std::collections::{BTreeMap, HashMap};

use common::*;
use gameshelf_engine::{Actor, CardSet, Game, Outcomes, Rng};
use gameshelf_open_oubliette::{Action, OpenOubliette, Phase, State};

const CONFIGS: &[&str] = &[
    "open-oubliette",
    "open-oubliette(players=1)",
    "open-oubliette(players=2)",
    "open-oubliette(players=3)",
    "open-oubliette(players=6)",
    "open-oubliette(edition=blog)",
    "open-oubliette(gear_windows=useful)",
    "open-oubliette(players=3,trap_treasure=random_unused,hoard_draws_deck_dragon=true)",
    "open-oubliette(players=2,mode=jail,jail_early_release=true)",
];

/// Every phase that is a chance node.
const CHANCE_PHASES: [Phase; 9] = [
    Phase::Order,
    Phase::MoveRoll,
    Phase::DrawMonster,
    Phase::DrawEvent,
    Phase::DrawTreasure,
    Phase::DrawWound,
    Phase::Steal,
    Phase::CheckRoll,
    Phase::Die,
];

/// Up to `per_phase` chance states of each phase met in random playouts of `g`, plus
/// states whose monster or event draw pile is empty (the discard pile is drawn from).
fn chance_states(g: &OpenOubliette, per_phase: usize) -> Vec<State> {
    // Ordered, so the states (and so the random numbers each gets) are the same every run.
    let mut found: BTreeMap<String, Vec<State>> = BTreeMap::new();
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    for seed in 0..200 {
        let mut rng = Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        let mut i = 0u64;
        loop {
            let a = match g.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => {
                    let kept = found.entry(format!("{:?}", s.phase)).or_default();
                    // Spread the picks over the game (piles at various sizes).
                    if kept.len() < per_phase && (i + seed) % 7 == 0 {
                        kept.push(s.clone());
                    }
                    g.chance_outcomes(&s, &mut out);
                    out.sample(&mut rng)
                }
                Actor::Player(_) => {
                    g.legal_actions(&s, &mut buf);
                    buf[rng.below(buf.len() as u64) as usize]
                }
            };
            g.apply_unchecked(&mut s, a);
            i += 1;
        }
    }
    let mut states: Vec<State> = found.into_values().flatten().collect();
    let from_discard: Vec<State> = states
        .iter()
        .filter(|s| matches!(s.phase, Phase::DrawMonster | Phase::DrawEvent))
        .map(|s| {
            let mut t = s.clone();
            t.monster_discard = t.monster_discard.union(t.monster_draw);
            t.monster_draw = CardSet::EMPTY;
            t.event_discard = t.event_discard.union(t.event_draw);
            t.event_draw = CardSet::EMPTY;
            t
        })
        .collect();
    states.extend(from_discard);
    states
}

#[test]
fn every_chance_phase_is_covered() {
    let mut seen = Vec::new();
    for spec in CONFIGS {
        for s in chance_states(&game(spec), 1) {
            if !seen.contains(&s.phase) {
                seen.push(s.phase);
            }
        }
    }
    for phase in CHANCE_PHASES {
        assert!(seen.contains(&phase), "no {phase:?} node reached");
    }
}

/// Given the same generator state, the direct sample is the listed sample, and it uses
/// the same random numbers (the generators agree afterwards).
#[test]
fn direct_sample_replicates_the_listed_sample() {
    let mut out = Outcomes::new();
    let mut buf = Outcomes::new();
    for spec in CONFIGS {
        let g = game(spec);
        for s in chance_states(&g, 6) {
            for seed in 0..300 {
                let mut direct = Rng::for_stream(seed, 1);
                let mut listed = direct.clone();
                let a = g.sample_chance(&s, &mut direct, &mut buf);
                g.chance_outcomes(&s, &mut out);
                let b = out.sample(&mut listed);
                assert_eq!(a, b, "{spec}, {:?}, seed {seed}", s.phase);
                assert_eq!(direct, listed, "{spec}, {:?}: random numbers used", s.phase);
            }
        }
    }
}

/// 20,000 direct samples per node: never an unlisted outcome, and every outcome's count
/// within 5 standard deviations of its exact expectation.
#[test]
fn direct_sample_follows_the_listed_weights() {
    const N: u64 = 20_000;
    let mut out = Outcomes::new();
    let mut buf = Outcomes::new();
    let mut rng = Rng::seed_from_u64(11);
    for spec in CONFIGS {
        let g = game(spec);
        for s in chance_states(&g, 3) {
            g.chance_outcomes(&s, &mut out);
            let weights: HashMap<Action, u32> = out.as_slice().iter().copied().collect();
            let total = out.total() as f64;
            let mut counts: HashMap<Action, u64> = HashMap::new();
            for _ in 0..N {
                let a = g.sample_chance(&s, &mut rng, &mut buf);
                assert!(
                    weights.contains_key(&a),
                    "{spec}, {:?}: {a} is not listed",
                    s.phase
                );
                *counts.entry(a).or_default() += 1;
            }
            for (a, &w) in &weights {
                let p = w as f64 / total;
                let expected = N as f64 * p;
                let sd = (N as f64 * p * (1.0 - p)).sqrt();
                let got = counts.get(a).copied().unwrap_or(0) as f64;
                assert!(
                    (got - expected).abs() <= 5.0 * sd.max(1.0),
                    "{spec}, {:?}: {a} drawn {got} times, expected {expected:.0} (sd {sd:.1})",
                    s.phase
                );
            }
        }
    }
}

/// `random_playout` (which samples and applies the commonest chance nodes in one step)
/// plays exactly the game the trait's provided loop plays with the same generator.
#[test]
fn playout_matches_the_provided_loop() {
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    for spec in CONFIGS {
        let g = game(spec);
        for seed in 0..100 {
            let mut fast_rng = Rng::for_stream(seed, 2);
            let mut rng = fast_rng.clone();
            let mut fast = g.initial_state();
            let p = g.random_playout(&mut fast, &mut fast_rng, &mut buf, &mut out);
            // The provided loop, spelled out.
            let mut s = g.initial_state();
            let (mut actions, mut decisions) = (0u64, 0u64);
            loop {
                let a = match g.actor(&s) {
                    Actor::Terminal => break,
                    Actor::Chance => g.sample_chance(&s, &mut rng, &mut out),
                    Actor::Player(_) => {
                        g.legal_actions(&s, &mut buf);
                        decisions += 1;
                        buf[rng.below(buf.len() as u64) as usize]
                    }
                };
                g.apply_unchecked(&mut s, a);
                actions += 1;
            }
            assert_eq!(fast, s, "{spec}, seed {seed}");
            assert_eq!((p.actions, p.decisions), (actions, decisions), "{spec}");
            assert_eq!(fast_rng, rng, "{spec}, seed {seed}: random numbers used");
        }
    }
}

/// `watched_play` (chance in fused steps, decisions by the caller) plays exactly the game
/// `gameshelf_engine::play` plays with the same bots and generator, showing the watch
/// every action applied.
#[test]
fn bots_play_the_same_game_in_the_fused_loop() {
    use gameshelf_engine::{Bot, SeatView};
    use gameshelf_open_oubliette::bot::Heuristic;
    let mut out = Outcomes::new();
    for spec in CONFIGS {
        let g = game(spec);
        let bots = || -> Vec<Box<dyn Bot<OpenOubliette>>> {
            (0..g.num_players())
                .map(|_| Box::new(Heuristic::default()) as Box<dyn Bot<OpenOubliette>>)
                .collect()
        };
        for seed in 0..40 {
            let mut fast_rng = Rng::for_stream(seed, 3);
            let mut rng = fast_rng.clone();
            let mut fast = g.initial_state();
            let (mut fast_bots, mut seen) = (bots(), Vec::new());
            let p = g.watched_play(
                &mut fast,
                &mut fast_rng,
                &mut out,
                |s, seat, rng| fast_bots[seat].choose(&SeatView::new(&g, s, seat), rng),
                |_: &State, a| seen.push(a),
            );
            let mut s = g.initial_state();
            let mut played = Vec::new();
            gameshelf_engine::play(&g, &mut s, &mut bots(), &mut rng, |_, a| played.push(a));
            assert_eq!(seen, played, "{spec}, seed {seed}");
            assert_eq!(fast, s, "{spec}, seed {seed}");
            assert_eq!(p.actions, played.len() as u64, "{spec}");
            assert_eq!(fast_rng, rng, "{spec}, seed {seed}: random numbers used");
        }
    }
}
