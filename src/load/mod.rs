//! Loading the archive: every `events/**/*.toml`, read and validated in parallel.

pub mod aliases;
pub(crate) mod cache;
pub(crate) mod casual;
pub(crate) mod ccg;
pub(crate) mod coins;
pub(crate) mod decklists;
pub(crate) mod elimination;
pub mod fuzz;
pub mod held;
pub mod options;
pub(crate) mod penalties;
pub mod people;
pub(crate) mod rating_cache;
pub(crate) mod raw;
pub(crate) mod read;
pub(crate) mod recorded;
pub(crate) mod teams;
pub(crate) mod validate;
pub(crate) mod venue_draw;

#[cfg(test)]
mod ccg_event_tests;
#[cfg(test)]
mod pc_sos_event_tests;

use crate::diag::Shown;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diag::{Code, Diagnostic};
use crate::encoded::Encoded;
use crate::event::Event;
use crate::event::ids::{is_reserved_name, is_valid_slug};
use crate::rules::computed::Computed;
use crate::text_file::{read_plain_text, read_text};
use crate::toml_reader::Reader;
use options::LoadOptions;
use read::read_event;
use validate::validate;

/// The loaded archive: valid events (sorted by slug) as the loader's caller keeps them, every
/// diagnostic, and the text of each file that has a diagnostic (to show the offending lines).
#[derive(Debug)]
pub(crate) struct Loaded<T> {
    /// What the caller kept of each valid event with what the rules computed from it
    /// (validation needs the computation: the bracket checks the recorded elimination games).
    pub(crate) events: Vec<T>,
    /// How many of `events` were taken from the cache rather than computed.
    pub(crate) from_cache: usize,
    /// The key of each event's own files as they were read ([`crate::input_key::own_key`]),
    /// by slug: what a record of the pages made from the event vouches for.
    pub(crate) own_keys: BTreeMap<String, u128>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) sources: BTreeMap<PathBuf, String>,
}

impl<T> Default for Loaded<T> {
    fn default() -> Self {
        Loaded {
            events: Vec::new(),
            from_cache: 0,
            own_keys: BTreeMap::new(),
            diagnostics: Vec::new(),
            sources: BTreeMap::new(),
        }
    }
}

/// Finds the event files under `root/events`, as paths relative to `root`, sorted. A symbolic
/// link among them is an error (see [`crate::paths::site_files`]).
///
/// A site without an `events/` folder is refused rather than built as an archive of no events:
/// the likeliest cause is a command run in the wrong folder, and the build would then remove
/// every event page already published.
pub(crate) fn event_files(root: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let events = Path::new("events");
    let full = root.join(events);
    if std::fs::symlink_metadata(&full).is_err() {
        return Err(Diagnostic::error(
            Code::Io,
            events,
            None,
            "the site has no events/ folder, where each event file lives",
        )
        .with_help(
            "run holonet in the site folder (the one with holonet.toml), or pass --root; a new site gets one from holonet init",
        ));
    }
    if !full.is_dir() && !full.is_symlink() {
        return Err(Diagnostic::error(
            Code::Io,
            events,
            None,
            "events is a file, but it must be the folder of the event files",
        )
        .with_help(
            "rename or remove the file, and keep each event's file under an events/ folder",
        ));
    }
    Ok(crate::paths::site_files(root, events)?
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .map(|path| relative(root, &path))
        .collect())
}

