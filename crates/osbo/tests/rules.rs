//! The rules of `docs/rules/osbo.md`, pinned: the window rule, the turn rule, chance, the end and scoring.

use std::collections::HashMap;

use gameshelf_engine::{Actor, Game, Outcomes, Rng};
use gameshelf_osbo::state::ORIGIN;
use gameshelf_osbo::{
    Action, Board, Design, Edges, Face, Osbo, Phase, Placement, Roll, State, Window, max_score,
    max_score_design,
};

fn game(spec: &str) -> Osbo {
    Osbo::from_spec(&spec.parse().unwrap()).unwrap()
}

fn legal(g: &Osbo, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

fn roll(faces: &[Face]) -> Roll {
    faces.iter().fold(Roll::default(), |r, &f| r.with(f))
}

/// With the start cross and two chains east of it, the target three columns east takes an
/// end cap or a W+S corner, but nothing with an east crossing, whose target would leave the
/// 5 x 5 window.
#[test]
fn window_rule_tells_moves_at_the_same_point_apart() {
    let mut b = Board::start(5, Window::Strict);
    let o = ORIGIN;
    b.place(o, o + 1, Edges(10));
    b.place(o, o + 2, Edges(10));
    let fits = |e: u8| b.fits(o, o + 3, Edges(e), 5, Window::Strict);
    assert!(fits(8), "end cap facing west");
    assert!(fits(12), "corner W+S");
    assert!(!fits(10), "chain: its east target is a sixth column");
    assert!(!fits(14), "branch W+E+S");
    // The loose reading only counts dice: the chain fits, its open end never closes.
    assert!(b.fits(o, o + 3, Edges(10), 5, Window::Loose));
    assert!(!b.fits(o, o + 4, Edges(8), 5, Window::Strict));
}

/// A target only takes faces that match every placed neighbour (blank against blank too).
#[test]
fn placements_match_every_neighbour() {
    let g = game("osbo");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    g.apply(&mut s, Action::Roll(roll(&[Face::Cap, Face::Cap])))
        .unwrap();
    // Each design has four targets around the cross; a cap fits each only facing the cross.
    let actions = legal(&g, &s);
    assert_eq!(actions.len(), 8);
    for a in &actions {
        let Action::Place(p) = a else { panic!() };
        let facing = match (p.row, p.col) {
            (-1, 0) => 4,
            (1, 0) => 1,
            (0, -1) => 2,
            (0, 1) => 8,
            other => panic!("{other:?} is not next to the start"),
        };
        assert_eq!(p.edges, Edges(facing));
    }
}

/// Two dice, two open designs: one die goes to each.
#[test]
fn dice_are_spread_over_designs() {
    let g = game("osbo");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(1)).unwrap();
    g.apply(&mut s, Action::Roll(roll(&[Face::Cross, Face::Chain])))
        .unwrap();
    assert_eq!((s.phase, s.todo, s.reach), (Phase::Place, 2, 2));
    let first = legal(&g, &s);
    assert!(
        first
            .iter()
            .any(|a| matches!(a, Action::Place(p) if p.design == 0))
    );
    assert!(
        first
            .iter()
            .any(|a| matches!(a, Action::Place(p) if p.design == 1))
    );
    let to_zero = *first
        .iter()
        .find(|a| matches!(a, Action::Place(p) if p.design == 0))
        .unwrap();
    g.apply(&mut s, to_zero).unwrap();
    let second = legal(&g, &s);
    assert!(!second.is_empty());
    assert!(
        second
            .iter()
            .all(|a| matches!(a, Action::Place(p) if p.design == 1)),
        "the second die must go to the other design"
    );
    g.apply(&mut s, second[0]).unwrap();
    assert_eq!((s.phase, s.mover, s.turns), (Phase::Roll, 0, 2));
}

/// A closed design takes nothing: its owner still plays, and the leftover die goes to
/// the open design (leftovers go wherever the mover chooses).
#[test]
fn leftovers_go_where_they_fit() {
    let g = game("osbo");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.boards[1] = Board::from_design(framed("...\n.4.\n2f8\n.1.\n"), 5, Window::Strict);
    assert!(s.boards[1].is_closed());
    g.apply(&mut s, Action::Roll(roll(&[Face::Cap, Face::Corner])))
        .unwrap();
    assert_eq!((s.todo, s.reach), (2, 1));
    for _ in 0..2 {
        let actions = legal(&g, &s);
        assert!(
            actions
                .iter()
                .all(|a| matches!(a, Action::Place(p) if p.design == 0))
        );
        g.apply(&mut s, actions[0]).unwrap();
    }
    assert_eq!(
        s.mover, 1,
        "the owner of the closed design takes the next turn"
    );
}

