//! Disputes: claiming a breach of a free-text clause and the other players' ruling on it
//! (B-18), with the penalty paid or owed as arrears.
//!
//! Separate because a ruling is its own phase with its own voters, apart from how contracts
//! are made or fall due.

use gameshelf_engine::Seat;

use crate::contract::{Clause, Contract, Entry};
use crate::game::LaissezFaire;
use crate::state::{Phase, Ruling, State};

impl LaissezFaire {
    /// The claim `seat` would open with `Dispute(note)`, if it may: it is a party of the
    /// live free-text clause `note`, no breach of it was claimed yet, the other party is
    /// still in the game, and at least one player who is not a party can judge (B-18).
    pub fn claim(&self, s: &State, seat: Seat, note: u8) -> Option<Ruling> {
        let c = s.contracts.text(note)?;
        let Clause::Text { disputed, .. } = c.clause else {
            return None;
        };
        let me = seat as u8;
        let accused = match me {
            x if x == c.payer => c.payee,
            x if x == c.payee => c.payer,
            _ => return None,
        };
        let voters = (0..self.cfg.players as u8)
            .filter(|&o| o != c.payer && o != c.payee && self.trades(s, o))
            .fold(0u8, |m, o| m | 1 << o);
        (!disputed && voters != 0 && self.trades(s, accused)).then_some(Ruling {
            note,
            claimant: me,
            accused,
            voters,
            uphold: 0,
            dismiss: 0,
        })
    }

    /// One arbiter's vote; after the last, the verdict: an upheld claim makes the accused
    /// pay the clause's penalty to the claimant at once, or owe it as arrears (B6: "an
    /// uncovered PAY becomes a debt"); either way the clause cannot be claimed again.
    pub(crate) fn vote(&self, s: &mut State, uphold: bool) {
        let Some(mut r) = s.ruling else { return };
        let voter = r.voters.trailing_zeros();
        r.voters &= !(1 << voter);
        if uphold {
            r.uphold += 1;
        } else {
            r.dismiss += 1;
        }
        if r.voters != 0 {
            s.ruling = Some(r);
            return;
        }
        s.ruling = None;
        s.phase = Phase::Manage;
        let is_it = |c: &Contract| matches!(c.clause, Clause::Text { note, .. } if note == r.note);
        let Some(slot) = s
            .contracts
            .0
            .iter()
            .position(|c| c.as_ref().is_some_and(is_it))
        else {
            return;
        };
        let Some(mut c) = s.contracts.0[slot] else {
            return;
        };
        let Clause::Text { penalty, note, .. } = c.clause else {
            return;
        };
        c.clause = Clause::Text {
            note,
            penalty,
            disputed: true,
        };
        if r.uphold > r.dismiss {
            self.log(s, c.id, Entry::Upheld, r.accused, r.claimant, penalty);
            c.left = 0;
            if s.players[r.accused as usize].cash >= penalty {
                self.transfer(s, r.accused, r.claimant, penalty);
                s.ledger.paid += u64::from(penalty);
                s.ledger.payments += 1;
            } else {
                // The debt runs from the accused to the claimant from now on.
                c.payer = r.accused;
                c.payee = r.claimant;
                c.arrears += penalty;
            }
        } else {
            self.log(s, c.id, Entry::Dismissed, r.accused, r.claimant, 0);
        }
        s.contracts.0[slot] = c.live().then_some(c);
    }
}
