//! From computed events to a written site: load and check everything, then render every page
//! straight into the output's staging folder, and move the staged files into place only once
//! every page rendered (see [`output`]). `check` is the same, keeping nothing it renders.

pub mod addresses;
pub(crate) mod audit_view;
pub(crate) mod batches;
pub(crate) mod calendar;
pub(crate) mod card_lists;
pub(crate) mod cards;
pub(crate) mod casual_view;
pub(crate) mod ccg_top_cut_view;
pub(crate) mod ccg_view;
pub(crate) mod chart;
pub(crate) mod content;
pub(crate) mod contribution;
pub(crate) mod counts;
pub(crate) mod current_step;
pub(crate) mod deck_names;
pub(crate) mod deck_view;
pub mod disk_tree;
pub(crate) mod escape;
pub(crate) mod event_games;
pub(crate) mod event_index;
pub mod event_page;
pub(crate) mod feed;
pub(crate) mod groups;
pub mod hosting;
pub mod json;
pub(crate) mod kept;
pub(crate) mod live_view;
pub(crate) mod markdown;
pub(crate) mod meetings;
pub mod model;
pub(crate) mod names;
pub(crate) mod numbers;
pub(crate) mod output;
pub(crate) mod pairings_view;
pub(crate) mod player_events;
pub(crate) mod player_index;
pub(crate) mod players;
pub(crate) mod preview;
pub(crate) mod preview_cache;
pub(crate) mod ratings;
pub(crate) mod ratings_pages;
pub(crate) mod recorded_view;
pub mod render;
pub(crate) mod reuse;
pub(crate) mod rivalries;
pub(crate) mod room_view;
pub(crate) mod schema_org;
pub mod search;
pub mod session;
pub(crate) mod slips_view;
pub(crate) mod stage_view;
pub(crate) mod standings;
pub(crate) mod stats;
pub(crate) mod step_pages;
pub mod summary;
pub(crate) mod templates;
pub(crate) mod whitespace;

use crate::diag::Shown;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::config::Config;
use crate::diag::{Code, Diagnostic, Report};
use crate::load::held::HeldEvent;
use crate::load::options::LoadOptions;
use crate::load::people::{self, People};
use crate::load::rating_cache::RatingCache;
use crate::load::{aliases, load_events};

/// A loaded, computed site, ready to render.
pub struct Site {
    pub config: Config,
    /// `players.toml`: alias id -> the player page's id.
    pub aliases: aliases::Aliases,
    pub events: Vec<HeldEvent>,
    /// How many of `events` were taken from the event cache (see [`crate::load::cache`]).
    pub(crate) from_cache: usize,
    /// The key of each event's file and report as loaded, by slug (see
    /// [`crate::input_key::own_key`]): what a build records its pages as made from. `serve`
    /// records nothing, and does not keep it up to date.
    pub(crate) own_keys: BTreeMap<String, u128>,
    /// Each event's share of the archive-wide pages, by slug.
    pub contributions: contribution::Contributions,
    pub pages: Vec<content::ContentPage>,
    pub tera: tera::Tera,
    pub(crate) statics: BTreeMap<String, templates::LayerFile>,
}

#[cfg(test)]
impl Site {
    /// Every event, opened.
    pub(crate) fn opened_events(
        &self,
    ) -> Vec<(crate::event::Event, crate::rules::computed::Computed)> {
        self.events.iter().map(HeldEvent::open).collect()
    }
}

