//! Actions: chance outcomes and player decisions in one small `Copy` enum.

use std::fmt;

use gameshelf_engine::dice::DicePair;
use gameshelf_open_oubliette::Action as OublietteAction;
use serde::{Deserialize, Serialize};

use crate::contract::{Rule, Term};
use crate::package::{Cadence, Grant, Right, Side, When};

/// A chance outcome or a player decision. The variant order is the sort order of legal-action
/// and chance-outcome lists; space payloads are board indices, city payloads city indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    // ---- chance ------------------------------------------------------------------------
    /// Setup: the seat that moves first (B1's roll-off, equivalent to a uniform draw).
    First(u8),
    /// A movement roll (unordered pair: doubles matter).
    Roll(DicePair),
    /// A chance outcome or decision of the Open Oubliette jail (`jail=oubliette`).
    Oubliette(OublietteAction),
    // ---- the turn's management window ---------------------------------------------------
    /// Buy a house (the third on a property makes an apartment) on an own property.
    Build(u8),
    /// Open a trade thread (`trading=on`): to seat, deed (held by either party; it goes to
    /// the other), the dollars the other party pays the giver (any amount; the list offers
    /// shares of the deed's value, [`crate::price::Share::TRADE`]).
    Offer(u8, u8, u32),
    /// Open a contract thread (`contracts=on`): to seat, the proposed terms.
    Propose(u8, Term),
    /// Open a deal with this seat (`contracts=on`): a package of clauses drafted one action
    /// at a time ([`crate::deal`]).
    Draft(u8),
    /// Take up again the thread set aside at this place ([`Action::Park`]): its standing
    /// terms are answered as before.
    Resume(u8),
    /// Exercise an option held on this deed: pay the strike, take the deed.
    Exercise(u8),
    /// Claim that the other party broke the free-text clause with this text number: the
    /// players who are not parties judge it.
    Dispute(u8),
    /// Release the other party from the live clause with this contract number and place in
    /// its package: the obligation ends (only its beneficiary may).
    Release(u16, u8),
    /// Objective 1: declare a net worth of at least the threshold; the final lap begins.
    /// A player may declare at any of his decisions, in his window or out of it (the
    /// rules: "at any time"); the decision he was making stays open.
    DeclareRace,
    /// Objective 3: declare a stalemate after the quiet rounds.
    DeclareStalemate,
    /// Objective 3: propose to end the game in a stalemate now; every other player left
    /// agrees ([`Action::Accept`]) or refuses ([`Action::Refuse`]) in seat order.
    ProposeStalemate,
    /// Close the window: roll, or face the jail decision (after the open floor).
    Go,
    /// On the open floor: open no (more) thread; the floor passes to the next player.
    Pass,
    // ---- a trade thread or a bargain (the seat with the floor) ------------------------------
    /// Accept the standing terms: the trade executes if it is still legal; a bargain's price
    /// is paid.
    Accept,
    /// Counter with new terms in dollars: a trade's cash (same deed, same direction; the
    /// roles swap), or a bargain's price.
    Counter(u32),
    /// Refuse the standing terms: the thread or bargain closes.
    Refuse,
    /// A bargain's owner quotes his price in dollars.
    Quote(u32),
    /// Ask for time: the floor goes back to the author (one exchange of the deadline).
    Hold,
    /// The author withdraws his terms after a request for time: the thread closes.
    Withdraw,
    /// The author lets his terms stand after a request for time.
    Insist,
    /// Set the thread (or the package received) aside, its terms standing, to open another
    /// thread or do something else in one's window first; it lapses if not taken up again
    /// ([`Action::Resume`]) before the window (or open floor) closes.
    Park,
    // ---- a deal (the seat with the floor: the drafter, then the answerer) ------------------
    /// Draft a payment of any sum by this side to the other, now or on a schedule.
    Pay(Side, When, u32),
    /// Draft a deed: it goes from whichever party holds it to the other.
    Deed(u8),
    /// Draft a loan of any sum by this side to the other, against this deed of the borrower
    /// ([`crate::contract::NO_DEED`]: none); against a third party's deed, the loan is made
    /// to him.
    Lend(Side, u8, u32),
    /// Draft the loan's repayment: this instalment on this schedule.
    Repay(Cadence, u32),
    /// Draft a right on this deed, granted by its holder (once the package's deeds have
    /// moved) to the other party (a third party's, to the drafter) for the rounds the right
    /// names: a lodging right capped at the sum, an option at it, or a price cap of the sum
    /// on a transit company or utility.
    Right(Right, u8, u32),
    /// Draft a free-text promise by this side to the other (its words are the text the move
    /// writes), with the penalty for a breach the arbiters uphold.
    Promise(Side, u32),
    /// Draft a change of this rule to this value (every player still in the game must be a
    /// party to it: one of the two, or a third party the draft names already).
    Rule(Rule, bool),
    /// Name a third party (this seat, neither of the deal's two parties) as the payer of the
    /// draft's payment at this place, or the lender of its loan: he pays or lends instead of
    /// the party who would (and the loan is repaid to him). He consents after the answerer
    /// accepts.
    Payer(u8, u8),
    /// Name a third party (this seat, neither of the deal's two parties) as the receiver of
    /// the draft's clause at this place: a payment is paid to him, a deed or a right goes to
    /// him, a loan is made to him (and he repays it), instead of to one of the two. He
    /// consents after the answerer accepts. A third party's deed or right may be sent so
    /// to the party it does not go to yet.
    Payee(u8, u8),
    /// Name a third party (this seat) as the guarantor of the draft's payment on a schedule
    /// or repayments at this place: he pays what the debtor misses at a due date, for a fee
    /// in dollars the debtor pays him at acceptance. He consents after the answerer accepts.
    Guarantee(u8, u8, u32),
    /// Strike the draft's clause at this place.
    Strike(u8),
    /// Send the draft to the other party.
    Send,
    /// Counter the package received: draft changed terms from it (the roles swap).
    Amend,
    // ---- a ruling (an arbiter) ---------------------------------------------------------------
    /// Uphold the claimed breach.
    Uphold,
    /// Dismiss it.
    Dismiss,
    // ---- jail ----------------------------------------------------------------------------
    /// Pay the booking fee and leave jail.
    PayFee,
    /// Do not pay this turn.
    Wait,
    // ---- after the roll ------------------------------------------------------------------
    /// Stay in the housed property (pay rent and the forward utility; no move).
    Stay,
    /// Move by the roll.
    Move,
    /// Buy the deed landed on.
    Buy,
    /// Leave the deed with the bank (`auction_on_decline`: the bank auctions it).
    Decline,
    /// In an auction of a declined deed (`auction_on_decline`): bid this many dollars, more
    /// than the standing bid and at most one's cash. [`Action::Pass`] drops out.
    Bid(u32),
    /// After landing on a transit company: lodge in this city.
    City(u8),
    /// Rent a room in this property at its listed price (the bank's, one's own, a lodging
    /// right's cap, or the owner's offer standing).
    Lodge(u8),
    /// Ask the owner of this property (a room) or transit company (the fare) for his price:
    /// opens a bargain; or, when his offer stands, answer it (accept, counter or refuse).
    Ask(u8),
    /// Open the bargain for this property's room (or this transit company's fare) with a
    /// price of one's own in dollars, at most the cash one holds: the owner accepts it,
    /// counters higher or refuses ([`crate::bargain`]). At the stay decision: stay, opening
    /// the bargain over the stay's rent at this property (or its fee at this utility) so.
    Tender(u8, u32),
    /// An owner posts an offer of his room at this property, unasked, at a price in dollars,
    /// before the lodger chooses (ruling B-05).
    Post(u8, u32),
    /// A third party offers to pay up to this many dollars of the lodger's price for the
    /// room at this property (or the fare of this transit company), before he chooses.
    Cover(u8, u32),
    /// The lodger takes the room (or fare) this seat offered to pay for, at its standing
    /// price: the payer pays his part and the lodger the rest, together.
    Covered(u8),
    /// Pay the fare and lodge in the side's other city.
    Ride,
    /// Sleep on the park bench (and go to jail).
    Bench,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::First(s) => write!(f, "first player {}", u16::from(*s) + 1),
            Action::Roll(d) => write!(f, "roll {}+{}", d.low, d.high),
            Action::Oubliette(a) => write!(f, "oubliette: {a}"),
            Action::Build(s) => write!(f, "build on {s}"),
            Action::DeclareRace => f.write_str("declare the race"),
            Action::DeclareStalemate => f.write_str("declare a stalemate"),
            Action::ProposeStalemate => f.write_str("propose a stalemate"),
            Action::Offer(to, d, c) => {
                write!(f, "offer seat {} deed {d} for ${c}", u16::from(*to) + 1)
            }
            Action::Propose(to, t) => write!(f, "propose to seat {}: {t}", u16::from(*to) + 1),
            Action::Draft(to) => write!(f, "draft a package for seat {}", u16::from(*to) + 1),
            Action::Resume(k) => write!(f, "take up thread {} set aside", u16::from(*k) + 1),
            Action::Park => f.write_str("set the thread aside"),
            Action::Release(id, part) => write!(f, "release clause #{id}.{part}"),
            Action::Pay(Side::Mine, when, x) => write!(f, "add: I pay ${x} {}", when.words()),
            Action::Pay(Side::Yours, when, x) => write!(f, "add: you pay ${x} {}", when.words()),
            Action::Deed(d) => write!(f, "add: deed {d} changes hands"),
            Action::Lend(side, c, x) => {
                let who = if *side == Side::Mine {
                    "I lend"
                } else {
                    "you lend"
                };
                if *c == crate::contract::NO_DEED {
                    write!(f, "add: {who} ${x} without collateral")
                } else {
                    write!(f, "add: {who} ${x} against deed {c}")
                }
            }
            Action::Repay(c, x) => write!(f, "add: repaid ${x} {}", c.words()),
            Action::Right(right, d, x) => {
                let span = right.span().words();
                match right.grant() {
                    Grant::Lodging => write!(
                        f,
                        "add: a lodging right at {d} for at most ${x}, {span}{}{}",
                        if right.refusable() {
                            ", which the owner may refuse"
                        } else {
                            ""
                        },
                        if right.raisable() {
                            ", a stay's rent up to the cap"
                        } else {
                            ""
                        }
                    ),
                    Grant::Option => write!(f, "add: an option on {d} at ${x}, {span}"),
                    Grant::Service => write!(f, "add: a price cap of ${x} at {d}, {span}"),
                }
            }
            Action::Promise(Side::Mine, x) => write!(f, "add: I promise, on penalty of ${x}"),
            Action::Promise(Side::Yours, x) => {
                write!(f, "add: you promise, on penalty of ${x}")
            }
            Action::Rule(rule, value) => write!(f, "add: rule {} = {value}", rule.name()),
            Action::Payer(i, seat) => write!(
                f,
                "add: seat {} pays clause {}",
                u16::from(*seat) + 1,
                u16::from(*i) + 1
            ),
            Action::Payee(i, seat) => write!(
                f,
                "add: seat {} is paid clause {}",
                u16::from(*seat) + 1,
                u16::from(*i) + 1
            ),
            Action::Guarantee(i, seat, fee) => write!(
                f,
                "add: seat {} guarantees clause {} for ${fee}",
                u16::from(*seat) + 1,
                u16::from(*i) + 1
            ),
            Action::Strike(i) => write!(f, "strike clause {}", u16::from(*i) + 1),
            Action::Send => f.write_str("send the package"),
            Action::Amend => f.write_str("counter with changed terms"),
            Action::Exercise(d) => write!(f, "exercise the option on {d}"),
            Action::Dispute(n) => write!(f, "claim a breach of clause #{n}"),
            Action::Uphold => f.write_str("uphold the claim"),
            Action::Dismiss => f.write_str("dismiss the claim"),
            Action::Go => f.write_str("go"),
            Action::Pass => f.write_str("pass"),
            Action::Accept => f.write_str("accept"),
            Action::Counter(c) => write!(f, "counter at ${c}"),
            Action::Refuse => f.write_str("refuse"),
            Action::Quote(s) => write!(f, "quote ${s}"),
            Action::Hold => f.write_str("ask for time"),
            Action::Withdraw => f.write_str("withdraw"),
            Action::Insist => f.write_str("let the offer stand"),
            Action::PayFee => f.write_str("pay the jail fee"),
            Action::Wait => f.write_str("wait in jail"),
            Action::Stay => f.write_str("stay"),
            Action::Move => f.write_str("move"),
            Action::Buy => f.write_str("buy"),
            Action::Decline => f.write_str("decline"),
            Action::Bid(x) => write!(f, "bid ${x}"),
            Action::City(c) => write!(f, "go to city {c}"),
            Action::Lodge(s) => write!(f, "lodge at {s}"),
            Action::Ask(s) => write!(f, "ask the owner of {s}"),
            Action::Tender(s, p) => write!(f, "bid ${p} for {s}"),
            Action::Post(s, p) => write!(f, "offer a room at {s} for ${p}"),
            Action::Cover(s, x) => write!(f, "offer to pay ${x} of the price at {s}"),
            Action::Covered(p) => {
                write!(f, "take seat {}'s offer to pay", u16::from(*p) + 1)
            }
            Action::Ride => f.write_str("ride"),
            Action::Bench => f.write_str("park bench"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Action lists are copied at every decision: a price in dollars and the tag fit in
    /// eight bytes.
    #[test]
    fn actions_are_small() {
        assert!(
            std::mem::size_of::<Action>() <= 8,
            "{}",
            std::mem::size_of::<Action>()
        );
    }
}
