//! Helpers shared by the trade and contract tests: a small table with Lisbon's two
//! properties dealt out.

use gameshelf_engine::{Actor, Bot, Game, Record, Rng, SeatView};
use gameshelf_laissez_faire::bot::Trader;
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, State};

/// Tram Lane ($60, mortgage $30) and Tile Row ($60): the two properties of Lisbon.
pub const TRAM: u8 = 1;
/// See [`TRAM`].
pub const TILE: u8 = 3;
/// Coastline Rail, the transit company of Lisbon's side (fares $25, $50, ...): 2+3 from
/// Start lands on it.
#[allow(dead_code)]
pub const RAIL: u8 = 5;
/// Quay Street, Porto: price $100, worth $50 in net worth; reference rent $6 bare, $30 with
/// a house.
#[allow(dead_code)]
pub const QUAY: u8 = 6;
/// Market Lane, Krakow: price $140, worth $70.
#[allow(dead_code)]
pub const MARKET: u8 = 11;

/// Two players; seat 0 at its last jail chance with $20 against a $130 fee, holding Tile
/// Row, Quay Street and Market Lane; seat 1 holds `cash` and no deed (Tram Lane is the
/// bank's).
#[allow(dead_code)]
pub fn at_last_jail_chance(cash: u32) -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    s.lots.0[usize::from(TRAM)].owner = gameshelf_laissez_faire::BANK;
    s.lots.0[usize::from(QUAY)].owner = 0;
    s.lots.0[usize::from(MARKET)].owner = 0;
    s.players[0].jailed = true;
    s.players[0].jail_turns = 3;
    s.players[0].jail_side = 1;
    s.players[0].cash = 20;
    s.players[1].cash = cash;
    assert_eq!(g.jail_fee(&s, 0), 130);
    (g, s)
}

/// Seat 0 opens a deal with seat 1, drafts `clauses` and sends them; seat 1 accepts. Terms
/// naming third parties then wait for their consent.
#[allow(dead_code)]
pub fn answered(g: &LaissezFaire, s: &mut State, clauses: &[Action]) {
    g.apply(s, Action::Draft(1)).unwrap();
    for &c in clauses {
        g.apply(s, c).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
    g.apply(s, Action::Send).unwrap();
    g.apply(s, Action::Accept).unwrap();
}

/// [`answered`], then every third party named consents: the package is made.
#[allow(dead_code)]
pub fn agree(g: &LaissezFaire, s: &mut State, clauses: &[Action]) {
    answered(g, s, clauses);
    while s.phase == Phase::Deal {
        g.apply(s, Action::Accept).unwrap();
    }
    assert_eq!(s.phase, Phase::Manage);
}

/// What the heuristic trader plays for `seat`.
#[allow(dead_code)]
pub fn heuristic(g: &LaissezFaire, s: &State, seat: usize) -> Action {
    Trader::default().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
}

/// What the bargainer (`heuristic:bargainer`) plays for `seat`.
#[allow(dead_code)]
pub fn bargainer(g: &LaissezFaire, s: &State, seat: usize) -> Action {
    Trader::bargainer().choose(&SeatView::new(g, s, seat), &mut Rng::for_stream(1, 0))
}

/// The seats that get the open floor now, in order, each passing.
#[allow(dead_code)]
pub fn floor_speakers(g: &LaissezFaire, s: &mut State) -> Vec<usize> {
    let mut seen = Vec::new();
    while s.phase == Phase::Floor {
        let Actor::Player(p) = g.actor(s) else {
            panic!("the floor is a player's decision")
        };
        seen.push(p);
        g.apply(s, Action::Pass).unwrap();
    }
    seen
}

/// The game named by a game string.
pub fn game(spec: &str) -> LaissezFaire {
    LaissezFaire::from_spec(&spec.parse().unwrap()).unwrap()
}

/// `players` players; seat 0 in its management window holding Tile Row, seat 1 Tram Lane.
/// (Not every test file deals them out, hence the allowance.)
#[allow(dead_code)]
pub fn setup(players: usize) -> (LaissezFaire, State) {
    let g = game(&format!("laissez-faire(players={players})"));
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TILE as usize].owner = 0;
    s.lots.0[TRAM as usize].owner = 1;
    (g, s)
}

