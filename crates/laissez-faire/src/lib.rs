//! Laissez-faire, Kenny Pearce's negotiation variant of Monopoly (2006), for gameshelf.
//!
//! Players go round a 40-space board of eight cities. Nearly every payment is voluntary:
//! a player who lands in a city must find a room (the bank's at the deed rent, a player
//! owner's at the owner's price, or his own for free), may ride the side's transit company
//! to the other city, or sleeps on the park bench and goes to jail, where the booking fee
//! grows each turn. The rules implemented are the project's binding reading
//! (`docs/rules/laissez-faire.md`), with the contested rulings as variant parameters
//! ([`config::PARAMS`]).
//!
//! # Design
//!
//! * The board is data ([`Board`], `data/board.toml`, embedded): spaces, cities, deeds and
//!   rent tables are read and validated from a file a designer can copy and edit; the rules
//!   never name a space.
//! * [`State`] is a plain value of fixed-size arrays (per seat, per space); actions are a
//!   small `Copy` enum ([`Action`]).
//! * **Bargains** ([`bargain`]): the bank's prices are listed; a player owner's room, fare
//!   or utility fee is bargained when it is needed. The customer asks, the owner quotes a
//!   price in whole dollars (any; the list offers [`Share`]s of the reference price) or
//!   refuses, and they counter each other until one accepts or refuses
//!   ([`Phase::Bargain`]); every message is an action in the record. Before a lodger
//!   chooses, the owners of rooms with a place for him (and of the fare) may post offers
//!   unasked, and the other players may offer to pay for him ([`Phase::Posting`],
//!   [`lodging`]), which stand until he takes, answers or leaves them; an owner's quote
//!   stands the same way while the lodger asks the others.
//! * **Trade threads** ([`trade`], `trading=on`): in his management window a player may
//!   offer another player a deed for cash or ask for one, and so may each other player on
//!   the open floor that follows the window and each turn's landing ([`Phase::Floor`],
//!   `floor_threads`, `floor`); a thread
//!   whose floor comes back to its opener may be set aside while he opens another
//!   ([`trade::Parked`]), so that he has offers out to two players at once; offers, counter-offers, requests
//!   for time, withdrawals, acceptance and refusal are actions of the seat that has the floor
//!   ([`Phase::Trade`]), so the record holds the whole thread and replays exactly. Threads
//!   are bounded (offers per turn, counters and messages per thread), so games stay finite.
//! * **Contracts and the notary** ([`contract`], `contracts=on`): a thread may propose a
//!   contract from a small menu of templates (a payment now, a scheduled payment, a loan with
//!   collateral, a lodging right with a rent cap). The notary keeps at most 16 live
//!   contracts in the state, checks legality when a contract is made and whenever an
//!   obligation comes due, executes each payment all or nothing, hands over collateral or
//!   records arrears on a default, and keeps a ledger; net worth counts what is owed.
//! * **Packages** ([`package`], [`deal`], [`notary`]): an offer of clauses in any
//!   combination and either direction with free sums (payments now, on schedules or on
//!   landings in a city or on one space, deeds, a loan with its repayment schedule and
//!   collateral, lodging rights, price caps and options of any length in rounds or uses),
//!   drafted in the state one clause
//!   per action ([`Phase::Deal`]), sent, and accepted, refused or countered with changed
//!   terms. The notary checks each clause as it is drafted and the whole package when it is
//!   sent and accepted, and executes it atomically; standing clauses become live contracts
//!   sharing the package's number, which their beneficiary may release. Other players may
//!   join it, each paying or being paid one of its payments, giving a deed, or guaranteeing
//!   its scheduled payments for a fee; the package then executes only at the last of their
//!   consents, asked one after another after the answerer accepts.
//! * With `jail=oubliette` a jailed player plays Open Oubliette's jail mode: the host embeds
//!   an [`gameshelf_open_oubliette::OpenOubliette`] and one jail state per jailed seat and
//!   forwards its chance outcomes and decisions as [`Action::Oubliette`].
//! * Everything is public (ruling B-18), so the game is one of perfect information.

pub mod action;
pub mod bargain;
pub mod board;
pub mod bot;
pub mod config;
pub mod contract;
pub mod deal;
pub mod game;
pub mod lodging;
pub mod notary;
pub mod package;
mod picture;
pub mod present;
pub mod price;
pub mod state;
pub mod tally;
pub mod trade;

pub use action::Action;
pub use bargain::{Bargain, Price, Service};
pub use board::{Board, BoardError};
pub use config::{Config, MAX_PLAYERS, Objective, PARAMS};
pub use contract::{Contract, Ledger, Sum, Term};
pub use deal::Deal;
pub use game::{ConfigError, LaissezFaire, capacity, spaces_in};
pub use notary::Refusal;
pub use package::{
    Cadence, Grant, Guarantee, Item, Kind, Package, Right, Side, Span, Spot, Visits, When,
};
pub use price::Share;
pub use state::{BANK, EndKind, Phase, Player, State, Status};
pub use trade::Thread;
