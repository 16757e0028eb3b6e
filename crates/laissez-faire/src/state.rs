//! The state of a match: a plain value of fixed-size arrays.

use gameshelf_engine::dice::DicePair;
use gameshelf_open_oubliette::State as OublietteState;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::bargain::Bargain;
use crate::board::SPACES;
use crate::config::MAX_PLAYERS;
use crate::contract::{Contracts, Ledger, Rules};
use crate::deal::Deal;
use crate::lodging::{Covers, Quotes};
use crate::trade::{MAX_PARKED, Parked, Thread};

/// The owner value of a deed the bank holds.
pub const BANK: u8 = u8::MAX;

/// Whether a player is still in the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Taking turns.
    #[default]
    Playing,
    /// Objective 1: the token came round after the declaration; no more turns, but the player
    /// still owns deeds and collects rent.
    Removed,
    /// Out of the game (B-14).
    Eliminated,
}

/// One seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Cash. Gains stop at `u32::MAX` dollars instead of wrapping: a board's figures are
    /// bounded ([`crate::board::MAX_MONEY`]), but a long enough game could still pile up
    /// salaries past 32 bits.
    pub cash: u32,
    /// The token's space (the Jail corner while jailed).
    pub pos: u8,
    /// The last rent paid for the room the token is in: the ceiling on a stay (B-09).
    pub last_rent: u32,
    /// In jail.
    pub jailed: bool,
    /// Jail turns begun since the jailing (1 on the first chance to pay).
    pub jail_turns: u8,
    /// The side whose house price sets the jail fee.
    pub jail_side: u8,
    /// In the game, removed (objective 1) or eliminated.
    pub status: Status,
}

/// One space's deed and buildings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lot {
    /// The owning seat, or [`BANK`].
    pub owner: u8,
    /// Buildings: 0, 1 or 2 houses, 3 = apartment.
    pub level: u8,
}

impl Default for Lot {
    fn default() -> Self {
        Lot {
            owner: BANK,
            level: 0,
        }
    }
}

/// The 40 lots, serialised as a list (serde's arrays stop at 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lots(pub [Lot; SPACES]);

impl Serialize for Lots {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Lots {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<Lot>::deserialize(d)?;
        let n = v.len();
        v.try_into()
            .map(Lots)
            .map_err(|_| D::Error::custom(format!("expected {SPACES} lots, found {n}")))
    }
}

/// What happens next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: who moves first.
    Order,
    /// The current player may build, post prices, open trade threads and declare, then
    /// [`crate::Action::Go`].
    Manage,
    /// The open floor after the current player's window, before his roll or jail decision,
    /// or ([`State::floor_late`]) after his landing, before the next turn: the seat in
    /// [`State::floor_seat`] may open trade threads, or pass it on to the next player in
    /// turn order.
    Floor,
    /// A trade thread is open ([`State::trade`]); the seat with the floor answers.
    Trade,
    /// A deal is open ([`State::deal`]): its author drafts, or its answerer answers.
    Deal,
    /// A stalemate has been proposed ([`State::stalemate`]): the other players left agree
    /// or refuse, one at a time.
    Stalemate,
    /// The players who are not parties judge a claimed breach of a free-text clause
    /// ([`State::ruling`]), one vote each.
    Ruling,
    /// The current player cannot pay a tax ([`State::tax_due`]): he may open trade threads
    /// to raise the cash, then goes on (B-15).
    Shortfall,
    /// The current player is playing an Open Oubliette Turn in jail.
    Oubliette,
    /// The jailed player pays the booking fee or waits.
    JailFee,
    /// Chance: the movement roll.
    Roll,
    /// A tenant of a housed property stays or moves.
    StayChoice,
    /// The player landed on a bank deed and may buy it.
    Buy,
    /// `auction_on_decline`: the deed the current player declined is auctioned
    /// ([`State::auction`]); the seat to speak bids or passes.
    Auction,
    /// After landing on a transit company: pick one of its two cities.
    TransitChoice,
    /// Before the player chooses a room: the owners of rooms with a place for him (or of the
    /// fare) may each post an offer, and the other players offer to pay for him, one at a
    /// time in turn order ([`State::posters`]); or, once an asked owner's price stands,
    /// the payers of that room or fare may raise their offers; or, before a stay's bargain
    /// ([`State::staying`]), the other players offer to pay part of it.
    Posting,
    /// The player chooses a room, the fare to the other city, or the park bench.
    Lodge,
    /// A bargain over a price is open ([`State::bargain`]); the seat with the floor answers.
    Bargain,
    /// The game is over.
    Over,
}

/// The most raises each player may make in one auction: keeps an auction finite whatever
/// the cash (our reading).
pub const MAX_RAISES: u8 = 8;

/// An auction of a declined deed (`auction_on_decline`), in [`Phase::Auction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The deed auctioned.
    pub deed: u8,
    /// The standing bid in dollars (0: none yet).
    pub bid: u32,
    /// The seat of the standing bid, or [`BANK`] when there is none yet.
    pub bidder: u8,
    /// The players still in the auction (bit per seat).
    pub live: u8,
    /// The seat to speak next.
    pub next: u8,
    /// Raises made so far by each seat (at most [`MAX_RAISES`]).
    pub raises: [u8; MAX_PLAYERS],
}

/// A claimed breach of a free-text clause before the arbiters (B-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// The clause's text number.
    pub note: u8,
    /// The party who claims the breach.
    pub claimant: u8,
    /// The other party.
    pub accused: u8,
    /// The arbiters still to vote (bit per seat); the lowest votes next.
    pub voters: u8,
    /// Votes to uphold the claim so far.
    pub uphold: u8,
    /// Votes to dismiss it so far.
    pub dismiss: u8,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndKind {
    /// Not over.
    #[default]
    None,
    /// Objective 1: every token came round or was eliminated.
    Race,
    /// Objective 2: the round limit.
    Rounds,
    /// One player left.
    LastStanding,
    /// Objective 3: a declared stalemate.
    Stalemate,
    /// The safety round cap.
    RoundCap,
}

