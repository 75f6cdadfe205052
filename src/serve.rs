//! `holonet serve`: the site built into a working folder of its own (`.holonet/serve-N/`, see
//! [`crate::site::disk_tree`]), served on 127.0.0.1, rebuilt as files change, and open browser
//! tabs reloaded. `public/` is left alone.
//!
//! - Watching (`serve/watch.rs`): the site folder and each of its folders, however a file is
//!   saved or a folder arrives, through `notify` with a short debounce so one save is one
//!   rebuild.
//! - Rebuilding: [`Session`] renders only what a change touches. A change that breaks the site
//!   prints its diagnostics in the terminal and, in this computer's browser only, shows them over
//!   the pages it concerns, while the last good site keeps being served (see `serve/failure.rs`).
//! - Reloading: every HTML page served gets a small script that listens to
//!   `/__holonet/events` (server-sent events) for `reload`, `error` and `ok`.
//!
//! The HTTP side is deliberately small (GET and HEAD, one thread per connection, no keep-alive)
//! and read-only: it answers with the built site's files and its own few addresses, nothing else
//! on the machine. The one exception, with `--self-report`, is the form players post their
//! table's result with (see `serve/self_report.rs`). No client can hold more than its share of connections (see
//! `serve/connections.rs`). It honours a sub-path base URL: with `--base-url https://x.github.io/archive/`
//! the site is at `http://127.0.0.1:PORT/archive/`.
//!
//! With `--lan` it listens on every interface, so players' phones on the venue's network can
//! read the site too, and prints the local network address with its QR code; the poster at
//! `__holonet/poster/` carries the same code to print (see `serve/lan.rs`).

mod connections;
mod failure;
mod host;
mod lan;
mod percent;
mod report_guard;
mod self_report;
mod watch;

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::diag::Report;
use crate::site::session::Session;
pub use connections::{CLIENT_CONNECTIONS, MAX_CONNECTIONS, OWN_CONNECTIONS};
use connections::{Connections, Slot};
use failure::{Failure, from_this_computer};
pub use report_guard::{REPORTS_PER_ROUND, WRONG_CODES_PER_PLAYER, WRONG_CODES_PER_ROUND};
use self_report::Desk;

/// The prefix of the server's own addresses, which no site page can have.
const OWN: &str = "__holonet/";

/// The most a request's line and headers may take: a GET needs far less, and a client on the
/// network must not make the server read without end.
const REQUEST_HEAD_LIMIT: u64 = 16 * 1024;

/// The time a client has to send its request's line and headers, all of it: a phone sends
/// them at once, and a client trickling them a byte at a time must not hold a connection.
const REQUEST_HEAD_TIME: Duration = Duration::from_secs(10);

/// How often a reload channel looks whether its tab has gone: a closed tab frees its
/// connection within this, not at the next keep-alive.
const HANGUP_CHECK: Duration = Duration::from_secs(1);

/// A reload channel sends a comment after this many quiet checks, to keep proxies from
/// closing it.
const KEEPALIVE_CHECKS: u32 = 15;

/// How long the server waits before accepting again when the system refused a connection,
/// unless a connection closes first.
const ACCEPT_PAUSE: Duration = Duration::from_millis(250);

/// Answers a connection there is no room for, without a thread, and closes it.
fn turn_away(mut stream: TcpStream) {
    // Read what of the request has arrived (never waiting): closing a socket with unread data
    // resets it, and the client would see a reset instead of the answer.
    if stream.set_nonblocking(true).is_ok() {
        let mut buffer = [0u8; 4096];
        let _ = stream.read(&mut buffer);
        let _ = stream.set_nonblocking(false);
    }
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let _ = stream.write_all(
        b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 2\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
}

/// What every connection reads: the site being served and the latest news for open tabs.
struct Shared {
    /// The last good site (none until the site first builds). A request copies the one file it
    /// needs; a rebuild holds the lock while it updates, so requests wait for the new pages.
    site: Mutex<Option<Session>>,
    state: Mutex<State>,
    /// Woken on every new state, for the tabs waiting on `/__holonet/events`.
    news: Condvar,
    /// The path the site is served under (`/`, `/archive/`), for the addresses of a failure.
    base_path: String,
}

impl Shared {
    /// Tells open tabs the outcome of a rebuild: the diagnostics of a failed one (the last good
    /// site stays served), or none when the site builds.
    fn record(&self, error: Option<Report>) {
        let failure = error.map(|report| {
            let site = self.site.lock().unwrap_or_else(|p| p.into_inner());
            Failure::of(&report, site.as_ref().map(Session::site), &self.base_path)
        });
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.error = failure;
        state.generation += 1;
        self.news.notify_all();
    }
}

struct State {
    /// The last failed rebuild, while the site is broken.
    error: Option<Failure>,
    /// Counts rebuilds and failures, so a waiting tab knows something happened.
    generation: u64,
}

/// Options of `holonet serve`.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub port: u16,
    pub base_url: Option<String>,
    pub open: bool,
    /// Listen on the local network too, for players' phones (read-only, like on loopback,
    /// unless `self_report`).
    pub lan: bool,
    /// Take the players' reports of their own tables (see `serve/self_report.rs`): the one
    /// form that may be posted. Without it the server is read-only.
    pub self_report: bool,
    /// Whether the terminal shows colours: the QR code of `lan` is then drawn black on white.
    pub terminal_colors: bool,
    /// Called once the site is built and after every rebuild: the program gives the memory the
    /// build freed back to the system here (its allocator keeps freed memory for reuse, and a
    /// rebuild frees as much as the site itself takes).
    pub release_memory: fn(),
}

