//! `holonet build`.

use holonet::diag::Shown;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use holonet::site;

use super::args::{Site, base_url_arg};
use super::output::{Verbosity, print_report, verbosity};

/// Validate every event and page, compute standings and write the site.
///
/// Nothing is written unless everything is valid: on any error the previous output stays
/// as it was. Unchanged files keep their bytes and modification time.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    site: Site,
    /// Where to write the site [default: <root>/public].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Publish under this address instead of holonet.toml's base_url, for example
    /// https://example.github.io/archive/
    #[arg(long, value_parser = base_url_arg)]
    base_url: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    let started = Instant::now();
    let root = args.site.root;
    let out = args.out.unwrap_or_else(|| root.join("public"));
    match site::build_with_progress(&root, &out, args.base_url.as_deref(), &mut progress) {
        Ok((stats, report)) => {
            print_report(&report);
            say!(
                "Built {} events into {}: {} files ({} written, {} unchanged, {} removed) in {} ms",
                stats.events,
                out.shown(),
                stats.files,
                stats.write.written,
                stats.write.unchanged,
                stats.write.removed,
                started.elapsed().as_millis()
            );
            if verbosity() == Verbosity::Verbose {
                eprintln!(
                    "As a host receives it (a tar of {}, dot-files left out): {} bytes ({}), {} files",
                    out.shown(),
                    stats.upload.bytes,
                    site::hosting::size(stats.upload.bytes),
                    stats.upload.files
                );
            }
            ExitCode::SUCCESS
        }
        Err(report) => {
            print_report(&report);
            eprintln!(
                "error: build failed with {} error(s); {} was not changed",
                report.errors(),
                out.shown()
            );
            ExitCode::FAILURE
        }
    }
}

/// Tells how a build goes: each stage with its time when verbose, else a line on a terminal that
/// is rewritten as the build moves on and cleared at the end.
fn progress(stage: site::Progress) {
    let live = verbosity() == Verbosity::Normal && std::io::stderr().is_terminal();
    let line = match stage {
        site::Progress::Loaded {
            events,
            from_cache,
            elapsed,
        } => {
            let cached = match from_cache {
                0 => String::new(),
                n => format!(" ({n} unchanged, from the cache)"),
            };
            format!(
                "Loaded and checked {events} events{cached} in {} ms",
                elapsed.as_millis()
            )
        }
        site::Progress::Rendered { files, elapsed } => {
            format!("Rendered {files} files in {} ms", elapsed.as_millis())
        }
        site::Progress::Written { elapsed } => {
            format!("Wrote the output folder in {} ms", elapsed.as_millis())
        }
    };
    if verbosity() == Verbosity::Verbose {
        eprintln!("{line}");
    } else if live {
        let end = if matches!(stage, site::Progress::Written { .. }) {
            "\r\x1b[2K"
        } else {
            ""
        };
        eprint!("\r\x1b[2K{line}…{end}");
    }
}
