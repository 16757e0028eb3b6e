//! The race, stalemates and the end: who may declare the race or a stalemate, the
//! text's known stalemate, answers to a stalemate proposal, elimination, and the end of the
//! game with its winners.
//!
//! Separate from the turn order because these are the objectives' rules (B5): the ways a game
//! stops and who wins it, which hosts and reports also ask about.

use gameshelf_engine::{Actor, Game, Seat};

use crate::action::Action;
use crate::config::Objective;
use crate::game::LaissezFaire;
use crate::state::{BANK, EndKind, Phase, State, Status};

impl LaissezFaire {
    /// Whether `seat` may declare objective 1's race now: its net worth reaches the
    /// threshold and nobody has declared yet.
    pub fn may_declare_race(&self, s: &State, seat: Seat) -> bool {
        self.cfg.objective == Objective::Race
            && !s.final_lap
            && self.net_worth(s, seat) >= self.cfg.win_net_worth
    }

    /// Whether a stalemate may be declared now (objective 3): at most
    /// `stalemate_min_players` players left (two by default) and enough quiet rounds.
    pub fn may_declare_stalemate(&self, s: &State) -> bool {
        self.cfg.objective == Objective::LastStanding
            && self.alive(s) <= self.cfg.stalemate_min_players
            && s.quiet_rounds >= self.cfg.stalemate_rounds
    }

    /// Whether the players still taking turns, two or more, are in the text's known
    /// stalemate: each, out
    /// of jail, lodges in a housed property of his own and owns its forward utility, so each
    /// may stay there for nothing, turn after turn, and the game goes nowhere (B5). Under
    /// objective 3 the quiet rounds then let it be declared; under the others only the
    /// round cap ends it, so the table names it and the simulator counts it.
    pub fn known_stalemate(&self, s: &State) -> bool {
        let staying = |seat: usize| {
            let p = &s.players[seat];
            let lot = s.lots.0[usize::from(p.pos)];
            let utility = self.board.forward_utility[usize::from(p.pos)];
            !p.jailed
                && usize::from(lot.owner) == seat
                && lot.level >= 1
                && usize::from(s.lots.0[usize::from(utility)].owner) == seat
        };
        let playing = || (0..self.cfg.players).filter(|&i| s.players[i].status == Status::Playing);
        // One player left is no stalemate: the game is over, or he alone takes turns.
        (!s.final_lap || s.rules.final_lap_stay)
            && playing().nth(1).is_some()
            && playing().all(staying)
    }

    /// Whether the current player may propose a stalemate now (objective 3): at most
    /// `stalemate_min_players` players left, and a thread left to open this turn (a
    /// proposal counts as one, so a refused one is not repeated forever). The rulings let
    /// a stalemate stand when the players agree, whatever the quiet rounds.
    pub fn may_propose_stalemate(&self, s: &State) -> bool {
        self.cfg.objective == Objective::LastStanding
            && self.alive(s) <= self.cfg.stalemate_min_players
            && s.offers < self.cfg.window_threads
    }

    /// The seat that may declare the race now, if any: the player who has the floor at a
    /// decision of his own (not inside the Oubliette, whose moves are another game's).
    pub(crate) fn declarer(&self, s: &State) -> Option<Seat> {
        match (s.phase, self.actor(s)) {
            (Phase::Oubliette, _) => None,
            (_, Actor::Player(p)) => Some(p),
            _ => None,
        }
    }

    /// An answer to a stalemate proposal in words, for the seat answering.
    pub(crate) fn describe_stalemate_answer(&self, s: &State, action: Action) -> String {
        let proposer = s.current + 1;
        match action {
            Action::Accept => format!("agree to seat {proposer}'s stalemate: end the game now"),
            Action::Refuse => format!("refuse seat {proposer}'s stalemate: play on"),
            other => other.to_string(),
        }
    }

    /// Why the race may not be declared now.
    pub(crate) fn declaration_refusal(&self, s: &State) -> String {
        match self.declarer(s) {
            _ if self.cfg.objective != Objective::Race => {
                "there is no race to declare under this objective".to_owned()
            }
            _ if s.final_lap => "the race has been declared already".to_owned(),
            None => "nobody has a decision to make here".to_owned(),
            Some(seat) => format!(
                "seat {}'s net worth is ${}, under the race's ${}",
                seat + 1,
                self.net_worth(s, seat),
                self.cfg.win_net_worth
            ),
        }
    }

    /// A race declaration in words: the net worth that allows it.
    pub fn describe_declaration(&self, s: &State, seat: Seat) -> String {
        format!(
            "declare a net worth of ${}, at least the race's ${}: the final lap begins",
            self.net_worth(s, seat),
            self.cfg.win_net_worth
        )
    }

    /// Seats still in the game (not eliminated).
    pub fn alive(&self, s: &State) -> usize {
        s.players[..self.cfg.players]
            .iter()
            .filter(|p| p.status != Status::Eliminated)
            .count()
    }

    pub(crate) fn eliminate(&self, s: &mut State, seat: usize) {
        let p = &mut s.players[seat];
        p.status = Status::Eliminated;
        p.cash = 0;
        p.jailed = false;
        s.cells[seat] = None;
        // Contracts end, and debts owed to or by the eliminated player lapse (B-14).
        for slot in &mut s.contracts.0 {
            if slot.is_some_and(|c| c.payer as usize == seat || c.payee as usize == seat) {
                *slot = None;
            }
            // So do his guarantees: the debt stands without them.
            if let Some(c) = slot.as_mut().filter(|c| c.guarantor == Some(seat as u8)) {
                c.guarantor = None;
            }
        }
        for lot in s.lots.0.iter_mut().filter(|l| l.owner as usize == seat) {
            // Buildings stay with the deed (B-14).
            lot.owner = BANK;
        }
    }

    /// An answer to a stalemate proposal: the last agreement ends the game in a stalemate
    /// (won as a declared one is), a refusal returns the floor to the proposer's window.
    pub(crate) fn answer_stalemate(&self, s: &mut State, agrees: bool) {
        s.stalemate = if agrees {
            s.stalemate & s.stalemate.wrapping_sub(1)
        } else {
            0
        };
        if !agrees {
            s.phase = Phase::Manage;
        } else if s.stalemate == 0 {
            self.finish(s, EndKind::Stalemate);
        }
    }

    pub(crate) fn finish(&self, s: &mut State, end: EndKind) {
        s.phase = Phase::Over;
        s.end = end;
        let n = self.cfg.players;
        let alive = |i: usize| s.players[i].status != Status::Eliminated;
        s.winners = if end == EndKind::Stalemate && self.cfg.stalemate_draw {
            (0..n).filter(|&i| alive(i)).fold(0, |m, i| m | 1 << i)
        } else {
            let best = (0..n)
                .filter(|&i| alive(i))
                .map(|i| self.net_worth(s, i))
                .max()
                .unwrap_or(0);
            (0..n)
                .filter(|&i| alive(i) && self.net_worth(s, i) == best)
                .fold(0, |m, i| m | 1 << i)
        };
    }
}
