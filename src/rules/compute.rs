//! Everything the rules compute for one event: the structure in force, each round's scores, the
//! standings after each finished round, why each recorded table was paired as it was, the next
//! round's pairing, the cut, the bracket and the final placings.

use std::collections::BTreeMap;

use super::bracket::{self, BracketInput, Recorded};
use super::pairing::halves::{self, Numbered};
use super::pairing::score_groups;
use super::pairing::swiss::{Entrant, PairedRound, Reason};
use super::round_entrants::entrants_before;
use super::scoring::{RoundKind, RoundScore, score_round};
use super::standings::{
    Standings, VenueDrawProblem, apply_venue_draw, random_ties, standings,
    standings_with_players_in_by,
};
use super::verdict::{Audit, DepartureKind, Stage};
use super::{CcgStandings, PairingMethod, Ruleset, ccg_event, structure};
use crate::event::{
    CcgPlay, DecklistRelease, EliminationGame, Event, EventInfo, FinalMatch, Kind, Player, Round,
    SwissPlay,
};

use super::computed::{
    Computed, ComputedKind, FinalProblem, Seed, Status, SwissComputed, TeamFinal, VenueDraw,
};

/// Players who count for the structure table: everyone registered, except those who withdrew
/// before round 1 and never came back.
pub(crate) fn entrants(players: &[Player]) -> u32 {
    players
        .iter()
        .filter(|p| p.drop != Some(0) || p.rejoin.is_some())
        .count() as u32
}

/// Players the structure table is read for. The regulations have the rounds and the cut
/// announced before the start, so the structure is fixed when round 1 is paired
/// (`round_one_paired`): from then on it counts the players of round 1 (registered before it and
/// not withdrawn before it), and a late entry changes nothing. Before that, every entrant counts.
pub(crate) fn structure_players(players: &[Player], round_one_paired: bool) -> u32 {
    if !round_one_paired {
        return entrants(players);
    }
    players
        .iter()
        .filter(|p| p.late.is_none() && p.drop != Some(0))
        .count() as u32
}

/// The Swiss rounds and cut in force: the file's values, else the structure table's for the
/// [`structure_players`] (`None` where neither gives one).
pub(crate) fn structure_in_force(
    ruleset: &Ruleset,
    info: &EventInfo,
    players: &[Player],
    round_one_paired: bool,
) -> (Option<u32>, Option<u32>) {
    let row = structure::lookup(
        ruleset,
        &info.structure,
        structure_players(players, round_one_paired),
    );
    (
        info.swiss_rounds.or(row.map(|r| r.swiss_rounds)),
        info.cut.or(row.map(|r| r.cut)),
    )
}

/// Computes an event under its ruleset. Validation has already resolved the ruleset id.
pub(crate) fn compute(ruleset: &'static Ruleset, event: &Event) -> Computed {
    let (swiss_rounds, cut) = structure_in_force(
        ruleset,
        &event.info,
        &event.players,
        !event.rounds().is_empty(),
    );
    let mut computed = Computed {
        ruleset,
        swiss_rounds,
        cut,
        kind: ComputedKind::Recorded,
        placings: None,
        status: Status::Upcoming,
        decklists_published: false,
        audit: Audit::default(),
    };
    match &event.kind {
        Kind::Swiss(play) => settle_swiss(event, play, &mut computed),
        Kind::Ccg(play) => settle_ccg(event, play, &mut computed),
        Kind::League(games) => {
            let league = super::casual::compute_league(ruleset, event, games);
            settle_casual(event, &mut computed, league.games.len());
            if event.info.closed {
                // A closed league's places are its ranked players.
                computed.placings = Some(
                    league
                        .standings
                        .iter()
                        .filter_map(|r| Some((r.rank?, r.player)))
                        .collect(),
                );
            }
            computed.kind = ComputedKind::League(league);
        }
        Kind::Challenge(sessions) => {
            settle_casual(event, &mut computed, sessions.len());
            if event.info.closed {
                // A challenge event ranks nobody: its record is each scenario's.
                computed.placings = Some(Vec::new());
            }
            computed.kind =
                ComputedKind::Challenge(super::casual::compute_challenge(event, sessions));
        }
        Kind::Recorded(rows) => {
            // Shown as recorded: the places are the organizer's, nothing else is computed.
            computed.placings = Some(rows.iter().map(|r| (r.rank, r.player)).collect());
            computed.status = Status::Finished;
        }
    }
    // A record that stops before the end is never shown as under way (nor as still to come).
    if event.info.stopped.is_some() && computed.status != Status::Finished {
        computed.status = Status::Stopped;
    }
    computed.decklists_published = decklists_published(event.info.decklists, &computed);
    computed.audit = super::audit::audit(event, &computed);
    let audit = &computed.audit;
    if let ComputedKind::Swiss(swiss) = &mut computed.kind {
        mark_avoidable_rematches(event, audit, &mut swiss.table_reasons);
    }
    computed
}

