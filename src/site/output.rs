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

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use walkdir::WalkDir;

use super::addresses::{LEGACY_STAGING, MANIFEST};
use crate::atomic::{HeldLock, hold_lock};
use crate::input_key::Secret;

/// Holonet's working folder beside the output folder: its spare copy and its build lock.
pub const WORK_DIR: &str = ".holonet";

/// The manifest's first line, naming its layout. Its last line is its seal (see
/// [`Secret::seal_text`]): a manifest without the right one says nothing (see [`Found`]).
const MANIFEST_HEADER: &str =
    "# holonet manifest 3: length xxh3-128 path, or - path for an entry carried over";

/// The mark of a carried entry's line in the manifest, in place of its length and hash.
const CARRIED: &str = "-";

/// What a write did, measured against the output as it was.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
    /// The entries of the output this build did not make and kept because the output's
    /// manifest is not sealed ([`Found::Unsealed`]): nothing says whether they are an earlier
    /// build's or someone's own, so none is removed. Listed as carried over from then on.
    pub kept_unsealed: Vec<String>,
}

/// Why the output could not be written. In every case the output folder is as it was.
#[derive(Debug)]
pub enum OutputError {
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
                dir.display()
            ),
            OutputError::Refused(dir, why) => {
                write!(f, "cannot build into {}: {why}", dir.display())
            }
            OutputError::Io(path, e) => write!(f, "cannot write {}: {e}", path.display()),
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> OutputError + '_ {
    move |e| OutputError::Io(path.to_path_buf(), e)
}

/// What a manifest knows of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Recorded {
    len: u64,
    hash: u128,
}

/// What a manifest says a folder holds.
#[derive(Debug, Default)]
struct Manifest {
    /// The build's files: path -> what was recorded.
    files: BTreeMap<String, Recorded>,
    /// The entries Holonet did not write that the build carried over.
    carried: BTreeSet<String>,
}

/// A manifest's text, once its seal is found right: `None` for another layout.
fn parse_manifest(text: &str) -> Option<Manifest> {
    let mut lines = text.lines();
    if lines.next() != Some(MANIFEST_HEADER) {
        return None;
    }
    let mut manifest = Manifest::default();
    let safe = |path: &str| is_safe_relative(path) && !is_reserved(path);
    for line in lines {
        let mut parts = line.splitn(3, ' ');
        let (Some(first), Some(second)) = (parts.next(), parts.next()) else {
            continue;
        };
        if first == CARRIED {
            // The path is the rest of the line: it may hold spaces.
            let path = &line[CARRIED.len() + 1..];
            if safe(path) {
                manifest.carried.insert(path.to_string());
            }
            continue;
        }
        let (Ok(len), Ok(hash), Some(path)) = (
            first.parse(),
            u128::from_str_radix(second, 16),
            parts.next(),
        ) else {
            continue;
        };
        if safe(path) {
            manifest
                .files
                .insert(path.to_string(), Recorded { len, hash });
        }
    }
    Some(manifest)
}

fn manifest_text(files: &BTreeMap<String, Recorded>, carried: &BTreeSet<String>) -> String {
    let mut text = format!("{MANIFEST_HEADER}\n");
    for (path, r) in files {
        text.push_str(&format!("{} {:032x} {path}\n", r.len, r.hash));
    }
    for path in carried {
        text.push_str(&format!("{CARRIED} {path}\n"));
    }
    text
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

/// The output's own records, which no page may take the place of.
fn is_reserved(path: &str) -> bool {
    path == MANIFEST
        || path.split('/').next() == Some(LEGACY_STAGING)
        || path.ends_with(".holonet-tmp")
}

fn hash(bytes: &[u8]) -> u128 {
    xxhash_rust::xxh3::xxh3_128(bytes)
}

/// A file's length and hash, read in pieces.
fn hash_file(path: &Path) -> io::Result<Recorded> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let len = crate::input_key::feed(&mut hasher, fs::File::open(path)?)?;
    Ok(Recorded {
        len,
        hash: hasher.digest128(),
    })
}

