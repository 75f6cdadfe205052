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
//! - **This computer always gets in**: [`OWN_RESERVE`] connections are never given to the
//!   network.
//! - **Fair shares survive many addresses.** One machine can take many addresses on the venue's
//!   network, each with its own share, and hold every connection the network may have. So once
//!   the network's connections are all held, a newcomer holding fewer than the greediest client
//!   is let in, and one of that client's reload channels is told to close (it closes within a
//!   second, and its tab reconnects later, when there is room): whoever holds the most gives way
//!   first, so every device keeps a fair share. The few connections let in while channels are
//!   closing are counted ([`CLOSING_ROOM`] at most).
//! - Each connection takes one descriptor, and the process may open only so many: the server
//!   raises its own soft limit as far as the system lets it, and serves at once only what the
//!   limit leaves after a reserve for the rebuilds' files, so accepting never runs out of them.
//!   Should it run out anyway (a rebuild opening many files), it waits for connections to close,
//!   saying so once, instead of retrying at full speed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Connections served at once, at most; past this, a new connection is told to come back (503)
/// rather than given a thread, so no load can exhaust the machine or stop the server.
pub const MAX_CONNECTIONS: usize = 512;

/// Connections one client on the network may hold at once.
pub const CLIENT_CONNECTIONS: usize = 32;

/// Connections this computer may hold at once (the organizer's browser and tools).
pub const OWN_CONNECTIONS: usize = 128;

/// Connections kept for this computer alone, whatever the network holds (a quarter of the
/// server at most, where the system allows few).
pub const OWN_RESERVE: usize = 32;

/// Connections let in past the server's room while the reload channels told to make room for
/// them close.
pub const CLOSING_ROOM: usize = 16;

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
    /// The connections held by clients on the network.
    network: usize,
    /// Reload channels told to close that have not closed yet.
    closing: usize,
    by_client: HashMap<IpAddr, Client>,
    next_id: u64,
}

/// What one client holds.
#[derive(Default)]
struct Client {
    count: usize,
    /// Its reload channels (long-lived connections), by slot, with their "close" flag.
    channels: Vec<(u64, Arc<AtomicBool>)>,
}

/// A connection being served; counted until dropped.
pub(crate) struct Slot {
    connections: Arc<Connections>,
    client: IpAddr,
    own: bool,
    id: u64,
    /// Set when the connection must close to make room for another client.
    close: Arc<AtomicBool>,
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

    /// The connections the network may hold: all but this computer's reserve.
    fn network_room(&self) -> usize {
        self.capacity
            .saturating_sub(OWN_RESERVE.min(self.capacity / 4))
            .max(1)
    }

