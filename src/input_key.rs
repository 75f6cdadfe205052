//! Keys of what a build reads: 128-bit XXH3 hashes of Holonet's own program file and of the
//! site's files. The caches that let a build skip work (each event as computed, see
//! [`crate::load::cache`]; each event's pages, see [`crate::site::reuse`]) are keyed by them, so
//! both hash files the same way, here.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use walkdir::WalkDir;
use xxhash_rust::xxh3::Xxh3;

/// The key of Holonet's own program file, which every cached result depends on: a different
/// Holonet (even one rebuilt from other sources) never reuses anything. `None` when Holonet
/// cannot read it: then nothing is reused. Read once per process.
pub fn program_key() -> Option<u128> {
    static KEY: OnceLock<Option<u128>> = OnceLock::new();
    *KEY.get_or_init(|| {
        let program = fs::read(std::env::current_exe().ok()?).ok()?;
        Some(xxhash_rust::xxh3::xxh3_128(&program))
    })
}

/// Feeds everything `reader` holds to `hasher`, 64 KiB at a time, so that no file is ever held
/// whole; returns how many bytes it fed.
pub fn feed(hasher: &mut Xxh3, mut reader: impl io::Read) -> io::Result<u64> {
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
pub fn add_file(hasher: &mut Xxh3, root: &Path, path: &Path) {
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
pub fn add_tree(hasher: &mut Xxh3, root: &Path, dir: &str) {
    for path in tree(&root.join(dir), |_| true) {
        add_file(hasher, root, &path);
    }
}

/// The files under `events/` that are not events or their reports: decklist files and anything
/// else kept beside the events, which any event may read. In name order.
pub fn beside_events(root: &Path) -> Vec<PathBuf> {
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
pub fn is_own_file(path: &Path) -> bool {
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
pub fn own_key(file: &Path, text: &[u8], report: Option<&[u8]>) -> u128 {
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
pub fn event_key(shared: u128, own: u128) -> u128 {
    let mut hasher = Xxh3::new();
    hasher.update(&shared.to_le_bytes());
    hasher.update(&own.to_le_bytes());
    hasher.digest128()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
