//! Packages: offers made of clauses in any combination and either direction (ruling B6),
//! negotiated as a *deal* ([`crate::deal::Deal`]) whose draft lives in the state.
//!
//! A package is "Tile Row plus $100 for your railway", "you pay me $40 every round for 6
//! rounds", "I lend you $300 at $70 a round for 5 rounds against your deed X" or "I sell you
//! deed X for $200 now and $50 a round four times". Its clauses ([`Item`]) are:
//!
//! * a payment ([`Kind::Pay`]) by either party to the other, of any whole number of dollars,
//!   now or on a schedule ([`When`]): every `k` rounds `n` times ([`Cadence`]), or at each of
//!   the payer's passes of Start, at each of his stays, at the start of each of his turns
//!   or of another player's ([`OtherTurns`]), at each of his landings by the dice in a city
//!   ([`Visits`]) or on one space ([`Spot`]), `n` times;
//! * a deed ([`Kind::Deed`]) that goes from whichever party holds it to the other, with its
//!   buildings and the rights and pledges attached to it (B-20);
//! * a loan ([`Kind::Lend`]): either party lends the other a principal now, against one of
//!   the borrower's deeds or none, and the borrower repays it on the package's repayment
//!   schedule ([`Kind::Repay`]: an instalment every `k` rounds, `n` times), whatever
//!   interest the two agree;
//! * a right ([`Kind::Right`]) the holder of a deed grants the other party on it for 1 to
//!   [`MAX_ROUNDS`] rounds or, for what can be used again, 1 to [`MAX_USES`] uses
//!   ([`Right`], [`Span`]): a lodging right at a property at a rent of at most any sum,
//!   which the owner may not exceed and may not refuse (or, as the parties agree, may
//!   refuse, and may raise a stay's rent up to the cap), a price cap of any sum on a
//!   transit company's fare or a utility's fee, or an option to buy the deed at a strike of
//!   any sum;
//! * a free-text promise ([`Kind::Text`]) by either party, with a penalty of any sum, whose
//!   words the record keeps and which the other players judge on a claim of breach;
//! * a rule change ([`Kind::Rule`]), when every player still in the game is a party to the
//!   package: one of the two, or a third party it names (every player still in the game
//!   must agree to one).
//!
//! A package is a deal between two players, but other players may join it (the text's
//! "any contract"): at one end ([`Item::from`] or [`Item::to`]) of a payment, a deed, the
//! loan (and so its repayments) or a right, whose other end is one of the two parties:
//! paying or being paid, giving or receiving a deed, lending or borrowing, granting a right
//! on his own deed or holding one; or as the guarantor of a payment on a schedule or of the
//! loan's repayments ([`Guarantee`]). A promise and a rule change stay between the two.
//! The third parties consent one after another, in seat order, after the answerer accepts
//! ([`crate::deal::Deal::consent`]).
//!
//! # Why a draft in the state
//!
//! Terms are free, so an offer does not fit a finite list of actions. Two designs keep the
//! game's records exact: store each package once in the record beside the actions (as
//! free-text clauses are), or build it in the state one clause at a time, each clause an
//! action. The second is chosen: every action stays a small `Copy` value naming at most one
//! sum ([`gameshelf_engine::Game::amount`]), so a front end builds a clause the way it names
//! a price (pick a representative move, type the dollars), search and random play walk the
//! same short lists as for any other move, and a record is nothing but its actions. The
//! price is a few more actions per deal and a bound on them: a draft holds at most
//! [`MAX_CLAUSES`] clauses and takes at most [`MAX_EDITS`] additions and strikes, and a deal
//! at most [`crate::trade::MAX_COUNTERS`] counters, so games stay finite.
//!
//! The clauses are kept with absolute seats ([`Item::from`], [`Item::to`]): the package means
//! the same thing whoever looks at it, and a counter (the roles swap) keeps its clauses as
//! they are. Actions name the parties relative to the drafter ([`Side`]), since the drafter is
//! always one of the two.
//!
//! The notary (`crate::notary`) checks a clause when it is drafted, the whole package when it
//! is sent and again when it is accepted, and executes it atomically.

use serde::{Deserialize, Serialize};

use crate::board::SPACES;
use crate::contract::{LODGING_ROUNDS, Rule};
use crate::game::spaces_in;

/// Clauses a package holds at most.
pub const MAX_CLAUSES: usize = 6;

