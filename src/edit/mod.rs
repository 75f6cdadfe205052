//! The commands that write event files: `new` and `import` create one (`import_plan` tells
//! what `import` was given), `pair`, `report`,
//! `register`, `drop` and `unpair` change one. Each change is a pure function from a file's text
//! (and the event loaded from it) to new text; `transaction` makes it under the site's lock,
//! validates the new text like any event file and writes it atomically, so a change the rules
//! reject never reaches the file. `issue_form` turns a GitHub issue form into the request
//! `report` or `register` takes, `issue_reply` words the answer posted on the issue, and
//! `from_issue` puts the two through the same transaction. `self_report` takes the players'
//! own reports (`serve --self-report`) and records them, once agreed or confirmed, as `report`
//! does; `waiting` keeps those waiting, each bound to the pairing it was sent for.

pub mod casual;
pub mod from_issue;
pub mod import;
pub mod import_plan;
pub mod issue_form;
pub(crate) mod issue_reply;
pub mod new;
pub mod open_step;
pub mod pair;
pub mod registration;
pub mod report;
pub mod self_report;
pub(crate) mod template;
pub mod tournament_assistant;
pub mod transaction;
pub mod waiting;

use std::path::Path;

use crate::load::people::People;

/// The people of the archive's valid events under `root` and what `players.toml` says, leaving
/// out the event file `leaving_out` (the one being edited), so that a new entry can be checked
/// against everyone else: `register` and `import` refuse an id that another person has, and hint
/// at a name close to another's. Events with errors, and a broken `players.toml`, are left to
/// `holonet check`: an edit does not depend on them.
pub(crate) fn archive_people(root: &Path, leaving_out: Option<&Path>) -> People {
    let options = crate::load::options::LoadOptions {
        default_rules: crate::config::Config::load(root)
            .ok()
            .and_then(|c| c.default_rules),
        site_root: None,
    };
    // Without the event cache: an edit writes its event file and nothing else.
    let loaded = crate::load::load_events(
        root,
        &options,
        None,
        |(event, _), _| {
            (leaving_out != Some(event.file.as_path()))
                .then(|| crate::load::people::entries_of(&event))
        },
        None,
    );
    let players = crate::load::aliases::load_file(root).unwrap_or_default();
    People::from_entries(root, loaded.events.into_iter().flatten(), players)
}
