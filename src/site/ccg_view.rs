//! Page model of a SW:CCG event: games with their allegiances and scores written `2(+15)`, the
//! standings after each game, the next game as the guide pairs it, and the Final Confrontation.

use serde::Serialize;

use super::addresses::game_path;
use super::model::{PlayerRef, RuleLink, SiteView};
use super::names::NameLinks;
use super::stage_view::Rule;
use crate::event::Event;
use crate::rules::CcgStandings;
use crate::rules::ccg_event::{CcgComputed, ScoredTable};
use crate::rules::ccg_replay::{AssistantBreak, TableReason};
use crate::rules::swccg::final_confrontation::FinalReason;
use crate::rules::swccg::pairing::PairReason;
use crate::rules::swccg::pc_sos::{Row, Separated, Sos};
use crate::rules::swccg::scoring::{ResultKind, TrueTieDecider};
use crate::rules::swccg::standings::Decider;

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgView {
    /// Draft and cube pods for the player count, as text.
    pub(crate) pods: Option<String>,
    /// Each game, linking its own page (see [`game_views`]).
    pub(crate) games: Vec<CcgGameLink>,
    pub(crate) standings: Option<CcgStandingsView>,
    pub(crate) final_confrontation: Option<CcgFinalView>,
}

/// A game as the event page lists it: its own page holds its tables and the standings after it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgGameLink {
    pub(crate) number: u32,
    pub(crate) url: String,
    pub(crate) finished: bool,
    pub(crate) tables: usize,
    /// Byes, make-up byes of late entries included.
    pub(crate) byes: usize,
}

/// A game's own page (`games/3/` under the event): its tables and scores, its byes, and the
/// standings after it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgGameView {
    pub(crate) number: u32,
    pub(crate) event_name: String,
    pub(crate) event_url: String,
    /// The rules page's section on the game's length and format.
    pub(crate) formats_url: String,
    pub(crate) steps: super::model::Steps,
    pub(crate) finished: bool,
    pub(crate) tables: Vec<CcgTableView>,
    pub(crate) byes: Vec<PlayerRef>,
    /// Late entries making up a missed game with a bye beside their table.
    pub(crate) makeup_byes: Vec<PlayerRef>,
    /// What a bye scores, as written: `2(+0)`, or `2` where the ruleset counts no differential.
    pub(crate) bye_score: String,
    /// The standings after the game, but for the latest finished game, whose standings are the
    /// event page's (`standings_on_event_page`): each table of standings is on one page.
    pub(crate) standings: Option<CcgStandingsView>,
    pub(crate) standings_on_event_page: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgTableView {
    pub(crate) number: u32,
    pub(crate) dark: PlayerRef,
    pub(crate) light: PlayerRef,
    /// `2(+15)` and `0(-15)`, dark then light; empty while not reported.
    pub(crate) dark_score: String,
    light_score: String,
    /// Which side won: `dark`, `light`, or empty.
    pub(crate) winner: &'static str,
    /// "full win", "modified win (time)", "true tie: fewer cards in the lost pile", "quit",
    /// with "; deck-check penalty" when one applied.
    pub(crate) how: String,
    pub(crate) rule: Option<RuleLink>,
    /// Why the two were paired (the guide's reason), or "as recorded, not the guide's pairing"
    /// with what the guide gives instead, where no outcome of the guide's procedure pairs them.
    pub(crate) reason: Option<RuleLink>,
}

