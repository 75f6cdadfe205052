//! Writing the site so that the output folder is always one whole build, the previous one or
//! the new one, never a mix, whatever stops a build: an error, a full disk, a permission refused
//! on one folder, a kill, a power cut.
//!
//! - **Two copies, swapped in one step.** Beside the output folder, in a `.holonet/` folder next
//!   to it, Holonet keeps a spare copy of the output (`.holonet/public.spare` for `public/`). A
//!   build writes only there, and once every page is rendered it exchanges the two folders with
//!   one rename (`renameat2` with `RENAME_EXCHANGE` on Linux, `renamex_np` with `RENAME_SWAP` on
//!   macOS). Until then the output is not touched at all; from then on it is the new build,
//!   whole, and the previous one is the spare. Where no exchange exists (Windows, some network
//!   file systems) the exchange is three renames, and a build cut between them is finished by
//!   the next one before it does anything else.
//! - **The spare costs what changed.** A file the new build shares with the current output is a
//!   hard link to it, not a copy, so the spare takes the space of the files that changed, and
//!   bringing it up to date costs what changed in the last two builds. Files are never written in
//!   place (a linked file is replaced by a new one), so one folder never changes the other.
//! - **Trust, but check.** Each folder has its manifest (`.holonet-manifest`: each file's length
//!   and 128-bit XXH3 hash), written after every file it lists, so a file of the right length
//!   not modified since is what the manifest says: recognized without being read. A file modified
//!   later (edited by hand) is compared byte by byte. The spare's manifest is deleted before the
//!   spare is touched: a spare whose build was stopped has none, and is emptied and made again
//!   from the output.
//! - **Sealed, or not believed.** Each manifest ends with a seal, a keyed hash of it under the
//!   site folder's secret ([`Secret`]). A manifest without the right seal (an older Holonet's,
//!   another site folder's, an output restored from an artifact, an edit) is not believed: no
//!   file is recognized, kept or removed on its word. The build compares every file with the
//!   one already there, and keeps every file it does not make, as if put there by hand (it
//!   cannot tell an earlier build's pages from a user's `CNAME`), and says which
//!   ([`WriteReport::kept_unsealed`]); its own manifest lists them as carried over.
//! - **Only changed folders are read.** The manifest also lists the entries a build carried over
//!   (see below), so it names everything its folder held. A folder whose modification time is
//!   earlier than the manifest's had nothing added, removed or renamed since: it holds what the
//!   manifest says, and is not read. Only the folders changed since (a file added or deleted by
//!   hand, a stopped build's leftovers) are read, so bringing the spare up to date and finding
//!   the files Holonet did not write costs what changed, not a walk over the whole output. The per-event reuse record (`.holonet-events`) is one of the build's files,
//!   swapped with the rest, so it always describes the folder it is in.
//! - **Unchanged files stay as they are**, bytes and modification time (a hard link shares both).
//!   The manifest holds no times, so two builds of the same files are byte-identical.
//! - **No fsync per file.** The output can always be made again from the site; the manifests
//!   and the exchange are synced, and the manifests' lengths and times catch a file torn by a
//!   power cut on the next build.
//! - **Only its own files, never through a link.** Holonet only ever writes in the spare, removes
//!   there only what the new build does not hold, and refuses a non-empty output folder without
//!   a manifest. Files it did not write (a `CNAME` put there by hand) are carried over. A symbolic
//!   link inside the output (from a restored cache or artifact) is never followed: where
//!   Holonet's own files go, it is replaced by a real folder in the new copy; elsewhere it is
//!   carried over as a link.
//! - **One build at a time** per output folder: a second waits for the first (`.holonet/public.lock`).
//!
//! This module runs a build's output ([`Staging`]); each mechanism has its module: the
//! manifests and their seals (`manifest`), a folder as its manifest describes it and the file
//! steps that never follow a link (`tree`), and the spare's place and the exchange (`exchange`).

use crate::diag::Shown;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::addresses::MANIFEST;
use super::hosting::Upload;
use crate::atomic::{HeldLock, hold_lock};
use crate::input_key::Secret;

mod exchange;
mod manifest;
mod tree;

use exchange::{
    Places, check_same_file_system, exchange, finish_exchange, is_empty_dir, sync_dir, write_synced,
};
use manifest::{
    Found, Recorded, hash, hash_file, is_reserved, is_safe_relative, manifest_text, read_manifest,
};
use tree::{
    Tree, ancestors, child, copy_entry, folders_of, new_file, parent, remove_entry, remove_tree,
    same_file,
};

