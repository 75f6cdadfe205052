//! `holonet completions`.

use std::process::ExitCode;

/// Print a shell completion script: `holonet completions bash > ~/.local/share/bash-completion/completions/holonet`.
#[derive(clap::Args)]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: clap_complete::Shell,
}

/// Prints the script completing `command`, the whole command line's definition.
pub fn run(args: Args, command: &mut clap::Command) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, command, "holonet", &mut script);
    // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
    match std::io::Write::write_all(&mut std::io::stdout(), &script) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the completion script: {e}");
            ExitCode::FAILURE
        }
    }
}
