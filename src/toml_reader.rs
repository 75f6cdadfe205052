//! Typed reading of TOML with source spans.
//!
//! Serde's derive stops at the first problem and loses positions; organizers need every problem
//! at once, each with a line and column. So files are parsed into toml's spanned document tree and
//! read field by field here: unknown keys (with a "did you mean"), missing keys and wrong types all
//! become diagnostics, and reading carries on.

use std::ops::Range;
use std::path::Path;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diag::{Code, Diagnostic, did_you_mean};

/// A value with the byte range it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sp<T> {
    pub(crate) value: T,
    pub(crate) span: Range<usize>,
}

impl<T> Sp<T> {
    pub(crate) fn new(value: T, span: Range<usize>) -> Self {
        Sp { value, span }
    }
}

/// A calendar date, as written in the file.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Date {
    pub(crate) year: u16,
    pub(crate) month: u8,
    pub(crate) day: u8,
}

impl Date {
    /// `YYYY-MM-DD`.
    pub fn iso(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// Parses `YYYY-MM-DD` (exactly: `2019-12-5` is not one, and gets a suggestion where it is
    /// read) and checks that the day exists.
    pub fn parse_iso(text: &str) -> Option<Date> {
        let shape_ok = text.len() == 10
            && text.bytes().enumerate().all(|(i, b)| match i {
                4 | 7 => b == b'-',
                _ => b.is_ascii_digit(),
            });
        if !shape_ok {
            return None;
        }
        let mut parts = text.split('-');
        let year: u16 = parts.next()?.parse().ok()?;
        let month: u8 = parts.next()?.parse().ok()?;
        let day: u8 = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        let date = Date { year, month, day };
        date.is_valid().then_some(date)
    }

    /// Whether the day exists: a month of twelve, a day of the month, and a year from 1 (TOML
    /// allows the year 0, which no calendar of events has).
    pub fn is_valid(&self) -> bool {
        let (Ok(year), Ok(month), Ok(day)) = (
            i16::try_from(self.year),
            i8::try_from(self.month),
            i8::try_from(self.day),
        ) else {
            return false;
        };
        self.year != 0 && jiff::civil::Date::new(year, month, day).is_ok()
    }

    /// The same day as jiff's, which does the calendar arithmetic. Every date read from a file
    /// is a calendar date (reading refuses the others); one that is not counts as the nearest
    /// day of its month (February 30 as February's last), within jiff's years (up to 9999).
    fn civil(&self) -> jiff::civil::Date {
        let year = i16::try_from(self.year).map_or(9999, |y| y.min(9999));
        let month = self.month.clamp(1, 12) as i8;
        let first = jiff::civil::Date::new(year, month, 1).unwrap_or(jiff::civil::Date::MAX);
        let day = i8::try_from(self.day).map_or(i8::MAX, |d| d.max(1));
        first
            .with()
            .day(day.min(first.days_in_month()))
            .build()
            .unwrap_or(first)
    }

    /// Days since 1970-01-01 (negative before), for counting the days between two dates.
    pub(crate) fn day_number(&self) -> i64 {
        self.civil()
            .duration_since(jiff::civil::Date::constant(1970, 1, 1))
            .as_secs()
            / 86_400
    }

    /// The date `days` after this one (`days` may be negative), within jiff's years.
    pub(crate) fn add_days(&self, days: i64) -> Date {
        let duration = jiff::SignedDuration::from_secs(days.saturating_mul(86_400));
        Date::from_civil(self.civil().saturating_add(duration))
    }

    /// The day jiff names, in the file's terms: the one way a date computed by jiff (a day
    /// added, the clock read) comes back. jiff's years are 1 to 9999 at most here.
    pub(crate) fn from_civil(date: jiff::civil::Date) -> Date {
        Date {
            year: u16::try_from(date.year()).unwrap_or(0),
            month: date.month().unsigned_abs(),
            day: date.day().unsigned_abs(),
        }
    }

    /// The day after this one (an iCalendar all-day event ends on the day after its last).
    pub(crate) fn next_day(&self) -> Date {
        self.add_days(1)
    }
}

/// A moment written by Holonet's own editing commands (`updated`, `paired`): the wall-clock time
/// at the venue and, when known, its offset from UTC (`2026-11-23T14:05:00+01:00`). The time is
/// kept as written, never read from the clock, so builds stay deterministic; the offset lets a
/// browser anywhere count a round's time down correctly.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Timestamp {
    pub date: Date,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
    /// Minutes east of UTC; `None` for a local time written without an offset.
    pub offset_minutes: Option<i16>,
}

