//! The pairing audit: every recorded round paired again from the event's seed and the results
//! before it, exactly as `holonet pair` would have paired it, and compared with the file. A
//! stranger can then check that the pairings were fair without trusting the organizer or the
//! site: the repository holds every input.
//!
//! A round is *as Holonet pairs it* when its tables (as pairs of players, whatever their table
//! numbers or seat order) and its byes are the replay's. Otherwise each table or bye that differs
//! is a [`Departure`], with what it is ([`DepartureKind`]) and whether it **breaks a rule** or is
//! **permitted by the rules**: the rulesets leave some choices to chance (the draw within a score
//! group, who is paired down, the first game's shuffle, players the random tiebreaker separates),
//! so a pairing the procedure could have produced under other draws is legal, never an error.
//!
//! The validators, per pairing method:
//!
//! - **Score groups (ffg-2018).** Both Swiss engines minimize, in order, rematches, score-group
//!   boundaries crossed and their squares ([`levels`]); the pairings no pairing beats on those
//!   levels are exactly the random draws the regulations allow. A recorded round is judged on
//!   its seated players (so a different bye does not make every table wrong), exactly, by one
//!   matching ([`kept_tables`]): among the permitted pairings, one that keeps as many recorded
//!   tables as possible; a recorded table it does not keep breaks a rule (a rematch beyond the
//!   fewest the round needed, or a move between groups no permitted pairing makes), every other
//!   one is a draw the rules permit. The bye after round 1 goes to the lowest-ranked player
//!   without one, or to a player only the random tiebreaker ranked above them.
//! - **Halves (ffg-2014).** Round 1 as in 2018. Later rounds have no draw: where the plain
//!   halves pairing of the seated players has no rematch it is the only permitted pairing; where
//!   it has one, the document leaves the adjustment to the organizer, so every pairing with the
//!   fewest rematches and crossings is permitted, judged as in 2018. The document has no bye
//!   rule: any player who has not had a bye (any player, once everyone has had one) may take it.
//! - **Allegiance piles (swccg-2008).** The guide's procedure with every outcome of its random
//!   steps (the shuffle, the coin, the order of players level on total score in a pile):
//!   [`super::ccg_event`] finds, exactly, the outcome that gives the most recorded tables and
//!   byes; a table or bye it does not give breaks the guide's pairing (a repeat of the same
//!   opponents with the same allegiances is named as a rematch). Where the search stops at its
//!   bound by counting before deciding (dozens of players level on total score), a table or
//!   bye its outcome does not give is *not decided* ([`DepartureKind::Undecided`]), never
//!   called a break.
//! - **Seeded stages.** Elimination games, a team final and the Final Confrontation are
//!   decided by the standings: a game the bracket does not give, or a final between players
//!   other than the finalists, breaks a rule.
//!
//! Seating is checked first in every Swiss round: a player at two tables, a player seated who
//! is not in the event that round (dropped, not entered yet, disqualified), and a player in the
//! event with no table and no bye each break a rule.

use std::collections::BTreeSet;

use super::bracket::Problem;
use super::ccg_event::CcgComputed;
use super::ccg_replay::{AssistantBreak, TableReason};
use super::computed::{Computed, ComputedKind, FinalProblem, SwissComputed};
use super::pairing::halves::{self, Numbered};
use super::pairing::score_groups;
use super::pairing::swiss::{Entrant, PairedRound, kept_tables, levels};
use super::round_entrants::entrants_before;
use super::standings::{Decider, Standings};
use super::{PairingMethod, Tiebreaker};
use crate::event::{CcgPlay, Event, Kind, Round, SwissPlay};

use super::verdict::{Audit, Departure, DepartureKind, RoundAudit, Stage};

/// Audits an event: its recorded rounds (or games) and its seeded stages.
pub(crate) fn audit(event: &Event, computed: &Computed) -> Audit {
    let rounds = match (&event.kind, &computed.kind) {
        (Kind::Swiss(play), ComputedKind::Swiss(swiss)) => {
            audit_swiss(event, computed.ruleset.pairing, play, swiss)
        }
        (Kind::Ccg(play), ComputedKind::Ccg(ccg)) => audit_ccg(play, ccg),
        _ => Vec::new(),
    };
    Audit { rounds }
}

/// A table as an unordered pair.
fn pair(players: [usize; 2]) -> [usize; 2] {
    [players[0].min(players[1]), players[0].max(players[1])]
}

