//! The open floor: trade threads opened by players outside their own window (ruling B7:
//! "trade threads may be opened at any time except during the active player's timed
//! phases").
//!
//! A game of turns has one decision at a time, so "at any time" needs moments that belong to
//! the players who are not moving. The open floor is that moment: when the player whose turn
//! it is closes his management window ([`crate::Action::Go`]), and before he rolls (or faces
//! the jail decision), each other player still in the game, in turn order, may open up to
//! `floor_threads` trade threads (a deed trade, a contract proposal or a package, with anyone,
//! the player whose turn it is included) or pass ([`crate::Action::Pass`]). The window itself
//! is not timed; the phases that are (lodging, a stay, the jail decision, a tax shortfall) get
//! no floor. Then the turn goes on.
//!
//! Separate from [`super::threads`] because this is when a thread may be opened and by whom,
//! not what a thread is.

use gameshelf_engine::Seat;

use crate::game::LaissezFaire;
use crate::state::{Phase, State};
use crate::trade::MAX_OFFERS;

impl LaissezFaire {
    /// The seat that opens threads now (and whose threads these are): the seat with the
    /// open floor, or else the player whose turn it is (in his window or tax window).
    pub(crate) fn opener(&self, s: &State) -> Seat {
        s.floor_seat.map_or(usize::from(s.current), usize::from)
    }

    /// Whether `seat` has a thread left to open now: on the open floor, the seat with the
    /// floor until it has opened `floor_threads`; otherwise (the window of the player whose
    /// turn it is) fewer than [`MAX_OFFERS`] this turn.
    pub(crate) fn may_open(&self, s: &State, seat: Seat) -> bool {
        self.cfg.trading
            && match s.floor_seat {
                Some(f) => usize::from(f) == seat && s.floor_opened < self.cfg.floor_threads,
                None => s.offers < MAX_OFFERS,
            }
    }

    /// The next seat after `after`, in turn order, that gets the open floor of the current
    /// player's turn: a player still in the game, before the floor comes back round to the
    /// current player. `None` once it has gone round, or when there is no open floor
    /// (`floor_threads=0` or `trading=false`).
    fn next_speaker(&self, s: &State, after: u8) -> Option<u8> {
        if self.cfg.floor_threads == 0 || !self.cfg.trading {
            return None;
        }
        let n = self.cfg.players as u8;
        (1..n)
            .map(|k| (after + k) % n)
            .take_while(|&o| o != s.current)
            .find(|&o| self.trades(s, o))
    }

    /// The window closes ([`crate::Action::Go`]): the open floor, from the next player in
    /// turn order, or (nobody to give it to) the roll or the jail decision.
    pub(crate) fn open_floor(&self, s: &mut State) {
        LaissezFaire::lapse_parked(s);
        s.floor_opened = 0;
        s.floor_seat = self.next_speaker(s, s.current);
        match s.floor_seat {
            Some(_) => s.phase = Phase::Floor,
            None => self.after_window(s),
        }
    }

    /// The seat with the floor passes ([`crate::Action::Pass`]), or has opened every thread
    /// it may: the floor goes to the next player, or closes and the turn goes on.
    pub(crate) fn pass_floor(&self, s: &mut State) {
        LaissezFaire::lapse_parked(s);
        let Some(f) = s.floor_seat else {
            return self.after_window(s);
        };
        s.floor_opened = 0;
        s.floor_seat = self.next_speaker(s, f);
        match s.floor_seat {
            Some(_) => s.phase = Phase::Floor,
            None => self.after_window(s),
        }
    }

    /// A thread opened on the floor has closed: the floor stays with its seat while it may
    /// open another or has a thread set aside, and otherwise passes on.
    pub(crate) fn back_to_floor(&self, s: &mut State) {
        s.phase = Phase::Floor;
        if s.floor_opened >= self.cfg.floor_threads && s.parked.iter().all(Option::is_none) {
            self.pass_floor(s);
        }
    }

    /// Counts a thread opened now against its opener's allowance: the floor's, or the
    /// window's.
    pub(crate) fn count_opened(&self, s: &mut State) {
        if s.floor_seat.is_some() {
            s.floor_opened += 1;
        } else {
            s.offers += 1;
        }
    }

    /// After the window and its floor: the roll, or the jailed player's jail decision.
    fn after_window(&self, s: &mut State) {
        s.floor_seat = None;
        s.floor_opened = 0;
        if s.me().jailed {
            self.begin_jail_turn(s);
        } else {
            s.phase = Phase::Roll;
        }
    }
}
