//! `report --from-issue` and `register --from-issue`: a request from a player's GitHub issue
//! form, answered with an edit and a reply for the issue.

use std::path::Path;
use std::process::ExitCode;

use holonet::edit::from_issue;
use holonet::edit::issue_form::FormKind;

use super::args::{FromIssue, Site};
use super::output::print_outcome;

/// Makes the edit the form of `kind` in the file `--from-issue` names asks for, prints how it
/// ended, and writes the issue's reply into `--reply`.
pub fn run(issue: &FromIssue, site: &Site, kind: FormKind) -> ExitCode {
    let root: &Path = &site.root;
    // As for every verb, relative paths are read from (and written in) the site folder.
    let body = holonet::paths::under_root(root, &issue.from_issue);
    let reply = issue
        .reply
        .as_ref()
        .map(|r| holonet::paths::under_root(root, r));
    let answered = from_issue::answer(root, &body, kind);
    let code = match &answered.outcome {
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Ok(outcome) => print_outcome(outcome),
    };
    let Some(reply) = reply else {
        return code;
    };
    match from_issue::write_reply(&reply, &answered.reply) {
        Ok(()) => code,
        Err(e) => {
            eprintln!("error: the reply was not written: {e}");
            ExitCode::from(2)
        }
    }
}
