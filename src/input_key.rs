//! Keys of what a build reads: 128-bit XXH3 hashes of Holonet's own program file and of the
//! site's files. The caches that let a build skip work (each event as computed, see
//! [`crate::load::cache`]; each event's pages, see [`crate::site::reuse`]) are keyed by them, so
//! both hash files the same way, here.
//!
//! And the secret of the site folder ([`Secret`]), under which everything a build keeps for
//! the next one is sealed: the event cache's entries and the output's records.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use walkdir::WalkDir;
use xxhash_rust::xxh3::Xxh3;

/// The key of Holonet's own program file, which every cached result depends on: a different
/// Holonet (even one rebuilt from other sources) never reuses anything. `None` when Holonet
/// cannot read it: then nothing is reused. Read once per process, a piece at a time (the
/// program is about 20 MB: read whole, allocating it took longer than hashing it).
pub(crate) fn program_key() -> Option<u128> {
    static KEY: OnceLock<Option<u128>> = OnceLock::new();
    *KEY.get_or_init(|| {
        let program = fs::File::open(std::env::current_exe().ok()?).ok()?;
        let mut hasher = Xxh3::new();
        feed(&mut hasher, program).ok()?;
        Some(hasher.digest128())
    })
}

/// Starts working out [`program_key`] on a thread of its own, for a run that reads its
/// configuration and site files first: the run's first use of the key waits for it, if it
/// has to.
pub(crate) fn program_key_ahead() {
    std::thread::spawn(program_key);
}

/// Feeds everything `reader` holds to `hasher`, 64 KiB at a time, so that no file is ever held
/// whole; returns how many bytes it fed.
pub(crate) fn feed(hasher: &mut Xxh3, mut reader: impl io::Read) -> io::Result<u64> {
    let mut buffer = vec![0; 64 * 1024];
    let mut len = 0u64;
    loop {
        let n = reader.read(&mut buffer)?;
        if n == 0 {
            return Ok(len);
        }
        hasher.update(&buffer[..n]);
        len += n as u64;
    }
}

/// Feeds one file to `hasher`: its path relative to `root` and its length first, so that no two
/// sets of files hash alike, then its content. A missing file counts as empty.
pub(crate) fn add_file(hasher: &mut Xxh3, root: &Path, path: &Path) {
    let relative = path.strip_prefix(root).unwrap_or(path);
    hasher.update(relative.to_string_lossy().as_bytes());
    let Ok(file) = fs::File::open(path) else {
        hasher.update(&0u64.to_le_bytes());
        return;
    };
    let len = file.metadata().map_or(0, |m| m.len());
    hasher.update(&len.to_le_bytes());
    // A read that fails part-way only makes the key differ from the last run's: the work is
    // done again, never reused wrongly.
    let _ = feed(hasher, file);
}

/// Feeds every file under `root/dir` to `hasher`, in name order (see [`add_file`]).
pub(crate) fn add_tree(hasher: &mut Xxh3, root: &Path, dir: &str) {
    for path in tree(&root.join(dir), |_| true) {
        add_file(hasher, root, &path);
    }
}

/// The files under `events/` that are not events or their reports: decklist files and anything
/// else kept beside the events, which any event may read. In name order.
pub(crate) fn beside_events(root: &Path) -> Vec<PathBuf> {
    tree(&root.join("events"), |path| !is_own_file(path))
}

fn tree(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file() && keep(e.path()))
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// An event file, or the Markdown report beside one: each event's own input.
fn is_own_file(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        Some("toml") => true,
        Some("md") => path.with_extension("toml").is_file(),
        _ => false,
    }
}

/// The key of one event's own input, as the loader read it: the event file's path relative to
/// the site root (which gives the event its address), its bytes and those of the report beside
/// it (`None`: there is none). Given the bytes that were parsed, never read again here, so that
/// a key always describes the text an event was made from, even when an edit lands while a
/// build runs.
pub(crate) fn own_key(file: &Path, text: &[u8], report: Option<&[u8]>) -> u128 {
    let mut hasher = Xxh3::new();
    hasher.update(file.to_string_lossy().as_bytes());
    hasher.update(b"\0");
    for read in [Some(text), report] {
        match read {
            Some(bytes) => {
                hasher.update(&(bytes.len() as u64).to_le_bytes());
                hasher.update(bytes);
            }
            None => hasher.update(b"none"),
        }
    }
    hasher.digest128()
}