/// Holonet's working folder beside the output folder: its spare copy and its build lock.
pub(crate) const WORK_DIR: &str = ".holonet";

/// What a write did, measured against the output as it was.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
    /// The entries of the output this build did not make and kept because the output's
    /// manifest is not sealed ([`Found::Unsealed`]): nothing says whether they are an earlier
    /// build's or someone's own, so none is removed. Listed as carried over from then on.
    pub(crate) kept_unsealed: Vec<String>,
}

/// Why the output could not be written. In every case the output folder is as it was.
#[derive(Debug)]
pub(crate) enum OutputError {
    /// The folder holds files Holonet did not write.
    NotOurs(PathBuf),
    /// The output folder cannot be replaced in one step (the reason says why and what to do).
    Refused(PathBuf, String),
    Io(PathBuf, io::Error),
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutputError::NotOurs(dir) => write!(
                f,
                "{} is not empty and was not written by holonet (it has no {MANIFEST}); choose a new or empty folder for --out",
                dir.shown()
            ),
            OutputError::Refused(dir, why) => {
                write!(f, "cannot build into {}: {why}", dir.shown())
            }
            OutputError::Io(path, e) => write!(f, "cannot write {}: {e}", path.shown()),
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |e| OutputError::Io(path.to_path_buf(), e)
}

/// A build's output in progress: files are handed over as they are rendered (from any thread)
/// and written into the spare copy, which replaces the output only at [`Staging::commit`].
/// Dropped without a commit, the output stays as the previous build left it.
pub(crate) struct Staging {
    out: Tree,
    spare: Tree,
    places: Places,
    /// The output held no build before this one.
    fresh: bool,
    /// The output's manifest is not sealed under the site folder's secret ([`Found::Unsealed`]):
    /// every file this build does not make is kept, as if put there by hand.
    unsealed: bool,
    /// The site folder's secret, which the manifests are sealed under.
    secret: Secret,
    state: Mutex<State>,
    /// The files [`Staging::can_keep`] found as recorded: the output is not written during a
    /// build, so [`Staging::keep`] takes them without looking at them a second time.
    keepable: Mutex<HashSet<String>>,
    committed: bool,
    _lock: HeldLock,
}

#[derive(Default)]
struct State {
    /// Every file of this build, with its length and hash.
    files: BTreeMap<String, Recorded>,
    /// Files already in the output as they are.
    unchanged: usize,
}

impl Staging {
    /// Starts a build into `out`: takes the output's build lock, finishes an exchange a stopped
    /// build began, reads the output's manifest (refusing a folder Holonet did not write) and
    /// readies the spare copy. `secret` is the site folder's: the manifests are sealed under it.
    pub(crate) fn open(out: &Path, secret: Secret) -> Result<Staging, OutputError> {
        let places = Places::of(out)?;
        let lock = hold_lock(&places.lock, &format!("building into {}", out.shown()))
            .map_err(|why| OutputError::Refused(out.to_path_buf(), why))?;
        finish_exchange(out, &places)?;
        let found = read_manifest(out, &secret)?;
        let fresh = matches!(found, Found::Missing);
        if fresh && !is_empty_dir(out)? {
            return Err(OutputError::NotOurs(out.to_path_buf()));
        }
        check_same_file_system(out, &places.spare)?;
        let unsealed = matches!(found, Found::Unsealed);
        let previous = match found {
            Found::Sealed(manifest, time) => Some((manifest, time)),
            Found::Missing | Found::Unsealed => None,
        };
        // The spare's manifest goes before anything in it changes: a spare without one (or
        // without its seal) is not trusted, and is made again from the output.
        let spare_manifest = if fresh {
            None
        } else {
            match read_manifest(&places.spare, &secret)? {
                Found::Sealed(manifest, time) if !manifest.files.is_empty() => {
                    Some((manifest, time))
                }
                Found::Sealed(..) | Found::Unsealed | Found::Missing => None,
            }
        };
        if spare_manifest.is_some() {
            let manifest = places.spare.join(MANIFEST);
            fs::remove_file(&manifest).map_err(io_err(&manifest))?;
            sync_dir(&places.spare);
        } else {
            remove_tree(&places.spare)?;
            fs::create_dir(&places.spare).map_err(io_err(&places.spare))?;
        }
        Ok(Staging {
            out: Tree::new(out.to_path_buf(), previous),
            spare: Tree::new(places.spare.clone(), spare_manifest),
            places,
            fresh,
            unsealed,
            secret,
            state: Mutex::new(State::default()),
            keepable: Mutex::default(),
            committed: false,
            _lock: lock,
        })
    }

