//! The SW:CCG formats as far as the guide's rules differ between them: draft and cube pods, the
//! minimum players and games (with the Championship Level and recommended counts), and the
//! time limits of games, finals and deck building.

use std::fmt;

/// The formats of the guide, as far as the rules here differ between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Format {
    /// Open or Classic constructed: two 60-card decks, one per side.
    Constructed,
    /// Sealed (non-draft): Premiere, OTSD, Death Star II sealed.
    Sealed,
    /// Booster draft: OTSD, JPOTSD, Death Star II, Reflections II and III drafts.
    BoosterDraft,
    /// EPP Overdrive: 30-card decks, 15-minute games, at least 4 games.
    EppOverdrive,
    /// Secret Squirrel sealed: each deck has both sides' cards.
    SecretSquirrel,
    /// Watto's Cube, traditional (one side per player).
    Cube,
    /// Watto's Cube, Secret Squirrel format.
    CubeSecretSquirrel,
}

impl Format {
    fn is_cube(self) -> bool {
        matches!(self, Format::Cube | Format::CubeSecretSquirrel)
    }

    fn is_squirrel(self) -> bool {
        matches!(self, Format::SecretSquirrel | Format::CubeSecretSquirrel)
    }
}

/// The level of an event, for its minimum number of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Tier {
    Standard,
    /// An event with a Worlds Day 2 automatic bid at stake (and Worlds itself).
    Championship,
}

/// Booster draft pods (the guide's table, 8 to 16 players): `(size, with_dummy)`, the size
/// counting the director's dummy hand, which always drafts in a group of 6. Outside 8..=16 the
/// guide gives no table: `None`. (The table follows a rule, groups of 4 with one group of 6
/// when the count is 2 more than a multiple of 4, and with an odd count the dummy makes it even
/// and must sit in a group of 6; it is not extended here because the guide does not state it.)
pub(crate) fn draft_pods(players: u32) -> Option<Vec<(u32, bool)>> {
    let pods: &[(u32, bool)] = match players {
        8 => &[(4, false), (4, false)],
        9 => &[(4, false), (6, true)],
        10 => &[(4, false), (6, false)],
        11 => &[(6, false), (6, true)],
        12 => &[(4, false), (4, false), (4, false)],
        13 => &[(4, false), (4, false), (6, true)],
        14 => &[(4, false), (4, false), (6, false)],
        15 => &[(4, false), (6, false), (6, true)],
        16 => &[(4, false), (4, false), (4, false), (4, false)],
        _ => return None,
    };
    Some(pods.to_vec())
}

/// Groups of `players` as close to `target` as possible without exceeding `max`: the number of
/// groups with the least total distance from `target` (fewer groups on a tie), sizes as even
/// as possible, larger first.
fn balanced_groups(players: u32, target: u32, max: u32) -> Vec<u32> {
    let mut best: Option<(u32, Vec<u32>)> = None;
    for groups in players.div_ceil(max).max(1)..=players.max(1) {
        let base = players / groups;
        let extra = players % groups;
        let sizes: Vec<u32> = (0..groups).map(|i| base + u32::from(i < extra)).collect();
        let distance: u32 = sizes.iter().map(|&s| s.abs_diff(target)).sum();
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, sizes));
        }
    }
    best.map(|b| b.1).unwrap_or_default()
}

/// Watto's Cube draft groups. Traditional: "as close to 5 (not to exceed 5) as possible";
/// Secret Squirrel: "as close to 8 as possible (not to exceed 10)". The guide's tables (6 to 12
/// and 15 to 19 players) are returned as printed; other counts follow the stated rule (the
/// group count with the least total distance from the target, fewer groups on a tie, sizes as
/// even as possible), which reproduces every printed entry. `None` below the cube minimum of 4
/// players.
pub(crate) fn cube_pods(players: u32, secret_squirrel: bool) -> Option<Vec<u32>> {
    if players < 4 {
        return None;
    }
    let printed: Option<&[u32]> = match (secret_squirrel, players) {
        (false, 6) => Some(&[3, 3]),
        (false, 7) => Some(&[4, 3]),
        (false, 8) => Some(&[4, 4]),
        (false, 9) => Some(&[4, 5]),
        (false, 10) => Some(&[5, 5]),
        (false, 11) => Some(&[4, 4, 3]),
        (false, 12) => Some(&[4, 4, 4]),
        (true, 15) => Some(&[7, 8]),
        (true, 16) => Some(&[8, 8]),
        (true, 17) => Some(&[9, 8]),
        (true, 18) => Some(&[9, 9]),
        (true, 19) => Some(&[9, 10]),
        _ => None,
    };
    Some(match printed {
        Some(p) => p.to_vec(),
        None if secret_squirrel => balanced_groups(players, 8, 10),
        None => balanced_groups(players, 5, 5),
    })
}

