//! Writing the files an organizer keeps (`pair`, `report`, `new`, `import`, `init`) so that no
//! work is ever lost: a file is written whole to a temporary file beside it, flushed to disk, and
//! only then put in place in one step (or, for a new file, by a hard link that cannot replace
//! one), so a laptop that dies mid-write leaves the old file or the new one, never half of
//! either.
//!
//! A file that changed on disk since Holonet read it (an editor saved it meanwhile) is left as it
//! was saved: the organizer's edit wins, and the command says to run it again. The file is
//! compared with what was read at the moment it is replaced, not before: where the system can
//! exchange two names in one step (`renameat2` with `RENAME_EXCHANGE` on Linux, `renameatx_np`
//! with `RENAME_SWAP` on macOS, [`exchange_in_one_step`]), the new file and the file at the path
//! trade places, and what came out is compared with what was read. The same text: it is
//! removed, and the edit is done. Another text: a save landed, and it is put back, so for an
//! instant the path holds Holonet's text. A save that lands at the path in that instant is newer
//! still, and it is the one that stays there: each file that comes out is told apart by its
//! device and inode (held open, so that no new file can be given the number), and only a file
//! that a newer save replaced is ever thrown away. Should saves keep landing, step after step,
//! the last one that came out is kept beside the file, under its name followed by
//! `.holonet-kept-N`, and the command says so.
//!
//! What no write by renaming can catch: an editor that opened the file before the exchange and
//! writes into it in place after what came out was compared writes into a file that is no
//! longer at the path, and that save is gone. Editors that save by writing a new file and
//! renaming it over the old one (most, and `sed -i`) are always caught, and so is a save in
//! place that began before the compare. And an editor's save that lands after Holonet's edit is
//! in place (from a text read before it) replaces that edit in turn, as any later save would.
//!
//! Where names cannot be exchanged in one step (FAT, exFAT, some network file systems, and
//! systems other than Linux, Android and macOS), the file is compared just before the rename,
//! once the temporary file is flushed: a save that lands between that compare and the rename
//! (a few microseconds, with nothing written to disk between them) is replaced. On Windows,
//! where a file another program holds open for a moment (a virus scanner, a search indexer)
//! cannot be replaced, a refused rename is tried again for about a second, the file compared
//! again before each try.
//!
//! Two Holonet commands editing the same site at once (two `report`s from two terminals, a
//! script reporting every table together) would each read the same text, and the second to
//! write would find the file changed and refuse (or, without the exchange, could pass the
//! compare and drop the first one's edit). So each editing command holds the site's edit lock
//! ([`lock_site`]) from reading the file to writing it: the second waits, reads the first one's
//! result, and either applies its own edit on top or refuses with its usual message (a table
//! that already has a result, say). No accepted edit is ever lost.

use crate::diag::Shown;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The lock file in the site folder; never deleted (a removed lock file lets two commands hold
/// two different locks), and ignored by the `.gitignore` that `holonet init` writes.
const LOCK_FILE: &str = ".holonet-lock";

/// How long a command waits for another one editing the site before it gives up.
const LOCK_WAIT: Duration = Duration::from_secs(30);

/// A lock held until dropped: the site's edit lock, or an output folder's build lock.
#[derive(Debug)]
pub(crate) struct HeldLock {
    _file: std::fs::File,
}

/// Takes the edit lock of the site at `root`, waiting (up to half a minute) while another
/// Holonet command holds it. The lock is the operating system's own (advisory, released when the
/// process ends, even when it is killed), on `root/.holonet-lock`.
pub(crate) fn lock_site(root: &Path) -> Result<HeldLock, String> {
    hold_lock(&root.join(LOCK_FILE), "editing this site")
}

/// Takes the lock on the file at `path` (made if missing, never deleted), waiting up to half a
/// minute while another Holonet command holds it; `activity` says what that command is doing,
/// for the message when it does not finish in time.
pub(crate) fn hold_lock(path: &Path, activity: &str) -> Result<HeldLock, String> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(format!(
            "{} is not a plain file; remove it (holonet keeps a lock there)",
            path.shown()
        ));
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open the lock {}: {e}", path.shown()))?;
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(HeldLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(format!(
                    "another holonet command has been {activity} for {} s (it holds {}); let it finish, or stop it, then run this one again",
                    LOCK_WAIT.as_secs(),
                    path.shown()
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(format!("cannot take the lock {}: {e}", path.shown()));
            }
        }
    }
}

