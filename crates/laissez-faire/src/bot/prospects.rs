//! A borrower's prospects over a loan's life: the income he can count on and the rent he is
//! likely to pay, which the credit model (`bot/credit.rs`) adds to and takes from his other
//! means. A lender thus asks less of a borrower with income and more of one about to face
//! dear rents than of another with the same net worth.
//!
//! **Where his token goes.** Over the loan's [`INSTALMENTS`] rounds the borrower rolls two
//! dice a round from where he stands: the chance of each space after each roll follows from
//! the dice alone, so it is worked out once, when the crate is built (stays, doubles and
//! jail are left out: they shift the pace either way).
//!
//! **Income.** The salary, each time a roll passes or lands on Start, with that roll's
//! chance; and the rent of his rooms: a lodger takes the cheapest room of the city he lands
//! in, so a room of his earns when it is the cheapest there for another player still in
//! the game, each round with the chance that player lands in the city (its share of the
//! board's spaces: over a few laps a token lands on every space about as often).
//!
//! **The rent ahead.** After each roll he lodges in the city he lands in, in its cheapest
//! room for him (the bench, at twice the side's first jail fee, where none is open to him):
//! the rooms of the next cities on his way count more the likelier he lands there. What he
//! can pay is left to the chance of default itself: a poor borrower defaults more often
//! already.

use super::Trader;
use crate::board::{CITIES, SPACES};
use crate::contract::INSTALMENTS;
use crate::game::{LaissezFaire, spaces_in};
use crate::state::{State, Status};

/// The ways two dice make each total from 2 to 12, out of 36.
const WAYS: [u64; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// The denominator of [`JOURNEYS`]: the dice's outcomes over the loan's rolls.
const OUTCOMES: u64 = 36u64.pow(INSTALMENTS as u32);

/// Where a token goes over a loan's life, from each space, worked out once when the crate
/// is built (the dice alone decide it): how often it lands on each space, and how often it
/// passes or lands on Start, over [`INSTALMENTS`] rolls, in [`OUTCOMES`]ths.
struct Journeys {
    landings: [[u64; SPACES]; SPACES],
    passes: [u64; SPACES],
}

const JOURNEYS: Journeys = Journeys::new();

impl Journeys {
    const fn new() -> Journeys {
        let mut j = Journeys {
            landings: [[0; SPACES]; SPACES],
            passes: [0; SPACES],
        };
        let mut start = 0;
        while start < SPACES {
            // The chance of each space after each roll, in 36ths to the power of the rolls
            // made; a landing after roll k counts 36^(rolls left) times its chance.
            let mut here = [0u64; SPACES];
            here[start] = 1;
            let mut roll = 1;
            while roll <= INSTALMENTS as u32 {
                let later = 36u64.pow(INSTALMENTS as u32 - roll);
                let mut next = [0u64; SPACES];
                let mut from = 0;
                while from < SPACES {
                    let mut k = 0;
                    while here[from] > 0 && k < WAYS.len() {
                        let to = from + k + 2;
                        let p = here[from] * WAYS[k];
                        if to >= SPACES {
                            j.passes[start] += p * later;
                        }
                        next[to % SPACES] += p;
                        j.landings[start][to % SPACES] += p * later;
                        k += 1;
                    }
                    from += 1;
                }
                here = next;
                roll += 1;
            }
            start += 1;
        }
        j
    }
}

/// What a borrower is likely to earn and to pay in rent over a loan's life, in dollars.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Prospects {
    /// The salary and his rooms' rent.
    pub income: u32,
    /// The rooms he is likely to need.
    pub rent: u32,
}

impl Prospects {
    /// The borrower's prospects (see the module docs).
    pub(super) fn of(game: &LaissezFaire, s: &State, seat: usize) -> Prospects {
        let (salary, rent) = Prospects::journey(game, s, seat);
        Prospects {
            income: salary + Prospects::room_income(game, s, seat),
            rent,
        }
    }

    /// The salary and the rent ahead of `seat` over the loan's life, from the chance of each
    /// space after each of his rolls ([`JOURNEYS`]).
    fn journey(game: &LaissezFaire, s: &State, seat: usize) -> (u32, u32) {
        let board = game.board();
        // His cheapest room in each city, or the bench.
        let prices = game.room_prices(s, seat);
        let mut room = [u64::MAX; CITIES];
        for (i, price) in prices.iter().enumerate() {
            if let (Some(p), Some(c)) = (price, board.spaces[i].city()) {
                let r = &mut room[usize::from(c)];
                *r = (*r).min(u64::from(Trader::estimate(*p)));
            }
        }
        let start = usize::from(s.players[seat].pos) % SPACES;
        let mut rent = 0u64;
        for (space, &landings) in JOURNEYS.landings[start].iter().enumerate() {
            let Some(c) = board.spaces[space].city() else {
                continue;
            };
            let r = &mut room[usize::from(c)];
            if *r == u64::MAX {
                *r = u64::from(Trader::bench_cost(game, c));
            }
            rent += landings * *r;
        }
        let salary = JOURNEYS.passes[start] * u64::from(board.start_salary);
        (clamp(salary / OUTCOMES), clamp(rent / OUTCOMES))
    }

    /// The rent `seat`'s rooms are likely to earn over the loan's life: for each other
    /// player still in the game and each city where `seat`'s room is the cheapest for him,
    /// that room's price, with the chance he lands in the city each round.
    fn room_income(game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        let board = game.board();
        let mine = game.holdings(s, seat as u8);
        if !board.cities.iter().any(|c| c.properties & mine != 0) {
            return 0;
        }
        // Each city's share of the board's spaces, in spaces.
        let mut spaces = [0u64; CITIES];
        for c in board.spaces.iter().filter_map(|sp| sp.city()) {
            spaces[usize::from(c)] += 1;
        }
        let mut total = 0u64;
        for o in 0..game.config().players {
            if o == seat || s.players[o].status == Status::Eliminated {
                continue;
            }
            let prices = game.room_prices(s, o);
            for (c, city) in board.cities.iter().enumerate() {
                if city.properties & mine == 0 {
                    continue;
                }
                // The first of the cheapest, as a lodger takes it.
                let cheapest = spaces_in(city.properties)
                    .filter_map(|i| Some((Trader::estimate(prices[usize::from(i)]?), i)))
                    .min();
                if let Some((price, _)) = cheapest.filter(|&(_, i)| mine & (1 << i) != 0) {
                    total += u64::from(price) * spaces[c];
                }
            }
        }
        clamp(total * u64::from(INSTALMENTS) / SPACES as u64)
    }
}

/// A sum of dollars as a `u32`, saturating.
fn clamp(dollars: u64) -> u32 {
    u32::try_from(dollars).unwrap_or(u32::MAX)
}
