//! Schedules typed in words, for the offer builder: `every 2 rounds, 3 times` for a payment
//! on a round schedule or a loan's repayment, `4 times` for a payment at each Start, stay,
//! turn or landing, `seat 3, 4 times` for a payment at the start of another player's turns,
//! `for 10 rounds` or `for 5 uses` (`5 times`) for a right.
//!
//! The list of moves offers one representative schedule per kind of clause (search and
//! random play need a short list); a person types the schedule he means after the choice,
//! the way he types a sum ([`gameshelf_engine::Presenter::scheduled`]). The words only
//! rebuild the clause's action with the schedule named; whether the clause is legal stays
//! the notary's judgement, as for any move. The bounds are those an action can carry: a
//! round schedule is packed in one byte ([`Cadence`], 1 to [`Cadence::MAX`] rounds apart and
//! as many times), a right's length in one byte ([`MAX_ROUNDS`] rounds, [`MAX_USES`] uses).

use crate::Action;
use crate::package::{Cadence, Grant, MAX_ROUNDS, MAX_USES, OtherTurns, Span, Spot, When};

/// Why typed words name no schedule the move can take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScheduleError {
    /// The move has no schedule (a payment now, a deed, a strike, ...).
    #[error("this move has no schedule to type")]
    NoSchedule,
    /// Nothing was typed.
    #[error("no schedule typed: type {0}")]
    Empty(&'static str),
    /// A word the schedule's words do not use, or a number without its unit.
    #[error("{0:?} is not part of a schedule: type {1}")]
    Word(String, &'static str),
    /// The spacing is out of bounds.
    #[error("a payment recurs every 1 to {max} rounds, not {0}", max = Cadence::MAX)]
    Every(u64),
    /// The count is out of bounds.
    #[error("a payment recurs 1 to {max} times, not {0}", max = Cadence::MAX)]
    Times(u64),
    /// The count of a payment on landings on one space is out of bounds.
    #[error("a payment on landings on one space recurs 1 to {max} times, not {0}", max = Spot::MAX_TIMES)]
    Landings(u64),
    /// A seat out of bounds.
    #[error("a seat is 1 to {max}, not {0}", max = OtherTurns::SEATS)]
    Seat(u64),
    /// A right's length is out of bounds.
    #[error("a right lasts 1 to {MAX_ROUNDS} rounds, not {0}")]
    Rounds(u64),
    /// A right's uses are out of bounds.
    #[error("a right lasts 1 to {MAX_USES} uses, not {0}")]
    Uses(u64),
    /// A length in uses for a right used once (an option).
    #[error("an option lasts a number of rounds: exercising it ends it")]
    Once,
    /// Words that do not fit this kind of clause (a spacing for a payment at each Start,
    /// a count for a right).
    #[error("this clause's schedule is {0}: type {1}")]
    Shape(&'static str, &'static str),
}

/// The forms typed, for prompts and errors.
const ROUND_FORM: &str = "every K rounds, N times";
const COUNT_FORM: &str = "N times";
const TURNS_FORM: &str = "seat S, N times";
const LENGTH_FORM: &str = "for N rounds, or for N uses";
const OPTION_FORM: &str = "for N rounds";

/// The numbers a person typed, each once at most.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Typed {
    /// `every K rounds` (`every round`: 1).
    every: Option<u64>,
    /// `N times` (`once`, `twice`).
    times: Option<u64>,
    /// `for N rounds`, a length.
    rounds: Option<u64>,
    /// `for N uses`, a length in uses.
    uses: Option<u64>,
    /// `seat S`, the player whose turns a payment follows (as numbered to people, from 1).
    seat: Option<u64>,
}

