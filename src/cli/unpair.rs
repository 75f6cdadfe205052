//! `holonet unpair`.

use std::process::ExitCode;

use super::args::{EventFile, Site};
use super::output::run_edit;

/// Take back the last round (SW:CCG: game) or elimination games written by holonet pair,
/// while none of it has a result.
///
/// Use it to pair again after a late registration or a drop. A round with any result is
/// refused: correct results with holonet report --replace.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    run_edit(
        &args.site.root,
        &args.event.file,
        holonet::edit::registration::unpair_edit,
    )
}
