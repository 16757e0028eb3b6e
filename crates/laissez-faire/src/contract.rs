//! Contracts and the notary (ruling B6), in their first slice: structured clauses from a
//! small menu of templates ([`Term`]), proposed and accepted through the trade-thread
//! protocol ([`crate::trade`]), kept in the state ([`Contracts`], at most [`MAX_CONTRACTS`]
//! live at once) and enforced by the engine, which also keeps the [`Ledger`].
//!
//! Every template is written from the proposer's side:
//!
//! * [`Term::Pay`]: the proposer pays the other party a sum now.
//! * [`Term::Schedule`]: the proposer pays the other party a sum at each due event
//!   ([`Due`]: each round, or each time the proposer passes Start), [`INSTALMENTS`] times.
//! * [`Term::Borrow`]: the other party lends the proposer a sum now; the proposer repays
//!   [`REPAYMENT_PERCENT`]% of it in [`INSTALMENTS`] equal instalments, one each round, with
//!   one of his deeds (or none) as collateral.
//! * [`Term::Buy`]: the proposer buys one of the other party's deeds now and pays for it in
//!   instalments, the deed pledged to the seller until paid (a deed transfer with an
//!   obligation attached).
//! * [`Term::Lodging`]: a standing lodging right for the proposer at one of the other
//!   party's properties for [`LODGING_ROUNDS`] rounds, at a rent capped at a share of the
//!   reference rent; the owner may not refuse him (capacity still applies, B-17).
//! * [`Term::Service`]: a price cap for the proposer on the other party's transit company or
//!   utility for [`LODGING_ROUNDS`] rounds, at a share of the reference fare or fee (B6
//!   `SERVICE_PRICE`); the owner may not refuse him.
//! * [`Term::Option`]: two clauses in one contract: the proposer pays a premium now (B6
//!   `PAY`) for the right to buy the other party's deed at a strike price, a share of the
//!   deed's value when the option is made, at any of his management windows within
//!   [`LODGING_ROUNDS`] rounds (B6 `OPTION`).
//!
//! * [`Term::Rule`]: a unanimous rule change (B-19): every player still in the game must
//!   accept, one after another, and the rule ([`Rule`]) then changes for the rest of the
//!   game. Only engine flags change this way.
//!
//! * [`Term::Text`]: a free-text clause (B6: behavioural promises, alliances, "fair" terms),
//!   whose words are written by the proposer and kept in the game record
//!   ([`gameshelf_engine::Record::texts`]); the notary records it and shows it but cannot
//!   judge it. For [`LODGING_ROUNDS`] rounds either party may claim a breach once; the
//!   players who are not parties judge the claim by majority (B-18), and an upheld claim
//!   awards the penalty the clause names.
//!
//! Rights (lodging, service, options) are attached to their deed: they follow it to a new
//! owner (B-20), and end if their holder acquires it. So does a loan's collateral: a pledged
//! deed may be sold, and the buyer takes it with the pledge (B-20: "cannot be sold without
//! passing those obligations along").
//!
//! The notary checks legality when a contract is made and each time an obligation comes
//! due, and executes each payment atomically (all of it or nothing). A payment that cannot
//! be made is a *default*: a loan with its collateral still in the borrower's hands hands the
//! deed to the lender and ends; otherwise the missed amount becomes arrears, a debt that
//! counts against the debtor's net worth (B-NW) and is due again with the next obligation,
//! or at each later round once the schedule has run out.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::price::Share;

/// Live contracts at once; a proposal while every slot is taken is not legal.
pub const MAX_CONTRACTS: usize = 16;

/// Instalments of a scheduled payment or a loan.
pub const INSTALMENTS: u8 = 5;

/// A loan's repayments in total, as a percentage of the principal (10% interest).
pub const REPAYMENT_PERCENT: u32 = 110;

/// Rounds a lodging right lasts.
pub const LODGING_ROUNDS: u8 = 10;

