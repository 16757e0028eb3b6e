//! Simulation figures for Laissez-faire: how games ended per objective, game length in
//! rounds, where players' money went (rent, fares, utilities; to players or the bank), and
//! how trade threads ended, and what the notary recorded.

use std::collections::BTreeMap;
use std::fmt::Write;

use gameshelf_engine::interval::{Z95, count_mean, wilson};
use gameshelf_engine::{Game, Tally, ordinal};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::bargain::Charge;
use crate::config::MAX_PLAYERS;
use crate::config::Objective;
use crate::contract::Term;
use crate::game::LaissezFaire;
use crate::game::spaces_in;
use crate::package::{Grant, Kind, When};
use crate::price::percent_of;
use crate::state::{BANK, Phase, State, Status};
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
    /// Players eliminated in jail (they waited out their last chance to pay) while they
    /// still held a deed they might have sold or pledged for the fee.
    #[serde(default)]
    pub eliminated_with_deeds: u64,
    /// Trade threads opened.
    pub offers: u64,
    /// Threads of every kind (deed trades, contract proposals, packages) opened on the open
    /// floor, by players outside their own window.
    #[serde(default)]
    pub floor_threads: u64,
    /// Threads set aside, their terms standing, while their opener opened another.
    #[serde(default)]
    pub parked: u64,
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
    /// Bargains with player owners that ended in a deal (an owner's offer taken as it
    /// stood included).
    pub deals: u64,
    /// Offers of a room posted by owners unasked.
    #[serde(default)]
    pub posted: u64,
    /// Offers standing in a lodging (posted unasked, or quoted when asked) that the lodger
    /// took as they stood.
    #[serde(default)]
    pub taken: u64,
    /// Bargains that ended in a refusal by either side.
    pub no_deals: u64,
    /// The agreed prices as percentages of their reference prices, summed over deals.
    pub deal_percent: u64,
    /// Counter-offers made in bargains with owners, by either side (how far bargains go
    /// before they end: a quote taken at once has none).
    #[serde(default)]
    pub bargain_counters: u64,
    /// Contracts made, by the kind of their terms.
    pub contracts_by_kind: ByKind,
    /// Packages sent ([`crate::package`]), counters included.
    #[serde(default)]
    pub packages_sent: u64,
    /// Counters on packages.
    #[serde(default)]
    pub package_counters: u64,
    /// Packages accepted and executed.
    #[serde(default)]
    pub packages_made: u64,
    /// Packages that named third parties (payers, payees, givers of a deed, guarantors),
    /// asked for their consent.
    #[serde(default)]
    pub consents_asked: u64,
    /// Of those, packages executed at his consent (counted in [`Self::packages_made`] too).
    #[serde(default)]
    pub consents_given: u64,
    /// The clauses of packages accepted and executed, by kind (a loan counts once with its
    /// repayments; deeds moved are not counted).
    #[serde(default)]
    pub package_clauses: ByKind,
    /// Games still going at the start of rounds [`CHECK_ROUNDS`].
    pub reached_round: [u64; CHECK_ROUNDS.len()],
    /// Deeds held by players then, summed over those games.
    pub deeds_held: [u64; CHECK_ROUNDS.len()],
    /// Deeds on the board then, summed over those games.
    pub deeds_total: [u64; CHECK_ROUNDS.len()],
    /// Games that ended with the players still taking turns in the text's known stalemate
    /// ([`LaissezFaire::known_stalemate`]), however they ended.
    #[serde(default)]
    pub known_stalemates: u64,
    /// Games in which some player's net worth reached the race's threshold
    /// (`win_net_worth`) at the start of a turn or at the end.
    pub reached_threshold: u64,
    /// Net worth at the end by position in the turn order: players counted, the sum and the
    /// sum of squares of their worths (a negative worth counts as nothing).
    pub worth_by_position: [[u64; 3]; MAX_PLAYERS],
    /// `auction_on_decline`: the auctions of declined deeds (absent when the variant is
    /// off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auctions: Option<Auctions>,
    /// The game being counted: what has been seen of it so far.
    #[serde(skip)]
    current: Progress,
}

