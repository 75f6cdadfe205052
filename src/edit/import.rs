//! `holonet import`: turns a CSV of final standings (rank, player, the ruleset's scores, notes)
//! into an event file known only by its results, with a `[[players]]` entry and a
//! `[[standings]]` row per line. Every problem in the CSV is reported at its line and column,
//! and nothing is written unless the whole file converts and the result validates.
//!
//! Spreadsheets export "CSV" with the separator of their locale, so commas, semicolons and tabs
//! are all read (the heading line tells which). A column of numbers Holonet does not read is
//! refused (its numbers would be lost) unless `--skip` names it; other columns Holonet does not
//! read are left out with a warning. A seed is never read as a place. A name close to one
//! already in the archive gets a hint, since a person under two ids gets two player pages until
//! `players.toml` joins them.

use crate::diag::Shown;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::diag::{Code, Diagnostic, did_you_mean};
use crate::event::ids::{id_from_name, is_valid_id};
use crate::load::people::{Named, People};
use crate::rules::Family;
use crate::toml_reader::Date;

mod cells;
mod csv;
mod headings;

use cells::{
    column_cells, is_number, split_record_column, victory_points_and_differential, whole_number,
};
use csv::{Cell, not_csv, parse_csv, separator, separator_name};
use headings::{COLUMNS, field_of, heading_key, headings_accepted};

/// What the command line says about the event (a CSV of standings holds only the rows).
#[derive(Debug, Clone)]
pub struct ImportOptions {
    pub name: String,
    pub date: Date,
    pub rules: String,
    pub format: Option<String>,
    pub tier: Option<String>,
    pub location: Option<String>,
    /// Headings of columns to leave out without a word (`--skip`), compared as headings are.
    pub skip: Vec<String>,
}

/// An event file made from a CSV, and the warnings about the CSV (columns left out, names
/// close to the archive's).
#[derive(Debug)]
struct Imported {
    pub(crate) text: String,
    pub(crate) warnings: Vec<Diagnostic>,
}

/// One converted row.
struct Row {
    /// `None` for a player without a place (an empty rank cell): registered, with no row in
    /// the standings.
    rank: Option<u32>,
    name: String,
    /// Where the name is in the CSV, for the hint about a close name in the archive.
    name_span: Range<usize>,
    id: Option<String>,
    /// Where an id given in the CSV is, for an id that is another person's in the archive.
    id_span: Option<Range<usize>>,
    /// The seed the player entered the cut with, and where it is in the CSV.
    seed: Option<(u32, Range<usize>)>,
    numbers: Vec<(&'static str, i64)>,
    note: Option<String>,
}

/// Converts the CSV `text` of `file` into the text of an event file, with warnings about the
/// CSV and about names close to those of `archive`. Returns every problem found (with spans
/// into `text`) when the CSV cannot be converted.
fn csv_to_event(
    file: &Path,
    text: &str,
    family: Family,
    options: &ImportOptions,
    archive: &People,
) -> Result<Imported, Vec<Diagnostic>> {
    if let Some(json) = not_csv(file, text) {
        return Err(vec![json]);
    }
    let separator = separator(text);
    let mut rows = parse_csv(file, text, separator).map_err(|d| vec![d])?;
    let mut problems = Vec::new();
    // Reported with the rows' other problems, once the heading line is known to be right.
    let mut record_problems = Vec::new();
    let widened = split_record_column(file, &mut rows, &mut record_problems);
    let Some((header, body)) = rows.split_first() else {
        return Err(vec![
            Diagnostic::error(Code::MissingField, file, None, "the CSV file is empty")
                .with_help("start with a heading line such as `rank,player,points`"),
        ]);
    };
    let header_span = header.first().map_or(0..0, |c| {
        c.span.start..header.last().map_or(0, |c| c.span.end)
    });
    let (columns, ignored) = map_columns(file, header, body, family, options, &mut problems);
    unknown_skips(file, header, &header_span, options, &mut problems);
    let mut warnings: Vec<Diagnostic> = ignored_warning(file, &ignored).into_iter().collect();
    missing_columns(
        file,
        header,
        &header_span,
        &columns,
        family,
        options,
        &mut problems,
    );
    if !problems.is_empty() {
        return Err(problems);
    }

    problems.append(&mut record_problems);
    let mut converted: Vec<Row> = Vec::new();
    for cells in body {
        let line = Line {
            file,
            cells,
            columns: &columns,
        };
        let width = (header.len(), widened);
        converted.extend(read_row(&line, width, separator, &mut problems));
    }
    check_rows(file, &converted, &header_span, &mut problems);
    if !problems.is_empty() {
        // In the order of the file.
        problems.sort_by_key(|d| d.span.as_ref().map_or(0, |span| span.start));
        return Err(problems);
    }
    // Published standings are sometimes sorted by name; the event file lists them best first,
    // and the players without a place after them.
    converted.sort_by_key(|r| (r.rank.is_none(), r.rank));
    assign_ids(file, &mut converted, archive)?;
    let named: Vec<Named<'_>> = converted
        .iter()
        .map(|r| Named {
            id: r.id.as_deref().unwrap_or_default(),
            name: &r.name,
        })
        .collect();
    for (i, message, help) in archive.hints_for(&named) {
        warnings.push(
            Diagnostic::warning(
                Code::SimilarName,
                file,
                Some(converted[i].name_span.clone()),
                message,
            )
            .with_help(help),
        );
    }
    Ok(Imported {
        text: event_text(file, &converted, options),
        warnings,
    })
}

/// Which column of the file feeds which field (the headings read as people publish them), and
/// the columns left out; a heading that cannot be told, or a second column for a field, is a
/// problem.
fn map_columns<'a>(
    file: &Path,
    header: &'a [Cell],
    body: &[Vec<Cell>],
    family: Family,
    options: &ImportOptions,
    problems: &mut Vec<Diagnostic>,
) -> (BTreeMap<&'static str, usize>, Vec<&'a Cell>) {
    let mut columns: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut ignored: Vec<&Cell> = Vec::new();
    let accepted: Vec<&str> = COLUMNS
        .iter()
        .flat_map(|(_, names)| names.iter().copied())
        .collect();
    let skipped = |key: &str| {
        options
            .skip
            .iter()
            .any(|skip| !key.is_empty() && heading_key(skip) == key)
    };
    for (index, cell) in header.iter().enumerate() {
        let key = heading_key(&cell.text);
        if skipped(&key) {
            continue;
        }
        let cells: Vec<&Cell> = column_cells(body, index).collect();
        // A column of victory points and differential (`8 (25)`, `12 (+3)`, `6 (-14)`) is read
        // as such whatever its heading, unless the heading names another field.
        let both = !cells.is_empty()
            && cells
                .iter()
                .all(|c| victory_points_and_differential(&c.text).is_some());
        let field = match field_of(&key, family) {
            Some("points" | "victory_points") | None if both => Some("victory_points"),
            field => field,
        };
        match field {
            Some(field) if !columns.contains_key(field) => {
                columns.insert(field, index);
            }
            Some(field) => problems.push(
                Diagnostic::error(
                    Code::Conflict,
                    file,
                    Some(cell.span.clone()),
                    format!("a second column for `{field}`"),
                )
                .with_help(format!(
                    "keep one column per field, or leave this one out with --skip \"{}\"",
                    cell.text
                )),
            ),
            // A misspelt heading would lose its column's data: refused, with the fix.
            None => {
                match did_you_mean(&key, accepted.iter().copied()).filter(|_| !key.is_empty()) {
                    Some(close) => problems.push(
                        Diagnostic::error(
                            Code::UnknownField,
                            file,
                            Some(cell.span.clone()),
                            format!("unknown column `{}`", cell.text),
                        )
                        .with_help(format!(
                            "did you mean `{close}`? If not, leave the column out with --skip \"{}\"",
                            cell.text
                        )),
                    ),
                    // A column with neither heading nor data is a trailing separator.
                    None if cell.text.is_empty() && cells.is_empty() => {}
                    // Numbers under a heading not understood would be lost: refused, saying
                    // how to keep them or to leave them out on purpose.
                    None if !cells.is_empty() && cells.iter().all(|c| is_number(&c.text)) => {
                        problems.push(unknown_numbers(file, cell, family));
                    }
                    None => ignored.push(cell),
                }
            }
        }
    }
    (columns, ignored)
}

