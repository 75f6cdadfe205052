//! Rendering: every page and file of the site, in memory. Nothing is written here.
//!
//! This module holds what a render is given ([`RenderInput`], [`Scope`]) and runs it
//! ([`render_site`]); the rest is split by what it renders or keeps: one event's files
//! (`event`), the archive-wide pages (`archive`), the sitemap and `robots.txt` that list the
//! finished tree (`sitemap`), the template runner every page goes through (`pages`), where
//! rendered files go (`store`) and what `serve` remembers of the pages it rendered (`memo`).

use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;
use tera::Tera;

use super::content::ContentPage;
use super::model::SiteView;
use super::templates::LayerFile;
use crate::config::Config;
use crate::load::held::HeldEvent;

mod archive;
mod event;
mod fields;
mod memo;
mod pages;
mod sitemap;
mod store;

pub use fields::{
    FieldRecorder, Fields, TEMPLATE_FIELDS_FINGERPRINT, TEMPLATE_FIELDS_VERSION, fingerprint,
    to_markdown,
};
pub use memo::Memo;
pub(crate) use sitemap::{finish, finishing_files};
pub(crate) use store::{Discard, Output, Store};

use pages::Pages;

/// Everything rendering needs.
pub(crate) struct RenderInput<'a> {
    pub(crate) config: &'a Config,
    /// Alias id -> the player page's id (`players.toml`).
    pub(crate) aliases: &'a crate::load::aliases::Aliases,
    pub(crate) events: &'a [HeldEvent],
    /// Each event's share of the archive-wide pages, by slug (one for every event).
    pub(crate) contributions: &'a super::contribution::Contributions,
    pub(crate) pages: &'a [ContentPage],
    pub(crate) tera: &'a Tera,
    pub(crate) statics: &'a BTreeMap<String, LayerFile>,
    /// What to render: the whole site, or what an edit touched.
    pub(crate) scope: &'a Scope,
    /// Events whose files a previous build made from the same inputs, with those files (slug ->
    /// paths): kept instead of rendered when the store can vouch for them.
    pub(crate) reuse: &'a EventFiles,
    /// `serve`'s record of the pages it rendered last (see [`Memo`]); `None` renders every page.
    pub(crate) memo: Option<&'a Memo>,
    /// `build`'s record of the archive-wide pages (players, head to head, cards, indexes), as
    /// the last build into the same output left them (see [`super::reuse::read_pages`]): used
    /// for those pages when there is no `memo`. Event pages have their own reuse (`reuse`).
    pub(crate) archive_memo: &'a Memo,
    /// What the last rating of the archive left for the next, kept in the site folder: where
    /// the ratings resume from when there is no `memo` (`build` and `check`).
    pub(crate) saved_ratings: Option<&'a crate::load::rating_cache::RatingCache>,
    /// Archive-wide pages `build` keeps as the last build left them, without building them:
    /// no event that changed since touched their players (see
    /// [`super::reuse::players_touched`]), or their group's inputs are the same (see
    /// [`super::groups`]).
    pub(crate) kept_pages: &'a [String],
    /// The groups of archive-wide pages kept whole: not built at all.
    pub(crate) kept_groups: &'a BTreeSet<super::groups::Group>,
    /// When the card pages are built, the only cards whose pages are: an edit reached those
    /// alone, and the other card pages and the cards index are among `kept_pages` (see
    /// [`super::groups::card_scope`]). `None`: every card page, and the index.
    pub(crate) card_scope: Option<&'a BTreeSet<crate::site::addresses::CardKey>>,
    /// The search index's archive-wide parts as the last render made them, those whose pages
    /// (players and ratings, cards) are kept: a search index made again takes them instead of
    /// building the player archive and the ratings, or the card pages, for them.
    pub(crate) search_parts: &'a super::search::LastParts,
    /// The link-preview images the previous build made, which an event rendered again keeps when
    /// its card is the same.
    pub(crate) previews: &'a Previews,
    /// Where each template's fields are recorded, when they are asked for
    /// ([`super::template_fields`]); `None` in every build.
    pub(crate) fields: Option<&'a FieldRecorder>,
}

/// The link-preview images of the previous build (see [`super::reuse::card_key`]), and those
/// kept in the site folder.
#[derive(Debug, Clone, Default)]
pub(crate) struct Previews {
    /// Holonet's program key ([`crate::input_key::program_key`]), part of each card's key.
    pub(crate) program: u128,
    /// Each event's card key in the previous build, by slug.
    pub(crate) last: BTreeMap<String, u128>,
    /// The images drawn by earlier builds of the site, by card key; `None` when a render
    /// neither reads nor keeps them (without a program key, a card's key cannot tell one
    /// Holonet's drawing from another's).
    pub(crate) cache: Option<super::preview_cache::PreviewCache>,
}

