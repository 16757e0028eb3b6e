//! The gameshelf web app: play any game of the shelf with friends and bots in the browser.
//!
//! A *table* is one game: its game string, its seats (people and bots) and its action list,
//! which is the engine's record. The server holds every table in memory, applies each
//! action through the rules' checked path, and commits it to the database before anyone is
//! told it happened; on start it restores every table by replaying its actions. People join
//! a seat by its invite link, whose token (128 random bits) is the seat's only credential;
//! spectators need no token and see only what no seat hides.
//!
//! The pieces: [`store`] (the storage interface, on SQLite or PostgreSQL), [`table`]
//! (one game: views, moves, bots), [`clock`] (the move clock a table may have), [`lobby`]
//! (every table, creation and restore), [`api`] (the HTTP routes and the JSON API) and the
//! pages served with them.
//!
//! ```no_run
//! # async fn run() -> Result<(), gameshelf_server::ServerError> {
//! let config = gameshelf_server::Config::new("127.0.0.1:8080".parse().unwrap(), "sqlite:games.db".into());
//! let server = gameshelf_server::Server::bind(config).await?;
//! println!("open http://{}/", server.local_addr());
//! server.run().await
//! # }
//! ```

pub mod api;
pub mod clock;
pub mod flood;
pub mod lobby;
mod pages;
pub mod requests;
pub mod store;
pub mod streams;
pub mod table;
pub mod token;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::lobby::Lobby;
use crate::store::StoreError;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// The database URL: `sqlite:PATH`, or `postgres://USER@HOST/DATABASE` for one or
    /// several servers over one PostgreSQL database.
    pub db: String,
    /// The pause before each move of a bot or of chance, so people can follow.
    pub bot_pause: Duration,
    /// How many games in progress one client address may have created.
    pub tables_per_client: usize,
    /// How many requests that change something (`POST`s) one client address may send.
    pub posts: flood::Rate,
    /// How many live-update streams (open pages) one client address may hold.
    pub streams_per_client: usize,
    /// How many live-update streams the server holds in all.
    pub streams: usize,
}

impl Config {
    /// The defaults: a pause of 0.6 s before bots and dice, 20 games in progress and 20
    /// moves a second (bursts of 100) per client address.
    pub fn new(addr: SocketAddr, db: String) -> Config {
        Config {
            addr,
            db,
            bot_pause: Duration::from_millis(600),
            tables_per_client: 20,
            posts: flood::Rate {
                per_second: 20.0,
                burst: 100.0,
            },
            streams_per_client: 32,
            streams: 10_000,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServerError {
    /// The database could not be opened or read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be listened on, or the server failed.
    #[error("cannot serve on {addr}: {source}")]
    Io {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// No folder for the default database could be found or made.
    #[error("cannot make the data folder {path}: {source}")]
    DataDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The default database: `gameshelf.db` in the user's data folder
/// (`$XDG_DATA_HOME/gameshelf`, else `~/.local/share/gameshelf`; `%APPDATA%\gameshelf` on
/// Windows), made if missing, as a `sqlite:` URL.
///
/// # Errors
/// [`ServerError::DataDir`] when the folder cannot be made.
pub fn default_db_url() -> Result<String, ServerError> {
    let env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = env("XDG_DATA_HOME")
        .or_else(|| env("HOME").map(|home| home.join(".local").join("share")))
        .or_else(|| env("APPDATA"))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("gameshelf");
    std::fs::create_dir_all(&dir).map_err(|source| ServerError::DataDir {
        path: dir.clone(),
        source,
    })?;
    Ok(format!("sqlite:{}", dir.join("gameshelf.db").display()))
}

/// How often a server looks for tables whose bots no server moves (their server died).
const TAKEOVER_CHECK: Duration = Duration::from_secs(2);

/// A server bound to its address, its tables restored, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    addr: SocketAddr,
    lobby: Arc<Lobby>,
    posts: flood::Rate,
    streams: streams::Streams,
}

impl Server {
    /// Opens the database (running its migrations), restores every table (bots resume
    /// where it is their turn) and binds the address.
    ///
    /// # Errors
    /// [`ServerError`] when the database or the address cannot be used.
    pub async fn bind(config: Config) -> Result<Server, ServerError> {
        let store = store::open(&config.db).await?;
        let lobby = Lobby::restore(store, config.bot_pause, config.tables_per_client).await?;
        let lobby = Arc::new(lobby);
        lobby.follow(TAKEOVER_CHECK);
        let io = |source| ServerError::Io {
            addr: config.addr,
            source,
        };
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(io)?;
        let addr = listener.local_addr().map_err(io)?;
        Ok(Server {
            listener,
            addr,
            lobby,
            posts: config.posts,
            streams: streams::Streams::new(config.streams_per_client, config.streams),
        })
    }

    /// The address listened on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process gets SIGTERM or SIGINT (Ctrl-C), then stops taking
    /// connections, ends live updates and returns once every request in flight (a move
    /// being committed included) has been answered.
    ///
    /// # Errors
    /// [`ServerError::Io`] when serving fails.
    pub async fn run(self) -> Result<(), ServerError> {
        let (close, closing) = tokio::sync::watch::channel(false);
        let app = api::router(api::App {
            lobby: self.lobby,
            flood: Arc::new(flood::Flood::new(self.posts)),
            streams: Arc::new(self.streams),
            closing: closing.clone(),
        });
        tokio::spawn(async move {
            stop_signal().await;
            let _ = close.send(true);
        });
        let mut closed = closing;
        axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = closed.wait_for(|closing| *closing).await;
        })
        .await
        .map_err(|source| ServerError::Io {
            addr: self.addr,
            source,
        })
    }
}

/// Waits for SIGTERM (how service managers and orchestrators stop a process) or SIGINT.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the server on its own runtime until the process is stopped, calling `ready` with
/// the address once it listens (the command line prints it).
///
/// # Errors
/// [`ServerError`] when it cannot start or fails.
pub fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    let addr = config.addr;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| ServerError::Io { addr, source })?;
    runtime.block_on(async move {
        let server = Server::bind(config).await?;
        ready(server.local_addr());
        server.run().await
    })
}