/// Additions and strikes a draft takes at most (each counter starts a new draft).
pub const MAX_EDITS: u8 = 12;

/// A party of a clause, from the drafter's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The drafter pays, gives or lends.
    Mine,
    /// The other party pays, gives or lends.
    Yours,
}

/// A round schedule: every `every` rounds (1 to 15), `times` times (1 to 15), packed in one
/// byte so that a payment clause and its sum fit an action of eight bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cadence(u8);

impl Cadence {
    /// The most rounds between instalments, and the most instalments.
    pub const MAX: u8 = 15;

    /// Every `every` rounds, `times` times; `None` outside 1 to [`Cadence::MAX`].
    pub const fn new(every: u8, times: u8) -> Option<Cadence> {
        if every == 0 || times == 0 || every > Cadence::MAX || times > Cadence::MAX {
            None
        } else {
            Some(Cadence(every << 4 | times))
        }
    }

    /// Rounds between instalments.
    pub const fn every(self) -> u8 {
        self.0 >> 4
    }

    /// Instalments.
    pub const fn times(self) -> u8 {
        self.0 & 0xF
    }

    /// Whether the value was made by [`Cadence::new`] (deserialised values may not be).
    pub const fn valid(self) -> bool {
        self.every() > 0 && self.times() > 0
    }

    /// "every round, 5 times", "every 2 rounds, 3 times".
    pub fn words(self) -> String {
        match self.every() {
            1 => format!("every round, {} times", self.times()),
            k => format!("every {k} rounds, {} times", self.times()),
        }
    }
}

/// When a payment is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum When {
    /// At acceptance, with the rest of the package.
    Now,
    /// On a round schedule.
    Rounds(Cadence),
    /// At each of the payer's passes of (or landings on) Start, this many times.
    Starts(u8),
    /// At each of the payer's stays, this many times.
    Stays(u8),
    /// At the start of each of the payer's turns, this many times.
    Turns(u8),
    /// Each time the payer's token lands by the dice in a city where the payee holds a deed
    /// (B6's `on_event`: "you pay me $30 each time you land in my city").
    Lands(Visits),
    /// Each time the payer's token lands by the dice on one space, a deed of the payee's
    /// ("pay me $30 each time you land on my Tile Row, 5 times").
    LandsOn(Spot),
    /// At the start of each of another player's turns, this many times ("pay me $20 at the
    /// start of each of my turns, 5 times"). Last, so that the lists of moves keep their
    /// order from before it.
    TurnsOf(OtherTurns),
}

/// Landings on one space: the space (0 to [`SPACES`] - 1) and how many landings pay (1 to
/// [`Spot::MAX_TIMES`]), packed in one byte (`space * MAX_TIMES + times - 1`) so that a
/// payment clause and its sum fit an action of eight bytes: forty spaces leave room for six
/// landings each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Spot(u8);

impl Spot {
    /// The most landings a payment on one space may count.
    pub const MAX_TIMES: u8 = (u8::MAX as usize / SPACES) as u8;

    /// Landings on `space`, `times` times; `None` out of range.
    pub const fn new(space: u8, times: u8) -> Option<Spot> {
        if space as usize >= SPACES || times == 0 || times > Spot::MAX_TIMES {
            None
        } else {
            Some(Spot(space * Spot::MAX_TIMES + times - 1))
        }
    }

    /// The space (a value read from a record may name none of the board's: the notary
    /// checks it).
    pub const fn space(self) -> u8 {
        self.0 / Spot::MAX_TIMES
    }

    /// The landings that pay.
    pub const fn times(self) -> u8 {
        self.0 % Spot::MAX_TIMES + 1
    }
}

/// Turns of another player: his seat (0 to 15) and how many of his turns pay (1 to
/// [`Cadence::MAX`]), packed in one byte like a [`Cadence`] so that a payment clause and its
/// sum fit an action of eight bytes. The seat is absolute: the schedule follows that
/// player's turns whoever pays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct OtherTurns(u8);

impl OtherTurns {
    /// Seats a schedule may name (a game has at most [`crate::config::MAX_PLAYERS`]; the
    /// byte has room for 16).
    pub const SEATS: u8 = 16;

    /// `seat`'s turns, `times` times; `None` out of range.
    pub const fn new(seat: u8, times: u8) -> Option<OtherTurns> {
        if seat >= OtherTurns::SEATS || times == 0 || times > Cadence::MAX {
            None
        } else {
            Some(OtherTurns(seat << 4 | times))
        }
    }

