//! Tables in a SQLite file: the embedded default, for one server process.
//!
//! # Durable commits, batched across tables
//!
//! [`SqliteStore`] has one writer task that owns the only writing connection. Writes are
//! queued to it; it takes every write waiting in its queue, commits them in one transaction
//! (the database in write-ahead-log mode with `synchronous=FULL`, so a commit is on disk when
//! it returns) and only then answers each writer. Under load many tables' moves share one
//! disk flush; alone, a move waits for exactly one.

use std::str::FromStr;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteRow, SqliteSynchronous,
};
use sqlx::{Row, SqlitePool};
use tokio::sync::{broadcast, mpsc, oneshot};

use super::{
    Change, Stamp, Store, StoreError, StoreFuture, StoredAction, StoredSeat, StoredTable,
    check_plies, clock_of, count, parse_seats,
};

/// The schema, one step per migration; `PRAGMA user_version` counts the steps applied.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE tables (
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
    ) WITHOUT ROWID;",
    // Every table's stamp, checked and moved on by every write.
    "ALTER TABLE tables ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET plies = (SELECT count(*) FROM actions WHERE table_id = tables.id);",
    // The move clock: a table's seconds a decision (NULL: none, as for every table stored
    // before), and which actions it played.
    "ALTER TABLE tables ADD COLUMN clock INTEGER;
    ALTER TABLE actions ADD COLUMN timed INTEGER NOT NULL DEFAULT 0;",
];

/// A write waiting for the writer task.
enum Write {
    Table {
        id: String,
        game: String,
        seats: String,
        clock: Option<u32>,
    },
    Action {
        table: String,
        at: Stamp,
        actions: Vec<StoredAction>,
    },
    Undo {
        table: String,
        at: Stamp,
    },
}

/// A write and where its answer goes.
type Queued = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 512;

/// The most actions inserted by one statement (five parameters each, well under SQLite's
/// limit of 32,766).
const MAX_ROWS: usize = 2_048;

/// Tables in a SQLite file.
pub struct SqliteStore {
    pool: SqlitePool,
    writes: mpsc::Sender<Queued>,
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

