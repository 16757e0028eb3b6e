//! A table: one game between people and bots, held in memory and durable in the store.
//!
//! The table owns the true state. Every action, a person's, a bot's or chance's, goes the
//! same way: it is checked against the rules ([`Game::apply`] on a copy of the state), its
//! log lines are written for every viewer, it is committed to the store, and only then is
//! the state replaced and the open pages told (a new `ply` on the table's watch channel).
//! So nobody hears of an action the store could lose.
//!
//! Each viewer, a seat or a spectator, sees only what it may: its own observation (the
//! spectator the game's public one, [`Game::observe_public`]) and the log written for it by
//! the game's presenter. The full record, which holds every hidden draw, is given out only
//! once the game is over.
//!
//! Bots and chance move on their own, on a driver task per table, one action at a time
//! after a short pause so people can follow; a bot thinks on a blocking thread, never on
//! the async runtime's, and the table stays readable while it thinks.
//!
//! A table with a move clock ([`crate::clock`]) has a clock task too, which waits for the
//! deadline of the person to move and then plays what his silence means the way a person's
//! move goes, marked as the clock's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use futures_util::future::BoxFuture;
use gameshelf_ai::BotSpec;
use gameshelf_engine::{
    Actor, Bot, Game, Outcomes, Presenter, Record, Rng, Seat, SeatView, typed_move,
};
use gameshelf_shelf::Shelved;
use gameshelf_terminal::{clean_text, with_text};
use serde_json::{Value, json};
use tokio::sync::{Mutex, watch};

use crate::clock::{Clock, ClockError, Deadline};
use crate::store::{Stamp, Store, StoreError, StoredAction, StoredSeat, StoredTable};
use crate::token::{os_seed, same_token};

/// Why a move was refused. Nothing changed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat (or chance) is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The move was chosen in an earlier position: someone has played since.
    #[error("stale move: it was chosen at ply {given}, the game is at ply {now}")]
    Stale {
        /// The ply the client saw.
        given: usize,
        /// The ply now.
        now: usize,
    },
    /// No legal action has this id.
    #[error("no such action: {given} (the legal actions are numbered 0 to {last})")]
    NoSuchAction {
        /// The id given.
        given: usize,
        /// The last id.
        last: usize,
    },
    /// The move at the sum or on the schedule given is refused (it names no sum or has
    /// no schedule, the words name none, or the rules refuse the move so typed).
    #[error("{} is refused: {}", .0.action, .0.reason)]
    Refused(gameshelf_engine::IllegalAction),
    /// Undo goes back over the seat's own last move only: not past a roll or a draw, nor
    /// another player's move.
    #[error("nothing to undo: only your own last move, with nothing after it, can be taken back")]
    NoUndo,
    /// The record is served only once the game is over (it holds every hidden draw).
    #[error("the record of a game in progress is not served")]
    Unfinished,
    /// The move could not be made durable; it did not happen.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A view as JSON text, cheap to clone (shared).
pub type View = bytes::Bytes;

/// A move asked for by a seat.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The action's id: its index among the legal actions of the view.
    pub action: usize,
    /// The ply of the view it was chosen in; a move from an older view is refused as stale.
    #[serde(default)]
    pub ply: Option<usize>,
    /// The free text some actions carry (cleaned, cut to a line; ignored by others).
    #[serde(default)]
    pub text: Option<String>,
    /// A sum to name instead of the action's own, for actions that name one (a price):
    /// the id picks the kind of move, the rules judge the sum.
    #[serde(default)]
    pub amount: Option<u32>,
    /// A schedule in the game's words to name instead of the action's own, for actions
    /// that have one (`every 2 rounds, 3 times`): the presenter reads the words, the rules
    /// judge the move.
    #[serde(default)]
    pub schedule: Option<String>,
}

/// What a table shows in the list of tables.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// The table id.
    pub id: String,
    /// The game string.
    pub game: String,
    /// The game's name.
    pub name: String,
    /// `waiting` (a person's seat nobody has opened yet), `playing` or `finished`.
    pub status: &'static str,
    /// Actions played.
    pub ply: usize,
    /// Each seat: `human` or the bot spec.
    pub seats: Vec<String>,
    /// The seconds a person has for each decision, if the table has a move clock.
    pub clock: Option<u32>,
}

