//! The traders at the protocol's moments outside their own turn: the open floor after
//! another player's window, and the offers of a room an owner may post unasked.
//!
//! **The open floor.** A trader's offers (the last deed of a set, the bargainer's brokering,
//! packages, selling or borrowing to escape elimination) are the ones it makes in its own
//! window, and the other players answer them the same way whenever they are asked; made
//! again at every floor, a refused offer would only be refused again. What the floor adds is
//! the player whose turn it is: once a round, on his turn, a trader makes him the offer its
//! window would make him, and passes otherwise. On the floor after a landing it passes (it
//! may still declare the race): its offers to the mover were made before his roll, and a
//! trader's offers do not depend on where a token lodged.
//!
//! **Unasked offers of a room or a fare.** When a player must lodge where a trader has a
//! room with a place for him, or may ride on the trader's transit company, the trader posts
//! the price it would quote if asked ([`Trader::provide`]:
//! what the lodger's best alternative allows, the dearest listed share of the reference for
//! the heuristic, to the dollar for the bargainer), but a dollar under that alternative, so
//! that the lodger takes it rather than the alternative (he takes the cheapest room, and the
//! first on a tie). It passes when it would refuse him if asked: when he could pay nothing,
//! or when he leads and his alternative is the bench. Offers posted before
//! its own count among the lodger's alternatives, so owners undercut each other.
//!
//! **Several lodging threads.** An owner's quote, asked or not, stands while the lodger
//! looks at his other choices. A trading lodger answers the standing quotes as it answered a
//! quote in a bargain ([`Trader::haggle`]): it takes the cheapest quote no dearer than its
//! best alternative to it; otherwise it answers (to counter) the cheapest quote it would
//! counter; otherwise it lodges as it would without them ([`Trader::lodge`], where a
//! standing quote is a price like any listed one).
//!
//! **Payers.** A trader never offers to pay for another player's lodging (it passes: in a
//! game every other player is a rival), but as a lodger it takes a payer's offer when what
//! is left for it to pay is no dearer than any room it may take as listed (for the fare,
//! with the cheapest room beyond added), before weighing the owners' quotes. Answering a
//! stay's last price, it takes the payer's offer that leaves it least to pay when that rest
//! is no dearer than its alternative to the stay (the price it would accept at most).

use gameshelf_engine::Game;

use super::Trader;
use crate::action::Action;
use crate::bargain::{Bargain, Service};
use crate::game::{LaissezFaire, spaces_in};
use crate::price::{Prices, Share};
use crate::state::{State, Status};

impl Trader {
    /// The trader's move on the open floor of another player's turn: the offer its own window
    /// would make, if that offer is to the player whose turn it is; otherwise it passes.
    pub(super) fn floor(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        if game.is_legal(s, Action::DeclareRace) {
            return Action::DeclareRace;
        }
        // The floor after a landing: its offers were made before the roll, and would only
        // be refused again.
        if s.floor_late {
            return Action::Pass;
        }
        let mine = game.holdings(s, seat as u8);
        let to_current = |a: &Action| match *a {
            Action::Offer(to, ..) | Action::Propose(to, _) | Action::Draft(to) => to == s.current,
            _ => false,
        };
        let only_to_current = |a: Action| if to_current(&a) { a } else { Action::Pass };
        if let Some(sale) = self.rescue_offer(game, s, seat, mine) {
            return only_to_current(sale);
        }
        // Every other offer of the window is about a deed its holder would give: none to a
        // player who holds none, and (packages and purchases) none but for the last deed of
        // a set of the trader's. Checked first, since the floor comes at every turn.
        let theirs = game.holdings(s, s.current) & game.board().deeds;
        if theirs == 0 {
            return Action::Pass;
        }
        if let Some(broker) = self.broker_offer(game, s, seat, mine) {
            return only_to_current(broker);
        }
        if let Some(loan) = self.lend_plan(game, s, seat).and_then(|p| p.open(game, s)) {
            return only_to_current(loan);
        }
        // Does he hold the last deed of a set of the trader's ([`Trader::set_completers`])?
        if mine == 0 || !spaces_in(theirs).any(|d| Trader::completes(game, mine, d)) {
            return Action::Pass;
        }
        self.package_plan(game, s, seat, true)
            .and_then(|plan| plan.open(game, s))
            .or_else(|| self.trade_offer(game, s, seat, mine))
            .map_or(Action::Pass, only_to_current)
    }

