//! Tables in PostgreSQL, for one or several server processes over one database.
//!
//! Every write is one transaction that checks and moves the table's [`Stamp`] (a row lock
//! on the table's row makes concurrent writers to one table take turns, and the loser sees
//! the new stamp and fails as stale) and, in the same transaction, sends a notification on
//! the channel [`CHANNEL`] naming the table and its new stamp. PostgreSQL delivers it to
//! every listening server when, and only when, the transaction commits; each server's
//! listener turns it into a [`Change`] for its open pages.
//!
//! The right to move a table's bots is a session-level advisory lock, taken on one
//! connection the server keeps for that purpose alone. If the server dies, PostgreSQL
//! closes its session and frees every lock it held, and another server's periodic check
//! takes the table over.
//!
//! If that connection is lost while the server lives (a network cut, a restarted
//! database, an administrator's `pg_terminate_backend`), its locks are gone too and
//! another server may take the tables over. So the server checks the connection every
//! [`CLAIMS_CHECK`] and before each claim is used: once it is lost, the server forgets
//! every table it held (their bots stop at their next move, see `table::drive`), connects
//! again, and claims afresh like any other server.

use std::collections::HashSet;
use std::str::FromStr;
use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions, PgRow};
use sqlx::{Connection, PgConnection, PgPool, Row};
use tokio::sync::{Mutex, broadcast};

use super::{
    Change, Stamp, Store, StoreError, StoreFuture, StoredAction, StoredSeat, StoredTable,
    check_plies, clock_of, count, parse_seats,
};

/// The notification channel that carries changed tables.
pub const CHANNEL: &str = "gameshelf_tables";

/// The schema, one step per migration; the table `gameshelf_schema` counts the steps applied.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE tables (
        id TEXT PRIMARY KEY NOT NULL,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now(),
        plies BIGINT NOT NULL DEFAULT 0,
        undos BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        ply BIGINT NOT NULL,
        action TEXT NOT NULL,
        text TEXT,
        PRIMARY KEY (table_id, ply)
    );",
    // The move clock: a table's seconds a decision (NULL: none, as for every table stored
    // before), and which actions it played.
    "ALTER TABLE tables ADD COLUMN clock BIGINT;
    ALTER TABLE actions ADD COLUMN timed BOOLEAN NOT NULL DEFAULT false;",
];

/// A key for PostgreSQL's advisory locks that no other program is likely to use: it
/// serialises migrations between servers starting at once.
const MIGRATION_LOCK: i64 = 0x6761_6d65_7368_656c; // "gameshel"

/// How many connections one server keeps to the database.
const POOL_SIZE: u32 = 16;

/// How often the connection holding the claims is checked.
pub const CLAIMS_CHECK: Duration = Duration::from_secs(1);

/// The name the claims' connection shows in `pg_stat_activity`.
pub const CLAIMS_APPLICATION: &str = "gameshelf claims";

/// Tables in a PostgreSQL database.
pub struct PgStore {
    pool: PgPool,
    claims: Arc<Mutex<Claims>>,
    changes: broadcast::Sender<Change>,
}

/// The session that holds this server's advisory locks, and the tables it holds.
struct Claims {
    options: PgConnectOptions,
    /// `None` once lost, until connected again.
    conn: Option<PgConnection>,
    held: HashSet<String>,
}

impl Claims {
    /// The session, connected again if it was lost.
    async fn session(&mut self) -> Result<&mut PgConnection, StoreError> {
        if self.conn.is_none() {
            self.conn = Some(PgConnection::connect_with(&self.options).await?);
        }
        Ok(self.conn.as_mut().expect("connected above"))
    }

    /// Forgets a session that failed: every lock it held is gone with it.
    fn lost(&mut self) {
        if self.conn.take().is_some() {
            tracing::warn!(
                tables = self.held.len(),
                "lost the connection holding this server's claims; its tables' bots stop until claimed again"
            );
        }
        self.held.clear();
    }

    /// Checks the session, connecting again if it was lost.
    async fn check(&mut self) -> Result<(), StoreError> {
        if let Some(conn) = self.conn.as_mut()
            && conn.ping().await.is_err()
        {
            self.lost();
        }
        self.session().await.map(drop)
    }
}