/// A table of any game, as the rest of the server meets it.
pub trait Table: Send + Sync {
    /// The seat whose token this is.
    fn seat_of(&self, token: &str) -> Option<Seat>;
    /// What `viewer` (a seat, or `None` for a spectator) sees now, as the API's JSON view.
    fn view(&self, viewer: Option<Seat>) -> BoxFuture<'_, View>;
    /// Takes back the last action, if it is `seat`'s own move and it is `seat`'s turn
    /// again, and returns the new view.
    fn undo(&self, seat: Seat) -> BoxFuture<'_, Result<View, PlayError>>;
    /// Plays a move of `seat` and returns its new view.
    fn play(&self, seat: Seat, request: Move) -> BoxFuture<'_, Result<View, PlayError>>;
    /// The game record as JSON, once the game is over.
    fn record(&self) -> BoxFuture<'_, Result<String, PlayError>>;
    /// The finished game step by step, for the replay page.
    fn replay(&self) -> BoxFuture<'_, Result<Value, PlayError>>;
    /// The line in the list of tables.
    fn summary(&self) -> Summary;
    /// Whether the game is over.
    fn finished(&self) -> bool;
    /// The number of actions played, updated after each durable action.
    fn subscribe(&self) -> watch::Receiver<usize>;
    /// Lets bots and chance move when it is their turn (does nothing otherwise, when they
    /// are already moving, or when another server moves them).
    fn start(self: Arc<Self>);
    /// Catches up with another server's change: reads the table again unless it already
    /// stands at `stamp` (`None`: read it again anyway), tells the open pages, and lets
    /// bots and chance move if it is their turn.
    fn refresh(self: Arc<Self>, stamp: Option<Stamp>) -> BoxFuture<'static, ()>;
    /// Runs the table's move clock, if it has one, until the game is over or the table is
    /// dropped; called once, when the table joins the lobby.
    fn keep_time(self: Arc<Self>);
}

/// Who sits in a seat.
enum Sitter {
    Human { token: String },
    Bot { spec: BotSpec },
}

/// A bot with its own random numbers, out of the table while it thinks.
type Seated<G> = (Box<dyn Bot<G>>, Rng);

/// What changes as the game goes.
struct Play<G: Game> {
    state: G::State,
    /// Who played each action of the record.
    actors: Vec<Actor>,
    record: Record<G::Action>,
    /// `log[v]`: every action as viewer `v` may see it; `v` is a seat, or the number of
    /// seats for the spectator.
    log: Vec<Vec<String>>,
    chance: Rng,
    outcomes: Outcomes<G::Action>,
    bots: Vec<Option<Seated<G>>>,
    driving: bool,
    /// Undos made so far: with the number of actions, the stored table's [`Stamp`].
    undos: u64,
    /// Each viewer's view of the current state as JSON, once asked for (`n` seats, then the
    /// spectator), dropped whenever the state changes: every open page fetches the view
    /// after each action, and most views are asked for many times.
    views: Vec<Option<View>>,
}

/// An action checked and described, not yet applied.
struct Checked<G: Game> {
    actor: Actor,
    next: G::State,
    action: G::Action,
    text: Option<String>,
    /// Whether the move clock plays it.
    timed: bool,
    lines: Vec<String>,
}

/// What a log line adds when the move clock played the move.
const TIMED: &str = " (time ran out: the clock played it)";

/// How long the clock waits before it tries again to play a move the store did not take.
const CLOCK_RETRY: Duration = Duration::from_secs(1);

/// The game, its words and the seats' names: what checks and describes actions.
struct Rules<G: Shelved> {
    game: G,
    presenter: G::Presenter,
    /// Who sits in each seat: `human` or the bot spec.
    kinds: Vec<String>,
    /// Each seat as logs call it: `player 2 (heuristic)`.
    labels: Vec<String>,
}

/// A table of one game.
pub struct GameTable<G: Shelved> {
    id: String,
    rules: Rules<G>,
    sitters: Vec<Sitter>,
    joined: Vec<AtomicBool>,
    store: Arc<dyn Store>,
    pause: Duration,
    clock: Option<Clock>,
    play: Mutex<Play<G>>,
    ply: watch::Sender<usize>,
    /// The deadline of the person to move, if the table has a clock; changed only with
    /// the play's lock held, so a view reads it in step with the state.
    deadline: watch::Sender<Option<Deadline>>,
    over: AtomicBool,
}

/// How a seat is called in logs: `player 2 (heuristic)`; seats count from 1 for people.
fn label(seat: Seat, kind: &str) -> String {
    format!("player {} ({kind})", seat + 1)
}

/// Why a stored table cannot be brought back.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// A seat names no bot this build knows.
    #[error("seat {seat}: {source}")]
    Bot {
        /// The seat.
        seat: Seat,
        /// Why.
        source: gameshelf_ai::BotSpecError,
    },
    /// The seats do not match the game.
    #[error("{given} seats stored for a game of {seats}")]
    Seats {
        /// Seats of the game.
        seats: usize,
        /// Seats stored.
        given: usize,
    },
    /// An action does not read as one of the game's.
    #[error("action {index} is unreadable: {source}")]
    Unreadable {
        /// Its position.
        index: usize,
        /// Why.
        source: serde_json::Error,
    },
    /// An action is illegal where it stands.
    #[error("action {index}: {source}")]
    Illegal {
        /// Its position.
        index: usize,
        /// Why.
        source: gameshelf_engine::IllegalAction,
    },
    /// The stored clock is out of bounds.
    #[error(transparent)]
    Clock(#[from] ClockError),
}

