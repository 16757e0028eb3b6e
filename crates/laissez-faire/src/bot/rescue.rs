//! Escaping elimination: the deeds a trader sells when it is short of the cash it must find
//! now, and the reserve a buyer keeps in such a sale.
//!
//! A player goes out when he cannot pay his way out of jail at his last chance (or, with
//! `tax_shortfall=eliminate`, a tax). Borrowing alone leaves most players who go under with
//! deeds still in hand (97.7% of eliminations in four-heuristic games, when the heuristic
//! only borrowed): a loan needs a lender with cash to spare, a deed priced at least the
//! principal, and no loan already outstanding. A sale needs only a buyer with the cash, and
//! a deed offered a dollar under what it is worth to him is one a trader takes, since he
//! gains by it. So both bots sell before they borrow, several deeds at once in a package
//! when one does not cover the gap.
//!
//! Single-deed sales at a buyer's full reserve still left 94.5% of the eliminated with
//! deeds: at the end of a game every player's cash is near his reserve, so nobody could
//! pay. A buyer in a rescue keeps half the reserve instead ([`Trader::reserve_with`]): the
//! deed he buys below its worth can be sold again in a rescue of his own.
//!
//! Selling only once in jail still left most of the eliminated with deeds: by then the
//! other players are short too. So the heuristic sells earlier, as a careful player would:
//! out of jail with less cash than the dearest jail fee at the last chance
//! ([`Trader::dearest_fee`]), it offers the same packages for what it lacks of that fee, to
//! buyers who keep their usual reserve ([`Trader::shortfall`]); and it keeps that fee as
//! its reserve when it buys and builds. With four heuristic players this cut eliminations
//! in round-limit games from 1.66 to 0.90 a game (the rules page has the figures). The
//! bargainer keeps its cash anyway and does not sell early: selling early cost it win rate.

use gameshelf_engine::Game;

use super::package::Plan;
use super::{RESERVE, Trader};
use crate::action::Action;
use crate::contract::Clause;
use crate::game::{LaissezFaire, spaces_in};
use crate::package::{MAX_CLAUSES, Side, When};
use crate::state::{State, Status};

/// Deeds a rescue package sells at most: all its clauses but the payment.
const MAX_SOLD: usize = MAX_CLAUSES - 1;

impl Trader {
    /// The first move of a trader going under, if it has one: opening its rescue package
    /// ([`Trader::rescue_plan`]) as the turn's first thread, else asking for a loan of the
    /// gap (`bot/credit.rs`), else a single deed to the next buyer
    /// ([`Trader::rescue_offer`]).
    pub(super) fn rescue(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        mine: u64,
    ) -> Option<Action> {
        let package = self
            .rescue_plan(game, s, seat)
            .filter(|_| s.offers == 0)
            .map(|plan| Action::Draft(plan.to))
            .filter(|&a| game.is_legal(s, a));
        // A loan that covers the gap before a single sale that may not: a deed sold for
        // less than the gap can no longer be pledged for the rest.
        let loan = || {
            (Trader::gap(game, s, seat) > 0)
                .then(|| self.borrow_plan(game, s, seat)?.open(game, s))
                .flatten()
        };
        package
            .or_else(loan)
            .or_else(|| self.rescue_offer(game, s, seat, mine))
    }

