//! Bargains: the prices of rooms, fares and utility fees negotiated with player owners
//! (rulings B-05, B-07, B-08, B-09 and B7's lodging, transit, stay-rent and stay-utility
//! phases).
//!
//! The bank posts its listed prices and never bargains ([`Price::Listed`]); so does a right
//! the notary keeps (a lodging right's cap), unless the right lets the owner refuse: then
//! the room is bargained, at most at the cap. A player owner's price is
//! [`Price::Negotiable`]: the customer (the player whose turn it is) asks, the owner
//! quotes a price in dollars (any, or up to a ceiling) or refuses, and the two may counter each other
//! up to [`MAX_COUNTERS`] times, each counter moving towards the other side, until one
//! accepts or refuses. Every message is an action of the seat that has the floor, so the
//! game record holds the whole bargain. Nothing else happens while a bargain is open, and
//! the price is paid on acceptance, at once and in full.
//!
//! * **A room** ([`Service::Room`]): asked for in the lodging step; the owner may refuse
//!   (B-05). A refused or failed bargain sends the lodger back to his other options, and he
//!   may not ask the same owner for the same room again on this visit. An owner may also
//!   offer his room unasked before the lodger chooses ([`crate::lodging`]): the offer
//!   stands as the price of that room for the lodger, who may take it or answer it (the
//!   bargain then opens with the owner's price on the table). Or the lodger opens with a
//!   price of his own ([`LaissezFaire::tender`]), at most the cash he holds: the bid is his
//!   request, and the owner accepts it, refuses, or counters higher, which is his first
//!   price as a quote would be; neither counts among the counters, so the bargain keeps
//!   its bound.
//! * **A fare** ([`Service::Fare`]) to the side's other city: the same, with the transit
//!   company's owner (B-07).
//! * **A stay** needs both payments (B3 S): first the forward utility's fee
//!   ([`Service::StayUtility`]; the owner may refuse, B-08), then the rent
//!   ([`Service::StayRent`]), which the owner may not refuse: he quotes once, at most the
//!   ceiling (the last rent paid, or a lodging right's cap if lower, or the cap itself
//!   when the right lets the owner raise the rent), and the tenant takes it
//!   or moves on (B7: "STAY: the owner's default QUOTE is the ceiling"). A refusal of either
//!   part means the player moves by his roll; the agreed parts are paid together only when
//!   both are agreed. The stayer may open with a bid of his own for the fee or the rent
//!   ([`LaissezFaire::stay_tender`]; a rent bid waits for the fee to be agreed), which the
//!   owner takes or counters up to the ceiling; and other players may offer to pay part of
//!   either before the bargain opens ([`crate::game`]'s payers).

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::board::{SPACES, SpaceKind};
use crate::contract::Clause;
use crate::game::{LaissezFaire, capacity, spaces_in};
use crate::lodging::Quote;
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{BANK, Phase, State, Status};

/// Counter-offers per bargain, both sides together (the rulings' limit, B7).
pub const MAX_COUNTERS: u8 = 6;

/// Messages a bargain can take: the request, the quote, the counters and the last answer.
pub const MAX_MESSAGES: usize = 3 + MAX_COUNTERS as usize;

/// What is being bargained over; the payload is a board index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Service {
    /// A room at this property.
    Room(u8),
    /// The fare of this transit company to the side's other city.
    Fare(u8),
    /// The fee of this utility for a stay.
    StayUtility(u8),
    /// The rent of a stay at this property.
    StayRent(u8),
}

impl Service {
    /// The space whose owner provides the service.
    pub fn space(self) -> u8 {
        match self {
            Service::Room(i)
            | Service::Fare(i)
            | Service::StayUtility(i)
            | Service::StayRent(i) => i,
        }
    }

    /// Whether the owner may refuse outright (not the rent of a stay, B-09) and the two
    /// sides may counter (the stay rent is a single quote under the ceiling).
    pub fn open(self) -> bool {
        !matches!(self, Service::StayRent(_))
    }
}

/// What a service costs a customer now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Price {
    /// A price to take as it stands: the bank's listed price, a lodging right's cap,
    /// nothing for one's own deed, or an owner's offer standing in the current lodging
    /// ([`crate::lodging`]).
    Listed(u32),
    /// A player owner's price, to be agreed in dollars; `reference` is what the bank would
    /// charge, from which the representative prices are drawn ([`crate::price`]).
    Negotiable {
        /// The owner.
        provider: u8,
        /// The reference price.
        reference: u32,
        /// The dearest price the owner may ask (a stay's ceiling), if any.
        ceiling: Option<u32>,
    },
}

impl Price {
    /// The price if it is listed.
    pub fn listed(self) -> Option<u32> {
        match self {
            Price::Listed(p) => Some(p),
            Price::Negotiable { .. } => None,
        }
    }
}

