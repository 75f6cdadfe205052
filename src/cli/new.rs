//! `holonet new`.

use holonet::diag::Shown;
use std::path::PathBuf;
use std::process::ExitCode;

use super::args::Site;
use super::output::fail;

/// Create a new event file, its fields explained, such as events/2026/spring-open.toml.
///
/// The file lists, in comments, only the fields of its ruleset and format; it passes
/// `holonet check` as written, with no player registered yet.
#[derive(clap::Args)]
pub struct Args {
    /// The event file to create, under events/.
    path: PathBuf,
    /// The ruleset: ffg-2018, ffg-2014 or swccg-2008 [default: holonet.toml's default_rules, else ffg-2018].
    #[arg(long)]
    rules: Option<String>,
    /// The format: standard, team, league or challenge (FFG rulesets); constructed, sealed,
    /// draft, cube, team or league (swccg-2008) [default: the ruleset's first].
    #[arg(long)]
    format: Option<String>,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    match holonet::edit::new::new_event(
        &args.site.root,
        &args.path,
        args.rules.as_deref(),
        args.format.as_deref(),
        holonet::wall_clock::today(),
    ) {
        Ok(written) => {
            let file = args.path.shown();
            say!(
                "Created {}. Register each player with holonet register {file} \"NAME\", then write round 1 with holonet pair {file}.",
                written.shown()
            );
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}
