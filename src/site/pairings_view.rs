//! The current round's page of a running event: what players look for between rounds. The
//! tables in order, and the same pairings by player name so each player finds their own table
//! at a glance; printed, it is the sheet posted at the venue.
//!
//! The current step is the one [`super::current_step`] finds.

use serde::Serialize;

use super::addresses::{event_path, room_path, round_path, slips_path};
use super::current_step::{Stage, Step, current_step};
use super::model::{PlayerRef, SiteView};
use super::names::NameLinks;
use crate::event::Event;
use crate::rules::computed::Computed;

/// One seat at a table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PairingSeat {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    /// `dark`, `light`, `dark first`, or empty when the sides are not known yet.
    pub(crate) side: &'static str,
}

/// One table of the current step.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PairingTable {
    /// The table number (Swiss) or the game number (elimination).
    pub(crate) number: u32,
    pub(crate) seats: [PairingSeat; 2],
    /// The result when already reported, else empty.
    pub(crate) result: String,
}

/// A player looking for their table: where they sit and whom they play.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerSeat {
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    /// The table (or game) number, or `Bye`.
    pub(crate) place: String,
    pub(crate) opponent: Option<String>,
    opponent_url: Option<String>,
    pub(crate) side: &'static str,
    /// Text to sort names by: lower case, accents folded (`Zoë` sorts as `zoe`).
    #[serde(skip)]
    sort_key: String,
}

/// The page's `pairings`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PairingsView {
    /// `Round 2`, `Game 5`, `Top 8: games 9 and 10`.
    pub(crate) title: String,
    pub(crate) stage: Stage,
    /// `Table` or `Game`: what a number in `tables` counts.
    pub(crate) unit: &'static str,
    pub(crate) event_name: String,
    pub(crate) event_url: String,
    /// The step's results: a Swiss round's own page, or the step on the event page.
    results_url: String,
    pub(crate) tables: Vec<PairingTable>,
    pub(crate) byes: Vec<PlayerRef>,
    /// Everyone playing (or with a bye), A to Z.
    pub(crate) players: Vec<PlayerSeat>,
    pub(crate) reported: usize,
    /// When the file was last updated, and what the page's script polls (the page exists only
    /// while the event runs).
    pub(crate) live: Option<super::live_view::LiveView>,
    /// The same step on the room screen, and its printable result slips.
    pub(crate) room_url: String,
    slips_url: String,
    /// Between two steps of a running event: what is complete and what comes next. The page
    /// stays at its address, with no tables, so a phone left on it (or a late reporter's "back
    /// to the pairings") finds the news instead of a missing page.
    pub(crate) waiting: Option<WaitingView>,
}

/// What the pairings page of a running event says between two steps.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WaitingView {
    /// `Round 3 is complete`, `Game 5 is complete`, or `The last step is complete`.
    pub(crate) complete: String,
    /// `round 4`, `game 6`, or `the next pairings`.
    pub(crate) next: String,
}

/// The pairings page of a running event with no step under way: the last round (or game) is
/// complete and the next is not paired yet.
fn waiting_view(site: &SiteView, event: &Event, computed: &Computed) -> Option<PairingsView> {
    if computed.status != crate::rules::computed::Status::Running {
        return None;
    }
    let (unit, last) = match (event.rounds().last(), event.ccg_games().last()) {
        (Some(round), _) => ("Round", Some(round.number)),
        (None, Some(game)) => ("Game", Some(game.number)),
        (None, None) => ("Round", None),
    };
    let last = last?;
    let swiss_over = computed.swiss_rounds.is_some_and(|n| last >= n);
    let (complete, next) = if swiss_over {
        (
            format!("{unit} {last} is complete"),
            "the next pairings".to_string(),
        )
    } else {
        (
            format!("{unit} {last} is complete"),
            format!("{} {}", unit.to_lowercase(), last + 1),
        )
    };
    let event_url = site.link(&event_path(event));
    Some(PairingsView {
        title: complete.clone(),
        stage: if unit == "Game" {
            Stage::CcgGame
        } else {
            Stage::Round
        },
        unit: "Table",
        event_name: event.info.name.clone(),
        results_url: format!("{event_url}#standings-heading"),
        event_url,
        tables: Vec::new(),
        byes: Vec::new(),
        players: Vec::new(),
        reported: 0,
        live: super::live_view::live_view(site, event, computed),
        room_url: site.link(&room_path(event)),
        slips_url: site.link(&slips_path(event)),
        waiting: Some(WaitingView { complete, next }),
    })
}

