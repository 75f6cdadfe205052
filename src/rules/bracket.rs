//! Double elimination for the top cut: the published brackets for 4, 8 and 16 players as data,
//! and the progression of a bracket from recorded games: who plays whom, which side each
//! player takes, going-to-time scoring, byes for players who drop, and final placings.

use std::cmp::{Ordering, Reverse};
use std::collections::BTreeMap;

use super::random::Stream;
use crate::event::{Side, Timed};

/// Where a player in a bracket game comes from.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// The cut's seed with this number (1 is the best).
    Seed(u32),
    /// The winner of this game.
    Winner(u32),
    /// The loser of this game (dropping into the lower bracket, or the final's loser).
    Loser(u32),
}

/// Which part of the bracket a game belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Part {
    Upper,
    Lower,
    /// The grand final: the upper-bracket finalist against the lower-bracket finalist.
    Final,
    /// The second final game, played only when the upper-bracket finalist lost the first.
    SecondFinal,
}

/// One game of a bracket layout.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// The published game number.
    pub number: u32,
    /// The bracket round: games of one round can be played at the same time (1 is first).
    pub round: u32,
    pub(crate) part: Part,
    /// The two players: `from[0]` is shown first.
    pub(crate) from: [Source; 2],
}

/// The published brackets, written as the game lists printed on them.
mod tables {
    use super::GameSpec;
    use super::Part::{self, Final, Lower, SecondFinal, Upper};
    use super::Source::{self, Loser as L, Seed as S, Winner as W};

    /// Shorthand for one row of a table.
    const fn game(number: u32, round: u32, part: Part, a: Source, b: Source) -> GameSpec {
        GameSpec {
            number,
            round,
            part,
            from: [a, b],
        }
    }

    /// The published top 4 bracket.
    pub(super) static TOP_4: [GameSpec; 7] = [
        game(1, 1, Upper, S(1), S(4)),
        game(2, 1, Upper, S(2), S(3)),
        game(3, 2, Upper, W(1), W(2)),
        game(4, 2, Lower, L(1), L(2)),
        game(5, 3, Lower, L(3), W(4)),
        game(6, 4, Final, W(3), W(5)),
        game(7, 5, SecondFinal, W(6), L(6)),
    ];

    /// The published top 8 bracket.
    pub(super) static TOP_8: [GameSpec; 15] = [
        game(1, 1, Upper, S(1), S(8)),
        game(2, 1, Upper, S(4), S(5)),
        game(3, 1, Upper, S(2), S(7)),
        game(4, 1, Upper, S(3), S(6)),
        game(5, 2, Upper, W(1), W(2)),
        game(6, 2, Upper, W(3), W(4)),
        game(7, 2, Lower, L(1), L(2)),
        game(8, 2, Lower, L(3), L(4)),
        game(9, 3, Upper, W(5), W(6)),
        game(10, 3, Lower, L(6), W(7)),
        game(11, 3, Lower, W(8), L(5)),
        game(12, 4, Lower, W(10), W(11)),
        game(13, 5, Lower, L(9), W(12)),
        game(14, 6, Final, W(9), W(13)),
        game(15, 7, SecondFinal, W(14), L(14)),
    ];

    /// The published top 16 bracket. Game 27, the upper final, is numbered after the lower games
    /// of round 5 but is played in round 4.
    pub(super) static TOP_16: [GameSpec; 31] = [
        game(1, 1, Upper, S(1), S(16)),
        game(2, 1, Upper, S(8), S(9)),
        game(3, 1, Upper, S(5), S(12)),
        game(4, 1, Upper, S(4), S(13)),
        game(5, 1, Upper, S(3), S(14)),
        game(6, 1, Upper, S(6), S(11)),
        game(7, 1, Upper, S(7), S(10)),
        game(8, 1, Upper, S(2), S(15)),
        game(9, 2, Lower, L(1), L(2)),
        game(10, 2, Lower, L(3), L(4)),
        game(11, 2, Lower, L(5), L(6)),
        game(12, 2, Lower, L(7), L(8)),
        game(13, 2, Upper, W(1), W(2)),
        game(14, 2, Upper, W(3), W(4)),
        game(15, 2, Upper, W(5), W(6)),
        game(16, 2, Upper, W(7), W(8)),
        game(17, 3, Lower, L(16), W(9)),
        game(18, 3, Lower, L(15), W(10)),
        game(19, 3, Lower, L(14), W(11)),
        game(20, 3, Lower, L(13), W(12)),
        game(21, 3, Upper, W(13), W(14)),
        game(22, 3, Upper, W(15), W(16)),
        game(23, 4, Lower, W(17), W(18)),
        game(24, 4, Lower, W(19), W(20)),
        game(25, 5, Lower, L(21), W(23)),
        game(26, 5, Lower, W(24), L(22)),
        game(27, 4, Upper, W(21), W(22)),
        game(28, 6, Lower, W(25), W(26)),
        game(29, 7, Lower, L(27), W(28)),
        game(30, 8, Final, W(27), W(29)),
        game(31, 9, SecondFinal, W(30), L(30)),
    ];
}

/// The layout for a cut of `size` players (4, 8 or 16), in game-number order.
pub(crate) fn layout(size: u32) -> Option<&'static [GameSpec]> {
    match size {
        4 => Some(&tables::TOP_4),
        8 => Some(&tables::TOP_8),
        16 => Some(&tables::TOP_16),
        _ => None,
    }
}

/// A ruleset's going-to-time scoring, in whole units (`per_point` units make a point), so that
/// fractions such as 0.1 or 0.25 stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TimeScoring {
    /// For each objective in the light side player's victory pile.
    pub(crate) objective: u32,
    /// For each damage on the opponent's objectives (either side).
    pub(crate) damage: u32,
    /// For the Death Star dial at 0-3, 4-7 and 8-11.
    dial_bands: [u32; 3],
    /// For holding the Balance of the Force.
    pub(crate) balance: u32,
    /// Units in one point, for display.
    pub(crate) per_point: u32,
}

/// 2018: 40 per objective, 1 per damage, 0/40/80 by dial band, 0.5 for the Balance (half points).
const TIME_2018: TimeScoring = TimeScoring {
    objective: 80,
    damage: 2,
    dial_bands: [0, 80, 160],
    balance: 1,
    per_point: 2,
};

/// 2014: 4 per objective, 0.1 per damage, 0/4/8 by dial band, 0.25 for the Balance (twentieths).
const TIME_2014: TimeScoring = TimeScoring {
    objective: 80,
    damage: 2,
    dial_bands: [0, 80, 160],
    balance: 5,
    per_point: 20,
};

/// When both players have the same side to catch up on by the same differential.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EqualDifferential {
    /// A coin flip (2018), seeded.
    CoinFlip,
    /// The higher seed chooses (2014), as recorded in `dark`.
    HigherSeedChooses,
}

/// The sides of the finalists' second game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SecondFinalSides {
    /// The usual method, switching only if it would repeat the first game's sides (2018).
    SwitchIfRepeated,
    /// Always the opposite of the first game's sides (2014).
    Switch,
}

/// What a ruleset fixes about its elimination games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EliminationRules {
    pub(crate) time: TimeScoring,
    equal_differential: EqualDifferential,
    second_final: SecondFinalSides,
    /// Whether the finalists' games can go to time (2014: they are untimed).
    timed_finals: bool,
}

/// 2018 regulations.
pub(crate) const ELIMINATION_2018: EliminationRules = EliminationRules {
    time: TIME_2018,
    equal_differential: EqualDifferential::CoinFlip,
    second_final: SecondFinalSides::SwitchIfRepeated,
    timed_finals: true,
};

/// 2014 rules.
pub(crate) const ELIMINATION_2014: EliminationRules = EliminationRules {
    time: TIME_2014,
    equal_differential: EqualDifferential::HigherSeedChooses,
    second_final: SecondFinalSides::Switch,
    timed_finals: false,
};

/// Going-to-time scores `(light, dark)` in the scoring's units (exact).
fn time_scores(state: &Timed, scoring: &TimeScoring) -> (u32, u32) {
    // Impossible states (a dial past 11, absurd counts) are rejected before they get here; a
    // dial past 11 scores as the top band and sums saturate, so they cannot panic either.
    let band = match state.dial {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    };
    let holds = |side: Side| {
        if state.balance == side {
            scoring.balance
        } else {
            0
        }
    };
    let light = state
        .light_objectives
        .saturating_mul(scoring.objective)
        .saturating_add(state.light_damage.saturating_mul(scoring.damage))
        .saturating_add(holds(Side::Light));
    let dark = scoring.dial_bands[band]
        .saturating_add(state.dark_damage.saturating_mul(scoring.damage))
        .saturating_add(holds(Side::Dark));
    (light, dark)
}

