//! Throwaway PostgreSQL databases, one per test or benchmark run, so runs can go side by
//! side on one server and leave nothing behind.

use std::str::FromStr;

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection, PgConnection};

use super::StoreError;

/// The server tests and benchmarks use: `$GAMESHELF_TEST_PG`, else the local server's
/// `test` database as `postgres` (trust authentication).
pub fn admin_url() -> String {
    std::env::var("GAMESHELF_TEST_PG")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

/// A fresh, empty database, dropped (with its connections) when this is dropped.
pub struct ScratchDb {
    admin: PgConnectOptions,
    name: String,
    url: String,
}

impl ScratchDb {
    /// Makes a database with a random name on the server of `admin_url`.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the server cannot be reached or refuses.
    pub async fn create(admin_url: &str) -> Result<ScratchDb, StoreError> {
        let admin = PgConnectOptions::from_str(admin_url)?;
        let name = format!("gameshelf_scratch_{}", crate::token::random_hex(8));
        let mut conn = PgConnection::connect_with(&admin).await?;
        sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await?;
        conn.close().await?;
        let url = admin.clone().database(&name).to_url_lossy().to_string();
        Ok(ScratchDb { admin, name, url })
    }

    /// [`ScratchDb::create`] for code outside an async runtime.
    ///
    /// # Errors
    /// As for [`ScratchDb::create`].
    pub fn create_blocking(admin_url: &str) -> Result<ScratchDb, StoreError> {
        let admin_url = admin_url.to_owned();
        on_own_runtime(move || async move { ScratchDb::create(&admin_url).await })
            .unwrap_or_else(|e| Err(StoreError::Database(sqlx::Error::Io(e))))
    }

    /// Its URL.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for ScratchDb {
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        let dropped = on_own_runtime(move || async move {
            let mut conn = PgConnection::connect_with(&admin).await?;
            sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut conn)
                .await?;
            conn.close().await
        });
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("gameshelf: cannot drop scratch database {}: {e}", self.name),
            Err(e) => eprintln!("gameshelf: cannot drop scratch database {}: {e}", self.name),
        }
    }
}

/// Runs `work` to the end on a runtime of its own, on a thread of its own, so it works
/// from inside another runtime (as `Drop` may run) and from outside any.
fn on_own_runtime<T: Send + 'static, F: std::future::Future<Output = T>>(
    work: impl FnOnce() -> F + Send + 'static,
) -> std::io::Result<T> {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        Ok(runtime.block_on(work()))
    })
    .join()
    .unwrap_or_else(|_| {
        Err(std::io::Error::other(
            "the scratch database thread panicked",
        ))
    })
}
