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
//! **Our reading** of a payer who wants to give more: his one offer may be raised once. When
//! the lodger has asked an owner and the owner's price stands for the room or fare a
//! payer's offer is for, and the offer pays less than that price, the payer (each such
//! payer, in turn order from the lodger) may raise it ([`Action::Cover`] again, for the same
//! room or fare and a larger sum within his cash) or pass, before the lodger chooses again;
//! each payer has this chance at most once in a lodging, raise or pass, so the lodging
//! stays finite. His offer stays for one room or fare: a payer who would pay for several
//! pays the lodger in a package on the open floor.
//!
//! A payer cannot pay for his own room or fare (an owner who would lower his price posts a
//! lower one), nor offer more than the cash he holds. Guarantors are left out of a lodging:
//! the lodger pays at once, so there is nothing to guarantee.
//!
//! A stay is bargained too when a player owner names its rent or its fee, and the payers
//! join it the same way (**our reading**): once the player has chosen to stay, before the
//! fee's (or the rent's) bargain opens, each other player still in the game, in turn order
//! from him, offers to pay up to a sum of the rent or of the fee ([`Action::Cover`] on the
//! property or on the utility) or passes. The offers stand until the stay is paid or he
//! moves on. He takes one with [`Action::Covered`] instead of accepting the owner's price
//! that settles the stay (the last of its bargains, both parts agreed): the payer pays his
//! part of the part he named, the stayer the rest of both parts, together; a payer who
//! cannot pay then lapses and nothing moves, and the stayer answers the owner again. A
//! stay whose parts are both listed (the bank's, a right's cap, one's own) is paid when
//! chosen, as before: there is no bargain to join.

use gameshelf_engine::Seat;

use crate::action::Action;
use crate::bargain::{Bargain, Price, Service};
use crate::board::SPACES;
use crate::game::{LaissezFaire, spaces_in};
use crate::lodging::Cover;
use crate::price::{MAX_PRICE, Prices, Share};
use crate::state::{Phase, State};

impl LaissezFaire {
    /// The spaces the payers' offers may be for now (bit per space): in a stay, the
    /// property (its rent) and the forward utility (its fee); in a lodging, the lodger's
    /// candidates.
    fn payable(&self, s: &State) -> u64 {
        if s.staying {
            let pos = s.me().pos;
            1u64 << pos | 1u64 << self.board.forward_utility[usize::from(pos)]
        } else {
            self.candidates(s)
        }
    }

    /// What a payer's offer at `space` pays part of: a stay's rent or fee, or a lodging's
    /// room or fare.
    pub fn payable_service(&self, s: &State, space: u8) -> Service {
        match self.offered_service(space) {
            _ if s.staying && space == s.me().pos => Service::StayRent(space),
            _ if s.staying => Service::StayUtility(space),
            service => service,
        }
    }

    /// The current player's price now for what a payer's offer at `space` would pay part
    /// of: in a stay, its rent (at his property) or its fee (at the forward utility); in a
    /// lodging, the room at `space` or the fare of the transit company at `space`. Listed
    /// (the bank's, a right's cap, an owner's offer standing) or still to be bargained;
    /// `None` unless the offer may be for it.
    pub(crate) fn payable_price(&self, s: &State, space: u8) -> Option<Price> {
        if usize::from(space) >= SPACES || self.payable(s) & (1 << space) == 0 {
            return None;
        }
        let seat = usize::from(s.current);
        match self.payable_service(s, space) {
            Service::StayRent(_) | Service::StayUtility(_) => {
                let total = s.roll.map_or(0, |d| d.total());
                let (rent, fee) = self.stay_price(s, seat, total)?;
                Some(if space == s.me().pos { rent } else { fee })
            }
            Service::Fare(_) => Some(self.fare(s, seat, self.city_side(s.city))),
            Service::Room(_) => self.room_price(s, seat, space),
        }
    }

