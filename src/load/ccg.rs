//! Validation of SW:CCG games: each `[[rounds]]` entry is one game, each table one dark side
//! player against one light side player.

use std::collections::BTreeMap;

use super::raw::{RawCcgTable, RawEvent, RawFinal, RawLostCards, RawTable};
use super::validate::common::{in_range, resolve};
use crate::diag::Code;
use crate::event::Side;
use crate::event::{CcgResult, CcgRound, CcgTable, EventInfo, Player};
use crate::rules::CcgStandings;
use crate::rules::swccg::formats::{Format, Tier, minimum_warnings};
use crate::rules::swccg::scoring::{
    DECK_CHECK_FAILURES_TO_DISQUALIFY, TrueTieDecider, true_tie_counts,
};
use crate::toml_reader::{Reader, Sp};

/// What checking one game's make-up byes needs to know.
struct MakeupContext<'a> {
    ids: &'a BTreeMap<String, usize>,
    players: &'a [Player],
    /// The game.
    number: u32,
    /// The players with a table or the bye in this game.
    seated: &'a BTreeMap<usize, u32>,
    /// The games before it.
    earlier: &'a [CcgRound],
    /// A bracket of matches (`swccg-pc-match-play`), where no game is made up.
    bracket: bool,
}

/// Reads a game's `makeup_byes`: late entries given a bye beside their own table in this game,
/// to make up a game they missed, as the Tournament Assistant let an organizer do (it saves the
/// bye as a second game of that game number). A player makes up at most the games they missed
/// (`late` - 1), each once. `None` when an id names nobody.
fn validate_makeup_byes(
    reader: &mut Reader<'_>,
    written: &[Sp<String>],
    cx: MakeupContext<'_>,
) -> Option<Vec<usize>> {
    let mut makeup = Vec::new();
    let mut unresolved = false;
    for id in written {
        let Some(p) = resolve(reader, cx.ids, id, "in `makeup_byes`") else {
            unresolved = true;
            continue;
        };
        let player = &cx.players[p];
        let made_up_before = cx
            .earlier
            .iter()
            .filter(|g| g.makeup_byes.contains(&p))
            .count();
        let missed = player
            .late
            .map_or(0, |late| late.saturating_sub(1) as usize);
        let problem = if cx.bracket {
            Some((
                "a bracket makes up no game: `makeup_byes` is for the Swiss games".to_string(),
                "remove `makeup_byes` from this game".to_string(),
            ))
        } else if makeup.contains(&p) {
            Some((
                format!("{} has two make-up byes in game {}", player.name, cx.number),
                "a game makes up one missed game: give the next in a later game".to_string(),
            ))
        } else if player.late.is_none() {
            Some((
                format!(
                    "{} is no late entry: they missed no game to make up",
                    player.name
                ),
                format!(
                    "give `late` in their `[[players]]` entry (the first game they played), or remove `{}` from `makeup_byes`",
                    player.id
                ),
            ))
        } else if made_up_before >= missed {
            Some((
                format!(
                    "{} missed {missed} game{} as a late entry, and every one is made up already",
                    player.name,
                    if missed == 1 { "" } else { "s" }
                ),
                format!("remove `{}` from `makeup_byes`", player.id),
            ))
        } else if !cx.seated.contains_key(&p) {
            Some((
                format!(
                    "{} has a make-up bye but no table and no bye in game {}",
                    player.name, cx.number
                ),
                "a make-up bye comes beside the player's own table (or bye) of the game"
                    .to_string(),
            ))
        } else {
            None
        };
        match problem {
            Some((message, help)) => {
                reader.error(Code::Conflict, id.span.clone(), message).help = Some(help);
            }
            None => makeup.push(p),
        }
    }
    (!unresolved).then_some(makeup)
}