    /// Hands over one file of the build (`rel`: its path under the output).
    pub(crate) fn put(&self, rel: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let new = Recorded {
            len: bytes.len() as u64,
            hash: hash(bytes),
        };
        self.place(rel, &new, Some(bytes), |target| {
            new_file(target)?.write_all(bytes)
        })
    }

    /// Hands over a file of the build copied from `source` (a static file): hashed and copied
    /// by streaming, never read whole into memory.
    pub(crate) fn put_file(&self, rel: &str, source: &Path) -> Result<(), OutputError> {
        let new = hash_file(source).map_err(io_err(source))?;
        self.place(rel, &new, None, |target| {
            io::copy(&mut fs::File::open(source)?, &mut new_file(target)?).map(drop)
        })
    }

    /// Brings the spare's file at `rel` to `new`: already there, a hard link to the output's
    /// identical file, or written by `write`. `bytes`, when at hand, settles a file the
    /// manifests cannot vouch for.
    fn place(
        &self,
        rel: &str,
        new: &Recorded,
        bytes: Option<&[u8]>,
        write: impl FnOnce(&Path) -> io::Result<()>,
    ) -> Result<(), OutputError> {
        if !is_safe_relative(rel) || is_reserved(rel) {
            return Err(OutputError::Io(
                self.out.path(rel),
                io::Error::new(io::ErrorKind::InvalidInput, "not a path inside the output"),
            ));
        }
        let in_output = !self.fresh && self.out.holds(rel, new, bytes);
        if !self.spare.holds(rel, new, bytes) {
            let target = self.spare.make_room(rel)?;
            if !(in_output && fs::hard_link(self.out.path(rel), &target).is_ok()) {
                write(&target).map_err(io_err(&target))?;
            }
        }
        let mut state = self.lock();
        state.files.insert(rel.to_string(), *new);
        state.unchanged += usize::from(in_output);
        Ok(())
    }

    /// Whether the output holds `rel` as the last build left it, so that [`Staging::keep`]
    /// can keep it: checked before a build decides what to render.
    pub(crate) fn can_keep(&self, rel: &str) -> bool {
        let keepable = self.as_recorded(rel).is_some();
        if keepable {
            let mut known = self.keepable.lock().unwrap_or_else(|e| e.into_inner());
            known.insert(rel.to_string());
        }
        keepable
    }

    /// What the output's manifest records of `rel`, when the file is still as recorded.
    fn as_recorded(&self, rel: &str) -> Option<Recorded> {
        let recorded = self.out.files.get(rel)?;
        let known = self.keepable.lock().unwrap_or_else(|e| e.into_inner());
        if known.contains(rel) {
            return Some(*recorded);
        }
        drop(known);
        let untouched = self
            .out
            .file(rel)
            .is_some_and(|m| m.len() == recorded.len && self.out.untouched(&m));
        untouched.then_some(*recorded)
    }

