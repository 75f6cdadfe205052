//! `holonet confirm`.

use std::process::ExitCode;

use super::args::{EventFile, Site};
use super::output::print_outcome;

/// Record what a player reported from their phone (holonet serve --self-report) for one
/// table of the running round, without waiting for the other player's report.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    /// The table number.
    table: u32,
    /// Where the two players' reports differ: the id of the player whose report is right.
    #[arg(long, value_name = "ID")]
    player: Option<String>,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    print_outcome(&holonet::edit::self_report::confirm(
        &args.site.root,
        &args.event.file,
        args.table,
        args.player.as_deref(),
    ))
}
