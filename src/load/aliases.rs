//! `players.toml` at the site root: one person known by several ids across events (a nickname
//! here, a full name there) gets one player page. Each entry names the id to keep and the ids
//! that mean the same person. A `[[distinct]]` entry says the opposite: its ids are different
//! people, so their close names get no hint (H019) that they may be one.
//!
//! ```toml
//! [[players]]
//! id = "zoe-achterberg"
//! aliases = ["zoe", "z-achterberg"]
//!
//! [[distinct]]
//! ids = ["corey-lauer", "cory-lauer"]
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::diag::{Code, Diagnostic};
use crate::event::ids::is_valid_id;
use crate::toml_reader::{Reader, Sp};

/// The alias file's name.
pub const FILE: &str = "players.toml";

/// Alias id -> the id to keep.
pub(crate) type Aliases = BTreeMap<String, String>;

/// `id` when it is a player id; otherwise reported at its place, and `None`. An id in
/// `players.toml` names a player's page folder and its links, as an event's ids do.
fn checked_id(reader: &mut Reader<'_>, id: Sp<String>) -> Option<Sp<String>> {
    if is_valid_id(&id.value) {
        return Some(id);
    }
    reader
        .error(
            Code::BadId,
            id.span.clone(),
            format!("`{}` is not a player id", id.value),
        )
        .help = Some("write the id as events use it: lower-case letters, digits and `-`".into());
    None
}

/// The id whose page shows the person `id` names: the kept id when `id` is an alias.
pub(crate) fn kept_id<'a>(aliases: &'a Aliases, id: &'a str) -> &'a str {
    aliases.get(id).map_or(id, String::as_str)
}

/// Everything `players.toml` says: who is one person, and who is not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PlayersFile {
    pub(crate) aliases: Aliases,
    /// Each `[[distinct]]` entry's ids, as kept ids: people whose close names are no slip.
    pub(crate) distinct: Vec<BTreeSet<String>>,
}

impl PlayersFile {
    /// Whether `players.toml` says that the people of the kept ids `a` and `b` are two.
    pub(crate) fn are_distinct(&self, a: &str, b: &str) -> bool {
        self.distinct
            .iter()
            .any(|ids| ids.contains(a) && ids.contains(b))
    }
}

/// Reads `root/players.toml` if there is one. Errors come back with the file's text.
pub(crate) fn load_file(root: &Path) -> Result<PlayersFile, (Vec<Diagnostic>, Option<String>)> {
    let full = root.join(FILE);
    let shown = Path::new(FILE);
    if !crate::paths::expect_kind(&full, shown, crate::paths::Kind::File)
        .map_err(|d| (vec![d], None))?
    {
        return Ok(PlayersFile::default());
    }
    let text = crate::text_file::read_text(&full, shown).map_err(|d| (vec![d], None))?;
    parse(&text).map_err(|d| (d, Some(text)))
}

/// Parses the alias file's text.
pub(crate) fn parse(text: &str) -> Result<PlayersFile, Vec<Diagnostic>> {
    let shown = Path::new(FILE);
    let mut reader = Reader::new(shown);
    let Some(doc) = reader.parse(text) else {
        return Err(reader.diagnostics);
    };
    let top = reader.table(doc.get_ref(), 0..0, FILE, &["players", "distinct"]);
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
                .and_then(|id| checked_id(&mut reader, id))
            else {
                continue;
            };
            kept.push(id.clone());
            let Some(list) = f.get("aliases") else {
                continue;
            };
            for item in reader.array(list, "`aliases`") {
                let Some(alias) = reader
                    .string(item, "each alias")
                    .and_then(|alias| checked_id(&mut reader, alias))
                else {
                    continue;
                };
                if aliases
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
    let mut distinct = Vec::new();
    if let Some(list) = top.get("distinct") {
        for item in reader.array(list, "`distinct`") {
            let Some(table) = reader.as_table(item, "each `[[distinct]]` entry") else {
                continue;
            };
            let f = reader.table(table, item.span(), "this `[[distinct]]` entry", &["ids"]);
            let Some(list) = f.require(&mut reader, "ids", "[\"corey-lauer\", \"cory-lauer\"]")
            else {
                continue;
            };
            let mut ids = BTreeMap::new();
            for item in reader.array(list, "`ids`") {
                let Some(id) = reader
                    .string(item, "each id")
                    .and_then(|id| checked_id(&mut reader, id))
                else {
                    continue;
                };
                // Ids joined above are one person: they cannot also be two.
                let kept = kept_id(&aliases, &id.value).to_string();
                if let Some(other) = ids.insert(kept.clone(), id.value.clone()) {
                    reader
                        .error(
                            Code::Conflict,
                            id.span.clone(),
                            format!(
                                "`{}` and `{other}` are one person in this file's `[[players]]`, so they cannot be distinct",
                                id.value
                            ),
                        )
                        .help = Some(format!(
                        "remove `{}` from this list, or from the `[[players]]` entry of `{kept}`",
                        id.value
                    ));
                }
            }
            if ids.len() < 2 {
                reader
                    .error(
                        Code::InvalidValue,
                        list.span(),
                        "a `[[distinct]]` entry needs at least two ids",
                    )
                    .help = Some(
                    "list the ids of the people whose names are close, such as ids = [\"corey-lauer\", \"cory-lauer\"]"
                        .into(),
                );
            }
            distinct.push(ids.into_keys().collect());
        }
    }
    if reader.diagnostics.iter().any(Diagnostic::is_error) {
        Err(reader.diagnostics)
    } else {
        Ok(PlayersFile { aliases, distinct })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_map_to_the_kept_id() {
        let aliases = parse("[[players]]\nid = \"zoe-achterberg\"\naliases = [\"zoe\", \"z-a\"]\n")
            .expect("valid")
            .aliases;
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

    #[test]
    fn distinct_ids_are_two_people_and_never_joined_ones() {
        let file = parse(
            "[[distinct]]\nids = [\"corey-lauer\", \"cory-lauer\"]\n\n[[players]]\nid = \"zoe\"\naliases = [\"z\"]\n\n[[distinct]]\nids = [\"z\", \"zed\"]\n",
        )
        .expect("valid");
        assert!(file.are_distinct("cory-lauer", "corey-lauer"));
        assert!(
            file.are_distinct("zoe", "zed"),
            "an alias counts as its kept id"
        );
        assert!(!file.are_distinct("corey-lauer", "zed"));
        let errors = parse("[[players]]\nid = \"zoe\"\naliases = [\"z\"]\n\n[[distinct]]\nids = [\"z\", \"zoe\"]\n")
            .expect_err("one person cannot be two");
        assert!(
            errors
                .iter()
                .any(|d| d.code == Code::Conflict
                    && d.message.contains("`zoe` and `z` are one person")),
            "{errors:?}"
        );
        let errors = parse("[[distinct]]\nids = [\"solo\"]\n").expect_err("one id");
        assert!(errors[0].message.contains("at least two ids"), "{errors:?}");
    }
}
