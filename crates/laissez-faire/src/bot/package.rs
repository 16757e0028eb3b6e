//! The traders' side of packages ([`crate::package`]): what a package is worth to them,
//! how they answer one, and the bargainer's own offers of a deed plus cash for a deed.
//!
//! Each clause is valued for the trader's own side, in net-worth dollars:
//!
//! * **cash** at acceptance at its face value;
//! * **a schedule** at its total, but a schedule another player owes the trader at three
//!   quarters of it (he may default, and the arrears only count as a debt);
//! * **a deed** at its worth in net worth, except when it completes a set: for the player
//!   who gets it, such a deed is worth twice its value (what a trader asks for the last deed
//!   of a set, so the most it pays), and for the one who gives it, it costs its worth plus
//!   its value (what a trader pays on top of the worth to complete a set). The gap between the
//!   two is what the parties bargain over;
//! * **a loan**: the lender gives the principal and expects back the repayments less the
//!   chance of a default, net of the template's interest (the risk and the collateral's
//!   price, `bot/credit.rs`); the borrower
//!   gets the principal and owes the repayments, and a trader short of its reserve counts
//!   the cash it needs twice;
//! * **payments on landings** in a city at half their total (the payer may never land
//!   there), and as a schedule beyond that;
//! * **a right** (which counts nothing in net worth) at what it may save its holder: a
//!   lodging right at twice the amount its cap is under the room the holder would take
//!   instead (his cheapest other room in the city, or the reference rent if that is less:
//!   a couple of stays; once, if the owner may raise a stay's rent to the cap), a price cap
//!   at twice the amount it is under the reference fare or fee, an option at half the
//!   amount its strike is under what the holder would pay for the deed (twice its value
//!   when it completes one of his sets, else its value), each in proportion to its length
//!   against ten rounds, counting twenty at most (a game lasts about thirty); the same is a
//!   cost to the grantor. Valued against the reference rent, a right on a housed room
//!   looked worth $34 to a holder who saved $1 a night by it.
//!
//! A guarantee moves what the payee expects the debtor to miss to the guarantor, who gets
//! the fee the debtor pays: a quarter of a schedule's payments, and of a loan's repayments
//! the loss the credit model expects (`bot/credit.rs`), so that the lender counts a
//! guaranteed loan as safe.
//!
//! A package with a free-text promise or a rule change in it is refused: a trader cannot
//! weigh either (it refuses them as templates too).
//!
//! # Answering and countering
//!
//! A trader has a *floor*, the least a package must be worth to it (a dollar), and an
//! *aim*, what it asks in a counter: for the party who opened the deal, what its opening
//! terms were worth to it; for the other party, a dollar plus, for each deed it would give
//! that completes the taker's set, what a seller asks for such a deed on top of what it
//! costs him (the heuristic twice the deed's value, as in a trade thread; the bargainer all
//! the taker's cash above his reserve, at least that).
//!
//! It accepts a package worth its aim that leaves it its reserve (or does not lower its
//! cash). Otherwise, while the deal has a counter left, it counters: it asks, as a payment
//! now, for half the difference between what the package is worth to it and its aim (but
//! never less than its floor), so that each counter meets the other side halfway and the
//! last terms fall inside both parties' floors when there is room for a deal. With no
//! counter left (the deal's counters used, or the package too full for its ask), it accepts a
//! package worth its floor and refuses the rest.

use gameshelf_engine::Game;

use super::{RESERVE, Trader};
use crate::action::Action;
use crate::contract::{LODGING_ROUNDS, NO_DEED};
use crate::deal::Deal;
use crate::game::{LaissezFaire, spaces_in};
use crate::package::{Grant, Item, Kind, MAX_CLAUSES, Package, Right, Side, Span, When};
use crate::price::{MAX_PRICE, Share};
use crate::state::State;

/// The most rounds of a right a trader counts: a game lasts about thirty rounds, so a right
/// of 255 rounds is not worth 25 times one of ten.
const RIGHT_HORIZON: u8 = 2 * LODGING_ROUNDS;

impl Trader {
    /// What `package` is worth to `seat`, in net-worth dollars (see the module docs).
    pub(super) fn package_value(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: u8,
        package: &Package,
    ) -> i64 {
        package
            .iter()
            .map(|item| {
                self.item_value(game, s, seat, item, package)
                    + Trader::guarantee_value(game, s, seat, item, package)
            })
            .sum()
    }