/// An open bargain ([`Phase::Bargain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bargain {
    /// What is bargained over.
    pub service: Service,
    /// The player whose turn it is, who pays.
    pub customer: u8,
    /// The owner, who is paid.
    pub provider: u8,
    /// The seat that answers now.
    pub floor: u8,
    /// The reference price (the bank's), from which the listed prices are drawn.
    pub reference: u32,
    /// The dearest price the owner may ask (a stay's ceiling), if any.
    pub ceiling: Option<u32>,
    /// The owner's standing quote in dollars (`None` until he quotes).
    pub ask: Option<u32>,
    /// The customer's standing counter-offer in dollars, if any.
    pub bid: Option<u32>,
    /// Counter-offers so far.
    pub counters: u8,
    /// A stay's other part, already settled, paid together with this one on acceptance:
    /// the utility fee while the rent is bargained, or the listed rent while the fee is.
    pub extra: u32,
    /// In a stay's fee bargain, the stayer's opening bid for the rent, made with the stay:
    /// the rent's bargain opens with it once the fee is agreed.
    #[serde(default)]
    pub rent_bid: Option<u32>,
}

impl Bargain {
    /// The terms on the table in dollars: the owner's quote while the customer answers,
    /// the customer's counter while the owner answers (`None` before the first quote).
    pub fn standing(&self) -> Option<u32> {
        if self.floor == self.customer {
            self.ask
        } else {
            self.bid
        }
    }

    /// Whether `self.floor` may send `action` now, given the customer's `cash`: any price
    /// the rules allow, listed or not.
    pub fn allows(&self, cash: u32, action: Action) -> bool {
        let affordable = |price: u32| price.saturating_add(self.extra) <= cash;
        let counters_left = self.service.open() && self.counters < MAX_COUNTERS;
        let customer = self.floor == self.customer;
        match (customer, self.ask, self.bid, action) {
            // Anyone on the floor may break off, except an owner quoting a stay's rent.
            (false, None, _, Action::Refuse) => self.service.open(),
            (_, _, _, Action::Refuse) => true,
            // The owner's first answer: a quote, up to the ceiling.
            (false, None, None, Action::Quote(price)) => price <= self.cap(),
            // The owner answers the customer's opening bid: take it, or counter higher (his
            // first price, as a quote is), up to the ceiling.
            (false, None, Some(_), Action::Accept) => true,
            (false, None, Some(bid), Action::Counter(price)) => price > bid && price <= self.cap(),
            // The customer answers a quote: take it if he can pay, or counter lower than
            // the quote and higher than his own last counter.
            (true, Some(ask), _, Action::Accept) => affordable(ask),
            (true, Some(ask), bid, Action::Counter(price)) => {
                counters_left && price < ask && bid.is_none_or(|b| price > b) && affordable(price)
            }
            // The owner answers a counter: take it, or counter higher, up to his last quote.
            (false, Some(_), Some(_), Action::Accept) => true,
            (false, Some(ask), Some(bid), Action::Counter(price)) => {
                counters_left && price > bid && price <= ask
            }
            _ => false,
        }
    }

    /// The dearest price the owner may name: the ceiling, if any, and the money bound.
    pub(crate) fn cap(&self) -> u32 {
        self.ceiling.unwrap_or(MAX_PRICE).min(MAX_PRICE)
    }

    /// The messages `self.floor` may send, in action order, given the customer's `cash`:
    /// every answer, with representative prices ([`Prices`]) for quotes and counters: the
    /// shares of the reference, the standing quote, the dearest counter the customer can
    /// pay below it, and the ceiling.
    pub fn answers(&self, cash: u32, out: &mut Vec<Action>) {
        let dearest_bid = self.ask.map_or(0, |ask| {
            ask.saturating_sub(1).min(cash.saturating_sub(self.extra))
        });
        let special = [
            self.ask.unwrap_or(0),
            dearest_bid,
            self.ceiling.unwrap_or(0),
        ];
        let prices = Prices::new(self.reference, &Share::ALL, &special);
        let candidates = [Action::Accept]
            .into_iter()
            .chain(prices.iter().map(Action::Counter))
            .chain([Action::Refuse])
            .chain(prices.iter().map(Action::Quote));
        out.extend(candidates.filter(|&a| self.allows(cash, a)));
    }
}

/// What a payment for a service is, for the books.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// Rent for a room or a stay, to the property's owner.
    Rent,
    /// A transit fare.
    Fare,
    /// A utility fee.
    Utility,
}

/// The service payments an action makes: at most two (a stay's rent and fee), each with
/// its kind, payee (a seat or [`BANK`]) and amount.
pub type Charges = [Option<(Charge, u8, u32)>; 2];

impl LaissezFaire {
    /// What `seat` pays to lodge at property `space` now, or `None` when there is no room for
    /// it (capacity, B-02). Own property: 0; bank: the deed rent (B3); a lodging right: its
    /// cap, which the owner may not refuse; another player owner: negotiable, from the
    /// no-monopoly rent at the current buildings, unless the owner's offer stands in the
    /// lodging `seat` is looking for (posted unasked, or quoted when asked): then that price,
    /// which he may take as it stands.
    pub fn room_price(&self, s: &State, seat: usize, space: u8) -> Option<Price> {
        let price = self.owner_room_price(s, seat, space)?;
        Some(LaissezFaire::standing(s, seat, space, price))
    }

