//! Where a name links to. A person's name goes to their page across the archive, under the id
//! `players.toml` keeps for them; a team has no page, so a team's name goes to its entry in the
//! players list of its event page.

use super::model::{PlayerRef, SiteView, event_path};
use super::players::{page_id, player_path};
use crate::event::Event;
use crate::load::aliases::Aliases;

/// The links of one event's names, for one page.
#[derive(Clone, Copy)]
pub struct NameLinks<'a> {
    site: &'a SiteView,
    aliases: &'a Aliases,
    event: &'a Event,
    /// Whether the links sit on the event page itself, where a team's entry is only an anchor.
    on_event_page: bool,
}

impl<'a> NameLinks<'a> {
    /// Links for the event page.
    pub fn event_page(site: &'a SiteView, aliases: &'a Aliases, event: &'a Event) -> Self {
        NameLinks {
            site,
            aliases,
            event,
            on_event_page: true,
        }
    }

    /// Links for any other page (the pairings page, the decklists page, lists of events).
    pub fn elsewhere(site: &'a SiteView, aliases: &'a Aliases, event: &'a Event) -> Self {
        NameLinks {
            on_event_page: false,
            ..Self::event_page(site, aliases, event)
        }
    }

    /// A person's page, by the id the event knows them by.
    pub fn person(&self, id: &str) -> String {
        person_url(self.site, self.aliases, id)
    }

    /// Where a competitor (a player, or a team in a team event) links to, by id.
    pub fn competitor(&self, id: &str) -> String {
        if self.event.is_team() {
            self.team(id)
        } else {
            self.person(id)
        }
    }

    /// A team's entry on its event page.
    pub fn team(&self, id: &str) -> String {
        if self.on_event_page {
            format!("#player-{id}")
        } else {
            format!("{}#player-{id}", self.site.link(&event_path(self.event)))
        }
    }

    /// The competitor registered at `index`, named and linked.
    pub fn player(&self, index: usize) -> PlayerRef {
        let p = &self.event.players[index];
        PlayerRef {
            id: p.id.clone(),
            name: p.name.clone(),
            url: self.competitor(&p.id),
        }
    }
}

/// A person's page across the archive, under the id `players.toml` keeps for them.
pub fn person_url(site: &SiteView, aliases: &Aliases, id: &str) -> String {
    site.link(&player_path(page_id(aliases, id)))
}
