//! `serve`'s copy of the site, kept on disk rather than in memory: a 1,000-event archive is a
//! gigabyte of pages, more than an organizer's laptop can hold beside a browser, while the
//! server only ever reads one page at a time.
//!
//! - **Where.** In the site's working folder `.holonet/` (the one `build` keeps its spare copy
//!   in, and that `holonet init` lists in `.gitignore`): `.holonet/serve-N/site/`, with `N` the
//!   first number whose lock (`.holonet/serve-N.lock`, the operating system's own, released
//!   when the process ends, even when it is killed) no other `serve` holds. Two `serve`s of one
//!   site each get their own folder. A site folder that cannot be written (a read-only
//!   checkout) gets one in the system's temporary folder instead.
//! - **What is in memory:** each file's length and 128-bit XXH3 hash, nothing more. A page
//!   rendered again with the same bytes is recognized by its hash and not written.
//! - **An update is all or nothing.** A render holds its changed files aside ([`Batch`]): in
//!   memory up to [`HELD_IN_MEMORY`] bytes (an edit's few hundred pages), in
//!   `.holonet/serve-N/next/` past that (a whole site rendered again); only once every page
//!   rendered are they put in place ([`DiskTree::commit`]). A render that fails leaves the served
//!   files as they were. Files are written in place, not through a temporary file: the server
//!   reads none while a commit runs, and a file torn by a kill is found on the next start,
//!   which compares every file with its new bytes.
//! - **A restart costs what changed.** The folder is kept when `serve` stops, so the next one
//!   finds the files of the last: a file it would write is compared with the one already there
//!   and kept when the bytes are the same, and what the new site does not have is removed.

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

/// A render's changed files past [`HELD_IN_MEMORY`], until they are moved into place.
const NEXT: &str = "next";

/// How many bytes of changed files a render holds in memory before it writes the rest aside:
/// enough for an edit to one event (its pages and every player page, when a result moves
/// ratings), little beside the site itself.
pub const HELD_IN_MEMORY: usize = 64 * 1024 * 1024;

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
    /// `.holonet/serve-N/`.
    work: PathBuf,
    files: BTreeMap<String, Entry>,
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
    pub changed: usize,
    /// Of those, files the tree did not have.
    pub added: usize,
}

impl DiskTree {
    /// Takes a folder of its own for the site at `site_root`: the first free
    /// `.holonet/serve-N/` beside it, or one in the system's temporary folder when the site
    /// folder cannot be written.
    pub fn open(site_root: &Path) -> Result<DiskTree, Diagnostic> {
        let beside = site_root.join(WORK_DIR);
        let error = match DiskTree::open_in(&beside) {
            Ok(tree) => return Ok(tree),
            Err(e) => e,
        };
        let temporary = std::env::temp_dir().join(format!(
            "holonet-serve-{:016x}",
            xxhash_rust::xxh3::xxh3_64(site_root.to_string_lossy().as_bytes())
        ));
        DiskTree::open_in(&temporary).map_err(|_| {
            Diagnostic::error(
                Code::Io,
                &beside,
                None,
                format!("cannot keep the served site in {}: {error}", beside.display()),
            )
            .with_help("serve keeps its copy of the site there: make the site folder writable, or free some space")
        })
    }

    fn open_in(parent: &Path) -> io::Result<DiskTree> {
        fs::create_dir_all(parent)?;
        for n in 1.. {
            let lock = fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(parent.join(format!("serve-{n}.lock")))?;
            match lock.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => continue,
                Err(fs::TryLockError::Error(e)) => return Err(e),
            }
            let work = parent.join(format!("serve-{n}"));
            remove_any(&work.join(NEXT))?;
            fs::create_dir_all(work.join(SITE))?;
            return Ok(DiskTree {
                work,
                files: BTreeMap::new(),
                _lock: lock,
            });
        }
        unreachable!("the numbers never run out")
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

