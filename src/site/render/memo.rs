//! What `serve` remembers of the pages it rendered ([`Memo`]), and the hash a page's template
//! and context are remembered by ([`key`]): an edit to one event leaves most archive-wide
//! pages as they were, and a page whose key is unchanged is not rendered again.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

use serde::Serialize;
use xxhash_rust::xxh3::Xxh3;

use crate::rules::rating::Resumes;

/// What the archive-wide pages looked like when `serve` last rendered them: for each page, a
/// hash of its template and everything its template was given. An edit to one event leaves most
/// of them (an index of other years, the statistics when no result changed) as they were, and a
/// page whose hash is unchanged is not rendered again. Only valid while the templates stay the
/// same: `serve` starts a new one when they change.
#[derive(Debug, Default)]
pub struct Memo {
    pages: Mutex<HashMap<String, u128>>,
    /// Fragments shared by several pages (an event's row in the indexes), by name: the hash
    /// of what they were rendered from, and the HTML.
    fragments: Mutex<HashMap<String, (u128, String)>>,
    /// Images drawn by no template (the events' link-preview cards), by path: the key of what
    /// they were drawn from. Unlike the pages, they stay valid when the templates change.
    images: Mutex<HashMap<String, u128>>,
    /// Each player page's rating sections as the served page shows them, by the page's path:
    /// a changed result moves the ratings and ranks of players who were not at the event, and
    /// their pages are found by these keys instead of by rendering every player's page. Like
    /// the images, they stay valid when the templates change.
    ratings: Mutex<HashMap<String, u128>>,
    /// What each rating of the archive leaves for the next: an edit to the event being played
    /// changes the last rating period, and only that period is rated again.
    rating_runs: Resumes,
}

impl Memo {
    /// A memo that has seen the pages `pages` (path -> key) and the player pages' rating
    /// sections `ratings` (path -> key), as a previous build recorded them.
    pub(crate) fn of_records(pages: HashMap<String, u128>, ratings: HashMap<String, u128>) -> Memo {
        Memo {
            pages: Mutex::new(pages),
            ratings: Mutex::new(ratings),
            ..Memo::default()
        }
    }

    /// Forgets every page but those of `paths`.
    pub(crate) fn retain(&self, paths: &BTreeSet<String>) {
        let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.retain(|path, _| paths.contains(path));
        let mut ratings = self.ratings.lock().unwrap_or_else(|e| e.into_inner());
        ratings.retain(|path, _| paths.contains(path));
    }

    /// Every page seen, with its key, in path order.
    pub(crate) fn pages(&self) -> BTreeMap<String, u128> {
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.iter().map(|(p, k)| (p.clone(), *k)).collect()
    }

    /// What the last rating of the archive left for the next (see [`Resumes`]).
    pub(crate) fn rating_runs(&self) -> &Resumes {
        &self.rating_runs
    }

    /// Every player page's rating sections seen, with their key, in path order.
    pub(crate) fn ratings(&self) -> BTreeMap<String, u128> {
        let ratings = self.ratings.lock().unwrap_or_else(|e| e.into_inner());
        ratings.iter().map(|(p, k)| (p.clone(), *k)).collect()
    }

    /// A memo for new templates: the pages rendered by the old ones are no guide to the new
    /// ones, but the images no template draws still are.
    pub fn for_new_templates(&self) -> Memo {
        let images = self
            .images
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let ratings = self
            .ratings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        Memo {
            images: Mutex::new(images),
            ratings: Mutex::new(ratings),
            ..Memo::default()
        }
    }

    /// The player pages of `sections` (page path, key of its rating sections) whose sections
    /// are not those last remembered for them, which are remembered from now on: the pages to
    /// render again for their ratings.
    pub(super) fn ratings_moved(&self, sections: Vec<(String, u128)>) -> BTreeSet<String> {
        let mut seen = self.ratings.lock().unwrap_or_else(|e| e.into_inner());
        sections
            .into_iter()
            .filter_map(|(path, key)| {
                let moved = seen.get(&path) != Some(&key);
                seen.insert(path.clone(), key);
                moved.then_some(path)
            })
            .collect()
    }

    /// Whether the image `path` was last drawn from `key`; remembers `key` either way.
    pub(super) fn image_unchanged(&self, path: &str, key: u128) -> bool {
        let mut seen = self.images.lock().unwrap_or_else(|e| e.into_inner());
        seen.insert(path.to_string(), key) == Some(key)
    }

    /// Whether `path` was last rendered from `key`; remembers `key` either way.
    pub(super) fn unchanged(&self, path: &str, key: u128) -> bool {
        let mut seen = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        seen.insert(path.to_string(), key) == Some(key)
    }

    /// The fragment `name` as last rendered from `key`, if it was.
    pub(super) fn fragment(&self, name: &str, key: u128) -> Option<String> {
        let fragments = self.fragments.lock().unwrap_or_else(|e| e.into_inner());
        fragments
            .get(name)
            .filter(|(seen, _)| *seen == key)
            .map(|(_, html)| html.clone())
    }

    pub(super) fn remember_fragment(&self, name: &str, key: u128, html: &str) {
        self.fragments
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_string(), (key, html.to_string()));
    }

    /// Forgets `path`, a file that left the tree: should the same page come back, it is
    /// rendered, not taken for the file that is gone.
    pub(crate) fn forget(&self, path: &str) {
        self.pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path);
        self.images
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path);
        self.ratings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path);
    }
}

/// Feeds what is written to it into a hash: a page's context is hashed as it serializes,
/// without being built. The serializer writes a few bytes at a time; they are gathered and
/// hashed in larger pieces, which gives the same hash for less work.
struct HashWriter {
    hasher: Xxh3,
    pending: Vec<u8>,
}

impl HashWriter {
    const PIECE: usize = 16 * 1024;

    fn new() -> HashWriter {
        HashWriter {
            hasher: Xxh3::new(),
            pending: Vec::with_capacity(Self::PIECE),
        }
    }

    fn digest(mut self) -> u128 {
        self.hasher.update(&self.pending);
        self.hasher.digest128()
    }
}

impl std::io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.pending.len() + bytes.len() > Self::PIECE {
            self.hasher.update(&self.pending);
            self.pending.clear();
        }
        if bytes.len() > Self::PIECE {
            self.hasher.update(bytes);
        } else {
            self.pending.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The memo key of `template` rendered from `views`: a hash taken as they serialize.
pub(super) fn key<T: Serialize>(template: &str, views: &T) -> u128 {
    let mut hash = HashWriter::new();
    hash.hasher.update(template.as_bytes());
    // Views are strings, numbers and lists of them: they always serialize.
    let _ = serde_json::to_writer(&mut hash, views);
    hash.digest()
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn a_context_hashes_alike_whatever_pieces_it_is_written_in() {
        let text: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let whole = xxhash_rust::xxh3::xxh3_128(&text);
        for pieces in [1, 7, 4096, HashWriter::PIECE, HashWriter::PIECE + 1, 70_000] {
            let mut hash = HashWriter::new();
            for piece in text.chunks(pieces) {
                hash.write_all(piece).expect("a hash takes every write");
            }
            assert_eq!(hash.digest(), whole, "in pieces of {pieces}");
        }
    }
}
