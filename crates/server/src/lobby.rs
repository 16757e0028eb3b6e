//! The lobby: every table of the server, created here and restored from the store on start.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::Duration;

use gameshelf_ai::BotSpec;
use gameshelf_ai::mcts::Budget;
use gameshelf_engine::GameSpec;
use gameshelf_shelf::{Shelf, ShelfError, Shelved, Visitor};

use crate::clock::{Clock, ClockError};
use crate::store::{Change, Store, StoreError, StoredSeat, StoredTable};
use crate::table::{GameTable, RestoreError, Summary, Table};
use crate::token::new_token;

/// A request for a new table.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The game string, e.g. `osbo(players=2)`.
    pub game: String,
    /// One entry per seat: `human`, or `bot:SPEC` with a bot spec of the command line.
    pub seats: Vec<String>,
    /// The move clock: the seconds a person has for each decision, from
    /// [`crate::clock::MIN_SECONDS`] to [`crate::clock::MAX_SECONDS`]. By default (`None`)
    /// there is no clock.
    #[serde(default)]
    pub clock: Option<i64>,
}

/// A table just created: its id and each seat's credential.
#[derive(Clone, Debug)]
pub struct Created {
    /// The table id.
    pub id: String,
    /// Each seat: its token for a person, `None` for a bot.
    pub tokens: Vec<Option<String>>,
    /// Each seat's bot spec, `None` for a person.
    pub bots: Vec<Option<String>>,
    /// The seconds a person has for each decision, if the table has a move clock.
    pub clock: Option<u32>,
}

/// Why a table was not created.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LobbyError {
    /// The game string names no game or a parameter is wrong.
    #[error("{0}")]
    Game(#[from] ShelfError),
    /// The seats do not match the game's.
    #[error("{game} has {expected} seats, {given} were given")]
    SeatCount {
        /// The game string.
        game: String,
        /// Its seats.
        expected: usize,
        /// Seats given.
        given: usize,
    },
    /// A seat is neither `human` nor `bot:SPEC`.
    #[error("seat {seat}: {reason}")]
    Seat {
        /// The seat (from 0).
        seat: usize,
        /// Why.
        reason: String,
    },
    /// The move clock is out of bounds.
    #[error(transparent)]
    Clock(#[from] ClockError),
    /// The client already has as many games in progress as it may.
    #[error("too many tables in progress from this client (at most {0}); finish one first")]
    TooManyTables(usize),
    /// The table could not be stored.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored table does not fit its game (only while restoring).
    #[error(transparent)]
    Restore(#[from] RestoreError),
}

/// Builds a table of whichever game the shelf holds.
struct Build<'a> {
    stored: &'a StoredTable,
    store: Arc<dyn Store>,
    pause: Duration,
}

impl Visitor for Build<'_> {
    type Output = Result<Arc<dyn Table>, RestoreError>;

    fn visit<G: Shelved>(self, game: &G) -> Self::Output {
        let table = GameTable::new(game.clone(), self.stored, self.store, self.pause)?;
        Ok(Arc::new(table))
    }
}

/// Every table, in the order they were created.
pub struct Lobby {
    store: Arc<dyn Store>,
    pause: Duration,
    per_client: usize,
    tables: RwLock<Tables>,
    clients: Mutex<HashMap<IpAddr, Vec<Arc<dyn Table>>>>,
}

#[derive(Default)]
struct Tables {
    order: Vec<Arc<dyn Table>>,
    by_id: HashMap<String, Arc<dyn Table>>,
}

impl Lobby {
    /// The lobby with every stored table restored, bots moving where it is their turn. A
    /// stored table that no longer fits its game is left out, with a warning on stderr.
    ///
    /// # Errors
    /// [`StoreError`] when the store cannot be read.
    pub async fn restore(
        store: Arc<dyn Store>,
        pause: Duration,
        per_client: usize,
    ) -> Result<Lobby, StoreError> {
        let lobby = Lobby {
            store: Arc::clone(&store),
            pause,
            per_client,
            tables: RwLock::new(Tables::default()),
            clients: Mutex::new(HashMap::new()),
        };
        for stored in store.load_tables().await? {
            match lobby.build(&stored) {
                Ok(table) => drop(lobby.add(&stored.id, table)),
                Err(e) => tracing::error!(table = %stored.id, error = %e, "table left out"),
            }
        }
        Ok(lobby)
    }

