//! What every verb prints and how: the `--quiet`/`--verbose` level, standard output that a
//! closed pipe does not turn into a failure, a report's diagnostics, and how an edit ended.

use std::path::Path;
use std::process::ExitCode;
use std::sync::OnceLock;

use holonet::edit::transaction::{self, Mode, Outcome};

/// How much the command prints, from `--quiet` and `--verbose`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

/// Set once from the command line, before any command runs.
static VERBOSITY: OnceLock<Verbosity> = OnceLock::new();

/// Sets the level for the whole run, from the global flags (clap refuses both at once).
pub fn set_verbosity(quiet: bool, verbose: bool) {
    let _ = VERBOSITY.set(match (quiet, verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    });
}

pub fn verbosity() -> Verbosity {
    VERBOSITY.get().copied().unwrap_or(Verbosity::Normal)
}

/// Writes `text` to standard output. A reader that went away (`| head`) or a full disk
/// (`> /dev/full`) does not undo what the command did, so it does not change its outcome: a
/// closed pipe is the reader's choice and goes unsaid, any other failure is said once on
/// standard error.
pub fn write_out(text: &str) {
    use std::io::Write;
    static WARNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
        && !WARNED.swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        let _ = writeln!(
            std::io::stderr(),
            "warning: the output could not be written ({e}); what the command did stands"
        );
    }
}

/// Prints a report's diagnostics on standard error; `--quiet` keeps only the errors.
pub fn print_report(report: &holonet::diag::Report) {
    let shown;
    let report = if verbosity() == Verbosity::Quiet {
        shown = report.errors_only();
        &shown
    } else {
        report
    };
    if !report.diagnostics.is_empty() {
        eprintln!("{}", report.render());
    }
}

/// Says an error on standard error; the exit code of a command that failed.
pub fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::FAILURE
}

/// Prints how an edit ended, as every editing command does; its exit code.
pub fn print_outcome(outcome: &Outcome) -> ExitCode {
    for report in &outcome.reports {
        print_report(report);
    }
    match &outcome.result {
        Ok(written) => {
            for warning in &written.edit.warnings {
                eprintln!("warning: {warning}");
            }
            say!("{}", written.edit.summary);
            ExitCode::SUCCESS
        }
        Err(message) => fail(message),
    }
}

/// Runs a verb that edits an event file (`report`, `register`, `drop`, `unpair`, `game`,
/// `session`) and prints how it ended; a closed event is refused.
pub fn run_edit(
    root: &Path,
    file: &Path,
    edit: impl FnOnce(&transaction::OneEvent) -> Result<transaction::FileEdit, String>,
) -> ExitCode {
    print_outcome(&transaction::edit_event(root, file, Mode::Write, edit))
}

/// Loads one event file for the verbs that read one (`audit`, `status`, `standings`), printing
/// its diagnostics; on failure, the exit code.
pub fn load_one(root: &Path, file: &Path) -> Result<transaction::OneEvent, ExitCode> {
    match transaction::load_event(root, file) {
        Ok(loaded) => {
            print_report(&loaded.report);
            Ok(loaded)
        }
        Err(refused) => Err(print_outcome(&refused)),
    }
}
