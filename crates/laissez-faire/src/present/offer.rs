//! The offer on the table in words: what every front end shows beside the choices while a
//! package is drafted or answered, or a trade thread's terms are answered
//! ([`gameshelf_engine::Presenter::terms`]).
//!
//! A package is built one clause per move, so the person building it needs the whole of
//! it in view after each move, and the person answering needs it before choosing: its
//! clauses one per line, and what accepting it now would do to both parties. That effect
//! is worked out by the notary itself, executing the package on a copy of the state
//! ([`effect`]), so the figures are the rules' own (deeds at their value, loans owed
//! counted in net worth) and a package the notary would refuse says why instead. The
//! lines are written here once; the terminal and the web page only lay them out.

use gameshelf_engine::Seat;

use gameshelf_engine::Game;

use super::{item_text, package_text, verb, when_text, who};
use crate::deal::Deal;
use crate::notary::Refusal;
use crate::package::Kind;
use crate::package::{MAX_CLAUSES, MAX_EDITS, seats_in};
use crate::{Action, LaissezFaire, Phase, State, Term, Thread};

/// What accepting a package now would do to one of its parties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The party.
    pub seat: u8,
    /// His net worth now, and once the package is accepted.
    pub worth: (i64, i64),
    /// His cash now, and once the package is accepted.
    pub cash: (u32, u32),
}

/// What accepting `deal`'s package now would do to its author, its answerer and the third
/// parties it names (payers, payees, givers of a deed, guarantors), in that order (the
/// third parties in seat order), worked out by executing it on a copy of `s`.
///
/// # Errors
/// The notary's reason why the package could not be accepted as it stands (a loan without
/// its repayment, more cash than a party holds, ...).
pub fn effect(game: &LaissezFaire, s: &State, deal: &Deal) -> Result<Vec<Change>, Refusal> {
    let mut after = s.clone();
    game.execute_package(&mut after, deal.author, deal.answerer, &deal.package)?;
    let seats = [deal.author, deal.answerer]
        .into_iter()
        .chain(seats_in(deal.thirds()));
    Ok(changes(game, s, &after, seats))
}

/// What went from `before` to `after` for each of `seats`.
fn changes(
    game: &LaissezFaire,
    before: &State,
    after: &State,
    seats: impl IntoIterator<Item = u8>,
) -> Vec<Change> {
    let (old, new) = (game.net_worths(before), game.net_worths(after));
    seats
        .into_iter()
        .map(|seat| {
            let i = usize::from(seat);
            Change {
                seat,
                worth: (old[i], new[i]),
                cash: (before.players[i].cash, after.players[i].cash),
            }
        })
        .collect()
}

/// One party's change in words for `viewer`: `if accepted: your net worth goes from $1500
/// to $1430 (-$70), your cash from $1500 to $1100`.
pub(super) fn change_line(c: &Change, viewer: Option<Seat>) -> String {
    let (owner, pronoun) = whose(c.seat, viewer);
    format!(
        "if accepted: {owner} net worth goes from ${} to ${} ({}), {pronoun} cash from ${} to \
         ${}",
        c.worth.0,
        c.worth.1,
        signed(c.worth.1 - c.worth.0),
        c.cash.0,
        c.cash.1
    )
}

/// A signed sum of dollars: `+$70`, `-$70`, `+$0`.
pub(super) fn signed(d: i64) -> String {
    format!("{}${}", if d < 0 { "-" } else { "+" }, d.unsigned_abs())
}

/// A seat's possessive for `viewer` and its pronoun: `your`, or `seat 2's` and `its`.
pub(super) fn whose(seat: u8, viewer: Option<Seat>) -> (String, &'static str) {
    if viewer == Some(usize::from(seat)) {
        ("your".to_owned(), "your")
    } else {
        (format!("seat {}'s", u16::from(seat) + 1), "its")
    }
}