    /// [`LaissezFaire::room_price`] before any offer stands: what the owner's price is
    /// bargained from.
    pub(crate) fn owner_room_price(&self, s: &State, seat: usize, space: u8) -> Option<Price> {
        let SpaceKind::Property { city, .. } = self.board().spaces[space as usize].kind else {
            return None;
        };
        let lodgers = self.occupants(s, space, seat);
        self.room_price_given(s, seat, space, lodgers, self.bank_monopoly(s, city))
    }

    /// `price`, or the owner's offer standing for `space` (a room, or the transit company's
    /// fare) in the lodging of `seat` (the current player), which is his to take as it
    /// stands.
    fn standing(s: &State, seat: usize, space: u8, price: Price) -> Price {
        match (price, s.quotes.get(space)) {
            (Price::Negotiable { .. }, Some(q)) if seat == usize::from(s.current) => {
                Price::Listed(q.ask)
            }
            _ => price,
        }
    }

    /// [`LaissezFaire::room_price`] for every property at once (`None` elsewhere), counting
    /// lodgers and the bank's holdings once rather than space by space: what a bot comparing
    /// the whole board's rooms wants.
    pub fn room_prices(&self, s: &State, seat: usize) -> [Option<Price>; SPACES] {
        let mut lodgers = [0u8; SPACES];
        for (i, p) in s.players[..self.config().players].iter().enumerate() {
            if i != seat && p.status == Status::Playing && !p.jailed {
                lodgers[p.pos as usize] += 1;
            }
        }
        let bank = self.holdings(s, BANK);
        let mut out = [None; SPACES];
        for city in &self.board().cities {
            let monopoly = city.properties & !bank == 0;
            for i in spaces_in(city.properties) {
                out[i as usize] = self
                    .room_price_given(s, seat, i, lodgers[i as usize], monopoly)
                    .map(|p| LaissezFaire::standing(s, seat, i, p));
            }
        }
        out
    }

    /// The room price of property `space` for `seat`, given the other lodgers there and
    /// whether the bank holds the whole city.
    fn room_price_given(
        &self,
        s: &State,
        seat: usize,
        space: u8,
        lodgers: u8,
        monopoly: bool,
    ) -> Option<Price> {
        let SpaceKind::Property { rent, .. } = &self.board().spaces[space as usize].kind else {
            return None;
        };
        let lot = s.lots.0[space as usize];
        if lodgers >= capacity(lot.level) {
            return None;
        }
        Some(match lot.owner {
            o if o as usize == seat => Price::Listed(0),
            BANK => Price::Listed(rent[usize::from(monopoly)][lot.level as usize]),
            o => match s
                .contracts
                .lodging_right(seat as u8, space)
                .map(|c| c.clause)
            {
                Some(Clause::Lodging {
                    cap,
                    refusable: false,
                    ..
                }) => Price::Listed(cap),
                // A right the owner may refuse: he quotes at most the cap, or refuses.
                right => Price::Negotiable {
                    provider: o,
                    reference: rent[0][lot.level as usize],
                    ceiling: match right {
                        Some(Clause::Lodging { cap, .. }) => Some(cap),
                        _ => None,
                    },
                },
            },
        })
    }

    /// The fare `seat` pays on the transit company of `side` (B-07): own company 0; bank by
    /// the companies it owns (or the base fare); a player owner negotiable, from the fare
    /// for the companies he owns.
    /// While `seat` looks for lodging, the owner's quote standing for the fare is the price
    /// he may take as it stands.
    pub fn fare(&self, s: &State, seat: usize, side: u8) -> Price {
        let t = self.board().transit_of_side[side as usize];
        LaissezFaire::standing(s, seat, t, self.owner_fare(s, seat, side))
    }

    /// [`LaissezFaire::fare`] before any quote stands: what the owner's price is bargained
    /// from.
    pub(crate) fn owner_fare(&self, s: &State, seat: usize, side: u8) -> Price {
        let board = self.board();
        let t = board.transit_of_side[side as usize];
        let SpaceKind::Transit { fares, .. } = board.spaces[t as usize].kind else {
            return Price::Listed(0);
        };
        let count = |o| self.owned(s, o, board.transits).max(1) as usize - 1;
        match s.lots.0[t as usize].owner {
            o if o as usize == seat => Price::Listed(0),
            BANK if s.rules.fare_by_bank_count => Price::Listed(fares[count(BANK)]),
            BANK => Price::Listed(fares[0]),
            o => LaissezFaire::owner_price(s, seat, t, o, fares[count(o)]),
        }
    }

