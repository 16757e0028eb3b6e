//! Deals: the protocol by which a package ([`crate::package`]) is drafted, sent, and
//! accepted, refused or countered (B7's PROPOSE, COUNTER, ACCEPT, REJECT and WITHDRAW for
//! packages), played in [`Phase::Deal`].
//!
//! In his management window (or a tax shortfall window) a player opens a deal with another
//! player ([`Action::Draft`]); it counts among the threads he may open that turn. He then
//! drafts: each clause is one action ([`Action::Pay`], [`Action::Deed`], [`Action::Lend`],
//! [`Action::Repay`], [`Action::Right`]), checked by the notary as it is added; he may strike
//! a clause ([`Action::Strike`]), send the package ([`Action::Send`]) once the notary finds it
//! complete and legal, or withdraw ([`Action::Withdraw`]). The other party then accepts
//! ([`Action::Accept`]: the notary checks the whole package again and executes it
//! atomically), refuses ([`Action::Refuse`]), or counters ([`Action::Amend`]): the roles
//! swap and he drafts from the package he received; his counter must change it. A counter
//! withdrawn is a refusal. Silence is not possible in a game of turns: every deal ends in
//! an acceptance, a refusal or a withdrawal, within the bounds of [`MAX_EDITS`] and
//! [`MAX_COUNTERS`].
//!
//! A draft may name third parties, any of the other players still in the game
//! ([`Action::Payer`], [`Action::Payee`], [`Action::Guarantee`], or [`Action::Deed`],
//! [`Action::Right`] or [`Action::Lend`]'s collateral on a deed one of them holds).
//! Accepted terms that name some are not executed yet: they go to each in turn, in seat
//! order ([`Deal::consent`]); each consents ([`Action::Accept`]; the
//! last consent executes them) or lets them lapse ([`Action::Refuse`]). They are asked
//! last, once each, about terms that no longer change, so a deal keeps its bounds and
//! nothing executes without the consent of everyone it involves.
//!
//! Every drafting move is checked by one predicate ([`LaissezFaire::deal_move`]), which
//! both [`gameshelf_engine::Game::is_legal`] and the list of legal moves use: `apply`
//! accepts a clause with any sum, schedule and length the rules allow, while the list offers
//! representative ones ([`SUMS`], [`SCHEDULED`], [`REPRESENTATIVE`], [`LODGINGS`],
//! [`SERVICES`]).

use gameshelf_engine::Seat;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::board::SPACES;
use crate::contract::{LODGING_ROUNDS, NO_DEED, Rule};
use crate::game::{LaissezFaire, spaces_in};
use crate::notary::Refusal;
use crate::package::{
    Cadence, Guarantee, Item, Kind, MAX_CLAUSES, MAX_EDITS, OtherTurns, Package, Right, Side, Span,
    Spot, Visits, When, seats_in,
};
use crate::price::MAX_PRICE;
use crate::state::{BANK, Phase, State};
use crate::trade::MAX_COUNTERS;

/// Sums the list offers for a payment now and a loan's principal.
pub const SUMS: [u32; 4] = [50, 100, 200, 500];

/// Instalments the list offers for a scheduled payment.
pub const SCHEDULED: [u32; 2] = [20, 50];

/// The schedule the list offers: every round, five times.
pub const REPRESENTATIVE: Cadence = match Cadence::new(1, 5) {
    Some(c) => c,
    None => panic!("1 x 5 is a cadence"),
};

/// Start passes, stays or turns the list offers for payments on those events.
const EVENTS: u8 = 4;

/// The lodging rights the list offers: for [`crate::contract::LODGING_ROUNDS`] rounds, one
/// the owner may refuse, one whose stays he may raise to the cap, a short one, and one for
/// [`USES`] lodgings or stays.
pub const LODGINGS: [Right; 5] = [
    Right::LODGING,
    Right::REFUSABLE_LODGING,
    Right::lodging(LODGING_ROUNDS, false, true),
    Right::lodging(SHORT_RIGHT, false, false),
    match Right::LODGING.lasting(Span::Uses(USES)) {
        Some(right) => right,
        None => panic!("a lodging right may last uses"),
    },
];

/// The price caps the list offers: for [`crate::contract::LODGING_ROUNDS`] rounds, and for
/// [`USES`] rides or fees.
pub const SERVICES: [Right; 2] = [
    Right::service(Span::Rounds(LODGING_ROUNDS)),
    Right::service(Span::Uses(USES)),
];

