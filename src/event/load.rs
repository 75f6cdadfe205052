//! Loading the archive: every `events/**/*.toml`, read and validated in parallel.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::Event;
use super::ids::{is_reserved_name, is_valid_slug};
use super::limits::{self, MAX_FILE_BYTES};
use super::read::read_event;
use super::validate::{LoadOptions, validate};
use crate::diag::{Code, Diagnostic};
use crate::rules::compute::Computed;
use crate::toml_reader::Reader;

/// The loaded archive: valid events (sorted by slug), every diagnostic, and the text of each
/// file that has a diagnostic (to show the offending lines).
#[derive(Debug, Default)]
pub struct Loaded {
    /// Each valid event with what the rules computed from it (validation needs the computation:
    /// the bracket checks the recorded elimination games).
    pub events: Vec<(Event, Computed)>,
    pub diagnostics: Vec<Diagnostic>,
    pub sources: BTreeMap<PathBuf, String>,
}

/// Finds the event files under `root/events`, as paths relative to `root`, sorted. A symbolic
/// link among them is an error (see [`crate::paths::site_files`]).
///
/// A site without an `events/` folder is refused rather than built as an archive of no events:
/// the likeliest cause is a command run in the wrong folder, and the build would then remove
/// every event page already published.
pub fn event_files(root: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
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

/// Loads every event under `root/events`.
pub fn load_events(root: &Path, options: &LoadOptions) -> Loaded {
    let files = match event_files(root) {
        Ok(files) => files,
        Err(diag) => {
            return Loaded {
                diagnostics: vec![diag],
                ..Loaded::default()
            };
        }
    };
    let results: Vec<LoadedFile> = files
        .par_iter()
        .map(|file| load_event_file(root, file, options))
        .collect();
    let mut loaded = Loaded::default();
    for file in results {
        loaded.events.extend(file.event);
        if !file.diagnostics.is_empty()
            && let Some(text) = file.text
        {
            loaded.sources.insert(file.path, text);
        }
        loaded.sources.extend(file.other_sources);
        loaded.diagnostics.extend(file.diagnostics);
    }
    loaded.events.sort_by(|a, b| a.0.slug.cmp(&b.0.slug));
    loaded
}

/// The slug of an event file: its path under `events/`, without `.toml`, with `/` separators.
pub fn slug_of(file: &Path) -> String {
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

/// One event file, loaded.
#[derive(Debug)]
pub struct LoadedFile {
    /// Relative to the site root.
    pub path: PathBuf,
    /// The event, when the file has no error.
    pub event: Option<(Event, Computed)>,
    pub diagnostics: Vec<Diagnostic>,
    /// The file's text, when it could be read.
    pub text: Option<String>,
    /// The text of each other file a diagnostic points into (decklist files).
    pub other_sources: BTreeMap<PathBuf, String>,
}

/// Reads and validates one file given relative to `root`.
pub fn load_event_file(root: &Path, file: &Path, options: &LoadOptions) -> LoadedFile {
    let full = root.join(file);
    let text = match read_text(&full, file) {
        Ok(text) => text,
        Err(diag) => {
            return LoadedFile {
                path: file.to_path_buf(),
                event: None,
                diagnostics: vec![diag],
                text: None,
                other_sources: BTreeMap::new(),
            };
        }
    };
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
        let sibling = file.with_extension("md");
        if root.join(&sibling).is_file() {
            match read_plain_text(&root.join(&sibling), &sibling) {
                Ok(long) => ev.long_text = Some(long),
                Err(diag) => {
                    diagnostics.push(diag);
                    event = None;
                }
            }
        }
    }
    LoadedFile {
        path: file.to_path_buf(),
        event,
        diagnostics,
        text: Some(text),
        other_sources,
    }
}

/// [`read_text`] for Markdown pages and plain-text decklists: a byte-order mark that some
/// editors (Windows Notepad among them) put first is not part of the text. TOML files keep it for
/// the TOML reader, which accepts it, so that an edited file is written back as it was read.
/// Control characters (NUL, escape, and the others a text editor does not type) become U+FFFD:
/// they would reach the pages raw, and a terminal printing a line that holds them would obey them.
pub fn read_plain_text(full: &Path, shown: &Path) -> Result<String, Diagnostic> {
    let mut text = read_text(full, shown)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.chars().any(crate::toml_reader::is_stray_control) {
        text = text
            .chars()
            .map(|c| {
                if crate::toml_reader::is_stray_control(c) {
                    '\u{fffd}'
                } else {
                    c
                }
            })
            .collect();
    }
    Ok(text)
}

/// Reads a UTF-8 file no larger than [`MAX_FILE_BYTES`], refused by its size before it is read;
/// a symbolic link is refused (see [`crate::paths::refuse_link`]).
pub fn read_text(full: &Path, shown: &Path) -> Result<String, Diagnostic> {
    let too_big = |size: u64| {
        Diagnostic::error(
            Code::Limit,
            shown,
            None,
            format!("this file is {size} bytes, more than the {MAX_FILE_BYTES} a file may have"),
        )
        .with_help("split it into smaller files; no real event or page needs this much")
    };
    crate::paths::refuse_link(full, shown)?;
    let meta = std::fs::metadata(full).map_err(|e| {
        Diagnostic::error(Code::Io, shown, None, format!("cannot read this file: {e}"))
            .with_help("check that it exists and is readable")
    })?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    let bytes = std::fs::read(full).map_err(|e| {
        Diagnostic::error(Code::Io, shown, None, format!("cannot read this file: {e}"))
            .with_help("check that it is readable")
    })?;
    String::from_utf8(bytes).map_err(|e| {
        // The text cannot be shown with a caret, so the place goes into the message; the part
        // before the first bad byte is valid, which is all `line_col` reads.
        let valid = e.utf8_error().valid_up_to();
        let prefix = std::str::from_utf8(&e.as_bytes()[..valid]).unwrap_or_default();
        let (line, column) = crate::diag::line_col(prefix, valid);
        let byte = e.as_bytes()[valid];
        Diagnostic::error(
            Code::Io,
            shown,
            None,
            format!(
                "this file is not UTF-8 text: at line {line}, column {column}, the byte 0x{byte:02X} cannot start or continue a UTF-8 character"
            ),
        )
        .with_help("the file was probably saved in another encoding (such as Latin-1 or Windows-1252): save it as UTF-8 in your editor")
    })
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
            .map(super::ids::id_from_name)
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
    if !limits::check_counts(&mut reader, &doc) {
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
pub fn locate(root: &Path, file: &Path) -> Result<PathBuf, String> {
    let root_abs = root
        .canonicalize()
        .map_err(|e| format!("cannot find the site folder {}: {e}", root.display()))?;
    let file_abs = file
        .canonicalize()
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let relative = file_abs.strip_prefix(&root_abs).map_err(|_| {
        format!(
            "{} is not inside the site folder {}; pass the site with --root",
            file.display(),
            root.display()
        )
    })?;
    if !relative.starts_with("events") {
        return Err(format!(
            "{} is not under events/ in the site folder",
            file.display()
        ));
    }
    Ok(relative.to_path_buf())
}
