//! The open floor: trade threads opened by players outside their own window (ruling B7:
//! "trade threads may be opened at any time except during the active player's timed
//! phases").
//!
//! A game of turns has one decision at a time, so "at any time" needs moments that belong to
//! the players who are not moving. The open floor is such a moment, and a turn has two
//! (`floor` chooses which are played):
//!
//! * **Before the roll**: when the player whose turn it is closes his management window
//!   ([`crate::Action::Go`]), and before he rolls (or faces the jail decision), each other
//!   player still in the game, in turn order, may open up to `floor_threads` trade threads
//!   (a deed trade, a contract proposal or a package, with anyone, the player whose turn it
//!   is included) or pass ([`crate::Action::Pass`]). Then the turn goes on.
//! * **After the landing**: when his turn has resolved (he has lodged, stayed, or gone to
//!   jail, and no timed phase is left), and before the next player's turn, the same, from
//!   the next player round to the mover himself, last: his own window is over, and what his
//!   landing did (a rent paid, a deed now worth more to someone) is news he may act on too.
//!   After each roll-turn's landing: when doubles give an extra roll-turn, the floor opens
//!   between the two (his timed phases are over for the first), and the extra roll-turn
//!   begins when it closes.
//!
//! The window itself is not timed; the phases that are (lodging, a stay, the jail decision,
//! a tax shortfall) get no floor.
//!
//! Separate from [`super::threads`] because this is when a thread may be opened and by whom,
//! not what a thread is.

use gameshelf_engine::Seat;

use crate::game::LaissezFaire;
use crate::state::{Phase, State};

impl LaissezFaire {
    /// The seat that opens threads now (and whose threads these are): the seat with the
    /// open floor, or else the player whose turn it is (in his window or tax window).
    pub(crate) fn opener(&self, s: &State) -> Seat {
        s.floor_seat.map_or(usize::from(s.current), usize::from)
    }

    /// Whether `seat` has a thread left to open now: on the open floor, the seat with the
    /// floor until it has opened `floor_threads`; otherwise (the window of the player whose
    /// turn it is) fewer than `window_threads` this turn.
    pub(crate) fn may_open(&self, s: &State, seat: Seat) -> bool {
        self.cfg.trading
            && match s.floor_seat {
                Some(f) => usize::from(f) == seat && s.floor_opened < self.cfg.floor_threads,
                None => s.offers < self.cfg.window_threads,
            }
    }

    /// The next seat after `after`, in turn order, that gets the open floor: a player still
    /// in the game, before the floor comes back round to the current player (on the floor
    /// after the landing, up to and including him). `None` once it has gone round, or when
    /// there is no open floor (`floor_threads=0` or `trading=false`).
    fn next_speaker(&self, s: &State, after: u8) -> Option<u8> {
        if self.cfg.floor_threads == 0 || !self.cfg.trading {
            return None;
        }
        let n = self.cfg.players as u8;
        // Places in turn order from the mover (0); the floor after the landing ends with
        // him, at place `n`.
        let last = if s.floor_late { n } else { n - 1 };
        let from = match (after + n - s.current) % n {
            0 if after == s.current && s.floor_seat == Some(after) => n,
            k => k,
        };
        (from + 1..=last)
            .map(|k| (s.current + k) % n)
            .find(|&o| self.trades(s, o))
    }

    /// The window closes ([`crate::Action::Go`]): the open floor, from the next player in
    /// turn order, or (nobody to give it to, or `floor=after_roll`) the roll or the jail
    /// decision.
    pub(crate) fn open_floor(&self, s: &mut State) {
        LaissezFaire::lapse_parked(s);
        s.floor_opened = 0;
        s.floor_seat = None;
        if self.cfg.floor.before_roll() {
            s.floor_seat = self.next_speaker(s, s.current);
        }
        match s.floor_seat {
            Some(_) => s.phase = Phase::Floor,
            None => self.after_window(s),
        }
    }

    /// The mover's roll-turn has resolved: the open floor after the landing, once a
    /// roll-turn, if `floor` plays it and someone may speak. Returns whether it opened (the
    /// turn ends, or the extra roll-turn begins, when it closes).
    pub(crate) fn open_late_floor(&self, s: &mut State) -> bool {
        if !self.cfg.floor.after_roll() || s.floor_late {
            return false;
        }
        s.floor_late = true;
        s.floor_opened = 0;
        // No seat has it yet: the speakers start from the next player.
        s.floor_seat = None;
        s.floor_seat = self.next_speaker(s, s.current);
        if s.floor_seat.is_some() {
            s.phase = Phase::Floor;
        }
        s.floor_seat.is_some()
    }

    /// The seat with the floor passes ([`crate::Action::Pass`]), or has opened every thread
    /// it may: the floor goes to the next player, or closes and the turn goes on (or ends).
    pub(crate) fn pass_floor(&self, s: &mut State) {
        LaissezFaire::lapse_parked(s);
        let Some(f) = s.floor_seat else {
            return self.close_floor(s);
        };
        s.floor_opened = 0;
        s.floor_seat = self.next_speaker(s, f);
        match s.floor_seat {
            Some(_) => s.phase = Phase::Floor,
            None => self.close_floor(s),
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

    /// The floor has gone round: after the window's floor, the roll; after the landing's,
    /// the extra roll-turn of doubles or the end of the turn.
    fn close_floor(&self, s: &mut State) {
        if s.floor_late {
            s.floor_seat = None;
            s.floor_opened = 0;
            if s.extra_roll {
                self.extra_roll_turn(s);
            } else {
                self.end_turn(s);
            }
        } else {
            self.after_window(s);
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
