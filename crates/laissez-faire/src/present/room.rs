//! A bargain over a room, a fare or a stay's fee or rent, in words: what every front end
//! shows beside the choices while a player bargains with an owner, or looks for a room
//! where owners have offered theirs unasked ([`gameshelf_engine::Presenter::terms`]).
//!
//! A price is only good or bad against what the lodger would do instead, so the block
//! sets the standing price beside the bank's price for the same (the reference) and the
//! lodger's other options as the rules price them now: the cheapest room he may take as
//! listed, the fare plus a room in the other city when he arrived by transit, and the park
//! bench with the booking fee jail would cost him. Each figure is the rules' own (the
//! room, fare and jail-fee functions the game plays by); the bots weigh the same options
//! by their own estimates, which are theirs, not facts to show a person. What accepting
//! the standing price would do to both sides' cash comes from the payments the rules
//! would make ([`LaissezFaire::charges`]).

use gameshelf_engine::{Game, Seat};

use super::offer::{Change, change_line, whose};
use super::{verb, who};
use crate::bargain::{Bargain, MAX_COUNTERS, Price, Service};
use crate::{Action, BANK, LaissezFaire, Phase, State};

/// The bargain open in `s`, or the lodging in which owners may offer rooms unasked or
/// have offered them, as `viewer` (`None`: a spectator) sees it; empty otherwise.
pub(super) fn room_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>) -> Vec<String> {
    match (s.phase, &s.bargain) {
        (Phase::Bargain, Some(b)) => bargain_lines(game, s, b, viewer),
        (Phase::Posting, _) if s.staying => stay_lines(game, s, viewer),
        (Phase::Posting | Phase::Lodge, _) => lodging_lines(game, s, viewer),
        _ => Vec::new(),
    }
}

/// An open bargain as `viewer` sees it: who asks whom for what (and where), the standing
/// price against the reference and any ceiling, the counters so far, the lodger's other
/// options, and what accepting the standing price would do to both sides' cash.
fn bargain_lines(game: &LaissezFaire, s: &State, b: &Bargain, viewer: Option<Seat>) -> Vec<String> {
    let (customer, provider) = (who(b.customer, viewer), who(b.provider, viewer));
    let city = game.city_name(s.city);
    let what = match b.service {
        Service::Room(_) => format!("{} in {city}", game.describe_service(b.service)),
        Service::Fare(_) => format!(
            "{} from {city} to {}",
            game.describe_service(b.service),
            game.city_name(game.other_city(s.city))
        ),
        Service::StayUtility(_) | Service::StayRent(_) => game.describe_service(b.service),
    };
    let answer = if viewer == Some(usize::from(b.floor)) {
        "for you to answer".to_owned()
    } else {
        format!("{} to answer", who(b.floor, viewer))
    };
    let mut lines = vec![format!(
        "{customer} {} {provider} for {what}, {answer}:",
        verb(b.customer, viewer, "bargain") + " with"
    )];
    lines.push(match (b.ask, b.bid) {
        (None, None) => format!("  {provider} {} not quoted yet", has(b.provider, viewer)),
        (None, Some(bid)) => format!(
            "  {customer} {} ${bid}; {provider} {} not quoted yet",
            verb(b.customer, viewer, "offer"),
            has(b.provider, viewer)
        ),
        (Some(ask), None) => format!("  {provider} {} ${ask}", verb(b.provider, viewer, "ask")),
        (Some(ask), Some(bid)) => format!(
            "  {provider} {} ${ask}; {customer} {} ${bid}",
            verb(b.provider, viewer, "ask"),
            verb(b.customer, viewer, "offer")
        ),
    });
    let mut reference = format!("  the bank's price for the same: ${}", b.reference);
    if let Some(ceiling) = b.ceiling {
        reference.push_str(&format!("; the most {provider} may ask: ${ceiling}"));
    }
    lines.push(reference);
    if b.extra > 0 {
        lines.push(format!(
            "  paid with it: ${} for the stay's other part, already agreed",
            b.extra
        ));
    }
    if b.service.open() {
        lines.push(format!(
            "  counter-offers so far: {} of {MAX_COUNTERS}",
            b.counters
        ));
    }
    cover_lines(game, s, viewer, &mut lines);
    lines.push(options_line(game, s, Some(b.service), viewer));
    let pays = game.charges(s, Action::Accept).iter().any(Option::is_some);
    if b.standing().is_some() && !pays {
        // A stay's fee agreed while its rent is still to be bargained.
        lines.push("  nothing is paid until the stay's other part is agreed too".to_owned());
    } else if b.standing().is_some() && game.is_legal(s, Action::Accept) {
        let accepting = if viewer == Some(usize::from(b.floor)) {
            "if you accept".to_owned()
        } else {
            format!("if {} accepts", who(b.floor, viewer))
        };
        for change in accepted(game, s, b) {
            let line = change_line(&change, viewer);
            lines.push(line.replacen("if accepted", &accepting, 1));
        }
    }
    lines
}