    /// Keeps the files `rels` as the last build left them, without their bytes: when every one
    /// is in the output's manifest and untouched since, records them all and returns true;
    /// otherwise returns false (the caller renders them instead).
    pub(crate) fn keep(&self, rels: &[String]) -> bool {
        let mut kept = Vec::with_capacity(rels.len());
        for rel in rels {
            let Some(recorded) = self.as_recorded(rel) else {
                return false;
            };
            kept.push((rel.clone(), recorded));
        }
        for (rel, recorded) in &kept {
            if !self.spare.holds(rel, recorded, None) {
                let linked = self
                    .spare
                    .make_room(rel)
                    .is_ok_and(|target| fs::hard_link(self.out.path(rel), target).is_ok());
                if !linked {
                    return false;
                }
            }
        }
        let mut state = self.lock();
        state.unchanged += kept.len();
        state.files.extend(kept);
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Each update is one insert and one addition: a panic elsewhere cannot leave the state
        // half-updated, so a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How many files were handed over so far.
    pub(crate) fn file_count(&self) -> usize {
        self.lock().files.len()
    }

    /// The build's files as a host receives them (files put into the output by hand, which the
    /// commit carries over, are not counted).
    pub(crate) fn upload(&self) -> Upload {
        let state = self.lock();
        Upload::of(state.files.iter().map(|(rel, r)| (rel.as_str(), r.len)))
    }

    /// Completes the spare copy (files Holonet did not write carried over from the output,
    /// what the new build does not hold removed, its manifest written) and exchanges it with
    /// the output.
    pub(crate) fn commit(mut self) -> Result<WriteReport, OutputError> {
        let state = std::mem::take(&mut *self.lock());
        let files = state.files;
        // The folders above the build's files: after an edit, those of both manifests too.
        let dirs = folders_of(files.keys());
        let foreign = if self.fresh {
            BTreeSet::new()
        } else {
            self.carry_foreign(&files, &dirs)?
        };
        self.sweep_spare(&files, &foreign, &dirs)?;
        let removed = if self.out.files.keys().eq(files.keys()) {
            0
        } else {
            self.out
                .files
                .keys()
                .filter(|rel| !files.contains_key(*rel) && self.out.file(rel).is_some())
                .count()
        };
        let out = &self.out.root;
        let manifest = self.secret.seal_text(&manifest_text(&files, &foreign));
        write_synced(&self.spare.path(MANIFEST), manifest.as_bytes())?;
        let same_as_output = !self.fresh
            && files.len() == state.unchanged
            && removed == 0
            && fs::read_to_string(self.out.path(MANIFEST)).is_ok_and(|m| m == manifest);
        if same_as_output {
            // Nothing changed: the output is left alone (not even exchanged), and the spare,
            // brought up to the same files, is as good as before.
            self.committed = true;
            return Ok(WriteReport {
                written: 0,
                unchanged: state.unchanged,
                removed: 0,
                kept_unsealed: Vec::new(),
            });
        }
        if fs::symlink_metadata(out).is_ok() {
            exchange(out, &self.spare.root, &self.places.swap).map_err(io_err(out))?;
            if self.fresh {
                // What was exchanged out is the empty folder the build started from.
                let _ = fs::remove_dir(&self.spare.root);
            }
        } else {
            fs::rename(&self.spare.root, out).map_err(io_err(out))?;
        }
        self.committed = true;
        if let Some(parent) = self.places.spare.parent() {
            sync_dir(parent);
        }
        sync_dir(out.parent().unwrap_or(Path::new(".")));
        let kept_unsealed = if self.unsealed {
            foreign.into_iter().collect()
        } else {
            Vec::new()
        };
        Ok(WriteReport {
            written: files.len() - state.unchanged,
            unchanged: state.unchanged,
            removed,
            kept_unsealed,
        })
    }

    /// Copies into the spare, as hard links (links as links), the output's files that no
    /// build wrote, unless the new build has its own file or folder there (`dirs`: the folders
    /// above its files). Returns their paths.
    fn carry_foreign(
        &self,
        files: &BTreeMap<String, Recorded>,
        dirs: &BTreeSet<&str>,
    ) -> Result<BTreeSet<String>, OutputError> {
        let mut foreign = BTreeSet::new();
        for (rel, kind) in self.out.others(&self.out.listed_folders(files, dirs))? {
            let ours = is_reserved(&rel)
                || files.contains_key(&rel)
                || dirs.contains(rel.as_str())
                || ancestors(&rel).any(|dir| files.contains_key(dir));
            if ours {
                continue;
            }
            let original = self.out.path(&rel);
            if !self.spare_has_same(&rel, &original) {
                let target = self.spare.make_room(&rel)?;
                copy_entry(&original, &target, kind)?;
            }
            foreign.insert(rel);
        }
        Ok(foreign)
    }

    /// Whether the spare's entry at `rel` is already the output's (the same file, or a link
    /// to the same place).
    fn spare_has_same(&self, rel: &str, original: &Path) -> bool {
        let (Ok(a), Ok(b)) = (
            fs::symlink_metadata(original),
            fs::symlink_metadata(self.spare.path(rel)),
        ) else {
            return false;
        };
        if a.file_type().is_symlink() {
            return b.file_type().is_symlink()
                && fs::read_link(original).ok() == fs::read_link(self.spare.path(rel)).ok();
        }
        same_file(&a, &b)
    }

    /// Removes from the spare everything that is neither a file of the new build nor carried
    /// over, nor a folder on the way to one. What the spare held is known from its manifest,
    /// read before it changed, and from reading the folders changed since (see
    /// [`Tree::folder`]): the spare is not walked.
    fn sweep_spare(
        &self,
        files: &BTreeMap<String, Recorded>,
        foreign: &BTreeSet<String>,
        built_dirs: &BTreeSet<&str>,
    ) -> Result<(), OutputError> {
        let kept_dirs = if foreign.is_empty() {
            Cow::Borrowed(built_dirs)
        } else {
            Cow::Owned(folders_of(files.keys().chain(foreign)))
        };
        let stays =
            |rel: &str| files.contains_key(rel) || foreign.contains(rel) || kept_dirs.contains(rel);
        let spare = &self.spare;
        let dirs = spare.listed_folders(files, built_dirs);
        // What the spare's manifest lists and the build does not hold goes (every listed path
        // stays when the spare listed the build's files, as after an edit).
        let mut doomed: Vec<String> = if matches!(dirs, Cow::Borrowed(_)) {
            Vec::new()
        } else {
            spare
                .files
                .keys()
                .chain(&spare.carried)
                .filter(|rel| !stays(rel) && spare.folder(parent(rel)) == Some(true))
                .cloned()
                .collect()
        };
        for dir in std::iter::once("").chain(dirs.iter().copied()) {
            let Some(unchanged) = spare.folder(dir) else {
                continue;
            };
            if !dir.is_empty() && !stays(dir) {
                doomed.push(dir.to_string());
            } else if !unchanged {
                let path = spare.path(dir);
                for entry in fs::read_dir(&path).map_err(io_err(&path))? {
                    let entry = entry.map_err(io_err(&path))?;
                    let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                        continue;
                    };
                    let rel = child(dir, &name);
                    if !stays(&rel) && !dirs.contains(rel.as_str()) {
                        doomed.push(rel);
                    }
                }
            }
        }
        for rel in doomed {
            remove_entry(&spare.path(&rel))?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            // The output was never touched; the spare, half made, would not be trusted again.
            let _ = remove_tree(&self.spare.root);
        }
    }
}