impl Timestamp {
    /// RFC 3339 (`2026-11-23T14:05:00+01:00`), or a local date-time when no offset is known;
    /// both are what JavaScript's `Date` parses.
    pub(crate) fn iso(&self) -> String {
        let mut text = format!(
            "{}T{:02}:{:02}:{:02}",
            self.date.iso(),
            self.hour,
            self.minute,
            self.second
        );
        match self.offset_minutes {
            Some(0) => text.push('Z'),
            Some(offset) => {
                let sign = if offset < 0 { '-' } else { '+' };
                let abs = offset.unsigned_abs();
                text.push_str(&format!("{sign}{:02}:{:02}", abs / 60, abs % 60));
            }
            None => {}
        }
        text
    }

    /// `14:05`: the venue's wall-clock time, as players see it on the room's clock.
    pub(crate) fn hhmm(&self) -> String {
        format!("{:02}:{:02}", self.hour, self.minute)
    }

    /// The same wall clock `minutes` later (into the next days if need be), at the same
    /// offset: when a round paired at this time ends.
    pub(crate) fn plus_minutes(&self, minutes: u32) -> Timestamp {
        let total = u32::from(self.hour) * 60 + u32::from(self.minute) + minutes;
        Timestamp {
            date: self.date.add_days(i64::from(total / (24 * 60))),
            hour: (total / 60 % 24) as u8,
            minute: (total % 60) as u8,
            ..*self
        }
    }
}

/// Collects diagnostics for one file while it is read.
pub(crate) struct Reader<'p> {
    pub(crate) file: &'p Path,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// What a value is, for "expected a string, found an integer" messages.
fn kind_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a number with a fraction",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// Largest integer accepted anywhere in an event file; far beyond any real tournament, small
/// enough that arithmetic on it can never overflow.
pub(crate) const MAX_INTEGER: i64 = 1_000_000_000;

impl<'p> Reader<'p> {
    pub(crate) fn new(file: &'p Path) -> Self {
        Reader {
            file,
            diagnostics: Vec::new(),
        }
    }

    pub(crate) fn error(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        self.diagnostics
            .push(Diagnostic::error(code, self.file, Some(span), message));
        self.diagnostics.last_mut().expect("just pushed")
    }

    pub(crate) fn warning(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        self.diagnostics
            .push(Diagnostic::warning(code, self.file, Some(span), message));
        self.diagnostics.last_mut().expect("just pushed")
    }

