//! `holonet serve --self-report`: players report their own table from their phones, on the
//! venue's network, with no account, no internet and no script needed.
//!
//! - The running round's pairings page gets a form for each table still missing its result:
//!   who is reporting, the result, and the table's code (see [`crate::edit::self_report`]).
//! - The slips page, printed from this computer, carries each table's code; every other
//!   client gets the slips as built, without codes.
//! - `POST __holonet/report` is the one address that takes a request with a body. Each report
//!   goes to [`self_report::submit`], which checks it and records it through the edit
//!   transaction once both players agree. The phone is answered with a page saying what became
//!   of its report, and the organizer's terminal is told.
//! - Each phone (each address on the network) may send [`REPORTS_PER_ROUND`] reports and get
//!   [`WRONG_CODES_PER_ROUND`] codes wrong in a round; past that its reports are refused until
//!   the next round, so no one can try codes until one fits. This computer is not limited.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::Log;
use crate::edit::self_report::{
    self, Choices, OpenStep, OpenTable, Stage, Submission, Taken, printed_code, table_code,
};
use crate::event::Event;
use crate::input_key::Secret;
use crate::rules::computed::Computed;
use crate::site::Site;
use crate::site::addresses::{event_path_of, pairings_path, slips_path};
use crate::site::escape::html;

/// The address the forms post to, under the server's own prefix.
pub(crate) const REPORT_ADDRESS: &str = "report";

/// The forms' stylesheet, under the server's own prefix.
pub(crate) const STYLE_ADDRESS: &str = "self-report.css";

/// Reports one phone may send in one round: a player sends one or two, a shared tablet at the
/// venue a table's worth.
pub const REPORTS_PER_ROUND: u32 = 30;

/// Wrong codes one phone may send in one round: enough for typos, far too few to guess one.
pub const WRONG_CODES_PER_ROUND: u32 = 5;

/// The most a report's body may take: a form of a few short fields.
pub(crate) const BODY_LIMIT: usize = 4096;

/// The desk that takes the players' reports for the site at `root`.
pub(crate) struct Desk {
    root: PathBuf,
    secret: Secret,
    log: Arc<dyn Log>,
    /// What each phone has sent, by round of each event.
    counts: Mutex<HashMap<(IpAddr, PathBuf, Stage, u32), Count>>,
}

#[derive(Default)]
struct Count {
    sent: u32,
    wrong_codes: u32,
}

/// The answer to a report: its HTTP status and the page the phone shows.
pub(crate) struct Answer {
    pub(crate) status: &'static str,
    pub(crate) page: String,
}

/// The fields a report's form sends.
struct Form {
    event: PathBuf,
    stage: Stage,
    number: u32,
    table: u32,
    player: String,
    result: String,
    code: String,
}

impl Desk {
    pub(crate) fn new(root: &Path, log: Arc<dyn Log>) -> Desk {
        Desk {
            root: root.to_path_buf(),
            secret: Secret::of_site(root),
            log,
            counts: Mutex::new(HashMap::new()),
        }
    }