/// The Swiss rounds that can be replayed (each one after a finished round), then the
/// elimination games and the team final.
fn audit_swiss(
    event: &Event,
    method: PairingMethod,
    play: &SwissPlay,
    swiss: &SwissComputed,
) -> Vec<RoundAudit> {
    let mut out: Vec<RoundAudit> = play
        .rounds
        .iter()
        .enumerate()
        // A round after an unfinished one was not paired from known standings.
        .take_while(|&(i, _)| i <= swiss.standings.len())
        .map(|(i, round)| {
            let before = swiss.before_round(round.number);
            let entrants = entrants_before(event, before, &play.rounds[..i], round.number);
            RoundAudit {
                stage: Stage::Round,
                number: Some(round.number),
                departures: swiss_round(event, method, round, &entrants, before),
            }
        })
        .collect();
    if swiss.bracket.is_some() && !play.elimination.is_empty() {
        out.push(RoundAudit {
            stage: Stage::Elimination,
            number: None,
            departures: swiss
                .bracket_problems
                .iter()
                .filter_map(bracket_departure)
                .collect(),
        });
    }
    if play.final_match.is_some() {
        let instead = swiss
            .team_final
            .as_ref()
            .map_or_else(Vec::new, |f| f.teams.to_vec());
        let departures = match swiss.final_problem {
            None => Vec::new(),
            Some(FinalProblem::NotNeeded) => vec![final_departure(None, Vec::new(), Vec::new())],
            Some(FinalProblem::NotAFinalist(p)) => vec![final_departure(None, vec![p], instead)],
        };
        out.push(RoundAudit {
            stage: Stage::FinalMatch,
            number: None,
            departures,
        });
    }
    out
}

fn final_departure(table: Option<u32>, players: Vec<usize>, instead: Vec<usize>) -> Departure {
    Departure {
        table,
        players,
        kind: DepartureKind::NotTheFinalists,
        broken: true,
        instead,
    }
}

/// The elimination problems that are about who plays whom (side and result problems are the
/// bracket's own, shown with it).
fn bracket_departure(problem: &Problem) -> Option<Departure> {
    let (game, players) = match *problem {
        Problem::NoSuchGame { game } | Problem::NotReady { game } | Problem::NotNeeded { game } => {
            (game, Vec::new())
        }
        Problem::NotInGame { game, player } => (game, vec![player]),
        _ => return None,
    };
    Some(Departure {
        table: Some(game),
        players,
        kind: DepartureKind::NotTheBracket,
        broken: true,
        instead: Vec::new(),
    })
}

/// Pairs `entrants` for round `number` as `holonet pair` does under `method`.
fn pair_as_holonet(
    event: &Event,
    method: PairingMethod,
    number: u32,
    entrants: &[Entrant],
) -> PairedRound {
    match method {
        PairingMethod::Halves => {
            halves::pair_round(event.info.seed, number, &numbered(event, entrants))
        }
        PairingMethod::RandomWithinGroups | PairingMethod::AllegiancePiles => {
            score_groups::pair_round(event.info.seed, number, entrants)
        }
    }
}

fn numbered(event: &Event, entrants: &[Entrant]) -> Vec<Numbered> {
    entrants
        .iter()
        .map(|e| Numbered {
            number: event.players[e.player].number,
            entrant: e.clone(),
        })
        .collect()
}