/// The offer being drafted or answered, as `viewer` (`None`: a spectator) sees it: a
/// heading (whose offer to whom, sent or not, with the room left in a draft), each clause
/// numbered as the strike choices number them, the terms it counters, and what accepting
/// it now would do to both parties' net worths and cash, or why the notary would refuse
/// it. Empty when no package is being drafted or answered.
///
/// Everything in a deal is public (the rules' ruling B-18), so every seat sees the same
/// facts, worded for it.
pub fn offer_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>) -> Vec<String> {
    let mut lines = open_lines(game, s, viewer);
    lines.extend(parked_lines(game, s, viewer));
    lines
}

/// The threads set aside, as `viewer` sees them: a heading and one line each, numbered as
/// the choices that take them up. Empty while none is.
fn parked_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>) -> Vec<String> {
    if s.parked.iter().all(Option::is_none) {
        return Vec::new();
    }
    let opener = game.opener(s) as u8;
    let until = if s.floor_seat.is_some() {
        "the floor passes"
    } else {
        "the window closes"
    };
    let mut lines = vec![format!(
        "set aside by {} (they lapse when {until}):",
        who(opener, viewer)
    )];
    for k in 0..s.parked.iter().flatten().count() as u8 {
        lines.push(format!("  {}. {}", k + 1, game.describe_parked(s, k)));
    }
    lines
}

/// The offer being drafted or answered, or the bargain or lodging under way.
fn open_lines(game: &LaissezFaire, s: &State, viewer: Option<Seat>) -> Vec<String> {
    if let (Phase::Trade, Some(thread)) = (s.phase, &s.trade) {
        return thread_lines(game, s, thread, viewer);
    }
    if matches!(s.phase, Phase::Posting | Phase::Lodge | Phase::Bargain) {
        return super::room::room_lines(game, s, viewer);
    }
    let Some(deal) = s.deal.filter(|_| s.phase == Phase::Deal) else {
        return Vec::new();
    };
    let me = |seat: u8| viewer == Some(usize::from(seat));
    let (author, answerer) = (who(deal.author, viewer), who(deal.answerer, viewer));
    let kind = if deal.counters > 0 {
        "counter-offer"
    } else {
        "offer"
    };
    let third = deal.third();
    let heading = match (deal.sent, me(deal.author), me(deal.answerer)) {
        _ if deal.consent => match third {
            Some(t) if me(t) => format!(
                "{author} and {answerer} agreed to this {kind}, which names you: it executes \
                 only if you consent{}",
                if deal.accept_executes() {
                    ""
                } else {
                    ", and so does every third party after you"
                }
            ),
            _ => format!(
                "{author} and {answerer} agreed to this {kind}; it waits for {}'s consent:",
                who(third.unwrap_or(deal.answerer), viewer)
            ),
        },
        (false, true, _) => format!(
            "your {kind} to {answerer}, not sent yet ({} of {MAX_CLAUSES} clauses, {} \
             changes left):",
            deal.package.len(),
            MAX_EDITS.saturating_sub(deal.edits)
        ),
        (false, ..) => format!("{author} is drafting an {kind} to {answerer}:"),
        (true, true, _) => format!("your {kind} to {answerer}, waiting for the answer:"),
        (true, _, true) => format!("{author}'s {kind} to you, for you to answer:"),
        (true, ..) => format!("{author}'s {kind} to {answerer}:"),
    };
    let mut lines = vec![heading];
    if deal.package.is_empty() {
        lines.push(if me(deal.author) && !deal.sent {
            "  no clause yet: add clauses from the choices".to_owned()
        } else {
            "  no clause yet".to_owned()
        });
    }
    lines.extend(
        (1..)
            .zip(deal.package.iter())
            .map(|(n, item)| format!("  {n}. {}", item_text(game, s, item, viewer))),
    );
    let thirds: Vec<String> = seats_in(deal.thirds())
        .map(|t| {
            let consented = if deal.consented & (1 << t) != 0 {
                " (consented)"
            } else {
                ""
            };
            format!("{}{consented}", who(t, viewer))
        })
        .collect();
    match thirds.as_slice() {
        [] => {}
        [one] => lines.push(format!(
            "  third party: {one}, who must consent after {answerer} accepts"
        )),
        many => lines.push(format!(
            "  third parties: {}, who must each consent, in that order, after {answerer} \
             accepts",
            many.join(", ")
        )),
    }
    lines.extend(seats_in(deal.thirds()).map(|t| part_line(game, &deal, t, viewer)));
    if !deal.before.is_empty() {
        lines.push(format!(
            "  in place of: {}",
            package_text(game, s, &deal.before, viewer)
        ));
    }
    if deal.package.is_empty() {
        return lines;
    }
    match effect(game, s, &deal) {
        Ok(changes) => lines.extend(changes.iter().map(|c| change_line(c, viewer))),
        Err(why) => lines.push(format!("as it stands the notary would refuse it: {why}")),
    }
    lines
}

