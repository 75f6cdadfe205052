//! Live reload: every HTML page served gets a small script ([`LIVE_JS`]) that listens to
//! `/__holonet/events` (server-sent events) and reloads the tab after a rebuild, or shows the
//! diagnostics of a failed one over the pages they concern (this computer only); and the
//! pages shown while the site has never built.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use super::connections::Slot;
use super::{OWN, Shared};

/// How often a reload channel looks whether its tab has gone: a closed tab frees its
/// connection within this, not at the next keep-alive.
pub(super) const HANGUP_CHECK: Duration = Duration::from_secs(1);

/// A reload channel sends a comment after this many quiet checks, to keep proxies from
/// closing it.
pub(super) const KEEPALIVE_CHECKS: u32 = 15;

/// What a reload channel has to tell its tab after a wait.
pub(super) enum News {
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
pub(super) fn events(
    out: &mut TcpStream,
    own: bool,
    shared: &Shared,
    slot: &Slot,
) -> std::io::Result<()> {
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
pub(super) fn hung_up(stream: &TcpStream) -> bool {
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
pub(super) fn sse(event: &str, data: &str) -> String {
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

/// HTML pages get the live-reload script before `</body>`; other files are served as built.
pub(super) fn with_live_script(path: &str, bytes: &[u8], base_path: &str) -> Vec<u8> {
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
pub(super) fn error_page(base_path: &str, error: &str) -> String {
    let escaped = crate::site::escape::html(error);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>The site has errors</title></head><body><h1>The site has errors</h1><pre>{escaped}</pre><script src=\"{base_path}{OWN}live.js\" defer></script></body></html>\n"
    )
}

/// A page for a site that has never built, elsewhere on the network: nothing of why (the
/// diagnostics are the organizer's), and it loads the site once the site builds.
pub(super) fn preparing_page(base_path: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>The site is being prepared</title></head><body><h1>The site is being prepared</h1><p>This page opens the site by itself once it is ready.</p><script src=\"{base_path}{OWN}live.js\" defer></script></body></html>\n"
    )
}

/// The script every served page gets: reload on `reload` and `ok` (unless a report's form is
/// being filled in); on `error` (which only
/// this computer's tabs get), the diagnostics over the page when the failure belongs to it (the
/// broken event's pages, or every page for a failure outside the events), else a small notice
/// in a corner naming the file, with a link to the broken event. All as text, never as markup.
pub(super) const LIVE_JS: &str = r#"// Holonet live reload (holonet serve only; never part of a built site).
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
}