/// Ledger entries kept (the oldest are overwritten; the counts keep everything).
pub const LEDGER_LEN: usize = 16;

/// "No collateral" in [`Term::Borrow`].
pub const NO_DEED: u8 = u8::MAX;

/// A sum of money from the contract menu.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Sum {
    /// $50.
    #[default]
    S50,
    /// $100.
    S100,
    /// $200.
    S200,
    /// $500.
    S500,
}

impl Sum {
    /// Every sum, in order.
    pub const ALL: [Sum; 4] = [Sum::S50, Sum::S100, Sum::S200, Sum::S500];

    /// The amount in dollars.
    pub fn dollars(self) -> u32 {
        match self {
            Sum::S50 => 50,
            Sum::S100 => 100,
            Sum::S200 => 200,
            Sum::S500 => 500,
        }
    }
}

/// When a scheduled payment comes due.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Due {
    /// At the start of each round.
    #[default]
    EachRound,
    /// Each time the payer's token passes (or lands on) Start.
    EachStart,
    /// Each time the payer stays in his room instead of moving (e.g. a tenant's side of a
    /// deal with his landlord).
    EachStay,
    /// At the start of each of the payer's turns (a package's schedule; the templates'
    /// menu, [`Due::ALL`], does not list it).
    EachTurn,
    /// At the start of each of this other player's turns (a package's schedule).
    EachTurnOf(u8),
    /// Each time the payer's token lands by the dice in this city (a package's schedule,
    /// not in the templates' menu either).
    EachLanding(u8),
    /// Each time the payer's token lands by the dice on this space (a package's schedule).
    EachLandingOn(u8),
}

impl Due {
    /// Every due event, in order.
    pub const ALL: [Due; 3] = [Due::EachRound, Due::EachStart, Due::EachStay];

    /// The event in words: "each round", "at each Start", "at each stay".
    pub fn words(self) -> &'static str {
        match self {
            Due::EachRound => "each round",
            Due::EachStart => "at each Start",
            Due::EachStay => "at each stay",
            Due::EachTurn => "at each of his turns",
            Due::EachTurnOf(_) => "at each of another player's turns",
            Due::EachLanding(_) => "at each landing in the city",
            Due::EachLandingOn(_) => "at each landing on the space",
        }
    }
}

/// What brings scheduled payments due: the start of a round, or an event of one player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occasion {
    /// A round begins: instalments, loan repayments and rights' countdowns.
    Round,
    /// This seat's token passed Start.
    Start(u8),
    /// This seat stayed.
    Stay(u8),
    /// This seat's turn began.
    Turn(u8),
    /// This seat's token landed by the dice in this city.
    Land(u8, u8),
    /// This seat's token landed by the dice on this space.
    LandOn(u8, u8),
}

/// A rule the players may change by a unanimous contract (B-19): one of the engine's flags
/// that can change mid-game without breaking anything already agreed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rule {
    /// Doubles rolled while staying give the extra roll-turn (`stay_doubles_bonus`, B-09).
    StayDoublesBonus,
    /// Staying is allowed after a race declaration (`final_lap_stay`, B5).
    FinalLapStay,
    /// The bank's fare counts the companies it owns (`bank_fare=by_bank_count`, B-07);
    /// off, it charges the one-company fare.
    BankFareByCount,
}

impl Rule {
    /// Every rule, in order.
    pub const ALL: [Rule; 3] = [
        Rule::StayDoublesBonus,
        Rule::FinalLapStay,
        Rule::BankFareByCount,
    ];

    /// The flag's name as a parameter.
    pub fn name(self) -> &'static str {
        match self {
            Rule::StayDoublesBonus => "stay_doubles_bonus",
            Rule::FinalLapStay => "final_lap_stay",
            Rule::BankFareByCount => "bank_fare_by_bank_count",
        }
    }
}

/// The current values of the rules the players may change ([`Rule`]), set from the
/// configuration at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// [`Rule::StayDoublesBonus`].
    pub stay_doubles_bonus: bool,
    /// [`Rule::FinalLapStay`].
    pub final_lap_stay: bool,
    /// [`Rule::BankFareByCount`].
    pub fare_by_bank_count: bool,
}

