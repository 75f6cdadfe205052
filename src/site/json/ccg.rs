//! The `ccg` part of `event.json` (SW:CCG events): every game's tables with the guide's reason
//! for each pairing, the standings after each game, the next game and the Final Confrontation.

use serde::Serialize;

use crate::event::{CcgPlay, Event};
use crate::rules::ccg_replay::TableReason;

#[derive(Serialize)]
pub(super) struct CcgJson<'a> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    games: Vec<CcgGameJson<'a>>,
    /// Standings after each finished game, oldest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    standings_by_game: Vec<Vec<CcgRowJson<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_game: Option<CcgNextJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    final_confrontation: Option<CcgFinalJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    top_cut: Option<TopCutJson<'a>>,
}

/// The top cut of two-game matches.
#[derive(Serialize)]
struct TopCutJson<'a> {
    /// First seed first.
    seeds: Vec<&'a str>,
    /// `venue` (as `[top_cut] seeds` records them) or `standings` (the final Swiss standings).
    seeded_by: &'static str,
    /// Every match known so far, by number.
    matches: Vec<TopCutMatchJson<'a>>,
}

#[derive(Serialize)]
struct TopCutMatchJson<'a> {
    number: u32,
    /// 1 for the first bracket round.
    round: usize,
    /// The upper player first.
    players: [&'a str; 2],
    games: Vec<CcgTableJson<'a>>,
    winner: Option<&'a str>,
    /// `both_games`, `differential` or `lost_cards`; null until decided.
    decided_by: Option<crate::rules::swccg::pc_match_play::MatchDecided>,
}

#[derive(Serialize)]
struct CcgGameJson<'a> {
    number: u32,
    #[serde(skip_serializing_if = "super::is_false")]
    finished: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tables: Vec<CcgTableJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    byes: Vec<&'a str>,
    /// Late entries' byes beside their table, making up a missed game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    makeup_byes: Vec<&'a str>,
}

#[derive(Serialize)]
struct CcgTableJson<'a> {
    table: u32,
    dark: &'a str,
    light: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    /// `full_win`, `modified_win`, `true_tie`, `quit` (the scored outcome, after any deck-check
    /// penalty); null while pending.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<crate::rules::swccg::scoring::ResultKind>,
    /// With `result = "true_tie"`: what decided it, `lost_pile`, `hand`, `venue_coin` (the coin
    /// tossed at the venue, as recorded) or `random` (drawn by Holonet from the event's seed).
    #[serde(skip_serializing_if = "Option::is_none")]
    true_tie: Option<crate::rules::swccg::scoring::TrueTieDecider>,
    /// Scores written `2(+15)`: dark, light.
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<[String; 2]>,
    #[serde(skip_serializing_if = "super::is_false")]
    penalty: bool,
    /// The guide's reason for the pairing, `departure`, or `undecided` (the search stopped at
    /// its bound); null in the Final Confrontation.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<TableReasonJson>,
    /// With `reason = "departure"`: what the guide's procedure gives instead, in words; with
    /// `undecided`, the audit's words for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    departure: Option<String>,
}

/// A recorded table's reason: the guide's, or `"departure"`.
#[derive(Serialize)]
#[serde(untagged)]
enum TableReasonJson {
    Guide(crate::rules::swccg::pairing::PairReason),
    Departure(&'static str),
}

#[derive(Serialize)]
struct CcgRowJson<'a> {
    /// Null for a disqualified player, listed last.
    #[serde(skip_serializing_if = "Option::is_none")]
    rank: Option<usize>,
    id: &'a str,
    score: String,
    victory_points: u32,
    /// Absent where the standings count no differential (`swccg-pc-sos`).
    #[serde(skip_serializing_if = "Option::is_none")]
    differential: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    highest_differential: Option<i32>,
    /// The Tournament Assistant's values (`swccg-pc-sos`), absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    sos: Option<PcSosJson>,
    /// [`crate::rules::swccg::standings::Decider::short`].
    #[serde(skip_serializing_if = "Option::is_none")]
    decided_by: Option<&'static str>,
    /// With `decided_by = "sos"`: the lowest entries dropped.
    #[serde(skip_serializing_if = "Option::is_none")]
    sos_dropped: Option<u32>,
}