    /// The fee `seat` pays to utility `space` on a roll of `total` (B-08): own utility 0;
    /// bank the roll times the multiplier for the utilities it owns; a player owner
    /// negotiable, from the multiplier for the utilities he owns.
    pub fn utility_price(&self, s: &State, seat: usize, space: u8, total: u8) -> Price {
        let board = self.board();
        let SpaceKind::Utility { multipliers, .. } = board.spaces[space as usize].kind else {
            return Price::Listed(0);
        };
        let price = |o| {
            u32::from(total) * multipliers[self.owned(s, o, board.utilities).max(1) as usize - 1]
        };
        match s.lots.0[space as usize].owner {
            o if o as usize == seat => Price::Listed(0),
            BANK => Price::Listed(price(BANK)),
            o => LaissezFaire::owner_price(s, seat, space, o, price(o)),
        }
    }

    /// A player owner's fare or fee: negotiable from `reference`, or listed at the cap of a
    /// price-cap contract `seat` holds on `space` (B6 `SERVICE_PRICE`).
    fn owner_price(s: &State, seat: usize, space: u8, owner: u8, reference: u32) -> Price {
        match s.contracts.service_price(seat as u8, space, reference) {
            Some(price) => Price::Listed(price),
            None => Price::Negotiable {
                provider: owner,
                reference,
                ceiling: None,
            },
        }
    }

    /// The `(rent, utility fee)` of a stay for a roll of `total` (B3 S, B-09), or `None` when
    /// `seat` may not stay: not lodged in a housed property, or the final lap forbids it.
    /// The rent never exceeds the ceiling, the last rent paid there (or a lodging right's
    /// cap if lower, or its cap whatever the last rent if the right lets the owner raise
    /// it): the bank charges the smaller of its deed rent and the ceiling, a player owner
    /// quotes a share of the ceiling up to all of it.
    pub fn stay_price(&self, s: &State, seat: usize, total: u8) -> Option<(Price, Price)> {
        let p = &s.players[seat];
        let lot = s.lots.0[p.pos as usize];
        let housed = matches!(
            self.board().spaces[p.pos as usize].kind,
            SpaceKind::Property { .. }
        ) && lot.level > 0;
        if !housed || (s.final_lap && !s.rules.final_lap_stay) {
            return None;
        }
        let ceiling = p.last_rent;
        let rent = match lot.owner {
            o if o as usize == seat => Price::Listed(0),
            BANK => Price::Listed(self.bank_rent(s, p.pos).min(ceiling)),
            o => {
                // A right caps the stay's rent; one the owner may raise lets him ask up to
                // its cap, above the last rent paid.
                let ceiling = match s
                    .contracts
                    .lodging_right(seat as u8, p.pos)
                    .map(|c| c.clause)
                {
                    Some(Clause::Lodging {
                        cap,
                        raisable: true,
                        ..
                    }) => cap,
                    Some(Clause::Lodging { cap, .. }) => cap.min(ceiling),
                    _ => ceiling,
                };
                Price::Negotiable {
                    provider: o,
                    reference: ceiling,
                    ceiling: Some(ceiling),
                }
            }
        };
        let utility = self.board().forward_utility[p.pos as usize];
        Some((rent, self.utility_price(s, seat, utility, total)))
    }

    /// Opens a bargain over `service` at `price` (negotiable) for the current player.
    pub(crate) fn bargain(
        service: Service,
        s: &State,
        price: Price,
        extra: u32,
    ) -> Option<Bargain> {
        let Price::Negotiable {
            provider,
            reference,
            ceiling,
        } = price
        else {
            return None;
        };
        Some(Bargain {
            service,
            customer: s.current,
            provider,
            floor: provider,
            reference,
            ceiling,
            ask: None,
            bid: None,
            counters: 0,
            extra,
            rent_bid: None,
        })
    }

    /// The bargain `Ask(space)` opens in the lodging step, if it may: a room of another
    /// player in this city with space, or (arriving by dice) the side's transit company of
    /// another player, not asked for already on this visit; or, when the owner's offer for
    /// it stands, that offer for the lodger to answer (accept, counter or refuse).
    pub fn request(&self, s: &State, space: u8) -> Option<Bargain> {
        if s.phase != Phase::Lodge || (space as usize) >= crate::board::SPACES {
            return None;
        }
        if s.asked & (1 << space) != 0 {
            return None;
        }
        let seat = s.current as usize;
        let side = self.board().cities[s.city as usize].side;
        if self.board().cities[s.city as usize].properties & (1 << space) != 0 {
            Some(LaissezFaire::resumed(s, self.room_bargain(s, space)?))
        } else if s.via_transit && self.board().transit_of_side[side as usize] == space {
            let open =
                LaissezFaire::bargain(Service::Fare(space), s, self.owner_fare(s, seat, side), 0)?;
            Some(LaissezFaire::resumed(s, open))
        } else {
            None
        }
    }