/// Labels [`Reason::AvoidableRematch`] each recorded rematch the audit finds breaks a rule, so
/// that the round pages, `event.json`, `check` and the audit give one verdict on every table.
fn mark_avoidable_rematches(event: &Event, audit: &Audit, reasons: &mut [Vec<Reason>]) {
    for round in audit.rounds.iter().filter(|r| r.stage == Stage::Round) {
        let Some(i) = round
            .number
            .and_then(|n| n.checked_sub(1))
            .map(|n| n as usize)
        else {
            continue;
        };
        let (Some(recorded), Some(labels)) = (event.rounds().get(i), reasons.get_mut(i)) else {
            continue;
        };
        for d in round
            .departures
            .iter()
            .filter(|d| d.broken && d.kind == DepartureKind::Rematch)
        {
            let at = recorded
                .tables
                .iter()
                .position(|t| Some(t.number) == d.table);
            if let Some(label) = at.and_then(|t| labels.get_mut(t)) {
                *label = Reason::AvoidableRematch;
            }
        }
    }
}

/// Whether an event's decklists may be shown now, under its `decklists` setting. Only the
/// recorded results decide, never the date, so the same files always give the same site:
///
/// - `public`: always.
/// - `after-event`: once the event is finished (a league or challenge event once it is
///   closed; an event known only by its recorded standings always is).
/// - `after-cut`: as `after-event`, and also as soon as every planned round before the cut has
///   its results (the Swiss rounds; a SW:CCG event's games of play): who goes on is then known,
///   and the lists come out before the first elimination game or the Final Confrontation.
///   Without a cut, the end of those rounds is the end of the event, but for a team event whose
///   two best teams finished level: their final match is played with the lists out. Leagues and
///   challenge events plan no rounds, so their lists come out when they are closed.
pub(crate) fn decklists_published(release: DecklistRelease, computed: &Computed) -> bool {
    // A record that stops is over too: nothing more will be played.
    let finished = matches!(computed.status, Status::Finished | Status::Stopped);
    match release {
        DecklistRelease::Public => true,
        DecklistRelease::AfterEvent => finished,
        DecklistRelease::AfterCut => finished || computed.rounds_finished(),
    }
}

/// A league or a challenge event is played as it comes: under way from the first game or
/// session (of `played`), finished when the organizer closes it.
fn settle_casual(event: &Event, computed: &mut Computed, played: usize) {
    computed.status = if played == 0 {
        Status::Upcoming
    } else if event.info.closed {
        Status::Finished
    } else {
        Status::Running
    };
}

/// A Swiss event: each finished round scored, the standings after it, the next round, then the
/// cut and its bracket or the team final, and the placings once all is played.
fn settle_swiss(event: &Event, play: &SwissPlay, computed: &mut Computed) {
    let ruleset = computed.ruleset;
    let finished: Vec<_> = play.rounds.iter().take_while(|r| r.is_complete()).collect();
    let mut swiss = SwissComputed {
        round_scores: finished
            .iter()
            .map(|r| score_round(ruleset, event, r))
            .collect(),
        ..SwissComputed::default()
    };
    swiss.standings = (1..=swiss.round_scores.len())
        .map(|k| standings(ruleset, event, &swiss.round_scores[..k]))
        .collect();
    swiss.pairing_standings = pairing_standings(ruleset, event, &swiss.round_scores);
    swiss.table_reasons = table_reasons(ruleset, event, &play.rounds, &swiss);
    computed.kind = ComputedKind::Swiss(swiss);
    let all_recorded_finished = finished.len() == play.rounds.len();
    let next_round = if play.rounds.is_empty() {
        None
    } else {
        next_swiss_round(event, computed)
    };
    let swiss_finished = computed.swiss_finished();
    let (swiss_rounds, cut_size) = (computed.swiss_rounds, computed.cut.unwrap_or(0));
    let ComputedKind::Swiss(swiss) = &mut computed.kind else {
        unreachable!("set just above")
    };
    swiss.next_round = next_round;
    let mut placings = None;
    let final_standings = swiss_finished && all_recorded_finished;
    if !play.venue_draw.is_empty() {
        match swiss.standings.last_mut().filter(|_| final_standings) {
            Some(last) => {
                swiss.venue_draw_problems = apply_venue_draw(last, &play.venue_draw);
                swiss.venue_draw = Some(VenueDraw::Recorded);
            }
            None => swiss.venue_draw_problems = vec![VenueDrawProblem::NotFinal],
        }
    }
    if final_standings {
        if cut_size > 0 {
            if let Some(swiss_rounds) = swiss_rounds {
                make_cut(event, swiss, swiss_rounds, cut_size);
                placings = run_bracket(
                    event,
                    &play.elimination,
                    swiss,
                    ruleset,
                    swiss_rounds,
                    cut_size,
                );
                if swiss.venue_draw_problems.is_empty()
                    && !swiss.bracket_problems.is_empty()
                    && let Some(drawn) = venue_draw_from_bracket(
                        event,
                        &play.elimination,
                        swiss,
                        ruleset,
                        swiss_rounds,
                        cut_size,
                    )
                {
                    placings = drawn;
                }
            }
        } else if event.is_team()
            && let Some(team_final) = team_final(swiss)
        {
            placings = settle_team_final(play.final_match.as_ref(), swiss, ruleset, team_final);
        } else if let Some(last) = swiss.latest() {
            placings = Some(
                last.rows
                    .iter()
                    .filter_map(|r| Some((r.rank?, r.player)))
                    .collect(),
            );
        }
    }
    if play.final_match.is_some() && swiss.team_final.is_none() {
        swiss.final_problem = Some(FinalProblem::NotNeeded);
    }
    computed.status = if play.rounds.is_empty() {
        Status::Upcoming
    } else if placings.is_some() {
        Status::Finished
    } else {
        Status::Running
    };
    computed.placings = placings;
}