impl Previews {
    /// The image of `card`, whose key is `key`: the cache's when it holds it, else drawn, and
    /// kept there for later builds.
    pub(crate) fn image(&self, card: &super::preview::Card, key: u128) -> Vec<u8> {
        if let Some(png) = self.cache.as_ref().and_then(|cache| cache.get(key)) {
            return png;
        }
        let png = card.png();
        if let Some(cache) = &self.cache {
            cache.put(key, &png);
        }
        png
    }
}

/// The part of the site to render. The pages made from every event (home, indexes, players A to
/// Z, statistics, search, feeds) are always rendered; an edit to one event re-renders its own
/// pages and its players' pages, not the rest of the archive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    /// The events (by slug) whose pages to render; `None`: every event.
    pub(crate) events: Option<BTreeSet<String>>,
    /// The player pages (by page id) to render, with their head-to-head pages; `None`: every
    /// player. With `serve`'s memo, the pages of the players whose ratings moved are rendered
    /// too.
    pub(crate) players: Option<BTreeSet<String>>,
    /// Whether to render the content pages and copy the static files.
    pub(crate) content: bool,
}

impl Scope {
    /// The whole site.
    pub fn all() -> Scope {
        Scope {
            events: None,
            players: None,
            content: true,
        }
    }

    fn has_event(&self, slug: &str) -> bool {
        self.events.as_ref().is_none_or(|s| s.contains(slug))
    }
}

/// A page `serve` makes as it answers rather than one the site writes (what became of a
/// phone's report): `html` as the text of a page titled `title` at `path`, through
/// `page.html`, the template of the site's Markdown pages, so that it has the site's header,
/// navigation and style sheet whatever templates the site uses. The template's error when it
/// fails.
pub(crate) fn served_page(
    config: &Config,
    content: &[ContentPage],
    tera: &Tera,
    [path, title]: [&str; 2],
    html: String,
) -> Result<String, String> {
    let site = SiteView::new(config, content);
    let view = crate::site::model::ContentView {
        title: title.to_string(),
        description: String::new(),
        html,
        toc: Vec::new(),
    };
    let mut context = tera::Context::new();
    context.insert("site", &site);
    context.insert("page", &pages::page_view(&site, title, path, ""));
    context.insert("content", &view);
    tera.render("page.html", &context)
        .map(|page| crate::site::whitespace::collapse(&page))
        .map_err(|e| crate::site::templates::error_chain(&e))
}

/// The output tree: relative path -> bytes.
pub(crate) type Files = BTreeMap<String, Vec<u8>>;

/// Each event's own files (by slug), as rendered or kept.
pub(crate) type EventFiles = BTreeMap<String, Vec<String>>;

/// Renders the part of the site `input.scope` names into `output`. The sitemap and
/// `robots.txt`, which list every page, are added by [`finish`] once the output is complete.
/// Events render in parallel, each straight into the output, so a build holds a few events'
/// pages in memory at a time; an event in `input.reuse` whose files the store can keep is not
/// rendered at all. The archive-wide pages render alongside. Returns the files of each event in
/// scope.
pub(crate) fn render_site(input: &RenderInput<'_>, output: &Output<'_>) -> EventFiles {
    let mut site = SiteView::new(input.config, input.pages);
    site.theme_stylesheet = input.statics.contains_key("theme.css");
    let pages = Pages {
        tera: input.tera,
        site: &site,
        output,
        memo: input.memo,
        fields: input.fields,
    };
    let archive_pages = Pages {
        memo: input.memo.or(Some(input.archive_memo)),
        ..pages
    };
    rayon::join(
        || render_events(input, &pages),
        || archive::render_archive_pages(input, &archive_pages),
    )
    .0
}

/// Renders (or keeps) the files of the events in scope.
fn render_events(input: &RenderInput<'_>, pages: &Pages<'_, '_>) -> EventFiles {
    let output = pages.output;
    input
        .events
        .par_iter()
        .filter(|held| input.scope.has_event(&held.slug))
        .map(|held| {
            let kept = input
                .reuse
                .get(&held.slug)
                .filter(|files| output.keep(files, &held.file));
            let files = match kept {
                Some(files) => files.clone(),
                None => {
                    let (event, computed) = held.open();
                    event::render_event(input, pages, &event, &computed)
                }
            };
            (held.slug.clone(), files)
        })
        .collect()
}