/// When a die fits only if another is placed first, the order is the mover's to find:
/// only first placements that leave the best plan in reach are offered.
#[test]
fn only_placements_keeping_the_best_plan_are_offered() {
    let g = game("osbo(players=1)");
    let mut s = g.initial_state();
    // A cross with three caps: one open end, to the east.
    s.boards[0] = Board::from_design(framed(".4.\n2f.\n.1.\n"), 5, Window::Strict);
    g.apply(&mut s, Action::Roll(roll(&[Face::Cap]))).unwrap();
    let actions = legal(&g, &s);
    assert_eq!(
        actions,
        [Action::Place(Placement {
            design: 0,
            row: 0,
            col: 1,
            edges: Edges(8)
        })]
    );
    assert!(
        g.apply(
            &mut s,
            Action::Place(Placement {
                design: 0,
                row: 0,
                col: 1,
                edges: Edges(10)
            })
        )
        .is_err()
    );
}

/// Placing the cap first would close the design and strand the chain, so the best plan
/// (both dice) starts with the chain.
#[test]
fn the_order_that_places_every_die_is_required() {
    let g = game("osbo");
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.boards[0] = Board::from_design(framed(".4.\n2f.\n.1.\n"), 5, Window::Strict);
    s.boards[1] = Board::from_design(framed("...\n.4.\n2f8\n.1.\n"), 5, Window::Strict);
    g.apply(&mut s, Action::Roll(roll(&[Face::Cap, Face::Chain])))
        .unwrap();
    assert_eq!(s.todo, 2);
    let place = |col, edges| {
        Action::Place(Placement {
            design: 0,
            row: 0,
            col,
            edges: Edges(edges),
        })
    };
    assert_eq!(legal(&g, &s), [place(1, 10)]);
    g.apply(&mut s, place(1, 10)).unwrap();
    assert_eq!(legal(&g, &s), [place(2, 8)]);
}

/// A design text placed so that its centre cell (row 1 or 2, column 1) is the start die.
fn framed(text: &str) -> Design {
    let d = Design::parse(text).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    let centre = rows.iter().position(|l| l.contains('f')).unwrap();
    let mut out = Design::EMPTY;
    for (r, c, e) in d.cells() {
        out.set(r + ORIGIN - centre, c + ORIGIN - 1, e);
    }
    out
}

#[test]
fn roll_outcomes_are_exact() {
    for (players, count) in [(1, 5), (2, 15), (3, 35), (4, 70)] {
        let g = game(&format!("osbo(players={players})"));
        let mut s = g.initial_state();
        if players > 1 {
            g.apply(&mut s, Action::First(0)).unwrap();
        }
        let mut out = Outcomes::new();
        g.chance_outcomes(&s, &mut out);
        assert_eq!(out.len(), count);
        assert_eq!(out.total(), 6u64.pow(players));
        let corners: u64 = out
            .as_slice()
            .iter()
            .filter_map(|&(a, w)| match a {
                Action::Roll(r) if r.count(Face::Corner) == players as u8 => Some(w as u64),
                _ => None,
            })
            .sum();
        assert_eq!(corners, 2u64.pow(players), "all corners: (1/3)^m");
    }
}

/// 30,000 direct samples: never an unlisted outcome, every count within 5 standard
/// deviations of its exact expectation.
#[test]
fn direct_sampling_follows_the_listed_weights() {
    const N: u64 = 30_000;
    let g = game("osbo(players=3)");
    let mut rng = Rng::seed_from_u64(5);
    let (mut out, mut buf) = (Outcomes::new(), Outcomes::new());
    let mut s = g.initial_state();
    for state_kind in 0..2 {
        if state_kind == 1 {
            g.apply(&mut s, Action::First(2)).unwrap();
        }
        g.chance_outcomes(&s, &mut out);
        let weights: HashMap<Action, u32> = out.as_slice().iter().copied().collect();
        let mut counts: HashMap<Action, u64> = HashMap::new();
        for _ in 0..N {
            let a = g.sample_chance(&s, &mut rng, &mut buf);
            assert!(weights.contains_key(&a), "{a} is not listed");
            *counts.entry(a).or_default() += 1;
        }
        for (a, &w) in &weights {
            let p = w as f64 / out.total() as f64;
            let (mean, sd) = (N as f64 * p, (N as f64 * p * (1.0 - p)).sqrt());
            let got = counts.get(a).copied().unwrap_or(0) as f64;
            assert!(
                (got - mean).abs() <= 5.0 * sd.max(1.0),
                "{a}: {got} vs {mean:.0}"
            );
        }
    }
}

