//! Validation of SW:CCG games: each `[[rounds]]` entry is one game, each table one dark side
//! player against one light side player.

use std::collections::BTreeMap;

use super::raw::{RawCcgTable, RawEvent, RawLostCards};
use super::validate::common::{in_range, resolve};
use crate::diag::Code;
use crate::event::Side;
use crate::event::{CcgResult, CcgRound, CcgTable, Player};
use crate::rules::CcgStandings;
use crate::rules::swccg::scoring::{
    DECK_CHECK_FAILURES_TO_DISQUALIFY, TrueTieDecider, true_tie_counts,
};
use crate::toml_reader::{Reader, Sp};

pub(crate) mod final_games;
pub(crate) mod warnings;

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
