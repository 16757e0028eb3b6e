//! Credit: what a trader asks for a loan, given the chance that the borrower defaults and
//! what his collateral would leave the lender, and the loans it asks for and offers.
//!
//! **The risk.** A borrower repays out of what he has besides the deed he pledges: his net
//! worth (cash, deeds, houses and loans, less his debts) less that deed's worth and less
//! the jail fee or tax he is about to pay, plus the salary and rent he is likely to earn
//! over the loan's life and less the rent he is likely to pay on his way round the board
//! (`bot/prospects.rs`), his *other means* `M`. A trader reckons that he
//! defaults on a repayment `R` with the chance `q = R / (2 (R + M))`: one in two when he
//! has nothing else (he may still pass Start or sell a deed), one in four when his other
//! means match the debt, less the richer he is. A default leaves the lender the collateral,
//! worth at most the debt to him (no collateral, nothing). So the lender expects
//! `(1 - q) R + q min(C, R)` from a loan whose collateral is worth `C`.
//!
//! **The price.** A trader lends when it expects back the principal and the template's
//! interest ([`REPAYMENT_PERCENT`]), plus a dollar: a pledged deed worth the repayment makes
//! the loan safe and the price that interest; a smaller pledge, or none, raises it as the
//! risk grows. It asks at most twice the principal ([`MAX_REPAYMENT`]): a borrower who
//! would default more often than that pays is not lent to. The repayment runs over five
//! rounds, one instalment a round, like the template's.
//!
//! **The borrower** needs the cash now: short of a jail fee or a tax (after a rescue
//! package, before a single sale that would not cover the gap: `bot/rescue.rs`), short of
//! the rent before its roll, or, for the heuristic, for a house while keeping its reserve.
//! Short of the rent means that its roll is likely to take it where it cannot pay for any
//! room (at least one roll in six, [`SHORT_CHANCE`]), and so to the bench and to jail: it
//! needs what it lacks of the dearest such room. A lodger facing the bench can take no loan
//! then, since the lodging's moves are rooms, fares, the owners' offers and the payers'
//! shares: the loan comes before the roll, while packages may still be opened.
//! It asks the richest player who can lend and keep his reserve, pledging the deed that
//! gets it the cheapest price (the least worth among equals), for the price that player's
//! reckoning gives, so that he accepts it. In an emergency the cash keeps it in the game,
//! and it counts that cash twice (`bot/package.rs`), so any price up to
//! [`MAX_REPAYMENT`] beats going out; for a house, the only gain is some rent, so it
//! borrows only at the template's interest (give or take the instalments' rounding).
//!
//! **The lender** offers such a loan unasked to a player short of his jail fee or tax who
//! has not found one, at its price, in its own window and, for the player whose turn it
//! is, on the open floor; and, on the open floor before his roll, to the player whose turn
//! it is when he is short of the rent.

use super::Trader;
use super::package::Plan;
use super::prospects::Prospects;
use crate::action::Action;
use crate::board::{APARTMENT, SpaceKind};
use crate::contract::{Clause, INSTALMENTS, NO_DEED, REPAYMENT_PERCENT};
use crate::game::{LaissezFaire, spaces_in};
use crate::package::{Cadence, Side};
use crate::state::{Phase, State, Status};

/// The most a trader asks back for a loan, in percent of the principal: a borrower who
/// needs the cash values it twice (`bot/package.rs`), so he gains by no dearer loan.
pub const MAX_REPAYMENT: u32 = 200;

/// A trader's repayment schedule: one instalment a round, [`INSTALMENTS`] times, as the
/// template's.
const EVERY_ROUND: Cadence = match Cadence::new(1, INSTALMENTS) {
    Some(c) => c,
    None => panic!("one round, five times is a cadence"),
};

/// The least chance, in 36ths, that a player's roll takes him to a city where he cannot
/// pay for a room, for a trader to lend him the rent before the roll: one roll in six.
const SHORT_CHANCE: u32 = 6;

/// How many fees a borrower tries for a guaranteed loan: each covers the loss on the loan of
/// the need and the fee before it, and they converge within a few.
const GUARANTEE_TRIES: usize = 8;

/// A loan's terms as a trader prices them: the principal, the instalment and the pledge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// What is lent now.
    pub principal: u32,
    /// What is repaid each round, [`INSTALMENTS`] times.
    pub instalment: u32,
    /// The pledged deed ([`NO_DEED`]: none).
    pub collateral: u8,
}

impl Terms {
    /// What the borrower repays in all.
    pub fn repayment(self) -> u32 {
        self.instalment * u32::from(INSTALMENTS)
    }
}

