//! The newer clauses a trader proposes where they pay: the owner of a housed room sells a
//! lodging right to a player likely to land in its city. Each test builds the state by
//! hand and plays the bots' own moves.

use gameshelf_engine::Game;
use gameshelf_laissez_faire::state::BANK;
use gameshelf_laissez_faire::{Action, LaissezFaire, Phase, Price, Right, State};

mod common;

use common::*;

/// Cellar Road, Porto's cheapest bank room ($6 while the bank does not hold all of Porto).
const CELLAR: u8 = 8;
/// Porto, the city of spaces 6 to 9.
const PORTO: u8 = 1;

/// Seat 0 in its management window with a house on Quay Street and nothing else to do
/// (Tram Lane is the bank's, so no set to complete, and nobody can lend it a house); seat 1
/// on Start, a roll of 6 to 9 from Porto (20 throws in 36).
fn housed_owner() -> (LaissezFaire, State) {
    let (g, mut s) = setup(2);
    s.lots.0[TRAM as usize].owner = BANK;
    s.lots.0[QUAY as usize].owner = 0;
    s.lots.0[QUAY as usize].level = 1;
    // Above the dearest jail fee ($260), so it sells nothing, and short of a house ($50)
    // on top of it, so it builds nothing.
    s.players[0].cash = 300;
    // Too poor to lend seat 0 a house's price while keeping his own reserve.
    s.players[1].cash = 200;
    s.players[1].pos = 0;
    (g, s)
}

#[test]
fn an_owner_of_a_housed_room_sells_a_lodging_right_to_a_player_likely_to_land_there() {
    let (g, mut s) = housed_owner();
    let bank_room = g
        .rooms(&s, 1, PORTO)
        .filter(|&(i, _)| i == CELLAR)
        .map(|(_, p)| p)
        .next();
    assert_eq!(bank_room, Some(Price::Listed(6)));
    // Asked at its $30 reference, the housed room loses to the bank's $6 one.
    assert!(matches!(
        g.rooms(&s, 1, PORTO).find(|&(i, _)| i == QUAY),
        Some((_, Price::Negotiable { reference: 30, .. }))
    ));
    let open = heuristic(&g, &s, 0);
    assert_eq!(open, Action::Draft(1));
    g.apply(&mut s, open).unwrap();
    let right = heuristic(&g, &s, 0);
    assert_eq!(
        right,
        Action::Right(Right::LODGING, QUAY, 5),
        "a dollar under the bank"
    );
    g.apply(&mut s, right).unwrap();
    assert_eq!(heuristic(&g, &s, 0), Action::Send);
    g.apply(&mut s, Action::Send).unwrap();
    // The notary finds the package legal; the lodger accepts a room cheaper than the bank's.
    assert_eq!(g.deal_move(&s, Action::Accept), Ok(()));
    assert_eq!(heuristic(&g, &s, 1), Action::Accept);
    g.apply(&mut s, Action::Accept).unwrap();
    assert_eq!(s.phase, Phase::Manage);
    assert_eq!(s.contracts.lodging_cap(1, QUAY), Some(5));
    // The room is now listed to him at the cap: the cheapest in Porto, which he will take.
    let cheapest = g
        .rooms(&s, 1, PORTO)
        .min_by_key(|&(_, p)| match p {
            Price::Listed(x) => x,
            Price::Negotiable { reference, .. } => reference,
        })
        .unwrap();
    assert_eq!(cheapest, (QUAY, Price::Listed(5)));
    // One right per room: the next window offers nothing more.
    s.offers = 0;
    assert_eq!(heuristic(&g, &s, 0), Action::Go);
}

#[test]
fn no_lodging_right_is_offered_to_a_player_unlikely_to_land_in_the_city() {
    let (g, mut s) = housed_owner();
    // From Porto Square (7) a roll of 2 reaches Bridge Hill (9), the only Porto space
    // ahead: 1 throw in 36.
    s.players[1].pos = 7;
    assert_eq!(heuristic(&g, &s, 0), Action::Go);
    // Nor on a bare room: its reference is the bank's.
    let (g, mut s) = housed_owner();
    s.lots.0[QUAY as usize].level = 0;
    assert_eq!(heuristic(&g, &s, 0), Action::Go);
    assert!(legal(&g, &s).contains(&Action::Go));
}
