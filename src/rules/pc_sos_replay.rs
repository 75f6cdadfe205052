//! Each recorded game of a Tournament Assistant `SOS` event (ruleset `swccg-pc-sos`) judged
//! against the software's pairing ([`swccg::pc_pairing`]) from the games before it: who takes
//! the bye, who plays which allegiance, and which victory points meet which; and the seeded
//! pairing `holonet pair` writes.
//!
//! The software's random steps (the order of players level on victory points, the pile dealt
//! first) decide who meets whom inside a score, so what is judged is what no draw changes:
//!
//! - the bye of an odd field goes to a player with the fewest byes, of the fewest victory
//!   points among them; further byes only where a round's second game has unequal piles, from
//!   the longer pile, as many as the piles leave over;
//! - in a round's second game every player plays the allegiance they did not play before (the
//!   player back from a bye joins the shorter pile), except the one player moved to even out
//!   unequal piles (until 2018-09-12);
//! - the victory points that meet: with no pair in the game that would repeat an earlier game
//!   with the same allegiances, the tops of the piles always meet, so the pairs of victory
//!   points are fixed by the piles (and in a round's first game the better of two different
//!   scores plays the pile dealt first, one coin for the game); a table outside them is a
//!   departure. Where such repeats exist the software pairs down, swaps opponents with tables
//!   already made and may leave a repeat; Holonet does not replay that walk for every draw, so
//!   a table outside the fixed pairs is not decided there ([`TableReason::AssistantUndecided`]),
//!   never called a break;
//! - a repeat of opponents and allegiances in a round's first game, by players who have not met
//!   the other way round, is a departure: the software swaps their allegiances instead.

use std::collections::BTreeMap;

use super::ccg_replay::{AssistantBreak, History, Replay, TableReason};
use super::swccg;
use super::swccg::pairing::PairReason;
use super::swccg::pc_pairing::{self, LastGame, PcEntrant, Rules, met_as};
use crate::event::{CcgPlay, CcgRound, Event, Side};

/// Judges the recorded game `g` against the software's pairing of `entrants` (the players in
/// the event for it, with their record before it): each table's reason and the replay (the
/// seeded pairing and the recorded byes the rules do not give).
pub(super) fn judge(
    g: &CcgRound,
    entrants: &[PcEntrant],
    rules: Rules,
    seed: u64,
) -> (Vec<Option<TableReason>>, Replay) {
    let seeded = pc_pairing::pair(entrants, g.number, rules, seed);
    let by_player: BTreeMap<usize, &PcEntrant> = entrants.iter().map(|e| (e.player, e)).collect();
    let mut broken_byes = Vec::new();
    // The bye of an odd field: the fewest byes, then the fewest points.
    let first_bye = (entrants.len() % 2 == 1)
        .then(|| {
            let fewest = entrants.iter().map(|e| e.byes).min()?;
            let lowest = entrants
                .iter()
                .filter(|e| e.byes == fewest)
                .map(|e| e.points)
                .min()?;
            let given = |p: &usize| {
                by_player
                    .get(p)
                    .is_some_and(|e| e.byes == fewest && e.points == lowest)
            };
            match g.byes.iter().find(|p| given(p)) {
                Some(&p) => Some(p),
                None => {
                    broken_byes.extend(g.byes.first());
                    g.byes.first().copied()
                }
            }
        })
        .flatten();
    let field: Vec<&PcEntrant> = {
        let mut field: Vec<&PcEntrant> = entrants
            .iter()
            .filter(|e| Some(e.player) != first_bye)
            .collect();
        field.sort_by_key(|e| (std::cmp::Reverse(e.points), e.place, e.player));
        field
    };
    let other_byes: Vec<usize> = g
        .byes
        .iter()
        .copied()
        .filter(|&p| Some(p) != first_bye)
        .collect();
    let tables: Vec<(usize, usize)> = g.tables.iter().map(|t| (t.dark, t.light)).collect();
    let reasons = if g.number % 2 == 1 {
        broken_byes.extend(&other_byes);
        first_of_round(&tables, &field, &by_player, g.number, seed)
    } else {
        let (reasons, extra_allowed) = second_of_round(&tables, &field, &by_player, rules);
        broken_byes.extend(
            other_byes
                .iter()
                .enumerate()
                .filter(|&(k, p)| !(k < extra_allowed.count && extra_allowed.from.contains(p)))
                .map(|(_, &p)| p),
        );
        reasons
    };
    let replay = Replay {
        seeded,
        broken_byes,
        undecided_byes: Vec::new(),
    };
    (reasons.into_iter().map(Some).collect(), replay)
}

