//! `holonet serve` end to end: start it on a copy of the example site, edit an event file, and
//! see the reload message and the changed page; break the file, see the errors and the last
//! good page; fix it again. Also under a sub-path base URL, and with `--lan` for phones on the
//! venue's network (reached here through 127.0.0.1 only).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use crate::common;
use crate::common::serve::{Errors, Server, serve_in, spawn};

/// `holonet serve --root ROOT` started from the test's own folder.
fn start(root: &Path, extra: &[&str]) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_holonet"));
    command
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .args(extra);
    spawn(command, Errors::Dropped)
}

/// The server-sent events of one tab, line by line.
fn listen(server: &Server) -> Receiver<String> {
    let mut stream = TcpStream::connect(&server.address).expect("connect");
    write!(
        stream,
        "GET {}__holonet/events HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.base, server.address
    )
    .expect("request");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for `event: name` and returns its data lines.
fn wait_for(events: &Receiver<String>, name: &str) -> String {
    let wanted = format!("event: {name}");
    loop {
        let line = events
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no {wanted} within 20 s"));
        if line == wanted {
            let mut data = Vec::new();
            while let Ok(line) = events.recv_timeout(Duration::from_secs(5)) {
                if line.is_empty() {
                    break;
                }
                data.push(line.trim_start_matches("data:").trim_start().to_string());
            }
            return data.join("\n");
        }
    }
}

#[test]
fn an_edit_reloads_the_page_and_a_broken_file_shows_its_errors() {
    let site = common::example_site();
    let root = site.path();
    let server = start(root, &[]);
    // The current round's page counts the tables reported.
    let page = "/events/2026/corellia-spring-open/pairings/";
    let (status, body) = server.get(page);
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        body.contains("__holonet/live.js"),
        "pages get the reload script"
    );
    assert!(body.contains("4 tables, 1 reported"), "{body}");
    let events = listen(&server);
    // Give the tab's connection a moment to be waiting before the edit.
    std::thread::sleep(Duration::from_millis(300));

    let file = "events/2026/corellia-spring-open.toml";
    common::edit(
        root,
        file,
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"] }",
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"maren-holm\"] }",
    );
    wait_for(&events, "reload");
    let (_, body) = server.get(page);
    assert!(
        body.contains("4 tables, 2 reported"),
        "the page shows the new result"
    );

    common::edit(
        root,
        file,
        "\"jurgen-falkenrath\"], games",
        "\"jurgen-falkenrat\"], games",
    );
    let errors = wait_for(&events, "error");
    assert!(
        errors.contains("events/2026/corellia-spring-open.toml:"),
        "{errors}"
    );
    assert!(
        errors.contains("did you mean `jurgen-falkenrath`?"),
        "{errors}"
    );
    let (status, body) = server.get(page);
    assert_eq!(status, "HTTP/1.1 200 OK", "the last good site is served");
    assert!(body.contains("4 tables, 2 reported"));

    common::edit(
        root,
        file,
        "\"jurgen-falkenrat\"], games",
        "\"jurgen-falkenrath\"], games",
    );
    wait_for(&events, "ok");
    let (status, _) = server.get("/no/such/page/");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
}

#[test]
fn a_sub_path_base_url_is_honoured() {
    let site = common::example_site();
    let server = start(
        site.path(),
        &["--base-url", "https://example.github.io/archive/"],
    );
    assert_eq!(server.base, "/archive/");
    let (status, body) = server.get("/archive/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        body.contains("href=\"/archive/events/\""),
        "links under the sub-path"
    );
    assert!(body.contains("src=\"/archive/__holonet/live.js\""));
    let (status, _) = server.get("/");
    assert_eq!(status, "HTTP/1.1 302 Found", "the root leads to the site");
    let (status, _) = server.get("/archive/events");
    assert_eq!(status, "HTTP/1.1 302 Found", "a folder without its slash");
    let (status, css) = server.get("/archive/style.css");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(!css.contains("live.js"), "only pages get the script");
}

