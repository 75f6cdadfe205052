//! The commands that create files in a site: `holonet init` (a new site, from the files in
//! [`crate::builtin`]), `holonet new` (an event file) and `holonet import` (an event from a CSV
//! file). They sit above [`crate::site`], which never calls them.

use std::path::{Component, Path, PathBuf};

use crate::builtin::{DEFAULT_FILES, SITE_FILES};
use crate::event::Date;
use crate::event::ids::{id_from_name, is_valid_slug};
use crate::load::slug_of;

/// Creates a new site in `dir` (new or empty). Returns the number of files written.
pub fn init(dir: &Path) -> Result<usize, String> {
    if dir.exists() {
        let mut entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if entries.next().is_some() {
            return Err(format!(
                "{} is not empty; choose a new folder so nothing in it is overwritten",
                dir.display()
            ));
        }
    }
    let mut count = 0;
    // The reference pages stay built in, so a site gets their updates with each release.
    let look = DEFAULT_FILES
        .iter()
        .filter(|(p, _)| !p.starts_with("content/"));
    for (path, text) in SITE_FILES.iter().chain(look) {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        write_new(&target, text)?;
        count += 1;
    }
    // The built site and its spare copy, the edit lock, and what a killed write may leave beside
    // a file.
    write_new(
        &dir.join(".gitignore"),
        "/public\n/.holonet/\n/.holonet-lock\n*.holonet-tmp\n",
    )?;
    Ok(count + 1)
}

