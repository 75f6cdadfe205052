//! What the unit tests of validation share: an event file's text built from its parts, run
//! through [`crate::load::parse_event`], and the one diagnostic a test is about.

use std::path::Path;

use crate::diag::{Code, Diagnostic, Severity, line_col};
use crate::load::options::LoadOptions;
use crate::load::parse_event;

/// `[event]` lines of a valid SW:LCG Swiss event under the 2018 rules, with its own number of
/// rounds (so the structure table, which starts at 4 players, says nothing).
pub(crate) const SWISS: &str = "rules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 3";

/// The same under the 2014 rules.
pub(crate) const SWISS_2014: &str =
    "rules = \"ffg-2014\"\nstructure = \"custom\"\nswiss_rounds = 3";

/// An event file: `[event]` with a name, a date and the `info` lines, then `players` and
/// `rounds` as written (TOML text).
pub(crate) fn event(info: &str, players: &str, rounds: &str) -> String {
    format!("[event]\nname = \"Test Open\"\ndate = 2018-05-12\n{info}\n\n{players}\n{rounds}")
}

/// `[[players]]` entries with these names only (ids made from the names).
pub(crate) fn players(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("[[players]]\nname = \"{n}\"\n"))
        .collect()
}

/// The four players most tests use: Ann, Bo, Cy and Di.
pub(crate) fn four() -> String {
    players(&["Ann", "Bo", "Cy", "Di"])
}

/// A `[[rounds]]` entry with these tables (each written as an inline table's inside).
pub(crate) fn round(tables: &[&str]) -> String {
    let tables: Vec<String> = tables.iter().map(|t| format!("  {{ {t} }},\n")).collect();
    format!("[[rounds]]\ntables = [\n{}]\n", tables.concat())
}

/// Every diagnostic for `text`, read as `events/test.toml`.
pub(crate) fn diagnose(text: &str) -> Vec<Diagnostic> {
    let (event, diagnostics) =
        parse_event(Path::new("events/test.toml"), text, &LoadOptions::default());
    assert_eq!(
        event.is_some(),
        !diagnostics.iter().any(Diagnostic::is_error),
        "an event is produced exactly when there is no error"
    );
    diagnostics
}

/// Asserts that `text` reads without any diagnostic.
pub(crate) fn assert_clean(text: &str) {
    let found = diagnose(text);
    assert!(
        found.is_empty(),
        "unexpected diagnostics: {found:#?}\n{text}"
    );
}

/// The one diagnostic whose message holds `needle`, as the tests look at it.
#[derive(Debug)]
pub(crate) struct Found {
    pub(crate) severity: Severity,
    pub(crate) code: Code,
    pub(crate) message: String,
    pub(crate) label: Option<String>,
    pub(crate) help: String,
    /// Line (from 1) and column (from 1) of the start of its span.
    pub(crate) line: usize,
    pub(crate) col: usize,
    /// The text its span covers.
    pub(crate) spanned: String,
}

/// The diagnostic of `text` whose message holds `needle`; fails unless there is exactly one.
pub(crate) fn find(text: &str, needle: &str) -> Found {
    let all = diagnose(text);
    let matching: Vec<&Diagnostic> = all.iter().filter(|d| d.message.contains(needle)).collect();
    assert_eq!(
        matching.len(),
        1,
        "expected one diagnostic with {needle:?}, got: {all:#?}\n{text}"
    );
    let d = matching[0];
    let span = d.span.clone().expect("the diagnostic points into the file");
    let (line, col) = line_col(text, span.start);
    Found {
        severity: d.severity,
        code: d.code,
        message: d.message.clone(),
        label: d.label.clone(),
        help: d.help.clone().unwrap_or_default(),
        line,
        col,
        spanned: text[span].to_string(),
    }
}

/// Asserts that no diagnostic of `text` has `needle` in its message.
pub(crate) fn assert_none(text: &str, needle: &str) {
    let all = diagnose(text);
    assert!(
        !all.iter().any(|d| d.message.contains(needle)),
        "no diagnostic with {needle:?} expected, got: {all:#?}\n{text}"
    );
}

/// The line (from 1) of the only occurrence of `snippet` in `text`.
pub(crate) fn line_of(text: &str, snippet: &str) -> usize {
    assert_eq!(
        text.matches(snippet).count(),
        1,
        "{snippet:?} is not unique in\n{text}"
    );
    let at = text.find(snippet).expect("present");
    line_col(text, at).0
}
