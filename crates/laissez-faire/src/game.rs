//! The rules: [`LaissezFaire`] and its [`Game`] implementation.
//!
//! `apply_unchecked` handles the action at the current resting point ([`State::phase`]) and
//! runs every forced step after it (salary, tax, jailing, the end of a turn) until the next
//! decision or chance node. Prices are computed by the public query methods
//! ([`LaissezFaire::room_price`], [`LaissezFaire::fare`], [`LaissezFaire::utility_price`],
//! [`LaissezFaire::stay_price`] in [`crate::bargain`], [`LaissezFaire::jail_fee`]), which
//! bots and the tally share.

use std::sync::Arc;

use gameshelf_engine::dice::{self, DicePair};
use gameshelf_engine::{
    Actor, ChanceMode, Game, GameInfo, GameSpec, IllegalAction, Information, Outcomes, Returns,
    Rng, Seat, SpecError, Utility,
};
use gameshelf_open_oubliette::OpenOubliette;

use crate::action::Action;
use crate::bargain::{self, Price};
use crate::board::{Board, BoardError, SPACES, SpaceKind};
use crate::config::{Config, ID, MAX_PLAYERS, PARAMS};
use crate::contract::{Clause, Rules, Term};
use crate::package::MAX_EDITS;
use crate::price::{Prices, Share, percent_of};
use crate::state::{BANK, EndKind, Lot, Lots, Phase, Player, State, Status};
use crate::trade::{MAX_COUNTERS, MAX_EXCHANGES, Thread};

mod auction;
mod building;
mod contracts;
mod disputes;
mod end;
mod floor;
mod jail;
mod landing;
mod obligations;
mod parking;
mod payers;
mod posting;
mod rent;
mod threads;
mod turns;
mod words;
mod worth;

/// Why a configuration was rejected.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The game string or a parameter is wrong.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The board file is wrong.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// The game's metadata.
pub(crate) fn base_info() -> GameInfo {
    GameInfo {
        id: ID,
        name: "Laissez-faire",
        credit: "Kenny Pearce (2006)",
        min_players: 2,
        max_players: MAX_PLAYERS,
        chance: ChanceMode::ExplicitStochastic,
        information: Information::Perfect,
        utility: Utility::ConstantSum(1.0),
        min_return: 0.0,
        max_return: 1.0,
        params: PARAMS,
    }
}

/// The capacity of a property at a building level (B-02): 1, 1, 2, unlimited.
pub fn capacity(level: u8) -> u8 {
    match level {
        0 | 1 => 1,
        2 => 2,
        _ => u8::MAX,
    }
}

/// The spaces whose bits are set in `mask`, in board order.
pub fn spaces_in(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros();
        (mask != 0).then(|| {
            mask &= mask - 1;
            i as u8
        })
    })
}

/// Laissez-faire: a validated configuration and its board.
#[derive(Clone, Debug)]
pub struct LaissezFaire {
    cfg: Config,
    board: Arc<Board>,
    info: GameInfo,
    jail: Option<OpenOubliette>,
}

impl Default for LaissezFaire {
    fn default() -> Self {
        LaissezFaire::new(Config::default())
    }
}

impl LaissezFaire {
    /// The game for a validated configuration, on the default board.
    pub fn new(cfg: Config) -> Self {
        LaissezFaire::with_board(cfg, Board::standard())
    }

    /// The game for a configuration and a board (e.g. loaded with [`Board::load`]).
    pub fn with_board(cfg: Config, board: Arc<Board>) -> Self {
        let jail = cfg.oubliette_jail.then(|| {
            // One jailed player; open hands, since no other Oubliette player exists and the
            // host game stays one of perfect information (rules doc, "The Oubliette jail").
            let spec = GameSpec::new("open-oubliette")
                .with("players", 1)
                .with("mode", "jail")
                .with("open_hands", true);
            OpenOubliette::from_spec(&spec).expect("the jail configuration is valid")
        });
        LaissezFaire {
            cfg,
            board,
            info: base_info(),
            jail,
        }
    }

    /// The game named by a game string, on the default board.
    ///
    /// # Errors
    /// [`ConfigError::Spec`] for another game id or a bad parameter.
    pub fn from_spec(spec: &GameSpec) -> Result<Self, ConfigError> {
        Ok(LaissezFaire::new(Config::from_spec(spec)?))
    }

    /// The game named by a game string, on a board loaded from a file.
    ///
    /// # Errors
    /// [`ConfigError::Spec`] or [`ConfigError::Board`].
    pub fn from_spec_and_board(
        spec: &GameSpec,
        path: impl AsRef<std::path::Path>,
    ) -> Result<Self, ConfigError> {
        let cfg = Config::from_spec(spec)?;
        Ok(LaissezFaire::with_board(cfg, Arc::new(Board::load(path)?)))
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// `jail=oubliette`: the embedded Open Oubliette jail game.
    pub fn oubliette(&self) -> Option<&OpenOubliette> {
        self.jail.as_ref()
    }
}

impl Game for LaissezFaire {
    type Action = Action;
    type State = State;
    type Observation = State;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn spec(&self) -> GameSpec {
        self.cfg.spec()
    }

    fn num_players(&self) -> usize {
        self.cfg.players
    }

    fn data_fingerprint(&self) -> Option<String> {
        Some(self.board.fingerprint().to_owned())
    }

    /// The first player is drawn at random and play goes round in seat order.
    fn turn_position(&self, s: &State, seat: Seat) -> Option<usize> {
        (s.phase != Phase::Order)
            .then(|| (seat + self.cfg.players - s.first as usize) % self.cfg.players)
    }

