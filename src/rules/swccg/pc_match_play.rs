//! The Players Committee's Tournament Assistant in its `MATCH_PLAY` mode (ruleset
//! `swccg-pc-match-play`): a bracket of matches of two games, each player playing each side
//! once. The program's standings rank victory points, then differential; the bracket's final
//! decides the champion, and the bracket round a player went out in their place below.
//!
//! A match is won by the player who won both games; at one game each, by the higher summed
//! differential, then by the fewer cards lost over the two games (`lost_cards`, as the
//! program saved them). A match level on both, or level on differential without the lost
//! cards of both games, has no winner here: the program asked for a differential to be
//! changed instead.

use super::scoring::Score;

/// The standings of the software's `MATCH_PLAY` mode from each player's total (`totals`, in the
/// order the players are given): victory points, then differential. The program breaks no
/// further tie, so rows level on both share a place and keep the order given. Returns
/// `(place, player, total)`, best first.
pub(crate) fn standings(totals: &[(usize, Score)]) -> Vec<(usize, usize, Score)> {
    let mut order: Vec<(usize, Score)> = totals.to_vec();
    order.sort_by_key(|(_, s)| {
        (
            std::cmp::Reverse(s.points),
            std::cmp::Reverse(s.differential),
        )
    });
    let mut place = 0;
    order
        .iter()
        .enumerate()
        .map(|(i, &(p, s))| {
            if i == 0 || order[i - 1].1 != s {
                place = i + 1;
            }
            (place, p, s)
        })
        .collect()
}

/// One game of a match, as the bracket reads it: `players` are the dark and the light side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MatchGame {
    pub(crate) players: [usize; 2],
    /// The winner and the win's differential; `None` while the game has no result.
    pub(crate) result: Option<(usize, u32)>,
    /// The cards each of `players` lost over the game, where recorded.
    pub(crate) lost_cards: Option<[u32; 2]>,
}

impl MatchGame {
    /// The cards `player` lost in this game, where recorded.
    pub(crate) fn lost_by(&self, player: usize) -> Option<u32> {
        let seat = self.players.iter().position(|&p| p == player)?;
        Some(self.lost_cards?[seat])
    }
}

/// What decided a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum MatchDecided {
    /// The winner won both games.
    BothGames,
    /// One game each: the winner's summed differential over the two games is higher.
    Differential,
    /// One game each and level on differential: the winner lost fewer cards.
    LostCards,
}

/// The winner of the match of `first` and `second` (the same two players), where the games
/// decide it.
fn match_winner(first: MatchGame, second: MatchGame) -> Option<usize> {
    match_outcome(first, second).map(|(winner, _)| winner)
}

/// The winner of the match of `first` and `second` (the same two players) and what decided
/// it, where the games decide it.
pub(crate) fn match_outcome(first: MatchGame, second: MatchGame) -> Option<(usize, MatchDecided)> {
    let [a, b] = first.players;
    let mut wins = [0u32; 2];
    let mut differential = 0i64;
    for game in [first, second] {
        let (winner, by) = game.result?;
        let side = usize::from(winner == b);
        wins[side] += 1;
        differential += if side == 0 {
            i64::from(by)
        } else {
            -i64::from(by)
        };
    }
    match wins {
        [2, 0] => Some((a, MatchDecided::BothGames)),
        [0, 2] => Some((b, MatchDecided::BothGames)),
        _ if differential > 0 => Some((a, MatchDecided::Differential)),
        _ if differential < 0 => Some((b, MatchDecided::Differential)),
        _ => {
            let lost = |p: usize| Some(first.lost_by(p)? + second.lost_by(p)?);
            match lost(a)?.cmp(&lost(b)?) {
                std::cmp::Ordering::Less => Some((a, MatchDecided::LostCards)),
                std::cmp::Ordering::Greater => Some((b, MatchDecided::LostCards)),
                std::cmp::Ordering::Equal => None,
            }
        }
    }
}