/// Loads configuration, events, content, templates and static files, and computes every event.
/// Returns the site when nothing is in error; the report carries warnings either way.
pub fn load(root: &Path, base_url: Option<&str>) -> (Option<Site>, Report) {
    // Read while the configuration and `players.toml` are: the event cache needs it next.
    crate::input_key::program_key_ahead();
    let mut report = Report::default();
    let config = match Config::load(root) {
        Ok(c) => c,
        Err((diags, text)) => {
            report.absorb(diags, text.map(|t| (PathBuf::from(crate::config::FILE), t)));
            return (None, report);
        }
    };
    let config = match base_url {
        Some(url) => config.with_base_url(url),
        None => config,
    };
    let players = match aliases::load_file(root) {
        Ok(players) => players,
        Err((diags, text)) => {
            report.absorb(diags, text.map(|t| (PathBuf::from(aliases::FILE), t)));
            aliases::PlayersFile::default()
        }
    };
    let aliases = players.aliases.clone();
    let options = LoadOptions {
        default_rules: config.default_rules.clone(),
        site_root: None,
    };
    let cache = crate::input_key::program_key().map(|program| {
        crate::load::cache::EventCache::open(root, program, Path::new(crate::config::FILE))
    });
    let (pages, diags, sources) = content::load_content(root);
    report.absorb(diags, sources);
    // Each event is held encoded as soon as it is loaded, with what the site reads of it
    // without opening it again: its people and its contribution to the archive-wide pages,
    // which the event cache keeps beside it for the next build (see `kept`).
    let view = model::SiteView::new(&config, &pages);
    let form = kept::form(&view, &aliases);
    let keep = |event, encoded| kept::loaded(&view, &aliases, event, encoded);
    let loaded = load_events(root, &options, cache.as_ref(), keep, Some(&form));
    let from_cache = loaded.from_cache;
    let own_keys = loaded.own_keys;
    report.absorb(loaded.diagnostics, loaded.sources);
    let mut events = Vec::with_capacity(loaded.events.len());
    let mut entries = Vec::with_capacity(loaded.events.len());
    let mut listed = Vec::with_capacity(loaded.events.len());
    for event in loaded.events {
        listed.push((event.held.slug.clone(), event.contribution));
        events.push(event.held);
        entries.push(event.people);
    }
    // The people's check, the archive's contributions, and the templates and static files
    // side by side: each is read or worked out on one thread only.
    let ((people_checked, contributions), (templates, tera, statics)) = rayon::join(
        || {
            rayon::join(
                || {
                    // Two people on one page, or one person on two, across events.
                    let people = People::from_entries(root, entries, players);
                    people::check(&people)
                },
                || contribution::Contributions::of_listed(listed),
            )
        },
        || {
            let theme = config.theme.as_deref();
            let templates = templates::layered(root, theme, "templates");
            let tera = match &templates {
                Ok(files) => templates::load_templates(files),
                Err(d) => Err(vec![d.clone()]),
            };
            (templates, tera, templates::layered(root, theme, "static"))
        },
    );
    let (diags, sources) = people_checked;
    report.absorb(diags, sources);
    let tera = match tera {
        Ok(t) => Some(t),
        Err(diags) => {
            report.absorb(diags, []);
            None
        }
    };
    // A site's copies of built-in files made from another release's text say so.
    if let Ok(templates) = &templates {
        let (warnings, sources) = templates::outdated_copies(templates, "templates");
        report.absorb(warnings, sources);
    }
    if let Ok(statics) = &statics {
        let (warnings, sources) = templates::outdated_copies(statics, "static");
        report.absorb(warnings, sources);
    }
    let statics = match statics {
        Ok(s) => s,
        Err(d) => {
            // What both layers find (a theme that is not there) is said once.
            if !report.diagnostics.contains(&d) {
                report.absorb(vec![d], []);
            }
            BTreeMap::new()
        }
    };
    if report.has_errors() {
        return (None, report);
    }
    let tera = tera.expect("templates loaded when there is no error");
    (
        Some(Site {
            config,
            aliases,
            events,
            from_cache,
            own_keys,
            contributions,
            pages,
            tera,
            statics,
        }),
        report,
    )
}

/// Renders the part of the site `scope` names into `store` for `serve`, leaving out the pages
/// `memo` saw rendered from the same context (the store keeps those as they are). With `finish`
/// the sitemap and `robots.txt` are made too (see [`render::finish`]): a render of the whole site.
pub fn render_for_session(
    site: &Site,
    scope: &render::Scope,
    store: &dyn render::Store,
    finish: bool,
    memo: &render::Memo,
    kept: SessionKept,
) -> Result<(), Vec<Diagnostic>> {
    let earlier = Earlier {
        memo: Some(memo),
        kept_groups: kept.groups,
        search_parts: kept.search_parts,
        card_scope: kept.card_scope,
        ..Earlier::default()
    };
    render_into(site, scope, store, finish, &earlier, None, None).map(drop)
}