    /// At most `max_rounds` rounds of `players` turns, each of two roll-turns of at most
    /// one management window (three builds per property, two declarations, the trade
    /// threads and the Go) and its open floor, the owners' and payers' offers and the
    /// bargains of a lodging (each room of the two cities and the transit company asked for
    /// once) or of a stay (two), a dozen steps, and the open floor after the landing (the
    /// extra roll-turn of doubles follows one), plus the Oubliette's own bound (and, with
    /// `auction_on_decline`, an auction per roll-turn).
    fn max_game_length(&self) -> usize {
        let deeds = self.board.deeds.count_ones() as usize;
        // A rule change's acceptances pass the thread on without using up its messages.
        // A deal: each draft (the first and one per counter) takes its edits and a send,
        // and the last answer closes it, or, when the terms name third parties, their
        // consents, one each (every other player at most).
        // Setting a thread aside and taking it up again are two more actions, at most once
        // per message of a trade thread and once per package of a deal.
        let consents = self.cfg.players.saturating_sub(2).max(1);
        let deal = 2 + consents + (1 + usize::from(MAX_COUNTERS)) * (usize::from(MAX_EDITS) + 4);
        let thread = (3 * usize::from(MAX_EXCHANGES) + self.cfg.players).max(deal);
        let threads = usize::from(self.cfg.window_threads) * thread;
        // Each free-text clause may be claimed once, before every other player.
        let claims = crate::contract::MAX_CONTRACTS * (self.cfg.players + 1);
        // Each live clause may be released once.
        let releases = crate::contract::MAX_CONTRACTS;
        let window = 3 * deeds + 3 + threads + claims + releases;
        // The open floor after each window: every other player passes once and opens at
        // most `floor_threads` threads.
        let floor = (self.cfg.players - 1) * (1 + usize::from(self.cfg.floor_threads) * thread);
        // The open floor after each roll-turn's landing, the mover included.
        let late_floor = self.cfg.players * (1 + usize::from(self.cfg.floor_threads) * thread);
        let rooms = self
            .board
            .cities
            .iter()
            .map(|c| c.properties.count_ones() as usize)
            .max()
            .unwrap_or(0);
        let bargains = (2 * (rooms + 1)).max(2) * bargain::MAX_MESSAGES;
        // A stay and each of the two lodgings (the city, and the other city after a ride,
        // when the stay fell through) open with each other player's offer (an owner's or a
        // payer's) or pass, each payer in a lodging may raise his offer or pass once, and
        // each payer's offer may fail once when taken.
        let postings = (2 * 3 + 2) * (self.cfg.players - 1);
        let jail = self.jail.as_ref().map_or(0, |og| og.max_game_length());
        let tax_window = threads + 1;
        // `auction_on_decline`: an auction after each roll-turn's landing, where every
        // player raises at most `MAX_RAISES` times and passes once.
        let auction = if self.cfg.auction_on_decline {
            self.cfg.players * (usize::from(crate::state::MAX_RAISES) + 1)
        } else {
            0
        };
        let turn = 2
            * (window + floor + late_floor + tax_window + bargains + postings + auction + 12)
            + jail
            + 4;
        1 + self.cfg.max_rounds as usize * self.cfg.players * turn
    }

    fn initial_state(&self) -> State {
        let player = Player {
            cash: self.board.start_cash,
            ..Player::default()
        };
        State {
            players: [player; MAX_PLAYERS],
            lots: Lots([Lot::default(); SPACES]),
            cells: Default::default(),
            first: 0,
            current: 0,
            phase: Phase::Order,
            roll: None,
            rolls: 0,
            city: 0,
            via_transit: false,
            asked: 0,
            bargain: None,
            quotes: Default::default(),
            covers: Default::default(),
            posters: 0,
            staying: false,
            raised: 0,
            tax_due: 0,
            offers: 0,
            trade: None,
            parked: Default::default(),
            floor_seat: None,
            floor_opened: 0,
            floor_late: false,
            extra_roll: false,
            deal: None,
            auction: None,
            contracts: Default::default(),
            notes: 0,
            ruling: None,
            stalemate: 0,
            rules: Rules {
                stay_doubles_bonus: self.cfg.stay_doubles_bonus,
                final_lap_stay: self.cfg.final_lap_stay,
                fare_by_bank_count: self.cfg.fare_by_bank_count,
            },
            ledger: Default::default(),
            cell_mark: 0,
            round: 0,
            turns: 0,
            final_lap: false,
            quiet: true,
            quiet_rounds: 0,
            winners: 0,
            end: EndKind::None,
        }
    }