/// What the file must hold when it is replaced.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Expected<'a> {
    /// Nothing: the file is new, and one that appeared meanwhile is never replaced.
    Absent,
    /// Exactly this text, as it was read.
    Text(&'a str),
}

/// Why a file could not be written. In every case but [`WriteError::KeptAside`] the file is as
/// it was (or as an editor saved it meanwhile).
#[derive(Debug)]
pub enum WriteError {
    /// The file changed on disk since it was read.
    Changed(PathBuf),
    /// A new file's path is taken.
    Exists(PathBuf),
    /// The file changed on disk, and a save made meanwhile could not be put back at the path
    /// (saves kept landing there, or the exchange failed): it is kept at `kept`.
    KeptAside {
        path: PathBuf,
        kept: PathBuf,
    },
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Changed(p) => write!(
                f,
                "{} changed on disk while holonet was working; nothing was written, run the command again",
                p.shown()
            ),
            WriteError::Exists(p) => write!(
                f,
                "{} already exists; holonet never overwrites a file it did not read",
                p.shown()
            ),
            WriteError::KeptAside { path, kept } => write!(
                f,
                "{} changed on disk while holonet was writing it, and a save made meanwhile could not be put back in its place (saves kept landing there); that save is kept as {}: compare the two files, keep the one you want, then run the command again",
                path.shown(),
                kept.shown()
            ),
            WriteError::Io(p, e) => write!(
                f,
                "cannot write {}: {e}; the file was not changed",
                p.shown()
            ),
        }
    }
}

/// Exchanges the files or folders at `a` and `b` in one step, where the system can: `false`
/// (and nothing done) where it cannot.
pub(crate) fn exchange_in_one_step(a: &Path, b: &Path) -> std::io::Result<bool> {
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        use rustix::io::Errno;
        match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(true),
            // The file system or the kernel has no exchange.
            Err(e) if e == Errno::INVAL || e == Errno::NOSYS || e == Errno::NOTSUP => {}
            Err(e) => return Err(e.into()),
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    let _ = (a, b);
    Ok(false)
}

/// Writes `new` to `path` atomically, provided the file is still as `expected` when it is
/// replaced (see the module's documentation).
pub(crate) fn write_atomically(
    path: &Path,
    expected: Expected<'_>,
    new: &str,
) -> Result<(), WriteError> {
    write_atomically_with(path, expected, new, |_| {})
}

/// The moments at which tests make a save land: [`write_atomically_with`] calls its hook there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moment {
    /// The temporary file is written and flushed; the file is about to be replaced.
    BeforeReplacement,
    /// A save was found in what the replacement took out; it is about to be put back (again,
    /// at each step when saves keep landing). Only where the replacement is an exchange.
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    BeforePutBack,
    /// The rename was refused because another program holds the file; it is about to be tried
    /// again (see [`held_by_another_program`]).
    #[cfg(windows)]
    RenameRefused,
}

/// [`write_atomically`], calling `at` at each [`Moment`] (a no-op but in tests).
fn write_atomically_with(
    path: &Path,
    expected: Expected<'_>,
    new: &str,
    mut at: impl FnMut(Moment),
) -> Result<(), WriteError> {
    let io = |e| WriteError::Io(path.to_path_buf(), e);
    match expected {
        Expected::Absent if std::fs::symlink_metadata(path).is_ok() => {
            return Err(WriteError::Exists(path.to_path_buf()));
        }
        Expected::Absent => {}
        // Already changed: no need to write anything to find out again.
        Expected::Text(original) => {
            if std::fs::read_to_string(path).map_err(io)? != original {
                return Err(WriteError::Changed(path.to_path_buf()));
            }
        }
    }
    let tmp = temporary_beside(path);
    if let Err(e) = write_synced(&tmp, new) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    match expected {
        Expected::Absent => link_new(path, &tmp),
        Expected::Text(original) => replace(path, &tmp, original, new, &mut at),
    }
}