/// A request target in absolute form (`GET http://127.0.0.1:PORT/events/ HTTP/1.1`, which a
/// proxy sends and HTTP/1.1 servers must accept) is served as its path; it names its host
/// itself, so one naming another host is still a stranger's.
#[test]
fn an_absolute_form_request_is_served_as_its_path() {
    let site = common::example_site();
    let server = start(site.path(), &[]);
    let local = server.local();
    let (status, page) = server.get("/events/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    let (status, absolute) = server.get(&format!("http://{local}/events/"));
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(absolute, page);
    let (status, _) = server.get(&format!("HTTP://{local}"));
    assert_eq!(status, "HTTP/1.1 200 OK", "no path: the site's root");
    let (status, _) = server.get("http://elsewhere.example/");
    assert_eq!(
        status, "HTTP/1.1 200 OK",
        "a stranger's request, still a page"
    );
}

#[test]
fn serve_started_in_the_site_folder_follows_every_kind_of_save() {
    let site = common::example_site();
    let root = site.path();
    let server = serve_in(root, &[]);
    let file = "events/2026/corellia-spring-open.toml";
    let page = "/events/2026/corellia-spring-open/pairings/";
    server.wait_for_page(page, "4 tables, 1 reported");

    // Written in place, as `echo >>` or an editor without safe writes saves.
    common::edit(
        root,
        file,
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"] }",
        "{ table = 1, players = [\"maren-holm\", \"jurgen-falkenrath\"], games = [\"maren-holm\", \"maren-holm\"] }",
    );
    server.wait_for_page(page, "4 tables, 2 reported");

    // Written by `holonet report`, itself run from the site folder.
    let status = Command::new(env!("CARGO_BIN_EXE_holonet"))
        .args(["report", file, "4", "2-0"])
        .current_dir(root)
        .output()
        .expect("report");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    server.wait_for_page(page, "4 tables, 3 reported");

    // Written to a new file renamed over the old one, as `sed -i` and most editors save.
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    let renamed = text.replacen("name = \"", "name = \"Renamed ", 1);
    let temporary = root.join("events/2026/.corellia-spring-open.toml.new");
    std::fs::write(&temporary, renamed).expect("write");
    std::fs::rename(&temporary, &path).expect("rename");
    server.wait_for_page(page, "Renamed Corellia");

    // A save that breaks the file keeps the last good page; the next save that fixes it is served.
    let events = listen(&server);
    std::thread::sleep(Duration::from_millis(300));
    common::edit(root, file, "[event]", "[event");
    let errors = wait_for(&events, "error");
    assert!(errors.contains(file), "{errors}");
    let (status, body) = server.get(page);
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("4 tables, 3 reported"));
    common::edit(root, file, "[event\n", "[event]\n");
    wait_for(&events, "ok");
    common::edit(root, file, "Renamed ", "Fixed ");
    server.wait_for_page(page, "Fixed Corellia");
}

/// The next line the server prints (within 20 s).
fn next_line(server: &Server) -> String {
    server
        .output
        .recv_timeout(Duration::from_secs(20))
        .expect("a line from the server")
}

/// The IPv4 addresses listening on `port`, from the kernel's own table (Linux), so the test
/// never has to send anything beyond loopback to know where the server listens.
fn listening_on(port: u16) -> Option<Vec<Ipv4Addr>> {
    let table = std::fs::read_to_string("/proc/net/tcp").ok()?;
    let listening = table
        .lines()
        .skip(1)
        .filter_map(|row| {
            let fields: Vec<&str> = row.split_whitespace().collect();
            let (ip, at) = fields.get(1)?.split_once(':')?;
            // State 0A is LISTEN; the address is a hexadecimal word in the machine's order.
            (fields.get(3) == Some(&"0A") && u16::from_str_radix(at, 16).ok()? == port).then(
                || {
                    Some(Ipv4Addr::from(
                        u32::from_str_radix(ip, 16).ok()?.to_ne_bytes(),
                    ))
                },
            )?
        })
        .collect();
    Some(listening)
}

/// Everything but GET and HEAD is refused, and no path leads outside the built site.
fn assert_read_only(server: &Server) {
    let base = &server.base;
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        let (status, headers, _) = server.request(method, base);
        assert_eq!(status, "HTTP/1.1 405 Method Not Allowed", "{method}");
        assert!(headers.contains("Allow: GET, HEAD"), "{headers}");
    }
    let (status, headers, body) = server.request("HEAD", base);
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(headers.contains("Content-Length: ") && body.is_empty());
    for tricky in [
        "../holonet.toml",
        "events/../../holonet.toml",
        "%2e%2e/holonet.toml",
        "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "..%5cholonet.toml",
        "./index.html",
        "index.html%00.css",
    ] {
        let (status, _) = server.get(&format!("{base}{tricky}"));
        assert_eq!(status, "HTTP/1.1 400 Bad Request", "{tricky}");
    }
    // The site's sources are not part of the built site.
    for source in ["holonet.toml", "events/2026/corellia-spring-open.toml"] {
        let (status, _) = server.get(&format!("{base}{source}"));
        assert_eq!(status, "HTTP/1.1 404 Not Found", "{source}");
    }
}

/// The `d` attribute of the only path of an SVG QR code: where its dark modules are.
fn modules_path(svg: &str) -> &str {
    let start = svg.find(" d=\"").expect("a path") + 4;
    &svg[start..start + svg[start..].find('"').expect("its end")]
}

#[test]
fn serve_without_lan_listens_on_loopback_only_and_is_read_only() {
    let site = common::example_site();
    let server = serve_in(site.path(), &[]);
    assert!(server.address.starts_with("127.0.0.1:"));
    if let Some(listening) = listening_on(server.port) {
        assert_eq!(listening, [Ipv4Addr::LOCALHOST]);
    }
    assert_read_only(&server);
    let (status, body) = server.get("/__holonet/poster/");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
    assert!(body.contains("holonet serve --lan"), "{body}");
}

