//! The notary's work on packages ([`crate::package`]): legality (B-17) when a clause is
//! drafted, when the package is sent and again when it is accepted; atomic execution; and
//! releases.
//!
//! The rules say a contract may not "require either player to do anything not otherwise
//! permitted". For a package that means: both parties are still in the game; every deed it
//! moves is a deed, moved once, and held by the party who gives it; the cash each party
//! pays at acceptance is covered by what he holds plus what the package pays him at the same
//! moment (the clauses execute together, so a seller may use the buyer's cash to pay his
//! own part); a loan has one repayment schedule from the borrower to the lender, and its
//! collateral is a deed the borrower holds once the package's deeds have moved and that
//! no live loan holds already; a right is granted by the deed's holder once the package's
//! deeds have moved, for the rounds or (a lodging right, a price cap) the uses the parties
//! chose ([`crate::package::Span`]), a lodging right only at a property and
//! a price cap only on a transit company or utility, and never twice the same kind to the
//! same holder on the same deed (in the package or live); a payment at the start of another
//! player's turns names a player still in the game other than its payer; a payment on
//! landings names a city
//! of the board where its payee holds a deed once the package's deeds have moved, or one
//! deed he holds then; every third party (any number of the other players) is still in the
//! game, stands at one end of a payment, a deed, a loan (with its repayments) or a right
//! whose other end is one of the two parties (never between two third parties), or
//! guarantees a schedule (never his own, nor one made to him), has the cash he pays at
//! acceptance, and gives nothing away while jailed under `no_gifts_while_jailed`; a rule
//! change names every player still in the game as a party; and the notary's table has a
//! place for each standing clause.
//! A deed pledged under a live loan may change hands: it goes with its pledge (B-20).
//!
//! Acceptance is atomic: the whole package is checked first, then everything executes, or
//! nothing does. Each check names its reason ([`Refusal`]), which front ends show and tests
//! read.

use gameshelf_engine::Seat;

use crate::board::SPACES;
use crate::contract::{Clause, Contract, Due, Entry, LODGING_ROUNDS, MAX_CONTRACTS, NO_DEED, Rule};
use crate::game::{LaissezFaire, spaces_in};
use crate::package::{Grant, Item, Kind, Package, When, seats_in};
use crate::price::MAX_PRICE;
use crate::state::State;

