//! Obligations: the notary's side of a live contract: cash transfers, the ledger, the
//! payments due each round or on an event, defaults and collateral, and rights that follow a
//! deed to its new owner.
//!
//! Separate from making contracts ([`super::contracts`]) because this runs on its own at every
//! turn, round and stay, whoever made the contract.

use crate::contract::{Clause, Contract, Due, Entry, Line, NO_DEED, Occasion};
use crate::game::LaissezFaire;
use crate::state::{BANK, State};

impl LaissezFaire {
    /// Moves cash between two players (the notary's transfer) and breaks a quiet round.
    pub(crate) fn transfer(&self, s: &mut State, from: u8, to: u8, amount: u32) {
        s.players[from as usize].cash -= amount;
        s.players[to as usize].cash = s.players[to as usize].cash.saturating_add(amount);
        if amount > 0 {
            s.quiet = false;
        }
    }

    /// Ledger line for rent `seat` pays at `space` under a lodging right, if it holds one.
    pub(crate) fn log_rent(&self, s: &mut State, seat: usize, space: u8, amount: u32) {
        let owner = s.lots.0[space as usize].owner;
        if owner == BANK || owner as usize == seat {
            return;
        }
        if let Some(id) = s.contracts.lodging_right(seat as u8, space).map(|c| c.id) {
            self.log(s, id, Entry::Rent, seat as u8, owner, amount);
            self.use_right(s, seat as u8, space);
        }
    }

    /// `seat` used its right at `space` (lodged or stayed under a lodging right, rode or
    /// paid a fee under a price cap): a right that lasts a number of uses counts one down,
    /// and ends after the last. Every lodging, stay, ride or fee of the holder there counts,
    /// whether or not the cap was below the price he would have paid: the right was his
    /// price that time.
    pub(crate) fn use_right(&self, s: &mut State, seat: u8, space: u8) {
        for slot in &mut s.contracts.0 {
            let Some(c) = slot else { continue };
            let here = matches!(
                c.clause,
                Clause::Lodging { property: x, .. } | Clause::PriceCap { space: x, .. } if x == space
            );
            if c.uses && here && c.payer == seat {
                c.left = c.left.saturating_sub(1);
                if !c.live() {
                    *slot = None;
                }
            }
        }
    }

    pub(crate) fn log(&self, s: &mut State, id: u16, entry: Entry, from: u8, to: u8, amount: u32) {
        let round = s.round;
        s.ledger.push(Line {
            round,
            id,
            entry,
            from,
            to,
            amount,
        });
    }

    /// The obligations due on `occasion`: at the start of a round, scheduled payments each
    /// round, loan repayments, arrears and rights' countdowns; when a seat passes Start,
    /// stays, begins a turn or lands in a city, that payer's scheduled payments for the
    /// event, and, when a seat begins a turn, the payments that follow his turns. Each
    /// payment is checked and made in full, or defaults (see [`crate::contract`]).
    pub(crate) fn obligations_due(&self, s: &mut State, occasion: Occasion) {
        for slot in 0..s.contracts.0.len() {
            let Some(mut c) = s.contracts.0[slot] else {
                continue;
            };
            let right = c.clause.right_at().is_some();
            // A free-text clause owes nothing by itself: only an upheld penalty the accused
            // could not pay (its arrears) falls due.
            let promise = matches!(c.clause, Clause::Text { .. }) && c.arrears == 0;
            let due_now = match (c.clause, occasion) {
                // Rights and promises count their rounds down (a right that lasts a number
                // of uses counts them instead, as they come); they owe nothing.
                _ if right || promise => {
                    if occasion == Occasion::Round && !c.uses {
                        c.left = c.left.saturating_sub(1);
                    }
                    false
                }
                (Clause::Schedule(Due::EachStart), Occasion::Start(seat))
                | (Clause::Schedule(Due::EachStay), Occasion::Stay(seat))
                | (Clause::Schedule(Due::EachTurn), Occasion::Turn(seat)) => c.payer == seat,
                (Clause::Schedule(Due::EachTurnOf(watched)), Occasion::Turn(seat)) => {
                    watched == seat
                }
                // Payments that follow the turns of a player who has left the game would
                // never fall due: the schedule ends, arrears included, as the contracts of
                // a player who leaves do.
                (Clause::Schedule(Due::EachTurnOf(watched)), Occasion::Round)
                    if !self.trades(s, watched) =>
                {
                    c.left = 0;
                    c.arrears = 0;
                    false
                }
                (Clause::Schedule(Due::EachLanding(city)), Occasion::Land(seat, landed)) => {
                    c.payer == seat && city == landed
                }
                (Clause::Schedule(Due::EachLandingOn(space)), Occasion::LandOn(seat, at)) => {
                    c.payer == seat && space == at
                }
                (
                    Clause::Schedule(
                        Due::EachStart
                        | Due::EachStay
                        | Due::EachTurn
                        | Due::EachTurnOf(_)
                        | Due::EachLanding(_)
                        | Due::EachLandingOn(_),
                    ),
                    _,
                ) => false,
                // Due by the round: every `every` rounds.
                (_, Occasion::Round) => {
                    c.wait = c.wait.saturating_sub(1);
                    let due = c.wait == 0;
                    if due {
                        c.wait = c.every.max(1);
                    }
                    due
                }
                (_, _) => false,
            };
            if due_now {
                c = self.settle(s, c);
            }
            s.contracts.0[slot] = c.live().then_some(c);
        }
    }

