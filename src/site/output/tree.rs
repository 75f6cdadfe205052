//! One of the two folders (the output or its spare) as its manifest describes it ([`Tree`]):
//! read only where it changed since, reached through real folders only. And the file-system
//! steps the build takes in the spare, none of which follows a link.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use walkdir::WalkDir;

use super::manifest::{Manifest, Recorded};
use super::{OutputError, io_err};

/// Creates a file that did not exist (the place was just made for it), with the usual mode.
pub(super) fn new_file(path: &Path) -> io::Result<fs::File> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// The folders above `rel`, nearest last (`a/b/c.html` -> `a`, `a/b`).
pub(super) fn ancestors(rel: &str) -> impl Iterator<Item = &str> {
    rel.match_indices('/').map(|(i, _)| &rel[..i])
}

/// Every folder above the paths `rels`. A build's paths come in order and share most of their
/// folders: a folder above the path before is not put in the set again (at 18,000 files,
/// collecting every path's folders took a few times longer).
pub(super) fn folders_of<'a>(rels: impl Iterator<Item = &'a String>) -> BTreeSet<&'a str> {
    let mut dirs = BTreeSet::new();
    let mut previous = "";
    for rel in rels {
        for dir in ancestors(rel) {
            let above_previous = previous.len() > dir.len()
                && previous.starts_with(dir)
                && previous.as_bytes()[dir.len()] == b'/';
            if !above_previous {
                dirs.insert(dir);
            }
        }
        previous = rel;
    }
    dirs
}

/// The folder holding `rel` (`""` for the root).
pub(super) fn parent(rel: &str) -> &str {
    rel.rfind('/').map_or("", |i| &rel[..i])
}

