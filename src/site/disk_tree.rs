//! `serve`'s copy of the site, kept on disk rather than in memory: a 1,000-event archive is a
//! gigabyte of pages, more than an organizer's laptop can hold beside a browser, while the
//! server only ever reads one page at a time.
//!
//! - **Where.** In the site's working folder `.holonet/` (the one `build` keeps its spare copy
//!   in, and that `holonet init` lists in `.gitignore`): `.holonet/serve-N/site/`, with `N` the
//!   first number whose lock (`.holonet/serve-N.lock`, the operating system's own, released
//!   when the process ends, even when it is killed) no other `serve` holds. Two `serve`s of one
//!   site each get their own folder. A site folder that cannot be written (a read-only
//!   checkout) gets a folder made for this process alone in the system's temporary folder:
//!   a new one with a name no one can guess, that only its user can open (never one found
//!   there: another user could have made it, or planted links in it). It is removed when the
//!   tree is dropped, or else by the next `serve` that falls back there.
//! - **No link is followed.** A link where the tree's folders or files belong (`.holonet`
//!   itself, `serve-N/`, a page) is not the tree's: `.holonet` as a link is not used, and
//!   links inside `serve-N/` are removed, never written through.
//! - **What is in memory:** each file's length and 128-bit XXH3 hash, nothing more. A page
//!   rendered again with the same bytes is recognized by its hash and not written.
//! - **An update is all or nothing.** A render writes its changed files aside
//!   (`.holonet/serve-N/next/`, numbered in the order written, [`Batch`]), and makes the
//!   folders they go in; a full disk or any other failure there leaves the served files as
//!   they were. Only once every file is written are they moved into place
//!   ([`DiskTree::commit`]), new files first (unlisted, they are not served yet, so a failure
//!   among them is undone), then the files they replace and the files the update removes,
//!   which takes no room on the disk. The server reads none while a commit runs, and a file a
//!   kill left anywhere is found on the next start, which compares every file with its new
//!   bytes.
//! - **Files are reused, not made and deleted.** Where the system exchanges two files in one
//!   step, a file replaced takes the place of its replacement in `next/`, where the next
//!   update writes into it. A result edit changes a thousand player pages (their ranks), and
//!   making a thousand files and deleting as many on each update is what a file system such
//!   as ext4 does slowest: it looks over every file deleted in the last seconds for each one
//!   it makes. At most [`SPARE_FILES`] are kept there, so that a change of every page does
//!   not leave a copy of the whole site behind.
//! - **A restart costs what changed.** The folder is kept when `serve` stops, so the next one
//!   finds the files of the last: a file it would write is compared with the one already there
//!   and kept when the bytes are the same, and what the new site does not have is removed.

use crate::diag::Shown;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::output::WORK_DIR;
use super::render::{Files, Store};
use crate::diag::{Code, Diagnostic};

/// The served files, under the working folder.
const SITE: &str = "site";

/// A render's changed files, until they are moved into place.
const NEXT: &str = "next";

/// How many of the files replaced `next/` keeps for the next updates to write into: more than
/// a result edit to a 1,000-event archive changes.
const SPARE_FILES: usize = 4096;

/// The start of the name of a folder made in the system's temporary folder.
const PRIVATE_PREFIX: &str = "holonet-serve-";

/// The lock of a folder made in the system's temporary folder, held while it is in use.
const PRIVATE_LOCK: &str = "serve.lock";

/// What is known of one served file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    len: u64,
    hash: u128,
}

impl Entry {
    fn of(bytes: &[u8]) -> Entry {
        Entry {
            len: bytes.len() as u64,
            hash: xxhash_rust::xxh3::xxh3_128(bytes),
        }
    }
}

/// The served site: its files on disk, their lengths and hashes in memory.
#[derive(Debug)]
pub struct DiskTree {
    /// `.holonet/serve-N/`, or the folder made for this process in the temporary folder.
    work: PathBuf,
    files: BTreeMap<String, Entry>,
    /// Whether `work` was made for this process alone, to remove when it is done.
    private: bool,
    /// Held for as long as the tree is in use: no other `serve` takes this folder.
    _lock: fs::File,
}