/// The next Swiss round as the rules pair it: when every recorded round is finished and the
/// structure plans more. `None` otherwise.
pub(crate) fn next_swiss_round(event: &Event, computed: &Computed) -> Option<(u32, PairedRound)> {
    let recorded = event.rounds().len();
    let finished = computed.swiss().map_or(0, |s| s.standings.len());
    if finished != recorded || computed.swiss_finished() {
        return None;
    }
    let number = recorded as u32 + 1;
    let entrants = swiss_entrants(event, computed, number);
    if entrants.len() < 2 {
        return None;
    }
    let paired = match computed.ruleset.pairing {
        PairingMethod::RandomWithinGroups => {
            score_groups::pair_round(event.info.seed, number, &entrants)
        }
        PairingMethod::Halves => {
            halves::pair_round(event.info.seed, number, &numbered(event, entrants))
        }
        // SW:CCG events pair game by game: see `ccg`.
        PairingMethod::AllegiancePiles => return None,
    };
    Some((number, paired))
}

/// Why each recorded table was paired as it was: the reasons the ruleset's pairing gives, judged
/// for the recorded tables from the standings and meetings before their round (see
/// [`score_groups::label_recorded`] and [`halves::label_recorded`]).
fn table_reasons(
    ruleset: &Ruleset,
    event: &Event,
    rounds: &[Round],
    swiss: &SwissComputed,
) -> Vec<Vec<Reason>> {
    rounds
        .iter()
        .enumerate()
        .map(|(i, round)| {
            let before = swiss.before_round(round.number);
            let tables: Vec<[usize; 2]> = round.tables.iter().map(|t| t.players).collect();
            let seated: Vec<Entrant> = entrants_before(event, before, &rounds[..i], round.number)
                .into_iter()
                .filter(|e| tables.iter().any(|t| t.contains(&e.player)))
                .collect();
            match ruleset.pairing {
                PairingMethod::Halves => {
                    halves::label_recorded(round.number, &numbered(event, seated), &tables)
                }
                PairingMethod::RandomWithinGroups | PairingMethod::AllegiancePiles => {
                    score_groups::label_recorded(round.number, &seated, &tables)
                }
            }
        })
        .collect()
}

/// Entrants with the player numbers the 2014 rules pair by.
fn numbered(event: &Event, entrants: Vec<Entrant>) -> Vec<Numbered> {
    entrants
        .into_iter()
        .map(|entrant| Numbered {
            number: event.players[entrant.player].number,
            entrant,
        })
        .collect()
}

/// The players in the event for round `number`, with what pairing needs to know about them.
fn swiss_entrants(event: &Event, computed: &Computed, number: u32) -> Vec<Entrant> {
    let before = computed.swiss().and_then(|s| s.before_round(number));
    entrants_before(event, before, event.rounds(), number)
}

/// The standings that rank a round's pairing where they are not the ones published after the
/// round before ([`SwissComputed::pairing_standings`]): for each round a late entry or a
/// returning player comes in for, after missing a round that scores them a loss.
fn pairing_standings(
    ruleset: &Ruleset,
    event: &Event,
    round_scores: &[Vec<Option<RoundScore>>],
) -> BTreeMap<u32, Standings> {
    (2..=round_scores.len() + 1)
        .filter_map(|next| {
            let played = &round_scores[..next - 1];
            let number = u32::try_from(next).ok()?;
            let comes_in = |p: usize| {
                let player = &event.players[p];
                !player.is_in_by(number - 1) && player.is_in_by(number)
            };
            played
                .iter()
                .any(|round| {
                    round.iter().enumerate().any(|(p, score)| {
                        comes_in(p) && score.is_some_and(|s| s.kind == RoundKind::UnpairedLoss)
                    })
                })
                .then(|| {
                    (
                        number,
                        standings_with_players_in_by(ruleset, event, played, number),
                    )
                })
        })
        .collect()
}

/// The cut from the final Swiss standings: the top `size` of the players still in the event;
/// a qualified player who left before the cut began (`drop` = the last Swiss round) is replaced
/// by the next player in the standings, who enters as the lowest seed.
fn make_cut(event: &Event, swiss: &mut SwissComputed, swiss_rounds: u32, size: u32) {
    let Some(last) = swiss.latest() else {
        return;
    };
    let ranked: Vec<(usize, u32)> = last
        .rows
        .iter()
        .filter_map(|r| Some((r.player, r.rank?)))
        .collect();
    let (seeds, replaced) = cut_seeds(&event.players, &ranked, swiss_rounds, size as usize);
    swiss.seeds = seeds;
    swiss.replaced = replaced;
}

