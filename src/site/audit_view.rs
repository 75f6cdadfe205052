//! The pairing audit on the event page: its section, saying who paired the event and what
//! Holonet's check found, listing each round's verdict and its departures by table in plain words. The audit itself
//! is computed once per event with the rest of its results ([`crate::rules::audit`]).

use serde::Serialize;

use super::model::SiteView;
use super::names::NameLinks;
use crate::event::Event;
use crate::rules::verdict::{Audit, Departure, RoundAudit, Stage, Status};
use crate::rules::{CcgStandings, Ruleset};

/// The audit as the event page shows it, in its own section: a difference from Holonet's own
/// pairing is the organizer's business and the check's, not a verdict on the results, so the
/// page's header carries none of it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct AuditView {
    /// `identical`, `legal`, `undecided` or `broken`: the section's verdict colour.
    pub(crate) status: Status,
    /// Who paired the event: "Paired by the Players Committee's Tournament Assistant." or
    /// "Paired as the organizer published the pairings."
    pub(crate) paired_by: String,
    /// What Holonet's check found, in a sentence a player reads right: "Holonet's check paired
    /// every game again and found the same pairings." or "Holonet's check found 224 pairings
    /// other than its own, all permitted by the rules."
    pub(crate) finding: String,
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

/// What the check found, as a sentence (`None` when nothing was audited).
fn finding(audit: &Audit) -> Option<String> {
    let status = audit.status()?;
    let total = audit.departures().count();
    let broken = audit.departures().filter(|d| d.broken).count();
    let undecided = audit.departures().filter(|d| d.kind.is_undecided()).count();
    let unit = if audit.rounds.iter().any(|r| r.stage == Stage::Game) {
        "game"
    } else {
        "round"
    };
    let pairings = if total == 1 {
        "1 pairing other than its own".to_string()
    } else {
        format!("{total} pairings other than its own")
    };
    Some(match status {
        Status::Identical => {
            format!("Holonet's check paired every {unit} again and found the same pairings.")
        }
        Status::Legal => format!(
            "Holonet's check found {pairings}, {} permitted by the rules (another draw, or another order of players only chance separates).",
            if total == 1 { "one" } else { "all" }
        ),
        Status::Undecided => format!(
            "Holonet's check found {pairings}; it could not decide {undecided} of them, and the rest are permitted by the rules."
        ),
        Status::Broken => format!(
            "Holonet's check found {pairings}; {broken} {} a rule (marked below){}.",
            if broken == 1 { "breaks" } else { "break" },
            if total > broken {
                ", and the rest are permitted by the rules"
            } else {
                ""
            }
        ),
    })
}

/// Who made the pairings the file records.
fn paired_by(ruleset: &Ruleset) -> &'static str {
    match ruleset.ccg_standings {
        CcgStandings::TournamentAssistantSos | CcgStandings::TournamentAssistantMatchPlay => {
            "Paired by the Players Committee's Tournament Assistant, which pairs its own way."
        }
        CcgStandings::Guide => "Paired as the organizer published the pairings.",
    }
}

/// The audit's view, or `None` for an event with nothing to audit.
pub(crate) fn audit_view(
    site: &SiteView,
    names: &NameLinks,
    event: &Event,
    ruleset: &Ruleset,
    audit: &Audit,
) -> Option<AuditView> {
    Some(AuditView {
        status: audit.status()?,
        paired_by: paired_by(ruleset).to_string(),
        finding: finding(audit)?,
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
