//! The events index pages: every event in the archive, grouped by year (`events/`), by ruleset
//! and format (`events/rulesets/`) and by tier (`events/tiers/`). An archivist looks for "the
//! 2014-rules events" or "every premier event" as often as for a year.

use std::collections::BTreeMap;

use super::model::{EventGroup, EventSummary, EventsIndexView, IndexLink, SiteView};
use crate::event::ids::{capitalized, id_from_name};

/// One index page: its path under the site root, title, description and model.
pub(crate) struct IndexPage {
    pub(crate) path: &'static str,
    pub(crate) title: &'static str,
    pub(crate) description: &'static str,
    pub(crate) view: EventsIndexView,
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

/// An event in a group, with its row.
type Listed<'a> = (&'a EventSummary, &'a str);

/// The three index pages over `summaries`, with each event's row from `rows` (in the same
/// order).
pub(crate) fn pages(
    site: &SiteView,
    summaries: &[&EventSummary],
    rows: &[String],
) -> Vec<IndexPage> {
    GROUPINGS
        .iter()
        .map(|grouping| {
            // Group sort key -> (title, the group's events with their rows).
            let mut groups: BTreeMap<String, (String, Vec<Listed>)> = BTreeMap::new();
            for (&event, row) in summaries.iter().zip(rows) {
                let (sort, title) = (grouping.key)(event);
                groups
                    .entry(sort)
                    .or_insert_with(|| (title, Vec::new()))
                    .1
                    .push((event, row));
            }
            let groups = groups
                .into_values()
                .map(|(title, mut events)| {
                    events.sort_by(|(a, _), (b, _)| {
                        b.date.cmp(&a.date).then_with(|| a.name.cmp(&b.name))
                    });
                    let mut rows = String::new();
                    for (_, row) in events {
                        rows.push_str("\n    ");
                        rows.push_str(row);
                    }
                    EventGroup {
                        id: format!("{}-{}", grouping.anchor, id_from_name(&title)),
                        title,
                        rows,
                    }
                })
                .collect();
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
