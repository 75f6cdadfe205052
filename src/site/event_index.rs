//! The events index pages: every event in the archive, grouped by year (`events/`), by ruleset
//! and format (`events/rulesets/`) and by tier (`events/tiers/`). An archivist looks for "the
//! 2014-rules events" or "every premier event" as often as for a year.

use std::collections::BTreeMap;

use super::addresses::events_year_path;
use super::model::{
    DirectoryEntry, EventGroup, EventSummary, EventsIndexView, IndexLink, ListPage, SiteView,
};
use crate::event::ids::{capitalized, id_from_name};

/// One index page: its path under the site root, title, description and model.
pub(crate) type IndexPage = ListPage<EventsIndexView>;

/// How one page groups the events.
struct Grouping {
    path: &'static str,
    title: &'static str,
    label: &'static str,
    description: &'static str,
    /// Starts each group's fragment id: `year-2018` stays a stable link.
    anchor: &'static str,
    /// The group an event belongs to: a sort key and a title.
    key: fn(&EventSummary) -> (String, String),
    /// Whether the groups are the years themselves.
    by_year: bool,
}

const GROUPINGS: [Grouping; 3] = [
    Grouping {
        path: "events/",
        anchor: "year",
        title: "Events",
        label: "By year",
        description: "Every event in the archive, by year, newest first.",
        // Newest year first: sort on the year counted down from the largest one.
        key: |e| (format!("{:05}", u16::MAX - e.year), e.year.to_string()),
        by_year: true,
    },
    Grouping {
        path: "events/rulesets/",
        anchor: "rules",
        title: "Events by ruleset and format",
        label: "By ruleset and format",
        description: "Every event in the archive, by the rules it was played under and its format.",
        key: |e| {
            let title = format!("{}, {}", e.rules_name, e.format);
            (title.clone(), title)
        },
        by_year: false,
    },
    Grouping {
        path: "events/tiers/",
        anchor: "tier",
        title: "Events by tier",
        label: "By tier",
        description: "Every event in the archive, by its tier; events that recorded none come last.",
        key: |e| match &e.tier {
            Some(tier) => (format!("0 {tier}"), capitalized(tier)),
            None => ("1".into(), "No tier recorded".into()),
        },
        by_year: false,
    },
];

/// An event in a group, with its row.
type Listed<'a> = (&'a EventSummary, &'a str);

/// The most events one index page lists. An archive with more has its indexes split: the events
/// by year list the newest this many and give every year a page of its own (`events/2019/`);
/// the events by ruleset or tier list their groups, each with a page per year
/// (`events/rulesets/ffg-2018-standard/2019/`). A phone then never loads the whole archive to
/// find one event, and an archive of this many events or fewer keeps one page per grouping.
pub(crate) const EVENTS_PER_PAGE: usize = 100;

/// The index pages over `summaries`, with each event's row from `rows` (in the same order): one
/// per grouping, and, when the archive has more than [`EVENTS_PER_PAGE`] events, the pages it is
/// split into.
pub(crate) fn pages(
    site: &SiteView,
    summaries: &[&EventSummary],
    rows: &[String],
) -> Vec<IndexPage> {
    let split = summaries.len() > EVENTS_PER_PAGE;
    let views = |current: &str| -> Vec<IndexLink> {
        GROUPINGS
            .iter()
            .map(|other| IndexLink {
                label: other.label.to_string(),
                url: site.link(other.path),
                current: other.path == current,
            })
            .collect()
    };
    let mut pages = Vec::new();
    for grouping in &GROUPINGS {
        let groups = grouped(grouping, summaries, rows);
        let whole = |groups: &[(String, Vec<Listed>)]| -> Vec<EventGroup> {
            groups
                .iter()
                .map(|(title, events)| event_group(grouping, title, events))
                .collect()
        };
        if !split {
            pages.push(IndexPage {
                path: grouping.path.to_string(),
                title: grouping.title.to_string(),
                description: grouping.description.to_string(),
                view: EventsIndexView {
                    lede: grouping.description.to_string(),
                    groups: whole(&groups),
                    views: views(grouping.path),
                    ..EventsIndexView::default()
                },
            });
            // Every year has its page whatever the archive's size, so that an event page's
            // "Events › 2019" always lands on its year.
            if grouping.by_year {
                pages.extend(each_year_pages(site, grouping, &groups, &views));
            }
            continue;
        }
        if grouping.by_year {
            pages.extend(year_pages(site, grouping, &groups, summaries.len(), &views));
        } else {
            pages.extend(group_year_pages(site, grouping, &groups, &views));
        }
    }
    pages
}

