//! `holonet serve --self-report`: players report their own table from their phones, on the
//! venue's network, with no account, no internet and no script needed.
//!
//! - Each player proves who they are with the personal code on their player card (see
//!   [`crate::edit::self_report`]). The cards page, `__holonet/cards/`, is served to this
//!   computer only, to print once and hand out; every other client, and any request naming a
//!   host that is not this server's (see `serve.rs`), gets no code at all.
//! - The running round's pairings page gets a form for each table still missing its result:
//!   who is reporting, the result, and their code.
//! - `POST __holonet/report` is the one address that takes a request with a body. A report must
//!   name an event file exactly as the site knows it (as the form writes it); anything else is
//!   refused before anything is counted or read. It then goes to [`self_report::claim`] and
//!   [`self_report::Claim::take`], which check it and record it through the edit transaction
//!   once both players agree. The phone is answered with a page saying what became of its
//!   report, and the organizer's terminal is told, every value from the network shown with its
//!   control characters escaped.
//! - What each device and each player may send is counted in [`report_guard`]: no number of
//!   devices can guess a code, and nothing a device sends grows the server's memory or the
//!   terminal's output without bound.

use crate::diag::Shown;
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::Log;
use super::report_guard::{self, Guard, Over};
use crate::edit::self_report::{
    self, Choices, OpenStep, OpenTable, Stage, Submission, Taken, player_code, printed_code,
};
use crate::event::Event;
use crate::input_key::Secret;
use crate::rules::computed::{Computed, Status};
use crate::site::Site;
use crate::site::addresses::{event_path_of, pairings_path};
use crate::site::escape::html;

/// The address the forms post to, under the server's own prefix.
pub(crate) const REPORT_ADDRESS: &str = "report";

/// The forms' stylesheet, under the server's own prefix.
pub(crate) const STYLE_ADDRESS: &str = "self-report.css";

/// The players' cards with their codes, under the server's own prefix (this computer only).
pub(crate) const CARDS_ADDRESS: &str = "cards/";

/// The most a report's body may take: a form of a few short fields.
pub(crate) const BODY_LIMIT: usize = 4096;

/// The most of a value from the network shown in the terminal.
const SHOWN_LIMIT: usize = 80;

/// The desk that takes the players' reports for the site at `root`.
pub(crate) struct Desk {
    root: PathBuf,
    secret: Secret,
    log: Arc<dyn Log>,
    guard: Mutex<Guard>,
}

/// An event the site serves, as a report names it: its file as the event knows it, and its
/// pairings page (for the link back).
pub(crate) struct Served {
    pub(crate) file: PathBuf,
    pub(crate) pairings: String,
}

/// The answer to a report: its HTTP status, and what the phone is told.
pub(crate) struct Answer {
    pub(crate) status: &'static str,
    title: &'static str,
    message: String,
    /// The link back: the event's pairings page, else the site's home page.
    back: String,
}