    /// The player whose turns bring the payments due.
    pub const fn seat(self) -> u8 {
        self.0 >> 4
    }

    /// The turns that pay.
    pub const fn times(self) -> u8 {
        self.0 & 0xF
    }
}

/// Landings in one city: the city (0 to 15) and how many landings pay (1 to
/// [`Cadence::MAX`]), packed in one byte like a [`Cadence`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Visits(u8);

impl Visits {
    /// Cities a schedule may name (the standard board has eight).
    pub const CITIES: u8 = 16;

    /// Landings in `city`, `times` times; `None` out of range.
    pub const fn new(city: u8, times: u8) -> Option<Visits> {
        if city >= Visits::CITIES || times == 0 || times > Cadence::MAX {
            None
        } else {
            Some(Visits(city << 4 | times))
        }
    }

    /// The city.
    pub const fn city(self) -> u8 {
        self.0 >> 4
    }

    /// The landings that pay.
    pub const fn times(self) -> u8 {
        self.0 & 0xF
    }
}

impl When {
    /// The payments this schedule makes (1 for a payment now), or `None` when the count is
    /// out of range.
    pub fn times(self) -> Option<u8> {
        match self {
            When::Now => Some(1),
            When::Rounds(c) => c.valid().then_some(c.times()),
            When::Starts(n) | When::Stays(n) | When::Turns(n) => {
                (1..=Cadence::MAX).contains(&n).then_some(n)
            }
            When::Lands(v) => (v.times() > 0).then_some(v.times()),
            When::TurnsOf(o) => (o.times() > 0).then_some(o.times()),
            When::LandsOn(p) => Some(p.times()),
        }
    }

    /// "now", "every round, 5 times", "at each Start, 4 times".
    pub fn words(self) -> String {
        match self {
            When::Now => "now".to_owned(),
            When::Rounds(c) => c.words(),
            When::Starts(n) => format!("at each Start, {n} times"),
            When::Stays(n) => format!("at each stay, {n} times"),
            When::Turns(n) => format!("at the start of each of the payer's turns, {n} times"),
            When::TurnsOf(o) => format!(
                "at the start of each of seat {}'s turns, {} times",
                u16::from(o.seat()) + 1,
                o.times()
            ),
            When::Lands(v) => format!("at each landing in city {}, {} times", v.city(), v.times()),
            When::LandsOn(p) => {
                format!(
                    "at each landing on space {}, {} times",
                    p.space(),
                    p.times()
                )
            }
        }
    }
}

/// Rounds a right may last at most: a right's length is one byte ([`Right`]), and the
/// game's own round limit ends it anyway.
pub const MAX_ROUNDS: u8 = u8::MAX;

/// Uses a right may last at most (a lodging right's lodgings and stays, a price cap's
/// rides and fees).
pub const MAX_USES: u8 = u8::MAX;

/// How long a right lasts: a number of rounds, counted down at each round's start, or a
/// number of uses, counted down each time its holder uses it; it ends after the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Span {
    /// This many rounds (1 to [`MAX_ROUNDS`]).
    Rounds(u8),
    /// This many uses (1 to [`MAX_USES`]).
    Uses(u8),
}

impl Span {
    /// The rounds or uses.
    pub const fn count(self) -> u8 {
        match self {
            Span::Rounds(n) | Span::Uses(n) => n,
        }
    }

    /// Whether it counts uses.
    pub const fn uses(self) -> bool {
        matches!(self, Span::Uses(_))
    }

    /// "10 rounds", "5 uses".
    pub fn words(self) -> String {
        match self {
            Span::Rounds(1) => "1 round".to_owned(),
            Span::Rounds(n) => format!("{n} rounds"),
            Span::Uses(1) => "1 use".to_owned(),
            Span::Uses(n) => format!("{n} uses"),
        }
    }
}

/// What a right grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grant {
    /// Lodging (and staying) at the property for at most the sum.
    Lodging,
    /// Buying the deed for the sum, in any of the holder's management windows.
    Option,
    /// Riding the transit company, or paying the utility's fee, for at most the sum (B6
    /// `SERVICE_PRICE`); the owner may not refuse the holder.
    Service,
}

