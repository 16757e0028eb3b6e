//! Laissez-faire in words, for every front end: the table (cash, net worth, place and deeds
//! of each player), the turn, the notary's contracts and ledger, and log lines.
//!
//! Laissez-faire has perfect information (the treasurer, the notary and every contract are
//! public), so the observation is the whole state.

use std::fmt::Write;

use gameshelf_engine::{Actor, Game, Presenter, Seat};

use crate::board::SpaceKind;
use crate::contract::{Entry, NO_DEED};
use crate::deal::Deal;
use crate::package::{Item, Kind, Package, Side, When};
use crate::{Action, BANK, LaissezFaire, Phase, State, Status, Term};

mod offer;
mod room;
mod schedule;

pub use offer::{Change, effect, offer_lines};
pub use schedule::ScheduleError;

/// The words of Laissez-faire, for every front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct LaissezFairePresenter;

/// The group of the offer builder's entry: a package drafted for another player.
const OFFER_GROUP: &str = "make an offer (a package)";

/// The group of the deals the rules list ready-made, each of which the builder can draft.
const READY_MADE_GROUP: &str = "ready-made deals (a deed for cash, a contract from a template)";

/// The group of the rule changes put to every player (which a package cannot be while
/// more than two players are left).
const RULE_CHANGE_GROUP: &str = "propose a rule change to every player";

/// A few lines on the rules, for the help command.
const RULES: &str = "Laissez-faire: go round the board; wherever you land in a city you must \
find a room: the bank's at its rent, your own for free, or a player's at a price you bargain \
for (ask him, or bid your own price first; he quotes any price in dollars or refuses; each \
side may counter), or \
ride the side's transit company to the other city (a player's company bargains too). No room \
means the park bench and jail, where the booking fee grows each turn. Buy deeds by landing on \
them, build houses (the third makes an apartment) to host more lodgers, and stay in a housed \
room for at most the rent you last paid. In the window before you roll you may make another \
player an offer (a package of clauses: deeds either way, payments now or on a schedule you \
type, loans, rights, promises, with other players joining in any role), or take a ready-made deal (a deed for cash, a contract from a \
template), two threads a turn (window_threads); when another player closes his window, and again after \
each of his landings, you may open one on the open floor, or pass. When he must find a room, an \
owner may offer his room or fare unasked and anyone may offer to pay part of the price, \
as of a stay's price when an owner bargains it. \
The other side accepts, refuses, counters with new terms (six counters a thread) or asks for \
time; after ten messages an unanswered offer lapses. With auction_on_decline=true a deed its lander \
declines is auctioned to every player.";

/// The table: each player's cash, net worth, place and deeds; then the turn.
pub fn table_text(game: &LaissezFaire, s: &State) -> String {
    let board = game.board();
    let mut out = String::new();
    for seat in 0..game.num_players() {
        let p = &s.players[seat];
        let place = match p.status {
            Status::Eliminated => "eliminated".to_owned(),
            Status::Removed => "finished the final lap".to_owned(),
            Status::Playing if p.jailed => {
                format!("in jail (turn {}, fee side {})", p.jail_turns, p.jail_side)
            }
            Status::Playing => format!("at {} {}", p.pos, board.spaces[p.pos as usize].name),
        };
        let _ = writeln!(
            out,
            "seat {}: ${} (net worth ${}), {place}",
            seat + 1,
            p.cash,
            game.net_worth(s, seat)
        );
        let deeds: Vec<String> = (0..board.spaces.len())
            .filter(|&i| s.lots.0[i].owner as usize == seat)
            .map(|i| {
                let lot = s.lots.0[i];
                let houses = match lot.level {
                    0 => String::new(),
                    3 => " apt".to_owned(),
                    n => format!(" {n}h"),
                };
                format!("{}{houses}", board.spaces[i].name)
            })
            .collect();
        if !deeds.is_empty() {
            let _ = writeln!(out, "  deeds: {}", deeds.join(", "));
        }
    }
    let built: Vec<String> = (0..board.spaces.len())
        .filter(|&i| s.lots.0[i].owner == BANK && s.lots.0[i].level > 0)
        .map(|i| format!("{} ({})", board.spaces[i].name, s.lots.0[i].level))
        .collect();
    if !built.is_empty() {
        let _ = writeln!(out, "bank deeds with buildings: {}", built.join(", "));
    }
    ledger_text(game, s, &mut out);
    if game.known_stalemate(s) {
        let _ = writeln!(
            out,
            "the known stalemate: every player taking turns stays for free on a housed \
             property of his own whose forward utility he owns"
        );
    }
    let _ = writeln!(out, "{}", turn_text(game, s));
    out
}

/// The notary's contracts and ledger (nothing while no contract was ever made).
fn ledger_text(game: &LaissezFaire, s: &State, out: &mut String) {
    let Some(books) = notary(game, s) else {
        return;
    };
    let _ = writeln!(out, "{}", books.summary);
    for line in books.contracts.iter().chain(&books.ledger) {
        let _ = writeln!(out, "  {line}");
    }
}

