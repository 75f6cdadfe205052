//! Diagnostics for people: every problem found in a file carries the file, a byte span, a stable
//! code, a sentence saying what is wrong and a sentence saying what to do. They are collected, never
//! thrown, so one run reports every problem at once, in the style of rustc and cargo.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// How bad a diagnostic is. Errors stop `build` and make `check` exit 1; warnings are shown only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// Stable diagnostic codes. A code never changes meaning once released; the catalogue in
/// `content/docs/diagnostics.md` (built into every site) explains each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub enum Code {
    /// The file could not be read.
    Io,
    /// The file is not valid TOML.
    Syntax,
    /// A key the format does not know.
    UnknownField,
    /// A required key is missing.
    MissingField,
    /// A value of the wrong TOML type.
    WrongType,
    /// A value of the right type that is not allowed (an unknown enum value, a bad date, a number out of range).
    InvalidValue,
    /// An id that is malformed or used twice.
    BadId,
    /// A reference to a player or team that is not registered.
    UnknownReference,
    /// A player scheduled twice in one round, or where a drop says they are gone.
    Conflict,
    /// A result that cannot be true (a winner who was not at the table, too many games).
    BadResult,
    /// An event path that cannot be a slug.
    BadSlug,
    /// The site configuration is wrong.
    Config,
    /// A template could not be loaded or rendered.
    Template,
    /// A content page is wrong.
    Content,
    /// Something recorded departs from what the rules give (a warning).
    RuleDeparture,
    /// A decklist breaks a deckbuilding rule (a warning: the event was played with it).
    Deck,
    /// A file over one of the limits of `crate::limits` (size, nesting, players, rounds).
    Limit,
    /// A path that would lead outside the site folder or the output folder (a symbolic link,
    /// an output folder that holds the site).
    UnsafePath,
    /// A player's name close to another player's elsewhere in the archive (a warning: two
    /// ids may be one person).
    SimilarName,
    /// A coin the rules leave a result to is still owed: Holonet drew it from the event's seed
    /// for now, until the venue's toss is recorded (a warning).
    CoinOwed,
    /// A build's output passes a limit of the host it is published on (a warning: the files
    /// are written, and the host may refuse them).
    HostLimit,
}

impl Code {
    /// The code as printed: `H` + a stable number.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Code::Io => "H001",
            Code::Syntax => "H002",
            Code::UnknownField => "H003",
            Code::MissingField => "H004",
            Code::WrongType => "H005",
            Code::InvalidValue => "H006",
            Code::BadId => "H007",
            Code::UnknownReference => "H008",
            Code::Conflict => "H009",
            Code::BadResult => "H010",
            Code::BadSlug => "H011",
            Code::Config => "H012",
            Code::Template => "H013",
            Code::Content => "H014",
            Code::RuleDeparture => "H015",
            Code::Deck => "H016",
            Code::Limit => "H017",
            Code::UnsafePath => "H018",
            Code::SimilarName => "H019",
            Code::CoinOwed => "H020",
            Code::HostLimit => "H021",
        }
    }
}

/// A path as Holonet prints it, with `/` between its parts on every platform: a message,
/// a help line or a JSON diagnostic reads the same on Windows as in the documentation, and a
/// path so printed works as an argument there too (Windows takes `/` as a separator).
pub trait Shown {
    fn shown(&self) -> String;
}

impl Shown for Path {
    fn shown(&self) -> String {
        let text = self.display().to_string();
        if !cfg!(windows) {
            return text;
        }
        // A canonical path's verbatim prefix (`\\?\C:\`) is no part of what a user types.
        let text = match text.strip_prefix(r"\\?\") {
            Some(unc) if unc.starts_with("UNC\\") => format!(r"\\{}", &unc[4..]),
            Some(local) => local.to_string(),
            None => text,
        };
        text.replace('\\', "/")
    }
}

