//! Whether a request was meant for this server: its `Host` names the address the connection
//! reached (or `localhost`, on this computer), and a form's `Origin` is the same.
//!
//! A page from anywhere else can still make the organizer's browser send a request here: by
//! DNS rebinding (a name of its own made to point at 127.0.0.1), whose requests carry that
//! name in `Host`; or by a form that posts across sites, whose request carries the other site
//! in `Origin`. Neither can forge these headers, so `serve` treats a request with another host
//! as a stranger's (no codes, no diagnostics) and takes a report only from its own pages.

use std::net::{IpAddr, SocketAddr};

/// A request target in absolute form (`http://127.0.0.1:1111/events/`, which HTTP/1.1 servers
/// must accept) as the authority it names and its path (`/` when it has none); any other target
/// as it is, with no authority. The authority then stands for the `Host` header.
pub(crate) fn split_absolute_form(target: &str) -> (Option<&str>, &str) {
    let scheme = target
        .get(..7)
        .filter(|s| s.eq_ignore_ascii_case("http://"));
    let Some(rest) = scheme.map(|s| &target[s.len()..]) else {
        return (None, target);
    };
    match rest.find(['/', '?']) {
        Some(at) if rest[at..].starts_with('/') => (Some(&rest[..at]), &rest[at..]),
        Some(at) => (Some(&rest[..at]), "/"),
        None => (Some(rest), "/"),
    }
}

/// Whether `host`, a request's `Host` header, names `local`, the address and port the
/// connection reached: that address written as an IP (IPv6 in brackets), or `localhost` when
/// it is a loopback address; the port as the connection's, or left out where that is 80. No
/// `Host` at all names nothing.
pub(crate) fn is_ours(host: Option<&str>, local: SocketAddr) -> bool {
    let Some(host) = host.map(str::trim).filter(|h| !h.is_empty()) else {
        return false;
    };
    let (name, port) = split_port(host);
    let port_ok = match port {
        Some(port) => port.parse::<u16>().ok() == Some(local.port()),
        None => local.port() == 80,
    };
    if !port_ok {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    match name.parse::<IpAddr>() {
        Ok(ip) => same_ip(ip, local.ip()),
        Err(_) => name.eq_ignore_ascii_case("localhost") && local.ip().is_loopback(),
    }
}

/// Whether a request's `Origin` is `http://` and the host it reached (`host`, already found
/// to be ours). `null` (a sandboxed frame, a file) and any other site are not.
pub(crate) fn is_same_origin(origin: &str, host: &str) -> bool {
    origin
        .trim()
        .strip_prefix("http://")
        .is_some_and(|rest| rest.trim_end_matches('/').eq_ignore_ascii_case(host.trim()))
}

/// `host` split into its name and port (`[::1]:8000`, `10.0.0.2:8000`, `localhost`).
fn split_port(host: &str) -> (&str, Option<&str>) {
    if let Some(rest) = host.strip_prefix('[') {
        return match rest.split_once(']') {
            Some((name, after)) => (name, after.strip_prefix(':')),
            None => (host, None),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') => (name, Some(port)),
        _ => (host, None),
    }
}

/// The same address, an IPv4 one also when written as IPv4-mapped IPv6.
fn same_ip(a: IpAddr, b: IpAddr) -> bool {
    a.to_canonical() == b.to_canonical()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absolute_form_target_is_its_authority_and_path() {
        assert_eq!(
            split_absolute_form("http://127.0.0.1:1111/events/x/?a=1"),
            (Some("127.0.0.1:1111"), "/events/x/?a=1")
        );
        assert_eq!(
            split_absolute_form("HTTP://localhost:8"),
            (Some("localhost:8"), "/")
        );
        assert_eq!(split_absolute_form("http://h?x"), (Some("h"), "/"));
        assert_eq!(split_absolute_form("/events/"), (None, "/events/"));
        assert_eq!(split_absolute_form("https://h/"), (None, "https://h/"));
    }

    fn at(text: &str) -> SocketAddr {
        text.parse().unwrap()
    }

    #[test]
    fn only_the_address_the_connection_reached_is_ours() {
        let loopback = at("127.0.0.1:8000");
        assert!(is_ours(Some("127.0.0.1:8000"), loopback));
        assert!(is_ours(Some("localhost:8000"), loopback));
        assert!(is_ours(Some("LocalHost:8000"), loopback));
        assert!(
            !is_ours(Some("evil.example:8000"), loopback),
            "DNS rebinding"
        );
        assert!(!is_ours(Some("127.0.0.1:8001"), loopback), "another port");
        assert!(!is_ours(Some("127.0.0.1"), loopback), "port 80 is not 8000");
        assert!(!is_ours(None, loopback));
        assert!(!is_ours(Some(""), loopback));
        let lan = at("192.168.1.20:8000");
        assert!(is_ours(Some("192.168.1.20:8000"), lan));
        assert!(
            !is_ours(Some("localhost:8000"), lan),
            "localhost is loopback only"
        );
        assert!(!is_ours(Some("192.168.1.21:8000"), lan));
        assert!(is_ours(Some("[::1]:8000"), at("[::1]:8000")));
        assert!(is_ours(Some("10.0.0.2"), at("10.0.0.2:80")));
    }

    #[test]
    fn a_form_comes_from_our_own_pages_only() {
        assert!(is_same_origin(
            "http://192.168.1.20:8000",
            "192.168.1.20:8000"
        ));
        assert!(!is_same_origin("http://evil.example", "192.168.1.20:8000"));
        assert!(!is_same_origin("null", "192.168.1.20:8000"));
        assert!(!is_same_origin(
            "https://192.168.1.20:8000",
            "192.168.1.20:8000"
        ));
        assert!(!is_same_origin(
            "http://192.168.1.20:8000.evil.example",
            "192.168.1.20:8000"
        ));
    }
}
