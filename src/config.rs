//! Site configuration: `holonet.toml` at the site root.

use crate::diag::Shown;
use std::path::Path;

use crate::diag::{Code, Diagnostic};
use crate::rules::rating::{Parameters, PeriodLength};
use crate::toml_reader::Reader;
use toml::Spanned;
use toml::de::DeValue;

/// The site's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub title: String,
    pub(crate) description: String,
    /// Where the site is published, ending in `/`; links are made under its path.
    pub(crate) base_url: String,
    /// BCP 47 language tag of the pages.
    pub(crate) language: String,
    /// A folder under `themes/` whose templates and static files override the site's.
    pub(crate) theme: Option<String>,
    /// Ruleset of events that do not name one.
    pub(crate) default_rules: Option<String>,
    /// How many finished events the home page lists.
    pub(crate) recent_events: u32,
    /// The players' ratings (`[ratings]`).
    pub ratings: Ratings,
}

/// The players' ratings (`[ratings]`, described on the built-in page `docs/ratings/`): whether
/// the site publishes them, the method's parameters, and who the ratings page lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ratings {
    pub(crate) enabled: bool,
    pub(crate) parameters: Parameters,
    /// Players with fewer rated games than this are left out of the ratings page's tables
    /// (their own page still shows their rating).
    pub(crate) min_games: u32,
    /// A listed rating whose deviation is above this is marked provisional.
    pub(crate) provisional_deviation: u32,
    /// The ratings page lists first the players who played a rated game of that game within
    /// this many months up to its latest rated game, and the all-time list apart; 0 lists
    /// everyone as active.
    pub(crate) active_months: u32,
}

impl Default for Ratings {
    fn default() -> Self {
        Ratings {
            enabled: true,
            parameters: Parameters::default(),
            min_games: 5,
            provisional_deviation: 120,
            active_months: 24,
        }
    }
}

const RATINGS_KEYS: &[&str] = &[
    "enabled",
    "period",
    "tau",
    "rating",
    "deviation",
    "volatility",
    "min_games",
    "provisional_deviation",
    "active_months",
];

/// Reads the `[ratings]` table; what is not given keeps its default.
fn read_ratings(reader: &mut Reader<'_>, value: &Spanned<DeValue<'_>>) -> Ratings {
    let mut ratings = Ratings::default();
    let Some(table) = reader.as_table(value, "`[ratings]`") else {
        return ratings;
    };
    let fields = reader.table(table, value.span(), "`[ratings]`", RATINGS_KEYS);
    let number = |reader: &mut Reader<'_>, key: &str, min: f64, max: f64, into: &mut f64| {
        if let Some(n) = fields
            .get(key)
            .and_then(|v| reader.number_in(v, &format!("`ratings.{key}`"), min, max))
        {
            *into = n.value;
        }
    };
    let p = &mut ratings.parameters;
    // Glickman calls 0.3 to 1.2 reasonable for τ; the range allows a little either side.
    number(reader, "tau", 0.1, 2.0, &mut p.tau);
    number(reader, "rating", 0.0, 5000.0, &mut p.rating);
    // The deviation of an absent player grows up to 350 at most (the crate's ceiling, the
    // paper's newcomer), so a newcomer cannot start less certain than that.
    number(reader, "deviation", 10.0, 350.0, &mut p.deviation);
    number(reader, "volatility", 0.001, 1.0, &mut p.volatility);
    if let Some(b) = fields
        .get("enabled")
        .and_then(|v| reader.boolean(v, "`ratings.enabled`"))
    {
        ratings.enabled = b.value;
    }
    if let Some(name) = fields
        .get("period")
        .and_then(|v| reader.string(v, "`ratings.period`"))
    {
        match PeriodLength::from_name(&name.value) {
            Some(period) => ratings.parameters.period = period,
            None => {
                reader.not_one_of(
                    &name,
                    format!("`{}` is not a rating period", name.value),
                    PeriodLength::NAMES,
                );
            }
        }
    }
    for (key, into, max) in [
        ("min_games", &mut ratings.min_games, 1000),
        (
            "provisional_deviation",
            &mut ratings.provisional_deviation,
            350,
        ),
        ("active_months", &mut ratings.active_months, 1200),
    ] {
        if let Some(n) = fields
            .get(key)
            .and_then(|v| reader.integer_in(v, &format!("`ratings.{key}`"), 0, max))
        {
            *into = n.value as u32;
        }
    }
    ratings
}

const KEYS: &[&str] = &[
    "title",
    "description",
    "base_url",
    "language",
    "theme",
    "default_rules",
    "recent_events",
    "ratings",
];

/// The configuration file's name.
pub(crate) const FILE: &str = "holonet.toml";