/// Something an event's size or length falls short of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub(crate) enum Warning {
    /// Fewer players than the format's minimum.
    TooFewPlayers { minimum: u32 },
    /// Fewer games than the format's minimum.
    TooFewGames { minimum: u32 },
    /// Constructed: "The number of games played should always be even."
    OddGames,
    /// Fewer games than a Championship Level event of this size requires.
    ChampionshipGames { minimum: u32 },
    /// Fewer games than the guide strongly recommends for `players` or more.
    Recommended { players: u32, games: u32 },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::TooFewPlayers { minimum } => {
                write!(f, "the format needs at least {minimum} players")
            }
            Warning::TooFewGames { minimum } => {
                write!(f, "the format needs at least {minimum} games")
            }
            Warning::OddGames => {
                write!(f, "a constructed event should play an even number of games")
            }
            Warning::ChampionshipGames { minimum } => write!(
                f,
                "a Championship Level event of this size needs at least {minimum} games"
            ),
            Warning::Recommended { players, games } => write!(
                f,
                "events with at least {players} players should play {games} games"
            ),
        }
    }
}

/// The minimums of the guide that an event of `players` players and `games` games misses.
///
/// - Players: constructed 4, sealed (all sealed and draft formats) 6, Watto's Cube 4.
/// - Games: constructed 4 (2 rounds) and an even number; sealed 3; cube 3; EPP Overdrive 4 ("A
///   minimum of 4 games should be played").
/// - Championship Level: constructed 4 below 8 players, else 6; Secret Squirrel style (sealed
///   or cube) the same; classic sealed or cube (Light against Dark) with 10 players or fewer,
///   "play all opposing players", read as at least as many games as the larger side has
///   players (`players` rounded up to half), else 6.
/// - Recommended for every format: 6 games from 32 players, 8 games from 42.
pub(crate) fn minimum_warnings(
    format: Format,
    tier: Tier,
    players: u32,
    games: u32,
) -> Vec<Warning> {
    let mut out = Vec::new();
    let min_players = match format {
        Format::Constructed => 4,
        f if f.is_cube() => 4,
        _ => 6,
    };
    if players < min_players {
        out.push(Warning::TooFewPlayers {
            minimum: min_players,
        });
    }
    let min_games = match format {
        Format::Constructed | Format::EppOverdrive => 4,
        _ => 3,
    };
    if games < min_games {
        out.push(Warning::TooFewGames { minimum: min_games });
    }
    if format == Format::Constructed && games % 2 == 1 {
        out.push(Warning::OddGames);
    }
    if tier == Tier::Championship {
        let minimum = if format == Format::Constructed || format.is_squirrel() {
            if players < 8 { 4 } else { 6 }
        } else if players <= 10 {
            players.div_ceil(2)
        } else {
            6
        };
        if games < minimum {
            out.push(Warning::ChampionshipGames { minimum });
        }
    }
    for (threshold, recommended) in [(42, 8), (32, 6)] {
        if players >= threshold {
            if games < recommended {
                out.push(Warning::Recommended {
                    players: threshold,
                    games: recommended,
                });
            }
            break;
        }
    }
    out
}