impl<G: Shelved> GameTable<G> {
    /// A table at the start of the game, or, with `actions`, after replaying them (each
    /// checked by the rules). Chance draws from the operating system's randomness from
    /// here on.
    ///
    /// # Errors
    /// [`RestoreError`] when a seat or an action does not fit the game.
    pub fn new(
        game: G,
        stored: &StoredTable,
        store: Arc<dyn Store>,
        pause: Duration,
    ) -> Result<Self, RestoreError> {
        let seats = &stored.seats;
        let n = game.num_players();
        if seats.len() != n {
            return Err(RestoreError::Seats {
                seats: n,
                given: seats.len(),
            });
        }
        let mut sitters = Vec::with_capacity(n);
        let mut bots = Vec::with_capacity(n);
        let mut kinds = Vec::with_capacity(n);
        for (seat, stored) in seats.iter().enumerate() {
            match stored {
                StoredSeat::Human { token } => {
                    sitters.push(Sitter::Human {
                        token: token.clone(),
                    });
                    bots.push(None);
                    kinds.push("human".to_owned());
                }
                StoredSeat::Bot { spec } => {
                    let spec: BotSpec = spec
                        .parse()
                        .and_then(|spec| game.check(spec))
                        .map_err(|source| RestoreError::Bot { seat, source })?;
                    bots.push(Some((game.bot(spec), Rng::seed_from_u64(os_seed()))));
                    sitters.push(Sitter::Bot { spec });
                    kinds.push(spec.to_string());
                }
            }
        }
        let labels: Vec<String> = kinds
            .iter()
            .enumerate()
            .map(|(seat, kind)| label(seat, kind))
            .collect();
        let rules = Rules {
            presenter: game.presenter(),
            game,
            kinds,
            labels,
        };
        let clock = stored
            .clock
            .map(|seconds| Clock::from_seconds(seconds.into()))
            .transpose()?;
        let play = rules.replay(stored, bots)?;
        let over = rules.game.actor(&play.state) == Actor::Terminal;
        let table = GameTable {
            id: stored.id.clone(),
            rules,
            sitters,
            joined: (0..n).map(|_| AtomicBool::new(false)).collect(),
            store,
            pause,
            clock,
            ply: watch::Sender::new(play.record.actions.len()),
            deadline: watch::Sender::new(None),
            play: Mutex::new(play),
            over: AtomicBool::new(over),
        };
        // A restored table's clock starts again with the full time: nobody loses a move to
        // the server's downtime.
        let due = table.due(&table.play.try_lock().expect("a new table is not shared"));
        table.deadline.send_replace(due);
        Ok(table)
    }
}

impl<G: Shelved> Rules<G> {
    /// The play of a stored table: its actions replayed from the start, each checked.
    /// Chance draws from the operating system's randomness from here on.
    fn replay(
        &self,
        stored: &StoredTable,
        bots: Vec<Option<Seated<G>>>,
    ) -> Result<Play<G>, RestoreError> {
        let n = self.game.num_players();
        let mut record = Record::new(&self.game);
        record.seats = self.kinds.clone();
        record.players = self.kinds.clone();
        let mut play = Play {
            state: self.game.initial_state(),
            actors: Vec::new(),
            record,
            log: vec![Vec::new(); n + 1],
            views: vec![None; n + 1],
            chance: Rng::seed_from_u64(os_seed()),
            outcomes: Outcomes::new(),
            bots,
            driving: false,
            undos: stored.undos,
        };
        for (index, stored) in stored.actions.iter().enumerate() {
            let action: G::Action = serde_json::from_str(&stored.action)
                .map_err(|source| RestoreError::Unreadable { index, source })?;
            let checked = self
                .check(&play.state, action, stored.text.as_deref(), stored.timed)
                .map_err(|source| RestoreError::Illegal { index, source })?;
            play.install(checked);
        }
        Ok(play)
    }

    /// Checks `action` in state `before` and writes its log lines (saying so when the move
    /// clock, `timed`, plays it); changes nothing.
    fn check(
        &self,
        before: &G::State,
        action: G::Action,
        text: Option<&str>,
        timed: bool,
    ) -> Result<Checked<G>, gameshelf_engine::IllegalAction> {
        let mut next = before.clone();
        self.game.apply(&mut next, action)?;
        let text = self
            .game
            .writes_text(before, action)
            .then(|| clean_text(text.unwrap_or("")));
        let actor = self.game.actor(before);
        let n = self.game.num_players();
        let lines = (0..=n)
            .map(|v| {
                let viewer = (v < n).then_some(v);
                let said = self
                    .presenter
                    .describe_move(&self.game, before, action, viewer);
                let line = match actor {
                    Actor::Player(seat) if timed => format!("{}: {said}{TIMED}", self.labels[seat]),
                    Actor::Player(seat) => format!("{}: {said}", self.labels[seat]),
                    Actor::Chance | Actor::Terminal => said,
                };
                match &text {
                    Some(text) => with_text(&line, text),
                    None => line,
                }
            })
            .collect();
        Ok(Checked {
            actor,
            next,
            action,
            text,
            timed,
            lines,
        })
    }
}