/// The path of `name` inside the folder `dir` (`""` for the root).
pub(super) fn child(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// One of the two folders, with what its manifest says and the folders on its paths found to
/// be real (not links).
pub(super) struct Tree {
    pub(super) root: PathBuf,
    pub(super) files: BTreeMap<String, Recorded>,
    /// What the manifest says was carried over.
    pub(super) carried: BTreeSet<String>,
    /// When the manifest was written: files not modified since are as it records.
    time: Option<SystemTime>,
    /// The real folders (not links) found on its paths, each with whether it is unchanged since
    /// the manifest (see [`Tree::folder`]), as first seen.
    real_dirs: Mutex<HashMap<String, bool>>,
    /// Folders made ready to write in (only ever in the spare).
    ready_dirs: Mutex<HashSet<String>>,
}

impl Tree {
    pub(super) fn new(root: PathBuf, known: Option<(Manifest, Option<SystemTime>)>) -> Tree {
        let (manifest, time) = known.unwrap_or_default();
        Tree {
            root,
            files: manifest.files,
            carried: manifest.carried,
            time,
            real_dirs: Mutex::new(HashMap::new()),
            ready_dirs: Mutex::new(HashSet::new()),
        }
    }

    pub(super) fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    fn dirs(&self) -> std::sync::MutexGuard<'_, HashMap<String, bool>> {
        // Each update is one insert: a panic elsewhere cannot leave the set half-updated.
        self.real_dirs.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn ready(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.ready_dirs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The plain file at `rel`, reached through real folders only (never through a link).
    pub(super) fn file(&self, rel: &str) -> Option<fs::Metadata> {
        self.folder(parent(rel))?;
        fs::symlink_metadata(self.path(rel))
            .ok()
            .filter(|m| m.is_file())
    }

    /// Whether `dir` (`""` for the root) is a real folder reached through real folders only:
    /// `None` when it is not, otherwise whether it holds what the manifest says (nothing was
    /// added to it, removed or renamed since the manifest was written, which would have changed
    /// its modification time). The answer is the
    /// one of the first time it was asked: a build changes the spare's folders only to put the
    /// new build's files in them.
    pub(super) fn folder(&self, dir: &str) -> Option<bool> {
        // A folder is recorded only once every folder above it was found real, so a recorded
        // folder's answer stands for its whole path (a file's folder is asked for again and
        // again, once for each file in it).
        if let Some(&unchanged) = self.dirs().get(dir) {
            return Some(unchanged);
        }
        let mut unchanged = None;
        for dir in ancestors(dir).chain([dir]) {
            let known = self.dirs().get(dir).copied();
            unchanged = Some(match known {
                Some(unchanged) => unchanged,
                None => {
                    let metadata = fs::symlink_metadata(self.path(dir))
                        .ok()
                        .filter(|m| m.is_dir())?;
                    let unchanged = self.folder_untouched(&metadata);
                    self.dirs().insert(dir.to_string(), unchanged);
                    unchanged
                }
            });
        }
        unchanged
    }

    /// The folders above the paths the manifest lists (its build's files and those carried
    /// over), the root aside: `built`, the folders above a build's files, when those files
    /// are the manifest's own and nothing was carried over (a build after an edit), or else
    /// worked out.
    pub(super) fn listed_folders<'a>(
        &'a self,
        files: &BTreeMap<String, Recorded>,
        built: &'a BTreeSet<&'a str>,
    ) -> Cow<'a, BTreeSet<&'a str>> {
        if self.carried.is_empty() && self.files.keys().eq(files.keys()) {
            Cow::Borrowed(built)
        } else {
            Cow::Owned(folders_of(self.files.keys().chain(&self.carried)))
        }
    }

    /// Every entry of the tree that its manifest does not list as one of its build's files
    /// (files and links, never folders), with its kind: in the folders unchanged since the
    /// manifest, the entries it lists as carried over; the folders changed since are read,
    /// and so is, whole, any folder found there that no listed path goes through. `dirs`:
    /// the [`Tree::listed_folders`].
    pub(super) fn others(
        &self,
        dirs: &BTreeSet<&str>,
    ) -> Result<Vec<(String, fs::FileType)>, OutputError> {
        let carried = self.carried.iter();
        let mut found = Vec::new();
        for rel in carried.filter(|rel| self.folder(parent(rel)) == Some(true)) {
            if let Ok(metadata) = fs::symlink_metadata(self.path(rel)) {
                found.push((rel.clone(), metadata.file_type()));
            }
        }
        let root_and_dirs = std::iter::once("").chain(dirs.iter().copied());
        for dir in root_and_dirs.filter(|dir| self.folder(dir) == Some(false)) {
            let path = self.path(dir);
            for entry in fs::read_dir(&path).map_err(io_err(&path))? {
                let entry = entry.map_err(io_err(&path))?;
                let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                    continue;
                };
                let rel = child(dir, &name);
                let kind = entry.file_type().map_err(io_err(&entry.path()))?;
                if !kind.is_dir() {
                    if !self.files.contains_key(&rel) {
                        found.push((rel, kind));
                    }
                } else if !dirs.contains(rel.as_str()) {
                    for inner in walk(&entry.path()) {
                        let (inner, below) = inner?;
                        if !inner.file_type().is_dir() {
                            found.push((format!("{rel}/{below}"), inner.file_type()));
                        }
                    }
                }
            }
        }
        Ok(found)
    }

    /// When a file or folder was last modified against the manifest's time; `None` when either
    /// time is unknown.
    fn against_manifest(&self, metadata: &fs::Metadata) -> Option<std::cmp::Ordering> {
        Some(metadata.modified().ok()?.cmp(&self.time?))
    }

    /// Whether a file was last modified no later than the manifest: then it is as recorded
    /// (its length is checked too).
    pub(super) fn untouched(&self, metadata: &fs::Metadata) -> bool {
        self.against_manifest(metadata)
            .is_some_and(|o| o != std::cmp::Ordering::Greater)
    }

    /// Whether a folder was last modified before the manifest: then it holds what the manifest
    /// lists. Strictly before: a file system stamps times by its clock's tick (a few
    /// milliseconds on Linux), so an entry added within the tick the manifest was written in (a
    /// file a script adds right after a build) leaves the folder with the manifest's own time,
    /// and only an earlier time proves nothing was added or removed since. The folders the build
    /// itself changed in that last tick are read once more, which costs little.
    fn folder_untouched(&self, metadata: &fs::Metadata) -> bool {
        self.against_manifest(metadata) == Some(std::cmp::Ordering::Less)
    }

    /// Whether the folder holds `new` at `rel`: known from the manifest when the file is
    /// untouched, otherwise compared with `bytes` (when given).
    pub(super) fn holds(&self, rel: &str, new: &Recorded, bytes: Option<&[u8]>) -> bool {
        let Some(metadata) = self.file(rel) else {
            return false;
        };
        if metadata.len() != new.len {
            return false;
        }
        match self.files.get(rel) {
            Some(old) if self.untouched(&metadata) => old == new,
            _ => bytes.is_some_and(|b| fs::read(self.path(rel)).is_ok_and(|old| old == b)),
        }
    }

    /// Makes room for a new entry at `rel`: every folder above it a real folder (a link or a
    /// file in the way is removed, never followed), and nothing at `rel` itself.
    pub(super) fn make_room(&self, rel: &str) -> Result<PathBuf, OutputError> {
        for dir in ancestors(rel) {
            if self.ready().contains(dir) {
                continue;
            }
            ready_dir(&self.path(dir))?;
            self.ready().insert(dir.to_string());
        }
        let path = self.path(rel);
        remove_entry(&path)?;
        Ok(path)
    }
}

/// Makes `path` a real folder Holonet can write in: a link or a file in the way is removed
/// (never followed), a missing folder made. Other threads may be doing the same at once, so
/// each step tolerates the others' and the result is checked again.
fn ready_dir(path: &Path) -> Result<(), OutputError> {
    for _ in 0..3 {
        match fs::symlink_metadata(path) {
            Ok(m) if m.is_dir() => return ensure_writable(path, &m),
            Ok(_) => {
                let _ = fs::remove_file(path);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let _ = fs::create_dir(path);
            }
            Err(e) => return Err(OutputError::Io(path.to_path_buf(), e)),
        }
    }
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => ensure_writable(path, &m),
        _ => fs::create_dir(path).map_err(io_err(path)),
    }
}