/// The key of one event under `shared` (what every event depends on): its [`own_key`] with it.
pub(crate) fn event_key(shared: u128, own: u128) -> u128 {
    let mut hasher = Xxh3::new();
    hasher.update(&shared.to_le_bytes());
    hasher.update(&own.to_le_bytes());
    hasher.digest128()
}

/// Where the site folder's secret is kept, under its root.
pub(crate) const SECRET: &str = ".holonet/secret";

/// The secret of one site folder: 128 random bits its first run made and kept in [`SECRET`],
/// never in the output nor in any cache. What a build keeps for the next one (an event-cache
/// entry, the output's manifest and records) is sealed with a keyed hash under it, and trusted
/// only when the seal is right: so a record written anywhere else (restored from a CI cache or
/// an artifact, copied from another site, edited by hand, whatever hash it carries) is no
/// record, and what a build publishes comes from the site's files alone.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Secret([u64; 2]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never printed: a seal is only as good as the secret is secret.
        f.write_str("Secret(..)")
    }
}

/// The last line of a sealed text: this prefix, then the seal in hexadecimal.
const SEAL_LINE: &str = "# seal ";

impl Secret {
    /// The secret of the site folder at `root`, made there by the first run that needs one.
    /// When it can be neither read nor made (a read-only site), a secret of this run alone: what
    /// it seals is then of no use to a later run, and nothing from elsewhere is trusted.
    pub fn of_site(root: &Path) -> Secret {
        let path = root.join(SECRET);
        let read = |path: &Path| -> Option<Secret> {
            let bytes: [u8; 16] = fs::read(path).ok()?.try_into().ok()?;
            let (a, b) = bytes.split_at(8);
            Some(Secret([
                u64::from_le_bytes(a.try_into().ok()?),
                u64::from_le_bytes(b.try_into().ok()?),
            ]))
        };
        if let Some(secret) = read(&path) {
            return secret;
        }
        // A file there that is no secret (cut short, written over) would make every run use a
        // secret of its own, and the players' codes change with each: it is replaced. Two runs
        // doing so at once agree on the one linked first.
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            let _ = fs::remove_file(&path);
        }
        let made = Secret::random();
        let mut bytes = made.0[0].to_le_bytes().to_vec();
        bytes.extend_from_slice(&made.0[1].to_le_bytes());
        // Written whole beside it, then linked into place only if there is still none: two runs
        // starting at once agree on the one that got there first.
        let temporary = path.with_extension(format!("{}.tmp", std::process::id()));
        let written = path
            .parent()
            .is_some_and(|dir| fs::create_dir_all(dir).is_ok())
            && private_file(&temporary).is_ok_and(|mut file| file.write_all(&bytes).is_ok());
        if written {
            let _ = fs::hard_link(&temporary, &path);
        }
        let _ = fs::remove_file(&temporary);
        read(&path).unwrap_or(made)
    }

    /// 128 unpredictable bits: the standard library seeds each `RandomState` from the system's
    /// random source, and SipHash under that random key gives outputs no one can foresee.
    fn random() -> Secret {
        use std::hash::{BuildHasher, Hasher};
        let state = std::collections::hash_map::RandomState::new();
        Secret([0u8, 1].map(|i| {
            let mut hasher = state.build_hasher();
            hasher.write_u8(i);
            hasher.finish()
        }))
    }

    /// A secret given by a test, so that what it seals is known.
    #[cfg(test)]
    pub(crate) fn of_tests(keys: [u64; 2]) -> Secret {
        Secret(keys)
    }

    /// The seal of `parts`, one after the other: SipHash-2-4 (128 bits) under the secret, a
    /// keyed hash made for this, which no one without the secret can work out.
    pub(crate) fn seal(&self, parts: &[&[u8]]) -> u128 {
        use siphasher::sip128::Hasher128;
        use std::hash::Hasher;
        let mut hasher = siphasher::sip128::SipHasher24::new_with_keys(self.0[0], self.0[1]);
        for part in parts {
            hasher.write(part);
        }
        hasher.finish128().as_u128()
    }

    /// `text` (lines, each ending in a newline) with its seal added as a last line.
    pub fn seal_text(&self, text: &str) -> String {
        let seal = self.seal(&[text.as_bytes()]);
        format!("{text}{SEAL_LINE}{seal:032x}\n")
    }

    /// The text [`Secret::seal_text`] sealed, when `sealed` is such a text sealed under this
    /// secret; `None` for anything else (no seal, a wrong one, a text changed since).
    pub fn open<'a>(&self, sealed: &'a str) -> Option<&'a str> {
        let body = sealed.strip_suffix('\n')?;
        let at = body.rfind('\n').map_or(0, |i| i + 1);
        let (text, last) = body.split_at(at);
        let seal = u128::from_str_radix(last.strip_prefix(SEAL_LINE)?, 16).ok()?;
        (last.len() == SEAL_LINE.len() + 32 && seal == self.seal(&[text.as_bytes()]))
            .then_some(text)
    }
}