/// The side that wins a game that went to time (scores can never be equal: exactly one side
/// holds the Balance of the Force, worth less than any other difference).
fn time_winner(state: &Timed, scoring: &TimeScoring) -> Side {
    let (light, dark) = time_scores(state, scoring);
    match light.cmp(&dark) {
        Ordering::Greater => Side::Light,
        Ordering::Less => Side::Dark,
        // Only saturated, impossible counts can tie; the Balance of the Force still decides.
        Ordering::Equal => state.balance,
    }
}

/// What the event file records about one elimination game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Recorded {
    /// The winner's player index.
    pub(crate) winner: Option<usize>,
    /// The player who played dark.
    pub(crate) dark: Option<usize>,
    /// The game state when it went to time.
    pub(crate) timed: Option<Timed>,
}

/// Everything a bracket's progression depends on.
#[derive(Debug, Clone)]
pub(crate) struct BracketInput<'a> {
    /// 4, 8 or 16.
    pub(crate) size: u32,
    /// Player index of each seed: `seeds[0]` is seed 1.
    pub(crate) seeds: &'a [usize],
    /// Recorded games by game number.
    pub(crate) games: &'a BTreeMap<u32, Recorded>,
    /// Players who left during elimination: player index -> the last bracket round they finished
    /// (0: left before playing any elimination game). Their current and later opponents get byes.
    pub(crate) dropped: &'a BTreeMap<usize, u32>,
    /// The event's seed, for coin flips (stream `"elimination game {n} sides"`).
    pub(crate) seed: u64,
    /// The ruleset's elimination rules.
    pub(crate) rules: EliminationRules,
}

/// Why a player has the side shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SideReason {
    /// First elimination round: the higher seed chose (as recorded).
    HigherSeedChose,
    /// Each plays the side they have played fewer times.
    FewerTimes,
    /// Both played the same side fewer times; the greater differential plays it.
    GreaterDifferential,
    /// Equal differential: a seeded coin flip (2018).
    CoinFlip,
    /// Equal differential: the higher seed chose (2014), as recorded.
    HigherSeedChoseTie,
    /// The finalists' second game: the method would repeat the first game's sides, so they switch.
    FinalistsSwitch,
}

/// How a game's winner was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Decision {
    /// Played and recorded.
    Played,
    /// Went to time; the winner comes from the scores, in units of which `per_point` make a point.
    Time {
        light: u32,
        dark: u32,
        per_point: u32,
    },
    /// The opponent dropped (or never arrived): a bye.
    Bye,
}

/// One game's state after progression.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    pub spec: GameSpec,
    /// The two players, once known (`None`: not decided yet, or nobody because of drops).
    pub players: [Option<usize>; 2],
    /// The player on the dark side, when known.
    pub(crate) dark: Option<usize>,
    pub(crate) side_reason: Option<SideReason>,
    pub(crate) winner: Option<usize>,
    pub(crate) decision: Option<Decision>,
    /// False for the second final game when it is not needed (and for nothing else).
    pub(crate) needed: bool,
}

/// Something recorded that the bracket cannot accept; each names the game number.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) enum Problem {
    /// No game with this number in this bracket.
    NoSuchGame { game: u32 },
    /// A result for a game whose players are not known yet.
    NotReady { game: u32 },
    /// The recorded winner (or `dark`) is not one of the game's players.
    NotInGame { game: u32, player: usize },
    /// A recorded `dark` contradicts the side the rules give; `expected` plays dark.
    WrongSide { game: u32, expected: usize },
    /// A first-round game has a result but not the higher seed's side choice.
    MissingSideChoice { game: u32 },
    /// A recorded winner contradicts the going-to-time scores; `expected` won.
    WrongTimeWinner { game: u32, expected: usize },
    /// A result for the second final game, which is not played.
    NotNeeded { game: u32 },
    /// A result with neither `winner` nor `timed`.
    NoResult { game: u32 },
    /// A going-to-time state for a finalists' game, which is untimed under these rules.
    UntimedFinal { game: u32 },
}

/// A bracket after progression.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    pub(crate) size: u32,
    pub games: Vec<GameState>,
    /// Games whose players are both known and that have no result yet, and are needed.
    pub(crate) ready: Vec<u32>,
    pub champion: Option<usize>,
    /// Once the bracket is finished: (place, player) for every cut player, best first. Players
    /// knocked out in the same round share the round's places in seed order.
    pub(crate) placings: Vec<(u32, usize)>,
}

/// Plays a bracket forward from its recorded games. Problems are collected; the game with a
/// problem is treated as not played.
///
/// Games are played forward round by round (every player slot comes from an earlier round), so
/// side counts always cover exactly the games a player finished before the current one. Each
/// recorded game reports at most one problem, the first found in this order: no result, a
/// winner or `dark` who is not a player, a missing or wrong side, a winner the going-to-time
/// scores contradict.
///
/// Where the regulations are silent:
/// - A cut with fewer seeds than places is not seeded yet: every player slot stays unknown and
///   every recorded game is [`Problem::NotReady`]. A size other than 4, 8 or 16 has no games,
///   and every recorded game is [`Problem::NoSuchGame`].
/// - A game decided by a bye (or by nobody, when neither player is present) was not played: a
///   recorded winner that is the player advancing by the bye is accepted silently, any other
///   recorded winner is [`Problem::NotInGame`] (the absent player did not play), and the rest
///   of the record (`dark`, `timed`) is ignored.
/// - A player who drops goes out in the game they lose by their absence; they do not also drop
///   into the lower bracket, so the lower bracket slot they would fill is empty and its
///   opponent advances by a bye too (the regulations' "any future opponent receives a bye").
/// - When the final is decided by a bye (a finalist dropped before it), the present finalist is
///   champion and the second final is not needed: the absent finalist is out of the event. The
///   second final is needed only when the upper finalist played the final and lost it. If both
///   finalists drop, the bracket has no champion and no placings.
pub(crate) fn progress(input: &BracketInput<'_>) -> (Bracket, Vec<Problem>) {
    let specs = layout(input.size).unwrap_or_default();
    let mut play = Play {
        input,
        seeds: input.seeds.get(..input.size as usize),
        outcomes: BTreeMap::new(),
        played: BTreeMap::new(),
        losses: BTreeMap::new(),
        out: BTreeMap::new(),
        problems: input
            .games
            .keys()
            .filter(|&&game| !specs.iter().any(|spec| spec.number == game))
            .map(|&game| Problem::NoSuchGame { game })
            .collect(),
        ready: Vec::new(),
        final_dark: None,
        second_final: true,
    };
    let mut order: Vec<&GameSpec> = specs.iter().collect();
    order.sort_by_key(|spec| (spec.round, spec.number));
    let mut games: BTreeMap<u32, GameState> = BTreeMap::new();
    for spec in order {
        games.insert(spec.number, play.game(spec));
    }
    let winner_of = |part: Part| {
        games
            .values()
            .find(|game| game.spec.part == part)
            .and_then(|game| game.winner)
    };
    let champion = if play.second_final {
        winner_of(Part::SecondFinal)
    } else {
        winner_of(Part::Final)
    };
    let placings = champion.map(|c| play.placings(c)).unwrap_or_default();
    play.ready.sort_unstable();
    play.problems.sort_by_key(Problem::game);
    let bracket = Bracket {
        size: input.size,
        games: games.into_values().collect(),
        ready: play.ready,
        champion,
        placings,
    };
    (bracket, play.problems)
}

impl Problem {
    /// The game number the problem names.
    pub(crate) fn game(&self) -> u32 {
        match *self {
            Problem::NoSuchGame { game }
            | Problem::NotReady { game }
            | Problem::NotInGame { game, .. }
            | Problem::WrongSide { game, .. }
            | Problem::MissingSideChoice { game }
            | Problem::WrongTimeWinner { game, .. }
            | Problem::NotNeeded { game }
            | Problem::NoResult { game }
            | Problem::UntimedFinal { game } => game,
        }
    }
}

/// A player slot while the bracket is played forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Not known yet: the game it comes from has no accepted result.
    Pending,
    /// Nobody: the game it comes from had nobody to send on, because of drops.
    Empty,
    Player(usize),
}

impl Slot {
    fn player(self) -> Option<usize> {
        match self {
            Slot::Player(player) => Some(player),
            Slot::Pending | Slot::Empty => None,
        }
    }
}

/// What a decided game sends on to the games that name it.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    winner: Slot,
    loser: Slot,
}

/// The sides a player has played in the elimination so far (byes do not count).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Played {
    dark: u32,
    light: u32,
}

impl Played {
    /// The side played fewer times; none when both were played equally often.
    fn prefers(self) -> Option<Side> {
        match self.dark.cmp(&self.light) {
            Ordering::Less => Some(Side::Dark),
            Ordering::Greater => Some(Side::Light),
            Ordering::Equal => None,
        }
    }

    fn differential(self) -> u32 {
        self.dark.abs_diff(self.light)
    }
}

