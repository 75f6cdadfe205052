//! SW:CCG pairing, game by game: the first game from the shuffled scorecards, the second game
//! of a round from the Dark and Light piles, a new round from the standings, and the
//! fixed-allegiance games of sealed, draft and cube events; with the bye and the rematch rules
//! of each. Kept apart from the Swiss engines ([`crate::rules::pairing`]) because the guide
//! pairs single games by allegiance, not matches by score group; what all pairing shares (an
//! entrant listed twice counts once, standings order, who takes a bye) comes from there.

use std::collections::BTreeSet;

use crate::event::Side;
use crate::rules::pairing::{bye_taker, in_standings_order};
use crate::rules::random::Stream;

/// A game a player has played, as pairing needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Meeting {
    pub(crate) opponent: usize,
    /// The allegiance this player played in that game.
    pub(crate) allegiance: Side,
}

/// A player to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entrant {
    pub player: usize,
    /// Position in the current standings, 0 first (from [`rank`](super::standings::rank)).
    /// Ignored for game 1.
    pub rank: usize,
    /// Whether the player has had a bye in this event.
    pub had_bye: bool,
    /// Every game played so far.
    pub(crate) meetings: Vec<Meeting>,
    /// [`pair_piles`]: the allegiance of the game just played (for the player who had the bye,
    /// the allegiance recorded with the bye, [`Bye::allegiance`]). [`pair_fixed`]: the
    /// allegiance the player keeps all event. Ignored by [`pair_first_game`] and
    /// [`pair_new_round`].
    pub(crate) allegiance: Side,
    /// A tournament director who plays in their own event (gets the first bye of an odd field).
    pub(crate) organizer: bool,
}

impl Entrant {
    /// Whether this player has met `opponent` playing `side`.
    fn met_as(&self, opponent: usize, side: Side) -> bool {
        self.meetings
            .iter()
            .any(|m| m.opponent == opponent && m.allegiance == side)
    }
}

/// Whether `a` playing `a_side` against `b` repeats an earlier game with the same opponents and
/// the same allegiances (checked in both players' histories, so a one-sided record counts).
pub(super) fn repeats(a: &Entrant, a_side: Side, b: &Entrant) -> bool {
    a.met_as(b.player, a_side) || b.met_as(a.player, a_side.opposite())
}

/// Why two players were paired, so the pages can name the rule applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum PairReason {
    /// Game 1: neighbours in the shuffled pile of scorecards.
    Random,
    /// Second game of a round (or a fixed-allegiance game): same place in the Dark and Light
    /// piles.
    Piles,
    /// A new round: neighbours in the standings.
    Standings,
    /// A new round: they met before with the opposite allegiances, so the pairing stands.
    RematchStands,
    /// A new round: they met before with these allegiances, so the allegiances were swapped.
    AllegiancesSwapped,
    /// A new round: the lower-ranked player switched rankings with the next (once or more)
    /// because both allegiance combinations had been played.
    RankingSwitched,
    /// Paired with a lower player of the other pile to avoid meeting the same opponent with
    /// the same allegiances again.
    RematchModified,
    /// The player had met every candidate left with these allegiances: the original pairing
    /// was left.
    RematchLeft,
    /// More players in one pile than in the other (after drops): two players of the same pile
    /// meet, the higher-ranked switching allegiance.
    SamePile,
}

/// One table: who plays Dark, who plays Light, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Table {
    pub(crate) dark: usize,
    pub(crate) light: usize,
    pub(crate) reason: PairReason,
}

/// Why a player got a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ByeReason {
    /// The last card of the pile.
    Last,
    /// A playing tournament director takes the first bye of an odd field.
    Organizer,
    /// The last player had a bye already; the next lowest without one gets it.
    NextWithoutBye,
    /// Every candidate had a bye already; the last one gets another.
    AllHadByes,
    /// Fixed allegiances: more players of one side than the other can meet.
    NoOpponentOfOtherSide,
}