fn relative(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

/// Loads every event under `root/events`, giving each valid one to `keep` as soon as it is
/// loaded, with its encoding when the cache made it (so that the caller need not encode it
/// again), and keeping
/// what that returns: a caller that keeps less than the whole event (see
/// [`held`]) never holds every event whole at once. With a `cache`, an event whose files are as
/// a run of this Holonet left them is taken from it rather than read and computed again, and
/// every event computed without a warning is put in it (see [`cache`]).
///
/// With `kept` too, what `keep` returns is written in the event's entry, and a later run whose
/// other inputs are the same (`kept.inputs`) reads it back from there without opening the event.
pub(crate) fn load_events<T: Send + Sync>(
    root: &Path,
    options: &LoadOptions,
    cache: Option<&cache::EventCache>,
    keep: impl Fn((Event, Computed), Option<cache::HeldEncoding>) -> T + Sync,
    kept: Option<&KeptForm<T>>,
) -> Loaded<T> {
    let files = match event_files(root) {
        Ok(files) => files,
        Err(diag) => {
            return Loaded {
                diagnostics: vec![diag],
                ..Loaded::default()
            };
        }
    };
    let results: Vec<Used<(String, T)>> = files
        .par_iter()
        .map(|file| match cache {
            Some(cache) => load_cached(root, file, options, cache, &keep, kept),
            None => (
                load_event_file(root, file, options).keeping(None, &keep),
                None,
            ),
        })
        .collect();
    if let Some(cache) = cache {
        keep_in_cache(root, cache, &results);
    }
    let mut loaded = Loaded {
        from_cache: results
            .iter()
            .filter(|(_, used)| {
                matches!(used, Some(CacheUse::Found(_) | CacheUse::Refreshed { .. }))
            })
            .count(),
        ..Loaded::default()
    };
    let mut events = Vec::with_capacity(results.len());
    for (file, _) in results {
        if let (Some((slug, _)), Some(key)) = (&file.event, file.own_key) {
            loaded.own_keys.insert(slug.clone(), key);
        }
        events.extend(file.event);
        if !file.diagnostics.is_empty()
            && let Some(text) = file.text
        {
            loaded.sources.insert(file.path, text);
        }
        loaded.sources.extend(file.other_sources);
        loaded.diagnostics.extend(file.diagnostics);
    }
    events.sort_by(|(a, _), (b, _)| a.cmp(b));
    loaded.events = events.into_iter().map(|(_, kept)| kept).collect();
    loaded
}

/// One event file, loaded, and how it used the cache (`None`: without one).
type Used<E> = (LoadedFile<E>, Option<CacheUse>);

/// How one event file used the cache.
enum CacheUse {
    /// The event was taken from the entry of this key, with what the caller kept of it.
    Found(u128),
    /// The event was taken from the entry of this key, but what the caller keeps of it was
    /// made again (from other inputs): with the entry that keeps both, staged.
    Refreshed {
        key: u128,
        entry: Option<cache::Staged>,
    },
    /// The event was computed; with its entry, staged, when it was computed without a warning.
    Computed {
        key: u128,
        entry: Option<cache::Staged>,
    },
}

impl CacheUse {
    fn key(&self) -> u128 {
        match self {
            CacheUse::Found(key)
            | CacheUse::Refreshed { key, .. }
            | CacheUse::Computed { key, .. } => *key,
        }
    }

    /// The entry this run wrote, to put in place or discard at its end.
    fn staged(&self) -> Option<&cache::Staged> {
        match self {
            CacheUse::Found(_) => None,
            CacheUse::Refreshed { entry, .. } | CacheUse::Computed { entry, .. } => entry.as_ref(),
        }
    }
}

/// How what a caller keeps of each event ([`load_events`]) is kept in the event's cache entry.
pub(crate) struct KeptForm<T> {
    /// The key of everything the kept value is made from besides the event and what the
    /// entry's key covers (the caller's own inputs: `players.toml`, the site's pages).
    pub(crate) inputs: u128,
    /// The kept value's bytes.
    pub(crate) write: fn(&T) -> Vec<u8>,
    /// The kept value, from its bytes and the event's encoding; `None` when they are not a
    /// value this program wrote.
    pub(crate) read: fn(&[u8], cache::HeldEncoding) -> Option<T>,
}

impl<T> KeptForm<T> {
    /// `value`, as an entry keeps it.
    fn kept(&self, value: &T) -> cache::Kept {
        cache::Kept {
            inputs: self.inputs,
            bytes: (self.write)(value).into_boxed_slice(),
        }
    }
}

/// [`load_event_file`], through `cache`, keeping what `keep` returns (see [`load_events`]).
fn load_cached<T>(
    root: &Path,
    file: &Path,
    options: &LoadOptions,
    cache: &cache::EventCache,
    keep: &impl Fn((Event, Computed), Option<cache::HeldEncoding>) -> T,
    kept: Option<&KeptForm<T>>,
) -> Used<(String, T)> {
    let text = match read_text(&root.join(file), file) {
        Ok(text) => text,
        Err(diag) => return (unreadable(file, diag).keeping(None, keep), None),
    };
    let report = read_report(root, file);
    let own_key = own_key_of(file, &text, report.as_ref());
    // The key is made from the bytes the event is made from, each file read once.
    let key = cache.key(own_key);
    if let Some(entry) = cache.get(key) {
        let found = |value: T| LoadedFile {
            path: file.to_path_buf(),
            event: Some((slug_of(file), value)),
            diagnostics: Vec::new(),
            text: None,
            other_sources: BTreeMap::new(),
            own_key: Some(own_key),
        };
        let ready = kept.zip(entry.kept.as_ref()).and_then(|(form, kept)| {
            (kept.inputs == form.inputs)
                .then(|| (form.read)(&kept.bytes, entry.event.clone()))
                .flatten()
        });
        if let Some(value) = ready {
            return (found(value), Some(CacheUse::Found(key)));
        }
        if let Some(event) = entry.event.try_open() {
            let value = keep(event, Some(entry.event.clone()));
            let Some(form) = kept else {
                return (found(value), Some(CacheUse::Found(key)));
            };
            let staged = cache.stage(key, &entry.event, Some(&form.kept(&value)));
            let used = CacheUse::Refreshed { key, entry: staged };
            return (found(value), Some(used));
        }
    }
    let loaded = load_event_text(root, file, text, report, options);
    // Only an event loaded without a warning is kept, so that every warning is told every run.
    let encoded = (loaded.event.as_ref())
        .filter(|_| loaded.diagnostics.is_empty())
        .map(Encoded::deflated);
    let loaded = loaded.keeping(encoded.clone(), keep);
    let entry = encoded
        .zip(loaded.event.as_ref())
        .and_then(|(encoded, (_, value))| {
            cache.stage(key, &encoded, kept.map(|form| form.kept(value)).as_ref())
        });
    (loaded, Some(CacheUse::Computed { key, entry }))
}

/// The report beside the event file `file` (relative to `root`), read as its event reads it:
/// `None` when there is none.
fn read_report(root: &Path, file: &Path) -> Option<Result<String, Diagnostic>> {
    let sibling = file.with_extension("md");
    root.join(&sibling)
        .is_file()
        .then(|| read_plain_text(&root.join(&sibling), &sibling))
}

/// The [`crate::input_key::own_key`] of an event file's text and its report as read.
fn own_key_of(file: &Path, text: &str, report: Option<&Result<String, Diagnostic>>) -> u128 {
    let report = report.map(|read| match read {
        Ok(long) => long.as_bytes(),
        // An unreadable report fails the event: any key will do, none is recorded.
        Err(_) => b"\0unreadable".as_slice(),
    });
    crate::input_key::own_key(file, text.as_bytes(), report)
}

/// Puts the entries of the events computed now in place in `cache` when the files every event
/// depends on did not change while they were computed (and removes them when they did), and
/// removes the entries of files no longer there.
fn keep_in_cache<T: Send + Sync>(root: &Path, cache: &cache::EventCache, results: &[Used<T>]) {
    let current = cache.still_current(root);
    results.par_iter().for_each(|(_, used)| {
        if let Some(entry) = used.as_ref().and_then(CacheUse::staged) {
            if current {
                cache.put(entry);
            } else {
                cache.discard(entry);
            }
        }
    });
    if !current {
        return;
    }
    let keys = results
        .iter()
        .filter_map(|(_, used)| used.as_ref().map(CacheUse::key))
        .collect();
    cache.retain(&keys);
}

/// The slug of an event file: its path under `events/`, without `.toml`, with `/` separators.
pub(crate) fn slug_of(file: &Path) -> String {
    let under = file
        .strip_prefix("events")
        .unwrap_or(file)
        .with_extension("");
    under
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// One event file, loaded: with the event and what the rules computed from it, or (see
/// [`LoadedFile::keeping`]) what a caller keeps of them.
#[derive(Debug)]
pub(crate) struct LoadedFile<E = (Event, Computed)> {
    /// Relative to the site root.
    pub(crate) path: PathBuf,
    /// The event, when the file has no error.
    pub(crate) event: Option<E>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The file's text, when it could be read.
    pub(crate) text: Option<String>,
    /// The text of each other file a diagnostic points into (decklist files).
    pub(crate) other_sources: BTreeMap<PathBuf, String>,
    /// The key of the event file and its report as read ([`crate::input_key::own_key`]),
    /// when both could be read.
    pub(crate) own_key: Option<u128>,
}

impl LoadedFile {
    /// The file with its event's slug and what `keep` keeps of the event (given its `encoded`
    /// form, if the cache made one) in place of the event, and with its text only when a
    /// diagnostic shows its lines: every file of the archive is loaded before any is put
    /// together (440 MB of text at 10,000 events).
    fn keeping<T>(
        self,
        encoded: Option<cache::HeldEncoding>,
        keep: impl Fn((Event, Computed), Option<cache::HeldEncoding>) -> T,
    ) -> LoadedFile<(String, T)> {
        LoadedFile {
            event: self
                .event
                .map(|event| (event.0.slug.clone(), keep(event, encoded))),
            text: self.text.filter(|_| !self.diagnostics.is_empty()),
            path: self.path,
            diagnostics: self.diagnostics,
            other_sources: self.other_sources,
            own_key: self.own_key,
        }
    }
}

/// Reads and validates one file given relative to `root`.
pub(crate) fn load_event_file(root: &Path, file: &Path, options: &LoadOptions) -> LoadedFile {
    match read_text(&root.join(file), file) {
        Ok(text) => {
            let report = read_report(root, file);
            load_event_text(root, file, text, report, options)
        }
        Err(diag) => unreadable(file, diag),
    }
}

/// A file that could not be read, and why.
fn unreadable(file: &Path, diag: Diagnostic) -> LoadedFile {
    LoadedFile {
        path: file.to_path_buf(),
        event: None,
        diagnostics: vec![diag],
        text: None,
        other_sources: BTreeMap::new(),
        own_key: None,
    }
}

/// Validates one event file, given relative to `root`, from its `text` and its `report` (see
/// [`read_report`]) as read.
fn load_event_text(
    root: &Path,
    file: &Path,
    text: String,
    report: Option<Result<String, Diagnostic>>,
    options: &LoadOptions,
) -> LoadedFile {
    let own_key = own_key_of(file, &text, report.as_ref());
    // Decklist files next to the event are read from the site folder.
    let options = LoadOptions {
        site_root: Some(root.to_path_buf()),
        ..options.clone()
    };
    let (mut event, mut diagnostics) = parse_event(file, &text, &options);
    // The decklist files a diagnostic points into, to show its line.
    let mut other_sources = BTreeMap::new();
    for diag in &diagnostics {
        if diag.file != file
            && !other_sources.contains_key(&diag.file)
            && let Ok(text) = read_plain_text(&root.join(&diag.file), &diag.file)
        {
            other_sources.insert(diag.file.clone(), text);
        }
    }
    if let Some((ev, _)) = event.as_mut() {
        match report {
            Some(Ok(long)) => ev.long_text = Some(long),
            Some(Err(diag)) => {
                diagnostics.push(diag);
                event = None;
            }
            None => {}
        }
    }
    LoadedFile {
        path: file.to_path_buf(),
        event,
        diagnostics,
        text: Some(text),
        other_sources,
        own_key: Some(own_key),
    }
}

/// Parses and validates an event from its text. `file` is the path relative to the site root
/// (`events/...`), which gives the slug.
pub fn parse_event(
    file: &Path,
    text: &str,
    options: &LoadOptions,
) -> (Option<(Event, Computed)>, Vec<Diagnostic>) {
    let mut reader = Reader::new(file);
    let slug = slug_of(file);
    if !is_valid_slug(&slug) {
        // Each folder name as an id would be; a name Windows keeps for a device (`con`) stays
        // unusable however it is spelt, so it gets a word added.
        let suggestion = slug
            .split('/')
            .map(crate::event::ids::id_from_name)
            .filter(|s| !s.is_empty())
            .map(|s| {
                if is_reserved_name(&s) {
                    format!("{s}-event")
                } else {
                    s
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        let why = match slug.split('/').find(|segment| is_reserved_name(segment)) {
            Some(device) => format!(
                "`{device}` is a name Windows keeps for a device, so no file or folder can have it there"
            ),
            None => "an address has lower-case letters, digits and `-` only".to_string(),
        };
        reader.diagnostics.push(
            Diagnostic::error(
                Code::BadSlug,
                file,
                None,
                format!("`{slug}` cannot be an event's address"),
            )
            .with_help(format!(
                "rename the file to events/{suggestion}.toml: {why}"
            )),
        );
    }
    let Some(doc) = reader.parse(text) else {
        return (None, reader.diagnostics);
    };
    if !crate::limits::check_counts(&mut reader, &doc) {
        return (None, reader.diagnostics);
    }
    let raw = read_event(&mut reader, &doc);
    let event = validate(&mut reader, raw, &slug, options)
        .filter(|_| !reader.diagnostics.iter().any(|d| d.is_error()));
    let mut diagnostics = reader.diagnostics;
    diagnostics.sort_by_key(|d| (d.span.as_ref().map_or(0, |s| s.start), d.severity));
    (event, diagnostics)
}

/// The path of `file` (as given on the command line) relative to the site `root`, which is what
/// gives the event its slug. Fails when the file is not under `root/events/`.
pub(crate) fn locate(root: &Path, file: &Path) -> Result<PathBuf, String> {
    let root_abs = root
        .canonicalize()
        .map_err(|e| format!("cannot find the site folder {}: {e}", root.shown()))?;
    // As `git -C` does: a relative FILE is read from the site folder.
    let file = crate::paths::under_root(root, file);
    let file_abs = file.canonicalize().map_err(|e| {
        format!(
            "cannot read {}: {e}{}",
            file.shown(),
            if root == Path::new(".") {
                ""
            } else {
                " (a FILE is read from the site folder given with --root)"
            }
        )
    })?;
    let relative = file_abs.strip_prefix(&root_abs).map_err(|_| {
        format!(
            "{} is not inside the site folder {}; pass the site with --root",
            file.shown(),
            root.shown()
        )
    })?;
    if !relative.starts_with("events") {
        return Err(format!(
            "{} is not under events/ in the site folder",
            file.shown()
        ));
    }
    Ok(relative.to_path_buf())
}