/// What the server tells the terminal: rebuilds, failures and their reports.
pub trait Log: Send + Sync {
    fn info(&self, line: &str);
    fn report(&self, report: &Report);
}

/// Serves the site until the process is stopped. Returns only when it cannot start.
pub fn serve(options: &Options, log: Arc<dyn Log>) -> Result<(), String> {
    // Before anything opens files: the descriptor limit is raised here if it can be.
    let (capacity, limited) = connections::capacity();
    // The watcher reports absolute paths; a relative root (`.`, the default when serving from
    // the site folder) would match none of them and no save would ever rebuild the site.
    let root = std::fs::canonicalize(&options.root).map_err(|e| {
        format!(
            "cannot open the site folder {}: {e}",
            options.root.display()
        )
    })?;
    let base_path = base_path(&root, options.base_url.as_deref());
    // Every interface with a network to serve, so this computer keeps its loopback address;
    // without one (or without `--lan`), only loopback.
    let lan_address = if options.lan {
        lan::lan_address()
    } else {
        None
    };
    let listen_on = if lan_address.is_some() {
        Ipv4Addr::UNSPECIFIED
    } else {
        Ipv4Addr::LOCALHOST
    };
    let listener = TcpListener::bind((listen_on, options.port))
        .map_err(|e| listen_error(listen_on, options.port, &e))?;
    let port = listener
        .local_addr()
        .map_err(|e| format!("cannot read the server's address: {e}"))?
        .port();
    let url = format!("http://127.0.0.1:{port}{base_path}");
    let lan_url = lan_address.map(|ip| format!("http://{ip}:{port}{base_path}"));
    // The pages name the address phones can reach: under --lan, the site's address on the
    // network (the room screen's address and codes would otherwise send phones to the
    // published site, or to a placeholder).
    let base_url = lan_url.clone().or_else(|| options.base_url.clone());
    let shared = Arc::new(Shared {
        site: Mutex::new(None),
        state: Mutex::new(State {
            error: None,
            generation: 0,
        }),
        news: Condvar::new(),
        base_path: base_path.clone(),
    });
    // Following starts before the site is first read, so that a save made while it is read is
    // applied once it is (the rebuild waits for the site), never lost.
    let _watcher = watch::follow(
        &root,
        base_url.clone(),
        Arc::clone(&shared),
        Arc::clone(&log),
        options.release_memory,
    )?;
    {
        let mut site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        match Session::open(&root, base_url.as_deref()) {
            Ok((session, report)) => {
                log.report(&report);
                *site = Some(session);
            }
            Err(report) => {
                log.report(&report);
                log.info("The site has errors: serving them until they are fixed.");
                shared.state.lock().unwrap_or_else(|p| p.into_inner()).error =
                    Some(Failure::of(&report, None, &base_path));
            }
        }
    }
    (options.release_memory)();
    // Said once the site is read: the address is then ready to answer.
    log.info(&format!(
        "Serving {} on {url} (Ctrl-C to stop)",
        root.display()
    ));
    if options.lan {
        announce_lan(
            lan_url.as_deref(),
            &url,
            options.terminal_colors,
            options.self_report,
            log.as_ref(),
        );
    }

    let desk = options.self_report.then(|| {
        log.info(&format!(
            "Players may report their tables from the running round's pairings page, each with the personal code on their own player card: print the cards from {url}{OWN}{} on this computer (no other device gets them) and hand each player theirs. Type `confirm FILE TABLE` here to record a report without waiting for the other player.",
            self_report::CARDS_ADDRESS
        ));
        let desk = Arc::new(Desk::new(&root, Arc::clone(&log)));
        confirm_from_input(&root, Arc::clone(&log));
        desk
    });
    if let Some(limit) = limited {
        log.info(&format!(
            "This system lets holonet open {limit} files at once, so it serves {capacity} connections at once (an open tab holds one); `ulimit -n 1024` before holonet serve allows more."
        ));
    }
    if options.open {
        open_browser(&url);
    }
    let connections = Connections::new(capacity);
    // Set once the system refuses a connection, until one is taken again: said once, and
    // waited out instead of retried at full speed.
    let mut refused = false;
    loop {
        let stream = match listener.accept() {
            Ok((stream, _)) => {
                refused = false;
                stream
            }
            // The client gave up before it was taken: nothing to wait for.
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::Interrupted | ErrorKind::ConnectionAborted
                ) =>
            {
                continue;
            }
            // Out of descriptors, memory or buffers: only a closed connection gives some back.
            Err(e) => {
                if !refused {
                    log.info(&format!(
                        "Too many connections: the system refuses new ones ({e}); they wait until some close."
                    ));
                    refused = true;
                }
                connections.wait_for_a_close(ACCEPT_PAUSE);
                continue;
            }
        };
        let Ok(client) = stream.peer_addr().map(|address| address.ip()) else {
            continue;
        };
        let own = from_this_computer(&stream);
        let Some(slot) = connections.take(client, own) else {
            turn_away(stream);
            continue;
        };
        let shared = Arc::clone(&shared);
        let base_path = base_path.clone();
        let lan_url = lan_url.clone();
        let desk = desk.clone();
        // A thread the system cannot start drops the connection (and its slot), never the server.
        let _ = std::thread::Builder::new().spawn(move || {
            let from = Client {
                address: client,
                own,
            };
            // A connection that goes away mid-answer is the browser's business.
            let _ = handle(
                stream,
                from,
                &slot,
                &base_path,
                lan_url.as_deref(),
                &shared,
                desk.as_deref(),
            );
        });
    }
}

