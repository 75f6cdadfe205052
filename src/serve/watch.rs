//! Following the site's files for `holonet serve`: every save becomes one rebuild of what it
//! touches, applied to the served [`Session`], and its outcome is told to open tabs.
//!
//! However a file is saved, the site's folders are watched rather than its files, since most
//! saves replace the file: `sed -i`, most editors and `git checkout` write a new file and
//! rename it over the old one (or remove the old one first), and a watch on the old file would
//! see nothing after that.
//!
//! - The site folder itself, not recursively: `holonet.toml` and `players.toml` saved,
//!   created or removed, and a site folder (`events/`, `content/`, ...) appearing, going or
//!   replaced by a copy (`git checkout`, `mv`).
//! - Each site folder, recursively. A site folder that appears is watched afresh.
//! - A folder that appears (`git merge`, `cp -r`, `mv`) raises one event for itself and none
//!   for the files already inside it: each of those counts as changed. A site folder that
//!   appears or goes is read whole again.
//! - When the system drops events (its queue overflowed) or the watcher fails, the terminal
//!   says so and the whole site is read again: a page missed is never served stale.
//! - The system's events are gathered as they come, with no attempt to pair a rename's two
//!   names: every name an event carries counts. Holonet's own edits trade the new file and the
//!   old one in one step (see [`crate::atomic`]), which reads as two renames that cancel out to
//!   anything that stitches renames together (`notify-debouncer-full` does, and a verb's
//!   result then never reached the served pages).

use crate::diag::Shown;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher as _};

use super::{Log, Shared};
use crate::site::session::Session;

/// How long the files must be quiet before a burst of file events becomes one rebuild.
const QUIET: Duration = Duration::from_millis(60);

/// The longest a burst is gathered: files that never go quiet (a copy of a big archive, a
/// script saving in a loop) still get their pages rebuilt this often.
const LONGEST_BURST: Duration = Duration::from_millis(500);

/// The folders of a site whose files make the site.
const SITE_FOLDERS: [&str; 5] = ["events", "content", "templates", "themes", "static"];

/// The files of the site folder itself that make the site.
const SITE_FILES: [&str; 2] = ["holonet.toml", "players.toml"];

type Watcher = notify::RecommendedWatcher;

/// One burst of the system's file events, as they came.
type Burst = Vec<notify::Result<notify::Event>>;

/// The site being followed: keep it for as long as the site is served.
pub(super) struct Following {
    _watcher: Arc<Mutex<Watcher>>,
}

/// Starts following the site at `root`: a thread applies each burst of changes to
/// `shared`.
pub(super) fn follow(
    root: &Path,
    base_url: Option<String>,
    shared: Arc<Shared>,
    log: Arc<dyn Log>,
    release_memory: fn(),
) -> Result<Following, String> {
    let (watcher, rx) = watch_site(root)?;
    let watcher = Arc::new(Mutex::new(watcher));
    let rearm = Arc::downgrade(&watcher);
    let root = root.to_path_buf();
    std::thread::spawn(move || {
        rebuild_loop(
            &root,
            base_url.as_deref(),
            &rx,
            &rearm,
            &shared,
            log.as_ref(),
            release_memory,
        );
    });
    Ok(Following { _watcher: watcher })
}

/// Watches the site folder and each of its folders; the system's file events arrive on the
/// receiver.
fn watch_site(root: &Path) -> Result<(Watcher, Receiver<notify::Result<notify::Event>>), String> {
    let (tx, rx) = std::sync::mpsc::channel::<notify::Result<notify::Event>>();
    let mut watcher =
        notify::recommended_watcher(tx).map_err(|e| format!("cannot watch files: {e}"))?;
    watcher
        .watch(root, RecursiveMode::NonRecursive)
        .map_err(|e| format!("cannot watch {}: {e}", root.shown()))?;
    for folder in SITE_FOLDERS.map(|f| root.join(f)) {
        if folder.is_dir() {
            watcher
                .watch(&folder, RecursiveMode::Recursive)
                .map_err(|e| format!("cannot watch {}: {e}", folder.shown()))?;
        }
    }
    Ok((watcher, rx))
}

/// What one burst of file events asks to read again.
#[derive(Debug, Default, PartialEq, Eq)]
struct Changes {
    /// Site files saved, created or removed (absolute paths).
    files: BTreeSet<PathBuf>,
    /// Site folders that appeared (created, moved in, or put back by a copy): to watch afresh.
    appeared: BTreeSet<PathBuf>,
    /// Whether the whole site must be read again: a site folder appeared or went, or events
    /// were lost.
    whole: bool,
    /// What went wrong with the watching itself, for the terminal.
    trouble: Vec<String>,
}