/// The current round of a running event, if it has one, else what the page says between two
/// rounds ([`PairingsView::waiting`]). Its names link to the players' pages from any page (it
/// appears on the event page and on pages of its own).
pub(crate) fn pairings_view(
    site: &SiteView,
    aliases: &crate::load::aliases::Aliases,
    event: &Event,
    computed: &Computed,
) -> Option<PairingsView> {
    let Some(step) = current_step(event, computed) else {
        return waiting_view(site, event, computed);
    };
    let names = NameLinks::elsewhere(site, aliases, event);
    let seat = |p: usize, side: &'static str| {
        let player = names.player(p);
        PairingSeat {
            id: player.id,
            name: player.name,
            url: player.url,
            side,
        }
    };
    let event_url = site.link(&event_path(event));
    let on_event_page = |anchor: &str| format!("{event_url}#{anchor}");
    let (unit, results_url, tables, byes) = match &step {
        Step::Round(round) => {
            let tables = round
                .tables
                .iter()
                .map(|t| {
                    let [a, b] = t.players;
                    let first = |p: usize| {
                        if t.first_dark == Some(p) {
                            "dark first"
                        } else {
                            ""
                        }
                    };
                    PairingTable {
                        number: t.number,
                        seats: [seat(a, first(a)), seat(b, first(b))],
                        result: super::model::swiss_result_text(computed.ruleset, t)
                            .unwrap_or_default(),
                    }
                })
                .collect();
            (
                "Table",
                site.link(&round_path(event, round.number)),
                tables,
                round.byes.clone(),
            )
        }
        Step::CcgGame(game) => {
            let ccg_reported = match &computed.kind {
                crate::rules::computed::ComputedKind::Ccg(ccg) => {
                    ccg.reported.get(game.number as usize - 1)
                }
                _ => None,
            };
            let tables = game
                .tables
                .iter()
                .map(|t| PairingTable {
                    number: t.number,
                    seats: [seat(t.dark, "dark"), seat(t.light, "light")],
                    // The scores as the event page's game shows them: dark's, then light's.
                    result: ccg_reported
                        .and_then(|tables| tables.iter().find(|s| s.table == t.number))
                        .map(|s| format!("{} – {}", s.score_text(0), s.score_text(1)))
                        .unwrap_or_default(),
                })
                .collect();
            (
                "Table",
                site.link(&super::addresses::game_path(event, game.number)),
                tables,
                game.byes.clone(),
            )
        }
        Step::Final {
            play, fin, game, ..
        } => {
            let sides = crate::rules::ccg_event::ruled_final_sides(event, play, fin, *game);
            let side = |p: usize| match sides {
                Some([dark, _]) if dark == p => "dark",
                Some(_) => "light",
                None => "",
            };
            let [a, b] = sides.unwrap_or(fin.finalists);
            (
                "Game",
                on_event_page("ccg-final-heading"),
                vec![PairingTable {
                    number: *game,
                    seats: [seat(a, side(a)), seat(b, side(b))],
                    result: String::new(),
                }],
                Vec::new(),
            )
        }
        Step::CcgTopCut { matches, .. } => {
            let tables = matches
                .iter()
                .map(|&(number, [dark, light])| PairingTable {
                    number,
                    seats: [seat(dark, "dark"), seat(light, "light")],
                    result: String::new(),
                })
                .collect();
            (
                "Match",
                on_event_page("ccg-top-cut-heading"),
                tables,
                Vec::new(),
            )
        }
        Step::Elimination { games, .. } => {
            let tables = games
                .iter()
                .filter_map(|g| {
                    let [Some(a), Some(b)] = g.players else {
                        return None;
                    };
                    let side = |p: usize| match g.dark {
                        Some(d) if d == p => "dark",
                        Some(_) => "light",
                        None => "",
                    };
                    Some(PairingTable {
                        number: g.spec.number,
                        seats: [seat(a, side(a)), seat(b, side(b))],
                        result: String::new(),
                    })
                })
                .collect();
            ("Game", on_event_page("bracket-heading"), tables, Vec::new())
        }
    };
    let mut players: Vec<PlayerSeat> = Vec::new();
    for t in &tables {
        for (me, them) in [(0, 1), (1, 0)] {
            players.push(PlayerSeat {
                sort_key: sort_key(&t.seats[me].name),
                name: t.seats[me].name.clone(),
                url: t.seats[me].url.clone(),
                place: t.number.to_string(),
                opponent: Some(t.seats[them].name.clone()),
                opponent_url: Some(t.seats[them].url.clone()),
                side: t.seats[me].side,
            });
        }
    }
    let byes: Vec<PlayerRef> = byes.iter().map(|&p| names.player(p)).collect();
    for bye in &byes {
        players.push(PlayerSeat {
            sort_key: sort_key(&bye.name),
            name: bye.name.clone(),
            url: bye.url.clone(),
            place: "Bye".to_string(),
            opponent: None,
            opponent_url: None,
            side: "",
        });
    }
    players.sort_by(|a, b| (&a.sort_key, &a.name).cmp(&(&b.sort_key, &b.name)));
    Some(PairingsView {
        title: step.title(),
        stage: step.stage(),
        unit,
        event_name: event.info.name.clone(),
        results_url,
        event_url,
        reported: tables.iter().filter(|t| !t.result.is_empty()).count(),
        tables,
        byes,
        players,
        live: super::live_view::live_view(site, event, computed),
        room_url: site.link(&room_path(event)),
        slips_url: site.link(&slips_path(event)),
        waiting: None,
    })
}

/// A name as people look it up in a list: lower case, accents folded.
fn sort_key(name: &str) -> String {
    crate::event::ids::id_from_name(name)
}

#[cfg(test)]
mod tests {
    use super::sort_key;

    #[test]
    fn names_sort_without_case_or_accents() {
        let mut names = vec!["zoë", "Ángel", "bo", "Zeta"];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(names, ["Ángel", "bo", "Zeta", "zoë"]);
    }
}
