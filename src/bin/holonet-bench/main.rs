//! `holonet-bench`: the tools `scripts/bench` and the tests measure Holonet with, kept out of
//! the `holonet` command that organizers install. `generate-archive` writes a synthetic archive
//! of any size; `time-edits` times `serve`'s update after edits to one event file. Both stand on
//! the library's public API only.

mod edit_timing;
mod generate;

use holonet::diag::Shown;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};

/// The allocator `holonet` runs with (see src/main.rs): `time-edits` measures `serve`'s update
/// and its resident memory, which depend on the allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Gives the memory mimalloc holds freed back to the system, as `holonet serve` does after
/// each update, so that the resident memory `time-edits` reports is the one `serve` keeps.
fn release_freed_memory() {
    // SAFETY: `mi_collect` takes no pointers and may be called from any thread at any time.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

/// Benchmark tools for Holonet: synthetic archives and `serve`'s update times.
#[derive(Parser)]
#[command(name = "holonet-bench", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write a synthetic archive for benchmarks: every round paired by holonet, every result
    /// drawn from the seed. The same count and seed give byte-identical files.
    GenerateArchive {
        /// How many events.
        #[arg(long, default_value_t = 1000)]
        events: usize,
        /// The seed of every random choice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The site folder to create (it must not exist, or be empty).
        #[arg(long)]
        out: PathBuf,
        /// The events' sizes: `real`, those of real communities (mostly store events of 8 to
        /// 16 players), or `bench`, the earlier benchmarks' (16 to 256 players).
        #[arg(long, value_enum, default_value_t = generate::Mix::Real)]
        mix: generate::Mix,
    },
    /// Time how long `serve` takes to bring the site up to date after edits to one event file,
    /// alternating a location edit and a result edit; the file is put back afterwards.
    TimeEdits {
        /// The event file to edit, relative to the site folder.
        file: PathBuf,
        /// How many edits (half of each kind).
        #[arg(long, default_value_t = 20)]
        times: usize,
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Make one edit to an event file, as an organizer saves it: `name` marks the event's name,
    /// `result` turns a table of the last Swiss round. The same edit again gives the file back.
    Edit {
        /// The event file to edit.
        file: PathBuf,
        /// `name` or `result`.
        #[arg(long)]
        kind: String,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::GenerateArchive {
            events,
            seed,
            out,
            mix,
        } => {
            let started = Instant::now();
            match generate::generate(&out, events, seed, mix) {
                Ok(summary) => {
                    println!(
                        "Generated {} events ({} players, {} Swiss tables, {} elimination games) into {} in {} ms.",
                        summary.events,
                        summary.players,
                        summary.tables,
                        summary.elimination_games,
                        out.shown(),
                        started.elapsed().as_millis()
                    );
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Edit { file, kind } => match edit_timing::edit_once(&file, &kind) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        Command::TimeEdits { file, times, root } => {
            match edit_timing::time_edits(&root, &file, times, release_freed_memory) {
                Ok(timings) => {
                    for kind in edit_timing::KINDS {
                        let of_kind: Vec<_> =
                            timings.edits.iter().filter(|t| t.kind == kind).collect();
                        let mut times: Vec<_> = of_kind.iter().map(|t| t.elapsed).collect();
                        let Some(median) = edit_timing::median(&mut times) else {
                            continue;
                        };
                        let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1e3);
                        println!(
                            "{kind} edit: median {} ms (fastest {}, slowest {}) over {} edits; {} files rendered, {} changed",
                            ms(median),
                            ms(times[0]),
                            ms(times[times.len() - 1]),
                            times.len(),
                            of_kind[0].rendered,
                            of_kind[0].changed
                        );
                    }
                    if let Some(mib) = timings.resident_mib {
                        println!("resident after the edits: {mib} MiB");
                    }
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