/// The fields a report's form sends.
struct Form {
    event: String,
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
            guard: Mutex::new(Guard::default()),
        }
    }

    fn guard(&self) -> std::sync::MutexGuard<'_, Guard> {
        self.guard.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Tells the organizer's terminal `line`, its control characters escaped.
    fn say(&self, line: &str) {
        self.log.info(&terminal_safe(line));
    }

    /// Tells the terminal of a report refused from `client`: at most a line a second per
    /// device, with the count of those left out.
    fn say_refused(&self, client: IpAddr, line: &str) {
        let told = self.guard().may_say(client, Instant::now());
        match told {
            None => {}
            Some(0) => self.say(line),
            Some(n) => self.say(&format!(
                "{line} ({n} more refused from {client} not shown)"
            )),
        }
    }

    /// Takes the report in `body` (a form, URL-encoded) from `client` (`own`: this computer).
    /// `served` finds the event a form names, when the site has it.
    pub(crate) fn take(
        &self,
        client: IpAddr,
        own: bool,
        body: &[u8],
        base_path: &str,
        served: impl Fn(&str) -> Option<Served>,
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
        let Some(event) = served(&form.event) else {
            self.say_refused(
                client,
                &format!(
                    "Self-report refused: {client} named an event this site does not have ({})",
                    shown(&form.event)
                ),
            );
            return answer(
                "409 Conflict",
                base_path,
                "Nothing was recorded",
                "This site has no event taking reports at that address. Open the pairings page again and send the form from there.",
                None,
            );
        };
        let back = Some(event.pairings.as_str());
        let device = (!own).then_some(client);
        let refused_here = |why: &str| {
            answer(
                "429 Too Many Requests",
                base_path,
                "Nothing was recorded",
                why,
                back,
            )
        };
        // The device has had its share of this event's round: told once a second at most.
        let device_over = || {
            self.say_refused(
                client,
                &format!(
                    "Self-report refused: {client} sent too many reports (or wrong codes) for {}",
                    event.file.shown()
                ),
            );
            refused_here(
                "This phone has sent too many reports, or wrong codes, this round. Hand your result slip to the organizer.",
            )
        };
        if device.is_some_and(|d| {
            self.guard()
                .device_over(d, &event.file, (form.stage, form.number))
        }) {
            return device_over();
        }
        let sent = Submission {
            event: &event.file,
            stage: form.stage,
            number: form.number,
            table: form.table,
            player: &form.player,
            result: &form.result,
            code: &form.code,
        };
        let place = format!(
            "table {} of {} ({})",
            form.table,
            form.stage.title(form.number),
            event.file.shown()
        );
        let claimed = self_report::claim(&self.root, &sent);
        if let Some(device) = device {
            let step = claimed.as_ref().ok().map(|claim| claim.step());
            if !self.guard().count_report(device, &event.file, step) {
                return device_over();
            }
        }
        let claim = match claimed {
            Ok(claim) => claim,
            Err(refusal) => return self.refused(client, &place, &refusal, base_path, back),
        };
        let (step, player) = (claim.step(), claim.player_id().to_string());
        let started = self
            .guard()
            .start_code_check(device, &event.file, step, &player);
        match started {
            Ok(()) => {}
            Err(Over::Device) => return device_over(),
            Err(Over::Player) => {
                self.say_refused(
                    client,
                    &format!(
                        "Self-report for {place} refused: too many wrong codes were sent in the name of {} this round",
                        claim.player_name()
                    ),
                );
                return refused_here(&format!(
                    "Too many wrong codes were sent in the name of {} this round, so this table's result is taken by the organizer. Hand your result slip to them.",
                    claim.player_name()
                ));
            }
        }
        let name = claim.player_name().to_string();
        let device_name = device.map(|d| d.to_string());
        let taken = claim.take(&self.root, &self.secret, &sent, device_name.as_deref());
        let wrong = taken.as_ref().is_err_and(|refusal| refusal.wrong_code);
        let reached = self
            .guard()
            .end_code_check(device, &event.file, step, &player, wrong);
        if reached {
            self.say(&format!(
                "Self-report: {} wrong codes were sent in the name of {name} for {place}; reports in their name are refused for the rest of {}: record that table with holonet report",
                report_guard::WRONG_CODES_PER_PLAYER,
                step.0.title(step.1)
            ));
        }
        match taken {
            Err(refusal) => self.refused(client, &place, &refusal, base_path, back),
            Ok(taken) => self.answer_taken(
                taken,
                &place,
                (&event.file, form.table),
                client,
                base_path,
                back,
            ),
        }
    }

    /// The answer to a report taken (recorded, or waiting for the other player or for the
    /// organizer), told in the terminal too, at `table` of the event file `file`.
    fn answer_taken(
        &self,
        taken: Taken,
        place: &str,
        (file, table): (&Path, u32),
        client: IpAddr,
        base_path: &str,
        back: Option<&str>,
    ) -> Answer {
        match taken {
            Taken::Recorded(words) => {
                self.say(&format!(
                    "Self-report: both players of {place} agree; recorded: {words}"
                ));
                answer(
                    "200 OK",
                    base_path,
                    "Recorded",
                    &format!("Both players agree: {words}. Thank you!"),
                    back,
                )
            }
            Taken::Waiting {
                words,
                reporter,
                other,
            } => {
                self.say(&format!(
                "Self-report for {place}: {reporter} reported \"{words}\"; waiting for {other} (to record it now: confirm {} {})",
                file.shown(),
                table
            ));
                answer(
                    "200 OK",
                    base_path,
                    "Sent",
                    &format!(
                        "Your result, {words}, is recorded as soon as {other} sends the same, or the organizer confirms it."
                    ),
                    back,
                )
            }
            Taken::OneDevice { words, other } => {
                self.say(&format!(
                "Self-report for {place}: both players' reports (\"{words}\") came from one device, {client}; one person may hold both cards, so it is recorded once you confirm it: confirm {} {}",
                file.shown(),
                table
            ));
                answer(
                    "200 OK",
                    base_path,
                    "Sent to the organizer",
                    &format!(
                        "Both reports of this table came from this one phone, so the organizer confirms the result ({words}) before it is recorded. {other} can also send theirs from their own phone."
                    ),
                    back,
                )
            }
            Taken::Disagreement {
                words,
                reporter,
                other,
                theirs,
            } => {
                self.say(&format!(
                "Self-report for {place}: the players disagree: {reporter} reported \"{words}\", {other} reported \"{theirs}\"; settle it with confirm {} {} --player ID, or holonet report",
                file.shown(),
                table
            ));
                answer(
                    "200 OK",
                    base_path,
                    "Sent to the organizer",
                    &format!(
                        "You reported {words}; {other} reported {theirs}. Nothing is recorded until the organizer decides: go and see them."
                    ),
                    back,
                )
            }
        }
    }

    /// The answer to a refused report, told in the terminal (within the device's lines).
    fn refused(
        &self,
        client: IpAddr,
        place: &str,
        refusal: &self_report::Refusal,
        base_path: &str,
        back: Option<&str>,
    ) -> Answer {
        self.say_refused(
            client,
            &format!(
                "Self-report for {place} from {client} refused: {}",
                refusal.message
            ),
        );
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
            back,
        )
    }

    /// The cards page: for each event taking players (registered, or playing its rounds), a
    /// card per player with their name and personal code, to print once and hand out. Phones
    /// reach the site at `site_url`.
    pub(crate) fn cards(&self, site: &Site, site_url: &str) -> String {
        let mut events: Vec<Event> = site
            .events
            .iter()
            .filter(|held| held.status != Status::Finished)
            .map(|held| held.open().0)
            .filter(|event| {
                matches!(
                    event.kind,
                    crate::event::Kind::Swiss(_) | crate::event::Kind::Ccg(_)
                )
            })
            .collect();
        super::lan::newest_first(&mut events);
        let mut sections = String::new();
        for event in &events {
            let url = format!("{site_url}{}", pairings_path(event));
            let mut players: Vec<&crate::event::Player> = event.players.iter().collect();
            players.sort_by_key(|p| (p.name.to_lowercase(), p.id.clone()));
            sections.push_str(&format!(
                "<section class=\"cards-event\"><h2>{}</h2>\n<div class=\"cards\">\n",
                html(&event.info.name)
            ));
            for player in players {
                let code = player_code(&self.secret, &event.file, &player.id);
                sections.push_str(&format!(
                    "<article class=\"player-card\" data-event=\"{}\" data-player=\"{}\"><p class=\"card-event\">{}</p><p class=\"card-name\">{}</p><p class=\"card-code\">Your code <strong class=\"player-code\">{}</strong></p><p class=\"card-how\">Report your table from the pairings page, {}. Keep this card to yourself: this code is how the site knows a result comes from you.</p></article>\n",
                    html(&event.file.shown()),
                    html(&player.id),
                    html(&event.info.name),
                    html(&player.name),
                    printed_code(&code),
                    html(&url)
                ));
            }
            sections.push_str("</div></section>\n");
        }
        if events.is_empty() {
            sections.push_str("<p>No event is taking players just now: cards appear here for every event that is not finished.</p>\n");
        }
        format!(
            "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\"><title>Players' codes: {title}</title><style>{CARDS_CSS}</style></head><body>\n<main>\n<h1 class=\"screen\">Players' codes</h1>\n<p class=\"screen\">Print these cards (only this computer sees them), cut them apart and hand each player their own, at registration: a player reports their table's result from their phone with the code on their card, and a result is recorded once both players' reports agree. A late entrant's card appears here as soon as they are registered; reprint a lost card from here (the code stays the same all event long).</p>\n{sections}</main>\n</body></html>\n",
            lang = html(&site.config.language),
            title = html(&site.config.title),
        )
    }
}

