//! `holonet standings`.

use std::process::ExitCode;

use super::args::{EventFile, Site};
use super::output::load_one;

/// Print an event's current standings, and what comes next.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    match load_one(&args.site.root, &args.event.file) {
        Ok(loaded) => {
            out_part!(
                "{}",
                holonet::terminal::standings(&loaded.event, &loaded.computed)
            );
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}
