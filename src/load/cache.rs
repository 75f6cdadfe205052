//! Each event as read, checked and computed, kept between runs, so that a build or check after
//! one edit reads and computes only the events whose files changed: at 1,000 events, reading and
//! computing every event is most of the time a build or check takes after an edit.
//!
//! An entry is keyed by everything that went into it ([`EventCache::key`]): Holonet itself, the
//! configuration, the files beside the events (decklist files, which any event may read), the
//! event file's address, its text and its report. A change to any of them misses the cache, and
//! a different Holonet binary never reads an entry another one wrote. Only events loaded without
//! a warning are kept, so that every warning is told on every run.
//!
//! The entries live in the site folder, in `.holonet/cache/events/`, one file per key, named by
//! it: a run reads the entries of the files it finds and writes the ones it computed. Each is
//! written to a temporary file and renamed into place, and carries its key, its length and a
//! seal of both and of its bytes, so that a torn, truncated or foreign file is a miss, never a
//! wrong event. An entry is written as its event is computed, and renamed into place at the end
//! of the run, once the files every event depends on are known not to have changed meanwhile.
//! Entries that no event file has any more are removed at the end of each run, with the
//! staged entries of runs that were stopped: a run that stages entries holds a lock on a file
//! of its own in the folder ([`RunClaim`]), and its staged entries carry that file's token, so
//! a sweep keeps them exactly while the lock is held. The system lets go of a lock when its
//! process ends, however it ends; no process id, which the system gives again to later
//! processes (and on Linux to threads), decides what is swept.
//! Nothing here can fail a build: a cache that cannot be read or written only costs the time to
//! compute.
//!
//! What a build publishes must come from the site's files alone, and an entry's payload cannot
//! be checked against the event file without computing it again (which is what the cache
//! saves). So the seal is a keyed hash under the site folder's secret
//! ([`input_key::Secret`]), which no cache holds: an entry written anywhere else (a cache
//! restored in CI, a file put there by hand, however its hash was worked out) is a miss, and
//! the event is computed from its file. The cost: a cache helps only in the folder that made it.

use std::collections::BTreeSet;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use xxhash_rust::xxh3::Xxh3;

use crate::encoded::Encoded;
use crate::event::Event;
use crate::input_key;
use crate::rules::computed::Computed;

/// The cache's folder, under the site root.
pub(crate) const DIR: &str = ".holonet/cache/events";

/// The first bytes of every entry, naming its layout; an entry written by another layout is a
/// miss. The key, the payload's length and the seal ([`seal`]) follow, then the payload: the
/// event and its computed facts as a build holds them ([`Encoded::deflated`]), so that a build
/// holds an event taken from the cache in the entry's own bytes. After the payload, what the
/// caller keeps of the event ([`Kept`]): the key of its other inputs, then its bytes.
const MAGIC: &[u8; 8] = b"hnevt004";

/// Bytes before the payload: the magic, the key, the length and the seal.
const HEADER_LEN: usize = 8 + 16 + 8 + 16;

/// What a caller keeps of an event beside the event in its entry, so that a later run takes it
/// without opening the event (a build's lists, people and shares of the archive-wide pages):
/// the key of everything it was made from besides the event (the caller's other inputs: the
/// entry's own key covers the event), and its bytes, which only the caller reads.
#[derive(Debug, Clone)]
pub(crate) struct Kept {
    pub(crate) inputs: u128,
    pub(crate) bytes: Box<[u8]>,
}

/// A sound entry: the event as a build holds it, and what the caller kept of it, if anything.
pub(crate) struct Entry {
    pub(crate) event: HeldEncoding,
    pub(crate) kept: Option<Kept>,
}

/// The event cache of one site.
pub(crate) struct EventCache {
    dir: PathBuf,
    /// Holonet's program key ([`input_key::program_key`]).
    program: u128,
    /// The configuration file, relative to the site root.
    settings: PathBuf,
    /// What every entry depends on besides its event's own files.
    shared: u128,
    /// The secret entries are sealed under.
    secret: input_key::Secret,
    /// This run's claim on the entries it stages, taken with the first one (`None` inside
    /// when it could not be taken: nothing is staged then).
    claim: OnceLock<Option<RunClaim>>,
}

impl EventCache {
    /// The cache of the site at `root`, for this Holonet (`program`, see
    /// [`input_key::program_key`]) and the configuration file `settings` (relative to `root`)
    /// as it is now.
    pub(crate) fn open(root: &Path, program: u128, settings: &Path) -> EventCache {
        EventCache {
            dir: root.join(DIR),
            program,
            settings: settings.to_path_buf(),
            shared: shared_key(root, program, settings),
            secret: input_key::Secret::of_site(root),
            claim: OnceLock::new(),
        }
    }

