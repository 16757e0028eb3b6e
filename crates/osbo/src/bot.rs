//! A greedy bot following the source's strategy notes: "maintain a single path with as
//! many extension points as possible in their own design while attempting to split enemy
//! designs into multiple shorter paths with limited extension points".
//!
//! Each placement the turn rule allows is scored by how it changes the design it goes to:
//! [`Greedy::value`] rewards the longest cord (open or closed), open ends kept and few
//! cords; a placement in the bot's own design scores that change, a placement in an
//! opponent's design scores its opposite. Ties are broken at random.

use gameshelf_engine::{Bot, Rng, SeatView};

use crate::action::Action;
use crate::design::Design;
use crate::game::Osbo;
use crate::state::ORIGIN;

/// The greedy heuristic bot.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    buf: Vec<Action>,
}

impl Greedy {
    /// How promising a design is for its owner: twice its longest cord, plus its open
    /// cords (each keeps two extension points), minus three per cord beyond the first.
    pub fn value(design: &Design) -> i32 {
        let (mut longest, mut cords, mut open) = (0, 0, 0);
        design.for_each_cord(|c| {
            longest = longest.max(c.length as i32);
            cords += 1;
            open += i32::from(!c.closed);
        });
        2 * longest + open - 3 * (cords - 1).max(0)
    }
}

impl Bot<Osbo> for Greedy {
    fn name(&self) -> String {
        "heuristic".to_owned()
    }

    fn choose(&mut self, view: &SeatView<'_, Osbo>, rng: &mut Rng) -> Action {
        view.legal_actions(&mut self.buf);
        let state = view.observation();
        let me = view.seat();
        let before: Vec<i32> = state
            .boards
            .iter()
            .map(|b| Greedy::value(&b.design))
            .collect();
        let mut best = (i32::MIN, 0u64);
        let mut choice = self.buf[0];
        for &a in &self.buf {
            let Action::Place(p) = a else { continue };
            let j = p.design as usize;
            let mut d = state.boards[j].design;
            d.set(
                (p.row as i32 + ORIGIN as i32) as usize,
                (p.col as i32 + ORIGIN as i32) as usize,
                p.edges,
            );
            let delta = Greedy::value(&d) - before[j];
            let score = if j == me { delta } else { -delta };
            let key = (score, rng.next_u64());
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

    #[test]
    fn greedy_plays_legal_moves_to_the_end() {
        let game = Osbo::default();
        let mut rng = Rng::seed_from_u64(4);
        let mut bots: Vec<Box<dyn Bot<Osbo>>> =
            vec![Box::new(Greedy::default()), Box::new(Greedy::default())];
        let mut s = game.initial_state();
        let mut checked = 0;
        gameshelf_engine::play(&game, &mut s, &mut bots, &mut rng, |before, a| {
            if let Action::Place(_) = a {
                assert!(game.is_legal(before, a));
                checked += 1;
            }
        });
        assert!(game.is_terminal(&s));
        assert!(checked > 10);
    }

    #[test]
    fn one_long_cord_is_worth_more_than_several_short_ones() {
        let one = crate::design::max_score_design(3);
        let three = crate::design::full_grid(3, 3);
        assert!(Greedy::value(&one) > Greedy::value(&three));
    }
}
