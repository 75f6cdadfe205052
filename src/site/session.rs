//! A site kept loaded between edits, for `holonet serve`: after a change, only what the change
//! touches is read and rendered again. The rendered files are kept on disk, not in memory (see
//! [`DiskTree`]).
//!
//! - An event file (or its `.md` report) edited, added or removed: that file is read and checked
//!   again, and its own pages, its players' pages and the archive-wide pages (home, indexes,
//!   players A to Z, statistics, search, feeds) are rendered; every other event's pages are kept.
//! - A template edited: the templates are read again and the pages that use it are rendered
//!   (`event.html` the event pages, `player.html` the player pages, and so on; `base.html`,
//!   `macros.html` and the like every page).
//! - Anything else (configuration, `players.toml`, content, static files, decklist files): the
//!   whole site is read and rendered again, as `build` does.
//!
//! A change that breaks something leaves the session as it was: the last good site stays, and
//! the change is not forgotten: the next update reads it again with its own (so the site stays
//! broken until the file is fixed, and a change the disk could not take, when it was full, is
//! applied once it can). After a failure to write the served files, the next update renders the
//! whole site, which compares every file with what the tree holds.

use crate::diag::Shown;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::addresses::{CardKey, SEARCH_PATH, head_to_head_path, page_id, player_path};
use super::contribution::{Contribution, Fingerprint};
use super::disk_tree::{Batch, Committed, DiskTree};
use super::groups::Group;
use super::render::{Files, Memo, Scope, Store};
use super::reuse::belongs_to_event;
use super::{Report, SessionKept, Site, load, render_for_session, templates};
use crate::diag::{Code, Diagnostic};
use crate::event::Event;
use crate::load::held::HeldEvent;
use crate::load::options::LoadOptions;
use crate::load::{load_event_file, slug_of};
use crate::rules::computed::Computed;

/// What was loaded and the complete output tree made from it.
pub struct Session {
    root: PathBuf,
    base_url: Option<String>,
    site: Site,
    files: DiskTree,
    /// The pages as last rendered: an update leaves out those whose context is unchanged.
    memo: Memo,
    /// The changed paths (relative to the root) of updates that failed: read again with the
    /// next update's.
    unapplied: BTreeSet<PathBuf>,
    /// Whether the next update reads and renders the whole site: one that did failed, or the
    /// served files could not be written.
    whole_unapplied: bool,
}

/// What one update did.
#[derive(Debug)]
pub struct Update {
    /// What was rendered, in words: "events/2026/x.toml", "templates", "the whole site".
    pub what: String,
    /// The files rendered again, in path order.
    pub rendered: Vec<String>,
    /// Files whose bytes changed, were added or were removed.
    pub changed: usize,
    pub elapsed: Duration,
    /// Warnings of what was read again.
    pub(crate) report: Report,
}

/// How a set of changed paths is handled.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Plan {
    /// Read these event files again (paths relative to the root, `.toml`).
    Events(BTreeSet<PathBuf>),
    /// Read the templates again and render this part.
    Templates(Scope),
    /// Read and render everything.
    Everything,
}

impl Session {
    /// Loads and renders the site at `root`, as `build` would; the report carries its warnings.
    pub fn open(root: &Path, base_url: Option<&str>) -> Result<(Session, Report), Report> {
        let (site, report) = load(root, base_url);
        let Some(site) = site else { return Err(report) };
        let memo = Memo::default();
        let mut files = DiskTree::open(root).map_err(one_error)?;
        render_everything(&site, &mut files, &memo).map_err(|e| e.report)?;
        files
            .sweep()
            .map_err(|e| one_error(tree_error(&files, e)))?;
        Ok((
            Session {
                root: root.to_path_buf(),
                base_url: base_url.map(str::to_string),
                site,
                files,
                memo,
                unapplied: BTreeSet::new(),
                whole_unapplied: false,
            },
            report,
        ))
    }

    /// The complete output tree, read back from disk (for tests and tools: `serve` reads one
    /// file at a time with [`Session::file`]).
    pub fn files(&self) -> Files {
        self.files.read_all()
    }

    /// What was loaded, for a page the server makes itself (the poster of `serve --lan` needs
    /// the site's title and its running events).
    pub(crate) fn site(&self) -> &Site {
        &self.site
    }

    /// One file of the tree, for a server answering a request.
    pub fn file(&self, path: &str) -> Option<Vec<u8>> {
        self.files.get(path)
    }