/// The cut's seeds from the final Swiss ranking (`(player, rank)`, best first), and the
/// qualified players who left before the cut began.
fn cut_seeds(
    players: &[Player],
    ranked: &[(usize, u32)],
    swiss_rounds: u32,
    size: usize,
) -> (Vec<Seed>, Vec<usize>) {
    let eligible: Vec<(usize, u32)> = ranked
        .iter()
        .copied()
        .filter(|&(p, _)| players[p].is_active_in(swiss_rounds))
        .collect();
    let left = |p: usize| players[p].drop == Some(swiss_rounds);
    let qualified = &eligible[..size.min(eligible.len())];
    let mut seeds: Vec<Seed> = qualified
        .iter()
        .filter(|&&(p, _)| !left(p))
        .map(|&(player, swiss_rank)| Seed {
            player,
            swiss_rank,
            replacement: false,
        })
        .collect();
    let replaced: Vec<usize> = qualified
        .iter()
        .filter(|&&(p, _)| left(p))
        .map(|&(p, _)| p)
        .collect();
    let replacements = eligible[qualified.len()..]
        .iter()
        .filter(|&&(p, _)| !left(p));
    for &(player, swiss_rank) in replacements.take(size.saturating_sub(seeds.len())) {
        seeds.push(Seed {
            player,
            swiss_rank,
            replacement: true,
        });
    }
    (seeds, replaced)
}

/// The smallest SW:CCG cut that is a top cut of two-game matches (a cut of 2 is the guide's
/// Final Confrontation).
const TOP_CUT_OF_MATCHES: u32 = 4;

/// A SW:CCG event: computed game by game; placings once the games (and the Final
/// Confrontation, with a cut of 2, or the top cut of matches) are over.
fn settle_ccg(event: &Event, play: &CcgPlay, computed: &mut Computed) {
    let cut = computed.cut.unwrap_or(0);
    let mut ccg = ccg_event::compute_ccg(
        event,
        play,
        computed.swiss_rounds,
        cut,
        computed.ruleset.ccg_standings,
    );
    let games_done = computed
        .swiss_rounds
        .is_some_and(|n| ccg.games().len() as u32 >= n)
        && ccg.games().len() == play.games.len();
    if games_done
        && cut >= TOP_CUT_OF_MATCHES
        && let (Some(rows), Some(swiss_games)) = (ccg.standings.last(), computed.swiss_rounds)
    {
        ccg.top_cut = ccg_event::compute_top_cut(event, play, rows, swiss_games, cut);
    }
    let last = ccg.standings.last();
    computed.placings = match (&ccg.final_confrontation, last) {
        (Some(fin), Some(rows)) => fin.outcome.as_ref().map(|o| {
            let other = if o.winner == fin.finalists[0] {
                fin.finalists[1]
            } else {
                fin.finalists[0]
            };
            let rest = rows
                .iter()
                .filter(|r| r.place.is_some())
                .map(|r| r.player)
                .filter(|&p| p != o.winner && p != other);
            [o.winner, other]
                .into_iter()
                .chain(rest)
                .zip(1..)
                .map(|(p, place)| (place, p))
                .collect()
        }),
        // A bracket places by its final and the round each player went out in.
        _ if computed.ruleset.ccg_standings == CcgStandings::TournamentAssistantMatchPlay => {
            ccg_event::match_play_placings(play, &ccg)
        }
        // A top cut places its players; the others follow in the final Swiss standings.
        (None, Some(rows)) if cut >= TOP_CUT_OF_MATCHES => {
            let top_cut = ccg.top_cut.as_ref();
            top_cut
                .and_then(|t| t.bracket.placings(&t.seeds))
                .map(|mut placings| {
                    let seeds = &top_cut.expect("placed").seeds;
                    let mut previous: Option<(usize, u32)> = None;
                    for r in rows.iter().filter(|r| !seeds.contains(&r.player)) {
                        let Some(swiss_place) = r.place else { continue };
                        let place = match previous {
                            Some((p, shared)) if p == swiss_place => shared,
                            _ => placings.len() as u32 + 1,
                        };
                        previous = Some((swiss_place, place));
                        placings.push((place, r.player));
                    }
                    placings
                })
        }
        (None, Some(rows)) if games_done && cut == 0 => Some(
            rows.iter()
                .filter_map(|r| Some((r.place? as u32, r.player)))
                .collect(),
        ),
        _ => None,
    };
    computed.status = if play.games.is_empty() {
        Status::Upcoming
    } else if computed.placings.is_some() {
        Status::Finished
    } else {
        Status::Running
    };
    computed.kind = ComputedKind::Ccg(ccg);
}

