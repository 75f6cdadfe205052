//! Where Holonet may read and write. An archive takes pull requests from anyone, so a file in it
//! must never make Holonet read a file of the machine that builds it (a symbolic link from
//! `events/` to a home folder, whose lines a diagnostic would then print into a public CI log),
//! and `--out` must never point the build at the site's own files. Names are kept inside the site
//! where they enter (slugs, ids and theme names are `[a-z0-9-]` words, see [`crate::event::ids`]);
//! this module handles what names cannot: links and the output folder.

use crate::diag::Shown;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::diag::{Code, Diagnostic};

/// The folders of a site that hold its sources; the output folder may be none of them.
const SOURCE_DIRS: &[&str] = &["events", "content", "templates", "themes", "static"];

/// The file at `relative` under the site `root`, as a command names it: run from the site folder
/// (the default root, `.`), the path as the organizer typed it (`events/x.toml`, not
/// `./events/x.toml`).
pub fn under_root(root: &Path, relative: &Path) -> PathBuf {
    if root == Path::new(".") {
        relative.to_path_buf()
    } else {
        root.join(relative)
    }
}

/// Refuses `full` (shown as `shown`) when it is a symbolic link. Holonet follows no link in a
/// site: a link's target may lie anywhere on the machine.
pub(crate) fn refuse_link(full: &Path, shown: &Path) -> Result<(), Diagnostic> {
    match std::fs::symlink_metadata(full) {
        Ok(meta) if meta.file_type().is_symlink() => Err(Diagnostic::error(
            Code::UnsafePath,
            shown,
            None,
            "this is a symbolic link, which Holonet does not follow",
        )
        .with_help("copy the file or folder into the site instead of linking to it")),
        _ => Ok(()),
    }
}

/// What a site path must be when it exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    File,
    Folder,
}

/// Whether `full` (shown as `shown`) exists as the `kind` Holonet reads it as: `Ok(false)` when
/// missing, an error when it is something else (a folder named `players.toml`, a file named
/// `static`), which would otherwise be skipped without a word. Links are refused as always.
pub(crate) fn expect_kind(full: &Path, shown: &Path, kind: Kind) -> Result<bool, Diagnostic> {
    refuse_link(full, shown)?;
    let Ok(meta) = std::fs::metadata(full) else {
        return Ok(false);
    };
    let (is, should) = match kind {
        Kind::File if meta.is_file() => return Ok(true),
        Kind::Folder if meta.is_dir() => return Ok(true),
        Kind::File if meta.is_dir() => ("a folder", "a file"),
        Kind::File => ("not a regular file", "a file"),
        Kind::Folder if meta.is_file() => ("a file", "a folder"),
        Kind::Folder => ("neither a file nor a folder", "a folder"),
    };
    Err(Diagnostic::error(
        Code::Io,
        shown,
        None,
        format!("this is {is}, where Holonet reads {should}"),
    )
    .with_help(format!(
        "rename or remove it, and make {} {should} (or leave it out)",
        shown.shown()
    )))
}

