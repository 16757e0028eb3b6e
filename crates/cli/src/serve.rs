//! `gameshelf serve` (and `gameshelf` with no command): the web app.

use std::time::Duration;

use anyhow::Result;
use gameshelf_server::store::redacted;
use gameshelf_server::{Config, default_db_url};

use crate::args::{LogFormat, ServeArgs};

/// The address served when none is given.
const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// The pause before bots and dice move when none is given, in milliseconds.
const DEFAULT_PAUSE_MS: u64 = 600;

pub fn run(args: &ServeArgs) -> Result<()> {
    install_log(log_format(args.log_format)?);
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
        tracing::info!(%addr, %db, "serving");
    })?;
    Ok(())
}

/// `$DATABASE_URL`, the usual way to hand a service its database, when set.
fn database_url() -> Option<String> {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
}

/// The log format: the flag, else `$GAMESHELF_LOG_FORMAT`, else text.
fn log_format(flag: Option<LogFormat>) -> Result<LogFormat> {
    if let Some(format) = flag {
        return Ok(format);
    }
    match std::env::var("GAMESHELF_LOG_FORMAT").as_deref() {
        Err(_) | Ok("") | Ok("text") => Ok(LogFormat::Text),
        Ok("json") => Ok(LogFormat::Json),
        Ok(other) => {
            anyhow::bail!("GAMESHELF_LOG_FORMAT is {other:?}: it must be `text` or `json`")
        }
    }
}

/// Structured logs on standard error: every request's line carries its id, method, route
/// and status (see `gameshelf_server::requests`). `RUST_LOG` filters them (default `info`;
/// a filter that does not parse falls back to `info` and says so).
fn install_log(format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    let (filter, bad) = match std::env::var("RUST_LOG") {
        Ok(spec) if !spec.is_empty() => match EnvFilter::try_new(&spec) {
            Ok(filter) => (filter, None),
            Err(e) => (
                EnvFilter::new("info"),
                Some(format!("RUST_LOG {spec:?} is ignored: {e}")),
            ),
        },
        _ => (EnvFilter::new("info"), None),
    };
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => logs.with_ansi(false).init(),
        LogFormat::Json => logs
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
    if let Some(bad) = bad {
        tracing::warn!("{bad}");
    }
}
