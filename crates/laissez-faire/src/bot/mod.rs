//! [`Trader`]: a rule-of-thumb player that prices from the board and the situation, and its
//! bargaining variant ([`Trader::bargainer`]), whose own decisions are in
//! `bot/bargainer.rs`.

use gameshelf_engine::{Bot, Game, Rng, SeatView};
use gameshelf_open_oubliette::bot::Heuristic;

use crate::action::Action;
use crate::bargain::{Bargain, Price, Service};
use crate::board::SpaceKind;
use crate::contract::{Clause, REPAYMENT_PERCENT, Term};
use crate::game::{LaissezFaire, spaces_in};
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{BANK, Phase, State, Status};
use crate::trade::Thread;

mod bargainer;
mod clauses;
mod credit;
mod package;
mod prospects;
mod protocol;
mod rescue;

pub use credit::{MAX_REPAYMENT, Terms};
use package::Plan;

/// Cash the bargainer keeps back when buying, so that it can pay for rooms; the heuristic
/// keeps at least the dearest jail fee at its last chance instead ($260 on the default
/// board), so that a jailing never finds it short (see `bot/rescue.rs`).
pub const RESERVE: u32 = 200;

/// A heuristic trader.
///
/// * **Prices.** A property whose city still has a bank room is posted at par (the bank's
///   rent table: no visitor pays more than the cheapest bank alternative); one in a city
///   without bank rooms at double; utilities at double (stayers have no alternative);
///   transit at par.
/// * **Lodging.** Takes the cheapest option: a room here, or the fare plus the cheapest room
///   in the other city; the park bench only when nothing is affordable.
/// * **Buying and building.** Buys and builds while it keeps its reserve in cash (the
///   dearest jail fee at the last chance, at least [`RESERVE`]); builds where a house adds
///   most rent per dollar.
/// * **Staying** when it costs no more than the expected cost of moving on: the mean over
///   the cities of the cheapest room open to it (a full or unaffordable city counts as
///   twice the first jail fee of its side).
/// * **Jail.** Pays the fee at the first chance it can; in the Oubliette it plays Open
///   Oubliette's heuristic.
/// * **Declarations.** Declares the race as soon as it may, at any decision, and a stalemate
///   after the quiet rounds when it leads. It agrees to a proposed stalemate when the
///   stalemate's result gives it at least what a count of net worths now would, and
///   something (the leader, when the net worth decides; anyone but a lone leader, when a
///   stalemate is a draw), and proposes one only when every other player left would agree.
/// * **Trades** (`trading=on`). At most one offer per turn, to complete a set (a city's
///   properties, the transit companies or the utilities) of which it holds every deed but
///   one held by a player: it offers 150% of the deed's value, or 100% if that is all it can
///   pay while keeping [`RESERVE`]. Answering, it refuses terms that cannot execute,
///   accepts terms that complete a set for it (keeping [`RESERVE`]) or that raise its net
///   worth without completing a set for the other party, counters a set-completing request
///   at 200% and an underpriced one at 100%, and refuses the rest. It never asks for time,
///   and lets its offer stand when the other side does.
/// * **Escaping elimination.** Short of the cash for the jail fee or a tax, it first sells
///   deeds in a package, a dollar under what they are worth to a player who can pay and
///   keep half his reserve (a deed pledged to that player included), then borrows the gap
///   (below), then sells a single deed to the next richest (`bot/rescue.rs`). Buying from a player going under, it keeps half its reserve. Out of
///   jail with less cash than the dearest jail fee, it sells deeds the same way, while
///   the others still have the cash to buy.
/// * **Lodging rights.** With no other package to offer, an owner of a housed room sells the
///   player most likely to land in its city a lodging right there, a dollar under his
///   cheapest other room, for nothing (`bot/clauses.rs`).
/// * **Credit** (`bot/credit.rs`). A lender prices a loan by the chance the borrower
///   defaults and what his collateral would leave it. Short of cash for a tax, the jail fee,
///   or a house while keeping its reserve, and with no loan outstanding, a trader asks the
///   richest other player for a loan of the gap in a package, pledging the deed that gets
///   the cheapest price, at that price (for a house, only at the template's 10%); short of
///   the rent its roll is likely to need, it borrows it before the roll; when nobody would
///   lend alone, it asks for a loan at the safe price guaranteed by a third player for a
///   fee. The price counts the borrower's income and the rooms ahead of him
///   (`bot/prospects.rs`). It offers such loans unasked to a player short of his jail fee
///   (or, before his roll, of the rent). It counts the next round's
///   instalments in its reserve, so it honours its schedules. Answering a template, it
///   accepts payments and schedules in its favour, a loan when the template's 10% is at
///   least its price and it keeps its reserve, and a lodging right capped at par; it
///   refuses the rest (rule changes included).
///
/// [`Trader::bargainer`] is the same player bargaining as the rules allow: it prices to the
/// dollar, keeps its cash rather than sink it in deeds and houses, sells deeds at what the
/// buyer can pay, brokers deeds that complete another player's set (see the notes in
/// `bot/bargainer.rs`).
#[derive(Default)]
pub struct Trader {
    buf: Vec<Action>,
    oubliette: Heuristic,
    bargainer: bool,
}