    fn build(&self, stored: &StoredTable) -> Result<Arc<dyn Table>, LobbyError> {
        let spec: GameSpec = stored.game.parse().map_err(ShelfError::from)?;
        let shelf = Shelf::build(&spec, None)?;
        let table = shelf.visit(Build {
            stored,
            store: Arc::clone(&self.store),
            pause: self.pause,
        })?;
        Ok(table)
    }

    /// Adds a table unless one with its id is already there, and returns the one kept.
    fn add(&self, id: &str, table: Arc<dyn Table>) -> Arc<dyn Table> {
        let mut tables = self.tables.write().expect("lobby lock");
        if let Some(there) = tables.by_id.get(id) {
            return Arc::clone(there);
        }
        tables.order.push(Arc::clone(&table));
        tables.by_id.insert(id.to_owned(), Arc::clone(&table));
        Arc::clone(&table).start();
        Arc::clone(&table).keep_time();
        table
    }

    /// Follows what other servers sharing the store do: their moves reach this server's
    /// tables (and open pages) as they are committed, and every `every` this server takes
    /// over the bots of any table whose server has stopped moving them. Runs until the
    /// lobby is dropped.
    pub fn follow(self: &Arc<Self>, every: Duration) {
        if let Some(mut changes) = self.store.changes() {
            let lobby = Arc::downgrade(self);
            tokio::spawn(async move {
                use tokio::sync::broadcast::error::RecvError;
                loop {
                    let change = changes.recv().await;
                    let Some(lobby) = lobby.upgrade() else { return };
                    match change {
                        // A table another server made is read here on its first move, so
                        // this server can take its bots over if that server dies.
                        Ok(Change::Moved { table, stamp }) => match lobby.find(&table).await {
                            Ok(Some(table)) => table.refresh(Some(stamp)).await,
                            Ok(None) => {}
                            Err(e) => {
                                tracing::error!(%table, error = %e, "cannot read a changed table")
                            }
                        },
                        Ok(Change::Missed) | Err(RecvError::Lagged(_)) => {
                            for table in lobby.unfinished() {
                                table.refresh(None).await;
                            }
                        }
                        Err(RecvError::Closed) => return,
                    }
                }
            });
        }
        let lobby: Weak<Lobby> = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            loop {
                ticks.tick().await;
                let Some(lobby) = lobby.upgrade() else { return };
                for table in lobby.unfinished() {
                    table.start();
                }
            }
        });
    }

    /// Every table whose game is not over.
    fn unfinished(&self) -> Vec<Arc<dyn Table>> {
        let tables = self.tables.read().expect("lobby lock");
        tables
            .order
            .iter()
            .filter(|t| !t.finished())
            .cloned()
            .collect()
    }

    /// Creates a table for `client`, stores it, and lets its bots start.
    ///
    /// # Errors
    /// [`LobbyError`] saying what is wrong with the request, or that the client has too
    /// many games in progress, or that the store failed.
    pub async fn create(&self, client: IpAddr, request: &NewTable) -> Result<Created, LobbyError> {
        let spec: GameSpec = request.game.parse().map_err(ShelfError::from)?;
        let shelf = Shelf::build(&spec, None)?;
        let game = shelf.spec().to_string();
        let expected = seats_of(&shelf);
        if request.seats.len() != expected {
            return Err(LobbyError::SeatCount {
                game,
                expected,
                given: request.seats.len(),
            });
        }
        let seats = request
            .seats
            .iter()
            .enumerate()
            .map(|(seat, word)| parse_seat(seat, word))
            .collect::<Result<Vec<_>, _>>()?;
        let clock = request
            .clock
            .map(Clock::from_seconds)
            .transpose()?
            .map(Clock::seconds);
        {
            let mut clients = self.clients.lock().expect("lobby lock");
            let mine = clients.entry(client).or_default();
            mine.retain(|t| !t.finished());
            if mine.len() >= self.per_client {
                return Err(LobbyError::TooManyTables(self.per_client));
            }
        }
        let id = new_token();
        let table = self
            .build(&StoredTable {
                id: id.clone(),
                game: game.clone(),
                seats: seats.clone(),
                actions: Vec::new(),
                undos: 0,
                clock,
            })
            .map_err(|e| match e {
                // Another game's bot: the request's fault, like any other bad seat.
                LobbyError::Restore(RestoreError::Bot { seat, source }) => LobbyError::Seat {
                    seat,
                    reason: source.to_string(),
                },
                e => e,
            })?;
        self.store.create_table(&id, &game, &seats, clock).await?;
        tracing::info!(table = %id, %game, seats = seats.len(), "table created");
        self.clients
            .lock()
            .expect("lobby lock")
            .entry(client)
            .or_default()
            .push(Arc::clone(&table));
        self.add(&id, table);
        Ok(Created {
            id,
            tokens: seats
                .iter()
                .map(|s| match s {
                    StoredSeat::Human { token } => Some(token.clone()),
                    StoredSeat::Bot { .. } => None,
                })
                .collect(),
            bots: seats
                .iter()
                .map(|s| match s {
                    StoredSeat::Human { .. } => None,
                    StoredSeat::Bot { spec } => Some(spec.clone()),
                })
                .collect(),
            clock,
        })
    }

    /// Whether the store answers.
    ///
    /// # Errors
    /// [`StoreError`] when it does not.
    pub async fn ready(&self) -> Result<(), StoreError> {
        self.store.ping().await
    }

    /// The table with this id, if this server holds it.
    pub fn get(&self, id: &str) -> Option<Arc<dyn Table>> {
        self.tables
            .read()
            .expect("lobby lock")
            .by_id
            .get(id)
            .cloned()
    }

    /// The table with this id, read from the store if another server made it.
    ///
    /// # Errors
    /// [`StoreError`] when the store cannot be read.
    pub async fn find(&self, id: &str) -> Result<Option<Arc<dyn Table>>, StoreError> {
        if let Some(table) = self.get(id) {
            return Ok(Some(table));
        }
        let Some(stored) = self.store.load_table(id).await? else {
            return Ok(None);
        };
        match self.build(&stored) {
            Ok(table) => Ok(Some(self.add(id, table))),
            Err(e) => {
                tracing::error!(table = %id, error = %e, "table left out");
                Ok(None)
            }
        }
    }

    /// The lines of the newest `limit` tables, newest first.
    pub fn list(&self, limit: usize) -> Vec<Summary> {
        let tables = self.tables.read().expect("lobby lock");
        tables
            .order
            .iter()
            .rev()
            .take(limit)
            .map(|t| t.summary())
            .collect()
    }
}