/// The uses of the rights the list offers by uses.
pub const USES: u8 = 5;

/// The penalty the list offers for a free-text promise.
pub const PENALTY: u32 = 100;

/// The rounds of the short lodging right the list offers.
const SHORT_RIGHT: u8 = 3;

/// An offer being negotiated: a draft its author builds, then sends; the answerer accepts,
/// refuses, or counters by drafting changed terms, and the roles swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The seat whose terms these are (drafting them, or having sent them).
    pub author: u8,
    /// The other party.
    pub answerer: u8,
    /// The terms have been sent: the answerer has the floor. Until then the author drafts.
    pub sent: bool,
    /// The terms.
    pub package: Package,
    /// The terms a counter answers (empty for a first offer): a counter must change them.
    pub before: Package,
    /// Additions and strikes made to this draft.
    pub edits: u8,
    /// Counters so far.
    pub counters: u8,
    /// The terms now standing have been set aside once already ([`Action::Park`]): a deal
    /// may be set aside once per package received.
    #[serde(default)]
    pub parked: bool,
    /// The terms were accepted and wait for the consent of the third parties they name
    /// ([`Package::others`]), one after another in seat order: the next one has the floor
    /// ([`Deal::third`]); he accepts (the last acceptance executes the package) or refuses
    /// (it lapses).
    #[serde(default)]
    pub consent: bool,
    /// The third parties who have consented already, as a bit set.
    #[serde(default)]
    pub consented: u16,
}

impl Deal {
    /// An empty draft by `author` for `answerer`, before any counter.
    pub fn new(author: u8, answerer: u8) -> Deal {
        Deal {
            author,
            answerer,
            sent: false,
            package: Package::default(),
            before: Package::default(),
            edits: 0,
            counters: 0,
            parked: false,
            consent: false,
            consented: 0,
        }
    }

    /// The party other than `seat` (one of the two).
    pub fn other(&self, seat: u8) -> u8 {
        if seat == self.author {
            self.answerer
        } else {
            self.author
        }
    }

    /// The seat that acts now.
    pub fn floor(&self) -> u8 {
        match self.third() {
            Some(third) if self.consent => third,
            _ if self.sent => self.answerer,
            _ => self.author,
        }
    }

    /// The third parties the terms name (payers, payees, givers of a deed, guarantors), as a
    /// bit set.
    pub fn thirds(&self) -> u16 {
        self.package.others(self.author, self.answerer)
    }

    /// The third party whose consent comes next (the first in seat order who has not
    /// consented), if any.
    pub fn third(&self) -> Option<u8> {
        seats_in(self.thirds() & !self.consented).next()
    }

    /// Whether an acceptance now executes the package: the answerer's, when it names no
    /// third party, or the last third party's consent.
    pub fn accept_executes(&self) -> bool {
        let waiting = self.thirds() & !self.consented;
        if self.consent {
            waiting.count_ones() <= 1
        } else {
            waiting == 0
        }
    }

    /// The absolute seat a [`Side`] names in this draft.
    pub fn seat(&self, side: Side) -> u8 {
        match side {
            Side::Mine => self.author,
            Side::Yours => self.answerer,
        }
    }
}

impl LaissezFaire {
    /// The deal `seat` would open with `Draft(to)`, if it may: trading and contracts are on,
    /// `seat` has a thread left to open (fewer than `window_threads` this turn in his window,
    /// or `floor_threads` on the open floor), and `to` is another player still in the game.
    pub fn open_deal(&self, s: &State, seat: Seat, to: u8) -> Option<Deal> {
        let me = seat as u8;
        let ok = self.may_open(s, seat)
            && self.config().contracts
            && to != me
            && self.trades(s, me)
            && self.trades(s, to);
        ok.then_some(Deal::new(me, to))
    }