impl Typed {
    /// Reads `words`: `every 2 rounds, 3 times`, `each round 5 times`, `twice`, `for 10
    /// rounds`, `for 5 uses`; case, commas and `and` do not matter. `form` is what to suggest on an
    /// error.
    fn parse(words: &str, form: &'static str) -> Result<Typed, ScheduleError> {
        let text = words.to_ascii_lowercase().replace([',', ';', '.'], " ");
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(ScheduleError::Empty(form));
        }
        let number = |t: &str| {
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u64>().unwrap_or(u64::MAX))
        };
        let is_round = |t: Option<&&str>| matches!(t, Some(&("round" | "rounds")));
        let wrong = |t: &str| ScheduleError::Word(t.to_owned(), form);
        let mut typed = Typed::default();
        let mut i = 0;
        while i < tokens.len() {
            let t = tokens[i];
            match t {
                "and" | "for" | "of" => i += 1,
                "seat" => {
                    typed.seat = Some(
                        tokens
                            .get(i + 1)
                            .and_then(|n| number(n))
                            .ok_or_else(|| wrong(t))?,
                    );
                    i += 2;
                }
                "once" | "twice" => {
                    typed.times = Some(if t == "once" { 1 } else { 2 });
                    i += 1;
                }
                "every" | "each" => {
                    match (tokens.get(i + 1).and_then(|n| number(n)), tokens.get(i + 1)) {
                        (Some(k), _) if is_round(tokens.get(i + 2)) => {
                            typed.every = Some(k);
                            i += 3;
                        }
                        (None, next) if is_round(next) => {
                            typed.every = Some(1);
                            i += 2;
                        }
                        _ => return Err(wrong(t)),
                    }
                }
                _ => {
                    let n = number(t).ok_or_else(|| wrong(t))?;
                    match tokens.get(i + 1) {
                        Some(&("times" | "time" | "instalments" | "installments" | "payments")) => {
                            typed.times = Some(n);
                        }
                        Some(&("rounds" | "round")) => typed.rounds = Some(n),
                        Some(&("uses" | "use")) => typed.uses = Some(n),
                        _ => return Err(wrong(t)),
                    }
                    i += 2;
                }
            }
        }
        Ok(typed)
    }
}

/// A count in bounds, or the error naming them.
fn bounded(n: u64, max: u8, error: fn(u64) -> ScheduleError) -> Result<u8, ScheduleError> {
    match u8::try_from(n) {
        Ok(k) if (1..=max).contains(&k) => Ok(k),
        _ => Err(error(n)),
    }
}

/// `cadence` with what `typed` changes (every part not typed kept).
fn cadence(cadence: Cadence, typed: Typed) -> Result<Cadence, ScheduleError> {
    if typed.rounds.is_some() || typed.uses.is_some() || typed.seat.is_some() {
        return Err(ScheduleError::Shape("a round schedule", ROUND_FORM));
    }
    let every = bounded(
        typed.every.unwrap_or(cadence.every().into()),
        Cadence::MAX,
        ScheduleError::Every,
    )?;
    let times = bounded(
        typed.times.unwrap_or(cadence.times().into()),
        Cadence::MAX,
        ScheduleError::Times,
    )?;
    Cadence::new(every, times).ok_or(ScheduleError::Times(times.into()))
}

/// The count of a payment at each of some event, from `typed`: 1 to `most`, or `error`.
fn count(typed: Typed, most: u8, error: fn(u64) -> ScheduleError) -> Result<u8, ScheduleError> {
    if typed.every.is_some()
        || typed.rounds.is_some()
        || typed.uses.is_some()
        || typed.seat.is_some()
    {
        return Err(ScheduleError::Shape("a count of events", COUNT_FORM));
    }
    let times = typed.times.ok_or(ScheduleError::Empty(COUNT_FORM))?;
    bounded(times, most, error)
}

