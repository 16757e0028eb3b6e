//! Proposing the newer clauses where they pay: the lodging right an owner of a housed room
//! sells to a player likely to land in its city.
//!
//! A house raises a room's reference rent far above the bank's rooms in the same city
//! (Tile Row: $4 bare, $20 with a house), and a trader asks a player owner for a room at
//! its reference price, so a housed room of a player is almost never asked for and earns
//! its owner nothing: rent paid to players is a few percent of all rent. A lodging right
//! turns that room into a listed price for one lodger: capped a dollar under the lodger's
//! cheapest other room in the city, it is the room he takes whenever he lands there, so
//! the rent he would have paid the bank goes to the owner, and the lodger saves a dollar a
//! night. The owner gives up nothing he would have had (the room stood empty), so he asks
//! nothing for the right: the right is the deal. It is offered to the player most likely to
//! land in the city by his next roll (the chance a throw of two dice from his space ends on
//! one of its spaces), when that chance is at least [`MIN_CHANCE`] in 36.

use super::Trader;
use super::package::Plan;
use crate::action::Action;
use crate::contract::MAX_CONTRACTS;
use crate::game::{LaissezFaire, spaces_in};
use crate::package::Right;
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
                let other = game
                    .rooms(s, lodger, city)
                    .filter(|&(i, _)| i != property)
                    .map(|(_, price)| Trader::estimate(price))
                    .min();
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
}
