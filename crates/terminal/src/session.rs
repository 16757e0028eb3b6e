//! One match between humans and bots, shared by the line mode and the full-screen view.
//!
//! The session owns the true state and the record; the front ends ask it whose turn it is,
//! what the viewing human may see, and to play a move. Every move (chance included) is
//! pushed to the record as it is applied, so the record is complete whenever a front end
//! stops.
//!
//! # Undo within the rules
//!
//! At each human decision the session keeps a snapshot (the state and the record length).
//! [`Session::undo`] goes back to the same human's previous decision, as long as only that
//! human acted since: a chance outcome (a draw, a roll) or another player's move in between
//! would be undone with it and replayed differently, so it is refused; so is a move that
//! showed the human a hidden card ([`Game::revealed`]), which cannot be unseen. The
//! snapshots are dropped whenever such a move is applied. The undone actions leave the record with their
//! texts, and each front end drops their log lines (one per action).
//!
//! # Texts
//!
//! When an action comes with a free text ([`Game::writes_text`], asked of the state before
//! it), the session pushes one text onto the record's `texts` as it applies the action: the
//! one the human typed (through [`clean_text`]), or an empty one for a bot or chance. The
//! move's log line shows it ([`with_text`]).
//!
//! # Saving and resuming
//!
//! With a save path, the session writes the record when the match starts and after every
//! action and every undo (see the `autosave` module). If a write fails, the session stops
//! taking moves ([`Session::save_failed`]) and [`Session::finish`] reports it. A resumed
//! match starts from the state its record replays to and appends to that record.

use gameshelf_engine::{
    Actor, Bot, FileError, Game, Outcomes, Record, Rng, Seat, SeatView, escape_controls, typed_move,
};

use crate::autosave::Autosave;
use crate::text::{clean_text, parse_sum, with_text};
use crate::{Aids, ChanceDriver, PlayOptions, Player, TerminalError};
use gameshelf_engine::Presenter;

/// Whose move it is, as the front ends need to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turn {
    /// A human at this seat chooses.
    Human(Seat),
    /// A bot or chance moves: call [`Session::play_auto`].
    Auto,
    /// The game is over.
    Over,
}

/// The stream of `Rng::for_stream(seed, _)` the hints draw from: past any seat's.
const HINT_STREAM: u64 = 1 << 32;

/// A match in progress.
pub(crate) struct Session<'a, G: Game, P> {
    game: &'a G,
    presenter: &'a P,
    state: G::State,
    players: Vec<Player<G>>,
    names: Vec<String>,
    record: Record<G::Action>,
    chance_rng: Rng,
    bot_rngs: Vec<Rng>,
    outcomes: Outcomes<G::Action>,
    legal: Vec<G::Action>,
    viewer: Option<Seat>,
    driver: Option<ChanceDriver<'a, G>>,
    adviser: Option<Box<dyn Bot<G>>>,
    hint_rng: Rng,
    snapshots: Vec<Snapshot<G>>,
    undo_barrier: UndoRefused,
    autosave: Option<Autosave>,
    save_error: Option<FileError>,
    /// The seats whose person passes every chance to speak out of turn until a decision
    /// asks something of them ([`Session::pass_until_asked`]).
    passing: Vec<bool>,
}

/// The position at a human decision, to come back to.
struct Snapshot<G: Game> {
    state: G::State,
    seat: Seat,
    record_len: usize,
    texts_len: usize,
}

/// Why [`Session::undo`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum UndoRefused {
    /// No human decision has been played yet.
    #[error("nothing to undo")]
    Nothing,
    /// A chance outcome was applied after the human's previous decision.
    #[error("cannot undo past a draw")]
    Chance,
    /// Another player moved after the human's previous decision.
    #[error("cannot undo past another player's move")]
    OtherPlayer,
    /// The human's own move turned up a hidden card, which cannot be unseen.
    #[error("cannot undo past a card turned up")]
    Reveal,
}