impl Rules {
    /// A rule's value.
    pub fn get(&self, rule: Rule) -> bool {
        match rule {
            Rule::StayDoublesBonus => self.stay_doubles_bonus,
            Rule::FinalLapStay => self.final_lap_stay,
            Rule::BankFareByCount => self.fare_by_bank_count,
        }
    }

    /// Sets a rule.
    pub fn set(&mut self, rule: Rule, value: bool) {
        match rule {
            Rule::StayDoublesBonus => self.stay_doubles_bonus = value,
            Rule::FinalLapStay => self.final_lap_stay = value,
            Rule::BankFareByCount => self.fare_by_bank_count = value,
        }
    }
}

/// A contract template from the proposer's side (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Term {
    /// The proposer pays the sum now.
    Pay(Sum),
    /// The proposer pays the sum at each due event, [`INSTALMENTS`] times.
    Schedule(Sum, Due),
    /// The proposer borrows the sum, with this deed of his as collateral ([`NO_DEED`]: none).
    Borrow(Sum, u8),
    /// The proposer buys this deed of the other party now and pays the sum for it in
    /// [`INSTALMENTS`] equal instalments, one each round, the deed pledged to the seller
    /// until it is paid for (B6 `TRANSFER_DEED` with a `LOAN` attached: a seller-financed
    /// sale; a missed instalment hands the deed back).
    Buy(u8, Sum),
    /// The proposer gets a lodging right at this property of the other party, at a rent
    /// capped at this share of the reference rent ([`Share::Half`] or [`Share::Par`]).
    Lodging(u8, Share),
    /// The proposer gets a price cap at this share ([`Share::Half`] or [`Share::Par`]) of
    /// the reference price on the other party's transit company or utility.
    Service(u8, Share),
    /// The proposer pays the sum now for an option to buy the other party's deed at this
    /// share of its value (from [`Share::TRADE`], above nothing).
    Option(u8, Share, Sum),
    /// Every player still in the game agrees to set this rule to this value.
    Rule(Rule, bool),
    /// A free-text clause: the game's text number (the record's text of that number holds
    /// its words) and the penalty for a breach the arbiters uphold.
    Text(u8, Sum),
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Pay(s) => write!(f, "pay ${} now", s.dollars()),
            Term::Schedule(s, due) => write!(
                f,
                "pay ${} {}, {INSTALMENTS} times",
                s.dollars(),
                due.words()
            ),
            Term::Borrow(s, NO_DEED) => write!(f, "borrow ${} without collateral", s.dollars()),
            Term::Borrow(s, d) => write!(f, "borrow ${} against deed {d}", s.dollars()),
            Term::Buy(d, s) => write!(f, "buy deed {d} for ${} in instalments", s.dollars()),
            Term::Lodging(p, cap) => write!(f, "lodging right at {p} capped at {cap}"),
            Term::Service(p, cap) => write!(f, "price cap at {p} of {cap}"),
            Term::Text(note, penalty) => write!(
                f,
                "free-text clause #{note}, penalty ${}",
                penalty.dollars()
            ),
            Term::Rule(rule, value) => write!(f, "rule change: {} = {value}", rule.name()),
            Term::Option(d, strike, premium) => write!(
                f,
                "option on {d} at {strike} of its value for ${}",
                premium.dollars()
            ),
        }
    }
}