    /// What a clause's guarantee is worth to `seat`: the debtor pays the fee; the payee no
    /// longer fears what a trader expects the debtor to miss (see the module docs), which
    /// falls on the guarantor instead, who gets the fee.
    fn guarantee_value(
        game: &LaissezFaire,
        s: &State,
        seat: u8,
        item: &Item,
        package: &Package,
    ) -> i64 {
        let Some(g) = item.guarantee() else {
            return 0;
        };
        let fee = i64::from(g.fee);
        let risk = match item.kind {
            Kind::Pay(w) => i64::from(item.amount) * i64::from(w.times().unwrap_or(0)) / 4,
            Kind::Repay(c) => {
                let collateral = match package.loan().map(|(_, l)| l.kind) {
                    Some(Kind::Lend(collateral)) => collateral,
                    _ => NO_DEED,
                };
                let repayment = item.amount.saturating_mul(u32::from(c.times()));
                Trader::default_loss(game, s, item.from, repayment, collateral)
            }
            _ => 0,
        };
        let mut value = 0;
        if seat == item.from {
            value -= fee;
        }
        if seat == item.to {
            value += risk;
        }
        if seat == g.seat {
            value += fee - risk;
        }
        value
    }

    /// The answer of `seat`, a third party named in the package `deal`'s two parties agreed
    /// on, to the request for its consent: it consents only when it gains (a guarantee's
    /// fee above the quarter of the payments it expects to cover, say) and keeps its
    /// reserve; a payer who gets nothing for paying refuses. It never asks for time: the
    /// answer is one move, so the game goes on.
    pub(super) fn consent(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        deal: &Deal,
    ) -> Action {
        let me = seat as u8;
        let unweighable = deal
            .package
            .iter()
            .any(|i| matches!(i.kind, Kind::Text(_) | Kind::Rule(..)));
        if unweighable || game.deal_move(s, Action::Accept).is_err() {
            return Action::Refuse;
        }
        let value = self.package_value(game, s, me, &deal.package);
        let cash_now: i64 = deal.package.iter().map(|i| i.cash_now(me)).sum();
        let keeps = cash_now >= 0
            || i64::from(s.players[seat].cash) + cash_now >= i64::from(self.reserve(game, s, seat));
        if value > 0 && keeps {
            Action::Accept
        } else {
            Action::Refuse
        }
    }

    fn item_value(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: u8,
        item: &Item,
        package: &Package,
    ) -> i64 {
        let sign = match seat {
            x if x == item.to => 1,
            x if x == item.from => -1,
            _ => return 0,
        };
        let amount = i64::from(item.amount);
        match item.kind {
            Kind::Pay(When::Now) => sign * amount,
            // Landings in a city, or on a space, may never happen: reckoned at half their
            // number.
            Kind::Pay(when @ (When::Lands(_) | When::LandsOn(_))) => {
                let total = amount * i64::from(when.times().unwrap_or(0)) / 2;
                if sign > 0 { total * 3 / 4 } else { -total }
            }
            Kind::Pay(when) => {
                let total = amount * i64::from(when.times().unwrap_or(0));
                if sign > 0 { total * 3 / 4 } else { -total }
            }
            Kind::Deed(d) => {
                let worth = i64::from(game.deed_worth(s, d));
                let value = game.deed_value(s, d);
                match (sign, Trader::completes(game, game.holdings(s, item.to), d)) {
                    (_, false) => sign * worth,
                    (1, true) => i64::from(Share::Double.of(value)),
                    (_, true) => -(worth + i64::from(value)),
                }
            }
            Kind::Lend(collateral) => {
                let repaid = package.repayment().map_or(0, |r| {
                    let Kind::Repay(c) = r.kind else { return 0 };
                    i64::from(r.amount) * i64::from(c.times())
                });
                if sign < 0 {
                    // The risk and the collateral's price (`bot/credit.rs`).
                    let repaid = u32::try_from(repaid).unwrap_or(u32::MAX);
                    Trader::lender_gain(game, s, item.to, item.amount, repaid, collateral)
                } else {
                    let short = i64::from(self.reserve(game, s, seat.into()))
                        - i64::from(s.players[usize::from(seat)].cash);
                    amount + short.clamp(0, amount) - repaid
                }
            }
            // Counted with its loan.
            Kind::Repay(_) => 0,
            Kind::Right(right, d) => {
                sign * Trader::right_value(game, s, item.to, (right, d), amount)
            }
            // Refused outright (see [`Trader::answer_package`]).
            Kind::Text(_) | Kind::Rule(..) => 0,
        }
    }