/// How a seat is called in logs and prompts: `player 2 (heuristic)`, or with its name when
/// the name says more than the kind of player, `player 1 Ann (human)`. Seats are counted
/// from 1 for people.
pub(crate) fn seat_label(seat: Seat, name: &str, kind: &str) -> String {
    if name == kind || name.is_empty() || name == format!("player {}", seat + 1) {
        format!("player {} ({kind})", seat + 1)
    } else {
        format!("player {} {name} ({kind})", seat + 1)
    }
}

impl<'a, G: Game, P: Presenter<G>> Session<'a, G, P> {
    /// A new match from the game's initial state, or from the record `options.resume`
    /// holds; with `options.save`, the record is written at once.
    ///
    /// # Errors
    /// [`TerminalError::PlayerCount`] or [`TerminalError::NameCount`] when the players or
    /// names do not match the game's seats; [`TerminalError::Resume`] when the record to
    /// resume does not replay in this game; [`TerminalError::SavePath`] when the save path
    /// cannot take the record.
    pub(crate) fn new(
        game: &'a G,
        presenter: &'a P,
        players: Vec<Player<G>>,
        options: &PlayOptions,
    ) -> Result<Self, TerminalError> {
        let seats = game.num_players();
        if players.len() != seats {
            return Err(TerminalError::PlayerCount {
                seats,
                given: players.len(),
            });
        }
        if options.names.len() != seats {
            return Err(TerminalError::NameCount {
                seats,
                given: options.names.len(),
            });
        }
        let autosave = options
            .save
            .as_deref()
            .map(Autosave::open)
            .transpose()
            .map_err(TerminalError::SavePath)?;
        let (state, mut record) = match &options.resume {
            Some(json) => {
                let record = Record::from_json(json)?;
                (record.replay(game)?, record)
            }
            None => (game.initial_state(), Record::new(game)),
        };
        // Names may come from a record or a person: shown with control characters escaped.
        let names: Vec<String> = options
            .names
            .iter()
            .map(|n| escape_controls(n).into_owned())
            .collect();
        record.seats = names.clone();
        record.players = players.iter().map(Player::kind).collect();
        record.seed = Some(options.seed);
        record.deal = options.deal;
        // A resumed match draws from a generator of its own: fixed by the seed and how far
        // the record goes, so that the same resumption plays the same game.
        let seed = match record.actions.len() as u64 {
            0 => options.seed,
            played => Rng::for_stream(options.seed, played).next_u64(),
        };
        let mut session = Session {
            game,
            presenter,
            state,
            viewer: players.iter().position(Player::is_human),
            players,
            names,
            record,
            chance_rng: Rng::seed_from_u64(seed),
            bot_rngs: (0..seats as u64)
                .map(|seat| Rng::for_stream(seed, seat))
                .collect(),
            outcomes: Outcomes::new(),
            legal: Vec::new(),
            driver: None,
            adviser: None,
            hint_rng: Rng::for_stream(seed, HINT_STREAM),
            snapshots: Vec::new(),
            undo_barrier: UndoRefused::Nothing,
            autosave,
            save_error: None,
            passing: vec![false; seats],
        };
        session.refresh();
        session.save();
        match session.save_error.take() {
            Some(e) => Err(TerminalError::SavePath(e)),
            None => Ok(session),
        }
    }

    /// Writes the record to the save path, if there is one, unless a write failed before.
    fn save(&mut self) {
        if let (Some(autosave), None) = (&self.autosave, &self.save_error) {
            if let Err(e) = autosave.write::<G>(&self.record) {
                self.save_error = Some(e);
            }
        }
    }

    /// Whether writing the record failed: the front ends then stop the match, and
    /// [`Session::finish`] reports the failure.
    pub(crate) fn save_failed(&self) -> bool {
        self.save_error.is_some()
    }

    /// Takes the match's aids: a driver that chooses every chance outcome instead of the
    /// seeded generator (a numbered deal), and a bot that gives hints. By default chance
    /// is sampled from `options.seed` and there are no hints.
    pub(crate) fn with_aids(mut self, aids: Aids<'a, G>) -> Self {
        self.driver = aids.driver;
        self.adviser = aids.adviser;
        self
    }

