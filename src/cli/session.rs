//! `holonet session`.

use std::process::ExitCode;

use holonet::edit::casual;

use super::args::{EventFile, Site, parse_date};
use super::output::run_edit;

/// Record a challenge-deck session (format = "challenge"): the scenario, the player with
/// the challenge deck, the team and who won.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    /// The scenario: jerjerrods-task or hunt-for-skywalker.
    scenario: String,
    /// The id of the player with the challenge deck.
    solo: String,
    /// The ids of the team's two or three players.
    #[arg(long, num_args = 2..=3, required = true)]
    team: Vec<String>,
    /// Who won: solo or team.
    #[arg(long)]
    winner: String,
    /// The day it was played, YYYY-MM-DD [default: today, which must be within the
    /// event's dates].
    #[arg(long, value_parser = parse_date)]
    date: Option<holonet::event::Date>,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    let request = casual::SessionRequest {
        scenario: &args.scenario,
        solo: &args.solo,
        team: args.team.iter().map(String::as_str).collect(),
        winner: &args.winner,
        date: args.date,
    };
    run_edit(&args.site.root, &args.event.file, |loaded| {
        casual::session_edit(loaded, &request)
    })
}
