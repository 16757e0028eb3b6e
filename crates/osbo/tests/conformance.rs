//! The shared conformance kit, over the default game and every variant parameter.
//!
//! The default game gets the kit's full deep checks; the variants get lighter ones (Osbo
//! has perfect information, so resampling is a copy and one resample per seat checks it),
//! which keeps the whole file to a few seconds in a debug build. The ignored
//! `full_conformance_run` plays many more games with the kit's defaults.

use gameshelf_conformance::{Config, check};
use gameshelf_osbo::Osbo;

/// Every parameter away from its default at least once.
const VARIANTS: [&str; 7] = [
    "osbo(players=1)",
    "osbo(players=3,size=4)",
    "osbo(players=4,size=6)",
    "osbo(size=3,priority=designs_first)",
    "osbo(players=3,simultaneous=true)",
    "osbo(window=loose)",
    "osbo(size=8,max_turns=20)",
];

fn conform(spec: &str, config: Config) {
    let game = Osbo::from_spec(&spec.parse().unwrap()).unwrap();
    let games = config.games;
    let summary = check(&game, &config);
    assert_eq!(summary.games, games, "{spec}");
    assert!(summary.actions > games, "{spec}: games have moves");
}

/// The variants' lighter deep checks: three states per game, one resample per seat.
fn light(games: u64) -> Config {
    Config {
        games,
        deep_states: 3,
        resamples: 1,
        ..Config::default()
    }
}

#[test]
fn default_game_conforms() {
    conform(
        "osbo",
        Config {
            games: 30,
            ..Config::default()
        },
    );
}

#[test]
fn variants_conform() {
    for spec in VARIANTS {
        // Four dice a turn make the turn rule's search the slowest by far.
        let games = if spec.contains("players=4") { 2 } else { 6 };
        conform(spec, light(games));
    }
}

#[test]
#[ignore = "slow: full conformance run"]
fn full_conformance_run() {
    conform(
        "osbo",
        Config {
            games: 300,
            ..Config::default()
        },
    );
    for spec in VARIANTS {
        conform(
            spec,
            Config {
                games: 40,
                ..Config::default()
            },
        );
    }
}

/// With n = 2 the start die's four open ends already span 3 x 3: nothing can ever be
/// placed, so the game is over at once, a draw with no closed cord.
#[test]
fn two_by_two_game_is_over_at_once() {
    use gameshelf_engine::Game;
    let game = Osbo::from_spec(&"osbo(size=2)".parse().unwrap()).unwrap();
    let s = game.initial_state();
    assert!(game.is_terminal(&s));
    assert_eq!(game.end_kind(&s), "blocked");
    assert_eq!(game.returns(&s).as_slice(), [0.5, 0.5]);
}
