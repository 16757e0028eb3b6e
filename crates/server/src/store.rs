//! Durable storage of tables: one small interface, [`Store`], and its SQLite implementation.
//!
//! A table is stored as what the engine needs to rebuild it: its game string, its seats and
//! its action list (the engine's record, chance outcomes included, with the free texts some
//! actions carry). The server restores every table on start by replaying its actions.
//!
//! # Durable commits, batched across tables
//!
//! [`SqliteStore`] has one writer task that owns the only writing connection. Writes are
//! queued to it; it takes every write waiting in its queue, commits them in one transaction
//! (the database in write-ahead-log mode with `synchronous=FULL`, so a commit is on disk when
//! it returns) and only then answers each writer. Under load many tables' moves share one
//! disk flush; alone, a move waits for exactly one.

use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use tokio::sync::{mpsc, oneshot};

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
    #[error("unsupported database URL {0:?}: expected sqlite:PATH")]
    UnsupportedUrl(String),
    /// The writer task has stopped (the server is shutting down).
    #[error("the database writer has stopped")]
    Closed,
    /// A stored row could not be read back.
    #[error("stored table {table} is unreadable: {reason}")]
    Corrupt {
        /// The table id.
        table: String,
        /// What is wrong.
        reason: String,
    },
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
}

/// Where tables are kept. Every write returns once it is durable.
pub trait Store: Send + Sync + 'static {
    /// Stores a new table with no actions.
    fn create_table<'a>(
        &'a self,
        id: &'a str,
        game: &'a str,
        seats: &'a [StoredSeat],
    ) -> StoreFuture<'a, ()>;

    /// Appends the action number `ply` (0-based) of a table.
    fn append_action<'a>(
        &'a self,
        table: &'a str,
        ply: usize,
        action: StoredAction,
    ) -> StoreFuture<'a, ()>;

    /// Removes the actions of a table from number `ply` on (an undo).
    fn truncate_actions<'a>(&'a self, table: &'a str, ply: usize) -> StoreFuture<'a, ()>;

    /// Every stored table with its actions.
    fn load_tables(&self) -> StoreFuture<'_, Vec<StoredTable>>;
}

/// The schema, one step per migration; `PRAGMA user_version` counts the steps applied.
const MIGRATIONS: &[&str] = &["CREATE TABLE tables (
        id TEXT PRIMARY KEY NOT NULL,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        created INTEGER NOT NULL DEFAULT (unixepoch())
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        ply INTEGER NOT NULL,
        action TEXT NOT NULL,
        text TEXT,
        PRIMARY KEY (table_id, ply)
    ) WITHOUT ROWID;"];

/// A write waiting for the writer task.
enum Write {
    Table {
        id: String,
        game: String,
        seats: String,
    },
    Action {
        table: String,
        ply: i64,
        action: StoredAction,
    },
    Truncate {
        table: String,
        ply: i64,
    },
}

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 512;

/// Tables in a SQLite file.
pub struct SqliteStore {
    pool: SqlitePool,
    writes: mpsc::Sender<(Write, oneshot::Sender<Result<(), StoreError>>)>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `url` (`sqlite:PATH` or `sqlite://PATH`)
    /// and brings its schema up to date.
    ///
    /// # Errors
    /// [`StoreError::UnsupportedUrl`] for another kind of URL, [`StoreError::Database`] when
    /// the file cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<SqliteStore, StoreError> {
        if !url.starts_with("sqlite:") {
            return Err(StoreError::UnsupportedUrl(url.to_owned()));
        }
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await?;
        migrate(&pool).await?;
        let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(writer(pool.clone(), rx));
        Ok(SqliteStore { pool, writes: tx })
    }

    async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.writes
            .send((write, done))
            .await
            .map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }
}

/// Applies the migrations the database has not seen yet.
async fn migrate(pool: &SqlitePool) -> Result<(), StoreError> {
    let applied: i64 = sqlx::query("PRAGMA user_version")
        .fetch_one(pool)
        .await?
        .get(0);
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(applied.max(0) as usize) {
        let mut tx = pool.begin().await?;
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::raw_sql(&format!("PRAGMA user_version = {}", step + 1))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }
    Ok(())
}

/// The writer task: commits every waiting write in one transaction, then answers them. If
/// the batch fails (one write breaks a constraint), each write is committed on its own, so
/// one bad write never fails the others.
async fn writer(
    pool: SqlitePool,
    mut queue: mpsc::Receiver<(Write, oneshot::Sender<Result<(), StoreError>>)>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        if batch.len() > 1 && commit(&pool, &batch).await.is_ok() {
            for (_, done) in batch.drain(..) {
                // A writer that gave up waiting no longer needs its answer.
                let _ = done.send(Ok(()));
            }
            continue;
        }
        for item in batch.drain(..) {
            let outcome = commit(&pool, std::slice::from_ref(&item)).await;
            let _ = item.1.send(outcome.map_err(StoreError::from));
        }
    }
}

