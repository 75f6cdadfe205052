//! `holonet import`: turns a CSV of final standings (rank, player, the ruleset's scores, notes)
//! into an event file known only by its results, with a `[[players]]` entry and a
//! `[[standings]]` row per line. Every problem in the CSV is reported at its line and column,
//! and nothing is written unless the whole file converts and the result validates.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

use super::ids::{id_from_name, is_valid_id};
use crate::diag::{Code, Diagnostic, did_you_mean};
use crate::rules::Family;
use crate::toml_reader::Date;

/// What the command line says about the event (a CSV of standings holds only the rows).
#[derive(Debug, Clone)]
pub struct ImportOptions {
    pub name: String,
    pub date: Date,
    pub rules: String,
    pub format: Option<String>,
    pub tier: Option<String>,
    pub location: Option<String>,
}

/// A CSV cell and where it is in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cell {
    text: String,
    span: Range<usize>,
}

/// The columns `import` reads, each with the headings it accepts (compared without case, with
/// spaces and hyphens read as `_`).
const COLUMNS: &[(&str, &[&str])] = &[
    ("rank", &["rank", "place", "position"]),
    ("player", &["player", "name"]),
    ("id", &["id"]),
    ("points", &["points", "tournament_points", "tp"]),
    ("victory_points", &["victory_points", "vp"]),
    ("differential", &["differential", "diff"]),
    ("wins", &["wins", "won"]),
    ("losses", &["losses", "lost"]),
    ("draws", &["draws", "drawn", "ties"]),
    ("note", &["note", "notes"]),
];