/// Why the server cannot listen, and what to do.
fn listen_error(ip: Ipv4Addr, port: u16, error: &std::io::Error) -> String {
    let advice = if error.kind() == std::io::ErrorKind::AddrInUse {
        format!(
            "; another program (or another holonet serve) uses port {port}: stop it, or pick another port with --port"
        )
    } else {
        String::new()
    };
    format!("cannot listen on {ip}:{port}: {error}{advice}")
}

/// Tells the organizer where phones find the site, with its QR code, or that there is no
/// network to serve and the site stays on this computer.
fn announce_lan(lan_url: Option<&str>, url: &str, colors: bool, self_report: bool, log: &dyn Log) {
    let Some(lan_url) = lan_url else {
        log.info(
            "--lan: no local network found (no route to a private address), so only this computer can open the site. Join the venue's Wi-Fi and start holonet serve --lan again.",
        );
        return;
    };
    let served = if self_report {
        "players can also report their own tables"
    } else {
        "it is served read-only"
    };
    log.info(&format!(
        "On the local network: {lan_url} (anyone on this network can read the site; {served})"
    ));
    log.info(&format!(
        "Phones on the same Wi-Fi scan this code; a poster to print: {url}{OWN}poster/"
    ));
    match lan::terminal_qr(lan_url, colors) {
        Ok(code) => code.lines().for_each(|line| log.info(line)),
        Err(message) => log.info(&message),
    }
}

/// The path the site lives under: `/`, or `/archive/` for a sub-path base URL.
fn base_path(root: &Path, base_url: Option<&str>) -> String {
    match (crate::config::Config::load(root), base_url) {
        (Ok(config), Some(url)) => config.with_base_url(url).base_path(),
        (Ok(config), None) => config.base_path(),
        // A broken configuration is shown at the root until it is fixed.
        (Err(_), _) => "/".to_string(),
    }
}

/// Who sent a request: its address, and whether it is this computer.
#[derive(Clone, Copy)]
struct Client {
    address: IpAddr,
    own: bool,
}