/// Checks an address for the site (`base_url`, or `--base-url`): a web address with a host, or
/// a path from the root of a domain; the error says what is wrong. Every link of every page
/// starts with it, so `//other.host/` (an address on another host) or a character a link cannot
/// hold would break or divert them all.
pub fn check_base_url(url: &str) -> Result<(), String> {
    if let Some(c) = url.chars().find(|c| {
        c.is_whitespace()
            || c.is_control()
            || matches!(
                c,
                '"' | '\'' | '<' | '>' | '\\' | '`' | '{' | '}' | '|' | '^' | '?' | '#'
            )
    }) {
        return Err(format!(
            "`base_url` holds {:?}, which a site address cannot",
            c
        ));
    }
    if url.starts_with("//") {
        return Err(
            "`base_url` starts with //, which names another host: every link would leave the site"
                .into(),
        );
    }
    if let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    {
        if rest.split('/').next().is_none_or(str::is_empty) {
            return Err("`base_url` has no host after its scheme".into());
        }
        return Ok(());
    }
    if url.starts_with('/') {
        return Ok(());
    }
    Err("`base_url` must be a web address (https://...) or a path starting with /".into())
}

/// A language tag of the kind `<html lang>` takes: a primary language of two or three letters,
/// then subtags of one to eight letters or digits (`en`, `pt-BR`, `zh-Hant-TW`).
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let primary_ok = parts
        .next()
        .is_some_and(|p| (2..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphabetic()));
    primary_ok
        && tag.len() <= 35
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

impl Config {
    /// Reads `root/holonet.toml`; returns diagnostics for every problem.
    pub(crate) fn load(root: &Path) -> Result<Config, (Vec<Diagnostic>, Option<String>)> {
        let shown = Path::new(FILE);
        let full = root.join(FILE);
        let exists = crate::paths::expect_kind(&full, shown, crate::paths::Kind::File)
            .map_err(|d| (vec![d], None))?;
        if !exists {
            return Err((
                vec![
                    Diagnostic::error(Code::Config, shown, None, format!("no {FILE} in {}", root.shown()))
                        .with_help("run holonet in a site folder, pass --root, or create one with `holonet init`"),
                ],
                None,
            ));
        }
        let text = crate::text_file::read_text(&full, shown).map_err(|d| (vec![d], None))?;
        Config::parse(&text).map_err(|d| (d, Some(text)))
    }

