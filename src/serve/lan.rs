//! `holonet serve --lan`: the site for players' phones on the venue's network. Which address
//! phones can reach, its QR code in the terminal, and a poster to print with the same code.
//!
//! The codes come from the `qrcode` crate (the encoder and its SVG and Unicode renderers); the
//! terminal and the poster encode exactly the address printed beside them.

use std::net::{IpAddr, Ipv4Addr, UdpSocket};

use qrcode::QrCode;
use qrcode::render::svg;
use qrcode::render::unicode::Dense1x2;

use crate::event::Event;
use crate::rules::computed::Status;
use crate::site::Site;
use crate::site::addresses::event_path;
use crate::site::escape;

/// Addresses in the private ranges whose route is asked for, most common on venue Wi-Fi first.
/// Connecting a UDP socket sends nothing: the system only picks the route, and with it the
/// local address packets to that address would leave from.
const PROBES: [Ipv4Addr; 3] = [
    Ipv4Addr::new(192, 168, 254, 254),
    Ipv4Addr::new(10, 254, 254, 254),
    Ipv4Addr::new(172, 31, 254, 254),
];

/// This machine's address on the local network, or `None` when it has no route to one (no
/// Wi-Fi, no cable): found without sending any traffic.
pub(crate) fn lan_address() -> Option<Ipv4Addr> {
    let local = PROBES.iter().map(|&target| {
        let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
        // Port 9 is "discard"; nothing is sent to it anyway.
        socket.connect((target, 9)).ok()?;
        socket.local_addr().ok().map(|address| address.ip())
    });
    choose(local)
}

/// The address phones can reach among the local ends of the probed routes: a private one if
/// any, else the first one another machine can use at all (a venue may hand out public
/// addresses). Loopback, unset, link-local (no DHCP answered), multicast and broadcast
/// addresses are never it.
fn choose(local: impl IntoIterator<Item = Option<IpAddr>>) -> Option<Ipv4Addr> {
    let usable: Vec<Ipv4Addr> = local
        .into_iter()
        .flatten()
        .filter_map(|ip| match ip {
            IpAddr::V4(v4) => Some(v4),
            IpAddr::V6(_) => None,
        })
        .filter(|ip| {
            !(ip.is_loopback()
                || ip.is_unspecified()
                || ip.is_link_local()
                || ip.is_multicast()
                || ip.is_broadcast())
        })
        .collect();
    usable
        .iter()
        .find(|ip| ip.is_private())
        .or_else(|| usable.first())
        .copied()
}

/// The QR code of `text`, or why there is none (only an address too long for any QR code).
fn code(text: &str) -> Result<QrCode, String> {
    QrCode::new(text.as_bytes()).map_err(|e| {
        format!("{text} cannot be made into a QR code ({e}); use a shorter --base-url")
    })
}