    /// The price `seat` may offer to pay part of at `space`, as the payers' sums are drawn
    /// from it (the listed price, or the reference of a bargained one): a price of the
    /// current player's that costs him something and is not paid to `seat`.
    fn coverable(&self, s: &State, seat: u8, space: u8) -> Option<u32> {
        let basis = match self.payable_price(s, space)? {
            Price::Listed(p) => p,
            Price::Negotiable { reference, .. } => reference,
        };
        (basis > 0 && s.lots.0[usize::from(space)].owner != seat).then_some(basis)
    }

    /// The third parties who may offer to pay for the current player's lodging or stay
    /// (bit per seat): every other player still in the game with cash and a price to pay
    /// part of.
    pub fn payers(&self, s: &State) -> u8 {
        (0..self.cfg.players as u8)
            .filter(|&o| {
                o != s.current
                    && self.trades(s, o)
                    && s.players[usize::from(o)].cash > 0
                    && spaces_in(self.payable(s)).any(|i| self.coverable(s, o, i).is_some())
            })
            .fold(0, |m, o| m | 1 << o)
    }

    /// The offer `Cover(space, sum)` by `seat` would put on the table, if he may make it:
    /// he is still to speak in this posting step, `space` is a price of the current
    /// player's he may pay part of, and `sum` is at least a dollar and at most his cash;
    /// raising his standing offer, the same price and a larger sum.
    pub fn cover(&self, s: &State, seat: Seat, space: u8, sum: u32) -> Option<Cover> {
        let payer = u8::try_from(seat).ok()?;
        let ok = s.phase == Phase::Posting
            && s.posters & (1 << seat) != 0
            && self.coverable(s, payer, space).is_some()
            && sum > 0
            && sum <= s.players[seat].cash.min(MAX_PRICE)
            && s.covers
                .get(payer)
                .is_none_or(|c| c.space == space && sum > c.sum);
        ok.then_some(Cover { space, sum })
    }

    /// An owner's price stands for the room or fare at `space` after the lodger asked him:
    /// the payers whose offer for it pays less than that price and less than their cash,
    /// and who have not had their chance to raise in this lodging, may raise it once or
    /// pass, in turn order from the lodger; then the lodger chooses.
    pub(crate) fn open_raises(&self, s: &mut State, space: u8) {
        let price = self.payable_price(s, space).and_then(Price::listed);
        s.posters = s
            .covers
            .iter()
            .filter(|&(payer, c)| {
                let room = price.map_or(0, |p| p.min(s.players[usize::from(payer)].cash));
                c.space == space
                    && s.raised & (1 << payer) == 0
                    && self.trades(s, payer)
                    && c.sum < room
            })
            .fold(0, |m, (payer, _)| m | 1 << payer);
        s.raised |= s.posters;
        s.phase = if s.posters == 0 {
            Phase::Lodge
        } else {
            Phase::Posting
        };
    }

    /// Why `seat` may not make the offer `Cover(space, sum)` now, in words naming what is
    /// wrong; `None` when he may.
    pub fn cover_refusal(&self, s: &State, seat: Seat, space: u8, sum: u32) -> Option<String> {
        if self.cover(s, seat, space, sum).is_some() {
            return None;
        }
        let payee = s
            .lots
            .0
            .get(usize::from(space))
            .map(|l| usize::from(l.owner));
        let what = |space| self.describe_service(self.payable_service(s, space));
        let cash = s.players[seat].cash;
        let standing = u8::try_from(seat).ok().and_then(|p| s.covers.get(p));
        Some(match self.payable_price(s, space) {
            _ if s.phase != Phase::Posting || s.posters & (1 << seat) == 0 => {
                format!("seat {} may not offer to pay now", seat + 1)
            }
            None => format!(
                "space {space} is not a price seat {} pays now",
                s.current + 1
            ),
            Some(_) if payee == Some(seat) => format!(
                "{} is paid to seat {}: an owner names a lower price rather than pay his own",
                what(space),
                seat + 1
            ),
            Some(Price::Listed(0)) => {
                format!("{} costs seat {} nothing", what(space), s.current + 1)
            }
            Some(_) if standing.is_some_and(|c| c.space != space) => format!(
                "a raise is for your offer's price, {}",
                what(standing.map_or(space, |c| c.space))
            ),
            Some(_) if standing.is_some_and(|c| sum <= c.sum) => format!(
                "a raise must be more than the ${} you offered",
                standing.map_or(0, |c| c.sum)
            ),
            Some(_) if sum == 0 => "an offer to pay must be at least $1".to_owned(),
            Some(_) => format!(
                "an offer to pay of ${sum} is more than the ${cash} seat {} holds",
                seat + 1
            ),
        })
    }