/// Checks the claims' session every [`CLAIMS_CHECK`] while the store lives, so a lost
/// session is noticed even when no claim is asked for.
async fn watch_claims(claims: Weak<Mutex<Claims>>) {
    loop {
        tokio::time::sleep(CLAIMS_CHECK).await;
        let Some(claims) = claims.upgrade() else {
            return;
        };
        if let Err(e) = claims.lock().await.check().await {
            tracing::warn!(error = %e, "cannot connect again for the claims; trying again");
        }
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://USER@HOST:PORT/DATABASE`), brings
    /// its schema up to date and starts listening for other servers' changes.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the database cannot be reached or migrated.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?.application_name("gameshelf");
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .connect_with(options.clone())
            .await?;
        migrate(&pool).await?;
        let claims_options = options.clone().application_name(CLAIMS_APPLICATION);
        let claims = Arc::new(Mutex::new(Claims {
            conn: Some(PgConnection::connect_with(&claims_options).await?),
            options: claims_options,
            held: HashSet::new(),
        }));
        tokio::spawn(watch_claims(Arc::downgrade(&claims)));
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(CHANNEL).await?;
        let (changes, _) = broadcast::channel(1024);
        tokio::spawn(listen(listener, changes.clone()));
        Ok(PgStore {
            pool,
            claims,
            changes,
        })
    }

    /// The table of a row of `tables` (id, game, seats, clock) with its actions.
    async fn read(&self, row: &PgRow) -> Result<StoredTable, StoreError> {
        let id: String = row.get(0);
        let id = id.as_str();
        // One snapshot for the stamp and the actions, so they agree.
        let mut tx = self.pool.begin().await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            .execute(&mut *tx)
            .await?;
        let undos: i64 = sqlx::query("SELECT undos FROM tables WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        let rows = sqlx::query(
            "SELECT ply, action, text, timed FROM actions WHERE table_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        check_plies(id, rows.iter().map(|r| r.get::<i64, _>(0)))?;
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

    /// Moves a table's stamp from `at` to `next` and announces it, in one transaction
    /// with `then`'s writes.
    async fn advance(
        &self,
        table: &str,
        at: Stamp,
        next: Stamp,
        then: impl AsyncFnOnce(&mut PgConnection) -> Result<(), sqlx::Error>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE tables SET plies = $1, undos = $2 WHERE id = $3 AND plies = $4 AND undos = $5",
        )
        .bind(next.plies as i64)
        .bind(next.undos as i64)
        .bind(table)
        .bind(at.plies as i64)
        .bind(at.undos as i64)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            drop(tx);
            let now = sqlx::query("SELECT plies, undos FROM tables WHERE id = $1")
                .bind(table)
                .fetch_optional(&self.pool)
                .await?;
            let now = match now {
                Some(row) => Stamp {
                    plies: count(table, row.get(0))?,
                    undos: count(table, row.get(1))?,
                },
                None => Stamp::default(),
            };
            return Err(StoreError::Stale {
                table: table.to_owned(),
                now,
            });
        }
        then(&mut *tx).await?;
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(format!("{} {} {table}", next.plies, next.undos))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Applies the migrations the database has not seen yet, one server at a time.
async fn migrate(pool: &PgPool) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *tx)
        .await?;
    sqlx::raw_sql("CREATE TABLE IF NOT EXISTS gameshelf_schema (version INTEGER NOT NULL)")
        .execute(&mut *tx)
        .await?;
    let applied: Option<i32> = sqlx::query("SELECT max(version) FROM gameshelf_schema")
        .fetch_one(&mut *tx)
        .await?
        .get(0);
    let applied = applied.unwrap_or(0).max(0) as usize;
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(applied) {
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO gameshelf_schema (version) VALUES ($1)")
            .bind((step + 1) as i32)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Turns notifications into [`Change`]s. When the listening connection is lost (and
/// notifications with it), the receivers are told to read everything again by a lag.
async fn listen(mut listener: PgListener, changes: broadcast::Sender<Change>) {
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => {
                if let Some(change) = parse_change(note.payload()) {
                    let _ = changes.send(change);
                }
            }
            // The connection was lost and made again: what was sent meanwhile is gone.
            Ok(None) => {
                tracing::warn!(
                    "lost the connection that hears other servers' moves; every table is read again"
                );
                let _ = changes.send(Change::Missed);
            }
            Err(e) => {
                tracing::warn!(error = %e, "listening for other servers' moves failed; trying again");
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        }
    }
}

/// Reads a notification: `PLIES UNDOS TABLE`.
fn parse_change(payload: &str) -> Option<Change> {
    let mut parts = payload.splitn(3, ' ');
    let plies = parts.next()?.parse().ok()?;
    let undos = parts.next()?.parse().ok()?;
    let table = parts.next()?.to_owned();
    Some(Change::Moved {
        table,
        stamp: Stamp { plies, undos },
    })
}

/// The advisory-lock key of a table: FNV-1a of its id, as PostgreSQL's `bigint`.
fn lock_key(table: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in table.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash as i64
}

impl Store for PgStore {
    fn create_table<'a>(
        &'a self,
        id: &'a str,
        game: &'a str,
        seats: &'a [StoredSeat],
        clock: Option<u32>,
    ) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let seats = serde_json::to_string(seats).expect("seats serialise");
            sqlx::query("INSERT INTO tables (id, game, seats, clock) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(game)
                .bind(seats)
                .bind(clock.map(i64::from))
                .execute(&self.pool)
                .await?;
            Ok(())
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
            let next = Stamp {
                plies: at.plies + actions.len() as u64,
                ..at
            };
            self.advance(table, at, next, async |tx| {
                for (ply, action) in (at.plies..).zip(&actions) {
                    sqlx::query(
                        "INSERT INTO actions (table_id, ply, action, text, timed)
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(table)
                    .bind(ply as i64)
                    .bind(&action.action)
                    .bind(&action.text)
                    .bind(action.timed)
                    .execute(&mut *tx)
                    .await?;
                }
                Ok(())
            })
            .await
        })
    }

    fn undo_action<'a>(&'a self, table: &'a str, at: Stamp) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let Some(last) = at.plies.checked_sub(1) else {
                return Err(StoreError::Stale {
                    table: table.to_owned(),
                    now: at,
                });
            };
            let next = Stamp {
                plies: last,
                undos: at.undos + 1,
            };
            self.advance(table, at, next, async |tx| {
                sqlx::query("DELETE FROM actions WHERE table_id = $1 AND ply >= $2")
                    .bind(table)
                    .bind(last as i64)
                    .execute(tx)
                    .await
                    .map(drop)
            })
            .await
        })
    }

    fn load_table<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<StoredTable>> {
        Box::pin(async move {
            let row = sqlx::query("SELECT id, game, seats, clock FROM tables WHERE id = $1")
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

    fn claim<'a>(&'a self, table: &'a str) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut claims = self.claims.lock().await;
            if claims.held.contains(table) {
                return Ok(true);
            }
            let conn = claims.session().await?;
            let got = match sqlx::query("SELECT pg_try_advisory_lock($1)")
                .bind(lock_key(table))
                .fetch_one(&mut *conn)
                .await
            {
                Ok(row) => row.get::<bool, _>(0),
                Err(e) => {
                    claims.lost();
                    return Err(e.into());
                }
            };
            if got {
                claims.held.insert(table.to_owned());
            }
            Ok(got)
        })
    }

    fn ping(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            sqlx::query("SELECT 1").execute(&self.pool).await?;
            Ok(())
        })
    }

    fn release<'a>(&'a self, table: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut claims = self.claims.lock().await;
            if claims.held.remove(table)
                && let Some(conn) = claims.conn.as_mut()
            {
                sqlx::query("SELECT pg_advisory_unlock($1)")
                    .bind(lock_key(table))
                    .execute(conn)
                    .await?;
            }
            Ok(())
        })
    }

    fn changes(&self) -> Option<broadcast::Receiver<Change>> {
        Some(self.changes.subscribe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notifications_read_back_with_spaces_in_the_id() {
        let change = parse_change("12 3 a b").unwrap();
        let moved = Change::Moved {
            table: "a b".to_owned(),
            stamp: Stamp {
                plies: 12,
                undos: 3,
            },
        };
        assert_eq!(change, moved);
        assert_eq!(parse_change("x 3 t"), None);
        assert_eq!(parse_change("1 2"), None);
    }

    #[test]
    fn lock_keys_differ_between_ids() {
        assert_ne!(lock_key("a"), lock_key("b"));
        assert_eq!(lock_key("abc"), lock_key("abc"));
    }
}
