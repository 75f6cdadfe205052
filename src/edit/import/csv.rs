//! A CSV file read into cells, each with its place in the file for the diagnostics: the
//! separator told from the first line (comma, semicolon or tab, as spreadsheets export), quoted
//! cells as RFC 4180 writes them, and a file that is not a CSV at all (a saved JSON event, a
//! spreadsheet's binary) said so.

use std::ops::Range;
use std::path::Path;

use crate::diag::{Code, Diagnostic};

/// A CSV cell and where it is in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Cell {
    pub(super) text: String,
    pub(super) span: Range<usize>,
}

/// The separator of a CSV file: whichever of comma, semicolon and tab the heading line (its
/// first line that is not blank) holds most of outside quotes; a comma when it holds none.
pub(super) fn separator(text: &str) -> u8 {
    let heading = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut counts = [(b',', 0), (b';', 0), (b'\t', 0)];
    let mut quoted = false;
    for b in heading.bytes() {
        if b == b'"' {
            quoted = !quoted;
        } else if !quoted && let Some(count) = counts.iter_mut().find(|(c, _)| *c == b) {
            count.1 += 1;
        }
    }
    // The first of the most frequent: a comma wins a tie.
    counts
        .iter()
        .fold((b',', 0), |best, &c| if c.1 > best.1 { c } else { best })
        .0
}

/// How a separator is named in messages.
pub(super) fn separator_name(separator: u8) -> &'static str {
    match separator {
        b';' => "semicolon",
        b'\t' => "tab",
        _ => "comma",
    }
}

/// Splits CSV text (RFC 4180: cells split by `separator`, double-quoted cells with `""` for a
/// quote, CRLF or LF) into rows of cells with their byte spans. Blank lines, and lines of
/// empty cells only (as spreadsheets export an empty row), are skipped.
pub(super) fn parse_csv(
    file: &Path,
    text: &str,
    separator: u8,
) -> Result<Vec<Vec<Cell>>, Diagnostic> {
    let bytes = text.as_bytes();
    let mut rows = Vec::new();
    let mut row: Vec<Cell> = Vec::new();
    let mut i = 0;
    let text_start = usize::from(text.starts_with('\u{feff}')) * 3;
    i += text_start;
    loop {
        // One cell.
        let start = i;
        let mut value = String::new();
        if bytes.get(i) == Some(&b'"') {
            i += 1;
            loop {
                match bytes.get(i) {
                    None => {
                        return Err(Diagnostic::error(
                            Code::Syntax,
                            file,
                            Some(start..start + 1),
                            "this quoted cell is never closed",
                        )
                        .with_help(
                            "end the cell with a double quote; write a quote inside a cell as \"\"",
                        ));
                    }
                    Some(b'"') if bytes.get(i + 1) == Some(&b'"') => {
                        value.push('"');
                        i += 2;
                    }
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(_) => {
                        let c = text[i..].chars().next().unwrap_or('\u{fffd}');
                        value.push(c);
                        i += c.len_utf8();
                    }
                }
            }
            if !matches!(bytes.get(i), None | Some(b'\n' | b'\r'))
                && bytes.get(i) != Some(&separator)
            {
                return Err(Diagnostic::error(
                    Code::Syntax,
                    file,
                    Some(i..i + 1),
                    "text after the closing quote of a cell",
                )
                .with_help(format!(
                    "put the whole cell inside the quotes, or add the missing {}",
                    separator_name(separator)
                )));
            }
        } else {
            while let Some(&b) = bytes.get(i) {
                if matches!(b, b'\n' | b'\r') || b == separator {
                    break;
                }
                i += 1;
            }
            value.push_str(&text[start..i]);
        }
        row.push(Cell {
            text: value.trim().to_string(),
            span: start..i,
        });
        match bytes.get(i) {
            Some(&b) if b == separator => i += 1,
            end => {
                if row.iter().any(|c| !c.text.is_empty()) {
                    rows.push(std::mem::take(&mut row));
                } else {
                    row.clear();
                }
                match end {
                    None => break,
                    Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => i += 2,
                    Some(_) => i += 1,
                }
                if i >= bytes.len() {
                    break;
                }
            }
        }
    }
    Ok(rows)
}

/// The error for a file that is JSON rather than CSV (an export of tournament software), at its
/// first character; `None` for anything else.
pub(super) fn not_csv(file: &Path, text: &str) -> Option<Diagnostic> {
    let start = text.len()
        - text
            .trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n'])
            .len();
    let rest = &text[start..];
    let json = rest.starts_with('{')
        || (rest.starts_with('[')
            && serde_json::from_str::<serde_json::Value>(text.trim_start_matches('\u{feff}'))
                .is_ok());
    json.then(|| {
        Diagnostic::error(
            Code::Syntax,
            file,
            Some(start..start + 1),
            "this is not a CSV file: it holds JSON",
        )
        .with_help(
            "export the final standings as CSV from the spreadsheet or the tournament software (comma-, semicolon- or tab-separated), with a heading line such as `rank,player,points`; an event saved by the Players Committee's Tournament Assistant is imported without --out, as it is (a JSON object with `mode`, `players`, `games` and `rounds`)",
        )
    })
}