/// One problem, located in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: Code,
    /// Path as shown to the user (relative to the site root where possible).
    pub file: PathBuf,
    /// Byte range in the file; `None` when the problem is the whole file.
    pub span: Option<Range<usize>>,
    /// What is wrong, one sentence.
    pub message: String,
    /// A short label printed under the caret (for example "did you mean `table`?").
    pub(crate) label: Option<String>,
    /// What to do, one sentence.
    pub help: Option<String>,
}

impl Diagnostic {
    pub(crate) fn error(
        code: Code,
        file: &Path,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            file: file.to_path_buf(),
            span,
            message: message.into(),
            label: None,
            help: None,
        }
    }

    pub(crate) fn warning(
        code: Code,
        file: &Path,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, file, span, message)
        }
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// 1-based line and column (in characters) of the span start within `source`.
    pub fn line_col(&self, source: &str) -> Option<(usize, usize)> {
        let span = self.span.as_ref()?;
        Some(line_col(source, span.start))
    }

    /// Renders the diagnostic the way rustc does: header, location, the offending line and a caret.
    /// `source` is the file's text when it is available.
    pub fn render(&self, source: Option<&str>) -> String {
        let mut out = String::new();
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let _ = writeln!(
            out,
            "{kind}[{}]: {}",
            self.code.as_str(),
            printable(&self.message)
        );
        let location = match (source, &self.span) {
            (Some(src), Some(span)) => {
                let (line, col) = line_col(src, span.start);
                Some((src, span.clone(), line, col))
            }
            _ => None,
        };
        // The gutter is as wide as the line number, so every line below the header aligns.
        let pad = " ".repeat(
            location
                .as_ref()
                .map_or(1, |(_, _, line, _)| line.to_string().len()),
        );
        match location {
            Some((src, span, line, col)) => {
                let number = line.to_string();
                let _ = writeln!(out, "{pad}--> {}:{line}:{col}", self.file.shown());
                let _ = writeln!(out, "{pad} |");
                let text = line_text(src, span.start);
                let width = caret_width(text, col, &span);
                let (shown, caret_col, width) = window(text, col, width);
                let shown = printable(&shown.replace('\t', " "));
                let _ = writeln!(out, "{number} | {shown}");
                let _ = write!(
                    out,
                    "{pad} | {}{}",
                    " ".repeat(caret_col - 1),
                    "^".repeat(width)
                );
                if let Some(label) = &self.label {
                    let _ = write!(out, " {}", printable(label));
                }
                out.push('\n');
            }
            None => {
                let _ = writeln!(out, "{pad}--> {}", self.file.shown());
                if let Some(label) = &self.label {
                    let _ = writeln!(out, "{pad} = {}", printable(label));
                }
            }
        }
        if let Some(help) = &self.help {
            let _ = writeln!(out, "{pad} = help: {}", printable(help));
        }
        out
    }
}

/// `text` safe to print on a terminal: a control character from a file (an escape sequence that
/// would retitle the window or clear the screen, a NUL) is shown as `\u{fffd}`, one character
/// for one, so the caret under a source line stays in place. Line breaks of Holonet's own
/// messages stay.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\n' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect()
}

/// How `check` prints its diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// rustc-style, with the offending line and a caret.
    #[default]
    Human,
    /// GitHub Actions workflow commands, which annotate the lines of a pull request.
    Github,
    /// One JSON document, for other tools.
    Json,
}

impl Diagnostic {
    /// The start and end of the span as 1-based (line, column) pairs, when it can be placed.
    fn location(&self, source: Option<&str>) -> Option<((usize, usize), (usize, usize))> {
        let (source, span) = (source?, self.span.as_ref()?);
        Some((
            line_col(source, span.start),
            line_col(source, span.end.max(span.start)),
        ))
    }

