//! [`Trader`]: a rule-of-thumb player that prices from the board and the situation.

use gameshelf_engine::{Bot, Rng, SeatView};
use gameshelf_open_oubliette::bot::Heuristic;

use crate::action::{Action, Ask};
use crate::board::{SPACES, SpaceKind};
use crate::game::{LaissezFaire, spaces_in};
use crate::state::{BANK, Phase, State};

/// Cash the trader keeps back when buying and building, so that it can pay for rooms.
pub const RESERVE: u32 = 200;

/// A heuristic trader.
///
/// * **Prices.** A property whose city still has a bank room is posted at par (the bank's
///   rent table: no visitor pays more than the cheapest bank alternative); one in a city
///   without bank rooms at double; utilities at double (stayers have no alternative);
///   transit at par.
/// * **Lodging.** Takes the cheapest option: a room here, or the fare plus the cheapest room
///   in the other city; the park bench only when nothing is affordable.
/// * **Buying and building.** Buys and builds while it keeps [`RESERVE`] in cash; builds
///   where a house adds most rent per dollar.
/// * **Staying** when it costs no more than the expected cost of moving on: the mean over
///   the cities of the cheapest room open to it (a full or unaffordable city counts as
///   twice the first jail fee of its side).
/// * **Jail.** Pays the fee at the first chance it can; in the Oubliette it plays Open
///   Oubliette's heuristic.
/// * **Declarations.** Declares the race as soon as it may, a stalemate when it leads.
#[derive(Default)]
pub struct Trader {
    buf: Vec<Action>,
    oubliette: Heuristic,
}

impl Trader {
    fn cheapest_room(game: &LaissezFaire, s: &State, seat: usize, city: u8) -> Option<u32> {
        game.rooms(s, seat, city).map(|(_, p)| p).min()
    }

    fn expected_lodging(game: &LaissezFaire, s: &State, seat: usize) -> u32 {
        let board = game.board();
        let cash = s.players[seat].cash;
        let total: u32 = (0..board.cities.len() as u8)
            .map(|c| {
                let jail = board.house_prices[board.cities[c as usize].side as usize] * 11 / 10;
                Trader::cheapest_room(game, s, seat, c)
                    .filter(|&p| p <= cash)
                    .unwrap_or(2 * jail)
            })
            .sum();
        total / board.cities.len() as u32
    }

    fn target_ask(game: &LaissezFaire, s: &State, space: u8) -> Ask {
        match game.board().spaces[space as usize].kind {
            SpaceKind::Property { city, .. } => {
                let props = game.board().cities[city as usize].properties;
                if game.owned(s, BANK, props) > 0 {
                    Ask::Par
                } else {
                    Ask::Double
                }
            }
            SpaceKind::Utility { .. } => Ask::Double,
            _ => Ask::Par,
        }
    }

    fn manage(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        let has = |a: Action| self.buf.contains(&a);
        if has(Action::DeclareRace) {
            return Action::DeclareRace;
        }
        if has(Action::DeclareStalemate) {
            let mine = game.net_worth(s, seat);
            let leads = (0..game.config().players)
                .filter(|&o| o != seat)
                .all(|o| game.net_worth(s, o) < mine);
            if leads {
                return Action::DeclareStalemate;
            }
        }
        let mine = (0..SPACES)
            .filter(|&i| s.lots.0[i].owner as usize == seat)
            .fold(0u64, |m, i| m | 1 << i);
        for i in spaces_in(mine & !s.priced) {
            let target = Trader::target_ask(game, s, i);
            if s.lots.0[i as usize].ask != target {
                return Action::Price(i, target);
            }
        }
        let cash = s.players[seat].cash;
        let best = spaces_in(mine)
            .filter_map(|i| {
                let h = game.can_build(s, seat, i)?;
                let SpaceKind::Property { rent, .. } = game.board().spaces[i as usize].kind else {
                    return None;
                };
                let level = s.lots.0[i as usize].level as usize;
                let gain = rent[0][level + 1].saturating_sub(rent[0][level]);
                (cash >= h + RESERVE).then_some((gain * 1000 / h, i))
            })
            .max();
        match best {
            Some((_, i)) => Action::Build(i),
            None => Action::Go,
        }
    }

    fn lodge(&self, game: &LaissezFaire, s: &State, seat: usize) -> Action {
        let cash = s.players[seat].cash;
        let mut best = (u32::MAX, Action::Bench);
        for (i, price) in game.rooms(s, seat, s.city) {
            if price <= cash && price < best.0 {
                best = (price, Action::Lodge(i));
            }
        }
        if self.buf.contains(&Action::Ride) {
            let side = game.board().cities[s.city as usize].side;
            let fare = game.fare(s, seat, side).unwrap_or_default();
            let other = game.other_city(s.city);
            if let Some(room) = Trader::cheapest_room(game, s, seat, other) {
                if fare + room <= cash && fare + room < best.0 {
                    best = (fare + room, Action::Ride);
                }
            }
        }
        best.1
    }
}

impl Bot<LaissezFaire> for Trader {
    fn name(&self) -> String {
        "heuristic".to_owned()
    }

    fn choose(&mut self, view: &SeatView<'_, LaissezFaire>, rng: &mut Rng) -> Action {
        let game = view.game();
        let seat = view.seat();
        view.legal_actions(&mut self.buf);
        let s = view.observation();
        let cash = s.players[seat].cash;
        match s.phase {
            Phase::Oubliette => {
                if let (Some(og), Some(cell)) = (game.oubliette(), &s.cells[seat]) {
                    let inner = SeatView::new(og, cell, 0);
                    return Action::Oubliette(self.oubliette.choose(&inner, rng));
                }
                self.buf[0]
            }
            Phase::Manage => self.manage(game, &s, seat),
            Phase::JailFee if self.buf.contains(&Action::PayFee) => Action::PayFee,
            Phase::StayChoice => {
                let total = s.roll.map_or(0, |d| d.total());
                let (rent, fee) = game.stay_cost(&s, seat, total).unwrap_or_default();
                if rent + fee <= Trader::expected_lodging(game, &s, seat) {
                    Action::Stay
                } else {
                    Action::Move
                }
            }
            Phase::Buy => {
                let price = game.board().spaces[s.me().pos as usize].price;
                if cash >= price + RESERVE {
                    Action::Buy
                } else {
                    Action::Decline
                }
            }
            Phase::TransitChoice => {
                let cost = |a: &Action| match *a {
                    Action::City(c) => Trader::cheapest_room(game, &s, seat, c).unwrap_or(u32::MAX),
                    _ => u32::MAX,
                };
                self.buf
                    .iter()
                    .copied()
                    .min_by_key(cost)
                    .unwrap_or(self.buf[0])
            }
            Phase::Lodge => self.lodge(game, &s, seat),
            _ => *self.buf.last().unwrap_or(&Action::Wait),
        }
    }
}
