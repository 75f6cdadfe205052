//! `holonet init`: a new, working site from the files in [`crate::builtin`]. It sits above
//! [`crate::site`], which never calls it. The commands that create event files in a site
//! (`holonet new`, `holonet import`) are in [`crate::edit`].

use std::path::Path;

use crate::atomic::write_new;
use crate::builtin::{DEFAULT_FILES, SITE_FILES};

/// Creates a new site in `dir` (new or empty). Returns the number of files written.
pub fn init(dir: &Path) -> Result<usize, String> {
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
    for (path, text) in SITE_FILES.iter().chain(look) {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        write_new(&target, text)?;
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