impl Trader {
    /// The bargaining trader (bot spec `heuristic:bargainer`).
    pub fn bargainer() -> Trader {
        Trader {
            bargainer: true,
            ..Trader::default()
        }
    }

    /// What a price is likely to come to: a listed price, or a player owner's reference
    /// price (par) before any bargaining.
    fn estimate(price: Price) -> u32 {
        match price {
            Price::Listed(p) => p,
            Price::Negotiable { reference, .. } => reference,
        }
    }

    fn cheapest_room(game: &LaissezFaire, s: &State, seat: usize, city: u8) -> Option<u32> {
        game.rooms(s, seat, city)
            .map(|(_, p)| Trader::estimate(p))
            .min()
    }

    /// What the park bench costs, as a price: twice the first jail fee of the side (the fee
    /// and the lost turns).
    fn bench_cost(game: &LaissezFaire, city: u8) -> u32 {
        let board = game.board();
        2 * (board.house_prices[board.cities[city as usize].side as usize] * 11 / 10)
    }

    /// The expected cost of lodging after a move: the mean over the cities of the cheapest
    /// room `seat` can pay there (the bench where there is none).
    fn expected_lodging(game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        let board = game.board();
        let cash = s.players[seat].cash;
        let prices = game.room_prices(s, seat);
        let total: u32 = board
            .cities
            .iter()
            .enumerate()
            .map(|(c, city)| {
                spaces_in(city.properties)
                    .filter_map(|i| prices[i as usize].map(Trader::estimate))
                    .min()
                    .filter(|&p| p <= cash)
                    .unwrap_or_else(|| Trader::bench_cost(game, c as u8))
            })
            .sum();
        total / board.cities.len() as u32
    }

    /// The set `deed` belongs to: its city's properties, the transit companies or the
    /// utilities.
    fn set_of(game: &LaissezFaire, deed: u8) -> u64 {
        let board = game.board();
        match board.spaces[deed as usize].kind {
            SpaceKind::Property { city, .. } => board.cities[city as usize].properties,
            SpaceKind::Transit { .. } => board.transits,
            SpaceKind::Utility { .. } => board.utilities,
            _ => 0,
        }
    }

    /// Whether taking `deed` completes a set of two or more deeds for the holder of `held`
    /// (a mask of deeds, [`LaissezFaire::holdings`]).
    fn completes(game: &LaissezFaire, held: u64, deed: u8) -> bool {
        let rest = Trader::set_of(game, deed) & !(1 << deed);
        rest != 0 && rest & !held == 0
    }

