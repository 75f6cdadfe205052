//! How many connections `holonet serve` holds at once, and from whom: no client, on this
//! computer or on the venue's network, can take the room's share of the server, and the server
//! never needs more descriptors than the system gives it.
//!
//! - Every open tab keeps a connection (its reload channel), so a room of players needs a few
//!   hundred: [`MAX_CONNECTIONS`] in all.
//! - One client (one address) holds at most [`CLIENT_CONNECTIONS`]: a browser opens at most 6
//!   connections to a server at once, so this leaves room for several browsers behind one
//!   address and none for a script holding the whole server. This computer, trusted, gets
//!   [`OWN_CONNECTIONS`] (scripts and link checkers open more), still short of the whole server,
//!   so that phones keep their share.
//! - Each connection takes one descriptor, and the process may open only so many: the server
//!   raises its own soft limit as far as the system lets it, and serves at once only what the
//!   limit leaves after a reserve for the rebuilds' files, so accepting never runs out of them.
//!   Should it run out anyway (a rebuild opening many files), it waits for connections to close,
//!   saying so once, instead of retrying at full speed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Connections served at once, at most; past this, a new connection is told to come back (503)
/// rather than given a thread, so no load can exhaust the machine or stop the server.
pub const MAX_CONNECTIONS: usize = 512;

/// Connections one client on the network may hold at once.
pub const CLIENT_CONNECTIONS: usize = 32;

/// Connections this computer may hold at once (the organizer's browser and tools).
pub const OWN_CONNECTIONS: usize = 128;

/// The connections being served, counted by client.
pub(crate) struct Connections {
    /// How many may be served at once, from the descriptor limit (at most [`MAX_CONNECTIONS`]).
    capacity: usize,
    held: Mutex<Held>,
    /// Woken whenever a connection closes, for an accept loop waiting for descriptors.
    closed: Condvar,
}

#[derive(Default)]
struct Held {
    total: usize,
    by_client: HashMap<IpAddr, usize>,
}

/// A connection being served; counted until dropped.
pub(crate) struct Slot {
    connections: Arc<Connections>,
    client: IpAddr,
}

impl Connections {
    /// Room for `capacity` connections at once.
    pub(crate) fn new(capacity: usize) -> Arc<Connections> {
        Arc::new(Connections {
            capacity,
            held: Mutex::new(Held::default()),
            closed: Condvar::new(),
        })
    }

    /// A slot for a connection from `client` (`own`: from this computer), or none when the
    /// server or that client's share is full.
    pub(crate) fn take(self: &Arc<Self>, client: IpAddr, own: bool) -> Option<Slot> {
        let share = if own {
            OWN_CONNECTIONS
        } else {
            CLIENT_CONNECTIONS
        };
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let by_client = held.by_client.get(&client).copied().unwrap_or(0);
        if held.total >= self.capacity || by_client >= share {
            return None;
        }
        held.total += 1;
        held.by_client.insert(client, by_client + 1);
        Some(Slot {
            connections: Arc::clone(self),
            client,
        })
    }

    /// Waits until a connection closes, or `most` has passed.
    pub(crate) fn wait_for_a_close(&self, most: Duration) {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let _ = self.closed.wait_timeout(held, most);
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self
            .connections
            .held
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        held.total -= 1;
        match held.by_client.get_mut(&self.client) {
            Some(count) if *count > 1 => *count -= 1,
            _ => {
                held.by_client.remove(&self.client);
            }
        }
        drop(held);
        self.connections.closed.notify_all();
    }
}

/// How many connections the server can hold at once with the descriptors the system gives this
/// process, and that limit when it is lower than the server would like (to say so). The soft
/// limit is raised toward the hard one first (macOS starts processes at 256).
pub(crate) fn capacity() -> (usize, Option<u64>) {
    // Room for every connection and the reserve, at the largest.
    let wanted = (MAX_CONNECTIONS * 2) as u64;
    match descriptor_limit(wanted) {
        Some(limit) => {
            let capacity = within(limit);
            (capacity, (capacity < MAX_CONNECTIONS).then_some(limit))
        }
        None => (MAX_CONNECTIONS, None),
    }
}

/// The connections `limit` descriptors allow: what is left after a quarter (at least 16) for
/// the process itself, its standard streams, the listener, the file watcher, and the files
/// a rebuild's threads open at once. At least one, so that a tiny limit still serves.
fn within(limit: u64) -> usize {
    let reserve = (limit / 4).max(16);
    let left = usize::try_from(limit.saturating_sub(reserve)).unwrap_or(usize::MAX);
    left.clamp(1, MAX_CONNECTIONS)
}

/// The number of descriptors this process may open, after raising its soft limit toward
/// `wanted` where the hard limit allows; `None` when there is no limit or it cannot be read.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn descriptor_limit(wanted: u64) -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    let current = limit.current?;
    let raised = limit.maximum.map_or(wanted, |hard| hard.min(wanted));
    if raised > current
        && setrlimit(
            Resource::Nofile,
            Rlimit {
                current: Some(raised),
                maximum: limit.maximum,
            },
        )
        .is_ok()
    {
        return Some(raised);
    }
    Some(current)
}

/// Elsewhere (Windows) connections do not count against a small per-process limit.
#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn descriptor_limit(_wanted: u64) -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    #[test]
    fn the_descriptor_limit_leaves_a_reserve() {
        assert_eq!(within(64), 48);
        assert_eq!(within(256), 192);
        assert_eq!(within(1024), MAX_CONNECTIONS);
        assert_eq!(within(10), 1);
    }

    #[test]
    fn each_client_gets_its_share_and_no_more() {
        let connections = Connections::new(40);
        let phone = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 7));
        let held: Vec<Slot> = (0..CLIENT_CONNECTIONS)
            .map(|_| connections.take(phone, false).expect("within its share"))
            .collect();
        assert!(connections.take(phone, false).is_none(), "past its share");
        let other = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 8));
        let more: Vec<Slot> = (0..8)
            .map(|_| connections.take(other, false).expect("another client"))
            .collect();
        let own = IpAddr::V4(Ipv4Addr::LOCALHOST);
        assert!(connections.take(own, true).is_none(), "the server is full");
        drop(more);
        assert!(connections.take(own, true).is_some());
        drop(held);
        assert!(
            connections.take(phone, false).is_some(),
            "a closed one is freed"
        );
        assert_eq!(connections.held.lock().unwrap().total, 0);
    }
}