/// What `serve` keeps of its last render without building it again: the groups of archive-wide
/// pages an edit did not change (its files hold them as they are), the card pages outside
/// `card_scope` when it reached only some (see [`groups::reaches_cards`]), and the search
/// index's archive-wide parts whose pages are among those (see [`search::LastParts`]).
#[derive(Debug, Default)]
pub struct SessionKept {
    pub(crate) groups: std::collections::BTreeSet<groups::Group>,
    pub(crate) search_parts: search::LastParts,
    pub(crate) card_scope: Option<std::collections::BTreeSet<addresses::CardKey>>,
}

/// What a render may keep of an earlier one instead of rendering it again.
#[derive(Default)]
struct Earlier<'a> {
    /// The files of each event the last build rendered from the same inputs (see [`reuse`]).
    events: render::EventFiles,
    /// The last build's link-preview cards.
    previews: render::Previews,
    /// `serve`'s memo of every page it rendered.
    memo: Option<&'a render::Memo>,
    /// The last build's record of its archive-wide pages (see [`reuse::read_pages`]).
    archive: render::Memo,
    /// The archive-wide pages kept as they are without building them: those of the players no
    /// edit since the last build touched (see [`reuse::players_touched`]) and those of the
    /// groups in `kept_groups`.
    kept_pages: Vec<String>,
    /// The groups of archive-wide pages whose inputs are the last build's (see [`groups`]).
    kept_groups: std::collections::BTreeSet<groups::Group>,
    /// The cards whose pages are built, when an edit reached only those (see
    /// [`groups::card_scope`]).
    card_scope: Option<std::collections::BTreeSet<addresses::CardKey>>,
    /// Each group's key in this build, to record.
    group_keys: Vec<u128>,
    /// The search index's archive-wide parts from the last build's index whose pages this
    /// build keeps (see [`search::LastParts`]).
    search_parts: search::LastParts,
}

/// Renders the part of the site `scope` names into `store`, with the sitemap when `finish`,
/// keeping what `earlier` vouches for when the store can. Returns each event's files.
fn render_into(
    site: &Site,
    scope: &render::Scope,
    store: &dyn render::Store,
    finish: bool,
    earlier: &Earlier<'_>,
    saved_ratings: Option<&RatingCache>,
    fields: Option<&render::FieldRecorder>,
) -> Result<render::EventFiles, Vec<Diagnostic>> {
    let output = render::Output::new(store);
    let event_files = render::render_site(
        &render::RenderInput {
            config: &site.config,
            aliases: &site.aliases,
            events: &site.events,
            contributions: &site.contributions,
            pages: &site.pages,
            tera: &site.tera,
            statics: &site.statics,
            scope,
            reuse: &earlier.events,
            memo: earlier.memo,
            archive_memo: &earlier.archive,
            saved_ratings,
            kept_pages: &earlier.kept_pages,
            kept_groups: &earlier.kept_groups,
            card_scope: earlier.card_scope.as_ref(),
            search_parts: &earlier.search_parts,
            previews: &earlier.previews,
            fields,
        },
        &output,
    );
    if finish && !output.failed() {
        render::finish(&site.config, &site.pages, &output);
    }
    // What this render neither made nor kept is gone from the output: no later build keeps it.
    earlier.archive.retain(&output.paths());
    output.into_result().map(|()| event_files)
}

/// What the last build into a folder can lend this one (see [`last_build`]).
struct LastBuild {
    /// The key of what every page depends on ([`reuse::shared_key`]); `None` when Holonet
    /// cannot read its own program file, and then nothing is reused.
    shared: Option<u128>,
    /// What this build records of each event (its files aside).
    entries: BTreeMap<String, reuse::Entry>,
    /// The part of the site to render: the player pages an edit can have changed, every
    /// event (those the last build made from the same inputs are kept, not rendered).
    scope: render::Scope,
    /// What this build may keep.
    earlier: Earlier<'static>,
}

