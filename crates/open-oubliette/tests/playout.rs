//! Random playouts of many configurations: no panic, invariants hold, games end.

mod common;

use common::*;
use gameshelf_engine::{Game, Rng};

const CONFIGS: &[&str] = &[
    "open-oubliette",
    "open-oubliette(players=1)",
    "open-oubliette(players=2)",
    "open-oubliette(players=6)",
    "open-oubliette(edition=blog)",
    "open-oubliette(edition=readme)",
    "open-oubliette(players=3,pvp_model=opposed,pvp_wound=winner,stack_weapons=true,stack_armor=true)",
    "open-oubliette(players=3,gear_windows=useful,pvp_model=opposed,stack_weapons=true)",
    "open-oubliette(players=3,gear_windows=useful,declare_before_roll=true)",
    "open-oubliette(players=3,declare_before_roll=true,kept_card_timing=before_roll,revenge_full_round=false)",
    "open-oubliette(players=3,direction_persists=true,exit_pass_stops=true,exit_cancels_extra_turn=true)",
    "open-oubliette(players=3,levelup_end=game_end,levelup_global=true,quest_arrival=land_only,quest_persists_if_unmet=true)",
    "open-oubliette(players=3,levelup_end=next_exit_arrival,ambush_adds_wounds=true,lost_treasure_dest=reshuffled_into_deck,trap_treasure=random_unused)",
    "open-oubliette(players=3,lost_turn_skips_extra=false,spelunk_mode=roll_and_move,tunnel_relative_to_move=true,tunnel_triggers_landing=true,hoard_draws_deck_dragon=true)",
    "open-oubliette(players=3,cash_in_subset=true,treasure_end_timing=end_of_turn)",
    "open-oubliette(players=4,treasure_end_timing=end_of_round,win_threshold=100000)",
    "open-oubliette(players=4,max_turns=30)",
    "open-oubliette(players=1,mode=jail)",
    "open-oubliette(players=2,mode=jail,jail_extra_turns_count=true,jail_early_release=true)",
];

#[test]
fn random_playouts_keep_every_invariant_and_end() {
    for (i, spec) in CONFIGS.iter().enumerate() {
        let g = game(spec);
        for seed in 0..40 {
            let mut rng = Rng::for_stream(i as u64, seed);
            let mut s = g.initial_state();
            random_game(&g, &mut s, &mut rng, true);
            let r = g.returns(&s);
            let info = g.info();
            for &v in r.as_slice() {
                assert!(v >= info.min_return && v <= info.max_return, "{spec}: {v}");
            }
            if !spec.contains("jail") {
                assert!((r.sum() - 1.0).abs() < 1e-9, "{spec}: {:?}", r);
            }
            assert_ne!(g.end_kind(&s), "none");
        }
    }
}

#[test]
fn many_default_playouts_never_panic() {
    let g = game("open-oubliette");
    let mut buf = Vec::new();
    let mut out = gameshelf_engine::Outcomes::new();
    for seed in 0..500 {
        let mut rng = Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        let n = g.random_playout(&mut s, &mut rng, &mut buf, &mut out);
        assert!(n.actions as usize <= g.max_game_length());
        assert!(g.is_terminal(&s));
    }
}