/// Reads a game's `lost_cards`: the cards each side lost over it, which decide a bracket's
/// match level on differential (`swccg-pc-match-play`, as the Tournament Assistant saved
/// them). Only for a game with a result in a bracket; elsewhere nothing reads them.
fn validate_lost_cards(
    reader: &mut Reader<'_>,
    (span, written): &RawLostCards,
    has_result: bool,
    bracket: bool,
) -> Option<[u32; 2]> {
    let problem = if !bracket {
        Some((
            "`lost_cards` decide a bracket's match level on differential, and this event has no bracket",
            "remove `lost_cards`: the guide's standings and the SOS standings never read them",
        ))
    } else if !has_result {
        Some((
            "`lost_cards` belong to a game with its result",
            "record the game's `winner` and `differential` too, or remove `lost_cards`",
        ))
    } else {
        None
    };
    if let Some((message, help)) = problem {
        reader.error(Code::InvalidValue, span.clone(), message).help = Some(help.into());
        return None;
    }
    let [dark, light] = written
        .clone()
        .map(|n| in_range(reader, &n, "a count of lost cards", 0, MAX_LOST_CARDS));
    Some([dark?, light?])
}

/// The most cards a side can have lost in one game: far above any deck a format allows.
const MAX_LOST_CARDS: i64 = 1000;

