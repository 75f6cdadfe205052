//! Turning a GitHub issue form into a request: the body GitHub renders from the result form or
//! the registration form (saved to a file by a workflow) becomes the request `holonet report`
//! or `holonet register` takes from the command line, and its `Event` field the event file's
//! path. What the request then does is decided, checked and written by those commands, exactly
//! as from the terminal.
//!
//! Anyone can open an issue on a public repository, so the body is hostile text. It is read
//! within [`MAX_BODY_BYTES`]; each field holds one line of limited length without control
//! characters; numbers are digits; and the event is named by its slug alone, which may only
//! name an existing file under `events/` reached through no symbolic link. Names and results
//! are then passed on as values, never as text of the file: `toml_edit` writes them as TOML
//! strings, and the event's validation refuses what it refuses from the terminal.
//!
//! GitHub renders a form as, for each field in order, `### Label`, a blank line, the value and
//! a blank line; an empty optional field as `_No response_`; a checkboxes field as lines
//! `- [X] option` (ticked) or `- [ ] option`. Fields are found by their heading, whatever its
//! case and spacing, in any order, since a player may edit the body by hand; unknown headings
//! and text before the first heading are ignored, so a form may gain fields Holonet does not
//! read (`Notes` is one: free text for the organizer, never read).

use crate::diag::Shown;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::registration::{Registration, TeamEntry};
use super::report::Request;
use crate::event::ids::is_valid_slug;
use crate::event::{Date, Event, Kind};
use crate::load::people::mixed_scripts;

/// The largest body read. A filled form is a few hundred bytes; GitHub allows 65,536 characters.
const MAX_BODY_BYTES: u64 = 64 * 1024;

/// The labels of the forms' fields, as the issue templates must write them.
pub(crate) const EVENT: &str = "Event";
pub(crate) const ROUND: &str = "Round";
pub(crate) const TABLE: &str = "Table";
pub(crate) const RESULT: &str = "Result";
pub(crate) const DARK_SIDE: &str = "Dark side";
pub(crate) const CORRECTION: &str = "Correction";
/// The one option of [`CORRECTION`]: ticked, the result replaces one already recorded.
pub(crate) const CORRECTION_OPTION: &str = "This corrects a result already recorded";
pub(crate) const NAME: &str = "Name";
pub(crate) const PLAYER_ID: &str = "Player id";
pub(crate) const TEAM: &str = "Team";
pub(crate) const PARTNER: &str = "Partner";
pub(crate) const LATE_ENTRY: &str = "Late entry";
/// The one option of [`LATE_ENTRY`]: ticked, the player confirms a late entry.
pub(crate) const LATE_OPTION: &str = "I know rounds have started and enter late";

/// Longest `Event`: a link to an event page on a long project address.
const MAX_EVENT_CHARS: usize = 300;
/// Longest name (a player's, a partner's, a team's), result or player, far beyond any real one.
const MAX_TEXT_CHARS: usize = 100;
/// Longest number: a table or round is a few digits.
const MAX_NUMBER_CHARS: usize = 6;

/// How the `Event` field may be written, for the messages that refuse it.
const EVENT_FORMS: &str = "write the event's file in the site (events/2026/spring-open.toml), its address (2026/spring-open) or the link to its page (https://example.github.io/archive/events/2026/spring-open/)";

/// Which form a body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    /// The result form: `holonet report`.
    Result,
    /// The registration form: `holonet register`.
    Registration,
}

/// A filled form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Form {
    Result(ResultForm),
    Registration(RegistrationForm),
}

impl Form {
    /// The `Event` field as written; [`event_file`] finds the file.
    pub(crate) fn event(&self) -> &str {
        match self {
            Form::Result(form) => &form.event,
            Form::Registration(form) => &form.event,
        }
    }
}

/// The result form: `holonet report FILE TABLE RESULT [--round N] [--dark ID] [--replace]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResultForm {
    pub(crate) event: String,
    /// Empty: the round being played (with `replace`, the last one with results).
    pub(crate) round: Option<u32>,
    pub(crate) table: u32,
    pub(crate) result: String,
    /// Who played dark, by id or by name.
    pub(crate) dark: Option<String>,
    pub(crate) replace: bool,
}

impl ResultForm {
    /// `holonet report`'s request. A player names who played dark as the event's pages show
    /// them, so a name is taken for the id it belongs to.
    pub(crate) fn request<'a>(&'a self, event: &'a Event) -> Request<'a> {
        Request {
            table: self.table,
            result: Some(&self.result),
            round: self.round,
            dark: self.dark.as_deref().map(|dark| player_id(event, dark)),
            timed: None,
            replace: self.replace,
        }
    }
}

/// The registration form: `holonet register FILE NAME [--id ID] [--team T --with P] [--late]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RegistrationForm {
    pub(crate) event: String,
    pub(crate) name: String,
    pub(crate) id: Option<String>,
    /// A team event: the team's name and the partner's.
    pub(crate) team: Option<(String, String)>,
    pub(crate) late: bool,
}