/// What a committed render did to the tree.
#[derive(Debug, Default)]
pub struct Committed {
    /// Every path the render handed over (changed or not).
    pub rendered: BTreeSet<String>,
    /// The paths the render kept as they were without rendering them.
    pub kept: BTreeSet<String>,
    /// Files written with new bytes.
    pub(crate) changed: usize,
    /// Of those, files the tree did not have.
    pub(crate) added: usize,
    /// The files removed.
    pub(crate) removed: BTreeSet<String>,
}

impl DiskTree {
    /// Takes a folder of its own for the site at `site_root`: the first free
    /// `.holonet/serve-N/` beside it, or a new private one in the system's temporary folder
    /// when the site folder cannot be written.
    pub fn open(site_root: &Path) -> Result<DiskTree, Diagnostic> {
        let beside = site_root.join(WORK_DIR);
        let error = match DiskTree::open_beside(&beside) {
            Ok(tree) => return Ok(tree),
            Err(e) => e,
        };
        DiskTree::open_private(&std::env::temp_dir()).map_err(|_| {
            Diagnostic::error(
                Code::Io,
                &beside,
                None,
                format!("cannot keep the served site in {}: {error}", beside.shown()),
            )
            .with_help("serve keeps its copy of the site there: make the site folder writable, or free some space")
        })
    }

    /// The first free `serve-N/` in the site's working folder `parent`.
    fn open_beside(parent: &Path) -> io::Result<DiskTree> {
        if is_link(parent) {
            return Err(io::Error::other("it is a link, not a folder of the site"));
        }
        fs::create_dir_all(parent)?;
        for n in 1.. {
            let lock = parent.join(format!("serve-{n}.lock"));
            if is_link(&lock) {
                fs::remove_file(&lock)?;
            }
            let Some(lock) = take_lock(&lock)? else {
                continue;
            };
            let work = parent.join(format!("serve-{n}"));
            if is_link(&work) {
                fs::remove_file(&work)?;
            }
            return DiskTree::prepare(work, lock, false);
        }
        unreachable!("the numbers never run out")
    }

    /// A new folder in `temporary` that only this user can open, named so that no one can
    /// have made it first; the folders earlier `serve`s left there are removed.
    fn open_private(temporary: &Path) -> io::Result<DiskTree> {
        let work = make_private_folder(temporary)?;
        let lock = match take_lock(&work.join(PRIVATE_LOCK)) {
            Ok(Some(lock)) => lock,
            Ok(None) => return Err(io::Error::other("the new folder is locked")),
            Err(e) => {
                let _ = fs::remove_dir_all(&work);
                return Err(e);
            }
        };
        remove_left_private_folders(temporary, &work);
        DiskTree::prepare(work, lock, true)
    }

    /// Makes `work` ready for a tree: no link in it, no render left aside, a `site/` folder.
    fn prepare(work: PathBuf, lock: fs::File, private: bool) -> io::Result<DiskTree> {
        let tree = DiskTree {
            work,
            files: BTreeMap::new(),
            private,
            _lock: lock,
        };
        remove_links(&tree.work)?;
        remove_any(&tree.work.join(NEXT))?;
        fs::create_dir_all(tree.work.join(SITE))?;
        Ok(tree)
    }

    fn site_path(&self, rel: &str) -> PathBuf {
        self.work.join(SITE).join(rel)
    }

    /// The bytes of the file at `rel`, read from disk.
    pub fn get(&self, rel: &str) -> Option<Vec<u8>> {
        self.files
            .contains_key(rel)
            .then(|| fs::read(self.site_path(rel)).ok())
            .flatten()
    }

    pub(crate) fn contains(&self, rel: &str) -> bool {
        self.files.contains_key(rel)
    }

