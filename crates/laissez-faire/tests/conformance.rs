//! The shared conformance kit, over the default game and the main variants.

use gameshelf_conformance::{Config, check};
use gameshelf_laissez_faire::LaissezFaire;

fn conform(spec: &str, games: u64) {
    let game = LaissezFaire::from_spec(&spec.parse().unwrap()).unwrap();
    let summary = check(
        &game,
        &Config {
            games,
            ..Config::default()
        },
    );
    assert_eq!(summary.games, games, "{spec}");
    assert!(
        summary.repriced > 0,
        "{spec}: prices named at other sums were tried"
    );
}

/// The default game has trade threads on (`trading=true`).
#[test]
fn default_game_conforms() {
    conform("laissez-faire(max_rounds=40)", 40);
}

#[test]
fn trading_on_and_off_conform() {
    conform("laissez-faire(players=5,trading=true,max_rounds=30)", 8);
    conform("laissez-faire(players=3,trading=false,max_rounds=30)", 8);
}

#[test]
fn variants_conform() {
    for spec in [
        "laissez-faire(players=2,objective=last_standing,max_rounds=60,stalemate_rounds=1)",
        "laissez-faire(players=8,objective=rounds,rounds=10,jail_chances=2,bank_fare=base)",
        "laissez-faire(players=3,tax_shortfall=eliminate,nw_property_basis=price,win_net_worth=1600,max_rounds=40)",
        "laissez-faire(players=3,jail=oubliette,max_rounds=25)",
        "laissez-faire(players=8,later_cash=10000,max_rounds=30)",
        "laissez-faire(players=3,no_gifts_while_jailed=true,transit_space_free_stay=true,max_rounds=40)",
        "laissez-faire(players=4,building_supply=35h/15apt,objective=last_standing,stalemate_min_players=4,max_rounds=40)",
    ] {
        conform(spec, 4);
    }
}

/// `auction_on_decline=true`: declined deeds are auctioned (bids at any sum in range).
#[test]
fn the_auction_variant_conforms() {
    conform(
        "laissez-faire(players=4,auction_on_decline=true,max_rounds=30)",
        6,
    );
    conform(
        "laissez-faire(players=2,auction_on_decline=true,max_rounds=40)",
        4,
    );
}

/// `window_threads=10`: the readings' ten open offers, nine of them set aside.
#[test]
fn ten_threads_a_window_conform() {
    conform(
        "laissez-faire(players=3,window_threads=10,max_rounds=20)",
        3,
    );
}

/// The open floor with two threads each (so that threads set aside on the floor are played
/// too), without a floor (the earlier protocol), and at each of its moments alone.
#[test]
fn the_open_floor_conforms_with_every_allowance() {
    conform("laissez-faire(players=3,floor_threads=2,max_rounds=20)", 3);
    conform("laissez-faire(players=3,floor_threads=0,max_rounds=20)", 3);
    conform(
        "laissez-faire(players=3,floor=before_roll,max_rounds=20)",
        3,
    );
    conform(
        "laissez-faire(players=3,floor=after_roll,floor_threads=2,max_rounds=20)",
        3,
    );
}

/// Contracts are on by default; with them off, no `Propose` is listed.
#[test]
fn contracts_on_and_off_conform() {
    conform("laissez-faire(players=2,contracts=true,max_rounds=40)", 6);
    conform("laissez-faire(players=4,contracts=false,max_rounds=30)", 4);
}
