//! The pages made from every event: home and the events indexes, the player and head-to-head
//! pages and the players A to Z, ratings, statistics, the card pages, search, the content
//! pages, the 404 page, the static files, the feed and the calendar.

use std::collections::BTreeSet;
use std::path::Path;

use rayon::prelude::*;

use super::RenderInput;
use super::memo::{Memo, key};
use super::pages::{Pages, page_view};
use crate::config::Config;
use crate::diag::{Code, Diagnostic};
use crate::load::rating_cache::RatingCache;
use crate::rules::computed::Status;
use crate::site::addresses::player_path;
use crate::site::cards::CardIndex;
use crate::site::model::{ContentView, EventSummary, HomeView, SiteView};
use crate::site::names::People;
use crate::site::players::PlayerPage;
use crate::site::ratings::Ratings;
use crate::site::search::ArchiveParts;
use crate::site::stats::StatsView;

/// Renders the pages made from every event: home, the player pages in scope, search, players
/// A to Z, statistics, the events indexes, the content pages, the feed and the calendar. After
/// an edit they are most of the work, so the independent groups render in parallel: the pages
/// made from the player archive while the rest render from the events' summaries.
pub(super) fn render_archive_pages(input: &RenderInput<'_>, pages: &Pages<'_, '_>) {
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
    let keep = |paths: &[String]| {
        paths.par_chunks(256).for_each(|batch| {
            if !pages.output.keep(batch, Path::new(&batch[0])) {
                batch.iter().for_each(kept_alone);
            }
        });
    };
    // A player's own page the record keeps waits for the ratings: one whose rating sections
    // are not the recorded ones is made again instead (see `ratings_moved`).
    let (own_pages, others): (Vec<String>, Vec<String>) = input
        .kept_pages
        .iter()
        .cloned()
        .partition(|path| is_own_player_page(path));
    keep(&others);
    let own_pages = std::sync::Mutex::new(Some(own_pages));
    let keep_own_pages = |moved: &[String]| {
        let Some(mut paths) = own_pages.lock().unwrap_or_else(|e| e.into_inner()).take() else {
            return;
        };
        let moved: BTreeSet<String> = moved
            .iter()
            .map(|id| format!("{}index.html", player_path(id)))
            .collect();
        paths.retain(|path| !moved.contains(path));
        keep(&paths);
    };
    use crate::site::groups::Group;
    let build = |group: Group| !input.kept_groups.contains(&group);
    let summaries: Vec<&EventSummary> = input
        .events
        .iter()
        .map(|held| &input.contributions[&held.slug].summary)
        .collect();
    // The search index needs the player archive and the ratings, or the card pages, only when
    // it cannot take its part made of them from the last render.
    let search = build(Group::Search);
    let search_from_archive = search && input.search_parts.players.is_none();
    let cards_needed = build(Group::Cards) || (search && input.search_parts.cards.is_none());
    let scope = input.scope.players.as_ref();
    let settings = &input.config.ratings;
    let player_pages = scope.is_none_or(|s| !s.is_empty());
    let rated = settings.enabled && (player_pages || build(Group::Ratings) || search_from_archive);
    let archive_needed = rated || player_pages || build(Group::Players) || search_from_archive;
    rayon::join(
        || {
            // The card pages, the player pages and the head-to-head pages are each made from
            // every event, rendered, and let go before the next group is made: held together
            // they would be most of a big archive's memory. Each group renders on every thread.
            // The rating's kept resume, where this render rates from it, is read while the card
            // pages are made: it waits for nothing else. A render of every player's page (a
            // first build) rates without it: it would hold the resume (about 40 MB at 10,000
            // events) beside every player's rating while it renders them all.
            let saved_resumes = input
                .saved_ratings
                .filter(|_| rated && archive_needed && input.memo.is_none() && scope.is_some());
            let (card_index, ()) = rayon::join(
                || cards_needed.then(|| render_card_pages(input, pages, build(Group::Cards))),
                || {
                    if let Some(saved) = saved_resumes {
                        saved.resumes();
                    }
                },
            );
            let cards_part = || match (&input.search_parts.cards, &card_index) {
                (Some(kept), _) => kept.clone(),
                (None, Some(index)) => ArchiveParts::cards_part(index),
                (None, None) => unreachable!("the card pages are built when no part is kept"),
            };
            if let Some(players) = input.search_parts.players.as_ref().filter(|_| search) {
                let parts = ArchiveParts {
                    p: players.clone(),
                    c: cards_part(),
                };
                render_search(input, pages, &summaries, parts);
            }
            if !archive_needed {
                return;
            }
            // Every page's name and counts, without its rows: what the ratings, the players
            // A to Z and the search index read.
            let everyone = input
                .contributions
                .player_pages(pages.site, Some(&BTreeSet::new()));
            let ratings = rated.then(|| {
                let resumes = input
                    .memo
                    .map(Memo::rating_runs)
                    .or_else(|| saved_resumes.map(RatingCache::resumes));
                (input.contributions).ratings(pages.site, settings, &everyone, resumes)
            });
            rayon::join(
                || {
                    if build(Group::Players) {
                        render_player_index(pages, &everyone);
                    }
                },
                || {
                    rayon::join(
                        || {
                            if search_from_archive {
                                let parts = ArchiveParts {
                                    p: ArchiveParts::players_part(&everyone, ratings.as_ref()),
                                    c: cards_part(),
                                };
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
            // The pages of the players whose ratings moved are rendered too: `serve`'s memo
            // knows what it served, a build's record what the last build wrote.
            let memo = input.memo.unwrap_or(input.archive_memo);
            let moved = ratings
                .as_ref()
                .map(|ratings| ratings_moved(memo, ratings, &everyone))
                .unwrap_or_default();
            keep_own_pages(&moved);
            let page_scope: Option<BTreeSet<String>> =
                scope.map(|scope| moved.into_iter().chain(scope.iter().cloned()).collect());
            render_player_pages(
                input,
                pages,
                &everyone,
                ratings.as_ref(),
                page_scope.as_ref(),
            );
            drop(ratings);
            render_head_to_head(input, pages, &crate::site::players::people(&everyone));
        },
        || {
            rayon::join(
                || {
                    if build(Group::Indexes) {
                        render_event_indexes(input, pages, &summaries);
                    }
                },
                || render_other_pages(input, pages),
            )
        },
    );
    // No ratings were worked out: every kept page is kept.
    keep_own_pages(&[]);
}

/// Whether `path` is a player's own page (`players/ana/index.html`), not their head-to-head
/// page. (`players/a-z/index.html` passes too; its keep waits for the ratings, no harm done.)
fn is_own_player_page(path: &str) -> bool {
    path.strip_prefix("players/")
        .and_then(|rest| rest.strip_suffix("/index.html"))
        .is_some_and(|id| !id.is_empty() && !id.contains('/'))
}

/// The statistics page.
fn render_stats(input: &RenderInput<'_>, pages: &Pages<'_, '_>) {
    let archive_stats = StatsView::of(input.contributions.stats().clone()).charted();
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

/// The ratings pages: `ratings/` and the lists it cannot show whole.
fn render_ratings(pages: &Pages<'_, '_>, ratings: &crate::site::ratings::Ratings) {
    crate::site::ratings_pages::pages(pages.site, &ratings.view)
        .par_iter()
        .for_each(|page| pages.list_page("ratings.html", ("ratings", page), "the ratings page"));
}

/// How many published lists one batch of card pages is made from at most (see
/// [`crate::site::contribution::Contributions::card_pages`]): about 40 MB of them in memory at
/// a time.
const LISTS_PER_BATCH: usize = 200_000;

/// The card pages and their index: a page per objective set and SW:CCG card of the published
/// decklists, rendered (with `render`) as each is made. Returns the index, which the search
/// index reads.
fn render_card_pages(input: &RenderInput<'_>, pages: &Pages<'_, '_>, render: bool) -> CardIndex {
    let site = pages.site;
    let scope = input.card_scope.filter(|_| render);
    let index = input
        .contributions
        .card_pages(site, LISTS_PER_BATCH, scope, |card| {
            if render {
                for page in card.pages(site) {
                    pages.list_page("card.html", ("card", &page), "a card page");
                }
            }
        });
    // An index of some cards only is no index: the whole one is kept (see `card_scope`).
    if render && scope.is_none() {
        pages.archive_page(
            "cards.html",
            [
                "Cards",
                crate::site::addresses::CARDS_PATH,
                "Every objective set and SW:CCG card of the published decklists.",
            ],
            ("cards", &index),
            "the cards index",
        );
    }
    index
}

/// What a link preview says of a player beyond their name: how many events, over which years,
/// and the latest with its result. "12 events, 2014–2026; latest: Kessel Run Regional 2026,
/// 3rd of 11".
fn player_description(player: &PlayerPage) -> String {
    let events = player.played;
    let mut text = format!("{events} event{}", if events == 1 { "" } else { "s" });
    let years = |e: &crate::site::players::PlayerEvent| e.date.get(..4).unwrap_or("").to_string();
    if let (Some(newest), Some(oldest)) = (player.events.first(), player.events.last()) {
        let (first, last) = (years(oldest), years(newest));
        if first == last {
            text.push_str(&format!(", {last}"));
        } else {
            text.push_str(&format!(", {first}–{last}"));
        }
        text.push_str(&format!("; latest: {}", newest.name));
        if !newest.result.is_empty() {
            text.push_str(&format!(", {}", newest.result));
        }
    }
    text
}

/// How many event rows one batch of player pages is made from at most: a batch's pages are
/// made, rendered and let go before the next batch is made (see [`crate::site::batches`]).
const ROWS_PER_BATCH: usize = 10_000;

/// The ids of the player pages of `everyone` whose rating sections are not the ones `memo`
/// remembers their pages showing (`serve`'s, or the last build's record), which it remembers
/// from now on. A result moves the ratings of the event's players, of their later opponents and
/// the ranks at a ratings page's edge; those pages are found this way without building every
/// player's page.
fn ratings_moved(memo: &Memo, ratings: &Ratings, everyone: &[PlayerPage]) -> Vec<String> {
    let paths: Vec<String> = everyone
        .iter()
        .map(|page| format!("{}index.html", player_path(&page.id)))
        .collect();
    let sections: Vec<(String, u128)> = everyone
        .par_iter()
        .zip(&paths)
        .map(|(page, path)| (path.clone(), key("ratings", &ratings.of_page(&page.id))))
        .collect();
    let moved = memo.ratings_moved(sections);
    everyone
        .iter()
        .zip(&paths)
        .filter(|(_, path)| moved.contains(*path))
        .map(|(page, _)| page.id.clone())
        .collect()
}

/// The player pages of `scope` (`None`: every player), from `everyone`'s names and counts (see
/// [`crate::site::players::archive`]), made with their rows and `ratings` a batch at a time.
fn render_player_pages(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    everyone: &[PlayerPage],
    ratings: Option<&Ratings>,
    scope: Option<&BTreeSet<String>>,
) {
    let site = pages.site;
    let sizes = everyone
        .iter()
        .filter(|p| scope.is_none_or(|s| s.contains(&p.id)))
        .map(|p| (p.id.clone(), p.played));
    for batch in crate::site::batches::batches(sizes, ROWS_PER_BATCH) {
        let mut archive = input.contributions.player_pages(site, Some(&batch));
        if let Some(ratings) = ratings {
            crate::site::players::fill_ratings(&mut archive, ratings, Some(&batch));
        }
        archive
            .par_iter()
            .filter(|p| batch.contains(&p.id))
            .for_each(|player| {
                let path = crate::site::addresses::player_path(&player.id);
                let page = page_view(site, &player.name, &path, &player_description(player));
                pages.emit(
                    "player.html",
                    &page,
                    Some(("player", player)),
                    Path::new("a player page"),
                    format!("{path}index.html"),
                    Path::new("templates/player.html"),
                );
            });
    }
}

/// The players A to Z.
fn render_player_index(pages: &Pages<'_, '_>, everyone: &[PlayerPage]) {
    crate::site::player_index::pages(pages.site, everyone)
        .par_iter()
        .for_each(|page| pages.list_page("players.html", ("players", page), "the players index"));
}

/// How many meetings one batch of head-to-head pages is made from at most (see
/// [`crate::site::contribution::Contributions::head_to_head_batches`]): about 15 MB of them
/// in memory at a time, where a 1,000-event archive's half a million took 135 MB at once.
const MEETINGS_PER_BATCH: usize = 50_000;

/// The head-to-head pages of the player pages in scope, made a batch of pages at a time.
fn render_head_to_head(input: &RenderInput<'_>, pages: &Pages<'_, '_>, people: &People<'_>) {
    let site = pages.site;
    let scope = input.scope.players.as_ref();
    for batch in input
        .contributions
        .head_to_head_batches(scope, MEETINGS_PER_BATCH)
    {
        let meetings = input.contributions.meetings(&batch);
        meetings.head_to_head_ids(&batch).par_iter().for_each(|id| {
            let head_to_head = meetings.head_to_head(site, people, id);
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
    }
}

/// The search index and the search page.
fn render_search(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    summaries: &[&EventSummary],
    parts: crate::site::search::ArchiveParts,
) {
    let (site, output) = (pages.site, pages.output);
    let search_index = crate::site::search::build(
        input.events,
        summaries,
        input.contributions,
        input.aliases,
        input.config.ratings.enabled,
        parts,
    );
    output.add(
        crate::site::addresses::SEARCH_PATH.into(),
        crate::site::search::to_json(&search_index).into_bytes(),
        Path::new(crate::site::addresses::SEARCH_PATH),
    );
    pages.archive_page(
        "search.html",
        [
            "Search",
            "search/",
            "Find events, players and decklists in the archive.",
        ],
        (
            "search",
            &crate::site::search::page_view(site, &search_index),
        ),
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
    let index_pages = crate::site::event_index::pages(site, summaries, &rows);
    // An event file named as a year (`events/2019.toml`) has the address of that year's page
    // once the index is split: said once, at the file, which is the one to rename, and the
    // year's page is not made.
    let index_paths: std::collections::HashSet<&str> = index_pages
        .iter()
        .map(|index| index.path.as_str())
        .collect();
    let mut taken = std::collections::HashSet::new();
    for held in input.events {
        let path = crate::site::addresses::event_path_of(&held.slug);
        if index_paths.contains(path.as_str()) {
            let (event, _) = held.open();
            pages.output.fail(
                Diagnostic::error(
                    Code::BadSlug,
                    &event.file,
                    None,
                    format!("this event's address, `{path}`, is the page of that year's events"),
                )
                .with_help(format!(
                    "move the file into the year's folder, such as events/{}/{}.toml",
                    event.slug,
                    crate::event::ids::id_from_name(&event.info.name)
                )),
            );
            taken.insert(path);
        }
    }
    index_pages
        .par_iter()
        .filter(|index| !taken.contains(&index.path))
        .for_each(|page| pages.list_page("events.html", ("index", page), "the events index"));
}

/// Statistics (unless kept), the content pages, the 404 page, the static files, the feed and
/// the calendar.
fn render_other_pages(input: &RenderInput<'_>, pages: &Pages<'_, '_>) {
    let (site, output) = (pages.site, pages.output);
    if !input
        .kept_groups
        .contains(&crate::site::groups::Group::Stats)
    {
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
    // The site's preview card, with the static files, unless the render keeps nothing
    // (`check`): drawn from the site's title and description alone (ten milliseconds), and
    // kept while they are the same.
    if input.scope.content && !output.store.discards() {
        let file = crate::site::addresses::SITE_CARD_FILE;
        pages.drawn(
            file,
            &(&site.title, &site.description),
            Path::new(file),
            || crate::site::preview::site_card(&site.title, &site.description),
        );
    }
    // The feed and the calendar are for readers and calendar applications, not search engines:
    // they stay out of the sitemap (which lists HTML pages only).
    output.add(
        crate::site::addresses::FEED_FILE.into(),
        crate::site::feed::atom(site, input.events, |held| {
            let contribution = &input.contributions[&held.slug];
            (&contribution.summary, contribution.feed_text.as_str())
        })
        .into_bytes(),
        Path::new(crate::site::addresses::FEED_FILE),
    );
    output.add(
        crate::site::addresses::CALENDAR_FILE.into(),
        crate::site::calendar::calendar(site, input.events).into_bytes(),
        Path::new(crate::site::addresses::CALENDAR_FILE),
    );
}

/// The sections listed at the top of a content page: its level-2 headings (with their level-3
/// ones when that stays short), and none for a page short enough to read through.
fn table_of_contents(
    outline: &[crate::site::markdown::Heading],
) -> Vec<crate::site::markdown::Heading> {
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
    // A record that stops is over: it is listed with the finished events.
    let mut recent: Vec<&EventSummary> = pick(Status::Finished)
        .chain(pick(Status::Stopped))
        .collect();
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
