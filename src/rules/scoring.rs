//! Points and records: what each player took from each round.

use super::Ruleset;
use crate::event::{Event, Outcome, Round, Table};

/// How a player's round went, for scoring.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RoundKind {
    /// Played a match at a table.
    Match { opponent: usize },
    /// Split the round with the opponent by agreement.
    Split { opponent: usize },
    /// No opponent; every game counts as won.
    Bye,
    /// Missed the round while dropped and later rejoined (or, where the ruleset says so, before
    /// a late entry joined), or forfeited it as one of the rest of the event after a deck check
    /// (2014): a loss without an opponent.
    UnpairedLoss,
}

/// One player's result for one round.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RoundScore {
    pub(crate) kind: RoundKind,
    pub(crate) points: u32,
    pub(crate) wins: u32,
    pub(crate) losses: u32,
    pub(crate) draws: u32,
}

impl RoundScore {
    /// The opponent met this round, if any (a bye is not an opponent).
    pub(crate) fn opponent(&self) -> Option<usize> {
        match self.kind {
            RoundKind::Match { opponent } | RoundKind::Split { opponent } => Some(opponent),
            RoundKind::Bye | RoundKind::UnpairedLoss => None,
        }
    }
}

/// What each of a table's two players (in seat order) took from it; `None` while it is not
/// reported. A match forfeited after a deck check counts as every game lost by the player at
/// fault and won by the opponent, whatever was played.
pub(crate) fn table_scores(ruleset: &Ruleset, table: &Table) -> Option<[RoundScore; 2]> {
    let per_game = ruleset.game_points;
    let games = ruleset.games_per_match;
    let [a, b] = table.players;
    let score = |me: usize, them: usize| match &table.outcome {
        Outcome::Pending => None,
        Outcome::Split => Some(RoundScore {
            kind: RoundKind::Split { opponent: them },
            points: ruleset.split_points.unwrap_or(0),
            wins: 1,
            losses: 1,
            draws: 0,
        }),
        Outcome::Games(_) if table.forfeit.is_some() => {
            let lost = table.forfeit.is_some_and(|f| f.player == me);
            let (wins, losses) = if lost { (0, games) } else { (games, 0) };
            Some(RoundScore {
                kind: RoundKind::Match { opponent: them },
                points: wins * per_game.win + losses * per_game.loss,
                wins,
                losses,
                draws: 0,
            })
        }
        Outcome::Games(list) => {
            let wins = list.iter().filter(|g| g.winner == Some(me)).count() as u32;
            let losses = list.iter().filter(|g| g.winner == Some(them)).count() as u32;
            let draws = list.iter().filter(|g| g.winner.is_none()).count() as u32;
            Some(RoundScore {
                kind: RoundKind::Match { opponent: them },
                points: wins * per_game.win + draws * per_game.draw + losses * per_game.loss,
                wins,
                losses,
                draws,
            })
        }
    };
    Some([score(a, b)?, score(b, a)?])
}