/// The departures of one Swiss round from the replay of `entrants` (the players in the event
/// for it, as pairing saw them), judged by the ruleset's validator: a table breaks a rule when
/// no pairing the rules permit keeps it beside the round's other tables ([`kept_tables`]).
fn swiss_round(
    event: &Event,
    method: PairingMethod,
    round: &Round,
    entrants: &[Entrant],
    before: Option<&Standings>,
) -> Vec<Departure> {
    let number = round.number;
    let replay = pair_as_holonet(event, method, number, entrants);
    let replay_tables: BTreeSet<[usize; 2]> =
        replay.tables.iter().map(|t| pair(t.players)).collect();
    let replay_bye = replay.bye.map(|b| b.player);
    let recorded: BTreeSet<[usize; 2]> = round.tables.iter().map(|t| pair(t.players)).collect();
    if recorded == replay_tables && round.byes.iter().copied().eq(replay_bye) {
        return Vec::new();
    }
    let entrant = |p: usize| entrants.iter().find(|e| e.player == p);
    let mut departures = Vec::new();
    let broken = |table, players, kind| Departure {
        table,
        players,
        kind,
        broken: true,
        instead: Vec::new(),
    };

    // Seating: each player of the round once, and only they.
    let mut seen = BTreeSet::new();
    let mut seated_tables = Vec::new();
    for (t, table) in round.tables.iter().enumerate() {
        let mut fine = true;
        for p in table.players {
            if !seen.insert(p) {
                departures.push(broken(Some(table.number), vec![p], DepartureKind::Twice));
                fine = false;
            } else if entrant(p).is_none() {
                departures.push(broken(
                    Some(table.number),
                    vec![p],
                    DepartureKind::NotEntered,
                ));
                fine = false;
            }
        }
        if fine {
            seated_tables.push(t);
        }
    }
    let mut byes = Vec::new();
    for &p in &round.byes {
        if !seen.insert(p) {
            departures.push(broken(None, vec![p], DepartureKind::Twice));
        } else if entrant(p).is_none() {
            departures.push(broken(None, vec![p], DepartureKind::NotEntered));
        } else {
            byes.push(p);
        }
    }
    for e in entrants.iter().filter(|e| !seen.contains(&e.player)) {
        departures.push(broken(None, vec![e.player], DepartureKind::Missing));
    }

    // The bye.
    for &p in byes.iter().filter(|&&p| Some(p) != replay_bye) {
        let legal = byes.len() == 1
            && replay_bye
                .is_some_and(|due| number <= 1 || bye_open(method, entrants, before, p, due));
        departures.push(Departure {
            table: None,
            players: vec![p],
            kind: DepartureKind::Bye,
            broken: !legal,
            instead: replay_bye.into_iter().collect(),
        });
    }

    // The tables, against the pairings the rules permit for the same seated players (so a
    // different bye does not make every table wrong).
    let seated: Vec<Entrant> = entrants
        .iter()
        .filter(|e| {
            seated_tables
                .iter()
                .any(|&t| round.tables[t].players.contains(&e.player))
        })
        .cloned()
        .collect();
    let tables: Vec<[usize; 2]> = seated_tables
        .iter()
        .map(|&t| round.tables[t].players)
        .collect();
    // 2014 after round 1: the halves pairing is the one permitted wherever it has no rematch.
    let halves: Option<Vec<[usize; 2]>> = (method == PairingMethod::Halves && number > 1)
        .then(|| halves::plain_pairing(&numbered(event, &seated)))
        .filter(|plain| levels(&seated, plain)[0] == 0);
    let kept = match &halves {
        Some(plain) => kept_tables(&seated, &tables, Some(plain)),
        None => {
            let best: Vec<[usize; 2]> = pair_as_holonet(event, method, number, &seated)
                .tables
                .iter()
                .map(|t| t.players)
                .collect();
            // A round as good as the engine's on the levels is itself a permitted pairing.
            if levels(&seated, &tables) == levels(&seated, &best) {
                Some(vec![true; tables.len()])
            } else {
                kept_tables(&seated, &tables, None)
            }
        }
    };
    let mut points: Vec<u32> = seated.iter().map(|e| e.points).collect();
    points.sort_unstable_by(|a, b| b.cmp(a));
    points.dedup();
    let group = |p: usize| {
        entrant(p)
            .and_then(|e| points.iter().position(|&x| x == e.points))
            .unwrap_or(0)
    };
    let met = |a: usize, b: usize| {
        entrant(a).is_some_and(|e| e.opponents.contains(&b))
            || entrant(b).is_some_and(|e| e.opponents.contains(&a))
    };
    for (i, &t) in seated_tables.iter().enumerate() {
        let table = &round.tables[t];
        let [a, b] = table.players;
        let Some(kept) = kept.as_ref().map(|kept| kept[i]) else {
            // A field too large to judge exactly: a table other than Holonet's is not decided,
            // never called a break.
            if !replay_tables.contains(&pair(table.players)) {
                departures.push(Departure {
                    table: Some(table.number),
                    players: table.players.to_vec(),
                    kind: DepartureKind::Undecided,
                    broken: false,
                    instead: Vec::new(),
                });
            }
            continue;
        };
        // Holonet's own tables are permitted; a recorded one is listed all the same when it
        // is not kept, so that every table marked anywhere is in the audit's list.
        if kept && replay_tables.contains(&pair(table.players)) {
            continue;
        }
        let crossed = group(a) != group(b);
        let kind = if met(a, b) {
            DepartureKind::Rematch
        } else if halves.is_some() {
            match (kept, crossed) {
                (true, _) => DepartureKind::OtherSeating,
                (false, false) => DepartureKind::NotInHalves,
                (false, true) => DepartureKind::AcrossGroups,
            }
        } else if crossed {
            DepartureKind::AcrossGroups
        } else if !kept {
            DepartureKind::NotPermitted
        } else if method == PairingMethod::Halves && number > 1 {
            DepartureKind::Adjustment
        } else {
            DepartureKind::OtherDraw
        };
        departures.push(Departure {
            table: Some(table.number),
            players: table.players.to_vec(),
            kind,
            broken: !kept,
            instead: Vec::new(),
        });
    }
    departures
}

