//! The one way an event file is changed: under the site's edit lock, the file is loaded and
//! checked, a closed event is refused, the edit is made on its text, the new text is checked
//! like any event file, and it is written atomically, guarded against a change made meanwhile.
//! Every editing verb (`pair`, `report`, `register`, `drop`, `unpair`, `confirm`, `game`,
//! `session`, `close`, and `report` and `register` from an issue form) goes through
//! [`edit_event`] or [`edit_event_when_closed`], from the command line as from a test, so none
//! can skip a step, and a refused edit leaves the file byte for byte as it was.
//!
//! The outcome is data ([`Outcome`]): the diagnostics and either what was written or why
//! nothing was. The caller words it for its reader (the terminal, or an issue's reply).

use crate::diag::Shown;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::waiting::settle_waiting;
use crate::atomic::{Expected, lock_site, write_atomically};
use crate::config::Config;
use crate::diag::{Code, Diagnostic, Report};
use crate::event::Event;
use crate::load::options::LoadOptions;
use crate::rules::computed::Computed;

/// One event file loaded on its own (for the editing verbs, `audit` and `standings`).
#[derive(Debug)]
pub struct OneEvent {
    pub event: Event,
    pub computed: Computed,
    /// The file's text as read, to edit and to compare before writing.
    pub(crate) text: String,
    /// The file's path (the site root joined with its path under it).
    pub(crate) path: PathBuf,
    /// Warnings.
    pub report: Report,
}

/// Loads and validates the event file `file` (a path as given on the command line) of the site
/// at `root`, with the site's `default_rules`.
pub fn load_one_event(root: &Path, file: &Path) -> Result<OneEvent, Report> {
    let relative = crate::load::locate(root, file).map_err(|message| Report {
        diagnostics: vec![
            Diagnostic::error(Code::Io, file, None, message)
                .with_help("run holonet from the site folder, or pass --root"),
        ],
        sources: BTreeMap::new(),
    })?;
    let default_rules = Config::load(root).ok().and_then(|c| c.default_rules);
    let loaded = crate::load::load_event_file(
        root,
        &relative,
        &LoadOptions {
            default_rules,
            site_root: None,
        },
    );
    let mut report = Report {
        diagnostics: loaded.diagnostics,
        sources: loaded.other_sources,
    };
    if let Some(text) = &loaded.text {
        report.sources.insert(relative.clone(), text.clone());
    }
    match (loaded.event, loaded.text) {
        (Some((event, computed)), Some(text)) => Ok(OneEvent {
            event,
            computed,
            text,
            path: crate::paths::under_root(root, &relative),
            report,
        }),
        _ => Err(report),
    }
}

/// Validates `text` as the new content of the event file at `relative` (its path under
/// `root`), with the site's settings: the check every edit passes before it is written. The
/// event it records, when valid.
fn check_event_text(root: &Path, relative: &Path, text: &str) -> Result<Event, Report> {
    let options = LoadOptions {
        default_rules: Config::load(root).ok().and_then(|c| c.default_rules),
        site_root: Some(root.to_path_buf()),
    };
    let (event, diagnostics) = crate::load::parse_event(relative, text, &options);
    if let Some((event, _)) = event {
        return Ok(event);
    }
    let mut sources = BTreeMap::new();
    sources.insert(relative.to_path_buf(), text.to_string());
    Err(Report {
        diagnostics,
        sources,
    })
}

/// An edit of an event file, ready to be checked and written.
#[derive(Debug, Clone)]
pub struct FileEdit {
    pub(crate) text: String,
    /// The sentence printed once the file is written.
    pub summary: String,
    /// What the file now records, in words with the players' names, for a player who reported
    /// it through an issue form and knows no ids.
    pub(crate) recorded: String,
    /// Whether the edit replaced a result already recorded: a form's reply says "Corrected".
    pub(crate) corrected: bool,
    /// What the organizer must know about what was written, printed with it.
    pub warnings: Vec<String>,
    /// What the organizer is told when the rules refuse the new text, before "; FILE was not
    /// changed": `pair` says which round cannot be paired, the other verbs that the change does
    /// not fit.
    pub(crate) unfit: String,
}

/// What the organizer is told, by default, when the rules refuse an edit's new text.
pub(crate) const DOES_NOT_FIT: &str = "that change does not fit the event";

