//! `holonet serve` as the tests run it: started as the README starts it (in the site folder, with
//! `--port 0`) or through a command a test wraps around it, its address read from the line it
//! prints, pages fetched over 127.0.0.1, and the server stopped when the test drops it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

/// How long one answer, page or printed line may take on the busiest machine: a deadline to
/// wait for, never a measure.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The running server; stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    pub port: u16,
    /// The site's path on the server (`/`, or `/archive/` under a sub-path base URL).
    pub base: String,
    /// What it printed after its "Serving" line, line by line.
    pub output: Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What becomes of what the server prints on standard error.
pub enum Errors {
    Dropped,
    /// Read into [`Server::output`] beside its standard output (the diagnostics of a save
    /// that breaks the site are printed there).
    InOutput,
}

/// `holonet serve --port 0 EXTRA` in the site folder, as the README starts it.
pub fn command_in(site: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_holonet"));
    command
        .args(["serve", "--port", "0"])
        .args(extra)
        .current_dir(site);
    command
}

/// Starts `holonet serve --port 0 EXTRA` in the site folder.
pub fn serve_in(site: &Path, extra: &[&str]) -> Server {
    spawn(command_in(site, extra), Errors::Dropped)
}

/// Starts `command` (a `holonet serve --port 0`, possibly wrapped) and reads its address from
/// the "Serving ... on http://127.0.0.1:PORT/BASE" line, whatever it printed before (a site
/// that does not build says so first).
pub fn spawn(mut command: Command, errors: Errors) -> Server {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(match errors {
            Errors::Dropped => Stdio::null(),
            Errors::InOutput => Stdio::piped(),
        })
        .spawn()
        .expect("holonet serve starts");
    let (tx, output) = channel();
    // Both pipes are read from the start, so the server never blocks on a full one.
    if let Some(stderr) = child.stderr.take() {
        let tx = tx.clone();
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
    }
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let serving = loop {
        let line = lines.next().expect("a Serving line").expect("utf-8");
        if line.starts_with("Serving ") {
            break line;
        }
    };
    let url = serving
        .split_whitespace()
        .find(|word| word.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("an address in {serving:?}"));
    let rest = url.trim_start_matches("http://");
    let (address, base) = rest.split_at(rest.find('/').expect("a path"));
    let port = address
        .trim_start_matches("127.0.0.1:")
        .parse()
        .unwrap_or_else(|_| panic!("a port in {serving:?}"));
    thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    Server {
        child,
        address: address.to_string(),
        port,
        base: base.to_string(),
        output,
    }
}

impl Server {
    /// The server's process id (the Linux tests read its CPU time).
    #[cfg(target_os = "linux")]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Its standard input, where it was started with one piped (as a script starts it).
    pub fn input(&mut self) -> std::process::ChildStdin {
        self.child
            .stdin
            .take()
            .expect("serve started with its input piped")
    }

    /// Where the organizer's own browser reaches it.
    pub fn local(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    /// A request with no body: status line, headers and body.
    pub fn request(&self, method: &str, path: &str) -> (String, String, String) {
        let stream = TcpStream::connect(self.local()).expect("connect");
        request_on(stream, method, path).expect("request and response")
    }

    /// A GET request: status line and body.
    pub fn get(&self, path: &str) -> (String, String) {
        get(self.local(), path)
    }

    /// A GET request: status code and body.
    pub fn fetch(&self, path: &str) -> (u16, String) {
        let (status, body) = self.get(path);
        let code = status
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        (code, body)
    }

    /// The page at `path` once it answers 200 with `wanted` in it (waiting through rebuilds).
    pub fn wait_for_page(&self, path: &str, wanted: &str) -> String {
        wait_for_page(self.local(), path, wanted)
    }

    /// Waits for a printed line holding `wanted`, and returns it.
    pub fn says(&self, wanted: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) if line.contains(wanted) => return line,
                Ok(_) => {}
                Err(_) => panic!("the server never said {wanted:?}"),
            }
        }
    }
}

/// A request with no body on a connected `stream`: status line, headers and body; or the
/// error that cut it short (a server turning a connection away may close it before the
/// request is written).
pub fn request_on(
    mut stream: TcpStream,
    method: &str,
    path: &str,
) -> std::io::Result<(String, String, String)> {
    stream.set_read_timeout(Some(PATIENCE))?;
    let host = stream.peer_addr()?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\n\r\n"
    )?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let (status, headers) = head.split_once("\r\n").unwrap_or((head, ""));
    Ok((status.to_string(), headers.to_string(), body.to_string()))
}

