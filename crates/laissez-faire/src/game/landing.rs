//! Moving, landing and lodging: paying the bank or an owner, moving by a roll (salary
//! at Start), what landing on each kind of space does, tax and the tax window's shortfall
//! (B-15), and lodging in a city (B3 L).
//!
//! Separate because it is the forced part of a roll-turn, from the dice to the lodging decision.

use crate::bargain;
use crate::board::{SPACES, SpaceKind};
use crate::config::TaxShortfall;
use crate::contract::Occasion;
use crate::game::LaissezFaire;
use crate::state::{BANK, Phase, State, Status};

impl LaissezFaire {
    pub(crate) fn pay(&self, s: &mut State, from: usize, to: u8, amount: u32) {
        s.players[from].cash -= amount;
        if to != BANK && amount > 0 {
            s.players[to as usize].cash = s.players[to as usize].cash.saturating_add(amount);
            s.quiet = false;
        }
    }

    /// Lodges `seat` at `space` for `price`, paid to the owner, and ends the roll-turn. The
    /// lodging's other offers close with it.
    pub(crate) fn lodge_at(&self, s: &mut State, seat: usize, space: u8, price: u32) {
        s.quotes.clear();
        s.covers.clear();
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
        LaissezFaire::close_stay_offers(s);
        self.pay_charges(s, seat, charges);
        let pos = s.players[seat].pos;
        self.log_rent(s, seat, pos, rent);
        self.use_right(s, seat as u8, self.board.forward_utility[pos as usize]);
        s.players[seat].last_rent = rent;
        self.obligations_due(s, Occasion::Stay(seat as u8));
        self.after_roll_turn(s, true);
    }

    pub(crate) fn move_by(&self, s: &mut State, total: u8) {
        let seat = s.current as usize;
        s.quiet = false;
        LaissezFaire::close_stay_offers(s);
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

    /// What landing on the space reached by the dice does. Payments due on landing in its
    /// city, then on the space itself, come first, before anything the space asks.
    fn land(&self, s: &mut State) {
        let seat = s.current as usize;
        let at = s.players[seat].pos;
        let space = &self.board.spaces[at as usize];
        if let Some(city) = space.city() {
            self.obligations_due(s, Occasion::Land(seat as u8, city));
        }
        self.obligations_due(s, Occasion::LandOn(seat as u8, at));
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
    pub(crate) fn close_tax_window(&self, s: &mut State) {
        LaissezFaire::lapse_parked(s);
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
    pub(crate) fn after_landing(&self, s: &mut State) {
        let at = s.me().pos as usize;
        match self.board.spaces[at].city() {
            Some(city) => self.lodge_in(s, city, true),
            None => s.phase = Phase::TransitChoice,
        }
    }

    /// The lodging step in `city` (arriving by dice when `transit`): the owners' offers
    /// first, then the lodger's choice.
    pub(crate) fn lodge_in(&self, s: &mut State, city: u8, transit: bool) {
        s.city = city;
        s.asked = 0;
        s.via_transit = transit;
        self.open_lodging(s);
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
    pub(crate) fn city_side(&self, city: u8) -> u8 {
        self.board.cities[city as usize].side
    }
}