/// What a lender reckons of a borrower: his net worth less what he must pay now (the jail
/// fee while jailed, or the tax of his shortfall window), plus his income and less the rent
/// ahead of him over the loan's life (`bot/prospects.rs`), worked out once for all the
/// prices and pledges it tries.
#[derive(Clone, Copy)]
struct Borrower {
    /// His other means before the pledge is taken off.
    worth: i64,
}

impl Borrower {
    fn of(game: &LaissezFaire, s: &State, seat: usize) -> Borrower {
        let p = &s.players[seat];
        let owed_now = if s.tax_due > 0 && usize::from(s.current) == seat {
            s.tax_due
        } else if p.jailed {
            game.jail_fee(s, seat)
        } else {
            0
        };
        let prospects = Prospects::of(game, s, seat);
        Borrower {
            worth: game.net_worth(s, seat) - i64::from(owed_now) + i64::from(prospects.income)
                - i64::from(prospects.rent),
        }
    }

    /// What a lender expects to gain by lending `principal` for `repayment` in all against
    /// a pledge worth `pledge` (0: none), beyond the principal and the template's interest
    /// (see the module docs).
    fn gain(self, principal: u32, repayment: u32, pledge: i64) -> i64 {
        let expected = i64::from(repayment) - self.loss(repayment, pledge);
        expected - i64::from((principal * REPAYMENT_PERCENT).div_ceil(100))
    }

    /// What a lender expects to lose of `repayment` against a pledge worth `pledge`: the
    /// chance of a default times what the collateral leaves unpaid, q (R - min(C, R)), to
    /// the dollar above.
    fn loss(self, repayment: u32, pledge: i64) -> i64 {
        let r = i64::from(repayment);
        let means = (self.worth - pledge).max(0);
        // q = r / (2 (r + means)).
        let whole = 2 * (r + means);
        if whole == 0 {
            r
        } else {
            (r * (r - pledge.min(r)) + whole - 1) / whole
        }
    }

    /// The terms a lender asks for `principal` against `collateral`, worth `pledge`: the
    /// smallest instalment whose repayment gains it a dollar, if one within
    /// [`MAX_REPAYMENT`] does.
    fn terms(self, principal: u32, collateral: u8, pledge: i64) -> Option<Terms> {
        let n = u32::from(INSTALMENTS);
        let gains = |instalment: u32| self.gain(principal, instalment * n, pledge) >= 1;
        let (mut low, mut high) = (principal.div_ceil(n), principal * MAX_REPAYMENT / 100 / n);
        if principal == 0 || !gains(high) {
            return None;
        }
        // The gain grows with the instalment: the least that gains.
        while low < high {
            let mid = (low + high) / 2;
            if gains(mid) {
                high = mid
            } else {
                low = mid + 1
            }
        }
        Some(Terms {
            principal,
            instalment: low,
            collateral,
        })
    }
}

/// The worth of `collateral` in net worth ([`NO_DEED`]: nothing).
fn pledge(game: &LaissezFaire, s: &State, collateral: u8) -> i64 {
    if collateral == NO_DEED {
        0
    } else {
        i64::from(game.deed_worth(s, collateral))
    }
}

impl Trader {
    /// What a lender expects to gain by lending `principal` to `borrower` against
    /// `collateral` for `repayment` in all, beyond the principal and the template's
    /// interest (see the module docs).
    pub(super) fn lender_gain(
        game: &LaissezFaire,
        s: &State,
        borrower: u8,
        principal: u32,
        repayment: u32,
        collateral: u8,
    ) -> i64 {
        Borrower::of(game, s, usize::from(borrower)).gain(
            principal,
            repayment,
            pledge(game, s, collateral),
        )
    }

    /// What a lender expects to lose of `repayment` lent to `borrower` against
    /// `collateral` (see the module docs): what a guarantor of the repayments takes on.
    pub(super) fn default_loss(
        game: &LaissezFaire,
        s: &State,
        borrower: u8,
        repayment: u32,
        collateral: u8,
    ) -> i64 {
        Borrower::of(game, s, usize::from(borrower)).loss(repayment, pledge(game, s, collateral))
    }

    /// The terms a lender asks for `principal` against `collateral`: the smallest
    /// instalment whose repayment gains it a dollar (see the module docs), if one within
    /// [`MAX_REPAYMENT`] does.
    pub fn loan_terms(
        game: &LaissezFaire,
        s: &State,
        borrower: u8,
        principal: u32,
        collateral: u8,
    ) -> Option<Terms> {
        Borrower::of(game, s, usize::from(borrower)).terms(
            principal,
            collateral,
            pledge(game, s, collateral),
        )
    }

