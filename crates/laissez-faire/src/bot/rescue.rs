//! Escaping elimination: the deed a trader sells when it is short of the cash it must find
//! now.
//!
//! A player goes out when he cannot pay his way out of jail at his last chance (or, with
//! `tax_shortfall=eliminate`, a tax). Borrowing alone leaves most players who go under with
//! deeds still in hand (97.7% of eliminations in four-heuristic games, when the heuristic
//! only borrowed): a loan needs a lender with cash to spare, a deed priced at least the
//! principal, and no loan already outstanding. A sale needs only a buyer with the cash, and
//! a deed offered a dollar under its net-worth value is one a trader takes, since it gains
//! by it. So both bots sell before they borrow.

use gameshelf_engine::Game;

use super::{RESERVE, Trader};
use crate::action::Action;
use crate::game::{LaissezFaire, spaces_in};
use crate::state::{Phase, State, Status};

impl Trader {
    /// The offer a trader short of the cash it must find now (a jail fee it cannot pay, or a
    /// tax in its shortfall window) makes rather than go under: the cheapest deed whose
    /// worth covers the gap or, when none does, its most valuable one (a second sale or a
    /// loan makes up the rest), to the richest player who can pay for it and keep his
    /// reserve (the next richest for the turn's second offer), at a dollar under its worth
    /// (so the buyer gains by it and a trader accepts).
    /// Pledged deeds are not sold: they carry their lender's claim (B-20).
    pub(super) fn rescue_offer(
        game: &LaissezFaire,
        s: &State,
        seat: usize,
        mine: u64,
    ) -> Option<Action> {
        let p = &s.players[seat];
        let owed = match s.phase {
            Phase::Shortfall => s.tax_due,
            _ if p.jailed => game.jail_fee(s, seat),
            _ => return None,
        };
        let need = owed.saturating_sub(p.cash.saturating_add(game.jail_dollars(s, seat)));
        if need == 0 {
            return None;
        }
        // The richest who can pay for the first offer of the turn, the next richest for
        // the second: a buyer who refused is not asked twice.
        let buyer = |price: u32| {
            let mut buyers = [(0u32, 0usize); crate::config::MAX_PLAYERS];
            let mut n = 0;
            for o in 0..game.config().players {
                let p = &s.players[o];
                if o != seat && p.status != Status::Eliminated && p.cash >= price + RESERVE {
                    buyers[n] = (p.cash, o);
                    n += 1;
                }
            }
            buyers[..n].sort_unstable_by(|a, b| b.cmp(a));
            buyers[..n].get(usize::from(s.offers)).map(|&(_, o)| o)
        };
        spaces_in(mine)
            .filter(|&d| !s.contracts.pledged(d))
            .map(|d| (game.deed_worth(s, d), d))
            .filter(|&(worth, _)| worth > 1)
            .filter_map(|(worth, deed)| {
                let offer = Action::Offer(buyer(worth - 1)? as u8, deed, worth - 1);
                game.is_legal(s, offer).then_some((worth, offer))
            })
            // Covering deeds first, the cheapest of them; then the dearest of the rest.
            .min_by_key(|&(worth, _)| {
                if worth > need {
                    (false, worth)
                } else {
                    (true, u32::MAX - worth)
                }
            })
            .map(|(_, offer)| offer)
    }
}