    pub fn contains(&self, rel: &str) -> bool {
        self.files.contains_key(rel)
    }

    /// Every path of the tree, in order.
    pub fn paths(&self) -> impl Iterator<Item = &String> {
        self.files.keys()
    }

    /// The paths that start with `prefix`, in order.
    pub fn paths_under<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a String> + 'a {
        self.files
            .range(prefix.to_string()..)
            .map(|(path, _)| path)
            .take_while(move |path| path.starts_with(prefix))
    }

    /// Every file with its bytes: the whole site read back, for tests and tools.
    pub fn read_all(&self) -> Files {
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

    /// Moves the changed files of `batch` into place. Files of an earlier session found with
    /// the same bytes are taken as they are.
    pub fn commit(&mut self, pending: Pending) -> io::Result<Committed> {
        let state = pending.0;
        let next = self.work.join(NEXT);
        let mut committed = Committed {
            rendered: state.rendered,
            kept: state.kept,
            ..Committed::default()
        };
        for (rel, (entry, held)) in state.changed {
            let target = self.site_path(&rel);
            match held {
                Some(bytes) => write_in_place(&target, &bytes)?,
                None => {
                    make_room(&target)?;
                    fs::rename(next.join(&rel), &target)?;
                }
            }
            committed.changed += 1;
            committed.added += usize::from(self.files.insert(rel, entry).is_none());
        }
        committed.added += state.found.len();
        self.files.extend(state.found);
        remove_any(&next)?;
        Ok(committed)
    }

    /// Throws away what a render wrote aside: the served files stay as they were.
    pub fn discard_pending(&self) {
        let _ = remove_any(&self.work.join(NEXT));
    }

    /// The folder the tree is kept in (`.holonet/serve-N/`), for messages.
    pub fn folder(&self) -> &Path {
        &self.work
    }

    /// Writes one file in place of the one at `rel`; returns whether its bytes changed.
    pub fn put(&mut self, rel: &str, bytes: &[u8]) -> io::Result<bool> {
        let entry = Entry::of(bytes);
        if self.files.get(rel) == Some(&entry) {
            return Ok(false);
        }
        write_in_place(&self.site_path(rel), bytes)?;
        self.files.insert(rel.to_string(), entry);
        Ok(true)
    }

    /// Removes the file at `rel`.
    pub fn remove(&mut self, rel: &str) -> io::Result<()> {
        if self.files.remove(rel).is_some() {
            remove_any(&self.site_path(rel))?;
        }
        Ok(())
    }

    /// Removes from disk every file the tree does not list (left by an earlier session).
    pub fn sweep(&self) -> io::Result<()> {
        let site = self.work.join(SITE);
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
                    remove_any(entry.path())?;
                    entries.skip_current_dir();
                }
            } else if !self.files.contains_key(&rel) {
                remove_any(entry.path())?;
            }
        }
        Ok(())
    }
}

/// A render on its way into a [`DiskTree`]: a [`Store`] that writes only the files whose bytes
/// the tree does not already have, and writes them aside.
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
    /// To put in place: the bytes when held in memory, `None` when written aside.
    changed: BTreeMap<String, (Entry, Option<Vec<u8>>)>,
    /// The bytes held in memory.
    held: usize,
    /// Already on disk with these bytes (from an earlier session), not yet listed.
    found: BTreeMap<String, Entry>,
}