/// Reads and checks every game of a SW:CCG event. Returns the games, and the players
/// disqualified by a second deck-check failure ("The penalty for a second violation is
/// tournament disqualification") with the game of that failure; seating such a player in a
/// later game is an error. `ranking`, the ruleset's way of ranking games, says whether a win
/// without a differential is an error (the standings use it) or a win with none recorded, and
/// whether a game may be recorded while an earlier one has unreported tables (a bracket's
/// matches run apart).
pub(crate) fn validate_games(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    players: &[Player],
    ranking: CcgStandings,
) -> (Vec<CcgRound>, BTreeMap<usize, u32>) {
    let differential_required = ranking != CcgStandings::TournamentAssistantSos;
    let matches_run_apart = ranking == CcgStandings::TournamentAssistantMatchPlay;
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut games = Vec::new();
    let mut quit_in: BTreeMap<usize, u32> = BTreeMap::new();
    // Deck-check failures so far, and the game of the failure that disqualified the player.
    let mut failures: BTreeMap<usize, u32> = BTreeMap::new();
    let mut disqualified_in: BTreeMap<usize, u32> = BTreeMap::new();
    let mut refused: Vec<(u32, u32)> = Vec::new();
    for (g, raw_round) in raw.rounds.iter().enumerate() {
        let number = g as u32 + 1;
        let mut seated: BTreeMap<usize, u32> = BTreeMap::new();
        let mut tables = Vec::new();
        let mut unresolved = false;
        for (position, t) in raw_round.tables.iter().enumerate() {
            let Some(ccg) = &t.ccg else {
                unresolved = true;
                reader.error(Code::InvalidValue, t.span.clone(), "a swccg-2008 table names its `dark` and `light` players").help =
                    Some("write the table as `{ table = 1, dark = \"tom\", light = \"nick\", winner = \"tom\", differential = 15 }`".into());
                continue;
            };
            let table_number = match &t.table {
                Some(n) => in_range(reader, &Some(n.clone()), "`table`", 1, 100_000).unwrap_or(0),
                None => position as u32 + 1,
            };
            let side = |reader: &mut Reader<'_>, id: &Option<Sp<String>>, what: &str| {
                id.as_ref().and_then(|i| resolve(reader, &ids, i, what))
            };
            let (Some(dark), Some(light)) = (
                side(reader, &ccg.dark, "as `dark`"),
                side(reader, &ccg.light, "as `light`"),
            ) else {
                unresolved = true;
                continue;
            };
            if dark == light {
                reader
                    .error(
                        Code::Conflict,
                        t.span.clone(),
                        "a player cannot play themselves",
                    )
                    .help = Some("name two different players".into());
                continue;
            }
            for (p, sp) in [(dark, &ccg.dark), (light, &ccg.light)] {
                let span = sp.as_ref().map_or(t.span.clone(), |s| s.span.clone());
                if let Some(other) = seated.insert(p, table_number) {
                    reader.error(Code::Conflict, span.clone(), format!("{} is at table {other} and at table {table_number} in game {number}", players[p].name)).help =
                        Some("a player has one table (or the bye) per game".into());
                }
                if let Some(d) = disqualified_in.get(&p) {
                    reader
                        .error(
                            Code::Conflict,
                            span,
                            format!(
                                "{} was disqualified in game {d} (a second deck-check failure) and cannot play game {number}",
                                players[p].name
                            ),
                        )
                        .help = Some(
                        "a disqualified player leaves the event: remove them from later games, or correct the `violation`s".into(),
                    );
                } else if let Some(q) = quit_in.get(&p) {
                    reader
                        .error(
                            Code::Conflict,
                            span,
                            format!(
                                "{} quit in game {q} and cannot play game {number}",
                                players[p].name
                            ),
                        )
                        .help = Some(
                        "a player who quits leaves the event: remove them from later games".into(),
                    );
                } else if let Some(late) = players[p].late.filter(|&l| l > number) {
                    reader
                        .error(
                            Code::Conflict,
                            span,
                            format!(
                                "{} is a late entry from game {late}, but plays game {number}",
                                players[p].name
                            ),
                        )
                        .help = Some("remove them from this game, or correct their `late`".into());
                } else if !players[p].is_active_in(number) {
                    reader
                        .error(
                            Code::Conflict,
                            span,
                            format!("{} dropped before game {number}", players[p].name),
                        )
                        .help = Some("remove them from this game, or correct their `drop`".into());
                }
            }
            let errors = reader.diagnostics.iter().filter(|d| d.is_error()).count();
            let result = ccg_result(
                reader,
                t.span.clone(),
                ccg,
                [dark, light],
                (&ids, players),
                differential_required,
            );
            // A result refused above is reported there, not again as a table left unreported.
            if reader.diagnostics.iter().filter(|d| d.is_error()).count() > errors {
                refused.push((number, table_number));
            }
            if let Some(CcgResult::Quit { quitter, .. }) = result {
                quit_in.insert(quitter, number);
            }
            let violation = ccg.violation.as_ref().and_then(|v| {
                let p = resolve(reader, &ids, v, "in `violation`")?;
                if p != dark && p != light {
                    reader
                        .error(
                            Code::BadResult,
                            v.span.clone(),
                            format!("{} is not at this table", players[p].name),
                        )
                        .help = Some(
                        "the offender of a deck-check violation is one of the table's two players"
                            .into(),
                    );
                    return None;
                }
                Some(p)
            });
            if let Some(p) = violation {
                let n = failures.entry(p).or_default();
                *n += 1;
                if *n == DECK_CHECK_FAILURES_TO_DISQUALIFY {
                    disqualified_in.insert(p, number);
                }
            }
            let lost_cards = ccg.lost_cards.as_ref().and_then(|written| {
                validate_lost_cards(reader, written, result.is_some(), matches_run_apart)
            });
            tables.push(CcgTable {
                number: table_number,
                dark,
                light,
                result,
                violation,
                lost_cards,
            });
        }
        let mut byes = Vec::new();
        for id in &raw_round.byes {
            match resolve(reader, &ids, id, "in `byes`") {
                Some(p) => {
                    if seated.insert(p, 0).is_some() {
                        reader
                            .error(
                                Code::Conflict,
                                id.span.clone(),
                                format!(
                                    "{} has a table and the bye in game {number}",
                                    players[p].name
                                ),
                            )
                            .help = Some("a player has one table or the bye per game".into());
                    }
                    if let Some(d) = disqualified_in.get(&p) {
                        reader
                            .error(
                                Code::Conflict,
                                id.span.clone(),
                                format!(
                                    "{} was disqualified in game {d} (a second deck-check failure) and cannot have the bye in game {number}",
                                    players[p].name
                                ),
                            )
                            .help = Some("remove them from `byes`".into());
                    }
                    byes.push(p);
                }
                None => unresolved = true,
            }
        }
        let makeup_byes = validate_makeup_byes(
            reader,
            &raw_round.makeup_byes,
            MakeupContext {
                ids: &ids,
                players,
                number,
                seated: &seated,
                earlier: &games,
                bracket: matches_run_apart,
            },
        );
        unresolved |= makeup_byes.is_none();
        if !unresolved {
            for (p, player) in players.iter().enumerate() {
                if player.is_active_in(number)
                    && !quit_in.contains_key(&p)
                    && disqualified_in.get(&p).is_none_or(|&d| d >= number)
                    && !seated.contains_key(&p)
                {
                    reader
                        .error(
                            Code::Conflict,
                            raw_round.span.clone(),
                            format!("{} has no table and no bye in game {number}", player.name),
                        )
                        .help = Some(format!(
                        "seat `{}` at a table, add them to `byes`, or record `drop = {}`",
                        player.id,
                        number - 1
                    ));
                }
            }
        }
        tables.sort_by_key(|t: &CcgTable| t.number);
        games.push(CcgRound {
            number,
            tables,
            byes,
            makeup_byes: makeup_byes.unwrap_or_default(),
        });
    }
    for (i, game) in games.iter().enumerate() {
        let unreported = game
            .tables
            .iter()
            .any(|t| t.result.is_none() && !refused.contains(&(game.number, t.number)));
        if i + 1 < games.len() && unreported && !matches_run_apart {
            reader
                .error(
                    Code::BadResult,
                    raw.rounds[i].span.clone(),
                    format!(
                        "game {} has unreported tables, but game {} is recorded",
                        game.number,
                        game.number + 1
                    ),
                )
                .help = Some("record every result of a game before pairing the next".into());
        }
    }
    (games, disqualified_in)
}

