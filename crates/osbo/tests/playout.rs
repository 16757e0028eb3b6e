//! The playout override (option lists kept between actions) against the provided loop of
//! `Game::random_playout` written out: from the same generator state they reach the same
//! final state with the same counts and leave the generator in the same state.

use gameshelf_engine::{Actor, Game, Outcomes, Playout, Rng};
use gameshelf_osbo::{Osbo, State};

const VARIANTS: [&str; 9] = [
    "osbo",
    "osbo(players=1)",
    "osbo(players=3,size=4)",
    "osbo(players=4,size=6)",
    "osbo(size=3,priority=designs_first)",
    "osbo(players=3,simultaneous=true)",
    "osbo(window=loose)",
    "osbo(size=2)",
    "osbo(players=3,window=loose,size=4)",
];

/// The engine's provided `random_playout`, verbatim.
fn reference(g: &Osbo, state: &mut State, rng: &mut Rng) -> Playout {
    let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
    let mut n = Playout::default();
    loop {
        let a = match g.actor(state) {
            Actor::Terminal => return n,
            Actor::Chance => g.sample_chance(state, rng, &mut outcomes),
            Actor::Player(_) => {
                g.legal_actions(state, &mut actions);
                n.decisions += 1;
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        g.apply_unchecked(state, a);
        n.actions += 1;
    }
}

/// From the start and from a state some random actions in, for many seeds.
#[test]
fn override_draws_as_the_provided_loop() {
    let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
    for spec in VARIANTS {
        let g = Osbo::from_spec(&spec.parse().unwrap()).unwrap();
        for seed in 0..150 {
            let mut start = g.initial_state();
            let mut walk = Rng::for_stream(seed, 7);
            for _ in 0..seed % 13 {
                let a = match g.actor(&start) {
                    Actor::Terminal => break,
                    Actor::Chance => g.sample_chance(&start, &mut walk, &mut outcomes),
                    Actor::Player(_) => {
                        g.legal_actions(&start, &mut actions);
                        actions[walk.below(actions.len() as u64) as usize]
                    }
                };
                g.apply_unchecked(&mut start, a);
            }
            let (mut ours, mut theirs) = (start.clone(), start);
            let mut rng = Rng::for_stream(seed, 3);
            let mut reference_rng = rng.clone();
            let got = g.random_playout(&mut ours, &mut rng, &mut actions, &mut outcomes);
            let want = reference(&g, &mut theirs, &mut reference_rng);
            assert_eq!(got, want, "{spec}, seed {seed}: counts");
            assert_eq!(ours, theirs, "{spec}, seed {seed}: final state");
            assert_eq!(rng, reference_rng, "{spec}, seed {seed}: generator");
            assert!(g.is_terminal(&ours), "{spec}, seed {seed}");
        }
    }
}
