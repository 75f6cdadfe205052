//! Rendering: every page and file of the site, in memory. Nothing is written here.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use serde::Serialize;
use tera::{Context, Tera};
use xxhash_rust::xxh3::Xxh3;

use super::addresses;
use super::cards::{CardIndex, CardPage};
use super::content::ContentPage;
use super::escape;
use super::json::event_json;
use super::model::{self, ContentView, EventSummary, HomeView, PageView, SiteView};
use super::players::PlayerPage;
use super::templates::{LayerFile, error_chain};
use crate::config::Config;
use crate::diag::{Code, Diagnostic};
use crate::event::Event;
use crate::rules::compute::{Computed, Status};

/// Everything rendering needs.
pub struct RenderInput<'a> {
    pub config: &'a Config,
    /// Alias id -> the player page's id (`players.toml`).
    pub aliases: &'a crate::load::aliases::Aliases,
    pub events: &'a [(Event, Computed)],
    /// Each event's share of the archive-wide pages, by slug (one for every event).
    pub contributions: &'a super::contribution::Contributions,
    pub pages: &'a [ContentPage],
    pub tera: &'a Tera,
    pub statics: &'a BTreeMap<String, LayerFile>,
    /// What to render: the whole site, or what an edit touched.
    pub scope: &'a Scope,
    /// Events whose files a previous build made from the same inputs, with those files (slug ->
    /// paths): kept instead of rendered when the store can vouch for them.
    pub reuse: &'a EventFiles,
    /// `serve`'s record of the pages it rendered last (see [`Memo`]); `None` renders every page.
    pub memo: Option<&'a Memo>,
    /// `build`'s record of the archive-wide pages (players, head to head, cards, indexes), as
    /// the last build into the same output left them (see [`super::reuse::read_pages`]): used
    /// for those pages when there is no `memo`. Event pages have their own reuse (`reuse`).
    pub archive_memo: &'a Memo,
    /// Archive-wide pages `build` keeps as the last build left them, without building them:
    /// no event that changed since touched their players (see
    /// [`super::reuse::players_touched`]), or their group's inputs are the same (see
    /// [`super::groups`]).
    pub kept_pages: &'a [String],
    /// The groups of archive-wide pages kept whole: not built at all.
    pub kept_groups: &'a BTreeSet<super::groups::Group>,
    /// The search index's archive-wide parts as the last render made them, when the pages they
    /// are made from (players, ratings, cards) are kept: a search index made again takes them
    /// instead of building the player archive, the ratings and the card pages for them.
    pub search_parts: Option<&'a super::search::ArchiveParts>,
    /// The link-preview images the previous build made, which an event rendered again keeps when
    /// its card is the same.
    pub previews: &'a Previews,
}

/// The link-preview images of the previous build (see [`super::reuse::card_key`]).
#[derive(Debug, Clone, Default)]
pub struct Previews {
    /// Holonet's program key ([`crate::input_key::program_key`]), part of each card's key.
    pub program: u128,
    /// Each event's card key in the previous build, by slug.
    pub last: BTreeMap<String, u128>,
}

/// The part of the site to render. The pages made from every event (home, indexes, players A to
/// Z, statistics, search, feeds) are always rendered; an edit to one event re-renders its own
/// pages and its players' pages, not the rest of the archive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    /// The events (by slug) whose pages to render; `None`: every event.
    pub events: Option<BTreeSet<String>>,
    /// The player pages (by page id) to render; `None`: every player.
    pub players: Option<BTreeSet<String>>,
    /// Whether to render the content pages and copy the static files.
    pub content: bool,
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

    fn has_player(&self, id: &str) -> bool {
        self.players.as_ref().is_none_or(|s| s.contains(id))
    }
}

/// The output tree: relative path -> bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