    /// The deeds that would complete one of the sets in `mine` and that another player
    /// still in the game holds, each with its holder: what a trader asks others for.
    fn set_completers<'a>(
        game: &'a LaissezFaire,
        s: &'a State,
        mine: u64,
    ) -> impl Iterator<Item = (u8, u8)> + 'a {
        // Nothing held, no set to complete (a set has two deeds or more).
        let candidates = if mine == 0 {
            0
        } else {
            game.board().deeds & !mine
        };
        spaces_in(candidates).filter_map(move |deed| {
            let owner = s.lots.0[deed as usize].owner;
            (owner != BANK
                && s.players[owner as usize].status != Status::Eliminated
                && Trader::completes(game, mine, deed))
            .then_some((deed, owner))
        })
    }

    /// An offer that completes a set, if one is worth making and legal now.
    fn trade_offer(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        mine: u64,
    ) -> Option<Action> {
        if s.offers > 0 {
            return None;
        }
        let cash = s.players[seat].cash;
        Trader::set_completers(game, s, mine).find_map(|(deed, owner)| {
            let value = game.deed_value(s, deed);
            [Share::OneAndHalf, Share::Par]
                .into_iter()
                .map(|c| c.of(value))
                .find(|&c| c + RESERVE <= cash)
                .map(|c| Action::Offer(owner, deed, c))
                .filter(|&a| game.is_legal(s, a))
        })
    }

    /// The answer to the standing terms of `t`, which `seat` answers.
    fn answer(&self, game: &LaissezFaire, s: &State, seat: usize, t: &Thread) -> Action {
        if !game.trade_executable(s, t) {
            return Action::Refuse;
        }
        if self.bargainer && t.taker() as usize != seat {
            return Trader::sell(game, s, t);
        }
        let value = game.deed_value(s, t.deed);
        let counter = |c: Share| {
            let a = Action::Counter(c.of(value));
            if self.buf.contains(&a) {
                a
            } else {
                Action::Refuse
            }
        };
        // The change in its net worth if the trade executes: the deed's worth against the
        // cash.
        let worth = i64::from(game.deed_worth(s, t.deed));
        let taker = t.taker() as usize;
        let gain = if taker == seat {
            worth - i64::from(t.amount)
        } else {
            i64::from(t.amount) - worth
        };
        if taker == seat && s.contracts.pledged(t.deed) {
            // A pledged deed comes with the pledge (B-20): the lender may take it away.
            Action::Refuse
        } else if self.bargainer && taker == seat && Trader::going_under(game, s, t.giver) {
            // Games are won by attrition: a rival who cannot pay his way out is worth more
            // gone than his deed is at a dollar off.
            Action::Refuse
        } else if taker == seat {
            let reserve = Trader::reserve_with(game, s, seat, t.giver, RESERVE);
            let keeps_reserve = s.players[seat].cash >= t.amount + reserve;
            let wanted = Trader::completes(game, game.holdings(s, seat as u8), t.deed) || gain > 0;
            if keeps_reserve && wanted {
                Action::Accept
            } else {
                Action::Refuse
            }
        } else if Trader::completes(game, game.holdings(s, taker as u8), t.deed) {
            if t.amount >= Share::Double.of(value) {
                Action::Accept
            } else {
                counter(Share::Double)
            }
        } else if gain > 0 {
            Action::Accept
        } else {
            counter(Share::Par)
        }
    }

    /// Whether `seat` is short of the cash it must find now: the jail fee while jailed, or
    /// the tax of its shortfall window.
    fn going_under(game: &LaissezFaire, s: &State, seat: u8) -> bool {
        Trader::gap(game, s, usize::from(seat)) > 0
    }

    /// What `seat` owes at the next round under its contracts (instalments and arrears).
    fn owes_next(s: &State, seat: usize) -> u32 {
        s.contracts
            .iter()
            .filter(|c| c.payer as usize == seat && !matches!(c.clause, Clause::Lodging { .. }))
            .map(|c| c.arrears + if c.left > 0 { c.instalment } else { 0 })
            .sum()
    }

    /// The cash `seat` keeps back by this trader's reckoning: [`RESERVE`] for the
    /// bargainer, the dearest jail fee at the last chance (at least [`RESERVE`]) for the
    /// heuristic, plus the next round's obligations.
    fn reserve(&self, game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        let base = if self.bargainer {
            RESERVE
        } else {
            RESERVE.max(Trader::dearest_fee(game))
        };
        base + Trader::owes_next(s, seat)
    }

    /// The answer to a contract proposal `term` from the thread's author.
    fn answer_contract(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        t: &Thread,
        term: Term,
    ) -> Action {
        if !game.trade_executable(s, t) {
            return Action::Refuse;
        }
        let good = match term {
            Term::Pay(_) | Term::Schedule(..) => true,
            Term::Borrow(sum, deed) => {
                // The template's interest is the price of a safe loan (`bot/credit.rs`).
                let repayment = sum.dollars() * REPAYMENT_PERCENT / 100;
                let covered =
                    Trader::lender_gain(game, s, t.author, sum.dollars(), repayment, deed) >= 0;
                let reserve =
                    Trader::reserve_with(game, s, seat, t.author, self.reserve(game, s, seat));
                covered && s.players[seat].cash >= sum.dollars() + reserve
            }
            Term::Lodging(_, cap) | Term::Service(_, cap) => cap == Share::Par,
            // A sale on credit: only at a good price, and only to a buyer it would not hand
            // a whole set.
            Term::Buy(deed, sum) => {
                let buyer = game.holdings(s, t.author);
                sum.dollars() * 2 >= game.deed_value(s, deed) * 3
                    && !Trader::completes(game, buyer, deed)
            }
            // The rules stand as agreed at the table.
            Term::Rule(..) => false,
            // It cannot read free text (B7: bots refuse it by default).
            Term::Text(..) => false,
            Term::Option(deed, strike, premium) => {
                let value = game.deed_value(s, deed);
                strike >= Share::Double || premium.dollars() * 4 >= value
            }
        };
        if good { Action::Accept } else { Action::Refuse }
    }

    /// The management window, whose full list would run over every deed, seat and term: the
    /// trader checks only its own candidates.
    fn manage(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        let has = |a: Action| game.is_legal(s, a);
        if has(Action::DeclareRace) {
            return Action::DeclareRace;
        }
        if has(Action::DeclareStalemate) {
            let mine = game.net_worth(s, seat);
            let leads = (0..game.config().players)
                .filter(|&o| o != seat)
                .all(|o| game.net_worth(s, o) < mine);
            if leads {
                return Action::DeclareStalemate;
            }
        }
        if has(Action::ProposeStalemate)
            && (0..game.config().players)
                .filter(|&o| s.players[o].status != Status::Eliminated)
                .all(|o| Trader::agrees_to_stalemate(game, s, o))
        {
            return Action::ProposeStalemate;
        }
        let mine = game.holdings(s, seat as u8);
        if let Some(offer) = self.rescue(game, s, seat, mine) {
            return offer;
        }
        if let Some(exercise) = self.exercise(game, s, seat) {
            return exercise;
        }
        if let Some(offer) = self.broker_offer(game, s, seat, mine) {
            return offer;
        }
        let draft = |plan: Option<Plan>| plan.and_then(|p| p.open(game, s));
        if let Some(package) = draft(self.package_plan(game, s, seat, s.offers == 0)) {
            return package;
        }
        if let Some(offer) = self.trade_offer(game, s, seat, mine) {
            return offer;
        }
        if let Some(loan) = draft(self.borrow_plan(game, s, seat)) {
            return loan;
        }
        if self.bargainer {
            // Houses are sunk (see `bot/bargainer.rs`).
            return Action::Go;
        }
        let cash = s.players[seat].cash;
        let reserve = self.reserve(game, s, seat);
        let best = spaces_in(mine)
            .filter_map(|i| {
                let h = game.can_build(s, seat, i)?;
                let SpaceKind::Property { rent, .. } = game.board().spaces[i as usize].kind else {
                    return None;
                };
                let level = s.lots.0[i as usize].level as usize;
                let gain = rent[0][level + 1].saturating_sub(rent[0][level]);
                (cash >= h + reserve).then_some((gain * 1000 / h, i))
            })
            .max();
        match best {
            Some((_, i)) => Action::Build(i),
            None => Action::Go,
        }
    }

    /// Whether `seat` would agree to end the game in a stalemate now: the stalemate's result
    /// gives it something, and no less than a count of net worths now would.
    fn agrees_to_stalemate(game: &LaissezFaire, s: &State, seat: usize) -> bool {
        let worths = game.net_worths(s);
        let alive =
            || (0..game.config().players).filter(|&o| s.players[o].status != Status::Eliminated);
        let best = alive().map(|o| worths[o]).max().unwrap_or(0);
        let leads = worths[seat] == best;
        if game.config().stalemate_draw {
            // A draw shares the win: all but a leader ahead of somebody gain by it.
            !leads || alive().all(|o| worths[o] == best)
        } else {
            leads
        }
    }

    /// The cheapest-looking lodging option: a listed room, asking a player owner (at his
    /// reference price), the fare (listed or asked) plus the cheapest room beyond, or the
    /// bench; each within the cash in hand.
    fn lodge(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        let cash = s.players[seat].cash;
        let mut best = (u32::MAX, Action::Bench);
        let mut consider = |cost: u32, action: Action| {
            if cost <= cash && cost < best.0 && self.buf.contains(&action) {
                best = (cost, action);
            }
        };
        for (i, price) in game.rooms(s, seat, s.city) {
            match price {
                Price::Listed(p) => consider(p, Action::Lodge(i)),
                Price::Negotiable { reference, .. } => consider(reference, Action::Ask(i)),
            }
        }
        if s.via_transit {
            let side = game.board().cities[s.city as usize].side;
            let other = game.other_city(s.city);
            if let Some(room) = Trader::cheapest_room(game, s, seat, other) {
                let fare = game.fare(s, seat, side);
                let ride = match fare {
                    Price::Listed(_) => Action::Ride,
                    Price::Negotiable { .. } => {
                        Action::Ask(game.board().transit_of_side[side as usize])
                    }
                };
                consider(Trader::estimate(fare) + room, ride);
            }
        }
        best.1
    }

    /// What the customer of `b` would pay instead of agreeing: for a room or a fare his best
    /// other lodging option (the bench when there is none), for a stay the expected cost of
    /// moving on less the stay's other part.
    fn customer_alternative(game: &LaissezFaire, s: &State, b: &Bargain) -> u32 {
        let seat = b.customer as usize;
        let cash = s.players[seat].cash;
        match b.service {
            Service::Room(_) | Service::Fare(_) => {
                let mut best = Trader::bench_cost(game, s.city);
                for (i, price) in game.rooms(s, seat, s.city) {
                    let asked = s.asked & (1 << i) != 0 || b.service == Service::Room(i);
                    let cost = Trader::estimate(price);
                    if !asked && cost <= cash {
                        best = best.min(cost);
                    }
                }
                if s.via_transit && !matches!(b.service, Service::Fare(_)) {
                    let side = game.board().cities[s.city as usize].side;
                    let other = game.other_city(s.city);
                    let fare = Trader::estimate(game.fare(s, seat, side));
                    if let Some(room) = Trader::cheapest_room(game, s, seat, other) {
                        if fare + room <= cash {
                            best = best.min(fare + room);
                        }
                    }
                }
                best
            }
            Service::StayUtility(_) | Service::StayRent(_) => {
                Trader::expected_lodging(game, s, seat).saturating_sub(b.extra)
            }
        }
    }

    /// The dearest price this bot asks in bargain `b`: the ceiling, or three times the
    /// reference (the dearest price listed).
    fn ceiling(b: &Bargain) -> u32 {
        b.ceiling.unwrap_or(Share::Triple.of(b.reference))
    }

    /// The owner's side of a bargain: quote what the customer's best alternative allows;
    /// refuse when that is nothing (a customer who cannot pay is better moved on, towards
    /// the bench) or when the customer leads and his alternative is the bench (a competitor
    /// in jail is worth more than the rent); answer a counter by meeting the customer
    /// halfway (to the dollar for the bargainer, at the middle listed share between his bid
    /// and the quote for the heuristic), never above what his best alternative allows, and
    /// take his bid when there is nothing left between them or no counter left.
    fn provide(&self, game: &LaissezFaire, s: &State, b: &Bargain) -> Action {
        let alternative = Trader::customer_alternative(game, s, b);
        let ceiling = Trader::ceiling(b);
        let customer = b.customer as usize;
        let Some(bid) = b.bid.filter(|_| b.ask.is_some()) else {
            let leader = (0..game.config().players)
                .filter(|&o| o != customer && s.players[o].status != Status::Eliminated)
                .all(|o| game.net_worth(s, o) < game.net_worth(s, customer));
            let benched = alternative >= Trader::bench_cost(game, s.city);
            let limit = alternative.min(s.players[customer].cash.saturating_sub(b.extra));
            let quote = if self.bargainer {
                limit.min(b.ceiling.unwrap_or(MAX_PRICE))
            } else {
                Prices::new(b.reference, &Share::ALL, &[])
                    .iter()
                    .filter(|&p| p <= limit.min(ceiling))
                    .last()
                    .unwrap_or(0)
            };
            let worthless = quote == 0 && b.reference > 0;
            // A customer's opening bid: taken when it is worth the quote, else countered
            // with the quote.
            return match b.bid {
                _ if b.service.open() && (worthless || (leader && benched)) => Action::Refuse,
                Some(bid) if bid >= quote => Action::Accept,
                Some(_) => Action::Counter(quote),
                None => Action::Quote(quote),
            };
        };
        // No fixed threshold: each counter splits the difference between the customer's
        // bid and the owner's last quote, so the two meet, but never asks more than the
        // customer's best alternative allows (he would refuse it); the owner's own
        // alternative is the empty room, which earns nothing, so a bid it can no longer
        // counter is taken.
        let ask = b
            .ask
            .unwrap_or(ceiling)
            .min(alternative.saturating_sub(b.extra));
        let split = if self.bargainer {
            Some(bid + (ask.saturating_sub(bid)).div_ceil(2))
        } else {
            let shares = Prices::new(b.reference, &Share::ALL, &[]);
            let between = || shares.iter().filter(|&x| x > bid && x <= ask);
            between().nth(between().count() / 2)
        };
        match split.map(Action::Counter) {
            Some(a) if b.allows(s.players[customer].cash, a) => a,
            _ if bid > 0 => Action::Accept,
            _ if b.service.open() => Action::Refuse,
            _ => Action::Accept,
        }
    }

    /// The customer's side of a bargain: accept a price no dearer than his best alternative;
    /// otherwise counter (the heuristic at the dearest share that is not; the bargainer at
    /// half of it first, then splitting the difference with the owner's last quote, never
    /// above it), or refuse.
    fn haggle(&self, game: &LaissezFaire, s: &State, b: &Bargain) -> Action {
        let alternative = Trader::customer_alternative(game, s, b);
        let ask = b.ask.unwrap_or(Trader::ceiling(b));
        if ask + b.extra <= alternative && self.buf.contains(&Action::Accept) {
            return Action::Accept;
        }
        let cash = s.players[usize::from(b.customer)].cash;
        let limit = alternative.saturating_sub(b.extra);
        if self.bargainer {
            // Open at half its limit, then split the difference with the owner's last quote,
            // never above the limit (its best alternative).
            let target = limit.min(ask.saturating_sub(1));
            let next = match b.bid {
                None => limit / 2,
                Some(last) => last + target.saturating_sub(last).div_ceil(2),
            };
            let counter = Action::Counter(next.max(1).min(target));
            return if b.allows(cash, counter) {
                counter
            } else {
                Action::Refuse
            };
        }
        let counter = self
            .buf
            .iter()
            .rev()
            .copied()
            .find(|&a| matches!(a, Action::Counter(x) if x + b.extra <= alternative));
        counter.unwrap_or(Action::Refuse)
    }
}