/// Answers one request. `lan_url` is the site's address on the local network, with `--lan`;
/// `desk` takes the players' reports, with `--self-report`.
fn handle(
    stream: TcpStream,
    client: Client,
    slot: &Slot,
    base_path: &str,
    lan_url: Option<&str>,
    shared: &Shared,
    desk: Option<&Desk>,
) -> std::io::Result<()> {
    // A client that stops reading cannot hold its thread for long either.
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    let until = Instant::now() + REQUEST_HEAD_TIME;
    let mut reader = BufReader::new(Deadline(&stream, until).take(REQUEST_HEAD_LIMIT));
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Of the headers, only a report's length and where a request says it is from are needed.
    let mut length: Option<usize> = None;
    // A length written other than as plain digits, given twice, or beside a transfer coding is
    // no length to trust: such a report is refused.
    let mut length_unclear = false;
    let (mut host, mut origin, mut fetch_site) = (None, None, None);
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            let value = Some(value.trim().to_string());
            match name.trim().to_ascii_lowercase().as_str() {
                "content-length" => {
                    let digits =
                        value.filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()));
                    length_unclear |= length.is_some() || digits.is_none();
                    length = digits.and_then(|v| v.parse().ok());
                }
                "transfer-encoding" => length_unclear = true,
                "host" => host = value,
                "origin" => origin = value,
                "sec-fetch-site" => fetch_site = value,
                _ => {}
            }
        }
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    // A target in absolute form names its host itself, which stands for `Host`.
    let (authority, target) = host::split_absolute_form(target);
    if let Some(authority) = authority {
        host = Some(authority.to_string());
    }
    // A request naming another host (a page's own name pointed at this computer) is a
    // stranger's, wherever it comes from: no codes, no diagnostics.
    let ours = stream
        .local_addr()
        .is_ok_and(|local| host::is_ours(host.as_deref(), local));
    let own = client.own && ours;
    // A body is read (within the head's limit and time) even when it is not wanted: closing a
    // connection with unread data resets it, and the client would miss the answer.
    let mut body = Vec::new();
    if let Some(n) = length {
        let _ = (&mut reader).take(n as u64).read_to_end(&mut body);
    }
    drop(reader);
    let report_address = format!("{base_path}{OWN}{}", self_report::REPORT_ADDRESS);
    if let (Some(desk), "POST") = (desk, method)
        && target == report_address
    {
        let mut out = stream;
        // Only the site's own pages send reports: a form on any other page, posted across sites
        // by a browser, names its own origin, or its request another host.
        let foreign = !ours
            || origin
                .as_deref()
                .is_some_and(|o| !host::is_same_origin(o, host.as_deref().unwrap_or_default()))
            || fetch_site
                .as_deref()
                .is_some_and(|site| !matches!(site, "same-origin" | "none"));
        if foreign {
            return respond(
                &mut out,
                "403 Forbidden",
                "text/plain; charset=utf-8",
                b"A report is taken only from this site's own pairings page, at the address this server prints.\n",
                false,
            );
        }
        if length_unclear || length.is_none_or(|n| n > self_report::BODY_LIMIT || body.len() != n) {
            return respond(
                &mut out,
                "413 Content Too Large",
                "text/plain; charset=utf-8",
                b"A report is a short form, sent whole with its length.\n",
                false,
            );
        }
        let answer = desk.take(client.address, own, &body, base_path, |named| {
            // The event exactly as the form writes it, or none: a path spelt another way
            // (`./`, `..`, doubled slashes, absolute) names nothing.
            let site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
            site.as_ref().and_then(|session| {
                session
                    .site()
                    .events
                    .iter()
                    .find(|held| held.file.to_str() == Some(named))
                    .map(|held| self_report::Served {
                        file: held.file.clone(),
                        pairings: crate::site::addresses::pairings_path(&held.open().0),
                    })
            })
        });
        let (kind, page) = {
            let site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
            answer.page(site.as_ref().map(Session::site))
        };
        return respond(&mut out, answer.status, kind, &page, false);
    }
    let mut out = stream;
    if method != "GET" && method != "HEAD" {
        let (allow, body) = if desk.is_some() {
            (
                "GET, HEAD (POST only for a table's report)",
                "This server takes only the players' reports, posted from the pairings page's form; everything else is read-only.\n",
            )
        } else {
            (
                "GET, HEAD",
                "This server is read-only: it answers GET and HEAD only.\n",
            )
        };
        write!(
            out,
            "HTTP/1.1 405 Method Not Allowed\r\nAllow: {allow}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )?;
        return out.flush();
    }
    let head = method == "HEAD";
    let raw_path = target.split(['?', '#']).next().unwrap_or("/");
    // A malformed escape is kept as written: no file has that name, so it is not found.
    let path =
        percent::decode(raw_path, percent::Plus::Itself).unwrap_or_else(|| raw_path.to_string());
    if !is_plain_path(&path) {
        return respond(
            &mut out,
            "400 Bad Request",
            "text/plain; charset=utf-8",
            b"Only the site's own addresses are served: no `..`, `.`, backslash or control character.\n",
            head,
        );
    }
    let Some(inside) = path.strip_prefix(base_path) else {
        if path == "/" || path.is_empty() {
            return redirect(&mut out, base_path);
        }
        return respond(
            &mut out,
            "404 Not Found",
            "text/plain; charset=utf-8",
            format!("The site is served under {base_path}\n").as_bytes(),
            head,
        );
    };
    if let Some(address) = inside.strip_prefix(OWN) {
        return match address {
            "live.js" => respond(
                &mut out,
                "200 OK",
                "text/javascript; charset=utf-8",
                LIVE_JS.as_bytes(),
                head,
            ),
            "events" => events(&mut out, own, shared, slot),
            "poster" => redirect(&mut out, &format!("{base_path}{OWN}poster/")),
            "poster/" => poster(&mut out, lan_url, shared, base_path, head),
            self_report::CARDS_ADDRESS if own => match desk {
                Some(desk) => {
                    let site_url = lan_url.map_or_else(
                        || format!("http://{}{base_path}", host.as_deref().unwrap_or_default()),
                        str::to_string,
                    );
                    cards(&mut out, desk, &site_url, shared, base_path, head)
                }
                None => respond(
                    &mut out,
                    "404 Not Found",
                    "text/plain; charset=utf-8",
                    b"Players' codes exist only with holonet serve --self-report.\n",
                    head,
                ),
            },
            self_report::STYLE_ADDRESS if desk.is_some() => respond(
                &mut out,
                "200 OK",
                "text/css; charset=utf-8",
                self_report::STYLE.as_bytes(),
                head,
            ),
            _ => respond(
                &mut out,
                "404 Not Found",
                "text/plain; charset=utf-8",
                b"not found\n",
                head,
            ),
        };
    }
    let file = if inside.is_empty() || inside.ends_with('/') {
        format!("{inside}index.html")
    } else {
        inside.to_string()
    };
    // Copy what the answer needs, and let go of the site before writing to the network.
    let (found, folder, not_found, built) = {
        let site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        match site.as_ref() {
            Some(session) => (
                session.file(&file).map(|bytes| match desk {
                    Some(_) => with_self_report(session, &file, bytes, own, base_path, lan_url),
                    None => bytes,
                }),
                session.has_file(&format!("{file}/index.html")),
                session.file("404.html"),
                true,
            ),
            None => (None, false, None, false),
        }
    };
    if !built {
        // The diagnostics for this computer; a plain word for everyone else.
        let error = if own {
            shared
                .state
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .error
                .as_ref()
                .map(|failure| failure.text.clone())
        } else {
            None
        };
        let body = match error {
            Some(text) => error_page(base_path, &text),
            None => preparing_page(base_path),
        };
        return respond(
            &mut out,
            "503 Service Unavailable",
            "text/html; charset=utf-8",
            body.as_bytes(),
            head,
        );
    }
    if let Some(bytes) = found {
        return respond(
            &mut out,
            "200 OK",
            content_type(&file),
            &with_live_script(&file, &bytes, base_path),
            head,
        );
    }
    if folder {
        return redirect(&mut out, &format!("{base_path}{file}/"));
    }
    let not_found = not_found.map_or_else(
        || b"not found\n".to_vec(),
        |b| with_live_script("404.html", &b, base_path),
    );
    respond(
        &mut out,
        "404 Not Found",
        "text/html; charset=utf-8",
        &not_found,
        head,
    )
}

