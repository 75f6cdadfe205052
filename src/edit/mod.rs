//! The commands that write event files: `new` and `import` create one, `pair`, `report`,
//! `register`, `drop` and `unpair` change one. Each is a pure function from a file's text (and the event loaded from it) to new text;
//! the caller validates the new text like any event file and writes it atomically, so a change
//! the rules reject never reaches the file. `issue_form` turns a GitHub issue form into the
//! request `report` or `register` takes, and `issue_reply` words the answer posted on the issue.

pub mod import;
pub mod issue_form;
pub mod issue_reply;
pub mod new;
pub mod pair;
pub mod registration;
pub mod report;
pub mod template;