    /// Parses the configuration's text.
    pub fn parse(text: &str) -> Result<Config, Vec<Diagnostic>> {
        let shown = Path::new(FILE);
        let mut reader = Reader::new(shown);
        let Some(doc) = reader.parse(text) else {
            return Err(reader.diagnostics);
        };
        let fields = reader.table(doc.get_ref(), 0..0, FILE, KEYS);
        let string = |reader: &mut Reader<'_>, key: &str| {
            fields
                .get(key)
                .and_then(|v| reader.string(v, &format!("`{key}`")))
        };
        let title = string(&mut reader, "title");
        let description = string(&mut reader, "description");
        let base_url = string(&mut reader, "base_url");
        let language = string(&mut reader, "language");
        let theme = string(&mut reader, "theme");
        let default_rules = string(&mut reader, "default_rules");
        let recent = fields
            .get("recent_events")
            .and_then(|v| reader.integer_in(v, "`recent_events`", 0, 1000));
        let ratings = fields
            .get("ratings")
            .map(|v| read_ratings(&mut reader, v))
            .unwrap_or_default();
        if fields.get("title").is_none() {
            reader
                .error(Code::Config, 0..0, format!("{FILE} has no `title`"))
                .help = Some("add `title = \"My tournament archive\"`".into());
        }
        let base = base_url
            .as_ref()
            .map_or_else(|| "/".to_string(), |b| b.value.clone());
        if let Some(b) = &base_url
            && let Err(problem) = check_base_url(&b.value)
        {
            reader.error(Code::Config, b.span.clone(), problem).help = Some(
                "write it as https://example.github.io/archive/ (or / for the root of a domain)"
                    .into(),
            );
        }
        if let Some(t) = &title
            && t.value.trim().is_empty()
        {
            reader
                .error(Code::Config, t.span.clone(), "`title` is empty")
                .help = Some(
                "write the archive's name, such as `title = \"Outer Rim Archive\"`: it heads every page".into(),
            );
        }
        if let Some(l) = &language
            && !is_language_tag(&l.value)
        {
            reader
                .error(
                    Code::Config,
                    l.span.clone(),
                    format!("`{}` is not a language tag", l.value),
                )
                .help = Some(
                "write a language tag such as en, fr, de or pt-BR: browsers and screen readers use it to pick a voice".into(),
            );
        }
        if let Some(t) = &theme
            && !crate::event::ids::is_valid_id(&t.value)
        {
            reader
                .error(
                    Code::Config,
                    t.span.clone(),
                    format!("`{}` cannot be a theme name", t.value),
                )
                .help =
                Some("name a folder under themes/ with lower-case letters, digits and `-`".into());
        }
        if let Some(r) = &default_rules
            && crate::rules::ruleset(&r.value).is_none()
        {
            let known: Vec<&str> = crate::rules::RULESETS.iter().map(|r| r.id).collect();
            reader
                .error(
                    Code::Config,
                    r.span.clone(),
                    format!("unknown ruleset `{}`", r.value),
                )
                .help = Some(format!("use one of: {}", known.join(", ")));
        }
        if reader.diagnostics.iter().any(Diagnostic::is_error) {
            return Err(reader.diagnostics);
        }
        Ok(Config {
            title: title.map(|t| t.value).unwrap_or_default(),
            description: description.map(|d| d.value).unwrap_or_default(),
            base_url: if base.ends_with('/') {
                base
            } else {
                format!("{base}/")
            },
            language: language.map_or_else(|| "en".to_string(), |l| l.value),
            theme: theme.map(|t| t.value),
            default_rules: default_rules.map(|r| r.value),
            recent_events: recent.map_or(10, |r| r.value as u32),
            ratings,
        })
    }

    /// The path part of `base_url` (`/archive/` for `https://example.github.io/archive/`):
    /// every link in the pages starts with it.
    pub(crate) fn base_path(&self) -> String {
        let after_scheme = self
            .base_url
            .split_once("://")
            .map_or(self.base_url.as_str(), |(_, rest)| rest);
        let path = if self.base_url.contains("://") {
            after_scheme.find('/').map_or("/", |i| &after_scheme[i..])
        } else {
            after_scheme
        };
        if path.ends_with('/') {
            path.to_string()
        } else {
            format!("{path}/")
        }
    }

    /// Replaces `base_url` (from `--base-url`).
    pub(crate) fn with_base_url(mut self, base_url: &str) -> Config {
        self.base_url = if base_url.ends_with('/') {
            base_url.to_string()
        } else {
            format!("{base_url}/")
        };
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_paths() {
        let c = Config::parse("title = 't'\nbase_url = 'https://example.github.io/archive'")
            .expect("valid");
        assert_eq!(c.base_url, "https://example.github.io/archive/");
        assert_eq!(c.base_path(), "/archive/");
        assert_eq!(c.clone().with_base_url("https://x.org").base_path(), "/");
        assert_eq!(c.with_base_url("/sub/dir/").base_path(), "/sub/dir/");
    }

    #[test]
    fn addresses_languages_and_titles_are_checked() {
        for bad in [
            "//other.host/",
            "https:///x",
            "example.org",
            "/a b/",
            "/x?y",
            "https://h/\"><script>",
        ] {
            assert!(check_base_url(bad).is_err(), "{bad}");
            let text = format!("title = 't'\nbase_url = {bad:?}");
            assert!(Config::parse(&text).is_err(), "{bad}");
        }
        for good in [
            "/",
            "/archive/",
            "https://example.github.io/archive",
            "http://localhost:1111/",
        ] {
            assert!(check_base_url(good).is_ok(), "{good}");
        }
        for bad in ["english", "e", "en_GB", "en-", "<b>", "fr-toolongsubtag"] {
            let text = format!("title = 't'\nlanguage = {bad:?}");
            assert!(Config::parse(&text).is_err(), "{bad}");
        }
        for good in ["en", "fr", "pt-BR", "zh-Hant-TW", "sr-Latn"] {
            let text = format!("title = 't'\nlanguage = {good:?}");
            assert!(Config::parse(&text).is_ok(), "{good}");
        }
        let empty = Config::parse("title = '  '").expect_err("empty title");
        assert!(empty[0].span.is_some());
    }

    #[test]
    fn ratings_parameters_are_read_and_checked() {
        let c = Config::parse("title = 't'\n[ratings]\ntau = 0.3\nperiod = 'event'\nmin_games = 3")
            .expect("valid");
        assert_eq!(c.ratings.parameters.tau, 0.3);
        assert_eq!(c.ratings.parameters.period, PeriodLength::Event);
        assert_eq!(c.ratings.min_games, 3);
        assert_eq!(c.ratings.parameters.deviation, 350.0, "a default stays");
        let defaults = Config::parse("title = 't'").expect("valid");
        assert_eq!(defaults.ratings, Ratings::default());
        let text =
            "title = 't'\n[ratings]\ntau = 7.5\nperiod = 'week'\nvolatility = 'x'\ndeviaton = 300";
        let errors = Config::parse(text).expect_err("invalid");
        assert_eq!(errors.len(), 4, "{errors:?}");
        let at = |needle: &str| {
            errors
                .iter()
                .find(|e| e.message.contains(needle))
                .expect(needle)
        };
        let tau = at("`ratings.tau` is 7.5");
        assert_eq!(
            tau.span,
            Some(text.find("7.5").expect("in")..text.find("7.5").expect("in") + 3)
        );
        assert!(
            at("`week` is not a rating period")
                .help
                .as_deref()
                .is_some_and(|h| h.contains("month"))
        );
        at("`ratings.volatility` must be a number");
        assert_eq!(
            at("unknown field `deviaton`").label.as_deref(),
            Some("did you mean `deviation`?")
        );
    }

    #[test]
    fn unknown_keys_and_bad_rules() {
        let errors = Config::parse("title = 't'\ntheem = 'x'\ndefault_rules = 'ffg-2019'")
            .expect_err("invalid");
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].label.as_deref(), Some("did you mean `theme`?"));
    }
}
