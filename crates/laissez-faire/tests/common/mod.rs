//! Helpers shared by the trade and contract tests: a small table with Lisbon's two
//! properties dealt out.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::{Action, LaissezFaire, State};

/// Tram Lane ($60, mortgage $30) and Tile Row ($60): the two properties of Lisbon.
pub const TRAM: u8 = 1;
/// See [`TRAM`].
pub const TILE: u8 = 3;

/// The game named by a game string.
pub fn game(spec: &str) -> LaissezFaire {
    LaissezFaire::from_spec(&spec.parse().unwrap()).unwrap()
}

/// `players` players; seat 0 in its management window holding Tile Row, seat 1 Tram Lane.
pub fn setup(players: usize) -> (LaissezFaire, State) {
    let g = game(&format!("laissez-faire(players={players})"));
    let mut s = g.initial_state();
    g.apply(&mut s, Action::First(0)).unwrap();
    s.lots.0[TILE as usize].owner = 0;
    s.lots.0[TRAM as usize].owner = 1;
    (g, s)
}

/// The legal actions of `s`.
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
        for p in &mut s.players {
            p.jail_turns = 0;
        }
    }
}