    /// The clause `action` drafts in `deal`, with absolute seats, once the notary has
    /// checked the draft with it.
    ///
    /// # Errors
    /// Why it cannot be added: the deal is not being drafted, the draft is full or has had
    /// its changes, the move is not a clause, or the draft with it is not legal.
    pub fn draft_clause(&self, s: &State, deal: &Deal, action: Action) -> Result<Item, Refusal> {
        if deal.sent {
            return Err(Refusal::NoDeal);
        }
        if deal.edits >= MAX_EDITS {
            return Err(Refusal::Edits);
        }
        if deal.package.len() >= MAX_CLAUSES {
            return Err(Refusal::Full);
        }
        let both = |side: Side, kind, amount| {
            let from = deal.seat(side);
            Item::new(kind, from, deal.other(from), amount)
        };
        // A trading third party who holds `d` once the draft's deeds have moved.
        let third_holder = |d: u8| {
            let h = deal.package.holder_after(d, s.lots.0[d as usize].owner);
            (h != BANK && h != deal.author && h != deal.answerer && self.trades(s, h)).then_some(h)
        };
        let item = match action {
            Action::Pay(side, when, amount) => both(side, Kind::Pay(when), amount),
            // Against a third party's deed, the loan is made to him: the collateral is the
            // borrower's.
            Action::Lend(side, collateral, amount) => {
                let lender = deal.seat(side);
                let borrower = match collateral {
                    NO_DEED => None,
                    d if (d as usize) < s.lots.0.len() => third_holder(d),
                    _ => None,
                };
                let borrower = borrower.unwrap_or(deal.other(lender));
                Item::new(Kind::Lend(collateral), lender, borrower, amount)
            }
            Action::Deed(d) => {
                if d as usize >= s.lots.0.len() || self.board().deeds & (1 << d) == 0 {
                    return Err(Refusal::NotADeed(d));
                }
                match s.lots.0[d as usize].owner {
                    h if h == deal.author => both(Side::Mine, Kind::Deed(d), 0),
                    h if h == deal.answerer => both(Side::Yours, Kind::Deed(d), 0),
                    // A third party's deed goes to the drafter ([`Action::Payee`] may name
                    // the other party instead).
                    h if h != BANK && self.trades(s, h) => {
                        Item::new(Kind::Deed(d), h, deal.author, 0)
                    }
                    _ => return Err(Refusal::NotHeld(d)),
                }
            }
            Action::Right(right, d, amount) => {
                if d as usize >= s.lots.0.len() || self.board().deeds & (1 << d) == 0 {
                    return Err(Refusal::NotADeed(d));
                }
                let holder = deal.package.holder_after(d, s.lots.0[d as usize].owner);
                match holder {
                    h if h == deal.author => both(Side::Mine, Kind::Right(right, d), amount),
                    h if h == deal.answerer => both(Side::Yours, Kind::Right(right, d), amount),
                    // A third party's right goes to the drafter ([`Action::Payee`] may name
                    // the other party instead).
                    _ => match third_holder(d) {
                        Some(h) => Item::new(Kind::Right(right, d), h, deal.author, amount),
                        None => return Err(Refusal::NotHeld(d)),
                    },
                }
            }
            Action::Promise(side, penalty) => {
                if s.notes == u8::MAX {
                    return Err(Refusal::Texts);
                }
                both(side, Kind::Text(s.notes), penalty)
            }
            Action::Rule(rule, value) => both(Side::Mine, Kind::Rule(rule, value), 0),
            Action::Repay(cadence, amount) => {
                let (_, loan) = deal.package.loan().ok_or(Refusal::NoLoan)?;
                Item::new(Kind::Repay(cadence), loan.to, loan.from, amount)
            }
            _ => return Err(Refusal::NotAClause),
        };
        let mut package = deal.package;
        package.push(item);
        self.check_package(s, deal.author, deal.answerer, &package, false)?;
        Ok(item)
    }