/// Today's date from the system clock (UTC), for `holonet new`.
pub fn today() -> Date {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    civil_from_days(days)
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> Date {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as u16;
    Date { year, month, day }
}

/// "spring-open" -> "Spring Open".
fn title_from_slug(segment: &str) -> String {
    segment
        .split('-')
        .filter(|w| !w.is_empty())
        .map(crate::event::ids::capitalized)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that `path` (relative to the site root) can hold a new event: a `.toml` file under
/// `events/` whose path is a valid slug, not there yet. Returns the full path to write.
fn new_event_target(root: &Path, path: &Path, command: &str) -> Result<PathBuf, String> {
    if path.is_absolute()
        || path
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
    {
        return Err(format!(
            "{} must be a path under events/, such as events/2026/spring-open.toml",
            path.display()
        ));
    }
    if path.extension().is_none_or(|e| e != "toml") || !path.starts_with("events") {
        return Err(format!(
            "{} must be a .toml file under events/, such as events/2026/spring-open.toml",
            path.display()
        ));
    }
    let slug = slug_of(path);
    if !is_valid_slug(&slug) {
        let suggestion: Vec<String> = slug
            .split('/')
            .map(id_from_name)
            .filter(|s| !s.is_empty())
            .collect();
        return Err(format!(
            "`{slug}` cannot be an event's address: use lower-case letters, digits and `-`, such as events/{}.toml",
            suggestion.join("/")
        ));
    }
    // Every folder on the way must be a real folder of the site: a link would make the new file
    // land wherever it points.
    let mut folder = PathBuf::new();
    for part in path.parent().into_iter().flat_map(Path::components) {
        folder.push(part);
        crate::paths::refuse_link(&root.join(&folder), &folder).map_err(|d| {
            format!(
                "{} is a symbolic link, which Holonet does not follow; {}",
                folder.display(),
                d.help.unwrap_or_default()
            )
        })?;
    }
    let target = crate::paths::under_root(root, path);
    if target.exists() {
        return Err(format!(
            "{} already exists; holonet {command} never overwrites a file",
            target.display()
        ));
    }
    Ok(target)
}

/// Writes a new file atomically, creating its folders; refuses to replace a file that appeared
/// meanwhile (see [`crate::atomic`]).
fn write_new(target: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    crate::atomic::write_atomically(target, crate::atomic::Expected::Absent, text)
        .map_err(|e| e.to_string())
}

/// The ruleset of a new event: the site's `default_rules`, else the newest ruleset.
pub fn default_rules(root: &Path) -> String {
    crate::config::Config::load(root)
        .ok()
        .and_then(|c| c.default_rules)
        .unwrap_or_else(|| crate::rules::RULESETS[0].id.to_string())
}

/// Creates a new event file at `path` (relative to `root`, under `events/`) for `rules` (the
/// site's default when `None`) and `format` (the ruleset's first when `None`).
pub fn new_event(
    root: &Path,
    path: &Path,
    rules: Option<&str>,
    format: Option<&str>,
    today: Date,
) -> Result<PathBuf, String> {
    let rules = rules.map_or_else(|| default_rules(root), str::to_string);
    let shape = crate::event_template::Shape::new(&rules, format)?;
    let target = new_event_target(root, path, "new")?;
    let slug = slug_of(path);
    let name = title_from_slug(slug.rsplit('/').next().unwrap_or(&slug));
    write_new(&target, &crate::event_template::render(shape, &name, today))?;
    Ok(target)
}

/// Why `holonet import` wrote nothing.
#[derive(Debug)]
pub enum ImportError {
    /// A problem with the command itself (a path, a ruleset, a file that cannot be read).
    Usage(String),
    /// Problems in the CSV file, or in the event it converts to, with the files' texts.
    Invalid(crate::site::Report),
}

/// `holonet import`: converts the standings in `csv` into a new event file at `path`
/// (relative to `root`, under `events/`), validated like any event before it is written.
/// Returns the file written and the warnings (columns left out, names close to the archive's).
pub fn import(
    root: &Path,
    csv: &Path,
    path: &Path,
    options: &crate::edit::import::ImportOptions,
) -> Result<(PathBuf, crate::site::Report), ImportError> {
    let target = new_event_target(root, path, "import").map_err(ImportError::Usage)?;
    let shape = crate::event_template::Shape::new(&options.rules, options.format.as_deref())
        .map_err(ImportError::Usage)?;
    let mut report = crate::site::Report::default();
    let text = match crate::text_file::read_text(csv, csv) {
        Ok(text) => text,
        Err(diagnostic) => {
            report.diagnostics.push(diagnostic);
            return Err(ImportError::Invalid(report));
        }
    };
    report.sources.insert(csv.to_path_buf(), text.clone());
    let archive = archive_players(root);
    let imported = match crate::edit::import::csv_to_event(
        csv,
        &text,
        shape.ruleset.family,
        options,
        &archive,
    ) {
        Ok(imported) => imported,
        Err(diagnostics) => {
            report.diagnostics = diagnostics;
            return Err(ImportError::Invalid(report));
        }
    };
    report.diagnostics = imported.warnings;
    let load_options = crate::load::validate::LoadOptions::default();
    let (event, diagnostics) = crate::load::parse_event(path, &imported.text, &load_options);
    if !diagnostics.is_empty() {
        report
            .sources
            .insert(path.to_path_buf(), imported.text.clone());
        report.diagnostics.extend(diagnostics);
    }
    if event.is_none() {
        return Err(ImportError::Invalid(report));
    }
    write_new(&target, &imported.text).map_err(ImportError::Usage)?;
    Ok((target, report))
}

/// Every player of the archive's valid events, and the ids `players.toml` joins, for the hint
/// on imported names close to them. Events with errors and a broken `players.toml` are left
/// to `holonet check`: the import does not depend on them.
fn archive_players(root: &Path) -> crate::edit::import::Archive {
    let mut archive = crate::edit::import::Archive::default();
    let loaded = crate::load::load_events(root, &crate::load::validate::LoadOptions::default());
    for (event, _) in &loaded.events {
        for player in event.persons() {
            archive
                .players
                .entry(player.id.clone())
                .or_insert_with(|| (player.name.clone(), event.file.clone()));
        }
    }
    if let Ok(aliases) = crate::site::aliases::load(root) {
        archive.aliases = aliases.into_keys().collect();
    }
    archive
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0).iso(), "1970-01-01");
        assert_eq!(civil_from_days(19_723).iso(), "2024-01-01");
        assert_eq!(civil_from_days(20_414).iso(), "2025-11-22");
    }

    #[test]
    fn titles_from_slugs() {
        assert_eq!(title_from_slug("spring-open"), "Spring Open");
    }
}