impl RegistrationForm {
    /// `holonet register`'s request, as a stranger's.
    pub(crate) fn registration(&self) -> Registration<'_> {
        Registration {
            name: &self.name,
            id: self.id.as_deref(),
            late: self.late,
            team: self
                .team
                .as_ref()
                .map(|(name, partner)| TeamEntry { name, partner }),
            by_form: true,
        }
    }
}

/// Days after an event's last day during which its forms are still taken: a result sent the
/// next morning, or from a time zone ahead of the venue's.
const GRACE_DAYS: i64 = 2;

/// A league or challenge event with no `end_date` is played as it comes: its forms are taken
/// until this many days after its last recorded game or session (or its start).
const OPEN_CASUAL_DAYS: i64 = 60;

/// Whether `event` takes forms on `today` (the venue's date, from the clock): forms add players
/// and results to events running or to come, never to the archive, which only the organizer
/// changes. An event is over when it is known only by its final standings, when the organizer
/// closed it (`closed = true`), or when its last day is more than [`GRACE_DAYS`] behind
/// `today`: its `end_date`, else its `date`; for a league or challenge event with no
/// `end_date`, its last recorded game or session, [`OPEN_CASUAL_DAYS`] behind. A Swiss event
/// whose last result is in still takes a correction on its day; `report` and `register` then
/// refuse what its rounds do not allow.
pub(crate) fn takes_forms(event: &Event, today: Date) -> Result<(), String> {
    let file = event.file.shown();
    let ask = "forms record results and registrations only for events running or to come; for a change to this one, ask the organizer";
    if matches!(event.kind, Kind::Recorded(_)) {
        return Err(format!(
            "{file} is known only by its final standings: {ask}"
        ));
    }
    if event.info.closed {
        return Err(format!(
            "{file} is closed (`closed = true`), its standings final: {ask}"
        ));
    }
    let info = &event.info;
    let played = match &event.kind {
        Kind::League(games) => games.iter().map(|g| g.date).max(),
        Kind::Challenge(sessions) => sessions.iter().filter_map(|s| s.date).max(),
        _ => None,
    };
    let (last, grace) = match info.end_date {
        Some(end) => (end, GRACE_DAYS),
        None if event.is_casual() => (played.unwrap_or(info.date).max(info.date), OPEN_CASUAL_DAYS),
        None => (info.date, GRACE_DAYS),
    };
    if last.day_number() + grace < today.day_number() {
        let when = match info.end_date {
            Some(end) => format!("from {} to {}", info.date.iso(), end.iso()),
            None if last > info.date => {
                format!("from {}, its last game on {}", info.date.iso(), last.iso())
            }
            None => format!("of {}", info.date.iso()),
        };
        return Err(format!("{file} is an event {when}, over by now: {ask}"));
    }
    Ok(())
}

/// Why a body cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BodyError {
    /// The file is not there or not readable: the workflow's mistake, not the player's.
    Unreadable(String),
    /// The body is too large or not text: the player's to fix.
    Refused(String),
}

/// Reads the body saved at `path`, refusing more than [`MAX_BODY_BYTES`] before reading the rest.
pub(crate) fn read_body(path: &Path) -> Result<String, BodyError> {
    let unreadable = |e: std::io::Error| {
        BodyError::Unreadable(format!(
            "cannot read the issue's text {}: {e}",
            path.shown()
        ))
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_BODY_BYTES + 1).read_to_end(&mut bytes))
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_BODY_BYTES {
        return Err(BodyError::Refused(format!(
            "the issue's text is longer than {} KiB, far more than a filled form: shorten it",
            MAX_BODY_BYTES / 1024
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| BodyError::Refused("the issue's text is not UTF-8 text".into()))
}

/// Everything wrong with a form, all at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problems(pub(crate) Vec<String>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0[..] {
            [one] => f.write_str(one),
            many => {
                write!(f, "the form has {} problems:", many.len())?;
                many.iter().try_for_each(|p| write!(f, "\n- {p}"))
            }
        }
    }
}

/// Reads the form of `kind` from `body`.
pub(crate) fn parse(body: &str, kind: FormKind) -> Result<Form, Problems> {
    let mut fields = Fields::parse(body);
    let event = fields.text(EVENT, true, MAX_EVENT_CHARS);
    let form = match kind {
        FormKind::Result => {
            let round = fields.number(ROUND, false);
            let table = fields.number(TABLE, true);
            let result = fields.text(RESULT, true, MAX_TEXT_CHARS);
            let dark = fields.text(DARK_SIDE, false, MAX_TEXT_CHARS);
            let replace = fields.ticked(CORRECTION, CORRECTION_OPTION);
            event
                .zip(table)
                .zip(result)
                .map(|((event, table), result)| {
                    Form::Result(ResultForm {
                        event,
                        round,
                        table,
                        result,
                        dark,
                        replace,
                    })
                })
        }
        FormKind::Registration => {
            let name = fields.name(NAME, true);
            let id = fields.text(PLAYER_ID, false, MAX_TEXT_CHARS);
            let team = fields.name(TEAM, false);
            let partner = fields.name(PARTNER, false);
            let late = fields.ticked(LATE_ENTRY, LATE_OPTION);
            let team = match (team, partner) {
                (Some(team), Some(partner)) => Some((team, partner)),
                (None, None) => None,
                (Some(_), None) | (None, Some(_)) => {
                    fields.problems.push(format!(
                        "fill in both `{TEAM}` and `{PARTNER}` to enter a team event, or neither"
                    ));
                    None
                }
            };
            event.zip(name).map(|(event, name)| {
                Form::Registration(RegistrationForm {
                    event,
                    name,
                    id,
                    team,
                    late,
                })
            })
        }
    };
    match form {
        Some(form) if fields.problems.is_empty() => Ok(form),
        _ => Err(Problems(fields.problems)),
    }
}