/// Creates a file only its owner can read.
fn private_file(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_key_is_the_hash_of_the_whole_program_file() {
        let program = fs::read(std::env::current_exe().expect("a test binary")).expect("readable");
        program_key_ahead();
        assert_eq!(program_key(), Some(xxhash_rust::xxh3::xxh3_128(&program)));
    }

    #[test]
    fn reports_beside_their_events_are_own_files_and_other_files_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let events = dir.path().join("events");
        fs::create_dir_all(events.join("cup")).unwrap();
        fs::write(events.join("cup.toml"), "").unwrap();
        fs::write(events.join("cup.md"), "").unwrap();
        fs::write(events.join("notes.md"), "").unwrap();
        fs::write(events.join("cup/deck.txt"), "").unwrap();
        assert!(is_own_file(&events.join("cup.toml")));
        assert!(is_own_file(&events.join("cup.md")));
        assert!(!is_own_file(&events.join("notes.md")));
        assert!(!is_own_file(&events.join("cup/deck.txt")));
        let beside: Vec<PathBuf> = beside_events(dir.path());
        assert_eq!(
            beside,
            [events.join("cup/deck.txt"), events.join("notes.md")]
        );
    }

    #[test]
    fn an_event_key_changes_with_the_file_its_report_its_address_and_the_shared_key() {
        let file = Path::new("events/cup.toml");
        let text = b"name = \"Cup\"\n";
        let first = event_key(1, own_key(file, text, None));
        assert_ne!(first, event_key(2, own_key(file, text, None)));
        let elsewhere = Path::new("events/cup2.toml");
        assert_ne!(first, event_key(1, own_key(elsewhere, text, None)));
        let with_report = event_key(1, own_key(file, text, Some(b"Report.")));
        assert_ne!(first, with_report);
        assert_ne!(first, event_key(1, own_key(file, text, Some(b""))));
        assert_ne!(
            with_report,
            event_key(1, own_key(file, b"name = \"Cup!\"\n", Some(b"Report.")))
        );
    }

    #[test]
    fn a_sealed_text_opens_under_its_secret_only_and_unchanged() {
        let secret = Secret::of_tests([1, 2]);
        let text = "# a record\nline one\n";
        let sealed = secret.seal_text(text);
        assert_eq!(secret.open(&sealed), Some(text));
        assert_eq!(Secret::of_tests([1, 3]).open(&sealed), None, "another site");
        assert_eq!(secret.open(text), None, "no seal");
        assert_eq!(secret.open(&sealed.replace("one", "two")), None, "edited");
        let dropped = sealed.replacen("line one\n", "", 1);
        assert_eq!(secret.open(&dropped), None, "a line dropped");
        assert_eq!(secret.open(&sealed[..sealed.len() - 1]), None, "torn");
        assert_eq!(
            secret.open(&format!("{sealed}more\n")),
            None,
            "a line added"
        );
        // The seal of the empty text too.
        assert_eq!(secret.open(&secret.seal_text("")), Some(""));
    }

    #[test]
    fn a_secret_file_of_the_wrong_length_is_replaced_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join(".holonet")).unwrap();
        fs::write(dir.path().join(SECRET), b"12345678").unwrap();
        let first = Secret::of_site(dir.path());
        assert_eq!(fs::read(dir.path().join(SECRET)).unwrap().len(), 16);
        assert_eq!(Secret::of_site(dir.path()), first, "kept from then on");
    }

    #[test]
    fn a_site_folders_secret_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = Secret::of_site(dir.path());
        assert_eq!(Secret::of_site(dir.path()), first);
        assert_eq!(fs::read(dir.path().join(SECRET)).unwrap().len(), 16);
        let other = tempfile::tempdir().unwrap();
        assert_ne!(Secret::of_site(other.path()), first);
    }
}