/// A right a deed's holder grants on it ([`Kind::Right`]), with its length, packed in two
/// bytes so that the right, its deed and its sum fit an action of eight bytes: what it
/// grants ([`Grant`]), a lodging right's powers (whether the owner may refuse a lodging,
/// B6 `owner_may_refuse`, and whether he may raise a stay's rent above the last rent paid,
/// up to the cap, B6 `owner_may_raise`), and its [`Span`], in rounds or (a lodging right or
/// a price cap) in uses. An option lasts rounds: using it ends it.
///
/// The fields are private so that every value is one the rules allow: a length of at
/// least one, uses only for what can be used more than once.
///
/// Records written before lengths could be chosen name three rights that last
/// [`crate::contract::LODGING_ROUNDS`] rounds (`Lodging`, `RefusableLodging`, `Option`);
/// those rights are still written so, and the others by their terms, so
/// old records load and replay unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "RightRecord", into = "RightRecord")]
pub struct Right {
    /// Bits 0-1 the [`Grant`], then [`Right::REFUSABLE`], [`Right::RAISABLE`], [`Right::USES`].
    terms: u8,
    /// The rounds or uses, 1 or more.
    count: u8,
}

impl Right {
    const REFUSABLE: u8 = 1 << 2;
    const RAISABLE: u8 = 1 << 3;
    const USES: u8 = 1 << 4;

    /// A lodging right for [`crate::contract::LODGING_ROUNDS`] rounds the owner may neither
    /// refuse nor raise.
    pub const LODGING: Right = Right::lodging(LODGING_ROUNDS, false, false);
    /// A lodging right for [`crate::contract::LODGING_ROUNDS`] rounds the owner may refuse.
    pub const REFUSABLE_LODGING: Right = Right::lodging(LODGING_ROUNDS, true, false);
    /// An option for [`crate::contract::LODGING_ROUNDS`] rounds.
    pub const OPTION: Right = Right::option(LODGING_ROUNDS);

    /// A right granting `grant` for `span`, with a lodging right's powers; `None` for a
    /// length of nothing, for an option counted in uses, or for powers other than a
    /// lodging right's.
    pub const fn new(grant: Grant, span: Span, refusable: bool, raisable: bool) -> Option<Right> {
        let lodging = matches!(grant, Grant::Lodging);
        if span.count() == 0
            || (span.uses() && matches!(grant, Grant::Option))
            || (!lodging && (refusable || raisable))
        {
            return None;
        }
        let mut terms = grant as u8;
        if refusable {
            terms |= Right::REFUSABLE;
        }
        if raisable {
            terms |= Right::RAISABLE;
        }
        if span.uses() {
            terms |= Right::USES;
        }
        Some(Right {
            terms,
            count: span.count(),
        })
    }

    /// A lodging right for `rounds` rounds on these terms.
    ///
    /// # Panics
    /// When `rounds` is 0 (for constants; drafting goes through [`Right::new`]).
    pub const fn lodging(rounds: u8, refusable: bool, raisable: bool) -> Right {
        Right::of(Grant::Lodging, Span::Rounds(rounds), refusable, raisable)
    }

    /// An option for `rounds` rounds.
    ///
    /// # Panics
    /// When `rounds` is 0 (for constants and tests).
    pub const fn option(rounds: u8) -> Right {
        Right::of(Grant::Option, Span::Rounds(rounds), false, false)
    }

    /// A price cap for `span`.
    ///
    /// # Panics
    /// When the span is of nothing (for constants and tests).
    pub const fn service(span: Span) -> Right {
        Right::of(Grant::Service, span, false, false)
    }

    const fn of(grant: Grant, span: Span, refusable: bool, raisable: bool) -> Right {
        match Right::new(grant, span, refusable, raisable) {
            Some(right) => right,
            None => panic!("a right lasts at least one round or use"),
        }
    }

    /// What it grants.
    pub const fn grant(self) -> Grant {
        match self.terms & 3 {
            0 => Grant::Lodging,
            1 => Grant::Option,
            _ => Grant::Service,
        }
    }

    /// How long it lasts.
    pub const fn span(self) -> Span {
        if self.terms & Right::USES != 0 {
            Span::Uses(self.count)
        } else {
            Span::Rounds(self.count)
        }
    }

    /// The same right for `span` instead; `None` when it cannot last so (see
    /// [`Right::new`]).
    pub const fn lasting(self, span: Span) -> Option<Right> {
        Right::new(self.grant(), span, self.refusable(), self.raisable())
    }

    /// Whether the owner may refuse a lodging: the room is then bargained, at most at the
    /// cap.
    pub const fn refusable(self) -> bool {
        self.terms & Right::REFUSABLE != 0
    }