/// Commits `batch` in one transaction, in order. Runs of appended actions go in one
/// statement each, so a batch costs a few round trips to SQLite's thread, not one per move.
async fn commit(
    pool: &SqlitePool,
    batch: &[(Write, oneshot::Sender<Result<(), StoreError>>)],
) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut rest = batch;
    while let Some(((write, _), after)) = rest.split_first() {
        match write {
            Write::Table { id, game, seats } => {
                sqlx::query("INSERT INTO tables (id, game, seats) VALUES (?, ?, ?)")
                    .bind(id)
                    .bind(game)
                    .bind(seats)
                    .execute(&mut *tx)
                    .await?;
                rest = after;
            }
            Write::Action { .. } => {
                let run = rest
                    .iter()
                    .take_while(|(w, _)| matches!(w, Write::Action { .. }))
                    .count();
                let mut sql =
                    String::from("INSERT INTO actions (table_id, ply, action, text) VALUES ");
                for i in 0..run {
                    sql.push_str(if i == 0 {
                        "(?, ?, ?, ?)"
                    } else {
                        ", (?, ?, ?, ?)"
                    });
                }
                let mut query = sqlx::query(&sql);
                for (w, _) in &rest[..run] {
                    if let Write::Action { table, ply, action } = w {
                        query = query
                            .bind(table)
                            .bind(ply)
                            .bind(&action.action)
                            .bind(&action.text);
                    }
                }
                query.execute(&mut *tx).await?;
                rest = &rest[run..];
            }
            Write::Truncate { table, ply } => {
                sqlx::query("DELETE FROM actions WHERE table_id = ? AND ply >= ?")
                    .bind(table)
                    .bind(ply)
                    .execute(&mut *tx)
                    .await?;
                rest = after;
            }
        }
    }
    tx.commit().await
}

impl Store for SqliteStore {
    fn create_table<'a>(
        &'a self,
        id: &'a str,
        game: &'a str,
        seats: &'a [StoredSeat],
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let seats = serde_json::to_string(seats).expect("seats serialise");
            self.write(Write::Table {
                id: id.to_owned(),
                game: game.to_owned(),
                seats,
            })
            .await
        })
    }

    fn append_action<'a>(
        &'a self,
        table: &'a str,
        ply: usize,
        action: StoredAction,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.write(Write::Action {
                table: table.to_owned(),
                ply: ply as i64,
                action,
            })
            .await
        })
    }

    fn truncate_actions<'a>(&'a self, table: &'a str, ply: usize) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.write(Write::Truncate {
                table: table.to_owned(),
                ply: ply as i64,
            })
            .await
        })
    }

    fn load_tables(&self) -> StoreFuture<'_, Vec<StoredTable>> {
        Box::pin(async move {
            let rows = sqlx::query("SELECT id, game, seats FROM tables ORDER BY created, id")
                .fetch_all(&self.pool)
                .await?;
            let mut tables = Vec::with_capacity(rows.len());
            for row in rows {
                let id: String = row.get(0);
                let seats: String = row.get(2);
                let seats = serde_json::from_str(&seats).map_err(|e| StoreError::Corrupt {
                    table: id.clone(),
                    reason: format!("seats: {e}"),
                })?;
                let actions = sqlx::query(
                    "SELECT ply, action, text FROM actions WHERE table_id = ? ORDER BY ply",
                )
                .bind(&id)
                .fetch_all(&self.pool)
                .await?;
                let mut list = Vec::with_capacity(actions.len());
                for (i, row) in actions.iter().enumerate() {
                    let ply: i64 = row.get(0);
                    if ply != i as i64 {
                        return Err(StoreError::Corrupt {
                            table: id,
                            reason: format!("action {i} is missing"),
                        });
                    }
                    list.push(StoredAction {
                        action: row.get(1),
                        text: row.get(2),
                    });
                }
                tables.push(StoredTable {
                    id,
                    game: row.get(1),
                    seats,
                    actions: list,
                });
            }
            Ok(tables)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_url(name: &str) -> (String, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "gameshelf-store-{name}-{}-{}",
            std::process::id(),
            crate::token::random_hex(4)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        (format!("sqlite:{}", path.display()), dir)
    }

    #[tokio::test]
    async fn tables_and_actions_survive_a_reopen() {
        let (url, dir) = temp_url("reopen");
        let seats = vec![
            StoredSeat::Human { token: "ab".into() },
            StoredSeat::Bot {
                spec: "heuristic".into(),
            },
        ];
        {
            let store = SqliteStore::open(&url).await.unwrap();
            store.create_table("t1", "osbo", &seats).await.unwrap();
            for ply in 0..3 {
                let action = StoredAction {
                    action: format!("{ply}"),
                    text: (ply == 1).then(|| "hi".to_owned()),
                };
                store.append_action("t1", ply, action).await.unwrap();
            }
        }
        let store = SqliteStore::open(&url).await.unwrap();
        let tables = store.load_tables().await.unwrap();
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].game, "osbo");
        assert_eq!(tables[0].seats, seats);
        let actions: Vec<&str> = tables[0]
            .actions
            .iter()
            .map(|a| a.action.as_str())
            .collect();
        assert_eq!(actions, ["0", "1", "2"]);
        assert_eq!(tables[0].actions[1].text.as_deref(), Some("hi"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_duplicate_ply_is_refused_and_an_undo_frees_it() {
        let (url, dir) = temp_url("dup");
        let store = SqliteStore::open(&url).await.unwrap();
        store.create_table("t", "osbo", &[]).await.unwrap();
        let action = || StoredAction {
            action: "1".into(),
            text: None,
        };
        store.append_action("t", 0, action()).await.unwrap();
        assert!(store.append_action("t", 0, action()).await.is_err());
        assert_eq!(store.load_tables().await.unwrap()[0].actions.len(), 1);
        // An undo removes the last action; the ply can then be played again.
        store.truncate_actions("t", 0).await.unwrap();
        assert!(store.load_tables().await.unwrap()[0].actions.is_empty());
        store.append_action("t", 0, action()).await.unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn other_urls_are_refused() {
        let e = SqliteStore::open("postgres://x").await.err().unwrap();
        assert!(matches!(e, StoreError::UnsupportedUrl(_)), "{e}");
    }
}