/// The notary's books in words, one line each: what line mode prints and the full-screen
/// view shows.
pub struct Notary {
    /// The counts: contracts made, payments, dollars paid and lent, defaults.
    pub summary: String,
    /// Each live contract (`contract #1 ...`).
    pub contracts: Vec<String>,
    /// The kept ledger lines, oldest first (`ledger round 2 #1: ...`).
    pub ledger: Vec<String>,
}

/// The notary's books, or `None` while no contract was ever made.
pub fn notary(game: &LaissezFaire, s: &State) -> Option<Notary> {
    let l = &s.ledger;
    if l.made == 0 {
        return None;
    }
    let summary = format!(
        "notary: {} contracts made, {} payments (${}), ${} lent, {} defaults",
        l.made, l.payments, l.paid, l.lent, l.defaults
    );
    let contracts = s
        .contracts
        .iter()
        .map(|c| format!("contract {}", game.describe_contract(c)))
        .collect();
    let mut ledger = Vec::new();
    for line in l.recent() {
        let what = match line.entry {
            Entry::Made => format!(
                "made; ${} from seat {} to seat {}",
                line.amount,
                line.from + 1,
                line.to + 1
            ),
            Entry::Paid | Entry::Rent => format!(
                "{} ${} from seat {} to seat {}",
                if line.entry == Entry::Rent {
                    "rent"
                } else {
                    "paid"
                },
                line.amount,
                line.from + 1,
                line.to + 1
            ),
            Entry::Default => format!("seat {} defaulted on ${}", line.from + 1, line.amount),
            Entry::Guaranteed => format!(
                "guarantor seat {} paid ${} to seat {} for a missed payment",
                line.from + 1,
                line.amount,
                line.to + 1
            ),
            Entry::Collateral => format!(
                "seat {} defaulted; {} went to seat {}",
                line.from + 1,
                game.board().spaces[line.amount as usize].name,
                line.to + 1
            ),
            Entry::Exercised => format!(
                "seat {} exercised an option, paying seat {} ${}",
                line.from + 1,
                line.to + 1,
                line.amount
            ),
            Entry::Upheld => format!(
                "the arbiters upheld seat {}'s claim: seat {} owes ${}",
                line.to + 1,
                line.from + 1,
                line.amount
            ),
            Entry::Dismissed => format!(
                "the arbiters dismissed seat {}'s claim against seat {}",
                line.to + 1,
                line.from + 1
            ),
            Entry::Released => format!(
                "seat {} released seat {} from clause #{}.{}",
                line.from + 1,
                line.to + 1,
                line.id,
                line.amount
            ),
            Entry::None => continue,
        };
        ledger.push(format!(
            "ledger round {} #{}: {what}",
            line.round + 1,
            line.id
        ));
    }
    Some(Notary {
        summary,
        contracts,
        ledger,
    })
}