    /// Whether the owner may ask more than the last rent for a stay, up to the cap.
    pub const fn raisable(self) -> bool {
        self.terms & Right::RAISABLE != 0
    }

    /// Whether `other` is the same kind of right (a holder has one of each kind per deed).
    pub fn same_kind(self, other: Right) -> bool {
        self.grant() == other.grant()
    }
}

/// How a [`Right`] is written in records and saves: the three rights of older records by
/// name, the others by their terms.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Right")]
enum RightRecord {
    Lodging,
    RefusableLodging,
    Option,
    LodgingFor {
        rounds: u8,
        refusable: bool,
        raisable: bool,
        /// The length counts uses, not rounds.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        uses: bool,
    },
    OptionFor(u8),
    Service(u8),
    ServiceUses(u8),
}

impl From<Right> for RightRecord {
    fn from(right: Right) -> RightRecord {
        let (refusable, raisable) = (right.refusable(), right.raisable());
        match (right.grant(), right.span()) {
            (Grant::Lodging, Span::Rounds(LODGING_ROUNDS)) if !raisable => {
                if refusable {
                    RightRecord::RefusableLodging
                } else {
                    RightRecord::Lodging
                }
            }
            (Grant::Lodging, span) => RightRecord::LodgingFor {
                rounds: span.count(),
                refusable,
                raisable,
                uses: span.uses(),
            },
            (Grant::Option, Span::Rounds(LODGING_ROUNDS)) => RightRecord::Option,
            (Grant::Option, span) => RightRecord::OptionFor(span.count()),
            (Grant::Service, Span::Rounds(n)) => RightRecord::Service(n),
            (Grant::Service, Span::Uses(n)) => RightRecord::ServiceUses(n),
        }
    }
}

impl TryFrom<RightRecord> for Right {
    type Error = String;

    fn try_from(record: RightRecord) -> Result<Right, String> {
        let (grant, span, refusable, raisable) = match record {
            RightRecord::Lodging => return Ok(Right::LODGING),
            RightRecord::RefusableLodging => return Ok(Right::REFUSABLE_LODGING),
            RightRecord::Option => return Ok(Right::OPTION),
            RightRecord::LodgingFor {
                rounds,
                refusable,
                raisable,
                uses,
            } => {
                let span = if uses {
                    Span::Uses(rounds)
                } else {
                    Span::Rounds(rounds)
                };
                (Grant::Lodging, span, refusable, raisable)
            }
            RightRecord::OptionFor(n) => (Grant::Option, Span::Rounds(n), false, false),
            RightRecord::Service(n) => (Grant::Service, Span::Rounds(n), false, false),
            RightRecord::ServiceUses(n) => (Grant::Service, Span::Uses(n), false, false),
        };
        Right::new(grant, span, refusable, raisable).ok_or_else(|| {
            format!(
                "a right lasts at least one round or use, not {}",
                span.words()
            )
        })
    }
}

/// What a clause does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// [`Item::from`] pays [`Item::to`] the amount, when this says.
    Pay(When),
    /// This deed goes from [`Item::from`] to [`Item::to`].
    Deed(u8),
    /// [`Item::from`] lends [`Item::to`] the amount now, against this deed of the borrower
    /// ([`crate::contract::NO_DEED`]: none).
    Lend(u8),
    /// [`Item::from`] (the borrower) repays [`Item::to`] the package's loan: the amount on
    /// this schedule.
    Repay(Cadence),
    /// [`Item::from`], the holder of this deed once the package's deeds have moved, grants
    /// [`Item::to`] this right on it, at the amount (a rent cap or a strike).
    Right(Right, u8),
    /// [`Item::from`] promises [`Item::to`] what the game's text of this number says (a
    /// free-text clause, judged by the other players), on penalty of the amount.
    Text(u8),
    /// This rule takes this value for the rest of the game, at acceptance.
    Rule(Rule, bool),
}

/// A third party's promise to pay what the debtor of a scheduled payment or a loan's
/// repayment misses, at the due date (ruling B-05: third parties join as payers or
/// guarantors), for a fee the debtor pays him at acceptance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guarantee {
    /// The guarantor.
    pub seat: u8,
    /// What the clause's debtor pays him at acceptance (nothing included).
    pub fee: u32,
}