/// Reads `[top_cut]`: the seeds as written (each a player, once, as many as the cut) and the
/// games, whose place in the bracket is checked once the Swiss standings are computed. Only
/// an event that announces a top cut of matches (`cut` of 4 or more) has one.
pub(crate) fn validate_top_cut(
    reader: &mut Reader<'_>,
    raw: &super::raw::RawTopCut,
    cut: u32,
    players: &[Player],
) -> Option<crate::event::CcgTopCut> {
    if cut < 4 {
        reader
            .error(
                Code::InvalidValue,
                raw.span.clone(),
                "`[top_cut]` records a top cut of two-game matches, and this event announces none",
            )
            .help = Some("set `cut = 8` (or 4, or 16) in `[event]`, or remove `[top_cut]`".into());
        return None;
    }
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let seeds = match &raw.seeds {
        None => None,
        Some(written) => {
            let mut seeds = Vec::new();
            for id in &written.value {
                let Some(p) = resolve(reader, &ids, id, "in `seeds`") else {
                    continue;
                };
                if seeds.contains(&p) {
                    reader
                        .error(
                            Code::Conflict,
                            id.span.clone(),
                            format!("{} has two seeds", players[p].name),
                        )
                        .help = Some("each player of the cut has one seed".into());
                }
                seeds.push(p);
            }
            if written.value.len() != cut as usize {
                reader
                    .error(
                        Code::InvalidValue,
                        written.span.clone(),
                        format!(
                            "`seeds` names {} players for a cut of {cut}",
                            written.value.len()
                        ),
                    )
                    .help = Some(format!(
                    "name the {cut} players of the cut, first seed first, or remove `seeds` to seed them from the Swiss standings"
                ));
            }
            Some(seeds)
        }
    };
    let games = validate_final_games(reader, &raw.games, players, true);
    Some(crate::event::CcgTopCut { seeds, games })
}