/// Whether the rules also allow `taker` the bye the replay gives `due`, after round 1.
/// 2018: the lowest-ranked player without a bye, where only the random tiebreaker (the
/// director's draw) placed `taker` above `due`. 2014: the document has no bye rule, so any
/// player who has not had a bye (anyone, once every player has had one).
fn bye_open(
    method: PairingMethod,
    entrants: &[Entrant],
    before: Option<&Standings>,
    taker: usize,
    due: usize,
) -> bool {
    let had = |p: usize| entrants.iter().any(|e| e.player == p && e.had_bye);
    let everyone_had = entrants.iter().all(|e| e.had_bye);
    if had(taker) && !everyone_had {
        return false;
    }
    if method == PairingMethod::Halves {
        return true;
    }
    let Some(rows) = before.map(|s| &s.rows) else {
        return false;
    };
    let at = |p: usize| rows.iter().position(|r| r.player == p);
    let (Some(x), Some(y)) = (at(taker), at(due)) else {
        return false;
    };
    rows[x.min(y) + 1..=x.max(y)]
        .iter()
        .all(|r| r.decided_by == Some(Decider::Tiebreaker(Tiebreaker::Random)))
}

/// The SW:CCG games that can be replayed and the Final Confrontation.
fn audit_ccg(play: &CcgPlay, ccg: &CcgComputed) -> Vec<RoundAudit> {
    let mut out: Vec<RoundAudit> = play
        .games
        .iter()
        .zip(&ccg.replays)
        .enumerate()
        .map_while(|(i, (game, replay))| {
            let replay = replay.as_ref()?;
            let reasons = ccg.reasons.get(i).map_or(&[][..], Vec::as_slice);
            let repeats = |dark: usize, light: usize| {
                play.games[..i]
                    .iter()
                    .flat_map(|g| &g.tables)
                    .any(|t| t.dark == dark && t.light == light)
            };
            // Every table the judged outcome does not give, and every other table that
            // differs from the seeded one: so each table the page marks is listed here too.
            let mut departures: Vec<Departure> = game
                .tables
                .iter()
                .zip(reasons)
                .filter_map(|(t, reason)| {
                    let seeded = replay
                        .seeded
                        .tables
                        .iter()
                        .any(|x| x.dark == t.dark && x.light == t.light);
                    let mut players = vec![t.dark, t.light];
                    let (kind, broken) = match (*reason)? {
                        // The seeded outcome gives it: no difference from the replay.
                        TableReason::Guide(_)
                        | TableReason::Undecided
                        | TableReason::AssistantUndecided
                            if seeded =>
                        {
                            return None;
                        }
                        TableReason::Guide(_) => (DepartureKind::OtherDraw, false),
                        TableReason::Departure { .. } if repeats(t.dark, t.light) => {
                            (DepartureKind::Rematch, true)
                        }
                        TableReason::Departure { .. } => (DepartureKind::NotTheGuide, true),
                        TableReason::Undecided => (DepartureKind::Undecided, false),
                        TableReason::NotTheAssistant { player, why } => {
                            // The player it concerns is named first.
                            players.sort_by_key(|&p| p != player);
                            match why {
                                AssistantBreak::Allegiance => (DepartureKind::AllegianceKept, true),
                                AssistantBreak::Pairing => (DepartureKind::NotTheAssistant, true),
                                AssistantBreak::Repeat => {
                                    players = vec![t.dark, t.light];
                                    (DepartureKind::AssistantRepeat, true)
                                }
                            }
                        }
                        TableReason::AssistantUndecided => (DepartureKind::NotReplayed, false),
                    };
                    Some(Departure {
                        table: Some(t.number),
                        players,
                        kind,
                        broken,
                        instead: Vec::new(),
                    })
                })
                .collect();
            let seeded_byes: Vec<usize> = replay.seeded.byes.iter().map(|b| b.player).collect();
            for &p in &game.byes {
                let broken = replay.broken_byes.contains(&p);
                if seeded_byes.contains(&p) && !broken {
                    continue;
                }
                let kind = if replay.undecided_byes.contains(&p) {
                    DepartureKind::Undecided
                } else {
                    DepartureKind::Bye
                };
                departures.push(Departure {
                    table: None,
                    players: vec![p],
                    kind,
                    broken,
                    instead: seeded_byes
                        .iter()
                        .copied()
                        .filter(|b| !game.byes.contains(b))
                        .collect(),
                });
            }
            Some(RoundAudit {
                stage: Stage::Game,
                number: Some(game.number),
                departures,
            })
        })
        .collect();
    if let Some(fin) = &ccg.final_confrontation
        && !play.final_games.is_empty()
    {
        let departures = play
            .final_games
            .iter()
            .filter(|t| !(fin.finalists.contains(&t.dark) && fin.finalists.contains(&t.light)))
            .map(|t| {
                final_departure(
                    Some(t.number),
                    vec![t.dark, t.light],
                    fin.finalists.to_vec(),
                )
            })
            .collect();
        out.push(RoundAudit {
            stage: Stage::FinalConfrontation,
            number: None,
            departures,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Outcome, Table};
    use crate::rules::compute::{compute, next_swiss_round};
    use crate::rules::standings::tests::{event_with, rounds_mut, sweep};
    use crate::rules::verdict::{Status, UNDECIDED};
    use crate::rules::{FFG_2014, FFG_2018, Ruleset};

    /// An event of `n` players under `ruleset` with `rounds` rounds paired as `holonet pair`
    /// pairs them, the first player of each table winning.
    fn paired(ruleset: &'static Ruleset, n: usize, rounds: usize) -> Event {
        let mut ev = event_with(n, vec![]);
        ev.info.rules = ruleset.id.into();
        ev.info.swiss_rounds = Some(9);
        for _ in 0..rounds {
            let tables = replay_of_next(ruleset, &ev);
            push(&mut ev, tables.0, tables.1, |[a, _]| sweep(a));
        }
        ev
    }

    /// The next round as Holonet pairs it: tables and the bye.
    fn replay_of_next(ruleset: &'static Ruleset, ev: &Event) -> (Vec<[usize; 2]>, Vec<usize>) {
        let (_, round) = next_swiss_round(ev, &compute(ruleset, ev)).expect("a next round");
        (
            round.tables.iter().map(|t| t.players).collect(),
            round.bye.map(|b| b.player).into_iter().collect(),
        )
    }

    /// Records a round of `tables` and `byes`, each table's result from `outcome`.
    fn push(
        ev: &mut Event,
        tables: Vec<[usize; 2]>,
        byes: Vec<usize>,
        outcome: impl Fn([usize; 2]) -> Outcome,
    ) {
        let rounds = rounds_mut(ev);
        let number = rounds.len() as u32 + 1;
        rounds.push(Round {
            number,
            tables: tables
                .into_iter()
                .enumerate()
                .map(|(t, players)| Table {
                    number: t as u32 + 1,
                    players,
                    first_dark: None,
                    outcome: outcome(players),
                    forfeit: None,
                })
                .collect(),
            byes,
        });
    }

    fn last(ruleset: &'static Ruleset, ev: &Event) -> RoundAudit {
        let audit = compute(ruleset, ev).audit;
        audit.rounds.last().expect("an audited round").clone()
    }

    fn kinds(round: &RoundAudit) -> Vec<(DepartureKind, bool)> {
        round
            .departures
            .iter()
            .map(|d| (d.kind, d.broken))
            .collect()
    }

    fn met(ev: &Event, a: usize, b: usize) -> bool {
        ev.rounds()
            .iter()
            .flat_map(|r| &r.tables)
            .any(|t| pair(t.players) == pair([a, b]))
    }

    /// The replay of round 2 of eight players, with the winners of round 1 first: their group
    /// of four at the top, the losers' below.
    fn round_two(ruleset: &'static Ruleset) -> (Event, Vec<[usize; 2]>) {
        let ev = paired(ruleset, 8, 1);
        let (tables, byes) = replay_of_next(ruleset, &ev);
        assert!(byes.is_empty());
        (ev, tables)
    }

    #[test]
    fn rounds_paired_by_holonet_are_identical() {
        for ruleset in [&FFG_2018, &FFG_2014] {
            for n in [6, 7, 9] {
                let ev = paired(ruleset, n, 4);
                let audit = compute(ruleset, &ev).audit;
                assert_eq!(audit.rounds.len(), 4);
                assert_eq!(
                    audit.status(),
                    Some(Status::Identical),
                    "{} {n}",
                    ruleset.id
                );
                assert_eq!(
                    audit.summary().as_deref(),
                    Some("every round as Holonet pairs it")
                );
            }
        }
    }

    /// 2018: the draw within a score group is random, so another draw is legal.
    #[test]
    fn another_draw_within_a_score_group_is_a_legitimate_choice() {
        let (mut ev, tables) = round_two(&FFG_2018);
        // The top group's two tables, their opponents swapped: winners never met each other.
        let [[a, b], [c, d]] = [tables[0], tables[1]];
        assert!(!met(&ev, a, d) && !met(&ev, c, b));
        let mut swapped = tables.clone();
        swapped[0] = [a, d];
        swapped[1] = [c, b];
        push(&mut ev, swapped, vec![], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        assert_eq!(round.status(), Status::Legal);
        assert_eq!(
            kinds(&round),
            [
                (DepartureKind::OtherDraw, false),
                (DepartureKind::OtherDraw, false)
            ]
        );
    }

    #[test]
    fn an_avoidable_rematch_breaks_a_rule() {
        let (mut ev, tables) = round_two(&FFG_2018);
        // A winner of the top group meets again the player they beat in round 1.
        let [a, b] = tables[0];
        let beaten = ev.rounds()[0]
            .tables
            .iter()
            .find(|t| t.players.contains(&a))
            .map(|t| t.players[0] + t.players[1] - a)
            .unwrap();
        let k = tables.iter().position(|t| t.contains(&beaten)).unwrap();
        let other = tables[k][0] + tables[k][1] - beaten;
        let mut planted = tables.clone();
        planted[0] = [a, beaten];
        planted[k] = [b, other];
        push(&mut ev, planted, vec![], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        assert_eq!(round.status(), Status::Broken);
        let rematch = round
            .departures
            .iter()
            .find(|d| d.table == Some(1))
            .unwrap();
        assert_eq!(
            (rematch.kind, rematch.broken),
            (DepartureKind::Rematch, true)
        );
        assert!(
            rematch
                .explain(|p| format!("P{p}"))
                .contains("had already met")
        );
    }

    #[test]
    fn pairing_across_score_groups_without_need_breaks_a_rule() {
        let (mut ev, tables) = round_two(&FFG_2018);
        // Every winner meets a loser they have not played: four tables across the groups.
        let winners: Vec<usize> = ev.rounds()[0].tables.iter().map(|t| t.players[0]).collect();
        let losers: Vec<usize> = ev.rounds()[0].tables.iter().map(|t| t.players[1]).collect();
        let crossed: Vec<[usize; 2]> = (0..4).map(|i| [winners[i], losers[(i + 1) % 4]]).collect();
        assert_eq!(tables.len(), 4);
        push(&mut ev, crossed, vec![], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        assert_eq!(round.status(), Status::Broken);
        assert!(
            kinds(&round)
                .iter()
                .all(|&k| k == (DepartureKind::AcrossGroups, true))
        );
    }

    #[test]
    fn a_bye_to_someone_the_rules_do_not_give_it_breaks_a_rule() {
        let mut ev = paired(&FFG_2018, 7, 1);
        let (tables, byes) = replay_of_next(&FFG_2018, &ev);
        let due = byes[0];
        // The player at table 1 takes the bye; the one due it sits in their place.
        let top = tables[0][0];
        let mut moved = tables.clone();
        moved[0][0] = due;
        push(&mut ev, moved, vec![top], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        let bye = round
            .departures
            .iter()
            .find(|d| d.kind == DepartureKind::Bye)
            .unwrap();
        assert!(bye.broken);
        assert_eq!(
            (bye.players.clone(), bye.instead.clone()),
            (vec![top], vec![due])
        );
        assert_eq!(round.place(bye), "Bye");
    }

    #[test]
    fn the_first_rounds_bye_is_drawn_so_any_player_may_take_it() {
        let mut ev = paired(&FFG_2018, 7, 0);
        let (tables, byes) = replay_of_next(&FFG_2018, &ev);
        let top = tables[0][0];
        let mut moved = tables.clone();
        moved[0][0] = byes[0];
        push(&mut ev, moved, vec![top], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        assert_eq!(round.status(), Status::Legal);
    }

    /// Four players who split every match of a round robin: every pairing of round 4 has two
    /// rematches, so another one than Holonet's is legal.
    #[test]
    fn an_unavoidable_rematch_is_permitted() {
        let mut ev = paired(&FFG_2018, 4, 0);
        for tables in [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]] {
            push(&mut ev, tables.to_vec(), vec![], |_| Outcome::Split);
        }
        let (replay, _) = replay_of_next(&FFG_2018, &ev);
        let other = [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 3], [1, 2]]]
            .into_iter()
            .find(|t| {
                !t.iter()
                    .any(|&x| replay.iter().any(|&r| pair(r) == pair(x)))
            })
            .unwrap();
        push(&mut ev, other.to_vec(), vec![], |_| Outcome::Split);
        let round = last(&FFG_2018, &ev);
        assert_eq!(round.status(), Status::Legal);
        assert_eq!(
            kinds(&round),
            [
                (DepartureKind::Rematch, false),
                (DepartureKind::Rematch, false)
            ]
        );
        assert!(
            round.departures[0]
                .explain(|p| format!("P{p}"))
                .contains("one the round needed")
        );
    }

    /// 2014: later rounds pair in halves with no draw; a swap within a group whose halves
    /// pairing has no rematch breaks the rule.
    #[test]
    fn a_swap_within_a_group_breaks_the_halves_rule() {
        let (mut ev, tables) = round_two(&FFG_2014);
        let [[a, b], [c, d]] = [tables[0], tables[1]];
        let mut swapped = tables.clone();
        swapped[0] = [a, d];
        swapped[1] = [c, b];
        push(&mut ev, swapped, vec![], |[a, _]| sweep(a));
        let round = last(&FFG_2014, &ev);
        assert_eq!(
            kinds(&round),
            [
                (DepartureKind::NotInHalves, true),
                (DepartureKind::NotInHalves, true)
            ]
        );
    }

    /// 2014: round 1 is a draw, as in 2018, and the document has no bye rule: a bye to a
    /// player who has not had one is legal in any round.
    #[test]
    fn under_2014_the_first_draw_and_any_fresh_bye_are_legitimate() {
        let mut ev = paired(&FFG_2014, 7, 0);
        let (tables, byes) = replay_of_next(&FFG_2014, &ev);
        let mut swapped = tables.clone();
        swapped[0] = [tables[0][0], tables[1][1]];
        swapped[1] = [tables[1][0], tables[0][1]];
        push(&mut ev, swapped, byes, |[a, _]| sweep(a));
        assert_eq!(last(&FFG_2014, &ev).status(), Status::Legal);

        let (tables, byes) = replay_of_next(&FFG_2014, &ev);
        let top = tables[0][0];
        let mut moved = tables.clone();
        moved[0][0] = byes[0];
        push(&mut ev, moved, vec![top], |[a, _]| sweep(a));
        let round = last(&FFG_2014, &ev);
        let bye = round
            .departures
            .iter()
            .find(|d| d.kind == DepartureKind::Bye)
            .unwrap();
        assert!(!bye.broken);
    }

    #[test]
    fn a_player_seated_twice_or_missing_breaks_a_rule() {
        let mut ev = paired(&FFG_2018, 6, 1);
        let (mut tables, _) = replay_of_next(&FFG_2018, &ev);
        let gone = tables[2][1];
        tables[2][1] = tables[0][0];
        push(&mut ev, tables, vec![], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        let seating: Vec<(DepartureKind, Option<u32>)> = round
            .departures
            .iter()
            .filter(|d| matches!(d.kind, DepartureKind::Twice | DepartureKind::Missing))
            .map(|d| (d.kind, d.table))
            .collect();
        assert_eq!(
            seating,
            [
                (DepartureKind::Twice, Some(3)),
                (DepartureKind::Missing, None)
            ]
        );
        let missing = &round.departures[1];
        assert_eq!(missing.players, [gone]);
        assert_eq!(round.place(missing), "Seating");
    }

    /// A player who dropped is not paired again, and a late entry is paired from their round.
    #[test]
    fn drops_and_late_entries_are_replayed() {
        let mut ev = paired(&FFG_2018, 8, 2);
        ev.players[3].drop = Some(2);
        ev.players.push(ev.players[0].clone());
        let late = ev.players.len() - 1;
        ev.players[late].id = "late".into();
        ev.players[late].number = late as u32 + 1;
        ev.players[late].late = Some(3);
        let (tables, byes) = replay_of_next(&FFG_2018, &ev);
        assert!(!tables.iter().flatten().any(|&p| p == 3));
        assert!(tables.iter().flatten().chain(&byes).any(|&p| p == late));
        push(&mut ev, tables, byes, |[a, _]| sweep(a));
        assert_eq!(last(&FFG_2018, &ev).status(), Status::Identical);
    }

    /// Table numbers and seats are the organizer's: only who meets whom is compared.
    #[test]
    fn table_numbers_and_seats_do_not_matter() {
        let mut ev = paired(&FFG_2018, 8, 2);
        let (tables, byes) = replay_of_next(&FFG_2018, &ev);
        let reordered = tables.iter().rev().map(|&[a, b]| [b, a]).collect();
        push(&mut ev, reordered, byes, |[a, _]| sweep(a));
        assert_eq!(last(&FFG_2018, &ev).status(), Status::Identical);
    }

    /// `avoid` is the file's wish, not a rule of the regulations: Holonet keeps such players
    /// apart in round 1 when it can, and a draw that seats them together is still a draw.
    #[test]
    fn players_asked_to_be_kept_apart_may_still_be_drawn_together() {
        let mut ev = paired(&FFG_2018, 4, 0);
        ev.players[0].avoid = vec![1];
        let (tables, _) = replay_of_next(&FFG_2018, &ev);
        assert!(!tables.iter().any(|&t| pair(t) == [0, 1]));
        push(&mut ev, vec![[0, 1], [2, 3]], vec![], |[a, _]| sweep(a));
        let round = last(&FFG_2018, &ev);
        assert_eq!(round.status(), Status::Legal);
        assert!(
            kinds(&round)
                .iter()
                .all(|&k| k == (DepartureKind::OtherDraw, false))
        );
    }

    /// A round recorded after one with no results was not paired from known standings: it is
    /// not audited.
    #[test]
    fn a_round_after_an_unfinished_one_is_not_audited() {
        let mut ev = paired(&FFG_2018, 6, 1);
        let (tables, _) = replay_of_next(&FFG_2018, &ev);
        push(&mut ev, tables.clone(), vec![], |_| Outcome::Pending);
        push(&mut ev, tables, vec![], |_| Outcome::Pending);
        let audit = compute(&FFG_2018, &ev).audit;
        assert_eq!(audit.rounds.len(), 2);
        assert_eq!(audit.status(), Some(Status::Identical));
    }

    /// A table the bounded search could not decide is never a break: the round and the event
    /// say "not decided", and the departure is not `broken`.
    #[test]
    fn an_undecided_table_is_never_called_a_break() {
        let undecided = Departure {
            table: Some(3),
            players: vec![0, 1],
            kind: DepartureKind::Undecided,
            broken: false,
            instead: vec![],
        };
        let audit = Audit {
            rounds: vec![RoundAudit {
                stage: Stage::Game,
                number: Some(4),
                departures: vec![undecided.clone()],
            }],
        };
        assert_eq!(audit.status(), Some(Status::Undecided));
        assert_eq!(audit.rounds[0].status().verdict(), UNDECIDED);
        assert_eq!(undecided.verdict(), UNDECIDED);
        assert_eq!(
            audit.summary().as_deref(),
            Some("1 difference, 1 not decided")
        );
        assert!(
            undecided
                .explain(|p| format!("P{p}"))
                .contains("not called a break")
        );
    }

    #[test]
    fn the_summary_counts_departures_and_broken_ones() {
        let departure = |broken| Departure {
            table: Some(1),
            players: vec![0, 1],
            kind: DepartureKind::OtherDraw,
            broken,
            instead: vec![],
        };
        let audit = |departures: Vec<Departure>| Audit {
            rounds: vec![RoundAudit {
                stage: Stage::Round,
                number: Some(1),
                departures,
            }],
        };
        assert_eq!(Audit::default().summary(), None);
        assert_eq!(
            audit(vec![departure(false), departure(false)])
                .summary()
                .as_deref(),
            Some("2 differences, all permitted by the rules")
        );
        assert_eq!(
            audit(vec![departure(true)]).summary().as_deref(),
            Some("1 difference breaks a rule")
        );
        assert_eq!(
            audit(vec![departure(true), departure(false), departure(true)])
                .summary()
                .as_deref(),
            Some("3 differences, 2 break a rule")
        );
    }
}
