//! `holonet report`.

use std::process::ExitCode;

use holonet::edit::issue_form::FormKind;
use holonet::edit::report;

use super::args::{EventFileUnlessIssue, Site, Source};
use super::output::run_edit;

/// Record one table's result in an event file, keeping its comments and layout.
///
/// RESULT for a Swiss match: 2-0, 1-1, 1-0, 0-0, 0-1 or 0-2, or 2:0 and so on (games won
/// and lost by the first player at the table, then the drawn game if any), game by game as
/// tom,draw or tom:dial,nick, or split. A drawn game is one still going when time was
/// called, which ends the match: time called in game one is 0-0 or draw (ffg-2018: one game
/// drawn, 1 point each; ffg-2014 plays game one to its end, so only game two is drawn). For
/// a SW:CCG game: tom+12, tom+12,modified, tom+20,quit (the other player quit), or
/// tie:3,3,2,1 (lost piles then hands, dark first; tie:3,3,2,2,tom when both are level and
/// tom won the coin tossed at the venue). Once the Swiss
/// rounds are over, TABLE is an elimination game and RESULT its winner, or --timed gives
/// the game state when it went to time; once the SW:CCG games are over, TABLE is a game of
/// the Final Confrontation. The file is checked before it is written, and written
/// atomically. With --from-issue, the same request comes from a player's GitHub issue form:
/// its fields Event (the event's file, address or page link), Round, Table, Result, Dark
/// side (an id or a name) and the Correction box (--replace).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    source: Source<Table>,
    #[command(flatten)]
    site: Site,
}

/// A result given on the command line.
#[derive(clap::Args)]
struct Table {
    #[command(flatten)]
    event: EventFileUnlessIssue,
    /// The table (or elimination game, or Final Confrontation game) number.
    #[arg(
        required = false,
        required_unless_present = "from_issue",
        conflicts_with = "from_issue"
    )]
    table: u32,
    /// The result, such as 2-0, 2:0, tom,draw or tom+12; an elimination game's winner.
    #[arg(
        required_unless_present_any = ["timed", "from_issue"],
        conflicts_with = "from_issue"
    )]
    result: Option<String>,
    /// The round (SW:CCG: game) to write into; default: the one being played, or with
    /// --replace alone, the last one with results.
    #[arg(long, conflicts_with = "from_issue")]
    round: Option<u32>,
    /// Who played dark: in an elimination game, the higher seed's choice; in a Final
    /// Confrontation, the first game's; at a Swiss table, the first game's (first_dark).
    #[arg(long, conflicts_with = "from_issue")]
    dark: Option<String>,
    /// An elimination game that went to time: its state, such as
    /// light_objectives=1,light_damage=5,dial=9,dark_damage=6,balance=dark
    #[arg(long, value_name = "STATE", conflicts_with = "from_issue")]
    timed: Option<String>,
    /// Correct a result already in the file (alone: in the last round with results).
    #[arg(long, conflicts_with = "from_issue")]
    replace: bool,
}

pub fn run(args: Args) -> ExitCode {
    let table = match args.source {
        Source::Issue(issue) => {
            return super::from_issue::run(&issue, &args.site, FormKind::Result);
        }
        Source::Arguments(table) => table,
    };
    run_edit(&args.site.root, &table.event.file, |loaded| {
        report::file_edit(
            loaded,
            &report::Request {
                table: table.table,
                result: table.result.as_deref(),
                round: table.round,
                dark: table.dark.as_deref(),
                timed: table.timed.as_deref(),
                replace: table.replace,
            },
        )
    })
}