/// The bracket's placings once its final is decided: the final's winner, its loser, then the
/// others by the bracket round they went out in (the later, the better), sharing the place
/// of that round, in player order. `games[i]` are the tables of game `i + 1`, a bracket round
/// being two games. `None` while a game has no result, before the final (a last bracket round
/// of a single match), or when the final is level on games and differential.
pub(crate) fn placings(games: &[Vec<MatchGame>]) -> Option<Vec<(u32, usize)>> {
    if games.is_empty()
        || games.len() % 2 == 1
        || games.iter().flatten().any(|g| g.result.is_none())
    {
        return None;
    }
    let [first, second] = [&games[games.len() - 2], &games[games.len() - 1]];
    let ([f], [s]) = (&first[..], &second[..]) else {
        return None;
    };
    let mut same = f.players;
    same.sort_unstable();
    let mut other = s.players;
    other.sort_unstable();
    if same != other {
        return None;
    }
    let champion = match_winner(*f, *s)?;
    let finalist = if f.players[0] == champion {
        f.players[1]
    } else {
        f.players[0]
    };
    // The bracket round (1 first) of each player's last game.
    let mut out_in: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for (i, game) in games.iter().enumerate() {
        for g in game {
            for p in g.players {
                out_in.insert(p, i / 2 + 1);
            }
        }
    }
    let mut placings = vec![(1, champion), (2, finalist)];
    let mut rest: Vec<(usize, usize)> = out_in
        .into_iter()
        .filter(|&(p, _)| p != champion && p != finalist)
        .map(|(p, round)| (round, p))
        .collect();
    rest.sort_by_key(|&(round, p)| (std::cmp::Reverse(round), p));
    for &(round, p) in &rest {
        let better = 2 + rest.iter().filter(|&&(r, _)| r > round).count();
        placings.push((better as u32 + 1, p));
    }
    Some(placings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: usize, b: usize, winner: usize, by: u32) -> MatchGame {
        MatchGame {
            players: [a, b],
            result: Some((winner, by)),
            lost_cards: None,
        }
    }

    /// `game` with the cards each of its players lost.
    fn lost(game: MatchGame, lost_cards: [u32; 2]) -> MatchGame {
        MatchGame {
            lost_cards: Some(lost_cards),
            ..game
        }
    }

    #[test]
    fn a_match_level_on_games_goes_to_the_higher_summed_differential() {
        assert_eq!(match_winner(game(0, 1, 0, 6), game(1, 0, 1, 3)), Some(0));
        assert_eq!(match_winner(game(0, 1, 0, 6), game(1, 0, 1, 9)), Some(1));
        assert_eq!(match_winner(game(0, 1, 1, 1), game(1, 0, 1, 1)), Some(1));
        // Level on differential too: the lost cards decide, where both games record them.
        assert_eq!(match_winner(game(0, 1, 0, 15), game(1, 0, 1, 15)), None);
    }

    /// The saved Top-8 test's match of Tom Marlin (0) and Ryan Jellison (1): each won a game
    /// by 15, so the program sent Tom on, who lost 28 + 22 = 50 cards to Ryan's 32 + 28 = 60.
    #[test]
    fn a_match_level_on_differential_goes_to_the_fewer_lost_cards() {
        let first = lost(game(0, 1, 1, 15), [28, 32]);
        let second = lost(game(1, 0, 0, 15), [28, 22]);
        assert_eq!(match_winner(first, second), Some(0));
        assert_eq!(match_winner(second, first), Some(0));
        // Level on lost cards as well: a true tie the program refused, so no winner.
        let level = lost(game(1, 0, 0, 15), [28, 32]);
        assert_eq!(match_winner(first, level), None);
        // One game without its lost cards decides nothing.
        assert_eq!(match_winner(first, game(1, 0, 0, 15)), None);
        // The lost cards never overturn the games or the differential.
        let clear = lost(game(1, 0, 0, 16), [0, 60]);
        assert_eq!(match_winner(first, clear), Some(0));
        let swept = lost(game(0, 1, 1, 15), [0, 60]);
        assert_eq!(
            match_winner(swept, lost(game(1, 0, 1, 1), [0, 60])),
            Some(1)
        );
    }

    #[test]
    fn the_final_then_the_round_each_player_went_out_in() {
        // A four-player bracket: semi-finals 0-3 and 1-2 (games 1 and 2), final 0-1 (games 3
        // and 4), won by 0 on differential at one game each.
        let games = vec![
            vec![game(0, 3, 0, 5), game(1, 2, 2, 4)],
            vec![game(3, 0, 0, 2), game(2, 1, 1, 9)],
            vec![game(0, 1, 1, 3)],
            vec![game(1, 0, 0, 8)],
        ];
        assert_eq!(placings(&games), Some(vec![(1, 0), (2, 1), (3, 2), (3, 3)]));
        let unfinished = vec![games[0].clone(), games[1].clone()];
        assert_eq!(placings(&unfinished), None);
        let mut pending = games.clone();
        pending[3][0].result = None;
        assert_eq!(placings(&pending), None);
    }

    #[test]
    fn standings_share_a_place_when_level_on_points_and_differential() {
        let rows = standings(&[
            (0, Score::new(2, 0)),
            (1, Score::new(6, 22)),
            (2, Score::new(2, 0)),
            (3, Score::new(2, -3)),
        ]);
        assert_eq!(
            rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
            vec![(1, 1), (2, 0), (2, 2), (4, 3)]
        );
    }
}
