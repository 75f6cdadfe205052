//! The FFG *Star Wars: The Card Game* Tournament Regulations (2018): the ruleset as data.
//! Its structure tables (Swiss rounds and cut by player count) are here with it.

use super::structure::{StructureRow, row};
use super::{
    CcgStandings, Family, GamePoints, LateEntry, PairingMethod, Ruleset, Tiebreaker, bracket,
};

/// FFG *Star Wars: The Card Game* Tournament Regulations, 2018.
pub(crate) static FFG_2018: Ruleset = Ruleset {
    id: "ffg-2018",
    family: Family::Lcg,
    name: "FFG Tournament Regulations (2018)",
    short_name: "FFG 2018",
    game: "Star Wars: The Card Game",
    formats: &["standard", "team", "league", "challenge"],
    structures: &["basic", "advanced", "custom"],
    structure_tables: &[("basic", BASIC), ("advanced", ADVANCED)],
    tiers: &["relaxed", "formal", "premier"],
    leaders_do_not_play: &["formal", "premier"],
    cuts: &[0, 4, 8, 16],
    game_points: GamePoints {
        win: 3,
        draw: 1,
        loss: 0,
    },
    games_per_match: 2,
    games_played_out: false,
    deck_check_forfeits: false,
    split_points: Some(3),
    allows_rejoin: true,
    // Silent on late registration; its one rule for missed rounds is the rejoin's.
    late_entry: LateEntry::UnpairedLosses,
    swiss_round_minutes: 70,
    // The 2018 regulations fix 70 minutes; an organizer may still announce another length.
    round_minutes_range: (30, 180),
    // Team rounds are not described in 2018; the 2014 range for 2 vs 2 applies.
    team_round_minutes: (100, 80, 120),
    pairing: PairingMethod::RandomWithinGroups,
    elimination: bracket::ELIMINATION_2018,
    tiebreakers: &[
        Tiebreaker::StrengthOfSchedule,
        Tiebreaker::ExtendedStrengthOfSchedule,
        Tiebreaker::Random,
    ],
    ccg_standings: CcgStandings::Guide,
    standings_only: false,
    reference_page: "rules/ffg-2018/",
    reference_text: include_str!("../../content/rules/ffg-2018.md"),
};

/// 2018 regulations, Basic structure (store championships). Defined from 4 players.
const BASIC: &[StructureRow] = &[
    row(4, 3, 0),
    row(9, 4, 4),
    row(25, 4, 8),
    row(33, 5, 8),
    row(65, 6, 8),
    row(97, 6, 16),
    row(129, 7, 16),
];

/// 2018 regulations, Advanced structure (regional championships). Defined from 9 players.
const ADVANCED: &[StructureRow] = &[
    row(9, 4, 4),
    row(21, 4, 8),
    row(33, 5, 8),
    row(57, 6, 8),
    row(81, 7, 8),
    row(129, 7, 16),
    row(177, 8, 16),
    row(273, 9, 16),
];