    /// Every path of the tree, in order.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &String> {
        self.files.keys()
    }

    /// The paths that start with `prefix`, in order.
    pub(crate) fn paths_under<'a>(
        &'a self,
        prefix: &'a str,
    ) -> impl Iterator<Item = &'a String> + 'a {
        self.files
            .range(prefix.to_string()..)
            .map(|(path, _)| path)
            .take_while(move |path| path.starts_with(prefix))
    }

    /// Every file with its bytes: the whole site read back, for tests and tools.
    pub(crate) fn read_all(&self) -> Files {
        self.files
            .keys()
            .filter_map(|rel| Some((rel.clone(), self.get(rel)?)))
            .collect()
    }

    /// A render into this tree: hand it to the renderer as its store, then [`DiskTree::commit`]
    /// what it [finished](Batch::finish) with, or [`DiskTree::discard_pending`].
    pub fn batch(&self) -> Batch<'_> {
        Batch {
            tree: self,
            state: Mutex::default(),
        }
    }

    /// Puts the files of a finished render in place and removes the files it drops. When a
    /// new file cannot be put in place, the served files stay as they were; past that,
    /// nothing needs room on the disk, and a failure (which only a disk failing or a change
    /// of permissions under way can bring) leaves the tree listing what its files hold.
    pub fn commit(&mut self, pending: Pending) -> io::Result<Committed> {
        let state = pending.0;
        let mut committed = Committed {
            rendered: state.rendered,
            kept: state.kept,
            ..Committed::default()
        };
        // New names, where nothing is: unlisted, they are not served until the tree lists them.
        let (new, replacing): (Vec<_>, Vec<_>) = state.changed.into_iter().partition(|(rel, _)| {
            !self.files.contains_key(rel)
                && fs::symlink_metadata(self.site_path(rel))
                    .is_err_and(|e| e.kind() == io::ErrorKind::NotFound)
        });
        for (done, (rel, (_, number))) in new.iter().enumerate() {
            if let Err(e) = self.move_into_place(rel, *number) {
                for (rel, _) in &new[..done] {
                    let _ = remove_any(&self.site_path(rel));
                }
                self.discard_pending();
                return Err(e);
            }
        }
        committed.changed += new.len();
        committed.added += new.len() + state.found.len();
        self.files
            .extend(new.into_iter().map(|(rel, (entry, _))| (rel, entry)));
        self.files.extend(state.found);
        for (rel, (entry, number)) in replacing {
            self.move_into_place(&rel, number)?;
            committed.changed += 1;
            committed.added += usize::from(self.files.insert(rel, entry).is_none());
        }
        for rel in state.removed {
            remove_any(&self.site_path(&rel))?;
            self.files.remove(&rel);
            committed.removed.insert(rel);
        }
        for number in SPARE_FILES..state.written {
            remove_any(&self.staged_path(number))?;
        }
        Ok(committed)
    }

    /// Where the render writes the file it numbered `number`.
    fn staged_path(&self, number: usize) -> PathBuf {
        self.work.join(NEXT).join(number.to_string())
    }

    /// Moves the file the render wrote as `number` into the served files at `rel`, in place of
    /// whatever is there (a folder of pages before, when a page takes its place). A file it
    /// replaces takes its place, for the next render to write into, where the system can
    /// exchange them.
    fn move_into_place(&self, rel: &str, number: usize) -> io::Result<()> {
        let (staged, target) = (self.staged_path(number), self.site_path(rel));
        match fs::symlink_metadata(&target) {
            Ok(m) if m.is_dir() => fs::remove_dir_all(&target)?,
            // A link is replaced, never kept to be written through.
            Ok(m) if m.is_file() && crate::atomic::exchange_in_one_step(&staged, &target)? => {
                return Ok(());
            }
            _ => {}
        }
        fs::rename(staged, &target)
    }

    /// Throws away what a render wrote aside: the served files stay as they were.
    pub(crate) fn discard_pending(&self) {
        let _ = remove_any(&self.work.join(NEXT));
    }

    /// The folder the tree is kept in (`.holonet/serve-N/`), for messages.
    pub(crate) fn folder(&self) -> &Path {
        &self.work
    }

    /// Removes from disk every file the tree does not list (left by an earlier session).
    pub(crate) fn sweep(&self) -> io::Result<()> {
        let site = self.work.join(SITE);
        // Removed once the walk is over: no folder is removed while the walk has it, or the
        // folder above it, open (which Windows may refuse).
        let mut unused = Vec::new();
        let mut entries = walkdir::WalkDir::new(&site).min_depth(1).into_iter();
        while let Some(entry) = entries.next() {
            let entry = entry.map_err(io::Error::other)?;
            let Some(rel) = entry
                .path()
                .strip_prefix(&site)
                .ok()
                .and_then(|p| p.to_str())
                .map(|p| p.replace('\\', "/"))
            else {
                continue;
            };
            if entry.file_type().is_dir() {
                let prefix = format!("{rel}/");
                if self.paths_under(&prefix).next().is_none() {
                    unused.push(entry.into_path());
                    entries.skip_current_dir();
                }
            } else if !self.files.contains_key(&rel) {
                unused.push(entry.into_path());
            }
        }
        unused.iter().try_for_each(|path| remove_any(path))
    }
}