/// The final a team event needs: its two best teams, when they are level on points.
fn team_final(swiss: &SwissComputed) -> Option<TeamFinal> {
    let rows: Vec<_> = swiss
        .latest()?
        .rows
        .iter()
        .filter(|r| r.rank.is_some())
        .take(2)
        .collect();
    match rows[..] {
        [first, second] if first.points == second.points => Some(TeamFinal {
            teams: [first.player, second.player],
            points: None,
            champion: None,
        }),
        _ => None,
    }
}

/// Scores the recorded final match (if any) and gives the placings once it has a winner: the
/// final's winner first, its loser second, the other teams as the Swiss standings left them.
fn settle_team_final(
    recorded: Option<&FinalMatch>,
    swiss: &mut SwissComputed,
    ruleset: &Ruleset,
    mut team_final: TeamFinal,
) -> Option<Vec<(u32, usize)>> {
    if let Some(recorded) = recorded {
        let strangers = recorded
            .games
            .iter()
            .filter_map(|g| g.winner)
            .chain(recorded.first_dark);
        if let Some(stranger) = strangers.filter(|p| !team_final.teams.contains(p)).min() {
            swiss.final_problem = Some(FinalProblem::NotAFinalist(stranger));
        } else if !recorded.games.is_empty() {
            let points = ruleset.game_points;
            let took = |team: usize| -> u32 {
                recorded
                    .games
                    .iter()
                    .map(|g| match g.winner {
                        Some(w) if w == team => points.win,
                        Some(_) => points.loss,
                        None => points.draw,
                    })
                    .sum()
            };
            let [a, b] = team_final.teams;
            let scored = [took(a), took(b)];
            team_final.points = Some(scored);
            team_final.champion = match scored[0].cmp(&scored[1]) {
                std::cmp::Ordering::Greater => Some(a),
                std::cmp::Ordering::Less => Some(b),
                std::cmp::Ordering::Equal => None,
            };
        }
    }
    let mut placings = None;
    if let (Some(champion), Some(last)) = (team_final.champion, swiss.latest()) {
        let runner_up = if champion == team_final.teams[0] {
            team_final.teams[1]
        } else {
            team_final.teams[0]
        };
        let rest = last
            .rows
            .iter()
            .filter(|r| r.rank.is_some() && !team_final.teams.contains(&r.player))
            .map(|r| r.player);
        placings = Some(
            [champion, runner_up]
                .into_iter()
                .chain(rest)
                .zip(1..)
                .map(|(p, place)| (place, p))
                .collect(),
        );
    }
    swiss.team_final = Some(team_final);
    placings
}

/// Plays the bracket forward from the recorded elimination games, and gives its placings once
/// it has them.
fn run_bracket(
    event: &Event,
    elimination: &[EliminationGame],
    swiss: &mut SwissComputed,
    ruleset: &Ruleset,
    swiss_rounds: u32,
    size: u32,
) -> Option<Vec<(u32, usize)>> {
    if swiss.seeds.len() < size as usize {
        return None;
    }
    let seeds: Vec<usize> = swiss.seeds.iter().map(|s| s.player).collect();
    let games: BTreeMap<u32, Recorded> = elimination
        .iter()
        .filter(|g| g.is_reported())
        .map(|g| {
            (
                g.number,
                Recorded {
                    winner: g.winner,
                    dark: g.dark,
                    timed: g.timed,
                },
            )
        })
        .collect();
    let dropped: BTreeMap<usize, u32> = seeds
        .iter()
        .filter_map(|&p| Some((p, event.players[p].drop?.checked_sub(swiss_rounds)?)))
        .filter(|&(_, after)| after > 0)
        .collect();
    let (bracket, problems) = bracket::progress(&BracketInput {
        size,
        seeds: &seeds,
        games: &games,
        dropped: &dropped,
        seed: event.info.seed,
        rules: ruleset.elimination,
    });
    let placings = (!bracket.placings.is_empty()).then(|| bracket.placings.clone());
    swiss.bracket = Some(bracket);
    swiss.bracket_problems = problems;
    placings
}

/// The most orders of the tied players [`venue_draw_from_bracket`] tries (7!, a tie of seven).
const MOST_DRAWS: usize = 5040;

