//! `holonet drop`.

use std::process::ExitCode;

use holonet::edit::registration;

use super::args::{EventFile, Site};
use super::output::run_edit;

/// Record that a player (in a team event, a team) left the event: not paired again.
///
/// By default the player drops after the last round in the file, which they are in. If
/// their table there has no result yet, report it first (or run holonet unpair and pair
/// the round again without them). The file is checked before it is written, and written
/// atomically.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    /// The player's (or team's) id.
    id: String,
    /// The last round the player was in (0: withdrew before round 1). Elimination rounds
    /// count on from the Swiss rounds.
    #[arg(long, conflicts_with = "undo")]
    after: Option<u32>,
    /// Take the drop back: nothing missed while no round was paired since; otherwise the
    /// player rejoins from the next round, the rounds missed counting as unpaired losses,
    /// where the ruleset allows a return.
    #[arg(long)]
    undo: bool,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    run_edit(&args.site.root, &args.event.file, |loaded| {
        if args.undo {
            registration::undo_drop_edit(loaded, &args.id)
        } else {
            registration::drop_edit(loaded, &args.id, args.after)
        }
    })
}