/// A bye (2(+0)), with the allegiance the player is counted in for the next pile pairing: the
/// allegiance their position would have had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Bye {
    pub(crate) player: usize,
    pub(crate) allegiance: Side,
    pub(crate) reason: ByeReason,
}

/// The pairing of one game.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Paired {
    pub(crate) tables: Vec<Table>,
    pub(crate) byes: Vec<Bye>,
}

pub(super) fn table(a: usize, a_side: Side, b: usize, reason: PairReason) -> Table {
    match a_side {
        Side::Dark => Table {
            dark: a,
            light: b,
            reason,
        },
        Side::Light => Table {
            dark: b,
            light: a,
            reason,
        },
    }
}

/// Entrants with duplicates removed (the first entry counts), in standings order.
fn by_rank(entrants: &[Entrant]) -> Vec<&Entrant> {
    in_standings_order(entrants, |e| e.player, |e| e.rank)
}

/// Takes `count` byes from the bottom of `pile` (in order, best first): the lowest players who
/// have not had a bye, walking up; if too few, the lowest of those who have ([`bye_taker`],
/// once per bye). A bye to the last player is for `reason`.
fn take_byes(pile: &mut Vec<&Entrant>, count: usize, side: Side, reason: ByeReason) -> Vec<Bye> {
    let mut byes = Vec::new();
    for _ in 0..count.min(pile.len()) {
        let Some(taker) = bye_taker(pile, |e| e.had_bye) else {
            break;
        };
        let why = if taker.all_had_byes {
            ByeReason::AllHadByes
        } else if taker.index == pile.len() - 1 {
            reason
        } else {
            ByeReason::NextWithoutBye
        };
        let e = pile.remove(taker.index);
        byes.push(Bye {
            player: e.player,
            allegiance: side,
            reason: why,
        });
    }
    byes
}

/// The seeded coin of game `game` (stream `"game {game} allegiance"`): the allegiance of the
/// odd positions of a game paired from a single pile (the first game of a round). The player
/// with that game's bye holds the last card, an odd position in an odd field, so this is also
/// the allegiance pile the bye joins.
pub(crate) fn coin(seed: u64, game: u32) -> Side {
    if Stream::new(seed, &format!("game {game} allegiance")).below(2) == 0 {
        Side::Dark
    } else {
        Side::Light
    }
}

/// The first game of the event (Pairings, step 1): shuffle the scorecards (stream
/// `"game 1 order"`), flip a coin (stream `"game 1 allegiance"`) for the allegiance of the top
/// card and so of every odd position, and pair 1-2, 3-4, ...; the player at an odd position
/// plays the coin's allegiance. With an odd field the last card gets the bye, and a playing
/// tournament director (`organizer`) is moved to the bottom first, since they must receive the
/// first-round bye. Sealed events use this too: the first pairing assigns the side each player
/// keeps all event.
pub(crate) fn pair_first_game(entrants: &[Entrant], seed: u64) -> Paired {
    let mut seen = BTreeSet::new();
    let mut order: Vec<&Entrant> = entrants.iter().filter(|e| seen.insert(e.player)).collect();
    order.sort_by_key(|e| e.player);
    Stream::new(seed, "game 1 order").shuffle(&mut order);
    let odd_side = coin(seed, 1);
    let mut byes = Vec::new();
    if order.len() % 2 == 1 {
        let (index, reason) = match order.iter().position(|e| e.organizer) {
            Some(i) => (i, ByeReason::Organizer),
            None => (order.len() - 1, ByeReason::Last),
        };
        let e = order.remove(index);
        byes.push(Bye {
            player: e.player,
            allegiance: odd_side,
            reason,
        });
    }
    let tables = order
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| table(pair[0].player, odd_side, pair[1].player, PairReason::Random))
        .collect();
    Paired { tables, byes }
}