/// The venue's draw as its bracket shows it. When the recorded elimination games do not fit the
/// cut the seeded random order makes, but players level on everything but that random order
/// stand at or above the cut's last seat, the venue drew another order than Holonet's seed: the
/// orders of those ties are tried (each tie's seeded order first, then the others in turn), and
/// the first whose cut the recorded bracket fits in full is the venue's. `swiss` then holds its
/// standings, seeds and bracket, and the placings are returned; `None` when no order fits (the
/// seeded cut and its problems stay) or there are more orders than [`MOST_DRAWS`]. Ties the
/// event's `venue_draw` already ordered keep its order: only the others are tried, and the
/// standings still say the draw was recorded.
fn venue_draw_from_bracket(
    event: &Event,
    elimination: &[EliminationGame],
    swiss: &mut SwissComputed,
    ruleset: &Ruleset,
    swiss_rounds: u32,
    size: u32,
) -> Option<Option<Vec<(u32, usize)>>> {
    let last = swiss.latest()?;
    let last_seat = swiss
        .seeds
        .iter()
        .filter_map(|seed| last.rows.iter().position(|r| r.player == seed.player))
        .max()?;
    let tied: Vec<Vec<usize>> = random_ties(last)
        .into_iter()
        .filter(|tie| tie.start <= last_seat)
        .filter(|tie| !last.rows[tie.clone()].iter().any(|r| r.drawn_at_venue))
        .map(|tie| last.rows[tie].iter().map(|r| r.player).collect())
        .collect();
    let count = tied
        .iter()
        .flat_map(|tie| 1..=tie.len())
        .try_fold(1usize, |n, k| n.checked_mul(k))
        .filter(|&n| n <= MOST_DRAWS)?;
    let ties: Vec<Vec<Vec<usize>>> = tied.iter().map(|tie| orders(tie)).collect();
    // Each tie's order by number, the first tie's changing fastest; 0 is the seeded draw.
    for draw in 1..count {
        let mut rest = draw;
        let mut order = Vec::new();
        for tie in &ties {
            let chosen = rest % tie.len();
            rest /= tie.len();
            if chosen > 0 {
                order.extend(&tie[chosen]);
            }
        }
        let mut standings = last.clone();
        apply_venue_draw(&mut standings, &order);
        let mut trial = SwissComputed {
            standings: vec![standings],
            ..SwissComputed::default()
        };
        make_cut(event, &mut trial, swiss_rounds, size);
        let placings = run_bracket(event, elimination, &mut trial, ruleset, swiss_rounds, size);
        if trial.bracket_problems.is_empty() {
            if let (Some(last), Some(drawn)) = (swiss.standings.last_mut(), trial.standings.pop()) {
                *last = drawn;
            }
            swiss.seeds = trial.seeds;
            swiss.replaced = trial.replaced;
            swiss.bracket = trial.bracket;
            swiss.bracket_problems = Vec::new();
            swiss.venue_draw.get_or_insert(VenueDraw::Bracket);
            return Some(placings);
        }
    }
    None
}