impl Drop for DiskTree {
    /// A private folder in the temporary folder is of no use to the next `serve`.
    fn drop(&mut self) {
        if self.private {
            let _ = fs::remove_dir_all(&self.work);
        }
    }
}

/// A render on its way into a [`DiskTree`]: a [`Store`] that writes aside only the files whose
/// bytes the tree does not already have, and the paths the render drops.
pub struct Batch<'t> {
    tree: &'t DiskTree,
    state: Mutex<BatchState>,
}

/// A finished render, to [commit](DiskTree::commit).
pub struct Pending(BatchState);

#[derive(Default)]
struct BatchState {
    rendered: BTreeSet<String>,
    kept: BTreeSet<String>,
    /// Written aside, to put in place, with their numbers in `next/`.
    changed: BTreeMap<String, (Entry, usize)>,
    /// How many files were written aside.
    written: usize,
    /// Already on disk with these bytes (from an earlier session), not yet listed.
    found: BTreeMap<String, Entry>,
    /// Listed by the tree, to remove.
    removed: BTreeSet<String>,
}

impl Batch<'_> {
    /// The render is over: what it did, no longer tied to the tree.
    pub fn finish(self) -> Pending {
        Pending(self.state.into_inner().unwrap_or_else(|e| e.into_inner()))
    }

    /// The tree the render goes into, as it was before it.
    pub(crate) fn tree(&self) -> &DiskTree {
        self.tree
    }

    /// Whether the render handed over the file at `path`, rendered or kept.
    pub(crate) fn covers(&self, path: &str) -> bool {
        let state = self.state();
        state.rendered.contains(path) || state.kept.contains(path)
    }

    /// Removes the files at `paths` from the tree when the render is committed.
    pub(crate) fn remove(&self, paths: impl IntoIterator<Item = String>) {
        let mut state = self.state();
        for path in paths {
            if self.tree.files.contains_key(&path) {
                state.changed.remove(&path);
                state.removed.insert(path);
            }
        }
    }

    /// Whether the tree's paths change with this render (a file added or removed).
    pub(crate) fn changes_paths(&self) -> bool {
        let state = self.state();
        !state.removed.is_empty()
            || !state.found.is_empty()
            || state
                .changed
                .keys()
                .any(|path| !self.tree.files.contains_key(path))
    }

    /// The tree's paths once the render is committed.
    pub(crate) fn paths_after(&self) -> BTreeSet<String> {
        let state = self.state();
        self.tree
            .files
            .keys()
            .chain(state.changed.keys())
            .chain(state.found.keys())
            .filter(|path| !state.removed.contains(*path))
            .cloned()
            .collect()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, BatchState> {
        // Each update is a few inserts: a panic elsewhere cannot leave it half done.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes the file at `rel` aside, into a file an earlier update left there when it can,
    /// and makes the folders it goes in among the served files (an empty folder serves
    /// nothing): whatever needs room on the disk is done here. Returns the file's number.
    fn write_aside(&self, rel: &str, bytes: &[u8]) -> io::Result<usize> {
        let number = {
            let mut state = self.state();
            state.written += 1;
            state.written - 1
        };
        let staged = self.tree.staged_path(number);
        for path in [&staged, &self.tree.site_path(rel)] {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
        }
        fs::write(&staged, bytes)?;
        Ok(number)
    }

    /// Whether the file at `rel`, which the tree does not list, is on disk with these bytes.
    fn already_there(&self, rel: &str, entry: &Entry, bytes: &[u8]) -> bool {
        let path = self.tree.site_path(rel);
        fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() == entry.len)
            && fs::read(&path).is_ok_and(|on_disk| on_disk == bytes)
    }
}