/// Random 2-player 5 x 5 games end with every design closed, inside the window, scoring at
/// most the maximum.
#[test]
fn random_games_close_every_design() {
    let g = game("osbo");
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    for seed in 0..200 {
        let mut s = g.initial_state();
        let mut rng = Rng::for_stream(7, seed);
        g.random_playout(&mut s, &mut rng, &mut buf, &mut out);
        assert_eq!(g.end_kind(&s), "closed");
        for seat in 0..2 {
            let d = s.design(seat);
            assert!(d.is_closed());
            let (r0, r1, c0, c1) = d.bounds().unwrap();
            assert!(r1 - r0 < 5 && c1 - c0 < 5, "{d}");
            assert!(d.best_closed() <= max_score(5));
            d.validate().unwrap();
        }
        let r = g.returns(&s);
        assert_eq!(r.sum(), 1.0);
    }
}

/// Under the loose window open ends pointing out of the window never close.
#[test]
fn loose_window_games_end_blocked() {
    let g = game("osbo(window=loose)");
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    let mut blocked = 0;
    for seed in 0..30 {
        let mut s = g.initial_state();
        g.random_playout(&mut s, &mut Rng::for_stream(3, seed), &mut buf, &mut out);
        assert_eq!(g.actor(&s), Actor::Terminal);
        blocked += usize::from(g.end_kind(&s) == "blocked");
    }
    assert!(blocked >= 25, "{blocked}");
}

/// The longest closed cord wins; ties go to the next longest.
#[test]
fn scoring_and_tie_break() {
    let g = game("osbo");
    let mut s = g.initial_state();
    s.phase = Phase::Over(gameshelf_osbo::EndKind::Closed);
    // The rules page's example: one cord of 10 beats three of 8.
    s.boards[0] = Board::from_design(max_score_design(3), 5, Window::Strict);
    s.boards[1] = Board::from_design(gameshelf_osbo::design::full_grid(3, 3), 5, Window::Strict);
    assert_eq!(g.score(&s, 0), [20]);
    assert_eq!(g.score(&s, 1), [8, 8, 8]);
    assert_eq!(g.returns(&s).as_slice(), [1.0, 0.0]);
    // Equal longest cords: the next longest decides.
    s.boards[0] = Board::from_design(
        Design::parse("6ec\n7fd\n3b9\n...\n6c.\n39.").unwrap(),
        5,
        Window::Strict,
    );
    assert_eq!(g.score(&s, 0), [8, 8, 8, 4, 4]);
    assert_eq!(g.returns(&s).as_slice(), [1.0, 0.0]);
    s.boards[0] = s.boards[1];
    assert_eq!(g.returns(&s).as_slice(), [0.5, 0.5]);
}

/// The solo puzzle returns its longest closed cord as a share of the maximum.
#[test]
fn solo_returns_a_share_of_the_maximum() {
    let g = game("osbo(players=1,size=3)");
    let mut s = g.initial_state();
    s.phase = Phase::Over(gameshelf_osbo::EndKind::Closed);
    s.boards[0] = Board::from_design(max_score_design(3), 5, Window::Strict);
    assert_eq!(g.returns(&s).as_slice(), [1.0]);
}

/// The first player is drawn at random; `turn_position` counts from that seat in seat
/// order, through the whole game and at its end, so simulations can report the first
/// player's advantage.
#[test]
fn turn_position_counts_from_the_drawn_first_player() {
    let g = game("osbo(players=3,size=4)");
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    for first in 0..3u8 {
        let mut s = g.initial_state();
        assert_eq!(g.turn_position(&s, 0), None, "before the draw");
        g.apply(&mut s, Action::First(first)).unwrap();
        let position = |seat: usize| (seat + 3 - first as usize) % 3;
        for seat in 0..3 {
            assert_eq!(g.turn_position(&s, seat), Some(position(seat)));
        }
        // The seat whose turn it is moved `turns - 1` turns after the first player.
        let mut rng = Rng::for_stream(9, u64::from(first));
        while !g.is_terminal(&s) {
            if g.actor(&s) == Actor::Chance {
                let mover = s.mover as usize;
                assert_eq!(g.turn_position(&s, mover), Some((s.turns as usize - 1) % 3));
            }
            let a = match g.actor(&s) {
                Actor::Chance => g.sample_chance(&s, &mut rng, &mut out),
                _ => {
                    g.legal_actions(&s, &mut buf);
                    buf[rng.below(buf.len() as u64) as usize]
                }
            };
            g.apply(&mut s, a).unwrap();
        }
        for seat in 0..3 {
            assert_eq!(
                g.turn_position(&s, seat),
                Some(position(seat)),
                "at the end"
            );
        }
    }
    assert_eq!(
        game("osbo(players=1)").turn_position(&game("osbo(players=1)").initial_state(), 0),
        None
    );
}