/// The slips page as served with `--self-report`. Each slip says where its table's result is
/// reported: the form of that table on the pairings page, at its address on the network with
/// its QR code where `lan_url` (the site's address there, with `--lan`) is known, else its path
/// on the site (a phone cannot open this computer's 127.0.0.1). This computer's copy also says
/// where the players' codes are. No code is on a slip: a slip lies on the table for both
/// players, and a code is one player's own.
pub(crate) fn with_slip_notes(
    site: &Site,
    file: &str,
    page: &[u8],
    own: bool,
    base_path: &str,
    lan_url: Option<&str>,
) -> Option<Vec<u8>> {
    let (event, _, _) = open_event(site, file, crate::site::addresses::slips_path)?;
    let pairings = pairings_path(&event);
    let mut text = String::from_utf8_lossy(page).into_owned();
    if own && let Some(at) = text.find("</header>") {
        let note = format!(
            "<p class=\"slips-cards\">Players report from their phones with the personal code on their player card, never on this slip: print the cards once from <a href=\"{base_path}{own}{CARDS_ADDRESS}\">the players' codes</a> and hand each player their own.</p>\n",
            own = super::OWN
        );
        text.insert_str(at, &note);
    }
    const SLIP: &str = "<section class=\"slip\" data-table=\"";
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find(SLIP) {
        let table: u32 = rest[at + SLIP.len()..].split('"').next()?.parse().ok()?;
        let end = at + rest[at..].find("</section>")?;
        out.push_str(&rest[..at]);
        out.push_str("<section class=\"slip slip-reported\"");
        out.push_str(&rest[at + "<section class=\"slip\"".len()..end]);
        out.push_str(&report_note(&pairings, table, lan_url));
        rest = &rest[end..];
    }
    out.push_str(rest);
    Some(out.into_bytes())
}