/// What a live contract obliges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Clause {
    /// `payer` pays `payee` an instalment at each due event.
    Schedule(Due),
    /// `payer` (the borrower) repays `payee` (the lender) an instalment each round; the
    /// deed (or [`NO_DEED`]) is the collateral.
    Loan {
        /// The collateral deed.
        collateral: u8,
        /// The principal lent.
        principal: u32,
        /// Instalments in all ([`INSTALMENTS`] for a template loan; a package's schedule
        /// says).
        times: u8,
    },
    /// `payer` (the holder) may lodge at the property owned by `payee` at a rent of at
    /// most `cap`.
    Lodging {
        /// The property.
        property: u8,
        /// The rent cap in dollars.
        cap: u32,
        /// The owner may refuse a lodging (B6 `owner_may_refuse`): the room is then
        /// bargained, at most at the cap, instead of listed at it. A stay's rent is never
        /// refused.
        #[serde(default)]
        refusable: bool,
        /// The owner may raise a stay's rent above the last rent paid, up to the cap (B6
        /// `owner_may_raise`); without it a stay costs at most the last rent, as for anyone.
        #[serde(default)]
        raisable: bool,
    },
    /// `payer` (the holder) pays at most this share of the reference price on the transit
    /// company or utility owned by `payee`.
    Service {
        /// The transit company or utility.
        space: u8,
        /// The cap, as a share of the reference fare or fee (which depends on the roll and
        /// on the companies the owner holds, so it is kept as a share).
        cap: Share,
    },
    /// `payer` (the holder) rides the transit company, or pays the utility's fee, owned by
    /// `payee` at the reference price but at most `cap` dollars (a package's price cap;
    /// B6 `SERVICE_PRICE`); the owner may not refuse him.
    PriceCap {
        /// The transit company or utility.
        space: u8,
        /// The cap in dollars.
        cap: u32,
    },
    /// A free-text clause between `payer` (its author) and `payee`, judged by the other
    /// players when either party claims a breach.
    Text {
        /// The game's text number (see [`Term::Text`]).
        note: u8,
        /// The penalty for an upheld breach, in dollars.
        penalty: u32,
        /// A breach was claimed already (one claim per clause).
        disputed: bool,
    },
    /// `payer` (the holder) may buy `deed` from `payee` for `strike`.
    Option {
        /// The deed.
        deed: u8,
        /// The price in dollars.
        strike: u32,
    },
}

impl Clause {
    /// The deed a right is attached to (lodging, service, option), which it follows to a
    /// new owner; `None` for payments and loans.
    pub fn right_at(&self) -> Option<u8> {
        match *self {
            Clause::Lodging { property, .. } => Some(property),
            Clause::Service { space, .. } | Clause::PriceCap { space, .. } => Some(space),
            Clause::Option { deed, .. } => Some(deed),
            Clause::Schedule(_) | Clause::Loan { .. } | Clause::Text { .. } => None,
        }
    }
}

/// A live contract: a small `Copy` value kept by the notary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The notary's number (1, 2, ... in the order contracts were made). The standing
    /// clauses of one package share it.
    pub id: u16,
    /// The clause's place in its package ([`crate::package`]; 0 for a template contract):
    /// with [`Contract::id`], what a release names.
    #[serde(default)]
    pub part: u8,
    /// The party who owes (payer, borrower) or holds the right.
    pub payer: u8,
    /// The party who is owed (payee, lender) or grants the right (the property owner).
    pub payee: u8,
    /// The clause.
    pub clause: Clause,
    /// The amount of each instalment (0 for a lodging right).
    pub instalment: u32,
    /// Instalments (or, for a right, rounds or uses: [`Contract::uses`]) still to come.
    pub left: u8,
    /// Missed amounts not yet paid: a debt of the payer.
    pub arrears: u32,
    /// Rounds between instalments of a payment due by the round (a schedule each round, a
    /// loan): 1 for the templates, any for a package's schedule.
    #[serde(default = "one")]
    pub every: u8,
    /// Rounds until the next such instalment.
    #[serde(default = "one")]
    pub wait: u8,
    /// A third party who pays what the payer misses at a due date (a package's guarantee,
    /// [`crate::package::Guarantee`]); the default rules apply only when he cannot pay
    /// either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantor: Option<u8>,
    /// A right that lasts a number of uses ([`crate::package::Span::Uses`]): `left` counts
    /// its holder's uses down instead of the rounds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub uses: bool,
}