    /// Whether a person may ask for hints.
    pub(crate) fn gives_hints(&self) -> bool {
        self.adviser.is_some()
    }

    /// The adviser's move for the person to move: its index among [`Session::choices`]
    /// and its description. Nothing is played; the hint's randomness is the adviser's own,
    /// so asking changes neither the game nor the bots' and chance's draws.
    ///
    /// # Errors
    /// Why there is no hint: no adviser, or no person to move.
    pub(crate) fn hint(&mut self) -> Result<(usize, String), &'static str> {
        let Turn::Human(seat) = self.turn() else {
            return Err("a hint is for your own decisions");
        };
        let Some(adviser) = self.adviser.as_mut() else {
            return Err("this game gives no hints");
        };
        let view = SeatView::new(self.game, &self.state, seat);
        let action = adviser.choose(&view, &mut self.hint_rng);
        let index = self
            .legal
            .iter()
            .position(|&a| a == action)
            .ok_or("the adviser chose a move that is not offered")?;
        Ok((index, self.describe_choice(action)))
    }

    /// The game.
    pub(crate) fn game(&self) -> &'a G {
        self.game
    }

    /// The presenter.
    pub(crate) fn presenter(&self) -> &'a P {
        self.presenter
    }

    /// The names of the seats.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    /// How a seat is called in logs and prompts.
    pub(crate) fn label(&self, seat: Seat) -> String {
        seat_label(seat, &self.names[seat], &self.players[seat].kind())
    }

    /// Whose move it is.
    pub(crate) fn turn(&self) -> Turn {
        match self.game.actor(&self.state) {
            Actor::Terminal => Turn::Over,
            Actor::Player(seat) if self.players[seat].is_human() => Turn::Human(seat),
            Actor::Player(_) | Actor::Chance => Turn::Auto,
        }
    }

    /// What reproduces this match's chance, for people: `deal N` for a numbered deal, else
    /// `seed S`.
    pub(crate) fn origin(&self) -> String {
        match (self.record.deal, self.record.seed) {
            (Some(deal), _) => format!("deal {deal}"),
            (None, Some(seed)) => format!("seed {seed}"),
            (None, None) => "no seed".to_owned(),
        }
    }

    /// Whether people share this screen and the game hides things from one seat to another,
    /// so the screen must be handed from one person to the next before their view shows.
    pub(crate) fn hot_seat_with_secrets(&self) -> bool {
        let humans = self.players.iter().filter(|p| p.is_human()).count();
        humans >= 2 && self.game.info().information != gameshelf_engine::Information::Perfect
    }

    /// The human whose view is shown: the one to move, else the last human who moved (the
    /// first human seat before anyone has), or `None` when only bots play.
    pub(crate) fn viewer(&self) -> Option<Seat> {
        self.viewer
    }

    /// What `seat` sees now.
    pub(crate) fn observation(&self, seat: Seat) -> G::Observation {
        self.game.observe(&self.state, seat)
    }

    /// The terms `seat`'s decision is about ([`Presenter::terms`]), seen from its
    /// observation: a heading, then a few lines; empty when there are none.
    pub(crate) fn terms(&self, seat: Seat) -> Vec<String> {
        self.presenter
            .terms(self.game, Some(seat), &self.observation(seat))
    }

    /// The legal actions of the human to move (empty otherwise), in the game's order.
    pub(crate) fn choices(&self) -> &[G::Action] {
        &self.legal
    }

    /// A choice of the human to move, in words.
    pub(crate) fn describe_choice(&self, action: G::Action) -> String {
        self.game.describe_action(&self.state, action)
    }

    /// The odds of the roll that follows a choice of the human to move, seen from their
    /// observation.
    pub(crate) fn choice_odds(&self, action: G::Action) -> Option<String> {
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        self.presenter
            .odds(self.game, &self.observation(seat), action)
    }

    /// Plays the move of a bot or of chance and returns its log line; `None` when a human
    /// is to move or the game is over.
    pub(crate) fn play_auto(&mut self) -> Option<String> {
        let actor = self.game.actor(&self.state);
        let action = match actor {
            Actor::Terminal => return None,
            Actor::Chance => match &mut self.driver {
                Some(drive) => drive(self.game, &self.state),
                None => {
                    self.game
                        .sample_chance(&self.state, &mut self.chance_rng, &mut self.outcomes)
                }
            },
            Actor::Player(seat) => match &mut self.players[seat] {
                Player::Human => return None,
                Player::Bot(bot) => bot.choose(
                    &SeatView::new(self.game, &self.state, seat),
                    &mut self.bot_rngs[seat],
                ),
            },
        };
        Some(self.apply(actor, action, ""))
    }

    /// Whether the `index`-th choice of the human to move comes with a free text
    /// ([`Game::writes_text`]), which the front end then asks for before playing it; `false`
    /// when no human is to move or there is no such choice.
    pub(crate) fn choice_writes_text(&self, index: usize) -> bool {
        self.legal
            .get(index)
            .is_some_and(|&action| self.game.writes_text(&self.state, action))
    }

    /// What to ask the human for the text of the `index`-th choice (see
    /// [`Presenter::text_prompt`]); `None` when there is no such choice.
    pub(crate) fn text_prompt(&self, index: usize) -> Option<String> {
        let &action = self.legal.get(index)?;
        Some(self.presenter.text_prompt(self.game, action))
    }

    /// The choices of the human to move as front ends list them ([`Presenter::choice_group`]):
    /// the main ones first, then each group; empty when no human is to move.
    pub(crate) fn menu(&self) -> Menu {
        let mut menu = Menu::default();
        let Turn::Human(seat) = self.turn() else {
            return menu;
        };
        let obs = self.game.observe(&self.state, seat);
        for (index, &action) in self.legal.iter().enumerate() {
            match self.presenter.choice_group(self.game, &obs, action) {
                None => menu.main.push(index),
                Some(heading) => match menu.groups.iter_mut().find(|g| g.0 == heading) {
                    Some(group) => group.1.push(index),
                    None => menu.groups.push((heading, vec![index])),
                },
            }
        }
        // Stable: groups of one rank keep the order of their first choice.
        menu.groups
            .sort_by_key(|(heading, _)| self.presenter.group_rank(self.game, &obs, heading));
        menu
    }

    /// The choice to highlight first ([`Presenter::safe_choice`]): 0 when no human is to
    /// move.
    pub(crate) fn safe_choice(&self) -> usize {
        let Turn::Human(seat) = self.turn() else {
            return 0;
        };
        let obs = self.game.observe(&self.state, seat);
        self.presenter.safe_choice(self.game, &obs, &self.legal)
    }

    /// What to ask for another sum for the `index`-th choice of the human to move, when
    /// it names one ([`Presenter::amount_prompt`]); `None` otherwise.
    pub(crate) fn amount_prompt(&self, index: usize) -> Option<String> {
        let &action = self.legal.get(index)?;
        self.game.amount(action)?;
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        let obs = self.game.observe(&self.state, seat);
        Some(self.presenter.amount_prompt(self.game, &obs, action))
    }

    /// Whether the `index`-th choice names a sum and is the first of the choices that
    /// differ from it only in their sum (its kind).
    pub(crate) fn first_of_its_kind(&self, index: usize) -> bool {
        let Some(&action) = self.legal.get(index) else {
            return false;
        };
        self.game.amount(action).is_some_and(|amount| {
            self.legal
                .iter()
                .position(|&k| self.game.with_amount(k, amount) == Some(action))
                == Some(index)
        })
    }

    /// What to ask for a typed schedule for the `index`-th choice of the human to move,
    /// when it has one ([`Presenter::schedule_prompt`]); `None` otherwise.
    pub(crate) fn schedule_prompt(&self, index: usize) -> Option<String> {
        let &action = self.legal.get(index)?;
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        let obs = self.game.observe(&self.state, seat);
        self.presenter.schedule_prompt(self.game, &obs, action)
    }

    /// Plays the `index`-th choice of the human to move as typed in `words` after its
    /// number: a sum instead of its own (`40`, `$1,500`), a schedule in the game's words
    /// ([`Presenter::scheduled`]: `every 2 rounds, 3 times`), or a sum then a schedule
    /// (`40 every 2 rounds, 3 times`), checked by the rules ([`typed_move`]); returns its
    /// log line, or says why the move so typed is refused.
    ///
    /// A leading number is read as the sum when the words after it make a schedule, and
    /// as part of the schedule otherwise (`4 times`), so neither needs a marker.
    pub(crate) fn play_typed(&mut self, index: usize, words: &str) -> Result<String, String> {
        let Turn::Human(seat) = self.turn() else {
            return Err("no one of yours is to move".to_owned());
        };
        let &listed = self.legal.get(index).ok_or("there is no such choice")?;
        let obs = self.game.observe(&self.state, seat);
        let words = words.trim();
        let attempt = |sum: Option<u32>, schedule: Option<&str>| {
            typed_move(
                self.game,
                self.presenter,
                &self.state,
                &obs,
                listed,
                sum,
                schedule,
            )
            .map_err(|e| format!("{} is refused: {}", e.action, e.reason))
        };
        let schedules = self
            .presenter
            .schedule_prompt(self.game, &obs, listed)
            .is_some();
        let typed = match (parse_sum(words), words.split_once(char::is_whitespace)) {
            (Some(sum), _) => attempt(Some(sum), None),
            _ if !schedules => Err(format!("{words:?} is no sum of dollars")),
            (None, Some((first, rest))) if let Some(sum) = parse_sum(first) => {
                attempt(Some(sum), Some(rest))
                    .or_else(|e| attempt(None, Some(words)).map_err(|_| e))
            }
            (None, _) => attempt(None, Some(words)),
        };
        typed.map(|action| self.apply(Actor::Player(seat), action, ""))
    }

    /// Plays the `index`-th choice of the human to move with `text`, and returns its log
    /// line; `None` when no human is to move or there is no such choice. The text, cleaned,
    /// goes into the record when the choice writes one ([`Session::choice_writes_text`]) and
    /// is ignored otherwise.
    pub(crate) fn play_choice(&mut self, index: usize, text: &str) -> Option<String> {
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        let action = *self.legal.get(index)?;
        Some(self.apply(Actor::Player(seat), action, text))
    }

    /// The choice that lets the human to move pass when the decision is only a chance to
    /// speak out of turn ([`Presenter::out_of_turn_pass`]); `None` otherwise.
    pub(crate) fn out_of_turn_pass(&self) -> Option<usize> {
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        let obs = self.game.observe(&self.state, seat);
        self.presenter
            .out_of_turn_pass(self.game, &obs, &self.legal)
    }

    /// Passes this chance to speak out of turn, and every later one of the same seat
    /// until a decision asks something of it ([`Session::pass_if_passing`]); the log line
    /// of the pass, or `None` when the decision is not such a chance.
    pub(crate) fn pass_until_asked(&mut self) -> Option<String> {
        let index = self.out_of_turn_pass()?;
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        self.passing[seat] = true;
        self.play_choice(index, "")
    }

    /// At a human decision whose seat passes until asked: passes it when it is only a
    /// chance to speak out of turn, and returns the log line; at a decision that asks
    /// something, the seat stops passing and `None` comes back, so the decision is shown.
    pub(crate) fn pass_if_passing(&mut self) -> Option<String> {
        let Turn::Human(seat) = self.turn() else {
            return None;
        };
        if !self.passing[seat] {
            return None;
        }
        match self.out_of_turn_pass() {
            Some(index) => self.play_choice(index, ""),
            None => {
                self.passing[seat] = false;
                None
            }
        }
    }

    /// Applies `action` of `actor`, with `text` if a human wrote one, and returns its log
    /// line.
    fn apply(&mut self, actor: Actor, action: G::Action, text: &str) -> String {
        let described = self
            .presenter
            .describe_move(self.game, &self.state, action, self.viewer);
        let mut line = match actor {
            Actor::Player(seat) => format!("{}: {described}", self.label(seat)),
            Actor::Chance | Actor::Terminal => described,
        };
        let human = matches!(actor, Actor::Player(seat) if self.players[seat].is_human());
        if self.game.writes_text(&self.state, action) {
            let text = if human {
                clean_text(text)
            } else {
                String::new()
            };
            line = with_text(&line, &text);
            self.record.texts.push(text);
        }
        if !human {
            self.snapshots.clear();
            self.undo_barrier = match actor {
                Actor::Player(_) => UndoRefused::OtherPlayer,
                Actor::Chance | Actor::Terminal => UndoRefused::Chance,
            };
        }
        let before = human.then(|| self.state.clone());
        self.game.apply_unchecked(&mut self.state, action);
        if before.is_some_and(|b| self.game.revealed(&b, &self.state)) {
            self.snapshots.clear();
            self.undo_barrier = UndoRefused::Reveal;
        }
        self.record.actions.push(action);
        self.refresh();
        self.save();
        line
    }

    /// Updates the legal actions and the viewer after the state changed, and keeps a
    /// snapshot at a human decision.
    fn refresh(&mut self) {
        self.legal.clear();
        if let Turn::Human(seat) = self.turn() {
            self.viewer = Some(seat);
            self.game.legal_actions(&self.state, &mut self.legal);
            let record_len = self.record.actions.len();
            if self
                .snapshots
                .last()
                .is_none_or(|s| s.record_len < record_len)
            {
                self.snapshots.push(Snapshot {
                    state: self.state.clone(),
                    seat,
                    record_len,
                    texts_len: self.record.texts.len(),
                });
            }
        }
    }

    /// Goes back to the previous decision of the human to move, dropping the actions played
    /// since, and their texts, from the record; returns how many actions were dropped.
    ///
    /// # Errors
    /// [`UndoRefused`] when no human is to move, when there is no earlier decision, or when
    /// a chance outcome or another player's move lies in between.
    pub(crate) fn undo(&mut self) -> Result<usize, UndoRefused> {
        let Turn::Human(seat) = self.turn() else {
            return Err(UndoRefused::Nothing);
        };
        let n = self.snapshots.len();
        if n < 2 {
            return Err(self.undo_barrier);
        }
        if self.snapshots[n - 2].seat != seat {
            return Err(UndoRefused::OtherPlayer);
        }
        self.snapshots.pop();
        // Taking a pass back means the person wants to speak: stop passing for him.
        self.passing[seat] = false;
        let back = self.snapshots.last().expect("two snapshots");
        let dropped = self.record.actions.len() - back.record_len;
        self.state = back.state.clone();
        self.record.actions.truncate(back.record_len);
        self.record.texts.truncate(back.texts_len);
        self.refresh();
        self.save();
        Ok(dropped)
    }

    /// The result, once the game is over.
    pub(crate) fn result_text(&self) -> Option<String> {
        (self.turn() == Turn::Over).then(|| {
            self.presenter
                .result_text(self.game, &self.state, &self.names)
        })
    }

    /// The actions played so far.
    pub(crate) fn actions_played(&self) -> usize {
        self.record.actions.len()
    }

    /// The record so far, once the front end stops.
    ///
    /// # Errors
    /// [`TerminalError::SaveFailed`], holding the record, when writing it failed.
    pub(crate) fn finish(self) -> Result<Record<G::Action>, TerminalError> {
        match self.save_error {
            Some(source) => Err(TerminalError::SaveFailed {
                source,
                actions: self.record.actions.len(),
                record_json: self.record.to_json(),
            }),
            None => Ok(self.record),
        }
    }

    /// A terminal failure in the middle of the match, keeping the record so far.
    pub(crate) fn interrupted(&self, source: std::io::Error) -> TerminalError {
        TerminalError::Interrupted {
            source,
            actions: self.record.actions.len(),
            record_json: self.record.to_json(),
        }
    }
}

