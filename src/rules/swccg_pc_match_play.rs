//! The Players Committee's Tournament Assistant in its `MATCH_PLAY` mode: the ruleset as data.
//! Its standings are code, in [`super::swccg::pc_match_play`].

use super::{CcgStandings, Ruleset, SWCCG_PC_SOS};

/// SW:CCG brackets run with the Players Committee's Tournament Assistant in its `MATCH_PLAY`
/// mode (from 2016): seeded matches of two games, each player playing each side once, the
/// match to the higher summed differential, then the fewer lost cards.
pub(crate) static SWCCG_PC_MATCH_PLAY: Ruleset = Ruleset {
    id: "swccg-pc-match-play",
    name: "SW:CCG Players Committee match play",
    short_name: "PC match play",
    ccg_standings: CcgStandings::TournamentAssistantMatchPlay,
    // The bracket is the event: no cut after it.
    cuts: &[0],
    reference_page: "rules/swccg-pc-match-play/",
    reference_text: include_str!("../../content/rules/swccg-pc-match-play.md"),
    // Everything else is the program's, as in its SOS mode: the bracket is the event, with no
    // cut after it.
    ..SWCCG_PC_SOS
};
