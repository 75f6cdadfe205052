//! The rules module: one [`Ruleset`] value per rules document, and pure functions from recorded
//! facts to computed facts. No I/O, no clock, no global randomness (see [`random`]).

pub(crate) mod audit;
pub(crate) mod bracket;
pub(crate) mod casual;
pub(crate) mod ccg_decks;
pub(crate) mod ccg_event;
pub(crate) mod ccg_format;
pub(crate) mod ccg_replay;
pub(crate) mod compute;
pub mod computed;
pub mod decks;
pub(crate) mod ffg_2014;
pub(crate) mod ffg_2018;
pub mod pairing;
pub(crate) mod pc_sos_replay;
pub mod random;
pub(crate) mod rated_games;
pub(crate) mod rating;
pub(crate) mod ratio;
pub(crate) mod round_entrants;
pub(crate) mod scoring;
pub(crate) mod standings;
pub(crate) mod structure;
pub(crate) mod swccg;
pub(crate) mod swccg_2008;
pub(crate) mod swccg_historic;
pub(crate) mod swccg_pc_match_play;
pub(crate) mod swccg_pc_sos;
pub(crate) mod tiebreak;
pub mod verdict;

use structure::StructureRow;

/// Most Swiss rounds an event may record. Far above any real event (the largest structure table
/// has 9), and low enough that exact tiebreaker fractions always fit in 128 bits.
pub(crate) const MAX_ROUNDS: u32 = 30;

/// Tournament points for one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GamePoints {
    pub(crate) win: u32,
    pub(crate) draw: u32,
    pub(crate) loss: u32,
}

/// A tiebreaker, applied in a ruleset's order after tournament points.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Tiebreaker {
    /// Average over opponents of (opponent's points / opponent's rounds played).
    StrengthOfSchedule,
    /// Average over opponents of the opponent's strength of schedule.
    ExtendedStrengthOfSchedule,
    /// Within a tied group, a player who defeated every other member goes first (2014).
    HeadToHead,
    /// The sum of the opponents' tournament points (2014 strength of schedule).
    OpponentsPoints,
    /// The sum of the opponents' strengths of schedule (2014).
    OpponentsStrength,
    /// A seeded random order.
    Random,
}

impl Tiebreaker {
    /// Short name used in tables and JSON.
    pub(crate) fn short(self) -> &'static str {
        match self {
            Tiebreaker::StrengthOfSchedule => "sos",
            Tiebreaker::ExtendedStrengthOfSchedule => "esos",
            Tiebreaker::HeadToHead => "head_to_head",
            Tiebreaker::OpponentsPoints => "opponents_points",
            Tiebreaker::OpponentsStrength => "opponents_strength",
            Tiebreaker::Random => "random",
        }
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            Tiebreaker::StrengthOfSchedule => "Strength of schedule",
            Tiebreaker::ExtendedStrengthOfSchedule => "Extended strength of schedule",
            Tiebreaker::HeadToHead => "Head to head",
            Tiebreaker::OpponentsPoints => "Strength of schedule",
            Tiebreaker::OpponentsStrength => "Opponents' strength of schedule",
            Tiebreaker::Random => "Random",
        }
    }

    /// Whether the tiebreaker is a value shown in a column (head-to-head and random are not).
    pub(crate) fn is_value(self) -> bool {
        !matches!(self, Tiebreaker::HeadToHead | Tiebreaker::Random)
    }

    /// Column heading.
    pub(crate) fn abbreviation(self) -> &'static str {
        match self {
            Tiebreaker::StrengthOfSchedule | Tiebreaker::OpponentsPoints => "SoS",
            Tiebreaker::ExtendedStrengthOfSchedule => "ESoS",
            Tiebreaker::OpponentsStrength => "Opp. SoS",
            Tiebreaker::HeadToHead => "H2H",
            Tiebreaker::Random => "Random",
        }
    }

    /// The anchor of this tiebreaker on the ruleset's reference page.
    pub(crate) fn anchor(self) -> &'static str {
        match self {
            Tiebreaker::StrengthOfSchedule => "strength-of-schedule",
            Tiebreaker::ExtendedStrengthOfSchedule => "extended-strength-of-schedule",
            Tiebreaker::HeadToHead => "head-to-head",
            Tiebreaker::OpponentsPoints => "strength-of-schedule",
            Tiebreaker::OpponentsStrength => "opponents-strength",
            Tiebreaker::Random => "random-tiebreak",
        }
    }
}