    /// A slot for a connection from `client` (`own`: from this computer), or none when that
    /// client's share is full, or the server is full and no client holds more than its fair
    /// share.
    pub(crate) fn take(self: &Arc<Self>, client: IpAddr, own: bool) -> Option<Slot> {
        let share = if own {
            OWN_CONNECTIONS
        } else {
            CLIENT_CONNECTIONS
        };
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let holding = held.by_client.get(&client).map_or(0, |c| c.count);
        if holding >= share {
            return None;
        }
        let full = held.total >= self.capacity || (!own && held.network >= self.network_room());
        if full && !self.make_room(&mut held, client, holding) {
            return None;
        }
        held.total += 1;
        if !own {
            held.network += 1;
        }
        held.next_id += 1;
        let id = held.next_id;
        held.by_client.entry(client).or_default().count += 1;
        Some(Slot {
            connections: Arc::clone(self),
            client,
            own,
            id,
            close: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Tells a reload channel of the network client holding the most connections to close,
    /// when it holds more than `holding` + 1 (what `client` would hold once let in) and the
    /// room for channels closing is not used up: `true` when one was told.
    fn make_room(&self, held: &mut Held, client: IpAddr, holding: usize) -> bool {
        if held.closing >= CLOSING_ROOM {
            return false;
        }
        let greediest = held
            .by_client
            .iter_mut()
            .filter(|(address, c)| **address != client && !c.channels.is_empty())
            .max_by_key(|(address, c)| (c.count, **address));
        let Some((_, greediest)) = greediest else {
            return false;
        };
        if greediest.count <= holding + 1 {
            return false;
        }
        // The newest channel goes: the oldest tabs were there first.
        let Some((_, close)) = greediest.channels.pop() else {
            return false;
        };
        close.store(true, Ordering::Relaxed);
        held.closing += 1;
        true
    }

    /// Waits until a connection closes, or `most` has passed.
    pub(crate) fn wait_for_a_close(&self, most: Duration) {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let _ = self.closed.wait_timeout(held, most);
    }
}

impl Slot {
    /// Marks this connection a reload channel, one that stays open: the kind that is told to
    /// close to make room for another client. This computer's channels never are.
    pub(crate) fn stays_open(&self) {
        if self.own {
            return;
        }
        let mut held = self
            .connections
            .held
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(client) = held.by_client.get_mut(&self.client) {
            client.channels.push((self.id, Arc::clone(&self.close)));
        }
    }

    /// Whether this connection was told to close to make room for another client.
    pub(crate) fn must_close(&self) -> bool {
        self.close.load(Ordering::Relaxed)
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
        if !self.own {
            held.network -= 1;
        }
        if self.close.load(Ordering::Relaxed) {
            held.closing = held.closing.saturating_sub(1);
        }
        let gone = match held.by_client.get_mut(&self.client) {
            Some(client) if client.count > 1 => {
                client.count -= 1;
                client.channels.retain(|(id, _)| *id != self.id);
                false
            }
            _ => true,
        };
        if gone {
            held.by_client.remove(&self.client);
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
        // 75 of the 100 for the network, a quarter kept for this computer.
        let connections = Connections::new(100);
        let phone = |n: u8| IpAddr::V4(Ipv4Addr::new(10, 0, 0, n));
        let mut held: Vec<Slot> = (0..CLIENT_CONNECTIONS)
            .map(|_| connections.take(phone(7), false).expect("within its share"))
            .collect();
        assert!(
            connections.take(phone(7), false).is_none(),
            "past its share"
        );
        for n in 8..10 {
            while let Some(slot) = connections.take(phone(n), false) {
                held.push(slot);
            }
        }
        assert_eq!(held.len(), 75, "the network's room");
        // No reload channel to make room with: a new phone is told to retry.
        assert!(connections.take(phone(10), false).is_none());
        let own = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let mine: Vec<Slot> = (0..25)
            .map(|_| {
                connections
                    .take(own, true)
                    .expect("this computer's reserve")
            })
            .collect();
        assert!(connections.take(own, true).is_none(), "the server is full");
        drop(mine);
        drop(held);
        assert!(
            connections.take(phone(7), false).is_some(),
            "a closed one is freed"
        );
        assert_eq!(connections.held.lock().unwrap().total, 0);
    }

    /// One machine with many addresses fills every reload channel the network may have: this
    /// computer keeps its reserve, and each new device still gets in, the greediest address's
    /// newest channel told to close for it.
    #[test]
    fn many_addresses_from_one_machine_leave_every_device_its_share() {
        let connections = Connections::new(MAX_CONNECTIONS);
        let attacker = |n: u8| IpAddr::V4(Ipv4Addr::new(10, 0, 1, n));
        let mut flood: Vec<Slot> = Vec::new();
        // Its addresses push one another's channels out until none holds more than one past
        // another; each channel told to close closes, as the server closes it.
        loop {
            let before = flood.len();
            for n in 0..19 {
                while let Some(slot) = connections.take(attacker(n), false) {
                    slot.stays_open();
                    flood.push(slot);
                }
            }
            flood.retain(|slot| !slot.must_close());
            if flood.len() == before {
                break;
            }
        }
        let room = MAX_CONNECTIONS - OWN_RESERVE;
        assert_eq!(flood.len(), room, "the network's room, and no more");
        let own = IpAddr::V4(Ipv4Addr::LOCALHOST);
        assert!(
            connections.take(own, true).is_some(),
            "this computer's reserve"
        );
        // Each of a room's worth of phones gets in; one channel is told to close for each.
        let mut phones = Vec::new();
        for n in 0..CLOSING_ROOM {
            let phone = IpAddr::V4(Ipv4Addr::new(10, 0, 2, u8::try_from(n).unwrap()));
            phones.push(connections.take(phone, false).expect("a fair share"));
        }
        let told = flood.iter().filter(|slot| slot.must_close()).count();
        assert_eq!(told, CLOSING_ROOM);
        // Until those close, no more room is made; once they close, there is again.
        let late = IpAddr::V4(Ipv4Addr::new(10, 0, 3, 1));
        assert!(connections.take(late, false).is_none());
        flood.retain(|slot| !slot.must_close());
        assert!(connections.take(late, false).is_some());
    }
}