    /// Takes the report in `body` (a form, URL-encoded) from `client` (`own`: this computer).
    /// `pairings` gives the pairings page of an event file, for the link back.
    pub(crate) fn take(
        &self,
        client: IpAddr,
        own: bool,
        body: &[u8],
        base_path: &str,
        pairings: impl Fn(&Path) -> Option<String>,
    ) -> Answer {
        let Some(form) = read_form(body) else {
            return answer(
                "400 Bad Request",
                base_path,
                "Nothing was recorded",
                "The form did not arrive whole. Open the pairings page again and send it from there.",
                None,
            );
        };
        let back = pairings(&form.event);
        let key = (client, form.event.clone(), form.stage, form.number);
        if !own {
            let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
            let count = counts.entry(key.clone()).or_default();
            if count.sent >= REPORTS_PER_ROUND || count.wrong_codes >= WRONG_CODES_PER_ROUND {
                self.log.info(&format!(
                    "Self-report refused: {client} sent too many reports (or wrong codes) for {} of {}",
                    form.stage.name(),
                    form.event.display()
                ));
                return answer(
                    "429 Too Many Requests",
                    base_path,
                    "Nothing was recorded",
                    "This phone has sent too many reports, or wrong codes, this round. Hand your result slip to the organizer.",
                    back.as_deref(),
                );
            }
            count.sent += 1;
        }
        let sent = Submission {
            event: &form.event,
            stage: form.stage,
            number: form.number,
            table: form.table,
            player: &form.player,
            result: &form.result,
            code: &form.code,
        };
        let place = format!(
            "table {} of {} {} ({})",
            form.table,
            form.stage.name(),
            form.number,
            form.event.display()
        );
        match self_report::submit(&self.root, &self.secret, &sent) {
            Err(refusal) => {
                if refusal.wrong_code && !own {
                    let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
                    counts.entry(key).or_default().wrong_codes += 1;
                }
                self.log.info(&format!(
                    "Self-report for {place} refused: {}",
                    refusal.message
                ));
                let status = if refusal.wrong_code {
                    "403 Forbidden"
                } else {
                    "409 Conflict"
                };
                answer(
                    status,
                    base_path,
                    "Nothing was recorded",
                    &format!("{}.", crate::event::ids::capitalized(&refusal.message)),
                    back.as_deref(),
                )
            }
            Ok(Taken::Recorded(words)) => {
                self.log.info(&format!(
                    "Self-report: both players of {place} agree; recorded: {words}"
                ));
                answer(
                    "200 OK",
                    base_path,
                    "Recorded",
                    &format!("Both players agree: {words}. Thank you!"),
                    back.as_deref(),
                )
            }
            Ok(Taken::Waiting {
                words,
                reporter,
                other,
            }) => {
                self.log.info(&format!(
                    "Self-report for {place}: {reporter} reported \"{words}\"; waiting for {other} (to record it now: confirm {} {})",
                    form.event.display(),
                    form.table
                ));
                answer(
                    "200 OK",
                    base_path,
                    "Sent",
                    &format!(
                        "Your result, {words}, is recorded as soon as {other} sends the same, or the organizer confirms it."
                    ),
                    back.as_deref(),
                )
            }
            Ok(Taken::Disagreement {
                words,
                reporter,
                other,
                theirs,
            }) => {
                self.log.info(&format!(
                    "Self-report for {place}: the players disagree: {reporter} reported \"{words}\", {other} reported \"{theirs}\"; settle it with confirm {} {} --player ID, or holonet report",
                    form.event.display(),
                    form.table
                ));
                answer(
                    "200 OK",
                    base_path,
                    "Sent to the organizer",
                    &format!(
                        "You reported {words}; {other} reported {theirs}. Nothing is recorded until the organizer decides: go and see them."
                    ),
                    back.as_deref(),
                )
            }
        }
    }

    /// The slips page `file` with each table's code on its slip, when it is the slips page of
    /// an event whose round takes reports; `None` otherwise (the page is served as built).
    pub(crate) fn with_codes(&self, site: &Site, file: &str, page: &[u8]) -> Option<Vec<u8>> {
        let (event, _, step) = open_event(site, file, slips_path)?;
        let mut text = String::from_utf8_lossy(page).into_owned();
        for table in step.tables.iter().filter(|t| !t.reported) {
            let code = table_code(
                &self.secret,
                &event.file,
                step.stage,
                step.number,
                table.number,
            );
            let Some(slip) = text.find(&format!("data-table=\"{}\"", table.number)) else {
                continue;
            };
            let Some(head_end) = text[slip..]
                .find("</h2>")
                .map(|at| slip + at + "</h2>".len())
            else {
                continue;
            };
            text.insert_str(
                head_end,
                &format!(
                    "\n  <p class=\"slip-code\">To report from a phone: this table's code <strong>{}</strong></p>",
                    printed_code(&code)
                ),
            );
        }
        Some(text.into_bytes())
    }
}

/// The pairings page `file` with a report form for each table still missing its result, when
/// it is the pairings page of an event whose round takes reports; `None` otherwise.
pub(crate) fn with_forms(site: &Site, file: &str, page: &[u8], base_path: &str) -> Option<Vec<u8>> {
    let (event, computed, step) = open_event(site, file, pairings_path)?;
    let open: Vec<&OpenTable> = step.tables.iter().filter(|t| !t.reported).collect();
    if open.is_empty() {
        return None;
    }
    let mut section = format!(
        "<section class=\"self-report\" aria-labelledby=\"self-report\">\n<link rel=\"stylesheet\" href=\"{base_path}{own}{STYLE_ADDRESS}\">\n<h2 id=\"self-report\">Report your result</h2>\n<p>Each player sends the result from their own phone, with the code printed on the table's result slip. It is recorded once both reports agree; if they differ, the organizer decides.</p>\n",
        own = super::OWN
    );
    for table in open {
        section.push_str(&form(&event, &computed, &step, table, base_path));
    }
    section.push_str("</section>\n");
    let text = String::from_utf8_lossy(page);
    let at = text.rfind("</article>")?;
    Some(format!("{}{section}{}", &text[..at], &text[at..]).into_bytes())
}

