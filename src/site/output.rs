//! Writing the site, file by file as pages are rendered, without ever leaving a half-written
//! output behind.
//!
//! - **Staged.** A changed file is written into a staging folder inside the output
//!   (`.holonet-staging`) as soon as it is rendered, so a build holds a few pages in memory, not
//!   the whole site. Only once every page rendered does [`Staging::commit`] move the staged files
//!   into place and remove the files the build no longer makes; a failed build drops the staging
//!   folder and the previous output is untouched. The first build into an empty folder has no
//!   previous output to protect: it writes straight into place (after an empty manifest, so that
//!   a build cut short leaves a folder the next one takes up) and removes it all if it fails.
//! - **Unchanged files stay as they are**, bytes and modification time. The manifest
//!   (`.holonet-manifest`) records each file's length and a 128-bit XXH3 hash, and is written
//!   last, so a file of the right length not modified since the manifest is still what the last
//!   build wrote: it is recognized without being read. A file modified later (edited by hand, or
//!   torn by a crash before the manifest was written) is compared byte by byte and rewritten
//!   when it differs. The manifest holds no times, so two builds of the same files are
//!   byte-identical, manifest included.
//! - **No fsync per file.** The output is made from the site's files and can always be made
//!   again; what matters is that a crash never leaves a file that looks finished and is not, and
//!   the manifest's lengths and its own time catch exactly that on the next build. Syncing twenty
//!   thousand files one by one would cost more than rendering them. The manifest itself is
//!   written atomically and synced.
//! - **Only its own files.** Holonet only ever removes files listed in its own manifest, so
//!   pointing `--out` at the wrong folder cannot delete work, and refuses a non-empty folder
//!   without one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::SystemTime;

/// Lists the files the last build wrote, with what it needs to recognize them unchanged.
pub const MANIFEST: &str = ".holonet-manifest";

/// The folder, inside the output, where a build stages the files it changes.
pub const STAGING: &str = ".holonet-staging";

/// The manifest's first line, naming its layout. A manifest without it (from an older Holonet)
/// lists bare paths: its files are compared byte by byte once, then recorded in full.
const MANIFEST_HEADER: &str = "# holonet manifest 2: length xxh3-128 path";

/// What a write did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct WriteReport {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
}

/// Why the output could not be written.
#[derive(Debug)]
pub enum OutputError {
    /// The folder holds files Holonet did not write.
    NotOurs(PathBuf),
    Io(PathBuf, io::Error),
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutputError::NotOurs(dir) => write!(
                f,
                "{} is not empty and was not written by holonet (it has no {MANIFEST}); choose a new or empty folder for --out",
                dir.display()
            ),
            OutputError::Io(path, e) => write!(f, "cannot write {}: {e}", path.display()),
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |e| OutputError::Io(path.to_path_buf(), e)
}

/// What the manifest knows of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Recorded {
    len: u64,
    hash: u128,
}

/// The previous build's files: path -> what was recorded (`None` for a bare-path manifest).
type Manifest = BTreeMap<String, Option<Recorded>>;

fn parse_manifest(text: &str) -> Manifest {
    let mut lines = text.lines();
    let full = lines.clone().next() == Some(MANIFEST_HEADER);
    if full {
        lines.next();
    }
    lines
        .filter_map(|line| {
            if !full {
                return Some((line.to_string(), None));
            }
            let mut parts = line.splitn(3, ' ');
            let len = parts.next()?.parse().ok()?;
            let hash = u128::from_str_radix(parts.next()?, 16).ok()?;
            Some((parts.next()?.to_string(), Some(Recorded { len, hash })))
        })
        .filter(|(path, _)| is_safe_relative(path) && !path.starts_with(STAGING))
        .collect()
}

fn manifest_text(files: &BTreeMap<String, Recorded>) -> String {
    let mut text = format!("{MANIFEST_HEADER}\n");
    for (path, r) in files {
        text.push_str(&format!("{} {:032x} {path}\n", r.len, r.hash));
    }
    text
}