fn one() -> u8 {
    1
}

impl Contract {
    /// The loan principal still outstanding (`0` for other clauses): the principal times
    /// the share of instalments still to come.
    pub fn principal_outstanding(&self) -> u32 {
        match self.clause {
            Clause::Loan {
                principal, times, ..
            } => (u64::from(principal) * u64::from(self.left) / u64::from(times.max(1))) as u32,
            _ => 0,
        }
    }

    /// The party the contract benefits, who may release it (B6: it binds "until it is
    /// fulfilled or RELEASEd by the parties who benefit"): the payee of a payment or a loan
    /// and the party a free-text promise was made to, the holder of a right.
    pub fn beneficiary(&self) -> u8 {
        match self.clause {
            Clause::Schedule(_) | Clause::Loan { .. } | Clause::Text { .. } => self.payee,
            Clause::Lodging { .. }
            | Clause::Service { .. }
            | Clause::PriceCap { .. }
            | Clause::Option { .. } => self.payer,
        }
    }

    /// What the payer owes the payee for net worth (B-NW): outstanding loan principal plus
    /// arrears.
    pub fn owed(&self) -> u32 {
        self.principal_outstanding() + self.arrears
    }

    /// Whether the contract still binds anyone.
    pub fn live(&self) -> bool {
        self.left > 0 || self.arrears > 0
    }
}

/// The live contracts, in fixed slots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contracts(pub [Option<Contract>; MAX_CONTRACTS]);

impl Contracts {
    /// The live contracts.
    pub fn iter(&self) -> impl Iterator<Item = &Contract> {
        self.0.iter().flatten()
    }

    /// Whether a slot is free.
    pub fn has_room(&self) -> bool {
        self.0.iter().any(Option::is_none)
    }

    /// Records a contract in a free slot; `false` (nothing changed) when none is free.
    pub fn insert(&mut self, c: Contract) -> bool {
        match self.0.iter_mut().find(|c| c.is_none()) {
            Some(slot) => {
                *slot = Some(c);
                true
            }
            None => false,
        }
    }

    /// Whether `deed` is pledged as collateral in a live loan.
    pub fn pledged(&self, deed: u8) -> bool {
        self.iter()
            .any(|c| matches!(c.clause, Clause::Loan { collateral, .. } if collateral == deed))
    }

    /// `seat`'s lodging right at `property`, if it holds one.
    pub fn lodging_right(&self, seat: u8, property: u8) -> Option<&Contract> {
        self.iter().find(|c| {
            matches!(c.clause, Clause::Lodging { property: p, .. } if p == property)
                && c.payer == seat
        })
    }

    /// What `seat` pays on the transit company or utility `space` whose reference price is
    /// `reference`, if it holds a price cap there: the template's share of the reference,
    /// or the reference up to a package's cap in dollars.
    pub fn service_price(&self, seat: u8, space: u8, reference: u32) -> Option<u32> {
        self.iter().find_map(|c| match c.clause {
            _ if c.payer != seat => None,
            Clause::Service { space: x, cap } if x == space => Some(cap.of(reference)),
            Clause::PriceCap { space: x, cap } if x == space => Some(cap.min(reference)),
            _ => None,
        })
    }

    /// The live free-text clause with text number `note`, if any.
    pub fn text(&self, note: u8) -> Option<&Contract> {
        self.iter()
            .find(|c| matches!(c.clause, Clause::Text { note: n, .. } if n == note))
    }

    /// `seat`'s option on `deed`, if it holds one.
    pub fn option_on(&self, seat: u8, deed: u8) -> Option<&Contract> {
        self.iter().find(|c| {
            matches!(c.clause, Clause::Option { deed: d, .. } if d == deed) && c.payer == seat
        })
    }

    /// The rent cap of `seat`'s lodging right at `property`, if it holds one.
    pub fn lodging_cap(&self, seat: u8, property: u8) -> Option<u32> {
        match self.lodging_right(seat, property)?.clause {
            Clause::Lodging { cap, .. } => Some(cap),
            _ => None,
        }
    }
}