/// Why the notary refuses a clause, a package, or a release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// Contracts are off, or no deal is open for this move.
    #[error("no package can be drafted or answered now")]
    NoDeal,
    /// This move is not a clause.
    #[error("this move does not draft a clause")]
    NotAClause,
    /// The package has no clause.
    #[error("the package has no clause")]
    Empty,
    /// No clause at this place of the draft.
    #[error("the draft has no clause {}", u16::from(*.0) + 1)]
    NoClause(u8),
    /// The package is full.
    #[error("a package holds at most {} clauses", crate::package::MAX_CLAUSES)]
    Full,
    /// The draft has had all its changes.
    #[error(
        "a draft takes at most {} additions and strikes",
        crate::package::MAX_EDITS
    )]
    Edits,
    /// A sum out of range.
    #[error("a sum must be from $1 to ${MAX_PRICE}, not ${0}")]
    Amount(u32),
    /// A schedule's counts out of range.
    #[error("a schedule runs 1 to 15 times, every 1 to 15 rounds")]
    Schedule,
    /// A party cannot pay what the package makes him pay at acceptance.
    #[error("seat {} cannot pay ${needed} now: it holds ${has}", u16::from(*.seat) + 1)]
    Cash {
        /// The seat.
        seat: u8,
        /// What it would pay, less what the package pays it at the same moment.
        needed: u64,
        /// Its cash.
        has: u32,
    },
    /// Not a deed.
    #[error("space {0} is not a deed")]
    NotADeed(u8),
    /// A deed neither party (or not the giving party) holds.
    #[error("deed {0} is not held by the party who would give it")]
    NotHeld(u8),
    /// A deed twice in one package.
    #[error("deed {0} is in the package already")]
    DeedTwice(u8),
    /// A lodging right at a space that is not a property.
    #[error("space {0} is not a property with rooms")]
    NotAProperty(u8),
    /// A price cap at a space that is neither a transit company nor a utility.
    #[error("space {0} is neither a transit company nor a utility")]
    NotAService(u8),
    /// The record's texts are all numbered.
    #[error("the game has no text numbers left for a promise")]
    Texts,
    /// A rule change to the rule's value now (or a second change of it in the package).
    #[error("the rule {} is {} already", .0.name(), .1)]
    RuleAlready(Rule, bool),
    /// A rule change in a package while other players are still in the game.
    #[error("a rule change needs every player still in the game: seat {} is not a party", u16::from(*.0) + 1)]
    Unanimity(u8),
    /// A payment on landings in a city where its payee would hold no deed.
    #[error("seat {} holds no deed in city {city}", u16::from(*.seat) + 1)]
    NotTheirCity {
        /// The payee.
        seat: u8,
        /// The city.
        city: u8,
    },
    /// A payment on landings on a space its payee would not hold.
    #[error("seat {} does not hold space {space}", u16::from(*.seat) + 1)]
    NotTheirSpace {
        /// The payee.
        seat: u8,
        /// The space.
        space: u8,
    },
    /// A payment at the start of another player's turns that names its own payer, or a
    /// seat not in the game.
    #[error("a payment at the start of another player's turns needs another player still in the game: seat {} is not", u16::from(*.0) + 1)]
    NotAnother(u8),
    /// A payment on landings in a city the board does not have.
    #[error("the board has no city {0}")]
    NoCity(u8),
    /// A payment on landings on a space the board does not have.
    #[error("the board has no space {0}")]
    NoSpace(u8),
    /// A right its holder has already (live, or earlier in the package).
    #[error("the holder has that right on deed {0} already")]
    RightTwice(u8),
    /// A collateral already pledged under a live loan.
    #[error("deed {0} is pledged under a live loan already")]
    Pledged(u8),
    /// A collateral the borrower would not hold.
    #[error("the collateral, deed {0}, must be the borrower's once the package's deeds move")]
    Collateral(u8),
    /// Two loans.
    #[error("a package holds one loan")]
    TwoLoans,
    /// A repayment schedule without its loan (or running the wrong way).
    #[error("a repayment schedule needs the package's loan, from the borrower to the lender")]
    NoLoan,
    /// Two repayment schedules.
    #[error("the loan has its repayment schedule already")]
    TwoRepayments,
    /// A loan without a repayment schedule.
    #[error("the loan needs a repayment schedule")]
    NoRepayment,
    /// Not enough places on the notary's table.
    #[error("the notary's table has {free} free places and the package needs {needed}")]
    Table {
        /// Standing clauses in the package.
        needed: usize,
        /// Free places.
        free: usize,
    },
    /// A party is out of the game.
    #[error("seat {} is out of the game", u16::from(*.0) + 1)]
    Party(u8),
    /// A counter that changes nothing.
    #[error("a counter must change the terms")]
    Unchanged,
    /// A seat named as a third party that is one of the deal's two parties (or no seat).
    #[error("seat {} is not a third party to this deal", u16::from(*.0) + 1)]
    NotThird(u8),
    /// A third party named as the payer of a clause that is neither a payment nor a loan, or
    /// as the receiver of one that is neither a payment, a deed, a loan nor a right.
    #[error("clause {} cannot take a third party in that role: a payer pays a payment or lends a loan; a payee is paid a payment, receives a deed or a right, or borrows a loan", u16::from(*.0) + 1)]
    NotAPayment(u8),
    /// A guarantee of a clause whose payments cannot be missed (not a payment on a
    /// schedule nor a loan's repayments).
    #[error("clause {} is neither a payment on a schedule nor a loan's repayments", u16::from(*.0) + 1)]
    NotGuaranteeable(u8),
    /// A clause whose parties are not the deal's: a payment, a deed, a loan, its repayments
    /// and a right keep one of the two parties at one end (never between two third
    /// parties), a promise and a rule change stay between the two, and nobody guarantees
    /// his own payments or those made to him.
    #[error("clause {} names its parties wrongly", u16::from(*.0) + 1)]
    Parties(u8),
    /// No live contract of this number and place benefits this seat.
    #[error("no live clause #{0}.{1} benefits this seat")]
    Release(u16, u8),
    /// `no_gifts_while_jailed`: the package takes a deed (or an option on it) from a jailed
    /// party without paying him cash at acceptance or giving him a deed.
    #[error(
        "seat {} is in jail and may not give deed {deed} away: the deal must pay him cash now or give him a deed (no_gifts_while_jailed)",
        u16::from(*.seat) + 1
    )]
    Gift {
        /// The jailed party.
        seat: u8,
        /// The deed he would give.
        deed: u8,
    },
}