/// A page as served with `--self-report`: the running round's pairings page with its forms,
/// and the slips with where each table reports (at `lan_url` with `--lan`), and, on this
/// computer only, where the players' codes are.
fn with_self_report(
    session: &Session,
    file: &str,
    bytes: Vec<u8>,
    own: bool,
    base_path: &str,
    lan_url: Option<&str>,
) -> Vec<u8> {
    let site = session.site();
    let changed = if file.ends_with("/pairings/index.html") {
        self_report::with_forms(site, file, &bytes, base_path)
    } else if file.ends_with("/slips/index.html") {
        self_report::with_slip_notes(site, file, &bytes, own, base_path, lan_url)
    } else {
        None
    };
    changed.unwrap_or(bytes)
}

/// With `--self-report`: the organizer types `confirm FILE TABLE [--player ID]` where `serve`
/// runs to record a player's report (as `holonet confirm` does). Standard input is read
/// whatever it is, a terminal or a pipe: a `serve` started by a script or a service takes the
/// same lines from whoever feeds it, and is never silent about them.
fn confirm_from_input(root: &Path, log: Arc<dyn Log>) {
    let root = root.to_path_buf();
    let _ = std::thread::Builder::new().spawn(move || {
        for line in std::io::stdin().lines().map_while(Result::ok) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let words = match words.first() {
                Some(&"holonet") => &words[1..],
                _ => &words[..],
            };
            let said = match words {
                [] => continue,
                ["confirm", file, table, rest @ ..] => {
                    let player = match rest {
                        [] => None,
                        ["--player", id] => Some(*id),
                        _ => {
                            log.info("Type: confirm FILE TABLE, or confirm FILE TABLE --player ID");
                            continue;
                        }
                    };
                    match table.parse::<u32>() {
                        Ok(table) => {
                            let outcome = crate::edit::self_report::confirm(
                                &root,
                                Path::new(file),
                                table,
                                player,
                            );
                            outcome.reports.iter().for_each(|r| log.report(r));
                            match outcome.result {
                                Ok(written) => written.edit.summary,
                                Err(message) => format!("error: {message}"),
                            }
                        }
                        Err(_) => format!("`{table}` is not a table number"),
                    }
                }
                _ => "Type: confirm FILE TABLE (such as confirm events/2026/spring-open.toml 3), with --player ID where the players disagree".to_string(),
            };
            log.info(&said);
        }
    });
}