/// What a ledger entry records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// Unused slot.
    #[default]
    None,
    /// A contract was made (with the amount that changed hands at once).
    Made,
    /// A payment made under a contract.
    Paid,
    /// Rent paid under a lodging right (at most its cap; counted as rent, not in
    /// [`Ledger::paid`]).
    Rent,
    /// A payment was missed: the amount became arrears.
    Default,
    /// A payment was missed and the collateral deed went to the lender.
    Collateral,
    /// An option was exercised: the strike paid for the deed (in [`Line::amount`]).
    Exercised,
    /// The arbiters upheld a claimed breach of a free-text clause: `from` owes `to` the
    /// penalty (in [`Line::amount`]).
    Upheld,
    /// The arbiters dismissed a claimed breach (`from` the accused, `to` the claimant).
    Dismissed,
    /// The beneficiary (`from`) released the other party (`to`) from a contract's clause
    /// (its place in the package in [`Line::amount`]).
    Released,
    /// The payer missed a payment and its guarantor (`from`) paid it to the payee (`to`).
    Guaranteed,
}

/// One line of the ledger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The round it happened in.
    pub round: u32,
    /// The contract's number.
    pub id: u16,
    /// What happened.
    pub entry: Entry,
    /// The paying (or defaulting) seat.
    pub from: u8,
    /// The receiving seat.
    pub to: u8,
    /// Dollars (for [`Entry::Collateral`], the deed).
    pub amount: u32,
}

/// The notary's ledger: counts of everything, and the last [`LEDGER_LEN`] lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// Contracts made so far (the last contract's number).
    pub made: u16,
    /// Payments made under contracts.
    pub payments: u32,
    /// Dollars paid under contracts: payments now, scheduled payments and loan repayments
    /// (not loan principal, which is lent, nor capped rent, which is rent).
    pub paid: u64,
    /// Dollars lent.
    pub lent: u64,
    /// Missed payments.
    pub defaults: u32,
    /// The latest lines, oldest first once [`LEDGER_LEN`] have been written (a ring).
    pub lines: [Line; LEDGER_LEN],
    /// Lines written so far.
    pub written: u32,
}

impl Ledger {
    /// Appends a line, overwriting the oldest when the ring is full.
    pub fn push(&mut self, line: Line) {
        self.lines[self.written as usize % LEDGER_LEN] = line;
        self.written += 1;
    }

    /// The kept lines, oldest first.
    pub fn recent(&self) -> impl Iterator<Item = &Line> {
        let n = self.written as usize;
        let start = n.saturating_sub(LEDGER_LEN);
        (start..n).map(move |i| &self.lines[i % LEDGER_LEN])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_small() {
        assert!(std::mem::size_of::<Term>() <= 4);
    }

    #[test]
    fn the_ledger_ring_keeps_the_latest_lines() {
        let mut l = Ledger::default();
        for i in 0..(LEDGER_LEN as u32 + 3) {
            l.push(Line {
                round: i,
                ..Line::default()
            });
        }
        let rounds: Vec<u32> = l.recent().map(|x| x.round).collect();
        assert_eq!(rounds.len(), LEDGER_LEN);
        assert_eq!(rounds[0], 3);
        assert_eq!(*rounds.last().unwrap(), LEDGER_LEN as u32 + 2);
    }

    #[test]
    fn outstanding_principal_follows_the_instalments() {
        let c = Contract {
            id: 1,
            payer: 0,
            payee: 1,
            part: 0,
            clause: Clause::Loan {
                collateral: NO_DEED,
                principal: 500,
                times: INSTALMENTS,
            },
            instalment: 110,
            left: 2,
            arrears: 30,
            every: 1,
            wait: 1,
            guarantor: None,
            uses: false,
        };
        assert_eq!(c.principal_outstanding(), 200);
        assert_eq!(c.owed(), 230);
    }
}