/// Reports what the computed top cut says of `[top_cut]` as written: games before the Swiss
/// games are over, a cut the standings cannot fill, games outside the bracket, and seeds
/// that differ from the ones the Swiss standings give (a warning: the venue's seeds stand).
pub(crate) fn report_top_cut_problems(
    reader: &mut Reader<'_>,
    recorded: &super::raw::RawTopCut,
    event: &crate::event::Event,
    computed: &crate::rules::computed::Computed,
) {
    let Some(ccg) = computed.ccg() else { return };
    let Some(top_cut) = &ccg.top_cut else {
        if recorded.games.is_empty() && recorded.seeds.is_none() {
            return;
        }
        let swiss_over = computed
            .swiss_rounds
            .is_some_and(|n| ccg.finished as u32 >= n && ccg.finished == ccg.reported.len());
        let (message, help) = if swiss_over {
            (
                format!(
                    "the final standings hold fewer players still in the event than the cut of {}",
                    computed.cut.unwrap_or(0)
                ),
                "correct `cut` in `[event]`, or name the seeds the venue set in `seeds`",
            )
        } else {
            (
                "the top cut is recorded, but the Swiss games are not all finished".to_string(),
                "record every Swiss game's results first (`swiss_rounds` counts the Swiss games)",
            )
        };
        reader
            .error(Code::BadResult, recorded.span.clone(), message)
            .help = Some(help.into());
        return;
    };
    let name = |p: usize| event.players[p].name.as_str();
    for problem in &top_cut.bracket.problems {
        let Some(game) = recorded.games.get(problem.game) else {
            continue;
        };
        let open: Vec<String> = top_cut
            .bracket
            .rounds
            .iter()
            .flatten()
            .filter(|m| m.outcome.is_none())
            .map(|m| format!("{} v {}", name(m.players[0]), name(m.players[1])))
            .collect();
        let level = problem.kind == crate::rules::swccg::top_cut::CutProblemKind::Level;
        reader
            .error(
                Code::BadResult,
                game.span.clone(),
                format!(
                    "game {} of the top cut: {}",
                    problem.game + 1,
                    problem.kind.message()
                ),
            )
            .help = Some(if level {
            "give both games of the match their `lost_cards = { dark = N, light = N }` (the cards each side lost): the fewer lost cards win a match level on differential".into()
        } else if open.is_empty() {
            "the top cut is decided: remove this game, or correct the games before it".into()
        } else {
            format!(
                "the matches still to play: {}; each plays two games, the sides swapped in the second",
                open.join(", ")
            )
        });
    }
    if top_cut.venue_seeds
        && top_cut.seeds != top_cut.standings_seeds
        && let Some(seeds) = &recorded.seeds
    {
        let given: Vec<String> = top_cut
            .standings_seeds
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{} {}", i + 1, name(p)))
            .collect();
        reader
            .warning(
                Code::RuleDeparture,
                seeds.span.clone(),
                format!(
                    "the seeds differ from the final Swiss standings, which give {}",
                    given.join(", ")
                ),
            )
            .help = Some(
            "the cut stands as the venue seeded it; correct `seeds` if they were copied wrong"
                .into(),
        );
    }
}

/// The recorded games of a Final Confrontation, of tiebreaker games, or of a top cut
/// (`bracket`: the only games whose `lost_cards` decide anything).
pub(crate) fn validate_final_games(
    reader: &mut Reader<'_>,
    tables: &[RawTable],
    players: &[Player],
    bracket: bool,
) -> Vec<CcgTable> {
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut out = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let Some(ccg) = &t.ccg else { continue };
        let dark = ccg
            .dark
            .as_ref()
            .and_then(|d| resolve(reader, &ids, d, "as `dark`"));
        let light = ccg
            .light
            .as_ref()
            .and_then(|l| resolve(reader, &ids, l, "as `light`"));
        let (Some(dark), Some(light)) = (dark, light) else {
            continue;
        };
        let result = ccg_result(
            reader,
            t.span.clone(),
            ccg,
            [dark, light],
            (&ids, players),
            true,
        );
        let lost_cards = ccg
            .lost_cards
            .as_ref()
            .and_then(|written| validate_lost_cards(reader, written, result.is_some(), bracket));
        out.push(CcgTable {
            number: i as u32 + 1,
            dark,
            light,
            result,
            violation: None,
            lost_cards,
        });
    }
    out
}

/// What `[final]` records of a SW:CCG Final Confrontation besides its games.
#[derive(Debug, Default)]
pub(crate) struct FinalRecord {
    /// The second seed waived the Final Confrontation (`waived`).
    pub(crate) waived: bool,
    /// The finalists replaced by the next highest player, in order (`replaced`).
    pub(crate) replaced: Vec<usize>,
    /// The finalist who won the coin tossed at the venue (`winner`); whether the final was
    /// left to a coin is judged once the event is computed.
    pub(crate) coin: Option<usize>,
}

