//! The common game API of gameshelf.
//!
//! Every game in gameshelf is written against one small trait, [`Game`], modelled on
//! OpenSpiel's `Game`/`State` split and shakmaty's `Position`:
//!
//! * a **game** value holds the validated configuration and the rules data (decks, boards);
//!   it is immutable and shared by every state of a match;
//! * a **state** is a plain value (no references back into the game), so it can be cloned
//!   cheaply by search, embedded in another game's state (Open Oubliette's jail inside a host
//!   game) and serialised as JSON;
//! * the **actor** to move is a player, chance, or nobody ([`Actor`]);
//! * **actions** are small `Copy` values; chance outcomes are actions too, listed with exact
//!   integer weights over a common denominator ([`Outcomes`]), so a game record (the
//!   configuration plus every action, chance outcomes included) replays bit-exact without
//!   depending on any random number generator ([`Record`]);
//! * every seat gets an **observation** that hides what it may not see, and bots only ever
//!   get a [`SeatView`], which exposes that observation and a way to *resample* the hidden
//!   part consistently with it, never the true state.
//!
//! Games are named by a [`GameSpec`] such as `open-oubliette(players=4,edition=blog)`, whose
//! parameters are checked against the game's declared [`ParamSpec`]s.
//!
//! Shared mechanisms live here once: [`CardSet`] for decks and hands, [`dice`] for dice
//! outcomes, [`Rng`] for seeded reproducible simulation, and the [`Record`] format.
//!
//! Everything that comes from outside goes through one gate: [`file`](mod@file) reads
//! regular files up to a size limit and writes records atomically, [`limits`] holds every
//! bound on what is accepted, and [`escape_controls`] makes outside text safe to show in a
//! terminal.

pub mod actor;
pub mod bot;
pub mod cards;
pub mod chance;
pub mod dice;
pub mod escape;
pub mod file;
pub mod game;
pub mod info;
pub mod interval;
pub mod limits;
pub mod present;
pub mod record;
pub mod rng;
pub mod spec;
pub mod svg;
pub mod tally;

pub use actor::{Actor, MAX_SEATS, Returns, Seat};
pub use bot::{Bot, RandomBot, SeatLimited, SeatView, play};
pub use cards::CardSet;
pub use chance::{Outcomes, Ratio};
pub use escape::{escape_controls, escape_lines};
pub use file::FileError;
pub use game::{Game, IllegalAction, Playout, Watch};
pub use info::{ChanceMode, GameInfo, Information, ParamKind, ParamSpec, Utility};
pub use present::{Presenter, Target, ordinal, percent, typed_move};
pub use record::{Record, RecordError, RecordHeader, fingerprint, read_header, read_record};
pub use rng::Rng;
pub use spec::{GameSpec, ParamValue, Params, SpecError};
pub use tally::Tally;