/// Puts the flushed temporary file `tmp` at `path`, where no file is: a hard link fails when the
/// name is taken, where a rename would replace the file. File systems without hard links (FAT,
/// exFAT on a USB stick) get a check, then a rename.
fn link_new(path: &Path, tmp: &Path) -> Result<(), WriteError> {
    let result = std::fs::hard_link(tmp, path).or_else(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists || std::fs::symlink_metadata(path).is_ok()
        {
            Err(std::io::ErrorKind::AlreadyExists.into())
        } else {
            std::fs::rename(tmp, path)
        }
    });
    let _ = std::fs::remove_file(tmp);
    match result {
        Ok(()) => {
            sync_folder(path);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(WriteError::Exists(path.to_path_buf()))
        }
        Err(e) => Err(WriteError::Io(path.to_path_buf(), e)),
    }
}

/// Puts the flushed temporary file `tmp` (holding `new`) at `path` in place of the file there,
/// provided that file holds `original` at that moment.
fn replace(
    path: &Path,
    tmp: &Path,
    original: &str,
    new: &str,
    at: &mut impl FnMut(Moment),
) -> Result<(), WriteError> {
    let failed = |e: std::io::Error| {
        let _ = std::fs::remove_file(tmp);
        if std::fs::symlink_metadata(path).is_err() {
            // Removed meanwhile: a change too.
            WriteError::Changed(path.to_path_buf())
        } else {
            WriteError::Io(path.to_path_buf(), e)
        }
    };
    // The new file keeps the old one's permissions (a file kept private stays private).
    std::fs::metadata(path)
        .and_then(|m| std::fs::set_permissions(tmp, m.permissions()))
        .map_err(failed)?;
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    let ours = Pinned::at(tmp).map_err(failed)?;
    #[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
    let _ = new;
    at(Moment::BeforeReplacement);
    match exchange_in_one_step(tmp, path) {
        #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
        Ok(true) => return settle_exchange(path, tmp, original, new, ours, at),
        // No exchange here: the compare and the rename below.
        Ok(_) => {}
        Err(e) => return Err(failed(e)),
    }
    for attempt in 1.. {
        match std::fs::read(path) {
            Ok(now) if now == original.as_bytes() => {}
            Ok(_) => {
                let _ = std::fs::remove_file(tmp);
                return Err(WriteError::Changed(path.to_path_buf()));
            }
            Err(e) => return Err(failed(e)),
        }
        match std::fs::rename(tmp, path) {
            Ok(()) => break,
            Err(e) if attempt < RENAME_TRIES && held_by_another_program(&e) => {
                #[cfg(windows)]
                at(Moment::RenameRefused);
                std::thread::sleep(RENAME_PAUSE);
            }
            Err(e) => return Err(failed(e)),
        }
    }
    sync_folder(path);
    Ok(())
}

/// How many times the rename that puts a file in place is tried while another program holds
/// the file (see [`held_by_another_program`]), [`RENAME_PAUSE`] apart: about a second in all,
/// longer than a virus scanner or a search indexer keeps a file it just saw change.
const RENAME_TRIES: u32 = 50;
const RENAME_PAUSE: Duration = Duration::from_millis(20);

/// Whether a rename failed only because another program has the file open for a moment. On
/// Windows a file opened without sharing its deletion (by a virus scanner, a search indexer, an
/// editor reading it) cannot be replaced until it is closed, and the rename is refused as
/// access denied; the file is compared again before each new try, so a save that lands
/// meanwhile is still caught. Elsewhere a rename is never refused for an open file, and access
/// denied means the folder's permissions, which trying again does not change.
fn held_by_another_program(e: &std::io::Error) -> bool {
    /// `ERROR_ACCESS_DENIED` and `ERROR_SHARING_VIOLATION`.
    const HELD: [i32; 2] = [5, 32];
    cfg!(windows) && e.raw_os_error().is_some_and(|code| HELD.contains(&code))
}

