//! `holonet customize`.

use std::process::ExitCode;

use holonet::scaffold;

use super::args::Site;
use super::output::fail;

/// Copy built-in templates or static files into the site, to change them there.
///
/// A new site holds none: its pages use the templates and static files built into Holonet,
/// so each release's fixes reach it. To change one, copy it: holonet customize
/// templates/event.html (or event.html alone) writes the site's own templates/event.html,
/// which replaces the built-in one from then on. Its first line names the built-in file and
/// its fingerprint, and holonet check warns when a later release's built-in differs. A file
/// the site already has is never overwritten.
#[derive(clap::Args)]
pub struct Args {
    /// The built-in files to copy, such as templates/event.html or static/style.css.
    #[arg(required_unless_present_any = ["list", "fields"])]
    files: Vec<String>,
    /// List the built-in templates and static files, and which the site has its own of.
    #[arg(long, conflicts_with_all = ["show", "fields"])]
    list: bool,
    /// Print the fields the templates named (or every template) are given in this site, with
    /// the fields' version: what a copy may use.
    #[arg(long, conflicts_with = "show")]
    fields: bool,
    /// Print this release's built-in file instead of copying it (to compare with the
    /// site's own).
    #[arg(long)]
    show: bool,
    #[command(flatten)]
    site: Site,
}

pub fn run(args: Args) -> ExitCode {
    if args.show {
        let shown = args
            .files
            .iter()
            .map(|name| scaffold::show_look(name))
            .collect::<Result<Vec<&str>, String>>();
        return match shown {
            // The built-in file itself is what the command prints, even with --quiet.
            Ok(texts) => {
                out!("{}", texts.concat().trim_end());
                ExitCode::SUCCESS
            }
            Err(message) => fail(&message),
        };
    }
    if args.fields {
        // The fields are what the command prints, even with --quiet.
        return match scaffold::fields_of(&args.site.root, &args.files) {
            Ok(text) => {
                out!("{}", text.trim_end());
                ExitCode::SUCCESS
            }
            Err(message) => fail(&message),
        };
    }
    let done = if args.list {
        Ok(scaffold::list_look(&args.site.root))
    } else {
        scaffold::customize(&args.site.root, &args.files)
    };
    match done {
        Ok(text) => {
            say!("{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}
