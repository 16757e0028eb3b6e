//! Several trade threads open at once (ruling B7's "≤10 open offers per player"): the player
//! whose window (or open floor) it is may set a thread aside while the floor in it is his,
//! and open another, so that he has offers out to two players and answers each when he
//! chooses.
//!
//! A game of turns has one decision at a time, and a thread's messages are answered as they
//! come. What a player with two offers out needs is to hold one answer while he gets the
//! other: so when the floor in a thread comes back to him (a counter-offer, a counter to his
//! package, a request for time), he may set it aside ([`Action::Park`]), its terms standing,
//! and go back to his window, where he may open another thread and take up any thread set
//! aside ([`Action::Resume`]) to answer it. Accepting one executes it (atomically, as
//! always); a thread whose terms can no longer execute (the deed went to the other buyer)
//! fails at acceptance with nothing changed. Threads still set aside when the window or the
//! floor closes lapse: silence means refusal.
//!
//! Bounds: at most [`MAX_PARKED`] threads set aside, only while the player has a thread left
//! to open (else setting aside would gain nothing), each setting aside of a trade thread is
//! one of its messages (so counts towards its deadline), and a package received may be set
//! aside once.

use crate::action::Action;
use crate::game::LaissezFaire;
use crate::state::{Phase, State};
use crate::trade::{MAX_EXCHANGES, MAX_PARKED, Parked};

impl LaissezFaire {
    /// Whether the open thread (or deal) may be set aside now: the floor in it is the
    /// opener's (the player whose window or open floor it is), he has a thread left to open,
    /// a place is free, and the thread has a message left before its deadline (a trade
    /// thread) or has not been set aside with these terms (a deal).
    pub(crate) fn may_park(&self, s: &State) -> bool {
        let opener = self.opener(s);
        let room = s.parked.iter().any(Option::is_none);
        let his = match (s.phase, &s.trade, &s.deal) {
            (Phase::Trade, Some(t), _) => {
                usize::from(t.floor) == opener && t.exchanges + 1 < MAX_EXCHANGES
            }
            (Phase::Deal, _, Some(d)) => {
                d.sent && !d.consent && usize::from(d.answerer) == opener && !d.parked
            }
            _ => false,
        };
        his && room && self.may_open(s, opener)
    }

    /// Sets the open thread aside and returns to the window or floor it was opened from.
    pub(crate) fn park(&self, s: &mut State) {
        let parked = match (s.trade.take(), s.deal.take()) {
            (Some(t), _) => Parked::Trade(crate::trade::Thread {
                exchanges: t.exchanges + 1,
                ..t
            }),
            (None, Some(d)) => Parked::Deal(crate::deal::Deal { parked: true, ..d }),
            (None, None) => return,
        };
        if let Some(slot) = s.parked.iter_mut().find(|p| p.is_none()) {
            *slot = Some(parked);
        }
        s.phase = if s.floor_seat.is_some() {
            Phase::Floor
        } else if s.tax_due > 0 {
            Phase::Shortfall
        } else {
            Phase::Manage
        };
    }

    /// The threads set aside that may be taken up again now, in action order.
    pub(crate) fn resumes(&self, s: &State, out: &mut Vec<Action>) {
        out.extend(
            (0..MAX_PARKED as u8)
                .filter(|&k| self.may_resume(s, k))
                .map(Action::Resume),
        );
    }

    /// Whether the thread set aside at place `k` may be taken up now: in the window or floor
    /// of the player who set it aside.
    pub(crate) fn may_resume(&self, s: &State, k: u8) -> bool {
        matches!(s.phase, Phase::Manage | Phase::Shortfall | Phase::Floor)
            && s.parked.get(usize::from(k)).is_some_and(Option::is_some)
    }

    /// Takes up the thread set aside at place `k`: it is the open thread again.
    pub(crate) fn resume(&self, s: &mut State, k: u8) {
        let k = usize::from(k);
        let Some(parked) = s.parked.get_mut(k).and_then(Option::take) else {
            return;
        };
        s.parked[k..].rotate_left(1);
        match parked {
            Parked::Trade(t) => {
                s.trade = Some(t);
                s.phase = Phase::Trade;
            }
            Parked::Deal(d) => {
                s.deal = Some(d);
                s.phase = Phase::Deal;
            }
        }
    }

    /// The window or floor closes: the threads still set aside lapse.
    pub(crate) fn lapse_parked(s: &mut State) {
        s.parked = Default::default();
    }

    /// The thread set aside at place `k` in words: whose terms, and what they are.
    pub fn describe_parked(&self, s: &State, k: u8) -> String {
        let seat = |x: u8| u16::from(x) + 1;
        match s.parked.get(usize::from(k)).copied().flatten() {
            Some(Parked::Trade(t)) => match t.contract {
                Some(term) => format!(
                    "seat {}'s proposal to seat {}: {}",
                    seat(t.author),
                    seat(t.answerer),
                    self.describe_term(s, term)
                ),
                None => format!(
                    "seat {}'s terms: {} from seat {} to seat {} for ${}",
                    seat(t.author),
                    self.board.spaces[usize::from(t.deed)].name,
                    seat(t.giver),
                    seat(t.taker()),
                    t.amount
                ),
            },
            Some(Parked::Deal(d)) => format!(
                "seat {}'s {} to seat {}: {}",
                seat(d.author),
                if d.counters > 0 {
                    "counter-offer"
                } else {
                    "offer"
                },
                seat(d.answerer),
                crate::present::package_text(self, s, &d.package, None)
            ),
            None => format!("thread {} set aside", u16::from(k) + 1),
        }
    }
}
