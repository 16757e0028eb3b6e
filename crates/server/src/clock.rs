//! The move clock: at a table with people, one who walks away must not hold the game up
//! forever, so a table may give each decision a number of seconds, chosen when it is
//! created. Only the seat that must move is clocked, and only a person's (bots are not).
//! When the time runs out, the server plays what the game's rules make of silence
//! ([`gameshelf_engine::Presenter::silence`]: by default the safe choice, the one that pays
//! nothing and gives nothing away, as silence refuses in a negotiation) exactly as if the
//! person had sent it: checked, committed, then announced, its log line saying the clock
//! played it.
//!
//! A [`Deadline`] belongs to one decision, named by the table's [`Stamp`]: any move, or an
//! undo, makes a new decision and so a new deadline with the full time. A restored table
//! (after a restart or a crash) starts its clock again with the full time, so nobody loses
//! a move to the server's downtime. Where several servers share a store, each runs the
//! clock of the tables it holds; the first to commit the timed move wins, and the others'
//! commits are refused as stale, like any move made twice.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use gameshelf_engine::Seat;
use serde_json::{Value, json};

use crate::store::Stamp;

/// The fewest seconds a clock may give a decision.
pub const MIN_SECONDS: u32 = 5;
/// The most seconds a clock may give a decision: an hour.
pub const MAX_SECONDS: u32 = 3600;

/// The seconds a person has for each decision at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    seconds: u32,
}

/// A clock out of bounds.
#[derive(Debug, thiserror::Error)]
#[error(
    "clock: {given} s is out of bounds: a move clock gives each decision {MIN_SECONDS} to \
     {MAX_SECONDS} seconds (leave it out for no clock)"
)]
pub struct ClockError {
    /// The seconds asked for.
    pub given: i64,
}

impl Clock {
    /// A clock of `seconds` a decision.
    ///
    /// # Errors
    /// [`ClockError`] when `seconds` is below [`MIN_SECONDS`] or above [`MAX_SECONDS`].
    pub fn from_seconds(seconds: i64) -> Result<Clock, ClockError> {
        u32::try_from(seconds)
            .ok()
            .filter(|s| (MIN_SECONDS..=MAX_SECONDS).contains(s))
            .map(|seconds| Clock { seconds })
            .ok_or(ClockError { given: seconds })
    }

    /// The seconds a decision.
    pub fn seconds(self) -> u32 {
        self.seconds
    }

    /// The deadline of the decision `seat` faces at `stamp`, with the full time from now.
    pub fn start(self, seat: Seat, stamp: Stamp) -> Deadline {
        let time = Duration::from_secs(u64::from(self.seconds));
        Deadline {
            seat,
            stamp,
            at: tokio::time::Instant::now() + time,
            wall: SystemTime::now() + time,
        }
    }
}

/// When the seat to move runs out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The seat whose clock runs.
    pub seat: Seat,
    /// The decision it is for: the table's history when it started.
    pub stamp: Stamp,
    /// When it ends, on the server's monotonic clock (what the timer waits for).
    pub at: tokio::time::Instant,
    /// When it ends, on the wall clock (what views show).
    pub wall: SystemTime,
}

/// The clock as a view shows it: `null` for a table without one; else the seconds a
/// decision, and the seat whose clock runs, with the seconds it has left (at the time of
/// the view, to the millisecond) and when its time ends (milliseconds since 1970 UTC),
/// all three `null` while no person is to move.
pub fn shown(clock: Option<Clock>, running: Option<&Deadline>) -> Value {
    let Some(clock) = clock else {
        return Value::Null;
    };
    let left = running.map(|d| {
        let left = d.at.saturating_duration_since(tokio::time::Instant::now());
        (left.as_secs_f64() * 1000.0).round() / 1000.0
    });
    let ends_at = running.map(|d| {
        d.wall
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_millis())
    });
    json!({
        "seconds": clock.seconds,
        "seat": running.map(|d| d.seat),
        "seconds_left": left,
        "ends_at": ends_at,
    })
}

/// `view`, a JSON object, with a `clock` member added. Views are built once per state and
/// kept, but the time left changes by the millisecond: it is added to the kept view each
/// time one is served, without building the rest again.
pub fn with_clock(view: &[u8], clock: &Value) -> bytes::Bytes {
    let Some(open) = view.strip_suffix(b"}") else {
        return bytes::Bytes::copy_from_slice(view);
    };
    let mut out = Vec::with_capacity(view.len() + 96);
    out.extend_from_slice(open);
    out.extend_from_slice(if open.ends_with(b"{") {
        b"\"clock\":"
    } else {
        b",\"clock\":"
    });
    serde_json::to_writer(&mut out, clock).expect("JSON values serialise");
    out.push(b'}');
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_checked_and_named() {
        assert_eq!(Clock::from_seconds(5).unwrap().seconds(), 5);
        assert_eq!(Clock::from_seconds(3600).unwrap().seconds(), 3600);
        for bad in [-1, 0, 4, 3601, i64::MAX] {
            let e = Clock::from_seconds(bad).unwrap_err();
            assert_eq!(e.given, bad);
            assert!(e.to_string().contains("5 to 3600 seconds"), "{e}");
        }
    }

    #[test]
    fn the_clock_is_added_to_a_kept_view() {
        let clock = json!({"seconds": 30});
        let view: Value = serde_json::from_slice(&with_clock(br#"{"ply":3}"#, &clock)).unwrap();
        assert_eq!(view, json!({"ply": 3, "clock": {"seconds": 30}}));
        let view: Value = serde_json::from_slice(&with_clock(b"{}", &Value::Null)).unwrap();
        assert_eq!(view, json!({"clock": null}));
    }

    #[test]
    fn a_running_clock_shows_its_seat_time_left_and_end() {
        let clock = Clock::from_seconds(60).unwrap();
        assert_eq!(shown(None, None), Value::Null);
        let idle = shown(Some(clock), None);
        assert_eq!(
            idle,
            json!({"seconds": 60, "seat": null, "seconds_left": null, "ends_at": null})
        );
        let due = clock.start(1, Stamp::default());
        let view = shown(Some(clock), Some(&due));
        assert_eq!(view["seat"], 1);
        let left = view["seconds_left"].as_f64().unwrap();
        assert!(left > 0.0 && left <= 60.0, "{left}");
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        let ends = view["ends_at"].as_u64().unwrap();
        assert!(ends > now.as_millis() as u64, "{ends}");
    }
}
