//! Templates: the built-in default look, overridden by the site's `templates/`, overridden in
//! turn by `themes/<theme>/templates/`. Static files follow the same order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use tera::Tera;

use super::addresses::{EVENTS_RECORD, MANIFEST, PAGES_RECORD};
use super::escape;
use crate::builtin::{
    BUILTIN_THEMES, DEFAULT_FILES, TEMPLATE_FIELDS_VERSION, look_file, read_copy_mark,
};
use crate::diag::{Code, Diagnostic};
use crate::limits::MAX_STATIC_BYTES;

/// A file of the look (template or static file): where it came from and what it holds.
#[derive(Debug, Clone)]
pub struct LayerFile {
    /// As shown in messages: `static/logo.png`, or `(built-in)/static/style.css`.
    pub(crate) source: PathBuf,
    pub(crate) content: Content,
}

/// What a layer file holds. A site's own files are not read when the site is loaded: a static
/// file is copied into the output by streaming (a site's photos and fonts never sit in memory
/// together), and a template is read when templates are loaded.
#[derive(Debug, Clone)]
pub(crate) enum Content {
    /// A built-in file, compiled into Holonet.
    BuiltIn(&'static [u8]),
    /// A file of the site or its theme, at this path (the site root joined with `source`).
    OnDisk(PathBuf),
}

impl LayerFile {
    /// The file's bytes, read whole (templates, and stores that keep files in memory).
    pub(crate) fn read(&self) -> Result<Vec<u8>, Diagnostic> {
        match &self.content {
            Content::BuiltIn(bytes) => Ok(bytes.to_vec()),
            Content::OnDisk(full) => std::fs::read(full).map_err(|e| {
                Diagnostic::error(
                    Code::Io,
                    &self.source,
                    None,
                    format!("cannot read this file: {e}"),
                )
                .with_help("check that it is readable")
            }),
        }
    }
}

/// Names the output's own records use (the manifest, the events' and pages' reuse records):
/// a site file of that name would overwrite or be mistaken for them.
const RESERVED_OUTPUT: [&str; 3] = [MANIFEST, EVENTS_RECORD, PAGES_RECORD];

/// Collects the files under `dir` of each layer (built-in, site, theme), later layers winning.
/// Keys are paths relative to `dir`, with `/` separators.
pub(crate) fn layered(
    root: &Path,
    theme: Option<&str>,
    dir: &str,
) -> Result<BTreeMap<String, LayerFile>, Diagnostic> {
    let mut files = BTreeMap::new();
    let prefix = format!("{dir}/");
    for (path, text) in DEFAULT_FILES {
        if let Some(rel) = path.strip_prefix(&prefix) {
            files.insert(
                rel.to_string(),
                LayerFile {
                    source: PathBuf::from("(built-in)").join(path),
                    content: Content::BuiltIn(text.as_bytes()),
                },
            );
        }
    }
    let mut layers = vec![PathBuf::from(dir)];
    let mut builtin_theme = Vec::new();
    if let Some(theme) = theme {
        let theme_dir = Path::new("themes").join(theme);
        crate::paths::refuse_link(&root.join("themes"), Path::new("themes"))?;
        crate::paths::refuse_link(&root.join(&theme_dir), &theme_dir)?;
        if root.join(&theme_dir).is_dir() {
            layers.push(theme_dir.join(dir));
        } else {
            let prefix = format!("{theme}/{dir}/");
            builtin_theme = BUILTIN_THEMES
                .iter()
                .filter_map(|(path, text)| Some((path.strip_prefix(&prefix)?, path, text)))
                .collect();
            if !BUILTIN_THEMES
                .iter()
                .any(|(path, _)| path.starts_with(&format!("{theme}/")))
            {
                return Err(missing_theme(theme));
            }
        }
    }
    for layer in layers {
        // A folder named like one of Holonet's own files (`templates/base.html/`) would be
        // skipped, and the built-in file used, without a word.
        for rel in files.keys() {
            let shown = layer.join(rel);
            crate::paths::expect_kind(&root.join(&shown), &shown, crate::paths::Kind::File)?;
        }
        for full in crate::paths::site_files(root, &layer)? {
            let rel = full.strip_prefix(root.join(&layer)).unwrap_or(&full);
            let key = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let shown = full.strip_prefix(root).unwrap_or(&full).to_path_buf();
            let reserved = RESERVED_OUTPUT
                .iter()
                .copied()
                .find(|r| key == *r || key.starts_with(&format!("{r}/")))
                .or_else(|| key.ends_with(".holonet-tmp").then_some(".holonet-tmp"));
            if let Some(reserved) = reserved {
                return Err(Diagnostic::error(
                    Code::UnsafePath,
                    &shown,
                    None,
                    format!(
                        "`{reserved}` is a name Holonet keeps for its own records in the output"
                    ),
                )
                .with_help(
                    "rename or remove this file; the built site can have no file of that name",
                ));
            }
            let size = std::fs::metadata(&full).map_or(0, |m| m.len());
            if size > MAX_STATIC_BYTES {
                return Err(Diagnostic::error(
                    Code::Limit,
                    &shown,
                    None,
                    format!(
                        "this file is {size} bytes, more than the {MAX_STATIC_BYTES} a static file or template may have"
                    ),
                )
                .with_help("make it smaller (a compressed image or video), or host it elsewhere and link to it"));
            }
            files.insert(
                key,
                LayerFile {
                    source: shown,
                    content: Content::OnDisk(full),
                },
            );
        }
    }
    // A built-in theme goes above the site's own files, as a theme folder would.
    for (rel, path, text) in builtin_theme {
        files.insert(
            rel.to_string(),
            LayerFile {
                source: PathBuf::from("(built-in)/themes").join(path),
                content: Content::BuiltIn(text.as_bytes()),
            },
        );
    }
    Ok(files)
}

/// A warning for each of the site's (or its theme's) files in `files` (the layers of `dir`,
/// `templates` or `static`) that is a copy of a built-in file (its first line says so, as
/// `holonet customize` writes it) made from another release's text: the copy replaces this
/// release's built-in, whose changes it does not have. With the files' texts, for the report.
pub(crate) fn outdated_copies(
    files: &BTreeMap<String, LayerFile>,
    dir: &str,
) -> (Vec<Diagnostic>, Vec<(PathBuf, String)>) {
    let mut warnings = Vec::new();
    let mut sources = Vec::new();
    for (key, file) in files {
        let Content::OnDisk(full) = &file.content else {
            continue;
        };
        let Some(first_line) = first_line(full) else {
            continue;
        };
        let Some(mark) = read_copy_mark(&first_line) else {
            continue;
        };
        let (copied, fingerprint) = (mark.path, mark.fingerprint);
        let path = format!("{dir}/{key}");
        let current = look_file(copied).map(crate::builtin::fingerprint);
        if current.as_deref() == Some(fingerprint) {
            continue;
        }
        // What changed for a template: the fields it is given, when their version moved.
        let fields = match mark.fields_version {
            Some(version) if version != TEMPLATE_FIELDS_VERSION => format!(
                "; the fields templates are given changed too, from version {version} to {TEMPLATE_FIELDS_VERSION} (docs/templates/ says what changed)"
            ),
            Some(_) => format!(
                "; the fields templates are given are the same (version {TEMPLATE_FIELDS_VERSION})"
            ),
            None if dir == "templates" => format!(
                "; the fields templates are given are version {TEMPLATE_FIELDS_VERSION} (docs/templates/ lists them)"
            ),
            None => String::new(),
        };
        let message = match &current {
            Some(current) => format!(
                "this copy of the built-in {copied} was made from another release's (fingerprint {fingerprint}; this release's is {current}): it replaces this release's, whose changes the site does not get{fields}"
            ),
            None => {
                format!("this is a copy of the built-in {copied}, which this release no longer has")
            }
        };
        let help = match &current {
            Some(_) => format!(
                "compare it with this release's (`holonet customize --show {copied}` prints it), carry your changes over, and give it this release's first line (as `holonet customize {copied}` writes it in a new copy); or delete it to use the built-in"
            ),
            None => format!("check what {path} still does, or delete it"),
        };
        warnings.push(
            Diagnostic::warning(
                Code::Template,
                &file.source,
                Some(0..first_line.len()),
                message,
            )
            .with_help(help),
        );
        sources.push((file.source.clone(), first_line));
    }
    (warnings, sources)
}

/// The first line of the file at `full` (at most 1 KiB of it), if it is text.
fn first_line(full: &Path) -> Option<String> {
    use std::io::Read;
    let mut head = Vec::with_capacity(1024);
    std::fs::File::open(full)
        .ok()?
        .take(1024)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    Some(text.lines().next()?.to_string())
}

/// The error for a `theme` that is neither in `themes/` nor built in.
fn missing_theme(theme: &str) -> Diagnostic {
    let built_in: BTreeSet<&str> = BUILTIN_THEMES
        .iter()
        .filter_map(|(path, _)| path.split('/').next())
        .collect();
    let names: Vec<String> = built_in.iter().map(|n| format!("\"{n}\"")).collect();
    Diagnostic::error(
        Code::Config,
        Path::new(crate::config::FILE),
        None,
        format!("theme `{theme}` is not in themes/, nor built in"),
    )
    .with_help(format!(
        "create themes/{theme}/ (with templates/ and static/), use a built-in theme ({}), or remove `theme`",
        names.join(", ")
    ))
}

/// Loads every template. Errors name the template file.
pub(crate) fn load_templates(files: &BTreeMap<String, LayerFile>) -> Result<Tera, Vec<Diagnostic>> {
    let mut sources = Vec::new();
    let mut diagnostics = Vec::new();
    for (name, file) in files {
        let bytes = match file.read() {
            Ok(bytes) => bytes,
            Err(d) => {
                diagnostics.push(d);
                continue;
            }
        };
        match String::from_utf8(bytes) {
            Ok(text) => sources.push((name.clone(), text)),
            Err(_) => diagnostics.push(
                Diagnostic::error(
                    Code::Template,
                    &file.source,
                    None,
                    "this template is not UTF-8 text",
                )
                .with_help("save it as UTF-8"),
            ),
        }
    }
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    let mut tera = Tera::default();
    tera.autoescape_on(vec![".html", ".xml"]);
    tera.set_escape_fn(escape::html);
    tera.register_filter("grouped", super::numbers::grouped_filter);
    tera.add_raw_templates(sources).map_err(|e| {
        let name = template_in_error(&e);
        let source = name
            .and_then(|n| files.get(&n))
            .map_or_else(|| PathBuf::from("templates"), |f| f.source.clone());
        vec![
            Diagnostic::error(
                Code::Template,
                &source,
                None,
                format!("this template cannot be loaded: {}", error_chain(&e)),
            )
            .with_help("fix the template syntax (see the Tera documentation for tags and filters)"),
        ]
    })?;
    Ok(tera)
}

/// Tera's error with its causes, on one line.
pub(crate) fn error_chain(e: &tera::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

fn template_in_error(e: &tera::Error) -> Option<String> {
    let text = error_chain(e);
    let start = text.find('\'')? + 1;
    let end = text[start..].find('\'')? + start;
    Some(text[start..end].to_string())
}

#[cfg(test)]
mod tests {
    use super::DEFAULT_FILES;

    /// The built-in files whose path starts with `prefix` and ends with `suffix`.
    fn files(prefix: &str, suffix: &str) -> Vec<(&'static str, &'static str)> {
        DEFAULT_FILES
            .iter()
            .filter(|(path, _)| path.starts_with(prefix) && path.ends_with(suffix))
            .copied()
            .collect()
    }

    /// The Tera tags (`{% ... %}`) of a template, each with its line.
    fn tera_tags(text: &str) -> Vec<(usize, &str)> {
        let mut tags = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find("{%") {
            let end = rest[start..]
                .find("%}")
                .map_or(rest.len(), |e| start + e + 2);
            let line = text[..text.len() - rest.len() + start]
                .matches('\n')
                .count()
                + 1;
            tags.push((line, &rest[start..end]));
            rest = &rest[end..];
        }
        tags
    }

    /// Templates decide from the views' typed fields (`game`, `side`, `status`, `stage`), never
    /// by reading a ruleset's id or address or a row's label or name: a ruleset renamed, a label
    /// reworded or a theme's own wording would silently change what a page shows.
    #[test]
    fn templates_do_not_decide_from_ids_or_labels() {
        const STRING_TESTS: [&str; 3] = ["containing(", "starting_with(", "ending_with("];
        // A field or macro argument holding a printed name, an id or an address.
        const NAMED_FIELDS: [&str; 5] = ["label", "name", "_id", "url", "affiliation"];
        let mut found = Vec::new();
        for (path, text) in files("templates/", ".html") {
            for (line, tag) in tera_tags(text) {
                let string_test = STRING_TESTS.iter().any(|t| tag.contains(t));
                let compares_named =
                    tag.match_indices("==")
                        .chain(tag.match_indices("!="))
                        .any(|(at, _)| {
                            let (before, after) = (&tag[..at], &tag[at + 2..]);
                            after.trim_start().starts_with('"')
                                && NAMED_FIELDS.iter().any(|f| before.trim_end().ends_with(f))
                        });
                if string_test || compares_named {
                    found.push(format!("{path}:{line}: {tag}"));
                }
            }
        }
        assert!(
            found.is_empty(),
            "give the view a typed field instead:\n{}",
            found.join("\n")
        );
    }

    /// On a phone a `cards` table shows each cell beside its column's name, read from the cell's
    /// `data-label` by one style-sheet rule: a cell without one would show no name, and a name
    /// placed by column position would follow the position, not the column.
    #[test]
    fn every_phone_labelled_cell_names_its_column() {
        let mut unnamed = Vec::new();
        for (path, text) in files("templates/", ".html") {
            // The events indexes' rows are rendered on their own, then placed in a cards table.
            let mut cells_in_cards: Vec<&str> = if path == "templates/event_row.html" {
                vec![text]
            } else {
                Vec::new()
            };
            let mut rest = text;
            while let Some(start) = rest.find("<table") {
                let table = &rest[start..];
                let end = table.find("</table>").unwrap_or(table.len());
                let open = &table[..table.find('>').unwrap_or(end)];
                if open.contains("\"cards") || open.contains(" cards") {
                    cells_in_cards.push(&table[..end]);
                }
                rest = &table[end..];
            }
            for body in cells_in_cards {
                for cell in body.split("<td").skip(1) {
                    let open = &cell[..cell.find('>').unwrap_or(cell.len())];
                    if !open.contains("data-label=") && !open.contains("card-title") {
                        unnamed.push(format!("{path}: <td{open}>"));
                    }
                }
            }
        }
        assert!(
            unnamed.is_empty(),
            "cells without data-label:\n{}",
            unnamed.join("\n")
        );

        let mut by_position = Vec::new();
        for (path, css) in files("static/", ".css") {
            for rule in css.split('}') {
                let Some((selector, body)) = rule.rsplit_once('{') else {
                    continue;
                };
                let selector = selector.rsplit("*/").next().unwrap_or(selector);
                let names = body.split("content:").skip(1).any(|v| {
                    v.trim_start().starts_with('"') && !v.trim_start().starts_with("\"\"")
                });
                if selector.contains("nth-child") && names {
                    by_position.push(format!("{path}: {}", selector.trim()));
                }
            }
        }
        assert!(
            by_position.is_empty(),
            "column names placed by position in the style sheet:\n{}",
            by_position.join("\n")
        );
    }
}