/// Every regular file under `root/dir`, as full paths sorted by name; none when the folder does
/// not exist, and an error when `dir` is a file. A symbolic link anywhere in the folder (or the
/// folder itself being one) is an error, so nothing outside the site is ever read through it,
/// and so is anything that is neither a file nor a folder (a pipe would block the build).
pub(crate) fn site_files(root: &Path, dir: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let full = root.join(dir);
    if !expect_kind(&full, dir, Kind::Folder)? {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in WalkDir::new(&full).sort_by_file_name() {
        let entry = entry.map_err(|e| {
            let path = e.path().unwrap_or(&full);
            Diagnostic::error(
                Code::Io,
                path.strip_prefix(root).unwrap_or(path),
                None,
                format!("cannot read this folder: {e}"),
            )
            .with_help("check the folder's permissions")
        })?;
        let shown = entry.path().strip_prefix(root).unwrap_or(entry.path());
        if entry.path_is_symlink() {
            refuse_link(entry.path(), shown)?;
        }
        if entry.file_type().is_file() {
            files.push(entry.into_path());
        } else if !entry.file_type().is_dir() {
            expect_kind(entry.path(), shown, Kind::File)?;
        }
    }
    Ok(files)
}

/// Checks that the output folder `out` can be written without touching the site at `root`: it
/// is not a symbolic link, not the site folder, not a folder that holds the site, and not inside
/// one of the site's [`SOURCE_DIRS`]. (Inside the site elsewhere, such as the default `public/`,
/// is fine.) Both paths are compared after resolving `..` and links in what exists of them.
pub(crate) fn check_out_dir(root: &Path, out: &Path) -> Result<(), Diagnostic> {
    let refuse = |message: String| {
        Err(Diagnostic::error(Code::UnsafePath, out, None, message)
            .with_help("build into a separate folder, such as public/ in the site (the default)"))
    };
    if std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink()) {
        return refuse(
            "the output folder is a symbolic link, which Holonet does not follow".into(),
        );
    }
    let root = resolve(root);
    let out = resolve(out);
    if out == root {
        return refuse("the output folder is the site folder itself".into());
    }
    if root.starts_with(&out) {
        return refuse("the output folder holds the site folder".into());
    }
    if let Some(source) = SOURCE_DIRS.iter().find(|d| out.starts_with(root.join(d))) {
        return refuse(format!(
            "the output folder is inside the site's {source}/ folder"
        ));
    }
    Ok(())
}

/// `path` made absolute, with links and `..` resolved in the part that exists, and the rest
/// (folders the build will create) appended as written, `..` and `.` resolved by name.
fn resolve(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            let mut resolved = real;
            for part in rest.iter().rev() {
                match part {
                    std::path::Component::ParentDir => {
                        resolved.pop();
                    }
                    std::path::Component::Normal(name) => resolved.push(name),
                    _ => {}
                }
            }
            return resolved;
        }
        match (existing.parent(), existing.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last);
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_folder_may_not_be_or_hold_the_site() {
        let site = tempfile::tempdir().expect("tempdir");
        let root = site.path();
        std::fs::create_dir_all(root.join("events/2018")).expect("mkdir");
        let refused = |out: PathBuf| {
            let diag = check_out_dir(root, &out).expect_err(&out.shown().to_string());
            assert_eq!(diag.code, Code::UnsafePath);
        };
        refused(root.to_path_buf());
        refused(root.join("."));
        refused(root.join("public/.."));
        refused(root.parent().expect("parent").to_path_buf());
        refused(root.join("events"));
        refused(root.join("events/2018/new"));
        refused(root.join("public/../content/x"));
        assert!(check_out_dir(root, &root.join("public")).is_ok());
        assert!(check_out_dir(root, &root.join("not-yet/deep")).is_ok());
        let other = tempfile::tempdir().expect("tempdir");
        assert!(check_out_dir(root, other.path()).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn links_are_refused() {
        let site = tempfile::tempdir().expect("tempdir");
        let root = site.path();
        let elsewhere = tempfile::tempdir().expect("tempdir");
        std::fs::write(elsewhere.path().join("secret.toml"), "x").expect("write");
        std::os::unix::fs::symlink(elsewhere.path(), root.join("events")).expect("link");
        let diag = site_files(root, Path::new("events")).expect_err("linked folder");
        assert_eq!(
            (diag.code, diag.file.as_path()),
            (Code::UnsafePath, Path::new("events"))
        );
        std::os::unix::fs::symlink(elsewhere.path(), root.join("public")).expect("link");
        assert!(check_out_dir(root, &root.join("public")).is_err());
        // A link to the site's own folder is refused as well: the link itself is the problem.
        std::fs::create_dir(root.join("content")).expect("mkdir");
        std::os::unix::fs::symlink(
            elsewhere.path().join("secret.toml"),
            root.join("content/page.md"),
        )
        .expect("link");
        let diag = site_files(root, Path::new("content")).expect_err("linked file");
        assert_eq!(diag.file, Path::new("content/page.md"));
    }
}
