//! Open Oubliette, a Free Culture dungeon crawl by John Colagioia (CC-BY-SA 4.0), for
//! gameshelf.
//!
//! Players walk a 20-space ring, fight a monster wherever they land, collect treasure, draw
//! events on the corners and cash in at the Exit; the first to bank 6000 g wins. The rules
//! implemented are the project's binding reading (`docs/rules/open-oubliette.md`), with every
//! contested ruling available as a variant parameter ([`config::PARAMS`]).
//!
//! # Design
//!
//! * [`OpenOubliette`] is the validated [`Config`] plus the [`Decks`]; it implements
//!   [`gameshelf_engine::Game`]. The decks are data (`data/*.toml`, embedded), so a designer
//!   can edit a copy and load it with [`Decks::load_dir`]; events are resolved from their
//!   `effect` field, never from their card number.
//! * [`State`] is a plain value without heap allocation: per-seat arrays and one
//!   [`gameshelf_engine::CardSet`] per pile and hand. Decks hold no order: a draw is a chance
//!   node over the cards left in the pile, so there is no hidden order to leak.
//! * The rules advance through deterministic steps on their own and stop only at real
//!   decisions: a window for a kept card opens only when the player holds a card it may
//!   play there. A fight window opens for the side losing the roll when it holds an unused
//!   weapon or armor for its role or a kept card for the roll (with `gear_windows=useful`,
//!   only when they could turn the roll, and only such gear is offered).
//! * One roll helper, the [`state::Check`], serves monster fights, Dragon Hoard,
//!   player-vs-player fights and Ambush.
//! * Hands (unused treasure, kept events) are hidden; [`Observation`] and
//!   [`gameshelf_engine::Game::resample`] implement that ruling.
//!
//! # Embedding the jail in a host game
//!
//! With `mode=jail` every configured player is a jailed player (usually `players=1`). A host
//! game (Laissez-faire) that sends a player to jail keeps an [`OpenOubliette`] configured
//! with `mode=jail` and a [`State`] from `initial_state()`. On each of that player's host
//! turns it forwards the jailed player's decisions (and samples chance) with
//! `apply`/`apply_unchecked` until the state reaches the start of the next Oubliette Turn or
//! the end; [`State::turns`] counts the Turns taken. When the state is terminal the host
//! reads [`OpenOubliette::jail_dollars`] for the money the player brings back; all cards are
//! then back in their decks.

pub mod action;
pub mod bot;
pub mod config;
pub mod decks;
pub mod describe;
pub mod game;
pub mod observe;
pub mod odds;
pub mod present;
mod sample;
pub mod state;
pub mod tally;

pub use action::{Action, Dir};
pub use config::{Config, MAX_PLAYERS, PARAMS};
pub use decks::{DeckError, Decks};
pub use game::{ConfigError, OpenOubliette};
pub use observe::Observation;
pub use state::{EndKind, Phase, PlayerState, State};
