//! Where a name links to. A person's name goes to their page across the archive, under the id
//! `players.toml` keeps for them; a team has no page, so a team's name goes to its entry in the
//! players list of its event page.

use std::collections::HashMap;

use super::addresses::{event_path, person_path, player_path};
use super::model::{PlayerRef, SiteView};
use crate::event::Event;
use crate::load::aliases::Aliases;

/// The links of one event's names, for one page.
#[derive(Clone, Copy)]
pub(crate) struct NameLinks<'a> {
    site: &'a SiteView,
    aliases: &'a Aliases,
    event: &'a Event,
    /// Whether the links sit on the event page itself, where a team's entry is only an anchor.
    on_event_page: bool,
}

impl<'a> NameLinks<'a> {
    /// Links for the event page.
    pub(crate) fn event_page(site: &'a SiteView, aliases: &'a Aliases, event: &'a Event) -> Self {
        NameLinks {
            site,
            aliases,
            event,
            on_event_page: true,
        }
    }

    /// Links for any other page (the pairings page, the decklists page, lists of events).
    pub(crate) fn elsewhere(site: &'a SiteView, aliases: &'a Aliases, event: &'a Event) -> Self {
        NameLinks {
            on_event_page: false,
            ..Self::event_page(site, aliases, event)
        }
    }

    /// A person's page, by the id the event knows them by.
    pub(crate) fn person(&self, id: &str) -> String {
        self.site.link(&person_path(self.aliases, id))
    }

    /// Where a competitor (a player, or a team in a team event) links to, by id.
    pub(crate) fn competitor(&self, id: &str) -> String {
        if self.event.is_team() {
            self.team(id)
        } else {
            self.person(id)
        }
    }

    /// A team's entry on its event page.
    pub(crate) fn team(&self, id: &str) -> String {
        if self.on_event_page {
            format!("#player-{id}")
        } else {
            format!("{}#player-{id}", self.site.link(&event_path(self.event)))
        }
    }

    /// The competitor registered at `index`, named and linked.
    pub(crate) fn player(&self, index: usize) -> PlayerRef {
        let p = &self.event.players[index];
        PlayerRef {
            id: p.id.clone(),
            name: p.name.clone(),
            url: self.competitor(&p.id),
        }
    }
}

/// The player pages by id, with the current name and address of each: what the pages that list
/// people across the archive (ratings, head-to-head pages) take from the player pages.
pub(crate) struct People<'a>(HashMap<&'a str, (&'a str, &'a str)>);

impl<'a> People<'a> {
    /// From each page's id, name and address.
    pub(crate) fn new(pages: impl IntoIterator<Item = (&'a str, &'a str, &'a str)>) -> Self {
        People(
            pages
                .into_iter()
                .map(|(id, name, url)| (id, (name, url)))
                .collect(),
        )
    }

    /// The name and address of the page `id`, when there is one.
    pub(crate) fn page(&self, id: &str) -> Option<(&'a str, &'a str)> {
        self.0.get(id).copied()
    }

    /// A person by page id, linked to their page: under the page's name, else the id.
    pub(crate) fn person(&self, site: &SiteView, id: &str) -> PlayerRef {
        PlayerRef {
            id: id.to_string(),
            name: self
                .page(id)
                .map_or_else(|| id.to_string(), |(name, _)| name.to_string()),
            url: site.link(&player_path(id)),
        }
    }
}