/// Where the record of the last render comes from.
enum Records<'a> {
    /// A build's: the output folder it builds into, which holds the last build's records (and
    /// its search index, whose parts a build may keep).
    Output(&'a Path),
    /// A check's: the site folder, which holds the record of the last render that succeeded
    /// ([`reuse::RENDERED`]); the output is never read.
    Rendered(&'a Path),
}

/// What the last render can lend this one: the files of each event it rendered from the same
/// inputs (the same event file, shared inputs and Holonet), the link-preview image of each
/// event whose card is the same, and the keys of its archive-wide pages when they were made
/// under the same shared inputs; of those, the player pages no changed event touched are kept
/// without being built, when `keeps` says the output still holds them as recorded. Records
/// are read from `records`, and believed only when sealed under `secret` (see [`reuse`]).
/// `shared_files` is the key of the shared files taken before the site was loaded
/// ([`reuse::files_key`]); each event's key is made from its files as loaded.
fn last_build(
    site: &Site,
    shared_files: u128,
    records: Records<'_>,
    secret: &crate::input_key::Secret,
    keeps: &(dyn Fn(&str) -> bool + Sync),
) -> LastBuild {
    let program = crate::input_key::program_key();
    let shared =
        program.map(|program| reuse::shared_key(shared_files, &site.config.base_url, program));
    let reuse::Last {
        events: last,
        pages,
        ratings,
        groups: last_groups,
    } = match records {
        Records::Output(out) => reuse::read_output(out, shared, secret),
        Records::Rendered(root) => reuse::read_rendered(root, shared, secret),
    };
    let entries: BTreeMap<String, reuse::Entry> = program
        .zip(shared)
        .map(|(program, shared)| {
            site.events
                .par_iter()
                .filter_map(|held| {
                    // Every loaded event has its key; one without is not recorded, so rendered
                    // every time.
                    let own = *site.own_keys.get(&held.slug)?;
                    let contribution = &site.contributions[&held.slug];
                    let card = preview::Card::of(
                        &site.config.title,
                        &contribution.summary,
                        held.ruleset.family,
                        held.team,
                    );
                    let key = crate::input_key::event_key(shared, own);
                    // The same inputs make the same contribution: its hashes are the record's.
                    let (archive, players) = match last.get(&held.slug) {
                        Some(entry) if entry.key == key => (entry.archive, entry.players.clone()),
                        _ => (contribution.fingerprint(), contribution.player_pages()),
                    };
                    let entry = reuse::Entry {
                        key,
                        card: reuse::card_key(program, &card),
                        archive,
                        players,
                        files: Vec::new(),
                    };
                    Some((held.slug.clone(), entry))
                })
                .collect()
        })
        .unwrap_or_default();
    let events: render::EventFiles = last
        .iter()
        .filter(|(slug, entry)| entries.get(*slug).map(|e| e.key) == Some(entry.key))
        .map(|(slug, entry)| (slug.clone(), entry.files.clone()))
        .collect();
    let (touched, mut kept_pages) =
        reuse::player_scope(&last, &entries, pages.keys().map(String::as_str), keeps);
    let group_keys = shared
        .map(|shared| groups::keys(shared, &entries))
        .unwrap_or_default();
    let mut kept_groups = std::collections::BTreeSet::new();
    for (group, (now, then)) in groups::Group::ALL
        .into_iter()
        .zip(group_keys.iter().zip(&last_groups))
    {
        let mut paths: Vec<String> = pages
            .keys()
            .filter(|path| groups::Group::of(path) == Some(group))
            .cloned()
            .collect();
        if group == groups::Group::Search {
            paths.push(addresses::SEARCH_PATH.to_string());
        }
        if now == then && paths.par_iter().all(|path| keeps(path)) {
            kept_groups.insert(group);
            kept_pages.extend(paths);
        }
    }
    // Card pages changed only for the cards of the edited events' lists: the others are kept.
    let mut card_scope = shared
        .filter(|_| !kept_groups.contains(&groups::Group::Cards))
        .and_then(|shared| {
            let last_cards = last_groups.get(groups::Group::Cards as usize).copied();
            groups::card_scope(shared, last_cards, &last, &entries, &|slug: &str| {
                site.contributions[slug].card_keys()
            })
        });
    let kept_cards: Vec<String> = card_scope.as_ref().map_or_else(Vec::new, |scope| {
        let built: Vec<String> = scope.iter().map(addresses::CardKey::path).collect();
        pages
            .keys()
            .filter(|path| groups::Group::of(path) == Some(groups::Group::Cards))
            .filter(|path| !built.iter().any(|folder| path.starts_with(folder.as_str())))
            .cloned()
            .collect()
    });
    if !kept_cards.par_iter().all(|path| keeps(path)) {
        card_scope = None;
    }
    // The search index's players and cards are the last build's when their pages are, and
    // the output still holds the index as that build wrote it; its cards also when only some
    // card pages change, since those keep their cards and counts.
    let mut vouched = kept_groups.clone();
    if card_scope.is_some() {
        vouched.insert(groups::Group::Cards);
    }
    let search_parts = groups::kept_search_parts(&vouched, || match records {
        Records::Output(out) => keeps(addresses::SEARCH_PATH)
            .then(|| std::fs::read(out.join(addresses::SEARCH_PATH)).ok())
            .flatten(),
        Records::Rendered(_) => None,
    });
    // Without the last index's cards, the search index needs the whole cards index.
    if search_parts.cards.is_none() {
        card_scope = None;
    }
    if card_scope.is_some() {
        kept_pages.extend(kept_cards);
    }
    let previews = render::Previews {
        program: program.unwrap_or_default(),
        last: last
            .into_iter()
            .filter(|_| program.is_some())
            .map(|(slug, entry)| (slug, entry.card))
            .collect(),
        // What the site folder keeps is no record of the last build: a build adds it.
        cache: None,
    };
    LastBuild {
        shared,
        entries,
        scope: render::Scope {
            players: touched,
            ..render::Scope::all()
        },
        earlier: Earlier {
            events,
            previews,
            memo: None,
            archive: render::Memo::of_records(pages, ratings),
            kept_pages,
            kept_groups,
            card_scope,
            group_keys,
            search_parts,
        },
    }
}

/// Validates and renders everything without writing. What a check says comes from the site's
/// files alone, never from an output folder, which anyone who can write the output (a restored
/// artifact, a hand edit) could make say anything. What the last render that succeeded made
/// from the same inputs is not rendered again (it rendered without an error, and would again):
/// the site folder keeps its sealed record ([`reuse::RENDERED`]), which a check that succeeds
/// brings up to date.
pub fn check(root: &Path) -> Report {
    // Before anything is read: see `reuse::files_key`.
    let shared_files = reuse::files_key(root);
    let (site, mut report) = load(root, None);
    if let Some(site) = site {
        let secret = crate::input_key::Secret::of_site(root);
        let last = last_build(
            &site,
            shared_files,
            Records::Rendered(root),
            &secret,
            &|_| true,
        );
        let earlier = Earlier {
            previews: render::Previews::default(),
            ..last.earlier
        };
        let saved_ratings = RatingCache::of_site(root, secret);
        let rendered = render_into(
            &site,
            &last.scope,
            &render::Discard,
            true,
            &earlier,
            saved_ratings.as_ref(),
            None,
        );
        if let Some(saved) = &saved_ratings {
            saved.save();
        }
        match rendered {
            Ok(event_files) => {
                let records = records(last.shared, last.entries, event_files, &earlier);
                if let Some((events, pages)) = records {
                    reuse::write_rendered(root, &events, &pages, &secret);
                }
            }
            Err(diags) => report.absorb(diags, []),
        }
        drop_later((site, earlier));
    }
    report
}

/// The fields each template of the site at `root` is given, by template name, as a render of
/// the whole site hands them over (see [`render::FieldRecorder`]): what a site's own template
/// may use. Nothing is written. The report's errors when the site does not load or render.
pub fn template_fields(root: &Path) -> Result<BTreeMap<String, render::Fields>, Report> {
    let (site, mut report) = load(root, None);
    let Some(site) = site else {
        return Err(report);
    };
    let recorder = render::FieldRecorder::default();
    let rendered = render_into(
        &site,
        &render::Scope::all(),
        &render::Discard,
        false,
        &Earlier::default(),
        None,
        Some(&recorder),
    );
    match rendered {
        Ok(_) => Ok(recorder.into_fields()),
        Err(diags) => {
            report.absorb(diags, []);
            Err(report)
        }
    }
}

/// The texts of a render's two records (see [`reuse`]), unsealed: each event's entry with its
/// `event_files`, and the archive-wide pages' keys. `None` when nothing can be reused
/// (`shared` is `None`: see [`LastBuild::shared`]).
fn records(
    shared: Option<u128>,
    mut entries: BTreeMap<String, reuse::Entry>,
    event_files: render::EventFiles,
    earlier: &Earlier<'_>,
) -> Option<(String, String)> {
    let shared = shared?;
    let recorded: reuse::Recorded = event_files
        .into_iter()
        .filter_map(|(slug, files)| {
            let entry = reuse::Entry {
                files,
                ..entries.remove(&slug)?
            };
            Some((slug, entry))
        })
        .collect();
    let pages = reuse::pages_text(
        shared,
        &earlier.group_keys,
        &earlier.archive.pages(),
        &earlier.archive.ratings(),
    );
    Some((reuse::text(&recorded), pages))
}

/// Frees `value` on a thread of its own. The whole archive's events and contributions take
/// tens of milliseconds to free, which `build` and `check` need not wait for: the process ends
/// right after them, which frees everything at once.
fn drop_later<T: Send + 'static>(value: T) {
    std::thread::spawn(move || drop(value));
}

