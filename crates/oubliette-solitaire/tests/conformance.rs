//! The shared conformance kit, over the default game and variants touching every flag.

use gameshelf_conformance::{Config, check};
use gameshelf_oubliette_solitaire::OublietteSolitaire;

fn conform(spec: &str, games: u64) {
    let game = OublietteSolitaire::from_spec(&spec.parse().unwrap()).unwrap();
    let summary = check(
        &game,
        &Config {
            games,
            ..Config::default()
        },
    );
    assert_eq!(summary.games, games);
    assert!(summary.resamples_differing > 0, "{spec}");
}

#[test]
fn default_game_conforms() {
    conform("oubliette-solitaire", 60);
}

#[test]
fn three_jokers_conform() {
    conform("oubliette-solitaire(jokers=3)", 40);
}

#[test]
fn variants_conform() {
    for spec in [
        "oubliette-solitaire(ace_combat_value=14,ace_adjacent_to_king=true,joker_equippable=true,\
         need_overrides=traps_only,blocked_need=graveyard,same_number_also_event=true)",
        "oubliette-solitaire(start_from_inventory_later=false,no_path_setback=lose,\
         trap_setback_can_lose=false,obstacle_is_setback=false,may_concede=true)",
        "oubliette-solitaire(combat_minimal_subset=true,trap_accepts_black_Q=true,chasm_stack=false,\
         chasm_survives_setback=true,equipped_loss_only_if_beneficial=true,actions_per_window=3)",
        "oubliette-solitaire(jokers=3,window_after_every_draw=true,equipped_usable_as_item=false,\
         gremlin_joker_first=true,hourglass_pick=top3,deck_out=immediate)",
        "oubliette-solitaire(second_chaos_passage=forbidden,joker_flip_counts_red=true,\
         grave_inventory_to_path=false,search_frequency=per_room,curse_card_counts=true)",
        "oubliette-solitaire(ward_consumed=false,advantage_other_card=deck_bottom)",
    ] {
        conform(spec, 15);
    }
}
