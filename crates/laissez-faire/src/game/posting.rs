//! Owners' unasked offers (ruling B-05: "any owner of a candidate property may offer, and the
//! lodger may ask or counter"): when a player must lodge in a city, the player owners of its
//! rooms with a place for him may each post an offer of a room at a price before he
//! chooses.
//!
//! A game of turns asks one player at a time, so the offers come first: on entering the
//! lodging step, each owner with such a room, in turn order from the lodger, posts one of his
//! rooms at any price ([`Action::Post`]) or passes ([`Action::Pass`]). Then the lodger
//! chooses among the bank's rooms, the posted offers (take one as it stands with
//! [`Action::Lodge`], or answer it with [`Action::Ask`]: accept, counter or refuse), asking
//! the other owners, the fare and the park bench. A posted offer stands until the lodging
//! ends ([`crate::lodging`]).
//!
//! Separate from [`super::landing`] (what the lodging step is) and [`crate::bargain`] (how a
//! price is bargained) because this is who speaks first.

use gameshelf_engine::Seat;

use crate::action::Action;
use crate::bargain::{Price, Service};
use crate::game::{LaissezFaire, spaces_in};
use crate::lodging::Quote;
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{Phase, State};

impl LaissezFaire {
    /// The owners who may post an offer to the current player in `city` (bit per seat):
    /// each player owner of a room there with a place for him whose price is his to name
    /// (not listed by a lodging right the owner may not refuse).
    fn posters(&self, s: &State, city: u8) -> u8 {
        let seat = usize::from(s.current);
        spaces_in(self.board.cities[usize::from(city)].properties)
            .filter_map(|i| match self.owner_room_price(s, seat, i) {
                Some(Price::Negotiable { provider, .. }) => Some(provider),
                _ => None,
            })
            .fold(0, |m, o| m | 1 << o)
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
        s.posters = self.posters(s, s.city);
        s.phase = if s.posters == 0 {
            Phase::Lodge
        } else {
            Phase::Posting
        };
    }

    /// The offer `Post(space, price)` by `seat` would put on the table, if he may make it:
    /// he is still to post in this lodging, `space` is his room in the city with a place for
    /// the lodger at a price of his naming, and `price` is any sum up to the most he may ask
    /// (a refusable lodging right's cap, if the lodger holds one).
    pub fn posting(&self, s: &State, seat: Seat, space: u8, price: u32) -> Option<Quote> {
        if s.phase != Phase::Posting || s.posters & (1 << seat) == 0 {
            return None;
        }
        if self.board.cities[usize::from(s.city)].properties & (1 << space) == 0 {
            return None;
        }
        let Some(Price::Negotiable {
            provider, ceiling, ..
        }) = self.owner_room_price(s, usize::from(s.current), space)
        else {
            return None;
        };
        (usize::from(provider) == seat && price <= ceiling.unwrap_or(MAX_PRICE).min(MAX_PRICE))
            .then_some(Quote {
                service: Service::Room(space),
                provider,
                ask: price,
                bid: None,
                counters: 0,
            })
    }

    /// The offers the owner with the floor may post, in action order: each of his rooms at
    /// the representative shares of its reference rent (and a right's cap), up to what he
    /// may ask.
    pub(crate) fn postings(&self, s: &State, out: &mut Vec<Action>) {
        let Some(seat) = self.next_poster(s) else {
            return;
        };
        let lodger = usize::from(s.current);
        for i in spaces_in(self.board.cities[usize::from(s.city)].properties) {
            let Some(Price::Negotiable {
                provider,
                reference,
                ceiling,
            }) = self.owner_room_price(s, lodger, i)
            else {
                continue;
            };
            if provider != seat {
                continue;
            }
            let limit = ceiling.unwrap_or(MAX_PRICE);
            let cap = ceiling.map(|c| c.min(MAX_PRICE));
            let prices = Prices::new(reference, &Share::ALL, cap.as_slice());
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
        if s.posters == 0 {
            s.phase = Phase::Lodge;
        }
    }
}
