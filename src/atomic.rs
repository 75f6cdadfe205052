//! Writing the files an organizer keeps (`pair`, `report`, `new`, `import`, `init`) so that no
//! work is ever lost: a file is written whole to a temporary file beside it, flushed to disk, and
//! only then put in place by a rename (or, for a new file, a hard link that cannot replace one), so
//! a laptop that dies mid-write leaves the old file or the new one, never half of either. A file
//! that changed on disk since Holonet read it (an editor saved it meanwhile) is left as it is: the
//! organizer's edit wins, and the command says to run it again.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What the file must hold when it is replaced.
#[derive(Debug, Clone, Copy)]
pub enum Expected<'a> {
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

/// Writes `new` to `path` atomically, provided the file is still as `expected`.
pub fn write_atomically(path: &Path, expected: Expected<'_>, new: &str) -> Result<(), WriteError> {
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
        Expected::Text(_) => std::fs::rename(&tmp, path),
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
