//! Double elimination for the top cut: the published brackets for 4, 8 and 16 players as data,
//! and the progression of a bracket from recorded games: who plays whom, which side each
//! player takes, going-to-time scoring, byes for players who drop, and final placings.

use std::cmp::{Ordering, Reverse};
use std::collections::BTreeMap;

use super::random::Stream;

/// A side of the Force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Dark,
    Light,
}

/// Where a player in a bracket game comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The cut's seed with this number (1 is the best).
    Seed(u32),
    /// The winner of this game.
    Winner(u32),
    /// The loser of this game (dropping into the lower bracket, or the final's loser).
    Loser(u32),
}

/// Which part of the bracket a game belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    Upper,
    Lower,
    /// The grand final: the upper-bracket finalist against the lower-bracket finalist.
    Final,
    /// The second final game, played only when the upper-bracket finalist lost the first.
    SecondFinal,
}

/// One game of a bracket layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// The published game number.
    pub number: u32,
    /// The bracket round: games of one round can be played at the same time (1 is first).
    pub round: u32,
    pub part: Part,
    /// The two players: `from[0]` is shown first.
    pub from: [Source; 2],
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
pub fn layout(size: u32) -> Option<&'static [GameSpec]> {
    match size {
        4 => Some(&tables::TOP_4),
        8 => Some(&tables::TOP_8),
        16 => Some(&tables::TOP_16),
        _ => None,
    }
}

/// The game state recorded when an elimination game goes to time (2018 scoring).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    /// Objectives in the light side player's victory pile.
    pub light_objectives: u32,
    /// Damage on the dark side player's objectives.
    pub light_damage: u32,
    /// The Death Star dial (0 to 11).
    pub dial: u32,
    /// Damage on the light side player's objectives.
    pub dark_damage: u32,
    /// Who holds the Balance of the Force.
    pub balance: Side,
}

/// Going-to-time scores in half points (exact): `(light, dark)`. Light: 40 per objective in
/// the victory pile plus 1 per damage; dark: 0, 40 or 80 by dial band (0-3, 4-7, 8-11) plus 1
/// per damage; 0.5 to the holder of the Balance of the Force.
pub fn time_scores(state: &Timed) -> (u32, u32) {
    // Impossible states (a dial past 11, absurd counts) are rejected before they get here; a
    // dial past 11 scores as the top band and sums saturate, so they cannot panic either.
    let dial_points: u32 = match state.dial {
        0..=3 => 0,
        4..=7 => 40,
        _ => 80,
    };
    let light = state
        .light_objectives
        .saturating_mul(40)
        .saturating_add(state.light_damage);
    let dark = dial_points.saturating_add(state.dark_damage);
    let halves = |points: u32, side: Side| {
        points
            .saturating_mul(2)
            .saturating_add(u32::from(state.balance == side))
    };
    (halves(light, Side::Light), halves(dark, Side::Dark))
}

/// The side that wins a game that went to time (scores can never be equal: exactly one side
/// holds the Balance of the Force).
pub fn time_winner(state: &Timed) -> Side {
    let (light, dark) = time_scores(state);
    match light.cmp(&dark) {
        Ordering::Greater => Side::Light,
        Ordering::Less => Side::Dark,
        // Only saturated, impossible counts can tie; the Balance of the Force still decides.
        Ordering::Equal => state.balance,
    }
}

/// What the event file records about one elimination game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Recorded {
    /// The winner's player index.
    pub winner: Option<usize>,
    /// The player who played dark.
    pub dark: Option<usize>,
    /// The game state when it went to time.
    pub timed: Option<Timed>,
}

/// Everything a bracket's progression depends on.
#[derive(Debug, Clone)]
pub struct BracketInput<'a> {
    /// 4, 8 or 16.
    pub size: u32,
    /// Player index of each seed: `seeds[0]` is seed 1.
    pub seeds: &'a [usize],
    /// Recorded games by game number.
    pub games: &'a BTreeMap<u32, Recorded>,
    /// Players who left during elimination: player index -> the last bracket round they finished
    /// (0: left before playing any elimination game). Their current and later opponents get byes.
    pub dropped: &'a BTreeMap<usize, u32>,
    /// The event's seed, for coin flips (stream `"elimination game {n} sides"`).
    pub seed: u64,
}

/// Why a player has the side shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SideReason {
    /// First elimination round: the higher seed chose (as recorded).
    HigherSeedChose,
    /// Each plays the side they have played fewer times.
    FewerTimes,
    /// Both played the same side fewer times; the greater differential plays it.
    GreaterDifferential,
    /// Equal differential: a seeded coin flip.
    CoinFlip,
    /// The finalists' second game: the method would repeat the first game's sides, so they switch.
    FinalistsSwitch,
}