/// The events of each group of `grouping`, in the groups' order, each group newest first.
fn grouped<'a>(
    grouping: &Grouping,
    summaries: &[&'a EventSummary],
    rows: &'a [String],
) -> Vec<(String, Vec<Listed<'a>>)> {
    // Group sort key -> (title, the group's events with their rows).
    let mut groups: BTreeMap<String, (String, Vec<Listed>)> = BTreeMap::new();
    for (&event, row) in summaries.iter().zip(rows) {
        let (sort, title) = (grouping.key)(event);
        groups
            .entry(sort)
            .or_insert_with(|| (title, Vec::new()))
            .1
            .push((event, row.as_str()));
    }
    groups
        .into_values()
        .map(|(title, mut events)| {
            events.sort_by(|(a, _), (b, _)| b.date.cmp(&a.date).then_with(|| a.name.cmp(&b.name)));
            (title, events)
        })
        .collect()
}

/// One group's section: its title and its events' rows.
fn event_group(grouping: &Grouping, title: &str, events: &[Listed]) -> EventGroup {
    let mut rows = String::new();
    for (_, row) in events {
        rows.push_str("\n    ");
        rows.push_str(row);
    }
    EventGroup {
        id: format!("{}-{}", grouping.anchor, id_from_name(title)),
        title: title.to_string(),
        rows,
    }
}

/// The events by year of a split archive: `events/` with every year's link and the newest
/// [`EVENTS_PER_PAGE`] events, and a page per year (as every archive has).
fn year_pages(
    site: &SiteView,
    grouping: &Grouping,
    years: &[(String, Vec<Listed>)],
    total: usize,
    views: &dyn Fn(&str) -> Vec<IndexLink>,
) -> Vec<IndexPage> {
    let directory = years
        .iter()
        .map(|(year, events)| DirectoryEntry {
            title: year.clone(),
            url: site.link(&events_year_path(year)),
            events: events.len(),
            years: Vec::new(),
        })
        .collect();
    // The newest events, in their years' sections.
    let mut left = EVENTS_PER_PAGE;
    let mut newest = Vec::new();
    for (year, events) in years {
        if left == 0 {
            break;
        }
        let shown = &events[..events.len().min(left)];
        left -= shown.len();
        newest.push(event_group(grouping, year, shown));
    }
    let mut pages = vec![IndexPage {
        path: grouping.path.to_string(),
        title: grouping.title.to_string(),
        description: grouping.description.to_string(),
        view: EventsIndexView {
            lede: format!(
                "The {EVENTS_PER_PAGE} newest of the archive's {total} events. Every year has a page of its own."
            ),
            groups: newest,
            views: views(grouping.path),
            directory,
            ..EventsIndexView::default()
        },
    }];
    pages.extend(each_year_pages(site, grouping, years, views));
    pages
}

