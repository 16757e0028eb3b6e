//! Contracts: proposing a contract's terms (B-17) and their legality, making an accepted
//! contract, unanimous rule changes, options and their exercise, and every legal proposal.
//!
//! Separate from the notary's due dates ([`super::obligations`]) because this is how a contract
//! comes to be, not what it owes afterwards.

use gameshelf_engine::Seat;

use crate::action::Action;
use crate::board::{SPACES, SpaceKind};
use crate::contract::{
    Clause, Contract, Due, Entry, INSTALMENTS, LODGING_ROUNDS, NO_DEED, REPAYMENT_PERCENT, Rule,
    Sum, Term,
};
use crate::game::{LaissezFaire, spaces_in};
use crate::price::Share;
use crate::state::State;
use crate::trade::Thread;

impl LaissezFaire {
    /// The thread `seat` would open with `Propose(to, term)`, if it may: trading and
    /// contracts are on, `seat` has a thread left to open (fewer than `window_threads` this
    /// turn in his window, or `floor_threads` on the open floor), `to` is another player
    /// still in the game, a contract slot is free, and the terms are legal now (B-17): a
    /// payment now needs the cash; a collateral deed must be the proposer's own and not
    /// pledged already; a lodging right needs a property of `to`, a cap of half or par, and no
    /// right the proposer already holds there. The lender's cash is checked at execution.
    pub fn proposal(&self, s: &State, seat: Seat, to: u8, term: Term) -> Option<Thread> {
        let me = seat as u8;
        let ok = self.may_propose_to(s, seat, to) && self.term_legal(s, me, to, term);
        let amount = match term {
            Term::Pay(sum) | Term::Borrow(sum, _) => sum.dollars(),
            Term::Option(_, _, premium) => premium.dollars(),
            Term::Schedule(..)
            | Term::Buy(..)
            | Term::Lodging(..)
            | Term::Service(..)
            | Term::Rule(..)
            | Term::Text(..) => 0,
        };
        ok.then_some(Thread {
            author: me,
            answerer: to,
            floor: to,
            deed: 0,
            giver: me,
            amount,
            exchanges: 1,
            counters: 0,
            contract: Some(term),
            agreed: 0,
        })
    }

    /// Whether `seat` may propose some contract to `to` now, whatever its terms: trading and
    /// contracts are on, `seat` has a thread left to open, `to` is another player still in the game and
    /// a contract slot is free.
    fn may_propose_to(&self, s: &State, seat: Seat, to: u8) -> bool {
        let me = seat as u8;
        self.may_open(s, seat)
            && self.cfg.contracts
            && to != me
            && self.trades(s, me)
            && self.trades(s, to)
            && s.contracts.has_room()
    }

    /// The legality of `term` proposed by `author` to `other`, apart from the lender's cash.
    fn term_legal(&self, s: &State, author: u8, other: u8, term: Term) -> bool {
        match term {
            Term::Pay(sum) => s.players[author as usize].cash >= sum.dollars(),
            Term::Rule(rule, value) => s.rules.get(rule) != value,
            // The next text number: the record's texts are numbered as they are written.
            Term::Text(note, _) => note == s.notes && s.notes < u8::MAX,
            // Landings are a package's schedule, not the templates'.
            Term::Schedule(_, due) => !matches!(due, Due::EachLanding(_) | Due::EachLandingOn(_)),
            Term::Borrow(_, NO_DEED) => true,
            Term::Borrow(_, deed) => {
                (deed as usize) < SPACES
                    && self.board.deeds & (1 << deed) != 0
                    && s.lots.0[deed as usize].owner == author
                    && !s.contracts.pledged(deed)
            }
            // Paid for later, so a gift while jailed: debts to a player who goes out lapse.
            Term::Buy(deed, _) => {
                !self.gifts_barred(s, other)
                    && (deed as usize) < SPACES
                    && self.board.deeds & (1 << deed) != 0
                    && s.lots.0[deed as usize].owner == other
                    && !s.contracts.pledged(deed)
            }
            Term::Lodging(p, cap) => {
                (p as usize) < SPACES
                    && matches!(
                        self.board.spaces[p as usize].kind,
                        SpaceKind::Property { .. }
                    )
                    && s.lots.0[p as usize].owner == other
                    && matches!(cap, Share::Half | Share::Par)
                    && s.contracts.lodging_cap(author, p).is_none()
            }
            Term::Service(space, cap) => {
                (space as usize) < SPACES
                    && (self.board.transits | self.board.utilities) & (1 << space) != 0
                    && s.lots.0[space as usize].owner == other
                    && matches!(cap, Share::Half | Share::Par)
                    && s.contracts.service_price(author, space, 0).is_none()
            }
            Term::Option(deed, strike, premium) => {
                let free = s.contracts.option_on(author, deed).is_none();
                self.option_legal(s, author, other, (deed, strike, premium), free)
            }
        }
    }