    /// The bargain `Tender(space, price)` opens in the lodging step, if it may: one that
    /// `Ask(space)` would open afresh (no offer of the owner's stands for it), with the
    /// lodger's price of `price` dollars on the table, at most the cash he holds. The bid is
    /// his request: the owner answers it.
    pub fn tender(&self, s: &State, space: u8, price: u32) -> Option<Bargain> {
        let open = self.request(s, space)?;
        let fresh = s.quotes.get(space).is_none();
        (fresh && price <= s.me().cash && price <= MAX_PRICE).then_some(Bargain {
            bid: Some(price),
            ..open
        })
    }

    /// The lodger's opening bids listed for `space` when he may bid for it: the trade shares
    /// of the owner's reference price that he holds (any other sum may be named).
    pub(crate) fn tenders(&self, s: &State, space: u8, out: &mut Vec<Action>) {
        if let Some(open) = self.tender(s, space, 0) {
            LaissezFaire::list_bids(&open, s.me().cash, out);
        }
    }

    /// The opening bids listed for bargain `open`: the trade shares of its reference price
    /// up to `most`.
    fn list_bids(open: &Bargain, most: u32, out: &mut Vec<Action>) {
        let space = open.service.space();
        out.extend(
            Prices::new(open.reference, &Share::TRADE, &[])
                .iter()
                .filter(|&p| p <= most)
                .map(|p| Action::Tender(space, p)),
        );
    }

    /// The bargain `Tender(space, price)` opens a stay with, if it may: the bid is for the
    /// stay's first part (the fee when its owner names it, else the rent) or, when the rent
    /// is bargained once the fee is agreed, for the rent, kept until its bargain opens. The
    /// price is at most the owner's ceiling and, with the stay's other part already settled,
    /// at most the cash the stayer holds beside it. The bid is his request: the owner
    /// answers it.
    pub fn stay_tender(&self, s: &State, space: u8, price: u32) -> Option<Bargain> {
        let first = self.stay_first(s)?;
        let target = self.stay_bid_target(s, space)?;
        let affordable = price.saturating_add(target.extra) <= s.me().cash;
        (affordable && price <= target.cap()).then_some(if target.service == first.service {
            Bargain {
                bid: Some(price),
                ..first
            }
        } else {
            Bargain {
                rent_bid: Some(price),
                ..first
            }
        })
    }

    /// `Tender(space, price)` at the stay decision in words: whom it offers what for, and
    /// what he may answer.
    pub fn describe_stay_tender(&self, s: &State, space: u8, price: u32) -> String {
        let (Some(opened), Some(b)) = (
            self.stay_tender(s, space, price),
            self.stay_bid_target(s, space),
        ) else {
            return Action::Tender(space, price).to_string();
        };
        let after = match opened.rent_bid {
            Some(_) => format!(", once {} is agreed", self.describe_service(opened.service)),
            None => String::new(),
        };
        format!(
            "stay, offering seat {} ${price} for {}{after} (the bank would ask ${}, at most ${} \
             may be asked): he may take it, {}",
            b.provider + 1,
            self.describe_service(b.service),
            b.reference,
            b.cap(),
            if b.service.open() {
                "counter or refuse"
            } else {
                "or counter up to that"
            }
        )
    }

    /// What `Tender(space, _)` bids for now: a stay's part at the stay decision, else the
    /// room or fare at `space`.
    pub fn bid_service(&self, s: &State, space: u8) -> Service {
        match self.stay_bid_target(s, space) {
            Some(b) => b.service,
            None => self.offered_service(space),
        }
    }

    /// At the stay decision, the stay's first bargain as it would open, if he may stay and
    /// a part of it is bargained.
    fn stay_first(&self, s: &State) -> Option<Bargain> {
        if s.phase != Phase::StayChoice {
            return None;
        }
        let total = s.roll.map_or(0, |d| d.total());
        let (rent, fee) = self.stay_price(s, usize::from(s.current), total)?;
        self.stay_bargain(s, rent, fee)
    }

    /// At the stay decision, the bargain a bid for `space` would be in, as it opens: the
    /// stay's first, or the rent's that follows an agreed fee (its other part still to
    /// agree, so none counted yet).
    fn stay_bid_target(&self, s: &State, space: u8) -> Option<Bargain> {
        let first = self.stay_first(s)?;
        let pos = s.me().pos;
        if first.service.space() == space {
            return Some(first);
        }
        let total = s.roll.map_or(0, |d| d.total());
        let (rent, _) = self.stay_price(s, usize::from(s.current), total)?;
        (space == pos)
            .then(|| LaissezFaire::bargain(Service::StayRent(pos), s, rent, 0))
            .flatten()
    }

