//! The bargainer's own decisions ([`Trader::bargainer`]), where it parts from the
//! heuristic.
//!
//! Games are won by attrition: a player is eliminated when he cannot pay his way out of
//! jail, almost never by a rival's rent (rent paid to players is a few percent of the
//! rent paid to the bank, whose rooms in every city cap what an owner can ask). Cash is
//! what keeps a player in the game, and a deed or a house bought from the bank turns cash
//! into something that earns little: a deed counts half its price in net worth and a trader
//! buys it back for no more; a house is never sold. So the bargainer keeps its cash, and
//! makes its money from the other players' valuations instead:
//!
//! * **Deeds are worth what a buyer pays.** A player one deed short of a set pays for that
//!   deed everything he holds above his reserve (a trader does, to complete a set), while
//!   any other buyer pays its worth in net worth, half its price. So the bargainer buys a
//!   bank deed only when it completes another player's set (he will pay for it, if not
//!   today then when he has the cash), and builds nothing. It still buys the last deed of a
//!   set of its own from a player, as the heuristic does.
//! * **Selling at the buyer's best alternative.** Asked for a deed that completes the
//!   buyer's set, it asks all his cash above his reserve, and never less than twice the
//!   deed's value; any other deed it sells for its value at least. A later counter moves
//!   halfway towards the buyer's terms, never below that floor.
//! * **Brokering.** It buys from a player, one dollar over its worth (more than that player
//!   would get from anyone else), a deed that completes a third player's set, and sells it
//!   to him when he asks.
//! * **Loans at their risk.** Like the heuristic, it lends at a price set by the chance the
//!   borrower defaults and what his collateral would leave it (`bot/credit.rs`), and lends
//!   to a rival short of his jail fee: a loan at its price is no bail-out.
//! * **No bail-outs.** It does not buy a deed from a player short of the cash for his jail
//!   fee or a tax, nor from one out of jail with less cash than the dearest jail fee (the
//!   heuristic sells then, to stay clear of the jail): a rival who goes under is worth more
//!   than a dollar's gain on his deed.
//! * **Counters that meet.** As a customer whose owner asks more than its best alternative
//!   (the cheapest other room, the fare and a room beyond, or the bench), it bids half of
//!   that alternative, then splits the difference with the owner's last quote, never going
//!   above the alternative; as an owner it answers a bid by splitting the difference with
//!   its own last quote, and takes the bid when nothing is left between them.
//! * **Price caps** for cash now on its transit companies and utilities (`bot/clauses.rs`).
//! * **Escaping elimination.** Like the heuristic, short of the cash for a jail fee or a
//!   tax it sells a deed rather than go under (`bot/rescue.rs`); failing that it borrows
//!   against a deed as the heuristic does (and only then: it borrows for no house).
//!
//! Each of these was kept because it raises the bargainer's win rate against heuristic
//! players in a seat-rotated arena with a fixed seed; the rules page gives the figures.

use gameshelf_engine::Game;

use super::{RESERVE, Trader};
use crate::action::Action;
use crate::game::{LaissezFaire, spaces_in};
use crate::price::Share;
use crate::state::{BANK, State, Status};
use crate::trade::Thread;

impl Trader {
    /// What a player still in the game one deed short of a set would pay for `deed`: all
    /// his cash above [`RESERVE`], the most a trader pays to complete a set; the best such
    /// buyer other than `seat` and `holder`, if there is one.
    fn set_price(game: &LaissezFaire, s: &State, seat: usize, holder: u8, deed: u8) -> Option<u32> {
        (0..game.config().players as u8)
            .filter(|&o| {
                o as usize != seat
                    && o != holder
                    && s.players[o as usize].status != Status::Eliminated
                    && Trader::completes(game, game.holdings(s, o), deed)
            })
            .map(|o| s.players[o as usize].cash.saturating_sub(RESERVE))
            .max()
    }

    /// Whether the bargainer buys the bank deed it landed on: only to sell it on to a player
    /// whose set it completes, keeping its reserve. Requiring that he can pay twice its
    /// value today loses more sales than it saves.
    pub(super) fn buys(&self, game: &LaissezFaire, s: &State, seat: usize) -> bool {
        let deed = s.players[seat].pos;
        let price = game.board().spaces[deed as usize].price;
        let cash = s.players[seat].cash;
        Trader::set_price(game, s, seat, BANK, deed).is_some()
            && cash >= price + self.reserve(game, s, seat)
    }

    /// The bargainer's answer when it would give the deed of `t`: it asks what the buyer's
    /// best alternative allows (for a deed completing his set, all his cash above his
    /// reserve and at least twice the deed's value; otherwise the deed's value), and moves
    /// halfway towards the buyer's terms on a later counter, never below the floor.
    pub(super) fn sell(game: &LaissezFaire, s: &State, t: &Thread) -> Action {
        let value = game.deed_value(s, t.deed);
        let taker = t.taker();
        let completes = Trader::completes(game, game.holdings(s, taker), t.deed);
        let floor = if completes {
            Share::Double.of(value)
        } else {
            value
        };
        let target = if completes {
            floor.max(s.players[taker as usize].cash.saturating_sub(RESERVE))
        } else {
            floor
        };
        let ask = if t.counters == 0 {
            target
        } else {
            floor.max(t.amount + (target.saturating_sub(t.amount)) / 2)
        };
        if t.amount >= ask {
            Action::Accept
        } else if game.counter(s, t, ask).is_some() {
            Action::Counter(ask)
        } else if t.amount >= floor {
            Action::Accept
        } else {
            Action::Refuse
        }
    }

    /// An offer to buy, one dollar over its worth, a deed of another player that completes a
    /// third player's set, keeping the bargainer's reserve: the deed whose buyer has the
    /// most cash above his reserve.
    pub(super) fn broker_offer(
        &self,
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        mine: u64,
    ) -> Option<Action> {
        if !self.bargainer || s.offers > 0 {
            return None;
        }
        let cash = s.players[seat].cash;
        let reserve = self.reserve(game, s, seat);
        spaces_in(game.board().deeds & !mine)
            .filter_map(|deed| {
                let holder = s.lots.0[deed as usize].owner;
                let price = game.deed_worth(s, deed) + 1;
                if holder == BANK
                    || s.contracts.pledged(deed)
                    || Trader::completes(game, mine, deed)
                    || cash < price + reserve
                {
                    return None;
                }
                let pays = Trader::set_price(game, s, seat, holder, deed)?;
                let offer = Action::Offer(holder, deed, price);
                game.is_legal(s, offer).then_some((pays, offer))
            })
            .max_by_key(|&(pays, _)| pays)
            .map(|(_, offer)| offer)
    }
}
