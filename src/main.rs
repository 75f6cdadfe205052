//! The `holonet` command: parses arguments, calls the library, prints diagnostics, sets the
//! exit code. Everything it does is reachable from the library for tests.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use holonet::{scaffold, site};

/// Static sites for Star Wars card game tournaments: pairings, standings and results from one
/// TOML file per event.
#[derive(Parser)]
#[command(name = "holonet", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate every event and page, compute standings and write the site.
    ///
    /// Nothing is written unless everything is valid: on any error the previous output stays
    /// as it was. Unchanged files keep their bytes and modification time.
    Build {
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Where to write the site [default: <root>/public].
        #[arg(long)]
        out: Option<PathBuf>,
        /// Publish under this address instead of holonet.toml's base_url, for example
        /// https://example.github.io/archive/
        #[arg(long)]
        base_url: Option<String>,
    },
    /// Validate every event and page without writing anything; exit 1 on any error.
    Check {
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Create a new, working site in DIR: configuration, templates, pages and an example event.
    Init {
        /// The folder to create (it must not exist, or be empty).
        dir: PathBuf,
    },
    /// Create a new event file with every field explained, such as events/2026/spring-open.toml.
    New {
        /// The event file to create, under events/.
        path: PathBuf,
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

fn print_report(report: &site::Report) {
    if !report.diagnostics.is_empty() {
        eprintln!("{}", report.render());
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Build {
            root,
            out,
            base_url,
        } => {
            let started = Instant::now();
            let out = out.unwrap_or_else(|| root.join("public"));
            match site::build(&root, &out, base_url.as_deref()) {
                Ok((stats, report)) => {
                    print_report(&report);
                    println!(
                        "Built {} events into {}: {} files ({} written, {} unchanged, {} removed) in {} ms",
                        stats.events,
                        out.display(),
                        stats.files,
                        stats.write.written,
                        stats.write.unchanged,
                        stats.write.removed,
                        started.elapsed().as_millis()
                    );
                    ExitCode::SUCCESS
                }
                Err(report) => {
                    print_report(&report);
                    eprintln!(
                        "error: build failed with {} error(s); {} was not changed",
                        report.errors(),
                        out.display()
                    );
                    ExitCode::FAILURE
                }
            }
        }
        Command::Check { root } => {
            let report = site::check(&root);
            print_report(&report);
            if report.has_errors() {
                eprintln!(
                    "error: {} error(s), {} warning(s)",
                    report.errors(),
                    report.warnings()
                );
                ExitCode::FAILURE
            } else {
                println!("All good: {} warning(s)", report.warnings());
                ExitCode::SUCCESS
            }
        }
        Command::Init { dir } => match scaffold::init(&dir) {
            Ok(count) => {
                println!(
                    "Created a new site in {} ({count} files). Next: cd {} && holonet build",
                    dir.display(),
                    dir.display()
                );
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        Command::New { path, root } => match scaffold::new_event(&root, &path, scaffold::today()) {
            Ok(written) => {
                println!(
                    "Created {}. Fill in the players, then run holonet check.",
                    written.display()
                );
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
    }
}
