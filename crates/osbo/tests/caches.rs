//! The fast paths of the rules against the plain definitions they replace: the row-wise
//! target options and the face-fit cache against a cell-by-cell check of the matching and
//! window rules, and the legal actions of random games against a digest recorded from the
//! implementation before the speed-up.

use std::ops::ControlFlow;

use gameshelf_engine::{Actor, Game, Outcomes, Returns, Rng};
use gameshelf_osbo::{Action, Board, Edges, Face, Osbo, State, Window};

const VARIANTS: [&str; 9] = [
    "osbo",
    "osbo(players=1)",
    "osbo(players=3,size=4)",
    "osbo(players=4,size=6)",
    "osbo(size=3,priority=designs_first)",
    "osbo(players=3,simultaneous=true)",
    "osbo(window=loose)",
    "osbo(size=8,max_turns=20)",
    "osbo(players=3,window=loose,size=4)",
];

fn game(spec: &str) -> Osbo {
    Osbo::from_spec(&spec.parse().unwrap()).unwrap()
}

/// Plays `games` random games of `g` and calls `f` on every state where a player moves,
/// with the legal actions there.
fn walk(g: &Osbo, games: u64, mut f: impl FnMut(&State, &[Action])) {
    let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
    for i in 0..games {
        let mut rng = Rng::for_stream(11, i);
        let mut s = g.initial_state();
        loop {
            let a = match g.actor(&s) {
                Actor::Terminal => break,
                Actor::Chance => g.sample_chance(&s, &mut rng, &mut outcomes),
                Actor::Player(_) => {
                    g.legal_actions(&s, &mut actions);
                    f(&s, &actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            g.apply_unchecked(&mut s, a);
        }
    }
}

/// The targets and edge sets of a board, cell by cell from the definitions.
fn options_by_definition(b: &Board, n: usize, w: Window) -> Vec<(usize, usize, u16)> {
    let mut v = Vec::new();
    b.for_each_target(|r, c| {
        let mut sets = 0u16;
        for e in 1..16u8 {
            if b.matching(r, c) & (1 << e) != 0 && b.fits(r, c, Edges(e), n, w) {
                sets |= 1 << e;
            }
        }
        if sets != 0 {
            v.push((r, c, sets));
        }
    });
    v
}

fn options(b: &Board, n: usize, w: Window) -> Vec<(usize, usize, u16)> {
    let mut v = Vec::new();
    let _ = b.for_each_option(n, w, |r, c, sets| {
        v.push((r, c, sets));
        ControlFlow::<()>::Continue(())
    });
    v
}

/// The row-wise options and the face-fit cache equal the cell-by-cell definitions on every
/// board of random games, for every window size the boards could be asked about.
#[test]
fn row_wise_options_and_fit_cache_equal_the_definitions() {
    for spec in VARIANTS {
        let g = game(spec);
        let (size, window) = (g.config().size, g.config().window);
        walk(&g, 4, |s, _| {
            for b in &s.boards[..g.num_players()] {
                for n in 2..=8 {
                    for w in [Window::Strict, Window::Loose] {
                        assert_eq!(options(b, n, w), options_by_definition(b, n, w), "{spec}");
                    }
                }
                let defined = options_by_definition(b, size, window);
                for f in Face::ALL {
                    let fits = defined
                        .iter()
                        .any(|&(_, _, sets)| sets & f.rotations() != 0);
                    assert_eq!(b.fits_face(f), fits, "{spec}: the cache for {f}");
                    assert_eq!(b.takes_any(f.rotations(), size, window), fits, "{spec}");
                }
                let mut fresh = *b;
                fresh.update_fit(size, window);
                assert_eq!(&fresh, b, "{spec}: the cache is up to date");
            }
        });
    }
}

/// The closed cords each board keeps die by die, once followed, are those of its design
/// traced whole, and so are its longest closed cord and whether it is closed: on every board of random games at every decision, following from the
/// start in half the games and from the tenth turn in the others, and stopping when told.
#[test]
fn the_closed_cords_kept_die_by_die_are_those_traced_whole() {
    let mut seen_closed = 0;
    let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
    for spec in VARIANTS {
        let g = game(spec);
        for i in 0..40u64 {
            let mut rng = Rng::for_stream(12, i);
            let mut s = g.initial_state();
            let from = if i % 2 == 0 { 0 } else { 10 };
            while let Some(a) = match g.actor(&s) {
                Actor::Terminal => None,
                Actor::Chance => Some(g.sample_chance(&s, &mut rng, &mut outcomes)),
                Actor::Player(_) => {
                    g.legal_actions(&s, &mut actions);
                    Some(actions[rng.below(actions.len() as u64) as usize])
                }
            } {
                let kept = g.turns(&s) >= from;
                if kept {
                    g.follow_standing(&mut s, true); // again and again: a no-op once followed
                }
                for b in &s.boards[..g.num_players()] {
                    let mut traced = 0usize;
                    b.design
                        .for_each_cord(|c| traced += usize::from(c.closed && c.length > 0));
                    assert_eq!(
                        b.closed_cords(),
                        kept.then_some(traced.min(255) as u8),
                        "{spec}"
                    );
                    assert_eq!(b.best_closed(), b.design.best_closed(), "{spec}");
                    assert_eq!(b.is_closed(), b.design.is_closed(), "{spec}");
                    seen_closed += usize::from(traced > 0);
                }
                g.apply_unchecked(&mut s, a);
            }
            g.follow_standing(&mut s, false);
            assert!(s.boards.iter().all(|b| b.closed_cords().is_none()));
        }
    }
    assert!(
        seen_closed > 100,
        "random games close cords ({seen_closed} boards)"
    );
}

/// Designs against the frame's sides (no game reaches them, a loaded design may): a cord
/// leaving the frame is open, and a walk along a row does not wrap into the next. Each
/// design is built die by die, row by row, on a board that follows its closed cords, and
/// the kept cords are checked against the design traced whole after every die.
#[test]
fn the_closed_cords_kept_at_the_frames_sides_are_those_traced_whole() {
    let dots = |n: usize| ".".repeat(n);
    // The closed 3 x 3 design in each corner, and a row of crosses from side to side, its
    // ends open at the frame's sides, above a closed 2 x 2 loop at the first columns.
    let corner = |top: bool, left: bool| {
        let pad = |line: &str| {
            if left {
                format!("{line}{}", dots(13))
            } else {
                format!("{}{line}", dots(13))
            }
        };
        let mut lines: Vec<String> = ["6ec", "7fd", "3b9"].iter().map(|l| pad(l)).collect();
        if !top {
            lines.splice(0..0, (0..13).map(|_| dots(16)));
        }
        lines.join("\n")
    };
    let side_to_side = format!(
        "{}\n{}\n6c{}\n39{}",
        dots(16),
        "a".repeat(16),
        dots(14),
        dots(14)
    );
    let texts = [
        corner(true, true),
        corner(true, false),
        corner(false, true),
        corner(false, false),
        side_to_side,
    ];
    for text in &texts {
        let design = gameshelf_osbo::Design::parse(text).unwrap();
        let mut b = Board::from_design(gameshelf_osbo::Design::EMPTY, 8, Window::Strict);
        b.follow_closed(true);
        let mut built = gameshelf_osbo::Design::EMPTY;
        for (r, c, e) in design.cells() {
            b.place(r, c, e);
            built.set(r, c, e);
            let mut traced = 0u8;
            built.for_each_cord(|cord| traced += u8::from(cord.closed && cord.length > 0));
            assert_eq!(b.closed_cords(), Some(traced), "{text}");
            assert_eq!(b.best_closed(), built.best_closed(), "{text}");
        }
        assert_eq!(b.design, design);
    }
    assert!(
        texts[..4].iter().all(|t| {
            let d = gameshelf_osbo::Design::parse(t).unwrap();
            d.best_closed() > 0
        }),
        "the corners are closed designs"
    );
}

/// In the simulator's loop for random bots ([`Game::watched_playout`], which keeps the
/// boards' option lists and places dice its own way), boards that follow their closed
/// cords keep the cords traced whole, and the standings read from them are those traced:
/// at every state of random games of every variant.
#[test]
fn standings_kept_in_the_playout_loop_are_those_traced() {
    let (mut actions, mut outcomes) = (Vec::new(), Outcomes::new());
    let mut states = 0;
    for spec in VARIANTS {
        let g = game(spec);
        let seats = g.num_players();
        for i in 0..60u64 {
            let mut rng = Rng::for_stream(13, i);
            let mut s = g.initial_state();
            g.follow_standing(&mut s, true);
            let check = |s: &State| {
                let mut traced = s.clone();
                g.follow_standing(&mut traced, false);
                assert_eq!(g.standing(s), g.standing(&traced), "{spec}");
                assert_eq!(g.ranks(s), g.ranks(&traced), "{spec}");
                let top = g.standing(&traced).as_ref().and_then(Returns::leader);
                assert_eq!(g.leader(s), top, "{spec}");
                assert_eq!(g.leader(&traced), top, "{spec}");
                for b in &s.boards[..seats] {
                    let mut closed = 0usize;
                    b.design
                        .for_each_cord(|c| closed += usize::from(c.closed && c.length > 0));
                    assert_eq!(b.closed_cords(), Some(closed.min(255) as u8), "{spec}");
                    assert_eq!(b.best_closed(), b.design.best_closed(), "{spec}");
                }
            };
            g.watched_playout(
                &mut s,
                &mut rng,
                &mut actions,
                &mut outcomes,
                |s: &State, _| {
                    check(s);
                    states += 1;
                },
            );
            check(&s);
        }
    }
    assert!(states > 10_000, "{states} states");
}

/// FNV-1a, stable across Rust versions (unlike `DefaultHasher`).
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
}

/// The legal actions of 100 random games per variant, as a digest. The values were
/// recorded from the implementation before the row-wise options, the plan tables and the
/// last-die shortcut replaced the cell-by-cell search (the two agreed on every list of 300
/// games in each of 14 configurations): the speed-up changed no legal action.
#[test]
fn legal_actions_are_those_of_the_reference_implementation() {
    let expected: [(&str, u64); 9] = [
        ("osbo", 0x65c315a6cce17ebe),
        ("osbo(players=1)", 0x3d21afd7382d6a60),
        ("osbo(players=3,size=4)", 0x683b8365ad261f47),
        ("osbo(players=4,size=6)", 0x09933e772ffd1373),
        ("osbo(size=3,priority=designs_first)", 0x34a04e1c1842add2),
        ("osbo(players=3,simultaneous=true)", 0xde49bb8b618bb30f),
        ("osbo(window=loose)", 0x2ee05b9ab8916672),
        ("osbo(size=8,max_turns=20)", 0xf61e2e5dfed58919),
        ("osbo(players=3,window=loose,size=4)", 0x888b7118a61093f4),
    ];
    let mut got = Vec::new();
    for (spec, _) in expected {
        let g = game(spec);
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        walk(&g, 100, |_, actions| {
            for a in actions {
                fnv(&mut hash, a.to_string().as_bytes());
            }
            fnv(&mut hash, b";");
        });
        got.push((spec, hash));
    }
    assert_eq!(got, expected);
}
