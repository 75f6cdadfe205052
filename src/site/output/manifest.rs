//! Each folder's manifest (`.holonet-manifest`): what a build's files were (length and
//! 128-bit XXH3 hash), what it carried over, and whether the manifest is believed at all (its
//! seal under the site folder's secret). Also the paths a manifest may name.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::Path;
use std::time::SystemTime;

use super::{MANIFEST, OutputError};
use crate::input_key::Secret;

/// The manifest's first line, naming its layout. Its last line is its seal (see
/// [`Secret::seal_text`]): a manifest without the right one says nothing (see [`Found`]).
pub(super) const MANIFEST_HEADER: &str =
    "# holonet manifest 3: length xxh3-128 path, or - path for an entry carried over";

/// The mark of a carried entry's line in the manifest, in place of its length and hash.
const CARRIED: &str = "-";

/// What a manifest knows of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Recorded {
    pub(super) len: u64,
    pub(super) hash: u128,
}

/// What a manifest says a folder holds.
#[derive(Debug, Default)]
pub(super) struct Manifest {
    /// The build's files: path -> what was recorded.
    pub(super) files: BTreeMap<String, Recorded>,
    /// The entries Holonet did not write that the build carried over.
    pub(super) carried: BTreeSet<String>,
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

pub(super) fn manifest_text(
    files: &BTreeMap<String, Recorded>,
    carried: &BTreeSet<String>,
) -> String {
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
pub(super) fn is_safe_relative(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with('/')
        && !path.contains('\\')
        && path
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

/// The output's own records, which no page may take the place of.
pub(super) fn is_reserved(path: &str) -> bool {
    path == MANIFEST || path.ends_with(".holonet-tmp")
}

pub(super) fn hash(bytes: &[u8]) -> u128 {
    xxhash_rust::xxh3::xxh3_128(bytes)
}

/// A file's length and hash, read in pieces.
pub(super) fn hash_file(path: &Path) -> io::Result<Recorded> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let len = crate::input_key::feed(&mut hasher, fs::File::open(path)?)?;
    Ok(Recorded {
        len,
        hash: hasher.digest128(),
    })
}

/// What a folder's manifest tells.
pub(super) enum Found {
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
pub(super) fn read_manifest(dir: &Path, secret: &Secret) -> Result<Found, OutputError> {
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