/// Every order of `players`, the given one first, then in lexicographic order of positions.
fn orders(players: &[usize]) -> Vec<Vec<usize>> {
    let mut positions: Vec<usize> = (0..players.len()).collect();
    let mut all = vec![players.to_vec()];
    // The next permutation of `positions`, until the last.
    loop {
        let Some(i) = positions.windows(2).rposition(|w| w[0] < w[1]) else {
            return all;
        };
        let j = positions
            .iter()
            .rposition(|&p| p > positions[i])
            .expect("a later, greater position exists");
        positions.swap(i, j);
        positions[i + 1..].reverse();
        all.push(positions.iter().map(|&k| players[k]).collect());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bracket::Problem;
    use crate::rules::ratio::Ratio;
    use crate::rules::standings::tests::event_with;

    /// Worked example 9: the 6th-placed player leaves before the top 8 begins; the 9th enters as
    /// seed 8, and the former 7th and 8th move up to seeds 6 and 7.
    #[test]
    fn cut_replacement_enters_as_the_lowest_seed() {
        let mut ev = event_with(12, vec![]);
        ev.players[5].drop = Some(4);
        ev.players[10].drop = Some(2);
        let ranked: Vec<(usize, u32)> = (0..12).map(|p| (p, p as u32 + 1)).collect();
        let (seeds, replaced) = cut_seeds(&ev.players, &ranked, 4, 8);
        let players: Vec<usize> = seeds.iter().map(|s| s.player).collect();
        assert_eq!(players, vec![0, 1, 2, 3, 4, 6, 7, 8]);
        assert_eq!(replaced, vec![5]);
        assert!(seeds[7].replacement && !seeds[6].replacement);
        assert_eq!(seeds[7].swiss_rank, 9);
    }

    /// Players who dropped during the Swiss rounds are not eligible; the next ones move up
    /// normally (they are not replacements).
    #[test]
    fn players_who_dropped_during_the_swiss_are_skipped() {
        let mut ev = event_with(6, vec![]);
        ev.players[1].drop = Some(2);
        let ranked: Vec<(usize, u32)> = (0..6).map(|p| (p, p as u32 + 1)).collect();
        let (seeds, replaced) = cut_seeds(&ev.players, &ranked, 4, 4);
        assert_eq!(
            seeds
                .iter()
                .map(|s| (s.player, s.replacement))
                .collect::<Vec<_>>(),
            vec![(0, false), (2, false), (3, false), (4, false)]
        );
        assert!(replaced.is_empty());
    }

    /// Whether each setting shows the lists of `ev` as computed under the 2018 rules.
    fn shown(ev: &mut Event) -> [bool; 3] {
        [
            DecklistRelease::Public,
            DecklistRelease::AfterCut,
            DecklistRelease::AfterEvent,
        ]
        .map(|release| {
            ev.info.decklists = release;
            compute(&crate::rules::FFG_2018, ev).decklists_published
        })
    }

    /// A Swiss event of four players, two rounds and a top 4: the lists held back until the
    /// second round is finished (after the cut) or the bracket has its champion (after the event).
    #[test]
    fn held_back_lists_come_out_after_the_cut_or_the_event() {
        use crate::rules::standings::tests::{TestRound, sweep};
        let round = || -> TestRound { (vec![(0, 1, sweep(0)), (2, 3, sweep(2))], vec![]) };
        let planned = |rounds: Vec<TestRound>, cut: u32| {
            let mut ev = event_with(4, rounds);
            (ev.info.swiss_rounds, ev.info.cut) = (Some(2), Some(cut));
            ev
        };
        assert_eq!(
            shown(&mut planned(vec![round()], 4)),
            [true, false, false],
            "during the Swiss rounds"
        );
        assert_eq!(
            shown(&mut planned(vec![round(), round()], 4)),
            [true, true, false],
            "the cut is known, the bracket still to play"
        );
        assert_eq!(
            shown(&mut planned(vec![round(), round()], 0)),
            [true, true, true],
            "without a cut the Swiss rounds end the event"
        );
    }

    #[test]
    fn an_event_not_yet_begun_holds_its_lists_back() {
        let mut ev = event_with(4, vec![]);
        (ev.info.swiss_rounds, ev.info.cut) = (Some(2), Some(0));
        assert_eq!(shown(&mut ev), [true, false, false]);
    }

    /// A league has no rounds before a cut: both settings wait until it is closed.
    #[test]
    fn a_league_publishes_held_back_lists_when_it_is_closed() {
        use crate::event::casual::{LeagueGame, LeagueResult};
        use crate::event::{Game, Kind};
        let mut ev = event_with(2, vec![]);
        ev.info.format = "league".into();
        ev.kind = Kind::League(vec![LeagueGame {
            number: 1,
            date: ev.info.date,
            dark: 0,
            light: 1,
            result: LeagueResult::Lcg(Game {
                winner: Some(0),
                by: None,
            }),
        }]);
        assert_eq!(shown(&mut ev), [true, false, false], "running");
        ev.info.closed = true;
        assert_eq!(shown(&mut ev), [true, true, true], "closed");
    }

    /// An event known only by its recorded standings is over: nothing is held back.
    #[test]
    fn recorded_standings_are_a_finished_event() {
        let mut ev = event_with(2, vec![]);
        ev.kind = crate::event::Kind::Recorded(Vec::new());
        assert_eq!(shown(&mut ev), [true, true, true]);
    }

    /// Eight players, two rounds, a top 4. R1: A sweeps B, C sweeps D, E sweeps F, G sweeps H.
    /// R2: A sweeps C, E sweeps G, B sweeps D, F sweeps H.
    /// Points: A 12, E 12; B, C, F, G 6; D, H 0 (per round: 6, 3, 0).
    /// SoS: A (B 3 + C 3)/2 = 3, E (F 3 + G 3)/2 = 3; C (D 0 + A 6)/2 = 3, G (H 0 + E 6)/2 = 3,
    /// B (A 6 + D 0)/2 = 3, F (E 6 + H 0)/2 = 3; D (C 3 + B 3)/2 = 3, H (G 3 + F 3)/2 = 3.
    /// ESoS: the mean of two opponents' SoS of 3, so 3 for everyone. B, C, F and G are level on
    /// points, SoS and ESoS for seeds 3 and 4: only the random tiebreaker separates them.
    fn tied_for_the_last_seat(elimination: Vec<EliminationGame>) -> Event {
        let sweep = crate::rules::standings::tests::sweep;
        let mut ev = event_with(
            8,
            vec![
                (
                    vec![
                        (0, 1, sweep(0)),
                        (2, 3, sweep(2)),
                        (4, 5, sweep(4)),
                        (6, 7, sweep(6)),
                    ],
                    vec![],
                ),
                (
                    vec![
                        (0, 2, sweep(0)),
                        (4, 6, sweep(4)),
                        (1, 3, sweep(1)),
                        (5, 7, sweep(5)),
                    ],
                    vec![],
                ),
            ],
        );
        ev.info.swiss_rounds = Some(2);
        ev.info.cut = Some(4);
        if let Kind::Swiss(play) = &mut ev.kind {
            play.elimination = elimination;
        }
        ev
    }

    fn won(number: u32, dark: usize, winner: usize) -> EliminationGame {
        EliminationGame {
            number,
            winner: Some(winner),
            dark: Some(dark),
            timed: None,
        }
    }

    /// The venue drew another order of the four players level on everything for seeds 3 and 4
    /// than the event's seed gives: its bracket, where a player the seeded order leaves out plays
    /// seed 1 in game 1, is accepted, and the standings, seeds and bracket follow it.
    #[test]
    fn cut_seat_drawn_at_the_venue_is_accepted() {
        let seeded = compute(&crate::rules::FFG_2018, &tied_for_the_last_seat(Vec::new()));
        let swiss = seeded.swiss().unwrap();
        let last = swiss.latest().unwrap();
        let level: Vec<_> = last.rows[2..6]
            .iter()
            .map(|r| (r.points, r.sos, r.esos))
            .collect();
        assert!(
            level
                .iter()
                .all(|&l| l == (6, Ratio::integer(3), Ratio::integer(3)))
        );
        assert_eq!(swiss.venue_draw, None);
        let first = swiss.seeds[0].player;
        let left_out = last.rows[4].player;
        // At the venue, the fifth of the seeded order was drawn fourth and won game 1.
        let ev = tied_for_the_last_seat(vec![won(1, first, left_out)]);
        // The seeded cut cannot take that bracket.
        let mut seeded_cut = swiss.clone();
        let game_1 = [won(1, first, left_out)];
        run_bracket(&ev, &game_1, &mut seeded_cut, &crate::rules::FFG_2018, 2, 4);
        assert_eq!(
            seeded_cut.bracket_problems,
            vec![Problem::NotInGame {
                game: 1,
                player: left_out
            }]
        );
        let drawn = compute(&crate::rules::FFG_2018, &ev);
        let swiss = drawn.swiss().unwrap();
        assert_eq!(swiss.bracket_problems, vec![]);
        assert_eq!(swiss.venue_draw, Some(VenueDraw::Bracket));
        assert_eq!(swiss.seeds[3].player, left_out);
        let last = swiss.latest().unwrap();
        assert_eq!(
            (last.rows[3].player, last.rows[3].rank),
            (left_out, Some(4))
        );
        assert!(last.rows[2..6].iter().all(|r| r.drawn_at_venue));
        assert!(
            !last.rows[1].drawn_at_venue,
            "the tie for first is the seed's"
        );
    }

    /// The file records the venue's draw of one tie (`venue_draw`, seeds 3 to 6), and its
    /// bracket shows the tie for first drawn otherwise than the event's seed (the seeded
    /// second plays game 1, seed 1's game): both stand, and the draw is still the recorded one.
    #[test]
    fn a_recorded_venue_draw_and_a_bracket_drawn_otherwise_both_stand() {
        let mut ev = tied_for_the_last_seat(Vec::new());
        let seeded = compute(&crate::rules::FFG_2018, &ev);
        let last = seeded.latest().unwrap();
        let (first, second) = (last.rows[0].player, last.rows[1].player);
        assert_eq!(
            last.rows[1].decided_by,
            Some(crate::rules::standings::Decider::Tiebreaker(
                crate::rules::Tiebreaker::Random
            ))
        );
        let tie: Vec<usize> = last.rows[2..6].iter().rev().map(|r| r.player).collect();
        if let Kind::Swiss(play) = &mut ev.kind {
            play.venue_draw = tie.clone();
            play.elimination = vec![won(1, second, second)];
        }
        let drawn = compute(&crate::rules::FFG_2018, &ev);
        let swiss = drawn.swiss().unwrap();
        assert_eq!(swiss.venue_draw_problems, vec![]);
        assert_eq!(swiss.bracket_problems, vec![]);
        assert_eq!(swiss.venue_draw, Some(VenueDraw::Recorded));
        let seeds: Vec<usize> = swiss.seeds.iter().map(|s| s.player).collect();
        assert_eq!(seeds, [second, first, tie[0], tie[1]]);
        assert!(
            swiss.latest().unwrap().rows[..6]
                .iter()
                .all(|r| r.drawn_at_venue)
        );
    }

    /// `venue_draw` orders a tie as drawn at the venue; the cut follows it.
    #[test]
    fn a_recorded_venue_draw_orders_the_final_standings_and_the_cut() {
        let mut ev = tied_for_the_last_seat(Vec::new());
        let seeded = compute(&crate::rules::FFG_2018, &ev);
        let tie: Vec<usize> = seeded.latest().unwrap().rows[2..6]
            .iter()
            .rev()
            .map(|r| r.player)
            .collect();
        if let Kind::Swiss(play) = &mut ev.kind {
            play.venue_draw = tie.clone();
        }
        let drawn = compute(&crate::rules::FFG_2018, &ev);
        let swiss = drawn.swiss().unwrap();
        assert_eq!(swiss.venue_draw_problems, vec![]);
        assert_eq!(swiss.venue_draw, Some(VenueDraw::Recorded));
        let order: Vec<usize> = swiss.latest().unwrap().rows[2..6]
            .iter()
            .map(|r| r.player)
            .collect();
        assert_eq!(order, tie);
        assert_eq!(
            (swiss.seeds[2].player, swiss.seeds[3].player),
            (tie[0], tie[1])
        );
        // Before the last round is finished there are no final standings to order.
        if let Kind::Swiss(play) = &mut ev.kind {
            play.rounds[1].tables[0].outcome = crate::event::Outcome::Pending;
        }
        let running = compute(&crate::rules::FFG_2018, &ev);
        assert_eq!(
            running.swiss().unwrap().venue_draw_problems,
            vec![VenueDrawProblem::NotFinal]
        );
    }
}