/// `has` agreeing with [`who`]: `have` for you.
fn has(seat: u8, viewer: Option<Seat>) -> &'static str {
    if viewer == Some(usize::from(seat)) {
        "have"
    } else {
        "has"
    }
}

/// What accepting the standing price of `b` would do to the customer and the owner: the
/// payments the rules would make on acceptance, nothing else.
fn accepted(game: &LaissezFaire, s: &State, b: &Bargain) -> [Change; 2] {
    let worths = game.net_worths(s);
    let mut delta = [0i64; 2];
    for (_, payee, amount) in game.charges(s, Action::Accept).into_iter().flatten() {
        delta[0] -= i64::from(amount);
        if payee == b.provider && payee != BANK {
            delta[1] += i64::from(amount);
        }
    }
    [(b.customer, delta[0]), (b.provider, delta[1])].map(|(seat, d)| {
        let i = usize::from(seat);
        let cash = s.players[i].cash;
        Change {
            seat,
            worth: (worths[i], worths[i] + d),
            cash: (cash, u32::try_from(i64::from(cash) + d).unwrap_or(0)),
        }
    })
}

/// The lodger's other options in `s`'s lodging, as the rules price them now, leaving out
/// the one bargained over (`except`): `seat 1's other options: a room at Quay Street for
/// $3; the fare ($5) and a room in Porto ($2): $7; the park bench and jail (a booking
/// fee of $55 at the first jail turn, more at each turn after)`. A stay's only other
/// option is to move on.
fn options_line(
    game: &LaissezFaire,
    s: &State,
    except: Option<Service>,
    viewer: Option<Seat>,
) -> String {
    let seat = usize::from(s.current);
    let whose = if viewer == Some(seat) {
        "your".to_owned()
    } else {
        format!("{}'s", who(s.current, viewer))
    };
    if matches!(except, Some(Service::StayUtility(_) | Service::StayRent(_))) {
        return format!("  {whose} other option: moving on by the roll");
    }
    let name = |i: u8| &game.board().spaces[usize::from(i)].name;
    // Outside a bargain the offers standing are listed on their own: the other options
    // are the rooms without one.
    let cheapest = |city: u8| {
        game.rooms(s, seat, city)
            .filter(|&(i, _)| except != Some(Service::Room(i)))
            .filter(|&(i, _)| except.is_some() || s.quotes.get(i).is_none())
            .filter_map(|(i, p)| p.listed().map(|price| (price, i)))
            .min()
    };
    let mut options = Vec::new();
    if let Some((price, i)) = cheapest(s.city) {
        options.push(format!("a room at {} for ${price}", name(i)));
    }
    for (i, price) in game.rooms(s, seat, s.city) {
        let asked = s.asked & (1 << i) != 0 || except == Some(Service::Room(i));
        if let (
            Price::Negotiable {
                provider,
                reference,
                ..
            },
            false,
        ) = (price, asked)
        {
            options.push(format!(
                "asking {} for a room at {} (the bank would ask ${reference})",
                who(provider, viewer),
                name(i)
            ));
        }
    }
    let side = game.board().cities[usize::from(s.city)].side;
    if s.via_transit && !matches!(except, Some(Service::Fare(_))) {
        let other = game.city_name(game.other_city(s.city));
        match (game.fare(s, seat, side), cheapest(game.other_city(s.city))) {
            (Price::Listed(fare), Some((room, _))) => options.push(format!(
                "the fare (${fare}) and a room in {other} (${room}): ${}",
                fare + room
            )),
            (Price::Negotiable { reference, .. }, Some((room, _))) => options.push(format!(
                "the fare (to bargain; the bank would ask ${reference}) and a room in {other} \
                 (${room})"
            )),
            (_, None) => {}
        }
    }
    // The booking fee jail would cost at the first jail turn, by the rules' own fee.
    let mut jailed = s.clone();
    game.send_to_jail(&mut jailed, seat, side);
    jailed.players[seat].jail_turns = 1;
    options.push(format!(
        "the park bench and jail (a booking fee of ${} at the first jail turn, more at each \
         turn after)",
        game.jail_fee(&jailed, seat)
    ));
    format!("  {whose} other options: {}", options.join("; "))
}