/// The deck choice rule after the first round: the first player's side and why, or `None` when
/// a coin flip decides (equal differentials, or neither player prefers a side).
fn deck_choice(first: Played, second: Played) -> Option<(Side, SideReason)> {
    match (first.prefers(), second.prefers()) {
        (Some(a), Some(b)) if a == b => match first.differential().cmp(&second.differential()) {
            Ordering::Greater => Some((a, SideReason::GreaterDifferential)),
            Ordering::Less => Some((a.opposite(), SideReason::GreaterDifferential)),
            Ordering::Equal => None,
        },
        (Some(a), _) => Some((a, SideReason::FewerTimes)),
        (None, Some(b)) => Some((b.opposite(), SideReason::FewerTimes)),
        (None, None) => None,
    }
}

/// The other player of a two-player game.
fn opponent(players: [usize; 2], player: usize) -> usize {
    let [first, second] = players;
    if player == first { second } else { first }
}

/// A game's result as recorded, before it is checked.
enum Claim {
    Won(usize),
    Timed(Timed, Option<usize>),
}

/// A recorded result that passed every check.
struct Accepted {
    dark: usize,
    reason: SideReason,
    winner: usize,
    decision: Decision,
}

/// The bracket as it is played forward.
struct Play<'i, 'a> {
    input: &'i BracketInput<'a>,
    /// The cut's players by seed; `None` while fewer players than places are seeded.
    seeds: Option<&'a [usize]>,
    outcomes: BTreeMap<u32, Outcome>,
    played: BTreeMap<usize, Played>,
    losses: BTreeMap<usize, u32>,
    /// The bracket round in which each player went out (second loss, or absence).
    out: BTreeMap<usize, u32>,
    problems: Vec<Problem>,
    ready: Vec<u32>,
    /// Who played dark in the final, for the finalists' switch.
    final_dark: Option<usize>,
    /// Whether the second final is played; it may be until the final is decided.
    second_final: bool,
}

impl Play<'_, '_> {
    fn slot(&self, source: Source) -> Slot {
        let from_game = |game: u32, pick: fn(&Outcome) -> Slot| {
            self.outcomes.get(&game).map_or(Slot::Pending, pick)
        };
        match source {
            Source::Seed(seed) => seed
                .checked_sub(1)
                .and_then(|index| self.seeds?.get(index as usize))
                .map_or(Slot::Pending, |&player| Slot::Player(player)),
            Source::Winner(game) => from_game(game, |outcome| outcome.winner),
            Source::Loser(game) => from_game(game, |outcome| outcome.loser),
        }
    }

    /// Whether the player has left the event before this bracket round.
    fn absent(&self, player: usize, round: u32) -> bool {
        self.input
            .dropped
            .get(&player)
            .is_some_and(|&last| round > last)
    }

    fn game(&mut self, spec: &GameSpec) -> GameState {
        let slots = spec.from.map(|source| self.slot(source));
        let mut state = GameState {
            spec: *spec,
            players: slots.map(Slot::player),
            dark: None,
            side_reason: None,
            winner: None,
            decision: None,
            needed: true,
        };
        let game = spec.number;
        let record = self.input.games.get(&game);
        if spec.part == Part::SecondFinal && !self.second_final {
            state.needed = false;
            if record.is_some() {
                self.problems.push(Problem::NotNeeded { game });
            }
            return state;
        }
        if slots.contains(&Slot::Pending) {
            if record.is_some() {
                self.problems.push(Problem::NotReady { game });
            }
            return state;
        }
        let mut present = Vec::with_capacity(2);
        for player in state.players.into_iter().flatten() {
            if self.absent(player, spec.round) {
                self.out.entry(player).or_insert(spec.round);
            } else {
                present.push(player);
            }
        }
        match *present.as_slice() {
            [first, second] => self.contest(spec, [first, second], record, &mut state),
            [alone] => {
                state.winner = Some(alone);
                state.decision = Some(Decision::Bye);
                self.check_bye(game, record, Some(alone));
                let outcome = Outcome {
                    winner: Slot::Player(alone),
                    loser: Slot::Empty,
                };
                self.outcomes.insert(game, outcome);
            }
            _ => {
                self.check_bye(game, record, None);
                let outcome = Outcome {
                    winner: Slot::Empty,
                    loser: Slot::Empty,
                };
                self.outcomes.insert(game, outcome);
            }
        }
        if spec.part == Part::Final && self.outcomes.contains_key(&game) {
            let played = matches!(
                state.decision,
                Some(Decision::Played | Decision::Time { .. })
            );
            self.second_final = played && state.winner != state.players[0];
            self.final_dark = state.dark;
        }
        state
    }

    /// A game without a match: only a recorded winner who is the player advancing fits.
    fn check_bye(&mut self, game: u32, record: Option<&Recorded>, advancing: Option<usize>) {
        if let Some(player) = record.and_then(|record| record.winner)
            && Some(player) != advancing
        {
            self.problems.push(Problem::NotInGame { game, player });
        }
    }

    /// A game between two present players.
    fn contest(
        &mut self,
        spec: &GameSpec,
        players: [usize; 2],
        record: Option<&Recorded>,
        state: &mut GameState,
    ) {
        // The first round's sides are the higher seed's choice, known only from the record.
        let computed = if spec.round > 1 {
            self.sides(spec, players)
        } else {
            None
        };
        if let Some((dark, reason)) = computed {
            state.dark = Some(dark);
            state.side_reason = Some(reason);
        }
        let finals = matches!(spec.part, Part::Final | Part::SecondFinal);
        let untimed =
            finals && !self.input.rules.timed_finals && record.is_some_and(|r| r.timed.is_some());
        let first_round = spec.round == 1;
        let checked = record.map(|record| {
            if untimed {
                Err(Problem::UntimedFinal { game: spec.number })
            } else {
                let choice = if first_round {
                    SideReason::HigherSeedChose
                } else {
                    SideReason::HigherSeedChoseTie
                };
                check(
                    spec.number,
                    players,
                    computed,
                    choice,
                    record,
                    &self.input.rules.time,
                )
            }
        });
        let accepted = match checked {
            None => None,
            Some(Err(problem)) => {
                self.problems.push(problem);
                None
            }
            Some(Ok(accepted)) => Some(accepted),
        };
        let Some(accepted) = accepted else {
            self.ready.push(spec.number);
            return;
        };
        state.dark = Some(accepted.dark);
        state.side_reason = Some(accepted.reason);
        state.winner = Some(accepted.winner);
        state.decision = Some(accepted.decision);
        let light = opponent(players, accepted.dark);
        self.played.entry(accepted.dark).or_default().dark += 1;
        self.played.entry(light).or_default().light += 1;
        let loser = opponent(players, accepted.winner);
        let losses = self.losses.entry(loser).or_default();
        *losses += 1;
        if *losses >= 2 {
            self.out.entry(loser).or_insert(spec.round);
        }
        let outcome = Outcome {
            winner: Slot::Player(accepted.winner),
            loser: Slot::Player(loser),
        };
        self.outcomes.insert(spec.number, outcome);
    }

    /// Every cut player's place once `champion` is known: the champion, then the others by the
    /// round they went out in (later is better), ties by seed.
    fn placings(&self, champion: usize) -> Vec<(u32, usize)> {
        let Some(seeds) = self.seeds else {
            return Vec::new();
        };
        // In a finished bracket every other cut player has gone out; round 0 only guards
        // against a player listed twice in the seeds.
        let mut others: Vec<(u32, usize, usize)> = seeds
            .iter()
            .enumerate()
            .filter(|&(_, &player)| player != champion)
            .map(|(seed, &player)| (self.out.get(&player).copied().unwrap_or(0), seed, player))
            .collect();
        others.sort_by_key(|&(round, seed, _)| (Reverse(round), seed));
        std::iter::once(champion)
            .chain(others.into_iter().map(|(_, _, player)| player))
            .zip(1..)
            .map(|(player, place)| (place, player))
            .collect()
    }

    /// Who plays dark in a game after the first round, and why; `None` when the higher seed
    /// chooses (a tie under rules where the choice is theirs), known only from the record.
    fn sides(&self, spec: &GameSpec, players: [usize; 2]) -> Option<(usize, SideReason)> {
        let [first, second] = players;
        if spec.part == Part::SecondFinal
            && self.input.rules.second_final == SecondFinalSides::Switch
            && let Some(dark) = self.final_dark
        {
            return Some((opponent(players, dark), SideReason::FinalistsSwitch));
        }
        let count = |player: usize| self.played.get(&player).copied().unwrap_or_default();
        let (dark, reason) = match deck_choice(count(first), count(second)) {
            Some((Side::Dark, reason)) => (first, reason),
            Some((Side::Light, reason)) => (second, reason),
            None => match self.input.rules.equal_differential {
                EqualDifferential::HigherSeedChooses => return None,
                // Whatever the coin says, the finalists' second game must not repeat the
                // final's sides: the switch is all that is left to decide.
                EqualDifferential::CoinFlip
                    if spec.part == Part::SecondFinal
                        && let Some(dark) = self.final_dark =>
                {
                    return Some((opponent(players, dark), SideReason::FinalistsSwitch));
                }
                EqualDifferential::CoinFlip => {
                    let label = format!("elimination game {} sides", spec.number);
                    let heads = Stream::new(self.input.seed, &label).below(2) == 0;
                    (if heads { first } else { second }, SideReason::CoinFlip)
                }
            },
        };
        if spec.part == Part::SecondFinal && self.final_dark == Some(dark) {
            Some((opponent(players, dark), SideReason::FinalistsSwitch))
        } else {
            Some((dark, reason))
        }
    }
}