    /// The key of an event whose own files, as read, have the key `own`
    /// ([`input_key::own_key`]).
    pub(crate) fn key(&self, own: u128) -> u128 {
        input_key::event_key(self.shared, own)
    }

    /// Whether the shared inputs are still as they were when the cache was opened: entries
    /// computed while a decklist file or the configuration changed are not written.
    pub(crate) fn still_current(&self, root: &Path) -> bool {
        shared_key(root, self.program, &self.settings) == self.shared
    }

    fn path(&self, key: u128) -> PathBuf {
        self.dir.join(format!("{key:032x}"))
    }

    /// The sound entry under `key`, if there is one.
    pub(crate) fn get(&self, key: u128) -> Option<Entry> {
        let bytes = fs::read(self.path(key)).ok()?;
        decode(self.secret, key, &bytes)
    }

    /// Writes the entry that keeps `event` under `key` beside the entries, under a temporary
    /// name that no run reads, for [`EventCache::put`] to put in place once the run knows the
    /// files every event depends on did not change meanwhile. On disk rather than in memory:
    /// a first build of 10,000 events would otherwise hold 220 MB of entries until its last
    /// event is computed. `None` when it cannot be written (the next run computes again).
    pub(crate) fn stage(
        &self,
        key: u128,
        event: &HeldEncoding,
        kept: Option<&Kept>,
    ) -> Option<Staged> {
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let bytes = encode(self.secret, key, event, kept)?;
        let claim = self
            .claim
            .get_or_init(|| RunClaim::take(&self.dir))
            .as_ref()?;
        let temporary = self.dir.join(format!(
            "{key:032x}.{}-{}.tmp",
            claim.token,
            WRITES.fetch_add(1, Ordering::Relaxed)
        ));
        let written = fs::File::create(&temporary).and_then(|mut file| file.write_all(&bytes));
        if written.is_err() {
            let _ = fs::remove_file(&temporary);
            return None;
        }
        Some(Staged { key, temporary })
    }

    /// Puts a staged entry in place, by a rename, so a reader never sees half an entry; a
    /// failure (another run swept the staged file away) is ignored.
    pub(crate) fn put(&self, staged: &Staged) {
        if fs::rename(&staged.temporary, self.path(staged.key)).is_err() {
            let _ = fs::remove_file(&staged.temporary);
        }
    }

    /// Removes a staged entry that is not to be kept.
    pub(crate) fn discard(&self, staged: &Staged) {
        let _ = fs::remove_file(&staged.temporary);
    }

    /// Removes every entry but those of `keys`, and the staged entries and claims of runs
    /// that were stopped. Another run at the same time keeps its staged entries (its claim is
    /// held); it can lose an entry it put in place meanwhile, which costs it the time to
    /// compute it again.
    pub(crate) fn retain(&self, keys: &BTreeSet<u128>) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        let names: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .collect();
        let running: BTreeSet<&str> = names
            .iter()
            .filter_map(|name| claim_token(name))
            .filter(|token| RunClaim::is_held(&self.dir, token))
            .collect();
        let kept: BTreeSet<String> = keys.iter().map(|k| format!("{k:032x}")).collect();
        for name in &names {
            let current = kept.contains(name)
                || claim_token(name).is_some_and(|token| running.contains(token))
                || staged_token(name).is_some_and(|token| running.contains(token));
            if !current {
                let _ = fs::remove_file(self.dir.join(name));
            }
        }
    }
}

/// A run's claim on the entries it stages: the file `run-TOKEN.lock` in the cache's folder,
/// locked for as long as the run lasts, its token drawn at random so that no other run has it.
/// Staged entries are named `KEY.TOKEN-N.tmp`; a sweep keeps them while their claim is locked.
/// A run stopped by any means leaves its file unlocked (the system releases a process's locks
/// when it ends), and the next sweep removes the file and the entries.
struct RunClaim {
    token: String,
    path: PathBuf,
    /// Open, and locked, until the claim is dropped.
    _file: fs::File,
}

impl RunClaim {
    /// A new claim in `dir` (made if missing); `None` when the file cannot be made or locked.
    fn take(dir: &Path) -> Option<RunClaim> {
        fs::create_dir_all(dir).ok()?;
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u32(std::process::id());
        let token = format!("{:016x}", hasher.finish());
        let path = dir.join(format!("run-{token}.lock"));
        let file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .ok()?;
        file.try_lock().ok()?;
        Some(RunClaim {
            token,
            path,
            _file: file,
        })
    }

    /// Whether the claim `token` in `dir` is held by a running process: its file is locked.
    /// A file that cannot be opened or tested counts as held, so that nothing is swept on a
    /// doubt; one that is not locked is a stopped run's.
    fn is_held(dir: &Path, token: &str) -> bool {
        let Ok(file) = fs::File::open(dir.join(format!("run-{token}.lock"))) else {
            return true;
        };
        match file.try_lock() {
            Ok(()) => false,
            Err(fs::TryLockError::WouldBlock) => true,
            Err(fs::TryLockError::Error(_)) => true,
        }
    }
}