/// The players of the field who have met both ways round: the software may have paired down
/// or swapped opponents to avoid a repeat among them.
fn any_met_both_ways(field: &[&PcEntrant]) -> bool {
    field
        .iter()
        .enumerate()
        .any(|(i, a)| field[i + 1..].iter().any(|b| met_as(a, b) && met_as(b, a)))
}

/// Takes `key` from the multiset `fixed` if it is there.
fn take(fixed: &mut Vec<(u32, u32)>, key: (u32, u32)) -> bool {
    match fixed.iter().position(|&k| k == key) {
        Some(i) => {
            fixed.remove(i);
            true
        }
        None => false,
    }
}

/// A round's first game: the field (bye taken) in victory points order meets 1-2, 3-4, ...;
/// the better of two different scores plays the pile dealt first.
fn first_of_round(
    tables: &[(usize, usize)],
    field: &[&PcEntrant],
    by_player: &BTreeMap<usize, &PcEntrant>,
    number: u32,
    seed: u64,
) -> Vec<TableReason> {
    let clear = !any_met_both_ways(field);
    let mut fixed: Vec<(u32, u32)> = field
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| (pair[0].points, pair[1].points))
        .collect();
    // The pile dealt first, as the tables of different scores tell it (the seeded one first
    // among equals): the better player sits there, or on the other side where the pair met
    // that way before and swapped.
    let fits = |first: Side, dark: usize, light: usize| -> Option<bool> {
        let (d, l) = (by_player.get(&dark)?, by_player.get(&light)?);
        if d.points == l.points {
            return None;
        }
        let better_side = if d.points > l.points {
            Side::Dark
        } else {
            Side::Light
        };
        Some(better_side == first || met_as(l, d))
    };
    let seeded_first = swccg::pairing::coin(seed, number);
    let count = |first: Side| {
        tables
            .iter()
            .filter(|&&(d, l)| fits(first, d, l) == Some(true))
            .count()
    };
    let first = if count(seeded_first.opposite()) > count(seeded_first) {
        seeded_first.opposite()
    } else {
        seeded_first
    };
    tables
        .iter()
        .map(|&(dark, light)| {
            let (Some(d), Some(l)) = (by_player.get(&dark), by_player.get(&light)) else {
                return TableReason::Guide(PairReason::Standings);
            };
            if met_as(d, l) && !met_as(l, d) {
                return TableReason::NotTheAssistant {
                    player: dark,
                    why: AssistantBreak::Repeat,
                };
            }
            let key = (d.points.max(l.points), d.points.min(l.points));
            let seated = fits(first, dark, light) != Some(false);
            let otherwise = if clear {
                TableReason::NotTheAssistant {
                    player: dark,
                    why: AssistantBreak::Pairing,
                }
            } else {
                TableReason::AssistantUndecided
            };
            if !take(&mut fixed, key) || !seated {
                return otherwise;
            }
            let swapped = d.points != l.points
                && (if d.points > l.points {
                    Side::Dark
                } else {
                    Side::Light
                }) != first;
            TableReason::Guide(if swapped {
                PairReason::AllegiancesSwapped
            } else {
                PairReason::Standings
            })
        })
        .collect()
}

/// How many byes beyond the bye of an odd field a round's second game gives, and to whom
/// they may go (the longer pile).
struct ExtraByes {
    count: usize,
    from: Vec<usize>,
}

