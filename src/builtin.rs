//! The files of this repository built into the binary: the defaults every site may override
//! (templates, static files, and the reference pages that document the rules and the file formats,
//! which belong to Holonet rather than to any one site), and the files only a new site gets.
//! Each ruleset's own reference page is built in with the ruleset
//! ([`crate::rules::Ruleset::reference_text`]).
//!
//! Builds fall back to the defaults ([`crate::site`]) and `holonet init` writes both lists
//! ([`crate::scaffold`]); the files live here, below both, so that building a site does not
//! depend on the commands that create one.

/// A file of this repository, embedded at compile time: `(path, text)`.
macro_rules! embed {
    ($path:literal) => {
        ($path, include_str!(concat!("../", $path)))
    };
}

/// Path and text of each default file, relative to the site root.
pub(crate) const DEFAULT_FILES: &[(&str, &str)] = &[
    embed!("templates/base.html"),
    embed!("templates/head.html"),
    embed!("templates/macros.html"),
    embed!("templates/index.html"),
    embed!("templates/events.html"),
    embed!("templates/event_row.html"),
    embed!("templates/event.html"),
    embed!("templates/page.html"),
    embed!("templates/decks.html"),
    embed!("templates/pairings.html"),
    embed!("templates/round.html"),
    embed!("templates/ccg_game.html"),
    embed!("templates/room.html"),
    embed!("templates/slips.html"),
    embed!("templates/players.html"),
    embed!("templates/player.html"),
    embed!("templates/head_to_head.html"),
    embed!("templates/card.html"),
    embed!("templates/cards.html"),
    embed!("templates/stats.html"),
    embed!("templates/ratings.html"),
    embed!("templates/search.html"),
    embed!("templates/404.html"),
    embed!("static/style.css"),
    embed!("static/logo.svg"),
    embed!("static/search.js"),
    embed!("static/running.js"),
    embed!("static/find.js"),
    embed!("static/scheme.js"),
    embed!("static/room.css"),
    embed!("static/room.js"),
    embed!("static/standings.js"),
    embed!("static/slips.css"),
    embed!("content/rules/_index.md"),
    embed!("content/docs/_index.md"),
    embed!("content/docs/event-file.md"),
    embed!("content/docs/event-json.md"),
    embed!("content/docs/decklists.md"),
    embed!("content/docs/diagnostics.md"),
    embed!("content/docs/search.md"),
    embed!("content/docs/ratings.md"),
    embed!("content/docs/publishing.md"),
    embed!("content/docs/audit.md"),
    embed!("content/docs/templates.md"),
];

/// The themes every site may name in `theme` without a `themes/` folder of its own: path and
/// text of each file, relative to `themes/`. A site's own `themes/<name>/` wins over the
/// built-in theme of that name.
pub(crate) const BUILTIN_THEMES: &[(&str, &str)] = &[
    (
        "holotable/templates/base.html",
        include_str!("../themes/holotable/templates/base.html"),
    ),
    (
        "holotable/templates/index.html",
        include_str!("../themes/holotable/templates/index.html"),
    ),
    (
        "holotable/templates/404.html",
        include_str!("../themes/holotable/templates/404.html"),
    ),
    (
        "holotable/templates/holo_macros.html",
        include_str!("../themes/holotable/templates/holo_macros.html"),
    ),
    (
        "holotable/static/theme.css",
        include_str!("../themes/holotable/static/theme.css"),
    ),
];

/// Files only a new site gets (a site's own content and configuration are never built in).
pub const SITE_FILES: &[(&str, &str)] = &[
    embed!("holonet.toml"),
    embed!("content/_index.md"),
    embed!("content/about.md"),
    embed!(".github/workflows/pages.yml"),
    embed!(".github/workflows/check.yml"),
    embed!(".github/install-holonet.sh"),
    embed!(".github/workflows/reports.yml"),
    embed!(".github/record-reports.sh"),
    embed!(".github/ISSUE_TEMPLATE/result.yml"),
    embed!(".github/ISSUE_TEMPLATE/registration.yml"),
];

/// The example event `holonet init --example` adds (with its report), for a site to try the
/// pages on before it holds events of its own; `init` says to delete it before publishing.
pub const EXAMPLE_EVENT: &[(&str, &str)] = &[
    embed!("events/2018/outer-rim-store-championship.toml"),
    embed!("events/2018/outer-rim-store-championship.md"),
];

/// The built-in file of the look (`templates/…` or `static/…`) at `path`, if there is one.
pub(crate) fn look_file(path: &str) -> Option<&'static str> {
    DEFAULT_FILES
        .iter()
        .find(|(p, _)| *p == path && !p.starts_with("content/"))
        .map(|(_, text)| *text)
}

/// The look's files, in the order the defaults list them.
pub(crate) fn look_files() -> impl Iterator<Item = &'static str> {
    DEFAULT_FILES
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| !p.starts_with("content/"))
}

/// A short fingerprint of a built-in file's text, written into a site's copy of it
/// ([`copy_mark`]), so that a later release can tell the copy was made from another text.
pub(crate) fn fingerprint(text: &str) -> String {
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(text.as_bytes()))
}