/// The lodging as `viewer` sees it while owners may offer rooms unasked, or have: who
/// looks for a room where, each offer standing with the bank's price for the same room
/// beside it, and the lodger's other options. Empty in a lodging where no offer stands and
/// none may be made (the lodger's choices then say everything).
fn lodging_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>) -> Vec<String> {
    let posting = s.phase == Phase::Posting;
    if s.quotes.is_empty() && s.covers.iter().next().is_none() && !posting {
        return Vec::new();
    }
    let lodger = who(s.current, viewer);
    let city = game.city_name(s.city);
    let mut lines = vec![if s.quotes.is_empty() && s.covers.iter().next().is_none() {
        format!(
            "{lodger} {} for a room in {city}; no offer stands yet:",
            verb(s.current, viewer, "look")
        )
    } else {
        format!("offers standing to {lodger} in {city}:")
    }];
    for q in s.quotes.iter() {
        let reference = match game.request_reference(s, q.service.space()) {
            Some(r) => format!(" (the bank would ask ${r})"),
            None => String::new(),
        };
        lines.push(format!(
            "  {}: {} for ${}{reference}",
            who(q.provider, viewer),
            game.describe_service(q.service),
            q.ask
        ));
    }
    cover_lines(game, s, viewer, &mut lines);
    lines.push(options_line(game, s, None, viewer));
    lines
}

/// The payers' offers standing for the current player's lodging or stay, one line each:
/// who pays up to what of which price, and, once that price is settled, who would pay what
/// of the bill if the offer were taken now.
fn cover_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>, lines: &mut Vec<String>) {
    for (payer, c) in s.covers.iter() {
        let what = game.describe_service(game.payable_service(s, c.space));
        let terms = match game.cover_terms(s, payer) {
            Some((_, price, part)) => format!(
                "; at ${price} now, {} {} ${part} and {} ${}",
                who(payer, viewer),
                verb(payer, viewer, "pay"),
                who(s.current, viewer),
                price - part
            ),
            None => String::new(),
        };
        lines.push(format!(
            "  {} {} up to ${} of {} price for {what}{terms}",
            who(payer, viewer),
            verb(payer, viewer, "pay"),
            c.sum,
            whose(s.current, viewer).0
        ));
    }
}

/// The posting step before a stay's bargain, as `viewer` sees it: the stay chosen, its two
/// parts with their prices or whose price they are, and the payers' offers so far.
fn stay_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>) -> Vec<String> {
    let stayer = who(s.current, viewer);
    let pos = s.me().pos;
    let mut lines = vec![format!(
        "{stayer} {} to stay at {}; the others may offer to pay part of it first:",
        verb(s.current, viewer, "choose"),
        game.board().spaces[usize::from(pos)].name
    )];
    let utility = game.board().forward_utility[usize::from(pos)];
    for space in [pos, utility] {
        let price = match game.payable_price(s, space) {
            Some(Price::Listed(p)) => format!("${p}"),
            Some(Price::Negotiable {
                provider,
                reference,
                ..
            }) => format!(
                "{} price (the bank would ask ${reference})",
                whose(provider, viewer).0
            ),
            None => "nothing".to_owned(),
        };
        lines.push(format!(
            "  {}: {price}",
            game.describe_service(game.payable_service(s, space))
        ));
    }
    cover_lines(game, s, viewer, &mut lines);
    lines
}