/// Auctions of declined deeds (`auction_on_decline`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auctions {
    /// Auctions held.
    pub held: u64,
    /// Deeds sold at auction.
    pub sold: u64,
    /// The winning bids as percentages of the deeds' prices, summed over sales.
    pub price_percent: u64,
}

impl Auctions {
    fn merge(&mut self, o: &Auctions) {
        self.held += o.held;
        self.sold += o.sold;
        self.price_percent += o.price_percent;
    }
}

/// Contracts made, by the kind of their terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByKind {
    /// A payment now.
    pub payment: u64,
    /// Scheduled payments.
    pub schedule: u64,
    /// Loans.
    pub loan: u64,
    /// Deeds bought on credit.
    pub sale_on_credit: u64,
    /// Lodging rights.
    pub lodging_right: u64,
    /// Price caps on fares and fees.
    pub price_cap: u64,
    /// Options.
    pub option: u64,
    /// Unanimous rule changes.
    pub rule_change: u64,
    /// Free-text clauses.
    pub free_text: u64,
}

impl ByKind {
    /// The count of `term`'s kind.
    fn count(&mut self, term: Term) -> &mut u64 {
        match term {
            Term::Pay(..) => &mut self.payment,
            Term::Schedule(..) => &mut self.schedule,
            Term::Borrow(..) => &mut self.loan,
            Term::Buy(..) => &mut self.sale_on_credit,
            Term::Lodging(..) => &mut self.lodging_right,
            Term::Service(..) => &mut self.price_cap,
            Term::Option(..) => &mut self.option,
            Term::Rule(..) => &mut self.rule_change,
            Term::Text(..) => &mut self.free_text,
        }
    }