/// Reads the previous build's manifest and its modification time, or refuses a non-empty
/// folder without one.
fn previous_files(out: &Path) -> Result<(Manifest, Option<SystemTime>), OutputError> {
    let manifest = out.join(MANIFEST);
    match fs::read_to_string(&manifest) {
        Ok(text) => Ok((
            parse_manifest(&text),
            fs::metadata(&manifest).and_then(|m| m.modified()).ok(),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let empty = match fs::read_dir(out) {
                Ok(mut entries) => entries.next().is_none(),
                Err(e) if e.kind() == io::ErrorKind::NotFound => true,
                Err(e) => return Err(OutputError::Io(out.to_path_buf(), e)),
            };
            if empty {
                Ok((Manifest::new(), None))
            } else {
                Err(OutputError::NotOurs(out.to_path_buf()))
            }
        }
        Err(e) => Err(OutputError::Io(manifest, e)),
    }
}

/// A relative path with no `..`, no root and no empty segment: the only kind written or removed.
fn is_safe_relative(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with('/')
        && !path.contains('\\')
        && path
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

fn hash(bytes: &[u8]) -> u128 {
    xxhash_rust::xxh3::xxh3_128(bytes)
}

/// Writes `path` atomically and durably: a temporary file beside it, synced, then renamed.
fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".holonet-tmp");
    let tmp = PathBuf::from(tmp);
    let mut file = fs::File::create(&tmp).map_err(io_err(&tmp))?;
    file.write_all(bytes).map_err(io_err(&tmp))?;
    file.sync_all().map_err(io_err(&tmp))?;
    drop(file);
    fs::rename(&tmp, path).map_err(io_err(path))
}

/// A build's output in progress: files are handed over as they are rendered (from any thread),
/// and reach the output folder only at [`Staging::commit`]. Dropped without a commit, it removes
/// what it staged and the output stays as the previous build left it.
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    /// `Some` when the output started empty (whether the folder existed): then there is nothing
    /// to keep intact, files are written straight into place, and a failed build removes them.
    fresh: Option<bool>,
    previous: Manifest,
    /// When the previous manifest was written: files not modified since are as it records.
    previous_time: Option<SystemTime>,
    state: Mutex<State>,
    next_name: AtomicUsize,
    committed: bool,
}

#[derive(Default)]
struct State {
    /// Every file of this build, with its length and hash.
    files: BTreeMap<String, Recorded>,
    /// Changed or new files: output path -> staged file.
    staged: BTreeMap<String, PathBuf>,
    unchanged: usize,
}

impl Staging {
    /// Starts a build into `out`: reads the previous manifest (refusing a folder Holonet did not
    /// write) and makes a fresh staging folder.
    pub fn open(out: &Path) -> Result<Staging, OutputError> {
        let (previous, previous_time) = previous_files(out)?;
        let existed = out.exists();
        // A folder with no manifest is empty (or missing): its previous state is nothing at all.
        let fresh = !out.join(MANIFEST).exists();
        let dir = out.join(STAGING);
        match fs::remove_dir_all(&dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(OutputError::Io(dir, e)),
        }
        for shard in 0..rayon::current_num_threads().max(1) {
            let sub = dir.join(shard.to_string());
            fs::create_dir_all(&sub).map_err(io_err(&sub))?;
        }
        if fresh {
            // Written first, so that a build cut short leaves a folder the next build accepts
            // as its own (and compares file by file).
            write_synced(
                &out.join(MANIFEST),
                manifest_text(&BTreeMap::new()).as_bytes(),
            )?;
        }
        Ok(Staging {
            out: out.to_path_buf(),
            dir,
            fresh: fresh.then_some(existed),
            previous,
            previous_time,
            state: Mutex::new(State::default()),
            next_name: AtomicUsize::new(0),
            committed: false,
        })
    }