/// Splits CSV text (RFC 4180: commas, double-quoted cells with `""` for a quote, CRLF or LF)
/// into rows of cells with their byte spans. Blank lines are skipped.
fn parse_csv(file: &Path, text: &str) -> Result<Vec<Vec<Cell>>, Diagnostic> {
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
            if !matches!(bytes.get(i), None | Some(b',' | b'\n' | b'\r')) {
                return Err(Diagnostic::error(
                    Code::Syntax,
                    file,
                    Some(i..i + 1),
                    "text after the closing quote of a cell",
                )
                .with_help("put the whole cell inside the quotes, or add the missing comma"));
            }
        } else {
            while let Some(&b) = bytes.get(i) {
                if matches!(b, b',' | b'\n' | b'\r') {
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
            Some(b',') => i += 1,
            end => {
                if row.len() > 1 || !row[0].text.is_empty() {
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

/// A heading in the form the column table uses.
fn heading_key(heading: &str) -> String {
    heading.trim().to_lowercase().replace([' ', '-'], "_")
}

/// One converted row.
struct Row {
    rank: u32,
    name: String,
    id: Option<String>,
    numbers: Vec<(&'static str, i64)>,
    note: Option<String>,
}

/// Converts the CSV `text` of `file` into the text of an event file. Returns every problem
/// found (with spans into `text`) when the CSV cannot be converted.
pub fn csv_to_event(
    file: &Path,
    text: &str,
    family: Family,
    options: &ImportOptions,
) -> Result<String, Vec<Diagnostic>> {
    let rows = parse_csv(file, text).map_err(|d| vec![d])?;
    let mut problems = Vec::new();
    let Some((header, body)) = rows.split_first() else {
        return Err(vec![
            Diagnostic::error(Code::MissingField, file, None, "the CSV file is empty")
                .with_help("start with a heading line such as `rank,player,points`"),
        ]);
    };
    // Which column of the file feeds which field.
    let mut columns: BTreeMap<&'static str, usize> = BTreeMap::new();
    let accepted: Vec<&str> = COLUMNS
        .iter()
        .flat_map(|(_, names)| names.iter().copied())
        .collect();
    for (index, cell) in header.iter().enumerate() {
        let key = heading_key(&cell.text);
        match COLUMNS
            .iter()
            .find(|(_, names)| names.contains(&key.as_str()))
        {
            Some((field, _)) if !columns.contains_key(field) => {
                columns.insert(field, index);
            }
            Some((field, _)) => problems.push(
                Diagnostic::error(
                    Code::Conflict,
                    file,
                    Some(cell.span.clone()),
                    format!("a second column for `{field}`"),
                )
                .with_help("keep one column per field"),
            ),
            None => {
                let mut d = Diagnostic::error(
                    Code::UnknownField,
                    file,
                    Some(cell.span.clone()),
                    format!("unknown column `{}`", cell.text),
                );
                d.help = Some(match did_you_mean(&key, accepted.iter().copied()) {
                    Some(close) => format!("did you mean `{close}`?"),
                    None => format!(
                        "use the headings {}",
                        COLUMNS
                            .iter()
                            .map(|(f, _)| format!("`{f}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                });
                problems.push(d);
            }
        }
    }
    let header_span = header.first().map_or(0..0, |c| {
        c.span.start..header.last().map_or(0, |c| c.span.end)
    });
    for required in ["rank", "player"] {
        if !columns.contains_key(required) {
            problems.push(
                Diagnostic::error(
                    Code::MissingField,
                    file,
                    Some(header_span.clone()),
                    format!("the heading line has no `{required}` column"),
                )
                .with_help("the first line names the columns: at least `rank` and `player`"),
            );
        }
    }
    for (field, _) in super::recorded::foreign_fields(family) {
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
    if !problems.is_empty() {
        return Err(problems);
    }

    let cell = |line: &[Cell], field: &str| -> Option<Cell> {
        let index = *columns.get(field)?;
        line.get(index).filter(|c| !c.text.is_empty()).cloned()
    };
    let line_end = |line: &[Cell]| line.last().map_or(0..0, |c| c.span.end..c.span.end);
    let mut converted: Vec<Row> = Vec::new();
    for line in body {
        if line.len() > header.len() {
            problems.push(
                Diagnostic::error(
                    Code::Syntax,
                    file,
                    Some(line[header.len()].span.clone()),
                    format!(
                        "this line has {} cells, but the heading line names {}",
                        line.len(),
                        header.len()
                    ),
                )
                .with_help("remove the extra cells, or quote a cell that holds a comma"),
            );
            continue;
        }
        let number =
            |field: &'static str, min: i64, problems: &mut Vec<Diagnostic>| -> Option<i64> {
                let c = cell(line, field)?;
                match c.text.trim_start_matches('+').parse::<i64>() {
                    Ok(n) if n >= min && n <= 100_000 => Some(n),
                    _ => {
                        problems.push(
                            Diagnostic::error(
                                Code::InvalidValue,
                                file,
                                Some(c.span.clone()),
                                format!("`{field}` must be a whole number, not `{}`", c.text),
                            )
                            .with_help(if min < 0 {
                                "write a whole number such as 28 or -4".to_string()
                            } else {
                                format!("write a whole number from {min}, or leave the cell empty")
                            }),
                        );
                        None
                    }
                }
            };
        let rank = match cell(line, "rank") {
            Some(_) => number("rank", 1, &mut problems),
            None => {
                problems.push(
                    Diagnostic::error(
                        Code::MissingField,
                        file,
                        Some(line_end(line)),
                        "this line has no rank",
                    )
                    .with_help(
                        "give every line its place, 1 for the winner; tied players share one",
                    ),
                );
                None
            }
        };
        let name = cell(line, "player");
        if name.is_none() {
            problems.push(
                Diagnostic::error(
                    Code::MissingField,
                    file,
                    Some(line_end(line)),
                    "this line has no player name",
                )
                .with_help("give every line the player's name"),
            );
        }
        let id = cell(line, "id");
        if let Some(id) = &id
            && !is_valid_id(&id.text)
        {
            problems.push(
                Diagnostic::error(
                    Code::BadId,
                    file,
                    Some(id.span.clone()),
                    format!("`{}` cannot be a player id", id.text),
                )
                .with_help(format!(
                    "use lower-case letters, digits and `-`, such as `{}`",
                    id_from_name(&id.text)
                )),
            );
        }
        let mut numbers = Vec::new();
        for field in ["points", "victory_points", "wins", "losses", "draws"] {
            if let Some(n) = number(field, 0, &mut problems) {
                numbers.push((field, n));
            }
        }
        if let Some(n) = number("differential", -100_000, &mut problems) {
            numbers.push(("differential", n));
        }
        if let (Some(rank), Some(name)) = (rank, name) {
            converted.push(Row {
                rank: rank as u32,
                name: name.text,
                id: id.map(|c| c.text),
                numbers,
                note: cell(line, "note").map(|c| c.text),
            });
        }
    }
    if converted.is_empty() && problems.is_empty() {
        problems.push(
            Diagnostic::error(
                Code::MissingField,
                file,
                Some(header_span),
                "the CSV file has no standings below its heading line",
            )
            .with_help("add one line per player: rank, name and scores"),
        );
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // Published standings are sometimes sorted by name; the event file lists them best first.
    converted.sort_by_key(|r| r.rank);
    Ok(event_text(file, &mut converted, options))
}

/// Gives each row a player id (its own, or one made from the name, numbered when taken).
fn assign_ids(rows: &mut [Row]) {
    let mut taken: BTreeMap<String, u32> = rows
        .iter()
        .filter_map(|r| r.id.clone())
        .map(|id| (id, 1))
        .collect();
    for row in rows.iter_mut().filter(|r| r.id.is_none()) {
        let base = match id_from_name(&row.name) {
            id if id.is_empty() => "player".to_string(),
            id => id,
        };
        // A name such as "Con" gives a device name Windows reserves: numbered as if taken.
        if super::ids::is_reserved_name(&base) {
            taken.entry(base.clone()).or_insert(1);
        }
        let mut id = base.clone();
        while let Some(count) = taken.get_mut(&id) {
            *count += 1;
            id = format!("{base}-{count}");
        }
        taken.insert(id.clone(), 1);
        row.id = Some(id);
    }
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

fn event_text(source: &Path, rows: &mut [Row], options: &ImportOptions) -> String {
    assign_ids(rows);
    let mut out = String::new();
    let source_name = source.file_name().map_or_else(
        || source.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let _ = writeln!(
        out,
        "# {}: known only by its final standings, imported from {source_name}.",
        options.name
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
        let id = row.id.as_deref().unwrap_or_default();
        let _ = writeln!(out, "\n[[standings]]");
        let _ = writeln!(out, "rank = {}", row.rank);
        let _ = writeln!(out, "player = {}", quoted(id));
        for (field, n) in &row.numbers {
            let _ = writeln!(out, "{field} = {n}");
        }
        if let Some(note) = &row.note {
            let _ = writeln!(out, "note = {}", quoted(note));
        }
    }
    out
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
        }
    }

    fn convert(text: &str, family: Family, rules: &str) -> Result<String, Vec<Diagnostic>> {
        csv_to_event(Path::new("results.csv"), text, family, &options(rules))
    }

    #[test]
    fn cells_keep_their_spans_and_quotes() {
        let rows = parse_csv(Path::new("x.csv"), "a,\"b, \"\"c\"\"\"\r\n\n d ,e\n").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0][1].text, "b, \"c\"");
        assert_eq!(rows[0][1].span, 2..12);
        assert_eq!(rows[1][0].text, "d");
        assert_eq!(rows[1][0].span, 15..18);
    }

    #[test]
    fn an_unclosed_quote_is_reported_where_it_opens() {
        let error = parse_csv(Path::new("x.csv"), "a,b\n1,\"open\n").unwrap_err();
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
                "unknown column `playr` | did you mean `player`?",
                "unknown column `pionts` | did you mean `points`?",
                "the heading line has no `player` column | the first line names the columns: at least `rank` and `player`",
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
}
