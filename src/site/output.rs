//! Writing the finished site. Runs only after every page rendered, so a failed build never
//! touches the output. Files whose bytes did not change are left alone (their modification time
//! too); files a previous build wrote and this one did not are removed. Holonet only ever removes
//! files listed in its own manifest, so pointing `--out` at the wrong folder cannot delete work.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Lists the files the last build wrote, one relative path per line.
pub const MANIFEST: &str = ".holonet-manifest";

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

/// Reads the previous build's manifest, or refuses a non-empty folder without one.
fn previous_files(out: &Path) -> Result<BTreeSet<String>, OutputError> {
    let manifest = out.join(MANIFEST);
    match fs::read_to_string(&manifest) {
        Ok(text) => Ok(text
            .lines()
            .filter(|l| is_safe_relative(l))
            .map(str::to_string)
            .collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let empty = match fs::read_dir(out) {
                Ok(mut entries) => entries.next().is_none(),
                Err(e) if e.kind() == io::ErrorKind::NotFound => true,
                Err(e) => return Err(OutputError::Io(out.to_path_buf(), e)),
            };
            if empty {
                Ok(BTreeSet::new())
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

/// Writes `path` atomically: a temporary file beside it, flushed, then renamed over it.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(io_err(parent))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".holonet-tmp");
    let tmp = PathBuf::from(tmp);
    let mut file = fs::File::create(&tmp).map_err(io_err(&tmp))?;
    file.write_all(bytes).map_err(io_err(&tmp))?;
    file.sync_all().map_err(io_err(&tmp))?;
    drop(file);
    fs::rename(&tmp, path).map_err(io_err(path))
}

/// Brings `out` to exactly `files` (relative path -> bytes).
pub fn write_site(
    out: &Path,
    files: &BTreeMap<String, Vec<u8>>,
) -> Result<WriteReport, OutputError> {
    let previous = previous_files(out)?;
    fs::create_dir_all(out).map_err(io_err(out))?;
    let mut report = WriteReport::default();
    for (rel, bytes) in files {
        let path = out.join(rel);
        let same = fs::metadata(&path).is_ok_and(|m| m.len() == bytes.len() as u64)
            && fs::read(&path).is_ok_and(|old| &old == bytes);
        if same {
            report.unchanged += 1;
        } else {
            write_atomic(&path, bytes)?;
            report.written += 1;
        }
    }
    for gone in previous.iter().filter(|p| !files.contains_key(*p)) {
        let path = out.join(gone);
        match fs::remove_file(&path) {
            Ok(()) => {
                report.removed += 1;
                remove_empty_parents(out, &path);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(OutputError::Io(path, e)),
        }
    }
    let manifest: String = files.keys().map(|k| format!("{k}\n")).collect();
    if fs::read_to_string(out.join(MANIFEST)).ok().as_deref() != Some(manifest.as_str()) {
        write_atomic(&out.join(MANIFEST), manifest.as_bytes())?;
    }
    Ok(report)
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
}
