//! The traders' side of packages ([`crate::package`]): what a package is worth to them,
//! how they answer one, and the bargainer's own offers of a deed plus cash for a deed.
//!
//! Each clause is valued for the trader's own side, in net-worth dollars:
//!
//! * **cash** at acceptance at its face value;
//! * **a schedule** at its total, but a schedule another player owes the trader at three
//!   quarters of it (he may default, and the arrears only count as a debt);
//! * **a deed** at its worth in net worth, plus its value when it completes a set for the
//!   player who gets it (what a trader pays to complete a set): that is a gain when the
//!   trader completes its own set, and a cost when it hands another player one;
//! * **a loan**: the lender gives the principal and gets the repayments, at their total
//!   when the collateral's worth covers them and at half otherwise (the risk); the borrower
//!   gets the principal and owes the repayments, and a trader short of its reserve counts
//!   the cash it needs twice;
//! * **a right** (which counts nothing in net worth) at what it may save its holder: a
//!   lodging right at twice the amount its cap is under the reference rent (a couple of
//!   stays), an option at half the amount its strike is under the deed's value; the same
//!   is a cost to the grantor.
//!
//! A trader accepts a package worth more than nothing to it that leaves it its reserve (or
//! does not lower its cash), and refuses the rest; the bargainer, before refusing, counters
//! once by asking the difference in cash at acceptance, if the other party has it.

use super::Trader;
use crate::action::Action;
use crate::contract::NO_DEED;
use crate::deal::Deal;
use crate::game::{LaissezFaire, spaces_in};
use crate::package::{Item, Kind, Package, Right, Side, When};
use crate::price::Share;
use crate::state::State;

impl Trader {
    /// What `package` is worth to `seat`, in net-worth dollars (see the module docs).
    pub(super) fn package_value(
        game: &LaissezFaire,
        s: &State,
        seat: u8,
        package: &Package,
    ) -> i64 {
        package
            .iter()
            .map(|item| Trader::item_value(game, s, seat, item, package))
            .sum()
    }

    fn item_value(game: &LaissezFaire, s: &State, seat: u8, item: &Item, package: &Package) -> i64 {
        let sign = match seat {
            x if x == item.to => 1,
            x if x == item.from => -1,
            _ => return 0,
        };
        let amount = i64::from(item.amount);
        match item.kind {
            Kind::Pay(When::Now) => sign * amount,
            Kind::Pay(when) => {
                let total = amount * i64::from(when.times().unwrap_or(0));
                if sign > 0 { total * 3 / 4 } else { -total }
            }
            Kind::Deed(d) => {
                let mut worth = i64::from(game.deed_worth(s, d));
                if Trader::completes(game, game.holdings(s, item.to), d) {
                    worth += i64::from(game.deed_value(s, d));
                }
                sign * worth
            }
            Kind::Lend(collateral) => {
                let repaid = package.repayment().map_or(0, |r| {
                    let Kind::Repay(c) = r.kind else { return 0 };
                    i64::from(r.amount) * i64::from(c.times())
                });
                if sign < 0 {
                    let covered = collateral != NO_DEED
                        && i64::from(game.deed_worth(s, collateral)) >= repaid;
                    let expected = if covered { repaid } else { repaid / 2 };
                    expected - amount
                } else {
                    let short = i64::from(Trader::reserve(s, seat.into()))
                        - i64::from(s.players[usize::from(seat)].cash);
                    amount + short.clamp(0, amount) - repaid
                }
            }
            // Counted with its loan.
            Kind::Repay(_) => 0,
            Kind::Right(right, d) => {
                let gain = match right {
                    // The discount on a couple of stays.
                    Right::Lodging | Right::RefusableLodging => {
                        2 * (i64::from(game.reference_rent(s, d).unwrap_or(0)) - amount)
                    }
                    // Half the discount on the deed, should it be bought.
                    Right::Option => (i64::from(game.deed_value(s, d)) - amount) / 2,
                };
                sign * gain.max(0)
            }
        }
    }

    /// The answer of `seat` to the package `deal` offers it: accept, counter (the
    /// bargainer, once) or refuse (see the module docs).
    pub(super) fn answer_package(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        deal: &Deal,
    ) -> Action {
        if game.deal_move(s, Action::Accept).is_err() {
            return Action::Refuse;
        }
        let me = seat as u8;
        let value = Trader::package_value(game, s, me, &deal.package);
        let cash_now: i64 = deal.package.iter().map(|i| i.cash_now(me)).sum();
        let cash = i64::from(s.players[seat].cash);
        let keeps = cash_now >= 0 || cash + cash_now >= i64::from(Trader::reserve(s, seat));
        if value > 0 && keeps {
            Action::Accept
        } else if self.bargainer
            && keeps
            && deal.counters == 0
            && game.deal_move(s, Action::Amend).is_ok()
        {
            Action::Amend
        } else {
            Action::Refuse
        }
    }

    /// The drafter's next move in `deal`: the bargainer's counter asks the difference in
    /// cash now; its own offer adds its planned clauses one by one and sends them; anything
    /// else is withdrawn.
    pub(super) fn draft(&self, game: &LaissezFaire, s: &State, seat: usize, deal: &Deal) -> Action {
        let me = seat as u8;
        let legal = |a: Action| game.deal_move(s, a).is_ok();
        let next = if deal.counters > 0 {
            if deal.package != deal.before {
                Action::Send
            } else {
                let value = Trader::package_value(game, s, me, &deal.package);
                Action::Pay(Side::Yours, When::Now, (1 - value).max(1) as u32)
            }
        } else {
            match self.package_plan(game, s, seat) {
                Some((to, plan)) if to == deal.answerer => {
                    let drafted = |a: Action| {
                        let mut without = *deal;
                        without.package = Package::default();
                        game.draft_clause(s, &without, a)
                            .is_ok_and(|item| deal.package.iter().any(|&i| i == item))
                    };
                    plan.into_iter()
                        .find(|&a| !drafted(a))
                        .unwrap_or(Action::Send)
                }
                _ => Action::Withdraw,
            }
        };
        if legal(next) { next } else { Action::Withdraw }
    }

    /// The bargainer's package for a deed that completes a set of its own, held by another
    /// player: one of its own deeds (the least worth, outside that set, unpledged, and
    /// completing no set for him) plus the cash that makes the package worth a dollar to
    /// him by a trader's valuation, when that costs it less net worth than what a trader
    /// asks for a deed that completes the buyer's set (twice its value) and leaves its
    /// reserve. The other party and the clauses in drafting order.
    pub(super) fn package_plan(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
    ) -> Option<(u8, [Action; 3])> {
        if !self.bargainer {
            return None;
        }
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
            (cheaper && pay + Trader::reserve(s, seat) <= cash).then_some((
                owner,
                [
                    Action::Deed(give),
                    Action::Pay(Side::Mine, When::Now, pay),
                    Action::Deed(target),
                ],
            ))
        })
    }
}