/// Another player's turns from `typed`: `seat S`, `N times`, or both, what is not typed
/// kept from `turns`.
fn turns_of(turns: OtherTurns, typed: Typed) -> Result<OtherTurns, ScheduleError> {
    if typed.every.is_some() || typed.rounds.is_some() || typed.uses.is_some() {
        return Err(ScheduleError::Shape("a seat's turns", TURNS_FORM));
    }
    let seat = match typed.seat {
        Some(n) => bounded(n, OtherTurns::SEATS, ScheduleError::Seat)? - 1,
        None => turns.seat(),
    };
    let times = match typed.times {
        Some(n) => bounded(n, Cadence::MAX, ScheduleError::Times)?,
        None => turns.times(),
    };
    OtherTurns::new(seat, times).ok_or(ScheduleError::Times(times.into()))
}

/// A right's length from `typed`: `for N rounds`, or `for N uses` (`N times` says the
/// same: a right used N times).
fn span(typed: Typed) -> Result<Span, ScheduleError> {
    if typed.seat.is_some() {
        return Err(ScheduleError::Shape("its length", LENGTH_FORM));
    }
    match (typed.every, typed.rounds, typed.uses.or(typed.times)) {
        (None, Some(n), None) => bounded(n, MAX_ROUNDS, ScheduleError::Rounds).map(Span::Rounds),
        (None, None, Some(n)) => bounded(n, MAX_USES, ScheduleError::Uses).map(Span::Uses),
        (None, None, None) => Err(ScheduleError::Empty(LENGTH_FORM)),
        _ => Err(ScheduleError::Shape("its length", LENGTH_FORM)),
    }
}

/// What a person is asked to type for `action`'s schedule, or `None` when it has none to
/// type.
pub fn prompt(action: Action) -> Option<String> {
    let (form, bounds) = match form(action)? {
        ROUND_FORM => (ROUND_FORM, format!("K and N from 1 to {}", Cadence::MAX)),
        TURNS_FORM => (
            TURNS_FORM,
            format!(
                "S from 1 to {}, N from 1 to {}",
                OtherTurns::SEATS,
                Cadence::MAX
            ),
        ),
        COUNT_FORM => {
            let most = match action {
                Action::Pay(_, When::LandsOn(_), _) => Spot::MAX_TIMES,
                _ => Cadence::MAX,
            };
            (COUNT_FORM, format!("N from 1 to {most}"))
        }
        form => (form, format!("N from 1 to {MAX_ROUNDS}")),
    };
    Some(format!("a schedule: {form} ({bounds})"))
}

/// The form of `action`'s schedule, or `None` when it has none to type.
fn form(action: Action) -> Option<&'static str> {
    match action {
        Action::Pay(_, When::Rounds(_), _) | Action::Repay(..) => Some(ROUND_FORM),
        Action::Pay(
            _,
            When::Starts(_) | When::Stays(_) | When::Turns(_) | When::Lands(_) | When::LandsOn(_),
            _,
        ) => Some(COUNT_FORM),
        Action::Pay(_, When::TurnsOf(_), _) => Some(TURNS_FORM),
        Action::Right(right, ..) if right.grant() == Grant::Option => Some(OPTION_FORM),
        Action::Right(..) => Some(LENGTH_FORM),
        _ => None,
    }
}

