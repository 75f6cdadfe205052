//! `holonet init`: a new, working site from the files in [`crate::builtin`], and `holonet
//! customize`: a site's own copy of one of the built-in templates or static files. It sits above
//! [`crate::site`], which never calls it. The commands that create event files in a site
//! (`holonet new`, `holonet import`) are in [`crate::edit`].

use crate::diag::Shown;
use std::path::Path;

use crate::atomic::write_new;
use crate::builtin::{EXAMPLE_EVENT, SITE_FILES, copy_mark, look_file, look_files};

/// The line that opens the example event's file in a new site: it is no real event, and goes
/// before the site is published.
const EXAMPLE_MARK: &str = "# AN EXAMPLE from `holonet init --example`, not a real event: delete this file and the .md\n# beside it before you publish the site (its players and results would be published too).\n#\n";

/// Creates a new site in `dir` (new or empty), with the example event when `example` is set.
/// Returns the number of files written.
pub fn init(dir: &Path, example: bool) -> Result<usize, String> {
    if dir.exists() {
        let mut entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.shown()))?;
        if entries.next().is_some() {
            return Err(format!(
                "{} is not empty; choose a new folder so nothing in it is overwritten",
                dir.shown()
            ));
        }
    }
    let mut count = 0;
    // The look (templates, static files) and the reference pages stay built in, so a site gets
    // their updates with each release; `holonet customize` copies a file of the look to change.
    let example_files = EXAMPLE_EVENT.iter().filter(|_| example);
    for (path, text) in SITE_FILES.iter().chain(example_files) {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.shown()))?;
        }
        if path.ends_with(".toml") && EXAMPLE_EVENT.iter().any(|(p, _)| p == path) {
            write_new(&target, &format!("{EXAMPLE_MARK}{text}"))?;
        } else {
            write_new(&target, text)?;
        }
        count += 1;
    }
    // The folder every event file goes in, kept by git while it holds no event yet.
    if !example {
        write_new(
            &dir.join("events/README.md"),
            "Each event is one TOML file in this folder (in any sub-folder), its path its address:\n`holonet new events/2026/spring-open.toml` makes one. See the site's docs/event-file page.\n",
        )?;
        count += 1;
    }
    // The built site and its spare copy, the edit lock, and what a killed write may leave beside
    // a file.
    write_new(
        &dir.join(".gitignore"),
        "/public\n/.holonet/\n/.holonet-lock\n*.holonet-tmp\n",
    )?;
    Ok(count + 1)
}

/// The built-in file of the look that `name` names: its path (`templates/event.html`), given
/// whole or as the file's name alone (`event.html`) when only one file has it.
fn look_path(name: &str) -> Result<&'static str, String> {
    let name = name.trim_start_matches("./");
    if let Some(path) = look_files().find(|p| *p == name) {
        return Ok(path);
    }
    let matching: Vec<&str> = look_files()
        .filter(|p| p.rsplit('/').next() == Some(name))
        .collect();
    match matching.as_slice() {
        [one] => Ok(one),
        [] => Err(format!(
            "Holonet has no built-in `{name}`: `holonet customize --list` lists the templates and static files"
        )),
        several => Err(format!(
            "`{name}` could be {}: name it with its folder",
            several.join(" or ")
        )),
    }
}

/// The look's files, each with whether the site at `root` has its own copy.
pub fn list_look(root: &Path) -> String {
    let mut out = String::from(
        "The built-in templates and static files (a site's own file of the same path replaces one):\n",
    );
    for path in look_files() {
        let own = if root.join(path).is_file() {
            "  (this site has its own)"
        } else {
            ""
        };
        out.push_str(&format!("  {path}{own}\n"));
    }
    out
}

/// This release's built-in file `name` (see [`look_path`]), as it is.
pub fn show_look(name: &str) -> Result<&'static str, String> {
    let path = look_path(name)?;
    look_file(path).ok_or_else(|| format!("Holonet has no built-in `{path}`"))
}

/// The fields the templates `names` (all of them when none is named) are given in the site at
/// `root`, as Markdown tables of paths and kinds under the fields' version: what a copy of a
/// template may use (see [`crate::site::render::FieldRecorder`]). A template the site never
/// renders has no fields to list.
pub fn fields_of(root: &Path, names: &[String]) -> Result<String, String> {
    use crate::site::render::{TEMPLATE_FIELDS_VERSION, to_markdown};
    let mut templates = crate::site::template_fields(root).map_err(|report| {
        format!(
            "the site must build for its templates' fields to be listed:\n{}",
            report.render()
        )
    })?;
    if !names.is_empty() {
        let wanted: Vec<&str> = names
            .iter()
            .map(|name| look_path(name))
            .collect::<Result<_, _>>()?;
        for path in &wanted {
            if !path.starts_with("templates/") {
                return Err(format!(
                    "{path} is not a template: only templates are given fields"
                ));
            }
        }
        templates.retain(|template, _| wanted.contains(&format!("templates/{template}").as_str()));
    }
    Ok(format!(
        "Template fields, version {TEMPLATE_FIELDS_VERSION}, as this site's pages give them:\n\n{}",
        to_markdown(&templates)
    ))
}

/// Copies the built-in files `names` into the site at `root`, to be changed there: each opens
/// with a line naming the built-in file and its fingerprint (see [`crate::builtin::copy_mark`]),
/// so that `holonet check` can say when a later release's differs. A file the site already has
/// is never overwritten. Returns what was written.
pub fn customize(root: &Path, names: &[String]) -> Result<String, String> {
    let mut paths = Vec::new();
    for name in names {
        let path = look_path(name)?;
        if root.join(path).exists() {
            return Err(format!(
                "{path} already exists in this site and was not changed: `holonet customize --show {path}` prints this release's built-in to compare"
            ));
        }
        paths.push(path);
    }
    let mut said = Vec::new();
    for path in paths {
        let text = look_file(path).ok_or_else(|| format!("Holonet has no built-in `{path}`"))?;
        let target = root.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.shown()))?;
        }
        let mark = copy_mark(path, text).unwrap_or_default();
        write_new(&target, &format!("{mark}{text}"))?;
        said.push(format!(
            "Wrote {path}: the site's pages use it instead of the built-in one; edit it, and `holonet check` says when a later release changes the built-in."
        ));
    }
    Ok(said.join("\n"))
}
