//! The recorded facts of an event: players, rounds, games, results, sides, timed results and
//! scenarios, as plain data. Nothing here reads a file or applies a rule: [`crate::load`] reads
//! and validates event files into these types, [`crate::rules`] computes from them.
//!
//! A loaded [`Event`] is validated data: every id resolved to an index, every reference
//! checked. Spans live only in the reading stage ([`crate::load::read`]), where diagnostics are
//! made.

pub(crate) mod casual;
pub mod ids;
pub(crate) mod penalty;
pub(crate) mod recorded;
pub(crate) mod side;

use std::path::PathBuf;

pub use crate::toml_reader::{Date, Timestamp};
pub use side::{Side, Timed};

/// One event: the recorded facts of one file under `events/`.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Path under `events/` without `.toml`; also the URL path under `events/`.
    pub(crate) slug: String,
    /// The file, relative to the site root, as shown in messages.
    pub(crate) file: PathBuf,
    pub info: EventInfo,
    /// Registered players in registration order. Indices into this list identify players everywhere.
    pub players: Vec<Player>,
    /// Team events: the registered people (`players` then holds the teams, the competitors).
    pub(crate) people: Vec<Player>,
    /// Team events: each team's two members, indices into `people`, in team order.
    pub(crate) members: Vec<[usize; 2]>,
    /// What was played, by kind of event.
    pub kind: Kind,
    /// Long text from the sibling `<slug>.md` file, if there is one.
    pub(crate) long_text: Option<String>,
}

/// What an event records, by kind of event: one choice, so that a rule, a check or a page asks
/// it once. An event with nothing played yet is already of its kind (its ruleset and format
/// tell which), with empty lists.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// SW:LCG Swiss rounds of matches, then the top cut's elimination games or, for a team
    /// event, the final match.
    Swiss(SwissPlay),
    /// SW:CCG games of play, each paired on its own, then the Final Confrontation.
    Ccg(CcgPlay),
    /// A league's games (`format = "league"`), by date.
    League(Vec<casual::LeagueGame>),
    /// A challenge event's sessions (`format = "challenge"`), in file order.
    Challenge(Vec<casual::Session>),
    /// An event known only by its final standings (`[[standings]]`), in file order.
    Recorded(Vec<recorded::RecordedStanding>),
}

/// What a Swiss event (SW:LCG) records.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct SwissPlay {
    pub(crate) rounds: Vec<Round>,
    /// Elimination games as recorded (`[elimination]`), in file order.
    pub elimination: Vec<EliminationGame>,
    /// Team events: the final match between teams tied for first, when recorded.
    pub(crate) final_match: Option<FinalMatch>,
    /// The order the venue drew for players level on everything but the random tiebreaker in
    /// the final Swiss standings (`venue_draw` in `[event]`), first drawn first; empty when the
    /// event's seed draws it.
    #[serde(default)]
    pub(crate) venue_draw: Vec<usize>,
    /// The penalty log (`[[penalties]]`), in file order.
    #[serde(default)]
    pub(crate) penalties: Vec<penalty::Penalty>,
}

/// What a SW:CCG event records.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct CcgPlay {
    /// The games of play in order (each `[[rounds]]` entry is one game).
    pub(crate) games: Vec<CcgRound>,
    /// The Final Confrontation's games, when recorded.
    pub(crate) final_games: Vec<CcgTable>,
    /// The second seed waived the Final Confrontation (`[final] waived`).
    pub(crate) final_waived: bool,
    /// Finalists whose decks did not match their lists before the Final Confrontation, in
    /// order; the next highest player took each one's place (`[final] replaced`).
    pub(crate) final_replaced: Vec<usize>,
    /// The finalist who won the coin tossed at the venue to decide a Final Confrontation level
    /// on every other tiebreaker (`[final] winner`).
    pub(crate) final_coin: Option<usize>,
    /// Games played after the last game to break a tie on points and differential
    /// (`tiebreaker_games`).
    pub(crate) tiebreaker_games: Vec<CcgTable>,
    /// The top cut of two-game matches after the Swiss games (`[top_cut]`), when recorded.
    pub(crate) top_cut: Option<CcgTopCut>,
}

/// A SW:CCG event's top cut of two-game matches as recorded (`[top_cut]`): who plays whom
/// follows from the seeds and the bracket, so the file holds the games as they were played.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CcgTopCut {
    /// The seeds as the venue set them, first seed first, when written; otherwise the cut
    /// is seeded from the final Swiss standings.
    pub(crate) seeds: Option<Vec<usize>>,
    /// The games in the order they were played (`number` is the position, 1 first).
    pub(crate) games: Vec<CcgTable>,
}

