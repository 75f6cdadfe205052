//! What a build keeps of each event as it loads it, and how the event cache keeps that beside
//! the event ([`crate::load::KeptForm`]): the event as held, its people, and its contribution
//! to the archive-wide pages with its shares. A later build whose site pages and `players.toml`
//! are the same takes them from the entry without opening the event: after an edit to one
//! event, a build of 1,000 events would otherwise open every other one twice (to list it and
//! to work out its shares), most of the time such a build takes.

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::Xxh3;

use super::contribution::Contribution;
use super::deck_view::publishable;
use super::model::SiteView;
use crate::encoded::Encoded;
use crate::event::Event;
use crate::load::KeptForm;
use crate::load::aliases::Aliases;
use crate::load::cache::HeldEncoding;
use crate::load::held::{Facts, HeldEvent};
use crate::load::people::{Entry, entries_of};
use crate::rules::computed::Computed;

/// One event as a build keeps it once loaded.
pub(crate) struct LoadedEvent {
    pub(crate) held: HeldEvent,
    /// Its people, for the check that no two people share a page across events.
    pub(crate) people: Vec<Entry>,
    /// Its contribution, with its shares worked out.
    pub(crate) contribution: Contribution,
    /// Held in an encoding of its own rather than the cache entry's: the event's lists are held
    /// back, and the event is held without them.
    pub(crate) own_encoding: bool,
}

/// `event` as a build keeps it, given its encoding when the event cache made one.
pub(crate) fn loaded(
    view: &SiteView,
    aliases: &Aliases,
    event: (Event, Computed),
    encoded: Option<HeldEncoding>,
) -> LoadedEvent {
    // An event whose lists are all out is held in the encoding the cache made of it.
    let whole = encoded.filter(|_| event.1.decklists_published);
    let own_encoding = whole.is_none();
    let event = publishable(event);
    let people = entries_of(&event.0);
    let contribution = Contribution::of(view, aliases, &event.0, &event.1);
    let held = match whole {
        Some(encoded) => HeldEvent::hold_as(&event, encoded),
        None => HeldEvent::hold(&event),
    };
    LoadedEvent {
        held,
        people,
        contribution,
        own_encoding,
    }
}

/// A [`LoadedEvent`] as its entry keeps it.
#[derive(Serialize, Deserialize)]
struct Kept {
    facts: Facts,
    /// The deflated encoding the event is held in, when it is not the entry's.
    own_encoding: Option<Vec<u8>>,
    people: Vec<Entry>,
    contribution: Contribution,
}

/// How the event cache keeps a [`LoadedEvent`], for a site whose view is `view` and whose
/// `players.toml` gives `aliases`: what a loaded event is made of besides the event itself.
pub(crate) fn form(view: &SiteView, aliases: &Aliases) -> KeptForm<LoadedEvent> {
    // Both hold strings, lists and ordered maps only: their `Debug` text spells out every
    // field the same way every time.
    let mut hasher = Xxh3::new();
    hasher.update(b"holonet kept event 1\n");
    hasher.update(format!("{view:?}\n{aliases:?}").as_bytes());
    KeptForm {
        inputs: hasher.digest128(),
        write,
        read,
    }
}

fn write(loaded: &LoadedEvent) -> Vec<u8> {
    let own_encoding = loaded.own_encoding.then(|| {
        let bytes = loaded.held.encoding().deflated_bytes();
        bytes.expect("a held event is deflated").to_vec()
    });
    let kept = Kept {
        facts: loaded.held.facts(),
        own_encoding,
        people: loaded.people.clone(),
        contribution: loaded.contribution.clone(),
    };
    postcard::to_stdvec(&kept).expect("a kept event encodes")
}

fn read(bytes: &[u8], entry_encoding: HeldEncoding) -> Option<LoadedEvent> {
    let kept: Kept = postcard::from_bytes(bytes).ok()?;
    let own_encoding = kept.own_encoding.is_some();
    let encoding = match kept.own_encoding {
        Some(bytes) => Encoded::from_deflated(bytes.into_boxed_slice()),
        None => entry_encoding,
    };
    Some(LoadedEvent {
        held: HeldEvent::of_facts(kept.facts, encoding)?,
        people: kept.people,
        contribution: kept.contribution,
        own_encoding,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::options::LoadOptions;

    /// The example site's events and every test fixture that loads, as a build keeps them.
    fn loaded_events(view: &SiteView, aliases: &Aliases) -> Vec<LoadedEvent> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let options = LoadOptions::default();
        let keep = |event: (Event, Computed), _| {
            let encoded = Encoded::deflated(&event);
            loaded(view, aliases, event, Some(encoded))
        };
        let mut events = crate::load::load_events(root, &options, None, keep, None).events;
        let fixtures = root.join("tests/fixtures");
        for file in walkdir::WalkDir::new(&fixtures).sort_by_file_name() {
            let file = file.expect("fixtures are readable");
            let path = file.path();
            if path.extension().is_some_and(|e| e == "toml")
                && let Ok(text) = std::fs::read_to_string(path)
                && let (Some(event), _) = crate::load::parse_event(
                    path.strip_prefix(&fixtures).expect("under the fixtures"),
                    &text,
                    &options,
                )
            {
                events.push(keep(event, None));
            }
        }
        events
    }

    #[test]
    fn every_kind_of_event_reads_back_from_its_entry_as_it_was_kept() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (site, report) = super::super::load(root, None);
        let site = site.unwrap_or_else(|| panic!("the example site loads: {}", report.render()));
        let view = SiteView::new(&site.config, &site.pages);
        let events = loaded_events(&view, &site.aliases);
        assert!(events.len() > 20, "{} events", events.len());
        assert!(events.iter().any(|e| e.own_encoding) && events.iter().any(|e| !e.own_encoding));
        let form = form(&view, &site.aliases);
        for event in &events {
            let bytes = (form.write)(event);
            let back = (form.read)(&bytes, event.held.encoding().clone())
                .unwrap_or_else(|| panic!("{} reads back", event.held.file.display()));
            // Field by field, as `Debug` spells every one of them out (an encoding by its hash).
            assert_eq!(
                format!("{:?}", (&back.held, &back.people, &back.contribution)),
                format!("{:?}", (&event.held, &event.people, &event.contribution)),
                "{}",
                event.held.file.display()
            );
            assert_eq!(back.own_encoding, event.own_encoding);
        }
    }

    #[test]
    fn other_site_pages_or_other_aliases_are_other_inputs() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (site, _) = super::super::load(root, None);
        let site = site.expect("the example site loads");
        let view = SiteView::new(&site.config, &site.pages);
        let inputs = form(&view, &site.aliases).inputs;
        assert_eq!(form(&view, &site.aliases).inputs, inputs);
        let mut aliases = site.aliases.clone();
        aliases.insert("someone".to_string(), "someone-else".to_string());
        assert_ne!(form(&view, &aliases).inputs, inputs);
        let elsewhere = SiteView::new(
            &site
                .config
                .clone()
                .with_base_url("https://example.net/archive/"),
            &site.pages,
        );
        assert_ne!(form(&elsewhere, &site.aliases).inputs, inputs);
        let no_pages = SiteView::new(&site.config, &[]);
        assert_ne!(form(&no_pages, &site.aliases).inputs, inputs);
    }
}
