//! `holonet init`: a new, working site from the files in [`crate::builtin`]. It sits above
//! [`crate::site`], which never calls it. The commands that create event files in a site
//! (`holonet new`, `holonet import`) are in [`crate::edit`].

use std::path::Path;

use crate::atomic::write_new;
use crate::builtin::{DEFAULT_FILES, EXAMPLE_EVENT, SITE_FILES};

/// The line that opens the example event's file in a new site: it is no real event, and goes
/// before the site is published.
const EXAMPLE_MARK: &str = "# AN EXAMPLE from `holonet init --example`, not a real event: delete this file and the .md\n# beside it before you publish the site (its players and results would be published too).\n#\n";

/// Creates a new site in `dir` (new or empty), with the example event when `example` is set.
/// Returns the number of files written.
pub fn init(dir: &Path, example: bool) -> Result<usize, String> {
    if dir.exists() {
        let mut entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if entries.next().is_some() {
            return Err(format!(
                "{} is not empty; choose a new folder so nothing in it is overwritten",
                dir.display()
            ));
        }
    }
    let mut count = 0;
    // The reference pages stay built in, so a site gets their updates with each release.
    let look = DEFAULT_FILES
        .iter()
        .filter(|(p, _)| !p.starts_with("content/"));
    let example_files = EXAMPLE_EVENT.iter().filter(|_| example);
    for (path, text) in SITE_FILES.iter().chain(look).chain(example_files) {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
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