/// A `swccg-pc-sos` row's values, as the rules page names them.
#[derive(Serialize)]
struct PcSosJson {
    wins: u32,
    losses: u32,
    /// From the program's second version on.
    #[serde(skip_serializing_if = "Option::is_none")]
    adjusted_points: Option<u32>,
    /// A whole number, or in the first version an exact fraction (`"3/2"`); null for a
    /// player who met no listed opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    strength_of_schedule: Option<String>,
    /// From the third version on.
    #[serde(skip_serializing_if = "Option::is_none")]
    tiebreaker: Option<u32>,
    /// `tiebreaker`, `opponents_sos` or `head_to_head`, where one separated the player.
    #[serde(skip_serializing_if = "Option::is_none")]
    separated_by: Option<&'static str>,
    /// Fourth version.
    #[serde(skip_serializing_if = "Option::is_none")]
    opponents_sos: Option<u32>,
    #[serde(skip_serializing_if = "super::is_false")]
    true_tie: bool,
}

impl From<&crate::rules::swccg::pc_sos::Row> for PcSosJson {
    fn from(r: &crate::rules::swccg::pc_sos::Row) -> PcSosJson {
        use crate::rules::swccg::pc_sos::{Separated, Sos};
        PcSosJson {
            wins: r.wins,
            losses: r.losses,
            adjusted_points: r.adjusted,
            strength_of_schedule: match r.sos {
                Sos::Average(a) => a.map(|a| a.to_string()),
                Sos::Sum(s) => Some(s.to_string()),
            },
            tiebreaker: r.tiebreaker,
            separated_by: r.separated.map(|s| match s {
                Separated::Tiebreaker => "tiebreaker",
                Separated::OpponentsSos => "opponents_sos",
                Separated::HeadToHead { .. } => "head_to_head",
            }),
            opponents_sos: r.opponents_sos,
            true_tie: r.true_tie,
        }
    }
}

#[derive(Serialize)]
struct CcgNextJson<'a> {
    number: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tables: Vec<CcgPairJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    byes: Vec<&'a str>,
}

#[derive(Serialize)]
struct CcgPairJson<'a> {
    dark: &'a str,
    light: &'a str,
    reason: crate::rules::swccg::pairing::PairReason,
}

#[derive(Serialize)]
struct CcgFinalJson<'a> {
    finalists: [&'a str; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    games: Vec<CcgTableJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'a str>,
    /// What decided the winner: `games`, `victory_points`, `differential`,
    /// `highest_win_differential`, `venue_coin` (the coin tossed at the venue, as recorded),
    /// `random` (drawn by Holonet from the event's seed) or `waived`; null until decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    decided_by: Option<crate::rules::swccg::final_confrontation::FinalReason>,
    /// The second seed waived the final; the higher seed won.
    #[serde(skip_serializing_if = "super::is_false")]
    waived: bool,
    /// Finalists whose decks did not match their lists, replaced by the next highest players.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    replaced: Vec<&'a str>,
}

fn ccg_table_json<'a>(
    event: &'a Event,
    table: u32,
    dark: usize,
    light: usize,
    scored: Option<&crate::rules::ccg_event::ScoredTable>,
) -> CcgTableJson<'a> {
    let id = |p: usize| event.players[p].id.as_str();
    CcgTableJson {
        table,
        dark: id(dark),
        light: id(light),
        winner: scored.map(|s| id(s.winner)),
        result: scored.map(|s| s.kind),
        true_tie: scored.and_then(|s| s.true_tie),
        scores: scored.map(|s| [s.score_text(0), s.score_text(1)]),
        penalty: scored.is_some_and(|s| s.penalty),
        reason: None,
        departure: None,
    }
}