/// Creates a file that did not exist (the place was just made for it), with the usual mode.
fn new_file(path: &Path) -> io::Result<fs::File> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// The folders above `rel`, nearest last (`a/b/c.html` -> `a`, `a/b`).
fn ancestors(rel: &str) -> impl Iterator<Item = &str> {
    rel.match_indices('/').map(|(i, _)| &rel[..i])
}

/// The folder holding `rel` (`""` for the root).
fn parent(rel: &str) -> &str {
    rel.rfind('/').map_or("", |i| &rel[..i])
}

/// The path of `name` inside the folder `dir` (`""` for the root).
fn child(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
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

/// Flushes a folder's entries (a rename, an unlink) to disk. Best effort: not every platform
/// can open a folder for this.
fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// One of the two folders, with what its manifest says and the folders on its paths found to
/// be real (not links).
struct Tree {
    root: PathBuf,
    files: BTreeMap<String, Recorded>,
    /// What the manifest says was carried over.
    carried: BTreeSet<String>,
    /// When the manifest was written: files not modified since are as it records.
    time: Option<SystemTime>,
    /// The real folders (not links) found on its paths, each with whether it is unchanged since
    /// the manifest (see [`Tree::folder`]), as first seen.
    real_dirs: Mutex<HashMap<String, bool>>,
    /// Folders made ready to write in (only ever in the spare).
    ready_dirs: Mutex<HashSet<String>>,
}

impl Tree {
    fn new(root: PathBuf, known: Option<(Manifest, Option<SystemTime>)>) -> Tree {
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

    fn path(&self, rel: &str) -> PathBuf {
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
    fn file(&self, rel: &str) -> Option<fs::Metadata> {
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
    fn folder(&self, dir: &str) -> Option<bool> {
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

    /// Every entry of the tree that its manifest does not list as one of its build's files
    /// (files and links, never folders), with its kind: in the folders unchanged since the
    /// manifest, the entries it lists as carried over; the folders changed since are read,
    /// and so is, whole, any folder found there that no listed path goes through.
    fn others(&self) -> Result<Vec<(String, fs::FileType)>, OutputError> {
        let carried = self.carried.iter();
        let dirs: BTreeSet<&str> = std::iter::once("")
            .chain(
                self.files
                    .keys()
                    .chain(carried.clone())
                    .flat_map(|r| ancestors(r)),
            )
            .collect();
        let mut found = Vec::new();
        for rel in carried.filter(|rel| self.folder(parent(rel)) == Some(true)) {
            if let Ok(metadata) = fs::symlink_metadata(self.path(rel)) {
                found.push((rel.clone(), metadata.file_type()));
            }
        }
        for dir in dirs.iter().filter(|dir| self.folder(dir) == Some(false)) {
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
    fn untouched(&self, metadata: &fs::Metadata) -> bool {
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
    fn holds(&self, rel: &str, new: &Recorded, bytes: Option<&[u8]>) -> bool {
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
    fn make_room(&self, rel: &str) -> Result<PathBuf, OutputError> {
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
fn remove_entry(path: &Path) -> Result<(), OutputError> {
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
fn remove_tree(path: &Path) -> Result<(), OutputError> {
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

/// What a folder's manifest tells.
enum Found {
    /// There is none: the folder holds no build (or is a spare a stopped build left).
    Missing,
    /// There is one, but not sealed under this site folder's secret: written by an older
    /// Holonet, for another site folder (an output restored from an artifact, a `.holonet/`
    /// deleted since), or edited. The folder is a build's, and nothing the manifest says is
    /// believed: no file is recognized, kept or removed on its word.
    Unsealed,
    /// A manifest this site folder's builds wrote, and its time.
    Sealed(Manifest, Option<SystemTime>),
}

/// Reads a folder's manifest and its time, and checks its seal under `secret`.
fn read_manifest(dir: &Path, secret: &Secret) -> Result<Found, OutputError> {
    let path = dir.join(MANIFEST);
    match fs::read(&path) {
        Ok(bytes) => {
            let manifest = String::from_utf8(bytes)
                .ok()
                .and_then(|text| parse_manifest(secret.open(&text)?));
            Ok(match manifest {
                Some(manifest) => Found::Sealed(
                    manifest,
                    fs::metadata(&path).and_then(|m| m.modified()).ok(),
                ),
                None => Found::Unsealed,
            })
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Found::Missing),
        Err(e) => Err(OutputError::Io(path, e)),
    }
}

/// Whether a folder is missing or empty.
fn is_empty_dir(dir: &Path) -> Result<bool, OutputError> {
    match fs::read_dir(dir) {
        Ok(mut entries) => Ok(entries.next().is_none()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(OutputError::Io(dir.to_path_buf(), e)),
    }
}

/// Where a build keeps what it needs beside the output folder.
struct Places {
    /// The spare copy, made into the next build and then exchanged with the output.
    spare: PathBuf,
    /// Where the output waits while the copies are exchanged by renames.
    swap: PathBuf,
    lock: PathBuf,
}

impl Places {
    fn of(out: &Path) -> Result<Places, OutputError> {
        let refuse = |why: &str| OutputError::Refused(out.to_path_buf(), why.to_string());
        let name = out
            .file_name()
            .ok_or_else(|| refuse("the output folder needs a name of its own, such as public"))?
            .to_string_lossy()
            .into_owned();
        let parent = out
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let work = parent.join(WORK_DIR);
        match fs::symlink_metadata(&work) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(OutputError::Refused(
                    work.clone(),
                    "it is not a folder (holonet keeps its spare copy of the output there); remove or rename it".into(),
                ));
            }
            Err(_) => fs::create_dir_all(&work).map_err(io_err(&work))?,
        }
        Ok(Places {
            spare: work.join(format!("{name}.spare")),
            swap: work.join(format!("{name}.swap")),
            lock: work.join(format!("{name}.lock")),
        })
    }
}

/// Exchanges two folders in one step where the system can, otherwise by three renames through
/// `swap` (see [`finish_exchange`] for a build cut between them).
fn exchange(a: &Path, b: &Path, swap: &Path) -> io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        use rustix::io::Errno;
        match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(()),
            // The file system or the kernel has no exchange: rename three times instead.
            Err(e) if e == Errno::INVAL || e == Errno::NOSYS || e == Errno::NOTSUP => {}
            Err(e) => return Err(e.into()),
        }
    }
    fs::rename(a, swap)?;
    if let Err(e) = fs::rename(b, a) {
        // Put the output back where it was: the build failed, and says so.
        let _ = fs::rename(swap, a);
        return Err(e);
    }
    // Should this last rename fail, the output is already the new build, and the next build
    // puts the previous one back as its spare (see `finish_exchange`).
    let _ = fs::rename(swap, b);
    Ok(())
}

/// Finishes an exchange by renames that a previous build began and did not end: the output
/// folder becomes the new build it had completed.
fn finish_exchange(out: &Path, places: &Places) -> Result<(), OutputError> {
    if fs::symlink_metadata(&places.swap).is_err() {
        return Ok(());
    }
    if fs::symlink_metadata(out).is_err() {
        fs::rename(&places.spare, out).map_err(io_err(out))?;
    }
    if fs::symlink_metadata(&places.spare).is_err() {
        fs::rename(&places.swap, &places.spare).map_err(io_err(&places.spare))
    } else {
        remove_tree(&places.swap)
    }
}

/// A build's output in progress: files are handed over as they are rendered (from any thread)
/// and written into the spare copy, which replaces the output only at [`Staging::commit`].
/// Dropped without a commit, the output stays as the previous build left it.
pub struct Staging {
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
    pub fn open(out: &Path, secret: Secret) -> Result<Staging, OutputError> {
        let places = Places::of(out)?;
        let lock = hold_lock(&places.lock, &format!("building into {}", out.display()))
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
            committed: false,
            _lock: lock,
        })
    }

    /// Hands over one file of the build (`rel`: its path under the output).
    pub fn put(&self, rel: &str, bytes: &[u8]) -> Result<(), OutputError> {
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
    pub fn put_file(&self, rel: &str, source: &Path) -> Result<(), OutputError> {
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
    pub fn can_keep(&self, rel: &str) -> bool {
        self.as_recorded(rel).is_some()
    }

    /// What the output's manifest records of `rel`, when the file is still as recorded.
    fn as_recorded(&self, rel: &str) -> Option<Recorded> {
        let recorded = self.out.files.get(rel)?;
        let untouched = self
            .out
            .file(rel)
            .is_some_and(|m| m.len() == recorded.len && self.out.untouched(&m));
        untouched.then_some(*recorded)
    }

    /// Keeps the files `rels` as the last build left them, without their bytes: when every one
    /// is in the output's manifest and untouched since, records them all and returns true;
    /// otherwise returns false (the caller renders them instead).
    pub fn keep(&self, rels: &[String]) -> bool {
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
    pub fn file_count(&self) -> usize {
        self.lock().files.len()
    }

    /// Completes the spare copy (files Holonet did not write carried over from the output,
    /// what the new build does not hold removed, its manifest written) and exchanges it with
    /// the output.
    pub fn commit(mut self) -> Result<WriteReport, OutputError> {
        let state = std::mem::take(&mut *self.lock());
        let files = state.files;
        let foreign = if self.fresh {
            BTreeSet::new()
        } else {
            self.carry_foreign(&files)?
        };
        self.sweep_spare(&files, &foreign)?;
        let removed = self
            .out
            .files
            .keys()
            .filter(|rel| !files.contains_key(*rel) && self.out.file(rel).is_some())
            .count();
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
    /// build wrote, unless the new build has its own file or folder there. Returns their paths.
    fn carry_foreign(
        &self,
        files: &BTreeMap<String, Recorded>,
    ) -> Result<BTreeSet<String>, OutputError> {
        let dirs: BTreeSet<&str> = files.keys().flat_map(|rel| ancestors(rel)).collect();
        let mut foreign = BTreeSet::new();
        for (rel, kind) in self.out.others()? {
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
    ) -> Result<(), OutputError> {
        let kept_dirs: BTreeSet<&str> = files
            .keys()
            .chain(foreign)
            .flat_map(|rel| ancestors(rel))
            .collect();
        let stays =
            |rel: &str| files.contains_key(rel) || foreign.contains(rel) || kept_dirs.contains(rel);
        let spare = &self.spare;
        let listed = spare.files.keys().chain(&spare.carried);
        let dirs: BTreeSet<&str> = std::iter::once("")
            .chain(listed.clone().flat_map(|rel| ancestors(rel)))
            .collect();
        let mut doomed: Vec<String> = listed
            .filter(|rel| !stays(rel) && spare.folder(parent(rel)) == Some(true))
            .cloned()
            .collect();
        for &dir in &dirs {
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

fn relative(root: &Path, path: &Path) -> Option<String> {
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
fn copy_entry(original: &Path, target: &Path, kind: fs::FileType) -> Result<(), OutputError> {
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
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_a: &fs::Metadata, _b: &fs::Metadata) -> bool {
    false
}

/// Refuses an output folder on another file system than its spare (a mount point): the two
/// could not be exchanged.
#[cfg(unix)]
fn check_same_file_system(out: &Path, spare: &Path) -> Result<(), OutputError> {
    use std::os::unix::fs::MetadataExt;
    let work = spare.parent().unwrap_or(spare);
    let (Ok(a), Ok(b)) = (fs::metadata(out), fs::metadata(work)) else {
        return Ok(());
    };
    if a.dev() == b.dev() {
        return Ok(());
    }
    Err(OutputError::Refused(
        out.to_path_buf(),
        format!(
            "it is a mount point, on another file system than {}, so holonet cannot replace it in one step; build into a folder inside it instead (such as {}/site)",
            work.display(),
            out.display()
        ),
    ))
}

#[cfg(not(unix))]
fn check_same_file_system(_out: &Path, _spare: &Path) -> Result<(), OutputError> {
    Ok(())
}

#[cfg(test)]
mod tests {
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
            assert_eq!(out.exists(), existed, "{}", out.display());
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
                    format!("-> {}", fs::read_link(e.path()).expect("link").display()).into_bytes()
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
