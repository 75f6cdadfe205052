//! `report --from-issue` and `register --from-issue`: a GitHub issue form's body, read and
//! parsed into the request the command line would make, made through the same transaction
//! ([`super::transaction::edit_event_when_closed`]), and the Markdown reply posted on the
//! issue, written atomically. The caller prints the outcome and sets the exit code.

use std::path::Path;

use super::issue_form::{self, FormKind};
use super::transaction::{self, Mode, Outcome};
use super::{issue_reply, registration, report};
use crate::atomic::{Expected, WriteError, write_atomically};
use crate::wall_clock;

/// An issue form taken: how the edit ended, and the reply for the issue.
#[derive(Debug)]
pub struct Answered {
    /// The edit's outcome, or why the form's body could not be read at all (a wrong
    /// invocation rather than a refused form).
    pub outcome: Result<Outcome, String>,
    /// The Markdown reply, saying what was recorded, or what was wrong and how to fix the form.
    pub reply: String,
}

/// Reads the form of `kind` in the file `body` and makes the edit it asks for in the site at
/// `root`, exactly as the command line would.
pub fn answer(root: &Path, body: &Path, kind: FormKind) -> Answered {
    match issue_form::read_body(body) {
        Err(issue_form::BodyError::Unreadable(message)) => Answered {
            reply: issue_reply::not_read(&message),
            outcome: Err(message),
        },
        Err(issue_form::BodyError::Refused(message)) => {
            let outcome = Outcome::refused(message);
            Answered {
                reply: reply(kind, &outcome),
                outcome: Ok(outcome),
            }
        }
        Ok(text) => {
            let outcome = edit_from_issue(root, &text, kind);
            Answered {
                reply: reply(kind, &outcome),
                outcome: Ok(outcome),
            }
        }
    }
}

/// Writes `answer` into the file `path`, replacing what it held.
pub fn write_reply(path: &Path, answer: &str) -> Result<(), WriteError> {
    match std::fs::read_to_string(path) {
        Ok(old) => write_atomically(path, Expected::Text(&old), answer),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            write_atomically(path, Expected::Absent, answer)
        }
        Err(e) => Err(WriteError::Io(path.to_path_buf(), e)),
    }
}

/// The edit an issue form's body asks for, made in the event file it names.
fn edit_from_issue(root: &Path, body: &str, kind: FormKind) -> Outcome {
    let form = match issue_form::parse(body, kind) {
        Ok(form) => form,
        Err(mut problems) => {
            // The event is looked up too: a wrong link is said with the rest, not one edit later.
            if let Some(Err(message)) =
                issue_form::written_event(body).map(|event| issue_form::event_file(root, &event))
            {
                problems.0.push(message);
            }
            return Outcome::refused(problems.to_string());
        }
    };
    let file = match issue_form::event_file(root, form.event()) {
        Ok(file) => file,
        Err(message) => return Outcome::refused(message),
    };
    let path = crate::paths::under_root(root, &file);
    // A closed event is refused by the form's own check, which sends the player to the
    // organizer rather than to the command that reopens it.
    let when_closed = transaction::WhenClosed::LeaveToTheEdit;
    transaction::edit_event_when_closed(root, &path, Mode::Write, when_closed, |loaded| {
        issue_form::takes_forms(&loaded.event, wall_clock::now().date)?;
        match &form {
            issue_form::Form::Result(result) => {
                let request = result.request(&loaded.event);
                report::file_edit(loaded, &request).map_err(|first| {
                    // Every problem at once, so the player mends the form in one edit.
                    let every = report::every_problem(&loaded.event, &loaded.computed, &request);
                    if every.len() > 1 {
                        issue_form::Problems(every).to_string()
                    } else {
                        first
                    }
                })
            }
            issue_form::Form::Registration(entry) => {
                registration::register_edit(root, loaded, entry.registration())
            }
        }
    })
}

/// The reply to an issue form: what was recorded, or the message and the errors that refused
/// it.
fn reply(kind: FormKind, outcome: &Outcome) -> String {
    match &outcome.result {
        Ok(written) => issue_reply::recorded(
            kind,
            written.edit.corrected,
            &written.file,
            &written.edit.recorded,
            &written.edit.warnings,
        ),
        Err(message) => {
            let diagnostics: Vec<String> = outcome
                .reports
                .iter()
                .map(|report| report.errors_only())
                .filter(|errors| !errors.diagnostics.is_empty())
                .map(|errors| errors.render())
                .collect();
            issue_reply::refused(kind, message, &diagnostics.join("\n"))
        }
    }
}
