//! The link-preview images a build drew, kept between builds in the site folder, so that a build
//! with no earlier output to keep them from (a new output folder, `public/` removed, `--out`
//! elsewhere) takes each event's image from here instead of drawing it again. Drawing and
//! encoding the images is about two thirds of the CPU time of a full build whose events come
//! from the event cache, and an image changes only with what its card shows.
//!
//! An entry is one file, `.holonet/cache/previews/KEY`, named by its card's key
//! ([`super::reuse::card_key`]: Holonet and everything the card shows): the same key always
//! names the same image, so an entry is right for any build that asks for its key. It holds a
//! first line naming the layout, a seal under the site folder's secret (see
//! [`crate::input_key::Secret`]) of its key and its bytes, then the PNG file. An entry with a
//! wrong seal (torn, truncated, written by another site folder, restored from a CI cache, or
//! made by hand) is no entry: the image is drawn again and the entry written over. So what a
//! build publishes still comes from the site's files alone.
//!
//! Each entry is written under a temporary name and renamed into place, so a reader never sees
//! half of one. A build that succeeds removes every other file of the folder (the images of
//! cards no event shows any more, and what a stopped run left behind), so the folder holds one
//! image per event. Nothing here can fail a build: a cache that cannot be read or written only
//! costs the time to draw.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::input_key::Secret;

/// The cache's folder, under the site root.
pub(crate) const DIR: &str = ".holonet/cache/previews";

/// The first bytes of every entry, naming its layout; an entry of another layout is a miss.
/// The seal (16 bytes) follows, then the image.
const MAGIC: &[u8; 8] = b"hnprv001";

/// Bytes before the image: the magic and the seal.
const HEADER_LEN: usize = MAGIC.len() + 16;

/// The drawn link-preview images of one site folder.
#[derive(Debug, Clone)]
pub(crate) struct PreviewCache {
    dir: PathBuf,
    secret: Secret,
}

impl PreviewCache {
    /// The cache of the site at `root`, whose entries are sealed under `secret` (the site's).
    pub(crate) fn open(root: &Path, secret: Secret) -> PreviewCache {
        PreviewCache {
            dir: root.join(DIR),
            secret,
        }
    }

    fn path(&self, key: u128) -> PathBuf {
        self.dir.join(format!("{key:032x}"))
    }

    /// The image of the card whose key is `key`, when a sound entry holds it.
    pub(crate) fn get(&self, key: u128) -> Option<Vec<u8>> {
        let mut bytes = fs::read(self.path(key)).ok()?;
        let seal = u128::from_le_bytes(bytes.get(MAGIC.len()..HEADER_LEN)?.try_into().ok()?);
        let sound = bytes.starts_with(MAGIC)
            && seal == self.seal(key, bytes.get(HEADER_LEN..).unwrap_or_default());
        sound.then(|| bytes.split_off(HEADER_LEN))
    }

    /// Keeps `png`, the image of the card whose key is `key`, for later builds. Best effort:
    /// an entry that cannot be written only means the image is drawn again.
    pub(crate) fn put(&self, key: u128, png: &[u8]) {
        static WRITTEN: AtomicU64 = AtomicU64::new(0);
        if fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        // Unique within this run; another run's temporary file of the same name makes this
        // one give up (`create_new`), never write into it.
        let temporary = self.dir.join(format!(
            ".{key:032x}.{}-{}.tmp",
            std::process::id(),
            WRITTEN.fetch_add(1, Ordering::Relaxed)
        ));
        let written = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .and_then(|mut file| {
                file.write_all(MAGIC)?;
                file.write_all(&self.seal(key, png).to_le_bytes())?;
                file.write_all(png)
            });
        if written.is_err() || fs::rename(&temporary, self.path(key)).is_err() {
            let _ = fs::remove_file(&temporary);
        }
    }

