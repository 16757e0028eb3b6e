//! Contracts in words: a contract template and a live contract described with the
//! board's names, for the action list and the ledger view.
//!
//! Separate because it is wording, not rules; the race's and stalemate's words stay with
//! [`super::end`].

use crate::contract::{
    Clause, Contract, Due, INSTALMENTS, LODGING_ROUNDS, NO_DEED, REPAYMENT_PERCENT, Term,
};
use crate::game::LaissezFaire;
use crate::package::{Grant, Right, When};
use crate::state::State;

impl LaissezFaire {
    /// A city's name (or its number, for a city the board does not have).
    pub fn city_name(&self, city: u8) -> String {
        self.board
            .cities
            .get(usize::from(city))
            .map_or_else(|| format!("city {city}"), |c| c.name.clone())
    }

    /// A space's name (or its number, for a space the board does not have).
    pub fn space_name(&self, space: u8) -> String {
        self.board
            .spaces
            .get(usize::from(space))
            .map_or_else(|| format!("space {space}"), |x| x.name.clone())
    }

    /// When a package's payment is made, with the board's names: "now", "every round, 5
    /// times", "at each landing in Brighton, 4 times".
    pub fn describe_when(&self, when: When) -> String {
        match when {
            When::Lands(v) => format!(
                "at each landing in {}, {} times",
                self.city_name(v.city()),
                v.times()
            ),
            When::LandsOn(p) => format!(
                "at each landing on {}, {} times",
                self.space_name(p.space()),
                p.times()
            ),
            _ => when.words(),
        }
    }

    /// A right granted on `deed` at `amount`, with the board's names: "a lodging right at
    /// Tram Lane for 10 rounds at a rent of at most $30, which the owner may refuse".
    pub fn describe_right(&self, right: Right, deed: u8, amount: u32) -> String {
        let name = &self.board.spaces[usize::from(deed)].name;
        let span = right.span().words();
        match right.grant() {
            Grant::Lodging => {
                let mut words =
                    format!("a lodging right at {name} for {span} at a rent of at most ${amount}");
                match (right.refusable(), right.raisable()) {
                    (false, false) => {}
                    (true, false) => words.push_str(", which the owner may refuse"),
                    (false, true) => words.push_str(", a stay's rent up to the cap"),
                    (true, true) => {
                        words.push_str(", which the owner may refuse, a stay's rent up to the cap");
                    }
                }
                words
            }
            Grant::Option => {
                format!("an option to buy {name} for ${amount} within {span}")
            }
            Grant::Service => {
                format!("a price cap of ${amount} at {name} for {span}")
            }
        }
    }