impl LaissezFaire {
    /// Whether `package` between `a` and `b` is legal now (B-17, see the module docs). A
    /// draft (`complete` false) may still lack its loan's repayment schedule and may be
    /// empty; a package sent or accepted may not.
    ///
    /// # Errors
    /// The first [`Refusal`] found.
    pub fn check_package(
        &self,
        s: &State,
        a: u8,
        b: u8,
        package: &Package,
        complete: bool,
    ) -> Result<(), Refusal> {
        let others = self.check_thirds(s, a, b, package)?;
        for seat in [a, b] {
            if !self.trades(s, seat) {
                return Err(Refusal::Party(seat));
            }
        }
        if complete && package.is_empty() {
            return Err(Refusal::Empty);
        }
        let mut owners = [0u8; SPACES];
        for (i, lot) in s.lots.0.iter().enumerate() {
            owners[i] = lot.owner;
        }
        let mut moved = 0u64;
        for item in package.iter() {
            match item.kind {
                Kind::Pay(when) => {
                    when.times().ok_or(Refusal::Schedule)?;
                    match when {
                        When::Lands(v) if usize::from(v.city()) >= self.board().cities.len() => {
                            return Err(Refusal::NoCity(v.city()));
                        }
                        When::LandsOn(p) if usize::from(p.space()) >= SPACES => {
                            return Err(Refusal::NoSpace(p.space()));
                        }
                        When::TurnsOf(o) if o.seat() == item.from || !self.trades(s, o.seat()) => {
                            return Err(Refusal::NotAnother(o.seat()));
                        }
                        _ => {}
                    }
                }
                Kind::Deed(d) => {
                    if d as usize >= SPACES || self.board().deeds & (1 << d) == 0 {
                        return Err(Refusal::NotADeed(d));
                    }
                    if moved & (1 << d) != 0 {
                        return Err(Refusal::DeedTwice(d));
                    }
                    if owners[d as usize] != item.from {
                        return Err(Refusal::NotHeld(d));
                    }
                    moved |= 1 << d;
                    owners[d as usize] = item.to;
                }
                Kind::Rule(rule, value) => self.check_rule(s, a, b, package, rule, value)?,
                Kind::Lend(_) | Kind::Repay(_) | Kind::Right(..) | Kind::Text(_) => {}
            }
            // A right may cap a rent or set a strike at nothing, a rule change names no sum;
            // a payment or a penalty is something.
            let least = u32::from(!matches!(item.kind, Kind::Right(..) | Kind::Rule(..)));
            if !matches!(item.kind, Kind::Deed(_)) && !(least..=MAX_PRICE).contains(&item.amount) {
                return Err(Refusal::Amount(item.amount));
            }
        }
        self.check_landings(package, &owners)?;
        let seats = || [a, b].into_iter().chain(seats_in(others));
        if complete {
            self.check_gifts(s, seats(), package)?;
        }
        self.check_loan(s, package, &owners, complete)?;
        self.check_rights(s, package, &owners)?;
        for seat in seats() {
            let net: i64 = package.iter().map(|i| i.cash_now(seat)).sum();
            let has = s.players[seat as usize].cash;
            if i64::from(has) + net < 0 {
                let needed = package
                    .iter()
                    .map(|i| (-i.cash_now(seat)).max(0))
                    .sum::<i64>();
                return Err(Refusal::Cash {
                    seat,
                    needed: needed as u64,
                    has,
                });
            }
        }
        let free = MAX_CONTRACTS - s.contracts.iter().count();
        if package.places() > free {
            return Err(Refusal::Table {
                needed: package.places(),
                free,
            });
        }
        Ok(())
    }

