//! An event's summary: what the lists of events, the home page, the feed and the search index
//! show of it (name, dates, place, rules, progress, winner so far, the current round's link).
//! Worked out for every event when it is loaded, so it reads the event's facts only and
//! builds no part of its page.

use super::addresses::{event_path, pairings_path, room_path};
use super::current_step::current_step;
use super::model::{EventSummary, GameMark, PairingsLink, SiteView, date_text, range_text};
use super::names::NameLinks;
use crate::event::Event;
use crate::load::aliases::Aliases;
use crate::rules::computed::{Computed, ComputedKind, Status};

/// The summary of `event`, its names linking to the players' pages.
pub fn summary(
    site: &SiteView,
    aliases: &Aliases,
    event: &Event,
    computed: &Computed,
) -> EventSummary {
    // The winner: first of the final placings (the champion of a cut, or the Swiss winner).
    let (rounds_played, unit, done) = match &computed.kind {
        ComputedKind::League(league) => (league.games.len(), "game", "played"),
        ComputedKind::Challenge(challenge) => (challenge.sessions(), "session", "played"),
        ComputedKind::Ccg(ccg) => (ccg.finished, "game", "finished"),
        ComputedKind::Swiss(swiss) => (swiss.standings.len(), "round", "finished"),
        ComputedKind::Recorded => (0, "round", "finished"),
    };
    let leader = computed
        .placings
        .as_ref()
        .and_then(|p| p.first())
        .map(|&(_, p)| NameLinks::elsewhere(site, aliases, event).player(p));
    EventSummary {
        name: event.info.name.clone(),
        url: site.link(&event_path(event)),
        date: event.info.date.iso(),
        end_date: event.info.end_date.map(|d| d.iso()),
        date_text: date_text(event),
        year: event.info.date.year,
        location: event.info.location.clone(),
        rules_id: computed.ruleset.id.to_string(),
        rules_name: computed.ruleset.name.to_string(),
        rules_short: computed.ruleset.short_name.to_string(),
        game: match computed.ruleset.family {
            crate::rules::Family::Lcg => GameMark::Lcg,
            crate::rules::Family::Ccg => GameMark::Ccg,
        },
        format: match &event.info.variant {
            Some(v) => format!("{}, {v}", event.info.format),
            None => event.info.format.clone(),
        },
        tier: event.info.tier.clone(),
        status: computed.status,
        // A recorded event whose standings keep only the top rows says how many played.
        player_count: event
            .info
            .field_size
            .unwrap_or_else(|| crate::rules::compute::entrants(&event.players)),
        rounds_played,
        progress: {
            let played = format!(
                "{rounds_played} {unit}{} {done}",
                if rounds_played == 1 { "" } else { "s" }
            );
            match event.info.stopped {
                // Said wherever the progress is: the record ends there, nothing is under way.
                Some(day) if computed.status == Status::Stopped => {
                    format!("{played}; the record stops on {}", range_text(day, None))
                }
                _ => played,
            }
        },
        leader,
        pairings: current_step(event, computed).map(|step| PairingsLink {
            title: step.title(),
            url: site.link(&pairings_path(event)),
            room_url: site.link(&room_path(event)),
        }),
    }
}