    /// A GitHub Actions workflow command: `::error file=…,line=…,col=…,title=H006::message`.
    /// The message carries the help after a blank line; values are escaped as the runner expects.
    pub(crate) fn github(&self, source: Option<&str>) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut properties = vec![format!(
            "file={}",
            escape_property(&self.file.shown().to_string())
        )];
        if let Some(((line, col), (end_line, end_col))) = self.location(source) {
            properties.push(format!("line={line}"));
            properties.push(format!("col={col}"));
            properties.push(format!("endLine={end_line}"));
            if end_line == line {
                properties.push(format!("endColumn={end_col}"));
            }
        }
        properties.push(format!("title={}", self.code.as_str()));
        let mut message = self.message.clone();
        if let Some(help) = &self.help {
            message.push_str("\n\nhelp: ");
            message.push_str(help);
        }
        format!(
            "::{kind} {}::{}",
            properties.join(","),
            escape_data(&message)
        )
    }

    /// The diagnostic as a JSON object (see `content/docs/diagnostics.md`).
    pub(crate) fn json(&self, source: Option<&str>) -> serde_json::Value {
        let location = self.location(source);
        serde_json::json!({
            "severity": match self.severity { Severity::Error => "error", Severity::Warning => "warning" },
            "code": self.code.as_str(),
            "file": self.file.shown().to_string(),
            "line": location.map(|l| l.0.0),
            "column": location.map(|l| l.0.1),
            "end_line": location.map(|l| l.1.0),
            "end_column": location.map(|l| l.1.1),
            "message": self.message,
            "label": self.label,
            "help": self.help,
        })
    }
}

/// Escapes a workflow command's message: `%`, CR and LF.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value: as a message, plus `:` and `,`.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// 1-based line and character column of a byte offset. Offsets past the end clamp to the end.
pub(crate) fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = source[line_start..offset].chars().count() + 1;
    (line, col)
}

fn line_text(source: &str, offset: usize) -> &str {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = source[offset..]
        .find('\n')
        .map_or(source.len(), |i| offset + i);
    source[start..end].trim_end_matches('\r')
}

/// Number of carets: the span's characters on its first line, at least one.
fn caret_width(line: &str, col: usize, span: &Range<usize>) -> usize {
    let remaining = line.chars().count().saturating_sub(col - 1);
    let wanted = span.end.saturating_sub(span.start).max(1);
    wanted.min(remaining.max(1))
}

/// The characters of a source line shown under a diagnostic: the whole line up to
/// [`LONG_LINE_CHARS`] (a long event-file line, a table of many keys, reads best whole), else
/// [`SHOWN_CHARS`] of them around the caret, an ellipsis marking each cut. A file written on
/// one line (a JSON export of another program) would otherwise fill the terminal with its whole
/// text. Returns the text, the caret's column in it and the carets' width, cut to the window.
fn window(line: &str, col: usize, width: usize) -> (String, usize, usize) {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= LONG_LINE_CHARS {
        return (line.to_string(), col, width);
    }
    let start = (col - 1)
        .saturating_sub(SHOWN_CHARS / 3)
        .min(chars.len() - SHOWN_CHARS);
    let end = start + SHOWN_CHARS;
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    shown.extend(&chars[start..end]);
    if end < chars.len() {
        shown.push('…');
    }
    let caret_col = col - start + usize::from(start > 0);
    (shown, caret_col, width.min(end - (col - 1)).max(1))
}

/// The longest source line a diagnostic shows whole.
const LONG_LINE_CHARS: usize = 300;

/// How many characters of a longer source line a diagnostic shows.
const SHOWN_CHARS: usize = 160;

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Edit distance counting an adjacent transposition as one edit (optimal string alignment), for
/// "did you mean" suggestions (`tabel` is one slip away from `table`), when it is at most
/// `limit`, else `None`. Suggestions only want close
/// words, and an unknown card is compared with every card name: giving up as soon as the
/// distance must exceed the limit (lengths too far apart, or a whole row over it) keeps a
/// decklist full of unknown names from costing minutes, and three rows instead of a matrix
/// keep each comparison free of allocation per row.
pub(crate) fn edit_distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    if limit != usize::MAX && letters_apart(a, b) > limit {
        return None;
    }
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // Rows i-2, i-1 and i of the matrix; a row's minimum never decreases from one to the next.
    let mut before = vec![0usize; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
            row_min = row_min.min(best);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    Some(previous[b.len()]).filter(|d| *d <= limit)
}