    /// Every kind with its count, in words.
    pub fn all(&self) -> [(&'static str, u64); 9] {
        [
            ("payment", self.payment),
            ("schedule", self.schedule),
            ("loan", self.loan),
            ("sale on credit", self.sale_on_credit),
            ("lodging right", self.lodging_right),
            ("price cap", self.price_cap),
            ("option", self.option),
            ("rule change", self.rule_change),
            ("free text", self.free_text),
        ]
    }

    /// The count of a package clause's kind; `None` for a deed or a loan's repayment.
    fn count_clause(&mut self, kind: Kind) -> Option<&mut u64> {
        Some(match kind {
            Kind::Pay(When::Now) => &mut self.payment,
            Kind::Pay(_) => &mut self.schedule,
            Kind::Lend(_) => &mut self.loan,
            Kind::Right(right, _) => match right.grant() {
                Grant::Lodging => &mut self.lodging_right,
                Grant::Service => &mut self.price_cap,
                Grant::Option => &mut self.option,
            },
            Kind::Rule(..) => &mut self.rule_change,
            Kind::Text(_) => &mut self.free_text,
            Kind::Deed(_) | Kind::Repay(_) => return None,
        })
    }

    fn merge(&mut self, o: &ByKind) {
        self.payment += o.payment;
        self.schedule += o.schedule;
        self.loan += o.loan;
        self.sale_on_credit += o.sale_on_credit;
        self.lodging_right += o.lodging_right;
        self.price_cap += o.price_cap;
        self.option += o.option;
        self.rule_change += o.rule_change;
        self.free_text += o.free_text;
    }
}

/// The rounds at which the share of deeds in players' hands is taken.
pub const CHECK_ROUNDS: [u32; 3] = [10, 20, 30];

/// What the tally has seen of the game in progress.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    /// The turn last looked at.
    turn: u32,
    /// How many of [`CHECK_ROUNDS`] were reached.
    checked: usize,
    /// Whether some net worth reached the threshold.
    reached: bool,
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

impl LaissezFaireTally {
    /// Once a turn (and at the end): the share of deeds held at the check rounds, and
    /// whether some net worth has reached the threshold. Reading net worths once a turn
    /// keeps the cost small; a worth that peaks inside one turn is not seen.
    fn look(&mut self, game: &LaissezFaire, s: &State) {
        while let Some(&round) = CHECK_ROUNDS.get(self.current.checked) {
            if s.round < round {
                break;
            }
            let deeds = game.board().deeds;
            let held = spaces_in(deeds)
                .filter(|&d| s.lots.0[usize::from(d)].owner != BANK)
                .count();
            let i = self.current.checked;
            self.reached_round[i] += 1;
            self.deeds_held[i] += held as u64;
            self.deeds_total[i] += u64::from(deeds.count_ones());
            self.current.checked += 1;
        }
        if !self.current.reached {
            let worths = game.net_worths(s);
            self.current.reached = (0..game.num_players()).any(|seat| {
                s.players[seat].status != Status::Eliminated
                    && worths[seat] >= game.config().win_net_worth
            });
        }
    }
}

impl Tally<LaissezFaire> for LaissezFaireTally {
    fn record(&mut self, game: &LaissezFaire, s: &State, action: Action) {
        if s.turns != self.current.turn {
            self.current.turn = s.turns;
            self.look(game, s);
        }
        if game.config().auction_on_decline {
            let auctions = self.auctions.get_or_insert_with(Auctions::default);
            match (s.phase, action) {
                (Phase::Buy, Action::Decline) => auctions.held += 1,
                (Phase::Auction, Action::Bid(_) | Action::Pass) => {
                    let mut after = s.clone();
                    game.apply_unchecked(&mut after, action);
                    if let (None, Some(a)) = (&after.auction, &s.auction) {
                        let bid = match action {
                            Action::Bid(x) => x,
                            _ => a.bid,
                        };
                        let bidder = match action {
                            Action::Bid(_) => a.next,
                            _ => a.bidder,
                        };
                        if bidder != BANK {
                            auctions.sold += 1;
                            let price = game.board().spaces[usize::from(a.deed)].price;
                            auctions.price_percent += u64::from(percent_of(bid, price));
                        }
                    }
                }
                _ => {}
            }
        }
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
                Action::Counter(_) => self.bargain_counters += 1,
                _ => {}
            }
            return;
        }
        match (s.phase, action) {
            (_, Action::Park) => self.parked += 1,
            (Phase::Posting, Action::Post(..)) => self.posted += 1,
            (Phase::Lodge, Action::Lodge(_) | Action::Ride) => {
                let i = match action {
                    Action::Lodge(i) => i,
                    _ => {
                        game.board().transit_of_side
                            [usize::from(game.board().cities[usize::from(s.city)].side)]
                    }
                };
                if let Some(q) = s.quotes.get(i) {
                    self.taken += 1;
                    self.deals += 1;
                    let reference = game.request_reference(s, i).unwrap_or(0);
                    self.deal_percent += u64::from(percent_of(q.ask, reference));
                }
            }
            _ => {}
        }
        if s.phase == Phase::Floor
            && matches!(
                action,
                Action::Offer(..) | Action::Propose(..) | Action::Draft(_)
            )
        {
            self.floor_threads += 1;
        }
        if s.phase == Phase::Deal {
            match action {
                Action::Send => self.packages_sent += 1,
                Action::Amend => self.package_counters += 1,
                // Terms that name a third party execute at his consent, not before.
                Action::Accept if s.deal.is_some_and(|d| !d.consent && d.third().is_some()) => {
                    self.consents_asked += 1;
                }
                // A third party's consent that passes the floor to the next one.
                Action::Accept if s.deal.is_some_and(|d| !d.accept_executes()) => {}
                Action::Accept if game.deal_move(s, action).is_ok() => {
                    self.packages_made += 1;
                    self.consents_given += u64::from(s.deal.is_some_and(|d| d.consent));
                    for item in s.deal.iter().flat_map(|d| d.package.iter()) {
                        if let Some(n) = self.package_clauses.count_clause(item.kind) {
                            *n += 1;
                        }
                    }
                }
                _ => {}
            }
            return;
        }
        match action {
            Action::Offer(..) => self.offers += 1,
            Action::Propose(..) => self.proposals += 1,
            Action::Accept => {
                if let Some(t) = &s.trade {
                    if let Some(term) = t.contract {
                        let made = u64::from(game.trade_executable(s, t));
                        self.contracts += made;
                        *self.contracts_by_kind.count(term) += made;
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
            Action::Wait
                if s.phase == Phase::JailFee
                    && s.players[seat].jail_turns >= game.config().jail_chances
                    && game.holdings(s, s.current) & game.board().deeds != 0 =>
            {
                self.eliminated_with_deeds += 1;
            }
            Action::PayFee => {
                self.jail_fees += u64::from(game.jail_fee(s, seat));
                self.jail_dollars += u64::from(game.jail_dollars(s, seat));
            }
            _ => {}
        }
    }

    fn finish(&mut self, game: &LaissezFaire, end: &State) {
        self.look(game, end);
        if game.config().auction_on_decline {
            self.auctions.get_or_insert_with(Auctions::default);
        }
        self.reached_threshold += u64::from(self.current.reached);
        self.known_stalemates += u64::from(game.known_stalemate(end));
        self.current = Progress::default();
        let worths = game.net_worths(end);
        for (seat, &worth) in worths[..game.num_players()].iter().enumerate() {
            let position = game.turn_position(end, seat).unwrap_or(seat);
            let worth = worth.max(0).unsigned_abs();
            let slot = &mut self.worth_by_position[position];
            slot[0] += 1;
            slot[1] += worth;
            slot[2] += worth * worth;
        }
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
        self.eliminated_with_deeds += o.eliminated_with_deeds;
        self.offers += o.offers;
        self.floor_threads += o.floor_threads;
        self.parked += o.parked;
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
        self.posted += o.posted;
        self.taken += o.taken;
        self.no_deals += o.no_deals;
        self.deal_percent += o.deal_percent;
        self.bargain_counters += o.bargain_counters;
        let add = |mine: &mut [u64], theirs: &[u64]| {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m += t;
            }
        };
        self.contracts_by_kind.merge(&o.contracts_by_kind);
        self.packages_sent += o.packages_sent;
        self.package_counters += o.package_counters;
        self.packages_made += o.packages_made;
        self.consents_asked += o.consents_asked;
        self.consents_given += o.consents_given;
        self.package_clauses.merge(&o.package_clauses);
        add(&mut self.reached_round, &o.reached_round);
        add(&mut self.deeds_held, &o.deeds_held);
        add(&mut self.deeds_total, &o.deeds_total);
        self.reached_threshold += o.reached_threshold;
        match (&mut self.auctions, &o.auctions) {
            (Some(mine), Some(theirs)) => mine.merge(theirs),
            (None, Some(theirs)) => self.auctions = Some(*theirs),
            _ => {}
        }
        self.known_stalemates += o.known_stalemates;
        for (mine, theirs) in self.worth_by_position.iter_mut().zip(&o.worth_by_position) {
            add(mine, theirs);
        }
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
            "games ending in the known stalemate (every player taking turns staying for free): \
             {:.1}%",
            100.0 * self.known_stalemates as f64 / self.games as f64
        );
        let _ = writeln!(
            out,
            "mean game length: {:.1} rounds; eliminations per game: {:.2} ({:.1}% of them in \
             jail with deeds still held)",
            self.mean_rounds(),
            self.eliminated as f64 / self.games as f64,
            100.0 * self.eliminated_with_deeds as f64 / self.eliminated.max(1) as f64
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
                 average, {:.2} refused, {:.2} counters",
                per(self.deals),
                self.deal_percent as f64 / self.deals.max(1) as f64,
                per(self.no_deals),
                per(self.bargain_counters)
            );
        }
        if self.posted + self.taken > 0 {
            let _ = writeln!(
                out,
                "owners' offers standing in a lodging per game: {:.2} rooms offered unasked, \
                 {:.2} offers taken as they stood (counted among the deals above)",
                per(self.posted),
                per(self.taken)
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
        if self.floor_threads > 0 {
            let _ = writeln!(
                out,
                "the open floor: {:.2} threads a game opened by players outside their own \
                 window (trades, contracts and packages, counted above too)",
                per(self.floor_threads)
            );
        }
        if self.parked > 0 {
            let _ = writeln!(
                out,
                "threads set aside per game while their opener opened another: {:.2}",
                per(self.parked)
            );
        }
        if self.packages_sent > 0 {
            let _ = writeln!(
                out,
                "packages per game: {:.2} sent (counters included), {:.2} counters, {:.2} \
                 accepted",
                per(self.packages_sent),
                per(self.package_counters),
                per(self.packages_made)
            );
        }
        if self.consents_asked > 0 {
            let _ = writeln!(
                out,
                "third parties per game: {:.2} packages agreed by their two parties waited for \
                 their third parties' consent, {:.2} executed with it",
                per(self.consents_asked),
                per(self.consents_given)
            );
        }
        if let Some(a) = &self.auctions {
            let _ = writeln!(
                out,
                "auctions of declined deeds per game: {:.2} held, {:.2} deeds sold ({:.1}% of \
                 them) at {:.0}% of the deed's price on average",
                per(a.held),
                per(a.sold),
                100.0 * a.sold as f64 / a.held.max(1) as f64,
                a.price_percent as f64 / a.sold.max(1) as f64
            );
        }
        let kinds = |by: &ByKind| -> String {
            let kinds: Vec<String> = by
                .all()
                .into_iter()
                .filter(|&(_, n)| n > 0)
                .map(|(kind, n)| format!("{kind} {:.2}", per(n)))
                .collect();
            kinds.join(", ")
        };
        if self.contracts > 0 {
            let _ = writeln!(
                out,
                "contracts made per game by kind: {}",
                kinds(&self.contracts_by_kind)
            );
        }
        if self.packages_made > 0 {
            let _ = writeln!(
                out,
                "package clauses agreed per game by kind: {}",
                kinds(&self.package_clauses)
            );
        }
        let held: Vec<String> = CHECK_ROUNDS
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.reached_round[i] > 0)
            .map(|(i, round)| {
                format!(
                    "round {round} {:.1}% ({} games)",
                    100.0 * self.deeds_held[i] as f64 / self.deeds_total[i].max(1) as f64,
                    self.reached_round[i]
                )
            })
            .collect();
        if !held.is_empty() {
            let _ = writeln!(out, "deeds held by players: {}", held.join(", "));
        }
        let reached = wilson(
            self.reached_threshold as f64 / self.games as f64,
            self.games,
            Z95,
        );
        let _ = writeln!(
            out,
            "some net worth reached the race's threshold in {:.1}% [{:.1}, {:.1}] of games",
            100.0 * self.reached_threshold as f64 / self.games as f64,
            100.0 * reached.low,
            100.0 * reached.high
        );
        let worths: Vec<String> = self
            .worth_by_position
            .iter()
            .enumerate()
            .filter_map(|(i, &[n, sum, sum_sq])| {
                let ci = count_mean(n, sum, sum_sq, Z95)?;
                Some(format!(
                    "{} ${:.0} [{:.0}, {:.0}]",
                    ordinal(i + 1),
                    sum as f64 / n as f64,
                    ci.low,
                    ci.high
                ))
            })
            .collect();
        if !worths.is_empty() {
            let _ = writeln!(
                out,
                "net worth at the end by position in the turn order: {}",
                worths.join(", ")
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