/// The turn in words.
pub fn turn_text(game: &LaissezFaire, s: &State) -> String {
    let who = format!("round {}, seat {}", s.round + 1, s.current + 1);
    let board = game.board();
    match s.phase {
        Phase::Lodge => {
            let city = &board.cities[s.city as usize].name;
            let quotes = s.quotes.iter().map(|q| {
                format!(
                    "seat {}'s {} for ${}",
                    q.provider + 1,
                    game.describe_service(q.service)
                        .trim_start_matches("a ")
                        .trim_start_matches("the "),
                    q.ask
                )
            });
            let covers = s.covers.iter().map(|(payer, c)| {
                format!(
                    "seat {} pays up to ${} of {}",
                    payer + 1,
                    c.sum,
                    game.describe_service(game.payable_service(s, c.space))
                )
            });
            let offers: Vec<String> = quotes.chain(covers).collect();
            if offers.is_empty() {
                format!("{who} looks for a room in {city}")
            } else {
                format!(
                    "{who} looks for a room in {city}; offers standing: {}",
                    offers.join(", ")
                )
            }
        }
        Phase::Posting => match game.next_poster(s) {
            Some(o) if s.covers.get(o).is_some() => format!(
                "{who} must lodge in {}; seat {} may raise his offer to pay for {} (up to ${} \
                 now), or pass",
                board.cities[s.city as usize].name,
                o + 1,
                s.covers.get(o).map_or_else(String::new, |c| {
                    game.describe_service(game.payable_service(s, c.space))
                }),
                s.covers.get(o).map_or(0, |c| c.sum)
            ),
            Some(o) if s.staying => format!(
                "{who} chose to stay at {}; seat {} may offer to pay part of its rent or fee, \
                 or pass",
                board.spaces[usize::from(s.me().pos)].name,
                o + 1
            ),
            Some(o) => {
                let mut what: Vec<String> = Vec::new();
                for b in game.offers_by(s, o) {
                    let words = match b.service {
                        crate::Service::Fare(_) => game.describe_service(b.service),
                        _ => "a room".to_owned(),
                    };
                    if !what.contains(&words) {
                        what.push(words);
                    }
                }
                if !what.is_empty() {
                    what = vec![format!("offer him {} unasked", what.join(" or "))];
                }
                if game.payers(s) & (1 << o) != 0 {
                    what.push("offer to pay for his room or fare".to_owned());
                }
                format!(
                    "{who} must lodge in {}; seat {} may {}, or pass",
                    board.cities[s.city as usize].name,
                    o + 1,
                    what.join(" or ")
                )
            }
            None => who,
        },
        Phase::JailFee => format!(
            "{who} may pay the jail fee of ${}",
            game.jail_fee(s, s.current as usize)
        ),
        Phase::Buy => {
            let space = &board.spaces[s.me().pos as usize];
            format!("{who} may buy {} for ${}", space.name, space.price)
        }
        Phase::Auction => match &s.auction {
            Some(a) => {
                let space = &board.spaces[usize::from(a.deed)];
                let standing = if a.bidder == crate::BANK {
                    format!("no bid yet (its price ${})", space.price)
                } else {
                    format!("standing bid ${} by seat {}", a.bid, a.bidder + 1)
                };
                format!(
                    "{who} declined it. Auction of {}: {standing}; seat {} may bid more or pass",
                    space.name,
                    a.next + 1
                )
            }
            None => who,
        },
        Phase::StayChoice => format!("{who} may stay or move"),
        Phase::Floor if s.extra_roll => match s.floor_seat {
            Some(f) => format!(
                "{who} has landed and rolled doubles; the open floor: seat {} may open a \
                 trade thread (with any player) or pass, before seat {} rolls again",
                f + 1,
                s.current + 1
            ),
            None => who,
        },
        Phase::Floor if s.floor_late => match s.floor_seat {
            Some(f) => format!(
                "{who} has landed and his turn is over; the open floor: seat {} may open a \
                 trade thread (with any player) or pass, before the next turn",
                f + 1
            ),
            None => who,
        },
        Phase::Floor => match s.floor_seat {
            Some(f) => format!(
                "{who} has closed the window; the open floor: seat {} may open a trade thread \
                 (with any player) or pass, before seat {} goes on",
                f + 1,
                s.current + 1
            ),
            None => who,
        },
        Phase::Stalemate => format!(
            "{who} proposes a stalemate; seat {} to agree or refuse",
            s.stalemate.trailing_zeros() + 1
        ),
        Phase::Ruling => match &s.ruling {
            Some(r) => format!(
                "{who}: seat {} claims seat {} broke free-text clause #{}; the arbiters vote \
                 ({} to uphold, {} to dismiss so far), seat {} next",
                r.claimant + 1,
                r.accused + 1,
                r.note,
                r.uphold,
                r.dismiss,
                r.voters.trailing_zeros() + 1
            ),
            None => who,
        },
        Phase::Shortfall => format!(
            "{who} cannot pay a tax of ${}: a window to raise the cash by trade or contract, \
             then go on",
            s.tax_due
        ),
        Phase::Bargain => match &s.bargain {
            Some(b) => {
                let terms = match b.standing() {
                    Some(price) if b.floor == b.customer => {
                        format!("seat {} asks ${price}", b.provider + 1)
                    }
                    Some(price) => format!("seat {} offers ${price}", b.customer + 1),
                    None => format!("seat {} has not quoted yet", b.provider + 1),
                };
                format!(
                    "{who} bargains with seat {} for {} (reference ${}): {terms}; seat {} to answer",
                    b.provider + 1,
                    game.describe_service(b.service),
                    b.reference,
                    b.floor + 1
                )
            }
            None => who,
        },
        Phase::Deal => match &s.deal {
            Some(d) if d.consent => format!(
                "{who}: seat {} and seat {} agreed: {}; {}; seat {} to consent",
                d.author + 1,
                d.answerer + 1,
                package_text(game, s, &d.package, None),
                effect_text(game, s, d, None),
                d.floor() + 1
            ),
            Some(d) if d.sent => format!(
                "{who}: seat {} offers seat {}: {}; {}; seat {} to answer",
                d.author + 1,
                d.answerer + 1,
                package_text(game, s, &d.package, None),
                effect_text(game, s, d, None),
                d.answerer + 1
            ),
            Some(d) => format!(
                "{who}: seat {} drafts a package for seat {}: {}",
                d.author + 1,
                d.answerer + 1,
                if d.package.is_empty() {
                    "no clause yet".to_owned()
                } else {
                    package_text(game, s, &d.package, None)
                }
            ),
            None => who,
        },
        Phase::Trade => match &s.trade {
            Some(t) if t.contract.is_some() => format!(
                "{who}: seat {} proposes to seat {}: {}; seat {} to answer",
                t.author + 1,
                t.answerer + 1,
                t.contract
                    .map(|c| game.describe_term(s, c))
                    .unwrap_or_default(),
                t.floor + 1
            ),
            Some(t) => format!(
                "{who}: seat {} offers {} from seat {} to seat {} for ${}; seat {} to answer                  ({} of the deadline's messages used)",
                t.author + 1,
                board.spaces[t.deed as usize].name,
                t.giver + 1,
                t.taker() + 1,
                t.amount,
                t.floor + 1,
                t.exchanges
            ),
            None => who,
        },
        _ => who,
    }
}

/// A seat in words for `viewer`: `you` or `seat 2`.
fn who(seat: u8, viewer: Option<Seat>) -> String {
    if viewer == Some(usize::from(seat)) {
        "you".to_owned()
    } else {
        format!("seat {}", u16::from(seat) + 1)
    }
}