/// A file found at a name, held open: an inode number is only a file's own while the file
/// lives, and one that an editor's rename unlinked could be reused by the editor's next save.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
struct Pinned {
    /// Its device and inode.
    id: (u64, u64),
    _open: std::fs::File,
}

#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
impl Pinned {
    /// Opens the file at `path`.
    fn at(path: &Path) -> std::io::Result<Pinned> {
        use std::os::unix::fs::MetadataExt;
        let file = std::fs::File::open(path)?;
        let meta = file.metadata()?;
        Ok(Pinned {
            id: (meta.dev(), meta.ino()),
            _open: file,
        })
    }
}

/// How many exchanges putting a save back may take (each further one needs yet another save to
/// land at the path in the instant between two of them).
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
const PUT_BACK_STEPS: usize = 16;

/// After the new file (`ours`) and the file at `path` were exchanged, so that the latter is at
/// `tmp`: done when it holds `original`; otherwise a save landed, and it goes back to the path.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn settle_exchange(
    path: &Path,
    tmp: &Path,
    original: &str,
    new: &str,
    ours: Pinned,
    at: &mut impl FnMut(Moment),
) -> Result<(), WriteError> {
    let read = std::fs::read(tmp);
    if read.as_ref().is_ok_and(|out| out == original.as_bytes()) {
        let _ = std::fs::remove_file(tmp);
        sync_folder(path);
        return Ok(());
    }
    put_back(path, tmp, new, ours, at)?;
    Err(match read {
        Err(e) => WriteError::Io(path.to_path_buf(), e),
        Ok(_) => WriteError::Changed(path.to_path_buf()),
    })
}

/// Puts the save now at `tmp` back at `path`, in place of the new file (`ours`, holding `new`).
/// A file that comes out of an exchange is thrown away only when a newer save replaced it: the
/// new file, or a save that was at the path before another landed there. A file never seen
/// before landed at the path after the one just put there, so it is newer, and it goes back
/// instead.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn put_back(
    path: &Path,
    tmp: &Path,
    new: &str,
    ours: Pinned,
    at: &mut impl FnMut(Moment),
) -> Result<(), WriteError> {
    let Ok(mut held) = Pinned::at(tmp) else {
        return Err(keep_aside(path, tmp));
    };
    let ours_id = ours.id;
    let mut superseded = vec![ours];
    for _ in 0..PUT_BACK_STEPS {
        at(Moment::BeforePutBack);
        if !matches!(exchange_in_one_step(tmp, path), Ok(true)) {
            return Err(keep_aside(path, tmp));
        }
        let Ok(out) = Pinned::at(tmp) else {
            return Err(keep_aside(path, tmp));
        };
        // The new file is ours only while it holds our text: an editor may have written into it
        // in place while it was at the path.
        let discard = superseded.iter().any(|file| file.id == out.id)
            && (out.id != ours_id || std::fs::read(tmp).is_ok_and(|text| text == new.as_bytes()));
        if discard {
            let _ = std::fs::remove_file(tmp);
            sync_folder(path);
            return Ok(());
        }
        superseded.retain(|file| file.id != out.id);
        superseded.push(std::mem::replace(&mut held, out));
    }
    Err(keep_aside(path, tmp))
}

/// Keeps the file at `tmp` (a save that could not be put back) beside `path` under a name that
/// says what it is, and says where.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn keep_aside(path: &Path, tmp: &Path) -> WriteError {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let kept = (0..)
        .map(|n| path.with_file_name(format!("{name}.holonet-kept-{n}")))
        .find(|kept| std::fs::symlink_metadata(kept).is_err())
        .filter(|kept| std::fs::rename(tmp, kept).is_ok())
        .unwrap_or_else(|| tmp.to_path_buf());
    sync_folder(path);
    WriteError::KeptAside {
        path: path.to_path_buf(),
        kept,
    }
}

