//! Simulation figures for Laissez-faire: how games ended per objective, game length in
//! rounds, where players' money went (rent, fares, utilities; to players or the bank), and
//! how trade threads ended, and what the notary recorded.

use std::collections::BTreeMap;
use std::fmt::Write;

use gameshelf_engine::{Game, Tally};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::bargain::Charge;
use crate::config::Objective;
use crate::game::LaissezFaire;
use crate::price::percent_of;
use crate::state::{BANK, Phase, State};
use crate::trade::MAX_EXCHANGES;

/// Money paid for one kind of service.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flow {
    /// Paid to player owners (their income).
    pub to_players: u64,
    /// Paid to the bank.
    pub to_bank: u64,
}

impl Flow {
    fn add(&mut self, owner: u8, seat: usize, amount: u32) {
        if owner == BANK {
            self.to_bank += u64::from(amount);
        } else if owner as usize != seat {
            self.to_players += u64::from(amount);
        }
    }

    fn merge(&mut self, o: &Flow) {
        self.to_players += o.to_players;
        self.to_bank += o.to_bank;
    }
}

/// Laissez-faire's simulation figures.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct LaissezFaireTally {
    /// Games counted.
    pub games: u64,
    /// Per objective, how many games ended each way.
    pub endings: BTreeMap<String, BTreeMap<String, u64>>,
    /// Rounds completed, summed over games.
    pub rounds: u64,
    /// Room rent (lodging and stays).
    pub rent: Flow,
    /// Transit fares.
    pub fares: Flow,
    /// Utility fees (on stays).
    pub utilities: Flow,
    /// Jail booking fees paid.
    pub jail_fees: u64,
    /// Dollars brought back from the Oubliette jail (`jail=oubliette`).
    pub jail_dollars: u64,
    /// Players eliminated.
    pub eliminated: u64,
    /// Trade threads opened.
    pub offers: u64,
    /// Counter-offers made.
    pub counters: u64,
    /// Trades accepted and executed.
    pub trades: u64,
    /// Acceptances that failed at execution (no longer legal).
    pub failed: u64,
    /// Threads that reached the deadline.
    pub lapsed: u64,
    /// Cash paid in executed trades.
    pub trade_cash: u64,
    /// Contract threads opened.
    pub proposals: u64,
    /// Contracts made.
    pub contracts: u64,
    /// Paid under contracts to players: payments now, scheduled payments, loan repayments
    /// (player income; loan principal and capped rent are not counted here).
    pub contract_income: u64,
    /// Lent under loans.
    pub lent: u64,
    /// Missed contract payments.
    pub defaults: u64,
    /// Bargains with player owners that ended in a deal.
    pub deals: u64,
    /// Bargains that ended in a refusal by either side.
    pub no_deals: u64,
    /// The agreed prices as percentages of their reference prices, summed over deals.
    pub deal_percent: u64,
}

impl LaissezFaireTally {
    /// The mean game length in completed rounds.
    pub fn mean_rounds(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.rounds as f64 / self.games as f64
        }
    }

    /// Player income from rent, fares, utilities and contracts, as shares.
    pub fn income_shares(&self) -> [f64; 4] {
        let parts = [
            self.rent.to_players,
            self.fares.to_players,
            self.utilities.to_players,
            self.contract_income,
        ];
        let total: u64 = parts.iter().sum();
        parts.map(|x| {
            if total == 0 {
                0.0
            } else {
                x as f64 / total as f64
            }
        })
    }
}

impl Tally<LaissezFaire> for LaissezFaireTally {
    fn record(&mut self, game: &LaissezFaire, s: &State, action: Action) {
        let seat = s.current as usize;
        for (charge, to, amount) in game.charges(s, action).into_iter().flatten() {
            let flow = match charge {
                Charge::Rent => &mut self.rent,
                Charge::Fare => &mut self.fares,
                Charge::Utility => &mut self.utilities,
            };
            flow.add(to, seat, amount);
        }
        if let (Phase::Bargain, Some(b)) = (s.phase, &s.bargain) {
            match action {
                Action::Accept => {
                    self.deals += 1;
                    self.deal_percent +=
                        u64::from(b.standing().map_or(0, |p| percent_of(p, b.reference)));
                }
                Action::Refuse => self.no_deals += 1,
                _ => {}
            }
            return;
        }
        match action {
            Action::Offer(..) => self.offers += 1,
            Action::Propose(..) => self.proposals += 1,
            Action::Accept => {
                if let Some(t) = &s.trade {
                    if t.contract.is_some() {
                        self.contracts += u64::from(game.trade_executable(s, t));
                    } else if game.trade_executable(s, t) {
                        self.trades += 1;
                        self.trade_cash += u64::from(t.amount);
                    } else {
                        self.failed += 1;
                    }
                }
            }
            Action::Counter(_) | Action::Hold | Action::Insist => {
                self.counters += u64::from(matches!(action, Action::Counter(_)));
                if s.trade.is_some_and(|t| t.exchanges + 1 >= MAX_EXCHANGES) {
                    self.lapsed += 1;
                }
            }
            Action::PayFee => {
                self.jail_fees += u64::from(game.jail_fee(s, seat));
                self.jail_dollars += u64::from(game.jail_dollars(s, seat));
            }
            _ => {}
        }
    }