    /// One due date of `c`: the next instalment plus any arrears, paid in full if the payer
    /// has the cash; otherwise a default.
    fn settle(&self, s: &mut State, mut c: Contract) -> Contract {
        let instalment = if c.left > 0 { c.instalment } else { 0 };
        let due = c.arrears + instalment;
        c.left = c.left.saturating_sub(1);
        if s.players[c.payer as usize].cash >= due {
            self.transfer(s, c.payer, c.payee, due);
            c.arrears = 0;
            s.ledger.paid += u64::from(due);
            s.ledger.payments += 1;
            self.log(s, c.id, Entry::Paid, c.payer, c.payee, due);
            return c;
        }
        s.ledger.defaults += 1;
        // A missed payment falls on its guarantor first, if he is still in the game and can
        // pay it all; only then do the default rules below apply.
        if let Some(g) = c
            .guarantor
            .filter(|&g| self.trades(s, g) && s.players[g as usize].cash >= due)
        {
            self.transfer(s, g, c.payee, due);
            c.arrears = 0;
            s.ledger.paid += u64::from(due);
            s.ledger.payments += 1;
            self.log(s, c.id, Entry::Guaranteed, g, c.payee, due);
            return c;
        }
        if let Clause::Loan { collateral, .. } = c.clause {
            let holder = match collateral {
                NO_DEED => BANK,
                d => s.lots.0[d as usize].owner,
            };
            if holder != BANK && holder != c.payee {
                // The collateral settles the loan: the deed (and its buildings) go to the
                // lender from whoever holds it (a buyer took it with the pledge, B-20), and
                // the contract ends.
                let lot = &mut s.lots.0[collateral as usize];
                lot.owner = c.payee;
                s.quiet = false;
                self.follow_deed(s, collateral, c.payee);
                self.log(
                    s,
                    c.id,
                    Entry::Collateral,
                    c.payer,
                    c.payee,
                    u32::from(collateral),
                );
                c.left = 0;
                c.arrears = 0;
                return c;
            }
        }
        c.arrears = due;
        self.log(s, c.id, Entry::Default, c.payer, c.payee, due);
        c
    }

    /// Rights attached to `deed` (lodging, service, options) follow it to its new owner
    /// (B-20: the tenant stays); a right the new owner would hold on his own deed ends.
    pub(crate) fn follow_deed(&self, s: &mut State, deed: u8, owner: u8) {
        for slot in &mut s.contracts.0 {
            if let Some(c) = slot {
                if c.clause.right_at() == Some(deed) {
                    c.payee = owner;
                    if c.payer == owner {
                        *slot = None;
                    }
                }
            }
        }
    }
}