#[test]
fn serve_lan_prints_the_network_address_and_its_code_and_serves_the_poster() {
    use qrcode::QrCode;
    use qrcode::render::{svg, unicode::Dense1x2};

    let site = common::example_site();
    let server = serve_in(
        site.path(),
        &["--lan", "--base-url", "https://example.github.io/archive/"],
    );
    // The organizer's own loopback address keeps working.
    assert!(server.address.starts_with("127.0.0.1:"));
    assert_eq!(server.base, "/archive/");
    let (status, _) = server.get("/archive/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_read_only(&server);
    let port = server.port;

    let said = next_line(&server);
    let Some(lan_url) = said
        .strip_prefix("On the local network: ")
        .and_then(|rest| rest.split_whitespace().next())
    else {
        // A machine with no network: said plainly, and served on loopback only.
        assert!(said.starts_with("--lan: no local network found"), "{said}");
        if let Some(listening) = listening_on(port) {
            assert_eq!(listening, [Ipv4Addr::LOCALHOST]);
        }
        return;
    };
    assert!(
        said.contains("anyone on this network can read the site"),
        "{said}"
    );
    let host = lan_url
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix(&format!(":{port}/archive/")))
        .unwrap_or_else(|| panic!("the address under the base path, same port: {lan_url}"));
    let ip: Ipv4Addr = host.parse().expect("an IPv4 address");
    assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
    if let Some(listening) = listening_on(port) {
        assert_eq!(listening, [Ipv4Addr::UNSPECIFIED], "every interface");
    }
    let poster_line = next_line(&server);
    assert!(
        poster_line.ends_with(&format!("127.0.0.1:{port}/archive/__holonet/poster/")),
        "{poster_line}"
    );

    // The terminal code is the library's own rendering of exactly that address (no colours:
    // the output is a pipe here).
    let expected = QrCode::new(lan_url.as_bytes())
        .unwrap()
        .render::<Dense1x2>()
        .quiet_zone(true)
        .build();
    for expected_line in expected.lines() {
        assert_eq!(next_line(&server), expected_line);
    }

    let (status, poster) = server.get("/archive/__holonet/poster/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        poster.contains("<h1>Holonet Tournament Archive</h1>"),
        "{poster}"
    );
    // One code for the site, one for the running event, each the address printed under it.
    let event_url = format!("{lan_url}events/2026/corellia-spring-open/");
    let codes: Vec<&str> = poster.split("<svg ").skip(1).collect();
    assert_eq!(codes.len(), 2, "{poster}");
    for (code, url) in codes.iter().zip([lan_url, event_url.as_str()]) {
        let library = QrCode::new(url.as_bytes())
            .unwrap()
            .render::<svg::Color>()
            .module_dimensions(1, 1)
            .build();
        assert_eq!(modules_path(code), modules_path(&library), "{url}");
        assert!(
            code.contains(&format!("<p class=\"address\">{url}</p>")),
            "{url}"
        );
    }
    let (status, _) = server.get("/archive/__holonet/poster");
    assert_eq!(status, "HTTP/1.1 302 Found");

    // The room screen for the projector names the address phones can reach on this network,
    // not the published site's.
    let (status, room) = server.get("/archive/events/2026/corellia-spring-open/room/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        room.contains(&format!(
            ">{lan_url}events/2026/corellia-spring-open/pairings/<"
        )),
        "{room}"
    );
    assert!(
        !room.contains("https://example.github.io/archive/events/"),
        "{room}"
    );
}

/// More connections than the server serves at once (and than one client may hold): the extra
/// one is told to come back (503) at once, the server stays up, and answers again when the
/// others close.
#[test]
fn a_flood_of_connections_is_turned_away_and_the_server_stays_up() {
    let site = common::example_site();
    let server = serve_in(site.path(), &[]);
    let (status, _) = server.get("/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    // Idle connections, as slow clients hold them, up to the limit.
    let idle: Vec<TcpStream> = (0..holonet::serve::MAX_CONNECTIONS)
        .map(|_| TcpStream::connect(&server.address).expect("connect"))
        .collect();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    // Turned away: a 503, or a reset when the server closed before the request arrived.
    let refused = || {
        let mut stream = TcpStream::connect(&server.address).expect("connect");
        let _ = write!(stream, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        let mut response = String::new();
        match stream.read_to_string(&mut response) {
            Ok(_) => response.starts_with("HTTP/1.1 503"),
            Err(e) => e.kind() == std::io::ErrorKind::ConnectionReset,
        }
    };
    let turned_away = loop {
        if refused() {
            break true;
        }
        // The server may not have accepted every idle connection yet.
        if std::time::Instant::now() > deadline {
            break false;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(turned_away, "a connection past the limit gets 503");
    drop(idle);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        // Until the server has seen the idle connections close, it may still turn this one
        // away, with a 503 or a reset.
        let answer = TcpStream::connect(&server.address)
            .and_then(|stream| common::serve::request_on(stream, "GET", "/"));
        if answer
            .as_ref()
            .is_ok_and(|(status, ..)| status == "HTTP/1.1 200 OK")
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the server answers again: {answer:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
