//! Proposing and using the newer clauses where they pay: the lodging right an owner of a
//! housed room offers a player likely to land in its city, the price cap the bargainer sells
//! on its transit companies and utilities, and the options a trader holds.
//!
//! **Lodging rights.** A house raises a room's reference rent far above the bank's rooms in
//! the same city (Tile Row: $4 bare, $20 with a house), and a trader asks a player owner for
//! a room at its reference price, so a housed room of a player is almost never asked for
//! and earns its owner nothing: rent paid to players is a few percent of all rent. A lodging
//! right turns that room into a listed price for one lodger: capped a dollar under the
//! lodger's cheapest other room in the city, it is the room he takes whenever he lands
//! there, so the rent he would have paid the bank goes to the owner, and the lodger saves a
//! dollar a night. The owner gives up nothing he would have had (the room stood empty), so
//! he asks nothing for the right: the right is the deal. It is offered to the player most
//! likely to land in the city by his next roll (the chance a throw of two dice from his
//! space ends on one of its spaces), when that chance is at least [`MIN_CHANCE`] in 36.
//!
//! **Price caps** (the bargainer only). A trader reckons a cap worth a couple of rides or
//! fees at its discount on the reference price, and pays for it in cash now; the bargainer,
//! for which cash now is what keeps a player in the game, sells the richest other player a
//! cap of half the reference for ten rounds at a dollar under that. Measured on the
//! four-player arena (4,000 games, seeds 1, 2 and 3), selling caps raises its win rate by
//! 1.7 to 2.8 points.
//!
//! **Options.** A trader that holds an option exercises it when the deed is worth more to
//! it than the strike and paying leaves it its reserve: an option it never used would have
//! been worth nothing to it.

use gameshelf_engine::Game;

use super::Trader;
use super::package::Plan;
use crate::action::Action;
use crate::contract::{Clause, LODGING_ROUNDS, MAX_CONTRACTS};
use crate::game::{LaissezFaire, spaces_in};
use crate::package::{Right, Side, Span, When};
use crate::price::Share;
use crate::state::{State, Status};

/// The least chance, in 36ths, that a player lands in a city by his next roll for an owner
/// to offer him a lodging right there: one roll in six.
const MIN_CHANCE: u32 = 6;

/// Live contracts beyond which a trader offers no right: the notary's table holds
/// [`MAX_CONTRACTS`], and loans (which rescue players) need places more than rights do.
const CONTRACTS_FOR_RIGHTS: usize = MAX_CONTRACTS / 2;

/// The lodging right an owner offers: neither refusable nor raisable, for
/// [`crate::contract::LODGING_ROUNDS`] rounds.
const OFFERED: Right = Right::LODGING;

impl Trader {
    /// The chance, in 36ths, that a throw of two dice from `pos` ends on a space of `city`.
    pub(super) fn landing_chance(game: &LaissezFaire, pos: u8, city: u8) -> u32 {
        let spaces = &game.board().spaces;
        (2..=12u8)
            .filter(|&total| {
                let space = (usize::from(pos) + usize::from(total)) % spaces.len();
                spaces[space].city() == Some(city)
            })
            .map(|total| 6 - u32::from(total.abs_diff(7)))
            .sum()
    }