/// The legal actions of `s`. (Not every test file lists them, hence the allowance.)
#[allow(dead_code)]
pub fn legal(g: &LaissezFaire, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

/// Closes the window with `Go`, and every other player passes the open floor: the roll (or
/// the jail decision) comes next. (Not every test file plays a window out, hence the
/// allowance.)
#[allow(dead_code)]
pub fn go(g: &LaissezFaire, s: &mut State) {
    g.apply(s, Action::Go).unwrap();
    pass_floor(g, s);
}

/// Every player passes the open floor now open, if any (the one before the roll, or the
/// one after a landing, which ends the turn). (Not every test file plays a floor out,
/// hence the allowance.)
#[allow(dead_code)]
pub fn pass_floor(g: &LaissezFaire, s: &mut State) {
    while s.phase == gameshelf_laissez_faire::Phase::Floor {
        g.apply(s, Action::Pass).unwrap();
    }
}

/// Plays one round with both players jailed and waiting (no money moves but the notary's):
/// the obligations of the next round come due when it begins. (Not every test file plays
/// rounds, hence the allowance.)
#[allow(dead_code)]
pub fn next_round(g: &LaissezFaire, s: &mut State) {
    let round = s.round;
    while s.round == round {
        let seat = s.current as usize;
        s.players[seat].jailed = true;
        s.players[seat].jail_turns = 0;
        go(g, s);
        g.apply(s, Action::Wait).unwrap();
        pass_floor(g, s);
        for p in &mut s.players {
            p.jail_turns = 0;
        }
    }
}

/// A game played from its start with every action kept in a record, as the engine keeps
/// one (a free text, where the rules say an action writes one, is numbered): the record
/// tests play with it and then check that the record replays. (Not every test file keeps
/// records, hence the allowance.)
#[allow(dead_code)]
pub struct Recorded<'g> {
    g: &'g LaissezFaire,
    /// The state reached.
    pub state: State,
    /// What was played.
    pub record: Record<Action>,
}

#[allow(dead_code)]
impl<'g> Recorded<'g> {
    /// `g`'s initial state, nothing played yet.
    pub fn new(g: &'g LaissezFaire) -> Self {
        Recorded {
            g,
            state: g.initial_state(),
            record: Record::new(g),
        }
    }

    /// Plays `a`, which must be legal, and records it.
    pub fn play(&mut self, a: Action) {
        let (g, record) = (self.g, &mut self.record);
        g.apply(&mut self.state, a)
            .unwrap_or_else(|e| panic!("{a}: {e}"));
        if g.writes_text(&self.state, a) {
            record.texts.push(format!("text {}", record.texts.len()));
        }
        record.actions.push(a);
    }

    /// Plays each of `actions` in turn.
    pub fn play_all(&mut self, actions: impl IntoIterator<Item = Action>) {
        actions.into_iter().for_each(|a| self.play(a));
    }

    /// A two-player game in which seat 0 rolls 2+3 from Start, buys Coastline Rail and
    /// lodges at Tram Lane, every other moment passed: seat 1 is in its window.
    pub fn rail_bought(g: &'g LaissezFaire) -> Self {
        use gameshelf_engine::dice::DicePair;
        let mut game = Recorded::new(g);
        game.play_all([Action::First(0), Action::Go]);
        game.pass_others();
        game.play_all([
            Action::Roll(DicePair::new(2, 3)),
            Action::Buy,
            Action::City(0),
        ]);
        game.pass_others();
        game.play(Action::Lodge(TRAM));
        game.pass_others();
        assert_eq!(game.state.lots.0[usize::from(RAIL)].owner, 0);
        game
    }

    /// Passes for the players who are not moving: the open floor, and the owners' and
    /// payers' posting step before a lodger chooses.
    pub fn pass_others(&mut self) {
        while matches!(
            self.state.phase,
            gameshelf_laissez_faire::Phase::Floor | gameshelf_laissez_faire::Phase::Posting
        ) {
            self.play(Action::Pass);
        }
    }

    /// Writes the record as JSON, reads it back, checks that it replays to the state
    /// reached with the same texts, and gives the JSON.
    pub fn replays(&self) -> String {
        let json = self.record.to_json();
        let back = Record::<Action>::from_json(&json).unwrap();
        assert_eq!(back.texts, self.record.texts);
        assert_eq!(back.replay(self.g).unwrap(), self.state);
        json
    }
}
