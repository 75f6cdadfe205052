//! The pairing audit on the event page: the badge near the top, and the section it links to,
//! listing each round's verdict and its departures by table in plain words. The audit itself
//! is computed once per event with the rest of its results ([`crate::rules::audit`]).

use serde::Serialize;

use super::model::SiteView;
use crate::event::Event;
use crate::rules::audit::{Audit, RoundAudit, Status};

/// The audit as the event page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct AuditView {
    /// `identical`, `legal` or `broken`: the badge's colour.
    pub status: Status,
    /// The badge's words: "Pairings verified: every round as Holonet pairs it".
    pub badge: String,
    /// The documentation page saying how to check a round oneself.
    pub docs_url: String,
    pub rounds: Vec<AuditRoundView>,
}

/// One audited round.
#[derive(Debug, Clone, Serialize)]
pub struct AuditRoundView {
    /// "Round 3", "Game 2", "Elimination games".
    pub title: String,
    pub status: Status,
    /// "as Holonet pairs it", "departs within the rules", "breaks a rule".
    pub verdict: &'static str,
    pub departures: Vec<DepartureView>,
}

/// One departure, in words.
#[derive(Debug, Clone, Serialize)]
pub struct DepartureView {
    /// "Table 4", "Game 7", "Bye", "Seating".
    pub place: String,
    pub broken: bool,
    pub text: String,
}

/// The badge's words for an audit with rounds (`None` when nothing was audited), shared by
/// every place the verdict is said in a line.
pub fn badge_words(audit: &Audit) -> Option<String> {
    let summary = audit.summary()?;
    Some(match audit.status()? {
        Status::Identical => format!("Pairings verified: {summary}"),
        Status::Legal | Status::Broken => format!("Pairings checked: {summary}"),
    })
}

/// The audit's view, or `None` for an event with nothing to audit.
pub fn audit_view(site: &SiteView, event: &Event, audit: &Audit) -> Option<AuditView> {
    Some(AuditView {
        status: audit.status()?,
        badge: badge_words(audit)?,
        docs_url: site.link("docs/audit/"),
        rounds: audit.rounds.iter().map(|r| round_view(event, r)).collect(),
    })
}

fn round_view(event: &Event, round: &RoundAudit) -> AuditRoundView {
    let status = round.status();
    AuditRoundView {
        title: round.title(),
        status,
        verdict: match status {
            Status::Identical => "as Holonet pairs it",
            Status::Legal => "departs within the rules",
            Status::Broken => "breaks a rule",
        },
        departures: round
            .departures
            .iter()
            .map(|d| DepartureView {
                place: round.place(d),
                broken: d.broken,
                text: d.explain(|p| event.players[p].name.clone()),
            })
            .collect(),
    }
}
