//! The SW:CCG Tournament Guide (2008): the ruleset as data.
//! Its scoring, ranking and pairing are code, in [`super::swccg`].

use super::{CcgStandings, Family, GamePoints, LateEntry, PairingMethod, Ruleset, bracket};

/// Official SW:CCG Tournament Guide v4.1 (2008). Its scoring, ranking and pairing live in
/// [`swccg`]; the LCG-shaped fields below describe only what both families share.
pub(crate) static SWCCG_2008: Ruleset = Ruleset {
    id: "swccg-2008",
    family: Family::Ccg,
    name: "SW:CCG Tournament Guide (2008)",
    short_name: "Guide 2008",
    game: "Star Wars CCG",
    formats: &["constructed", "sealed", "draft", "cube", "team", "league"],
    // Events announce their number of games; `swiss_rounds` counts games.
    structures: &["custom"],
    structure_tables: &[],
    tiers: &["standard", "championship"],
    // The guide's tournament director may play (and takes the bye, see `swccg`).
    leaders_do_not_play: &[],
    // 2: a Final Confrontation between the top two; 4, 8 or 16: the Players Committee's top
    // cut of two-game matches (see `[top_cut]`).
    cuts: &[0, 2, 4, 8, 16],
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
    // Silent on late registration; a missed game would score 0(+0), as nothing does.
    late_entry: LateEntry::NotScored,
    // One minute per card of a 60-card constructed deck.
    swiss_round_minutes: 60,
    round_minutes_range: (10, 180),
    // The 2-on-2 sheet: two hours a game.
    team_round_minutes: (120, 60, 180),
    pairing: PairingMethod::AllegiancePiles,
    elimination: bracket::ELIMINATION_2018,
    tiebreakers: &[],
    ccg_standings: CcgStandings::Guide,
    standings_only: false,
    reference_page: "rules/swccg-2008/",
    reference_text: include_str!("../../content/rules/swccg-2008.md"),
};