/// What a successful build did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildStats {
    pub events: usize,
    pub files: usize,
    pub write: output::WriteReport,
    /// The output as a host receives it.
    pub upload: hosting::Upload,
}

/// Builds the site at `root` into `out`. On any error nothing is written.
pub fn build(
    root: &Path,
    out: &Path,
    base_url: Option<&str>,
) -> Result<(BuildStats, Report), Report> {
    build_with_progress(root, out, base_url, &mut |_| {})
}

/// A stage of a build, finished: what `build --verbose` and the progress line print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// Configuration, events, content and templates loaded and checked; the rules computed.
    Loaded {
        events: usize,
        /// How many were taken from the event cache rather than read and computed.
        from_cache: usize,
        elapsed: Duration,
    },
    /// Every page rendered, and each changed one staged in the output folder.
    Rendered { files: usize, elapsed: Duration },
    /// The staged files moved into place and the manifest written.
    Written { elapsed: Duration },
}

/// [`build`], telling `progress` as each stage finishes.
pub fn build_with_progress(
    root: &Path,
    out: &Path,
    base_url: Option<&str>,
    progress: &mut dyn FnMut(Progress),
) -> Result<(BuildStats, Report), Report> {
    let started = Instant::now();
    // Before anything is read: an output folder that is (or holds) the site is never written.
    if let Err(unsafe_out) = crate::paths::check_out_dir(root, out) {
        return Err(Report {
            diagnostics: vec![unsafe_out],
            sources: BTreeMap::new(),
        });
    }
    // Before anything is read: see `reuse::files_key`.
    let shared_files = reuse::files_key(root);
    let (site, mut report) = load(root, base_url);
    let Some(site) = site else { return Err(report) };
    progress(Progress::Loaded {
        events: site.events.len(),
        from_cache: site.from_cache,
        elapsed: started.elapsed(),
    });
    let started = Instant::now();
    let io_error = |e: output::OutputError| output_error(out, e);
    let secret = crate::input_key::Secret::of_site(root);
    let staging = match output::Staging::open(out, secret) {
        Ok(staging) => staging,
        Err(e) => {
            report.diagnostics.push(io_error(e));
            return Err(report);
        }
    };
    // On an error the staging is dropped with what it holds: the output stays as it was.
    let store = Staged {
        staging: &staging,
        out,
    };
    let LastBuild {
        shared,
        entries,
        scope,
        earlier,
    } = last_build(
        &site,
        shared_files,
        Records::Output(out),
        &secret,
        &|path| staging.can_keep(path),
    );
    // The images the output cannot lend are taken from the site's cache of drawn ones (with a
    // program key only: see `render::Previews::cache`).
    let previews =
        crate::input_key::program_key().map(|_| preview_cache::PreviewCache::open(root, secret));
    let earlier = Earlier {
        previews: render::Previews {
            cache: previews.clone(),
            ..earlier.previews
        },
        ..earlier
    };
    let saved_ratings = RatingCache::of_site(root, secret);
    let event_files = match render_into(
        &site,
        &scope,
        &store,
        true,
        &earlier,
        saved_ratings.as_ref(),
        None,
    ) {
        Ok(files) => files,
        Err(diags) => {
            report.absorb(diags, []);
            return Err(report);
        }
    };
    let published_cards: Vec<u128> = entries.values().map(|entry| entry.card).collect();
    // With no records, the next build renders everything: an empty events' record says so.
    let (events_record, pages_record) = records(shared, entries, event_files, &earlier).map_or(
        (reuse::text(&reuse::Recorded::new()), None),
        |(events, pages)| (events, Some(pages)),
    );
    let mut kept_records = vec![(addresses::EVENTS_RECORD, &events_record)];
    kept_records.extend(
        pages_record
            .as_ref()
            .map(|pages| (addresses::PAGES_RECORD, pages)),
    );
    for (path, text) in kept_records {
        let sealed = secret.seal_text(text).into_bytes();
        if let Err(d) = render::Store::store(&store, path, sealed) {
            report.diagnostics.push(d);
            return Err(report);
        }
    }
    let files = staging.file_count();
    progress(Progress::Rendered {
        files,
        elapsed: started.elapsed(),
    });
    let started = Instant::now();
    let events = site.events.len();
    let upload = staging.upload();
    let host_limits = hosting::over_limits(&upload, &site.config.base_url, root);
    drop_later((site, earlier));
    // The ratings' resumes are kept while the output is put in place: neither waits for the
    // other, and a resume vouches for nothing published.
    let committed = std::thread::scope(|scope| {
        if let Some(saved) = &saved_ratings {
            scope.spawn(|| saved.save());
        }
        staging.commit()
    });
    match committed {
        Ok(write) => {
            progress(Progress::Written {
                elapsed: started.elapsed(),
            });
            // The render succeeded: a check of the same inputs need not render it again. Only
            // under the configuration's base URL, which a check renders under: the record of a
            // build under another would replace a check's with one no check can use.
            if let Some(pages) = pages_record.as_ref().filter(|_| base_url.is_none()) {
                reuse::write_rendered(root, &events_record, pages, &secret);
            }
            if let Some(previews) = &previews {
                previews.keep_only(published_cards);
            }
            if !write.kept_unsealed.is_empty() {
                report
                    .diagnostics
                    .push(kept_unsealed(out, &write.kept_unsealed));
            }
            report.diagnostics.extend(host_limits);
            Ok((
                BuildStats {
                    events,
                    files,
                    write,
                    upload,
                },
                report,
            ))
        }
        Err(e) => {
            report.diagnostics.push(io_error(e));
            Err(report)
        }
    }
}