    /// Whether the tree has a file at `path`.
    pub(crate) fn has_file(&self, path: &str) -> bool {
        self.files.contains(path)
    }

    /// Brings the site up to date after `changed` (paths relative to the root, or absolute
    /// paths inside it), and after the changes of the updates that failed since the last one
    /// that did not. On an error the served site is unchanged and the report says why.
    pub fn update(&mut self, changed: &[PathBuf]) -> Result<Update, Report> {
        let started = Instant::now();
        self.unapplied.extend(
            changed
                .iter()
                .map(|p| p.strip_prefix(&self.root).unwrap_or(p).to_path_buf()),
        );
        let relative: Vec<PathBuf> = self.unapplied.iter().cloned().collect();
        let plan = if self.whole_unapplied {
            Plan::Everything
        } else {
            plan(&relative, &self.site)
        };
        let result = match &plan {
            Plan::Events(paths) => self.update_events(paths),
            Plan::Templates(scope) => self.update_templates(scope),
            Plan::Everything => self.update_everything(),
        };
        let (what, rendered, changed, report) = match result {
            Ok(done) => done,
            Err(failed) => {
                self.whole_unapplied |= plan == Plan::Everything || failed.writing;
                return Err(failed.report);
            }
        };
        self.unapplied.clear();
        self.whole_unapplied = false;
        Ok(Update {
            what,
            rendered,
            changed,
            elapsed: started.elapsed(),
            report,
        })
    }

    /// Reads and renders the whole site again, as `build` does: when changes may have been
    /// missed.
    pub(crate) fn update_all(&mut self) -> Result<Update, Report> {
        self.whole_unapplied = true;
        self.update(&[])
    }

