//! `holonet status`.

use holonet::diag::Shown;
use std::process::ExitCode;

use super::args::{EventFile, Site};
use super::output::load_one;

/// Where an event stands: the round (SW:CCG: game) under way, the tables still missing a
/// result with both names, the players' reports waiting (serve --self-report), and what to
/// type next.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    let (root, file) = (&args.site.root, &args.event.file);
    match load_one(root, file) {
        Ok(loaded) => {
            out_part!(
                "{}",
                holonet::terminal::status(
                    &loaded.event,
                    &loaded.computed,
                    &holonet::edit::self_report::waiting_for(root, &loaded.event),
                    &file.shown().to_string()
                )
            );
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}
