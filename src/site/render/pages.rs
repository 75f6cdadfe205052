//! The template runner every page goes through ([`Pages`]): it builds a template's context,
//! skips a page the memo has seen with the same context, and names the page's source in a
//! template's error.

use crate::diag::Shown;
use std::path::Path;

use serde::Serialize;
use tera::{Context, Tera};

use super::fields::FieldRecorder;
use super::fields::erased::Serializable;
use super::memo::{Memo, key};
use super::store::Output;
use crate::diag::{Code, Diagnostic};
use crate::site::model::{ListPage, PageView, SiteView};
use crate::site::templates::error_chain;

pub(super) fn page_view(site: &SiteView, title: &str, path: &str, description: &str) -> PageView {
    PageView {
        title: title.to_string(),
        path: path.to_string(),
        url: site.link(path),
        permalink: site.absolute(path),
        description: description.to_string(),
        og_type: "website",
        image: None,
    }
}

/// Renders pages into an output: builds each template's context, skips a page the memo has
/// seen with the same context, and records a template's error against the page's source.
pub(super) struct Pages<'a, 'o> {
    pub(super) tera: &'a Tera,
    pub(super) site: &'a SiteView,
    pub(super) output: &'a Output<'o>,
    pub(super) memo: Option<&'a Memo>,
    /// Records each template's context, when the fields are asked for.
    pub(super) fields: Option<&'a FieldRecorder>,
}

impl Pages<'_, '_> {
    /// One of the archive's own pages: `[title, path, description]` (the path a folder, empty
    /// for the home page), rendered by `template` with one named view; `what` names the page in
    /// an error.
    pub(super) fn archive_page<T: Serialize>(
        &self,
        template: &str,
        [title, path, description]: [&str; 3],
        view: (&str, &T),
        what: &str,
    ) {
        self.emit(
            template,
            &page_view(self.site, title, path, description),
            Some(view),
            Path::new(what),
            format!("{path}index.html"),
            &Path::new("templates").join(template),
        );
    }

    /// One page of a list the archive splits into pages, rendered by `template` with its view
    /// under `name`; `what` names the page in an error.
    pub(super) fn list_page<V: Serialize>(
        &self,
        template: &str,
        (name, page): (&str, &ListPage<V>),
        what: &str,
    ) {
        self.archive_page(
            template,
            [&page.title, &page.path, &page.description],
            (name, &page.view),
            what,
        );
    }

    /// Renders `template` with `site`, `page` and one more named value into the file `path`.
    /// `what` names the page in an error, `source` the file it is made from.
    pub(super) fn emit<T: Serialize>(
        &self,
        template: &str,
        page: &PageView,
        extra: Option<(&str, &T)>,
        what: &Path,
        path: String,
        source: &Path,
    ) {
        if let Some(fields) = self.fields {
            let mut variables: Vec<(&str, &dyn Serializable)> =
                vec![("site", self.site), ("page", page)];
            variables.extend(extra.map(|(name, value)| (name, value as &dyn Serializable)));
            fields.record(template, &variables);
        }
        if self.kept_as_before(&path, || key(template, &(self.site, page, extra)), source) {
            return;
        }
        let mut context = Context::new();
        context.insert("site", self.site);
        context.insert("page", page);
        if let Some((name, value)) = extra {
            context.insert(name, value);
        }
        match self.tera.render(template, &context) {
            Ok(html) => self.output.add(
                path,
                crate::site::whitespace::collapse(&html).into_bytes(),
                source,
            ),
            Err(e) => self.output.fail(template_error(template, what, &e)),
        }
    }

    /// The file `path` drawn by `draw` from `inputs` (an image no template makes), unless the
    /// memo saw it drawn from the same inputs and the output still holds it as it was.
    pub(super) fn drawn<T: Serialize>(
        &self,
        path: &str,
        inputs: &T,
        source: &Path,
        draw: impl FnOnce() -> Vec<u8>,
    ) {
        if self.kept_as_before(path, || key(path, inputs), source) {
            return;
        }
        self.output.add(path.into(), draw(), source);
    }

    /// Whether the file `path` is kept as the output holds it: the memo saw it made from the
    /// same inputs (their `key`, worked out only with a memo) and the output still holds it.
    fn kept_as_before(&self, path: &str, key: impl FnOnce() -> u128, source: &Path) -> bool {
        self.memo.is_some_and(|memo| {
            memo.unchanged(path, key()) && self.output.keep(&[path.to_string()], source)
        })
    }

    /// Renders `template` with `site` and one named value into a fragment of other pages,
    /// reusing the memo's copy when `name` was last rendered from the same; an empty
    /// fragment (and the error recorded) when the template fails.
    pub(super) fn fragment<T: Serialize>(
        &self,
        template: &str,
        name: &str,
        (value_name, value): (&str, &T),
        what: &Path,
    ) -> String {
        if let Some(fields) = self.fields {
            fields.record(template, &[("site", self.site), (value_name, value)]);
        }
        // Hashed only for a memo: `build` has none.
        let memo = self
            .memo
            .map(|memo| (memo, key(template, &(self.site, value_name, value))));
        if let Some((memo, key)) = memo
            && let Some(html) = memo.fragment(name, key)
        {
            return html;
        }
        let mut context = Context::new();
        context.insert("site", self.site);
        context.insert(value_name, value);
        match self.tera.render(template, &context) {
            Ok(html) => {
                if let Some((memo, key)) = memo {
                    memo.remember_fragment(name, key, &html);
                }
                html
            }
            Err(e) => {
                self.output.fail(template_error(template, what, &e));
                String::new()
            }
        }
    }
}

/// A template that failed on a page (or fragment) `what`.
fn template_error(template: &str, what: &Path, error: &tera::Error) -> Diagnostic {
    Diagnostic::error(
        Code::Template,
        &Path::new("templates").join(template),
        None,
        format!(
            "cannot render {} with this template: {}",
            what.shown(),
            error_chain(error)
        ),
    )
    .with_help("fix the template (a misspelt variable or filter is the usual cause)")
}