    /// The draft `action` makes by naming a third party ([`Action::Payer`],
    /// [`Action::Payee`], [`Action::Guarantee`]) in `deal`, once the notary has checked it.
    /// A third party's deed or right goes to the drafter when drafted; [`Action::Payee`] may
    /// name the other party as its receiver instead. Naming the loan's lender or borrower
    /// turns its repayment schedule round with it ([`Package::follow_loan`]).
    ///
    /// # Errors
    /// Why he cannot be named: the deal is not being drafted or has had its changes, the
    /// seat is one of the two parties (except as the receiver of a third party's deed or
    /// right), the clause is missing or of the wrong kind, or the draft with him is not
    /// legal (a payment between two third parties, say).
    pub fn draft_party(&self, s: &State, deal: &Deal, action: Action) -> Result<Package, Refusal> {
        if deal.sent {
            return Err(Refusal::NoDeal);
        }
        if deal.edits >= MAX_EDITS {
            return Err(Refusal::Edits);
        }
        let (place, seat) = match action {
            Action::Payer(place, seat)
            | Action::Payee(place, seat)
            | Action::Guarantee(place, seat, _) => (place, seat),
            _ => return Err(Refusal::NotAClause),
        };
        let mut item = *deal
            .package
            .get(usize::from(place))
            .ok_or(Refusal::NoClause(place))?;
        let party = |x: u8| x == deal.author || x == deal.answerer;
        // A third party's deed or right may be sent to the party it does not go to yet.
        let to_party = matches!(
            (action, item.kind),
            (Action::Payee(..), Kind::Deed(_) | Kind::Right(..))
        ) && !party(item.from)
            && seat != item.to;
        if (party(seat) && !to_party) || !self.trades(s, seat) {
            return Err(Refusal::NotThird(seat));
        }
        match action {
            Action::Payer(..) if !matches!(item.kind, Kind::Pay(_) | Kind::Lend(_)) => {
                return Err(Refusal::NotAPayment(place));
            }
            Action::Payer(..) => item.from = seat,
            Action::Payee(..)
                if !matches!(
                    item.kind,
                    Kind::Pay(_) | Kind::Deed(_) | Kind::Lend(_) | Kind::Right(..)
                ) =>
            {
                return Err(Refusal::NotAPayment(place));
            }
            Action::Payee(..) => item.to = seat,
            Action::Guarantee(_, _, fee) => item = item.guaranteed(Guarantee { seat, fee }),
            _ => {}
        }
        let mut package = deal.package;
        package.set(usize::from(place), item);
        package.follow_loan();
        self.check_package(s, deal.author, deal.answerer, &package, false)?;
        Ok(package)
    }

    /// Whether `action` is a legal move in the open deal now, and if not, why: the one
    /// predicate behind both the list of moves and their check.
    ///
    /// # Errors
    /// Why the move is refused.
    pub fn deal_move(&self, s: &State, action: Action) -> Result<(), Refusal> {
        let deal = s
            .deal
            .filter(|_| s.phase == Phase::Deal)
            .ok_or(Refusal::NoDeal)?;
        let drafting = |ok: bool| if ok { Ok(()) } else { Err(Refusal::NoDeal) };
        if deal.consent {
            // The third party consents or refuses; nothing else.
            return match action {
                Action::Accept => {
                    self.check_package(s, deal.author, deal.answerer, &deal.package, true)
                }
                Action::Refuse => Ok(()),
                _ => Err(Refusal::NoDeal),
            };
        }
        match action {
            Action::Payer(..) | Action::Payee(..) | Action::Guarantee(..) => {
                self.draft_party(s, &deal, action).map(|_| ())
            }
            Action::Pay(..)
            | Action::Lend(..)
            | Action::Deed(_)
            | Action::Repay(..)
            | Action::Right(..)
            | Action::Promise(..)
            | Action::Rule(..) => self.draft_clause(s, &deal, action).map(|_| ()),
            Action::Strike(i) => {
                drafting(!deal.sent)?;
                if deal.edits >= MAX_EDITS {
                    return Err(Refusal::Edits);
                }
                deal.package
                    .get(usize::from(i))
                    .map(|_| ())
                    .ok_or(Refusal::NoClause(i))
            }
            Action::Send => {
                drafting(!deal.sent)?;
                if deal.package == deal.before {
                    return Err(if deal.package.is_empty() {
                        Refusal::Empty
                    } else {
                        Refusal::Unchanged
                    });
                }
                self.check_package(s, deal.author, deal.answerer, &deal.package, true)
            }
            Action::Withdraw => drafting(!deal.sent),
            Action::Accept => {
                drafting(deal.sent)?;
                self.check_package(s, deal.author, deal.answerer, &deal.package, true)
            }
            Action::Refuse => drafting(deal.sent),
            Action::Amend => drafting(deal.sent && deal.counters < MAX_COUNTERS),
            _ => Err(Refusal::NotAClause),
        }
    }

