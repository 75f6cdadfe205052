//! The little HTTP/1.1 the server speaks: one request read from a connection (its line, the
//! few headers the server uses and a body of the length given, within a size and a time), and
//! answers written whole, each closing its connection.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::host;

/// The most a request's line and headers may take: a GET needs far less, and a client on the
/// network must not make the server read without end.
const REQUEST_HEAD_LIMIT: u64 = 16 * 1024;

/// The time a client has to send its request's line and headers, all of it: a phone sends
/// them at once, and a client trickling them a byte at a time must not hold a connection.
const REQUEST_HEAD_TIME: Duration = Duration::from_secs(10);

/// A request as the server reads it: only what it answers by.
pub struct Request {
    pub method: String,
    /// The target as sent, in origin form (`/path?query`); one sent in absolute form gives its
    /// authority as `host`.
    pub target: String,
    /// Where the request says it is sent to: `Host`, or the authority of an absolute target.
    pub host: Option<String>,
    pub origin: Option<String>,
    /// `Sec-Fetch-Site`, which browsers send with a form posted from another site.
    pub fetch_site: Option<String>,
    /// `Content-Length`, when written as plain digits.
    pub length: Option<usize>,
    /// A length written other than as plain digits, given twice, or beside a transfer coding:
    /// no length to trust.
    pub length_unclear: bool,
    pub body: Vec<u8>,
}

impl Request {
    /// Whether the body is exactly the length given, and at most `limit` bytes.
    pub fn has_whole_body(&self, limit: usize) -> bool {
        !self.length_unclear
            && self
                .length
                .is_some_and(|n| n <= limit && self.body.len() == n)
    }
}

/// Reads one request from `stream`: its line and headers within [`REQUEST_HEAD_LIMIT`] and
/// [`REQUEST_HEAD_TIME`], then the body of the length given, within what is left of both. A
/// body is read even when it is not wanted: closing a connection with unread data resets it,
/// and the client would miss the answer.
pub fn read_request(stream: &TcpStream) -> std::io::Result<Request> {
    let until = Instant::now() + REQUEST_HEAD_TIME;
    let mut reader = BufReader::new(Deadline(stream, until).take(REQUEST_HEAD_LIMIT));
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    // A target in absolute form names its host itself, which stands for `Host`.
    let (authority, target) = host::split_absolute_form(parts.next().unwrap_or("/"));
    let mut request = Request {
        method,
        target: target.to_string(),
        host: None,
        origin: None,
        fetch_site: None,
        length: None,
        length_unclear: false,
        body: Vec::new(),
    };
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            continue;
        };
        let value = Some(value.trim().to_string());
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => {
                let digits =
                    value.filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()));
                request.length_unclear |= request.length.is_some() || digits.is_none();
                request.length = digits.and_then(|v| v.parse().ok());
            }
            "transfer-encoding" => request.length_unclear = true,
            "host" => request.host = value,
            "origin" => request.origin = value,
            "sec-fetch-site" => request.fetch_site = value,
            _ => {}
        }
    }
    if let Some(authority) = authority {
        request.host = Some(authority.to_string());
    }
    if let Some(n) = request.length {
        let _ = (&mut reader).take(n as u64).read_to_end(&mut request.body);
    }
    Ok(request)
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
pub fn is_plain_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.contains('\\')
        && !path.chars().any(char::is_control)
        && path
            .split('/')
            .all(|segment| segment != ".." && segment != ".")
}

/// Writes a whole answer (only its head for a HEAD request).
pub fn respond(
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

/// A plain-text answer: the server's own refusals and notes.
pub fn respond_text(
    out: &mut TcpStream,
    status: &str,
    text: &str,
    head: bool,
) -> std::io::Result<()> {
    respond(
        out,
        status,
        "text/plain; charset=utf-8",
        text.as_bytes(),
        head,
    )
}

pub fn redirect(out: &mut TcpStream, location: &str) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )?;
    out.flush()
}

/// 405, with the methods the server takes (`allow`) and why, in `text`.
pub fn method_not_allowed(out: &mut TcpStream, allow: &str, text: &str) -> std::io::Result<()> {
    write!(
        out,
        "HTTP/1.1 405 Method Not Allowed\r\nAllow: {allow}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}",
        text.len()
    )?;
    out.flush()
}

/// The type of a site file, by its extension.
pub fn content_type(path: &str) -> &'static str {
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

#[cfg(test)]
mod tests {
    use super::*;

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