/// One clause of a package, with absolute seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// What it does.
    pub kind: Kind,
    /// The party who pays, gives, lends, repays or grants: one of the two parties of the
    /// deal, or a third party (except in a promise or a rule change) when `to` is one of
    /// the two.
    pub from: u8,
    /// The other party: the one paid, given to, lent to or granted the right.
    pub to: u8,
    /// Dollars (0 for a deed).
    pub amount: u32,
    /// The third party who guarantees the payments of a scheduled payment or a repayment
    /// schedule ([`Item::guaranteeable`]), or [`NOBODY`]. Kept as a seat and a sum beside
    /// the others, not as an `Option<Guarantee>`, so that a clause stays 16 bytes: the state,
    /// which holds up to four packages, is copied at every search and bot decision.
    #[serde(default = "nobody", skip_serializing_if = "is_nobody")]
    pub guarantor: u8,
    /// The guarantee's fee ([`Guarantee::fee`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fee: u32,
}

/// No guarantor ([`Item::guarantor`]).
pub const NOBODY: u8 = u8::MAX;

fn nobody() -> u8 {
    NOBODY
}

fn is_nobody(seat: &u8) -> bool {
    *seat == NOBODY
}

fn is_zero(fee: &u32) -> bool {
    *fee == 0
}

impl Item {
    /// A clause without a guarantee.
    pub const fn new(kind: Kind, from: u8, to: u8, amount: u32) -> Item {
        Item {
            kind,
            from,
            to,
            amount,
            guarantor: NOBODY,
            fee: 0,
        }
    }

    /// Its guarantee, if a third party guarantees it.
    pub fn guarantee(&self) -> Option<Guarantee> {
        (self.guarantor != NOBODY).then_some(Guarantee {
            seat: self.guarantor,
            fee: self.fee,
        })
    }

    /// The clause with this guarantee.
    pub fn guaranteed(self, g: Guarantee) -> Item {
        Item {
            guarantor: g.seat,
            fee: g.fee,
            ..self
        }
    }

    /// Whether it executes at acceptance and is done (a payment now, a deed); a loan's
    /// principal moves at acceptance too, but the loan stands.
    pub fn immediate(&self) -> bool {
        matches!(self.kind, Kind::Pay(When::Now) | Kind::Deed(_))
    }

    /// Whether it becomes a live contract at acceptance: a scheduled payment, or the loan
    /// (its repayment schedule is part of that one contract).
    pub fn standing(&self) -> bool {
        matches!(self.kind, Kind::Pay(w) if w != When::Now)
            || matches!(self.kind, Kind::Lend(_) | Kind::Right(..) | Kind::Text(_))
    }

    /// Whether a third party may guarantee it: a payment on a schedule or a loan's
    /// repayments, the clauses whose payments come later and may be missed.
    pub fn guaranteeable(&self) -> bool {
        matches!(self.kind, Kind::Pay(w) if w != When::Now) || matches!(self.kind, Kind::Repay(_))
    }

    /// The cash `seat` pays (negative) or receives at acceptance under this clause: a
    /// payment now, a loan's principal, and a guarantee's fee, which the debtor pays the
    /// guarantor.
    pub fn cash_now(&self, seat: u8) -> i64 {
        let now = match self.kind {
            Kind::Pay(When::Now) | Kind::Lend(_) => i64::from(self.amount),
            _ => 0,
        };
        let fee = self.guarantee().map_or(0, |g| i64::from(g.fee));
        let mut cash = 0;
        if seat == self.from {
            cash -= now + fee;
        }
        if seat == self.to {
            cash += now;
        }
        if self.guarantee().is_some_and(|g| g.seat == seat) {
            cash += fee;
        }
        cash
    }

    /// The seats this clause involves besides `a` and `b`, as a bit set: a third party at
    /// either end of it, or its guarantor.
    pub fn others(&self, a: u8, b: u8) -> u16 {
        let guarantor = self.guarantee().map(|g| g.seat);
        [Some(self.from), Some(self.to), guarantor]
            .into_iter()
            .flatten()
            .filter(|&x| x != a && x != b && x < 16)
            .fold(0, |set, x| set | 1 << x)
    }
}

/// The seats of a bit set ([`Package::others`]), in seat order.
pub fn seats_in(set: u16) -> impl Iterator<Item = u8> {
    spaces_in(u64::from(set))
}

/// The clauses of an offer, in the order they were drafted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Package {
    items: [Option<Item>; MAX_CLAUSES],
}