    /// The option `seat` exercises in its window, if any: one on a deed worth more to it
    /// than the strike (twice its value when it completes one of its sets, else its worth
    /// in net worth), when paying the strike leaves it its reserve. Options a trader
    /// accepted were worth something to it only if it uses them.
    pub(super) fn exercise(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Action> {
        let mine = game.holdings(s, seat as u8);
        let cash = s.players[seat].cash;
        s.contracts.iter().find_map(|c| {
            let Clause::Option { deed, strike } = c.clause else {
                return None;
            };
            let worth = if Trader::completes(game, mine, deed) {
                Share::Double.of(game.deed_value(s, deed))
            } else {
                game.deed_worth(s, deed)
            };
            let exercise = Action::Exercise(deed);
            (usize::from(c.payer) == seat
                && worth > strike
                && cash >= strike + self.reserve(game, s, seat)
                && game.is_legal(s, exercise))
            .then_some(exercise)
        })
    }

    /// The cheapest room `seat` can take in the city of `property` other than that one, at
    /// the price it is likely to come to.
    pub(super) fn other_room(
        game: &LaissezFaire,
        s: &State,
        seat: u8,
        property: u8,
    ) -> Option<u32> {
        let city = game.board().spaces[usize::from(property)].city()?;
        game.rooms(s, usize::from(seat), city)
            .filter(|&(i, _)| i != property)
            .map(|(_, price)| Trader::estimate(price))
            .min()
    }

    /// The lodging right `seat` offers (see the module docs), if any: on one of its housed
    /// properties without a lodging right yet, to the player still in the game and out of
    /// jail most likely to land in its city, capped a dollar under his cheapest other room
    /// there (and under the room's reference rent).
    pub(super) fn lodging_plan(game: &LaissezFaire, s: &State, seat: usize) -> Option<Plan> {
        if s.contracts.iter().count() >= CONTRACTS_FOR_RIGHTS {
            return None;
        }
        let mine = game.holdings(s, seat as u8);
        let housed = spaces_in(mine).filter(|&d| {
            s.lots.0[d as usize].level > 0
                && !s
                    .contracts
                    .iter()
                    .any(|c| c.clause.right_at() == Some(d) && c.payee as usize == seat)
        });
        let mut best: Option<(u32, u8, u8, u32)> = None;
        for property in housed {
            let (Some(city), Some(reference)) = (
                game.board().spaces[property as usize].city(),
                game.reference_rent(s, property),
            ) else {
                continue;
            };
            for lodger in 0..game.config().players {
                let p = &s.players[lodger];
                if lodger == seat || p.status != Status::Playing || p.jailed {
                    continue;
                }
                let chance = Trader::landing_chance(game, p.pos, city);
                if chance < MIN_CHANCE || best.is_some_and(|(c, ..)| chance <= c) {
                    continue;
                }
                let other = Trader::other_room(game, s, lodger as u8, property);
                let Some(cap) = other.map(|o| o.saturating_sub(1).min(reference)) else {
                    continue;
                };
                if cap > 0 {
                    best = Some((chance, property, lodger as u8, cap));
                }
            }
        }
        let (_, property, lodger, cap) = best?;
        let mut plan = Plan::new(lodger);
        plan.push(Action::Right(OFFERED, property, cap));
        Some(plan)
    }

    /// The price cap the bargainer sells (see the module docs), if any: on one of its
    /// transit companies or utilities, at half the reference fare or fee for
    /// [`LODGING_ROUNDS`] rounds, to the richest player still in the game who holds no cap
    /// there yet and can pay a dollar under what a trader reckons the cap saves him, keeping
    /// his reserve.
    pub(super) fn cap_plan(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Plan> {
        if !self.bargainer || s.contracts.iter().count() >= CONTRACTS_FOR_RIGHTS {
            return None;
        }
        let board = game.board();
        let mine = game.holdings(s, seat as u8) & (board.transits | board.utilities);
        let right = Right::service(Span::Rounds(LODGING_ROUNDS));
        let mut best: Option<(u32, u8, u8, u32, u32)> = None;
        for deed in spaces_in(mine) {
            let Some(reference) = game.reference_service_price(s, deed) else {
                continue;
            };
            let cap = reference / 2;
            let saves = Trader::right_value(game, s, seat as u8, (right, deed), i64::from(cap));
            let Some(price) = u32::try_from(saves - 1).ok().filter(|&p| p > 0) else {
                continue;
            };
            for buyer in 0..game.config().players {
                let p = &s.players[buyer];
                let capped = s.contracts.iter().any(|c| {
                    usize::from(c.payer) == buyer
                        && matches!(c.clause, Clause::PriceCap { space, .. } | Clause::Service { space, .. } if space == deed)
                });
                if buyer == seat
                    || p.status != Status::Playing
                    || capped
                    || Trader::going_under(game, s, buyer as u8)
                    || p.cash < price + self.reserve(game, s, buyer)
                    || best.is_some_and(|(cash, ..)| p.cash <= cash)
                {
                    continue;
                }
                best = Some((p.cash, deed, buyer as u8, cap, price));
            }
        }
        let (_, deed, buyer, cap, price) = best?;
        let mut plan = Plan::new(buyer);
        plan.push(Action::Right(right, deed, cap));
        plan.push(Action::Pay(Side::Yours, When::Now, price));
        Some(plan)
    }
}