    /// The offer a trader short of the cash it must find now (a jail fee it cannot pay, or a
    /// tax in its shortfall window) makes when it has no rescue package to offer, or as the
    /// turn's second thread: the cheapest deed whose worth covers the gap or, when none
    /// does, its most valuable one (a second sale or a loan makes up the rest), to the
    /// richest player who can pay for it and keep his rescue reserve (the next richest for
    /// the turn's second offer), at a dollar under what it is worth to him (so he gains by
    /// it and a trader accepts). Worth is reckoned as in the package
    /// ([`Trader::rescue_plan`]). Pledged deeds are not sold: they carry their lender's
    /// claim (B-20).
    pub(super) fn rescue_offer(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        mine: u64,
    ) -> Option<Action> {
        let need = Trader::shortfall(game, s, seat, !self.bargainer);
        if need == 0 {
            return None;
        }
        // The richest who can pay for the first offer of the turn, the next richest for
        // the second: a buyer who refused is not asked twice.
        let buyer = |deed: u8| {
            let mut buyers = [(0u32, 0usize, 0u32); crate::config::MAX_PLAYERS];
            let mut n = 0;
            for o in 0..game.config().players {
                if o == seat || s.players[o].status == Status::Eliminated {
                    continue;
                }
                let price = Trader::rescue_value(game, s, o as u8, deed).saturating_sub(1);
                if price > 0 && self.rescue_budget(game, s, o, seat) >= price {
                    buyers[n] = (s.players[o].cash, o, price);
                    n += 1;
                }
            }
            buyers[..n].sort_unstable_by(|a, b| b.cmp(a));
            buyers[..n]
                .get(usize::from(s.offers))
                .map(|&(_, o, price)| (o, price))
        };
        spaces_in(mine)
            .filter(|&d| !s.contracts.pledged(d))
            .filter_map(|deed| {
                let (to, price) = buyer(deed)?;
                let offer = Action::Offer(to as u8, deed, price);
                game.is_legal(s, offer).then_some((price + 1, offer))
            })
            // Covering deeds first, the cheapest of them; then the dearest of the rest.
            .min_by_key(|&(worth, _)| {
                if worth > need {
                    (false, worth)
                } else {
                    (true, u32::MAX - worth)
                }
            })
            .map(|(_, offer)| offer)
    }

    /// The cash `seat` must find now and does not have: the jail fee while jailed, or the
    /// tax of its shortfall window (and the deals opened in it), less what it holds; 0 when
    /// it is not going under.
    pub(super) fn gap(game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        let p = &s.players[seat];
        let owed = if s.tax_due > 0 && usize::from(s.current) == seat {
            s.tax_due
        } else if p.jailed {
            game.jail_fee(s, seat)
        } else {
            0
        };
        owed.saturating_sub(p.cash.saturating_add(game.jail_dollars(s, seat)))
    }

