//! Oubliette, a solitaire for one deck of cards plus two or three jokers, for gameshelf.
//!
//! The player builds a Path of nine rooms, from 10 down to 2 or from 2 up to 10, while the
//! deck throws Creatures, Traps, Portcullises, Chasms, Darkness, getting Lost and Gremlins
//! at them, paid for with the cards of a four-slot inventory. The rules implemented are the
//! project's binding reading (`docs/rules/oubliette-solitaire.md`), every contested ruling
//! a variant parameter ([`config::PARAMS`]).
//!
//! # Design
//!
//! * [`OublietteSolitaire`] is the validated [`Config`]; it implements
//!   [`gameshelf_engine::Game`] for one player. Returns are 1 for a win, 0 for a loss.
//! * [`State`] is `Copy`: fixed arrays and [`gameshelf_engine::CardSet`] bit masks. The deck
//!   holds no order: a draw is a chance node over the cards left in it. The face-down slot
//!   cards are dealt (chance nodes) and kept in the state, hidden from the
//!   [`Observation`]; [`gameshelf_engine::Game::resample`] redeals them with the deck.
//! * The rules stop only at chance nodes and real choices: a decision with one legal
//!   action is played by itself.
//! * [`deal::Deal`] numbers deals like FreeCell: deal `N` is one fixed shuffle, the same on
//!   every machine and version. Playing a deal *drives* chance with that shuffle
//!   ([`deal::Deal::choose`]); without one, chance is uniform, which is the true game.
//! * [`bot::Careful`] plays as a careful human would; [`solver`] searches a deal with
//!   knowledge of its order for a clairvoyant upper bound on the win rate.

pub mod action;
pub mod bot;
pub mod card;
pub mod config;
pub mod deal;
pub mod describe;
pub mod game;
pub mod honest;
pub mod log;
pub mod observe;
mod picture;
pub mod present;
pub mod shipped;
pub mod solver;
pub mod state;
pub mod tally;

pub use action::{Action, EQUIPPED, GRAVE, Place};
pub use config::{Config, PARAMS};
pub use deal::Deal;
pub use game::{Meaning, OublietteSolitaire};
pub use observe::Observation;
pub use state::{EndKind, Phase, State};