    /// What the sum of a drafted right means, for a front end asking for it.
    pub fn right_amount_words(right: Right) -> &'static str {
        match right.grant() {
            Grant::Lodging => "the most rent the right allows",
            Grant::Option => "the option's strike",
            Grant::Service => "the most the holder pays for a ride or a fee",
        }
    }

    /// A contract template in words, with the board's names.
    pub fn describe_term(&self, s: &State, term: Term) -> String {
        let name = |i: u8| &self.board.spaces[i as usize].name;
        match term {
            Term::Borrow(sum, NO_DEED) => format!(
                "borrow ${} without collateral, repaying {INSTALMENTS} x ${} each round",
                sum.dollars(),
                sum.dollars() * REPAYMENT_PERCENT / 100 / u32::from(INSTALMENTS)
            ),
            Term::Borrow(sum, deed) => format!(
                "borrow ${} against {}, repaying {INSTALMENTS} x ${} each round",
                sum.dollars(),
                name(deed),
                sum.dollars() * REPAYMENT_PERCENT / 100 / u32::from(INSTALMENTS)
            ),
            Term::Buy(deed, sum) => format!(
                "buy {} now for ${}, paying {INSTALMENTS} x ${} each round, the deed pledged \
                 to the seller until paid",
                name(deed),
                sum.dollars(),
                sum.dollars() / u32::from(INSTALMENTS)
            ),
            Term::Lodging(p, cap) => format!(
                "a lodging right at {} for {LODGING_ROUNDS} rounds, rent capped at {cap} of the \
                 reference rent",
                name(p)
            ),
            Term::Rule(rule, value) => format!(
                "change a rule for the rest of the game, if every player agrees: {} = {value}",
                rule.name()
            ),
            Term::Service(space, cap) => format!(
                "a price cap at {} for {LODGING_ROUNDS} rounds: at most {cap} of the reference \
                 price",
                name(space)
            ),
            Term::Option(deed, strike, premium) => format!(
                "pay ${} now for the option to buy {} for ${} within {LODGING_ROUNDS} rounds",
                premium.dollars(),
                name(deed),
                strike.of(self.deed_value(s, deed))
            ),
            _ => term.to_string(),
        }
    }

    /// A live contract in words, for the ledger view.
    pub fn describe_contract(&self, c: &Contract) -> String {
        let name = |i: u8| &self.board.spaces[i as usize].name;
        let (p, q) = (c.payer + 1, c.payee + 1);
        let rounds = match c.every {
            0 | 1 => "each round".to_owned(),
            k => format!("every {k} rounds"),
        };
        let body = match c.clause {
            Clause::Schedule(Due::EachRound) => {
                format!("seat {p} pays seat {q} ${} {rounds}", c.instalment)
            }
            Clause::Schedule(Due::EachLanding(city)) => format!(
                "seat {p} pays seat {q} ${} at each landing in {}",
                c.instalment,
                self.city_name(city)
            ),
            Clause::Schedule(Due::EachLandingOn(space)) => format!(
                "seat {p} pays seat {q} ${} at each landing on {}",
                c.instalment,
                self.space_name(space)
            ),
            Clause::Schedule(Due::EachTurnOf(seat)) => format!(
                "seat {p} pays seat {q} ${} at the start of each of seat {}'s turns",
                c.instalment,
                u16::from(seat) + 1
            ),
            Clause::Schedule(due) => {
                format!("seat {p} pays seat {q} ${} {}", c.instalment, due.words())
            }
            Clause::Loan {
                collateral,
                principal,
                ..
            } => {
                let pledge = if collateral == NO_DEED {
                    "no collateral".to_owned()
                } else {
                    format!("collateral {}", name(collateral))
                };
                format!(
                    "seat {q} lent seat {p} ${principal}; ${} {rounds}, {pledge}",
                    c.instalment
                )
            }
            Clause::Lodging {
                property,
                cap,
                refusable,
                raisable,
            } => {
                format!(
                    "seat {p} may lodge at {} for at most ${cap}{}{}",
                    name(property),
                    if refusable {
                        ", if the owner agrees"
                    } else {
                        ""
                    },
                    if raisable {
                        ", stays up to the cap"
                    } else {
                        ""
                    }
                )
            }
            Clause::PriceCap { space, cap } => {
                format!("seat {p} pays at most ${cap} at {}", name(space))
            }
            Clause::Service { space, cap } => {
                format!(
                    "seat {p} pays at most {cap} of the price at {}",
                    name(space)
                )
            }
            Clause::Option { deed, strike } => {
                format!(
                    "seat {p} may buy {} from seat {q} for ${strike}",
                    name(deed)
                )
            }
            Clause::Text {
                note,
                penalty,
                disputed,
            } => format!(
                "seats {p} and {q}: free-text clause #{note}, penalty ${penalty}{}",
                if disputed { " (claimed once)" } else { "" }
            ),
        };
        let arrears = if c.arrears > 0 {
            format!(", arrears ${}", c.arrears)
        } else {
            String::new()
        };
        let guarantor = c
            .guarantor
            .map_or(String::new(), |g| format!(", guaranteed by seat {}", g + 1));
        let left = if c.uses {
            match c.left {
                1 => "1 use".to_owned(),
                n => format!("{n} uses"),
            }
        } else {
            c.left.to_string()
        };
        format!("#{} {body} ({left} left{arrears}{guarantor})", c.id)
    }
}
