//! `holonet serve`.

use std::io::IsTerminal;
use std::process::ExitCode;

use super::args::{Site, base_url_arg};
use super::output::{fail, print_report};

/// Serve the site on 127.0.0.1 (with --lan, also to phones on the local network), rebuild
/// what each saved change touches, and reload the open browser tabs.
///
/// The site is built into a working folder of its own, .holonet/serve-N/ (public/ is not
/// touched). A change that breaks the site prints its diagnostics here and shows them over
/// the broken event's pages in this computer's browser only; the last good site keeps being
/// served.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    site: Site,
    /// The port; 0 picks a free one.
    #[arg(long, short, default_value_t = 8000)]
    port: u16,
    /// Serve under this address's path instead of holonet.toml's base_url, such as
    /// https://example.github.io/archive/ (served at http://127.0.0.1:PORT/archive/).
    #[arg(long, value_parser = base_url_arg)]
    base_url: Option<String>,
    /// Open the site in the browser.
    #[arg(long)]
    open: bool,
    /// Also serve on this computer's local network address, for players' phones on the
    /// venue's Wi-Fi: prints the address with a QR code, and a poster to print at
    /// /__holonet/poster/. Anyone on the network can read the site (read-only).
    #[arg(long)]
    lan: bool,
    /// Let players report their own table from their phones: the running round's pairings
    /// page offers each table a form, and each player sends it with the personal code on
    /// their own player card (print the cards from /__holonet/cards/ on this computer; no
    /// other device gets them). A report is recorded when both players' reports agree, or
    /// when you confirm it (type `confirm FILE TABLE` here, or run holonet confirm); a
    /// disagreement is shown here and never applied.
    #[arg(long)]
    self_report: bool,
}

/// What `serve` prints: rebuilds on standard output, diagnostics on standard error.
struct ServeLog;

impl holonet::serve::Log for ServeLog {
    fn info(&self, line: &str) {
        say!("{line}");
    }

    fn report(&self, report: &holonet::diag::Report) {
        print_report(report);
    }
}

/// Serves until interrupted; `release_memory` gives the memory an update freed back to the
/// system (the allocator is the binary's choice).
pub fn run(args: Args, release_memory: fn()) -> ExitCode {
    let options = holonet::serve::Options {
        root: args.site.root,
        port: args.port,
        base_url: args.base_url,
        open: args.open,
        lan: args.lan,
        self_report: args.self_report,
        release_memory,
        terminal_colors: std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    match holonet::serve::serve(&options, std::sync::Arc::new(ServeLog)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}
