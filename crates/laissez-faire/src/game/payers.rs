//! Third parties in a lodging, as payers (the readings: "third parties join only as payers
//! or guarantors"): while a player looks for a room, another player may offer to pay all or
//! part of the lodger's price for one room, or for the fare, and the lodger may take the
//! room (or ride) with that help.
//!
//! A game of turns asks one player at a time, so a payer speaks where the owners do: in the
//! posting step before the lodger chooses ([`super::posting`]), each other player still in
//! the game, in turn order from the lodger, makes one offer (an owner his room or fare, a
//! payer his [`Action::Cover`]) or passes. A payer's offer names the room or fare and the
//! most he pays ([`Cover`]); it stands until the lodging ends. The lodger takes it with
//! [`Action::Covered`] once the price of that room or fare stands (the bank's, a right's
//! cap, or an owner's offer or quote standing; a bargained price is agreed first by asking
//! the owner, whose quote then stands): the payer pays his part (the whole price if it is
//! less) and the lodger the rest, together. If the payer cannot pay his part then, nothing
//! moves, his offer lapses and the lodger chooses again.
//!
//! A payer cannot pay for his own room or fare (an owner who would lower his price posts a
//! lower one), nor offer more than the cash he holds. Guarantors are left out of a lodging:
//! the lodger pays at once, so there is nothing to guarantee.

use gameshelf_engine::Seat;

use crate::action::Action;
use crate::bargain::{Price, Service};
use crate::board::SPACES;
use crate::game::{LaissezFaire, spaces_in};
use crate::lodging::Cover;
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{Phase, State};

impl LaissezFaire {
    /// The lodger's price now for the room at `space` or the fare of the transit company at
    /// `space`, in the current lodging: listed (the bank's, a right's cap, an owner's offer
    /// standing) or still to be bargained. `None` unless it is one of his candidates.
    pub(crate) fn lodging_price(&self, s: &State, space: u8) -> Option<Price> {
        if usize::from(space) >= SPACES || self.candidates(s) & (1 << space) == 0 {
            return None;
        }
        let lodger = usize::from(s.current);
        match self.offered_service(space) {
            Service::Fare(_) => Some(self.fare(s, lodger, self.city_side(s.city))),
            _ => self.room_price(s, lodger, space),
        }
    }

    /// The price `seat` may offer to pay part of at `space`, as the payers' sums are drawn
    /// from it (the listed price, or the reference of a bargained one): a candidate of the
    /// lodger's that costs him something and is not `seat`'s own.
    fn coverable(&self, s: &State, seat: u8, space: u8) -> Option<u32> {
        let basis = match self.lodging_price(s, space)? {
            Price::Listed(p) => p,
            Price::Negotiable { reference, .. } => reference,
        };
        (basis > 0 && s.lots.0[usize::from(space)].owner != seat).then_some(basis)
    }

    /// The third parties who may offer to pay for the current lodger (bit per seat): every
    /// other player still in the game with cash and a room or fare to pay for.
    pub fn payers(&self, s: &State) -> u8 {
        (0..self.cfg.players as u8)
            .filter(|&o| {
                o != s.current
                    && self.trades(s, o)
                    && s.players[usize::from(o)].cash > 0
                    && spaces_in(self.candidates(s)).any(|i| self.coverable(s, o, i).is_some())
            })
            .fold(0, |m, o| m | 1 << o)
    }

    /// The offer `Cover(space, sum)` by `seat` would put on the table, if he may make it:
    /// he is still to speak in this posting step, `space` is a room or fare of the lodger's
    /// he may pay for, and `sum` is at least a dollar and at most his cash.
    pub fn cover(&self, s: &State, seat: Seat, space: u8, sum: u32) -> Option<Cover> {
        let payer = u8::try_from(seat).ok()?;
        let ok = s.phase == Phase::Posting
            && s.posters & (1 << seat) != 0
            && self.coverable(s, payer, space).is_some()
            && sum > 0
            && sum <= s.players[seat].cash.min(MAX_PRICE);
        ok.then_some(Cover { space, sum })
    }

    /// The payers' offers `seat` may make, in action order: for each room and fare, the
    /// representative shares of its price up to the whole of it, within his cash, and all
    /// he may pay of it (so that every room he may pay for is listed, however little he
    /// holds).
    pub(crate) fn cover_offers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let Ok(payer) = u8::try_from(seat) else {
            return;
        };
        if s.posters & (1 << seat) == 0 {
            return;
        }
        let cash = s.players[seat].cash;
        for i in spaces_in(self.candidates(s)) {
            let Some(basis) = self.coverable(s, payer, i) else {
                continue;
            };
            let sums = Prices::new(basis, &Share::ALL, &[basis.min(cash)]);
            out.extend(
                sums.iter()
                    .filter(|&x| x > 0 && x <= basis.min(cash))
                    .map(|x| Action::Cover(i, x)),
            );
        }
    }

    /// The terms of taking `payer`'s offer now: the standing price of its room or fare and
    /// the payer's part of it. `None` when no offer of his stands or its price is still to
    /// be bargained.
    pub fn cover_terms(&self, s: &State, payer: u8) -> Option<(Cover, u32, u32)> {
        let c = s.covers.get(payer)?;
        let price = self.lodging_price(s, c.space)?.listed()?;
        Some((c, price, c.part(price)))
    }

    /// The [`Action::Covered`] choices of the lodger, in action order: each payer's offer
    /// whose price stands and whose rest he can pay.
    pub(crate) fn covered_choices(&self, s: &State, out: &mut Vec<Action>) {
        let cash = s.me().cash;
        out.extend(s.covers.iter().filter_map(|(payer, _)| {
            let (_, price, part) = self.cover_terms(s, payer)?;
            (price - part <= cash).then_some(Action::Covered(payer))
        }));
    }

    /// The lodger takes `payer`'s offer: atomically, the payer's part goes to him and he
    /// takes the room (or rides) at its standing price; or, if the payer cannot pay his part
    /// now, nothing moves, the offer lapses and the lodger chooses again.
    pub(crate) fn take_cover(&self, s: &mut State, payer: u8) {
        let Some((c, _, part)) = self.cover_terms(s, payer) else {
            return;
        };
        s.covers.0[usize::from(payer)] = None;
        if !self.trades(s, payer) || s.players[usize::from(payer)].cash < part {
            return;
        }
        self.pay(s, usize::from(payer), s.current, part);
        let take = match self.offered_service(c.space) {
            Service::Fare(_) => Action::Ride,
            _ => Action::Lodge(c.space),
        };
        gameshelf_engine::Game::apply_unchecked(self, s, take);
    }
}