/// A verb agreeing with [`who`]: `pay` for you, `pays` for a seat.
fn verb(seat: u8, viewer: Option<Seat>, plain: &str) -> String {
    if viewer == Some(usize::from(seat)) {
        plain.to_owned()
    } else {
        format!("{plain}s")
    }
}

/// One clause of a package in words, for `viewer`: `you pay seat 2 $100 now`, `seat 2
/// gives you Tile Row`, `you lend seat 2 $300 against Tile Row`.
pub fn item_text(game: &LaissezFaire, s: &State, item: &Item, viewer: Option<Seat>) -> String {
    let board = game.board();
    let (from, to) = (who(item.from, viewer), who(item.to, viewer));
    let x = item.amount;
    let guarantee = item.guarantee().map_or(String::new(), |g| {
        let guarantor = who(g.seat, viewer);
        let fee = match g.fee {
            0 => "for nothing".to_owned(),
            fee => format!(
                "for a fee of ${fee} {} {} now",
                from,
                verb(item.from, viewer, "pay")
            ),
        };
        format!(
            ", guaranteed by {guarantor} ({guarantor} {} what {from} {} at a due date, {fee})",
            verb(g.seat, viewer, "pay"),
            if viewer == Some(usize::from(item.from)) {
                "miss"
            } else {
                "misses"
            }
        )
    });
    let clause = match item.kind {
        Kind::Pay(when) => format!(
            "{from} {} {to} ${x} {}",
            verb(item.from, viewer, "pay"),
            when_text(game, when, viewer)
        ),
        Kind::Deed(d) => {
            let level = s.lots.0[usize::from(d)].level;
            let buildings = match level {
                0 => String::new(),
                3 => " with its apartment".to_owned(),
                n => format!(" with {n} houses"),
            };
            format!(
                "{from} {} {to} {}{buildings}",
                verb(item.from, viewer, "give"),
                board.spaces[usize::from(d)].name
            )
        }
        Kind::Lend(collateral) => {
            let against = if collateral == NO_DEED {
                "without collateral".to_owned()
            } else {
                format!("against {}", board.spaces[usize::from(collateral)].name)
            };
            format!(
                "{from} {} {to} ${x} now {against}",
                verb(item.from, viewer, "lend")
            )
        }
        Kind::Repay(c) => format!(
            "{from} {} {to} ${x} {}",
            verb(item.from, viewer, "repay"),
            c.words()
        ),
        Kind::Right(right, d) => format!(
            "{from} {} {to} {}",
            verb(item.from, viewer, "grant"),
            game.describe_right(right, d, x)
        ),
        Kind::Text(note) => format!(
            "{from} {} {to} free-text clause #{note}, on penalty of ${x}",
            verb(item.from, viewer, "promise")
        ),
        Kind::Rule(rule, value) => format!("the rule {} becomes {value}", rule.name()),
    };
    format!("{clause}{guarantee}")
}

/// When a payment is made, with the board's names and, for another player's turns, the
/// player named for `viewer`: "at the start of each of your turns, 4 times".
pub(crate) fn when_text(game: &LaissezFaire, when: When, viewer: Option<Seat>) -> String {
    match when {
        When::TurnsOf(o) => format!(
            "at the start of each of {} turns, {} times",
            offer::whose(o.seat(), viewer).0,
            o.times()
        ),
        _ => game.describe_when(when),
    }
}

/// A package in words for `viewer`: its clauses, joined by semicolons.
pub fn package_text(
    game: &LaissezFaire,
    s: &State,
    package: &Package,
    viewer: Option<Seat>,
) -> String {
    let items: Vec<String> = package
        .iter()
        .map(|i| item_text(game, s, i, viewer))
        .collect();
    items.join("; ")
}

/// What accepting the deal's package now would do to both parties' net worths (worked out
/// by executing it on a copy), or the notary's reason why it cannot be accepted.
pub fn effect_text(game: &LaissezFaire, s: &State, deal: &Deal, viewer: Option<Seat>) -> String {
    match effect(game, s, deal) {
        Ok(changes) => {
            let parties: Vec<String> = changes
                .iter()
                .map(|c| {
                    format!(
                        "{} {}",
                        who(c.seat, viewer),
                        offer::signed(c.worth.1 - c.worth.0)
                    )
                })
                .collect();
            format!("net worth if accepted: {}", parties.join(", "))
        }
        Err(why) => format!("the notary would refuse it: {why}"),
    }
}