/// Where table `table`'s result is reported, as its slip prints it: the address of its form
/// on the pairings page (`pairings`, the page's path on the site) and its QR code, on the
/// network at `lan_url`; the path alone without it.
fn report_note(pairings: &str, table: u32, lan_url: Option<&str>) -> String {
    let form = format!("{pairings}#report-{table}");
    let (address, code) = match lan_url {
        Some(site) => {
            let address = format!("{site}{form}");
            let code = super::lan::svg_qr(&address).unwrap_or_default();
            (address, code)
        }
        None => (form, String::new()),
    };
    format!(
        "<p class=\"slip-report\">{code}<span>Report this result from your phone, each player with their own code: <span class=\"slip-address\">{}</span></span></p>\n",
        html(&address)
    )
}

/// `text` safe to show in a terminal: every control character (an escape sequence that would
/// clear the screen or retitle the window, a bell, a carriage return) and every mark that turns
/// text around is shown as its code, `\u{1b}`, never sent as it is.
pub(crate) fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let turning = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || turning {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// A value from the network as the terminal shows it: at most [`SHOWN_LIMIT`] characters.
fn shown(value: &str) -> String {
    let mut cut: String = value.chars().take(SHOWN_LIMIT).collect();
    if cut.len() < value.len() {
        cut.push('…');
    }
    format!("`{cut}`")
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
        "<section class=\"self-report\" aria-labelledby=\"self-report\">\n<link rel=\"stylesheet\" href=\"{base_path}{own}{STYLE_ADDRESS}\">\n<h2 id=\"self-report\">Report your result</h2>\n<p>Each player sends the result from their own phone, with the personal code on their own player card (the organizer hands them out). It is recorded once both players' reports agree; if they differ, the organizer decides.</p>\n",
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
        html(&event.file.shown()),
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
        "<p class=\"self-report-field\"><label for=\"report-{n}-code\">Your code, from your player card</label> <input id=\"report-{n}-code\" name=\"code\" required maxlength=\"16\" autocomplete=\"off\" autocapitalize=\"characters\" spellcheck=\"false\"></p>\n<p><button type=\"submit\">Send the result of table {n}</button></p>\n</form>\n</details>\n"
    ));
    out
}