    fn actor(&self, s: &State) -> Actor {
        match s.phase {
            Phase::Order | Phase::Roll => Actor::Chance,
            Phase::Over => Actor::Terminal,
            Phase::Posting => match self.next_poster(s) {
                Some(o) => Actor::Player(usize::from(o)),
                None => Actor::Terminal,
            },
            Phase::Floor => match s.floor_seat {
                Some(f) => Actor::Player(usize::from(f)),
                None => Actor::Terminal,
            },
            Phase::Trade => match &s.trade {
                Some(t) => Actor::Player(t.floor as usize),
                None => Actor::Terminal,
            },
            Phase::Bargain => match &s.bargain {
                Some(b) => Actor::Player(b.floor as usize),
                None => Actor::Terminal,
            },
            Phase::Deal => match &s.deal {
                Some(d) => Actor::Player(d.floor() as usize),
                None => Actor::Terminal,
            },
            Phase::Ruling => match &s.ruling {
                Some(r) => Actor::Player(r.voters.trailing_zeros() as usize),
                None => Actor::Terminal,
            },
            Phase::Auction => match &s.auction {
                Some(a) => Actor::Player(usize::from(a.next)),
                None => Actor::Terminal,
            },
            Phase::Stalemate if s.stalemate != 0 => {
                Actor::Player(s.stalemate.trailing_zeros() as usize)
            }
            Phase::Stalemate => Actor::Terminal,
            Phase::Oubliette => {
                let (Some(og), Some(cell)) = (&self.jail, &s.cells[s.current as usize]) else {
                    return Actor::Terminal;
                };
                match og.actor(cell) {
                    Actor::Chance => Actor::Chance,
                    _ => Actor::Player(s.current as usize),
                }
            }
            _ => Actor::Player(s.current as usize),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        let seat = s.current as usize;
        let me = s.me();
        match s.phase {
            Phase::Order | Phase::Roll | Phase::Over => {}
            Phase::Oubliette => {
                if let (Some(og), Some(cell)) = (&self.jail, &s.cells[seat]) {
                    let mut inner = Vec::new();
                    og.legal_actions(cell, &mut inner);
                    out.extend(inner.into_iter().map(Action::Oubliette));
                }
            }
            Phase::Manage => {
                for i in 0..SPACES as u8 {
                    if self.can_build(s, seat, i).is_some() {
                        out.push(Action::Build(i));
                    }
                }
                self.threads(s, seat, out);
                self.resumes(s, out);
                let options = s.contracts.iter().filter_map(|c| match c.clause {
                    Clause::Option { deed, .. } if c.payer as usize == seat => Some(deed),
                    _ => None,
                });
                let mut exercisable = 0u64;
                for deed in options {
                    if self.exercisable(s, seat, deed).is_some() {
                        exercisable |= 1 << deed;
                    }
                }
                out.extend(spaces_in(exercisable).map(Action::Exercise));
                // Claims in text-number order (slots are not in that order).
                let mut claims = [false; 256];
                for c in s.contracts.iter() {
                    if let Clause::Text { note, .. } = c.clause {
                        claims[note as usize] = self.claim(s, seat, note).is_some();
                    }
                }
                out.extend(
                    (0..=u8::MAX)
                        .filter(|&n| claims[n as usize])
                        .map(Action::Dispute),
                );
                let mut releases: Vec<Action> = s
                    .contracts
                    .iter()
                    .filter(|c| usize::from(c.beneficiary()) == seat)
                    .map(|c| Action::Release(c.id, c.part))
                    .collect();
                releases.sort_unstable();
                out.extend(releases);
                if self.may_declare_race(s, seat) {
                    out.push(Action::DeclareRace);
                }
                if self.may_declare_stalemate(s) {
                    out.push(Action::DeclareStalemate);
                }
                if self.may_propose_stalemate(s) {
                    out.push(Action::ProposeStalemate);
                }
                out.push(Action::Go);
            }
            Phase::Shortfall => {
                self.threads(s, seat, out);
                self.resumes(s, out);
                out.push(Action::Go);
            }
            Phase::Floor => {
                self.threads(s, self.opener(s), out);
                self.resumes(s, out);
                out.push(Action::Pass);
            }
            Phase::Posting => {
                out.push(Action::Pass);
                self.postings(s, out);
                if let Some(o) = self.next_poster(s) {
                    self.cover_offers(s, usize::from(o), out);
                }
            }
            Phase::Ruling => out.extend([Action::Uphold, Action::Dismiss]),
            Phase::Stalemate => out.extend([Action::Accept, Action::Refuse]),
            Phase::Deal => {
                self.deal_moves(s, out);
                if self.may_park(s) {
                    let at = out.partition_point(|&a| a < Action::Park);
                    out.insert(at, Action::Park);
                }
            }
            Phase::Trade => {
                let Some(t) = &s.trade else { return };
                if t.floor == t.answerer {
                    out.push(Action::Accept);
                    out.extend(
                        // The shares of the deed's value, and all the cash the
                        // answerer holds (what he can pay at most).
                        Prices::new(
                            self.deed_value(s, t.deed),
                            &Share::TRADE,
                            &[
                                s.players[usize::from(t.answerer)].cash,
                                self.least_price(s, t.giver).first().copied().unwrap_or(0),
                            ],
                        )
                        .iter()
                        .filter(|&c| self.counter(s, t, c).is_some())
                        .map(Action::Counter),
                    );
                    out.extend([Action::Refuse, Action::Hold]);
                } else {
                    out.extend([Action::Withdraw, Action::Insist]);
                }
                if self.may_park(s) {
                    out.push(Action::Park);
                }
            }
            Phase::JailFee => {
                if me.cash.saturating_add(self.jail_dollars(s, seat)) >= self.jail_fee(s, seat) {
                    out.push(Action::PayFee);
                }
                out.push(Action::Wait);
            }
            Phase::Bargain => {
                if let Some(b) = &s.bargain {
                    b.answers(me.cash, out);
                }
                // A stay's payers: their offers are taken instead of accepting the price
                // that settles it (in action order, after every answer).
                if s.staying {
                    self.covered_choices(s, out);
                }
            }
            Phase::StayChoice => {
                // A race declared at this decision forbids the stay (the final lap): only
                // moving on is left.
                let total = s.roll.map_or(0, DicePair::total);
                if self.stay_price(s, seat, total).is_some() {
                    out.push(Action::Stay);
                }
                out.push(Action::Move);
                // Or stay, opening its first bargain with a bid of his own.
                self.stay_tenders(s, out);
            }
            Phase::Buy => out.extend([Action::Buy, Action::Decline]),
            Phase::Auction => {
                out.push(Action::Pass);
                self.auction_bids(s, out);
            }
            Phase::TransitChoice => {
                let side = Board::side(me.pos) as usize;
                let t = self.board.transit_of_side[side];
                if self.cfg.transit_space_free_stay {
                    out.push(Action::Stay);
                }
                if let SpaceKind::Transit { connects, .. } = self.board.spaces[t as usize].kind {
                    let (a, b) = (connects[0].min(connects[1]), connects[0].max(connects[1]));
                    out.extend([Action::City(a), Action::City(b)]);
                }
            }
            Phase::Lodge => {
                for (i, price) in self.rooms(s, seat, s.city) {
                    match price {
                        Price::Listed(p) if p <= me.cash => out.push(Action::Lodge(i)),
                        Price::Negotiable { .. } if s.asked & (1 << i) == 0 => {
                            out.push(Action::Ask(i));
                            self.tenders(s, i, out);
                        }
                        _ => {}
                    }
                    // An owner's offer standing: the lodger may answer it (counter it).
                    if s.quotes.get(i).is_some() {
                        out.push(Action::Ask(i));
                    }
                }
                if s.via_transit {
                    let side = self.city_side(s.city);
                    let t = self.board.transit_of_side[side as usize];
                    match self.fare(s, seat, side) {
                        Price::Listed(f) if f <= me.cash => out.push(Action::Ride),
                        Price::Negotiable { .. } if s.asked & (1 << t) == 0 => {
                            out.push(Action::Ask(t));
                            self.tenders(s, t, out);
                        }
                        _ => {}
                    }
                    if s.quotes.get(t).is_some() {
                        out.push(Action::Ask(t));
                    }
                }
                self.covered_choices(s, out);
                out.push(Action::Bench);
                // Rooms come in board order, listed or not, and the company's index may
                // fall among them: the list must be in action order.
                out.sort_unstable();
            }
        }
        // The race may be declared at any decision (the window lists it already).
        if s.phase != Phase::Manage
            && self
                .declarer(s)
                .is_some_and(|p| self.may_declare_race(s, p))
        {
            let at = out.partition_point(|&a| a < Action::DeclareRace);
            out.insert(at, Action::DeclareRace);
        }
    }

    /// A management window's actions, whose list runs over every deed, seat and term, and
    /// every price (any whole number of dollars, of which the list offers representative
    /// ones), are checked directly by the same predicates that list them; everything else
    /// against the listed actions.
    fn is_legal(&self, s: &State, action: Action) -> bool {
        let seat = s.current as usize;
        // Who opens threads: the window's player, or the seat with the open floor.
        let opener = self.opener(s);
        match (s.phase, action) {
            (_, Action::DeclareRace) => self
                .declarer(s)
                .is_some_and(|p| self.may_declare_race(s, p)),
            (Phase::Manage | Phase::Shortfall | Phase::Floor, Action::Offer(to, deed, cash)) => {
                self.offer(s, opener, to, deed, cash).is_some()
            }
            (Phase::Manage | Phase::Shortfall | Phase::Floor, Action::Propose(to, term)) => {
                self.proposal(s, opener, to, term).is_some()
            }
            (Phase::Manage | Phase::Shortfall | Phase::Floor, Action::Draft(to)) => {
                self.open_deal(s, opener, to).is_some()
            }
            (Phase::Manage | Phase::Shortfall | Phase::Floor, Action::Resume(k)) => {
                self.may_resume(s, k)
            }
            (Phase::Trade | Phase::Deal, Action::Park) => self.may_park(s),
            (Phase::Floor, Action::Pass) => true,
            (Phase::Floor, _) => false,
            (Phase::Posting, Action::Post(space, price)) => self
                .next_poster(s)
                .is_some_and(|o| self.posting(s, usize::from(o), space, price).is_some()),
            (Phase::Posting, Action::Cover(space, sum)) => self
                .next_poster(s)
                .is_some_and(|o| self.cover(s, usize::from(o), space, sum).is_some()),
            (Phase::Posting, Action::Pass) => true,
            (Phase::Posting, _) => false,
            // Clauses name any sum and schedule: checked by the notary, not against the
            // listed (representative) clauses.
            (Phase::Deal, _) => self.deal_move(s, action).is_ok(),
            // Prices are any whole number of dollars: checked by the rules of the bargain
            // or the thread, not against the listed (representative) prices.
            (Phase::Bargain, Action::Quote(_) | Action::Counter(_)) => {
                s.bargain.as_ref().is_some_and(|b| {
                    self.actor(s) == Actor::Player(usize::from(b.floor))
                        && b.allows(s.players[usize::from(b.customer)].cash, action)
                })
            }
            (Phase::Lodge, Action::Tender(space, price)) => self.tender(s, space, price).is_some(),
            (Phase::StayChoice, Action::Tender(space, price)) => {
                self.stay_tender(s, space, price).is_some()
            }
            (Phase::Trade, Action::Counter(amount)) => s.trade.as_ref().is_some_and(|t| {
                t.floor == t.answerer
                    && self.actor(s) == Actor::Player(usize::from(t.floor))
                    && self.counter(s, t, amount).is_some()
            }),
            // Bids are any whole number of dollars in range, not only the listed ones.
            (Phase::Auction, Action::Bid(amount)) => self.bid_refusal(s, amount).is_none(),
            (Phase::Auction, Action::Pass) => s.auction.is_some(),
            (Phase::Auction, _) => false,
            (Phase::Shortfall, Action::Go) => true,
            (Phase::Shortfall, _) => false,
            (Phase::Manage, Action::Build(i)) => {
                (i as usize) < SPACES && self.can_build(s, seat, i).is_some()
            }
            (Phase::Manage, Action::DeclareStalemate) => self.may_declare_stalemate(s),
            (Phase::Manage, Action::ProposeStalemate) => self.may_propose_stalemate(s),
            (Phase::Manage, Action::Dispute(note)) => self.claim(s, seat, note).is_some(),
            (Phase::Manage, Action::Release(id, part)) => {
                self.releasable(s, seat, id, part).is_ok()
            }
            (Phase::Manage, Action::Exercise(deed)) => {
                (deed as usize) < SPACES && self.exercisable(s, seat, deed).is_some()
            }
            (Phase::Manage, Action::Go) => true,
            (Phase::Manage, _) => false,
            _ => match self.actor(s) {
                Actor::Terminal => false,
                Actor::Chance => {
                    let mut o = Outcomes::new();
                    self.chance_outcomes(s, &mut o);
                    o.as_slice().iter().any(|&(a, _)| a == action)
                }
                Actor::Player(_) => {
                    let mut v = Vec::new();
                    self.legal_actions(s, &mut v);
                    v.contains(&action)
                }
            },
        }
    }

    /// A refused deal move or release names the notary's reason ([`crate::Refusal`]).
    fn refusal(&self, s: &State, action: Action) -> IllegalAction {
        if action == Action::DeclareRace {
            return IllegalAction {
                action: action.to_string(),
                actor: self.actor(s),
                reason: self.declaration_refusal(s),
            };
        }
        if let Action::Tender(space, price) = action {
            if let Some(reason) = self.tender_refusal(s, space, price) {
                return IllegalAction {
                    action: action.to_string(),
                    actor: self.actor(s),
                    reason,
                };
            }
        }
        if let (Phase::Posting, Action::Cover(space, sum), Actor::Player(payer)) =
            (s.phase, action, self.actor(s))
        {
            if let Some(reason) = self.cover_refusal(s, payer, space, sum) {
                return IllegalAction {
                    action: action.to_string(),
                    actor: self.actor(s),
                    reason,
                };
            }
        }
        if let (Phase::Auction, Action::Bid(amount)) = (s.phase, action) {
            if let Some(reason) = self.bid_refusal(s, amount) {
                return IllegalAction {
                    action: action.to_string(),
                    actor: self.actor(s),
                    reason,
                };
            }
        }
        let notary = match (s.phase, action) {
            (Phase::Deal, _) => self.deal_move(s, action).err(),
            (Phase::Manage, Action::Release(id, part)) => {
                self.releasable(s, s.current as usize, id, part).err()
            }
            _ => None,
        };
        let actor = self.actor(s);
        let reason = match (notary, actor) {
            (Some(why), _) => format!("the notary refuses it: {why}"),
            (None, Actor::Player(p)) => {
                format!("it is not one of player {}'s legal actions here", p + 1)
            }
            (None, Actor::Chance) => "it is not one of the chance outcomes here".to_owned(),
            (None, Actor::Terminal) => "the game is over".to_owned(),
        };
        IllegalAction {
            action: action.to_string(),
            actor,
            reason,
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Outcomes<Action>) {
        out.clear();
        match s.phase {
            Phase::Order => {
                for seat in 0..self.cfg.players as u8 {
                    out.push(Action::First(seat), 1);
                }
            }
            Phase::Roll => dice::push_2d6_pairs(out, Action::Roll),
            Phase::Oubliette => {
                if let (Some(og), Some(cell)) = (&self.jail, &s.cells[s.current as usize]) {
                    let mut inner = Outcomes::new();
                    og.chance_outcomes(cell, &mut inner);
                    for &(a, w) in inner.as_slice() {
                        out.push(Action::Oubliette(a), w);
                    }
                }
            }
            _ => {}
        }
    }

    /// Movement rolls are sampled as two dice directly, without building the list.
    fn sample_chance(&self, s: &State, rng: &mut Rng, buf: &mut Outcomes<Action>) -> Action {
        if s.phase == Phase::Roll {
            let a = rng.below(6) as u8 + 1;
            let b = rng.below(6) as u8 + 1;
            return Action::Roll(DicePair::new(a, b));
        }
        self.chance_outcomes(s, buf);
        buf.sample(rng)
    }

    fn apply_unchecked(&self, s: &mut State, action: Action) {
        let seat = s.current as usize;
        // The author of a thread opened now: the window's player or the seat with the floor.
        let opener = self.opener(s);
        if action == Action::DeclareRace {
            // Whoever has the floor: the decision he was making stays open.
            s.final_lap = true;
            return;
        }
        if s.phase == Phase::Stalemate {
            return self.answer_stalemate(s, action == Action::Accept);
        }
        match action {
            Action::Park => return self.park(s),
            Action::Resume(k) => return self.resume(s, k),
            _ => {}
        }
        if s.phase == Phase::Bargain {
            return self.apply_bargain(s, action);
        }
        if s.phase == Phase::Deal {
            return self.apply_deal(s, action);
        }
        if s.phase == Phase::Auction {
            return self.apply_auction(s, action);
        }
        match action {
            Action::First(f) => {
                s.first = f;
                // The compensation variant: once the first player is drawn, each later
                // place in the turn order starts with `later_cash` more than the one before
                // (less when it is negative, never below nothing).
                let n = self.cfg.players;
                for place in 1..n {
                    let seat = (usize::from(f) + place) % n;
                    let cash = &mut s.players[seat].cash;
                    let extra = i64::from(self.cfg.later_cash) * place as i64;
                    *cash = (i64::from(*cash) + extra).max(0) as u32;
                }
                self.start_turn(s, f);
            }
            Action::Build(i) => {
                let h = self.board.house_price(i);
                self.pay(s, seat, BANK, h);
                s.lots.0[i as usize].level += 1;
            }
            // Handled above, in every phase.
            Action::DeclareRace | Action::Park | Action::Resume(_) => {}
            Action::Exercise(deed) => self.exercise(s, seat, deed),
            Action::Dispute(note) => {
                if let Some(r) = self.claim(s, seat, note) {
                    s.ruling = Some(r);
                    s.phase = Phase::Ruling;
                }
            }
            Action::Uphold => self.vote(s, true),
            Action::Dismiss => self.vote(s, false),
            Action::DeclareStalemate => self.finish(s, EndKind::Stalemate),
            Action::ProposeStalemate => {
                s.offers += 1;
                s.stalemate = (0..self.cfg.players)
                    .filter(|&i| i != seat && s.players[i].status != Status::Eliminated)
                    .fold(0, |m, i| m | 1 << i);
                s.phase = Phase::Stalemate;
            }
            Action::Offer(to, deed, cash) => {
                if let Some(t) = self.offer(s, opener, to, deed, cash) {
                    self.count_opened(s);
                    s.trade = Some(t);
                    s.phase = Phase::Trade;
                }
            }
            Action::Draft(to) => {
                if let Some(d) = self.open_deal(s, opener, to) {
                    self.count_opened(s);
                    s.deal = Some(d);
                    s.phase = Phase::Deal;
                }
            }
            Action::Release(id, part) => self.release(s, seat, id, part),
            // Drafting and answering a deal, handled above.
            Action::Pay(..)
            | Action::Deed(_)
            | Action::Lend(..)
            | Action::Repay(..)
            | Action::Right(..)
            | Action::Promise(..)
            | Action::Rule(..)
            | Action::Payer(..)
            | Action::Payee(..)
            | Action::Guarantee(..)
            | Action::Strike(_)
            | Action::Send
            | Action::Amend => {}
            Action::Propose(to, term) => {
                if let Some(t) = self.proposal(s, opener, to, term) {
                    if matches!(term, Term::Text(..)) {
                        s.notes += 1;
                    }
                    self.count_opened(s);
                    s.trade = Some(t);
                    s.phase = Phase::Trade;
                }
            }
            Action::Accept => match s.trade {
                Some(
                    t @ Thread {
                        contract: Some(term),
                        ..
                    },
                ) => match self.unanimity_next(s, &t, term) {
                    Some(next) => s.trade = Some(next),
                    None => {
                        self.execute_contract(s, &t, term);
                        self.close_thread(s);
                    }
                },
                Some(t) => self.execute_trade(s, &t),
                None => {}
            },
            Action::Counter(cash) => {
                if let Some(t) = s.trade.and_then(|t| self.counter(s, &t, cash)) {
                    self.keep_thread(s, t);
                }
            }
            Action::Refuse | Action::Withdraw => self.close_thread(s),
            // Quotes belong to bargains, handled above.
            Action::Quote(_) => {}
            Action::Hold | Action::Insist => {
                if let Some(t) = s.trade {
                    let floor = if t.floor == t.answerer {
                        t.author
                    } else {
                        t.answerer
                    };
                    self.keep_thread(
                        s,
                        Thread {
                            floor,
                            exchanges: t.exchanges + 1,
                            ..t
                        },
                    );
                }
            }
            Action::Go if s.phase == Phase::Shortfall => self.close_tax_window(s),
            Action::Go => self.open_floor(s),
            Action::Pass if s.phase == Phase::Posting => self.post(s, None),
            Action::Pass => self.pass_floor(s),
            Action::Post(space, price) => {
                let offer = self
                    .next_poster(s)
                    .and_then(|o| self.posting(s, usize::from(o), space, price));
                self.post(s, offer);
            }
            Action::Cover(space, sum) => {
                if let Some(o) = self.next_poster(s) {
                    let cover = self.cover(s, usize::from(o), space, sum);
                    s.covers.0[usize::from(o)] = cover;
                }
                self.post(s, None);
            }
            Action::Covered(payer) => self.take_cover(s, payer),
            Action::Oubliette(a) => {
                let (Some(og), Some(cell)) = (&self.jail, &mut s.cells[seat]) else {
                    return;
                };
                og.apply_unchecked(cell, a);
                if og.is_terminal(cell) || og.turns(cell) > s.cell_mark {
                    s.phase = Phase::JailFee;
                }
            }
            Action::PayFee => {
                let fee = self.jail_fee(s, seat);
                let dollars = self.jail_dollars(s, seat);
                s.players[seat].cash = s.players[seat].cash.saturating_add(dollars);
                s.cells[seat] = None;
                self.pay(s, seat, BANK, fee);
                let p = &mut s.players[seat];
                p.jailed = false;
                p.pos = self.board.jail;
                s.phase = Phase::Manage;
            }
            Action::Wait => {
                if s.players[seat].jail_turns >= self.cfg.jail_chances {
                    self.eliminate(s, seat);
                }
                self.end_turn(s);
            }
            Action::Roll(d) => {
                s.roll = Some(d);
                s.rolls += 1;
                // A stay is offered when its listed parts are affordable; a player owner's
                // part is bargained after the choice.
                let listed = |p: Price| p.listed().unwrap_or(0);
                let affordable = self
                    .stay_price(s, seat, d.total())
                    .is_some_and(|(r, u)| listed(r) + listed(u) <= s.me().cash);
                if affordable {
                    s.phase = Phase::StayChoice;
                } else {
                    self.move_by(s, d.total());
                }
            }
            // `transit_space_free_stay`: the token stays on the company's space, as on a corner.
            Action::Stay if s.phase == Phase::TransitChoice => self.after_roll_turn(s, false),
            Action::Stay => {
                let total = s.roll.map_or(0, DicePair::total);
                let Some((rent, fee)) = self.stay_price(s, seat, total) else {
                    return;
                };
                // A part to bargain: the payers speak first, then the bargain opens.
                if let Some(first) = self.stay_bargain(s, rent, fee) {
                    self.open_stay(s, first);
                } else {
                    let charges = self.charges(s, action);
                    self.stay_paid(s, seat, &charges, rent.listed().unwrap_or(0));
                }
            }
            Action::Move => self.move_by(s, s.roll.map_or(0, DicePair::total)),
            Action::Buy => {
                let pos = s.me().pos as usize;
                self.pay(s, seat, BANK, self.board.spaces[pos].price);
                s.lots.0[pos] = Lot {
                    owner: seat as u8,
                    ..s.lots.0[pos]
                };
                self.after_landing(s);
            }
            Action::Decline => self.declined(s),
            // Bids belong to auctions, handled above.
            Action::Bid(_) => {}
            Action::City(c) => self.lodge_in(s, c, false),
            Action::Lodge(i) => {
                let price = self.room_price(s, seat, i).and_then(Price::listed);
                self.lodge_at(s, seat, i, price.unwrap_or(0));
            }
            Action::Tender(i, price) if s.phase == Phase::StayChoice => {
                if let Some(b) = self.stay_tender(s, i, price) {
                    self.open_stay(s, b);
                }
            }
            Action::Tender(i, price) => {
                if let Some(b) = self.tender(s, i, price) {
                    s.bargain = Some(b);
                    s.phase = Phase::Bargain;
                }
            }
            Action::Ask(i) => {
                if let Some(b) = self.request(s, i) {
                    // An offer answered is the open bargain now, off the table.
                    s.quotes.remove(i);
                    s.bargain = Some(b);
                    s.phase = Phase::Bargain;
                }
            }
            Action::Ride => {
                let charges = self.charges(s, action);
                self.pay_charges(s, seat, &charges);
                let side = self.city_side(s.city);
                self.use_right(s, seat as u8, self.board.transit_of_side[side as usize]);
                self.lodge_in(s, self.other_city(s.city), false);
            }
            Action::Bench => {
                s.quotes.clear();
                s.covers.clear();
                self.send_to_jail(s, seat, self.city_side(s.city));
                self.end_turn(s);
            }
        }
    }

    fn returns(&self, s: &State) -> Returns {
        let n = self.cfg.players;
        let mut r = Returns::zeros(n);
        if s.phase != Phase::Over {
            return r;
        }
        let k = f64::from(s.winners.count_ones());
        for (seat, v) in r.as_mut_slice().iter_mut().enumerate() {
            if s.winners & (1 << seat) != 0 {
                *v = 1.0 / k;
            }
        }
        r
    }

    /// Net worth (B-NW), what the race and the round limit are won on; an eliminated
    /// player stands below everyone.
    fn standing(&self, s: &State) -> Option<Returns> {
        let n = self.cfg.players;
        (n > 1).then(|| {
            let mut r = Returns::zeros(n);
            let worths = self.net_worths(s);
            for ((v, p), nw) in r.as_mut_slice().iter_mut().zip(&s.players).zip(worths) {
                *v = if p.status == Status::Eliminated {
                    f64::NEG_INFINITY
                } else {
                    nw as f64
                };
            }
            r
        })
    }

    /// Everything is public (B-18): cash, deeds, buildings, positions; the Oubliette jail is
    /// played with open hands.
    fn observe(&self, s: &State, _seat: Seat) -> State {
        s.clone()
    }

    fn observe_cow<'s>(&self, s: &'s State, _seat: Seat) -> std::borrow::Cow<'s, State> {
        std::borrow::Cow::Borrowed(s)
    }