    /// The legality of an option on `deed` at `strike` for `premium` proposed by `author`
    /// to `other`, given whether `author` holds no option on the deed yet (`free`): the
    /// check behind both a proposal and the list of proposals, which looks the contracts
    /// up once per deed rather than once per strike and premium.
    fn option_legal(
        &self,
        s: &State,
        author: u8,
        other: u8,
        (deed, strike, premium): (u8, Share, Sum),
        free: bool,
    ) -> bool {
        (deed as usize) < SPACES
            && self.board.deeds & (1 << deed) != 0
            && s.lots.0[deed as usize].owner == other
            && strike > Share::Nothing
            && Share::TRADE.contains(&strike)
            && free
            && s.players[author as usize].cash >= premium.dollars()
    }

    /// The option `seat` may exercise on `deed` now, if any: it holds one, the deed's owner
    /// is the option's grantor (the option follows the deed) and the holder has the strike.
    pub fn exercisable(&self, s: &State, seat: Seat, deed: u8) -> Option<Contract> {
        let c = *s.contracts.option_on(seat as u8, deed)?;
        let Clause::Option { strike, .. } = c.clause else {
            return None;
        };
        (s.lots.0[deed as usize].owner == c.payee && s.players[seat].cash >= strike).then_some(c)
    }

    /// Exercises an option (see [`LaissezFaire::exercisable`]): the strike and the deed
    /// change hands together, and the option (with any other right of the holder on the
    /// deed) ends.
    pub(crate) fn exercise(&self, s: &mut State, seat: Seat, deed: u8) {
        let Some(c) = self.exercisable(s, seat, deed) else {
            return;
        };
        let Clause::Option { strike, .. } = c.clause else {
            return;
        };
        self.transfer(s, c.payer, c.payee, strike);
        s.lots.0[deed as usize].owner = c.payer;
        self.follow_deed(s, deed, c.payer);
        self.log(s, c.id, Entry::Exercised, c.payer, c.payee, strike);
    }

    /// Whether the contract `author` proposed to `other` can be made now: both parties are
    /// in the game, a slot is free, the terms are still legal and the lender has the cash.
    pub fn contract_executable(&self, s: &State, author: u8, other: u8, term: Term) -> bool {
        let lender_ok = match term {
            Term::Borrow(sum, _) => s.players[other as usize].cash >= sum.dollars(),
            _ => true,
        };
        // A text's number was taken when it was proposed.
        let legal = match term {
            Term::Text(note, _) => note < s.notes,
            _ => self.term_legal(s, author, other, term),
        };
        self.trades(s, author)
            && self.trades(s, other)
            && s.contracts.has_room()
            && lender_ok
            && legal
    }

    /// After `t`'s answerer accepts a unanimous rule change, the thread as it passes to the
    /// next player still in the game who has not agreed yet (seat order after the
    /// answerer); `None` when everyone has agreed, or for other terms.
    pub(crate) fn unanimity_next(&self, s: &State, t: &Thread, term: Term) -> Option<Thread> {
        if !matches!(term, Term::Rule(..)) {
            return None;
        }
        let agreed = t.agreed | 1 << t.answerer;
        let n = self.cfg.players as u8;
        (1..n)
            .map(|k| (t.answerer + k) % n)
            .find(|&o| o != t.author && self.trades(s, o) && agreed & (1 << o) == 0)
            .map(|o| Thread {
                answerer: o,
                floor: o,
                agreed,
                ..*t
            })
    }

