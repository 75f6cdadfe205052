//! The events index pages: every event in the archive, grouped by year (`events/`), by ruleset
//! and format (`events/rulesets/`) and by tier (`events/tiers/`). An archivist looks for "the
//! 2014-rules events" or "every premier event" as often as for a year.

use std::collections::BTreeMap;

use super::model::{EventGroup, EventSummary, EventsIndexView, IndexLink, IndexRow, SiteView};
use crate::event::ids::{capitalized, id_from_name};

/// One index page: its path under the site root, title, description and model.
pub struct IndexPage<'a> {
    pub path: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub view: EventsIndexView<'a>,
}

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
    },
];

/// The three index pages over `summaries`, with each event's row from `rows` (in the same
/// order).
pub fn pages<'a>(
    site: &SiteView,
    summaries: &[&'a EventSummary],
    rows: &'a [String],
) -> Vec<IndexPage<'a>> {
    GROUPINGS
        .iter()
        .map(|grouping| {
            let mut groups: BTreeMap<String, EventGroup> = BTreeMap::new();
            for (&event, row) in summaries.iter().zip(rows) {
                let (sort, title) = (grouping.key)(event);
                groups
                    .entry(sort)
                    .or_insert_with(|| EventGroup {
                        id: format!("{}-{}", grouping.anchor, id_from_name(&title)),
                        title,
                        events: Vec::new(),
                    })
                    .events
                    .push(IndexRow {
                        summary: event,
                        row,
                    });
            }
            let mut groups: Vec<EventGroup> = groups.into_values().collect();
            for group in &mut groups {
                group.events.sort_by(|a, b| {
                    let (a, b) = (a.summary, b.summary);
                    b.date.cmp(&a.date).then_with(|| a.name.cmp(&b.name))
                });
            }
            IndexPage {
                path: grouping.path,
                title: grouping.title,
                description: grouping.description,
                view: EventsIndexView {
                    lede: grouping.description.to_string(),
                    groups,
                    views: GROUPINGS
                        .iter()
                        .map(|other| IndexLink {
                            label: other.label.to_string(),
                            url: site.link(other.path),
                            current: other.path == grouping.path,
                        })
                        .collect(),
                },
            }
        })
        .collect()
}
