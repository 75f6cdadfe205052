//! The `elimination` and `final_match` parts of `event.json`: the double-elimination bracket's
//! games, and a team event's final between the two teams tied for first.

use serde::Serialize;

use crate::event::Event;
use crate::rules::bracket::{Decision, Part, SideReason};
use crate::rules::computed::SwissComputed;

#[derive(Serialize)]
pub(super) struct FinalJson<'a> {
    teams: [&'a str; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<[u32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    champion: Option<&'a str>,
}

#[derive(Serialize)]
pub(super) struct EliminationJson<'a> {
    size: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    champion: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    games: Vec<BracketGameJson<'a>>,
}

#[derive(Serialize)]
struct BracketGameJson<'a> {
    game: u32,
    round: u32,
    part: Part,
    players: [Option<&'a str>; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    dark: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    side_reason: Option<SideReason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision: Option<Decision>,
    #[serde(skip_serializing_if = "super::is_false")]
    needed: bool,
    #[serde(skip_serializing_if = "super::is_false")]
    ready: bool,
}

/// Team events: the final match between the two teams tied for first, when one is needed.
pub(super) fn final_json<'a>(event: &'a Event, swiss: &SwissComputed) -> Option<FinalJson<'a>> {
    let id = |p: usize| event.players[p].id.as_str();
    swiss.team_final.as_ref().map(|f| FinalJson {
        teams: [id(f.teams[0]), id(f.teams[1])],
        points: f.points,
        champion: f.champion.map(id),
    })
}

/// The double-elimination bracket.
pub(super) fn elimination_json<'a>(
    event: &'a Event,
    swiss: &SwissComputed,
) -> Option<EliminationJson<'a>> {
    let id = |p: usize| event.players[p].id.as_str();
    swiss.bracket.as_ref().map(|b| EliminationJson {
        size: b.size,
        champion: b.champion.map(id),
        games: b
            .games
            .iter()
            .map(|g| BracketGameJson {
                game: g.spec.number,
                round: g.spec.round,
                part: g.spec.part,
                players: [g.players[0].map(id), g.players[1].map(id)],
                dark: g.dark.map(id),
                side_reason: g.side_reason,
                winner: g.winner.map(id),
                decision: g.decision,
                needed: g.needed,
                ready: b.ready.contains(&g.spec.number),
            })
            .collect(),
    })
}