    /// Reads the event files `paths` again and renders what depends on them.
    fn update_events(&mut self, paths: &BTreeSet<PathBuf>) -> Result<Done, Failed> {
        let options = LoadOptions {
            default_rules: self.site.config.default_rules.clone(),
            site_root: None,
        };
        // Read the edited files first: the site changes only when every one of them loads.
        let mut report = Report::default();
        let mut edits: Vec<(String, Option<(Event, Computed)>)> = Vec::new();
        for path in paths {
            let new = if self.root.join(path).is_file() {
                let loaded = load_event_file(&self.root, path, &options);
                let sources = loaded
                    .text
                    .map(|t| (loaded.path.clone(), t))
                    .into_iter()
                    .chain(loaded.other_sources);
                report.absorb(loaded.diagnostics, sources);
                let Some(new) = loaded.event else {
                    continue;
                };
                Some(super::deck_view::publishable(new))
            } else {
                None
            };
            edits.push((slug_of(path), new));
        }
        if report.has_errors() {
            return Err(report.into());
        }
        // Edit the events in place (copying the archive would cost more than the render),
        // keeping what each edit replaced in case the render fails.
        let mut slugs = BTreeSet::new();
        let mut players = BTreeSet::new();
        let mut replaced = Vec::new();
        let mut replaced_contributions = Vec::new();
        // The groups of archive-wide pages whose parts of an edited event changed: the others
        // stay in the tree as they are, not built.
        let mut changed_groups = BTreeSet::new();
        // Whether an edited event's players go by other names than before.
        let mut names_changed = false;
        // The cards whose pages the edits reach, when they reach only some (see
        // `groups::reaches_cards`); `None`: every card page and the cards index.
        let mut card_scope = Some(BTreeSet::new());
        let view = super::model::SiteView::new(&self.site.config, &self.site.pages);
        for (slug, new) in edits {
            let old = self
                .site
                .events
                .iter()
                .position(|held| held.slug == slug)
                .map(|i| self.site.events.remove(i));
            let opened = old.as_ref().map(HeldEvent::open);
            let their_players: Vec<String> = opened
                .iter()
                .chain(new.iter())
                .flat_map(|event| self.page_ids(&event.0).collect::<Vec<_>>())
                .collect();
            let previous = match &new {
                Some((event, computed)) => {
                    let contribution = Contribution::of(&view, &self.site.aliases, event, computed);
                    self.site.contributions.insert(slug.clone(), contribution)
                }
                None => self.site.contributions.remove(&slug),
            };
            let current = new
                .as_ref()
                .map(|_| &self.site.contributions[slug.as_str()]);
            let (before, after) = (
                previous.as_ref().map(Contribution::fingerprint),
                current.map(Contribution::fingerprint),
            );
            changed_groups.extend(
                Group::ALL
                    .into_iter()
                    .filter(|group| group.reads_changed(before.as_ref(), after.as_ref())),
            );
            if super::reuse::reaches_player_pages(before.as_ref(), after.as_ref()) {
                players.extend(their_players);
            }
            card_scope = card_scope
                .zip(super::groups::reaches_cards(
                    before.as_ref(),
                    after.as_ref(),
                ))
                .map(|(mut scope, reached)| {
                    if reached {
                        scope.extend(current.map(Contribution::card_keys).unwrap_or_default());
                    }
                    scope
                });
            let names = |f: Option<&Fingerprint>| f.map(|f| f.people);
            names_changed |= names(before.as_ref()) != names(after.as_ref());
            replaced_contributions.push((slug.clone(), previous));
            self.site.events.extend(new.as_ref().map(HeldEvent::hold));
            replaced.extend(old);
            slugs.insert(slug);
        }
        self.site.events.sort_by(|a, b| a.slug.cmp(&b.slug));
        // A changed game moves ratings throughout the archive: the render adds the pages of
        // the players whose ratings moved (see its memo), without building every other one.
        // A player who goes by another name (or a player come or gone) is named on the pages
        // of opponents from other events: every player page is built, as `build` does (see
        // `reuse::players_touched`).
        let scope = Scope {
            events: Some(slugs.clone()),
            players: (!names_changed).then(|| players.clone()),
            content: false,
        };
        let kept = self.kept(&changed_groups, card_scope);
        // The card pages outside the scope stay as they are, when there is one.
        let rebuilt: BTreeSet<Group> = Group::ALL
            .into_iter()
            .filter(|group| !kept.groups.contains(group))
            .filter(|group| !(*group == Group::Cards && kept.card_scope.is_some()))
            .collect();
        // Pages of these events and players that the new render no longer has go, in the same
        // commit.
        let stale = |batch: &Batch| -> Vec<String> {
            let tree = batch.tree();
            let own_files = slugs.iter().flat_map(|slug| {
                let prefix = format!("events/{slug}/");
                tree.paths_under(&prefix)
                    .filter(|path| belongs_to_event(path, slug))
                    .cloned()
                    .collect::<Vec<_>>()
            });
            // A group of archive-wide pages renders whole when it is built: any other page of
            // the group in the tree is gone (a list taken back, a year or a run of names no
            // longer split off, a ratings page past the last rank).
            let archive_files: Vec<String> = tree
                .paths()
                .filter(|path| Group::of(path).is_some_and(|group| rebuilt.contains(&group)))
                .cloned()
                .collect();
            players
                .iter()
                .flat_map(|id| {
                    [
                        player_file(id),
                        format!("{}index.html", head_to_head_path(id)),
                    ]
                })
                .chain(own_files)
                .chain(archive_files)
                .filter(|path| tree.contains(path) && !batch.covers(path))
                .collect()
        };
        let rendered = render_committed(
            &self.site,
            &mut self.files,
            &scope,
            false,
            &self.memo,
            kept,
            stale,
        );
        let committed = match rendered {
            Ok(committed) => committed,
            Err(failed) => {
                // The memo saw pages of a site that is now rolled back.
                self.memo = Memo::default();
                self.site.events.retain(|held| !slugs.contains(&held.slug));
                self.site.events.extend(replaced);
                for (slug, previous) in replaced_contributions {
                    match previous {
                        Some(contribution) => self.site.contributions.insert(slug, contribution),
                        None => self.site.contributions.remove(&slug),
                    };
                }
                self.site.events.sort_by(|a, b| a.slug.cmp(&b.slug));
                return Err(failed);
            }
        };
        let changed = self.committed(&committed);
        let rendered_paths = committed.rendered.into_iter().collect();
        let what = paths
            .iter()
            .map(|p| p.shown().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        Ok((what, rendered_paths, changed, report))
    }

    /// How many files `committed` changed; the memo forgets the files it removed (should one
    /// come back, it is rendered).
    fn committed(&self, committed: &Committed) -> usize {
        for path in &committed.removed {
            self.memo.forget(path);
        }
        committed.changed + committed.removed.len()
    }

    /// Reads and renders the whole site again, as `build` does.
    fn update_everything(&mut self) -> Result<Done, Failed> {
        let (site, report) = load(&self.root, self.base_url.as_deref());
        let Some(site) = site else {
            return Err(report.into());
        };
        let memo = Memo::default();
        let committed = render_everything(&site, &mut self.files, &memo)?;
        self.site = site;
        self.memo = memo;
        let changed = committed.changed + committed.removed.len();
        let rendered = committed.rendered.into_iter().collect();
        Ok(("the whole site".to_string(), rendered, changed, report))
    }

    /// Reads the templates again and renders the pages `scope` names.
    fn update_templates(&mut self, scope: &Scope) -> Result<Done, Failed> {
        let theme = self.site.config.theme.as_deref();
        let tera = templates::layered(&self.root, theme, "templates")
            .map_err(|d| vec![d])
            .and_then(|files| templates::load_templates(&files))
            .map_err(|diagnostics| {
                Failed::from(Report {
                    diagnostics,
                    ..Report::default()
                })
            })?;
        let previous = std::mem::replace(&mut self.site.tera, tera);
        // Pages rendered by the old templates are no guide to the new ones (the images no
        // template draws still are).
        let memo = self.memo.for_new_templates();
        let committed = match render_committed(
            &self.site,
            &mut self.files,
            scope,
            false,
            &memo,
            SessionKept::default(),
            |_| Vec::new(),
        ) {
            Ok(committed) => committed,
            Err(failed) => {
                self.site.tera = previous;
                return Err(failed);
            }
        };
        self.memo = memo;
        let changed = self.committed(&committed);
        let rendered_paths = committed.rendered.into_iter().collect();
        Ok((
            "templates".to_string(),
            rendered_paths,
            changed,
            Report::default(),
        ))
    }

    /// What an update that changed the groups `changed` keeps: every other group, the card
    /// pages outside `card_scope` (when the edits reached only the cards in it), and the
    /// search index's archive-wide parts from the served index when their pages are kept. As
    /// in a build, card pages built in part keep their cards and counts in the index, and
    /// without the served index's cards the whole cards index is built.
    fn kept(
        &self,
        changed: &BTreeSet<Group>,
        card_scope: Option<BTreeSet<CardKey>>,
    ) -> SessionKept {
        let groups: BTreeSet<Group> = Group::ALL
            .into_iter()
            .filter(|group| !changed.contains(group))
            .collect();
        let mut vouched = groups.clone();
        if card_scope.is_some() {
            vouched.insert(Group::Cards);
        }
        let search_parts =
            super::groups::kept_search_parts(&vouched, || self.files.get(SEARCH_PATH));
        let card_scope = card_scope.filter(|_| search_parts.cards.is_some());
        SessionKept {
            groups,
            search_parts,
            card_scope,
        }
    }

    /// The player page ids of the people of `event`.
    fn page_ids<'e>(&'e self, event: &'e Event) -> impl Iterator<Item = String> + 'e {
        event
            .persons()
            .iter()
            .map(|p| page_id(&self.site.aliases, &p.id).to_string())
    }
}

/// Decides how to handle `changed` (paths relative to the root).
fn plan(changed: &[PathBuf], site: &Site) -> Plan {
    let theme_templates = site
        .config
        .theme
        .as_ref()
        .map(|t| Path::new("themes").join(t).join("templates"));
    let is_template = |p: &Path| {
        p.extension().is_some_and(|e| e == "html")
            && (p.starts_with("templates")
                || theme_templates.as_ref().is_some_and(|t| p.starts_with(t)))
    };
    if !changed.is_empty() && changed.iter().all(|p| is_template(p)) {
        let mut scope = Scope {
            events: Some(BTreeSet::new()),
            players: Some(BTreeSet::new()),
            content: false,
        };
        for path in changed {
            match path.file_name().and_then(|n| n.to_str()) {
                Some("event.html" | "round.html" | "decks.html" | "pairings.html") => {
                    scope.events = None
                }
                Some("player.html" | "rivalry.html" | "head_to_head.html") => scope.players = None,
                Some("page.html") => scope.content = true,
                // Made from every event: rendered on every update anyway.
                Some(
                    "index.html" | "events.html" | "event_row.html" | "players.html" | "stats.html"
                    | "search.html" | "404.html" | "card.html" | "cards.html",
                ) => {}
                // Shared by every page (base.html, macros.html) or unknown.
                _ => return Plan::Templates(Scope::all()),
            }
        }
        return Plan::Templates(scope);
    }
    let mut events = BTreeSet::new();
    for path in changed {
        let under_events = path.starts_with("events");
        match path.extension().and_then(|e| e.to_str()) {
            Some("toml") if under_events => {
                events.insert(path.clone());
            }
            // The long report beside an event belongs to that event.
            Some("md") if under_events => {
                events.insert(path.with_extension("toml"));
            }
            _ => return Plan::Everything,
        }
    }
    if events.is_empty() {
        Plan::Everything
    } else {
        Plan::Events(events)
    }
}

fn player_file(id: &str) -> String {
    format!("{}index.html", player_path(id))
}

/// Renders the part of `site` that `scope` names into `files`, leaving out what `memo` saw
/// (with the sitemap when `finish`), and removes the files `stale` names from what the render
/// handed over (with the sitemap made again when the tree's paths change): all of it goes into
/// the tree, or, on an error, none of it.
fn render_committed(
    site: &Site,
    files: &mut DiskTree,
    scope: &Scope,
    finish: bool,
    memo: &Memo,
    kept: SessionKept,
    stale: impl FnOnce(&Batch) -> Vec<String>,
) -> Result<Committed, Failed> {
    let batch = files.batch();
    let rendered = render_for_session(site, scope, &batch, finish, memo, kept).and_then(|()| {
        batch.remove(stale(&batch));
        if !finish && batch.changes_paths() {
            let paths = batch.paths_after();
            for (path, bytes) in super::render::finishing_files(&site.config, &site.pages, &paths) {
                batch.store(&path, bytes).map_err(|d| vec![d])?;
            }
        }
        Ok(())
    });
    let pending = batch.finish();
    if let Err(diagnostics) = rendered {
        files.discard_pending();
        return Err(Report {
            diagnostics,
            ..Report::default()
        }
        .into());
    }
    files.commit(pending).map_err(|e| {
        files.discard_pending();
        Failed {
            report: one_error(tree_error(files, e)),
            writing: true,
        }
    })
}

/// Renders every page of `site` into `files`, and removes every other file; on an error the
/// tree is as it was.
fn render_everything(site: &Site, files: &mut DiskTree, memo: &Memo) -> Result<Committed, Failed> {
    render_committed(
        site,
        files,
        &Scope::all(),
        true,
        memo,
        SessionKept::default(),
        |batch| {
            batch
                .tree()
                .paths()
                .filter(|path| !batch.covers(path))
                .cloned()
                .collect()
        },
    )
}

/// What an update did: in words, the files rendered, how many changed, the warnings.
type Done = (String, Vec<String>, usize, Report);

/// Why an update failed.
struct Failed {
    report: Report,
    /// Whether writing the served files failed (rather than reading or rendering the site).
    writing: bool,
}

impl From<Report> for Failed {
    fn from(report: Report) -> Failed {
        Failed {
            report,
            writing: false,
        }
    }
}

fn one_error(diagnostic: Diagnostic) -> Report {
    Report {
        diagnostics: vec![diagnostic],
        ..Report::default()
    }
}

/// The served files could not be written or read.
fn tree_error(files: &DiskTree, e: std::io::Error) -> Diagnostic {
    Diagnostic::error(
        Code::Io,
        files.folder(),
        None,
        format!(
            "cannot update the served site in {}: {e}",
            files.folder().shown()
        ),
    )
    .with_help(
        "check the free space and permissions of the site's .holonet folder, then save again",
    )
}

#[cfg(test)]
mod tests {
    use crate::site::reuse::belongs_to_event;

    #[test]
    fn an_events_files_and_not_a_nested_events() {
        let slug = "2008/bespin-cup";
        for own in [
            "events/2008/bespin-cup/index.html",
            "events/2008/bespin-cup/event.json",
            "events/2008/bespin-cup/pairings/index.html",
            "events/2008/bespin-cup/room/index.html",
            "events/2008/bespin-cup/slips/index.html",
            "events/2008/bespin-cup/rounds/3/index.html",
            "events/2008/bespin-cup/games/3/index.html",
            "events/2008/bespin-cup/decks/index.html",
            "events/2008/bespin-cup/decks/decks.txt",
        ] {
            assert!(belongs_to_event(own, slug), "{own}");
        }
        for other in [
            "events/2008/bespin-cup-2/index.html",
            "events/2008/bespin-cup/final/index.html",
            "events/2008/bespin-cup/rounds/final/index.html",
            "events/2008/bespin-cup/games/last/index.html",
            "events/2008/bespin-cup/decks/tom/index.html",
            "events/index.html",
            "players/tom/index.html",
        ] {
            assert!(!belongs_to_event(other, slug), "{other}");
        }
    }
}