/// `[final] waived`, `[final] replaced` and `[final] winner` (SW:CCG only), resolved.
pub(crate) fn validate_final_record(
    reader: &mut Reader<'_>,
    recorded: Option<&RawFinal>,
    ccg: bool,
    players: &[Player],
) -> FinalRecord {
    let Some(f) = recorded else {
        return FinalRecord::default();
    };
    if !ccg {
        let spans = f
            .waived
            .iter()
            .map(|w| w.span.clone())
            .chain(f.replaced.iter().map(|r| r.span.clone()))
            .chain(f.winner.iter().map(|w| w.span.clone()));
        for span in spans {
            reader
                .error(
                    Code::InvalidValue,
                    span,
                    "`waived`, `replaced` and `winner` record a SW:CCG Final Confrontation",
                )
                .help = Some("remove them; a team final's games name their winners".into());
        }
        return FinalRecord::default();
    }
    let waived = f.waived.as_ref().is_some_and(|w| w.value);
    if let Some(w) = f.waived.as_ref().filter(|w| w.value)
        && !f.ccg_games.is_empty()
    {
        reader
            .error(
                Code::Conflict,
                w.span.clone(),
                "a waived Final Confrontation has no games",
            )
            .help = Some("remove `waived`, or the final's `games`".into());
    }
    let ids: BTreeMap<String, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut replaced: Vec<usize> = Vec::new();
    for r in &f.replaced {
        if let Some(p) = resolve(reader, &ids, r, "in `replaced`") {
            if replaced.contains(&p) {
                reader
                    .error(
                        Code::Conflict,
                        r.span.clone(),
                        format!("{} is in `replaced` twice", players[p].name),
                    )
                    .help = Some("name each replaced finalist once".into());
            } else {
                replaced.push(p);
            }
        }
    }
    let coin = f.winner.as_ref().and_then(|w| {
        let p = resolve(reader, &ids, w, "as the winner of the coin")?;
        if waived {
            reader
                .error(
                    Code::Conflict,
                    w.span.clone(),
                    "a waived Final Confrontation has no coin toss: the higher seed wins the event",
                )
                .help = Some("remove `winner`, or `waived`".into());
            return None;
        }
        Some(p)
    });
    FinalRecord {
        waived,
        replaced,
        coin,
    }
}

/// The result of a SW:CCG game between `dark` and `light` as recorded at `span`; `None` when
/// it has none yet, or a problem was reported. A win without `differential` is an error where
/// `differential_required`, else a win with none recorded.
pub(super) fn ccg_result(
    reader: &mut Reader<'_>,
    span: std::ops::Range<usize>,
    ccg: &RawCcgTable,
    [dark, light]: [usize; 2],
    (ids, players): (&BTreeMap<String, usize>, &[Player]),
    differential_required: bool,
) -> Option<CcgResult> {
    if let Some((_, values)) = &ccg.tie {
        let mut read = values
            .iter()
            .map(|v| in_range(reader, v, "a tie count", 0, 200));
        let (Some(Some(dl)), Some(Some(ll)), Some(Some(dh)), Some(Some(lh))) =
            (read.next(), read.next(), read.next(), read.next())
        else {
            return None;
        };
        let (lost_pile, hand) = ([dl, ll], [dh, lh]);
        let coin = match &ccg.winner {
            None => None,
            Some(w) => Some(venue_coin(
                reader,
                w,
                [dark, light],
                lost_pile,
                hand,
                ids,
                players,
            )?),
        };
        return Some(CcgResult::TrueTie {
            lost_pile,
            hand,
            coin,
        });
    }
    let winner_id = ccg.winner.as_ref()?;
    let winner = resolve(reader, ids, winner_id, "as the winner")?;
    if winner != dark && winner != light {
        reader
            .error(
                Code::BadResult,
                winner_id.span.clone(),
                format!("{} is not at this table", players[winner].name),
            )
            .help = Some(format!(
            "the winner is `{}` or `{}`",
            players[dark].id, players[light].id
        ));
        return None;
    }
    let differential = in_range(reader, &ccg.differential, "`differential`", 0, 1000);
    if ccg.quit.as_ref().is_some_and(|q| q.value) {
        let quitter = if winner == dark { light } else { dark };
        return Some(CcgResult::Quit {
            quitter,
            differential: differential.unwrap_or(0),
        });
    }
    if ccg.differential.is_none() && !differential_required {
        return Some(CcgResult::Won {
            winner,
            life_force: None,
            modified: ccg.modified.as_ref().is_some_and(|m| m.value),
        });
    }
    let Some(life_force) = differential else {
        if ccg.differential.is_none() {
            reader.error(Code::MissingField, span, "a win needs its `differential`").help =
                Some("add `differential` with the cards left in the winner's Life Force (at most 59 count)".into());
        }
        return None;
    };
    Some(CcgResult::Won {
        winner,
        life_force: Some(life_force),
        modified: ccg.modified.as_ref().is_some_and(|m| m.value),
    })
}