/// A `--skip` that names no column of the heading line.
fn unknown_skips(
    file: &Path,
    header: &[Cell],
    header_span: &Range<usize>,
    options: &ImportOptions,
    problems: &mut Vec<Diagnostic>,
) {
    for skip in &options.skip {
        let key = heading_key(skip);
        if key.is_empty() || !header.iter().any(|c| heading_key(&c.text) == key) {
            problems.push(
                Diagnostic::error(
                    Code::UnknownField,
                    file,
                    Some(header_span.clone()),
                    format!("--skip \"{skip}\" names no column of the heading line"),
                )
                .with_help(format!(
                    "give a heading of this line as written: {}",
                    and_list(
                        &header
                            .iter()
                            .filter(|c| !c.text.is_empty())
                            .map(|c| format!("`{}`", c.text))
                            .collect::<Vec<_>>()
                    )
                )),
            );
        }
    }
}

/// The warning naming the columns left out, if any.
fn ignored_warning(file: &Path, ignored: &[&Cell]) -> Option<Diagnostic> {
    let first = ignored.first()?;
    let names: Vec<String> = ignored
        .iter()
        .map(|c| match c.text.as_str() {
            "" => "one without a heading".to_string(),
            heading => format!("`{heading}`"),
        })
        .collect();
    let (what, them) = if ignored.len() == 1 {
        ("column", "it")
    } else {
        ("columns", "them")
    };
    Some(
        Diagnostic::warning(
            Code::UnknownField,
            file,
            Some(first.span.clone()),
            format!("the {what} {} {} left out", and_list(&names), if ignored.len() == 1 { "is" } else { "are" }),
        )
        .with_help(format!(
            "Holonet reads the columns {}; rename a heading to one of them to keep its column, or leave {them} out with --skip HEADING (or delete {them}) to silence this",
            COLUMNS
                .iter()
                .map(|(f, _)| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    )
}

/// The columns a table of standings cannot do without (the final places, never the seeds,
/// and the names), and the scores of the other game.
fn missing_columns(
    file: &Path,
    header: &[Cell],
    header_span: &Range<usize>,
    columns: &BTreeMap<&'static str, usize>,
    family: Family,
    options: &ImportOptions,
    problems: &mut Vec<Diagnostic>,
) {
    // A list of seeds is not a final ranking: never read as the places.
    if let (None, Some(&index)) = (columns.get("rank"), columns.get("seed")) {
        problems.push(
            Diagnostic::error(
                Code::MissingField,
                file,
                Some(header[index].span.clone()),
                format!(
                    "`{}` holds seeds, and seeds are not places: the table has no column of final places",
                    header[index].text
                ),
            )
            .with_help(format!(
                "a list of Swiss seeds is not a final ranking; add the final places as a column headed `rank` ({}), or, if this column really holds the final places, rename its heading to `Place`",
                headings_accepted(&["rank"])
            )),
        );
    }
    for required in ["rank", "player"] {
        if required == "rank" && columns.contains_key("seed") {
            continue;
        }
        if !columns.contains_key(required) {
            problems.push(
                Diagnostic::error(
                    Code::MissingField,
                    file,
                    Some(header_span.clone()),
                    format!("the heading line has no `{required}` column"),
                )
                .with_help(format!(
                    "the first line names the columns: at least `rank` and `player`; {}",
                    headings_accepted(&["rank", "player"])
                )),
            );
        }
    }
    for (field, _) in crate::load::recorded::foreign_fields(family) {
        if let Some(&index) = columns.get(field) {
            problems.push(
                Diagnostic::error(
                    Code::InvalidValue,
                    file,
                    Some(header[index].span.clone()),
                    format!("`{field}` is not a score of {}", options.rules),
                )
                .with_help(match family {
                    Family::Lcg => "SW:LCG standings record `points`; pass the SW:CCG ruleset with --rules if these are SW:CCG results",
                    Family::Ccg => "SW:CCG standings record `victory_points` and `differential`",
                }),
            );
        }
    }
}
/// One line of the table, with what reading it needs: the file (for the diagnostics) and
/// which column feeds which field.
struct Line<'a> {
    file: &'a Path,
    cells: &'a [Cell],
    columns: &'a BTreeMap<&'static str, usize>,
}

impl Line<'_> {
    /// The cell of `field`, unless the table has no such column or the cell is empty.
    fn cell(&self, field: &str) -> Option<Cell> {
        let index = *self.columns.get(field)?;
        self.cells
            .get(index)
            .filter(|c| !c.text.is_empty())
            .cloned()
    }

    /// The end of the line, where a missing cell is reported.
    fn end(&self) -> Range<usize> {
        self.cells.last().map_or(0..0, |c| c.span.end..c.span.end)
    }

    /// The whole number in `field`'s cell, at least `min` (a place may be written `3rd`).
    fn number(&self, field: &'static str, min: i64, problems: &mut Vec<Diagnostic>) -> Option<i64> {
        let c = self.cell(field)?;
        match whole_number(&c.text, matches!(field, "rank" | "seed")) {
            Some(n) if n >= min && n <= 100_000 => Some(n),
            _ => {
                problems.push(
                        Diagnostic::error(
                            Code::InvalidValue,
                            self.file,
                            Some(c.span.clone()),
                            format!("`{field}` must be a whole number, not `{}`", c.text),
                        )
                        .with_help(if field == "rank" {
                            "write the place as a whole number such as 3 or 3rd, or leave the cell empty for a player without a place".to_string()
                        } else if min < 0 {
                            "write a whole number such as 28 or -4".to_string()
                        } else {
                            format!("write a whole number from {min}, or leave the cell empty")
                        }),
                    );
                None
            }
        }
    }

    /// The scores of the line, victory points and differential read from one cell (`8 (25)`)
    /// where a SW:CCG table writes them so.
    fn numbers(&self, problems: &mut Vec<Diagnostic>) -> Vec<(&'static str, i64)> {
        let mut numbers = Vec::new();
        // SW:CCG tables write victory points and differential in one cell: `8 (25)`.
        let both = self
            .cell("victory_points")
            .and_then(|c| victory_points_and_differential(&c.text).map(|both| (both, c)));
        if let Some(((vp, _), _)) = &both {
            numbers.push(("victory_points", *vp));
        }
        for field in ["points", "victory_points", "wins", "losses", "draws"] {
            if field == "victory_points" && both.is_some() {
                continue;
            }
            if let Some(n) = self.number(field, 0, problems) {
                numbers.push((field, n));
            }
        }
        let in_vp = both.as_ref().map(|((_, d), c)| (*d, c));
        match (self.number("differential", -100_000, problems), in_vp) {
            (Some(n), Some((d, c))) if n != d => problems.push(
                Diagnostic::error(
                    Code::Conflict,
                    self.file,
                    Some(c.span.clone()),
                    format!(
                        "the differential is {d} in `{}`, but {n} in the `differential` column",
                        c.text
                    ),
                )
                .with_help("give the differential once, or correct the one that is wrong"),
            ),
            (Some(n), _) | (None, Some((n, _))) => numbers.push(("differential", n)),
            (None, None) => {}
        }
        numbers
    }
}

/// One line of standings read into a row, each problem in `problems`; `None` for a line with
/// problems that leave no row. `width` is the heading line's number of cells and how many of
/// them a record column split into added.
fn read_row(
    line: &Line,
    (header_len, widened): (usize, usize),
    separator: u8,
    problems: &mut Vec<Diagnostic>,
) -> Option<Row> {
    // Empty cells past the last heading are trailing separators, not data.
    if line
        .cells
        .iter()
        .skip(header_len)
        .any(|c| !c.text.is_empty())
    {
        problems.push(
            Diagnostic::error(
                Code::Syntax,
                line.file,
                Some(line.cells[header_len].span.clone()),
                format!(
                    "this line has {} cells, but the heading line names {}",
                    line.cells.len() - widened,
                    header_len - widened
                ),
            )
            .with_help(format!(
                "remove the extra cells, or quote a cell that holds a {}",
                separator_name(separator)
            )),
        );
        return None;
    }
    // An empty rank is a player without a place; a rank that is not one is an error.
    let rank = match line.cell("rank") {
        Some(_) => line.number("rank", 1, problems).map(Some),
        None => Some(None),
    };
    // A seed is written as a place is (`3` or `3rd`).
    let seed = line
        .number("seed", 1, problems)
        .zip(line.cell("seed"))
        .map(|(n, c)| (n as u32, c.span));
    let name = line.cell("player");
    if name.is_none() {
        problems.push(
            Diagnostic::error(
                Code::MissingField,
                line.file,
                Some(line.end()),
                "this line has no player name",
            )
            .with_help("give every line the player's name"),
        );
    }
    let id = line.cell("id");
    if let Some(id) = &id
        && !is_valid_id(&id.text)
    {
        problems.push(
            Diagnostic::error(
                Code::BadId,
                line.file,
                Some(id.span.clone()),
                format!("`{}` cannot be a player id", id.text),
            )
            .with_help(format!(
                "use lower-case letters, digits and `-`, such as `{}`",
                id_from_name(&id.text)
            )),
        );
    }
    let numbers = line.numbers(problems);
    let note = line.cell("note").map(|c| c.text);
    if rank == Some(None) && (!numbers.is_empty() || note.is_some() || seed.is_some()) {
        problems.push(
            Diagnostic::error(
                Code::MissingField,
                line.file,
                Some(line.end()),
                "this line has scores but no rank",
            )
            .with_help(
                "give its place (1 for the winner; tied players share one); a player without a place has no scores in the standings, so clear them to list the player without one",
            ),
        );
        return None;
    }
    let (Some(rank), Some(name)) = (rank, name) else {
        return None;
    };
    Some(Row {
        rank: rank.map(|r| r as u32),
        name: name.text,
        name_span: name.span,
        id_span: id.as_ref().map(|c| c.span.clone()),
        id: id.map(|c| c.text),
        seed,
        numbers,
        note,
    })
}

/// What the rows say together: each seed is one player's, some row has a place, and the table
/// has rows at all.
fn check_rows(
    file: &Path,
    converted: &[Row],
    header_span: &Range<usize>,
    problems: &mut Vec<Diagnostic>,
) {
    // Each player entered the cut with a seed of their own.
    let mut seeds: BTreeMap<u32, &str> = BTreeMap::new();
    for row in converted {
        let Some((seed, span)) = &row.seed else {
            continue;
        };
        if let Some(other) = seeds.insert(*seed, &row.name) {
            problems.push(
                Diagnostic::error(
                    Code::Conflict,
                    file,
                    Some(span.clone()),
                    format!("seed {seed} is also {other}'s"),
                )
                .with_help("each player entered the cut with a seed of their own; correct the one that is wrong"),
            );
        }
    }
    if !converted.is_empty() && converted.iter().all(|r| r.rank.is_none()) {
        problems.push(
            Diagnostic::error(
                Code::MissingField,
                file,
                Some(header_span.clone()),
                "no line of the CSV file has a rank",
            )
            .with_help(
                "give each placed player's rank; only players without a place leave it empty",
            ),
        );
    }
    if converted.is_empty() && problems.is_empty() {
        problems.push(
            Diagnostic::error(
                Code::MissingField,
                file,
                Some(header_span.clone()),
                "the CSV file has no standings below its heading line",
            )
            .with_help("add one line per player: rank, name and scores"),
        );
    }
}

/// The error for a column of numbers under a heading `import` does not read: its numbers would
/// be lost.
fn unknown_numbers(file: &Path, heading: &Cell, family: Family) -> Diagnostic {
    let foreign: Vec<&str> = crate::load::recorded::foreign_fields(family)
        .iter()
        .map(|(field, _)| *field)
        .collect();
    let fields: Vec<String> = COLUMNS
        .iter()
        .map(|(field, _)| *field)
        .filter(|field| !["player", "id", "note"].contains(field) && !foreign.contains(field))
        .map(|field| format!("`{field}`"))
        .collect();
    let (what, skip) = match heading.text.as_str() {
        "" => (
            "a column without a heading".to_string(),
            "give it a heading, or delete the column".to_string(),
        ),
        text => (
            format!("the column `{text}`"),
            format!("leave it out with --skip \"{text}\""),
        ),
    };
    Diagnostic::error(
        Code::UnknownField,
        file,
        Some(heading.span.clone()),
        format!("{what} holds numbers, but Holonet does not know what they are"),
    )
    .with_help(format!(
        "to keep them, rename the heading to one Holonet reads ({}, or `W-L-D` for a record such as 5-1-0; `holonet import --help` lists every heading accepted for each); to drop them, {skip}",
        and_list(&fields)
    ))
}

/// "`a`", "`a` and `b`", "`a`, `b` and `c`".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

/// Gives each row a player id: its own, or one made from the name, numbered when another row or
/// another person of the archive has it. An id of the CSV that the archive gives a person of
/// another name is refused: both would be shown on one page.
fn assign_ids(file: &Path, rows: &mut [Row], archive: &People) -> Result<(), Vec<Diagnostic>> {
    let mut taken: BTreeSet<String> = rows.iter().filter_map(|r| r.id.clone()).collect();
    let mut problems = Vec::new();
    for row in rows.iter() {
        if let (Some(id), Some(span)) = (&row.id, &row.id_span)
            && let Some(other) = archive.other_person(id, &row.name)
        {
            let free = archive.free_id(&row.name, |c| taken.contains(c));
            problems.push(
                Diagnostic::error(
                    Code::BadId,
                    file,
                    Some(span.clone()),
                    format!(
                        "the id `{id}` is {}'s in {}: {} would be shown on that player page, as the same person",
                        other.name,
                        archive.at(other, "id"),
                        row.name
                    ),
                )
                .with_help(format!(
                    "if they are two people, give this one another id, such as `{free}`; if one, write the name as there, or join two ids in players.toml"
                )),
            );
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    for row in rows.iter_mut().filter(|r| r.id.is_none()) {
        let id = archive.free_id(&row.name, |c| taken.contains(c));
        taken.insert(id.clone());
        row.id = Some(id);
    }
    Ok(())
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

fn event_text(source: &Path, rows: &[Row], options: &ImportOptions) -> String {
    let mut out = String::new();
    let source_name = source.file_name().map_or_else(
        || source.shown().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    // A comment ends at the line's end: a name or file name with a line break in it must not
    // write keys of its own.
    let one_line = |text: &str| text.replace(char::is_control, " ");
    let _ = writeln!(
        out,
        "# {}: known only by its final standings, imported from {}.",
        one_line(&options.name),
        one_line(&source_name)
    );
    let _ = writeln!(
        out,
        "# The standings are shown as recorded; add decklists under a player with [players.decks.dark]/[players.decks.light]."
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "[event]");
    let _ = writeln!(out, "name = {}", quoted(&options.name));
    let _ = writeln!(out, "date = {}", options.date.iso());
    let _ = writeln!(out, "rules = {}", quoted(&options.rules));
    for (key, value) in [
        ("format", &options.format),
        ("tier", &options.tier),
        ("location", &options.location),
    ] {
        if let Some(value) = value {
            let _ = writeln!(out, "{key} = {}", quoted(value));
        }
    }
    for row in rows.iter() {
        let id = row.id.as_deref().unwrap_or_default();
        let _ = writeln!(out, "\n[[players]]");
        let _ = writeln!(out, "name = {}", quoted(&row.name));
        let _ = writeln!(out, "id = {}", quoted(id));
    }
    for row in rows.iter() {
        let Some(rank) = row.rank else {
            continue;
        };
        let id = row.id.as_deref().unwrap_or_default();
        let _ = writeln!(out, "\n[[standings]]");
        let _ = writeln!(out, "rank = {rank}");
        let _ = writeln!(out, "player = {}", quoted(id));
        if let Some((seed, _)) = &row.seed {
            let _ = writeln!(out, "seed = {seed}");
        }
        for (field, n) in &row.numbers {
            let _ = writeln!(out, "{field} = {n}");
        }
        if let Some(note) = &row.note {
            let _ = writeln!(out, "note = {}", quoted(note));
        }
    }
    out
}

/// Why `holonet import` wrote nothing.
#[derive(Debug)]
pub enum ImportError {
    /// A problem with the command itself (a path, a ruleset, a file that cannot be read).
    Usage(String),
    /// Problems in the CSV file, or in the event it converts to, with the files' texts.
    Invalid(crate::diag::Report),
}

/// `holonet import`: converts the standings `text` of the CSV file `csv` (read by
/// [`super::import_plan::plan`], which tells a CSV by it) into a new event file at `path`
/// (relative to `root`, under `events/`), validated like any event before it is written.
/// Returns the file written and the warnings (columns left out, names close to the archive's).
pub fn import_csv(
    root: &Path,
    csv: &Path,
    text: &str,
    path: &Path,
    options: &ImportOptions,
) -> Result<(PathBuf, crate::diag::Report), ImportError> {
    let target = super::new::new_event_target(root, path, "import").map_err(ImportError::Usage)?;
    let shape = super::template::Shape::new(&options.rules, options.format.as_deref())
        .map_err(ImportError::Usage)?;
    let mut report = crate::diag::Report::default();
    report.sources.insert(csv.to_path_buf(), text.to_string());
    let archive = super::archive_people(root, None);
    let imported = match csv_to_event(csv, text, shape.ruleset.family, options, &archive) {
        Ok(imported) => imported,
        Err(diagnostics) => {
            report.diagnostics = diagnostics;
            return Err(ImportError::Invalid(report));
        }
    };
    report.diagnostics = imported.warnings;
    let load_options = crate::load::options::LoadOptions::default();
    let (event, diagnostics) = crate::load::parse_event(path, &imported.text, &load_options);
    if !diagnostics.is_empty() {
        report
            .sources
            .insert(path.to_path_buf(), imported.text.clone());
        report.diagnostics.extend(diagnostics);
    }
    if event.is_none() {
        return Err(ImportError::Invalid(report));
    }
    crate::atomic::write_new(&target, &imported.text).map_err(ImportError::Usage)?;
    Ok((target, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(rules: &str) -> ImportOptions {
        ImportOptions {
            name: "Dantooine Regional 2014".into(),
            date: Date::parse_iso("2014-06-14").unwrap(),
            rules: rules.into(),
            format: None,
            tier: Some("competitive".into()),
            location: None,
            skip: Vec::new(),
        }
    }

    fn import(text: &str, archive: &People) -> Result<Imported, Vec<Diagnostic>> {
        csv_to_event(
            Path::new("results.csv"),
            text,
            Family::Lcg,
            &options("ffg-2014"),
            archive,
        )
    }

    fn convert(text: &str, family: Family, rules: &str) -> Result<String, Vec<Diagnostic>> {
        csv_to_event(
            Path::new("results.csv"),
            text,
            family,
            &options(rules),
            &People::default(),
        )
        .map(|imported| imported.text)
    }

    /// Each warning's message and where it points.
    fn warnings(imported: &Imported) -> Vec<(&str, Option<Range<usize>>)> {
        imported
            .warnings
            .iter()
            .map(|d| (d.message.as_str(), d.span.clone()))
            .collect()
    }

    #[test]
    fn semicolons_and_tabs_are_separators_too() {
        assert_eq!(separator("rank,player\n"), b',');
        assert_eq!(separator("Rank;Player;Points\n1;\"Kessel, Tom\";3\n"), b';');
        assert_eq!(separator("rank\tplayer\tnote\n"), b'\t');
        assert_eq!(
            separator("\n\"a;b\",c\n"),
            b',',
            "separators in quotes do not count"
        );
        assert_eq!(separator("player\n"), b',');
        for text in [
            "Rank;Player;Points\n1;Kessel, Tom;18\n2;\"Lind; Bo\";15\n",
            "Rank\tPlayer\tPoints\r\n1\tKessel, Tom\t18\r\n2\tLind; Bo\t15\r\n",
            "Rank,Player,Points\n1,\"Kessel, Tom\",18\n2,Lind; Bo,15\n",
        ] {
            let toml = convert(text, Family::Lcg, "ffg-2014").unwrap();
            assert!(
                toml.contains("name = \"Kessel, Tom\"\nid = \"kessel-tom\"\n"),
                "{toml}"
            );
            assert!(toml.contains("name = \"Lind; Bo\"\n"), "{toml}");
            assert!(toml.contains("points = 15\n"), "{toml}");
        }
    }

    #[test]
    fn blank_rows_and_trailing_separators_are_skipped() {
        let text = "rank;player;points;\n\n1;Tom;3;\n;;;\n  \n2;Ann;1\n;;\n";
        let imported = import(text, &People::default()).unwrap();
        assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
        assert_eq!(imported.text.matches("[[standings]]").count(), 2);
    }

    #[test]
    fn columns_holonet_does_not_read_are_left_out_with_one_warning() {
        let text = "Rank,Player,Deck,Points,,Faction\n1,Tom,Sith,3,x,Jedi\n";
        let imported = import(text, &People::default()).unwrap();
        assert_eq!(
            warnings(&imported),
            [(
                "the columns `Deck`, one without a heading and `Faction` are left out",
                Some(12..16)
            )]
        );
        assert!(imported.text.contains("points = 3\n"));
        assert!(!imported.text.contains("Sith"));
        let imported = import("rank,player,deck\n1,Tom,\n", &People::default()).unwrap();
        assert_eq!(
            warnings(&imported),
            [("the column `deck` is left out", Some(12..16))]
        );
    }

    /// The people of one earlier event holding `names`, with `players` as `players.toml`.
    fn archive_of(names: &[&str], players: &str) -> People {
        let event = crate::load::people::standings_event("events/2019/coruscant.toml", names);
        let players = crate::load::aliases::parse(players).expect("players.toml");
        People::of(Path::new("no-such-site"), [&event], players, None)
    }

    #[test]
    fn a_name_close_to_one_in_the_archive_gets_a_hint() {
        let archive = archive_of(&["John Smith", "Ann Ekberg", "Tom Kessel"], "");
        let text =
            "rank,player\n1,Jon Smith\n2,Ann Ekberg\n3,Bo Lind\n4,Anne Ekberg\n5,\"Kessel, Tom\"\n";
        let imported = import(text, &archive).unwrap();
        assert_eq!(
            warnings(&imported),
            [
                (
                    "`Jon Smith` (id jon-smith) is close to `John Smith` (id john-smith) in events/2019/coruscant.toml: two ids have two player pages",
                    Some(14..23)
                ),
                (
                    "`Anne Ekberg` (id anne-ekberg) is close to `Ann Ekberg` (id ann-ekberg) in events/2019/coruscant.toml: two ids have two player pages",
                    Some(49..60)
                ),
                (
                    "`Kessel, Tom` (id kessel-tom) is the same name as `Tom Kessel` (id tom-kessel) in events/2019/coruscant.toml: two ids have two player pages",
                    Some(63..76)
                ),
            ]
        );
        assert_eq!(imported.warnings[0].code, Code::SimilarName);
        assert_eq!(
            imported.warnings[0].help.as_deref(),
            Some(
                "if they are one person, join them in players.toml: [[players]] id = \"john-smith\" aliases = [\"jon-smith\"]; if they are two people, say so there: [[distinct]] ids = [\"john-smith\", \"jon-smith\"]"
            )
        );
        // Once players.toml joins the ids, or says they are two people, the hint is gone.
        let archive = archive_of(
            &["John Smith", "Ann Ekberg", "Tom Kessel"],
            "[[players]]\nid = \"john-smith\"\naliases = [\"jon-smith\"]\n[[players]]\nid = \"tom-kessel\"\naliases = [\"kessel-tom\"]\n[[distinct]]\nids = [\"ann-ekberg\", \"anne-ekberg\"]\n",
        );
        assert!(import(text, &archive).unwrap().warnings.is_empty());
    }

    #[test]
    fn an_id_another_person_has_in_the_archive_is_never_given() {
        let archive = archive_of(&["Ann Quist"], "");
        // Made from the name: the same person keeps the id; another is numbered.
        let toml = import("rank,player\n1,Ann Quist\n", &archive).unwrap().text;
        assert!(toml.contains("id = \"ann-quist\"\n"), "{toml}");
        // Given in the CSV to a person of another name: refused at the cell, with a free id.
        let errors = import("rank,player,id\n1,Ann Berg,ann-quist\n", &archive).unwrap_err();
        assert_eq!(
            errors[0].message,
            "the id `ann-quist` is Ann Quist's in events/2019/coruscant.toml: Ann Berg would be shown on that player page, as the same person"
        );
        assert_eq!(errors[0].span, Some(26..35));
        assert!(
            errors[0]
                .help
                .as_deref()
                .unwrap_or_default()
                .contains("such as `ann-berg`")
        );
    }

    #[test]
    fn results_tables_are_read_as_people_paste_them() {
        // Ordinal places under `Pos`, a record in one `W;L;D` column, victory points and
        // differential in one cell, the minus sign, and a player without a place.
        let text = "Pos,Player,W;L;D,VP\n2nd,Nick Ames,4;2;0,6 (\u{2212}3)\n1st,Tom Kessel,5-1-0,8 (25)\n,Bo Lind,,\n";
        let toml = convert(text, Family::Ccg, "swccg-2008").unwrap();
        let doc: toml::Table = toml.parse().expect("valid TOML");
        let standings = doc["standings"].as_array().unwrap();
        assert_eq!(standings.len(), 2, "{toml}");
        let row = |i: usize, key: &str| standings[i][key].as_integer();
        assert_eq!(standings[0]["player"].as_str(), Some("tom-kessel"));
        assert_eq!(
            [
                row(0, "rank"),
                row(0, "victory_points"),
                row(0, "differential"),
                row(0, "wins"),
                row(0, "losses"),
                row(0, "draws")
            ],
            [Some(1), Some(8), Some(25), Some(5), Some(1), Some(0)]
        );
        assert_eq!(
            [row(1, "rank"), row(1, "differential")],
            [Some(2), Some(-3)]
        );
        assert_eq!(
            doc["players"].as_array().unwrap().len(),
            3,
            "Bo Lind is registered"
        );
        // `Place` and `Position` name the rank too; a minus sign in its own column.
        for heading in ["Place", "Position"] {
            let text = format!("{heading};Name;VP;Diff\n1;Tom Kessel;8;\u{2212}4\n");
            let toml = convert(&text, Family::Ccg, "swccg-2008").unwrap();
            assert!(toml.contains("differential = -4\n"), "{heading}: {toml}");
        }
    }

    #[test]
    fn a_pasted_table_that_cannot_be_read_says_where_and_why() {
        let errors = convert(
            "rank,player,W-L,vp,diff\n1,Tom,5;x,8 (25),20\n,Bo,,6,\n",
            Family::Ccg,
            "swccg-2008",
        )
        .unwrap_err();
        let found: Vec<(&str, Option<Range<usize>>)> = errors
            .iter()
            .map(|d| (d.message.as_str(), d.span.clone()))
            .collect();
        assert_eq!(
            found,
            [
                ("`W-L` must be 2 whole numbers, not `5;x`", Some(30..33)),
                (
                    "the differential is 25 in `8 (25)`, but 20 in the `differential` column",
                    Some(34..40)
                ),
                ("this line has scores but no rank", Some(51..51)),
            ]
        );
        let errors = convert("rank,player\n,Tom\n,Bo\n", Family::Lcg, "ffg-2018").unwrap_err();
        assert_eq!(errors[0].message, "no line of the CSV file has a rank");
    }

    #[test]
    fn a_json_file_is_not_read_as_a_csv() {
        for text in [
            "{\n  \"players\": [{\"name\": \"Tom, Kessel\"}]\n}\n",
            "\u{feff}[{\"rank\": 1}]",
        ] {
            let errors = convert(text, Family::Ccg, "swccg-2008").unwrap_err();
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!(errors[0].message, "this is not a CSV file: it holds JSON");
            let start = usize::from(text.starts_with('\u{feff}')) * 3;
            assert_eq!(errors[0].span, Some(start..start + 1));
            assert!(
                errors[0]
                    .help
                    .as_deref()
                    .unwrap()
                    .contains("export the final standings as CSV")
            );
        }
    }

    #[test]
    fn cells_keep_their_spans_and_quotes() {
        let rows = parse_csv(Path::new("x.csv"), "a,\"b, \"\"c\"\"\"\r\n\n d ,e\n", b',').unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0][1].text, "b, \"c\"");
        assert_eq!(rows[0][1].span, 2..12);
        assert_eq!(rows[1][0].text, "d");
        assert_eq!(rows[1][0].span, 15..18);
    }

    #[test]
    fn a_line_break_in_the_name_stays_inside_the_comment_and_the_string() {
        let options = ImportOptions {
            name: "Hoth\n[[players]]\nname = \"Intruder\"".into(),
            date: Date {
                year: 2013,
                month: 11,
                day: 9,
            },
            rules: "ffg-2014".into(),
            format: None,
            tier: None,
            location: None,
            skip: Vec::new(),
        };
        let text = event_text(Path::new("results\n.csv"), &[], &options);
        let doc: toml::Table = text.parse().expect("valid TOML");
        assert!(doc.get("players").is_none(), "{text}");
        assert_eq!(
            doc["event"]["name"].as_str(),
            Some("Hoth\n[[players]]\nname = \"Intruder\"")
        );
        assert!(text.lines().next().is_some_and(|l| l.contains("Intruder")));
    }

    #[test]
    fn an_unclosed_quote_is_reported_where_it_opens() {
        let error = parse_csv(Path::new("x.csv"), "a,b\n1,\"open\n", b',').unwrap_err();
        assert_eq!(error.code, Code::Syntax);
        assert_eq!(error.span, Some(6..7));
    }

    #[test]
    fn lcg_standings_become_players_and_rows_best_first() {
        let text = "Rank,Name,Points,Wins,Losses,Note\n2,Bo Lind,15,5,1,\n1,Ann Ekberg,18,6,0,\"Won the top 4, undefeated\"\n2,Bo Lind,12,4,2,\n";
        let toml = convert(text, Family::Lcg, "ffg-2014").unwrap();
        assert!(toml.contains("rules = \"ffg-2014\"\ntier = \"competitive\"\n"));
        // Ann first (rank 1), then the two Bo Linds with distinct ids, in file order.
        let ann = toml.find("player = \"ann-ekberg\"").unwrap();
        let bo = toml.find("player = \"bo-lind\"").unwrap();
        let bo2 = toml.find("player = \"bo-lind-2\"").unwrap();
        assert!(ann < bo && bo < bo2);
        assert!(toml.contains("rank = 1\nplayer = \"ann-ekberg\"\npoints = 18\nwins = 6\nlosses = 0\nnote = \"Won the top 4, undefeated\"\n"));
    }

    #[test]
    fn ccg_scores_keep_their_sign() {
        let text = "rank,player,vp,diff\n1,Tom Kessel,8,+41\n2,Nick Ames,6,-3\n";
        let toml = convert(text, Family::Ccg, "swccg-2008").unwrap();
        assert!(toml.contains("victory_points = 8\ndifferential = 41\n"));
        assert!(toml.contains("victory_points = 6\ndifferential = -3\n"));
    }

    #[test]
    fn a_given_id_is_kept_and_others_avoid_it() {
        let text = "rank,player,id\n1,Tom Kessel,tom-kessel\n2,Tom Kessel,\n";
        let toml = convert(text, Family::Lcg, "ffg-2018").unwrap();
        assert!(toml.contains("id = \"tom-kessel\"\n"));
        assert!(toml.contains("id = \"tom-kessel-2\"\n"));
    }

    #[test]
    fn a_name_giving_a_windows_device_name_is_numbered() {
        let text = "rank,player\n1,Con\n2,CON\n";
        let toml = convert(text, Family::Lcg, "ffg-2018").unwrap();
        assert!(toml.contains("id = \"con-2\"\n"), "{toml}");
        assert!(toml.contains("id = \"con-3\"\n"), "{toml}");
        assert!(!toml.contains("id = \"con\"\n"), "{toml}");
    }

    /// Tables as people publish them: `Finish` for the place, and SW:CCG's `Points (diff)`
    /// cells `8 (25)` for victory points and differential.
    #[test]
    fn a_published_table_headed_finish_and_points_diff_is_read_whole() {
        let text = "Finish,Player,Points (diff)\n1,Tom,8 (25)\n2,Ann,6 (-3)\n";
        let toml = convert(text, Family::Ccg, "swccg-2008").unwrap();
        assert!(
            toml.contains("rank = 1\nplayer = \"tom\"\nvictory_points = 8\ndifferential = 25\n"),
            "{toml}"
        );
        assert!(
            toml.contains("rank = 2\nplayer = \"ann\"\nvictory_points = 6\ndifferential = -3\n"),
            "{toml}"
        );
    }

    #[test]
    fn unknown_and_missing_columns_are_reported_on_the_heading_line() {
        let errors = convert("rank,playr,pionts\n1,Tom,3\n", Family::Lcg, "ffg-2018").unwrap_err();
        let messages: Vec<String> = errors
            .iter()
            .map(|d| format!("{} | {}", d.message, d.help.clone().unwrap_or_default()))
            .collect();
        assert_eq!(
            messages,
            [
                "unknown column `playr` | did you mean `player`? If not, leave the column out with --skip \"playr\"",
                "unknown column `pionts` | did you mean `points`? If not, leave the column out with --skip \"pionts\"",
                "the heading line has no `player` column | the first line names the columns: at least `rank` and `player`; `rank` may be headed `place`, `position`, `pos`, `finish`, `#`; `player` may be headed `name`",
            ]
        );
        assert_eq!(errors[0].span, Some(5..10));
    }

    #[test]
    fn scores_of_the_other_game_are_refused() {
        let errors = convert("rank,player,vp\n1,Tom,8\n", Family::Lcg, "ffg-2018").unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].message,
            "`victory_points` is not a score of ffg-2018"
        );
        let errors =
            convert("rank,player,points\n1,Tom,8\n", Family::Ccg, "swccg-2008").unwrap_err();
        assert_eq!(errors[0].message, "`points` is not a score of swccg-2008");
    }

    #[test]
    fn bad_cells_are_reported_at_their_place() {
        let text = "rank,player,points\nfirst,Tom,3\n2,,6\n3,Ann,x\n4,Bo,3,extra\n";
        let errors = convert(text, Family::Lcg, "ffg-2018").unwrap_err();
        let found: Vec<(&str, Option<Range<usize>>)> = errors
            .iter()
            .map(|d| (d.message.as_str(), d.span.clone()))
            .collect();
        assert_eq!(
            found,
            [
                ("`rank` must be a whole number, not `first`", Some(19..24)),
                ("this line has no player name", Some(35..35)),
                ("`points` must be a whole number, not `x`", Some(42..43)),
                (
                    "this line has 4 cells, but the heading line names 3",
                    Some(51..56)
                ),
            ]
        );
    }

    #[test]
    fn an_empty_file_or_one_without_rows_is_refused() {
        assert_eq!(
            convert("", Family::Lcg, "ffg-2018").unwrap_err()[0].message,
            "the CSV file is empty"
        );
        assert_eq!(
            convert("rank,player\n", Family::Lcg, "ffg-2018").unwrap_err()[0].message,
            "the CSV file has no standings below its heading line"
        );
    }

    #[test]
    fn names_with_quotes_survive_as_toml() {
        let text = "rank,player\n1,\"Ann \"\"Ace\"\" Ekberg\"\n";
        let toml = convert(text, Family::Lcg, "ffg-2018").unwrap();
        let doc: toml::Table = toml::from_str(&toml).expect("valid TOML");
        let players = doc["players"].as_array().unwrap();
        assert_eq!(players[0]["name"].as_str(), Some("Ann \"Ace\" Ekberg"));
    }
    /// Each rule of the place column: `Finish`, `Place`, `Rank`, `Pos`, `Pos.` and `#` all
    /// name it.
    #[test]
    fn every_place_heading_reads_the_place() {
        for heading in ["Finish", "Place", "Rank", "Pos", "Pos.", "#", "Position"] {
            let text = format!("{heading},Player\n1,Tom\n2nd,Ann\n");
            let toml = convert(&text, Family::Lcg, "ffg-2018")
                .unwrap_or_else(|e| panic!("{heading}: {e:?}"));
            assert!(
                toml.contains("rank = 1\nplayer = \"tom\"\n")
                    && toml.contains("rank = 2\nplayer = \"ann\"\n"),
                "{heading}: {toml}"
            );
            assert!(!toml.contains("seed ="), "{heading}: {toml}");
        }
    }

    /// `Seed` is the seed, never the place: with a place column both are kept, each row its own.
    #[test]
    fn a_table_with_places_and_seeds_imports_both() {
        let text = "Finish,Player,Seed\n1,Tom,2\n2,Ann,1st\n3,Bo,\n";
        let toml = convert(text, Family::Lcg, "ffg-2018").unwrap();
        assert!(
            toml.contains("rank = 1\nplayer = \"tom\"\nseed = 2\n"),
            "{toml}"
        );
        assert!(
            toml.contains("rank = 2\nplayer = \"ann\"\nseed = 1\n"),
            "{toml}"
        );
        assert!(
            toml.contains("rank = 3\nplayer = \"bo\"\n\n")
                || toml.ends_with("rank = 3\nplayer = \"bo\"\n"),
            "{toml}"
        );
        // Two players of one seed are refused at the second.
        let errors = convert(
            "Place,Player,Seed\n1,Tom,2\n2,Ann,2\n",
            Family::Lcg,
            "ffg-2018",
        )
        .unwrap_err();
        assert_eq!(errors[0].message, "seed 2 is also Tom's");
        assert_eq!(errors[0].span, Some(32..33));
    }

    /// A list of seeds with no place column is not a final ranking: refused at the seed column,
    /// saying what to do.
    #[test]
    fn seeds_without_a_place_column_are_refused_as_not_places() {
        let errors = convert("Player,Seed\nTom,1\nAnn,2\n", Family::Lcg, "ffg-2018").unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].message,
            "`Seed` holds seeds, and seeds are not places: the table has no column of final places"
        );
        assert_eq!(errors[0].span, Some(7..11));
        let help = errors[0].help.as_deref().unwrap();
        assert!(
            help.contains("a list of Swiss seeds is not a final ranking")
                && help.contains("add the final places as a column headed `rank`")
                && help.contains("rename its heading to `Place`"),
            "{help}"
        );
    }

    /// `Points (diff)`, `Total`, `VP (diff)` and any column of `N (±M)` cells give victory
    /// points and differential.
    #[test]
    fn every_column_of_points_and_differential_cells_is_read_as_both() {
        for heading in [
            "Points (diff)",
            "Total",
            "VP (diff)",
            "Score",
            "Result",
            "Points",
        ] {
            let text = format!("Rank,Player,{heading}\n1,Tom,12 (+3)\n2,Ann,6 (-14)\n3,Bo,\n");
            let toml = convert(&text, Family::Ccg, "swccg-2008")
                .unwrap_or_else(|e| panic!("{heading}: {e:?}"));
            assert!(
                toml.contains("player = \"tom\"\nvictory_points = 12\ndifferential = 3\n")
                    && toml.contains("player = \"ann\"\nvictory_points = 6\ndifferential = -14\n"),
                "{heading}: {toml}"
            );
        }
        // `Total` of plain numbers is the ruleset's score.
        let toml = convert("Rank,Player,Total\n1,Tom,8\n", Family::Ccg, "swccg-2008").unwrap();
        assert!(toml.contains("victory_points = 8\n"), "{toml}");
        let toml = convert("Rank,Player,Total\n1,Tom,18\n", Family::Lcg, "ffg-2018").unwrap();
        assert!(toml.contains("points = 18\n"), "{toml}");
    }

    /// A column of numbers under a heading not understood is refused at its heading, saying how
    /// to keep it or to skip it; a text column stays a warning.
    #[test]
    fn an_unknown_column_of_numbers_is_an_error_not_a_warning() {
        let text = "Rank,Player,Opp Win %,Deck\n1,Tom,0.625,Sith\n2,Ann,45%,Jedi\n";
        let errors = convert(text, Family::Ccg, "swccg-2008").unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].message,
            "the column `Opp Win %` holds numbers, but Holonet does not know what they are"
        );
        assert_eq!(errors[0].span, Some(12..21));
        let help = errors[0].help.as_deref().unwrap();
        assert!(
            help.contains("rename the heading to one Holonet reads")
                && help.contains("`victory_points`")
                && !help.contains("`points`")
                && help.contains("--skip \"Opp Win %\""),
            "{help}"
        );
        // A record under a heading not understood is numbers too.
        let errors =
            convert("Rank,Player,Record\n1,Tom,5-1-0\n", Family::Lcg, "ffg-2018").unwrap_err();
        assert_eq!(
            errors[0].message,
            "the column `Record` holds numbers, but Holonet does not know what they are"
        );
        assert!(errors[0].help.as_deref().unwrap().contains("`W-L-D`"));
        // A column without a heading: give it one, or delete it.
        let errors = convert("Rank,Player,\n1,Tom,3\n", Family::Lcg, "ffg-2018").unwrap_err();
        assert_eq!(
            errors[0].message,
            "a column without a heading holds numbers, but Holonet does not know what they are"
        );
        assert!(
            errors[0]
                .help
                .as_deref()
                .unwrap()
                .contains("delete the column")
        );
        // Skipped on purpose: no error and no warning; the text column is still a warning.
        let mut skipping = options("swccg-2008");
        skipping.skip = vec!["opp win".into()];
        let imported = csv_to_event(
            Path::new("results.csv"),
            text,
            Family::Ccg,
            &skipping,
            &People::default(),
        )
        .unwrap();
        assert_eq!(
            warnings(&imported),
            [("the column `Deck` is left out", Some(22..26))]
        );
        assert!(!imported.text.contains("625"));
        // A --skip that names no column is refused.
        skipping.skip = vec!["SOS Tiebreak".into()];
        let errors = csv_to_event(
            Path::new("results.csv"),
            text,
            Family::Ccg,
            &skipping,
            &People::default(),
        )
        .unwrap_err();
        assert!(
            errors.iter().any(|e| e.message
                == "--skip \"SOS Tiebreak\" names no column of the heading line"),
            "{errors:?}"
        );
    }
}
