//! The `holonet` command: parses arguments and hands each verb to its file in `cli/`, which
//! calls the library and prints. Everything it decides is reachable from the library for tests.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod cli;

/// mimalloc rather than the system allocator: a build allocates and frees millions of small
/// strings and template values across threads, and a `serve` session keeps the whole output in
/// memory, where glibc's allocator spends much of an update walking its free lists.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Gives the memory mimalloc holds freed back to the system. mimalloc keeps freed pages to
/// reuse them, so a `serve` update, which frees about as much as the loaded site takes, would
/// leave the process that much bigger until later allocations happened to purge them.
fn release_freed_memory() {
    // SAFETY: `mi_collect` takes no pointers and may be called from any thread at any time.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

/// Static sites for Star Wars card game tournaments: pairings, standings and results from one
/// TOML file per event.
#[derive(Parser)]
#[command(name = "holonet", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print only errors (and what a command must print, such as `check --format json`).
    #[arg(long, short, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Print what each stage did and how long it took.
    #[arg(long, short, global = true)]
    verbose: bool,
}

/// The verbs, in the order `holonet --help` lists them; each one's help is its `Args`' doc.
#[derive(Subcommand)]
enum Command {
    Build(cli::build::Args),
    Serve(cli::serve::Args),
    Check(cli::check::Args),
    Customize(cli::customize::Args),
    Init(cli::init::Args),
    Pair(cli::pair::Args),
    Report(cli::report::Args),
    Completions(cli::completions::Args),
    Audit(cli::audit::Args),
    Confirm(cli::confirm::Args),
    Status(cli::status::Args),
    Standings(cli::standings::Args),
    Register(cli::register::Args),
    Drop(cli::drop::Args),
    Game(cli::game::Args),
    Session(cli::session::Args),
    Close(cli::close::Args),
    Unpair(cli::unpair::Args),
    Import(cli::import::Args),
    New(cli::new::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::output::set_verbosity(cli.quiet, cli.verbose);
    match cli.command {
        Command::Build(args) => cli::build::run(args),
        Command::Serve(args) => cli::serve::run(args, release_freed_memory),
        Command::Check(args) => cli::check::run(args),
        Command::Customize(args) => cli::customize::run(args),
        Command::Init(args) => cli::init::run(args),
        Command::Pair(args) => cli::pair::run(args),
        Command::Report(args) => cli::report::run(args),
        Command::Completions(args) => cli::completions::run(args, &mut Cli::command()),
        Command::Audit(args) => cli::audit::run(args),
        Command::Confirm(args) => cli::confirm::run(args),
        Command::Status(args) => cli::status::run(args),
        Command::Standings(args) => cli::standings::run(args),
        Command::Register(args) => cli::register::run(args),
        Command::Drop(args) => cli::drop::run(args),
        Command::Game(args) => cli::game::run(args),
        Command::Session(args) => cli::session::run(args),
        Command::Close(args) => cli::close::run(args),
        Command::Unpair(args) => cli::unpair::run(args),
        Command::Import(args) => cli::import::run(args),
        Command::New(args) => cli::new::run(args),
    }
}
