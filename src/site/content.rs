//! Markdown pages from `content/`: TOML front matter between `+++` lines, then Markdown.
//! `content/about.md` becomes `about/`, `content/rules/ffg-2018.md` becomes `rules/ffg-2018/`,
//! and `content/_index.md` is the home page's introduction.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::builtin::DEFAULT_FILES;
use crate::diag::{Code, Diagnostic};
use crate::event::ids::is_valid_slug;
use crate::text_file::read_plain_text;
use crate::toml_reader::Reader;

/// A content page, read and rendered.
#[derive(Debug, Clone)]
pub struct ContentPage {
    /// Source, relative to the site root.
    pub(crate) file: PathBuf,
    /// URL path under the site root (`about/`), empty for `_index.md`.
    pub(crate) path: String,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) weight: i64,
    /// Sanitized HTML.
    pub(crate) html: String,
    /// Its section headings, for its table of contents.
    pub(crate) outline: Vec<super::markdown::Heading>,
}

const FRONT_MATTER: &[&str] = &["title", "description", "weight"];

/// Reads the built-in reference pages, then every `content/**/*.md` of the site (a site page
/// replaces a built-in one at the same path). Returns pages sorted by path, and diagnostics
/// with the sources they point into.
///
/// The files are read in order, their Markdown rendered on every thread (the built-in pages
/// alone are some 400 KB of it, rendered at every build), then taken in the same order, so the
/// pages and diagnostics are those of one file after another.
pub(crate) fn load_content(
    root: &Path,
) -> (Vec<ContentPage>, Vec<Diagnostic>, Vec<(PathBuf, String)>) {
    /// One source of a page, in the order the sources are taken.
    enum Source {
        BuiltIn(PathBuf, &'static str),
        Site(PathBuf, String),
        /// A site file that could not be read, or the folder itself.
        Unread(Diagnostic),
    }
    let mut sources: Vec<Source> = DEFAULT_FILES
        .iter()
        .filter(|(p, _)| p.starts_with("content/"))
        .map(|&(path, text)| Source::BuiltIn(PathBuf::from(path), text))
        .chain(crate::rules::RULESETS.iter().map(|ruleset| {
            let path = format!("content/rules/{}.md", ruleset.id);
            Source::BuiltIn(PathBuf::from(path), ruleset.reference_text)
        }))
        .collect();
    match crate::paths::site_files(root, Path::new("content")) {
        Ok(files) => {
            for full in files {
                if full.extension().is_none_or(|e| e != "md") {
                    continue;
                }
                let file = full.strip_prefix(root).unwrap_or(&full).to_path_buf();
                sources.push(match read_plain_text(&full, &file) {
                    Ok(text) => Source::Site(file, text),
                    Err(d) => Source::Unread(d),
                });
            }
        }
        Err(d) => sources.push(Source::Unread(d)),
    }
    let parsed: Vec<_> = sources
        .par_iter()
        .map(|source| match source {
            Source::BuiltIn(file, text) => parse_page(file, text),
            Source::Site(file, text) => parse_page(file, text),
            Source::Unread(_) => (None, Vec::new()),
        })
        .collect();
    let mut pages: Vec<ContentPage> = Vec::new();
    let mut diagnostics = Vec::new();
    let mut texts = Vec::new();
    for (source, (page, diags)) in sources.into_iter().zip(parsed) {
        match source {
            Source::BuiltIn(..) => {
                diagnostics.extend(diags);
                pages.extend(page);
            }
            Source::Site(file, text) => {
                if !diags.is_empty() {
                    texts.push((file, text));
                }
                diagnostics.extend(diags);
                if let Some(page) = page {
                    pages.retain(|p| p.path != page.path);
                    pages.push(page);
                }
            }
            Source::Unread(d) => diagnostics.push(d),
        }
    }
    pages.sort_by(|a, b| a.path.cmp(&b.path));
    (pages, diagnostics, texts)
}

/// The URL path of a content file: `content/rules/ffg-2018.md` -> `rules/ffg-2018/`.
fn page_path(file: &Path) -> String {
    let under = file
        .strip_prefix("content")
        .unwrap_or(file)
        .with_extension("");
    let parts: Vec<String> = under
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.last().map(String::as_str) {
        Some("_index") => {
            let dirs = &parts[..parts.len() - 1];
            if dirs.is_empty() {
                String::new()
            } else {
                format!("{}/", dirs.join("/"))
            }
        }
        _ => format!("{}/", parts.join("/")),
    }
}

/// Parses one page from its text.
fn parse_page(file: &Path, text: &str) -> (Option<ContentPage>, Vec<Diagnostic>) {
    let mut reader = Reader::new(file);
    let path = page_path(file);
    if !path.is_empty() && !is_valid_slug(path.trim_end_matches('/')) {
        reader.diagnostics.push(
            Diagnostic::error(
                Code::BadSlug,
                file,
                None,
                format!("`{}` cannot be a page address", path.trim_end_matches('/')),
            )
            .with_help("name content files with lower-case letters, digits and `-` only"),
        );
    }
    let Some(rest) = text.strip_prefix("+++") else {
        reader
            .error(Code::Content, 0..0, "this page has no front matter")
            .help = Some("start the file with `+++`, a line `title = \"...\"`, and `+++`".into());
        return (None, reader.diagnostics);
    };
    let Some(end) = rest.find("\n+++") else {
        reader
            .error(Code::Content, 0..3, "the front matter is not closed")
            .help = Some("add a line `+++` after the front matter".into());
        return (None, reader.diagnostics);
    };
    // Parse the front matter in place (padded) so spans point into the real file.
    let front_end = 3 + end;
    let padded = format!("{}{}", " ".repeat(3), &text[3..front_end]);
    let body_start = (front_end + 4).min(text.len());
    let body = &text[body_start..];
    let Some(doc) = reader.parse(&padded) else {
        return (None, reader.diagnostics);
    };
    let fields = reader.table(doc.get_ref(), 0..3, "the front matter", FRONT_MATTER);
    let title = fields
        .require(&mut reader, "title", "\"About\"")
        .and_then(|v| reader.string(v, "`title`"));
    let description = fields
        .get("description")
        .and_then(|v| reader.string(v, "`description`"));
    let weight = fields
        .get("weight")
        .and_then(|v| reader.integer(v, "`weight`"));
    if reader.diagnostics.iter().any(Diagnostic::is_error) {
        return (None, reader.diagnostics);
    }
    let (html, outline) = super::markdown::render_page(body);
    let page = ContentPage {
        file: file.to_path_buf(),
        path,
        title: title.map(|t| t.value).unwrap_or_default(),
        description: description.map(|d| d.value).unwrap_or_default(),
        weight: weight.map_or(0, |w| w.value),
        html,
        outline,
    };
    (Some(page), reader.diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_of_content_files() {
        assert_eq!(page_path(Path::new("content/about.md")), "about/");
        assert_eq!(
            page_path(Path::new("content/rules/ffg-2018.md")),
            "rules/ffg-2018/"
        );
        assert_eq!(page_path(Path::new("content/_index.md")), "");
        assert_eq!(page_path(Path::new("content/docs/_index.md")), "docs/");
    }

    #[test]
    fn front_matter_errors_point_into_the_file() {
        let text = "+++\ntitle = \"A\"\ntitel = 2\n+++\nbody";
        let (page, diags) = parse_page(Path::new("content/a.md"), text);
        assert!(page.is_none());
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].line_col(text), Some((3, 1)));
    }

    #[test]
    fn a_page_renders() {
        let (page, diags) =
            parse_page(Path::new("content/a.md"), "+++\ntitle = \"A\"\n+++\n# Hi\n");
        assert!(diags.is_empty());
        let page = page.expect("page");
        assert_eq!(page.title, "A");
        assert!(
            page.html
                .contains("<h1 id=\"hi\">Hi <a class=\"anchor\" href=\"#hi\"")
        );
    }
}