    /// The cheapest terms `borrower` can get for `principal`: on each of its unpledged
    /// deeds or none, the one with the smallest instalment (the least worth on a tie).
    ///
    /// A deed worth the safe price's repayments makes the loan safe, and no pledge gets a
    /// smaller instalment: the least worth of such deeds is pledged, and the borrower's
    /// prospects (`bot/prospects.rs`, the dearer part of the reckoning) are not worked out.
    fn best_terms(game: &LaissezFaire, s: &State, borrower: u8, principal: u32) -> Option<Terms> {
        let deeds = game.holdings(s, borrower) & game.board().deeds;
        let unpledged = || spaces_in(deeds).filter(|&d| !s.contracts.pledged(d));
        let safe = Trader::safe_terms(principal);
        let covering = unpledged()
            .map(|d| (pledge(game, s, d), d))
            .filter(|&(worth, _)| worth >= i64::from(safe.repayment()))
            .min();
        if let Some((_, collateral)) = covering {
            return Some(Terms { collateral, ..safe });
        }
        let reckoning = Borrower::of(game, s, usize::from(borrower));
        unpledged()
            .chain([NO_DEED])
            .filter_map(|d| {
                let worth = pledge(game, s, d);
                let terms = reckoning.terms(principal, d, worth)?;
                Some((terms.instalment, worth, terms))
            })
            .min_by_key(|&(instalment, worth, _)| (instalment, worth))
            .map(|(.., terms)| terms)
    }

    /// Whether `seat` has a loan outstanding as borrower.
    fn borrowing(s: &State, seat: usize) -> bool {
        s.contracts
            .iter()
            .any(|c| c.payer as usize == seat && matches!(c.clause, Clause::Loan { .. }))
    }

