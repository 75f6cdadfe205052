//! `holonet check`.

use std::process::ExitCode;

use super::args::Site;
use super::output::print_report;

/// Validate every event and page without writing anything; exit 1 on any error.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    site: Site,
    /// How to print the diagnostics: `human` (with the lines), `github` (annotations on a
    /// pull request's lines in GitHub Actions) or `json` (one document, for other tools).
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    format: OutputFormat,
}

/// `check --format`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    Human,
    Github,
    Json,
}

impl From<OutputFormat> for holonet::diag::Format {
    fn from(format: OutputFormat) -> Self {
        match format {
            OutputFormat::Human => holonet::diag::Format::Human,
            OutputFormat::Github => holonet::diag::Format::Github,
            OutputFormat::Json => holonet::diag::Format::Json,
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let report = holonet::site::check(&args.site.root);
    let code = if report.has_errors() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    };
    if !matches!(args.format, OutputFormat::Human) {
        // Machine formats go to standard output, alone, for the tool reading them.
        out_part!("{}", report.render_as(args.format.into()));
        return code;
    }
    print_report(&report);
    if report.has_errors() {
        eprintln!(
            "error: {} error(s), {} warning(s)",
            report.errors(),
            report.warnings()
        );
    } else {
        say!("All good: {} warning(s)", report.warnings());
    }
    code
}