/// The `Event` field as written, when the body has one: looked up even when other fields are
/// wrong, so that a form's problems are all said at once.
pub(crate) fn written_event(body: &str) -> Option<String> {
    Fields::parse(body).text(EVENT, false, MAX_EVENT_CHARS)
}

/// The fields of a body, by heading, and the problems met reading them.
struct Fields<'b> {
    /// Each heading (as [`key`] gives it) with the lines below it, in the body's order.
    sections: Vec<(String, Vec<&'b str>)>,
    problems: Vec<String>,
}

impl<'b> Fields<'b> {
    fn parse(body: &'b str) -> Fields<'b> {
        let mut sections: Vec<(String, Vec<&str>)> = Vec::new();
        // Split at `\r` too: `\r\n` then gives a blank line more, which changes nothing.
        for line in body.split(['\n', '\r']) {
            match heading(line) {
                Some(label) => sections.push((key(label), Vec::new())),
                None => {
                    if let Some((_, lines)) = sections.last_mut() {
                        lines.push(line);
                    }
                }
            }
        }
        Fields {
            sections,
            problems: Vec::new(),
        }
    }

    /// The lines of field `label`; `None` when the body has no such heading.
    fn lines(&mut self, label: &str) -> Option<Vec<&'b str>> {
        let wanted = key(label);
        let mut found = self.sections.iter().filter(|(k, _)| *k == wanted);
        let lines = found.next()?.1.clone();
        if found.next().is_some() {
            self.problems.push(format!(
                "the heading `### {label}` is in the form more than once: keep one"
            ));
        }
        Some(lines)
    }

    /// The one-line value of field `label`, its white space runs made single spaces; `None`
    /// when empty (a problem if `required`) or refused.
    fn text(&mut self, label: &str, required: bool, max_chars: usize) -> Option<String> {
        let Some(lines) = self.lines(label) else {
            if required {
                self.problems.push(format!(
                    "the field `{label}` is missing: put back its heading, `### {label}`, with the value on the line below"
                ));
            }
            return None;
        };
        let filled: Vec<&str> = lines
            .iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .collect();
        let line = match filled[..] {
            [] | ["_No response_"] => {
                if required {
                    self.problems
                        .push(format!("the field `{label}` is empty: fill it in"));
                }
                return None;
            }
            [line] => line,
            _ => {
                self.problems.push(format!(
                    "the field `{label}` holds {} lines: write it on one line",
                    filled.len()
                ));
                return None;
            }
        };
        let value = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(c) = value.chars().find(|&c| is_hidden(c)) {
            self.problems.push(format!(
                "the field `{label}` holds an invisible character (U+{:04X}): remove it",
                u32::from(c)
            ));
            return None;
        }
        let length = value.chars().count();
        if length > max_chars {
            self.problems.push(format!(
                "the field `{label}` is {length} characters long, more than the {max_chars} it may have"
            ));
            return None;
        }
        Some(value)
    }

    /// The name in field `label`, as [`Fields::text`] reads it, refused when it mixes Latin,
    /// Greek or Cyrillic letters: such a name can pass for another player's (`Tоm Kessel`, its
    /// `о` Cyrillic), and a real name is typed in one script.
    fn name(&mut self, label: &str, required: bool) -> Option<String> {
        let name = self.text(label, required, MAX_TEXT_CHARS)?;
        match mixed_scripts(&name) {
            Some(mixed) => {
                self.problems.push(format!(
                    "the field `{label}` mixes {mixed}, so it looks like a name it is not: type it in one script"
                ));
                None
            }
            None => Some(name),
        }
    }

    /// The whole number in field `label`, from 1.
    fn number(&mut self, label: &str, required: bool) -> Option<u32> {
        let text = self.text(label, required, MAX_NUMBER_CHARS)?;
        match text.parse::<u32>() {
            Ok(n) if n > 0 && text.bytes().all(|b| b.is_ascii_digit()) => Some(n),
            _ => {
                self.problems.push(format!(
                    "the field `{label}` must be a whole number from 1, such as 3, not `{text}`"
                ));
                None
            }
        }
    }

    /// Whether `option` of the checkboxes field `label` is ticked (`- [X] option` or
    /// `- [x] option`). An option left out, or a field left out, is not ticked.
    fn ticked(&mut self, label: &str, option: &str) -> bool {
        let wanted = key(option);
        self.lines(label).is_some_and(|lines| {
            lines
                .iter()
                .filter_map(|line| checkbox(line))
                .any(|(ticked, text)| ticked && key(text) == wanted)
        })
    }
}

