//! `holonet pair`.

use std::process::ExitCode;

use holonet::edit::pair;
use holonet::edit::transaction::{self, Mode};

use super::args::{EventFile, Site};
use super::output::{print_outcome, print_report};

/// Write the next step of an event into its file: the next Swiss round, the cut's first
/// games, or the elimination games that are ready.
///
/// Prints the tables with the players' names, to read out or paste into a chat. Refuses
/// while the current round has unreported tables. Comments and layout of the file are kept;
/// the file is replaced atomically, with the time in `paired`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    /// Print the tables it would write, without writing.
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    let mode = if args.dry_run {
        Mode::DryRun
    } else {
        Mode::Write
    };
    let outcome = transaction::edit_event(&args.site.root, &args.event.file, mode, |loaded| {
        pair::file_edit(loaded, mode, holonet::terminal::pairing)
    });
    match (&outcome.result, mode) {
        // A dry run prints its tables even with --quiet: they are what it was asked for.
        (Ok(written), Mode::DryRun) => {
            for report in &outcome.reports {
                print_report(report);
            }
            out!("{}", written.edit.summary);
            ExitCode::SUCCESS
        }
        _ => print_outcome(&outcome),
    }
}
