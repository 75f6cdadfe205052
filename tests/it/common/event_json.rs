//! Reading `event.json` as a tool would: the rows that format 4 writes as lists of values under
//! named `columns` (a round's tables, the standings after a round) as objects keyed by column,
//! so that the tests name the facts they check.

use serde_json::{Map, Value, json};

/// `rows`, each an object keyed by `columns`; a value the row leaves out (its trailing nulls)
/// is absent, which indexing reads as null.
fn keyed(columns: &Value, rows: &Value) -> Vec<Value> {
    let columns = columns.as_array().expect("columns");
    rows.as_array()
        .map(|rows| {
            rows.iter()
                .map(|row| {
                    let row = row.as_array().expect("a row is a list");
                    assert!(row.len() <= columns.len(), "{row:?} fits {columns:?}");
                    let keyed: Map<String, Value> = columns
                        .iter()
                        .zip(row)
                        .map(|(c, v)| (c.as_str().expect("a column's name").to_string(), v.clone()))
                        .collect();
                    Value::Object(keyed)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The tables of round `round` (1-based) as objects, a seat (`first_dark`, a game's winner, a
/// forfeiting player) given as the player's id and each game as `{winner, by}`.
pub fn tables(doc: &Value, round: usize) -> Vec<Value> {
    let round = &doc["rounds"][round - 1];
    keyed(&round["columns"], &round["tables"])
        .into_iter()
        .map(|mut t| {
            let players = t["players"].clone();
            let id = |seat: &Value| match seat.as_u64() {
                Some(s) => players[s as usize].clone(),
                None => Value::Null,
            };
            t["first_dark"] = id(&t["first_dark"]);
            if let Some(games) = t["games"].as_array() {
                t["games"] = games
                    .iter()
                    .map(|g| json!({ "winner": id(&g[0]), "by": g.get(1) }))
                    .collect();
            }
            if t["forfeit"].is_object() {
                t["forfeit"]["player"] = id(&t["forfeit"]["seat"]);
            }
            t
        })
        .collect()
}

/// The latest standings (the last entry of `standings_by_round`), keyed by their columns.
pub fn standings(doc: &Value) -> Vec<Value> {
    doc["standings_by_round"]
        .as_array()
        .and_then(|entries| entries.last())
        .map(|entry| keyed(&entry["columns"], &entry["rows"]))
        .unwrap_or_default()
}