    /// Why the current player may not open with a bid of `price` for `space` now, in words
    /// naming what is wrong (the parts a stay's bids are for, the ceiling, his cash); `None`
    /// when nothing of that is wrong.
    pub fn tender_refusal(&self, s: &State, space: u8, price: u32) -> Option<String> {
        let (seat, cash) = (s.current + 1, s.me().cash);
        let first = self.stay_first(s);
        match (first, self.stay_bid_target(s, space)) {
            (Some(first), None) => {
                let mut parts = vec![self.describe_service(first.service)];
                if let Some(rent) = self.stay_bid_target(s, s.me().pos) {
                    if rent.service != first.service {
                        parts.push(self.describe_service(rent.service));
                    }
                }
                Some(format!("a bid at this stay is for {}", parts.join(" or ")))
            }
            (_, Some(b)) if price > b.cap() => Some(format!(
                "a bid for {} may be at most its ceiling of ${}",
                self.describe_service(b.service),
                b.cap()
            )),
            (_, Some(b)) if b.extra > 0 && price.saturating_add(b.extra) > cash => Some(format!(
                "a bid of ${price} and the ${} of the stay's other part are more than the \
                 ${cash} player {seat} holds",
                b.extra
            )),
            (_, Some(_)) if price > cash => Some(format!(
                "a bid of ${price} is more than the ${cash} player {seat} holds"
            )),
            (None, None) if s.phase == Phase::Lodge && price > cash => Some(format!(
                "a bid of ${price} is more than the ${cash} player {seat} holds"
            )),
            _ => None,
        }
    }

    /// The stayer's opening bids listed for the parts of the stay he may bid for, if he may
    /// stay, in action order (by space).
    pub(crate) fn stay_tenders(&self, s: &State, out: &mut Vec<Action>) {
        let pos = s.me().pos;
        let utility = self.board().forward_utility[usize::from(pos)];
        let mut spaces = [pos, utility];
        spaces.sort_unstable();
        for space in spaces {
            if let Some(open) = self.stay_bid_target(s, space) {
                let most = s.me().cash.saturating_sub(open.extra).min(open.cap());
                LaissezFaire::list_bids(&open, most, out);
            }
        }
    }

    /// The bargain `open` as the owner's quote standing for it left it, if one stands: the
    /// lodger answers it.
    fn resumed(s: &State, open: Bargain) -> Bargain {
        match s.quotes.get(open.service.space()) {
            Some(q) => Bargain {
                floor: open.customer,
                ask: Some(q.ask),
                bid: q.bid,
                counters: q.counters,
                ..open
            },
            None => open,
        }
    }

    /// The bargain over a room at `space` for the current player, as it opens before the
    /// owner names a price: what asking him opens, and what an owner who posts an offer
    /// unasked names his price in. `None` unless it is another player's room with a place
    /// for him whose price is bargained.
    pub fn room_bargain(&self, s: &State, space: u8) -> Option<Bargain> {
        let price = self.owner_room_price(s, usize::from(s.current), space)?;
        LaissezFaire::bargain(Service::Room(space), s, price, 0)
    }

    /// The first bargain of a stay, or `None` when both parts are listed.
    pub(crate) fn stay_bargain(&self, s: &State, rent: Price, fee: Price) -> Option<Bargain> {
        let seat = s.current as usize;
        let pos = s.players[seat].pos;
        let utility = self.board().forward_utility[pos as usize];
        match (rent, fee) {
            (Price::Listed(r), fee @ Price::Negotiable { .. }) => {
                LaissezFaire::bargain(Service::StayUtility(utility), s, fee, r)
            }
            (rent @ Price::Negotiable { .. }, Price::Listed(f)) => {
                LaissezFaire::bargain(Service::StayRent(pos), s, rent, f)
            }
            // Both negotiated: the fee first; the rent is bargained once the fee is agreed.
            (Price::Negotiable { .. }, fee) => {
                LaissezFaire::bargain(Service::StayUtility(utility), s, fee, 0)
            }
            (Price::Listed(_), Price::Listed(_)) => None,
        }
    }

    /// The service payments `action` makes now (see [`Charges`]).
    pub fn charges(&self, s: &State, action: Action) -> Charges {
        let seat = s.current as usize;
        let owner = |i: u8| s.lots.0[i as usize].owner;
        let total = s.roll.map_or(0, |d| d.total());
        let pos = s.players[seat].pos;
        let utility = self.board().forward_utility[pos as usize];
        match (s.phase, action, &s.bargain) {
            (Phase::Lodge, Action::Lodge(i), _) => {
                let price = self.room_price(s, seat, i).and_then(Price::listed);
                [Some((Charge::Rent, owner(i), price.unwrap_or(0))), None]
            }
            (Phase::Lodge, Action::Ride, _) => {
                let side = self.board().cities[s.city as usize].side;
                let t = self.board().transit_of_side[side as usize];
                let fare = self.fare(s, seat, side).listed().unwrap_or(0);
                [Some((Charge::Fare, owner(t), fare)), None]
            }
            (Phase::StayChoice, Action::Stay, _) => match self.stay_price(s, seat, total) {
                Some((Price::Listed(r), Price::Listed(f))) => [
                    Some((Charge::Rent, owner(pos), r)),
                    Some((Charge::Utility, owner(utility), f)),
                ],
                _ => [None, None],
            },
            (Phase::Bargain, Action::Accept, Some(b)) => {
                let Some(amount) = b.standing() else {
                    return [None, None];
                };
                match b.service {
                    Service::Room(i) => [Some((Charge::Rent, owner(i), amount)), None],
                    Service::Fare(t) => [Some((Charge::Fare, owner(t), amount)), None],
                    Service::StayRent(i) => [
                        Some((Charge::Rent, owner(i), amount)),
                        Some((Charge::Utility, owner(utility), b.extra)),
                    ],
                    Service::StayUtility(u) => match self.stay_price(s, seat, total) {
                        // The rent is still to be bargained: nothing is paid yet.
                        Some((Price::Negotiable { .. }, _)) => [None, None],
                        _ => [
                            Some((Charge::Rent, owner(pos), b.extra)),
                            Some((Charge::Utility, owner(u), amount)),
                        ],
                    },
                }
            }
            _ => [None, None],
        }
    }