/// A name for a temporary file in `path`'s folder (a rename only stays atomic within one file
/// system), unique within and across processes. It ends in `.holonet-tmp`, which `serve` ignores
/// and no loader reads.
fn temporary_beside(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let unique = format!(
        ".{name}.{}-{}.holonet-tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    path.with_file_name(unique)
}

/// Creates `tmp` (never an existing file) holding `text`, flushed to disk.
fn write_synced(tmp: &Path, text: &str) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

/// Flushes the folder entry of a renamed or linked file, so the new name survives a power cut
/// too. Best effort: not every platform can open a folder for this.
fn sync_folder(path: &Path) {
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && let Ok(dir) = std::fs::File::open(folder)
    {
        let _ = dir.sync_all();
    }
}

/// Writes a new file atomically, creating its folders; refuses to replace a file that appeared
/// meanwhile (see [`write_atomically`]).
pub(crate) fn write_new(target: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.shown()))?;
    }
    write_atomically(target, Expected::Absent, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The temporary and kept-aside files in `dir`.
    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".holonet-tmp") || n.contains(".holonet-kept-"))
            .collect()
    }

    /// Saves `text` at `path` as most editors and `sed -i` do: a new file beside it, renamed
    /// over it.
    fn save_by_rename(path: &Path, text: &str) {
        let beside = path.with_file_name("editor-save.tmp");
        std::fs::write(&beside, text).expect("write the editor's file");
        std::fs::rename(&beside, path).expect("rename it over the file");
    }

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).expect("read")
    }

    #[test]
    fn replaces_a_file_that_is_as_it_was_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        write_atomically(&path, Expected::Text("old"), "new").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_left_as_it_is() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "saved by the editor").expect("write");
        let err = write_atomically(&path, Expected::Text("old"), "new").expect_err("changed");
        assert!(matches!(err, WriteError::Changed(_)));
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "saved by the editor"
        );
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn a_save_landing_at_the_moment_of_replacement_is_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut moments = Vec::new();
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            moments.push(moment);
            if moment == Moment::BeforeReplacement {
                save_by_rename(&path, "saved by the editor");
            }
        })
        .expect_err("changed");
        assert!(matches!(err, WriteError::Changed(_)), "{err}");
        assert_eq!(read(&path), "saved by the editor");
        assert!(leftovers(dir.path()).is_empty());
        assert_eq!(moments[0], Moment::BeforeReplacement);
    }

    #[test]
    fn a_save_in_place_at_the_moment_of_replacement_is_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            if moment == Moment::BeforeReplacement {
                // Truncates the file and writes into it: the same inode, another text.
                std::fs::write(&path, "saved in place").expect("write in place");
            }
        })
        .expect_err("changed");
        assert!(matches!(err, WriteError::Changed(_)), "{err}");
        assert_eq!(read(&path), "saved in place");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn a_file_unchanged_at_the_moment_of_replacement_is_replaced() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut moments = Vec::new();
        write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            moments.push(moment);
        })
        .expect("written");
        assert_eq!(read(&path), "new");
        assert_eq!(moments, [Moment::BeforeReplacement], "nothing to put back");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    #[test]
    fn a_save_landing_while_another_is_put_back_is_the_one_left_at_the_path() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut put_backs = 0;
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            match moment {
                Moment::BeforeReplacement => save_by_rename(&path, "first save"),
                Moment::BeforePutBack => {
                    put_backs += 1;
                    if put_backs == 1 {
                        // Lands over holonet's text, for that instant at the path.
                        save_by_rename(&path, "second save");
                    }
                }
            }
        })
        .expect_err("changed");
        assert!(matches!(err, WriteError::Changed(_)), "{err}");
        assert_eq!(read(&path), "second save", "the newest save stays");
        assert_eq!(put_backs, 2, "the second save went back in one more step");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    #[test]
    fn a_save_written_into_the_new_file_while_another_is_put_back_is_the_one_left_at_the_path() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut put_backs = 0;
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            match moment {
                Moment::BeforeReplacement => save_by_rename(&path, "first save"),
                Moment::BeforePutBack => {
                    put_backs += 1;
                    if put_backs == 1 {
                        // Into holonet's new file, for that instant at the path.
                        std::fs::write(&path, "written in place").expect("write in place");
                    }
                }
            }
        })
        .expect_err("changed");
        assert!(matches!(err, WriteError::Changed(_)), "{err}");
        assert_eq!(read(&path), "written in place");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    #[test]
    fn a_save_that_cannot_be_put_back_is_kept_beside_the_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut saves = 0;
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |_| {
            saves += 1;
            save_by_rename(&path, &format!("save {saves}"));
        })
        .expect_err("kept aside");
        let WriteError::KeptAside { kept, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(saves, 1 + PUT_BACK_STEPS);
        // The last save came out of the last exchange, and the one before it went back.
        assert_eq!(read(kept), format!("save {saves}"));
        assert_eq!(read(&path), format!("save {}", saves - 1));
        assert_eq!(kept, &dir.path().join("e.toml.holonet-kept-0"));
        assert!(err.to_string().contains("e.toml.holonet-kept-0"), "{err}");
        assert_eq!(leftovers(dir.path()), ["e.toml.holonet-kept-0"]);
    }

    /// Opens `path` as a virus scanner or a search indexer may: for reading, sharing the
    /// reading but not the file's deletion, so that it cannot be replaced while open.
    #[cfg(windows)]
    fn hold_as_a_scanner(path: &Path) -> std::fs::File {
        use std::os::windows::fs::OpenOptionsExt;
        const FILE_SHARE_READ: u32 = 1;
        std::fs::OpenOptions::new()
            .read(true)
            .share_mode(FILE_SHARE_READ)
            .open(path)
            .expect("open without sharing deletion")
    }

    #[cfg(windows)]
    #[test]
    fn a_file_another_program_holds_for_a_moment_is_replaced_once_it_is_let_go() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut held = Some(hold_as_a_scanner(&path));
        let mut refused = 0;
        write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            if moment == Moment::RenameRefused {
                refused += 1;
                held = None;
            }
        })
        .expect("written");
        assert_eq!(refused, 1, "refused while held, and only then");
        assert_eq!(read(&path), "new");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(windows)]
    #[test]
    fn a_save_landing_while_another_program_holds_the_file_is_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let mut held = Some(hold_as_a_scanner(&path));
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            if moment == Moment::RenameRefused && held.take().is_some() {
                save_by_rename(&path, "saved by the editor");
            }
        })
        .expect_err("changed");
        assert!(matches!(err, WriteError::Changed(_)), "{err}");
        assert_eq!(read(&path), "saved by the editor");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(windows)]
    #[test]
    fn a_file_held_past_every_try_is_left_as_it_was() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "old").expect("write");
        let _held = hold_as_a_scanner(&path);
        let mut refused = 0;
        let err = write_atomically_with(&path, Expected::Text("old"), "new", |moment| {
            refused += u32::from(moment == Moment::RenameRefused);
        })
        .expect_err("held throughout");
        assert!(matches!(err, WriteError::Io(..)), "{err}");
        assert_eq!(refused, RENAME_TRIES - 1);
        assert_eq!(read(&path), "old");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn a_new_file_never_replaces_one_that_appeared() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("e.toml");
        write_atomically(&path, Expected::Absent, "first").expect("written");
        let err = write_atomically(&path, Expected::Absent, "second").expect_err("exists");
        assert!(matches!(err, WriteError::Exists(_)));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "first");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("event.toml");
        std::fs::write(&path, "old").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        write_atomically(&path, Expected::Text("old"), "new").expect("replaced");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn the_site_lock_is_held_until_dropped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let held = lock_site(dir.path()).expect("lock");
        let other = std::fs::OpenOptions::new()
            .write(true)
            .open(dir.path().join(LOCK_FILE))
            .expect("open");
        assert!(matches!(
            other.try_lock(),
            Err(std::fs::TryLockError::WouldBlock)
        ));
        drop(held);
        assert!(other.try_lock().is_ok(), "released when dropped");
    }

    #[test]
    fn a_failed_write_leaves_no_file_and_no_temporary() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("missing-folder/e.toml");
        let err = write_atomically(&path, Expected::Absent, "x").expect_err("no folder");
        assert!(matches!(err, WriteError::Io(..)));
        assert!(!path.exists());
        assert!(leftovers(dir.path()).is_empty());
    }
}