/// The number of seats of a configured game.
fn seats_of(shelf: &Shelf) -> usize {
    struct Seats;
    impl Visitor for Seats {
        type Output = usize;
        fn visit<G: Shelved>(self, game: &G) -> usize {
            game.num_players()
        }
    }
    shelf.visit(Seats)
}

/// The most iterations a search bot of a table may spend on a move.
const MAX_ITERATIONS: u64 = 20_000;
/// The most time a search bot of a table may spend on a move.
const MAX_THINKING: Duration = Duration::from_secs(3);

/// `human` (a new token) or `bot:SPEC`; search bots are held to one thread and a budget
/// that a shared server can give every table.
fn parse_seat(seat: usize, word: &str) -> Result<StoredSeat, LobbyError> {
    let word = word.trim();
    if word == "human" {
        return Ok(StoredSeat::Human { token: new_token() });
    }
    let Some(spec) = word.strip_prefix("bot:") else {
        return Err(LobbyError::Seat {
            seat,
            reason: "expected \"human\" or \"bot:SPEC\" (e.g. bot:heuristic)".to_owned(),
        });
    };
    let spec: BotSpec = spec
        .parse()
        .map_err(|e: gameshelf_ai::BotSpecError| LobbyError::Seat {
            seat,
            reason: e.to_string(),
        })?;
    if let BotSpec::Mcts { budget, threads } = spec {
        let within = match budget {
            Budget::Iterations(n) => n <= MAX_ITERATIONS,
            Budget::Time(t) => t <= MAX_THINKING,
        };
        if threads != 1 || !within {
            return Err(LobbyError::Seat {
                seat,
                reason: format!(
                    "bot:{spec} asks too much of a shared server: search bots here think on one \
                     thread, with at most {MAX_ITERATIONS} iterations or {} s per move",
                    MAX_THINKING.as_secs()
                ),
            });
        }
    }
    Ok(StoredSeat::Bot {
        spec: spec.to_string(),
    })
}