impl EndKind {
    /// A short label for reports.
    pub fn label(self) -> &'static str {
        match self {
            EndKind::None => "none",
            EndKind::Race => "race",
            EndKind::Rounds => "round-limit",
            EndKind::LastStanding => "last-standing",
            EndKind::Stalemate => "stalemate",
            EndKind::RoundCap => "round-cap",
        }
    }
}

/// A match in progress. No heap: per-seat and per-space arrays (the Open Oubliette jail
/// states are plain values too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Per seat (only the first `players` entries are in play).
    pub players: [Player; MAX_PLAYERS],
    /// Per space: owner and buildings.
    pub lots: Lots,
    /// `jail=oubliette`: each jailed seat's Open Oubliette jail.
    pub cells: [Option<OublietteState>; MAX_PLAYERS],
    /// The seat that moves first in each round.
    pub first: u8,
    /// The seat whose turn it is.
    pub current: u8,
    /// What happens next.
    pub phase: Phase,
    /// The roll of the current roll-turn.
    pub roll: Option<DicePair>,
    /// Movement rolls this turn (at most 2: doubles once, B-10).
    pub rolls: u8,
    /// Lodging: the city.
    pub city: u8,
    /// Lodging: the transit company may still be taken.
    pub via_transit: bool,
    /// Lodging: the rooms and transit company already asked for on this visit (bit per
    /// space), which may not be asked again.
    pub asked: u64,
    /// The open bargain, in [`Phase::Bargain`].
    pub bargain: Option<Bargain>,
    /// Lodging: the owners' offers standing (posted unasked, or quoted when asked).
    #[serde(default)]
    pub quotes: Quotes,
    /// Lodging: the third parties' offers to pay for the lodger, standing.
    #[serde(default)]
    pub covers: Covers,
    /// In [`Phase::Posting`], the owners and payers still to post or pass (bit per seat); the next in
    /// turn order from the current player posts next.
    #[serde(default)]
    pub posters: u8,
    /// Lodging: the payers who have had their chance to raise their offer once an asked
    /// owner's price stood for its room or fare (bit per seat).
    #[serde(default)]
    pub raised: u8,
    /// The payers' offers standing (and the posting step, in [`Phase::Posting`]) are for
    /// the current player's stay, whose bargain follows, not for a lodging.
    #[serde(default)]
    pub staying: bool,
    /// A tax the current player could not pay on landing, while its window is open
    /// ([`Phase::Shortfall`]; 0 otherwise).
    pub tax_due: u32,
    /// Trade threads opened this turn.
    pub offers: u8,
    /// The open trade thread, in [`Phase::Trade`].
    pub trade: Option<Thread>,
    /// Threads set aside by the player whose window or open floor it is, in the order he
    /// set them aside.
    #[serde(default)]
    pub parked: [Option<Parked>; MAX_PARKED],
    /// The seat that has the open floor ([`Phase::Floor`], and the threads opened from it),
    /// or `None` when no floor is open.
    #[serde(default)]
    pub floor_seat: Option<u8>,
    /// Threads the seat with the open floor has opened on it.
    #[serde(default)]
    pub floor_opened: u8,
    /// The open floor after the current player's landing has been held (or is being held)
    /// in this roll-turn: a floor open now is that one, and the turn ends (or, with
    /// [`State::extra_roll`], the extra roll-turn begins) when it closes.
    #[serde(default)]
    pub floor_late: bool,
    /// The doubles bonus is due: the floor after the landing open now is between the
    /// roll-turns, and the extra roll-turn follows it.
    #[serde(default)]
    pub extra_roll: bool,
    /// The open deal, in [`Phase::Deal`].
    #[serde(default)]
    pub deal: Option<Deal>,
    /// The live contracts the notary keeps (B6).
    pub contracts: Contracts,
    /// The rules the players may change by a unanimous contract (B-19), as they stand.
    pub rules: Rules,
    /// Free-text clauses proposed so far: the number the next one gets (the record's
    /// texts are numbered the same way).
    pub notes: u8,
    /// The open auction, in [`Phase::Auction`].
    #[serde(default)]
    pub auction: Option<Auction>,
    /// The claim being judged, in [`Phase::Ruling`].
    pub ruling: Option<Ruling>,
    /// In [`Phase::Stalemate`], the players still to answer the proposal (bit per seat);
    /// the lowest answers next.
    #[serde(default)]
    pub stalemate: u8,
    /// The notary's ledger: every contract and every payment made under one.
    pub ledger: Ledger,
    /// `jail=oubliette`: the Oubliette Turns taken when this jail turn's Turn began.
    pub cell_mark: u32,
    /// Completed rounds.
    pub round: u32,
    /// Turns begun (extra roll-turns are part of their turn).
    pub turns: u32,
    /// Objective 1 was declared: the final lap is on.
    pub final_lap: bool,
    /// Nothing changed hands between players and no free token moved this round.
    pub quiet: bool,
    /// Consecutive quiet rounds (objective 3's stalemate).
    pub quiet_rounds: u8,
    /// Winning seats (bit mask), at the end.
    pub winners: u8,
    /// How the game ended.
    pub end: EndKind,
}

impl State {
    /// The player whose turn it is.
    pub fn me(&self) -> &Player {
        &self.players[self.current as usize]
    }
}
