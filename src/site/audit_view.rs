//! The pairing audit on the event page: the badge near the top, and the section it links to,
//! listing each round's verdict and its departures by table in plain words. The audit itself
//! is computed once per event with the rest of its results ([`crate::rules::audit`]).

use serde::Serialize;

use super::model::SiteView;
use super::names::NameLinks;
use crate::event::Event;
use crate::rules::verdict::{Audit, Departure, RoundAudit, Status};

/// The audit as the event page shows it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct AuditView {
    /// `identical`, `legal` or `broken`: the badge's colour.
    pub(crate) status: Status,
    /// The badge's words: "Pairings verified: every round as Holonet pairs it".
    pub(crate) badge: String,
    /// The documentation page saying how to check a round oneself.
    pub(crate) docs_url: String,
    pub(crate) rounds: Vec<AuditRoundView>,
}

/// One audited round.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct AuditRoundView {
    /// "Round 3", "Game 2", "Elimination games".
    pub(crate) title: String,
    pub(crate) status: Status,
    /// "as Holonet pairs it", "another draw the rules permit", "breaks a rule".
    pub(crate) verdict: &'static str,
    pub(crate) departures: Vec<DepartureView>,
}

/// One departure, in words.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DepartureView {
    /// "Table 4", "Game 7", "Bye", "Seating".
    pub(crate) place: String,
    pub(crate) broken: bool,
    /// The explanation, each player's name a link to their page.
    pub(crate) parts: Vec<Part>,
}

/// A run of an explanation: plain words, or a player's name with the link to their page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Part {
    pub(crate) text: String,
    pub(crate) url: Option<String>,
}

/// Marks a player's place in an explanation, to be cut out into a link: control characters
/// never appear in the rules' own words.
const MARK: char = '\u{1}';

/// [`Departure::explain`] with each name a link: the players are marked in the words, then
/// the words are cut at the marks.
fn parts(names: &NameLinks, event: &Event, d: &Departure) -> Vec<Part> {
    let text = d.explain(|p| format!("{MARK}{p}{MARK}"));
    text.split(MARK)
        .enumerate()
        .filter(|(_, run)| !run.is_empty())
        .map(|(i, run)| match run.parse::<usize>() {
            Ok(p) if i % 2 == 1 && p < event.players.len() => {
                let player = names.player(p);
                Part {
                    text: player.name,
                    url: Some(player.url),
                }
            }
            _ => Part {
                text: run.to_string(),
                url: None,
            },
        })
        .collect()
}

/// The badge's words for an audit with rounds (`None` when nothing was audited).
fn badge_words(audit: &Audit) -> Option<String> {
    let summary = audit.summary()?;
    Some(match audit.status()? {
        Status::Identical => format!("Pairings verified: {summary}"),
        Status::Legal | Status::Undecided | Status::Broken => {
            format!("Pairings checked: {summary}")
        }
    })
}

/// The audit's view, or `None` for an event with nothing to audit.
pub(crate) fn audit_view(
    site: &SiteView,
    names: &NameLinks,
    event: &Event,
    audit: &Audit,
) -> Option<AuditView> {
    Some(AuditView {
        status: audit.status()?,
        badge: badge_words(audit)?,
        docs_url: site.link("docs/audit/"),
        rounds: audit
            .rounds
            .iter()
            .map(|r| round_view(names, event, r))
            .collect(),
    })
}

fn round_view(names: &NameLinks, event: &Event, round: &RoundAudit) -> AuditRoundView {
    let status = round.status();
    AuditRoundView {
        title: round.title(),
        status,
        verdict: status.verdict(),
        departures: round
            .departures
            .iter()
            .map(|d| DepartureView {
                place: round.place(d),
                broken: d.broken,
                parts: parts(names, event, d),
            })
            .collect(),
    }
}