/// One game of play of a SW:CCG event: its tables and byes.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct CcgRound {
    /// 1-based game number.
    pub(crate) number: u32,
    pub(crate) tables: Vec<CcgTable>,
    pub(crate) byes: Vec<usize>,
    /// Late entries given a bye beside their table, making up a game they missed
    /// (`makeup_byes`): each counts as one more bye.
    pub(crate) makeup_byes: Vec<usize>,
}

impl CcgRound {
    /// Every bye this game scores: the byes, then the make-up byes.
    pub(crate) fn scored_byes(&self) -> impl Iterator<Item = usize> + '_ {
        self.byes.iter().chain(&self.makeup_byes).copied()
    }

    pub(crate) fn is_complete(&self) -> bool {
        self.tables.iter().all(|t| t.result.is_some())
    }
}

/// One SW:CCG table: who played which side, and what happened.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct CcgTable {
    pub(crate) number: u32,
    pub(crate) dark: usize,
    pub(crate) light: usize,
    pub(crate) result: Option<CcgResult>,
    /// A major deck-check violation found after the game, by this player.
    pub(crate) violation: Option<usize>,
    /// The cards the dark and the light side lost over the game, where recorded: a bracket's
    /// match level on differential goes to the player who lost fewer.
    pub(crate) lost_cards: Option<[u32; 2]>,
}

/// How a SW:CCG game ended, as recorded.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CcgResult {
    /// A win (`modified`: on time, the winner having more Life Force left). `life_force`, the
    /// differential, is `None` where the ruleset lets a win go without one and none was recorded.
    Won {
        winner: usize,
        life_force: Option<u32>,
        modified: bool,
    },
    /// A timed game with equal Life Force, decided by lost piles, then hands (dark, light),
    /// then a coin: `coin` is the player who won the coin tossed at the venue, when the file
    /// records it (only where the lost piles and the hands are level).
    TrueTie {
        lost_pile: [u32; 2],
        hand: [u32; 2],
        coin: Option<usize>,
    },
    /// A player quit: a full loss, with the differential the director recorded.
    Quit { quitter: usize, differential: u32 },
}

/// The final match of a team event, as recorded.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct FinalMatch {
    pub(crate) games: Vec<Game>,
    pub(crate) first_dark: Option<usize>,
}

impl Event {
    /// Whether the competitors are teams.
    pub(crate) fn is_team(&self) -> bool {
        self.info.format == "team"
    }

    /// The Swiss rounds, for a Swiss event (none for the other kinds).
    pub fn rounds(&self) -> &[Round] {
        match &self.kind {
            Kind::Swiss(play) => &play.rounds,
            _ => &[],
        }
    }

    /// The SW:CCG games of play, for a SW:CCG event (none for the other kinds).
    /// The recorded games of a SW:CCG event's top cut of matches (`[top_cut]`), in order.
    pub(crate) fn ccg_top_cut_games(&self) -> &[CcgTable] {
        match &self.kind {
            Kind::Ccg(CcgPlay {
                top_cut: Some(top_cut),
                ..
            }) => &top_cut.games,
            _ => &[],
        }
    }

    pub(crate) fn ccg_games(&self) -> &[CcgRound] {
        match &self.kind {
            Kind::Ccg(play) => &play.games,
            _ => &[],
        }
    }

    /// Whether the event is a league or a challenge event, played as it comes rather than in
    /// rounds.
    pub(crate) fn is_casual(&self) -> bool {
        matches!(self.kind, Kind::League(_) | Kind::Challenge(_))
    }

    /// The people who play and record decks: the team members in a team event, else the
    /// players themselves.
    pub(crate) fn persons(&self) -> &[Player] {
        if self.is_team() {
            &self.people
        } else {
            &self.players
        }
    }
}

/// One elimination game as recorded. Who plays whom comes from the bracket, never from here.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct EliminationGame {
    /// The published game number.
    pub(crate) number: u32,
    pub(crate) winner: Option<usize>,
    /// The player who played dark.
    pub(crate) dark: Option<usize>,
    /// The game state when the game went to time.
    pub(crate) timed: Option<Timed>,
}