/// The version of the fields the built-in templates are given (and a site's own templates with
/// them): a release that adds, removes or changes a field gives it a new number, and says what
/// changed on the reference page `docs/templates/` (see `site::render::fields`). A copy of a
/// template names the version it was made for ([`copy_mark`]).
pub const TEMPLATE_FIELDS_VERSION: u32 = 2;

/// What opens the first line of a site's copy of a built-in file, before its path.
pub(crate) const COPY_MARK: &str = "holonet: a copy of the built-in ";

/// The first line of a site's copy of the built-in `path` (whose text is `text`): a comment in
/// the file's own syntax naming the file and its fingerprint, which prints nothing (a template's
/// comment trims the line break after it). `None` for a kind of file without comments.
pub(crate) fn copy_mark(path: &str, text: &str) -> Option<String> {
    let said = |fields: String| {
        format!(
            "{COPY_MARK}{path}, fingerprint {}{fields}: `holonet check` says when this release's differs",
            fingerprint(text)
        )
    };
    let extension = path.rsplit('.').next().unwrap_or("");
    match extension {
        "html" => Some(format!(
            "{{#- {} -#}}\n",
            said(format!("{FIELDS_MARK}{TEMPLATE_FIELDS_VERSION}"))
        )),
        "css" | "js" => Some(format!("/* {} */\n", said(String::new()))),
        _ => None,
    }
}

/// What a template's [`copy_mark`] says before the fields' version it was made for.
const FIELDS_MARK: &str = ", template fields version ";

/// What a copy's first line ([`copy_mark`]) names.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct CopyMark<'a> {
    /// The built-in file's path.
    pub(crate) path: &'a str,
    pub(crate) fingerprint: &'a str,
    /// A template's: the version of the fields it was made for (`None` in copies made before
    /// marks named it).
    pub(crate) fields_version: Option<u32>,
}

/// What a copy's first line names, if it is a [`copy_mark`].
pub(crate) fn read_copy_mark(first_line: &str) -> Option<CopyMark<'_>> {
    let (_, rest) = first_line.split_once(COPY_MARK)?;
    let (path, rest) = rest.split_once(", fingerprint ")?;
    let fingerprint = rest.get(..16)?;
    let fields_version = rest[16..].strip_prefix(FIELDS_MARK).and_then(|version| {
        let digits = version
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(version.len());
        version[..digits].parse().ok()
    });
    Some(CopyMark {
        path,
        fingerprint,
        fields_version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(files: &[(&str, &'static str)], path: &str) -> &'static str {
        files
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, t)| *t)
            .expect(path)
    }

    #[test]
    fn every_reference_page_is_built_in() {
        // A site's docs are the built-in ones: a page of content/docs/ left out of the binary
        // would be a dead link in every site's reference index.
        for entry in std::fs::read_dir("content/docs").expect("content/docs") {
            let name = entry.expect("entry").file_name();
            let path = format!("content/docs/{}", name.to_string_lossy());
            assert!(
                DEFAULT_FILES.iter().any(|(p, _)| *p == path),
                "{path} is not among the built-in files"
            );
        }
    }

    #[test]
    fn a_copys_mark_names_its_file_fingerprint_and_a_templates_fields_version() {
        let html = copy_mark("templates/event.html", "x").expect("a template's mark");
        let mark = read_copy_mark(html.lines().next().unwrap()).expect("read back");
        assert_eq!(mark.path, "templates/event.html");
        assert_eq!(mark.fingerprint, fingerprint("x"));
        assert_eq!(mark.fields_version, Some(TEMPLATE_FIELDS_VERSION));
        let css = copy_mark("static/style.css", "x").expect("a stylesheet's mark");
        let mark = read_copy_mark(css.lines().next().unwrap()).expect("read back");
        assert_eq!((mark.path, mark.fields_version), ("static/style.css", None));
        // A mark from before marks named the fields' version still reads.
        let older = "{#- holonet: a copy of the built-in templates/base.html, fingerprint 0123456789abcdef: `holonet check` says when this release's differs -#}";
        let mark = read_copy_mark(older).expect("read");
        assert_eq!(
            (mark.fingerprint, mark.fields_version),
            ("0123456789abcdef", None)
        );
    }

    #[test]
    fn the_publishing_page_shows_the_workflow_init_writes() {
        let page = text(DEFAULT_FILES, "content/docs/publishing.md");
        let workflow = text(SITE_FILES, ".github/workflows/pages.yml");
        let shown = page
            .split("```yaml\n")
            .nth(1)
            .and_then(|rest| rest.split("\n```\n").next())
            .expect("a yaml block");
        assert!(
            format!("{shown}\n") == workflow,
            "the workflow shown in content/docs/publishing.md differs from .github/workflows/pages.yml"
        );
    }

    /// The install script that the site's workflows run names the release this binary is, and
    /// the repository its releases come from: a new site installs the Holonet that made it.
    #[test]
    fn the_install_script_names_this_version_and_source() {
        let script = text(SITE_FILES, ".github/install-holonet.sh");
        let version = format!(
            "\n: \"${{HOLONET_VERSION:={}}}\"\n",
            env!("CARGO_PKG_VERSION")
        );
        let source = format!(
            "\n: \"${{HOLONET_SOURCE:={}}}\"\n",
            env!("CARGO_PKG_REPOSITORY")
        );
        assert!(script.contains(&version), "expected the line {version:?}");
        assert!(script.contains(&source), "expected the line {source:?}");
    }
}
