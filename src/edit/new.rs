//! `holonet new`: a new event file under `events/`, its fields explained in comments (see
//! [`super::template`]), written atomically and never over an existing file.

use crate::diag::Shown;
use std::path::{Component, Path, PathBuf};

use crate::event::Date;
use crate::event::ids::{id_from_name, is_valid_slug};
use crate::load::slug_of;

/// The words of an event's name that are written in capitals: the games' and their makers'
/// abbreviations, and countries'.
const CAPITALS: &[&str] = &[
    "ccg", "lcg", "ffg", "sw", "swccg", "pc", "uk", "us", "usa", "eu",
];

/// "spring-open" -> "Spring Open", "ccg-open" -> "CCG Open".
fn title_from_slug(segment: &str) -> String {
    segment
        .split('-')
        .filter(|w| !w.is_empty())
        .map(|word| {
            if CAPITALS.contains(&word) {
                word.to_uppercase()
            } else {
                crate::event::ids::capitalized(word)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that `path` (relative to the site root) can hold a new event: a `.toml` file under
/// `events/` whose path is a valid slug, not there yet. Returns the full path to write.
pub(super) fn new_event_target(root: &Path, path: &Path, command: &str) -> Result<PathBuf, String> {
    if path.is_absolute()
        || path
            .components()
            .any(|c| !matches!(c, Component::Normal(_)))
    {
        return Err(format!(
            "{} must be a path under events/, such as events/2026/spring-open.toml",
            path.shown()
        ));
    }
    if path.extension().is_none_or(|e| e != "toml") || !path.starts_with("events") {
        return Err(format!(
            "{} must be a .toml file under events/, such as events/2026/spring-open.toml",
            path.shown()
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
                folder.shown(),
                d.help.unwrap_or_default()
            )
        })?;
    }
    let target = crate::paths::under_root(root, path);
    if target.exists() {
        return Err(format!(
            "{} already exists; holonet {command} never overwrites a file",
            target.shown()
        ));
    }
    Ok(target)
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
    let shape = super::template::Shape::new(&rules, format)?;
    if shape.ruleset.standings_only {
        return Err(format!(
            "`{}` events are known by their published standings only, which `holonet new` has none of; write them with `holonet import TABLE --rules {}` (a CSV of the standings), or as `[[standings]]` rows",
            shape.ruleset.id, shape.ruleset.id
        ));
    }
    let target = new_event_target(root, path, "new")?;
    let slug = slug_of(path);
    let name = title_from_slug(slug.rsplit('/').next().unwrap_or(&slug));
    crate::atomic::write_new(&target, &super::template::render(shape, &name, today))?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_from_slugs() {
        assert_eq!(title_from_slug("spring-open"), "Spring Open");
        assert_eq!(title_from_slug("ccg-open"), "CCG Open");
        assert_eq!(title_from_slug("uk-swccg-nationals"), "UK SWCCG Nationals");
        assert_eq!(title_from_slug("sweden-cup"), "Sweden Cup");
    }
}