    /// Parses a whole document. Syntax errors become diagnostics; `None` means nothing usable.
    /// Nesting beyond [`MAX_NESTING`] is reported first, where it happens, and the text is not
    /// parsed then.
    pub(crate) fn parse<'i>(&mut self, text: &'i str) -> Option<Spanned<DeTable<'i>>> {
        if !nesting_within_limit(self, text) {
            return None;
        }
        match DeTable::parse(text) {
            Ok(table) => Some(table),
            Err(err) => {
                let span = err.span().unwrap_or(0..0);
                // The parser only knows which character it could not read; a curly quote or a
                // date written the local way is worth naming, since "expected literal string"
                // does not say what to type instead.
                if let Some(slip) = common_slip(text, span.start) {
                    self.error(Code::Syntax, slip.span, slip.message).help = Some(slip.help);
                    return None;
                }
                let message = err.message().trim().trim_end_matches('.').to_string();
                self.error(Code::Syntax, span, format!("this is not valid TOML: {message}"))
                    .help = Some("fix the syntax at the caret (quotes, brackets, commas and `=` are the usual suspects)".into());
                None
            }
        }
    }

    /// Starts reading a table whose allowed keys are `known`; every other key is reported now.
    /// `what` names the table in messages, such as "`[event]`".
    pub(crate) fn table<'r, 'i>(
        &mut self,
        table: &'r DeTable<'i>,
        span: Range<usize>,
        what: &str,
        known: &[&str],
    ) -> Fields<'r, 'i> {
        self.table_under(table, span, what, known, None)
    }

    /// [`Reader::table`] for a table written with a `[header]` inside another entry, such as
    /// `[players.decks.dark]` inside a `[[players]]` entry: TOML puts every key below a header
    /// in that table, so a key of the outer entry (`parent`: its name in messages and its keys)
    /// written below the header lands here. That slip is named as such, with where the key goes.
    pub(crate) fn table_under<'r, 'i>(
        &mut self,
        table: &'r DeTable<'i>,
        span: Range<usize>,
        what: &str,
        known: &[&str],
        parent: Option<(&str, &[&str])>,
    ) -> Fields<'r, 'i> {
        for key in table.keys() {
            let name = key.get_ref().as_ref();
            if let Some((outer, keys)) = parent
                && !known.contains(&name)
                && keys.contains(&name)
            {
                self.error(
                    Code::UnknownField,
                    key.span(),
                    format!("`{name}` belongs to {outer}, but it is written below {what}"),
                )
                .help = Some(format!(
                    "move the `{name}` line above the {what} line: TOML puts every key in the last table named above it"
                ));
            } else if !known.contains(&name) {
                let diag = self.error(
                    Code::UnknownField,
                    key.span(),
                    format!("unknown field `{name}` in {what}"),
                );
                match did_you_mean(name, known.iter().copied()) {
                    Some(close) => {
                        diag.label = Some(format!("did you mean `{close}`?"));
                        diag.help = Some(format!("rename it to `{close}`, or remove it"));
                    }
                    None => {
                        diag.help = Some(format!(
                            "remove it; the fields {what} accepts are: {}",
                            known.join(", ")
                        ));
                    }
                }
            }
        }
        Fields {
            table,
            span,
            what: what.to_string(),
        }
    }

    /// Reads a value as a table, or reports what it is instead.
    pub(crate) fn as_table<'r, 'i>(
        &mut self,
        value: &'r Spanned<DeValue<'i>>,
        what: &str,
    ) -> Option<&'r DeTable<'i>> {
        match value.get_ref() {
            DeValue::Table(t) => Some(t),
            other => {
                self.wrong_type(value.span(), what, "a table", other);
                None
            }
        }
    }

    fn wrong_type(&mut self, span: Range<usize>, what: &str, expected: &str, found: &DeValue<'_>) {
        self.error(
            Code::WrongType,
            span,
            format!("{what} must be {expected}, found {}", kind_name(found)),
        )
        .help = Some(format!("write {what} as {expected}"));
    }

    pub(crate) fn string(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        what: &str,
    ) -> Option<Sp<String>> {
        match value.get_ref() {
            // A control character (an escape sequence, a NUL) has no place in a name or a note,
            // and would reach terminals and pages; tabs and line breaks (in descriptions) do.
            DeValue::String(s) => match s.chars().find(|&c| is_stray_control(c)) {
                Some(c) => {
                    self.error(
                        Code::InvalidValue,
                        value.span(),
                        format!("{what} holds a control character (U+{:04X})", u32::from(c)),
                    )
                    .help =
                        Some("remove it: it is invisible, and no name or text needs one".into());
                    None
                }
                None => Some(Sp::new(s.to_string(), value.span())),
            },
            other => {
                self.wrong_type(value.span(), what, "a string in quotes", other);
                None
            }
        }
    }

    pub(crate) fn integer(&mut self, value: &Spanned<DeValue<'_>>, what: &str) -> Option<Sp<i64>> {
        match value.get_ref() {
            DeValue::Integer(i) => {
                let digits = i.as_str().replace('_', "");
                let digits = digits.trim_start_matches('+');
                let digits = ["0x", "0o", "0b"]
                    .iter()
                    .fold(digits, |d, prefix| d.strip_prefix(prefix).unwrap_or(d));
                match i64::from_str_radix(digits, i.radix()) {
                    Ok(n) if (-MAX_INTEGER..=MAX_INTEGER).contains(&n) => {
                        Some(Sp::new(n, value.span()))
                    }
                    _ => {
                        self.error(
                            Code::InvalidValue,
                            value.span(),
                            format!("{what} is too large"),
                        )
                        .help = Some(format!(
                            "use a number between -{MAX_INTEGER} and {MAX_INTEGER}"
                        ));
                        None
                    }
                }
            }
            other => {
                self.wrong_type(value.span(), what, "a whole number", other);
                None
            }
        }
    }

    /// A whole number in `min..=max`.
    pub(crate) fn integer_in(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        what: &str,
        min: i64,
        max: i64,
    ) -> Option<Sp<i64>> {
        let n = self.integer(value, what)?;
        if (min..=max).contains(&n.value) {
            Some(n)
        } else {
            self.error(
                Code::InvalidValue,
                n.span.clone(),
                format!("{what} is {}, which is out of range", n.value),
            )
            .help = Some(format!("use a number from {min} to {max}"));
            None
        }
    }

    /// A number, whole or with a fraction, in `min..=max` (never infinite or NaN).
    pub(crate) fn number_in(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        what: &str,
        min: f64,
        max: f64,
    ) -> Option<Sp<f64>> {
        let n = match value.get_ref() {
            DeValue::Integer(_) => self.integer(value, what)?.value as f64,
            DeValue::Float(f) => f
                .as_str()
                .replace('_', "")
                .parse::<f64>()
                .unwrap_or(f64::NAN),
            other => {
                self.wrong_type(value.span(), what, "a number", other);
                return None;
            }
        };
        if (min..=max).contains(&n) {
            Some(Sp::new(n, value.span()))
        } else {
            self.error(
                Code::InvalidValue,
                value.span(),
                format!("{what} is {n}, which is out of range"),
            )
            .help = Some(format!("use a number from {min} to {max}"));
            None
        }
    }

    pub(crate) fn boolean(&mut self, value: &Spanned<DeValue<'_>>, what: &str) -> Option<Sp<bool>> {
        match value.get_ref() {
            DeValue::Boolean(b) => Some(Sp::new(*b, value.span())),
            other => {
                self.wrong_type(value.span(), what, "true or false", other);
                None
            }
        }
    }

    /// A TOML date-time (`2026-11-23T14:05:00+01:00`, or without the offset), as `holonet pair`
    /// and `holonet report` write it.
    pub(crate) fn timestamp(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        what: &str,
    ) -> Option<Sp<Timestamp>> {
        let DeValue::Datetime(dt) = value.get_ref() else {
            self.wrong_type(
                value.span(),
                what,
                "a date and time such as 2026-11-23T14:05:00+01:00",
                value.get_ref(),
            );
            return None;
        };
        let (Some(d), Some(t)) = (dt.date, dt.time) else {
            self.error(
                Code::InvalidValue,
                value.span(),
                format!("{what} needs both a date and a time of day"),
            )
            .help = Some("write it as 2026-11-23T14:05:00+01:00, or leave it to holonet pair and holonet report, which write it".into());
            return None;
        };
        let offset_minutes = match dt.offset {
            None => None,
            Some(toml::value::Offset::Z) => Some(0),
            Some(toml::value::Offset::Custom { minutes }) => Some(minutes),
        };
        let date = Date {
            year: d.year,
            month: d.month,
            day: d.day,
        };
        Some(Sp::new(
            Timestamp {
                date,
                hour: t.hour,
                minute: t.minute,
                second: t.second.unwrap_or(0),
                offset_minutes,
            },
            value.span(),
        ))
    }

    /// A TOML local date (`2018-05-12`). A quoted date is accepted with a warning-free read, since
    /// organizers often quote them.
    pub(crate) fn date(&mut self, value: &Spanned<DeValue<'_>>, what: &str) -> Option<Sp<Date>> {
        let parsed = match value.get_ref() {
            DeValue::Datetime(dt) => match (dt.date, dt.time) {
                (Some(d), None) => Some(Date {
                    year: d.year,
                    month: d.month,
                    day: d.day,
                }),
                _ => None,
            },
            DeValue::String(s) => Date::parse_iso(s),
            other => {
                self.wrong_type(value.span(), what, "a date such as 2018-05-12", other);
                return None;
            }
        };
        match parsed {
            Some(d) if d.is_valid() => Some(Sp::new(d, value.span())),
            _ => {
                let help = match value.get_ref() {
                    DeValue::String(s) => iso_suggestion(s),
                    _ => None,
                };
                self.error(
                    Code::InvalidValue,
                    value.span(),
                    format!("{what} is not a calendar date"),
                )
                .help = Some(help.unwrap_or_else(|| {
                    "write the date as YYYY-MM-DD, for example 2018-05-12, without a time".into()
                }));
                None
            }
        }
    }

    /// The items of a list, or a report of what the value is instead.
    pub(crate) fn array<'r, 'i>(
        &mut self,
        value: &'r Spanned<DeValue<'i>>,
        what: &str,
    ) -> &'r [Spanned<DeValue<'i>>] {
        match value.get_ref() {
            DeValue::Array(items) => items,
            other => {
                self.wrong_type(value.span(), what, "a list in square brackets", other);
                &[]
            }
        }
    }

    /// Reports `value` as not one of `allowed`: lists them, and suggests the closest.
    pub(crate) fn not_one_of(
        &mut self,
        value: &Sp<String>,
        message: String,
        allowed: &[&str],
    ) -> &mut Diagnostic {
        let close = did_you_mean(&value.value, allowed.iter().copied());
        let diag = self.error(Code::InvalidValue, value.span.clone(), message);
        diag.help = Some(format!("use one of: {}", allowed.join(", ")));
        diag.label = close.map(|c| format!("did you mean `{c}`?"));
        diag
    }
}

