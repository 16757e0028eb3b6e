//! The heuristic bot, playing the strategy of the source's notes: "maintain a single path
//! with as many extension points as possible in their own design while attempting to split
//! enemy designs into multiple shorter paths with limited extension points", and "dice
//! faces with more crossings are more useful in the early game, while dice faces with fewer
//! crossings are more useful in the end game".
//!
//! # What a design promises
//!
//! Only closed cords score, and a design ends closed, so [`Greedy`] judges a design by the
//! cords it would close into ([`prospect`]):
//!
//! * **closed now**: every target gets the die whose crossings are exactly those pointing
//!   at it ([`Design::closure`]); the longest cord of that design is what the owner keeps
//!   if the others close the design as fast as they can. It rewards one converging path
//!   and punishes a design split into separate cords.
//! * **grown a step, then closed**: every target first gets the largest face it may take
//!   (a crossing on every side the neighbours and the window allow), and that design is
//!   closed as above. It rewards open ends that can still grow into the same cord, and
//!   room left in the window.
//!
//! The prospect is three times the first plus the second (the weights that won most often
//! against random play among those tried). Neither figure needs a search or a random
//! number, so a decision costs a scan of the board and two cord traces per offered
//! placement.
//!
//! # Choosing a placement
//!
//! A placement's **gain** is the change of its design's prospect: counted for the bot in
//! its own design, against it in another player's. Each offered placement is scored by its
//! gain plus the best gains the dice left this turn can still add (each die to a design
//! that offers its face now, reaching as many designs as the turn must), so the bot does
//! not spend on an opponent the die its own design needed, nor the other way round. The
//! best score wins; ties are broken at random.
//!
//! Nothing here is told which faces to prefer when: a cross or a branch grows the bot's
//! own design (more ends, more room for one long cord) while it is small, an end cap or a
//! chain closes an opponent's cord off short, and near the end, when a large face no longer
//! fits or only splits cords, the small faces gain most.

use std::ops::ControlFlow;

use gameshelf_engine::{Bot, Rng, SeatView};

use crate::action::{Action, Roll};
use crate::config::{MAX_PLAYERS, Window};
use crate::design::Design;
use crate::face::{Edges, FACE_TYPES};
use crate::game::Osbo;
use crate::state::{Board, ORIGIN};

/// The heuristic bot (named `heuristic`): the best single placement by [`prospect`] gains,
/// looking ahead over the rest of the turn (see the [module documentation](self)).
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    /// The offered placements.
    buf: Vec<Action>,
    /// Their gains, in the same order.
    gains: Vec<i32>,
}

/// How much `board`'s design promises its owner, in an `n` x `n` `window`: three times the
/// longest cord of the design closed now, plus the longest cord of the design grown a step
/// and then closed (see the [module documentation](self)).
pub fn prospect(board: &Board, n: usize, window: Window) -> i32 {
    3 * longest(&board.design.closure()) + longest(&grown(board, n, window).closure())
}

/// The length of the longest cord, open or closed.
fn longest(design: &Design) -> i32 {
    let mut best = 0;
    design.for_each_cord(|c| best = best.max(c.length));
    best as i32
}

/// The design with every target holding the largest face it may take: the crossings
/// pointing at it, plus one towards every empty neighbour the window allows. Those faces
/// agree with each other too (two neighbouring targets both get the crossing between them).
fn grown(board: &Board, n: usize, window: Window) -> Design {
    let mut design = board.design;
    let _ = board.for_each_option(n, window, |r, c, sets| {
        // The edge sets allowed are the required crossings plus any of the free sides, so
        // the largest is their union.
        let (mut largest, mut m) = (0u8, sets);
        while m != 0 {
            largest |= m.trailing_zeros() as u8;
            m &= m - 1;
        }
        design.set(r, c, Edges(largest));
        ControlFlow::<()>::Continue(())
    });
    design
}

/// The best gain each design offers for each face at a decision: `[design][face]`, `None`
/// where that face is not offered there.
type Offers = [[Option<i32>; FACE_TYPES]; MAX_PLAYERS];

/// The best total gain of placing `todo` of the `dice` left, each in a design that offers
/// its face, so that at least `reach` designs get a die this turn (`used` have one
/// already); `None` if that cannot be done with the offers as they stand.
fn rest_of_turn(offers: &Offers, dice: Roll, todo: u8, used: u8, reach: u8) -> Option<i32> {
    if todo == 0 {
        return (used.count_ones() as u8 >= reach).then_some(0);
    }
    let face = dice.faces().next()?;
    let left = dice.without(face);
    // This die stays in hand, if enough dice are left without it,
    let mut best = if left.len() >= todo as usize {
        rest_of_turn(offers, left, todo, used, reach)
    } else {
        None
    };
    // or goes to a design that offers its face.
    for (j, by_face) in offers.iter().enumerate() {
        if let Some(gain) = by_face[face as usize] {
            if let Some(rest) = rest_of_turn(offers, left, todo - 1, used | 1 << j, reach) {
                best = best.max(Some(gain + rest));
            }
        }
    }
    best
}

impl Bot<Osbo> for Greedy {
    fn name(&self) -> String {
        "heuristic".to_owned()
    }

