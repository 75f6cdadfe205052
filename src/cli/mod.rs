//! The `holonet` command's verbs, one file each: its arguments (clap's derive, the help text
//! in their doc comments) and a `run` that calls the library and prints how it went. The
//! decisions are the library's; a verb only turns them into lines and an exit code.

/// `println!` through [`output::write_out`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write_out(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` through [`output::write_out`].
macro_rules! out_part {
    ($($arg:tt)*) => {
        $crate::cli::output::write_out(&format!($($arg)*))
    };
}

/// A line saying what a command did, on standard output; `--quiet` leaves it out.
macro_rules! say {
    ($($arg:tt)*) => {
        if $crate::cli::output::verbosity() != $crate::cli::output::Verbosity::Quiet {
            out!($($arg)*);
        }
    };
}

pub mod args;
pub mod output;

pub mod audit;
pub mod build;
pub mod check;
pub mod close;
pub mod completions;
pub mod confirm;
pub mod customize;
pub mod drop;
pub mod from_issue;
pub mod game;
pub mod import;
pub mod init;
pub mod new;
pub mod pair;
pub mod register;
pub mod report;
pub mod serve;
pub mod session;
pub mod standings;
pub mod status;
pub mod unpair;