/// Checks a recorded result between two present players against the sides the rules give
/// (`computed`, or `None` in the first round where the record carries the higher seed's choice).
fn check(
    game: u32,
    players: [usize; 2],
    computed: Option<(usize, SideReason)>,
    choice: SideReason,
    record: &Recorded,
    scoring: &TimeScoring,
) -> Result<Accepted, Problem> {
    let claim = match (record.timed, record.winner) {
        (Some(timed), winner) => Claim::Timed(timed, winner),
        (None, Some(winner)) => Claim::Won(winner),
        (None, None) => return Err(Problem::NoResult { game }),
    };
    for player in [record.winner, record.dark].into_iter().flatten() {
        if !players.contains(&player) {
            return Err(Problem::NotInGame { game, player });
        }
    }
    let (dark, reason) = match (computed, record.dark) {
        (None, None) => return Err(Problem::MissingSideChoice { game }),
        (None, Some(chosen)) => (chosen, choice),
        // The sides were settled by a real coin (or another random process): what was recorded
        // is the result, and the seeded flip only stands in when nothing was.
        (Some((_, SideReason::CoinFlip)), Some(flipped)) => (flipped, SideReason::CoinFlip),
        (Some((expected, _)), Some(recorded)) if recorded != expected => {
            return Err(Problem::WrongSide { game, expected });
        }
        (Some(sides), _) => sides,
    };
    let (winner, decision) = match claim {
        Claim::Won(winner) => (winner, Decision::Played),
        Claim::Timed(timed, recorded) => {
            let (light, dark_score) = time_scores(&timed, scoring);
            let expected = match time_winner(&timed, scoring) {
                Side::Dark => dark,
                Side::Light => opponent(players, dark),
            };
            if recorded.is_some_and(|winner| winner != expected) {
                return Err(Problem::WrongTimeWinner { game, expected });
            }
            let decision = Decision::Time {
                light,
                dark: dark_score,
                per_point: scoring.per_point,
            };
            (expected, decision)
        }
    };
    Ok(Accepted {
        dark,
        reason,
        winner,
        decision,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::SideReason::{
        CoinFlip, FewerTimes, FinalistsSwitch, GreaterDifferential, HigherSeedChose,
    };
    use super::*;

    const SEED: u64 = 2018;

    /// The player index of a seed, deliberately different from the seed number.
    fn p(seed: u32) -> usize {
        100 + seed as usize
    }

    /// A game to replay: number, players and dark player as seeds, why, and the winner's seed.
    type Step = (u32, [u32; 2], u32, SideReason, u32);

    struct Fixture {
        size: u32,
        seeds: Vec<usize>,
        games: BTreeMap<u32, Recorded>,
        dropped: BTreeMap<usize, u32>,
        rules: EliminationRules,
    }

    impl Fixture {
        fn new(size: u32) -> Fixture {
            Fixture {
                size,
                seeds: (1..=size).map(p).collect(),
                games: BTreeMap::new(),
                dropped: BTreeMap::new(),
                rules: ELIMINATION_2018,
            }
        }

        fn run(&self) -> (Bracket, Vec<Problem>) {
            progress(&BracketInput {
                size: self.size,
                seeds: &self.seeds,
                games: &self.games,
                dropped: &self.dropped,
                seed: SEED,
                rules: self.rules,
            })
        }

        /// Runs and insists on no problems.
        fn clean(&self) -> Bracket {
            let (bracket, problems) = self.run();
            assert!(problems.is_empty());
            bracket
        }

        fn won(&mut self, game: u32, winner: u32, dark: Option<u32>) {
            let record = Recorded {
                winner: Some(p(winner)),
                dark: dark.map(p),
                timed: None,
            };
            self.games.insert(game, record);
        }

        fn record(&mut self, game: u32, record: Recorded) {
            self.games.insert(game, record);
        }

        /// The games that should be ready, derived from the layout alone: not recorded, every
        /// source recorded, and the second final only after the upper finalist lost the final.
        fn expected_ready(&self) -> Vec<u32> {
            let specs = layout(self.size).expect("a bracket size");
            let recorded: BTreeSet<u32> = self.games.keys().copied().collect();
            let winner = |game: u32| self.games.get(&game).and_then(|r| r.winner);
            specs
                .iter()
                .filter(|spec| !recorded.contains(&spec.number))
                .filter(|spec| {
                    spec.from.iter().all(|source| match *source {
                        Source::Seed(_) => true,
                        Source::Winner(game) | Source::Loser(game) => recorded.contains(&game),
                    })
                })
                .filter(|spec| {
                    spec.part != Part::SecondFinal || {
                        let finals = specs.iter().find(|s| s.part == Part::Final);
                        let upper = match finals.map(|s| s.from[0]) {
                            Some(Source::Winner(game)) => winner(game),
                            _ => None,
                        };
                        finals.and_then(|s| winner(s.number)) != upper
                    }
                })
                .map(|spec| spec.number)
                .collect()
        }

        /// Plays the steps one by one: before each, checks `ready`, the game's players and
        /// sides, then records the winner and the side played.
        fn replay(&mut self, steps: &[Step]) {
            for &(number, [a, b], dark, reason, winner) in steps {
                let bracket = self.clean();
                assert_eq!(bracket.ready, self.expected_ready(), "before game {number}");
                assert!(bracket.ready.contains(&number), "game {number} ready");
                assert_eq!(bracket.champion, None);
                assert!(bracket.placings.is_empty());
                let state = game(&bracket, number);
                assert_eq!(state.players, [Some(p(a)), Some(p(b))], "game {number}");
                assert!(state.needed);
                if reason == HigherSeedChose {
                    assert_eq!(state.dark, None, "game {number}: nobody chose yet");
                } else {
                    assert_eq!(state.dark, Some(p(dark)), "game {number}");
                    assert_eq!(state.side_reason, Some(reason), "game {number}");
                }
                if reason == CoinFlip {
                    let label = format!("elimination game {number} sides");
                    let heads = Stream::new(SEED, &label).below(2) == 0;
                    assert_eq!(dark, if heads { a } else { b }, "game {number} coin");
                }
                self.won(number, winner, Some(dark));
                let bracket = self.clean();
                let state = game(&bracket, number);
                assert_eq!(state.winner, Some(p(winner)));
                assert_eq!(state.decision, Some(Decision::Played));
                assert_eq!(state.dark, Some(p(dark)));
                assert_eq!(state.side_reason, Some(reason));
            }
        }
    }

    fn game(bracket: &Bracket, number: u32) -> &GameState {
        bracket
            .games
            .iter()
            .find(|g| g.spec.number == number)
            .expect("game in bracket")
    }

    fn assert_placings(bracket: &Bracket, seeds_in_order: &[u32]) {
        let expected: Vec<(u32, usize)> = seeds_in_order
            .iter()
            .map(|&s| p(s))
            .zip(1..)
            .map(|(player, place)| (place, player))
            .collect();
        assert_eq!(bracket.placings, expected);
    }

    fn timed(
        light_objectives: u32,
        light_damage: u32,
        dial: u32,
        dark_damage: u32,
        balance: Side,
    ) -> Timed {
        Timed::from_counts([light_objectives, light_damage, dial, dark_damage], balance)
    }

    // ---- Layouts ----

    #[test]
    fn layouts_exist_only_for_the_published_sizes() {
        for size in [0, 2, 5, 12, 32] {
            assert_eq!(layout(size), None);
        }
        for size in [4, 8, 16] {
            let specs = layout(size).expect("published size");
            assert_eq!(specs.len() as u32, 2 * size - 1, "top {size}");
            let numbers: Vec<u32> = specs.iter().map(|s| s.number).collect();
            assert_eq!(
                numbers,
                (1..2 * size).collect::<Vec<_>>(),
                "game-number order"
            );
        }
        assert_eq!(
            layout(16)
                .and_then(|s| s.get(26))
                .map(|s| (s.number, s.round)),
            Some((27, 4))
        );
    }

    #[test]
    fn layout_invariants() {
        for size in [4u32, 8, 16] {
            let specs = layout(size).expect("published size");
            let spec = |n: u32| {
                specs
                    .iter()
                    .find(|s| s.number == n)
                    .expect("source game exists")
            };
            let sources: Vec<Source> = specs.iter().flat_map(|s| s.from).collect();
            let count = |source: Source| sources.iter().filter(|&&s| s == source).count();

            let mut seeds: Vec<u32> = sources
                .iter()
                .filter_map(|s| match *s {
                    Source::Seed(seed) => Some(seed),
                    _ => None,
                })
                .collect();
            seeds.sort_unstable();
            assert_eq!(
                seeds,
                (1..=size).collect::<Vec<_>>(),
                "top {size}: each seed once"
            );

            for game in specs {
                let n = game.number;
                if game.round == 1 {
                    assert_eq!(game.part, Part::Upper);
                    assert!(game.from.iter().all(|s| matches!(s, Source::Seed(_))));
                } else {
                    for source in game.from {
                        let from = match source {
                            Source::Winner(g) | Source::Loser(g) => spec(g),
                            Source::Seed(_) => panic!("top {size} game {n}: seed after round 1"),
                        };
                        assert!(
                            from.round < game.round,
                            "top {size} game {n}: earlier round"
                        );
                    }
                }
                let winners = count(Source::Winner(n));
                let losers = count(Source::Loser(n));
                match game.part {
                    Part::SecondFinal => assert_eq!((winners, losers), (0, 0)),
                    Part::Final => assert_eq!((winners, losers), (1, 1)),
                    Part::Upper | Part::Lower => {
                        assert_eq!(winners, 1, "top {size}: winner of game {n} goes on once");
                        let expected = usize::from(game.part == Part::Upper);
                        assert_eq!(losers, expected, "top {size}: loser of game {n}");
                    }
                }
                // Upper losers go to the lower bracket; the final's loser to the second final.
                for source in game.from {
                    if let Source::Loser(g) = source {
                        let expected = if game.part == Part::SecondFinal {
                            Part::Final
                        } else {
                            Part::Upper
                        };
                        assert_eq!(spec(g).part, expected, "top {size} game {n}");
                        if game.part != Part::SecondFinal {
                            assert_eq!(game.part, Part::Lower);
                        }
                    }
                }
            }
            // The final: upper finalist first (progress relies on it), then the lower one.
            let finals: Vec<&GameSpec> = specs.iter().filter(|s| s.part == Part::Final).collect();
            assert_eq!(finals.len(), 1);
            let final_game = finals[0];
            let part_of = |source: Source| match source {
                Source::Winner(g) => Some(spec(g).part),
                _ => None,
            };
            assert_eq!(part_of(final_game.from[0]), Some(Part::Upper));
            assert_eq!(part_of(final_game.from[1]), Some(Part::Lower));
            let second = specs.last().expect("games");
            assert_eq!(second.part, Part::SecondFinal);
            assert_eq!(
                second.from,
                [
                    Source::Winner(final_game.number),
                    Source::Loser(final_game.number)
                ]
            );
            assert!(second.round > final_game.round);
            assert!(
                specs
                    .iter()
                    .all(|s| s.round <= final_game.round || s.part == Part::SecondFinal)
            );
        }
    }

    // ---- Going to time ----

    #[test]
    fn going_to_time_worked_example() {
        // Tim (light): 2 objectives and 7 damage = 87. Kat (dark): dial 10, 4 damage and the
        // Balance = 84.5. Tim wins.
        let state = timed(2, 7, 10, 4, Side::Dark);
        assert_eq!(time_scores(&state, &TIME_2018), (174, 169));
        assert_eq!(time_winner(&state, &TIME_2018), Side::Light);
    }

    #[test]
    fn going_to_time_dial_bands_and_balance() {
        let dark_halves = |dial| time_scores(&timed(0, 0, dial, 0, Side::Light), &TIME_2018).1;
        assert_eq!(
            [0, 3, 4, 7, 8, 11].map(dark_halves),
            [0, 0, 80, 80, 160, 160]
        );
        // Impossible dials score as the top band rather than panic.
        assert_eq!([12, u32::MAX].map(dark_halves), [160, 160]);
        // The Balance alone decides an otherwise even game.
        assert_eq!(
            time_scores(&timed(1, 0, 4, 0, Side::Light), &TIME_2018),
            (81, 80)
        );
        assert_eq!(
            time_winner(&timed(1, 0, 4, 0, Side::Light), &TIME_2018),
            Side::Light
        );
        assert_eq!(
            time_winner(&timed(1, 0, 4, 0, Side::Dark), &TIME_2018),
            Side::Dark
        );
        // Absurd counts saturate instead of overflowing.
        let absurd = timed(u32::MAX, u32::MAX, u32::MAX, u32::MAX, Side::Dark);
        assert_eq!(time_scores(&absurd, &TIME_2018), (u32::MAX, u32::MAX));
        assert_eq!(time_winner(&absurd, &TIME_2018), Side::Dark);
    }

    #[test]
    fn a_timed_game_is_won_on_the_scores() {
        let mut fx = Fixture::new(4);
        // Seed 1 chose light; the game went to time with light ahead.
        fx.record(
            1,
            Recorded {
                winner: None,
                dark: Some(p(4)),
                timed: Some(timed(2, 7, 10, 4, Side::Dark)),
            },
        );
        let bracket = fx.clean();
        let state = game(&bracket, 1);
        assert_eq!(state.winner, Some(p(1)));
        assert_eq!(
            state.decision,
            Some(Decision::Time {
                light: 174,
                dark: 169,
                per_point: 2
            })
        );
        // A recorded winner that agrees is fine too.
        fx.record(
            1,
            Recorded {
                winner: Some(p(1)),
                dark: Some(p(4)),
                timed: Some(timed(2, 7, 10, 4, Side::Dark)),
            },
        );
        assert_eq!(game(&fx.clean(), 1).winner, Some(p(1)));
    }

    // ---- Deck choice ----

    #[test]
    fn deck_choice_worked_example() {
        // Tom: dark 2, light 1. Kris: dark 3, light 1. Both played light the fewest times; Kris
        // has the greater differential (2 to 1), so Kris plays light and Tom dark.
        let tom = Played { dark: 2, light: 1 };
        let kris = Played { dark: 3, light: 1 };
        assert_eq!(
            deck_choice(tom, kris),
            Some((Side::Dark, GreaterDifferential))
        );
        assert_eq!(
            deck_choice(kris, tom),
            Some((Side::Light, GreaterDifferential))
        );
    }

    #[test]
    fn deck_choice_cases() {
        let played = |dark, light| Played { dark, light };
        // Different preferences, or only one player with one: each plays their side.
        assert_eq!(
            deck_choice(played(1, 0), played(0, 1)),
            Some((Side::Light, FewerTimes))
        );
        assert_eq!(
            deck_choice(played(1, 1), played(0, 1)),
            Some((Side::Light, FewerTimes))
        );
        assert_eq!(
            deck_choice(played(0, 2), played(1, 1)),
            Some((Side::Dark, FewerTimes))
        );
        // Same preference and differential, or no preference at all: a coin flip.
        assert_eq!(deck_choice(played(2, 1), played(2, 1)), None);
        assert_eq!(deck_choice(played(0, 0), played(1, 1)), None);
        assert_eq!(deck_choice(played(0, 0), played(0, 0)), None);
    }

    #[test]
    fn coin_flips_follow_the_game_stream() {
        // Top 4, round 1 both winners played dark: game 3 is a coin flip.
        for seed in [1u64, 2, 3, 7, 2018] {
            let mut fx = Fixture::new(4);
            fx.won(1, 1, Some(1));
            fx.won(2, 2, Some(2));
            let (bracket, problems) = progress(&BracketInput {
                size: 4,
                seeds: &fx.seeds,
                games: &fx.games,
                dropped: &fx.dropped,
                seed,
                rules: ELIMINATION_2018,
            });
            assert!(problems.is_empty());
            let heads = Stream::new(seed, "elimination game 3 sides").below(2) == 0;
            let state = game(&bracket, 3);
            assert_eq!(state.side_reason, Some(CoinFlip));
            assert_eq!(state.dark, Some(if heads { p(1) } else { p(2) }));
        }
    }

    /// 2018 deck choice: with equal differentials the sides are "determined at random, such as
    /// a coin flip". A real flip recorded in `dark` is the result, whichever way it fell; the
    /// seeded flip only fills in when nothing is recorded.
    #[test]
    fn equal_differential_sides_are_decided_at_random_as_recorded() {
        for seed in [1u64, 2, 3, 7, 2018] {
            let heads = Stream::new(seed, "elimination game 3 sides").below(2) == 0;
            let (seeded, other) = if heads { (1, 2) } else { (2, 1) };
            for recorded in [seeded, other] {
                let mut fx = Fixture::new(4);
                fx.won(1, 1, Some(1));
                fx.won(2, 2, Some(2));
                fx.won(3, 1, Some(recorded));
                let (bracket, problems) = progress(&BracketInput {
                    size: 4,
                    seeds: &fx.seeds,
                    games: &fx.games,
                    dropped: &fx.dropped,
                    seed,
                    rules: ELIMINATION_2018,
                });
                assert_eq!(problems, vec![], "seed {seed}, dark {recorded}");
                let state = game(&bracket, 3);
                assert_eq!(state.dark, Some(p(recorded)));
                assert_eq!(state.side_reason, Some(CoinFlip));
                assert_eq!(state.winner, Some(p(1)));
            }
        }
    }

    /// 2018: the finalists' second game never repeats the final's sides, so when the method
    /// would come down to a coin flip there is nothing left to flip: they switch, whatever the
    /// seed (and a recorded `dark` repeating the final's sides is refused).
    #[test]
    fn second_final_coin_flip_is_the_switch() {
        let spec = layout(4)
            .and_then(|specs| specs.iter().find(|s| s.part == Part::SecondFinal))
            .copied()
            .expect("a second final");
        let even = Played { dark: 2, light: 2 };
        for seed in [1u64, 2, 3, 7, 2018] {
            let games = BTreeMap::new();
            let dropped = BTreeMap::new();
            let input = BracketInput {
                size: 4,
                seeds: &[],
                games: &games,
                dropped: &dropped,
                seed,
                rules: ELIMINATION_2018,
            };
            let play = Play {
                input: &input,
                seeds: None,
                outcomes: BTreeMap::new(),
                played: BTreeMap::from([(p(1), even), (p(2), even)]),
                losses: BTreeMap::new(),
                out: BTreeMap::new(),
                problems: Vec::new(),
                ready: Vec::new(),
                final_dark: Some(p(1)),
                second_final: true,
            };
            let sides = play.sides(&spec, [p(1), p(2)]);
            assert_eq!(sides, Some((p(2), FinalistsSwitch)), "seed {seed}");
            let repeated = Recorded {
                winner: Some(p(1)),
                dark: Some(p(1)),
                timed: None,
            };
            assert_eq!(
                check(
                    7,
                    [p(1), p(2)],
                    sides,
                    HigherSeedChose,
                    &repeated,
                    &TIME_2018
                )
                .err(),
                Some(Problem::WrongSide {
                    game: 7,
                    expected: p(2)
                })
            );
        }
    }

    // ---- Full progressions ----

    /// Top 4 up to the final. Game 5 is a coin flip (both have played each side once).
    const TOP_4: &[Step] = &[
        (1, [1, 4], 1, HigherSeedChose, 1),
        (2, [2, 3], 3, HigherSeedChose, 2),
        (3, [1, 2], 2, FewerTimes, 1),
        (4, [4, 3], 4, FewerTimes, 3),
        (5, [2, 3], 3, CoinFlip, 2),
    ];

    #[test]
    fn top_4_ready_game_by_game() {
        let mut fx = Fixture::new(4);
        let mut seen = Vec::new();
        for &(number, _, dark, _, winner) in TOP_4 {
            seen.push(fx.clean().ready);
            fx.won(number, winner, Some(dark));
        }
        seen.push(fx.clean().ready);
        let expected: Vec<Vec<u32>> =
            vec![vec![1, 2], vec![2], vec![3, 4], vec![4], vec![5], vec![6]];
        assert_eq!(seen, expected);
    }

    #[test]
    fn top_4_upper_finalist_wins_the_final() {
        let mut fx = Fixture::new(4);
        fx.replay(TOP_4);
        fx.replay(&[(6, [1, 2], 2, FewerTimes, 1)]);
        let bracket = fx.clean();
        let second = game(&bracket, 7);
        assert!(!second.needed);
        assert_eq!((second.dark, second.winner), (None, None));
        assert!(bracket.ready.is_empty());
        assert_eq!(bracket.champion, Some(p(1)));
        // Seed 2 lost the final, seed 3 game 5 (round 3), seed 4 game 4 (round 2).
        assert_placings(&bracket, &[1, 2, 3, 4]);
        assert!(
            bracket
                .games
                .iter()
                .all(|g| g.needed == (g.spec.number != 7))
        );
    }

    #[test]
    fn top_4_upper_finalist_loses_the_final() {
        let mut fx = Fixture::new(4);
        fx.replay(TOP_4);
        // Seed 2 (dark 1, light 2) wins the final on dark; then seed 1 (dark 1, light 2)
        // prefers dark and seed 2 (2 and 2) has no preference: different sides from game 6.
        fx.replay(&[(6, [1, 2], 2, FewerTimes, 2), (7, [2, 1], 1, FewerTimes, 2)]);
        let bracket = fx.clean();
        assert!(bracket.ready.is_empty());
        assert_eq!(bracket.champion, Some(p(2)));
        assert_placings(&bracket, &[2, 1, 3, 4]);

        fx.won(7, 1, Some(1));
        let bracket = fx.clean();
        assert_eq!(bracket.champion, Some(p(1)));
        assert_placings(&bracket, &[1, 2, 3, 4]);
    }

    /// Top 8 up to the final. Game 13 is the regulations' deck choice example: seed 2 (dark 2,
    /// light 1) against seed 3 (dark 3, light 1).
    const TOP_8: &[Step] = &[
        (1, [1, 8], 8, HigherSeedChose, 8),
        (2, [4, 5], 5, HigherSeedChose, 4),
        (3, [2, 7], 7, HigherSeedChose, 2),
        (4, [3, 6], 3, HigherSeedChose, 3),
        (5, [8, 4], 4, FewerTimes, 8),
        (6, [2, 3], 2, FewerTimes, 2),
        (7, [1, 5], 1, FewerTimes, 1),
        (8, [7, 6], 6, FewerTimes, 7),
        (9, [8, 2], 2, CoinFlip, 8),
        (10, [3, 1], 3, CoinFlip, 3),
        (11, [7, 4], 7, CoinFlip, 7),
        (12, [3, 7], 3, CoinFlip, 3),
        (13, [2, 3], 2, GreaterDifferential, 2),
    ];

    #[test]
    fn top_8_upper_finalist_wins_the_final() {
        let mut fx = Fixture::new(8);
        fx.replay(TOP_8);
        fx.replay(&[(14, [8, 2], 8, FewerTimes, 8)]);
        let bracket = fx.clean();
        assert!(!game(&bracket, 15).needed);
        assert!(bracket.ready.is_empty());
        assert_eq!(bracket.champion, Some(p(8)));
        // 3: loser of 13; 4: loser of 12; 5-6: losers of 10 and 11 by seed; 7-8: 7 and 8.
        assert_placings(&bracket, &[8, 2, 3, 7, 1, 4, 5, 6]);
    }

    #[test]
    fn top_8_second_final_switches_sides() {
        let mut fx = Fixture::new(8);
        fx.replay(TOP_8);
        // After the final seed 2 has dark 3, light 2 and prefers light; seed 8 has 2 and 2: the
        // method would put seed 8 on dark again, as in game 14, so they switch.
        fx.replay(&[
            (14, [8, 2], 8, FewerTimes, 2),
            (15, [2, 8], 2, FinalistsSwitch, 8),
        ]);
        let bracket = fx.clean();
        assert_eq!(bracket.champion, Some(p(8)));
        assert_placings(&bracket, &[8, 2, 3, 7, 1, 4, 5, 6]);

        fx.won(15, 2, Some(2));
        let bracket = fx.clean();
        assert_eq!(bracket.champion, Some(p(2)));
        assert_placings(&bracket, &[2, 8, 3, 7, 1, 4, 5, 6]);
    }

    /// Top 16 up to the final (note game 27 is played in round 4, before 25 and 26).
    const TOP_16: &[Step] = &[
        (1, [1, 16], 16, HigherSeedChose, 16),
        (2, [8, 9], 9, HigherSeedChose, 8),
        (3, [5, 12], 5, HigherSeedChose, 12),
        (4, [4, 13], 13, HigherSeedChose, 13),
        (5, [3, 14], 14, HigherSeedChose, 14),
        (6, [6, 11], 11, HigherSeedChose, 6),
        (7, [7, 10], 10, HigherSeedChose, 7),
        (8, [2, 15], 2, HigherSeedChose, 2),
        (9, [1, 9], 1, FewerTimes, 9),
        (10, [5, 4], 4, FewerTimes, 4),
        (11, [3, 11], 3, FewerTimes, 3),
        (12, [10, 15], 15, FewerTimes, 15),
        (13, [16, 8], 8, FewerTimes, 8),
        (14, [12, 13], 12, FewerTimes, 12),
        (15, [14, 6], 6, FewerTimes, 14),
        (16, [7, 2], 7, FewerTimes, 7),
        (17, [2, 9], 9, CoinFlip, 9),
        (18, [6, 4], 4, CoinFlip, 6),
        (19, [13, 3], 13, CoinFlip, 13),
        (20, [16, 15], 16, CoinFlip, 16),
        (21, [8, 12], 8, CoinFlip, 8),
        (22, [14, 7], 7, CoinFlip, 14),
        (23, [9, 6], 6, FewerTimes, 9),
        (24, [13, 16], 13, CoinFlip, 13),
        (27, [8, 14], 14, FewerTimes, 8),
        (25, [12, 9], 12, FewerTimes, 12),
        (26, [13, 7], 7, GreaterDifferential, 13),
        (28, [12, 13], 12, FewerTimes, 12),
        (29, [14, 12], 14, FewerTimes, 14),
    ];

    /// 3: loser of 29; 4: of 28; 5-6: of 25, 26; 7-8: of 23, 24; 9-12: of 17-20; 13-16: of 9-12.
    const TOP_16_BELOW_FINALISTS: [u32; 14] = [12, 13, 7, 9, 6, 16, 2, 3, 4, 15, 1, 5, 10, 11];

    #[test]
    fn top_16_upper_finalist_wins_the_final() {
        let mut fx = Fixture::new(16);
        fx.replay(TOP_16);
        fx.replay(&[(30, [8, 14], 8, FewerTimes, 8)]);
        let bracket = fx.clean();
        assert!(!game(&bracket, 31).needed);
        assert!(bracket.ready.is_empty());
        assert_eq!(bracket.champion, Some(p(8)));
        let mut order = vec![8, 14];
        order.extend(TOP_16_BELOW_FINALISTS);
        assert_placings(&bracket, &order);
    }

    #[test]
    fn top_16_upper_finalist_loses_the_final() {
        let mut fx = Fixture::new(16);
        fx.replay(TOP_16);
        fx.replay(&[
            (30, [8, 14], 8, FewerTimes, 14),
            (31, [14, 8], 14, FewerTimes, 14),
        ]);
        let bracket = fx.clean();
        assert_eq!(bracket.champion, Some(p(14)));
        let mut order = vec![14, 8];
        order.extend(TOP_16_BELOW_FINALISTS);
        assert_placings(&bracket, &order);
    }

    #[test]
    fn top_16_ready_after_each_round() {
        let mut fx = Fixture::new(16);
        let specs = layout(16).expect("top 16");
        for round in 1..=8 {
            let games: Vec<u32> = specs
                .iter()
                .filter(|s| s.round == round)
                .map(|s| s.number)
                .collect();
            assert_eq!(fx.clean().ready, games, "round {round}");
            for &(number, _, dark, _, winner) in
                TOP_16.iter().filter(|step| games.contains(&step.0))
            {
                fx.won(number, winner, Some(dark));
            }
        }
    }

    // ---- Drops ----

    #[test]
    fn drop_after_round_1_gives_byes() {
        let mut fx = Fixture::new(8);
        for (number, winner, dark) in [(1, 1, 1), (2, 4, 5), (3, 2, 2), (4, 3, 3)] {
            fx.won(number, winner, Some(dark));
        }
        fx.dropped.insert(p(2), 1);
        let bracket = fx.clean();
        let bye = game(&bracket, 6);
        assert_eq!(bye.players, [Some(p(2)), Some(p(3))]);
        assert_eq!(
            (bye.winner, bye.decision),
            (Some(p(3)), Some(Decision::Bye))
        );
        assert_eq!((bye.dark, bye.side_reason), (None, None));
        assert_eq!(bracket.ready, vec![5, 7, 8]);
        // Seed 2 does not drop into the lower bracket: game 10's other player gets a bye too.
        assert_eq!(game(&bracket, 10).players, [None, None]);

        for (number, winner) in [(5, 1), (7, 5), (8, 6)] {
            fx.won(number, winner, None);
        }
        let bracket = fx.clean();
        let lower = game(&bracket, 10);
        assert_eq!(lower.players, [None, Some(p(5))]);
        assert_eq!(
            (lower.winner, lower.decision),
            (Some(p(5)), Some(Decision::Bye))
        );
        // Seed 3's bye is not a game played: seed 1 (dark, then light in game 5) has no
        // preference, seed 3 (dark once) prefers light.
        let next = game(&bracket, 9);
        assert_eq!(next.players, [Some(p(1)), Some(p(3))]);
        assert_eq!(
            (next.dark, next.side_reason),
            (Some(p(1)), Some(FewerTimes))
        );
        assert_eq!(bracket.ready, vec![9, 11]);

        for (number, winner) in [(9, 1), (11, 4), (12, 4), (13, 3), (14, 1)] {
            fx.won(number, winner, None);
        }
        let bracket = fx.clean();
        assert_eq!(bracket.champion, Some(p(1)));
        // Seed 2 went out in round 2 (game 6), with the losers of games 7 and 8.
        assert_placings(&bracket, &[1, 3, 4, 5, 6, 2, 7, 8]);
    }

    #[test]
    fn results_recorded_for_a_bye() {
        let mut fx = Fixture::new(8);
        for (number, winner) in [(1, 1), (2, 4), (3, 2), (4, 3)] {
            fx.won(number, winner, Some(winner));
        }
        fx.dropped.insert(p(2), 1);
        // The player advancing by the bye: accepted silently, sides ignored.
        fx.won(6, 3, Some(2));
        let bracket = fx.clean();
        assert_eq!(game(&bracket, 6).decision, Some(Decision::Bye));
        assert_eq!(game(&bracket, 6).dark, None);
        // The absent player did not play.
        fx.won(6, 2, None);
        let (bracket, problems) = fx.run();
        assert_eq!(
            problems,
            vec![Problem::NotInGame {
                game: 6,
                player: p(2)
            }]
        );
        assert_eq!(game(&bracket, 6).winner, Some(p(3)));
    }

    #[test]
    fn drop_before_the_first_game() {
        let mut fx = Fixture::new(4);
        fx.dropped.insert(p(4), 0);
        let bracket = fx.clean();
        assert_eq!(game(&bracket, 1).decision, Some(Decision::Bye));
        assert_eq!(game(&bracket, 1).winner, Some(p(1)));
        assert_eq!(bracket.ready, vec![2]);
        fx.won(2, 2, Some(2));
        let bracket = fx.clean();
        let lower = game(&bracket, 4);
        assert_eq!(lower.players, [None, Some(p(3))]);
        assert_eq!(
            (lower.winner, lower.decision),
            (Some(p(3)), Some(Decision::Bye))
        );
        // Seed 1's bye does not count: seed 1 has no preference, seed 2 (dark once) prefers light.
        let upper = game(&bracket, 3);
        assert_eq!(
            (upper.dark, upper.side_reason),
            (Some(p(1)), Some(FewerTimes))
        );
    }

    #[test]
    fn both_players_gone_sends_nobody_on() {
        let mut fx = Fixture::new(4);
        fx.won(1, 1, Some(1));
        fx.won(2, 2, Some(2));
        fx.dropped.insert(p(3), 1);
        fx.dropped.insert(p(4), 1);
        let bracket = fx.clean();
        let empty = game(&bracket, 4);
        assert_eq!(empty.players, [Some(p(4)), Some(p(3))]);
        assert_eq!((empty.winner, empty.decision), (None, None));
        assert_eq!(bracket.ready, vec![3]);
        fx.won(3, 1, None);
        let bracket = fx.clean();
        let lower_final = game(&bracket, 5);
        assert_eq!(lower_final.players, [Some(p(2)), None]);
        assert_eq!(
            (lower_final.winner, lower_final.decision),
            (Some(p(2)), Some(Decision::Bye))
        );
        assert_eq!(bracket.ready, vec![6]);
        fx.won(6, 1, None);
        let bracket = fx.clean();
        assert_eq!(bracket.champion, Some(p(1)));
        // Seeds 3 and 4 both went out in round 2.
        assert_placings(&bracket, &[1, 2, 3, 4]);
    }

    /// Top 4 played to the final: seed 1 upper finalist, seed 2 lower finalist.
    fn top_4_at_the_final() -> Fixture {
        let mut fx = Fixture::new(4);
        for &(number, _, dark, _, winner) in TOP_4 {
            fx.won(number, winner, Some(dark));
        }
        fx
    }

    #[test]
    fn upper_finalist_drops_before_the_final() {
        let mut fx = top_4_at_the_final();
        fx.dropped.insert(p(1), 2);
        let bracket = fx.clean();
        let final_game = game(&bracket, 6);
        assert_eq!(
            (final_game.winner, final_game.decision),
            (Some(p(2)), Some(Decision::Bye))
        );
        assert!(!game(&bracket, 7).needed);
        assert!(bracket.ready.is_empty());
        assert_eq!(bracket.champion, Some(p(2)));
        assert_placings(&bracket, &[2, 1, 3, 4]);
    }

    #[test]
    fn lower_finalist_drops_before_the_final() {
        let mut fx = top_4_at_the_final();
        fx.dropped.insert(p(2), 3);
        let bracket = fx.clean();
        assert_eq!(game(&bracket, 6).decision, Some(Decision::Bye));
        assert!(!game(&bracket, 7).needed);
        assert_eq!(bracket.champion, Some(p(1)));
        assert_placings(&bracket, &[1, 2, 3, 4]);
    }

    #[test]
    fn finalist_drops_after_losing_the_final() {
        let mut fx = top_4_at_the_final();
        fx.won(6, 2, Some(2));
        fx.dropped.insert(p(1), 4);
        let bracket = fx.clean();
        let second = game(&bracket, 7);
        assert!(second.needed);
        assert_eq!(
            (second.winner, second.decision),
            (Some(p(2)), Some(Decision::Bye))
        );
        assert!(bracket.ready.is_empty());
        assert_eq!(bracket.champion, Some(p(2)));
        assert_placings(&bracket, &[2, 1, 3, 4]);
    }

    // ---- Problems ----

    #[test]
    fn problem_no_such_game() {
        let mut fx = Fixture::new(4);
        fx.won(8, 1, None);
        let (bracket, problems) = fx.run();
        assert_eq!(problems, vec![Problem::NoSuchGame { game: 8 }]);
        assert_eq!(bracket.ready, vec![1, 2]);
        // A size without a bracket has no games at all.
        fx.size = 5;
        fx.won(1, 1, Some(1));
        let (bracket, problems) = fx.run();
        assert!(bracket.games.is_empty());
        assert_eq!(
            problems,
            vec![
                Problem::NoSuchGame { game: 1 },
                Problem::NoSuchGame { game: 8 }
            ]
        );
    }

    #[test]
    fn problem_not_ready() {
        let mut fx = Fixture::new(4);
        fx.won(3, 1, None);
        let (bracket, problems) = fx.run();
        assert_eq!(problems, vec![Problem::NotReady { game: 3 }]);
        assert_eq!(game(&bracket, 3).winner, None);
    }

    #[test]
    fn problem_not_in_game() {
        let mut fx = Fixture::new(4);
        fx.won(1, 2, Some(1));
        fx.won(2, 2, Some(1));
        let (bracket, problems) = fx.run();
        assert_eq!(
            problems,
            vec![
                Problem::NotInGame {
                    game: 1,
                    player: p(2)
                },
                Problem::NotInGame {
                    game: 2,
                    player: p(1)
                },
            ]
        );
        assert_eq!(bracket.ready, vec![1, 2]);
        assert_eq!(game(&bracket, 1).dark, None);
    }

    #[test]
    fn problem_wrong_side() {
        let mut fx = Fixture::new(4);
        fx.won(1, 1, Some(1));
        fx.won(2, 2, Some(3));
        // Seed 1 played dark, seed 2 light: seed 2 plays dark in game 3.
        fx.won(3, 1, Some(1));
        let (bracket, problems) = fx.run();
        assert_eq!(
            problems,
            vec![Problem::WrongSide {
                game: 3,
                expected: p(2)
            }]
        );
        let state = game(&bracket, 3);
        assert_eq!((state.winner, state.dark), (None, Some(p(2))));
        assert_eq!(bracket.ready, vec![3, 4]);
    }

    #[test]
    fn problem_missing_side_choice() {
        let mut fx = Fixture::new(4);
        fx.won(1, 1, None);
        let (bracket, problems) = fx.run();
        assert_eq!(problems, vec![Problem::MissingSideChoice { game: 1 }]);
        assert_eq!(game(&bracket, 1).winner, None);
        assert_eq!(bracket.ready, vec![1, 2]);
    }

    #[test]
    fn problem_wrong_time_winner() {
        let mut fx = Fixture::new(4);
        fx.record(
            1,
            Recorded {
                winner: Some(p(4)),
                dark: Some(p(4)),
                timed: Some(timed(2, 7, 10, 4, Side::Dark)),
            },
        );
        let (bracket, problems) = fx.run();
        assert_eq!(
            problems,
            vec![Problem::WrongTimeWinner {
                game: 1,
                expected: p(1)
            }]
        );
        assert_eq!(game(&bracket, 1).winner, None);
    }

    #[test]
    fn problem_not_needed() {
        let mut fx = top_4_at_the_final();
        fx.won(6, 1, Some(2));
        fx.won(7, 2, Some(1));
        let (bracket, problems) = fx.run();
        assert_eq!(problems, vec![Problem::NotNeeded { game: 7 }]);
        assert_eq!(bracket.champion, Some(p(1)));
        assert_eq!(game(&bracket, 7).winner, None);
    }

    #[test]
    fn problem_no_result() {
        let mut fx = Fixture::new(4);
        fx.record(1, Recorded::default());
        fx.record(
            2,
            Recorded {
                dark: Some(p(2)),
                ..Recorded::default()
            },
        );
        let (bracket, problems) = fx.run();
        assert_eq!(
            problems,
            vec![Problem::NoResult { game: 1 }, Problem::NoResult { game: 2 }]
        );
        assert_eq!(bracket.ready, vec![1, 2]);
    }

    // ---- Odd input ----

    #[test]
    fn too_few_seeds_is_an_unseeded_bracket() {
        let mut fx = Fixture::new(8);
        fx.seeds.truncate(5);
        fx.won(1, 1, Some(1));
        let (bracket, problems) = fx.run();
        assert_eq!(bracket.games.len(), 15);
        assert!(bracket.games.iter().all(|g| g.players == [None, None]));
        assert!(bracket.ready.is_empty());
        assert_eq!(problems, vec![Problem::NotReady { game: 1 }]);
        fx.seeds.clear();
        assert!(fx.run().0.ready.is_empty());
    }

    #[test]
    fn extra_seeds_are_not_in_the_cut() {
        let mut fx = Fixture::new(4);
        fx.seeds.push(p(5));
        let mut full = top_4_at_the_final();
        full.seeds.push(p(5));
        full.won(6, 1, Some(2));
        let bracket = full.clean();
        assert_placings(&bracket, &[1, 2, 3, 4]);
        assert_eq!(fx.clean().ready, vec![1, 2]);
    }

    #[test]
    fn progress_is_deterministic() {
        let mut fx = Fixture::new(16);
        fx.replay(TOP_16);
        assert_eq!(fx.run(), fx.run());
    }

    /// Worked example 5 (2014): light 2 objectives (8) and 7 damage (0.7) = 8.7; dark dial 10 (8),
    /// 4 damage (0.4) and the Balance (0.25) = 8.65; light wins. In twentieths: 174 to 173.
    #[test]
    fn going_to_time_2014_worked_example() {
        let state = timed(2, 7, 10, 4, Side::Dark);
        assert_eq!(time_scores(&state, &TIME_2014), (174, 173));
        assert_eq!(time_winner(&state, &TIME_2014), Side::Light);
    }

    /// 2014: with equal differentials the higher seed chooses, so the record must say which
    /// side was chosen; the 2018 coin flip never happens.
    #[test]
    fn equal_differential_2014_is_the_higher_seeds_choice() {
        let mut fx = Fixture::new(8);
        fx.rules = ELIMINATION_2014;
        for &(number, _, dark, _, winner) in &TOP_8[..8] {
            fx.won(number, winner, Some(dark));
        }
        // Game 9 (seeds 8 and 2, each dark once and light once): a tie of differentials.
        let bracket = fx.clean();
        let nine = game(&bracket, 9);
        assert_eq!((nine.dark, nine.side_reason), (None, None));
        fx.won(9, 8, None);
        let (_, problems) = fx.run();
        assert_eq!(problems, vec![Problem::MissingSideChoice { game: 9 }]);
        fx.won(9, 8, Some(2));
        let bracket = fx.clean();
        let nine = game(&bracket, 9);
        assert_eq!(
            (nine.dark, nine.side_reason),
            (Some(p(2)), Some(SideReason::HigherSeedChoseTie))
        );
    }

    /// 2014: the finalists always switch sides for the second game, and their games are untimed.
    #[test]
    fn second_final_2014_switches_and_is_untimed() {
        let mut fx = top_4_at_the_final();
        fx.rules = ELIMINATION_2014;
        let bracket = fx.clean();
        let final_game = game(&bracket, 6);
        let dark = final_game.dark.unwrap_or(p(2));
        let lower = final_game.players[1].expect("lower finalist");
        fx.record(
            6,
            Recorded {
                winner: Some(p(2)),
                dark: Some(dark),
                timed: None,
            },
        );
        let bracket = fx.clean();
        assert_eq!(
            bracket.champion, None,
            "the upper finalist lost: a second game"
        );
        let second = game(&bracket, 7);
        assert_eq!(second.side_reason, Some(FinalistsSwitch));
        assert_ne!(second.dark, Some(dark));
        assert!(second.players.contains(&Some(lower)));
        fx.record(
            7,
            Recorded {
                winner: None,
                dark: None,
                timed: Some(timed(1, 3, 5, 2, Side::Dark)),
            },
        );
        let (_, problems) = fx.run();
        assert_eq!(problems, vec![Problem::UntimedFinal { game: 7 }]);
    }
}
