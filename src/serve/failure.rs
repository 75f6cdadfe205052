//! A change that does not build, as `holonet serve` shows it: to the organizer only, and over
//! the pages it concerns.
//!
//! - Who sees it: diagnostics quote the site's files (a held-back decklist's lines among them)
//!   and this computer's folders, so they go to this computer's own browser alone: a
//!   connection from a loopback address, or from this computer's own address on the network
//!   (the organizer opening the address the phones use). Every other client keeps the last
//!   good pages and is only ever told to reload.
//! - Where: a typo in one event breaks that event alone, so the diagnostics cover that event's
//!   pages; every other page shows a small notice naming the file, with a link to the event.
//!   A failure outside the events (configuration, templates, content) covers every page.

use std::net::TcpStream;
use std::path::{Component, Path};

use crate::diag::Report;
use crate::load::slug_of;
use crate::site::Site;

/// What open tabs are told about a change that does not build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The diagnostics, as the terminal shows them.
    pub(crate) text: String,
    /// The files with errors, relative to the site folder, in order.
    pub(crate) files: Vec<String>,
    /// The addresses (server paths, under the base path) whose pages the failure belongs to:
    /// the broken events' pages. `None` when it belongs to every page.
    pub(crate) pages: Option<Vec<String>>,
}

impl Failure {
    /// The failure of `report`; `site` is the last good site (to find the event a decklist file
    /// belongs to), `base_path` the path the site is served under.
    pub(crate) fn of(report: &Report, site: Option<&Site>, base_path: &str) -> Failure {
        let mut files: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| slashed(&d.file))
            .collect();
        files.sort();
        files.dedup();
        let events: Option<Vec<String>> = report
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| events_of(&d.file, site))
            .collect::<Option<Vec<Vec<String>>>>()
            .map(|slugs| slugs.concat());
        let pages = events.filter(|slugs| !slugs.is_empty()).map(|mut slugs| {
            slugs.sort();
            slugs.dedup();
            slugs
                .iter()
                .map(|slug| format!("{base_path}events/{slug}/"))
                .collect()
        });
        Failure {
            text: report.render(),
            files,
            pages,
        }
    }

    /// The `error` message for this computer's tabs: one line of JSON.
    pub(crate) fn message(&self) -> String {
        serde_json::json!({
            "files": self.files,
            "pages": self.pages,
            "text": self.text,
        })
        .to_string()
    }
}

/// The slugs of the events whose pages a file with an error belongs to: an event file or the
/// Markdown beside it gives its own event; a decklist file (a `.txt` in or below an event
/// file's folder), each event of the last good site in a folder holding it. `None` when the
/// file belongs to the whole site, or to no event known.
fn events_of(file: &Path, site: Option<&Site>) -> Option<Vec<String>> {
    let mut components = file.components();
    if components.next() != Some(Component::Normal("events".as_ref())) {
        return None;
    }
    match file.extension().and_then(|e| e.to_str()) {
        Some("toml" | "md") => Some(vec![slug_of(file)]),
        _ => {
            let owners: Vec<String> = site?
                .events
                .iter()
                .filter(|held| {
                    held.file
                        .parent()
                        .is_some_and(|folder| file.starts_with(folder))
                })
                .map(|held| held.slug.clone())
                .collect();
            (!owners.is_empty()).then_some(owners)
        }
    }
}

/// A path relative to the site folder as written in messages, with `/` between folders.
fn slashed(file: &Path) -> String {
    file.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Whether `stream` comes from this computer: from a loopback address, or from the address
/// the connection reached it on (a client cannot have this computer's address on the network).
pub(crate) fn from_this_computer(stream: &TcpStream) -> bool {
    match (stream.peer_addr(), stream.local_addr()) {
        (Ok(peer), Ok(local)) => peer.ip().is_loopback() || peer.ip() == local.ip(),
        // An address that cannot be read is no proof of anything: treated as a stranger.
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Code, Diagnostic};
    use std::path::PathBuf;

    fn report(files: &[&str]) -> Report {
        let mut report = Report::default();
        for file in files {
            report.diagnostics.push(Diagnostic::error(
                Code::WrongType,
                Path::new(file),
                None,
                "`venue` must be a string in quotes",
            ));
        }
        report.diagnostics.push(Diagnostic::warning(
            Code::Deck,
            &PathBuf::from("events/2025/other.toml"),
            None,
            "a warning elsewhere",
        ));
        report
    }

    #[test]
    fn an_event_file_broken_concerns_its_own_pages() {
        let failure = Failure::of(
            &report(&["events/2026/spring.toml", "events/2026/spring.md"]),
            None,
            "/archive/",
        );
        assert_eq!(
            failure.pages,
            Some(vec!["/archive/events/2026/spring/".to_string()])
        );
        assert_eq!(
            failure.files,
            ["events/2026/spring.md", "events/2026/spring.toml"]
        );
        let message: serde_json::Value = serde_json::from_str(&failure.message()).unwrap();
        assert_eq!(message["pages"][0], "/archive/events/2026/spring/");
        assert!(!failure.message().contains('\n'), "one line of data");
    }

    #[test]
    fn a_failure_outside_the_events_concerns_every_page() {
        for files in [
            &["holonet.toml"][..],
            &["templates/base.html"],
            &["events/2026/spring.toml", "content/about.md"],
            // A decklist file, with no last good site to say whose it is.
            &["events/2026/spring/tom.txt"],
        ] {
            assert_eq!(
                Failure::of(&report(files), None, "/").pages,
                None,
                "{files:?}"
            );
        }
    }
}