fn page_view(site: &SiteView, title: &str, path: &str, description: &str) -> PageView {
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

/// What the archive-wide pages looked like when `serve` last rendered them: for each page, a
/// hash of its template and everything its template was given. An edit to one event leaves most
/// of them (an index of other years, the statistics when no result changed) as they were, and a
/// page whose hash is unchanged is not rendered again. Only valid while the templates stay the
/// same: `serve` starts a new one when they change.
#[derive(Debug, Default)]
pub struct Memo {
    pages: Mutex<HashMap<String, u128>>,
    /// Fragments shared by several pages (an event's row in the indexes), by name: the hash
    /// of what they were rendered from, and the HTML.
    fragments: Mutex<HashMap<String, (u128, String)>>,
    /// Images drawn by no template (the events' link-preview cards), by path: the key of what
    /// they were drawn from. Unlike the pages, they stay valid when the templates change.
    images: Mutex<HashMap<String, u128>>,
}

impl Memo {
    /// A memo that has seen the pages `pages` (path -> key), as a previous build recorded them.
    pub fn of_pages(pages: HashMap<String, u128>) -> Memo {
        Memo {
            pages: Mutex::new(pages),
            ..Memo::default()
        }
    }

    /// Forgets every page but those of `paths`.
    pub fn retain(&self, paths: &BTreeSet<String>) {
        let mut pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.retain(|path, _| paths.contains(path));
    }

    /// Every page seen, with its key, in path order.
    pub fn pages(&self) -> BTreeMap<String, u128> {
        let pages = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        pages.iter().map(|(p, k)| (p.clone(), *k)).collect()
    }

    /// A memo for new templates: the pages rendered by the old ones are no guide to the new
    /// ones, but the images no template draws still are.
    pub fn for_new_templates(&self) -> Memo {
        let images = self
            .images
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        Memo {
            images: Mutex::new(images),
            ..Memo::default()
        }
    }

    /// Whether the image `path` was last drawn from `key`; remembers `key` either way.
    fn image_unchanged(&self, path: &str, key: u128) -> bool {
        let mut seen = self.images.lock().unwrap_or_else(|e| e.into_inner());
        seen.insert(path.to_string(), key) == Some(key)
    }

    /// Whether `path` was last rendered from `key`; remembers `key` either way.
    fn unchanged(&self, path: &str, key: u128) -> bool {
        let mut seen = self.pages.lock().unwrap_or_else(|e| e.into_inner());
        seen.insert(path.to_string(), key) == Some(key)
    }

    /// The fragment `name` as last rendered from `key`, if it was.
    fn fragment(&self, name: &str, key: u128) -> Option<String> {
        let fragments = self.fragments.lock().unwrap_or_else(|e| e.into_inner());
        fragments
            .get(name)
            .filter(|(seen, _)| *seen == key)
            .map(|(_, html)| html.clone())
    }

    fn remember_fragment(&self, name: &str, key: u128, html: &str) {
        self.fragments
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_string(), (key, html.to_string()));
    }

    /// Forgets `path`, a file that left the tree: should the same page come back, it is
    /// rendered, not taken for the file that is gone.
    pub fn forget(&self, path: &str) {
        self.pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path);
        self.images
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(path);
    }
}

/// Feeds what is written to it into a hash: a page's context is hashed as it serializes,
/// without being built. The serializer writes a few bytes at a time; they are gathered and
/// hashed in larger pieces, which gives the same hash for less work.
struct HashWriter {
    hasher: Xxh3,
    pending: Vec<u8>,
}

impl HashWriter {
    const PIECE: usize = 16 * 1024;

    fn new() -> HashWriter {
        HashWriter {
            hasher: Xxh3::new(),
            pending: Vec::with_capacity(Self::PIECE),
        }
    }

    fn digest(mut self) -> u128 {
        self.hasher.update(&self.pending);
        self.hasher.digest128()
    }
}