/// Whether the transaction writes the edit or only checks it (`pair --dry-run`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Write,
    /// A write by a caller that holds the list of the players' waiting reports and settles the
    /// table's reports itself (a self-report recorded, `confirm`): the transaction leaves the
    /// list alone, since taking its lock again would wait on itself.
    WriteHoldingReports,
    /// Everything but the write: the edit is made and checked, and nothing is locked or written.
    DryRun,
}

/// How an edit of an event file ended: printed on the terminal, and told in an issue's reply.
#[derive(Debug)]
pub struct Outcome {
    /// Diagnostics, in the order they are printed: the event's warnings as loaded, or the
    /// errors that refused the edit.
    pub reports: Vec<Report>,
    /// The edit as written (or, in a dry run, as it would be), or why nothing was.
    pub result: Result<Written, String>,
}

/// An edit written into its event file.
#[derive(Debug)]
pub struct Written {
    /// The event file, under the site folder (`events/2026/spring-open.toml`).
    pub(crate) file: PathBuf,
    pub edit: FileEdit,
}

impl Outcome {
    /// An edit refused before the event file was read, for the reason `message`.
    pub(crate) fn refused(message: String) -> Outcome {
        Outcome {
            reports: Vec::new(),
            result: Err(message),
        }
    }
}

/// Loads one event file; on failure, its diagnostics and why the command stops.
pub fn load_event(root: &Path, file: &Path) -> Result<OneEvent, Box<Outcome>> {
    load_one_event(root, file).map_err(|report| {
        let message = format!(
            "{} has {} error(s); fix them first",
            file.shown(),
            report.errors()
        );
        Box::new(Outcome {
            reports: vec![report],
            result: Err(message),
        })
    })
}

/// What an edit meets in a closed event (`closed = true`: a league or challenge event whose
/// standings the organizer made final; no other kind of event may say it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhenClosed {
    /// The edit is refused before it is made, with the command that reopens the event
    /// ([`refuse_closed`]): every verb of the organizer's.
    Refuse,
    /// The edit decides: `close` and `close --reopen`, which close and open the event, and an
    /// issue form, whose own check refuses a closed event in words for the player who sent it
    /// (`issue_form::takes_forms`).
    LeaveToTheEdit,
}

/// Refuses any change to a closed event, saying how to reopen it: its standings are final, so
/// no game, session, registration, drop or result may change them while it stays closed. A
/// record that stops (`stopped`) is refused the same way: it says the event ended there.
pub(crate) fn refuse_closed(event: &Event) -> Result<(), String> {
    let file = event.file.shown();
    if let Some(day) = event.info.stopped {
        return Err(format!(
            "{file} is a record that stops on {} (`stopped` in [event]) and was not changed: to carry the event on, remove the `stopped` line first",
            day.iso()
        ));
    }
    if !event.info.closed {
        return Ok(());
    }
    Err(format!(
        "{file} is closed (`closed = true`), its standings final, and was not changed: to change it, reopen it first with `holonet close --reopen {file}`"
    ))
}

/// Edits the event file `file` of the site at `root`: under the site's edit lock, loads the
/// event, refuses it if it is closed ([`refuse_closed`]), makes the edit, checks the new text
/// like any event and writes it atomically, guarded against a change an editor made meanwhile.
/// The file is left as it was on any error. A dry run neither locks nor writes: it waits for no
/// one.
pub fn edit_event(
    root: &Path,
    file: &Path,
    mode: Mode,
    edit: impl FnOnce(&OneEvent) -> Result<FileEdit, String>,
) -> Outcome {
    edit_event_when_closed(root, file, mode, WhenClosed::Refuse, edit)
}