/// What the third party `seat` gives and gets under `deal`'s terms, clause by clause, as
/// `viewer` sees it: `you give: a loan of $300 now (clause 1); you get: $70 every round, 5
/// times (clause 2)`. The clauses say it already, but a third party is asked about terms
/// drafted by others, in which his part may be one clause of six: this line gathers it.
fn part_line(game: &LaissezFaire, deal: &Deal, seat: u8, viewer: Option<Seat>) -> String {
    let (mut gives, mut gets) = (Vec::new(), Vec::new());
    for (n, item) in (1..).zip(deal.package.iter()) {
        let x = item.amount;
        let what = match item.kind {
            Kind::Pay(when) => format!("${x} {}", when_text(game, when, viewer)),
            Kind::Deed(d) => game.board().spaces[usize::from(d)].name.clone(),
            Kind::Lend(_) => format!("a loan of ${x} now"),
            Kind::Repay(c) => format!("${x} {}", c.words()),
            Kind::Right(right, d) => game.describe_right(right, d, x),
            Kind::Text(_) => format!("a promise on penalty of ${x}"),
            Kind::Rule(rule, value) => format!("the rule {} set to {value}", rule.name()),
        };
        if item.from == seat {
            gives.push(format!("{what} (clause {n})"));
        }
        if item.to == seat {
            gets.push(format!("{what} (clause {n})"));
        }
        if let Some(g) = item.guarantee() {
            let fee = format!("a guarantee's fee of ${} (clause {n})", g.fee);
            if g.seat == seat {
                gives.push(format!("a guarantee of clause {n}"));
                gets.extend((g.fee > 0).then_some(fee));
            } else if item.from == seat && g.fee > 0 {
                gives.push(fee);
            }
        }
    }
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "nothing".to_owned()
        } else {
            v.join(", ")
        }
    };
    let someone = who(seat, viewer);
    format!(
        "  {someone} {}: {}; {someone} {}: {}",
        verb(seat, viewer, "give"),
        list(gives),
        verb(seat, viewer, "get"),
        list(gets)
    )
}

