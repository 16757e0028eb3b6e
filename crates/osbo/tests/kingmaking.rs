//! Lead and kingmaking figures on hand-built positions, and the score key's order.

use gameshelf_engine::{Actor, Game, Outcomes, Rng, Tally};
use gameshelf_osbo::design::{compare_scores, full_grid};
use gameshelf_osbo::tally::OsboTally;
use gameshelf_osbo::{Action, Board, Design, Face, Osbo, Roll, State, Window, max_score_design};

fn game(spec: &str) -> Osbo {
    Osbo::from_spec(&spec.parse().unwrap()).unwrap()
}

/// The cross with a cap on each side: the smallest closed design.
fn capped_cross() -> Design {
    Design::parse(".4.\n2f8\n.1.").unwrap()
}

/// The 3 x 3 design of one cord of 20 without one of its caps: open, no closed cord, and
/// one die (that cap) closes it into the best score of the three.
fn best_but_one() -> Design {
    let mut d = max_score_design(3);
    let (r, c, _) = d
        .cells()
        .find(|(_, _, e)| e.0.count_ones() == 1)
        .expect("the design has a cap");
    d.set(r, c, gameshelf_osbo::Edges::EMPTY);
    d
}

/// Three players: seat 0's design closed with 8 crossing passages at most, seat 1's
/// closed with three cords of 8 (so seat 0 is out of contention and seat 1 leads), seat
/// 2's one cap short of a cord of 20. `first` moves, with three caps rolled: the only die
/// that fits closes seat 2's design, makes seat 2 the leader and ends the game.
fn position(first: u8) -> (Osbo, OsboTally, State) {
    let g = game("osbo(players=3)");
    let mut tally = OsboTally::default();
    let mut s = g.initial_state();
    let play = |s: &mut State, tally: &mut OsboTally, a: Action| {
        tally.record(&g, s, a);
        g.apply(s, a).unwrap();
    };
    play(&mut s, &mut tally, Action::First(first));
    for (board, design) in
        s.boards
            .iter_mut()
            .zip([capped_cross(), full_grid(3, 3), best_but_one()])
    {
        *board = Board::from_design(design, 5, Window::Strict);
    }
    assert!(s.boards[0].is_closed() && s.boards[1].is_closed() && !s.boards[2].is_closed());
    assert_eq!(g.ranks(&s).as_slice(), [1.0, 2.0, 0.0]);
    let caps = [Face::Cap; 3]
        .iter()
        .fold(Roll::default(), |r, &f| r.with(f));
    play(&mut s, &mut tally, Action::Roll(caps));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 1, "{legal:?}");
    assert_eq!(g.actor(&s), Actor::Player(usize::from(first)));
    play(&mut s, &mut tally, legal[0]);
    assert!(g.is_terminal(&s));
    assert_eq!(g.returns(&s).as_slice(), [0.0, 0.0, 1.0]);
    assert_eq!(g.standing(&s).unwrap().leader(), Some(2));
    tally.finish(&g, &s);
    (g, tally, s)
}

#[test]
fn a_player_out_of_contention_who_hands_over_the_lead_is_a_kingmaker() {
    let (_, tally, _) = position(0);
    let k = &tally.kingmaking;
    assert_eq!(k.placements, 1, "seat 0 is out of contention: {k:?}");
    assert_eq!((k.moves, k.moves_sq, k.games, k.decided), (1, 1, 1, 1));
    // Its one offered placement is no choice: the dice picked the leader.
    assert_eq!(k.choices, 0);
    let text = tally.report();
    assert!(
        text.contains("kingmaking moves per game 1.000")
            && text.contains("decided by one (the last change of leader) 100.00%"),
        "{text}"
    );
}

#[test]
fn a_contender_who_hands_over_the_lead_is_no_kingmaker() {
    // Seat 1 leads: it is in contention, so its die changing the leader is just play.
    // Seat 2 closes its own design: in contention too.
    for first in [1, 2] {
        let (_, tally, _) = position(first);
        assert_eq!(tally.kingmaking, Default::default(), "seat {first} moved");
        assert!(!tally.report().contains("kingmaking"));
    }
}

