//! Writing the files an organizer keeps (`pair`, `report`, `new`, `import`, `init`) so that no
//! work is ever lost: a file is written whole to a temporary file beside it, flushed to disk, and
//! only then put in place by a rename (or, for a new file, a hard link that cannot replace one), so
//! a laptop that dies mid-write leaves the old file or the new one, never half of either. A file
//! that changed on disk since Holonet read it (an editor saved it meanwhile) is left as it is: the
//! organizer's edit wins, and the command says to run it again.
//!
//! Two Holonet commands editing the same site at once (two `report`s from two terminals, a
//! script reporting every table together) would each pass that check and the second rename would
//! drop the first one's edit. So each editing command holds the site's edit lock ([`lock_site`])
//! from reading the file to writing it: the second waits, reads the first one's result, and
//! either applies its own edit on top or refuses with its usual message (a table that already
//! has a result, say). No accepted edit is ever lost.

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
            path.display()
        ));
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open the lock {}: {e}", path.display()))?;
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
                    path.display()
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(format!("cannot take the lock {}: {e}", path.display()));
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

/// Why a file could not be written. In every case the file is as it was.
#[derive(Debug)]
pub enum WriteError {
    /// The file changed on disk since it was read.
    Changed(PathBuf),
    /// A new file's path is taken.
    Exists(PathBuf),
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Changed(p) => write!(
                f,
                "{} changed on disk while holonet was working; nothing was written, run the command again",
                p.display()
            ),
            WriteError::Exists(p) => write!(
                f,
                "{} already exists; holonet never overwrites a file it did not read",
                p.display()
            ),
            WriteError::Io(p, e) => write!(
                f,
                "cannot write {}: {e}; the file was not changed",
                p.display()
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

/// Writes `new` to `path` atomically, provided the file is still as `expected`.
pub(crate) fn write_atomically(
    path: &Path,
    expected: Expected<'_>,
    new: &str,
) -> Result<(), WriteError> {
    let io = |e| WriteError::Io(path.to_path_buf(), e);
    match expected {
        Expected::Absent if std::fs::symlink_metadata(path).is_ok() => {
            return Err(WriteError::Exists(path.to_path_buf()));
        }
        Expected::Absent => {}
        Expected::Text(original) => {
            if std::fs::read_to_string(path).map_err(io)? != original {
                return Err(WriteError::Changed(path.to_path_buf()));
            }
        }
    }
    let tmp = temporary_beside(path);
    let result = write_synced(&tmp, new).and_then(|()| match expected {
        // A hard link fails when the name is taken, where a rename would replace the file.
        // File systems without hard links (FAT, exFAT on a USB stick) get a check, then a rename.
        Expected::Absent => std::fs::hard_link(&tmp, path).or_else(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists
                || std::fs::symlink_metadata(path).is_ok()
            {
                Err(std::io::ErrorKind::AlreadyExists.into())
            } else {
                std::fs::rename(&tmp, path)
            }
        }),
        // The new file keeps the old one's permissions (a file kept private stays private).
        Expected::Text(_) => std::fs::metadata(path)
            .and_then(|m| std::fs::set_permissions(&tmp, m.permissions()))
            .and_then(|()| std::fs::rename(&tmp, path)),
    });
    let _ = std::fs::remove_file(&tmp);
    match result {
        Ok(()) => {
            sync_folder(path);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(WriteError::Exists(path.to_path_buf()))
        }
        Err(e) => Err(io(e)),
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
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    write_atomically(target, Expected::Absent, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".holonet-tmp"))
            .collect()
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
