//! The Markdown reply to a result or registration reported through a GitHub issue form, posted
//! on the issue by the workflow that ran Holonet: what was recorded, or why nothing was and
//! what to do.
//!
//! GitHub renders a comment as Markdown: a name written `@someone` would ping that account,
//! `[text](address)` would make a link and `<img>` an image. Every text the reply did not write
//! itself (names from the event file, values of the form quoted in a message, diagnostics that
//! show lines of the file) is therefore put in a code block, whose fence is longer than any run
//! of backticks inside, where GitHub shows it as typed and interprets nothing.

use crate::diag::Shown;
use std::path::Path;

use super::issue_form::{
    CORRECTION, CORRECTION_OPTION, DARK_SIDE, FormKind, LATE_ENTRY, LATE_OPTION, PARTNER,
    PLAYER_ID, ROUND, TEAM,
};

/// Most characters quoted in one block. GitHub refuses a comment over 65,536 characters, and a
/// reply quotes at most a few messages and lines of the event file.
const MAX_QUOTED_CHARS: usize = 20_000;

/// The reply once the edit is written: `what` the file now records, in words (quoted, since it
/// holds names), and any `warnings` about it. A result that replaced one already recorded is
/// "Corrected", which the reports workflow reads to mark the correction in its pull request.
pub(crate) fn recorded(
    kind: FormKind,
    corrected: bool,
    file: &Path,
    what: &str,
    warnings: &[String],
) -> String {
    let done = match kind {
        FormKind::Result if corrected => "Corrected",
        FormKind::Result => "Recorded",
        FormKind::Registration => "Registered",
    };
    let mut reply = format!(
        "**{done}** in {}:\n\n{}",
        inline_code(&file.shown().to_string()),
        fenced(what)
    );
    if !warnings.is_empty() {
        let warnings: Vec<String> = warnings.iter().map(|w| format!("warning: {w}")).collect();
        reply.push_str(&format!(
            "\nHolonet adds, for the organizer:\n\n{}",
            fenced(&warnings.join("\n"))
        ));
    }
    reply
}

/// The reply when the form or the edit was refused: Holonet's `message` and `diagnostics` (as
/// the terminal shows them, errors only), what the options they name are in the form, and what
/// to do.
pub(crate) fn refused(kind: FormKind, message: &str, diagnostics: &str) -> String {
    let what = match kind {
        FormKind::Result => "This result",
        FormKind::Registration => "This registration",
    };
    let mut reply = format!(
        "**{what} was not recorded**, and nothing was changed. Holonet says:\n\n{}",
        fenced(&format!("error: {message}"))
    );
    if !diagnostics.trim().is_empty() {
        reply.push_str(&format!(
            "\nHolonet's check of the event file with this change:\n\n{}",
            fenced(diagnostics)
        ));
    }
    let said = format!("{message}\n{diagnostics}");
    let ways = form_ways(kind, &said);
    if !ways.is_empty() {
        reply.push_str("\nIn the form:\n\n");
        for way in ways {
            reply.push_str(&format!("- {way}\n"));
        }
    }
    if said.contains("holonet ") {
        reply.push_str(
            "\nThe `holonet` commands named above are the organizer's: if one must run first, ask the organizer.\n",
        );
    }
    reply.push_str(
        "\n**What to do:** edit this issue (its ⋯ menu, then *Edit*), correct the form and save it: Holonet reads it again. If the form is right as it is, ask the organizer.\n",
    );
    reply
}

/// The reply when the issue's text could not be read at all: the workflow's problem, not the
/// player's.
pub(crate) fn not_read(message: &str) -> String {
    format!(
        "**Holonet could not read this issue**, and nothing was recorded:\n\n{}\nThis is a problem with the repository's workflow, not with the form: the organizer has to look at it.\n",
        fenced(&format!("error: {message}"))
    )
}

/// The form's way of giving each command-line option that `said` names (Holonet's messages are
/// written for the terminal: "pass --replace to correct it").
fn form_ways(kind: FormKind, said: &str) -> Vec<String> {
    let tick = |option: &str, field: &str| format!("tick **{option}** under **{field}**");
    let fill = |field: &str| format!("fill in **{field}**");
    let options: Vec<(&str, String)> = match kind {
        FormKind::Result => vec![
            ("--replace", tick(CORRECTION_OPTION, CORRECTION)),
            (
                "--dark",
                format!("{} with the player's id or name", fill(DARK_SIDE)),
            ),
            ("--round", fill(ROUND)),
            (
                "--timed",
                "a game that went to time is reported by the organizer: ask them".to_string(),
            ),
        ],
        FormKind::Registration => vec![
            ("--late", tick(LATE_OPTION, LATE_ENTRY)),
            (
                "--id",
                format!(
                    "{} with the id suggested above, or empty it if the id you gave is not yours (Holonet then makes one from your name); if it is yours, write your name as on your player page, or ask the organizer",
                    fill(PLAYER_ID)
                ),
            ),
            ("--team", fill(TEAM)),
            ("--with", fill(PARTNER)),
        ],
    };
    options
        .into_iter()
        .filter(|(option, _)| names_option(said, option))
        .map(|(option, way)| format!("`{option}`: {way}"))
        .collect()
}