/// The choices of a decision as listed for a person: see [`Session::menu`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Menu {
    /// The main choices, as indices into the legal actions, in the game's order.
    pub(crate) main: Vec<usize>,
    /// The other choices under their headings, by the presenter's rank of each heading
    /// ([`Presenter::group_rank`]), then in order of first appearance.
    pub(crate) groups: Vec<(String, Vec<usize>)>,
}

/// One line of a folded list: a choice (its index into the legal actions) or a group's
/// heading (its index in [`Menu::groups`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    Choice(usize),
    Group(usize),
}

impl Menu {
    /// The lines of the list with group `open` unfolded: the main choices, then each
    /// group's heading, the open one followed by its choices.
    pub(crate) fn rows(&self, open: Option<usize>) -> Vec<Row> {
        let mut rows: Vec<Row> = self.main.iter().map(|&i| Row::Choice(i)).collect();
        for (g, (_, items)) in self.groups.iter().enumerate() {
            rows.push(Row::Group(g));
            if open == Some(g) {
                rows.extend(items.iter().map(|&i| Row::Choice(i)));
            }
        }
        rows
    }

    /// The group that holds the choice with this index into the legal actions, if any.
    pub(crate) fn group_of(&self, index: usize) -> Option<usize> {
        self.groups
            .iter()
            .position(|(_, items)| items.contains(&index))
    }

