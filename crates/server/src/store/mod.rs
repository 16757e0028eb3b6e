//! Durable storage of tables: one small interface, [`Store`], with two implementations:
//! [`SqliteStore`], the embedded default for one server process, and [`PgStore`], for one
//! or several server processes over one PostgreSQL database.
//!
//! A table is stored as what the engine needs to rebuild it: its game string, its seats and
//! its action list (the engine's record, chance outcomes included, with the free texts some
//! actions carry), with its move clock, if it has one, and which actions the clock played
//! (for the log's words; the record itself does not say).
//!
//! # Several writers, one history
//!
//! Every write names the [`Stamp`] its writer last saw: how many actions the table holds
//! and how many undos it has had. The write happens only if the stored table still has
//! that stamp, and moves it on in the same transaction; otherwise it fails with
//! [`StoreError::Stale`] and changes nothing. So two servers can never both append the
//! n-th action of a table, an undo can never remove a move it did not see, and the undo
//! count (which only grows) rules out the case where an undo and a new move bring the
//! table back to the same length. The loser re-reads the table and tries again on the new
//! state.
//!
//! # Who moves the bots
//!
//! A table's bots and dice must move on one server at a time. [`Store::claim`] asks for
//! that right; PostgreSQL holds it as an advisory lock on the server's own connection, so
//! it is given up the moment that server dies and another can take it.

mod postgres;
pub mod scratch;
mod sqlite;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

pub use postgres::{CLAIMS_APPLICATION, PgStore};
pub use sqlite::SqliteStore;

/// What a storage call returns.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Why the storage failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The database URL is not one this build can open.
    #[error(
        "unsupported database URL {0:?}: expected sqlite:PATH or postgres://USER@HOST/DATABASE"
    )]
    UnsupportedUrl(String),
    /// The writer task has stopped (the server is shutting down).
    #[error("the database writer has stopped")]
    Closed,
    /// The table changed since the writer last read it: another server (or an undo) got
    /// there first. Nothing was written.
    #[error("table {table} changed since it was read: it is now at {now}")]
    Stale {
        /// The table id.
        table: String,
        /// The stored stamp now, if the table exists.
        now: Stamp,
    },
    /// A stored row could not be read back.
    #[error("stored table {table} is unreadable: {reason}")]
    Corrupt {
        /// The table id.
        table: String,
        /// What is wrong.
        reason: String,
    },
}

/// Where a table's history stands: the number of actions and the number of undos so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// Actions stored.
    pub plies: u64,
    /// Undos made (it only grows).
    pub undos: u64,
}

impl std::fmt::Display for Stamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ply {} after {} undos", self.plies, self.undos)
    }
}

/// What other servers did to the tables of a shared store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A table was changed: it now stands at `stamp`.
    Moved {
        /// The table id.
        table: String,
        /// Its stamp after the change.
        stamp: Stamp,
    },
    /// Changes may have been missed (the connection that hears them was lost and made
    /// again): every table should be read again.
    Missed,
}

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum StoredSeat {
    /// A person, whose invite link carries this token.
    Human {
        /// The seat's credential.
        token: String,
    },
    /// A bot, by its spec (`heuristic`, `mcts:2000`, ...).
    Bot {
        /// The bot spec.
        spec: String,
    },
}

/// One stored action: the engine's action as JSON and, for actions that carry one, its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    /// The action, serialised by the game.
    pub action: String,
    /// The free text written with it, if the action carries one.
    pub text: Option<String>,
    /// Whether the move clock played it for a person whose time ran out.
    pub timed: bool,
}

/// A table as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// Its id.
    pub id: String,
    /// The canonical game string.
    pub game: String,
    /// Who sits in each seat.
    pub seats: Vec<StoredSeat>,
    /// Every action played, in order.
    pub actions: Vec<StoredAction>,
    /// The undos made so far.
    pub undos: u64,
    /// The seconds a person has for each decision, if the table has a move clock (tables
    /// stored before clocks existed have none).
    pub clock: Option<u32>,
}

impl StoredTable {
    /// The table's stamp.
    pub fn stamp(&self) -> Stamp {
        Stamp {
            plies: self.actions.len() as u64,
            undos: self.undos,
        }
    }
}