    /// The moves of the open deal, in action order: when drafting, representative clauses
    /// (payments either way now and on schedules, each deed a player still in the game
    /// holds and the rights on it, loans either way with or without collateral, the loan's
    /// repayment at representative rates), strikes, sending and withdrawing; when
    /// answering, accepting, refusing and countering. Each is checked by
    /// [`LaissezFaire::deal_move`].
    pub(crate) fn deal_moves(&self, s: &State, out: &mut Vec<Action>) {
        let Some(deal) = s.deal else { return };
        let mut candidates = Vec::new();
        if deal.consent {
            candidates.extend([Action::Accept, Action::Refuse]);
        } else if deal.sent {
            candidates.extend([Action::Accept, Action::Refuse, Action::Amend]);
        } else {
            self.third_party_moves(s, &deal, &mut candidates);
            // The deeds of every player still in the game: the parties', and the third
            // parties', which they may give, grant rights on or pledge as borrowers.
            let held = (0..self.config().players as u8)
                .filter(|&o| o == deal.author || o == deal.answerer || self.trades(s, o))
                .fold(0u64, |set, o| set | self.holdings(s, o));
            let deeds = held & self.board().deeds;
            // Who holds each deed once the draft's deeds have moved.
            let mut owners = [BANK; SPACES];
            for d in spaces_in(deeds) {
                owners[d as usize] = deal.package.holder_after(d, s.lots.0[d as usize].owner);
            }
            for side in [Side::Mine, Side::Yours] {
                // Payments on landing in each city where the payee holds a deed.
                let payee = deal.other(deal.seat(side));
                for city in 0..self.board().cities.len() as u8 {
                    match Visits::new(city, EVENTS) {
                        Some(v) if self.holds_in_city(&owners, payee, city) => {
                            candidates.push(Action::Pay(side, When::Lands(v), SCHEDULED[0]));
                        }
                        _ => {}
                    }
                }
                // And on landing on each of the payee's deeds.
                for d in spaces_in(deeds).filter(|&d| owners[d as usize] == payee) {
                    if let Some(spot) = Spot::new(d, EVENTS) {
                        candidates.push(Action::Pay(side, When::LandsOn(spot), SCHEDULED[0]));
                    }
                }
                candidates.extend(SUMS.map(|x| Action::Pay(side, When::Now, x)));
                let scheduled =
                    SCHEDULED.map(|x| Action::Pay(side, When::Rounds(REPRESENTATIVE), x));
                candidates.extend(scheduled);
                candidates.push(Action::Pay(side, When::Starts(EVENTS), SCHEDULED[1]));
                candidates.push(Action::Pay(side, When::Stays(EVENTS), SCHEDULED[0]));
                candidates.push(Action::Pay(side, When::Turns(EVENTS), SCHEDULED[0]));
                // At the start of each of another player's turns: "pay me at the start of
                // each of my turns", or a third party's.
                let payer = deal.seat(side);
                let watched = (0..self.config().players as u8).filter(|&o| o != payer);
                candidates.extend(
                    watched
                        .filter_map(|o| OtherTurns::new(o, EVENTS))
                        .map(|o| Action::Pay(side, When::TurnsOf(o), SCHEDULED[0])),
                );
            }
            candidates.extend(spaces_in(deeds).map(Action::Deed));
            // Rights at the deed's reference rent, fare or value, granted by its holder.
            for d in spaces_in(deeds) {
                candidates.push(Action::Right(Right::OPTION, d, self.deed_value(s, d)));
                if let Some(rent) = self.reference_rent(s, d) {
                    candidates.extend(LODGINGS.map(|right| Action::Right(right, d, rent)));
                }
                if let Some(price) = self.reference_service_price(s, d) {
                    candidates.extend(SERVICES.map(|right| Action::Right(right, d, price)));
                }
            }
            match deal.package.loan() {
                None => {
                    for side in [Side::Mine, Side::Yours] {
                        for collateral in spaces_in(deeds).chain([NO_DEED]) {
                            for x in [SUMS[2], SUMS[3]] {
                                candidates.push(Action::Lend(side, collateral, x));
                            }
                        }
                    }
                }
                Some((_, loan)) => {
                    // Repaid with no interest, 10% or 20% on the representative schedule.
                    let times = u64::from(REPRESENTATIVE.times());
                    for percent in [100, 110, 120] {
                        let x = u64::from(loan.amount) * percent / 100 / times;
                        let x = x.clamp(1, u64::from(MAX_PRICE)) as u32;
                        candidates.push(Action::Repay(REPRESENTATIVE, x));
                    }
                }
            }
            for side in [Side::Mine, Side::Yours] {
                candidates.push(Action::Promise(side, PENALTY));
            }
            // A rule change needs every player still trading: offered only when each is a
            // party or a third party the draft names already (the notary refuses it
            // otherwise, and checking it for every rule would cost every playout).
            if self
                .outsider(s, deal.author, deal.answerer, &deal.package)
                .is_none()
            {
                candidates.extend(Rule::ALL.map(|rule| Action::Rule(rule, !s.rules.get(rule))));
            }
            candidates.extend((0..deal.package.len() as u8).map(Action::Strike));
            candidates.extend([Action::Send, Action::Withdraw]);
        }
        candidates.sort_unstable();
        candidates.dedup();
        out.extend(
            candidates
                .into_iter()
                .filter(|&a| self.deal_move(s, a).is_ok()),
        );
    }