impl CcgTableView {
    /// A table of `dark` and `light` with no result yet (numbered 0: the caller numbers it).
    pub(crate) fn unreported(names: &NameLinks<'_>, dark: usize, light: usize) -> CcgTableView {
        CcgTableView {
            number: 0,
            dark: names.player(dark),
            light: names.player(light),
            dark_score: String::new(),
            light_score: String::new(),
            winner: "",
            how: "not reported".to_string(),
            rule: None,
            reason: None,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgStandingsView {
    pub(crate) after_game: u32,
    pub(crate) rows: Vec<CcgRowView>,
    /// The Tournament Assistant's columns (`swccg-pc-sos`): which of them the version shows.
    pub(crate) sos: Option<SosColumns>,
}

/// The columns of the Tournament Assistant's standings that its version computes.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct SosColumns {
    pub(crate) adjusted: bool,
    pub(crate) tiebreaker: bool,
    pub(crate) opponents_sos: bool,
}

/// A row's Tournament Assistant values, written for the page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SosView {
    pub(crate) record: String,
    pub(crate) adjusted: Option<u32>,
    /// A whole number, or the first version's average to three decimals.
    pub(crate) sos: String,
    pub(crate) tiebreaker: Option<u32>,
    pub(crate) opponents_sos: Option<u32>,
    pub(crate) true_tie: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgRowView {
    /// `None` for a disqualified player, listed last.
    pub(crate) place: Option<usize>,
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page.
    pub(crate) url: String,
    /// `6(+28)`, or `6` where the standings count no differential.
    pub(crate) score: String,
    pub(crate) points: u32,
    pub(crate) differential: Option<i32>,
    pub(crate) decided_by: Option<RuleLink>,
    pub(crate) sos: Option<SosView>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct CcgFinalView {
    pub(crate) finalists: [PlayerRef; 2],
    pub(crate) games: Vec<CcgTableView>,
    pub(crate) winner: Option<PlayerRef>,
    pub(crate) reason: Option<RuleLink>,
    pub(crate) rule: RuleLink,
}

/// How a chance outcome the event file records reads on the pages.
pub(crate) const VENUE_COIN: &str = "coin toss at the venue";
/// How a chance outcome Holonet drew reads on the pages.
pub(crate) const SEEDED: &str = "drawn by Holonet from the event's seed";

/// How a game ended, in words: "full win", "modified win (time)", "true tie: ...", "quit".
pub(super) fn result_how(kind: ResultKind, true_tie: Option<TrueTieDecider>) -> String {
    match kind {
        ResultKind::FullWin => "full win".to_string(),
        ResultKind::ModifiedWin => "modified win (time)".to_string(),
        ResultKind::TrueTie => format!(
            "true tie: {}",
            match true_tie {
                Some(TrueTieDecider::LostPile) => "fewer cards in the lost pile",
                Some(TrueTieDecider::Hand) => "fewer cards in hand",
                Some(TrueTieDecider::VenueCoin) => VENUE_COIN,
                _ => SEEDED,
            }
        ),
        ResultKind::Quit => "quit".to_string(),
    }
}

/// The anchor of the guide's rule for a kind of result on the reference page.
pub(super) fn result_anchor(kind: ResultKind) -> &'static str {
    match kind {
        ResultKind::FullWin => "scoring",
        ResultKind::ModifiedWin | ResultKind::TrueTie => "timed-games",
        ResultKind::Quit => "quits",
    }
}

pub(crate) fn table_view(names: &NameLinks<'_>, t: &ScoredTable, rule: Rule<'_>) -> CcgTableView {
    let mut how = result_how(t.kind, t.true_tie);
    if t.penalty {
        how.push_str("; deck-check penalty");
    }
    let anchor = result_anchor(t.kind);
    CcgTableView {
        number: t.table,
        dark: names.player(t.dark),
        light: names.player(t.light),
        dark_score: t.score_text(0),
        light_score: t.score_text(1),
        winner: if t.winner == t.dark { "dark" } else { "light" },
        how,
        rule: Some(rule(
            if t.penalty { "deck-checks" } else { anchor },
            "scoring",
        )),
        reason: None,
    }
}

fn standings_view(
    event: &Event,
    names: &NameLinks<'_>,
    rows: &[crate::rules::swccg::standings::RankedRow],
    after_game: u32,
    rule: Rule<'_>,
) -> CcgStandingsView {
    let first = rows.iter().find_map(|r| r.pc_sos.as_ref());
    CcgStandingsView {
        after_game,
        sos: first.map(|r| SosColumns {
            adjusted: r.adjusted.is_some(),
            tiebreaker: r.tiebreaker.is_some(),
            opponents_sos: r.opponents_sos.is_some(),
        }),
        rows: rows
            .iter()
            .map(|r| CcgRowView {
                place: r.place,
                id: event.players[r.player].id.clone(),
                name: event.players[r.player].name.clone(),
                url: names.competitor(&event.players[r.player].id),
                score: r.score_text(),
                points: r.score.points,
                differential: r.differential(),
                sos: r.pc_sos.as_ref().map(sos_view),
                decided_by: r.pc_sos.as_ref().map_or_else(
                    || guide_decider(r.decided_by, rule),
                    |s| sos_decider(s, rule),
                ),
            })
            .collect(),
    }
}

/// A Tournament Assistant row's values for the page.
fn sos_view(r: &Row) -> SosView {
    SosView {
        record: format!("{}–{}", r.wins, r.losses),
        adjusted: r.adjusted,
        sos: match r.sos {
            Sos::Average(a) => a.map_or_else(String::new, |a| a.decimal(3)),
            Sos::Sum(s) => s.to_string(),
        },
        tiebreaker: r.tiebreaker,
        opponents_sos: r.opponents_sos,
        true_tie: r.true_tie,
    }
}

/// What separated a Tournament Assistant row from its group, linked to the rules page.
fn sos_decider(r: &Row, rule: Rule<'_>) -> Option<RuleLink> {
    Some(match r.separated? {
        Separated::Tiebreaker => rule("version-3", "weakest opponents dropped"),
        Separated::OpponentsSos => rule("version-4", "opponents' strength of schedule"),
        Separated::HeadToHead { .. } => rule("version-3", "head to head"),
    })
}

/// What separated a row from the row above under the guide, linked to its rule.
fn guide_decider(decided_by: Option<Decider>, rule: Rule<'_>) -> Option<RuleLink> {
    decided_by.and_then(|d| match d {
        Decider::Points | Decider::Differential => None,
        Decider::TiebreakerGame => Some(rule("tiebreakers", "tiebreaker game")),
        Decider::HeadToHead => Some(rule("tiebreakers", "head to head")),
        Decider::HighestDifferential => {
            Some(rule("tiebreakers", "highest single-game differential"))
        }
        Decider::StrengthOfSchedule { .. } => Some(rule("tiebreakers", "strength of schedule")),
        Decider::Random => Some(rule("tiebreakers", &format!("random: {SEEDED}"))),
        Decider::DrawnAtVenue => Some(rule("tiebreakers", "random: drawn at the venue")),
    })
}

/// Why a recorded table departs from the guide, in words: what the guide's procedure gives the
/// player concerned instead. `None` for a table the guide gives.
pub(super) fn departure(event: &Event, reason: TableReason) -> Option<String> {
    let name = |p: usize| event.players[p].name.as_str();
    match reason {
        TableReason::Guide(_) => None,
        TableReason::Undecided => Some(crate::rules::verdict::UNDECIDED.to_string()),
        TableReason::AssistantUndecided => Some(crate::rules::verdict::NOT_REPLAYED.to_string()),
        TableReason::NotTheAssistant { player, why } => Some(match why {
            AssistantBreak::Allegiance => format!(
                "the Tournament Assistant switches {}'s allegiance in a round's second game",
                name(player)
            ),
            AssistantBreak::Pairing => {
                "the Tournament Assistant's piles pair other scores in this game".to_string()
            }
            AssistantBreak::Repeat => format!(
                "{} had met this opponent with these allegiances; the Tournament Assistant swaps them",
                name(player)
            ),
        }),
        TableReason::Departure {
            instead: Some(t), ..
        } => Some(format!(
            "the guide pairs {} (dark) with {} (light)",
            name(t.dark),
            name(t.light)
        )),
        TableReason::Departure {
            player,
            instead: None,
        } => Some(format!("the guide gives {} the bye", name(player))),
    }
}

fn reason_link(reason: PairReason, rule: Rule<'_>) -> RuleLink {
    let label = match reason {
        PairReason::Random => "random (game 1)",
        PairReason::Piles => "allegiance piles",
        PairReason::Standings => "standings",
        PairReason::RematchStands => "repeat with opposite allegiances: stands",
        PairReason::AllegiancesSwapped => "allegiances swapped to avoid a repeat",
        PairReason::RankingSwitched => "ranking switched to avoid a repeat",
        PairReason::RematchModified => "moved to avoid a repeat",
        PairReason::RematchLeft => "repeat left: no other opponent",
        PairReason::SamePile => "same pile (uneven piles)",
    };
    rule("pairing", label)
}

/// The event page's part of a SW:CCG event: the games as links to their pages, the latest
/// standings and the Final Confrontation.
pub(crate) fn ccg_view(
    site: &SiteView,
    event: &Event,
    names: &NameLinks<'_>,
    ccg: &CcgComputed,
    rule: Rule<'_>,
) -> CcgView {
    let games = event
        .ccg_games()
        .iter()
        .enumerate()
        .map(|(i, g)| CcgGameLink {
            number: g.number,
            url: site.link(&game_path(event, g.number)),
            finished: i < ccg.games().len(),
            tables: g.tables.len(),
            byes: g.byes.len() + g.makeup_byes.len(),
        })
        .collect();
    CcgView {
        pods: crate::rules::ccg_format::pods(
            &event.info,
            crate::rules::compute::entrants(&event.players),
        ),
        games,
        standings: ccg
            .standings
            .last()
            .map(|rows| standings_view(event, names, rows, ccg.standings.len() as u32, rule)),
        final_confrontation: final_view(names, ccg, rule),
    }
}

/// Each game of a SW:CCG event, for its own page (see [`game_path`]): the event page only lists
/// them, since every game's tables and standings there made a big event's page several times
/// the size of any other.
pub(crate) fn game_views(
    site: &SiteView,
    event: &Event,
    names: &NameLinks<'_>,
    ccg: &CcgComputed,
    ranking: CcgStandings,
    rule: Rule<'_>,
) -> Vec<CcgGameView> {
    let bye = crate::rules::swccg::scoring::BYE;
    let bye_score = match ranking {
        CcgStandings::Guide | CcgStandings::TournamentAssistantMatchPlay => bye.to_string(),
        CcgStandings::TournamentAssistantSos => bye.points.to_string(),
    };
    let event_url = site.link(&super::addresses::event_path(event));
    let latest = ccg.standings.len();
    let mut games: Vec<CcgGameView> = event
        .ccg_games()
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let scored = ccg.reported.get(i);
            let tables = g
                .tables
                .iter()
                .map(
                    |t| match scored.and_then(|s| s.iter().find(|x| x.table == t.number)) {
                        Some(s) => table_view(names, s, rule),
                        None => CcgTableView {
                            number: t.number,
                            ..CcgTableView::unreported(names, t.dark, t.light)
                        },
                    },
                )
                .zip(
                    ccg.reasons
                        .get(i)
                        .map_or(&[][..], |r| &r[..])
                        .iter()
                        .chain(std::iter::repeat(&None)),
                )
                .map(|(mut view, reason)| {
                    view.reason = reason.map(|r| match r {
                        TableReason::Guide(r) => reason_link(r, rule),
                        TableReason::Departure { .. } => rule(
                            "pairing",
                            &format!(
                                "as recorded, not the guide's pairing: {}",
                                departure(event, r).unwrap_or_default()
                            ),
                        ),
                        TableReason::NotTheAssistant { .. } => rule(
                            "pairing",
                            &format!(
                                "as recorded, not the Tournament Assistant's pairing: {}",
                                departure(event, r).unwrap_or_default()
                            ),
                        ),
                        TableReason::Undecided | TableReason::AssistantUndecided => rule(
                            "pairing",
                            &format!("as recorded; {}", departure(event, r).unwrap_or_default()),
                        ),
                    });
                    view
                })
                .collect();
            CcgGameView {
                number: g.number,
                event_name: event.info.name.clone(),
                event_url: event_url.clone(),
                formats_url: rule("formats", "").url,
                steps: super::model::Steps::default(),
                finished: i < ccg.games().len(),
                tables,
                byes: g.byes.iter().map(|&p| names.player(p)).collect(),
                makeup_byes: g.makeup_byes.iter().map(|&p| names.player(p)).collect(),
                bye_score: bye_score.clone(),
                standings: ccg
                    .standings
                    .get(i)
                    .filter(|_| i + 1 < latest)
                    .map(|rows| standings_view(event, names, rows, g.number, rule)),
                standings_on_event_page: i + 1 == latest,
            }
        })
        .collect();
    super::model::link_steps(
        &mut games,
        |g| super::model::StepLink {
            href: site.link(&game_path(event, g.number)),
            number: g.number,
        },
        |g| &mut g.steps,
    );
    games
}