/// Pairs two piles best against best: the anchor pile's players in order take the first
/// player left in the other pile, unless `conflict` says that would repeat an earlier game;
/// then the next one left that would not; if every one left would, the first after all.
fn pair_two_piles<'a>(
    anchor: &[&'a Entrant],
    other: &[&'a Entrant],
    conflict: impl Fn(&Entrant, &Entrant) -> bool,
    mut make: impl FnMut(&'a Entrant, &'a Entrant, PairReason) -> Table,
) -> (Vec<Table>, Vec<&'a Entrant>) {
    let mut left: Vec<&Entrant> = other.to_vec();
    let mut tables = Vec::new();
    let mut unpaired = Vec::new();
    for &a in anchor {
        if left.is_empty() {
            unpaired.push(a);
            continue;
        }
        let (index, reason) = if !conflict(a, left[0]) {
            (0, PairReason::Piles)
        } else {
            match left.iter().position(|b| !conflict(a, b)) {
                Some(i) => (i, PairReason::RematchModified),
                None => (0, PairReason::RematchLeft),
            }
        };
        let b = left.remove(index);
        tables.push(make(a, b, reason));
    }
    unpaired.extend(left);
    (tables, unpaired)
}

/// The second game of a round (Pairings, step 3): two piles by the allegiance just played,
/// each in standings order; the top of the Dark pile meets the top of the Light pile, and so
/// on, and everyone switches allegiance (the Dark pile now plays Light).
///
/// - Bye: with an odd field, the last player left (the bottom of the larger pile); if they
///   already had a bye, the next lowest in the same pile who has not.
/// - Rematch (same opponent and same allegiances as an earlier game): the Dark-pile player is
///   paired with the next highest Light-pile player after the one they were to play who would
///   not repeat a game, and so on down the pile; if every one left would, the original pairing
///   is left. Reading: "already faced" means faced with these allegiances, the conflict the rule
///   avoids; the Dark pile is the one walked, top down.
/// - Piles of unequal size (drops): the extra players of the larger pile meet each other, top
///   down, the higher-ranked switching allegiance (the guide does not cover this).
pub(crate) fn pair_piles(entrants: &[Entrant]) -> Paired {
    let all = by_rank(entrants);
    let (mut dark, mut light): (Vec<&Entrant>, Vec<&Entrant>) =
        all.into_iter().partition(|e| e.allegiance == Side::Dark);
    let mut byes = Vec::new();
    if (dark.len() + light.len()) % 2 == 1 {
        // The bye is for the next game, in which this pile plays the other side.
        if dark.len() > light.len() {
            byes = take_byes(&mut dark, 1, Side::Light, ByeReason::Last);
        } else {
            byes = take_byes(&mut light, 1, Side::Dark, ByeReason::Last);
        }
    }
    // Dark-pile players now play Light.
    let (mut tables, unpaired) = pair_two_piles(
        &dark,
        &light,
        |d, l| repeats(d, Side::Light, l),
        |d, l, reason| Table {
            dark: l.player,
            light: d.player,
            reason,
        },
    );
    for pair in unpaired.chunks(2) {
        if let [a, b] = pair {
            tables.push(table(
                a.player,
                a.allegiance.opposite(),
                b.player,
                PairReason::SamePile,
            ));
        }
    }
    Paired { tables, byes }
}

/// The first game of a new round (Pairings, steps 4 and 5): the single pile in standings
/// order, paired 1-2, 3-4, ... as in step 1.
///
/// Reading of "repeat the pairing process from Step 1": the pile is not shuffled again (step 4
/// has just ordered it), but a coin is flipped again for the allegiance of the odd positions,
/// `odd_side` ([`coin`] gives the seeded one; a recorded game may have had the other).
/// The bye goes to the last player; if they already had one, to the next lowest who has not
/// (the rule of step 3, applied here too). Its allegiance is that of the odd positions.
///
/// Rematches: players who met with the opposite allegiances stand (reason `RematchStands`);
/// players who met with these allegiances but not the opposite ones play with swapped
/// allegiances; players who met both ways: the lower-ranked switches rankings with the next
/// player, repeatedly (each candidate examined by the same rules); if the higher player has met
/// everyone left both ways, the original pairing is left.
pub(crate) fn pair_new_round(entrants: &[Entrant], odd_side: Side) -> Paired {
    let mut pile = by_rank(entrants);
    let byes = if pile.len() % 2 == 1 {
        take_byes(&mut pile, 1, odd_side, ByeReason::Last)
    } else {
        Vec::new()
    };
    let mut tables = Vec::new();
    while pile.len() >= 2 {
        let a = pile.remove(0);
        let mut chosen = None;
        for (j, b) in pile.iter().enumerate() {
            let same = repeats(a, odd_side, b);
            let opposite = repeats(a, odd_side.opposite(), b);
            let pick = match (same, opposite, j) {
                (false, false, 0) => Some((odd_side, PairReason::Standings)),
                (false, true, 0) => Some((odd_side, PairReason::RematchStands)),
                (true, false, 0) => Some((odd_side.opposite(), PairReason::AllegiancesSwapped)),
                (false, _, _) => Some((odd_side, PairReason::RankingSwitched)),
                (true, false, _) => Some((odd_side.opposite(), PairReason::RankingSwitched)),
                (true, true, _) => None,
            };
            if let Some((side, reason)) = pick {
                chosen = Some((j, side, reason));
                break;
            }
        }
        let (j, side, reason) = chosen.unwrap_or((0, odd_side, PairReason::RematchLeft));
        let b = pile.remove(j);
        tables.push(table(a.player, side, b.player, reason));
    }
    Paired { tables, byes }
}

/// Sealed deck, booster draft and Watto's Cube (traditional): players keep one allegiance all
/// event ("players do not switch allegiances in Sealed Deck play"), so every game is paired
/// like the second game of a constructed round: the Dark pile against the Light pile, best
/// against best, each pile in standings order (game 1 of a draft or cube, where the sides were
/// fixed at the draft: each pile shuffled, stream `"game 1 order"`, Dark pile first). A sealed
/// (non-draft) event pairs its first game with [`pair_first_game`], which assigns the sides.
///
/// Any earlier meeting is a rematch (the allegiances cannot differ): the Dark player takes the
/// next Light player they have not met, or the original one if they have met all. Players of
/// the larger pile beyond the size of the smaller have no opponent of the other side: they get
/// byes, from the bottom, skipping players who already had one when possible.
pub(crate) fn pair_fixed(entrants: &[Entrant], game: u32, seed: u64) -> Paired {
    let all = by_rank(entrants);
    let (mut dark, mut light): (Vec<&Entrant>, Vec<&Entrant>) =
        all.into_iter().partition(|e| e.allegiance == Side::Dark);
    if game <= 1 {
        dark.sort_by_key(|e| e.player);
        light.sort_by_key(|e| e.player);
        let mut rng = Stream::new(seed, "game 1 order");
        rng.shuffle(&mut dark);
        rng.shuffle(&mut light);
    }
    let byes = if dark.len() > light.len() {
        let extra = dark.len() - light.len();
        take_byes(
            &mut dark,
            extra,
            Side::Dark,
            ByeReason::NoOpponentOfOtherSide,
        )
    } else {
        let extra = light.len() - dark.len();
        take_byes(
            &mut light,
            extra,
            Side::Light,
            ByeReason::NoOpponentOfOtherSide,
        )
    };
    let (tables, _) = pair_two_piles(
        &dark,
        &light,
        |d, l| {
            d.meetings.iter().any(|m| m.opponent == l.player)
                || l.meetings.iter().any(|m| m.opponent == d.player)
        },
        |d, l, reason| Table {
            dark: d.player,
            light: l.player,
            reason,
        },
    );
    Paired { tables, byes }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(player: usize, rank: usize, allegiance: Side) -> Entrant {
        Entrant {
            player,
            rank,
            had_bye: false,
            meetings: Vec::new(),
            allegiance,
            organizer: false,
        }
    }

    fn met(entrants: &mut [Entrant], a: usize, a_side: Side, b: usize) {
        let ia = entrants.iter().position(|e| e.player == a).unwrap();
        let ib = entrants.iter().position(|e| e.player == b).unwrap();
        entrants[ia].meetings.push(Meeting {
            opponent: b,
            allegiance: a_side,
        });
        entrants[ib].meetings.push(Meeting {
            opponent: a,
            allegiance: a_side.opposite(),
        });
    }

    fn players_of(paired: &Paired) -> Vec<usize> {
        let mut all: Vec<usize> = paired
            .tables
            .iter()
            .flat_map(|t| [t.dark, t.light])
            .chain(paired.byes.iter().map(|b| b.player))
            .collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn first_game_alternates_allegiance_and_gives_the_last_a_bye() {
        let entrants: Vec<Entrant> = (0..7).map(|p| entrant(p, p, Side::Dark)).collect();
        let paired = pair_first_game(&entrants, 42);
        assert_eq!(paired, pair_first_game(&entrants, 42));
        assert_eq!(paired.tables.len(), 3);
        assert_eq!(players_of(&paired), (0..7).collect::<Vec<_>>());
        assert_eq!(paired.byes.len(), 1);
        assert_eq!(paired.byes[0].reason, ByeReason::Last);
        assert!(paired.tables.iter().all(|t| t.reason == PairReason::Random));
        // Different seeds give different orders.
        let orders: BTreeSet<Vec<(usize, usize)>> = (0..20)
            .map(|s| {
                pair_first_game(&entrants, s)
                    .tables
                    .iter()
                    .map(|t| (t.dark, t.light))
                    .collect()
            })
            .collect();
        assert!(orders.len() > 1);
    }

    #[test]
    fn organizer_gets_the_first_bye_of_an_odd_field() {
        let mut entrants: Vec<Entrant> = (0..5).map(|p| entrant(p, p, Side::Dark)).collect();
        entrants[2].organizer = true;
        for seed in 0..10 {
            let paired = pair_first_game(&entrants, seed);
            assert_eq!(paired.byes[0].player, 2);
            assert_eq!(paired.byes[0].reason, ByeReason::Organizer);
        }
        // Even field: no bye, the organizer plays.
        entrants.push(entrant(5, 5, Side::Dark));
        assert!(pair_first_game(&entrants, 1).byes.is_empty());
    }

    #[test]
    fn piles_pair_top_against_top_with_switched_allegiances() {
        use Side::{Dark, Light};
        let entrants = vec![
            entrant(10, 0, Dark),
            entrant(11, 1, Light),
            entrant(12, 2, Dark),
            entrant(13, 3, Light),
            entrant(14, 4, Light),
        ];
        let paired = pair_piles(&entrants);
        // Light pile is larger: its last player (14) gets the bye, and will be in the Dark
        // pile afterwards.
        assert_eq!(
            paired.byes,
            vec![Bye {
                player: 14,
                allegiance: Dark,
                reason: ByeReason::Last
            }]
        );
        assert_eq!(
            paired.tables,
            vec![
                Table {
                    dark: 11,
                    light: 10,
                    reason: PairReason::Piles
                },
                Table {
                    dark: 13,
                    light: 12,
                    reason: PairReason::Piles
                },
            ]
        );
    }

    #[test]
    fn pile_bye_goes_to_the_next_lowest_without_one() {
        use Side::{Dark, Light};
        let mut entrants = vec![
            entrant(0, 0, Dark),
            entrant(1, 1, Dark),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
            entrant(4, 4, Light),
        ];
        entrants[2].had_bye = true;
        let paired = pair_piles(&entrants);
        assert_eq!(paired.byes[0].player, 1);
        assert_eq!(paired.byes[0].reason, ByeReason::NextWithoutBye);
        entrants[0].had_bye = true;
        entrants[1].had_bye = true;
        let paired = pair_piles(&entrants);
        assert_eq!(paired.byes[0].player, 2);
        assert_eq!(paired.byes[0].reason, ByeReason::AllHadByes);
    }

    #[test]
    fn pile_rematch_is_modified_or_left() {
        use Side::{Dark, Light};
        let mut entrants = vec![
            entrant(0, 0, Dark),
            entrant(1, 1, Light),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
        ];
        // 0 (now Light) already played 1 (now Dark) with those allegiances.
        met(&mut entrants, 0, Light, 1);
        let paired = pair_piles(&entrants);
        assert_eq!(
            paired.tables[0],
            Table {
                dark: 3,
                light: 0,
                reason: PairReason::RematchModified
            }
        );
        assert_eq!(
            paired.tables[1],
            Table {
                dark: 1,
                light: 2,
                reason: PairReason::Piles
            }
        );
        // Met with the other allegiances: not a rematch under the rule.
        let mut other = vec![
            entrant(0, 0, Dark),
            entrant(1, 1, Light),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
        ];
        met(&mut other, 0, Dark, 1);
        assert_eq!(pair_piles(&other).tables[0].reason, PairReason::Piles);
        // Faced everyone left in the pile with these allegiances: the pairing is left.
        met(&mut entrants, 0, Light, 3);
        let paired = pair_piles(&entrants);
        assert_eq!(
            paired.tables[0],
            Table {
                dark: 1,
                light: 0,
                reason: PairReason::RematchLeft
            }
        );
    }

    #[test]
    fn new_round_pairs_the_standings() {
        let entrants: Vec<Entrant> = [3, 1, 0, 2]
            .iter()
            .enumerate()
            .map(|(rank, &p)| entrant(p, rank, Side::Dark))
            .collect();
        let paired = pair_new_round(&entrants, coin(8, 3));
        assert_eq!(paired, pair_new_round(&entrants, coin(8, 3)));
        let side = if Stream::new(8, "game 3 allegiance").below(2) == 0 {
            Side::Dark
        } else {
            Side::Light
        };
        let expect = |a, b| table(a, side, b, PairReason::Standings);
        assert_eq!(paired.tables, vec![expect(3, 1), expect(0, 2)]);
        assert!(paired.byes.is_empty());
    }

    #[test]
    fn new_round_rematches() {
        let side = if Stream::new(8, "game 3 allegiance").below(2) == 0 {
            Side::Dark
        } else {
            Side::Light
        };
        let fresh = || -> Vec<Entrant> { (0..4).map(|p| entrant(p, p, Side::Dark)).collect() };
        // Opposite allegiances before: stands.
        let mut e = fresh();
        met(&mut e, 0, side.opposite(), 1);
        let t = pair_new_round(&e, coin(8, 3)).tables[0];
        assert_eq!(t, table(0, side, 1, PairReason::RematchStands));
        // Same allegiances before: swapped.
        let mut e = fresh();
        met(&mut e, 0, side, 1);
        let t = pair_new_round(&e, coin(8, 3)).tables[0];
        assert_eq!(
            t,
            table(0, side.opposite(), 1, PairReason::AllegiancesSwapped)
        );
        // Both ways before: 1 switches rankings with 2.
        met(&mut e, 0, side.opposite(), 1);
        let paired = pair_new_round(&e, coin(8, 3));
        assert_eq!(
            paired.tables[0],
            table(0, side, 2, PairReason::RankingSwitched)
        );
        assert_eq!(paired.tables[1].reason, PairReason::Standings);
        assert_eq!(players_of(&paired), vec![0, 1, 2, 3]);
        // Both ways with everyone: left as it was.
        for p in [2, 3] {
            met(&mut e, 0, side, p);
            met(&mut e, 0, side.opposite(), p);
        }
        let paired = pair_new_round(&e, coin(8, 3));
        assert_eq!(paired.tables[0], table(0, side, 1, PairReason::RematchLeft));
    }

    #[test]
    fn new_round_bye_skips_players_who_had_one() {
        let mut e: Vec<Entrant> = (0..5).map(|p| entrant(p, p, Side::Dark)).collect();
        e[4].had_bye = true;
        let paired = pair_new_round(&e, coin(1, 5));
        assert_eq!(paired.byes[0].player, 3);
        assert_eq!(paired.byes[0].reason, ByeReason::NextWithoutBye);
        assert_eq!(players_of(&paired), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn fixed_allegiance_pairs_dark_against_light_only() {
        use Side::{Dark, Light};
        let mut e = vec![
            entrant(0, 0, Light),
            entrant(1, 1, Dark),
            entrant(2, 2, Dark),
            entrant(3, 3, Light),
            entrant(4, 4, Dark),
        ];
        let paired = pair_fixed(&e, 2, 0);
        assert_eq!(
            paired.byes,
            vec![Bye {
                player: 4,
                allegiance: Dark,
                reason: ByeReason::NoOpponentOfOtherSide
            }]
        );
        assert_eq!(
            paired.tables,
            vec![
                Table {
                    dark: 1,
                    light: 0,
                    reason: PairReason::Piles
                },
                Table {
                    dark: 2,
                    light: 3,
                    reason: PairReason::Piles
                },
            ]
        );
        // 1 already met 0: takes 3 instead.
        met(&mut e, 1, Dark, 0);
        let paired = pair_fixed(&e, 3, 0);
        assert_eq!(
            paired.tables[0],
            Table {
                dark: 1,
                light: 3,
                reason: PairReason::RematchModified
            }
        );
        // Game 1 of a draft: shuffled within piles, still Dark against Light.
        let paired = pair_fixed(&e, 1, 7);
        for t in &paired.tables {
            assert!([1, 2, 4].contains(&t.dark) && [0, 3].contains(&t.light));
        }
        assert_eq!(players_of(&paired), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn pairing_tolerates_odd_input() {
        assert_eq!(pair_first_game(&[], 0), Paired::default());
        assert_eq!(pair_piles(&[]), Paired::default());
        assert_eq!(pair_new_round(&[], coin(0, 3)), Paired::default());
        assert_eq!(pair_fixed(&[], 1, 0), Paired::default());
        let one = vec![entrant(0, 0, Side::Dark), entrant(0, 1, Side::Light)];
        assert_eq!(pair_new_round(&one, coin(0, 3)).byes.len(), 1);
        assert_eq!(pair_piles(&one).byes.len(), 1);
        // Unequal piles after drops: the extra players meet each other.
        let e: Vec<Entrant> = (0..4).map(|p| entrant(p, p, Side::Dark)).collect();
        let paired = pair_piles(&e);
        assert_eq!(paired.tables.len(), 2);
        assert!(
            paired
                .tables
                .iter()
                .all(|t| t.reason == PairReason::SamePile)
        );
    }

    /// Random events: every pairing function places each entrant exactly once, never pairs a
    /// player with themselves, and is deterministic.
    #[test]
    fn pairing_places_everyone_once() {
        for seed in 0..200u64 {
            let mut rng = Stream::new(seed, "test event");
            let n = rng.below(14) as usize;
            let mut e: Vec<Entrant> = (0..n)
                .map(|p| {
                    let side = if rng.below(2) == 0 {
                        Side::Dark
                    } else {
                        Side::Light
                    };
                    let mut x = entrant(p * 3, rng.below(20) as usize, side);
                    x.had_bye = rng.below(3) == 0;
                    x.organizer = rng.below(5) == 0;
                    x
                })
                .collect();
            for _ in 0..rng.below(30) {
                if n < 2 {
                    break;
                }
                let a = rng.below(n as u64) as usize * 3;
                let b = rng.below(n as u64) as usize * 3;
                if a != b {
                    let side = if rng.below(2) == 0 {
                        Side::Dark
                    } else {
                        Side::Light
                    };
                    met(&mut e, a, side, b);
                }
            }
            let everyone: Vec<usize> = (0..n).map(|p| p * 3).collect();
            for paired in [
                pair_first_game(&e, seed),
                pair_piles(&e),
                pair_new_round(&e, coin(seed, 3)),
            ] {
                assert_eq!(players_of(&paired), everyone, "seed {seed}");
                assert!(paired.tables.iter().all(|t| t.dark != t.light));
                assert!(paired.byes.len() <= 1);
            }
            let fixed = pair_fixed(&e, 2, seed);
            assert_eq!(players_of(&fixed), everyone, "seed {seed}");
            assert_eq!(fixed, pair_fixed(&e, 2, seed));
            assert_eq!(
                pair_new_round(&e, coin(seed, 3)),
                pair_new_round(&e, coin(seed, 3))
            );
        }
    }
}
