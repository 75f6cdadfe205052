//! `holonet game`.

use std::process::ExitCode;

use holonet::edit::casual;

use super::args::{EventFile, Site, parse_date};
use super::output::run_edit;

/// Record a league game as it is played (format = "league"): who played dark, who played
/// light, and the result.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    event: EventFile,
    /// The id of the player who played the dark side.
    dark: String,
    /// The id of the player who played the light side.
    light: String,
    /// SW:LCG: the winner's id (tom), with how the game ended (tom:dial, tom:objectives,
    /// tom:deck, tom:time, tom:concession, tom:forfeit), or draw (on time). SW:CCG: tom+12,
    /// tom+12,modified, tom+20,quit, or tie:DARK_LOST,LIGHT_LOST,DARK_HAND,LIGHT_HAND.
    result: String,
    /// The day it was played, YYYY-MM-DD [default: today, which must be within the
    /// league's dates].
    #[arg(long, value_parser = parse_date)]
    date: Option<holonet::event::Date>,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    run_edit(&args.site.root, &args.event.file, |loaded| {
        casual::game_edit(
            loaded,
            casual::GameRequest {
                dark: &args.dark,
                light: &args.light,
                result: &args.result,
                date: args.date,
            },
        )
    })
}