/// A lower bound of the edit distance, found without allocating: how far apart the two words'
/// letter counts are. An insertion or a deletion changes the counts by one, a substitution by two
/// and a transposition not at all, so half the difference (rounded up) is never more than the
/// distance. Letters are counted in 64 buckets, which can only lower the difference.
fn letters_apart(a: &str, b: &str) -> usize {
    let mut counts = [0i32; 64];
    for c in a.chars() {
        counts[c as usize % 64] += 1;
    }
    for c in b.chars() {
        counts[c as usize % 64] -= 1;
    }
    let difference: u32 = counts.iter().map(|n| n.unsigned_abs()).sum();
    (difference as usize).div_ceil(2)
}

/// Longest word (in characters) offered a "did you mean": no key, card, product or set name is
/// nearly this long, and comparing a line of megabytes with every card name would cost minutes.
const MAX_SUGGESTED_LEN: usize = 100;

/// Whether `word` is short enough to look for a close match of it (see [`MAX_SUGGESTED_LEN`]).
pub(crate) fn worth_suggesting(word: &str) -> bool {
    word.len() <= 4 * MAX_SUGGESTED_LEN && word.chars().count() <= MAX_SUGGESTED_LEN
}

/// The closest candidate to `word`, if it is close enough to be a plausible typo.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    if !worth_suggesting(word) {
        return None;
    }
    let limit = (word.chars().count() / 3).max(1);
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .filter_map(|c| edit_distance_within(&word, &c.to_lowercase(), limit).map(|d| (d, c)))
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code, for the catalogue's completeness test.
    const ALL: &[Code] = &[
        Code::Io,
        Code::Syntax,
        Code::UnknownField,
        Code::MissingField,
        Code::WrongType,
        Code::InvalidValue,
        Code::BadId,
        Code::UnknownReference,
        Code::Conflict,
        Code::BadResult,
        Code::BadSlug,
        Code::Config,
        Code::Template,
        Code::Content,
        Code::RuleDeparture,
        Code::Deck,
        Code::Limit,
        Code::UnsafePath,
        Code::SimilarName,
    ];

    impl Diagnostic {
        fn with_label(mut self, label: impl Into<String>) -> Self {
            self.label = Some(label.into());
            self
        }
    }

    fn edit_distance(a: &str, b: &str) -> usize {
        edit_distance_within(a, b, usize::MAX).unwrap_or(usize::MAX)
    }

    #[test]
    fn line_and_column_count_characters() {
        let src = "a = 1\nbé = 2\n";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 6), (2, 1));
        assert_eq!(line_col(src, 9), (2, 3));
        assert_eq!(line_col(src, 999), (3, 1));
    }

    #[test]
    fn render_points_a_caret_at_the_span() {
        let src = "[event]\nnmae = \"x\"\n";
        let d = Diagnostic::error(
            Code::UnknownField,
            Path::new("events/x.toml"),
            Some(8..12),
            "unknown field `nmae`",
        )
        .with_label("did you mean `name`?")
        .with_help("rename it");
        let text = d.render(Some(src));
        assert!(text.contains("error[H003]: unknown field `nmae`"));
        assert!(text.contains("--> events/x.toml:2:1"));
        assert!(text.contains("2 | nmae = \"x\""));
        assert!(text.contains("  | ^^^^ did you mean `name`?"));
        assert!(text.contains("\n  = help: rename it"), "{text}");
    }

    #[test]
    fn a_line_of_a_few_hundred_characters_is_shown_whole() {
        let src = format!("x = \"{}\"", "y".repeat(LONG_LINE_CHARS - 6));
        let d = Diagnostic::error(Code::InvalidValue, Path::new("f"), Some(4..5), "m");
        assert!(d.render(Some(&src)).contains(&format!("1 | {src}\n")));
    }

    #[test]
    fn a_long_line_is_shown_around_the_caret() {
        let src = format!(
            "{{\"a\":\"{}\",\"mode\":\"X\",\"b\":\"{}\"}}",
            "x".repeat(5000),
            "y".repeat(5000)
        );
        let start = src.find("\"X\"").unwrap();
        let d = Diagnostic::error(
            Code::InvalidValue,
            Path::new("saved.json"),
            Some(start..start + 3),
            "unknown mode",
        )
        .with_label("here");
        let text = d.render(Some(&src));
        let lines: Vec<&str> = text.lines().collect();
        let shown = lines.iter().find(|l| l.starts_with("1 | ")).unwrap();
        assert_eq!(
            shown.chars().count(),
            "1 | ".len() + SHOWN_CHARS + 2,
            "{text}"
        );
        assert!(shown.starts_with("1 | …") && shown.ends_with('…'), "{text}");
        // The caret stands under the value the span names.
        let caret = lines.iter().find(|l| l.contains('^')).unwrap();
        let at = caret.chars().position(|c| c == '^').unwrap();
        let under: String = shown.chars().skip(at).take(3).collect();
        assert_eq!(under, "\"X\"", "{text}");
        assert!(caret.ends_with("^^^ here"), "{text}");
        assert!(text.len() < 600, "{text}");
    }

    #[test]
    fn a_caret_at_either_end_of_a_long_line_keeps_its_place() {
        let src = "z".repeat(1000);
        for (span, head, tail) in [(0..1, "1 | zz", true), (999..1000, "1 | …z", false)] {
            let d = Diagnostic::error(Code::InvalidValue, Path::new("f"), Some(span), "m");
            let text = d.render(Some(&src));
            let shown = text.lines().find(|l| l.starts_with("1 | ")).unwrap();
            assert!(shown.starts_with(head), "{text}");
            assert_eq!(shown.ends_with('…'), tail, "{text}");
            let caret = text.lines().find(|l| l.contains('^')).unwrap();
            let at = caret.chars().position(|c| c == '^').unwrap();
            assert_eq!(shown.chars().nth(at), Some('z'), "{text}");
        }
    }

    #[test]
    fn control_characters_from_a_file_are_never_printed_raw() {
        let src = "[event]\nname = \"\u{1b}]0;pwned\u{7}x\u{1b}[2J\"\n";
        let d = Diagnostic::error(
            Code::InvalidValue,
            Path::new("events/x.toml"),
            Some(15..16),
            "`name` holds \u{1b}[2J",
        )
        .with_label("here \u{0}")
        .with_help("remove \u{1b}");
        let text = d.render(Some(src));
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
        assert!(
            text.contains("2 | name = \"\u{fffd}]0;pwned\u{fffd}x"),
            "{text}"
        );
        assert!(text.contains("  |        ^ here \u{fffd}"), "{text}");
    }

    #[test]
    fn github_annotations_place_and_escape() {
        let src = "[event]\nnmae = \"x\"\n";
        let d = Diagnostic::error(
            Code::UnknownField,
            Path::new("events/a,b:c.toml"),
            Some(8..12),
            "unknown field `nmae`: 100% wrong",
        )
        .with_help("rename it\nnow");
        assert_eq!(
            d.github(Some(src)),
            "::error file=events/a%2Cb%3Ac.toml,line=2,col=1,endLine=2,endColumn=5,title=H003::unknown field `nmae`: 100%25 wrong%0A%0Ahelp: rename it%0Anow"
        );
        let whole = Diagnostic::warning(Code::Io, Path::new("x.toml"), None, "m");
        assert_eq!(whole.github(None), "::warning file=x.toml,title=H001::m");
    }

    #[test]
    fn json_diagnostics_carry_every_field() {
        let src = "[event]\nnmae = \"x\"\n";
        let d = Diagnostic::error(
            Code::UnknownField,
            Path::new("events/x.toml"),
            Some(8..12),
            "m",
        )
        .with_label("did you mean `name`?");
        let v = d.json(Some(src));
        assert_eq!(v["severity"], "error");
        assert_eq!(v["code"], "H003");
        assert_eq!(
            (v["line"].as_u64(), v["column"].as_u64()),
            (Some(2), Some(1))
        );
        assert_eq!(
            (v["end_line"].as_u64(), v["end_column"].as_u64()),
            (Some(2), Some(5))
        );
        assert_eq!(v["label"], "did you mean `name`?");
        assert!(v["help"].is_null());
    }

    #[test]
    fn every_code_is_in_the_catalogue() {
        let catalogue = include_str!("../content/docs/diagnostics.md");
        for code in ALL {
            assert!(
                catalogue.contains(&format!("## {}:", code.as_str())),
                "{} is documented",
                code.as_str()
            );
        }
    }

    #[test]
    fn a_bounded_distance_agrees_with_the_whole_one() {
        let words = [
            "",
            "a",
            "table",
            "tabel",
            "players",
            "Heavy Turbolaser Battery",
            "Heavy Turbolas?r Battery",
            "étable",
        ];
        for a in words {
            for b in words {
                let whole = edit_distance(a, b);
                for limit in 0..30 {
                    assert_eq!(
                        edit_distance_within(a, b, limit),
                        (whole <= limit).then_some(whole),
                        "{a:?} {b:?} {limit}"
                    );
                }
            }
        }
        assert_eq!(edit_distance("tabel", "table"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn suggestions_only_for_close_words() {
        assert_eq!(did_you_mean("tabel", ["table", "players"]), Some("table"));
        assert_eq!(did_you_mean("zzzzzz", ["table", "players"]), None);
    }
}

/// Diagnostics of a run, with the text of every file they point into.
#[derive(Debug, Default)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
    pub sources: BTreeMap<PathBuf, String>,
}

impl Report {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }

    /// The errors alone, without the warnings: what `--quiet` prints, and what an issue's
    /// reply quotes.
    pub fn errors_only(&self) -> Report {
        Report {
            diagnostics: self
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .cloned()
                .collect(),
            sources: self.sources.clone(),
        }
    }

    /// Every diagnostic rendered with its source line, in file then position order.
    pub fn render(&self) -> String {
        self.sorted()
            .iter()
            .map(|d| d.render(self.source(d)))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Every diagnostic in `format`, in file then position order: text for a terminal,
    /// workflow commands for GitHub Actions (one per line), or one JSON document.
    pub fn render_as(&self, format: Format) -> String {
        match format {
            Format::Human => self.render(),
            Format::Github => self
                .sorted()
                .iter()
                .map(|d| d.github(self.source(d)) + "\n")
                .collect(),
            Format::Json => {
                let diagnostics: Vec<serde_json::Value> = self
                    .sorted()
                    .iter()
                    .map(|d| d.json(self.source(d)))
                    .collect();
                let doc = serde_json::json!({
                    "errors": self.errors(),
                    "warnings": self.warnings(),
                    "diagnostics": diagnostics,
                });
                // Values built from strings and numbers: serialization cannot fail.
                serde_json::to_string_pretty(&doc).expect("diagnostics serialize") + "\n"
            }
        }
    }

    fn source(&self, diagnostic: &Diagnostic) -> Option<&str> {
        self.sources.get(&diagnostic.file).map(String::as_str)
    }

    fn sorted(&self) -> Vec<&Diagnostic> {
        let mut sorted: Vec<&Diagnostic> = self.diagnostics.iter().collect();
        sorted.sort_by(|a, b| {
            (&a.file, a.span.as_ref().map(|s| s.start), a.severity).cmp(&(
                &b.file,
                b.span.as_ref().map(|s| s.start),
                b.severity,
            ))
        });
        sorted
    }

    pub(crate) fn absorb(
        &mut self,
        diagnostics: Vec<Diagnostic>,
        sources: impl IntoIterator<Item = (PathBuf, String)>,
    ) {
        self.diagnostics.extend(diagnostics);
        self.sources.extend(sources);
    }
}