/// A syntax error an organizer commonly makes, named with its fix.
struct Slip {
    span: Range<usize>,
    message: String,
    help: String,
}

/// Typographic quotes, which word processors and some editors type for `"` and `'`.
const CURLY_QUOTES: &[char] = &['“', '”', '„', '‘', '’', '‚', '«', '»'];

/// The slip on the line where parsing stopped at `offset`, if it is one of the usual ones: a
/// value in curly quotes, or a date written day or month first.
fn common_slip(text: &str, offset: usize) -> Option<Slip> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = text[start..end].trim_end_matches('\r');
    curly_quotes(line, start).or_else(|| local_date(line, start))
}

/// `name = “Tom”`: the first curly quote outside straight-quoted text, through the last one
/// on the line, with the line's value rewritten in straight quotes.
fn curly_quotes(line: &str, line_start: usize) -> Option<Slip> {
    let mut quote = None;
    let mut first = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '#') => break,
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, c) if CURLY_QUOTES.contains(&c) => {
                first = Some(i);
                break;
            }
            _ => {}
        }
    }
    let first = first?;
    // A comment after the value may hold curly quotes of its own.
    let value_end = line[first..].find('#').map_or(line.len(), |i| first + i);
    let last = line[..value_end].rfind(CURLY_QUOTES)?;
    let last_end = last + line[last..].chars().next().map_or(1, char::len_utf8);
    let straight: String = line[..last_end]
        .chars()
        .map(|c| if CURLY_QUOTES.contains(&c) { '"' } else { c })
        .collect();
    let quote_char = line[first..].chars().next().unwrap_or('“');
    Some(Slip {
        span: line_start + first..line_start + last_end,
        message: format!("`{quote_char}` is a curly quote; TOML strings need straight quotes"),
        help: format!(
            "write `{}` with straight quotes (\" or '); turn off \"smart quotes\" in your editor if it curls them",
            straight.trim()
        ),
    })
}

