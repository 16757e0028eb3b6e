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
use crate::board::{APARTMENT, Board, BoardError, SPACES, SpaceKind};
use crate::config::{Config, ID, MAX_PLAYERS, Objective, PARAMS, TaxShortfall};
use crate::contract::{
    Clause, Contract, Due, Entry, INSTALMENTS, LODGING_ROUNDS, Line, NO_DEED, Occasion,
    REPAYMENT_PERCENT, Rule, Rules, Sum, Term,
};
use crate::package::MAX_EDITS;
use crate::price::{MAX_PRICE, Prices, Share, percent_of};
use crate::state::{BANK, EndKind, Lot, Lots, Phase, Player, Ruling, State, Status};
use crate::trade::{MAX_COUNTERS, MAX_EXCHANGES, MAX_OFFERS, Thread};

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

    /// The deeds `owner` (a seat or [`BANK`]) holds, as a bit mask over the spaces.
    pub fn holdings(&self, s: &State, owner: u8) -> u64 {
        s.lots
            .0
            .iter()
            .enumerate()
            .filter(|(_, lot)| lot.owner == owner)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// How many deeds in `mask` `owner` holds.
    pub fn owned(&self, s: &State, owner: u8, mask: u64) -> u32 {
        spaces_in(mask)
            .filter(|&i| s.lots.0[i as usize].owner == owner)
            .count() as u32
    }

    /// Whether the bank owns every deed of city `city` (B-03).
    pub fn bank_monopoly(&self, s: &State, city: u8) -> bool {
        let props = self.board.cities[city as usize].properties;
        self.owned(s, BANK, props) == props.count_ones()
    }

    /// Tokens other than `seat`'s lodged at `space`.
    pub fn occupants(&self, s: &State, space: u8, seat: Seat) -> u8 {
        s.players[..self.cfg.players]
            .iter()
            .enumerate()
            .filter(|&(i, p)| {
                i != seat && p.status == Status::Playing && !p.jailed && p.pos == space
            })
            .count() as u8
    }

    /// The bank rent of a property at its current level (monopoly column when the bank owns
    /// the whole city), whoever owns it.
    pub fn bank_rent(&self, s: &State, space: u8) -> u32 {
        let SpaceKind::Property { city, rent } = self.board.spaces[space as usize].kind else {
            return 0;
        };
        let column = usize::from(self.bank_monopoly(s, city));
        rent[column][s.lots.0[space as usize].level as usize]
    }

    /// The reference rent of a property for lodging rights: its no-monopoly rent at its
    /// buildings now; `None` for a space that is not a property.
    pub fn reference_rent(&self, s: &State, space: u8) -> Option<u32> {
        match self.board.spaces.get(space as usize)?.kind {
            SpaceKind::Property { rent, .. } => {
                Some(rent[0][s.lots.0[space as usize].level as usize])
            }
            _ => None,
        }
    }

    /// The booking fee for `seat` now (B3 J): `H + t·H/10`, H the jail side's house price,
    /// t the jail turn.
    pub fn jail_fee(&self, s: &State, seat: Seat) -> u32 {
        let p = &s.players[seat];
        let h = self.board.house_prices[p.jail_side as usize];
        h + u32::from(p.jail_turns) * h / 10
    }

    /// `jail=oubliette`: the dollars `seat` would bring back from the Oubliette now.
    pub fn jail_dollars(&self, s: &State, seat: Seat) -> u32 {
        match (&self.jail, &s.cells[seat]) {
            (Some(og), Some(cell)) => og.jail_dollars(cell, 0),
            _ => 0,
        }
    }

    /// Net worth (B-NW): cash, each deed at its mortgage value (or price), half the house
    /// price per house payment (an apartment is 3 payments), plus what contracts owe the
    /// player (outstanding loan principal and arrears) minus what he owes under them.
    pub fn net_worth(&self, s: &State, seat: Seat) -> i64 {
        // One seat's share of `net_worths`, without the others' deeds: asked at every
        // decision in a race (may this player declare?), so kept to its own deeds.
        let Ok(me) = u8::try_from(seat) else { return 0 };
        let Some(p) = s.players.get(seat) else {
            return 0;
        };
        let owed: i64 = s
            .contracts
            .iter()
            .map(|c| {
                let owed = i64::from(c.owed());
                i64::from(c.payee == me) * owed - i64::from(c.payer == me) * owed
            })
            .sum();
        let deeds: i64 = s
            .lots
            .0
            .iter()
            .enumerate()
            .filter(|(_, lot)| lot.owner == me)
            .map(|(i, _)| i64::from(self.deed_worth(s, i as u8)))
            .sum();
        i64::from(p.cash) + owed + deeds
    }

    /// Every seat's [`Self::net_worth`], by seat (0 past the players), in one pass over the
    /// contracts and deeds: what it costs to know one seat's.
    pub fn net_worths(&self, s: &State) -> [i64; MAX_PLAYERS] {
        let mut nw = [0i64; MAX_PLAYERS];
        for (v, p) in nw.iter_mut().zip(&s.players) {
            *v = i64::from(p.cash);
        }
        let mut add = |seat: u8, amount: i64| {
            if let Some(v) = nw.get_mut(usize::from(seat)) {
                *v += amount;
            }
        };
        for c in s.contracts.iter() {
            add(c.payee, i64::from(c.owed()));
            add(c.payer, -i64::from(c.owed()));
        }
        for (i, lot) in s.lots.0.iter().enumerate() {
            if usize::from(lot.owner) < MAX_PLAYERS {
                add(lot.owner, i64::from(self.deed_worth(s, i as u8)));
            }
        }
        nw
    }

    /// What a deed and its buildings add to its holder's net worth (B-NW): its mortgage
    /// value (or price) plus half the house price per house payment.
    pub fn deed_worth(&self, s: &State, deed: u8) -> u32 {
        let space = &self.board.spaces[deed as usize];
        let value = if self.cfg.nw_at_price {
            space.price
        } else {
            space.mortgage
        };
        value + u32::from(s.lots.0[deed as usize].level) * self.board.house_price(deed) / 2
    }

    /// Whether `seat` may declare objective 1's race now: its net worth reaches the
    /// threshold and nobody has declared yet.
    pub fn may_declare_race(&self, s: &State, seat: Seat) -> bool {
        self.cfg.objective == Objective::Race
            && !s.final_lap
            && self.net_worth(s, seat) >= self.cfg.win_net_worth
    }

    /// Whether a stalemate may be declared now (objective 3): at most
    /// `stalemate_min_players` players left (two by default) and enough quiet rounds.
    pub fn may_declare_stalemate(&self, s: &State) -> bool {
        self.cfg.objective == Objective::LastStanding
            && self.alive(s) <= self.cfg.stalemate_min_players
            && s.quiet_rounds >= self.cfg.stalemate_rounds
    }

    /// Whether the players still taking turns, two or more, are in the text's known
    /// stalemate: each, out
    /// of jail, lodges in a housed property of his own and owns its forward utility, so each
    /// may stay there for nothing, turn after turn, and the game goes nowhere (B5). Under
    /// objective 3 the quiet rounds then let it be declared; under the others only the
    /// round cap ends it, so the table names it and the simulator counts it.
    pub fn known_stalemate(&self, s: &State) -> bool {
        let staying = |seat: usize| {
            let p = &s.players[seat];
            let lot = s.lots.0[usize::from(p.pos)];
            let utility = self.board.forward_utility[usize::from(p.pos)];
            !p.jailed
                && usize::from(lot.owner) == seat
                && lot.level >= 1
                && usize::from(s.lots.0[usize::from(utility)].owner) == seat
        };
        let playing = || (0..self.cfg.players).filter(|&i| s.players[i].status == Status::Playing);
        // One player left is no stalemate: the game is over, or he alone takes turns.
        (!s.final_lap || s.rules.final_lap_stay)
            && playing().nth(1).is_some()
            && playing().all(staying)
    }

    /// Whether the current player may propose a stalemate now (objective 3): at most
    /// `stalemate_min_players` players left, and a thread left to open this turn (a
    /// proposal counts as one, so a refused one is not repeated forever). The rulings let
    /// a stalemate stand when the players agree, whatever the quiet rounds.
    pub fn may_propose_stalemate(&self, s: &State) -> bool {
        self.cfg.objective == Objective::LastStanding
            && self.alive(s) <= self.cfg.stalemate_min_players
            && s.offers < MAX_OFFERS
    }

    /// The seat that may declare the race now, if any: the player who has the floor at a
    /// decision of his own (not inside the Oubliette, whose moves are another game's).
    fn declarer(&self, s: &State) -> Option<Seat> {
        match (s.phase, self.actor(s)) {
            (Phase::Oubliette, _) => None,
            (_, Actor::Player(p)) => Some(p),
            _ => None,
        }
    }

    /// An answer to a stalemate proposal in words, for the seat answering.
    fn describe_stalemate_answer(&self, s: &State, action: Action) -> String {
        let proposer = s.current + 1;
        match action {
            Action::Accept => format!("agree to seat {proposer}'s stalemate: end the game now"),
            Action::Refuse => format!("refuse seat {proposer}'s stalemate: play on"),
            other => other.to_string(),
        }
    }

    /// Why the race may not be declared now.
    fn declaration_refusal(&self, s: &State) -> String {
        match self.declarer(s) {
            _ if self.cfg.objective != Objective::Race => {
                "there is no race to declare under this objective".to_owned()
            }
            _ if s.final_lap => "the race has been declared already".to_owned(),
            None => "nobody has a decision to make here".to_owned(),
            Some(seat) => format!(
                "seat {}'s net worth is ${}, under the race's ${}",
                seat + 1,
                self.net_worth(s, seat),
                self.cfg.win_net_worth
            ),
        }
    }

    /// A race declaration in words: the net worth that allows it.
    pub fn describe_declaration(&self, s: &State, seat: Seat) -> String {
        format!(
            "declare a net worth of ${}, at least the race's ${}: the final lap begins",
            self.net_worth(s, seat),
            self.cfg.win_net_worth
        )
    }

    /// Seats still in the game (not eliminated).
    pub fn alive(&self, s: &State) -> usize {
        s.players[..self.cfg.players]
            .iter()
            .filter(|p| p.status != Status::Eliminated)
            .count()
    }

    /// The house price on an own property where `seat` may build now, if it may.
    pub fn can_build(&self, s: &State, seat: Seat, space: u8) -> Option<u32> {
        let lot = s.lots.0[space as usize];
        let h = self.board.house_price(space);
        let ok = matches!(
            self.board.spaces[space as usize].kind,
            SpaceKind::Property { .. }
        ) && lot.owner as usize == seat
            && lot.level < APARTMENT
            && s.players[seat].cash >= h
            && self.in_supply(s, lot.level + 1);
        ok.then_some(h)
    }

    /// Whether a building for `level` (1 or 2: a house; [`APARTMENT`]) is left in the
    /// supply (`building_supply`). An apartment replaces its lot's two houses, which go
    /// back to the supply.
    fn in_supply(&self, s: &State, level: u8) -> bool {
        let Some(supply) = self.cfg.building_supply else {
            return true;
        };
        let (mut houses, mut apartments) = (0, 0);
        for lot in &s.lots.0 {
            match lot.level {
                APARTMENT => apartments += 1,
                level => houses += u32::from(level),
            }
        }
        if level == APARTMENT {
            apartments < supply.apartments
        } else {
            houses < supply.houses
        }
    }

    // ---- trade threads ---------------------------------------------------------------------

    /// A deed's value for trade terms: its price plus the house price of each building
    /// payment on it (buildings go with the deed, B6 `TRANSFER_DEED`).
    pub fn deed_value(&self, s: &State, deed: u8) -> u32 {
        let level = u32::from(s.lots.0[deed as usize].level);
        self.board.spaces[deed as usize].price + level * self.board.house_price(deed)
    }

    /// Whether `seat` can take part in a trade: a seat of this game not eliminated (removed
    /// and jailed players still negotiate, B5, B-12).
    pub(crate) fn trades(&self, s: &State, seat: u8) -> bool {
        (seat as usize) < self.cfg.players && s.players[seat as usize].status != Status::Eliminated
    }

    /// The thread `seat` would open with `Offer(to, deed, cash)`, if it may: trading is on,
    /// fewer than [`MAX_OFFERS`] threads this turn, `to` is another player still in the
    /// game, the deed is held by one of the two, and if `seat` is the one paying he has the
    /// cash (a player may ask for more than the other holds; that trade fails at execution).
    pub fn offer(&self, s: &State, seat: Seat, to: u8, deed: u8, amount: u32) -> Option<Thread> {
        let me = seat as u8;
        let owner = s.lots.0.get(deed as usize)?.owner;
        let ok = self.cfg.trading
            && s.offers < MAX_OFFERS
            && to != me
            && self.trades(s, me)
            && self.trades(s, to)
            && self.board.deeds & (1 << deed) != 0
            && (owner == me || owner == to)
            && amount <= MAX_PRICE;
        let thread = Thread {
            author: me,
            answerer: to,
            floor: to,
            deed,
            giver: owner,
            amount,
            exchanges: 1,
            counters: 0,
            contract: None,
            agreed: 0,
        };
        (ok && (owner == me || s.players[seat].cash >= amount)).then_some(thread)
    }

    /// Whether the thread's terms can execute now: the giver still holds the deed, both
    /// parties are in the game, and the taker has the cash.
    pub fn trade_executable(&self, s: &State, t: &Thread) -> bool {
        if let Some(term) = t.contract {
            return self.contract_executable(s, t.author, t.answerer, term);
        }
        s.lots.0[t.deed as usize].owner == t.giver
            && self.trades(s, t.author)
            && self.trades(s, t.answerer)
            && s.players[t.taker() as usize].cash >= t.amount
    }

    /// The counter-offer `t`'s answerer would make at `cash`, if he may: fewer than
    /// [`MAX_COUNTERS`] counters, other terms than the standing ones, and the cash in hand if
    /// he is the one paying.
    pub fn counter(&self, s: &State, t: &Thread, amount: u32) -> Option<Thread> {
        let swapped = Thread {
            author: t.answerer,
            answerer: t.author,
            floor: t.author,
            amount,
            exchanges: t.exchanges + 1,
            counters: t.counters + 1,
            ..*t
        };
        let affordable =
            swapped.taker() != swapped.author || s.players[swapped.author as usize].cash >= amount;
        (t.contract.is_none()
            && t.counters < MAX_COUNTERS
            && amount != t.amount
            && amount <= MAX_PRICE
            && affordable)
            .then_some(swapped)
    }

    // ---- contracts and the notary ------------------------------------------------------------

    /// The thread `seat` would open with `Propose(to, term)`, if it may: trading and
    /// contracts are on, fewer than [`MAX_OFFERS`] threads this turn, `to` is another player
    /// still in the game, a contract slot is free, and the terms are legal now (B-17): a
    /// payment now needs the cash; a collateral deed must be the proposer's own and not
    /// pledged already; a lodging right needs a property of `to`, a cap of half or par, and no
    /// right the proposer already holds there. The lender's cash is checked at execution.
    pub fn proposal(&self, s: &State, seat: Seat, to: u8, term: Term) -> Option<Thread> {
        let me = seat as u8;
        let ok = self.cfg.trading
            && self.cfg.contracts
            && s.offers < MAX_OFFERS
            && to != me
            && self.trades(s, me)
            && self.trades(s, to)
            && s.contracts.has_room()
            && self.term_legal(s, me, to, term);
        let amount = match term {
            Term::Pay(sum) | Term::Borrow(sum, _) => sum.dollars(),
            Term::Option(_, _, premium) => premium.dollars(),
            Term::Schedule(..)
            | Term::Buy(..)
            | Term::Lodging(..)
            | Term::Service(..)
            | Term::Rule(..)
            | Term::Text(..) => 0,
        };
        ok.then_some(Thread {
            author: me,
            answerer: to,
            floor: to,
            deed: 0,
            giver: me,
            amount,
            exchanges: 1,
            counters: 0,
            contract: Some(term),
            agreed: 0,
        })
    }

    /// The legality of `term` proposed by `author` to `other`, apart from the lender's cash.
    fn term_legal(&self, s: &State, author: u8, other: u8, term: Term) -> bool {
        match term {
            Term::Pay(sum) => s.players[author as usize].cash >= sum.dollars(),
            Term::Rule(rule, value) => s.rules.get(rule) != value,
            // The next text number: the record's texts are numbered as they are written.
            Term::Text(note, _) => note == s.notes && s.notes < u8::MAX,
            Term::Schedule(..) => true,
            Term::Borrow(_, NO_DEED) => true,
            Term::Borrow(_, deed) => {
                (deed as usize) < SPACES
                    && self.board.deeds & (1 << deed) != 0
                    && s.lots.0[deed as usize].owner == author
                    && !s.contracts.pledged(deed)
            }
            Term::Buy(deed, _) => {
                (deed as usize) < SPACES
                    && self.board.deeds & (1 << deed) != 0
                    && s.lots.0[deed as usize].owner == other
                    && !s.contracts.pledged(deed)
            }
            Term::Lodging(p, cap) => {
                (p as usize) < SPACES
                    && matches!(
                        self.board.spaces[p as usize].kind,
                        SpaceKind::Property { .. }
                    )
                    && s.lots.0[p as usize].owner == other
                    && matches!(cap, Share::Half | Share::Par)
                    && s.contracts.lodging_cap(author, p).is_none()
            }
            Term::Service(space, cap) => {
                (space as usize) < SPACES
                    && (self.board.transits | self.board.utilities) & (1 << space) != 0
                    && s.lots.0[space as usize].owner == other
                    && matches!(cap, Share::Half | Share::Par)
                    && s.contracts.service_cap(author, space).is_none()
            }
            Term::Option(deed, strike, premium) => {
                (deed as usize) < SPACES
                    && self.board.deeds & (1 << deed) != 0
                    && s.lots.0[deed as usize].owner == other
                    && strike > Share::Nothing
                    && Share::TRADE.contains(&strike)
                    && s.contracts.option_on(author, deed).is_none()
                    && s.players[author as usize].cash >= premium.dollars()
            }
        }
    }

    /// The option `seat` may exercise on `deed` now, if any: it holds one, the deed's owner
    /// is the option's grantor (the option follows the deed) and the holder has the strike.
    pub fn exercisable(&self, s: &State, seat: Seat, deed: u8) -> Option<Contract> {
        let c = *s.contracts.option_on(seat as u8, deed)?;
        let Clause::Option { strike, .. } = c.clause else {
            return None;
        };
        (s.lots.0[deed as usize].owner == c.payee && s.players[seat].cash >= strike).then_some(c)
    }

    /// Exercises an option (see [`LaissezFaire::exercisable`]): the strike and the deed
    /// change hands together, and the option (with any other right of the holder on the
    /// deed) ends.
    fn exercise(&self, s: &mut State, seat: Seat, deed: u8) {
        let Some(c) = self.exercisable(s, seat, deed) else {
            return;
        };
        let Clause::Option { strike, .. } = c.clause else {
            return;
        };
        self.transfer(s, c.payer, c.payee, strike);
        s.lots.0[deed as usize].owner = c.payer;
        self.follow_deed(s, deed, c.payer);
        self.log(s, c.id, Entry::Exercised, c.payer, c.payee, strike);
    }

    /// Whether the contract `author` proposed to `other` can be made now: both parties are
    /// in the game, a slot is free, the terms are still legal and the lender has the cash.
    pub fn contract_executable(&self, s: &State, author: u8, other: u8, term: Term) -> bool {
        let lender_ok = match term {
            Term::Borrow(sum, _) => s.players[other as usize].cash >= sum.dollars(),
            _ => true,
        };
        // A text's number was taken when it was proposed.
        let legal = match term {
            Term::Text(note, _) => note < s.notes,
            _ => self.term_legal(s, author, other, term),
        };
        self.trades(s, author)
            && self.trades(s, other)
            && s.contracts.has_room()
            && lender_ok
            && legal
    }

    /// The claim `seat` would open with `Dispute(note)`, if it may: it is a party of the
    /// live free-text clause `note`, no breach of it was claimed yet, the other party is
    /// still in the game, and at least one player who is not a party can judge (B-18).
    pub fn claim(&self, s: &State, seat: Seat, note: u8) -> Option<Ruling> {
        let c = s.contracts.text(note)?;
        let Clause::Text { disputed, .. } = c.clause else {
            return None;
        };
        let me = seat as u8;
        let accused = match me {
            x if x == c.payer => c.payee,
            x if x == c.payee => c.payer,
            _ => return None,
        };
        let voters = (0..self.cfg.players as u8)
            .filter(|&o| o != c.payer && o != c.payee && self.trades(s, o))
            .fold(0u8, |m, o| m | 1 << o);
        (!disputed && voters != 0 && self.trades(s, accused)).then_some(Ruling {
            note,
            claimant: me,
            accused,
            voters,
            uphold: 0,
            dismiss: 0,
        })
    }

    /// One arbiter's vote; after the last, the verdict: an upheld claim makes the accused
    /// pay the clause's penalty to the claimant at once, or owe it as arrears (B6: "an
    /// uncovered PAY becomes a debt"); either way the clause cannot be claimed again.
    fn vote(&self, s: &mut State, uphold: bool) {
        let Some(mut r) = s.ruling else { return };
        let voter = r.voters.trailing_zeros();
        r.voters &= !(1 << voter);
        if uphold {
            r.uphold += 1;
        } else {
            r.dismiss += 1;
        }
        if r.voters != 0 {
            s.ruling = Some(r);
            return;
        }
        s.ruling = None;
        s.phase = Phase::Manage;
        let is_it = |c: &Contract| matches!(c.clause, Clause::Text { note, .. } if note == r.note);
        let Some(slot) = s
            .contracts
            .0
            .iter()
            .position(|c| c.as_ref().is_some_and(is_it))
        else {
            return;
        };
        let Some(mut c) = s.contracts.0[slot] else {
            return;
        };
        let Clause::Text { penalty, note, .. } = c.clause else {
            return;
        };
        c.clause = Clause::Text {
            note,
            penalty,
            disputed: true,
        };
        if r.uphold > r.dismiss {
            self.log(s, c.id, Entry::Upheld, r.accused, r.claimant, penalty);
            c.left = 0;
            if s.players[r.accused as usize].cash >= penalty {
                self.transfer(s, r.accused, r.claimant, penalty);
                s.ledger.paid += u64::from(penalty);
                s.ledger.payments += 1;
            } else {
                // The debt runs from the accused to the claimant from now on.
                c.payer = r.accused;
                c.payee = r.claimant;
                c.arrears += penalty;
            }
        } else {
            self.log(s, c.id, Entry::Dismissed, r.accused, r.claimant, 0);
        }
        s.contracts.0[slot] = c.live().then_some(c);
    }

    /// After `t`'s answerer accepts a unanimous rule change, the thread as it passes to the
    /// next player still in the game who has not agreed yet (seat order after the
    /// answerer); `None` when everyone has agreed, or for other terms.
    fn unanimity_next(&self, s: &State, t: &Thread, term: Term) -> Option<Thread> {
        if !matches!(term, Term::Rule(..)) {
            return None;
        }
        let agreed = t.agreed | 1 << t.answerer;
        let n = self.cfg.players as u8;
        (1..n)
            .map(|k| (t.answerer + k) % n)
            .find(|&o| o != t.author && self.trades(s, o) && agreed & (1 << o) == 0)
            .map(|o| Thread {
                answerer: o,
                floor: o,
                agreed,
                ..*t
            })
    }

    /// Makes an accepted contract atomically: the cash due now moves and the contract is
    /// recorded, or (no longer legal) nothing happens and the acceptance counts as a refusal.
    fn execute_contract(&self, s: &mut State, t: &Thread, term: Term) {
        if !self.contract_executable(s, t.author, t.answerer, term) {
            return;
        }
        let (a, b) = (t.author, t.answerer);
        let id = s.ledger.made + 1;
        let new = |payer, payee, clause, instalment, left| Contract {
            id,
            part: 0,
            payer,
            payee,
            clause,
            instalment,
            left,
            arrears: 0,
            every: 1,
            wait: 1,
        };
        let (contract, now) = match term {
            Term::Rule(rule, value) => {
                s.rules.set(rule, value);
                (None, 0)
            }
            Term::Text(note, penalty) => {
                let clause = Clause::Text {
                    note,
                    penalty: penalty.dollars(),
                    disputed: false,
                };
                (Some(new(a, b, clause, 0, LODGING_ROUNDS)), 0)
            }
            Term::Pay(sum) => {
                self.transfer(s, a, b, sum.dollars());
                s.ledger.paid += u64::from(sum.dollars());
                s.ledger.payments += 1;
                (None, sum.dollars())
            }
            Term::Schedule(sum, due) => (
                Some(new(a, b, Clause::Schedule(due), sum.dollars(), INSTALMENTS)),
                0,
            ),
            Term::Borrow(sum, collateral) => {
                let principal = sum.dollars();
                self.transfer(s, b, a, principal);
                s.ledger.lent += u64::from(principal);
                let instalment = principal * REPAYMENT_PERCENT / 100 / u32::from(INSTALMENTS);
                let clause = Clause::Loan {
                    collateral,
                    principal,
                    times: INSTALMENTS,
                };
                (Some(new(a, b, clause, instalment, INSTALMENTS)), principal)
            }
            Term::Buy(deed, sum) => {
                s.lots.0[deed as usize].owner = a;
                s.quiet = false;
                self.follow_deed(s, deed, a);
                let principal = sum.dollars();
                s.ledger.lent += u64::from(principal);
                let clause = Clause::Loan {
                    collateral: deed,
                    principal,
                    times: INSTALMENTS,
                };
                let instalment = principal / u32::from(INSTALMENTS);
                (Some(new(a, b, clause, instalment, INSTALMENTS)), 0)
            }
            Term::Lodging(property, cap) => {
                let Some(reference) = self.reference_rent(s, property) else {
                    return;
                };
                let cap = cap.of(reference);
                let clause = Clause::Lodging {
                    property,
                    cap,
                    refusable: false,
                };
                (Some(new(a, b, clause, 0, LODGING_ROUNDS)), 0)
            }
            Term::Service(space, cap) => {
                let clause = Clause::Service { space, cap };
                (Some(new(a, b, clause, 0, LODGING_ROUNDS)), 0)
            }
            Term::Option(deed, strike, premium) => {
                self.transfer(s, a, b, premium.dollars());
                s.ledger.paid += u64::from(premium.dollars());
                s.ledger.payments += 1;
                let strike = strike.of(self.deed_value(s, deed));
                let clause = Clause::Option { deed, strike };
                (
                    Some(new(a, b, clause, 0, LODGING_ROUNDS)),
                    premium.dollars(),
                )
            }
        };
        if let Some(c) = contract {
            s.contracts.insert(c);
        }
        s.ledger.made = id;
        let (from, to) = if matches!(term, Term::Borrow(..)) {
            (b, a)
        } else {
            (a, b)
        };
        self.log(s, id, Entry::Made, from, to, now);
    }

    /// Moves cash between two players (the notary's transfer) and breaks a quiet round.
    fn transfer(&self, s: &mut State, from: u8, to: u8, amount: u32) {
        s.players[from as usize].cash -= amount;
        s.players[to as usize].cash = s.players[to as usize].cash.saturating_add(amount);
        if amount > 0 {
            s.quiet = false;
        }
    }

    /// Ledger line for rent `seat` pays at `space` under a lodging right, if it holds one.
    fn log_rent(&self, s: &mut State, seat: usize, space: u8, amount: u32) {
        let owner = s.lots.0[space as usize].owner;
        if owner == BANK || owner as usize == seat {
            return;
        }
        if let Some(id) = s.contracts.lodging_right(seat as u8, space).map(|c| c.id) {
            self.log(s, id, Entry::Rent, seat as u8, owner, amount);
        }
    }

    pub(crate) fn log(&self, s: &mut State, id: u16, entry: Entry, from: u8, to: u8, amount: u32) {
        let round = s.round;
        s.ledger.push(Line {
            round,
            id,
            entry,
            from,
            to,
            amount,
        });
    }

    /// The obligations due on `occasion`: at the start of a round, scheduled payments each
    /// round, loan repayments, arrears and rights' countdowns; when a seat passes Start,
    /// stays or begins a turn, that payer's scheduled payments for the event. Each payment is checked and
    /// made in full, or defaults (see [`crate::contract`]).
    fn obligations_due(&self, s: &mut State, occasion: Occasion) {
        for slot in 0..s.contracts.0.len() {
            let Some(mut c) = s.contracts.0[slot] else {
                continue;
            };
            let right = c.clause.right_at().is_some();
            // A free-text clause owes nothing by itself: only an upheld penalty the accused
            // could not pay (its arrears) falls due.
            let promise = matches!(c.clause, Clause::Text { .. }) && c.arrears == 0;
            let due_now = match (c.clause, occasion) {
                // Rights and promises count their rounds down; they owe nothing.
                _ if right || promise => {
                    if occasion == Occasion::Round {
                        c.left = c.left.saturating_sub(1);
                    }
                    false
                }
                (Clause::Schedule(Due::EachStart), Occasion::Start(seat))
                | (Clause::Schedule(Due::EachStay), Occasion::Stay(seat))
                | (Clause::Schedule(Due::EachTurn), Occasion::Turn(seat)) => c.payer == seat,
                (Clause::Schedule(Due::EachStart | Due::EachStay | Due::EachTurn), _) => false,
                // Due by the round: every `every` rounds.
                (_, Occasion::Round) => {
                    c.wait = c.wait.saturating_sub(1);
                    let due = c.wait == 0;
                    if due {
                        c.wait = c.every.max(1);
                    }
                    due
                }
                (_, _) => false,
            };
            if due_now {
                c = self.settle(s, c);
            }
            s.contracts.0[slot] = c.live().then_some(c);
        }
    }

    /// One due date of `c`: the next instalment plus any arrears, paid in full if the payer
    /// has the cash; otherwise a default.
    fn settle(&self, s: &mut State, mut c: Contract) -> Contract {
        let instalment = if c.left > 0 { c.instalment } else { 0 };
        let due = c.arrears + instalment;
        c.left = c.left.saturating_sub(1);
        if s.players[c.payer as usize].cash >= due {
            self.transfer(s, c.payer, c.payee, due);
            c.arrears = 0;
            s.ledger.paid += u64::from(due);
            s.ledger.payments += 1;
            self.log(s, c.id, Entry::Paid, c.payer, c.payee, due);
            return c;
        }
        s.ledger.defaults += 1;
        if let Clause::Loan { collateral, .. } = c.clause {
            let holder = match collateral {
                NO_DEED => BANK,
                d => s.lots.0[d as usize].owner,
            };
            if holder != BANK && holder != c.payee {
                // The collateral settles the loan: the deed (and its buildings) go to the
                // lender from whoever holds it (a buyer took it with the pledge, B-20), and
                // the contract ends.
                let lot = &mut s.lots.0[collateral as usize];
                lot.owner = c.payee;
                s.quiet = false;
                self.follow_deed(s, collateral, c.payee);
                self.log(
                    s,
                    c.id,
                    Entry::Collateral,
                    c.payer,
                    c.payee,
                    u32::from(collateral),
                );
                c.left = 0;
                c.arrears = 0;
                return c;
            }
        }
        c.arrears = due;
        self.log(s, c.id, Entry::Default, c.payer, c.payee, due);
        c
    }

    /// Rights attached to `deed` (lodging, service, options) follow it to its new owner
    /// (B-20: the tenant stays); a right the new owner would hold on his own deed ends.
    pub(crate) fn follow_deed(&self, s: &mut State, deed: u8, owner: u8) {
        for slot in &mut s.contracts.0 {
            if let Some(c) = slot {
                if c.clause.right_at() == Some(deed) {
                    c.payee = owner;
                    if c.payer == owner {
                        *slot = None;
                    }
                }
            }
        }
    }

    /// Closes the thread (or the deal) and hands the window back to the player whose turn it is: his
    /// management window, or the tax window it was opened from.
    pub(crate) fn close_thread(&self, s: &mut State) {
        s.trade = None;
        s.deal = None;
        s.phase = if s.tax_due > 0 {
            Phase::Shortfall
        } else {
            Phase::Manage
        };
    }

    /// A message that keeps the thread open: it counts towards the deadline, and a thread that
    /// reaches [`MAX_EXCHANGES`] lapses as a refusal (silence means refusal).
    fn keep_thread(&self, s: &mut State, t: Thread) {
        if t.exchanges >= MAX_EXCHANGES {
            self.close_thread(s);
        } else {
            s.trade = Some(t);
        }
    }

    /// Executes an accepted thread atomically: everything moves, or (when it is no longer
    /// legal) nothing does and the acceptance counts as a refusal.
    fn execute_trade(&self, s: &mut State, t: &Thread) {
        if self.trade_executable(s, t) {
            let (giver, taker) = (t.giver as usize, t.taker() as usize);
            s.players[taker].cash -= t.amount;
            s.players[giver].cash = s.players[giver].cash.saturating_add(t.amount);
            let lot = &mut s.lots.0[t.deed as usize];
            lot.owner = taker as u8;
            s.quiet = false;
            self.follow_deed(s, t.deed, taker as u8);
        }
        self.close_thread(s);
    }

    // ---- the rules' steps ----------------------------------------------------------------

    pub(crate) fn pay(&self, s: &mut State, from: usize, to: u8, amount: u32) {
        s.players[from].cash -= amount;
        if to != BANK && amount > 0 {
            s.players[to as usize].cash = s.players[to as usize].cash.saturating_add(amount);
            s.quiet = false;
        }
    }

    fn start_turn(&self, s: &mut State, seat: u8) {
        s.current = seat;
        s.turns += 1;
        s.rolls = 0;
        s.offers = 0;
        s.roll = None;
        let p = &mut s.players[seat as usize];
        if p.jailed {
            p.jail_turns += 1;
        }
        s.phase = Phase::Manage;
        self.obligations_due(s, Occasion::Turn(seat));
    }

    fn send_to_jail(&self, s: &mut State, seat: usize, side: u8) {
        let p = &mut s.players[seat];
        p.jailed = true;
        p.jail_turns = 0;
        p.jail_side = side;
        p.pos = self.board.jail;
        p.last_rent = 0;
        if let Some(og) = &self.jail {
            s.cells[seat] = Some(og.initial_state());
        }
    }

    fn eliminate(&self, s: &mut State, seat: usize) {
        let p = &mut s.players[seat];
        p.status = Status::Eliminated;
        p.cash = 0;
        p.jailed = false;
        s.cells[seat] = None;
        // Contracts end, and debts owed to or by the eliminated player lapse (B-14).
        for slot in &mut s.contracts.0 {
            if slot.is_some_and(|c| c.payer as usize == seat || c.payee as usize == seat) {
                *slot = None;
            }
        }
        for lot in s.lots.0.iter_mut().filter(|l| l.owner as usize == seat) {
            // Buildings stay with the deed (B-14).
            lot.owner = BANK;
        }
    }

    /// An answer to a stalemate proposal: the last agreement ends the game in a stalemate
    /// (won as a declared one is), a refusal returns the floor to the proposer's window.
    fn answer_stalemate(&self, s: &mut State, agrees: bool) {
        s.stalemate = if agrees {
            s.stalemate & s.stalemate.wrapping_sub(1)
        } else {
            0
        };
        if !agrees {
            s.phase = Phase::Manage;
        } else if s.stalemate == 0 {
            self.finish(s, EndKind::Stalemate);
        }
    }

    fn finish(&self, s: &mut State, end: EndKind) {
        s.phase = Phase::Over;
        s.end = end;
        let n = self.cfg.players;
        let alive = |i: usize| s.players[i].status != Status::Eliminated;
        s.winners = if end == EndKind::Stalemate && self.cfg.stalemate_draw {
            (0..n).filter(|&i| alive(i)).fold(0, |m, i| m | 1 << i)
        } else {
            let best = (0..n)
                .filter(|&i| alive(i))
                .map(|i| self.net_worth(s, i))
                .max()
                .unwrap_or(0);
            (0..n)
                .filter(|&i| alive(i) && self.net_worth(s, i) == best)
                .fold(0, |m, i| m | 1 << i)
        };
    }

    /// The end of a turn: game-end checks, then the next seat that takes turns.
    fn end_turn(&self, s: &mut State) {
        if self.alive(s) <= 1 {
            return self.finish(s, EndKind::LastStanding);
        }
        let n = self.cfg.players;
        if !s.players[..n].iter().any(|p| p.status == Status::Playing) {
            return self.finish(s, EndKind::Race);
        }
        let mut seat = s.current as usize;
        loop {
            seat = (seat + 1) % n;
            if seat == s.first as usize {
                s.round += 1;
                s.quiet_rounds = if s.quiet {
                    s.quiet_rounds.saturating_add(1)
                } else {
                    0
                };
                s.quiet = true;
                self.obligations_due(s, Occasion::Round);
                if self.cfg.objective == Objective::Rounds && s.round >= self.cfg.rounds {
                    return self.finish(s, EndKind::Rounds);
                }
                if s.round >= self.cfg.max_rounds {
                    return self.finish(s, EndKind::RoundCap);
                }
            }
            if s.players[seat].status == Status::Playing {
                return self.start_turn(s, seat as u8);
            }
        }
    }

    /// Lodges `seat` at `space` for `price`, paid to the owner, and ends the roll-turn.
    pub(crate) fn lodge_at(&self, s: &mut State, seat: usize, space: u8, price: u32) {
        self.pay(s, seat, s.lots.0[space as usize].owner, price);
        self.log_rent(s, seat, space, price);
        let p = &mut s.players[seat];
        p.pos = space;
        p.last_rent = price;
        self.after_roll_turn(s, false);
    }

    /// A stay agreed: the charges (rent, then the utility fee) are paid, the rent becomes
    /// the new ceiling, and the roll-turn ends without a move.
    pub(crate) fn stay_paid(
        &self,
        s: &mut State,
        seat: usize,
        charges: &bargain::Charges,
        rent: u32,
    ) {
        self.pay_charges(s, seat, charges);
        let pos = s.players[seat].pos;
        self.log_rent(s, seat, pos, rent);
        s.players[seat].last_rent = rent;
        self.obligations_due(s, Occasion::Stay(seat as u8));
        self.after_roll_turn(s, true);
    }

    /// After a roll-turn that did not end in jail: the doubles bonus (B-10), or the end.
    fn after_roll_turn(&self, s: &mut State, stayed: bool) {
        let me = s.me();
        let doubles = s.roll.is_some_and(DicePair::is_doubles);
        if doubles
            && s.rolls == 1
            && !me.jailed
            && me.status == Status::Playing
            && (!stayed || s.rules.stay_doubles_bonus)
        {
            s.phase = Phase::Manage;
        } else {
            self.end_turn(s);
        }
    }

    pub(crate) fn move_by(&self, s: &mut State, total: u8) {
        let seat = s.current as usize;
        s.quiet = false;
        let p = &mut s.players[seat];
        let to = p.pos as usize + total as usize;
        p.last_rent = 0;
        if to >= SPACES {
            if s.final_lap {
                p.status = Status::Removed;
                p.pos = 0;
                return self.end_turn(s);
            }
            p.cash = p.cash.saturating_add(self.board.start_salary);
            self.obligations_due(s, Occasion::Start(seat as u8));
        }
        s.players[seat].pos = (to % SPACES) as u8;
        self.land(s);
    }

    fn land(&self, s: &mut State) {
        let seat = s.current as usize;
        let at = s.players[seat].pos;
        let space = &self.board.spaces[at as usize];
        match space.kind {
            SpaceKind::Start | SpaceKind::Jail | SpaceKind::Rest => self.after_roll_turn(s, false),
            SpaceKind::GoToJail { fee_side } => {
                self.send_to_jail(s, seat, fee_side);
                self.end_turn(s);
            }
            SpaceKind::Tax { city, amount } => {
                let cash = s.players[seat].cash;
                if cash >= amount {
                    self.pay(s, seat, BANK, amount);
                    return self.lodge_in(s, city, true);
                }
                if self.cfg.trading {
                    // B-15: a short window to raise the cash by trade or contract first.
                    s.tax_due = amount;
                    s.city = city;
                    s.offers = 0;
                    s.phase = Phase::Shortfall;
                    return;
                }
                self.tax_shortfall(s, city);
            }
            _ if space.is_deed()
                && s.lots.0[at as usize].owner == BANK
                && s.players[seat].cash >= space.price =>
            {
                s.phase = Phase::Buy;
            }
            _ => self.after_landing(s),
        }
    }

    /// The tax of `s.tax_due` (or, without a window, of the space landed on) cannot be paid
    /// in full (B-15): by `tax_shortfall`, all the cash goes and the player goes to jail on
    /// the tax's side, or he is eliminated, or he pays what he can and lodges in `city`.
    fn tax_shortfall(&self, s: &mut State, city: u8) {
        let seat = s.current as usize;
        let cash = s.players[seat].cash;
        s.tax_due = 0;
        match self.cfg.tax_shortfall {
            TaxShortfall::Jail => {
                self.pay(s, seat, BANK, cash);
                self.send_to_jail(s, seat, self.city_side(city));
                self.end_turn(s);
            }
            TaxShortfall::Eliminate => {
                self.eliminate(s, seat);
                self.end_turn(s);
            }
            TaxShortfall::PayWhatYouCan => {
                self.pay(s, seat, BANK, cash);
                self.lodge_in(s, city, true);
            }
        }
    }

    /// The end of the tax window: the tax is paid if the cash is there now, and lodging
    /// follows; otherwise the shortfall rule applies.
    fn close_tax_window(&self, s: &mut State) {
        let seat = s.current as usize;
        let (due, city) = (s.tax_due, s.city);
        if s.players[seat].cash >= due {
            s.tax_due = 0;
            self.pay(s, seat, BANK, due);
            self.lodge_in(s, city, true);
        } else {
            self.tax_shortfall(s, city);
        }
    }

    /// After the buying decision on a deed or a blank space: lodging (B3 L).
    fn after_landing(&self, s: &mut State) {
        let at = s.me().pos as usize;
        match self.board.spaces[at].city() {
            Some(city) => self.lodge_in(s, city, true),
            None => s.phase = Phase::TransitChoice,
        }
    }

    pub(crate) fn lodge_in(&self, s: &mut State, city: u8, transit: bool) {
        s.city = city;
        s.asked = 0;
        s.via_transit = transit;
        s.phase = Phase::Lodge;
    }

    /// The other city joined by the transit company of `city`'s side.
    pub fn other_city(&self, city: u8) -> u8 {
        let side = self.board.cities[city as usize].side;
        let t = self.board.transit_of_side[side as usize];
        match self.board.spaces[t as usize].kind {
            SpaceKind::Transit { connects, .. } if connects[0] == city => connects[1],
            SpaceKind::Transit { connects, .. } => connects[0],
            _ => city,
        }
    }

    /// The side of the city being lodged in.
    fn city_side(&self, city: u8) -> u8 {
        self.board.cities[city as usize].side
    }

    fn begin_jail_turn(&self, s: &mut State) {
        let seat = s.current as usize;
        match (&self.jail, &s.cells[seat]) {
            (Some(og), Some(cell)) if !og.is_terminal(cell) => {
                s.cell_mark = og.turns(cell);
                s.phase = Phase::Oubliette;
            }
            _ => s.phase = Phase::JailFee,
        }
    }

    /// A contract template in words, with the board's names.
    pub fn describe_term(&self, s: &State, term: Term) -> String {
        let name = |i: u8| &self.board.spaces[i as usize].name;
        match term {
            Term::Borrow(sum, NO_DEED) => format!(
                "borrow ${} without collateral, repaying {INSTALMENTS} x ${} each round",
                sum.dollars(),
                sum.dollars() * REPAYMENT_PERCENT / 100 / u32::from(INSTALMENTS)
            ),
            Term::Borrow(sum, deed) => format!(
                "borrow ${} against {}, repaying {INSTALMENTS} x ${} each round",
                sum.dollars(),
                name(deed),
                sum.dollars() * REPAYMENT_PERCENT / 100 / u32::from(INSTALMENTS)
            ),
            Term::Buy(deed, sum) => format!(
                "buy {} now for ${}, paying {INSTALMENTS} x ${} each round, the deed pledged \
                 to the seller until paid",
                name(deed),
                sum.dollars(),
                sum.dollars() / u32::from(INSTALMENTS)
            ),
            Term::Lodging(p, cap) => format!(
                "a lodging right at {} for {LODGING_ROUNDS} rounds, rent capped at {cap} of the \
                 reference rent",
                name(p)
            ),
            Term::Rule(rule, value) => format!(
                "change a rule for the rest of the game, if every player agrees: {} = {value}",
                rule.name()
            ),
            Term::Service(space, cap) => format!(
                "a price cap at {} for {LODGING_ROUNDS} rounds: at most {cap} of the reference \
                 price",
                name(space)
            ),
            Term::Option(deed, strike, premium) => format!(
                "pay ${} now for the option to buy {} for ${} within {LODGING_ROUNDS} rounds",
                premium.dollars(),
                name(deed),
                strike.of(self.deed_value(s, deed))
            ),
            _ => term.to_string(),
        }
    }

    /// A live contract in words, for the ledger view.
    pub fn describe_contract(&self, c: &Contract) -> String {
        let name = |i: u8| &self.board.spaces[i as usize].name;
        let (p, q) = (c.payer + 1, c.payee + 1);
        let rounds = match c.every {
            0 | 1 => "each round".to_owned(),
            k => format!("every {k} rounds"),
        };
        let body = match c.clause {
            Clause::Schedule(Due::EachRound) => {
                format!("seat {p} pays seat {q} ${} {rounds}", c.instalment)
            }
            Clause::Schedule(due) => {
                format!("seat {p} pays seat {q} ${} {}", c.instalment, due.words())
            }
            Clause::Loan {
                collateral,
                principal,
                ..
            } => {
                let pledge = if collateral == NO_DEED {
                    "no collateral".to_owned()
                } else {
                    format!("collateral {}", name(collateral))
                };
                format!(
                    "seat {q} lent seat {p} ${principal}; ${} {rounds}, {pledge}",
                    c.instalment
                )
            }
            Clause::Lodging {
                property,
                cap,
                refusable,
            } => {
                format!(
                    "seat {p} may lodge at {} for at most ${cap}{}",
                    name(property),
                    if refusable {
                        ", if the owner agrees"
                    } else {
                        ""
                    }
                )
            }
            Clause::Service { space, cap } => {
                format!(
                    "seat {p} pays at most {cap} of the price at {}",
                    name(space)
                )
            }
            Clause::Option { deed, strike } => {
                format!(
                    "seat {p} may buy {} from seat {q} for ${strike}",
                    name(deed)
                )
            }
            Clause::Text {
                note,
                penalty,
                disputed,
            } => format!(
                "seats {p} and {q}: free-text clause #{note}, penalty ${penalty}{}",
                if disputed { " (claimed once)" } else { "" }
            ),
        };
        let arrears = if c.arrears > 0 {
            format!(", arrears ${}", c.arrears)
        } else {
            String::new()
        };
        format!("#{} {body} ({} left{arrears})", c.id, c.left)
    }

    /// Every thread `seat` may open now (offers, proposals, then deals), in action order.
    fn threads(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        if !self.cfg.trading || s.offers >= MAX_OFFERS {
            return;
        }
        for to in 0..self.cfg.players as u8 {
            for deed in spaces_in(self.board.deeds) {
                for cash in Prices::new(self.deed_value(s, deed), &Share::TRADE, &[]).iter() {
                    if self.offer(s, seat, to, deed, cash).is_some() {
                        out.push(Action::Offer(to, deed, cash));
                    }
                }
            }
        }
        if self.cfg.contracts && s.contracts.has_room() {
            self.proposals(s, seat, out);
        }
        out.extend(
            (0..self.cfg.players as u8)
                .filter(|&to| self.open_deal(s, seat, to).is_some())
                .map(Action::Draft),
        );
    }

    /// Every legal `Propose` for `seat`, in action order.
    fn proposals(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        for to in 0..self.cfg.players as u8 {
            if to as usize == seat || !self.trades(s, to) {
                continue;
            }
            let mut push = |term| {
                if self.proposal(s, seat, to, term).is_some() {
                    out.push(Action::Propose(to, term));
                }
            };
            for sum in Sum::ALL {
                push(Term::Pay(sum));
            }
            for sum in Sum::ALL {
                for due in Due::ALL {
                    push(Term::Schedule(sum, due));
                }
            }
            for sum in Sum::ALL {
                for deed in spaces_in(self.board.deeds) {
                    push(Term::Borrow(sum, deed));
                }
                push(Term::Borrow(sum, NO_DEED));
            }
            let theirs = self.board.deeds & self.holdings(s, to);
            for deed in spaces_in(theirs) {
                for sum in Sum::ALL {
                    push(Term::Buy(deed, sum));
                }
            }
            // In action order: every lodging right, then every price cap, then options.
            for make in [Term::Lodging, Term::Service] {
                for p in spaces_in(theirs) {
                    for cap in [Share::Half, Share::Par] {
                        push(make(p, cap));
                    }
                }
            }
            for p in spaces_in(theirs) {
                for strike in Share::TRADE {
                    for premium in Sum::ALL {
                        push(Term::Option(p, strike, premium));
                    }
                }
            }
            for rule in Rule::ALL {
                push(Term::Rule(rule, !s.rules.get(rule)));
            }
            for penalty in Sum::ALL {
                push(Term::Text(s.notes, penalty));
            }
        }
    }

    /// The rooms of `city` open to `seat`, with their prices.
    pub fn rooms<'a>(
        &'a self,
        s: &'a State,
        seat: Seat,
        city: u8,
    ) -> impl Iterator<Item = (u8, Price)> + 'a {
        spaces_in(self.board.cities[city as usize].properties)
            .filter_map(move |i| Some((i, self.room_price(s, seat, i)?)))
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
    /// threads and the Go), the bargains of a lodging (each room of the two cities and the
    /// transit company asked for once) or of a stay (two), and a dozen steps, plus the
    /// Oubliette's own bound.
    fn max_game_length(&self) -> usize {
        let deeds = self.board.deeds.count_ones() as usize;
        // A rule change's acceptances pass the thread on without using up its messages.
        // A deal: each draft (the first and one per counter) takes its edits and a send,
        // and the last answer closes it.
        let deal = 2 + (1 + usize::from(MAX_COUNTERS)) * (usize::from(MAX_EDITS) + 2);
        let thread = (usize::from(MAX_EXCHANGES) + self.cfg.players).max(deal);
        let threads = usize::from(MAX_OFFERS) * thread;
        // Each free-text clause may be claimed once, before every other player.
        let claims = crate::contract::MAX_CONTRACTS * (self.cfg.players + 1);
        // Each live clause may be released once.
        let releases = crate::contract::MAX_CONTRACTS;
        let window = 3 * deeds + 3 + threads + claims + releases;
        let rooms = self
            .board
            .cities
            .iter()
            .map(|c| c.properties.count_ones() as usize)
            .max()
            .unwrap_or(0);
        let bargains = (2 * (rooms + 1)).max(2) * bargain::MAX_MESSAGES;
        let jail = self.jail.as_ref().map_or(0, |og| og.max_game_length());
        let tax_window = threads + 1;
        let turn = 2 * (window + tax_window + bargains + 12) + jail + 4;
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
            tax_due: 0,
            offers: 0,
            trade: None,
            deal: None,
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
                out.push(Action::Go);
            }
            Phase::Ruling => out.extend([Action::Uphold, Action::Dismiss]),
            Phase::Stalemate => out.extend([Action::Accept, Action::Refuse]),
            Phase::Deal => self.deal_moves(s, out),
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
                            &[s.players[usize::from(t.answerer)].cash],
                        )
                        .iter()
                        .filter(|&c| self.counter(s, t, c).is_some())
                        .map(Action::Counter),
                    );
                    out.extend([Action::Refuse, Action::Hold]);
                } else {
                    out.extend([Action::Withdraw, Action::Insist]);
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
            }
            Phase::StayChoice => out.extend([Action::Stay, Action::Move]),
            Phase::Buy => out.extend([Action::Buy, Action::Decline]),
            Phase::TransitChoice => {
                let side = Board::side(me.pos) as usize;
                let t = self.board.transit_of_side[side];
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
                        }
                        _ => {}
                    }
                }
                if s.via_transit {
                    let side = self.city_side(s.city);
                    match self.fare(s, seat, side) {
                        Price::Listed(f) if f <= me.cash => out.push(Action::Ride),
                        Price::Negotiable { .. } => {
                            let t = self.board.transit_of_side[side as usize];
                            if s.asked & (1 << t) == 0 {
                                out.push(Action::Ask(t));
                            }
                        }
                        _ => {}
                    }
                }
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
        match (s.phase, action) {
            (_, Action::DeclareRace) => self
                .declarer(s)
                .is_some_and(|p| self.may_declare_race(s, p)),
            (Phase::Manage | Phase::Shortfall, Action::Offer(to, deed, cash)) => {
                self.offer(s, seat, to, deed, cash).is_some()
            }
            (Phase::Manage | Phase::Shortfall, Action::Propose(to, term)) => {
                self.proposal(s, seat, to, term).is_some()
            }
            (Phase::Manage | Phase::Shortfall, Action::Draft(to)) => {
                self.open_deal(s, seat, to).is_some()
            }
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
            (Phase::Trade, Action::Counter(amount)) => s.trade.as_ref().is_some_and(|t| {
                t.floor == t.answerer
                    && self.actor(s) == Actor::Player(usize::from(t.floor))
                    && self.counter(s, t, amount).is_some()
            }),
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
        if action == Action::DeclareRace {
            // Whoever has the floor: the decision he was making stays open.
            s.final_lap = true;
            return;
        }
        if s.phase == Phase::Stalemate {
            return self.answer_stalemate(s, action == Action::Accept);
        }
        if s.phase == Phase::Bargain {
            return self.apply_bargain(s, action);
        }
        if s.phase == Phase::Deal {
            return self.apply_deal(s, action);
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
            Action::DeclareRace => {}
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
                if let Some(t) = self.offer(s, seat, to, deed, cash) {
                    s.offers += 1;
                    s.trade = Some(t);
                    s.phase = Phase::Trade;
                }
            }
            Action::Draft(to) => {
                if let Some(d) = self.open_deal(s, seat, to) {
                    s.offers += 1;
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
            | Action::Strike(_)
            | Action::Send
            | Action::Amend => {}
            Action::Propose(to, term) => {
                if let Some(t) = self.proposal(s, seat, to, term) {
                    if matches!(term, Term::Text(..)) {
                        s.notes += 1;
                    }
                    s.offers += 1;
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
            Action::Go if s.me().jailed => self.begin_jail_turn(s),
            Action::Go => s.phase = Phase::Roll,
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
            Action::Stay => {
                let total = s.roll.map_or(0, DicePair::total);
                let Some((rent, fee)) = self.stay_price(s, seat, total) else {
                    return;
                };
                match self.stay_bargain(s, rent, fee) {
                    Some(b) => {
                        s.bargain = Some(b);
                        s.phase = Phase::Bargain;
                    }
                    None => {
                        let charges = self.charges(s, action);
                        self.stay_paid(s, seat, &charges, rent.listed().unwrap_or(0));
                    }
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
            Action::Decline => self.after_landing(s),
            Action::City(c) => self.lodge_in(s, c, false),
            Action::Lodge(i) => {
                let price = self.room_price(s, seat, i).and_then(Price::listed);
                self.lodge_at(s, seat, i, price.unwrap_or(0));
            }
            Action::Ask(i) => {
                if let Some(b) = self.request(s, i) {
                    s.bargain = Some(b);
                    s.phase = Phase::Bargain;
                }
            }
            Action::Ride => {
                let charges = self.charges(s, action);
                self.pay_charges(s, seat, &charges);
                self.lodge_in(s, self.other_city(s.city), false);
            }
            Action::Bench => {
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

    /// Quotes, counters, trade offers and a package's payments, loans and repayments name
    /// any whole number of dollars.
    fn amount(&self, action: Action) -> Option<u32> {
        match action {
            Action::Quote(p)
            | Action::Counter(p)
            | Action::Offer(_, _, p)
            | Action::Pay(_, _, p)
            | Action::Lend(_, _, p)
            | Action::Repay(_, p)
            | Action::Right(_, _, p) => Some(p),
            _ => None,
        }
    }

    fn with_amount(&self, action: Action, amount: u32) -> Option<Action> {
        match action {
            Action::Quote(_) => Some(Action::Quote(amount)),
            Action::Counter(_) => Some(Action::Counter(amount)),
            Action::Offer(to, deed, _) => Some(Action::Offer(to, deed, amount)),
            Action::Pay(side, when, _) => Some(Action::Pay(side, when, amount)),
            Action::Lend(side, collateral, _) => Some(Action::Lend(side, collateral, amount)),
            Action::Repay(cadence, _) => Some(Action::Repay(cadence, amount)),
            Action::Right(right, deed, _) => Some(Action::Right(right, deed, amount)),
            _ => None,
        }
    }

    fn writes_text(&self, _s: &State, action: Action) -> bool {
        matches!(action, Action::Propose(_, Term::Text(..)))
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
        if let (Phase::Bargain, Some(b)) = (s.phase, &s.bargain) {
            return self.describe_bargain_move(b, action);
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
                if s.lots.0[deed as usize].owner as usize == seat {
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
            Action::Lodge(i) => format!(
                "lodge at {} for ${}",
                name(i),
                self.room_price(s, seat, i)
                    .and_then(Price::listed)
                    .unwrap_or(0)
            ),
            Action::Ask(i) => match self.request(s, i) {
                Some(b) => format!(
                    "ask seat {} for {} (reference ${})",
                    b.provider + 1,
                    self.describe_service(b.service),
                    b.reference
                ),
                None => action.to_string(),
            },
            Action::Ride => format!(
                "ride to {} for ${}",
                self.board.cities[self.other_city(s.city) as usize].name,
                self.fare(s, seat, self.city_side(s.city))
                    .listed()
                    .unwrap_or(0)
            ),
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
