//! Swiss standings after a round: points, records, tiebreakers and the order they give.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::random::Stream;
use super::ratio::Ratio;
use super::scoring::{RoundKind, RoundScore};
use super::tiebreak::{Ledger, extended_strength_of_schedule, strength_of_schedule};
use super::{Ruleset, Tiebreaker};
use crate::event::Event;

/// What separated a row from the row above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Decider {
    Points,
    Tiebreaker(Tiebreaker),
}

/// One row of the standings.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: usize,
    /// 1-based; `None` for a disqualified player, listed last and unranked.
    pub(crate) rank: Option<u32>,
    pub points: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub(crate) byes: u32,
    pub(crate) rounds_played: u32,
    pub(crate) opponents: Vec<usize>,
    pub(crate) sos: Ratio,
    pub(crate) esos: Ratio,
    /// The sum of the opponents' tournament points (2014 strength of schedule).
    pub(crate) opponents_points: u32,
    /// The sum of the opponents' `opponents_points` (2014, the strength of their schedules).
    opponents_sos: u32,
    /// Position in the random order of the players in these standings (0 first), used as the
    /// last tiebreaker: the seeded one ([`Stream::tiebreak_number`]), or for a row whose tie
    /// the venue drew, the order drawn there.
    pub(crate) random_position: u32,
    /// The row's place among the players level with it on everything but the random
    /// tiebreaker was drawn at the venue ([`apply_venue_draw`]), not from the event's seed.
    #[serde(default)]
    pub(crate) drawn_at_venue: bool,
    /// What placed this row below the previous ranked row (`None` for the first).
    pub(crate) decided_by: Option<Decider>,
}

/// The standings after a round.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    pub(crate) after_round: u32,
    pub rows: Vec<Standing>,
}

/// Standings after `scores.len()` rounds, from every player's score in each of those rounds.
/// Players with no score in any of them (never played) are left out.
pub(crate) fn standings(
    ruleset: &Ruleset,
    event: &Event,
    scores: &[Vec<Option<RoundScore>>],
) -> Standings {
    standings_with_players_in_by(ruleset, event, scores, scores.len() as u32)
}

/// Standings after `scores.len()` rounds that count the missed rounds of the players in the
/// event by round `in_by` ([`crate::event::Player::is_in_by`]): the standings published after
/// a round count those in by that round; the ones that rank the next round's pairing, those in
/// by the next round (a late entry's or a returning player's missed rounds included).
pub(crate) fn standings_with_players_in_by(
    ruleset: &Ruleset,
    event: &Event,
    scores: &[Vec<Option<RoundScore>>],
    in_by: u32,
) -> Standings {
    let n = event.players.len();
    let mut ledger = Ledger {
        points: vec![0; n],
        rounds_played: vec![0; n],
        opponents: vec![Vec::new(); n],
    };
    let mut record = vec![(0u32, 0u32, 0u32, 0u32); n];
    let after_round = scores.len() as u32;
    for round in scores {
        for (p, score) in round.iter().enumerate() {
            let Some(score) = score else { continue };
            if score.kind == RoundKind::UnpairedLoss && !event.players[p].is_in_by(in_by) {
                // A late entry's or a returning player's missed rounds are scored once they
                // are in the event: the standings published before that stay as they were.
                continue;
            }
            ledger.points[p] += score.points;
            ledger.rounds_played[p] += 1;
            if let Some(o) = score.opponent() {
                ledger.opponents[p].push(o);
            }
            let r = &mut record[p];
            r.0 += score.wins;
            r.1 += score.losses;
            r.2 += score.draws;
            r.3 += u32::from(score.kind == RoundKind::Bye);
        }
    }
    let sos = strength_of_schedule(&ledger);
    let esos = extended_strength_of_schedule(&ledger, &sos);
    let opponents_points = opponents_points(&ledger);
    let opponents_sos = opponents_sums(&ledger, &opponents_points);
    // The random tiebreaker: each player's number is drawn from the seed and their own id, so
    // the order of a tie stays the same whoever registers, drops or is paired later.
    let label = format!("standings after round {after_round}");
    let number = |p: usize| Stream::tiebreak_number(event.info.seed, &label, &event.players[p].id);
    let mut order: Vec<(u64, usize)> = (0..n)
        .filter(|&p| ledger.rounds_played[p] > 0)
        .map(|p| (number(p), p))
        .collect();
    order.sort_unstable();
    let mut random_position = vec![0u32; n];
    for (position, &(_, p)) in order.iter().enumerate() {
        random_position[p] = position as u32;
    }

    let mut rows: Vec<Standing> = (0..n)
        .filter(|&p| ledger.rounds_played[p] > 0)
        .map(|p| Standing {
            player: p,
            rank: None,
            points: ledger.points[p],
            wins: record[p].0,
            losses: record[p].1,
            draws: record[p].2,
            byes: record[p].3,
            rounds_played: ledger.rounds_played[p],
            opponents: ledger.opponents[p].clone(),
            sos: sos[p],
            esos: esos[p],
            opponents_points: opponents_points[p],
            opponents_sos: opponents_sos[p],
            random_position: random_position[p],
            drawn_at_venue: false,
            decided_by: None,
        })
        .collect();
    // Disqualified players are set apart only in standings from their disqualification on.
    let disqualified = |row: &Standing| {
        let p = &event.players[row.player];
        p.disqualified && p.drop.is_some_and(|d| d <= after_round)
    };
    rows.sort_by(|a, b| {
        disqualified(a)
            .cmp(&disqualified(b))
            .then(b.points.cmp(&a.points))
            .then(a.player.cmp(&b.player))
    });
    let head_to_head = HeadToHead::new(scores);
    let mut ordered = Vec::with_capacity(rows.len());
    let mut start = 0;
    while start < rows.len() {
        let key = |r: &Standing| (disqualified(r), r.points);
        let end = start
            + rows[start..]
                .iter()
                .take_while(|r| key(r) == key(&rows[start]))
                .count();
        let group: Vec<Standing> = rows[start..end].to_vec();
        let mut resolved = resolve_ties(ruleset, &head_to_head, group, 0);
        if start > 0
            && let Some(first) = resolved.first_mut()
        {
            first.decided_by = Some(Decider::Points);
        }
        ordered.extend(resolved);
        start = end;
    }
    let mut rank = 0;
    for row in &mut ordered {
        if disqualified(row) {
            row.decided_by = None;
            continue;
        }
        rank += 1;
        row.rank = Some(rank);
    }
    Standings {
        after_round,
        rows: ordered,
    }
}