/// The label of a heading line `### Label`; a heading of another level is text.
fn heading(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("###")?;
    if rest.starts_with('#') {
        return None;
    }
    Some(rest.trim().trim_end_matches('#').trim_end())
}

/// A label or option as it is compared: lower-case, white space runs made single spaces.
fn key(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A checkbox line, `- [X] text`: whether it is ticked, and its text.
fn checkbox(line: &str) -> Option<(bool, &str)> {
    let rest = line.trim().strip_prefix(['-', '*'])?.trim_start();
    let (ticked, text) = match rest
        .strip_prefix("[x]")
        .or_else(|| rest.strip_prefix("[X]"))
    {
        Some(text) => (true, text),
        None => (false, rest.strip_prefix("[ ]")?),
    };
    Some((ticked, text.trim()))
}

/// A character a reader does not see: a control character, a mark that reverses the direction
/// of the text after it (a name would then read otherwise on the pages than in the file), or
/// any other of Unicode's default-ignorable code points (zero-width spaces and joiners, the
/// soft hyphen, word joiners, variation selectors, fillers, tags), with which `Tom Kes\u{200d}sel`
/// shows as Tom Kessel under another id.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            u32::from(c),
            0xad | 0x34f
                | 0x61c
                | 0x115f..=0x1160
                | 0x17b4..=0x17b5
                | 0x180b..=0x180f
                | 0x200b..=0x200f
                | 0x202a..=0x202e
                | 0x2060..=0x206f
                | 0x3164
                | 0xfe00..=0xfe0f
                | 0xfeff
                | 0xffa0
                | 0xfff0..=0xfff8
                | 0x1bca0..=0x1bca3
                | 0x1d173..=0x1d17a
                | 0xe0000..=0xe0fff
        )
}

/// The id of the player `written` names: an id of the event as it is, else the one player
/// whose name it is (whatever the case and spacing). Anything else is passed on as written, for
/// `report` to refuse with the ids it takes.
fn player_id<'a>(event: &'a Event, written: &'a str) -> &'a str {
    if event.players.iter().any(|p| p.id == written) {
        return written;
    }
    let mut named = event
        .players
        .iter()
        .filter(|p| key(&p.name) == key(written));
    match (named.next(), named.next()) {
        (Some(player), None) => &player.id,
        _ => written,
    }
}

/// The event file the `Event` field names, as a path under the site folder
/// (`events/2026/spring-open.toml`). It is written as that path, as the event's slug
/// (`2026/spring-open`), or as a link to its page (`https://…/events/2026/spring-open/`, or its
/// path alone, with or without `index.html` or `event.json`); every part of the slug must be an
/// id (lower-case letters, digits and `-`), so no `..`, separator or absolute path can lead
/// elsewhere; and the file must exist under `root/events/` with no symbolic link on the way.
pub(crate) fn event_file(root: &Path, written: &str) -> Result<PathBuf, String> {
    let slugs = slugs(written)?;
    let Some(slug) = slugs.iter().find(|slug| is_valid_slug(slug)) else {
        return Err(format!(
            "`{}` is not an event's address: each part is lower-case letters a-z, digits and `-`; {EVENT_FORMS}",
            slugs.first().map_or(written, String::as_str)
        ));
    };
    let mut first_missing = None;
    for slug in slugs.iter().filter(|slug| is_valid_slug(slug)) {
        match existing(root, slug) {
            Ok(path) => return Ok(path),
            Err(Missing::Link(message)) => return Err(message),
            Err(Missing::NoFile) => {
                first_missing.get_or_insert(slug);
            }
        }
    }
    let slug = first_missing.unwrap_or(slug);
    let known: Vec<String> = crate::paths::site_files(root, Path::new("events"))
        .unwrap_or_default()
        .iter()
        .filter_map(|full| full.strip_prefix(root).ok())
        .filter(|relative| relative.extension().is_some_and(|e| e == "toml"))
        .map(crate::load::slug_of)
        .collect();
    Err(
        match crate::diag::did_you_mean(slug, known.iter().map(String::as_str)) {
            Some(close) => format!(
                "this site has no event `{slug}` (events/{slug}.toml); did you mean `{close}`?"
            ),
            None => format!(
                "this site has no event `{slug}` (events/{slug}.toml); copy the link to the event's page, or {EVENT_FORMS}"
            ),
        },
    )
}