/// The `winner` of a true tie: the player who won the coin tossed at the venue. The guide
/// tosses a coin only when the lost piles and then the hands are level ("3) Winner determined
/// randomly"); where the counts decide, a recorded winner is refused, even one that agrees with
/// them, since the file would then hold a coin toss that never happened.
fn venue_coin(
    reader: &mut Reader<'_>,
    w: &Sp<String>,
    [dark, light]: [usize; 2],
    lost_pile: [u32; 2],
    hand: [u32; 2],
    ids: &BTreeMap<String, usize>,
    players: &[Player],
) -> Option<usize> {
    let p = resolve(reader, ids, w, "as the winner")?;
    if p != dark && p != light {
        reader
            .error(
                Code::BadResult,
                w.span.clone(),
                format!("{} is not at this table", players[p].name),
            )
            .help = Some(format!(
            "the winner of the coin is `{}` or `{}`",
            players[dark].id, players[light].id
        ));
        return None;
    }
    let Some((seat, decider)) = true_tie_counts(lost_pile, hand) else {
        return Some(p);
    };
    let decided = if seat == Side::Dark { dark } else { light };
    let (what, counts) = if decider == TrueTieDecider::LostPile {
        ("the lost pile", lost_pile)
    } else {
        ("hand", hand)
    };
    let fewer = counts[seat.index()];
    let more = counts[seat.opposite().index()];
    let message = if decided == p {
        format!(
            "this true tie is not left to a coin: {} has fewer cards in {what} ({fewer} against {more}) and wins it without `winner`",
            players[decided].name
        )
    } else {
        format!(
            "`winner` gives this true tie to {}, but {} has fewer cards in {what} ({fewer} against {more}) and wins it",
            players[p].name, players[decided].name
        )
    };
    reader.error(Code::BadResult, w.span.clone(), message).help = Some(format!(
        "remove `winner` (it records a coin toss at the venue, which is only tossed when the lost piles and the hands are level), or correct the `tie` counts if {} did not have fewer cards in {what}",
        players[decided].name
    ));
    None
}

/// Warns where a player of a sealed, draft or cube event (Secret Squirrel aside, whose decks
/// hold both sides) plays the other allegiance than in their first game: "players do not switch
/// allegiances in Sealed Deck play". Once per player, at the first game where they switched (a
/// game of play or of the Final Confrontation). Players the file does not know were reported
/// already.
pub(crate) fn warn_switched_allegiance(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    players: &[Player],
) {
    if !crate::rules::ccg_format::fixed_sides(info) {
        return;
    }
    let ids: BTreeMap<&str, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let games = raw
        .rounds
        .iter()
        .enumerate()
        .map(|(g, r)| (format!("game {}", g + 1), &r.tables));
    let fin = raw
        .final_match
        .iter()
        .map(|f| ("the Final Confrontation".to_string(), &f.ccg_games));
    let mut first: BTreeMap<usize, (Side, String)> = BTreeMap::new();
    let mut warned = Vec::new();
    for (game, tables) in games.chain(fin) {
        for ccg in tables.iter().filter_map(|t| t.ccg.as_ref()) {
            for (side, id) in [(Side::Dark, &ccg.dark), (Side::Light, &ccg.light)] {
                let Some(id) = id else { continue };
                let Some(&p) = ids.get(id.value.as_str()) else {
                    continue;
                };
                let (was, since) = first.entry(p).or_insert((side, game.clone())).clone();
                if was == side || warned.contains(&p) {
                    continue;
                }
                warned.push(p);
                reader
                    .warning(
                        Code::RuleDeparture,
                        id.span.clone(),
                        format!(
                            "{} plays {} in {game} but played {} in {since}: players do not switch allegiances in sealed play",
                            players[p].name,
                            side.name(),
                            was.name()
                        ),
                    )
                    .help = Some(format!(
                    "the event stands as recorded; if {} kept one deck, correct `dark` and `light` of this table (or of {since})",
                    players[p].name
                ));
            }
        }
    }
}