    /// What a right may save its `holder` (see the module docs), in proportion to its length
    /// against the rights of [`LODGING_ROUNDS`] rounds the estimates are made for, counting
    /// no more than [`RIGHT_HORIZON`] rounds.
    pub(super) fn right_value(
        game: &LaissezFaire,
        s: &State,
        holder: u8,
        (right, d): (Right, u8),
        amount: i64,
    ) -> i64 {
        let gain = match right.grant() {
            // The discount on a couple of stays against the room he would take instead (a
            // housed room's reference rent is far above the bank's rooms beside it); a right
            // whose stays the owner may raise saves on the first only.
            Grant::Lodging => {
                let stays = if right.raisable() { 1 } else { 2 };
                let reference = game.reference_rent(s, d).unwrap_or(0);
                let instead =
                    Trader::other_room(game, s, holder, d).map_or(reference, |o| o.min(reference));
                stays * (i64::from(instead) - amount)
            }
            // Half the discount on what he would pay for the deed: twice its value when it
            // completes one of his sets (what a seller asks for such a deed), else its value.
            Grant::Option => {
                let value = game.deed_value(s, d);
                let full = if Trader::completes(game, game.holdings(s, holder), d) {
                    Share::Double.of(value)
                } else {
                    value
                };
                (i64::from(full) - amount) / 2
            }
            // The discount on a couple of rides or fees.
            Grant::Service => {
                2 * (i64::from(game.reference_service_price(s, d).unwrap_or(0)) - amount)
            }
        };
        // A right by uses lasts, at the pace assumed above (a couple of uses in
        // LODGING_ROUNDS rounds), as many rounds as its uses take.
        let rounds = match right.span() {
            Span::Rounds(n) => n,
            Span::Uses(n) => n.saturating_mul(LODGING_ROUNDS / 2),
        };
        let rounds = rounds.min(RIGHT_HORIZON);
        gain.max(0) * i64::from(rounds) / i64::from(LODGING_ROUNDS)
    }

    /// The answer of `seat` to the package `deal` offers it: accept, counter or refuse (see
    /// the module docs).
    pub(super) fn answer_package(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        deal: &Deal,
    ) -> Action {
        // Free text and rule changes it cannot weigh: refused, as bots refuse them in
        // templates (B7: a bot's default answer to free text is a refusal).
        let unweighable = |i: &Item| matches!(i.kind, Kind::Text(_) | Kind::Rule(..));
        let me = seat as u8;
        // The bargainer bails no rival out (see `bot/bargainer.rs`).
        // A loan at its risk's price is no bail-out: a default leaves the lender its price.
        let bail_out = self.bargainer
            && deal.package.loan().is_none()
            && Trader::shortfall(game, s, deal.other(me).into(), true) > 0;
        if game.deal_move(s, Action::Accept).is_err()
            || deal.package.iter().any(unweighable)
            || bail_out
        {
            return Action::Refuse;
        }
        let value = self.package_value(game, s, me, &deal.package);
        let cash_now: i64 = deal.package.iter().map(|i| i.cash_now(me)).sum();
        let cash = i64::from(s.players[seat].cash);
        let reserve =
            Trader::reserve_with(game, s, seat, deal.other(me), self.reserve(game, s, seat));
        let keeps = cash_now >= 0 || cash + cash_now >= i64::from(reserve);
        let aim = self.aim(game, s, seat, deal);
        // A counter adds its ask as one more clause: a full package has no counter left.
        let counters = Trader::counter_ask(s, seat, deal, value, aim).is_some()
            && deal.package.len() < MAX_CLAUSES
            && game.deal_move(s, Action::Amend).is_ok();
        if value >= aim && keeps {
            Action::Accept
        } else if counters {
            Action::Amend
        } else if value > 0 && keeps {
            Action::Accept
        } else {
            Action::Refuse
        }
    }