    /// The third parties' part of [`LaissezFaire::check_package`]: each clause is between
    /// `a` and `b`, except that other players may join it: a third party may stand at one
    /// end of a payment, a deed, a loan (its repayments run the other way) or a right, as
    /// long as one of the two parties stands at the other (a clause between two third
    /// parties would be a contract the two have no part in, made in their deal), and he may
    /// guarantee a payment on a schedule or a loan's repayments (never his own, nor one
    /// made to him, for a fee paid by its debtor). A promise and a rule change stay between
    /// the two (a rule change names the others as parties through their other clauses).
    /// Every third party is still in the game. Returns them, as a bit set.
    fn check_thirds(&self, s: &State, a: u8, b: u8, package: &Package) -> Result<u16, Refusal> {
        let party = |x: u8| x == a || x == b;
        for (place, item) in package.iter().enumerate() {
            let place = place as u8;
            let joined = match item.kind {
                Kind::Text(_) | Kind::Rule(..) => party(item.from) && party(item.to),
                _ => party(item.from) || party(item.to),
            };
            if !joined || item.from == item.to {
                return Err(Refusal::Parties(place));
            }
            if let Some(g) = item.guarantee() {
                if !item.guaranteeable() {
                    return Err(Refusal::NotGuaranteeable(place));
                }
                if g.seat == item.from || g.seat == item.to {
                    return Err(Refusal::Parties(place));
                }
                if g.fee > MAX_PRICE {
                    return Err(Refusal::Amount(g.fee));
                }
            }
        }
        let others = package.others(a, b);
        match seats_in(others).find(|&t| !self.trades(s, t)) {
            Some(t) => Err(Refusal::Party(t)),
            None => Ok(others),
        }
    }

    /// `no_gifts_while_jailed` (the author's later rule against giving property away before
    /// going out): a jailed player, a party or a third party, may part with a deed, or
    /// grant an option to buy one at no strike, only in a package that also pays him cash
    /// at acceptance (more than it takes from him then) or gives him a deed. Checked on the
    /// whole package, not on a draft, whose price may still be to come.
    fn check_gifts(
        &self,
        s: &State,
        seats: impl Iterator<Item = u8>,
        package: &Package,
    ) -> Result<(), Refusal> {
        for seat in seats {
            if !self.gifts_barred(s, seat) {
                continue;
            }
            let paid = package.iter().map(|i| i.cash_now(seat)).sum::<i64>() > 0;
            let gets_deed = package
                .iter()
                .any(|i| i.to == seat && matches!(i.kind, Kind::Deed(_)));
            if paid || gets_deed {
                continue;
            }
            let given = package.iter().find_map(|i| match i.kind {
                Kind::Deed(d) if i.from == seat => Some(d),
                Kind::Right(r, d)
                    if r.grant() == Grant::Option && i.from == seat && i.amount == 0 =>
                {
                    Some(d)
                }
                _ => None,
            });
            if let Some(deed) = given {
                return Err(Refusal::Gift { seat, deed });
            }
        }
        Ok(())
    }