/// The time limit of one game in minutes: 60 for constructed; one minute per card for sealed,
/// draft and cube decks ("60 card decks would require a 60 minute time limit, 40 card decks
/// would require a 40 minute time limit"); 15 for EPP Overdrive. `deck_size` is ignored by the
/// fixed formats.
pub(crate) fn game_minutes(format: Format, deck_size: u32) -> u32 {
    match format {
        Format::Constructed => 60,
        Format::EppOverdrive => 15,
        _ => deck_size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Worked example 22.
    #[test]
    fn draft_pods_follow_the_table() {
        let expect: [(u32, &[(u32, bool)]); 9] = [
            (8, &[(4, false), (4, false)]),
            (9, &[(4, false), (6, true)]),
            (10, &[(4, false), (6, false)]),
            (11, &[(6, false), (6, true)]),
            (12, &[(4, false), (4, false), (4, false)]),
            (13, &[(4, false), (4, false), (6, true)]),
            (14, &[(4, false), (4, false), (6, false)]),
            (15, &[(4, false), (6, false), (6, true)]),
            (16, &[(4, false), (4, false), (4, false), (4, false)]),
        ];
        for (players, pods) in expect {
            let got = draft_pods(players).unwrap();
            assert_eq!(got, pods.to_vec(), "{players}");
            let seats: u32 = got.iter().map(|p| p.0).sum();
            let dummies = got.iter().filter(|p| p.1).count() as u32;
            assert_eq!(seats - dummies, players);
        }
        assert_eq!(draft_pods(7), None);
        assert_eq!(draft_pods(17), None);
        assert_eq!(draft_pods(0), None);
    }

    // Worked example 23.
    #[test]
    fn cube_pods_follow_the_tables() {
        let traditional: [(u32, &[u32]); 7] = [
            (6, &[3, 3]),
            (7, &[4, 3]),
            (8, &[4, 4]),
            (9, &[4, 5]),
            (10, &[5, 5]),
            (11, &[4, 4, 3]),
            (12, &[4, 4, 4]),
        ];
        let squirrel: [(u32, &[u32]); 5] = [
            (15, &[7, 8]),
            (16, &[8, 8]),
            (17, &[9, 8]),
            (18, &[9, 9]),
            (19, &[9, 10]),
        ];
        for (players, pods) in traditional {
            assert_eq!(
                cube_pods(players, false).unwrap(),
                pods.to_vec(),
                "{players}"
            );
            // The stated rule gives the same groups.
            let mut rule = balanced_groups(players, 5, 5);
            let mut printed = pods.to_vec();
            rule.sort_unstable();
            printed.sort_unstable();
            assert_eq!(rule, printed, "{players}");
        }
        for (players, pods) in squirrel {
            assert_eq!(
                cube_pods(players, true).unwrap(),
                pods.to_vec(),
                "{players}"
            );
            let mut rule = balanced_groups(players, 8, 10);
            let mut printed = pods.to_vec();
            rule.sort_unstable();
            printed.sort_unstable();
            assert_eq!(rule, printed, "{players}");
        }
        assert_eq!(cube_pods(3, false), None);
        assert_eq!(cube_pods(4, false), Some(vec![4]));
        assert_eq!(cube_pods(13, false), Some(vec![5, 4, 4]));
        assert_eq!(cube_pods(8, true), Some(vec![8]));
        for n in 4..200 {
            for squirrel in [false, true] {
                let pods = cube_pods(n, squirrel).unwrap();
                assert_eq!(pods.iter().sum::<u32>(), n);
                assert!(pods.iter().all(|&p| p <= if squirrel { 10 } else { 5 }));
            }
        }
    }

    // Worked example 24.
    #[test]
    fn minimums() {
        use Warning::*;
        let std = Tier::Standard;
        assert_eq!(minimum_warnings(Format::Constructed, std, 4, 4), vec![]);
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 3, 3),
            vec![
                TooFewPlayers { minimum: 4 },
                TooFewGames { minimum: 4 },
                OddGames
            ]
        );
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 10, 5),
            vec![OddGames]
        );
        assert_eq!(minimum_warnings(Format::Sealed, std, 6, 3), vec![]);
        assert_eq!(
            minimum_warnings(Format::BoosterDraft, std, 5, 2),
            vec![TooFewPlayers { minimum: 6 }, TooFewGames { minimum: 3 }]
        );
        assert_eq!(minimum_warnings(Format::Cube, std, 4, 3), vec![]);
        assert_eq!(
            minimum_warnings(Format::CubeSecretSquirrel, std, 3, 2),
            vec![TooFewPlayers { minimum: 4 }, TooFewGames { minimum: 3 }]
        );
        assert_eq!(
            minimum_warnings(Format::EppOverdrive, std, 6, 3),
            vec![TooFewGames { minimum: 4 }]
        );
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 32, 4),
            vec![Recommended {
                players: 32,
                games: 6
            }]
        );
        assert_eq!(minimum_warnings(Format::Constructed, std, 41, 6), vec![]);
        assert_eq!(
            minimum_warnings(Format::Constructed, std, 42, 6),
            vec![Recommended {
                players: 42,
                games: 8
            }]
        );
        assert_eq!(
            Recommended {
                players: 42,
                games: 8
            }
            .to_string(),
            "events with at least 42 players should play 8 games"
        );
    }

    #[test]
    fn championship_minimums() {
        use Warning::ChampionshipGames;
        let ch = Tier::Championship;
        assert_eq!(minimum_warnings(Format::Constructed, ch, 7, 4), vec![]);
        assert_eq!(
            minimum_warnings(Format::Constructed, ch, 8, 4),
            vec![ChampionshipGames { minimum: 6 }]
        );
        // Classic sealed, 10 or fewer: play all opposing players.
        assert_eq!(
            minimum_warnings(Format::Sealed, ch, 9, 4),
            vec![ChampionshipGames { minimum: 5 }]
        );
        assert_eq!(minimum_warnings(Format::Cube, ch, 10, 5), vec![]);
        assert_eq!(
            minimum_warnings(Format::Cube, ch, 11, 5),
            vec![ChampionshipGames { minimum: 6 }]
        );
        // Squirrel style.
        assert_eq!(minimum_warnings(Format::SecretSquirrel, ch, 7, 4), vec![]);
        assert_eq!(
            minimum_warnings(Format::CubeSecretSquirrel, ch, 8, 4),
            vec![ChampionshipGames { minimum: 6 }]
        );
    }

    #[test]
    fn game_time() {
        assert_eq!(game_minutes(Format::Constructed, 60), 60);
        assert_eq!(game_minutes(Format::Sealed, 60), 60);
        assert_eq!(game_minutes(Format::BoosterDraft, 40), 40);
        assert_eq!(game_minutes(Format::Cube, 40), 40);
        assert_eq!(game_minutes(Format::EppOverdrive, 30), 15);
    }
}