/// A move of the open deal in words, for `viewer` (the drafter's or answerer's own choices
/// are worded for him).
pub fn deal_move_text(
    game: &LaissezFaire,
    s: &State,
    deal: &Deal,
    action: Action,
    viewer: Option<Seat>,
) -> String {
    let other_seat = if deal.sent {
        deal.author
    } else {
        deal.answerer
    };
    let other = who(other_seat, viewer);
    // The answerer's moves are seen by the author too: "refuse your package".
    let others = offer::whose(other_seat, viewer).0;
    match action {
        Action::Pay(..)
        | Action::Deed(_)
        | Action::Lend(..)
        | Action::Repay(..)
        | Action::Right(..)
        | Action::Promise(..)
        | Action::Rule(..) => match game.draft_clause(s, deal, action) {
            Ok(item) => format!("add: {}", item_text(game, s, &item, viewer)),
            Err(why) => format!("{action} (refused: {why})"),
        },
        Action::Payer(i, _) | Action::Payee(i, _) | Action::Guarantee(i, ..) => {
            match game.draft_party(s, deal, action) {
                Ok(package) => match package.get(usize::from(i)) {
                    Some(item) => format!(
                        "add a third party to clause {}: {}",
                        u16::from(i) + 1,
                        item_text(game, s, item, viewer)
                    ),
                    None => action.to_string(),
                },
                Err(why) => format!("{action} (refused: {why})"),
            }
        }
        Action::Accept if deal.consent => format!(
            "consent to the package {} and {} agreed: {}",
            who(deal.author, viewer),
            who(deal.answerer, viewer),
            package_text(game, s, &deal.package, viewer)
        ),
        Action::Refuse if deal.consent => format!(
            "refuse to join the package of {} and {} (it lapses, nothing changes)",
            who(deal.author, viewer),
            who(deal.answerer, viewer)
        ),
        Action::Strike(i) => match deal.package.get(usize::from(i)) {
            Some(item) => format!(
                "strike clause {}: {}",
                u16::from(i) + 1,
                item_text(game, s, item, viewer)
            ),
            None => action.to_string(),
        },
        Action::Send => format!(
            "send {other} the package: {}; {}",
            package_text(game, s, &deal.package, viewer),
            effect_text(game, s, deal, viewer)
        ),
        Action::Withdraw => "withdraw the draft".to_owned(),
        Action::Accept => format!(
            "accept {others} package: {}",
            package_text(game, s, &deal.package, viewer)
        ),
        Action::Refuse => format!("refuse {others} package"),
        Action::Amend => format!("counter {others} package with changed terms"),
        Action::DeclareRace => game.describe_declaration(s, usize::from(deal.floor())),
        Action::Park => game.describe_action(s, action),
        _ => action.to_string(),
    }
}

/// The choices that cost nothing and give nothing away, in the order the safe choice looks
/// for them: close the window, pass, refuse, wait in jail, leave the deed to the bank, move
/// on, let one's offer stand, withdraw a draft.
const COSTLESS: [Action; 8] = [
    Action::Go,
    Action::Pass,
    Action::Refuse,
    Action::Wait,
    Action::Decline,
    Action::Move,
    Action::Insist,
    Action::Withdraw,
];

/// Whether `action` lodges the player to move at no cost to him: a room of his own (free),
/// or a payer's offer that pays the whole price.
fn free_room(game: &LaissezFaire, s: &State, action: Action) -> bool {
    match action {
        Action::Lodge(i) => game
            .room_price(s, usize::from(s.current), i)
            .and_then(crate::Price::listed)
            .is_some_and(|p| p == 0),
        Action::Covered(payer) => game
            .cover_terms(s, payer)
            .is_some_and(|(_, price, part)| price == part),
        _ => false,
    }
}

impl Presenter<LaissezFaire> for LaissezFairePresenter {
    fn observation_text(
        &self,
        game: &LaissezFaire,
        _viewer: Option<Seat>,
        observation: &State,
    ) -> String {
        table_text(game, observation)
    }

    fn pictures(
        &self,
        game: &LaissezFaire,
        _viewer: Option<Seat>,
        observation: &State,
    ) -> Vec<String> {
        vec![crate::picture::board(game, observation)]
    }

    fn describe_move(
        &self,
        game: &LaissezFaire,
        before: &State,
        action: Action,
        viewer: Option<Seat>,
    ) -> String {
        if let (Phase::Auction, Some(a), Actor::Player(seat)) =
            (before.phase, &before.auction, game.actor(before))
        {
            let deed = &game.board().spaces[usize::from(a.deed)].name;
            let seat = seat as u8;
            match action {
                Action::Bid(x) => {
                    return format!(
                        "{} {} ${x} for {deed}",
                        who(seat, viewer),
                        verb(seat, viewer, "bid")
                    );
                }
                Action::Pass => {
                    let passes = if viewer == Some(usize::from(seat)) {
                        "pass"
                    } else {
                        "passes"
                    };
                    return format!("{} {passes} in the auction of {deed}", who(seat, viewer));
                }
                _ => {}
            }
        }
        let text = match (&before.deal, before.phase) {
            (Some(d), Phase::Deal) => deal_move_text(game, before, d, action, viewer),
            _ => game.describe_action(before, action),
        };
        match (action, game.actor(before)) {
            (Action::Roll(_) | Action::First(_) | Action::Oubliette(_), _) => text,
            (_, Actor::Player(seat)) => format!("seat {}: {text}", seat + 1),
            _ => format!("seat {}: {text}", before.current + 1),
        }
    }

    /// The offer being drafted or answered ([`offer_lines`]), shown beside the choices.
    fn terms(&self, game: &LaissezFaire, viewer: Option<Seat>, observation: &State) -> Vec<String> {
        offer_lines(game, observation, viewer)
    }

