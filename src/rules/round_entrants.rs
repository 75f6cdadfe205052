//! The players a Swiss round pairs, as pairing sees them after the rounds before it: their
//! points and rank, their byes, whom they met and whom they avoid. Pairing the next round
//! ([`super::compute`]) and replaying each recorded one ([`super::audit`]) both start here, so
//! that the audit replays exactly what `holonet pair` pairs.

use std::collections::BTreeMap;

use super::pairing::swiss::Entrant;
use super::standings::Standings;
use crate::event::{Event, Round};

/// The players in the event for round `number` as pairing sees them after `rounds` (the rounds
/// before it), ranked by `latest`, the standings after them (`None` before round 1: player
/// numbers rank).
pub(super) fn entrants_before(
    event: &Event,
    latest: Option<&Standings>,
    rounds: &[Round],
    number: u32,
) -> Vec<Entrant> {
    let rank: BTreeMap<usize, (usize, u32)> = latest
        .map(|s| {
            s.rows
                .iter()
                .enumerate()
                .map(|(i, r)| (r.player, (i, r.points)))
                .collect()
        })
        .unwrap_or_default();
    let mut opponents: Vec<Vec<usize>> = vec![Vec::new(); event.players.len()];
    let mut had_bye = vec![false; event.players.len()];
    for round in rounds {
        for t in &round.tables {
            let [a, b] = t.players;
            opponents[a].push(b);
            opponents[b].push(a);
        }
        for &p in &round.byes {
            had_bye[p] = true;
        }
    }
    event
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_active_in(number) && !p.disqualified)
        .map(|(i, p)| {
            let (position, points) = rank
                .get(&i)
                .copied()
                .unwrap_or((event.players.len() + i, 0));
            let mut avoid = p.avoid.clone();
            avoid.extend(
                event
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(_, q)| q.avoid.contains(&i))
                    .map(|(j, _)| j),
            );
            avoid.sort_unstable();
            avoid.dedup();
            Entrant {
                player: i,
                points,
                rank: if latest.is_some() {
                    position
                } else {
                    (p.number as usize).saturating_sub(1)
                },
                had_bye: had_bye[i],
                opponents: std::mem::take(&mut opponents[i]),
                avoid,
            }
        })
        .collect()
}