/// Reading from a connection until a moment: each read waits at most for what is left, so the
/// whole request head must arrive in time, however it is cut up.
struct Deadline<'a>(&'a TcpStream, Instant);

impl Read for Deadline<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let left = self.1.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ErrorKind::TimedOut.into());
        }
        self.0.set_read_timeout(Some(left))?;
        let mut stream = self.0;
        stream.read(buffer)
    }
}

/// Whether a decoded request path names something inside the site: it starts with `/` and has
/// no `..` or `.` segment, backslash or control character (such as a NUL). A path is looked up
/// in the session's list of the site's files before any is read, so nothing could escape it
/// anyway; these are refused outright all the same.
fn is_plain_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && path
            .split('/')
            .all(|segment| segment != ".." && segment != ".")
}

/// The poster of `--lan`: the site's address on the network as a QR code to print, made from
/// the site as it is now (its running events change as the day goes).
/// The players' cards with their codes (`serve --self-report`, this computer only); phones
/// reach the site at `site_url`.
fn cards(
    out: &mut TcpStream,
    desk: &Desk,
    site_url: &str,
    shared: &Shared,
    base_path: &str,
    head: bool,
) -> std::io::Result<()> {
    let page = {
        let site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        site.as_ref()
            .map(|session| desk.cards(session.site(), site_url))
    };
    match page {
        Some(page) => respond(
            out,
            "200 OK",
            "text/html; charset=utf-8",
            &with_live_script("cards.html", page.as_bytes(), base_path),
            head,
        ),
        None => respond(
            out,
            "503 Service Unavailable",
            "text/plain; charset=utf-8",
            b"The site has errors (see the terminal): the players' codes are shown once it builds.\n",
            head,
        ),
    }
}

fn poster(
    out: &mut TcpStream,
    lan_url: Option<&str>,
    shared: &Shared,
    base_path: &str,
    head: bool,
) -> std::io::Result<()> {
    let Some(lan_url) = lan_url else {
        return respond(
            out,
            "404 Not Found",
            "text/plain; charset=utf-8",
            b"The poster shows the site's address on the local network: start holonet serve --lan on the venue's Wi-Fi.\n",
            head,
        );
    };
    let page = {
        let site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        site.as_ref()
            .map(|session| lan::poster(session.site(), lan_url))
    };
    match page {
        Some(Ok(page)) => respond(
            out,
            "200 OK",
            "text/html; charset=utf-8",
            &with_live_script("poster.html", page.as_bytes(), base_path),
            head,
        ),
        Some(Err(message)) => respond(
            out,
            "500 Internal Server Error",
            "text/plain; charset=utf-8",
            format!("{message}\n").as_bytes(),
            head,
        ),
        None => respond(
            out,
            "503 Service Unavailable",
            "text/plain; charset=utf-8",
            b"The site has errors (see the terminal): the poster is made once it builds.\n",
            head,
        ),
    }
}

/// What a reload channel has to tell its tab after a wait.
enum News {
    /// Nothing happened.
    Quiet,
    /// A rebuild failed: its `error` message, for this computer's tabs.
    Broken(Option<String>),
    /// A rebuild succeeded.
    Built,
}