impl<G: Game> Play<G> {
    /// Where the history stands, as the store knows it.
    fn stamp(&self) -> Stamp {
        Stamp {
            plies: self.record.actions.len() as u64,
            undos: self.undos,
        }
    }

    /// Whether `seat` may take back the last action: its own move, with its turn back.
    fn can_undo(&self, game: &G, seat: Seat) -> bool {
        self.actors.last() == Some(&Actor::Player(seat))
            && game.actor(&self.state) == Actor::Player(seat)
    }

    /// Takes back the last action: the state is replayed from the start without it.
    fn take_back(&mut self, game: &G) {
        if self.record.actions.pop().is_none() {
            return;
        }
        self.actors.pop();
        let mut state = game.initial_state();
        let mut texts = 0;
        for &a in &self.record.actions {
            texts += usize::from(game.writes_text(&state, a));
            game.apply_unchecked(&mut state, a);
        }
        self.record.texts.truncate(texts);
        self.state = state;
        for log in &mut self.log {
            log.pop();
        }
        self.views.fill(None);
    }

    /// Applies a checked action.
    fn install(&mut self, checked: Checked<G>) {
        self.state = checked.next;
        self.actors.push(checked.actor);
        self.record.actions.push(checked.action);
        if let Some(text) = checked.text {
            self.record.texts.push(text);
        }
        for (log, line) in self.log.iter_mut().zip(checked.lines) {
            log.push(line);
        }
        self.views.fill(None);
    }
}

impl<G: Shelved> GameTable<G> {
    /// Checks, stores, then applies `action` (played by the move clock if `timed`) and
    /// tells the open pages. With `roll`, the chance moves that follow (a roll, a draw) are
    /// made at once and stored in the same transaction: one write, and the mover's answer
    /// already shows the roll.
    async fn commit(
        &self,
        play: &mut Play<G>,
        action: G::Action,
        text: Option<&str>,
        roll: bool,
        timed: bool,
    ) -> Result<(), PlayError> {
        // Only listed actions reach here (a person's by its id, a bot's and chance's from
        // the rules), so a refusal is a bug in a bot or a game: report it as such.
        let corrupt = |e: gameshelf_engine::IllegalAction| StoreError::Corrupt {
            table: self.id.clone(),
            reason: e.to_string(),
        };
        let mut chain = vec![
            self.rules
                .check(&play.state, action, text, timed)
                .map_err(corrupt)?,
        ];
        while roll
            && let after = &chain.last().expect("one at least").next
            && self.rules.game.actor(after) == Actor::Chance
        {
            let rolled = self
                .rules
                .game
                .sample_chance(after, &mut play.chance, &mut play.outcomes);
            let checked = self
                .rules
                .check(after, rolled, None, false)
                .map_err(corrupt)?;
            chain.push(checked);
        }
        let ply = play.record.actions.len();
        let stored = chain
            .iter()
            .map(|checked| StoredAction {
                action: serde_json::to_string(&checked.action).expect("actions serialise"),
                text: checked.text.clone(),
                timed: checked.timed,
            })
            .collect();
        let appended = self
            .store
            .append_actions(&self.id, play.stamp(), stored)
            .await;
        self.settle(play, appended, ply).await?;
        for checked in chain {
            play.install(checked);
        }
        self.announce(play).await;
        Ok(())
    }