/// `date = 23/11/2026` (or `23.11.2026`, `11/23/2026`, `2026/11/23`): a key's value that is a
/// date in another order or with other separators than TOML's `2026-11-23`.
fn local_date(line: &str, line_start: usize) -> Option<Slip> {
    let equals = line.find('=')?;
    let after = &line[equals + 1..];
    let value = after.split('#').next()?.trim();
    let help = iso_suggestion(value)?;
    let at = line_start + equals + 1 + after.find(value)?;
    Some(Slip {
        span: at..at + value.len(),
        message: format!("`{value}` is not a TOML date: TOML writes dates year-month-day"),
        help,
    })
}

/// The help for a date written as three numbers in another order or with other separators:
/// the ISO date it stands for, or both when day and month could be either way round.
fn iso_suggestion(value: &str) -> Option<String> {
    let separator = value.chars().find(|c| !c.is_ascii_digit())?;
    if !matches!(separator, '/' | '.' | '-') {
        return None;
    }
    let parts: Vec<&str> = value.split(separator).collect();
    let [a, b, c] = parts[..] else {
        return None;
    };
    if [a, b, c]
        .iter()
        .any(|p| p.is_empty() || !p.bytes().all(|d| d.is_ascii_digit()))
    {
        return None;
    }
    let date = |year: &str, month: &str, day: &str| {
        let date = Date {
            year: year.parse().ok()?,
            month: month.parse().ok()?,
            day: day.parse().ok()?,
        };
        date.is_valid().then_some(date)
    };
    let candidates: Vec<Date> = if a.len() == 4 {
        date(a, b, c).into_iter().collect()
    } else if c.len() == 4 {
        let mut found: Vec<Date> = [date(c, b, a), date(c, a, b)]
            .into_iter()
            .flatten()
            .collect();
        found.dedup();
        found
    } else {
        Vec::new()
    };
    match candidates[..] {
        [only] if only.iso() != value => Some(format!("write `{}`", only.iso())),
        [day_first, month_first] => Some(format!(
            "write `{}` if the day comes first, or `{}` if the month does",
            day_first.iso(),
            month_first.iso()
        )),
        _ => None,
    }
}