/// The QR code of `text` for the terminal: two modules per character cell (Unicode half
/// blocks) with the standard quiet zone of four modules. With `colors`, every line is drawn
/// black on white whatever the terminal's own colors, so phones read it on dark and light
/// terminals alike; without (output to a file or pipe, or `NO_COLOR`), dark modules are the
/// blocks.
pub(crate) fn terminal_qr(text: &str, colors: bool) -> Result<String, String> {
    let image = code(text)?
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Dark)
        .light_color(Dense1x2::Light)
        .quiet_zone(true)
        .build();
    if !colors {
        return Ok(image);
    }
    // Black foreground (the blocks) on bright white background (the rest), then reset.
    Ok(image
        .lines()
        .map(|line| format!("\x1b[30;107m{line}\x1b[0m"))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The QR code of `text` as an inline SVG element, one unit per module (the page scales it),
/// labelled with the address for screen readers.
pub(crate) fn svg_qr(text: &str) -> Result<String, String> {
    let image = code(text)?
        .render::<svg::Color>()
        .module_dimensions(1, 1)
        .quiet_zone(true)
        .build();
    // The renderer writes a standalone file; inside HTML the XML declaration has no place.
    let element = image.find("<svg").map_or(image.as_str(), |at| &image[at..]);
    Ok(element.replacen(
        "<svg ",
        &format!(
            "<svg role=\"img\" aria-label=\"QR code of {}\" ",
            escape::html(text)
        ),
        1,
    ))
}

/// The poster of `serve --lan`: one printed sheet with the site's title, its QR code and its
/// address `site_url` in large type, then one sheet per running event (newest first) with the
/// event's own page, so players at a table go straight to their event. Sized for A4 and Letter
/// alike (the page fits the narrower A4 and the shorter Letter).
pub(crate) fn poster(site: &Site, site_url: &str) -> Result<String, String> {
    let title = &site.config.title;
    let mut sheets = vec![sheet(
        title,
        "Pairings, results and standings on your phone: join the venue's Wi-Fi and scan the code.",
        site_url,
    )?];
    let mut running: Vec<_> = site
        .events
        .iter()
        .filter(|held| held.status == Status::Running)
        .map(|held| held.open().0)
        .collect();
    newest_first(&mut running);
    for event in running {
        let url = format!("{site_url}{}", event_path(&event));
        sheets.push(sheet(
            &event.info.name,
            &format!("The pairings and standings of this event on {title}: join the venue's Wi-Fi and scan the code."),
            &url,
        )?);
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Poster: {title}</title><style>{POSTER_CSS}</style></head><body>\n\
         <p class=\"screen\">Print this page on A4 or Letter: one sheet for the site, then one per running event. Phones must be on this computer's network to open the address.</p>\n\
         {sheets}</body></html>\n",
        lang = escape::html(&site.config.language),
        title = escape::html(title),
        sheets = sheets.concat(),
    ))
}

/// Events in the order the venue's printouts list them: newest first, then by name.
pub(crate) fn newest_first(events: &mut [Event]) {
    events.sort_by(|a, b| {
        b.info
            .date
            .iso()
            .cmp(&a.info.date.iso())
            .then_with(|| a.info.name.cmp(&b.info.name))
    });
}

/// One printed sheet: a heading, a line for players, the code and the address.
fn sheet(heading: &str, lead: &str, url: &str) -> Result<String, String> {
    Ok(format!(
        "<section class=\"sheet\"><h1>{}</h1><p class=\"lead\">{}</p>{}<p class=\"address\">{}</p></section>\n",
        escape::html(heading),
        escape::html(lead),
        svg_qr(url)?,
        escape::html(url)
    ))
}

/// Black on white on screen and paper. The sheet is at most 186 mm wide (A4 less its margins)
/// and its content about 220 mm high (Letter is 255 mm less its margins), so each sheet prints
/// on one page of either.
const POSTER_CSS: &str = "\
@page{margin:12mm}\
html{color:#000;background:#fff;font-family:system-ui,sans-serif}\
body{margin:0}\
.sheet{max-width:186mm;margin:0 auto;padding:8mm 1rem;text-align:center;break-after:page}\
.sheet:last-child{break-after:auto}\
h1{font-size:28pt;margin:0 0 4mm;overflow-wrap:anywhere}\
.lead{font-size:16pt;margin:0 0 6mm}\
svg{display:block;width:min(140mm,100%);height:auto;margin:0 auto}\
.address{font:700 24pt/1.2 ui-monospace,monospace;overflow-wrap:anywhere;margin:6mm 0 0}\
.screen{max-width:186mm;margin:1rem auto;padding:0 1rem;font-size:1rem}\
@media print{.screen{display:none}}\
@media screen{.sheet+.sheet{border-top:2px dashed #888}}";

#[cfg(test)]
mod tests {
    use super::*;
    use qrcode::Color;

    fn v4(a: u8, b: u8, c: u8, d: u8) -> Option<IpAddr> {
        Some(IpAddr::V4(Ipv4Addr::new(a, b, c, d)))
    }