/// Where a path is in the site.
enum Place {
    /// Not part of the site (`public/`, `.holonet/`, the README, ...).
    Outside,
    /// One of the site folders itself.
    SiteFolder,
    /// `holonet.toml`, `players.toml`, or anything inside a site folder.
    Inside,
}

fn place(root: &Path, path: &Path) -> Place {
    let Ok(rel) = path.strip_prefix(root) else {
        return Place::Outside;
    };
    let mut parts = rel.components();
    let Some(first) = parts.next().and_then(|c| c.as_os_str().to_str()) else {
        return Place::Outside;
    };
    let deeper = parts.next().is_some();
    if SITE_FOLDERS.contains(&first) {
        if deeper {
            Place::Inside
        } else {
            Place::SiteFolder
        }
    } else if SITE_FILES.contains(&first) && !deeper {
        Place::Inside
    } else {
        Place::Outside
    }
}

/// The next burst of file events: the first one to come, and every one that follows it until
/// the files are [`QUIET`] (or the burst is [`LONGEST_BURST`] long). `None` once the watcher is
/// gone.
fn next_burst(events: &Receiver<notify::Result<notify::Event>>) -> Option<Burst> {
    let mut burst = vec![events.recv().ok()?];
    let began = Instant::now();
    while began.elapsed() < LONGEST_BURST {
        match events.recv_timeout(QUIET) {
            Ok(event) => burst.push(event),
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
        }
    }
    Some(burst)
}

/// Sorts one burst of file events into what to read again.
fn changes(root: &Path, burst: Burst) -> Changes {
    let mut changes = Changes::default();
    for event in burst {
        let event = match event {
            Ok(event) => event,
            Err(e) => {
                changes.whole = true;
                changes.trouble.push(format!(
                    "following the site's files failed ({e}): reading the whole site again"
                ));
                continue;
            }
        };
        if event.need_rescan() {
            changes.whole = true;
            changes.trouble.push(
                "the system lost track of some file changes (too many at once): reading the whole site again"
                    .to_string(),
            );
            continue;
        }
        if !changes_content(&event.kind) {
            continue;
        }
        for path in &event.paths {
            match place(root, path) {
                Place::Outside => {}
                Place::SiteFolder => {
                    changes.whole = true;
                    if path.is_dir() {
                        changes.appeared.insert(path.clone());
                    }
                }
                // A folder that appeared holds files no event will name.
                Place::Inside if path.is_dir() => changes.files.extend(files_in(path)),
                Place::Inside if !is_editor_noise(path) => {
                    changes.files.insert(path.clone());
                }
                Place::Inside => {}
            }
        }
    }
    changes
}

/// Every file under `folder`, editor noise left out.
fn files_in(folder: &Path) -> impl Iterator<Item = PathBuf> {
    walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| !entry.file_type().is_dir())
        .map(walkdir::DirEntry::into_path)
        .filter(|path| !is_editor_noise(path))
}

/// Watches the site folder `folder` afresh: the watch on the folder it replaced (if any) went
/// with that folder.
fn watch_again(watcher: &Weak<Mutex<Watcher>>, folder: &Path) -> Result<(), String> {
    let Some(watcher) = watcher.upgrade() else {
        return Ok(());
    };
    let mut watcher = watcher.lock().unwrap_or_else(|p| p.into_inner());
    // The old watch is usually gone with the old folder; when it is not, it watches nothing
    // of the site any more.
    let _ = watcher.unwatch(folder);
    watcher
        .watch(folder, RecursiveMode::Recursive)
        .map_err(|e| e.to_string())
}