    /// Rolling, paying, staying and answering come first, and so do sending, withdrawing
    /// and answering a package; then the offer builder's entry, one choice per other
    /// player ([`Action::Draft`]), through which a person drafts any deal; then the rest,
    /// folded: a draft's clauses, one group per kind of clause, buildings and releases, and
    /// a lodger's opening bids, one group per room or fare (asking comes first).
    /// The ready-made deals the rules also list (a deed for cash, a contract from a
    /// template), which bots and random play use, are one group after the builder: every
    /// one of them can be drafted in the builder, so they are shortcuts, not the way in.
    /// A rule change put to every player is the exception (a package changes a rule only
    /// with every player still in the game a party to it), so it keeps a group of its own.
    /// The moves that end the game (declaring the race or a stalemate, proposing one),
    /// exercising options and claiming breaches are folded too: they can come up at many
    /// decisions, and listed first they would push the turn's own choices down.
    fn choice_group(&self, game: &LaissezFaire, s: &State, action: Action) -> Option<String> {
        let group = match action {
            Action::Propose(_, Term::Rule(..)) => RULE_CHANGE_GROUP.to_owned(),
            Action::Propose(..) | Action::Offer(..) => READY_MADE_GROUP.to_owned(),
            Action::Draft(_) => OFFER_GROUP.to_owned(),
            Action::Release(..) => "release a contract".to_owned(),
            Action::Build(_) => "build".to_owned(),
            Action::Post(i, _) => {
                format!("offer {}", game.describe_service(game.offered_service(i)))
            }
            Action::Tender(i, _) => {
                format!("bid for {}", game.describe_service(game.bid_service(s, i)))
            }
            Action::Cover(..) => format!(
                "{} for seat {}'s {}",
                if game
                    .next_poster(s)
                    .is_some_and(|o| s.covers.get(o).is_some())
                {
                    "raise your offer to pay"
                } else {
                    "offer to pay"
                },
                u16::from(s.current) + 1,
                if s.staying { "stay" } else { "room or fare" }
            ),
            Action::Exercise(_) => "exercise an option".to_owned(),
            Action::Dispute(_) => "claim a breach of a free-text clause".to_owned(),
            Action::DeclareRace | Action::DeclareStalemate | Action::ProposeStalemate => {
                "end the game".to_owned()
            }
            Action::Pay(Side::Mine, ..) => "add a payment you make".to_owned(),
            Action::Pay(Side::Yours, ..) => "add a payment to you".to_owned(),
            Action::Deed(_) => "add a deed".to_owned(),
            Action::Lend(..) | Action::Repay(..) => "add a loan".to_owned(),
            Action::Right(..) => "add a lodging right, an option or a price cap".to_owned(),
            Action::Promise(..) | Action::Rule(..) => "add a promise or a rule change".to_owned(),
            Action::Strike(_) => "strike a clause".to_owned(),
            Action::Payer(..) | Action::Payee(..) | Action::Guarantee(..) => {
                "add a third party (to pay or lend, to receive or borrow, or to guarantee)"
                    .to_owned()
            }
            _ => return None,
        };
        Some(group)
    }

    /// The offer builder's entry first; every other group after it.
    fn group_rank(&self, _game: &LaissezFaire, _s: &State, heading: &str) -> u8 {
        u8::from(heading != OFFER_GROUP)
    }

    fn text_prompt(&self, _game: &LaissezFaire, _action: Action) -> String {
        "text of the clause".to_owned()
    }

    /// The open floors and the posting step before another player's lodging only offer a
    /// chance to speak: to open a thread, post an offer or offer to pay. Passing there
    /// lets the moment go.
    fn out_of_turn_pass(&self, _game: &LaissezFaire, s: &State, legal: &[Action]) -> Option<usize> {
        if matches!(s.phase, Phase::Floor | Phase::Posting) {
            legal.iter().position(|&a| a == Action::Pass)
        } else {
            None
        }
    }

    /// The first of the choices that cost nothing and give nothing away: close the window,
    /// pass the open floor or an auction, refuse, wait in jail, leave the deed to the bank,
    /// move on, let one's offer stand, withdraw a draft; when looking for a room, a free one
    /// (one's own), else asking an owner his price, else picking a city after a ride, else
    /// (an owner answering a stayer's bid for the rent, which he may not refuse) the dearest
    /// counter. Only when every choice pays or gives something (the bank's rooms, the fare
    /// and the bench) is the first one highlighted, as the rules leave nothing free to fall
    /// back on.
    fn safe_choice(&self, game: &LaissezFaire, s: &State, legal: &[Action]) -> usize {
        COSTLESS
            .iter()
            .find_map(|safe| legal.iter().position(|a| a == safe))
            .or_else(|| legal.iter().position(|&a| free_room(game, s, a)))
            .or_else(|| legal.iter().position(|a| matches!(a, Action::Ask(_))))
            .or_else(|| legal.iter().position(|a| matches!(a, Action::City(_))))
            // An owner who may not refuse a stayer's bid for the rent: his dearest counter,
            // the ceiling, the readings' default quote for a stay.
            .or_else(|| legal.iter().rposition(|a| matches!(a, Action::Counter(_))))
            .unwrap_or(0)
    }

