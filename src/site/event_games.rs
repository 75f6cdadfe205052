//! What one event adds to the ratings, as plain data: its rated games, the player pages they
//! count for and the event's name and address, picked out once per event with its other
//! [`super::contribution`]s (the ratings themselves, [`super::ratings`], are worked out from
//! every event's in date order).

use super::addresses::{event_path, page_id};
use super::model::SiteView;
use crate::event::{Event, Kind};
use crate::load::aliases::Aliases;
use crate::rules::Family;
use crate::rules::computed::Computed;
use crate::rules::rated_games::{RatedGame, rated_games};

/// One event's part in the ratings: its rated games and the player pages they count for.
/// Compared by `serve`, which renders every player page again when an edit changes them.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct EventGames {
    pub(super) family: Family,
    /// The event's name and page, for a player's last event.
    pub(super) name: String,
    pub(super) url: String,
    /// Known only by its final standings: no games, and said so on the ratings page.
    pub(super) recorded: bool,
    /// Each player's page id (`players.toml` applied), in registration order.
    pub(super) pages: Vec<String>,
    pub(super) games: Vec<RatedGame>,
}

/// The games `event` adds to the ratings.
pub(crate) fn event_games(
    site: &SiteView,
    aliases: &Aliases,
    event: &Event,
    computed: &Computed,
) -> EventGames {
    let games = rated_games(event, computed);
    EventGames {
        family: computed.ruleset.family,
        name: event.info.name.clone(),
        url: site.link(&event_path(event)),
        recorded: matches!(event.kind, Kind::Recorded(_)),
        pages: if games.is_empty() {
            Vec::new()
        } else {
            event
                .players
                .iter()
                .map(|p| page_id(aliases, &p.id).to_string())
                .collect()
        },
        games,
    }
}