    /// The package a trader going under offers first: some of its deeds for cash now, to the
    /// player who pays enough for the fewest deeds (the most, when nobody covers the gap),
    /// at a dollar under what they are worth to him by a trader's valuation of packages, or
    /// at the cash he can spend on a rescue ([`Trader::reserve_with`]) when that is less.
    /// The deeds are the one worth least to him that covers the gap alone or, when none
    /// does, the dearest first until the gap is covered; never a deed pledged to another
    /// player than the buyer (its own lender may buy it: the pledge then binds nothing
    /// he does not hold, and he would lose it to the bank if the seller went out). One package
    /// sells up to five deeds at once, where a trade thread sells one. A sale that does not
    /// cover the gap is offered only when the other players could pay the rest: one that
    /// cannot save the seller would only hand his deeds over cheaply.
    pub(super) fn rescue_plan(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Plan> {
        let need = Trader::shortfall(game, s, seat, !self.bargainer);
        if need == 0 {
            return None;
        }
        let mine = game.holdings(s, seat as u8) & game.board().deeds;
        let buyers = || {
            (0..game.config().players)
                .filter(move |&o| o != seat && s.players[o].status != Status::Eliminated)
        };
        let budgets: u32 = buyers().map(|o| self.rescue_budget(game, s, o, seat)).sum();
        let mut best: Option<((bool, usize, u32), Plan)> = None;
        for buyer in buyers() {
            let budget = self.rescue_budget(game, s, buyer, seat);
            let mut deeds = [(0u32, 0u8); 64];
            let mut n = 0;
            for d in spaces_in(mine).filter(|&d| !Trader::pledged_elsewhere(s, d, buyer)) {
                deeds[n] = (Trader::rescue_value(game, s, buyer as u8, d), d);
                n += 1;
            }
            let deeds = &mut deeds[..n];
            deeds.sort_unstable();
            let (mut sold, mut value, mut count) = ([0u8; MAX_SOLD], 0u32, 0);
            if let Some(&(v, d)) = deeds.iter().find(|&&(v, _)| v > need) {
                (sold[0], value, count) = (d, v, 1);
            } else {
                for &(v, d) in deeds.iter().rev().take(MAX_SOLD) {
                    (sold[count], value, count) = (d, value + v, count + 1);
                    if value > need {
                        break;
                    }
                }
            }
            let price = value.saturating_sub(1).min(budget);
            let rest_paid = need.saturating_sub(price) <= budgets - budget;
            if count == 0 || price == 0 || !rest_paid {
                continue;
            }
            let rank = (price >= need, MAX_SOLD - count, price);
            if best.as_ref().is_some_and(|(r, _)| *r >= rank) {
                continue;
            }
            let mut plan = Plan::new(buyer as u8);
            for &d in &sold[..count] {
                plan.push(Action::Deed(d));
            }
            plan.push(Action::Pay(Side::Yours, When::Now, price));
            best = Some((rank, plan));
        }
        best.map(|(_, plan)| plan)
    }

    /// Whether `deed` is pledged under a live loan to someone other than `buyer`.
    fn pledged_elsewhere(s: &State, deed: u8, buyer: usize) -> bool {
        s.contracts.iter().any(|c| {
            matches!(c.clause, Clause::Loan { collateral, .. } if collateral == deed)
                && usize::from(c.payee) != buyer
        })
    }

    /// The dearest jail fee on the board, at the last chance to pay it: what a careful
    /// player keeps in hand.
    pub(super) fn dearest_fee(game: &LaissezFaire) -> u32 {
        let h = game.board().house_prices.iter().copied().max().unwrap_or(0);
        h + u32::from(game.config().jail_chances) * h / 10
    }

    /// The cash `seat` sets out to raise by selling deeds: its [`Trader::gap`], or, when
    /// `careful` and out of jail, what it lacks of the dearest jail fee
    /// ([`Trader::dearest_fee`]).
    pub(super) fn shortfall(game: &LaissezFaire, s: &State, seat: usize, careful: bool) -> u32 {
        let gap = Trader::gap(game, s, seat);
        if gap > 0 || !careful || s.players[seat].jailed {
            return gap;
        }
        Trader::dearest_fee(game).saturating_sub(s.players[seat].cash)
    }

    /// What `deed` is worth to `buyer` in a rescue: what a trader's valuation of packages
    /// gives it (`bot/package.rs`).
    fn rescue_value(game: &LaissezFaire, s: &State, buyer: u8, deed: u8) -> u32 {
        if Trader::completes(game, game.holdings(s, buyer), deed) {
            crate::price::Share::Double.of(game.deed_value(s, deed))
        } else {
            game.deed_worth(s, deed)
        }
    }

    /// The cash `buyer` may spend on a rescue purchase: all he holds above his rescue
    /// reserve ([`Trader::reserve_with`]).
    fn rescue_budget(&self, game: &LaissezFaire, s: &State, buyer: usize, seller: usize) -> u32 {
        let reserve =
            Trader::reserve_with(game, s, buyer, seller as u8, self.reserve(game, s, buyer));
        s.players[buyer].cash.saturating_sub(reserve)
    }

    /// The cash `seat` keeps back in a deal with `other`: `usual`, or, when `other` is going
    /// under, half of [`RESERVE`] plus the next round's obligations (no more than `usual`).
    /// A deed bought in a rescue can be sold again in the buyer's own: at the end of a game
    /// every player's cash is close to his reserve (in four-heuristic games the richest
    /// other player held less than $300 at every elimination), so a buyer who kept his
    /// whole reserve would never be found.
    pub(super) fn reserve_with(
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        other: u8,
        usual: u32,
    ) -> u32 {
        if Trader::going_under(game, s, other) {
            (RESERVE / 2 + Trader::owes_next(s, seat)).min(usual)
        } else {
            usual
        }
    }
}
