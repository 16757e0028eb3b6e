//! The shared conformance kit, over the default game and the main variants.

use gameshelf_conformance::{Config, check};
use gameshelf_open_oubliette::OpenOubliette;

fn conform(spec: &str, games: u64) {
    let game = OpenOubliette::from_spec(&spec.parse().unwrap()).unwrap();
    let summary = check(
        &game,
        &Config {
            games,
            ..Config::default()
        },
    );
    assert_eq!(summary.games, games);
    assert!(
        summary.resamples_differing > 0 || spec.contains("open_hands=true"),
        "{spec}"
    );
}

#[test]
fn default_game_conforms() {
    conform("open-oubliette", 40);
}

#[test]
fn variants_conform() {
    for spec in [
        "open-oubliette(players=2,edition=blog)",
        "open-oubliette(players=3,edition=readme,pvp_model=opposed,cash_in_subset=true)",
        "open-oubliette(players=3,declare_before_roll=true,kept_card_timing=before_roll,trap_treasure=random_unused)",
        "open-oubliette(players=6,open_hands=true)",
        "open-oubliette(players=3,gear_windows=useful,stack_armor=true)",
        "open-oubliette(players=2,mode=jail,jail_early_release=true)",
        // Scores with the Level Up bonus and later seats' starting gold, which move the
        // standing stamp.
        "open-oubliette(players=4,levelup_end=game_end,later_gold=20,tiebreak_tier2=including)",
    ] {
        conform(spec, 10);
    }
}
