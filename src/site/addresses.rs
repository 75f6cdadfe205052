//! Every address of the site: the path of each kind of page under the site root, and the names
//! of the files Holonet writes or reserves in the output. One place, so that a page that links to
//! another needs to know only the address, never the module that renders it; this module uses no
//! other part of `site/` and stands at the bottom of the folder.
//!
//! A path here is relative to the site root (`events/2018/x/`); [`super::model::SiteView::link`]
//! puts it under the root every link starts with.

use crate::event::{Event, Player};
use crate::load::aliases::Aliases;
use crate::rules::ccg_decks::Card;
use crate::rules::decks::objective_set;

/// The Atom feed's file name, at the root of the site (written by [`super::feed`]); every page
/// links to it.
pub(crate) const FEED_FILE: &str = "feed.xml";

/// The iCalendar file's name, at the root of the site (written by [`super::calendar`]); every
/// page links to it.
pub(crate) const CALENDAR_FILE: &str = "calendar.ics";

/// The path of the card index.
pub(crate) const CARDS_PATH: &str = "cards/";

/// The ratings page's path.
pub(crate) const RATINGS_PATH: &str = "ratings/";

/// The search index's file name, at the root of the site.
pub(crate) const SEARCH_PATH: &str = "search.json";

/// The site's own preview card, at the root: the `og:image` of every page without a card of
/// its own.
pub(crate) const SITE_CARD_FILE: &str = "site-card.png";

/// The file name of an event's preview card, in the event page's folder.
pub(crate) const PREVIEW_FILE: &str = "preview.png";

/// The plain-text export's file name, in the decklists page's folder.
pub(crate) const DECKS_TEXT_FILE: &str = "decks.txt";

/// Lists the files a build wrote, with what it needs to recognize them unchanged.
pub(crate) const MANIFEST: &str = ".holonet-manifest";

/// The record of the last build's events, in the output folder.
pub const EVENTS_RECORD: &str = ".holonet-events";

/// The record of the last build's archive-wide pages, in the output folder.
pub const PAGES_RECORD: &str = ".holonet-pages";

/// The URL path of an event page.
pub(crate) fn event_path(event: &Event) -> String {
    event_path_of(&event.slug)
}

/// [`event_path`], from the event's slug alone.
pub(crate) fn event_path_of(slug: &str) -> String {
    format!("events/{slug}/")
}

/// The page of a year's events, in the folder that year's event files conventionally have
/// (`events/2019/`): the events index is split into such pages when the archive is large.
pub(crate) fn events_year_path(year: &str) -> String {
    format!("events/{year}/")
}

/// The path of a Swiss round's own page: its tables and results, and the standings after it.
pub(crate) fn round_path(event: &Event, number: u32) -> String {
    format!("{}rounds/{number}/", event_path(event))
}

/// The path of a SW:CCG game's own page: its tables and scores, and the standings after it.
pub(crate) fn game_path(event: &Event, number: u32) -> String {
    format!("{}games/{number}/", event_path(event))
}

/// The path of an event's current-round page.
pub(crate) fn pairings_path(event: &Event) -> String {
    format!("{}pairings/", event_path(event))
}

/// The path of an event's room screen.
pub(crate) fn room_path(event: &Event) -> String {
    format!("{}room/", event_path(event))
}

/// The path of an event's result slips.
pub(crate) fn slips_path(event: &Event) -> String {
    format!("{}slips/", event_path(event))
}

/// The path of an event's decklists page under the site root.
pub(crate) fn decks_path(event: &Event) -> String {
    format!("{}decks/", event_path(event))
}

/// A player's lists (their section of the event's decklists page), when they recorded any:
/// standings, brackets, the players list, card pages and player pages point there.
pub(crate) fn deck_path(event: &Event, player: &Player) -> Option<String> {
    has_decks(player).then(|| format!("{}#deck-{}", decks_path(event), player.id))
}

/// Whether the player recorded any list, and so has a section on the decklists page.
pub(crate) fn has_decks(player: &Player) -> bool {
    player.decks.dark.is_some() || player.decks.light.is_some()
}

/// The path of a player's page.
pub(crate) fn player_path(id: &str) -> String {
    format!("players/{id}/")
}

/// The id of the page a player id belongs to: one person under several ids shares the page of
/// the id `players.toml` keeps.
pub(crate) fn page_id<'a>(aliases: &'a Aliases, id: &'a str) -> &'a str {
    crate::load::aliases::kept_id(aliases, id)
}

/// A person's page across the archive, under the id `players.toml` keeps for them.
pub(crate) fn person_path(aliases: &Aliases, id: &str) -> String {
    player_path(page_id(aliases, id))
}

/// A page of the players A to Z of a large archive: a letter (`players/a-z/k/`) or a run of
/// names within one (`players/a-z/ma/`). The folder `a-z` is one no real name gives an id.
pub(crate) fn players_letters_path(folder: &str) -> String {
    format!("players/a-z/{folder}/")
}

/// The path of a player's head-to-head page, every opponent they met.
pub(crate) fn head_to_head_path(id: &str) -> String {
    format!("players/{id}/vs/")
}

/// What a card page is about: an objective set by number, or a SW:CCG card by id.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum CardKey {
    Set(String),
    Ccg(u32),
}

impl CardKey {
    /// The page's path under the site root.
    pub(crate) fn path(&self) -> String {
        match self {
            CardKey::Set(id) => format!("cards/sets/{}/", id.to_lowercase()),
            CardKey::Ccg(id) => format!("cards/ccg/{id}/"),
        }
    }
}

/// The page of the objective set `id`, when `data/` knows it.
pub(crate) fn set_path(id: &str) -> Option<String> {
    objective_set(id).map(|set| CardKey::Set(set.id.clone()).path())
}

/// The page of a SW:CCG card.
pub(crate) fn card_path(card: &Card) -> String {
    CardKey::Ccg(card.id).path()
}