/// The slugs `written` may mean, most likely first: one, except for a link whose path has
/// `events` more than once (a site published under `/events/`).
fn slugs(written: &str) -> Result<Vec<String>, String> {
    if written.contains('\\') {
        return Err(format!(
            "the event's address is written with `/`, not `\\`; {EVENT_FORMS}"
        ));
    }
    if written.chars().any(is_hidden) {
        return Err(format!(
            "the event's address holds an invisible character; {EVENT_FORMS}"
        ));
    }
    if written.split(['/', '?', '#']).any(|part| part == "..") {
        return Err(format!(
            "the event's address may not go up a folder with `..`; {EVENT_FORMS}"
        ));
    }
    let lower = written.to_ascii_lowercase();
    let link = ["https://", "http://"]
        .iter()
        .find_map(|scheme| lower.starts_with(scheme).then(|| &written[scheme.len()..]));
    let path = match link {
        Some(rest) => {
            let path = rest.find('/').map_or("", |at| &rest[at..]);
            path.split(['?', '#']).next().unwrap_or_default()
        }
        None if written.starts_with('/') && !written.ends_with(".toml") => written,
        None if written.starts_with('/') => {
            return Err(format!(
                "`{written}` is a path on a computer; give the event's file inside the site, such as events/2026/spring-open.toml, or {EVENT_FORMS}"
            ));
        }
        None => {
            return match written.strip_suffix(".toml") {
                Some(file) => match file.strip_prefix("events/") {
                    Some(slug) => Ok(vec![slug.to_string()]),
                    None => Err(format!(
                        "`{written}` is not under events/, where every event file is; {EVENT_FORMS}"
                    )),
                },
                None => Ok(vec![written.trim_end_matches('/').to_string()]),
            };
        }
    };
    let mut parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    if parts
        .last()
        .is_some_and(|last| matches!(*last, "index.html" | "event.json"))
    {
        parts.pop();
    }
    let slugs: Vec<String> = (0..parts.len())
        .filter(|&at| parts[at] == "events" && at + 1 < parts.len())
        .map(|at| parts[at + 1..].join("/"))
        .collect();
    if slugs.is_empty() {
        return Err(format!(
            "`{written}` is not the link to an event's page (its path has no events/ folder); {EVENT_FORMS}"
        ));
    }
    Ok(slugs)
}

/// Why [`existing`] found no event file.
enum Missing {
    NoFile,
    /// A symbolic link on the way, which Holonet never follows.
    Link(String),
}