    fn finish(&mut self, game: &LaissezFaire, end: &State) {
        self.games += 1;
        self.rounds += u64::from(end.round);
        self.contract_income += end.ledger.paid;
        self.lent += end.ledger.lent;
        self.defaults += u64::from(end.ledger.defaults);
        let objective = match game.config().objective {
            Objective::Race => "race",
            Objective::Rounds => "rounds",
            Objective::LastStanding => "last_standing",
        };
        *self
            .endings
            .entry(objective.to_owned())
            .or_default()
            .entry(game.end_kind(end).to_owned())
            .or_insert(0) += 1;
        self.eliminated += end.players[..game.num_players()]
            .iter()
            .filter(|p| p.status == crate::state::Status::Eliminated)
            .count() as u64;
    }

    fn merge(&mut self, o: &Self) {
        self.games += o.games;
        for (objective, kinds) in &o.endings {
            let mine = self.endings.entry(objective.clone()).or_default();
            for (kind, n) in kinds {
                *mine.entry(kind.clone()).or_insert(0) += n;
            }
        }
        self.rounds += o.rounds;
        self.rent.merge(&o.rent);
        self.fares.merge(&o.fares);
        self.utilities.merge(&o.utilities);
        self.jail_fees += o.jail_fees;
        self.jail_dollars += o.jail_dollars;
        self.eliminated += o.eliminated;
        self.offers += o.offers;
        self.counters += o.counters;
        self.trades += o.trades;
        self.failed += o.failed;
        self.lapsed += o.lapsed;
        self.trade_cash += o.trade_cash;
        self.proposals += o.proposals;
        self.contracts += o.contracts;
        self.contract_income += o.contract_income;
        self.lent += o.lent;
        self.defaults += o.defaults;
        self.deals += o.deals;
        self.no_deals += o.no_deals;
        self.deal_percent += o.deal_percent;
    }

    fn report(&self) -> String {
        let mut out = String::new();
        if self.games == 0 {
            return out;
        }
        for (objective, kinds) in &self.endings {
            let _ = write!(out, "endings (objective {objective}):");
            for (kind, n) in kinds {
                let _ = write!(out, " {kind} {:.1}%", 100.0 * *n as f64 / self.games as f64);
            }
            let _ = writeln!(out);
        }
        let _ = writeln!(
            out,
            "mean game length: {:.1} rounds; eliminations per game: {:.2}",
            self.mean_rounds(),
            self.eliminated as f64 / self.games as f64
        );
        let [rent, fares, utilities, contracts] = self.income_shares();
        let _ = writeln!(
            out,
            "player income: rent {:.1}%, fares {:.1}%, utilities {:.1}%, contracts {:.1}%",
            100.0 * rent,
            100.0 * fares,
            100.0 * utilities,
            100.0 * contracts
        );
        let per = |x: u64| x as f64 / self.games as f64;
        let _ = writeln!(
            out,
            "per game: rent ${:.0} to players / ${:.0} to the bank; fares ${:.0} / ${:.0}; \
             utilities ${:.0} / ${:.0}; jail fees ${:.0}",
            per(self.rent.to_players),
            per(self.rent.to_bank),
            per(self.fares.to_players),
            per(self.fares.to_bank),
            per(self.utilities.to_players),
            per(self.utilities.to_bank),
            per(self.jail_fees)
        );
        if self.deals + self.no_deals > 0 {
            let _ = writeln!(
                out,
                "bargains with owners per game: {:.2} deals at {:.0}% of the reference price on \
                 average, {:.2} refused",
                per(self.deals),
                self.deal_percent as f64 / self.deals.max(1) as f64,
                per(self.no_deals)
            );
        }
        if self.offers > 0 {
            let _ = writeln!(
                out,
                "trade threads per game: {:.2} opened, {:.2} counters, {:.2} trades executed \
                 (${:.0} paid), {:.3} failed at execution, {:.3} lapsed at the deadline",
                per(self.offers),
                per(self.counters),
                per(self.trades),
                per(self.trade_cash),
                per(self.failed),
                per(self.lapsed)
            );
        }
        if self.proposals > 0 {
            let _ = writeln!(
                out,
                "contracts per game: {:.2} proposed, {:.2} made, ${:.0} lent, ${:.0} paid under \
                 them, {:.3} missed payments",
                per(self.proposals),
                per(self.contracts),
                per(self.lent),
                per(self.contract_income),
                per(self.defaults)
            );
        }
        if self.jail_dollars > 0 {
            let _ = writeln!(
                out,
                "Oubliette jail: ${:.1} brought back per game",
                per(self.jail_dollars)
            );
        }
        out
    }
}
