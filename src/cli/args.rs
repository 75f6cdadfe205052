//! The arguments several verbs share, each written once: the site folder, the event file, a
//! date, an address, and a request taken either from the command line or from a GitHub issue
//! form.

use std::path::PathBuf;

use clap::{ArgMatches, FromArgMatches};

/// The site folder, which every verb but `init` and `completions` works in.
#[derive(clap::Args)]
pub struct Site {
    /// The site folder (with holonet.toml); a relative path given to the command is read from
    /// it, as `git -C` does.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

/// The event file a verb reads or changes.
#[derive(clap::Args)]
pub struct EventFile {
    /// The event file, such as events/2026/spring-open.toml.
    pub file: PathBuf,
}

/// The event file of a request that could also come from an issue form (`report`,
/// `register`): required unless `--from-issue` is given, refused beside it. Flattened first in
/// the request's arguments, so that it stays the first positional one.
#[derive(clap::Args)]
pub struct EventFileUnlessIssue {
    /// The event file, such as events/2026/spring-open.toml.
    #[arg(
        required = false,
        required_unless_present = "from_issue",
        conflicts_with = "from_issue"
    )]
    pub file: PathBuf,
}

/// A request a verb takes either from its arguments or from a GitHub issue form (`report` and
/// `register`). Exactly one of the two: clap refuses the arguments of one beside
/// `--from-issue`, and requires them without it (each of `Direct`'s required arguments says
/// `required_unless_present = "from_issue"`), so no other state can be built.
pub enum Source<Direct> {
    Arguments(Direct),
    Issue(FromIssue),
}

impl<Direct: clap::Args> clap::Args for Source<Direct> {
    fn augment_args(command: clap::Command) -> clap::Command {
        FromIssue::augment_args(Direct::augment_args(command))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        FromIssue::augment_args_for_update(Direct::augment_args_for_update(command))
    }
}

impl<Direct: FromArgMatches> FromArgMatches for Source<Direct> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        if matches.contains_id("from_issue") {
            FromIssue::from_arg_matches(matches).map(Source::Issue)
        } else {
            Direct::from_arg_matches(matches).map(Source::Arguments)
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// `--from-issue BODY [--reply REPLY.md]`.
#[derive(clap::Args)]
pub struct FromIssue {
    /// Take the request from a GitHub issue form's body saved in BODY, instead of the
    /// arguments (the form's fields are listed above). Exit 0: done; 1: the form or the
    /// request was refused; 2: a wrong invocation.
    #[arg(long, value_name = "BODY", required = false)]
    pub from_issue: PathBuf,
    /// With --from-issue: write a Markdown reply for the issue into REPLY.md, saying what was
    /// done, or what was wrong and how to fix the form.
    // clap waives `requires` when the required argument conflicts with one given (FILE,
    // which excludes --from-issue), so that conflict is stated too.
    #[arg(
        long,
        value_name = "REPLY.md",
        requires = "from_issue",
        conflicts_with = "file"
    )]
    pub reply: Option<PathBuf>,
}

/// A day given on the command line, YYYY-MM-DD.
pub fn parse_date(text: &str) -> Result<holonet::event::Date, String> {
    holonet::event::Date::parse_iso(text)
        .filter(holonet::event::Date::is_valid)
        .ok_or_else(|| format!("`{text}` is not a date; write it as YYYY-MM-DD"))
}

/// `--base-url`, checked as `base_url` in holonet.toml is.
pub fn base_url_arg(url: &str) -> Result<String, String> {
    holonet::config::check_base_url(url)
        .map(|()| url.to_string())
        .map_err(|problem| problem.replace("`base_url`", "the address"))
}