pub(super) fn ccg_json<'a>(
    event: &'a Event,
    play: &CcgPlay,
    ccg: &crate::rules::ccg_event::CcgComputed,
) -> CcgJson<'a> {
    let id = |p: usize| event.players[p].id.as_str();
    CcgJson {
        games: play
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| CcgGameJson {
                number: g.number,
                finished: ccg.finished > i,
                tables: g
                    .tables
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        let scored = ccg
                            .reported
                            .get(i)
                            .and_then(|s| s.iter().find(|x| x.table == t.number));
                        let reason = ccg.reasons.get(i).and_then(|r| r.get(k)).copied().flatten();
                        CcgTableJson {
                            reason: reason.map(|r| match r {
                                TableReason::Guide(r) => TableReasonJson::Guide(r),
                                TableReason::Departure { .. } => {
                                    TableReasonJson::Departure("departure")
                                }
                                TableReason::NotTheAssistant { .. } => {
                                    TableReasonJson::Departure("departure")
                                }
                                TableReason::Undecided | TableReason::AssistantUndecided => {
                                    TableReasonJson::Departure("undecided")
                                }
                            }),
                            departure: reason
                                .and_then(|r| crate::site::ccg_view::departure(event, r)),
                            ..ccg_table_json(event, t.number, t.dark, t.light, scored)
                        }
                    })
                    .collect(),
                byes: g.byes.iter().map(|&p| id(p)).collect(),
                makeup_byes: g.makeup_byes.iter().map(|&p| id(p)).collect(),
            })
            .collect(),
        standings_by_game: ccg
            .standings
            .iter()
            .map(|rows| {
                rows.iter()
                    .map(|r| CcgRowJson {
                        rank: r.place,
                        id: id(r.player),
                        score: r.score_text(),
                        victory_points: r.score.points,
                        differential: r.differential(),
                        sos: r.pc_sos.as_ref().map(PcSosJson::from),
                        highest_differential: r.highest_differential,
                        decided_by: r.decided_by.map(|d| d.short()),
                        sos_dropped: r.decided_by.and_then(|d| d.sos_dropped()),
                    })
                    .collect()
            })
            .collect(),
        next_game: ccg.next.as_ref().map(|(number, paired)| CcgNextJson {
            number: *number,
            tables: paired
                .tables
                .iter()
                .map(|t| CcgPairJson {
                    dark: id(t.dark),
                    light: id(t.light),
                    reason: t.reason,
                })
                .collect(),
            byes: paired.byes.iter().map(|b| id(b.player)).collect(),
        }),
        final_confrontation: ccg.final_confrontation.as_ref().map(|f| CcgFinalJson {
            finalists: [id(f.finalists[0]), id(f.finalists[1])],
            games: f
                .games
                .iter()
                .map(|s| ccg_table_json(event, s.table, s.dark, s.light, Some(s)))
                .collect(),
            winner: f.outcome.as_ref().map(|o| id(o.winner)),
            decided_by: f.outcome.as_ref().map(|o| o.reason),
            waived: play.final_waived,
            replaced: play.final_replaced.iter().map(|&p| id(p)).collect(),
        }),
        top_cut: ccg.top_cut.as_ref().map(|t| {
            let recorded = event.ccg_top_cut_games();
            TopCutJson {
                seeds: t.seeds.iter().map(|&p| id(p)).collect(),
                seeded_by: if t.venue_seeds { "venue" } else { "standings" },
                matches: t
                    .bracket
                    .rounds
                    .iter()
                    .enumerate()
                    .flat_map(|(r, matches)| matches.iter().map(move |m| (r, m)))
                    .map(|(r, m)| TopCutMatchJson {
                        number: m.number,
                        round: r + 1,
                        players: [id(m.players[0]), id(m.players[1])],
                        games: m
                            .games
                            .iter()
                            .enumerate()
                            .map(|(n, &g)| {
                                let game = &recorded[g];
                                ccg_table_json(
                                    event,
                                    n as u32 + 1,
                                    game.dark,
                                    game.light,
                                    t.scored[g].as_ref(),
                                )
                            })
                            .collect(),
                        winner: m.outcome.map(|(w, _)| id(w)),
                        decided_by: m.outcome.map(|(_, how)| how),
                    })
                    .collect(),
            }
        }),
    }
}