    /// What a write's outcome means for the table: a stale write (another server moved
    /// first) reads the table again and is refused as stale; other failures are passed on.
    async fn settle(
        &self,
        play: &mut Play<G>,
        written: Result<(), StoreError>,
        given: usize,
    ) -> Result<(), PlayError> {
        match written {
            Ok(()) => Ok(()),
            Err(StoreError::Stale { .. }) => {
                self.reload(play).await?;
                Err(PlayError::Stale {
                    given,
                    now: play.record.actions.len(),
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Tells the open pages the table changed and starts the clock of the person to move;
    /// at the end of the game, gives up moving its bots.
    async fn announce(&self, play: &mut Play<G>) {
        let due = self.due(play);
        self.deadline.send_if_modified(|running| {
            let changed = *running != due;
            *running = due;
            changed
        });
        if self.rules.game.actor(&play.state) == Actor::Terminal {
            self.over.store(true, Ordering::Release);
            tracing::info!(table = %self.id, plies = play.record.actions.len(), "game over");
            if let Err(e) = self.store.release(&self.id).await {
                tracing::warn!(table = %self.id, error = %e, "cannot release the table's claim");
            }
        }
        self.ply.send_replace(play.record.actions.len());
    }

    /// The deadline of the decision at hand: `None` without a clock, or when no person is
    /// to move; the one running if it is still for this decision (a table read again after
    /// another server's move to another decision), else a new one with the full time.
    fn due(&self, play: &Play<G>) -> Option<Deadline> {
        let clock = self.clock?;
        let Actor::Player(seat) = self.rules.game.actor(&play.state) else {
            return None;
        };
        if !matches!(self.sitters[seat], Sitter::Human { .. }) {
            return None;
        }
        let stamp = play.stamp();
        match *self.deadline.borrow() {
            Some(running) if running.seat == seat && running.stamp == stamp => Some(running),
            _ => Some(clock.start(seat, stamp)),
        }
    }

    /// Plays what the rules make of silence ([`gameshelf_engine::Presenter::silence`]) for
    /// the seat whose time ran out at `due`, unless a move came first, and lets bots and
    /// chance go on after it.
    async fn time_out(self: &Arc<Self>, due: Deadline) -> Result<(), PlayError> {
        let mut play = self.play.lock().await;
        let game = &self.rules.game;
        if play.stamp() != due.stamp || game.actor(&play.state) != Actor::Player(due.seat) {
            return Ok(());
        }
        let mut legal = Vec::new();
        game.legal_actions(&play.state, &mut legal);
        let observation = game.observe(&play.state, due.seat);
        let silent = self.rules.presenter.silence(game, &observation, &legal);
        tracing::info!(table = %self.id, seat = due.seat, "time ran out; the clock plays for the silent seat");
        let request = Move {
            action: silent,
            ply: Some(play.record.actions.len()),
            text: None,
            amount: None,
            schedule: None,
        };
        self.play_move(&mut play, due.seat, request, true).await?;
        drop(play);
        Arc::clone(self).start();
        Ok(())
    }

    /// Waits for each deadline of the table and plays the move of a seat whose time runs
    /// out, until the game is over or the table is dropped.
    async fn run_clock(table: Weak<Self>, mut deadlines: watch::Receiver<Option<Deadline>>) {
        loop {
            let running = *deadlines.borrow_and_update();
            let Some(due) = running else {
                if table.upgrade().is_none_or(|t| t.finished()) {
                    return;
                }
                if deadlines.changed().await.is_err() {
                    return;
                }
                continue;
            };
            tokio::select! {
                changed = deadlines.changed() => if changed.is_err() { return },
                () = tokio::time::sleep_until(due.at) => {
                    let Some(table) = table.upgrade() else { return };
                    match table.time_out(due).await {
                        // Another server played first: the table was read again.
                        Ok(()) | Err(PlayError::Stale { .. }) => {}
                        Err(e) => {
                            tracing::error!(table = %table.id, error = %e, "the clock cannot play; trying again");
                            drop(table);
                            tokio::time::sleep(CLOCK_RETRY).await;
                        }
                    }
                }
            }
        }
    }

    /// Checks a move of `seat` (by the move clock if `timed`) against the rules and the
    /// table's ply, then commits it.
    async fn play_move(
        &self,
        play: &mut Play<G>,
        seat: Seat,
        request: Move,
        timed: bool,
    ) -> Result<(), PlayError> {
        let now = play.record.actions.len();
        let actor = self.rules.game.actor(&play.state);
        if actor == Actor::Terminal {
            return Err(PlayError::GameOver);
        }
        if let Some(given) = request.ply
            && given != now
        {
            return Err(PlayError::Stale { given, now });
        }
        if actor != Actor::Player(seat) {
            return Err(PlayError::NotYourTurn);
        }
        let mut legal = Vec::new();
        self.rules.game.legal_actions(&play.state, &mut legal);
        let Some(&listed) = legal.get(request.action) else {
            return Err(PlayError::NoSuchAction {
                given: request.action,
                last: legal.len().saturating_sub(1),
            });
        };
        let action = match (request.amount, request.schedule.as_deref()) {
            (None, None) => listed,
            (sum, schedule) => {
                let game = &self.rules.game;
                let observation = game.observe(&play.state, seat);
                let presenter = &self.rules.presenter;
                typed_move(
                    game,
                    presenter,
                    &play.state,
                    &observation,
                    listed,
                    sum,
                    schedule,
                )
                .map_err(PlayError::Refused)?
            }
        };
        // Without a pause to follow, the roll a move leads to is made with it, by the
        // server that moves the table's dice.
        let roll = self.pause.is_zero() && matches!(self.store.claim(&self.id).await, Ok(true));
        self.commit(play, action, request.text.as_deref(), roll, timed)
            .await
    }

    /// The view of `viewer` as served: the kept view with the clock as it stands now.
    fn served(&self, play: &mut Play<G>, viewer: Option<Seat>) -> View {
        let view = self.view_cached(play, viewer);
        let clock = crate::clock::shown(self.clock, self.deadline.borrow().as_ref());
        crate::clock::with_clock(&view, &clock)
    }

    /// Reads the table again from the store, keeping the bots, and tells the open pages.
    async fn reload(&self, play: &mut Play<G>) -> Result<(), PlayError> {
        let corrupt = |reason: String| StoreError::Corrupt {
            table: self.id.clone(),
            reason,
        };
        let stored = self
            .store
            .load_table(&self.id)
            .await?
            .ok_or_else(|| corrupt("it is no longer stored".to_owned()))?;
        let bots = std::mem::take(&mut play.bots);
        let driving = play.driving;
        *play = self
            .rules
            .replay(&stored, bots)
            .map_err(|e| corrupt(e.to_string()))?;
        play.driving = driving;
        self.announce(play).await;
        Ok(())
    }

    /// The view of `viewer`, from the cache when the state has not changed since.
    fn view_cached(&self, play: &mut Play<G>, viewer: Option<Seat>) -> View {
        let slot = viewer.unwrap_or(self.rules.game.num_players());
        if let Some(view) = &play.views[slot] {
            return view.clone();
        }
        let view =
            View::from(serde_json::to_vec(&self.view_of(play, viewer)).expect("views serialise"));
        play.views[slot] = Some(view.clone());
        view
    }

    /// The view of `viewer` as JSON.
    fn view_of(&self, play: &Play<G>, viewer: Option<Seat>) -> Value {
        let game = &self.rules.game;
        let state = &play.state;
        let n = game.num_players();
        let actor = game.actor(state);
        let observation = match viewer {
            Some(seat) => Some(game.observe(state, seat)),
            None => game.observe_public(state),
        };
        let pictures = observation
            .as_ref()
            .map_or_else(Vec::new, |o| self.rules.presenter.pictures(game, viewer, o));
        let terms = observation
            .as_ref()
            .map_or_else(Vec::new, |o| self.rules.presenter.terms(game, viewer, o));
        let observation_text = observation.as_ref().map_or_else(
            || "Nothing of this game is public while it is played.".to_owned(),
            |o| self.rules.presenter.observation_text(game, viewer, o),
        );
        let mut actions = Vec::new();
        let mut safe_choice = None;
        let mut pass_until_asked = None;
        if let (Some(seat), Actor::Player(to_move), Some(obs)) = (viewer, actor, &observation)
            && seat == to_move
        {
            let mut legal = Vec::new();
            game.legal_actions(state, &mut legal);
            safe_choice = Some(self.rules.presenter.safe_choice(game, obs, &legal));
            pass_until_asked = self.rules.presenter.out_of_turn_pass(game, obs, &legal);
            actions = legal
                .iter()
                .enumerate()
                .map(|(id, &a)| {
                    let mut entry = json!({"id": id, "text": game.describe_action(state, a)});
                    if let Some(odds) = self.rules.presenter.odds(game, obs, a) {
                        entry["odds"] = json!(odds);
                    }
                    if game.writes_text(state, a) {
                        entry["text_prompt"] = json!(self.rules.presenter.text_prompt(game, a));
                    }
                    if let Some(group) = self.rules.presenter.choice_group(game, obs, a) {
                        entry["group_rank"] =
                            json!(self.rules.presenter.group_rank(game, obs, &group));
                        entry["group"] = json!(group);
                    }
                    if let Some(target) = self.rules.presenter.target(game, viewer, obs, a) {
                        entry["target"] = json!(target);
                    }
                    if let Some(amount) = game.amount(a) {
                        // Moves that differ only in their sum are one kind, named by the
                        // first of them: the page offers a box for any other sum per kind.
                        let kind = legal
                            .iter()
                            .position(|&k| game.with_amount(k, amount) == Some(a))
                            .unwrap_or(id);
                        entry["amount"] = json!(amount);
                        entry["kind"] = json!(kind);
                        if kind == id {
                            entry["amount_prompt"] =
                                json!(self.rules.presenter.amount_prompt(game, obs, a));
                            if let Some(prompt) = self.rules.presenter.schedule_prompt(game, obs, a)
                            {
                                entry["schedule_prompt"] = json!(prompt);
                            }
                        }
                    }
                    entry
                })
                .collect();
        }
        let result = (actor == Actor::Terminal).then(|| {
            json!({
                "text": self.rules.presenter.result_text(game, state, &self.rules.kinds),
                "returns": game.returns(state).as_slice(),
            })
        });
        let info = game.info();
        json!({
            "id": self.id,
            "game": play.record.game,
            "name": info.name,
            "credit": info.credit,
            "status": if actor == Actor::Terminal { "finished" } else { "playing" },
            "ply": play.record.actions.len(),
            "viewer": viewer,
            "seats": self.rules.labels,
            "to_move": match actor { Actor::Player(seat) => Some(seat), _ => None },
            "observation": observation,
            "observation_text": observation_text,
            "pictures": pictures,
            "terms": terms,
            "actions": actions,
            "safe_choice": safe_choice,
            "pass_until_asked": pass_until_asked,
            "log": play.log[viewer.unwrap_or(n)],
            "can_undo": viewer.is_some_and(|seat| play.can_undo(game, seat)),
            "result": result,
        })
    }

    /// Moves bots and chance until a person is to move or the game is over.
    async fn drive(self: Arc<Self>) {
        loop {
            if !self.pause.is_zero() {
                tokio::time::sleep(self.pause).await;
            }
            let mut play = self.play.lock().await;
            let action = match self.rules.game.actor(&play.state) {
                Actor::Chance => {
                    let Play {
                        state,
                        chance,
                        outcomes,
                        ..
                    } = &mut *play;
                    self.rules.game.sample_chance(state, chance, outcomes)
                }
                Actor::Player(seat) if let Sitter::Bot { spec } = self.sitters[seat] => {
                    let Some((mut bot, mut rng)) = play.bots[seat].take() else {
                        play.driving = false;
                        return;
                    };
                    let state = play.state.clone();
                    let ply = play.record.actions.len();
                    drop(play);
                    let table = Arc::clone(&self);
                    let thought = tokio::task::spawn_blocking(move || {
                        let view = SeatView::new(&table.rules.game, &state, seat);
                        let action = bot.choose(&view, &mut rng);
                        (bot, rng, action)
                    })
                    .await;
                    play = self.play.lock().await;
                    let (bot, rng, action) = match thought {
                        Ok(thought) => thought,
                        // A bot that fails (a bug) must not stop the game: the seat gets a
                        // fresh bot, and this one move is a uniformly random legal one.
                        Err(e) => {
                            tracing::error!(table = %self.id, %seat, error = %e, "the seat's bot failed; a random legal move is played for it");
                            let mut rng = Rng::seed_from_u64(os_seed());
                            let mut legal = Vec::new();
                            self.rules.game.legal_actions(&play.state, &mut legal);
                            if legal.is_empty() {
                                play.driving = false;
                                return;
                            }
                            let action = legal[rng.below(legal.len() as u64) as usize];
                            (self.rules.game.bot(spec), rng, action)
                        }
                    };
                    play.bots[seat] = Some((bot, rng));
                    if play.record.actions.len() != ply {
                        continue;
                    }
                    action
                }
                Actor::Player(_) | Actor::Terminal => {
                    play.driving = false;
                    return;
                }
            };
            // The claim may have been lost with its database session while this server
            // lives; then another server may move this table now, and this one stops until
            // its periodic check claims the table again.
            if !matches!(self.store.claim(&self.id).await, Ok(true)) {
                tracing::warn!(table = %self.id, "no longer holds the table's bots; stops moving them");
                play.driving = false;
                return;
            }
            match self.commit(&mut play, action, None, false, false).await {
                // Another server moved first: the table is read again; go on from there.
                Ok(()) | Err(PlayError::Stale { .. }) => {}
                Err(e) => {
                    tracing::error!(table = %self.id, error = %e, "cannot commit a bot's move");
                    play.driving = false;
                    return;
                }
            }
        }
    }
}

/// Every action of a record applied in turn, as the replay page steps through it: the
/// public view of the table before the first action and after each one, with the action's
/// log line as a spectator reads it.
///
/// # Errors
/// [`gameshelf_engine::RecordError`] when the record is for another game or an action is
/// illegal where it stands.
pub fn replay_steps<G: Shelved>(
    game: &G,
    record: &Record<G::Action>,
) -> Result<Value, gameshelf_engine::RecordError> {
    let presenter = game.presenter();
    let public = |state: &G::State| {
        game.observe_public(state).map_or_else(
            || "Nothing of this game is public.".to_owned(),
            |o| presenter.observation_text(game, None, &o),
        )
    };
    let mut steps = vec![json!({"log": Value::Null, "table": public(&game.initial_state())})];
    let mut texts = record.texts.iter();
    let end = record.replay_with(game, |_, before, action, after| {
        let said = presenter.describe_move(game, before, action, None);
        let line = match game.actor(before) {
            Actor::Player(seat) => {
                let kind = record.seats.get(seat).map_or("player", String::as_str);
                format!("{}: {said}", label(seat, kind))
            }
            Actor::Chance | Actor::Terminal => said,
        };
        let line = if game.writes_text(before, action) {
            with_text(&line, texts.next().map_or("", String::as_str))
        } else {
            line
        };
        steps.push(json!({"log": line, "table": public(after)}));
    })?;
    let result = (game.actor(&end) == Actor::Terminal).then(|| {
        let names: Vec<String> = (0..game.num_players())
            .map(|seat| {
                record
                    .seats
                    .get(seat)
                    .cloned()
                    .unwrap_or_else(|| format!("player {}", seat + 1))
            })
            .collect();
        presenter.result_text(game, &end, &names)
    });
    Ok(json!({
        "game": game.spec().to_string(),
        "name": game.info().name,
        "seats": record.seats,
        "steps": steps,
        "result": result,
    }))
}

impl<G: Shelved> Table for GameTable<G> {
    fn seat_of(&self, token: &str) -> Option<Seat> {
        let seat = self.sitters.iter().position(|s| match s {
            Sitter::Human { token: t } => same_token(token, t),
            Sitter::Bot { .. } => false,
        })?;
        self.joined[seat].store(true, Ordering::Relaxed);
        Some(seat)
    }

    fn view(&self, viewer: Option<Seat>) -> BoxFuture<'_, View> {
        Box::pin(async move {
            let mut play = self.play.lock().await;
            self.served(&mut play, viewer)
        })
    }

    fn play(&self, seat: Seat, request: Move) -> BoxFuture<'_, Result<View, PlayError>> {
        Box::pin(async move {
            let mut play = self.play.lock().await;
            self.play_move(&mut play, seat, request, false).await?;
            Ok(self.served(&mut play, Some(seat)))
        })
    }

    fn undo(&self, seat: Seat) -> BoxFuture<'_, Result<View, PlayError>> {
        Box::pin(async move {
            let mut play = self.play.lock().await;
            if !play.can_undo(&self.rules.game, seat) {
                return Err(PlayError::NoUndo);
            }
            let ply = play.record.actions.len();
            let undone = self.store.undo_action(&self.id, play.stamp()).await;
            self.settle(&mut play, undone, ply).await?;
            play.take_back(&self.rules.game);
            play.undos += 1;
            self.announce(&mut play).await;
            Ok(self.served(&mut play, Some(seat)))
        })
    }

    fn record(&self) -> BoxFuture<'_, Result<String, PlayError>> {
        Box::pin(async move {
            let play = self.play.lock().await;
            if self.rules.game.actor(&play.state) != Actor::Terminal {
                return Err(PlayError::Unfinished);
            }
            Ok(play.record.to_json())
        })
    }

    fn replay(&self) -> BoxFuture<'_, Result<Value, PlayError>> {
        Box::pin(async move {
            let record = {
                let play = self.play.lock().await;
                if self.rules.game.actor(&play.state) != Actor::Terminal {
                    return Err(PlayError::Unfinished);
                }
                play.record.clone()
            };
            replay_steps(&self.rules.game, &record).map_err(|e| {
                PlayError::Store(StoreError::Corrupt {
                    table: self.id.clone(),
                    reason: e.to_string(),
                })
            })
        })
    }