impl Package {
    /// The clauses.
    pub fn iter(&self) -> impl Iterator<Item = &Item> {
        self.items.iter().flatten()
    }

    /// How many clauses.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether it has no clause.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }

    /// The clause at `index`.
    pub fn get(&self, index: usize) -> Option<&Item> {
        self.items.get(index)?.as_ref()
    }

    /// Adds a clause at the end; `false` (nothing changed) when the package is full.
    pub fn push(&mut self, item: Item) -> bool {
        match self.items.iter_mut().find(|i| i.is_none()) {
            Some(slot) => {
                *slot = Some(item);
                true
            }
            None => false,
        }
    }

    /// Replaces the clause at `index`; `false` (nothing changed) when there is none.
    pub fn set(&mut self, index: usize, item: Item) -> bool {
        match self.items.get_mut(index) {
            Some(slot @ Some(_)) => {
                *slot = Some(item);
                true
            }
            _ => false,
        }
    }

    /// The seats the package involves besides its two parties `a` and `b` (third parties
    /// at either end of a clause, or guarantors), as a bit set: each must consent.
    pub fn others(&self, a: u8, b: u8) -> u16 {
        self.iter().fold(0, |set, i| set | i.others(a, b))
    }

    /// Removes the clause at `index`, keeping the others in order; `false` when there is
    /// none.
    pub fn strike(&mut self, index: usize) -> bool {
        if self.get(index).is_none() {
            return false;
        }
        self.items[index..].rotate_left(1);
        self.items[MAX_CLAUSES - 1] = None;
        true
    }

    /// The loan clause and its index, if any.
    pub fn loan(&self) -> Option<(usize, &Item)> {
        self.iter()
            .enumerate()
            .find(|(_, i)| matches!(i.kind, Kind::Lend(_)))
    }

    /// The loan's repayment clause, if any.
    pub fn repayment(&self) -> Option<&Item> {
        self.iter().find(|i| matches!(i.kind, Kind::Repay(_)))
    }

    /// Keeps the repayment schedule running from the loan's borrower to its lender, after a
    /// third party has been named as either ([`crate::action::Action::Payer`],
    /// [`crate::action::Action::Payee`]): the schedule is the loan's, whoever makes it.
    pub fn follow_loan(&mut self) {
        let Some((_, &loan)) = self.loan() else {
            return;
        };
        for item in self.items.iter_mut().flatten() {
            if matches!(item.kind, Kind::Repay(_)) {
                (item.from, item.to) = (loan.to, loan.from);
            }
        }
    }

    /// Whether a clause moves `deed`.
    pub fn moves_deed(&self, deed: u8) -> bool {
        self.iter().any(|i| i.kind == Kind::Deed(deed))
    }

    /// Who holds `deed` once the package's deeds have moved, given its holder now.
    pub fn holder_after(&self, deed: u8, now: u8) -> u8 {
        self.iter()
            .find(|i| i.kind == Kind::Deed(deed))
            .map_or(now, |i| i.to)
    }

    /// The contract places the package takes when accepted: one per standing clause.
    pub fn places(&self) -> usize {
        self.iter().filter(|i| i.standing()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cadence_packs_both_counts_and_refuses_what_does_not_fit() {
        let c = Cadence::new(3, 15).unwrap();
        assert_eq!((c.every(), c.times()), (3, 15));
        assert!(Cadence::new(0, 4).is_none());
        assert!(Cadence::new(2, 16).is_none());
        assert_eq!(Cadence::new(1, 6).unwrap().words(), "every round, 6 times");
    }

    /// A package is copied with every state: a clause stays within two words.
    #[test]
    fn clauses_are_small() {
        assert!(
            std::mem::size_of::<Item>() <= 16,
            "{}",
            std::mem::size_of::<Item>()
        );
    }

    #[test]
    fn striking_keeps_the_other_clauses_in_order() {
        let item = |amount| Item::new(Kind::Pay(When::Now), 0, 1, amount);
        let mut p = Package::default();
        for a in 1..=3 {
            assert!(p.push(item(a)));
        }
        assert!(p.strike(1));
        let left: Vec<u32> = p.iter().map(|i| i.amount).collect();
        assert_eq!(left, [1, 3]);
        assert!(!p.strike(2));
        for a in 0..4 {
            assert!(p.push(item(a)));
        }
        assert!(!p.push(item(9)), "a package holds {MAX_CLAUSES} clauses");
    }
}