/// [`edit_event`], with what the edit meets in a closed event said by `when_closed`: only
/// `close`, `close --reopen` and the issue forms leave it to the edit.
pub fn edit_event_when_closed(
    root: &Path,
    file: &Path,
    mode: Mode,
    when_closed: WhenClosed,
    edit: impl FnOnce(&OneEvent) -> Result<FileEdit, String>,
) -> Outcome {
    let _lock = match mode {
        Mode::DryRun => None,
        Mode::Write | Mode::WriteHoldingReports => match lock_site(root) {
            Ok(lock) => Some(lock),
            Err(message) => return Outcome::refused(message),
        },
    };
    let mut loaded = match load_event(root, file) {
        Ok(loaded) => loaded,
        Err(refused) => return *refused,
    };
    let mut reports = vec![std::mem::take(&mut loaded.report)];
    let refused = match when_closed {
        WhenClosed::Refuse => refuse_closed(&loaded.event),
        WhenClosed::LeaveToTheEdit => Ok(()),
    };
    let edited = match refused.and_then(|()| edit(&loaded)) {
        Ok(edited) => edited,
        Err(message) => {
            return Outcome {
                reports,
                result: Err(message),
            };
        }
    };
    let after = match check_event_text(root, &loaded.event.file, &edited.text) {
        Ok(after) => after,
        Err(report) => {
            reports.push(report);
            let message = format!("{}; {} was not changed", edited.unfit, loaded.path.shown());
            return Outcome {
                reports,
                result: Err(message),
            };
        }
    };
    let written = match mode {
        Mode::DryRun => Ok(()),
        // An edit that changes nothing leaves the file as it is (its time included).
        Mode::Write | Mode::WriteHoldingReports if edited.text == loaded.text => Ok(()),
        Mode::Write | Mode::WriteHoldingReports => {
            write_atomically(&loaded.path, Expected::Text(&loaded.text), &edited.text)
        }
    };
    // The site is free again before the players' reports are looked at: whoever records a
    // report holds their list first and the site's lock second, never the other way round.
    drop(_lock);
    let mut result = written
        .map(|()| Written {
            file: loaded.event.file.clone(),
            edit: edited,
        })
        .map_err(|e| e.to_string());
    if mode == Mode::Write
        && let Ok(written) = &mut result
        && let Err(message) = settle_waiting(root, &loaded.event, &after)
    {
        // The edit is written; only the list of the players' reports could not follow it.
        // Reports for an old pairing no longer count anyway (their pairing is gone), and a
        // settled table's reports are dropped at the list's next write.
        written.edit.warnings.push(format!(
            "the players' reports waiting could not be brought up to date with this change ({message}); those sent for a pairing that changed no longer count, and those of a table now recorded are dropped later"
        ));
    }
    Outcome { reports, result }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Swiss event whose round 2 has no results yet.
    const EVENT: &str = "[event]\nname = \"E\"\ndate = 2026-04-11\nrules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 3\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n[[players]]\nname = \"Cy\"\n[[players]]\nname = \"Di\"\n\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann\", \"bob\"], games = [\"ann\", \"ann\"] },\n  { table = 2, players = [\"cy\", \"di\"], games = [\"cy\", \"draw\"] },\n]\n\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann\", \"cy\"] },\n  { table = 2, players = [\"bob\", \"di\"] },\n]\n";

    const FILE: &str = "events/2026/e.toml";

    /// A site folder holding the one event [`FILE`].
    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("events/2026")).expect("mkdir");
        std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("write");
        std::fs::write(dir.path().join(FILE), EVENT).expect("write");
        dir
    }

    /// An edit that puts `text` in the file.
    fn replacing(text: String) -> FileEdit {
        FileEdit {
            text,
            summary: "edited".into(),
            recorded: "edited".into(),
            corrected: false,
            warnings: Vec::new(),
            unfit: DOES_NOT_FIT.into(),
        }
    }

    fn file_bytes(site: &tempfile::TempDir) -> Vec<u8> {
        std::fs::read(site.path().join(FILE)).expect("read")
    }

    #[test]
    fn an_edit_is_checked_then_written() {
        let site = site();
        let outcome = edit_event(
            site.path(),
            &site.path().join(FILE),
            Mode::Write,
            |loaded| {
                assert_eq!(loaded.text, EVENT);
                Ok(replacing(format!("{}# checked\n", loaded.text)))
            },
        );
        let written = outcome.result.expect("written");
        assert_eq!(written.file, Path::new(FILE));
        assert_eq!(
            file_bytes(&site),
            format!("{EVENT}# checked\n").into_bytes()
        );
    }

    #[test]
    fn a_refused_edit_leaves_the_file_byte_identical() {
        let site = site();
        // The edit itself refuses.
        let outcome = edit_event(site.path(), &site.path().join(FILE), Mode::Write, |_| {
            Err("no such table".to_string())
        });
        assert_eq!(outcome.result.unwrap_err(), "no such table");
        assert_eq!(file_bytes(&site), EVENT.as_bytes());
        // The new text breaks the event: a player at a table who is not registered.
        let outcome = edit_event(
            site.path(),
            &site.path().join(FILE),
            Mode::Write,
            |loaded| {
                Ok(replacing(
                    loaded
                        .text
                        .replace("[\"bob\", \"di\"]", "[\"bob\", \"zed\"]"),
                ))
            },
        );
        let message = outcome.result.unwrap_err();
        assert!(message.starts_with(DOES_NOT_FIT), "{message}");
        assert!(message.ends_with("was not changed"), "{message}");
        assert!(outcome.reports.last().is_some_and(Report::has_errors));
        assert_eq!(file_bytes(&site), EVENT.as_bytes());
        // A file with errors is not edited at all.
        std::fs::write(site.path().join(FILE), "[event]\nname = 3\n").expect("write");
        let outcome = edit_event(site.path(), &site.path().join(FILE), Mode::Write, |_| {
            unreachable!("a file with errors is not given to the edit")
        });
        assert!(outcome.result.unwrap_err().ends_with("fix them first"));
        assert_eq!(file_bytes(&site), b"[event]\nname = 3\n");
    }

    #[test]
    fn a_closed_event_is_refused_before_the_edit_unless_left_to_it() {
        let site = site();
        let league = "[event]\nname = \"L\"\ndate = 2026-04-11\nrules = \"ffg-2018\"\nformat = \"league\"\nclosed = true\n\n[[players]]\nname = \"Ann\"\n";
        std::fs::write(site.path().join(FILE), league).expect("write");
        for mode in [Mode::Write, Mode::DryRun] {
            let outcome = edit_event(site.path(), &site.path().join(FILE), mode, |_| {
                unreachable!("a closed event is not given to the edit")
            });
            let message = outcome.result.unwrap_err();
            assert_eq!(
                message,
                format!(
                    "{FILE} is closed (`closed = true`), its standings final, and was not changed: to change it, reopen it first with `holonet close --reopen {FILE}`"
                )
            );
            assert_eq!(file_bytes(&site), league.as_bytes());
        }
        let outcome = edit_event_when_closed(
            site.path(),
            &site.path().join(FILE),
            Mode::Write,
            WhenClosed::LeaveToTheEdit,
            |loaded| Ok(replacing(loaded.text.replace("closed = true\n", ""))),
        );
        assert!(outcome.result.is_ok());
        assert!(
            !String::from_utf8(file_bytes(&site))
                .expect("text")
                .contains("closed")
        );
    }

    #[test]
    fn a_dry_run_checks_and_writes_nothing() {
        let site = site();
        let outcome = edit_event(
            site.path(),
            &site.path().join(FILE),
            Mode::DryRun,
            |loaded| Ok(replacing(format!("{}# dry\n", loaded.text))),
        );
        assert!(outcome.result.is_ok());
        assert_eq!(file_bytes(&site), EVENT.as_bytes());
    }

    #[test]
    fn concurrent_writers_are_serialized_and_none_is_lost() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::{Arc, Barrier};

        const WRITERS: usize = 4;
        let site = site();
        let root = site.path().to_path_buf();
        let start = Arc::new(Barrier::new(WRITERS));
        // How many edits are between loading the file and writing it, now and at most.
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let writers: Vec<_> = (0..WRITERS)
            .map(|n| {
                let (root, start) = (root.clone(), Arc::clone(&start));
                let (inside, most) = (Arc::clone(&inside), Arc::clone(&most));
                std::thread::spawn(move || {
                    start.wait();
                    let outcome = edit_event(&root, &root.join(FILE), Mode::Write, |loaded| {
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        // Give another writer every chance to come in meanwhile.
                        std::thread::yield_now();
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        inside.fetch_sub(1, Ordering::SeqCst);
                        Ok(replacing(format!("{}# writer {n}\n", loaded.text)))
                    });
                    outcome.result.map(|_| ())
                })
            })
            .collect();
        for writer in writers {
            writer
                .join()
                .expect("thread")
                .expect("every edit is written");
        }
        assert_eq!(most.load(Ordering::SeqCst), 1, "two edits ran at once");
        let text = String::from_utf8(file_bytes(&site)).expect("text");
        for n in 0..WRITERS {
            assert!(
                text.contains(&format!("# writer {n}\n")),
                "writer {n} lost:\n{text}"
            );
        }
    }
}