    fn resample(&self, s: &State, _seat: Seat, _rng: &mut Rng) -> State {
        s.clone()
    }

    /// Quotes, counters, a lodger's opening bids, trade offers and a package's payments,
    /// loans, repayments, rights and penalties name any whole number of dollars.
    fn amount(&self, action: Action) -> Option<u32> {
        match action {
            Action::Quote(p)
            | Action::Counter(p)
            | Action::Offer(_, _, p)
            | Action::Post(_, p)
            | Action::Cover(_, p)
            | Action::Pay(_, _, p)
            | Action::Lend(_, _, p)
            | Action::Repay(_, p)
            | Action::Right(_, _, p)
            | Action::Promise(_, p)
            | Action::Guarantee(_, _, p)
            | Action::Tender(_, p)
            | Action::Bid(p) => Some(p),
            _ => None,
        }
    }

    fn with_amount(&self, action: Action, amount: u32) -> Option<Action> {
        match action {
            Action::Quote(_) => Some(Action::Quote(amount)),
            Action::Counter(_) => Some(Action::Counter(amount)),
            Action::Offer(to, deed, _) => Some(Action::Offer(to, deed, amount)),
            Action::Post(space, _) => Some(Action::Post(space, amount)),
            Action::Cover(space, _) => Some(Action::Cover(space, amount)),
            Action::Pay(side, when, _) => Some(Action::Pay(side, when, amount)),
            Action::Lend(side, collateral, _) => Some(Action::Lend(side, collateral, amount)),
            Action::Repay(cadence, _) => Some(Action::Repay(cadence, amount)),
            Action::Right(right, deed, _) => Some(Action::Right(right, deed, amount)),
            Action::Promise(side, _) => Some(Action::Promise(side, amount)),
            Action::Guarantee(place, seat, _) => Some(Action::Guarantee(place, seat, amount)),
            Action::Bid(_) => Some(Action::Bid(amount)),
            Action::Tender(space, _) => Some(Action::Tender(space, amount)),
            _ => None,
        }
    }