impl std::io::Write for HashWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.pending.len() + bytes.len() > Self::PIECE {
            self.hasher.update(&self.pending);
            self.pending.clear();
        }
        if bytes.len() > Self::PIECE {
            self.hasher.update(bytes);
        } else {
            self.pending.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Renders pages into an output: builds each template's context, skips a page the memo has
/// seen with the same context, and records a template's error against the page's source.
struct Pages<'a, 'o> {
    tera: &'a Tera,
    site: &'a SiteView,
    output: &'a Output<'o>,
    memo: Option<&'a Memo>,
}

impl Pages<'_, '_> {
    /// One of the archive's own pages: `[title, path, description]` (the path a folder, empty
    /// for the home page), rendered by `template` with one named view; `what` names the page in
    /// an error.
    fn archive_page<T: Serialize>(
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

    /// Renders `template` with `site`, `page` and one more named value into the file `path`.
    /// `what` names the page in an error, `source` the file it is made from.
    fn emit<T: Serialize>(
        &self,
        template: &str,
        page: &PageView,
        extra: Option<(&str, &T)>,
        what: &Path,
        path: String,
        source: &Path,
    ) {
        if let Some(memo) = self.memo
            && memo.unchanged(&path, key(template, &(self.site, page, extra)))
            && self.output.keep(std::slice::from_ref(&path), source)
        {
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
                super::whitespace::collapse(&html).into_bytes(),
                source,
            ),
            Err(e) => self.output.fail(template_error(template, what, &e)),
        }
    }

    /// Renders `template` with `site` and one named value into a fragment of other pages,
    /// reusing the memo's copy when `name` was last rendered from the same; an empty
    /// fragment (and the error recorded) when the template fails.
    fn fragment<T: Serialize>(
        &self,
        template: &str,
        name: &str,
        (value_name, value): (&str, &T),
        what: &Path,
    ) -> String {
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

/// The memo key of `template` rendered from `views`: a hash taken as they serialize.
fn key<T: Serialize>(template: &str, views: &T) -> u128 {
    let mut hash = HashWriter::new();
    hash.hasher.update(template.as_bytes());
    // Views are strings, numbers and lists of them: they always serialize.
    let _ = serde_json::to_writer(&mut hash, views);
    hash.digest()
}

/// A template that failed on a page (or fragment) `what`.
fn template_error(template: &str, what: &Path, error: &tera::Error) -> Diagnostic {
    Diagnostic::error(
        Code::Template,
        &Path::new("templates").join(template),
        None,
        format!(
            "cannot render {} with this template: {}",
            what.display(),
            error_chain(error)
        ),
    )
    .with_help("fix the template (a misspelt variable or filter is the usual cause)")
}

/// Where rendered files go: `serve`'s copy of the site (see [`super::disk_tree`]), nowhere
/// (`check`), or staged in the output folder (`build`, see [`super::output::Staging`]). Called from many threads at once.
pub trait Store: Sync {
    fn store(&self, path: &str, bytes: Vec<u8>) -> Result<(), Diagnostic>;

    /// Takes a static file as it is; a store that writes files streams an on-disk one into
    /// place rather than reading it whole.
    fn store_file(&self, path: &str, file: &LayerFile) -> Result<(), Diagnostic> {
        self.store(path, file.read()?)
    }

    /// Keeps the files `paths` as a previous build wrote them, if the store can vouch for all
    /// of them (see [`super::reuse`]); a store that holds no previous build cannot.
    fn keep(&self, _paths: &[String]) -> bool {
        false
    }

    /// Whether the store throws every file away (`check`): then what costs time to make and
    /// cannot fail (a link-preview image) is not made.
    fn discards(&self) -> bool {
        false
    }
}

/// Keeps nothing: for `check`, which renders pages to find errors and writes none.
pub struct Discard;

impl Store for Discard {
    fn store(&self, _path: &str, _bytes: Vec<u8>) -> Result<(), Diagnostic> {
        Ok(())
    }

    /// An event's files are only offered when the last build rendered them from the same
    /// inputs, so they rendered without an error: nothing needs writing, so nothing can fail.
    fn keep(&self, _paths: &[String]) -> bool {
        true
    }

    fn store_file(&self, _path: &str, _file: &LayerFile) -> Result<(), Diagnostic> {
        Ok(())
    }

    fn discards(&self) -> bool {
        true
    }
}

/// The output of a render: hands each file to a [`Store`], refuses a second file at one
/// address, and keeps every path (the sitemap lists them) and every problem.
pub struct Output<'s> {
    store: &'s dyn Store,
    paths: Mutex<BTreeSet<String>>,
    diagnostics: Mutex<Vec<Diagnostic>>,
    /// Set by the first file the store could not take (a full disk, a refused folder): the
    /// files after it are not handed over, so the cause is told once, not once per page.
    store_failed: std::sync::atomic::AtomicBool,
}

impl<'s> Output<'s> {
    pub fn new(store: &'s dyn Store) -> Output<'s> {
        Output {
            store,
            paths: Mutex::new(BTreeSet::new()),
            diagnostics: Mutex::new(Vec::new()),
            store_failed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Adds one output file; two files at one address is an error naming the second one's
    /// source.
    fn add(&self, path: String, bytes: Vec<u8>, source: &Path) {
        self.hand_over(&path, source, |store| store.store(&path, bytes));
    }

    /// [`Output::add`] for a static file, which the store takes from where it is.
    fn add_file(&self, path: &str, file: &LayerFile) {
        self.hand_over(path, &file.source, |store| store.store_file(path, file));
    }

    /// Claims `path` and hands its file to the store with `give`.
    fn hand_over(
        &self,
        path: &str,
        source: &Path,
        give: impl FnOnce(&dyn Store) -> Result<(), Diagnostic>,
    ) {
        use std::sync::atomic::Ordering;
        if !self.claim(path, source) || self.store_failed.load(Ordering::Relaxed) {
            return;
        }
        if let Err(d) = give(self.store)
            && !self.store_failed.swap(true, Ordering::Relaxed)
        {
            self.fail(d);
        }
    }

    /// Records `path` as taken; false (and an error naming `source`) when it already was.
    fn claim(&self, path: &str, source: &Path) -> bool {
        let fresh = self
            .paths
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_string());
        if !fresh {
            self.fail(
                Diagnostic::error(
                    Code::Content,
                    source,
                    None,
                    format!("the address `{path}` is already taken by another page"),
                )
                .with_help("rename this file so that its page has an address of its own"),
            );
        }
        fresh
    }

    /// Keeps an event's files from the previous build, if the store can: see [`Store::keep`].
    fn keep(&self, paths: &[String], source: &Path) -> bool {
        if !self.store.keep(paths) {
            return false;
        }
        for path in paths {
            self.claim(path, source);
        }
        true
    }

    fn fail(&self, diagnostic: Diagnostic) {
        self.diagnostics
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(diagnostic);
    }

    /// Whether anything went wrong so far.
    pub fn failed(&self) -> bool {
        !self
            .diagnostics
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }

    /// The paths of every file added so far.
    pub fn paths(&self) -> BTreeSet<String> {
        self.paths.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The problems, in a stable order (files render in parallel).
    pub fn into_result(self) -> Result<(), Vec<Diagnostic>> {
        let mut diagnostics = self
            .diagnostics
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        if diagnostics.is_empty() {
            return Ok(());
        }
        diagnostics.sort_by(|a, b| (&a.file, &a.message).cmp(&(&b.file, &b.message)));
        // A fragment shared by many pages fails once per use: it is reported once.
        diagnostics.dedup_by(|a, b| (&a.file, &a.message) == (&b.file, &b.message));
        Err(diagnostics)
    }
}

/// Each event's own files (by slug), as rendered or kept.
pub type EventFiles = BTreeMap<String, Vec<String>>;

/// Renders the part of the site `input.scope` names into `output`. The sitemap and
/// `robots.txt`, which list every page, are added by [`finish`] once the output is complete.
/// Events render in parallel, each straight into the output, so a build holds a few events'
/// pages in memory at a time; an event in `input.reuse` whose files the store can keep is not
/// rendered at all. The archive-wide pages render alongside. Returns the files of each event in
/// scope.
pub fn render_site(input: &RenderInput<'_>, output: &Output<'_>) -> EventFiles {
    let mut site = SiteView::new(input.config, input.pages);
    site.theme_stylesheet = input.statics.contains_key("theme.css");
    let pages = Pages {
        tera: input.tera,
        site: &site,
        output,
        memo: input.memo,
    };
    let archive_pages = Pages {
        memo: input.memo.or(Some(input.archive_memo)),
        ..pages
    };
    rayon::join(
        || render_events(input, &pages),
        || render_archive_pages(input, &archive_pages),
    )
    .0
}

/// Renders (or keeps) the files of the events in scope.
fn render_events(input: &RenderInput<'_>, pages: &Pages<'_, '_>) -> EventFiles {
    let output = pages.output;
    input
        .events
        .par_iter()
        .filter(|(event, _)| input.scope.has_event(&event.slug))
        .map(|(event, computed)| {
            let kept = input
                .reuse
                .get(&event.slug)
                .filter(|files| output.keep(files, &event.file));
            let files = match kept {
                Some(files) => files.clone(),
                None => render_event(input, pages, event, computed),
            };
            (event.slug.clone(), files)
        })
        .collect()
}

/// Renders the pages made from every event: home, the player pages in scope, search, players
/// A to Z, statistics, the events indexes, the content pages, the feed and the calendar. After
/// an edit they are most of the work, so the independent groups render in parallel: the pages
/// made from the player archive while the rest render from the events' summaries.
fn render_archive_pages(input: &RenderInput<'_>, pages: &Pages<'_, '_>) {
    // They were checked before the render began: only a file changed since can fail. Kept in
    // batches across threads (each one looks at two files); a batch that fails is gone through
    // a page at a time, to name the pages that changed.
    let kept_alone = |path: &String| {
        if !pages
            .output
            .keep(std::slice::from_ref(path), Path::new(path))
        {
            pages.output.fail(
                Diagnostic::error(
                    Code::Io,
                    Path::new(path),
                    None,
                    "this page of the output changed while the site was being built",
                )
                .with_help("build again"),
            );
        }
    };
    input.kept_pages.par_chunks(256).for_each(|batch| {
        if !pages.output.keep(batch, Path::new(&batch[0])) {
            batch.iter().for_each(kept_alone);
        }
    });
    use super::groups::Group;
    let build = |group: Group| !input.kept_groups.contains(&group);
    let summaries: Vec<&EventSummary> = input
        .events
        .iter()
        .map(|(event, _)| &input.contributions[&event.slug].summary)
        .collect();
    // The search index needs the player archive, the ratings and the card pages only when it
    // cannot take its parts made of them from the last render.
    let reused_parts = input.search_parts.filter(|_| build(Group::Search));
    let search_from_archive = build(Group::Search) && reused_parts.is_none();
    let cards_needed = build(Group::Cards) || search_from_archive;
    let scope = input.scope.players.as_ref();
    let settings = &input.config.ratings;
    let player_pages = scope.is_none_or(|s| !s.is_empty());
    let rated = settings.enabled && (player_pages || build(Group::Ratings) || search_from_archive);
    let archive_needed = rated || player_pages || build(Group::Players) || search_from_archive;
    // Those pages and the statistics read every event's shares: worked out now, once.
    if archive_needed || cards_needed || build(Group::Stats) {
        input
            .contributions
            .complete(pages.site, input.aliases, input.events);
    }
    let cards = cards_needed.then(|| input.contributions.card_pages(pages.site));
    rayon::join(
        || {
            if let Some(parts) = reused_parts {
                render_search(input, pages, &summaries, parts.clone());
            }
            if !archive_needed {
                return;
            }
            let mut archive = input.contributions.player_pages(pages.site, scope);
            let ratings = rated.then(|| {
                let ratings = input.contributions.ratings(pages.site, settings, &archive);
                super::players::fill_ratings(&mut archive, &ratings, scope);
                ratings
            });
            rayon::join(
                || render_player_pages(input, pages, &archive, build(Group::Players)),
                || {
                    rayon::join(
                        || {
                            if let Some((_, card_index)) =
                                cards.as_ref().filter(|_| search_from_archive)
                            {
                                let parts = super::search::ArchiveParts::of(
                                    &archive,
                                    ratings.as_ref(),
                                    card_index,
                                );
                                render_search(input, pages, &summaries, parts);
                            }
                        },
                        || {
                            if let Some(ratings) =
                                ratings.as_ref().filter(|_| build(Group::Ratings))
                            {
                                render_ratings(pages, ratings);
                            }
                        },
                    )
                },
            );
        },
        || {
            rayon::join(
                || {
                    if build(Group::Indexes) {
                        render_event_indexes(input, pages, &summaries);
                    }
                },
                || {
                    rayon::join(
                        || render_other_pages(input, pages),
                        || {
                            if let Some((cards, index)) =
                                cards.as_ref().filter(|_| build(Group::Cards))
                            {
                                render_card_pages(pages, cards, index);
                            }
                        },
                    )
                },
            )
        },
    );
}

/// The statistics page.
fn render_stats(input: &RenderInput<'_>, pages: &Pages<'_, '_>) {
    let archive_stats = input.contributions.stats().clone().view().charted();
    pages.archive_page(
        "stats.html",
        [
            "Statistics",
            "stats/",
            "Affiliations, objective sets, side win rates and game endings across the archive.",
        ],
        ("stats", &archive_stats),
        "the statistics page",
    );
}

/// The ratings page.
fn render_ratings(pages: &Pages<'_, '_>, ratings: &super::ratings::Ratings) {
    pages.archive_page(
        "ratings.html",
        [
            "Ratings",
            addresses::RATINGS_PATH,
            "Glicko-2 ratings of every player, by game and side.",
        ],
        ("ratings", &ratings.view),
        "the ratings page",
    );
}

/// The player pages in scope, and the players A to Z.
/// A page per objective set and SW:CCG card of the published decklists, and their index.
fn render_card_pages(pages: &Pages<'_, '_>, cards: &[CardPage], index: &CardIndex) {
    let site = pages.site;
    cards.par_iter().for_each(|card| {
        let page = page_view(
            site,
            &card.title,
            &card.path,
            &format!("{}: the published decklists that played it", card.title),
        );
        pages.emit(
            "card.html",
            &page,
            Some(("card", card)),
            Path::new("a card page"),
            format!("{}index.html", card.path),
            Path::new("templates/card.html"),
        );
    });
    pages.archive_page(
        "cards.html",
        [
            "Cards",
            addresses::CARDS_PATH,
            "Every objective set and SW:CCG card of the published decklists.",
        ],
        ("cards", index),
        "the cards index",
    );
}

/// The player pages in scope, the head-to-head pages of their pairs, and (with `index`) the
/// players A to Z.
fn render_player_pages(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    archive: &[PlayerPage],
    index: bool,
) {
    let site = pages.site;
    archive
        .par_iter()
        .filter(|p| input.scope.has_player(&p.id))
        .for_each(|player| {
            let path = addresses::player_path(&player.id);
            let page = page_view(
                site,
                &player.name,
                &path,
                &format!("{}: events, results and decklists", player.name),
            );
            pages.emit(
                "player.html",
                &page,
                Some(("player", player)),
                Path::new("a player page"),
                format!("{path}index.html"),
                Path::new("templates/player.html"),
            );
        });
    let meetings = input.contributions.meetings(input.scope.players.as_ref());
    let people = super::players::people(archive);
    // Built one at a time, as they are rendered: together they hold every game twice.
    meetings
        .head_to_head_ids(input.scope.players.as_ref())
        .par_iter()
        .for_each(|id| {
            let head_to_head = meetings.head_to_head(site, &people, id);
            let name = &head_to_head.player.name;
            let page = page_view(
                site,
                &format!("{name}: head to head"),
                &head_to_head.path,
                &format!("Every opponent {name} has met, and how each meeting went"),
            );
            pages.emit(
                "head_to_head.html",
                &page,
                Some(("head_to_head", &head_to_head)),
                Path::new("a head-to-head page"),
                format!("{}index.html", head_to_head.path),
                Path::new("templates/head_to_head.html"),
            );
        });
    if !index {
        return;
    }
    let players_index = super::players::index(archive);
    pages.archive_page(
        "players.html",
        [
            "Players",
            "players/",
            "Every player in the archive, A to Z.",
        ],
        ("players", &players_index),
        "the players index",
    );
}

/// The search index and the search page.
fn render_search(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    summaries: &[&EventSummary],
    parts: super::search::ArchiveParts,
) {
    let (site, output) = (pages.site, pages.output);
    let search_index = super::search::build(
        input.events,
        summaries,
        input.contributions,
        input.aliases,
        input.config.ratings.enabled,
        parts,
    );
    output.add(
        addresses::SEARCH_PATH.into(),
        super::search::to_json(&search_index).into_bytes(),
        Path::new(addresses::SEARCH_PATH),
    );
    pages.archive_page(
        "search.html",
        [
            "Search",
            "search/",
            "Find events, players and decklists in the archive.",
        ],
        ("search", &super::search::page_view(site, &search_index)),
        "the search page",
    );
}

/// Home and the events indexes: by date, by ruleset and by tier.
fn render_event_indexes(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    summaries: &[&EventSummary],
) {
    let site = pages.site;
    let intro = input.pages.iter().find(|p| p.path.is_empty());
    let home = home_view(input.config, site, summaries, intro.map(|p| p.html.clone()));
    pages.archive_page(
        "index.html",
        ["", "", &input.config.description],
        ("home", &home),
        "the home page",
    );
    // Each event's row once, for the three pages.
    let rows: Vec<String> = summaries
        .par_iter()
        .map(|&summary| {
            pages.fragment(
                "event_row.html",
                &summary.url,
                ("e", summary),
                Path::new("an events index row"),
            )
        })
        .collect();
    super::event_index::pages(site, summaries, &rows)
        .par_iter()
        .for_each(|index| {
            let page = page_view(site, index.title, index.path, index.description);
            pages.emit(
                "events.html",
                &page,
                Some(("index", &index.view)),
                Path::new("the events index"),
                format!("{}index.html", index.path),
                Path::new("templates/events.html"),
            );
        });
}

/// Statistics (unless kept), the content pages, the 404 page, the static files, the feed and
/// the calendar.
fn render_other_pages(input: &RenderInput<'_>, pages: &Pages<'_, '_>) {
    let (site, output) = (pages.site, pages.output);
    if !input.kept_groups.contains(&super::groups::Group::Stats) {
        render_stats(input, pages);
    }
    for content in input
        .pages
        .iter()
        .filter(|p| input.scope.content && !p.path.is_empty())
    {
        let page = page_view(site, &content.title, &content.path, &content.description);
        let view = ContentView {
            title: content.title.clone(),
            description: content.description.clone(),
            html: content.html.clone(),
            toc: table_of_contents(&content.outline),
        };
        pages.emit(
            "page.html",
            &page,
            Some(("content", &view)),
            &content.file,
            format!("{}index.html", content.path),
            &content.file,
        );
    }
    let not_found = page_view(site, "Page not found", "404.html", "");
    pages.emit::<()>(
        "404.html",
        &not_found,
        None,
        Path::new("the 404 page"),
        "404.html".into(),
        Path::new("templates/404.html"),
    );
    for (path, file) in input.statics.iter().filter(|_| input.scope.content) {
        output.add_file(path, file);
    }
    // The feed and the calendar are for readers and calendar applications, not search engines:
    // they stay out of the sitemap (which lists HTML pages only).
    output.add(
        addresses::FEED_FILE.into(),
        super::feed::atom(site, input.aliases, input.events).into_bytes(),
        Path::new(addresses::FEED_FILE),
    );
    output.add(
        addresses::CALENDAR_FILE.into(),
        super::calendar::calendar(site, input.events).into_bytes(),
        Path::new(addresses::CALENDAR_FILE),
    );
}

/// The sections listed at the top of a content page: its level-2 headings (with their level-3
/// ones when that stays short), and none for a page short enough to read through.
fn table_of_contents(outline: &[super::markdown::Heading]) -> Vec<super::markdown::Heading> {
    const WORTH_A_MAP: usize = 4;
    const LONGEST: usize = 30;
    let sections = outline.iter().filter(|h| h.level == 2).count();
    if sections < WORTH_A_MAP {
        return Vec::new();
    }
    if outline.len() <= LONGEST {
        return outline.to_vec();
    }
    outline.iter().filter(|h| h.level == 2).cloned().collect()
}

/// Renders one event's files: its page, `event.json`, its decklists page and export, and the
/// current round's page while it has one.
fn render_event(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    event: &Event,
    computed: &Computed,
) -> Vec<String> {
    let (site, output) = (pages.site, pages.output);
    let source = event.file.as_path();
    let mut files = Vec::new();
    // Notes each file's path as it goes out.
    let mut named = |path: String| {
        files.push(path.clone());
        path
    };
    // The current round, while the event has one: first on the event page, and its own pages.
    let now = super::pairings_view::pairings_view(site, input.aliases, event, computed);
    let view = super::event_page::event_view(
        site,
        event,
        computed,
        &input.contributions[&event.slug]
            .shares_for(site, input.aliases, event, computed)
            .stats,
        now.clone(),
        &super::markdown::render,
        input.aliases,
    );
    let path = addresses::event_path(event);
    let card = event_card(input, event, computed);
    let description = format!(
        "{} – {}, {}",
        event.info.name, view.summary.date_text, computed.ruleset.name
    );
    let page = PageView {
        og_type: "article",
        image: Some(model::PageImage {
            url: site.absolute(&format!("{path}{}", addresses::PREVIEW_FILE)),
            width: super::preview::WIDTH,
            height: super::preview::HEIGHT,
            alt: card.alt(),
        }),
        ..page_view(site, &event.info.name, &path, &description)
    };
    pages.emit(
        "event.html",
        &page,
        Some(("event", &view)),
        source,
        named(format!("{path}index.html")),
        source,
    );
    // Each Swiss round's tables, results and the standings after it, on a page of its own.
    let rounds: Vec<String> = super::event_page::round_views(site, event, computed, input.aliases)
        .par_iter()
        .map(|round| {
            let round_path = addresses::round_path(event, round.number);
            let title = format!("Round {}: {}", round.number, event.info.name);
            let description = format!("{title}: tables, results and standings");
            let file = format!("{round_path}index.html");
            pages.emit(
                "round.html",
                &page_view(site, &title, &round_path, &description),
                Some(("round", round)),
                source,
                file.clone(),
                source,
            );
            file
        })
        .collect();
    for file in rounds {
        named(file);
    }
    output.add(
        named(format!("{path}event.json")),
        event_json(event, computed).into_bytes(),
        source,
    );
    // The link-preview image, drawn again only when its card changed: the previous build's
    // (or, in `serve`, the last render's) is kept when the card's key is the same.
    let preview = named(format!("{path}{}", addresses::PREVIEW_FILE));
    let card_key = super::reuse::card_key(input.previews.program, &card);
    let seen = pages
        .memo
        .is_some_and(|memo| memo.image_unchanged(&preview, card_key))
        || input.previews.last.get(&event.slug) == Some(&card_key);
    if !(seen && output.keep(std::slice::from_ref(&preview), source)) {
        let png = if output.store.discards() {
            Vec::new()
        } else {
            card.png()
        };
        output.add(preview, png, source);
    }
    // Every published list of the event: one page, a section per player, and one plain-text
    // export of them all.
    if let Some(view) = super::deck_view::decks_page(site, input.aliases, event, computed) {
        let path = addresses::decks_path(event);
        let title = format!("Decklists: {}", event.info.name);
        let description = format!("Every published decklist of {}", event.info.name);
        output.add(
            named(format!("{path}{}", addresses::DECKS_TEXT_FILE)),
            super::deck_view::decks_text(&view).into_bytes(),
            source,
        );
        pages.emit(
            "decks.html",
            &page_view(site, &title, &path, &description),
            Some(("decks", &view)),
            source,
            named(format!("{path}index.html")),
            source,
        );
    }
    // The current round, by table and by name; its room screen and its result slips.
    if let Some(view) = now {
        let path = addresses::pairings_path(event);
        let title = format!("{}: {}", view.title, event.info.name);
        let description = format!("Pairings of {}, by table and by name", title);
        let page = page_view(site, &title, &path, &description);
        pages.emit(
            "pairings.html",
            &page,
            Some(("pairings", &view)),
            source,
            named(format!("{path}index.html")),
            source,
        );
        render_venue_pages(pages, event, computed, view, &mut named);
    }
    files
}

/// The card of an event's link-preview image: what [`super::preview`] draws, and what decides
/// whether it is drawn again.
pub fn event_card(
    input: &RenderInput<'_>,
    event: &Event,
    computed: &Computed,
) -> super::preview::Card {
    super::preview::Card::of(
        &input.config.title,
        &input.contributions[&event.slug].summary,
        computed.ruleset.family,
        event.is_team(),
    )
}

/// The current round's room screen and result slips (see [`super::room_view`] and
/// [`super::slips_view`]), each file's path noted by `named`.
fn render_venue_pages(
    pages: &Pages<'_, '_>,
    event: &Event,
    computed: &Computed,
    pairings: super::pairings_view::PairingsView,
    named: &mut dyn FnMut(String) -> String,
) {
    let (site, source) = (pages.site, event.file.as_path());
    let slips = super::slips_view::slips_view(site, event, computed, &pairings);
    let path = addresses::slips_path(event);
    let title = format!("Result slips, {}: {}", slips.title, event.info.name);
    pages.emit(
        "slips.html",
        &page_view(site, &title, &path, &title),
        Some(("slips", &slips)),
        source,
        named(format!("{path}index.html")),
        source,
    );
    let room = super::room_view::room_view(site, event, computed, pairings);
    let path = addresses::room_path(event);
    let title = format!("{}: {}, room screen", room.pairings.title, event.info.name);
    pages.emit(
        "room.html",
        &page_view(site, &title, &path, &title),
        Some(("room", &room)),
        source,
        named(format!("{path}index.html")),
        source,
    );
}

fn home_view<'a>(
    config: &Config,
    site: &SiteView,
    summaries: &[&'a EventSummary],
    intro_html: Option<String>,
) -> HomeView<'a> {
    let pick = |status: Status| {
        summaries
            .iter()
            .filter(move |s| s.status == status)
            .copied()
    };
    let mut upcoming: Vec<&EventSummary> = pick(Status::Upcoming).collect();
    upcoming.sort_by(|a, b| a.date.cmp(&b.date).then_with(|| a.name.cmp(&b.name)));
    let mut running: Vec<&EventSummary> = pick(Status::Running).collect();
    running.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.name.cmp(&b.name)));
    let mut recent: Vec<&EventSummary> = pick(Status::Finished).collect();
    recent.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.name.cmp(&b.name)));
    recent.truncate(config.recent_events as usize);
    HomeView {
        intro_html,
        upcoming,
        running,
        recent,
        event_count: summaries.len(),
        events_url: site.link("events/"),
    }
}

