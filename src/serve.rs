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
//!   `/__holonet/events` (server-sent events) for `reload`, `error` and `ok` (`serve/live.rs`).
//!
//! The HTTP side is deliberately small (GET and HEAD, one thread per connection, no keep-alive;
//! `serve/http.rs` reads a request and writes an answer, `handle` routes it by concern) and
//! read-only: it answers with the built site's files and its own few addresses, nothing else
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
mod http;
mod lan;
mod live;
mod percent;
mod report_guard;
mod self_report;
mod watch;

use crate::diag::Shown;
use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, Ipv4Addr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::diag::Report;
use crate::site::session::Session;
pub use connections::{CLIENT_CONNECTIONS, MAX_CONNECTIONS, OWN_CONNECTIONS};
use connections::{Connections, Slot};
use failure::{Failure, from_this_computer};
use live::{LIVE_JS, error_page, events, preparing_page, with_live_script};
pub use report_guard::{REPORTS_PER_ROUND, WRONG_CODES_PER_PLAYER, WRONG_CODES_PER_ROUND};
use self_report::Desk;

/// The prefix of the server's own addresses, which no site page can have.
const OWN: &str = "__holonet/";

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
    let root = std::fs::canonicalize(&options.root)
        .map_err(|e| format!("cannot open the site folder {}: {e}", options.root.shown()))?;
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
        root.shown()
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
    let request = http::read_request(&stream)?;
    // A request naming another host (a page's own name pointed at this computer) is a
    // stranger's, wherever it comes from: no codes, no diagnostics.
    let ours = stream
        .local_addr()
        .is_ok_and(|local| host::is_ours(request.host.as_deref(), local));
    let asker = Asker {
        client,
        ours,
        own: client.own && ours,
    };
    let mut out = stream;
    let report_address = format!("{base_path}{OWN}{}", self_report::REPORT_ADDRESS);
    match (desk, request.method.as_str()) {
        (Some(desk), "POST") if request.target == report_address => {
            answer_report(&mut out, &request, asker, desk, shared, base_path)
        }
        (_, "GET" | "HEAD") => {
            let site = ServedSite {
                slot,
                base_path,
                lan_url,
                shared,
                desk,
            };
            answer_read(&mut out, &request, asker.own, &site)
        }
        (Some(_), _) => http::method_not_allowed(
            &mut out,
            "GET, HEAD (POST only for a table's report)",
            "This server takes only the players' reports, posted from the pairings page's form; everything else is read-only.\n",
        ),
        (None, _) => http::method_not_allowed(
            &mut out,
            "GET, HEAD",
            "This server is read-only: it answers GET and HEAD only.\n",
        ),
    }
}

/// Who asks, as far as the server can tell: the client, whether the request names this
/// server (`ours`), and whether it is this computer's own browser asking so (`own`), which
/// alone sees the players' codes and the diagnostics.
#[derive(Clone, Copy)]
struct Asker {
    client: Client,
    ours: bool,
    own: bool,
}

/// What a read request is answered from.
struct ServedSite<'a> {
    slot: &'a Slot,
    base_path: &'a str,
    lan_url: Option<&'a str>,
    shared: &'a Shared,
    desk: Option<&'a Desk>,
}

/// A player's report, posted from the running round's pairings page (`--self-report`).
fn answer_report(
    out: &mut TcpStream,
    request: &http::Request,
    asker: Asker,
    desk: &Desk,
    shared: &Shared,
    base_path: &str,
) -> std::io::Result<()> {
    // Only the site's own pages send reports: a form on any other page, posted across sites
    // by a browser, names its own origin, or its request another host.
    let host = request.host.as_deref().unwrap_or_default();
    let foreign = !asker.ours
        || request
            .origin
            .as_deref()
            .is_some_and(|o| !host::is_same_origin(o, host))
        || request
            .fetch_site
            .as_deref()
            .is_some_and(|site| !matches!(site, "same-origin" | "none"));
    if foreign {
        return http::respond_text(
            out,
            "403 Forbidden",
            "A report is taken only from this site's own pairings page, at the address this server prints.\n",
            false,
        );
    }
    if !request.has_whole_body(self_report::BODY_LIMIT) {
        return http::respond_text(
            out,
            "413 Content Too Large",
            "A report is a short form, sent whole with its length.\n",
            false,
        );
    }
    let answer = desk.take(
        asker.client.address,
        asker.own,
        &request.body,
        base_path,
        |named| {
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
        },
    );
    let (kind, page) = {
        let site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        answer.page(site.as_ref().map(Session::site))
    };
    http::respond(out, answer.status, kind, &page, false)
}

