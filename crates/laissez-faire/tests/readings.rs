//! The readings the rulings name as parameters: the building supply, the stalemate's
//! player count and the free stay on a transit space are played here (the ban on gifts in
//! jail in `gifts.rs`); the others are refused by name when set to a value gameshelf does
//! not play.

use gameshelf_engine::{Game, GameSpec};
use gameshelf_laissez_faire::board::{APARTMENT, SpaceKind};
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, State};

fn game(spec: &str) -> LaissezFaire {
    LaissezFaire::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap()
}

/// The game after seat 0 is drawn to move first.
fn started(g: &LaissezFaire) -> State {
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s
}

/// The board's street properties.
fn properties(g: &LaissezFaire) -> Vec<u8> {
    (0..g.board().spaces.len() as u8)
        .filter(|&i| {
            matches!(
                g.board().spaces[i as usize].kind,
                SpaceKind::Property { .. }
            )
        })
        .collect()
}

#[test]
fn readings_gameshelf_does_not_play_are_refused_by_name() {
    for (name, value, implemented) in [
        ("monopoly_rule", "looser", "all_of_city"),
        ("contracts_public", "false", "true"),
    ] {
        let spec: GameSpec = format!("laissez-faire({name}={value})").parse().unwrap();
        let e = LaissezFaire::from_spec(&spec).unwrap_err().to_string();
        assert!(
            e.contains(&format!("{name}={value}"))
                && e.contains("does not implement")
                && e.contains(&format!("{name}={implemented}")),
            "{e}"
        );
        // The implemented reading is accepted and left out of the game string.
        let g = game(&format!("laissez-faire({name}={implemented})"));
        assert_eq!(g.spec().to_string(), "laissez-faire");
    }
}

/// With the Anti-Monopoly set's 35 houses and 15 apartments, a house cannot be built once
/// 35 are on the board, nor an apartment once 15 are; without a limit both can.
#[test]
fn the_building_supply_runs_out() {
    let limited = game("laissez-faire(building_supply=35h/15apt)");
    let unlimited = game("laissez-faire");
    let props = properties(&limited);
    assert!(props.len() >= 18, "{} properties", props.len());
    let (mine, others) = props.split_first().unwrap();
    let mut s = started(&limited);
    s.players[0].cash = 100_000;
    s.lots.0[*mine as usize].owner = 0;
    s.lots.0[*mine as usize].level = 1;
    // 1 + 17 lots of 2 houses: all 35 houses are on the board.
    for &p in &others[..17] {
        s.lots.0[p as usize].level = 2;
    }
    assert_eq!(limited.can_build(&s, 0, *mine), None, "no house left");
    assert!(unlimited.can_build(&s, 0, *mine).is_some());
    // One apartment frees two houses.
    s.lots.0[others[0] as usize].level = APARTMENT;
    assert!(
        limited.can_build(&s, 0, *mine).is_some(),
        "a house came back"
    );
    // With 15 apartments on the board, a third building (an apartment) is refused.
    s.lots.0[*mine as usize].level = 2;
    for &p in &others[..15] {
        s.lots.0[p as usize].level = APARTMENT;
    }
    assert_eq!(limited.can_build(&s, 0, *mine), None, "no apartment left");
    s.lots.0[others[0] as usize].level = 0;
    assert!(
        limited.can_build(&s, 0, *mine).is_some(),
        "14 apartments: one is left"
    );
}

/// Objective 3: with `stalemate_min_players=3` a stalemate may be declared with three
/// players left; by default only with two.
#[test]
fn a_stalemate_may_come_with_more_players_left() {
    let spec = "laissez-faire(players=3,objective=last_standing";
    let three = game(&format!("{spec},stalemate_min_players=3)"));
    let two = game(&format!("{spec})"));
    let mut s = started(&three);
    s.quiet_rounds = 10;
    assert_eq!(three.alive(&s), 3);
    assert!(three.may_declare_stalemate(&s));
    assert!(!two.may_declare_stalemate(&s));
    let e = LaissezFaire::from_spec(&"laissez-faire(stalemate_min_players=9)".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("stalemate_min_players"), "{e}");
}

/// Seat 0 rolls from Start onto the first side's transit company (bought by seat 1, so that
/// no purchase comes first): the choice of a city, and with `transit_space_free_stay` a free
/// stay on the company's space.
fn on_transit(spec: &str) -> (LaissezFaire, State) {
    let g = game(spec);
    let mut s = started(&g);
    let transit = g.board().transit_of_side[0];
    s.lots.0[transit as usize].owner = 1;
    g.apply(&mut s, Action::Go).unwrap();
    while s.phase == gameshelf_laissez_faire::Phase::Floor {
        g.apply(&mut s, Action::Pass).unwrap();
    }
    let roll = gameshelf_engine::dice::DicePair::new(1, transit - 1);
    g.apply(&mut s, Action::Roll(roll)).unwrap();
    assert_eq!(s.players[0].pos, transit);
    assert_eq!(s.phase, gameshelf_laissez_faire::Phase::TransitChoice);
    (g, s)
}

#[test]
fn a_free_stay_on_a_transit_space_is_a_variant() {
    // The default: pick one of the two cities and lodge there.
    let (g, s) = on_transit("laissez-faire(players=2)");
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(
        legal.iter().all(|a| matches!(a, Action::City(_))),
        "{legal:?}"
    );
    assert!(g.apply(&mut s.clone(), Action::Stay).is_err());
    // The variant adds a free stay, which ends the roll-turn where the token is.
    let (g, mut s) = on_transit("laissez-faire(players=2,transit_space_free_stay=true)");
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.first(), Some(&Action::Stay));
    assert!(g.describe_action(&s, Action::Stay).contains("for free"));
    let (cash, pos) = (s.players[0].cash, s.players[0].pos);
    g.apply(&mut s, Action::Stay).unwrap();
    assert_eq!((s.players[0].cash, s.players[0].pos), (cash, pos));
    assert_eq!(
        (s.phase, s.floor_late),
        (Phase::Floor, true),
        "the turn is over: the floor after it"
    );
}
