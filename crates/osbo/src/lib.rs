//! Osbo, Cameron Browne's celtic-knot dice game (2008), for gameshelf.
//!
//! Each player grows a design of dice showing knot segments; every turn the mover rolls one
//! die per player and must place as many as possible in as many different designs as
//! possible. When every design is closed, the player with the longest closed cord wins
//! (self-crossings count twice). The rules implemented are the project's binding reading
//! (`docs/rules/osbo.md`), with every contested ruling a variant parameter
//! ([`config::PARAMS`]).
//!
//! # Design
//!
//! * A placed die is its [`Edges`] (which of its four edges carry a crossing): the face
//!   type and the wiring follow from it, so actions and designs never store rotations.
//! * A [`Design`] is 16 rows of 16 four-bit cells in `u64`s: copying one is a `memcpy`, and
//!   the open path ends of a whole row come out of a few shifts. The engine keeps each
//!   player's design in a [`state::Board`] with the bounding boxes the window rule needs.
//! * The turn rule ("as many dice as possible to as many designs as possible") is a
//!   maximisation over plans. A roll is a chance node over sorted multisets of faces; when
//!   it is applied the best plan value is computed once, and each placement the mover is
//!   offered is one that still leaves a best plan within reach. A turn is therefore a
//!   sequence of single-die actions, each checked, and the mover is free among the best
//!   plans.
//! * Playouts are fast because the questions of the turn rule are cheap: a board lists
//!   its targets and the edge sets each may take a row at a time from the packed design
//!   ([`Board::for_each_option`]), keeps which face types fit anywhere, plans are tried
//!   best value first from a table made once per game, and only the shares of a plan
//!   that put two or more dice in one design need a search (with two dice a plan's
//!   shares are read straight off it). A die changes the options of its own cell and its
//!   four neighbours only (unless it changes how the window bounds the board: under the
//!   strict window, only when a side of the box of dice and targets reaches the window's
//!   length), so "can a second die follow this one?" is answered from the board's option
//!   list and a scan of those neighbours ([`Board`]'s `takes_after`), not a rescan. A die
//!   only adds constraints, so a target's options only shrink: when no target takes the
//!   second die now, only a placement that makes a new target needs even that scan.
//! * A decision's offers are worked out by design and face, not by target: every
//!   placement of a face is offered when the rest of the plan can be done in the other
//!   designs (with one die left, a lookup in their face-fit caches), and only otherwise
//!   is each placement checked ([`Osbo`]'s `offers`).
//! * [`Osbo`] overrides the engine's `random_playout` to keep each board's option list
//!   from one action to the next (after a die only the three rows around it are
//!   rescanned, unless it changes how the window bounds the board), and to draw a
//!   placement from the count of the offered placements, counted target by target from
//!   the option lists, instead of listing them one by one; it offers the same placements
//!   in the same order and draws from the generator exactly as the provided loop does,
//!   which `tests/playout.rs` checks.
//! * [`design`] (the text format and the scorer) and [`render`] (SVG and terminal
//!   pictures of a knot) are usable without the game.
//! * The heuristic bot ([`bot::Greedy`]) follows the source's strategy notes without a
//!   search: it judges a design by the longest cord it would close into, closed at once
//!   and closed after one step of growth, and scores each placement by that change plus
//!   what the rest of the turn's dice can still gain.

pub mod action;
pub mod bot;

pub mod config;
pub mod design;
pub mod face;
pub mod game;
pub mod present;
pub mod render;

pub mod state;
pub mod tally;

pub use action::{Action, Placement, Roll};
pub use config::{Config, MAX_PLAYERS, PARAMS, Priority, Window};
pub use design::{Analysis, Cord, Design, DesignError, ScoreKey, max_score, max_score_design};
pub use face::{Dir, Edges, Face};
pub use game::Osbo;
pub use state::{Board, EndKind, Phase, State};