/// The two games' tournament systems differ at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Family {
    /// *Star Wars: The Card Game*: Swiss rounds of two-game matches, tournament points.
    Lcg,
    /// *Star Wars CCG*: every game paired on its own, victory points and differential.
    Ccg,
}

impl Family {
    /// What one `[[rounds]]` entry is called: a Swiss "round" of matches, or in SW:CCG, where
    /// each entry is a single game paired on its own, a "game".
    pub(crate) fn round_unit(self) -> &'static str {
        match self {
            Family::Lcg => "round",
            Family::Ccg => "game",
        }
    }
}

/// How a ruleset pairs Swiss rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PairingMethod {
    /// At random within score groups (2018).
    RandomWithinGroups,
    /// In halves by player number within score groups (2014).
    Halves,
    /// By allegiance piles, game by game (SW:CCG 2008).
    AllegiancePiles,
}

/// How a SW:CCG ruleset ranks its games (the SW:LCG rulesets rank by their tiebreakers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CcgStandings {
    /// The 2008 guide: victory points, differential, then its tiebreakers; every win records
    /// its differential.
    Guide,
    /// The Players Committee's Tournament Assistant in its `SOS` mode: victory points, then its
    /// strength of schedule and tiebreakers by version ([`swccg::pc_sos`]); a differential is
    /// optional and plays no part.
    TournamentAssistantSos,
    /// The Tournament Assistant in its `MATCH_PLAY` mode: a bracket of two-game matches; its
    /// standings are victory points, then the differential
    /// ([`swccg::pc_match_play`]), and every win records its differential.
    TournamentAssistantMatchPlay,
}

/// What a late entry (`late = N` on a player) takes for the rounds before round N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LateEntry {
    /// An unpaired loss per round missed, as for a player who rejoins: the rounds count as
    /// played (0 points), which lowers what the player gives their opponents' averages.
    UnpairedLosses,
    /// Nothing: the rounds are not the player's, and scores and records start at round N.
    NotScored,
}

/// The top cuts of two-game matches a SW:CCG event known by its standings may record.
const RECORDED_CCG_TOP_CUTS: [u32; 3] = [4, 8, 16];

/// Everything a rules document fixes as data.
#[derive(Debug)]
pub struct Ruleset {
    /// The id organizers write in `rules = "..."`.
    pub id: &'static str,
    pub(crate) family: Family,
    /// Human name of the document.
    pub(crate) name: &'static str,
    /// The name as a list of many events gives it beside the game's mark ("FFG 2018"), where the
    /// document's full name would wrap in every row.
    pub(crate) short_name: &'static str,
    pub(crate) game: &'static str,
    pub formats: &'static [&'static str],
    pub(crate) structures: &'static [&'static str],
    /// Structure tables: (structure name, rows). Structures not listed take their numbers from the file.
    pub(crate) structure_tables: &'static [(&'static str, &'static [StructureRow])],
    pub(crate) tiers: &'static [&'static str],
    /// The tiers at which an event's leaders (its organizer, marshals and judges) may not play
    /// in it. At the others they may, with a second leader present to rule on their games.
    pub(crate) leaders_do_not_play: &'static [&'static str],
    pub(crate) cuts: &'static [u32],
    pub(crate) game_points: GamePoints,
    /// Games in one Swiss match.
    pub(crate) games_per_match: u32,
    /// Whether a Swiss match's games are played out (2014): the first to its end, whatever the
    /// clock says (it may be conceded, never drawn), the second on the time the first left, to
    /// its conclusion (drawn at time, never conceded). A reported match then has both games.
    pub(crate) games_played_out: bool,
    /// Whether a deck check after a match can forfeit it, and the rest of the event (2014).
    pub(crate) deck_check_forfeits: bool,
    /// Points each player gets for an intentional split, when the ruleset allows it.
    pub(crate) split_points: Option<u32>,
    /// Whether dropped players may come back (with unpaired losses).
    pub(crate) allows_rejoin: bool,
    /// What a late entry takes for the rounds played before they joined.
    pub(crate) late_entry: LateEntry,
    pub(crate) swiss_round_minutes: u32,
    /// The round lengths the rules allow for standard events (`round_minutes` outside is an error).
    pub(crate) round_minutes_range: (u32, u32),
    /// Default and allowed round lengths of team (2 vs 2) events.
    pub(crate) team_round_minutes: (u32, u32, u32),
    /// How Swiss rounds are paired.
    pub(crate) pairing: PairingMethod,
    pub(crate) elimination: bracket::EliminationRules,
    pub(crate) tiebreakers: &'static [Tiebreaker],
    /// How SW:CCG games are ranked (the SW:LCG rulesets say `Guide`, which they never read).
    pub(crate) ccg_standings: CcgStandings,
    /// Whether Holonet models no rules of play for the ruleset: its events are known only by
    /// their standings as published (`[[standings]]`), and nothing is computed from games,
    /// because the rules they were played under are not the ones Holonet implements.
    pub standings_only: bool,
    /// Path of the ruleset's reference page under the site root.
    pub(crate) reference_page: &'static str,
    /// The reference page's Markdown (`content/rules/<id>.md`), built in: every site gets the
    /// page of every ruleset, updated with each release.
    pub(crate) reference_text: &'static str,
}