    /// The payers' offers `seat` may make, in action order: for each price he may pay part
    /// of, the representative shares of it up to the whole of it, within his cash, and all
    /// he may pay of it (so that every price he may pay part of is listed, however little
    /// he holds).
    pub(crate) fn cover_offers(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let Ok(payer) = u8::try_from(seat) else {
            return;
        };
        if s.posters & (1 << seat) == 0 {
            return;
        }
        let cash = s.players[seat].cash;
        // Raising, only his offer's price and more than it pays.
        let standing = s.covers.get(payer);
        let least = standing.map_or(0, |c| c.sum);
        for i in spaces_in(self.payable(s)) {
            let Some(basis) = self.coverable(s, payer, i) else {
                continue;
            };
            if standing.is_some_and(|c| c.space != i) {
                continue;
            }
            let sums = Prices::new(basis, &Share::ALL, &[basis.min(cash)]);
            out.extend(
                sums.iter()
                    .filter(|&x| x > least && x <= basis.min(cash))
                    .map(|x| Action::Cover(i, x)),
            );
        }
    }

    /// The terms of taking `payer`'s offer now: the offer, the whole bill it helps pay (a
    /// lodging's room or fare; a stay's rent and fee together) and the payer's part of it
    /// (his sum, or the whole price he named if it is less). `None` when no offer of his
    /// stands or its price is not settled yet: a lodging's price still to be bargained, or
    /// a stay whose owner's price is not standing for the stayer to accept.
    pub fn cover_terms(&self, s: &State, payer: u8) -> Option<(Cover, u32, u32)> {
        let c = s.covers.get(payer)?;
        if s.staying {
            let parts = self.stay_terms(s)?;
            let price = parts.iter().find(|&&(space, _)| space == c.space)?.1;
            return Some((c, parts[0].1.saturating_add(parts[1].1), c.part(price)));
        }
        let price = self.payable_price(s, c.space)?.listed()?;
        Some((c, price, c.part(price)))
    }

    /// A stay's two parts, the rent's and the fee's, each as its space and its price, when
    /// the stayer's acceptance now would pay them: in the stay's last bargain, with the
    /// owner's price standing for him to answer.
    fn stay_terms(&self, s: &State) -> Option<[(u8, u32); 2]> {
        let b = s
            .bargain
            .filter(|b| s.phase == Phase::Bargain && b.floor == b.customer)?;
        b.ask?;
        let [Some((_, _, rent)), Some((_, _, fee))] = self.charges(s, Action::Accept) else {
            return None;
        };
        let pos = s.me().pos;
        Some([
            (pos, rent),
            (self.board.forward_utility[usize::from(pos)], fee),
        ])
    }

    /// The [`Action::Covered`] choices of the current player, in action order: each
    /// payer's offer whose price is settled and whose rest he can pay.
    pub(crate) fn covered_choices(&self, s: &State, out: &mut Vec<Action>) {
        let cash = s.me().cash;
        out.extend(s.covers.iter().filter_map(|(payer, _)| {
            let (_, price, part) = self.cover_terms(s, payer)?;
            (price - part <= cash).then_some(Action::Covered(payer))
        }));
    }