/// The Final Confrontation, once its finalists are known.
fn final_view(names: &NameLinks<'_>, ccg: &CcgComputed, rule: Rule<'_>) -> Option<CcgFinalView> {
    ccg.final_confrontation.as_ref().map(|f| CcgFinalView {
        finalists: [names.player(f.finalists[0]), names.player(f.finalists[1])],
        games: f.games.iter().map(|t| table_view(names, t, rule)).collect(),
        winner: f.outcome.as_ref().map(|o| names.player(o.winner)),
        reason: f.outcome.as_ref().map(|o| {
            let label = match o.reason {
                FinalReason::Games => "more games won".to_string(),
                FinalReason::VictoryPoints => "games split: more victory points".to_string(),
                FinalReason::Differential => "games split: higher differential".to_string(),
                FinalReason::HighestWinDifferential => {
                    "highest winning differential of the event".to_string()
                }
                FinalReason::Random => format!("level on every tiebreaker: {SEEDED}"),
                FinalReason::VenueCoin => format!("level on every tiebreaker: {VENUE_COIN}"),
                FinalReason::Waived => "the second seed waived the Final Confrontation".to_string(),
            };
            rule("final-confrontation", &label)
        }),
        rule: rule("final-confrontation", "Final Confrontation"),
    })
}
