//! What the last rating of the archive left for the next ([`Resumes`]), kept between runs in
//! the site folder (`.holonet/cache/ratings`): a build after an edit to the newest event rates
//! again only the periods the edit changed, as `serve` does between edits, instead of every
//! game of the archive (half of the ratings' time at 1,000 events).
//!
//! A resume vouches only for what it can check itself: each run compares its periods' games
//! with the digests the resume holds and rates again from the first that differs, so a resume
//! of other inputs costs time, never a wrong rating. Still, like the event cache, the file is
//! sealed under the site folder's secret and Holonet's program key: one written by another
//! binary, restored from elsewhere, torn or edited is not read. It is read when a run first
//! rates, and written (to a temporary file renamed into place, so that a reader never sees half
//! of it) only when the run changed it. Nothing here can fail a run: a file that cannot be read
//! or written only costs the time to rate every game.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::input_key::{self, Secret};
use crate::rules::rating::Resumes;

/// The file, under the site root.
pub(crate) const FILE: &str = ".holonet/cache/ratings";

/// The first bytes of the file, naming its layout; the seal (16 bytes) and the resumes follow.
const MAGIC: &[u8; 8] = b"hnrat001";

/// The site's kept resumes, read on first use.
pub(crate) struct RatingCache {
    path: PathBuf,
    secret: Secret,
    /// Holonet's program key: a resume written by another binary is not read.
    program: u128,
    /// The resumes, and their bytes as read (empty when there was no sound file).
    loaded: OnceLock<(Resumes, Vec<u8>)>,
}

impl RatingCache {
    /// The kept resumes of the site at `root`; `None` when Holonet cannot read its own program
    /// file (then nothing is kept, as in the event cache).
    pub(crate) fn of_site(root: &Path, secret: Secret) -> Option<RatingCache> {
        Some(RatingCache {
            path: root.join(FILE),
            secret,
            program: input_key::program_key()?,
            loaded: OnceLock::new(),
        })
    }

    /// The resumes, read from the file the first time (none when it is missing or unsound).
    pub(crate) fn resumes(&self) -> &Resumes {
        let (resumes, _) = self.loaded.get_or_init(|| {
            let bytes = fs::read(&self.path).unwrap_or_default();
            self.open(&bytes)
                .and_then(|body| Some((Resumes::from_bytes(body)?, body.to_vec())))
                .unwrap_or_default()
        });
        resumes
    }

    /// Writes the resumes back when a run read them and changed them.
    pub(crate) fn save(&self) {
        let Some((resumes, read)) = self.loaded.get() else {
            return;
        };
        let body = resumes.to_bytes();
        if body == *read {
            return;
        }
        let mut bytes = Vec::with_capacity(MAGIC.len() + 16 + body.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&self.seal(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        // One temporary name for every run: two runs writing at once may spoil each other's
        // file, which the seal then refuses (costing the next run its resume), and a run
        // stopped before its rename leaves one file that the next save replaces.
        let temporary = self.path.with_extension("holonet-tmp");
        let written = self
            .path
            .parent()
            .is_some_and(|dir| fs::create_dir_all(dir).is_ok())
            && fs::write(&temporary, &bytes).is_ok()
            && fs::rename(&temporary, &self.path).is_ok();
        if !written {
            let _ = fs::remove_file(&temporary);
        }
    }

    /// The body of `bytes` when they are a sound file of this layout, binary and site.
    fn open<'b>(&self, bytes: &'b [u8]) -> Option<&'b [u8]> {
        let (magic, rest) = bytes.split_at_checked(MAGIC.len())?;
        let (seal, body) = rest.split_at_checked(16)?;
        (magic == MAGIC && seal == self.seal(body).to_le_bytes()).then_some(body)
    }

    fn seal(&self, body: &[u8]) -> u128 {
        self.secret.seal(&[&self.program.to_le_bytes(), body])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rating::Resume;

    fn cache(root: &Path, keys: [u64; 2]) -> RatingCache {
        RatingCache::of_site(root, Secret::of_tests(keys)).expect("the program's key")
    }

    /// Resumes as a run leaves them: one named run, rated once.
    fn rated(cache: &RatingCache) {
        cache.resumes().put("lcg-overall", Resume::default());
    }

    #[test]
    fn kept_resumes_read_back_and_are_written_only_when_changed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = cache(dir.path(), [1, 2]);
        assert!(
            first.resumes().to_bytes() == Resumes::default().to_bytes(),
            "none yet"
        );
        rated(&first);
        first.save();
        let file = dir.path().join(FILE);
        assert!(file.is_file(), "written");
        let second = cache(dir.path(), [1, 2]);
        assert_eq!(second.resumes().to_bytes(), first.resumes().to_bytes());
        // Read and not changed: not written again (the file deleted meanwhile stays away).
        fs::remove_file(&file).expect("remove");
        second.save();
        assert!(!file.exists(), "nothing to write");
        // Never read: nothing to write either.
        cache(dir.path(), [1, 2]).save();
        assert!(!file.exists());
    }

    #[test]
    fn a_torn_edited_or_foreign_file_is_not_read() {
        let dir = tempfile::tempdir().expect("tempdir");
        let written = cache(dir.path(), [1, 2]);
        rated(&written);
        written.save();
        let file = dir.path().join(FILE);
        let sound = fs::read(&file).expect("read");
        let none = Resumes::default().to_bytes();
        // Another site folder's secret.
        assert_eq!(cache(dir.path(), [3, 4]).resumes().to_bytes(), none);
        // Torn, or a byte changed.
        fs::write(&file, &sound[..sound.len() - 1]).expect("write");
        assert_eq!(cache(dir.path(), [1, 2]).resumes().to_bytes(), none);
        let mut edited = sound.clone();
        *edited.last_mut().expect("bytes") ^= 1;
        fs::write(&file, &edited).expect("write");
        assert_eq!(cache(dir.path(), [1, 2]).resumes().to_bytes(), none);
        // Of another layout.
        let mut other = sound.clone();
        other[7] = b'9';
        fs::write(&file, &other).expect("write");
        assert_eq!(cache(dir.path(), [1, 2]).resumes().to_bytes(), none);
        fs::write(&file, &sound).expect("write");
        assert_ne!(cache(dir.path(), [1, 2]).resumes().to_bytes(), none);
    }
}
