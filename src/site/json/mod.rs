//! `event.json`: the machine-readable twin of each event page (format 4, documented in
//! `content/docs/event-json.md`). Keys are fixed and ordered; values are exact. A key whose value
//! is null, false or an empty list is left out (every struct here marks its fields so), and the
//! big per-table and per-player lists are rows of values under named `columns`: an archive of
//! thousands of events has to fit on a free static host, and those were most of the bytes.
//!
//! This module writes the file's frame: the event's facts, its players and teams, and the rows
//! of an event known only by its results. Each other part is written by the module named for
//! it: the Swiss rounds, the next round and the cut (`rounds`), the standings and final places
//! (`standings`), the bracket and the team final (`elimination`), SW:CCG's games (`ccg`),
//! leagues and challenges (`casual`) and the pairing audit (`audit`).

use serde::Serialize;

use crate::event::{Event, Kind};
use crate::rules::computed::{Computed, ComputedKind, Status, SwissComputed};

mod audit;
mod casual;
mod ccg;
mod elimination;
mod rounds;
mod standings;

use audit::AuditJson;
use casual::{ChallengeJson, LeagueJson};
use ccg::CcgJson;
use elimination::{EliminationJson, FinalJson};
use rounds::{CutJson, RoundJson};
use standings::{Placing, RoundStandingsJson};

/// The version of this file's layout.
pub(crate) const FORMAT: u32 = 4;

/// Whether a boolean key is left out: false is what its absence means.
fn is_false(value: &bool) -> bool {
    !value
}

/// A row of a table under named `columns`: its values in the columns' order, the trailing nulls
/// left out (a reader takes a missing value as null), so a row pays only for what it holds.
fn row(mut values: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    while values.last().is_some_and(serde_json::Value::is_null) {
        values.pop();
    }
    values
}

#[derive(Serialize)]
struct EventJson<'a> {
    format: u32,
    event: Info<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    players: Vec<PlayerJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rounds: Vec<RoundJson<'a>>,
    /// Standings after each finished round, oldest first: the last is the latest.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    standings_by_round: Vec<RoundStandingsJson<'a>>,
    /// The round published but not finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pending_round: Option<u32>,
    /// Final places, once known: the bracket's, or the Swiss standings' without a cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    placings: Option<Vec<Placing<'a>>>,
    /// The top cut, once the Swiss rounds are finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    cut: Option<CutJson<'a>>,
    /// The double-elimination bracket.
    #[serde(skip_serializing_if = "Option::is_none")]
    elimination: Option<EliminationJson<'a>>,
    /// Team events: each team's two players (the competitors in `players` are the teams).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    teams: Vec<TeamJson<'a>>,
    /// Team events: the final match between the two teams tied for first, when one is needed.
    #[serde(skip_serializing_if = "Option::is_none")]
    final_match: Option<FinalJson<'a>>,
    /// SW:CCG events: every game, the standings after each, the next game and the Final
    /// Confrontation (`rounds` and `standings_by_round` above stay empty).
    #[serde(skip_serializing_if = "Option::is_none")]
    ccg: Option<CcgJson<'a>>,
    /// Events known only by their results: the `[[standings]]` rows as recorded, in file order
    /// (empty for an event with rounds). `placings` repeats their ranks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    recorded_standings: Vec<RecordedJson<'a>>,
    /// Leagues: every game scored, the weeks and the standings.
    #[serde(skip_serializing_if = "Option::is_none")]
    league: Option<LeagueJson<'a>>,
    /// Challenge events: every session, each scenario's record and each player's sessions.
    #[serde(skip_serializing_if = "Option::is_none")]
    challenge: Option<ChallengeJson<'a>>,
    /// The penalty log (`[[penalties]]`), in file order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    penalties: Vec<PenaltyJson<'a>>,
    /// The pairing audit: each recorded round paired again and compared with the file (null
    /// when nothing is recorded that pairing decides).
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<AuditJson<'a>>,
}

#[derive(Serialize)]
struct Info<'a> {
    slug: &'a str,
    name: &'a str,
    date: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_date: Option<String>,
    /// The day the record stops, unfinished (the file's `stopped`).
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
    rules: &'a str,
    format: &'a str,
    structure: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tier: Option<&'a str>,
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    location: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    venue: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    organizer: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<&'a str>,
    round_minutes: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    swiss_rounds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cut: Option<u32>,
    /// Events known only by their results: the file's `field_size` (null when not given).
    #[serde(skip_serializing_if = "Option::is_none")]
    field_size: Option<u32>,
    status: Status,
    /// When the decklists are published, and whether they are now. This file never holds
    /// them; while they are held back, no other file of the site does either.
    decklists: DecklistsJson,
    /// When an editing command last wrote the file (RFC 3339), for pages that poll for news.
    #[serde(skip_serializing_if = "Option::is_none")]
    updated: Option<String>,
    /// When `holonet pair` last wrote a round or elimination games: the round timer's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    paired: Option<String>,
}