#[cfg(test)]
mod tests {
    use walkdir::WalkDir;

    use super::exchange::write_synced;
    use super::manifest::{MANIFEST_HEADER, Recorded, manifest_text};
    use super::tree::relative;
    use super::*;

    /// Brings `out` to exactly `files`, as a build does.
    fn write_site(
        out: &Path,
        files: &BTreeMap<String, Vec<u8>>,
    ) -> Result<WriteReport, OutputError> {
        let staging = Staging::open(out, secret())?;
        for (rel, bytes) in files {
            staging.put(rel, bytes)?;
        }
        staging.commit()
    }

    /// The secret of the site folder the tests build: what their manifests are sealed under.
    fn secret() -> Secret {
        Secret::of_tests([1, 2])
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
                removed: 0,
                ..WriteReport::default()
            }
        );
        let second = write_site(&out, &files(&[("index.html", "a2")])).expect("second");
        assert_eq!(
            second,
            WriteReport {
                written: 1,
                unchanged: 0,
                removed: 1,
                ..WriteReport::default()
            }
        );
        assert!(!out.join("events").exists(), "empty folders are removed");
        let third = write_site(&out, &files(&[("index.html", "a2")])).expect("third");
        assert_eq!(
            third,
            WriteReport {
                written: 0,
                unchanged: 1,
                removed: 0,
                ..WriteReport::default()
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
        let staging = Staging::open(&out, secret()).expect("open");
        staging.put("index.html", b"new").expect("put");
        staging.put("more/index.html", b"more").expect("put");
        drop(staging);
        assert_eq!(
            fs::read_to_string(out.join("index.html")).expect("read"),
            "old"
        );
        assert!(!out.join("more").exists());
        assert!(
            !dir.path().join(".holonet/public.spare").exists(),
            "the half-made spare is removed"
        );
    }

    #[test]
    fn an_unsealed_manifest_removes_nothing_and_what_it_kept_is_told_once() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        fs::create_dir_all(&out).expect("mkdir");
        fs::write(out.join("index.html"), "a").expect("write");
        fs::write(out.join("gone.html"), "g").expect("write");
        fs::write(out.join("CNAME"), "example.org").expect("write");
        // An older layout, and the current one claiming the user's file with its true
        // length and hash but without the seal.
        let claimed = files(&[
            ("index.html", "a"),
            ("gone.html", "g"),
            ("CNAME", "example.org"),
        ]);
        for manifest in [
            "index.html\ngone.html\nCNAME\n".to_string(),
            manifest_text(&recorded(&claimed), &BTreeSet::new()),
        ] {
            fs::write(out.join(MANIFEST), manifest).expect("write");
            let report = write_site(&out, &files(&[("index.html", "a")])).expect("written");
            assert_eq!(
                report,
                WriteReport {
                    written: 0,
                    unchanged: 1,
                    removed: 0,
                    kept_unsealed: vec!["CNAME".into(), "gone.html".into()],
                }
            );
            // From then on they are carried over like any file put there by hand.
            let again = write_site(&out, &files(&[("index.html", "a")])).expect("written");
            assert_eq!((again.removed, again.kept_unsealed.len()), (0, 0));
            for (name, bytes) in [("gone.html", "g"), ("CNAME", "example.org")] {
                assert_eq!(fs::read_to_string(out.join(name)).expect("kept"), bytes);
            }
            let manifest = fs::read_to_string(out.join(MANIFEST)).expect("manifest");
            assert!(manifest.starts_with(MANIFEST_HEADER));
            assert_eq!(secret().open(&manifest).map(|_| ()), Some(()), "sealed");
        }
    }

    #[test]
    fn a_failed_first_build_leaves_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        // Into a folder that does not exist yet, and into an empty one.
        for (out, existed) in [
            (dir.path().join("new"), false),
            (dir.path().join("empty"), true),
        ] {
            if existed {
                fs::create_dir_all(&out).expect("mkdir");
            }
            let staging = Staging::open(&out, secret()).expect("open");
            staging.put("a/b/index.html", b"page").expect("put");
            drop(staging);
            assert_eq!(out.exists(), existed, "{}", out.shown());
            if existed {
                assert_eq!(fs::read_dir(&out).expect("read").count(), 0, "left empty");
            }
        }
    }

    /// Every file under `dir` with its bytes (links as `-> target`), the way a reader sees it.
    fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
        WalkDir::new(dir)
            .min_depth(1)
            .into_iter()
            .flatten()
            .filter(|e| !e.file_type().is_dir())
            .map(|e| {
                let rel = relative(dir, e.path()).expect("relative");
                let bytes = if e.file_type().is_symlink() {
                    format!("-> {}", fs::read_link(e.path()).expect("link").shown()).into_bytes()
                } else {
                    fs::read(e.path()).expect("read")
                };
                (rel, bytes)
            })
            .collect()
    }

    #[test]
    fn the_output_is_replaced_whole_and_the_previous_build_is_the_spare() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        write_site(
            &out,
            &files(&[("index.html", "one"), ("a/index.html", "a")]),
        )
        .expect("1");
        let first = snapshot(&out);
        let staging = Staging::open(&out, secret()).expect("open");
        staging.put("index.html", b"two").expect("put");
        staging.put("b/index.html", b"b").expect("put");
        // Nothing reaches the output before the commit.
        assert_eq!(snapshot(&out), first);
        let report = staging.commit().expect("commit");
        assert_eq!(
            (report.written, report.unchanged, report.removed),
            (2, 0, 1)
        );
        assert_eq!(
            fs::read_to_string(out.join("index.html")).expect("read"),
            "two"
        );
        assert!(!out.join("a").exists());
        assert_eq!(snapshot(&dir.path().join(".holonet/public.spare")), first);
        // The spare is brought up to date from there: a third build is exact too.
        let third = files(&[("index.html", "two"), ("c/index.html", "c")]);
        write_site(&out, &third).expect("3");
        let mut expected = third.clone();
        expected.insert(MANIFEST.into(), manifest_of(&third).into_bytes());
        assert_eq!(snapshot(&out), expected);
    }

    /// What a manifest records of `files`.
    fn recorded(files: &BTreeMap<String, Vec<u8>>) -> BTreeMap<String, Recorded> {
        files
            .iter()
            .map(|(rel, b)| {
                let recorded = Recorded {
                    len: b.len() as u64,
                    hash: hash(b),
                };
                (rel.clone(), recorded)
            })
            .collect()
    }

    /// The manifest a build of `files` writes.
    fn manifest_of(files: &BTreeMap<String, Vec<u8>>) -> String {
        secret().seal_text(&manifest_text(&recorded(files), &BTreeSet::new()))
    }

    #[test]
    fn changes_by_hand_deep_in_the_output_are_found_without_walking_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let spare = dir.path().join(".holonet/public.spare");
        let site = |v: &str| {
            files(&[
                ("index.html", v),
                ("a/b/index.html", "b"),
                ("a/b/c/index.html", "c"),
                ("d/index.html", "d"),
            ])
        };
        write_site(&out, &site("1")).expect("1");
        write_site(&out, &site("2")).expect("2");
        // Deep in folders Holonet made: a file added, one of its own deleted, in the output;
        // and a stray file left in the spare's own copy of a folder.
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(out.join("a/b/notes.txt"), "mine").expect("write");
        fs::remove_file(out.join("a/b/c/index.html")).expect("remove");
        fs::write(spare.join("d/stray.html"), "stray").expect("write");
        for v in ["3", "4", "5"] {
            write_site(&out, &site(v)).expect("build");
            let mut expected = site(v);
            expected.insert("a/b/notes.txt".into(), b"mine".to_vec());
            let mut snap = snapshot(&out);
            snap.remove(MANIFEST);
            assert_eq!(snap, expected, "after build {v}");
        }
        // The carried file is listed as such, and deleted by hand it stays deleted.
        let manifest = fs::read_to_string(out.join(MANIFEST)).expect("manifest");
        assert!(manifest.contains("\n- a/b/notes.txt\n"), "{manifest}");
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::remove_file(out.join("a/b/notes.txt")).expect("remove");
        for v in ["6", "7"] {
            write_site(&out, &site(v)).expect("build");
            assert!(!out.join("a/b/notes.txt").exists(), "after build {v}");
        }
        let mut snap = snapshot(&spare);
        snap.remove(MANIFEST);
        assert_eq!(snap, site("6"), "the spare is exactly the build before");
    }

    #[test]
    fn a_manifest_sealed_for_another_site_folder_is_not_believed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let site = files(&[
            ("index.html", "x"),
            ("a/b/index.html", "b"),
            ("c.html", "c"),
        ]);
        write_site(&out, &site).expect("1");
        write_site(&out, &site).expect("2");
        fs::write(out.join("a/b/notes.txt"), "mine").expect("write");
        // Another site folder's build of the same files, a page of it gone since.
        let elsewhere = Secret::of_tests([3, 4]);
        let manifest = fs::read_to_string(out.join(MANIFEST)).expect("manifest");
        let body = secret().open(&manifest).expect("sealed here").to_string();
        fs::write(out.join(MANIFEST), elsewhere.seal_text(&body)).expect("write");
        fs::write(
            dir.path().join(".holonet/public.spare").join(MANIFEST),
            elsewhere.seal_text(&body),
        )
        .expect("write");
        let next = files(&[("index.html", "y"), ("a/b/index.html", "b")]);
        let report = write_site(&out, &next).expect("3");
        assert_eq!(report.kept_unsealed, ["a/b/notes.txt", "c.html"]);
        assert_eq!(
            (report.written, report.unchanged),
            (1, 1),
            "compared byte by byte"
        );
        for v in ["4", "5"] {
            let next = files(&[("index.html", v), ("a/b/index.html", "b")]);
            let report = write_site(&out, &next).expect("build");
            assert!(report.kept_unsealed.is_empty());
            assert_eq!(
                fs::read_to_string(out.join("a/b/notes.txt")).expect("carried"),
                "mine"
            );
            assert!(out.join("c.html").exists());
        }
    }

    #[test]
    fn a_spare_left_by_a_stopped_build_is_made_again() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let site = files(&[("index.html", "x"), ("a/index.html", "a")]);
        write_site(&out, &site).expect("1");
        write_site(&out, &site).expect("2");
        // A build stopped while updating the spare: no manifest, stray and wrong files.
        let spare = dir.path().join(".holonet/public.spare");
        fs::remove_file(spare.join(MANIFEST)).ok();
        fs::write(spare.join("index.html"), "wrong").expect("write");
        fs::write(spare.join("stray.html"), "stray").expect("write");
        let next = files(&[("index.html", "x"), ("a/index.html", "a2")]);
        write_site(&out, &next).expect("3");
        let mut expected = next.clone();
        expected.insert(MANIFEST.into(), manifest_of(&next).into_bytes());
        assert_eq!(snapshot(&out), expected);
    }

    #[test]
    fn files_holonet_did_not_write_are_carried_over() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        write_site(&out, &files(&[("index.html", "x")])).expect("1");
        fs::write(out.join("CNAME"), "example.org").expect("write");
        fs::create_dir_all(out.join("extra")).expect("mkdir");
        fs::write(out.join("extra/note.txt"), "mine").expect("write");
        for round in 0..3 {
            write_site(&out, &files(&[("index.html", &format!("v{round}"))])).expect("build");
            assert_eq!(
                fs::read_to_string(out.join("CNAME")).expect("kept"),
                "example.org"
            );
            assert_eq!(
                fs::read_to_string(out.join("extra/note.txt")).expect("kept"),
                "mine"
            );
        }
        // Removed by hand, it stays removed.
        fs::remove_file(out.join("CNAME")).expect("rm");
        write_site(&out, &files(&[("index.html", "v9")])).expect("build");
        write_site(&out, &files(&[("index.html", "v10")])).expect("build");
        assert!(!out.join("CNAME").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_inside_the_output_is_never_followed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let elsewhere = dir.path().join("elsewhere");
        fs::create_dir_all(elsewhere.join("old")).expect("mkdir");
        fs::write(elsewhere.join("index.html"), "not holonet's").expect("write");
        fs::write(elsewhere.join("old/index.html"), "keep").expect("write");
        let site = files(&[
            ("index.html", "x"),
            ("players/index.html", "p"),
            ("players/old/index.html", "o"),
        ]);
        write_site(&out, &site).expect("1");
        write_site(&out, &site).expect("2");
        // Restored from a cache: the folder became a link, in the output and in the spare.
        for tree in [out.clone(), dir.path().join(".holonet/public.spare")] {
            fs::remove_dir_all(tree.join("players")).expect("rm");
            std::os::unix::fs::symlink(&elsewhere, tree.join("players")).expect("link");
        }
        let next = files(&[("index.html", "y"), ("players/index.html", "p2")]);
        write_site(&out, &next).expect("3");
        write_site(&out, &next).expect("4");
        assert_eq!(
            snapshot(&elsewhere),
            files(&[("index.html", "not holonet's"), ("old/index.html", "keep")]),
            "nothing outside the output is written or removed"
        );
        assert!(
            fs::symlink_metadata(out.join("players"))
                .expect("meta")
                .is_dir()
        );
        assert_eq!(
            fs::read_to_string(out.join("players/index.html")).expect("read"),
            "p2"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_folder_in_the_output_does_not_stop_the_builds() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let site = |v: &str| files(&[("index.html", v), ("a/b/index.html", v)]);
        write_site(&out, &site("1")).expect("1");
        fs::set_permissions(out.join("a"), fs::Permissions::from_mode(0o555)).expect("chmod");
        for v in ["2", "3", "4"] {
            write_site(&out, &site(v)).expect("build");
            assert_eq!(
                fs::read_to_string(out.join("a/b/index.html")).expect("read"),
                v
            );
        }
    }

    #[test]
    fn two_builds_into_one_folder_take_turns() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        write_site(&out, &files(&[("index.html", "x")])).expect("1");
        let first = Staging::open(&out, secret()).expect("open");
        let lock = dir.path().join(".holonet/public.lock");
        let other = fs::OpenOptions::new()
            .write(true)
            .open(&lock)
            .expect("open");
        assert!(matches!(
            other.try_lock(),
            Err(std::fs::TryLockError::WouldBlock)
        ));
        first.commit().expect("commit");
        assert!(other.try_lock().is_ok(), "released after the build");
    }

    #[test]
    fn an_exchange_cut_between_its_renames_is_finished() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        write_site(&out, &files(&[("index.html", "old")])).expect("1");
        let staging = Staging::open(&out, secret()).expect("open");
        staging.put("index.html", b"new").expect("put");
        // Complete the spare as a commit does, then stop after the first rename.
        let spare = staging.spare.root.clone();
        let swap = staging.places.swap.clone();
        let files_now = std::mem::take(&mut *staging.lock()).files;
        write_synced(
            &spare.join(MANIFEST),
            secret()
                .seal_text(&manifest_text(&files_now, &BTreeSet::new()))
                .as_bytes(),
        )
        .expect("manifest");
        let mut staging = staging;
        staging.committed = true;
        drop(staging);
        fs::rename(&out, &swap).expect("first rename");
        write_site(&out, &files(&[("index.html", "new"), ("more.html", "m")])).expect("next");
        assert_eq!(
            fs::read_to_string(out.join("index.html")).expect("read"),
            "new"
        );
        assert!(!swap.exists());
    }

    #[test]
    fn a_static_file_is_copied_by_streaming_and_recognized_unchanged() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("public");
        let source = dir.path().join("photo.jpg");
        let bytes: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        fs::write(&source, &bytes).expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&source, fs::Permissions::from_mode(0o600)).expect("chmod");
        }
        let build = || {
            let staging = Staging::open(&out, secret()).expect("open");
            staging.put("index.html", b"x").expect("put");
            staging
                .put_file("img/photo.jpg", &source)
                .expect("put_file");
            staging.commit().expect("commit")
        };
        assert_eq!(build().written, 2);
        assert_eq!(fs::read(out.join("img/photo.jpg")).expect("copied"), bytes);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(out.join("img/photo.jpg"))
                .expect("meta")
                .permissions()
                .mode();
            assert_ne!(
                mode & 0o044,
                0,
                "readable by the web server, whatever the source's mode"
            );
        }
        let again = build();
        assert_eq!((again.written, again.unchanged), (0, 2));
    }
}