/// `events/<slug>.toml` when it is a regular file under `root`, every folder on the way a real
/// folder.
fn existing(root: &Path, slug: &str) -> Result<PathBuf, Missing> {
    let relative = PathBuf::from(format!("events/{slug}.toml"));
    let parts: Vec<_> = relative.components().collect();
    let mut full = root.to_path_buf();
    let mut shown = PathBuf::new();
    for (at, part) in parts.iter().enumerate() {
        full.push(part);
        shown.push(part);
        let meta = std::fs::symlink_metadata(&full).map_err(|_| Missing::NoFile)?;
        if meta.file_type().is_symlink() {
            return Err(Missing::Link(format!(
                "{} is a symbolic link, which Holonet does not follow; ask the organizer",
                shown.shown()
            )));
        }
        let last = at + 1 == parts.len();
        if (last && !meta.is_file()) || (!last && !meta.is_dir()) {
            return Err(Missing::NoFile);
        }
    }
    Ok(relative)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A body as GitHub renders the result form, every field filled.
    const RESULT_BODY: &str = "### Event\n\nevents/2026/spring-open.toml\n\n### Round\n\n3\n\n### Table\n\n2\n\n### Result\n\n2-0\n\n### Dark side\n\nNadia Ray\n\n### Correction\n\n- [X] This corrects a result already recorded\n\n### Notes\n\nThanks!\nSee you next week.\n";

    fn result(body: &str) -> ResultForm {
        match parse(body, FormKind::Result) {
            Ok(Form::Result(form)) => form,
            other => panic!("a result form: {other:?}"),
        }
    }

    fn registration(body: &str) -> RegistrationForm {
        match parse(body, FormKind::Registration) {
            Ok(Form::Registration(form)) => form,
            other => panic!("a registration form: {other:?}"),
        }
    }

    fn problems(body: &str, kind: FormKind) -> Vec<String> {
        match parse(body, kind) {
            Err(Problems(problems)) => problems,
            Ok(form) => panic!("refused: {form:?}"),
        }
    }

    #[test]
    fn every_field_of_the_result_form_is_read() {
        assert_eq!(
            result(RESULT_BODY),
            ResultForm {
                event: "events/2026/spring-open.toml".into(),
                round: Some(3),
                table: 2,
                result: "2-0".into(),
                dark: Some("Nadia Ray".into()),
                replace: true,
            }
        );
    }

    #[test]
    fn blank_optional_fields_and_unticked_boxes_are_left_out() {
        let body = "### Event\n\n2026/spring-open\n\n### Round\n\n_No response_\n\n### Table\n\n2\n\n### Result\n\ntom+12\n\n### Dark side\n\n_No response_\n\n### Correction\n\n- [ ] This corrects a result already recorded\n\n### Notes\n\n_No response_\n";
        assert_eq!(
            result(body),
            ResultForm {
                event: "2026/spring-open".into(),
                round: None,
                table: 2,
                result: "tom+12".into(),
                dark: None,
                replace: false,
            }
        );
        // A body edited by hand may lose an optional field altogether.
        let short = "### Event\n\n2026/spring-open\n\n### Table\n\n2\n\n### Result\n\n2-0\n";
        assert_eq!(result(short).round, None);
        assert!(!result(short).replace);
    }

    #[test]
    fn a_lower_case_tick_counts_and_other_options_do_not() {
        let ticked = RESULT_BODY.replace("[X]", "[x]");
        assert!(result(&ticked).replace);
        let other = RESULT_BODY.replace("This corrects", "This does not correct");
        assert!(!result(&other).replace);
        let spaced = RESULT_BODY.replace("- [X] This corrects", "*   [X]   this  CORRECTS\u{a0}\t");
        assert!(result(&spaced).replace);
    }

    #[test]
    fn crlf_tabs_non_breaking_spaces_and_blank_lines_are_white_space() {
        let odd = RESULT_BODY
            .replace("### Table\n\n2\n", "###   TABLE \t\n\n\n\n\t2\u{a0} \n\n\n")
            .replace("Nadia Ray", "\u{a0}Nadia\t \u{a0}Ray  ")
            .replace('\n', "\r\n");
        let form = result(&odd);
        assert_eq!(form, result(RESULT_BODY));
    }

    #[test]
    fn fields_are_found_in_any_order_and_unknown_ones_are_ignored() {
        let body = "Text before the first heading.\n\n### Result\n\n1-1\n\n### How was it?\n\n#### Table\n\n9\n\n### Table\n\n7\n\n### event\n\n2026/spring-open\n";
        let form = result(body);
        assert_eq!(
            (form.event.as_str(), form.table, form.result.as_str()),
            ("2026/spring-open", 7, "1-1")
        );
    }

    #[test]
    fn missing_empty_duplicated_and_multi_line_fields_are_each_told() {
        let body =
            "### Table\n\n2\n\n### Table\n\n3\n\n### Result\n\n2-0\nor 1-0\n\n### Round\n\nthree\n";
        assert_eq!(
            problems(body, FormKind::Result),
            [
                "the field `Event` is missing: put back its heading, `### Event`, with the value on the line below",
                "the field `Round` must be a whole number from 1, such as 3, not `three`",
                "the heading `### Table` is in the form more than once: keep one",
                "the field `Result` holds 2 lines: write it on one line",
            ]
        );
        let empty = RESULT_BODY.replace("\n2\n", "\n_No response_\n");
        assert_eq!(
            problems(&empty, FormKind::Result),
            ["the field `Table` is empty: fill it in"]
        );
        for table in ["0", "-1", "+2", "2.0", "99999999999"] {
            let body = RESULT_BODY.replace("\n2\n", &format!("\n{table}\n"));
            let said = problems(&body, FormKind::Result);
            assert_eq!(said.len(), 1, "{table}: {said:?}");
        }
        let message = Problems(problems(body, FormKind::Result)).to_string();
        assert!(
            message.starts_with("the form has 4 problems:\n- the field `Event` is missing"),
            "{message}"
        );
    }

    #[test]
    fn lengths_and_control_characters_are_refused() {
        let long = RESULT_BODY.replace("2-0", &"2".repeat(101));
        assert_eq!(
            problems(&long, FormKind::Result),
            ["the field `Result` is 101 characters long, more than the 100 it may have"]
        );
        for hidden in [
            "\u{1b}[31m",
            "\u{0}",
            "\u{7f}",
            "\u{202e}",
            "\u{200b}",
            "\u{200c}",
            "\u{200d}",
            "\u{2060}",
            "\u{feff}",
            "\u{ad}",
            "\u{fe0f}",
            "\u{e0041}",
        ] {
            let body = RESULT_BODY.replace("Nadia Ray", &format!("Nadia{hidden}Ray"));
            let said = problems(&body, FormKind::Result);
            assert!(
                said[0].starts_with("the field `Dark side` holds an invisible character"),
                "{said:?}"
            );
        }
    }

    #[test]
    fn a_name_mixing_latin_greek_or_cyrillic_letters_is_refused_one_script_is_not() {
        let body = |name: &str, team: &str, partner: &str| {
            format!(
                "### Event\n\n2026/spring-open\n\n### Name\n\n{name}\n\n### Team\n\n{team}\n\n### Partner\n\n{partner}\n"
            )
        };
        // A Cyrillic о in Tom; a Greek Α in the team; a Latin name with a Cyrillic surname.
        assert_eq!(
            problems(
                &body("T\u{43e}m Kessel", "\u{391}lpha Squad", "Ivan \u{41f}etrov"),
                FormKind::Registration
            ),
            [
                "the field `Name` mixes Latin and Cyrillic letters (`\u{43e}` is Cyrillic), so it looks like a name it is not: type it in one script",
                "the field `Team` mixes Greek and Latin letters (`l` is Latin), so it looks like a name it is not: type it in one script",
                "the field `Partner` mixes Latin and Cyrillic letters (`\u{41f}` is Cyrillic), so it looks like a name it is not: type it in one script",
            ]
        );
        for one_script in [
            "Иван Петров",
            "Νίκος Παππάς",
            "Zoë O'Brien-Šťastná",
            "Tom 東京",
        ] {
            assert_eq!(registration(&body(one_script, "", "")).name, one_script);
        }
    }

    #[test]
    fn the_registration_form_gives_registers_request() {
        let body = "### Event\n\nhttps://example.github.io/archive/events/2017/hoth-doubles/\n\n### Name\n\nAnn Lee\n\n### Player id\n\n_No response_\n\n### Team\n\nEcho Base\n\n### Partner\n\nBo Vos\n\n### Late entry\n\n- [ ] I know rounds have started and enter late\n";
        let form = registration(body);
        assert_eq!(
            form,
            RegistrationForm {
                event: "https://example.github.io/archive/events/2017/hoth-doubles/".into(),
                name: "Ann Lee".into(),
                id: None,
                team: Some(("Echo Base".into(), "Bo Vos".into())),
                late: false,
            }
        );
        let request = form.registration();
        assert_eq!(
            request.team.map(|t| (t.name, t.partner)),
            Some(("Echo Base", "Bo Vos"))
        );
        let late = registration(&body.replace("[ ]", "[X]"));
        assert!(late.registration().late);
        let alone = body.replace("Bo Vos", "_No response_");
        assert_eq!(
            problems(&alone, FormKind::Registration),
            ["fill in both `Team` and `Partner` to enter a team event, or neither"]
        );
        let unnamed = body.replace("\nAnn Lee\n", "\n\n");
        assert_eq!(
            problems(&unnamed, FormKind::Registration),
            ["the field `Name` is empty: fill it in"]
        );
    }

    #[test]
    fn dark_side_is_an_id_or_the_name_of_one_player() {
        let text = "[event]\nname = \"E\"\ndate = 2026-04-11\nrules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 3\n\n[[players]]\nname = \"Nadia Ray\"\n[[players]]\nname = \"Ann Lee\"\n[[players]]\nname = \"Ann  lee\"\nid = \"ann-lee-2\"\n";
        let (loaded, diagnostics) = crate::load::parse_event(
            Path::new("events/e.toml"),
            text,
            &crate::load::options::LoadOptions::default(),
        );
        let (event, _) = loaded.unwrap_or_else(|| panic!("valid: {diagnostics:?}"));
        let dark = |written: &str| {
            let form = ResultForm {
                dark: Some(written.into()),
                ..result(RESULT_BODY)
            };
            form.request(&event).dark.map(str::to_string)
        };
        assert_eq!(dark("nadia-ray").as_deref(), Some("nadia-ray"));
        assert_eq!(dark("NADIA ray").as_deref(), Some("nadia-ray"));
        // Two players share the name: only the id tells them apart, and report asks for it.
        assert_eq!(dark("Ann Lee").as_deref(), Some("Ann Lee"));
        assert_eq!(dark("Nobody").as_deref(), Some("Nobody"));
        let form = result(RESULT_BODY);
        let request = form.request(&event);
        assert_eq!(
            (
                request.table,
                request.result,
                request.round,
                request.replace,
                request.timed
            ),
            (2, Some("2-0"), Some(3), true, None)
        );
    }

    fn loaded(text: &str) -> Event {
        let (loaded, diagnostics) = crate::load::parse_event(
            Path::new("events/e.toml"),
            text,
            &crate::load::options::LoadOptions::default(),
        );
        loaded.unwrap_or_else(|| panic!("valid: {diagnostics:?}")).0
    }

    fn day(iso: &str) -> Date {
        Date::parse_iso(iso).expect("a date")
    }

    #[test]
    fn forms_are_taken_for_events_running_or_to_come_only() {
        let swiss = loaded(
            "[event]\nname = \"E\"\ndate = 2026-04-11\nrules = \"ffg-2018\"\n\n[[players]]\nname = \"Ann Lee\"\n",
        );
        for today in ["2025-01-01", "2026-04-11", "2026-04-13"] {
            assert_eq!(takes_forms(&swiss, day(today)), Ok(()), "{today}");
        }
        let over = takes_forms(&swiss, day("2026-04-14")).unwrap_err();
        assert_eq!(
            over,
            "events/e.toml is an event of 2026-04-11, over by now: forms record results and registrations only for events running or to come; for a change to this one, ask the organizer"
        );
        let weekend = loaded(
            "[event]\nname = \"E\"\ndate = 2026-04-11\nend_date = 2026-04-12\nrules = \"ffg-2018\"\n",
        );
        assert_eq!(takes_forms(&weekend, day("2026-04-14")), Ok(()));
        assert!(
            takes_forms(&weekend, day("2026-04-15"))
                .unwrap_err()
                .contains("from 2026-04-11 to 2026-04-12")
        );
        // A league with no end: open until two months after its last game.
        let league = "[event]\nname = \"L\"\ndate = 2026-01-05\nrules = \"ffg-2018\"\nformat = \"league\"\n\n[[players]]\nname = \"Ann Lee\"\n[[players]]\nname = \"Bo Vos\"\n\n[[games]]\ndate = 2026-03-01\ndark = \"ann-lee\"\nlight = \"bo-vos\"\nwinner = \"ann-lee\"\n";
        let open = loaded(league);
        assert_eq!(takes_forms(&open, day("2026-04-30")), Ok(()));
        assert!(
            takes_forms(&open, day("2026-05-01"))
                .unwrap_err()
                .contains("its last game on 2026-03-01")
        );
        let closed = loaded(&league.replace(
            "format = \"league\"\n",
            "format = \"league\"\nclosed = true\n",
        ));
        assert!(
            takes_forms(&closed, day("2026-03-02"))
                .unwrap_err()
                .contains("is closed (`closed = true`)")
        );
        let standings = crate::load::people::standings_event("events/s.toml", &["Ann Lee"]);
        assert!(
            takes_forms(&standings, day("2019-05-01"))
                .unwrap_err()
                .contains("known only by its final standings")
        );
    }

    #[test]
    fn a_name_on_several_lines_is_refused_not_joined() {
        let body = "### Event\n\n2026/spring-open\n\n### Name\n\nx\"\n[[players]]\nid=\"y\n";
        assert_eq!(
            problems(body, FormKind::Registration),
            ["the field `Name` holds 3 lines: write it on one line"]
        );
    }

    #[test]
    fn a_body_over_the_limit_is_refused_before_it_is_read_whole() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("body.md");
        std::fs::write(&path, "x".repeat(MAX_BODY_BYTES as usize + 1)).expect("write");
        assert!(matches!(read_body(&path), Err(BodyError::Refused(m)) if m.contains("64 KiB")));
        std::fs::write(&path, b"### Event\n\n\xff\n").expect("write");
        assert!(matches!(read_body(&path), Err(BodyError::Refused(_))));
        std::fs::write(&path, RESULT_BODY).expect("write");
        assert_eq!(read_body(&path), Ok(RESULT_BODY.to_string()));
        assert!(matches!(
            read_body(&dir.path().join("missing.md")),
            Err(BodyError::Unreadable(_))
        ));
    }

    /// A site folder with the events `2026/spring-open` and `events/x` (a site published under
    /// `/events/`, say).
    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("events/2026")).expect("mkdir");
        std::fs::create_dir_all(dir.path().join("events/events")).expect("mkdir");
        std::fs::write(dir.path().join("events/2026/spring-open.toml"), "").expect("write");
        std::fs::write(dir.path().join("events/events/x.toml"), "").expect("write");
        std::fs::write(dir.path().join("holonet.toml"), "").expect("write");
        dir
    }

    #[test]
    fn an_event_is_its_file_its_slug_or_its_pages_link() {
        let site = site();
        let found = |written: &str| event_file(site.path(), written);
        let file = Ok(PathBuf::from("events/2026/spring-open.toml"));
        for written in [
            "events/2026/spring-open.toml",
            "2026/spring-open",
            "2026/spring-open/",
            "https://example.github.io/archive/events/2026/spring-open/",
            "https://example.github.io/archive/events/2026/spring-open",
            "HTTPS://example.github.io/events/2026/spring-open/index.html",
            "http://example.org/events/2026/spring-open/event.json",
            "https://example.github.io/archive/events/2026/spring-open/#standings",
            "/events/2026/spring-open/",
            "/archive/events/2026/spring-open/index.html",
        ] {
            assert_eq!(found(written), file, "{written}");
        }
        assert_eq!(
            found("/events/events/x/"),
            Ok(PathBuf::from("events/events/x.toml"))
        );
    }

    #[test]
    fn an_event_outside_events_or_not_there_is_refused_with_the_ways_to_write_it() {
        let site = site();
        let refused = |written: &str| event_file(site.path(), written).unwrap_err();
        for (written, says) in [
            ("../../etc/passwd", "may not go up a folder"),
            ("events/../holonet.toml", "may not go up a folder"),
            ("/etc/passwd", "not the link to an event's page"),
            (
                "/home/me/site/events/2026/spring-open.toml",
                "a path on a computer",
            ),
            ("events\\2026\\spring-open.toml", "not `\\`"),
            ("holonet.toml", "not under events/"),
            ("2026/Spring Open", "not an event's address"),
            ("2026/spring-open.md", "not an event's address"),
            (
                "https://example.github.io/",
                "not the link to an event's page",
            ),
            ("2026/spring-opn", "did you mean `2026/spring-open`?"),
            ("2019/nowhere", "this site has no event `2019/nowhere`"),
            ("2026/con", "not an event's address"),
        ] {
            let message = refused(written);
            assert!(message.contains(says), "{written}: {message}");
        }
        assert!(refused("2026/x\u{1b}").contains("invisible character"));
        assert!(refused("2026").contains("this site has no event `2026`"));
    }

    #[cfg(unix)]
    #[test]
    fn an_event_reached_through_a_link_is_refused() {
        let site = site();
        let elsewhere = tempfile::tempdir().expect("tempdir");
        std::fs::write(elsewhere.path().join("secret.toml"), "").expect("write");
        std::os::unix::fs::symlink(elsewhere.path(), site.path().join("events/linked"))
            .expect("link");
        std::os::unix::fs::symlink(
            elsewhere.path().join("secret.toml"),
            site.path().join("events/2026/secret.toml"),
        )
        .expect("link");
        for written in ["linked/secret", "2026/secret"] {
            let message = event_file(site.path(), written).unwrap_err();
            assert!(message.contains("symbolic link"), "{written}: {message}");
        }
    }
}
