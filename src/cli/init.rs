//! `holonet init`.

use holonet::diag::Shown;
use std::path::PathBuf;
use std::process::ExitCode;

use super::output::fail;

/// Create a new, working site in DIR: configuration, workflows, pages and an example event.
#[derive(clap::Args)]
pub struct Args {
    /// The folder to create (it must not exist, or be empty).
    dir: PathBuf,
    /// Add an example event (a finished store championship) to try the pages on; delete
    /// it before publishing.
    #[arg(long)]
    example: bool,
}

pub fn run(args: Args) -> ExitCode {
    let dir = args.dir.shown();
    match holonet::scaffold::init(&args.dir, args.example) {
        Ok(count) if args.example => {
            say!(
                "Created a new site in {dir} ({count} files), with an example event: events/2018/outer-rim-store-championship.toml and the .md beside it. Delete both before you publish the site. Next: cd {dir} && holonet build"
            );
            ExitCode::SUCCESS
        }
        Ok(count) => {
            say!(
                "Created a new site in {dir} ({count} files), with no events yet. Next: cd {dir} && holonet new events/{}/my-event.toml, then holonet build (holonet init --example adds an example event to try the pages on)",
                &holonet::wall_clock::today().iso()[..4]
            );
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}
