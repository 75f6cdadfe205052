//! `players.toml` at the site root: one person known by several ids across events (a nickname
//! here, a full name there) gets one player page. Each entry names the id to keep and the ids
//! that mean the same person.
//!
//! ```toml
//! [[players]]
//! id = "zoe-achterberg"
//! aliases = ["zoe", "z-achterberg"]
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use crate::diag::{Code, Diagnostic};
use crate::event::ids::is_valid_id;
use crate::toml_reader::Reader;

/// The alias file's name.
pub const FILE: &str = "players.toml";

/// Alias id -> the id to keep.
pub type Aliases = BTreeMap<String, String>;

/// Reads `root/players.toml` if there is one. Errors come back with the file's text.
pub fn load(root: &Path) -> Result<Aliases, (Vec<Diagnostic>, Option<String>)> {
    let full = root.join(FILE);
    let shown = Path::new(FILE);
    if !crate::paths::expect_kind(&full, shown, crate::paths::Kind::File)
        .map_err(|d| (vec![d], None))?
    {
        return Ok(Aliases::new());
    }
    let text = crate::text_file::read_text(&full, shown).map_err(|d| (vec![d], None))?;
    parse(&text).map_err(|d| (d, Some(text)))
}

/// Parses the alias file's text.
pub fn parse(text: &str) -> Result<Aliases, Vec<Diagnostic>> {
    let shown = Path::new(FILE);
    let mut reader = Reader::new(shown);
    let Some(doc) = reader.parse(text) else {
        return Err(reader.diagnostics);
    };
    let top = reader.table(doc.get_ref(), 0..0, FILE, &["players"]);
    let mut aliases = Aliases::new();
    let mut kept = Vec::new();
    if let Some(list) = top.get("players") {
        for item in reader.array(list, "`players`") {
            let Some(table) = reader.as_table(item, "each `[[players]]` entry") else {
                continue;
            };
            let f = reader.table(
                table,
                item.span(),
                "this `[[players]]` entry",
                &["id", "aliases"],
            );
            let Some(id) = f
                .require(&mut reader, "id", "\"zoe-achterberg\"")
                .and_then(|v| reader.string(v, "`id`"))
            else {
                continue;
            };
            // The id names a player's page folder and its links, as an event's ids do.
            if !is_valid_id(&id.value) {
                reader
                    .error(
                        Code::BadId,
                        id.span.clone(),
                        format!("`{}` is not a player id", id.value),
                    )
                    .help = Some(
                    "write the id as events use it: lower-case letters, digits and `-`".into(),
                );
                continue;
            }
            kept.push(id.clone());
            let Some(list) = f.get("aliases") else {
                continue;
            };
            for item in reader.array(list, "`aliases`") {
                let Some(alias) = reader.string(item, "each alias") else {
                    continue;
                };
                if !is_valid_id(&alias.value) {
                    reader
                        .error(
                            Code::BadId,
                            alias.span.clone(),
                            format!("`{}` is not a player id", alias.value),
                        )
                        .help = Some(
                        "write the id as events use it: lower-case letters, digits and `-`".into(),
                    );
                } else if aliases
                    .insert(alias.value.clone(), id.value.clone())
                    .is_some()
                {
                    reader
                        .error(
                            Code::Conflict,
                            alias.span.clone(),
                            format!("`{}` is an alias of two players", alias.value),
                        )
                        .help = Some("list each alias under one player only".into());
                }
            }
        }
    }
    // An id kept for one person cannot also be another's alias: its events would go to both.
    for id in &kept {
        if let Some(owner) = aliases.get(&id.value).filter(|owner| **owner != id.value) {
            reader
                .error(
                    Code::Conflict,
                    id.span.clone(),
                    format!(
                        "`{}` is kept as a player's id and is also an alias of `{owner}`",
                        id.value
                    ),
                )
                .help = Some(format!(
                "keep `{}` in one place: as this entry's id, or among `{owner}`'s aliases",
                id.value
            ));
        }
    }
    if reader.diagnostics.iter().any(Diagnostic::is_error) {
        Err(reader.diagnostics)
    } else {
        Ok(aliases)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_map_to_the_kept_id() {
        let aliases = parse("[[players]]\nid = \"zoe-achterberg\"\naliases = [\"zoe\", \"z-a\"]\n")
            .expect("valid");
        assert_eq!(
            aliases.get("zoe").map(String::as_str),
            Some("zoe-achterberg")
        );
        assert_eq!(aliases.len(), 2);
        assert!(parse("[[players]]\nid = \"a\"\naliases = [\"b\"]\n[[players]]\nid = \"c\"\naliases = [\"b\"]\n").is_err());
        assert!(parse("[[players]]\nid = \"a\"\naliases = [\"Not An Id\"]\n").is_err());
    }

    #[test]
    fn a_kept_id_must_be_an_id_and_no_other_players_alias() {
        for bad in ["<b>x</b>", "a/b", "../up", ".hidden", "con", "x?y#z", "Zoe"] {
            let errors =
                parse(&format!("[[players]]\nid = \"{bad}\"\naliases = [\"b\"]\n")).expect_err(bad);
            assert!(
                errors
                    .iter()
                    .any(|d| d.code == Code::BadId && d.span.is_some()),
                "{bad}: {errors:?}"
            );
        }
        let errors = parse("[[players]]\nid = \"a\"\naliases = [\"b\"]\n[[players]]\nid = \"b\"\naliases = [\"c\"]\n")
            .expect_err("b is both");
        assert!(errors.iter().any(|d| {
            d.code == Code::Conflict
                && d.message
                    .contains("`b` is kept as a player's id and is also an alias of `a`")
        }));
    }
}