/// The keys of one table, after unknown keys were reported.
pub(crate) struct Fields<'r, 'i> {
    table: &'r DeTable<'i>,
    pub(crate) span: Range<usize>,
    what: String,
}

impl<'r, 'i> Fields<'r, 'i> {
    pub(crate) fn get(&self, key: &str) -> Option<&'r Spanned<DeValue<'i>>> {
        self.table.get(key)
    }

    /// A required key; reports it missing at the table's own span.
    pub(crate) fn require(
        &self,
        reader: &mut Reader<'_>,
        key: &str,
        example: &str,
    ) -> Option<&'r Spanned<DeValue<'i>>> {
        let found = self.table.get(key);
        if found.is_none() {
            reader
                .error(
                    Code::MissingField,
                    self.span.clone(),
                    format!("{} has no `{key}`", self.what),
                )
                .help = Some(format!("add `{key} = {example}` to {}", self.what));
        }
        found
    }
}

/// A control character that is not a tab or a line break: text that holds one (an escape
/// sequence, a NUL) would reach terminals and pages as it is.
pub(crate) fn is_stray_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Deepest nesting of lists, inline tables and dotted keys in any TOML file Holonet reads. An
/// event needs four levels at most (a timed elimination game's state inside a game inside the
/// `games` list); the TOML parser recurses once per level, so a file nested thousands deep must
/// be stopped before it is parsed.
pub const MAX_NESTING: usize = 16;

/// Reports the first place nested deeper than [`MAX_NESTING`]: lists, inline tables and the
/// parts of a dotted key (`a.b.c = 1` or `[a.b.c]`), each a level the parser descends into.
/// Strings and comments are skipped, so a `[` inside a name counts for nothing; a table header
/// opens and closes on its line, so siblings do not add up.
fn nesting_within_limit(reader: &mut Reader<'_>, text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    // The dots of the key being read so far.
    let mut key_dots = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let deeper = match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            quote @ (b'"' | b'\'') => {
                i = end_of_string(bytes, i, quote);
                continue;
            }
            b'[' | b'{' => {
                depth += 1;
                true
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                false
            }
            // A dot between two digits is a number's (`1.5`, `12:00:00.5`), not a key's.
            b'.' if !(i > 0
                && bytes[i - 1].is_ascii_digit()
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) =>
            {
                key_dots += 1;
                true
            }
            b'=' | b',' | b'\n' => {
                key_dots = 0;
                false
            }
            _ => false,
        };
        if deeper && depth + key_dots > MAX_NESTING {
            reader
                .error(
                    Code::Limit,
                    i..i + 1,
                    format!(
                        "lists, tables or dotted keys are nested more than {MAX_NESTING} levels deep here"
                    ),
                )
                .help = Some(
                "no Holonet file needs more than four levels: close the brackets that were left open, or shorten the dotted key".into(),
            );
            return false;
        }
        i += 1;
    }
    true
}