    /// What `seat` asks the package of `deal` to be worth to it in a counter (see the module
    /// docs): its opening terms' worth if it opened the deal, its aspiration otherwise.
    fn aim(&self, game: &LaissezFaire, s: &State, seat: usize, deal: &Deal) -> i64 {
        let me = seat as u8;
        // The roles swap at each counter: the seat that has the floor opened the deal when
        // it drafts after an even number of counters or answers after an odd one.
        let opened = (deal.counters % 2 == 0) != deal.sent;
        let opening = opened
            .then(|| self.opening(game, s, seat, deal.other(me)))
            .flatten()
            .map(|p| self.package_value(game, s, me, &p));
        opening.unwrap_or_else(|| self.aspiration(game, s, me, &deal.package))
    }

    /// A dollar plus, for each deed `seat` gives in `package` that completes the taker's
    /// set, what it asks for such a deed beyond what it costs it (see the module docs).
    fn aspiration(&self, game: &LaissezFaire, s: &State, seat: u8, package: &Package) -> i64 {
        let premium = |item: &Item| match item.kind {
            Kind::Deed(d)
                if item.from == seat && Trader::completes(game, game.holdings(s, item.to), d) =>
            {
                let value = game.deed_value(s, d);
                let mut ask = Share::Double.of(value);
                if self.bargainer {
                    let spare = s.players[usize::from(item.to)].cash.saturating_sub(RESERVE);
                    ask = ask.max(spare);
                }
                i64::from(ask) - i64::from(game.deed_worth(s, d)) - i64::from(value)
            }
            _ => 0,
        };
        1 + package.iter().map(premium).sum::<i64>()
    }

    /// The payment now `seat` asks in a counter to the terms of `deal` worth `value` to it:
    /// half the way to `aim`, never under a dollar of worth, within the cash the other party
    /// has left after the terms; `None` when there is nothing to ask.
    fn counter_ask(s: &State, seat: usize, deal: &Deal, value: i64, aim: i64) -> Option<u32> {
        let other = deal.other(seat as u8);
        let target = ((value + aim) / 2).max(1);
        let spare: i64 = i64::from(s.players[usize::from(other)].cash)
            + deal.package.iter().map(|i| i.cash_now(other)).sum::<i64>();
        let ask = (target - value).min(spare).min(i64::from(MAX_PRICE));
        (ask > 0).then_some(ask as u32)
    }

    /// The package `seat` opens a deal with `other` with, if it plans one (see
    /// [`Trader::package_plan`]), as the notary drafts it.
    fn opening(&self, game: &LaissezFaire, s: &State, seat: usize, other: u8) -> Option<Package> {
        let plan = self.plan_to(game, s, seat, other)?;
        let mut deal = Deal::new(seat as u8, plan.to);
        for &a in plan.moves() {
            if let Action::Guarantee(..) = a {
                deal.package = game.draft_party(s, &deal, a).ok()?;
            } else {
                let item = game.draft_clause(s, &deal, a).ok()?;
                deal.package.push(item);
            }
        }
        Some(deal.package)
    }

    /// The drafter's next move in `deal`: a counter asks its payment (see the module docs)
    /// and is sent; its own offer adds its planned clauses one by one and sends them;
    /// anything else is withdrawn.
    pub(super) fn draft(&self, game: &LaissezFaire, s: &State, seat: usize, deal: &Deal) -> Action {
        let me = seat as u8;
        let legal = |a: Action| game.deal_move(s, a).is_ok();
        let next = if deal.counters > 0 {
            if deal.package != deal.before {
                Action::Send
            } else {
                let value = self.package_value(game, s, me, &deal.package);
                let aim = self.aim(game, s, seat, deal);
                match Trader::counter_ask(s, seat, deal, value, aim) {
                    Some(ask) => Action::Pay(Side::Yours, When::Now, ask),
                    None => Action::Withdraw,
                }
            }
        } else {
            match self.plan_to(game, s, seat, deal.answerer) {
                Some(plan) => plan.next(&deal.package).unwrap_or(Action::Send),
                _ => Action::Withdraw,
            }
        };
        if legal(next) { next } else { Action::Withdraw }
    }

