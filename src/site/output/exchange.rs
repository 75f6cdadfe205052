//! Where a build keeps its spare copy beside the output folder ([`Places`]), and how the two
//! folders are exchanged in one step, or finished when a build was cut between the renames
//! that stand in for that step. Also the syncs that make the exchange and the manifests
//! durable.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::tree::remove_tree;
use super::{OutputError, WORK_DIR, io_err};
use crate::atomic::exchange_in_one_step;

/// Writes `path` atomically and durably: a temporary file beside it, synced, then renamed.
pub(super) fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
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
pub(super) fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// Whether a folder is missing or empty.
pub(super) fn is_empty_dir(dir: &Path) -> Result<bool, OutputError> {
    match fs::read_dir(dir) {
        Ok(mut entries) => Ok(entries.next().is_none()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(OutputError::Io(dir.to_path_buf(), e)),
    }
}

/// Where a build keeps what it needs beside the output folder.
pub(super) struct Places {
    /// The spare copy, made into the next build and then exchanged with the output.
    pub(super) spare: PathBuf,
    /// Where the output waits while the copies are exchanged by renames.
    pub(super) swap: PathBuf,
    pub(super) lock: PathBuf,
}

impl Places {
    pub(super) fn of(out: &Path) -> Result<Places, OutputError> {
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
pub(super) fn exchange(a: &Path, b: &Path, swap: &Path) -> io::Result<()> {
    if exchange_in_one_step(a, b)? {
        return Ok(());
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
pub(super) fn finish_exchange(out: &Path, places: &Places) -> Result<(), OutputError> {
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

/// Refuses an output folder on another file system than its spare (a mount point): the two
/// could not be exchanged.
#[cfg(unix)]
pub(super) fn check_same_file_system(out: &Path, spare: &Path) -> Result<(), OutputError> {
    use crate::diag::Shown;
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
            work.shown(),
            out.shown()
        ),
    ))
}

#[cfg(not(unix))]
pub(super) fn check_same_file_system(_out: &Path, _spare: &Path) -> Result<(), OutputError> {
    Ok(())
}