    /// The readings' "silence means refusal" for a move clock: what costs nothing, as the
    /// safe choice; but a lodger with no free room who says nothing goes to the park bench
    /// ("no acceptance by the deadline means the bench"), where the safe choice would ask an
    /// owner for a price or, with nothing free, take the first room listed.
    fn silence(&self, game: &LaissezFaire, s: &State, legal: &[Action]) -> usize {
        let safe = self.safe_choice(game, s, legal);
        let costs_nothing = COSTLESS.contains(&legal[safe]) || free_room(game, s, legal[safe]);
        match legal.iter().position(|a| *a == Action::Bench) {
            Some(bench) if !costs_nothing => bench,
            _ => safe,
        }
    }

    fn amount_prompt(&self, game: &LaissezFaire, s: &State, action: Action) -> String {
        let name = |deed: u8| &game.board().spaces[usize::from(deed)].name;
        match (action, &s.bargain, &s.trade) {
            (Action::Quote(_), Some(b), _) => {
                format!("your price for {}", game.describe_service(b.service))
            }
            (Action::Counter(_), Some(b), _) => {
                format!(
                    "your counter-offer for {}",
                    game.describe_service(b.service)
                )
            }
            (Action::Tender(i, _), ..) => format!(
                "your bid for {} (at most your cash ${})",
                game.describe_service(game.bid_service(s, i)),
                s.me().cash
            ),
            (Action::Post(i, _), ..) => format!(
                "your price for {} (the lodger is seat {})",
                game.describe_service(game.offered_service(i)),
                s.current + 1
            ),
            (Action::Cover(i, _), ..) => format!(
                "the most you pay of seat {}'s price for {}",
                s.current + 1,
                game.describe_service(game.payable_service(s, i))
            ),
            (Action::Bid(_), ..) => match &s.auction {
                Some(a) => format!(
                    "your bid for {} (more than the standing ${}, at most your cash ${})",
                    name(a.deed),
                    a.bid,
                    s.players[usize::from(a.next)].cash
                ),
                None => "your bid".to_owned(),
            },
            (Action::Counter(_), None, Some(t)) => {
                format!("your counter-offer for {}", name(t.deed))
            }
            (Action::Offer(to, deed, _), ..)
                if usize::from(s.lots.0[usize::from(deed)].owner) == game.opener(s) =>
            {
                format!("your price to seat {} for {}", to + 1, name(deed))
            }
            (Action::Offer(to, deed, _), ..) => {
                format!("what you offer seat {} for {}", to + 1, name(deed))
            }
            (Action::Pay(side, when, _), ..) => {
                let drafter = s.deal.map(|d| usize::from(d.author));
                let when = when_text(game, when, drafter);
                match side {
                    Side::Mine => format!("the sum you pay {when}"),
                    Side::Yours => format!("the sum you are paid {when}"),
                }
            }
            (Action::Lend(side, collateral, _), ..) => {
                let lender = if side == Side::Mine {
                    "you lend"
                } else {
                    "you borrow"
                };
                let against = if collateral == NO_DEED {
                    "without collateral".to_owned()
                } else {
                    format!("against {}", name(collateral))
                };
                format!("the sum {lender} {against}")
            }
            (Action::Repay(c, _), ..) => format!("the loan's instalment, {}", c.words()),
            (Action::Guarantee(i, seat, _), ..) => format!(
                "the fee clause {}'s debtor pays seat {} at acceptance for the guarantee",
                u16::from(i) + 1,
                u16::from(seat) + 1
            ),
            (Action::Right(right, d, _), ..) => {
                format!("{} ({})", LaissezFaire::right_amount_words(right), name(d))
            }
            _ => "another sum".to_owned(),
        }
    }

    /// A payment on a round schedule and a loan's repayment take `every K rounds, N
    /// times`, a payment at each of some event `N times`, a right `for N rounds` or `for N
    /// uses`.
    fn schedule_prompt(&self, _game: &LaissezFaire, _s: &State, action: Action) -> Option<String> {
        schedule::prompt(action)
    }

    fn scheduled(
        &self,
        _game: &LaissezFaire,
        _s: &State,
        action: Action,
        words: &str,
    ) -> Result<Action, String> {
        schedule::scheduled(action, words).map_err(|e| e.to_string())
    }

    fn help(&self) -> String {
        let kinds = game_kinds();
        format!("{RULES}\n{kinds}")
    }
}

/// A legend of the space kinds of the default board.
fn game_kinds() -> String {
    let board = crate::Board::standard();
    let transit: Vec<&str> = board
        .spaces
        .iter()
        .filter(|s| matches!(s.kind, SpaceKind::Transit { .. }))
        .map(|s| s.name.as_str())
        .collect();
    format!("transit companies: {}", transit.join(", "))
}

#[cfg(test)]
mod tests {
    use gameshelf_engine::GameSpec;

    use super::*;
    use crate::Sum;
    use crate::package::When;

    /// Tram Lane and Tile Row, Lisbon's two properties.
    pub(super) const TRAM: u8 = 1;
    pub(super) const TILE: u8 = 3;

