//! The `audit` part of `event.json`: each recorded round paired again and compared with the
//! file, with every departure in words.

use serde::Serialize;

use crate::event::Event;
use crate::rules::verdict::{Audit, DepartureKind, Stage, Status as AuditStatus};

#[derive(Serialize)]
pub(super) struct AuditJson<'a> {
    /// The worst round's: `identical`, `legal` or `broken`.
    status: AuditStatus,
    /// The verdict in words, as the page's badge says it.
    summary: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rounds: Vec<AuditRoundJson<'a>>,
}

#[derive(Serialize)]
struct AuditRoundJson<'a> {
    /// `round`, `game`, `elimination`, `final_match` or `final_confrontation`.
    stage: Stage,
    /// The round or game number (null for the seeded stages).
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u32>,
    status: AuditStatus,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    departures: Vec<DepartureJson<'a>>,
}

#[derive(Serialize)]
struct DepartureJson<'a> {
    /// The recorded table (elimination, final: game) number; null for a bye or a missing player.
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    players: Vec<&'a str>,
    kind: DepartureKind,
    /// Whether it breaks a rule; otherwise it is a choice the rules allow.
    #[serde(skip_serializing_if = "super::is_false")]
    broken: bool,
    /// Who the rules give the place to: the player due the bye, or the finalists.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    instead: Vec<&'a str>,
    /// The departure in plain words, as the page says it.
    explanation: String,
}

pub(super) fn audit_json<'a>(event: &'a Event, audit: &Audit) -> Option<AuditJson<'a>> {
    let id = |p: usize| event.players[p].id.as_str();
    Some(AuditJson {
        status: audit.status()?,
        summary: audit.summary()?,
        rounds: audit
            .rounds
            .iter()
            .map(|r| AuditRoundJson {
                stage: r.stage,
                number: r.number,
                status: r.status(),
                departures: r
                    .departures
                    .iter()
                    .map(|d| DepartureJson {
                        table: d.table,
                        players: d.players.iter().map(|&p| id(p)).collect(),
                        kind: d.kind,
                        broken: d.broken,
                        instead: d.instead.iter().map(|&p| id(p)).collect(),
                        explanation: d.explain(|p| event.players[p].name.clone()),
                    })
                    .collect(),
            })
            .collect(),
    })
}