    /// Hands over one file of the build (`rel`: its path under the output). A file whose bytes
    /// are already in place is only recorded; any other is written to the staging folder.
    pub fn put(&self, rel: &str, bytes: &[u8]) -> Result<(), OutputError> {
        if !is_safe_relative(rel) || rel == MANIFEST || rel.starts_with(STAGING) {
            return Err(OutputError::Io(
                self.out.join(rel),
                io::Error::new(io::ErrorKind::InvalidInput, "not a path inside the output"),
            ));
        }
        let recorded = Recorded {
            len: bytes.len() as u64,
            hash: hash(bytes),
        };
        if self.in_place(rel, bytes, &recorded) {
            let mut state = self.lock();
            state.files.insert(rel.to_string(), recorded);
            state.unchanged += 1;
            return Ok(());
        }
        if self.fresh.is_some() {
            let path = self.out.join(rel);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(io_err(parent))?;
            }
            fs::write(&path, bytes).map_err(io_err(&path))?;
            self.lock().files.insert(rel.to_string(), recorded);
            return Ok(());
        }
        let name = self.next_name.fetch_add(1, Ordering::Relaxed);
        // One staging subfolder per rendering thread: threads creating files in one folder
        // queue on its lock.
        let shard = rayon::current_thread_index().unwrap_or(0);
        let staged = self.dir.join(shard.to_string()).join(name.to_string());
        fs::write(&staged, bytes).map_err(io_err(&staged))?;
        let mut state = self.lock();
        state.files.insert(rel.to_string(), recorded);
        state.staged.insert(rel.to_string(), staged);
        Ok(())
    }

    /// Keeps the files `rels` as the last build left them, without their bytes: when every one
    /// is in the previous manifest and untouched since, records them all and returns true;
    /// otherwise records nothing (the caller renders them instead).
    pub fn keep(&self, rels: &[String]) -> bool {
        let mut kept = Vec::with_capacity(rels.len());
        for rel in rels {
            let Some(Some(recorded)) = self.previous.get(rel) else {
                return false;
            };
            let untouched = fs::metadata(self.out.join(rel))
                .is_ok_and(|m| m.is_file() && m.len() == recorded.len && self.untouched(&m));
            if !untouched {
                return false;
            }
            kept.push((rel.clone(), *recorded));
        }
        let mut state = self.lock();
        state.unchanged += kept.len();
        state.files.extend(kept);
        true
    }

    /// Whether the file at `rel` already holds `bytes`.
    fn in_place(&self, rel: &str, bytes: &[u8], new: &Recorded) -> bool {
        let Ok(metadata) = fs::metadata(self.out.join(rel)) else {
            return false;
        };
        if !metadata.is_file() || metadata.len() != new.len {
            return false;
        }
        let untouched = self.untouched(&metadata);
        match self.previous.get(rel) {
            // As the last build left it: its hash says whether the bytes are the same.
            Some(Some(old)) if untouched => *old == *new,
            // Modified since, or never recorded in full: compare the bytes.
            _ => fs::read(self.out.join(rel)).is_ok_and(|old| old == bytes),
        }
    }

    /// Whether a file was last modified no later than the previous manifest: then it is as that
    /// build left it.
    fn untouched(&self, metadata: &fs::Metadata) -> bool {
        match (metadata.modified(), self.previous_time) {
            (Ok(modified), Some(manifest)) => modified <= manifest,
            _ => false,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the maps half-updated (each update is
        // one insert), so a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many files were handed over so far.
    pub fn file_count(&self) -> usize {
        self.lock().files.len()
    }

    /// Moves the staged files into place, removes the previous build's files this one did not
    /// make, and records the new manifest.
    pub fn commit(mut self) -> Result<WriteReport, OutputError> {
        let state = std::mem::take(&mut *self.lock());
        let files = state.files;
        let mut report = WriteReport {
            written: if self.fresh.is_some() {
                files.len()
            } else {
                state.staged.len()
            },
            unchanged: state.unchanged,
            removed: 0,
        };
        let mut made: BTreeSet<PathBuf> = BTreeSet::new();
        for (rel, staged) in &state.staged {
            let path = self.out.join(rel);
            if let Some(parent) = path.parent()
                && !made.contains(parent)
            {
                fs::create_dir_all(parent).map_err(io_err(parent))?;
                made.insert(parent.to_path_buf());
            }
            fs::rename(staged, &path).map_err(io_err(&path))?;
        }
        for gone in self.previous.keys().filter(|p| !files.contains_key(*p)) {
            let path = self.out.join(gone);
            match fs::remove_file(&path) {
                Ok(()) => {
                    report.removed += 1;
                    remove_empty_parents(&self.out, &path);
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(OutputError::Io(path, e)),
            }
        }
        // Written after every file, and again whenever a file was (its time must be the newest).
        let manifest = manifest_text(&files);
        if report.written > 0
            || fs::read_to_string(self.out.join(MANIFEST)).ok().as_deref()
                != Some(manifest.as_str())
        {
            write_synced(&self.out.join(MANIFEST), manifest.as_bytes())?;
        }
        self.committed = true;
        let _ = fs::remove_dir_all(&self.dir);
        Ok(report)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        match self.fresh {
            // The folder held nothing before this build: it holds nothing after.
            Some(existed) => {
                if existed {
                    for entry in fs::read_dir(&self.out).into_iter().flatten().flatten() {
                        let path = entry.path();
                        let _ = if entry.file_type().is_ok_and(|t| t.is_dir()) {
                            fs::remove_dir_all(&path)
                        } else {
                            fs::remove_file(&path)
                        };
                    }
                } else {
                    let _ = fs::remove_dir_all(&self.out);
                }
            }
            None => {
                let _ = fs::remove_dir_all(&self.dir);
            }
        }
    }
}

/// Removes the now-empty folders between a removed file and the output root.
fn remove_empty_parents(out: &Path, removed: &Path) {
    let mut dir = removed.parent();
    while let Some(d) = dir {
        if d == out || fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brings `out` to exactly `files`, as a build does.
    fn write_site(
        out: &Path,
        files: &BTreeMap<String, Vec<u8>>,
    ) -> Result<WriteReport, OutputError> {
        let staging = Staging::open(out)?;
        for (rel, bytes) in files {
            staging.put(rel, bytes)?;
        }
        staging.commit()
    }

    fn files(list: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        list.iter()
            .map(|(p, b)| (p.to_string(), b.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn writes_changes_only_and_removes_what_is_gone() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let first = write_site(
            &out,
            &files(&[("index.html", "a"), ("events/x/index.html", "b")]),
        )
        .expect("first");
        assert_eq!(
            first,
            WriteReport {
                written: 2,
                unchanged: 0,
                removed: 0
            }
        );
        let second = write_site(&out, &files(&[("index.html", "a2")])).expect("second");
        assert_eq!(
            second,
            WriteReport {
                written: 1,
                unchanged: 0,
                removed: 1
            }
        );
        assert!(!out.join("events").exists(), "empty folders are removed");
        let third = write_site(&out, &files(&[("index.html", "a2")])).expect("third");
        assert_eq!(
            third,
            WriteReport {
                written: 0,
                unchanged: 1,
                removed: 0
            }
        );
    }

    #[test]
    fn refuses_a_folder_it_did_not_write() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join("precious.txt"), "keep").expect("write");
        let err = write_site(dir.path(), &files(&[("index.html", "a")])).expect_err("refused");
        assert!(matches!(err, OutputError::NotOurs(_)));
        assert_eq!(
            fs::read_to_string(dir.path().join("precious.txt")).expect("kept"),
            "keep"
        );
    }

    #[test]
    fn a_tampered_manifest_cannot_reach_outside() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        fs::create_dir_all(&out).expect("mkdir");
        fs::write(dir.path().join("outside.txt"), "keep").expect("write");
        fs::write(out.join(MANIFEST), "../outside.txt\n/etc/passwd\n").expect("write");
        write_site(&out, &files(&[("index.html", "a")])).expect("written");
        assert!(dir.path().join("outside.txt").exists());
    }

    #[test]
    fn a_file_changed_by_hand_is_noticed_even_at_the_same_length() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let site = files(&[("index.html", "abc"), ("b.html", "b")]);
        write_site(&out, &site).expect("first");
        // Make sure the edit's time is after the manifest's, whatever the clock's resolution.
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(out.join("index.html"), "xyz").expect("edit");
        let again = write_site(&out, &site).expect("second");
        assert_eq!((again.written, again.unchanged), (1, 1));
        assert_eq!(
            fs::read_to_string(out.join("index.html")).expect("read"),
            "abc"
        );
    }

    #[test]
    fn unchanged_files_keep_their_time_and_the_manifest_is_reproducible() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        let site = files(&[("index.html", "a"), ("x/y/index.html", "y")]);
        write_site(&a, &site).expect("a");
        write_site(&b, &site).expect("b");
        let manifest = |out: &Path| fs::read(out.join(MANIFEST)).expect("manifest");
        assert_eq!(
            manifest(&a),
            manifest(&b),
            "no times or machine facts in the manifest"
        );
        let time = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).expect("time");
        let before = time(&a.join("x/y/index.html"));
        std::thread::sleep(std::time::Duration::from_millis(20));
        let again = write_site(&a, &site).expect("again");
        assert_eq!((again.written, again.unchanged), (0, 2));
        assert_eq!(time(&a.join("x/y/index.html")), before);
    }

    #[test]
    fn a_build_dropped_before_its_commit_leaves_the_output_as_it_was() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        write_site(&out, &files(&[("index.html", "old")])).expect("first");
        let staging = Staging::open(&out).expect("open");
        staging.put("index.html", b"new").expect("put");
        staging.put("more/index.html", b"more").expect("put");
        drop(staging);
        assert_eq!(
            fs::read_to_string(out.join("index.html")).expect("read"),
            "old"
        );
        assert!(!out.join("more").exists());
        assert!(!out.join(STAGING).exists(), "the staging folder is removed");
    }

    #[test]
    fn a_manifest_of_bare_paths_is_still_understood() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        fs::create_dir_all(&out).expect("mkdir");
        fs::write(out.join("index.html"), "a").expect("write");
        fs::write(out.join("gone.html"), "g").expect("write");
        fs::write(out.join(MANIFEST), "index.html\ngone.html\n").expect("write");
        let report = write_site(&out, &files(&[("index.html", "a")])).expect("written");
        assert_eq!(
            report,
            WriteReport {
                written: 0,
                unchanged: 1,
                removed: 1
            }
        );
        let manifest = fs::read_to_string(out.join(MANIFEST)).expect("manifest");
        assert!(manifest.starts_with(MANIFEST_HEADER));
    }

    #[test]
    fn a_failed_first_build_leaves_nothing_and_a_cut_short_one_is_taken_up() {
        let dir = tempfile::tempdir().expect("tempdir");
        // Into a folder that does not exist yet, and into an empty one.
        for (out, existed) in [
            (dir.path().join("new"), false),
            (dir.path().join("empty"), true),
        ] {
            if existed {
                fs::create_dir_all(&out).expect("mkdir");
            }
            let staging = Staging::open(&out).expect("open");
            staging.put("a/b/index.html", b"page").expect("put");
            drop(staging);
            assert_eq!(out.exists(), existed, "{}", out.display());
            if existed {
                assert_eq!(fs::read_dir(&out).expect("read").count(), 0, "left empty");
            }
        }
        // Cut short (no commit, no clean-up): the next build accepts the folder as its own.
        let out = dir.path().join("cut");
        let staging = Staging::open(&out).expect("open");
        staging.put("index.html", b"a").expect("put");
        std::mem::forget(staging);
        let report =
            write_site(&out, &files(&[("index.html", "a"), ("b.html", "b")])).expect("taken up");
        assert_eq!((report.written, report.unchanged), (1, 1));
    }
}
