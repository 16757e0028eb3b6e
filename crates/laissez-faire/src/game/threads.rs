//! Trade threads: the deed-for-cash offers and counter-offers between two players, their
//! execution, the message deadline, and every thread a player may open in his window.
//!
//! Separate from contracts: a thread is the conversation (offer, counter, accept, refuse, lapse),
//! whatever its terms; contracts and deals are the terms some threads carry.

use gameshelf_engine::Seat;

use crate::action::Action;
use crate::game::{LaissezFaire, spaces_in};
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{Phase, State, Status};
use crate::trade::{MAX_COUNTERS, MAX_EXCHANGES, Thread};

impl LaissezFaire {
    /// Whether `seat` can take part in a trade: a seat of this game not eliminated (removed
    /// and jailed players still negotiate, B5, B-12).
    pub(crate) fn trades(&self, s: &State, seat: u8) -> bool {
        (seat as usize) < self.cfg.players && s.players[seat as usize].status != Status::Eliminated
    }

    /// Whether `seat` may not give a deed away now: `no_gifts_while_jailed` is on and he is
    /// in jail. A deed trade at no price from him, an instalment purchase of his deed, and a
    /// package that takes a deed from him without paying him now are then refused.
    pub(crate) fn gifts_barred(&self, s: &State, seat: u8) -> bool {
        self.cfg.no_gifts_while_jailed && s.players[seat as usize].jailed
    }

    /// Whether a deed trade for `amount` from `giver` would be a gift he may not make.
    fn barred_gift(&self, s: &State, giver: u8, amount: u32) -> bool {
        amount == 0 && self.gifts_barred(s, giver)
    }

    /// The price listed beside the shares of a deed's value when `giver` may not give it
    /// for nothing: a dollar, the least he may take, so that a deal for his deed is listed
    /// whenever one is legal (the payer may hold less than half its value).
    pub(crate) fn least_price(&self, s: &State, giver: u8) -> &'static [u32] {
        if self.gifts_barred(s, giver) {
            &[1]
        } else {
            &[]
        }
    }

    /// The thread `seat` would open with `Offer(to, deed, cash)`, if it may: trading is on,
    /// `seat` has a thread left to open (fewer than `window_threads` this turn in his window,
    /// or `floor_threads` on the open floor), `to` is another player still in the game, the deed is held by one of the two, and if `seat` is the one paying he has the
    /// cash (a player may ask for more than the other holds; that trade fails at execution).
    pub fn offer(&self, s: &State, seat: Seat, to: u8, deed: u8, amount: u32) -> Option<Thread> {
        let me = seat as u8;
        let owner = s.lots.0.get(deed as usize)?.owner;
        let ok = self.may_open(s, seat)
            && to != me
            && self.trades(s, me)
            && self.trades(s, to)
            && self.board.deeds & (1 << deed) != 0
            && (owner == me || owner == to)
            && amount <= MAX_PRICE
            && !self.barred_gift(s, owner, amount);
        let thread = Thread {
            author: me,
            answerer: to,
            floor: to,
            deed,
            giver: owner,
            amount,
            exchanges: 1,
            counters: 0,
            contract: None,
            agreed: 0,
        };
        (ok && (owner == me || s.players[seat].cash >= amount)).then_some(thread)
    }

    /// Whether the thread's terms can execute now: the giver still holds the deed (and may
    /// give it at this price), both parties are in the game, and the taker has the cash.
    pub fn trade_executable(&self, s: &State, t: &Thread) -> bool {
        if let Some(term) = t.contract {
            return self.contract_executable(s, t.author, t.answerer, term);
        }
        s.lots.0[t.deed as usize].owner == t.giver
            && !self.barred_gift(s, t.giver, t.amount)
            && self.trades(s, t.author)
            && self.trades(s, t.answerer)
            && s.players[t.taker() as usize].cash >= t.amount
    }

    /// The counter-offer `t`'s answerer would make at `cash`, if he may: fewer than
    /// [`MAX_COUNTERS`] counters, other terms than the standing ones, and the cash in hand if
    /// he is the one paying.
    pub fn counter(&self, s: &State, t: &Thread, amount: u32) -> Option<Thread> {
        let swapped = Thread {
            author: t.answerer,
            answerer: t.author,
            floor: t.author,
            amount,
            exchanges: t.exchanges + 1,
            counters: t.counters + 1,
            ..*t
        };
        let affordable =
            swapped.taker() != swapped.author || s.players[swapped.author as usize].cash >= amount;
        (t.contract.is_none()
            && t.counters < MAX_COUNTERS
            && amount != t.amount
            && amount <= MAX_PRICE
            && !self.barred_gift(s, t.giver, amount)
            && affordable)
            .then_some(swapped)
    }

    /// Closes the thread (or the deal) and hands back the moment it was opened in: the open
    /// floor, or the window of the player whose turn it is (his management window, or the
    /// tax window).
    pub(crate) fn close_thread(&self, s: &mut State) {
        s.trade = None;
        s.deal = None;
        if s.floor_seat.is_some() {
            return self.back_to_floor(s);
        }
        s.phase = if s.tax_due > 0 {
            Phase::Shortfall
        } else {
            Phase::Manage
        };
    }

    /// A message that keeps the thread open: it counts towards the deadline, and a thread that
    /// reaches [`MAX_EXCHANGES`] lapses as a refusal (silence means refusal).
    pub(crate) fn keep_thread(&self, s: &mut State, t: Thread) {
        if t.exchanges >= MAX_EXCHANGES {
            self.close_thread(s);
        } else {
            s.trade = Some(t);
        }
    }

    /// Executes an accepted thread atomically: everything moves, or (when it is no longer
    /// legal) nothing does and the acceptance counts as a refusal.
    pub(crate) fn execute_trade(&self, s: &mut State, t: &Thread) {
        if self.trade_executable(s, t) {
            let (giver, taker) = (t.giver as usize, t.taker() as usize);
            s.players[taker].cash -= t.amount;
            s.players[giver].cash = s.players[giver].cash.saturating_add(t.amount);
            let lot = &mut s.lots.0[t.deed as usize];
            lot.owner = taker as u8;
            s.quiet = false;
            self.follow_deed(s, t.deed, taker as u8);
        }
        self.close_thread(s);
    }

    /// Every thread `seat` may open now (offers, proposals, then deals), in action order.
    pub(crate) fn threads(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if !self.may_open(s, seat) {
            return;
        }
        // Only a deed held by one of the two parties can be offered: the others are not
        // priced at all (most deeds are the bank's, and this list is drawn at every window).
        let mine = self.holdings(s, seat as u8);
        for to in 0..self.cfg.players as u8 {
            if to as usize == seat || !self.trades(s, to) {
                continue;
            }
            let held = (mine | self.holdings(s, to)) & self.board.deeds;
            for deed in spaces_in(held) {
                let value = self.deed_value(s, deed);
                let giver = s.lots.0[deed as usize].owner;
                for cash in Prices::new(value, &Share::TRADE, self.least_price(s, giver)).iter() {
                    if self.offer(s, seat, to, deed, cash).is_some() {
                        out.push(Action::Offer(to, deed, cash));
                    }
                }
            }
        }
        if self.cfg.contracts && s.contracts.has_room() {
            self.proposals(s, seat, out);
        }
        out.extend(
            (0..self.cfg.players as u8)
                .filter(|&to| self.open_deal(s, seat, to).is_some())
                .map(Action::Draft),
        );
    }
}