    /// The package `seat` opens a thread with when it is the `first` of its window (and at
    /// any of its floor's), if any: a rescue when it is going under (`bot/rescue.rs`), else
    /// a loan to a player short of his jail fee (`bot/credit.rs`), else one for the last
    /// deed of a set of its own ([`Trader::set_plan`]), else a lodging right on a housed
    /// room or a price cap (`bot/clauses.rs`). A refused package would only be refused
    /// again, so a window's later threads open none of these; a loan request
    /// ([`Trader::borrow_plan`]) may come after them.
    pub(super) fn package_plan(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        first: bool,
    ) -> Option<Plan> {
        if !first {
            return None;
        }
        self.rescue_plan(game, s, seat)
            .or_else(|| self.lend_plan(game, s, seat))
            .or_else(|| self.set_plan(game, s, seat))
            .or_else(|| Trader::lodging_plan(game, s, seat))
            .or_else(|| self.cap_plan(game, s, seat))
    }

    /// The plan of the deal `seat` drafts (or drafted) with `other`: its package plan if
    /// the deal is the first thread of its window or opened on the floor, else its loan
    /// request ([`Trader::package_plan`]).
    fn plan_to(&self, game: &LaissezFaire, s: &State, seat: usize, other: u8) -> Option<Plan> {
        // The deal in hand is counted among the threads opened.
        let first = s.floor_seat.is_some() || s.offers <= 1;
        self.package_plan(game, s, seat, first)
            .filter(|p| p.to == other)
            .or_else(|| self.borrow_plan(game, s, seat).filter(|p| p.to == other))
    }

    /// A trader's package for a deed that completes a set of its own, held by another
    /// player: one of its own deeds (the least worth, outside that set, unpledged, and
    /// completing no set for him) plus the cash that makes the package worth a dollar to
    /// him by a trader's valuation, when the package is worth something to the trader too
    /// (it costs less net worth than the twice the deed's value it would pay at most) and
    /// leaves its reserve.
    fn set_plan(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Plan> {
        let me = seat as u8;
        let mine = game.holdings(s, me);
        let cash = s.players[seat].cash;
        Trader::set_completers(game, s, mine).find_map(|(target, owner)| {
            let theirs = game.holdings(s, owner);
            let set = Trader::set_of(game, target);
            let give = spaces_in(mine & !set)
                .filter(|&d| !s.contracts.pledged(d) && !Trader::completes(game, theirs, d))
                .min_by_key(|&d| game.deed_worth(s, d))?;
            // What he loses (the target, which completes our set) less what he gains (our
            // deed), plus a dollar.
            let loses =
                i64::from(game.deed_worth(s, target)) + i64::from(game.deed_value(s, target));
            let gains = i64::from(game.deed_worth(s, give));
            let pay = (loses - gains + 1).max(1) as u32;
            let asked = Share::Double.of(game.deed_value(s, target));
            let cheaper = pay + game.deed_worth(s, give) < asked;
            (cheaper && pay + self.reserve(game, s, seat) <= cash).then(|| {
                let mut plan = Plan::new(owner);
                plan.push(Action::Deed(give));
                plan.push(Action::Pay(Side::Mine, When::Now, pay));
                plan.push(Action::Deed(target));
                plan
            })
        })
    }
}

/// A package a trader means to offer: the other party and its drafting moves, in order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// The other party.
    pub(super) to: u8,
    moves: [Action; MAX_CLAUSES],
    len: usize,
}

impl Plan {
    /// An empty plan for a package to `to`.
    pub(super) fn new(to: u8) -> Plan {
        Plan {
            to,
            moves: [Action::Send; MAX_CLAUSES],
            len: 0,
        }
    }

    /// Adds a move; `false` (nothing added) when the package would hold more clauses than
    /// [`MAX_CLAUSES`].
    pub(super) fn push(&mut self, action: Action) -> bool {
        if self.len == MAX_CLAUSES {
            return false;
        }
        self.moves[self.len] = action;
        self.len += 1;
        true
    }

    /// The move that opens the deal, if it is legal now.
    pub(super) fn open(&self, game: &LaissezFaire, s: &State) -> Option<Action> {
        Some(Action::Draft(self.to)).filter(|&a| game.is_legal(s, a))
    }

    /// The moves, in drafting order.
    pub(super) fn moves(&self) -> &[Action] {
        &self.moves[..self.len]
    }

    /// The move after those `package` shows drafted: each clause is one move, and so is
    /// each guarantee named on one (the only third party a plan names).
    pub(super) fn next(&self, package: &Package) -> Option<Action> {
        let drafted: usize = package
            .iter()
            .map(|i| 1 + usize::from(i.guarantee().is_some()))
            .sum();
        self.moves().get(drafted).copied()
    }
}