/// Whether `text` names `option` as a whole word (`--id` is not in `--identity`).
fn names_option(text: &str, option: &str) -> bool {
    text.match_indices(option).any(|(at, _)| {
        !text[at + option.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    })
}

/// `text` as a code block GitHub shows as typed: its fence is longer than any run of backticks
/// in it, so nothing inside can close it; control characters (but line breaks and tabs) are
/// replaced, and a text longer than [`MAX_QUOTED_CHARS`] is cut.
fn fenced(text: &str) -> String {
    let mut quoted: String = text
        .trim_end()
        .chars()
        .take(MAX_QUOTED_CHARS)
        .map(|c| {
            if c.is_control() && !matches!(c, '\n' | '\t') {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect();
    if text.trim_end().chars().count() > MAX_QUOTED_CHARS {
        quoted.push_str("\n… (cut here: the workflow's log has the rest)");
    }
    let fence = "`".repeat(longest_backtick_run(&quoted).max(2) + 1);
    format!("{fence}text\n{quoted}\n{fence}\n")
}

/// `text` (one line) as inline code, with the same guard as [`fenced`].
fn inline_code(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let ticks = "`".repeat(longest_backtick_run(&line) + 1);
    // A code span's content that starts or ends with a backtick needs a space beside the fence.
    let pad = if line.starts_with('`') || line.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{line}{pad}{ticks}")
}

fn longest_backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fence_outlasts_every_backtick_run_inside() {
        assert_eq!(fenced("Tom Kessel"), "```text\nTom Kessel\n```\n");
        assert_eq!(
            fenced("a ```` b\n```\n"),
            "`````text\na ```` b\n```\n`````\n"
        );
        assert_eq!(fenced("\u{1b}[2J"), "```text\n\u{fffd}[2J\n```\n");
        let long = fenced(&"x".repeat(MAX_QUOTED_CHARS + 5));
        assert!(long.contains("\n… (cut here"), "{long}");
        assert_eq!(inline_code("events/a.toml"), "`events/a.toml`");
        assert_eq!(inline_code("`x``"), "``` `x`` ```");
    }

    #[test]
    fn a_recorded_result_quotes_what_it_says_and_tells_what_follows() {
        let reply = recorded(
            FormKind::Result,
            false,
            Path::new("events/2026/spring-open.toml"),
            "Table 2 of round 3: @tom <b>Kessel</b> 2–0 Nadia Ray.",
            &[],
        );
        assert_eq!(
            reply,
            "**Recorded** in `events/2026/spring-open.toml`:\n\n```text\nTable 2 of round 3: @tom <b>Kessel</b> 2–0 Nadia Ray.\n```\n"
        );
        let warned = recorded(
            FormKind::Registration,
            false,
            Path::new("events/a.toml"),
            "Registered Ann (id ann) as player 1 in events/a.toml.",
            &["the differential is capped".into()],
        );
        assert!(
            warned.starts_with("**Registered** in `events/a.toml`:")
                && warned.contains("```text\nwarning: the differential is capped\n```"),
            "{warned}"
        );
    }

    #[test]
    fn a_refusal_quotes_the_message_and_says_what_the_options_are_in_the_form() {
        let reply = refused(
            FormKind::Result,
            "table 2 of round 3 already has a result (games = [\"tom\", \"tom\"]); pass --replace to correct it",
            "",
        );
        assert_eq!(
            reply,
            "**This result was not recorded**, and nothing was changed. Holonet says:\n\n```text\nerror: table 2 of round 3 already has a result (games = [\"tom\", \"tom\"]); pass --replace to correct it\n```\n\nIn the form:\n\n- `--replace`: tick **This corrects a result already recorded** under **Correction**\n\n**What to do:** edit this issue (its ⋯ menu, then *Edit*), correct the form and save it: Holonet reads it again. If the form is right as it is, ask the organizer.\n"
        );
        let late = refused(
            FormKind::Registration,
            "round 1 of events/a.toml is already paired, so a player registered now is a late entry from round 2 (round 1 counts as an unpaired loss); add --late to register them so",
            "error[H001]: x\n",
        );
        assert!(
            late.contains("- `--late`: tick **I know rounds have started and enter late** under **Late entry**\n")
                && late.contains("Holonet's check of the event file with this change:\n\n```text\nerror[H001]: x\n```\n")
                && !late.contains("--id"),
            "{late}"
        );
        let pair = refused(
            FormKind::Result,
            "every table of round 2 has its result; run holonet pair for the next round",
            "",
        );
        assert!(pair.contains("are the organizer's"), "{pair}");
        assert!(names_option("pass --id, such as", "--id"));
        assert!(!names_option("--identity", "--id"));
    }
}
