//! The Players Committee's Tournament Assistant in its `SOS` mode: the ruleset as data. Its
//! standings, in each of the program's versions, are code, in [`super::swccg::pc_sos`].

use super::{CcgStandings, Family, GamePoints, LateEntry, PairingMethod, Ruleset, bracket};

/// SW:CCG events run with the Players Committee's Tournament Assistant in its `SOS` mode (from
/// 2015). Everything but the standings is the 2008 guide's, which the program followed.
pub(crate) static SWCCG_PC_SOS: Ruleset = Ruleset {
    id: "swccg-pc-sos",
    family: Family::Ccg,
    name: "SW:CCG Players Committee SOS scoring",
    short_name: "PC SOS",
    game: "Star Wars CCG",
    formats: &["constructed"],
    // Events announce their number of games; `swiss_rounds` counts games.
    structures: &["custom"],
    structure_tables: &[],
    tiers: &["standard", "championship"],
    leaders_do_not_play: &[],
    // The program ran no Final Confrontation; a top cut of two-game matches (4, 8 or 16) is
    // seeded from its standings (see `[top_cut]`).
    cuts: &[0, 4, 8, 16],
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
    // The program counts a game a player has no part in as one adjusted point, whatever the
    // reason; the victory points of a late entry start at their first game.
    late_entry: LateEntry::NotScored,
    swiss_round_minutes: 60,
    round_minutes_range: (10, 180),
    team_round_minutes: (120, 60, 180),
    pairing: PairingMethod::AllegiancePiles,
    elimination: bracket::ELIMINATION_2018,
    tiebreakers: &[],
    ccg_standings: CcgStandings::TournamentAssistantSos,
    standings_only: false,
    reference_page: "rules/swccg-pc-sos/",
    reference_text: include_str!("../../content/rules/swccg-pc-sos.md"),
};