    fn summary(&self) -> Summary {
        let finished = self.finished();
        let waiting = self.sitters.iter().zip(&self.joined).any(|(s, joined)| {
            matches!(s, Sitter::Human { .. }) && !joined.load(Ordering::Relaxed)
        });
        Summary {
            id: self.id.clone(),
            game: self.rules.game.spec().to_string(),
            name: self.rules.game.info().name.to_owned(),
            status: if finished {
                "finished"
            } else if waiting {
                "waiting"
            } else {
                "playing"
            },
            ply: *self.ply.borrow(),
            seats: self
                .sitters
                .iter()
                .map(|s| match s {
                    Sitter::Human { .. } => "human".to_owned(),
                    Sitter::Bot { spec } => spec.to_string(),
                })
                .collect(),
            clock: self.clock.map(Clock::seconds),
        }
    }

    fn finished(&self) -> bool {
        self.over.load(Ordering::Acquire)
    }

    fn subscribe(&self) -> watch::Receiver<usize> {
        self.ply.subscribe()
    }

    fn start(self: Arc<Self>) {
        tokio::spawn(async move {
            {
                let mut play = self.play.lock().await;
                let auto = match self.rules.game.actor(&play.state) {
                    Actor::Chance => true,
                    Actor::Player(seat) => matches!(self.sitters[seat], Sitter::Bot { .. }),
                    Actor::Terminal => false,
                };
                if play.driving || !auto {
                    return;
                }
                match self.store.claim(&self.id).await {
                    Ok(true) => {}
                    // Another server moves this table's bots.
                    Ok(false) => return,
                    Err(e) => {
                        tracing::error!(table = %self.id, error = %e, "cannot claim the table's bots");
                        return;
                    }
                }
                play.driving = true;
            }
            self.drive().await;
        });
    }

    fn refresh(self: Arc<Self>, stamp: Option<Stamp>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            {
                let mut play = self.play.lock().await;
                let have = play.stamp();
                // This server's own writes come back too, often after later ones.
                let known = stamp.is_some_and(|s| s.undos == have.undos && s.plies <= have.plies);
                if !known && let Err(e) = self.reload(&mut play).await {
                    tracing::error!(table = %self.id, error = %e, "cannot read the table again");
                    return;
                }
            }
            // Whoever moves this table's bots may have to go on now.
            self.start();
        })
    }

    fn keep_time(self: Arc<Self>) {
        if self.clock.is_some() {
            let deadlines = self.deadline.subscribe();
            tokio::spawn(GameTable::run_clock(Arc::downgrade(&self), deadlines));
        }
    }
}