    /// The trader's unasked offer of a room or the fare to the lodger, or a pass (see the
    /// module docs).
    pub(super) fn post_offer(&self, game: &LaissezFaire, s: &State) -> Action {
        let lodger = usize::from(s.current);
        // The rooms and fare it may offer, from the legal posts (in space order).
        let mut mine: Vec<u8> = self
            .buf
            .iter()
            .filter_map(|&a| match a {
                Action::Post(i, _) => Some(i),
                _ => None,
            })
            .collect();
        mine.dedup();
        for i in mine {
            let Some(b) = game.offer_bargain(s, i) else {
                continue;
            };
            let alternative = Trader::customer_alternative(game, s, &b);
            let cash = s.players[lodger].cash;
            // Under his best alternative, and no more than he holds.
            let limit = alternative.saturating_sub(1).min(cash);
            let leads = (0..game.config().players)
                .filter(|&o| o != lodger && s.players[o].status != Status::Eliminated)
                .all(|o| game.net_worth(s, o) < game.net_worth(s, lodger));
            let benched = alternative >= Trader::bench_cost(game, s.city);
            let price = if self.bargainer {
                limit.min(b.ceiling.unwrap_or(limit))
            } else {
                Prices::new(b.reference, &Share::ALL, &[])
                    .iter()
                    .filter(|&p| p <= limit.min(Trader::ceiling(&b)))
                    .last()
                    .unwrap_or(0)
            };
            let refuses = (price == 0 && b.reference > 0) || (leads && benched);
            let post = Action::Post(i, price);
            if !refuses && game.is_legal(s, post) {
                return post;
            }
        }
        Action::Pass
    }

    /// The lodging choice with the owners' quotes and the payers' offers standing (see the
    /// module docs).
    pub(super) fn lodge_standing(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        if let Some(covered) = self.payer_help(game, s, seat) {
            return covered;
        }
        let cash = s.players[seat].cash;
        let mut take: Option<(u32, Action)> = None;
        let mut answer: Option<(u32, Action)> = None;
        for q in s.quotes.iter() {
            let space = q.service.space();
            let Some(b) = game.request(s, space) else {
                continue;
            };
            let alternative = Trader::customer_alternative(game, s, &b);
            let taking = match q.service {
                Service::Fare(_) => Action::Ride,
                _ => Action::Lodge(space),
            };
            if q.ask.saturating_add(b.extra) <= alternative && self.buf.contains(&taking) {
                if take.is_none_or(|(ask, _)| q.ask < ask) {
                    take = Some((q.ask, taking));
                }
            } else if self.would_counter(&b, alternative, cash)
                && answer.is_none_or(|(ask, _)| q.ask < ask)
            {
                answer = Some((q.ask, Action::Ask(space)));
            }
        }
        take.or(answer)
            .map_or_else(|| self.lodge(game, s, seat), |(_, a)| a)
    }

    /// In a stay's bargain `b`, the payer's offer that leaves the least to pay, if one may
    /// be taken and that rest is no dearer than the trader's alternative to the stay (the
    /// expected cost of moving on).
    pub(super) fn stay_help(&self, game: &LaissezFaire, s: &State, b: &Bargain) -> Option<Action> {
        let (rest, covered) = s
            .covers
            .iter()
            .filter(|&(payer, _)| self.buf.contains(&Action::Covered(payer)))
            .filter_map(|(payer, _)| {
                let (_, bill, part) = game.cover_terms(s, payer)?;
                Some((bill - part, Action::Covered(payer)))
            })
            .min_by_key(|&(rest, _)| rest)?;
        (rest <= Trader::expected_lodging(game, s, usize::from(b.customer))).then_some(covered)
    }

    /// A payer's offer worth taking (see the module docs): the cheapest rest to pay, if it is
    /// no dearer than any room the lodger may take here as listed (or, for the fare, than
    /// the rest plus the cheapest room beyond).
    fn payer_help(&self, game: &LaissezFaire, s: &State, seat: usize) -> Option<Action> {
        let cash = s.players[seat].cash;
        let beyond = Trader::cheapest_room(game, s, seat, game.other_city(s.city));
        let (rest, covered) = s
            .covers
            .iter()
            .filter(|&(payer, _)| self.buf.contains(&Action::Covered(payer)))
            .filter_map(|(payer, c)| {
                let (_, price, part) = game.cover_terms(s, payer)?;
                let extra = match game.offered_service(c.space) {
                    Service::Fare(_) => beyond?,
                    _ => 0,
                };
                Some(((price - part).saturating_add(extra), Action::Covered(payer)))
            })
            .min_by_key(|&(rest, _)| rest)?;
        let listed = game
            .rooms(s, seat, s.city)
            .filter_map(|(_, p)| p.listed())
            .filter(|&p| p <= cash)
            .min();
        listed.is_none_or(|p| rest <= p).then_some(covered)
    }

    /// Whether the customer's side of `b`, with `alternative` and `cash`, would counter
    /// ([`Trader::haggle`]'s counter, rather than a refusal).
    fn would_counter(&self, b: &Bargain, alternative: u32, cash: u32) -> bool {
        let worth = alternative.saturating_sub(b.extra);
        if self.bargainer && b.allows(cash, Action::Counter(worth)) {
            return true;
        }
        let mut answers = Vec::new();
        b.answers(cash, &mut answers);
        answers
            .iter()
            .any(|&a| matches!(a, Action::Counter(x) if x.saturating_add(b.extra) <= alternative))
    }
}
