//! `gameshelf serve` (and `gameshelf` with no command): the web app.

use std::time::Duration;

use anyhow::Result;
use gameshelf_server::store::redacted;
use gameshelf_server::{Config, default_db_url};

use crate::args::ServeArgs;

/// The address served when none is given.
const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// The pause before bots and dice move when none is given, in milliseconds.
const DEFAULT_PAUSE_MS: u64 = 600;

pub fn run(args: &ServeArgs) -> Result<()> {
    let addr = match args.addr {
        Some(addr) => addr,
        None => DEFAULT_ADDR.parse()?,
    };
    let db = match args.db.clone().or_else(database_url) {
        Some(url) => url,
        None => default_db_url()?,
    };
    let mut config = Config::new(addr, db.clone());
    config.bot_pause = Duration::from_millis(args.bot_pause.unwrap_or(DEFAULT_PAUSE_MS));
    gameshelf_server::serve(config, |addr| {
        let db = redacted(&db);
        out!("gameshelf serves the web app; open http://{addr}/ (database {db})");
    })?;
    Ok(())
}

/// `$DATABASE_URL`, the usual way to hand a service its database, when set.
fn database_url() -> Option<String> {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
}