    /// Applies a message of the open bargain.
    pub(crate) fn apply_bargain(&self, s: &mut State, action: Action) {
        let Some(b) = s.bargain else { return };
        let to_customer = b.floor != b.customer;
        let next = match action {
            Action::Quote(price) => Some(Bargain {
                ask: Some(price),
                floor: b.customer,
                ..b
            }),
            // The owner's answer to an opening bid is his first price, not a counter.
            Action::Counter(price) if to_customer => Some(Bargain {
                ask: Some(price),
                floor: b.customer,
                counters: b.counters + u8::from(b.ask.is_some()),
                ..b
            }),
            Action::Counter(price) => Some(Bargain {
                bid: Some(price),
                floor: b.provider,
                counters: b.counters + 1,
                ..b
            }),
            Action::Accept => return self.settle_bargain(s, &b),
            // A stay's payer helps pay the price that settles it.
            Action::Covered(payer) => return self.take_cover(s, payer),
            _ => None,
        };
        match next {
            // The owner's quote or counter in a lodging stands, and the lodger goes back to
            // his choices: he may answer it, take it, or bargain with another owner first.
            Some(n @ Bargain { ask: Some(ask), .. })
                if n.floor == n.customer
                    && matches!(n.service, Service::Room(_) | Service::Fare(_)) =>
            {
                s.bargain = None;
                s.quotes.set(Quote {
                    service: n.service,
                    provider: n.provider,
                    ask,
                    bid: n.bid,
                    counters: n.counters,
                });
                self.open_raises(s, n.service.space());
            }
            Some(n) => s.bargain = Some(n),
            None => self.break_off(s, &b),
        }
    }

    /// An agreed bargain: pay and go on (or, for a stay's fee with the rent still to agree,
    /// open the rent's bargain).
    pub(crate) fn settle_bargain(&self, s: &mut State, b: &Bargain) {
        let charges = self.charges(s, Action::Accept);
        let seat = s.current as usize;
        let agreed = b.standing().unwrap_or(0);
        s.bargain = None;
        match b.service {
            Service::Room(i) => self.lodge_at(s, seat, i, agreed),
            Service::Fare(_) => {
                self.pay_charges(s, seat, &charges);
                self.lodge_in(s, self.other_city(s.city), false);
            }
            Service::StayUtility(_) if charges == [None, None] => {
                let total = s.roll.map_or(0, |d| d.total());
                let rent = self.stay_price(s, seat, total).map(|(r, _)| r);
                let pos = s.players[seat].pos;
                // The stayer's bid for the rent, if he can pay it beside the fee, opens it.
                let cash = s.players[seat].cash;
                let bid = b.rent_bid.filter(|&p| p.saturating_add(agreed) <= cash);
                match rent.and_then(|r| LaissezFaire::bargain(Service::StayRent(pos), s, r, agreed))
                {
                    Some(next) => s.bargain = Some(Bargain { bid, ..next }),
                    None => self.break_off(s, b),
                }
            }
            Service::StayUtility(_) | Service::StayRent(_) => {
                let rent = charges[0].map_or(0, |(_, _, r)| r);
                self.stay_paid(s, seat, &charges, rent);
            }
        }
    }

    /// A refusal: back to the lodging options (that owner is not asked again on this visit),
    /// or, for a stay, on by the roll.
    fn break_off(&self, s: &mut State, b: &Bargain) {
        s.bargain = None;
        match b.service {
            Service::Room(i) | Service::Fare(i) => {
                s.asked |= 1 << i;
                s.phase = Phase::Lodge;
            }
            Service::StayUtility(_) | Service::StayRent(_) => {
                self.move_by(s, s.roll.map_or(0, |d| d.total()));
            }
        }
    }

    /// A service in words, with the board's names.
    pub fn describe_service(&self, service: Service) -> String {
        let name = |i: u8| &self.board().spaces[i as usize].name;
        match service {
            Service::Room(i) => format!("a room at {}", name(i)),
            Service::Fare(i) => format!("the fare on {}", name(i)),
            Service::StayUtility(i) => format!("the fee of {} for a stay", name(i)),
            Service::StayRent(i) => format!("the rent of a stay at {}", name(i)),
        }
    }

