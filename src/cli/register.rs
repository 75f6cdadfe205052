//! `holonet register`.

use std::process::ExitCode;

use holonet::edit::issue_form::FormKind;
use holonet::edit::registration;

use super::args::{EventFileUnlessIssue, Site, Source};
use super::output::run_edit;

/// Register a player in an event file, keeping its comments and layout.
///
/// Before round 1 is paired this is a normal registration. Once a round (SW:CCG: game) is
/// paired, the player is a late entry from the next one, written `late = N` in the file:
/// pass --late to confirm. What the rounds before give a late entry depends on the
/// ruleset (ffg-2018: unpaired losses; ffg-2014 and swccg-2008: nothing). In a team event
/// (2 vs 2) a team enters whole, before round 1: holonet register FILE "Ann Lee" --with
/// "Bo Vos" --team "Echo Base". The file is checked before it is written, and written
/// atomically. With --from-issue, the same request comes from a player's GitHub issue form:
/// its fields Event (the event's file, address or page link), Name, Player id, Team and
/// Partner, and the Late entry box, which a late entry needs ticked.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    source: Source<Entry>,
    #[command(flatten)]
    site: Site,
}

/// A registration given on the command line.
#[derive(clap::Args)]
struct Entry {
    #[command(flatten)]
    event: EventFileUnlessIssue,
    /// The player's name, such as "Tom Kessel".
    #[arg(
        required = false,
        required_unless_present = "from_issue",
        conflicts_with = "from_issue"
    )]
    name: String,
    /// The player's id [default: made from the name, as in the file: tom-kessel]; in a team
    /// event, the team's. An id another event gives a person of another name is refused:
    /// it names one player page.
    #[arg(long, conflicts_with = "from_issue")]
    id: Option<String>,
    /// Confirm a late entry, once rounds are paired (before round 1 it changes nothing).
    #[arg(long, conflicts_with = "from_issue")]
    late: bool,
    /// A team event (2 vs 2): the name of the team this player enters, with --with.
    #[arg(long, requires = "with", conflicts_with = "from_issue")]
    team: Option<String>,
    /// A team event: the partner's name; both players and the team are registered.
    #[arg(long, requires = "team", conflicts_with = "from_issue")]
    with: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    let entry = match args.source {
        Source::Issue(issue) => {
            return super::from_issue::run(&issue, &args.site, FormKind::Registration);
        }
        Source::Arguments(entry) => entry,
    };
    let root = &args.site.root;
    run_edit(root, &entry.event.file, |loaded| {
        let request = registration::Registration {
            name: &entry.name,
            id: entry.id.as_deref(),
            late: entry.late,
            team: entry
                .team
                .as_deref()
                .zip(entry.with.as_deref())
                .map(|(name, partner)| registration::TeamEntry { name, partner }),
            by_form: false,
        };
        registration::register_edit(root, loaded, request)
    })
}