impl Trader {
    /// What the deed auctioned is worth to `seat` (`auction_on_decline`): its value, twice
    /// that when it completes one of his sets (what a seller asks of a buyer completing a
    /// set).
    pub fn auction_worth(game: &LaissezFaire, s: &State, seat: usize, deed: u8) -> u32 {
        let value = game.deed_value(s, deed);
        if Trader::completes(game, game.holdings(s, seat as u8), deed) {
            Share::Double.of(value)
        } else {
            value
        }
    }

    /// A bid in an auction: up to what the deed is worth to it, keeping its reserve in
    /// cash (so a trader that declined for its reserve never bids into it), by small
    /// raises (a tenth of the deed's price, at least $10); otherwise a pass.
    fn bid(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        let Some(a) = &s.auction else {
            return Action::Pass;
        };
        let worth = Trader::auction_worth(game, s, seat, a.deed);
        let cash = s.players[seat].cash;
        let most = worth.min(cash.saturating_sub(self.reserve(game, s, seat)));
        let step = (game.board().spaces[usize::from(a.deed)].price / 10).max(10);
        let bid = most.min(a.bid.saturating_add(step));
        if bid > a.bid && game.bid_refusal(s, bid).is_none() {
            Action::Bid(bid)
        } else {
            Action::Pass
        }
    }
}