impl Ruleset {
    /// The default Swiss round length for a format, and the range the rules allow.
    pub(crate) fn round_minutes(&self, format: &str) -> (u32, u32, u32) {
        if format == "team" {
            self.team_round_minutes
        } else {
            (
                self.swiss_round_minutes,
                self.round_minutes_range.0,
                self.round_minutes_range.1,
            )
        }
    }

    /// The cuts an event may announce. An event known only by its results (`[[standings]]`)
    /// of a SW:CCG ruleset may also record the Players Committee's top cut of two-game
    /// matches after its Swiss games (4, 8 or 16 players: every major event since 2016 ends
    /// in a top 8), whose seeds its rows then give.
    pub(crate) fn allowed_cuts(&self, standings_only: bool) -> Vec<u32> {
        let mut cuts = self.cuts.to_vec();
        if standings_only && self.family == Family::Ccg {
            cuts.extend(RECORDED_CCG_TOP_CUTS);
            cuts.sort_unstable();
            cuts.dedup();
        }
        cuts
    }

    /// Points for a bye: every game of the match won.
    pub(crate) fn bye_points(&self) -> u32 {
        self.game_points.win * self.games_per_match
    }
}

pub(crate) use ffg_2014::FFG_2014;
pub(crate) use ffg_2018::FFG_2018;
pub(crate) use swccg_2008::SWCCG_2008;
pub(crate) use swccg_historic::SWCCG_HISTORIC;
pub(crate) use swccg_pc_match_play::SWCCG_PC_MATCH_PLAY;
pub(crate) use swccg_pc_sos::SWCCG_PC_SOS;

/// Every ruleset this version implements: the registry `rules = "..."` is looked up in.
pub static RULESETS: &[&Ruleset] = &[
    &FFG_2018,
    &FFG_2014,
    &SWCCG_2008,
    &SWCCG_PC_SOS,
    &SWCCG_PC_MATCH_PLAY,
    &SWCCG_HISTORIC,
];

/// The ruleset with this id.
pub(crate) fn ruleset(id: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().copied().find(|r| r.id == id)
}

/// A ruleset written by its id and found again by it, for `#[serde(with = "by_id")]`: the
/// rules tables are built in, so a stored computation names its ruleset rather than copying it.
pub(crate) mod by_id {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::{Ruleset, ruleset};

    pub(crate) fn serialize<S: Serializer>(
        rules: &&'static Ruleset,
        out: S,
    ) -> Result<S::Ok, S::Error> {
        out.serialize_str(rules.id)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        from: D,
    ) -> Result<&'static Ruleset, D::Error> {
        let id = <&str>::deserialize(from)?;
        ruleset(id).ok_or_else(|| D::Error::custom(format!("no ruleset `{id}`")))
    }
}