/// A GET of `path` on a connected `stream`: status line and body.
pub fn get_on(stream: TcpStream, path: &str) -> (String, String) {
    let (status, _, body) = request_on(stream, "GET", path).expect("request and response");
    (status, body)
}

/// A GET of `path` from the server at `to`: status line and body.
pub fn get(to: SocketAddr, path: &str) -> (String, String) {
    get_on(TcpStream::connect(to).expect("connect"), path)
}

/// The page at `path` on the server at `to` once it answers 200 with `wanted` in it.
pub fn wait_for_page(to: SocketAddr, path: &str, wanted: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, _, body) = TcpStream::connect(to)
            .and_then(|stream| request_on(stream, "GET", path))
            .unwrap_or_else(|e| (format!("no answer: {e}"), String::new(), String::new()));
        if status == "HTTP/1.1 200 OK" && body.contains(wanted) {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "{path} never showed {wanted:?}: {status}\n{body}"
        );
        thread::sleep(Duration::from_millis(50));
    }
}

/// Posts `fields` as a browser posts a form (URL-encoded) to `path` on the server at `to`:
/// status code and body.
pub fn post_form(to: SocketAddr, path: &str, fields: &[(&str, &str)]) -> (u16, String) {
    post_form_with(to, path, fields, &[format!("Host: {to}")])
}

/// Posts `fields` as [`post_form`] does, with the request's headers `headers` (`Host` among
/// them, or not) instead of the browser's own.
pub fn post_form_with(
    to: SocketAddr,
    path: &str,
    fields: &[(&str, &str)],
    headers: &[String],
) -> (u16, String) {
    post_form_on(
        TcpStream::connect(to).expect("connect"),
        path,
        fields,
        headers,
    )
}

/// Posts `fields` as [`post_form_with`] does, on a connected `stream` (one from an address of
/// the test's choosing).
pub fn post_form_on(
    mut stream: TcpStream,
    path: &str,
    fields: &[(&str, &str)],
    headers: &[String],
) -> (u16, String) {
    let body = fields
        .iter()
        .map(|(name, value)| format!("{}={}", form_encode(name), form_encode(value)))
        .collect::<Vec<_>>()
        .join("&");
    stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
    write!(
        stream,
        "POST {path} HTTP/1.1\r\n{}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        headers.iter().map(|h| format!("{h}\r\n")).collect::<String>(),
        body.len()
    )
    .expect("request");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response");
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    (code, body.to_string())
}

/// A form value as browsers encode it: letters, digits and `-_.*` as they are, a space as
/// `+`, every other byte as `%XX`.
fn form_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                (b as char).to_string()
            }
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The players' cards page of `serve --self-report` (this computer only).
pub const CARDS: &str = "/__holonet/cards/";

/// The personal codes on the cards page `cards` for the event in `file` (its path under the
/// site), by player id, as printed (`KM7P QXA4`).
pub fn player_codes(cards: &str, file: &str) -> std::collections::BTreeMap<String, String> {
    cards
        .split("<article class=\"player-card\"")
        .skip(1)
        .filter(|card| card.contains(&format!("data-event=\"{file}\"")))
        .filter_map(|card| {
            let id = card.split("data-player=\"").nth(1)?.split('"').next()?;
            let code = card.split("class=\"player-code\">").nth(1)?;
            let code = code.split("</strong>").next()?;
            Some((id.to_string(), code.to_string()))
        })
        .collect()
}

/// The report form of `table` on a pairings page (`serve --self-report`): where it posts,
/// and its hidden fields (the event, the round and the table) as a browser sends them.
pub fn report_form(pairings: &str, table: u32) -> (String, Vec<(String, String)>) {
    let start = pairings
        .find(&format!("id=\"report-{table}\""))
        .unwrap_or_else(|| panic!("no report form for table {table}"));
    let form = &pairings[start..];
    let form = &form[..form.find("</form>").expect("the form's end")];
    let attribute = |tag: &str, name: &str| -> String {
        let at = tag.find(&format!("{name}=\"")).expect("the attribute") + name.len() + 2;
        tag[at..]
            .split('"')
            .next()
            .expect("its value")
            .replace("&amp;", "&")
    };
    let action = attribute(form.split("<form").nth(1).expect("a form tag"), "action");
    let hidden = form
        .split("<input")
        .skip(1)
        .filter(|tag| tag.contains("type=\"hidden\""))
        .map(|tag| (attribute(tag, "name"), attribute(tag, "value")))
        .collect();
    (action, hidden)
}