    /// The current player takes `payer`'s offer: atomically, the payer's part goes to him
    /// and he takes the room (or rides) at its standing price, or accepts the owner's price
    /// that settles his stay; or, if the payer cannot pay his part now, nothing moves, the
    /// offer lapses and the player chooses again.
    pub(crate) fn take_cover(&self, s: &mut State, payer: u8) {
        let Some((c, _, part)) = self.cover_terms(s, payer) else {
            return;
        };
        s.covers.0[usize::from(payer)] = None;
        if !self.trades(s, payer) || s.players[usize::from(payer)].cash < part {
            return;
        }
        self.pay(s, usize::from(payer), s.current, part);
        if let (true, Some(b)) = (s.staying, s.bargain) {
            return self.settle_bargain(s, &b);
        }
        let take = match self.offered_service(c.space) {
            Service::Fare(_) => Action::Ride,
            _ => Action::Lodge(c.space),
        };
        gameshelf_engine::Game::apply_unchecked(self, s, take);
    }

    /// The player chose to stay and a part of it is bargained, `first` (opened with his bid,
    /// or for the owner to quote): the payers speak first, if any may, then the bargain
    /// opens.
    pub(crate) fn open_stay(&self, s: &mut State, first: Bargain) {
        s.covers.clear();
        s.staying = true;
        s.bargain = Some(first);
        s.posters = self.payers(s);
        if s.posters == 0 {
            self.bargain_stay(s);
        } else {
            s.phase = Phase::Posting;
        }
    }

    /// The stay's first bargain, kept while the payers spoke, opens; if staying is no
    /// longer allowed (a race declared meanwhile), the player moves by his roll.
    pub(crate) fn bargain_stay(&self, s: &mut State) {
        let total = s.roll.map_or(0, |d| d.total());
        if s.bargain.is_some() && self.stay_price(s, usize::from(s.current), total).is_some() {
            s.phase = Phase::Bargain;
        } else {
            s.bargain = None;
            self.move_by(s, total);
        }
    }

    /// The payers' offers close: the stay is paid, or the player moves on.
    pub(crate) fn close_stay_offers(s: &mut State) {
        s.covers.clear();
        s.staying = false;
    }

    /// `Cover(space, sum)` in words, for the payer who would make it (or raise his offer to
    /// it).
    pub fn describe_cover(&self, s: &State, space: u8, sum: u32) -> String {
        let standing = self.next_poster(s).and_then(|o| s.covers.get(o));
        let price = match self.payable_price(s, space) {
            Some(Price::Listed(p)) => format!("${p} now"),
            Some(Price::Negotiable { reference, .. }) => {
                format!("its price to be agreed; the bank would ask ${reference}")
            }
            None => "not payable now".to_owned(),
        };
        let verb = match standing {
            Some(c) => format!("raise your offer of ${} to pay up to ${sum}", c.sum),
            None => format!("offer to pay up to ${sum}"),
        };
        format!(
            "{verb} of seat {}'s price for {} ({price})",
            s.current + 1,
            self.describe_service(self.payable_service(s, space))
        )
    }

    /// `Covered(payer)` in words, for the player who would take the offer.
    pub fn describe_covered(&self, s: &State, payer: u8) -> String {
        let Some((c, bill, part)) = self.cover_terms(s, payer) else {
            return Action::Covered(payer).to_string();
        };
        let name = |i: u8| &self.board.spaces[usize::from(i)].name;
        let (towards, what, taker) = match self.payable_service(s, c.space) {
            Service::Fare(_) => (
                String::new(),
                format!(
                    "ride to {}",
                    self.board.cities[usize::from(self.other_city(s.city))].name
                ),
                "lodger",
            ),
            Service::Room(i) => (String::new(), format!("lodge at {}", name(i)), "lodger"),
            service @ (Service::StayRent(_) | Service::StayUtility(_)) => (
                format!(" towards {}", self.describe_service(service)),
                format!("stay at {}, rent and fee together,", name(s.me().pos)),
                "stayer",
            ),
        };
        format!(
            "take seat {}'s offer to pay{towards}: {what} for ${bill}, of which seat {} pays \
             ${part} and the {taker} ${}",
            payer + 1,
            payer + 1,
            bill - part
        )
    }
}