/// A round's second game: each player in the pile of the allegiance not played before; the
/// piles meet top to top.
fn second_of_round(
    tables: &[(usize, usize)],
    field: &[&PcEntrant],
    by_player: &BTreeMap<usize, &PcEntrant>,
    rules: Rules,
) -> (Vec<TableReason>, ExtraByes) {
    let unmoved = Rules {
        even_out_piles: false,
        ..rules
    };
    // The field is already without the bye, so no bye is taken here.
    let piles = pc_pairing::piles(field.to_vec(), 2, Side::Dark, unmoved);
    let (dark, light) = (piles.dark, piles.light);
    let (longer, shorter_len) = if dark.len() > light.len() {
        (&dark, light.len())
    } else {
        (&light, dark.len())
    };
    let gap = longer.len() - shorter_len;
    let moves = rules.even_out_piles && gap >= 2;
    // The one player moved: the last of the longer pile, any of its fewest points (the order
    // among them is drawn).
    let lowest = longer.iter().map(|e| e.points).min();
    let movable: Vec<usize> = longer
        .iter()
        .filter(|e| moves && Some(e.points) == lowest)
        .map(|e| e.player)
        .collect();
    let extra = ExtraByes {
        count: if moves { gap - 2 } else { gap },
        from: longer.iter().map(|e| e.player).collect(),
    };
    let side_of = |p: usize| -> Option<Side> {
        if dark.iter().any(|e| e.player == p) {
            Some(Side::Dark)
        } else if light.iter().any(|e| e.player == p) {
            Some(Side::Light)
        } else {
            None
        }
    };
    // The pairs of points the piles give when their tops always meet: both piles in points
    // order, the moved player at the end of the shorter one.
    let mut dark_points: Vec<u32> = dark.iter().map(|e| e.points).collect();
    let mut light_points: Vec<u32> = light.iter().map(|e| e.points).collect();
    if moves && let Some(p) = lowest {
        let from = if dark.len() > light.len() {
            &mut dark_points
        } else {
            &mut light_points
        };
        if let Some(i) = from.iter().rposition(|&x| x == p) {
            from.remove(i);
        }
        let to = if dark.len() > light.len() {
            &mut light_points
        } else {
            &mut dark_points
        };
        to.push(p);
    }
    let mut fixed: Vec<(u32, u32)> = dark_points.into_iter().zip(light_points).collect();
    // No pair who could meet across the piles (the movable players on either side) repeats an
    // earlier game's allegiances: then the tops always meet.
    let may_play =
        |e: &PcEntrant, side: Side| side_of(e.player) == Some(side) || movable.contains(&e.player);
    let clear = !field.iter().any(|d| {
        may_play(d, Side::Dark)
            && field
                .iter()
                .any(|l| l.player != d.player && may_play(l, Side::Light) && met_as(d, l))
    });
    let mut moved: Option<usize> = None;
    let reasons = tables
        .iter()
        .map(|&(d, l)| {
            let (Some(de), Some(le)) = (by_player.get(&d), by_player.get(&l)) else {
                return TableReason::Guide(PairReason::Piles);
            };
            for (p, seat) in [(d, Side::Dark), (l, Side::Light)] {
                if side_of(p).is_some_and(|s| s != seat) {
                    if moved.is_none() && movable.contains(&p) {
                        moved = Some(p);
                    } else {
                        return TableReason::NotTheAssistant {
                            player: p,
                            why: AssistantBreak::Allegiance,
                        };
                    }
                }
            }
            if met_as(de, le) {
                return TableReason::AssistantUndecided;
            }
            if take(&mut fixed, (de.points, le.points)) {
                TableReason::Guide(PairReason::Piles)
            } else if clear {
                TableReason::NotTheAssistant {
                    player: d,
                    why: AssistantBreak::Pairing,
                }
            } else {
                TableReason::AssistantUndecided
            }
        })
        .collect();
    (reasons, extra)
}

/// The players to pair in the game after the first `before` recorded games (all finished),
/// with their record: `rows` are the software's standings after those games (every player of
/// the event, [`swccg::pc_sos::standings`]), empty before the first game.
pub(super) fn entrants(
    event: &Event,
    play: &CcgPlay,
    before: usize,
    rows: &[swccg::pc_sos::Row],
) -> Vec<PcEntrant> {
    let number = before as u32 + 1;
    let played = &play.games[..before.min(play.games.len())];
    let History {
        quit,
        mut meetings,
        byes,
    } = History::of(event, played);
    let last = |p: usize| -> LastGame {
        let Some(g) = played.last() else {
            return LastGame::Absent;
        };
        if g.byes.contains(&p) {
            LastGame::Bye
        } else if g.tables.iter().any(|t| t.dark == p) {
            LastGame::Played(Side::Dark)
        } else if g.tables.iter().any(|t| t.light == p) {
            LastGame::Played(Side::Light)
        } else {
            LastGame::Absent
        }
    };
    event
        .players
        .iter()
        .enumerate()
        .filter(|&(p, player)| player.is_active_in(number) && !quit.contains(&p))
        .map(|(p, _)| {
            let row = rows.iter().find(|r| r.player == p);
            PcEntrant {
                player: p,
                points: row.map_or(0, |r| r.points),
                place: row.map_or(usize::MAX, |r| r.place),
                byes: byes[p],
                last: last(p),
                meetings: std::mem::take(&mut meetings[p]),
            }
        })
        .collect()
}
