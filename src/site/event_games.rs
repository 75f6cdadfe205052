//! What one event adds to the ratings, as plain data: its rated games, the player pages they
//! count for and the event's name and address, picked out once per event with its other
//! [`super::contribution`]s (the ratings themselves, [`super::ratings`], are worked out from
//! every event's in date order).

use super::addresses::{event_path, page_id};
use super::model::SiteView;
use crate::encoded::Encoded;
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

/// An event's part in the ratings as its share holds it: what tells whether the ratings read
/// its games at all, beside the games themselves, encoded (see [`crate::encoded`]), so that an
/// event is decoded once per rating, and only when it has games of the game being rated.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct HeldGames {
    pub(super) family: Family,
    pub(super) recorded: bool,
    games: Option<Encoded<EventGames>>,
}

impl HeldGames {
    /// `games`, held.
    pub(crate) fn hold(games: &EventGames) -> Self {
        HeldGames {
            family: games.family,
            recorded: games.recorded,
            games: (!games.games.is_empty()).then(|| Encoded::deflated(games)),
        }
    }

    /// The event's part, decoded, when it has rated games.
    pub(super) fn open(&self) -> Option<EventGames> {
        self.games.as_ref().map(Encoded::open)
    }
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
