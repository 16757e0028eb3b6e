//! Flood control: each client address may send so many requests that change something
//! (every `POST`) per second, with a burst allowance; beyond that it gets 429 and nothing
//! happens. A token bucket per address, refilled continuously.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// How many changing requests a client may send.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Requests per second, sustained.
    pub per_second: f64,
    /// Requests allowed at once after a quiet spell.
    pub burst: f64,
}

impl Rate {
    /// No limit at all (benchmarks, tests).
    pub const UNLIMITED: Rate = Rate {
        per_second: f64::INFINITY,
        burst: f64::INFINITY,
    };
}

/// The buckets of every client address seen lately.
pub struct Flood {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

/// Past this many addresses, full buckets (quiet clients) are forgotten.
const MAX_CLIENTS: usize = 10_000;

impl Flood {
    /// Buckets for `rate`.
    pub fn new(rate: Rate) -> Flood {
        Flood {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `client`'s bucket; false when it is empty.
    pub fn allow(&self, client: IpAddr) -> bool {
        if self.rate == Rate::UNLIMITED {
            return true;
        }
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("flood lock");
        if buckets.len() > MAX_CLIENTS {
            let rate = self.rate;
            buckets.retain(|_, (level, at)| {
                *level + now.duration_since(*at).as_secs_f64() * rate.per_second < rate.burst
            });
        }
        let (level, at) = buckets.entry(client).or_insert((self.rate.burst, now));
        let refilled = *level + now.duration_since(*at).as_secs_f64() * self.rate.per_second;
        *level = refilled.min(self.rate.burst);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_its_burst_then_is_refused_and_others_are_not() {
        let flood = Flood::new(Rate {
            per_second: 1e-9,
            burst: 3.0,
        });
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        assert!((0..3).all(|_| flood.allow(a)));
        assert!(!flood.allow(a));
        assert!(flood.allow(b));
    }
}