/// The index just past the string that opens at `start` with `quote` (basic or literal, single
/// or triple); the end of the text if it never closes.
fn end_of_string(bytes: &[u8], start: usize, quote: u8) -> usize {
    let triple = bytes[start..].starts_with(&[quote; 3]);
    let mut i = start + if triple { 3 } else { 1 };
    while i < bytes.len() {
        if quote == b'"' && bytes[i] == b'\\' {
            i += 2;
            continue;
        }
        if triple && bytes[i..].starts_with(&[quote; 3]) {
            // A closing `"""` may be followed by up to two more quotes of the string.
            i += 3;
            while i < bytes.len() && bytes[i] == quote {
                i += 1;
            }
            return i;
        }
        if !triple && (bytes[i] == quote || bytes[i] == b'\n') {
            return i + 1;
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nesting_ok(text: &str) -> bool {
        let path = Path::new("events/x.toml");
        let mut reader = Reader::new(path);
        nesting_within_limit(&mut reader, text)
    }

    #[test]
    fn nesting_is_counted_outside_strings_and_comments() {
        let deep = format!("a = {}{}", "[".repeat(17), "]".repeat(17));
        assert!(!nesting_ok(&deep));
        assert!(nesting_ok(&format!(
            "a = {}{}",
            "[".repeat(16),
            "]".repeat(16)
        )));
        assert!(nesting_ok(&format!("a = \"{}\"", "[".repeat(100))));
        assert!(nesting_ok(&format!("a = '''{}'''", "{".repeat(100))));
        assert!(nesting_ok(&format!(
            "a = \"\"\"\\\"\"\"{}\"\"\"",
            "[".repeat(100)
        )));
        assert!(nesting_ok(&format!("# {}\na = 1", "[".repeat(100))));
        assert!(nesting_ok(&format!("a = \"\\\"{}\"", "[".repeat(100))));
        // Siblings do not add up.
        assert!(nesting_ok(&"[[players]]\n".repeat(100)));
    }

    #[test]
    fn dotted_keys_count_as_levels_and_numbers_do_not() {
        let header = format!("[{}]", vec!["a"; 17].join("."));
        assert!(!nesting_ok(&header));
        assert!(!nesting_ok(&format!("{} = 1", vec!["a"; 18].join("."))));
        assert!(nesting_ok(&format!("{} = 1", vec!["a"; 17].join("."))));
        assert!(nesting_ok(&format!("a = [{}]", vec!["1.5"; 40].join(", "))));
        assert!(nesting_ok("t = 2026-11-24T12:00:00.5+01:00\nx.y.z = 1\n"));
    }

    #[test]
    fn dates_in_other_orders_get_their_iso_form() {
        let help = |v: &str| iso_suggestion(v);
        assert_eq!(help("23/11/2026").as_deref(), Some("write `2026-11-23`"));
        assert_eq!(help("23.11.2026").as_deref(), Some("write `2026-11-23`"));
        assert_eq!(help("11/23/2026").as_deref(), Some("write `2026-11-23`"));
        assert_eq!(help("2026/11/23").as_deref(), Some("write `2026-11-23`"));
        assert_eq!(help("2026-1-5").as_deref(), Some("write `2026-01-05`"));
        assert_eq!(
            help("11/12/2026").as_deref(),
            Some("write `2026-12-11` if the day comes first, or `2026-11-12` if the month does")
        );
        assert_eq!(help("5/5/2026").as_deref(), Some("write `2026-05-05`"));
        for not_a_date in [
            "2026-11-23",
            "31/31/2026",
            "1.5",
            "a/b/2026",
            "12:30",
            "23/11/26",
        ] {
            assert_eq!(help(not_a_date), None, "{not_a_date}");
        }
    }

    #[test]
    fn curly_quotes_outside_strings_are_the_slip() {
        let slip = common_slip("a = 1\nname = “Tom”  # “x”\n", 14).expect("a slip");
        assert_eq!(slip.span, 13..22);
        let slip = curly_quotes("name = “Tom”", 0).expect("a slip");
        assert_eq!(slip.span, 7..16);
        assert!(slip.help.starts_with("write `name = \"Tom\"`"));
        assert!(curly_quotes("name = \"Tom “Tank”\" x", 0).is_none());
        assert!(curly_quotes("name = x # “Tank”", 0).is_none());
    }

    #[test]
    fn dates_must_exist() {
        assert!(Date::parse_iso("2024-02-29").is_some());
        assert!(Date::parse_iso("2019-12-5").is_none());
        assert!(Date::parse_iso("0000-01-01").is_none());
        assert!(Date::parse_iso("+2019-12-05").is_none());
        assert_eq!(
            iso_suggestion("2019-12-5").as_deref(),
            Some("write `2019-12-05`")
        );
        assert!(Date::parse_iso("2023-02-29").is_none());
        assert!(Date::parse_iso("2023-13-01").is_none());
        assert!(Date::parse_iso("2023-1-01x").is_none());
    }

    #[test]
    fn a_round_ends_minutes_later_past_midnight_at_the_same_offset() {
        let paired = Timestamp {
            date: Date::parse_iso("2026-12-31").expect("valid"),
            hour: 22,
            minute: 55,
            second: 30,
            offset_minutes: Some(60),
        };
        assert_eq!(paired.plus_minutes(0), paired);
        assert_eq!(paired.plus_minutes(64).iso(), "2026-12-31T23:59:30+01:00");
        assert_eq!(paired.plus_minutes(70).iso(), "2027-01-01T00:05:30+01:00");
        assert_eq!(paired.plus_minutes(70).hhmm(), "00:05");
        assert_eq!(
            paired.plus_minutes(24 * 60 + 5).iso(),
            "2027-01-01T23:00:30+01:00"
        );
    }

    #[test]
    fn the_next_day_crosses_months_years_and_leap_days() {
        let next = |s: &str| Date::parse_iso(s).expect("valid").next_day().iso();
        assert_eq!(next("2026-12-12"), "2026-12-13");
        assert_eq!(next("2024-02-28"), "2024-02-29");
        assert_eq!(next("2024-02-29"), "2024-03-01");
        assert_eq!(next("2023-02-28"), "2023-03-01");
        assert_eq!(next("2019-04-30"), "2019-05-01");
        assert_eq!(next("2026-12-31"), "2027-01-01");
    }

    #[test]
    fn day_numbers_count_days_both_ways() {
        let date = |s: &str| Date::parse_iso(s).expect("valid");
        assert_eq!(date("1970-01-01").day_number(), 0);
        assert_eq!(date("2000-03-01").day_number(), 11_017);
        // 2016 is a leap year: 366 days from one New Year's Day to the next.
        assert_eq!(
            date("2017-01-01").day_number() - date("2016-01-01").day_number(),
            366
        );
        assert_eq!(date("2015-03-02").add_days(27).iso(), "2015-03-29");
        assert_eq!(date("2024-03-01").add_days(-1).iso(), "2024-02-29");
        assert_eq!(date("1999-12-31").add_days(1).iso(), "2000-01-01");
    }

    #[test]
    fn unknown_keys_are_reported_with_a_suggestion() {
        let text = "nmae = 'x'\nname = 'y'\n";
        let path = Path::new("f.toml");
        let mut reader = Reader::new(path);
        let doc = reader.parse(text).expect("valid toml");
        let span = doc.span();
        let fields = reader.table(doc.get_ref(), span, "`[event]`", &["name", "date"]);
        assert!(fields.get("name").is_some());
        assert_eq!(reader.diagnostics.len(), 1);
        assert_eq!(
            reader.diagnostics[0].label.as_deref(),
            Some("did you mean `name`?")
        );
        assert_eq!(reader.diagnostics[0].span, Some(0..4));
    }

    #[test]
    fn integers_in_every_radix_and_out_of_range() {
        let text = "a = 0x10\nb = 1_000\nc = 99999999999\n";
        let path = Path::new("f.toml");
        let mut reader = Reader::new(path);
        let doc = reader.parse(text).expect("valid toml");
        let t = doc.get_ref();
        assert_eq!(reader.integer(&t["a"], "a").map(|s| s.value), Some(16));
        assert_eq!(reader.integer(&t["b"], "b").map(|s| s.value), Some(1000));
        assert_eq!(reader.integer(&t["c"], "c"), None);
        assert_eq!(reader.diagnostics.len(), 1);
    }
}
