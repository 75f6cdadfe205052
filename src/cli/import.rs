//! `holonet import`.

use holonet::diag::Shown;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use holonet::edit::import::{self, ImportError};
use holonet::edit::import_plan::{self, FolderStep, ImportPlan, ImportRequest};
use holonet::edit::tournament_assistant::{self, Outcome};

use super::args::{Site, parse_date};
use super::output::{fail, print_report};

/// Make an event from a CSV of final standings, or from the Tournament Assistant's saved files.
///
/// The CSV's first line names its columns: `rank` (the final place) and `player` (the
/// name), and any of `seed`, `id`, `points` (SW:LCG), `victory_points` and `differential`
/// (SW:CCG), `wins`, `losses`, `draws`, `note`. Headings are read without case, and as
/// people publish them: `rank` as `Place`, `Position`, `Pos`, `Pos.`, `Finish` or `#`;
/// `seed` as `Seed` (the seed the player entered the cut with, never the place: a table of
/// seeds with no place column is refused); `player` as `Name`; `points` as `Tournament
/// points`, `TP` or `Total`; `victory_points` as `VP`, `Total`, or `VP (diff)` and `Points
/// (diff)` with cells `8 (25)` (victory points and differential); `differential` as `Diff`;
/// `wins`, `losses`, `draws` as `W`, `L`, `D` (or `T`), or one record column `W;L;D`
/// (`5;1;0`). Any column whose every cell reads `8 (25)`, `12 (+3)` or `6 (-14)` is read as
/// victory points and differential, whatever its heading. Places and seeds may be written
/// `1st`, numbers with the minus sign; an empty rank is a player without a place. A column of
/// numbers under any other heading is refused (rename it, or leave it out with --skip); other
/// columns are left out with a warning. The new file has a `[[players]]` entry per line and
/// a `[[standings]]` row per placed line; it is validated before it is written, and an
/// existing file is never replaced.
///
/// A JSON file saved by the Players Committee's Star Wars CCG Tournament Assistant (or a
/// folder of them) becomes events/YEAR/SLUG.TOML with every player and game, named and dated
/// as saved; importing the same event again updates its file. With --top-cut, the event's
/// top 8 saved in MATCH_PLAY mode joins it as its top cut.
#[derive(clap::Args)]
pub struct Args {
    /// The CSV file of standings, a saved Tournament Assistant event (.json), or a folder
    /// of saved events.
    file: PathBuf,
    /// The event file to create, such as events/2014/dantooine-regional.toml (required
    /// for a CSV).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The event's name (required for a CSV).
    #[arg(long)]
    name: Option<String>,
    /// The event's date, YYYY-MM-DD: required for a CSV and for a saved event without one;
    /// given with one saved event, it replaces the saved date; given with a folder, it
    /// dates only the files saved without a date, the others keeping theirs.
    #[arg(long, value_parser = parse_date)]
    date: Option<holonet::event::Date>,
    /// The ruleset of a CSV [default: holonet.toml's default_rules, else ffg-2018].
    #[arg(long)]
    rules: Option<String>,
    /// The format, when not the ruleset's first (such as sealed).
    #[arg(long)]
    format: Option<String>,
    /// The tier, such as competitive or regional.
    #[arg(long)]
    tier: Option<String>,
    /// Where the event took place.
    #[arg(long)]
    location: Option<String>,
    /// A column of the CSV to leave out, by its heading (such as --skip SoS); may be given
    /// more than once.
    #[arg(long, value_name = "HEADING")]
    skip: Vec<String>,
    /// The saved top 8 (a MATCH_PLAY file) of the saved Swiss event FILE: both become one
    /// event, the top 8's games its `[top_cut]`.
    #[arg(long, value_name = "MATCH_PLAY_FILE")]
    top_cut: Option<PathBuf>,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    let root = args.site.root;
    let request = ImportRequest {
        file: args.file,
        out: args.out,
        name: args.name,
        date: args.date,
        rules: args.rules,
        format: args.format,
        tier: args.tier,
        location: args.location,
        skip: args.skip,
        top_cut: args.top_cut,
    };
    let plan = match import_plan::plan(&root, request) {
        Ok(plan) => plan,
        Err(ImportError::Usage(message)) => return fail(&message),
        // The file given cannot be read: its diagnostic says why.
        Err(ImportError::Invalid(report)) => {
            print_report(&report);
            return ExitCode::FAILURE;
        }
    };
    match plan {
        ImportPlan::Folder { folder, options } => {
            let done = import_plan::import_folder(&root, &folder, &options, |step| match step {
                FolderStep::Skipped(file) => say!(
                    "Skipped {}: not an event saved by the Tournament Assistant.",
                    file.shown()
                ),
                FolderStep::Imported(file, outcome) => {
                    print_saved(file, outcome);
                }
            });
            match done {
                Ok(imported) => {
                    say!("Imported {imported} event(s) from {}.", folder.shown());
                    ExitCode::SUCCESS
                }
                Err(message) => fail(&message),
            }
        }
        ImportPlan::Saved {
            file,
            text,
            options,
        } => print_saved(
            &file,
            &tournament_assistant::import_saved(&root, &file, &text, &options),
        ),
        ImportPlan::Csv {
            file,
            text,
            out,
            options,
        } => match import::import_csv(&root, &file, &text, &out, &options) {
            Ok((written, report)) => {
                print_report(&report);
                say!(
                    "Created {} from {}. Run holonet check, then holonet build.",
                    written.shown(),
                    file.shown()
                );
                ExitCode::SUCCESS
            }
            Err(ImportError::Usage(message)) => fail(&message),
            Err(ImportError::Invalid(report)) => {
                print_report(&report);
                eprintln!("error: {} error(s); nothing was written", report.errors());
                ExitCode::FAILURE
            }
        },
    }
}

/// Says what the import of one saved event wrote, or why not.
fn print_saved(file: &Path, outcome: &Result<Outcome, ImportError>) -> ExitCode {
    match outcome {
        Ok(outcome) => {
            print_report(&outcome.report);
            say!(
                "{} {} from {}. Run holonet check, then holonet build.",
                if outcome.updated {
                    "Updated"
                } else {
                    "Created"
                },
                outcome.written.shown(),
                file.shown()
            );
            ExitCode::SUCCESS
        }
        Err(ImportError::Usage(message)) => fail(message),
        Err(ImportError::Invalid(report)) => {
            print_report(report);
            eprintln!(
                "error: {} error(s) in {}; nothing was written for it",
                report.errors(),
                file.shown()
            );
            ExitCode::FAILURE
        }
    }
}
