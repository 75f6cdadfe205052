//! The entry of the event file a result is written into, found in the `toml_edit` document
//! (and made where the round has none yet), so that the file keeps its comments and layout.

use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, Value};

use super::place::Place;

/// A table's entry in the document, as a table-like value whichever way it is written. An
/// elimination game or Final Confrontation game the file does not list yet is added at the end.
pub(super) fn entry_mut(
    doc: &mut DocumentMut,
    place: Place,
) -> Result<&mut dyn toml_edit::TableLike, String> {
    let missing = || format!("cannot find {} in the file", place.describe());
    let (list, number_key, number): (&mut Item, &str, u32) = match place {
        Place::Swiss { round, table } | Place::Ccg { game: round, table } => {
            let rounds = doc
                .get_mut("rounds")
                .and_then(Item::as_array_of_tables_mut)
                .ok_or_else(missing)?;
            let entry = rounds.get_mut(round as usize - 1).ok_or_else(missing)?;
            (entry.get_mut("tables").ok_or_else(missing)?, "table", table)
        }
        Place::Elimination { game } => {
            let games = games_mut(doc, "elimination").ok_or_else(missing)?;
            if let Some(array) = games.as_array_mut()
                && !array
                    .iter()
                    .any(|v| number_of(v.as_inline_table(), "game") == Some(game))
            {
                let mut entry = InlineTable::new();
                entry.insert("game", Value::from(i64::from(game)));
                crate::edit::pair::push_line(array, Value::InlineTable(entry), None);
            }
            if let Some(tables) = games.as_array_of_tables_mut()
                && !tables
                    .iter()
                    .any(|t| t.get("game").and_then(Item::as_integer) == Some(i64::from(game)))
            {
                let mut entry = Table::new();
                entry.insert("game", toml_edit::value(i64::from(game)));
                tables.push(entry);
            }
            (games, "game", game)
        }
        Place::TeamFinal => {
            if doc.get("final").is_none() {
                doc.insert("final", Item::Table(Table::new()));
            }
            return doc
                .get_mut("final")
                .and_then(Item::as_table_like_mut)
                .ok_or_else(missing);
        }
        // The Final Confrontation's and the top cut's games are numbered by their place in
        // the list.
        Place::Final { game: number } | Place::TopCut { index: number, .. } => {
            let (table, index) = match place {
                Place::TopCut { .. } => ("top_cut", number as usize),
                _ => ("final", number as usize - 1),
            };
            let games = games_mut(doc, table).ok_or_else(missing)?;
            return match games {
                Item::Value(Value::Array(array)) => {
                    if array.len() == index {
                        crate::edit::pair::push_line(
                            array,
                            Value::InlineTable(InlineTable::new()),
                            None,
                        );
                    }
                    array
                        .get_mut(index)
                        .and_then(Value::as_inline_table_mut)
                        .map(|t| t as &mut dyn toml_edit::TableLike)
                        .ok_or_else(missing)
                }
                Item::ArrayOfTables(tables) => {
                    if tables.len() == index {
                        tables.push(Table::new());
                    }
                    tables
                        .get_mut(index)
                        .map(|t| t as &mut dyn toml_edit::TableLike)
                        .ok_or_else(missing)
                }
                _ => Err(missing()),
            };
        }
    };
    let wanted = Some(number);
    match list {
        Item::Value(Value::Array(array)) => array
            .iter_mut()
            .filter_map(Value::as_inline_table_mut)
            .find(|t| number_of(Some(&**t), number_key) == wanted)
            .map(|t| t as &mut dyn toml_edit::TableLike)
            .ok_or_else(missing),
        Item::ArrayOfTables(tables) => tables
            .iter_mut()
            .find(|t| {
                t.get(number_key)
                    .and_then(Item::as_integer)
                    .map(|n| n as u32)
                    == wanted
            })
            .map(|t| t as &mut dyn toml_edit::TableLike)
            .ok_or_else(missing),
        _ => Err(missing()),
    }
}

/// The `games` list of the top-level table `table` (`[elimination]` or `[final]`), both made
/// when the file has none yet.
pub(super) fn games_mut<'d>(doc: &'d mut DocumentMut, table: &str) -> Option<&'d mut Item> {
    let table = doc
        .entry(table)
        .or_insert_with(|| Item::Table(Table::new()))
        .as_table_like_mut()?;
    Some(
        table
            .entry("games")
            .or_insert(Item::Value(Value::Array(Array::new()))),
    )
}

pub(super) fn number_of(table: Option<&InlineTable>, key: &str) -> Option<u32> {
    table?
        .get(key)?
        .as_integer()
        .and_then(|n| u32::try_from(n).ok())
}
