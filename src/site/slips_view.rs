//! The paper the venue uses: one result slip per table of the current round, several to a
//! printed page with cut lines between them. Players tick who won each game and both sign,
//! and the organizer types the slip into `holonet report`. A SW:LCG match has a box per game
//! for each player and for a draw; an elimination game is one game, with the board state to
//! write down should time be called; a SW:CCG table gets a score sheet with what the 2008
//! guide scores a game by: the side each player played, the winner, victory points and
//! differential, and the counts a true tie is decided on.

use serde::Serialize;

use super::addresses::pairings_path;
use super::current_step::Stage;
use super::model::SiteView;
use super::pairings_view::PairingsView;
use crate::event::Event;
use crate::rules::computed::Computed;

/// A player on a slip.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SlipSeat {
    pub(crate) name: String,
    /// `dark`, `light`, `dark first`, or empty when the sides are not known yet.
    pub(crate) side: &'static str,
}

/// One slip: one table (or elimination game).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Slip {
    /// The table (or game) number: `serve --self-report` puts each table's code on its slip.
    pub(crate) number: u32,
    /// `Table 3`, `Game 9`.
    pub(crate) label: String,
    pub(crate) seats: [SlipSeat; 2],
}

/// The slips page's `slips`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SlipsView {
    pub(crate) event_name: String,
    /// What every slip is for: `Round 2`, `Game 5` (SW:CCG), `Top 8`.
    pub(crate) step: String,
    /// `Round 2`, `Game 5`, `Top 8: games 9 and 10`.
    pub(crate) title: String,
    pub(crate) stage: Stage,
    /// The games of one slip, numbered: two for a SW:LCG match, one for an elimination game.
    pub(crate) games: Vec<u32>,
    /// Whether a game can end in a draw: a Swiss game may (the rules give it points), an
    /// elimination game never does.
    pub(crate) draws: bool,
    pub(crate) slips: Vec<Slip>,
    pub(crate) pairings_url: String,
}

/// The slips of the current round, one per table; a bye needs none.
pub(crate) fn slips_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    pairings: &PairingsView,
) -> SlipsView {
    let ruleset = computed.ruleset;
    let (step, games, draws) = match pairings.stage {
        Stage::Round => (
            pairings.title.clone(),
            (1..=ruleset.games_per_match).collect(),
            ruleset.game_points.draw > 0,
        ),
        Stage::CcgGame | Stage::FinalConfrontation | Stage::CcgTopCut => {
            (pairings.title.clone(), vec![1], false)
        }
        Stage::Elimination => {
            let size = computed
                .swiss()
                .and_then(|s| s.bracket.as_ref())
                .map_or(0, |b| b.size);
            (format!("Top {size}"), vec![1], false)
        }
    };
    SlipsView {
        event_name: event.info.name.clone(),
        step,
        title: pairings.title.clone(),
        stage: pairings.stage,
        games,
        draws,
        slips: pairings
            .tables
            .iter()
            .map(|t| Slip {
                number: t.number,
                label: format!("{} {}", pairings.unit, t.number),
                seats: t.seats.clone().map(|s| SlipSeat {
                    name: s.name,
                    side: s.side,
                }),
            })
            .collect(),
        pairings_url: site.link(&pairings_path(event)),
    }
}
