//! Double elimination for the top cut: the published brackets for 4, 8 and 16 players as data,
//! and the progression of a bracket from recorded games: who plays whom, which side each
//! player takes, going-to-time scoring, byes for players who drop, and final placings.

use std::collections::BTreeMap;

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

/// The layout for a cut of `size` players (4, 8 or 16), in game-number order.
pub fn layout(size: u32) -> Option<&'static [GameSpec]> {
    let _ = size;
    unimplemented!("being written")
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
    let _ = state;
    unimplemented!("being written")
}

/// The side that wins a game that went to time (scores can never be equal: exactly one side
/// holds the Balance of the Force).
pub fn time_winner(state: &Timed) -> Side {
    let _ = state;
    unimplemented!("being written")
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
pub fn progress(input: &BracketInput<'_>) -> (Bracket, Vec<Problem>) {
    let _ = input;
    unimplemented!("being written")
}