    /// Makes an accepted contract atomically: the cash due now moves and the contract is
    /// recorded, or (no longer legal) nothing happens and the acceptance counts as a refusal.
    pub(crate) fn execute_contract(&self, s: &mut State, t: &Thread, term: Term) {
        if !self.contract_executable(s, t.author, t.answerer, term) {
            return;
        }
        let (a, b) = (t.author, t.answerer);
        let id = s.ledger.made + 1;
        let new = |payer, payee, clause, instalment, left| Contract {
            id,
            part: 0,
            payer,
            payee,
            clause,
            instalment,
            left,
            arrears: 0,
            every: 1,
            wait: 1,
            guarantor: None,
            uses: false,
        };
        let (contract, now) = match term {
            Term::Rule(rule, value) => {
                s.rules.set(rule, value);
                (None, 0)
            }
            Term::Text(note, penalty) => {
                let clause = Clause::Text {
                    note,
                    penalty: penalty.dollars(),
                    disputed: false,
                };
                (Some(new(a, b, clause, 0, LODGING_ROUNDS)), 0)
            }
            Term::Pay(sum) => {
                self.transfer(s, a, b, sum.dollars());
                s.ledger.paid += u64::from(sum.dollars());
                s.ledger.payments += 1;
                (None, sum.dollars())
            }
            Term::Schedule(sum, due) => (
                Some(new(a, b, Clause::Schedule(due), sum.dollars(), INSTALMENTS)),
                0,
            ),
            Term::Borrow(sum, collateral) => {
                let principal = sum.dollars();
                self.transfer(s, b, a, principal);
                s.ledger.lent += u64::from(principal);
                let instalment = principal * REPAYMENT_PERCENT / 100 / u32::from(INSTALMENTS);
                let clause = Clause::Loan {
                    collateral,
                    principal,
                    times: INSTALMENTS,
                };
                (Some(new(a, b, clause, instalment, INSTALMENTS)), principal)
            }
            Term::Buy(deed, sum) => {
                s.lots.0[deed as usize].owner = a;
                s.quiet = false;
                self.follow_deed(s, deed, a);
                let principal = sum.dollars();
                s.ledger.lent += u64::from(principal);
                let clause = Clause::Loan {
                    collateral: deed,
                    principal,
                    times: INSTALMENTS,
                };
                let instalment = principal / u32::from(INSTALMENTS);
                (Some(new(a, b, clause, instalment, INSTALMENTS)), 0)
            }
            Term::Lodging(property, cap) => {
                let Some(reference) = self.reference_rent(s, property) else {
                    return;
                };
                let cap = cap.of(reference);
                let clause = Clause::Lodging {
                    property,
                    cap,
                    refusable: false,
                    raisable: false,
                };
                (Some(new(a, b, clause, 0, LODGING_ROUNDS)), 0)
            }
            Term::Service(space, cap) => {
                let clause = Clause::Service { space, cap };
                (Some(new(a, b, clause, 0, LODGING_ROUNDS)), 0)
            }
            Term::Option(deed, strike, premium) => {
                self.transfer(s, a, b, premium.dollars());
                s.ledger.paid += u64::from(premium.dollars());
                s.ledger.payments += 1;
                let strike = strike.of(self.deed_value(s, deed));
                let clause = Clause::Option { deed, strike };
                (
                    Some(new(a, b, clause, 0, LODGING_ROUNDS)),
                    premium.dollars(),
                )
            }
        };
        if let Some(c) = contract {
            s.contracts.insert(c);
        }
        s.ledger.made = id;
        let (from, to) = if matches!(term, Term::Borrow(..)) {
            (b, a)
        } else {
            (a, b)
        };
        self.log(s, id, Entry::Made, from, to, now);
    }

    /// Every legal `Propose` for `seat`, in action order.
    pub(crate) fn proposals(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let me = seat as u8;
        // What `proposal` checks of the parties, checked once; then each term's legality.
        let mine = self.board.deeds & self.holdings(s, me);
        for to in 0..self.cfg.players as u8 {
            if !self.may_propose_to(s, seat, to) {
                continue;
            }
            let mut push = |term| {
                if self.term_legal(s, me, to, term) {
                    out.push(Action::Propose(to, term));
                }
            };
            for sum in Sum::ALL {
                push(Term::Pay(sum));
            }
            for sum in Sum::ALL {
                for due in Due::ALL {
                    push(Term::Schedule(sum, due));
                }
            }
            // Only the proposer's own deeds can be his collateral.
            for sum in Sum::ALL {
                for deed in spaces_in(mine) {
                    push(Term::Borrow(sum, deed));
                }
                push(Term::Borrow(sum, NO_DEED));
            }
            let theirs = self.board.deeds & self.holdings(s, to);
            for deed in spaces_in(theirs) {
                for sum in Sum::ALL {
                    push(Term::Buy(deed, sum));
                }
            }
            // In action order: every lodging right, then every price cap, then options.
            for make in [Term::Lodging, Term::Service] {
                for p in spaces_in(theirs) {
                    for cap in [Share::Half, Share::Par] {
                        push(make(p, cap));
                    }
                }
            }
            for p in spaces_in(theirs) {
                let free = s.contracts.option_on(me, p).is_none();
                for strike in Share::TRADE {
                    for premium in Sum::ALL {
                        if self.option_legal(s, me, to, (p, strike, premium), free) {
                            out.push(Action::Propose(to, Term::Option(p, strike, premium)));
                        }
                    }
                }
            }
            let mut push = |term| {
                if self.term_legal(s, me, to, term) {
                    out.push(Action::Propose(to, term));
                }
            };
            for rule in Rule::ALL {
                push(Term::Rule(rule, !s.rules.get(rule)));
            }
            for penalty in Sum::ALL {
                push(Term::Text(s.notes, penalty));
            }
        }
    }
}