/// Waits for file changes and applies them, one burst at a time.
fn rebuild_loop(
    root: &Path,
    base_url: Option<&str>,
    rx: &Receiver<notify::Result<notify::Event>>,
    watcher: &Weak<Mutex<Watcher>>,
    shared: &Shared,
    log: &dyn Log,
    release_memory: fn(),
) {
    while let Some(burst) = next_burst(rx) {
        let changes = changes(root, burst);
        for folder in &changes.appeared {
            // Watched before it is read, so that a file written meanwhile is in the read or
            // raises an event.
            if let Err(e) = watch_again(watcher, folder) {
                log.info(&format!(
                    "Cannot follow {} any more ({e}): restart holonet serve to see its changes.",
                    folder.shown()
                ));
            }
        }
        for trouble in &changes.trouble {
            log.info(&format!("Note: {trouble}."));
        }
        if changes.files.is_empty() && !changes.whole {
            continue;
        }
        let changed: Vec<PathBuf> = changes.files.into_iter().collect();
        let mut site = shared.site.lock().unwrap_or_else(|p| p.into_inner());
        let result = match site.as_mut() {
            Some(session) => {
                let update = if changes.whole {
                    session.update_all()
                } else {
                    session.update(&changed)
                };
                update.map(|update| {
                    log.report(&update.report);
                    log.info(&format!(
                        "Rebuilt {} in {} ms: {} files rendered, {} changed",
                        update.what,
                        update.elapsed.as_millis(),
                        update.rendered.len(),
                        update.changed
                    ));
                })
            }
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
    use notify::event::{CreateKind, EventKind, Flag, ModifyKind, RenameMode};

    fn event(kind: EventKind, paths: &[&Path]) -> notify::Result<notify::Event> {
        let mut event = notify::Event::new(kind);
        for path in paths {
            event = event.add_path(path.to_path_buf());
        }
        Ok(event)
    }

    /// Holonet's own edit trades the new file for the old one in one step; the file must count
    /// as changed however the system reports that, with no read of it nearby to give it away.
    #[test]
    fn an_edit_by_holonet_counts_its_file_as_changed() {
        use crate::atomic::{Expected, write_atomically};
        let site = tempfile::tempdir().unwrap();
        let root = site.path();
        let file = root.join("events/2026/cup.toml");
        let after = root.join("events/2026/after.toml");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "name = \"Cup\"\n").unwrap();
        let (_watcher, events) = watch_site(root).unwrap();
        write_atomically(
            &file,
            Expected::Text("name = \"Cup\"\n"),
            "name = \"Cup 2\"\n",
        )
        .unwrap();
        // A file written after the edit marks the end of the edit's events.
        std::fs::write(&after, "").unwrap();
        let mut counted = BTreeSet::new();
        while !counted.contains(&after) {
            let burst = next_burst(&events).expect("the watcher stays");
            counted.extend(changes(root, burst).files);
        }
        assert!(counted.contains(&file), "{counted:?}");
    }

    #[test]
    fn editor_swap_files_are_ignored() {
        assert!(is_editor_noise(Path::new("events/.#x.toml")));
        assert!(is_editor_noise(Path::new("events/x.toml~")));
        assert!(is_editor_noise(Path::new("events/.x.toml.swp")));
        assert!(!is_editor_noise(Path::new("events/x.toml")));
    }

    #[test]
    fn a_folder_that_appears_counts_every_file_in_it_and_a_site_folder_is_read_whole() {
        let site = tempfile::tempdir().unwrap();
        let root = site.path();
        let year = root.join("events/2031");
        std::fs::create_dir_all(year.join("deep")).unwrap();
        std::fs::write(year.join("cup.toml"), "").unwrap();
        std::fs::write(year.join("deep/night.toml"), "").unwrap();
        std::fs::write(year.join(".cup.toml.swp"), "").unwrap();
        let moved_in = event(
            EventKind::Modify(ModifyKind::Name(RenameMode::To)),
            &[&year],
        );
        let config = event(
            EventKind::Create(CreateKind::File),
            &[&root.join("holonet.toml")],
        );
        let built = event(
            EventKind::Create(CreateKind::Folder),
            &[&root.join("public")],
        );
        let got = changes(root, vec![moved_in, config, built]);
        let expected: BTreeSet<PathBuf> = [
            year.join("cup.toml"),
            year.join("deep/night.toml"),
            root.join("holonet.toml"),
        ]
        .into();
        assert_eq!(got.files, expected);
        assert!(!got.whole && got.appeared.is_empty());

        let replaced = event(
            EventKind::Create(CreateKind::Folder),
            &[&root.join("events")],
        );
        let got = changes(root, vec![replaced]);
        assert!(got.whole);
        assert_eq!(got.appeared, [root.join("events")].into());

        let lost = Ok(notify::Event::new(EventKind::Other).set_flag(Flag::Rescan));
        let got = changes(root, vec![lost]);
        assert!(got.whole && got.trouble.len() == 1, "{got:?}");
        let got = changes(root, vec![Err(notify::Error::generic("boom"))]);
        assert!(got.whole && got.trouble[0].contains("boom"), "{got:?}");
    }
}