/// Adds the files that describe the finished tree: the sitemap (every HTML page) and
/// `robots.txt`, which points to it.
pub fn finish(config: &Config, pages: &[ContentPage], output: &Output<'_>) {
    for (path, bytes) in finishing_files(config, pages, &output.paths()) {
        output.add(path, bytes, Path::new("the sitemap"));
    }
}

/// The sitemap and `robots.txt` of a tree with these `paths`.
pub fn finishing_files(
    config: &Config,
    pages: &[ContentPage],
    paths: &BTreeSet<String>,
) -> [(String, Vec<u8>); 2] {
    let site = SiteView::new(config, pages);
    let robots = format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}sitemap.xml\n",
        site.base_url
    );
    [
        ("sitemap.xml".into(), sitemap(&site, paths).into_bytes()),
        ("robots.txt".into(), robots.into_bytes()),
    ]
}

/// A sitemap of every HTML page but the 404 page, in path order.
fn sitemap(site: &SiteView, paths: &BTreeSet<String>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in paths.iter().filter(|p| p.ends_with("index.html")) {
        let page = path.trim_end_matches("index.html");
        out.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            escape::xml(&format!("{}{}", site.base_url, page))
        ));
    }
    out.push_str("</urlset>\n");
    out
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn a_context_hashes_alike_whatever_pieces_it_is_written_in() {
        let text: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let whole = xxhash_rust::xxh3::xxh3_128(&text);
        for pieces in [1, 7, 4096, HashWriter::PIECE, HashWriter::PIECE + 1, 70_000] {
            let mut hash = HashWriter::new();
            for piece in text.chunks(pieces) {
                hash.write_all(piece).expect("a hash takes every write");
            }
            assert_eq!(hash.digest(), whole, "in pieces of {pieces}");
        }
    }
}