/// `action` on the schedule typed in `words`.
///
/// # Errors
/// [`ScheduleError`]: the move has no schedule, or the words name none it can take (out
/// of bounds, or of another shape).
pub fn scheduled(action: Action, words: &str) -> Result<Action, ScheduleError> {
    let form = form(action).ok_or(ScheduleError::NoSchedule)?;
    let typed = Typed::parse(words, form)?;
    let events = || count(typed, Cadence::MAX, ScheduleError::Times);
    let scheduled = match action {
        Action::Pay(side, When::Rounds(c), x) => {
            Action::Pay(side, When::Rounds(cadence(c, typed)?), x)
        }
        Action::Repay(c, x) => Action::Repay(cadence(c, typed)?, x),
        Action::Pay(side, When::Starts(_), x) => Action::Pay(side, When::Starts(events()?), x),
        Action::Pay(side, When::Stays(_), x) => Action::Pay(side, When::Stays(events()?), x),
        Action::Pay(side, When::Turns(_), x) => Action::Pay(side, When::Turns(events()?), x),
        Action::Pay(side, When::TurnsOf(o), x) => {
            Action::Pay(side, When::TurnsOf(turns_of(o, typed)?), x)
        }
        Action::Pay(side, When::Lands(v), x) => {
            let visits = crate::package::Visits::new(v.city(), events()?)
                .ok_or(ScheduleError::NoSchedule)?;
            Action::Pay(side, When::Lands(visits), x)
        }
        Action::Pay(side, When::LandsOn(p), x) => {
            let times = count(typed, Spot::MAX_TIMES, ScheduleError::Landings)?;
            let spot = Spot::new(p.space(), times).ok_or(ScheduleError::NoSchedule)?;
            Action::Pay(side, When::LandsOn(spot), x)
        }
        Action::Right(right, d, x) => {
            let span = span(typed)?;
            let right = right.lasting(span).ok_or(ScheduleError::Once)?;
            Action::Right(right, d, x)
        }
        _ => return Err(ScheduleError::NoSchedule),
    };
    Ok(scheduled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::REPRESENTATIVE;
    use crate::package::{Right, Side};

    const RENT: Action = Action::Pay(Side::Mine, When::Rounds(REPRESENTATIVE), 40);

    fn every(k: u8, n: u8) -> When {
        When::Rounds(Cadence::new(k, n).unwrap())
    }

    #[test]
    fn a_round_schedule_is_typed_in_words_and_what_is_not_typed_is_kept() {
        for (words, when) in [
            ("every 2 rounds, 3 times", every(2, 3)),
            ("Each round 15 times", every(1, 15)),
            ("every 15 rounds and twice", every(15, 2)),
            ("4 times", every(1, 4)),
            ("every 3 rounds", every(3, 5)),
            ("once", every(1, 1)),
        ] {
            assert_eq!(
                scheduled(RENT, words),
                Ok(Action::Pay(Side::Mine, when, 40)),
                "{words}"
            );
        }
        let repay = Action::Repay(REPRESENTATIVE, 66);
        assert_eq!(
            scheduled(repay, "every 2 rounds, 10 instalments"),
            Ok(Action::Repay(Cadence::new(2, 10).unwrap(), 66))
        );
    }

    #[test]
    fn out_of_bounds_and_stray_words_are_refused_with_the_bounds_named() {
        let refused = |words: &str| scheduled(RENT, words).unwrap_err().to_string();
        assert_eq!(
            refused("every 16 rounds"),
            "a payment recurs every 1 to 15 rounds, not 16"
        );
        assert_eq!(refused("0 times"), "a payment recurs 1 to 15 times, not 0");
        assert_eq!(
            refused("99999999999999999999999 times"),
            format!("a payment recurs 1 to 15 times, not {}", u64::MAX)
        );
        assert_eq!(
            refused(""),
            "no schedule typed: type every K rounds, N times"
        );
        assert_eq!(
            refused("every fortnight"),
            "\"every\" is not part of a schedule: type every K rounds, N times"
        );
        assert_eq!(
            refused("3"),
            "\"3\" is not part of a schedule: type every K rounds, N times"
        );
        assert_eq!(
            refused("for 10 rounds"),
            "this clause's schedule is a round schedule: type every K rounds, N times"
        );
        let now = Action::Pay(Side::Mine, When::Now, 40);
        assert_eq!(scheduled(now, "4 times"), Err(ScheduleError::NoSchedule));
        assert_eq!(prompt(now), None);
    }

    #[test]
    fn a_payment_on_another_players_turns_takes_a_seat_and_a_count() {
        let turns = |seat, times| When::TurnsOf(OtherTurns::new(seat, times).unwrap());
        let mine = Action::Pay(Side::Yours, turns(0, 4), 20);
        for (words, when) in [
            ("5 times", turns(0, 5)),
            ("seat 3", turns(2, 4)),
            ("of seat 3, 6 times", turns(2, 6)),
            ("twice and seat 2", turns(1, 2)),
        ] {
            assert_eq!(
                scheduled(mine, words),
                Ok(Action::Pay(Side::Yours, when, 20)),
                "{words}"
            );
        }
        let refused = |words: &str| scheduled(mine, words).unwrap_err().to_string();
        assert_eq!(refused("seat 17"), "a seat is 1 to 16, not 17");
        assert_eq!(refused("seat 0"), "a seat is 1 to 16, not 0");
        assert_eq!(
            refused("16 times"),
            "a payment recurs 1 to 15 times, not 16"
        );
        assert_eq!(
            refused("seat"),
            "\"seat\" is not part of a schedule: type seat S, N times"
        );
        assert_eq!(
            refused("every 2 rounds"),
            "this clause's schedule is a seat's turns: type seat S, N times"
        );
        assert_eq!(
            scheduled(RENT, "seat 2").unwrap_err().to_string(),
            "this clause's schedule is a round schedule: type every K rounds, N times"
        );
        assert_eq!(
            prompt(mine).as_deref(),
            Some("a schedule: seat S, N times (S from 1 to 16, N from 1 to 15)")
        );
    }

    #[test]
    fn event_payments_take_a_count_and_rights_a_length() {
        let starts = Action::Pay(Side::Yours, When::Starts(4), 50);
        assert_eq!(
            scheduled(starts, "7 times"),
            Ok(Action::Pay(Side::Yours, When::Starts(7), 50))
        );
        assert_eq!(
            scheduled(starts, "every 2 rounds").unwrap_err().to_string(),
            "this clause's schedule is a count of events: type N times"
        );
        let lodging = Action::Right(Right::REFUSABLE_LODGING, 3, 20);
        let Ok(Action::Right(right, 3, 20)) = scheduled(lodging, "for 200 rounds") else {
            panic!("a lodging right for 200 rounds");
        };
        assert_eq!(
            (right.span(), right.refusable(), right.raisable()),
            (Span::Rounds(200), true, false)
        );
        for words in ["for 6 uses", "6 times"] {
            let Ok(Action::Right(right, 3, 20)) = scheduled(lodging, words) else {
                panic!("a lodging right for 6 uses");
            };
            assert_eq!((right.span(), right.refusable()), (Span::Uses(6), true));
        }
        let cap = Action::Right(Right::service(Span::Rounds(10)), 5, 25);
        assert_eq!(
            scheduled(cap, "for 1 use"),
            Ok(Action::Right(Right::service(Span::Uses(1)), 5, 25))
        );
        assert_eq!(
            scheduled(Action::Right(Right::OPTION, 3, 200), "255 rounds"),
            Ok(Action::Right(Right::option(255), 3, 200))
        );
        assert_eq!(
            scheduled(Action::Right(Right::OPTION, 3, 200), "for 3 uses"),
            Err(ScheduleError::Once)
        );
        assert_eq!(
            scheduled(lodging, "for 256 rounds")
                .unwrap_err()
                .to_string(),
            "a right lasts 1 to 255 rounds, not 256"
        );
        assert_eq!(
            scheduled(lodging, "for 0 uses").unwrap_err().to_string(),
            "a right lasts 1 to 255 uses, not 0"
        );
        assert_eq!(
            scheduled(lodging, "for 3 rounds, 4 uses")
                .unwrap_err()
                .to_string(),
            "this clause's schedule is its length: type for N rounds, or for N uses"
        );
        assert_eq!(
            prompt(lodging).as_deref(),
            Some("a schedule: for N rounds, or for N uses (N from 1 to 255)")
        );
        assert_eq!(
            prompt(Action::Right(Right::OPTION, 3, 200)).as_deref(),
            Some("a schedule: for N rounds (N from 1 to 255)")
        );
        assert_eq!(
            prompt(RENT).as_deref(),
            Some("a schedule: every K rounds, N times (K and N from 1 to 15)")
        );
    }
}