    /// A message of bargain `b` in words.
    pub fn describe_bargain_move(&self, b: &Bargain, action: Action) -> String {
        let what = self.describe_service(b.service);
        let price = |dollars: u32| format!("${dollars} (the bank asks ${})", b.reference);
        match action {
            Action::Counter(dollars) if b.ask.is_none() => format!(
                "counter the bid of ${}: ask {} for {what}",
                b.bid.unwrap_or(0),
                price(dollars)
            ),
            Action::Quote(dollars) => format!("quote {} for {what}", price(dollars)),
            Action::Counter(dollars) => format!("counter at {} for {what}", price(dollars)),
            Action::Accept => match b.standing() {
                Some(dollars) => format!("accept {} for {what}", price(dollars)),
                None => format!("accept {what}"),
            },
            Action::Refuse => format!("refuse: no deal on {what}"),
            _ => action.to_string(),
        }
    }

    /// Pays each charge from `seat` to its payee.
    pub(crate) fn pay_charges(&self, s: &mut State, seat: usize, charges: &Charges) {
        for &(_, to, amount) in charges.iter().flatten() {
            self.pay(s, seat, to, amount);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(service: Service) -> Bargain {
        Bargain {
            service,
            customer: 0,
            provider: 1,
            floor: 1,
            reference: 100,
            ceiling: None,
            ask: None,
            bid: None,
            counters: 0,
            extra: 0,
            rent_bid: None,
        }
    }

    fn answers(b: &Bargain, cash: u32) -> Vec<Action> {
        let mut v = Vec::new();
        b.answers(cash, &mut v);
        v
    }

    #[test]
    fn the_owner_quotes_any_price_or_refuses() {
        let b = open(Service::Room(1));
        let v = answers(&b, 0);
        assert_eq!(
            v.len(),
            Share::ALL.len() + 1,
            "the menu's prices are listed"
        );
        assert_eq!(v[0], Action::Refuse);
        // Any other whole number of dollars may be named: $40 for a $2 room, say.
        let cheap = Bargain { reference: 2, ..b };
        assert!(!answers(&cheap, 0).contains(&Action::Quote(40)));
        assert!(cheap.allows(0, Action::Quote(40)));
        assert!(cheap.allows(0, Action::Quote(MAX_PRICE)));
        assert!(!cheap.allows(0, Action::Quote(MAX_PRICE + 1)));
        assert!(
            !cheap.allows(0, Action::Counter(40)),
            "nothing to counter yet"
        );
        assert!(!cheap.allows(0, Action::Accept));
    }

    #[test]
    fn a_stay_rent_quote_is_at_most_the_ceiling_and_cannot_be_refused() {
        let b = Bargain {
            ceiling: Some(100),
            ..open(Service::StayRent(1))
        };
        let v = answers(&b, 0);
        assert!(v.contains(&Action::Quote(100)));
        assert!(!v.contains(&Action::Quote(125)));
        assert!(b.allows(0, Action::Quote(99)));
        assert!(!b.allows(0, Action::Quote(101)));
        assert!(!v.contains(&Action::Refuse));
        let quoted = Bargain {
            ask: Some(100),
            floor: 0,
            ..b
        };
        assert_eq!(answers(&quoted, 1000), vec![Action::Accept, Action::Refuse]);
        assert!(
            !quoted.allows(1000, Action::Counter(60)),
            "no counters on a stay's rent"
        );
    }

    #[test]
    fn counters_move_towards_the_other_side() {
        let quoted = Bargain {
            ask: Some(200),
            floor: 0,
            ..open(Service::Room(1))
        };
        // The customer, with $120, may accept only what he can pay and counters below.
        let v = answers(&quoted, 120);
        assert!(!v.contains(&Action::Accept), "$200 is more than he holds");
        assert!(v.contains(&Action::Counter(100)));
        assert!(!v.contains(&Action::Counter(125)));
        assert!(quoted.allows(120, Action::Counter(119)));
        assert!(
            !quoted.allows(120, Action::Counter(121)),
            "more than he holds"
        );
        let countered = Bargain {
            bid: Some(50),
            floor: 1,
            counters: 1,
            ..quoted
        };
        let v = answers(&countered, 120);
        assert_eq!(v[0], Action::Accept);
        assert!(v.contains(&Action::Counter(75)));
        assert!(v.contains(&Action::Counter(200)), "he may insist");
        assert!(!v.contains(&Action::Counter(50)));
        assert!(!v.contains(&Action::Counter(300)));
        assert!(countered.allows(120, Action::Counter(51)));
        assert!(
            !countered.allows(120, Action::Counter(201)),
            "above his own quote"
        );
        let spent = Bargain {
            counters: MAX_COUNTERS,
            ..countered
        };
        assert_eq!(answers(&spent, 120), vec![Action::Accept, Action::Refuse]);
        assert!(!spent.allows(120, Action::Counter(150)));
    }
}
