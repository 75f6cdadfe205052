//! The columns a table of standings may have, and the headings people publish them under
//! (`Place`, `TP`, `VP (diff)`, ...), read without case or punctuation.

use crate::rules::Family;

/// The columns `import` reads, each with the headings it accepts (compared without case, with
/// spaces and hyphens read as `_`).
/// A seed is never a place: `seed` is the seed the player entered the cut with. `total` is the
/// ruleset's score: `points` in SW:LCG, `victory_points` in SW:CCG (see [`field_of`]).
pub(super) const COLUMNS: &[(&str, &[&str])] = &[
    ("rank", &["rank", "place", "position", "pos", "finish", "#"]),
    ("seed", &["seed"]),
    ("player", &["player", "name"]),
    ("id", &["id"]),
    ("points", &["points", "tournament_points", "tp", "total"]),
    (
        "victory_points",
        &[
            "victory_points",
            "vp",
            "vp_diff",
            "vp_differential",
            "victory_points_differential",
            "points_diff",
            "points_differential",
            "total",
        ],
    ),
    ("differential", &["differential", "diff"]),
    ("wins", &["wins", "won", "w"]),
    ("losses", &["losses", "lost", "l"]),
    ("draws", &["draws", "drawn", "ties", "d", "t"]),
    ("note", &["note", "notes"]),
];

/// The headings accepted for the columns `fields`, in words: "`rank` may be headed `place`,
/// ...; `player` ...".
pub(super) fn headings_accepted(fields: &[&str]) -> String {
    COLUMNS
        .iter()
        .filter(|(field, _)| fields.contains(field))
        .map(|(field, names)| {
            let others: Vec<String> = names
                .iter()
                .filter(|name| name != &field)
                .map(|name| format!("`{name}`"))
                .collect();
            format!("`{field}` may be headed {}", others.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A heading in the form the column table uses: lower case, each run of other characters than
/// letters and digits one `_` (`VP (Diff)` is `vp_diff`, `W;L;D` is `w_l_d`).
pub(super) fn heading_key(heading: &str) -> String {
    // `#` alone is a common heading of the place column.
    if heading.trim() == "#" {
        return "#".to_string();
    }
    heading
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

/// The field a heading (as [`heading_key`] gives it) names in an event of `family`: `total` is
/// the ruleset's score, any other heading the first field that accepts it.
pub(super) fn field_of(key: &str, family: Family) -> Option<&'static str> {
    if key == "total" {
        return Some(match family {
            Family::Lcg => "points",
            Family::Ccg => "victory_points",
        });
    }
    COLUMNS
        .iter()
        .find(|(_, names)| names.contains(&key))
        .map(|(field, _)| *field)
}
