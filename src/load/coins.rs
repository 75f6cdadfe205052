//! Coins still owed: a SW:CCG true tie level on lost piles and hands, and a Final Confrontation
//! level on every tiebreaker, are left by the guide to a coin. Until the file records the
//! venue's toss, Holonet draws the coin from the event's seed "for now"; every command that
//! loads the file (`check`, `pair`, `status`, `report`, ...) says so at the place to record it.

use super::raw::RawEvent;
use crate::diag::Code;
use crate::diag::Shown;
use crate::event::Event;
use crate::rules::computed::Computed;
use crate::rules::swccg::final_confrontation::FinalReason;
use crate::rules::swccg::scoring::TrueTieDecider;
use crate::toml_reader::Reader;

/// Warns at each table whose true tie, and at `[final]` where the Final Confrontation, is
/// decided by a coin Holonet drew because none is recorded.
pub(crate) fn report_owed_coins(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    event: &Event,
    computed: &Computed,
) {
    let Some(ccg) = computed.ccg() else { return };
    let name = |p: usize| event.players[p].name.as_str();
    let file = event.file.shown().to_string();
    for (g, (game, scored)) in event.ccg_games().iter().zip(&ccg.reported).enumerate() {
        for t in scored
            .iter()
            .filter(|t| t.true_tie == Some(TrueTieDecider::Random))
        {
            let Some(position) = game.tables.iter().position(|r| r.number == t.table) else {
                continue;
            };
            let Some(span) = raw
                .rounds
                .get(g)
                .and_then(|r| r.tables.get(position))
                .map(|r| r.span.clone())
            else {
                continue;
            };
            let counts = match game.tables[position].result {
                Some(crate::event::CcgResult::TrueTie {
                    lost_pile, hand, ..
                }) => format!("{},{},{},{}", lost_pile[0], lost_pile[1], hand[0], hand[1]),
                _ => continue,
            };
            reader
                .warning(
                    Code::CoinOwed,
                    span,
                    format!(
                        "a coin is still owed: game {}, table {}: {} and {} are level on lost piles and hands, and Holonet drew {} from the event's seed for now",
                        game.number,
                        t.table,
                        name(t.dark),
                        name(t.light),
                        name(t.winner)
                    ),
                )
                .help = Some(format!(
                "toss a coin at the table and record its winner: holonet report {file} {} tie:{counts},ID --round {} --replace (or `winner = \"ID\"` beside `tie`)",
                t.table, game.number
            ));
        }
    }
    if let (Some(fin), Some(recorded)) = (&ccg.final_confrontation, &raw.final_match)
        && let Some(outcome) = fin.outcome.filter(|o| o.reason == FinalReason::Random)
    {
        reader
            .warning(
                Code::CoinOwed,
                recorded.span.clone(),
                format!(
                    "a coin is still owed: the Final Confrontation of {} and {} is level on every tiebreaker, and Holonet drew {} from the event's seed for now",
                    name(fin.finalists[0]),
                    name(fin.finalists[1]),
                    name(outcome.winner)
                ),
            )
            .help = Some(
            "toss a coin between the finalists and record its winner in `[final]`: `winner = \"ID\"`"
                .into(),
        );
    }
}