/// Warns when an event is below the guide's minimum players or games for its format, or below
/// the recommended number of games for its size. Until its first game is paired, an event is
/// still taking registrations (`holonet new`, then one `holonet register` per player), so its
/// size is not final and it is not warned about.
pub(crate) fn warn_below_minimums(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    players: u32,
) {
    let Some(games) = info.swiss_rounds.filter(|_| !raw.rounds.is_empty()) else {
        return;
    };
    let format = crate::rules::ccg_format::guide_format(info);
    let tier = if info.tier.as_deref() == Some("championship") {
        Tier::Championship
    } else {
        Tier::Standard
    };
    for warning in minimum_warnings(format, tier, players, games) {
        reader.warning(Code::RuleDeparture, raw.info.span.clone(), warning.to_string()).help =
            Some("the event stands as recorded; check `swiss_rounds` (the number of games) if this was not intended".into());
    }
}

/// Warns where a tournament director plays in their own event against the guide's conditions
/// for it: in an odd field they must take the bye of the first game, and they may not play a
/// constructed Championship Level event where the Players' Committee offers a cash prize or
/// more than one Worlds Day 2 automatic bid. The event file does not record the prizes, so every
/// constructed championship event with a playing director is warned about. Each warning names
/// the section of the rules page.
pub(crate) fn warn_director_play(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    players: &[Player],
    games: &[CcgRound],
) {
    let section = format!(
        "see `{}#playing-directors` on the site",
        crate::rules::SWCCG_2008.reference_page
    );
    let directors: Vec<usize> = (0..players.len())
        .filter(|&p| players[p].organizer)
        .collect();
    let constructed = crate::rules::ccg_format::guide_format(info) == Format::Constructed;
    if constructed && info.tier.as_deref() == Some("championship") {
        for &p in &directors {
            let span = raw.players[p]
                .organizer
                .as_ref()
                .map_or(raw.players[p].span.clone(), |o| o.span.clone());
            reader.warning(
                Code::RuleDeparture,
                span,
                format!(
                    "{} directs and plays in a constructed championship event; the guide does not allow it where the Players' Committee offers a cash prize or more than one Worlds Day 2 automatic bid",
                    players[p].name
                ),
            )
            .help = Some(format!(
                "if such prizes were offered, the director should not have played; {section}"
            ));
        }
    }
    let Some(first) = games.first() else { return };
    let field = first.tables.len() * 2 + first.byes.len();
    let playing: Vec<usize> = directors
        .into_iter()
        .filter(|&p| first.tables.iter().any(|t| t.dark == p || t.light == p))
        .collect();
    if field % 2 == 1 && !playing.is_empty() && !first.byes.iter().any(|&b| players[b].organizer) {
        let names: Vec<&str> = playing.iter().map(|&p| players[p].name.as_str()).collect();
        reader.warning(
            Code::RuleDeparture,
            raw.rounds[0].span.clone(),
            format!(
                "game 1 has an odd field, but the playing tournament director ({}) does not have the bye",
                names.join(", ")
            ),
        )
        .help = Some(format!(
            "the guide gives a playing director the first-game bye of an odd field: record it in `byes`; {section}"
        ));
    }
}