/// Where tables are kept. Every write returns once it is durable.
pub trait Store: Send + Sync + 'static {
    /// Stores a new table with no actions and, with `clock`, the seconds a person has for
    /// each decision.
    fn create_table<'a>(
        &'a self,
        id: &'a str,
        game: &'a str,
        seats: &'a [StoredSeat],
        clock: Option<u32>,
    ) -> StoreFuture<'a, ()>;

    /// Appends the next actions of a table whose history stands at `at`, all or none, in
    /// one transaction (a move and the roll it leads to, say). Nothing to append is no write.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the stored table is no longer at `at`.
    fn append_actions<'a>(
        &'a self,
        table: &'a str,
        at: Stamp,
        actions: Vec<StoredAction>,
    ) -> StoreFuture<'a, ()>;

    /// Appends the next action of a table whose history stands at `at`.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the stored table is no longer at `at`.
    fn append_action<'a>(
        &'a self,
        table: &'a str,
        at: Stamp,
        action: StoredAction,
    ) -> StoreFuture<'a, ()> {
        self.append_actions(table, at, vec![action])
    }

    /// Removes the last action of a table whose history stands at `at` (an undo).
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the stored table is no longer at `at`.
    fn undo_action<'a>(&'a self, table: &'a str, at: Stamp) -> StoreFuture<'a, ()>;

    /// One stored table with its actions, if there is one with this id.
    fn load_table<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredTable>>;

    /// Every stored table with its actions.
    fn load_tables(&self) -> StoreFuture<'_, Vec<StoredTable>>;

    /// Asks for the right to move the bots and dice of a table; `true` if this server has
    /// it (now or already). Where only one server uses the store, it always has.
    fn claim<'a>(&'a self, table: &'a str) -> StoreFuture<'a, bool>;

    /// Checks that the database answers (for the readiness probe).
    fn ping(&self) -> StoreFuture<'_, ()>;

    /// Gives up the right to move a table's bots (its game is over).
    fn release<'a>(&'a self, table: &'a str) -> StoreFuture<'a, ()>;

    /// The tables other servers change, as they change, if other servers can share this
    /// store. A receiver that lags should read every table again, as for [`Change::Missed`].
    fn changes(&self) -> Option<broadcast::Receiver<Change>>;
}

/// Opens the store at `url`: `sqlite:PATH` (made if missing) or `postgres://...`
/// (`postgresql://` too), bringing its schema up to date.
///
/// # Errors
/// [`StoreError::UnsupportedUrl`] for another kind of URL, [`StoreError::Database`] when
/// the database cannot be reached or migrated.
pub async fn open(url: &str) -> Result<Arc<dyn Store>, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::open(url).await?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::open(url).await?))
    } else {
        Err(StoreError::UnsupportedUrl(url.to_owned()))
    }
}

/// A database URL as it may be printed: the password, if any, replaced by `***`.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((userinfo, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

/// Reads stored seats back.
fn parse_seats(table: &str, seats: &str) -> Result<Vec<StoredSeat>, StoreError> {
    serde_json::from_str(seats).map_err(|e| StoreError::Corrupt {
        table: table.to_owned(),
        reason: format!("seats: {e}"),
    })
}

/// Checks that stored plies run 0, 1, 2, ... without a gap.
fn check_plies(table: &str, plies: impl Iterator<Item = i64>) -> Result<(), StoreError> {
    for (i, ply) in plies.enumerate() {
        if ply != i as i64 {
            return Err(StoreError::Corrupt {
                table: table.to_owned(),
                reason: format!("action {i} is missing"),
            });
        }
    }
    Ok(())
}

/// A stored clock as the seconds it stands for (`None`: no clock).
fn clock_of(table: &str, value: Option<i64>) -> Result<Option<u32>, StoreError> {
    value
        .map(|seconds| {
            u32::try_from(seconds).map_err(|_| StoreError::Corrupt {
                table: table.to_owned(),
                reason: format!("clock of {seconds} s"),
            })
        })
        .transpose()
}

/// A stored count as the `u64` it stands for.
fn count(table: &str, value: i64) -> Result<u64, StoreError> {
    u64::try_from(value).map_err(|_| StoreError::Corrupt {
        table: table.to_owned(),
        reason: format!("negative count {value}"),
    })
}