/// How a game's winner was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Played and recorded.
    Played,
    /// Went to time; the winner comes from the scores (half points: light, dark).
    Time { light_halves: u32, dark_halves: u32 },
    /// The opponent dropped (or never arrived): a bye.
    Bye,
}

/// One game's state after progression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    pub spec: GameSpec,
    /// The two players, once known (`None`: not decided yet, or nobody because of drops).
    pub players: [Option<usize>; 2],
    /// The player on the dark side, when known.
    pub dark: Option<usize>,
    pub side_reason: Option<SideReason>,
    pub winner: Option<usize>,
    pub decision: Option<Decision>,
    /// False for the second final game when it is not needed (and for nothing else).
    pub needed: bool,
}

/// Something recorded that the bracket cannot accept; each names the game number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
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
}

/// A bracket after progression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    pub size: u32,
    pub games: Vec<GameState>,
    /// Games whose players are both known and that have no result yet, and are needed.
    pub ready: Vec<u32>,
    pub champion: Option<usize>,
    /// Once the bracket is finished: (place, player) for every cut player, best first. Players
    /// knocked out in the same round share the round's places in seed order.
    pub placings: Vec<(u32, usize)>,
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
pub fn progress(input: &BracketInput<'_>) -> (Bracket, Vec<Problem>) {
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
    play.problems.sort_by_key(problem_game);
    let bracket = Bracket {
        size: input.size,
        games: games.into_values().collect(),
        ready: play.ready,
        champion,
        placings,
    };
    (bracket, play.problems)
}

/// The game number a problem names.
fn problem_game(problem: &Problem) -> u32 {
    match *problem {
        Problem::NoSuchGame { game }
        | Problem::NotReady { game }
        | Problem::NotInGame { game, .. }
        | Problem::WrongSide { game, .. }
        | Problem::MissingSideChoice { game }
        | Problem::WrongTimeWinner { game, .. }
        | Problem::NotNeeded { game }
        | Problem::NoResult { game } => game,
    }
}

impl Side {
    fn opposite(self) -> Side {
        match self {
            Side::Dark => Side::Light,
            Side::Light => Side::Dark,
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
        if let Some(player) = record.and_then(|record| record.winner) {
            if Some(player) != advancing {
                self.problems.push(Problem::NotInGame { game, player });
            }
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
        let computed = (spec.round > 1).then(|| self.sides(spec, players));
        if let Some((dark, reason)) = computed {
            state.dark = Some(dark);
            state.side_reason = Some(reason);
        }
        let accepted = match record.map(|record| check(spec.number, players, computed, record)) {
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

    /// Who plays dark in a game after the first round, and why.
    fn sides(&self, spec: &GameSpec, players: [usize; 2]) -> (usize, SideReason) {
        let [first, second] = players;
        let count = |player: usize| self.played.get(&player).copied().unwrap_or_default();
        let (dark, reason) = match deck_choice(count(first), count(second)) {
            Some((Side::Dark, reason)) => (first, reason),
            Some((Side::Light, reason)) => (second, reason),
            None => {
                let label = format!("elimination game {} sides", spec.number);
                let heads = Stream::new(self.input.seed, &label).below(2) == 0;
                (if heads { first } else { second }, SideReason::CoinFlip)
            }
        };
        if spec.part == Part::SecondFinal && self.final_dark == Some(dark) {
            (opponent(players, dark), SideReason::FinalistsSwitch)
        } else {
            (dark, reason)
        }
    }
}

/// Checks a recorded result between two present players against the sides the rules give
/// (`computed`, or `None` in the first round where the record carries the higher seed's choice).
fn check(
    game: u32,
    players: [usize; 2],
    computed: Option<(usize, SideReason)>,
    record: &Recorded,
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
        (None, Some(chosen)) => (chosen, SideReason::HigherSeedChose),
        (Some((expected, _)), Some(recorded)) if recorded != expected => {
            return Err(Problem::WrongSide { game, expected });
        }
        (Some(sides), _) => sides,
    };
    let (winner, decision) = match claim {
        Claim::Won(winner) => (winner, Decision::Played),
        Claim::Timed(timed, recorded) => {
            let (light_halves, dark_halves) = time_scores(&timed);
            let expected = match time_winner(&timed) {
                Side::Dark => dark,
                Side::Light => opponent(players, dark),
            };
            if recorded.is_some_and(|winner| winner != expected) {
                return Err(Problem::WrongTimeWinner { game, expected });
            }
            let decision = Decision::Time {
                light_halves,
                dark_halves,
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
    use super::*;

    #[test]
    fn tmp_coins() {
        for seed in [2018u64, 7, 1] {
            let v: Vec<u64> = (1..=31)
                .map(|n| Stream::new(seed, &format!("elimination game {n} sides")).below(2))
                .collect();
            println!("COINS {seed} {v:?}");
        }
    }
}