/// Streams server-sent events to one tab until it goes away. This computer's tabs (`own`) get
/// `reload` after each rebuild, `error` (the failure as one line of JSON: the diagnostics, the
/// files, the pages it belongs to) when a rebuild failed, and `ok` when the site is fixed.
/// Every other tab gets only `reload`, after a rebuild that changed the site: a failed one
/// changes nothing it is served.
fn events(out: &mut TcpStream, own: bool, shared: &Shared, slot: &Slot) -> std::io::Result<()> {
    slot.stays_open();
    out.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n")?;
    let (mut seen, mut broken, first) = {
        let state = shared.state.lock().unwrap_or_else(|p| p.into_inner());
        let first = match &state.error {
            Some(failure) if own => sse("error", &failure.message()),
            _ => ": connected\n\n".to_string(),
        };
        (state.generation, state.error.is_some(), first)
    };
    out.write_all(first.as_bytes())?;
    out.flush()?;
    let mut quiet = 0;
    loop {
        let news = {
            let state = shared.state.lock().unwrap_or_else(|p| p.into_inner());
            let (state, _) = shared
                .news
                .wait_timeout_while(state, HANGUP_CHECK, |s| s.generation == seen)
                .unwrap_or_else(|p| p.into_inner());
            if state.generation == seen {
                News::Quiet
            } else {
                seen = state.generation;
                match &state.error {
                    Some(failure) => News::Broken(own.then(|| failure.message())),
                    None => News::Built,
                }
            }
        };
        let message = match news {
            News::Quiet => {
                // A closed tab, or room needed for another client (see `serve/connections.rs`).
                if hung_up(out) || slot.must_close() {
                    return Ok(());
                }
                quiet += 1;
                if quiet < KEEPALIVE_CHECKS {
                    continue;
                }
                // A comment keeps the connection open through proxies.
                ": ping\n\n".to_string()
            }
            News::Broken(message) => {
                broken = true;
                match message {
                    Some(message) => sse("error", &message),
                    None => continue,
                }
            }
            News::Built if broken && own => {
                broken = false;
                sse("ok", "")
            }
            News::Built => {
                broken = false;
                sse("reload", "")
            }
        };
        quiet = 0;
        out.write_all(message.as_bytes())?;
        out.flush()?;
    }
}

/// Whether the client has closed its end of `stream`: a reload channel's tab sends nothing
/// after its request, so the end of its input is the tab going away (or the client gone).
fn hung_up(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let mut buffer = [0u8; 512];
    let mut reader = stream;
    let read = reader.read(&mut buffer);
    if stream.set_nonblocking(false).is_err() {
        return true;
    }
    match read {
        Ok(0) => true,
        // Whatever else a client sends is not needed.
        Ok(_) => false,
        Err(e) => e.kind() != ErrorKind::WouldBlock,
    }
}

/// One server-sent event; every line of `data` gets its own `data:` field.
fn sse(event: &str, data: &str) -> String {
    let mut out = format!("event: {event}\n");
    for line in data.lines() {
        out.push_str(&format!("data: {line}\n"));
    }
    if data.is_empty() {
        out.push_str("data:\n");
    }
    out.push('\n');
    out
}

fn respond(
    out: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    head: bool,
) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if !head {
        out.write_all(body)?;
    }
    out.flush()
}

fn redirect(out: &mut TcpStream, location: &str) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )?;
    out.flush()
}

/// HTML pages get the live-reload script before `</body>`; other files are served as built.
fn with_live_script(path: &str, bytes: &[u8], base_path: &str) -> Vec<u8> {
    if !path.ends_with(".html") {
        return bytes.to_vec();
    }
    let tag = format!("<script src=\"{base_path}{OWN}live.js\" defer></script>\n");
    let text = String::from_utf8_lossy(bytes);
    match text.rfind("</body>") {
        Some(at) => format!("{}{tag}{}", &text[..at], &text[at..]).into_bytes(),
        None => format!("{text}{tag}").into_bytes(),
    }
}

/// A page for a site that has never built, on this computer: the diagnostics, as text.
fn error_page(base_path: &str, error: &str) -> String {
    let escaped = crate::site::escape::html(error);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>The site has errors</title></head><body><h1>The site has errors</h1><pre>{escaped}</pre><script src=\"{base_path}{OWN}live.js\" defer></script></body></html>\n"
    )
}