    /// The table of a row of `tables` (id, game, seats, clock) with its actions.
    async fn read(&self, row: &SqliteRow) -> Result<StoredTable, StoreError> {
        let id: String = row.get(0);
        let id = id.as_str();
        let rows = sqlx::query(
            "SELECT ply, action, text, timed FROM actions WHERE table_id = ? ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        check_plies(id, rows.iter().map(|r| r.get::<i64, _>(0)))?;
        let undos: i64 = sqlx::query("SELECT undos FROM tables WHERE id = ?")
            .bind(id)
            .fetch_one(&self.pool)
            .await?
            .get(0);
        Ok(StoredTable {
            id: id.to_owned(),
            seats: parse_seats(id, row.get(2))?,
            game: row.get(1),
            actions: rows
                .iter()
                .map(|row| StoredAction {
                    action: row.get(1),
                    text: row.get(2),
                    timed: row.get(3),
                })
                .collect(),
            undos: count(id, undos)?,
            clock: clock_of(id, row.get(3))?,
        })
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
/// the batch fails (one write is stale or breaks a constraint), each write is committed on
/// its own, so one bad write never fails the others.
async fn writer(pool: SqlitePool, mut queue: mpsc::Receiver<Queued>) {
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
            let _ = item.1.send(outcome);
        }
    }
}

/// Moves a table's stamp from `at` to `next`, or fails with [`StoreError::Stale`].
async fn advance(
    tx: &mut sqlx::SqliteConnection,
    table: &str,
    at: Stamp,
    next: Stamp,
) -> Result<(), StoreError> {
    let moved = sqlx::query(
        "UPDATE tables SET plies = ?, undos = ? WHERE id = ? AND plies = ? AND undos = ?",
    )
    .bind(next.plies as i64)
    .bind(next.undos as i64)
    .bind(table)
    .bind(at.plies as i64)
    .bind(at.undos as i64)
    .execute(&mut *tx)
    .await?;
    if moved.rows_affected() == 1 {
        return Ok(());
    }
    let now = sqlx::query("SELECT plies, undos FROM tables WHERE id = ?")
        .bind(table)
        .fetch_optional(&mut *tx)
        .await?;
    let now = match now {
        Some(row) => Stamp {
            plies: count(table, row.get(0))?,
            undos: count(table, row.get(1))?,
        },
        None => Stamp::default(),
    };
    Err(StoreError::Stale {
        table: table.to_owned(),
        now,
    })
}

/// Commits `batch` in one transaction, in order. Runs of appended actions go in one
/// statement each (after their stamps are checked), so a batch costs a few round trips to
/// SQLite's thread, not one per move.
async fn commit(pool: &SqlitePool, batch: &[Queued]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    let mut rest = batch;
    while let Some(((write, _), after)) = rest.split_first() {
        match write {
            Write::Table {
                id,
                game,
                seats,
                clock,
            } => {
                sqlx::query("INSERT INTO tables (id, game, seats, clock) VALUES (?, ?, ?, ?)")
                    .bind(id)
                    .bind(game)
                    .bind(seats)
                    .bind(clock.map(i64::from))
                    .execute(&mut *tx)
                    .await?;
                rest = after;
            }
            Write::Action { .. } => {
                // A run of appends, as many as keep one statement's rows bounded.
                let mut rows = 0;
                let run = rest
                    .iter()
                    .take_while(|(w, _)| match w {
                        Write::Action { actions, .. } => {
                            let fits = rows == 0 || rows + actions.len() <= MAX_ROWS;
                            rows += actions.len();
                            fits
                        }
                        _ => false,
                    })
                    .count();
                let mut sql = String::from(
                    "INSERT INTO actions (table_id, ply, action, text, timed) VALUES ",
                );
                let mut values = 0;
                for (w, _) in &rest[..run] {
                    if let Write::Action { table, at, actions } = w {
                        let next = Stamp {
                            plies: at.plies + actions.len() as u64,
                            ..*at
                        };
                        advance(&mut tx, table, *at, next).await?;
                        for _ in actions {
                            sql.push_str(if values == 0 {
                                "(?, ?, ?, ?, ?)"
                            } else {
                                ", (?, ?, ?, ?, ?)"
                            });
                            values += 1;
                        }
                    }
                }
                if values > 0 {
                    let mut query = sqlx::query(&sql);
                    for (w, _) in &rest[..run] {
                        if let Write::Action { table, at, actions } = w {
                            for (ply, action) in (at.plies..).zip(actions) {
                                query = query
                                    .bind(table)
                                    .bind(ply as i64)
                                    .bind(&action.action)
                                    .bind(&action.text)
                                    .bind(action.timed);
                            }
                        }
                    }
                    query.execute(&mut *tx).await?;
                }
                rest = &rest[run..];
            }
            Write::Undo { table, at } => {
                let Some(last) = at.plies.checked_sub(1) else {
                    return Err(StoreError::Stale {
                        table: table.clone(),
                        now: *at,
                    });
                };
                let next = Stamp {
                    plies: last,
                    undos: at.undos + 1,
                };
                advance(&mut tx, table, *at, next).await?;
                sqlx::query("DELETE FROM actions WHERE table_id = ? AND ply >= ?")
                    .bind(table)
                    .bind(last as i64)
                    .execute(&mut *tx)
                    .await?;
                rest = after;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

impl Store for SqliteStore {
    fn create_table<'a>(
        &'a self,
        id: &'a str,
        game: &'a str,
        seats: &'a [StoredSeat],
        clock: Option<u32>,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let seats = serde_json::to_string(seats).expect("seats serialise");
            self.write(Write::Table {
                id: id.to_owned(),
                game: game.to_owned(),
                seats,
                clock,
            })
            .await
        })
    }

    fn append_actions<'a>(
        &'a self,
        table: &'a str,
        at: Stamp,
        actions: Vec<StoredAction>,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            if actions.is_empty() {
                return Ok(());
            }
            self.write(Write::Action {
                table: table.to_owned(),
                at,
                actions,
            })
            .await
        })
    }

    fn undo_action<'a>(&'a self, table: &'a str, at: Stamp) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            self.write(Write::Undo {
                table: table.to_owned(),
                at,
            })
            .await
        })
    }

    fn load_table<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredTable>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT id, game, seats, clock FROM tables WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            match row {
                Some(row) => Ok(Some(self.read(&row).await?)),
                None => Ok(None),
            }
        })
    }

    fn load_tables(&self) -> StoreFuture<'_, Vec<StoredTable>> {
        Box::pin(async move {
            let rows =
                sqlx::query("SELECT id, game, seats, clock FROM tables ORDER BY created, id")
                    .fetch_all(&self.pool)
                    .await?;
            let mut tables = Vec::with_capacity(rows.len());
            for row in &rows {
                tables.push(self.read(row).await?);
            }
            Ok(tables)
        })
    }

    fn claim<'a>(&'a self, _table: &'a str) -> StoreFuture<'a, bool> {
        Box::pin(async { Ok(true) })
    }

    fn ping(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("SELECT 1").execute(&self.pool).await?;
            Ok(())
        })
    }

    fn release<'a>(&'a self, _table: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn changes(&self) -> Option<broadcast::Receiver<Change>> {
        None
    }
}