impl Batch<'_> {
    /// The render is over: what it did, no longer tied to the tree.
    pub fn finish(self) -> Pending {
        Pending(self.state.into_inner().unwrap_or_else(|e| e.into_inner()))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, BatchState> {
        // Each update is a few inserts: a panic elsewhere cannot leave it half done.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn write_aside(&self, rel: &str, bytes: &[u8]) -> io::Result<()> {
        let staged = self.tree.work.join(NEXT).join(rel);
        make_room(&staged)?;
        fs::write(&staged, bytes)
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
        let mut state = self.state();
        if state.held + bytes.len() <= HELD_IN_MEMORY {
            state.held += bytes.len();
            state.changed.insert(path.to_string(), (entry, Some(bytes)));
            return Ok(());
        }
        drop(state);
        self.write_aside(path, &bytes).map_err(|e| {
            let staged = self.tree.work.join(NEXT).join(path);
            Diagnostic::error(
                Code::Io,
                &staged,
                None,
                format!("cannot write {}: {e}", staged.display()),
            )
            .with_help("check the free space and permissions of the site's .holonet folder")
        })?;
        self.state().changed.insert(path.to_string(), (entry, None));
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

/// Writes `bytes` over the file at `path`, making its folders (and room) first when needed.
fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match fs::write(path, bytes) {
        Ok(()) => Ok(()),
        Err(_) => {
            make_room(path)?;
            fs::write(path, bytes)
        }
    }
}

/// Makes the folders above `path`, and removes whatever is at `path` itself when it is a
/// folder (a page that was a folder of pages before).
fn make_room(path: &Path) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    if fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
        fs::remove_dir_all(path)?;
    }
    Ok(())
}

/// Removes the file or folder at `path`, if there is one.
fn remove_any(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
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

    fn render(tree: &mut DiskTree, files: &[(&str, &str)]) -> Committed {
        let batch = tree.batch();
        for (path, text) in files {
            batch.store(path, text.as_bytes().to_vec()).unwrap();
        }
        let pending = batch.finish();
        tree.commit(pending).unwrap()
    }

    #[test]
    fn only_changed_files_are_written_and_a_discarded_render_changes_nothing() {
        let site = temp_site("changes");
        let mut tree = DiskTree::open(&site).unwrap();
        let first = render(&mut tree, &[("index.html", "home"), ("a/index.html", "a")]);
        assert_eq!((first.changed, first.added), (2, 2));
        assert_eq!(tree.get("a/index.html").unwrap(), b"a");
        let second = render(&mut tree, &[("index.html", "home"), ("a/index.html", "a2")]);
        assert_eq!((second.changed, second.added), (1, 0));
        assert_eq!(second.rendered.len(), 2);

        let batch = tree.batch();
        batch.store("index.html", b"broken".to_vec()).unwrap();
        drop(batch.finish());
        tree.discard_pending();
        assert_eq!(tree.get("index.html").unwrap(), b"home");
        assert!(!site.join(".holonet/serve-1/next").exists());
        let _ = fs::remove_dir_all(&site);
    }

    #[test]
    fn a_second_serve_gets_its_own_folder_and_a_restart_reuses_the_files() {
        let site = temp_site("restart");
        let mut first = DiskTree::open(&site).unwrap();
        render(
            &mut first,
            &[("index.html", "home"), ("old/index.html", "old")],
        );
        let second = DiskTree::open(&site).unwrap();
        assert_ne!(first.work, second.work, "one folder each");
        drop(second);
        drop(first);

        let mut again = DiskTree::open(&site).unwrap();
        assert!(again.work.ends_with("serve-1"));
        let committed = render(&mut again, &[("index.html", "home")]);
        assert_eq!(committed.changed, 0, "the same bytes are taken as they are");
        again.sweep().unwrap();
        assert!(!site.join(".holonet/serve-1/site/old").exists());
        assert_eq!(again.read_all().len(), 1);
        let _ = fs::remove_dir_all(&site);
    }

    #[test]
    fn a_page_can_take_the_place_of_a_folder() {
        let site = temp_site("folder");
        let mut tree = DiskTree::open(&site).unwrap();
        render(&mut tree, &[("x/y.html", "y")]);
        tree.remove("x/y.html").unwrap();
        assert!(tree.put("x", b"file").unwrap());
        assert_eq!(tree.get("x").unwrap(), b"file");
        assert!(
            !tree.put("x", b"file").unwrap(),
            "the same bytes are not written"
        );
        let _ = fs::remove_dir_all(&site);
    }
}
