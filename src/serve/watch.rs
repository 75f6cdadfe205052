//! Following the site's files for `holonet serve`: every save becomes one rebuild of what it
//! touches, applied to the served [`Session`], and its outcome is told to open tabs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

use super::{Log, Shared};
use crate::site::session::Session;

/// How long a burst of file events is gathered into one rebuild.
const DEBOUNCE: Duration = Duration::from_millis(60);

/// Starts following the site at `root`: a thread applies each debounced batch of changes to
/// `shared`. The returned watcher must be kept for as long as the site is served.
pub(super) fn follow(
    root: &Path,
    base_url: Option<String>,
    shared: Arc<Shared>,
    log: Arc<dyn Log>,
    release_memory: fn(),
) -> Result<Debouncer<notify::RecommendedWatcher, RecommendedCache>, String> {
    let (tx, rx) = std::sync::mpsc::channel::<DebounceEventResult>();
    let mut debouncer =
        new_debouncer(DEBOUNCE, None, tx).map_err(|e| format!("cannot watch files: {e}"))?;
    for watched in watched_paths(root) {
        let mode = if watched.is_dir() {
            RecursiveMode::Recursive
        } else {
            RecursiveMode::NonRecursive
        };
        debouncer
            .watch(&watched, mode)
            .map_err(|e| format!("cannot watch {}: {e}", watched.display()))?;
    }
    let root = root.to_path_buf();
    std::thread::spawn(move || {
        rebuild_loop(
            &root,
            base_url.as_deref(),
            &rx,
            &shared,
            log.as_ref(),
            release_memory,
        );
    });
    Ok(debouncer)
}

/// The files and folders a change in which changes the site.
fn watched_paths(root: &Path) -> Vec<PathBuf> {
    [
        "events",
        "content",
        "templates",
        "themes",
        "static",
        "holonet.toml",
        "players.toml",
    ]
    .iter()
    .map(|p| root.join(p))
    .filter(|p| p.exists())
    .collect()
}

/// Waits for file changes and applies them, one debounced batch at a time.
fn rebuild_loop(
    root: &Path,
    base_url: Option<&str>,
    rx: &std::sync::mpsc::Receiver<DebounceEventResult>,
    shared: &Shared,
    log: &dyn Log,
    release_memory: fn(),
) {
    let watched = watched_paths(root);
    while let Ok(batch) = rx.recv() {
        let Ok(events) = batch else { continue };
        let changed: BTreeSet<PathBuf> = events
            .iter()
            .filter(|e| changes_content(&e.kind))
            .flat_map(|e| e.paths.iter())
            // A folder's own events come with the events of the files in it.
            .filter(|p| !p.is_dir())
            .filter(|p| watched.iter().any(|w| p.starts_with(w)))
            .filter(|p| !is_editor_noise(p))
            .cloned()
            .collect();
        if changed.is_empty() {
            continue;
        }
        let changed: Vec<PathBuf> = changed.into_iter().collect();
        let mut site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        let result = match site.as_mut() {
            Some(session) => session.update(&changed).map(|update| {
                log.report(&update.report);
                log.info(&format!(
                    "Rebuilt {} in {} ms: {} files rendered, {} changed",
                    update.what,
                    update.elapsed.as_millis(),
                    update.rendered.len(),
                    update.changed
                ));
            }),
            // No good site yet: try the whole site again.
            None => Session::open(root, base_url).map(|(new, report)| {
                log.report(&report);
                log.info("The site builds again.");
                *site = Some(new);
            }),
        };
        drop(site);
        release_memory();
        if let Err(report) = &result {
            log.report(report);
            log.info("The last good site is still served; the browser shows the errors.");
        }
        shared.record(result.err());
    }
}

/// Whether a file event can change what the site is made of. Reading files (which every
/// rebuild does) and touching their metadata cannot; counting those would rebuild forever.
fn changes_content(kind: &notify::EventKind) -> bool {
    use notify::EventKind;
    use notify::event::ModifyKind;
    match kind {
        EventKind::Create(_) | EventKind::Remove(_) => true,
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        EventKind::Modify(_) => true,
        EventKind::Access(_) | EventKind::Any | EventKind::Other => false,
    }
}

/// Swap and backup files editors write beside the real one.
fn is_editor_noise(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.starts_with(".#")
        || name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.ends_with(".holonet-tmp")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editor_swap_files_are_ignored() {
        assert!(is_editor_noise(Path::new("events/.#x.toml")));
        assert!(is_editor_noise(Path::new("events/x.toml~")));
        assert!(is_editor_noise(Path::new("events/.x.toml.swp")));
        assert!(!is_editor_noise(Path::new("events/x.toml")));
    }
}