/// Why a recorded venue draw cannot order the final standings.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) enum VenueDrawProblem {
    /// The Swiss rounds are not all finished: there are no final standings to order yet.
    NotFinal,
    /// The player is not level with anyone on everything before the random tiebreaker.
    NotTied { player: usize },
    /// A tie has players the draw names (`named`, in the draw's order) and players it does not
    /// (`missing`, in the standings' order); all of them must be named.
    Incomplete {
        named: Vec<usize>,
        missing: Vec<usize>,
    },
}

/// The ties the random tiebreaker decided: each a run of two or more rows level on everything
/// before it, as a range of row indices. A row the random order placed below the one above
/// belongs to that row's tie.
pub(crate) fn random_ties(s: &Standings) -> Vec<std::ops::Range<usize>> {
    let mut ties: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, row) in s.rows.iter().enumerate() {
        if row.decided_by != Some(Decider::Tiebreaker(Tiebreaker::Random)) || i == 0 {
            continue;
        }
        match ties.last_mut() {
            Some(tie) if tie.end == i => tie.end = i + 1,
            _ => ties.push(i - 1..i + 1),
        }
    }
    ties
}

/// Orders each tie the random tiebreaker decided as `order` (players, first drawn first) says
/// the venue drew it. A tie is reordered only when `order` names every player in it; the rows
/// keep the tie's ranks and deciders, so only who holds which place changes. Returns what
/// `order` names that is not such a tie.
pub(crate) fn apply_venue_draw(s: &mut Standings, order: &[usize]) -> Vec<VenueDrawProblem> {
    let ties = random_ties(s);
    let mut problems = Vec::new();
    for &player in order {
        if !ties
            .iter()
            .any(|t| s.rows[t.clone()].iter().any(|r| r.player == player))
        {
            problems.push(VenueDrawProblem::NotTied { player });
        }
    }
    let drawn = |player: usize| order.iter().position(|&p| p == player);
    for tie in ties {
        let rows = &mut s.rows[tie];
        let mut named: Vec<usize> = rows
            .iter()
            .map(|r| r.player)
            .filter(|&p| drawn(p).is_some())
            .collect();
        if named.is_empty() {
            continue;
        }
        if named.len() < rows.len() {
            named.sort_by_key(|&p| drawn(p));
            let missing = rows
                .iter()
                .map(|r| r.player)
                .filter(|&p| drawn(p).is_none())
                .collect();
            problems.push(VenueDrawProblem::Incomplete { named, missing });
            continue;
        }
        // The places stay (their random positions ascend down the tie, as the random
        // tiebreaker reads them); the players move into them in the order drawn.
        let places: Vec<(Option<u32>, Option<Decider>, u32)> = rows
            .iter()
            .map(|r| (r.rank, r.decided_by, r.random_position))
            .collect();
        rows.sort_by_key(|r| drawn(r.player));
        for (row, (rank, decided_by, position)) in rows.iter_mut().zip(places) {
            row.rank = rank;
            row.decided_by = decided_by;
            row.drawn_at_venue = true;
            row.random_position = position;
        }
    }
    problems
}

/// Each player's opponents' tournament points, summed (the 2014 strength of schedule).
fn opponents_points(ledger: &Ledger) -> Vec<u32> {
    ledger
        .opponents
        .iter()
        .map(|opps| opps.iter().map(|&o| ledger.points[o]).sum())
        .collect()
}

/// Each player's opponents' `values`, summed (the 2014 strength of the opponents' schedules).
fn opponents_sums(ledger: &Ledger, values: &[u32]) -> Vec<u32> {
    ledger
        .opponents
        .iter()
        .map(|opps| opps.iter().map(|&o| values[o]).sum())
        .collect()
}

/// Who defeated whom: for each pair that met, the points each took from their matches.
struct HeadToHead {
    taken: BTreeMap<(usize, usize), u32>,
}