    fn choose(&mut self, view: &SeatView<'_, Osbo>, rng: &mut Rng) -> Action {
        view.legal_actions(&mut self.buf);
        if self.buf.len() == 1 {
            return self.buf[0];
        }
        let cfg = view.game().config();
        let (n, window) = (cfg.size, cfg.window);
        let state = view.observed();
        let me = view.seat();
        let mut before = [0; MAX_PLAYERS];
        for (b, board) in before.iter_mut().zip(&state.boards).take(cfg.players) {
            *b = prospect(board, n, window);
        }
        let mut offers: Offers = [[None; FACE_TYPES]; MAX_PLAYERS];
        self.gains.clear();
        for &a in &self.buf {
            let Action::Place(p) = a else {
                // Only placements are offered to the mover; anything else is never chosen.
                self.gains.push(i32::MIN);
                continue;
            };
            let j = p.design as usize;
            let mut board = state.boards[j];
            board.place_unfollowed(
                (p.row as i32 + ORIGIN as i32) as usize,
                (p.col as i32 + ORIGIN as i32) as usize,
                p.edges,
            );
            let change = prospect(&board, n, window) - before[j];
            let gain = if j == me { change } else { -change };
            self.gains.push(gain);
            let best = &mut offers[j][p.face() as usize];
            *best = (*best).max(Some(gain));
        }
        let mut best = (i32::MIN, 0);
        let mut choice = self.buf[0];
        for (&a, &gain) in self.buf.iter().zip(&self.gains) {
            let Action::Place(p) = a else { continue };
            let rest = rest_of_turn(
                &offers,
                state.dice.without(p.face()),
                state.todo - 1,
                state.used | 1 << p.design,
                state.reach,
            );
            let key = (gain.saturating_add(rest.unwrap_or(0)), rng.next_u64());
            if key > best {
                best = key;
                choice = a;
            }
        }
        choice
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gameshelf_engine::Game;

    use crate::design::{full_grid, max_score_design};
    use crate::face::Face;
    use crate::state::Phase;

    #[test]
    fn greedy_plays_legal_moves_to_the_end() {
        for players in [1, 2, 4] {
            let game =
                Osbo::from_spec(&format!("osbo(players={players})").parse().unwrap()).unwrap();
            let mut rng = Rng::seed_from_u64(4);
            let mut bots: Vec<Box<dyn Bot<Osbo>>> = (0..players)
                .map(|_| Box::new(Greedy::default()) as Box<dyn Bot<Osbo>>)
                .collect();
            let mut s = game.initial_state();
            let mut checked = 0;
            gameshelf_engine::play(&game, &mut s, &mut bots, &mut rng, |before, a| {
                if let Action::Place(_) = a {
                    assert!(game.is_legal(before, a));
                    checked += 1;
                }
            });
            assert!(game.is_terminal(&s));
            assert!(checked > 10, "{players} players: {checked} dice");
        }
    }

    #[test]
    fn one_long_cord_promises_more_than_several_short_ones() {
        let board = |d| Board::from_design(d, 5, Window::Strict);
        // Both closed: the prospect is four times the longest cord, 20 against 8.
        assert_eq!(prospect(&board(max_score_design(3)), 5, Window::Strict), 80);
        assert_eq!(prospect(&board(full_grid(3, 3)), 5, Window::Strict), 32);
    }

    /// The start cross closes into one cord of 8 (its four arms each end in a cap), and
    /// grown a step it reaches the 3 x 3 window's corners too.
    #[test]
    fn prospect_of_the_start() {
        let start = Board::start(5, Window::Strict);
        assert_eq!(longest(&start.design.closure()), 8);
        assert!(longest(&grown(&start, 5, Window::Strict).closure()) > 8);
    }

    /// Cross and cap, own design and an opponent's: the cross gains 10 at home and 3
    /// away, the cap 0 at home and 2 away. Sending the cross away first leaves the cap for
    /// home (3 + 0); keeping it home sends the cap away (10 + 2).
    #[test]
    fn the_rest_of_the_turn_counts_the_die_left_for_the_other_design() {
        let mut offers: Offers = [[None; FACE_TYPES]; MAX_PLAYERS];
        offers[0][Face::Cross as usize] = Some(10);
        offers[0][Face::Cap as usize] = Some(0);
        offers[1][Face::Cross as usize] = Some(3);
        offers[1][Face::Cap as usize] = Some(2);
        let cap = Roll::default().with(Face::Cap);
        // After the cross went to design 1 the cap must reach design 0.
        assert_eq!(rest_of_turn(&offers, cap, 1, 0b10, 2), Some(0));
        assert_eq!(rest_of_turn(&offers, cap, 1, 0b01, 2), Some(2));
        // A face no design offers cannot complete the turn.
        let chain = Roll::default().with(Face::Chain);
        assert_eq!(rest_of_turn(&offers, chain, 1, 0b01, 2), None);
        // With two dice left and one to place, the better one is placed.
        let both = cap.with(Face::Cross);
        assert_eq!(rest_of_turn(&offers, both, 1, 0b10, 2), Some(10));
    }

    /// A first turn showing a cross and a cap: the cross grows the bot's own design, the
    /// cap goes to the opponent's.
    #[test]
    fn the_cross_goes_home_and_the_cap_away() {
        let game = Osbo::default();
        let mut s = game.initial_state();
        game.apply(&mut s, Action::First(0)).unwrap();
        let roll = Roll::default().with(Face::Cross).with(Face::Cap);
        game.apply(&mut s, Action::Roll(roll)).unwrap();
        let (mut bot, mut rng) = (Greedy::default(), Rng::seed_from_u64(1));
        while s.phase == Phase::Place {
            let a = bot.choose(&SeatView::new(&game, &s, 0), &mut rng);
            let Action::Place(p) = a else { panic!("{a:?}") };
            let home = p.face() == Face::Cross;
            assert_eq!(p.design == 0, home, "{p}");
            game.apply(&mut s, a).unwrap();
        }
    }
}
