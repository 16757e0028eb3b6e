//! Caps on live-update streams: each open page holds one server-sent-events connection for
//! as long as it is open, so without a cap one client could hold a server's sockets and
//! memory. A client address may hold a few streams, and the server a bounded number in all
//! (both set in [`Streams::new`]); past either, a new stream gets 429 or 503 and the page
//! falls back to fetching its view when it acts.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The live-update streams open now, by client address.
pub struct Streams {
    per_client: usize,
    total: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// Why a stream was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// This client holds its share.
    Client(usize),
    /// The server holds all it may.
    Server(usize),
}

/// One open stream; dropping it (the page went away, or the server stops) frees its place.
pub struct Pass {
    streams: Arc<Streams>,
    client: IpAddr,
}

impl Streams {
    /// Caps of `per_client` streams per address and `total` in all.
    pub fn new(per_client: usize, total: usize) -> Streams {
        Streams {
            per_client,
            total,
            open: Mutex::new((0, HashMap::new())),
        }
    }

    /// A place for one more stream of `client`, if both caps allow it.
    ///
    /// # Errors
    /// [`Refused`] says which cap is reached.
    pub fn open(self: &Arc<Self>, client: IpAddr) -> Result<Pass, Refused> {
        let mut open = self.open.lock().expect("streams lock");
        let (total, by_client) = &mut *open;
        if *total >= self.total {
            return Err(Refused::Server(self.total));
        }
        let mine = by_client.entry(client).or_default();
        if *mine >= self.per_client {
            return Err(Refused::Client(self.per_client));
        }
        *mine += 1;
        *total += 1;
        Ok(Pass {
            streams: Arc::clone(self),
            client,
        })
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().expect("streams lock");
        let (total, by_client) = &mut *open;
        *total -= 1;
        if let Some(mine) = by_client.get_mut(&self.client) {
            *mine -= 1;
            if *mine == 0 {
                by_client.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cap_holds_and_a_closed_stream_frees_its_place() {
        let streams = Arc::new(Streams::new(2, 3));
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = streams.open(a).unwrap();
        let _second = streams.open(a).unwrap();
        assert_eq!(streams.open(a).err(), Some(Refused::Client(2)));
        let _third = streams.open(b).unwrap();
        assert_eq!(streams.open(b).err(), Some(Refused::Server(3)));
        drop(first);
        assert!(streams.open(a).is_ok());
        assert_eq!(
            streams.open.lock().unwrap().0,
            3 - 1,
            "the temporary pass was dropped"
        );
    }
}