/// The warning of a build that kept `kept`, the files of the output `out` it did not make,
/// because the output's manifest is not sealed under the site folder's secret (see
/// [`output::WriteReport::kept_unsealed`]): they may be an earlier build's, which no build
/// removes from then on.
fn kept_unsealed(out: &Path, kept: &[String]) -> Diagnostic {
    let mut named = kept.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
    if kept.len() > 5 {
        named.push_str(&format!(" and {} more", kept.len() - 5));
    }
    Diagnostic::warning(
        Code::Io,
        &out.join(addresses::MANIFEST),
        None,
        format!(
            "this record of the output's files was not written by a build of this site folder (an older Holonet, another site folder, or an edit), so no file was removed on its word: {} file(s) this build does not make were kept: {named}",
            kept.len()
        ),
    )
    .with_help(format!(
        "if any of them is not yours (a page of an earlier build), delete it, or delete {} and build again; builds keep them from now on, as files put there by hand",
        out.shown()
    ))
}

/// Why a build could not write its output, and (since the output folder is only ever replaced
/// whole, in the build's last step) that it still holds the previous build.
fn output_error(out: &Path, e: output::OutputError) -> Diagnostic {
    let unchanged = format!(
        "{} was not changed: it still holds the previous build",
        out.shown()
    );
    let help = match e {
        // The message says what to do.
        output::OutputError::NotOurs(_) | output::OutputError::Refused(..) => unchanged,
        output::OutputError::Io(..) => format!(
            "check the permissions and free space of the output folder and of the .holonet folder beside it, then build again; {unchanged}"
        ),
    };
    Diagnostic::error(Code::Io, out, None, e.to_string()).with_help(help)
}

/// A build's store: each file written into the spare copy of the output as soon as it is
/// rendered.
struct Staged<'a> {
    staging: &'a output::Staging,
    out: &'a Path,
}

impl render::Store for Staged<'_> {
    fn store(&self, path: &str, bytes: Vec<u8>) -> Result<(), Diagnostic> {
        self.staging
            .put(path, &bytes)
            .map_err(|e| output_error(self.out, e))
    }

    fn store_file(&self, path: &str, file: &templates::LayerFile) -> Result<(), Diagnostic> {
        match &file.content {
            templates::Content::BuiltIn(bytes) => self.store(path, bytes.to_vec()),
            templates::Content::OnDisk(full) => self
                .staging
                .put_file(path, full)
                .map_err(|e| output_error(self.out, e)),
        }
    }

    fn keep(&self, paths: &[String]) -> bool {
        self.staging.keep(paths)
    }
}
