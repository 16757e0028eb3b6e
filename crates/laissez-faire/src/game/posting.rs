//! Owners' unasked offers (ruling B-05: "any owner of a candidate property may offer, and the
//! lodger may ask or counter"): when a player must lodge in a city, the player owners of its
//! rooms with a place for him, and (when he arrived by dice, so that he may ride on) the
//! player owner of the side's transit company, may each post an offer of a room or of the
//! fare at a price before he chooses.
//!
//! A game of turns asks one player at a time, so the offers come first: on entering the
//! lodging step, each such owner, in turn order from the lodger, posts one offer (one of his
//! rooms, or the fare) at any price ([`Action::Post`]) or passes ([`Action::Pass`]). Then
//! the lodger chooses among the bank's rooms, the posted offers (take one as it stands with
//! [`Action::Lodge`] or [`Action::Ride`], or answer it with [`Action::Ask`]: accept,
//! counter or refuse), asking the other owners, the fare and the park bench. A posted offer
//! stands until the lodging ends ([`crate::lodging`]). The other players speak in the same
//! step, each once, to offer to pay for the lodger ([`super::payers`]).
//!
//! **Our reading** of the fare: the readings name "any owner of a candidate property", and
//! the side's transit company is one of the lodger's candidates (the ride to the other city
//! is how he may lodge there), so its owner may offer the fare unasked as a room's owner
//! offers a room.
//!
//! Separate from [`super::landing`] (what the lodging step is) and [`crate::bargain`] (how a
//! price is bargained) because this is who speaks first.

use gameshelf_engine::Seat;

use crate::action::Action;
use crate::bargain::{Bargain, Price, Service};
use crate::board::SPACES;
use crate::game::{LaissezFaire, spaces_in};
use crate::lodging::Quote;
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{Phase, State};

impl LaissezFaire {
    /// The spaces the current lodging's offers may be for (bit per space): the rooms of
    /// `s.city`, and the side's transit company when the lodger arrived by dice.
    pub(crate) fn candidates(&self, s: &State) -> u64 {
        let city = &self.board.cities[usize::from(s.city)];
        let transit = self.board.transit_of_side[usize::from(city.side)];
        city.properties | if s.via_transit { 1 << transit } else { 0 }
    }

    /// What an offer for `space` in the current lodging would be for, and its owner's price
    /// before any offer stands: a room of the city, or the fare of the side's transit
    /// company. `None` for any other space.
    fn offerable(&self, s: &State, space: u8) -> Option<(Service, Price)> {
        // A stay's posting step is the payers' alone: no room is to be had.
        if s.staying || usize::from(space) >= SPACES || self.candidates(s) & (1 << space) == 0 {
            return None;
        }
        let lodger = usize::from(s.current);
        let service = self.offered_service(space);
        let price = match service {
            Service::Fare(_) => self.owner_fare(s, lodger, self.city_side(s.city)),
            _ => self.owner_room_price(s, lodger, space)?,
        };
        Some((service, price))
    }

    /// What an owner's offer for `space` in a lodging is for: the fare of a transit company,
    /// or else a room.
    pub fn offered_service(&self, space: u8) -> Service {
        if usize::from(space) < SPACES && self.board.transits & (1 << space) != 0 {
            Service::Fare(space)
        } else {
            Service::Room(space)
        }
    }

    /// The bargain over the room or fare at `space` for the current lodger, as it opens
    /// before its owner names a price: what an owner posting an offer unasked names his price
    /// in. `None` unless it is another player's room with a place for him, or his transit
    /// company's fare, and its price is bargained.
    pub fn offer_bargain(&self, s: &State, space: u8) -> Option<Bargain> {
        let (service, price) = self.offerable(s, space)?;
        LaissezFaire::bargain(service, s, price, 0)
    }

    /// The bargains `seat` may open with an unasked offer in the current lodging, in board
    /// order: over each of his rooms with a place for the lodger, and his fare.
    /// None while he may only raise his offer to pay.
    pub fn offers_by<'a>(&'a self, s: &'a State, seat: u8) -> impl Iterator<Item = Bargain> + 'a {
        let raising = s.covers.get(seat).is_some();
        spaces_in(self.candidates(s))
            .filter(move |_| !raising)
            .filter_map(move |i| self.offer_bargain(s, i).filter(|b| b.provider == seat))
    }