/// Every player's score in a round whose results are all in, indexed by player. `None` for a
/// player with no part in the round (dropped, or not yet registered).
pub(crate) fn score_round(
    ruleset: &Ruleset,
    event: &Event,
    round: &Round,
) -> Vec<Option<RoundScore>> {
    let mut scores = vec![None; event.players.len()];
    let per_game = ruleset.game_points;
    let games = ruleset.games_per_match;
    for table in &round.tables {
        if let Some(seats) = table_scores(ruleset, table) {
            for (p, score) in table.players.into_iter().zip(seats) {
                scores[p] = Some(score);
            }
        }
    }
    // Players whose deck could not be made legal after an earlier match forfeit this one.
    let forfeited_rest: Vec<usize> = event
        .rounds()
        .iter()
        .take_while(|r| r.number < round.number)
        .flat_map(|r| &r.tables)
        .filter_map(|t| t.forfeit.filter(|f| f.rest).map(|f| f.player))
        .collect();
    for &p in &round.byes {
        scores[p] = Some(RoundScore {
            kind: RoundKind::Bye,
            points: ruleset.bye_points(),
            wins: games,
            losses: 0,
            draws: 0,
        });
    }
    for (p, player) in event.players.iter().enumerate() {
        let late_loss = ruleset.late_entry == super::LateEntry::UnpairedLosses
            && player.missed_before_joining(round.number);
        let forfeits = forfeited_rest.contains(&p);
        if scores[p].is_none()
            && (player.has_unpaired_loss_in(round.number) || late_loss || forfeits)
        {
            scores[p] = Some(RoundScore {
                kind: RoundKind::UnpairedLoss,
                points: games * per_game.loss,
                wins: 0,
                losses: games,
                draws: 0,
            });
        }
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Outcome;
    use crate::rules::FFG_2018;
    use crate::rules::standings::tests::{event_with, game, rounds_mut, sweep};

    fn points(outcome: Outcome) -> (u32, u32) {
        let ev = event_with(2, vec![(vec![(0, 1, outcome)], vec![])]);
        let s = score_round(&FFG_2018, &ev, &ev.rounds()[0]);
        (s[0].expect("scored").points, s[1].expect("scored").points)
    }

    /// Worked example 1 (the same per-game points in 2014 and 2018) and 12 (intentional split).
    #[test]
    fn match_points_per_game() {
        assert_eq!(points(sweep(0)), (6, 0));
        assert_eq!(
            points(Outcome::Games(vec![game(Some(0)), game(None)])),
            (4, 1)
        );
        assert_eq!(
            points(Outcome::Games(vec![game(Some(0)), game(Some(1))])),
            (3, 3)
        );
        assert_eq!(points(Outcome::Games(vec![game(None), game(None)])), (2, 2));
        assert_eq!(points(Outcome::Split), (3, 3));
        // Time ran out in the first game: one draw, the second game never began.
        assert_eq!(points(Outcome::Games(vec![game(None)])), (1, 1));
    }

    /// 2014 deck checks: an illegal card found after a match forfeits that match (whatever its
    /// games said); a deck that cannot be made legal forfeits every later match too.
    #[test]
    fn ffg_2014_deck_check_forfeits_the_match_and_the_rest() {
        use crate::event::Forfeit;
        use crate::rules::FFG_2014;
        let mut ev = event_with(
            4,
            vec![
                (vec![(0, 1, sweep(0)), (2, 3, sweep(2))], vec![]),
                (vec![(1, 3, sweep(3))], vec![2]),
            ],
        );
        // Player 0 won both games, but their deck failed the check: the match is player 1's,
        // and the deck cannot be fixed, so player 0 is out after round 1.
        rounds_mut(&mut ev)[0].tables[0].forfeit = Some(Forfeit {
            player: 0,
            rest: true,
        });
        ev.players[0].drop = Some(1);
        // Player 3 lost both games, then was found with an illegal card: a plain forfeit.
        rounds_mut(&mut ev)[0].tables[1].forfeit = Some(Forfeit {
            player: 3,
            rest: false,
        });
        let first = score_round(&FFG_2014, &ev, &ev.rounds()[0]);
        let score = |s: &[Option<RoundScore>], p: usize| {
            let s = s[p].expect("scored");
            (s.points, s.wins, s.losses)
        };
        assert_eq!(score(&first, 0), (0, 0, 2));
        assert_eq!(score(&first, 1), (6, 2, 0));
        assert_eq!(score(&first, 2), (6, 2, 0));
        assert_eq!(score(&first, 3), (0, 0, 2));
        assert_eq!(first[0].map(|s| s.opponent()), Some(Some(1)));
        let second = score_round(&FFG_2014, &ev, &ev.rounds()[1]);
        assert_eq!(second[0].map(|s| s.kind), Some(RoundKind::UnpairedLoss));
        assert_eq!(score(&second, 0), (0, 0, 2));
        assert_eq!(score(&second, 3), (6, 2, 0));
    }

    #[test]
    fn a_bye_is_every_game_won_and_a_missed_round_is_an_unpaired_loss() {
        let mut ev = event_with(4, vec![(vec![(0, 1, sweep(0))], vec![2])]);
        ev.players[3].drop = Some(0);
        ev.players[3].rejoin = Some(2);
        let s = score_round(&FFG_2018, &ev, &ev.rounds()[0]);
        let bye = s[2].expect("bye scored");
        assert_eq!((bye.kind, bye.points, bye.wins), (RoundKind::Bye, 6, 2));
        let missed = s[3].expect("unpaired loss scored");
        assert_eq!(
            (missed.kind, missed.points, missed.losses),
            (RoundKind::UnpairedLoss, 0, 2)
        );
        assert_eq!(bye.opponent(), None);
    }

    /// A late entry from round 2: the 2018 regulations' unpaired loss for round 1; under the
    /// 2014 rules and the SW:CCG guide, nothing.
    #[test]
    fn a_late_entry_takes_what_the_ruleset_gives_for_the_rounds_before() {
        let mut ev = event_with(3, vec![(vec![(0, 1, sweep(0))], vec![])]);
        ev.players[2].late = Some(2);
        let s = score_round(&FFG_2018, &ev, &ev.rounds()[0]);
        let missed = s[2].expect("2018: unpaired loss");
        assert_eq!(
            (missed.kind, missed.points, missed.losses),
            (RoundKind::UnpairedLoss, 0, 2)
        );
        assert_eq!(
            score_round(&crate::rules::FFG_2014, &ev, &ev.rounds()[0])[2],
            None
        );
        assert_eq!(
            score_round(&crate::rules::SWCCG_2008, &ev, &ev.rounds()[0])[2],
            None
        );
        ev.players[2].late = Some(1);
        assert_eq!(score_round(&FFG_2018, &ev, &ev.rounds()[0])[2], None);
    }
}