/// The event whose page `path_of` gives the folder of `file`, with its step taking reports.
fn open_event(
    site: &Site,
    file: &str,
    path_of: fn(&Event) -> String,
) -> Option<(Event, Computed, OpenStep)> {
    let folder = file.strip_suffix("index.html")?;
    // Only an event whose pages are under the folder is opened.
    let (event, computed) = site
        .events
        .iter()
        .filter(|held| folder.starts_with(&event_path_of(&held.slug)))
        .map(|held| held.open())
        .find(|(event, _)| path_of(event) == folder)?;
    let step = self_report::open_step(&event)?;
    Some((event, computed, step))
}

/// The form of one table.
fn form(
    event: &Event,
    computed: &Computed,
    step: &OpenStep,
    table: &OpenTable,
    base_path: &str,
) -> String {
    let n = table.number;
    let name = |p: usize| html(&event.players[p].name);
    let id = |p: usize| html(&event.players[p].id);
    let mut out = format!(
        "<details class=\"self-report-table\" id=\"report-{n}\"><summary>Table {n}: {} v {}</summary>\n<form method=\"post\" action=\"{base_path}{own}{REPORT_ADDRESS}\" class=\"self-report-form\">\n<input type=\"hidden\" name=\"event\" value=\"{}\"><input type=\"hidden\" name=\"stage\" value=\"{}\"><input type=\"hidden\" name=\"number\" value=\"{}\"><input type=\"hidden\" name=\"table\" value=\"{n}\">\n<fieldset><legend>I am</legend>\n",
        name(table.players[0]),
        name(table.players[1]),
        html(&event.file.to_string_lossy()),
        step.stage.name(),
        step.number,
        own = super::OWN
    );
    for (i, &p) in table.players.iter().enumerate() {
        let required = if i == 0 { " required" } else { "" };
        out.push_str(&format!(
            "<label><input type=\"radio\" name=\"player\" value=\"{}\"{required}> {}</label>\n",
            id(p),
            name(p)
        ));
    }
    out.push_str("</fieldset>\n");
    match self_report::choices(event, computed, table) {
        Choices::Match(scores) => {
            out.push_str("<fieldset><legend>Result</legend>\n");
            for (i, (value, words)) in scores.iter().enumerate() {
                let required = if i == 0 { " required" } else { "" };
                out.push_str(&format!(
                    "<label><input type=\"radio\" name=\"result\" value=\"{value}\"{required}> {}</label>\n",
                    html(words)
                ));
            }
            out.push_str("</fieldset>\n");
        }
        Choices::Game {
            differential_optional,
        } => {
            out.push_str("<fieldset><legend>Winner</legend>\n");
            for (i, (&p, side)) in table.players.iter().zip(["dark", "light"]).enumerate() {
                let required = if i == 0 { " required" } else { "" };
                out.push_str(&format!(
                    "<label><input type=\"radio\" name=\"winner\" value=\"{}\"{required}> {} ({side})</label>\n",
                    id(p),
                    name(p)
                ));
            }
            out.push_str("</fieldset>\n");
            let (required, hint) = if differential_optional {
                ("", " (if it was kept)")
            } else {
                (" required", "")
            };
            out.push_str(&format!(
                "<p class=\"self-report-field\"><label for=\"report-{n}-differential\">Differential{hint}</label> <input id=\"report-{n}-differential\" name=\"differential\" inputmode=\"numeric\" pattern=\"[0-9]{{1,2}}\" maxlength=\"2\" autocomplete=\"off\"{required}></p>\n"
            ));
        }
    }
    out.push_str(&format!(
        "<p class=\"self-report-field\"><label for=\"report-{n}-code\">Code on your table's slip</label> <input id=\"report-{n}-code\" name=\"code\" required maxlength=\"12\" autocomplete=\"off\" autocapitalize=\"characters\" spellcheck=\"false\"></p>\n<p><button type=\"submit\">Send the result of table {n}</button></p>\n</form>\n</details>\n"
    ));
    out
}