/// Four players: seats 0 to 2 as in [`position`], seat 3's cross one cap short of closing
/// (which would not beat seat 1). Seat 0, out of contention, rolls four caps and must
/// place two: one in seat 2's design, one in seat 3's, in the order it likes. Which one
/// goes first picks the leader right after it: a kingmaker's choice. The second die has
/// no alternative.
#[test]
fn a_player_out_of_contention_who_picks_the_leader_has_a_kingmakers_choice() {
    for first_design in [2, 3] {
        let g = game("osbo(players=4)");
        let mut tally = OsboTally::default();
        let mut s = g.initial_state();
        let mut play = |s: &mut State, a: Action| {
            tally.record(&g, s, a);
            g.apply(s, a).unwrap();
        };
        play(&mut s, Action::First(0));
        let designs = [
            capped_cross(),
            full_grid(3, 3),
            best_but_one(),
            Design::parse(".4.\n2f.\n.1.").unwrap(),
        ];
        for (board, design) in s.boards.iter_mut().zip(designs) {
            *board = Board::from_design(design, 5, Window::Strict);
        }
        assert_eq!(g.standing(&s).unwrap().leader(), Some(1));
        let caps = [Face::Cap; 4]
            .iter()
            .fold(Roll::default(), |r, &f| r.with(f));
        play(&mut s, Action::Roll(caps));
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        let into = |a: &Action, d: u8| matches!(a, Action::Place(p) if p.design == d);
        assert_eq!(legal.len(), 2, "{legal:?}");
        let a = *legal.iter().find(|a| into(a, first_design)).unwrap();
        play(&mut s, a);
        g.legal_actions(&s, &mut legal);
        assert_eq!(legal.len(), 1, "{legal:?}");
        play(&mut s, legal[0]);
        assert!(g.is_terminal(&s));
        assert_eq!(g.returns(&s).as_slice(), [0.0, 0.0, 1.0, 0.0]);
        tally.finish(&g, &s);
        let k = &tally.kingmaking;
        assert_eq!(
            (k.placements, k.choices, k.choice_games),
            (2, 1, 1),
            "{k:?}"
        );
        assert_eq!((k.moves, k.games, k.decided), (1, 1, 1), "{k:?}");
        assert!(
            tally.report().contains("kingmaker's choices"),
            "{}",
            tally.report()
        );
    }
}

#[test]
fn kingmaking_figures_merge_by_adding() {
    let (_, mut a, _) = position(0);
    let (_, b, _) = position(1);
    let (_, c, _) = position(0);
    a.merge(&b);
    a.merge(&c);
    let k = &a.kingmaking;
    assert_eq!(
        (k.placements, k.moves, k.moves_sq, k.games, k.decided),
        (2, 2, 2, 2, 2)
    );
    assert_eq!(a.games, 3);
}

/// The score key, and the boards' comparison from the cords they keep when they follow
/// them, order designs exactly as the rules' comparison of cord lists does, on the designs
/// of random three-player games at every placement.
#[test]
fn score_keys_order_as_the_rules_compare() {
    let g = game("osbo(players=3)");
    let (mut buf, mut out) = (Vec::new(), Outcomes::new());
    let mut compared = 0;
    for seed in 0..12 {
        let mut s = g.initial_state();
        g.follow_standing(&mut s, true);
        let mut rng = Rng::seed_from_u64(seed);
        while !g.is_terminal(&s) {
            let a = match g.actor(&s) {
                Actor::Chance => g.sample_chance(&s, &mut rng, &mut out),
                _ => {
                    g.legal_actions(&s, &mut buf);
                    buf[rng.below(buf.len() as u64) as usize]
                }
            };
            g.apply_unchecked(&mut s, a);
            for (x, y) in [(0, 1), (1, 2), (0, 2)] {
                let by_key = s.design(x).score_key().cmp(&s.design(y).score_key());
                assert_eq!(by_key, compare_scores(&g.score(&s, x), &g.score(&s, y)));
                assert_eq!(s.boards[x].cmp_score(&s.boards[y]), by_key);
                compared += usize::from(by_key.is_ne());
            }
        }
    }
    assert!(compared > 100, "{compared} unequal pairs");
}
