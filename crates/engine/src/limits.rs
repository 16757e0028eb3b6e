//! The limits on what gameshelf accepts from outside, in one place.
//!
//! Each bounds something a user or a file chooses, so that no input makes the program
//! read, allocate or start without end: a clear error naming the limit comes instead. The
//! figures are far above any real use, and each says why it is where it is.

use std::time::Duration;

/// The largest game record read, in bytes: 64 MiB. A record costs about 32 bytes per
/// action (pretty JSON), and the longest game any configuration allows, a 4-player
/// Laissez-faire game at its 100 000-round cap, runs to some 800 000 actions, or 25 MB; the
/// default 200 rounds give 50 KB.
pub const RECORD_BYTES: u64 = 64 << 20;

/// The largest rules data file (a card deck, a board) or design read, in bytes: 1 MiB,
/// about a hundred times the largest built-in file (a deck holds at most 64 cards, a board
/// 40 spaces, a design 16 x 16 cells).
pub const DATA_BYTES: u64 = 1 << 20;

/// The most worker threads any command or bot starts: 256. More threads than cores only
/// add switching; 256 covers the largest machines with room to spare, while thousands of
/// threads would exhaust memory for their stacks.
pub const THREADS: usize = 256;

/// The most games one simulation, arena or odds run plays: one billion. At that count a
/// win rate's 95% interval is ±0.003 percentage points, finer than any balance question
/// needs; beyond it a run takes days.
pub const GAMES: u64 = 1_000_000_000;

/// The most search iterations per decision: one million, a hundred times the `hard`
/// level. The search tree grows by about one node per iteration, so this also bounds its
/// memory (some hundred megabytes at worst).
pub const SEARCH_ITERATIONS: u64 = 1_000_000;

/// The longest search per decision: one minute. A time-budgeted search also stops at
/// [`SEARCH_ITERATIONS`], so a fast machine cannot grow the tree past that bound either.
pub const SEARCH_TIME: Duration = Duration::from_secs(60);

/// The largest node budget of the solitaire's clairvoyant solver, per deal: ten million
/// nodes, 500 times the default. The solver's table of lost positions gains at most one
/// entry per node, so this also caps its memory (a few hundred megabytes).
pub const SOLVER_NODES: u64 = 10_000_000;
