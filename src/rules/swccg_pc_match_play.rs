//! The Players Committee's Tournament Assistant in its `MATCH_PLAY` mode: the ruleset as data.
//! Its standings are code, in [`super::swccg::pc_match_play`].

use super::{CcgStandings, Family, GamePoints, LateEntry, PairingMethod, Ruleset, bracket};

/// SW:CCG brackets run with the Players Committee's Tournament Assistant in its `MATCH_PLAY`
/// mode (from 2016): seeded matches of two games, each player playing each side once, the
/// match to the higher summed differential, then the fewer lost cards.
pub(crate) static SWCCG_PC_MATCH_PLAY: Ruleset = Ruleset {
    id: "swccg-pc-match-play",
    family: Family::Ccg,
    name: "SW:CCG Players Committee match play",
    game: "Star Wars CCG",
    formats: &["constructed"],
    // Events announce their number of games; `swiss_rounds` counts games.
    structures: &["custom"],
    structure_tables: &[],
    tiers: &["standard", "championship"],
    leaders_do_not_play: &[],
    // The bracket is the event: no cut after it.
    cuts: &[0],
    game_points: GamePoints {
        win: 2,
        draw: 0,
        loss: 0,
    },
    games_per_match: 1,
    games_played_out: false,
    deck_check_forfeits: false,
    split_points: None,
    allows_rejoin: false,
    late_entry: LateEntry::NotScored,
    swiss_round_minutes: 60,
    round_minutes_range: (10, 180),
    team_round_minutes: (120, 60, 180),
    pairing: PairingMethod::AllegiancePiles,
    elimination: bracket::ELIMINATION_2018,
    tiebreakers: &[],
    ccg_standings: CcgStandings::TournamentAssistantMatchPlay,
    reference_page: "rules/swccg-pc-match-play/",
    reference_text: include_str!("../../content/rules/swccg-pc-match-play.md"),
};