impl HeadToHead {
    fn new(scores: &[Vec<Option<RoundScore>>]) -> HeadToHead {
        let mut taken = BTreeMap::new();
        for round in scores {
            for (p, score) in round.iter().enumerate() {
                if let Some(score) = score
                    && let Some(o) = score.opponent()
                {
                    *taken.entry((p, o)).or_insert(0) += score.points;
                }
            }
        }
        HeadToHead { taken }
    }

    /// `a` met `b` and took more tournament points from their matches than `b` did.
    fn defeated(&self, a: usize, b: usize) -> bool {
        match (self.taken.get(&(a, b)), self.taken.get(&(b, a))) {
            (Some(x), Some(y)) => x > y,
            _ => false,
        }
    }
}

/// Orders a group of rows tied on points by the ruleset's tiebreakers from `level` on. The
/// first row of each part after the first records the tiebreaker that separated it.
fn resolve_ties(
    ruleset: &Ruleset,
    h2h: &HeadToHead,
    mut group: Vec<Standing>,
    level: usize,
) -> Vec<Standing> {
    if group.len() <= 1 {
        return group;
    }
    let Some(&tiebreaker) = ruleset.tiebreakers.get(level) else {
        return group;
    };
    if tiebreaker == Tiebreaker::HeadToHead {
        // A player who defeated every other member of the group goes first; the rest are
        // looked at again, as a smaller group.
        let winner = group.iter().position(|r| {
            group
                .iter()
                .all(|o| o.player == r.player || h2h.defeated(r.player, o.player))
        });
        return match winner {
            Some(i) => {
                let first = group.remove(i);
                let mut rest = resolve_ties(ruleset, h2h, group, level);
                if let Some(next) = rest.first_mut() {
                    next.decided_by = Some(Decider::Tiebreaker(Tiebreaker::HeadToHead));
                }
                let mut ordered = vec![first];
                ordered.extend(rest);
                ordered
            }
            None => resolve_ties(ruleset, h2h, group, level + 1),
        };
    }
    // A value tiebreaker: split the group by value, best first, and resolve each part further.
    group.sort_by(|a, b| compare(tiebreaker, a, b).then(a.player.cmp(&b.player)));
    let mut ordered = Vec::with_capacity(group.len());
    let mut rest = group.as_slice();
    while let Some(first) = rest.first() {
        let len = rest
            .iter()
            .take_while(|r| compare(tiebreaker, first, r) == Ordering::Equal)
            .count();
        let mut part = resolve_ties(ruleset, h2h, rest[..len].to_vec(), level + 1);
        if !ordered.is_empty()
            && let Some(head) = part.first_mut()
        {
            head.decided_by = Some(Decider::Tiebreaker(tiebreaker));
        }
        ordered.extend(part);
        rest = &rest[len..];
    }
    ordered
}

impl Standing {
    /// The row's value for a value tiebreaker (`None` for head-to-head and random).
    pub(crate) fn value(&self, tiebreaker: Tiebreaker) -> Option<Ratio> {
        match tiebreaker {
            Tiebreaker::StrengthOfSchedule => Some(self.sos),
            Tiebreaker::ExtendedStrengthOfSchedule => Some(self.esos),
            Tiebreaker::OpponentsPoints => Some(Ratio::integer(u128::from(self.opponents_points))),
            Tiebreaker::OpponentsStrength => Some(Ratio::integer(u128::from(self.opponents_sos))),
            Tiebreaker::HeadToHead | Tiebreaker::Random => None,
        }
    }
}