/// A page per year of the events by year, each with the links to the other years.
fn each_year_pages(
    site: &SiteView,
    grouping: &Grouping,
    years: &[(String, Vec<Listed>)],
    views: &dyn Fn(&str) -> Vec<IndexLink>,
) -> Vec<IndexPage> {
    let year_links = |current: &str| -> Vec<IndexLink> {
        years
            .iter()
            .map(|(year, _)| IndexLink {
                label: year.clone(),
                url: site.link(&events_year_path(year)),
                current: current == year,
            })
            .collect()
    };
    let mut pages = Vec::new();
    for (year, events) in years {
        let count = events.len();
        pages.push(IndexPage {
            path: events_year_path(year),
            title: format!("Events of {year}"),
            description: format!(
                "The {count} event{} of {year} in the archive, newest first.",
                if count == 1 { "" } else { "s" }
            ),
            view: EventsIndexView {
                lede: format!(
                    "The {count} event{} of {year}, newest first.",
                    if count == 1 { "" } else { "s" }
                ),
                groups: vec![event_group(grouping, year, events)],
                views: views(grouping.path),
                siblings: year_links(year),
                ..EventsIndexView::default()
            },
        });
    }
    pages
}

/// The events by ruleset or by tier of a split archive: the grouping's page with each group
/// and its years, and a page per group and year.
fn group_year_pages(
    site: &SiteView,
    grouping: &Grouping,
    groups: &[(String, Vec<Listed>)],
    views: &dyn Fn(&str) -> Vec<IndexLink>,
) -> Vec<IndexPage> {
    let mut pages = Vec::new();
    let mut directory = Vec::new();
    for (title, events) in groups {
        let folder = format!("{}{}/", grouping.path, id_from_name(title));
        // The group's events by year, newest year first (each group is sorted newest first).
        let mut by_year: Vec<(u16, Vec<Listed>)> = Vec::new();
        for &listed in events {
            match by_year.last_mut() {
                Some((year, list)) if *year == listed.0.year => list.push(listed),
                _ => by_year.push((listed.0.year, vec![listed])),
            }
        }
        let year_url = |year: u16| site.link(&format!("{folder}{year}/"));
        let years: Vec<IndexLink> = by_year
            .iter()
            .map(|(year, list)| IndexLink {
                label: format!("{year} ({})", list.len()),
                url: year_url(*year),
                current: false,
            })
            .collect();
        for (year, list) in &by_year {
            let count = list.len();
            let plural = if count == 1 { "" } else { "s" };
            pages.push(IndexPage {
                path: format!("{folder}{year}/"),
                title: format!("{title}: {year}"),
                description: format!("The {count} event{plural} of {year} in the archive under {title}, newest first."),
                view: EventsIndexView {
                    lede: format!("The {count} event{plural} of {year} under {title}, newest first."),
                    groups: vec![event_group(grouping, &year.to_string(), list)],
                    views: views(grouping.path),
                    siblings: by_year
                        .iter()
                        .map(|(other, _)| IndexLink {
                            label: other.to_string(),
                            url: year_url(*other),
                            current: other == year,
                        })
                        .collect(),
                    ..EventsIndexView::default()
                },
            });
        }
        directory.push(DirectoryEntry {
            title: title.clone(),
            url: String::new(),
            events: events.len(),
            years,
        });
    }
    pages.insert(
        0,
        IndexPage {
            path: grouping.path.to_string(),
            title: grouping.title.to_string(),
            description: grouping.description.to_string(),
            view: EventsIndexView {
                lede: format!("{} Each has a page per year.", grouping.description),
                views: views(grouping.path),
                directory,
                ..EventsIndexView::default()
            },
        },
    );
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` events spread over the years from 2014, alternating two tiers.
    fn archive(count: usize) -> (SiteView, Vec<EventSummary>, Vec<String>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (site, report) = crate::site::load(root, None);
        let site = site.unwrap_or_else(|| panic!("the example site loads: {}", report.render()));
        let view = SiteView::new(&site.config, &site.pages);
        let model = site.contributions[&site.events[0].slug].summary.clone();
        let events: Vec<EventSummary> = (0..count)
            .map(|i| {
                let year = 2014 + (i % 7) as u16;
                EventSummary {
                    name: format!("Event {i:03}"),
                    date: format!("{year}-03-{:02}", 1 + i % 28),
                    year,
                    tier: Some(if i % 2 == 0 { "store" } else { "regional" }.into()),
                    ..model.clone()
                }
            })
            .collect();
        let rows = events
            .iter()
            .map(|e| format!("<tr>{}</tr>", e.name))
            .collect();
        (view, events, rows)
    }

    fn listed(page: &IndexPage) -> usize {
        page.view
            .groups
            .iter()
            .map(|g| g.rows.matches("<tr>").count())
            .sum()
    }

    #[test]
    fn an_archive_of_a_page_or_less_keeps_one_page_per_grouping() {
        let (site, events, rows) = archive(EVENTS_PER_PAGE);
        let summaries: Vec<&EventSummary> = events.iter().collect();
        let pages = pages(&site, &summaries, &rows);
        // One page per grouping, each listing every event, and a page per year.
        let groupings: Vec<&IndexPage> = pages
            .iter()
            .filter(|p| !p.path.trim_end_matches('/').ends_with(char::is_numeric))
            .collect();
        let paths: Vec<&str> = groupings.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["events/", "events/rulesets/", "events/tiers/"]);
        assert!(
            groupings
                .iter()
                .all(|p| listed(p) == EVENTS_PER_PAGE && p.view.directory.is_empty())
        );
        let years: Vec<&IndexPage> = pages
            .iter()
            .filter(|p| p.path.starts_with("events/") && p.path.len() == "events/2019/".len())
            .collect();
        assert!(years.len() > 1);
        assert_eq!(
            years.iter().map(|p| listed(p)).sum::<usize>(),
            EVENTS_PER_PAGE
        );
        assert!(years.iter().all(|p| p.view.siblings.len() == years.len()));
    }

    #[test]
    fn a_larger_archive_lists_the_newest_and_gives_each_year_and_group_year_a_page() {
        let count = 3 * EVENTS_PER_PAGE + 10;
        let (site, events, rows) = archive(count);
        let summaries: Vec<&EventSummary> = events.iter().collect();
        let pages = pages(&site, &summaries, &rows);
        let page = |path: &str| {
            pages
                .iter()
                .find(|p| p.path == path)
                .unwrap_or_else(|| panic!("{path}"))
        };
        // The events by year: the newest hundred, newest year first, and every year's link.
        let by_year = page("events/");
        assert_eq!(listed(by_year), EVENTS_PER_PAGE);
        assert_eq!(by_year.view.groups[0].title, "2020");
        assert_eq!(by_year.view.directory.len(), 7);
        assert_eq!(by_year.view.directory[0].url, site.link("events/2020/"));
        // Each year's page holds that year whole; together they hold every event once.
        let years: Vec<&IndexPage> = (2014..=2020)
            .map(|y| page(&format!("events/{y}/")))
            .collect();
        assert_eq!(years.iter().map(|p| listed(p)).sum::<usize>(), count);
        assert!(years[0].view.siblings.iter().filter(|s| s.current).count() == 1);
        // By tier: no events on the grouping's page, a page per tier and year.
        let tiers = page("events/tiers/");
        assert_eq!(listed(tiers), 0);
        assert_eq!(tiers.view.directory.len(), 2);
        let leaves: Vec<&IndexPage> = pages
            .iter()
            .filter(|p| p.path.starts_with("events/tiers/") && p.path != "events/tiers/")
            .collect();
        assert_eq!(leaves.len(), 2 * 7);
        assert_eq!(leaves.iter().map(|p| listed(p)).sum::<usize>(), count);
        assert!(leaves.iter().all(|p| {
            crate::site::groups::Group::of(&format!("{}index.html", p.path))
                == Some(crate::site::groups::Group::Indexes)
        }));
        assert!(pages.iter().all(|p| listed(p) <= EVENTS_PER_PAGE));
    }
}
