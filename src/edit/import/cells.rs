//! What one cell of a table of standings holds, as people publish them: whole numbers and
//! places (`1st`, the minus sign), victory points with their differential (`8 (25)`), and a
//! record written in one column (`5;1;0`), split into wins, losses and draws.

use super::csv::Cell;
use super::headings::{COLUMNS, heading_key};
use std::collections::BTreeSet;
use std::path::Path;

use crate::diag::{Code, Diagnostic};

/// Whether a cell reads as a number a standings table holds: a whole number (signed, or a
/// place such as `3rd`), a decimal (`0.625`, `0,625`), a percentage, victory points and
/// differential (`8 (25)`), or a record of two or more whole numbers (`5-1-0`).
pub(super) fn is_number(text: &str) -> bool {
    let text = text.trim();
    let bare = text.strip_suffix('%').unwrap_or(text).trim_end();
    let decimal = |t: &str| {
        let t = t.strip_prefix(['-', '+', '\u{2212}']).unwrap_or(t);
        let mut parts = t.splitn(2, ['.', ',']);
        let whole = parts.next().unwrap_or("");
        let fraction = parts.next().unwrap_or("");
        !(whole.is_empty() && fraction.is_empty())
            && whole.bytes().all(|b| b.is_ascii_digit())
            && fraction.bytes().all(|b| b.is_ascii_digit())
    };
    whole_number(text, true).is_some()
        || decimal(bare)
        || victory_points_and_differential(text).is_some()
        || record_parts(&Cell {
            text: text.to_string(),
            span: 0..0,
        })
        .is_some_and(|parts| parts.len() >= 2)
}

/// The non-empty cells of column `index` below the heading line.
pub(super) fn column_cells(body: &[Vec<Cell>], index: usize) -> impl Iterator<Item = &Cell> {
    body.iter()
        .filter_map(move |row| row.get(index))
        .filter(|c| !c.text.is_empty())
}

/// The fields of a heading that names a whole record in one column (`W;L;D`, `W-L`,
/// `Wins/Losses/Draws`), in its order.
pub(super) fn record_fields(key: &str) -> Option<Vec<&'static str>> {
    let fields: Vec<&'static str> = key
        .split('_')
        .map(|part| {
            COLUMNS
                .iter()
                .find(|(field, names)| {
                    ["wins", "losses", "draws"].contains(field) && names.contains(&part)
                })
                .map(|(field, _)| *field)
        })
        .collect::<Option<_>>()?;
    let distinct: BTreeSet<&str> = fields.iter().copied().collect();
    (fields.len() >= 2 && distinct.len() == fields.len()).then_some(fields)
}

/// The whole numbers of a record cell (`5;1;0`, `5-1-0`, `5/1`), each as a cell at the record
/// cell's place; `None` when the cell holds anything else.
pub(super) fn record_parts(cell: &Cell) -> Option<Vec<Cell>> {
    let separators = |c: char| c.is_whitespace() || ";-/:|,\u{2013}\u{2014}".contains(c);
    if !cell
        .text
        .chars()
        .all(|c| c.is_ascii_digit() || separators(c))
    {
        return None;
    }
    Some(
        cell.text
            .split(separators)
            .filter(|part| !part.is_empty())
            .map(|part| Cell {
                text: part.to_string(),
                span: cell.span.clone(),
            })
            .collect(),
    )
}

/// A whole number as tables write it: `28`, `+28`, `-4` or `−4` (the minus sign U+2212), and
/// for a place also `3rd`.
pub(super) fn whole_number(text: &str, place: bool) -> Option<i64> {
    let text = text.trim();
    let text = match text.get(text.len().saturating_sub(2)..) {
        Some(suffix)
            if place
                && ["st", "nd", "rd", "th"].contains(&suffix.to_ascii_lowercase().as_str()) =>
        {
            &text[..text.len() - 2]
        }
        _ => text,
    };
    let (negative, digits) = match text.strip_prefix(['-', '\u{2212}']) {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    Some(if negative { -n } else { n })
}

/// The victory points and differential of a SW:CCG cell that holds both, `8 (25)` or
/// `8 (−3)`.
pub(super) fn victory_points_and_differential(text: &str) -> Option<(i64, i64)> {
    let (vp, rest) = text.split_once('(')?;
    let differential = rest.trim().strip_suffix(')')?;
    let vp = whole_number(vp, false).filter(|n| (0..=100_000).contains(n))?;
    let differential =
        whole_number(differential, false).filter(|n| (-100_000..=100_000).contains(n))?;
    Some((vp, differential))
}

/// A record written in one column (`W;L;D`, `W-L-D`) split into a column per field, its cells
/// each read as whole numbers; a cell that is not a record is reported. Returns how many
/// columns the split added.
pub(super) fn split_record_column(
    file: &Path,
    rows: &mut [Vec<Cell>],
    problems: &mut Vec<Diagnostic>,
) -> usize {
    let Some((index, heading, fields)) = rows.first().and_then(|header| {
        header.iter().enumerate().find_map(|(i, c)| {
            record_fields(&heading_key(&c.text)).map(|fields| (i, c.text.clone(), fields))
        })
    }) else {
        return 0;
    };
    for (n, row) in rows.iter_mut().enumerate() {
        let Some(cell) = row.get(index).cloned() else {
            continue;
        };
        let blank = Cell {
            text: String::new(),
            span: cell.span.clone(),
        };
        let parts = if n == 0 {
            fields
                .iter()
                .map(|field| Cell {
                    text: (*field).to_string(),
                    span: cell.span.clone(),
                })
                .collect()
        } else if cell.text.is_empty() {
            vec![blank; fields.len()]
        } else {
            match record_parts(&cell).filter(|parts| parts.len() == fields.len()) {
                Some(parts) => parts,
                None => {
                    let example = ["5", "1", "0"][..fields.len()].join(";");
                    problems.push(
                        Diagnostic::error(
                            Code::InvalidValue,
                            file,
                            Some(cell.span.clone()),
                            format!(
                                "`{heading}` must be {} whole numbers, not `{}`",
                                fields.len(),
                                cell.text
                            ),
                        )
                        .with_help(format!(
                            "write the {} as in the heading, such as {example}",
                            fields.join(", ")
                        )),
                    );
                    vec![blank; fields.len()]
                }
            }
        };
        row.splice(index..=index, parts);
    }
    fields.len() - 1
}