    /// `players` players; seat 1 (index 0) in its window holding Tile Row, seat 2 Tram
    /// Lane. The presenter's other tests (`present/*.rs`) start from it too.
    pub(super) fn window(players: usize) -> (LaissezFaire, State) {
        let spec: GameSpec = format!("laissez-faire(players={players})").parse().unwrap();
        let game = LaissezFaire::from_spec(&spec).unwrap();
        let mut s = game.initial_state();
        game.apply(&mut s, Action::First(0)).unwrap();
        s.lots.0[usize::from(TILE)].owner = 0;
        s.lots.0[usize::from(TRAM)].owner = 1;
        (game, s)
    }

    #[test]
    fn the_builder_is_the_first_group_and_the_old_flat_groups_are_gone() {
        let (game, s) = window(3);
        let presenter = LaissezFairePresenter;
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        let mut headings: Vec<String> = Vec::new();
        for &a in &legal {
            let group = presenter.choice_group(&game, &s, a);
            match a {
                Action::Draft(_) => assert_eq!(group.as_deref(), Some(OFFER_GROUP)),
                Action::Propose(_, Term::Rule(..)) => {
                    assert_eq!(group.as_deref(), Some(RULE_CHANGE_GROUP));
                }
                Action::Offer(..) | Action::Propose(..) => {
                    assert_eq!(group.as_deref(), Some(READY_MADE_GROUP), "{a}");
                }
                Action::Go => assert_eq!(group, None),
                _ => {}
            }
            if let Some(g) = group.filter(|g| !headings.contains(g)) {
                headings.push(g);
            }
        }
        // One group per kind, none per player: the proposals and trades of a window
        // used to be a group for each other player.
        assert!(
            !headings
                .iter()
                .any(|h| h.contains("seat") || h.starts_with("offer ")),
            "{headings:?}"
        );
        assert!(
            headings.contains(&READY_MADE_GROUP.to_owned()),
            "{headings:?}"
        );
        // Ranked before every other group, whatever the rules' order of moves.
        let rank = |h: &str| presenter.group_rank(&game, &s, h);
        assert_eq!(rank(OFFER_GROUP), 0);
        assert!(
            headings
                .iter()
                .filter(|h| *h != OFFER_GROUP)
                .all(|h| rank(h) > 0)
        );
    }

    /// The state after `actions` from `s`, each applied.
    fn after(game: &LaissezFaire, s: &State, actions: &[Action]) -> State {
        let mut s = s.clone();
        for &a in actions {
            game.apply(&mut s, a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
        s
    }

    #[test]
    fn every_ready_made_deal_of_a_deed_for_cash_or_a_payment_is_drafted_in_the_builder() {
        let (game, s) = window(2);
        let holdings = |s: &State| {
            (
                s.lots.0[usize::from(TILE)].owner,
                s.lots.0[usize::from(TRAM)].owner,
                s.players[0].cash,
                s.players[1].cash,
            )
        };
        let pairs = [
            // Seat 1 sells Tile Row to seat 2 for $100.
            (
                vec![Action::Offer(1, TILE, 100), Action::Accept],
                vec![Action::Deed(TILE), Action::Pay(Side::Yours, When::Now, 100)],
            ),
            // Seat 1 buys Tram Lane from seat 2 for $120.
            (
                vec![Action::Offer(1, TRAM, 120), Action::Accept],
                vec![Action::Deed(TRAM), Action::Pay(Side::Mine, When::Now, 120)],
            ),
            // A contract from a template: pay $50 now.
            (
                vec![Action::Propose(1, Term::Pay(Sum::S50)), Action::Accept],
                vec![Action::Pay(Side::Mine, When::Now, 50)],
            ),
        ];
        for (ready, clauses) in pairs {
            let built: Vec<Action> = [Action::Draft(1)]
                .into_iter()
                .chain(clauses)
                .chain([Action::Send, Action::Accept])
                .collect();
            let (a, b) = (after(&game, &s, &ready), after(&game, &s, &built));
            assert_eq!(holdings(&a), holdings(&b), "{ready:?} against {built:?}");
            assert_ne!(holdings(&a), holdings(&s), "{ready:?} changed nothing");
        }
    }

    #[test]
    fn the_table_shows_the_notary_s_contracts_and_ledger() {
        use crate::{Sum, Term};
        let game = LaissezFaire::default();
        let mut s = game.initial_state();
        game.apply(&mut s, Action::First(0)).unwrap();
        assert!(!table_text(&game, &s).contains("notary"));
        s.lots.0[3].owner = 0;
        let propose = Action::Propose(1, Term::Borrow(Sum::S100, 3));
        game.apply(&mut s, propose).unwrap();
        assert!(table_text(&game, &s).contains("seat 1 proposes to seat 2: borrow $100"));
        game.apply(&mut s, Action::Accept).unwrap();
        let text = table_text(&game, &s);
        assert!(text.contains("notary: 1 contracts made"), "{text}");
        assert!(text.contains("seat 2 lent seat 1 $100"), "{text}");
        assert!(text.contains("made; $100 from seat 2 to seat 1"), "{text}");
    }
}
