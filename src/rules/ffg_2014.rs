//! The FFG *Star Wars: The Card Game* Organized Play and Tournament Rules (2014): the ruleset as data.

use super::{
    CcgStandings, Family, GamePoints, LateEntry, PairingMethod, Ruleset, Tiebreaker, bracket,
};

/// FFG *Star Wars: The Card Game* Organized Play and Tournament Rules, 2014 (v2.2).
pub(crate) static FFG_2014: Ruleset = Ruleset {
    id: "ffg-2014",
    family: Family::Lcg,
    name: "FFG Organized Play Rules (2014)",
    short_name: "FFG 2014",
    game: "Star Wars: The Card Game",
    formats: &["standard", "team", "league", "challenge"],
    // No structure tables in 2014: the organizer announces the rounds and the cut.
    structures: &["custom"],
    structure_tables: &[],
    tiers: &["casual", "competitive", "premier"],
    // Premier events are the regional, national and world championships, whose organizers and
    // judges the 2014 rules keep out of play.
    leaders_do_not_play: &["premier"],
    // "Usually a Top 8 or Top 16", announced before the start: any announced size the
    // double-elimination brackets exist for (the top 4 follows the top 8's pattern, as in 2018).
    cuts: &[0, 4, 8, 16],
    game_points: GamePoints {
        win: 3,
        draw: 1,
        loss: 0,
    },
    games_per_match: 2,
    games_played_out: true,
    deck_check_forfeits: true,
    split_points: None,
    allows_rejoin: false,
    // Silent on late registration and missed rounds; strength of schedule sums points, so
    // unplayed rounds would change only the record.
    late_entry: LateEntry::NotScored,
    swiss_round_minutes: 70,
    round_minutes_range: (60, 80),
    team_round_minutes: (100, 80, 120),
    pairing: PairingMethod::Halves,
    elimination: bracket::ELIMINATION_2014,
    tiebreakers: &[
        Tiebreaker::HeadToHead,
        Tiebreaker::OpponentsPoints,
        Tiebreaker::OpponentsStrength,
        Tiebreaker::Random,
    ],
    ccg_standings: CcgStandings::Guide,
    standings_only: false,
    reference_page: "rules/ffg-2014/",
    reference_text: include_str!("../../content/rules/ffg-2014.md"),
};