/// Lets Holonet write in a folder of its spare copy that was made read-only (a folder's mode
/// travels with it when the copies are exchanged). Folders are never shared between the copies,
/// so this changes nothing in the output.
#[cfg(unix)]
fn ensure_writable(path: &Path, metadata: &fs::Metadata) -> Result<(), OutputError> {
    use std::os::unix::fs::PermissionsExt;
    let mode = metadata.permissions().mode();
    if mode & 0o700 == 0o700 {
        return Ok(());
    }
    fs::set_permissions(path, fs::Permissions::from_mode(mode | 0o700)).map_err(io_err(path))
}

#[cfg(not(unix))]
fn ensure_writable(_path: &Path, _metadata: &fs::Metadata) -> Result<(), OutputError> {
    Ok(())
}

/// Removes whatever is at `path` (a file, a link itself, a whole folder); nothing is fine.
pub(super) fn remove_entry(path: &Path) -> Result<(), OutputError> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => remove_tree(path),
        Ok(_) => match fs::remove_file(path) {
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
                // A read-only folder of the spare (see `ensure_writable`).
                if let Some(parent) = path.parent()
                    && let Ok(m) = fs::metadata(parent)
                {
                    ensure_writable(parent, &m)?;
                }
                fs::remove_file(path).map_err(io_err(path))
            }
            other => other.map_err(io_err(path)),
        },
        // Nothing there, or a file where a folder on the way was.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(())
        }
        Err(e) => Err(OutputError::Io(path.to_path_buf(), e)),
    }
}

/// Removes a folder of the spare copy and everything in it (links are removed, not followed),
/// first making its read-only folders writable.
pub(super) fn remove_tree(path: &Path) -> Result<(), OutputError> {
    match fs::remove_dir_all(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => {
            for entry in WalkDir::new(path).into_iter().flatten() {
                if entry.file_type().is_dir()
                    && let Ok(m) = entry.metadata()
                {
                    ensure_writable(entry.path(), &m)?;
                }
            }
            fs::remove_dir_all(path).map_err(io_err(path))
        }
        Err(e) => Err(OutputError::Io(path.to_path_buf(), e)),
    }
}

/// Every entry under `root` but the root itself, with its path relative to it (`/`-separated);
/// links are listed, never followed.
fn walk(
    root: &Path,
) -> impl Iterator<Item = Result<(walkdir::DirEntry, String), OutputError>> + '_ {
    WalkDir::new(root)
        .min_depth(1)
        .into_iter()
        .filter_map(move |entry| match entry {
            Ok(entry) => relative(root, entry.path()).map(|rel| Ok((entry, rel))),
            Err(e) => Some(Err(walk_error(e))),
        })
}

pub(super) fn relative(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let parts: Vec<_> = rel
        .components()
        .map(|c| c.as_os_str().to_str())
        .collect::<Option<_>>()?;
    Some(parts.join("/"))
}

fn walk_error(e: walkdir::Error) -> OutputError {
    let path = e.path().map(Path::to_path_buf).unwrap_or_default();
    OutputError::Io(path, e.into())
}

/// Puts at `target` the output's entry at `original`: a hard link to a file, a copy of a link.
pub(super) fn copy_entry(
    original: &Path,
    target: &Path,
    kind: fs::FileType,
) -> Result<(), OutputError> {
    if kind.is_symlink() {
        #[cfg(unix)]
        {
            let points_to = fs::read_link(original).map_err(io_err(original))?;
            return std::os::unix::fs::symlink(points_to, target).map_err(io_err(target));
        }
        #[cfg(not(unix))]
        return Ok(());
    }
    if kind.is_file() {
        return fs::hard_link(original, target)
            .or_else(|_| fs::copy(original, target).map(drop))
            .map_err(io_err(target));
    }
    // Sockets, pipes and devices are not a site's files.
    Ok(())
}

#[cfg(unix)]
pub(super) fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
pub(super) fn same_file(_a: &fs::Metadata, _b: &fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folders_of_paths_in_any_order_are_every_folder_above_them() {
        let paths: Vec<String> = [
            "a/b/c.html",
            "a/b/d.html",
            "a/bc/e.html",
            "a/b/f/g.html",
            "a/bx",
            "index.html",
            "z/y/x/w.html",
            "a/b/c.html",
        ]
        .map(String::from)
        .to_vec();
        let every: BTreeSet<&str> = paths.iter().flat_map(|p| ancestors(p)).collect();
        assert_eq!(
            every,
            BTreeSet::from(["a", "a/b", "a/b/f", "a/bc", "z", "z/y", "z/y/x"])
        );
        let mut sorted = paths.clone();
        sorted.sort();
        for order in [&paths, &sorted] {
            assert_eq!(folders_of(order.iter()), every, "{order:?}");
        }
    }
}