    /// The loan `seat` asks for, if it needs one (see the module docs): a package to the
    /// richest player who can lend it and keep his reserve, at that player's price.
    pub(super) fn borrow_plan(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Plan> {
        if Trader::borrowing(s, seat) {
            return None;
        }
        let emergency = Trader::need_now(game, s, seat);
        let need = if emergency > 0 {
            emergency
        } else {
            self.house_need(game, s, seat)?
        };
        let lender = |principal: u32| {
            (0..game.config().players)
                .filter(|&o| o != seat && s.players[o].status != Status::Eliminated)
                .filter(|&o| {
                    let reserve =
                        Trader::reserve_with(game, s, o, seat as u8, self.reserve(game, s, o));
                    s.players[o].cash >= principal + reserve
                })
                .max_by_key(|&o| s.players[o].cash)
        };
        // Nobody can lend even the need: no terms to work out.
        lender(need)?;
        let best = |principal| Trader::best_terms(game, s, seat as u8, principal);
        let terms = if emergency > 0 {
            let alone = best(need);
            let reckoning = Borrower::of(game, s, seat);
            let guaranteed = self.guaranteed_plan(game, s, seat, reckoning, need, lender);
            match (guaranteed, alone) {
                (Some((plan, cost)), alone) if alone.is_none_or(|a| cost < a.repayment()) => {
                    return Some(plan);
                }
                (_, alone) => alone?,
            }
        } else {
            // The first instalment joins the reserve: borrow enough to build and pay it.
            let terms = best(need + best(need)?.instalment)?;
            let principal = terms.principal;
            // A house earns some rent: worth borrowing for at the template's interest only.
            let template = (principal * REPAYMENT_PERCENT).div_ceil(100) + u32::from(INSTALMENTS);
            Some(terms).filter(|t| t.repayment() <= template)?
        };
        let lender = lender(terms.principal)?;
        Some(Trader::loan_plan(lender as u8, Side::Yours, terms))
    }

    /// The guaranteed loan `seat` asks for `need` (see the module docs), with what it costs
    /// it in all (the repayments and the fee), if a lender and a guarantor can be found: the
    /// lender `lender` finds for the principal, the fee and the safe price's repayments,
    /// the guarantor the richest other player who could pay them all and keep his reserve.
    fn guaranteed_plan(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        reckoning: Borrower,
        need: u32,
        lender: impl Fn(u32) -> Option<usize>,
    ) -> Option<(Plan, u32)> {
        // The fee is borrowed too, and raises the repayments it covers: the least fee above
        // the loss on a loan of the need and that fee.
        let mut fee = 1;
        let (terms, fee) = (0..GUARANTEE_TRIES).find_map(|_| {
            let terms = Trader::safe_terms(need + fee);
            let loss = u32::try_from(reckoning.loss(terms.repayment(), 0)).ok()?;
            if loss < fee {
                return Some((terms, fee));
            }
            fee = loss + 1;
            None
        })?;
        let lender = lender(terms.principal)?;
        let guarantor = (0..game.config().players)
            .filter(|&o| o != seat && o != lender && s.players[o].status != Status::Eliminated)
            .filter(|&o| s.players[o].cash >= terms.repayment() + self.reserve(game, s, o))
            .max_by_key(|&o| s.players[o].cash)?;
        let mut plan = Trader::loan_plan(lender as u8, Side::Yours, terms);
        // The repayments are the plan's second clause.
        plan.push(Action::Guarantee(1, guarantor as u8, fee));
        Some((plan, terms.repayment() + fee))
    }

    /// The terms of a loan of `principal` that costs its lender nothing if the borrower
    /// defaults (a guaranteed one): the least instalment whose repayments bring the
    /// template's interest and a dollar.
    fn safe_terms(principal: u32) -> Terms {
        let due = (principal * REPAYMENT_PERCENT).div_ceil(100) + 1;
        Terms {
            principal,
            instalment: due.div_ceil(u32::from(INSTALMENTS)),
            collateral: NO_DEED,
        }
    }

    /// What the heuristic lacks to build its cheapest house and keep its reserve; `None`
    /// for the bargainer (it builds nothing) or when it has the cash or nothing to build on.
    fn house_need(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<u32> {
        if self.bargainer {
            return None;
        }
        let board = game.board();
        let cheapest = spaces_in(game.holdings(s, seat as u8))
            .filter(|&i| {
                s.lots.0[i as usize].level < APARTMENT
                    && matches!(board.spaces[i as usize].kind, SpaceKind::Property { .. })
            })
            .map(|i| board.house_price(i))
            .min()?;
        let need = (cheapest + self.reserve(game, s, seat)).saturating_sub(s.players[seat].cash);
        (need > 0).then_some(need)
    }

    /// The loan `seat` offers unasked (see the module docs), if any: to a player still in
    /// the game short of his jail fee or tax, who has no loan yet, the gap at this
    /// trader's price, when lending it keeps its reserve.
    pub(super) fn lend_plan(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Plan> {
        let cash = s.players[seat].cash;
        let n = game.config().players;
        // From the player whose turn it is: on the floor, he is the one it may offer to.
        (0..n)
            .map(|k| (usize::from(s.current) + k) % n)
            .filter(|&o| o != seat && s.players[o].status != Status::Eliminated)
            .filter(|&o| !Trader::borrowing(s, o))
            .find_map(|o| {
                let gap = Trader::need_now(game, s, o);
                let reserve =
                    Trader::reserve_with(game, s, seat, o as u8, self.reserve(game, s, seat));
                if gap == 0 || cash < gap + reserve {
                    return None;
                }
                let terms = Trader::best_terms(game, s, o as u8, gap)?;
                Some(Trader::loan_plan(o as u8, Side::Mine, terms))
            })
    }

    /// The cash `seat` needs now and lacks: its [`Trader::gap`] (a jail fee or tax), or else
    /// its [`Trader::rent_gap`].
    fn need_now(game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        match Trader::gap(game, s, seat) {
            0 => Trader::rent_gap(game, s, seat),
            gap => gap,
        }
    }

    /// What the player about to roll lacks to lodge wherever his roll is likely to take him
    /// (see the module docs): before his roll (his window, or the open floor before it), out
    /// of jail and with less than the dearest jail fee in hand, when his roll ends in a city
    /// whose cheapest room for him is dearer than his cash at least [`SHORT_CHANCE`] times
    /// in 36, the most he lacks in such a city.
    fn rent_gap(game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        // His window, the floor before his roll, or a deal opened at either.
        let before_roll =
            s.roll.is_none() && matches!(s.phase, Phase::Manage | Phase::Floor | Phase::Deal);
        let p = &s.players[seat];
        // With the dearest jail fee in hand the bench costs a fee he can pay.
        let safe = p.cash >= Trader::dearest_fee(game);
        if usize::from(s.current) != seat || !before_roll || p.jailed || safe {
            return 0;
        }
        let spaces = &game.board().spaces;
        let (mut chance, mut most) = (0, 0);
        for total in 2..=12u8 {
            let space = (usize::from(p.pos) + usize::from(total)) % spaces.len();
            let Some(city) = spaces[space].city() else {
                continue;
            };
            // A city with no room open to him is the bench whatever he holds.
            let Some(room) = Trader::cheapest_room(game, s, seat, city) else {
                continue;
            };
            if room > p.cash {
                chance += 6 - u32::from(total.abs_diff(7));
                most = most.max(room - p.cash);
            }
        }
        if chance >= SHORT_CHANCE { most } else { 0 }
    }

    /// The drafting moves of a loan on `terms` to or from `to`: `lender` says which side
    /// lends.
    fn loan_plan(to: u8, lender: Side, terms: Terms) -> Plan {
        let mut plan = Plan::new(to);
        plan.push(Action::Lend(lender, terms.collateral, terms.principal));
        plan.push(Action::Repay(EVERY_ROUND, terms.instalment));
        plan
    }
}