/// The fields of a URL-encoded form, or `None` when one it needs is missing or malformed.
fn read_form(body: &[u8]) -> Option<Form> {
    let text = std::str::from_utf8(body).ok()?;
    let mut fields: HashMap<String, String> = HashMap::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decode = |text: &str| super::percent::decode(text, super::percent::Plus::Space);
        fields.insert(decode(key)?, decode(value)?);
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
        event: field("event").filter(|e| !e.is_empty())?,
        stage: Stage::from_name(&field("stage")?)?,
        number: field("number")?.parse().ok()?,
        table: field("table")?.parse().ok()?,
        player: field("player").filter(|p| !p.is_empty())?,
        result,
        code: field("code")?,
    })
}

/// The answer a phone is shown after sending a report, linking back to `back` (the event's
/// pairings page) when there is one, else to the site.
fn answer(
    status: &'static str,
    base_path: &str,
    title: &'static str,
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
    Answer {
        status,
        title,
        message: message.to_string(),
        back,
    }
}

impl Answer {
    /// The page the phone shows, with its content type: a page of `site` in its own look, its
    /// header, navigation and style sheet (see [`crate::site::render::served_page`]); plain
    /// words when there is no site yet or its template fails.
    pub(crate) fn page(&self, site: Option<&Site>) -> (&'static str, Vec<u8>) {
        let text = format!("<p>{}</p>\n{}", html(&self.message), self.back);
        let path = format!("{}{REPORT_ADDRESS}", super::OWN);
        let page = site.and_then(|site| {
            crate::site::render::served_page(
                &site.config,
                &site.pages,
                &site.tera,
                [&path, self.title],
                text,
            )
            .ok()
        });
        match page {
            Some(page) => ("text/html; charset=utf-8", page.into_bytes()),
            None => (
                "text/plain; charset=utf-8",
                format!("{}\n\n{}\n", self.title, self.message).into_bytes(),
            ),
        }
    }
}

/// The players' cards: eight to a printed page, each with a dashed line to cut along.
const CARDS_CSS: &str = "\
@page{margin:10mm}\
html{color:#000;background:#fff;font-family:system-ui,sans-serif}\
body{margin:0}main{max-width:190mm;margin:0 auto;padding:0 1rem}\
.cards-event h2{font-size:14pt;margin:6mm 0 3mm}\
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(85mm,1fr));gap:0}\
.player-card{border:1px dashed #555;padding:4mm 5mm;min-height:52mm;box-sizing:border-box;break-inside:avoid}\
.player-card p{margin:0 0 2mm}\
.card-event{font-size:10pt}\
.card-name{font-size:16pt;font-weight:700;overflow-wrap:anywhere}\
.card-code strong{display:block;font:700 22pt/1.2 ui-monospace,monospace;letter-spacing:.08em}\
.card-how{font-size:9pt}\
.cards-event{break-after:page}.cards-event:last-child{break-after:auto}\
@media print{.screen{display:none}}";

/// The forms' looks: inside the site's own page style, touch-sized choices.
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
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_gives_its_tables_form_with_its_qr_code_on_the_network() {
        let note = report_note(
            "events/2026/day/pairings/",
            3,
            Some("http://10.0.0.5:8000/"),
        );
        let address = "http://10.0.0.5:8000/events/2026/day/pairings/#report-3";
        assert!(
            note.contains(&format!(
                "<svg role=\"img\" aria-label=\"QR code of {address}\""
            )),
            "{note}"
        );
        assert!(
            note.contains(&format!("<span class=\"slip-address\">{address}</span>")),
            "{note}"
        );
        let alone = report_note("events/2026/day/pairings/", 3, None);
        assert!(!alone.contains("<svg"), "{alone}");
        assert!(
            alone
                .contains("<span class=\"slip-address\">events/2026/day/pairings/#report-3</span>"),
            "{alone}"
        );
    }

    #[test]
    fn a_form_is_read_with_its_escapes() {
        let form = read_form(
            b"event=events%2F2026%2Fday.toml&stage=round&number=2&table=3&player=ann&result=2-0&code=km7+pqx",
        )
        .expect("a whole form");
        assert_eq!(form.event, "events/2026/day.toml");
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
        assert!(
            read_form(b"event=e%zz.toml&stage=round&number=1&table=1&player=a&result=2-0&code=X")
                .is_none()
        );
    }
}