    /// Group `g`'s heading with the count of its choices, as the folded list shows it:
    /// "build: 1 choice", "make an offer (a package): 2 choices".
    pub(crate) fn heading(&self, g: usize) -> String {
        let (heading, items) = &self.groups[g];
        match items.len() {
            1 => format!("{heading}: 1 choice"),
            n => format!("{heading}: {n} choices"),
        }
    }

    /// The entries of the top-level list: the main choices, then one per group.
    pub(crate) fn len(&self) -> usize {
        self.main.len() + self.groups.len()
    }

    /// Where the choice with this index into the legal actions is listed: its number
    /// (from 1) in the top-level list, and in its group's list when it is in one.
    pub(crate) fn place(&self, index: usize) -> Option<(usize, Option<usize>)> {
        if let Some(k) = self.main.iter().position(|&i| i == index) {
            return Some((k + 1, None));
        }
        self.groups.iter().enumerate().find_map(|(g, (_, items))| {
            let k = items.iter().position(|&i| i == index)?;
            Some((self.main.len() + g + 1, Some(k + 1)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choices 0 and 3 main; 1 and 4 under "a"; 2 under "b".
    fn menu() -> Menu {
        Menu {
            main: vec![0, 3],
            groups: vec![("a".to_owned(), vec![1, 4]), ("b".to_owned(), vec![2])],
        }
    }

    #[test]
    fn a_heading_counts_its_choices_in_words() {
        assert_eq!(menu().heading(0), "a: 2 choices");
        assert_eq!(menu().heading(1), "b: 1 choice");
    }

    #[test]
    fn rows_list_the_main_choices_then_the_headings_with_the_open_group_unfolded() {
        use Row::{Choice, Group};
        let m = menu();
        assert_eq!(m.rows(None), [Choice(0), Choice(3), Group(0), Group(1)]);
        assert_eq!(
            m.rows(Some(0)),
            [
                Choice(0),
                Choice(3),
                Group(0),
                Choice(1),
                Choice(4),
                Group(1)
            ]
        );
        assert_eq!(
            m.rows(Some(1)),
            [Choice(0), Choice(3), Group(0), Group(1), Choice(2)]
        );
        assert_eq!(m.len(), 4);
    }

    #[test]
    fn every_choice_has_one_place() {
        let m = menu();
        assert_eq!(m.place(3), Some((2, None)));
        assert_eq!(m.place(4), Some((3, Some(2))));
        assert_eq!(m.place(2), Some((4, Some(1))));
        assert_eq!(m.place(9), None);
        assert_eq!(m.group_of(0), None);
        assert_eq!(m.group_of(4), Some(0));
        assert_eq!(m.group_of(2), Some(1));
    }
}
