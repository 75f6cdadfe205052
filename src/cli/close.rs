//! `holonet close`.

use std::process::ExitCode;

use super::args::{EventFile, Site};
use super::output::print_outcome;

/// Close a league or challenge event (closed = true): its standings become final, and no
/// verb or issue form changes it until it is reopened with --reopen.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    /// Open a closed event again (closed = true taken out): its standings are no longer
    /// final, and games or sessions are recorded again.
    #[arg(long)]
    reopen: bool,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    print_outcome(&holonet::edit::casual::close_event(
        &args.site.root,
        &args.event.file,
        args.reopen,
    ))
}