/// A trade thread's standing terms as `viewer` sees them: whose they are and who answers,
/// the deed and the cash (or the contract proposed), and, while its answerer has the
/// floor, what accepting them would do to both parties (worked out by accepting them on a
/// copy of the state). A rule change put to every player is left to the table's text: it
/// moves no money.
fn thread_lines(
    game: &LaissezFaire,
    s: &State,
    thread: &Thread,
    viewer: Option<Seat>,
) -> Vec<String> {
    let me = |seat: u8| viewer == Some(usize::from(seat));
    let (author, answerer) = (who(thread.author, viewer), who(thread.answerer, viewer));
    let kind = if thread.contract.is_some() {
        "proposal"
    } else {
        "offer"
    };
    let heading = match (me(thread.author), me(thread.floor)) {
        (true, true) => format!("your {kind} to {answerer}, who asks for time:"),
        (true, false) => format!("your {kind} to {answerer}, waiting for the answer:"),
        (false, true) => format!("{author}'s {kind} to you, for you to answer:"),
        (false, false) => format!("{author}'s {kind} to {answerer}:"),
    };
    let terms = match thread.contract {
        Some(Term::Rule(..)) => return Vec::new(),
        Some(term) => format!("{author} proposes: {}", game.describe_term(s, term)),
        None => format!(
            "{} {} {} {} for ${}",
            who(thread.giver, viewer),
            verb(thread.giver, viewer, "give"),
            who(thread.taker(), viewer),
            game.board().spaces[usize::from(thread.deed)].name,
            thread.amount
        ),
    };
    let mut lines = vec![heading, format!("  {terms}")];
    if thread.floor == thread.answerer && game.is_legal(s, Action::Accept) {
        let mut after = s.clone();
        game.apply_unchecked(&mut after, Action::Accept);
        let changed = changes(game, s, &after, [thread.author, thread.answerer]);
        lines.extend(changed.iter().map(|c| change_line(c, viewer)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use gameshelf_engine::{Actor, Game, GameSpec, Outcomes, Presenter, Rng};

    use super::*;
    use crate::contract::NO_DEED;
    use crate::deal::REPRESENTATIVE;
    use crate::package::{Side, When};
    use crate::present::LaissezFairePresenter;
    use crate::{Action, Price};

    use crate::present::tests::{TILE, TRAM, window};

    /// Quay Street, one of Porto's properties.
    const QUAY: u8 = 6;

    /// The presenter's [`window`], seat 2 holding Quay Street too.
    fn setup(players: usize) -> (LaissezFaire, State) {
        let (game, mut s) = window(players);
        s.lots.0[usize::from(QUAY)].owner = 1;
        (game, s)
    }

    /// Seat 1 drafts for seat 2: $100 now, Tram Lane to seat 1, a loan of $300 to seat 2
    /// against Quay Street, repaid $66 a round five times.
    fn drafted(game: &LaissezFaire, s: &mut State) {
        for a in [
            Action::Draft(1),
            Action::Pay(Side::Mine, When::Now, 100),
            Action::Deed(TRAM),
            Action::Lend(Side::Mine, QUAY, 300),
            Action::Repay(REPRESENTATIVE, 66),
        ] {
            game.apply(s, a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }

    #[test]
    fn a_draft_shows_every_clause_and_what_acceptance_does_to_both_net_worths() {
        let (game, mut s) = setup(2);
        drafted(&game, &mut s);
        let lines = offer_lines(&game, &s, Some(0));
        let worth = (game.net_worth(&s, 0), game.net_worth(&s, 1));
        // What the block announces is what acceptance does: send and accept on a copy.
        let mut accepted = s.clone();
        game.apply(&mut accepted, Action::Send).unwrap();
        game.apply(&mut accepted, Action::Accept).unwrap();
        let after = (game.net_worth(&accepted, 0), game.net_worth(&accepted, 1));
        assert_eq!(
            (accepted.players[0].cash, accepted.players[1].cash),
            (1100, 1900)
        );
        assert_eq!(
            lines,
            [
                "your offer to seat 2, not sent yet (4 of 6 clauses, 8 changes left):".to_owned(),
                "  1. you pay seat 2 $100 now".to_owned(),
                "  2. seat 2 gives you Tram Lane".to_owned(),
                "  3. you lend seat 2 $300 now against Quay Street".to_owned(),
                "  4. seat 2 repays you $66 every round, 5 times".to_owned(),
                format!(
                    "if accepted: your net worth goes from ${} to ${} ({}), your cash from \
                     $1500 to $1100",
                    worth.0,
                    after.0,
                    signed(after.0 - worth.0)
                ),
                format!(
                    "if accepted: seat 2's net worth goes from ${} to ${} ({}), its cash \
                     from $1500 to $1900",
                    worth.1,
                    after.1,
                    signed(after.1 - worth.1)
                ),
            ]
        );
        // The same block, worded for the other party and for a spectator.
        let theirs = offer_lines(&game, &s, Some(1));
        assert_eq!(theirs[0], "seat 1 is drafting an offer to you:");
        assert_eq!(theirs[2], "  2. you give seat 1 Tram Lane");
        let public = offer_lines(&game, &s, None).join("\n");
        assert!(!public.contains("you"), "{public}");
        assert!(public.contains("seat 1's net worth goes from"), "{public}");
    }

    #[test]
    fn a_draft_the_notary_would_refuse_says_why_instead_of_an_effect() {
        let (game, mut s) = setup(2);
        for a in [Action::Draft(1), Action::Lend(Side::Mine, NO_DEED, 300)] {
            game.apply(&mut s, a).unwrap();
        }
        let lines = offer_lines(&game, &s, Some(0));
        let last = lines.last().unwrap();
        assert!(
            last.starts_with("as it stands the notary would refuse it: "),
            "{lines:#?}"
        );
        assert!(!lines.iter().any(|l| l.starts_with("if accepted")));
        // An empty draft says so, and nothing is shown outside a deal.
        let (game, mut s) = setup(2);
        assert!(offer_lines(&game, &s, Some(0)).is_empty());
        game.apply(&mut s, Action::Draft(1)).unwrap();
        assert_eq!(
            offer_lines(&game, &s, Some(0))[1],
            "  no clause yet: add clauses from the choices"
        );
    }

    #[test]
    fn an_incoming_offer_shows_the_answerer_everything_and_others_the_same_facts() {
        let (game, mut s) = setup(3);
        drafted(&game, &mut s);
        game.apply(&mut s, Action::Send).unwrap();
        let terms = |seat: Option<usize>| {
            // Built from what the seat observes, as every front end does.
            let seen = seat.map_or_else(|| s.clone(), |seat| game.observe(&s, seat));
            LaissezFairePresenter.terms(&game, seat, &seen)
        };
        let answerer = terms(Some(1));
        assert_eq!(answerer[0], "seat 1's offer to you, for you to answer:");
        let deal = s.deal.unwrap();
        // Every clause, worded for the answerer, and the effect on both parties.
        for (n, item) in (1..).zip(deal.package.iter()) {
            let clause = format!(
                "  {n}. {}",
                crate::present::item_text(&game, &s, item, Some(1))
            );
            assert!(answerer.contains(&clause), "{clause:?} in {answerer:#?}");
        }
        assert_eq!(answerer.len(), 1 + deal.package.len() + 2, "{answerer:#?}");
        assert!(answerer[5].starts_with("if accepted: seat 1's net worth"));
        assert!(answerer[6].starts_with("if accepted: your net worth"));
        // The author waits; a third player and a spectator see the same facts in the
        // third person, and nobody's view speaks of a seat that is no party.
        assert_eq!(
            terms(Some(0))[0],
            "your offer to seat 2, waiting for the answer:"
        );
        for outsider in [terms(Some(2)), terms(None)] {
            assert_eq!(outsider[0], "seat 1's offer to seat 2:");
            assert_eq!(outsider.len(), answerer.len());
            let text = outsider.join("\n");
            assert!(!text.contains("you") && !text.contains("seat 3"), "{text}");
        }
        // The answer, as the author reads it in the log.
        assert_eq!(
            LaissezFairePresenter.describe_move(&game, &s, Action::Refuse, Some(0)),
            "seat 2: refuse your package"
        );
        // A counter names the terms it replaces.
        game.apply(&mut s, Action::Amend).unwrap();
        game.apply(&mut s, Action::Strike(0)).unwrap();
        let counter = offer_lines(&game, &s, Some(1));
        assert!(counter[0].starts_with("your counter-offer to seat 1, not sent yet"));
        assert!(
            counter
                .iter()
                .any(|l| l.starts_with("  in place of: seat 1 pays you $100 now; ")),
            "{counter:#?}"
        );
    }

    #[test]
    fn a_deed_offered_in_a_trade_thread_shows_its_effect_to_the_answerer() {
        let (game, mut s) = setup(2);
        game.apply(&mut s, Action::Offer(1, TILE, 100)).unwrap();
        assert_eq!(
            offer_lines(&game, &s, Some(1)),
            [
                "seat 1's offer to you, for you to answer:",
                "  seat 1 gives you Tile Row for $100",
                "if accepted: seat 1's net worth goes from $1530 to $1600 (+$70), its cash \
                 from $1500 to $1600",
                "if accepted: your net worth goes from $1580 to $1510 (-$70), your cash from \
                 $1500 to $1400",
            ]
        );
        // Asked for time, the author sees his terms without an effect to accept.
        game.apply(&mut s, Action::Hold).unwrap();
        assert_eq!(
            offer_lines(&game, &s, Some(0)),
            [
                "your offer to seat 2, who asks for time:",
                "  you give seat 2 Tile Row for $100"
            ]
        );
    }

    /// Whether `a` pays, gives something away or commits to terms: never the highlighted
    /// choice while anything else is offered.
    fn costly(game: &LaissezFaire, s: &State, a: Action) -> bool {
        match a {
            Action::Lodge(i) => game
                .room_price(s, usize::from(s.current), i)
                .and_then(Price::listed)
                .is_none_or(|p| p > 0),
            Action::Covered(payer) => game
                .cover_terms(s, payer)
                .is_none_or(|(_, price, part)| price > part),
            Action::Buy
            | Action::PayFee
            | Action::Stay
            | Action::Ride
            | Action::Bench
            | Action::Accept
            | Action::Send
            | Action::Build(_)
            | Action::Exercise(_)
            | Action::Pay(..)
            | Action::Deed(_)
            | Action::Lend(..)
            | Action::Repay(..)
            | Action::Right(..)
            | Action::Offer(..)
            | Action::Cover(..)
            | Action::Propose(..)
            | Action::Release(..)
            | Action::DeclareRace
            | Action::DeclareStalemate
            | Action::ProposeStalemate => true,
            _ => false,
        }
    }

    #[test]
    fn the_highlighted_choice_never_pays_while_something_else_is_offered() {
        let spec: GameSpec = "laissez-faire(players=3,max_rounds=20)".parse().unwrap();
        let game = LaissezFaire::from_spec(&spec).unwrap();
        let presenter = LaissezFairePresenter;
        let (mut legal, mut outcomes) = (Vec::new(), Outcomes::new());
        let (mut decisions, mut bargains) = (0, 0);
        for seed in 0..4 {
            let mut rng = Rng::seed_from_u64(seed);
            let mut s = game.initial_state();
            for _ in 0..4000 {
                let a = match game.actor(&s) {
                    Actor::Terminal => break,
                    Actor::Chance => {
                        game.chance_outcomes(&s, &mut outcomes);
                        outcomes.sample(&mut rng)
                    }
                    Actor::Player(_) => {
                        game.legal_actions(&s, &mut legal);
                        let safe = legal[presenter.safe_choice(&game, &s, &legal)];
                        if legal.iter().any(|&a| !costly(&game, &s, a)) {
                            assert!(
                                !costly(&game, &s, safe),
                                "{safe} highlighted among {legal:?} in {:?}",
                                s.phase
                            );
                        }
                        // A bargain's terms are shown to whoever answers, whatever it
                        // is over (a room, a fare, a stay's fee or rent).
                        if s.phase == Phase::Bargain {
                            let seat = s.bargain.map(|b| usize::from(b.floor));
                            assert!(!presenter.terms(&game, seat, &s).is_empty());
                            bargains += 1;
                        }
                        decisions += 1;
                        legal[rng.below(legal.len() as u64) as usize]
                    }
                };
                game.apply_unchecked(&mut s, a);
            }
        }
        assert!(decisions > 1000, "{decisions}");
        assert!(bargains > 0, "no bargain in {decisions} decisions");
    }
}