/// A page for a site that has never built, elsewhere on the network: nothing of why (the
/// diagnostics are the organizer's), and it loads the site once the site builds.
fn preparing_page(base_path: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>The site is being prepared</title></head><body><h1>The site is being prepared</h1><p>This page opens the site by itself once it is ready.</p><script src=\"{base_path}{OWN}live.js\" defer></script></body></html>\n"
    )
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "ics" => "text/calendar; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Opens `url` in the desktop's browser; a failure only means opening it by hand.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(command).arg(url).spawn();
}

/// The script every served page gets: reload on `reload` and `ok` (unless a report's form is
/// being filled in); on `error` (which only
/// this computer's tabs get), the diagnostics over the page when the failure belongs to it (the
/// broken event's pages, or every page for a failure outside the events), else a small notice
/// in a corner naming the file, with a link to the broken event. All as text, never as markup.
const LIVE_JS: &str = r#"// Holonet live reload (holonet serve only; never part of a built site).
(function () {
  var src = document.currentScript && document.currentScript.src;
  var url = src ? src.replace(/live\.js$/, "events") : "/__holonet/events";
  var shown = null;
  function clear() {
    if (shown) { shown.remove(); shown = null; }
  }
  function here() {
    try { return decodeURI(location.pathname); } catch (e) { return location.pathname; }
  }
  function overlay(text) {
    clear();
    shown = document.createElement("div");
    shown.setAttribute("role", "alert");
    shown.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:1.5rem;background:rgba(20,20,24,.96);color:#f5f5f5;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
    shown.textContent = "holonet serve: the last change does not build; this page is the last good one.\n\n" + text;
    document.body.appendChild(shown);
  }
  function notice(files, pages) {
    clear();
    shown = document.createElement("div");
    shown.setAttribute("role", "status");
    shown.style.cssText = "position:fixed;right:.75rem;bottom:.75rem;max-width:24rem;z-index:2147483647;padding:.5rem .75rem;border-radius:.4rem;background:#3a2a12;color:#fff;font:13px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.35)";
    shown.appendChild(document.createTextNode("holonet serve: the last change to " + files.join(", ") + " does not build; this page is the last good one. "));
    pages.forEach(function (page, i) {
      var link = document.createElement("a");
      link.href = page;
      link.style.color = "rgb(255,210,122)";
      link.textContent = pages.length > 1 ? "errors (" + (i + 1) + ")" : "See the errors";
      shown.appendChild(link);
      shown.appendChild(document.createTextNode(" "));
    });
    document.body.appendChild(shown);
  }
  function broken(data) {
    var failure;
    try { failure = JSON.parse(data); } catch (e) { return; }
    var path = here();
    var mine = !failure.pages || failure.pages.some(function (page) { return path.indexOf(page) === 0; });
    if (mine) { overlay(failure.text); } else { notice(failure.files, failure.pages); }
  }
  // A report being filled in (serve --self-report) is not thrown away by a reload: sending it
  // leaves the page anyway.
  var filling = false;
  document.addEventListener("input", function (e) {
    if (e.target.form && e.target.form.method === "post") filling = true;
  });
  function reload() { if (!filling) location.reload(); }
  var source = new EventSource(url);
  source.addEventListener("reload", reload);
  source.addEventListener("ok", reload);
  // Also fired, without data, when the connection drops: only a message with data is news.
  source.addEventListener("error", function (e) { if (e.data !== undefined) broken(e.data); });
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_carry_each_line_as_data() {
        assert_eq!(sse("error", "a\nb"), "event: error\ndata: a\ndata: b\n\n");
        assert_eq!(sse("reload", ""), "event: reload\ndata:\n\n");
    }

    #[test]
    fn pages_get_the_live_script() {
        let page = with_live_script(
            "index.html",
            b"<html><body><p>x</p></body></html>",
            "/archive/",
        );
        assert_eq!(
            String::from_utf8(page).unwrap(),
            "<html><body><p>x</p><script src=\"/archive/__holonet/live.js\" defer></script>\n</body></html>"
        );
        assert_eq!(with_live_script("style.css", b"body{}", "/"), b"body{}");
    }

    #[test]
    fn only_plain_paths_are_looked_up() {
        assert!(is_plain_path("/"));
        assert!(is_plain_path("/archive/events/2026/x/"));
        assert!(is_plain_path("/players/zoë/"));
        assert!(is_plain_path("/a..b/c.d"));
        for path in [
            "/../etc/passwd",
            "/archive/..",
            "/./index.html",
            "/a\\..\\b",
            "/a\0b",
            "/a\nb",
            "",
            "events/",
        ] {
            assert!(!is_plain_path(path), "{path:?}");
        }
    }
}