/// A GET or HEAD: a page or file of the site, or one of the server's own addresses.
fn answer_read(
    out: &mut TcpStream,
    request: &http::Request,
    own: bool,
    site: &ServedSite,
) -> std::io::Result<()> {
    let (head, base_path) = (request.method == "HEAD", site.base_path);
    let raw_path = request.target.split(['?', '#']).next().unwrap_or("/");
    // A malformed escape is kept as written: no file has that name, so it is not found.
    let path =
        percent::decode(raw_path, percent::Plus::Itself).unwrap_or_else(|| raw_path.to_string());
    if !http::is_plain_path(&path) {
        return http::respond_text(
            out,
            "400 Bad Request",
            "Only the site's own addresses are served: no `..`, `.`, backslash or control character.\n",
            head,
        );
    }
    let Some(inside) = path.strip_prefix(base_path) else {
        if path == "/" || path.is_empty() {
            return http::redirect(out, base_path);
        }
        return http::respond_text(
            out,
            "404 Not Found",
            &format!("The site is served under {base_path}\n"),
            head,
        );
    };
    match inside.strip_prefix(OWN) {
        Some(address) => own_address(out, address, request, own, site),
        None => site_file(out, inside, head, own, site),
    }
}

/// One of the server's own addresses (under [`OWN`]): the reload script and channel, the
/// poster, and with `--self-report` the players' cards (this computer only) and the report
/// page's style.
fn own_address(
    out: &mut TcpStream,
    address: &str,
    request: &http::Request,
    own: bool,
    site: &ServedSite,
) -> std::io::Result<()> {
    let (head, base_path) = (request.method == "HEAD", site.base_path);
    match address {
        "live.js" => http::respond(
            out,
            "200 OK",
            "text/javascript; charset=utf-8",
            LIVE_JS.as_bytes(),
            head,
        ),
        "events" => events(out, own, site.shared, site.slot),
        "poster" => http::redirect(out, &format!("{base_path}{OWN}poster/")),
        "poster/" => poster(out, site.lan_url, site.shared, base_path, head),
        self_report::CARDS_ADDRESS if own => match site.desk {
            Some(desk) => {
                let site_url = site.lan_url.map_or_else(
                    || {
                        let host = request.host.as_deref().unwrap_or_default();
                        format!("http://{host}{base_path}")
                    },
                    str::to_string,
                );
                cards(out, desk, &site_url, site.shared, base_path, head)
            }
            None => http::respond_text(
                out,
                "404 Not Found",
                "Players' codes exist only with holonet serve --self-report.\n",
                head,
            ),
        },
        self_report::STYLE_ADDRESS if site.desk.is_some() => http::respond(
            out,
            "200 OK",
            "text/css; charset=utf-8",
            self_report::STYLE.as_bytes(),
            head,
        ),
        _ => http::respond_text(out, "404 Not Found", "not found\n", head),
    }
}

/// A file of the built site at `inside` (its path under the base path): a page gets the
/// reload script, a folder is redirected to with its slash, and a site that has not built
/// yet says why (to this computer) or that it is being prepared (to everyone else).
fn site_file(
    out: &mut TcpStream,
    inside: &str,
    head: bool,
    own: bool,
    site: &ServedSite,
) -> std::io::Result<()> {
    let base_path = site.base_path;
    let file = if inside.is_empty() || inside.ends_with('/') {
        format!("{inside}index.html")
    } else {
        inside.to_string()
    };
    // Copy what the answer needs, and let go of the site before writing to the network.
    let (found, folder, not_found, built) = {
        let held = site.shared.site.lock().unwrap_or_else(|p| p.into_inner());
        match held.as_ref() {
            Some(session) => (
                session.file(&file).map(|bytes| match site.desk {
                    Some(_) => {
                        with_self_report(session, &file, bytes, own, base_path, site.lan_url)
                    }
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
            site.shared
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
        return http::respond(
            out,
            "503 Service Unavailable",
            "text/html; charset=utf-8",
            body.as_bytes(),
            head,
        );
    }
    if let Some(bytes) = found {
        return http::respond(
            out,
            "200 OK",
            http::content_type(&file),
            &with_live_script(&file, &bytes, base_path),
            head,
        );
    }
    if folder {
        return http::redirect(out, &format!("{base_path}{file}/"));
    }
    let not_found = not_found.map_or_else(
        || b"not found\n".to_vec(),
        |b| with_live_script("404.html", &b, base_path),
    );
    http::respond(
        out,
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
        Some(page) => http::respond(
            out,
            "200 OK",
            "text/html; charset=utf-8",
            &with_live_script("cards.html", page.as_bytes(), base_path),
            head,
        ),
        None => http::respond(
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
        return http::respond(
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
        Some(Ok(page)) => http::respond(
            out,
            "200 OK",
            "text/html; charset=utf-8",
            &with_live_script("poster.html", page.as_bytes(), base_path),
            head,
        ),
        Some(Err(message)) => http::respond(
            out,
            "500 Internal Server Error",
            "text/plain; charset=utf-8",
            format!("{message}\n").as_bytes(),
            head,
        ),
        None => http::respond(
            out,
            "503 Service Unavailable",
            "text/plain; charset=utf-8",
            b"The site has errors (see the terminal): the poster is made once it builds.\n",
            head,
        ),
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