impl EliminationGame {
    /// Whether the entry has a result (a winner or a going-to-time state); an entry without one
    /// is a published game, not yet reported.
    pub(crate) fn is_reported(&self) -> bool {
        self.winner.is_some() || self.timed.is_some()
    }
}

/// The `[event]` table.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct EventInfo {
    pub(crate) name: String,
    pub date: Date,
    pub(crate) end_date: Option<Date>,
    /// Ruleset id, already checked against the registry.
    pub(crate) rules: String,
    pub(crate) format: String,
    pub(crate) structure: String,
    /// Recorded override of the number of Swiss rounds.
    pub(crate) swiss_rounds: Option<u32>,
    /// Recorded override of the cut size.
    pub(crate) cut: Option<u32>,
    /// Events known only by their results: the competitors who took part, when the standings
    /// list only the top of the field.
    pub(crate) field_size: Option<u32>,
    pub(crate) tier: Option<String>,
    /// The seed of every random decision (given, or the stable hash of the slug).
    pub(crate) seed: u64,
    pub(crate) location: Option<String>,
    pub(crate) venue: Option<String>,
    pub(crate) organizer: Option<String>,
    pub(crate) url: Option<String>,
    pub(crate) round_minutes: Option<u32>,
    /// Markdown.
    pub(crate) description: Option<String>,
    /// SW:CCG: cards per deck, which sets the game time (one minute per card).
    pub(crate) deck_size: Option<u32>,
    /// SW:CCG limited variants: `secret-squirrel` (sealed, cube), `epp-overdrive` (sealed).
    pub(crate) variant: Option<String>,
    /// Leagues: games a player needs to be ranked (every player is ranked when `None`).
    pub(crate) min_games: Option<u32>,
    /// Casual events: the organizer closed the event, so its standings are final.
    pub(crate) closed: bool,
    /// The day the record stops, unfinished (`stopped`): an event saved before it was played
    /// out, shown as stopped after its last recorded result, never as under way.
    pub(crate) stopped: Option<Date>,
    /// When the site shows the players' decklists.
    pub(crate) decklists: DecklistRelease,
    /// When an editing command (`pair`, `report`, `register`, `drop`, `unpair`) last wrote the
    /// file: what a running event's pages show as "updated HH:MM".
    pub(crate) updated: Option<Timestamp>,
    /// When `holonet pair` last wrote a round or elimination games: the start of the round
    /// timer on the room screen.
    pub(crate) paired: Option<Timestamp>,
}

/// When an event's decklists appear on its site (`[event] decklists`). An organizer may hold
/// them back so that nobody studies an opponent's list while the games that matter are still
/// to be played. When the held-back lists come out is worked out from the recorded results
/// ([`crate::rules::computed::Computed::decklists_published`]), never from the date, so the same
/// files always give the same site.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum DecklistRelease {
    /// As soon as they are recorded.
    #[default]
    Public,
    /// Once the rounds before the cut are over, or the event is.
    AfterCut,
    /// Once the event is finished.
    AfterEvent,
}

impl DecklistRelease {
    /// The values of `decklists`, the default first.
    pub(crate) const NAMES: &'static [&'static str] = &["public", "after-cut", "after-event"];

    pub(crate) fn from_name(name: &str) -> Option<DecklistRelease> {
        Some(match name {
            "public" => DecklistRelease::Public,
            "after-cut" => DecklistRelease::AfterCut,
            "after-event" => DecklistRelease::AfterEvent,
            _ => return None,
        })
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            DecklistRelease::Public => "public",
            DecklistRelease::AfterCut => "after-cut",
            DecklistRelease::AfterEvent => "after-event",
        }
    }
}

/// A registered player.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
    /// Player number (registration order unless given).
    pub(crate) number: u32,
    /// Indices of players not to meet in round 1.
    pub(crate) avoid: Vec<usize>,
    /// Dropped after this round (0: never played).
    pub drop: Option<u32>,
    /// Back from this round, with unpaired losses for the rounds missed.
    pub(crate) rejoin: Option<u32>,
    /// A late entry: registered once the event had begun, playing from this round (2 or
    /// later). What the rounds before it score is the ruleset's choice
    /// ([`crate::rules::Ruleset::late_entry`]).
    pub(crate) late: Option<u32>,
    pub(crate) disqualified: bool,
    /// The tournament director plays (swccg-2008).
    pub(crate) organizer: bool,
    /// The player's handle on the community's forum (kept by `holonet import` from the
    /// Tournament Assistant's files): how the same person is found in the files of other events.
    pub(crate) forum_handle: Option<String>,
    pub decks: Decks,
}

