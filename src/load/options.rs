//! The site-wide settings that affect how an event is read. They stand below every part of
//! [`crate::load`] (validation passes them to the decklist reader), so that each part can take
//! them without importing the validation that calls it.

/// Site-wide settings that affect how an event is read.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// The ruleset of events that do not name one (`default_rules` in `holonet.toml`).
    pub(crate) default_rules: Option<String>,
    /// The site folder, where decklist files next to an event are read from; `None` when the
    /// event is checked on its own (decklist files are then reported as unreadable).
    pub(crate) site_root: Option<std::path::PathBuf>,
}