    /// The moves that name a third party in `deal`'s draft (his deeds, the rights on them
    /// and loans against them are listed with every player's, by the caller): each other
    /// player still in the game as the payer and the payee of each payment, the lender and
    /// the borrower of the loan, the receiver of each deed and right a party gives, the other
    /// party as the receiver of a third party's deed or right, and the guarantor of each
    /// payment on a schedule and of the repayments, for nothing or for a representative fee,
    /// a tenth of the payments he guarantees (the caller keeps those the notary accepts).
    fn third_party_moves(&self, s: &State, deal: &Deal, out: &mut Vec<Action>) {
        let thirds = (0..self.config().players as u8)
            .filter(|&t| t != deal.author && t != deal.answerer && self.trades(s, t));
        for t in thirds {
            for (place, item) in deal.package.iter().enumerate() {
                let place = place as u8;
                match item.kind {
                    Kind::Pay(_) | Kind::Lend(_) => {
                        out.extend([Action::Payer(place, t), Action::Payee(place, t)]);
                    }
                    // His deed or right, to the party it does not go to yet.
                    Kind::Deed(_) | Kind::Right(..) if item.from == t => {
                        out.push(Action::Payee(place, deal.other(item.to)));
                    }
                    // A party's deed or right, to him.
                    Kind::Deed(_) | Kind::Right(..) => out.push(Action::Payee(place, t)),
                    _ => {}
                }
                if item.guaranteeable() {
                    let times = match item.kind {
                        Kind::Pay(w) => w.times(),
                        Kind::Repay(c) => Some(c.times()),
                        _ => None,
                    };
                    let total = u64::from(item.amount) * u64::from(times.unwrap_or(1));
                    let fee = (total / 10).clamp(1, u64::from(MAX_PRICE)) as u32;
                    out.extend([0, fee].map(|fee| Action::Guarantee(place, t, fee)));
                }
            }
        }
    }

    /// Plays a move of the open deal (checked by the caller).
    pub(crate) fn apply_deal(&self, s: &mut State, action: Action) {
        let Some(mut deal) = s.deal else { return };
        match action {
            Action::Pay(..)
            | Action::Lend(..)
            | Action::Deed(_)
            | Action::Repay(..)
            | Action::Right(..)
            | Action::Promise(..)
            | Action::Rule(..) => {
                if let Ok(item) = self.draft_clause(s, &deal, action) {
                    // A promise's words are the next text of the record.
                    if let Kind::Text(_) = item.kind {
                        s.notes += 1;
                    }
                    deal.package.push(item);
                    deal.edits += 1;
                    s.deal = Some(deal);
                }
            }
            Action::Payer(..) | Action::Payee(..) | Action::Guarantee(..) => {
                if let Ok(package) = self.draft_party(s, &deal, action) {
                    deal.package = package;
                    deal.edits += 1;
                    s.deal = Some(deal);
                }
            }
            Action::Strike(i) if deal.edits < MAX_EDITS && deal.package.strike(usize::from(i)) => {
                deal.edits += 1;
                s.deal = Some(deal);
            }
            Action::Send => {
                deal.sent = true;
                s.deal = Some(deal);
            }
            Action::Amend => {
                s.deal = Some(Deal {
                    author: deal.answerer,
                    answerer: deal.author,
                    sent: false,
                    before: deal.package,
                    edits: 0,
                    counters: deal.counters + 1,
                    parked: false,
                    ..deal
                });
            }
            // The answerer accepts terms that name third parties: they wait for their
            // consents, one after another; each but the last passes the floor on.
            Action::Accept if !deal.accept_executes() => {
                match deal.third().filter(|_| deal.consent) {
                    Some(t) => deal.consented |= 1 << t,
                    None => deal.consent = true,
                }
                s.deal = Some(deal);
            }
            Action::Accept => {
                // Checked whole first: everything executes, or (no longer legal) nothing
                // does and the acceptance closes the deal as a refusal would.
                let _ = self.execute_package(s, deal.author, deal.answerer, &deal.package);
                self.close_thread(s);
            }
            Action::Refuse | Action::Withdraw => self.close_thread(s),
            _ => {}
        }
    }
}