impl Store for Batch<'_> {
    fn store(&self, path: &str, bytes: Vec<u8>) -> Result<(), Diagnostic> {
        let entry = Entry::of(&bytes);
        self.state().rendered.insert(path.to_string());
        if self.tree.files.get(path) == Some(&entry) {
            return Ok(());
        }
        if !self.tree.files.contains_key(path) && self.already_there(path, &entry, &bytes) {
            self.state().found.insert(path.to_string(), entry);
            return Ok(());
        }
        let number = self.write_aside(path, &bytes).map_err(|e| {
            let staged = self.tree.work.join(NEXT);
            Diagnostic::error(
                Code::Io,
                &staged,
                None,
                format!("cannot write {path} into {}: {e}", staged.shown()),
            )
            .with_help("check the free space and permissions of the site's .holonet folder")
        })?;
        self.state()
            .changed
            .insert(path.to_string(), (entry, number));
        Ok(())
    }

    /// Pages the renderer found unchanged since the last render are kept as the tree has them.
    fn keep(&self, paths: &[String]) -> bool {
        if !paths.iter().all(|p| self.tree.files.contains_key(p)) {
            return false;
        }
        self.state().kept.extend(paths.iter().cloned());
        true
    }
}

/// Opens and locks the lock file at `path`; `None` when another process holds it.
fn take_lock(path: &Path) -> io::Result<Option<fs::File>> {
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    match lock.try_lock() {
        Ok(()) => Ok(Some(lock)),
        Err(fs::TryLockError::WouldBlock) => Ok(None),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Makes a new folder in `temporary` that only this user can open, with a name drawn at
/// random (never taking one that is already there).
fn make_private_folder(temporary: &Path) -> io::Result<PathBuf> {
    use std::hash::{BuildHasher, Hasher};
    #[cfg(unix)]
    let builder = {
        let mut builder = fs::DirBuilder::new();
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder
    };
    #[cfg(not(unix))]
    let builder = fs::DirBuilder::new();
    let mut last = None;
    for _ in 0..16 {
        // The standard library seeds each of these from the system's random source.
        let random = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        let folder = temporary.join(format!("{PRIVATE_PREFIX}{random:016x}"));
        match builder.create(&folder) {
            Ok(()) => return Ok(folder),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free name")))
}

/// Removes the private folders that earlier `serve`s of this user left in `temporary` (a
/// killed process removes nothing): folders of this user's, that only they can open, whose
/// lock no process holds.
fn remove_left_private_folders(temporary: &Path, ours: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(mine) = fs::symlink_metadata(ours) else {
            return;
        };
        let Ok(entries) = fs::read_dir(temporary) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let named = entry
                .file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(PRIVATE_PREFIX));
            let left = named
                && path != ours
                && fs::symlink_metadata(&path).is_ok_and(|m| {
                    m.is_dir() && m.uid() == mine.uid() && m.mode() & 0o7777 == 0o700
                })
                && fs::symlink_metadata(path.join(PRIVATE_LOCK)).is_ok_and(|m| m.is_file())
                && matches!(take_lock(&path.join(PRIVATE_LOCK)), Ok(Some(_)));
            if left {
                let _ = fs::remove_dir_all(&path);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = (temporary, ours);
}

/// Removes every link under `folder` (not what they point to): the tree's folders are
/// written, and a link there would lead the writes outside them.
fn remove_links(folder: &Path) -> io::Result<()> {
    for entry in walkdir::WalkDir::new(folder).min_depth(1) {
        match entry {
            Ok(entry) if entry.path_is_symlink() => remove_any(entry.path())?,
            Ok(_) => {}
            Err(e)
                if e.io_error()
                    .is_some_and(|e| e.kind() == io::ErrorKind::NotFound) => {}
            Err(e) => return Err(io::Error::other(e)),
        }
    }
    Ok(())
}

/// Removes the file or folder at `path`, if there is one.
fn remove_any(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        // Gone, or a file took the place of a folder above it.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(())
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_site(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("holonet-disk-tree-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn render(tree: &mut DiskTree, files: &[(&str, &str)], removed: &[&str]) -> Committed {
        let batch = tree.batch();
        for (path, text) in files {
            batch.store(path, text.as_bytes().to_vec()).unwrap();
        }
        batch.remove(removed.iter().map(|p| p.to_string()));
        let pending = batch.finish();
        tree.commit(pending).unwrap()
    }

    #[test]
    fn only_changed_files_are_written_and_a_discarded_render_changes_nothing() {
        let site = temp_site("changes");
        let mut tree = DiskTree::open(&site).unwrap();
        let first = render(
            &mut tree,
            &[("index.html", "home"), ("a/index.html", "a")],
            &[],
        );
        assert_eq!((first.changed, first.added), (2, 2));
        assert_eq!(tree.get("a/index.html").unwrap(), b"a");
        let second = render(
            &mut tree,
            &[("index.html", "home"), ("a/index.html", "a2")],
            &[],
        );
        assert_eq!((second.changed, second.added), (1, 0));
        assert_eq!(second.rendered.len(), 2);

        let batch = tree.batch();
        batch.store("index.html", b"broken".to_vec()).unwrap();
        batch.store("new/index.html", b"new".to_vec()).unwrap();
        drop(batch.finish());
        tree.discard_pending();
        assert_eq!(tree.get("index.html").unwrap(), b"home");
        assert!(!tree.contains("new/index.html"));
        assert!(!site.join(".holonet/serve-1/next").exists());
        let _ = fs::remove_dir_all(&site);
    }

    /// The files replaced stay in `next/` for the next updates to write into, never served,
    /// and no more of them than the spare files kept.
    #[test]
    fn replaced_files_are_written_into_again_and_only_the_new_bytes_are_served() {
        let site = temp_site("spares");
        let mut tree = DiskTree::open(&site).unwrap();
        let next = tree.work.join(NEXT);
        for round in 0..3 {
            let pages: Vec<(String, String)> = (0..5)
                .map(|n| {
                    (
                        format!("p{n}/index.html"),
                        format!("page {n}, round {round}"),
                    )
                })
                .collect();
            let pages: Vec<(&str, &str)> = pages
                .iter()
                .map(|(p, b)| (p.as_str(), b.as_str()))
                .collect();
            let committed = render(&mut tree, &pages, &[]);
            assert_eq!(committed.changed, 5, "round {round}");
            for (path, bytes) in &pages {
                assert_eq!(tree.get(path).unwrap(), bytes.as_bytes(), "round {round}");
            }
            let spares = fs::read_dir(&next).map_or(0, |entries| entries.count());
            assert!(
                spares <= 5.min(SPARE_FILES),
                "round {round}: {spares} spares"
            );
        }
        let _ = fs::remove_dir_all(&site);
    }

    #[test]
    fn a_second_serve_gets_its_own_folder_and_a_restart_reuses_the_files() {
        let site = temp_site("restart");
        let mut first = DiskTree::open(&site).unwrap();
        render(
            &mut first,
            &[("index.html", "home"), ("old/index.html", "old")],
            &[],
        );
        let second = DiskTree::open(&site).unwrap();
        assert_ne!(first.work, second.work, "one folder each");
        drop(second);
        drop(first);

        let mut again = DiskTree::open(&site).unwrap();
        assert!(again.work.ends_with("serve-1"));
        let committed = render(&mut again, &[("index.html", "home")], &[]);
        assert_eq!(committed.changed, 0, "the same bytes are taken as they are");
        again.sweep().unwrap();
        assert!(!site.join(".holonet/serve-1/site/old").exists());
        assert_eq!(again.read_all().len(), 1);
        let _ = fs::remove_dir_all(&site);
    }

    #[test]
    fn a_page_can_take_the_place_of_a_folder_and_removals_commit_with_the_render() {
        let site = temp_site("folder");
        let mut tree = DiskTree::open(&site).unwrap();
        render(&mut tree, &[("x/y.html", "y"), ("z.html", "z")], &[]);
        let batch = tree.batch();
        batch.store("x", b"file".to_vec()).unwrap();
        batch.remove(["x/y.html".to_string(), "never-there".to_string()]);
        assert!(batch.changes_paths());
        assert_eq!(
            batch.paths_after(),
            ["x".to_string(), "z.html".to_string()].into()
        );
        let committed = tree.commit(batch.finish()).unwrap();
        assert_eq!((committed.added, committed.removed.len()), (1, 1));
        assert_eq!(tree.get("x").unwrap(), b"file");
        assert!(!tree.contains("x/y.html"));
        let _ = fs::remove_dir_all(&site);
    }

    /// A link planted where the tree's folders go is removed, never written through; a
    /// working folder that is itself a link is not used.
    #[cfg(unix)]
    #[test]
    fn links_in_the_working_folder_are_never_followed() {
        let site = temp_site("links");
        let victim = temp_site("links-victim");
        fs::write(victim.join("index.html"), "PRECIOUS").unwrap();
        fs::create_dir_all(site.join(".holonet/serve-1")).unwrap();
        std::os::unix::fs::symlink(&victim, site.join(".holonet/serve-1/site")).unwrap();
        let mut tree = DiskTree::open(&site).unwrap();
        render(&mut tree, &[("index.html", "home")], &[]);
        tree.sweep().unwrap();
        assert_eq!(fs::read(victim.join("index.html")).unwrap(), b"PRECIOUS");
        assert!(!is_link(&site.join(".holonet/serve-1/site")));
        drop(tree);

        let elsewhere = temp_site("links-elsewhere");
        fs::remove_dir_all(site.join(".holonet")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, site.join(".holonet")).unwrap();
        assert!(DiskTree::open_beside(&site.join(".holonet")).is_err());
        assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
        for dir in [site, victim, elsewhere] {
            let _ = fs::remove_dir_all(dir);
        }
    }

    /// Each fallback folder is new, private to its user, and gone when done with; one a
    /// killed `serve` left is removed by the next, and nothing of anyone else's is touched.
    #[cfg(unix)]
    #[test]
    fn a_private_folder_is_new_each_time_and_only_its_own_are_cleared() {
        use std::os::unix::fs::PermissionsExt;
        let temporary = temp_site("private");
        let first = DiskTree::open_private(&temporary).unwrap();
        let second = DiskTree::open_private(&temporary).unwrap();
        assert_ne!(first.work, second.work);
        let mode = fs::metadata(&first.work).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        let kept = second.work.clone();
        drop(second);
        assert!(!kept.exists(), "removed when done with");

        drop(first);
        // As a kill leaves one: the folder stays, its lock free.
        let left = make_private_folder(&temporary).unwrap();
        fs::write(left.join(PRIVATE_LOCK), "").unwrap();
        fs::create_dir_all(left.join("site/events")).unwrap();
        let other = temporary.join(format!("{PRIVATE_PREFIX}someone-elses"));
        fs::create_dir(&other).unwrap();
        fs::write(other.join(PRIVATE_LOCK), "").unwrap();
        fs::set_permissions(&other, fs::Permissions::from_mode(0o755)).unwrap();
        let third = DiskTree::open_private(&temporary).unwrap();
        assert!(!left.exists(), "a left folder is cleared");
        assert!(
            other.exists(),
            "a folder others can open is not this user's"
        );
        drop(third);
        let _ = fs::remove_dir_all(&temporary);
    }
}