    /// Removes every file of the folder but the entries of `keys` (the cards of the events a
    /// build just published): the images no event shows any more, and the temporary files of
    /// runs that were stopped. A run writing an entry at the same moment loses it, which only
    /// costs a later build the time to draw it.
    pub(crate) fn keep_only(&self, keys: impl IntoIterator<Item = u128>) {
        let kept: std::collections::BTreeSet<String> =
            keys.into_iter().map(|key| format!("{key:032x}")).collect();
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            if !kept.contains(entry.file_name().to_string_lossy().as_ref()) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// The seal of an entry: its layout, its key and its image, under the site's secret.
    fn seal(&self, key: u128, png: &[u8]) -> u128 {
        self.secret.seal(&[MAGIC, &key.to_le_bytes(), png])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache(dir: &Path, secret: u64) -> PreviewCache {
        PreviewCache::open(dir, Secret::of_tests([secret, 7]))
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir.join(DIR))
            .expect("the folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_image_put_under_a_key_is_got_back_under_that_key_only() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cache = cache(dir.path(), 1);
        assert_eq!(cache.get(5), None, "nothing before it is put");
        cache.put(5, b"\x89PNG five");
        cache.put(6, b"\x89PNG six");
        assert_eq!(cache.get(5).as_deref(), Some(&b"\x89PNG five"[..]));
        assert_eq!(cache.get(6).as_deref(), Some(&b"\x89PNG six"[..]));
        assert_eq!(cache.get(7), None);
        // Put again (a card drawn again after a damaged entry): the new bytes.
        cache.put(5, b"\x89PNG five again");
        assert_eq!(cache.get(5).as_deref(), Some(&b"\x89PNG five again"[..]));
        assert_eq!(names(dir.path()).len(), 2, "no temporary file is left");
    }

    #[test]
    fn an_entry_not_sealed_under_the_sites_secret_is_no_entry() {
        let dir = tempfile::tempdir().expect("tempdir");
        let ours = cache(dir.path(), 1);
        let path = ours.path(5);
        // Written by another site folder (another secret): a miss.
        cache(dir.path(), 2).put(5, b"\x89PNG theirs");
        assert!(path.exists());
        assert_eq!(ours.get(5), None);
        // Sealed for another key and renamed: a miss.
        ours.put(6, b"\x89PNG six");
        fs::rename(ours.path(6), &path).expect("rename");
        assert_eq!(ours.get(5), None);
        // One byte of the image changed, or the file cut short: a miss.
        ours.put(5, b"\x89PNG five");
        let mut bytes = fs::read(&path).expect("read");
        *bytes.last_mut().expect("bytes") ^= 1;
        fs::write(&path, &bytes).expect("write");
        assert_eq!(ours.get(5), None);
        for cut in [0, 3, HEADER_LEN - 1, HEADER_LEN] {
            fs::write(&path, &bytes[..cut]).expect("write");
            assert_eq!(ours.get(5), None, "cut at {cut}");
        }
        // Another layout's entry: a miss, whatever its seal.
        ours.put(5, b"\x89PNG five");
        let mut bytes = fs::read(&path).expect("read");
        bytes[..MAGIC.len()].copy_from_slice(b"hnprv000");
        fs::write(&path, &bytes).expect("write");
        assert_eq!(ours.get(5), None);
    }

    #[test]
    fn keeping_only_the_published_cards_removes_every_other_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cache = cache(dir.path(), 1);
        for key in [1, 2, 3] {
            cache.put(key, b"\x89PNG");
        }
        // A stopped run's temporary file, and a file no run writes.
        fs::write(dir.path().join(DIR).join(".2.1-1.tmp"), "half").expect("write");
        fs::write(dir.path().join(DIR).join("notes"), "x").expect("write");
        cache.keep_only([1, 3, 4]);
        assert_eq!(
            names(dir.path()),
            [format!("{:032x}", 1), format!("{:032x}", 3)]
        );
        assert!(cache.get(1).is_some() && cache.get(3).is_some() && cache.get(2).is_none());
        // A site with no folder yet: nothing to do, nothing fails.
        PreviewCache::open(&dir.path().join("none"), Secret::of_tests([1, 7])).keep_only([1]);
    }
}