    /// The landing payments' part of [`LaissezFaire::check_package`]: each payment on
    /// landings is paid to a player who, once the package's deeds have moved (`owners`),
    /// holds a deed in the city ("each time you land in my city") or the space itself
    /// ("each time you land on my Tile Row").
    fn check_landings(&self, package: &Package, owners: &[u8; SPACES]) -> Result<(), Refusal> {
        for item in package.iter() {
            match item.kind {
                Kind::Pay(When::Lands(v)) if !self.holds_in_city(owners, item.to, v.city()) => {
                    return Err(Refusal::NotTheirCity {
                        seat: item.to,
                        city: v.city(),
                    });
                }
                Kind::Pay(When::LandsOn(p)) if owners[usize::from(p.space())] != item.to => {
                    return Err(Refusal::NotTheirSpace {
                        seat: item.to,
                        space: p.space(),
                    });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether `seat` holds a deed in `city`, given each space's holder.
    pub(crate) fn holds_in_city(&self, owners: &[u8; SPACES], seat: u8, city: u8) -> bool {
        spaces_in(self.board().deeds).any(|d| {
            owners[d as usize] == seat && self.board().spaces[d as usize].city() == Some(city)
        })
    }

    /// A rule change's part of [`LaissezFaire::check_package`]: the rule changes (once in
    /// the package), and every player still in the game is one of the two parties or a
    /// third party the package names, who consents to it with the rest (every living
    /// player must be a party to a rule change).
    fn check_rule(
        &self,
        s: &State,
        a: u8,
        b: u8,
        package: &Package,
        rule: Rule,
        value: bool,
    ) -> Result<(), Refusal> {
        let changes = package
            .iter()
            .filter(|i| matches!(i.kind, Kind::Rule(r, _) if r == rule))
            .count();
        if s.rules.get(rule) == value || changes > 1 {
            return Err(Refusal::RuleAlready(rule, value));
        }
        self.outsider(s, a, b, package)
            .map_or(Ok(()), |o| Err(Refusal::Unanimity(o)))
    }

    /// A player still in the game who is neither `a`, `b` nor a third party `package`
    /// names, if any: a rule change in the package would need him too.
    pub(crate) fn outsider(&self, s: &State, a: u8, b: u8, package: &Package) -> Option<u8> {
        let others = package.others(a, b);
        (0..self.config().players as u8)
            .find(|&o| o != a && o != b && others & (1 << o) == 0 && self.trades(s, o))
    }

    /// The loan's part of [`LaissezFaire::check_package`]: one loan, one repayment schedule
    /// from its borrower to its lender, a collateral the borrower holds (`owners`: the
    /// deeds' holders once the package's deeds have moved) and no live loan holds.
    fn check_loan(
        &self,
        s: &State,
        package: &Package,
        owners: &[u8; SPACES],
        complete: bool,
    ) -> Result<(), Refusal> {
        let count = |f: fn(&Item) -> bool| package.iter().filter(|i| f(i)).count();
        if count(|i| matches!(i.kind, Kind::Lend(_))) > 1 {
            return Err(Refusal::TwoLoans);
        }
        if count(|i| matches!(i.kind, Kind::Repay(_))) > 1 {
            return Err(Refusal::TwoRepayments);
        }
        let loan = package.loan().map(|(_, l)| *l);
        match (loan, package.repayment()) {
            (None, Some(_)) => return Err(Refusal::NoLoan),
            (Some(l), Some(r)) if (r.from, r.to) != (l.to, l.from) => {
                return Err(Refusal::NoLoan);
            }
            (Some(_), None) if complete => return Err(Refusal::NoRepayment),
            _ => {}
        }
        if let Some(Kind::Repay(c)) = package.repayment().map(|r| r.kind) {
            if !c.valid() {
                return Err(Refusal::Schedule);
            }
        }
        if let Some(Item {
            kind: Kind::Lend(collateral),
            to: borrower,
            ..
        }) = loan
        {
            if collateral != NO_DEED {
                if collateral as usize >= SPACES || self.board().deeds & (1 << collateral) == 0 {
                    return Err(Refusal::NotADeed(collateral));
                }
                if s.contracts.pledged(collateral) {
                    return Err(Refusal::Pledged(collateral));
                }
                if owners[collateral as usize] != borrower {
                    return Err(Refusal::Collateral(collateral));
                }
            }
        }
        Ok(())
    }

    /// The rights' part of [`LaissezFaire::check_package`]: each granted by the deed's holder
    /// once the package's deeds have moved (`owners`), a lodging right only at a property,
    /// and none its holder has already.
    fn check_rights(
        &self,
        s: &State,
        package: &Package,
        owners: &[u8; SPACES],
    ) -> Result<(), Refusal> {
        for (i, item) in package.iter().enumerate() {
            let Kind::Right(right, d) = item.kind else {
                continue;
            };
            if d as usize >= SPACES || self.board().deeds & (1 << d) == 0 {
                return Err(Refusal::NotADeed(d));
            }
            if owners[d as usize] != item.from {
                return Err(Refusal::NotHeld(d));
            }
            let held = match right.grant() {
                Grant::Lodging => {
                    if self.reference_rent(s, d).is_none() {
                        return Err(Refusal::NotAProperty(d));
                    }
                    s.contracts.lodging_cap(item.to, d).is_some()
                }
                Grant::Option => s.contracts.option_on(item.to, d).is_some(),
                Grant::Service => {
                    if (self.board().transits | self.board().utilities) & (1 << d) == 0 {
                        return Err(Refusal::NotAService(d));
                    }
                    s.contracts.service_price(item.to, d, 0).is_some()
                }
            };
            let again = package.iter().take(i).any(|o| {
                o.to == item.to
                    && matches!(o.kind, Kind::Right(r, x) if x == d && r.same_kind(right))
            });
            if held || again {
                return Err(Refusal::RightTwice(d));
            }
        }
        Ok(())
    }

    /// Executes `package` between `author` and `answerer` atomically: it is checked whole
    /// ([`LaissezFaire::check_package`]), then the cash due at acceptance moves (each
    /// party's net), the deeds move with their buildings and attached rights, and each
    /// standing clause becomes a live contract under the package's number.
    ///
    /// # Errors
    /// The [`Refusal`] that stopped it; the state is then unchanged.
    pub fn execute_package(
        &self,
        s: &mut State,
        author: u8,
        answerer: u8,
        package: &Package,
    ) -> Result<u16, Refusal> {
        self.check_package(s, author, answerer, package, true)?;
        let id = s.ledger.made + 1;
        let net_of_author: i64 = package.iter().map(|i| i.cash_now(author)).sum();
        let others = seats_in(package.others(author, answerer));
        for seat in [author, answerer].into_iter().chain(others) {
            let net: i64 = package.iter().map(|i| i.cash_now(seat)).sum();
            let p = &mut s.players[seat as usize];
            p.cash = (i64::from(p.cash) + net).min(i64::from(u32::MAX)) as u32;
        }
        for item in package.iter() {
            match item.kind {
                Kind::Pay(When::Now) => {
                    s.ledger.paid += u64::from(item.amount);
                    s.ledger.payments += 1;
                }
                Kind::Lend(_) => s.ledger.lent += u64::from(item.amount),
                Kind::Deed(d) => {
                    s.lots.0[d as usize].owner = item.to;
                    self.follow_deed(s, d, item.to);
                }
                Kind::Rule(rule, value) => s.rules.set(rule, value),
                Kind::Pay(_) | Kind::Repay(_) | Kind::Right(..) | Kind::Text(_) => {}
            }
        }
        if package
            .iter()
            .any(|i| i.immediate() || matches!(i.kind, Kind::Lend(_)))
        {
            s.quiet = false;
        }
        for (part, item) in package.iter().enumerate() {
            if let Some(c) = self.standing_contract(package, item, id, part as u8) {
                s.contracts.insert(c);
            }
        }
        s.ledger.made = id;
        let (from, to) = if net_of_author <= 0 {
            (author, answerer)
        } else {
            (answerer, author)
        };
        self.log(
            s,
            id,
            Entry::Made,
            from,
            to,
            net_of_author.unsigned_abs() as u32,
        );
        Ok(id)
    }

    /// The live contract a standing clause of `package` becomes (`None` for a clause done at
    /// acceptance, and for the repayment schedule, which is part of its loan's contract).
    fn standing_contract(
        &self,
        package: &Package,
        item: &Item,
        id: u16,
        part: u8,
    ) -> Option<Contract> {
        let contract = |clause, instalment, left, every| Contract {
            id,
            part,
            payer: item.from,
            payee: item.to,
            clause,
            instalment,
            left,
            arrears: 0,
            every,
            wait: every,
            guarantor: item.guarantee().map(|g| g.seat),
            uses: false,
        };
        match item.kind {
            Kind::Pay(When::Rounds(c)) => Some(contract(
                Clause::Schedule(Due::EachRound),
                item.amount,
                c.times(),
                c.every(),
            )),
            Kind::Pay(When::Starts(n)) => Some(contract(
                Clause::Schedule(Due::EachStart),
                item.amount,
                n,
                1,
            )),
            Kind::Pay(When::Stays(n)) => {
                Some(contract(Clause::Schedule(Due::EachStay), item.amount, n, 1))
            }
            Kind::Pay(When::Turns(n)) => {
                Some(contract(Clause::Schedule(Due::EachTurn), item.amount, n, 1))
            }
            Kind::Pay(When::TurnsOf(o)) => Some(contract(
                Clause::Schedule(Due::EachTurnOf(o.seat())),
                item.amount,
                o.times(),
                1,
            )),
            Kind::Pay(When::Lands(v)) => Some(contract(
                Clause::Schedule(Due::EachLanding(v.city())),
                item.amount,
                v.times(),
                1,
            )),
            Kind::Pay(When::LandsOn(p)) => Some(contract(
                Clause::Schedule(Due::EachLandingOn(p.space())),
                item.amount,
                p.times(),
                1,
            )),
            Kind::Lend(collateral) => {
                let repay = package.repayment()?;
                let Kind::Repay(c) = repay.kind else {
                    return None;
                };
                let loan = Clause::Loan {
                    collateral,
                    principal: item.amount,
                    times: c.times(),
                };
                // The borrower owes; the lender is owed; the repayments' guarantor, if
                // any, guarantees the loan.
                Some(Contract {
                    payer: item.to,
                    payee: item.from,
                    guarantor: repay.guarantee().map(|g| g.seat),
                    ..contract(loan, repay.amount, c.times(), c.every())
                })
            }
            // A right's holder is the contract's payer, its grantor the payee (see
            // [`Contract`]); it follows the deed like the templates' rights.
            Kind::Right(right, d) => {
                let clause = match right.grant() {
                    Grant::Lodging => Clause::Lodging {
                        property: d,
                        cap: item.amount,
                        refusable: right.refusable(),
                        raisable: right.raisable(),
                    },
                    Grant::Option => Clause::Option {
                        deed: d,
                        strike: item.amount,
                    },
                    Grant::Service => Clause::PriceCap {
                        space: d,
                        cap: item.amount,
                    },
                };
                Some(Contract {
                    payer: item.to,
                    payee: item.from,
                    uses: right.span().uses(),
                    ..contract(clause, 0, right.span().count(), 1)
                })
            }
            // The promiser is the contract's payer, as in the templates' free text.
            Kind::Text(note) => Some(contract(
                Clause::Text {
                    note,
                    penalty: item.amount,
                    disputed: false,
                },
                0,
                LODGING_ROUNDS,
                1,
            )),
            Kind::Pay(When::Now) | Kind::Deed(_) | Kind::Repay(_) | Kind::Rule(..) => None,
        }
    }

    /// The slot of the live clause `#id.part` that `seat` may release: it benefits `seat`
    /// ([`Contract::beneficiary`]).
    ///
    /// # Errors
    /// [`Refusal::Release`] when there is none.
    pub fn releasable(&self, s: &State, seat: Seat, id: u16, part: u8) -> Result<usize, Refusal> {
        s.contracts
            .0
            .iter()
            .position(|c| {
                c.is_some_and(|c| {
                    c.id == id && c.part == part && usize::from(c.beneficiary()) == seat
                })
            })
            .ok_or(Refusal::Release(id, part))
    }

    /// Releases the live clause `#id.part` (see [`LaissezFaire::releasable`]): the
    /// obligation ends, with its arrears; a released loan frees its collateral.
    pub(crate) fn release(&self, s: &mut State, seat: Seat, id: u16, part: u8) {
        let Ok(slot) = self.releasable(s, seat, id, part) else {
            return;
        };
        let Some(c) = s.contracts.0[slot].take() else {
            return;
        };
        let other = if c.payer as usize == seat {
            c.payee
        } else {
            c.payer
        };
        self.log(s, id, Entry::Released, seat as u8, other, u32::from(part));
    }
}