impl Bot<LaissezFaire> for Trader {
    fn name(&self) -> String {
        if self.bargainer {
            "heuristic:bargainer".to_owned()
        } else {
            "heuristic".to_owned()
        }
    }

    fn choose(&mut self, view: &SeatView<'_, LaissezFaire>, rng: &mut Rng) -> Action {
        let game = view.game();
        let seat = view.seat();
        let s = view.observed();
        // The window's and the floor's lists run over every deed, seat and term, and a
        // deal's over every clause either party could add (each checked by the notary): the
        // trader checks only its own candidates there.
        let own_candidates = matches!(s.phase, Phase::Manage | Phase::Shortfall | Phase::Floor)
            || (s.phase == Phase::Deal && s.deal.is_some());
        if own_candidates {
            self.buf.clear();
        } else {
            view.legal_actions(&mut self.buf);
        }
        // Listed at any decision when it may (the window checks its own candidates).
        let declares = if own_candidates && s.phase == Phase::Deal {
            game.is_legal(&s, Action::DeclareRace)
        } else {
            self.buf.contains(&Action::DeclareRace)
        };
        if declares {
            return Action::DeclareRace;
        }
        let cash = s.players[seat].cash;
        match s.phase {
            Phase::Stalemate if Trader::agrees_to_stalemate(game, &s, seat) => Action::Accept,
            Phase::Stalemate => Action::Refuse,
            Phase::Oubliette => {
                if let (Some(og), Some(cell)) = (game.oubliette(), &s.cells[seat]) {
                    let inner = SeatView::new(og, cell, 0);
                    return Action::Oubliette(self.oubliette.choose(&inner, rng));
                }
                self.buf[0]
            }
            Phase::Manage => self.manage(game, &s, seat),
            Phase::Floor => self.floor(game, &s, seat),
            Phase::Posting => self.post_offer(game, &s),
            Phase::Shortfall => {
                let mine = game.holdings(&s, seat as u8);
                self.rescue(game, &s, seat, mine)
                    .or_else(|| self.borrow_plan(game, &s, seat)?.open(game, &s))
                    .unwrap_or(Action::Go)
            }
            Phase::Deal => match &s.deal {
                Some(d) if d.consent => self.consent(game, &s, seat, d),
                Some(d) if d.sent => self.answer_package(game, &s, seat, d),
                Some(d) => self.draft(game, &s, seat, d),
                None => self.buf[0],
            },
            Phase::Trade => match &s.trade {
                Some(t) if t.floor == t.answerer => match t.contract {
                    Some(term) => self.answer_contract(game, &s, seat, t, term),
                    None => self.answer(game, &s, seat, t),
                },
                _ => Action::Insist,
            },
            Phase::JailFee if self.buf.contains(&Action::PayFee) => Action::PayFee,
            // It cannot read the clause, so it cannot find a breach proven.
            Phase::Ruling => Action::Dismiss,
            Phase::Bargain => match &s.bargain {
                Some(b) if b.floor == b.customer => self
                    .stay_help(game, &s, b)
                    .unwrap_or_else(|| self.haggle(game, &s, b)),
                Some(b) => self.provide(game, &s, b),
                None => self.buf[0],
            },
            Phase::StayChoice => {
                let total = s.roll.map_or(0, |d| d.total());
                let (rent, fee) = game
                    .stay_price(&s, seat, total)
                    .map_or((0, 0), |(r, f)| (Trader::estimate(r), Trader::estimate(f)));
                let may = self.buf.contains(&Action::Stay);
                if may
                    && (rent + fee == 0 || rent + fee <= Trader::expected_lodging(game, &s, seat))
                {
                    Action::Stay
                } else {
                    Action::Move
                }
            }
            Phase::Buy => {
                let price = game.board().spaces[s.me().pos as usize].price;
                let buys = if self.bargainer {
                    self.buys(game, &s, seat)
                } else {
                    cash >= price + self.reserve(game, &s, seat)
                };
                if buys { Action::Buy } else { Action::Decline }
            }
            Phase::Auction => self.bid(game, &s, seat),
            Phase::TransitChoice => {
                let cost = |a: &Action| match *a {
                    Action::City(c) => Trader::cheapest_room(game, &s, seat, c).unwrap_or(u32::MAX),
                    // A free stay on the transit company's space.
                    Action::Stay => 0,
                    _ => u32::MAX,
                };
                self.buf
                    .iter()
                    .copied()
                    .min_by_key(cost)
                    .unwrap_or(self.buf[0])
            }
            Phase::Lodge => self.lodge_standing(game, &s, seat),
            _ => *self.buf.last().unwrap_or(&Action::Wait),
        }
    }
}