impl Player {
    /// Whether the player is in the event for round `round` (1-based): not dropped, or back.
    pub(crate) fn is_active_in(&self, round: u32) -> bool {
        if self.missed_before_joining(round) {
            return false;
        }
        match (self.drop, self.rejoin) {
            (None, _) => true,
            (Some(drop), None) => round <= drop,
            (Some(drop), Some(rejoin)) => round <= drop || round >= rejoin,
        }
    }

    /// Whether round `round` is one the player missed and takes an unpaired loss for.
    pub(crate) fn has_unpaired_loss_in(&self, round: u32) -> bool {
        matches!((self.drop, self.rejoin), (Some(drop), Some(rejoin)) if round > drop && round < rejoin)
    }

    /// Whether the player had played in, or come (back) for, round `round` or an earlier one:
    /// a late entry from their first round on, a player who dropped and came back from the
    /// round they came back in. What they missed before is scored only from then on.
    pub(crate) fn is_in_by(&self, round: u32) -> bool {
        self.late.is_none_or(|late| late <= round)
            && self.rejoin.is_none_or(|rejoin| rejoin <= round)
    }

    /// Whether round `round` came before a late entry's first round.
    pub(crate) fn missed_before_joining(&self, round: u32) -> bool {
        self.late.is_some_and(|late| round < late)
    }
}

/// The player's decklists, one per side, as recorded.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct Decks {
    pub dark: Option<Decklist>,
    pub light: Option<Decklist>,
}

/// A decklist as recorded: objective set numbers (LCG) or card lines (CCG).
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct Decklist {
    pub(crate) affiliation: Option<String>,
    pub objectives: Vec<String>,
    pub(crate) cards: Vec<String>,
}

/// One Swiss round as recorded.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// 1-based.
    pub number: u32,
    pub tables: Vec<Table>,
    /// Players given a bye this round.
    pub byes: Vec<usize>,
}

impl Round {
    /// Every table has its result.
    pub fn is_complete(&self) -> bool {
        self.tables.iter().all(|t| t.outcome != Outcome::Pending)
    }

    /// No table has a result yet: a published pairing.
    pub(crate) fn is_unreported(&self) -> bool {
        self.tables.iter().all(|t| t.outcome == Outcome::Pending)
    }
}

/// One table of a Swiss round: two players and what happened.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub(crate) number: u32,
    pub players: [usize; 2],
    /// The player who played dark in the first game, when recorded.
    pub(crate) first_dark: Option<usize>,
    pub(crate) outcome: Outcome,
    /// A match forfeited after a deck check (2014), whatever its games said.
    pub(crate) forfeit: Option<Forfeit>,
}

/// A deck check after a match found an illegal card (2014 rules): the player forfeits the
/// match, and when the deck cannot be made legal by taking the card out, every later match too.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Forfeit {
    /// The player whose deck failed the check.
    pub(crate) player: usize,
    /// Whether the player also forfeits the rest of the event (they leave it after this round).
    pub(crate) rest: bool,
}

/// What happened at a table.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Paired, not yet reported.
    Pending,
    /// Game results in playing order (one game when time ran out before the second began).
    Games(Vec<Game>),
    /// The players intentionally split the round.
    Split,
}

/// One game's result.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Game {
    /// The winner's index; `None` is a draw.
    pub(crate) winner: Option<usize>,
    pub(crate) by: Option<GameEnd>,
}

/// How a game ended, when recorded.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GameEnd {
    Dial,
    Objectives,
    Deck,
    Time,
    Concession,
    Forfeit,
}

impl GameEnd {
    pub(crate) const NAMES: &'static [&'static str] = &[
        "dial",
        "objectives",
        "deck",
        "time",
        "concession",
        "forfeit",
    ];

    pub(crate) fn from_name(name: &str) -> Option<GameEnd> {
        Some(match name {
            "dial" => GameEnd::Dial,
            "objectives" => GameEnd::Objectives,
            "deck" => GameEnd::Deck,
            "time" => GameEnd::Time,
            "concession" => GameEnd::Concession,
            "forfeit" => GameEnd::Forfeit,
            _ => return None,
        })
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            GameEnd::Dial => "dial",
            GameEnd::Objectives => "objectives",
            GameEnd::Deck => "deck",
            GameEnd::Time => "time",
            GameEnd::Concession => "concession",
            GameEnd::Forfeit => "forfeit",
        }
    }
}