impl Drop for RunClaim {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// The token of a claim's file name (`run-TOKEN.lock`).
fn claim_token(name: &str) -> Option<&str> {
    name.strip_prefix("run-")?.strip_suffix(".lock")
}

/// The token of a staged entry's name (`KEY.TOKEN-N.tmp`).
fn staged_token(name: &str) -> Option<&str> {
    let (_, writer) = name.strip_suffix(".tmp")?.split_once('.')?;
    Some(writer.split_once('-')?.0)
}

/// An event and its computed facts as a build holds them, and as an entry keeps them.
pub(crate) type HeldEncoding = Encoded<(Event, Computed)>;

/// An entry written under a temporary name by [`EventCache::stage`].
pub(crate) struct Staged {
    key: u128,
    temporary: PathBuf,
}

/// The key of what every event depends on besides its own files: Holonet, the configuration
/// (which names the default ruleset) and the files beside the events.
fn shared_key(root: &Path, program: u128, settings: &Path) -> u128 {
    let mut hasher = Xxh3::new();
    hasher.update(&program.to_le_bytes());
    input_key::add_file(&mut hasher, root, &root.join(settings));
    for path in input_key::beside_events(root) {
        input_key::add_file(&mut hasher, root, &path);
    }
    hasher.digest128()
}

/// The seal of an entry: of its key and of everything after its header, under `secret`.
fn seal(secret: input_key::Secret, key: u128, body: &[u8]) -> u128 {
    secret.seal(&[&key.to_le_bytes(), body])
}

fn encode(
    secret: input_key::Secret,
    key: u128,
    event: &HeldEncoding,
    kept: Option<&Kept>,
) -> Option<Vec<u8>> {
    let payload = event.deflated_bytes()?;
    let mut body = Vec::with_capacity(payload.len() + 16 + kept.map_or(0, |k| k.bytes.len()));
    body.extend_from_slice(payload);
    if let Some(kept) = kept {
        body.extend_from_slice(&kept.inputs.to_le_bytes());
        body.extend_from_slice(&kept.bytes);
    }
    let mut bytes = Vec::with_capacity(HEADER_LEN + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&key.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&seal(secret, key, &body).to_le_bytes());
    bytes.extend_from_slice(&body);
    Some(bytes)
}

fn decode(secret: input_key::Secret, key: u128, bytes: &[u8]) -> Option<Entry> {
    let (header, body) = bytes.split_at_checked(HEADER_LEN)?;
    let (magic, rest) = header.split_at(8);
    let (stored_key, rest) = rest.split_at(16);
    let (len, hash) = rest.split_at(8);
    let len = usize::try_from(u64::from_le_bytes(len.try_into().ok()?)).ok()?;
    let (payload, after) = body.split_at_checked(len)?;
    let sound = magic == MAGIC
        && stored_key == key.to_le_bytes()
        && hash == seal(secret, key, body).to_le_bytes()
        && (after.is_empty() || after.len() >= 16);
    if !sound {
        return None;
    }
    let kept = after.split_at_checked(16).map(|(inputs, bytes)| Kept {
        inputs: u128::from_le_bytes(inputs.try_into().expect("16 bytes")),
        bytes: bytes.into(),
    });
    Some(Entry {
        event: Encoded::from_deflated(payload.into()),
        kept,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::options::LoadOptions;

    const SECRET_OF_TESTS: [u64; 2] = [1, 2];

    fn secret_of_tests() -> input_key::Secret {
        input_key::Secret::of_tests(SECRET_OF_TESTS)
    }

    /// Every event of the example site and of the test fixtures.
    fn events() -> Vec<(Event, Computed)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut events =
            crate::load::load_events(root, &LoadOptions::default(), None, |e, _| e, None).events;
        let fixtures = root.join("tests/fixtures");
        for file in walkdir::WalkDir::new(&fixtures).sort_by_file_name() {
            let file = file.expect("fixtures are readable");
            let path = file.path();
            if path.extension().is_some_and(|e| e == "toml")
                && let Ok(text) = fs::read_to_string(path)
                && let (Some(event), _) = crate::load::parse_event(
                    path.strip_prefix(&fixtures).expect("under the fixtures"),
                    &text,
                    &LoadOptions::default(),
                )
            {
                events.push(event);
            }
        }
        events
    }

    #[test]
    fn every_kind_of_event_reads_back_as_it_was_computed() {
        let events = events();
        assert!(events.len() > 20, "{} events", events.len());
        for (i, event) in events.iter().enumerate() {
            let key = i as u128 + 1;
            let bytes = encode(secret_of_tests(), key, &Encoded::deflated(event), None)
                .expect("every event encodes");
            let back = decode(secret_of_tests(), key, &bytes)
                .and_then(|entry| entry.event.try_open())
                .unwrap_or_else(|| panic!("{} reads back", event.0.file.display()));
            // Field by field, as `Debug` spells every one of them out.
            assert_eq!(
                format!("{back:?}"),
                format!("{event:?}"),
                "{}",
                event.0.file.display()
            );
        }
    }

    #[test]
    fn a_torn_foreign_or_misnamed_entry_is_a_miss() {
        let event = &events()[0];
        let s = secret_of_tests();
        let kept = Kept {
            inputs: 9,
            bytes: b"kept".as_slice().into(),
        };
        let bytes = encode(s, 7, &Encoded::deflated(event), Some(&kept)).expect("encodes");
        let entry = decode(s, 7, &bytes).expect("a sound entry");
        let back = entry.kept.expect("what was kept");
        assert_eq!((back.inputs, &*back.bytes), (9, b"kept".as_slice()));
        let without = encode(s, 7, &Encoded::deflated(event), None).expect("encodes");
        assert!(decode(s, 7, &without).is_some_and(|entry| entry.kept.is_none()));
        assert!(decode(s, 8, &bytes).is_none(), "another key");
        assert!(
            decode(s, 7, &bytes[..bytes.len() - 1]).is_none(),
            "truncated"
        );
        assert!(decode(s, 7, &bytes[..10]).is_none(), "torn in the header");
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert!(decode(s, 7, &flipped).is_none(), "a changed byte");
        assert!(
            decode(input_key::Secret::of_tests([3, 4]), 7, &bytes).is_none(),
            "sealed elsewhere"
        );
        let mut foreign = bytes;
        foreign[..8].copy_from_slice(b"hnevt000");
        assert!(decode(s, 7, &foreign).is_none(), "another layout");
    }

    #[test]
    fn entries_are_kept_found_and_swept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        fs::create_dir_all(root.join("events")).expect("mkdir");
        let settings = Path::new("holonet.toml");
        let cache = EventCache::open(root, 1, settings);
        let event = &events()[0];
        let key = cache.key(input_key::own_key(
            Path::new("events/a.toml"),
            b"text",
            None,
        ));
        assert!(cache.get(key).is_none());
        let encoded = Encoded::deflated(event);
        cache.put(
            &cache
                .stage(key, &encoded, None)
                .expect("an entry is written"),
        );
        assert!(cache.get(key).is_some());
        // Another Holonet or another configuration: other keys.
        assert_ne!(
            EventCache::open(root, 2, settings).key(input_key::own_key(
                Path::new("events/a.toml"),
                b"text",
                None
            )),
            key
        );
        fs::write(root.join(settings), "title = \"T\"\n").expect("write");
        assert!(!cache.still_current(root));
        assert_ne!(
            EventCache::open(root, 1, settings).key(input_key::own_key(
                Path::new("events/a.toml"),
                b"text",
                None
            )),
            key
        );
        // Sealed under the site folder's secret.
        assert_eq!(input_key::Secret::of_site(root), cache.secret);
        // A staged entry left by a run that was stopped is swept, with its claim; one of a
        // running run is not, whatever process ids say.
        let dir = root.join(DIR);
        fs::write(dir.join("stale.999999999-1.tmp"), "half").expect("write");
        fs::write(dir.join("run-0123456789abcdef.lock"), "").expect("write");
        fs::write(dir.join("stale.0123456789abcdef-2.tmp"), "half").expect("write");
        // Another run, still running: its claim's file is locked.
        let other = fs::File::create(dir.join("run-feedface00000000.lock")).expect("create");
        other.try_lock().expect("lock");
        let running = format!("{key:032x}.feedface00000000-9.tmp");
        fs::write(dir.join(&running), "half").expect("write");
        cache.retain(&BTreeSet::from([key]));
        assert!(cache.get(key).is_some());
        let left = || {
            let mut names: Vec<_> = fs::read_dir(&dir)
                .expect("dir")
                .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
                .collect();
            names.sort();
            names
        };
        // This run's own claim, taken when it staged its entry, is held too.
        let own = cache
            .claim
            .get()
            .and_then(Option::as_ref)
            .map(|claim| format!("run-{}.lock", claim.token))
            .expect("this run staged an entry");
        let mut expected = vec![
            format!("{key:032x}"),
            running,
            "run-feedface00000000.lock".to_string(),
            own.clone(),
        ];
        expected.sort();
        assert_eq!(left(), expected, "the entry kept");
        // The other run stops without a word (its lock goes with its process): what it left
        // is swept.
        drop(other);
        cache.retain(&BTreeSet::from([key]));
        assert_eq!(left(), [format!("{key:032x}"), own]);
        cache.retain(&BTreeSet::new());
        assert!(cache.get(key).is_none());
    }
}