    #[test]
    fn the_address_is_one_phones_can_reach() {
        // Wi-Fi behind a default route: every probe leaves from the same address.
        assert_eq!(
            choose([v4(192, 168, 1, 20), v4(192, 168, 1, 20), None]),
            Some(Ipv4Addr::new(192, 168, 1, 20))
        );
        // A private address is preferred to a public one (a tunnel's, say).
        assert_eq!(
            choose([v4(203, 0, 113, 7), v4(10, 0, 0, 5), None]),
            Some(Ipv4Addr::new(10, 0, 0, 5))
        );
        // A venue that hands out public addresses is still a network.
        assert_eq!(
            choose([v4(203, 0, 113, 7), None, None]),
            Some(Ipv4Addr::new(203, 0, 113, 7))
        );
    }

    #[test]
    fn no_network_is_no_address() {
        assert_eq!(choose([None, None, None]), None);
        assert_eq!(
            choose([
                v4(127, 0, 0, 1),
                v4(0, 0, 0, 0),
                v4(169, 254, 3, 4),
                v4(255, 255, 255, 255),
                Some(IpAddr::V6("fe80::1".parse().unwrap())),
            ]),
            None
        );
    }

    /// The modules a terminal rendering shows, read back from its half blocks.
    fn modules_of(image: &str) -> Vec<Vec<bool>> {
        let mut rows = Vec::new();
        for line in image.lines() {
            let (top, bottom): (Vec<bool>, Vec<bool>) = line
                .chars()
                .map(|c| match c {
                    ' ' => (false, false),
                    '▀' => (true, false),
                    '▄' => (false, true),
                    '█' => (true, true),
                    other => panic!("unexpected {other:?} in {line:?}"),
                })
                .unzip();
            rows.push(top);
            rows.push(bottom);
        }
        rows
    }

    #[test]
    fn the_terminal_code_is_the_address_with_its_quiet_zone() {
        let url = "http://192.168.1.20:8000/archive/";
        let code = QrCode::new(url.as_bytes()).unwrap();
        let width = code.width();
        let image = terminal_qr(url, false).unwrap();
        let rows = modules_of(&image);
        // Four light modules on every side; an odd count of rows leaves the last half light.
        let side = width + 8;
        assert_eq!(image.lines().count(), side.div_ceil(2));
        assert!(rows.iter().all(|r| r.len() == side));
        for (y, row) in rows.iter().enumerate() {
            for (x, &dark) in row.iter().enumerate() {
                let inside = (4..width + 4).contains(&x) && (4..width + 4).contains(&y);
                let expected = inside && code[(x - 4, y - 4)] == Color::Dark;
                assert_eq!(dark, expected, "module ({x}, {y})");
            }
        }
        // In colour, the same lines, each drawn black on white and reset.
        let colored = terminal_qr(url, true).unwrap();
        for (plain, colored) in image.lines().zip(colored.lines()) {
            assert_eq!(colored, format!("\x1b[30;107m{plain}\x1b[0m"));
        }
    }

    #[test]
    fn the_poster_code_is_the_library_svg_of_the_address() {
        let url = "http://10.0.0.5:8000/";
        let svg = svg_qr(url).unwrap();
        assert!(
            svg.starts_with("<svg role=\"img\" aria-label=\"QR code of http://10.0.0.5:8000/\" ")
        );
        let library = QrCode::new(url.as_bytes())
            .unwrap()
            .render::<svg::Color>()
            .module_dimensions(1, 1)
            .build();
        let path = |s: &str| s[s.find(" d=\"").unwrap()..].to_string();
        assert_eq!(path(&svg), path(&library));
    }

    #[test]
    fn an_address_too_long_for_a_code_says_what_to_do() {
        let long = format!("http://10.0.0.5:8000/{}/", "a".repeat(8000));
        let error = terminal_qr(&long, false).unwrap_err();
        assert!(error.contains("use a shorter --base-url"), "{error}");
    }
}
