//! `holonet audit`.

use std::process::ExitCode;

use super::args::{EventFile, Site};
use super::output::load_one;

/// Check every recorded round of an event against the pairing Holonet gives it.
///
/// Each round (SW:CCG: game) is paired again from the file's seed and the results before
/// it, as `holonet pair` pairs it, and compared with what the file records; each difference
/// is permitted by the rules or breaks a rule. Exit status 0 when no rule is broken, 1 when
/// one is, 2 when the file cannot be read or checked.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    let Ok(loaded) = load_one(&args.site.root, &args.event.file) else {
        // Bad input is not a verdict on the pairings.
        return ExitCode::from(2);
    };
    out_part!(
        "{}",
        holonet::terminal::audit(&loaded.event, &loaded.computed)
    );
    if loaded.computed.audit.status() == Some(holonet::rules::verdict::Status::Broken) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