/// The order a value tiebreaker gives (better first); head-to-head is not a value.
fn compare(tiebreaker: Tiebreaker, a: &Standing, b: &Standing) -> Ordering {
    match tiebreaker {
        Tiebreaker::StrengthOfSchedule => b.sos.cmp(&a.sos),
        Tiebreaker::ExtendedStrengthOfSchedule => b.esos.cmp(&a.esos),
        Tiebreaker::OpponentsPoints => b.opponents_points.cmp(&a.opponents_points),
        Tiebreaker::OpponentsStrength => b.opponents_sos.cmp(&a.opponents_sos),
        Tiebreaker::Random => a.random_position.cmp(&b.random_position),
        Tiebreaker::HeadToHead => Ordering::Equal,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::event::{Decks, EventInfo, Game, Kind, Outcome, Player, Round, SwissPlay, Table};
    use crate::rules::scoring::score_round;
    use crate::rules::{FFG_2014, FFG_2018};
    use crate::toml_reader::Date;

    pub(crate) fn game(winner: Option<usize>) -> Game {
        Game { winner, by: None }
    }

    /// Two games won by `w`.
    pub(crate) fn sweep(w: usize) -> Outcome {
        Outcome::Games(vec![game(Some(w)), game(Some(w))])
    }

    /// One round for [`event_with`]: tables of `(a, b, outcome)`, and the byes.
    pub(crate) type TestRound = (Vec<(usize, usize, Outcome)>, Vec<usize>);

    /// An event with `n` players `p0..` and the given rounds.
    pub(crate) fn event_with(n: usize, rounds: Vec<TestRound>) -> Event {
        let players = (0..n)
            .map(|i| Player {
                id: format!("p{i}"),
                name: format!("Player {i}"),
                number: i as u32 + 1,
                avoid: vec![],
                drop: None,
                rejoin: None,
                late: None,
                disqualified: false,
                organizer: false,
                forum_handle: None,
                decks: Decks::default(),
            })
            .collect();
        let rounds = rounds
            .into_iter()
            .enumerate()
            .map(|(i, (tables, byes))| Round {
                number: i as u32 + 1,
                tables: tables
                    .into_iter()
                    .enumerate()
                    .map(|(t, (a, b, outcome))| Table {
                        number: t as u32 + 1,
                        players: [a, b],
                        first_dark: None,
                        outcome,
                        forfeit: None,
                    })
                    .collect(),
                byes,
            })
            .collect();
        Event {
            slug: "test".into(),
            file: "events/test.toml".into(),
            info: EventInfo {
                name: "Test".into(),
                date: Date {
                    year: 2018,
                    month: 5,
                    day: 12,
                },
                end_date: None,
                rules: "ffg-2018".into(),
                format: "standard".into(),
                structure: "custom".into(),
                swiss_rounds: None,
                cut: None,
                field_size: None,
                tier: None,
                seed: 1,
                location: None,
                venue: None,
                organizer: None,
                url: None,
                round_minutes: None,
                description: None,
                deck_size: None,
                variant: None,
                min_games: None,
                closed: false,
                stopped: None,
                decklists: Default::default(),
                updated: None,
                paired: None,
            },
            players,
            people: Vec::new(),
            members: Vec::new(),
            kind: Kind::Swiss(SwissPlay {
                rounds,
                ..SwissPlay::default()
            }),
            long_text: None,
        }
    }

    /// The rounds of an event made by [`event_with`], to change one.
    pub(crate) fn rounds_mut(ev: &mut Event) -> &mut Vec<Round> {
        match &mut ev.kind {
            Kind::Swiss(play) => &mut play.rounds,
            _ => unreachable!("event_with makes a Swiss event"),
        }
    }

    fn table_2014(ev: &Event) -> Standings {
        let scores: Vec<_> = ev
            .rounds()
            .iter()
            .map(|r| score_round(&FFG_2014, ev, r))
            .collect();
        standings(&FFG_2014, ev, &scores)
    }

    fn table_after(ev: &Event) -> Standings {
        let scores: Vec<_> = ev
            .rounds()
            .iter()
            .map(|r| score_round(&FFG_2018, ev, r))
            .collect();
        standings(&FFG_2018, ev, &scores)
    }

    fn row(s: &Standings, p: usize) -> &Standing {
        s.rows
            .iter()
            .find(|r| r.player == p)
            .expect("player in standings")
    }

    /// Five players, two rounds, one bye each round and a split.
    ///
    /// Round 1: A beats B 2-0 (6/0), C and D draw twice... C 1 win 1 draw vs D (4/1); E bye (6).
    /// Round 2: A and E split (3/3), B beats C 2-0 (6/0); D bye (6).
    /// Points: A 9, B 6, C 4, D 7, E 9. Rounds played: 2 each.
    /// SoS: A: opponents B (6/2), E (9/2): (3 + 9/2)/2 = 15/4.
    ///      B: A (9/2), C (4/2): (9/2 + 2)/2 = 13/4.
    ///      C: D (7/2), B (6/2): (7/2 + 3)/2 = 13/4.
    ///      D: C (4/2) only (the bye is no opponent): 2.
    ///      E: A (9/2) only: 9/2.
    /// ESoS: A: (SoS B + SoS E)/2 = (13/4 + 9/2)/2 = 31/8. B: (15/4 + 13/4)/2 = 7/2.
    ///       C: (2 + 13/4)/2 = 21/8. D: 13/4. E: 15/4.
    #[test]
    fn hand_computed_field_with_byes_and_a_split() {
        let ev = event_with(
            5,
            vec![
                (
                    vec![
                        (0, 1, sweep(0)),
                        (2, 3, Outcome::Games(vec![game(Some(2)), game(None)])),
                    ],
                    vec![4],
                ),
                (vec![(0, 4, Outcome::Split), (1, 2, sweep(1))], vec![3]),
            ],
        );
        let s = table_after(&ev);
        let expect = [
            (0, 9, Ratio::new(15, 4), Ratio::new(31, 8)),
            (1, 6, Ratio::new(13, 4), Ratio::new(7, 2)),
            (2, 4, Ratio::new(13, 4), Ratio::new(21, 8)),
            (3, 7, Ratio::integer(2), Ratio::new(13, 4)),
            (4, 9, Ratio::new(9, 2), Ratio::new(15, 4)),
        ];
        for (p, points, sos, esos) in expect {
            let r = row(&s, p);
            assert_eq!((r.points, r.sos, r.esos), (points, sos, esos), "player {p}");
        }
        // E (9, SoS 9/2) above A (9, SoS 15/4) on strength of schedule; then D 7, B 6, C 4.
        let order: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![4, 0, 3, 1, 2]);
        assert_eq!(
            s.rows[1].decided_by,
            Some(Decider::Tiebreaker(Tiebreaker::StrengthOfSchedule))
        );
        assert_eq!(s.rows[2].decided_by, Some(Decider::Points));
        assert_eq!(
            (row(&s, 4).wins, row(&s, 4).losses, row(&s, 4).byes),
            (3, 1, 1)
        );
    }

    /// Equal points and equal SoS, separated by extended SoS.
    ///
    /// Round 1: A beats B, C beats D, E beats F (all 2-0). Round 2: A beats D, C beats B, F beats E...
    /// Points: A 12, C 12, B 0, D 0, E 6, F 6.
    /// SoS A: B (0/2), D (0/2) = 0. SoS C: D (0), B (0) = 0. Both 12, both SoS 0.
    /// SoS B: A (6), C (6) = 6. SoS D: C (6), A (6) = 6.
    /// ESoS A: (SoS B + SoS D)/2 = 6; ESoS C: (6 + 6)/2 = 6: still tied, so random decides.
    #[test]
    fn full_ties_fall_to_the_seeded_random_order() {
        let ev = event_with(
            6,
            vec![
                (
                    vec![(0, 1, sweep(0)), (2, 3, sweep(2)), (4, 5, sweep(4))],
                    vec![],
                ),
                (
                    vec![(0, 3, sweep(0)), (2, 1, sweep(2)), (4, 5, sweep(5))],
                    vec![],
                ),
            ],
        );
        let s = table_after(&ev);
        assert_eq!((row(&s, 0).sos, row(&s, 2).sos), (Ratio::ZERO, Ratio::ZERO));
        assert_eq!(
            (row(&s, 0).esos, row(&s, 2).esos),
            (Ratio::integer(6), Ratio::integer(6))
        );
        assert_eq!(
            s.rows[1].decided_by,
            Some(Decider::Tiebreaker(Tiebreaker::Random))
        );
        let again = table_after(&ev);
        assert_eq!(s, again, "the random tiebreak is seeded");
    }

    /// Three rounds, exact thirds and ninths.
    ///
    /// R1: A beats C, B beats D, E beats F. R2: A beats D, B beats F, E beats C.
    /// R3: A beats B, E and C split, D beats F (every win 2-0).
    /// Points: A 18, B 12, C 3, D 6, E 15, F 0; points per round played: A 6, B 4, C 1, D 2, E 5, F 0.
    /// SoS A: (C 1 + D 2 + B 4)/3 = 7/3. B: (D 2 + F 0 + A 6)/3 = 8/3. C: (A 6 + E 5 + E 5)/3 = 16/3.
    /// D: (B 4 + A 6 + F 0)/3 = 10/3. E: (F 0 + C 1 + C 1)/3 = 2/3. F: (E 5 + B 4 + D 2)/3 = 11/3.
    /// ESoS A: (16/3 + 10/3 + 8/3)/3 = 34/9. ESoS E: (11/3 + 16/3 + 16/3)/3 = 43/9.
    #[test]
    fn three_rounds_with_a_rematch_split() {
        let ev = event_with(
            6,
            vec![
                (
                    vec![(0, 2, sweep(0)), (1, 3, sweep(1)), (4, 5, sweep(4))],
                    vec![],
                ),
                (
                    vec![(0, 3, sweep(0)), (1, 5, sweep(1)), (4, 2, sweep(4))],
                    vec![],
                ),
                (
                    vec![(0, 1, sweep(0)), (4, 2, Outcome::Split), (3, 5, sweep(3))],
                    vec![],
                ),
            ],
        );
        let s = table_after(&ev);
        assert_eq!(row(&s, 1).sos, Ratio::new(8, 3));
        assert_eq!(row(&s, 4).sos, Ratio::new(2, 3));
        // SoS A: C (1), D (2), B (4) = 7/3. SoS C: A (6), E (5), E (5) = 16/3.
        // SoS D: B (4), A (6), F (0) = 10/3. SoS F: E (5), B (4), D (2) = 11/3.
        assert_eq!(row(&s, 0).sos, Ratio::new(7, 3));
        assert_eq!(row(&s, 2).sos, Ratio::new(16, 3));
        assert_eq!(row(&s, 3).sos, Ratio::new(10, 3));
        assert_eq!(row(&s, 5).sos, Ratio::new(11, 3));
        // ESoS A: (16/3 + 10/3 + 8/3)/3 = 34/9. ESoS E: (11/3 + 16/3 + 16/3)/3 = 43/9.
        assert_eq!(row(&s, 0).esos, Ratio::new(34, 9));
        assert_eq!(row(&s, 4).esos, Ratio::new(43, 9));
        let order: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![0, 4, 1, 3, 2, 5]);
    }

    /// Extended SoS separates players tied on points and SoS (three rounds, no rematches).
    ///
    /// R1: E and B win one game each (3/3), D beats F with a win and a draw (4/1), A beats C (4/1).
    /// R2: F beats A (4/1), E sweeps C (6/0), B sweeps D (6/0).
    /// R3: F beats B (4/1), D sweeps C (6/0), A beats E (4/1).
    /// Points: A 9, B 10, C 1, D 10, E 10, F 9; per round played: A 3, B 10/3, C 1/3, D 10/3, E 10/3, F 3.
    /// SoS B: (E + D + F)/3 = (10/3 + 10/3 + 3)/3 = 29/9. D: (F + B + C)/3 = (3 + 10/3 + 1/3)/3 = 20/9.
    /// E: (B + C + A)/3 = 20/9. A: (C + F + E)/3 = 20/9. C: (A + E + D)/3 = 29/9. F: (D + A + B)/3 = 29/9.
    /// ESoS D: (29/9 + 29/9 + 29/9)/3 = 29/9. E: (29/9 + 29/9 + 20/9)/3 = 26/9.
    /// Order: B (SoS), D above E (ESoS), F above A (SoS), C.
    #[test]
    fn extended_sos_breaks_a_tie_on_sos() {
        let win_draw = |w: usize| Outcome::Games(vec![game(Some(w)), game(None)]);
        let one_each = |a: usize, b: usize| Outcome::Games(vec![game(Some(a)), game(Some(b))]);
        let ev = event_with(
            6,
            vec![
                (
                    vec![
                        (4, 1, one_each(4, 1)),
                        (3, 5, win_draw(3)),
                        (0, 2, win_draw(0)),
                    ],
                    vec![],
                ),
                (
                    vec![(0, 5, win_draw(5)), (2, 4, sweep(4)), (3, 1, sweep(1))],
                    vec![],
                ),
                (
                    vec![(1, 5, win_draw(5)), (3, 2, sweep(3)), (0, 4, win_draw(0))],
                    vec![],
                ),
            ],
        );
        let s = table_after(&ev);
        assert_eq!((row(&s, 3).points, row(&s, 4).points), (10, 10));
        assert_eq!(
            (row(&s, 3).sos, row(&s, 4).sos),
            (Ratio::new(20, 9), Ratio::new(20, 9))
        );
        assert_eq!(
            (row(&s, 3).esos, row(&s, 4).esos),
            (Ratio::new(29, 9), Ratio::new(26, 9))
        );
        let order: Vec<usize> = s.rows.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![1, 3, 4, 5, 0, 2]);
        let deciders: Vec<Option<Decider>> = s.rows.iter().map(|r| r.decided_by).collect();
        let sos = Some(Decider::Tiebreaker(Tiebreaker::StrengthOfSchedule));
        let esos = Some(Decider::Tiebreaker(Tiebreaker::ExtendedStrengthOfSchedule));
        assert_eq!(
            deciders,
            vec![
                None,
                sos,
                esos,
                Some(Decider::Points),
                sos,
                Some(Decider::Points)
            ]
        );
    }

    /// A disqualified player is listed last and unranked, but their matches still count for
    /// their opponents; a player back from a drop has an unpaired loss that counts as a round
    /// played in their opponents' averages.
    ///
    /// R1: A sweeps B, C sweeps D. R2: A sweeps C, D has the bye, B is away (dropped after
    /// round 1: an unpaired loss). R3: B is back and A sweeps B, D has the bye, C is gone
    /// (disqualified after round 2).
    /// Points: A 18, B 0 in three rounds, C 6 in two rounds, D 12.
    /// SoS A: (B 0/3 + C 6/2 + B 0/3)/3 = 1. SoS D: (C 6/2)/1 = 3.
    #[test]
    fn disqualified_last_and_unpaired_losses_count_as_rounds() {
        let mut ev = event_with(
            4,
            vec![
                (vec![(0, 1, sweep(0)), (2, 3, sweep(2))], vec![]),
                (vec![(0, 2, sweep(0))], vec![3]),
                (vec![(0, 1, sweep(0))], vec![3]),
            ],
        );
        ev.players[1].drop = Some(1);
        ev.players[1].rejoin = Some(3);
        ev.players[2].drop = Some(2);
        ev.players[2].disqualified = true;
        let s = table_after(&ev);
        let order: Vec<(usize, Option<u32>)> = s.rows.iter().map(|r| (r.player, r.rank)).collect();
        assert_eq!(
            order,
            vec![(0, Some(1)), (3, Some(2)), (1, Some(3)), (2, None)]
        );
        assert_eq!((row(&s, 1).rounds_played, row(&s, 1).losses), (3, 6));
        assert_eq!(row(&s, 2).rounds_played, 2);
        assert_eq!(row(&s, 0).sos, Ratio::integer(1));
        assert_eq!(row(&s, 3).sos, Ratio::integer(3));
    }

    fn order_and_deciders(s: &Standings) -> Vec<(usize, Option<Decider>)> {
        s.rows.iter().map(|r| (r.player, r.decided_by)).collect()
    }

    const H2H: Option<Decider> = Some(Decider::Tiebreaker(Tiebreaker::HeadToHead));
    const SOS_SUM: Option<Decider> = Some(Decider::Tiebreaker(Tiebreaker::OpponentsPoints));
    const RANDOM: Option<Decider> = Some(Decider::Tiebreaker(Tiebreaker::Random));

    /// 2014, a group of two: A and B on 6 points; A beat B, so A goes first (worked example 7).
    /// R1: A sweeps B, C sweeps D. R2: C sweeps A, B sweeps D.
    #[test]
    fn head_to_head_in_a_group_of_two() {
        let ev = event_with(
            4,
            vec![
                (vec![(0, 1, sweep(0)), (2, 3, sweep(2))], vec![]),
                (vec![(2, 0, sweep(2)), (1, 3, sweep(1))], vec![]),
            ],
        );
        let s = table_2014(&ev);
        assert_eq!(
            order_and_deciders(&s),
            vec![
                (2, None),
                (0, Some(Decider::Points)),
                (1, H2H),
                (3, Some(Decider::Points))
            ]
        );
    }

    /// 2014, a group of three: A, B and C on 12; A beat both others and goes first. B and C never
    /// met; their strengths of schedule (24 each) and their opponents' (90 each) are equal too, so
    /// the seeded random order decides.
    /// R1: A sweeps B, C sweeps E, F sweeps D. R2: A sweeps C, B sweeps F, E sweeps D.
    /// R3: D sweeps A, B sweeps E, C sweeps F. Points: A 12, B 12, C 12, D 6, E 6, F 6.
    #[test]
    fn head_to_head_in_a_group_of_three() {
        let ev = event_with(
            6,
            vec![
                (
                    vec![(0, 1, sweep(0)), (2, 4, sweep(2)), (5, 3, sweep(5))],
                    vec![],
                ),
                (
                    vec![(0, 2, sweep(0)), (1, 5, sweep(1)), (4, 3, sweep(4))],
                    vec![],
                ),
                (
                    vec![(3, 0, sweep(3)), (1, 4, sweep(1)), (2, 5, sweep(2))],
                    vec![],
                ),
            ],
        );
        let s = table_2014(&ev);
        let order = order_and_deciders(&s);
        assert_eq!(order[0], (0, None));
        assert_eq!(order[1].1, H2H);
        assert_eq!(order[2].1, RANDOM);
        assert_eq!(
            (row(&s, 1).opponents_points, row(&s, 2).opponents_points),
            (24, 24)
        );
        assert_eq!(
            (row(&s, 1).opponents_sos, row(&s, 2).opponents_sos),
            (90, 90)
        );
        // The 6-point group: nobody beat both others; E and F (strength 30) above D (24).
        assert_eq!(
            (
                row(&s, 3).opponents_points,
                row(&s, 4).opponents_points,
                row(&s, 5).opponents_points
            ),
            (24, 30, 30)
        );
        assert_eq!(order[5], (3, SOS_SUM));
    }

    /// 2014, a group of four on 12 points where nobody beat every other member: the sum of the
    /// opponents' points orders them. R1: A sweeps B, C sweeps D, E sweeps F. R2: A sweeps C,
    /// B sweeps E, D sweeps F. R3: D sweeps A, B sweeps F, C sweeps E.
    /// Strength (sum): A 12+12+12 = 36, B 12+6+0 = 18, C 12+12+6 = 30, D 12+0+12 = 24.
    #[test]
    fn no_head_to_head_in_a_group_of_four() {
        let ev = event_with(
            6,
            vec![
                (
                    vec![(0, 1, sweep(0)), (2, 3, sweep(2)), (4, 5, sweep(4))],
                    vec![],
                ),
                (
                    vec![(0, 2, sweep(0)), (1, 4, sweep(1)), (3, 5, sweep(3))],
                    vec![],
                ),
                (
                    vec![(3, 0, sweep(3)), (1, 5, sweep(1)), (2, 4, sweep(2))],
                    vec![],
                ),
            ],
        );
        let s = table_2014(&ev);
        assert_eq!(
            &order_and_deciders(&s)[..4],
            &[(0, None), (2, SOS_SUM), (3, SOS_SUM), (1, SOS_SUM)]
        );
        assert_eq!(row(&s, 0).opponents_points, 36);
    }

    /// 2014: head to head comes before strength of schedule. A and B finish on 8; A beat B,
    /// though B's opponents scored far more (34 to 16).
    /// R1: A sweeps B, C sweeps F, E sweeps D. R2: A and F draw twice, B sweeps E, C sweeps D.
    /// R3: D sweeps A, B and C draw twice, E sweeps F.
    /// Points: A 8, B 8, C 14, D 6, E 12, F 2. Strength: A (B 8 + F 2 + D 6) 16, B (A 8 + E 12 + C 14) 34.
    #[test]
    fn head_to_head_comes_before_strength_of_schedule() {
        let draws = || Outcome::Games(vec![game(None), game(None)]);
        let ev = event_with(
            6,
            vec![
                (
                    vec![(0, 1, sweep(0)), (2, 5, sweep(2)), (4, 3, sweep(4))],
                    vec![],
                ),
                (
                    vec![(0, 5, draws()), (1, 4, sweep(1)), (2, 3, sweep(2))],
                    vec![],
                ),
                (
                    vec![(3, 0, sweep(3)), (1, 2, draws()), (4, 5, sweep(4))],
                    vec![],
                ),
            ],
        );
        let s = table_2014(&ev);
        assert_eq!(
            (row(&s, 0).opponents_points, row(&s, 1).opponents_points),
            (16, 34)
        );
        assert_eq!(
            order_and_deciders(&s),
            vec![
                (2, None),
                (4, Some(Decider::Points)),
                (0, Some(Decider::Points)),
                (1, H2H),
                (3, Some(Decider::Points)),
                (5, Some(Decider::Points))
            ]
        );
    }

    /// The random tiebreaker's order of a tie is drawn from the seed and the tied players'
    /// ids alone: two more players, registered before and after them and playing each other,
    /// leave the order of the four players level on everything as it was.
    #[test]
    fn a_tie_drawn_at_random_keeps_its_order_whoever_else_is_registered() {
        let four = event_with(4, vec![(vec![(0, 1, sweep(0)), (2, 3, sweep(2))], vec![])]);
        let order = |ev: &Event| -> Vec<String> {
            let scores: Vec<_> = ev
                .rounds()
                .iter()
                .map(|r| crate::rules::scoring::score_round(&FFG_2018, ev, r))
                .collect();
            standings(&FFG_2018, ev, &scores)
                .rows
                .iter()
                .map(|r| ev.players[r.player].id.clone())
                .filter(|id| four.players.iter().any(|p| &p.id == id))
                .collect()
        };
        let alone = order(&four);
        assert_eq!(alone.len(), 4);
        let mut six = event_with(
            6,
            vec![(
                vec![(1, 2, sweep(1)), (3, 4, sweep(3)), (0, 5, sweep(0))],
                vec![],
            )],
        );
        // Players 1 to 4 of six are players 0 to 3 of four; 0 and 5 are the others.
        for (i, p) in four.players.iter().enumerate() {
            six.players[i + 1].id = p.id.clone();
            six.players[i + 1].name = p.name.clone();
        }
        six.players[0].id = "aaron-first".into();
        six.players[5].id = "zora-last".into();
        let with_others = order(&six);
        assert_eq!(with_others, alone);
    }

    /// The venue's draw reorders a tie the random tiebreaker decided. As in
    /// `full_ties_fall_to_the_seeded_random_order`: A and C (12 points, SoS 0, ESoS 6), E and F
    /// (6 points, SoS 3, ESoS 3) and B and D (0 points, SoS 6, ESoS 0) are three ties. Drawing
    /// the first tie the other way round keeps its ranks and deciders; its players swap places.
    /// In the field of `hand_computed_field_with_byes_and_a_split`, points and SoS separate
    /// everyone, so a draw naming D has nothing to order.
    #[test]
    fn the_venue_draw_orders_a_tie_and_names_only_ties() {
        let ev = event_with(
            6,
            vec![
                (
                    vec![(0, 1, sweep(0)), (2, 3, sweep(2)), (4, 5, sweep(4))],
                    vec![],
                ),
                (
                    vec![(0, 3, sweep(0)), (2, 1, sweep(2)), (4, 5, sweep(5))],
                    vec![],
                ),
            ],
        );
        let seeded = table_after(&ev);
        let ties = random_ties(&seeded);
        assert_eq!(ties.len(), 3, "{:?}", order_and_deciders(&seeded));
        let first_two: Vec<usize> = seeded.rows[..2].iter().map(|r| r.player).collect();
        let mut drawn = seeded.clone();
        assert_eq!(
            apply_venue_draw(&mut drawn, &[first_two[1], first_two[0]]),
            vec![]
        );
        assert_eq!(
            (
                drawn.rows[0].player,
                drawn.rows[0].rank,
                drawn.rows[0].decided_by
            ),
            (first_two[1], Some(1), None)
        );
        assert_eq!(
            (drawn.rows[1].player, drawn.rows[1].decided_by),
            (first_two[0], RANDOM)
        );
        assert!(drawn.rows[0].drawn_at_venue && drawn.rows[1].drawn_at_venue);
        assert!(drawn.rows[2..].iter().all(|r| !r.drawn_at_venue));
        assert!(drawn.rows[0].random_position < drawn.rows[1].random_position);
        assert_eq!(drawn.rows[2..], seeded.rows[2..]);

        // In a field with no tie the random tiebreaker decides, nobody can be drawn.
        let untied = event_with(
            5,
            vec![
                (
                    vec![
                        (0, 1, sweep(0)),
                        (2, 3, Outcome::Games(vec![game(Some(2)), game(None)])),
                    ],
                    vec![4],
                ),
                (vec![(0, 4, Outcome::Split), (1, 2, sweep(1))], vec![3]),
            ],
        );
        let mut s = table_after(&untied);
        assert_eq!(
            apply_venue_draw(&mut s, &[3]),
            vec![VenueDrawProblem::NotTied { player: 3 }]
        );
        assert!(s.rows.iter().all(|r| !r.drawn_at_venue));
    }

    /// R1: A sweeps B, C sweeps D. R2: A sweeps C, B sweeps D. B and C have 6 points, SoS
    /// (6 + 0)/2 = 3 and ESoS (SoS A 3 + SoS D 3)/2 = 3: level on everything. A draw naming one
    /// of them is refused with the other, and nothing moves.
    #[test]
    fn the_venue_draw_names_every_player_of_a_tie() {
        let ev = event_with(
            4,
            vec![
                (vec![(0, 1, sweep(0)), (2, 3, sweep(2))], vec![]),
                (vec![(0, 2, sweep(0)), (1, 3, sweep(1))], vec![]),
            ],
        );
        let seeded = table_after(&ev);
        let tie: Vec<usize> = seeded.rows[1..3].iter().map(|r| r.player).collect();
        assert_eq!(random_ties(&seeded), vec![1..3]);
        let mut drawn = seeded.clone();
        let problems = apply_venue_draw(&mut drawn, &[tie[1]]);
        assert_eq!(
            problems,
            vec![VenueDrawProblem::Incomplete {
                named: vec![tie[1]],
                missing: vec![tie[0]]
            }]
        );
        assert_eq!(drawn, seeded);
    }
}