#[derive(Serialize)]
struct DecklistsJson {
    /// The file's `decklists`: `public`, `after-cut` or `after-event`.
    setting: &'static str,
    #[serde(skip_serializing_if = "is_false")]
    published: bool,
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    id: &'a str,
    name: &'a str,
    number: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    drop: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rejoin: Option<u32>,
    /// A late entry's first round (SW:CCG: game).
    #[serde(skip_serializing_if = "Option::is_none")]
    late: Option<u32>,
    #[serde(skip_serializing_if = "is_false")]
    disqualified: bool,
    /// Where the file records one (imported from the Tournament Assistant).
    #[serde(skip_serializing_if = "Option::is_none")]
    forum_handle: Option<&'a str>,
}

/// One penalty: the player's id, the round or elimination game it was given in, and the
/// infraction and penalty as the event file writes them.
#[derive(Serialize)]
struct PenaltyJson<'a> {
    player: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<u32>,
    infraction: &'static str,
    penalty: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

#[derive(Serialize)]
struct TeamJson<'a> {
    id: &'a str,
    players: [&'a str; 2],
}

#[derive(Serialize)]
struct RecordedJson<'a> {
    rank: u32,
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    victory_points: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    differential: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    losses: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draws: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u32>,
    /// `won` or `lost` for the final's two players.
    #[serde(skip_serializing_if = "Option::is_none")]
    final_result: Option<&'static str>,
}

/// Serializes an event and its computed facts.
pub fn event_json(event: &Event, computed: &Computed) -> String {
    // Events of the other kinds publish the Swiss fields empty.
    let no_swiss = SwissComputed::default();
    let swiss = computed.swiss().unwrap_or(&no_swiss);
    let id = |p: usize| event.players[p].id.as_str();
    let info = &event.info;
    let doc = EventJson {
        format: FORMAT,
        event: Info {
            slug: &event.slug,
            name: &info.name,
            date: info.date.iso(),
            end_date: info.end_date.map(|d| d.iso()),
            stopped: info.stopped.map(|d| d.iso()),
            rules: &info.rules,
            format: &info.format,
            structure: &info.structure,
            tier: info.tier.as_deref(),
            seed: info.seed,
            location: info.location.as_deref(),
            venue: info.venue.as_deref(),
            organizer: info.organizer.as_deref(),
            url: info.url.as_deref(),
            round_minutes: info
                .round_minutes
                .unwrap_or(computed.ruleset.round_minutes(&event.info.format).0),
            swiss_rounds: computed.swiss_rounds,
            cut: computed.cut,
            field_size: event.info.field_size,
            status: computed.status,
            decklists: DecklistsJson {
                setting: info.decklists.name(),
                published: computed.decklists_published,
            },
            updated: info.updated.map(|t| t.iso()),
            paired: info.paired.map(|t| t.iso()),
        },
        players: event
            .players
            .iter()
            .map(|p| PlayerJson {
                id: &p.id,
                name: &p.name,
                number: p.number,
                drop: p.drop,
                rejoin: p.rejoin,
                late: p.late,
                disqualified: p.disqualified,
                forum_handle: p.forum_handle.as_deref(),
            })
            .collect(),
        rounds: rounds::rounds_json(event, swiss),
        standings_by_round: swiss
            .standings
            .iter()
            .map(|s| standings::round_standings_json(computed.ruleset, event, s, swiss.venue_draw))
            .collect(),
        pending_round: event
            .rounds()
            .iter()
            .find(|r| !r.is_complete())
            .map(|r| r.number),
        placings: standings::placings_json(event, computed),
        cut: rounds::cut_json(event, computed, swiss),
        teams: event
            .members
            .iter()
            .enumerate()
            .map(|(i, pair)| TeamJson {
                id: id(i),
                players: [
                    event.people[pair[0]].id.as_str(),
                    event.people[pair[1]].id.as_str(),
                ],
            })
            .collect(),
        ccg: match (&event.kind, &computed.kind) {
            (Kind::Ccg(play), ComputedKind::Ccg(ccg)) => Some(ccg::ccg_json(event, play, ccg)),
            _ => None,
        },
        recorded_standings: match &event.kind {
            Kind::Recorded(rows) => &rows[..],
            _ => &[],
        }
        .iter()
        .map(|r| RecordedJson {
            rank: r.rank,
            id: id(r.player),
            points: r.points,
            victory_points: r.victory_points,
            differential: r.differential,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            note: r.note.as_deref(),
            seed: r.seed,
            final_result: r.final_result.map(|f| f.name()),
        })
        .collect(),
        league: computed.league().map(|l| casual::league_json(event, l)),
        challenge: match &computed.kind {
            ComputedKind::Challenge(challenge) => Some(casual::challenge_json(event, challenge)),
            _ => None,
        },
        penalties: match &event.kind {
            Kind::Swiss(play) => play
                .penalties
                .iter()
                .map(|p| PenaltyJson {
                    player: id(p.player),
                    round: p.given.round(),
                    game: p.given.elimination_game(),
                    infraction: p.infraction.id(),
                    penalty: p.penalty.id(),
                    note: p.note.as_deref(),
                })
                .collect(),
            _ => Vec::new(),
        },
        audit: audit::audit_json(event, &computed.audit),
        final_match: elimination::final_json(event, swiss),
        elimination: elimination::elimination_json(event, swiss),
    };
    // Plain structs with string keys: serialization cannot fail. Compact, not indented
    // (indentation would double the file): an archive's output has to fit in what a static host
    // accepts (GitHub Pages publishes at most 1 GB).
    let mut text = serde_json::to_string(&doc).expect("event.json serializes");
    text.push('\n');
    text
}
