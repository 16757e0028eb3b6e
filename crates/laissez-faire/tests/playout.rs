//! Whole games between bots: every bot action is legal, games end, money flows, and the
//! Oubliette jail is played.

use gameshelf_engine::{Bot, Game, GameSpec, RandomBot, Rng, Tally, play};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::tally::LaissezFaireTally;
use gameshelf_laissez_faire::{Action, LaissezFaire};

fn run(spec: &str, games: u64, trader: bool) -> (LaissezFaireTally, u64) {
    run_with(spec, games, |_| -> Box<dyn Bot<LaissezFaire>> {
        if trader {
            Box::new(Trader::default())
        } else {
            Box::new(RandomBot::default())
        }
    })
}

/// Plays `games` games of `spec` with the bot `seat_bot` gives each seat, checking that
/// every action is legal: the tally and the Oubliette jail's actions.
fn run_with(
    spec: &str,
    games: u64,
    seat_bot: impl Fn(usize) -> Box<dyn Bot<LaissezFaire>>,
) -> (LaissezFaireTally, u64) {
    let game = LaissezFaire::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
    let mut tally = LaissezFaireTally::default();
    let mut oubliette_actions = 0;
    for i in 0..games {
        let mut bots: Vec<Box<dyn Bot<LaissezFaire>>> =
            (0..game.num_players()).map(&seat_bot).collect();
        let mut state = game.initial_state();
        play(
            &game,
            &mut state,
            &mut bots,
            &mut Rng::for_stream(7, i),
            |before, a| {
                assert!(game.is_legal(before, a), "{a} in {before:?}");
                oubliette_actions += u64::from(matches!(a, Action::Oubliette(_)));
                tally.record(&game, before, a);
            },
        );
        assert!(game.is_terminal(&state));
        tally.finish(&game, &state);
    }
    (tally, oubliette_actions)
}

/// The bargainer's sums are its own (not the listed ones), so every one of them is checked
/// against the rules, among heuristic traders, in every objective and with the Oubliette
/// jail and a limited building supply.
#[test]
fn bargainers_only_make_legal_moves() {
    for spec in [
        "laissez-faire(players=4)",
        "laissez-faire(players=2)",
        "laissez-faire(players=3,objective=rounds)",
        "laissez-faire(players=4,objective=last_standing,building_supply=35h/15apt)",
        "laissez-faire(players=3,jail=oubliette,max_rounds=60)",
    ] {
        let (t, _) = run_with(spec, 30, |seat| -> Box<dyn Bot<LaissezFaire>> {
            if seat % 2 == 0 {
                Box::new(Trader::bargainer())
            } else {
                Box::new(Trader::default())
            }
        });
        assert_eq!(t.games, 30, "{spec}");
    }
}

#[test]
fn traders_finish_and_pay_each_other() {
    let (t, _) = run("laissez-faire(players=4)", 20, true);
    assert_eq!(t.games, 20);
    assert!(t.rent.to_players > 0 && t.rent.to_bank > 0, "{t:?}");
    assert!(t.mean_rounds() > 3.0, "{}", t.mean_rounds());
    let ended: u64 = t.endings["race"].values().sum();
    assert_eq!(ended, 20, "{:?}", t.endings);
    assert!(t.offers > 0 && t.trades > 0, "traders trade: {t:?}");
    let report = t.report();
    assert!(report.contains("player income: rent"), "{report}");
    assert!(report.contains("trade threads per game"), "{report}");
}

#[test]
fn the_oubliette_jail_is_played_and_pays_fees() {
    let (t, oubliette) = run(
        "laissez-faire(players=4,jail=oubliette,max_rounds=60)",
        10,
        true,
    );
    assert!(oubliette > 0);
    assert!(t.jail_fees > 0, "{t:?}");
    let (_, random) = run(
        "laissez-faire(players=3,jail=oubliette,max_rounds=30)",
        10,
        false,
    );
    assert!(random > 0);
}

#[test]
fn the_designers_figures_count_every_game_and_add_up() {
    let (t, _) = run("laissez-faire(players=4,max_rounds=40)", 20, true);
    // Every player is counted once at the end, by position in the turn order.
    let counted: u64 = t.worth_by_position.iter().map(|p| p[0]).sum();
    assert_eq!(counted, 4 * t.games);
    assert!(
        t.worth_by_position[..4].iter().all(|p| p[0] == t.games),
        "{t:?}"
    );
    let by_kind: u64 = t.contracts_by_kind.all().iter().map(|&(_, n)| n).sum();
    assert_eq!(by_kind, t.contracts);
    // Owners of housed rooms sell lodging rights, one to a package.
    let rights = t.package_clauses.lodging_right;
    assert!(rights > 0 && rights <= t.packages_made, "{t:?}");
    // Round 10 is reached by every game that lasts that long; deeds are counted then.
    assert!(t.reached_round[0] > 0 && t.reached_round[0] <= t.games);
    assert!(t.reached_round[1] <= t.reached_round[0]);
    assert!(t.deeds_held[0] <= t.deeds_total[0]);
    assert!(t.deeds_held[0] > 0, "traders buy deeds");
    assert!(t.reached_threshold <= t.games);
    let report = t.report();
    for line in [
        "deeds held by players: round 10",
        "package clauses agreed per game by kind: ",
        "reached the race's threshold in",
        "net worth at the end by position in the turn order: 1st $",
    ] {
        assert!(report.contains(line), "{line} in {report}");
    }
    // Two halves merge into the whole.
    let (a, _) = run("laissez-faire(players=4,max_rounds=40)", 10, true);
    let mut merged = a.clone();
    merged.merge(&a);
    assert_eq!(
        merged.worth_by_position[0][0],
        2 * a.worth_by_position[0][0]
    );
    assert_eq!(merged.deeds_held, a.deeds_held.map(|x| 2 * x));
    assert_eq!(
        merged.package_clauses.lodging_right,
        2 * a.package_clauses.lodging_right
    );
}