/// The fields of a URL-encoded form, or `None` when one it needs is missing or malformed.
fn read_form(body: &[u8]) -> Option<Form> {
    let text = std::str::from_utf8(body).ok()?;
    let mut fields: HashMap<String, String> = HashMap::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        fields.insert(form_decode(key)?, form_decode(value)?);
    }
    let field = |key: &str| fields.get(key).map(|v| v.trim().to_string());
    let result = match field("result").filter(|r| !r.is_empty()) {
        Some(result) => result,
        None => self_report::game_result(
            &field("winner").filter(|w| !w.is_empty())?,
            &field("differential").unwrap_or_default(),
        ),
    };
    Some(Form {
        event: PathBuf::from(field("event").filter(|e| !e.is_empty())?),
        stage: Stage::from_name(&field("stage")?)?,
        number: field("number")?.parse().ok()?,
        table: field("table")?.parse().ok()?,
        player: field("player").filter(|p| !p.is_empty())?,
        result,
        code: field("code")?,
    })
}

/// One URL-encoded form value: `+` is a space, `%XX` a byte; `None` for a malformed escape or
/// text that is not UTF-8.
fn form_decode(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = value.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The page a phone is shown after sending a report.
fn answer(
    status: &'static str,
    base_path: &str,
    title: &str,
    message: &str,
    back: Option<&str>,
) -> Answer {
    let back = match back {
        Some(path) => format!(
            "<p><a href=\"{base_path}{}\">Back to the pairings</a></p>",
            html(path)
        ),
        None => format!("<p><a href=\"{base_path}\">Back to the site</a></p>"),
    };
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title><link rel=\"stylesheet\" href=\"{base_path}{own}{STYLE_ADDRESS}\"></head><body class=\"self-report-answer\"><main><h1>{title}</h1><p>{}</p>{back}</main></body></html>\n",
        html(message),
        own = super::OWN
    );
    Answer { status, page }
}

/// The forms' and answers' looks: inside the site's own page style, touch-sized choices.
pub(crate) const STYLE: &str = "\
.self-report{margin:2rem 0;padding-top:1rem;border-top:1px solid currentColor}
.self-report-table{margin:.75rem 0;border:1px solid #8888;border-radius:.4rem;padding:.25rem .75rem}
.self-report-table summary{cursor:pointer;padding:.6rem 0;font-weight:600}
.self-report-form fieldset{border:0;margin:.5rem 0;padding:0}
.self-report-form legend{font-weight:600;padding:0}
.self-report-form label{display:block;padding:.45rem 0;min-height:1.5rem}
.self-report-field label{display:inline}
.self-report-form input[type=radio]{width:1.2rem;height:1.2rem;vertical-align:middle;margin-right:.4rem}
.self-report-form input:not([type]),.self-report-form input[name]:not([type=radio]):not([type=hidden]){font:inherit;font-size:1.1rem;padding:.4rem;width:9rem;letter-spacing:.1em}
.self-report-form button{font:inherit;font-weight:600;padding:.6rem 1rem;border-radius:.4rem;border:2px solid currentColor;background:transparent;color:inherit;cursor:pointer}
.self-report-answer{font:1.1rem/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;max-width:36rem}
@media (prefers-color-scheme:dark){.self-report-answer{background:#15161a;color:#eee}.self-report-answer a{color:#9cf}}
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_is_read_with_its_escapes() {
        let form = read_form(
            b"event=events%2F2026%2Fday.toml&stage=round&number=2&table=3&player=ann&result=2-0&code=km7+pqx",
        )
        .expect("a whole form");
        assert_eq!(form.event, Path::new("events/2026/day.toml"));
        assert_eq!((form.stage, form.number, form.table), (Stage::Round, 2, 3));
        assert_eq!(form.result, "2-0");
        assert_eq!(form.code, "km7 pqx");
        let game = read_form(
            b"event=e.toml&stage=game&number=1&table=1&player=bo&winner=bo&differential=12&code=X",
        )
        .expect("a whole form");
        assert_eq!(game.result, "bo+12");
        assert!(read_form(b"event=e.toml&stage=round&number=1&table=1&code=X").is_none());
        assert!(
            read_form(b"event=e.toml&stage=lunch&number=1&table=1&player=a&result=2-0&code=X")
                .is_none()
        );
        assert!(form_decode("%zz").is_none());
    }
}