    /// The owners who may post an offer to the current player (bit per seat): each player
    /// owner of a room of the city with a place for him, or of the fare he may pay, whose
    /// price is his to name (not listed by a lodging right the owner may not refuse, or by a
    /// price cap); and the third parties who may offer to pay for him
    /// ([`super::payers`]).
    fn posters(&self, s: &State) -> u8 {
        spaces_in(self.candidates(s))
            .filter_map(|i| self.offer_bargain(s, i).map(|b| b.provider))
            .fold(self.payers(s), |m, o| m | 1 << o)
    }

    /// The next owner, in turn order from the lodger, still to post or pass.
    pub(crate) fn next_poster(&self, s: &State) -> Option<u8> {
        let n = self.cfg.players as u8;
        (1..n)
            .map(|k| (s.current + k) % n)
            .find(|&o| s.posters & (1 << o) != 0)
    }

    /// The lodging step begins in `s.city`: the owners post their offers first, if any may,
    /// then the lodger chooses.
    pub(crate) fn open_lodging(&self, s: &mut State) {
        s.quotes.clear();
        s.covers.clear();
        s.raised = 0;
        s.posters = self.posters(s);
        s.phase = if s.posters == 0 {
            Phase::Lodge
        } else {
            Phase::Posting
        };
    }

    /// The offer `Post(space, price)` by `seat` would put on the table, if he may make it:
    /// he is still to post in this lodging, `space` is his room in the city with a place for
    /// the lodger, or his transit company whose fare the lodger may pay, at a price of his
    /// naming, and `price` is any sum up to the most he may ask (a refusable lodging right's
    /// cap, if the lodger holds one).
    pub fn posting(&self, s: &State, seat: Seat, space: u8, price: u32) -> Option<Quote> {
        if s.phase != Phase::Posting || s.posters & (1 << seat) == 0 {
            return None;
        }
        let b = self
            .offers_by(s, u8::try_from(seat).ok()?)
            .find(|b| b.service.space() == space)?;
        (usize::from(b.provider) == seat && price <= b.ceiling.unwrap_or(MAX_PRICE).min(MAX_PRICE))
            .then_some(Quote {
                service: b.service,
                provider: b.provider,
                ask: price,
                bid: None,
                counters: 0,
            })
    }

    /// The offers the owner with the floor may post, in action order: each of his rooms
    /// (and his fare) at the representative shares of its reference price (and a right's
    /// cap), up to what he may ask.
    pub(crate) fn postings(&self, s: &State, out: &mut Vec<Action>) {
        let Some(seat) = self.next_poster(s) else {
            return;
        };
        for b in self.offers_by(s, seat) {
            let i = b.service.space();
            let limit = b.ceiling.unwrap_or(MAX_PRICE);
            let cap = b.ceiling.map(|c| c.min(MAX_PRICE));
            let prices = Prices::new(b.reference, &Share::ALL, cap.as_slice());
            out.extend(
                prices
                    .iter()
                    .filter(|&p| p <= limit)
                    .map(|p| Action::Post(i, p)),
            );
        }
    }

    /// The reference price (what the bank would ask) of the room or fare at `space` in the
    /// current lodging, if its owner's price is bargained.
    pub fn request_reference(&self, s: &State, space: u8) -> Option<u32> {
        let seat = usize::from(s.current);
        let price = if self.board.spaces[usize::from(space)].is_deed()
            && self.board.transits & (1 << space) != 0
        {
            Some(self.owner_fare(s, seat, self.city_side(s.city)))
        } else {
            self.owner_room_price(s, seat, space)
        };
        match price? {
            Price::Negotiable { reference, .. } => Some(reference),
            Price::Listed(_) => None,
        }
    }

    /// An owner posts his offer (`Some`) or passes: the next owner, or the lodger's choice.
    pub(crate) fn post(&self, s: &mut State, offer: Option<Quote>) {
        if let Some(seat) = self.next_poster(s) {
            s.posters &= !(1 << seat);
        }
        if let Some(q) = offer {
            s.quotes.set(q);
        }
        if s.posters == 0 && s.staying {
            self.bargain_stay(s);
        } else if s.posters == 0 {
            s.phase = Phase::Lodge;
        }
    }
}
