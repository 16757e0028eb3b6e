//! `auction_on_decline`: a deed the lander declines is auctioned to every player left (a
//! house rule, not in the rules; our reading). The lander speaks first, then the others in
//! turn order; each bids more than the standing bid, at most his cash, or passes and drops
//! out. One bidder left with the standing bid pays the bank and takes the deed; no bid at
//! all leaves it with the bank. Each player raises at most [`MAX_RAISES`] times.
//!
//! Separate because it is a phase of its own between the buying decision and the lodging.

use crate::action::Action;
use crate::game::LaissezFaire;
use crate::state::{Auction, BANK, Lot, MAX_RAISES, Phase, State, Status};

impl LaissezFaire {
    /// After a declined deed: the auction opens when the variant is on and anyone may bid,
    /// otherwise (or once it ends) lodging follows.
    pub(crate) fn declined(&self, s: &mut State) {
        if !self.cfg.auction_on_decline {
            return self.after_landing(s);
        }
        let live = (0..self.cfg.players)
            .filter(|&i| s.players[i].status != Status::Eliminated)
            .fold(0u8, |m, i| m | 1 << i);
        s.auction = Some(Auction {
            deed: s.me().pos,
            bid: 0,
            bidder: BANK,
            live,
            next: s.current,
            raises: [0; crate::config::MAX_PLAYERS],
        });
        s.phase = Phase::Auction;
        self.auction_next(s, s.current, true);
    }

    /// Why `amount` may not be bid now by the seat to speak in the open auction, if it may
    /// not.
    pub fn bid_refusal(&self, s: &State, amount: u32) -> Option<String> {
        let Some(a) = &s.auction else {
            return Some("no auction is open".to_owned());
        };
        let seat = usize::from(a.next);
        let cash = s.players[seat].cash;
        if a.raises[seat] >= MAX_RAISES {
            Some(format!(
                "each player may raise at most {MAX_RAISES} times in an auction; pass"
            ))
        } else if amount <= a.bid {
            Some(format!(
                "a bid must beat the standing bid of ${} by at least $1",
                a.bid
            ))
        } else if amount > cash {
            Some(format!("a bid may not exceed your cash of ${cash}"))
        } else {
            None
        }
    }

    /// The representative bids listed (any bid in range is legal): a dollar and ten more
    /// than the standing bid, a quarter, half, three quarters and the whole of the deed's
    /// price, and all one's cash.
    pub(crate) fn auction_bids(&self, s: &State, out: &mut Vec<Action>) {
        let Some(a) = &s.auction else { return };
        let price = self.board.spaces[usize::from(a.deed)].price;
        let cash = s.players[usize::from(a.next)].cash;
        let mut bids = [
            a.bid.saturating_add(1),
            a.bid.saturating_add(10),
            price / 4,
            price / 2,
            price * 3 / 4,
            price,
            cash,
        ];
        bids.sort_unstable();
        let mut last = None;
        for b in bids {
            if last != Some(b) && self.bid_refusal(s, b).is_none() {
                out.push(Action::Bid(b));
            }
            last = Some(b);
        }
    }

    /// A bid or a pass in the open auction.
    pub(crate) fn apply_auction(&self, s: &mut State, action: Action) {
        let Some(mut a) = s.auction else { return };
        let seat = a.next;
        match action {
            Action::Bid(x) => {
                a.bid = x;
                a.bidder = seat;
                a.raises[usize::from(seat)] += 1;
            }
            _ => a.live &= !(1 << seat),
        }
        s.auction = Some(a);
        self.auction_next(s, seat, false);
    }

    /// The next seat to speak: `from` itself at the opening (`inclusive`), otherwise the
    /// next one after it in turn order, still in and not holding the standing bid; when
    /// none is left, the auction closes.
    fn auction_next(&self, s: &mut State, from: u8, inclusive: bool) {
        let Some(mut a) = s.auction else { return };
        let n = self.cfg.players as u8;
        let first = u8::from(!inclusive);
        let next = (first..first + n)
            .map(|k| (from + k) % n)
            .find(|&i| a.live & (1 << i) != 0 && i != a.bidder);
        match next {
            Some(i) => {
                a.next = i;
                s.auction = Some(a);
            }
            None => self.close_auction(s),
        }
    }

    /// The end of the auction: the standing bidder pays the bank and takes the deed, both
    /// at once; with no bid the deed stays with the bank. Lodging follows.
    fn close_auction(&self, s: &mut State) {
        if let Some(a) = s.auction.take() {
            if a.bidder != BANK {
                let deed = usize::from(a.deed);
                self.pay(s, usize::from(a.bidder), BANK, a.bid);
                s.lots.0[deed] = Lot {
                    owner: a.bidder,
                    ..s.lots.0[deed]
                };
            }
        }
        self.after_landing(s);
    }
}