    fn writes_text(&self, _s: &State, action: Action) -> bool {
        matches!(
            action,
            Action::Propose(_, Term::Text(..)) | Action::Promise(..)
        )
    }

    #[inline]
    fn turns(&self, s: &State) -> u32 {
        s.turns
    }

    fn end_kind(&self, s: &State) -> &'static str {
        s.end.label()
    }

    fn describe_action(&self, s: &State, action: Action) -> String {
        let name = |i: u8| &self.board.spaces[i as usize].name;
        let seat = s.current as usize;
        if let (Action::DeclareRace, Some(declarer)) = (action, self.declarer(s)) {
            return self.describe_declaration(s, declarer);
        }
        if s.phase == Phase::Stalemate {
            return self.describe_stalemate_answer(s, action);
        }
        match action {
            Action::Park => {
                let until = if s.floor_seat.is_some() {
                    "pass the floor"
                } else {
                    "close the window"
                };
                return format!(
                    "set the thread aside: its terms stand while you open another; it lapses \
                     if you {until} without taking it up"
                );
            }
            Action::Resume(k) => {
                return format!(
                    "take up the thread set aside: {}",
                    self.describe_parked(s, k)
                );
            }
            _ => {}
        }
        if let Action::Covered(payer) = action {
            return self.describe_covered(s, payer);
        }
        if let (Phase::Bargain, Some(b)) = (s.phase, &s.bargain) {
            return self.describe_bargain_move(b, action);
        }
        if let (Phase::Auction, Some(a)) = (s.phase, &s.auction) {
            let deed = name(a.deed);
            return match action {
                Action::Bid(x) => format!(
                    "bid ${x} for {deed} ({}% of its price)",
                    percent_of(x, self.board.spaces[usize::from(a.deed)].price)
                ),
                Action::Pass => format!("pass: drop out of the auction of {deed}"),
                _ => action.to_string(),
            };
        }
        if let (Phase::Deal, Some(d)) = (s.phase, &s.deal) {
            // A choice of the seat with the floor, worded for him.
            let floor = usize::from(d.floor());
            return crate::present::deal_move_text(self, s, d, action, Some(floor));
        }
        match action {
            Action::Build(i) => format!("build on {} for ${}", name(i), self.board.house_price(i)),
            Action::Offer(to, deed, amount) => {
                let share = percent_of(amount, self.deed_value(s, deed));
                if s.lots.0[deed as usize].owner as usize == self.opener(s) {
                    format!(
                        "offer {} to seat {} for ${amount} ({share}% of its value)",
                        name(deed),
                        to + 1
                    )
                } else {
                    format!(
                        "offer seat {} ${amount} ({share}% of its value) for {}",
                        to + 1,
                        name(deed)
                    )
                }
            }
            Action::Propose(to, term) => {
                format!(
                    "propose to seat {}: {}",
                    to + 1,
                    self.describe_term(s, term)
                )
            }
            Action::Accept | Action::Refuse | Action::Hold | Action::Withdraw | Action::Insist => {
                match &s.trade {
                    Some(Thread {
                        contract: Some(term),
                        author,
                        ..
                    }) => format!(
                        "{action} the contract: seat {} proposes to {}",
                        author + 1,
                        self.describe_term(s, *term)
                    ),
                    Some(t) => format!(
                        "{action} the terms: {} from seat {} to seat {} for ${}",
                        name(t.deed),
                        t.giver + 1,
                        t.taker() + 1,
                        t.amount
                    ),
                    None => action.to_string(),
                }
            }
            Action::Counter(amount) => match &s.trade {
                Some(t) => format!(
                    "counter: {} for ${amount} ({}% of its value)",
                    name(t.deed),
                    percent_of(amount, self.deed_value(s, t.deed))
                ),
                None => action.to_string(),
            },
            Action::PayFee => format!("pay the jail fee of ${}", self.jail_fee(s, seat)),
            Action::Pass if s.phase == Phase::Posting => {
                if let Some(c) = self.next_poster(s).and_then(|o| s.covers.get(o)) {
                    return format!("pass: keep your offer to pay up to ${}", c.sum);
                }
                let owner = self
                    .next_poster(s)
                    .is_some_and(|o| self.offers_by(s, o).next().is_some());
                if owner {
                    format!(
                        "pass: offer seat {} no room now (he may still ask)",
                        u16::from(s.current) + 1
                    )
                } else {
                    format!(
                        "pass: offer to pay nothing for seat {}'s {}",
                        u16::from(s.current) + 1,
                        if s.staying { "stay" } else { "lodging" }
                    )
                }
            }
            Action::Pass => format!(
                "pass: open no trade thread now (seat {}'s turn {})",
                u16::from(s.current) + 1,
                if s.floor_late && !s.extra_roll {
                    "ends"
                } else {
                    "goes on"
                }
            ),
            Action::Draft(to) => {
                format!("draft a package of clauses for seat {}", u16::from(to) + 1)
            }
            Action::ProposeStalemate => {
                let result = if self.cfg.stalemate_draw {
                    "shared by every player left".to_owned()
                } else {
                    format!("won on net worth (yours is ${})", self.net_worth(s, seat))
                };
                format!(
                    "propose a stalemate: the game ends now, {result}, if every other player \
                     left agrees"
                )
            }
            Action::Release(id, part) => {
                let live = s.contracts.iter().find(|c| c.id == id && c.part == part);
                match live {
                    Some(c) => format!(
                        "release clause {} of {}",
                        u16::from(part) + 1,
                        self.describe_contract(c)
                    ),
                    None => action.to_string(),
                }
            }
            Action::Buy => {
                let at = s.me().pos;
                format!(
                    "buy {} for ${}",
                    name(at),
                    self.board.spaces[at as usize].price
                )
            }
            Action::City(c) => format!("go to {}", self.board.cities[c as usize].name),
            Action::Lodge(i) => {
                let price = self
                    .room_price(s, seat, i)
                    .and_then(Price::listed)
                    .unwrap_or(0);
                match s.quotes.get(i) {
                    Some(q) => format!(
                        "take seat {}'s offer: lodge at {} for ${price}",
                        q.provider + 1,
                        name(i)
                    ),
                    None => format!("lodge at {} for ${price}", name(i)),
                }
            }
            Action::Post(i, price) => match self.offer_bargain(s, i) {
                Some(b) => format!(
                    "offer seat {} {} for ${price} (the bank would ask ${})",
                    s.current + 1,
                    self.describe_service(b.service),
                    b.reference
                ),
                None => action.to_string(),
            },
            Action::Cover(i, sum) => self.describe_cover(s, i, sum),
            Action::Ask(i) if s.quotes.get(i).is_some() => match s.quotes.get(i) {
                Some(q) => format!(
                    "answer seat {}'s offer of {} for ${}: counter or refuse it",
                    q.provider + 1,
                    self.describe_service(q.service),
                    q.ask
                ),
                None => action.to_string(),
            },
            Action::Ask(i) => match self.request(s, i) {
                Some(b) => format!(
                    "ask seat {} for {} (reference ${})",
                    b.provider + 1,
                    self.describe_service(b.service),
                    b.reference
                ),
                None => action.to_string(),
            },
            Action::Tender(i, price) if s.phase == Phase::StayChoice => {
                self.describe_stay_tender(s, i, price)
            }
            Action::Tender(i, price) => match self.request(s, i) {
                Some(b) => format!(
                    "offer seat {} ${price} for {} (the bank would ask ${}): he may take it, \
                     counter or refuse",
                    b.provider + 1,
                    self.describe_service(b.service),
                    b.reference
                ),
                None => action.to_string(),
            },
            Action::Ride => {
                let side = self.city_side(s.city);
                let to = &self.board.cities[self.other_city(s.city) as usize].name;
                let fare = self.fare(s, seat, side).listed().unwrap_or(0);
                match s.quotes.get(self.board.transit_of_side[usize::from(side)]) {
                    Some(q) => format!(
                        "take seat {}'s offer: ride to {to} for ${fare}",
                        q.provider + 1
                    ),
                    None => format!("ride to {to} for ${fare}"),
                }
            }
            Action::Stay if s.phase == Phase::TransitChoice => {
                format!("stay on {} for free", name(s.me().pos))
            }
            Action::Stay => {
                let total = s.roll.map_or(0, DicePair::total);
                let part = |p: Price| match p {
                    Price::Listed(x) => format!("${x}"),
                    Price::Negotiable { provider, .. } => format!("seat {}'s price", provider + 1),
                };
                match self.stay_price(s, seat, total) {
                    Some((r, u)) => format!("stay: rent {} and utility {}", part(r), part(u)),
                    None => action.to_string(),
                }
            }
            Action::Oubliette(a) => match (&self.jail, &s.cells[seat]) {
                (Some(og), Some(cell)) => format!("oubliette: {}", og.describe_action(cell, a)),
                _ => action.to_string(),
            },
            _ => action.to_string(),
        }
    }
}
