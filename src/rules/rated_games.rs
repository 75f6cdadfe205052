//! The games of an event that count for the ratings ([`super::rating`]): one result per game
//! played between two people, with the side each played when the file says so.
//!
//! What counts is what was played at a table: each game of an SW:LCG match (a match is up to
//! two games, with sides switched for the second), each elimination game, each SW:CCG game
//! (the Final Confrontation's and the top cut's too) and each league game. What does not:
//! byes, splits, games and matches won by forfeit or lost to a deck check (a ruling, not a
//! game), the seats of a bracket given by a drop, team events (two people share one result)
//! and challenge-deck sessions (one against a team, with a scenario's own deck), and events
//! known only by their final standings, which record no games at all.

use super::computed::Computed;
use super::rating::Score;
use super::swccg::scoring::ResultKind;
use crate::event::{Date, Event, GameEnd, Kind, Outcome};

/// One game that counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct RatedGame {
    /// The two players, indices into the event's players.
    pub(crate) players: [usize; 2],
    /// The first player's result; a drawn game (an SW:LCG game without a winner, an SW:CCG
    /// true tie, which the guide breaks only for its standings) is a draw.
    pub(crate) score: Score,
    /// Which of `players` (0 or 1) played dark, when the file says.
    pub(crate) dark: Option<usize>,
    /// The day it was played: a league game's own date, else the event's first day.
    pub(crate) date: Date,
}

/// `players[0]`'s result when `winner` won (`None`: a draw).
fn score_of(players: [usize; 2], winner: Option<usize>) -> Score {
    match winner {
        None => Score::Drawn,
        Some(w) if w == players[0] => Score::Won,
        Some(_) => Score::Lost,
    }
}

/// The position of `player` in `players`.
fn seat(players: [usize; 2], player: Option<usize>) -> Option<usize> {
    player.and_then(|p| players.iter().position(|&q| q == p))
}

/// The games of `event` that count, in the order they were played.
pub(crate) fn rated_games(event: &Event, computed: &Computed) -> Vec<RatedGame> {
    if event.is_team() {
        return Vec::new();
    }
    let date = event.info.date;
    let mut games = Vec::new();
    match &event.kind {
        Kind::Swiss(play) => {
            // A deck that could not be made legal forfeits every later match as well.
            let mut out_from: Vec<(usize, u32)> = Vec::new();
            for round in &play.rounds {
                for table in &round.tables {
                    let ruled_out = out_from
                        .iter()
                        .any(|&(p, r)| table.players.contains(&p) && round.number > r);
                    if let Some(f) = table.forfeit.filter(|f| f.rest) {
                        out_from.push((f.player, round.number));
                    }
                    let Outcome::Games(played) = &table.outcome else {
                        continue;
                    };
                    if table.forfeit.is_some() || ruled_out {
                        continue;
                    }
                    let first_dark = seat(table.players, table.first_dark);
                    for (i, game) in played.iter().enumerate() {
                        if game.by == Some(GameEnd::Forfeit) {
                            continue;
                        }
                        games.push(RatedGame {
                            players: table.players,
                            score: score_of(table.players, game.winner),
                            // The second game is played with the sides switched.
                            dark: first_dark.map(|d| if i % 2 == 0 { d } else { 1 - d }),
                            date,
                        });
                    }
                }
            }
            let bracket = computed.swiss().and_then(|s| s.bracket.as_ref());
            for state in bracket.iter().flat_map(|b| &b.games) {
                let ([Some(a), Some(b)], Some(winner)) = (state.players, state.winner) else {
                    continue;
                };
                if state.decision == Some(super::bracket::Decision::Bye) {
                    continue;
                }
                games.push(RatedGame {
                    players: [a, b],
                    score: score_of([a, b], Some(winner)),
                    dark: seat([a, b], state.dark),
                    date,
                });
            }
        }
        Kind::Ccg(_) => {
            let ccg = computed.ccg();
            let final_games = ccg
                .and_then(|c| c.final_confrontation.as_ref())
                .filter(|f| f.problems.is_empty())
                .map(|f| &f.games[..])
                .unwrap_or_default();
            // A top cut's games count once they fit the bracket (a load refuses any that do
            // not, so every scored one does).
            let top_cut_games = ccg
                .and_then(|c| c.top_cut.as_ref())
                .filter(|t| t.bracket.problems.is_empty())
                .into_iter()
                .flat_map(|t| t.scored.iter().flatten());
            let tables = ccg
                .iter()
                .flat_map(|c| c.games().iter().flatten())
                .chain(final_games)
                .chain(top_cut_games);
            for t in tables.filter(|t| !t.penalty) {
                let players = [t.dark, t.light];
                let winner = (t.kind != ResultKind::TrueTie).then_some(t.winner);
                games.push(RatedGame {
                    players,
                    score: score_of(players, winner),
                    dark: Some(0),
                    date,
                });
            }
        }
        Kind::League(_) => {
            for g in computed.league().iter().flat_map(|l| &l.games) {
                let winner = g.winner.filter(|_| g.kind != Some(ResultKind::TrueTie));
                games.push(RatedGame {
                    players: g.players,
                    score: score_of(g.players, winner),
                    dark: Some(0),
                    date: g.date,
                });
            }
        }
        Kind::Challenge(_) | Kind::Recorded(_) => {}
    }
    games
}
